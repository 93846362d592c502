#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""notify at a game's end (pbmserv's notify, issue 15; its service half
moved to src/services/notify.c by issue 31): a game that ends mails its
final board to whoever asked for that board or for every board of the
game, once, with the line that says why; not to a player of the board,
who gets the board mail anyway; never for a board played with
-observers=off; nothing for a board nobody asked about."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done, body_of, to  # noqa: E402

A, B, C, D = ("alice@example.org", "bob@example.org", "carol@example.org",
              "dave@example.org")
WHY = "(You asked to be told when this game ends: notify.)"
env = Env()


def text(m):
    return " ".join(body_of(m).split())


def subject(m):
    return " ".join(str(m["Subject"]).split())


def asked(msgs, addr):
    """The mails among msgs to addr that say they were asked for."""
    return [m for m in to(msgs, addr) if WHY in text(m)]


def resign(who, board):
    """who (alice or bob) resigns board; the mails it caused."""
    rc, err = env.mail("%s@example.org" % who, "epaminondas resign %d %s %s"
                       % (board, who, who[0]))
    ok(rc == 0, "board %d: %s resigns" % (board, who), err[-1500:])
    return env.new_messages()


try:
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101)
    env.start_game("alice", "bob", 102, "-observers=off")
    env.start_game("alice", "bob", 103)
    env.new_messages()

    for sender, subj in ((C, "epaminondas notify carol c 101"),
                         (D, "epaminondas notify dave d"),
                         (B, "epaminondas notify bob b 101")):
        rc, err = env.mail(sender, subj)
        ok(rc == 0, "%s: accepted" % subj, err[-1500:])
    env.new_messages()

    # Board 101 ends: carol (that board) and dave (all boards) are told.
    msgs = resign("alice", 101)
    is_(len(asked(msgs, C)), 1, "board 101 ends: carol, who asked for it, "
        "gets one mail that says why")
    is_(len(asked(msgs, D)), 1, "board 101 ends: dave, who asked for every "
        "board, gets one mail that says why")
    mail = asked(msgs, C)[0] if asked(msgs, C) else None
    ok(mail is not None and "Board 101" in subject(mail) and
       "bob wins" in text(mail),
       "carol's mail is board 101's final board with its result",
       (subject(mail), text(mail)[:600]) if mail else None)
    is_(len(to(msgs, B)), 1, "bob, a player who asked too, gets his board "
        "mail only")
    is_(len(asked(msgs, B)), 0, "bob's board mail is not the notify mail")

    # Board 102 (-observers=off) ends: "all" never covers it.
    msgs = resign("alice", 102)
    is_(len(to(msgs, D)), 0, "board 102 (-observers=off) ends: dave's "
        "notify for every board does not cover it")
    is_(len(to(msgs, C)), 0, "board 102 ends: carol gets nothing")

    # Board 103 ends: dave (all) is told, carol (board 101 only) is not.
    msgs = resign("bob", 103)
    is_(len(asked(msgs, D)), 1, "board 103 ends: dave gets one mail")
    is_(len(to(msgs, C)), 0, "board 103 ends: carol, who asked for board "
        "101 only, gets nothing")
finally:
    env.close()
done()
