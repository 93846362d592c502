#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""robot_batch.py - a batch with robots (issue 35 item 2; BENCHMARKS.md,
"Issue 35: mail first, robots after").  A program, not a test.

One spool is made with the harness of the tests (tests/integration/
harness.py): GAMES - ROBOT_GAMES games between people and ROBOT_GAMES
games of a person against a robot (robot-club, level 3, by default),
the people White, nobody moved yet.  Then, for each round and each
binary given (alternately, the same round's spool copied fresh for
each), one `epamserv batch --maildir` of GAMES mails, each White's first
move, a robot game every GAMES/ROBOT_GAMES-th mail, delivering to
tests/smtpd.py on loopback.  Measured from the batch's start (just
before the process is started):

    people   the last reply of a game between people stored by the SMTP
             server (the file's modification time)
    all      the last mail stored, the robots' answers included
    exit     the batch's exit
    robots   the robots' searches, summed from the log's robot lines

Printed as one Markdown table: the median and range of each over the
rounds, per binary, and the ratio of each binary's people figure to
the first binary's.  Run from a configured build directory:

    make src/epamserv
    /usr/bin/python3 ../bench/robot_batch.py \\
        --bin path/to/epamserv-before --bin src/epamserv \\
        [--games 100] [--robot-games 20] [--robot robot-club] [--rounds 3]
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

THINK_MS = re.compile(r"robot robot-[\w-]+: \S+ board \d+ move \d+ \S+ "
                      r"\(depth -?\d+, \d+ nodes, (\d+) ms\)")
HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.dirname(HERE)


def parse():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", action="append", required=True,
                    help="a binary (give two or more: before, after)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--robot-games", type=int, default=20)
    ap.add_argument("--robot", default="robot-club")
    ap.add_argument("--rounds", type=int, default=3)
    return ap.parse_args()


ARGS = parse()
os.environ.setdefault("EPAMSERV_SRCDIR", SRCDIR)
os.environ["EPAMSERV_BIN"] = os.path.abspath(ARGS.bin[-1])
os.environ.setdefault("EPAMSERV_BUILDDIR", os.getcwd())
sys.path.insert(0, os.path.join(SRCDIR, "tests", "integration"))
import harness  # noqa: E402


def signup_all(env, userids):
    """Sign up and confirm each userid (password: its first letter)."""
    outbox = os.path.join(env.spool, "outbox")
    for u in userids:
        env.signup("%s@example.org" % u, u, u[0])
        # Each signup reads the outbox: keep it short.
        for name in os.listdir(outbox):
            os.unlink(os.path.join(outbox, name))


def make_spool(env, games, robot_games, robot):
    """The games of the head of this file in env's spool; returns the
    list of (board, white, is_robot_game) in the batch's order."""
    step = games // robot_games if robot_games else games + 1
    plan, people = [], []
    for i in range(games):
        rob = robot_games and i % step == step - 1 and \
            sum(1 for p in plan if p[2]) < robot_games
        plan.append([None, "p%03dw" % i, bool(rob)])
        people.append("p%03dw" % i)
        if not rob:
            people.append("p%03db" % i)
    signup_all(env, people)
    board = 101
    for p in plan:
        p[0] = board
        white = p[1]
        if p[2]:
            rc, err = env.mail("%s@example.org" % white,
                               "epaminondas challenge %s %s by %s %s"
                               % (white, robot, white, white[0]))
        else:
            env.start_game(white, white[:-1] + "b", board)
            rc, err = 0, ""
        if rc != 0 or "result: active" not in (env.game_file(board) or ""):
            raise SystemExit("board %d did not start: %s" % (board, err))
        board += 1
    shutil.rmtree(os.path.join(env.spool, "outbox"))
    os.makedirs(os.path.join(env.spool, "outbox"))
    return plan


def write_maildir(md, plan):
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, (board, white, _) in enumerate(plan):
        with open(os.path.join(md, "new", "%05d.m%d.host" % (i, i)),
                  "wb") as f:
            f.write(harness.make_mail(
                "%s@example.org" % white, "epaminondas move %d %s %s a2-a3"
                % (board, white, white[0])))


def one_batch(binary, env, template, plan, root, tag):
    """One run: the spool copied from template, a fresh SMTP server.
    Returns (people, all, exit) in seconds from the start."""
    work = os.path.join(root, tag)
    os.makedirs(work)
    spool = os.path.join(work, "spool")
    shutil.copytree(template, spool, symlinks=True)
    md = os.path.join(work, "Maildir")
    write_maildir(md, plan)
    server = harness.Server(work)
    e = dict(env.env)
    e["EPAMSERV_SPOOL"] = spool
    e["EPAMSERV_SMTP_URL"] = server.url
    e["EPAMSERV_LOG"] = os.path.join(work, "epamserv.log")
    robot_boards = {b for b, _, r in plan if r}
    try:
        t0 = time.time()
        p = subprocess.run([binary, "batch", "--maildir", md], env=e,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        t_exit = time.time() - t0
    finally:
        server.stop()
    if p.returncode != 0:
        raise SystemExit("%s: batch exit %d (log in %s)" %
                         (binary, p.returncode, work))
    people, every = 0.0, 0.0
    n_people = n_robot = 0
    for name in os.listdir(server.maildir):
        if name.startswith("."):
            continue
        path = os.path.join(server.maildir, name)
        at = os.stat(path).st_mtime_ns / 1e9 - t0
        with open(path, "rb") as f:
            head = f.read(4096).decode("utf-8", "replace")
        board = None
        for line in head.splitlines():
            if line.startswith("Subject:") and "Board " in line:
                board = int(line.split("Board ")[1].split()[0].strip(":,"))
                break
        every = max(every, at)
        if board in robot_boards:
            n_robot += 1
        else:
            n_people += 1
            people = max(people, at)
    want_people = 2 * (len(plan) - len(robot_boards))
    if n_people != want_people or n_robot != len(robot_boards):
        raise SystemExit("%s: %d mails of people's games (want %d), %d of "
                         "robot games (want %d)" % (binary, n_people,
                                                    want_people, n_robot,
                                                    len(robot_boards)))
    # The robots' searches as the log gives them (engine milliseconds).
    think = 0
    with open(e["EPAMSERV_LOG"], errors="replace") as f:
        for m in THINK_MS.finditer(f.read()):
            think += int(m.group(1))
    shutil.rmtree(work)
    return people, every, t_exit, think / 1000.0


def fmt(v):
    return "%.2f (%.2f-%.2f)" % (statistics.median(v), min(v), max(v))


def main():
    env = harness.Env(smtp=False)
    # Many signups within the hour: the stranger budgets off.
    env.env["EPAMSERV_STRANGER_REPLY_LIMIT"] = "0"
    env.env["EPAMSERV_STRANGER_SOURCE_LIMIT"] = "0"
    try:
        plan = make_spool(env, ARGS.games, ARGS.robot_games, ARGS.robot)
        template = os.path.join(env.root, "template")
        shutil.copytree(env.spool, template, symlinks=True)
        root = tempfile.mkdtemp(prefix="robot-batch-", dir=env.root)
        got = {b: [] for b in ARGS.bin}
        for r in range(ARGS.rounds):
            for i, b in enumerate(ARGS.bin):
                got[b].append(one_batch(os.path.abspath(b), env, template,
                                        plan, root, "r%d-b%d" % (r, i)))
        nrob = sum(1 for p in plan if p[2])
        print("%d mails, %d of them moves against %s; %d rounds; seconds "
              "from the batch's start, median (range)\n" %
              (len(plan), nrob, ARGS.robot, ARGS.rounds))
        print("| binary | last reply of a game between people at SMTP | "
              "last mail at SMTP | batch exits | robots' searches (log) | "
              "people, ratio to the first |")
        print("|---|---|---|---|---|---|")
        base = statistics.median(x[0] for x in got[ARGS.bin[0]])
        for b in ARGS.bin:
            v = got[b]
            med = statistics.median(x[0] for x in v)
            print("| %s | %s | %s | %s | %s | %.3f |" % (
                os.path.basename(b), fmt([x[0] for x in v]),
                fmt([x[1] for x in v]), fmt([x[2] for x in v]),
                fmt([x[3] for x in v]), med / base if base else 0.0))
    finally:
        env.close()


main()
