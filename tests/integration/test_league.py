#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The recurring league (issue 17 part 5) by mail, run by sweep, with
league_division_size 3: nothing before 3 players joined; a first season
of two divisions made by the sweep (each a round robin tournament
league-1-D, players by rating: all 1600, so by userid); every game played
to its end by resign; a player who joined during the season and one who
left; the next season made by the sweep with promotion and relegation
as worked by hand (below); the player who left not entered again; the
sweep run twice makes nothing twice; a season ended by its days; wrong
passwords and bad commands refused with nothing changed.  Then with the
default size 6: 13 players make divisions of 6 and 7 (the short last one
joins the one above), two go up and two down, and 14 make 6 and 8."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, refused, to
from tourney import at, body_of, addr, tfile, boards_of






def players_of(env, name):
    return set(re.findall(r"^player: (\S+)$", tfile(env, name) or "", re.M))



def league_file(env):
    with open(os.path.join(env.spool, "league", "epaminondas")) as f:
        return f.read()


def entries(env):
    return re.findall(r"^entry: (\d+) (\S+)$", league_file(env), re.M)


T0 = at(2026, 12, 1, 12)
env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.env["EPAMSERV_LEAGUE_DIVISION_SIZE"] = "3"
    # A long time control, so season 2's boards still run on day 30 and
    # the season ends by its days (league_season_days 30).
    env.env["EPAMSERV_LEAGUE_OPTIONS"] = "-time=50d"
    env.env["EPAMSERV_LEAGUE_SEASON_DAYS"] = "30"
    env.players("alice", "bob", "carol", "dave", "erin", "frank", "gina")
    env.new_messages()

    # -- refusals ------------------------------------------------------------
    refused(env, addr("alice"), "epaminondas league join alice WRONG",
            "password", "join: wrong password")
    refused(env, addr("alice"), "epaminondas league join alice", "userid "
            "and your password", "join: no password")
    refused(env, addr("alice"), "epaminondas league leave alice a",
            "not in the league", "leave: not a member")
    refused(env, addr("alice"), "epaminondas league start", "not a league "
            "command", "league start is no command")
    refused(env, addr("alice"), "epaminondas tournament create league-1-1 "
            "alice a -format=roundrobin", "are the league's",
            "tournament create: league- names are the league's")

    env.mail(addr("alice"), "help league")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "The recurring league",
             "help league: the command's help")

    # -- two join: no season ---------------------------------------------------
    for u in ("alice", "bob"):
        rc, err = env.mail(addr(u), "epaminondas league join %s %s" % (u, u[0]))
        msgs = env.new_messages()
        ok(rc == 0 and len(msgs) == 1 and "You (%s) joined the league" % u
           in body_of(msgs[0]), "join: %s" % u, err)
    refused(env, addr("bob"), "epaminondas league join bob b", "already",
            "join: twice")
    env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 60)})
    ok(tfile(env, "league-1-1") is None and not env.new_messages(),
       "sweep with 2 members: no season")
    for u in ("carol", "dave", "erin", "frank"):
        env.mail(addr(u), "epaminondas league join %s %s" % (u, u[0]))
    env.new_messages()
    env.mail(addr("gina"), "epaminondas league show")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "No season has started yet",
             "show before the first season")

    # -- season 1 by sweep -----------------------------------------------------
    T1 = T0 + 3600
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T1)})
    msgs = env.new_messages()
    ok(rc == 0, "sweep starts season 1", err)
    is_(entries(env), [("1", "alice"), ("1", "bob"), ("1", "carol"),
                       ("2", "dave"), ("2", "erin"), ("2", "frank")],
        "season 1: new players by rating (all 1600: by userid), 3 a "
        "division")
    contains(league_file(env), "epamserv-league 1\ngame: epaminondas\n"
             "season: 1\n", "the league file, versioned")
    is_(players_of(env, "league-1-1"), {"alice", "bob", "carol"},
        "division 1 is tournament league-1-1")
    is_(players_of(env, "league-1-2"), {"dave", "erin", "frank"},
        "division 2 is tournament league-1-2")
    for name in ("league-1-1", "league-1-2"):
        contains(tfile(env, name), "organiser: league\nformat: roundrobin\n",
                 "%s: a round robin made by the server" % name)
        contains(tfile(env, name), "state: running", "%s: running" % name)
        is_(len(boards_of(env, name)), 3, "%s: 3 boards" % name)
    board_mails = [m for m in msgs if "Board" in str(m["Subject"])]
    is_(len(board_mails), 12, "each of the 6 boards mailed to both players")
    starts = [m for m in msgs if "started" in str(m["Subject"])]
    is_(sorted(m.envelope_to[0] for m in starts),
        sorted(addr(u) for u in "alice bob carol dave erin frank".split()),
        "every player is told of his division's start")
    contains(body_of(starts[0]) if starts else "", "season 1 of the league",
             "the start mail names the season")
    gf = env.game_file(boards_of(env, "league-1-1")[0][3])
    contains(gf or "", "tournament: league-1-1 1", "a league board names its "
             "tournament")
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T1 + 60)})
    ok(tfile(env, "league-2-1") is None and not env.new_messages(),
       "a second sweep during the season makes nothing")

    # -- during the season: gina joins, erin leaves ------------------------------
    env.env["EPAMSERV_NOW"] = str(T1 + 120)
    env.mail(addr("gina"), "epaminondas league join gina g")
    env.new_messages()
    refused(env, addr("erin"), "epaminondas league leave erin WRONG",
            "password", "leave: wrong password")
    rc, err = env.mail(addr("erin"), "epaminondas league leave erin e")
    msgs = env.new_messages()
    ok(rc == 0 and msgs and "You (erin) left the league" in body_of(msgs[0]),
       "leave: erin", err)
    ok("member: erin" not in league_file(env), "erin is no member any more")
    contains(tfile(env, "league-1-2"), "player: erin", "erin still plays "
             "season 1's games")

    # -- the games (hand-made results) ------------------------------------------
    # Division 1: alice beats bob and carol, bob beats carol:
    #   1. alice 2, 2. bob 1, 3. carol 0.
    # Division 2: frank beats dave and erin, dave beats erin:
    #   1. frank 2, 2. dave 1, 3. erin 0.
    winner = {("alice", "bob"): "alice", ("alice", "carol"): "alice",
              ("bob", "carol"): "bob", ("dave", "frank"): "frank",
              ("erin", "frank"): "frank", ("dave", "erin"): "dave"}
    t = T1 + 600
    played = True
    for name in ("league-1-1", "league-1-2"):
        for r, w, b, n in boards_of(env, name):
            win = winner[tuple(sorted((w, b)))]
            loser = b if win == w else w
            t += 60
            env.env["EPAMSERV_NOW"] = str(t)
            # One move each first, so the game is rated (a game ended
            # before both moved is not).
            env.mail(addr(w), "epaminondas move %d %s %s e2-e3" % (n, w, w[0]))
            env.mail(addr(b), "epaminondas move %d %s %s e11-e10"
                     % (n, b, b[0]))
            rc, err = env.mail(addr(loser), "epaminondas resign %d %s %s"
                               % (n, loser, loser[0]))
            if rc != 0 or "\nend: resign" not in (env.game_file(n) or ""):
                played = False
                print("# board %d: %s" % (n, err))
    msgs = env.new_messages()
    ok(played, "every season 1 game resigned to its end")
    for name in ("league-1-1", "league-1-2"):
        contains(tfile(env, name), "state: finished", "%s finished" % name)
    # Results feed the ratings as usual: each player's rated games.
    env.mail(addr("gina"), "standings all")
    msgs = env.new_messages()
    st = body_of(msgs[-1]) if msgs else ""
    rated = {u: (int(r), int(g)) for u, r, g in re.findall(
        r"^\s*\d+\s+(\w+)\s+(\d+)(?:\?| ± \d+)?\s+(\d+)\s+\d+\s+\d+\s+\d+",
        st, re.M)}
    is_({u: g for u, (r, g) in rated.items() if g},
        {u: 2 for u in "alice bob carol dave erin frank".split()},
        "standings: every season 1 player has 2 rated games")
    ok(rated.get("alice", (0,))[0] > 1600 > rated.get("carol", (9999,))[0],
       "standings: alice (2 wins) above 1600, carol (2 losses) below", st)
    env.mail(addr("gina"), "epaminondas league show")
    msgs = env.new_messages()
    show = body_of(msgs[0]) if msgs else ""
    ok(re.search(r"1\. alice\s+score 2\s*\n", show), "show: alice first in "
       "division 1, no mark (the top stays)", show)
    ok(re.search(r"3\. carol\s+score 0\s+goes down", show),
       "show: carol goes down", show)
    ok(re.search(r"1\. frank\s+score 2\s+goes up", show),
       "show: frank goes up", show)
    ok(re.search(r"3\. erin\s+score 0\s+left the league", show),
       "show: erin left", show)
    contains(show, "New for the next season (at the bottom, by rating): gina",
             "show: gina waits for the next season")

    # -- season 2 by sweep --------------------------------------------------------
    # By hand: between the two divisions of 3, one player swaps (1 for
    # divisions of fewer than 6): frank up, carol down.  Division 1 is
    # alice, bob (stay), frank (up); division 2 carol (down), dave (stays),
    # erin left; gina is new, at the bottom.  Cut by 3: 1: alice bob
    # frank; 2: carol dave gina.
    T2 = t + 3600
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T2)})
    msgs = env.new_messages()
    ok(rc == 0, "sweep starts season 2", err)
    is_(entries(env), [("1", "alice"), ("1", "bob"), ("1", "frank"),
                       ("2", "carol"), ("2", "dave"), ("2", "gina")],
        "season 2: frank promoted, carol relegated, erin gone, gina new")
    is_(players_of(env, "league-2-1"), {"alice", "bob", "frank"},
        "league-2-1: the hand-worked division 1")
    is_(players_of(env, "league-2-2"), {"carol", "dave", "gina"},
        "league-2-2: the hand-worked division 2")
    ok(not to(msgs, addr("erin")), "erin (left) gets nothing of season 2")
    ok(to(msgs, addr("gina")), "gina gets her boards")
    n_mail = len(msgs)
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T2 + 60)})
    ok(tfile(env, "league-3-1") is None and not env.new_messages(),
       "sweep again: nothing made twice (%d mails the first time)" % n_mail)

    # -- season 3 after league_season_days (30) with games unplayed -----------------
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW":
                                         str(T2 + 29 * 86400)})
    ok(tfile(env, "league-3-1") is None, "day 29: season 2 still runs")
    env.new_messages()
    contains(tfile(env, "league-2-1"), "options: -time=50d", "the boards "
             "take league_options")
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW":
                                         str(T2 + 30 * 86400 + 60)})
    contains(tfile(env, "league-2-1"), "state: running", "season 2's "
             "tournament still runs (its games are played out)")
    ok(tfile(env, "league-3-1") is not None and
       tfile(env, "league-3-2") is not None, "day 30: season 3 made, its games still running", err)
    is_(len(players_of(env, "league-3-1")) + len(players_of(env,
        "league-3-2")), 6, "season 3: the same 6 players")
    contains(league_file(env), "season: 3\n", "the league file: season 3")
    env.new_messages()

    # -- config --check reads league_options ------------------------------------
    rc, out, err = env.run("config", "--check",
                           env={"EPAMSERV_LEAGUE_OPTIONS": "-time=90d"})
    ok(rc == 78 and "league_options '-time=90d' for epaminondas" in err,
       "config --check: bad league_options found", "rc %d: %s" % (rc, err))
    rc, out, err = env.run("config", "--check")
    ok(rc == 0, "config --check: the test's league_options are valid", err)

    # -- league off ------------------------------------------------------------------
    env.env["EPAMSERV_LEAGUE"] = "off"
    refused(env, addr("hugo"), "epaminondas league show", "no league",
            "league off: refused")
finally:
    env.close()

# -- divisions of 6 (the default size): two swap, a short last division
# joins the one above ----------------------------------------------------------
env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    P = ["p%02d" % i for i in range(1, 14)]
    env.players(*P, "zed")
    for u in P:
        env.mail(addr(u), "epaminondas league join %s p" % u)
    env.new_messages()
    env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 3600)})
    env.new_messages()
    # 13 players by 6: 6, 6 and 1; the 1 joins the one above: 6 and 7.
    is_(entries(env), [("1", u) for u in P[:6]] + [("2", u) for u in P[6:]],
        "13 players, size 6: divisions of 6 and 7")
    # Every game won by the player first by userid: each division ranks
    # in userid order.
    t = T0 + 7200
    for name in ("league-1-1", "league-1-2"):
        for r, w, b, n in boards_of(env, name):
            t += 60
            loser = max(w, b)
            env.env["EPAMSERV_NOW"] = str(t)
            env.mail(addr(loser), "epaminondas resign %d %s p" % (n, loser))
        env.new_messages()
        contains(tfile(env, name), "state: finished", "%s finished" % name)
    env.mail(addr("zed"), "epaminondas league join zed z")
    env.mail(addr("zed"), "epaminondas league show")
    msgs = env.new_messages()
    show = body_of(msgs[-1]) if msgs else ""
    ok(all(re.search(r"\d\. %s\s+score \d\s+goes down" % u, show)
           for u in ("p05", "p06")), "show: the bottom 2 of division 1 go "
       "down", show)
    ok(all(re.search(r"\d\. %s\s+score \d\s+goes up" % u, show)
           for u in ("p07", "p08")), "show: the top 2 of division 2 go up")
    ok(not re.search(r"p0[1-4]\s+score \d\s+go", show) and
       not re.search(r"p(09|1[0-3])\s+score \d\s+go", show),
       "show: nobody else moves")
    env.run("sweep", env={"EPAMSERV_NOW": str(t + 3600)})
    env.new_messages()
    # By hand: division 1 keeps p01-p04 and gets p07, p08; division 2 is
    # p05, p06 (down), p09-p13, then zed (new); 14 by 6 is 6, 6 and 2:
    # the 2 join the division above, 6 and 8.
    is_(entries(env), [("1", u) for u in ("p01", "p02", "p03", "p04", "p07",
                                          "p08")] +
        [("2", u) for u in ("p05", "p06", "p09", "p10", "p11", "p12", "p13",
                            "zed")],
        "season 2: two up, two down, zed at the bottom, 6 and 8")
    is_(len(boards_of(env, "league-2-2")), 28, "league-2-2: 8 players, 28 "
        "boards")
finally:
    env.close()
done()
