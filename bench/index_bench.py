#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The status and sweep benchmark of issue 35 item 1 (BENCHMARKS.md,
"Issue 35: status and sweep").  A program, not a test.  Run from a
configured build directory:

    make src/epamserv
    /usr/bin/python3 ../bench/index_bench.py --before path/to/epamserv-before \\
        [--boards N] [--fresh] [--only before|after] [--callgrind-sweep]
        [--keep]

It builds one scratch spool of N boards (default 1,000) with
sweep_bench.py's mix (72% fresh, 10% at a reminder point, 5% past the
forfeit point, 8% finished, 5% with the mover on leave; --fresh: every
board active, its last move in the day before: little for the day's
first sweep to do, the steady state of a big server), copies it, and
runs on one copy the binary before (--before) and on the other this
build (EPAMSERV_BIN, default src/epamserv), in the same run:

  sweep first   the day's first sweep (reminders, forfeits, archiving:
                the day's work; after: it builds the board index from
                every board, then the full pass of the day);
  status        an hour later, wall time (median of 3) and
                instructions (callgrind, one run);
  sweep hourly  a sweep an hour later (after: the boards due only),
                wall time (median of 3) and instructions (before: only
                with --callgrind-sweep or at most 10,000 boards, since
                callgrind runs some 50 times slower);

and the board files each opened (strace -f -e trace=openat) in the
hourly sweep and in status.  Instructions are callgrind's Ir (the whole
process, start-up included).
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sweep_bench as SB  # noqa: E402

BOARD = re.compile(r'games/epaminondas/\d+\.game"')


def run_env(spool, now):
    e = dict(os.environ)
    e.update({"EPAMSERV_SPOOL": spool, "EPAMSERV_NOW": str(now),
              "EPAMSERV_CONF": os.path.join(os.path.dirname(spool), "none.conf"),
              "EPAMSERV_FROM": "epamserv@games.example",
              "EPAMSERV_LOG": os.path.join(os.path.dirname(spool), "log"),
              "EPAMSERV_LOCK_TIMEOUT": "10"})
    e["EPAMSERV_TEMPLATES"] = SB.harness.TEMPLATES
    return e


def wall(args, env, n=3):
    ts = []
    for _ in range(n):
        t0 = time.monotonic()
        p = subprocess.run(args, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        ts.append(time.monotonic() - t0)
    return statistics.median(ts), p.returncode


def callgrind(args, env, tmp):
    out = os.path.join(tmp, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" +
                    out] + args, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    return None


def opens(args, env, tmp):
    log = os.path.join(tmp, "strace.log")
    subprocess.run(["strace", "-f", "-qq", "-e", "trace=openat", "-o", log] +
                   args, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(log) as f:
        return len(BOARD.findall(f.read()))


def measure(name, binary, spool, now, tmp, cg_sweep):
    st = [binary, "status"]
    sw = [binary, "sweep"]
    e = run_env(spool, now)
    # The day's first sweep first: it does the day's work, and (after)
    # builds the board index from every board.
    t0 = time.monotonic()
    subprocess.run(sw, env=e, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    print("%s sweep, the day's first: wall %.2f s" % (
        name, time.monotonic() - t0))
    e = run_env(spool, now + 3600)
    w, _ = wall(st, e)
    ir = callgrind(st, e, tmp)
    nopen = opens(st, e, tmp)
    print("%s status: wall %.3f s (median of 3), %s instructions, %d board "
          "files opened" % (name, w, "{:,}".format(ir) if ir else "?", nopen))
    w, rc = wall(sw, e)
    ir = callgrind(sw, e, tmp) if cg_sweep else None
    nopen = opens(sw, e, tmp)
    print("%s sweep, hourly: wall %.3f s (median of 3), exit %d, %s "
          "instructions, %d board files opened" % (
              name, w, rc, "{:,}".format(ir) if ir else "(not measured)",
              nopen))


def freshen(spool, boards, now, active):
    """--fresh: every board rewritten as active, its last move in the
    day before now, so that the day's first sweep has little to do
    (the steady state of a big server, measurable before and after)."""
    rng = SB.random.Random(35)
    gdir = os.path.join(spool, "games", "epaminondas")
    for i in range(boards):
        path = os.path.join(gdir, "%d.game" % (101 + i))
        with open(path) as f:
            text = f.read()
        white = re.search(r"(?m)^white: (\S+)$", text).group(1)
        black = re.search(r"(?m)^black: (\S+)$", text).group(1)
        with open(path, "w") as f:
            f.write(SB.shifted(active[i % len(active)], 101 + i, white, black,
                               now - rng.randint(0, 86400)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--before", required=True)
    ap.add_argument("--callgrind-sweep", action="store_true")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--only", choices=("before", "after"))
    a = ap.parse_args()
    t_start = time.monotonic()
    active, done, user_text, tenv = SB.templates()
    now = int(time.time()) + 60
    # the day's first sweep at now, the hourly one an hour later: the
    # same UTC day
    now -= now % 86400
    now += 3600
    env = SB.harness.Env(smtp=False)
    env.players("alice", "bob")
    count = SB.build(env.spool, a.boards, now, (active, done, user_text))
    if a.fresh:
        freshen(env.spool, a.boards, now, active)
        count = {"fresh": a.boards}
    tmp = tempfile.mkdtemp(prefix="index-bench-")
    after_spool = os.path.join(tmp, "after", "spool")
    os.makedirs(os.path.dirname(after_spool))
    shutil.copytree(env.spool, after_spool, symlinks=True)
    for d in (env.root, os.path.dirname(after_spool)):
        open(os.path.join(d, "none.conf"), "w").close()
    print("# %d boards (%s); set-up %.0f s; load average %s" % (
        a.boards, ", ".join("%s %d" % kv for kv in count.items()),
        time.monotonic() - t_start, os.getloadavg()))
    cg = a.callgrind_sweep or a.boards <= 10000
    if a.only != "after":
        measure("before", os.path.abspath(a.before), env.spool, now, tmp, cg)
    if a.only != "before":
        measure("after", SB.BIN, after_spool, now, tmp, True)
    print("# the benchmark took %.0f s" % (time.monotonic() - t_start))
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
        env.close()
    tenv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
