#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 items 1 and 6: a player's own command is always answered at
once, and senders know their words arrived.

Item 1: with the daily digest on (and likewise after "notify ... off"),
a move against a robot gets its board mail in the same run, showing the
robot's answer and carrying a token that then works (a reply to it is
played); a reply to a board mail with no move in it is refused with a
token that then works; a refused command that proved its player by
password carries his account token, which then works; a stranger's
error reply carries none (a reply to it plays nothing).

Item 6: a message's and a chat's sender get a short receipt naming whom
it reached; "set USERID PASSWORD receipts off" stops them; a reply to a
message mail reaches its sender as a message (and his reply to that
reaches her); a subject edited to name someone else, or a stranger's
forged token, reaches no one.

Replies are written as a mail client writes them: "Re: " and the
subject, In-Reply-To and References naming the mail answered, the
answer above the quote."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (Env, ok, is_, contains, done, body_of,  # noqa: E402
                     make_mail, to)

A, B, C = "alice@example.org", "bob@example.org", "carol@example.org"
M = "mallory@evil.example"
EXAMPLE = re.compile(r'for\s+example\s+"epaminondas\s+move\s+(\d+)\s+\S+\s+'
                     r'PASSWORD\s+(\S+)"')
env = Env()


def subject(m):
    return " ".join(str(m["Subject"]).split())


def text(m):
    return body_of(m).replace("\r\n", "\n")


def reply(sender, m, body):
    """sender answers mail m as a mail client does: "Re: " and its
    subject, In-Reply-To and References its Message-ID, the answer above
    the quote of m.  Returns (rc, stderr)."""
    quote = "\n".join("> " + l for l in text(m).splitlines()[:6])
    return env.receive(make_mail(sender, "Re: " + subject(m),
                                 "%s\n\nOn Mon, someone wrote:\n%s\n"
                                 % (body, quote),
                                 headers={"In-Reply-To": m["Message-ID"],
                                          "References": m["Message-ID"]}))


def board_mails(msgs, addr, board):
    """The board mails of board among msgs to addr (no error reply)."""
    return [m for m in to(msgs, addr)
            if "Board %d" % board in subject(m) and
            "How to write it:" not in text(m)]


def example(m, board):
    found = EXAMPLE.search(text(m))
    return found.group(2) if found and int(found.group(1)) == board else None


try:
    env.players("alice", "bob", "carol")
    env.new_messages()

    # -- item 1: digest on, a move against a robot -----------------------
    rc, err = env.mail(A, "epaminondas challenge alice robot-novice "
                       "-size=6x7 by alice a")
    msgs = env.new_messages()
    first = board_mails(msgs, A, 101)
    ok(rc == 0 and len(first) == 1, "the robot accepts: alice's board mail",
       err[-1500:])
    rc, err = env.mail(A, "set alice a mail digest 9")
    env.new_messages()
    ok(rc == 0 and "mail: digest 9" in env.user_file("alice"),
       "alice takes the daily digest", env.user_file("alice"))
    mv = example(first[0], 101) if first else None
    rc, err = env.mail(A, "epaminondas move 101 alice a %s" % mv)
    msgs = env.new_messages()
    mine = board_mails(msgs, A, 101)
    ok(rc == 0 and len(mine) == 1, "digest on: alice's move against a robot "
       "gets its board mail in the same run",
       "rc %d, subjects %r: %s" % (rc, [subject(m) for m in msgs], err[-1500:]))
    last = mine[-1] if mine else None
    contains(text(last) if last else "", "robot-novice answered",
             "digest on: the mail shows the robot's answer")

    # The token of that mail works: a reply with the next move is played.
    mv = example(last, 101) if last else None
    rc, err = reply(A, last, mv or "") if last else (1, "no mail")
    msgs = env.new_messages()
    mine = board_mails(msgs, A, 101)
    ok(rc == 0 and len(mine) == 1 and
       "robot-novice answered" in text(mine[0]),
       "digest on: a reply to that board mail is played and answered "
       "with the robot's move at once",
       "subjects %r: %s" % ([subject(m) for m in msgs], err[-1500:]))
    last = mine[-1] if mine else last

    # notify off: likewise.
    rc, err = env.mail(A, "epaminondas notify alice a off")
    env.new_messages()
    mv = example(last, 101) if last else None
    rc, err = env.mail(A, "epaminondas move 101 alice a %s" % mv)
    msgs = env.new_messages()
    mine = board_mails(msgs, A, 101)
    ok(rc == 0 and len(mine) == 1 and
       "robot-novice answered" in text(mine[0]),
       "digest on, notify off: the move's board mail with the robot's "
       "answer in the same run",
       "subjects %r: %s" % ([subject(m) for m in msgs], err[-1500:]))
    last = mine[-1] if mine else last

    # -- item 1: an error reply to a token reply carries a token ----------
    # On a board of its own (alice against carol, alice to move, her
    # mail each again), so that it does not hang on the robot's part.
    rc, err = env.mail(A, "set alice a mail each")
    env.start_game("alice", "carol", 102)
    msgs = env.new_messages()
    mail102 = board_mails(msgs, A, 102)
    ok(len(mail102) >= 1, "board 102: alice's board mail",
       [(m.envelope_to, subject(m)) for m in msgs])
    last = mail102[-1] if mail102 else None
    before = env.game_file(102)
    rc, err = reply(A, last, "") if last else (1, "no mail")
    msgs = env.new_messages()
    refusal = [m for m in to(msgs, A) if "no move in it" in text(m)]
    ok(rc == 0 and len(msgs) == 1 and len(refusal) == 1 and
       env.game_file(102) == before,
       "a reply to the board mail with no move in it: refused, nothing "
       "played", "subjects %r: %s" % ([subject(m) for m in msgs], err[-1500:]))
    if refusal and last:
        rc, err = reply(A, refusal[0], example(last, 102) or "")
        msgs = env.new_messages()
        ok(rc == 0 and env.game_file(102) != before and
           len(board_mails(msgs, C, 102)) == 1,
           "the refusal carries a token that works: a reply to it with "
           "the move is played (carol gets the board)",
           "refusal subject %r; then %r: %s"
           % (subject(refusal[0]), [(m.envelope_to, subject(m))
                                    for m in msgs], err[-1500:]))

    # A refused command that proved alice by her password: her account
    # token, which then works.
    rc, err = env.mail(A, "epaminondas move 999 alice a e1-e2")
    msgs = env.new_messages()
    refusal = to(msgs, A)
    ok(rc == 0 and len(refusal) == 1 and
       "- alice [#" in subject(refusal[0]),
       "a refused command proved by password: the error reply carries "
       "alice's account token", [subject(m) for m in msgs])
    if refusal:
        rc, err = reply(A, refusal[0], "vacation off")
        msgs = env.new_messages()
        got = to(msgs, A)
        ok(rc == 0 and len(got) == 1 and
           "How to write it:" not in text(got[0]),
           "that token works: a reply with \"vacation off\" is taken as "
           "alice's, no error", [text(m)[:400] for m in got])
        # Words no token form takes, in reply to a mail with her account
        # token: refused, and the refusal carries her token again.
        rc, err = reply(A, refusal[0], "Thanks for the quick answer!")
        msgs = env.new_messages()
        got = to(msgs, A)
        ok(rc == 0 and len(msgs) == 1 and len(got) == 1 and
           "- alice [#" in subject(got[0]),
           "words no form takes, in reply to her account token: the "
           "refusal carries her account token",
           [(m.envelope_to, subject(m)) for m in msgs])

    # A stranger's error reply: no token, and a reply to it plays nothing.
    before = env.game_file(102)
    forged = "Re: Epaminondas Board 102 carol [#aaaaaaaaaaaaaaaa]"
    rc, err = env.mail(M, forged, "e1-e2")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [[M]],
        "a stranger's forged reply: one error reply, to him alone")
    if msgs:
        ok("[#" not in subject(msgs[0]) and
           not re.search(r"\b[a-z2-7]{16}\b", text(msgs[0])),
           "the stranger's error reply carries no token",
           subject(msgs[0]) + "\n" + text(msgs[0])[:600])
        rc, err = reply(M, msgs[0], "e1-e2")
        env.new_messages()
        ok(env.game_file(102) == before,
           "a stranger's reply to that error reply plays nothing")

    # -- item 6: receipts -------------------------------------------------
    rc, err = env.mail(B, "message bob b alice", "Hello alice, good luck "
                       "against the robot.")
    msgs = env.new_messages()
    got = to(msgs, A)
    ok(rc == 0 and len(got) == 1 and
       "Hello alice" in text(got[0]), "bob's message reaches alice",
       [subject(m) for m in msgs])
    receipt = to(msgs, B)
    ok(len(receipt) == 1, "bob gets a receipt for his message",
       [subject(m) for m in msgs])
    contains(text(receipt[0]) if receipt else "",
             "Your message was passed on to 1 player: alice.",
             "the receipt says whom it reached")
    ok(not receipt or "Hello alice" not in text(receipt[0]),
       "the receipt does not quote the message")
    from_bob = got[0] if got else None

    # -- item 6: a reply to a message mail reaches its sender -------------
    rc, err = reply(A, from_bob, "Thanks bob, it plays fast.") \
        if from_bob else (1, "no mail")
    msgs = env.new_messages()
    got = to(msgs, B)
    ok(rc == 0 and len(got) == 1 and
       "Thanks bob, it plays fast." in text(got[0]) and
       "alice sends you a message" in text(got[0]),
       "alice's reply to bob's message reaches bob as a message",
       "%r: %s" % ([(m.envelope_to, subject(m)) for m in msgs], err[-1500:]))
    ok(all("On Mon, someone wrote" not in text(m) for m in got),
       "the quote of the reply is not relayed")
    ok(len(to(msgs, A)) == 1 and "passed on to 1 player: bob" in
       text(to(msgs, A)[0]), "alice gets the receipt of her reply",
       [subject(m) for m in to(msgs, A)])
    from_alice = got[0] if got else None
    # Its first word is a command's ("help"): a reply to a message is a
    # message whatever its words (found by the review of issue 30).
    rc, err = reply(B, from_alice, "Help yourself to a rematch.") \
        if from_alice else (1, "no mail")
    msgs = env.new_messages()
    ok(len(to(msgs, A)) == 1 and
       "Help yourself to a rematch." in text(to(msgs, A)[0]),
       "bob's reply to alice's answer reaches alice, though its first "
       "word is a command's", [(m.envelope_to, subject(m)) for m in msgs])

    # The token binds the pair: a subject edited to name carol reaches
    # no one; a stranger's forged token neither.
    if from_bob:
        edited = subject(from_bob).replace("from bob", "from carol")
        rc, err = env.mail(A, "Re: " + edited, "Hi carol")
        msgs = env.new_messages()
        is_(to(msgs, C), [], "an edited subject does not reach carol")
        ok(all("Hi carol" not in text(m) for m in msgs),
           "nothing relays the edited reply",
           [(m.envelope_to, subject(m)) for m in msgs])
    rc, err = env.mail(M, "Re: epamserv: a message from bob - alice "
                       "[#aaaaaaaaaaaaaaaa]", "Buy cheap watches")
    msgs = env.new_messages()
    is_(to(msgs, B) + to(msgs, A), [],
        "a stranger's forged message reply reaches no player")

    # receipts off, then on.
    rc, err = env.mail(B, "set bob b receipts off")
    env.new_messages()
    ok(rc == 0 and "receipts: off" in env.user_file("bob"),
       "set bob b receipts off is stored", env.user_file("bob"))
    rc, err = env.mail(B, "message bob b carol", "Hello carol.")
    msgs = env.new_messages()
    ok(len(to(msgs, C)) == 1 and to(msgs, B) == [],
       "receipts off: the message goes, no receipt",
       [(m.envelope_to, subject(m)) for m in msgs])
    rc, err = env.mail(B, "set bob b receipts on")
    env.new_messages()
    ok("receipts:" not in env.user_file("bob"), "receipts on: the default "
       "again", env.user_file("bob"))

    # -- item 6: a chat's receipt -----------------------------------------
    env.start_game("alice", "bob", 103)
    env.new_messages()
    rc, err = env.mail(A, "epaminondas chat 103 alice a", "Have fun, bob.")
    msgs = env.new_messages()
    ok(len(to(msgs, B)) == 1 and "Have fun, bob." in text(to(msgs, B)[0]),
       "alice's chat reaches bob", [(m.envelope_to, subject(m)) for m in msgs])
    receipt = to(msgs, A)
    ok(len(receipt) == 1 and "Your chat on Epaminondas board 103 was passed "
       "on to 1 reader." in " ".join(text(receipt[0]).split()),
       "alice gets the receipt of her chat",
       [text(m)[:300] for m in receipt])
finally:
    env.close()
done()
