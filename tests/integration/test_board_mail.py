#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The board mail and the error reply read well: a move example that is
legal in the position (none once the game is over), no empty headings,
no trailing blanks, the game's one subject (no " **"), reply
prefixes in subjects understood, error replies that quote at most a few
KB of the mail, and an unreadable template that makes the mail wait (exit 75)
instead of answering with a broken mail."""
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient
from harness import body_of as raw_body_of, make_mail

A = "alice@example.org"
B = "bob@example.org"


def body_of(msg):
    """The text part with LF line ends."""
    return raw_body_of(msg).replace("\r\n", "\n")


def example_of(text):
    m = re.search(r'for example "(\S+) move (\d+) (\S+) PASSWORD (\S+)#(\d+)"', text)
    return m.groups() if m else None


def spool_files(env):
    out = {}
    for d, _, files in os.walk(env.spool):
        if "/locks" in d or "/rate" in d or "/tmp" in d:
            continue
        for f in files:
            with open(os.path.join(d, f), "rb") as fh:
                out[os.path.join(d, f)] = fh.read()
    return out


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.mail(A, "crossings challenge alice bob by alice Secret1")
    env.mail(B, "crossings accept 101 bob pw2")
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[A][-1])
    ok("Moves:" not in text, "a new board has no empty Moves: heading")
    ok("Last move in [brackets]" not in text,
       "a new board does not speak of a last move")
    contains(text, "W white, B black, . empty, # blocked.", "the legend stays")
    ex = example_of(text)
    ok(ex is not None and ex[0] == "crossings" and ex[2] == "alice" and ex[4] == "1",
       "the example names the game, the board, the player to move and #1", ex)
    rc, err = env.mail(A, "crossings move 101 alice Secret1 %s#1" % (ex[3] if ex else "?"))
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[B][-1]) if B in msgs else ""
    contains(text, "alice played %s." % (ex[3] if ex else "?"),
             "the example move is legal: sent as it is, it is played")
    ok(all(not l.endswith(" ") for l in text.splitlines() if not l.startswith(">")),
       "no line of the board mail ends in a blank (move list included)")
    contains(text, "Last move in [brackets].", "once moved, the last move is marked")
    ex2 = example_of(text)
    ok(ex2 is not None and ex2[2] == "bob" and ex2[4] == "2",
       "then the example is Black's move #2, by bob", ex2)
    ok(ex2 is not None and int(re.match(r"[a-h](\d+)", ex2[3]).group(1)) >= 6,
       "and moves a black piece (from rank 6 or above)", ex2)

    # " **" no longer marks a comment in the subject: every mail of a game
    # keeps its one subject (issue 30), the comment is in the body.
    rc, err = env.mail(B, "crossings move 101 bob pw2 %s" % (ex2[3] if ex2 else "?"),
                       "Your turn, Alice.")
    msgs = by_recipient(env.new_messages())
    ok(msgs.get(A) and msgs[A][0]["Subject"] == "Crossings Board 101 (alice v bob)"
       and "Your turn, Alice." in body_of(msgs[A][0]),
       "the opponent's copy keeps the game's subject and relays the comment",
       msgs.get(A) and msgs[A][0]["Subject"])
    ok(msgs.get(B) and " ** " not in msgs[B][0]["Subject"] + " ",
       "the mover's own copy carries no **", msgs.get(B) and msgs[B][0]["Subject"])

    # Reply prefixes.
    rc, err = env.mail(A, "Re: AW: fwd: RE: Fw: crossings show 101")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "Board 101 as it stands.",
             "Re:/AW:/Fwd:/Fw: prefixes before a command are skipped")
    rc, err = env.mail(A, "Re: Re: crossings fly 101")
    msgs = env.new_messages()
    is_(msgs[0]["Subject"] if msgs else None, "Re: crossings fly 101",
        "an error reply does not stack Re: prefixes")
    text = body_of(msgs[0]) if msgs else ""
    lines = text.splitlines()
    start = lines.index("How to write it:") + 1 if "How to write it:" in lines else 0
    usage = lines[start:lines.index("", start)] if "" in lines[start:] else []
    ok(len(usage) > 3 and all(l.startswith("  ") for l in usage),
       "every usage line is indented the same way", usage)

    # Game over: no move example at all.
    env.mail(A, "crossings resign 101 alice Secret1")
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[A][-1]) if A in msgs else ""
    ok("for example" not in text, "a finished game's mail suggests no move")
    rc, err = env.mail(A, "crossings move 101 alice Secret1 a2-a3")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "board 101 is over", "a move after the end is refused")
    ok("e.g. crossings move" not in text and "e2-e4" not in text,
       "and its usage suggests no move either")

    # A big refused mail (one that proved its player: only those are
    # quoted) is quoted only in part.
    big = "\n".join("line %d of a long mail %s" % (i, "x" * 60) for i in range(3000))
    rc, err = env.mail(A, "crossings move 101 alice Secret1 a2-a3", big)
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    quoted = [l for l in text.splitlines() if l.startswith(">")]
    ok(len(quoted) <= 61 and sum(len(l) for l in quoted) <= 4096 + 61 * 3,
       "an error reply quotes at most 60 lines / about 4 KB",
       "%d lines, %d bytes" % (len(quoted), sum(len(l) for l in quoted)))
    contains(text, "[... rest of your mail cut]", "and says the rest was cut")
    ok(len(msgs[0].raw) < 12000 if msgs else False,
       "the whole reply stays small (%d bytes)" % (len(msgs[0].raw) if msgs else 0))

    # A template that cannot be read (a directory in its place: a
    # missing one falls back to the built-in copy, test_template_fallback.py):
    # temporary failure, nothing committed.
    empty = tempfile.mkdtemp(prefix="epamserv-notemplates-")
    for name in os.listdir(env.env["EPAMSERV_TEMPLATES"]):
        os.mkdir(os.path.join(empty, name))
    before = spool_files(env)
    for subject in ("crossings show 101", "crossings fly 101", "help",
                    "crossings challenge alice bob by alice Secret1"):
        rc, err = env.receive(make_mail(A, subject),
                              env={"EPAMSERV_TEMPLATES": empty})
        is_(rc, 75, "an unreadable template makes '%s' a temporary failure" % subject)
        contains(err, "cannot read template", "and the operator is told (%s)" % subject)
        ok(spool_files(env) == before, "and nothing is committed (%s)" % subject)
    is_(env.new_messages(), [], "no mail goes out for an unreadable template")
    shutil.rmtree(empty)
finally:
    env.close()
done()
