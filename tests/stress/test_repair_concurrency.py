#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Concurrency on the repair paths (issue 12): while 40 `epamserv
receive` processes and a `batch --maildir` run (moves on 20 sound boards,
moves and shows on a damaged board), the administrator quarantines the
damaged board, repairs it and releases it.  Checks: every process ends
within a bound (no deadlock); mail for the sound boards goes through
(exit 0) whatever happens on the damaged one; mail for the damaged board
exits 0 (answered: played, refused, or told it is quarantined) or 75 (set
aside, retried later); the admin commands exit 0; afterwards every file
loads (`admin check`), every sound board got its move exactly once, the
repaired board replays, and the mails set aside go through when
retried.

EPAMSERV_STRESS_FULL=1 repeats it 3 times."""
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN  # noqa: E402

SOUND = 20
BOUND = 300
ROUNDS = 3 if S.FULL else 1
t_start = time.monotonic()

for rnd in range(ROUNDS):
    env = S.make_env(smtp=False)
    try:
        env.env["EPAMSERV_LOCK_TIMEOUT"] = "60"
        boards = S.setup_or_fail(env, 1 + SOUND, env.root)
        bad_board, sound = boards[0], boards[1:]
        line = S.move_lines(1, 4, seed=21 + rnd)[0]
        firsts = S.move_lines(len(boards), 1, seed=22 + rnd)
        for n in range(1, 4):
            rc, err = env.receive(make_mail(S.player_of(n)[2], S.move_subject(
                bad_board, n, line[n - 1])))
        gpath = os.path.join(env.spool, "games", "epaminondas",
                             "%d.game" % bad_board)
        good = env.game_file(bad_board)
        third = [l for l in good.split("\n") if l.startswith("move: 3 ")][0]
        with open(gpath, "w") as f:
            f.write(good.replace(third, third.replace(" %s " % line[2],
                                                      " a1-n12 ")))

        mails = []
        for b in sound:
            mails.append(("sound", b, make_mail(
                S.ALICE[2], S.move_subject(b, 1, firsts[b - 101][0]),
                msgid="<sound.%d.%d@test.example>" % (rnd, b))))
        for i in range(10):
            mails.append(("damaged", bad_board, make_mail(
                S.BOB[2], "epaminondas show %d" % bad_board,
                msgid="<show.%d.%d@test.example>" % (rnd, i))))
        for i in range(10):
            mails.append(("damaged", bad_board, make_mail(
                S.player_of(3)[2], S.move_subject(bad_board, 3, line[2]),
                msgid="<move.%d.%d@test.example>" % (rnd, i))))
        md = S.Maildir(os.path.join(env.root, "batch"))
        for i in range(10):
            md.add(make_mail(S.BOB[2], "epaminondas show %d" % bad_board,
                             msgid="<bshow.%d.%d@test.example>" % (rnd, i)))

        t0 = time.monotonic()
        procs = []
        for kind, b, data in mails:
            p = subprocess.Popen([BIN, "receive"], env=env.env,
                                 stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
            procs.append((kind, b, data, p))
        batch = subprocess.Popen([BIN, "batch", "--maildir", md.path],
                                 env=env.env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        for kind, b, data, p in procs:
            p.stdin.write(data)
            p.stdin.close()
        admin = []
        for args in (["quarantine", str(bad_board)],
                     ["repair", str(bad_board)],
                     ["quarantine", "--release", str(bad_board)]):
            a = subprocess.run([BIN, "admin"] + args + ["--reason", "stress"],
                               env=env.env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=BOUND)
            admin.append((args, a.returncode, a.stderr.decode()[-300:]))
        late = S.wait_all([p for _, _, _, p in procs] + [batch], t0 + BOUND)
        ok(not late, "round %d: all %d processes ended within %d s (no "
           "deadlock)" % (rnd + 1, len(procs) + 1, BOUND),
           "%d still running, killed" % len(late))
        ok(all(rc == 0 for _, rc, _ in admin), "round %d: admin quarantine, "
           "repair and release exited 0" % (rnd + 1), repr(admin))
        wrong = ["%s %d: exit %d: %s" % (kind, b, p.returncode,
                                         p.stderr.read().decode()[-300:])
                 for kind, b, _, p in procs
                 if p.returncode != 0 and (kind == "sound" or
                                           p.returncode != 75)]
        ok(not wrong, "round %d: mail for the sound boards exited 0, for "
           "the damaged one 0 or 75" % (rnd + 1), "\n".join(wrong[:10]))
        ok(batch.returncode in (0, 75), "round %d: the batch exited 0 or 75"
           % (rnd + 1), batch.stderr.read().decode()[-500:])
        twice = [b for b in sound if [m[:2] for m in S.game_moves(env, b)]
                 != [(1, firsts[b - 101][0])]]
        ok(not twice, "round %d: each of the %d sound boards got its move "
           "exactly once" % (rnd + 1, SOUND), repr(twice[:10]))
        moves = [m[:2] for m in S.game_moves(env, bad_board)]
        ok(moves in ([(1, line[0]), (2, line[1])],
                     [(1, line[0]), (2, line[1]), (3, line[2])]),
           "round %d: the repaired board holds the plies that replay (and "
           "at most the move sent again)" % (rnd + 1), repr(moves))
        # The mails set aside go through once retried.
        retry = [data for kind, b, data, p in procs if p.returncode == 75]
        again = [env.receive(data)[0] for data in retry]
        ok(all(rc == 0 for rc in again), "round %d: the %d mails set aside "
           "go through when retried" % (rnd + 1, len(retry)), repr(again))
        rc, out, err = env.run("batch", "--maildir", md.path)
        is_(rc, 0, "round %d: so does what the batch left" % (rnd + 1))
        rc, out = S.admin_check(env)
        ok(rc == 0, "round %d: epamserv admin check: every file loads"
           % (rnd + 1), out)
        print("# round %d: %.1f s" % (rnd + 1, time.monotonic() - t0))
    finally:
        env.close()
print("# %.1f s in all" % (time.monotonic() - t_start))
done()
