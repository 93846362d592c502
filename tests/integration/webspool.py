# SPDX-License-Identifier: GPL-3.0-or-later
"""A spool for the tests and benchmarks of `epamserv web` (issue 35 item
5): many boards made from one real board file, every board and user
file dated back so that a web run records it (a file changed in the
last seconds is read again by every run, src/web/state.c), and the
records the runs leave in the spool.

    as_board(text, number, white, black) -> text as another board
    age(spool)                           -> dates the files an hour back
    states(spool)                        -> the paths in SPOOL/web/
"""
import os
import re
import time


def as_board(text, number, white, black):
    """The game file text as board number between white and black: its
    board, white and black lines and its "agreed:" lines (the first
    white's, the second black's) renamed, its reply tokens dropped
    (those are the board's own)."""
    m = re.search(r"^white: (\S+)$", text, flags=re.M)
    old_white = m.group(1) if m else None
    t = re.sub(r"^board: \d+$", "board: %d" % number, text, flags=re.M)
    t = re.sub(r"^white: \S+$", "white: " + white, t, flags=re.M)
    t = re.sub(r"^black: \S+$", "black: " + black, t, flags=re.M)
    t = "".join(l for l in t.splitlines(True) if not l.startswith("token:"))
    return re.sub(r"^agreed: (\S+) ", lambda m: "agreed: %s " % (
        white if m.group(1) == old_white else black), t, flags=re.M)


def age(spool):
    """Date every board and user file an hour back."""
    old = time.time() - 3600
    for sub in ("games/epaminondas", "users"):
        d = os.path.join(spool, sub)
        for f in os.listdir(d):
            p = os.path.join(d, f)
            if os.path.isfile(p):
                os.utime(p, (old, old))


def states(spool):
    """The files in SPOOL/web/ (what the web runs recorded), sorted."""
    d = os.path.join(spool, "web")
    return sorted(os.path.join(d, f) for f in os.listdir(d)) \
        if os.path.isdir(d) else []
