# SPDX-License-Identifier: GPL-3.0-or-later
"""A long game played by mail, for the tests and benchmarks of the web
site's board page (issue 35 item 5): the moves come from the reference
rules (tests/reference/ref_rules.py), chosen by a seeded generator among
the moves that neither capture nor cross, with a capture now and then,
so the game runs as long as asked and is the same every time.

    moves(n, width=14, height=12, seed=35) -> n legal move names
    play(env, white, black, board, n, pw)  -> plays them in one batch
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import ref_rules  # noqa: E402
import harness  # noqa: E402


def moves(n, width=14, height=12, seed=35):
    """n moves from the opening of width x height that leave the game
    running (no crossing, captures one in eight plies when there is
    one)."""
    rng = random.Random(seed)
    pos = ref_rules.opening(width, height)
    out = []
    for ply in range(n):
        info = ref_rules.move_info(pos)
        quiet = sorted(m for m, caps, cross in info if not caps and not cross)
        taking = sorted(m for m, caps, cross in info if caps and not cross)
        pool = taking if taking and ply % 8 == 7 else quiet or taking
        if not pool:
            raise ValueError("no move left at ply %d" % ply)
        mv = rng.choice(pool)
        pos = ref_rules.play(pos, mv)
        if "to move" not in ref_rules.status(pos):
            raise ValueError("the game ended at ply %d" % (ply + 1))
        out.append(mv)
    return out


def play(env, white, black, board, n, pw, game="epaminondas"):
    """Plays n moves() on board (white's and black's passwords in the
    dict pw) in one `batch --maildir` run; raises when it fails."""
    mails = []
    for i, mv in enumerate(moves(n)):
        who = white if i % 2 == 0 else black
        mails.append(("%s@example.org" % who, "%s move %d %s %s %s" %
                      (game, board, who, pw[who], mv)))
    rc, err = harness.maildir_batch(env, mails)
    if rc != 0:
        raise AssertionError("batch: exit %d: %s" % (rc, err))
