#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A batch's group directory and another process's clean-up (issue 13,
found by test_concurrency in CI): every batch, sweep, flush and admin
check first removes the group directories of SPOOL/tmp that nobody
holds (a committer holds a flock on its own while it works).  A new
group directory must therefore never be seen unlocked.  Before the fix
batch made tmp/group-ID and locked it a moment later: a clean-up in
between took the lock (or the directory) from under it, and the batch
stopped with "cannot save to the spool: Resource temporarily
unavailable", its mails left in new/.

The shim (tests/fault/libfault.so, FAULT_STOP_MKDIR) stops the batch
right after it makes its group directory; a sweep runs the clean-up in
that window; then the batch goes on and must file every mail, each move
played once."""
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "stress"))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN  # noqa: E402
from faultlib import NOW, shim_env  # noqa: E402

env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    # One process: the shim stops whichever process makes the group
    # directory, and with workers (batch_jobs) that is a worker the test
    # does not know.
    env.env["EPAMSERV_BATCH_JOBS"] = "1"
    boards = S.setup_or_fail(env, 3, env.root)
    lines = S.move_lines(len(boards), 1, seed=5)
    md = S.Maildir(os.path.join(env.root, "md"))
    for idx, b in enumerate(boards):
        md.add(make_mail(S.player_of(1)[2], S.move_subject(
            b, 1, lines[idx][0]), msgid="<race.%d@test.example>" % b))
    e = dict(env.env)
    e.update(shim_env(FAULT_STOP_MKDIR="group-"))
    p = subprocess.Popen([BIN, "batch", "--maildir", md.path], env=e,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stopped = False
    deadline = time.time() + 60
    while time.time() < deadline and p.poll() is None:
        with open("/proc/%d/stat" % p.pid) as f:
            if f.read().split(")")[-1].split()[0] == "T":
                stopped = True
                break
        time.sleep(0.02)
    ok(stopped, "the batch stopped right after making its group directory")
    tmp = os.path.join(env.spool, "tmp")
    made = [n for n in os.listdir(tmp) if "group-" in n]
    ok(made, "a group directory is there while it is stopped", made)
    # Its clean-up runs in the window.  The stopped batch holds its
    # boards' locks until it goes on: lock_timeout 0 gives them up at
    # once rather than waiting for a lock that cannot come free.
    rc, out, err = env.run("sweep", env={"EPAMSERV_LOCK_TIMEOUT": "0"})
    ok(rc in (0, 75), "a sweep in that window exits 0 or 75 (the batch "
       "holds boards)", err)
    os.kill(p.pid, signal.SIGCONT)
    try:
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    ok(p.returncode == 0, "the batch goes on and exits 0",
       "exit %r: %s" % (p.returncode, err.decode("utf-8", "replace")))
    is_(os.listdir(os.path.join(md.path, "new")), [],
        "the batch filed every mail")
    for idx, b in enumerate(boards):
        text = env.game_file(b) or ""
        ok(text.count(lines[idx][0]) == 1,
           "board %d got its move once" % b)
finally:
    env.close()
done()
