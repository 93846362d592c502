#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Tournaments number their players by rating (issue 17), not by
userid, once the ratings differ.

Before any tournament, two rated games by mail (a move each, then White
resigns): alice loses to dave and bob to carol.  Both games start from equal ratings, so carol and
dave gain the same and alice and bob lose it: by rating then userid the
order is carol (1), dave (2), alice (3), bob (4), where userid order
would be alice, bob, carol, dave.  Then, by hand:
  round robin of 4 (FIDE's Berger table): round 1 1-4 2-3, round 2 4-3
    1-2, round 3 2-4 3-1: carol-bob dave-alice; bob-alice carol-dave;
    dave-bob alice-carol;
  Swiss round 1 (Dutch): top half against bottom half, colours
    alternating from board 1's White: 1-3 4-2, carol-alice bob-dave;
  knockout of 4 (seeds 1-4, 2-3; the higher seed White in game 1):
    carol-bob and dave-alice, then the games reversed."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done
from tourney import addr, tfile, boards_of

PLAYERS = ("alice", "bob", "carol", "dave")

env = Env()
try:
    env.players(*PLAYERS)
    env.start_game("alice", "dave", 101)
    env.start_game("bob", "carol", 102)
    # A game is rated once both players have moved: a move each, then
    # White resigns.
    for white, black, n in (("alice", "dave", 101), ("bob", "carol", 102)):
        for who, move in ((white, "e2-e3"), (black, "e11-e10")):
            env.mail(addr(who), "epaminondas move %d %s %s %s"
                     % (n, who, who[0], move))
        rc, err = env.mail(addr(white), "epaminondas resign %d %s %s"
                           % (n, white, white[0]))
        ok(rc == 0 and "result:" in (env.game_file(n) or ""),
           "rated game %d: %s resigns after a move each" % (n, white), err)
    env.new_messages()

    def run(name, fmt):
        env.mail(addr("alice"), "epaminondas tournament create %s alice a "
                 "%s" % (name, fmt))
        for u in PLAYERS[1:]:
            env.mail(addr(u), "epaminondas tournament join %s %s %s"
                     % (name, u, u[0]))
        rc, err = env.mail(addr("alice"), "epaminondas tournament start %s "
                           "alice a" % name)
        ok(rc == 0 and "state: running" in (tfile(env, name) or ""),
           "%s: started" % name, err)
        env.new_messages()
        return [(r, w, b) for r, w, b, _ in boards_of(env, name)]

    got = run("rr", "-format=roundrobin -players=4-4")
    is_(sorted(got), sorted([
        (1, "carol", "bob"), (1, "dave", "alice"),
        (2, "bob", "alice"), (2, "carol", "dave"),
        (3, "dave", "bob"), (3, "alice", "carol")]),
        "round robin: the Berger table over the players numbered by rating")
    got = run("sw", "-format=swiss -rounds=3 -players=4-4")
    is_(sorted(got), sorted([(1, "carol", "alice"), (1, "bob", "dave")]),
        "Swiss round 1: 1-3 and 4-2 by rating")
    got = run("ko", "-format=knockout -players=4-4")
    is_(sorted(got), sorted([(1, "carol", "bob"), (1, "bob", "carol"),
                             (1, "dave", "alice"), (1, "alice", "dave")]),
        "knockout: seeds 1-4 and 2-3 by rating, both games")
finally:
    env.close()
done()
