#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Strict vacation dates and reserved userids (issue 11, items 8 and 10):
a vacation day is exactly YYYY-MM-DD, a real calendar date, today or
later and at most a year ahead (the same date next year, leap years
counted); the user file's vacation line is read as strictly; signup
refuses the userids of roles, of the server and of robots, while the
administrator may create them."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, refused, make_mail
from harness import body_of as raw_body_of


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def user_file(env, userid):
    with open(os.path.join(env.spool, "users", userid)) as f:
        return f.read()


B = "bob@example.org"
env = Env()
try:
    env.env["EPAMSERV_NOW"] = "2026-11-30T06:00:00Z"
    env.signup(B, "bob", "pw2")
    env.new_messages()

    # -- vacation dates ---------------------------------------------------
    for word in ("2026-02-30", "2026-13-01", "2027-02-29", "2026-12-00",
                 "2026-1-5", "2026-12-1", "+2026-12-1", "2026-12-+1",
                 "\u00a02026-12-24", "2026-12-24T00:00:00Z",
                 "2026/12/24", "20261224"):
        refused(env, B, "vacation bob pw2 %s" % word, "is not a date",
                "vacation %r" % word)
    contains(user_file(env, "bob"), "userid: bob\n", "bob's file is intact")
    ok("vacation:" not in user_file(env, "bob"), "no refused date was stored")
    refused(env, B, "vacation bob pw2 2026-11-29", "in the past",
            "yesterday (UTC)")
    refused(env, B, "vacation bob pw2 2027-12-01", "more than a year away",
            "a year and a day ahead")
    rc, err = env.mail(B, "vacation bob pw2 2026-11-30")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "on leave from Mon 30 Nov 2026 "
             "to Mon 30 Nov 2026", "vacation until today is taken")
    rc, err = env.mail(B, "vacation bob pw2 2027-11-30 2027-11-30")
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "on leave from Tue 30 Nov 2027 "
             "to Tue 30 Nov 2027", "a leave on the same date next year is taken")
    # A year ahead across a 29 February: 2027-03-01 to 2028-03-01.
    rc, err = env.receive(make_mail(B, "vacation bob pw2 2028-03-01 2028-03-01"),
                          env={"EPAMSERV_NOW": "2027-03-01T23:00:00Z"})
    msgs = env.new_messages()
    contains(body_of(msgs[0]) if msgs else "", "to Wed 1 Mar 2028",
             "the same date next year is a year ahead, though 366 days away")
    contains(user_file(env, "bob"),
             "leave: 2028-03-01T00:00:00Z 2028-03-02T00:00:00Z\n",
             "and is stored")

    # -- the user file's vacation line (before issue 15) -------------------
    path = os.path.join(env.spool, "users", "bob")
    good = user_file(env, "bob").replace("created:",
                                         "vacation: 2028-03-01\ncreated:")
    with open(path, "w") as f:
        f.write(good)
    for bad in ("2026-02-30", "2026-1-05 ", " 2026-12-5", "+026-12-05",
                "2026-12-0\u0085"):
        with open(path, "w") as f:
            f.write(good.replace("vacation: 2028-03-01", "vacation: " + bad))
        rc, out, err = env.run("admin", "check")
        ok(rc == 1 and "users/bob:" in out and "malformed" in out,
           "a user file with vacation %r does not load" % bad, out + err)
    with open(path, "w") as f:
        f.write(good.replace("vacation: 2028-03-01", "vacation: 2020-02-29"))
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "a past vacation day (2020-02-29) in the file is fine")
    with open(path, "w") as f:
        f.write(good)

    # -- reserved userids ---------------------------------------------------
    for uid in ("admin", "Administrator", "postmaster", "root", "abuse",
                "mailer-daemon", "MAILER_DAEMON", "epamserv", "hostmaster",
                "webmaster", "nobody", "daemon", "noreply", "robot",
                "robot7", "Robot-Easy", "admin2", "epamserv-bot", "by", "all"):
        before = os.listdir(os.path.join(env.spool, "users"))
        refused(env, "x@example.org", "signup %s pw" % uid, "is reserved",
                "signup %s" % uid)
        is_(os.listdir(os.path.join(env.spool, "users")), before,
            "signup %s made no user file" % uid)
    rc, err = env.mail("rob@example.org", "signup robin pw")
    ok(os.path.exists(os.path.join(env.spool, "users", "robin")),
       "a name that only starts like one (robin) is free")
    rc, out, err = env.run("admin", "user", "add", "robot1", "pw",
                           "robots@games.example", "--reason",
                           "the house robot")
    is_(rc, 0, "admin user add may create a reserved name")
    ok(os.path.exists(os.path.join(env.spool, "users", "robot1")),
       "the robot's account exists")
finally:
    env.close()
done()
