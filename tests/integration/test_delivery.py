#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Delivery and intake for cron: back-off of deferred mail, mail refused for
good goes to failed/ and the address is recorded, `batch --maildir` files a
mail into cur/ only after its effects are saved and never applies it twice."""
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done, make_mail


def eml_in(env, folder):
    """The mails (NAME.eml) of a spool folder, without their .retry
    records."""
    d = os.path.join(env.spool, folder)
    return [n for n in os.listdir(d) if n.endswith(".eml")]


T0 = 1796000000  # a fixed clock for the back-off arithmetic

env = Env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    # One mail to each player waits (the sign-up mails are let go).
    for m in env.outbox_messages():
        os.unlink(m.path)
    env.mail("alice@example.org", "help")
    env.mail("bob@example.org", "help")
    os.makedirs(os.path.join(env.root, "srv"))
    server = Server(os.path.join(env.root, "srv"),
                    fail_rcpt=["bob@example.org=451", "nobody@example.org=550"])
    try:
        url = {"EPAMSERV_SMTP_URL": server.url}
        rc, out, err = env.run("flush", env=url)
        is_(rc, 75, "flush exits 75 while mail stays queued")
        is_(len(server.messages()), 1, "the mail to the accepting address is delivered")
        outbox = sorted(os.listdir(os.path.join(env.spool, "outbox")))
        is_(len([f for f in outbox if f.endswith(".eml")]), 1,
            "the mail refused with 451 stays in the outbox")
        ok(any(f.endswith(".eml.retry") for f in outbox),
           "a deferred mail records its back-off")
        contains(err, "451", "the deferral is logged with the reply code")

        rc, out, err = env.run("flush", env=url)
        contains(err, "1 waiting", "a second flush at once does not retry it")
        rc, out, err = env.run("flush", env=dict(url, EPAMSERV_NOW=str(T0 + 301)))
        contains(err, "1 deferred", "after 5 minutes the mail is tried again")
        rc, out, err = env.run("flush", env=dict(url, EPAMSERV_NOW=str(T0 + 302)))
        contains(err, "1 waiting", "the second back-off is longer than the first")
        rc, out, err = env.run("flush", env=dict(url, EPAMSERV_NOW=str(T0 + 6 * 86400)))
        contains(err, "1 failed", "a mail deferred for over retry_days fails for good")
        is_(len(eml_in(env, "failed")), 1,
            "it is moved to failed/")
        rc, out, err = env.run("bounces")
        contains(out, "bob@example.org", "the address is recorded for the admin")

        env.mail("nobody@example.org", "signup nobody n")
        rc, out, err = env.run("flush", env=url)
        is_(len(eml_in(env, "failed")), 2,
            "a 550 moves the mail to failed/ at once")
        rc, out, err = env.run("bounces")
        contains(out, "nobody@example.org", "a 550 is recorded for the admin")
        contains(out, "550", "the record says what the server replied")
    finally:
        server.stop()

    # batch --maildir
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    mails = [make_mail("alice@example.org", "epaminondas challenge alice bob by alice a"),
             make_mail("bob@example.org", "epaminondas accept 101 bob b"),
             make_mail("alice@example.org", "epaminondas move 101 alice a e2-e3"),
             make_mail("bob@example.org", "epaminondas move 101 bob b e11-e10")]
    for i, m in enumerate(mails):
        p = os.path.join(md, "new", "%d.M%d.test" % (T0 + i, i))
        with open(p, "wb") as f:
            f.write(m)
        os.utime(p, (T0 + i, T0 + i))
    # A copy of the last mail under another name: a duplicate delivery.
    shutil.copy(p, os.path.join(md, "new", "%d.dup.test" % (T0 + 9)))
    os.utime(os.path.join(md, "new", "%d.dup.test" % (T0 + 9)), (T0 + 9, T0 + 9))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "batch exits 0 when every mail was handled")
    is_(os.listdir(os.path.join(md, "new")), [], "every mail left new/")
    cur = sorted(os.listdir(os.path.join(md, "cur")))
    is_(len(cur), 5, "every mail is filed in cur/")
    ok(all(c.endswith(":2,S") for c in cur), "filed mails are flagged seen")
    gf = env.game_file(101) or ""
    is_(gf.count("move: "), 2, "the mails were applied in arrival order, "
        "the duplicate once")
    contains(err, "already processed", "the duplicate delivery is logged")
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "a rerun on an empty new/ is harmless")
    is_(env.game_file(101), gf, "a rerun changes nothing")
    rc, out, err = env.run("batch", "--maildir", os.path.join(env.root, "none"))
    is_(rc, 75, "a missing Maildir is a temporary failure")

    # The SMTP server is down: the batch completes, replies wait, and a
    # flush delivers them once the server is back.
    import socket
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    down = "smtp://127.0.0.1:%d" % sock.getsockname()[1]
    sock.close()
    for name in os.listdir(os.path.join(env.spool, "outbox")):
        os.unlink(os.path.join(env.spool, "outbox", name))
    with open(os.path.join(md, "new", "%d.down.test" % (T0 + 20)), "wb") as f:
        f.write(make_mail("carol@example.org", "epaminondas show 101"))
    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_SMTP_URL": down,
                                "EPAMSERV_SMTP_CONNECT_TIMEOUT": "2"})
    is_(rc, 0, "with the SMTP server down the batch still completes")
    waiting = [n for n in os.listdir(os.path.join(env.spool, "outbox"))
               if n.endswith(".eml")]
    is_(len(waiting), 1, "the reply waits in the outbox")
    os.makedirs(os.path.join(env.root, "back"))
    server = Server(os.path.join(env.root, "back"))
    try:
        rc, out, err = env.run("flush", "--all",
                               env={"EPAMSERV_SMTP_URL": server.url})
        is_(rc, 0, "flush delivers once the server is back")
        msgs = server.messages()
        ok(len(msgs) == 1 and msgs[0].envelope_to == ["carol@example.org"],
           "the waiting reply reaches its recipient")
    finally:
        server.stop()
finally:
    env.close()
done()
