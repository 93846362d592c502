#!/usr/bin/python3
"""A Swiss of 13 players over 5 rounds by mail (issue 17): created,
joined and started by mail, every round paired by the server when the
one before has finished, every board made and mailed by it.  After
every round the test checks in its own code: every player paired once
or given the bye, exactly one bye a round and never a second bye for
anybody, no pair meeting twice, and the absolute colour criteria (a
colour difference of at most 2, never one colour three times running;
the bye skipped).  Results vary by a fixed rule (White wins, Black wins
or a draw); the final scores are summed here and checked against the
final table."""
import calendar
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done
from tourney import body_of, addr, tfile, boards_of

PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank", "gina",
           "hugo", "ivan", "judy", "kate", "liam", "mona")
ROUNDS = 5






env = Env()
t = [calendar.timegm((2026, 12, 1, 12, 0, 0))]


def tick():
    t[0] += 60
    env.env["EPAMSERV_NOW"] = str(t[0])


try:
    env.env["EPAMSERV_NOW"] = str(t[0])
    env.players(*PLAYERS)
    env.new_messages()
    rc, err = env.mail(addr("alice"), "epaminondas tournament create big "
                       "alice a -format=swiss -rounds=5 -players=13-13")
    ok(rc == 0, "create a Swiss of 5 rounds for 13", err)
    for u in PLAYERS[1:]:
        env.mail(addr(u), "epaminondas tournament join big %s %s" % (u, u[0]))
    env.new_messages()
    tick()
    rc, err = env.mail(addr("alice"), "epaminondas tournament start big "
                       "alice a")
    env.new_messages()
    ok(rc == 0, "start", err)
    hist = {u: [] for u in PLAYERS}   # (opponent or None, colour, points)
    met = set()
    crit = []
    msgs = []
    for rnd in range(1, ROUNDS + 1):
        text = tfile(env, "big")
        byes = re.findall(r"^bye: %d (\S+)$" % rnd, text, re.M)
        games = [(w, b, n) for r, w, b, n in boards_of(env, "big") if r == rnd]
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
            res = "WB="[(rnd + i * 2 + i // 2) % 3]
            hist[w].append((b, "W", 2 if res == "W" else 1 if res == "=" else 0))
            hist[b].append((w, "B", 2 if res == "B" else 1 if res == "=" else 0))
        for u in PLAYERS:
            cols = "".join(c for _, c, _ in hist[u] if c != "-")
            if abs(cols.count("W") - cols.count("B")) > 2 or "WWW" in cols \
                    or "BBB" in cols:
                crit.append("round %d: colours of %s: %s" % (rnd, u, cols))
        for i, (w, b, n) in enumerate(games):
            res = "WB="[(rnd + i * 2 + i // 2) % 3]
            tick()
            if res == "=":
                env.mail(addr(w), "epaminondas move %d %s %s propose"
                         % (n, w, w[0]))
                env.new_messages()
                tick()
                rc, err = env.mail(addr(b), "epaminondas move %d %s %s accept"
                                   % (n, b, b[0]))
            else:
                loser = b if res == "W" else w
                rc, err = env.mail(addr(loser), "epaminondas resign %d %s %s"
                                   % (n, loser, loser[0]))
            if rc != 0:
                crit.append("board %d: %s" % (n, err))
            msgs = env.new_messages()
        if rnd < ROUNDS:
            told = [m for m in msgs if "round over" in str(m["Subject"])]
            if len(told) != 13:
                crit.append("round %d over: %d told" % (rnd, len(told)))
        ok(not [c for c in crit if c.startswith("round %d" % rnd)],
           "round %d: everybody once, one new bye, no pair twice, the "
           "absolute colour criteria" % rnd)
    for c in crit:
        print("# " + c)
    ok(not crit, "five rounds paired by the server with no criterion broken")
    final = [m for m in msgs if "final table" in str(m["Subject"])]
    is_(len(final), 13, "every player gets the final table")
    text = body_of(final[0]) if final else ""
    got = {u: s for u, s in re.findall(r"^\s+\d+\. (\S+)\s+score (\S+)",
                                       text, re.M)}

    def half(h):
        return "%d%s" % (h // 2, ".5" if h % 2 else "")
    is_(got, {u: half(sum(p for _, _, p in hist[u])) for u in PLAYERS},
        "the final scores as summed here")
finally:
    env.close()
done()
