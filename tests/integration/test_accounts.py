#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Account commands by mail: change password, change address, signoff
(refused while games are open; the userid is never reused), list,
message (the body relayed), vacation (shown to the opponent), set (html,
orientation, token); every refusal says why and changes nothing."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, refused
from harness import body_of as raw_body_of


def body_of(msg):
    """The text part with LF line ends."""
    return raw_body_of(msg).replace("\r\n", "\n")


def user_file(env, userid):
    with open(os.path.join(env.spool, "users", userid)) as f:
        return f.read()


A, B, C = "alice@example.org", "bob@example.org", "carol@example.org"
env = Env()
# A fixed clock: the vacation dates below are absolute.
env.env["EPAMSERV_NOW"] = "2026-12-01T10:00:00Z"
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.signup(C, "carol", "pw3")
    env.new_messages()

    # -- change password ------------------------------------------------------
    refused(env, A, "change password alice wrong New1", "wrong password for 'alice'",
            "change password with a wrong old password")
    refused(env, A, "change password alice Secret1", "takes your userid",
            "change password without the new one")
    refused(env, A, "change colour alice Secret1 red", "change what?",
            "change of something unknown")
    rc, err = env.mail(A, "change password alice Secret1 New1")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [[A]], "change password: a notice to the account")
    contains(body_of(msgs[0]) if msgs else "", "Your password is changed",
             "change password: the notice says so")
    refused(env, A, "set alice Secret1 html off",
            "wrong password for 'alice'", "the old password no longer works")
    rc, err = env.mail(A, "set alice New1 html off")
    env.new_messages()
    contains(user_file(env, "alice"), "html: off\n", "the new password works")

    # -- change address --------------------------------------------------------
    refused(env, A, "change address alice New1 not-an-address", "not a mail address",
            "change address to a bad address")
    rc, err = env.mail(A, "change address alice New1 alice@new.example")
    msgs = env.new_messages()
    rcpt = by_recipient(msgs)
    is_(sorted(rcpt), [A, "alice@new.example"],
        "change address: a notice to the old address, a request to the new")
    is_(len(env.confirm_requests("alice@new.example", msgs)), 1,
        "the new address gets the confirmation request and nothing else")
    contains(body_of(rcpt[A][0]) if A in rcpt else "", "A change of address",
             "the old address is told at once")
    contains(user_file(env, "alice"), "address: alice@example.org ",
             "until confirmed, the old address stays")
    contains(user_file(env, "alice"), "request: alice@new.example ",
             "and the new one waits")
    A2 = "alice@new.example"
    env.confirm(A2, msgs)
    rcpt = by_recipient(env.new_messages())
    is_(sorted(rcpt), [A, A2],
        "on confirmation, the old and the new address are told")
    contains(body_of(rcpt[A][0]) if A in rcpt else "", "in place of alice@example.org",
             "the old address hears it is replaced")
    ok("address: alice@example.org" not in user_file(env, "alice") and
       "address: alice@new.example " in user_file(env, "alice"),
       "the user file has the new address only", user_file(env, "alice"))

    # -- list ----------------------------------------------------------------------
    rc, err = env.mail(C, "list")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    is_([m.envelope_to for m in msgs], [[C]], "list goes to the sender only")
    ok(all(u in text for u in ("alice", "bob", "carol")), "list names every player", text)
    ok("example.org" not in text, "list shows no addresses")
    refused(env, C, "list everyone", "list takes no words", "list with words after it")

    # -- message ---------------------------------------------------------------
    rc, err = env.mail(B, "message bob pw2 alice carol", "Anyone for a game?\n\n-- \nBob")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), sorted([A2, B, C]), "message goes to each named "
        "player, and the sender gets a receipt (issue 30)")
    contains(body_of(msgs[B][0]) if B in msgs else "", "passed on to 2 "
             "players: alice, carol", "the sender's receipt names them")
    text = body_of(msgs[C][0]) if C in msgs else ""
    contains(text, "bob sends you a message", "the message names its sender")
    contains(text, "Anyone for a game?", "the body is relayed")
    ok("pw2" not in text and "-- " not in text, "no password, no signature")
    refused(env, B, "message bob pw2 alice", "has no message", "an empty message")
    refused(env, B, "message bob pw2 zed", "no player 'zed'", "a message to nobody",
            body="Hello")
    refused(env, B, "message bob wrong alice", "wrong password for 'bob'",
            "a message with a wrong password", body="Hello")

    # -- vacation ----------------------------------------------------------------
    refused(env, B, "vacation bob pw2 tomorrow", "is not a date", "a vacation without a date")
    refused(env, B, "vacation bob pw2 2001-01-01", "in the past", "a vacation in the past")
    refused(env, B, "vacation bob pw2 2099-01-01", "more than a year away",
            "a vacation too far ahead")
    env.mail(A2, "epaminondas challenge alice bob by alice New1")
    env.mail(B, "epaminondas accept 101 bob pw2")
    env.new_messages()
    rc, err = env.mail(B, "vacation bob pw2 2026-12-24")
    msgs = by_recipient(env.new_messages())
    contains(body_of(msgs[B][0]) if B in msgs else "",
             "on leave from Tue 1 Dec 2026 to Thu 24 Dec 2026",
             "vacation: the notice gives the days")
    contains(body_of(msgs[A2][0]) if A2 in msgs else "",
             "bob is on leave from Tue 1 Dec 2026 to Thu 24 Dec 2026",
             "the opponent is told")
    contains(user_file(env, "bob"),
             "leave: 2026-12-01T10:00:00Z 2026-12-25T00:00:00Z\n",
             "the user file keeps it")
    env.mail(A2, "epaminondas move 101 alice New1 e2-e3")
    msgs = by_recipient(env.new_messages())
    contains(body_of(msgs[A2][0]) if A2 in msgs else "",
             "bob is on leave until Thu 24 Dec 2026", "the opponent's board mail says so")
    ok(B in msgs and "on leave" not in body_of(msgs[B][0]),
       "the player's own board mail does not")
    env.mail(B, "vacation bob pw2 off")
    env.new_messages()
    ok("leave:" not in user_file(env, "bob"), "vacation off at once leaves "
       "no leave on file", user_file(env, "bob"))

    # -- set -------------------------------------------------------------------------
    refused(env, B, "set bob pw2 colour red", "not a setting", "set of an unknown key")
    refused(env, B, "set bob pw2 html maybe", "html is on or off", "set html to nonsense")
    refused(env, B, "set bob pw2 orientation up", "white, black or own",
            "set orientation to nonsense")
    refused(env, B, "set bob pw2 token old", "only token value is new", "set token old")
    env.mail(B, "set bob pw2 orientation own")
    env.new_messages()
    contains(user_file(env, "bob"), "orientation: own\n", "orientation is stored")
    env.mail(B, "epaminondas move 101 bob pw2 e11-e10")
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[B][0]) if B in msgs else ""
    contains(text, "      n  m  l  k  j  i  h  g  f  e  d  c  b  a\n   1 ",
             "orientation own: Black sees the board turned, rank 1 at the top")
    text = body_of(msgs[A2][0]) if A2 in msgs else ""
    contains(text, "  12  B  B", "White still sees rank 12 at the top")
    env.mail(B, "set bob pw2 token new")
    env.new_messages()
    contains(user_file(env, "bob"), "token-epoch: 1\n", "token new moves the epoch on")

    # -- signoff ---------------------------------------------------------------------
    refused(env, B, "signoff bob pw2", "epaminondas 101", "signoff with a game in progress")
    refused(env, B, "signoff bob wrong", "wrong password", "signoff with a wrong password")
    env.mail(B, "epaminondas resign 101 bob pw2")
    env.new_messages()
    rc, err = env.mail(B, "signoff bob pw2")
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [[B]], "signoff: a last notice")
    contains(body_of(msgs[0]) if msgs else "", "Your account is closed", "it says so")
    uf = user_file(env, "bob")
    contains(uf, "left: ", "the user file says the player left")
    contains(uf, "password: !\n", "and no password matches it any more")
    refused(env, B, "set bob pw2 html on", "'bob' has signed off", "a command after signoff")
    refused(env, "eve@example.org", "signup bob other", "never reused",
            "a new signup with the userid of a player who left")
    refused(env, A2, "epaminondas challenge alice bob", "signed off",
            "a challenge to a player who left")
    env.mail(C, "list")
    msgs = env.new_messages()
    ok(msgs and "bob" not in body_of(msgs[0]), "list leaves out players who left")
    env.mail(C, "standings all")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "bob", "standings keep their line")
finally:
    env.close()
done()
