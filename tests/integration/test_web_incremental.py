#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A web run after one move reads what that move changed; a board page
in proportion (issue 35 item 5).

A spool of boards made by mail (one of them a game of 100 plies on the
14x12 board, played by longgame.py) and BULK copies of a real game file
under other numbers, every file dated an hour back (a file changed in
the last seconds is read again by every run, src/web/state.c).  Then:

- a second run opens no board file and writes no page (strace -f -e
  trace=openat counts the opens: no time is measured);
- after one move, the run opens that board's file and no other, and
  writes exactly its page and feed, its players' pages and feeds and the
  index (the --verbose list and the inodes);
- the site is then byte for byte the site `web --full` makes in an empty
  directory, and `web --full` over the site writes every page again;
- a damaged record of the last run (SPOOL/web/state-DIGEST, in the
  spool, never in the site) costs a full read, not a wrong page: the
  site is again the same as --full's;
- the page of the 100-ply game is at most a tenth of the 268,347 bytes
  2760799 wrote for the same game (one drawing a ply), and carries what
  board.js needs to draw every ply (data-d: 100 plies).
"""
import filecmp
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import longgame  # noqa: E402
from webspool import age, as_board, states  # noqa: E402
from harness import Env, ok, is_, done  # noqa: E402

BULK = 40
BEFORE_100 = 268347   # boards/epaminondas-103.html at 2760799
STRACE = shutil.which("strace")
PW = {"alice": "a", "bob": "b", "carol": "c"}


def traced_web(env, *args):
    """`epamserv web --verbose ARGS` under strace: (exit status, stdout,
    the board files it opened, sorted)."""
    log = os.path.join(env.root, "trace-%d" % len(os.listdir(env.root)))
    e = dict(env.env)
    # LeakSanitizer cannot run under ptrace: a sanitizer build's leak
    # check is left to the other tests.
    e["ASAN_OPTIONS"] = ":".join(x for x in (e.get("ASAN_OPTIONS"),
                                             "detect_leaks=0") if x)
    p = subprocess.run([STRACE, "-f", "-qq", "-e", "trace=openat", "-o", log,
                        harness.BIN, "web", "--verbose"] + list(args),
                       env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=300)
    opened = set()
    with open(log) as f:
        for line in f:
            m = re.search(r'openat\([^,]*, "[^"]*/games/epaminondas/'
                          r'(?:archive/)?(\d+)\.game"', line)
            if m and "= -1" not in line:
                opened.add(int(m.group(1)))
    return p.returncode, p.stdout.decode(), sorted(opened)


def written(out):
    return sorted(l[len("wrote "):] for l in out.splitlines()
                  if l.startswith("wrote "))


# The site's own files beside its pages: the manifest (compared too)
# and the lock.  Nothing else is left out of a comparison.
OWN = (".epamserv-web", ".epamserv-web.lock")


def pages(site):
    out = []
    for dp, _, files in os.walk(site):
        for f in files:
            out.append(os.path.relpath(os.path.join(dp, f), site))
    return sorted(f for f in out if f not in OWN)


def same_site(a, b):
    """The pages (and the manifest) that differ between sites a and b."""
    pa, pb = pages(a), pages(b)
    if pa != pb:
        return ["file lists differ: %r" % sorted(set(pa) ^ set(pb))]
    _, bad, errs = filecmp.cmpfiles(a, b, pa + [".epamserv-web"],
                                    shallow=False)
    return bad + errs


def inodes(site):
    return {f: os.stat(os.path.join(site, f)).st_ino for f in pages(site)}


if not STRACE or subprocess.run([STRACE, "-f", "-qq", "-o", os.devnull,
                                 "true"]).returncode != 0:
    print("1..0 # SKIP strace is missing or cannot trace here "
          "(scripts/deps-debian.sh)")
    sys.exit(0)

env = Env(smtp=False)
try:
    env.players("alice", "bob", "carol")
    env.start_game("alice", "bob", 101)
    env.start_game("bob", "carol", 102)
    env.start_game("alice", "carol", 103)
    longgame.play(env, "alice", "carol", 103, 100, PW)
    d = os.path.join(env.spool, "games", "epaminondas")
    with open(os.path.join(d, "101.game")) as f:
        text = f.read()
    pairs = [("alice", "bob"), ("bob", "carol"), ("carol", "alice")]
    for k in range(BULK):
        w, b = pairs[k % len(pairs)]
        with open(os.path.join(d, "%d.game" % (1000 + k)), "w") as f:
            f.write(as_board(text, 1000 + k, w, b))
    age(env.spool)
    site = os.path.join(env.root, "site")
    boards = BULK + 3

    rc, out, opened = traced_web(env, site)
    ok(rc == 0 and len(opened) == boards,
       "the first run reads every board", (rc, len(opened), out[-400:]))
    made = states(env.spool)
    is_(len(made), 1, "it records what it read in the spool's web/")
    state = made[0] if made else os.path.join(env.spool, "web", "none")
    ok(os.path.basename(state).startswith("state-") and
       os.path.exists(state) and
       os.stat(state).st_mode & 0o7777 == 0o640,
       "as state-DIGEST, mode 0640", made)

    rc, out, opened = traced_web(env, site)
    is_((rc, opened, written(out)), (0, [], []),
        "a second run opens no board file and writes no page")

    # The page of 100 plies.
    page = os.path.join(site, "boards", "epaminondas-103.html")
    size = os.path.getsize(page)
    ok(size <= BEFORE_100 // 10, "the 100-ply board's page is at most a "
       "tenth of its size at 2760799 (%d of %d bytes)" % (size, BEFORE_100))
    with open(page) as f:
        html = f.read()
    m = re.search(r'data-d="([^"]*)"', html)
    is_(len(m.group(1).split(" ")) if m else 0, 100,
        "it carries every ply's change for board.js")
    is_(len(re.findall(r'<li id="ply-\d+">', html)), 100,
        "and every move is a target")
    ok(os.path.exists(os.path.join(site, "board.js")),
       "the site has the script")

    # One move.
    before = inodes(site)
    first, second = longgame.moves(2)
    rc, err = env.mail("alice@example.org",
                       "epaminondas move 101 alice a " + first)
    with open(os.path.join(d, "101.game")) as f:
        ok(rc == 0 and first in f.read(), "alice moves on 101", err[-300:])
    rc, out, opened = traced_web(env, site)
    want = sorted(["boards/epaminondas-101.html",
                   "feeds/boards/epaminondas-101.atom",
                   "players/alice.html", "players/bob.html",
                   "feeds/players/alice.atom", "feeds/players/bob.atom",
                   "index.html"])
    is_((rc, opened), (0, [101]), "after one move the run opens that "
        "board's file and no other")
    is_(written(out), want, "and writes that board's page and feed, its "
        "players' pages and feeds and the index, nothing else")
    after = inodes(site)
    is_(sorted(f for f in after if before.get(f) != after[f]), want,
        "the same files, by their inodes")

    full = os.path.join(env.root, "site-full")
    rc, out, err = env.run("web", "--full", full, quiet=True)
    ok(rc == 0, "web --full in an empty directory", err[-300:])
    is_(same_site(site, full), [], "the incremental site is byte for byte "
        "the full one")

    rc, out, opened = traced_web(env, "--full", site)
    is_((rc, len(opened), len(written(out))), (0, boards, len(pages(site))),
        "web --full reads every board and writes every page")
    is_(same_site(site, full), [], "with the same bytes")

    # A damaged record of the last run.
    with open(state, "r+") as f:
        text = f.read()
        f.seek(0)
        f.write(re.sub(r"\t[0-9a-f]{32}\t", "\tnot-a-digest\t", text, count=5)
                .replace("\tB\t", "\tX\t"))
    env.mail("bob@example.org", "epaminondas move 101 bob b " + second)
    age(env.spool)
    rc, out, opened = traced_web(env, site)
    ok(rc == 0 and 101 in opened and len(opened) >= 6,
       "a damaged record: the boards it names wrongly are read again",
       (rc, opened))
    full2 = os.path.join(env.root, "site-full2")
    env.run("web", "--full", full2, quiet=True)
    is_(same_site(site, full2), [], "and the site is still the full one")
    with open(state, "w") as f:
        f.write("epamserv-web-boards 1\nkey 0\n")
    rc, out, opened = traced_web(env, site)
    is_((rc, len(opened), written(out)), (0, boards, []),
        "a record of another key: every board read, no page written")

    # What changes a board's page without touching its file: a rated
    # game's end moves the ratings its players' other pages show, and a
    # player's setting (web off) takes their boards off the site.
    rc, err = env.mail("carol@example.org", "epaminondas resign 103 carol c")
    ok(rc == 0 and "\nend: " in (env.game_file(103) or ""),
       "carol resigns board 103", err[-300:])
    age(env.spool)
    rc, out, opened = traced_web(env, site)
    full3 = os.path.join(env.root, "site-full3")
    env.run("web", "--full", full3, quiet=True)
    ok(rc == 0 and 103 in opened and "boards/epaminondas-1000.html" in
       written(out), "a result: the board read, and the pages of its "
       "players' other boards redrawn (their ratings)", (opened, out[-600:]))
    is_(same_site(site, full3), [], "the site is the full one")
    rc, err = env.mail("carol@example.org", "set carol c web off")
    age(env.spool)
    rc, out, opened = traced_web(env, site)
    full4 = os.path.join(env.root, "site-full4")
    env.run("web", "--full", full4, quiet=True)
    ok(rc == 0 and not os.path.exists(os.path.join(
        site, "boards", "epaminondas-102.html")),
       "web off: carol's boards leave the site", out[-600:])
    is_(same_site(site, full4), [], "the site is the full one")
finally:
    env.close()
done()
