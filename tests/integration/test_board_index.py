#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The board index (issue 35 item 1): `status` counts the boards by
state and the hourly sweep finds the boards whose deadline came without
opening every board file (strace counts the opens); the counts stay
right after a challenge, an accept, a resignation, an admin result, a
loss on time and an archiving; the sweep still reminds and forfeits on
time, and leaves alone the boards not due; `admin check` finds a
tampered index and `admin reindex` or `admin check --fix` repairs it; a
missing index is rebuilt from the boards by the next sweep (status
meanwhile reads the boards)."""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, BIN, ok, is_, done  # noqa: E402

T0 = 1796000000
H = 3600
D = 86400
BOARD = re.compile(r'games/epaminondas/(?:archive/)?(\d+)\.game"')


def at(t):
    env.env["EPAMSERV_NOW"] = str(t)


def hourly(t):
    """The sweep of time t after the day's full pass (runs/sweep-full
    names t's day): only the boards due are read."""
    at(t)
    os.makedirs(os.path.join(env.spool, "runs"), exist_ok=True)
    with open(os.path.join(env.spool, "runs", "sweep-full"), "w") as f:
        f.write("%d\n" % (t // D))
    rc, _, err = env.run("sweep")
    ok(rc == 0, "the sweep at T0+%dh runs" % ((t - T0) // H), err)


def boards_opened(*args):
    """Run epamserv args under strace: (exit status, the board numbers
    whose files it opened)."""
    log = os.path.join(env.root, "strace.log")
    e = dict(env.env)
    # LeakSanitizer cannot run under ptrace (a sanitizer build): the
    # leak check is the other tests' business.
    e["ASAN_OPTIONS"] = ":".join(o for o in (e.get("ASAN_OPTIONS"),
                                             "detect_leaks=0") if o)
    p = subprocess.run(["strace", "-f", "-qq", "-e", "trace=openat", "-o", log,
                        BIN] + list(args), env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    with open(log) as f:
        opened = sorted({int(m.group(1)) for m in BOARD.finditer(f.read())})
    return p.returncode, opened


def counts(name):
    rc, out, err = env.run("status", "--json")
    try:
        return json.loads(out).get("boards", {})
    except ValueError:
        ok(False, "%s: status --json parses" % name, out + err)
        return {}


def counted_by_hand():
    """The boards by state as the files say (the "result:" line)."""
    c = dict.fromkeys(["challenged", "active", "finished", "cancelled",
                       "archived", "unreadable"], 0)
    top = os.path.join(env.spool, "games", "epaminondas")
    for name in os.listdir(top):
        if not name.endswith(".game"):
            continue
        with open(os.path.join(top, name)) as f:
            r = re.search(r"\nresult: (\S+)", f.read())
        w = r.group(1) if r else ""
        c["finished" if w in ("white", "black", "draw") else
          w if w in c else "unreadable"] += 1
    arch = os.path.join(top, "archive")
    if os.path.isdir(arch):
        c["archived"] = len([n for n in os.listdir(arch)
                             if n.endswith(".game")])
    return c


def check_counts(name, **want):
    got = counts(name)
    is_(got, counted_by_hand(), "%s: status counts what the files say" % name)
    for k, v in want.items():
        is_(got.get(k), v, "%s: %s %d" % (name, k, v))


def recipients():
    return sorted(m.envelope_to[0] for m in env.new_messages())


env = Env()
try:
    ok(shutil.which("strace") is not None, "strace is installed "
       "(scripts/deps-debian.sh)")
    at(T0)
    env.env["EPAMSERV_REMIND_AT"] = "50%"
    env.players("alice", "bob", "carol", "dave", "erin", "frank", "gina",
                "hank")
    env.start_game("alice", "bob", 101, "-time=3d")
    env.start_game("carol", "dave", 102, "-time=30d")
    env.start_game("erin", "frank", 103)
    env.start_game("gina", "hank", 104)
    check_counts("four games", active=4, challenged=0)
    rc, err = env.mail("erin@example.org",
                       "epaminondas challenge erin gina by erin e")
    is_(rc, 0, "erin challenges gina (board 105, not accepted)")
    check_counts("a challenge", challenged=1, active=4)
    rc, err = env.mail("erin@example.org", "epaminondas resign 103 erin e")
    is_(rc, 0, "erin resigns board 103")
    check_counts("a resignation", finished=1, active=3)
    rc, out, err = env.run("admin", "result", "104", "white", "--reason",
                           "hank left")
    is_(rc, 0, "admin result ends board 104")
    check_counts("an admin result", finished=2, active=2)
    env.new_messages()

    # The first sweep builds the index (status meanwhile read the
    # boards).  Then not one board file is opened by status; the hourly
    # sweep opens only the board due (the challenge: every sweep looks
    # at it).
    hourly(T0 + H)
    ok(os.path.exists(os.path.join(env.spool, "index", "counts")),
       "the first sweep builds the index")
    rc, opened = boards_opened("status")
    is_(opened, [], "status opens no board file")
    at(T0 + 2 * H)
    with open(os.path.join(env.spool, "runs", "sweep-full"), "w") as f:
        f.write("%d\n" % ((T0 + 2 * H) // D))
    rc, opened = boards_opened("sweep")
    is_(rc, 0, "the sweep under strace exits 0")
    is_(opened, [105], "the sweep opens only the board due (the open "
        "challenge), not boards 101 to 104")
    is_(recipients(), [], "nobody is told anything two hours in")

    # The 50% point of board 101's 3-day bank: alice is reminded, carol
    # (board 102, a 30-day bank) is not.
    hourly(T0 + 36 * H + 30 * 60)
    is_(recipients(), ["alice@example.org"],
        "the reminder of board 101 goes to alice alone")
    hourly(T0 + 37 * H)
    is_(recipients(), [], "no second reminder an hour later")

    # Her time runs out: she loses on time.
    hourly(T0 + 72 * H + 30 * 60)
    is_(recipients(), ["alice@example.org", "bob@example.org"],
        "board 101 is forfeited: both players are told")
    ok("\nresult: black wins" in (env.game_file(101) or ""),
       "board 101: black wins on time")
    check_counts("a loss on time", finished=3, active=1)

    # Fifteen days later the finished boards are archived.
    hourly(T0 + 72 * H + 15 * D)
    check_counts("archived", finished=0, archived=3, active=1,
                 challenged=0)
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "admin check finds the index right")

    # A tampered count: admin check says so, admin reindex repairs it.
    path = os.path.join(env.spool, "index", "counts")
    with open(path) as f:
        good = f.read()
    with open(path, "w") as f:
        f.write(good.replace("\nactive: 1\n", "\nactive: 7\n"))
    rc, out, err = env.run("admin", "check")
    is_(rc, 1, "admin check finds a tampered count")
    rc, out, err = env.run("admin", "reindex")
    is_(rc, 0, "admin reindex rebuilds the index")
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "admin check after the rebuild exits 0")
    check_counts("rebuilt", active=1)

    # A tampered deadline (later than board 102's, its due file gone):
    # admin check says so, --fix rebuilds it.
    entry = os.path.join(env.spool, "index", "boards", "epaminondas.102")
    with open(entry) as f:
        state, due = f.read().split()
    os.unlink(os.path.join(env.spool, "index", "due",
                           "%s-epaminondas-102" % due))
    with open(entry, "w") as f:
        f.write("active 99999999999\n")
    rc, out, err = env.run("admin", "check")
    is_(rc, 1, "admin check finds a deadline later than the board's")
    rc, out, err = env.run("admin", "check", "--fix")
    is_(rc, 0, "admin check --fix rebuilds the index")
    ok(os.path.exists(os.path.join(env.spool, "index", "due",
                                   "%s-epaminondas-102" % due)),
       "board 102's due file is back")

    # No index at all: status reads the boards until the next sweep
    # rebuilds the index from them.
    shutil.rmtree(os.path.join(env.spool, "index"))
    check_counts("index removed", active=1, archived=3)
    ok(not os.path.exists(os.path.join(env.spool, "index", "counts")),
       "status does not rebuild the index (the sweep's work)")
    hourly(T0 + 73 * H + 15 * D)
    ok(os.path.exists(os.path.join(env.spool, "index", "counts")),
       "the sweep rebuilds the index")
    rc, opened = boards_opened("status")
    is_(opened, [], "status opens no board file again")
    check_counts("index rebuilt by the sweep", active=1, archived=3)
finally:
    env.close()
done()
