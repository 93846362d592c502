#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The ratings table benchmark of issue 35 (BENCHMARKS.md, "Issue 35:
ratings table").  A program, not a test.  Run from a configured build
directory (make src/epamserv tests/fault/libfault.so first):

    /usr/bin/python3 ../bench/ratings_table_bench.py
        [--records 0,1000,10000,100000] [--before path/to/epamserv-before]
        [--keep]

It plays one game to its end with this build's epamserv (three players
signed up through a real SMTP server on loopback, tests/smtpd.py) and
opens a second board whose White is to move.  For each count N of
--records it makes a spool holding N result records (copies of the
game's record under other board numbers, as a server accumulates them)
and, for this build, the ratings table rebuilt from them (`admin
ratings rebuild`); then, for this build and for --before (a build of
an earlier commit, which ignores the table and replays the records),
it feeds the same move mail to `epamserv receive` three times, each in
a fresh copy of that spool:
  instructions  valgrind --tool=callgrind (the "Collected" count);
  peak RSS      /usr/bin/time -v ("Maximum resident set size");
  opens         files opened for reading, and the result records
                among them (tests/fault/libfault.so: FAULT_MATCH).
It prints one line per build and N.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "integration"))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "fault"))
os.environ.setdefault("EPAMSERV_BIN", os.path.abspath("src/epamserv"))
os.environ.setdefault("EPAMSERV_SRCDIR", os.path.join(HERE, ".."))
os.environ.setdefault("EPAMSERV_TEMPLATES", os.path.join(HERE, "..",
                                                         "templates"))
import harness  # noqa: E402
import faultlib  # noqa: E402

A = "alice@example.org"


def play(env):
    """Board 101 played to its end (a result record), board 102 open
    with alice (White) to move.  Returns her move: a reply to the board
    mail of 102 (its reply token proves her: no password hash, whose
    memory and instructions would hide what is measured)."""
    env.players("alice", "bob", "carol")
    env.start_game("alice", "bob", 101)
    env.mail(A, "epaminondas move 101 alice a e2-e3")
    env.mail("bob@example.org", "epaminondas move 101 bob b e11-e10")
    env.mail("bob@example.org", "epaminondas resign 101 bob b")
    env.new_messages()
    env.start_game("alice", "carol", 102)
    board = [m for m in env.new_messages() if A in m.envelope_to and
             "Board 102" in str(m["Subject"])]
    if not board:
        raise SystemExit("no board mail of 102 to alice")
    m = board[-1]
    return harness.make_mail(A, "Re: " + str(m["Subject"]), "e2-e3\n",
                             msgid="<ratings-bench@example.org>",
                             headers=harness.reply_headers(m))


def make_spool(env, base, dest, n):
    """A copy of base with n result records (board 101's, copied)."""
    shutil.copytree(base, dest, symlinks=True)
    games = os.path.join(dest, "games", "epaminondas")
    with open(os.path.join(games, "101.result")) as f:
        rec = f.read()
    os.unlink(os.path.join(games, "101.result"))
    for b in range(1001, 1001 + n):
        with open(os.path.join(games, "%d.result" % b), "w") as f:
            f.write(rec.replace("board: 101\n", "board: %d\n" % b))
    table = os.path.join(dest, "ratings", "current")
    if os.path.exists(table):
        os.unlink(table)
    rc, out, err = env.run("admin", "ratings", "rebuild",
                           env={"EPAMSERV_SPOOL": dest})
    if rc != 0:
        raise SystemExit("admin ratings rebuild: %d %s" % (rc, err))


def run_one(env, binary, spool, mail, wrap, extra=None):
    """One receive of mail in a fresh copy of spool under wrap: the
    process's stderr."""
    work = spool + ".run"
    if os.path.exists(work):
        shutil.rmtree(work)
    shutil.copytree(spool, work, symlinks=True)
    e = dict(env.env)
    e["EPAMSERV_SPOOL"] = work
    e.update(extra or {})
    p = subprocess.run(wrap + [binary, "receive"], input=mail, env=e,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with open(os.path.join(work, "games", "epaminondas", "102.game")) as f:
        moved = "e2-e3" in f.read()
    shutil.rmtree(work)
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode != 0 or not moved:
        raise SystemExit("receive: exit %d, %s: %s" % (
            p.returncode, "moved" if moved else "the move was not played",
            err[-2000:]))
    return err


def measure(env, binary, spool, mail, tmp):
    out = os.path.join(tmp, "callgrind.out")
    err = run_one(env, binary, spool, mail,
                  ["valgrind", "--tool=callgrind",
                   "--callgrind-out-file=" + out])
    m = re.search(r"Collected : (\d+)", err)
    instr = int(m.group(1)) if m else -1
    err = run_one(env, binary, spool, mail, ["/usr/bin/time", "-v"])
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    rss = int(m.group(1)) if m else -1
    counts = os.path.join(tmp, "counts")
    run_one(env, binary, spool, mail, [],
            faultlib.shim_env(FAULT_MATCH=".result",
                              FAULT_COUNT_FILE=counts))
    c = faultlib.read_counts(counts)
    return instr, rss, c.get("read", -1), c.get("match", -1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", default="0,1000,10000,100000")
    ap.add_argument("--before", help="an earlier build's epamserv")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    counts = [int(x) for x in a.records.split(",")]
    builds = [("after", os.path.abspath(harness.BIN))]
    if a.before:
        builds.insert(0, ("before", os.path.abspath(a.before)))
    env = harness.Env()
    tmp = tempfile.mkdtemp(prefix="ratings-bench-")
    try:
        mail = play(env)
        print("%-7s %8s %14s %9s %6s %8s" % ("build", "records",
                                              "instructions", "RSS KiB",
                                              "opens", "results"))
        for n in counts:
            spool = os.path.join(tmp, "spool-%d" % n)
            make_spool(env, env.spool, spool, n)
            for name, binary in builds:
                instr, rss, opens, results = measure(env, binary, spool,
                                                     mail, tmp)
                print("%-7s %8d %14d %9d %6d %8d" % (name, n, instr, rss,
                                                     opens, results))
                sys.stdout.flush()
            if not a.keep:
                shutil.rmtree(spool)
    finally:
        env.close()
        if a.keep:
            print("kept: %s" % tmp)
        else:
            shutil.rmtree(tmp, True)


if __name__ == "__main__":
    main()
