#!/usr/bin/python3
"""`--help` exits 0 everywhere (SPEC section 9) and touches nothing: every
subcommand and admin command prints its usage on standard output.  On
i12 they exited 64, and `admin backup --help` made a backup in a
directory named "--help".  receive is the exception: it is an MTA's
pipe, where 0 would drop the mail, so any argument is a 75 there."""
import os
import subprocess

from harness import BIN, Env, ok, is_, contains, done, make_mail

BIN = os.path.abspath(BIN)

env = Env(smtp=False)
try:
    cwd = os.path.join(env.root, "cwd")
    os.mkdir(cwd)
    for cmd in (["batch"], ["flush"], ["sweep"], ["outbox"], ["bounces"],
                ["config"], ["status"], ["admin"], ["admin", "check"],
                ["admin", "user"], ["admin", "journal"], ["admin", "backup"],
                ["admin", "restore"], ["admin", "quarantine"],
                ["admin", "repair"], ["admin", "upgrade"]):
        p = subprocess.run([BIN] + cmd + ["--help"], env=env.env, cwd=cwd,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60)
        rc, out = p.returncode, p.stdout.decode("utf-8", "replace")
        name = " ".join(cmd)
        is_(rc, 0, "%s --help exits 0" % name)
        contains(out, "usage:", "%s --help prints its usage on stdout" % name)
    p = subprocess.run([BIN, "admin", "backup", "-x"], env=env.env, cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    is_(p.returncode, 64,
        "admin backup -x is a usage error, not a directory named -x")
    is_(os.listdir(cwd), [], "no backup was made in the current directory")
    rc, _, err = env.run("receive", "--help",
                         stdin=make_mail("alice@example.org", "help"))
    is_(rc, 75, "receive --help is a wrong pipe command: 75, the mail kept")
finally:
    env.close()
done()
