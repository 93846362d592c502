#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 17 item 1 by mail: open challenges (seek, seeks, accept of the
open seat, withdrawal, seek_max, the rating range, expiry by sweep) and
limit (N, none, accept, reject, ask; shown in list and standings); every
command refuses a wrong password."""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, refused, \
    body_of, make_mail

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"
D = "dave@example.org"
DAY = 86400
T0 = 1796083200  # 2026-12-01T00:00:00Z


def seek_file(env, board, game="epaminondas"):
    path = os.path.join(env.spool, "seeks", "%s-%d" % (game, board))
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read()


def one_reply(env, sender, subject, name, body=""):
    rc, err = env.mail(sender, subject, body)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [sender],
       "%s: one reply, to the sender" % name,
       "rc %d, %r, %s" % (rc, [m.envelope_to for m in msgs], err))
    return body_of(msgs[0]).replace("\r\n", "\n") if msgs else ""


def seek_refused(env, sender, subject, why, name):
    """refused(), and the seek files unchanged too."""
    d = os.path.join(env.spool, "seeks")
    before = {f: open(os.path.join(d, f)).read() for f in os.listdir(d)}
    text = refused(env, sender, subject, why, name)[0]
    after = {f: open(os.path.join(d, f)).read() for f in os.listdir(d)}
    ok(before == after, "%s: no seek file changed" % name)
    return text


env = Env()
env.env["EPAMSERV_ROBOTS"] = ""
env.env["EPAMSERV_NOW"] = str(T0)
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(C, "carol", "pw3")
    env.signup(D, "dave", "pw4")
    env.new_messages()

    # -- seek ------------------------------------------------------------
    seek_refused(env, A, "epaminondas seek alice wrong",
                 "wrong password for 'alice'", "seek with a wrong password")
    seek_refused(env, A, "epaminondas seek alice Secret1 -color=green",
                 "-color is white, black or random", "a bad colour")
    seek_refused(env, A, "epaminondas seek alice Secret1 -size=99x99",
                 "size", "a bad game option (the challenge parser)")
    seek_refused(env, A, "epaminondas seek alice Secret1 -rating=1800-1500",
                 "-rating is a range", "a bad rating range")
    text = one_reply(env, A, "epaminondas seek alice Secret1 -color=white",
                     "seek")
    contains(text, "your seek is open on board 101", "the seek names its board")
    contains(text, "epaminondas accept 101 USERID PASSWORD",
             "the reply says how the seat is taken")
    contains(text, "epaminondas decline 101 alice PASSWORD",
             "and how to withdraw it")
    sf = seek_file(env, 101)
    ok(sf is not None and "seeker: alice\n" in sf and "color: white\n" in sf
       and "state: open\n" in sf, "the seek file is written", sf)
    is_(env.game_file(101), None, "no game file until the seat is taken")

    # -- seeks -----------------------------------------------------------
    text = one_reply(env, B, "epaminondas seeks", "seeks")
    ok(re.search(r"^  101 +alice +1600\? +white +any +2026-12-08$", text, re.M),
       "seeks lists board, seeker, rating, colour, range and expiry", text)
    contains(text, "options: (none)", "and the options")
    contains(text, "1 open seek.", "and counts them")
    refused(env, B, "epaminondas show 101", "alice's open seek",
            "show of an open seek: not a board yet, but what it is")
    contains(refused(env, B, "epaminondas show 101", "accept 101 USERID",
                     "show of an open seek says how to take the seat")[0],
             "epaminondas seeks", "and where the seeks are listed")
    contains(refused(env, A, "epaminondas show 101", "alice withdraws it "
                     "with: epaminondas decline 101 alice PASSWORD",
                     "show of an open seek says how its seeker withdraws it")
             [0], "open seek", "to the seeker too")
    refused(env, B, "epaminondas move 101 bob pw2 e11-e10",
            "alice's open seek", "a move on a seek's board says what it is")
    refused(env, B, "epaminondas preview 101 bob pw2 e11-e10",
            "alice's open seek", "a preview on a seek's board too")

    # -- accept of the open seat -----------------------------------------
    seek_refused(env, B, "epaminondas accept 101 bob wrong",
                 "wrong password for 'bob'", "accept with a wrong password")
    seek_refused(env, A, "epaminondas accept 101 alice Secret1",
                 "is your own seek", "the seeker takes her own seat")
    rc, err = env.mail(B, "epaminondas accept 101 bob pw2", "Good luck!")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, B], "the board mail goes to both players")
    text = body_of(msgs.get(A, [None])[0]) if A in msgs else ""
    contains(text, "bob took the open seat of alice's seek: alice plays "
             "White, bob Black", "the headline says who plays which colour")
    contains(text, "Good luck!", "the taker's words are relayed")
    gf = env.game_file(101) or ""
    ok("white: alice\nblack: bob\n" in gf and "state: challenged" not in gf,
       "the game is on at once, alice White as she sought", gf)
    contains(seek_file(env, 101), "state: taken bob\n", "the seek is taken")
    seek_refused(env, C, "epaminondas accept 101 carol pw3",
                 "was taken already, by bob", "a second accept of the seat")
    refused(env, B, "epaminondas accept 101 bob pw2",
            "bad vote: nothing is waiting",
            "once taken, the players' accept goes to the game")
    text = one_reply(env, B, "epaminondas seeks", "seeks after the take")
    contains(text, "No open seeks.", "a taken seek is no longer listed")

    # -- two accepts of one seat in one batch: the first wins ------------
    one_reply(env, A, "epaminondas seek alice Secret1 -color=black -size=8x8",
              "a second seek")
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, (who, subj) in enumerate([(C, "epaminondas accept 102 carol pw3"),
                                     (D, "epaminondas accept 102 dave pw4")]):
        with open(os.path.join(md, "new", "%d.m%d.host" % (1000 + i, i)),
                  "wb") as f:
            f.write(make_mail(who, subj, msgid="<seek.%d@test.example>" % i))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "batch: exit 0")
    msgs = env.new_messages()
    gf = env.game_file(102) or ""
    ok("white: carol\nblack: alice\n" in gf and "options: size=8x8" in gf
       .replace("-size", "size"), "batch: the first accept took the seat, "
       "alice Black, the seek's options", gf)
    got = [m for m in msgs if m.envelope_to == [D]]
    ok(len(got) == 1 and "was taken already, by carol" in body_of(got[0]),
       "batch: the second is told the seat was taken",
       [(m.envelope_to, str(m["Subject"])) for m in msgs])

    # -- the rating range --------------------------------------------------
    one_reply(env, A, "epaminondas seek alice Secret1 -rating=1700-1800",
              "a seek with a range")
    text = one_reply(env, B, "epaminondas seeks", "seeks with a range")
    contains(text, "1700-1800", "seeks shows the range")
    seek_refused(env, B, "epaminondas accept 103 bob pw2",
                 "is for players rated 1700 to 1800", "a taker outside the range")
    seek_refused(env, B, "epaminondas accept 103 bob pw2", "yours is 1600",
                 "the refusal names the taker's rating")

    # -- seek_max (3) ------------------------------------------------------
    one_reply(env, A, "epaminondas seek alice Secret1", "seek 104")
    one_reply(env, A, "epaminondas seek alice Secret1", "seek 105")
    seek_refused(env, A, "epaminondas seek alice Secret1",
                 "have 3 open seeks, as many as a player may have",
                 "a fourth open seek (seek_max 3)")
    ok(seek_file(env, 106) is None, "no seek file for it")

    # -- withdrawal --------------------------------------------------------
    seek_refused(env, C, "epaminondas decline 104 carol pw3",
                 "only alice can withdraw it", "a decline by someone else")
    seek_refused(env, A, "epaminondas decline 105 alice wrong",
                 "wrong password for 'alice'", "a withdrawal, wrong password")
    text = one_reply(env, A, "epaminondas decline 105 alice Secret1",
                     "withdrawal")
    contains(text, "your seek on board 105 is withdrawn", "the seeker withdraws")
    contains(seek_file(env, 105), "state: withdrawn\n", "the file says so")
    seek_refused(env, B, "epaminondas accept 105 bob pw2", "was withdrawn",
                 "an accept of a withdrawn seek")
    refused(env, B, "epaminondas show 105", "alice's seek, withdrawn",
            "show of a withdrawn seek says so")

    # An open seek no longer holds signoff back (issue 29): it is
    # withdrawn with the account (test_challenge_flood.py).

    # -- expiry by sweep ---------------------------------------------------
    later = {"EPAMSERV_NOW": str(T0 + 6 * DAY)}
    env.run("sweep", env=later)
    ok(not [m for m in env.new_messages() if "expired" in str(m["Subject"])],
       "no seek expires before seek_days")
    later = {"EPAMSERV_NOW": str(T0 + 8 * DAY)}
    rc, out, err = env.run("sweep", env=later)
    is_(rc, 0, "sweep: exit 0")
    msgs = env.new_messages()
    # (issue 29: with alice's account token at the end)
    exp = sorted(re.sub(r" - alice \[#[a-z2-7]{16}\]$", "", str(m["Subject"]))
                 for m in msgs if m.envelope_to == [A]
                 and "seek" in str(m["Subject"]))
    is_(exp, ["epamserv: your seek on board 103 expired",
              "epamserv: your seek on board 104 expired"],
        "the seeker gets one short mail per expired seek")
    contains(seek_file(env, 104), "state: expired\n", "the seek file says so")
    contains(err, "seeks_expired=2", "sweep logs the count")
    env.run("sweep", env=later)
    ok(not [m for m in env.new_messages() if "expired" in str(m["Subject"])],
       "a second sweep mails nothing again")
    env.env["EPAMSERV_NOW"] = str(T0 + 8 * DAY + 60)
    seek_refused(env, B, "epaminondas accept 104 bob pw2", "expired",
                 "an accept of an expired seek")

    # -- limit N -------------------------------------------------------------
    refused(env, C, "limit carol wrong 1", "wrong password for 'carol'",
            "limit with a wrong password")
    refused(env, C, "limit carol pw3 1000", "is not a limit",
            "a limit over 999")
    text = one_reply(env, C, "limit carol pw3 1", "limit 1")
    contains(text, "at most 1 at once (you have 1 now", "limit says the count")
    contains(env.user_file("carol"), "\nlimit: 1\n", "the user file keeps it")
    refused(env, D, "epaminondas challenge dave carol by dave pw4",
            "carol has 1 active game", "a challenge over the cap")
    refused(env, D, "epaminondas challenge dave carol by dave pw4",
            "a limit of 1", "the refusal names the limit")
    seek_refused(env, C, "epaminondas seek carol pw3", "a limit of 1",
                 "a seek over the cap")
    one_reply(env, D, "epaminondas seek dave pw4", "dave seeks (board 106)")
    seek_refused(env, C, "epaminondas accept 106 carol pw3", "a limit of 1",
                 "a take over the cap")
    # Challenges others send, not accepted, never fill a player's limit
    # (a stranger could otherwise keep anyone from playing); the
    # player's own accept is checked against it.
    one_reply(env, C, "limit carol pw3 2", "limit 2")
    env.mail(A, "epaminondas challenge alice carol")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, C], "an unsigned challenge naming carol goes out")
    inv = max(int(f[:-5]) for f in os.listdir(
        os.path.join(env.spool, "games", "epaminondas")) if f.endswith(".game"))
    text = one_reply(env, C, "epaminondas seek carol pw3",
                     "a seek of carol's beside the unsigned challenge")
    contains(text, "your seek is open", "the challenge carol did not accept "
             "does not count for her limit")
    m = re.search(r"open on board (\d+)", text)
    mine = int(m.group(1)) if m else 0
    refused(env, C, "epaminondas accept %d carol pw3" % inv, "a limit of 2",
            "carol's accept of it over her limit")
    ok("agreed: carol" not in (env.game_file(inv) or ""),
       "the refused accept is not recorded")
    one_reply(env, C, "epaminondas decline %d carol pw3" % mine,
              "carol withdraws her seek")
    env.new_messages()
    env.mail(C, "epaminondas accept %d carol pw3" % inv)
    env.new_messages()
    contains(env.game_file(inv) or "", "agreed: carol",
             "within her limit again, carol's accept is taken")
    one_reply(env, C, "limit carol pw3 none", "limit none")
    ok("limit:" not in env.user_file("carol"), "none drops the line")

    # -- limit reject ----------------------------------------------------------
    one_reply(env, D, "limit dave pw4 reject", "limit reject")
    contains(env.user_file("dave"), "\nchallenges: reject\n", "kept on file")
    refused(env, C, "epaminondas challenge carol dave by carol pw3",
            "dave refuses every challenge", "a signed challenge to dave")
    refused(env, C, "epaminondas challenge dave carol",
            "dave refuses every challenge", "an unsigned challenge naming dave")

    # -- limit accept ----------------------------------------------------------
    one_reply(env, B, "limit bob pw2 accept", "limit accept")
    rc, err = env.mail(C, "epaminondas challenge carol bob by carol pw3")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [B, C], "a signed challenge to bob: both get the board")
    board = max(int(f[:-5]) for f in os.listdir(
        os.path.join(env.spool, "games", "epaminondas")) if f.endswith(".game"))
    gf = env.game_file(board) or ""
    ok("white: carol\nblack: bob\n" in gf and "state: challenged" not in gf,
       "limit accept: the signed challenge started at once", gf)
    contains(body_of(msgs[C][0]) if C in msgs else "",
             "who accepts every signed challenge at once", "the headline says why")
    rc, err = env.mail(A, "epaminondas challenge alice bob")
    env.new_messages()
    gf = env.game_file(board + 1) or ""
    contains(gf, "state: challenged\n",
             "limit accept: an unsigned challenge still waits")
    ok("agreed: bob" not in gf, "and bob has not agreed to it")

    # -- shown in limit, list and standings ------------------------------------
    one_reply(env, C, "limit carol pw3 5", "limit 5")
    text = one_reply(env, B, "limit bob pw2", "limit alone shows the settings")
    contains(text, "a signed one is accepted at once", "limit shows accept")
    contains(text, "Active games: no limit", "and no cap")
    text = one_reply(env, A, "list", "list")
    ok(re.search(r"^  bob .*\(accepts signed\)$", text, re.M) and
       re.search(r"^  dave .*\(no challenges\)$", text, re.M) and
       re.search(r"^  carol .*\(limit 5\)$", text, re.M),
       "list shows each player's limits", text)
    ok(re.search(r"^  alice +\S+ *$", text, re.M), "and nothing for alice", text)
    text = one_reply(env, A, "standings all", "standings")
    ok(re.search(r"bob .*  A$", text, re.M) and
       re.search(r"dave .*  R$", text, re.M) and
       re.search(r"carol .*  L5$", text, re.M), "standings marks them", text)
    contains(text, "LN: at most N active games", "and explains the marks")
    one_reply(env, B, "limit bob pw2 ask", "limit ask")
    ok("challenges:" not in env.user_file("bob"), "ask is the default again")

    # -- a random colour is drawn at the take ----------------------------------
    text = one_reply(env, A, "epaminondas seek alice Secret1", "a random seek")
    m = re.search(r"open on board (\d+)", text)
    n = int(m.group(1)) if m else 0
    contains(seek_file(env, n) or "", "color: random\n", "random by default")
    env.mail(C, "epaminondas accept %d carol pw3" % n)
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, C], "random: the board mail goes to both")
    gf = env.game_file(n) or ""
    ok(re.search(r"^white: (alice|carol)\nblack: (alice|carol)\n", gf, re.M)
       and "white: alice\nblack: alice" not in gf
       and "white: carol\nblack: carol" not in gf,
       "random: alice and carol play, one colour each", gf)
    contains(body_of(msgs[A][0]) if A in msgs else "", "(colours drawn)",
             "random: the headline says the colours were drawn")
finally:
    env.close()
done()
