#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 29 item 1: a stranger can never refuse the owner.  Tried as an
attacker would against the code before it: eight mails from strangers,
each with a wrong password in alice's name, froze her password commands
for hours, so she could not claim the game bob's late clock had lost (he
could feed that back-off himself for ever), nor take leave before the
sweep scored her a loss on time; claim, vacation, taking a seek,
joining a tournament or the league and "set token new" had no form
without the password.

Here: the strangers' guesses count in their own bucket, so alice's own
claim and vacation (password, from her address) work; a guesser from
strangers' addresses is still stopped after five tries a day; a forger
who writes the owner's From is bounded by the owner's bucket (ten free,
then a wait that doubles from a minute to an hour), while the owner's
tokens work whatever the buckets hold; and every command a player needs
under time pressure has a token form, by a board mail's reply token or
by the account token of the mails about the account."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, body_of, make_mail, to

A, B, C, D = ("%s@example.org" % u for u in ("alice", "bob", "carol", "dave"))
T0 = 1796083200  # 2026-12-01T00:00:00Z
H = 3600
DAY = 86400

env = Env()
env.env["EPAMSERV_ROBOTS"] = ""


def at(t):
    return {"EPAMSERV_NOW": str(T0 + t)}


def mail(sender, subject, t, body="", headers=None):
    return env.receive(make_mail(sender, subject, body, headers=headers),
                       env=at(t))


def subject_of(m):
    return " ".join(str(m["Subject"]).split())


def reply(sender, msgs, body, t):
    """sender's reply to the last mail of msgs, keeping its subject and
    naming it in In-Reply-To (none when msgs is empty: a check that needs
    it fails)."""
    if not msgs:
        return -1, "no mail to reply to"
    return mail(sender, "Re: " + subject_of(msgs[-1]), t, body,
                headers=harness.reply_headers(msgs[-1]))


def batch(mails, t):
    """Run mails [(sender, subject)] through one `epamserv batch`."""
    md = os.path.join(env.root, "Maildir-%d" % batch.n)
    batch.n += 1
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, (sender, subject) in enumerate(mails):
        with open(os.path.join(md, "new", "%d.M%d.test" % (T0 + t, i)),
                  "wb") as f:
            f.write(make_mail(sender, subject))
    rc, out, err = env.run("batch", "--maildir", md, env=at(t))
    return rc, err
batch.n = 0


def reasons(err):
    """(checked, not checked): the mails of err's log lines whose password
    was checked and wrong, and those the back-off refused (the log's
    reason keys: epamserv(1), LOGGING)."""
    wrong = len(re.findall(r'reason=wrong-password ', err))
    held = len(re.findall(r'reason=locked-out(?:-strangers)? ',
                          err))
    return wrong, held


def with_token(msgs, addr, word=""):
    """The mails among msgs to addr that carry a token (in the subject,
    or in the Message-ID: issue 30) and whose subject has word."""
    return [m for m in to(msgs, addr)
            if harness.token_of(m) and word in subject_of(m)]


def ended(board):
    return re.search(r"^end: .*$", env.game_file(board) or "", re.M)


try:
    env.env["EPAMSERV_NOW"] = str(T0)
    welcome = {}
    for u in ("alice", "bob", "carol", "dave"):
        got = env.signup("%s@example.org" % u, u, u[0])
        welcome[u] = [m for m in got
                      if subject_of(m).startswith("Welcome to epamserv")]
    env.new_messages()
    ok(all(len(with_token(welcome[u], "%s@example.org" % u, "- %s [#" % u))
           == 1 for u in welcome),
       "the welcome carries the new player's account token",
       [subject_of(m) for u in welcome for m in welcome[u]])

    # 101: alice (White) - bob, -timeout=claim: bob's time is out at 3d+1h.
    # 102: carol (White) - alice, auto: alice's time is out at 2d+3d.
    # 103: dave (White) - carol, -timeout=claim: carol's is out at 3d+1h.
    env.start_game("alice", "bob", 101, "-time=3d+1d/5d -timeout=claim")
    env.start_game("carol", "alice", 102, "-time=3d+1d/5d")
    env.start_game("dave", "carol", 103, "-time=3d+1d/5d -timeout=claim")
    mail(A, "epaminondas move 101 alice a e2-e3", H)
    mail(D, "epaminondas move 103 dave d e2-e3", H)
    mail(C, "epaminondas move 102 carol c e2-e3", 2 * DAY)
    msgs = env.new_messages()
    dave103 = with_token(msgs, D, "Board 103")

    # -- eight strangers' wrong passwords in alice's name ------------------
    # (each after the back-off the code before issue 29 gave the ones
    # before it: there, every one was checked, and the last made her wait
    # eight minutes more; a stranger could go on like that for ever.)
    t = 3 * DAY + 2 * H
    errs = ""
    for i, dt in enumerate((0, 1, 2, 3, 4, 70, 200, 450)):
        rc, err = mail("s%d@strangers.example" % i,
                       "epaminondas claim 101 alice guess%d" % i, t + dt)
        errs += err
    is_(reasons(errs), (5, 3),
        "eight strangers' guesses: five are checked, three are refused by "
        "the back-off")
    msgs = env.new_messages()
    told = [m for m in to(msgs, A) if "wrong passwords tried" in subject_of(m)]
    is_(len(told), 1, "alice is told once that wrong passwords were tried")
    ok(told and "- alice [#" in subject_of(told[0]),
       "and the notice carries her account token")

    # -- alice's own claim and vacation, with her password ------------------
    rc, err = mail(A, "epaminondas claim 101 alice a", t + 500)
    ok(rc == 0 and ended(101) and "forfeit bob" in ended(101).group(0),
       "alice's own claim from her address wins 101 on time after the "
       "strangers' guesses", (ended(101) and ended(101).group(0), err[-400:]))
    msgs = env.new_messages()
    ok(to(msgs, A) and to(msgs, B), "both players are told")
    rc, err = mail(A, "vacation alice a 2026-12-08", t + 560)
    msgs = env.new_messages()
    ok(rc == 0 and "leave: " in env.user_file("alice"),
       "alice's own vacation from her address is taken", err[-400:])
    noted = with_token(msgs, A, "leave noted")
    ok(noted, "and its confirmation carries her account token",
       [subject_of(m) for m in msgs])
    # From an address not on file the strangers' back-off holds, unless
    # the mail carries her token (a reply to the notice).
    P = "alice@phone.example"
    rc, err = mail(P, "set alice a html off", t + 600)
    msgs = to(env.new_messages(), P)
    ok("html: off" not in env.user_file("alice") and msgs and
       "not checked until" in " ".join(body_of(msgs[0]).split()),
       "alice's password from another address waits with the strangers'")
    rc, err = reply(P, told, "set alice a html off", t + 610)
    ok("html: off" in env.user_file("alice"),
       "but in a reply that carries her token it is checked (her bucket)",
       err[-400:])
    env.new_messages()
    rc, out, err = env.run("sweep", env=at(6 * DAY))
    ok(not ended(102), "the sweep does not score alice a loss on board 102 "
       "past her time: her leave stopped the clock", env.game_file(102))

    # -- the guesser is still stopped: five tries a day ---------------------
    rc, err = mail("s9@strangers.example", "epaminondas claim 101 alice x",
                   t + 2 * H)
    is_(reasons(err), (0, 1),
        "two hours later a stranger's guess is still not checked")
    rc, err = batch([("s%d@strangers.example" % i,
                      "set alice guess%d html off" % i) for i in range(7)],
                    t + DAY + H)
    is_(reasons(err), (5, 2),
        "a day later the strangers get five more checks, not one more")
    env.new_messages()

    # -- a forger who writes the owner's From: ten free, then a wait --------
    t2 = 4 * DAY
    rc, err = batch([(D, "set dave forged%d html off" % i)
                     for i in range(10)], t2)
    is_(reasons(err), (10, 0),
        "ten wrong passwords from dave's own address are checked (typos)")
    rc, err = mail(D, "set dave forged10 html off", t2)
    is_(reasons(err), (0, 1), "the eleventh is not checked")
    msgs = env.new_messages()
    reply_to = [body_of(m) for m in to(msgs, D)]
    ok(reply_to and "not checked until" in " ".join(reply_to[-1].split()),
       "and the reply (to dave's address on file) says until when")
    rc, err = mail(D, "set dave d html off", t2 + 30)
    ok("html: off" not in env.user_file("dave"),
       "meanwhile dave's own password waits too (at most an hour)")
    env.new_messages()
    rc, err = reply(D, dave103, "claim", t2 + 40)
    ok(rc == 0 and ended(103) and "forfeit carol" in ended(103).group(0),
       "but his reply token still works: 'claim' in a reply to his board "
       "mail wins 103 on time", (err[-400:], env.game_file(103)))
    msgs = env.new_messages()
    rc, err = mail(D, "set dave d html off", t2 + 61)
    ok("html: off" in env.user_file("dave"),
       "after the minute's wait the owner's right password works",
       err[-300:])
    rc, err = batch([(D, "set dave forged%d html off" % i)
                     for i in range(11, 41)], t2 + 62)
    is_(reasons(err), (10, 20),
        "the right password cleared the owner's bucket: ten free again, "
        "then the wait")
    rc, err = mail(D, "set dave forged99 html on", t2 + 62 + 61)
    is_(reasons(err), (1, 0), "a minute on: one more check")
    rc, err = mail(D, "set dave forged98 html on", t2 + 62 + 122)
    is_(reasons(err), (0, 1),
        "and the wait doubles (two minutes after the twelfth)")
    env.new_messages()

    # -- a record of the form before the buckets: the strangers' ----------
    t4 = 4 * DAY + 12 * H
    with open(os.path.join(env.spool, "auth", "carol"), "w") as f:
        f.write("6 %d -1\n" % (T0 + t4 - 60))
    rc, err = mail("s1@strangers.example", "set carol c html off", t4)
    ok("html: off" not in env.user_file("carol"),
       "an old record's count holds back the strangers' mail", err[-300:])
    rc, err = mail(C, "set carol c html off", t4 + 1)
    ok("html: off" in env.user_file("carol"),
       "and never carol's own", err[-300:])
    env.new_messages()

    # -- token forms ---------------------------------------------------------
    t3 = 5 * DAY
    # vacation by the account token of the leave confirmation
    rc, err = reply(A, noted, "vacation 2099-01-01", t3)
    msgs = env.new_messages()
    err_reply = with_token(msgs, A, "your mail was refused - alice")
    ok(err_reply and "more than a year away" in body_of(err_reply[0]),
       "a refused vacation by token: the error reply says why and carries "
       "the account token again", [subject_of(m) for m in msgs])
    rc, err = reply(A, err_reply,
                    "vacation off", t3 + 60)
    msgs = env.new_messages()
    ok(with_token(msgs, A, "vacation off"),
       "'vacation off' in a reply to that error reply ends the leave",
       [subject_of(m) for m in msgs] + [err[-300:]])
    rc, err = reply(A, told, "vacation 2026-12-09 2026-12-10", t3 + 120)
    ok("leave: 2026-12-09T00:00:00Z 2026-12-11T00:00:00Z" in
       env.user_file("alice"),
       "'vacation FROM UNTIL' in a reply to the wrong-password notice",
       env.user_file("alice"))
    env.new_messages()
    # an empty reply to a mail with an account token: told what it takes
    reply(A, told, "", t3 + 130)
    msgs = to(env.new_messages(), A)
    ok(msgs and "has no command in it" in body_of(msgs[-1]) and
       "vacation UNTIL" in body_of(msgs[-1]),
       "an empty reply to an account-token mail lists the token forms",
       [body_of(m)[:300] for m in msgs])

    # taking a seek by a reply to the seeks list
    mail(C, "epaminondas seek carol c", t3 + 200)
    seek = re.search(r"open on board (\d+)", body_of(env.new_messages()[-1]))
    board = int(seek.group(1)) if seek else 0
    mail(A, "epaminondas seeks", t3 + 210)
    lst = with_token(env.new_messages(), A, "seeks - alice")
    ok(lst, "the seeks list to alice's address carries her account token")
    rc, err = reply(A, lst, "epaminondas accept %d" % board, t3 + 220)
    ok("result: active" in (env.game_file(board) or ""),
       "'epaminondas accept BOARD' in a reply to it takes the seek",
       err[-400:])
    mail("eve@evil.example", "epaminondas seeks", t3 + 230)
    msgs = to(env.new_messages(), "eve@evil.example")
    ok(msgs and all("[#" not in str(m["Subject"]) for m in msgs),
       "a stranger's seeks list carries no token")

    # accept and decline of challenges: by the challenge mail's reply
    # token, and by an account token with the board named
    mail(C, "epaminondas challenge carol bob by carol c", t3 + 300)
    mail(C, "epaminondas challenge carol alice by carol c", t3 + 310)
    mail(C, "epaminondas challenge carol dave by carol c", t3 + 320)
    msgs = env.new_messages()
    nums = [int(n) for n in re.findall(r"Board (\d+)", " ".join(
        subject_of(m) for m in msgs))]
    bob_ch, alice_ch, dave_ch = sorted(set(nums))[-3:]
    rc, err = reply(B, with_token(msgs, B, "Board %d" % bob_ch),
                    "accept", t3 + 330)
    ok("result: active" in (env.game_file(bob_ch) or ""),
       "'accept' in a reply to the challenge mail starts the game")
    rc, err = reply(A, with_token(msgs, A, "Board %d" % alice_ch),
                    "decline", t3 + 340)
    ok("result: active" not in (env.game_file(alice_ch) or "") and
       "decline" in (env.game_file(alice_ch) or ""),
       "'decline' in a reply to the challenge mail declines it",
       env.game_file(alice_ch))
    rc, err = reply(D, welcome["dave"], "epaminondas accept %d" % dave_ch,
                    t3 + 350)
    ok("result: active" in (env.game_file(dave_ch) or ""),
       "'epaminondas accept BOARD' in a reply to the welcome accepts a "
       "challenge", err[-400:])
    env.new_messages()

    # tournament and league: join by a reply to the tournament's mail
    mail(C, "epaminondas tournament create spring carol c -format=roundrobin",
         t3 + 400)
    mail(B, "epaminondas tournament show spring", t3 + 410)
    shown = with_token(env.new_messages(), B, "tournament spring")
    ok(shown, "a tournament mail to bob's address carries his account token")
    rc, err = reply(B, shown, "epaminondas tournament join spring",
                    t3 + 420)
    msgs = env.new_messages()
    joined = with_token(msgs, B, "tournament spring")
    ok(joined and "bob" in open(os.path.join(
        env.spool, "tournaments", "spring")).read(),
       "'epaminondas tournament join NAME' in a reply to it joins",
       [subject_of(m) for m in msgs] + [err[-300:]])
    rc, err = reply(B, joined,
                    "epaminondas league join", t3 + 430)
    msgs = env.new_messages()
    ok(with_token(msgs, B, "league"),
       "'epaminondas league join' in a reply to the tournament's mail "
       "joins the league", [subject_of(m) for m in msgs] + [err[-300:]])

    # set token new: every token sent so far is void
    old = welcome["alice"][-1] if welcome["alice"] else None
    rc, err = reply(A, [old] if old else [], "set token new", t3 + 500)
    msgs = env.new_messages()
    fresh = with_token(msgs, A, "setting changed")
    ok("token-epoch: 1" in env.user_file("alice") and fresh,
       "'set token new' in a reply to the welcome moves the epoch on",
       env.user_file("alice"))
    rc, err = reply(A, [old] if old else [], "vacation off", t3 + 510)
    msgs = env.new_messages()
    ok(to(msgs, A) and "not (or no longer) valid" in body_of(to(msgs, A)[0]),
       "after it the old account token proves nothing",
       [body_of(m)[:300] for m in msgs])
    rc, err = reply(A, fresh, "vacation off", t3 + 520)
    ok(with_token(env.new_messages(), A, "vacation off"),
       "the token of the confirmation works")

    # an account token lives one to two weeks
    rc, err = reply(A, fresh, "vacation off", t3 + 15 * DAY)
    msgs = env.new_messages()
    ok(to(msgs, A) and "not (or no longer) valid" in body_of(to(msgs, A)[0]),
       "two weeks on, an account token has expired")

    # tokens stay out of the log
    tokens = set(re.findall(r"\[#([a-z2-7]{16})\]", " ".join(
        subject_of(m) for m in env.server.messages())))
    tokens |= set(filter(None, (harness.token_of(m)
                                for m in env.server.messages())))
    with open(env.log, errors="replace") as f:
        log = f.read()
    ok(tokens and not any(tok in log for tok in tokens),
       "no token reaches the log", len(tokens))
finally:
    env.close()
done()
