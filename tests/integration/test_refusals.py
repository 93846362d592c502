#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Refused commands get an error reply that says what was wrong and how to
write it, shows the board and quotes the mail, and change nothing on disk."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, body_of


env = Env()
try:
    env.signup("alice@example.org", "alice", "Secret1")
    env.signup("bob@example.org", "bob", "pw2")
    env.signup("carol@example.org", "carol", "pw3")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice Secret1")
    env.mail("bob@example.org", "epaminondas accept 101 bob pw2")
    env.mail("alice@example.org", "epaminondas move 101 alice Secret1 e2-e3")
    env.new_messages()

    cases = [
        ("an illegal move", "bob@example.org",
         "epaminondas move 101 bob pw2 e11-e7",
         "e11-e7 is not a legal move on board 101"),
        ("a wrong password", "bob@example.org",
         "epaminondas move 101 bob PW2 e11-e10", "wrong password for 'bob'"),
        ("a stale move number", "bob@example.org",
         "epaminondas move 101 bob pw2 e11-e10#1",
         "the move being made on board 101 is #2"),
        ("a move out of turn", "alice@example.org",
         "epaminondas move 101 alice Secret1 e3-e4", "not your turn"),
        ("a move by a non-player", "carol@example.org",
         "epaminondas move 101 carol pw3 e11-e10", "not a player on board 101"),
        ("a missing board", "bob@example.org",
         "epaminondas move 999 bob pw2 e11-e10", "there is no epaminondas board 999"),
        ("an unknown user", "bob@example.org",
         "epaminondas move 101 zed pw e11-e10", "there is no user 'zed'"),
        ("an unknown command", "bob@example.org", "epaminondas fly 101",
         "'epaminondas fly' is not a command I know"),
        ("a taken userid", "mallory@example.org", "signup alice other",
         "the userid 'alice' is taken"),
        ("a challenge of an unknown player", "alice@example.org",
         "epaminondas challenge alice nobody by alice Secret1",
         "there is no user 'nobody'"),
        ("a bad option", "alice@example.org",
         "epaminondas challenge alice bob -size=99x99 by alice Secret1", "size"),
    ]
    UNPROVED = ("a wrong password", "an unknown user", "an unknown command")
    PASSWORDS = {"alice": "Secret1", "bob": "pw2", "carol": "pw3"}
    for name, sender, subject, why in cases:
        before = env.snapshot()
        rc, err = env.mail(sender, subject, "please")
        is_(rc, 0, "%s: exit 0 (an error reply is a handled mail)" % name)
        msgs = env.new_messages()
        is_([m.envelope_to for m in msgs], [[sender.split()[-1]]],
            "%s: one reply, to the sender only" % name)
        if not msgs:
            continue
        m = msgs[0]
        text = body_of(m)
        contains(text, why, "%s: the reply says what was wrong" % name)
        contains(text, "How to write it:", "%s: the reply says how to write it" % name)
        if sender.startswith("mallory") or name in UNPROVED:
            # Only a mail that proved its player is quoted back (a
            # stranger, maybe a forged sender, never is).
            ok("> Subject: " not in text and "please" not in text,
               "%s: a mail that proved no player is not quoted" % name, text)
        else:
            # The quote masks the password as the reply's subject does
            # (s10-trial: it repeated it).
            pw = PASSWORDS[sender.split("@")[0]]
            contains(text, "> Subject: " + " ".join(
                "PASSWORD" if w == pw else w for w in subject.split()),
                "%s: the reply quotes the mail" % name)
            ok(pw not in text.split(), "%s: the quote repeats no password"
               % name, text)
        is_(m.envelope_from, "", "%s: the reply has the null envelope sender" % name)
        is_(m["Auto-Submitted"], "auto-replied", "%s: marked auto-replied" % name)
        ok(env.snapshot() == before, "%s: nothing changed on disk" % name)
    # A command in the body (no subject) is quoted masked too.
    env.mail("bob@example.org", "", "epaminondas move 101 bob pw2 e11-e7\n"
             "\nsee you\n")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "> epaminondas move 101 bob PASSWORD e11-e7",
             "a command in the body is quoted with its password masked")
    ok("pw2" not in text.split() and "see you" in text,
       "the quote repeats no password and keeps the rest", text)
    # Refusals about a board show it.  A mail that proves its player is
    # answered at the player's address on file, whoever the From names.
    env.mail("alice@example.org", "epaminondas move 101 bob pw2 e11-e7")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["bob@example.org"]],
        "bob's command from alice's address is answered at bob's address")
    contains(body_of(msgs[0]) if msgs else "", "  12  B  B  B",
             "an illegal move's reply shows the board")
    env.mail("bob@example.org", "epaminondas move 101 bob pw2 e11-e7",
             headers={"Reply-To": "elsewhere@example.net"})
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["bob@example.org"]],
        "a player's reply never goes to a Reply-To the sender chose")
    gf = env.game_file(101)
    ok(gf.count("move: ") == 1, "only the one legal move is in the game file")
finally:
    env.close()
done()
