#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fault injection into group commit: six move mails over three boards
through `epamserv batch --maildir` (two groups: the fourth mail needs a
board the first group holds), with one write, fsync, rename,
open(O_CREAT) or syncfs failing, at every such call the batch reaches
(counted first by a run that fails nothing).  The shim is
tests/fault/libfault.so (LD_PRELOAD).

For every failure: the exit status is 0 or 75; a mail filed into cur/
has its move in its game file (no mail is filed before its effects are
saved, SPEC section 8); every game file replays; and a rerun without
faults exits 0 and leaves exactly the state of a clean run: each move
once, each board mail once, no journal entry.  (So a failure stops the
batch: a later move on the same board must not overtake the failed one.)
With the first syncfs failing the whole group stays in new/."""
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "stress"))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail  # noqa: E402
from faultlib import SHIM, NOW, shim_env, read_counts  # noqa: E402

CALLS = ["syncfs", "fsync", "rename", "write", "open"]

t_start = time.monotonic()
env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    env.env["EPAMSERV_LOCK_TIMEOUT"] = "5"
    # One process: the shim counts each process's calls from its start,
    # and a worker's calls (batch_jobs) would be counted apart;
    # test_jobs_faults.py kills workers.
    env.env["EPAMSERV_BATCH_JOBS"] = "1"
    boards = S.setup_or_fail(env, 3, env.root)
    base = os.path.join(env.root, "base")
    shutil.copytree(env.spool, base, symlinks=True)
    lines = S.move_lines(len(boards), 2, seed=3)
    src = S.Maildir(os.path.join(env.root, "mails"))
    want = {}   # Maildir file name -> (board, Message-ID)
    for number in (1, 2):
        for idx, b in enumerate(boards):
            mid = "gfault.%d.%d@test.example" % (b, number)
            name = src.add(make_mail(S.player_of(number)[2], S.move_subject(
                b, number, lines[idx][number - 1]), msgid="<%s>" % mid))
            want[name] = (b, mid)
    md = os.path.join(env.root, "md")

    replay = S.Replayable(env, base, src.path, md)
    fresh, batch, filed = replay.fresh, replay.batch, replay.filed

    ours = set(S.key_prefix(mid) for _, mid in want.values())

    def state():
        """What the six mails did (other mails, like the receives below,
        are left out)."""
        journal = sorted(os.listdir(os.path.join(env.spool, "journal")))
        seen = sorted(d for d in os.listdir(os.path.join(env.spool, "seen"))
                      if d[:16] in ours)
        outbox = sorted((v[0], v[1]) for v in
                        S.outbox_mails(env.spool).values()
                        if (v[0] or "").split(".")[1:2] and
                        v[0].split(".")[1] in ours)
        games = [S.mask_token_hashes(env.game_file(b)) for b in boards]
        return (games, journal, seen, outbox, filed())

    shim = shim_env(EPAMSERV_BATCH_GROUP="64")
    if not ok(os.path.exists(SHIM), "the fault shim is built", SHIM):
        raise SystemExit(done())

    fresh()
    count_file = os.path.join(env.root, "counts")
    rc, err = batch(dict(shim, FAULT_COUNT_FILE=count_file))
    clean = state()
    ok(rc == 0 and clean[4] == sorted(want) and clean[1] == [] and
       len(clean[3]) == 12 and
       all(len(S.game_moves(env, b)) == 2 for b in boards),
       "a clean run under the shim plays the six moves and files the six mails",
       "exit %d, stderr %s, state %r" % (rc, err[-800:], clean[1:]))
    counts = read_counts(count_file)
    print("# calls reached by the batch: %s" % ", ".join(
        "%s %d" % (k, counts.get(k, 0)) for k in CALLS))
    ok(counts.get("syncfs", 0) >= 2 and
       counts.get("fsync", 0) < 6 * 5,
       "the six mails were committed in groups (syncfs per group, far "
       "fewer fsyncs than one per file)", "counts %r" % counts)

    linked_recovered = [0]
    for call in CALLS:
        total = counts.get(call, 0)
        problems, outcomes = [], {}
        for n in range(1, total + 1):
            fresh()
            rc, err = batch(dict(shim, FAULT_CALL=call, FAULT_N=str(n)))
            where = "%s #%d: exit %d" % (call, n, rc)
            outcomes[rc] = outcomes.get(rc, 0) + 1
            if rc not in (0, 75):
                problems.append("%s, expected 0 or 75; stderr: %s"
                                % (where, err.strip()[-600:]))
            for name in filed():
                b, mid = want.get(name, (None, None))
                if b is None or mid not in [m[2].strip("<>") for m in
                                            S.game_moves(env, b)]:
                    problems.append("%s: %s was filed but its move is not "
                                    "on board %s" % (where, name, b))
            if rc == 0 and filed() != sorted(want):
                problems.append("%s but mails were left in new/" % where)
            crc, out = S.admin_check(env)
            if crc != 0:
                problems.append("%s: admin check fails: %s" % (where, out))
            # A group's entry left in journal/ is rolled forward by the
            # next process that takes its board, here a receive.
            jdir = os.path.join(env.spool, "journal")
            for name in os.listdir(jdir):
                if not (name.startswith("board-epaminondas-") and
                        os.path.isfile(os.path.join(jdir, name))):
                    continue
                b = int(name.split(",")[0].rsplit("-", 1)[1])
                mids = [mid for _, mid in want.values()
                        if name.split(",")[1].startswith(S.key_prefix(mid))]
                rrc, rerr = env.receive(make_mail(S.BOB[2], (
                    "epaminondas move %d bob %s a1-a2#9" % (b, S.BOB[1]))),
                    env={"EPAMSERV_BATCH_GROUP": "64"})
                linked_recovered[0] += 1
                moved = [m[2] for m in S.game_moves(env, b)]
                if rrc != 0 or os.path.exists(os.path.join(jdir, name)) or \
                        len(mids) != 1 or mids[0] not in moved:
                    problems.append("%s: receive on board %d exited %d and "
                                    "did not roll %s forward: %s" % (
                                        where, b, rrc, name, rerr[-400:]))
            rc2, err2 = batch({"EPAMSERV_BATCH_GROUP": "64"})
            st = state()
            if rc2 != 0 or st != clean:
                problems.append(
                    "%s; the rerun without faults exited %d, expected 0 and "
                    "the state of a clean run:\n  expected %r\n  got      %r"
                    "\n  stderr: %s" % (where, rc2, clean[1:], st[1:],
                                        err2.strip()[-400:]))
            if len(problems) > 12:
                break
        ok(not problems, "%s fails at each of its %d calls: exit 0 or 75, "
           "no mail filed before its move is saved, the rerun gives the "
           "clean state" % (call, total), "\n".join(problems[:12]))
        print("# %s: exit statuses %r" % (call, sorted(outcomes.items())))

    ok(linked_recovered[0] > 0, "some faults left a group's entry in "
       "journal/, and receive rolled each forward",
       "%d entries" % linked_recovered[0])
    # A failed syncfs: nothing of that group is filed.
    fresh()
    rc, err = batch(dict(shim, FAULT_CALL="syncfs", FAULT_N="1"))
    is_((rc, filed()), (75, []),
        "when the first group cannot be synced, the batch exits 75 and "
        "files none of its mails")
    contains_err = "could not be made durable" in err or "group commit" in err
    ok(contains_err, "the failure is reported on stderr", err[-600:])
    print("# %.1f s in all" % (time.monotonic() - t_start))
finally:
    env.close()
done()
