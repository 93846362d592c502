#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 29, tried as an attacker would against what it added (review
i29-attack): by mail, as a stranger, as a confirmed player attacking
another, and as someone who reads one of the victim's mails.

Holes closed (each block fails on main 7d49c4d):
- a forwarded board mail: its reply token proved every token form of
  its player, so whoever read it could put him on leave, void his
  tokens, take a seek or join a tournament or the league for him, or
  decline his other challenges.  Now a board mail's token proves only
  what acts on its own board; the rest is refused, and the refusal,
  sent to the player's own address, carries his account token;
- challenges_per_day: four throwaway accounts spent a player's daily
  total (5 each), so nobody could challenge her for a day, her friends
  neither.  Now a player she has played or agreed to play still can;
- limit accept: "-time=1h+21d" passed as 21 days a move, so a game
  started at once in which her first move had an hour, and the sweep
  scored her a loss.  Now the first move's time counts too;
- the source of a mail: a HELO name with " by " in it ("HELO
  [203.0.113.7] by x", which Postfix takes) named the source the
  sender chose, so forged signups from one host closed registration for
  every newcomer again.  Now the client is read before our MTA's "by";
- seeks: a seek withdrawn at once could be opened again without end
  (twenty lines to a "multiple" mail), each taking a board number and
  leaving a file every seek listing reads.  Now a player opens at most
  twice seek_max seeks a day;

Attacks that failed are kept where cheap: a guesser's userid in other
cases and his address with a "+tag" still get five tries a day; an
account token under another userid proves nothing; no token reaches
the log; a spool directory replaced by a symbolic link is read through
by no command.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, body_of, make_mail, to

T0 = 1796083200  # 2026-12-01T00:00:00Z
H = 3600
PW = {"alice": "a", "bob": "b", "carol": "c", "dave": "d", "erin": "e",
      "tom1": "p1", "tom2": "p2", "tom3": "p3", "tom4": "p4"}


def addr(u):
    return "%s@example.org" % u


def subject_of(m):
    return " ".join(str(m["Subject"]).split())


def text_of(m):
    return " ".join(body_of(m).split()) if m else ""


env = Env()
env.env["EPAMSERV_ROBOTS"] = ""


def at(t):
    return {"EPAMSERV_NOW": str(T0 + t)}


def mail(sender, subject, t, body="", headers=None):
    rc, err = env.receive(make_mail(sender, subject, body, headers=headers),
                          env=at(t))
    return err


def batch(mails, t):
    """Run mails [(sender, subject, body[, headers])] through one
    `epamserv batch --maildir`, in order; returns its stderr."""
    md = os.path.join(env.root, "Maildir-%d" % batch.n)
    batch.n += 1
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, m in enumerate(mails):
        with open(os.path.join(md, "new", "%d.M%04d.test" % (T0 + t, i)),
                  "wb") as f:
            f.write(make_mail(m[0], m[1], m[2],
                              headers=m[3] if len(m) > 3 else None))
    rc, out, err = env.run("batch", "--maildir", md, env=at(t))
    return err
batch.n = 0


def reply(sender, m, body, t):
    """sender's reply to m, keeping its subject and naming it in
    In-Reply-To and References."""
    if m is None:
        return "no mail to reply to"
    return mail(sender, "Re: " + subject_of(m), t, body,
                headers=harness.reply_headers(m))


def reasons(err):
    """(checked, not checked) wrong passwords among err's log lines."""
    return (len(re.findall(r'reason=wrong-password ', err)),
            len(re.findall(r'reason=locked-out(?:-strangers)? ',
                           err)))


try:
    # -- accounts: one batch of signups, one of confirmations ---------------
    batch([(addr(u), "signup %s %s" % (u, pw), "") for u, pw in PW.items()],
          0)
    msgs = env.new_messages()
    batch([(addr(u), "Re: " + env.confirm_requests(addr(u), msgs)[-1],
            "yes") for u in PW], 60)
    env.new_messages()
    ok(all("address: %s" % addr(u) in env.user_file(u) for u in PW),
       "nine players signed up and confirmed")

    # -- 1. a forwarded board mail ------------------------------------------
    t = H
    env.env["EPAMSERV_NOW"] = str(T0 + t)
    env.start_game("alice", "bob", 101)
    bob101 = [m for m in to(env.new_messages(), addr("bob"))
              if "Board 101" in subject_of(m) and harness.token_of(m)]
    batch([(addr("carol"), "epaminondas seek carol c", ""),
           (addr("carol"), "epaminondas tournament create spring carol c "
            "-format=roundrobin", ""),
           (addr("dave"), "epaminondas challenge dave bob by dave d", "")],
          t + 10)
    msgs = env.new_messages()
    seek = re.search(r"open on board (\d+)", " ".join(
        text_of(m) for m in to(msgs, addr("carol"))))
    seek = int(seek.group(1)) if seek else 0
    dave_ch = [m for m in to(msgs, addr("bob")) if harness.token_of(m)]
    dave_board = int(re.search(r"Board (\d+)", subject_of(dave_ch[-1]))
                     .group(1)) if dave_ch else 0
    ok(bob101 and seek and dave_board, "bob has a board mail of 101; carol's "
       "seek is open; dave has challenged bob")
    before = env.user_file("bob")
    # (set token new last: it would void the token of the others)
    forms = ["epaminondas accept %d" % seek,
             "epaminondas tournament join spring", "epaminondas league join",
             "epaminondas decline %d" % dave_board,
             "vacation 2026-12-05 2026-12-20", "set token new"]
    # A forward as an attachment keeps the headers: mallory's reply to
    # it names bob's board mail (its token) in In-Reply-To.
    err = batch([("mallory@evil.example", "Re: " + subject_of(bob101[-1]),
                  f, harness.reply_headers(bob101[-1])) for f in forms],
                t + 20)
    msgs = env.new_messages()
    is_(env.user_file("bob"), before, "a forwarded board mail's token puts "
        "bob on no leave and voids none of his tokens")
    ok(env.game_file(seek) is None, "it takes no seek for him",
       env.game_file(seek))
    with open(os.path.join(env.spool, "tournaments", "spring")) as f:
        ok("bob" not in f.read(), "it joins him to no tournament")
    ok(not os.path.exists(os.path.join(env.spool, "league", "epaminondas"))
       or "bob" not in open(os.path.join(env.spool, "league",
                                         "epaminondas")).read(),
       "nor to the league")
    ok("\nend: " not in (env.game_file(dave_board) or ""),
       "nor declines dave's challenge to him on another board",
       env.game_file(dave_board))
    ok(not to(msgs, "mallory@evil.example"), "mallory gets nothing")
    refusals = to(msgs, addr("bob"))
    is_(len(refusals), len(forms), "each form is refused, to bob's own "
        "address")
    ok(all("- bob [#" in subject_of(m) for m in refusals) and all(
        "proves moves and claims on board 101 only" in text_of(m)
        for m in refusals),
       "each refusal says why and carries bob's account token",
       [subject_of(m) for m in refusals] + [text_of(refusals[0])[:300]
                                           if refusals else ""])
    reply(addr("bob"), refusals[0] if refusals else None,
          "vacation 2026-12-05 2026-12-06", t + 30)
    ok("leave: 2026-12-05" in env.user_file("bob"),
       "bob's reply to the refusal (his account token) takes the leave",
       env.user_file("bob"))
    reply(addr("bob"), dave_ch[-1] if dave_ch else None,
          "epaminondas decline %d" % dave_board, t + 40)
    ok("\nend: decline bob" in (env.game_file(dave_board) or ""),
       "the challenge mail's own token still declines its own board",
       env.game_file(dave_board))
    env.new_messages()

    # -- 2. throwaway accounts spend alice's challenges_per_day -------------
    t = 2 * H
    mail(addr("alice"), "epaminondas challenge alice erin by alice a", t)
    env.new_messages()
    batch([(addr(u), "multiple", "\n".join(
        ["epaminondas challenge %s alice by %s %s" % (u, u, PW[u])] * 5) +
        "\nend\n") for u in ("tom1", "tom2", "tom3", "tom4")], t + 10)
    msgs = env.new_messages()
    is_(len([m for m in to(msgs, addr("alice"))
             if re.match(r"Epaminondas Board \d+ ", subject_of(m))]), 20,
        "four throwaway accounts send alice 20 challenges (5 each)")
    batch([(addr("bob"), "epaminondas challenge bob alice by bob b", ""),
           (addr("erin"), "epaminondas challenge erin alice by erin e", ""),
           (addr("dave"), "epaminondas challenge dave alice by dave d", "")],
          t + 20)
    msgs = env.new_messages()
    got = [subject_of(m) for m in to(msgs, addr("alice"))]
    ok(len(got) == 2, "after them alice still gets two challenges", got)
    ok(any(re.search(r"\bBoard \d+\b", s) for s in got) and
       to(msgs, addr("bob")) and "challenges bob" not in
       text_of(to(msgs, addr("bob"))[0]) and "The game starts when alice "
       "accepts" in text_of(to(msgs, addr("bob"))[0]),
       "bob, who plays alice on board 101, may challenge her",
       [text_of(m)[:200] for m in to(msgs, addr("bob"))])
    ok(to(msgs, addr("erin")) and "The game starts when alice accepts" in
       text_of(to(msgs, addr("erin"))[-1]),
       "erin, whom alice challenged, may challenge her",
       [text_of(m)[:200] for m in to(msgs, addr("erin"))])
    contains(text_of(to(msgs, addr("dave"))[0]) if to(msgs, addr("dave"))
             else "", "alice has had as many challenges today as a player "
             "may get from everyone together (20, challenges_per_day)",
             "dave, new to alice, is refused, told why")

    # -- 3. limit accept and a first move of an hour ------------------------
    t = 3 * H
    mail(addr("carol"), "limit carol c accept", t)
    mail(addr("dave"), "epaminondas challenge carol dave -time=1h+21d by "
         "dave d", t + 10)
    msgs = env.new_messages()
    ch = [m for m in to(msgs, addr("carol")) if "Board" in subject_of(m)]
    board = int(re.search(r"Board (\d+)", subject_of(ch[-1])).group(1)) \
        if ch else 0
    ok(board and "agreed: carol" not in (env.game_file(board) or ""),
       "-time=1h+21d does not start for carol (limit accept): her first "
       "move would have an hour", env.game_file(board))
    ok(ch and "its time control is faster than carol takes automatically"
       in text_of(ch[-1]), "and her board mail says why",
       text_of(ch[-1])[:400] if ch else "")
    env.run("sweep", env=at(t + 3 * H))
    ok("forfeit carol" not in (env.game_file(board) or ""),
       "the sweep three hours later scores her no loss on time",
       env.game_file(board))
    env.new_messages()

    # -- 4. a HELO name that names the source -------------------------------
    t = 4 * H
    forged = []
    for i in range(60):
        rec = ("from [198.18.%d.1] by mx%d (unknown [192.0.2.66])\r\n"
               "\tby games.example (Postfix) with ESMTP id 4Q%d\r\n"
               "\tfor <epamserv@games.example>; Tue, 1 Dec 2026 04:00:00 "
               "+0000" % (i, i, i))
        forged.append(("victim%d@forged%d.example" % (i, i),
                       "signup fake%d Pw12345 a%d@x.example b%d@x.example "
                       "c%d@x.example" % (i, i, i, i), "", {"Received": rec}))
    forged.append(("newcomer@home.example", "signup newbie Secret12", "",
                   {"Received": "from mx.home.example (mx.home.example "
                    "[198.51.100.7]) by games.example (Postfix) with ESMTP "
                    "id 4Q99; Tue, 1 Dec 2026 04:00:00 +0000"}))
    batch(forged, t)
    msgs = env.new_messages()
    n = len([m for m in msgs if any(a.endswith("@x.example")
                                    for a in m.envelope_to)])
    ok(n <= 5, "60 signups from one host, each with a HELO name naming "
       "another source, get at most its share of requests (5)",
       "%d requests went to the forged addresses" % n)
    is_(len(env.confirm_requests("newcomer@home.example", msgs)), 1,
        "a newcomer from elsewhere is answered")

    # -- 5. seeks opened and withdrawn, twenty lines to a mail --------------
    t = 4 * H + 1800
    with open(os.path.join(env.spool, "games", "epaminondas", "next")) as f:
        nxt = int(f.read())
    lines = []
    for k in range(10):
        lines += ["epaminondas seek erin e",
                  "epaminondas decline %d erin e" % (nxt + k)]
    seeks_before = len(os.listdir(os.path.join(env.spool, "seeks")))
    batch([(addr("erin"), "multiple", "\n".join(lines) + "\nend\n")], t)
    made = len(os.listdir(os.path.join(env.spool, "seeks"))) - seeks_before
    is_(made, 6, "a multiple of ten seeks each withdrawn at once opens six "
        "(twice seek_max a day): each takes a board number and a file")
    msgs = to(env.new_messages(), addr("erin"))
    contains(text_of(msgs[-1]) if msgs else "", "you (erin) have opened 6 "
             "seeks today, as many as a player may open in a day",
             "the others are refused, saying why")

    # -- 6. attacks that failed ----------------------------------------------
    t = 5 * H
    err = batch([("dave+x@example.org", "set %s guess%d html off" % (u, i),
                  "") for i, u in enumerate(["dave", "DAVE", "Dave"] * 2 +
                                            ["dAvE"])], t)
    is_(reasons(err), (5, 2), "a guesser writing dave's userid in other "
        "cases from dave+x@ gets five checks a day, not seven")
    env.new_messages()
    swapped = re.sub(r"- bob \[#", "- alice [#", subject_of(refusals[-1])) \
        if refusals else ""
    mail("mallory@evil.example", "Re: " + swapped, t + 10,
         "vacation 2026-12-05 2026-12-06")
    ok("leave:" not in env.user_file("alice"),
       "bob's account token under alice's userid proves nothing")
    env.new_messages()

    tokens = set(re.findall(r"\[#([a-z2-7]{16})\]", " ".join(
        subject_of(m) for m in env.server.messages())))
    tokens |= set(filter(None, (harness.token_of(m)
                                for m in env.server.messages())))
    with open(env.log, encoding="utf-8", errors="replace") as f:
        log = f.read()
    ok(len(tokens) > 20 and not any(tok in log for tok in tokens),
       "no token of any mail sent reaches the log (%d tokens)" % len(tokens))

    # -- 7. a spool directory that is a link ----------------------------------
    t = 6 * H
    tdir = os.path.join(env.spool, "tournaments")
    planted = os.path.join(env.root, "planted")
    os.rename(tdir, tdir + ".real")
    os.makedirs(planted)
    with open(os.path.join(tdir + ".real", "spring")) as f:
        text = f.read().replace("spring", "lureme")
    with open(os.path.join(planted, "lureme"), "w") as f:
        f.write(text)
    os.symlink(planted, tdir)
    rc, err = env.receive(make_mail(addr("alice"), "epaminondas tournaments"),
                          env=at(t))
    msgs = env.new_messages()
    ok(rc == 75 and not any("lureme" in text_of(m) for m in msgs) and
       "tournaments is a symbolic link" in err,
       "a tournaments/ that is a symbolic link is read by no command: the "
       "mail waits, the log says why", (rc, err[-300:]))
finally:
    env.close()
done()
