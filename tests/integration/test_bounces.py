#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Bounces an operator can act on (issue 13, item 5): one record per
address with the count, the first and last date, the player's userid,
the server's reply and its codes; an address with 3 bounces or more on
2 days is flagged by status (not a burst of one day); admin bounces clear ADDRESS; admin user list; admin
user address USERID NEW-ADDRESS.  Against tests/smtpd.py refusing bob
with 550."""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done, body_of, make_mail

BOB = "bob@example.org"


def refused_to(env, addr):
    d = os.path.join(env.spool, "failed")
    n = 0
    for name in os.listdir(d):
        if not name.endswith(".eml"):
            continue  # NAME.eml.retry: the failed mail's record
        with open(os.path.join(d, name), "rb") as f:
            if ("<%s>" % addr).encode() in f.read(300):
                n += 1
    return n


env = Env(smtp=False)
relay = None
try:
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    os.makedirs(os.path.join(env.root, "relay"))
    relay = Server(os.path.join(env.root, "relay"), [BOB + "=550"])
    url = {"EPAMSERV_SMTP_URL": relay.url}
    rc, out, err = env.run("flush", env=url)
    # Each refused mail counts; more help requests make it 3 at least.
    for i in range(3):
        rc, err = env.mail(BOB, "help")
        is_(rc, 0, "bob asks for help (%d)" % (i + 1))
        env.run("flush", env=url)
    n = refused_to(env, BOB)
    ok(n >= 3, "the relay refused %d mails to bob" % n)
    # All on one day: a burst (a full mailbox, a relay refusing for an
    # hour) flags nobody and tells nobody; bounces count one a day.
    rc, out, err = env.run("status", "--json")
    is_(json.loads(out).get("bouncing"), [],
        "%d bounces in one day: status flags nobody yet" % n)
    is_(len([m for m in relay.messages() if "not arriving" in
             str(m["Subject"])]), 0, "and nobody is told")
    # The next day, one more: now bob keeps bouncing.
    tomorrow = {"EPAMSERV_NOW": str(int(time.time()) + 86400)}
    tomorrow.update(url)
    rc, err = env.receive(make_mail(BOB, "help"), env=tomorrow)
    is_(rc, 0, "bob asks for help the next day")
    env.run("flush", env=tomorrow)
    n = refused_to(env, BOB)

    names = [f for f in os.listdir(os.path.join(env.spool, "bounces"))
             if not f.startswith(".")]
    is_(len(names), 1, "one record, for bob's address")
    path = os.path.join(env.spool, "bounces", (names + ["none"])[0])
    with open(path) as f:
        rec = f.read()
    contains(rec, "count: %d\n" % n, "the record counts every bounce")
    contains(rec, "days: 2\n", "on two days")
    contains(rec, "code: 550\n", "it keeps the reply code")
    contains(rec, "reason: ", "and the reason")
    contains(rec, "\ntold: 20", "the record says the opponent was told")

    def notices():
        return [m for m in relay.messages() if "alice@example.org" in
                m.envelope_to and "not arriving" in str(m["Subject"])]
    got = notices()
    is_(len(got), 1, "alice, bob's opponent on 101, is told once")
    if got:
        is_(str(got[0]["Subject"]), "epamserv: board mails to bob are not "
            "arriving", "the notice's subject")
        body = body_of(got[0])
        contains(body, "epaminondas 101", "it names the board")
        ok(BOB not in body and "Refused" not in body,
           "and neither bob's address nor the server's reply", body)
    rc, err = env.mail(BOB, "help")
    env.run("flush", env=url)
    env.run("sweep", env=url)
    is_(len(notices()), 1, "more bounces and a sweep tell her no second time")
    n = refused_to(env, BOB)

    rc, out, err = env.run("bounces")
    contains(out, BOB, "epamserv bounces names the address")
    contains(out, "count=%d " % n, "with the count")
    contains(out, "userid=bob ", "the player's userid")
    contains(out, "code=550 ", "and the reply code")
    ok("first=20" in out, "and the date of the first", out)

    rc, out, err = env.run("status", "--json")
    st = json.loads(out)
    b = st.get("bouncing") or [{}]
    is_(len(st.get("bouncing", [])), 1, "status --json flags one address")
    is_(b[0].get("address"), BOB, "bob's")
    is_(b[0].get("userid"), "bob", "with his userid")
    is_(b[0].get("count"), n, "and the count")
    is_(b[0].get("code"), 550, "and the code")
    ok(b[0].get("first") and b[0].get("last") and
       b[0]["first"] <= b[0]["last"], "first and last dates", b[0])
    rc, out, err = env.run("status")
    contains(out, "bouncing: %s (player bob): %d bounces since " % (BOB, n),
             "status says bob keeps bouncing")

    # A record of the older one-line form still reads.
    old = "old@example.org"
    with open(os.path.join(env.spool, "bounces", "0" * 32), "w") as f:
        f.write("2026-11-30T05:48:00Z %s x.eml: RCPT failed: 550 5.1.1 "
                "gone\n" % old)
    rc, out, err = env.run("admin", "bounces")
    contains(out, "2026-11-30T05:48:00Z %s x.eml: RCPT failed: 550 5.1.1 gone"
             " [count=1 first=2026-11-30T05:48:00Z userid=- code=550 "
             "dsn=5.1.1]" % old, "a version 1 record reads as one bounce")

    rc, out, err = env.run("admin", "user", "list")
    is_(rc, 0, "admin user list exits 0")
    contains(out, "alice alice@example.org active\n", "it lists alice")
    contains(out, "bob %s active bounces=%d (keeps bouncing)\n" % (BOB, n),
             "and bob, flagged")

    rc, out, err = env.run("admin", "bounces", "clear", BOB)
    is_(rc, 0, "admin bounces clear exits 0")
    ok(not os.path.exists(path), "the record is gone")
    with open(os.path.join(env.spool, "admin.log")) as f:
        contains(f.read(), "bounces of %s cleared" % BOB, "admin.log says so")
    rc, out, err = env.run("admin", "bounces", "clear", BOB)
    is_(rc, 1, "clearing it again: exit 1")
    contains(err, "has no bounce record", "with a clear error")
    rc, out, err = env.run("status", "--json")
    is_(json.loads(out).get("bouncing"), [], "status flags nobody now")

    rc, out, err = env.run("admin", "user", "address", "bob", "bob2@example.org")
    is_(rc, 64, "admin user address without --reason: usage error")
    rc, out, err = env.run("admin", "user", "address", "bob", "not an address",
                           "--reason", "x")
    is_(rc, 64, "a bad address: usage error")
    rc, out, err = env.run("admin", "user", "address", "nobody",
                           "n@example.org", "--reason", "x")
    is_(rc, 1, "an unknown user: exit 1")
    rc, out, err = env.run("admin", "user", "address", "bob",
                           "bob2@example.org", "--reason", "his mailbox moved")
    is_(rc, 0, "admin user address exits 0", )
    rc, out, err = env.run("admin", "user", "show", "bob")
    contains(out, "address: bob2@example.org (confirmed)", "bob's new address")
    ok(BOB not in out, "replaces the old one", out)
    rc, err = env.mail("bob2@example.org", "help")
    msgs = env.outbox_messages()
    ok(any("bob2@example.org" in m.envelope_to for m in msgs),
       "mail from the new address is answered there")
    with open(os.path.join(env.spool, "admin.log")) as f:
        contains(f.read(), "address of bob set to bob2@example.org (was %s)"
                 % BOB, "admin.log says so")
finally:
    if relay:
        relay.stop()
    env.close()
done()
