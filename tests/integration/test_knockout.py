#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Knockout tournaments by mail (issue 17 part 4): a knockout of 8
players created, joined and started by mail through the real SMTP
server, seeded by rating (all 1600 here: by userid), the bracket from
the standard seeding (1-8, 4-5, 2-7, 3-6), each match two games with
colours swapped (the higher seed White in game 1), both games of a round
made when the round starts; ties at 1-1 decided by a deciding game made
only after the two games ended, White drawn by the lot stored in the
tournament file (tny_ko_decider_white, recomputed here), a drawn decider
sending Black through; each next round made only when every match of the
round before is decided; the final's winner wins and every player gets
the final bracket, checked line by line against the hand-computed one.
Also: wrong passwords and strangers refused, -rounds refused, and a
withdrawal in a knockout of 4 (the opponent goes through, no deciding
game)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, refused
from tourney import at, body_of, addr, tfile, boards_of

M64 = (1 << 64) - 1


def mix(x):
    """splitmix64, as src/tourney/knockout.c."""
    x = (x + 0x9e3779b97f4a7c15) & M64
    x = ((x ^ (x >> 30)) * 0xbf58476d1ce4e5b9) & M64
    x = ((x ^ (x >> 27)) * 0x94d049bb133111eb) & M64
    return x ^ (x >> 31)


def decider_white(lot, rnd, high, low):
    x = mix(lot ^ mix((rnd << 40) ^ (high << 20) ^ low))
    return high if x >> 63 else low







PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank", "gina", "hugo")
SEED = {u: i + 1 for i, u in enumerate(PLAYERS)}
T0 = at(2026, 12, 1, 12)

env = Env()
clock = [T0]


def tick():
    clock[0] += 60
    env.env["EPAMSERV_NOW"] = str(clock[0])


def play(n, w, b, result):
    """Board n (w White, b Black) to its end: 'W' White wins (Black
    resigns), 'B' Black wins, '=' a draw by agreement.  The mails."""
    tick()
    if result == "=":
        env.mail(addr(w), "epaminondas move %d %s %s propose" % (n, w, w[0]))
        env.new_messages()
        tick()
        rc, err = env.mail(addr(b), "epaminondas move %d %s %s accept"
                           % (n, b, b[0]))
    else:
        loser = b if result == "W" else w
        rc, err = env.mail(addr(loser), "epaminondas resign %d %s %s"
                           % (n, loser, loser[0]))
    if rc != 0:
        print("# board %d: %s" % (n, err))
    return env.new_messages()


try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players(*PLAYERS, "ivan")
    env.new_messages()
    A = addr("alice")

    refused(env, A, "epaminondas tournament create cup alice WRONG "
            "-format=knockout", "password", "create: wrong password")
    refused(env, A, "epaminondas tournament create cup alice a "
            "-format=knockout -rounds=3", "leave -rounds out",
            "create: a knockout takes no -rounds")
    rc, err = env.mail(A, "epaminondas tournament create cup alice a "
                       "-format=knockout -players=4-8")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and "You created tournament cup" in
       body_of(msgs[0]), "create: a knockout", err)
    text = tfile(env, "cup")
    contains(text, "format: knockout\n", "the file says knockout")
    m = re.search(r"^lot: (\d+)$", text, re.M)
    ok(m is not None, "the lot is stored at create")
    lot = int(m.group(1)) if m else 0
    refused(env, addr("bob"), "epaminondas tournament join cup bob WRONG",
            "password", "join: wrong password")
    for u in PLAYERS[1:]:
        env.mail(addr(u), "epaminondas tournament join cup %s %s" % (u, u[0]))
    env.new_messages()
    refused(env, addr("ivan"), "epaminondas tournament join cup ivan i",
            "full", "join: a ninth player when it takes 8")
    refused(env, addr("bob"), "epaminondas tournament start cup bob b",
            "only the organiser", "start: a stranger to the organiser")
    refused(env, A, "epaminondas tournament start cup alice WRONG",
            "password", "start: wrong password")
    refused(env, addr("ivan"), "epaminondas tournament leave cup ivan i",
            "not in tournament", "leave: a stranger to the tournament")
    tick()
    rc, err = env.mail(A, "epaminondas tournament start cup alice a")
    msgs = env.new_messages()
    ok(rc == 0, "start by the organiser", err)
    b1 = boards_of(env, "cup")
    # Hand-made: seeds 1-8, 4-5, 2-7, 3-6; game 1 the higher seed White.
    want1 = [(1, "alice", "hugo", 101), (1, "hugo", "alice", 102),
             (1, "dave", "erin", 103), (1, "erin", "dave", 104),
             (1, "bob", "gina", 105), (1, "gina", "bob", 106),
             (1, "carol", "frank", 107), (1, "frank", "carol", 108)]
    is_(b1, want1, "round 1: the seeded bracket, both games of each match "
        "made at the start, colours swapped")
    contains(tfile(env, "cup"), "rounds: 3\n", "3 rounds for 8 players")
    bm = [m for m in msgs if "Board" in str(m["Subject"])]
    is_(len(bm), 16, "each board mailed to both its players")
    ok(all("Tournament cup, round 1." in body_of(m) for m in bm),
       "every board mail marked with the tournament and round")
    ok(any("game 1 of the match" in body_of(m) for m in bm) and
       any("game 2 of the match" in body_of(m) for m in bm),
       "board mails say which game of the match")
    starts = [m for m in msgs if "tournament cup: started" in str(m["Subject"])]
    is_(len(starts), 8, "every player told of the start")
    for g in range(101, 109):
        contains(env.game_file(g), "tournament: cup 1", "board %d: a "
                 "tournament board of round 1" % g)

    # -- round 1 -----------------------------------------------------------
    play(101, "alice", "hugo", "W")
    play(102, "hugo", "alice", "B")          # alice 2-0
    play(103, "dave", "erin", "W")
    play(104, "erin", "dave", "W")           # dave-erin 1-1: a decider
    play(105, "bob", "gina", "=")
    play(106, "gina", "bob", "B")            # bob 1.5-0.5
    play(107, "carol", "frank", "B")
    msgs = play(108, "frank", "carol", "W")  # frank 2-0
    b = boards_of(env, "cup")
    is_(len(b), 9, "after round 1's games: only the deciding game is new")
    dw = decider_white(lot, 1, SEED["dave"], SEED["erin"])
    dwu, dbu = (("dave", "erin") if dw == SEED["dave"] else ("erin", "dave"))
    is_(b[8], (1, dwu, dbu, 109), "the deciding game dave-erin, White by "
        "the lot (%s)" % dwu)
    ok(not [m for m in msgs if "round over" in str(m["Subject"])],
       "round 2 not begun while a match is undecided")
    # The decider drawn: Black goes through.
    msgs = play(109, dwu, dbu, "=")
    w45 = dbu
    b = boards_of(env, "cup")
    high2 = "alice"
    want2 = [(2, "alice", w45, 110), (2, w45, "alice", 111),
             (2, "bob", "frank", 112), (2, "frank", "bob", 113)]
    is_(b[9:], want2, "round 2 made when every match of round 1 was "
        "decided: alice-%s (the drawn decider's Black), bob-frank" % w45)
    ro = [m for m in msgs if "tournament cup: round over" in
          str(m["Subject"])]
    is_(len(ro), 8, "every player gets the bracket when round 2 begins")
    text = body_of(ro[0]) if ro else ""
    contains(text, "=> %s" % w45, "the bracket shows who went through")

    # -- round 2 -----------------------------------------------------------
    play(110, "alice", w45, "W")
    play(111, w45, "alice", "=")             # alice 1.5-0.5
    play(112, "bob", "frank", "W")
    msgs = play(113, "frank", "bob", "W")    # 1-1: a decider
    b = boards_of(env, "cup")
    dw2 = decider_white(lot, 2, SEED["bob"], SEED["frank"])
    w2, b2 = ("bob", "frank") if dw2 == SEED["bob"] else ("frank", "bob")
    is_(b[13:], [(2, w2, b2, 114)], "bob-frank's deciding game, White by "
        "the lot (%s)" % w2)
    play(114, w2, b2, "W")                   # White wins it
    fin = w2
    b = boards_of(env, "cup")
    is_(b[14:], [(3, "alice", fin, 115), (3, fin, "alice", 116)],
        "the final: alice - %s" % fin)

    # -- the final: two draws, then the decider won by Black ---------------
    play(115, "alice", fin, "=")
    play(116, fin, "alice", "=")
    b = boards_of(env, "cup")
    dw3 = decider_white(lot, 3, SEED["alice"], SEED[fin])
    w3, b3 = ("alice", fin) if dw3 == 1 else (fin, "alice")
    is_(b[16:], [(3, w3, b3, 117)], "the final's deciding game")
    msgs = play(117, w3, b3, "B")
    champ = b3
    final = [m for m in msgs if "final table" in str(m["Subject"])]
    is_(sorted(m.envelope_to[0] for m in final),
        sorted(addr(u) for u in PLAYERS), "every player gets the final "
        "bracket")
    text = body_of(final[0]) if final else ""
    if os.environ.get("TT_DEBUG"):
        print("# " + text.replace("\n", "\n# "))
    contains(text, "%s wins the tournament" % champ, "the final's winner "
             "wins the tournament")
    contains(tfile(env, "cup"), "state: finished\n", "the file says finished")

    def line(h, l, games, through):
        return re.compile(r"^\s+%d %-12s - %2d %-12s %-6s => %s$" % (
            SEED[h], h, SEED[l], l, re.escape("%-6s" % games), through), re.M)
    r45 = "1 0 d="
    hi45, lo45 = ("dave", "erin")           # dave the higher seed (4)
    want_lines = [
        line("alice", "hugo", "1 1", "alice"),
        line(hi45, lo45, r45, w45),
        line("bob", "gina", "= 1", "bob"),
        line("carol", "frank", "0 0", "frank"),
        line("alice", w45, "1 =", "alice"),
        line("bob", "frank", "1 0 d%s" % ("1" if w2 == "bob" else "0"),
             fin),
        line("alice", fin, "= = d%s" % ("1" if b3 == "alice" else "0"),
             champ),
    ]
    missing = [p.pattern for p in want_lines if not p.search(text)]
    ok(not missing, "the final bracket, every match as computed by hand",
       "missing: %r" % missing)
    contains(text, "deciding game 109, %s White" % dwu, "the bracket names "
             "the deciding game and its White")
    ok(all(len(x) <= 72 for x in text.split("\n")), "bracket lines within "
       "72 columns")
    env.mail(addr("ivan"), "epaminondas tournament show cup")
    msgs = env.new_messages()
    text2 = body_of(msgs[0]) if msgs else ""
    ok(all(p.search(text2) for p in want_lines), "tournament show (no "
       "password needed) gives the same bracket")
    refused(env, addr("bob"), "epaminondas tournament leave cup bob b",
            "over", "leave after the end")

    # -- a withdrawal: the opponent goes through ----------------------------
    rc, err = env.mail(A, "epaminondas tournament create mini alice a "
                       "-format=knockout -players=4-4")
    for u in ("bob", "carol", "dave"):
        env.mail(addr(u), "epaminondas tournament join mini %s %s" % (u, u[0]))
    tick()
    env.mail(A, "epaminondas tournament start mini alice a")
    env.new_messages()
    mb = boards_of(env, "mini")
    is_([(r, w, b) for r, w, b, n in mb],
        [(1, "alice", "dave"), (1, "dave", "alice"), (1, "bob", "carol"),
         (1, "carol", "bob")], "knockout of 4: 1-4 and 2-3")
    n = {(w, b): n for r, w, b, n in mb}
    play(n[("bob", "carol")], "bob", "carol", "B")    # carol leads 1-0
    refused(env, addr("carol"), "epaminondas tournament leave mini carol "
            "WRONG", "password", "withdrawal: wrong password")
    tick()
    rc, err = env.mail(addr("carol"), "epaminondas tournament leave mini "
                       "carol c")
    msgs = env.new_messages()
    ok(rc == 0 and any("withdrew from tournament mini" in body_of(m)
                       for m in msgs), "carol withdraws", err)
    contains(env.game_file(n[("carol", "bob")]), "end: resign carol",
             "her game still running is resigned")
    is_(len(boards_of(env, "mini")), 4, "1-1 by the games, but no deciding "
        "game: the withdrawal decides")
    play(n[("alice", "dave")], "alice", "dave", "W")
    play(n[("dave", "alice")], "dave", "alice", "B")
    mb = boards_of(env, "mini")
    is_([(r, w, b) for r, w, b, _ in mb[4:]],
        [(2, "alice", "bob"), (2, "bob", "alice")], "the final alice-bob: "
        "carol's opponent went through")
    env.mail(addr("ivan"), "epaminondas tournament show mini")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "=> bob (walkover)",
             "the bracket writes the walkover down")

    # -- five players: byes to the top seeds ------------------------------
    env.mail(A, "epaminondas tournament create five alice a "
             "-format=knockout -players=5-5")
    for u in ("bob", "carol", "dave", "erin"):
        env.mail(addr(u), "epaminondas tournament join five %s %s" % (u, u[0]))
    tick()
    env.mail(A, "epaminondas tournament start five alice a")
    msgs = env.new_messages()
    fb = boards_of(env, "five")
    is_([(r, w, b) for r, w, b, _ in fb],
        [(1, "dave", "erin"), (1, "erin", "dave")], "knockout of 5: a "
        "bracket of 8, byes to seeds 1, 2, 3; only 4-5 plays round 1")
    text = body_of([m for m in msgs if "started" in str(m["Subject"])][0])
    ok(all(re.search(r"^\s+%d %-12s\s+\(a bye\)\s+=> %s$" % (SEED[u], u, u),
                     text, re.M) for u in ("alice", "bob", "carol")),
       "the start's bracket shows the three byes", text)
    n = {(w, b): n for r, w, b, n in fb}
    play(n[("dave", "erin")], "dave", "erin", "W")
    play(n[("erin", "dave")], "erin", "dave", "B")     # dave 2-0
    fb = boards_of(env, "five")
    is_([(r, w, b) for r, w, b, _ in fb[2:]],
        [(2, "alice", "dave"), (2, "dave", "alice"), (2, "bob", "carol"),
         (2, "carol", "bob")], "round 2: 1-4 and 2-3 once 4-5 is decided")
finally:
    env.close()
done()
