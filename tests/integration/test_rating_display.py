#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Players see how sure a rating is (issue 34 item 3) under the default
rating system, Glicko-2: a standings mail shows "1734 ± 95" for an
established player and "1580?" for a provisional one, lists by default
only established players with a rated game in the last 180 days and
says how many it left out and why (the sentences of the catalogue, in
English and in German), `standings all` lists everyone; a board mail's
ratings line, `history` and the web site's player page (a band of the
deviation around the rating chart) show the same forms; the deviation
shown widens while a player does not play.

The result records are written into the spool as the server writes
them (ratings are replayed from them, ratings.h), at dates before the
fixed clock; everything else goes through real mail and the real web
command."""
import gettext
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
from harness import Env, ok, is_, contains, done
from harness import body_of as raw_body_of

DAY = 86400
NOW = 1803513600                      # 2027-02-25T00:00:00Z
ACTIVE_DAYS = 180                     # ratings_show.h RATING_ACTIVE_DAYS
RD = r"\d+ ± \d+"                     # an established Glicko-2 rating
PROV = r"\d+\?"                       # a provisional one


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def iso(t):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def record(env, board, white, black, when, score):
    """A result record as board.c writes it (the rating lines are what
    was mailed; nobody reads them)."""
    d = os.path.join(env.spool, "games", "epaminondas")
    os.makedirs(d, exist_ok=True)
    result = {"1-0": "white wins (black resigned)",
              "0-1": "black wins (white resigned)",
              "1/2-1/2": "draw (agreed)"}[score]
    with open(os.path.join(d, "%d.result" % board), "w") as f:
        f.write("epamserv-result 1\ngame: epaminondas\nboard: %d\n"
                "size: 14x12\nwhite: %s\nblack: %s\nfinished: %s\n"
                "score: %s\nresult: %s\nwhite-rating: 1600 1600\n"
                "black-rating: 1600 1600\n" % (board, white, black,
                                                iso(when), score, result))


def standings(env, sender, subject="standings"):
    env.mail(sender, subject)
    msgs = [m for m in env.new_messages() if sender in m.envelope_to]
    return body_of(msgs[-1]) if msgs else ""


def row(text, userid):
    """The rating column of userid's line in the 14x12 table, or None."""
    m = re.search(r"^\s*\d+\s+%s\s+(\d+(?: ± \d+|\?)?)\s+\d+" % userid,
                  text, re.M)
    return m.group(1) if m else None


# -- a new server: nobody rated, so no table of nobody -------------------
# (s10-trial: the column headings stood over no line.)  A spool of its
# own: a standings mail makes the ratings table, which the result
# records written below by hand would leave behind.
fresh = Env()
fresh.env["EPAMSERV_ROBOTS"] = ""
try:
    for u in ("gina", "hal"):
        fresh.signup("%s@example.org" % u, u, "pw-" + u)
    fresh.new_messages()
    text = standings(fresh, "gina@example.org")
    ok(not re.search(r"^\s+#\s", text, re.M) and not row(text, "hal"),
       "standings of nobody: no column headings over an empty table", text)
    contains(text, "\"standings all\"",
             "standings of nobody: it says how to list everyone")
    ok(re.search(r"^\s+#\s", standings(fresh, "gina@example.org",
                                       "standings all"), re.M),
       "standings all of the same players: a table with its headings")
finally:
    fresh.close()

env = Env()
env.env["EPAMSERV_ROBOTS"] = ""
env.env["EPAMSERV_NOW"] = iso(NOW)
try:
    for u in ("alice", "bob", "carol", "dave", "frank", "erin"):
        env.signup("%s@example.org" % u, u, "pw-" + u)
    # alice and bob: 16 games, one every 3 days up to yesterday.
    # carol: one game, 10 days ago (provisional).  dave and frank: 16
    # games that ended 200 days ago (inactive).  erin: none.
    b = 500
    for i in range(16):
        record(env, b, "alice", "bob", NOW - DAY - (15 - i) * 3 * DAY,
               ("1-0", "0-1", "1-0", "1/2-1/2")[i % 4])
        b += 1
    record(env, b, "carol", "alice", NOW - 10 * DAY, "0-1")
    b += 1
    for i in range(16):
        record(env, b, "dave", "frank", NOW - 200 * DAY - (15 - i) * DAY,
               ("1-0", "0-1")[i % 2])
        b += 1
    env.new_messages()

    # -- standings: the established, active players only ----------------
    text = standings(env, "erin@example.org")
    ok(re.fullmatch(RD, row(text, "alice") or "") and
       re.fullmatch(RD, row(text, "bob") or ""),
       "standings: alice and bob established, shown with their deviation",
       text)
    ok(all(row(text, u) is None for u in ("carol", "dave", "frank", "erin")),
       "standings: the provisional and the inactive are left out", text)
    # Who is left out for which reason: provisional first, then inactive.
    listed = {"carol": "p", "erin": "p"}
    en = gettext.NullTranslations()
    inactive = [u for u in ("dave", "frank")]
    prov_n = 2
    # dave and frank may have widened past the provisional bound after
    # 200 days; `standings all` says which (their "?").
    full = standings(env, "erin@example.org", "standings all")
    for u in ("dave", "frank"):
        if (row(full, u) or "").endswith("?"):
            prov_n += 1
            inactive.remove(u)
    want_p = en.ngettext(
        "%d player with a provisional rating (marked ?) is left out; "
        "\"standings all\" lists everyone.", "%d players with a "
        "provisional rating (marked ?) are left out; \"standings all\" "
        "lists everyone.", prov_n) % prov_n
    contains(" ".join(text.split()), want_p,
             "standings: how many are left out as provisional")
    if inactive:
        want_i = en.ngettext(
            "%1$d player without a rated game in the last %2$d days is left "
            "out; \"standings all\" lists everyone.", "%1$d players without "
            "a rated game in the last %2$d days are left out; \"standings "
            "all\" lists everyone.", len(inactive)).replace(
            "%1$d", str(len(inactive))).replace("%2$d", str(ACTIVE_DAYS))
        contains(" ".join(text.split()), want_i,
                 "standings: how many are left out as inactive")
    ok(len(inactive) >= 1 or prov_n == 4, "dave and frank are left out for "
       "a reason", (inactive, prov_n))
    contains(text, "Glicko-2", "standings name the rating system")
    contains(text, "Glickman", "and its paper")

    # -- standings all: everyone, provisional ones marked -----------------
    ok(all(row(full, u) for u in ("alice", "bob", "carol", "dave", "frank",
                                  "erin")),
       "standings all: every player listed", full)
    ok(re.fullmatch(PROV, row(full, "carol") or "") and
       row(full, "erin") == "1600?",
       "standings all: carol (one game) and erin (none) marked provisional",
       full)
    ok(not any("left out" in l for l in full.splitlines()),
       "standings all: nothing left out", full)

    # -- inactivity widens the deviation shown -------------------------------
    later = dict(env.env)
    env.env["EPAMSERV_NOW"] = iso(NOW + 120 * DAY)
    text2 = standings(env, "erin@example.org", "standings all")
    env.env = later
    a1 = re.fullmatch(r"(\d+) ± (\d+)", row(full, "alice") or "")
    a2 = re.fullmatch(r"(\d+) ± (\d+)", row(text2, "alice") or "") or \
        re.fullmatch(r"(\d+)\?", row(text2, "alice") or "")
    ok(a1 and a2 and a2.group(1) == a1.group(1) and
       (a2.re.pattern.endswith("\\?") or int(a2.group(2)) > int(a1.group(2))),
       "120 days later alice's rating stands, its deviation is wider",
       (row(full, "alice"), row(text2, "alice")))

    # -- a board mail's ratings line -----------------------------------------
    env.mail("alice@example.org",
             "epaminondas challenge alice carol by alice pw-alice")
    msgs = env.new_messages()
    m = re.search(r"epaminondas accept (\d+)",
                  " ".join(body_of(x) for x in msgs))
    board = m.group(1) if m else "0"
    env.mail("carol@example.org", "epaminondas accept %s carol pw-carol" %
             board)
    msgs = [m for m in env.new_messages()
            if "carol@example.org" in m.envelope_to]
    btext = body_of(msgs[-1]) if msgs else ""
    ok(re.search(r"Ratings \(epaminondas 14x12\): alice %s, carol %s\." %
                 (RD, PROV), btext),
       "the board mail shows alice's deviation and carol's '?'", btext)

    # -- history: each rating as sure as it was after that game ------------
    env.mail("erin@example.org", "history alice")
    msgs = env.new_messages()
    htext = body_of(msgs[-1]) if msgs else ""
    ok(re.search(r"alice \d+ -> %s \([+-]\d+\)" % RD, htext) and
       re.search(r"carol \d+ -> %s \([+-]\d+\)" % PROV, htext),
       "history: alice's deviation, carol's '?'", htext)

    # -- German: the catalogue's sentences ---------------------------------
    env.mail("erin@example.org", "set erin pw-erin language de")
    env.new_messages()
    cat = gettext.translation("epamserv", harness.LOCALEDIR, ["de"],
                              fallback=True)
    de = standings(env, "erin@example.org", "standings")
    if isinstance(cat, gettext.GNUTranslations):
        want = cat.ngettext(
            "%d player with a provisional rating (marked ?) is left out; "
            "\"standings all\" lists everyone.", "%d players with a "
            "provisional rating (marked ?) are left out; \"standings all\" "
            "lists everyone.", prov_n) % prov_n
        ok(want != want_p and want in " ".join(de.split()),
           "German standings: the left-out sentence from the catalogue",
           de)
    else:
        ok(True, "# SKIP no German catalogue (--disable-nls)")

    # -- the web site: the player page --------------------------------------
    site = os.path.join(env.root, "site")
    rc, out, err = env.run("web", site)
    is_(rc, 0, "epamserv web writes the site")
    with open(os.path.join(site, "players", "alice.html")) as f:
        page = f.read()
    ok(re.search(r'<span class="rating">%s</span>' % RD, page),
       "alice's page: her rating with its deviation", page[:3000])
    ok('<polygon class="band"' in page and "<desc>" in page,
       "alice's page: the chart draws the deviation as a band")
    with open(os.path.join(site, "players", "carol.html")) as f:
        cpage = f.read()
    ok(re.search(r'<span class="rating provisional">%s</span>' % PROV, cpage),
       "carol's page: her provisional rating marked '?'")
    contains(cpage, "Glickman", "a player's page names the system")
    with open(os.path.join(site, "standings.html")) as f:
        spage = f.read()
    ok(re.search(r'<span class="rating">%s</span>' % RD, spage) and
       re.search(r'<span class="rating provisional">%s</span>' % PROV,
                 spage), "the standings page shows both forms")
finally:
    env.close()
done()
