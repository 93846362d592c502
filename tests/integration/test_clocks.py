#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 15, the sweep and claim: a -time=3d+1d/5d game whose banks
move as computed by hand after every move and whose player loses on
time once his bank is spent (auto); the same under -timeout=claim (no
loss by the sweep, a claim refused before the time is out, one after it
wins); a move that comes after the deadline (auto) is not played; an
ICCF -time=10/30d game with the time carried over; reminders at 50% and
24 hours left, once each, with a token that plays a move; a loss before
both moved is unrated and the opponent's mail says how it ended; no loss
while the board is quarantined or a held mail names it."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, body_of

T0 = 1796000000
H = 3600
D = 86400

env = Env()


def at(t):
    return {"EPAMSERV_NOW": str(T0 + t)}


def mail(who, subject, t, body=""):
    rc, _, err = env.run("receive", stdin=(
        "From: %s@example.org\r\nSubject: %s\r\nMessage-ID: <m%d.%s@x>\r\n"
        "\r\n%s\r\n" % (who, subject, mail.n, who, body)).encode(), env=at(t))
    mail.n += 1
    return rc, err
mail.n = 0


def sweep(t):
    rc, out, err = env.run("sweep", env=at(t))
    return err


def clock(board):
    m = re.search(r"^clock: (\d+) (\d+)$", env.game_file(board) or "", re.M)
    return (int(m.group(1)), int(m.group(2))) if m else None


def subjects(msgs):
    return sorted((m.envelope_to[0], " ".join(str(m["Subject"]).split()))
                  for m in msgs)


try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101, "-time=3d+1d/5d")
    env.new_messages()

    # --- 101: -time=3d+1d/5d, auto; the banks after every move. -------
    # (the time the move took, then the bank at the start of the next
    # turn: White's and Black's, seconds)
    steps = [("alice", "e2-e3", 1 * D,        (3 * D, 3 * D)),   # 3d-1d+1d
             ("bob", "e11-e10", 1 * D + 2 * H, (3 * D, 4 * D - 2 * H)),
             ("alice", "e3-e4", 1 * D + 8 * H, (4 * D - 6 * H, 4 * D - 2 * H)),
             ("bob", "e10-e9", 1 * D + 9 * H,  (4 * D - 6 * H, 5 * D - 3 * H)),
             ("alice", "f2-f3", 1 * D + 9 * H, (5 * D - 6 * H, 5 * D - 3 * H)),
             # 5d-3h+1d is over the cap of 5 days
             ("bob", "f11-f10", 1 * D + 9 * H, (5 * D - 6 * H, 5 * D))]
    for who, mv, t, want in steps:
        mail(who, "epaminondas move 101 %s %s %s" % (who, who[0], mv), t)
        is_(clock(101), want, "101 after %s's %s: the banks are %s" % (who, mv, want))
    env.new_messages()
    turn = 1 * D + 9 * H          # alice's turn began; her bank 5d-6h
    bank = 5 * D - 6 * H
    sweep(turn + bank // 2 - H)
    is_(len(env.new_messages()), 0, "no reminder before half her time is used")
    sweep(turn + bank // 2 + H)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["alice@example.org"]],
        "at half her time left, one reminder to the player to move only")
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "Reminder: alice", "the reminder names her")
    ok(re.search(r"deadline\s+is\s+\w{3}\s+\d+\s+\w{3}\s+20\d\d\s+\d\d:\d\d\s+UTC",
                 text), "the reminder gives the deadline as a date and time", text)
    contains(text, "left", "and the time left")
    ok(msgs and harness.token_of(msgs[0]) and
       harness.kind_of(msgs[0]) == "reminder" and
       msgs[0]["Subject"] == "Epaminondas Board 101 (alice v bob)",
       "the reminder carries her reply token in its Message-ID, and the "
       "game's subject", msgs and (msgs[0]["Subject"], msgs[0]["Message-ID"]))
    sweep(turn + bank // 2 + 2 * H)
    is_(len(env.new_messages()), 0, "the 50% reminder is not sent twice")
    sweep(turn + bank - 23 * H)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["alice@example.org"]],
        "24 hours before the deadline, the second reminder")
    sweep(turn + bank - 22 * H)
    is_(len(env.new_messages()), 0, "nor the 24h one")
    sweep(turn + bank - 60)
    is_(len(env.new_messages()), 0, "no loss a minute before the deadline")
    err = sweep(turn + bank + 60)
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@example.org"],
        "her time out: both players are told")
    text = body_of(msgs["bob@example.org"][0]) if "bob@example.org" in msgs else ""
    contains(text, "alice's time ran out on board 101: bob wins on time",
             "the opponent's mail says how the game ended")
    contains(env.game_file(101) or "", "end: forfeit alice",
             "the game file records the loss on time")
    ok("unchanged" not in text, "both had moved: the game is rated", text)
    sweep(turn + bank + 2 * H)
    is_(len(env.new_messages()), 0, "the loss on time is not sent twice")

    # --- 102: the same control under -timeout=claim. -----------------
    env.start_game("carol", "dave", 102, "-time=3d+1d/5d -timeout=claim")
    env.new_messages()
    sweep(2 * D)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["carol@example.org"]],
        "102: the 50% reminder goes to carol")
    mid = str(msgs[0]["Message-ID"]) if msgs else ""
    # A reply to the reminder (In-Reply-To), with just the move, plays it.
    rc, _, err = env.run("receive", stdin=(
        "From: carol@example.org\r\nSubject: Re: Epaminondas Board 102 "
        "(carol v dave)\r\nIn-Reply-To: %s\r\nMessage-ID: <tok1@x>\r\n\r\n"
        "e2-e3\r\n" % mid).encode(), env=at(2 * D))
    contains(env.game_file(102) or "", "e2-e3", "the reminder's token plays a move")
    is_(clock(102), (2 * D, 3 * D), "102: carol used 2 days: 3d-2d+1d")
    env.new_messages()
    mail("carol", "epaminondas claim 102 carol c", 3 * D)
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    ok(re.search(r"dave's\s+time\s+on\s+board\s+102\s+is\s+not\s+out:\s+2\s+days"
                 r"\s+0\s+hours\s+left,\s+until\s+\w{3}\s+\d+", text),
       "a claim before the time is out is refused with the time left and "
       "the deadline", text)
    mail("dave", "epaminondas claim 102 dave d", 3 * D)
    contains(body_of(env.new_messages()[0]), "only your opponent may claim",
             "the player whose time it is cannot claim")
    mail("alice", "epaminondas claim 102 alice a", 3 * D)
    contains(body_of(env.new_messages()[0]), "not a player",
             "a non-player cannot claim")
    err = sweep(6 * D)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["carol@example.org"]],
        "under claim the sweep ends nothing: it tells the opponent alone")
    contains(body_of(msgs[0]) if msgs else "",
             "dave's time on Epaminondas board 102 ran out",
             "that the time is out")
    contains(body_of(msgs[0]) if msgs else "",
             "epaminondas claim 102 carol PASSWORD", "and how to claim")
    contains(err, "claimable=1", "the sweep counts the board as claimable")
    sweep(6 * D + 3600)
    is_(len(env.new_messages()), 0, "the opponent is told once a turn")
    mail("carol", "epaminondas claim 102 carol c", 6 * D)
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["carol@example.org", "dave@example.org"],
        "the claim after the time is out wins: both are told")
    text = body_of(msgs["dave@example.org"][0]) if "dave@example.org" in msgs else ""
    contains(text, "dave's time ran out on board 102: carol wins on time",
             "the loser's mail says how it ended")
    contains(text, "unchanged: the game ended before both players had made a move",
             "a loss on time before both moved is unrated")
    ok(not os.path.exists(os.path.join(env.spool, "games", "epaminondas",
                                       "102.result")) and
       os.path.exists(os.path.join(env.spool, "games", "epaminondas",
                                   "101.result")),
       "no result record for the unrated game (101, rated, has one)")
    mail("carol", "epaminondas claim 102 carol c", 6 * D)
    contains(body_of(env.new_messages()[0]), "is over", "no claim on a finished game")

    # --- 103: a move after the deadline under auto is not played. -----
    env.start_game("alice", "bob", 103, "-time=1d")
    env.new_messages()
    mail("alice", "epaminondas move 103 alice a e2-e3", 1 * D + H)
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@example.org"],
        "103: the late move ends the game, both are told")
    text = body_of(msgs["bob@example.org"][0]) if "bob@example.org" in msgs else ""
    contains(text, "alice's time ran out on board 103: bob wins on time",
             "the opponent hears how it ended")
    contains(text, "unchanged: the game ended before both players",
             "unrated: nobody had moved")
    ok("e2-e3" not in (env.game_file(103) or ""), "the late move is not played")

    # --- 104: ICCF -time=10/30d over 11 moves each. -------------------
    env.start_game("carol", "dave", 104, "-time=10/30d")
    files = "abcdefghijk"
    t = 0
    for i in range(11):
        t += 1 * D
        mail("carol", "epaminondas move 104 carol c %s2-%s3" % (files[i], files[i]), t)
        t += 2 * D
        mail("dave", "epaminondas move 104 dave d %s11-%s10" % (files[i], files[i]), t)
        if i == 8:
            is_(clock(104), (21 * D, 12 * D), "104 after 9 moves each: "
                "30d less 9 and 18 days")
        if i == 9:
            is_(clock(104), (50 * D, 40 * D), "104 after 10 moves each: the "
                "next 30 days added to what was left (20d and 10d)")
        if i == 10:
            is_(clock(104), (49 * D, 38 * D), "104 after 11 moves each")
    contains(env.game_file(104) or "", "k11-k10", "all 22 moves played")
    env.new_messages()

    # --- 105: no loss while quarantined or a mail is held. ------------
    env.start_game("alice", "bob", 105, "-time=1d")
    base = 30 * D    # sweeps from here on: 101..104 are finished or far
    env.new_messages()
    rc, out, err = env.run("admin", "quarantine", "105", "--reason", "test")
    is_(rc, 0, "105 quarantined")
    sweep(2 * D)
    contains(env.game_file(105) or "", "result: active",
             "no loss on time while the board is quarantined")
    rc, out, err = env.run("admin", "quarantine", "--release", "105",
                           "--reason", "test over")
    is_(rc, 0, "105 released")
    held = os.path.join(env.spool, "held")
    os.makedirs(held, exist_ok=True)
    with open(os.path.join(held, "0123456789abcdef0123456789abcdef"), "w") as f:
        f.write("epamserv-held 1\nsince: 2026-11-30T05:48:00Z\n"
                "file: games/epaminondas/105.game\nerror: test\n")
    env.new_messages()
    err = sweep(2 * D + H)
    ok(not [m for m in env.new_messages() if "105" in str(m["Subject"])],
       "no loss on time while a held mail names the board")
    contains(err, "waiting=1", "the sweep says a mail waits")
    os.unlink(os.path.join(held, "0123456789abcdef0123456789abcdef"))
    sweep(2 * D + 2 * H)
    contains(env.game_file(105) or "", "end: forfeit alice",
             "once the mail is gone the loss on time comes")

    # --- 106: under claim a late move is played, the bank 0 then INC.
    env.start_game("alice", "bob", 106, "-time=3d+1d -timeout=claim")
    mail("alice", "epaminondas move 106 alice a e2-e3", 5 * D)
    contains(env.game_file(106) or "", "e2-e3",
             "106: under claim a move after the deadline is played")
    is_(clock(106), (1 * D, 3 * D), "106: the late player's bank is 0, "
        "then the 1 day increment")
    env.new_messages()

    # --- remind_at: another schedule, and a bad value. ----------------
    env.start_game("carol", "dave", 107, "-time=2d")
    env.new_messages()
    r12 = {"EPAMSERV_REMIND_AT": "12h"}
    for t, want, name in ((1 * D + H, 0, "no 50% point in the schedule 12h"),
                          (1 * D + 13 * H, 1, "the 12h point: one reminder"),
                          (1 * D + 14 * H, 0, "once")):
        e = dict(at(t))
        e.update(r12)
        env.run("sweep", env=e)
        is_(len(env.new_messages()), want, "remind_at=12h: " + name)
    for bad in ("50", "0%", "100%", "12x", "1h 2h 3h 4h 5h 6h 7h 8h 9h"):
        rc, out, err = env.run("config", "--check", env={"EPAMSERV_REMIND_AT": bad})
        ok(rc != 0 and "remind_at" in out + err,
           "remind_at=%r is refused, naming the key" % bad, (rc, out, err))
finally:
    env.close()
done()
