#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A corpus of realistic mails (Gmail, Outlook, Apple Mail and iPhone
replies with their quoting; Thunderbird format=flowed Latin-1; HTML-only;
base64 UTF-8 with encoded words; a vacation reply; a delivery report; our
own mail looped back), each fed to `epamserv receive` in order, each with
its expected outcome in an X-Test-Expect header:

  reply-to=ADDR          exactly the replies go to ADDR (and the players)
  reply-contains=TEXT    ... one of which contains TEXT (rest of the line)
  comment=TEXT           ... the relayed comment TEXT reached the opponent
                         (decoded to UTF-8; the header itself is Latin-1)
  game-moves=N           board 101 then has N moves
  no-reply               nothing is sent at all
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, SRCDIR, ok, is_, contains, done, body_of

ORDER = ["gmail-reply-show", "outlook-reply-move", "apple-mail-reply",
         "iphone-reply", "thunderbird-flowed-latin1", "html-only-help",
         "vacation", "delivery-report", "looped-back", "base64-utf8-signup"]


def expectations(raw):
    m = re.search(rb"^X-Test-Expect: (.*)$", raw, re.M)
    text = m.group(1).decode("latin-1") if m else ""
    exp = {}
    for key in ("reply-to", "game-moves"):
        mm = re.search(key + r"=(\S+)", text)
        if mm:
            exp[key] = mm.group(1)
    for key in ("reply-contains", "comment"):
        mm = re.search(key + r"=(.*?)(?: [a-z-]+=|$)", text)
        if mm:
            exp[key] = mm.group(1)
    exp["no-reply"] = "no-reply" in text
    return exp


env = Env()
try:
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 101 bob b")
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    env.new_messages()
    corpus = os.path.join(SRCDIR, "tests", "mail", "corpus")
    is_(sorted(os.path.basename(p)[:-4] for p in glob.glob(corpus + "/*.eml")),
        sorted(ORDER), "every corpus mail has its place in the run")
    for name in ORDER:
        with open(os.path.join(corpus, name + ".eml"), "rb") as f:
            raw = f.read()
        exp = expectations(raw)
        rc, err = env.receive(raw)
        is_(rc, 0, "%s: handled (exit 0)" % name)
        msgs = env.new_messages()
        if exp["no-reply"]:
            is_(len(msgs), 0, "%s: never answered" % name)
            continue
        to = [m for m in msgs if exp["reply-to"] in m.envelope_to]
        ok(len(to) >= 1, "%s: answered to %s" % (name, exp["reply-to"]),
           "replies went to %s" % [m.envelope_to for m in msgs])
        texts = [body_of(m) for m in to]
        if "reply-contains" in exp:
            ok(any(exp["reply-contains"] in t for t in texts),
               "%s: the reply says '%s'" % (name, exp["reply-contains"]),
               "\n---\n".join(texts)[:1500])
        if "comment" in exp:
            other = [body_of(m) for m in msgs if m not in to]
            ok(any(exp["comment"] in t for t in other),
               "%s: the comment reaches the opponent" % name,
               "\n---\n".join(other)[:1500])
            ok(all("Sent from my iPhone" not in t and "wrote:" not in t
                   for t in other),
               "%s: the signature and the quote are not relayed" % name)
        if "game-moves" in exp:
            gf = env.game_file(101) or ""
            is_(gf.count("\nmove: "), int(exp["game-moves"]),
                "%s: board 101 has %s moves" % (name, exp["game-moves"]))
finally:
    env.close()
done()
