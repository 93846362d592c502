#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The cost of the static web site, "epamserv web DIR" (issue 18;
BENCHMARKS.md).  A program, not a test.  Run from a configured build
directory:

    make src/epamserv
    nice /usr/bin/python3 ../bench/web_bench.py                # 10,000 boards
    nice /usr/bin/python3 ../bench/web_bench.py --boards 2000 --moves 200

A spool of --boards boards: one game played by mail to 20 plies on 8x8
(the crossing line of tests/integration/test_html_board.py), the rest
copies of its file with other board numbers and 20 players (real game
files the loader replays move by move).  Timed, each against the
baseline of reading every board file once (cat) in the same run:
  full        the first run: every page written;
  unchanged   a second run: nothing written;
  incremental --moves boards replaced by the same game one move further
              (the file a move by mail writes), then a run.
"""
import argparse
import glob
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "integration"))
os.environ.setdefault("EPAMSERV_SRCDIR", os.path.join(HERE, ".."))
from harness import Env  # noqa: E402
from webspool import as_board  # noqa: E402

LINE = ["d1-d4", "c8-c6", "e2-c4", "e8-h5", "d3-b5", "c6-c8", "b5-b4",
        "h5-g4", "b2-e2", "e7-f6", "g2-g3", "f8-h6", "h1-g2", "c7-b6",
        "d4-c5", "h8-e5", "c5-a3", "b8-f8", "b4-a5", "e5-f5", "g1xg4"]


def game_text(env):
    with open(os.path.join(env.spool, "games", "epaminondas", "101.game")) as f:
        return "".join(l for l in f.read().splitlines(True)
                       if not l.startswith("token:"))


def timed(argv, env=None):
    t = time.monotonic()
    p = subprocess.run(argv, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit("%s: exit %d: %s" % (argv[:3], p.returncode,
                                               p.stderr.decode()[-500:]))
    return time.monotonic() - t, p.stdout.decode()


def cat_all(spool):
    files = glob.glob(os.path.join(spool, "games", "epaminondas", "*.game"))
    t = time.monotonic()
    for i in range(0, len(files), 2000):
        subprocess.run(["cat"] + files[i:i + 2000], stdout=subprocess.DEVNULL,
                       check=True)
    return time.monotonic() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=10000)
    ap.add_argument("--moves", type=int, default=1000)
    a = ap.parse_args()
    env = Env(smtp=False)
    try:
        players = ["p%02d" % i for i in range(20)]
        for u in players[:2]:
            env.signup("%s@example.org" % u, u, u)
        for u in players[2:]:
            env.signup("%s@example.org" % u, u, u)
        env.mail("p00@example.org", "epaminondas challenge p00 p01 -size=8x8 by p00 p00")
        env.mail("p01@example.org", "epaminondas accept 101 p01 p01")
        for i, mv in enumerate(LINE[:20]):
            who = players[i % 2]
            env.mail("%s@example.org" % who,
                     "epaminondas move 101 %s %s %s" % (who, who, mv))
        before = game_text(env)
        env.mail("p00@example.org", "epaminondas move 101 p00 p00 %s" % LINE[20])
        after = game_text(env)
        d = os.path.join(env.spool, "games", "epaminondas")
        pairs = [(w, b) for w in players for b in players if w != b]
        for k in range(a.boards - 1):
            w, b = pairs[k % len(pairs)]
            with open(os.path.join(d, "%d.game" % (1000 + k)), "w") as f:
                f.write(as_board(before, 1000 + k, w, b))
        site = os.path.join(env.root, "site")
        run = [os.environ.get("EPAMSERV_BIN", "src/epamserv"), "web",
               "--verbose", site]
        e = dict(env.env)
        rows = []
        base = cat_all(env.spool)
        t, out = timed(run, e)
        rows.append(("full", t, base, out.splitlines()[-1]))
        base = cat_all(env.spool)
        t, out = timed(run, e)
        rows.append(("unchanged", t, base, out.splitlines()[-1]))
        for k in range(a.moves):
            w, b = pairs[k % len(pairs)]
            p = os.path.join(d, "%d.game" % (1000 + k))
            with open(p + ".new", "w") as f:
                f.write(as_board(after, 1000 + k, w, b))
            os.rename(p + ".new", p)
        base = cat_all(env.spool)
        t, out = timed(run, e)
        rows.append(("incremental, %d moves" % a.moves, t, base,
                     out.splitlines()[-1]))
        size = sum(os.path.getsize(os.path.join(dp, f))
                   for dp, _, fs in os.walk(site) for f in fs)
        print("%d boards, site %.1f MB" % (a.boards, size / 1e6))
        print("| run | time | cat of every board file | ratio | pages |")
        print("|---|---|---|---|---|")
        for name, t, base, last in rows:
            print("| %s | %.2f s | %.3f s | x%.0f | %s |" % (name, t, base,
                                                          t / base, last))
    finally:
        env.close()


if __name__ == "__main__":
    main()
