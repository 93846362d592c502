#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The HTML board as players see it (issue 14 item 6), rendered by headless
Chromium at 320, 390 and 800 px, light and dark: round stones, the last
move's start and end, the captured squares and the intruder of a pending
crossing marked, the threat emphasised, a legend of exactly those marks,
commands in monospace that never break, colours that stay distinct in dark
mode (color-scheme), inline styles only, mailto: answer links carrying the
reply token.  The assertions read the rendered page: a measuring script is
added to the test's copy of the mail (the mail itself has no script) and
its findings are read back with --dump-dom; a screenshot of each run is
checked for the board's colours and kept under tests/artifacts/ of the
build directory (EPAMSERV_ARTIFACTS overrides), e.g.
tests/artifacts/html-board-390-dark.png.  With CI or EPAMSERV_QUICK set,
only 390 px is rendered (two Chromium runs instead of six).  The text
part of a board mail with the compact board (set ... board compact), and
for comparison one with the wide board, are shown as a phone shows plain
text (a <pre> of 390 px, monospace, prose wrapped) and kept as
tests/artifacts/text-board-{compact,wide}-390.png: the compact one fits
with no horizontal scrolling and no board row broken."""
import os
import re
import shutil
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, body_of
from browser import (CHROMIUM, ARTIFACTS, TEXT_WRAPPER,  # noqa: E402
                     chromium, html_of, near, play_crossing, png_pixels,
                     text_page)

A = "alice@example.org"
B = "bob@example.org"

env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    play_crossing(env, (A, "alice Secret1"), (B, "bob pw2"))
    env.mail(B, "epaminondas move 101 bob pw2 propose")
    msgs = by_recipient(env.new_messages())
    m = msgs[A][-1]
    text, html = body_of(m), html_of(m)
    ok("must capture the intruder on b1" in text, "a crossing is pending (text)",
       text)

    # -- the markup: inline styles only, dark mode declared, answer links
    ok("<style" not in html.lower() and "class=" not in html and
       "<script" not in html.lower(), "inline styles only", html[:800])
    contains(html, '<meta name="color-scheme" content="light dark">',
             "light and dark mode are declared")
    ok("[brackets]" not in html, "the HTML legend does not talk of brackets")
    subject = m["Subject"]
    tok = harness.token_of(m)
    ok(tok is not None, "alice's board mail carries a reply token",
       m["Message-ID"])
    links = re.findall(r'href="(mailto:[^"]*)"', html)
    parsed = []
    for l in links:
        u = urllib.parse.urlsplit(l.replace("&amp;", "&"))
        q = urllib.parse.parse_qs(u.query)
        parsed.append((u.path, q.get("subject", [""])[0], q.get("body", [""])[0]))
    bodies = [b for _, _, b in parsed]
    ok(all(p == "epamserv@games.example" for p, _, _ in parsed) and parsed,
       "the answer links go to the server", parsed)
    ok(tok and all(s == "Re: %s [#%s]" % (subject, tok)
                   for _, s, _ in parsed),
       "every answer link's subject carries the token", parsed)
    ok(any(re.match(r"^[a-h]\d-[a-h]\d#27$", b) or re.match(r"^[a-h]\dx[a-h]\d#27$", b)
           for b in bodies), "a move template with its #N", bodies)
    for word in ("accept", "reject", "resign"):
        ok(word in bodies, "a link to %s" % word, bodies)
    bh = html_of(msgs[B][-1])
    bb = [urllib.parse.parse_qs(urllib.parse.urlsplit(l.replace("&amp;", "&")).query)
          .get("body", [""])[0] for l in re.findall(r'href="(mailto:[^"]*)"', bh)]
    is_(bb, ["reject", "resign"], "bob (waiting, his own offer pending) "
        "may withdraw it (reject) or resign")

    # -- the rendered page ----------------------------------------------
    quick = bool(os.environ.get("CI") or os.environ.get("EPAMSERV_QUICK"))
    if not os.path.exists(CHROMIUM):
        ok(False, "Chromium is installed at %s (scripts/deps-debian.sh)" % CHROMIUM)
    else:
        os.makedirs(ARTIFACTS, exist_ok=True)
        seen = {}
        # Quick mode (CI=... or EPAMSERV_QUICK=1 in the environment): 390
        # px only, light and dark, the screenshots the issue asks for.
        for width in (390,) if quick else (320, 390, 800):
            for dark in (False, True):
                mode = "dark" if dark else "light"
                shot = os.path.join(env.root, "html-board-%d-%s.png" % (width, mode))
                r, dom = chromium(html, env.root, width, dark, shot)
                ok(r is not None, "Chromium renders the board (%d %s)" % (width, mode),
                   dom[:1500])
                if r is None:
                    continue
                seen[(width, dark)] = r
                tag = "(%d px, %s)" % (width, mode)
                is_(r["dark"], dark, "prefers-color-scheme %s" % tag)
                ok(r["scroll"] <= r["width"] and r["table_right"] <= r["width"],
                   "the page and the board fit the screen %s" % tag, r)
                st = r["stones"]
                ok(all(x["text"] in ("W", "B") for x in st),
                   "each stone has its letter " + tag, st[:3])
                ok(len(st) >= 20 and all(x["radius"] == "50%" and
                                         abs(x["w"] - x["h"]) < 0.5 for x in st),
                   "pieces are round stones %s" % tag, st[:3])
                whites = {x["bg"] for x in st if x["text"] == "W"}
                blacks = {x["bg"] for x in st if x["text"] == "B"}
                ok(len(whites) == 1 and len(blacks) == 1 and whites != blacks,
                   "white and black stones have distinct colours %s" % tag,
                   (whites, blacks))
                titles = [x["title"] for x in r["marked"]]
                is_(sorted(t for t in titles if t.startswith("last move")),
                    ["last move (from)", "last move (to), captured, intruder"],
                    "the last move's start and end are marked " + tag)
                ok(any("captured" in t for t in titles),
                   "the square the last move captured is marked " + tag, titles)
                intr = [x for x in st if "intruder" in x["title"]]
                ok(len(intr) == 1 and intr[0]["text"] == "B" and
                   intr[0]["ring"] == "rgb(227, 0, 27)",
                   "the intruder's stone has a red ring " + tag, intr)
                ok(r["alert"] and "intruder on b1" in r["alert"]["text"] and
                   int(r["alert"]["weight"]) >= 600,
                   "the threat sentence is emphasised " + tag, r["alert"])
                cmds = [c for c in r["codes"] if c["text"].startswith("epaminondas ")]
                # issue 30: a command wraps at its blanks rather than
                # leave the screen (test_issue30_web.py measures it)
                ok(len(cmds) >= 2 and all(c["ws"] == "pre-wrap" and
                                          "mono" in c["font"].lower()
                                          for c in cmds),
                   "commands are monospace and wrap rather than overflow " +
                   tag, r["codes"])
                is_(sorted(l["text"] for l in r["links"]),
                    ["Accept", "Move (edit it)", "Reject", "Resign"],
                    "the answer links are shown " + tag)
                # The screenshot: the board's colours are on screen.
                try:
                    w, h, px = png_pixels(shot)
                except (OSError, ValueError) as e:
                    ok(False, "the screenshot can be read " + tag, str(e))
                    continue
                px = [row[:width] for row in px]  # the mail's iframe
                flat = set(p for row in px[::2] for p in row[::2])
                for name, rgb in (("amber last-move", (255, 179, 0)),
                                  ("white stone", (250, 250, 250)),
                                  ("black stone", (21, 21, 21))):
                    ok(any(near(p, rgb, 6) for p in flat),
                       "the screenshot shows the %s colour %s" % (name, tag))
                bg = px[3][width - 4]
                ok(near(bg, (18, 18, 18), 30) if dark else near(bg, (255, 255, 255), 8),
                   "the page background follows the mode %s" % tag, bg)
                shutil.copy(shot, ARTIFACTS)
        if (390, False) in seen and (390, True) in seen:
            lt, dk = seen[(390, False)], seen[(390, True)]
            ok(lt["body_color"] != dk["body_color"],
               "text takes the reader's colour in dark mode",
               (lt["body_color"], dk["body_color"]))
            is_([x["bg"] for x in dk["stones"]], [x["bg"] for x in lt["stones"]],
                "the stones keep their colours in dark mode")
            is_(dk["alert"]["bg"], lt["alert"]["bg"],
                "the threat keeps its colours in dark mode")
            ok(all(l["color"] == "rgb(255, 255, 255)" for l in dk["links"]),
               "answer links stay legible in dark mode", dk["links"])

    # -- a 14x12 board fits a 320 px screen too ---------------------------
    if os.path.exists(CHROMIUM) and not quick:
        env.mail(A, "epaminondas challenge alice bob by alice Secret1")
        env.mail(B, "epaminondas accept 102 bob pw2")
        # White's column of 3 takes Black's column of 2 (e9 and e10).
        for who, cred, mv in ((A, "alice Secret1", "d2-e3"), (B, "bob pw2", "e12-e9"),
                              (A, "alice Secret1", "e1-e6"), (B, "bob pw2", "n11-n10"),
                              (A, "alice Secret1", "e4xe9")):
            env.mail(who, "epaminondas move 102 %s %s" % (cred, mv))
        big = html_of(by_recipient(env.new_messages())[B][-1])
        contains(big, "alice played e4xe9", "the line capture was played")
        shot = os.path.join(env.root, "html-board-14x12-320-light.png")
        r, dom = chromium(big, env.root, 320, False, shot)
        ok(r is not None and r["scroll"] <= 320 and r["table_right"] <= 320 and
           len(r["stones"]) == 54, "a 14x12 board fits a 320 px screen",
           r and (r["scroll"], r["table_right"], len(r["stones"])))
        marked = sorted(x["title"] for x in r["marked"]) if r else []
        is_(marked, ["captured", "last move (from)", "last move (to), captured"],
            "the captured square off the last move's is marked")
        ok(r and any(x["title"] == "captured" and x["bg"] == "rgb(224, 96, 79)"
                     for x in r["marked"]), "and red", r and r["marked"])
        contains(re.sub(r"<[^>]+>", "", big), "captured",
                 "the legend names the red captured square")
        if os.path.exists(shot):
            shutil.copy(shot, ARTIFACTS)

    # -- the legend matches the marks ------------------------------------
    # (Issue 30: the legend is aria-hidden, and the board in words
    # follows it.)
    legend = re.search(r'(<div aria-hidden="true" style="margin:0 0 10px 0;'
                       r'font-size:13px">.*?)(?=<div id="board-words")',
                       html, re.S)
    words = re.sub(r"<[^>]+>|\s+", " ", legend.group(1) if legend else "")
    for w in ("White", "Black", "last move, from and to", "intruder"):
        contains(words, w, "the legend names %s" % w)
    ok("blocked" not in words and "captured" not in words,
       "the legend names no marks the board does not show (blocks, red "
       "captured squares: the one captured square is the last move's)", words)
    env.mail(A, "epaminondas move 101 alice Secret1 reject")
    env.new_messages()
    # White ignores the crossing: Black wins, nothing is pending.
    env.mail(A, "epaminondas move 101 alice Secret1 a1-a4")
    fresh = by_recipient(env.new_messages())
    h2 = html_of(fresh[B][-1]) if B in fresh else ""
    ok("Game over" in h2 and "intruder" not in h2 and
       "last move, from and to" in h2 and "mailto:" not in h2,
       "once the game is over: no intruder, no answer links", h2[:3000])

    # -- the compact text board on a 390 px phone (issue 14 item 5) -------
    # bob's board mails show the compact board, alice's the wide one; each
    # text part shown as a phone's mail app shows plain text.  Taken in
    # quick mode too: the issue asks for this screenshot.
    env.mail(B, "set bob pw2 board compact")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    acc = [m for m in env.new_messages() if "Board" in (m["Subject"] or "")]
    num = re.search(r"Board (\d+)", acc[-1]["Subject"] if acc else "")
    board = num.group(1) if num else "0"
    env.mail(B, "epaminondas accept %s bob pw2" % board)
    env.mail(A, "epaminondas move %s alice Secret1 d1-d4" % board)
    fresh = by_recipient(env.new_messages())
    ctext = body_of(fresh[B][-1]) if B in fresh else ""
    wtext = body_of(fresh[A][-1]) if A in fresh else ""
    rows = lambda t: [l for l in t.replace("\r\n", "\n").split("\n")
                      if re.match(r"^ *\d+ +[WB.#*\[]", l)]
    ok(len(rows(ctext)) == 12 and max(len(l) for l in rows(ctext)) <= 36,
       "bob's board mail has the compact 14x12 board (at most 36 columns)",
       ctext[:1200])
    if not os.path.exists(CHROMIUM):
        ok(False, "Chromium is installed at %s" % CHROMIUM)
    else:
        os.makedirs(ARTIFACTS, exist_ok=True)
        for text, kind in ((ctext, "compact"), (wtext, "wide")):
            shot = os.path.join(env.root, "text-board-%s-390.png" % kind)
            r, dom = chromium(text_page(text), env.root, 390, False, shot,
                              TEXT_WRAPPER, "text-" + kind)
            ok(r is not None, "Chromium renders the %s text board" % kind, dom[:1500])
            if r is None:
                continue
            board_rows = [x for x in r["lines"] if x["text"] in rows(text)]
            broken = [x["text"] for x in board_rows if x["boxes"] != 1]
            if kind == "compact":
                ok(r["scroll"] <= r["width"] and r["pre_right"] <= r["width"],
                   "the compact text board's mail fits 390 px without "
                   "horizontal scrolling", (r["scroll"], r["width"], r["pre_right"]))
                ok(len(board_rows) == 12 and not broken and
                   all(x["right"] <= r["width"] for x in board_rows),
                   "each compact board row stays one line on screen", board_rows)
                ok("mono" in r["font"].lower(), "shown in monospace", r["font"])
            else:
                # The check above can fail: the wide board does not fit.
                ok(len(broken) == 12, "the wide board's rows wrap at 390 px "
                   "(what the compact board is for)", board_rows[:2])
            if os.path.exists(shot):
                shutil.copy(shot, ARTIFACTS)
finally:
    env.close()
done()
