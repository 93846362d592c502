#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Looking at boards and the people around them: show USERID
[all|active|next], games USERID, showas (the board from that player's
side), chat (the body to the other player and the observers), subscribe /
unsubscribe (observer: lines of the game file; observers get every board
mail, never a reply token), and the subject multiple (every body line a
command, one answer mail).  Every refusal says why and how to write it,
and changes nothing on disk."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, refused, body_of

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"
D = "dave@example.org"


def answer(env, sender, subject, name, body=""):
    rc, err = env.mail(sender, subject, body)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [sender],
       "%s: one reply, to the sender" % name,
       "rc %d, replies to %r, %s" % (rc, [m.envelope_to for m in msgs], err))
    return (body_of(msgs[0]) if msgs else ""), (msgs[0]["Subject"] if msgs else "")


def rank_lines(text):
    return [int(m.group(1)) for m in re.finditer(r"(?m)^ *(\d+)  [WB.#\[]", text)]


env = Env()
try:
    for who, pw, addr in (("alice", "Secret1", A), ("bob", "pw2", B),
                          ("carol", "pw3", C), ("dave", "pw4", D)):
        env.signup(addr, who, pw)
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")   # 101
    env.mail(B, "epaminondas accept 101 bob pw2")
    env.mail(A, "epaminondas challenge alice carol by alice Secret1") # 102, waiting
    env.mail(B, "epaminondas challenge bob alice by bob pw2")         # 103
    env.mail(A, "epaminondas accept 103 alice Secret1")
    env.mail(B, "epaminondas resign 103 bob pw2")            # over
    env.new_messages()

    # -- show USERID [all|active|next], games USERID -----------------------
    text, subject = answer(env, D, "epaminondas show alice", "show alice")
    contains(text, "Board 101: alice (White) against bob (Black), 0 moves, alice to move",
             "show USERID lists the active boards")
    contains(text, "Board 102: alice (White) against carol (Black), 0 moves, "
             "challenge waiting for carol", "and the open challenges")
    ok("Board 103" not in text, "but not the finished ones", text)
    ok(len(rank_lines(text)) >= 24, "with the diagrams", text)
    text, _ = answer(env, D, "epaminondas show alice all", "show alice all")
    contains(text, "Board 103: bob (White) against alice (Black), 0 moves, black wins",
             "show USERID all includes finished boards")
    text, _ = answer(env, D, "epaminondas show carol next", "show carol next")
    contains(text, "Board 102", "show USERID next: the challenge carol must answer")
    text, _ = answer(env, D, "epaminondas show bob next", "show bob next")
    contains(text, "waiting for them: 0.", "show USERID next: none for bob")
    text, _ = answer(env, D, "epaminondas games alice", "games alice")
    is_(len(re.findall(r"(?m)^  Board \d+:", text)), 3, "games lists every board of alice")
    ok(not rank_lines(text), "one line each, no diagrams", text)
    refused(env, D, "epaminondas show nobody", "'nobody' is neither a board number "
            "nor a player's userid", "show of an unknown userid")
    refused(env, D, "epaminondas show alice soon", "'soon' is neither a player's "
            "userid nor all, active, inactive or next",
            "show USERID with a bad mode")
    refused(env, D, "epaminondas games", "games takes 1 to 10 userids",
            "games without a userid")

    # -- showas ------------------------------------------------------------
    text, _ = answer(env, B, "epaminondas showas bob pw2 101", "showas bob")
    r = rank_lines(text)
    ok(r[:1] == [1], "showas turns the board so Black's side is down for bob", r)
    text, _ = answer(env, A, "epaminondas showas alice Secret1 101", "showas alice")
    ok(rank_lines(text)[:1] == [12], "White's side is down for alice", rank_lines(text))
    refused(env, C, "epaminondas showas carol pw3 101", "you (carol) are not a player "
            "on board 101", "showas by a non-player")
    refused(env, B, "epaminondas showas bob nope 101", "wrong password for 'bob'",
            "showas with a wrong password")
    refused(env, B, "epaminondas showas bob pw2", "showas takes your userid, your "
            "password and a board number", "showas without a board")

    # -- subscribe / unsubscribe -------------------------------------------
    text, subject = answer(env, C, "epaminondas subscribe 101 carol pw3", "subscribe")
    contains(text, "You (carol) now get every board mail of board 101", "subscribe says so")
    contains(env.game_file(101), "\nobserver: carol\n", "the observer is in the game file")
    answer(env, D, "epaminondas subscribe 101 dave pw4", "a second subscriber")
    contains(env.game_file(101), "\nobserver: carol\nobserver: dave\n", "observers sorted")
    refused(env, C, "epaminondas subscribe 101 carol pw3", "already subscribed to board 101",
            "a second subscribe")
    refused(env, A, "epaminondas subscribe 101 alice Secret1", "you (alice) play on board 101",
            "a player subscribing")
    refused(env, C, "epaminondas subscribe 103 carol pw3", "board 103 is over",
            "a subscribe to a finished board")
    refused(env, C, "epaminondas subscribe 999 carol pw3", "there is no epaminondas board 999",
            "a subscribe to a missing board")
    refused(env, C, "epaminondas subscribe 101 carol bad", "wrong password for 'carol'",
            "a subscribe with a wrong password")
    refused(env, C, "epaminondas unsubscribe 102 carol pw3", "you (carol) play on board 102",
            "an unsubscribe by a player")
    env.mail(A, "epaminondas move 101 alice Secret1 e2-e3")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, B, C, D], "a board mail goes to both players and the observers")
    for o in (C, D):
        m = msgs.get(o, [None])[0]
        ok(m is not None and not harness.token_of(m),
           "no reply token for observer %s" % o, m and m["Message-ID"])
        ok(m is not None and "Or simply reply" not in body_of(m), "no reply hint for %s" % o)
    ok(harness.token_of(msgs[B][0]), "the player still gets a token")
    text, _ = answer(env, D, "epaminondas unsubscribe 101 dave pw4", "unsubscribe")
    contains(text, "no longer get the board mails of board 101", "unsubscribe says so")
    ok("observer: dave" not in env.game_file(101), "dave is gone from the file")
    refused(env, D, "epaminondas unsubscribe 101 dave pw4", "you (dave) are not subscribed",
            "an unsubscribe when not subscribed")

    # -- chat --------------------------------------------------------------
    env.mail(B, "epaminondas chat 101 bob pw2", "Nice opening!\nGood luck.")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, B, C], "a chat goes to the other player and the "
        "observers, and its writer gets a receipt (issue 30)")
    contains(body_of(msgs[B][0]) if B in msgs else "", "passed on to 2 "
             "readers", "the receipt counts the readers")
    chat = re.sub(r"[ \r]+\n", "\n", body_of(msgs[A][0]) if A in msgs else "")
    contains(chat, "bob writes on Epaminondas board 101:", "the chat names the writer")
    contains(chat, "Nice opening!\nGood luck.", "with the body")
    is_(msgs[A][0]["Subject"] if A in msgs else "",
        "Epaminondas Board 101 (alice v bob)",
        "the chat has the game's subject (issue 30; the body names the writer)")
    is_(harness.kind_of(msgs[A][0]) if A in msgs else None, "chat",
        "and its Message-ID says it is a chat")
    env.mail(C, "epaminondas chat 101 carol pw3", "Enjoying this.")
    is_(sorted(by_recipient(env.new_messages())), [A, B, C],
        "an observer may chat too (and gets a receipt)")
    refused(env, B, "epaminondas chat 101 bob pw2", "your mail has no message",
            "a chat without a body")
    refused(env, D, "epaminondas chat 101 dave pw4", "neither play on nor observe board 101",
            "a chat by an outsider", body="hello")
    refused(env, B, "epaminondas chat 101 bob wrong", "wrong password for 'bob'",
            "a chat with a wrong password", body="hello")
    refused(env, B, "epaminondas chat 101 bob", "chat takes a board number",
            "a chat without a password", body="hello")

    # -- multiple ----------------------------------------------------------
    rc, err = env.mail(B, "multiple", "epaminondas move 101 bob pw2 e11-e10\n"
                       "epaminondas move 101 bob pw2 e10-e9\n"
                       "\n"
                       "epaminondas show bob\n"
                       "-- \nbob's signature\n")
    msgs = env.new_messages()
    mine = [m for m in msgs if m.envelope_to == [B]]
    is_(len(mine), 1, "multiple: one answer mail to the sender")
    text = body_of(mine[0]) if mine else ""
    contains(text, "Your mail held 3 commands", "it counts the commands")
    contains(text, "--- 1. epaminondas move 101 ---", "each answer is headed by its line")
    contains(text, "bob played e11-e10.", "the first line was played")
    contains(text, "it is not your turn on board 101", "the second was refused, with why")
    contains(text, "--- 3. epaminondas show bob ---", "the third ran too")
    ok("pw2" not in text, "no password is echoed", text)
    is_(sorted(set(r for m in msgs for r in m.envelope_to)), [A, B, C],
        "the board mail still goes to the other player and the observer")
    is_(len([l for l in env.game_file(101).splitlines() if l.startswith("move: ")]), 2,
        "the move is in the game file once")
    refused(env, B, "multiple", "no command lines", "a multiple with an empty body")
finally:
    env.close()
done()
