#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""relay_limit: a player's message and chat mails are counted for a day,
and past the limit both a `message` command and a reply to a relayed
message are refused with one reply to the sender, nothing passed on and
nothing stored (message.c's relay_refused, the one refusal of both)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (Env, ok, is_, done, by_recipient, refused,  # noqa: E402
                     refused_reply)

A, B, C = "alice@example.org", "bob@example.org", "carol@example.org"

env = Env()
try:
    env.env["EPAMSERV_RELAY_LIMIT"] = "2"
    env.players("alice", "bob", "carol")
    env.new_messages()

    rc, err = env.mail(A, "message alice a bob carol", "Hello both.\n")
    msgs = by_recipient(env.new_messages())
    ok(rc == 0 and B in msgs and C in msgs,
       "two relays within the limit of 2 pass", err)
    to_bob = msgs.get(B, [None])[0]

    refused(env, A, "message alice a bob", "you (alice) have relayed as "
            "many mails today as one player may (2); nothing was sent",
            "a third relay of alice's", body="Once more.\n")

    # bob spends his two, then answers alice's message by reply.
    rc, err = env.mail(B, "message bob b carol", "One.\n")
    rc2, err2 = env.mail(B, "message bob b carol", "Two.\n")
    is_(len(by_recipient(env.new_messages()).get(C, [])), 2,
        "bob's two relays to carol pass")
    ok(to_bob is not None, "bob has alice's relayed message to answer")
    if to_bob is not None:
        refused_reply(env, B, to_bob, "Thanks!\n", "you (bob) have relayed "
                      "as many mails today as one player may (2); nothing "
                      "was sent", "bob's reply past his limit")
finally:
    env.close()
done()
