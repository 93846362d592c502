#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The HTML board mail: a text/html alternative to the text board (inline
styles only: no classes, images or scripts; user text escaped), left out
when the recipient's html preference is off, turned by the orientation
preference; and rendered by a real browser (headless Chromium), its
board shows the same pieces on the same squares as the ASCII board."""
import os
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, body_of

CHROMIUM = "/usr/bin/chromium"
A = "alice@example.org"
B = "bob@example.org"


def ascii_board(text):
    """{(file letter, rank): 'W'|'B'|'#'} from the text board."""
    lines = text.splitlines()
    head = next(i for i, l in enumerate(lines) if re.match(r"^ +([a-z] +)+[a-z]$", l))
    files = lines[head].split()
    out = {}
    for l in lines[head + 1:]:
        m = re.match(r"^ +(\d+) (.*) (\d+)$", l)
        if not m:
            break
        rank = int(m.group(1))
        cells = re.findall(r"[ \[](.)[ \]]", m.group(2))
        for f, c in zip(files, cells):
            if c != ".":
                out[(f, rank)] = c
    return out


class Board(HTMLParser):
    """The first table of a document as rows of cell texts."""

    def __init__(self):
        super().__init__()
        self.rows, self.depth, self.cell = [], 0, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.depth += 1
        elif tag == "tr" and self.depth == 1 and len(self.rows) >= 0:
            self.rows.append([])
        elif tag == "td" and self.depth == 1:
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "table":
            self.depth += 1  # only the first table counts
        elif tag == "td" and self.cell is not None and self.rows:
            self.rows[-1].append(self.cell.strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def html_board(dom):
    p = Board()
    p.feed(dom)
    rows = [r for r in p.rows if r]
    files = rows[0][1:-1]
    out = {}
    for r in rows[1:-1]:
        rank = int(r[0])
        for f, c in zip(files, r[1:-1]):
            if c:
                out[(f, rank)] = c
    return out, files, [int(r[0]) for r in rows[1:-1]]


def parts(msg):
    text = msg.get_body(preferencelist=("plain",))
    html = msg.get_body(preferencelist=("html",))
    return (text.get_content() if text else ""), (html.get_content() if html else None)


def render(html, root):
    path = os.path.join(root, "board.html")
    with open(path, "w") as f:
        f.write(html)
    prof = tempfile.mkdtemp(prefix="chromium-", dir=root)
    p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-quic", "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update", "--disable-sync",
                        "--user-data-dir=" + prof, "--dump-dom", "file://" + path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace")


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 101 bob pw2")
    for who, m in ((A, "alice Secret1 e2-e3"), (B, "bob pw2 f11-f10"),
                   (A, "alice Secret1 e3-e4"), (B, "bob pw2 d11-d10")):
        env.mail(who, "epaminondas move 101 " + m)
    env.new_messages()
    env.mail(A, "epaminondas move 101 alice Secret1 g2-g3",
             "Take that <script>alert(1)</script> & more")
    msgs = by_recipient(env.new_messages())
    m = msgs[A][0]
    ok("alice played" in body_of(m), "the move was played", body_of(m))
    is_(m.get_content_type(), "multipart/alternative", "the board mail is multipart/alternative")
    text, html = parts(m)
    ok(html is not None, "it has a text/html part")
    html = html or ""
    ok("class=" not in html and "<img" not in html.lower() and "<script" not in html.lower()
       and "<style" not in html.lower(), "inline styles only: no classes, images, scripts",
       html[:2000])
    contains(html, "Take that &lt;script&gt;alert(1)&lt;/script&gt; &amp; more",
             "the relayed comment is escaped")
    contains(html, "alice played g2-g3.", "the headline is there")
    contains(html, "<pre", "the move list is there")
    contains(html, "g2-g3", "with the last move")
    contains(html, 'title="last move (from)"', "the last move's start is marked")
    contains(html, 'title="last move (to)"', "the last move's end is marked")
    contains(html, "Pieces: White 28, Black 28", "the piece counts are there")
    contains(html, 'name="viewport"', "it is fit for a phone")

    # -- a real browser shows the same position ----------------------------
    if os.path.exists(CHROMIUM):
        for who in (A, B):
            text, html = parts(msgs[who][0])
            rc, dom = render(html, env.root)
            ok(rc == 0 and "<table" in dom, "Chromium renders %s's HTML board" % who, dom[:500])
            if rc == 0 and "<table" in dom:
                got, files, ranks = html_board(dom)
                want = ascii_board(text)
                ok(len(want) == 56, "the ASCII board has 56 pieces (%s)" % who, want)
                is_(got, want, "the rendered board shows the same pieces on the same "
                    "squares as the ASCII board (%s)" % who)
                is_(len(files), 14, "files on the board (%s)" % who)
                is_(sorted(ranks), list(range(1, 13)), "ranks on the board (%s)" % who)
    else:
        ok(False, "Chromium is installed at %s (scripts/deps-debian.sh)" % CHROMIUM)

    # -- preferences: orientation, html off --------------------------------
    env.mail(B, "set bob pw2 orientation own")
    env.mail(A, "set alice Secret1 html off")
    env.new_messages()
    env.mail(B, "epaminondas move 101 bob pw2 g11-g10")
    msgs = by_recipient(env.new_messages())
    text, html = parts(msgs[B][0])
    got, files, ranks = html_board(html or "<table></table>")
    is_(ranks[:1], [1], "bob (orientation own, Black) sees his home row down in HTML")
    is_(files[:1], ["n"], "and the files turned too")
    is_(got, ascii_board(text), "the turned HTML board matches the turned ASCII board")
    is_(msgs[A][0].get_content_type(), "text/plain", "html off: alice gets text only")
finally:
    env.close()
done()
