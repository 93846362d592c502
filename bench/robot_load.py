#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""robot_load.py - robot-master's moves on a busy machine against a quiet
one (issue 30 item 5; BENCHMARKS.md, "Issue 30: robot under load").

A game is played first, each ply by `epamserv think --level 3 --seed PLY`
(node-bounded, so the same game every run), and every STEP-th position
of it is kept.  Then robot-master's search (`think --level 5`, the top
level's node bound, with `--movetime CAP` as the robot's robot_think_ms)
runs on each position, once with the machine as it is ("quiet") and
once with BUSY processes `sh -c 'while :; do :; done'` beside it
("busy"), for each cap given: same binary, same run.  A search the cap
did not cut is bounded by nodes, so its move is the same in both rows.

    /usr/bin/python3 bench/robot_load.py --bin path/to/epamserv \\
        [--size 14x12] [--plies 60] [--step 4] [--caps 2000,20000] [--busy 2]

Prints one Markdown table a cap: position (ply), the move, nodes and
the engine's milliseconds quiet and busy, and the ratio busy/quiet.
"""
import argparse
import os
import resource
import signal
import subprocess
import sys
import time


def think(binary, args):
    """The fields of one `epamserv think` run, and its wall time."""
    t0 = time.monotonic()
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    out = subprocess.run([binary, "think"] + args, check=True,
                         capture_output=True, text=True).stdout
    wall = time.monotonic() - t0
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - c0
    fields = {}
    for line in out.splitlines():
        key, _, value = line.partition(": ")
        fields[key] = value
    fields["wall"] = wall
    fields["cpu"] = cpu
    return fields


def position_after(binary, size, moves):
    """The position string after moves, by `epamserv replay`."""
    text = ('[White "a"]\n[Black "b"]\n[Result "*"]\n'
            '[Options "-size=%s"]\n\n' % size)
    text += " ".join("%d. %s" % (i + 1, m) for i, m in enumerate(moves))
    text += " *\n"
    out = subprocess.run([binary, "replay", "-"], input=text, check=True,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("position: "):
            return line[len("position: "):]
    raise SystemExit("replay gave no position")


def game_positions(binary, size, plies, step):
    """Every step-th position of a level-3 self-play game: (ply, pos)."""
    moves, kept = [], []
    for ply in range(plies):
        pos = position_after(binary, size, moves) if moves else None
        args = ([pos] if pos else []) + ["--level", "3", "--seed", str(ply),
                                         "-size=" + size]
        f = think(binary, args)
        if "bestmove" not in f:
            break
        if ply % step == 0:
            kept.append((ply, pos))
        moves.append(f["bestmove"])
    return kept


def busy_start(n):
    return [subprocess.Popen(["sh", "-c", "while :; do :; done"],
                             start_new_session=True) for _ in range(n)]


def busy_stop(procs):
    for p in procs:
        os.killpg(p.pid, signal.SIGTERM)
        p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--size", default="14x12")
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--step", type=int, default=4)
    ap.add_argument("--caps", default="2000,20000")
    ap.add_argument("--busy", type=int, default=2)
    a = ap.parse_args()
    positions = game_positions(a.bin, a.size, a.plies, a.step)
    caps = [int(c) for c in a.caps.split(",")]
    rows = {}
    for label, nbusy in (("quiet", 0), ("busy", a.busy)):
        procs = busy_start(nbusy)
        try:
            time.sleep(0.5 if nbusy else 0)
            for cap in caps:
                for ply, pos in positions:
                    args = (([pos] if pos else []) +
                            ["--level", "5", "--movetime", str(cap),
                             "-size=" + a.size])
                    rows[(label, cap, ply)] = think(a.bin, args)
        finally:
            busy_stop(procs)
    print("uptime: " + open("/proc/loadavg").read().strip())
    for cap in caps:
        print("\n--movetime %d (robot_think_ms), %s, %d positions\n"
              % (cap, a.size, len(positions)))
        print("| ply | move quiet | nodes quiet | ms quiet (CPU) | move busy | "
              "nodes busy | ms busy (CPU) | busy/quiet | same move |")
        print("|---|---|---|---|---|---|---|---|---|")
        mark = lambda f: f["nodes"] + (" (cut)" if "stopped" in f else "")
        same = cut = 0
        tq = tb = 0
        worst = max(int(rows[(l, cap, ply)]["time"].split()[0])
                    for l in ("quiet", "busy") for ply, _ in positions)
        for ply, _ in positions:
            q, b = rows[("quiet", cap, ply)], rows[("busy", cap, ply)]
            mq, mb = int(q["time"].split()[0]), int(b["time"].split()[0])
            tq += mq
            tb += mb
            s = q["bestmove"] == b["bestmove"]
            same += s
            cut += ("stopped" in q) + ("stopped" in b)
            print("| %d | %s | %s | %d (%d) | %s | %s | %d (%d) | %.2f | %s |"
                  % (ply, q["bestmove"], mark(q), mq, q["cpu"] * 1000,
                     b["bestmove"], mark(b), mb, b["cpu"] * 1000, mb / mq if mq else 0.0,
                     "yes" if s else "NO"))
        print("\nsame move %d of %d; %d searches cut short by the cap; "
              "total %d ms quiet, %d ms busy (%.2f); the slowest %d ms"
              % (same, len(positions), cut, tq, tb, tb / tq if tq else 0,
                 worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
