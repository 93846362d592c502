#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Moves stored for later: queue (played right after the opponent's next
move if legal then, else dropped, and the board mail says which) and
submit + confirm (the board the move would make goes to the sender
alone; confirm plays it; a submit is dropped when the board changes).
Both live in the game file's pending: lines; every refusal says why and
how to write it, and changes nothing on disk."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, refused, body_of

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"


def private(env, sender, subject, name, msgid=None):
    """A command answered to the sender alone; returns the body."""
    rc, err = env.mail(sender, subject, msgid=msgid)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [sender],
       "%s: one reply, to the sender only" % name,
       "rc %d, replies to %r, %s" % (rc, [m.envelope_to for m in msgs], err))
    private.last = msgs[0] if msgs else None
    return (body_of(msgs[0]) if msgs else ""), (msgs[0]["Subject"] if msgs else "")


def to_both(env, sender, subject, name):
    rc, err = env.mail(sender, subject)
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, B], "%s: the board mail goes to both players" % name)
    return body_of(msgs[A][0]) if A in msgs else ""


def pending_lines(env, board=101):
    return [l for l in (env.game_file(board) or "").splitlines()
            if l.startswith("pending: ")]


def moves(env, board=101):
    return [l.split()[2] for l in (env.game_file(board) or "").splitlines()
            if l.startswith("move: ")]


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(C, "carol", "pw3")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.new_messages()
    refused(env, B, "epaminondas queue 101 bob pw2 e11-e10",
            "has not started", "a queue before the accept")
    env.mail(B, "epaminondas accept 101 bob pw2")
    env.new_messages()

    # -- queue: played right after the opponent's move ---------------------
    text, subject = private(env, B, "epaminondas queue 101 bob pw2 E11-E10",
                            "a queue", msgid="<queue1@test.example>")
    contains(text, "Your move e11-e10 is queued on board 101: it will be "
             "played right after alice's next move", "the reply says what was queued")
    is_(subject, "Epaminondas Board 101 (alice v bob)",
        "the queue reply has the game's subject (issue 30)")
    ok(harness.token_of(private.last),
       "the queue reply carries the player's reply token (issue 14)",
       private.last and private.last["Message-ID"])
    is_([l.split()[1:4] + l.split()[5:] for l in pending_lines(env)],
        [["queue", "bob", "e11-e10", "queue1@test.example"]],
        "the queued move is in the game file with its Message-ID")
    text = to_both(env, A, "epaminondas move 101 alice Secret1 e2-e3", "alice's move")
    contains(text, "alice played e2-e3. bob's queued move e11-e10 was played.",
             "the board mail says the queued move was played")
    is_(moves(env), ["e2-e3", "e11-e10"], "both moves are in the file")
    contains(env.game_file(), "move: 2 e11-e10 ", "the queued move is move 2")
    contains(env.game_file(), " queue1@test.example\n", "made by the queue mail")
    is_(pending_lines(env), [], "nothing is pending after it is played")

    # -- a queued move no longer legal is dropped --------------------------
    private(env, B, "epaminondas queue 101 bob pw2 e11-e10", "a queue of a move "
            "that will not be legal")
    private(env, B, "epaminondas queue 101 bob pw2 a1-a2", "a second queue")
    is_(len(pending_lines(env)), 1, "a new queue replaces the old one")
    text = to_both(env, A, "epaminondas move 101 alice Secret1 e3-e4", "alice's next move")
    contains(text, "bob's queued move a1-a2 was dropped: it is not legal now",
             "the board mail says the queued move was dropped")
    is_(moves(env), ["e2-e3", "e11-e10", "e3-e4"], "the dropped move was not played")
    is_(pending_lines(env), [], "the dropped move is gone from the file")

    # -- queue refusals ----------------------------------------------------
    refused(env, B, "epaminondas queue 101 bob pw2 f11-f10",
            "it is your turn on board 101", "a queue on your own turn")
    refused(env, A, "epaminondas queue 101 alice Secret1 zz",
            "'zz' is not a move", "a queue of something not a move")
    refused(env, A, "epaminondas queue 101 alice Secret1 off",
            "no queued move on board 101 to drop", "queue off with nothing queued")
    refused(env, A, "epaminondas queue 101 alice wrong e4-e5",
            "wrong password for 'alice'", "a queue with a wrong password")
    refused(env, C, "epaminondas queue 101 carol pw3 e4-e5",
            "not a player on board 101", "a queue by a non-player")
    refused(env, A, "epaminondas queue 999 alice Secret1 e4-e5",
            "there is no epaminondas board 999", "a queue on a missing board")
    refused(env, A, "epaminondas queue 101 alice Secret1",
            "queue takes a board number, your userid, your password and the move",
            "a queue without a move")
    private(env, A, "epaminondas queue 101 alice Secret1 e4-e5", "a queue to drop")
    text, _ = private(env, A, "epaminondas queue 101 alice Secret1 off", "queue off")
    contains(text, "Your queued move e4-e5 on board 101 is dropped", "queue off drops it")
    is_(pending_lines(env), [], "queue off leaves nothing pending")

    # -- submit and confirm ------------------------------------------------
    text, subject = private(env, B, "epaminondas submit 101 bob pw2 f11-f10#4",
                            "a submit")
    contains(text, "Your move f11-f10 on board 101 is submitted, not played",
             "the reply says the move is not played")
    contains(text, "epaminondas confirm 101 bob PASSWORD", "it says how to confirm")
    contains(text, "f11-f10", "the board it would make is shown")
    is_(subject, "Epaminondas Board 101 (alice v bob)",
        "the submit reply has the game's subject (issue 30)")
    is_(moves(env), ["e2-e3", "e11-e10", "e3-e4"], "a submit plays nothing")
    is_([l.split()[1:4] for l in pending_lines(env)], [["submit", "bob", "f11-f10"]],
        "the submitted move is in the game file")
    refused(env, A, "epaminondas confirm 101 alice Secret1",
            "you have no submitted move on board 101", "a confirm with nothing submitted")
    refused(env, A, "epaminondas submit 101 alice Secret1 e4-e5",
            "it is not your turn on board 101", "a submit out of turn")
    refused(env, B, "epaminondas submit 101 bob pw2 f11-f5",
            "is not a legal move on board 101", "a submit of an illegal move")
    refused(env, B, "epaminondas submit 101 bob pw2 f11-f10#9",
            "the move being made on board 101 is #4", "a submit with a stale #N")
    refused(env, B, "epaminondas confirm 101 bob pw2 now",
            "confirm takes a board number, your userid, your password and nothing more",
            "a confirm with a word too many")
    text = to_both(env, B, "epaminondas confirm 101 bob pw2", "the confirm")
    contains(text, "bob confirmed and played f11-f10.", "the board mail says it was played")
    is_(moves(env)[-1], "f11-f10", "confirm plays the submitted move")
    is_(pending_lines(env), [], "nothing is pending after the confirm")

    # -- a submit is dropped when the board changes ------------------------
    private(env, A, "epaminondas submit 101 alice Secret1 g2-g3", "a submit to be dropped")
    to_both(env, A, "epaminondas move 101 alice Secret1 h2-h3", "a move instead")
    is_(pending_lines(env), [], "a move drops the submit")
    to_both(env, B, "epaminondas move 101 bob pw2 h11-h10", "bob's move")
    refused(env, A, "epaminondas confirm 101 alice Secret1",
            "you have no submitted move on board 101", "a confirm after the board changed")

    # -- a third repetition is pointed out ---------------------------------
    env.mail(A, "epaminondas challenge alice bob -size=8x8 -repetition=off by alice Secret1")
    env.mail(B, "epaminondas accept 102 bob pw2")
    for who, m in ((A, "alice Secret1 a2-a3"), (B, "bob pw2 a7-a6"),
                   (A, "alice Secret1 a3-a2"), (B, "bob pw2 a6-a7"),
                   (A, "alice Secret1 a2-a3"), (B, "bob pw2 a7-a6"),
                   (A, "alice Secret1 a3-a2")):
        env.mail(who, "epaminondas move 102 " + m)
    env.new_messages()
    text, _ = private(env, B, "epaminondas submit 102 bob pw2 a6-a7", "a repeating submit")
    contains(text, "Warning: this move makes the same position for the third time",
             "a submit warns of a third repetition")

    # -- a queued move that the game's end makes moot ----------------------
    private(env, A, "epaminondas queue 102 alice Secret1 b2-b3", "a queue before a resign")
    text = to_both(env, B, "epaminondas resign 102 bob pw2", "a resign")
    is_(pending_lines(env, 102), [], "the end of the game drops pending moves")
    contains(env.game_file(102), "epamserv-game 6\n", "game files are version 6")
finally:
    env.close()
done()
