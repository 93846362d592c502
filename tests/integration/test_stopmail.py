#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 33 item 9: List-Unsubscribe (RFC 2369, mailto) on every mail to
a player's address, and the stopmail command it leads to.

The link's subject is "stopmail ADDRESS [#TOKEN]", the token an HMAC of
the address under the spool's secret: a stranger's stopmail with a
made-up token, or with one player's token for another's address, is
refused and stops nothing.  The real link (sent from the address, or
from another one, as after a forward) stops all mail to the address:
one short confirmation (auto-replied), then nothing, not the board
mails of a game that goes on (its clocks run), not the sweep's, not the
answers to a forged mail from the address, not a second confirmation.
A mail from the address that proves its player (a password) lets the
mail go again.  The German word abbestellen is the same command."""
import os
import re
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, body_of  # noqa: E402

T0 = 1796000000
D = 86400


def link(m):
    """The subject of m's List-Unsubscribe mailto, or None."""
    v = m["List-Unsubscribe"] if m is not None else None
    mo = re.fullmatch(r"<mailto:epamserv@games\.example\?subject=([^>]*)>",
                      str(v or ""))
    return urllib.parse.unquote(mo.group(1)) if mo else None


def to(msgs):
    return sorted(m.envelope_to[0] for m in msgs)


def entry_stopped(addr):
    d = os.path.join(env.spool, "addresses")
    for name in os.listdir(d):
        with open(os.path.join(d, name)) as f:
            text = f.read()
        if "\naddress: %s\n" % addr in text:
            return "\nstopped: " in text
    return False


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "dora")
    env.start_game("alice", "bob", 101, "-time=3d")
    msgs = env.new_messages()
    ok(msgs and all(link(m) for m in msgs),
       "every mail to a player carries List-Unsubscribe, a mailto link",
       [m["List-Unsubscribe"] for m in msgs])
    a_link = [link(m) for m in msgs if m.envelope_to == ["alice@example.org"]]
    a_link = a_link[0] if a_link else ""
    b_link = [link(m) for m in msgs if m.envelope_to == ["bob@example.org"]]
    b_link = b_link[0] if b_link else ""
    ok(re.fullmatch(r"stopmail alice@example\.org \[#[a-z2-7]{16}\]", a_link),
       "its subject is the stopmail command with alice's address and a "
       "token", a_link)
    ok(b_link and b_link != a_link.replace("alice", "bob"),
       "bob's token is not alice's", (a_link, b_link))
    env.mail("carol@example.org", "help")
    msgs = env.new_messages()
    ok(len(msgs) == 1 and msgs[0]["List-Unsubscribe"] is None,
       "a mail to a stranger's address carries none")

    # A stranger cannot stop a player's mail.
    token = a_link.split("[#")[-1].rstrip("]")
    for subject, why in (
            ("stopmail alice@example.org [#aaaaaaaaaaaaaaaa]", "not valid"),
            ("stopmail bob@example.org [#%s]" % token, "not valid"),
            ("stopmail alice@example.org", "link to stop mail")):
        env.mail("mallory@example.net", subject)
        msgs = env.new_messages()
        ok(len(msgs) == 1 and msgs[0].envelope_to == ["mallory@example.net"]
           and why in body_of(msgs[0]),
           "%s: refused, to its sender alone" % subject,
           [(m.envelope_to, body_of(m)[:300]) for m in msgs])
    ok(not entry_stopped("alice@example.org") and
       not entry_stopped("bob@example.org"), "nothing is stopped")
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    env.new_messages()
    env.mail("bob@example.org", "epaminondas move 101 bob b e11-e10")
    is_(to(env.new_messages()), ["alice@example.org", "bob@example.org"],
        "alice still gets her board mail")

    # Alice's mail program sends the link, from the address it read the
    # mail at (here a forward's: the token proves it came in her mail).
    rc, err = env.mail("alice@forward.example", a_link)
    msgs = env.new_messages()
    is_(to(msgs), ["alice@example.org"],
        "stopmail: one confirmation, to the address stopped (not to the "
        "sender, who may be someone alice forwarded a mail to)")
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "No more mail from epamserv goes to alice@example.org",
             "it says the mail is stopped")
    contains(text, "their clocks run", "and that the games go on")
    ok(msgs and msgs[0]["Auto-Submitted"] == "auto-generated",
       "it is auto-generated (no reply to its sender)")
    ok(entry_stopped("alice@example.org"), "the address's entry says stopped")
    contains(err, "mail to alice@example.org stopped", "it is logged")
    ok(token not in err, "the log line holds no token")

    env.mail("bob@example.org", "epaminondas chat 101 bob b", "Your move!")
    is_(to(env.new_messages()), ["bob@example.org"],
        "bob's chat reaches bob's copy alone, none goes to alice")
    contains(env.game_file(101) or "", "result: active",
             "the game goes on, her clock running")
    env.mail("alice@example.org", "help")
    is_(to(env.new_messages()), [],
        "a mail from her address proving nobody (anyone can forge it) "
        "gets no answer, and the mail stays stopped")
    ok(entry_stopped("alice@example.org"), "still stopped")
    env.mail("alice@example.org", a_link)
    is_(to(env.new_messages()), [], "a second stopmail: no answer at all")
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 2 * D)})
    is_(to(env.new_messages()), [], "the sweep's reminder is not sent")
    contains(err, "no mail to alice@example.org", "its drop is logged")

    # Her own command, with her password, from her address.
    env.mail("alice@example.org", "epaminondas move 101 alice a f2-f3")
    ok(not entry_stopped("alice@example.org"),
       "a mail from the address that proves alice lets mail go again")
    is_(to(env.new_messages()), ["alice@example.org", "bob@example.org"],
        "and her board mail reaches her")

    # "set ... token new" voids every stop link sent before (a board mail
    # forwarded or read over a shoulder): the old one stops nothing.
    env.mail("alice@example.org", "set alice a token new")
    env.new_messages()
    env.mail("mallory@example.net", a_link)
    msgs = env.new_messages()
    ok(len(msgs) == 1 and msgs[0].envelope_to == ["mallory@example.net"]
       and "not valid" in body_of(msgs[0]),
       "after token new, the old link is refused, to its sender alone",
       [(m.envelope_to, body_of(m)[:300]) for m in msgs])
    ok(not entry_stopped("alice@example.org"), "and alice's mail goes on")

    # The German word.
    msgs = []
    env.mail("dora@example.org", "help")
    msgs = env.new_messages()
    d_link = link(msgs[0]) if msgs else ""
    env.mail("dora@example.org", d_link.replace("stopmail", "abbestellen"))
    is_(to(env.new_messages()), ["dora@example.org"],
        "abbestellen is stopmail: one confirmation")
    ok(entry_stopped("dora@example.org"), "dora's mail is stopped")

    # The address index rebuilt (its marker gone: an operator who took
    # addresses/ for a cache) keeps the owner's stop.
    os.unlink(os.path.join(env.spool, "addresses", ".complete"))
    env.mail("bob@example.org", "help")
    env.new_messages()
    ok(os.path.exists(os.path.join(env.spool, "addresses", ".complete")),
       "the address index was rebuilt")
    ok(entry_stopped("dora@example.org"), "and dora's mail is still stopped")

    # The operator sets dora's address again (she forgot her password):
    # the stop is lifted.
    rc, out, err = env.run("admin", "user", "address", "dora",
                           "dora@example.org", "--reason", "by phone",
                           quiet=True)
    is_(rc, 0, "admin user address sets dora's address again")
    ok(not entry_stopped("dora@example.org"),
       "and lifts the stop of all mail to it")
    env.mail("dora@example.org", d_link)
    env.new_messages()
    ok(entry_stopped("dora@example.org"), "dora stops it once more")

    # Going back to the previous release would lose the stop (it sends
    # mail to every address): admin downgrade counts it as content.
    rc, out, err = env.run("admin", "downgrade", quiet=True)
    is_(rc, 65, "admin downgrade refuses while a stop would be lost")
    ok(re.search(r"^addresses/: 1 ", err, re.M),
       "and names the stopped address's count", err)
finally:
    env.close()
done()
