#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Attack on log = FILE (issue 12, item 7): a FIFO planted where the log
file should be (a directory others can write, a typo) must not hang
every run; the run exits 75 with a clear error and the MTA keeps the
mail.  On branch i12 open(2) blocked for ever on the FIFO."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, BIN, ok, is_, done, make_mail

env = Env(smtp=False)
try:
    env.signup("alice@example.org", "alice", "a")
    fifo = os.path.join(env.root, "fifo.log")
    os.mkfifo(fifo)
    e = dict(env.env, EPAMSERV_LOG=fifo)

    def receive_help():
        """(exit status, stderr) of receive of a help mail; None when it
        hangs."""
        try:
            p = subprocess.run([BIN, "receive"], input=make_mail(
                "alice@example.org", "help"), env=e, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, timeout=15)
            return p.returncode, p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            return None, "hung on the FIFO"

    rc, err = receive_help()
    is_(rc, 75, "receive with a FIFO as its log file exits 75, no hang")
    ok("fifo.log" in err, "the error names the log file", err)

    # A reader on the FIFO: opened, but not a regular file.
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        rc, err = receive_help()
        is_(rc, 75, "with a reader on it too: exit 75")
        ok("not a regular file" in err, "the error says it is no file", err)
    finally:
        os.close(reader)
finally:
    env.close()
done()
