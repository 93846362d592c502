#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 13, item 8: `admin user add USERID ADDRESS` and `admin user
passwd USERID` read the password from the terminal (not echoed, asked
twice) or from the first line of standard input, never from argv; the
old forms with the password on the command line still work, with a
warning; a password a mail command could not carry is refused."""
import errno
import os
import pty
import select
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, BIN, ok, is_, contains, done, body_of

A, C = "alice@example.org", "carol@example.org"


def works(env, password, name):
    """Whether carol's password is password: a signed challenge from her
    is not refused for a wrong password."""
    env.new_messages()
    env.mail(C, "epaminondas challenge carol alice by carol %s" % password)
    msgs = env.new_messages()
    reply = body_of(msgs[0]) if msgs else ""
    return ok(bool(msgs) and "wrong password" not in reply.lower(), name,
              reply)


def refused(env, password, name):
    env.new_messages()
    env.mail(C, "epaminondas challenge carol alice by carol %s" % password)
    msgs = env.new_messages()
    reply = body_of(msgs[0]) if msgs else ""
    return contains(reply.lower(), "wrong password", name)


def read_more(master, deadline):
    """What the terminal shows next, waiting until deadline (time.time());
    b"" at the end: the child closed the terminal (EIO on Linux once the
    last holder of the slave side exits) or the time ran out."""
    left = deadline - time.time()
    if left <= 0 or not select.select([master], [], [], left)[0]:
        return b""
    try:
        return os.read(master, 1024)
    except OSError as e:
        if e.errno == errno.EIO:
            return b""
        raise


def at_terminal(env, args, typed, timeout=30):
    """Run epamserv with a terminal as standard input, typing each line of
    typed after a prompt (a line ending in ": "); returns (rc, what the
    terminal showed).  Never hangs: each wait has a deadline, and the
    child is killed and reaped if it has not ended by then (rc None)."""
    master, slave = pty.openpty()
    p = subprocess.Popen([BIN] + args, stdin=slave, stdout=slave,
                         stderr=slave, env=env.env, close_fds=True)
    os.close(slave)
    shown = b""
    deadline = time.time() + timeout
    try:
        for line in typed:
            while not shown.split(b"\n")[-1].endswith(b": "):
                chunk = read_more(master, deadline)
                if not chunk:
                    break
                shown += chunk
            else:
                os.write(master, line.encode() + b"\n")
                shown += b"\n"
                continue
            break
        while True:
            chunk = read_more(master, deadline)
            if not chunk:
                break
            shown += chunk
        try:
            rc = p.wait(timeout=max(1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            rc = None
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()
        os.close(master)
    return rc, shown.decode("utf-8", "replace")


env = Env()
try:
    env.signup(A, "alice", "apw")

    # -- from standard input ------------------------------------------
    rc, out, err = env.run("admin", "user", "add", "carol", C, "--reason",
                           "by phone", stdin=b"Carol-pw-1\n")
    is_(rc, 0, "admin user add reads the password from standard input")
    ok("warning" not in err, "without a warning", err)
    works(env, "Carol-pw-1", "the password read from stdin is carol's")
    log = open(os.path.join(env.spool, "admin.log")).read()
    ok("Carol-pw-1" not in log, "the admin log does not hold the password")

    rc, out, err = env.run("admin", "user", "passwd", "carol", "--reason",
                           "forgotten", stdin=b"Carol-pw-2\r\n")
    is_(rc, 0, "admin user passwd reads it from standard input")
    works(env, "Carol-pw-2", "the new password (its CR LF dropped) works")
    refused(env, "Carol-pw-1", "and the old one no longer does")

    for bad, why in ((b"", "no password on standard input"),
                     (b"\n", "the password is empty"),
                     (b"two words\n", "holds a blank"),
                     (b"x" * 129 + b"\n", "too long")):
        rc, out, err = env.run("admin", "user", "passwd", "carol", "--reason",
                               "t", stdin=bad)
        is_(rc, 64, "a password %r is refused" % bad[:20])
        contains(err, why, "and the error says why (%s)" % why)
    works(env, "Carol-pw-2", "a refused password changes nothing")

    # -- the old form: accepted, with a warning -------------------------
    rc, out, err = env.run("admin", "user", "passwd", "carol", "Carol-pw-3",
                           "--reason", "script")
    is_(rc, 0, "the old form with the password in argv still works")
    contains(err, "warning: a password on the command line can be read by "
             "every user", "with a warning")
    works(env, "Carol-pw-3", "and sets the password")

    # -- at a terminal: not echoed, asked twice -------------------------
    rc, shown = at_terminal(env, ["admin", "user", "passwd", "carol",
                                  "--reason", "tty"],
                            ["Carol-pw-4", "Carol-pw-4"])
    ok(rc == 0, "at a terminal the password is asked for twice",
       "rc %r, the terminal showed: %r" % (rc, shown))
    contains(shown, "new password for carol: ", "with a prompt")
    contains(shown, "the same again: ", "and a second one")
    ok("Carol-pw-4" not in shown, "the password typed is not echoed", shown)
    works(env, "Carol-pw-4", "the password typed is carol's")
    rc, shown = at_terminal(env, ["admin", "user", "passwd", "carol",
                                  "--reason", "tty"],
                            ["Carol-pw-5", "Carol-pw-6"])
    ok(rc == 64, "two different passwords typed are refused",
       "rc %r, the terminal showed: %r" % (rc, shown))
    contains(shown, "the two passwords differ", "and it says so")
    works(env, "Carol-pw-4", "the password stays as it was")

    # Ctrl-C at the prompt: the process ends as a SIGINT would end it, and
    # the operator's terminal has its echo back.
    import signal
    import termios
    master, slave = pty.openpty()
    p = subprocess.Popen([BIN, "admin", "user", "passwd", "carol",
                          "--reason", "tty"], stdin=slave, stdout=slave,
                         stderr=slave, env=env.env, close_fds=True)
    shown, deadline = b"", time.time() + 30
    try:
        while not shown.endswith(b": "):
            chunk = read_more(master, deadline)
            if not chunk:
                break
            shown += chunk
        echo_off = not termios.tcgetattr(slave)[3] & termios.ECHO
        p.send_signal(signal.SIGINT)
        try:
            rc = p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            rc = None
        ok(echo_off, "at the prompt the echo is off", shown)
        is_(rc, -signal.SIGINT, "Ctrl-C at the prompt ends the command")
        ok(termios.tcgetattr(slave)[3] & termios.ECHO,
           "and the terminal has its echo back")
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()
        os.close(slave)
        os.close(master)
    works(env, "Carol-pw-4", "the password stays as it was after Ctrl-C")
except Exception:
    ok(False, "the test runs to its end", traceback.format_exc())
finally:
    env.close()
    done()
