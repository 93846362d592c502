#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Tournaments by mail (issue 17 part 3): a round robin of 5 players
created, joined and started by mail through the real SMTP server; every
board made by the server from the Berger tables (FIDE C.05 Annex 1, the
table for 5-6 players, the bye as player 6) and mailed to both players
marked "Tournament NAME, round R"; the games played to their end
(resign, one draw by agreement); after each game its two players get the
table, after the last every player gets the final one; scores and
Sonneborn-Berger checked against the hand-computed values.  Also: a
wrong password refused on every command that acts, join after the start
refused, a stranger cannot start someone else's tournament, a knockout
with -rounds refused, a double round robin, an automatic start by
the sweep on -start (and, with too few players on the day, the players
told once and the tournament waiting), a withdrawal under FIDE's rule
(fewer than half the games played: results cancelled), the final table
sent once by the sweep when the tournament's lock was busy at the last
game, and a Swiss of 5 players over 3 rounds (round 1 as the Dutch
system pairs it, every later round paired when the one before ended,
the absolute criteria, scores and Buchholz computed independently)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, refused, to, hold_lock
from harness import make_mail
from tourney import at, body_of, addr, boards_of






def standings(text):
    """{userid: (score, sb)} from a table's standings lines."""
    return {u: (s, q) for u, s, q in re.findall(
        r"^\s+\d+\. (\S+)\s+score (\S+)\s+S-B (\S+)", text, re.M)}


def ranking(text):
    return re.findall(r"^\s+\d+\. (\S+)\s+score", text, re.M)


T0 = at(2026, 12, 1, 12)
PLAYERS = ("alice", "bob", "carol", "dave", "erin")

env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players(*PLAYERS, "frank", "gina", "hugo", "ivan")
    env.new_messages()
    A = addr("alice")

    # -- refusals before anything exists -----------------------------------
    refused(env, A, "epaminondas tournament create spring alice WRONG "
            "-format=roundrobin", "password", "create: wrong password")
    refused(env, A, "epaminondas tournament create Spring_1 alice a "
            "-format=roundrobin", "not a tournament name", "create: bad name")
    refused(env, A, "epaminondas tournament create spring alice a",
            "-format=roundrobin", "create: no format")
    refused(env, A, "epaminondas tournament create spring alice a "
            "-format=swiss", "needs its number of rounds",
            "create: a Swiss without -rounds")
    refused(env, A, "epaminondas tournament create spring alice a "
            "-format=swiss -rounds=3 -players=3-8", "at least 4 players",
            "create: a Swiss of 3 rounds needs 4 players")
    refused(env, A, "epaminondas tournament create spring alice a "
            "-format=knockout -rounds=2", "leave -rounds out",
            "create: a knockout takes no -rounds (test_knockout.py has the "
            "rest)")
    refused(env, A, "epaminondas tournament create spring alice a "
            "-format=roundrobin -size=2x2", "size", "create: a bad game "
            "option is refused by challenge's parser")
    refused(env, A, "epaminondas tournament create spring alice a "
            "-format=roundrobin -start=2026-11-30", "today or later",
            "create: a start day in the past")
    ok(not os.path.exists(os.path.join(env.spool, "tournaments", "spring")),
       "no tournament file after the refusals")

    # -- create, join ------------------------------------------------------
    rc, err = env.mail(A, "epaminondas tournament create spring alice a "
                       "-format=roundrobin -players=3-6")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [A],
       "create: one answer, to the organiser", err)
    contains(body_of(msgs[0]) if msgs else "", "You created tournament "
             "spring", "create: the answer says so")
    with open(os.path.join(env.spool, "tournaments", "spring")) as f:
        tfile = f.read()
    contains(tfile, "epamserv-tournament 1\nname: spring\ngame: epaminondas\n"
             "organiser: alice\nformat: roundrobin\nrounds: 1\n"
             "players: 3-6\n", "the tournament file, readable and versioned")
    contains(tfile, "state: open\nplayer: alice\n", "the organiser is its "
             "first player")
    refused(env, A, "epaminondas tournament create spring alice a "
            "-format=roundrobin", "already", "create: the name is taken")

    refused(env, addr("bob"), "epaminondas tournament join spring bob WRONG",
            "password", "join: wrong password")
    for u in PLAYERS[1:]:
        rc, err = env.mail(addr(u), "epaminondas tournament join spring %s %s"
                           % (u, u[0]))
        msgs = env.new_messages()
        ok(rc == 0 and len(msgs) == 1 and "You (%s) joined" % u in
           body_of(msgs[0]), "join: %s joins" % u, err)
    refused(env, addr("bob"), "epaminondas tournament join spring bob b",
            "already", "join: twice")
    # frank joins and leaves again before the start
    env.mail(addr("frank"), "epaminondas tournament join spring frank f")
    env.new_messages()
    refused(env, addr("frank"), "epaminondas tournament leave spring frank "
            "WRONG", "password", "leave: wrong password")
    refused(env, A, "epaminondas tournament leave spring alice a",
            "organise", "leave: the organiser cannot leave before the start")
    rc, err = env.mail(addr("frank"), "epaminondas tournament leave spring "
                       "frank f")
    msgs = env.new_messages()
    ok(rc == 0 and any("You (frank) left" in body_of(m) for m in msgs),
       "leave before the start", err)
    with open(os.path.join(env.spool, "tournaments", "spring")) as f:
        ok("frank" not in f.read(), "frank is out of the file")

    # -- show and the list -------------------------------------------------
    env.mail(addr("gina"), "epaminondas tournament show spring")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "State: open for players to join.  Players: 5 (3 to 6)",
             "show: the state and players")
    env.mail(addr("gina"), "epaminondas tournaments")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    ok(re.search(r"spring\s+roundrobin, open, 5 players, organised by "
                 r"alice", text), "tournaments: the list", text)
    ok(re.search(r"epaminondas tournament show NAME\s", text) and
       not re.search(r"tournament show\s*\n", text),
       "tournaments: the list says how to ask for a table (NAME)", text)

    # -- start -------------------------------------------------------------
    refused(env, addr("bob"), "epaminondas tournament start spring bob b",
            "only the organiser", "start: a stranger to the organiser "
            "cannot start it")
    refused(env, A, "epaminondas tournament start spring alice WRONG",
            "password", "start: wrong password")
    env.env["EPAMSERV_NOW"] = str(T0 + 3600)
    rc, err = env.mail(A, "epaminondas tournament start spring alice a")
    msgs = env.new_messages()
    ok(rc == 0, "start by the organiser", err)
    boards = boards_of(env, "spring")
    is_(len(boards), 10, "10 boards made at once (5 players, 5 rounds)")
    # Every player is 1600 (no rated game): numbered by userid.
    num = {u: i + 1 for i, u in enumerate(PLAYERS)}
    berger = {1: {(2, 5), (3, 4)}, 2: {(5, 3), (1, 2)}, 3: {(3, 1), (4, 5)},
              4: {(1, 4), (2, 3)}, 5: {(4, 2), (5, 1)}}
    got = {}
    for r, w, b, n in boards:
        got.setdefault(r, set()).add((num[w], num[b]))
    is_(got, berger, "the boards are FIDE's Berger table for 5 players "
        "(White first)")
    is_(sorted(n for _, _, _, n in boards), list(range(101, 111)),
        "board numbers 101-110")
    all_mail = list(msgs)
    board_mails = [m for m in msgs if "Board" in str(m["Subject"])]
    is_(len(board_mails), 20, "each board mailed to both its players")
    okmark = True
    for r, w, b, n in boards:
        gf = env.game_file(n)
        if ("tournament: spring %d" % r) not in gf or "state: challenged" in gf:
            okmark = False
        for u in (w, b):
            mm = [m for m in to(board_mails, addr(u))
                  if "Board %d" % n in str(m["Subject"])]
            if len(mm) != 1 or ("Tournament spring, round %d." % r) not in \
                    body_of(mm[0]):
                okmark = False
    ok(okmark, "every board file names its tournament and round, has begun, "
       "and its board mail says 'Tournament spring, round R'")
    starts = [m for m in msgs if "tournament spring: started" in str(m["Subject"])]
    is_(sorted(m.envelope_to[0] for m in starts), sorted(addr(u) for u in
        PLAYERS), "every player is told of the start")
    refused(env, addr("frank"), "epaminondas tournament join spring frank f",
            "started", "join after the start is refused")
    refused(env, A, "epaminondas tournament start spring alice a",
            "started already", "start twice")

    # -- the games ---------------------------------------------------------
    # Results, hand-made: the winner of each pair ("=": a draw).
    winner = {("alice", "bob"): "alice", ("alice", "carol"): "alice",
              ("alice", "dave"): "dave", ("alice", "erin"): "=",
              ("bob", "carol"): "bob", ("bob", "dave"): "bob",
              ("bob", "erin"): "erin", ("carol", "dave"): "carol",
              ("carol", "erin"): "carol", ("dave", "erin"): "dave"}
    # Hand-computed final: score and Sonneborn-Berger.
    final = {"alice": ("2.5", "4.75"), "bob": ("2", "4"),
             "carol": ("2", "3.5"), "dave": ("2", "4"),
             "erin": ("1.5", "3.25")}
    # After each game its players' table (the games in board order).
    score = {u: 0.0 for u in PLAYERS}
    t = T0 + 7200
    tables_ok = True
    for i, (r, w, b, n) in enumerate(sorted(boards, key=lambda x: x[3])):
        pair = tuple(sorted((w, b)))
        win = winner[pair]
        t += 60
        env.env["EPAMSERV_NOW"] = str(t)
        if win == "=":
            env.mail(addr(w), "epaminondas move %d %s %s propose" % (n, w, w[0]))
            env.new_messages()
            rc, err = env.mail(addr(b), "epaminondas move %d %s %s accept"
                               % (n, b, b[0]))
            score[w] += 0.5
            score[b] += 0.5
        else:
            loser = b if win == w else w
            rc, err = env.mail(addr(loser), "epaminondas resign %d %s %s"
                               % (n, loser, loser[0]))
            score[win] += 1
        msgs = env.new_messages()
        all_mail.extend(msgs)
        if rc != 0:
            tables_ok = False
            print("# board %d: %s" % (n, err))
        last = i == len(boards) - 1
        tab = [m for m in msgs if "tournament spring" in str(m["Subject"])]
        want = sorted(addr(u) for u in (PLAYERS if last else (w, b)))
        if sorted(m.envelope_to[0] for m in tab) != want:
            tables_ok = False
            print("# board %d: tables to %r, want %r" % (
                n, [m.envelope_to for m in tab], want))
            continue
        st = standings(body_of(tab[0]))
        for u in PLAYERS:
            s = st.get(u, ("?", "?"))[0]
            if float(s) != score[u]:
                tables_ok = False
                print("# board %d: %s score %s, want %s" % (n, u, s, score[u]))
        if not last:
            contains(body_of(tab[0]), "Still to play:", "board %d: the table "
                     "lists the games still to play" % n)
    ok(tables_ok, "after each game both its players (after the last, every "
       "player) get the table, with the scores so far")
    contains(body_of(tab[0]), "Tournament spring is over", "the final mail "
             "says the tournament is over")
    contains(body_of(tab[0]), "alice wins the tournament", "and who won")
    fst = standings(body_of(tab[0]))
    is_(fst, final, "final scores and Sonneborn-Berger as computed by hand")
    is_(ranking(body_of(tab[0])), ["alice", "bob", "dave", "carol", "erin"],
        "final order: score, then S-B, then pairing number (bob before dave)")
    ftext = body_of(tab[0])
    contains(ftext, " 1 alice        X 1 1 0 =     2.5   4.75",
             "crosstable row of alice (row against column)")
    contains(ftext, " 5 erin         = 1 0 0 X     1.5   3.25",
             "crosstable row of erin")
    contains(ftext, " 2 bob          0 X 1 1 0       2      4",
             "crosstable row of bob")
    long = [l for m in all_mail for l in body_of(m).split("\n") if len(l) > 72]
    is_(long, [], "no line of a tournament mail is over 72 characters")
    with open(os.path.join(env.spool, "tournaments", "spring")) as f:
        contains(f.read(), "state: finished\n", "the file says finished")
    env.mail(addr("gina"), "epaminondas tournaments")
    msgs = env.new_messages()
    ok(msgs and re.search(r"spring\s+roundrobin, finished", body_of(msgs[0])),
       "tournaments: spring is finished")
    refused(env, A, "epaminondas tournament leave spring alice a",
            "is over", "leave after the end")
    env.mail(addr("gina"), "epaminondas tournament show spring")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "State: finished.", "show: finished")
    is_(standings(text), final, "show: the same final table")

    # -- automatic start by the sweep -------------------------------------
    env.env["EPAMSERV_NOW"] = str(T0)
    rc, err = env.mail(addr("frank"), "epaminondas tournament create autumn "
                       "frank f -format=roundrobin -start=2026-12-05 "
                       "-players=3-4 -size=8x8")
    env.mail(addr("gina"), "epaminondas tournament join autumn gina g")
    env.new_messages()
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(at(2026, 12, 4, 23))})
    ok(not env.new_messages(), "sweep before the start day does nothing")
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(at(2026, 12, 5, 1))})
    msgs = env.new_messages()
    is_(sorted(m.envelope_to[0] for m in msgs), [addr("frank"), addr("gina")],
        "start day with too few players: both players told")
    contains(body_of(msgs[0]) if msgs else "", "It waits", "they are told "
             "it waits")
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(at(2026, 12, 5, 2))})
    ok(not env.new_messages(), "told once only")
    env.env["EPAMSERV_NOW"] = str(at(2026, 12, 5, 3))
    env.mail(addr("hugo"), "epaminondas tournament join autumn hugo h")
    env.new_messages()
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(at(2026, 12, 5, 4))})
    msgs = env.new_messages()
    ab = boards_of(env, "autumn")
    is_(len(ab), 3, "the sweep started it once enough had joined: 3 boards")
    is_(len([m for m in msgs if "Board" in str(m["Subject"])]), 6,
        "each board mailed to both players")
    ok(all("size: 8x8" in env.game_file(n) or "-size=8x8" in env.game_file(n)
           for _, _, _, n in ab), "the boards have the tournament's options")

    # -- a double round robin, and a withdrawal ---------------------------
    env.env["EPAMSERV_NOW"] = str(at(2026, 12, 6))
    refused(env, addr("ivan"), "epaminondas tournament create winter ivan i "
            "-format=roundrobin -rounds=2 -players=3-16", "at most 14",
            "a double round robin of more than 14 is refused")
    env.mail(addr("ivan"), "epaminondas tournament create winter ivan i "
             "-format=roundrobin -rounds=2 -players=3-3")
    env.mail(addr("bob"), "epaminondas tournament join winter bob b")
    env.mail(addr("carol"), "epaminondas tournament join winter carol c")
    env.mail(addr("ivan"), "epaminondas tournament start winter ivan i")
    env.new_messages()
    wb = boards_of(env, "winter")
    is_(len(wb), 6, "double round robin of 3: 6 boards")
    pairs = {}
    for r, w, b, n in wb:
        pairs.setdefault(tuple(sorted((w, b))), []).append((w, b))
    ok(all(len(v) == 2 and v[0] == v[1][::-1] for v in pairs.values()),
       "each pair plays twice, once with each colour")
    # carol wins one game against bob, then ivan withdraws with 0 of 4
    # games played: his results are cancelled, his games resigned.
    n1 = [n for r, w, b, n in wb if {w, b} == {"bob", "carol"}][0]
    env.mail(addr("bob"), "epaminondas resign %d bob b" % n1)
    env.new_messages()
    refused(env, addr("ivan"), "epaminondas tournament leave winter ivan "
            "WRONG", "password", "withdrawal: wrong password")
    rc, err = env.mail(addr("ivan"), "epaminondas tournament leave winter "
                       "ivan i")
    msgs = env.new_messages()
    ok(rc == 0 and any("withdrew" in body_of(m) for m in msgs),
       "withdrawal after the start", err)
    ivan_boards = [n for r, w, b, n in wb if "ivan" in (w, b)]
    ok(all("end: resign ivan" in env.game_file(n) for n in ivan_boards),
       "his games are resigned")
    env.mail(addr("gina"), "epaminondas tournament show winter")
    text = body_of(env.new_messages()[0])
    contains(text, "ivan                 withdrawn, results cancelled",
             "fewer than half played: his results are cancelled")
    # carol beat bob (score 0): S-B 1 x 0 = 0.
    is_(standings(text), {"carol": ("1", "0"), "bob": ("0", "0")},
        "the others' scores leave his games out")
    # The last game ends while the tournament's lock is busy: no final
    # table then; the next sweep sends it, once.
    n2 = [n for r, w, b, n in wb if {w, b} == {"bob", "carol"}][1]
    # (lock_timeout 0: one try, no waiting for a lock that stays held.)
    holder = hold_lock(os.path.join(env.spool, "locks", "tournaments.lock"))
    try:
        rc, err = env.receive(make_mail(addr("carol"), "epaminondas resign "
                                        "%d carol c" % n2),
                              env={"EPAMSERV_LOCK_TIMEOUT": "0"})
    finally:
        holder.kill()
        holder.wait()
    msgs = env.new_messages()
    ok(rc == 0 and not [m for m in msgs if "tournament winter" in
                        str(m["Subject"])], "the last game with the lock "
       "busy: its board mails, no table yet", err)
    env.run("sweep")
    msgs = env.new_messages()
    is_(sorted(m.envelope_to[0] for m in msgs if "final table" in
               str(m["Subject"])), [addr("bob"), addr("carol"), addr("ivan")],
        "the sweep sends the final table to every player")
    env.run("sweep")
    ok(not [m for m in env.new_messages() if "final table" in
            str(m["Subject"])], "and only once")

    # -- a Swiss of 5 players over 3 rounds --------------------------------
    env.env["EPAMSERV_NOW"] = str(at(2026, 12, 7))
    rc, err = env.mail(A, "epaminondas tournament create summer alice a "
                       "-format=swiss -rounds=3 -players=4-8")
    for u in PLAYERS[1:]:
        env.mail(addr(u), "epaminondas tournament join summer %s %s"
                 % (u, u[0]))
    env.new_messages()
    env.mail(A, "epaminondas tournament start summer alice a")
    msgs = env.new_messages()
    sb = boards_of(env, "summer")
    is_(sorted((w, b) for r, w, b, n in sb),
        [("alice", "carol"), ("dave", "bob")],
        "Swiss round 1 (Dutch): 1-3 and 4-2 (top half against bottom "
        "half, colours alternating from White on board 1)")
    with open(os.path.join(env.spool, "tournaments", "summer")) as f:
        contains(f.read(), "bye: 1 erin\n", "round 1's bye to the lowest, "
                 "number 5")
    is_(len([m for m in msgs if "Board" in str(m["Subject"])]), 4,
        "round 1's boards mailed to both players, and only round 1's")

    # Every game: White wins (Black resigns).  The pairing of each next
    # round must hold the absolute criteria; scores and Buchholz are
    # computed here independently (FIDE C.02 13.16: a bye's virtual
    # opponent; opponents' unplayed rounds count as draws).
    hist = {u: [] for u in PLAYERS}   # (kind, opp, result in half-points, colour)
    crit_ok = True
    t = at(2026, 12, 7, 1)
    for rnd in (1, 2, 3):
        with open(os.path.join(env.spool, "tournaments", "summer")) as f:
            tfile = f.read()
        byes = re.findall(r"^bye: %d (\S+)$" % rnd, tfile, re.M)
        games = [(w, b, n) for r, w, b, n in boards_of(env, "summer")
                 if r == rnd]
        seen = [u for w, b, n in games for u in (w, b)] + byes
        if sorted(seen) != sorted(PLAYERS) or len(byes) != 1:
            crit_ok = False
            print("# round %d: players %r, byes %r" % (rnd, seen, byes))
        for w, b, n in games:
            if any(o == b for k, o, _, _ in hist[w] if k == "p"):
                crit_ok = False
                print("# round %d: %s-%s meet again" % (rnd, w, b))
        if any(k == "bye" for k, _, _, _ in hist[byes[0]]):
            crit_ok = False
            print("# round %d: a second bye for %s" % (rnd, byes[0]))
        hist[byes[0]].append(("bye", None, 2, "-"))
        for w, b, n in games:
            hist[w].append(("p", b, 2, "W"))
            hist[b].append(("p", w, 0, "B"))
        for u in PLAYERS:
            cols = "".join(c for _, _, _, c in hist[u] if c != "-")
            if abs(cols.count("W") - cols.count("B")) > 2 or \
                    "WWW" in cols or "BBB" in cols:
                crit_ok = False
                print("# round %d: colours of %s: %s" % (rnd, u, cols))
        for i, (w, b, n) in enumerate(games):
            t += 60
            env.env["EPAMSERV_NOW"] = str(t)
            rc, err = env.mail(addr(b), "epaminondas resign %d %s %s"
                               % (n, b, b[0]))
            msgs = env.new_messages()
            last = i == len(games) - 1
            if last and rnd < 3:
                nxt = [m for m in msgs if "round over" in str(m["Subject"])]
                if sorted(m.envelope_to[0] for m in nxt) != sorted(
                        addr(u) for u in PLAYERS):
                    crit_ok = False
                    print("# round %d over: told %r" % (
                        rnd, [m.envelope_to for m in nxt]))
                if len([m for m in msgs if "Board" in str(m["Subject"])
                        and "Tournament summer, round %d." % (rnd + 1)
                        in body_of(m)]) != 4:
                    crit_ok = False
                    print("# round %d: its boards were not mailed" % (rnd + 1))
    ok(crit_ok, "Swiss: every round paired when the one before finished "
       "(everybody once, one bye, no pair twice, no second bye, colour "
       "difference at most 2 and never three times running); each next "
       "round's boards mailed and the table to every player")
    final_mail = [m for m in msgs if "final table" in str(m["Subject"])]
    is_(len(final_mail), 5, "after the last game every player gets the "
        "final table")
    score = {u: sum(r for _, _, r, _ in hist[u]) for u in PLAYERS}

    def opp_score(o):          # unplayed rounds of an opponent: draws
        return sum(r if k == "p" else 1 for k, _, r, _ in hist[o])

    def buchholz(u):
        total = 0
        for i, (k, o, r, _) in enumerate(hist[u]):
            if k == "p":
                total += opp_score(o)
            else:              # the bye's virtual opponent
                before = sum(x for _, _, x, _ in hist[u][:i])
                total += before + (2 - r) + (3 - i - 1)
        return total

    def half(h):
        return "%d%s" % (h // 2, ".5" if h % 2 else "")
    want = {u: (half(score[u]), half(buchholz(u))) for u in PLAYERS}
    text = body_of(final_mail[0]) if final_mail else ""
    if os.environ.get("TT_DEBUG"):
        print("# " + text.replace("\n", "\n# "))
    got = {u: (s, q) for u, s, q in re.findall(
        r"^\s+\d+\. (\S+)\s+score (\S+)\s+Buchholz (\S+)", text, re.M)}
    is_(got, want, "Swiss final scores and Buchholz as computed here")
    contains(text, "Tournament summer is over", "the Swiss is over")

    # -- one player organises at most 3 tournaments not started -----------
    for name in ("t1", "t2"):
        env.mail(addr("hugo"), "epaminondas tournament create %s hugo h "
                 "-format=roundrobin" % name)
    env.new_messages()
    ok(os.path.exists(os.path.join(env.spool, "tournaments", "t2")),
       "hugo organises t1 and t2")
    env.mail(addr("gina"), "epaminondas tournament create t3 gina g "
             "-format=roundrobin")
    env.new_messages()
    env.mail(addr("hugo"), "epaminondas tournament create t4 hugo h "
             "-format=roundrobin")
    env.new_messages()
    refused(env, addr("hugo"), "epaminondas tournament create t5 hugo h "
            "-format=roundrobin", "as many as one player may",
            "a fourth open tournament of one organiser is refused")

    # -- cancel: the organiser, before the start --------------------------
    env.mail(addr("gina"), "epaminondas tournament join t1 gina g")
    env.new_messages()
    refused(env, addr("gina"), "epaminondas tournament cancel t1 gina g",
            "only the organiser", "cancel: a player who is not the "
            "organiser")
    refused(env, addr("hugo"), "epaminondas tournament cancel t1 hugo WRONG",
            "password", "cancel: wrong password")
    refused(env, A, "epaminondas tournament cancel summer alice a",
            "has finished", "cancel: a finished tournament")
    rc, err = env.mail(addr("hugo"), "epaminondas tournament cancel t1 hugo h")
    msgs = env.new_messages()
    is_(sorted(m.envelope_to[0] for m in msgs if "cancelled" in
               str(m["Subject"])), [addr("gina"), addr("hugo")],
        "cancel: the organiser and the player who joined are told")
    contains(body_of(msgs[0]) if msgs else "", "cancelled by its organiser",
             "cancel: the mail says so")
    contains(open(os.path.join(env.spool, "tournaments", "t1")).read(),
             "state: cancelled", "cancel: the file says cancelled")
    refused(env, addr("hugo"), "epaminondas tournament cancel t1 hugo h",
            "cancelled already", "cancel: twice")
    refused(env, addr("bob"), "epaminondas tournament join t1 bob b",
            "cancelled", "join: a cancelled tournament")
    env.mail(addr("gina"), "epaminondas tournaments")
    listed = [body_of(m) for m in env.new_messages()]
    ok(listed and "t2" in listed[0] and not re.search(r"^\s+t1\s", listed[0],
                                                      re.M),
       "tournaments leaves the cancelled one out", listed[:1])
    refused(env, addr("hugo"), "epaminondas tournament create t5 hugo h "
            "-format=roundrobin", "create again under the name",
            "a cancelled tournament still counts (its file is kept)")
    refused(env, addr("gina"), "epaminondas tournament create t1 gina g "
            "-format=roundrobin", "there is a tournament t1 already",
            "another player cannot take a cancelled tournament's name")
    rc, err = env.mail(addr("hugo"), "epaminondas tournament create t1 hugo "
                       "h -format=swiss -rounds=3")
    answer = [body_of(m) for m in env.new_messages()]
    text = open(os.path.join(env.spool, "tournaments", "t1")).read()
    ok("state: open" in text and "format: swiss" in text and
       "player: gina" not in text,
       "the organiser creates a new tournament under the cancelled one's "
       "name", "%s\n%s" % (text, answer[:1]))
finally:
    env.close()
done()
