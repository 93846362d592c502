#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14 item 8: a reply token on every mail a player may answer.
Tokens are derived (HMAC of player, board, ply and token epoch under
SPOOL/secret), so every mail at one position carries the same valid
token: reminders, showas, submit (reply "confirm"), queue, chat (a reply
to a chat is a chat) and error replies to authenticated mail.  Never to
an unauthenticated mail; a reply that lost its token is told so."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient
from harness import body_of as raw_body_of

T0 = 1796000000
DAY = 86400
A, B = "alice@example.org", "bob@example.org"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def token_of(m):
    return harness.token_of(m)


def same_token(got, want, name):
    """A token was given, and it is want (not None on both sides)."""
    ok(got is not None and got == want, name, "got %r, want %r" % (got, want))


def first(msgs, addr):
    return msgs[addr][0] if addr in msgs else None


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    msgs = by_recipient(env.new_messages())
    m_a = first(msgs, A)
    ta = token_of(m_a)
    ok(ta, "alice's board mail carries a token")

    # showas: the same token, and the board mail's token still works.
    env.mail(A, "epaminondas showas alice a 101")
    msgs = by_recipient(env.new_messages())
    same_token(token_of(first(msgs, A)), ta,
        "showas to the player carries the board mail's token")
    env.mail(A, "epaminondas show 101")
    msgs = env.new_messages()
    ok(msgs and not token_of(msgs[0]),
       "show without credentials carries none")
    harness.reply(env, A, m_a, "show")
    msgs = by_recipient(env.new_messages())
    contains(body_of(first(msgs, A)), "Board 101 as it stands",
             "a reply 'show' with the token shows the board")
    same_token(token_of(first(msgs, A)), ta, "with the same token")
    is_(sorted(msgs), [A], "to the player alone")

    # A reminder carries the same token; the board mail's still works.
    env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 8 * DAY)})
    msgs = by_recipient(env.new_messages())
    m = first(msgs, A)
    contains(body_of(m), "Reminder: alice", "the sweep reminds alice")
    same_token(token_of(m), ta, "the reminder carries the same token")
    env.env["EPAMSERV_NOW"] = str(T0 + 8 * DAY + 60)
    rc, err = harness.reply(env, A, m_a, "e2-e3")
    msgs = by_recipient(env.new_messages())
    contains(body_of(first(msgs, B)), "alice played e2-e3",
             "the board mail's token works after a reminder and a showas")
    m_b = first(msgs, B)
    tb = token_of(m_b)

    # Error reply to an authenticated mail: the sender's token.
    text, ms, err = harness.refused(
        env, A, "epaminondas move 101 alice a e3-e4", "not your turn",
        "a move out of turn (password)")
    ta1 = token_of(ms[0]) if ms else None
    ok(ta1 and ta1 != ta, "an error reply to a proved mail carries the "
       "sender's token of the position", ms and ms[0]["Subject"])
    env.mail(A, "epaminondas move 101 alice WRONG e3-e4")
    ms = env.new_messages()
    contains(body_of(ms[0]) if ms else "", "wrong password",
             "a wrong password is refused")
    ok(ms and not token_of(ms[0]),
       "an error reply to an unproved mail carries no token")

    # queue: the reply carries the same token.
    env.mail(A, "epaminondas queue 101 alice a e3-e4")
    msgs = by_recipient(env.new_messages())
    same_token(token_of(first(msgs, A)), ta1, "the queue reply carries the token "
        "of the position")
    harness.reply(env, B, m_b, "e11-e10")
    msgs = by_recipient(env.new_messages())
    contains(body_of(first(msgs, B)), "e3-e4", "the queued move is played")
    tb = token_of(first(msgs, B))

    # An error reply to a proved mail: replying to it plays the move.
    text, ms, err = harness.refused(
        env, B, "epaminondas move 101 bob b e10-e5", "", "an illegal move")
    m = ms[0] if ms else None
    same_token(token_of(m), tb, "the error reply carries bob's token")
    harness.reply(env, B, m, "e10-e9\n\n> quoted")
    msgs = by_recipient(env.new_messages())
    contains(body_of(first(msgs, A)), "bob played e10-e9",
             "a reply to the error reply plays the corrected move")
    ta = token_of(first(msgs, A))

    # submit: the reply carries the token; a reply "confirm" plays it.
    env.mail(A, "epaminondas submit 101 alice a e4-e5")
    msgs = by_recipient(env.new_messages())
    m = first(msgs, A)
    same_token(token_of(m), ta, "the submit reply carries the token of the position")
    contains(body_of(m), "reply to this mail with just confirm",
             "the submit reply says a reply 'confirm' plays it")
    harness.reply(env, A, m, "confirm")
    msgs = by_recipient(env.new_messages())
    contains(body_of(first(msgs, B)), "e4-e5",
             "a reply 'confirm' to the submit mail plays the move")
    tb = token_of(first(msgs, B))

    # chat: the other player's copy carries their token; a reply is a chat.
    env.mail(A, "epaminondas chat 101 alice a", "Nice opening.")
    msgs = by_recipient(env.new_messages())
    m = first(msgs, B)
    same_token(token_of(m), tb, "a chat mail carries the recipient's token")
    chat_b = m
    harness.reply(env, B, m,
                  "Show me what you have\nthanks!\n\n> Nice opening.")
    msgs = by_recipient(env.new_messages())
    m = first(msgs, A)
    contains(body_of(m), "bob writes on Epaminondas board 101",
             "a reply to a chat is a chat")
    contains(body_of(m), "Show me what you have\nthanks!",
             "the whole reply is relayed")
    ok("e4-e5" in env.game_file(101) and "move: 6" not in env.game_file(101),
       "and nothing is played")

    # set token new voids the derived token too.
    env.mail(B, "set bob b token new")
    env.new_messages()
    harness.refused_reply(env, B, chat_b, "e9-e8", "not (or no longer) valid",
                          "a token voided by set token new")

    # A reply that lost its token.
    for word in ("e9-e8", "e9e8", "E9-E8#6"):
        text, ms, err = harness.refused(
            env, B, "Re: Epaminondas Board 101 bob", "carries no reply token",
            "a reply without a token: %s" % word, body=word)
        contains(text, "GAME move BOARD USERID PASSWORD MOVE",
                 "it says how to send the full command")
    harness.refused(env, B, "Re: hello", "looks like a move",
                    "two bare squares", body="e9 e8")
finally:
    env.close()
done()
