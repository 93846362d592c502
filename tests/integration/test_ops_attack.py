#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 13's operator tools against an attacker (review r13-attack):
the client of the in: line (what the shipped fail2ban filter bans) is
never read from the HELO name the client chose, in the Received layouts
of Postfix, Sendmail and Exim; a word after a game's name that is no
verb (a password in the wrong place) is not logged; a mail refused for
good leaves no record behind in failed/ once sweep prunes it (a stranger
can fill failed/ by asking for replies to addresses that do not exist);
admin outbox refuses hostile IDs without echoing their control bytes;
a flush from cron prints nothing for a greylisted mail."""
import configparser
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, done, make_mail

SRCDIR = os.environ.get("EPAMSERV_SRCDIR",
                        os.path.join(os.path.dirname(__file__), "..", ".."))
FILTER = os.path.join(SRCDIR, "examples", "fail2ban", "epamserv.conf")
DAY = 86400

# The client is 203.0.113.9 in each; the HELO names an innocent address.
RECEIVED = {
    "postfix": "from mx.evil.example (mx.evil.example [203.0.113.9])\r\n"
               "\tby games.example (Postfix) with ESMTP id 4Q2",
    "postfix-helo-literal": "from [198.51.100.7] (unknown [203.0.113.9])\r\n"
                            "\tby games.example (Postfix) with ESMTP id 4Q3",
    "sendmail": "from [198.51.100.7] (mx.evil.example [203.0.113.9] (may be "
                "forged))\r\n\tby games.example (8.17.1/8.17.1) with ESMTP "
                "id 1AB",
    "exim-unresolved": "from [203.0.113.9] (helo=[198.51.100.7])\r\n"
                       "\tby games.example with esmtp (Exim 4.96)\r\n"
                       "\tid 1tABCD-000123-4E",
    "exim-resolved": "from mx.evil.example ([203.0.113.9] "
                     "helo=[198.51.100.7])\r\n\tby games.example with esmtp "
                     "(Exim 4.96)\r\n\tid 1tABCD-000124-4E",
    "exim-no-helo": "from [203.0.113.9]\r\n\tby games.example with esmtp "
                    "(Exim 4.96)\r\n\tid 1tABCD-000125-4E",
    "exim-ident": "from [203.0.113.9] (ident=mallory helo=[198.51.100.7])"
                  "\r\n\tby games.example with esmtp (Exim 4.96)\r\n"
                  "\tid 1tABCD-000126-4E",
    "postfix-helo-exim": "from [198.51.100.7](helo=x) (unknown [203.0.113.9])"
                         "\r\n\tby games.example (Postfix) with ESMTP id 4Q4",
}
# qmail writes the client without brackets: nothing to take (never the
# HELO's).
NO_CLIENT = {
    "qmail": "from unknown (HELO [198.51.100.7]) (203.0.113.9)\r\n"
             "  by games.example with SMTP; 1 Dec 2026 06:00:00 -0000",
}


def in_lines(env):
    with open(env.log, encoding="utf-8", errors="replace") as f:
        return [l for l in f.read().splitlines() if " in: " in l]


def client_of(env, msgid):
    found = [l for l in in_lines(env) if "msgid=<%s>" % msgid in l]
    m = re.search(r" client=(\S+) ", found[-1]) if len(found) == 1 else None
    return m.group(1) if m else "%d lines" % len(found)


env = Env(smtp=False)
try:
    # Every form's wrong password answered: the strangers' budget of one
    # source (5 an hour) would drop the last ones unread, and
    # fail2ban-regex would find fewer lines than forms.
    env.env["EPAMSERV_STRANGER_SOURCE_LIMIT"] = "0"
    env.signup("alice@example.org", "alice", "Secret1")
    for form, rec in RECEIVED.items():
        env.receive(make_mail("mallory@evil.example",
                              "change password alice Wrong1 Newpw2",
                              msgid="<%s@r13.example>" % form,
                              headers={"Received": rec}))
        is_(client_of(env, "%s@r13.example" % form), "203.0.113.9",
            "%s Received: the client, not the HELO name" % form)
    for form, rec in NO_CLIENT.items():
        env.receive(make_mail("mallory@evil.example",
                              "change password alice Wrong1 Newpw2",
                              msgid="<%s@r13.example>" % form,
                              headers={"Received": rec}))
        is_(client_of(env, "%s@r13.example" % form), "-",
            "%s Received: no client, not the HELO name" % form)

    # A password where the verb belongs (the verb forgotten) is no verb:
    # logged as verb=unknown, and blotted out of the reason.
    env.mail("alice@example.org", "epaminondas Secret1 101 a1-a2",
             msgid="<noverb@r13.example>")
    line = [l for l in in_lines(env) if "<noverb@r13.example>" in l]
    ok(len(line) == 1 and "Secret1" not in line[0] and
       " verb=unknown " in line[0] and " outcome=refused " in line[0],
       "a password in the verb's place never reaches the log", line)

    # The filter as fail2ban itself reads it, when fail2ban is installed.
    regex = shutil.which("fail2ban-regex")
    if regex:
        with open(os.path.join(env.root, "f2b.log"), "w") as f:
            f.write("\n".join(in_lines(env)) + "\n")
        p = subprocess.run([regex, "--print-all-matched", "--raw",
                            os.path.join(env.root, "f2b.log"), FILTER],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=120)
        text = p.stdout.decode("utf-8", "replace")
        ok("198.51.100.7" not in text.split("Results", 1)[-1].replace(
            "helo=[198.51.100.7]", ""),
           "fail2ban-regex never finds the HELO's address", text[-2000:])
        m = re.search(r"Lines: \d+ lines, \d+ ignored, (\d+) matched", text)
        is_(m and int(m.group(1)), len(RECEIVED),
            "fail2ban-regex matches each wrong password once")
    else:
        ok(True, "# SKIP fail2ban-regex not installed")
        ok(True, "# SKIP fail2ban-regex not installed")
finally:
    env.close()

# failed/: a mail the server refused for good keeps its record
# (NAME.eml.retry) beside it; both go when sweep prunes the mail.
env = Env(smtp=False)
try:
    for i in range(3):
        env.mail("nobody%d@gone.example" % i, "help")
    os.makedirs(os.path.join(env.root, "srv"))
    srv = Server(os.path.join(env.root, "srv"),
                 extra=["--fail-domain", "gone.example=550"])
    try:
        rc, out, err = env.run("flush", env={"EPAMSERV_SMTP_URL": srv.url})
    finally:
        srv.stop()
    failed = os.path.join(env.spool, "failed")
    names = sorted(os.listdir(failed)) if os.path.isdir(failed) else []
    is_(len([n for n in names if n.endswith(".eml")]), 3,
        "the three replies to addresses that do not exist failed")
    rc, out, err = env.run("status", "--json")
    ok('"failed": 3,' in out, "status counts three failed mails, not "
       "their records too", out)
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW":
                                         str(int(time.time()) + 31 * DAY)})
    left = sorted(os.listdir(failed))
    is_(left, [], "31 days later sweep leaves nothing of them in failed/")
    rc, out, err = env.run("status", "--json")
    ok('"failed": 0' in out.replace('"failed":0', '"failed": 0'),
       "status counts no failed mail", out)
finally:
    env.close()
# admin outbox with hostile IDs: refused, and the refusal never copies an
# escape sequence to the operator's terminal; "../" never reaches a path.
env = Env(smtp=False)
try:
    env.mail("someone@example.org", "help")
    outside = os.path.join(env.root, "victim.eml")
    open(outside, "w").close()
    for args, stdin in ((["hold", "x\x1b]0;pwned\x07.eml"], None),
                        (["hold", "-"], b"x\x1b[2J.eml\n"),
                        (["delete", "--reason", "t", "../victim.eml"], None),
                        (["delete", "--reason", "t", "-"],
                         b"outbox/../../victim.eml\n")):
        rc, out, err = env.run("admin", "outbox", *args, stdin=stdin)
        ok(rc != 0 and "is not a mail ID" in err and "\x1b" not in err and
           "\x07" not in err, "admin outbox %s refuses a hostile ID, "
           "printing it without control bytes" % args[0], repr(err))
    ok(os.path.exists(outside), "no file outside the spool was touched")
    rc, out, err = env.run("outbox")
    is_(len(out.splitlines()), 1, "the queued mail is still there")
finally:
    env.close()
# Quiet cron: a mail greylisted (451) is routine; a flush from cron
# prints nothing for it (the log has the line), every five minutes for
# the days the relay keeps deferring it.
env = Env(smtp=False)
try:
    env.mail("grey@example.org", "help")
    os.makedirs(os.path.join(env.root, "srv"))
    srv = Server(os.path.join(env.root, "srv"),
                 fail_rcpt=["grey@example.org=451"])
    try:
        rc, out, err = env.run("flush", env={"EPAMSERV_SMTP_URL": srv.url},
                               quiet=True)
    finally:
        srv.stop()
    is_((rc, out, err), (75, "", ""), "a flush whose one mail is deferred "
        "prints nothing (exit 75)")
    with open(env.log, encoding="utf-8", errors="replace") as f:
        logged = f.read()
    ok(re.search(r"notice: outbox: id=\S+ .* status=deferred .*dsn=4\.7\.1",
                 logged), "the deferral is in the log, a notice", logged[-600:])
finally:
    env.close()
done()
