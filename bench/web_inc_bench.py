#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What `epamserv web` costs after one move, and how big the site is,
against an older build in the same run (issue 35 item 5; BENCHMARKS.md
"Issue 35: web").  A program, not a test.  From a configured build
directory:

    make src/epamserv
    nice /usr/bin/python3 ../bench/web_inc_bench.py \\
        --before path/to/epamserv-before --boards 1000 [--callgrind]

A spool of --boards boards: one game played by mail to --plies plies on
the 14x12 board (tests/integration/longgame.py), the rest copies of its
file under other numbers among 20 players (real game files the loader
replays), every file dated an hour back.  For each build (--before, and
EPAMSERV_BIN or src/epamserv), each into its own site directory:

  full         the first run, every page written;
  unchanged    a second run;
  one move     a move by mail on one board, then a run;
then, after another move each, the board files the run opened (strace
-f -e trace=openat) and, with --callgrind, after a third, the
instructions of the run (valgrind --tool=callgrind; the full run's too
with --callgrind-full).  Times are wall-clock, one run each: compare the
two builds' ratio, measured in the same run, rather than the seconds.
"""
import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "integration"))
os.environ.setdefault("EPAMSERV_SRCDIR", os.path.join(HERE, ".."))
import longgame  # noqa: E402
from harness import Env  # noqa: E402
from webspool import age, as_board  # noqa: E402

PLAYERS = ["p%02d" % i for i in range(20)]


def run(env, argv, wrap=()):
    t = time.monotonic()
    p = subprocess.run(list(wrap) + argv, env=env.env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit("%s: exit %d: %s" % (argv[:3], p.returncode,
                                               p.stderr.decode()[-500:]))
    return time.monotonic() - t


def opens(env, argv):
    log = os.path.join(env.root, "trace")
    run(env, argv, ["strace", "-f", "-qq", "-e", "trace=openat", "-o", log])
    n = 0
    with open(log) as f:
        for line in f:
            if re.search(r'/games/epaminondas/(archive/)?\d+\.game"', line) \
               and "= -1" not in line:
                n += 1
    return n


def instructions(env, argv):
    out = os.path.join(env.root, "callgrind.out")
    run(env, argv, ["valgrind", "--tool=callgrind", "--callgrind-out-file=" +
                    out])
    with open(out) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    return 0


def size(site):
    return sum(os.path.getsize(os.path.join(dp, f))
               for dp, _, fs in os.walk(site) for f in fs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--callgrind-full", action="store_true")
    a = ap.parse_args()
    after_bin = os.path.abspath(os.environ.get("EPAMSERV_BIN", "src/epamserv"))
    builds = [("before", os.path.abspath(a.before)), ("after", after_bin)]
    env = Env(smtp=False)
    try:
        for u in PLAYERS:
            env.signup("%s@example.org" % u, u, u)
        env.mail("p00@example.org", "epaminondas challenge p00 p01 by p00 p00")
        env.mail("p01@example.org", "epaminondas accept 101 p01 p01")
        moves = longgame.moves(a.plies + 3)
        longgame.play(env, "p00", "p01", 101, a.plies,
                      {"p00": "p00", "p01": "p01"})
        d = os.path.join(env.spool, "games", "epaminondas")
        with open(os.path.join(d, "101.game")) as f:
            text = f.read()
        pairs = [(w, b) for w in PLAYERS for b in PLAYERS if w != b]
        for k in range(a.boards - 1):
            w, b = pairs[k % len(pairs)]
            with open(os.path.join(d, "%d.game" % (1000 + k)), "w") as f:
                f.write(as_board(text, 1000 + k, w, b))
        age(env.spool)
        sites = {n: os.path.join(env.root, "site-" + n) for n, _ in builds}
        rows = {n: {} for n, _ in builds}

        def argv(b, n, *extra):
            return [b, "web"] + list(extra) + [sites[n]]

        for n, b in builds:
            if a.callgrind_full:
                rows[n]["full Ir"] = instructions(env, argv(b, n))
                run(env, argv(b, n, "--full"))
            rows[n]["full s"] = run(env, argv(b, n))
            rows[n]["size"] = size(sites[n])
            rows[n]["page"] = os.path.getsize(os.path.join(
                sites[n], "boards", "epaminondas-101.html"))
        for n, b in builds:
            rows[n]["unchanged s"] = run(env, argv(b, n))
        ply = a.plies

        def move():
            nonlocal ply
            who = "p00" if ply % 2 == 0 else "p01"
            env.mail("%s@example.org" % who, "epaminondas move 101 %s %s %s"
                     % (who, who, moves[ply]))
            ply += 1

        move()
        for n, b in builds:
            rows[n]["move s"] = run(env, argv(b, n))
        move()
        for n, b in builds:
            rows[n]["move opens"] = opens(env, argv(b, n))
        if a.callgrind:
            move()
            for n, b in builds:
                rows[n]["move Ir"] = instructions(env, argv(b, n))
        print("%d boards (one game of %d plies on 14x12 and copies of it)"
              % (a.boards, a.plies))
        keys = [k for k in ("full s", "full Ir", "unchanged s", "move s",
                            "move opens", "move Ir", "size", "page")
                if k in rows["after"]]
        print("| build | " + " | ".join(keys) + " |")
        print("|---" * (len(keys) + 1) + "|")
        for n, _ in builds:
            cells = []
            for k in keys:
                v = rows[n][k]
                cells.append("%.2f" % v if isinstance(v, float) else
                             "{:,}".format(v))
            print("| %s | %s |" % (n, " | ".join(cells)))
        cells = []
        for k in keys:
            x, y = rows["before"][k], rows["after"][k]
            cells.append("%.3f" % (y / x) if x else "-")
        print("| after/before | %s |" % " | ".join(cells))
    finally:
        env.close()


if __name__ == "__main__":
    main()
