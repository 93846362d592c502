#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Logs you can grep (issue 13, items 2 and 3): one key=value line per
incoming mail with its Message-ID, sender, the client of our own MTA's
Received header, userid, verb and board, outcome and refusal reason,
never a password or token; the shipped fail2ban filter finds the client
of wrong passwords and cannot be fooled by what a sender writes; a
successful cron run (receive, batch, sweep, flush) prints nothing
unless --verbose."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, \
    RECEIVED_POSTFIX, fail2ban_regex

RECEIVED = RECEIVED_POSTFIX


def log_lines(env):
    with open(env.log, encoding="utf-8", errors="replace") as f:
        return [l for l in f.read().splitlines() if " in: " in l]


def line_of(env, msgid):
    found = [l for l in log_lines(env) if "msgid=<%s>" % msgid in l]
    return found[-1] if len(found) == 1 else "%d lines for %s" % (len(found), msgid)


def fields(line):
    """The key=value pairs of a log line, unquoted."""
    out = {}
    for m in re.finditer(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', line.split(" in: ", 1)[-1]):
        v = m.group(2)
        if v.startswith('"'):
            v = re.sub(r'\\(.)', r'\1', v[1:-1])
        out.setdefault(m.group(1), v)
    return out


env = Env()
try:
    env.signup("alice@example.org", "alice", "Secret1")
    env.signup("bob@example.org", "bob", "Bobpass2")
    env.new_messages()

    # A wrong password through our MTA: the line names the client.
    rc, err = env.receive(make_mail("alice@example.org",
                                    "change password alice Wrong99 Newpass3",
                                    msgid="<wrong1@x.example>",
                                    headers={"Received": RECEIVED}))
    is_(rc, 0, "a wrong password is refused (exit 0)")
    f = fields(line_of(env, "wrong1@x.example"))
    is_(f.get("client"), "192.0.2.7", "client from the Received header")
    is_(f.get("from"), "alice@example.org", "the sender")
    is_(f.get("verb"), "change-password", "the verb")
    is_(f.get("outcome"), "refused", "the outcome")
    is_(f.get("reason"), "wrong-password", "the reason: the refusal's key, "
        "the same in every language (test_log_english.py)")
    is_(f.get("mails"), "1", "the one reply it created")

    # A move: userid, game, verb and board; a password never logged.
    rc, err = env.mail("alice@example.org",
                       "epaminondas challenge alice bob by alice Secret1",
                       msgid="<chal1@x.example>")
    f = fields(line_of(env, "chal1@x.example"))
    is_((f.get("userid"), f.get("game"), f.get("verb"), f.get("outcome")),
        ("alice", "epaminondas", "challenge", "done"),
        "a challenge: userid, game, verb, outcome")
    is_(f.get("client"), "-", "no Received header: client=-")
    is_(f.get("created"), "101", "the challenge names the board it created")
    ok(line_of(env, "chal1@x.example").endswith(" created=101"),
       "created= is the line's last key", line_of(env, "chal1@x.example"))
    rc, err = env.mail("bob@example.org", "epaminondas accept 101 bob Bobpass2",
                       msgid="<acc1@x.example>")
    f = fields(line_of(env, "acc1@x.example"))
    is_((f.get("verb"), f.get("board"), f.get("outcome")),
        ("accept", "101", "done"), "an accept: verb, board, outcome")
    is_(f.get("created"), "-", "an accept creates no board: created=-")
    rc, err = env.mail("alice@example.org", "epaminondas move 101 alice Secret1 z9-z8",
                       msgid="<ill1@x.example>")
    f = fields(line_of(env, "ill1@x.example"))
    is_((f.get("board"), f.get("outcome")), ("101", "refused"),
        "an illegal move: refused, with its board")
    ok(f.get("reason", "-") != "-", "an illegal move has a reason", f)
    rc, err = env.mail("alice@example.org", "multiple",
                       body="epaminondas challenge alice bob by alice Secret1\n"
                            "epaminondas challenge bob alice by alice Secret1\n",
                       msgid="<mult1@x.example>")
    f = fields(line_of(env, "mult1@x.example"))
    is_(f.get("created"), "102,103",
        "a mail of two challenges names both boards")

    # Passwords and tokens in wrong places never reach the log.
    env.mail("x@stranger.example", "signup carol Carolpw4 Secret1 Wrong99",
             msgid="<sig1@x.example>")
    env.mail("alice@example.org", "set alice Secret1 Wrong99 Bobpass2",
             msgid="<set1@x.example>")
    # A long password where the move belongs: the refusal quotes it cut
    # short and lowercased ("'verysecretpassword12' is not a move").
    env.mail("alice@example.org", "epaminondas move 101 alice Secret1 "
             "VerySecretPassword12345", msgid="<long1@x.example>")
    with open(env.log, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    for secret in ("Secret1", "Wrong99", "Newpass3", "Bobpass2", "Carolpw4"):
        ok(secret not in text, "the log never holds the password %s" % secret)
    ok("verysecretp" not in text.lower(), "nor the start of a long one, in "
       "any case", line_of(env, "long1@x.example"))
    is_(len(log_lines(env)), len(set(fields(l).get("msgid") for l in log_lines(env))),
        "exactly one line per incoming mail")

    # fail2ban: the shipped filter finds the client of a wrong password,
    # not of a refusal for another reason, and not what a sender wrote.
    rx = fail2ban_regex()
    hits = [m.group("host") for m in map(rx.search, log_lines(env)) if m]
    is_(hits, ["192.0.2.7"], "the filter matches the wrong password only")
    other = RECEIVED.replace("192.0.2.7", "198.51.100.9")
    forged = '"x client=6.6.6.6 userid=- game=- verb=- board=-"@evil.example'
    env.receive(make_mail(forged, "change password alice Wrong98 Other4",
                          msgid="<forge1@x.example>",
                          headers={"Received": other}))
    f = fields(line_of(env, "forge1@x.example"))
    is_(f.get("client"), "198.51.100.9", "a forged From cannot move the "
        "client field")
    env.receive(make_mail("mallory@evil.example", "change password alice "
                          "client=6.6.6.7 reason=wrong-password",
                          msgid="<forge2@x.example>",
                          headers={"Received": other}))
    hits = [m.group("host") for m in map(rx.search, log_lines(env)) if m]
    ok(hits == ["192.0.2.7", "198.51.100.9"],
       "text a sender chooses cannot move the client field",
       (hits, line_of(env, "forge2@x.example")))
    # what fail2ban matches once it took the date off a syslog line
    syslog_form = "games epamserv[42]: " + \
        line_of(env, "wrong1@x.example").split(": ", 2)[2]
    ok(rx.search(syslog_form), "the filter reads the syslog form too",
       syslog_form)

    # Quiet cron: a successful run prints nothing without --verbose.
    maildir = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(maildir, sub))
    with open(os.path.join(maildir, "new", "1.a"), "wb") as fh:
        fh.write(make_mail("alice@example.org", "help"))
    for args in (("batch", "--maildir", maildir), ("batch", "--maildir", maildir),
                 ("sweep",), ("flush",)):
        rc, out, err = env.run(*args, quiet=True)
        is_((rc, out, err), (0, "", ""), "%s prints nothing" % " ".join(args))
    rc, out, err = env.run("receive", stdin=make_mail("bob@example.org", "help"),
                           quiet=True)
    is_((rc, out, err), (0, "", ""), "receive of a good mail prints nothing")
    rc, out, err = env.run("sweep", quiet=True)
    with open(env.log, encoding="utf-8", errors="replace") as fh:
        contains(fh.read(), "sweep: reminders=0", "the summary is in the log")
    rc, out, err = env.run("--verbose", "batch", "--maildir", maildir, quiet=True)
    contains(err, "batch: handled=0 left=0", "--verbose shows the summary")
finally:
    env.close()
done()
