#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14, item 5: every line of every text part the server sends is at
most 72 characters, the rows of a wide board aside (a 26-file board is
86 columns wide, and a board row must never be broken).

One session drives many kinds of mail: signup and its confirmation,
help, help COMMAND, the game help texts, list, a challenge and its
accept, board mails to the player on move, the waiting player and an
observer (wide and compact), submit and confirm, queue, chat, message,
error replies (quoting a long line of the sender's mail), a stranger's
mail, show, showas, games, standings, history, a draw offer and a draw,
a resignation, a reminder and the "multiple" answer.  For each, one
check: no text/plain line longer than 72 characters except board rows.
Every board mail has the one-line notation reminder (item 4).
Also: a command is never split from its "e.g." or across lines in the
help texts, and a 26-file wide board keeps its rows whole."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"
T0 = 1796000000
DAY = 86400
WIDTH = 72
REMINDER = "Notation: e3-e7 from a group's tail, e3xe7 captures; see help notation"

# A wide board's rows: rank, a square of 3 characters each (" W ",
# "[B]", " S" with board letters ws, ...), rank; and the file letters above and below.
RANK_ROW = re.compile(r"^ {1,3}\d{1,2} (?:[ \[][.WBS#?][ \]])+ \d{1,2}$")
FILE_ROW = re.compile(r"^ {5}(?: [a-z] ?)+$")


def texts(msg):
    """The decoded text/plain parts of msg, LF line ends."""
    out = []
    for part in msg.walk():
        if part.get_content_type() == "text/plain":
            out.append(part.get_content().replace("\r\n", "\n"))
    return out


def long_lines(msg):
    """(subject, line) for each line over WIDTH that is no board row."""
    out = []
    for text in texts(msg):
        for line in text.split("\n"):
            if len(line) > WIDTH and not RANK_ROW.match(line) \
                    and not FILE_ROW.match(line):
                out.append("%s: %r (%d)" % (msg["Subject"], line, len(line)))
    return out


env = Env()
checked = []


def step(name, msgs, want=1):
    """One check for the mails of one step: there are at least want of
    them and none has a line over 72 columns."""
    bad = []
    for m in msgs:
        bad += long_lines(m)
    checked.extend(msgs)
    ok(len(msgs) >= want and not bad,
       "%s: %d mails, no line over %d columns" % (name, len(msgs), WIDTH),
       "\n".join(bad) if bad else "only %d mails" % len(msgs))
    return msgs


def whole(msgs, cmd, name):
    """cmd stands on one line of one of msgs' text parts."""
    lines = [l for m in msgs for t in texts(m) for l in t.split("\n")]
    ok(any(cmd in l for l in lines), "%s: '%s' on one line" % (name, cmd),
       "\n".join(lines))


def send(sender, subject, body="", **kw):
    rc, err = env.mail(sender, subject, body, **kw)
    if rc != 0:
        raise AssertionError("%s: exit %d: %s" % (subject, rc, err))
    return env.new_messages()


LONG = ("This is a long line of my own mail, written by a player who never "
        "presses return at all, as many mail programs send it.\n")

try:
    env.env["EPAMSERV_NOW"] = str(T0)
    step("signup and confirmation", env.signup(A, "alice", "a"), 2)
    env.signup(B, "bob", "b")
    env.signup(C, "carol", "c")
    env.new_messages()

    for subject in ("help", "help rules", "help crossings", "help notation",
                    "epaminondas help", "crossings help"):
        step(subject, send(C, subject))
    for verb in ("signup", "change", "signoff", "list", "message",
                 "vacation", "set", "standings", "history", "help",
                 "challenge", "accept", "decline", "move", "resign", "queue",
                 "submit", "confirm", "show", "showas", "games", "chat",
                 "subscribe", "unsubscribe", "preview"):
        step("help " + verb, send(C, "help " + verb))
    step("list", send(C, "list"))
    step("list epaminondas", send(C, "list epaminondas"))

    # Board 101: alice (White) against bob; carol watches it, compact.
    step("challenge", send(A, "epaminondas challenge alice bob by alice a"))
    step("accept: board mails", send(B, "epaminondas accept 101 bob b"), 2)
    step("set board compact", send(C, "set carol c board compact"))
    msgs = step("subscribe", send(C, "epaminondas subscribe 101 carol c"))
    whole(msgs, "  epaminondas unsubscribe 101 carol PASSWORD", "subscribe")
    msgs = step("submit", send(A, "epaminondas submit 101 alice a e1-e3"))
    whole(msgs, "  epaminondas confirm 101 alice PASSWORD", "submit")
    msgs = step("confirm: board mails to mover, waiting player, observer",
                send(A, "epaminondas confirm 101 alice a"), 3)
    whole([m for m in msgs if B in m.envelope_to],
          "epaminondas move 101 bob PASSWORD TAIL-DESTINATION#2",
          "board mail to the player on move")
    whole([m for m in msgs if A in m.envelope_to],
          "epaminondas queue 101 alice PASSWORD TAIL-DESTINATION",
          "board mail to the waiting player")
    whole([m for m in msgs if C in m.envelope_to],
          "epaminondas unsubscribe 101 carol PASSWORD",
          "board mail to the observer")
    step("move", send(B, "epaminondas move 101 bob b e11-e10"), 3)
    step("queue", send(B, "epaminondas queue 101 bob b e12-e11"))
    step("move and queued move played", send(A, "epaminondas move 101 alice a "
                                              "e3-e4"), 3)
    step("chat", send(B, "epaminondas chat 101 bob b", LONG), 2)
    step("message", send(A, "message alice a bob", LONG), 1)
    step("preview", send(A, "epaminondas preview 101 e2-e3 e10-e9"))
    step("show board", send(C, "epaminondas show 101"))
    step("show past board", send(C, "epaminondas show 101#2"))
    step("show player", send(C, "epaminondas show alice all"))
    step("showas", send(B, "epaminondas showas bob b 101"))
    step("games", send(C, "epaminondas games alice"))

    # Error replies: a player's (quoting a long line of the mail), a bad
    # password, an unknown command, a move out of turn, a stranger's.
    step("error: illegal move", send(A, "epaminondas move 101 alice a a1-a9",
                                     LONG))
    step("error: wrong password", send(A, "epaminondas move 101 alice x e2-e3",
                                       LONG))
    step("error: unknown command", send(A, "frobnicate alice a", LONG))
    step("error: not your turn", send(B, "epaminondas move 101 bob b e10-e9",
                                      LONG))
    step("error: stranger", send("dave@example.org", "epaminondas show"), 0)
    step("multiple", send(A, "multiple", "epaminondas show 101\nhelp move\n"
                                         "frobnicate\nlist\n"))

    # A draw offer, refused; then a draw.
    step("draw offer", send(B, "epaminondas move 101 bob b propose"), 3)
    step("draw offer rejected", send(A, "epaminondas move 101 alice a "
                                        "reject"), 3)
    step("draw offer again", send(B, "epaminondas move 101 bob b propose"), 3)
    step("draw accepted: game over", send(A, "epaminondas move 101 alice a "
                                             "accept"), 3)

    # Board 102: bob resigns after both have moved (a rated game).
    send(A, "epaminondas challenge alice bob by alice a")
    send(B, "epaminondas accept 102 bob b")
    send(A, "epaminondas move 102 alice a e2-e3")
    send(B, "epaminondas move 102 bob b e11-e10")
    step("resign: game over", send(B, "epaminondas resign 102 bob b"), 2)
    step("standings", send(C, "standings"))
    step("history", send(C, "history alice"))
    msgs = step("vacation", send(C, "vacation carol c 2026-12-24"))
    whole(msgs, "vacation carol PASSWORD off", "vacation")
    step("vacation off", send(C, "vacation carol c off"))

    # Board 103: 26 files, wide board: rows of 86 columns stay whole.
    step("challenge 26x26", send(A, "epaminondas challenge alice carol "
                                    "-size=26x26 by alice a"))
    msgs = step("accept 26x26: wide board mails", send(C, "epaminondas accept "
                                                         "103 carol c"), 2)
    text = "\n".join(texts(msgs[0])) if msgs else ""
    rows = [l for l in text.split("\n") if RANK_ROW.match(l)]
    is_(len(rows), 26, "the 26x26 wide board has its 26 rows whole")
    ok(rows and all(len(l) in (85, 86) for l in rows),
       "each row of the 26-file board is one line of 85 or 86 columns",
       [len(l) for l in rows])
    step("set board wide", send(C, "set carol c board wide"))
    step("move on 26x26", send(A, "epaminondas move 103 alice a e1-e3"), 2)
    # Issue 32: with the W/S letters the rows stay whole too.
    step("set board letters ws", send(C, "set carol c board letters ws"))
    msgs = step("show 26x26 with W/S", send(C, "epaminondas show 103"))
    text = "\n".join(texts(msgs[0])) if msgs else ""
    rows = [l for l in text.split("\n")
            if RANK_ROW.match(l)]
    ok(len(rows) == 26 and any("S" in l for l in rows),
       "the 26x26 board with W/S letters has its 26 rows whole", text)

    # A reminder from the daily sweep.
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 8 * DAY)})
    step("reminder", env.new_messages())
    msgs = step("signoff refused", send(C, "signoff carol c"), 1)
    whole(msgs, "    GAME resign BOARD USERID PASSWORD", "signoff refused")

    # In the help texts, an example or a usage line is never split.
    helps = [m for m in checked if str(m["Subject"]) == "epamserv help"]
    for cmd in ("e.g. change password alice Secret42 Better43",
                "e.g. change address alice Secret42 a@new.example",
                "e.g. epaminondas challenge alice bob by alice Secret42",
                "e.g. epaminondas move 101 alice Secret42 propose",
                "e.g. epaminondas queue 101 bob Secret7 e11-e10",
                "e.g. epaminondas unsubscribe 101 carol Secret9",
                "e.g. epaminondas preview 101 e2-e3 e11-e10",
                "epaminondas challenge WHITE BLACK [-options] by USERID "
                "PASSWORD",
                "epaminondas move BOARD USERID PASSWORD MOVE[#N][!]",
                "epaminondas move BOARD USERID PASSWORD accept|reject"):
        whole(helps, cmd, "help")
    # Item 4: every board mail, text and HTML, has the notation reminder.
    boards = [m for m in checked if re.match(r"Epaminondas Board \d+",
                                             str(m["Subject"]))
              and any("W white, B black" in t for t in texts(m))]
    lacking = [str(m["Subject"]) for m in boards
               if not any(REMINDER in t.split("\n") for t in texts(m))]
    ok(len(boards) > 20 and not lacking,
       "each of %d board mails has the notation reminder line" % len(boards),
       "\n".join(lacking))
    lacking = []
    for m in boards:
        html = m.get_body(preferencelist=("html",))
        if html is not None and "help notation" not in html.get_content():
            lacking.append(str(m["Subject"]))
    ok(not lacking, "and so has their HTML part", "\n".join(lacking))
    ok(len(REMINDER) <= WIDTH, "the reminder is one line of at most 72")
    ok(len(checked) > 80, "the session checked many mails", len(checked))
finally:
    env.close()
done()
