#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A Swiss whose next round cannot be paired ends after the rounds
played, and every player is told (issue 17).

Five players, alice (1) to erin (5), four rounds.  With these results
the first three rounds leave no pairing for round 4 that meets the
absolute criteria (found with src/tourney over every result of rounds
1-3; games White-Black by pairing number):
  round 1: 1-3 1-0, 4-2 1-0, 5 the bye
  round 2: 5-1 draw, 3-4 1-0, 2 the bye
  round 3: 2-1 1-0, 4-5 1-0, 3 the bye
Round 4 must give the bye to 1 or 4 (the others have had one); 1 has
met 3, 5 and 2, so 1 can only meet 4, and then 2, 3 and 5 are three
players of whom 2-3 is the only new pair, leaving 5 without a game or
a second bye; with 4 the bye, 1 has nobody new but 4.  Before this the
server only logged the unpairable round and the tournament waited
forever: nobody was told and it never ended."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done
from tourney import body_of, addr, tfile, boards_of, play, Clock, \
    create_started

PLAYERS = ("alice", "bob", "carol", "dave", "erin")
NO = {u: i + 1 for i, u in enumerate(PLAYERS)}
# round: (games as "W-B" by pairing number with results, the bye)
PLAN = {1: ({"1-3": "W", "4-2": "W"}, 5),
        2: ({"5-1": "=", "3-4": "W"}, 2),
        3: ({"2-1": "W", "4-5": "W"}, 3)}

env = Env()
clock = Clock(env)
tick = clock.tick

try:
    (made, started), msgs = create_started(
        env, clock, "cut", PLAYERS, "-format=swiss -rounds=4 -players=5-5")
    ok(made[0] == 0 and started[0] == 0, "create and start a Swiss of 4 "
       "rounds for 5", made[1] + started[1])
    for rnd in (1, 2, 3):
        games = [(w, b, n) for r, w, b, n in boards_of(env, "cut")
                 if r == rnd]
        byes = re.findall(r"^bye: %d (\S+)$" % rnd, tfile(env, "cut"), re.M)
        want, bye = PLAN[rnd]
        is_((sorted("%d-%d" % (NO[w], NO[b]) for w, b, _ in games),
             [NO[u] for u in byes]), (sorted(want), [bye]),
            "round %d: the pairing the example needs" % rnd)
        for w, b, n in games:
            res = want.get("%d-%d" % (NO[w], NO[b]), "W")
            rc, err = play(env, n, w, b, res, tick)
            ok(rc == 0, "board %d ends" % n, err)
            msgs = env.new_messages()
    text = tfile(env, "cut")
    is_([r for r, _, _, _ in boards_of(env, "cut") if r == 4], [],
        "no board of round 4 is made")
    ok(re.search(r"^state: finished$", text, re.M),
       "the tournament is finished after round 3")
    ok(re.search(r"^rounds: 3$", text, re.M),
       "its file says it had 3 rounds")
    final = [m for m in msgs if "final table" in str(m["Subject"])]
    is_(sorted(str(m["To"]) for m in final),
        sorted(addr(u) for u in PLAYERS),
        "every player gets the final table, once")
    body = body_of(final[0]) if final else ""
    flat = " ".join(body.split())
    ok("round 4 cannot be paired" in flat and "after round 3 of 4" in flat,
       "the table says why it ended early", body[:600])
    tick()
    rc, out, err = env.run("sweep")
    ok(rc == 0, "a later sweep runs", err)
    is_([str(m["Subject"]) for m in env.new_messages()], [],
        "a later sweep sends nothing more")
    env.mail(addr("bob"), "epaminondas tournament show cut")
    shown = [body_of(m) for m in env.new_messages()]
    ok(len(shown) == 1 and "finished" in shown[0],
       "show: finished", shown[:1])
finally:
    env.close()
done()
