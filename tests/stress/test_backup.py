#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`epamserv admin backup` of a live spool (src/spool/backup.h): backups
taken while `batch --maildir` plays a batch of moves restore, with
`admin restore`, to spools that `admin check` accepts and that lose no
move.  In each restored spool every processed-mail record (seen/) has
its move in the game file and a reply in outbox/; the moves there are
the start of the moves of the live spool; and replaying the whole batch
afterwards changes nothing already applied and applies what was
missing, so that each board ends as on the live spool.

Then the crash cases: a backup killed at a random moment is refused by
restore (no manifest) and leaves the target spool empty; a restore
killed at a random moment is finished by running it again (with --force
when it got as far as putting files in place).

Quick mode: 10 boards x 20 moves (200 mails); EPAMSERV_STRESS_FULL=1:
20 boards x 50 moves (1,000 mails), the figure in BENCHMARKS.md."""
import os
import random
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN, digest_hex  # noqa: E402

BOARDS, MOVES = (20, 50) if S.FULL else (10, 20)
NOW = "2026-12-01T10:00:00Z"


def digest(message_id):
    """util_digest_hex of a Message-ID without <> (src/util/util.c)."""
    return digest_hex(message_id.strip("<>"))


def moves_of(spool, board):
    """[(number, move, message-id)] of a board's game file in spool."""
    path = os.path.join(spool, "games", "epaminondas", "%d.game" % board)
    if not os.path.exists(path):
        path = os.path.join(spool, "games", "epaminondas", "archive",
                            "%d.game" % board)
    out = []
    with open(path) as f:
        for line in f:
            if line.startswith("move: "):
                p = line.split()
                out.append((int(p[1]), p[2], p[4] if len(p) > 4 else ""))
    return out


def run(env, spool, *args):
    e = dict(env.env, EPAMSERV_SPOOL=spool)
    p = subprocess.run([BIN] + list(args), env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=300)
    return p.returncode, (p.stdout + p.stderr).decode("utf-8", "replace")


def mailbox(root, name, batch):
    md = S.Maildir(os.path.join(root, name))
    for sender, subject, mid in batch:
        md.add(make_mail(sender, subject, msgid=mid))
    return md


env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    boards = S.setup_or_fail(env, BOARDS, env.root)
    lines = S.move_lines(len(boards), MOVES, seed=12)
    # Move n on every board, then move n + 1: each mail needs the one
    # before it on its board.
    batch, where = [], {}
    for number in range(1, MOVES + 1):
        for idx, b in enumerate(boards):
            mid = "<backup.%d.%d@test.example>" % (b, number)
            batch.append((S.player_of(number)[2],
                          S.move_subject(b, number, lines[idx][number - 1]),
                          mid))
            where[mid.strip("<>")] = (b, number, lines[idx][number - 1])
    md = mailbox(env.root, "live", batch)
    before = len(os.listdir(os.path.join(env.spool, "seen")))
    print("# %d move mails over %d boards" % (len(batch), len(boards)))

    # Backups, one after the other, for as long as the batch runs.
    t0 = time.monotonic()
    # Its log goes to a file: a pipe nobody reads would stop it.
    log = open(os.path.join(env.root, "live.log"), "wb")
    live = subprocess.Popen([BIN, "batch", "--maildir", md.path],
                            env=env.env, stdout=subprocess.DEVNULL,
                            stderr=log)
    backups, failed, took = [], [], []
    # The first backup starts as soon as the batch has applied a mail, so
    # that it lands in the middle of the batch even on a busy machine.
    while live.poll() is None and \
            len(os.listdir(os.path.join(env.spool, "seen"))) == before:
        time.sleep(0.002)
    while live.poll() is None and len(backups) < 12:
        dest = os.path.join(env.root, "backup-%d" % len(backups))
        t = time.monotonic()
        rc, out = run(env, env.spool, "admin", "backup", dest)
        took.append(time.monotonic() - t)
        seen = len(os.listdir(os.path.join(dest, "seen"))) if rc == 0 else -1
        (backups if rc == 0 else failed).append((dest, seen, out))
        time.sleep(random.uniform(0, 0.1))
    live.wait()
    log.close()
    is_(live.returncode, 0, "the live batch exits 0")
    is_(md.waiting(), [], "the live batch filed every mail")
    print("# batch took %.1f s; %d backups during it (%.2f s at most), "
          "seen records in them: %s" % (
              time.monotonic() - t0, len(backups), max(took or [0]),
              [n for _, n, _ in backups]))
    ok(not failed, "every backup during the batch succeeded",
       "\n".join(o[-500:] for _, _, o in failed[:3]))
    mid_batch = [n for _, n, _ in backups if before < n < before + len(batch)]
    ok(mid_batch, "a backup was taken in the middle of the batch",
       "seen records: %r" % [n for _, n, _ in backups])
    rc, out = S.admin_check(env)
    is_(rc, 0, "the live spool passes admin check")
    final = {b: moves_of(env.spool, b) for b in boards}
    is_(sum(len(m) for m in final.values()), len(batch),
        "the live spool holds every move once")

    for i, (dest, nseen, _) in enumerate(backups):
        name = "backup %d (%d records)" % (i, nseen)
        spool = os.path.join(env.root, "restored-%d" % i)
        t = time.monotonic()
        rc, out = run(env, spool, "admin", "restore", dest)
        t_restore = time.monotonic() - t
        is_(rc, 0, "%s: admin restore into an empty spool exits 0" % name)
        if rc:
            print("# " + out[-1000:].replace("\n", "\n# "))
            continue
        rc, out = run(env, spool, "admin", "check")
        is_(rc, 0, "%s: the restored spool passes admin check" % name)
        # No record without its move, none without its reply.
        have = {b: moves_of(spool, b) for b in boards}
        replied = set()
        for mid, _, _ in S.outbox_mails(spool).values():
            parts = (mid or "").split(".")
            if len(parts) > 2:
                replied.add(parts[1])
        lost, noreply = [], []
        for mid, (b, number, move) in where.items():
            if not os.path.exists(os.path.join(spool, "seen", digest(mid))):
                continue
            if (number, move, "<%s>" % mid) not in have[b] and \
                    (number, move, mid) not in have[b]:
                lost.append(mid)
            if S.key_prefix(mid) not in replied:
                noreply.append(mid)
        ok(not lost, "%s: every processed-mail record has its move" % name,
           "records without their move: %r" % lost[:5])
        ok(not noreply, "%s: every processed-mail record has its reply in "
           "outbox/" % name, "without a reply: %r" % noreply[:5])
        prefix = [b for b in boards if have[b] != final[b][:len(have[b])]]
        ok(not prefix, "%s: each board holds the start of the live board's "
           "moves" % name, "boards that differ: %r" % prefix[:5])
        # Replaying the batch completes the boards, and only that.
        replay = mailbox(env.root, "replay-%d" % i, batch)
        t = time.monotonic()
        rc, out = run(env, spool, "batch", "--maildir", replay.path)
        print("# %s: restore %.2f s, replay of the %d mails %.1f s" % (
            name, t_restore, len(batch), time.monotonic() - t))
        is_(rc, 0, "%s: replaying the batch exits 0" % name)
        after = {b: moves_of(spool, b) for b in boards}
        differ = [b for b in boards if after[b] != final[b]]
        ok(not differ, "%s: after the replay every board is as on the live "
           "spool (nothing lost, nothing twice)" % name,
           "boards that differ: %r" % differ[:5])
        rc, out = run(env, spool, "admin", "check")
        is_(rc, 0, "%s: the replayed spool passes admin check" % name)
        shutil.rmtree(spool)

    # A backup is refused when its destination is not empty, or inside
    # the spool.
    rc, out = run(env, env.spool, "admin", "backup", backups[0][0]
                  if backups else env.root)
    ok(rc == 1 and "not an empty directory" in out,
       "a backup into a directory that holds files is refused", out[-300:])
    rc, out = run(env, env.spool, "admin", "backup",
                  os.path.join(env.spool, "games", "copy"))
    ok(rc == 1 and "inside the spool" in out,
       "a backup into the spool itself is refused", out[-300:])
    # Restore refuses a spool that holds data, or a damaged backup.
    good = os.path.join(env.root, "good")
    rc, out = run(env, env.spool, "admin", "backup", good)
    is_(rc, 0, "a backup of the quiet spool")
    rc, out = run(env, env.spool, "admin", "restore", good)
    ok(rc == 73 and "holds data" in out,
       "restore into a spool that holds data is refused (exit 73)",
       "exit %d: %s" % (rc, out[-300:]))
    damaged = os.path.join(env.root, "damaged")
    shutil.copytree(good, damaged, symlinks=True)
    victim = os.path.join(damaged, "games", "epaminondas", "%d.game" % boards[0])
    with open(victim, "a") as f:
        f.write("x")
    spool = os.path.join(env.root, "restored-damaged")
    rc, out = run(env, spool, "admin", "restore", damaged)
    ok(rc == 65 and "damaged" in out, "a damaged backup is refused (exit 65)",
       "exit %d: %s" % (rc, out[-300:]))
    rc, out = run(env, spool, "admin", "check")
    is_(rc, 0, "... and the target spool is left empty and sound")
    files = [f for d in ("games", "users", "seen")
             for _, _, fs in os.walk(os.path.join(spool, d)) for f in fs]
    ok(not files, "... and holds no board, user or record", repr(files[:5]))
    # With --force, the spool's files are set aside, not deleted.
    rc, out = run(env, env.spool, "admin", "restore", "--force", good)
    ok(rc == 0 and "replaced-" in out,
       "restore --force over a spool that holds data sets its files aside",
       out[-300:])
    aside = [d for d in os.listdir(env.spool) if d.startswith("replaced-")]
    ok(len(aside) == 1 and os.path.exists(os.path.join(
        env.spool, aside[0], "games", "epaminondas", "%d.game" % boards[0])),
       "... into SPOOL/replaced-TIME/", repr(aside))
    with open(os.path.join(env.spool, "admin.log")) as f:
        last = f.read().splitlines()[-1:]
    ok(last and "spool restored from %s" % good in last[0],
       "... and admin.log says the spool was restored", repr(last))

    # Crashes: backup and restore killed at random moments.
    rng = random.Random(7)
    killed_bad = []
    for k in range(6):
        dest = os.path.join(env.root, "killed-%d" % k)
        p = subprocess.Popen([BIN, "admin", "backup", dest], env=env.env,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, 0.05))
        p.send_signal(signal.SIGKILL)
        p.wait()
        spool = os.path.join(env.root, "from-killed-%d" % k)
        rc, out = run(env, spool, "admin", "restore", dest)
        finished = os.path.exists(os.path.join(dest, "BACKUP"))
        if (rc == 0) != finished or (rc not in (0, 65)):
            killed_bad.append("backup %d: finished %s, restore exit %d: %s"
                              % (k, finished, rc, out[-200:]))
        rc2, out2 = run(env, spool, "admin", "check")
        if rc2 != 0:
            killed_bad.append("backup %d: check: %s" % (k, out2[-200:]))
    ok(not killed_bad, "a backup killed at any moment is refused by restore "
       "unless it finished, and the target stays sound",
       "\n".join(killed_bad))
    killed_bad = []
    for k in range(6):
        spool = os.path.join(env.root, "killed-restore-%d" % k)
        p = subprocess.Popen([BIN, "admin", "restore", good],
                             env=dict(env.env, EPAMSERV_SPOOL=spool),
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, 0.05))
        p.send_signal(signal.SIGKILL)
        p.wait()
        rc, out = run(env, spool, "admin", "restore", good)
        if rc == 73:
            rc, out = run(env, spool, "admin", "restore", "--force", good)
        rc2, out2 = run(env, spool, "admin", "check")
        if os.listdir(os.path.join(spool, "tmp")):
            killed_bad.append("restore %d: left in tmp/: %r" % (
                k, os.listdir(os.path.join(spool, "tmp"))))
        got = {b: moves_of(spool, b) for b in boards} if rc == 0 else {}
        if rc != 0 or rc2 != 0 or got != final:
            killed_bad.append("restore %d: exit %d, check %d: %s %s"
                              % (k, rc, rc2, out[-200:], out2[-200:]))
    ok(not killed_bad, "a restore killed at any moment is finished by "
       "running it again", "\n".join(killed_bad))
    print("# %.1f s in all" % (time.monotonic() - t0))
finally:
    env.close()
done()
