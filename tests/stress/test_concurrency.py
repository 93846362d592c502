#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Concurrency: 50 `epamserv receive` processes at once on one board
(competing copies of its next moves, show and help) and 50 more on 50
other boards, with `epamserv batch --maildir` and `epamserv sweep`
running alongside, and `epamserv admin backup` (whose copy must
restore to a spool `admin check` accepts).  Checks: every process ends within a bound (no
deadlock) with exit 0; no corrupt file (`epamserv admin check`); no lost
update (every move mail answered with the new board is in the game file,
and only those); every mail answered; and a receive that waits on a board
whose lock the test holds (fcntl.flock on SPOOL/locks/
board-epaminondas-101.lock) gives up with exit 75 after lock_timeout
(EPAMSERV_LOCK_TIMEOUT) seconds, then succeeds once the lock is free.

EPAMSERV_STRESS_FULL=1 repeats the burst 5 times."""
import fcntl
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN  # noqa: E402

SAME, OTHERS, BATCH = 1, 50, 20
COPIES, LINE = 4, 5            # 4 competing copies of each of 5 moves
BOUND = 300                    # seconds for a whole burst (ASan, 2 cores)
ROUNDS = 5 if S.FULL else 1
t_start = time.monotonic()

env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_LOCK_TIMEOUT"] = str(BOUND)
    boards = S.setup_or_fail(env, ROUNDS * (SAME + OTHERS + BATCH), env.root)
    line = S.move_lines(1, ROUNDS * LINE + 1, seed=11)[0]
    firsts = S.move_lines(len(boards), 1, seed=12)
    same = boards[0]
    applied = 0   # moves of the line played on the shared board so far
    for rnd in range(ROUNDS):
        others = boards[1 + rnd * (OTHERS + BATCH):][:OTHERS]
        batched = boards[1 + rnd * (OTHERS + BATCH) + OTHERS:][:BATCH]
        mails = []   # (kind, message-id, bytes)
        for k in range(applied + 1, applied + LINE + 1):
            for c in range(COPIES):
                mid = "race.%d.%d.%d@test.example" % (rnd, k, c)
                mails.append(("move%d" % k, mid, make_mail(
                    S.player_of(k)[2], S.move_subject(same, k, line[k - 1]),
                    msgid="<%s>" % mid)))
        for i in range(50 - LINE * COPIES):
            mid = "look.%d.%d@test.example" % (rnd, i)
            subject = "epaminondas show %d" % same if i % 2 else "help"
            mails.append(("show" if i % 2 else "help", mid,
                          make_mail(S.BOB[2], subject, msgid="<%s>" % mid)))
        for b in others:
            mid = "other.%d@test.example" % b
            mails.append(("other", mid, make_mail(
                S.ALICE[2], S.move_subject(b, 1, firsts[b - 101][0]),
                msgid="<%s>" % mid)))
        md = S.Maildir(os.path.join(env.root, "batch-%d" % rnd))
        for b in batched:
            md.add(make_mail(S.ALICE[2], S.move_subject(b, 1, firsts[b - 101][0]),
                             msgid="<batch.%d@test.example>" % b))
        for i in range(5):
            md.add(make_mail(S.BOB[2], "epaminondas show %d" % same,
                             msgid="<batch.show.%d.%d@test.example>" % (rnd, i)))

        # Everything at once.
        t0 = time.monotonic()
        procs = []
        for kind, mid, data in mails:
            p = subprocess.Popen([BIN, "receive"], env=env.env,
                                 stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
            procs.append((kind, mid, p))
        side = [("batch", subprocess.Popen(
            [BIN, "batch", "--maildir", md.path], env=env.env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))]
        for (kind, mid, data), (_, _, p) in zip(mails, procs):
            p.stdin.write(data)
            p.stdin.close()
        for i in range(3):
            side.append(("sweep", subprocess.Popen(
                [BIN, "sweep"], env=env.env, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE)))
            time.sleep(0.2)
        # And a backup of the spool in the middle of it all.
        backup = os.path.join(env.root, "backup-%d" % rnd)
        side.append(("backup", subprocess.Popen(
            [BIN, "admin", "backup", backup], env=env.env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)))
        late = S.wait_all([p for _, _, p in procs] + [p for _, p in side],
                          t0 + BOUND)
        took = time.monotonic() - t0
        ok(not late, "round %d: all %d processes ended within %d s (no "
           "deadlock)" % (rnd + 1, len(procs) + len(side), BOUND),
           "%d still running after %d s, killed" % (len(late), BOUND))
        bad = ["%s <%s>: exit %d: %s" % (kind, mid, p.returncode,
                                         p.stderr.read().decode()[-300:])
               for kind, mid, p in procs if p.returncode != 0]
        bad += ["%s: exit %d: %s" % (kind, p.returncode,
                                     p.stderr.read().decode()[-300:])
                for kind, p in side if p.returncode != 0]
        ok(not bad, "round %d: every receive, batch, sweep and backup exited 0 "
           "(%.1f s)" % (rnd + 1, took), "\n".join(bad[:10]))
        print("# round %d: %d processes in %.1f s" % (rnd + 1,
                                                      len(procs) + len(side), took))
        rc, out = S.admin_check(env)
        is_(rc, 0, "round %d: epamserv admin check: every file loads and "
            "replays" % (rnd + 1))

        # Lost updates on the shared board.
        replies = {}
        for mid, to, subject in S.outbox_mails(env.spool).values():
            parts = (mid or "").split(".")
            if len(parts) >= 3:
                replies.setdefault(parts[1], []).append((to, subject))
        moves = S.game_moves(env, same)
        accepted, unanswered = set(), []
        for kind, mid, data in mails:
            r = replies.get(S.key_prefix(mid), [])
            if not r:
                unanswered.append("%s <%s>" % (kind, mid))
            if kind.startswith("move") and len(r) == 2:
                accepted.add(mid)
        in_file = set(m[2] for m in moves[applied:])
        ok(not unanswered, "round %d: every one of the 100 mails was "
           "answered" % (rnd + 1), "no reply to: " + ", ".join(unanswered[:10]))
        want_moves = [(i + 1, line[i]) for i in range(len(moves))]
        ok([m[:2] for m in moves] == want_moves and len(moves) > applied,
           "round %d: board %d holds a prefix of the line, at least one "
           "move longer" % (rnd + 1, same),
           "expected a prefix of %r\n     got %r" % (line, moves))
        ok(accepted == in_file, "round %d: no lost update: the %d move mails "
           "answered with the new board are exactly the %d moves the game "
           "file gained" % (rnd + 1, len(accepted), len(in_file)),
           "answered as played but not in the file: %r\nin the file but not "
           "answered as played: %r" % (sorted(accepted - in_file),
                                       sorted(in_file - accepted)))
        applied = len(moves)
        wrong = []
        for b in others + batched:
            want = [(1, firsts[b - 101][0], ("other.%d@test.example" if b in
                                             others else "batch.%d@test.example") % b)]
            if S.game_moves(env, b) != want:
                wrong.append("board %d: expected %r, got %r"
                             % (b, want, S.game_moves(env, b)))
        ok(not wrong, "round %d: each of the %d other boards got its move "
           "exactly once" % (rnd + 1, len(others) + len(batched)),
           "\n".join(wrong[:10]))
        is_(md.waiting(), [], "round %d: the batch filed every mail" % (rnd + 1))
        # The backup taken meanwhile restores to a sound spool.
        restored = os.path.join(env.root, "restored-%d" % rnd)
        e = dict(env.env, EPAMSERV_SPOOL=restored)
        p = subprocess.run([BIN, "admin", "restore", backup], env=e,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        q = subprocess.run([BIN, "admin", "check"], env=e,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        ok(p.returncode == 0 and q.returncode == 0, "round %d: the backup "
           "taken during the burst restores, and admin check accepts it"
           % (rnd + 1), (p.stdout + q.stdout).decode()[-1000:])

    # A busy board: the wait ends with 75 after lock_timeout.
    timeout = 2
    k = applied + 1
    mid = "busy.%d@test.example" % k
    mail = make_mail(S.player_of(k)[2], S.move_subject(same, k, line[k - 1]),
                     msgid="<%s>" % mid)
    before = env.game_file(same)
    fd = os.open(os.path.join(env.spool, "locks", "board-epaminondas-%d.lock"
                              % same), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    t0 = time.monotonic()
    rc, err = env.receive(mail, env={"EPAMSERV_LOCK_TIMEOUT": str(timeout)})
    waited = time.monotonic() - t0
    fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)
    is_(rc, 75, "a move to a board whose lock is held exits 75")
    ok(timeout - 0.1 <= waited <= timeout + 10, "... after about "
       "lock_timeout = %d s" % timeout, "waited %.2f s" % waited)
    ok(env.game_file(same) == before, "... and leaves the game file as it was")
    rc, err = env.receive(mail)
    is_(rc, 0, "the same mail once the lock is free exits 0")
    is_(S.game_moves(env, same)[-1:], [(k, line[k - 1], mid)],
        "... and plays the move")
    print("# %.1f s in all" % (time.monotonic() - t_start))
finally:
    env.close()
done()
