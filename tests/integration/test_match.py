#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`epamserv match` (issue 16 items 2 and 5), a smoke match that ends in
seconds: level:2 against random over 4 games on 8x8, the output's
lines, colours alternating over paired openings, the same games with
--jobs 2 as with one process, the top level beating random, the
reference and greedy players, variants, and the usage errors (a game
setting refused by name, an unknown player)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import subprocess

from harness import BIN, SRCDIR, Env, ok, is_, contains, done

SUMMARY = [
    r"players: level:2 \(engine, nodes:\d+\) against random",
    r"games: 4, openings of 4 random plies each played with both colours, "
    r"seed 1",
    r"rules: -game=epaminondas -size=8x8 .*",
    r"result: level:2 \d+ wins, \d+ draws, \d+ losses \(4 games\)",
    r"score: \d+\.\d% \(95% interval \d+\.\d% to \d+\.\d%\)",
    r"elo: [+-](inf|\d+) \(95% interval [+-](inf|\d+) to [+-](inf|\d+)\)",
    r"nodes: level:2 \d+ a move, random \d+ a move",
    r"plies: \d+\.\d a game",
    r"time: \d+\.\d s",
]


def games(out):
    """The --verbose game lines: [(n, white, black, result, plies)]."""
    return [m.groups() for m in re.finditer(
        r"^game (\d+): white (\S+), black (\S+): (white wins|black wins|draw)"
        r" \(.*\), (\d+) plies$", out, re.M)]


def summary(out):
    return [l for l in out.splitlines()
            if not l.startswith("game ") and not l.startswith("time:")]


env = Env(smtp=False)
try:
    rc, out, err = env.run("match", "level:2", "random", "--games", "4",
                           "-size=8x8", "--verbose")
    is_((rc, err), (0, ""), "a 4-game match exits 0, nothing on stderr")
    lines = [l for l in out.splitlines() if not l.startswith("game ")]
    is_(len(lines), len(SUMMARY), "nine summary lines")
    for got, want in zip(lines, SUMMARY):
        ok(re.match("^" + want + "$", got), "summary line: %s" % want, got)
    g = games(out)
    is_([x[0] for x in g], ["1", "2", "3", "4"], "one line a game, in order")
    is_([(x[1], x[2]) for x in g],
        [("level:2", "random"), ("random", "level:2")] * 2,
        "colours alternate: each opening played with both colours")
    contains(out, "result: level:2 4 wins, 0 draws, 0 losses",
             "level:2 beats random in every game")
    contains(out, "score: 100.0% (95% interval 51.0% to 100.0%)",
             "the score and its Wilson interval")

    rc2, out2, err2 = env.run("match", "level:2", "random", "--games", "4",
                              "-size=8x8", "--verbose", "--jobs", "2")
    is_(rc2, 0, "--jobs 2 exits 0")
    is_(sorted(games(out2)), sorted(g),
        "--jobs 2 plays the same games, move for move, as one process")
    is_(summary(out2), summary(out), "and gives the same summary")
    rc3, out3, _ = env.run("match", "level:2", "random", "--games", "4",
                           "-size=8x8", "--verbose", "--seed", "2")
    ok(games(out3) != g, "another seed gives other openings", games(out3))

    # The top level (the largest node bound) on one opening, both colours.
    rc, out, err = env.run("match", "level:5", "random", "--games", "2",
                           "-size=8x8")
    ok(rc == 0 and "result: level:5 2 wins, 0 draws, 0 losses" in out,
       "the top level beats random in every game", out + err)

    rc, out, err = env.run("match", "ref:2", "greedy", "--games", "2",
                           "-size=8x8", "--verbose")
    ok(rc == 0 and err == "" and len(games(out)) == 2,
       "the reference and greedy players play a match", out + err)
    contains(out, "players: ref:2 (reference, material alone, depth 2) "
             "against greedy", "the reference player is named with its depth")
    rc, out, err = env.run("match", "nodes:3000", "ref:level:1", "--games",
                           "2", "-size=8x8")
    ok(rc == 0 and re.search(r"against ref:level:1 \(reference, material "
                             r"alone, nodes:\d+\)", out),
       "ref:level:N plays at the nodes of level N", out + err)

    for rules in (["-game=crossings", "-size=8x8"],
                  ["-rules=igfip", "-size=8x8"],
                  ["-size=6x6", "-symmetry=off", "-repetition=draw"],
                  ["-size=8x8", "-crossed=stay", "-symmetry=both"]):
        rc, out, err = env.run("match", "random", "greedy", "--games", "6",
                               "--openings", "2", "--verbose", *rules)
        ok(rc == 0 and err == "" and len(games(out)) == 6,
           "random against greedy under %s: six games, no illegal move"
           % " ".join(rules), out + err)

    for args, what in (
            (["level:1", "random", "-time=3d"], "-time= is a game setting"),
            (["level:1", "random", "-timeout=claim"],
             "-timeout= is a game setting"),
            (["level:1", "random", "-observers=off"],
             "-observers= is a game setting"),
            (["level:1", "random", "-rated=no"], "-rated= is a game setting"),
            (["level:9", "random"], "\"level:9\" is not a player"),
            (["level:1"], "two players are needed, 1 given"),
            (["level:1", "random", "--games", "0"], "--games must be"),
            (["level:1", "random", "-size=2x2"], "size")):
        rc, out, err = env.run("match", *args)
        ok(rc == 64 and what in err and "result:" not in out,
           "match %s: 64, %s" % (" ".join(args), what), (rc, err))
    # bench/ladder.sh reads match's output: a tiny ladder, levels 1 and 2.
    e = dict(env.env)
    e.update({"EPAMSERV": os.path.abspath(BIN), "TOP": "2", "BOTTOM": "1"})
    ladder = os.path.join(os.path.abspath(SRCDIR), "bench", "ladder.sh")
    p = subprocess.run(["sh", ladder, "--games", "2", "--jobs", "1", "-size=6x6"],
                       env=e, cwd=env.root, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    out = p.stdout.decode()
    rows = re.findall(r"^(level:2 vs \S+) +(\d+\.\d)%  \(.*\)  \d+ wins.*"
                      r"  (PASS|FAIL) \(", out, re.M)
    is_([r[0] for r in rows], ["level:2 vs level:1", "level:2 vs random",
                               "level:2 vs greedy", "level:2 vs ref"],
        "ladder.sh runs its four rows and reads each score")
    ok(re.search(r"^total: \d+ s, \d+ row\(s\) failed$", out, re.M) and
       p.returncode == (0 if all(r[2] == "PASS" for r in rows) else 1),
       "and ends with the total, exit 0 only when every row passes",
       (p.returncode, out, p.stderr.decode()))
finally:
    env.close()
done()
