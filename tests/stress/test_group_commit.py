#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Group commit (src/spool/group.h) changes when a batch's mails become
durable, never what they do: the same Maildir run through `epamserv batch`
with batch_group = 64 and with batch_group = 1 (each mail committed on its
own) must leave the same game files, user files, processed-mail records
and outbox, mail for mail.

The mails are chosen so that later ones depend on earlier ones of the same
batch, each through a different path a staged transaction must be seen
by: a password change then a challenge signed with the new password (the
users file, read without a lock); the accept of that challenge (the board number file and
the new game file, under other locks); moves on one board in turn (the
board's lock, kept by the group); a second copy of a mail (its message
lock and its processed-mail record); `show` after a move (a game file read
without a lock); a `multiple` mail with two moves on one board; and moves
on other boards in between.  A third run with a receive process taking
boards while the batch holds them checks that neither waits for the other
(lock.h's hook): a refused move takes the board's lock too."""
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN  # noqa: E402

NOW = "2026-12-01T10:00:00Z"
CAROL = ("carol", "Pass-c3", "carol@example.com")
DAVE = ("dave", "Pass-d4", "dave@example.com")


def masked(text):
    """Mask what differs between two correct runs: reply tokens (random)
    and their salted hashes, password hashes (random salts) and MIME
    boundaries (random)."""
    text = re.sub(r"#[a-z2-7]{12,16}\b", "#TOKEN", text)
    # ... also in the HTML part's mailto: links, percent-encoded.
    text = re.sub(r"%23[a-z2-7]{12,16}\b", "%23TOKEN", text)
    text = re.sub(r"=_epam_[0-9a-f]{32}", "=_epam_BOUNDARY", text)
    text = S.mask_token_hashes(text)
    return re.sub(r"(?m)^password: .*$", "password: HASH", text)


def tree(spool):
    """{relpath: masked text} of games/, users/, seen/ and outbox/ (by
    Message-ID: file names carry the process id)."""
    out = {}
    for sub in ("games", "users", "seen"):
        for d, _, files in os.walk(os.path.join(spool, sub)):
            for f in files:
                p = os.path.join(d, f)
                with open(p, "rb") as fh:
                    # A group's seen records share one file (group.h):
                    # only their names count.
                    out[os.path.relpath(p, spool)] = "" if sub == "seen" \
                        else masked(fh.read().decode("utf-8", "replace"))
    for name, (mid, to, subj) in S.outbox_mails(spool).items():
        with open(os.path.join(spool, "outbox", name), "rb") as fh:
            body = fh.read().decode("utf-8", "replace")
        out["outbox/" + str(mid)] = masked(body)
    return out


def mails(boards, lines):
    """The batch: (sender, subject, body, Message-ID) in arrival order."""
    out = []

    def add(sender, subject, body="", mid=None):
        mid = mid or "<group.%d@test.example>" % len(out)
        out.append((sender, subject, body, mid))
        return mid

    add(CAROL[2], "change password %s %s %s-new"
        % (CAROL[0], CAROL[1], CAROL[1]))
    add(CAROL[2], "epaminondas challenge carol dave by %s %s-new"
        % (CAROL[0], CAROL[1]))
    new = boards[-1] + 1
    add(DAVE[2], "epaminondas accept %d %s %s" % (new, DAVE[0], DAVE[1]))
    add(CAROL[2], "epaminondas move %d %s %s-new %s#1"
        % (new, CAROL[0], CAROL[1], lines[-1][0]))
    for number in (1, 2, 3):
        for idx, b in enumerate(boards):
            mid = add(S.player_of(number)[2],
                      S.move_subject(b, number, lines[idx][number - 1]))
            if idx == 0 and number == 2:
                # The same mail again, at once: it takes effect once.
                out.append(out[-1])
            if idx == 1:
                add(S.BOB[2], "epaminondas show %d" % b)
        del mid
    # A multiple mail with two moves on board 1 (moves 4 and 5).
    body = "%s\n%s\n" % (
        S.move_subject(boards[0], 4, lines[0][3]),
        S.move_subject(boards[0], 5, lines[0][4]))
    add(S.ALICE[2], "multiple", body)
    add(DAVE[2], "epaminondas move %d %s %s %s#2"
        % (new, DAVE[0], DAVE[1], lines[-1][1]))
    add(S.ALICE[2], "epaminondas show %d" % boards[0])
    return out


t_start = time.monotonic()
env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    boards = S.setup_or_fail(env, 3, env.root)
    for user in (CAROL, DAVE):
        env.run("admin", "user", "add", user[0], user[1], user[2],
                "--reason", "a test player")
    base = os.path.join(env.root, "base")
    shutil.copytree(env.spool, base, symlinks=True)
    lines = S.move_lines(len(boards) + 1, 5, seed=11)
    batch = mails(boards, lines)
    print("# %d mails over %d boards" % (len(batch), len(boards) + 1))

    results = {}
    for group in ("1", "64"):
        shutil.rmtree(env.spool)
        shutil.copytree(base, env.spool, symlinks=True)
        md = S.Maildir(os.path.join(env.root, "md-%s" % group))
        for sender, subject, body, mid in batch:
            md.add(make_mail(sender, subject, body, msgid=mid))
        rc, _, err = env.run("batch", "--maildir", md.path,
                             env={"EPAMSERV_BATCH_GROUP": group})
        is_(rc, 0, "batch_group %s: the batch exits 0" % group)
        is_(md.waiting(), [], "batch_group %s: every mail is filed" % group)
        is_(os.listdir(os.path.join(env.spool, "journal")), [],
            "batch_group %s: no journal entry is left" % group)
        results[group] = tree(env.spool)
        check = S.admin_check(env)
        is_(check[0], 0, "batch_group %s: every game file replays" % group)

    one, many = results["1"], results["64"]
    ok(len(one) > 40, "the runs wrote a spool worth comparing",
       "%d files" % len(one))
    S.same_trees(one, many, 'batch_group 1 and 64', ok)
    # What the comparison rests on: the dependent mails did their work.
    new = boards[-1] + 1
    game = many.get("games/epaminondas/%d.game" % new, "")
    ok("white: carol" in game and "black: dave" in game and
       game.count("\nmove: ") == 2,
       "a new password signed a challenge, accepted and moved on in one batch",
       game[:800])
    first = many.get("games/epaminondas/%d.game" % boards[0], "")
    is_(first.count("\nmove: "), 5,
        "the repeated mail took effect once, the multiple mail twice")
    shows = [v for k, v in many.items() if k.startswith("outbox/") and
             "as it stands" in v and "Board %d" % boards[1] in v]
    ok(shows and all(lines[1][0] in v for v in shows),
       "show after a move in the same batch shows the move",
       "%d show mails" % len(shows))

    # Groups keep a descriptor per lock: a small open-file limit must
    # make the groups smaller, not make every run fail.
    import resource
    shutil.rmtree(env.spool)
    shutil.copytree(base, env.spool, symlinks=True)
    md = S.Maildir(os.path.join(env.root, "md-nofile"))
    for i in range(40):  # each keeps its message lock
        md.add(make_mail(S.BOB[2], "help"))
    for number in (1, 2, 3):
        for idx, b in enumerate(boards):
            md.add(make_mail(S.player_of(number)[2],
                             S.move_subject(b, number, lines[idx][number - 1])))
    p = subprocess.run(
        [BIN, "batch", "--maildir", md.path],
        env=dict(env.env, EPAMSERV_BATCH_GROUP="1000"),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (24, 24)))
    is_((p.returncode, md.waiting()), (0, []),
        "with 24 open files at most and batch_group 1000 the batch still "
        "files every mail")
    ok(all(len(S.game_moves(env, b)) == 3 for b in boards),
       "... and plays every move", p.stderr.decode()[-600:])

    # new/ read in chunks of 2 (memory stays flat however many mails
    # wait): arrival order holds across chunks, and the mails of a busy
    # board are passed over, not taken again and again.
    import fcntl
    shutil.rmtree(env.spool)
    shutil.copytree(base, env.spool, symlinks=True)
    md = S.Maildir(os.path.join(env.root, "md-chunks"))
    busy_names = []
    for number in (1, 2, 3):
        for idx, b in enumerate(boards):
            md.stamp += 1000  # one arrival time each, in this order
            name = md.add(make_mail(S.player_of(number)[2], S.move_subject(
                b, number, lines[idx][number - 1])))
            if b == boards[-1]:
                busy_names.append(name)
    holder = open(os.path.join(env.spool, "locks", "board-epaminondas-%d.lock"
                               % boards[-1]), "a")
    fcntl.flock(holder, fcntl.LOCK_EX)
    t0 = time.monotonic()
    rc, _, err = env.run("batch", "--maildir", md.path,
                         env={"EPAMSERV_BATCH_CHUNK": "2",
                              "EPAMSERV_LOCK_TIMEOUT": "1"})
    fcntl.flock(holder, fcntl.LOCK_UN)
    holder.close()
    is_((rc, md.waiting()), (75, sorted(busy_names)),
        "chunks of 2: the batch exits 75, leaving only the busy board's mails")
    ok(all(len(S.game_moves(env, b)) == 3 for b in boards[:-1]) and
       S.game_moves(env, boards[-1]) == [],
       "... every other move was played, in order",
       "%r\n%s" % ([S.game_moves(env, b) for b in boards], err[-800:]))
    ok(time.monotonic() - t0 < 20, "... and the busy mails were tried once "
       "each (lock_timeout 1 s)", "%.1f s" % (time.monotonic() - t0))

    # Two batches on the same Maildir at once (cron runs overlapping):
    # every move once, every mail filed, neither waits lock_timeout.
    shutil.rmtree(env.spool)
    shutil.copytree(base, env.spool, symlinks=True)
    md = S.Maildir(os.path.join(env.root, "md-twice"))
    for number in (1, 2, 3):
        for idx, b in enumerate(boards):
            md.stamp += 1000
            md.add(make_mail(S.player_of(number)[2],
                             S.move_subject(b, number, lines[idx][number - 1])))
    e = dict(env.env, EPAMSERV_LOCK_TIMEOUT="60")
    t0 = time.monotonic()
    twins = [subprocess.Popen([BIN, "batch", "--maildir", md.path], env=e,
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE) for _ in range(2)]
    outs = [t.communicate(timeout=120)[1].decode("utf-8", "replace")
            for t in twins]
    rcs = [t.returncode for t in twins]
    ok(rcs == [0, 0] and md.waiting() == [] and
       time.monotonic() - t0 < 30,
       "two batches on one Maildir at once file every mail, in %.1f s"
       % (time.monotonic() - t0), "exits %r\n%s" % (rcs, "\n".join(
           o[-600:] for o in outs)))
    moves = [S.game_moves(env, b) for b in boards]
    ok(all(len(m) == 3 for m in moves),
       "... and every move is on its board once", "%r" % moves)

    # A receive process wanting boards the batch keeps for its group:
    # each waits for the other at most one group, never lock_timeout.
    shutil.rmtree(env.spool)
    shutil.copytree(base, env.spool, symlinks=True)
    md = S.Maildir(os.path.join(env.root, "md-race"))
    for number in (1, 2, 3):
        for idx, b in enumerate(boards):
            md.add(make_mail(S.player_of(number)[2],
                             S.move_subject(b, number, lines[idx][number - 1])))
    e = dict(env.env, EPAMSERV_LOCK_TIMEOUT="60", EPAMSERV_BATCH_GROUP="1000")
    t0 = time.monotonic()
    p = subprocess.Popen([BIN, "batch", "--maildir", md.path], env=e,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    receivers = []
    for b in boards:
        receivers.append(subprocess.Popen(
            [BIN, "receive"], env=e, stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        # Not bob's turn: refused, but only after taking the board.
        receivers[-1].stdin.write(make_mail(
            S.BOB[2], "epaminondas move %d bob %s a1-a2#9" % (b, S.BOB[1])))
        receivers[-1].stdin.close()
    rcs = [r.wait(timeout=120) for r in receivers] + [p.wait(timeout=120)]
    took = time.monotonic() - t0
    is_(rcs, [0] * (len(boards) + 1),
        "a batch and receive processes on the same boards all exit 0")
    ok(took < 30, "nobody waited for lock_timeout (60 s)", "%.1f s" % took)
    ok(all(len(S.game_moves(env, b)) == 3 for b in boards),
       "every move of the batch is on its board")
finally:
    env.close()
print("# %.1f s" % (time.monotonic() - t_start))
done()
