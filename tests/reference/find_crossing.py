#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Find a 14x12 game where White crosses at ply 9 and Black, at ply 10,
has several legal moves of which only some answer the crossing, and the
first Black move in sorted order (what the board mail suggested before
issue 14) is a12-a11.  White marches one pair up file F; Black vacates
a11 (so that a12-a11 is legal and first) and F11, then waits.
Legal moves and statuses come from `epamserv moves POSITION`; the
position after a move from tests/reference/ref_rules.py (play).
Prints each candidate that works; tests/integration/
test_crossing_position.py plays the d-file one.  From the build dir:
  EPAMSERV_BIN=src/epamserv EPAMSERV_SRCDIR=.. \
      /usr/bin/python3 ../tests/reference/find_crossing.py
(about two minutes: some 3,000 runs of epamserv moves)."""
import os
import subprocess
import sys
SRC = os.environ["EPAMSERV_SRCDIR"]
sys.path.insert(0, os.path.join(SRC, "tests", "reference"))
import ref_rules

BIN = os.environ["EPAMSERV_BIN"]

def moves(pos):
    out = subprocess.run([BIN, "moves", pos], stdout=subprocess.PIPE,
                         check=True).stdout.decode().splitlines()
    return sorted(l for l in out if not l.startswith("status:")), \
        [l for l in out if l.startswith("status:")][0]

def attempt(f, vacate_a11, nxt):
    white = ["%s1-%s4" % (f, f), "%s3-%s6" % (f, f), "%s5-%s8" % (f, f),
             "%s7-%s10" % (f, f), "%s9x%s12" % (f, f)]
    black = [vacate_a11, "%s11-%s10" % (f, nxt), "n11-n10", "n10-n9"]
    seq = [m for pair in zip(white, black + [None]) for m in pair if m]
    pos = ref_rules.opening()
    for mv in seq:
        if mv not in moves(pos)[0]:
            return None
        pos = ref_rules.play(pos, mv)
    legal, st = moves(pos)
    saving = [m for m in legal
              if "white wins" not in moves(ref_rules.play(pos, m))[1]]
    return seq, pos, legal, saving

for f in "bcdefghijklm":
    for vac in ("a11-b10", "a11-a10"):
        for nxt in (chr(ord(f) - 1), chr(ord(f) + 1)):
            r = attempt(f, vac, nxt)
            if not r:
                continue
            seq, pos, legal, saving = r
            print("%s: %d legal, %d save, first %s %s" % (
                " ".join(seq), len(legal), len(saving), legal[0],
                "saves" if legal[0] in saving else "loses"))
            print("    %s\n    saving: %s" % (pos, " ".join(saving)))
