#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Nothing lost on the switch of rating system (issue 34 item 4, first
half): result records written under Elo (by games played through mail,
and one in the format of the builds before issue 14, without a size)
rate under rating_system = glicko, glicko2 and steph (Stephenson's
system) without being touched;
`standings` and `history` show the chosen system's numbers, replayed
from the records (the "before after" of a record is what was mailed,
not what is shown); switching back to elo gives Elo's numbers again;
an unknown system is a configuration error.  Under steph the
standings show each rating with its deviation or as provisional, name
the system by its reference, the numbers are Stephenson's (not
Glicko's) and the ratings table records the system."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done
from harness import body_of as raw_body_of

A, B, C = "alice@example.org", "bob@example.org", "carol@example.org"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def ratings(env):
    """{userid: (rating, games)} of the 14x12 table of a standings mail,
    and the mail's text."""
    env.mail(C, "standings all")
    msgs = env.new_messages()
    text = body_of(msgs[-1]) if msgs else ""
    table = {}
    for line in text.splitlines():
        m = re.match(r"\s*\d+\s+(\w+)\s+(\d+)(?:\?| ± \d+)?\s+(\d+)\s+\d+\s+\d+\s+\d+", line)
        if m:
            table.setdefault(m.group(1), (int(m.group(2)), int(m.group(3))))
    return table, text


def history(env, who):
    env.mail(C, "history %s" % who)
    msgs = env.new_messages()
    return body_of(msgs[-1]) if msgs else ""


def records(env):
    d = os.path.join(env.spool, "games", "epaminondas")
    out = {}
    for name in sorted(os.listdir(d)):
        if name.endswith(".result"):
            with open(os.path.join(d, name), "rb") as f:
                out[name] = f.read()
    return out


env = Env()
# The first part plays under Elo (the default before issue 34 item 3).
env.env["EPAMSERV_RATING_SYSTEM"] = "elo"
try:
    for addr, uid in ((A, "alice"), (B, "bob"), (C, "carol")):
        env.signup(addr, uid, "pw-%s" % uid)
    env.new_messages()
    # Board 101 under Elo: alice beats bob.
    env.mail(A, "epaminondas challenge alice bob by alice pw-alice")
    env.mail(B, "epaminondas accept 101 bob pw-bob")
    env.mail(A, "epaminondas move 101 alice pw-alice e2-e3")
    env.mail(B, "epaminondas move 101 bob pw-bob e11-e10")
    env.mail(B, "epaminondas resign 101 bob pw-bob")
    env.new_messages()
    # A record as the builds before issue 14 wrote it (no size line):
    # carol beat bob a year earlier.
    old = ("epamserv-result 1\ngame: epaminondas\nboard: 150\nwhite: carol\n"
           "black: bob\nfinished: 2025-12-01T00:00:00Z\nscore: 1-0\n"
           "result: white wins (black resigned)\nwhite-rating: 1600 1616\n"
           "black-rating: 1600 1584\n")
    with open(os.path.join(env.spool, "games", "epaminondas", "150.result"),
              "w") as f:
        f.write(old)
    # As a spool of a release before the ratings table (issue 35): no
    # table, so the next reader rebuilds it from every record.
    os.unlink(os.path.join(env.spool, "ratings", "current"))
    before = records(env)
    contains(before.get("101.result", b"").decode(),
             "white-rating: 1600 1616\n",
             "the game's record holds the Elo change that was mailed")

    elo, text = ratings(env)
    # Replayed in order of finish, the old record comes first: bob is
    # 1584 when alice beats him, so she gains 15, not the 16 mailed.
    is_(elo.get("alice"), (1615, 1), "elo: replayed in order of finish")
    is_(elo.get("carol"), (1616, 1), "elo: the old record counts")
    is_(elo.get("bob"), (1569, 2), "elo: bob lost both")

    seen = {}
    for system in ("glicko", "glicko2", "steph"):
        env.env["EPAMSERV_RATING_SYSTEM"] = system
        t, text = ratings(env)
        a, b, c = t.get("alice"), t.get("bob"), t.get("carol")
        ok(a and b and c and a[1] == 1 and b[1] == 2 and c[1] == 1,
           "%s: every record rated, the old one too" % system, text)
        ok(a and c and a[0] > 1616 and c[0] > 1616 and b[0] < 1569,
           "%s: a newcomer's result moves more than Elo's 16 points "
           "(alice %s, carol %s, bob %s)" % (system, a, c, b), text)
        h = history(env, "alice")
        contains(h, "alice 1600 -> %d" % a[0],
                 "%s: history replays the change under the system" % system)
        ok("1600 -> 1616" not in h,
           "%s: history does not show the record's Elo numbers" % system, h)
        is_(records(env), before, "%s: no record was rewritten" % system)
        seen[system] = (t, text)

    # Stephenson's system: its deviation widens by h with each game and
    # its neighbourhood term pulls towards the opponent, so its numbers
    # are its own; each rating shows a deviation or a "?".
    t, text = seen["steph"]
    ok(t != seen["glicko"][0],
       "steph: Stephenson's numbers, not Glicko's (%s against %s)"
       % (t, seen["glicko"][0]), text)
    for who in ("alice", "bob", "carol"):
        ok(re.search(r"\b%s\s+%d(\?| ± \d+)\s" % (who, t[who][0]), text),
           "steph: %s's rating with its deviation or '?'" % who, text)
    # The about lines name the system by its reference (the document's
    # title stays English in every language).
    contains(text, "PlayerRatings", "steph: the standings name the "
             "system's reference")
    with open(os.path.join(env.spool, "ratings", "current")) as f:
        contains(f.read(), "\nsystem: steph\n",
                 "steph: the ratings table records the system")

    env.env["EPAMSERV_RATING_SYSTEM"] = "elo"
    t, _ = ratings(env)
    is_(t.get("alice"), (1615, 1), "back to elo: Elo's numbers again")
    h = history(env, "alice")
    contains(h, "alice 1600 -> 1615 (+15)", "back to elo: history too")

    env.env["EPAMSERV_RATING_SYSTEM"] = "trueskill"
    rc, out, err = env.run("config")
    ok(rc != 0 and "rating_system" in err,
       "an unknown rating system is a configuration error", (rc, err))
finally:
    env.close()
done()
