#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The command-line tools: perft's reference values, moves, config,
and a game file that does not replay is refused with its line."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done

env = Env(smtp=False)
try:
    rc, out, err = env.run("perft", "3")
    is_(rc, 0, "perft 3 exits 0")
    is_(out.split("\n")[:3], ["perft(1) = 114", "perft(2) = 12996",
                              "perft(3) = 1787292"],
        "perft 3 prints the reference values of RULES.md section 7")
    rc, out, err = env.run("perft", "2",
                           "8x8 BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w")
    is_(out.split("\n")[:2], ["perft(1) = 60", "perft(2) = 3600"],
        "perft from a given 8x8 position")
    rc, out, err = env.run("moves", "8x8 8/8/8/8/8/8/WW6/BW6 b")
    contains(out, "status: black wins", "moves reports the crossing win first")
    rc, out, err = env.run("perft", "x")
    is_(rc, 64, "a bad perft depth is a usage error")

    rc, out, err = env.run("config")
    contains(out, "spool = " + env.spool, "config shows the spool from the environment")
    rc, out, err = env.run("--spool", "/tmp/elsewhere", "config")
    contains(out, "spool = /tmp/elsewhere", "an option beats the environment")
    good = os.path.join(env.root, "good.conf")
    with open(good, "w") as f:
        f.write("; a comment\nspool = /tmp/from-file\nretry_days = 9\n"
                "smtp_url = smtp://user:secret@127.0.0.1:25\n")
    rc, out, err = env.run("--config", good, "config",
                           env={"EPAMSERV_SPOOL": "/tmp/from-env"})
    contains(out, "spool = /tmp/from-env", "a variable beats the config file")
    contains(out, "retry_days = 9", "the file beats the default")
    ok("secret" not in out and "smtp_url = smtp://***@127.0.0.1:25" in out,
       "config masks the password in smtp_url", out)
    rc, out, err = env.run("config", env={"EPAMSERV_CONF": good,
                                          "EPAMSERV_SPOOL": "/tmp/from-env"})
    contains(out, "# config file: " + good, "EPAMSERV_CONF names the file")
    bad_value = os.path.join(env.root, "badvalue.conf")
    with open(bad_value, "w") as f:
        f.write("lock_timeout = soon\n")
    rc, out, err = env.run("--config", bad_value, "config")
    ok(rc == 78 and "badvalue.conf:1: bad value 'soon' for lock_timeout" in err,
       "a bad value is an error with file and line", err)
    conf = os.path.join(env.root, "bad.conf")
    with open(conf, "w") as f:
        f.write("# comment\nfrom = x@y.example\ncolour = blue\n")
    rc, out, err = env.run("--config", conf, "config")
    is_(rc, 78, "an unknown key in the config file is a config error")
    contains(err, "bad.conf:3: unknown key 'colour'", "the error names file and line")
    # Lines inih would read otherwise than written (found by fuzz_files):
    # an indented key line would set the key above it, a long line would
    # be read as two, a NUL byte would cut its line.
    for name, text, where in (
            ("indented", "spool = /tmp/x\n  from = x@y.example\n", ":2: a line "
             "starting with a blank"),
            ("long", "# ok\ntemplates = /" + "t" * 300 + "\n", ":2: a line longer "
             "than 198 bytes"),
            ("nul", "from = x@y.example\0\nspool = /tmp/x\n", ":1: a NUL byte")):
        conf = os.path.join(env.root, name + ".conf")
        with open(conf, "w") as f:
            f.write(text)
        rc, out, err = env.run("--config", conf, "config")
        ok(rc == 78 and name + ".conf" + where in err,
           "a config file with a %s line is an error naming the line" % name,
           "exit %d: %s" % (rc, err))

    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 101 bob b")
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    path = os.path.join(env.spool, "games", "epaminondas", "101.game")
    with open(path) as f:
        good = f.read()
    with open(path, "w") as f:
        f.write(good.replace("move: 1 e2-e3", "move: 1 e2-e4"))
    # A player's mail waits (a stranger's is refused: test_held_attack.py).
    rc, err = env.mail("alice@example.org", "epaminondas show 101")
    is_(rc, 75, "a game file whose replay disagrees makes receive exit 75")
    contains(err, "101.game:11:", "the error names the file and the line")
finally:
    env.close()
done()
