#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""With no SMTP server configured, mail waits in the spool's outbox and
`epamserv outbox --full` shows it; `epamserv flush` delivers it once a server is
configured; a mail processed twice (same Message-ID) takes effect once."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done, make_mail


def eml_in(env, folder):
    """The mails (NAME.eml) of a spool folder, without their .retry
    records."""
    d = os.path.join(env.spool, folder)
    return [n for n in os.listdir(d) if n.endswith(".eml")]


env = Env(smtp=False)
try:
    rc, err = env.mail("alice@example.org", "signup alice Secret1")
    is_(rc, 0, "receive without SMTP exits 0")
    env.confirm("alice@example.org")
    env.signup("bob@example.org", "bob", "pw2")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice Secret1")
    queued = os.listdir(os.path.join(env.spool, "outbox"))
    is_(len(queued), 6, "two confirmation requests, two welcome mails and two "
        "boards wait in the outbox")
    env.mail("bob@example.org", "epaminondas accept 101 bob pw2")
    rc, out, err = env.run("outbox", "--full")
    is_(rc, 0, "epamserv outbox --full exits 0")
    contains(out, "Envelope-To: <bob@example.org>", "outbox --full shows the envelope")
    contains(out, "Subject: Epaminondas Board 101 (alice v bob)", "outbox shows the mail")
    contains(out, "  12  B  B  B", "outbox shows the board")

    # The same mail delivered twice: applied once.
    mail = make_mail("alice@example.org",
                     "epaminondas move 101 alice Secret1 e2-e3",
                     msgid="<twice@test.example>")
    rc1, _ = env.receive(mail)
    before = env.game_file(101)
    n = len(os.listdir(os.path.join(env.spool, "outbox")))
    rc2, err2 = env.receive(mail)
    is_((rc1, rc2), (0, 0), "both deliveries exit 0")
    is_(env.game_file(101), before, "the second delivery changes no game")
    is_(len(os.listdir(os.path.join(env.spool, "outbox"))), n,
        "the second delivery queues no mail")
    contains(err2, "already processed", "the duplicate is logged")

    server = Server(env.root)
    try:
        rc, out, err = env.run("flush", env={"EPAMSERV_SMTP_URL": server.url})
        is_(rc, 0, "flush exits 0 once everything is sent")
        msgs = server.messages()
        is_(len(msgs), 10, "flush delivers every queued mail")
        is_(os.listdir(os.path.join(env.spool, "outbox")), [],
            "the outbox is empty after flush")
        with open(os.path.join(env.root, "connections")) as f:
            conns = f.read().count("connect")
        # aiosmtpd's controller makes one connection of its own at start.
        ok(conns <= 2, "flush sends everything over one SMTP connection",
           "connections seen: %d" % conns)
    finally:
        server.stop()

    # With the server refusing one recipient for good, the mail goes to failed/.
    os.makedirs(os.path.join(env.root, "s2"))
    server = Server(os.path.join(env.root, "s2"),
                    fail_rcpt=["bob@example.org=550"])
    try:
        env.mail("carol@example.org", "epaminondas show 101")
        env.mail("bob@example.org", "epaminondas show 101")
        rc, out, err = env.run("flush", env={"EPAMSERV_SMTP_URL": server.url})
        is_(len(server.messages()), 1, "the accepted mail is delivered")
        is_(len(eml_in(env, "failed")), 1,
            "a 550 moves the mail to failed/")
        contains(err, "550", "the refusal is logged with the server's reply")
    finally:
        server.stop()

    # A damaged outbox file whose envelope recipient runs over a line end
    # (found by tests/fuzz/fuzz_files) is malformed: it moves to failed/
    # unsent, and no bounce is recorded against any address.
    os.makedirs(os.path.join(env.root, "s3"))
    server = Server(os.path.join(env.root, "s3"))
    try:
        name = "0000000001.000000000-damaged-00.eml"
        with open(os.path.join(env.spool, "outbox", name), "wb") as f:
            f.write(b"Envelope-From: <>\r\nEnvelope-To: <bob@example.org\n"
                    b"RCPT TO:<victim@example.net>\r\nSubject: x\r\n\r\nx\r\n")
        bounces = os.path.join(env.spool, "bounces")
        before = sorted(os.listdir(bounces)) if os.path.isdir(bounces) else []
        rc, out, err = env.run("flush", env={"EPAMSERV_SMTP_URL": server.url})
        is_(len(server.messages()), 0, "a damaged envelope sends nothing")
        ok(os.path.exists(os.path.join(env.spool, "failed", name)),
           "the damaged file moves to failed/")
        contains(err, "malformed envelope lines", "the log says why")
        contains(err, "outbox: id=%s msgid=- to=<-> relay=- status=failed "
                 "tries=0 note=damaged dsn=- reply=\"never sent" % name,
                 "in the key=value layout of the delivery log lines")
        after = sorted(os.listdir(bounces)) if os.path.isdir(bounces) else []
        is_(after, before, "no bounce is recorded for a damaged envelope")
    finally:
        server.stop()
finally:
    env.close()
done()
