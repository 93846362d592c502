#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 29 item 2, no flood by challenges, tried as an attacker would:

- 60 signed challenges from one account in three "multiple" mails give
  the target at most 5 board mails (5 a day signed by any one player),
  each line counting, whatever mail carried it;
- a player gets at most challenges_per_day new challenges a day from
  everyone together (here 8), unsigned ones too; the next day they go
  again;
- challenges she never accepted, one she signed and her open seek do not
  block her signoff: they are called off once the account is closed,
  each challenger told by a board mail, and she gets only the notice;
- "limit USERID PASSWORD accept" starts at once only what she would have
  accepted by hand: by default no time control faster than the server's
  own and only the game's own board size; -time= and -size= widen it;
  outside it the challenge waits and both are told why;
- board numbers go on past 999,999: boards 999,999 and 1,000,000 take
  moves by command and by reply token, show, games, the web site and
  a seek at 1,000,001 work, and the last number (999,999,999) is
  refused cleanly after it is used.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, refused, \
    body_of as raw_body_of, make_mail, to, hold_lock

DAY = 86400
T0 = 1796083200  # 2026-12-01T00:00:00Z
PW = {"alice": "a", "bob": "b", "carol": "c", "dave": "d", "eve": "e"}


def addr(u):
    return "%s@example.org" % u


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def flat(text):
    return " ".join(text.split())


def token_of(m):
    return harness.token_of(m)


def boards(env, game="epaminondas"):
    d = os.path.join(env.spool, "games", game)
    return sorted(int(f[:-5]) for f in os.listdir(d) if f.endswith(".game"))


def mail(env, who, subject, body=""):
    """who's mail; subject a string, or our mail that it answers."""
    headers = {}
    if not isinstance(subject, str):
        headers = harness.reply_headers(subject)
        subject = "Re: " + str(subject["Subject"])
    rc, err = env.mail(addr(who), subject, body, headers=headers)
    if rc != 0:
        raise AssertionError("%s: exit %d: %s" % (subject, rc, err))
    return env.new_messages()


def text_to(msgs, who):
    """The text of the first of msgs to who, or ""."""
    m = to(msgs, addr(who))
    return body_of(m[0]) if m else ""


def board_mails(msgs, who):
    """The board mails among msgs addressed to who."""
    return [m for m in to(msgs, addr(who))
            if re.match(r"Epaminondas Board \d+[ :]", str(m["Subject"]))]


env = Env()
env.env["EPAMSERV_ROBOTS"] = ""
env.env["EPAMSERV_CHALLENGES_PER_DAY"] = "8"
env.env["EPAMSERV_NOW"] = str(T0)
try:
    env.players(*PW)
    env.new_messages()

    # -- 60 signed challenges in three "multiple" mails --------------------
    maildir = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(maildir, sub))
    line = "epaminondas challenge alice bob by alice a"
    for i in range(3):
        with open(os.path.join(maildir, "new", "%d.flood" % i), "wb") as f:
            f.write(make_mail(addr("alice"), "multiple",
                              "\n".join([line] * 20) + "\n"))
    rc, out, err = env.run("batch", "--maildir", maildir)
    is_(rc, 0, "the three multiple mails are handled")
    msgs = env.new_messages()
    got = board_mails(msgs, "bob")
    is_(len(got), 5, "60 signed challenges give bob 5 board mails, no more")
    ok(sum(len(m.raw) for m in to(msgs, addr("bob"))) < 400000,
       "and bob's mail is a few board mails' worth of bytes (60 were 7 MB)",
       sum(len(m.raw) for m in to(msgs, addr("bob"))))
    is_(len(boards(env)), 5, "5 boards are made")
    answers = [body_of(m) for m in to(msgs, addr("alice"))
               if str(m["Subject"]).startswith("Re: multiple")]
    is_(len(answers), 3, "alice gets one answer for each multiple mail")
    why = ("bob has had as many challenges from alice today as one player "
           "may send another (5); challenge again tomorrow")
    ok(why in flat("".join(answers)), "the other 55 are refused, saying why",
       "expected to find: %r" % why)
    is_(flat("".join(answers)).count("bob has had as many challenges"), 55,
        "each refused line says so once")
    first_flood = boards(env)

    # -- the total a day from everyone (challenges_per_day 8) -------------
    for i in range(3):
        got = board_mails(mail(env, "carol", "epaminondas challenge carol bob "
                               "by carol c"), "bob")
        is_(len(got), 1, "carol's challenge %d of 3 reaches bob" % (i + 1))
    text = refused(env, addr("dave"), "epaminondas challenge dave bob by dave d",
                   "bob has had as many challenges today as a player may get "
                   "from everyone together (8, challenges_per_day)",
                   "a ninth challenge to bob, from a third account")[0]
    refused(env, addr("eve"), "epaminondas challenge eve bob",
            "bob has had as many challenges today",
            "an unsigned one naming bob counts towards the total too")
    got = board_mails(mail(env, "dave", "epaminondas challenge dave carol "
                           "by dave d"), "carol")
    is_(len(got), 1, "the total is bob's alone: carol still gets dave's")
    env.env["EPAMSERV_NOW"] = str(T0 + DAY + 60)
    got = board_mails(mail(env, "dave", "epaminondas challenge dave bob "
                           "by dave d"), "bob")
    is_(len(got), 1, "a day later bob gets challenges again")

    # -- unaccepted challenges do not block signoff ------------------------
    mail(env, "bob", "epaminondas challenge bob eve by bob b")
    signed = boards(env)[-1]
    text = text_to(mail(env, "bob", "epaminondas seek bob b"), "bob")
    seek = int(re.search(r"open on board (\d+)", text).group(1))
    waiting = [b for b in boards(env) if "\nblack: bob\n" in env.game_file(b)
               or "\nwhite: bob\n" in env.game_file(b)]
    is_(len(waiting), 10, "bob has 9 challenges waiting for him and one he "
        "signed")
    # One of the boards is busy meanwhile (another process holds its lock
    # until it is killed: lock_timeout 0, one try and no wait).
    busy = first_flood[-1]
    holder = hold_lock(os.path.join(env.spool, "locks",
                                    "board-epaminondas-%d.lock" % busy))
    try:
        rc, err = env.receive(make_mail(addr("bob"), "signoff bob b",
                                        "Goodbye, all."),
                              env={"EPAMSERV_LOCK_TIMEOUT": "0"})
    finally:
        holder.kill()
        holder.wait()
    allmsgs = env.new_messages()
    msgs = by_recipient(allmsgs)
    is_(list(msgs.get(addr("bob"), [])) and
        [str(m["Subject"]) for m in msgs[addr("bob")]],
        ["epamserv: account closed"],
        "signoff with challenges waiting: bob gets only the notice")
    contains(env.user_file("bob"), "\nleft: ", "bob's account is closed")
    contains(body_of(msgs[addr("bob")][0]) if addr("bob") in msgs else "",
             "The challenges and seeks you had open are cancelled",
             "the notice says what was called off")
    ok(all("\nresult: cancelled (" in env.game_file(b)
           for b in waiting if b != busy),
       "every challenge naming bob is cancelled but the busy one",
       [b for b in waiting if "result: cancelled" not in env.game_file(b)])
    contains(env.game_file(busy), "\nresult: challenged", "the busy board waits")
    for who, n in (("alice", 4), ("carol", 3), ("dave", 1), ("eve", 1)):
        texts = [flat(body_of(m)) for m in board_mails(allmsgs, who)]
        is_(len(texts), n, "%s gets one board mail for each of her "
            "challenges with bob" % who)
        ok(texts and all(re.search(r"bob has signed off, so the challenge "
                                   r"on board \d+ is cancelled: there will "
                                   r"be no game\.", t) for t in texts),
           "%s is told in a whole sentence" % who, texts[:1])
    ok(not any("Goodbye, all." in body_of(m) for m in allmsgs),
       "the signoff mail's words are relayed to nobody")
    with open(os.path.join(env.spool, "seeks", "epaminondas-%d" % seek)) as f:
        contains(f.read(), "state: withdrawn\n", "bob's open seek is withdrawn")
    contains(env.game_file(signed), "withdrew", "the challenge bob signed is "
             "withdrawn (he had agreed to it)")
    rc, out, err = env.run("sweep")
    got = [flat(body_of(m)) for m in board_mails(env.new_messages(), "alice")]
    ok(len(got) == 1 and "bob has signed off, so the challenge on board %d is "
       "cancelled" % busy in got[0],
       "the sweep calls off the busy board's challenge, alice told", got)
    contains(env.game_file(busy), "\nresult: cancelled (",
             "and it is cancelled")
    refused(env, addr("alice"), "epaminondas accept %d alice a" % first_flood[0],
            "over", "a cancelled challenge cannot be accepted any more")

    # -- limit accept takes only what she would take by hand ---------------
    env.env["EPAMSERV_NOW"] = str(T0 + 3 * DAY)
    mail(env, "dave", "limit dave d accept")
    contains(env.user_file("dave"), "\nchallenges: accept\n", "limit accept")
    ok("accept-time" not in env.user_file("dave") and
       "accept-size" not in env.user_file("dave"),
       "plain accept keeps the defaults (no lines)")
    msgs = mail(env, "carol", "epaminondas challenge carol dave -time=3d+1d "
                "by carol c")
    fast = boards(env)[-1]
    contains(env.game_file(fast), "state: challenged\n",
             "limit accept: a challenge with a fast clock does not start")
    ok("agreed: dave" not in env.game_file(fast), "dave has not agreed to it")
    for who in ("carol", "dave"):
        contains(flat(text_to(msgs, who)),
                 "dave accepts signed challenges at once (limit accept), but "
                 "not this one: its time control is faster than dave takes "
                 "automatically.  The game starts when dave accepts.",
                 "%s is told why it did not start" % who)
    msgs = mail(env, "carol", "epaminondas challenge carol dave -size=10x10 "
                "by carol c")
    contains(env.game_file(boards(env)[-1]), "state: challenged\n",
             "nor one on another board size")
    contains(flat(text_to(msgs, "dave")),
             "its board size is not one dave takes automatically",
             "the board mail says why")
    mail(env, "carol", "epaminondas challenge carol dave by carol c")
    ok("state: challenged" not in env.game_file(boards(env)[-1]),
       "one with the server's default control and size starts at once")
    refused(env, addr("dave"), "limit dave d accept -time=fast",
            "is not a time control you take at once", "a bad -time")
    refused(env, addr("dave"), "limit dave d accept -size=99x99",
            "is not a list of board sizes", "a size off the board")
    refused(env, addr("dave"), "limit dave d ask -time=1d",
            "only accept takes settings", "settings after ask")
    mail(env, "dave", "limit dave d accept -time=2d -size=default,10x10")
    uf = env.user_file("dave")
    ok("accept-time: 2d\n" in uf and "accept-size: default,10x10\n" in uf,
       "the setting is kept on the account", uf)
    text = text_to(mail(env, "dave", "limit dave d"), "dave")
    contains(text, "Time controls taken at once: those giving at least 2 days "
             "a move (-time=2d).", "limit alone shows the time setting")
    contains(text, "Board sizes taken at once: -size=default,10x10",
             "and the sizes")
    env.env["EPAMSERV_NOW"] = str(T0 + 4 * DAY)
    mail(env, "carol", "epaminondas challenge carol dave -time=3d+1d by carol c")
    contains(env.game_file(boards(env)[-1]), "state: challenged\n",
             "-time=2d: 1 day a move still waits")
    mail(env, "carol", "epaminondas challenge carol dave -time=3d -size=10x10 "
         "by carol c")
    ok("state: challenged" not in env.game_file(boards(env)[-1]),
       "-time=2d -size=10x10: 3 days a move on 10x10 starts at once")
    mail(env, "eve", "epaminondas challenge eve dave -time=2d -size=8x8 by eve e")
    contains(env.game_file(boards(env)[-1]), "state: challenged\n",
             "a size not in the list waits")

    # -- board numbers past 999,999 ----------------------------------------
    env.env["EPAMSERV_NOW"] = str(T0 + 5 * DAY)
    with open(os.path.join(env.spool, "games", "epaminondas", "next"), "w") as f:
        f.write("999999\n")
    for n in (999999, 1000000):
        mail(env, "alice", "epaminondas challenge alice eve by alice a")
        msgs = mail(env, "eve", "epaminondas accept %d eve e" % n)
        contains(env.game_file(n) or "", "board: %d\n" % n,
                 "board %d is made" % n)
        ok("state: challenged" not in (env.game_file(n) or "x"),
           "board %d: the accept is taken" % n)
        # White moves by command, Black by the reply token of her mail.
        msgs = mail(env, "alice", "epaminondas move %d alice a e1-e4" % n)
        m = board_mails(msgs, "eve")
        is_(len(m), 1, "board %d: alice's move by command is played" % n)
        ok(m and ("Epaminondas Board %d (alice v eve)" % n) ==
           str(m[0]["Subject"]) and
           token_of(m[0]), "board %d: eve's board mail names it, with a "
           "token" % n, m and str(m[0]["Subject"]))
        msgs = mail(env, "eve", m[0] if m else "x", "e11-e10\n")
        contains(env.game_file(n) or "", "move: 2 ",
                 "board %d: eve's move by reply token is played" % n)
        m = board_mails(msgs, "alice")
        msgs = mail(env, "alice", m[0] if m else "x", "f1-f4\n")
        contains(env.game_file(n) or "", "move: 3 ",
                 "board %d: alice's reply token works too" % n)
        text = text_to(mail(env, "carol", "epaminondas show %d" % n), "carol")
        contains(text, "Epaminondas board %d: alice" % n,
                 "board %d: show" % n)
    is_(open(os.path.join(env.spool, "games", "epaminondas", "next")).read(),
        "1000001\n", "the counter goes on to 1000001")
    text = text_to(mail(env, "carol", "epaminondas games alice"), "carol")
    ok("999999" in text and "1000000" in text, "games lists both boards", text)
    text = text_to(mail(env, "alice", "epaminondas seek alice a"), "alice")
    contains(text, "your seek is open on board 1000001", "a seek takes 1000001")
    text = text_to(mail(env, "carol", "epaminondas seeks"), "carol")
    contains(text, "1000001", "seeks lists it")
    mail(env, "carol", "epaminondas accept 1000001 carol c")
    ok("state: challenged" not in (env.game_file(1000001) or "state: challenged"),
       "its seat is taken and the game starts")
    site = os.path.join(env.root, "site")
    rc, out, err = env.run("web", site)
    is_(rc, 0, "epamserv web: exit 0")
    for n in (999999, 1000000):
        ok(os.path.exists(os.path.join(site, "boards", "epaminondas-%d.html" % n)),
           "the web site has board %d" % n, err)

    # -- the last number ----------------------------------------------------
    with open(os.path.join(env.spool, "games", "epaminondas", "next"), "w") as f:
        f.write("999999999\n")
    mail(env, "alice", "epaminondas challenge alice eve by alice a")
    contains(env.game_file(999999999) or "", "board: 999999999\n",
             "board 999,999,999, the last number, is made")
    mail(env, "eve", "epaminondas accept 999999999 eve e")
    ok("state: challenged" not in (env.game_file(999999999) or "x"),
       "and its accept is taken")
    refused(env, addr("carol"), "epaminondas challenge carol eve by carol c",
            "every epaminondas board number up to 999999999 is taken",
            "past the last number a challenge is refused, nothing written")
finally:
    env.close()
done()
