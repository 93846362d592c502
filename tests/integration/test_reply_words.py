#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14, items 2 and 8: the right words to the right person in error
replies and in mails about past positions.

- An example in a reply names only the recipient's userid; a "legal move
  now" example goes only to the player on move.
- A move sent when it is not your turn is offered as queue: the command
  ("epaminondas queue 101 bob PASSWORD a11-a10") and, when the reply
  carries the token, the reply form ("queue a11-a10"), which works.
- A reply that lost its token and whose subject names the board gets the
  concrete command with the move it sent, under the sender's userid when
  the sender's address is one player's of that board.
- show BOARD#N of a past position gives no instructions to move, says
  where the game is now, and its subject says it is a past position.
- A challenge: the challenger is told whom it waits for and how to
  withdraw; the challenged how to accept or decline.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, contains, done, by_recipient, refused
from harness import body_of as raw_body_of

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def flat(text):
    return " ".join(text.split())


def token_of(m):
    return harness.token_of(m)


env = Env()
try:
    env.players("alice", "bob", "carol")
    env.new_messages()

    env.mail(A, "epaminondas challenge alice bob by alice a")
    env.mail(B, "epaminondas accept 101 bob b")
    msgs = by_recipient(env.new_messages())
    tok_b = token_of(msgs[B][-1])
    mail_b = msgs[B][-1]

    # -- item 1: a move when it is not your turn, by command ---------------
    text, _, _ = refused(env, B, "epaminondas move 101 bob b a11-a10",
                         "it is not your turn on board 101: alice is to move",
                         "bob's move while alice is to move")
    ok("101 alice PASSWORD" not in text, "the error reply to bob names no command "
       "under alice's userid", text)
    ok("a legal move on board 101 now" not in text, "no 'legal move now' "
       "example to the player not on move", text)
    contains(text, "\n    epaminondas queue 101 bob PASSWORD a11-a10\n",
             "the reply offers that very move as queue, on its own line")

    text, _, _ = refused(env, B, "epaminondas submit 101 bob b a11-a10#2",
                         "it is not your turn on board 101: alice is to move",
                         "bob's submit while alice is to move")
    contains(text, "\n    epaminondas queue 101 bob PASSWORD a11-a10\n",
             "a submit out of turn is offered as queue too (no #N)")

    # alice, on move, still gets the legal-move example under her name.
    text, _, _ = refused(env, A, "epaminondas move 101 alice a a2-a7",
                         "not a legal move", "an illegal move of alice's")
    ok(re.search(r"e\.g\. epaminondas move 101 alice PASSWORD \S+#1\s+\(a\s"
                 r"legal\s+move\s+on\s+board\s+101\s+now\)", text) is not None,
       "the player on move gets the example under their own userid", text)

    # -- item 2: the same by a token reply, and "queue MOVE" by reply -------
    rc, err = harness.reply(env, B, mail_b, "a11-a10")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if len(msgs) == 1 else ""
    ok(len(msgs) == 1 and "it is not your turn" in text,
       "a token reply with a move out of turn is refused", err)
    ok("101 alice PASSWORD" not in text and "legal move on board 101 now" not in text,
       "naming no command of alice's", text)
    contains(text, "\n    queue a11-a10\n", "it offers the reply form "
             "that queues the move")
    contains(text, "\n    epaminondas queue 101 bob PASSWORD a11-a10\n",
             "and the queue command")
    tok_err = token_of(msgs[0]) if msgs else None
    ok(tok_err == tok_b, "the error reply carries bob's token", msgs and
       msgs[0]["Subject"])

    rc, err = harness.reply(env, B, msgs[0], "queue a11-a10")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and
       "Your move a11-a10 is queued on board 101" in flat(body_of(msgs[0])),
       "a reply 'queue a11-a10' to it queues the move", err +
       "".join(body_of(m) for m in msgs))
    env.mail(A, "epaminondas move 101 alice a a2-a3")
    msgs = env.new_messages()
    ok(any("bob's queued move a11-a10 was played" in flat(body_of(m))
           for m in msgs), "and it is played after alice's move",
       "".join(body_of(m) for m in msgs[:1]))

    # -- item 4: show BOARD#N of a past position ----------------------------
    # Board 101 has 2 moves (a2-a3, the queued a11-a10): alice to move.
    rc, err = env.mail(B, "epaminondas show 101#1")
    msgs = env.new_messages()
    m = msgs[0] if len(msgs) == 1 else None
    text = body_of(m)
    html = m.get_body(preferencelist=("html",)) if m else None
    html = html.get_content() if html else ""
    ok(m is not None and "past position" in str(m["Subject"]) and
       "after move 1" in str(m["Subject"]), "a past position's subject says "
       "it is one", m and m["Subject"])
    contains(text, "Board 101 as it stood after move 1 (of 2); the game is "
             "now at move 3, alice to move.", "the headline says where the "
             "game is now")
    ok(not re.search(r"To move|queue|propose|resign|PASSWORD|#2", text),
       "no instructions to move, queue or offer in the text", text)
    ok(not re.search(r"To move|mailto:|PASSWORD", html),
       "nor in the HTML part", html[-2000:])
    ok(m is not None and not re.search(r"\[#[a-z2-7]+\]", str(m["Subject"])),
       "and no token", m and m["Subject"])
    # The board as it stands still gets its instructions.
    env.mail(A, "epaminondas show 101#2")
    msgs = env.new_messages()
    ok(len(msgs) == 1 and "To move" in body_of(msgs[0]) and
       "past position" not in str(msgs[0]["Subject"]),
       "show 101#2 (the board as it stands) is no past position",
       msgs and body_of(msgs[0]))

    # -- item 3: a reply that lost its token, the subject naming the board -
    text, _, _ = refused(env, B, "Re: Epaminondas Board 101", "carries no "
                         "reply token", "a reply without its token",
                         body="a10 a9")
    contains(text, "\n    epaminondas move 101 bob PASSWORD a10-a9\n",
             "it gets the concrete command, with the move sent, under the "
             "sender's userid")
    ok(not re.search(r"\[#[a-z2-7]{16}\]", text.split("Your mail:")[0]),
       "and no token", text)
    text, _, _ = refused(env, C, "Re: Epaminondas Board 101", "carries no "
                         "reply token", "a lost-token reply from a player not "
                         "on the board", body="a10-a9")
    contains(text, "\n    epaminondas move 101 USERID PASSWORD a10-a9\n",
             "names USERID when the sender plays no side of the board")
    # An address two accounts share, both players of the board: USERID.
    # (a day later: one confirmation request a day per address)
    env.env["EPAMSERV_NOW"] = str(int(time.time()) + 2 * 86400)
    env.signup(B, "bob2", "x")
    env.new_messages()
    env.mail(B, "epaminondas challenge bob bob2 by bob b")
    env.mail(B, "epaminondas accept 102 bob2 x")
    env.new_messages()
    text, _, _ = refused(env, B, "Re: Epaminondas Board 102", "carries no "
                         "reply token", "a lost-token reply from an address "
                         "of both players", body="a2-a3")
    contains(text, "\n    epaminondas move 102 USERID PASSWORD a2-a3\n",
             "names USERID when the address is both players'")

    # -- item 5: a signed challenge, worded for each side -------------------
    env.mail(A, "epaminondas challenge alice bob by alice a")
    msgs = by_recipient(env.new_messages())
    ta, tb = body_of(msgs.get(A, [None])[-1]), body_of(msgs.get(B, [None])[-1])
    contains(ta, "Waiting for bob to accept", "the challenger is told whom "
             "the challenge waits for")
    ok(re.search(r"\n +epaminondas decline 103 alice PASSWORD\n", ta),
       "and how to withdraw it, under their own userid, on its own line", ta)
    ok("103 bob" not in ta and "bob, to accept" not in ta and
       "accept 103 alice" not in ta,
       "the challenger gets no words meant for bob", ta)
    ok(re.search(r"\n +epaminondas accept 103 bob PASSWORD\n", tb) and
       re.search(r"\n +epaminondas decline 103 bob PASSWORD", tb),
       "the challenged is told how to accept or decline", tb)
    ok("103 alice" not in tb, "the challenged gets no command under "
       "alice's userid", tb)
    # An unsigned challenge (carol's): each is told what they can do.
    env.mail(C, "epaminondas challenge alice bob")
    msgs = by_recipient(env.new_messages())
    ta, tb = body_of(msgs.get(A, [None])[-1]), body_of(msgs.get(B, [None])[-1])
    ok("accept 104 alice PASSWORD" in ta and
       "decline 104 alice PASSWORD" in ta and "104 bob" not in ta,
       "unsigned: alice is told how to accept or decline, under her "
       "userid only", ta)
    ok("accept 104 bob PASSWORD" in tb and "decline 104 bob PASSWORD" in tb
       and "104 alice" not in tb, "unsigned: bob likewise", tb)
    env.mail(A, "epaminondas accept 104 alice a")
    msgs = by_recipient(env.new_messages())
    ta, tb = body_of(msgs.get(A, [None])[-1]), body_of(msgs.get(B, [None])[-1])
    ok("starts when bob accepts" in flat(ta) and
       "decline 104 alice PASSWORD" in ta and "accept 104 alice" not in ta,
       "unsigned, accepted by alice: she waits for bob and may withdraw", ta)
    ok("accept 104 bob PASSWORD" in tb and "104 alice" not in tb,
       "and bob may still accept", tb)
    env.mail(A, "epaminondas decline 104 alice a")
    msgs = by_recipient(env.new_messages())
    ok(any("withdrew the challenge" in flat(body_of(m)) for m in msgs.get(A, [])),
       "the withdrawal offered works", [body_of(m)[:300] for m in msgs.get(A, [])])

finally:
    env.close()
done()
