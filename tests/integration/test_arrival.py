#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A move counts at the time its mail reached us (issue 15, item 1): the
date of the topmost Received field (the one our MTA added) for receive,
the earlier of that and the Maildir delivery time (the file name's
seconds, else its mtime) for batch --maildir, the IMAP INTERNALDATE for
batch --imap; never later than now, never more than arrival_max_hours
(72) before the mail was first read, never before the board's last move.
A Received field below the top one (the sender's) never counts; a mail
set aside on a damaged board keeps its arrival when retried days later;
and a move that arrived within the player's bank but was processed
after it is recorded inside the bank (the clock line)."""
import email.utils
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from harness import Env, ok, is_, contains, done, make_mail
from imapd import Dovecot

T0 = 1796000000          # 2026-11-30T00:53:20Z
HOUR = 3600
DAY = 24 * HOUR


def iso(t):
    return email.utils.formatdate(t, usegmt=True)


def stamp(t):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def with_received(mail, *times):
    """mail with one Received field per time, the first on top (ours)."""
    top = b""
    for i, t in enumerate(times):
        top += ("Received: from relay%d.example.net (relay%d.example.net "
                "[192.0.2.%d])\r\n\tby mx%d.games.example (Postfix) with "
                "ESMTP id A%d\r\n\tfor <epamserv@games.example>; %s\r\n"
                % (i, i, i + 1, i, i, iso(t))).encode()
    return top + mail


def move_time(env, board, n):
    """The TIME of move n of board, or None."""
    for line in (env.game_file(board) or "").split("\n"):
        f = line.split()
        if len(f) >= 4 and f[0] == "move:" and f[1] == str(n):
            return f[3]
    return None


def clock_line(env, board):
    for line in (env.game_file(board) or "").split("\n"):
        if line.startswith("clock: "):
            return line[7:]
    return None


def at(t):
    return {"EPAMSERV_NOW": str(t)}


def move_mail(who, board, mv):
    return make_mail("%s@example.org" % who, "epaminondas move %d %s %s %s"
                     % (board, who, who[0], mv))


env = Env(smtp=False)
imapd = None
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "carol", "dave", "erin", "fred")
    env.start_game("alice", "bob", 101)
    env.start_game("erin", "fred", 102)

    # --- receive: the topmost Received field -------------------------
    t1 = T0 + 10 * HOUR
    rc, err = env.receive(with_received(move_mail("alice", 101, "e2-e3"),
                                        t1 - 5 * HOUR, t1 - 9 * HOUR),
                          env=at(t1))
    is_(rc, 0, "receive: the move is played")
    is_(move_time(env, 101, 1), stamp(t1 - 5 * HOUR),
        "receive: the move counts at its topmost Received date, 5 hours "
        "before it was processed")

    t2 = t1 + 2 * HOUR
    rc, err = env.receive(with_received(move_mail("bob", 101, "e11-e10"),
                                        t2 - HOUR, t1 - 4 * HOUR),
                          env=at(t2))
    is_(move_time(env, 101, 2), stamp(t2 - HOUR),
        "a forged lower Received field (earlier) does not count")

    t3 = t2 + HOUR
    rc, err = env.receive(with_received(move_mail("alice", 101, "e3-e4"),
                                        t3 + 6 * HOUR), env=at(t3))
    is_(move_time(env, 101, 3), stamp(t3),
        "a Received date in the future is clamped to now")

    t4 = t3 + 2 * HOUR
    rc, err = env.receive(with_received(move_mail("bob", 101, "e10-e9"),
                                        t3 - HOUR), env=at(t4))
    is_(move_time(env, 101, 4), stamp(t3),
        "never before the board's last move")

    t5 = t4 + 10 * DAY
    rc, err = env.receive(with_received(move_mail("alice", 101, "e4-e5"),
                                        t5 - 30 * DAY), env=at(t5))
    is_(move_time(env, 101, 5), stamp(t5 - 72 * HOUR),
        "a Received date weeks back is clamped to arrival_max_hours (72) "
        "before now")

    t6 = t5 + HOUR
    e = at(t6)
    e["EPAMSERV_ARRIVAL"] = "now"
    rc, err = env.receive(with_received(move_mail("bob", 101, "e9-e8"),
                                        t6 - 3 * HOUR), env=e)
    is_(move_time(env, 101, 6), stamp(t6),
        "arrival = now: the move counts when it is processed")

    t7 = t6 + HOUR
    rc, err = env.receive(move_mail("alice", 101, "e5-e6"), env=at(t7))
    is_(move_time(env, 101, 7), stamp(t7),
        "a mail without a Received field counts at now")

    t8 = t7 + HOUR
    rc, err = env.receive(b"Received: from x by y; not a date\r\n" +
                          move_mail("bob", 101, "d11-d10"), env=at(t8))
    is_(move_time(env, 101, 8), stamp(t8),
        "a topmost Received field whose date does not parse: now")

    # --- batch --maildir: the delivery time --------------------------
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))

    def put(name, mail, mtime):
        p = os.path.join(md, "new", name)
        with open(p, "wb") as f:
            f.write(mail)
        os.utime(p, (mtime, mtime))

    b0 = T0 + 20 * DAY
    put("%d.M1P1.test" % (b0 - 3 * HOUR), move_mail("erin", 102, "e2-e3"),
        b0 - 3 * HOUR)
    rc, out, err = env.run("batch", "--maildir", md, env=at(b0))
    is_(rc, 0, "batch --maildir handles the mail")
    is_(move_time(env, 102, 1), stamp(b0 - 3 * HOUR),
        "Maildir: the move counts at the delivery time of the file's name")

    b1 = b0 + HOUR
    put("move-from-a-script", move_mail("fred", 102, "e11-e10"),
        b1 - 40 * 60)
    rc, out, err = env.run("batch", "--maildir", md, env=at(b1))
    is_(move_time(env, 102, 2), stamp(b1 - 40 * 60),
        "Maildir: a file name without a time: its mtime")

    b2 = b1 + 5 * HOUR
    put("%d.M2P1.test" % (b2 - HOUR), with_received(
        move_mail("erin", 102, "e3-e4"), b2 - 4 * HOUR), b2 - HOUR)
    rc, out, err = env.run("batch", "--maildir", md, env=at(b2))
    is_(move_time(env, 102, 3), stamp(b2 - 4 * HOUR),
        "Maildir: a topmost Received earlier than the delivery time wins "
        "(the earlier of our two records)")

    b3 = b2 + HOUR
    e = at(b3)
    e["EPAMSERV_ARRIVAL"] = "delivery"
    put("%d.M3P1.test" % (b3 - 2 * HOUR), with_received(
        move_mail("fred", 102, "e10-e9"), b3 - 5 * HOUR), b3 - 2 * HOUR)
    rc, out, err = env.run("batch", "--maildir", md, env=e)
    is_(move_time(env, 102, 4), stamp(b3 - 2 * HOUR),
        "arrival = delivery: the file's time alone")

    b4 = b3 + HOUR
    put("%d.M4P1.test" % (b4 + 9 * HOUR), move_mail("erin", 102, "e4-e5"),
        b4 + 9 * HOUR)
    rc, out, err = env.run("batch", "--maildir", md, env=at(b4))
    is_(move_time(env, 102, 5), stamp(b4),
        "Maildir: a delivery time in the future is clamped to now")

    # --- a mail set aside on a damaged board keeps its arrival -------
    h0 = b4 + DAY
    path102 = os.path.join(env.spool, "games", "epaminondas", "102.game")
    good = env.game_file(102)
    with open(path102, "w") as f:
        f.write(good.replace("move: 1 e2-e3", "move: 1 e2-q9"))
    put("%d.M5P1.test" % (h0 - 2 * HOUR), move_mail("fred", 102, "e9-e8"),
        h0 - 2 * HOUR)
    rc, out, err = env.run("batch", "--maildir", md, env=at(h0))
    is_(rc, 75, "the mail for the damaged board is set aside")
    is_(len(os.listdir(os.path.join(env.spool, "held"))), 1,
        "it has a held/ record")
    with open(path102, "w") as f:
        f.write(good)
    rc, out, err = env.run("batch", "--maildir", md, env=at(h0 + 4 * DAY))
    is_(rc, 0, "repaired, the mail is carried out 4 days later")
    is_(move_time(env, 102, 6), stamp(h0 - 2 * HOUR),
        "a held mail retried 4 days later keeps its arrival (the 72 hours "
        "count from when it was first read)")

    # receive: the MTA retries the same bytes (exit 75 each time)
    r0 = h0 + 5 * DAY
    path101 = os.path.join(env.spool, "games", "epaminondas", "101.game")
    good = env.game_file(101)
    with open(path101, "w") as f:
        f.write(good.replace("move: 1 e2-e3", "move: 1 e2-q9"))
    held_mail = with_received(move_mail("alice", 101, "e6-e7"), r0 - HOUR)
    rc, err = env.receive(held_mail, env=at(r0))
    is_(rc, 75, "receive: the mail for the damaged board waits in the MTA")
    with open(path101, "w") as f:
        f.write(good)
    rc, err = env.receive(held_mail, env=at(r0 + 2 * DAY))
    is_(rc, 0, "receive: its retry two days later is carried out")
    is_(move_time(env, 101, 9), stamp(r0 - HOUR),
        "receive: the retried mail keeps its Received time")

    # --- it matters: a move within the bank, processed after it ------
    c0 = T0 + 30 * DAY
    env.env["EPAMSERV_NOW"] = str(c0)
    env.start_game("carol", "dave", 103, "-time=1d+1h")
    rc, err = env.receive(with_received(move_mail("carol", 103, "e2-e3"),
                                        c0), env=at(c0))
    is_(move_time(env, 103, 1), stamp(c0), "board 103: carol's move")
    rc, err = env.receive(with_received(move_mail("dave", 103, "e11-e10"),
                                        c0 + 20 * HOUR), env=at(c0 + 30 * HOUR))
    is_(rc, 0, "dave's move, processed 30 hours later (past his 1 day "
        "bank), is played")
    is_(move_time(env, 103, 2), stamp(c0 + 20 * HOUR),
        "it counts at its arrival, 20 hours into his bank")
    is_(clock_line(env, 103), "%d %d" % (DAY + HOUR, DAY - 20 * HOUR + HOUR),
        "the clock line: dave has 1d - 20h + 1h left, not lost on time")
    contains(env.game_file(103) or "", "result: active",
             "the game goes on")

    # --- batch --imap: the INTERNALDATE ------------------------------
    USER, PASSWORD = "epamserv-in", "Imap-Pw-5813"
    imapd = Dovecot(USER, PASSWORD)
    pwfile = os.path.join(env.root, "imap.pw")
    with open(pwfile, "w") as f:
        f.write(PASSWORD + "\n")
    os.chmod(pwfile, 0o600)
    env.env["EPAMSERV_IMAP_USER"] = USER
    env.env["EPAMSERV_IMAP_PASSWORD_FILE"] = pwfile
    env.env["EPAMSERV_IMAP_TLS"] = "none"
    url = "imap://127.0.0.1:%d/INBOX" % imapd.port
    i0 = c0 + 2 * DAY
    name = "%d.M9P1.test" % (i0 - HOUR)
    imapd.deliver(move_mail("carol", 103, "e3-e4"), name)
    p = os.path.join(imapd.maildir, "new", name)
    os.utime(p, (i0 - 6 * HOUR, i0 - 6 * HOUR))
    rc, out, err = env.run("batch", "--imap", url, env=at(i0))
    is_(rc, 0, "batch --imap handles the mail")
    is_(move_time(env, 103, 3), stamp(i0 - 6 * HOUR),
        "IMAP: the move counts at its INTERNALDATE, 6 hours back")
finally:
    if imapd:
        imapd.stop()
    env.close()
done()
