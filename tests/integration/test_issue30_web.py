#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 item 8, what players noticed on the web site and in HTML
mail: the site's result words are the mail's ("bob wins, alice did not
answer the crossing on b1", one function for both); in headless
Chromium the board page's move list keeps a space between plies at
every width (each ply and its number apart from the next); the index
tables fit a 390 px phone with nothing to scroll sideways; the HTML
board mail's command lines never overflow at 390 px (each code block
as wide as its box at most, the page too).  Quick mode (CI or
EPAMSERV_QUICK set): the move list at 390 px only."""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, contains, done, body_of, \
    by_recipient, make_mail  # noqa: E402

QUICK = bool(os.environ.get("EPAMSERV_QUICK") or os.environ.get("CI"))
CHROMIUM = "/usr/bin/chromium"
A, B = "alice@example.org", "bob@example.org"
# An 8x8 game (test_board_words.py's) that alice loses by not answering
# bob's crossing on b1: 27 plies, numbers of two digits.
CROSSING = ["d1-d4", "c8-c6", "e2-c4", "e8-h5", "d3-b5", "c6-c8", "b5-b4",
            "h5-g4", "b2-e2", "e7-f6", "g2-g3", "f8-h6", "h1-g2", "c7-b6",
            "d4-c5", "h8-e5", "c5-a3", "b8-f8", "b4-a5", "e5-f5", "g1xg4",
            "d8-d5", "a5-a6", "h7-d3", "f2-g1", "e4xb1", "a1-a4"]

# Measures what the browser laid out in the page of the iframe.
PROBE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"></head><body style="margin:0">
<iframe id="f" style="border:0;display:block;width:%dpx;height:2400px"
 %s></iframe>
<script>
document.getElementById('f').addEventListener('load', function () {
  var d = document.getElementById('f').contentDocument, out = {};
  out.scrollWidth = d.documentElement.scrollWidth;
  out.width = d.documentElement.clientWidth;
  /* the move list: each ply's box (its number included) and the next's
     on the same line */
  out.plies = [];
  d.querySelectorAll('ol.moves li').forEach(function (li) {
    var r = li.getBoundingClientRect();
    out.plies.push({text: li.textContent, left: r.left, right: r.right,
                    top: Math.round(r.top),
                    marker: getComputedStyle(li).listStyleType});
  });
  /* every table: its own width against its box's */
  out.tables = [];
  d.querySelectorAll('table').forEach(function (t) {
    var box = t.parentElement;
    out.tables.push({sw: box.scrollWidth, cw: box.clientWidth,
                     right: t.getBoundingClientRect().right});
  });
  /* every command line of a mail: its block against its box */
  out.codes = [];
  d.querySelectorAll('code').forEach(function (c) {
    var box = c.parentElement;
    out.codes.push({text: c.textContent, sw: box.scrollWidth,
                    cw: box.clientWidth,
                    right: c.getBoundingClientRect().right});
  });
  var p = document.createElement('pre');
  p.id = 'probe';
  p.textContent = JSON.stringify(out);
  document.body.appendChild(p);
});
</script></body></html>"""


def chromium(root, frame, width):
    """Lay out frame (the iframe's src= or srcdoc= attribute) at width
    px: the probe's dict, or None and the DOM's end."""
    path = os.path.join(root, "probe-%d.html" % width)
    with open(path, "w") as f:
        f.write(PROBE % (width, frame))
    prof = tempfile.mkdtemp(prefix="chromium-", dir=root)
    p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox",
                        "--disable-gpu", "--no-first-run",
                        "--hide-scrollbars", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync",
                        "--allow-file-access-from-files",
                        "--user-data-dir=" + prof,
                        "--window-size=%d,2400" % max(width, 500),
                        "--virtual-time-budget=5000", "--dump-dom",
                        "file://" + path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120, cwd=root)
    dom = p.stdout.decode("utf-8", "replace")
    m = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    if not m:
        return None, dom[-1500:] + p.stderr.decode("utf-8", "replace")[-800:]
    return json.loads(m.group(1).replace("&quot;", '"').replace("&lt;", "<")
                      .replace("&gt;", ">").replace("&amp;", "&")), dom


def html_part(msg):
    for part in msg.walk():
        if part.get_content_type() == "text/html":
            return part.get_content()
    return None


def attr(text):
    return text.replace("&", "&amp;").replace('"', "&quot;")


env = Env()
try:
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101, "-size=8x8")
    env.start_game("bob", "alice", 102, "-size=8x8")  # one in progress
    env.new_messages()
    # the game's moves in one batch run, in arrival order
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, mv in enumerate(CROSSING):
        who, addr, pw = ("alice", A, "a") if i % 2 == 0 else ("bob", B, "b")
        path = os.path.join(md, "new", "%d.m%02d.host" % (1000 + i, i))
        with open(path, "wb") as f:
            f.write(make_mail(addr, "epaminondas move 101 %s %s %s"
                              % (who, pw, mv),
                              msgid="<web30.%d@test.example>" % i))
        os.utime(path, (1800000000 + i, 1800000000 + i))
    rc, out, err = env.run("batch", "--maildir", md)
    to_a = by_recipient(env.new_messages()).get(A, [])
    ok(rc == 0 and len(to_a) == len(CROSSING),
       "the %d moves are played in one batch run" % len(CROSSING),
       (rc, len(to_a), err[-500:]))
    mid = to_a[-2] if len(to_a) >= 2 else None  # alice to move: commands
    last = to_a[-1] if to_a else None
    words = "bob wins, alice did not answer the crossing on b1"
    contains(body_of(last) if last else "", "Game over: %s." % words,
             "the mail words the end: %s" % words)

    site = os.path.join(env.root, "site")
    rc, out, err = env.run("web", site, quiet=True)
    is_(rc, 0, "epamserv web builds the site")

    def page(rel):
        with open(os.path.join(site, rel)) as f:
            return f.read()
    board = page("boards/epaminondas-101.html")
    index = page("index.html")
    contains(board, words, "the board page words the end as the mail does")
    contains(index, words, "the index's recent results word it so too")
    ok("white wins" not in board and "more crossed pieces" not in board,
       "and not in the rules engine's own words", board[:0])

    if not os.access(CHROMIUM, os.X_OK):
        ok(True, "# SKIP no Chromium at %s" % CHROMIUM)
    else:
        # -- the move list: a space between plies at every width ----------
        for width in (390,) if QUICK else (320, 390, 560, 800, 1280):
            r, dom = chromium(env.root, 'src="%s"' % os.path.join(
                site, "boards", "epaminondas-101.html"), width)
            ok(r is not None, "%d px: the board page lays out" % width, dom)
            if not r:
                continue
            plies = r["plies"]
            is_(len(plies), len(CROSSING), "%d px: a list item a ply" % width)
            tight = [(a["text"], b["text"], round(b["left"] - a["right"], 1))
                     for a, b in zip(plies, plies[1:])
                     if a["top"] == b["top"] and b["left"] - a["right"] < 6]
            is_(tight, [], "%d px: each ply with its number stands at least "
                "6 px from the next on its line" % width)
            ok(all(re.match(r"^\d+\.\s", p["text"]) for p in plies),
               "%d px: each ply's number is in its box (no marker that "
               "overhangs the ply before)" % width, plies[:3])
            ok(r["scrollWidth"] <= width, "%d px: the board page does not "
               "scroll sideways (%d px)" % (width, r["scrollWidth"]))
        # -- the index's tables on a phone -------------------------------
        r, dom = chromium(env.root, 'src="%s"' % os.path.join(
            site, "index.html"), 390)
        ok(r is not None and len(r["tables"]) >= 2,
           "390 px: the index lays out with its tables", dom if not r else r)
        if r:
            wide = [t for t in r["tables"] if t["sw"] > t["cw"] or
                    t["right"] > 390]
            is_(wide, [], "390 px: every index table fits its box, nothing "
                "to scroll sideways")
            ok(r["scrollWidth"] <= 390, "390 px: the index does not scroll "
               "sideways (%d px)" % r["scrollWidth"])
        # -- the HTML board mail's command lines at 390 px ----------------
        for name, msg in (("alice's, to move", mid),):
            html = html_part(msg) if msg else None
            ok(html, "the board mail (%s) has an HTML part" % name)
            if not html:
                continue
            r, dom = chromium(env.root, 'srcdoc="%s"' % attr(html), 390)
            ok(r is not None, "390 px: the HTML mail (%s) lays out" % name,
               dom)
            if not r:
                continue
            cmds = [c for c in r["codes"] if c["text"].startswith(
                "epaminondas ")]
            ok(cmds, "the mail (%s) has command lines" % name, r["codes"])
            over = [c for c in cmds if c["sw"] > c["cw"] or c["right"] > 390]
            is_(over, [], "390 px: no command line of the mail (%s) "
                "overflows" % name)
            ok(r["scrollWidth"] <= 390, "390 px: the mail (%s) does not "
               "scroll sideways" % name)
finally:
    env.close()
done()
