#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The queue listing benchmark (issue 13, BENCHMARKS.md): `epamserv
outbox` on N queued mails (default 10,000; a third of them deferred with
a stored reason) must print N lines; its time is given as a ratio to
`ls -l` of the same outbox, measured in the same run (median of
--rounds, default 5, each tool run alternately).  A program, not a test.
Run from a configured build directory:

    make src/epamserv
    /usr/bin/python3 ../bench/outbox_bench.py [--mails N] [--rounds R]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MAIL = ("Envelope-From: <>\r\nEnvelope-To: <player%d@example.org>\r\n"
        "From: Epaminondas <epamserv@games.example>\r\n"
        "To: player%d@example.org\r\nSubject: Epaminondas Board %d\r\n"
        "Message-ID: <bench.%d@games.example>\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n"
        "\r\n" + "  12  B  B  B  B  B  B  B  B  B  B  B  B  B  B\r\n" * 60)


def make_spool(root, n):
    spool = os.path.join(root, "spool")
    outbox = os.path.join(spool, "outbox")
    os.makedirs(outbox)
    os.makedirs(os.path.join(spool, "failed"))
    now = int(time.time())
    for i in range(n):
        name = "%d.%09d-%016x-00.eml" % (now - n + i, i, i)
        with open(os.path.join(outbox, name), "w") as f:
            f.write(MAIL % (i, i, 100 + i, i))
        if i % 3 == 0:
            with open(os.path.join(outbox, name + ".retry"), "w") as f:
                f.write("2 %d %d mail 451 4.7.1 <player%d@example.org>: "
                        "Recipient address rejected: Greylisted\n"
                        % (now - 600, now + 600, i))
    return spool


def timed(args, env):
    t = time.perf_counter()
    p = subprocess.run(args, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    return time.perf_counter() - t, p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mails", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--bin", default="src/epamserv")
    args = ap.parse_args()
    root = tempfile.mkdtemp(prefix="epamserv-outbox-bench-")
    try:
        spool = make_spool(root, args.mails)
        conf = os.path.join(root, "none.conf")
        open(conf, "w").close()
        env = dict(os.environ, EPAMSERV_SPOOL=spool, EPAMSERV_CONF=conf,
                   EPAMSERV_LOG=os.path.join(root, "log"))
        ours, ls = [], []
        for r in range(args.rounds):
            for which in ((0, 1) if r % 2 == 0 else (1, 0)):
                if which == 0:
                    t, p = timed([args.bin, "outbox"], env)
                    lines = p.stdout.count(b"\n")
                    if p.returncode != 0 or lines != args.mails:
                        print("epamserv outbox: exit %d, %d lines (want %d)"
                              % (p.returncode, lines, args.mails))
                        return 1
                    ours.append(t)
                else:
                    t, p = timed(["ls", "-l", os.path.join(spool, "outbox")],
                                 env)
                    ls.append(t)
        a, b = statistics.median(ours), statistics.median(ls)
        print("mails: %d (a third deferred with a reason)" % args.mails)
        print("epamserv outbox: %.3f s (median of %d), %d lines"
              % (a, args.rounds, args.mails))
        print("ls -l outbox:    %.3f s (median of %d)" % (b, args.rounds))
        print("ratio: %.2f (target: within 10)" % (a / b))
        return 0 if a / b <= 10 else 2
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    sys.exit(main())
