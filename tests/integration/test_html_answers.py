#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The mailto: answer links of the HTML board (issue 14 items 6 and 8) used
as a player would: the subject and body of a link in a real board mail are
sent back as a mail, and the server plays them.  A link carries the
recipient's derived reply token (tokens.c), so a link from an earlier
position is refused and nothing changes.  Links go only to a player's own
address on file (not to observers; a showas sent from another address is
answered at the address on file) and never for a game that is over; and only the answers the
state allows: the move for the player on move, a draw offer while no
question waits, undo only for the player who made the last move (never
before one's first move), accept and reject only when a question waits
for this player."""
import os
import re
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, body_of

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"
OTHER = "alice@elsewhere.example"


def html_of(msg):
    part = msg.get_body(preferencelist=("html",))
    return part.get_content() if part else ""


def links(msg):
    """{label: (to, subject, body)} of the mailto: links in msg's HTML."""
    out = {}
    for href, label in re.findall(r'<a href="(mailto:[^"]*)"[^>]*>([^<]*)</a>',
                                  html_of(msg)):
        u = urllib.parse.urlsplit(href.replace("&amp;", "&"))
        q = urllib.parse.parse_qs(u.query)
        out[label] = (u.path, q.get("subject", [""])[0], q.get("body", [""])[0])
    return out


def last_to(msgs, addr):
    got = by_recipient(msgs).get(addr, [])
    return got[-1] if got else None


def click(env, sender, link):
    """Send what a mail client makes of the link: its subject and body."""
    _, subject, body = link
    rc, err = env.mail(sender, subject, body)
    return rc, err, env.new_messages()


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(C, "carol", "pw3")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 101 bob pw2")
    env.mail(C, "epaminondas subscribe 101 carol pw3")
    env.new_messages()
    env.mail(A, "epaminondas showas alice Secret1 101")
    first = last_to(env.new_messages(), A)
    la = links(first)
    ok("Move (edit it)" in la, "alice (on move) gets a move link", sorted(la))
    to_addr, subj, body = la.get("Move (edit it)", ("", "", ""))
    is_(to_addr, "epamserv@games.example", "the link goes to the server")
    # A link opens a new mail, which names no mail it answers: the
    # token goes in its subject, after the game's (issue 30).
    tok = harness.token_of(first)
    ok(tok and subj == "Re: %s [#%s]" % (first["Subject"], tok),
       "the link's subject is the mail's own, with alice's token",
       (first["Subject"], subj))
    mv = re.match(r"^([a-n]\d+[-x][a-n]\d+)#1$", body)
    ok(mv is not None, "the link's body is the example move with #1", body)

    # -- the move link, sent back as it is, is played ----------------------
    rc, err, msgs = click(env, A, la["Move (edit it)"])
    bob_mail = last_to(msgs, B)
    ok(rc == 0 and bob_mail is not None and
       ("alice played " + (mv.group(1) if mv else "?")) in body_of(bob_mail),
       "the move from the link is played", (rc, err, bob_mail and body_of(bob_mail)[:600]))
    contains(env.game_file(101), "\nmove: ", "the game file holds the move")
    carol_mail = last_to(msgs, C)
    ok(carol_mail is not None and "mailto:" not in html_of(carol_mail),
       "the observer's board mail has no answer links",
       carol_mail and html_of(carol_mail)[:400])

    # -- a link from the earlier position is refused -----------------------
    before = env.game_file(101)
    rc, err, msgs = click(env, A, la["Resign"])
    reply = last_to(msgs, A)
    ok(reply is not None and "not (or no longer) valid" in " ".join(body_of(reply).split()),
       "a stale link (the token of an earlier position) is refused",
       reply and body_of(reply)[:800])
    ok(all(B not in m.envelope_to for m in msgs), "bob hears nothing of it")
    is_(env.game_file(101), before, "the stale link changes nothing")

    # -- showas sent from an address not on file: the board goes to the
    # address on file (with links), nothing to the other address ----------
    env.mail(OTHER, "epaminondas showas alice Secret1 101")
    msgs = env.new_messages()
    home = last_to(msgs, A)
    ok(not by_recipient(msgs).get(OTHER) and home is not None and
       "Resign" in links(home),
       "links go only to the player's own address on file",
       [(m.envelope_to, m["Subject"]) for m in msgs])
    env.mail(C, "epaminondas show 101")
    shown = last_to(env.new_messages(), C)
    ok(shown is not None and "mailto:" not in html_of(shown),
       "a board shown to an observer has no links")

    # -- which links, by state (item 2) -----------------------------------
    # Now bob is on move (alice played once), no question waits.
    env.mail(B, "epaminondas showas bob pw2 101")
    lb = links(last_to(env.new_messages(), B))
    is_(sorted(lb), ["Move (edit it)", "Offer a draw", "Resign"],
        "bob on move before his first move: move, draw offer, resign, no undo")
    la = links(home)
    played = mv.group(1) if mv else "?"
    is_(sorted(la), ["Offer a draw", "Resign", "Take back " + played],
        "alice waiting after her move: draw offer, undo of her move, resign")
    is_(la.get("Take back " + played, ("", "", ""))[2], "undo", "the undo link's body")
    is_(la.get("Offer a draw", ("", "", ""))[2], "propose", "the draw link's body")
    # alice offers a draw through her link: bob may accept or reject.
    rc, err, msgs = click(env, A, la["Offer a draw"])
    ok("vote: " in (env.game_file(101) or ""), "the draw offer from the link is made",
       env.game_file(101))
    lb, la = links(last_to(msgs, B)), links(last_to(msgs, A))
    is_(sorted(lb), ["Accept", "Move (edit it)", "Reject", "Resign"],
        "bob, the offer waiting for him: accept, reject, move, resign")
    is_(sorted(la), ["Resign", "Withdraw it"],
        "alice, her own offer waiting: withdraw it (reject) or resign, as "
        "her text part says")
    rc, err, msgs = click(env, B, lb["Reject"])
    ok("vote: " not in (env.game_file(101) or ""), "bob's reject link rejects it")
    lb = links(last_to(msgs, B))
    is_(sorted(lb), ["Move (edit it)", "Offer a draw", "Resign"],
        "once rejected, bob may offer a draw again")

    # -- the last links: resign ends the game; no links after it ----------
    rc, err, msgs = click(env, B, lb["Resign"])
    fa, fb = last_to(msgs, A), last_to(msgs, B)
    ok(fa is not None and "resign" in body_of(fa).lower(), "bob's resign link is played",
       fa and body_of(fa)[:600])
    ok(fa is not None and fb is not None and "mailto:" not in html_of(fa) +
       html_of(fb), "a game that is over has no answer links")

    # -- a crossing pending: the move link answers it; the list of the
    # moves that save bob is one paragraph in the HTML (the text part
    # wraps it at 72 columns) -------------------------------------------
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 102 bob pw2")
    for i, m in enumerate(["d2-e3", "a11-a10", "e1-e6", "a10-a9", "e4-e9",
                           "a9-a8", "e7xe11", "a8-a7", "e9-e12"]):
        who, cred = (A, "alice Secret1") if i % 2 == 0 else (B, "bob pw2")
        env.mail(who, "epaminondas move 102 %s %s" % (cred, m))
    bm = last_to(env.new_messages(), B)
    bh = html_of(bm) if bm else ""
    alert = re.search(r'role="alert"[^>]*>(.*?)</div>', bh, re.S)
    ok(alert and "Only these moves do not lose at once: a12xe12, b12xe12, "
       "c12xe12, g12xe12, h12xe12" in alert.group(1) and "<br>" in alert.group(1),
       "the saving moves are one paragraph under the threat sentence",
       alert and alert.group(1))
    ok(bm is not None and all(len(l) <= 72 for l in body_of(bm).splitlines()),
       "the text part keeps its lines within 72 columns")
    mlink = links(bm).get("Move (edit it)", ("", "", ""))[2] if bm else ""
    ok(re.match(r"^[a-n]12xe12#10$", mlink), "the move link answers the crossing", mlink)
finally:
    env.close()
done()
