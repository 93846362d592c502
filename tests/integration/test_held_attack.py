#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Attacks on mails set aside for a damaged file (issue 12, held/).

1. A stranger's mail that needs a damaged board (any forged From can
   send "show 101") is answered and done: receive exits 0, so the MTA
   never keeps it and later bounces it to the forged sender, and it
   leaves no record in held/ (strangers cannot fill it).
2. A player's mail set aside is retried on every run; those retries do
   not spend the player's rate limit, so one damaged board does not make
   the player's mail on his other boards wait.  Unproved mails (a forged
   From of a player's confirmed address) are counted on every retry and
   dropped over the limit, so forgeries cannot pile up in held/."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, to

T0 = 1796000000
HOUR = 3600

env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "carol")
    env.start_game("alice", "bob", 101)
    env.start_game("carol", "bob", 102)
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    env.mail("carol@example.org", "epaminondas move 102 carol c e2-e3")
    env.new_messages()

    path101 = os.path.join(env.spool, "games", "epaminondas", "101.game")
    good101 = env.game_file(101)
    with open(path101, "w") as f:
        f.write(good101.replace("move: 1 e2-e3", "move: 1 e2-q9"))
    heldd = os.path.join(env.spool, "held")

    # 1. A stranger with a forged From.
    zero = {"EPAMSERV_REPAIR_NOTICE_HOURS": "0"}
    rc, err = env.receive(make_mail("victim@elsewhere.example",
                                    "epaminondas show 101"), env=zero)
    is_(rc, 0, "a stranger's mail for a damaged board is done (receive "
        "exits 0: the MTA never bounces it to a forged sender)")
    is_(os.listdir(heldd) if os.path.isdir(heldd) else [], [],
        "and it leaves no record in held/")
    got = to(env.new_messages(), "victim@elsewhere.example")
    ok(all("under repair" not in str(m["Subject"]) for m in got),
       "the forged sender gets no 'under repair' notice",
       [str(m["Subject"]) for m in got])
    ok(all(len(m.as_bytes()) < 8192 for m in got),
       "at most a small reply (within the strangers' budget)")
    rc, err = env.receive(make_mail("alice@example.org", "epaminondas show 101"))
    is_(rc, 75, "a player's mail for the damaged board still waits")

    # 2. Retries of a set-aside mail and the player's rate limit.
    lim = {"EPAMSERV_RATE_LIMIT": "3"}
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    p = os.path.join(md, "new", "%d.M1.test" % T0)
    with open(p, "wb") as f:
        f.write(make_mail("bob@example.org",
                          "epaminondas move 101 bob b e11-e10"))
    # Forgeries with alice's confirmed address in From and no password:
    # counted on every retry, so they cannot pile up in held/.
    for k in range(5):
        with open(os.path.join(md, "new", "%d.M%d.forged" % (T0, k + 2)),
                  "wb") as f:
            f.write(make_mail("alice@example.org", "epaminondas show 101"))
    for i in range(5):
        t = T0 + 2 * HOUR + i * 60
        rc, out, err = env.run("batch", "--maildir", md,
                               env=dict(lim, EPAMSERV_NOW=str(t)))
        is_(rc, 75, "run %d: bob's move on the damaged board waits" % (i + 1))
    is_(sorted(os.listdir(os.path.join(md, "new"))), ["%d.M1.test" % T0],
        "the forged unproved mails were dropped over the sender's limit; "
        "bob's move waits")
    is_(len(os.listdir(heldd)), 2, "held/ keeps bob's mail and alice's "
        "from receive, not the forgeries")
    rc, err = env.receive(make_mail("bob@example.org",
                                    "epaminondas move 102 bob b e11-e10"),
                          env=dict(lim, EPAMSERV_NOW=str(T0 + 2 * HOUR + 400)))
    is_(rc, 0, "bob's move on his other board is not deferred by the "
        "retries of the mail set aside")
    contains(env.game_file(102) or "", "move: 2 e11-e10",
             "and it is played")

    # Repaired: the set-aside move is played once.
    with open(path101, "w") as f:
        f.write(good101)
    rc, out, err = env.run("batch", "--maildir", md,
                           env=dict(lim, EPAMSERV_NOW=str(T0 + 2 * HOUR + 500)))
    is_(rc, 0, "after the repair the batch finishes")
    is_((env.game_file(101) or "").count("e11-e10"), 1,
        "the set-aside move is played once")

    # 3. A damaged user file: its player's proved mail from the confirmed
    # address still waits (the address index knows it is carol's); a
    # stranger's mail naming the account is answered and done.
    ucarol = os.path.join(env.spool, "users", "carol")
    with open(ucarol) as f:
        goodcarol = f.read()
    with open(ucarol, "w") as f:
        f.write(goodcarol.replace("\n", "\nbogus line\n", 1))
    t3 = {"EPAMSERV_NOW": str(T0 + 3 * HOUR)}
    nheld = len(os.listdir(heldd))
    rc, err = env.receive(make_mail("carol@example.org",
                                    "epaminondas move 102 carol c e3-e4"),
                          env=t3)
    is_(rc, 75, "carol's move while her user file is damaged waits")
    ok(len(os.listdir(heldd)) == nheld + 1, "and is set aside in held/", err)
    rc, err = env.receive(make_mail("mallory@evil.example",
                                    "epaminondas move 102 carol x e3-e4"),
                          env=t3)
    is_(rc, 0, "a stranger's mail naming the damaged account is done")
    is_(len(os.listdir(heldd)), nheld + 1, "and leaves no record in held/")
    with open(ucarol, "w") as f:
        f.write(goodcarol)
    rc, err = env.receive(make_mail("carol@example.org",
                                    "epaminondas move 102 carol c e3-e4"),
                          env=t3)
    is_(rc, 0, "once repaired carol's move is played")
    contains(env.game_file(102) or "", "move: 3 e3-e4", "on board 102")
finally:
    env.close()
done()
