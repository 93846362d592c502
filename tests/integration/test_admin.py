#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cron and administration: the sweep reminds once after 7 days and
forfeits after 21 with the standings updated; admin list, show, check,
user and outbox commands, each change logged with who and why."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, body_of

T0 = 1796000000
DAY = 86400

env = Env()
# Elo's exact numbers (the default is glicko2 since issue 34 item 3).
env.env["EPAMSERV_RATING_SYSTEM"] = "elo"
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 101 bob b")
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    # Both have moved: a game that ends now is rated.
    env.mail("bob@example.org", "epaminondas move 101 bob b e11-e10")
    env.mail("alice@example.org", "epaminondas move 101 alice a e3-e4")
    env.new_messages()

    def sweep(days):
        return env.run("sweep", env={"EPAMSERV_NOW": str(T0 + days * DAY)})

    rc, out, err = sweep(6)
    is_(rc, 0, "sweep exits 0")
    is_(len(env.new_messages()), 0, "no reminder before 7 days")
    rc, out, err = sweep(8)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["bob@example.org"]],
        "after 8 days one reminder goes to the player to move")
    contains(body_of(msgs[0]) if msgs else "", "Reminder: bob",
             "the reminder says whose move it is")
    contains(body_of(msgs[0]) if msgs else "", "  12  B  B  B",
             "the reminder shows the board")
    rc, out, err = sweep(9)
    is_(len(env.new_messages()), 0, "a second sweep sends no second reminder")

    # Bob goes on vacation until day 30: no forfeit meanwhile, and his
    # clock starts again when he is back.
    import time as _t
    until = _t.strftime("%Y-%m-%d", _t.gmtime(T0 + 30 * DAY))
    env.run("receive", stdin=("From: bob@example.org\r\nSubject: vacation bob b %s\r\n"
                              "Message-ID: <vac1@x>\r\n\r\n" % until).encode(),
            env={"EPAMSERV_NOW": str(T0 + 9 * DAY)})
    env.new_messages()
    rc, out, err = sweep(22)
    is_(len(env.new_messages()), 0, "no forfeit while the player is on vacation")
    contains(err, "vacation=1", "the sweep says why")
    rc, out, err = sweep(40)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["bob@example.org"]],
        "back from vacation, the idle days count from its end: a reminder, no forfeit")
    rc, out, err = sweep(53)
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@example.org"],
        "after 22 days the forfeit goes to both players")
    text = body_of(msgs["alice@example.org"][0]) if "alice@example.org" in msgs else ""
    contains(text, "loses on time", "the forfeit mail says why the game ended")
    contains(env.game_file(101) or "", "end: forfeit bob",
             "the game file records the forfeit")
    rc, out, err = sweep(23)
    is_(len(env.new_messages()), 0, "a finished game is left alone")
    env.run("receive", stdin=b"From: carol@example.org\r\nSubject: standings all\r\n"
            b"Message-ID: <st1@x>\r\n\r\n")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    ok("alice" in text and "1616" in text, "the standings count the forfeit",
       text)

    # admin list / show / check
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    rc, out, err = env.run("admin", "list")
    is_(rc, 0, "admin list exits 0")
    lines = out.splitlines()
    ok(len(lines) == 3 and "challenged" in lines[1] and "finished" in lines[2],
       "admin list shows every board, open ones first", out)
    rc, out, err = env.run("admin", "show", "101")
    contains(out, "==> ", "admin show prints the file")
    contains(out, "  12  B  B  B", "admin show draws the board")
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "admin check exits 0 when all is well")
    contains(out, "all is well", "admin check says so")
    path = os.path.join(env.spool, "games", "epaminondas", "101.game")
    with open(path) as f:
        good = f.read()
    with open(path, "w") as f:
        f.write(good.replace("move: 1 e2-e3", "move: 1 e2-e5"))
    rc, out, err = env.run("admin", "check")
    is_(rc, 1, "admin check exits 1 when a file does not replay")
    contains(out, "101.game:", "the problem names the file and its line")
    with open(path, "w") as f:
        f.write(good)

    # admin user
    rc, out, err = env.run("admin", "user", "add", "carol", "pw", "carol@example.org")
    is_(rc, 64, "a change without --reason is refused")
    rc, out, err = env.run("admin", "user", "add", "carol", "pw",
                           "carol@example.org", "--reason", "signed up by phone",
                           env={"SUDO_USER": "root-admin"})
    is_(rc, 0, "admin user add works")
    rc, out, err = env.run("admin", "user", "show", "carol")
    contains(out, "address: carol@example.org", "admin user show shows the user")
    ok("pw\n" not in out, "admin user show never shows the password")
    rc, out, err = env.run("admin", "user", "passwd", "carol", "new",
                           "--reason", "forgotten")
    is_(rc, 0, "admin user passwd works")
    env.mail("carol@example.org", "epaminondas challenge carol alice")
    rc, err = env.mail("carol@example.org", "epaminondas decline 103 carol new")
    ok("wrong password" not in body_of(env.new_messages()[-1]),
       "the new password is the one that works")
    rc, out, err = env.run("admin", "user", "del", "carol", "--reason", "asked to leave")
    is_(rc, 0, "admin user del works")
    with open(os.path.join(env.spool, "users", "carol")) as f:
        ok("left: " in f.read(), "the user file is kept, marked left "
           "(test_admin_user_del.py has the rest)")
    with open(os.path.join(env.spool, "admin.log")) as f:
        log = f.read()
    contains(log, "root-admin: user carol added (carol@example.org) "
             "(reason: signed up by phone)", "the admin log says who and why")
    is_(log.count("\n"), 3, "every admin change is in the admin log")

    # admin result and challenge expiry
    env.env["EPAMSERV_NOW"] = str(T0 + 60 * DAY)
    env.mail("bob@example.org", "epaminondas accept 102 bob b")
    env.new_messages()
    rc, out, err = env.run("admin", "result", "102", "black")
    is_(rc, 64, "a forced result needs a reason")
    rc, out, err = env.run("admin", "result", "102", "black", "--reason",
                           "alice abandoned the game")
    is_(rc, 0, "admin result ends a game in progress")
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@example.org"],
        "both players are told of the forced result")
    contains(body_of(msgs["bob@example.org"][0]) if "bob@example.org" in msgs else "",
             "alice abandoned the game", "the mail gives the administrator's reason")
    contains(env.game_file(102) or "", "end: award bob", "the game file records it")
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "a forced result replays")
    with open(os.path.join(env.spool, "admin.log")) as f:
        contains(f.read(), "board 102: result forced", "the forced result is logged")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.new_messages()
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 75 * DAY)})
    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), ["alice@example.org", "bob@example.org"],
        "an unanswered challenge expires after 14 days, both are told")
    contains(env.game_file(104) or "", "end: expire bob",
             "the expiry is recorded in the game file")

    # A finished board is archived after 14 days; show still finds it.
    rc, out, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 90 * DAY)})
    arch = os.path.join(env.spool, "games", "epaminondas", "archive")
    ok(os.path.exists(os.path.join(arch, "102.game")) and
       env.game_file(102) is None, "a board finished for 14 days is archived")
    contains(err, "archived", "the sweep logs the archiving")
    env.mail("dave@example.org", "epaminondas show 102")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "Board 102",
             "show still finds an archived board")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.new_messages()
    ok(env.game_file(105) is not None, "an archived board's number is not reused")
    with open(os.path.join(arch, "102.game")) as f:
        good = f.read()
    with open(os.path.join(arch, "102.game"), "w") as f:
        f.write(good.replace("end: award bob", "end: award carol"))
    rc, out, err = env.run("admin", "check")
    ok(rc == 1 and "archive/102.game:" in out,
       "admin check replays archived boards too", out)
    with open(os.path.join(arch, "102.game"), "w") as f:
        f.write(good)

    # admin outbox
    env.env["EPAMSERV_SMTP_URL"] = ""
    env.mail("dave@example.org", "help")
    rc, out, err = env.run("admin", "outbox", "list")
    names = [l.split("/", 1)[1] for l in out.splitlines() if l.startswith("outbox/")]
    is_(len(names), 1, "admin outbox list names the waiting mail")
    rc, out, err = env.run("admin", "outbox", "drop", names[0] if names else "x.eml",
                           "--reason", "spam")
    is_(rc, 0, "admin outbox drop works")
    is_([n for n in os.listdir(os.path.join(env.spool, "outbox"))], [],
        "the dropped mail is gone")
    rc, out, err = env.run("admin", "outbox", "drop", "../users/alice.eml",
                           "--reason", "x")
    is_(rc, 64, "a path is not a mail name")
finally:
    env.close()
done()
