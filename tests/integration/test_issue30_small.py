#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 item 8, small things players noticed (by mail): the error
reply to a wrong password never repeats it (subject "Re: ..." and body);
an en dash, em dash, minus sign or non-breaking hyphen in a move reads
as "-" (in the subject, in a reply to a board mail, spaced or not);
pbmserv's short forms and typos ("mvoe", "board", "chall") are answered
with the command they probably meant, and nothing is played."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, contains, done, body_of, \
    by_recipient, reply  # noqa: E402

A, B = "alice@example.org", "bob@example.org"


def flat(text):
    return " ".join(text.split())


def moves_of(env, board=101):
    return [l.split()[2] for l in (env.game_file(board) or "").splitlines()
            if l.startswith("move: ")]


env = Env()
try:
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    env.new_messages()

    # -- a wrong password is never repeated -------------------------------
    for sender, subject in (
            (A, "epaminondas move 101 alice Wr0ngPw1 e2-e3"),
            (A, "Re: epaminondas move 101 alice Wr0ngPw2 e2-e3"),
            (A, "move 101 alice Wr0ngPw3 e2-e3"),
            (A, "epaminondas mvoe 101 alice Wr0ngPw4 e2-e3"),
            (A, "signoff alice Wr0ngPw5"),
            (A, "change password alice Wr0ngPw6 Wr0ngPw7"),
            (A, "epaminondas challenge alice bob by alice Wr0ngPw8"),
            ("eve@example.org", "epaminondas move 101 alice Wr0ngPw9 e2-e3")):
        env.mail(sender, subject, "my move\n")
        msgs = env.new_messages()
        leaks = [(str(m["Subject"]), [l for l in body_of(m).splitlines()
                                      if "Wr0ngPw" in l])
                 for m in msgs if "Wr0ngPw" in str(m["Subject"]) or
                 "Wr0ngPw" in body_of(m)]
        ok(msgs and not leaks, "the reply to '%s' does not repeat the "
           "password" % subject, leaks or "no reply")
    is_(moves_of(env), [], "no wrong password played a move")
    # the refusal still says what the command was
    env.mail(A, "epaminondas move 101 alice Wr0ngPw1 e2-e3")
    msgs = env.new_messages()
    is_([str(m["Subject"]) for m in msgs if m.envelope_to == [A]][:1],
        ["Re: epaminondas move 101 alice PASSWORD e2-e3"],
        "the subject of the refusal names the command, its password "
        "masked")

    # -- dashes in a move -------------------------------------------------
    for who, subject, want in (
            (A, "epaminondas move 101 alice a e2\u2013e3", "e2-e3"),
            (B, "epaminondas move 101 bob b e11\u2014e10", "e11-e10"),
            (A, "epaminondas move 101 alice a e3\u2212e4", "e3-e4"),
            (B, "epaminondas move 101 bob b e10\u2011e9", "e10-e9"),
            (A, "epaminondas move 101 alice a d2 \u2013 d3", "d2-d3")):
        env.mail(who, subject)
        last = by_recipient(env.new_messages())
        got = moves_of(env)
        ok(got and got[-1] == want, "'%s' is played as %s" %
           (subject, want), got)
    # bob replies to the board mail of alice's last move with an en dash
    if last.get(B):
        reply(env, B, last[B][-1], "d11\u2013d10\n")
    env.new_messages()
    is_(moves_of(env)[-1:], ["d11-d10"],
        "a reply 'd11\u2013d10' to the board mail is played as d11-d10")
    # a queued move with a minus sign
    env.mail(B, "epaminondas queue 101 bob b c11\u2212c10")
    env.new_messages()
    env.mail(A, "epaminondas move 101 alice a c2-c3")
    env.new_messages()
    is_(moves_of(env)[-2:], ["c2-c3", "c11-c10"],
        "a queued move with a minus sign is played as c11-c10")

    # -- typos and pbmserv's short forms: the command meant, nothing done -
    before = env.snapshot()
    for who, subject, meant in (
            (A, "epaminondas mvoe 101 alice a f2-f3", "epaminondas move"),
            (A, "mvoe 101 alice a f2-f3", "epaminondas move"),
            (A, "epaminondas board 101", "epaminondas show"),
            (A, "epaminondas chall alice bob by alice a",
             "epaminondas challenge"),
            (A, "chall alice bob by alice a", "epaminondas challenge"),
            (A, "epaminondas resing 101 alice a", "epaminondas resign"),
            (A, "singup zed pw", "signup")):
        rc, err = env.mail(who, subject)
        msgs = env.new_messages()
        t = flat(body_of(msgs[0])) if msgs else ""
        ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [who],
           "'%s' gets one reply" % subject, [m.envelope_to for m in msgs])
        contains(t, "did you mean '%s'?  Nothing was done." % meant,
                 "'%s' is answered with the command meant" % subject)
        contains(t, "How to write it: GAME %s" % meant.split()[-1]
                 if meant.startswith("epaminondas") else
                 "How to write it: %s" % meant,
                 "and with how to write %s" % meant)
    ok(env.snapshot() == before, "no typo played or changed anything")
    # a word near two commands is not guessed
    env.mail(A, "epaminondas xyzzy 101")
    msgs = env.new_messages()
    t = flat(body_of(msgs[0])) if msgs else ""
    ok("did you mean" not in t and "is not a command I know" in t,
       "a word near no command gets no guess", t[:200])
    # a reply to a board mail that lost its body is not a typo of show
    env.mail(A, "Re: Epaminondas Board 101 alice", "")
    msgs = env.new_messages()
    t = flat(body_of(msgs[0])) if msgs else ""
    ok("did you mean" not in t, "a reply to a board mail is not read as "
       "'board', a short form of show", t[:200])
finally:
    env.close()
done()
