#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`--help` exits 0 everywhere (SPEC section 9, issue 13 item 8) and
touches nothing: every subcommand that `epamserv --help` lists, every
admin command and admin sub-command that `epamserv admin --help` lists,
prints its usage on standard output, nothing on standard error, with
the spool pointing to a directory that does not exist (it must stay
so) and the log pointing to a file (it must not be made).  On i12 they
exited 64, and `admin backup --help` made a backup in a directory named
"--help"; on i13 `admin --help` still opened the log file.  receive is
the exception when a mail waits on its standard input (an MTA's pipe,
where 0 would drop the mail): any argument is a 75 there; at a terminal
it prints its usage and exits 0 as the others do.  `--version` prints
"epamserv VERSION" first."""
import os
import re
import subprocess

from harness import BIN, Env, ok, is_, contains, done, make_mail

BIN = os.path.abspath(BIN)


def commands(text):
    """The subcommands listed under "commands:" of the global usage."""
    out, on = [], False
    for line in text.splitlines():
        if line.startswith("commands:"):
            on = True
        elif on and re.match(r"^  [a-z]", line) and \
                line.split()[0] not in out:
            out.append(line.split()[0])
    return out


def admin_commands(text):
    """[ [cmd], [cmd, sub], ... ] from the admin usage: its alternatives
    are separated by " | "; "user add|del|..." names sub-commands."""
    text = re.sub(r"^usage: epamserv admin", "", text.split("(see")[0])
    out = []
    for alt in re.split(r"\s\|\s|\s\|$|\|\n", text.replace("\n", " \n")):
        words = alt.split()
        if not words:
            continue
        out.append([words[0]])
        if len(words) > 1 and "|" in words[1] and not words[1].startswith("["):
            for sub in words[1].split("|"):
                if re.match(r"^[a-z]+$", sub):
                    out.append([words[0], sub])
    return out


env = Env(smtp=False)
try:
    cwd = os.path.join(env.root, "cwd")
    os.mkdir(cwd)
    os.mkdir(os.path.join(env.root, "logs"))
    logfile = os.path.join(env.root, "logs", "epamserv.log")
    nospool = os.path.join(env.root, "no", "spool")
    e = dict(env.env)
    e["EPAMSERV_SPOOL"] = nospool
    e["EPAMSERV_LOG"] = logfile

    def run(args, stdin=b""):
        p = subprocess.run([BIN] + args, env=e, cwd=cwd, input=stdin,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60)
        return (p.returncode, p.stdout.decode("utf-8", "replace"),
                p.stderr.decode("utf-8", "replace"))

    rc, top, err = run(["--help"])
    is_((rc, err), (0, ""), "epamserv --help exits 0, nothing on stderr")
    cmds = commands(top)
    for c in ("receive", "batch", "flush", "sweep", "outbox", "bounces",
              "admin", "status", "config", "perft", "moves"):
        ok(c in cmds, "epamserv --help lists %s" % c, cmds)
    rc, adm, err = run(["admin", "--help"])
    is_((rc, err), (0, ""), "epamserv admin --help exits 0, nothing on stderr")
    admins = admin_commands(adm)
    if os.path.exists(logfile):
        os.unlink(logfile)
    for c in (["check"], ["user"], ["user", "add"], ["user", "passwd"],
              ["outbox"], ["outbox", "show"], ["outbox", "delete"],
              ["journal", "discard"], ["backup"], ["restore"], ["upgrade"],
              ["bounces"], ["quarantine"], ["repair"], ["result"]):
        ok(c in admins, "epamserv admin --help lists admin %s" % " ".join(c),
           admins)

    tried = 0
    for cmd in [[c] for c in cmds if c != "receive"] + \
               [["admin"] + c for c in admins]:
        name = " ".join(cmd)
        rc, out, err = run(cmd + ["--help"])
        is_(rc, 0, "%s --help exits 0" % name)
        contains(out, "usage:", "%s --help prints its usage on stdout" % name)
        is_(err, "", "%s --help writes nothing on stderr" % name)
        ok(not os.path.exists(os.path.dirname(nospool)),
           "%s --help creates no spool" % name)
        ok(not os.path.exists(logfile), "%s --help writes no log" % name)
        if os.path.exists(logfile):
            os.unlink(logfile)
        tried += 1
    ok(tried >= 30, "every command and admin sub-command was tried (%d)" % tried)
    is_(os.listdir(cwd), [], "no file was made in the current directory")

    rc, out, err = run(["--version"])
    is_(rc, 0, "--version exits 0")
    ok(re.match(r"^epamserv [0-9][0-9a-z.+~-]*\n", out),
       "--version prints 'epamserv VERSION' first (test_version.py has "
       "the rest)", out)
    is_(err, "", "--version writes nothing on stderr")

    p = subprocess.run([BIN, "admin", "backup", "-x"], env=env.env, cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    is_(p.returncode, 64,
        "admin backup -x is a usage error, not a directory named -x")
    is_(os.listdir(cwd), [], "no backup was made in the current directory")
    rc, _, err = env.run("receive", "--help",
                         stdin=make_mail("alice@example.org", "help"))
    is_(rc, 75, "receive --help is a wrong pipe command: 75, the mail kept")
    # A person typing it (standard input a terminal) gets the usage and 0.
    import pty
    master, slave = pty.openpty()
    try:
        p = subprocess.run([BIN, "receive", "--help"], env=e, cwd=cwd,
                           stdin=slave, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(slave)
        os.close(master)
    is_(p.returncode, 0, "receive --help at a terminal exits 0")
    contains(p.stdout.decode(), "usage:", "and prints the usage on stdout")
    ok(not os.path.exists(os.path.dirname(nospool)),
       "receive --help at a terminal creates no spool")
finally:
    env.close()
done()
