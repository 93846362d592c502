#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 12, item 7: a run of the whole suite leaves the system log
untouched.  make runs this test after every other one (tests/local.mk);
each ran with tests/syslog/libsyslogtrap.so preloaded, which keeps every
openlog/syslog/vsyslog call away from syslog(3) and records it in
SYSLOG_TRAP_FILE.  The test fails when a call was recorded, and first
proves the trap sees one (epamserv run with log = syslog)."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "integration"))
from harness import Env, ok, is_, contains, done, make_mail

trap = os.environ.get("SYSLOG_TRAP_FILE", "")
ok(trap != "" and "libsyslogtrap.so" in os.environ.get("LD_PRELOAD", ""),
   "the suite runs with the syslog trap preloaded")

# The trap works: log = syslog records the calls, and they reach no
# system log (the shim does not pass them on).
env = Env(smtp=False)
try:
    with tempfile.NamedTemporaryFile(dir=env.root, delete=False) as f:
        own = f.name
    rc, _ = env.receive(make_mail("x@example.org", "help"),
                        env={"EPAMSERV_LOG": "syslog", "SYSLOG_TRAP_FILE": own})
    is_(rc, 0, "receive with log = syslog exits 0")
    with open(own) as f:
        calls = f.read()
    contains(calls, " openlog epamserv", "the trap records openlog")
    contains(calls, " syslog ", "the trap records syslog")
    rc, _ = env.receive(make_mail("x@example.org", "help"),
                        env={"SYSLOG_TRAP_FILE": own + ".2"})
    ok(not os.path.exists(own + ".2"),
       "the harness's log = FILE makes no syslog call")
    text = ""
    if os.path.exists(env.log):
        with open(env.log) as f:
            text = f.read()
    contains(text, "verb=help board=- outcome=done", "the harness's log file has the line")
finally:
    env.close()

calls = ""
if trap and os.path.exists(trap):
    with open(trap) as f:
        calls = f.read()
    # Read once: the next run of the suite starts from an empty record.
    os.unlink(trap)
is_(calls, "", "no test of this run called openlog, syslog or vsyslog")
done()
