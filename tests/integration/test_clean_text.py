#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""C1 controls and bidi controls never pass through (issue 11, item 10):
a move whose subject and comment carry them (raw UTF-8, RFC 2047 and an
HTML-only mail with character references) is played, and the opponent's
board mail (subject, text and HTML) and the log carry none of them; the
implicit marks (RLM) are kept."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient
from harness import body_of as raw_body_of

# C1 controls (NEL, CSI, the first and the last), the bidi embeddings,
# overrides and isolates, and the line and paragraph separators.
BAD = ["\u0085", "\u009b", "\u0080", "\u009f", "\u202a", "\u202b", "\u202c",
       "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u2028",
       "\u2029"]
BAD_RE = re.compile("[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def bad_in(text):
    """The forbidden characters found in text, as code point names."""
    return ["U+%04X" % ord(c) for c in BAD_RE.findall(text or "")]


def body_of(msg):
    """The text part with LF line ends."""
    return raw_body_of(msg).replace("\r\n", "\n")


def html_of(msg):
    part = msg.get_body(preferencelist=("html",))
    return part.get_content() if part else ""


A, B = "alice@example.org", "bob@example.org"
env = Env()
try:
    env.signup(A, "alice", "a")
    env.signup(B, "bob", "b")
    env.mail(A, "epaminondas challenge alice bob by alice a")
    env.mail(B, "epaminondas accept 101 bob b")
    env.new_messages()

    # Raw UTF-8 in the subject: NEL between the words, an override before
    # the move; the comment full of them.
    comment = ("Good luck\u202e!dneirf\u202c \u0085bye\u009b31m \u2066x\u2069"
               "\u2028next \u200fmark")
    rc, err = env.run("--verbose", "receive", stdin=(
        "From: alice@example.org\r\nTo: epamserv@games.example\r\n"
        "Subject: epaminondas\u0085move 101 alice a \u202de2-e3\u202c\r\n"
        "Message-ID: <c1\u202e.1@test.example>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n\r\n" + comment +
        "\r\n").encode())[0::2]
    is_(rc, 0, "the mail is handled")
    msgs = by_recipient(env.new_messages())
    m = msgs.get(B, [None])[0]
    ok(m is not None, "bob gets the board mail")
    text = body_of(m) if m else ""
    contains(env.game_file(101) or "", "move: 1 e2-e3",
             "the move was read: NEL is a space, the override is gone")
    contains(text, "Good luck!dneirf bye31m x\nnext \u200fmark",
             "the comment is relayed without C1 and bidi controls, the "
             "separator is a line end, RLM kept")
    is_(bad_in(m["Subject"] if m else ""), [], "the opponent's subject is clean")
    is_(bad_in(text), [], "the opponent's text part is clean")
    is_(bad_in(html_of(m) if m else ""), [], "the opponent's HTML part is clean")
    is_(bad_in(m.raw.decode("utf-8", "replace") if m else ""), [],
        "the raw mail carries none of them")
    is_(bad_in(err), [], "the log (stderr, --verbose) carries none of them")
    contains(err, "<c1.1@test.example>", "the log names the cleaned Message-ID")

    # RFC 2047 in the subject and quoted-printable in the body.
    rc, err = env.run("--verbose", "receive", stdin=(
        "From: bob@example.org\r\nTo: epamserv@games.example\r\n"
        "Subject: =?utf-8?q?epaminondas_move_101_bob_b_=E2=80=AEe11-e10?=\r\n"
        "Message-ID: <c1.2@test.example>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
        "Thanks=C2=85 =E2=81=A6friend=E2=81=A9=E2=80=AE!\r\n").encode())[0::2]
    msgs = by_recipient(env.new_messages())
    m = msgs.get(A, [None])[0]
    text = body_of(m) if m else ""
    contains(env.game_file(101) or "", "move: 2 e11-e10",
             "an encoded subject with an override is read as the move")
    contains(text, "Thanks friend!", "the decoded comment is relayed clean")
    is_(bad_in(m.raw.decode("utf-8", "replace") if m else "x\u0085") +
        bad_in(text) + bad_in(html_of(m) if m else ""), [],
        "alice's board mail carries none of them")
    is_(bad_in(err), [], "nor does the log")

    # ISO-8859-2 declares 0x85 a C1 control (NEL): converted, then removed.
    rc, err = env.run("receive", stdin=(
        b"From: alice@example.org\r\nTo: epamserv@games.example\r\n"
        b"Subject: epaminondas move 101 alice a e3-e4\r\n"
        b"Message-ID: <c1.3@test.example>\r\nMIME-Version: 1.0\r\n"
        b"Content-Type: text/plain; charset=iso-8859-2\r\n"
        b"Content-Transfer-Encoding: 8bit\r\n\r\n"
        b"Dobr\xe1\x85 hra\x9b\r\n"))[0::2]
    msgs = by_recipient(env.new_messages())
    m = msgs.get(B, [None])[0]
    text = body_of(m) if m else ""
    contains(text, "Dobr\u00e1 hra", "a legacy charset's C1 bytes are dropped")
    is_(bad_in(text), [], "and none reaches the opponent")

    # HTML only, the controls written as character references.
    rc, err = env.run("receive", stdin=(
        "From: bob@example.org\r\nTo: epamserv@games.example\r\n"
        "Subject: Re: Epaminondas Board 101\r\n"
        "Message-ID: <c1.4@test.example>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/html; charset=utf-8\r\n\r\n"
        "<p>epaminondas move 101 bob b &#x202E;e10-e9</p>"
        "<p>Nice &#x2067;one&#x2069; &#133;&#x9b;!</p>\r\n").encode())[0::2]
    msgs = by_recipient(env.new_messages())
    m = msgs.get(A, [None])[0]
    text = body_of(m) if m else ""
    contains(env.game_file(101) or "", "move: 4 e10-e9",
             "an HTML-only move with a decoded override is read")
    contains(text, "Nice one !", "its comment is relayed without them")
    is_(bad_in(text) + bad_in(html_of(m) if m else ""), [],
        "the board mail from an HTML-only mail is clean")
finally:
    env.close()
done()
