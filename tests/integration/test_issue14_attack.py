#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14, attacks on the merged branch (r14-attack): each test here
is a hole found by attacking the issue 14 features, and stays in the
suite once closed."""
import os
import re
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, contains, done, by_recipient  # noqa: E402
from harness import body_of as raw_body_of  # noqa: E402

T0 = 1796000000
A, B = "alice@example.org", "bob@example.org"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def html_of(msg):
    for part in msg.walk() if msg else []:
        if part.get_content_type() == "text/html":
            return part.get_content()
    return ""


def links(msg):
    """The answer links of a mail's HTML part: (subject, body, label)."""
    out = []
    for href, label in re.findall(r'<a href="mailto:([^"]*)"[^>]*>([^<]*)</a>',
                                  html_of(msg)):
        q = urllib.parse.parse_qs(href.split("?", 1)[1].replace("&amp;", "&"))
        out.append((q.get("subject", [""])[0], q.get("body", [""])[0], label))
    return out


def token_of(m):
    return harness.token_of(m)


def first(msgs, addr):
    return msgs[addr][0] if addr in msgs else None


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    harness.reply(env, A, first(by_recipient(env.new_messages()), A), "e2-e3")
    harness.reply(env, B, first(by_recipient(env.new_messages()), B),
                  "e11-e10")
    env.new_messages()

    # Hole 1: the HTML part of a submit mail drew its answer links from
    # the board the submitted move would make (alice not on move, her
    # move the last): "Take back e3-e4" (undo, refused on the real
    # board: bob's move is the last) and no move link, while the token
    # they carry is the real board's, where alice is on move.
    env.mail(A, "epaminondas submit 101 alice a e3-e4")
    m = first(by_recipient(env.new_messages()), A)
    got = links(m)
    ok(got and not any(b == "undo" for _, b, _ in got),
       "submit mail: no undo link for a move not played", got)
    ok(any(b == "confirm" for _, b, _ in got),
       "submit mail: a link answers confirm", got)
    ok(all(token_of({"Subject": s}) == token_of(m) for s, _, _ in got),
       "submit mail: every link carries the mail's token", got)
    confirm = [s for s, b, _ in got if b == "confirm"]
    # A link opens a new mail: its subject carries the token.
    env.mail(A, confirm[0] if confirm else "Re: " + m["Subject"], "confirm")
    confirmed = by_recipient(env.new_messages())
    contains(body_of(first(confirmed, B)),
             "alice confirmed and played e3-e4", "the confirm link's reply plays the move")
    board_a = first(confirmed, A)

    # Hole 2: a token reply's comment (a chat, a draw offer) is relayed
    # to the opponent; "[#TOKEN]" is masked there, but the same token in
    # another form (the mailto: link of the HTML part, pasted into a
    # plain-text reply, has it as %5B%23TOKEN%5D) went out whole, and it
    # stays valid at the position: the opponent could resign for the
    # sender.
    env.mail(B, "epaminondas chat 101 bob b", "hello alice")
    m = first(by_recipient(env.new_messages()), A)
    ta = token_of(m)
    link = ("mailto:epamserv@games.example?subject=Re%%3A%%20Epaminondas%%20"
            "Board%%20101%%20alice%%20%%5B%%23%s%%5D&body=propose" % ta)
    harness.reply(env, A, m, "hi bob, this button: <%s>" % link)
    ms = env.new_messages()
    leaked = [x for x in ms if ta in str(x) and B in x.envelope_to]
    ok(ms and not leaked, "a chat reply does not relay the sender's token "
       "in any form", [body_of(x) for x in leaked])
    harness.reply(env, A, board_a, "propose\nA draw?  My token is %s, by "
                  "the way." % ta)
    ms = env.new_messages()
    leaked = [x for x in ms if ta in str(x) and B in x.envelope_to]
    ok(ms and not leaked, "a draw offer's comment does not relay the "
       "sender's token", [body_of(x) for x in leaked])
    harness.reply(env, B, first(by_recipient(ms), B), "reject")
    env.new_messages()
    # And a token of a board mail pasted as a link into a comment sent
    # with userid and password (no token of its own to mask): the
    # "%5B%23TOKEN%5D" form is masked like "[#TOKEN]" (issue 18 puts
    # published comments on the web site).
    env.mail(A, "epaminondas chat 101 alice a", "this button: <%s>" % link)
    ms = env.new_messages()
    leaked = [x for x in ms if ta in str(x) and B in x.envelope_to]
    ok(ms and not leaked, "a comment does not relay a board mail's token "
       "written as a link (%5B%23...%5D)", [body_of(x) for x in leaked])

    # Hole 3: "show BOARD BOARD..." sent one board mail per board, so a
    # mail with a forged From (an address that is no player's) had the
    # server send ten mails to that address: an amplifier.  A stranger
    # gets one reply a mail.
    victim = "victim@elsewhere.example"
    env.mail(victim, "epaminondas show 101 101#0 101#1 101#2 101#3 101 "
             "101#0 101#1 101#2 101#3")
    ms = env.new_messages()
    ok(len(ms) == 1 and ms[0].envelope_to == [victim],
       "a stranger's show of ten boards gets one mail", len(ms))
    contains(body_of(ms[0]) if ms else "", "one board",
             "which says a stranger is shown one board a mail")
    env.mail(victim, "epaminondas show 101#1")
    ms = env.new_messages()
    ok(len(ms) == 1 and "after move 1" in ms[0]["Subject"],
       "a stranger still sees one board", [m["Subject"] for m in ms])
    env.mail(A, "epaminondas show 101 101#0 101#1")
    ok(len(env.new_messages()) == 3, "a player's show of three boards "
       "gets three mails")

    # Hole 4 (the text part of hole 1): the submit mail's hint said
    # "reply to this mail with just queue TAIL-DESTINATION", drawn from
    # the board the submitted move would make; on the real board the
    # player is on move and such a reply is refused.
    env.mail(B, "epaminondas submit 101 bob b e10-e9")
    m = first(by_recipient(env.new_messages()), B)
    text = body_of(m)
    ok(m and "queue TAIL-DESTINATION" not in text,
       "submit mail: no queue hint for the player on move", text[-300:])
    contains(text, "reply to this mail with just confirm",
             "submit mail: the confirm hint stays")
finally:
    env.close()
done()
