#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Delivery reports are believed only when they prove it: a bounce is
recorded for an address only when one of our Message-IDs in the returned
headers verifies with that address (src/pipeline/report.c, src/spool/secret.c).

Real board mails, as the test SMTP server received them, are bounced in
the shapes of Postfix, Exim and Sendmail (tests/mail/dsn/, filled in
here); forged reports (10,000 Final-Recipient lines, a Message-ID quoted
for another address, one we never sent) record nothing; a delay warning
records nothing; the per-day cap and the expiry by `epamserv sweep` hold."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, SRCDIR, ok, is_, contains, done

ALICE = "alice@example.org"
BOB = "bob@example.net"
CAROL = "carol@example.com"
DAVE = "dave@example.com"
T0 = int(time.time())
HOUR = 3600
DAY = 86400


def fixture(name):
    with open(os.path.join(SRCDIR, "tests", "mail", "dsn", name), "rb") as f:
        return f.read()


def as_returned(msg):
    """A mail the SMTP server received, as the MTA would return it: the
    message without the envelope lines tests/smtpd.py adds, LF ends."""
    lines = msg.raw.replace(b"\r\n", b"\n").split(b"\n")
    while lines and lines[0].startswith(b"X-Envelope-"):
        lines.pop(0)
    return b"\n".join(lines)


def headers_of(returned):
    return returned.split(b"\n\n", 1)[0] + b"\n"


def bounce(name, rcpt, returned, crlf=False):
    """Fixture name with its placeholders filled in."""
    data = fixture(name).replace(b"@@RCPT@@", rcpt.encode())
    data = data.replace(b"@@RETURNED@@", returned)
    return data.replace(b"\n", b"\r\n") if crlf else data


def board_mail(msgs, addr):
    """The last board mail in msgs that went to addr."""
    found = [m for m in msgs if m.envelope_to == [addr] and
             (m["Subject"] or "").startswith("Epaminondas Board")]
    return found[-1] if found else None


def all_files(root):
    out = set()
    for d, _, files in os.walk(root):
        for f in files:
            out.add(os.path.join(d, f))
    return out


def records(env):
    d = os.path.join(env.spool, "bounces")
    return sorted(f for f in os.listdir(d) if not f.startswith(".")) \
        if os.path.isdir(d) else []


def no_records(env, name):
    """No bounce record in the spool; else the count and the first ones."""
    have = records(env)
    if have:
        with open(os.path.join(env.spool, "bounces", have[0])) as f:
            first = f.read()
        return ok(False, name, "%d records, e.g. %s" % (len(have), first))
    return ok(True, name)


env = Env()
try:
    for sender, uid, pw in ((ALICE, "alice", "pw1"), (BOB, "bob", "pw2"),
                            (CAROL, "carol", "pw3"), (DAVE, "dave", "pw4")):
        env.signup(sender, uid, pw)
    env.new_messages()
    for sender, subject in ((ALICE, "epaminondas challenge alice bob by alice pw1"),
                            (BOB, "epaminondas accept 101 bob pw2"),
                            (CAROL, "epaminondas challenge carol dave by carol pw3"),
                            (DAVE, "epaminondas accept 102 dave pw4")):
        rc, err = env.mail(sender, subject)
        if rc != 0:
            print("# %s: exit %d: %s" % (subject, rc, err))
    msgs = env.new_messages()
    to_alice = board_mail(msgs, ALICE)
    to_bob = board_mail(msgs, BOB)
    to_carol = board_mail(msgs, CAROL)
    to_dave = board_mail(msgs, DAVE)
    ok(to_alice and to_bob and to_carol and to_dave,
       "board mails went to alice, bob, carol and dave",
       [(m.envelope_to, m["Subject"]) for m in msgs])
    alice_id = to_alice["Message-ID"].strip().strip("<>")
    bob_id = to_bob["Message-ID"].strip().strip("<>")
    ok(alice_id.startswith("epamserv.") and alice_id.count(".") >= 4,
       "our Message-IDs carry a tag: %s" % alice_id)
    ok(alice_id.split("@")[0].rsplit(".", 1)[-1] !=
       bob_id.split("@")[0].rsplit(".", 1)[-1],
       "the two board mails of one move carry different tags",
       "%s\n%s" % (alice_id, bob_id))
    secret = os.path.join(env.spool, "secret")
    st = os.stat(secret) if os.path.exists(secret) else None
    ok(st and st.st_size == 32 and (st.st_mode & 0o777) == 0o600,
       "SPOOL/secret holds 32 bytes, mode 0600",
       st and "size %d, mode %o" % (st.st_size, st.st_mode & 0o777))
    alice_mail = as_returned(to_alice)
    bob_mail = as_returned(to_bob)

    # A forged report with 10,000 Final-Recipient lines.
    before = all_files(env.spool)
    blocks = "".join("Final-Recipient: rfc822; %s\nAction: failed\n"
                     "Status: 5.1.1\n\n" % a for a in (ALICE, BOB, CAROL))
    blocks += "".join("Final-Recipient: rfc822; user%d@example.org\n"
                      "Action: failed\n\n" % i for i in range(10000 - 3))
    forged = ("Return-Path: <>\nFrom: MAILER-DAEMON@mx.example.org\n"
              "To: epamserv@games.example\nSubject: Undelivered Mail\n"
              "Message-ID: <forged-10000@mx.example.org>\nMIME-Version: 1.0\n"
              "Content-Type: multipart/report; report-type=delivery-status; "
              "boundary=b\n\n--b\nContent-Type: text/plain\n\nfailed\n--b\n"
              "Content-Type: message/delivery-status\n\n"
              "Reporting-MTA: dns; mx.example.org\n\n" + blocks +
              "--b--\n").encode()
    ok(len(forged) > 300000, "the forged report is %d bytes" % len(forged))
    t = time.monotonic()
    rc, err = env.receive(forged)
    took = time.monotonic() - t
    is_(rc, 0, "forged report of 10,000 Final-Recipient lines: exit 0")
    no_records(env, "forged report of 10,000 Final-Recipient lines: "
        "no bounce record")
    new = all_files(env.spool) - before
    ok(len(new) <= 2, "forged report: no more than two new files of any "
       "kind in the spool (%d)" % len(new), sorted(new)[:10])
    contains(err, "delivery report ignored", "forged report: one log line "
             "says it was ignored")
    ok(took < 10, "forged report: handled in %.1f s" % took)
    rc, out, err = env.run("bounces")
    ok(ALICE not in out + err and BOB not in out + err,
       "forged report: epamserv bounces names nobody", (out + err)[:300])

    # Our Message-ID, but the report names another address.
    forged = bounce("postfix-failed.eml", ALICE,
                    bob_mail.replace(BOB.encode(), ALICE.encode()))
    ok(bob_id.encode() in forged, "the forged report quotes bob's real "
       "Message-ID")
    rc, err = env.receive(forged)
    no_records(env, "a report quoting bob's Message-ID with "
        "Final-Recipient and To: alice records nothing")
    # A Message-ID we never sent.
    never = "epamserv.0123456789abcdef.0.abcdefghij@games.example"
    rc, err = env.receive(bounce("postfix-failed.eml", ALICE,
                                 alice_mail.replace(alice_id.encode(),
                                                    never.encode())))
    no_records(env, "a report on a Message-ID we never sent records "
        "nothing")
    tag = alice_id.split("@")[0].rsplit(".", 1)[1]
    other = "b" if tag[0] != "b" else "c"
    bent = alice_id.replace("." + tag + "@", "." + other + tag[1:] + "@")
    rc, err = env.receive(bounce("postfix-failed.eml", ALICE,
                                 alice_mail.replace(alice_id.encode(),
                                                    bent.encode())))
    no_records(env, "a report on our Message-ID with one character of "
        "its tag changed records nothing")
    # A delay warning on a real mail.
    rc, err = env.receive(bounce("postfix-delayed.eml", ALICE,
                                 headers_of(alice_mail)))
    is_(rc, 0, "postfix delay warning: exit 0")
    no_records(env, "postfix delay warning: nothing recorded")
    contains(err, "delayed", "postfix delay warning: logged as delayed")

    # A real Postfix bounce of alice's board mail, six hours later.
    later = {"EPAMSERV_NOW": str(T0 + 6 * HOUR)}
    rc, err = env.receive(bounce("postfix-failed.eml", ALICE, alice_mail,
                                 crlf=True), env=later)
    is_(rc, 0, "postfix bounce: exit 0")
    is_(len(records(env)), 1, "postfix bounce (six hours later, CRLF): one "
        "bounce record")
    rc, out, err = env.run("bounces")
    contains(out, ALICE, "postfix bounce: epamserv bounces names alice")
    contains(out, "5.1.1", "postfix bounce: the record has the Status")
    contains(out, "Recipient address rejected: User unknown in local "
             "recipient table", "postfix bounce: the record has the "
             "Diagnostic-Code")
    contains(out, alice_id, "postfix bounce: the record names our mail")
    rc, out2, err = env.run("admin", "bounces")
    contains(out2, ALICE + " report on " + alice_id,
             "postfix bounce: admin bounces shows the record")
    ok(BOB not in out, "postfix bounce: nobody else is recorded", out)
    is_(len(env.new_messages()), 0, "no report was answered")

    # Exim's plain bounce of bob's board mail.
    rc, err = env.receive(bounce("exim-failed.eml", BOB, bob_mail))
    rc, out, err = env.run("bounces")
    ok(BOB in out and "550 5.1.1" in out and "User unknown" in out,
       "exim bounce: recorded for bob with the reason from its text", out)
    # Exim's multipart/report of carol's board mail.
    carol_mail = as_returned(to_carol)
    rc, err = env.receive(bounce("exim-report.eml", CAROL, carol_mail))
    rc, out, err = env.run("bounces")
    ok(CAROL in out and "5.0.0" in out, "exim multipart/report: recorded "
       "for carol with its Status", out)

    # Sendmail's report with only the headers of alice's mail, after
    # alice's record expired (sweep, 61 days later).
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 61 * DAY)})
    is_(rc, 0, "sweep 61 days later: exit 0")
    no_records(env, "sweep: bounce records older than 60 days are "
        "removed")
    contains(err, "bounces_expired=3", "sweep: it logs how many")
    rc, err = env.receive(bounce("sendmail-failed.eml", ALICE,
                                 headers_of(alice_mail)))
    rc, out, err = env.run("bounces")
    ok(ALICE in out and "550 5.1.1 <%s>... User unknown" % ALICE in out,
       "sendmail bounce (text/rfc822-headers): recorded for alice with "
       "its Diagnostic-Code", out)
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 59 * DAY)})
    is_(len(records(env)), 1, "sweep: a record younger than 60 days stays")

    # The per-day cap.
    for name in list(records(env)):
        os.unlink(os.path.join(env.spool, "bounces", name))
    cap = {"EPAMSERV_BOUNCE_REPORTS_PER_DAY": "2",
           "EPAMSERV_NOW": str(T0 + 100 * DAY)}
    for addr, mail in ((ALICE, alice_mail), (BOB, bob_mail),
                       (CAROL, carol_mail)):
        rc, err = env.receive(bounce("postfix-failed.eml", addr, mail),
                              env=cap)
    is_(len(records(env)), 2, "per-day cap of 2: the third report of the "
        "day is not recorded")
    contains(err, "bounce_reports_per_day", "per-day cap: the log names "
             "the setting")
    cap["EPAMSERV_NOW"] = str(T0 + 101 * DAY)
    rc, err = env.receive(bounce("postfix-failed.eml", CAROL, carol_mail),
                          env=cap)
    is_(len(records(env)), 3, "per-day cap: the next day it is recorded")
    for name in list(records(env)):
        os.unlink(os.path.join(env.spool, "bounces", name))
    rc, err = env.receive(bounce("postfix-failed.eml", ALICE, alice_mail),
                          env={"EPAMSERV_BOUNCE_REPORTS_PER_DAY": "0"})
    no_records(env, "bounce_reports_per_day = 0: no report is recorded")
    contains(err, "bounce_reports_per_day = 0", "... and the log says why")
    # One report may write at most three records.
    end = b"\n--4Ty7Q22Jm0z9sWL.1795936442/mx.example.org--"
    extra = b"".join(b"\n--4Ty7Q22Jm0z9sWL.1795936442/mx.example.org\n"
                     b"Content-Type: message/rfc822\n\n" + m
                     for m in (bob_mail, carol_mail, as_returned(to_dave)))
    many = bounce("postfix-failed.eml", ALICE, alice_mail).replace(
        end, extra + end)
    ok(many.count(b"Message-ID: <epamserv.") == 4, "a report returning four "
       "of our mails, to four players")
    rc, err = env.receive(many, env={"EPAMSERV_NOW": str(T0 + 102 * DAY)})
    is_(len(records(env)), 3, "one report writes at most three bounce "
        "records")
finally:
    env.close()
done()
