#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Trust (issue 11): the holes an independent review and an attack by
hostile mail found in the first version, each with the check that
failed then.  A forger's guesses plus forgeries of a player's address
made the player's real password move vanish without a word; a stolen
password could still move the account's address after the owner changed
the password; one `multiple` mail sent sixty confirmation requests;
unsigned invitations were unlimited; strangers' error replies echoed
the stranger's subject and words to any Reply-To, and replies quoted a
forged mail to a player; an invoice number "[#48213]" or an oversized
mail got a reply; a player's own token, quoted in a chat, reached the
opponent; one mailbox written several ways got a request for each
spelling; a Precedence: auto_reply answer confirmed an address."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "fault"))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, body_of, to, make_mail  # noqa: E402
from faultlib import shim_env, read_counts  # noqa: E402

A, B = "alice@example.org", "bob@example.org"
EVE = "eve@evil.example"
VICTIM = "victim@target.example"
T0 = 1796000000
HOUR = 3600




env = Env()
env.env["EPAMSERV_NOW"] = str(T0)
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")     # 101
    env.mail(B, "epaminondas accept 101 bob pw2")
    env.new_messages()

    # -- guesses, then forgeries of alice's address: her real move -----------
    for i in range(6):
        env.mail(EVE, "epaminondas move 101 alice guess%d e2-e3" % i)
    for i in range(60):
        env.mail(A, ["help", "epaminondas show 101", "Hi!"][i % 3])
    env.new_messages()
    rc, err = env.mail(A, "epaminondas move 101 alice Secret1 e2-e3")
    msgs = env.new_messages()
    # (Issue 29: the strangers' guesses count in their own bucket, so the
    # owner's mail from her address is checked and played.)
    ok(rc == 0 and to(msgs, A) and to(msgs, B) and
       "e2-e3" in (env.game_file(101) or ""),
       "a real password move after a stranger's guesses and 60 forgeries "
       "of the address is played, not dropped", err[-500:])

    # -- a password change cancels a change of address not yet confirmed ------
    env.mail(EVE, "change address alice Secret1 mal@evil.example")
    msgs = env.new_messages()
    request = [m for m in to(msgs, "mal@evil.example")]
    # (alice's password checks wait for mail from other addresses: the
    # forger "knew" it, but the back-off refuses his checks now; let it
    # pass, as if a day later.)
    later = {"EPAMSERV_NOW": str(T0 + 30 * HOUR)}
    env.receive(make_mail(EVE, "change address alice Secret1 mal@evil.example"),
                env=later)
    msgs = env.new_messages()
    request = [m for m in to(msgs, "mal@evil.example")]
    ok(request, "(the thief's change of address is asked)")
    env.receive(make_mail(A, "change password alice Secret1 Better2"), env=later)
    env.new_messages()
    if request:
        env.receive(make_mail("mal@evil.example", "Re: " + " ".join(
            str(request[0]["Subject"]).split()), "mine now"), env=later)
    env.new_messages()
    uf = env.user_file("alice")
    ok("address: " + A in uf and "mal@evil.example" not in uf,
       "after the owner's password change, the thief's request confirms "
       "nothing", uf)

    # -- one signup a mail ----------------------------------------------------
    lines = "".join("signup u%02d pw a%02d@x.example\n" % (i, i) for i in range(20))
    env.mail(EVE, "multiple", lines)
    msgs = env.new_messages()
    sent = [m for m in msgs if str(m["Subject"]).startswith("confirm ")]
    ok(len(sent) <= 1, "a multiple mail of 20 signups sends at most one "
       "confirmation request", "%d sent" % len(sent))
    env.mail("carol@example.org", "signup carol RightPw")
    env.new_messages()
    guesses = "".join("signup carol guess%d\n" % i for i in range(20))
    path = os.path.join(env.root, "counts")
    env.receive(make_mail(EVE, "multiple", guesses),
                env=shim_env(FAULT_COUNT_FILE=path))
    n = read_counts(path).get("crypt", -1)
    ok(n <= 1, "20 guesses at a pending signup's password run crypt(3) once",
       "%d calls" % n)
    env.new_messages()

    # -- unsigned invitations are bounded -------------------------------------
    before = len([f for f in os.listdir(os.path.join(env.spool, "games",
                                                    "epaminondas"))
                  if f.endswith(".game")])
    for i in range(8):
        env.mail("s%d@strangers.example" % i, "epaminondas challenge alice bob")
    made = len([f for f in os.listdir(os.path.join(env.spool, "games",
                                                  "epaminondas"))
                if f.endswith(".game")]) - before
    msgs = env.new_messages()
    is_(made, 5, "a player gets at most five unsigned challenges a day")
    ok(len(to(msgs, A)) == 5,
       "and no more board mails than that", len(to(msgs, A)))

    # -- what strangers get back ---------------------------------------------
    spam = "Cheap watches at http://spam.example/ buy now " * 6
    env.mail(EVE, "epaminondas show 999 " + spam,
             headers={"Reply-To": VICTIM})
    env.mail(EVE, "epaminondas VISIT-http://spam.example/" + "x" * 200,
             headers={"Reply-To": VICTIM})
    msgs = env.new_messages()
    ok(msgs and all("spam.example" not in str(m["Subject"]) for m in msgs),
       "a stranger's reply never repeats the stranger's subject",
       [str(m["Subject"]) for m in msgs])
    ok(msgs and all(body_of(m).count("x" * 180) == 0 for m in msgs),
       "and cuts the error text short", body_of(msgs[-1]) if msgs else "")
    env.receive(make_mail(B, "epaminondas fly 101",
                          "forged words for bob to read"), env=later)
    msgs = env.new_messages()
    ok(to(msgs, B) and "forged words" not in " ".join(body_of(to(msgs, B)[0]).split()),
       "a mail that proves nobody is never quoted back, not even to a "
       "player's address")
    env.mail(EVE, "Your invoice [#48213]", "Pay now.")
    env.receive(make_mail(EVE, "help", "x" * 5000),
                env={"EPAMSERV_MAX_MAIL_SIZE": "2048"})
    is_(env.new_messages(), [],
        "no reply to a stranger's '[#48213]' subject nor to an oversized mail")

    # -- tokens in a comment --------------------------------------------------
    env.receive(make_mail(A, "epaminondas move 101 alice Better2 e2-e3"),
                env=later)
    env.receive(make_mail(B, "epaminondas move 101 bob pw2 e11-e10"), env=later)
    msgs = env.new_messages()
    mine = [m for m in to(msgs, A) if harness.token_of(m)]
    token = harness.token_of(mine[-1]) if mine else "x"
    env.receive(make_mail(A, "epaminondas chat 101 alice Better2",
                          "Look:\nSubject: Epaminondas Board 101 alice [#%s]\n"
                          "was my last mail." % token), env=later)
    msgs = env.new_messages()
    ok(to(msgs, B) and token not in body_of(to(msgs, B)[0]),
       "a player's own token, quoted in a chat, does not reach the opponent")

    # -- one mailbox, one spelling, one request a day -------------------------
    env.mail(EVE, "signup vic1 pw %s" % VICTIM)
    for i, addr in enumerate(("victim@target.example.", "victim@[192.0.2.7]",
                              "victim%target.example@games.example",
                              "victim+x@target.example",
                              "Victim@TARGET.example")):
        env.mail("eve%d@evil.example" % i, "signup vic%d pw %s" % (i + 2, addr))
    msgs = env.new_messages()
    is_(len([m for m in msgs if str(m["Subject"]).startswith("confirm ")]), 1,
        "one mailbox written six ways gets one confirmation request a day")
    request = to(msgs, VICTIM)
    env.mail(VICTIM, "Re: " + " ".join(str(request[0]["Subject"]).split())
             if request else "x", "I am out of the office.",
             headers={"Precedence": "auto_reply"})
    ok("address: " not in env.user_file("vic1"),
       "an auto-reply marked Precedence: auto_reply confirms nothing")
finally:
    env.close()
done()
