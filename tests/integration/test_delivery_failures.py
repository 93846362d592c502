#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Delivery as mail servers fail (issue 12, item 5): a 4xx reply to one
mail's RCPT defers that mail only, so three greylisting 451 replies for
one domain do not stop mail to other domains; a relay that cannot be
reached (connection refused, a 421 greeting) ends the run, and the mail
deferred during the outage goes out on the first flush that reaches the
relay again, without waiting for a back-off; a connection lost while one
mail is sent ends the run and backs that mail off, so it cannot hold
back the others.  Against tests/smtpd.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done

T0 = 1796000000  # a fixed clock for the back-off arithmetic

GREY = ["g1@grey.example", "g2@grey.example", "g3@grey.example"]
OTHER = ["alice@example.org", "bob@example.org"]


def retry_files(env):
    d = os.path.join(env.spool, "outbox")
    out = {}
    for name in sorted(os.listdir(d)):
        if name.endswith(".eml.retry"):
            with open(os.path.join(d, name)) as f:
                out[name[:-len(".retry")]] = f.read()
    return out


def rcpts(msgs):
    return sorted(a for m in msgs for a in m.envelope_to)


def server(env, name, extra=()):
    root = os.path.join(env.root, name)
    os.makedirs(root)
    return Server(root, extra=list(extra))


env = Env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    for i, addr in enumerate(GREY + OTHER):
        env.signup(addr, addr.split("@")[0], "pw%d" % i)
    for m in env.outbox_messages():
        os.unlink(m.path)
    for addr in GREY + OTHER:
        env.mail(addr, "help")
    queued = [m.envelope_to[0] for m in env.outbox_messages()]
    is_(queued, GREY + OTHER, "the three mails to grey.example come first "
        "in the queue")

    # Greylisting: every RCPT at grey.example gets 451.
    srv = server(env, "grey", ["--fail-domain", "grey.example=451"])
    try:
        url = {"EPAMSERV_SMTP_URL": srv.url}
        rc, out, err = env.run("flush", env=url)
        is_(rc, 75, "flush exits 75 while mail stays queued")
        is_(rcpts(srv.messages()), OTHER, "three 451 replies for grey.example "
            "do not stop the mail to example.org")
        left = [m.envelope_to[0] for m in env.outbox_messages()]
        is_(left, GREY, "the three greylisted mails stay queued")
        retries = retry_files(env)
        is_(len(retries), 3, "each greylisted mail records its back-off")
        ok(all(r.split()[3:4] == ["mail"] for r in retries.values()),
           "a 451 to RCPT is recorded as the mail's own deferral",
           repr(retries))
        contains(err, "451", "the deferrals are logged with the reply code")
        contains(err, "2 sent, 3 deferred", "the run counts what it did")
        rc, out, err = env.run("flush", env=url)
        contains(err, "3 waiting", "a per-recipient 4xx keeps its back-off")
        port = srv.port
    finally:
        srv.stop()

    # An outage: the relay refuses connections.  Mail queued meanwhile.
    for addr in OTHER:
        env.mail(addr, "help")
    env.env["EPAMSERV_SMTP_URL"] = "smtp://127.0.0.1:%d" % port
    rc, out, err = env.run("flush")
    is_(rc, 75, "flush exits 75 when the relay cannot be reached")
    contains(err, "note=relay", "the log says the relay is the trouble")
    contains(err, "3 waiting", "the greylisted mails still wait their back-off")
    relay = [r for r in retry_files(env).values() if r.split()[3:4] == ["relay"]]
    is_(len(relay), 1, "the run stops after the first mail finds no relay, "
        "recording why it was deferred")
    rc, out, err = env.run("flush", env={"EPAMSERV_NOW": str(T0 + 60)})
    is_(rc, 75, "a minute later the relay is still down")

    # The relay is back on its port but greets with 421 (shutting down).
    greet = os.path.join(env.root, "greeting")
    with open(greet, "w") as f:
        f.write("421\n")
    srv = server(env, "back", ["--port", str(port), "--greet-file", greet])
    try:
        rc, out, err = env.run("flush", env={"EPAMSERV_NOW": str(T0 + 90)})
        is_(len(srv.messages()), 0, "a relay greeting with 421 gets no mail")
        contains(err, "421", "the 421 greeting is logged")
        os.unlink(greet)
        # Well within the first back-off (5 minutes) of any mail.
        rc, out, err = env.run("flush", env={"EPAMSERV_NOW": str(T0 + 120)})
        is_(rcpts(srv.messages()), OTHER, "the first flush that reaches the "
            "relay sends everything queued during the outage")
        contains(err, "2 sent", "both are counted as sent")
        contains(err, "3 waiting", "the greylisted mails keep their back-off")
        is_(sorted(retry_files(env)), sorted(m.path.rsplit("/", 1)[1]
                                            for m in env.outbox_messages()),
            "no back-off file is left for a mail that was sent")

        # A back-off file of the older form (no reason) still reads.
        first = env.outbox_messages()[0].path
        with open(first + ".retry", "w") as f:
            f.write("1 %d %d\n" % (T0, T0 + 1000))
        rc, out, err = env.run("flush", env={"EPAMSERV_NOW": str(T0 + 700)})
        is_(len(srv.messages()), 4, "the other two, their back-off over, go")
        ok(os.path.exists(first), "a mail with an old-form back-off file "
           "waits until its NEXT-TRY")
        rc, out, err = env.run("flush", env={"EPAMSERV_NOW": str(T0 + 1001)})
        is_(len(srv.messages()), 5, "and goes once it is over")
    finally:
        srv.stop()

    # A relay that drops the connection while it takes one mail (as if
    # that mail crashed it): the run ends, that mail backs off, and the
    # next run sends the others, so one mail cannot hold back the queue.
    for addr in [GREY[0]] + OTHER:
        env.mail(addr, "help")
    srv = server(env, "drop", ["--drop-rcpt", GREY[0]])
    try:
        env.env["EPAMSERV_SMTP_URL"] = srv.url
        rc, out, err = env.run("flush", env={"EPAMSERV_NOW": str(T0 + 2000)})
        is_(rc, 75, "a connection lost during a mail: exit 75")
        contains(err, "note=lost", "the log says so")
        is_(len(srv.messages()), 0, "the run ends there")
        rc, out, err = env.run("flush", env={"EPAMSERV_NOW": str(T0 + 2010)})
        is_(rcpts(srv.messages()), OTHER, "the next run sends the others")
        contains(err, "1 waiting", "while the mail that was being sent "
                 "backs off")
        kept = list(retry_files(env).values())
        ok(len(kept) == 1 and kept[0].split()[3:4] == ["mail"],
           "recorded as the mail's own deferral", repr(kept))
    finally:
        srv.stop()
finally:
    env.close()
done()
