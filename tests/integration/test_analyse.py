#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 16 item 4: `epaminondas analyse BOARD[#N] USERID PASSWORD
[MOVE...]`.  A finished game is analysed for one of its players and for
a player who is not on it, at the end and after #N plies, with preview
moves after the password; the answer (score, ply-numbered best line)
goes to the sender alone.  Refused: a game still running, for its
players and for everyone else; a position that is, or is one move from,
one of the sender's running boards (reached by another game); a wrong
password, a nonsense board, #N past the end, moves that are not legal;
more analyses a day than analyse_per_day."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, refused
from harness import body_of as raw_body_of

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"
D = "dave@example.org"
DAY = 1796083200  # 2026-12-01 00:00 UTC


def body_of(msg):
    return " ".join(raw_body_of(msg).split()) if msg else ""


def analyse(env, sender, subject, now=DAY, extra=None):
    """Send an analyse command that must be answered: exactly one mail,
    to the sender.  Returns its text, blanks squeezed."""
    e = {"EPAMSERV_NOW": str(now)}
    e.update(extra or {})
    rc, err = env.receive(make_mail(sender, subject), env=e)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [sender],
       "%s: one answer, to the sender alone" % subject,
       "rc %d, %s, %s" % (rc, [m.envelope_to for m in msgs], err))
    return (body_of(msgs[0]), str(msgs[0]["Subject"])) if msgs else ("", "")


def line_of(text):
    """The best line as (ply, move) pairs."""
    m = re.search(r"Best line: ((?:\d+\. [a-z]\d+[-x][a-z]\d+ ?)+)", text)
    return re.findall(r"(\d+)\. ([a-z]\d+[-x][a-z]\d+)", m.group(1)) if m else []


from harness import make_mail  # noqa: E402

env = Env()
try:
    # Fast, deterministic analyses: a node bound and no time bound.
    env.env["EPAMSERV_ANALYSE_NODES"] = "20000"
    env.env["EPAMSERV_ANALYSE_MS"] = "0"
    env.env["EPAMSERV_NOW"] = str(DAY)
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(C, "carol", "pw3")
    env.signup(D, "dave", "pw4")

    def play(board, moves, white=("alice", "Secret1", A), black=("bob", "pw2", B)):
        for i, mv in enumerate(moves):
            u, pw, addr = white if i % 2 == 0 else black
            bang = "!" if mv.endswith("!") else ""
            rc, err = env.mail(addr, "epaminondas move %d %s %s %s#%d%s" %
                               (board, u, pw, mv.rstrip("!"), i + 1, bang))
            if rc != 0:
                raise AssertionError("%s: %s" % (mv, err))
        env.new_messages()

    # Board 101: a short 14x12 game alice resigns; 102: alice and bob go
    # on; 103: an 8x8 game bob loses by a third repetition (RULES.md 5).
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 101 bob pw2")
    SEQ = ["d1-d4", "a11-b10", "d3-d6", "d11-e10"]
    play(101, SEQ)
    env.mail(A, "epaminondas resign 101 alice Secret1")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 102 bob pw2")
    play(102, ["e2-e3"])
    env.mail(A, "epaminondas challenge alice bob -size=8x8 by alice Secret1")
    env.mail(B, "epaminondas accept 103 bob pw2")
    REP = ["a2-a3", "a7-a6", "a3-a2", "a6-a7"] * 2
    REP[-1] += "!"  # it loses at once: confirmed
    play(103, REP)
    contains(env.game_file(103), "result: white wins (black repeated", "103 ended by repetition")
    env.new_messages()

    # A player of the finished board, at its end (alice resigned there:
    # a move was to be made).
    text, subject = analyse(env, A, "epaminondas analyse 101 alice Secret1")
    contains(text, "Analysis of board 101 after move 4 (of 4); alice (White) "
             "to move.", "the final position, its mover named")
    ok(re.search(r"Score: (?:[+-]\d+\.\d\d pieces: \w+ \((?:White|Black)\) is "
                 r"better|[+-]\d+\.\d\d pieces: about even|0\.00 pieces: even|\w+ \((?:White|Black)\) wins in "
                 r"\d+ pl(?:y|ies))", text), "a score in pieces or a win", text)
    line = line_of(text)
    ok(line and line[0][0] == "5" and
       [int(p) for p, _ in line] == list(range(5, 5 + len(line))),
       "the best line in canonical moves numbered by ply from 5", text)
    contains(subject, "Epaminondas analysis of board 101 after move 4",
             "the subject says what it is")
    ok("[#" not in subject, "no reply token: nothing to act on")
    first = text

    # The same question gives the same answer (a node bound, seed 0).
    text, _ = analyse(env, A, "epaminondas analyse 101 alice Secret1")
    is_(line_of(text), line_of(first), "the same analysis twice")

    # A player who is not on the board, after #N.
    text, _ = analyse(env, C, "epaminondas analyse 101#2 carol pw3")
    contains(text, "Analysis of board 101 after move 2 (of 4); alice (White) "
             "to move.", "#2: the position after two plies")
    contains(text, "In the game, alice (White) played d3-d6 here.",
             "the move the game went on with")
    ok(line_of(text) and line_of(text)[0][0] == "3", "the line from ply 3")

    # #0 is the start; preview moves after the password.
    text, _ = analyse(env, D, "epaminondas analyse 101#0 dave pw4 e2-e3 e11-e10")
    contains(text, "Analysis of board 101 before the first move (of 4), then "
             "your moves e2-e3 e11-e10; alice (White) to move.",
             "preview moves from #0")
    ok(line_of(text) and line_of(text)[0][0] == "3", "numbered after them")

    # A game the rules ended: the position before its last move, with
    # the game's history (a6-a7 there is the third repetition: it loses).
    text, _ = analyse(env, B, "epaminondas analyse 103 bob pw2")
    contains(text, "The game ended with move 8", "it says the game ended there")
    contains(text, "this is the position before it, where bob (Black) played "
             "a6-a7", "and analyses the one before, naming the move")
    line = line_of(text)
    ok(line and line[0][0] == "8" and line[0][1] != "a6-a7",
       "the engine knows a6-a7 repeats the position a third time", text)

    # Running games: refused to their players and to everyone else.
    refused(env, A, "epaminondas analyse 102 alice Secret1",
            "you play on it", "a player's running game")
    refused(env, C, "epaminondas analyse 102 carol pw3",
            "board 102 is still being played", "someone else's running game")

    # A position one move from a running board of the sender's, reached
    # on another (finished) board: refused to that player only.  Board
    # 102 stands after e2-e3; 101#0 + e2-e3 is that position, and 101#0
    # is one move from it.
    refused(env, A, "epaminondas analyse 101#0 alice Secret1 e2-e3",
            "the position of epaminondas board 102", "a transposition to "
            "the sender's running board")
    refused(env, B, "epaminondas analyse 101#0 bob pw2 e2-e3 e11-e10",
            "which you are playing", "one move from it (bob to move there)")
    # Two moves past it, by way of it (her game replayed from #0, then a
    # reply and a candidate): the path passes through her live position
    # (found by t16-review: only the end position was checked).
    refused(env, A, "epaminondas analyse 101#0 alice Secret1 e2-e3 e11-e10 "
            "d2-d3", "one your moves pass through", "two moves past the "
            "sender's running board, by way of it")
    text, _ = analyse(env, D, "epaminondas analyse 101#0 dave pw4 e2-e3 "
                      "e11-e10 d2-d3")
    contains(text, "then your moves e2-e3 e11-e10 d2-d3", "the same for "
             "someone not on board 102: fine")
    # The same position with the files mirrored (j2-j3 for e2-e3).
    refused(env, A, "epaminondas analyse 101#0 alice Secret1 j2-j3",
            "board 102", "the files' mirror image of it")
    text, _ = analyse(env, D, "epaminondas analyze 101#4 dave pw4")
    contains(text, "Analysis of board 101 after move 4", "analyze, spelt so")
    text, _ = analyse(env, D, "epaminondas analyse 101#0 dave pw4 e2-e3")
    contains(text, "then your moves e2-e3", "dave does not play 102: fine")

    # A finished board played with -observers=off: its players only.
    env.mail(A, "epaminondas challenge alice bob -observers=off by alice Secret1")
    env.mail(B, "epaminondas accept 104 bob pw2")
    play(104, ["d1-d4"])
    env.mail(B, "epaminondas resign 104 bob pw2")
    env.new_messages()
    refused(env, C, "epaminondas analyse 104 carol pw3",
            "only its players may", "-observers=off, not a player")
    text, _ = analyse(env, B, "epaminondas analyse 104 bob pw2")
    contains(text, "Analysis of board 104 after move 1 (of 1); bob (Black) "
             "to move.", "-observers=off: its player may")

    # Bad words.
    refused(env, A, "epaminondas analyse 101 alice wrong", "password",
            "a wrong password")
    refused(env, A, "epaminondas analyse banana alice Secret1",
            "'banana' is not a board number", "a nonsense board")
    refused(env, A, "epaminondas analyse 999 alice Secret1",
            "there is no epaminondas board 999", "a board that is not there")
    refused(env, A, "epaminondas analyse 101#9 alice Secret1",
            "board 101 has only 4 moves, not 9", "#N past the end")
    refused(env, A, "epaminondas analyse 101#2 alice Secret1 a1-a6",
            "is not legal here", "a preview move that is not legal")
    refused(env, A, "epaminondas analyse 101", "analyse takes a board",
            "no userid")
    refused(env, A, "epaminondas analyse 103 alice Secret1 a2-a4",
            "is not legal here", "a move after the game's end")

    # The day's budget: one analysis a day, another the next day.
    e1 = {"EPAMSERV_ANALYSE_PER_DAY": "1"}
    rc, err = env.receive(make_mail(C, "epaminondas analyse 103 carol pw3"),
                          env=dict(e1, EPAMSERV_NOW=str(DAY + 3600)))
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and "as many analyses today as a player may" in
       body_of(msgs[0]), "over analyse_per_day: refused (carol had 2)",
       body_of(msgs[0]) if msgs else err)
    text, _ = analyse(env, C, "epaminondas analyse 103 carol pw3",
                      now=DAY + 2 * 86400, extra=e1)
    contains(text, "Analysis of board 103", "the next day it works again")
    rc, err = env.receive(make_mail(C, "epaminondas analyse 103 carol pw3"),
                          env={"EPAMSERV_NOW": str(DAY + 2 * 86400 + 60),
                               "EPAMSERV_ANALYSE_PER_DAY": "0"})
    msgs = env.new_messages()
    ok(len(msgs) == 1 and "does not analyse games" in body_of(msgs[0]),
       "analyse_per_day = 0: analysis is off")

    # batch: an analysis between two moves of a group commit; each mail
    # is carried out and answered.
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, (who, subj) in enumerate([
            (B, "epaminondas move 102 bob pw2 e11-e10#2"),
            (D, "epaminondas analyse 101#3 dave pw4"),
            (A, "epaminondas move 102 alice Secret1 e3-e4#3")]):
        with open(os.path.join(md, "new", "%d.m%d.host" % (1000 + i, i)),
                  "wb") as f:
            f.write(make_mail(who, subj, msgid="<batch.%d@test.example>" % i))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "batch: exit 0")
    is_(re.findall(r"^move: \d+ (\S+)", env.game_file(102), re.M),
        ["e2-e3", "e11-e10", "e3-e4"], "batch: both moves played")
    msgs = env.new_messages()
    got = [m for m in msgs if m.envelope_to == [D]]
    ok(len(got) == 1 and "Analysis of board 101 after move 3" in
       body_of(got[0]), "batch: the analysis went to dave alone",
       [(m.envelope_to, str(m["Subject"])) for m in msgs])
    is_(len(os.listdir(os.path.join(md, "new"))), 0, "batch: every mail "
        "was filed")

    # help analyse
    env.mail(A, "help analyse")
    msgs = env.new_messages()
    ok(msgs and "analyse BOARD[#N] USERID PASSWORD [MOVE...]" in
       body_of(msgs[0]), "help analyse gives its usage",
       body_of(msgs[0]) if msgs else "")
finally:
    env.close()
done()
