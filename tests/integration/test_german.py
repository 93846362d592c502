#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32 items 4 and 2: German words players type, and a stranger's
mail written in German.

The German command words (table.c's cmdt_de: hilfe, anmelden,
herausfordern, annehmen, zug, zeige, aufgeben, ...) work as their
English verbs, for every player whatever his language (the replies stay
in his language).  A stranger's mail is answered in German when it is
written in German (a German command word, a subject starting AW: or
WG:, Content-Language: de) and the server has a German catalogue, else
in default_language; a signup from such a mail starts the account in
German.  Run as an MTA's pipe runs it (an empty environment), with a
test catalogue compiled into the scratch directory (the German one of
po/ is not relied on)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, contains, done, body_of  # noqa: E402
from langenv import catalogue, pipe_env, nls, skip_all, NO_NLS  # noqa: E402

GERMAN_HELP = "Sende jeden Befehl als Betreff einer E-Mail"
ENGLISH_HELP = "Send each command as the Subject of a mail"
# The one message langenv.nls looks for.
NLS_PROBE = {"epamserv: unknown command '%s'\n":
             "epamserv: unbekannter Befehl '%s'\n"}


def texts(env):
    """The bodies of the mails of the last run, by recipient address."""
    out = {}
    for m in env.new_messages():
        out.setdefault(m.envelope_to[0], []).append(
            body_of(m).replace("\r\n", "\n"))
    return out


def one_reply(env, sender, subject, name, headers=None, body=""):
    """The one mail a stranger's (or player's) mail gets back."""
    rc, err = env.mail(sender, subject, body, headers=headers)
    got = texts(env).get(sender, [])
    ok(rc == 0 and len(got) == 1, name + ": one reply", (rc, err, got))
    return got[0] if got else ""


envs = []
try:
    # -- a stranger's mail in German ---------------------------------------
    env = Env()
    envs.append(env)
    locale = catalogue(env.root, NLS_PROBE)
    pipe_env(env, locale)
    if not nls(env):
        skip_all(env, NO_NLS)
    text = one_reply(env, "zoe@example.net", "hilfe", "a stranger's hilfe")
    contains(text, GERMAN_HELP, "... is answered in German")
    text = one_reply(env, "zoe@example.net", "help", "a stranger's help")
    contains(text, ENGLISH_HELP, "... help, in default_language (English)")
    text = one_reply(env, "zoe@example.net", "AW: help",
                     "a stranger's help in a German client's reply")
    contains(text, GERMAN_HELP, "... AW: is answered in German")
    text = one_reply(env, "zoe@example.net", "help", "Content-Language: de-DE",
                     headers={"Content-Language": "de-DE"})
    contains(text, GERMAN_HELP, "... is answered in German")
    text = one_reply(env, "zoe@example.net", "help", "Content-Language: deu",
                     headers={"Content-Language": "deu-x"})
    contains(text, ENGLISH_HELP, "... a tag that is not de is not German")
    text = one_reply(env, "zoe@example.net", "epaminondas hilfe",
                     "a stranger's epaminondas hilfe")
    ok(ENGLISH_HELP not in text, "... is not answered in English", text)

    rc, err = env.mail("carl@example.net", "anmelden carl c")
    ok(rc == 0 and "language: de\n" in env.user_file("carl"),
       "a stranger's anmelden starts the account in German", err)
    texts(env)
    rc, err = env.mail("dora@example.net", "signup dora d",
                       headers={"Content-Language": "de"})
    ok(rc == 0 and "language: de\n" in env.user_file("dora"),
       "... and so does a signup with Content-Language: de", err)
    texts(env)
    rc, err = env.mail("emil@example.net", "signup emil e")
    ok(rc == 0 and "language:" not in env.user_file("emil"),
       "a signup in English starts the account in English", err)
    texts(env)
    # A player's mail is answered in his own language, whatever its words.
    env.players("alice")
    env.new_messages()
    text = one_reply(env, "alice@example.org", "AW: hilfe",
                     "an English player's AW: hilfe",
                     headers={"Content-Language": "de"})
    contains(text, ENGLISH_HELP, "... is answered in his English")
    env.close()

    # -- the German words, for English players (no catalogue needed) ------
    env = Env()
    envs.append(env)
    env.players("alice", "bob")
    env.new_messages()
    text = one_reply(env, "alice@example.org", "hilfe", "alice's hilfe")
    contains(text, ENGLISH_HELP, "hilfe is help; the English player's help "
             "is English")
    text = one_reply(env, "alice@example.org", "epaminondas hilfe zug",
                     "epaminondas hilfe zug")
    contains(text, "epamserv: help on move",
             "help on zug is move's help")
    rc, err = env.mail("alice@example.org",
                       "epaminondas herausfordern alice bob by alice a")
    ok(rc == 0 and texts(env), "herausfordern is challenge", err)
    rc, err = env.mail("bob@example.org", "epaminondas ANNEHMEN 101 bob b")
    got = texts(env)
    ok(rc == 0 and "alice@example.org" in got and "bob@example.org" in got,
       "annehmen (any case) is accept: the game starts, both get a board",
       (err, got))
    rc, err = env.mail("alice@example.org",
                       "epaminondas zug 101 alice a a2-a3")
    got = texts(env)
    contains("\n".join(got.get("bob@example.org", [])), "a2-a3",
             "zug is move: bob gets alice's move")
    contains("\n".join(got.get("alice@example.org", [])),
             "Last move in [brackets].",
             "... and alice's board mail is English")
    text = one_reply(env, "bob@example.org", "epaminondas zeige 101",
                     "zeige is show")
    contains(text, "a2-a3", "... the board after alice's move")
    rc, err = env.mail("bob@example.org", "epaminondas aufgeben 101 bob b")
    got = texts(env)
    contains("\n".join(got.get("alice@example.org", [])), "resign",
             "aufgeben is resign: alice hears of it")
    text = one_reply(env, "alice@example.org", "urlaub alice a 2099-12-24",
                     "urlaub is vacation")
    ok("not a command" not in text and "unknown" not in text,
       "... not refused as unknown", text)
    # A German word hides the same secrets as its verb (auth_words): the
    # challenge's signer, not the challenged player, proves a password;
    # nothing is charged to the challenged player; the password stays
    # out of what the opponent reads.
    env.signup("carol@example.org", "carol", "Geheim77")
    env.new_messages()
    with open(env.log, encoding="utf-8") as f:
        before = f.read()
    rc, err = env.mail("bob@example.org",
                       "epaminondas herausfordern alice bob by bob b")
    got = texts(env)
    ok(rc == 0 and "alice@example.org" in got and
       "already tried" not in "\n".join(got.get("bob@example.org", [])),
       "herausfordern signed by Black (bob) is a challenge to alice",
       (err, got))
    rc, err = env.mail("carol@example.org", "epaminondas herausfordern "
                       "carol alice by carol Geheim77",
                       "Lust auf eine Partie?\n")
    got = texts(env)
    ok(rc == 0 and "alice@example.org" in got and
       "Geheim77" not in "\n".join(got.get("alice@example.org", [])),
       "carol's German challenge reaches alice without carol's password",
       got)
    with open(env.log, encoding="utf-8") as f:
        after = f.read()[len(before):]
    ok("wrong-password" not in after and "wrong password" not in after,
       "... and no wrong password is counted against anyone", after)
    env.close()

    # -- no German catalogue: default_language -----------------------------
    env = Env()
    envs.append(env)
    pipe_env(env, os.path.join(env.root, "no-catalogues"))
    text = one_reply(env, "zoe@example.net", "hilfe",
                     "hilfe where no German catalogue is installed")
    contains(text, ENGLISH_HELP, "... is answered in English")
    rc, err = env.mail("carl@example.net", "anmelden carl c")
    ok(rc == 0 and "language:" not in env.user_file("carl"),
       "... and anmelden starts the account in English", err)
    env.close()
finally:
    for e in envs:     # a failure must not leave an SMTP server behind
        e.close()
    done()
