#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Confirmed addresses and consent beyond the attacks of test_trust.py:
several addresses confirmed each on its own, a signup sent again, tokens
of another account, spools and game files from before issue 11 (user
files and their addresses count as confirmed, the address index is
built, an open challenge needs both players' accept), observers shown,
capped and forbidden, and a stranger's long answer kept small."""
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, body_of, to, make_mail  # noqa: E402

A, B = "alice@example.org", "bob@example.org"
D1, D2 = "dora@home.example", "dora@work.example"
T0 = 1796000000
DAY = 86400




env = Env()
env.env["EPAMSERV_NOW"] = str(T0)
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.new_messages()

    # -- two addresses, each confirmed on its own ----------------------------
    env.mail(D1, "signup dora pwd %s %s" % (D1, D2))
    msgs = env.new_messages()
    is_(sorted(by_recipient(msgs)), [D1, D2],
        "a signup with two addresses sends a request to each, nothing else")
    ok(all(str(m["Subject"]).startswith("confirm dora [#") for m in msgs),
       "both are confirmation requests", [m["Subject"] for m in msgs])
    tokens = [re.search(r"\[#(\w+)\]", str(m["Subject"])).group(1) for m in msgs]
    ok(len(set(tokens)) == 2, "each address has a token of its own")
    env.confirm(D2, msgs)
    got = env.new_messages()
    is_([m.envelope_to for m in got], [[D2]],
        "confirming one address: the welcome goes to it alone")
    env.mail(A, "epaminondas challenge alice dora by alice Secret1")
    got = env.new_messages()
    ok(to(got, D2) and not to(got, D1),
       "the player's mail goes to the confirmed address only")
    env.confirm(D1, msgs)
    got = env.new_messages()
    is_([m.envelope_to for m in got], [[D1]],
        "confirming the other: a notice to it")
    contains(body_of(got[0]) if got else "", "now confirmed",
             "which says it is confirmed")
    env.mail(D1, "epaminondas accept 101 dora pwd")
    got = env.new_messages()
    ok(to(got, D1) and to(got, D2),
       "then board mails go to both confirmed addresses",
       [m.envelope_to for m in got])

    # -- a signup sent again, another account's token ---------------------------
    E = "erin@example.org"
    env.mail(E, "signup erin pwe")
    first = env.new_messages()
    env.mail(E, "signup erin pwe")
    is_(env.new_messages(), [],
        "the same signup again the same day sends nothing (one request a day)")
    env.mail("other@example.org", "signup erin other")
    is_(to(env.new_messages(), E), [], "and nobody else can take the userid")
    later = {"EPAMSERV_NOW": str(T0 + DAY + 60)}
    env.receive(make_mail(E, "signup erin pwe"), env=later)
    second = env.new_messages()
    is_([m.envelope_to for m in second], [[E]],
        "a day later the same userid and password send a new request")
    env.receive(make_mail(E, "Re: " + " ".join(str(first[0]["Subject"]).split())),
                env=later)
    env.new_messages()
    ok("address: " not in (env.user_file("erin") or ""),
       "the first request's token no longer works")
    subj = " ".join(str(second[0]["Subject"]).split())
    tok = re.search(r"\[#(\w+)\]", subj).group(1)
    before = env.user_file("alice")
    env.receive(make_mail(E, "confirm alice [#%s]" % tok), env=later)
    ok(env.user_file("alice") == before and
       "address: " not in (env.user_file("erin") or ""),
       "a token confirms nothing for another account")
    env.receive(make_mail(E, "Re: " + subj), env=later)
    contains(env.user_file("erin") or "", "address: %s " % E,
             "the new request's reply confirms the address")
    env.new_messages()

    # -- observers --------------------------------------------------------------
    env.signup("carol@example.org", "carol", "pw3")
    env.signup("fred@example.org", "fred", "pw5")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")     # 102
    env.mail(B, "epaminondas accept 102 bob pw2")
    env.new_messages()
    rc, err = env.receive(make_mail("carol@example.org",
                                    "epaminondas subscribe 102 carol pw3"),
                          env={"EPAMSERV_MAX_OBSERVERS": "1"})
    rc, err = env.receive(make_mail("fred@example.org",
                                    "epaminondas subscribe 102 fred pw5"),
                          env={"EPAMSERV_MAX_OBSERVERS": "1"})
    got = env.new_messages()
    contains(body_of(to(got, "fred@example.org")[0]) if to(got, "fred@example.org")
             else "", "as many observers as a board may (1)",
             "a board takes at most max_observers observers")
    env.mail(A, "epaminondas move 102 alice Secret1 e2-e3")
    got = env.new_messages()
    contains(body_of(to(got, B)[0]) if to(got, B) else "", "Observers: carol.",
             "the players' board mails name who observes")
    env.mail(A, "epaminondas challenge alice bob -observers=off by alice Secret1")  # 103
    got = env.new_messages()
    contains(body_of(to(got, B)[0]) if to(got, B) else "", "-observers=off",
             "the options line shows -observers=off")
    env.mail("carol@example.org", "epaminondas subscribe 103 carol pw3")
    got = env.new_messages()
    contains(body_of(got[0]) if got else "", "chose to play without observers",
             "-observers=off: nobody may subscribe")

    # -- a stranger's long answer stays small --------------------------------------
    # (25 challenges from alice to bob in a day: past the 5 one player
    # may send another, issue 29, unless the limit is off)
    env.env["EPAMSERV_CHALLENGES_PER_DAY"] = "0"
    for i in range(25):
        env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    del env.env["EPAMSERV_CHALLENGES_PER_DAY"]
    env.new_messages()
    env.mail("stranger@nowhere.example", "epaminondas show alice all")
    got = env.new_messages()
    ok(got and len(got[0].raw) <= 16384 and not got[0].is_multipart(),
       "a stranger's show USERID all is at most 16 KiB of text",
       got and len(got[0].raw))
    contains(body_of(got[0]) if got else "", "Shown: the first",
             "and says how much it shows")

    # -- a spool from before issue 11 ----------------------------------------------
    v1 = ("epamserv-user 1\nuserid: %s\npassword: %s\naddress: %s\n"
          "created: 2026-11-01T10:00:00Z\n")
    with open(os.path.join(env.spool, "users", "alice")) as f:
        hash_a = re.search(r"(?m)^password: (.*)$", f.read()).group(1)
    for uid, addr in (("gus", "gus@old.example"), ("hal", "hal@old.example")):
        with open(os.path.join(env.spool, "users", uid), "w") as f:
            f.write(v1 % (uid, hash_a, addr))
    shutil.rmtree(os.path.join(env.spool, "addresses"))
    env.mail("gus@old.example", "Hello, anyone there?")
    got = env.new_messages()
    is_([m.envelope_to for m in got], [["gus@old.example"]],
        "an old spool: the address index is built, and a player's mail "
        "without a command is answered")
    ok(os.path.exists(os.path.join(env.spool, "addresses", ".complete")),
       "the index says it is complete")
    # An open challenge of a version 4 file: nobody agreed yet.
    env.mail("gus@old.example", "epaminondas challenge gus hal by gus Secret1")
    env.new_messages()
    path = os.path.join(env.spool, "games", "epaminondas", "129.game")
    with open(path) as f:
        text = f.read()
    ok("agreed: gus" in text, "a challenge between old accounts is made", text[:400])
    with open(path, "w") as f:
        f.write(re.sub(r"(?m)^agreed: .*\n", "",
                       text.replace("epamserv-game 6", "epamserv-game 4")))
    env.mail("hal@old.example", "epaminondas accept 129 hal Secret1")
    env.new_messages()
    contains(env.game_file(129) or "", "state: challenged",
             "a challenge open in a version 4 file needs both players' accept")
    env.mail("gus@old.example", "epaminondas accept 129 gus Secret1")
    env.new_messages()
    contains(env.game_file(129) or "", "result: active", "and starts with both")
finally:
    env.close()
done()
