#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30, item 7: a board form for blind and low-vision players.

- `help set` names the form; `set USERID PASSWORD board list` switches
  a player's board mails to the board in words (and `board wide` back):
  no drawing and no legend in the text part, each side's pieces by
  square, the last move and its captures in words, the threats, and the
  position to copy on a line of its own that the mail's wrapping never
  breaks.
- The list names every piece's square exactly once: checked against the
  wide board of the same position drawn in the other player's mail (an
  independent drawing) and against the position string.
- A capture of two pieces is said with the phalanx, its squares before
  and after and both captured squares; a crossing is said as one.
- The HTML part of every board mail: the board table is one image to a
  screen reader (role="img" with an aria-label) followed by the same
  words in a section hidden from the eye (id board-words); for a list
  player the words are shown and there is no table.  Headless Chromium
  lays the section out 1 px small in the wide player's mail, and a copy
  with the section shown (a style in this test only) is kept as
  tests/artifacts/board-words-390.png of the build directory
  (EPAMSERV_ARTIFACTS overrides).

All games' mails go in one `epamserv batch --maildir` run.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, maildir_batch
from harness import body_of as raw_body_of
# Board 101 (8x8, as tests/unit/test_render.c): Black's e4xb1 captures
# on White's home row, a crossing that White must answer.
from browser import (CHROMIUM, ARTIFACTS, CROSSING, html_of,  # noqa: E402
                     run_chromium)

A = "alice@example.org"
B = "bob@example.org"
# Board 102 (8x8): White builds a phalanx of 3 on e1, e2, e3, moves it to
# e4-e6, and e4xe7 takes the two black pieces on e7 and e8.
DOUBLE = ["d2-e3", "a7-a6", "e1-e6", "b7-b6", "e4xe7"]


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def flat(text):
    """The text with its wrapped lines joined (the mail wraps at 72)."""
    return re.sub(r"\s*\n\s*", " ", text)


def expand(listing):
    """The squares of a listing "a1, c1, e1 to g1; a2" one by one."""
    out = []
    for part in re.split(r"[;,]\s*", listing.strip()):
        m = re.fullmatch(r"([a-z])(\d+) to ([a-z])(\d+)", part)
        if m:
            is_(m.group(2), m.group(4), "a run stays on its rank: " + part)
            for f in range(ord(m.group(1)), ord(m.group(3)) + 1):
                out.append("%s%s" % (chr(f), m.group(2)))
        elif part != "none":
            out.append(part)
    return out


def drawn(text):
    """{square: 'W' or 'B'} from a wide board drawn White down."""
    out = {}
    for line in text.split("\n"):
        m = re.fullmatch(r"\s*(\d+) ((?:[ \[][.WB#][ \]])+) (\d+)", line)
        if not m or m.group(1) != m.group(3):
            continue
        for f, c in enumerate(re.findall(r"[.WB#]", m.group(2))):
            if c in "WB":
                out["%s%s" % (chr(ord("a") + f), m.group(1))] = c
    return out


def from_position(pos):
    """{square: 'W' or 'B'} from position notation (RULES.md section 7)."""
    size, ranks, _ = pos.split(" ")
    h = int(size.split("x")[1])
    out = {}
    for i, row in enumerate(ranks.split("/")):
        f = 0
        for tok in re.findall(r"\d+|[WB#]", row):
            if tok.isdigit():
                f += int(tok)
                continue
            if tok in "WB":
                out["%s%d" % (chr(ord("a") + f), h - i)] = tok
            f += 1
    return out


def listed(text, colour, who):
    """The squares of colour's list in the words, in order, and its
    count; ([], -1) when the sentence is missing."""
    m = re.search(r"%s \(%s\), (\d+) pieces?: ([a-z0-9,; ]+)\." % (colour, who),
                  flat(text))
    if not m:
        return [], -1
    return expand(m.group(2)), int(m.group(1))


def batch(env, mails):
    rc, err = maildir_batch(env, mails)
    is_(rc, 0, "batch: exit 0 (%s)" % err[-300:])
    return by_recipient(env.new_messages())


def chromium(html, root, shot, show):
    """Lay html out at 390 px in headless Chromium; the section
    #board-words measured (and made visible first when show).  Returns
    the probe dict or None, and the DOM text."""
    style = ("<style>#board-words{position:static!important;width:auto"
             "!important;height:auto!important;max-height:none!important;"
             "margin:0 0 10px 0!important;overflow:visible!important;clip:auto"
             "!important;white-space:normal!important;outline:3px solid "
             "#1f5fbf;padding:4px!important}</style>") if show else ""
    probe = """<script>
window.addEventListener('load', function () {
  var s = document.getElementById('board-words'), r = {};
  if (s) {
    var b = s.getBoundingClientRect();
    r = {w: b.width, h: b.height, role: s.getAttribute('role'),
         label: s.getAttribute('aria-label'), text: s.textContent,
         hidden: s.closest('[aria-hidden=true]') !== null,
         display: getComputedStyle(s).display,
         visibility: getComputedStyle(s).visibility};
  }
  var t = document.querySelector('table');
  r.table = t ? {role: t.getAttribute('role'),
                 label: t.getAttribute('aria-label')} : null;
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
});
</script>"""
    page = html.replace("</head>", style + "</head>").replace(
        "</body>", probe + "</body>")
    path = os.path.join(root, "words-%s.html" % ("shown" if show else "mail"))
    with open(path, "w") as f:
        f.write(page)
    return run_chromium(path, root, shot, "390,1400")


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    mails = [(A, "help set"), (A, "set alice Secret1 board list"),
             (A, "epaminondas challenge alice bob -size=8x8 by alice Secret1"),
             (B, "epaminondas accept 101 bob pw2"),
             (A, "epaminondas challenge alice bob -size=8x8 by alice Secret1"),
             (B, "epaminondas accept 102 bob pw2")]
    for board, moves in ((101, CROSSING), (102, DOUBLE)):
        for i, mv in enumerate(moves):
            who, cred = (A, "alice Secret1") if i % 2 == 0 else (B, "bob pw2")
            mails.append((who, "epaminondas move %d %s %s#%d" %
                          (board, cred, mv, i + 1)))
    msgs = batch(env, mails)

    # -- the setting -----------------------------------------------------
    conf = [m for m in msgs.get(A, []) if "board in words" in body_of(m)
            and "Board mails now show" in body_of(m)]
    ok(len(conf) == 1, "set ... board list is confirmed in words",
       [str(m["Subject"]) for m in msgs.get(A, [])])
    contains(env.user_file("alice"), "board: list\n", "board list is stored")
    helps = [body_of(m) for m in msgs.get(A, []) if "PASSWORD board " in body_of(m)]
    ok(helps and "board wide|compact|list" in helps[0] and
       "screen readers" in helps[0], "help set names board list",
       helps[0][:1500] if helps else [str(m["Subject"]) for m in msgs.get(A, [])])

    def last_board(addr, board):
        got = [m for m in msgs.get(addr, [])
               if re.search(r"\bBoard %d\b|board %d\b" % (board, board),
                            str(m["Subject"]) + body_of(m)[:200])]
        return got[-1] if got else None

    ma, mb = last_board(A, 101), last_board(B, 101)
    ok(ma is not None and mb is not None, "both players got board 101's mail")
    ta, tb = body_of(ma) if ma else "", body_of(mb) if mb else ""
    contains(ta, "bob played e4xb1", "alice's mail is the one after e4xb1")

    # -- no drawing in the list form -------------------------------------
    ok(not drawn(ta) and not re.search(r"^\s*\d+ +[.WB#\[]", ta, re.M),
       "the list form has no board drawing", ta[:1500])
    ok("W white, B black" not in ta and "[brackets]" not in ta and
       "marked *" not in ta, "and no legend of a drawing", ta[:1500])
    contains(ta, "The board in words: 8 files and 8 ranks, from a1 to h8.",
             "the words say the board's size")
    ok(drawn(tb), "bob (wide board) still gets the drawing", tb[:1500])
    ok("The board in words" not in tb,
       "and no words in his text part", tb[:1500])

    # -- every piece's square exactly once --------------------------------
    pos_m = re.search(r"^Position to copy:\n  (\d+x\d+ [WB#0-9/]+ [wb])$", ta, re.M)
    ok(pos_m is not None, "the position to copy is on a line of its own, "
       "unbroken", ta[-2500:])
    board = drawn(tb)
    for colour, who, c in (("White", "alice", "W"), ("Black", "bob", "B")):
        sq, n = listed(ta, colour, who)
        want = sorted(s for s, v in board.items() if v == c)
        is_(sorted(sq), want, "%s's list names each of its pieces as drawn "
            "in bob's board" % colour)
        is_(len(sq), len(set(sq)), "%s's list names no square twice" % colour)
        is_(n, len(want), "%s's count is the number of its pieces" % colour)
        if pos_m:
            is_(sorted(sq), sorted(s for s, v in
                                   from_position(pos_m.group(1)).items()
                                   if v == c),
                "%s's list matches the position string" % colour)

    # -- the last move, its capture, the crossing, the threat ----------------
    ft = flat(ta)
    contains(ft, "Last move, move 26: bob (Black) moved the phalanx of 2 on "
             "e4 and d3 by 2 squares, to c2 and b1.  It captured 1 white "
             "piece, on b1.  It was a crossing: a black piece now stands on "
             "rank 1, White's home row.", "e4xb1 in words: the phalanx, "
             "the capture, the crossing")
    contains(ft, "Black has 1 crossed piece, on b1.", "the crossed piece")
    contains(ft, "White must capture the intruder on b1 or cross, or lose.",
             "the pending crossing is still said")
    contains(ft, "Threat: if it were Black's move, bob could cross with "
             "c2 to d1.", "the threat of another crossing")
    contains(ft, "White (alice), to move, can capture the black pieces on "
             "c2, g7, g8.", "what the player to move can capture")

    m2 = last_board(A, 102)
    t2 = flat(body_of(m2)) if m2 else ""
    contains(t2, "Last move, move 5: alice (White) moved the phalanx of 3 on "
             "e4, e5 and e6 by 1 square, to e5, e6 and e7.  It captured 2 "
             "black pieces, on e7 and e8.", "a capture of two in words")

    # -- the HTML parts ---------------------------------------------------
    ha, hb = html_of(ma) if ma else "", html_of(mb) if mb else ""
    ok('<table role="img"' not in ha and 'id="board-words"' in ha and
       "position:absolute" not in ha.split('id="board-words"')[1][:300],
       "alice's HTML shows the words instead of the picture", ha[:2000])
    tab = re.search(r'<table role="img" aria-label="([^"]*)"', hb)
    ok(tab is not None and "pieces: White 15, Black 15" in tab.group(1),
       "bob's HTML board is one image with a label", hb[:1500])
    sec = re.search(r'<div id="board-words" role="region" aria-label="The '
                    r'board in words" style="([^"]*)">(.*?)</div>', hb, re.S)
    ok(sec is not None and "position:absolute" in sec.group(1) and
       "clip:rect(0 0 0 0)" in sec.group(1) and "display:none" not in
       sec.group(1), "bob's HTML has the words in a visually hidden region",
       hb[:3000])
    if sec:
        said = re.sub(r"<[^>]+>", "", sec.group(2)).replace("&#39;", "'")
        for line in ("White (alice), 15 pieces:", "Last move, move 26: bob "
                     "(Black) moved the phalanx of 2", "Threat: if it were "
                     "Black's move"):
            contains(said, line, "the hidden words say: " + line)

    # -- Chromium: hidden from the eye, there for a screen reader ----------
    if not os.path.exists(CHROMIUM):
        ok(False, "Chromium is installed at %s (scripts/deps-debian.sh)" % CHROMIUM)
    elif hb:
        os.makedirs(ARTIFACTS, exist_ok=True)
        r, dom = chromium(hb, env.root, os.path.join(env.root, "mail.png"), False)
        ok(r is not None and "w" in r, "Chromium lays out bob's mail", dom[:1500])
        if r and "w" in r:
            ok(r["w"] <= 1 and r["h"] <= 1 and r["display"] != "none" and
               r["visibility"] == "visible" and not r["hidden"],
               "the words take no room on screen but are not hidden from "
               "screen readers", {k: r[k] for k in r if k != "text"})
            is_((r["role"], r["label"]), ("region", "The board in words"),
                "the words are a labelled region")
            contains(r["text"], "It captured 1 white piece, on b1.",
                     "the region holds the words")
            ok(r["table"] and r["table"]["role"] == "img" and
               r["table"]["label"].startswith("Picture of the board"),
               "the board table is an image with a label", r["table"])
        shot = os.path.join(ARTIFACTS, "board-words-390.png")
        r, dom = chromium(hb, env.root, shot, True)
        ok(r is not None and r.get("h", 0) > 100 and os.path.exists(shot),
           "shown by the test's style, the words fill the screen (%s)" % shot,
           r if r else dom[:1500])

    # -- and back ----------------------------------------------------------
    msgs = batch(env, [(A, "set alice Secret1 board wide"),
                       (B, "epaminondas move 102 bob pw2 b6-b5#6")])
    m3 = [m for m in msgs.get(A, []) if "b6-b5" in body_of(m)]
    t3 = body_of(m3[-1]) if m3 else ""
    ok(drawn(t3) and "The board in words" not in t3,
       "after set ... board wide the drawing is back", t3[:1500])
    ok('<table role="img"' in (html_of(m3[-1]) if m3 else ""),
       "and the HTML picture")
    ok("board: " not in env.user_file("alice"), "wide is the default again")
finally:
    env.close()
done()
