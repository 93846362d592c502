#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32 items 4 and 6: the German words annehmen, ablehnen,
aufgeben and remis in a reply to a challenge or board mail work as
accept, decline, resign and propose do (commands/games/answer.c
answer_verb), remis as a move's word too; and the reply and
forward prefixes of other mail clients (WG:, VS:, RV:, Antw:, a count
"Re[2]:", a blank before the colon "RE :") are skipped before a
subject's command is read (commands/board/reply.c)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, contains, done, body_of, to, reply  # noqa

A, B = "alice@example.org", "bob@example.org"


def state(env, board):
    """The result: line of a board's file ("" when there is no file)."""
    for line in (env.game_file(board) or "").splitlines():
        if line.startswith("result: "):
            return line[8:]
    return ""


env = Env()
try:
    env.players("alice", "bob")
    env.new_messages()

    # -- annehmen: a challenge accepted by reply -------------------------
    env.mail(A, "epaminondas challenge alice bob by alice a")
    mine = to(env.new_messages(), B)
    ok(len(mine) == 1, "bob gets the challenge mail")
    rc, err = reply(env, B, mine[0], "Annehmen\n\nGerne!\n")
    msgs = env.new_messages()
    ok(rc == 0 and state(env, 101) == "active",
       "a reply 'Annehmen' to the challenge starts the game",
       "%s %s" % (state(env, 101), err[-300:]))
    board_b = to(msgs, B)

    # -- ablehnen: a challenge declined by reply -------------------------
    env.mail(A, "epaminondas challenge alice bob by alice a")
    mine = to(env.new_messages(), B)
    rc, err = reply(env, B, mine[0], "ablehnen")
    env.new_messages()
    ok(rc == 0 and state(env, 102).startswith("cancelled"),
       "a reply 'ablehnen' to the challenge calls it off",
       "%s %s" % (state(env, 102), err[-300:]))

    # -- remis: a draw offered by reply to the board mail ----------------
    ok(len(board_b) == 1, "bob has the board mail of the started game")
    rc, err = reply(env, B, board_b[0], "Remis\n\nVon meinem iPhone "
                    "gesendet\n") if board_b else (1, "")
    msgs = env.new_messages()
    ok(rc == 0 and "vote: draw bob " in (env.game_file(101) or "") and
       len(to(msgs, A)) == 1,
       "a reply 'Remis' to the board mail offers a draw; alice is asked",
       "%s %s" % (env.game_file(101), err[-300:]))
    offer = to(msgs, A)
    rc, err = reply(env, A, offer[0], "ablehnen") if offer else (1, "")
    env.new_messages()
    ok(rc == 0 and "vote: " not in (env.game_file(101) or "") and
       state(env, 101) == "active",
       "alice's reply 'ablehnen' to the offer rejects it",
       "%s %s" % (env.game_file(101), err[-300:]))
    rc, err = env.mail(B, "epaminondas zug 101 bob b remis")
    env.new_messages()
    ok(rc == 0 and "vote: draw bob " in (env.game_file(101) or ""),
       "'epaminondas zug 101 bob b remis' offers a draw as propose does",
       "%s %s" % (env.game_file(101), err[-300:]))

    # -- aufgeben: a resignation by reply to the board mail --------------
    rc, err = reply(env, B, board_b[0], "aufgeben") if board_b else (1, "")
    msgs = env.new_messages()
    ok(rc == 0 and state(env, 101) == "white wins (black resigned)" and
       len(to(msgs, A)) == 1,
       "a reply 'aufgeben' to the board mail resigns; alice is told",
       "%s %s" % (state(env, 101), err[-300:]))

    # -- Zug / move before the move in a reply (s10-trial) ---------------
    # A player writes the word he would write in the subject: "Zug:
    # e2-e3" (Thunderbird's German "AW:"), "move e11-e10".  The token
    # names board and player, so the word is dropped; before a board
    # number it stays (and is no command without its game).
    env.mail(A, "epaminondas challenge alice bob by alice a")
    mine = to(env.new_messages(), B)
    reply(env, B, mine[0], "accept")
    board_a = to(env.new_messages(), A)
    rc, err = reply(env, A, board_a[0], "Zug: e2-e3\n\nViel Glück!\n",
                    subject="AW: " + str(board_a[0]["Subject"])) \
        if board_a else (1, "")
    msgs = env.new_messages()
    ok(rc == 0 and "move: 1 e2-e3 " in (env.game_file(103) or ""),
       "a reply 'Zug: e2-e3' to the board mail plays e2-e3",
       "%s %s" % (env.game_file(103), [body_of(m)[:400] for m in msgs]))
    board_b = to(msgs, B)
    rc, err = reply(env, B, board_b[0], "move e11-e10") if board_b \
        else (1, "")
    msgs = env.new_messages()
    ok(rc == 0 and "move: 2 e11-e10 " in (env.game_file(103) or ""),
       "a reply 'move e11-e10' to the board mail plays e11-e10",
       "%s %s" % (env.game_file(103), [body_of(m)[:400] for m in msgs]))
    board_a = to(msgs, A)
    before = env.game_file(103)
    rc, err = reply(env, A, board_a[0], "move 103 alice a e3-e4") \
        if board_a else (1, "")
    msgs = env.new_messages()
    ok(rc == 0 and env.game_file(103) == before and len(msgs) == 1,
       "a reply 'move 103 ...' is no move: refused, nothing played",
       [body_of(m)[:400] for m in msgs])

    # -- the prefixes -----------------------------------------------------
    for subject in ("WG: epaminondas show 101", "VS: epaminondas show 101",
                    "RV: Antw: epaminondas show 101",
                    "Re[2]: AW(3): Re^4: epaminondas show 101",
                    "RE : TR : epaminondas show 101",
                    "Res: Enc: Odp: VB: epaminondas show 101"):
        rc, err = env.mail(A, subject)
        msgs = env.new_messages()
        contains(body_of(msgs[0]) if len(msgs) == 1 else "",
                 "Board 101", "%s: the command after the prefixes is read"
                 % subject)
        ok(rc == 0 and len(msgs) == 1 and "not a command" not in
           body_of(msgs[0]), "%s: answered as show 101" % subject,
           body_of(msgs[0]) if msgs else err[-300:])
finally:
    env.close()
done()
