# SPDX-License-Identifier: GPL-3.0-or-later
"""Mails as a phone shows them, in headless Chromium (issue 14 item 6,
issue 32): the page machinery test_html_board.py and
test_html_board_de.py share.  chromium() renders a mail's HTML (or a text
part made into a page by text_page()) at a width with a probe script that
reports what the browser laid out, and takes a screenshot; png_pixels()
reads it back; ARTIFACTS is where the screenshots are kept
(EPAMSERV_ARTIFACTS, else tests/artifacts of the build directory).
CROSSING is the 8x8 game the board tests play to a pending crossing
(play_crossing)."""
import json
import os
import re
import struct
import subprocess
import tempfile
import zlib

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = os.environ.get("EPAMSERV_ARTIFACTS") or os.path.join(
    os.getcwd(), "tests", "artifacts")

# 8x8: Black's e4xb1 captures on White's home row and leaves an intruder
# on b1; White must capture it or cross (as in tests/unit/test_render.c).
CROSSING = ["d1-d4", "c8-c6", "e2-c4", "e8-h5", "d3-b5", "c6-c8", "b5-b4",
            "h5-g4", "b2-e2", "e7-f6", "g2-g3", "f8-h6", "h1-g2", "c7-b6",
            "d4-c5", "h8-e5", "c5-a3", "b8-f8", "b4-a5", "e5-f5", "g1xg4",
            "d8-d5", "a5-a6", "h7-d3", "f2-g1", "e4xb1"]


def play_crossing(env, white, black, board=101):
    """White's 8x8 challenge and Black's accept of board, then CROSSING
    played on it; white and black (address, "USERID PASSWORD")."""
    env.mail(white[0], "epaminondas challenge %s %s -size=8x8 by %s" % (
        white[1].split()[0], black[1].split()[0], white[1]))
    env.mail(black[0], "epaminondas accept %d %s" % (board, black[1]))
    for i, mv in enumerate(CROSSING):
        who, cred = white if i % 2 == 0 else black
        env.mail(who, "epaminondas move %d %s %s" % (board, cred, mv))


# The test's page: the mail in an iframe of the screen's width (headless
# Chromium's window is at least 500 px wide), and a script that writes
# what the browser laid out as JSON once everything is loaded (the mail
# itself has no script).
WRAPPER = """<!DOCTYPE html>
<html><head><meta charset="utf-8"></head>
<body style="margin:0">
<iframe id="mail" style="border:0;display:block;width:%dpx;height:1500px"
 srcdoc="%s"></iframe>
<script>
window.addEventListener('load', function () {
  var f = document.getElementById('mail'), d = f.contentDocument,
      w = f.contentWindow;
  function rgb(e, p) { return w.getComputedStyle(e)[p]; }
  var r = {};
  r.dark = w.matchMedia('(prefers-color-scheme: dark)').matches;
  r.width = w.innerWidth;
  r.scroll = d.documentElement.scrollWidth;
  r.body_color = rgb(d.body, 'color');
  var t = d.querySelector('table');
  r.table_right = t.getBoundingClientRect().right;
  r.stones = [];
  t.querySelectorAll('div').forEach(function (e) {
    var b = e.getBoundingClientRect();
    r.stones.push({text: e.textContent, radius: rgb(e, 'borderTopLeftRadius'),
      w: b.width, h: b.height, bg: rgb(e, 'backgroundColor'),
      ring: rgb(e, 'borderTopColor'), title: e.parentNode.title || ''});
  });
  r.marked = [];
  t.querySelectorAll('td[title]').forEach(function (c) {
    r.marked.push({title: c.title, bg: rgb(c, 'backgroundColor')});
  });
  r.codes = [];
  d.querySelectorAll('code').forEach(function (c) {
    r.codes.push({text: c.textContent, rects: c.getClientRects().length,
      h: c.getBoundingClientRect().height,
      lh: parseFloat(rgb(c, 'fontSize')) * 1.6,
      font: rgb(c, 'fontFamily'), ws: rgb(c, 'whiteSpace')});
  });
  var a = d.querySelector('[role=alert]');
  r.alert = a ? {text: a.textContent, weight: rgb(a, 'fontWeight'),
    color: rgb(a, 'color'), bg: rgb(a, 'backgroundColor')} : null;
  r.links = [];
  d.querySelectorAll('a[href^="mailto:"]').forEach(function (l) {
    r.links.push({href: l.getAttribute('href'), text: l.textContent,
      color: rgb(l, 'color'), bg: rgb(l, 'backgroundColor')});
  });
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
});
</script>
</body></html>
"""


def png_pixels(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB/RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + n
    if depth != 8 or ctype not in (2, 6):
        raise ValueError("unexpected PNG type %d/%d" % (depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev, rows, i = zlib.decompress(idat), w * bpp, None, [], 0
    for _ in range(h):
        ft, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        prev = prev or bytearray(stride)
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up, ul = prev[x], prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + left) & 255
            elif ft == 2:
                line[x] = (line[x] + up) & 255
            elif ft == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif ft == 4:
                p = left + up - ul
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - ul)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc
                                      else up if pb <= pc else ul)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


# A text part as a phone's mail app shows it: in a <pre> of the screen's
# width, monospace, long lines of prose wrapped (pre-wrap), each line of
# the text a <span> whose screen lines the probe counts (the distinct
# tops of its boxes: a board row on two screen lines is broken).
TEXT_WRAPPER = """<!DOCTYPE html>
<html><head><meta charset="utf-8"></head>
<body style="margin:0">
<iframe id="mail" style="border:0;display:block;width:%dpx;height:1500px"
 srcdoc="%s"></iframe>
<script>
window.addEventListener('load', function () {
  var f = document.getElementById('mail'), d = f.contentDocument,
      w = f.contentWindow, r = {lines: []};
  r.width = w.innerWidth;
  r.scroll = d.documentElement.scrollWidth;
  var pre = d.querySelector('pre');
  r.pre_right = pre.getBoundingClientRect().right;
  r.font = w.getComputedStyle(pre).fontFamily;
  d.querySelectorAll('pre span').forEach(function (e) {
    var tops = {};
    Array.prototype.forEach.call(e.getClientRects(), function (b) {
      if (b.width > 0) tops[Math.round(b.top)] = 1;
    });
    r.lines.push({text: e.textContent, boxes: Object.keys(tops).length,
      right: e.getBoundingClientRect().right});
  });
  var out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify(r);
  document.body.appendChild(out);
});
</script>
</body></html>
"""


def text_page(text):
    """The text part as the HTML of a phone mail app's plain-text view."""
    def esc(t):
        return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    lines = "\n".join("<span>%s</span>" % esc(l)
                       for l in text.replace("\r\n", "\n").split("\n"))
    return ('<!DOCTYPE html><html><head><meta charset="utf-8"><meta '
            'name="viewport" content="width=device-width"></head><body '
            'style="margin:8px;background:#ffffff;color:#111111"><pre style="margin:0;'
            'font-family:monospace;font-size:13px;white-space:pre-wrap">'
            '%s</pre></body></html>' % lines)


def chromium(html, root, width, dark, shot, wrapper=WRAPPER, name="board"):
    """Render html at width px (dark: prefers-color-scheme dark) with the
    probe of wrapper; returns (probe dict or None, dom text), screenshot
    to shot."""
    path = os.path.join(root, "%s-%d-%s.html" % (name, width, "dark" if dark else "light"))
    with open(path, "w") as f:
        f.write(wrapper % (width, html.replace("&", "&amp;").replace('"', "&quot;")))
    return run_chromium(path, root, shot, "%d,1500" % max(width, 500),
                        dark)


def run_chromium(path, root, shot, window, dark=False):
    """Headless Chromium on the page path (a window of window, "W,H"
    px; dark: prefers-color-scheme dark), its profile in root: (what the
    page's <pre id="probe"> says as JSON, or None; the DOM), screenshot
    to shot."""
    prof = tempfile.mkdtemp(prefix="chromium-", dir=root)
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-quic", "--no-first-run", "--hide-scrollbars",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--user-data-dir=" + prof,
            "--window-size=" + window, "--screenshot=" + shot,
            "--virtual-time-budget=5000",
            "--dump-dom", "file://" + path]
    if dark:
        args.insert(1, "--force-dark-mode")
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=90, cwd=root)
    dom = p.stdout.decode("utf-8", "replace")
    m = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    if not m:
        return None, dom + p.stderr.decode("utf-8", "replace")[-2000:]
    return json.loads(m.group(1).replace("&quot;", '"').replace("&lt;", "<")
                      .replace("&gt;", ">").replace("&amp;", "&")), dom


def html_of(msg):
    part = msg.get_body(preferencelist=("html",))
    return part.get_content() if part else ""


def near(px, want, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(px, want))
