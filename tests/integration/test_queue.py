#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The queue as an operator sees it (issue 13, items 1 and 2): against
tests/smtpd.py answering 250, 451 and 550 with full reply texts, one
key=value log line per delivered, deferred or failed mail carries the
outbox ID, the Message-ID, the recipient, the relay, the server's full
reply and dsn=X.Y.Z; the deferral's reason is stored with the mail, and
`epamserv outbox` lists one line per mail (outbox/ and failed/) with it,
and `--json` the same for scripts, its counts matching the spool."""
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done

# The clock of the run: the mails' files get the real time as their
# queue time, so the ages listed are taken against it.
T0 = int(time.time())

env = Env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    for addr in ("ok@example.org", "grey@example.org", "gone@example.org"):
        env.mail(addr, "help")
    os.makedirs(os.path.join(env.root, "srv"))
    srv = Server(os.path.join(env.root, "srv"),
                 fail_rcpt=["grey@example.org=451", "gone@example.org=550"])
    try:
        rc, out, err = env.run("flush", env={"EPAMSERV_SMTP_URL": srv.url})
        is_(rc, 75, "flush exits 75 while a mail stays deferred")
    finally:
        srv.stop()
    lines = {}
    for line in err.splitlines():
        m = re.search(r"outbox: id=(\S+) msgid=(\S+) to=<([^>]+)> "
                      r"relay=(\S+) status=(\w+) tries=(\d+)", line)
        if m:
            lines[m.group(3)] = line
    is_(sorted(lines), ["gone@example.org", "grey@example.org",
                        "ok@example.org"], "one log line per mail tried")
    sent = lines.get("ok@example.org", "")
    contains(sent, "status=sent", "the delivered mail is logged as sent")
    contains(sent, "dsn=2.0.0", "with the server's status code")
    contains(sent, 'reply="250 2.0.0 Ok: queued as ',
             "and its reply, naming the relay's queue ID")
    ok(re.search(r"relay=127\.0\.0\.1\[127\.0\.0\.1\]:%d " % srv.port, sent),
       "the relay is named HOST[IP]:PORT", sent)
    ok(re.search(r"msgid=<[^ >]+@[^ >]+>", sent), "the Message-ID is logged",
       sent)
    grey = lines.get("grey@example.org", "")
    contains(grey, "status=deferred tries=1 next=300s dsn=4.7.1 ",
             "the 451 is logged as deferred with dsn=4.7.1")
    contains(grey, 'reply="451 4.7.1 <grey@example.org>: Recipient address '
             'rejected: Greylisted', "with the server's full reply")
    gone = lines.get("gone@example.org", "")
    contains(gone, "status=failed tries=0 dsn=5.1.1 ",
             "the 550 is logged as failed with dsn=5.1.1")
    contains(gone, 'reply="550 5.1.1 <gone@example.org>: Recipient address '
             'rejected: User unknown in local recipient table"',
             "with the server's full reply, quoted, at the end of the line")

    # The listing: one line per mail, the deferred one and the failed one.
    rc, out, err = env.run("outbox", env={"EPAMSERV_NOW": str(T0 + 90)})
    is_(rc, 0, "epamserv outbox exits 0")
    rows = out.splitlines()
    is_(len(rows), 2, "one line per mail: the deferred and the failed one")
    g = [r for r in rows if "<grey@example.org>" in r]
    f = [r for r in rows if "<gone@example.org>" in r]
    ok(g and re.match(r"outbox/\S+\.eml deferred \d+ 1m 1 3m <grey@example\.org> "
                      r"451 4\.7\.1 <grey@example\.org>: Recipient address "
                      r"rejected: Greylisted", g[0]),
       "the deferred mail: ID, state, size, age, tries, next try, recipient, "
       "the stored reason", repr(g))
    ok(f and re.match(r"failed/\S+\.eml failed \d+ 1m 0 - <gone@example\.org> "
                      r"550 5\.1\.1 ", f[0]),
       "the failed mail is listed from failed/ with its reason", repr(f))

    rc, out, err = env.run("outbox", "--json",
                           env={"EPAMSERV_NOW": str(T0 + 90)})
    is_(rc, 0, "outbox --json exits 0")
    try:
        mails = json.loads(out)
    except ValueError as e:
        mails = []
        ok(False, "outbox --json parses", str(e))
    outbox = [n for n in os.listdir(os.path.join(env.spool, "outbox"))
              if n.endswith(".eml")]
    failed = [n for n in os.listdir(os.path.join(env.spool, "failed"))
              if n.endswith(".eml")]
    is_(sorted(m["id"] for m in mails if m["folder"] == "outbox"),
        sorted(outbox), "--json lists every mail of outbox/")
    is_(sorted(m["id"] for m in mails if m["folder"] == "failed"),
        sorted(failed), "and every mail of failed/")
    d = [m for m in mails if m["to"] == "grey@example.org"]
    ok(d and d[0]["state"] == "deferred" and d[0]["tries"] == 1 and
       d[0]["next_try"] == T0 + 300 and d[0]["reason"].startswith("451 4.7.1"),
       "the deferred mail's fields", repr(d))
    size = os.path.getsize(os.path.join(env.spool, "outbox", outbox[0]))
    ok(d and d[0]["size"] == size, "its size is the file's")

    # A second try of the deferred mail updates its line.
    os.makedirs(os.path.join(env.root, "srv2"))
    srv = Server(os.path.join(env.root, "srv2"),
                 fail_rcpt=["grey@example.org=451"])
    try:
        env.run("flush", "--all", env={"EPAMSERV_SMTP_URL": srv.url})
    finally:
        srv.stop()
    rc, out, err = env.run("outbox")
    is_(len(out.splitlines()), 2, "a second deferral: still one line a mail")
    contains(out, " 2 ", "the tries are counted")

    # A spool path that is wrong is a setting to fix (78), as for status,
    # not an outbox to retry (75).
    rc, out, err = env.run("outbox", env={
        "EPAMSERV_SPOOL": os.path.join(env.root, "no-such-spool")})
    is_(rc, 78, "outbox with no spool directory exits 78")
    contains(err, "no spool directory at", "and says why")
    ok(not os.path.exists(os.path.join(env.root, "no-such-spool")),
       "and makes no spool")
finally:
    env.close()
done()
