#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every variant played by mail to its end: two players sign up, one
challenges with the variant's options, the other accepts, and the game is
played move by move through `epamserv receive` and a real SMTP server.  The moves come
from the independent reference (tests/reference/ref_rules.py), which also
predicts every position the game file must hold.  At the end: both
players got a "Game over" board mail with the result, the game file is no
longer active, the options line shows the variant, and a late move is
refused.  Board mails sent while a crossing is pending must say what the
player to move has to do."""
import os
import random
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
from harness import Env, ok, is_, contains, done, by_recipient, body_of  # noqa: E402
import ref_rules  # noqa: E402

MAX_MOVES = 400
ALICE = ("alice", "Pass-a", "alice@example.org")   # White
BOB = ("bob", "Pass-b", "bob@example.net")          # Black

# (label, game, challenge options, what the mail's Options line must show,
#  how the moves are chosen, random seed, check the crossing texts)
# Policies: "greedy" both sides cross, capture, advance; "race W"/"race B"
# that side does so while the other side makes quiet moves, so that the
# game ends within a few moves; "repeat" shuffles one piece each to end
# the game by repetition.  The seeds give short games.
VARIANTS = [
    ("epaminondas 14x12", "epaminondas", [], ["standard rules"],
     "greedy", 3, True),
    ("epaminondas -size=8x8", "epaminondas", ["-size=8x8"], ["-size=8x8"],
     "greedy", 0, False),
    ("crossings", "crossings", [], ["standard rules"],
     "race B", 0, True),
    ("epaminondas -rules=igfip", "epaminondas", ["-rules=igfip"],
     ["-rules=igfip"], "greedy", 3, True),
    ("epaminondas -size=6x7 -block=c4,d4", "epaminondas",
     ["-size=6x7", "-block=c4,d4"], ["-size=6x7", "-block=c4,d4"],
     "greedy", 3, False),
    ("epaminondas -size=5x6 -symmetry=off -repetition=draw", "epaminondas",
     ["-size=5x6", "-symmetry=off", "-repetition=draw"],
     ["-size=5x6", "-symmetry=off", "-repetition=draw"], "repeat", 0, False),
    ("crossings -rules=igfip", "crossings", ["-rules=igfip"],
     ["-rules=igfip"], "greedy", 12, True),
]

SHUFFLE = ["a2-a3", "a5-a4", "a3-a2", "a4-a5"] * 2


def forward(name, white):
    tail, dest = name.replace("x", "-").split("-")
    gain = int(dest[1:]) - int(tail[1:])
    return gain if white else -gain


def pick(rng, position, options, policy, number):
    """The move to play: crossings, then captures, then progress."""
    if policy == "repeat":
        return SHUFFLE[(number - 1) % len(SHUFFLE)]
    info = ref_rules.move_info(position, options)
    white = position.endswith(" w")
    me = "W" if white else "B"
    if policy == "greedy" or policy == "race " + me:
        return max(info, key=lambda m: (m[2], m[1], forward(m[0], white),
                                        rng.random()))[0]
    quiet = [m for m in info if not m[1] and not m[2]] or info
    return min(quiet, key=lambda m: (forward(m[0], white) != 1,
                                     rng.random()))[0]


def game_field(text, key):
    for line in (text or "").splitlines():
        if line.startswith(key + ": "):
            return line[len(key) + 2:]
    return None


def must_line(text):
    lines = [l for l in text.splitlines() if "must" in l]
    return lines[0] if lines else None


def intruders(position):
    """Squares of the crossed pieces of the side not to move."""
    pos = ref_rules.parse_position(position)
    opp = ref_rules.other(pos.to_move)
    return [ref_rules.square_name(sq) for sq in pos.squares()
            if pos.at(sq) == opp and sq[1] == pos.far_row(opp)]


def play(env, signer, label, game, options, shows, policy, seed,
         check_crossing):
    """One variant's game, alice White; signer (ALICE or BOB) signs the
    challenge and the other accepts: a player gets at most 5 challenges
    a day signed by any one player (issue 29), so the variants take
    turns."""
    ref_options = ["-game=" + game] + options
    other = BOB if signer is ALICE else ALICE
    env.new_messages()
    rc, err = env.mail(signer[2], "%s challenge alice bob %s by %s %s"
                       % (game, " ".join(options), signer[0], signer[1]))
    msgs = env.new_messages()
    board = None
    for m in msgs:
        found = re.search(r"Board (\d+)", m["Subject"] or "")
        if found:
            board = int(found.group(1))
    if not ok(rc == 0 and board is not None, "%s: the challenge starts a board"
              % label, "exit %d, stderr %s, subjects %r"
              % (rc, err, [m["Subject"] for m in msgs])):
        return
    rc, err = env.mail(other[2], "%s accept %d %s %s" % (game, board, other[0],
                                                        other[1]))
    msgs += env.new_messages()
    ok(rc == 0 and game_field(env.game_file(board, game), "result") == "active",
       "%s: %s accepts the challenge and the game is on" % (label, other[0]),
       "exit %d, stderr %s" % (rc, err))
    text = body_of(msgs[0])
    # The options line (wrapped at 72 columns: up to the blank line)
    # names only what differs from the game's standard rules, in words
    # and with its switch.
    options_line = text.split("Options:", 1)[-1].split("\n\n", 1)[0] \
        if "Options:" in text else ""
    options_line = " ".join(options_line.split())
    ok(all(s in options_line for s in shows),
       "%s: the board mail's options line shows %s" % (label, " ".join(shows)),
       "got: %r" % options_line)
    position = game_field(env.game_file(board, game), "position")
    blocks = []
    for o in options:
        if o.startswith("-block="):
            blocks = o.split("=", 1)[1].split(",")
    width, height = position.split()[0].split("x") if position else (0, 0)
    start = ref_rules.opening(int(width), int(height), blocks) if position else None
    is_(position, start, "%s: the game file starts from the opening" % label)

    rng = random.Random(seed)
    seen = Counter([position])
    problems = []
    crossing_texts = []
    final_mails = []
    number = 0
    result = None
    while number < MAX_MOVES:
        status = ref_rules.status(position, ref_options)
        if not status.endswith(" to move"):
            result = status
            break
        number += 1
        move = pick(rng, position, ref_options, policy, number)
        player = ALICE if position.endswith(" w") else BOB
        rc, err = env.mail(player[2], "%s move %d %s %s %s#%d" % (
            game, board, player[0], player[1], move, number))
        msgs = by_recipient(env.new_messages())
        gf = env.game_file(board, game)
        got = game_field(gf, "position")
        want = ref_rules.play(position, move, ref_options)
        if rc != 0 or got != want or sorted(msgs) != [ALICE[2], BOB[2]]:
            problems.append("move %d %s by %s from %s: exit %d (%s), game file "
                            "%s, reference %s, mails to %s"
                            % (number, move, player[0], position, rc,
                               err.strip(), got, want, sorted(msgs)))
            break
        position = got
        seen[position] += 1
        if seen[position] >= 3 and "-repetition=draw" in options:
            result = "draw"
            final_mails = [msgs[a][0] for a in (ALICE[2], BOB[2])]
            break
        if ref_rules.status(position, ref_options).endswith(" to move"):
            pos = ref_rules.parse_position(position)
            me = pos.to_move
            if pos.crossed_count(ref_rules.other(me)) > pos.crossed_count(me):
                for who in (ALICE[2], BOB[2]):
                    crossing_texts.append((number, move, position, who,
                                           body_of(msgs[who][0])))
        else:
            final_mails = [msgs[a][0] for a in (ALICE[2], BOB[2])]

    ok(not problems, "%s: all %d moves sent by mail are played as the "
       "reference plays them" % (label, number), "\n".join(problems))
    if not ok(result is not None, "%s: the game ends within %d moves"
              % (label, MAX_MOVES), "last position %s" % position):
        return
    gf = env.game_file(board, game)
    game_result = game_field(gf, "result") or ""
    ok(game_result.startswith(result), "%s: the game file's result is %r"
       % (label, result), "result line: %r" % game_result)
    texts = [body_of(m) for m in final_mails]
    # In words, naming the winner (issue 14): alice plays White.
    words = {"white wins": ALICE[0] + " wins", "black wins": BOB[0] + " wins",
             "draw": "a draw"}[result]
    ok(len(texts) == 2 and all("Game over: " + words in t for t in texts),
       "%s: both players' last board mail says \"Game over: %s\""
       % (label, result),
       "\n----\n".join(texts) if texts else "no final board mails")

    if policy != "repeat":
        crossed = crossing_texts
        if check_crossing:
            ok(crossed, "%s: the game had a pending crossing" % label)
        bad = []
        for number_, move_, pos_, who, text in crossed:
            line = must_line(text)
            squares = intruders(pos_)
            abbott = game == "epaminondas" and "-rules=igfip" not in options
            # Abbott: capture an intruder (named) or cross; Crossings'
            # intruders are safe and Igfip wants a crossing: cross only
            good = line is not None and "cross" in line and (
                all(s in line for s in squares) if abbott
                else "capture" not in line)
            if not good:
                bad.append("after move %d %s (%s), to %s: %r\n%s"
                           % (number_, move_, pos_, who, line, text))
        if crossed:
            print("# for example, after move %d: %s"
                  % (crossed[0][0], must_line(crossed[0][4])))
            ok(not bad, "%s: each of %d board mails sent while a crossing is "
               "pending says what the player to move must do%s"
               % (label, len(crossed), " (capture the intruder or cross)"
                  if game == "epaminondas" and "-rules=igfip" not in options
                  else " (cross, not capture)"),
               bad[0] if bad else None)

    # a move after the end
    player = ALICE if position.endswith(" w") else BOB
    before = env.game_file(board, game)
    rc, err = env.mail(player[2], "%s move %d %s %s a1-a2"
                       % (game, board, player[0], player[1]))
    msgs = env.new_messages()
    is_(rc, 0, "%s: a move after the end is dealt with (exit 0)" % label)
    reply = body_of(msgs[0]) if len(msgs) == 1 else ""
    ok(len(msgs) == 1 and msgs[0].envelope_to == [player[2]]
       and "is over" in reply and "not carried out" in reply,
       "%s: a move after the end is refused: the game is over" % label,
       "\n----\n".join(body_of(m) for m in msgs))
    is_(env.game_file(board, game), before,
        "%s: the refused move leaves the game file alone" % label)


env = Env()
try:
    for user, password, address in (ALICE, BOB):
        env.signup(address, user, password)
        ok(True, "signup %s" % user)
    for k, variant in enumerate(VARIANTS):
        play(env, (ALICE, BOB)[k % 2], *variant)
finally:
    env.close()
done()
