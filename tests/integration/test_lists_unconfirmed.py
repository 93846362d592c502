#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`list` and `standings all` show only accounts whose address is
confirmed (and robots): a stranger who signs up a name of his choice
under somebody else's address, never confirmed, does not appear in the
public lists; once the address is confirmed the player does.

On 8c05b65 both lists named the unconfirmed signup."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done, body_of  # noqa: E402

A = "alice@example.org"
V = "victim@example.org"


def reply_to(env, sender, subject):
    rc, err = env.mail(sender, subject)
    msgs = env.new_messages()
    is_(rc, 0, "%s: processed" % subject)
    return body_of(msgs[0]).replace("\r\n", "\n") if msgs else ""


env = Env()
try:
    env.players("alice", "bob")
    # Mallory signs up "mallorysname" under the victim's address; the
    # victim never confirms.
    rc, err = env.mail(V, "signup mallorysname m0")
    ok(rc == 0, "the signup is taken (a confirmation request goes out)", err)
    msgs = env.new_messages()
    ok(any(m.envelope_to == [V] for m in msgs),
       "the confirmation request goes to the address", msgs)

    text = reply_to(env, A, "list")
    ok("alice" in text and "bob" in text, "list names the players", text)
    ok("mallorysname" not in text, "list leaves out an account whose "
       "address is not confirmed", text)
    text = reply_to(env, A, "standings all")
    ok("alice" in text and "bob" in text, "standings all names the players",
       text)
    ok("mallorysname" not in text, "standings all leaves it out too", text)

    # Confirmed, the player is listed.
    rc, err = env.confirm(V, msgs)
    ok(rc == 0, "the address is confirmed", err)
    env.new_messages()
    text = reply_to(env, A, "list")
    ok("mallorysname" in text, "once confirmed, list names him", text)
    text = reply_to(env, A, "standings all")
    ok("mallorysname" in text, "and standings all", text)
finally:
    env.close()
done()
