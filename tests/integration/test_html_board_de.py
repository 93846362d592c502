#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32, "Must show": the German board mails on a 390 px phone, in
headless Chromium, with the real German catalogue the build compiled
(po/de.po) and the tree's German templates, every run in an emptied
environment (env -i).  German words are longer than English ones
("Eindringling", "durchbrechen", "Bedenkzeit", the answer links'
labels): nothing may overflow.

anna and bernd (both German) play the 8x8 game of test_html_board.py to
Black's crossing e4xb1, and bernd offers a draw: anna's board mail has
the threat, the answer links (accept, reject, move, resign) and the
legend.  Its HTML part at 390 px: the page and the board fit the
screen, the commands are monospace and wrap rather than overflow, the
threat is emphasised and German, the links' labels are the catalogue's.
Its text part, as a phone shows plain text (a <pre> of 390 px): no
horizontal scrolling, no board row broken.  bernd's compact 14x12 board
likewise.  Every mail is judged German (germancheck.py).  Screenshots
kept as tests/artifacts/html-board-de-390.png,
text-board-de-390.png and text-board-compact-de-390.png (the build
directory's, or EPAMSERV_ARTIFACTS).  Skipped in a build without NLS."""
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, body_of  # noqa: E402
from germancheck import german_env  # noqa: E402
from browser import (CHROMIUM, ARTIFACTS, TEXT_WRAPPER,  # noqa: E402
                     chromium, html_of, play_crossing, text_page)

A = "anna@example.de"
B = "bernd@example.de"
WIDTH = 390



def board_rows(text):
    """The rows of a text board ("  8  B  .  W ... 8")."""
    return [l for l in text.replace("\r\n", "\n").split("\n")
            if re.match(r"^ *\d+ +[WB.#*\[]", l)]


def text_fits(env, text, name, rows):
    """text shown as a phone shows plain text at WIDTH px: no horizontal
    scrolling and each of its rows board rows on one screen line;
    screenshot kept as ARTIFACTS/name-de-390.png."""
    shot = os.path.join(env.root, "%s-de-%d.png" % (name, WIDTH))
    r, dom = chromium(text_page(text), env.root, WIDTH, False, shot,
                      TEXT_WRAPPER, name)
    ok(r is not None, "Chromium renders the %s" % name, dom[:1500])
    if r is None:
        return
    ok(r["scroll"] <= r["width"] and r["pre_right"] <= r["width"],
       "%s: fits %d px without horizontal scrolling" % (name, WIDTH),
       (r["scroll"], r["width"], r["pre_right"]))
    shown = [x for x in r["lines"] if x["text"] in board_rows(text)]
    ok(len(shown) == rows and all(x["boxes"] == 1 and x["right"] <= r["width"]
                                  for x in shown),
       "%s: each of its %d board rows stays one line on screen"
       % (name, rows), shown)
    ok("mono" in r["font"].lower(), "%s: shown in monospace" % name)
    if os.path.exists(shot):
        shutil.copy(shot, ARTIFACTS)


env = Env()
try:
    judge = german_env(env)
    if not os.path.exists(CHROMIUM):
        ok(False, "Chromium is installed at %s (scripts/deps-debian.sh)"
           % CHROMIUM)
        env.close()
        done()
    os.makedirs(ARTIFACTS, exist_ok=True)
    for addr, userid, pw in ((A, "anna", "a"), (B, "bernd", "b")):
        env.signup(addr, userid, pw)
        env.mail(addr, "set %s %s language de" % (userid, pw))
    play_crossing(env, (A, "anna a"), (B, "bernd b"))
    env.mail(B, "epaminondas move 101 bernd b propose")
    mine = [m for m in env.new_messages() if A in m.envelope_to]
    m = mine[-1] if mine else None
    ok(m is not None, "anna gets the board mail of bernd's offer")
    good, why = judge.is_german(m)
    ok(good, "anna's board mail is German", why)
    text, html = body_of(m), html_of(m)
    threat = judge.translation("White must capture the intruder on %s or "
                               "cross, or lose") % "b1"
    contains(text, threat, "the crossing's threat is there, in German")

    # -- the HTML part at 390 px ----------------------------------------------
    shot = os.path.join(env.root, "html-board-de-%d.png" % WIDTH)
    r, dom = chromium(html, env.root, WIDTH, False, shot)
    ok(r is not None, "Chromium renders the German HTML board", dom[:1500])
    if r is not None:
        ok(r["scroll"] <= r["width"] and r["table_right"] <= r["width"],
           "the page and the board fit 390 px", r)
        cmds = [c for c in r["codes"] if c["text"].startswith("epaminondas ")]
        ok(len(cmds) >= 2 and all(c["ws"] == "pre-wrap" and
                                  "mono" in c["font"].lower() for c in cmds),
           "the commands are monospace and wrap rather than overflow",
           r["codes"])
        ok(r["alert"] and " ".join(threat.split()) in
           " ".join(r["alert"]["text"].split()) and
           int(r["alert"]["weight"]) >= 600,
           "the German threat is emphasised", r["alert"])
        labels = sorted(judge.translation(w) for w in
                        ("Accept", "Move (edit it)", "Reject", "Resign"))
        ok(labels != sorted(["Accept", "Move (edit it)", "Reject", "Resign"]),
           "the catalogue translates the answer links' labels", labels)
        is_(sorted(l["text"] for l in r["links"]), labels,
            "the answer links are shown with their German labels")
        is_(sorted({x["text"] for x in r["stones"]}), ["B", "W"],
            "the stones have their letters")
        if os.path.exists(shot):
            shutil.copy(shot, ARTIFACTS)
    # -- the text part as a phone shows it ----------------------------------
    text_fits(env, text, "text-board", 8)

    # -- bernd's compact 14x12 board ------------------------------------------
    env.mail(B, "set bernd b board compact")
    env.mail(A, "epaminondas challenge anna bernd by anna a")
    env.mail(B, "epaminondas accept 102 bernd b")
    env.mail(A, "epaminondas move 102 anna a d1-d4")
    mine = [m for m in env.new_messages() if B in m.envelope_to]
    ok(mine and "d1-d4" in (env.game_file(102) or ""),
       "bernd gets the board of anna's move on 102")
    if mine:
        good, why = judge.is_german(mine[-1])
        ok(good, "bernd's compact board mail is German", why)
        text_fits(env, body_of(mine[-1]), "text-board-compact", 12)
finally:
    env.close()
done()
