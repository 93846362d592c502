#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The board index and leave (issue 35 item 1: the sweep reads only the
boards whose clocks can have run out).  While the player to move is on
leave his clock stands, so his board's deadline in the index is the end
of the leave, and the hourly sweep does not open it; when he ends the
leave early (`vacation ... off`) the board is marked, its deadline
becomes the clock's again, and the reminder comes on time.

On 7806c84 a board whose mover was on leave was due at every sweep: the
count of boards opened below fails there."""
import calendar
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, BIN, ok, is_, done  # noqa: E402

T0 = 1796000000          # 2026-11-30 00:53:20 UTC
H = 3600
D = 86400
BOARD = re.compile(r'games/epaminondas/(?:archive/)?(\d+)\.game"')
A = "alice@example.org"


def at(t):
    env.env["EPAMSERV_NOW"] = str(t)


def mark_full_sweep_done(t):
    """Say the day's full pass is done, so that the sweep at t reads only
    the boards due (runs/sweep-full names t's day)."""
    os.makedirs(os.path.join(env.spool, "runs"), exist_ok=True)
    with open(os.path.join(env.spool, "runs", "sweep-full"), "w") as f:
        f.write("%d\n" % (t // D))


def sweep_opened(t):
    """The hourly sweep at t under strace: (exit status, the board
    numbers whose files it opened)."""
    at(t)
    mark_full_sweep_done(t)
    log = os.path.join(env.root, "strace.log")
    e = dict(env.env)
    e["ASAN_OPTIONS"] = ":".join(o for o in (e.get("ASAN_OPTIONS"),
                                             "detect_leaks=0") if o)
    p = subprocess.run(["strace", "-f", "-qq", "-e", "trace=openat", "-o",
                        log, BIN, "sweep"], env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    with open(log) as f:
        opened = sorted({int(m.group(1)) for m in BOARD.finditer(f.read())})
    return p.returncode, opened


def due_of(board):
    with open(os.path.join(env.spool, "index", "boards",
                           "epaminondas.%d" % board)) as f:
        state, due = f.read().split()
    return state, int(due)


def recipients():
    return sorted(m.envelope_to[0] for m in env.new_messages())


env = Env()
try:
    at(T0)
    env.env["EPAMSERV_REMIND_AT"] = "50%"
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101, "-time=3d")
    env.start_game("carol", "dave", 102, "-time=30d")

    # Alice, to move on board 101, goes on leave until the end of
    # 2026-12-05 (UTC: she set no zone).
    at(T0 + H)
    rc, err = env.mail(A, "vacation alice a 2026-12-05")
    ok(rc == 0, "alice goes on leave", err)
    until = calendar.timegm(time.strptime("2026-12-06", "%Y-%m-%d"))
    env.new_messages()

    # The first sweep builds the index.
    at(T0 + 2 * H)
    rc, out, err = env.run("sweep")
    ok(rc == 0, "the first sweep runs", err)
    is_(due_of(101), ("active", until), "board 101's deadline is the end "
        "of alice's leave")

    rc, opened = sweep_opened(T0 + 3 * H)
    is_(rc, 0, "the hourly sweep under strace exits 0")
    is_(opened, [], "the hourly sweep opens no board: board 101's mover is "
        "on leave, board 102's deadline is far")
    rc, opened = sweep_opened(T0 + 30 * H)
    is_(opened, [], "nor a day later")
    is_(recipients(), [], "nobody is reminded while alice is on leave")

    # She ends her leave early: board 101 is marked and its deadline is
    # the clock's again (half of her 3 days, less the hour she used
    # before the leave).
    at(T0 + 31 * H)
    rc, err = env.mail(A, "vacation alice a off")
    ok(rc == 0, "alice ends her leave", err)
    env.new_messages()
    rc, out, err = env.run("status")
    state, due = due_of(101)
    is_(due, T0 + 31 * H + 36 * H - H,
        "after off, board 101's deadline is the 50% point of her clock")
    rc, opened = sweep_opened(due - H)
    is_(opened, [], "an hour before it the sweep opens no board")
    rc, opened = sweep_opened(due + 60)
    is_(opened, [101], "at it the sweep opens board 101")
    is_(recipients(), [A], "and alice is reminded on time")
    rc, out, err = env.run("admin", "check")
    ok(rc == 0, "admin check finds the index right", out)
finally:
    env.close()
done()
