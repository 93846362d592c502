#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32: what one player does is told to each player of the game in
HIS language, with the real German catalogue this build compiled.

alice writes English, bob and carol German.  Each of these sentences was
written once, in the language of the player who acted (or, for the loss
on time, in English whatever the reader's), and mailed so to the other:
the answer to a challenge, a draw offer and its refusal, a take-back
asked for and granted, conditional lines dropped (the owner's own note
too), a resignation, the loss on time by the sweep and by a claim, the
notice of the game's end to a player who asked for it (notify), the
robot's answer, and a tournament's board made by the server (that one
was English for all).  Now each board mail says them in its reader's language.  Also the
language's name, not its code, in the confirmation of set ... language
and in the welcome (lang.c's table of names), a German stranger's
welcome in German.

The German expected is read from the compiled catalogue (Python's
gettext), so that a better German wording does not break the test; a
German sentence's check also asserts the English is not there."""
import gettext
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, contains, done, body_of, LOCALEDIR  # noqa
from langenv import pipe_env, nls, skip_all, NO_NLS  # noqa: E402
from tourney import Clock, addr  # noqa: E402

A, B, C = "alice@example.org", "bob@example.org", "carol@example.org"


def cfmt(fmt, *args):
    """fmt (a C format of the catalogue: %s, %ld, %d, %1$s, %%) with
    args put in."""
    seq = [0]

    def put(m):
        if m.group(0) == "%%":
            return "%"
        if m.group(1):
            i = int(m.group(1)) - 1
        else:
            i = seq[0]
            seq[0] += 1
        return str(args[i])
    return re.sub(r"%%|%(?:(\d+)\$)?(?:ll|l|z)?[sdiu]", put, fmt)


def flat(text):
    """text with its lines joined: a headline may be wrapped."""
    return " ".join(text.split())


def mails(env):
    """The mails of the last run: their texts by recipient (joined when
    one gets several)."""
    out = {}
    for m in env.new_messages():
        for r in m.envelope_to:
            out[r] = out.get(r, "") + "\n" + flat(
                body_of(m).replace("\r\n", "\n"))
    return out


def says(text, want, other, name):
    """text holds want (whitespace flattened) and not other: the same
    sentence in the other language."""
    contains(text, flat(want), name)
    ok(flat(other) not in text, name + " (and not in the other language)",
       flat(other))


def both(got, en, german, name):
    """alice's mail of got says en, bob's german: each in his own."""
    says(got.get(A, ""), en, german, name + ": English for alice")
    says(got.get(B, ""), german, en, name + ": German for bob")


def run(env, sender, subject):
    rc, err = env.mail(sender, subject)
    ok(rc == 0, subject + ": exit 0", err)
    return mails(env)


def told(sender, subject, msgid, args, name):
    """sender's mail subject done: the msgid with args is English in
    alice's board mail, German in bob's.  Returns the mails."""
    got = run(env, sender, subject)
    both(got, cfmt(msgid, *args), cfmt(g(msgid), *args), name)
    return got


env = Env()
try:
    pipe_env(env, LOCALEDIR)
    mo = os.path.join(LOCALEDIR, "de", "LC_MESSAGES", "epamserv.mo")
    if not nls(env) or not os.path.exists(mo):
        skip_all(env, "no German catalogue (configure --disable-nls)")
    with open(mo, "rb") as f:
        de = gettext.GNUTranslations(f)
    g, ng = de.gettext, de.ngettext

    # -- the language's name -------------------------------------------
    # A German stranger's welcome names the languages in German.
    run(env, "dave@example.net", "anmelden dave d")
    rc, err = env.confirm("dave@example.net")
    welcome = mails(env).get("dave@example.net", "")
    names = ", ".join(cfmt(g("%1$s (%2$s)"), g(name), code)
                      for name, code in (("English", "en"), ("German", "de")))
    says(welcome, cfmt(g("Your mails are written in %1$s.  This server "
                         "writes %2$s; to change it, send\n  set %3$s "
                         "PASSWORD language LANGUAGE"), g("German"), names,
                       "dave"),
         "Your mails are written in", "dave's welcome: his language and "
         "the server's by their German names")
    env.players("alice", "bob", "carol")
    got = run(env, B, "set bob b language de")
    says(got.get(B, ""), cfmt(g("Your mails are now written in %s."),
                              g("German")),
         "language de.", "bob's confirmation names German in German")
    ok(g("German") != "German" and "Sprache de" not in got.get(B, ""),
       "... by its name, not its code", got.get(B, ""))
    run(env, C, "set carol c language de")

    # -- the challenge answered -----------------------------------------
    run(env, A, "epaminondas challenge alice bob by alice a")
    told(B, "epaminondas accept 101 bob b", "%s accepted the challenge: "
         "the game is on, %s (White) moves first.", ("bob", "alice"),
         "bob's accept")
    run(env, C, "epaminondas notify carol c 101")
    run(env, A, "epaminondas move 101 alice a a2-a3")
    run(env, B, "epaminondas move 101 bob b a11-a10")

    # -- a draw offered and refused --------------------------------------
    told(B, "epaminondas move 101 bob b propose", "%s offers a draw.",
         ("bob",), "bob's draw offer")
    told(A, "epaminondas move 101 alice a reject",
         "%s rejected %s's draw offer.", ("alice", "bob"), "alice's refusal")

    # -- a take-back asked for and granted --------------------------------
    told(B, "epaminondas move 101 bob b undo", "%s asks to take back %s.",
         ("bob", "a11-a10"), "bob's undo request")
    told(A, "epaminondas move 101 alice a accept", "%s agreed to take back "
         "%s's move %s.", ("alice", "bob", "a11-a10"), "alice grants it")

    # -- conditional lines dropped -----------------------------------------
    run(env, B, "epaminondas move 101 bob b a11-a10")
    run(env, B, "epaminondas conditional 101 bob b b2-b3 b11-b10")
    got = told(A, "epaminondas move 101 alice a c2-c3", "%s's conditional "
               "lines were dropped: %s played a move they did not foresee.",
               ("bob", "alice"), "bob's lines dropped")
    en = "None of your conditional lines on board 101 began with c2-c3: " \
         "they are dropped, and it is your move."
    says(got.get(B, ""), cfmt(g("None of your conditional lines on board "
                                "%ld began with %s: they are dropped, and "
                                "it is your move."), 101, "c2-c3"), en,
         "bob's own note, made in alice's run, is German")

    # -- the loss on time: the sweep, and carol's notice --------------------
    rc, out, err = env.run("sweep", env={
        "EPAMSERV_NOW": str(int(time.time()) + 120 * 86400)})
    got = mails(env)
    ok(rc == 0 and A in got and B in got and C in got,
       "bob loses on time: alice, bob and carol (notify) are told", err)
    en = "bob's time ran out on board 101: alice wins on time."
    german = cfmt(g("%s's time ran out on board %ld: %s wins on time."),
                    "bob", 101, "alice")
    both(got, en, german, "the loss on time")
    says(got.get(C, ""), german, en, "... and for carol, who asked to be "
         "told when the game ends")
    says(got.get(C, ""), g("%s  (You asked to be told when this game ends: "
                           "notify.)")[4:], "You asked to be told",
         "... her notice's own words German too")
    days = re.search(r"bob made no move on board 101 for (\d+) days",
                     got.get(A, ""))
    ok(days, "alice is told how long bob made no move", got.get(A, ""))
    n = int(days.group(1)) if days else 0
    says(got.get(B, ""), cfmt(ng("%s made no move on board %ld for %ld day "
                                 "and loses on time.", "%s made no move on "
                                 "board %ld for %ld days and loses on time.",
                                 n), "bob", 101, n),
         "bob made no move", "... how long, German for bob")

    # -- a resignation -------------------------------------------------------
    run(env, A, "epaminondas challenge alice bob by alice a")
    run(env, B, "epaminondas accept 102 bob b")
    got = run(env, B, "epaminondas resign 102 bob b")
    over = g("The game is over: %s.").split("%")[0]
    contains(got.get(A, ""), "The game is over: alice wins",
             "bob resigns: English for alice")
    ok(flat(over) not in got.get(A, ""), "... with no German in it",
       got.get(A, ""))
    says(got.get(B, ""), over, "The game is over:", "... German for bob")

    # -- a robot's answer --------------------------------------------------
    got = run(env, B, "epaminondas challenge robot-novice bob -size=8x8 "
              "by bob b")
    first = re.search(r"robot-novice (?:played|zieht) ([a-h]\d-[a-h]\d)",
                      got.get(B, ""))
    says(got.get(B, ""), cfmt(g("%1$s played %2$s."), "robot-novice",
                              first.group(1) if first else "?"),
         "robot-novice played", "the robot's first move: German for bob")
    move = "a8-a6" if first and first.group(1)[0] != "a" else "h8-h6"
    got = run(env, B, "epaminondas move 103 bob b " + move)
    reply = re.search(r"(?:answered|antwortet mit) ([a-h]\d[-x][a-h]\d)",
                      got.get(B, ""))
    ok(reply, "the robot answers bob's move", got.get(B, ""))
    says(got.get(B, ""), cfmt(g("%1$s answered %2$s."), "robot-novice",
                              reply.group(1) if reply else "?"),
         "robot-novice answered", "... in German")

    # -- a claim on time (-timeout=claim) ------------------------------------
    run(env, A, "epaminondas challenge alice bob -time=3d+1d/5d "
        "-timeout=claim by alice a")
    run(env, B, "epaminondas accept 104 bob b")
    run(env, A, "epaminondas move 104 alice a a2-a3")
    env.env["EPAMSERV_NOW"] = str(int(time.time()) + 30 * 86400)
    got = run(env, A, "epaminondas claim 104 alice a")
    del env.env["EPAMSERV_NOW"]
    en = "bob's time ran out on board 104: alice wins on time. alice " \
         "claimed the game."
    german = cfmt(g("%s's time ran out on board %ld: %s wins on time."),
                  "bob", 104, "alice") + " " + cfmt(g("%s claimed the game."),
                                                   "alice")
    both(got, en, german, "alice's claim")

    # -- a tournament's boards, made by the server --------------------------
    env.close()
    env = Env()
    pipe_env(env, LOCALEDIR)
    clock = Clock(env)
    env.players("erin", "fritz", "gabi")
    run(env, addr("fritz"), "set fritz f language de")
    run(env, addr("erin"), "epaminondas tournament create cup erin e "
        "-format=roundrobin")
    for u in ("fritz", "gabi"):
        run(env, addr(u), "epaminondas tournament join cup %s %s" % (u, u[0]))
    clock.tick()
    got = run(env, addr("erin"), "epaminondas tournament start cup erin e")
    made = "The server made this board for round %d of tournament %s " \
           "(Berger tables): %s plays White, %s Black.  Joining the " \
           "tournament was your accept: the game has begun."
    pairs = re.findall(r"for round (\d+) of tournament cup \(Berger "
                       r"tables\): (\w+) plays White, (\w+) Black",
                       got.get(addr("erin"), ""))
    ok(len(pairs) == 2, "erin reads of her two boards in English", pairs)
    for r, w, b in pairs:
        other = w if w != "erin" else b
        if other == "fritz":
            says(got.get(addr("fritz"), ""),
                 cfmt(g(made), int(r), "cup", w, b),
                 cfmt(made, int(r), "cup", w, b),
                 "the board erin and fritz play: German for fritz")
finally:
    env.close()
    done()
