#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The sweep benchmark of issue 15 (BENCHMARKS.md, "Issue 15: sweep").
A program, not a test.  Run from a configured build directory:

    make src/epamserv
    /usr/bin/python3 ../bench/sweep_bench.py [--boards N] [--quick]
        [--instructions] [--keep]

It builds a scratch spool under a temporary directory (removed at exit
unless --keep) with N boards (default 100,000; --quick: 2,000) and one
player per 15 boards (each player sits at about 30 boards, 2 seats per
board), then measures in the same run:
  cat     every board file read once (find | xargs cat > /dev/null),
          after one warming run: the median of 3;
  sweep1  `epamserv sweep` at EPAMSERV_NOW: reminders, forfeits,
          archiving of finished boards (the work of a day);
  sweep2  the same sweep again: it must send nothing (steady state);
each with wall time, user+sys CPU and peak RSS (/usr/bin/time -v), and
prints the ratios sweep/cat.  --instructions adds `perf stat -e
instructions` of the cat and of a third sweep (steadier than time).

The boards are made fast: epamserv itself plays one game of each kind
(no -time: pbmserv's rule; -time=7d+1d/14d; -time=10/30d;
-timeout=claim; 6 moves each) and one resigned game; the bench then
writes copies with other board numbers, players and times shifted.
Mix (of the boards): 72% mid-game and fresh (last move 0-6 days ago),
10% at a reminder point (7-20 days), 5% past the forfeit point (21-40
days), 8% finished (half of them more than 14 days ago: archived), 5%
idle 7-20 days with a player to move who is on leave (5% of the users
have a leave: line and a vacation: line covering now).  A sample spool
of 300 boards made by the same code is checked with `epamserv admin
check` (every file must load); the big one is not (too long).
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "stress"))
os.environ.setdefault("EPAMSERV_BIN", os.path.abspath("src/epamserv"))
os.environ.setdefault("EPAMSERV_SRCDIR", os.path.join(HERE, ".."))
os.environ.setdefault("EPAMSERV_TEMPLATES", os.path.join(HERE, "..", "templates"))
import stresslib as S  # noqa: E402
import harness  # noqa: E402

BIN = harness.BIN = os.environ["EPAMSERV_BIN"]
harness.TEMPLATES = os.environ["EPAMSERV_TEMPLATES"]
harness.SRCDIR = os.environ["EPAMSERV_SRCDIR"]
KINDS = ["", "-time=7d+1d/14d", "-time=10/30d", "-timeout=claim"]
DAY = 86400
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def parse_iso(s):
    import calendar
    return calendar.timegm(time.strptime(s, "%Y-%m-%dT%H:%M:%SZ"))


def templates():
    """(active game texts by kind, a resigned game's text, a user file's
    text, the scratch Env), all made by epamserv itself."""
    env = harness.Env(smtp=False)
    env.players("alice", "bob")
    lines = S.move_lines(len(KINDS), 6, seed=15)
    active = []
    for i, kind in enumerate(KINDS):
        board = 101 + i
        env.start_game("alice", "bob", board, kind)
        for k, mv in enumerate(lines[i]):
            who = "alice" if k % 2 == 0 else "bob"
            rc, err = env.mail(who + "@example.org", "epaminondas move %d %s "
                               "%s %s" % (board, who, who[0], mv))
            if rc != 0:
                raise RuntimeError("template move: %s" % err[-500:])
        active.append(env.game_file(board))
    board = 101 + len(KINDS)
    env.start_game("alice", "bob", board, "")
    rc, err = env.mail("bob@example.org", "epaminondas resign %d bob b" % board)
    done = env.game_file(board)
    if rc != 0 or "result: active" in done:
        raise RuntimeError("template resign: %s" % err[-500:])
    return active, done, env.user_file("alice"), env


def shifted(text, board, white, black, last):
    """A game text for board between white and black whose latest time
    is last (every time in it moved by the same amount)."""
    times = [parse_iso(s) for s in ISO.findall(text)]
    delta = last - max(times)
    text = ISO.sub(lambda m: iso(parse_iso(m.group(0)) + delta), text)
    text = re.sub(r"(?m)^board: \d+$", "board: %d" % board, text)
    text = re.sub(r"(?m)^white: \S+$", "white: " + white, text)
    text = re.sub(r"(?m)^black: \S+$", "black: " + black, text)
    text = re.sub(r"(?m)^agreed: alice ", "agreed: %s " % white, text)
    text = re.sub(r"(?m)^agreed: bob ", "agreed: %s " % black, text)
    text = re.sub(r"(?m)^(end: \w+ )(alice|bob)\b",
                  lambda m: m.group(1) + (white if m.group(2) == "alice"
                                          else black), text)
    return text


def build(spool, boards, now, tmpl, seed=15):
    """Write boards game files and their players into spool (made by
    epamserv: its games/ and users/ exist).  Returns the counts of the
    mix."""
    active, done, user_text, = tmpl
    rng = random.Random(seed)
    nusers = max(4, boards // 15)
    users = ["p%05d" % i for i in range(nusers)]
    away = set(rng.sample(users, max(1, nusers // 20)))
    udir = os.path.join(spool, "users")
    for u in users:
        text = re.sub(r"(?m)^userid: .*$", "userid: " + u, user_text)
        text = re.sub(r"(?m)^address: \S+", "address: %s@example.org" % u, text)
        if u in away:
            text += "vacation: %s\nleave: %s %s\n" % (
                time.strftime("%Y-%m-%d", time.gmtime(now + 10 * DAY)),
                iso(now - 3 * DAY), iso(now + 10 * DAY))
        with open(os.path.join(udir, u), "w") as f:
            f.write(text)
        os.chmod(os.path.join(udir, u), 0o640)
    here = [u for u in users if u not in away]
    gdir = os.path.join(spool, "games", "epaminondas")
    count = {"fresh": 0, "remind": 0, "forfeit": 0, "finished": 0, "leave": 0}
    for i in range(boards):
        board = 101 + i
        r = rng.random()
        white, black = rng.sample(here, 2)
        text = None
        if r < 0.72:
            what, last = "fresh", now - rng.randint(0, 6 * DAY)
        elif r < 0.82:
            what, last = "remind", now - rng.randint(7 * DAY, 20 * DAY)
        elif r < 0.87:
            what, last = "forfeit", now - rng.randint(21 * DAY, 40 * DAY)
        elif r < 0.95:
            what, last = "finished", now - rng.randint(0, 28 * DAY)
            text = shifted(done, board, white, black, last)
        else:
            # 6 moves played: White is to move
            what, last = "leave", now - rng.randint(7 * DAY, 20 * DAY)
            white = rng.choice(sorted(away))
        count[what] += 1
        if text is None:
            text = shifted(active[i % len(active)], board, white, black, last)
        with open(os.path.join(gdir, "%d.game" % board), "w") as f:
            f.write(text)
    with open(os.path.join(gdir, "next"), "w") as f:
        f.write("%d\n" % (101 + boards))
    count["users"] = nusers
    count["on leave"] = len(away)
    return count


def timed(args, env):
    """(wall s, user+sys s, peak RSS KiB, exit, stderr) of one process
    under /usr/bin/time -v."""
    t0 = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-v"] + args, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.monotonic() - t0
    rss, cpu = 0, 0.0
    err = p.stderr.decode("utf-8", "replace")
    for line in err.splitlines():
        if "Maximum resident set size" in line:
            rss = int(line.split(":")[1])
        elif "User time (seconds)" in line or "System time (seconds)" in line:
            cpu += float(line.split(":")[1])
    return took, cpu, rss, p.returncode, err


def instructions(args, env):
    p = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u"] + args,
                       env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    for line in p.stderr.decode("utf-8", "replace").splitlines():
        f = line.split(",")
        if len(f) > 2 and "instructions" in f[2] and f[0].isdigit():
            return int(f[0])
    return None


def outbox_count(spool):
    return len([n for n in os.listdir(os.path.join(spool, "outbox"))
                if n.endswith(".eml")])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=100000)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.boards = 2000
    t_start = time.monotonic()
    active, done, user_text, tenv = templates()
    tmpl = (active, done, user_text)
    now = int(time.time()) + 60
    # The sample spool, checked by admin check: the templates' own spool
    # with its boards replaced.
    sample = tenv.spool
    for n in os.listdir(os.path.join(sample, "games", "epaminondas")):
        if n.endswith(".game"):
            os.unlink(os.path.join(sample, "games", "epaminondas", n))
    build(sample, 300, now, tmpl)
    rc, out, err = tenv.run("admin", "check", quiet=True)
    print("# admin check of a 300-board sample: exit %d: %s" % (
        rc, " ".join((out + err).split())[-300:]))
    if rc != 0:
        sys.exit(1)
    env = harness.Env(smtp=False)
    if a.keep:
        import atexit
        atexit.unregister(__import__("shutil").rmtree)
    env.players("alice", "bob")   # makes the spool's directories
    count = build(env.spool, a.boards, now, tmpl)
    print("# spool %s: %d boards (%s), set-up %.0f s" % (
        env.spool, a.boards, ", ".join("%s %d" % kv for kv in count.items()),
        time.monotonic() - t_start))
    os.sync()
    time.sleep(2.1)   # the user files old enough for users.c's cache
    games = os.path.join(env.spool, "games")
    cat = ["sh", "-c", "find '%s' -name '*.game' -print0 | xargs -0 cat "
           ">/dev/null" % games]
    timed(cat, env.env)   # warms the page cache
    cats = [timed(cat, env.env) for _ in range(3)]
    cw = statistics.median(c[0] for c in cats)
    cc = statistics.median(c[1] for c in cats)
    crss = max(c[2] for c in cats)
    print("cat: %d board files: wall %.2f s, user+sys %.2f s (median of 3), "
          "peak RSS %d KiB" % (a.boards, cw, cc, crss))
    e = dict(env.env)
    e["EPAMSERV_NOW"] = str(now)
    sweep = [BIN, "--verbose", "sweep"]
    results = []
    for name in ("sweep1", "sweep2"):
        before = outbox_count(env.spool)
        w, c, rss, rc, err = timed(sweep, e)
        sent = outbox_count(env.spool) - before
        m = re.search(r"sweep: reminders=.*", err)
        results.append((name, w, c, rss, sent))
        print("%s: wall %.2f s, user+sys %.2f s, peak RSS %d KiB, exit %d, "
              "%d mails queued; %s; ratio to cat: wall x%.1f, cpu x%.1f" % (
                  name, w, c, rss, rc, sent, m.group(0) if m else "no summary",
                  w / cw, c / max(cc, 0.001)))
    if results[1][4] != 0:
        print("# FAIL: the second sweep queued %d mails" % results[1][4])
    if a.instructions:
        ic = instructions(cat[:2] + [cat[2]], env.env)
        isw = instructions(sweep, e)
        if ic and isw:
            print("instructions (user): cat %d, sweep (steady) %d, ratio x%.1f"
                  % (ic, isw, isw / ic))
        else:
            print("instructions: perf stat counts none here (no PMU in this VM)")
    print("# the benchmark took %.0f s" % (time.monotonic() - t_start))
    if not a.keep:
        env.close()
    tenv.close()
    return 1 if results[1][4] else 0


if __name__ == "__main__":
    sys.exit(main())
