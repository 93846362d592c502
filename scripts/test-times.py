#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each test's wall-clock and CPU time in a `make check` run (issue 35;
tests/README, "The slowest tests").

As the tests' log compiler it runs the test given and appends one line
to the file TEST_TIMES names (default test-times.txt in the directory
make runs it from, the top of the build directory):

    WALL CPU EXIT TEST

WALL: seconds from start to exit; CPU: user + system seconds of the test
and of every process it waited for (getrusage RUSAGE_CHILDREN), servers
included.  From a build directory:

    make check LOG_COMPILER="/usr/bin/python3 ../scripts/test-times.py" \\
        PY_LOG_COMPILER="/usr/bin/python3 ../scripts/test-times.py /usr/bin/python3"
    /usr/bin/python3 ../scripts/test-times.py --report [FILE] [N]

--report prints the N (default 10) slowest tests of FILE by CPU time,
then by wall-clock time, and the sums.  On a shared machine the wall
time measures the other processes too; CPU time does not, but misses
what a test waits for.
"""
import os
import resource
import subprocess
import sys


def run(argv):
    """Run argv, append its times to TEST_TIMES, exit with its status."""
    import time
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    rc = subprocess.call(argv)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(os.environ.get("TEST_TIMES", "test-times.txt"), "a") as f:
        f.write("%.2f %.2f %d %s\n" % (wall, cpu, rc, argv[-1]))
    return rc


def report(path, n):
    rows = []
    with open(path) as f:
        for line in f:
            wall, cpu, rc, name = line.split(None, 3)
            name = name.strip()
            if "/tests/" in name:
                name = "tests/" + name.split("/tests/", 1)[1]
            rows.append((float(wall), float(cpu), int(rc), name))
    for title, key in (("CPU", 1), ("wall-clock", 0)):
        print("The %d slowest by %s time (wall s, CPU s, exit, test):"
              % (n, title))
        for r in sorted(rows, key=lambda r: -r[key])[:n]:
            print("  %8.2f %8.2f %3d  %s" % r)
    print("%d tests: %.0f s wall in all, %.0f s CPU" % (
        len(rows), sum(r[0] for r in rows), sum(r[1] for r in rows)))
    return 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--report":
        sys.exit(report(sys.argv[2] if len(sys.argv) > 2 else "test-times.txt",
                        int(sys.argv[3]) if len(sys.argv) > 3 else 10))
    if len(sys.argv) < 2:
        sys.exit("usage: test-times.py TEST [ARGS] | --report [FILE] [N]")
    sys.exit(run(sys.argv[1:]))
