#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 33 item 7, logs to rely on: exactly one in: line for every mail
read, through receive and through one batch --maildir run, whatever the
mail (players' commands, a duplicate, wrong passwords, bounces and DSNs,
auto-replies, garbage, a MIME bomb refused before parsing, mails with no
From, no Message-ID or nothing at all, a stranger's, a mail too large, a
mail naming a board whose file does not load, forged log text in the
subject); a wrong password names the attacked account in userid=, and
the shipped fail2ban filter still finds its client; a stranger's mail
refused because a file does not load is logged as refused, not held;
game names in one case; mails= counts mails queued (a "multiple" mail's
one answer) and batch's summary counts the robots' replies; an outage of
the SMTP relay prints once (cron mails it once), and the first run that
reaches the relay again prints one line saying so, while the exit status
stays 75 as long as mail waits.

On the tree before: the MIME bomb got no in: line, the wrong password
from another address said userid=-, the game was logged as the sender
wrote it, a "multiple" mail said mails=101, the stranger's refused mail
said outcome=held, batch's summary had no mails=, and every run during
the outage printed the relay's error."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done, make_mail, \
    RECEIVED_POSTFIX, fail2ban_regex, SRCDIR  # noqa: E402

MAILS = os.path.join(SRCDIR, "tests", "mail")


def in_lines(env):
    with open(env.log, encoding="utf-8", errors="replace") as f:
        return [l for l in f.read().splitlines() if " in: " in l]


def fields(line):
    """The key=value pairs of an in: line, unquoted."""
    out = {}
    for m in re.finditer(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)',
                         line.split(" in: ", 1)[-1]):
        v = m.group(2)
        if v.startswith('"'):
            v = re.sub(r'\\(.)', r'\1', v[1:-1])
        out.setdefault(m.group(1), v)
    return out


def file_mail(name):
    with open(os.path.join(MAILS, name), "rb") as f:
        return f.read()


def varied(tag):
    """(name, raw mail) of every kind; tag keeps the Message-IDs of one
    set apart from another's."""
    big = make_mail("bob@example.org", "help", body="x" * 300000,
                    msgid="<big.%s@x.example>" % tag)
    return [
        ("help", make_mail("alice@example.org", "help",
                           msgid="<help.%s@x.example>" % tag)),
        ("duplicate", make_mail("alice@example.org", "help",
                                msgid="<help.%s@x.example>" % tag)),
        ("wrong password", make_mail(
            "mallory@evil.example", "EPAMINONDAS move 101 alice Wrong9 a2-a3",
            msgid="<wrong.%s@x.example>" % tag,
            headers={"Received": RECEIVED_POSTFIX})),
        ("no such user", make_mail("mallory@evil.example",
                                   "change password zed Wrong9 New3",
                                   msgid="<nouser.%s@x.example>" % tag)),
        ("bounce", file_mail("bounce.eml")),
        ("dsn", file_mail(os.path.join("dsn", "postfix-failed.eml"))),
        ("auto-reply", file_mail("autoreply.eml")),
        ("garbage", file_mail("garbage.eml")),
        ("MIME bomb", file_mail("deep-mime.eml")),
        ("no Message-ID", file_mail("no-message-id.eml")),
        ("nothing at all", b""),
        ("no From", b"Subject: help\r\nMessage-ID: <nofrom.%s@x.example>"
                    b"\r\n\r\nhelp\r\n" % tag.encode()),
        ("stranger, no command", make_mail(
            "x@stranger.example", "hello there",
            msgid="<hello.%s@x.example>" % tag)),
        ("forged log text", make_mail(
            "x@stranger.example", "help\r\n in: msgid=<f@x> outcome=done",
            msgid="<forged.%s@x.example>" % tag)),
        ("NUL bytes", make_mail("x@stranger.example", "help\x00\x00",
                                body="\x00in: x\x00",
                                msgid="<nul.%s@x.example>" % tag)),
        ("multiple", make_mail("alice@example.org", "multiple",
                               body="epaminondas show 101\nhelp\n",
                               msgid="<mult.%s@x.example>" % tag)),
        ("too large", big),
    ]


env = Env()
try:
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    env.new_messages()

    # -- one mail at a time through receive ---------------------------------
    for name, raw in varied("r"):
        before = len(in_lines(env))
        rc, _, err = env.run("receive", stdin=raw,
                             env={"EPAMSERV_MAX_MAIL_SIZE": "100000"})
        got = in_lines(env)[before:]
        ok(rc in (0, 75) and len(got) == 1,
           "receive, %s: exactly one in: line" % name,
           "exit %d, %d lines: %s" % (rc, len(got), got))
    by_id = {}
    for line in in_lines(env):
        by_id.setdefault(fields(line).get("msgid"), []).append(fields(line))
    f = by_id.get("<wrong.r@x.example>", [{}])[0]
    is_((f.get("userid"), f.get("outcome"), f.get("reason")),
        ("alice", "refused", "wrong-password"),
        "a wrong password from another address names the attacked account")
    is_(f.get("game"), "epaminondas", "the game in its own case, whatever "
        "case the sender wrote (EPAMINONDAS)")
    rx = fail2ban_regex()
    hits = [m.group("host") for m in map(rx.search, in_lines(env)) if m]
    is_(hits, ["192.0.2.7"], "the fail2ban filter still finds the client of "
        "the wrong password, and nothing else")
    f = by_id.get("<nouser.r@x.example>", [{}])[0]
    is_((f.get("userid"), f.get("reason")), ("-", "no-such-user"),
        "an account that does not exist is not named (it may be a password)")
    f = by_id.get("<mult.r@x.example>", [{}])[0]
    is_((f.get("verb"), f.get("mails")), ("multiple", "1"),
        "a multiple mail: verb=multiple, its one answer counted")
    f = by_id.get("<big.r@x.example>", [{}])[0]
    is_(f.get("outcome"), "refused", "a mail too large is refused")
    bomb = [l for l in in_lines(env) if "reason=unreadable" in l]
    ok(len(bomb) == 1 and "outcome=dropped" in bomb[0],
       "the MIME bomb: dropped as unreadable", bomb)
    ok(all(" in: msgid=<f@x>" not in l for l in in_lines(env)),
       "the forged text starts no line of its own")
    with open(env.log, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    ok("Wrong9" not in text, "the password is never logged")

    # -- the same kinds in one batch run -----------------------------------
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    mails = varied("b")
    for i, (name, raw) in enumerate(mails):
        with open(os.path.join(md, "new", "%05d.m%d.host" % (i, i)),
                  "wb") as fh:
            fh.write(raw)
    before = len(in_lines(env))
    env.new_messages()
    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_MAX_MAIL_SIZE": "100000"})
    is_(len(in_lines(env)) - before, len(mails), "batch: one in: line for "
        "each of its %d mails" % len(mails))
    m = re.search(r"batch: handled=(\d+) left=(\d+) mails=(\d+)", err)
    sent = len(env.new_messages())
    ok(m and int(m.group(3)) == sent, "batch's summary counts the mails it "
       "queued (%d sent)" % sent, err[-600:])

    # -- a robot's reply counted -------------------------------------------
    for name in os.listdir(os.path.join(md, "new")):
        os.unlink(os.path.join(md, "new", name))
    with open(os.path.join(md, "new", "99999.robot.host"), "wb") as fh:
        # the robot White: it accepts and moves in the same run
        fh.write(make_mail("alice@example.org", "epaminondas challenge "
                           "robot-novice alice -size=6x7 by alice a",
                           msgid="<robot.b@x.example>"))
    rc, out, err = env.run("batch", "--maildir", md)
    m = re.search(r"batch: handled=1 left=0 mails=(\d+)", err)
    sent = len(env.new_messages())
    robot = re.findall(r"robot robot-novice: .* mails=(\d+)", err)
    f = fields([l for l in in_lines(env) if "<robot.b@x.example>" in l][0])
    ok(robot and m and int(m.group(1)) == sent ==
       int(f.get("mails", 0)) + sum(int(n) for n in robot),
       "batch's mails= counts the robot's replies: the challenge's own plus "
       "the robot's", (err[-1500:], sent, f))

    # -- a board whose file does not load ------------------------------------
    env.mail("alice@example.org", "epaminondas challenge alice bob by "
             "alice a", msgid="<chal.r@x.example>")
    board = [fields(l) for l in in_lines(env)
             if "<chal.r@x.example>" in l][0].get("created")
    env.mail("bob@example.org", "epaminondas accept %s bob b" % board)
    game = os.path.join(env.spool, "games", "epaminondas", "%s.game" % board)
    with open(game) as fh:
        kept = fh.read()
    with open(game, "a") as fh:
        fh.write("not a line of a game\n")
    before = len(in_lines(env))
    rc, err = env.mail("alice@example.org", "epaminondas move %s alice a "
                       "a2-a3" % board, msgid="<held.r@x.example>")
    rc2, err2 = env.mail("x@stranger.example", "epaminondas show %s" % board,
                         msgid="<stranger.r@x.example>")
    got = [fields(l) for l in in_lines(env)[before:]]
    is_([(g.get("msgid"), g.get("outcome")) for g in got],
        [("<held.r@x.example>", "held"),
         ("<stranger.r@x.example>", "refused")],
        "a player's mail set aside is held; a stranger's, answered with an "
        "error and done, is refused (one line each)")
    is_((rc, rc2), (75, 0), "the player's waits (75), the stranger's is done")
    with open(game, "w") as fh:
        fh.write(kept)  # repaired: the runs below have nothing to hold
    rc, out, err = env.run("sweep", quiet=True)
    is_(rc, 0, "the board repaired, the held mail is played")

    # -- the relay down, then back -------------------------------------------
    port = env.server.port
    env.server.stop()
    env.server = None
    rc, out, err = env.run("receive", stdin=make_mail(
        "alice@example.org", "help", msgid="<down1@x.example>"), quiet=True)
    is_(rc, 0, "receive with the relay down: the mail is done")
    # A Postfix pipe throws away what receive prints when it exits 0: the
    # outage is told by the next run whose output cron mails.
    is_(err, "", "receive, which nobody hears, tells nothing")
    rc, out, err = env.run("flush", quiet=True)
    is_(rc, 75, "the first cron flush of the outage exits 75")
    is_(len(re.findall(r"relay: status=down ", err)), 1,
        "and prints one line about the relay (cron mails it)")
    ok("status=deferred" not in err, "and not each mail's deferral", err)
    quiet = []
    for args in (("sweep",), ("flush",)):
        rc, out, err = env.run(*args, quiet=True)
        quiet.append((args[0], rc, err))
    is_(quiet, [("sweep", 0, ""), ("flush", 75, "")],
        "later runs print nothing (cron mails nobody); flush still exits 75")
    rc, out, err = env.run("receive", stdin=make_mail(
        "bob@example.org", "help", msgid="<down2@x.example>"), quiet=True)
    is_((rc, err), (0, ""), "nor does a later receive")
    try:
        with open(os.path.join(env.spool, "runs", "relay")) as fh:
            record = fh.read()
    except FileNotFoundError:
        record = ""
    contains(record, "runs: 5", "SPOOL/runs/relay counts the runs that "
             "found the relay down")
    os.makedirs(os.path.join(env.root, "back"))
    env.server = Server(os.path.join(env.root, "back"),
                        extra=["--port", str(port)])
    rc, out, err = env.run("flush", quiet=True)
    is_(rc, 0, "the relay is back: flush delivers and exits 0")
    ok(re.fullmatch(r"epamserv: relay: status=back since=\S+ down_for=\d+s "
                    r"runs=5 delivered=2\n", err),
       "one line says the relay is back, since when, and how many mails "
       "went", err)
    ok(not os.path.exists(os.path.join(env.spool, "runs", "relay")),
       "the record of the outage is gone")
    rc, out, err = env.run("flush", quiet=True)
    is_((rc, err), (0, ""), "the next run prints nothing")
finally:
    env.close()
done()
