#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Batch workers (batch_jobs, src/cli/batch_jobs.h) change which process
does a mail, never what it does: the same Maildir through `epamserv
batch` with batch_jobs = 1 (today's one process) and with batch_jobs = 2
must leave the same game files, user files, processed-mail records and
outbox, mail for mail, and file every mail.

The mails cross many boards (moves on eight boards, three rounds, so
both workers have boards) and hold the pairs whose order no board
carries: a password change, then a challenge signed with the new
password, its accept and a move on the new board with the new password
(barriers: each runs after every mail before it and before every mail
after it), a mail sent twice, `show` and `multiple` mails between the
moves.  The run with two workers must have used two processes for
mails (their pids in the log)."""
import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail  # noqa: E402

NOW = "2026-12-01T10:00:00Z"
CAROL = ("carol", "Pass-c3", "carol@example.com")
DAVE = ("dave", "Pass-d4", "dave@example.com")
BOARDS = 8


def masked(text):
    """Mask what differs between two correct runs: reply tokens (random)
    and their salted hashes, password hashes (random salts) and MIME
    boundaries (random)."""
    text = re.sub(r"#[a-z2-7]{12,16}\b", "#TOKEN", text)
    text = re.sub(r"%23[a-z2-7]{12,16}\b", "%23TOKEN", text)
    text = re.sub(r"=_epam_[0-9a-f]{32}", "=_epam_BOUNDARY", text)
    text = S.mask_token_hashes(text)
    return re.sub(r"(?m)^password: .*$", "password: HASH", text)


def tree(spool):
    """{relpath: masked text} of games/, users/, seen/ (names only) and
    outbox/ (by Message-ID: file names carry the process id)."""
    out = {}
    for sub in ("games", "users", "seen"):
        for d, _, files in os.walk(os.path.join(spool, sub)):
            for f in files:
                p = os.path.join(d, f)
                if sub == "seen":
                    out[os.path.relpath(p, spool)] = ""
                    continue
                with open(p, "rb") as fh:
                    out[os.path.relpath(p, spool)] = \
                        masked(fh.read().decode("utf-8", "replace"))
    for name, (mid, to, subj) in S.outbox_mails(spool).items():
        with open(os.path.join(spool, "outbox", name), "rb") as fh:
            body = fh.read().decode("utf-8", "replace")
        out["outbox/" + str(mid)] = masked(body)
    return out


def mails(boards, lines):
    """The batch: (sender, subject, body, Message-ID) in arrival order."""
    out = []

    def add(sender, subject, body=""):
        mid = "<jobs.%d@test.example>" % len(out)
        out.append((sender, subject, body, mid))

    new = boards[-1] + 1
    for number in (1, 2, 3):
        for idx, b in enumerate(boards):
            add(S.player_of(number)[2],
                S.move_subject(b, number, lines[idx][number - 1]))
            if idx == 0 and number == 2:
                out.append(out[-1])   # the same mail again: once
            if idx == 2:
                add(S.BOB[2], "epaminondas show %d" % b)
        if number == 1:
            # In the middle of the moves: a password change, then a
            # challenge signed with the new password, its accept and a
            # move with the new password on the new board.
            add(CAROL[2], "change password %s %s %s-new"
                % (CAROL[0], CAROL[1], CAROL[1]))
            add(CAROL[2], "epaminondas challenge carol dave by %s %s-new"
                % (CAROL[0], CAROL[1]))
            add(DAVE[2], "epaminondas accept %d %s %s"
                % (new, DAVE[0], DAVE[1]))
            add(CAROL[2], "epaminondas move %d %s %s-new %s#1"
                % (new, CAROL[0], CAROL[1], lines[-1][0]))
    body = "%s\n%s\n" % (S.move_subject(boards[0], 4, lines[0][3]),
                         S.move_subject(boards[0], 5, lines[0][4]))
    add(S.ALICE[2], "multiple", body)
    add(DAVE[2], "epaminondas move %d %s %s %s#2"
        % (new, DAVE[0], DAVE[1], lines[-1][1]))
    for idx, b in enumerate(boards[1:], 1):
        add(S.ALICE[2], S.move_subject(b, 4, lines[idx][3]))
    return out


def pids(log):
    """The process ids of the log lines that record a mail taken in."""
    return set(m.group(1) for m in
               re.finditer(r"epamserv\[(\d+)\]: \w+: in:", log))


def log_since(start):
    """The log file's text after byte start."""
    with open(env.log, "rb") as fh:
        fh.seek(start)
        return fh.read().decode("utf-8", "replace")


t_start = time.monotonic()
env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    boards = S.setup_or_fail(env, BOARDS, env.root)
    for user in (CAROL, DAVE):
        env.run("admin", "user", "add", user[0], user[1], user[2],
                "--reason", "a test player")
    base = os.path.join(env.root, "base")
    shutil.copytree(env.spool, base, symlinks=True)
    lines = S.move_lines(len(boards) + 1, 5, seed=17)
    batch = mails(boards, lines)
    print("# %d mails over %d boards" % (len(batch), len(boards) + 1))

    results, logs = {}, {}
    for jobs in ("1", "2"):
        shutil.rmtree(env.spool)
        shutil.copytree(base, env.spool, symlinks=True)
        md = S.Maildir(os.path.join(env.root, "md-%s" % jobs))
        for sender, subject, body, mid in batch:
            md.add(make_mail(sender, subject, body, msgid=mid))
        start = os.path.getsize(env.log) if os.path.exists(env.log) else 0
        rc, _, err = env.run("batch", "--maildir", md.path,
                             env={"EPAMSERV_BATCH_JOBS": jobs})
        err = log_since(start) + err
        is_(rc, 0, "batch_jobs %s: the batch exits 0" % jobs)
        is_(md.waiting(), [], "batch_jobs %s: every mail is filed" % jobs)
        is_(os.listdir(os.path.join(env.spool, "journal")), [],
            "batch_jobs %s: no journal entry is left" % jobs)
        results[jobs] = tree(env.spool)
        logs[jobs] = err
        check = S.admin_check(env)
        is_(check[0], 0, "batch_jobs %s: every game file replays" % jobs)
        ok(re.search(r"batch: handled=%d left=0 " % len(batch), err),
           "batch_jobs %s: the run's counts say every mail was handled"
           % jobs, err[-600:])

    is_(len(pids(logs["1"])), 1, "batch_jobs 1: one process takes the mails")
    ok(len(pids(logs["2"])) >= 2, "batch_jobs 2: the mails were taken by "
       "two worker processes", "%r" % sorted(pids(logs["2"])))
    one, two = results["1"], results["2"]
    ok(len(one) > 60, "the runs wrote a spool worth comparing",
       "%d files" % len(one))
    S.same_trees(one, two, 'batch_jobs 1 and 2', ok)
    new = boards[-1] + 1
    game = two.get("games/epaminondas/%d.game" % new, "")
    ok("white: carol" in game and "black: dave" in game and
       game.count("\nmove: ") == 2,
       "with two workers a new password signed a challenge, accepted and "
       "moved on in one batch", game[:800])
    ok(all(two.get("games/epaminondas/%d.game" % b, "").count("\nmove: ")
           == (5 if b == boards[0] else 4) for b in boards),
       "with two workers every board has all its moves")
    print("# %.1f s in all" % (time.monotonic() - t_start))
finally:
    env.close()
done()
