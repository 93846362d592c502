#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Mail that must never be answered, hostile mail, and every message of
Debian's Python email test corpus: no crash, no hang, no reply where none
is due, nothing written outside the spool, no header injection."""
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail

CORPUS = "/usr/lib/python3.11/test/test_email/data"

env = Env()
try:
    env.signup("alice@example.org", "alice", "a")
    env.new_messages()

    never = [
        ("a bounce with an empty Return-Path", {"Return-Path": "<>"}),
        ("a bounce from MAILER-DAEMON", None),
        ("a vacation auto-reply", {"Auto-Submitted": "auto-replied"}),
        ("bulk mail", {"Precedence": "bulk"}),
        ("list mail", {"List-Id": "<games.lists.example>"}),
        ("an X-Autoreply", {"X-Autoreply": "yes"}),
        ("our own mail looped back", {"X-Loop": "epamserv@games.example"}),
    ]
    for name, headers in never:
        sender = "MAILER-DAEMON@mx.example.org" if headers is None else "alice@example.org"
        rc, err = env.receive(make_mail(sender, "help", headers=headers or {}))
        is_(rc, 0, "%s: exit 0" % name)
        is_(len(env.new_messages()), 0, "%s: never answered" % name)
        contains(err, "not answered", "%s: logged as not answered" % name)
    rc, err = env.receive(make_mail("alice@example.org", "Automatic reply: help"))
    is_(len(env.new_messages()), 0, "an Exchange out-of-office note is never answered")
    rc, err = env.receive(make_mail("postmaster@mx.example.org", "Delivery failure",
                                    headers={"Content-Type": "multipart/mixed; boundary=x"}))
    is_(len(env.new_messages()), 0, "a report from postmaster is never answered")
    # A mail without Message-ID delivered twice, once through another relay.
    nomid = make_mail("alice@example.org", "help", "please", msgid="")
    rc, err = env.receive(nomid)
    rc, err = env.receive(b"Received: from relay2.example by mx\r\n" + nomid)
    is_(len(env.new_messages()), 1, "a mail without Message-ID redelivered "
        "through another relay is answered once")
    contains(err, "already processed", "the redelivery is recognised")
    report = ("From: MAILER-DAEMON@mx.example.org\r\nTo: epamserv@games.example\r\n"
              "Subject: Undelivered Mail\r\nMessage-ID: <r1@mx>\r\nMIME-Version: 1.0\r\n"
              "Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n"
              "--b\r\nContent-Type: text/plain\r\n\r\nhelp\r\n--b--\r\n").encode()
    rc, err = env.receive(report)
    is_(len(env.new_messages()), 0, "a multipart/report is never answered")
    dsn = ("Return-Path: <>\r\nFrom: MAILER-DAEMON@mx.example.org\r\n"
           "To: epamserv@games.example\r\nSubject: Undelivered Mail\r\n"
           "Message-ID: <dsn2@mx>\r\nMIME-Version: 1.0\r\nContent-Type: "
           "multipart/report; report-type=delivery-status; boundary=b\r\n\r\n"
           "--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b\r\n"
           "Content-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx\r\n"
           "\r\nFinal-Recipient: rfc822; alice@example.org\r\nAction: failed\r\n"
           "Status: 5.1.1\r\n--b--\r\n").encode()
    env.receive(dsn)
    rc, out, err = env.run("admin", "bounces")
    ok("alice@example.org" not in out,
       "a delivery report naming a player's address, but returning no mail "
       "of ours, records nothing (real bounces: test_dsn.py)", out)

    # Header injection through the subject: the reply's headers stay ours.
    rc, err = env.mail("alice@example.org", "help\r\nBcc: victim@example.net")
    msgs = env.new_messages()
    ok(all("victim" not in (m.get("Bcc") or "") for m in msgs) and
       all(m.envelope_to == ["alice@example.org"] for m in msgs),
       "a CR/LF in the subject injects no header and no recipient")
    rc, err = env.mail("mallory@example.org",
                       "signup mallory pw victim@example.net,other@example.net")
    msgs = env.new_messages()
    ok(all(m.envelope_to != ["victim@example.net,other@example.net"] for m in msgs),
       "an address list is refused as an address")
    # Path traversal through userids and board numbers.
    for subject in ("signup ../../etc/passwd pw", "signup a/b pw",
                    "epaminondas move ../1 alice a e2-e3",
                    "epaminondas show 99999999999999999999",
                    "epaminondas show -5", "epaminondas show 0101"):
        rc, err = env.mail("alice@example.org", subject)
        is_(rc, 0, "refused without trouble: %s" % subject)
    ok(not os.path.exists(os.path.join(env.root, "etc")) and
       not os.path.exists(os.path.join(env.spool, "etc")),
       "no file is written outside the spool's own names")
    msgs = env.new_messages()
    ok(all(m["Auto-Submitted"] == "auto-replied" for m in msgs),
       "each bad command got an error reply")

    # Size and structure limits.
    big = make_mail("alice@example.org", "help", "x" * (2 * 1024 * 1024))
    rc, err = env.receive(big)
    is_(rc, 0, "a 2 MiB mail is handled")
    msgs = env.new_messages()
    ok(len(msgs) == 1 and "larger than" in msgs[0].get_body(("plain",)).get_content(),
       "a mail over the size limit gets a short error reply")
    deep = ["From: alice@example.org", "Subject: help", "Message-ID: <deep@x>",
            "MIME-Version: 1.0"]
    body = ""
    for i in range(200):
        body += "Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i)
    rc, err = env.receive(("\r\n".join(deep) + "\r\n" + body).encode())
    ok(rc in (0, 75) and "AddressSanitizer" not in err, "200 nested MIME levels: no crash")
    rc, err = env.receive(b"From: alice@example.org\r\nSubject: he\x00lp\r\n\r\n\xff\xfe\x00bad")
    ok(rc == 0 and "Sanitizer" not in err, "NUL bytes and invalid UTF-8: no crash")
    rc, err = env.receive(make_mail("alice@example.org", " ".join(["w"] * 20000)))
    ok(rc == 0, "a subject of 20,000 words is handled")
    env.new_messages()

    # Rate limit: a flood from one address gets rate_limit replies an hour.
    for i in range(5):
        env.receive(make_mail("flood@example.org", "help"),
                    env={"EPAMSERV_RATE_LIMIT": "3"})
    is_(len(env.new_messages()), 3, "replies to one address are rate-limited")
    rc, err = env.receive(make_mail("other@example.org", "help"),
                          env={"EPAMSERV_RATE_LIMIT": "3"})
    is_(len(env.new_messages()), 1, "other addresses are not affected")
    rc, err = env.receive(make_mail("flood@example.org", "help"),
                          env={"EPAMSERV_RATE_LIMIT": "3",
                               "EPAMSERV_NOW": str(int(__import__("time").time()) + 3700)})
    is_(len(env.new_messages()), 1, "the budget comes back after an hour")

    # Debian's Python email corpus: every message goes through receive.
    files = sorted(glob.glob(os.path.join(CORPUS, "msg_*.txt")))
    ok(len(files) >= 40, "the Python email corpus is installed (%d messages)" % len(files))
    bad = []
    for f in files:
        with open(f, "rb") as fh:
            rc, err = env.receive(fh.read(), env={"EPAMSERV_RATE_LIMIT": "0"})
        if rc not in (0, 75) or "Sanitizer" in err or "runtime error" in err:
            bad.append("%s: rc=%d %s" % (os.path.basename(f), rc, err[-300:]))
    is_(bad, [], "every corpus message is handled without a crash")
finally:
    env.close()
done()
