#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Crash safety: move mails over many boards, processed by `epamserv batch
--maildir` (and their replies sent by the batch and by `epamserv flush` to
a real SMTP server, tests/smtpd.py) while the test kills the processor
with SIGKILL at random moments and reruns it.  At the end every game file
must load and replay (`epamserv admin check`), every move must have been
applied exactly once (each game file's move list is the intended one,
with the Message-ID of the mail that made each move), and every reply
must have been delivered at least once, a reply delivered twice carrying
the same Message-ID and the same text.

Quick mode (make check): 300 mails over 30 boards, >= 20 kills.
EPAMSERV_STRESS_FULL=1: 1,000 mails over 100 boards, >= 50 kills.
EPAMSERV_STRESS_SEED picks the random moments (default: time-based,
printed so that a failure can be replayed)."""
import os
import random
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN  # noqa: E402

BOARDS, MOVES, KILLS = (100, 10, 50) if S.FULL else (30, 10, 20)
seed = int(os.environ.get("EPAMSERV_STRESS_SEED", int(time.time()) % 100000))
print("# %s mode: %d boards x %d moves, >= %d kills, seed %d"
      % ("full" if S.FULL else "quick", BOARDS, MOVES, KILLS, seed))
rng = random.Random(seed)
t_start = time.monotonic()

env = S.make_env(smtp=True)
# Groups of 8 mails (group commit, src/spool/group.h): a round of 30 mails
# is committed and filed in four steps, so kills land between and inside
# group commits, not only before one commit at the end.
env.env["EPAMSERV_BATCH_GROUP"] = "8"
try:
    t0 = time.monotonic()
    boards = S.setup_or_fail(env, BOARDS, env.root)
    setup_time = time.monotonic() - t0
    lines = S.move_lines(BOARDS, MOVES, seed=7)
    msgid = {}   # (board, number) -> Message-ID without <>
    for b in boards:
        for i in range(MOVES):
            msgid[(b, i + 1)] = "crash.%d.%d.%d@test.example" % (b, i + 1, seed)

    # The time a full round takes, from the setup batch (2 + 2 * BOARDS
    # mails); the kill moments are drawn from [0, est].
    est = max(setup_time * BOARDS / (2 + 2 * BOARDS), 0.05)
    est_send = 0.005   # seconds per mail sent, updated by the flushes
    kills = {"batch": 0, "flush": 0}
    runs = 0
    problems = []
    for number in range(1, MOVES + 1):
        md = S.Maildir(os.path.join(env.root, "round-%02d" % number))
        for idx, b in enumerate(boards):
            player = S.player_of(number)
            md.add(make_mail(player[2], S.move_subject(
                b, number, lines[idx][number - 1]),
                msgid="<%s>" % msgid[(b, number)]))
        rounds_left = MOVES - number + 1
        want = -(-(KILLS - sum(kills.values())) // rounds_left) + 1
        got = 0
        tries = 0
        while got < want and md.waiting() and tries < 10 * want + 10:
            tries += 1
            # A flush when replies wait in the outbox (a batch killed
            # before its delivery left them), killed while it sends.
            queued = len(S.outbox_mails(env.spool))
            what = "flush" if queued and rng.random() < 0.4 else "batch"
            args = ["flush"] if what == "flush" else ["batch", "--maildir", md.path]
            p = subprocess.Popen([BIN] + args, env=env.env,
                                 stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            runs += 1
            left = len(md.waiting())
            time.sleep(rng.uniform(0, est * left / BOARDS) if what == "batch"
                       else rng.uniform(0, est_send * queued + 0.01))
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
                p.wait()
                kills[what] += 1
                got += 1
                if what == "batch" and not md.waiting():
                    est = max(0.6 * est, 0.01)  # too late to matter much
            else:
                if p.returncode not in (0, 75):
                    problems.append("%s exited %d" % (what, p.returncode))
                # It finished first: aim earlier next time.
                if what == "batch":
                    est = max(0.6 * est, 0.01)
                else:
                    est_send = max(0.6 * est_send, 0.0005)
        # Finish the round without a kill, timing how long the batch
        # takes to file the mails (its delivery comes after).
        t0 = time.monotonic()
        was_full = len(md.waiting()) == BOARDS
        p = subprocess.Popen([BIN, "batch", "--maildir", md.path],
                             env=env.env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        while p.poll() is None and md.waiting():
            time.sleep(0.002)
        filed_after = time.monotonic() - t0
        err = p.communicate(timeout=120)[1].decode("utf-8", "replace")
        rc = p.returncode
        runs += 1
        if rc != 0 or md.waiting():
            problems.append("round %d: the last batch exited %d with %d "
                            "mails left: %s" % (number, rc, len(md.waiting()),
                                                err[-500:]))
        elif was_full:
            est = max(0.7 * est + 0.3 * filed_after, 0.01)
        queued = len(S.outbox_mails(env.spool))
        if queued:
            t0 = time.monotonic()
            rc, _, err = env.run("flush")
            if rc == 0 and queued >= 10:
                est_send = 0.7 * est_send + 0.3 * (time.monotonic() - t0) / queued
    rc, _, err = env.run("flush")
    is_(rc, 0, "a last epamserv flush delivers whatever is left (exit 0)")
    is_(problems, [], "every uninterrupted run ended with exit 0, no "
        "processor exited with anything but 0, 75 or SIGKILL")
    nkills = sum(kills.values())
    ok(nkills >= KILLS, "the processor was killed at least %d times" % KILLS,
       "got %d kills (%r) in %d runs" % (nkills, kills, runs))
    print("# %d runs, %d kills (%d batch, %d flush), round estimate %.2f s, "
          "%.1f ms per mail sent" % (runs, nkills, kills["batch"],
                                     kills["flush"], est, est_send * 1000))

    rc, out = S.admin_check(env)
    is_(rc, 0, "epamserv admin check: every game file loads and replays")
    if rc:
        print("#   " + out.replace("\n", "\n#   "))

    wrong = []
    for idx, b in enumerate(boards):
        want = [(i + 1, lines[idx][i], msgid[(b, i + 1)]) for i in range(MOVES)]
        got = S.game_moves(env, b)
        if got != want:
            wrong.append("board %d: expected %r\n  got %r" % (b, want, got))
    ok(not wrong, "every move was applied exactly once, in order, with the "
       "Message-ID of its mail (%d boards)" % BOARDS,
       "\n".join(wrong[:5]) + ("\n... %d boards wrong" % len(wrong)
                                if len(wrong) > 5 else ""))
    leftover = os.listdir(os.path.join(env.spool, "journal"))
    is_(leftover, [], "no journal entry is left")
    is_(sorted(S.outbox_mails(env.spool).values()), [],
        "the outbox is empty after the last flush")

    # Delivery: every reply at least once, duplicates identical.
    seen_ids = {}
    for m in env.server.messages():
        mid = (m["Message-ID"] or "").strip().strip("<>")
        body = m.raw.split(b"\r\n\r\n", 1)[-1]
        seen_ids.setdefault(mid, []).append((tuple(m.envelope_to),
                                             m["Subject"], body))
    by_key = {}
    for mid in seen_ids:
        parts = mid.split(".")
        if len(parts) >= 3 and parts[0] == "epamserv":
            by_key.setdefault(parts[1], set()).add(mid)
    missing, extra, differ = [], [], []
    dup = 0
    for (b, number), mid in sorted(msgid.items()):
        have = by_key.get(S.key_prefix(mid), set())
        want = {S.reply_id_in(have, mid, 0, S.ALICE[2], env.spool),
                S.reply_id_in(have, mid, 1, S.BOB[2], env.spool)}
        if want - have:
            missing.append("%s (board %d move %d): no %s"
                           % (mid, b, number, sorted(want - have)))
        if have - want:
            extra.append("%s (board %d move %d): also %s"
                         % (mid, b, number, sorted(have - want)))
        rcpts = sorted(seen_ids[r][0][0] for r in want & have)
        if want <= have and rcpts != [(S.ALICE[2],), (S.BOB[2],)]:
            missing.append("%s: the two replies went to %r, expected one "
                           "to each player" % (mid, rcpts))
        for r in want & have:
            copies = seen_ids[r]
            dup += len(copies) - 1
            if len(set(copies)) != 1:
                differ.append("%s delivered %d times with different "
                              "recipients, subject or text" % (r, len(copies)))
    ok(not missing, "every reply (board mail to both players) of the %d "
       "move mails was delivered at least once" % len(msgid),
       "\n".join(missing[:10]) + ("\n... %d in all" % len(missing)
                                   if len(missing) > 10 else ""))
    ok(not extra, "no move mail was answered with anything but its two "
       "board mails (a second processing would add an error reply)",
       "\n".join(extra[:10]))
    ok(not differ, "a reply delivered more than once carries the same "
       "Message-ID, recipient and text each time", "\n".join(differ[:10]))
    print("# %d replies delivered twice or more (same Message-ID), "
          "%.1f s in all" % (dup, time.monotonic() - t_start))
finally:
    env.close()
done()
