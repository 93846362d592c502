#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Signup, challenge, moves and show sent as mails reach both players
through a real SMTP server, with the board drawn and the game file kept."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, body_of
import re


def subject_of(m):
    """The subject without the reply token "[#...]" at its end."""
    return re.sub(r" \[#[a-z2-7]+\]$", "", m["Subject"]) if m else None

env = Env()
try:
    rc, err = env.mail("Alice <alice@example.org>", "signup alice Secret1")
    is_(rc, 0, "signup by mail exits 0")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["alice@example.org"]],
        "the confirmation request goes to the sender's address, alone")
    subjects = env.confirm_requests("alice@example.org", msgs)
    ok(len(subjects) == 1 and subjects[0].startswith("confirm alice [#"),
       "its subject is the confirm command with a token", subjects)
    ok(msgs and msgs[0].envelope_from == "" and
       msgs[0]["Auto-Submitted"] == "auto-replied",
       "the request has the null envelope sender and Auto-Submitted",
       msgs and (msgs[0].envelope_from, msgs[0]["Auto-Submitted"]))
    ok(os.path.exists(os.path.join(env.spool, "users", "alice")),
       "signup creates the user file")
    with open(os.path.join(env.spool, "users", "alice")) as f:
        user = f.read()
    ok("Secret1" not in user and "password: $" in user,
       "the password is stored as a crypt(3) hash, never in clear")
    contains(user, "request: alice@example.org ",
             "the address waits for its confirmation")
    rc, err = env.confirm("alice@example.org", msgs, sender="Alice <alice@example.org>")
    is_(rc, 0, "the reply to the request exits 0")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["alice@example.org"]],
        "the welcome mail goes to the confirmed address")
    contains(body_of(msgs[0]) if msgs else "", "Welcome to epamserv, alice",
             "the welcome mail names the new user")
    with open(os.path.join(env.spool, "users", "alice")) as f:
        contains(f.read(), "address: alice@example.org ",
                 "the user file has the address confirmed")

    rc, err = env.mail("bob@example.net", "SIGNUP Bob pw2 bob@other.example")
    is_(rc, 0, "signup with an explicit address exits 0")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["bob@other.example"]],
        "the request goes to the address given in the command, not the sender")
    env.confirm("bob@other.example", msgs)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["bob@other.example"]],
        "once confirmed, the welcome goes there")

    rc, err = env.mail("alice@example.org",
                       "epaminondas challenge alice bob by alice Secret1",
                       "Good luck, Bob!")
    is_(rc, 0, "challenge exits 0")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@other.example"],
        "the opening board goes to both players")
    m = msgs.get("bob@other.example", [None])[0]
    is_(subject_of(m), "Epaminondas Board 101 (alice v bob)",
        "subject names the board and its players, the game's one subject "
        "(issue 30)")
    text = body_of(m) if m else ""
    contains(text, "Good luck, Bob!", "the challenger's comment is relayed")
    contains(text, "alice writes:", "as alice's words: she signed it")
    contains(text, "      a  b  c  d  e  f  g  h  i  j  k  l  m  n",
             "the board has file letters")
    contains(text, "  12  B  B  B  B  B  B  B  B  B  B  B  B  B  B  12",
             "the board has rank numbers on both sides")
    contains(text, "Waiting for bob to accept the challenge.",
             "the game waits for the challenged player's consent")
    contains(text, "epaminondas accept 101 bob PASSWORD",
             "the challenge mail says how to accept")
    ok(m is not None and m["Auto-Submitted"] == "auto-generated",
       "board mails are marked Auto-Submitted: auto-generated")
    ok(m is not None and m["X-Loop"] == "epamserv@games.example",
       "board mails carry X-Loop")
    ok(m is not None and "epaminondas.101@games.example" in (m["References"] or ""),
       "board mails thread on the board")
    ok(env.game_file(101) is not None, "the challenge creates board 101")
    contains(env.game_file(101), "state: challenged\n",
             "the game file records the open challenge")

    rc, err = env.mail("bob@example.net", "epaminondas accept 101 bob pw2")
    is_(rc, 0, "accept exits 0")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@other.example"],
        "the accepted board goes to both players")
    m = msgs.get("alice@example.org", [None])[0]
    is_(subject_of(m), "Epaminondas Board 101 (alice v bob)",
        "after accept the subject stays the game's")
    text = body_of(m) if m else ""
    contains(text, "bob accepted the challenge", "the mail says bob accepted")
    contains(text, "Move 1: alice (White) to move.", "says whose turn it is")
    ok("state: challenged" not in env.game_file(101),
       "the game file no longer says challenged")

    rc, err = env.mail("alice@example.org",
                       "epaminondas move 101 alice Secret1 e1-e4#1",
                       "Here I come.\n\n-- \nAlice\n")
    is_(rc, 0, "a legal move exits 0")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@other.example"],
        "the new board goes to both players")
    text = body_of(msgs["bob@other.example"][0]) if "bob@other.example" in msgs else ""
    contains(text, "alice played e1-e4.", "the board mail says what was played")
    contains(text, "   4  .  .  .  . [W] .", "the destination is marked")
    contains(text, "   1  W  W  W  W [.] W", "the tail square is marked")
    contains(text, "Here I come.", "the comment is relayed")
    ok("Alice\n" not in text.split("Here I come.")[1][:40],
       "the signature is not relayed")
    contains(text, "Move 2: bob (Black) to move.", "it is Black's turn")
    contains(text, "1. e1-e4", "the move list is shown")
    gf = env.game_file(101)
    contains(gf, "move: 1 e1-e4 ", "the game file records the move")
    contains(gf, "@test.example\n", "the game file records the Message-ID")

    rc, err = env.mail("bob@example.net",
                       "Re: Epaminondas Board 101 bob **",
                       "epaminondas move 101 BOB pw2 e12-e9\n\nOn Mon, Alice wrote:\n> Here I come.\n")
    is_(rc, 0, "a command in the body of a reply is read")
    msgs = by_recipient(env.new_messages())
    m = msgs.get("alice@example.org", [None])[0]
    ok(m is not None and "bob played e12-e9." in body_of(m),
       "Black's move from a reply body is played")
    ok(m is not None and not subject_of(m).endswith("**"),
       "quoted text alone is not a comment")

    rc, err = env.mail("carol@example.com", "epaminondas show 101")
    is_(rc, 0, "show exits 0")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["carol@example.com"]],
        "show replies to the sender only, who need not be a player")
    contains(body_of(msgs[0]) if msgs else "", "Move 3: alice (White) to move.",
             "show gives the current board")

    rc, err = env.mail("carol@example.com", "help")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "signup USERID PASSWORD",
             "help lists the commands")
    rc, err = env.mail("carol@example.com", "epaminondas help")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "grace move",
             "epaminondas help explains the rules")

    rc, out, err = env.run("outbox")
    is_(rc, 0, "outbox exits 0")
    ok(os.listdir(os.path.join(env.spool, "outbox")) == [],
       "every mail was delivered and left the outbox")
finally:
    env.close()
done()
