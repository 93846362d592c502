#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A batch worker killed mid-group (batch_jobs, src/cli/batch_jobs.h):
twelve move mails over four boards and a `help` mail between them
through `epamserv batch --maildir` with batch_jobs = 2 and batch_group =
2, the workers killed by SIGKILL at their Nth syncfs(2) (the shim
tests/fault/libfault.so, FAULT_KILL: a crash just before a group's
commit point; each worker counts from the batch's count when it was
forked, so every worker that gets that far dies there).

For every N: the batch itself lives on and exits 75 (or 0 when no
worker got that far), says a worker ended before it was done, and files
no mail before its move is saved; a rerun without faults exits 0 and
leaves exactly the state of a clean run: each move once, each board
mail once, every mail filed, no journal entry."""
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "stress"))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN  # noqa: E402
from faultlib import SHIM, NOW, shim_env  # noqa: E402

t_start = time.monotonic()
env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    env.env["EPAMSERV_LOCK_TIMEOUT"] = "5"
    env.env["EPAMSERV_BATCH_JOBS"] = "2"
    env.env["EPAMSERV_BATCH_GROUP"] = "2"
    boards = S.setup_or_fail(env, 4, env.root)
    base = os.path.join(env.root, "base")
    shutil.copytree(env.spool, base, symlinks=True)
    lines = S.move_lines(len(boards), 3, seed=7)
    src = S.Maildir(os.path.join(env.root, "mails"))
    want = {}   # Maildir file name -> (board, Message-ID)
    for number in (1, 2, 3):
        for idx, b in enumerate(boards):
            mid = "jfault.%d.%d@test.example" % (b, number)
            name = src.add(make_mail(S.player_of(number)[2], S.move_subject(
                b, number, lines[idx][number - 1]), msgid="<%s>" % mid))
            want[name] = (b, mid)
        if number == 1:
            name = src.add(make_mail(S.BOB[2], "help",
                                     msgid="<jfault.help@test.example>"))
            want[name] = (None, "jfault.help@test.example")
    md = os.path.join(env.root, "md")

    replay = S.Replayable(env, base, src.path, md)
    fresh, batch, filed = replay.fresh, replay.batch, replay.filed

    def state():
        journal = sorted(os.listdir(os.path.join(env.spool, "journal")))
        outbox = sorted((v[0], v[1]) for v in
                        S.outbox_mails(env.spool).values())
        games = [S.mask_token_hashes(env.game_file(b)) for b in boards]
        return (games, journal, outbox, filed())

    if not ok(os.path.exists(SHIM), "the fault shim is built", SHIM):
        raise SystemExit(done())

    fresh()
    rc, err = batch({})
    clean = state()
    ok(rc == 0 and clean[3] == sorted(want) and clean[1] == [] and
       all(len(S.game_moves(env, b)) == 3 for b in boards),
       "a clean run with two workers plays the twelve moves and files the "
       "thirteen mails", "exit %d, stderr %s, state %r"
       % (rc, err[-800:], clean[1:]))

    killed = 0
    problems = []
    for n in range(1, 5):
        fresh()
        rc, err = batch(shim_env(FAULT_CALL="syncfs", FAULT_N=str(n),
                                 FAULT_KILL="1"))
        where = "syncfs #%d: exit %d" % (n, rc)
        if rc not in (0, 75):
            problems.append("%s, expected 0 or 75 (the batch itself must "
                            "live); stderr: %s" % (where, err[-600:]))
        if rc == 75:
            killed += 1
            if "ended before it was done" not in err:
                problems.append("%s without a word of the dead worker: %s"
                                % (where, err[-600:]))
            if filed() == sorted(want):
                problems.append("%s but every mail was filed" % where)
        for name in filed():
            b, mid = want.get(name, (None, None))
            if b is not None and mid not in [m[2].strip("<>") for m in
                                             S.game_moves(env, b)]:
                problems.append("%s: %s was filed but its move is not on "
                                "board %s" % (where, name, b))
        rc2, err2 = batch({})
        st = state()
        if rc2 != 0 or st != clean:
            problems.append("%s; the rerun without faults exited %d, "
                            "expected 0 and the state of a clean run:\n  "
                            "expected %r\n  got      %r\n  stderr: %s"
                            % (where, rc2, clean[1:], st[1:], err2[-400:]))
    ok(not problems, "workers killed at each of their first four syncfs "
       "calls: the batch exits 75, files no mail before its move is saved, "
       "and the rerun gives the clean state", "\n".join(problems[:8]))
    ok(killed >= 2, "workers were killed in at least two of those runs",
       "%d" % killed)

    # The first worker cannot be forked (EAGAIN: a full process table):
    # the batch must not take the workers it never started for ones
    # with descriptor 0 (it read its stdin as a worker's pipe, and with
    # a terminal or a pipe there waited for it forever).  Its stdin
    # here: a pipe the test keeps open and never writes to.
    fresh()
    e = dict(env.env)
    e.update(shim_env(FAULT_CALL="fork", FAULT_N="1"))
    keep_r, keep_w = os.pipe()
    errpath = os.path.join(env.root, "fork.err")
    with open(errpath, "wb") as errf:
        p = subprocess.Popen([BIN, "batch", "--maildir", md], env=e,
                             stdin=keep_r, stdout=subprocess.DEVNULL,
                             stderr=errf)
    os.close(keep_r)
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        rc = None
    finally:
        os.close(keep_w)
    with open(errpath, "rb") as f:
        err = f.read().decode("utf-8", "replace")
    if rc is None:
        err += "(still running after a minute, its stdin open: killed)"
    ok(rc == 75 and "cannot start a worker" in err,
       "a worker that cannot be forked: the batch ends, exit 75, and says "
       "so", "exit %r, stderr %s" % (rc, err[-600:]))
    rc2, err2 = batch({})
    ok(rc2 == 0 and state() == clean,
       "the rerun without faults gives the clean state",
       "exit %d, stderr %s" % (rc2, err2[-400:]))
    print("# %.1f s in all" % (time.monotonic() - t_start))
finally:
    env.close()
done()
