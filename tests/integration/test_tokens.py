#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reply-to-move tokens: every board mail to a player carries "TOKEN" in
its Message-ID (issue 30; "[#TOKEN]" at the end of the subject before); a
reply naming it in In-Reply-To may give just the move (or a vote word) on
its first body line, and the old subject form still works.  A token works once (the board mail it
causes carries new ones), "set ... token new" voids them, only a hash is
stored, and observers, show and logs never see one."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient
from harness import body_of as raw_body_of


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


seen_tokens = set()


def token_of(m):
    t = harness.token_of(m)
    if t:
        seen_tokens.add(t)
    return t


def as_reply(subject, prefix="Re: "):
    """A subject string as is, or our mail as (subject, headers) of a
    reply to it (In-Reply-To naming its Message-ID)."""
    if isinstance(subject, str):
        return subject, {}
    return prefix + str(subject["Subject"]), harness.reply_headers(subject)


A, B = "alice@example.org", "bob@example.org"
logs = []
env = Env()


def mail(sender, subject, body="", prefix="Re: "):
    subject, headers = as_reply(subject, prefix)
    rc, err = env.mail(sender, subject, body, headers=headers)
    logs.append(err)
    return rc


def refused(sender, subject, body, why, name, token=None):
    """token: the token the error reply must carry (the mail proved its
    player), or None: it must carry none."""
    if isinstance(subject, str):
        text, msgs, err = harness.refused(env, sender, subject, why, name,
                                          body)
    else:
        text, msgs, err = harness.refused_reply(env, sender, subject, body,
                                                why, name)
    logs.append(err)
    if token:
        is_(msgs and token_of(msgs[0]), token,
            "%s: the error reply carries the sender's token" % name)
    else:
        ok(msgs and not token_of(msgs[0]),
           "%s: the error reply carries no token" % name)


try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.new_messages()
    # Unsigned: both players agree, each by replying to their board mail.
    mail(A, "epaminondas challenge alice bob")
    msgs = by_recipient(env.new_messages())
    tb = token_of(msgs[B][0])
    ta = token_of(msgs[A][0])
    ok(tb and ta and tb != ta, "each player's board mail carries their own token",
       [msgs[B][0]["Subject"], msgs[A][0]["Subject"]])
    is_(len(tb or ""), 16, "a token is 16 characters (80 bits)")
    gf = env.game_file(101)
    ok(tb not in gf and ta not in gf, "the game file never holds a plain token")
    ok("token:" not in gf, "nor any hash of one: tokens are derived")

    # Black accepts by replying "accept", then White.
    rc = mail(B, msgs[B][0], "accept\n\nOn Monday epamserv wrote:\n> old")
    msgs = by_recipient(env.new_messages())
    contains(body_of(msgs[A][0]) if A in msgs else "", "bob accepted the challenge;",
             "a reply with just 'accept' accepts the challenge")
    ok("state: challenged" in env.game_file(101),
       "the unsigned challenge waits for alice's accept too")
    rc = mail(A, msgs[A][0], "accept")
    msgs = by_recipient(env.new_messages())
    contains(body_of(msgs[A][0]) if A in msgs else "", "the game is on",
             "alice's reply with 'accept' starts the game")
    subj_a = msgs[A][0]
    contains(body_of(msgs[A][0]), "Or simply reply to this mail with your move",
             "the board mail of the player to move says a reply will do")

    # White replies with just a move.
    rc = mail(A, subj_a, "e2-e3\n\nGood luck!\n\n> quoted board")
    is_(rc, 0, "a reply with just a move exits 0")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, B], "the board goes to both players")
    text = body_of(msgs[B][0]) if B in msgs else ""
    contains(text, "alice played e2-e3.", "a reply with just a move plays that move")
    contains(text, "Good luck!", "the rest of the reply is relayed as a comment")
    contains(env.game_file(101), "move: 1 e2-e3 ", "the game file has the move")
    new_a = token_of(msgs[A][0])
    ok(new_a and new_a != token_of(subj_a),
       "the next board mail carries a new token")

    refused(A, subj_a, "e3-e4",
            "not (or no longer) valid for board 101", "a used token")
    # A top-posted reply to that used board mail, the mail quoted below
    # as mail programs do: the mail proves no player, so the reply masks
    # the mail's words that could carry a link, but a quoted "101:" or
    # "lost." carries none (s10-trial: "for board [...] a token works").
    quoted = "\n".join("> " + l for l in body_of(subj_a).splitlines())
    text, _, _ = harness.refused_reply(
        env, A, subj_a, "e3-e4\n\nOn Mon, 7 Dec 2026, epamserv wrote:\n" +
        quoted + "\n> The game is lost.\n", "not (or no longer) valid for "
        "board 101: a token works", "a used token, the board mail quoted")
    ok("[...]" not in text, "a quoted board mail's words are not masked",
       text[:600])
    refused(A, "Re: Epaminondas Board 101 bob [#aaaaaaaaaaaa]", "e3-e4",
            "not (or no longer) valid", "a made-up token (old subject form)")
    sb = msgs[B][0]
    refused(A, msgs[A][0], "e3-e4",
            "not your turn", "a token reply out of turn", token=new_a)
    # Issue 30: an error reply to a mail that proved its player (here
    # by the board's token) carries the board's token again.
    refused(B, sb, "e11-e10 e10-e9", "just the move on the first line",
            "a token reply with more than the move",
            token=token_of(msgs[B][0]))
    refused(B, sb, "e11-e10#5", "is #2", "a token reply with a stale #N",
            token=token_of(msgs[B][0]))
    refused(B, sb, "", "has no move in it", "a token reply without a move",
            token=token_of(msgs[B][0]))
    refused(B, "Re: Epaminondas Board 999 bob [#" + token_of(msgs[B][0]) + "]",
            "e11-e10", "there is no epaminondas board 999", "a token for a missing board")

    rc = mail(B, sb, "e11-e10#2", prefix="Re: RE: ")
    msgs = by_recipient(env.new_messages())
    contains(body_of(msgs[A][0]) if A in msgs else "", "bob played e11-e10.",
             "a token reply with #N, under stacked Re: prefixes, is played")
    sa = msgs[A][0]

    # set token new voids what was sent so far.
    mail(A, "set alice Secret1 token new")
    env.new_messages()
    refused(A, sa, "e3-e4", "not (or no longer) valid",
            "a token voided by set token new")
    mail(A, "epaminondas move 101 alice Secret1 e3-e4")
    msgs = by_recipient(env.new_messages())
    ok(token_of(msgs[A][0]) and token_of(msgs[A][0]) != token_of(sa),
       "tokens after set token new differ")
    rc = mail(B, msgs[B][0], "propose")
    msgs = by_recipient(env.new_messages())
    contains(body_of(msgs[A][0]) if A in msgs else "", "bob offers a draw.",
             "a vote word works too")

    # Game files written before hold crypt(3) hashes of 12-character
    # tokens: such a token still works.
    path = os.path.join(env.spool, "games", "epaminondas", "101.game")
    gf = env.game_file(101)
    with open(path, "w") as f:
        f.write(gf.replace("\nposition: ", "\ntoken: alice 1 $5$rounds=1000$"
                           "Zq3oYk1cAaf2Bm9x$khT1OoqjZTu01D0ct/zt7fZaaB4E5N/FvplLq/Hm.O6"
                           "\nposition: "))
    rc = mail(A, "Re: Epaminondas Board 101 alice [#k3f7x2ab7q4m]", "reject")
    is_(rc, 0, "a reply with a token of an older game file exits 0")
    msgs = by_recipient(env.new_messages())
    contains(body_of(msgs[B][0]) if B in msgs else "", "alice rejected bob's",
             "a token with a crypt(3) hash from an older game file is taken")
    ok("token:" not in env.game_file(101),
       "and the board saved with it drops the stored hash (upgrade path)")
    refused(A, "Re: Epaminondas Board 101 alice [#k3f7x2ab7q4m]", "propose",
            "not (or no longer) valid", "the stored token once the board changed")

    # show: no token; logs: none.
    mail(A, "epaminondas show 101")
    msgs = env.new_messages()
    ok(msgs and not token_of(msgs[0]), "a show mail carries no token",
       msgs and msgs[0]["Message-ID"])
    everything = "\n".join(logs)
    ok(not re.search(r"\[#|[a-z2-7]{12}\]", everything), "no token in any log line")
    with open(env.log) as f:
        everything += f.read()
    ok(seen_tokens and not [t for t in seen_tokens if t in everything],
       "no token of a Message-ID in any log line (the outbox's masks it)",
       [l for l in everything.splitlines()
        if any(t in l for t in seen_tokens)][:3])
    mail(A, "epaminondas resign 101 alice Secret1")
    msgs = by_recipient(env.new_messages())
    ok(all(not token_of(m) for m in msgs[A] + msgs[B]),
       "a finished game's mails carry no token")
    ok("token:" not in env.game_file(101), "and its file keeps none")
finally:
    env.close()
done()
