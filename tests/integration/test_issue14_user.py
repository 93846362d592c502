#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14, as a player reads the mails (r14-user): nothing a mail
offers is what the state forbids, and its words fit who reads them.
The board mail of a submit shows the board the move would make, so it
offers no queue (its headline says: reply confirm); the answer to a
queue offers no dangling "Or"; the waiting player is offered "resign or
propose (a draw)" in plain words; an undo before any move is refused
saying no move has been played."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, contains, done, by_recipient, refused  # noqa
from harness import body_of as raw_body_of

A, B = "alice@example.org", "bob@example.org"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def flat(text):
    return " ".join(text.split())


def links(msg):
    """The answer links of a mail's HTML part: (body, label) pairs."""
    import html as html_mod
    import urllib.parse
    part = msg.get_body(preferencelist=("html",)) if msg else None
    if not part:
        return []
    out = []
    for href, label in re.findall(r'href="mailto:([^"]+)"[^>]*>(.*?)</a>',
                                  part.get_content(), re.S):
        q = urllib.parse.parse_qs(html_mod.unescape(href).split("?", 1)[-1])
        out.append((q.get("body", [""])[0], re.sub("<[^>]+>", "", label)))
    return out


def tail(text):
    """The part of a board mail after its list of moves (or after the
    ratings line when there are none): the instructions."""
    return text.split("\n\n")[-1] if "\n\n" in text else text


env = Env()
try:
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101, "-size=8x8")
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[B][-1]) if B in msgs else ""
    contains(flat(text), "You may also resign or propose (a draw):",
             "the waiting player before any move: resign or propose")
    ok("resign, propose (a draw):" not in text,
       "no 'resign, propose (a draw):' without an 'or'", tail(text))
    ok("undo" not in tail(text), "no undo offered before any move",
       tail(text))

    # An undo before any move: refused, saying no move has been played.
    text, _, _ = refused(env, A, "epaminondas move 101 alice a undo",
                         "there is no move of yours to take back: no move "
                         "has been played on board 101 yet",
                         "undo before any move")
    ok("nobody" not in text, "the undo refusal does not say 'nobody's'",
       text.split("How to write it:")[0])

    env.mail(A, "epaminondas move 101 alice a d1-d3")
    env.new_messages()

    # submit: the board shown is the one the move would make; the mail
    # offers confirm only, never queue (bob is to move on the board).
    env.mail(B, "epaminondas submit 101 bob b e8-e6")
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[B][-1]) if B in msgs else ""
    contains(text, "reply to this mail with just confirm",
             "the submit mail says a reply confirm plays it")
    ok("queue" not in text, "the submit mail offers no queue", tail(text))
    got = links(msgs[B][-1]) if B in msgs else []
    ok([b for b, _ in got] == ["confirm"],
       "the submit mail's HTML offers confirm alone", got)

    # queue: the answer to bob's queue (alice is to move after e8-e6 is
    # confirmed) says how to replace or drop it by reply, without an "Or"
    # that follows nothing.
    env.mail(B, "epaminondas confirm 101 bob b")
    env.new_messages()
    env.mail(B, "epaminondas queue 101 bob b e6-e5")
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[B][-1]) if B in msgs else ""
    contains(text, "Your move e6-e5 is queued", "the queue is answered")
    ok(not re.search(r"(^|\n)Or ", text),
       "the queue answer has no line starting 'Or' after nothing",
       tail(text))
    contains(flat(text), "Reply to this mail with just queue "
             "TAIL-DESTINATION or queue off on the first line",
             "the queue answer says how to change it by reply")

    # The board of an error reply is the board the player asked for: bob
    # reads on a phone (compact) with his own side at the bottom.
    env.mail(B, "set bob b board compact")
    env.mail(B, "set bob b orientation own")
    env.new_messages()
    text, _, _ = refused(env, B, "epaminondas move 101 bob b a8-a9",
                         "not your turn", "bob's move out of turn")
    board = [l for l in text.split("\n") if re.match(r"^ ?\d+ [WB.#]", l)]
    ok(board and max(len(l) for l in board) <= 36,
       "the error reply's board is compact for a compact player", board)
    ok(board and board[0].split()[0] == "1",
       "the error reply's board has bob's side at the bottom "
       "(orientation own: rank 1 is the top row)", board[:1])

    # A declined challenge was never a game: no "Game over" in its mail.
    env.mail(A, "epaminondas challenge alice bob by alice a")
    env.new_messages()
    env.mail(B, "epaminondas decline 102 bob b")
    msgs = by_recipient(env.new_messages())
    text = flat(body_of(msgs[A][-1])) if A in msgs else ""
    contains(text, "No game on board 102: bob declined the challenge.",
             "the decline mail says there is no game")
    ok("Game over" not in text, "and does not say 'Game over'",
       text[-200:])

    # A draw offer's own board mail: the HTML offers to withdraw it
    # (reject), as the text does.
    env.start_game("alice", "bob", 103)
    env.mail(A, "epaminondas move 103 alice a propose")
    msgs = by_recipient(env.new_messages())
    got = [b for b, _ in links(msgs[A][-1])] if A in msgs else []
    ok("reject" in got and "accept" not in got,
       "the proposer's HTML offers reject (withdraw), not accept", got)

    # A reply that lost its token: the usage gives move's syntax whole
    # (MOVE[#N][!], as help and the table write it).
    text, _, _ = refused(env, A, "Re: Epaminondas Board 103 alice",
                         "looks like a move, but your mail carries no "
                         "reply token", "a move reply without its token",
                         body="e2-e3\n")
    contains(text, "GAME move BOARD USERID PASSWORD MOVE[#N][!]",
             "the lost-token reply writes MOVE[#N][!]")

    # Prose is not wrapped raggedly: a template line over 72 columns
    # cut by the wrapper leaves a line of a word or two ("fewer than").
    for subject, para in (("standings", "Ratings are Glicko-2"),
                          ("help rules", "Moving a piece onto")):
        env.mail(A, subject)
        msgs = env.new_messages()
        text = body_of(msgs[0]) if msgs else ""
        lines = [p for p in text.split("\n\n") if para in p]
        lines = lines[0].split("\n") if lines else []
        short = [l for l in lines[:-1] if len(l.split()) <= 2
                 and not l.isupper()]
        ok(lines and not short, "%s: no ragged short line in the paragraph "
           "'%s'" % (subject, para), short)
finally:
    env.close()
done()
