#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The life of a board by mail: a challenge waits for both players'
consent (a signed challenge for the other player's accept; decline,
withdraw), resign, draw offers and undo
requests (votes), the end and vote lines of the game file, Elo standings
and history; every refusal says why and changes nothing on disk."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, refused, body_of


def board_mails(env, name, want=("alice@example.org", "bob@example.org")):
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), sorted(want), "%s: the board goes to both players" % name)
    m = msgs.get(want[0], [None])[0]
    # The reply token at the end of the subject is tested in test_tokens.py.
    return (body_of(m) if m else ""), \
        (re.sub(r" \[#[a-z2-7]+\]$", "", m["Subject"]) if m else "")


A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"

env = Env()
# Elo's exact numbers (the default is glicko2 since issue 34 item 3).
env.env["EPAMSERV_RATING_SYSTEM"] = "elo"
# Robot accounts (on by default) would add rows to list and standings;
# test_robots.py checks those.
env.env["EPAMSERV_ROBOTS"] = ""
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(C, "carol", "pw3")
    env.new_messages()

    # -- consent: a challenge signed by alice waits for bob ------------------
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    text, subject = board_mails(env, "challenge")
    is_(subject, "Epaminondas Board 101 (alice v bob)",
        "the challenge has the game's one subject (issue 30)")
    contains(text, "epaminondas decline 101 alice PASSWORD",
             "the challenger's mail says how to withdraw (not bob's words)")
    refused(env, A, "epaminondas move 101 alice Secret1 e2-e3",
            "has not started: bob has not accepted", "a move before the accept")
    refused(env, A, "epaminondas accept 101 alice Secret1",
            "have accepted board 101 already", "an accept by the challenger")
    refused(env, C, "epaminondas accept 101 carol pw3",
            "not a player on board 101", "an accept by a non-player")
    refused(env, B, "epaminondas accept 101 bob PW2",
            "wrong password for 'bob'", "an accept with a wrong password")
    refused(env, B, "epaminondas accept 999 bob pw2",
            "there is no epaminondas board 999", "an accept of a missing board")
    refused(env, B, "epaminondas accept 101 bob",
            "accept takes a board number, your userid and your password",
            "an accept without a password")
    refused(env, B, "epaminondas resign 101 bob pw2",
            "send decline instead", "a resign before the game started")
    rc, err = env.mail(B, "epaminondas accept 101 bob pw2")
    text, subject = board_mails(env, "accept")
    contains(text, "bob accepted the challenge", "the accept is announced")
    is_(subject, "Epaminondas Board 101 (alice v bob)",
        "then the subject stays the game's")
    refused(env, B, "epaminondas accept 101 bob pw2", "bad vote: nothing is waiting",
            "a second accept")

    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.new_messages()
    env.mail(B, "epaminondas decline 102 bob pw2", "Not today.")
    text, subject = board_mails(env, "decline")
    contains(text, "bob declined the challenge", "the decline is announced")
    contains(text, "Not today.", "the decline's comment is relayed")
    is_(subject, "Epaminondas Board 102 (alice v bob)",
        "the cancelled game keeps its subject (the body says why)")
    gf = env.game_file(102)
    contains(gf, "state: challenged\nagreed: alice ", "the file keeps who agreed")
    contains(gf, "\nend: decline bob ", "and the decline")
    contains(gf, "result: cancelled (bob declined the challenge)\n",
             "the result line says cancelled")
    ok(not os.path.exists(os.path.join(env.spool, "games", "epaminondas", "102.result")),
       "a declined challenge is not rated")
    refused(env, B, "epaminondas accept 102 bob pw2", "board 102 is over: cancelled",
            "an accept after the decline")

    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.new_messages()
    env.mail(A, "epaminondas decline 103 alice Secret1")
    text, subject = board_mails(env, "withdraw")
    contains(text, "alice withdrew the challenge", "the challenger may withdraw")

    # -- votes on board 101 ---------------------------------------------------
    env.mail(A, "epaminondas move 101 alice Secret1 e2-e3")
    env.new_messages()
    refused(env, B, "epaminondas move 101 bob pw2 accept", "bad vote: nothing is waiting",
            "accept with nothing pending")
    refused(env, B, "epaminondas move 101 bob pw2 reject", "bad vote: nothing is waiting",
            "reject with nothing pending")
    refused(env, B, "epaminondas move 101 bob pw2 undo", "no move of yours to take back",
            "an undo of the other player's move")
    env.mail(B, "epaminondas move 101 bob pw2 propose")
    text, subject = board_mails(env, "propose")
    contains(text, "bob offers a draw.", "the draw offer is in the board mail")
    contains(text, "epaminondas move 101 alice PASSWORD accept", "it says how to accept")
    contains(env.game_file(101), "\nvote: draw bob ", "the game file keeps the offer")
    refused(env, B, "epaminondas move 101 bob pw2 accept", "bad vote: the draw offer is yours",
            "accepting one's own offer")
    refused(env, A, "epaminondas move 101 alice Secret1 undo", "still waiting for an answer",
            "a second question while one is pending")
    env.mail(A, "epaminondas move 101 alice Secret1 reject")
    text, subject = board_mails(env, "reject")
    contains(text, "alice rejected bob's draw offer", "the rejection is announced")
    ok("vote:" not in env.game_file(101), "the offer left the game file")

    env.mail(A, "epaminondas move 101 alice Secret1 undo")
    text, subject = board_mails(env, "undo request")
    contains(text, "alice asks to take back e2-e3.", "the undo request is shown")
    env.mail(B, "epaminondas move 101 bob pw2 reject")
    text, subject = board_mails(env, "refused undo")
    contains(text, "bob rejected alice's undo request", "the refused undo is announced")
    contains(env.game_file(101), "move: 1 e2-e3", "a refused undo keeps the move")
    env.mail(A, "epaminondas move 101 alice Secret1 undo")
    env.new_messages()
    env.mail(B, "epaminondas accept 101 bob pw2")
    text, subject = board_mails(env, "accepted undo")
    ok("move: 1" not in env.game_file(101), "an accepted undo takes the move back")
    contains(text, "Move 1: alice (White) to move.", "and it is White's turn again")

    env.mail(A, "epaminondas move 101 alice Secret1 e2-e3#1")
    env.mail(B, "epaminondas move 101 bob pw2 propose")
    env.mail(B, "epaminondas move 101 bob pw2 e11-e10#2")
    contains(env.game_file(101), "\nvote: draw bob ",
             "the offer stands when its maker moves")
    env.mail(A, "epaminondas move 101 alice Secret1 e3-e4")
    ok("vote:" not in env.game_file(101),
       "a move by the player asked declines the offer")
    env.mail(A, "epaminondas move 101 alice Secret1 propose")
    env.new_messages()
    env.mail(B, "epaminondas move 101 bob pw2 accept", "Fair enough.")
    text, subject = board_mails(env, "draw")
    contains(text, "Game over: a draw, bob accepted alice's draw offer.",
             "an accepted offer draws the game (in words naming both)")
    contains(text, "Ratings: alice 1600 -> 1600? (+0), bob 1600 -> 1600? (+0).",
             "the board mail shows the rating changes")
    is_(subject, "Epaminondas Board 101 (alice v bob)",
        "the game's end keeps the game's subject (issue 30)")
    gf = env.game_file(101)
    contains(gf, "\nend: draw alice ", "the file records the agreed draw")
    contains(gf, "result: draw (draw agreed)\n", "and its result")
    ok(os.path.exists(os.path.join(env.spool, "games", "epaminondas", "101.result")),
       "the finished game leaves a result record")
    refused(env, A, "epaminondas move 101 alice Secret1 e4-e5", "board 101 is over",
            "a move after the end")
    refused(env, A, "epaminondas resign 101 alice Secret1", "board 101 is over",
            "a resign after the end")
    refused(env, A, "epaminondas move 101 alice Secret1 propose", "board 101 is over",
            "a vote after the end")

    # -- resign ---------------------------------------------------------------
    env.mail(B, "epaminondas challenge bob alice by bob pw2")
    env.mail(A, "epaminondas accept 104 alice Secret1")
    env.mail(B, "epaminondas move 104 bob pw2 e2-e3")
    env.mail(A, "epaminondas move 104 alice Secret1 e11-e10")
    env.new_messages()
    env.mail(A, "epaminondas resign 104 alice Secret1")
    text, subject = board_mails(env, "resign", (B, A))
    contains(text, "The game is over: bob wins, alice resigned.",
             "a resignation, even out of turn, ends the game")
    head = " ".join(l for l in text.splitlines()
                    if "The game is over" in l)
    ok(head.count("resigned") == 1,
       "the headline of a resignation says it once", head)
    contains(text, "bob 1600 -> 1616? (+16), alice 1600 -> 1584? (-16)",
             "the winner gains what the loser loses")
    contains(env.game_file(104), "\nend: resign alice ", "the file records the resignation")

    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 105 bob pw2")
    env.mail(A, "epaminondas move 105 alice Secret1 e2-e3")
    # The position after e2-e3, for the version 1 file below.
    pos = [l for l in env.game_file(105).splitlines() if l.startswith("position: ")][0][10:]
    env.mail(B, "epaminondas move 105 bob pw2 e11-e10")
    env.new_messages()
    env.mail(A, "epaminondas move 105 alice Secret1 resign")
    text, subject = board_mails(env, "move resign")
    contains(text, "bob wins, alice resigned", "move ... resign resigns")
    contains(text, "alice 1584 -> 1569? (-15), bob 1616 -> 1631? (+15)",
             "Elo: the stronger player gains less (K=32)")

    # -- standings and history ----------------------------------------------
    env.mail(C, "standings all")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    is_([m.envelope_to for m in msgs], [[C]], "standings go to the sender only")
    lines = [l for l in text.splitlines() if l[:4].strip().isdigit()]
    is_([l.split()[1:4] for l in lines],
        [["bob", "1631?", "3"], ["carol", "1600?", "0"], ["alice", "1569?", "3"]],
        "standings list every player by rating with their games")
    ok(all(l.split()[2].endswith("?") for l in lines),
       "fewer than 20 games: provisional", lines)
    env.mail(C, "history alice")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "epaminondas 105  alice - bob  0-1  bob wins (alice resigned)",
             "history lists the player's finished games")
    ok(text.find("epaminondas 105") < text.find("epaminondas 104") < text.find("epaminondas 101"),
       "most recent first")
    ok("102" not in text, "a declined challenge is not history")
    env.mail(C, "history dave")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "No finished games for dave yet.",
             "history of a player with no games says so")

    # -- the game file: version 1 still loads, ends are checked --------------
    v1 = ("epamserv-game 1\ngame: epaminondas\nboard: 150\n"
          "options: -size=14x12\nwhite: alice\nblack: bob\n"
          "created: 2026-11-30T05:00:00Z\nupdated: 2026-11-30T05:00:00Z\n"
          "move: 1 e2-e3 2026-11-30T05:01:00Z -\n"
          "position: %s\nresult: active\n")
    # pos: the position after e2-e3, from board 105's file (above).
    path = os.path.join(env.spool, "games", "epaminondas", "150.game")
    with open(path, "w") as f:
        f.write(v1 % pos)
    rc, err = env.mail(B, "epaminondas move 150 bob pw2 e11-e10")
    is_(rc, 0, "a version 1 game file loads and takes a move")
    contains(env.game_file(150), "epamserv-game 6\n", "it is written back as version 6")
    env.new_messages()

    # -- preview: no password, sender only, nothing played -----------------
    before = env.snapshot()
    rc, err = env.mail(C, "epaminondas preview 150 e3-e4 e10-e9")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [[C]], "a preview goes to the sender only")
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "Preview (nothing was played): e3-e4 e10-e9.", "it names the moves")
    contains(text, "   9  .  .  .  . [B]", "and shows the board after them")
    is_(msgs[0]["Subject"] if msgs else "", "Epaminondas preview of board 150",
        "its subject says preview")
    ok(env.snapshot() == before, "a preview changes nothing on disk")
    env.mail(C, "epaminondas preview 150#0 e1-e3")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "Preview (nothing was played): e1-e3.",
             "BOARD#N previews from the position after move N")
    env.mail(C, "epaminondas preview new -size=8x8 -repetition=off "
             "a2-a3 a7-a6 a3-a2 a6-a7 a2-a3 a7-a6 a3-a2 a6-a7")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "   8  B  B  B  B  B  B  B  B  8", "a new board takes options")
    contains(text, "a6-a7 (warning: this makes the same position for the third time",
             "a third repetition is pointed out")
    refused(env, C, "epaminondas preview 150 e3-e4 e3-e5", "move 2 of your preview",
            "an illegal move in a preview")
    refused(env, C, "epaminondas preview 150#9 e3-e4", "has only 2 moves",
            "a preview from a move the board has not reached")

    with open(os.path.join(env.spool, "games", "epaminondas", "104.game")) as f:
        good = f.read()
    with open(os.path.join(env.spool, "games", "epaminondas", "104.game"), "w") as f:
        f.write(good.replace("end: resign alice", "end: resign carol"))
    rc, err = env.mail(C, "epaminondas show 104")
    is_(rc, 75, "an end line naming a non-player is refused on load")
    contains(err, "104.game:13: carol is not a player", "the error names the line")
finally:
    env.close()
done()
