#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`epamserv think` (issue 16 item 2): a legal move with its score, depth,
nodes and principal variation on a few positions and variants; a won
position scored as a win in plies; a game that has ended says so; the
game settings that are not rules (-time=, -timeout=, -rated=,
-observers=) refused by name; the same --nodes and --seed give the same
output."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done

LINES = ["bestmove", "score", "depth", "seldepth", "nodes", "time", "pv"]


def fields(out):
    """think's output as {name: value}, and the names in order."""
    names, d = [], {}
    for line in out.splitlines():
        name, _, value = line.partition(": ")
        names.append(name)
        d[name] = value
    return names, d


env = Env(smtp=False)
try:
    cases = [
        ("the 8x8 opening", ["-size=8x8"], "--nodes", "3000"),
        ("the 14x12 opening", [], "--depth", "2"),
        ("a crossings middle game",
         ["8x8 8/BB1B4/2B1B3/8/3W4/1W1W4/W7/8 w", "-game=crossings"],
         "--nodes", "2000"),
        ("an igfip 8x8 position", ["-size=8x8", "-rules=igfip"],
         "--level", "1"),
        ("no symmetry rule", ["-size=8x8", "-symmetry=off"], "--depth", "2"),
    ]
    for name, args, opt, value in cases:
        rc, out, err = env.run("think", *args, opt, value)
        is_((rc, err), (0, ""), "think on %s exits 0, nothing on stderr" % name)
        names, d = fields(out)
        is_(names, LINES, "think on %s prints the seven lines in order" % name)
        position = [a for a in args if not a.startswith("-")]
        rules = [a for a in args if a.startswith("-")]
        rc, legal, _ = env.run("moves", *(position or [{
            "-size=8x8": "8x8 BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w"}
            .get(rules[0] if rules else "", "14x12 BBBBBBBBBBBBBB/"
                 "BBBBBBBBBBBBBB/14/14/14/14/14/14/14/14/WWWWWWWWWWWWWW/"
                 "WWWWWWWWWWWWWW w")]), *rules)
        ok(d.get("bestmove") in legal.splitlines(),
           "think's move on %s is one of `moves`" % name, (d, legal))
        ok(re.match(r"^[+-]\d+\.\d\d$|^(win|loss) in \d+$", d.get("score", "")),
           "the score on %s is pieces with two decimals" % name, d)
        ok(d.get("pv", "").split()[:1] == [d.get("bestmove")],
           "the line on %s starts with the move" % name, d)
        ok(re.match(r"^\d+ ms$", d.get("time", "")), "the time is in ms", d)
        if opt == "--nodes":
            ok(int(d["nodes"]) <= int(value) + 200,
               "--nodes %s bounds the search on %s (%s)" % (value, name,
                                                           d["nodes"]))
        if opt == "--depth":
            is_(d["depth"], value, "--depth %s is reached on %s" % (value, name))

    # White crosses on a8 and Black, on h4, cannot answer: a win at the
    # start of White's next turn, 2 plies away.
    rc, out, err = env.run("think", "8x8 8/W7/8/8/7B/8/8/8 w", "--depth", "3")
    names, d = fields(out)
    is_((d.get("bestmove"), d.get("score")), ("a7-a8", "win in 2"),
        "think finds the unanswerable crossing and scores it a win in 2")
    rc, out, err = env.run("think", "8x8 8/W7/8/8/7B/8/8/8 b", "--depth", "4")
    names, d = fields(out)
    is_(d.get("score"), "loss in 3", "and the side that cannot stop it "
        "sees a loss in 3")

    # A game that has ended.
    rc, out, err = env.run("think", "8x8 8/8/8/8/8/8/WW6/BW6 b")
    is_((rc, out), (0, "status: black wins (black has more crossed "
                       "pieces)\n"),
        "think on an ended game says who won and why, and no move")
    rc, out, err = env.run("think", "8x8 8/8/8/8/8/8/8/W7 b")
    ok(rc == 0 and out.startswith("status: white wins") and
       "bestmove" not in out, "a side with no pieces left has lost", out)

    # Game settings that are not rules, refused by name.
    for word, name in (("-time=3d+1d/5d", "-time="),
                       ("-timeout=claim", "-timeout="),
                       ("--rated=no", "-rated="), ("-observers=off",
                                                   "-observers=")):
        rc, out, err = env.run("think", "-size=8x8", word, "--nodes", "100")
        is_((rc, out), (64, ""), "think %s is a usage error (64)" % word)
        contains(err, "%s is a game setting, not a rule" % name,
                 "think %s names the setting it refuses" % word)
    for args, what in ((["--nodes", "x"], "--nodes must be a number"),
                       (["--level", "9"], "--level must be a number from 1"),
                       (["--depth"], "--depth needs a value"),
                       (["-size=99x3"], "size"),
                       (["-colour=red"], "colour")):
        rc, out, err = env.run("think", *args)
        ok(rc == 64 and what in err, "think %s: 64, %s" % (" ".join(args), what),
           (rc, err))

    # Deterministic: the same bounds and seed, the same output (time aside).
    def run_same(*extra):
        rc, out, err = env.run("think", "-size=10x10", "--nodes", "4000",
                               *extra)
        return [l for l in out.splitlines() if not l.startswith("time:")]
    first = run_same("--seed", "7")
    ok(len(first) == 6 and first == run_same("--seed", "7"),
       "--nodes 4000 --seed 7 twice gives the same move, score and line",
       first)
    rc, out, err = env.run("think", "--nodes=2500", "-size=8x8", "--seed=3")
    is_(fields(out)[1].get("nodes"), "2500", "--nodes=N and --seed=N forms")

    rc, out, err = env.run("think", "--help")
    ok(rc == 0 and out.startswith("usage: epamserv think") and err == "",
       "think --help prints the usage", (rc, out, err))
finally:
    env.close()
done()
