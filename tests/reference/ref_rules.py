# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent reference for the rules of epamserv, written from
RULES.md (sections 1-7) alone, for positions without history.

Plain Python, no cleverness: it is meant to be read next to RULES.md and
to disagree loudly with the C engine when one of them is wrong.

    legal_moves(position_text, options) -> sorted list of move strings
    status(position_text, options)      -> "white to move", "black to move",
                                           "white wins", "black wins", "draw"

`options` is either an Options object or a list of command-line style
options, e.g. ["-game=crossings", "-symmetry=rotate"]; see parse_options().
Repetition (section 5) needs a history and is ignored here, as the `moves`
tool ignores it.
"""

WHITE = "W"
BLACK = "B"
EMPTY = "."
BLOCK = "#"

# The 8 king directions as (file step, rank step).
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1),
              (0, 1), (1, -1), (1, 0), (1, 1)]


def other(colour):
    return BLACK if colour == WHITE else WHITE


def colour_name(colour):
    return "white" if colour == WHITE else "black"


# ---------------------------------------------------------------- options

class Options:
    """The game and options that change move generation and the status.

    game:     "epaminondas" or "crossings"
    rules:    "abbott" or "igfip"
    crossed:  "move", "stay" or "safe" (what a crossed piece may do)
    symmetry: "mirror", "rotate", "both" or "off"
    capture:  "line" (Epaminondas: the whole enemy line) or "one"
              (Crossings: only the piece landed on)
    """

    def __init__(self, game="epaminondas", rules="abbott", crossed=None,
                 symmetry="mirror"):
        self.game = game
        self.rules = rules
        self.symmetry = symmetry
        self.capture = "one" if game == "crossings" else "line"
        if crossed is None:
            # Section 6: Crossings' crossed pieces are safe, Igfip's stay,
            # Abbott's are ordinary pieces.
            if game == "crossings":
                crossed = "safe"
            elif rules == "igfip":
                crossed = "stay"
            else:
                crossed = "move"
        self.crossed = crossed

    def __repr__(self):
        return "Options(game=%s, rules=%s, crossed=%s, symmetry=%s)" % (
            self.game, self.rules, self.crossed, self.symmetry)


def parse_options(args):
    """Options from a list such as ["-game=crossings", "-frozen"].
    -size, -block and -repetition are accepted and ignored: the position
    carries its own size and blocks, and there is no history here."""
    game = "epaminondas"
    rules = "abbott"
    crossed = None
    symmetry = "mirror"
    for arg in args:
        a = arg.lstrip("-")
        if a == "frozen":
            crossed = "stay"
            continue
        key, _, value = a.partition("=")
        if key == "game":
            game = value
        elif key == "rules":
            rules = value
        elif key == "crossed":
            crossed = value
        elif key == "symmetry":
            symmetry = value
        elif key in ("size", "block", "repetition"):
            pass
        else:
            raise ValueError("unknown option %r" % arg)
    return Options(game, rules, crossed, symmetry)


def as_options(options):
    if options is None:
        return Options()
    if isinstance(options, Options):
        return options
    if isinstance(options, str):
        return parse_options(options.split())
    return parse_options(options)


# ------------------------------------------------------------ the position

class Position:
    """A board of width x height squares plus the side to move.
    Squares are (file, rank) with file 0..width-1 (a, b, ...) and rank
    0..height-1 (rank 1 is 0).  White's home row is rank 0."""

    def __init__(self, width, height, cells, to_move):
        self.width = width
        self.height = height
        self.cells = cells          # dict (file, rank) -> W, B, # or .
        self.to_move = to_move

    def copy(self):
        return Position(self.width, self.height, dict(self.cells), self.to_move)

    def on_board(self, sq):
        f, r = sq
        return 0 <= f < self.width and 0 <= r < self.height

    def at(self, sq):
        return self.cells[sq]

    def far_row(self, colour):
        """The rank (0-based) a piece of this colour crosses to."""
        return self.height - 1 if colour == WHITE else 0

    def is_crossed(self, sq):
        piece = self.cells[sq]
        return piece in (WHITE, BLACK) and sq[1] == self.far_row(piece)

    def crossed_count(self, colour):
        return sum(1 for sq, p in self.cells.items()
                   if p == colour and sq[1] == self.far_row(colour))

    def squares(self):
        for r in range(self.height):
            for f in range(self.width):
                yield (f, r)


def square_name(sq):
    return "%s%d" % (chr(ord("a") + sq[0]), sq[1] + 1)


def parse_position(text):
    """RULES.md section 7: '<W>x<H> <rank H>/.../<rank 1> <w|b>'."""
    parts = text.split()
    if len(parts) != 3:
        raise ValueError("a position has three fields: %r" % text)
    size, ranks_text, side = parts
    w_text, _, h_text = size.lower().partition("x")
    width, height = int(w_text), int(h_text)
    if not (4 <= width <= 26 and 5 <= height <= 26):
        raise ValueError("size out of range: %r" % size)
    ranks = ranks_text.split("/")
    if len(ranks) != height:
        raise ValueError("%d ranks for height %d" % (len(ranks), height))
    cells = {}
    for i, rank_text in enumerate(ranks):
        rank = height - 1 - i           # the first rank listed is rank H
        row = []
        j = 0
        while j < len(rank_text):
            ch = rank_text[j]
            if ch.isdigit():
                k = j
                while k < len(rank_text) and rank_text[k].isdigit():
                    k += 1
                row.extend([EMPTY] * int(rank_text[j:k]))
                j = k
                continue
            ch = ch.upper()
            if ch not in (WHITE, BLACK, BLOCK):
                raise ValueError("bad square %r in %r" % (ch, rank_text))
            row.append(ch)
            j += 1
        if len(row) != width:
            raise ValueError("rank %d has %d squares, not %d"
                             % (rank + 1, len(row), width))
        for f, piece in enumerate(row):
            cells[(f, rank)] = piece
    side = side.lower()
    if side not in ("w", "b"):
        raise ValueError("side to move must be w or b: %r" % side)
    return Position(width, height, cells, WHITE if side == "w" else BLACK)


def format_position(pos):
    """The canonical notation: empty runs merged, pieces upper case."""
    ranks = []
    for rank in range(pos.height - 1, -1, -1):
        out = ""
        run = 0
        for f in range(pos.width):
            piece = pos.cells[(f, rank)]
            if piece == EMPTY:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += piece
        if run:
            out += str(run)
        ranks.append(out)
    return "%dx%d %s %s" % (pos.width, pos.height, "/".join(ranks),
                           "w" if pos.to_move == WHITE else "b")


# ------------------------------------------------------------------- moves

class Move:
    def __init__(self, tail, dest, capture, group_from, group_to, removed):
        self.tail = tail
        self.dest = dest
        self.capture = capture
        self.group_from = group_from    # the group's squares before
        self.group_to = group_to        # the same pieces' squares after
        self.removed = removed          # enemy squares emptied by a capture

    def name(self):
        return "%s%s%s" % (square_name(self.tail), "x" if self.capture else "-",
                           square_name(self.dest))


def is_movable(pos, sq, colour, opts):
    """Section 2.1 and 6: an own piece, and not a crossed piece that
    may no longer move (-crossed=stay or safe)."""
    if pos.at(sq) != colour:
        return False
    if pos.is_crossed(sq) and opts.crossed in ("stay", "safe"):
        return False
    return True


def is_capturable(pos, sq, opts):
    """Section 6: only -crossed=safe protects a crossed piece."""
    return not (pos.is_crossed(sq) and opts.crossed == "safe")


def step(sq, d, k=1):
    return (sq[0] + d[0] * k, sq[1] + d[1] * k)


def pseudo_moves(pos, opts):
    """Every move of section 2 for the side to move, before the symmetry
    rule and the end-of-game rules."""
    me = pos.to_move
    enemy = other(me)
    moves = []
    for tail in pos.squares():
        if not is_movable(pos, tail, me, opts):
            continue
        for d in DIRECTIONS:
            group = [tail]
            nxt = step(tail, d)
            while pos.on_board(nxt) and is_movable(pos, nxt, me, opts):
                group.append(nxt)
                nxt = step(nxt, d)
            n = len(group)
            head = group[-1]
            for k in range(1, n + 1):
                # head+d ... head+(k-1)d must be empty (checked by the
                # previous iterations, which stop at anything else).
                dest = step(head, d, k)
                if not pos.on_board(dest):
                    break
                target = pos.at(dest)
                group_to = [step(sq, d, k) for sq in group]
                if target == EMPTY:
                    moves.append(Move(tail, dest, False, group, group_to, []))
                    continue
                if target == enemy:
                    line = []
                    sq = dest
                    while pos.on_board(sq) and pos.at(sq) == enemy:
                        line.append(sq)
                        sq = step(sq, d)
                    m = len(line)
                    removed = line if opts.capture == "line" else [dest]
                    if m < n and all(is_capturable(pos, s, opts) for s in removed):
                        moves.append(Move(tail, dest, True, group, group_to,
                                          removed))
                # an own piece, a block or an enemy piece: nothing beyond
                break
    return moves


def apply_move(pos, move):
    """The position after the move, with the other side to move."""
    after = pos.copy()
    me = pos.to_move
    for sq in move.removed:
        after.cells[sq] = EMPTY
    for sq in move.group_from:
        after.cells[sq] = EMPTY
    for sq in move.group_to:
        after.cells[sq] = me
    after.to_move = other(me)
    return after


def makes_crossing(pos, move):
    """Section 4: some moved piece stands on its far row after the move
    and did not before."""
    far = pos.far_row(pos.to_move)
    for before, after in zip(move.group_from, move.group_to):
        if after[1] == far and before[1] != far:
            return True
    return False


def swap_colour(piece):
    if piece == WHITE:
        return BLACK
    if piece == BLACK:
        return WHITE
    return piece


def mirror_symmetric(pos):
    """Rank r <-> rank H+1-r, files unchanged, colours swapped."""
    for (f, r), piece in pos.cells.items():
        if pos.cells[(f, pos.height - 1 - r)] != swap_colour(piece):
            return False
    return True


def rotate_symmetric(pos):
    """The 180-degree turn, colours swapped."""
    for (f, r), piece in pos.cells.items():
        if pos.cells[(pos.width - 1 - f, pos.height - 1 - r)] != swap_colour(piece):
            return False
    return True


def symmetry_forbids(pos, move, opts):
    if opts.symmetry == "off" or not makes_crossing(pos, move):
        return False
    after = apply_move(pos, move)
    if opts.symmetry == "mirror":
        return mirror_symmetric(after)
    if opts.symmetry == "rotate":
        return rotate_symmetric(after)
    if opts.symmetry == "both":
        return mirror_symmetric(after) or rotate_symmetric(after)
    raise ValueError("unknown symmetry %r" % opts.symmetry)


def playable_moves(pos, opts):
    """Section 2 plus the symmetry rule (section 4)."""
    return [m for m in pseudo_moves(pos, opts)
            if not symmetry_forbids(pos, m, opts)]


def has_movable_piece(pos, colour, opts):
    return any(is_movable(pos, sq, colour, opts) for sq in pos.squares())


# ------------------------------------------------- start-of-turn status

def analyse(pos, opts):
    """(status, moves): the status at the start of the turn (section 3, or
    the igfip must-answer rule) and the moves legal in it (none once the
    game has ended)."""
    me = pos.to_move
    opp = other(me)
    mine = pos.crossed_count(me)
    theirs = pos.crossed_count(opp)
    moves = playable_moves(pos, opts)
    if opts.rules == "igfip":
        if not has_movable_piece(pos, me, opts) and \
                not has_movable_piece(pos, opp, opts):
            return "draw", []
        if theirs > mine:
            answers = [m for m in moves if makes_crossing(pos, m)]
            if not answers:
                return "%s wins" % colour_name(opp), []
            return "%s to move" % colour_name(me), answers
        if not moves:
            return "%s wins" % colour_name(opp), []
        return "%s to move" % colour_name(me), moves
    # Abbott, section 3: the crossing count first, then the move check.
    if mine > theirs:
        return "%s wins" % colour_name(me), []
    if not moves:
        return "%s wins" % colour_name(opp), []
    return "%s to move" % colour_name(me), moves


def legal_moves(position_text, options=None):
    """The sorted canonical names of the legal moves."""
    pos = parse_position(position_text)
    _, moves = analyse(pos, as_options(options))
    return sorted(m.name() for m in moves)


def status(position_text, options=None):
    """'white to move', 'black to move', 'white wins', 'black wins' or
    'draw' at the start of the turn."""
    pos = parse_position(position_text)
    st, _ = analyse(pos, as_options(options))
    return st


def play(position_text, move_name, options=None):
    """The position after a legal move given by name (any case, '-', 'x'
    or ':'), in canonical notation; ValueError if it is not legal."""
    pos = parse_position(position_text)
    _, moves = analyse(pos, as_options(options))
    want = move_name.lower().replace(":", "-").replace("x", "-")
    for m in moves:
        if m.name().replace("x", "-") == want:
            return format_position(apply_move(pos, m))
    raise ValueError("%s is not legal in %s" % (move_name, position_text))


def move_info(position_text, options=None):
    """[(name, captures, crosses)] for every legal move: handy for a player
    that prefers moves that end the game quickly."""
    pos = parse_position(position_text)
    _, moves = analyse(pos, as_options(options))
    return [(m.name(), len(m.removed), makes_crossing(pos, m)) for m in moves]


def opening(width=14, height=12, blocks=()):
    """The starting position (section 1), blocks given as square names."""
    cells = {}
    for rank in range(height):
        for f in range(width):
            if rank <= 1:
                piece = WHITE
            elif rank >= height - 2:
                piece = BLACK
            elif square_name((f, rank)) in blocks:
                piece = BLOCK
            else:
                piece = EMPTY
            cells[(f, rank)] = piece
    return format_position(Position(width, height, cells, WHITE))


if __name__ == "__main__":
    import sys
    if len(sys.argv) < 2:
        sys.exit("usage: ref_rules.py POSITION [options]")
    for name in legal_moves(sys.argv[1], sys.argv[2:]):
        print(name)
    print("status: " + status(sys.argv[1], sys.argv[2:]))
