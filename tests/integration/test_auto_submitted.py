#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 33 item 9: every mail we send carries Auto-Submitted, decided in
one place from what the mail is (RFC 3834 section 5, the table in
doc/mail.md): "auto-replied" for a mail that answers a person's mail, to
its sender (a command's reply, an error reply, the board mail to the
player who moved, the confirmation request to the address that signed
up), "auto-generated" for every other (the opponent's board mail, a
confirmation request to another address, the sweep's reminder).  And
we never answer a mail that is itself automatic (RFC 3834 section 2):
Auto-Submitted other than "no", Precedence bulk, list or junk, a null
envelope sender (Return-Path: <>)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, by_recipient

T0 = 1796000000
D = 86400


def marks(msgs):
    """(recipient, Auto-Submitted) of each mail, sorted."""
    return sorted((m.envelope_to[0], m["Auto-Submitted"]) for m in msgs)


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.mail("alice@example.org", "signup alice a")
    msgs = env.new_messages()
    is_(marks(msgs), [("alice@example.org", "auto-replied")],
        "the confirmation request to the address that signed up answers "
        "its mail: auto-replied")
    env.confirm("alice@example.org", msgs)
    msgs = env.new_messages()
    is_(marks(msgs), [("alice@example.org", "auto-replied")],
        "the welcome answers the confirmation: auto-replied")
    env.mail("bob@example.org", "signup bob b bob@other.example")
    msgs = env.new_messages()
    is_(marks(msgs), [("bob@other.example", "auto-generated")],
        "a confirmation request to another address than the sender's "
        "answers nobody's mail there: auto-generated")
    ok(msgs and msgs[0].envelope_from == "",
       "it still goes with the null envelope sender")
    env.confirm("bob@other.example", msgs)
    env.new_messages()

    env.mail("alice@example.org",
             "epaminondas challenge alice bob -time=3d by alice a")
    is_(marks(env.new_messages()),
        [("alice@example.org", "auto-replied"),
         ("bob@other.example", "auto-generated")],
        "the challenge: the challenger's board answers her, the challenged "
        "player's is auto-generated")
    env.mail("bob@other.example", "epaminondas accept 101 bob b")
    is_(marks(env.new_messages()),
        [("alice@example.org", "auto-generated"),
         ("bob@other.example", "auto-replied")],
        "the accept: bob's board answers him, alice's is auto-generated")
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    is_(marks(env.new_messages()),
        [("alice@example.org", "auto-replied"),
         ("bob@other.example", "auto-generated")],
        "a move: the mover's board mail answers his mail (auto-replied), "
        "the opponent's is auto-generated")
    env.mail("alice@example.org", "epaminondas move 101 alice a z9-z10")
    is_(marks(env.new_messages()), [("alice@example.org", "auto-replied")],
        "an error reply is auto-replied")
    env.mail("carol@example.org", "help")
    is_(marks(env.new_messages()), [("carol@example.org", "auto-replied")],
        "the help mail to a stranger is auto-replied")
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 2 * D)})
    msgs = env.new_messages()
    ok(msgs and all(m["Auto-Submitted"] == "auto-generated" for m in msgs),
       "the sweep's reminder answers nothing: auto-generated",
       marks(msgs))
    ok(all(m.get_all("Auto-Submitted") and
           len(m.get_all("Auto-Submitted")) == 1
           for m in env.server.messages()),
       "every mail sent carries exactly one Auto-Submitted field")

    # RFC 3834 section 2: an automatic mail is never answered.
    never = [
        ("Auto-Submitted: auto-generated", {"Auto-Submitted": "auto-generated"}),
        ("Auto-Submitted: auto-replied", {"Auto-Submitted": "auto-replied"}),
        ("Auto-Submitted: auto-notified", {"Auto-Submitted": "auto-notified"}),
        ("Auto-Submitted with a parameter",
         {"Auto-Submitted": "auto-replied; owner-email=\"x@example.org\""}),
        ("Auto-Submitted: notify (a value that begins with no)",
         {"Auto-Submitted": "notify"}),
        ("Auto-Submitted: nobody-knows", {"Auto-Submitted": "nobody-knows"}),
        ("Precedence: bulk", {"Precedence": "bulk"}),
        ("Precedence: list", {"Precedence": "list"}),
        ("Precedence: junk", {"Precedence": "junk"}),
        ("a null envelope sender", {"Return-Path": "<>"}),
    ]
    for name, headers in never:
        rc, err = env.receive(make_mail("alice@example.org", "help",
                                        headers=headers))
        is_(rc, 0, "%s: exit 0" % name)
        is_(len(env.new_messages()), 0, "%s: never answered" % name)
        contains(err, "not answered", "%s: logged as not answered" % name)
    for value in ("no", "No", "no (a person wrote this)", " no "):
        env.receive(make_mail("alice@example.org", "help",
                              headers={"Auto-Submitted": value}))
        is_(len(env.new_messages()), 1,
            "Auto-Submitted: %r is a person's mail: answered" % value)
finally:
    env.close()
done()
