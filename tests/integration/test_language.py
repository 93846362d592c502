#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32: each mail in its recipient's language, inside an MTA's pipe.

Every run has an empty environment, as `env -i` gives (no LANG, LC_*,
LANGUAGE or PATH: the C locale), and a tiny German catalogue of real
msgids, compiled here into the test's scratch directory (the setting
locale_dir), since po/LINGUAS has no language yet.  Shown: the setting
set ... language (stored in the user file; an older file reads as
English; a language without a catalogue refused with the list), admin
user show and language, the welcome's word on the language, a template
of the player's language (templates/de/NAME before templates/NAME), and
one run that writes the board mail to an English and a German player,
each in his own language, the English one's byte for byte as when both
are English."""
import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (Env, ok, is_, contains, done, body_of, to, refused,
                     TEMPLATES)
import langenv  # noqa: E402
from langenv import pipe_env, nls, skip_all, NO_NLS  # noqa: E402

# msgid, msgid_plural: the German forms (one, many).
GERMAN_PLURAL = {
    ("Reminder: %s, it has been your move on board %ld for %ld day.",
     "Reminder: %s, it has been your move on board %ld for %ld days."):
        ("Erinnerung: %1$s, du bist auf Brett %2$ld seit %3$ld Tag am Zug.",
         "Erinnerung: %1$s, du bist auf Brett %2$ld seit %3$ld Tagen am "
         "Zug."),
}
GERMAN = {
    "epamserv: unknown command '%s'\n": "epamserv: unbekannter Befehl '%s'\n",
    "wrong passwords tried": "falsche Passwörter versucht",
    "Last move in [brackets].  W white, B black, . empty, # blocked.":
        "Letzter Zug in [Klammern].  W weiß, B schwarz, . leer, # gesperrt.",
    "W white, B black, . empty, # blocked.":
        "W weiß, B schwarz, . leer, # gesperrt.",
    "Time control: %s.": "Bedenkzeit: %s.",
    "Your mails are now written in %s.":
        "Deine Mails sind jetzt auf %s geschrieben.",
    # The languages' names (services/lang.c), each in the reader's.
    "German": "Deutsch",
    "English": "Englisch",
    "'%1$.40s' is not a language of this server: write one of %2$s":
        "'%1$.40s' ist keine Sprache dieses Servers: schreibe eine von %2$s",
    # The headlines of a move (services/headline.c).
    "%s played %s.": "%s spielte %s.",
    "%s's queued move %s was played.":
        "Der vorgemerkte Zug %2$s von %1$s wurde gespielt.",
}


def catalogue(root):
    """root/locale/de/LC_MESSAGES/epamserv.mo from GERMAN; root/locale."""
    return langenv.catalogue(root, GERMAN, GERMAN_PLURAL)


def board_mails(env):
    """The board mails of the last run, by recipient address."""
    return {m.envelope_to[0]: body_of(m).replace("\r\n", "\n")
            for m in env.new_messages()}


def normal(text):
    """A board mail's text without what differs from spool to spool
    (tokens, times)."""
    return re.sub(r"\[#\w+\]|\d", "", text)


def game(env, german_bob):
    """alice (White) and bob play board 101; bob German when german_bob.
    Returns the board mails of alice's first move, by address."""
    env.players("alice", "bob")
    if german_bob:
        env.mail("bob@example.org", "set bob b language de")
    env.start_game("alice", "bob", 101)
    env.new_messages()
    rc, err = env.mail("alice@example.org", "epaminondas move 101 alice a a2-a3")
    ok(rc == 0, "alice's move: exit 0", err)
    return board_mails(env)


try:
    env = Env()
    locale = catalogue(env.root)
    pipe_env(env, locale)
    if not nls(env):
        skip_all(env, NO_NLS)
    # A template of the German players' own: templates/de/account.txt.
    templates = os.path.join(env.root, "templates")
    # (the English ones only: the tree's own templates/de/ stays out)
    shutil.copytree(TEMPLATES, templates, ignore=lambda d, names: [
        n for n in names if os.path.isdir(os.path.join(d, n))])
    os.makedirs(os.path.join(templates, "de"))
    with open(os.path.join(templates, "de", "account.txt"), "w") as f:
        f.write("epamserv (deutsche Vorlage): {{headline}}\n\n{{details}}\n")
    pipe_env(env, locale, templates)
    ok("LANG" not in env.env and "LANGUAGE" not in env.env and
       "LC_ALL" not in env.env and "PATH" not in env.env,
       "the runs get an empty environment, as from env -i")

    # -- the setting -------------------------------------------------------
    got = env.signup("alice@example.org", "alice", "a")
    welcome = [body_of(m) for m in got if "Welcome to epamserv" in body_of(m)]
    ok(welcome, "alice is welcomed")
    contains(welcome[0] if welcome else "",
             "Your mails are written in English.  This server "
             "writes English (en), German (de); to change it, send\n"
             "  set alice PASSWORD language LANGUAGE",
             "the welcome says the language and how to change it")
    ok("language:" not in env.user_file("alice"),
       "an English account's file has no language line (as before)")
    env.players("bob")
    env.new_messages()
    rc, err = env.mail("bob@example.org", "set bob b language DE")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1, "set bob b language de: one mail", err)
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "Deine Mails sind jetzt auf Deutsch geschrieben.",
             "the confirmation is the first mail in German, the language "
             "named in it, not its code")
    contains(text, "epamserv (deutsche Vorlage): setting changed",
             "... from the German template (templates/de/account.txt)")
    ok("language: de\n" in env.user_file("bob"), "stored in the user file")
    refused(env, "bob@example.org", "set bob b language fr",
            "'fr' ist keine Sprache dieses Servers: schreibe eine von en, de",
            "a language without a catalogue, refused in bob's German")
    refused(env, "alice@example.org", "set alice a language ../de",
            "'../de' is not a language of this server: write one of en, de",
            "a language that is no name, refused in alice's English")

    # -- admin user --------------------------------------------------------
    rc, out, err = env.run("admin", "user", "show", "bob")
    ok(rc == 0 and "language: de\n" in out, "admin user show: language de",
       out + err)
    rc, out, err = env.run("admin", "user", "language", "alice", "de",
                           "--reason", "asked by mail")
    ok(rc == 0 and "language: de" in env.user_file("alice"),
       "admin user language sets it", err)
    rc, out, err = env.run("admin", "user", "language", "alice", "en",
                           "--reason", "asked again")
    ok(rc == 0 and "language:" not in env.user_file("alice"),
       "... and back to English", err)
    rc, out, err = env.run("admin", "user", "language", "alice", "fr",
                           "--reason", "x")
    ok(rc == 64 and "'fr' is not a language of this server: give one of "
       "en, de" in err, "admin user language refuses a language without "
       "a catalogue", (rc, err))

    # A user file written before issue 32 (no language line) reads as
    # English.
    with open(os.path.join(env.spool, "users", "bob")) as f:
        old = f.read().replace("language: de\n", "")
    with open(os.path.join(env.spool, "users", "bob"), "w") as f:
        f.write(old)
    rc, out, err = env.run("admin", "user", "show", "bob")
    ok(rc == 0 and "language: en\n" in out,
       "a user file of the old code reads as English", out + err)
    env.close()

    # -- one run, two languages -------------------------------------------
    mixed = Env()
    pipe_env(mixed, catalogue(mixed.root))
    mails = game(mixed, True)
    a, b = mails.get("alice@example.org", ""), mails.get("bob@example.org", "")
    ok(a and b, "alice's move sends both players a board mail in one run")
    contains(b, "Letzter Zug in [Klammern].  W weiß, B schwarz, . leer, "
             "# gesperrt.", "bob's board mail is in German")
    contains(b, "Bedenkzeit:", "... all of it that the catalogue has")
    contains(b, "alice spielte a2-a3.", "... the headline of alice's move "
             "too: each reader's headline in his language")
    contains(a, "alice played a2-a3.", "alice's headline is English")
    contains(a, "Last move in [brackets].  W white, B black, . empty, "
             "# blocked.", "alice's board mail is in English")
    ok("Bedenkzeit" not in a and "Klammern" not in a,
       "... with no German in it", a)
    # The sweep reminds bob in German (no mail in hand: his language).
    rc, out, err = mixed.run("sweep", env={
        "EPAMSERV_NOW": str(int(time.time()) + 8 * 86400)})
    mails = board_mails(mixed)
    contains(mails.get("bob@example.org", ""),
             "Erinnerung: bob, du bist auf Brett 101 seit 8 Tagen am Zug.",
             "the sweep's reminder to bob is German, its plural too")
    contains(mails.get("bob@example.org", ""), "Letzter Zug in [Klammern].",
             "... and so is the board in it")
    # A stranger tries bob's password: bob is told in German.
    for i in range(3):
        mixed.mail("mallory@example.net",
                   "epaminondas move 101 bob wrong%d a11-a10" % i)
    notes = [body_of(m) for m in mixed.new_messages()
             if "bob@example.org" in m.envelope_to]
    ok(any("falsche Passwörter versucht" in n for n in notes),
       "the owner of the account hears of wrong passwords in his German, "
       "not in the stranger's English", notes)
    # The German player moves: his mail German, hers English.
    rc, err = mixed.mail("bob@example.org", "epaminondas move 101 bob b a11-a10")
    mails = board_mails(mixed)
    ok(rc == 0 and len(mails) == 2, "bob's move: a board mail to each", err)
    contains(mails.get("bob@example.org", ""), "Letzter Zug in [Klammern].",
             "bob's own move: his board mail is German")
    contains(mails.get("alice@example.org", ""), "Last move in [brackets].",
             "alice reads bob's move in English")
    ok("Bedenkzeit" not in mails.get("alice@example.org", ""),
       "... with no German in it")
    contains(mails.get("alice@example.org", ""), "bob played a11-a10.",
             "... his headline too")
    contains(mails.get("bob@example.org", ""), "bob spielte a11-a10.",
             "bob's headline is German")
    # A queued move played after the opponent's: each in his language.
    rc, err = mixed.mail("bob@example.org",
                         "epaminondas queue 101 bob b a10-a9")
    mixed.new_messages()
    rc, err = mixed.mail("alice@example.org",
                         "epaminondas move 101 alice a b2-b3")
    mails = board_mails(mixed)
    contains(mails.get("alice@example.org", ""), "alice played b2-b3. "
             "bob's queued move a10-a9 was played.",
             "the queued move's headline, English for alice")
    contains(mails.get("bob@example.org", ""), "alice spielte b2-b3. "
             "Der vorgemerkte Zug a10-a9 von bob wurde gespielt.",
             "... and German for bob")
    english = Env()
    pipe_env(english, catalogue(english.root))
    same = game(english, False)
    is_(normal(a), normal(same.get("alice@example.org", "")),
        "alice's mail is as it is when both players are English")
    mixed.close()
    english.close()
finally:
    done()
