#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 29 item 8: a relayed `message` carries the sender's text and
nothing of his mail's header.  alice writes from a mail program that puts
her host's name in the Message-ID, a Received line, X-Mailer and
User-Agent; bob and carol get her words, and no header of their mails
names her host (before issue 29 the relayed mails carried her Message-ID
as In-Reply-To and References).  An answer to alice herself still
refers to her mail (In-Reply-To), so the check is not vacuous: her
Message-ID is read and kept where it belongs.  A board mail to the
opponent after her move, and an observer's chat, are checked the same
way."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, body_of, by_recipient  # noqa: E402

A, B, C = "alice@example.org", "bob@example.org", "carol@example.org"
HOST = "alice-laptop.home.example"
T0 = 1796083200  # 2026-12-01T00:00:00Z


def her_headers(n):
    """What alice's mail program writes: each names her host."""
    return {
        "Received": "from %s (%s [192.0.2.7]) by mx.example.org with "
                    "ESMTPSA id %d; Tue, 1 Dec 2026 00:00:00 +0000"
                    % (HOST, HOST, n),
        "X-Mailer": "AliceMail 3.1 on %s" % HOST,
        "User-Agent": "Mutt/2.2.9 (%s)" % HOST,
    }


def her_msgid(n):
    return "<20261201.%d.4711@%s>" % (n, HOST)


def leaks(msg):
    """The header fields of msg that name alice's host, or that copy one
    of her mail program's fields."""
    out = []
    for name, value in msg.items():
        if HOST in str(value) or name.lower() in ("x-mailer", "user-agent"):
            out.append("%s: %s" % (name, value))
    head = msg.raw.split(b"\r\n\r\n", 1)[0]
    if HOST.encode() in head and not out:
        out.append("(raw header)")
    return out


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "carol")
    env.new_messages()

    # -- message: to bob and carol ------------------------------------------
    rc, err = env.mail(A, "message alice a bob carol",
                       "Shall we play a round robin in January?\n",
                       msgid=her_msgid(1), headers=her_headers(1))
    msgs = by_recipient(env.new_messages())
    ok(rc == 0 and B in msgs and C in msgs, "message: relayed to bob and "
       "carol", "rc %d, %s, %s" % (rc, sorted(msgs), err))
    for who in (B, C):
        for m in msgs.get(who, []):
            contains(body_of(m), "Shall we play a round robin in January?",
                     "message to %s: alice's words are relayed" % who)
            is_(leaks(m), [], "message to %s: no header names alice's host "
                "or copies her mail program's" % who)
            ok(m["In-Reply-To"] is None and m["References"] is None,
               "message to %s: no In-Reply-To or References (her "
               "Message-ID)" % who, "%s / %s" % (m["In-Reply-To"],
                                                 m["References"]))

    # -- an answer to alice still refers to her mail -----------------------
    rc, err = env.mail(A, "help", msgid=her_msgid(2), headers=her_headers(2))
    msgs = by_recipient(env.new_messages())
    answer = msgs.get(A, [None])[0]
    ok(answer is not None and her_msgid(2).strip("<>") in
       str(answer["In-Reply-To"] or ""), "an answer to alice herself refers "
       "to her mail (In-Reply-To)", answer and answer["In-Reply-To"])
    ok(answer is not None and answer["X-Mailer"] is None and
       answer["User-Agent"] is None, "nor does it copy her mail program's "
       "fields")

    # -- a move: the board mail to bob; carol observes and chats ----------
    env.start_game("alice", "bob", 101)
    rc, err = env.mail(C, "epaminondas subscribe 101 carol c")
    ok(rc == 0, "carol observes board 101", err)
    env.new_messages()
    rc, err = env.mail(A, "epaminondas move 101 alice a e2-e3", "Your move.\n",
                       msgid=her_msgid(3), headers=her_headers(3))
    msgs = by_recipient(env.new_messages())
    ok(rc == 0 and B in msgs and C in msgs, "move: bob and carol get the "
       "board", err)
    for who in (B, C):
        for m in msgs.get(who, []):
            is_(leaks(m), [], "board mail to %s: no header names alice's "
                "host" % who)
            ok(her_msgid(3).strip("<>") not in str(m["References"] or "") and
               her_msgid(3).strip("<>") not in str(m["In-Reply-To"] or ""),
               "board mail to %s: threaded on the board, not on her mail"
               % who)
    rc, err = env.mail(A, "epaminondas chat 101 alice a", "Nice weather.\n",
                       msgid=her_msgid(4), headers=her_headers(4))
    msgs = by_recipient(env.new_messages())
    ok(rc == 0 and B in msgs and C in msgs, "chat: relayed to bob and carol",
       err)
    for who, ms in sorted(msgs.items()):
        if who == A:
            continue
        for m in ms:
            is_(leaks(m), [], "chat to %s: no header names alice's host"
                % who)
finally:
    env.close()
done()
