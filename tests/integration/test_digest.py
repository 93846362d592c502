#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 15 item 6: "set USERID PASSWORD mail each|digest [HH]" and
"epaminondas notify USERID PASSWORD [BOARD...]".

A digest player gets no board mail for an opponent's move that leaves a
board waiting for them, but once a day, at the first sweep at or after
their hour (in their time zone), one mail listing exactly the boards
that wait for their move, each with its drawing, its deadline and a
subject carrying that board's reply token; a second sweep that day sends
nothing.  "mail each" brings the board mails back.  notify mails the
final board when a board (or any board) ends, never for a board played
with -observers=off."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, body_of

A, B, C, D = ("alice@example.org", "bob@example.org", "carol@example.org",
              "dave@example.org")
E, F = "erin@example.org", "frank@example.org"
env = Env()


def at(when):
    env.env["EPAMSERV_NOW"] = when


def mail(sender, subject, body=""):
    rc, err = env.mail(sender, subject, body)
    ok(rc == 0, "mail %r: exit 0" % subject, err)
    return by_recipient(env.new_messages())


def text(m):
    return body_of(m).replace("\r\n", "\n")


def subjects(msgs):
    return [" ".join(str(m["Subject"]).split()) for m in msgs]


def sweep():
    rc, _, err = env.run("sweep")
    ok(rc == 0, "sweep: exit 0", err)
    return by_recipient(env.new_messages())


def set_timezone(userid, zone):
    """The timezone line of a user file (the "set ... timezone" command
    is another change's): the file replaced by rename, as the server
    does."""
    path = os.path.join(env.spool, "users", userid)
    with open(path) as f:
        lines = [l for l in f.read().splitlines()
                 if not l.startswith("timezone:")]
    lines.insert(-1 if lines[-1].startswith("left:") else len(lines),
                 "timezone: %s" % zone)
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.rename(path + ".tmp", path)


try:
    at("2027-01-04T06:00:00Z")
    env.players("alice", "bob", "carol", "dave", "erin", "frank")
    env.new_messages()

    # -- set ... mail: the refusals, then digest at 9 ------------------
    for bad, why in (("set alice a mail weekly", "each or digest"),
                     ("set alice a mail digest 24", "0 to 23"),
                     ("set alice a mail digest 7x", "0 to 23"),
                     ("set alice a mail each 7", "no hour")):
        msgs = mail(A, bad)
        contains(text(msgs[A][0]), why, "%s: refused, saying why" % bad)
        ok("mail:" not in env.user_file("alice"),
           "%s: the user file is unchanged" % bad, env.user_file("alice"))
    msgs = mail(A, "set alice a mail digest 9")
    contains(text(msgs[A][0]), "daily digest at 09:00", "set mail digest "
             "9: the confirmation says when the digest comes")
    ok("mail: digest 9" in env.user_file("alice"),
       "set mail digest 9: the user file has the mail line",
       env.user_file("alice"))
    msgs = mail(D, "set dave d mail digest")
    ok("mail: digest 7" in env.user_file("dave"),
       "set mail digest without an hour: 7", env.user_file("dave"))
    set_timezone("dave", "America/New_York")

    # -- three boards: 101 and 102 wait for alice, 103 for carol -------
    mail(A, "epaminondas challenge alice bob by alice a")
    msgs = mail(B, "epaminondas accept 101 bob b")
    ok(A not in msgs and B in msgs, "board 101 starts with alice to move: "
       "bob (who accepted) is told, digest alice is not", list(msgs))
    mail(C, "epaminondas challenge carol alice by carol c")
    msgs = mail(A, "epaminondas accept 102 alice a")
    ok(A in msgs, "alice's own accept is answered at once", list(msgs))
    msgs = mail(C, "epaminondas move 102 carol c e2-e3")
    ok(C in msgs and A not in msgs, "carol's move on 102: no board mail to "
       "digest alice, one to carol", list(msgs))
    mail(A, "epaminondas challenge alice carol by alice a")
    mail(C, "epaminondas accept 103 carol c")
    msgs = mail(A, "epaminondas move 103 alice a e2-e3")
    ok(A in msgs and C in msgs, "alice's own move on 103: her board mail "
       "comes at once", list(msgs))
    # dave (digest, New York) has one board waiting: 104 against erin.
    mail(E, "epaminondas challenge erin dave by erin e")
    mail(D, "epaminondas accept 104 dave d")
    msgs = mail(E, "epaminondas move 104 erin e e2-e3")
    ok(D not in msgs, "erin's move on 104: no board mail to digest dave",
       list(msgs))

    # -- no digest before the hour -------------------------------------
    at("2027-01-04T08:59:00Z")
    msgs = sweep()
    ok(A not in msgs and D not in msgs, "08:59 UTC: no digest yet",
       {k: subjects(v) for k, v in msgs.items()})

    # -- the digest at 09:xx: 101 and 102, not 103 ---------------------
    at("2027-01-04T09:20:00Z")
    msgs = sweep()
    is_(len(msgs.get(A, [])), 1, "09:20 UTC: one digest to alice")
    ok(D not in msgs, "09:20 UTC is 04:20 in New York: no digest to dave",
       list(msgs))
    dig = text(msgs[A][0]) if msgs.get(A) else ""
    subj = subjects(msgs.get(A, []))
    ok(subj and "2 boards" in subj[0], "the digest's subject counts the "
       "two boards", subj)
    ok(re.search(r"Epaminondas\s+Board\s+101:", dig) and
       re.search(r"Epaminondas\s+Board\s+102:", dig),
       "the digest lists boards 101 and 102", dig)
    ok(not re.search(r"Board\s+103", dig), "the digest does not list 103 "
       "(it waits for carol)", dig)
    # "2027-01-25 06:00 UTC" or deadline_words' "Mon 25 Jan 2027 06:00 UTC"
    ok(len(re.findall(r"Deadline:\s+(?:2027-01-25|Mon\s+25\s+Jan\s+2027)\s+"
                      r"06:00\s+UTC", dig)) == 2,
       "each board has its deadline (21 days after its last change)", dig)
    ok(len(re.findall(r"\bleft\)", dig)) == 2, "each board has the time "
       "left", dig)
    ok(dig.count("|") > 10 or dig.count(".") > 50, "the boards are drawn",
       dig)
    tok = re.findall(r"(Epaminondas Board (\d+) alice \[#([a-z2-7]{16})\])",
                     " ".join(dig.split()))
    is_(sorted(b for _, b, _ in tok), ["101", "102"],
        "one answering subject with a token per board")
    env.env["EPAMSERV_NOW"] = "2027-01-04T09:50:00Z"
    msgs = sweep()
    ok(A not in msgs, "a second sweep in the hour: no second digest",
       {k: subjects(v) for k, v in msgs.items()})

    # -- the token of 102 in the digest plays a move -------------------
    s102 = [s for s, b, _ in tok if b == "102"]
    msgs = mail(A, "Re: " + (s102[0] if s102 else "none"), "e11-e10\n")
    ok(C in msgs and "e11-e10" in env.game_file(102),
       "a mail with the digest's subject for 102 and a move plays it",
       env.game_file(102))
    s101 = [s for s, b, _ in tok if b == "101"]
    msgs = mail(A, "Re: " + (s101[0] if s101 else "none"), "e2-e3\n")
    ok(A in msgs and "e2-e3" in env.game_file(101),
       "the digest's subject for 101 plays a move on 101",
       env.game_file(101))
    msgs = mail(B, "epaminondas move 101 bob b e11-e10")
    ok(B in msgs and A not in msgs, "bob's answer on 101: held for alice's "
       "digest", list(msgs))

    # -- dave's digest at 09:00 New York (14:00 UTC) -------------------
    at("2027-01-04T14:05:00Z")
    msgs = sweep()
    dig = text(msgs[D][0]) if msgs.get(D) else ""
    ok(re.search(r"Board\s+104:", dig), "dave's digest at 09:05 New York "
       "(7 or later) lists board 104", dig)
    subj = subjects(msgs.get(D, []))
    ok(subj and subj[0] == "Epaminondas Board 104 (erin v dave)" and
       harness.kind_of(msgs[D][0]) == "digest" and
       harness.token_of(msgs[D][0]), "a digest of one board has that game's "
       "subject and the token in its Message-ID", subj)
    ok(A not in msgs, "alice has had today's digest", list(msgs))
    if msgs.get(D):
        rc, err = harness.reply(env, D, msgs[D][0], "e11-e10\n")
        env.new_messages()
    ok("e11-e10" in (env.game_file(104) or ""), "a plain reply to a one-board "
       "digest plays the move", env.game_file(104))

    # -- the next day, a sweep that missed the hour: only 101 waits ----
    at("2027-01-05T15:00:00Z")
    msgs = sweep()
    dig = text(msgs[A][0]) if msgs.get(A) else ""
    ok(re.search(r"Board\s+101:", dig) and not re.search(r"Board\s+10[234]",
                                                         dig),
       "next day, a sweep at 15:00 past the hour: the digest lists 101 "
       "alone (102 and 103 wait for carol)", dig)
    ok(D not in msgs, "no board waits for dave: no digest", list(msgs))

    # -- mail each restores board mails --------------------------------
    mail(A, "set alice a mail each")
    ok("mail:" not in env.user_file("alice"), "mail each: the line goes",
       env.user_file("alice"))
    mail(E, "set erin e mail digest 9")
    mail(E, "epaminondas subscribe 102 erin e")
    msgs = mail(C, "epaminondas move 102 carol c e3-e4")
    ok(A in msgs, "after mail each, carol's move brings alice a board mail",
       list(msgs))
    ok(E not in msgs, "an observer with mail digest gets no board mail "
       "while the game goes on", list(msgs))

    # -- notify ----------------------------------------------------------
    msgs = mail(E, "epaminondas notify erin e 101")
    contains(text(msgs[E][0]), "board 101 ends", "notify 101: confirmed")
    ok("notify: epaminondas 101" in env.user_file("erin"),
       "notify 101: in erin's user file", env.user_file("erin"))
    msgs = mail(F, "epaminondas notify frank f")
    ok("notify: epaminondas all" in env.user_file("frank"),
       "notify without boards: all, in frank's user file",
       env.user_file("frank"))
    idx = open(os.path.join(env.spool, "notify")).read()
    ok("erin epaminondas 101" in idx and "frank epaminondas -1" in idx,
       "the notify index holds both requests", idx)
    mail(E, "epaminondas challenge erin frank -observers=off by erin e")
    mail(F, "epaminondas accept 105 frank f")
    msgs = mail(C, "epaminondas notify carol c 105")
    contains(text(msgs[C][0]), "private", "notify for a private board of "
             "others: refused")
    ok("notify:" not in env.user_file("carol"), "the refused notify is not "
       "stored", env.user_file("carol"))
    msgs = mail(C, "epaminondas notify carol c 999")
    contains(text(msgs[C][0]), "no epaminondas board 999",
             "notify for a board that does not exist: refused")

    msgs = mail(A, "epaminondas resign 101 alice a")
    for who in (E, F):
        got = msgs.get(who, [])
        ok(len(got) == 1 and "resigned" in text(got[0]) and
           "notify" in " ".join(text(got[0]).split()),
           "101 ends: %s (notify) gets one mail with the result" % who,
           subjects(got))
    msgs = mail(E, "epaminondas resign 105 erin e")
    ok(F in msgs and E in msgs and len(msgs[F]) == 1,
       "private 105 ends: its players get the final board, no extra "
       "notify mail", {k: subjects(v) for k, v in msgs.items()})
    ok(all("notify" not in text(m) for m in msgs.get(F, [])),
       "private 105: frank's mail is the player's board mail, not a notify",
       [text(m) for m in msgs.get(F, [])])
    mail(F, "epaminondas notify frank f off")
    ok("notify:" not in env.user_file("frank"), "notify off clears",
       env.user_file("frank"))
    msgs = mail(C, "epaminondas resign 103 carol c")
    ok(F not in msgs and E not in msgs, "after off (and 101 over for erin): "
       "no notify mail when 103 ends", list(msgs))
except Exception as e:  # noqa: BLE001
    ok(False, "no exception", repr(e))
finally:
    env.close()
done()
