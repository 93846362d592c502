#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Conditional moves (issue 15 item 5, ICCF linear conditionals):
conditional BOARD USERID PASSWORD THEIRS MINE [THEIRS MINE ...] stores a
line, several lines are alternatives, list mails them to the owner and
off drops them.  After the opponent's move a line beginning with it has
its answer played at once (one answer per opponent's move), the others
are dropped; a line that no longer fits is dropped and its owner told.
The opponent and the observers never see the lines: their mails and
show never hold a move of a line not yet played.  The game file keeps
the lines and loads back (admin check)."""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import (Env, ok, is_, contains, done, by_recipient, refused,
                     body_of, make_mail)

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"


def private(env, sender, subject, name):
    """A command answered to the sender alone; returns the body."""
    rc, err = env.mail(sender, subject)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [sender],
       "%s: one reply, to the sender only" % name,
       "rc %d, replies to %r, %s" % (rc, [m.envelope_to for m in msgs], err))
    return body_of(msgs[0]) if msgs else ""


def board_mails(env, sender, subject, name, rcpts=(A, B, C)):
    """A move: the board mail to the players and the observer; returns
    {address: text of the plain part and the HTML part}."""
    rc, err = env.mail(sender, subject)
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), sorted(rcpts), "%s: the board mail goes to %s" %
        (name, ", ".join(rcpts)))
    out = {}
    for r, ms in msgs.items():
        parts = []
        for m in ms:
            for p in m.walk():
                if p.get_content_maintype() == "text":
                    parts.append(p.get_content())
        out[r] = "\n".join(parts)
    return out


def cond_lines(env, board=101):
    return [l[len("conditional: "):] for l in (env.game_file(board) or "").splitlines()
            if l.startswith("conditional: ")]


def moves(env, board=101):
    return [l.split()[2] for l in (env.game_file(board) or "").splitlines()
            if l.startswith("move: ")]


def never(texts, secrets, name):
    """None of the texts holds any of the moves in secrets."""
    bad = [(who, s) for who, t in texts for s in secrets if s in t]
    ok(not bad, name, "found: %r" % bad)


def admin_check(env, name):
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "%s: admin check exits 0" % name)
    contains(out, "all is well", "%s: admin check loads every board" % name)


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(C, "carol", "pw3")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.new_messages()
    refused(env, B, "epaminondas conditional 101 bob pw2 a2-a3 a11-a10",
            "has not started", "a line before the game starts")
    env.mail(B, "epaminondas accept 101 bob pw2")
    env.mail(C, "epaminondas subscribe 101 carol pw3")
    env.new_messages()

    # -- storing lines -------------------------------------------------
    text = private(env, B, "epaminondas conditional 101 bob pw2 A2-A3 a11-a10 "
                   "b2 b3 b11-b10", "a line of two answers")
    contains(text, "Your conditional line on board 101 is stored as line 1",
             "the reply says it is stored")
    contains(text, "if alice plays a2-a3, a11-a10 is played for you at once",
             "the reply says what it does")
    is_(cond_lines(env), ["bob a2-a3 a11-a10 b2-b3 b11-b10"],
        "the line is in the game file, in the usual notation")
    text = private(env, B, "epaminondas conditional 101 bob pw2 c2-c3 c11-c10",
                   "an alternative line")
    contains(text, "stored as line 2", "the alternative is line 2")
    contains(text, "1. a2-a3 a11-a10 b2-b3 b11-b10", "the reply lists line 1")
    contains(text, "2. c2-c3 c11-c10", "and line 2")
    refused(env, B, "epaminondas conditional 101 bob pw2 a2-a3 d11-d10",
            "answers a move of alice differently from your line 1",
            "a line that answers a2-a3 otherwise")
    refused(env, B, "epaminondas conditional 101 bob pw2 a2-a3 a11-a10",
            "your line 1 holds it already", "a line within line 1")
    refused(env, B, "epaminondas conditional 101 bob pw2 d2-d3 d2-d3",
            "move 2 of the line, d2-d3, would not be legal then",
            "a line with an illegal step")
    refused(env, B, "epaminondas conditional 101 bob pw2 d2-d3 d11-d10 d3-d4",
            "a line is pairs of moves", "a line that ends with their move")
    refused(env, B, "epaminondas conditional 101 bob pw2 d2-d3! d11-d10",
            "a ! marks only your own moves", "a ! on the other player's move")
    refused(env, B, "epaminondas conditional 101 bob pw2 d2-d3 d11-d10#2",
            "is not a move", "a #N in a line")
    refused(env, B, "epaminondas conditional 101 bob wrong d2-d3 d11-d10",
            "password", "a wrong password")
    refused(env, C, "epaminondas conditional 101 carol pw3 d2-d3 d11-d10",
            "carol", "an observer is not a player")
    is_(len(cond_lines(env)), 2, "the refusals stored nothing")
    text = private(env, B, "epaminondas conditional 101 bob pw2 list", "list")
    contains(text, "Your conditional lines on board 101", "list says whose")
    contains(text, "1. a2-a3 a11-a10 b2-b3 b11-b10", "list gives line 1")
    contains(text, "2. c2-c3 c11-c10", "list gives line 2")
    text = private(env, A, "epaminondas conditional 101 alice Secret1 list",
                   "alice's list")
    contains(text, "You have no conditional lines on board 101",
             "alice has none")
    never([("alice's list", text)], ["a11-a10", "b11-b10", "c11-c10"],
          "alice's list never shows bob's lines")
    admin_check(env, "with two lines stored")

    # -- first answer; the alternative that did not foresee a2-a3 goes ---
    secret = ["b11-b10", "c11-c10", "conditional line"]
    mails = board_mails(env, A, "epaminondas move 101 alice Secret1 a2-a3",
                        "alice's a2-a3")
    for r in (A, B, C):
        contains(mails.get(r), "alice played a2-a3. bob's conditional move "
                 "a11-a10 was played in answer to a2-a3.",
                 "everyone's mail says the answer was played (%s)" % r)
    never([(A, mails.get(A, "")), (C, mails.get(C, ""))], secret,
          "alice's and carol's mails hold no move of bob's lines not played")
    contains(mails.get(B), "1 of your lines did not foresee a2-a3 and was dropped",
             "bob hears his alternative was dropped")
    contains(mails.get(B), "You have 1 conditional line left on board 101: "
             "1. b2-b3 b11-b10", "bob's mail lists what is left of his line")
    is_(moves(env), ["a2-a3", "a11-a10"], "both moves are in the file")
    is_(cond_lines(env), ["bob b2-b3 b11-b10"], "the line moved on by two moves")
    admin_check(env, "after the first answer")
    for who, addr, subject in (("alice", A, "epaminondas show 101"),
                               ("carol", C, "epaminondas show 101"),
                               ("alice", A, "epaminondas showas alice Secret1 101")):
        rc, err = env.mail(addr, subject)
        msgs = env.new_messages()
        texts = [(who, "\n".join(p.get_content() for p in m.walk()
                               if p.get_content_maintype() == "text")) for m in msgs]
        ok(msgs, "%s: %s answers" % (who, subject.split()[1]))
        never(texts, secret, "%s by %s holds no move of bob's line" %
              (subject.split()[1], who))

    # -- second answer in a row, over alice's next move ----------------
    mails = board_mails(env, A, "epaminondas move 101 alice Secret1 b2-b3",
                        "alice's b2-b3")
    contains(mails.get(A), "bob's conditional move b11-b10 was played in "
             "answer to b2-b3", "the second answer is played")
    contains(mails.get(B), "That was the end of your conditional lines on board 101",
             "bob hears his line is used up")
    is_(moves(env), ["a2-a3", "a11-a10", "b2-b3", "b11-b10"],
        "two answers in a row, over two moves of alice")
    is_(cond_lines(env), [], "the line is consumed")

    # -- a deviation drops the lines -----------------------------------
    private(env, B, "epaminondas conditional 101 bob pw2 d2-d3 d11-d10 d3-d4 d10-d9",
            "a line for the deviation")
    mails = board_mails(env, A, "epaminondas move 101 alice Secret1 e2-e3",
                        "alice deviates")
    contains(mails.get(A), "bob's conditional lines were dropped: alice played "
             "a move they did not foresee.", "alice's mail says bob's lines went")
    contains(mails.get(B), "None of your conditional lines on board 101 began "
             "with e2-e3", "bob hears why")
    never([(A, mails.get(A, "")), (C, mails.get(C, ""))], ["d11-d10", "d10-d9"],
          "the dropped line's moves are never shown to alice or carol")
    is_(cond_lines(env), [], "the lines are dropped")
    is_(moves(env)[-1], "e2-e3", "no answer was played: bob is to move")

    # -- a line stored by the player to move waits for their move ------
    updated = [l for l in env.game_file().splitlines() if l.startswith("updated: ")]
    # (three days later: the updated: line would show it)
    rc, err = env.receive(make_mail(B, "epaminondas conditional 101 bob pw2 "
                                    "f2-f3 h11-h10"),
                          env={"EPAMSERV_NOW": str(int(time.time()) + 3 * 86400)})
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [B],
       "a line while bob is to move: one reply, to bob", err)
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "It is your turn: the line is checked against the position "
             "right after your move", "the reply says it waits")
    is_([l for l in env.game_file().splitlines() if l.startswith("updated: ")],
        updated, "a line stored is no change of the board: the idle days of "
        "the player to move count on (updated: stays)")
    private(env, B, "epaminondas conditional 101 bob pw2 g2-g3 g11-g10",
            "a second waiting line")
    mails = board_mails(env, B, "epaminondas move 101 bob pw2 h11-h10",
                        "bob's own move")
    contains(mails.get(B), "Your conditional line f2-f3 h11-h10 was dropped: "
             "move 2 of the line, h11-h10, would not be legal then",
             "a step that became illegal: the line is dropped, bob told")
    never([(A, mails.get(A, "")), (C, mails.get(C, ""))],
          ["conditional", "g11-g10", "f2-f3 h11-h10"],
          "alice and carol hear nothing of it")
    is_(cond_lines(env), ["bob g2-g3 g11-g10"], "the line that fits stays")
    admin_check(env, "with a line checked after its owner's move")

    # -- the answer has precedence over a queued move ------------------
    private(env, B, "epaminondas queue 101 bob pw2 i11-i10", "bob queues a move")
    mails = board_mails(env, A, "epaminondas move 101 alice Secret1 g2-g3",
                        "alice's g2-g3")
    contains(mails.get(A), "bob's conditional move g11-g10 was played in answer "
             "to g2-g3. bob's queued move was dropped: a conditional answer "
             "was played instead.", "the answer is played, the queue dropped")
    is_(moves(env)[-2:], ["g2-g3", "g11-g10"], "the answer, not the queued move")
    # ... and the queue is the fallback when no line applies
    private(env, B, "epaminondas conditional 101 bob pw2 j2-j3 j11-j10", "a line")
    private(env, B, "epaminondas queue 101 bob pw2 i11-i10", "and a queue")
    mails = board_mails(env, A, "epaminondas move 101 alice Secret1 k2-k3",
                        "alice's k2-k3")
    contains(mails.get(A), "bob's conditional lines were dropped", "the line goes")
    contains(mails.get(A), "bob's queued move i11-i10 was played", "the queue plays")
    is_(moves(env)[-2:], ["k2-k3", "i11-i10"], "the queued move is played")

    # -- off -----------------------------------------------------------
    private(env, B, "epaminondas conditional 101 bob pw2 l2-l3 l11-l10", "a line")
    private(env, B, "epaminondas conditional 101 bob pw2 m2-m3 m11-m10", "another")
    text = private(env, B, "epaminondas conditional 101 bob pw2 off", "off")
    contains(text, "Your 2 conditional lines on board 101 are dropped", "off says so")
    is_(cond_lines(env), [], "off clears them from the file")
    refused(env, B, "epaminondas conditional 101 bob pw2 off",
            "no conditional lines on board 101 to drop", "off with none")

    # -- by reply token: "conditional ..." on the first line -----------
    env.mail(B, "epaminondas conditional 101 bob pw2 list")
    msgs = env.new_messages()
    ok(msgs and harness.token_of(msgs[0]), "the list reply carries bob's "
       "token", msgs and msgs[0]["Message-ID"])
    listed = msgs[0] if msgs else None
    rc, err = harness.reply(env, B, listed, "conditional n2-n3 n11-n10\n") \
        if listed else (1, "")
    msgs = env.new_messages()
    ok(len(msgs) == 1 and msgs[0].envelope_to == [B], "a line by reply: one "
       "answer, to bob", [m.envelope_to for m in msgs])
    contains(body_of(msgs[0]) if msgs else "", "is stored as line 1",
             "a line stored by reply token")
    is_(cond_lines(env), ["bob n2-n3 n11-n10"], "the line by token is in the file")
    rc, err = harness.reply(env, B, listed, "conditional off\n") \
        if listed else (1, "")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "Your 1 conditional line on board "
             "101 is dropped", "off by reply token")

    # -- a move that loses at once: refused unless marked "!" ----------
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 102 bob pw2")
    env.new_messages()
    shuffle = "a2-a3 a11-a10 a3-a2 a10-a11 a2-a3 a11-a10 a3-a2 a10-a11"
    refused(env, B, "epaminondas conditional 102 bob pw2 " + shuffle,
            "your move a10-a11 (move 8 of the line) would lose the game at once",
            "a line whose own move repeats a position a third time")
    text = private(env, B, "epaminondas conditional 102 bob pw2 " + shuffle + "!",
                   "the same line with the losing move marked !")
    is_(cond_lines(env, 102), ["bob " + shuffle + "!"], "the mark is in the file")
    admin_check(env, "with a marked line")
    for m in ("a2-a3", "a3-a2", "a2-a3"):
        env.mail(A, "epaminondas move 102 alice Secret1 " + m)
    env.new_messages()
    mails = board_mails(env, A, "epaminondas move 102 alice Secret1 a3-a2",
                        "alice's last a3-a2", rcpts=(A, B))
    contains(mails.get(A), "bob's conditional move a10-a11 was played in answer "
             "to a3-a2", "the marked answer is played")
    contains(mails.get(A), "The game is over", "and loses the game")
    is_(len(moves(env, 102)), 8, "eight moves, four answers")
    is_(cond_lines(env, 102), [], "no line is left in a finished game")
    refused(env, B, "epaminondas conditional 102 bob pw2 list", "board 102 is over",
            "a finished game")

    # -- both players' lines: an answer answers the other's line -------
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 103 bob pw2")
    env.new_messages()
    text = private(env, A, "epaminondas conditional 103 alice Secret1 a11-a10 b2-b3",
                   "alice's line while she is to move")
    private(env, B, "epaminondas conditional 103 bob pw2 a2-a3 a11-a10 b2-b3 b11-b10",
            "bob's line")
    mails = board_mails(env, A, "epaminondas move 103 alice Secret1 a2-a3",
                        "alice's a2-a3", rcpts=(A, B))
    is_(moves(env, 103), ["a2-a3", "a11-a10", "b2-b3", "b11-b10"],
        "each answer answers the other player's line, one answer a move")
    contains(mails.get(A), "bob's conditional move a11-a10 was played in answer "
             "to a2-a3. alice's conditional move b2-b3 was played in answer to "
             "a11-a10. bob's conditional move b11-b10 was played in answer to "
             "b2-b3.", "the board mail tells each answer")
    is_(cond_lines(env, 103), [], "both lines are used up")

    # -- the loader checks the lines -----------------------------------
    admin_check(env, "at the end")
    path = os.path.join(env.spool, "games", "epaminondas", "101.game")
    good = env.game_file(101)
    for bad, why in (("conditional: carol b2-b3 b11-b10\n", "a line of a non-player"),
                     ("conditional: bob a2-a3\n", "an odd line"),
                     ("conditional: bob a9-a8 a11-a10\n", "an illegal first move")):
        with open(path, "w") as f:
            f.write(good.replace("\ntoken: ", "\n" + bad + "token: ", 1)
                    if "\ntoken: " in good else
                    good.replace("\nposition: ", "\n" + bad + "position: ", 1))
        rc, out, err = env.run("admin", "check")
        ok(rc != 0 and "conditional" in out + err,
           "the loader refuses %s" % why, out + err)
    with open(path, "w") as f:
        f.write(good)
finally:
    env.close()
done()
