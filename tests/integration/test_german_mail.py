#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32, "Must show", with the real German catalogue the build
compiled (po/de.po) and every run in an emptied environment (env -i):

- a mixed run: ONE `batch --maildir` run answers carol (English), dora
  (German) and emil (English) and moves on a board of carol and dora;
  each mail is in its recipient's language (germancheck.German judges
  it; the English ones say the English sentence and are judged not
  German), emil's answer the same English as carol's: the language
  switched back after dora's;
- plurals in German at 0, 1, 2 and 5 in the sentences players read: the
  time left on dora's clock (days, hours, minutes: ngettext each, put
  together by "%1$s %2$s") shown by `zeige` at faked times, each as the
  compiled catalogue has it, singular and plural different;
- umlauts: the subject of dora's confirmation request ("bestätigen") is
  an RFC 2047 encoded-word, ASCII on the wire, decoded back by Python's
  email package to the catalogue's words; the text and HTML parts say
  charset=UTF-8 with a transfer encoding that carries it (8bit,
  quoted-printable or base64; 7bit only for ASCII) and decode to the
  umlauts and the ß;
- a game's end told to carol and dora in one run: why the ratings are
  unchanged, each in his language.
Skipped in a build without NLS (configure --disable-nls)."""
import gettext
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import (Env, ok, is_, contains, done, body_of,  # noqa: E402
                     make_mail, maildir_batch)
from germancheck import german_env  # noqa: E402

C, D, E = "carol@example.org", "dora@example.de", "emil@example.org"
T0 = 1796000400          # a fixed start for the clock's counts
DAY, HOUR, MINUTE = 86400, 3600, 60
# help.txt's first sentence, and templates/de/help.txt's.
ENGLISH_HELP = "Send each command as the Subject of a mail"
GERMAN_HELP = "Sende jeden Befehl als Betreff einer E-Mail"



env = Env()
try:
    judge = german_env(env)
    de = gettext.translation("epamserv", localedir=harness.LOCALEDIR,
                             languages=["de"])
    env.env["EPAMSERV_NOW"] = str(T0)

    # -- umlauts in a subject and a body ------------------------------------
    rc, err = env.mail(D, "anmelden dora d")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1, "dora's anmelden: one mail back", err)
    req = msgs[0] if msgs else None
    raw_head = req.raw.split(b"\r\n\r\n", 1)[0] if req else b""
    raw_subject = re.search(rb"^Subject:(.*(?:\r\n[ \t].*)*)", raw_head,
                            re.M | re.I)
    raw_subject = raw_subject.group(1) if raw_subject else b""
    ok(all(b < 128 for b in raw_subject) and
       re.search(rb"=\?utf-8\?[bq]\?", raw_subject, re.I),
       "the German subject is ASCII on the wire: RFC 2047 encoded-words",
       raw_subject)
    subject = " ".join(str(req["Subject"]).split()) if req else ""
    token = re.search(r"\[#(\w+)\]", subject)
    want = de.gettext("confirm %1$s [#%2$s] (reply to confirm your address "
                      "for epamserv)").replace("%1$s", "dora").replace(
                          "%2$s", token.group(1) if token else "?")
    is_(subject, want, "... decoded by Python's email package, the "
        "catalogue's words, umlauts and all")
    ok("bestätigen" in subject and "für" in subject,
       "... with its umlauts", subject)

    def charset_right(msg, what):
        """Each text part of msg: charset=UTF-8 and a transfer encoding
        that carries it."""
        for part in msg.walk():
            if part.get_content_maintype() != "text":
                continue
            ctype = part.get_content_type()
            cte = str(part.get("Content-Transfer-Encoding", "7bit")).lower()
            payload = part.get_payload(decode=False)
            ok(str(part.get_content_charset()).lower() == "utf-8",
               "%s, %s: charset=UTF-8" % (what, ctype), part["Content-Type"])
            ok(cte in ("8bit", "quoted-printable", "base64") or
               (cte == "7bit" and all(ord(c) < 128 for c in payload)),
               "%s, %s: the transfer encoding (%s) carries it"
               % (what, ctype, cte))
            text = part.get_content()
            ok("\ufffd" not in text, "%s, %s: decodes without a "
               "replacement character" % (what, ctype))

    charset_right(req, "the confirmation request")
    contains(body_of(req) if req else "", "dir gehört",
             "... its text decodes to the umlauts")
    rc, err = env.confirm(D, msgs)
    env.players("carol", "emil")
    env.new_messages()
    ok("language: de\n" in env.user_file("dora") and
       "language:" not in env.user_file("carol") + env.user_file("emil"),
       "dora is German, carol and emil English")
    env.start_game("dora", "carol", 101, "-time=10d")
    got = env.new_messages()
    board = [m for m in got if D in m.envelope_to]
    ok(board, "dora gets the board mail of the game's start")
    if board:
        charset_right(board[-1], "dora's board mail")
        contains(body_of(board[-1]), "Weiß", "... its text decodes to the ß")
        html = board[-1].get_body(preferencelist=("html",))
        ok(html is not None and "Weiß" in html.get_content(),
           "... and so does its HTML part")

    # -- one batch: English, German, English --------------------------------
    rc, err = maildir_batch(env, [
        (C, "help"), (D, "help"), (E, "help"),
        (D, "epaminondas move 101 dora d d2-d3"),
        (E, "epaminondas move 101 emil e d2-d3")])
    is_(rc, 0, "one batch --maildir run of five mails: exit 0")
    got = env.new_messages()
    is_([m.envelope_to[0] for m in got][:3], [C, D, E],
        "... answers carol, dora and emil in turn")
    mine = {}
    for m in got:
        mine.setdefault(m.envelope_to[0], []).append(m)
    is_(sorted((a, len(v)) for a, v in mine.items()), [(C, 2), (D, 2),
                                                        (E, 2)],
        "... and sends the board to carol and dora, and emil's refusal")
    for m in got:
        who = m.envelope_to[0]
        good, why = judge.is_german(m)
        if who == D:
            ok(good, "the batch's mail to dora is German", why)
        else:
            ok(not good, "the batch's mail to %s is not German" % who, why)
    if all(len(v) == 2 for v in mine.values()) and len(mine) == 3:
        contains(body_of(mine[C][0]), ENGLISH_HELP, "carol's help is English")
        contains(body_of(mine[D][0]), GERMAN_HELP, "dora's help is German")
        is_(body_of(mine[E][0]).replace("emil", "carol"),
            body_of(mine[C][0]), "emil's help, after dora's German in the "
            "same run, is carol's English")
        contains(body_of(mine[C][1]), "dora played d2-d3.",
                 "carol reads dora's move in English")
        contains(body_of(mine[D][1]), de.gettext("%s played %s.").replace(
            "%1$s", "%s").replace("%2$s", "%s") % ("dora", "d2-d3"),
            "dora reads it in German")
        contains(body_of(mine[E][1]), "How to write it:",
                 "emil's refusal is English")

    # -- plurals: the time left on dora's clock -----------------------------
    # carol is to move on 101 now; her turn began at T0 (every run of the
    # test so far at T0), -time=10d: her time left is 10 days less the
    # time passed.  dora shows the board at faked times.
    def unit(one, many, n):
        return de.ngettext(one, many, n) % n

    def left(d, h, m):
        if d:
            x, y = unit("%ld day", "%ld days", d), unit("%ld hour",
                                                        "%ld hours", h)
        elif h:
            x, y = unit("%ld hour", "%ld hours", h), unit(
                "%ld minute", "%ld minutes", m)
        else:
            return unit("%ld minute", "%ld minutes", m)
        return de.gettext("%1$s %2$s").replace("%1$s", x).replace("%2$s", y)

    shown = {}
    for d, h, m in ((5, 5, 0), (2, 2, 0), (1, 1, 0), (1, 0, 0), (0, 5, 5),
                    (0, 2, 2), (0, 1, 1), (0, 1, 0), (0, 0, 2), (0, 0, 1)):
        passed = 10 * DAY - (d * DAY + h * HOUR + m * MINUTE)
        env.receive(make_mail(D, "epaminondas zeige 101"), env={
            "EPAMSERV_NOW": str(T0 + passed)})
        msgs = env.new_messages()
        text = body_of(msgs[0]) if len(msgs) == 1 else ""
        want = "carol " + left(d, h, m)
        contains(text, want, "time left %dd %dh %dm: %r" % (d, h, m, want))
        shown[(d, h, m)] = want
    for n, words in ((1, ("1 Tag ", "1 Stunde", "1 Minute")),
                     (0, ("0 Stunden", "0 Minuten")),
                     (2, ("2 Tage ", "2 Stunden", "2 Minuten")),
                     (5, ("5 Tage ", "5 Stunden", "5 Minuten"))):
        for w in words:
            ok(any(v.endswith(w.strip()) or w in v for v in shown.values()),
               "German at %d: %r" % (n, w.strip()), shown)
    ok(not any(re.search(r"\b1 (Tage|Stunden|Minuten)\b", v)
               for v in shown.values()), "1 takes the singular", shown)

    # -- a stranger's refused German mail: its subject German too -----------
    rc, err = env.mail("fritz@example.de", "anmelden")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1, "a stranger's bare anmelden: one reply",
       err)
    got = " ".join(str(msgs[0]["Subject"]).split()) if msgs else ""
    is_(got, "Re: " + de.gettext("your mail to epamserv"),
        "... its subject in German, the catalogue's words")
    good, why = judge.is_german(msgs[0]) if msgs else (False, "no mail")
    ok(good, "... and the whole reply judged German", why)

    # -- a game's end told to each reader in his language --------------------
    # carol resigns 102 before any move: the ratings are unchanged, and
    # why is each reader's sentence (board.c keeps its msgid), not the
    # resigning player's.
    env.start_game("carol", "dora", 102)
    env.new_messages()
    env.mail(C, "epaminondas move 102 carol c resign")
    mine = {}
    for m in env.new_messages():
        mine.setdefault(m.envelope_to[0], []).append(body_of(m))
    why = ("unchanged: the game ended before both players had made a move")
    ok(de.gettext(why) != why, "the catalogue translates why")
    contains("\n".join(mine.get(D, [])), de.gettext(why),
             "dora reads why the ratings are unchanged in German")
    ok(why not in " ".join("\n".join(mine.get(D, [])).split()),
       "... and not in carol's English")
    contains("\n".join(mine.get(C, [])), why, "carol reads it in English")
finally:
    env.close()
done()
