#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Leave (issue 15, item 4): "vacation USERID PASSWORD UNTIL|off" and
"vacation USERID PASSWORD FROM UNTIL" store leave lines that stop the
player's clocks (a -time=3d+1d/5d game's stopped and clock lines as
computed by hand); an allowance of 30 days per calendar year, a leave
across New Year counted in each year; the opponent of each active board
told once per board (observers not); the leave cut short when the player
moves (leaves to come stay) or by off; shown in board mails and "list";
old "vacation: DAY" user files still work and are converted when the file
is written again; the sweep does not forfeit during a leave."""
import calendar
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, refused, by_recipient
from harness import body_of as raw_body_of

DAY = 86400


def at(y, mo, d, h=0, mi=0):
    return calendar.timegm((y, mo, d, h, mi, 0))


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def bodies(msgs, addr):
    return [body_of(m) for m in msgs if addr in m.envelope_to]


A, B, C, D, E, F = ("%s@example.org" % u for u in
                    ("alice", "bob", "carol", "dave", "erin", "frank"))
T0 = at(2026, 12, 1, 12)          # Tue 1 Dec 2026 12:00 UTC

env = Env()
try:
    def now(t):
        env.env["EPAMSERV_NOW"] = str(t)

    def sweep(t):
        return env.run("sweep", env={"EPAMSERV_NOW": str(t)})

    now(T0)
    env.players("alice", "bob", "carol", "dave", "erin", "frank")
    env.start_game("alice", "bob", 101, "-time=3d+1d/5d")
    env.start_game("carol", "bob", 102)
    env.mail(E, "epaminondas subscribe 101 erin e")
    env.mail(A, "epaminondas move 101 alice a e2-e3")
    env.mail(C, "epaminondas move 102 carol c e2-e3")
    env.mail(B, "epaminondas move 102 bob b e11-e10")
    env.new_messages()

    # -- bob's leave: from now to the end of Fri 4 Dec (UTC) --------------
    now(T0 + DAY)                  # Wed 2 Dec 12:00
    rc, err = env.mail(B, "vacation bob b 2026-12-04")
    is_(rc, 0, "vacation UNTIL is taken")
    msgs = env.new_messages()
    contains(env.user_file("bob"),
             "leave: 2026-12-02T12:00:00Z 2026-12-05T00:00:00Z\n",
             "the leave runs from now to the midnight that ends UNTIL")
    ok("vacation:" not in env.user_file("bob"), "no old vacation line")
    mine = bodies(msgs, B)
    is_(len(mine), 1, "bob gets one confirmation")
    contains(mine[0] if mine else "", "You are on leave from Wed 2 Dec 2026 "
             "to Fri 4 Dec 2026", "the confirmation gives the days")
    contains(mine[0] if mine else "", "You have 27 of your 30 leave days "
             "left in 2026.", "three days taken (2, 3 and 4 December)")
    contains(mine[0] if mine else "", "was told: 101, 102",
             "the confirmation names the boards whose opponent was told")
    told = bodies(msgs, A)
    is_(len(told), 1, "alice (board 101) is told once")
    contains(told[0] if told else "", "bob is on leave from Wed 2 Dec 2026 "
             "to Fri 4 Dec 2026", "with the days")
    contains(told[0] if told else "", "bob's clock there is stopped",
             "and that the clock is stopped")
    contains(told[0] if told else "", "Epaminondas board 101",
             "naming the board")
    told = bodies(msgs, C)
    is_(len(told), 1, "carol (board 102) is told once")
    contains(told[0] if told else "", "board 102", "about her board")
    is_(bodies(msgs, E), [], "the observer erin is not told")
    is_(len(msgs), 3, "three mails in all")
    subj = [m["Subject"] for m in msgs if A in m.envelope_to]
    is_(subj[0] if subj else "", "Epaminondas Board 101 (alice v bob)",
        "the notice has the game's subject (issue 30)")
    contains(bodies(msgs, A)[0] if bodies(msgs, A) else "",
             "board 101: bob is on leave", "and says what happened")

    # The same leave again changes nothing: nobody is told twice.
    env.mail(B, "vacation bob b 2026-12-04")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [[B]],
        "the same leave again: only bob's confirmation")

    # Shown in board mails and list.
    now(T0 + 2 * DAY)              # Thu 3 Dec 12:00
    env.mail(B, "list")
    msgs = env.new_messages()
    ok(re.search(r"bob\s+2026-12-01\s+on\s+leave\s+until\s+Fri\s+4\s+Dec\s+2026",
                 body_of(msgs[0]) if msgs else ""),
       "list shows bob on leave until Fri 4 Dec 2026",
       body_of(msgs[0]) if msgs else "")
    env.mail(C, "epaminondas move 102 carol c e3-e4")
    msgs = env.new_messages()
    contains((bodies(msgs, C) or [""])[0],
             "bob is on leave until Fri 4 Dec 2026 (bob's clock is stopped).",
             "carol's board mail says bob is on leave")
    ok("on leave" not in (bodies(msgs, B) or ["on leave"])[0],
       "bob's own board mail does not")

    # The sweep forfeits nothing during the leave.
    rc, out, err = sweep(T0 + 3 * DAY)
    contains(err, "vacation=2", "the sweep sees two boards waiting for bob")
    ok("end:" not in env.game_file(101) and "end:" not in env.game_file(102),
       "no board is forfeited during the leave")

    # -- bob moves after his leave: the clock stopped for 2.5 days --------
    now(at(2026, 12, 6, 12))       # 5 days after alice's move
    rc, err = env.mail(B, "epaminondas move 101 bob b e11-e10")
    is_(rc, 0, "bob's move after the leave is played")
    gf = env.game_file(101)
    # Turn of bob: 1 Dec 12:00 to 6 Dec 12:00 (5 days), of which his
    # leave 2 Dec 12:00 to 5 Dec 00:00 (2.5 days = 216000 s) is stopped.
    contains(gf, "stopped: 2 216000\n", "the move's stopped line: 2.5 days")
    # alice: 3d - 0 + 1d = 4d; bob: 3d - (5d - 2.5d) + 1d = 1.5d.
    contains(gf, "clock: 345600 129600\n", "the banks as computed by hand")
    env.new_messages()

    # -- FROM UNTIL, a leave to come, and the leave ended by a move -------
    now(at(2026, 12, 6, 13))
    rc, err = env.mail(B, "vacation bob b 2026-12-10 2026-12-12")
    msgs = env.new_messages()
    contains((bodies(msgs, B) or [""])[0], "You are on leave from Thu 10 Dec "
             "2026 to Sat 12 Dec 2026", "vacation FROM UNTIL is taken")
    contains(env.user_file("bob"),
             "leave: 2026-12-10T00:00:00Z 2026-12-13T00:00:00Z\n",
             "a leave to come starts at the midnight that begins FROM")
    is_(len(bodies(msgs, C)), 1, "carol is told of the leave to come")
    env.mail(B, "vacation bob b 2027-01-20 2027-01-21")
    env.new_messages()
    now(at(2026, 12, 9, 12))
    env.mail(A, "epaminondas move 101 alice a e3-e4")
    env.new_messages()
    now(at(2026, 12, 10, 12))      # 12 hours into the leave
    rc, err = env.mail(B, "epaminondas move 101 bob b e10-e9")
    is_(rc, 0, "bob moves during his leave")
    msgs = env.new_messages()
    uf = env.user_file("bob")
    contains(uf, "leave: 2026-12-10T00:00:00Z 2026-12-10T12:00:00Z\n",
             "the leave is cut at the move's time")
    contains(uf, "leave: 2027-01-20T00:00:00Z 2027-01-22T00:00:00Z\n",
             "the leave to come stays")
    contains(uf, "leave: 2026-12-02T12:00:00Z 2026-12-05T00:00:00Z\n",
             "the leave over stays (it counts for the allowance)")
    gf = env.game_file(101)
    contains(gf, "stopped: 4 43200\n", "the move's turn had 12 hours of leave")
    # alice: 4d - 3d + 1d = 2d; bob: 1.5d - (1d - 0.5d) + 1d = 2d.
    contains(gf, "clock: 172800 172800\n", "the banks after the cut leave")
    ok(bodies(msgs, A) and all("on leave" not in b for b in bodies(msgs, A)),
       "alice's board mail does not say bob is on leave")
    back = bodies(msgs, C)
    is_(len(back), 1, "carol (board 102) is told bob is back")
    contains(back[0] if back else "", "bob is back from leave (bob moved on "
             "Epaminondas board 101).  bob's clock on Epaminondas board 102 "
             "runs again.", "with the reason")
    mine = bodies(msgs, B)
    ok(any("your leave ended when you moved on Epaminondas board 101" in
           " ".join(b.split()) for b in mine),
       "bob is told his leave ended", mine)
    env.mail(B, "list")
    msgs = env.new_messages()
    ok("on leave" not in (body_of(msgs[0]) if msgs else "on leave"),
       "list no longer shows bob on leave")

    # -- the sweep: board 102 waits for bob since 3 Dec 12:00; his
    # leaves overlapping the wait end 10 Dec 12:00, so the 21 days count
    # from then (without the leave: a forfeit on 24 Dec).
    rc, out, err = sweep(at(2026, 12, 31, 11))
    ok("end:" not in env.game_file(102),
       "no forfeit on board 102 before 21 days after the leave")
    rc, out, err = sweep(at(2026, 12, 31, 13))
    ok(re.search(r"^end: forfeit bob ", env.game_file(102), re.M),
       "board 102 is forfeited 21 days after the leave ended",
       env.game_file(102))
    env.new_messages()

    # -- a move by reply token and a confirmed submit end a leave too -----
    now(T0)
    G, H = "gina@example.org", "hank@example.org"
    env.players("gina", "hank")
    env.start_game("gina", "hank", 103)
    env.new_messages()
    env.mail(G, "vacation gina g 2026-12-05")
    env.mail(H, "vacation hank h 2026-12-05")
    env.new_messages()
    now(T0 + 3600)
    env.mail(G, "epaminondas submit 103 gina g e2-e3")
    env.new_messages()
    env.mail(G, "epaminondas confirm 103 gina g")
    msgs = env.new_messages()
    contains(env.game_file(103), "move: 1 e2-e3", "gina's move is confirmed")
    contains(env.user_file("gina"),
             "leave: 2026-12-01T12:00:00Z 2026-12-01T13:00:00Z\n",
             "a confirmed move ends the leave")
    mine = [m for m in msgs if H in m.envelope_to]
    now(T0 + 7200)
    rc, err = harness.reply(env, H, mine[0], "e11-e10") if mine else (1, "")
    contains(env.game_file(103), "move: 2 e11-e10", "hank's token move is played")
    contains(env.user_file("hank"),
             "leave: 2026-12-01T12:00:00Z 2026-12-01T14:00:00Z\n",
             "a move by reply token ends the leave")
    env.new_messages()

    # -- the allowance ----------------------------------------------------
    now(T0)
    env.mail(D, "vacation dave d 2026-12-02 2026-12-17")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "You have 14 of your 30 leave "
             "days left in 2026.", "16 days taken")
    env.mail(D, "vacation dave d 2026-12-18 2027-01-10")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "You have 0 of your 30 leave "
             "days left in 2026.", "across New Year: 14 more days of 2026")
    contains(env.user_file("dave"),
             "leave: 2026-12-02T00:00:00Z 2027-01-11T00:00:00Z\n",
             "leaves that touch are merged into one")
    refused(env, D, "vacation dave d 2026-12-01",
            "that leave would make 31 leave days in 2026, more than the 30 a "
            "year this server gives: you have 0 left in 2026",
            "beyond the allowance of 2026")
    refused(env, D, "vacation dave d 2027-01-12 2027-02-01",
            "that leave would make 31 leave days in 2027, more than the 30 a "
            "year this server gives: you have 20 left in 2027",
            "the 10 days of 2027 count in 2027")
    env.mail(D, "vacation dave d 2027-01-12 2027-01-30")
    env.new_messages()
    contains(env.user_file("dave"),
             "leave: 2027-01-12T00:00:00Z 2027-01-31T00:00:00Z\n",
             "29 days of 2027 are taken (10 + 19)")
    # Renewing for ever is impossible: the days of a year are spent.
    refused(env, D, "vacation dave d 2027-02-02 2027-02-03",
            "you have 1 left in 2027", "no renewing in 2027 either")

    # -- other refusals -----------------------------------------------------
    refused(env, E, "vacation erin e 2026-11-30", "is in the past",
            "a day in the past")
    refused(env, E, "vacation erin e 2026-11-30 2026-12-03", "is in the past",
            "FROM in the past")
    refused(env, E, "vacation erin e 2026-12-10 2026-12-09",
            "is before its first", "UNTIL before FROM")
    refused(env, E, "vacation erin e 2027-12-02", "more than a year away",
            "more than a year ahead")
    refused(env, E, "vacation erin e 2026-12-10 2027-12-02",
            "more than a year away", "FROM UNTIL more than a year ahead")
    refused(env, E, "vacation erin e 2026-12-32", "is not a date", "no date")
    refused(env, E, "vacation erin e 2026-12-10 off", "is not a date",
            "off is no day")
    refused(env, E, "vacation erin e", "vacation takes your userid",
            "no day")
    refused(env, E, "vacation erin wrong 2026-12-10", "password",
            "a wrong password")

    # -- off: the leave ends now, those to come are dropped ----------------
    now(T0)
    env.mail(E, "vacation erin e 2026-12-03")
    env.mail(E, "vacation erin e 2026-12-20 2026-12-21")
    env.new_messages()
    now(T0 + DAY)
    env.mail(E, "vacation erin e off")
    msgs = env.new_messages()
    uf = env.user_file("erin")
    contains(uf, "leave: 2026-12-01T12:00:00Z 2026-12-02T12:00:00Z\n",
             "off ends the running leave now")
    ok("2026-12-20" not in uf, "and drops the leave to come")
    contains(body_of(msgs[0]) if msgs else "", "You have 28 of your 30 leave "
             "days left in 2026.", "the days not taken are back")
    env.mail(E, "vacation erin e off")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "you had no leave running",
             "off without a leave says so")

    # -- a time zone: the day ends at midnight in Europe/Berlin ------------
    path = os.path.join(env.spool, "users", "frank")
    with open(path) as f:
        text = f.read()
    tmp = path + ".new"
    with open(tmp, "w") as f:
        f.write(text + "timezone: Europe/Berlin\n")
    os.rename(tmp, path)
    now(T0)
    env.mail(F, "vacation frank f 2026-12-24")
    env.new_messages()
    contains(env.user_file("frank"),
             "leave: 2026-12-01T12:00:00Z 2026-12-24T23:00:00Z\n",
             "the leave ends at midnight in the player's time zone")

    # -- an old "vacation: DAY" file ---------------------------------------
    with open(path, "w") as f:
        f.write(text.replace("created:", "vacation: 2026-12-24\ncreated:"))
    env.mail(F, "list")
    msgs = env.new_messages()
    ok(re.search(r"frank\s+\S+\s+on\s+leave\s+until\s+Thu\s+24\s+Dec\s+2026",
                 body_of(msgs[0]) if msgs else ""),
       "list shows an old vacation as a leave", body_of(msgs[0]) if msgs else "")
    env.mail(F, "set frank f html off")
    uf = env.user_file("frank")
    ok("vacation:" not in uf, "a rewritten file has no vacation line", uf)
    contains(uf, "leave: 2026-12-01T12:00:00Z 2026-12-25T00:00:00Z\n",
             "the old vacation became a leave from now to its end")
    env.new_messages()
    now(T0 + DAY)
    env.mail(F, "vacation frank f off")
    uf = env.user_file("frank")
    contains(uf, "leave: 2026-12-01T12:00:00Z 2026-12-02T12:00:00Z\n",
             "off ends the converted leave")

    # -- toggling leave is no mail bomb (issue 15 review) ------------------
    # frank plays dave; frank sets and ends a leave six times in one day:
    # dave hears of it at most twice that day (the board mail shows the
    # rest), and again the next day.
    now(T0 + 40 * DAY)
    gdir = os.path.join(env.spool, "games", "epaminondas")
    board = 1 + max(int(n.split(".")[0]) for n in os.listdir(gdir)
                    if n.endswith(".game"))
    env.start_game("dave", "frank", board)
    ok("result: active" in env.game_file(board), "dave and frank play")
    env.new_messages()
    for i in range(6):
        env.mail(F, "vacation frank f 2027-01-20")
        env.mail(F, "vacation frank f off")
    msgs = env.new_messages()
    told = [m for m in msgs if m.envelope_to == [D]]
    is_(len(told), 2, "six leave changes in a day tell the opponent twice")
    now(T0 + 41 * DAY)
    env.mail(F, "vacation frank f 2027-01-20")
    told = [m for m in env.new_messages() if m.envelope_to == [D]]
    is_(len(told), 1, "and again the next day")
finally:
    env.close()
done()
