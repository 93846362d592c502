#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""help [topic]: "help commands" lists every command with an example each,
and every example move in it is legal from the opening; "help rules" and
"help crossings" explain the games; an unknown topic is refused."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import ref_rules  # noqa: E402
from harness import Env, ok, is_, contains, done, body_of  # noqa: E402

COMMANDS = ["signup", "change password", "change address", "signoff",
            "message", "vacation", "set", "history",
            "epaminondas challenge", "epaminondas accept", "epaminondas decline",
            "epaminondas move", "epaminondas resign", "epaminondas queue",
            "epaminondas submit", "epaminondas confirm", "epaminondas show",
            "epaminondas showas", "epaminondas games", "epaminondas chat",
            "epaminondas subscribe", "epaminondas unsubscribe",
            "epaminondas preview"]
OPENING = ("14x12 BBBBBBBBBBBBBB/BBBBBBBBBBBBBB/14/14/14/14/14/14/14/14/"
           "WWWWWWWWWWWWWW/WWWWWWWWWWWWWW w")

env = Env()
try:
    for subject in ("help", "help commands", "HELP Commands"):
        env.mail("dave@example.org", subject)
        msgs = env.new_messages()
        text = body_of(msgs[0]) if msgs else ""
        contains(text, "e.g. epaminondas challenge alice bob",
                 "'%s' gives the command list" % subject)
    for cmd in COMMANDS:
        ok(re.search(r"e\.g\. " + re.escape(cmd) + r"\b", text),
           "help commands has an example of %s" % cmd)
    # pbmserv forms and the filters of issue 14, and queue by reply.
    flat = " ".join(text.split())
    for want in ("e.g. all show alice next", "e.g. all games alice",
                 "e.g. delete alice Secret42",
                 "show USERID... [all|active|inactive|next]",
                 "showas USERID PASSWORD BOARD...|all|active|inactive|next",
                 "games USERID... [all|active|inactive|next]",
                 "change address USERID PASSWORD ADDRESS...",
                 "the other player is to move, queue e3-e7"):
        ok(want in flat, "help commands lists %s" % want)
    ok("each token works once" not in flat,
       "help commands does not say a token works once (it works until "
       "the board changes)")
    long = [l for l in text.replace("\r\n", "\n").split("\n")
            if len(l) > 72]
    ok(not long, "help commands has no line over 72 columns", long)
    legal = set(ref_rules.legal_moves(OPENING))
    first = [m for m in re.findall(r"e\.g\. epaminondas (?:move|submit) 101 alice "
                                   r"\S+ ([a-n]\d+[-x][a-n]\d+)", text)]
    ok(first and all(m in legal for m in first),
       "the example first moves are legal from the opening", first)
    env.mail("dave@example.org", "help rules")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "grace move", "help rules explains the grace move")
    env.mail("dave@example.org", "help crossings")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "only the", "help crossings explains its capture")
    env.mail("dave@example.org", "help chess")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "there is no help on 'chess'",
             "an unknown topic is refused with the list of topics")
finally:
    env.close()
done()
