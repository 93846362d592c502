#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A Swiss of 13 players over 5 rounds by mail (issue 17): created,
joined and started by mail, every round paired by the server when the
one before has finished, every board made and mailed by it.

Rounds 1-3 are a hand-worked example of the Dutch system (FIDE C.04.3,
2017 text), with pairing numbers 1 (alice) to 13 (mona) (equal ratings,
then userid), player 1 White by lot, and the lower number winning every
game but 5-11 in round 1, a draw.  Games are White-Black:

Round 1: S1 = 1-6, S2 = 7-12, 13 (lowest) has the bye; colours
alternate down the boards from 1's White:
  1-7 8-2 3-9 10-4 5-11 12-6, bye 13.
Round 2: scores 2: {1,2,3,4,6,13}, 1: {5,11}, 0: {7,8,9,10,12}.
  Top bracket S1 {1,2,3}, S2 {4,6,13}; colour wishes 1 B, 2 W, 3 B,
  4 W, 6 W, 13 none.  S2 as 4,6,13 gives 2-6 (both W); the next
  transposition 4,13,6 meets every wish: 4-1 2-13 6-3.
  5 and 11 have met: both float to the 0 bracket, where as MDPs they
  take the first residents that suit (5 wants B, 11 W): 7-5, 11-8;
  the rest 9,10,12: 9-10, and 12 gets the bye.  (13's bye counts as a
  downfloat, C.04.3 A.4, but the 2 bracket pairs whole, so no float
  criterion decides anything.)
Round 3: scores 4: {1,2,3}, 3: {5}, 2: {4,6,8,9,12,13}, 1: {11},
  0: {7,10}.  {1,2,3}: 1-2 (1 wants W, 2 B), 3 floats to 5: both want W,
  histories equal (WB), the higher ranked 3 gets it: 3-5.
  2 bracket: S1 {4,6,8}, S2 {9,12,13}; wishes 4 B, 6 B, 8 W, 9 B, 12 B
  (strong), 13 W (strong): at least one pair of equal wishes (x = 1).
  S2 as 9,12,13 pairs 6-12 again (met in round 1); 9,13,12 has x = 1 and
  every strong wish met: 9-4 (histories equal, the higher ranked 4 gets
  his B), 13-6, 8-12.  11 floats to {7,10}: 11 wants B, 10 W: 10-11,
  and 7 gets the bye.
  1-7 8-2 3-9 10-4 5-11 12-6 (1); 4-1 2-13 6-3 7-5 11-8 9-10 (2);
  1-2 3-5 9-4 13-6 8-12 10-11 (3).
After round 3, by hand (points; Buchholz by FIDE C.02 13.16: a bye's
virtual opponent has the player's score before it plus a draw for each
later round, and in opponents' scores a bye counts as a draw):
  1: 3, 4.5   2: 2, 5.5   3: 3, 4.5   4: 2, 5     5: 1.5, 4
  6: 2, 4     7: 1, 4.5   8: 2, 3     9: 1, 6    10: 1, 3.5
 11: 0.5, 4.5 12: 1, 4.5  13: 1, 5

Rounds 4 and 5 vary the results by a fixed rule (White wins, Black wins
or a draw).  After every round the test checks in its own code: every
player paired once or given the bye, exactly one bye a round and never
a second bye for anybody, no pair meeting twice, and the absolute
colour criteria (a colour difference of at most 2, never one colour
three times running; the bye skipped).  The final scores and Buchholz
are computed here and checked against the final table."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done
from tourney import body_of, tfile, boards_of, play, Clock, \
    create_started

PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank", "gina",
           "hugo", "ivan", "judy", "kate", "liam", "mona")
NO = {u: i + 1 for i, u in enumerate(PLAYERS)}
ROUNDS = 5
# The hand-worked rounds (docstring): White-Black by pairing number, bye.
WORKED = {
    1: ("1-7 8-2 3-9 10-4 5-11 12-6", 13),
    2: ("4-1 2-13 6-3 7-5 11-8 9-10", 12),
    3: ("1-2 3-5 9-4 13-6 8-12 10-11", 7),
}
# After round 3, by hand: pairing number: (points, Buchholz).
AFTER3 = {1: (3, 4.5), 2: (2, 5.5), 3: (3, 4.5), 4: (2, 5), 5: (1.5, 4),
          6: (2, 4), 7: (1, 4.5), 8: (2, 3), 9: (1, 6), 10: (1, 3.5),
          11: (0.5, 4.5), 12: (1, 4.5), 13: (1, 5)}


def result(rnd, i, w, b):
    """'W', 'B' or '=' for game i (board order) of round rnd."""
    if rnd <= 3:
        if rnd == 1 and {NO[w], NO[b]} == {5, 11}:
            return "="
        return "W" if NO[w] < NO[b] else "B"
    return "WB="[(rnd + i * 2 + i // 2) % 3]


def half(h):
    return "%d%s" % (h // 2, ".5" if h % 2 else "")


def standings(text):
    """{userid: (score, Buchholz)} as the table's words."""
    return {u: (s, q) for u, s, q in re.findall(
        r"^\s+\d+\. (\S+)\s+score (\S+)\s+Buchholz (\S+)", text, re.M)}


def buchholz(hist, u, upto):
    """u's Buchholz in half-points after round upto, computed here
    independently of the server (FIDE C.02 13.16, see the docstring)."""
    def adjusted(v):   # v's score, its byes counted as draws
        return sum(1 if o is None else p for o, _, p in hist[v][:upto])
    total = 0
    for r, (o, _, p) in enumerate(hist[u][:upto]):
        if o is None:  # the virtual opponent: u's score before, no win
            before = sum(q for _, _, q in hist[u][:r])
            total += before + (2 - p) + (upto - r - 1)
        else:
            total += adjusted(o)
    return total


env = Env()
clock = Clock(env)
tick = clock.tick

try:
    (made, started), _ = create_started(
        env, clock, "big", PLAYERS, "-format=swiss -rounds=5 -players=13-13")
    ok(made[0] == 0, "create a Swiss of 5 rounds for 13", made[1])
    ok(started[0] == 0, "start", started[1])
    hist = {u: [] for u in PLAYERS}   # (opponent or None, colour, points)
    met = set()
    crit = []
    msgs = []
    for rnd in range(1, ROUNDS + 1):
        text = tfile(env, "big")
        byes = re.findall(r"^bye: %d (\S+)$" % rnd, text, re.M)
        games = [(w, b, n) for r, w, b, n in boards_of(env, "big") if r == rnd]
        if rnd in WORKED:
            is_((" ".join("%d-%d" % (NO[w], NO[b]) for w, b, _ in games),
                 [NO[u] for u in byes]), (WORKED[rnd][0], [WORKED[rnd][1]]),
                "round %d: the hand-worked pairing and colours, board by "
                "board, and the bye" % rnd)
        seen = sorted([u for w, b, _ in games for u in (w, b)] + byes)
        if seen != sorted(PLAYERS):
            crit.append("round %d: players %r" % (rnd, seen))
        if len(byes) != 1 or len(games) != 6:
            crit.append("round %d: %d games, byes %r" % (rnd, len(games),
                                                          byes))
        for u in byes:
            if any(o is None for o, _, _ in hist[u]):
                crit.append("round %d: a second bye for %s" % (rnd, u))
            hist[u].append((None, "-", 2))
        for i, (w, b, n) in enumerate(games):
            pair = frozenset((w, b))
            if pair in met:
                crit.append("round %d: %s-%s meet again" % (rnd, w, b))
            met.add(pair)
            res = result(rnd, i, w, b)
            hist[w].append((b, "W", 2 if res == "W" else 1 if res == "=" else 0))
            hist[b].append((w, "B", 2 if res == "B" else 1 if res == "=" else 0))
        for u in PLAYERS:
            cols = "".join(c for _, c, _ in hist[u] if c != "-")
            if abs(cols.count("W") - cols.count("B")) > 2 or "WWW" in cols \
                    or "BBB" in cols:
                crit.append("round %d: colours of %s: %s" % (rnd, u, cols))
        for i, (w, b, n) in enumerate(games):
            rc, err = play(env, n, w, b, result(rnd, i, w, b), tick)
            if rc != 0:
                crit.append("board %d: %s" % (n, err))
            msgs = env.new_messages()
        if rnd < ROUNDS:
            told = [m for m in msgs if "round over" in str(m["Subject"])]
            if len(told) != 13:
                crit.append("round %d over: %d told" % (rnd, len(told)))
            if rnd == 3:
                # The table goes out with round 4 paired: its bye already
                # counts in the score; Buchholz counts the rounds over.
                bye4 = re.findall(r"^bye: 4 (\S+)$", tfile(env, "big"), re.M)
                got = standings(body_of(told[0])) if told else {}
                want = {u: ("%g" % (AFTER3[NO[u]][0] + (u in bye4)),
                            "%g" % AFTER3[NO[u]][1]) for u in PLAYERS}
                is_(got, want, "after round 3: scores and Buchholz as "
                    "worked by hand (with round 4's bye, %s's)" % bye4)
                is_({u: (half(sum(p for _, _, p in hist[u]) + 2 * (u in bye4)),
                         half(buchholz(hist, u, 3))) for u in PLAYERS}, got,
                    "after round 3: the test's own Buchholz agrees")
        ok(not [c for c in crit if c.startswith("round %d" % rnd)],
           "round %d: everybody once, one new bye, no pair twice, the "
           "absolute colour criteria" % rnd)
    for c in crit:
        print("# " + c)
    ok(not crit, "five rounds paired by the server with no criterion broken")
    final = [m for m in msgs if "final table" in str(m["Subject"])]
    is_(len(final), 13, "every player gets the final table")
    text = body_of(final[0]) if final else ""
    is_(standings(text),
        {u: (half(sum(p for _, _, p in hist[u])), half(buchholz(hist, u, 5)))
         for u in PLAYERS},
        "the final scores and Buchholz as computed here")
finally:
    env.close()
done()
