#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32 item 4: set USERID PASSWORD board letters ws|wb.

With ws the text boards of a player's mails (wide and compact, the board
of an error reply, show) draw Black's pieces as S (Schwarz), the mail's
first line says "(Black, S)" and the legend "S black"; the notation is
the same and so is everything the other player reads.  Stored in the
user file as "board-letters: ws" (an older file, without the line, reads
as wb), shown by admin user show; a wrong value is refused."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, body_of, refused  # noqa


def mails(env):
    """The mails of the last run, by recipient address (LF line ends)."""
    return {m.envelope_to[0]: body_of(m).replace("\r\n", "\n")
            for m in env.new_messages()}


def board_rows(text):
    """The rows of the text board in a mail: lines that start with a
    rank number and hold only board marks after it."""
    return [line for line in text.split("\n")
            if re.match(r"^ *\d+ ?[ \[\]*.WBS#]+ *\d*$", line)]


def pieces(rows):
    """The set of piece letters drawn in rows (rank numbers left out)."""
    return set(re.sub(r"\d", "", "".join(rows))) & set("WBS")


env = Env()
try:
    env.players("alice", "bob")
    env.new_messages()

    # -- the setting -----------------------------------------------------
    rc, err = env.mail("bob@example.org", "set bob b board letters WS")
    got = mails(env)
    ok(rc == 0 and list(got) == ["bob@example.org"],
       "set bob b board letters WS: one mail, to bob", err)
    contains(got.get("bob@example.org", ""),
             "The text boards of your mails now show White's pieces as W "
             "and Black's as S (Schwarz).  The notation of moves stays the "
             "same.", "the confirmation says what changes and what not")
    ok("board-letters: ws\n" in env.user_file("bob"),
       "stored in bob's user file")
    ok("board-letters" not in env.user_file("alice"),
       "alice's file has no such line: the default, wb, as older files")
    rc, out, err = env.run("admin", "user", "show", "bob")
    ok(rc == 0 and "board letters: ws\n" in out,
       "admin user show bob: board letters ws", out + err)
    rc, out, err = env.run("admin", "user", "show", "alice")
    ok(rc == 0 and "board letters: wb\n" in out,
       "admin user show alice: board letters wb", out + err)
    for words, why, name in (
            ("xy", "board letters is ws or wb, not 'xy'", "a wrong value"),
            ("", "board letters takes your userid, your password, and ws",
             "no value")):
        refused(env, "bob@example.org", "set bob b board letters " + words,
                why, name)
    refused(env, "bob@example.org", "set bob b board wb",
            "board is wide, compact or list, not 'wb'",
            "the value without the word letters")

    # -- the board mails -------------------------------------------------
    env.start_game("alice", "bob", 101)
    env.new_messages()
    rc, err = env.mail("alice@example.org",
                       "epaminondas move 101 alice a a2-a3")
    got = mails(env)
    ok(rc == 0 and sorted(got) == ["alice@example.org", "bob@example.org"],
       "alice's move: a board mail to each", err)
    bob, alice = got.get("bob@example.org", ""), got.get("alice@example.org", "")
    rows = board_rows(bob)
    is_(len(rows), 12, "bob's mail has the 12 ranks of the wide board")
    is_(pieces(rows), {"W", "S"}, "bob's board draws W and S, no B")
    contains(bob, "alice (White, W) against bob (Black, S)",
             "bob's first line names Black's letter S")
    contains(bob, "Last move in [brackets].  W white, S black, . empty, # "
             "blocked.", "bob's legend says S black")
    ok(" 12  S  S  S  S  S" in bob, "bob's top rank: Black's pieces as S")
    is_(pieces(board_rows(alice)), {"W", "B"},
        "alice's board still draws W and B")
    contains(alice, "alice (White, W) against bob (Black, B)",
             "alice's first line as before")
    contains(alice, "Last move in [brackets].  W white, B black, . empty, "
             "# blocked.", "alice's legend as before")

    # The notation bob types is the same as ever.
    rc, err = env.mail("bob@example.org", "epaminondas move 101 bob b a11-a10")
    got = mails(env)
    ok(rc == 0 and len(got) == 2, "bob's move a11-a10 is played", err)

    # The compact board.
    rc, err = env.mail("bob@example.org", "set bob b board compact")
    env.new_messages()
    rc, err = env.mail("alice@example.org",
                       "epaminondas move 101 alice a b2-b3")
    bob = mails(env).get("bob@example.org", "")
    rows = board_rows(bob)
    is_(len(rows), 12, "bob's compact board: 12 ranks")
    is_(pieces(rows), {"W", "S"}, "bob's compact board draws W and S")
    contains(bob, "Last move marked *.  W white, S black, . empty, # "
             "blocked.", "the compact board's legend says S black")

    # An error reply's board follows the letters too.
    env.new_messages()
    rc, err = env.mail("bob@example.org", "epaminondas move 101 bob b a1-a2")
    got = mails(env)
    bob = got.get("bob@example.org", "")
    ok(list(got) == ["bob@example.org"] and
       pieces(board_rows(bob)) == {"W", "S"},
       "the error reply's board draws W and S", bob)

    # Back to W and B: the line leaves the file.
    rc, err = env.mail("bob@example.org", "set bob b board letters wb")
    got = mails(env)
    contains(got.get("bob@example.org", ""), "The text boards of your mails "
             "now show White's pieces as W and Black's as B.",
             "set ... board letters wb is confirmed")
    ok("board-letters" not in env.user_file("bob"),
       "wb, the default, is not written")
    rc, err = env.mail("bob@example.org", "epaminondas move 101 bob b b11-b10")
    got = mails(env)
    is_(pieces(board_rows(got.get("bob@example.org", ""))), {"W", "B"},
        "bob's board draws W and B again")

    # A hand-edited file with a wrong value is not read as ws.
    path = os.path.join(env.spool, "users", "alice")
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text + "board-letters: sw\n")
    rc, out, err = env.run("admin", "user", "show", "alice")
    ok(rc != 0 or "board letters: ws" not in out,
       "board-letters: sw is no value the loader takes", out + err)
finally:
    env.close()
done()
