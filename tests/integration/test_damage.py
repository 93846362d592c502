#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Damage is contained (issue 12): a mail whose board or user file does
not load is set aside like one for a busy board.  In a batch of 20 mails
one for a damaged board lets the other 19 through; the mail stays in
new/ and is retried on every run; the log names the file and the line;
after repair_notice_hours its sender gets one reply saying the board is
under repair (and no second one); receive exits 75 for such a mail (a
stranger's is answered and done instead); once
the file is whole again the mail is carried out and its record goes."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, to, body_of

T0 = 1796000000
HOUR = 3600

env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101)
    env.start_game("carol", "dave", 102)
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    env.new_messages()

    good101 = env.game_file(101)
    path101 = os.path.join(env.spool, "games", "epaminondas", "101.game")
    damaged = good101.replace("move: 1 e2-e3", "move: 1 e2-q9")
    ok(damaged != good101, "the test damages board 101's move line")
    with open(path101, "w") as f:
        f.write(damaged)
    bad_line = damaged.split("\n").index(
        [l for l in damaged.split("\n") if l.startswith("move: 1")][0]) + 1

    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))

    def put(i, mail):
        p = os.path.join(md, "new", "%d.M%d.test" % (T0 + i, i))
        with open(p, "wb") as f:
            f.write(mail)
        os.utime(p, (T0 + i, T0 + i))

    # The first mail needs the damaged board; 19 others do not.
    held = make_mail("bob@example.org", "epaminondas move 101 bob b e11-e10")
    put(0, held)
    moves = [("carol", "c", "e2-e3"), ("dave", "d", "e11-e10"),
             ("carol", "c", "e3-e4"), ("dave", "d", "e10-e9")]
    i = 1
    for who, pw, mv in moves:
        put(i, make_mail("%s@example.org" % who,
                         "epaminondas move 102 %s %s %s" % (who, pw, mv)))
        i += 1
    while i < 20:
        put(i, make_mail("carol@example.org", "epaminondas show 102"))
        i += 1

    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 75, "batch exits 75: one mail is left for a later run")
    is_(len(os.listdir(os.path.join(md, "cur"))), 19,
        "the other 19 mails of the batch went through")
    is_(len(os.listdir(os.path.join(md, "new"))), 1,
        "the mail for the damaged board stays in new/")
    is_((env.game_file(102) or "").count("move: "), 4,
        "every move on the whole board was played")
    contains(err, "games/epaminondas/101.game", "the log names the damaged file")
    contains(err, "101.game:%d" % bad_line, "and the line that does not load")
    contains(err, "set aside", "the log says the mail is set aside")
    msgs = env.new_messages()
    is_(len(to(msgs, "bob@example.org")), 0,
        "the sender is not told at once")
    heldd = os.path.join(env.spool, "held")
    is_(len(os.listdir(heldd)), 1, "the set-aside mail has a record")
    rc, out, err = env.run("status")
    is_(rc, 1, "epamserv status exits 1 while a file is damaged")
    contains(out, "damaged: games/epaminondas/101.game: 1 mail waiting",
             "epamserv status names the damaged file and the mail waiting")
    rc, out, err = env.run("status", "--json")
    try:
        st = json.loads(out)
    except ValueError:
        st = {}
    is_([d.get("file") for d in st.get("damaged", [])],
        ["games/epaminondas/101.game"], "epamserv status --json too")
    rc, out, err = env.run("admin", "check")
    contains(out, "a mail waits since", "admin check lists the mail set aside")

    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_NOW": str(T0 + 2 * HOUR)})
    is_(rc, 75, "a later run retries it and leaves it again")
    is_(len(to(env.new_messages(), "bob@example.org")), 0,
        "before repair_notice_hours nobody is told")

    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_NOW": str(T0 + 5 * HOUR)})
    is_(rc, 75, "after repair_notice_hours the mail still waits")
    got = to(env.new_messages(), "bob@example.org")
    is_(len(got), 1, "and its sender gets one reply")
    contains(str(got[0]["Subject"]) if got else "", "board 101 is under repair",
             "the reply says the board is under repair")
    contains(body_of(got[0]) if got else "", "no need to send it again",
             "and that the mail is kept")
    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_NOW": str(T0 + 9 * HOUR)})
    is_(len(to(env.new_messages(), "bob@example.org")), 0,
        "a later run sends no second reply")

    # A stranger cannot make the server stop by asking for the board.
    rc, err = env.receive(make_mail("mallory@evil.example", "epaminondas show 101"))
    is_(rc, 0, "a stranger's mail for the damaged board is answered and "
        "done, not kept (test_held_attack.py)")
    rc, err = env.receive(make_mail("carol@example.org", "epaminondas show 102"))
    is_(rc, 0, "other mail is processed as ever")

    # The setting: repair_notice_hours = 0 tells at once.
    rc, err = env.receive(make_mail("alice@example.org",
                                    "epaminondas show 101"),
                          env={"EPAMSERV_REPAIR_NOTICE_HOURS": "0"})
    is_(rc, 75, "with repair_notice_hours = 0 the mail waits too")
    got = to(env.new_messages() + env.outbox_messages(), "alice@example.org")
    ok(any("under repair" in str(m["Subject"]) for m in got),
       "with repair_notice_hours = 0 the sender is told at once",
       [str(m["Subject"]) for m in got])

    # Repaired: the mail is carried out and its record goes.
    with open(path101, "w") as f:
        f.write(good101)
    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_NOW": str(T0 + 10 * HOUR)})
    is_(rc, 0, "once the file is whole the batch finishes")
    is_(os.listdir(os.path.join(md, "new")), [], "the waiting mail was processed")
    contains(env.game_file(101) or "", "move: 2 e11-e10",
             "its move was played")
    # Alice's "show 101" waits in the MTA's queue; the record of bob's
    # mail is gone.
    is_(len(os.listdir(heldd)), 1, "the record of the mail carried out is gone")
finally:
    env.close()
done()
