#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Trust (issue 11), tried as an attacker would: nobody acts in another
player's name, and strangers get no mail they did not ask for.

Each check here failed on the code before issue 11: a stranger's
challenge started a game with the named Black's accept alone and relayed
the stranger's words; a signup of a third-party address made it a
target for `message`; spam without a command got an error reply; sixty
forged mails in a player's name used up his rate limit so that his real
move was dropped; a `multiple` mail of twenty password guesses ran
crypt(3) twenty times."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "fault"))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, body_of, to  # noqa: E402
from faultlib import shim_env, read_counts  # noqa: E402

A, B, M = "alice@example.org", "bob@example.org", "mal@example.net"
EVE = "eve@evil.example"          # a stranger: no account
VICTIM = "victim@target.example"  # an address nobody here owns
T0 = 1796000000
HOUR = 3600



def crypt_calls(env, mail, name):
    """Run one mail through receive under the counting shim: the number
    of crypt_rn(3) calls it made, and its exit status."""
    path = os.path.join(env.root, "counts-%s" % name)
    rc, err = env.receive(mail, env=shim_env(FAULT_COUNT_FILE=path))
    return read_counts(path).get("crypt", -1), rc, err


env = Env()
env.env["EPAMSERV_NOW"] = str(T0)
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(M, "mal", "pwM")
    env.new_messages()

    # -- consent ------------------------------------------------------------
    rc, err = env.mail(EVE, "epaminondas challenge alice bob",
                       "alice writes: I resign every game I play.")
    msgs = env.new_messages()
    is_(sorted(by_recipient(msgs)), [A, B],
        "a stranger's challenge: the invitation goes to the two players only")
    text = "\n".join(body_of(m) for m in msgs)
    ok("I resign every game" not in text and "writes:" not in text,
       "a stranger's challenge relays no text", text[:2000])
    contains(text, "Nobody has agreed to it yet",
             "the players are told that nobody has agreed")
    gf = env.game_file(101) or ""
    ok("state: challenged" in gf and "agreed:" not in gf,
       "an unsigned challenge is nobody's consent", gf)
    ok(msgs and msgs[0]["Subject"] == "Epaminondas Board 101 (alice v bob)"
       and harness.token_of(msgs[0]),
       "its subject names both players (the game's one subject), and it "
       "carries a token", msgs and msgs[0]["Subject"])
    env.mail(B, "epaminondas accept 101 bob pw2")
    msgs = env.new_messages()
    ok("state: challenged" in (env.game_file(101) or ""),
       "Black's accept alone does not start a game White never agreed to",
       env.game_file(101))
    contains(body_of(to(msgs, A)[0]) if to(msgs, A) else "",
             "it starts when alice accepts too", "alice is told it waits for her")
    rc, err = env.mail(A, "epaminondas decline 101 alice Secret1")
    env.new_messages()
    contains(env.game_file(101) or "", "result: cancelled (alice declined the "
             "challenge)", "White may decline an invitation she never agreed to")

    # A forced game: the accomplice's accept, even his signature, is not
    # alice's consent.
    env.mail(A, "epaminondas challenge alice mal")           # forged From
    env.mail(M, "epaminondas accept 102 mal pwM")
    env.mail(EVE, "epaminondas challenge alice mal by mal pwM")
    env.new_messages()
    ok("state: challenged" in (env.game_file(102) or "") and
       "state: challenged" in (env.game_file(103) or ""),
       "a forced game with an accomplice's accept (or signature) does not start")
    rc, err = env.mail(EVE, "epaminondas challenge alice bob by mal pwM")
    ok(env.game_file(104) is None, "a signature must be one of the two players'")
    msgs = env.new_messages()
    contains(body_of(to(msgs, M)[0]) if to(msgs, M) else "",
             "must name one of the two players",
             "the refusal goes to the signer's address on file")
    for b in (102, 103):
        env.mail(A, "epaminondas decline %d alice Secret1" % b)

    # A game that ends before both players have moved is not rated.
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 104 bob pw2")
    env.new_messages()
    env.mail(A, "epaminondas resign 104 alice Secret1")
    msgs = env.new_messages()
    ok(not os.path.exists(os.path.join(env.spool, "games", "epaminondas",
                                       "104.result")),
       "a game resigned before both players moved leaves no result record")
    contains(body_of(msgs[0]) if msgs else "", "Ratings: unchanged",
             "and the board mail says the ratings did not change")

    # -- addresses ------------------------------------------------------------
    env.mail(EVE, "signup victim vpw %s" % VICTIM)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [[VICTIM]],
        "signup of a third-party address: one mail, the request, to it alone")
    ok(msgs and str(msgs[0]["Subject"]).startswith("confirm victim"),
       "and it is the confirmation request")
    env.mail(EVE, "message victim vpw alice", "Buy cheap watches!")
    env.mail(M, "message mal pwM victim", "Buy cheap watches!")
    env.mail(M, "epaminondas challenge mal victim by mal pwM")
    env.mail(M, "epaminondas subscribe 105 victim vpw")
    env.mail(EVE, "signup victim2 pw2 %s" % VICTIM)
    env.mail(VICTIM, "signup victim3 pw3")
    request = msgs[0]["Subject"] if msgs else ""
    env.mail(VICTIM, "Re: " + " ".join(str(request).split()), "I am away.",
             headers={"Auto-Submitted": "auto-replied"})
    msgs = env.new_messages()
    is_(to(msgs, VICTIM), [],
        "message, challenge and more signups send nothing more to the "
        "unconfirmed address (one request a day; auto-replies never confirm)")
    is_(to(msgs, A), [], "the unconfirmed account's message reaches no one")
    with open(os.path.join(env.spool, "users", "victim")) as f:
        ufile = f.read()
    ok("request: " + VICTIM in ufile and "address: " not in ufile,
       "the auto-reply did not confirm the address", ufile)
    ok(not os.path.exists(os.path.join(env.spool, "users", "victim2")) and
       not os.path.exists(os.path.join(env.spool, "users", "victim3")),
       "signups that could not send their request made no account")
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 8 * 86400)})
    ok(not os.path.exists(os.path.join(env.spool, "users", "victim")),
       "an unconfirmed signup expires (confirm_days) and frees the userid", err)

    # -- no backscatter -----------------------------------------------------
    env.mail("spammer@spam.example", "Cheap watches", "Buy now!")
    env.mail("spammer@spam.example", "help",
             headers={"X-Spam-Flag": "YES", "X-Spam-Status": "Yes, score=9.9"})
    env.mail("spammer@spam.example", "epaminondas show 101",
             headers={"X-Spam-Status": "Yes, score=7.1 required=5.0"})
    is_(env.new_messages(), [],
        "no reply to a stranger's mail without a command, nor to spam")
    env.mail(A, "Hello there")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [[A]],
        "a player's mail without a command still gets its error reply")
    env.mail(EVE, "epaminondas show 101", "some text")
    msgs = env.new_messages()
    ok(msgs and not msgs[0].is_multipart() and
       len(msgs[0].raw) < 20000 and "some text" not in body_of(msgs[0]),
       "a stranger's reply is small, text only, and quotes nothing",
       msgs and msgs[0].get_content_type())
    env.mail(EVE, "epaminondas fly", "please")
    msgs = env.new_messages()
    ok(msgs and "> Subject" not in body_of(msgs[0]) and "please" not in body_of(msgs[0]),
       "a stranger's error reply quotes nothing")
    for i in range(3):
        env.receive(__import__("harness").make_mail(
            "s%d@strangers.example" % i, "help"),
            env={"EPAMSERV_STRANGER_REPLY_LIMIT": "2",
                 "EPAMSERV_NOW": str(T0 + 9 * HOUR)})
    is_(len(env.new_messages()), 2,
        "replies to strangers are limited for the whole server per hour")

    # -- rate limits that cannot be turned against a player -------------------
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 105 bob pw2")
    env.new_messages()
    for i in range(60):
        subject = ["epaminondas show 105", "help", "Hi!",
                   "epaminondas resign 105 alice"][i % 4]
        env.mail(A, subject)
    env.new_messages()
    rc, err = env.mail(A, "epaminondas move 105 alice Secret1 e2-e3")
    ok(rc == 0 and "move: 1 e2-e3" in (env.game_file(105) or ""),
       "60 forged mails in alice's name do not make her real move vanish",
       err[-600:])
    is_(sorted(by_recipient(env.new_messages())), [A, B],
        "and the new board goes to both players")

    T1 = T0 + 10 * HOUR
    later = {"EPAMSERV_RATE_LIMIT": "3", "EPAMSERV_NOW": str(T1)}
    # (Wrong passwords in a player's name can make his password checks
    # wait, below; his reply tokens still work.)
    for v in ("on", "off", "on"):
        env.receive(__import__("harness").make_mail(B, "set bob pw2 html %s" % v),
                    env=later)
    over = __import__("harness").make_mail(B, "set bob pw2 orientation black",
                                           msgid="<over.1@test.example>")
    rc, err = env.receive(over, env=later)
    is_(rc, 75, "a mail that proves its player, over his limit, is deferred (75)")
    msgs = env.new_messages()
    notice = [m for m in to(msgs, B) if "waits" in str(m["Subject"])]
    is_(len(notice), 1, "and the player is told once that a mail of his waits")
    rc, err = env.receive(over, env=later)
    is_((rc, [m for m in env.new_messages() if "waits" in str(m["Subject"])]),
        (75, []), "retried within the hour: deferred again, no second notice")
    ok("orientation: black" not in open(os.path.join(env.spool, "users",
                                                     "bob")).read(),
       "a deferred mail has no effect yet")
    rc, err = env.receive(over, env={"EPAMSERV_RATE_LIMIT": "3",
                                     "EPAMSERV_NOW": str(T1 + 2 * HOUR)})
    ok(rc == 0 and "orientation: black" in open(os.path.join(
        env.spool, "users", "bob")).read(),
        "the MTA's retry after the hour is carried out", err[-400:])
    env.new_messages()
    for i in range(4):
        rc, err = env.receive(__import__("harness").make_mail(
            "nobody%d@example.com" % (i // 4), "help"), env=later)
    ok(rc == 0 and "dropped" in err,
       "unproved mail over the sender's limit is dropped, never deferred", err)
    env.new_messages()

    # -- password guessing ----------------------------------------------------
    env.signup("gina@example.org", "gina", "Gpw1")
    env.new_messages()
    guesses = "".join("set gina Guess%d html on\n" % i for i in range(20))
    n, rc, err = crypt_calls(env, __import__("harness").make_mail(
        EVE, "multiple", guesses), "multiple")
    ok(n == 1, "a multiple mail of 20 password guesses runs crypt(3) once",
       "%d crypt calls, rc %d" % (n, rc))
    env.new_messages()
    four = "".join("set %s wrong html on\n" % u for u in ("alice", "bob", "mal", "gina"))
    n, rc, err = crypt_calls(env, __import__("harness").make_mail(
        EVE, "multiple", four), "accounts")
    ok(n <= 3, "one mail tries the passwords of at most 3 accounts", n)
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "at most 3 accounts",
             "the fourth is refused unchecked")
    for i in range(5):
        env.mail(EVE, "set gina Nope%d html on" % i)
    msgs = env.new_messages()
    told = [m for m in to(msgs, "gina@example.org")
            if "wrong passwords" in str(m["Subject"])]
    is_(len(told), 1, "the owner is told of failed attempts, once a day")
    n, rc, err = crypt_calls(env, __import__("harness").make_mail(
        EVE, "set gina Gpw1 html off"), "backoff")
    msgs = env.new_messages()
    ok(n == 0 and msgs and "not checked until" in " ".join(body_of(msgs[0]).split()),
       "during the back-off even the right password is not checked for "
       "other addresses", "%d crypt calls, %s" % (n, err[-600:]))
    # (Issue 29: the owner's own address is counted apart.)
    n, rc, err = crypt_calls(env, __import__("harness").make_mail(
        "gina@example.org", "set gina Gpw1 html off"), "owner")
    msgs = env.new_messages()
    ok(n == 1 and "html: off" in env.user_file("gina"),
       "but the owner's mail from her address is checked and carried out",
       "%d crypt calls, %s" % (n, err[-300:]))
    env.mail(A, "epaminondas challenge alice gina by alice Secret1")
    msgs = env.new_messages()
    mine = to(msgs, "gina@example.org")
    rc, err = harness.reply(env, "gina@example.org", mine[0], "accept")
    ok("result: active" in (env.game_file(106) or ""),
       "a reply token still works during the back-off", err[-400:])
finally:
    env.close()
done()
