#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32, "Must show": a whole German game by mail, with the real
German catalogue the build compiled (po/de.po) and the tree's German
templates, through the SMTP server on loopback, every run of epamserv
with an emptied environment as an MTA's pipe gives it (env -i: no LANG,
LANGUAGE, LC_* or PATH; no de_DE locale needed).

Two strangers sign up by writing `anmelden` and confirm by replying
(AW:); anna challenges bernd (herausfordern), he accepts (annehmen); the
moves are replies to the board mails as a German iPhone writes them
(subject AW:, the move, "Von meinem iPhone gesendet", "Am ... schrieb
...:" and the board quoted under it); Black's e4xb1 is a crossing, and
White's board mail names its threat; an illegal move is refused;
`hilfe`; a draw offered and refused by replies; the sweep's reminder
(a faked clock); anna resigns (aufgeben); the result.
EVERY mail is judged German by germancheck.German: no English phrase
of the catalogue in it, no two English-only words in a row, its words
German.  The check can fail: bernd's result mail with one English
sentence added (one never marked, one of the catalogue) is judged NOT
German, and so are, after anna switches to English, the same kinds of
mail (help, an error, a board, the confirmation).  Skipped in a
build without NLS (configure --disable-nls, as make distcheck builds)."""
import email.message
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, body_of  # noqa: E402
from germancheck import german_env  # noqa: E402
# 8x8: Black's e4xb1 leaves an intruder on b1, which White must capture.
from browser import CROSSING  # noqa: E402

A = "anna@example.de"
B = "bernd@example.de"
PW = {A: "anna geheim1", B: "bernd geheim2"}
ATTRIBUTION = "Am 5. Dezember 2026 um 10:12 schrieb epamserv " \
    "<epamserv@games.example>:"



def iphone_reply(env, sender, m, text):
    """sender's reply to our mail m as German iPhone Mail writes it: AW:,
    his text, the footer, the attribution and m's text quoted."""
    quoted = "\n".join("> " + l for l in
                       body_of(m).replace("\r\n", "\n").split("\n"))
    body = "%s\n\nVon meinem iPhone gesendet\n\n%s\n\n%s\n" % (
        text, ATTRIBUTION, quoted)
    return harness.reply(env, sender, m, body,
                         subject="AW: " + str(m["Subject"]))


env = Env()
judge = None
log = []       # (what, recipient, message): every mail of the game


def take(what, want=None):
    """The mails of the last run, each judged German and kept in log;
    by recipient address.  want: the addresses that must get one."""
    got = {}
    for m in env.new_messages():
        got.setdefault(m.envelope_to[0], []).append(m)
        log.append((what, m.envelope_to[0], m))
        good, why = judge.is_german(m)
        ok(good, "%s: the mail to %s is German" % (what, m.envelope_to[0]),
           why + "\n" + body_of(m)[:3000])
    if want is not None:
        is_(sorted(got), sorted(want), "%s: mails to %s" % (what, want))
    return got


try:
    judge = german_env(env)
    ok("LANG" not in env.env and "LANGUAGE" not in env.env and
       "PATH" not in env.env and not any(k.startswith("LC_") for k in env.env),
       "every run gets an empty environment, as from env -i")

    # -- two strangers sign up in German ------------------------------------
    for addr, creds in ((A, PW[A]), (B, PW[B])):
        userid = creds.split()[0]
        rc, err = env.mail(addr, "anmelden " + creds)
        got = take("%s's anmelden" % userid, [addr])
        ok(rc == 0 and "language: de\n" in env.user_file(userid),
           "%s's account is German" % userid, err)
        req = got.get(addr, [None])[0]
        subject = " ".join(str(req["Subject"]).split()) if req else ""
        ok(subject.startswith("confirm %s [#" % userid),
           "the confirmation request keeps the words read back", subject)
        rc, err = harness.reply(env, addr, req, "Ja, das bin ich.\n\n"
                                "Von meinem iPhone gesendet\n",
                                subject="AW: " + subject)
        got = take("%s's confirmation" % userid, [addr])
        # The welcome (templates/de/signup.txt): its first paragraphs
        # wrapped whole with the address put in, no word left alone on
        # a line of its own.
        welcome = body_of(got[addr][0]).replace("\r\n", "\n") \
            if got.get(addr) else ""
        lone = [l for l in welcome.split("\n\n")[1].split("\n")
                if len(l.split()) == 1] if "\n\n" in welcome else ["?"]
        ok(not lone, "%s's welcome: no word alone on a line" % userid,
           welcome[:800])
        ok(rc == 0 and "\nrequest: " not in env.user_file(userid) and
           "address: " + addr in env.user_file(userid),
           "%s confirmed the address" % userid, env.user_file(userid))

    # -- hilfe ---------------------------------------------------------------
    rc, err = env.mail(A, "hilfe")
    take("hilfe", [A])

    # -- the challenge and its acceptance -------------------------------------
    rc, err = env.mail(A, "epaminondas herausfordern anna bernd -size=8x8 "
                       "by " + PW[A])
    take("herausfordern", None)
    rc, err = env.mail(B, "epaminondas annehmen 101 " + PW[B])
    got = take("annehmen", [A, B])
    latest = {a: got[a][-1] for a in got}

    # -- the moves, each a German iPhone reply to the mover's board mail -----
    for i, mv in enumerate(CROSSING):
        who = A if i % 2 == 0 else B
        rc, err = iphone_reply(env, who, latest[who], mv)
        got = take("%s's reply %s" % (who.split("@")[0], mv), [A, B])
        ok(rc == 0, "the reply %s: exit 0" % mv, err)
        for a in got:
            latest[a] = got[a][-1]
        if i == 0:
            text = body_of(got[B][-1])
            contains(text, "anna", "bernd's board mail names anna's move")
            ok("iPhone" not in text and "schrieb" not in text,
               "... and relays neither the footer nor the attribution",
               text)
    gf = env.game_file(101) or ""
    ok(all(mv in gf for mv in CROSSING), "every reply's move was played", gf)

    # -- the crossing and its threat -----------------------------------------
    # (the sentence as the German catalogue has it)
    threat = judge.translation("White must capture the intruder on %s or "
                               "cross, or lose") % "b1"
    ok(threat != "White must capture the intruder on b1 or cross, or lose",
       "the catalogue translates the threat", threat)
    contains(body_of(latest[A]), threat, "anna's board mail after the "
             "crossing names its threat, in German")
    contains(body_of(latest[B]), threat, "... and so does bernd's")

    # -- an illegal move -------------------------------------------------------
    rc, err = iphone_reply(env, A, latest[A], "a1-a8")
    got = take("an illegal move", [A])
    ok("a1-a8" not in (env.game_file(101) or ""), "it is not played")

    # -- a draw offered and refused, by replies ---------------------------------
    rc, err = iphone_reply(env, B, latest[B], "propose")
    got = take("bernd's offer of a draw", [A, B])
    for a in got:
        latest[a] = got[a][-1]
    contains(body_of(latest[A]), judge.translation("%s offers a draw.")
             % "bernd", "anna reads the offer in German")
    rc, err = iphone_reply(env, A, latest[A], "reject")
    got = take("anna's refusal", [A, B])
    for a in got:
        latest[a] = got[a][-1]

    # -- the reminder: the sweep a week on -------------------------------------
    rc, out, err = env.run("sweep", env={
        "EPAMSERV_NOW": str(int(time.time()) + 8 * 86400)})
    got = take("the sweep's reminder", [A])

    # -- anna resigns: the result ---------------------------------------------
    rc, err = env.mail(A, "epaminondas aufgeben 101 " + PW[A])
    got = take("aufgeben", [A, B])
    contains(env.game_file(101) or "", "end: resign anna",
             "the game file records anna's resignation")

    # -- the check can fail: one English sentence in a German mail ------------
    # (a sentence never marked, so in no msgid, and one of a msgid)
    result = got.get(B, [None])[-1]
    for sentence in ("anna's time ran out on board 101: bernd wins on time.",
                     "This sentence is in no catalogue.",
                     "Ratings: unchanged: the game ended before both "
                     "players had made a move."):
        bad = email.message.EmailMessage()
        bad["Subject"] = result["Subject"] if result else ""
        bad.set_content(body_of(result) + "\n" + sentence + "\n")
        ok(not judge.is_german(bad)[0], "the check fails on bernd's German "
           "result mail with %r added" % sentence)

    # -- the check can fail: the same kinds of mail in English -----------------
    rc, err = env.mail(A, "set %s language en" % PW[A])
    english = env.new_messages()
    for subject in ("help", "epaminondas show 101",
                    "epaminondas move 101 %s a1-a8" % PW[A]):
        env.mail(A, subject)
        english += env.new_messages()
    ok(len(english) >= 4, "anna, now English, gets her mails",
       [m["Subject"] for m in english])
    for m in english:
        good, why = judge.is_german(m)
        ok(not good, "the check fails on anna's English mail %r"
           % " ".join(str(m["Subject"]).split()), body_of(m)[:1500])
finally:
    env.close()
done()
