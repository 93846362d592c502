#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A reply to a board mail that opens with a greeting ("Hi bob,", then
the move on a line of its own, the board mail quoted below, a
signature) plays the move: a first own line that ends in a comma and
holds no digit, with another line after it, is passed over
(pipeline/intake.c).  A greeting with nothing after it is still no
move; a move line is never taken for a greeting.

On 8c05b65 the replies were refused ("'Hi' is not a move")."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, done, body_of, to, reply  # noqa: E402

A, B = "alice@example.org", "bob@example.org"


def quoted(m):
    """m's text quoted as a mail client quotes it under a reply."""
    return "\n".join("> " + line for line in body_of(m).splitlines())


env = Env()
try:
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    msgs = env.new_messages()
    board_a = to(msgs, A)
    ok(board_a, "alice gets her board mail")

    rc, err = reply(env, A, board_a[0], "Hi bob,\n\ne2-e3\n\nGood luck!\n"
                    "alice\n\nOn Monday, epamserv wrote:\n" +
                    quoted(board_a[0]) + "\n")
    msgs = env.new_messages()
    ok(rc == 0 and "move: 1 e2-e3 " in (env.game_file(101) or ""),
       "a top-posted reply 'Hi bob,' then e2-e3 plays e2-e3",
       "%s %s" % (env.game_file(101), [body_of(m)[:400] for m in msgs]))
    ok(any("Good luck!" in body_of(m) for m in to(msgs, B)),
       "and bob gets the comment", [body_of(m)[:600] for m in to(msgs, B)])

    board_b = to(msgs, B)
    rc, err = reply(env, B, board_b[0], quoted(board_b[0]) +
                    "\n\nHallo Alice,\ne11-e10\n\n-- \nbob\n")
    msgs = env.new_messages()
    ok(rc == 0 and "move: 2 e11-e10 " in (env.game_file(101) or ""),
       "a bottom-posted 'Hallo Alice,' then e11-e10 plays it",
       "%s %s" % (env.game_file(101), [body_of(m)[:400] for m in msgs]))

    board_a = to(msgs, A)
    before = env.game_file(101)
    rc, err = reply(env, A, board_a[0], "Hi bob,\n")
    msgs = env.new_messages()
    ok(env.game_file(101) == before and len(msgs) == 1 and
       "not a move" in body_of(msgs[0]),
       "a greeting alone is still no move: refused, nothing played",
       [body_of(m)[:400] for m in msgs])
finally:
    env.close()
done()
