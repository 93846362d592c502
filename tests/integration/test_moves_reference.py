#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`epamserv moves` against an independent Python reference of RULES.md
(tests/reference/ref_rules.py) on random positions, under every variant
and option combination: the legal moves and the start-of-turn status.

The positions come from a fixed seed, so a failure is reproducible; one
TAP line per variant, naming the first position where the two disagree.
EPAMSERV_REF_POSITIONS (positions per variant) and EPAMSERV_REF_SEED
change the sample for a longer hunt by hand."""
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
from harness import BIN, ok, done  # noqa: E402
import ref_rules  # noqa: E402
from ref_rules import WHITE, BLACK, EMPTY, BLOCK, Position  # noqa: E402

PER_VARIANT = int(os.environ.get("EPAMSERV_REF_POSITIONS", "12"))
SEED = int(os.environ.get("EPAMSERV_REF_SEED", "20261130"))

# (name, options); "SIZE" is replaced by the position's own size.
VARIANTS = [
    ("epaminondas (default options)", []),
    ("epaminondas -size=WxH", ["-size=SIZE"]),
    ("crossings", ["-game=crossings"]),
    ("epaminondas -crossed=stay", ["-crossed=stay"]),
    ("epaminondas -crossed=safe", ["-crossed=safe"]),
    ("epaminondas -frozen", ["-frozen"]),
    ("epaminondas -rules=igfip", ["-rules=igfip"]),
    ("epaminondas -rules=igfip -crossed=safe", ["-rules=igfip", "-crossed=safe"]),
    ("epaminondas -symmetry=rotate", ["-symmetry=rotate"]),
    ("epaminondas -symmetry=both", ["-symmetry=both"]),
    ("epaminondas -symmetry=off", ["-symmetry=off"]),
    ("crossings -crossed=move", ["-game=crossings", "-crossed=move"]),
    ("crossings -crossed=stay -symmetry=rotate",
     ["-game=crossings", "-crossed=stay", "-symmetry=rotate"]),
    ("crossings -rules=igfip -crossed=safe",
     ["-game=crossings", "-rules=igfip", "-crossed=safe"]),
    ("epaminondas -rules=igfip -frozen -symmetry=both -size=WxH",
     ["-rules=igfip", "-frozen", "-symmetry=both", "-size=SIZE"]),
]


# ------------------------------------------------------------ positions

def random_size(rng):
    kind = rng.random()
    if kind < 0.35:
        w, h = rng.randint(4, 8), rng.randint(5, 8)
    elif kind < 0.75:
        w, h = rng.randint(6, 14), rng.randint(6, 14)
    elif kind < 0.9:
        w, h = rng.choice([(14, 12), (8, 8), (4, 5), (26, 26), (5, 26), (26, 5)])
    else:
        w, h = rng.randint(4, 26), rng.randint(5, 26)
    return w, h


def empty_board(w, h):
    return {(f, r): EMPTY for f in range(w) for r in range(h)}


def scatter(rng, w, h, density, blocks, far_rows):
    """Random pieces, phalanxes and blocks."""
    cells = empty_board(w, h)
    for sq in cells:
        if rng.random() < density:
            cells[sq] = rng.choice([WHITE, BLACK])
    # a few phalanxes, so that groups of several pieces and captures of
    # lines occur often
    for _ in range(rng.randint(0, 4)):
        colour = rng.choice([WHITE, BLACK])
        d = rng.choice(ref_rules.DIRECTIONS)
        sq = (rng.randrange(w), rng.randrange(h))
        for _ in range(rng.randint(2, 5)):
            if sq not in cells:
                break
            cells[sq] = colour
            sq = (sq[0] + d[0], sq[1] + d[1])
    for _ in range(blocks):
        cells[(rng.randrange(w), rng.randint(1, h - 2))] = BLOCK
    if far_rows:
        for _ in range(rng.randint(1, 3)):
            colour = rng.choice([WHITE, BLACK])
            far = h - 1 if colour == WHITE else 0
            cells[(rng.randrange(w), far)] = colour
    return cells


def random_position(rng):
    w, h = random_size(rng)
    density = rng.choice([0.05, 0.1, 0.2, 0.35, 0.5])
    blocks = rng.choice([0, 0, 0, 1, 3, w])
    cells = scatter(rng, w, h, density, blocks, rng.random() < 0.4)
    return Position(w, h, cells, rng.choice([WHITE, BLACK]))


def behind_in_crossings(rng):
    """The side to move has fewer crossed pieces than the opponent: it
    must equalise (Abbott) or must cross (igfip)."""
    w, h = random_size(rng)
    cells = scatter(rng, w, h, rng.choice([0.05, 0.15, 0.3]),
                    rng.choice([0, 2]), False)
    me = rng.choice([WHITE, BLACK])
    opp = ref_rules.other(me)
    opp_far = h - 1 if opp == WHITE else 0
    my_far = h - 1 if me == WHITE else 0
    for f in range(w):
        if cells[(f, opp_far)] == opp:
            cells[(f, opp_far)] = EMPTY
        if cells[(f, my_far)] == me:
            cells[(f, my_far)] = EMPTY
    for f in rng.sample(range(w), rng.randint(1, 2)):
        cells[(f, opp_far)] = opp
    # some of my pieces one step from my far row, so that a crossing is
    # often possible, sometimes blocked by enemy pieces
    near = h - 2 if me == WHITE else 1
    for f in rng.sample(range(w), rng.randint(0, 3)):
        cells[(f, near)] = me
    return Position(w, h, cells, me)


def played(rng, options):
    """A position reached by random play from an opening, with captures
    preferred, so that middle games with broken phalanxes occur."""
    w, h = rng.choice([(14, 12), (8, 8), (6, 7), (5, 6), (10, 9), (7, 12)])
    blocks = rng.choice([[], [], ["c4"], ["b%d" % (h // 2), "e%d" % (h // 2 + 1)]])
    position = ref_rules.opening(w, h, blocks)
    for _ in range(rng.randint(4, 40)):
        info = ref_rules.move_info(position, options)
        if not info:
            break
        captures = [m for m in info if m[1]]
        choice = rng.choice(captures if captures and rng.random() < 0.7 else info)
        position = ref_rules.play(position, choice[0], options)
    return ref_rules.parse_position(position)


def sparse_end(rng):
    """Few pieces, mostly on far rows or boxed in by blocks: the end of
    the game (no movable piece, no legal move, no pieces, a crossing
    lead), the positions where the status rules differ most."""
    w, h = random_size(rng)
    cells = empty_board(w, h)
    for colour in (WHITE, BLACK):
        far = h - 1 if colour == WHITE else 0
        for f in rng.sample(range(w), rng.randint(0, min(w, 3))):
            cells[(f, far)] = colour
    for _ in range(rng.randint(0, 2)):
        # a piece boxed in by blocks: movable, but without a legal move
        f, r = rng.randrange(1, w - 1), rng.randrange(2, h - 2)
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                cells[(f + df, r + dr)] = BLOCK
        cells[(f, r)] = rng.choice([WHITE, BLACK])
    if rng.random() < 0.3:
        # a free piece one step from its far row
        colour = rng.choice([WHITE, BLACK])
        cells[(rng.randrange(w), h - 2 if colour == WHITE else 1)] = colour
    return Position(w, h, cells, rng.choice([WHITE, BLACK]))


def near_symmetric(rng, kind):
    """A position where the side to move can cross into a board that is
    symmetric under `kind` (mirror or rotate), so that the symmetry rule
    decides whether that crossing is legal."""
    w, h = random_size(rng)
    cells = empty_board(w, h)

    def image(sq):
        f, r = sq
        return (f if kind == "mirror" else w - 1 - f, h - 1 - r)

    def upper(sq):
        return 2 * sq[1] > h - 1

    # a symmetric board S
    density = rng.choice([0.05, 0.1, 0.25])
    for sq in sorted(cells):
        im = image(sq)
        if im < sq:
            continue  # set together with its image
        roll = rng.random()
        if roll < 0.03:
            piece = BLOCK
        elif roll < 0.03 + density and im != sq:
            piece = rng.choice([WHITE, BLACK])
        else:
            piece = EMPTY
        cells[sq] = piece
        cells[im] = ref_rules.swap_colour(piece)
    # a white group of n pieces that reaches S's far row by moving k steps
    # along d: after the move it fills `after`, before it filled `before`
    for _ in range(20):
        f = rng.randrange(w)
        d = rng.choice([(0, 1), (1, 1), (-1, 1)])
        n = rng.randint(1, 3)
        k = rng.randint(1, n)
        after = [(f - d[0] * i, h - 1 - d[1] * i) for i in range(n)]
        before = [(a[0] - d[0] * k, a[1] - d[1] * k) for a in after]
        if all(sq in cells and upper(sq) for sq in after + before):
            break
    else:
        after, before = [], []
    for sq in after:
        cells[sq] = WHITE
        cells[image(sq)] = BLACK
    for sq in before:
        if sq not in after:
            cells[sq] = EMPTY
            cells[image(sq)] = EMPTY
    # now undo the move: S is the board after it
    for sq in after:
        cells[sq] = EMPTY
    for sq in before:
        cells[sq] = WHITE
    pos = Position(w, h, cells, WHITE)
    if rng.random() < 0.5:
        # the same from Black's side: turn the board over, swap colours
        flipped = {(f, h - 1 - r): ref_rules.swap_colour(p)
                   for (f, r), p in cells.items()}
        pos = Position(w, h, flipped, BLACK)
    return pos


def positions_for(rng, n, options):
    out = []
    sym = "rotate" if any("rotate" in o for o in options) else "mirror"
    for i in range(n):
        kind = i % 6
        if kind == 2:
            pos = sparse_end(rng)
        elif kind == 3:
            pos = played(rng, options)
        elif kind == 0:
            pos = near_symmetric(rng, sym if rng.random() < 0.7 else
                                 ("mirror" if sym == "rotate" else "rotate"))
        elif kind == 1:
            pos = behind_in_crossings(rng)
        else:
            pos = random_position(rng)
        out.append(ref_rules.format_position(pos))
    return out


# Hand-picked positions, checked under every variant as well.
FIXED = [
    # RULES.md section 3: the crossing count is checked first
    "8x8 8/8/8/8/8/8/WW6/BW6 b",
    # RULES.md section 4: d7-d8 makes a mirror-symmetric board
    "8x8 8/3W4/8/8/8/8/8/3B4 w",
    # a8-b8 gives a symmetric board but is no crossing: a8 was crossed
    "8x8 W7/8/8/8/8/8/8/1B6 w",
    # a line ending in a crossed piece: safe protects it from a line
    # capture, Crossings' single capture takes only a2
    "8x8 7W/8/8/W7/W7/W7/B7/B7 w",
    # a crossed own piece ends the group and stops it (stay, safe)
    "8x8 W7/W7/W7/8/8/8/8/7B w",
    # every piece crossed: a draw under igfip when none may move
    "8x8 W7/8/8/8/8/8/8/B7 w",
    "8x8 WW6/8/8/8/8/8/8/B7 b",
    # boxed in by blocks: movable pieces without a legal move
    "4x5 2#B/2##/##2/W#2/##2 w",
    "4x5 2#W/2##/##2/B#2/##2 b",
    # no pieces at all for the side to move
    "5x5 5/2B2/5/5/5 w",
    # behind in crossings, the only crossing makes a symmetric board
    "6x6 1#1#2/2W3/6/6/6/1#B#2 w",
    # a capture that is a crossing, lines stopped by blocks and edges
    "6x6 1BB3/1W1#2/1W4/1W4/6/6 w",
    "7x6 7/BBB#WWW/7/7/WWWWWWW/7 w",
    "26x5 26/BBBBBBBBBBBBBBBBBBBBBBBBBB/26/WWWWWWWWWWWWWWWWWWWWWWWWWW/26 w",
    "4x26 4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/B3/B3/W3/W3 w",
]


# --------------------------------------------------------------- running

def engine(position, options):
    try:
        p = subprocess.run([BIN, "moves", position] + options,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "cannot run %s: %s" % (BIN, e)
    out = p.stdout.decode("utf-8", "replace").splitlines()
    err = p.stderr.decode("utf-8", "replace").strip()
    if p.returncode != 0 or not out or not out[-1].startswith("status: "):
        return None, "exit %d: %s" % (p.returncode, err or "\n".join(out))
    st = out[-1][len("status: "):]
    if "(" in st:
        st = st[:st.index("(")].strip()
    return sorted(out[:-1]), st


def reference(position, options):
    try:
        return (ref_rules.legal_moves(position, options),
                ref_rules.status(position, options))
    except Exception as e:  # a bug in the reference: show it, do not crash
        return None, "reference error: %r" % (e,)


def concrete(options, position):
    size = position.split()[0]
    return [o.replace("SIZE", size) for o in options]


def check_one(job):
    position, options = job
    got = engine(position, options)
    want = reference(position, options)
    return position, options, got, want


def describe(position, options, got, want):
    lines = ["position: epamserv moves '%s' %s" % (position, " ".join(options)),
             "engine:    status %r, %s" % (got[1], "%d moves" % len(got[0])
                                          if got[0] is not None else "no moves"),
             "reference: status %r, %s" % (want[1], "%d moves" % len(want[0])
                                          if want[0] is not None else "no moves")]
    if got[0] is not None and want[0] is not None:
        only_engine = sorted(set(got[0]) - set(want[0]))
        only_ref = sorted(set(want[0]) - set(got[0]))
        if only_engine:
            lines.append("only the engine allows:    " + " ".join(only_engine))
        if only_ref:
            lines.append("only the reference allows: " + " ".join(only_ref))
        if not only_engine and not only_ref and got[0] != want[0]:
            lines.append("same moves, listed differently (duplicates?)")
    return "\n".join(lines)


def main():
    rng = random.Random(SEED)
    jobs = []
    for vi, (name, options) in enumerate(VARIANTS):
        # The two examples of RULES.md under every variant, each other
        # hand-picked position under a third of them: every process costs
        # a lot under AddressSanitizer.
        fixed = FIXED[:2] + [p for i, p in enumerate(FIXED[2:])
                             if (i + vi) % 3 == 0]
        for position in fixed + positions_for(rng, PER_VARIANT,
                                              concrete(options, "0x0")):
            jobs.append((name, (position, concrete(options, position))))
    workers = int(os.environ.get("EPAMSERV_REF_JOBS", "3"))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(check_one, [j for _, j in jobs]))
    by_variant = {}
    for (name, _), result in zip(jobs, results):
        by_variant.setdefault(name, []).append(result)
    for name, _ in VARIANTS:
        results = by_variant.get(name, [])
        bad = [r for r in results if r[2] != r[3]]
        detail = None
        if bad:
            detail = "%d of %d positions disagree; the first:\n%s" % (
                len(bad), len(results), describe(*bad[0]))
        ok(not bad, "%s: engine and reference agree on %d positions"
           % (name, len(results)), detail)
    done()


main()
