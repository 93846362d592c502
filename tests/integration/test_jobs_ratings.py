#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Batch workers (batch_jobs = 2, src/cli/batch_jobs.h) and the ratings
table: two of alice's games end in one batch, on two boards, so two
workers rate them, in whichever order they take the table's lock
("ratings").  Afterwards the table must agree with a replay of the
games' records in their order (`epamserv admin check` finds nothing,
exit 0), both games must be rated, and their records must have the
sequence numbers 1 and 2.

Both games are 8x8 games played to the crossing of
browser.CROSSING (Black's e4xb1 leaves an intruder on White's home
row); alice is White in both and ends each with a move that leaves the
intruder, so Black wins: both last mails are moves (keyed mails, one
worker each)."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import ref_rules  # noqa: E402
from browser import CROSSING  # noqa: E402
from harness import Env, ok, is_, done, make_mail  # noqa: E402

OPTS = ["-size=8x8"]
ALICE = ("alice@example.org", "alice a")
OTHERS = {101: ("bob@example.org", "bob b"),
          102: ("carol@example.org", "carol c")}


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except FileNotFoundError:
        return None


def position(env, board):
    for line in (env.game_file(board) or "").splitlines():
        if line.startswith("position: "):
            return line[len("position: "):]
    return None


def losing_move(pos):
    """A legal move of White's that neither captures nor crosses: the
    intruder on b1 stays, and Black wins."""
    quiet = sorted(m for m, caps, cross in ref_rules.move_info(pos, OPTS)
                   if not caps and not cross)
    return quiet[0] if quiet else None


env = Env()
try:
    env.players("alice", "bob", "carol")
    for board, (addr, cred) in sorted(OTHERS.items()):
        env.mail(ALICE[0], "epaminondas challenge alice %s -size=8x8 by "
                 "alice a" % cred.split()[0])
        env.mail(addr, "epaminondas accept %d %s" % (board, cred))
        for i, mv in enumerate(CROSSING):
            who, c = ALICE if i % 2 == 0 else (addr, cred)
            rc, err = env.mail(who, "epaminondas move %d %s %s" %
                               (board, c, mv))
            if rc != 0:
                raise AssertionError("%d %s: %s" % (board, mv, err))
    env.new_messages()
    ends = {b: losing_move(position(env, b)) for b in OTHERS}
    ok(all(ends.values()), "alice has a move that leaves the intruder on "
       "both boards", ends)

    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, board in enumerate(sorted(OTHERS)):
        with open(os.path.join(md, "new", "%05d.m%d.host" % (i, i)),
                  "wb") as f:
            f.write(make_mail(ALICE[0], "epaminondas move %d %s %s" %
                              (board, ALICE[1], ends[board])))
    start = len(read(env.log) or "")
    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_BATCH_JOBS": "2"})
    ok(rc == 0, "the batch takes both mails", err)
    # the processes that took a mail in (their in: lines)
    pids = set(re.findall(r"epamserv\[(\d+)\]: \w+: in:",
                          (read(env.log) or "")[start:]))
    games = os.path.join(env.spool, "games", "epaminondas")
    results = [read(os.path.join(games, "%d.result" % b)) or ""
               for b in sorted(OTHERS)]
    ok(all(r for r in results), "both games ended", results)
    seqs = sorted(m.group(1) for r in results
                  for m in [re.search(r"(?m)^seq: (\d+)$", r)] if m)
    is_(seqs, ["1", "2"], "their records have the sequence numbers 1, 2")
    table = read(os.path.join(env.spool, "ratings", "current")) or ""
    ok("rated: 2\n" in table, "the ratings table rates both games",
       table)
    rc, out, err = env.run("admin", "check")
    ok(rc == 0, "admin check finds the table in agreement with a replay "
       "of the records", out + err)
    is_(len(pids), 2, "two worker processes took the two mails")
finally:
    env.close()
done()
