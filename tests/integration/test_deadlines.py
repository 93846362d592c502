#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Deadlines you can see (issue 15 item 2): every board mail of a
-time=3d+1d/5d game shows each player's time left and the mover's
deadline, in each reader's time zone (set USERID PASSWORD timezone
ZONE), in the text and the HTML part; games and show USERID show the
time left; zones that are not zones are refused and nothing is stored.

The expected text is computed here from the game file (its clock: line
holds the banks at the start of the turn, its move lines the times) with
Python's own zoneinfo, and one mail is checked by hand."""
import calendar
import datetime
import os
import re
import sys
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, body_of, refused

HOUR = 3600
DAY = 86400
# Thursday 22 October 2026 12:00 UTC: Berlin leaves summer time on
# Sunday 25 October (01:00 UTC), New York on Sunday 1 November.
T0 = calendar.timegm((2026, 10, 22, 12, 0, 0))
ZONE = {"alice": "Europe/Berlin", "bob": "America/New_York"}
ADDR = {"alice": "alice@example.org", "bob": "bob@example.org"}


def left_words(s):
    """clock_format_left in Python."""
    s = max(s, 0)
    d, h, m = s // DAY, s % DAY // HOUR, s % HOUR // 60
    pl = lambda n, w: "%d %s%s" % (n, w, "" if n == 1 else "s")
    if d:
        return "%s %s" % (pl(d, "day"), pl(h, "hour"))
    if h:
        return "%s %s" % (pl(h, "hour"), pl(m, "minute"))
    if m:
        return pl(m, "minute")
    return "less than a minute"


def local_words(t, zone):
    """deadline_words in Python: "Sun 25 Oct 2026 18:00 CET"."""
    d = datetime.datetime.fromtimestamp(t, ZoneInfo(zone))
    return "%s %d %s %d %02d:%02d %s" % (
        d.strftime("%a"), d.day, d.strftime("%b"), d.year, d.hour, d.minute,
        d.tzname())


def iso(s):
    return calendar.timegm(datetime.datetime.strptime(
        s, "%Y-%m-%dT%H:%M:%SZ").timetuple())


def expected(gf, now):
    """(time-left line, mover, deadline) from the game file at now."""
    banks = [int(x) for x in re.search(r"^clock: (\d+) (\d+)$", gf,
                                       re.M).groups()]
    moves = re.findall(r"^move: \d+ \S+ (\S+)", gf, re.M)
    agreed = max(iso(t) for t in re.findall(r"^agreed: \S+ (\S+)", gf, re.M))
    mover = len(moves) % 2          # White moves first
    start = iso(moves[-1]) if moves else agreed
    deadline = start + banks[mover]
    left = list(banks)
    left[mover] = deadline - now
    names = ["alice", "bob"]
    line = "Time left: %s %s%s, %s %s%s." % (
        names[0], left_words(left[0]), " (to move)" if mover == 0 else "",
        names[1], left_words(left[1]), " (to move)" if mover == 1 else "")
    return line, names[mover], deadline


def html_of(msg):
    part = msg.get_body(preferencelist=("html",))
    return part.get_content() if part else ""


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")

    # Bad zones: refused, nothing stored.
    for zone in ("../../../etc/passwd", "/etc/localtime", "posixrules",
                 "Europe/Nowhere", "Etc/../Europe/Berlin", "right/UTC",
                 "posix/Europe/Berlin", "localtime", "Europe//Berlin",
                 "Europe/", "europe/berlin", "zone.tab"):
        refused(env, ADDR["alice"], "set alice a timezone %s" % zone,
                "is not a time zone", "zone %r" % zone)
    refused(env, ADDR["alice"], "set alice a timezone",
            "timezone takes a time zone's name", "no zone: the usage")
    ok("timezone" not in env.user_file("alice"), "no zone stored")

    # UTC is the default and resets the zone.
    env.mail(ADDR["alice"], "set alice a timezone Asia/Tokyo")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "now in Asia/Tokyo",
             "the confirmation names the zone")
    contains(body_of(msgs[0]) if msgs else "", "Thu 22 Oct 2026 21:00 JST",
             "the confirmation gives the time there now")
    ok("timezone: Asia/Tokyo" in env.user_file("alice"), "a zone is stored")
    env.mail(ADDR["alice"], "set alice a timezone UTC")
    env.new_messages()
    ok("timezone" not in env.user_file("alice"), "UTC resets the zone")

    for who in ("alice", "bob"):
        env.mail(ADDR[who], "set %s %s timezone %s" % (who, who[0], ZONE[who]))
        ok("timezone: %s\n" % ZONE[who] in env.user_file(who),
           "%s's zone stored" % who)
    env.new_messages()

    env.start_game("alice", "bob", 101, "-time=3d+1d/5d")
    msgs = env.new_messages()
    now = T0
    # (mover, move, hours after the previous move)
    plays = [("alice", "e2-e3", 5), ("bob", "e11-e10", 43),
             ("alice", "e3-e4", 7), ("bob", "e10-e9", 30),
             ("alice", "a2-a3", 20), ("bob", "a11-a10", 10)]
    checked = 0
    for n, (who, move, hours) in enumerate(plays, 1):
        now += hours * HOUR
        env.env["EPAMSERV_NOW"] = str(now)
        env.mail(ADDR[who], "epaminondas move 101 %s %s %s" % (who, who[0],
                                                               move))
        got = by_recipient(env.new_messages())
        gf = env.game_file(101)
        line, mover, deadline = expected(gf, now)
        for reader in ("alice", "bob"):
            m = got.get(ADDR[reader], [])
            is_(len(m), 1, "move %d: one board mail to %s" % (n, reader))
            text = body_of(m[0]) if m else ""
            html = html_of(m[0]) if m else ""
            words = "%s's deadline: %s." % (mover, local_words(deadline,
                                                               ZONE[reader]))
            contains(text, line, "move %d: %s's mail: time left" % (n, reader))
            contains(text, words, "move %d: %s's mail: deadline in %s"
                     % (n, reader, ZONE[reader]))
            contains(html, line, "move %d: %s's HTML: time left" % (n, reader))
            contains(html, words, "move %d: %s's HTML: deadline" % (n, reader))
            contains(text, "Time control: 3 days, 1 day more a move, at most "
                     "5 days", "move %d: %s's mail: the time control" %
                     (n, reader))
            ok(all(len(l) <= 72 for l in text.splitlines()),
               "move %d: %s's mail within 72 columns" % (n, reader))
            checked += 1
        if n == 1:
            # By hand: bob's bank is 3 days from alice's move at Thursday
            # 22 October 17:00 UTC: Sunday 25 October 17:00 UTC, after
            # Berlin went back to CET (18:00) and still EDT in New York.
            text_a = body_of(got[ADDR["alice"]][0])
            text_b = body_of(got[ADDR["bob"]][0])
            contains(text_a, "bob's deadline: Sun 25 Oct 2026 18:00 CET.",
                     "by hand: alice reads bob's deadline in CET")
            contains(text_b, "bob's deadline: Sun 25 Oct 2026 13:00 EDT.",
                     "by hand: bob reads it in EDT")
            contains(text_b, "Time left: alice 3 days 19 hours, bob 3 days "
                     "0 hours (to move).", "by hand: the banks after move 1")
    is_(checked, 12, "every mail of every move was checked")

    # games and show USERID: the time left of the player to move, a day on.
    later = now + DAY
    env.env["EPAMSERV_NOW"] = str(later)
    gf = env.game_file(101)
    line, mover, deadline = expected(gf, later)
    want = "alice to move, %s left" % left_words(deadline - later)
    for subject in ("epaminondas games alice", "epaminondas show bob",
                    "games bob"):
        env.mail(ADDR["bob"], subject)
        msgs = env.new_messages()
        contains(body_of(msgs[0]) if msgs else "", want,
                 "%s: the time left on the board" % subject)

    # No -time: pbmserv's rule, forfeit_days (21) from the last move
    # (here the board's last change); the time left and the deadline
    # follow it.
    env.start_game("bob", "alice", 102)
    env.new_messages()
    later += 2 * HOUR
    env.env["EPAMSERV_NOW"] = str(later)
    env.mail(ADDR["bob"], "epaminondas move 102 bob b e2-e3")
    got = by_recipient(env.new_messages())
    gf = env.game_file(102)
    upd = iso(re.search(r"^updated: (\S+)$", gf, re.M).group(1))
    later += 5 * HOUR
    env.env["EPAMSERV_NOW"] = str(later)
    env.mail(ADDR["alice"], "epaminondas show 102")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "Time control: 21 days for each move,",
             "no -time: pbmserv's rule in words")
    contains(text, "Time left: bob 21 days 0 hours, alice 20 days 19 hours "
             "(to move).", "no -time: the time left since the last change")
    contains(text, "alice's deadline: %s." % local_words(upd + 21 * DAY,
                                                         ZONE["alice"]),
             "no -time: the deadline 21 days after the last change")
finally:
    env.close()
done()
