#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The static web site, "epamserv web DIR" (issue 18).

A spool of a few hundred boards: a handful made by mail (games in
progress, a finished rated game, a board that forbids observers, a
board of a player who set web off, a round robin tournament), and the
bulk copied from a real game file of the first (real files the loader
replays, with other boards and players).  Then:

- every HTML page passes Debian's tidy -q -e without a warning, every
  Atom feed parses with the feed elements RFC 4287 requires;
- every internal link (href, src) resolves to a file of the site, and
  every #fragment to an id of its page;
- no page holds an address (no "@" at all), a password, a reply token
  or a token's hash;
- the board that forbids observers is not on the site while it runs,
  nor the board, page or feed of the player who set web off;
- deadlines are dates (<time datetime>), not countdowns;
- headless Chromium at 390 and 1280 px (with EPAMSERV_QUICK or CI: the
  board page at both, the index at 390 only, no player page): the board page has every square, a link per move, fits the
  screen's width, and #ply-2 shows the position after ply 2 only;
  screenshots kept in tests/artifacts/ of the build directory
  (EPAMSERV_ARTIFACTS overrides);
- a second run writes nothing; after one move it writes exactly that
  board's page and feed, its two players' pages and feeds and the index
  (by the --verbose list and by the files' inodes);
- with web_url set, board mails and the tournament table link to their
  pages, and a board not on the site gets no link;
- a second run while one holds the site's lock exits 75.
"""
import glob
import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, body_of, hold_lock

QUICK = bool(os.environ.get("EPAMSERV_QUICK") or os.environ.get("CI"))
BULK = 300
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = os.environ.get("EPAMSERV_ARTIFACTS") or os.path.join(
    os.getcwd(), "tests", "artifacts")
URL = "https://games.example/site"
PW = {"alice": "Alice-secret-4417", "bob": "Bob-secret-9921",
      "carol": "Carol-secret-3310", "dave": "Dave-secret-5562",
      "erin": "Erin-secret-7788"}
MOVES = ["d1-d4", "c8-c6", "e2-c4"]
ATOM = "{http://www.w3.org/2005/Atom}"


def addr(u):
    return "%s@example.org" % u


def mail(env, who, subject):
    rc, err = env.mail(addr(who), subject)
    if rc != 0:
        raise AssertionError("%s: exit %d: %s" % (subject, rc, err))


def cmd(who, rest):
    return "epaminondas %s %s %s" % (rest, who, PW[who])


def play(env, board, white, black, moves):
    for i, mv in enumerate(moves):
        who = white if i % 2 == 0 else black
        mail(env, who, "epaminondas move %d %s %s %s" % (board, who, PW[who], mv))


def start(env, white, black, board, options="-size=8x8"):
    mail(env, white, "epaminondas challenge %s %s %s by %s %s" %
         (white, black, options, white, PW[white]))
    mail(env, black, "epaminondas accept %d %s %s" % (board, black, PW[black]))


def set_web_off(env, userid):
    """userid keeps their games and page off the site, by mail."""
    mail(env, userid, "set %s %s web off" % (userid, PW[userid]))


def bulk_boards(env, n):
    """n more boards copied from board 101's file (a real game file of
    three moves), with other numbers and players: what the loader
    replays, with no reply token line (each belongs to its board)."""
    d = os.path.join(env.spool, "games", "epaminondas")
    with open(os.path.join(d, "101.game")) as f:
        text = f.read()
    text = "".join(l for l in text.splitlines(True)
                   if not l.startswith("token:"))
    pairs = [("alice", "bob"), ("bob", "carol"), ("carol", "dave"),
             ("dave", "alice"), ("alice", "carol"), ("bob", "dave")]
    first = 1000
    for k in range(n):
        w, b = pairs[k % len(pairs)]
        t = re.sub(r"^board: \d+$", "board: %d" % (first + k), text, flags=re.M)
        t = re.sub(r"^white: \S+$", "white: " + w, t, flags=re.M)
        t = re.sub(r"^black: \S+$", "black: " + b, t, flags=re.M)
        t = re.sub(r"^agreed: (alice|bob) ",
                   lambda m: "agreed: %s " % (w if m.group(1) == "alice" else b),
                   t, flags=re.M)
        with open(os.path.join(d, "%d.game" % (first + k)), "w") as f:
            f.write(t)
    with open(os.path.join(d, "next"), "w") as f:
        f.write("%d\n" % (first + n))


def site_files(site):
    out = []
    for dp, _, files in os.walk(site):
        for f in files:
            out.append(os.path.relpath(os.path.join(dp, f), site))
    return sorted(out)


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src") and v is not None:
                self.links.append(v)
            if k == "id" and v:
                self.ids.add(v)


def parse(site, rel):
    p = Links()
    with open(os.path.join(site, rel)) as f:
        p.feed(f.read())
    return p


def broken_links(site, pages):
    """Every internal href/src of pages that does not resolve:
    (page, link) pairs."""
    parsed, bad = {}, []
    for rel in pages:
        parsed[rel] = parse(site, rel)
    for rel in pages:
        for link in parsed[rel].links:
            if re.match(r"^[a-z]+:", link):
                bad.append((rel, link))  # no link leaves the site
                continue
            path, _, frag = link.partition("#")
            target = os.path.normpath(os.path.join(os.path.dirname(rel), path)) \
                if path else rel
            if target.startswith("..") or not os.path.isfile(
                    os.path.join(site, target)):
                bad.append((rel, link))
                continue
            if frag:
                if target not in parsed:
                    parsed[target] = parse(site, target)
                if frag not in parsed[target].ids:
                    bad.append((rel, link))
    return bad


# A page of the test around the site's page: an iframe of the screen's
# width and a probe that reports what the browser laid out (the site's
# pages have no script).
WRAPPER = """<!DOCTYPE html>
<html><head><meta charset="utf-8"></head><body style="margin:0">
<iframe id="f" style="border:0;display:block;width:%dpx;height:2400px"
 src="%s"></iframe>
<script>
document.getElementById('f').addEventListener('load', function () {
  var f = document.getElementById('f'), d = f.contentDocument,
      w = f.contentWindow, out = {};
  function shown(id) {
    var e = d.getElementById(id);
    return e ? w.getComputedStyle(e).display !== 'none' : null;
  }
  out.scrollWidth = d.documentElement.scrollWidth;
  out.squares = d.querySelectorAll('svg.board rect.sq').length;
  out.moveLinks = d.querySelectorAll('ol.moves a[href^="#ply-"]').length;
  var b = d.querySelector('svg.board');
  out.boardWidth = b ? b.getBoundingClientRect().width : 0;
  out.boardLabel = b ? b.getAttribute('aria-label') : null;
  var v = d.getElementById('plyview');
  out.plyShown = v ? !v.hidden && w.getComputedStyle(v).display !== 'none'
                   : null;
  out.plyNo = v ? v.getAttribute('data-ply') : null;
  out.plyUses = v ? v.querySelectorAll('svg.board use').length : 0;
  out.plyLabel = v && v.querySelector('svg.board')
                 ? v.querySelector('svg.board').getAttribute('aria-label') : null;
  out.ply2Target = d.querySelectorAll('#ply-2:target').length;
  out.tables = d.querySelectorAll('table').length;
  out.charts = d.querySelectorAll('svg.chart polyline').length;
  var p = document.createElement('pre');
  p.id = 'probe';
  p.textContent = JSON.stringify(out);
  document.body.appendChild(p);
});
</script></body></html>"""


def chromium(root, site, page, width, shot):
    """Render site/page (with a #fragment) at width px: the probe's dict
    or None, and the DOM or error text; screenshot of the page to shot."""
    path = os.path.join(site, "probe-%d.html" % width)
    with open(path, "w") as f:
        f.write(WRAPPER % (width, page))
    prof = tempfile.mkdtemp(prefix="chromium-", dir=root)
    base = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
            "--no-first-run", "--hide-scrollbars",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--allow-file-access-from-files",
            "--user-data-dir=" + prof]
    try:
        p = subprocess.run(base + ["--window-size=%d,2400" % max(width, 500),
                                   "--virtual-time-budget=5000", "--dump-dom",
                                   "file://" + path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120, cwd=root)
        subprocess.run(base + ["--window-size=%d,1600" % width,
                               "--screenshot=" + shot,
                               "file://" + os.path.join(site, page)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120, cwd=root)
    finally:
        os.unlink(path)
    dom = p.stdout.decode("utf-8", "replace")
    m = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    if not m:
        return None, dom[-1500:] + p.stderr.decode("utf-8", "replace")[-1500:]
    return json.loads(m.group(1).replace("&quot;", '"').replace("&lt;", "<")
                      .replace("&gt;", ">").replace("&amp;", "&")), dom


def inodes(site):
    return {f: os.stat(os.path.join(site, f)).st_ino for f in site_files(site)}


def written(out):
    return sorted(l[len("wrote "):] for l in out.splitlines()
                  if l.startswith("wrote "))


env = Env(smtp=False)
try:
    env.env["EPAMSERV_WEB_URL"] = URL
    site = os.path.join(env.root, "site")
    for u in sorted(PW):
        env.signup(addr(u), u, PW[u])
    start(env, "alice", "bob", 101)
    play(env, 101, "alice", "bob", MOVES)
    start(env, "carol", "dave", 102)
    play(env, 102, "carol", "dave", MOVES[:2])
    mail(env, "carol", cmd("carol", "resign 102"))
    start(env, "alice", "carol", 103, "-size=8x8 -observers=off")
    play(env, 103, "alice", "carol", MOVES[:1])
    set_web_off(env, "erin")
    start(env, "bob", "erin", 104)
    mail(env, "alice", "epaminondas tournament create spring alice %s "
         "-format=roundrobin -players=3-4 -size=8x8" % PW["alice"])
    for u in ("bob", "dave"):
        mail(env, u, cmd(u, "tournament join spring"))
    mail(env, "alice", cmd("alice", "tournament start spring"))
    mail(env, "dave", "epaminondas tournament show spring")
    bulk_boards(env, BULK)

    rc, out, err = env.run("web", site)
    is_(rc, 0, "web: the first run succeeds")
    files = site_files(site)
    pages = [f for f in files if f.endswith(".html")]
    feeds = [f for f in files if f.endswith(".atom")]
    for f in ("index.html", "standings.html", "style.css",
              "boards/epaminondas-101.html", "boards/epaminondas-102.html",
              "players/alice.html", "players/dave.html",
              "tournaments/spring.html", "feeds/boards/epaminondas-101.atom",
              "feeds/players/bob.atom", ".epamserv-web"):
        ok(f in files, "the site has %s" % f, "files: %s" % files[:40])
    nboards = len([f for f in pages if f.startswith("boards/")])
    ok(nboards >= BULK + 2, "a page for every board on the site (%d)" % nboards)
    ok("boards/epaminondas-103.html" not in files,
       "a running board that forbids observers is not on the site")
    ok("boards/epaminondas-104.html" not in files and
       "players/erin.html" not in files and
       "feeds/players/erin.atom" not in files and
       not any("erin" in open(os.path.join(site, f)).read() for f in pages
               if not f.startswith("tournaments/")),
       "a player who set web off: no board, page, feed or mention")

    # Valid HTML5, every page.
    bad = []
    for f in pages:
        p = subprocess.run(["tidy", "-q", "-e", os.path.join(site, f)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            bad.append((f, p.stderr.decode()[:300]))
    is_(bad, [], "tidy -q -e accepts every page (%d pages)" % len(pages))

    # Atom: the feed's and each entry's id, title and updated.
    bad = []
    for f in feeds:
        try:
            root = ET.parse(os.path.join(site, f)).getroot()
            need = [root] + root.findall(ATOM + "entry")
            if root.tag != ATOM + "feed" or len(need) < 2 or any(
                    e.find(ATOM + k) is None or not (e.find(ATOM + k).text or "")
                    for e in need for k in ("id", "title", "updated")):
                bad.append(f)
        except ET.ParseError as e:
            bad.append("%s: %s" % (f, e))
    is_(bad, [], "every Atom feed has id, title and updated, feed and entries")

    is_(broken_links(site, pages), [],
        "every internal link resolves to a page and an anchor of it")

    # No secret anywhere.
    blob = ""
    for f in files:
        with open(os.path.join(site, f), errors="replace") as fh:
            blob += fh.read()
    secrets = list(PW.values()) + [addr(u) for u in PW]
    for m in env.outbox_messages():
        t = re.search(r"\[#([A-Za-z0-9_-]{8,})\]", str(m["Subject"]))
        if t:
            secrets.append(t.group(1))
    for gf in glob.glob(os.path.join(env.spool, "games", "*", "*.game")):
        with open(gf) as fh:
            secrets += re.findall(r"^token: \S+ \d+ (\S+)$", fh.read(), re.M)
    for u in PW:
        h = re.search(r"^password: (\S+)$", env.user_file(u), re.M)
        if h:
            secrets.append(h.group(1))
    ok(len(secrets) > 12, "secrets to look for: %d" % len(secrets))
    is_([s for s in secrets if s in blob], [], "no password, address, token "
        "or hash on any page or feed")
    # the style sheet's "@media" (issue 30: the index tables on a phone)
    # is the one '@' that names no one
    is_(blob.replace("@media (max-width:", "").count("@"), 0,
        "no '@' at all on the site (but the style sheet's @media)")

    board = open(os.path.join(site, "boards/epaminondas-101.html")).read()
    ok(re.search(r'<dt>Deadline</dt><dd><time datetime="\d{4}-\d\d-\d\dT'
                 r'\d\d:\d\d:\d\dZ">\d{4}-\d\d-\d\d \d\d:\d\d UTC</time>', board),
       "the deadline is a date with its ISO 8601 time", board[:3000])
    ok(not re.search(r"\b(left|remaining|ago)\b", board.split("<h2>Moves")[0]),
       "no countdown on the board page")
    is_(re.findall(r'href="#(ply-\d+)"', board)[:3], ["ply-1", "ply-2", "ply-3"],
        "each move links to the position after it")
    contains(open(os.path.join(site, "tournaments/spring.html")).read(),
             "Standings", "the tournament page has its standings")
    contains(open(os.path.join(site, "players/carol.html")).read(),
             "Rating history of carol", "a rated player's page has the chart")

    # Links from mail.
    msgs = env.outbox_messages()

    def board_mails(b):
        return [m for m in msgs
                if re.search(r"\bBoard %d\b" % b, str(m["Subject"]), re.I)]
    link = URL + "/boards/epaminondas-101.html"
    last = {}
    for m in board_mails(101):
        last[m.envelope_to[0]] = m
    ok(len(last) == 2 and all(link in body_of(m) for m in last.values()),
       "the latest board mail of 101 to each player links to its page",
       [body_of(m) for m in last.values()][:1])
    ok(all(link in m.get_body(preferencelist=("html",)).get_content()
           for m in last.values() if m.get_body(preferencelist=("html",))),
       "and so does its HTML part")
    first = board_mails(101)[0]
    ok("On the web" not in body_of(first),
       "the challenge's mail has no link (a challenge is not on the site)")
    for b, why in ((103, "forbids observers"), (104, "has a player off the site")):
        bm = board_mails(b)
        ok(len(bm) >= 2 and not any("On the web" in body_of(m) for m in bm),
           "no web link in the %d mails of a board that %s" % (len(bm), why))
    shows = [body_of(m) for m in msgs if "tournament spring" in str(m["Subject"])
             and addr("dave") in m.envelope_to]
    ok(shows and URL + "/tournaments/spring.html" in shows[-1],
       "the tournament table links to the tournament's page",
       shows[-1:] if shows else "no table mail to dave")

    # Headless Chromium.
    os.makedirs(ARTIFACTS, exist_ok=True)
    for width in (390, 1280):
        shot = os.path.join(ARTIFACTS, "web-board-%d.png" % width)
        r, dom = chromium(env.root, site, "boards/epaminondas-101.html#ply-2",
                          width, shot)
        ok(r is not None, "%d px: the board page rendered" % width, dom)
        if r:
            is_(r["squares"], 64, "%d px: 64 squares on the 8x8 board" % width)
            is_(r["moveLinks"], 3, "%d px: a link per move" % width)
            ok(r["scrollWidth"] <= width, "%d px: no horizontal scrolling "
               "(page %d px wide)" % (width, r["scrollWidth"]))
            ok(0 < r["boardWidth"] <= width, "%d px: the board fits (%.0f px)"
               % (width, r["boardWidth"]))
            contains(r["boardLabel"] or "", "Black to move",
                     "%d px: the board has a text alternative" % width)
            # board.js draws the position after the ply the address
            # names, once, with the grid and its 32 pieces (issue 35).
            ok(r["plyShown"] is True and r["plyNo"] == "2" and
               r["plyUses"] >= 33 and r["ply2Target"] == 1,
               "%d px: #ply-2 shows the position after ply 2 alone, with "
               "its 32 pieces" % width, r)
            contains(r["plyLabel"] or "", "ply 2,",
                     "%d px: its drawing is labelled as the page labels "
                     "it" % width)
        ok(os.path.getsize(shot) > 5000 if os.path.exists(shot) else False,
           "%d px: screenshot kept as %s" % (width, shot))
        for page, name in (("index.html", "index"), ("players/carol.html",
                                                     "player")):
            if QUICK and (name == "player" or width != 390):
                continue
            shot = os.path.join(ARTIFACTS, "web-%s-%d.png" % (name, width))
            r, dom = chromium(env.root, site, page, width, shot)
            ok(r is not None and r["tables"] >= 1 and
               r["scrollWidth"] <= width + 1,
               "%d px: %s lays out within the width" % (width, page), r or dom)
            if name == "player" and r:
                ok(r["charts"] >= 1, "%d px: the rating chart is drawn" % width)

    # Incremental.
    before = inodes(site)
    rc, out, err = env.run("web", "--verbose", site, quiet=True)
    is_((rc, written(out)), (0, []), "a second run writes nothing")
    now = inodes(site)
    is_(sorted(f for f in now if before.get(f) != now[f]), [],
        "and no page changed (inodes)")
    mail(env, "bob", "epaminondas move 101 bob %s e8-h5" % PW["bob"])
    rc, out, err = env.run("web", "--verbose", site, quiet=True)
    want = sorted(["boards/epaminondas-101.html", "feeds/boards/epaminondas-101.atom",
                   "players/alice.html", "players/bob.html",
                   "feeds/players/alice.atom", "feeds/players/bob.atom",
                   "index.html"])
    is_((rc, written(out)), (0, want), "after one move: that board's page and "
        "feed, its players' pages and feeds and the index, nothing else")
    after = inodes(site)
    changed = sorted(f for f in after if before.get(f) != after[f]
                     and f != ".epamserv-web")
    is_(changed, want, "the same files, by their inodes")
    contains(open(os.path.join(site, "boards/epaminondas-101.html")).read(),
             'href="#ply-4">e8-h5', "the new move is on the page")

    # Off the site after the fact: the pages go.
    set_web_off(env, "dave")
    rc, out, err = env.run("web", "--verbose", site, quiet=True)
    ok(rc == 0 and "removed players/dave.html" in out and
       not os.path.exists(os.path.join(site, "boards/epaminondas-102.html")),
       "web off later: the player's page and boards are removed", out[-800:])
    is_(broken_links(site, [f for f in site_files(site) if f.endswith(".html")]),
        [], "and no link points to them")

    # A link planted in the site never takes a page, or a removal,
    # outside it.
    site2 = os.path.join(env.root, "site2")
    outside = os.path.join(env.root, "outside")
    victim = os.path.join(env.root, "victim")
    for d in (site2, outside, victim):
        os.makedirs(d)
    os.symlink(outside, os.path.join(site2, "boards"))
    rc, out, err = env.run("web", site2, quiet=True)
    ok(rc != 0 and os.listdir(outside) == [],
       "a symlinked boards/ in DIR: refused, nothing written through it",
       "rc %d, outside %r, %s" % (rc, os.listdir(outside), err[-300:]))
    os.unlink(os.path.join(site2, "boards"))
    rc, out, err = env.run("web", site2, quiet=True)
    ok(rc == 0, "without the link the site is written", err[-300:])
    with open(os.path.join(victim, "keep.html"), "w") as f:
        f.write("not the site's\n")
    os.symlink(victim, os.path.join(site2, "feeds", "old"))
    with open(os.path.join(site2, ".epamserv-web"), "a") as f:
        f.write("0123456789abcdef0123456789abcdef feeds/old/keep.html\n"
                "0123456789abcdef0123456789abcdef ../victim/keep.html\n")
    rc, out, err = env.run("web", "--verbose", site2, quiet=True)
    ok(rc == 0 and os.path.exists(os.path.join(victim, "keep.html")),
       "a manifest line through a link is not removed", out[-300:] + err)

    # One run at a time.
    holder = hold_lock(os.path.join(site, ".epamserv-web.lock"))
    try:
        rc, out, err = env.run("web", site)
        is_(rc, 75, "a run while another holds the lock exits 75")
        contains(err, "another run", "and says why")
    finally:
        holder.kill()
        holder.wait()
    rc, out, err = env.run("web")
    is_(rc, 64, "web without DIR is a usage error")
    for bad in ("javascript:alert(1)", 'https://x.example/"><b>',
                "https://x.example/a b", "ftp://x.example/"):
        rc, out, err = env.run("web", site, env={"EPAMSERV_WEB_URL": bad})
        ok(rc == 78 and "web_url" in err,
           "web_url %r is refused (78), not put in mails" % bad, err)

    # Comments: on a board's page only when both players publish them.
    n = 1000 + BULK
    start(env, "alice", "bob", n)
    rc, err = env.mail(addr("alice"), "epaminondas move %d alice %s d1-d4"
                       % (n, PW["alice"]),
                       "Nice to meet you, <b>bob</b> & co.\n")
    ok(rc == 0, "a move with a comment", err)
    page = os.path.join(site, "boards/epaminondas-%d.html" % n)
    for who in (None, "alice", "bob"):
        if who:
            mail(env, who, "set %s %s publish comments on" % (who, PW[who]))
        rc, out, err = env.run("web", "--verbose", site, quiet=True)
        text = open(page).read() if os.path.exists(page) else ""
        if who != "bob":
            ok(rc == 0 and text and "Nice to meet" not in text,
               "no comment on the page while %s" % (
                   "neither player publishes" if not who else
                   "only alice publishes"), out[-300:])
    contains(text, "Nice to meet you, &lt;b&gt;bob&lt;/b&gt; &amp; co.",
             "both publish: the comment follows its move, escaped")
    ok("boards/epaminondas-%d.html" % n in out,
       "the page is redrawn when the second player agrees", out[-400:])
finally:
    env.close()
done()
