#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 33 item 8: the recipes of the README, the manual pages and
examples/ run as written, and nothing calls the sweep daily.

- a crontab line (five time fields, then an optional user for
  /etc/cron.d) runs its program by its full path or @bindir@: cron's
  PATH is /usr/bin:/bin;
- a systemd unit's ExecStart and an alias's or .forward's pipe do too;
- Postfix's tools given arguments (postalias, postqueue, postmap,
  postsuper, postcat, postfix, newaliases) are named /usr/sbin/TOOL,
  which a normal user's PATH lacks;
- `epamserv --help` calls the sweep hourly, and no document, example or
  template calls it daily."""
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, SRCDIR, ok, is_, done

files = [os.path.join(SRCDIR, "README")]
files += sorted(glob.glob(os.path.join(SRCDIR, "man", "*.[1-9]")))
files += sorted(f for f in glob.glob(os.path.join(SRCDIR, "examples", "**"),
                                      recursive=True) if os.path.isfile(f))
docs = sorted(glob.glob(os.path.join(SRCDIR, "doc", "*.md")))
templates = sorted(glob.glob(os.path.join(SRCDIR, "templates", "**", "*.*"),
                             recursive=True))


def text_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        # roff's escapes as the reader sees them: \- is -, \e is \.
        return f.read().replace("\\-", "-").replace("\\e", "\\")


def full(cmd):
    return cmd.startswith("/") or cmd.startswith("@bindir@")


CRON = re.compile(r"^\s*#?\s*((?:[-*/0-9,]+\s+){4}[-*/0-9,]+)\s+(\S+)(?:\s+(\S+))?")
POSTFIX = re.compile(r"(?<![/\w.-])(postalias|postqueue|postmap|postsuper|"
                     r"postcat|postfix|newaliases)(?= +[-~/\w])")
bad_cron, bad_exec, bad_pipe, bad_postfix = [], [], [], []
crons = execs = pipes = 0
for path in files:
    name = os.path.relpath(path, SRCDIR)
    for n, line in enumerate(text_of(path).splitlines(), 1):
        where = "%s:%d: %s" % (name, n, line.strip())
        m = CRON.match(line)
        if m and "*" in m.group(1):
            crons += 1
            first, second = m.group(2), m.group(3) or ""
            if not full(first) and not full(second):
                bad_cron.append(where)
        m = re.search(r"\bExecStart=(\S+)", line)
        if m:
            execs += 1
            if not full(m.group(1)):
                bad_exec.append(where)
        for m in re.finditer(r"(?:\"\||^\s*\|)\s*(\S*epamserv)(?=\s)", line):
            pipes += 1
            if not full(m.group(1)):
                bad_pipe.append(where)
        for m in POSTFIX.finditer(line):
            # a tool named in a sentence ("as postsuper does") or by a
            # manual's font request (.B postqueue -s) is no call
            if line.startswith(".") or re.match(
                    r" +(does|do|did|and|or|is|are|keeps|reads)\b",
                    line[m.end():]):
                continue
            bad_postfix.append(where)
ok(crons >= 5 and execs >= 3 and pipes >= 2,
   "the recipes are found (%d crontab lines, %d ExecStart, %d pipes)"
   % (crons, execs, pipes))
is_(bad_cron, [], "every crontab line runs its program by its full path")
is_(bad_exec, [], "every unit's ExecStart names its program by its full path")
is_(bad_pipe, [], "every alias or .forward pipe names its program by its "
    "full path")
is_(bad_postfix, [], "Postfix's tools are called as /usr/sbin/TOOL")

# The sweep runs hourly (issue 29): --help says so, and nothing calls it
# daily.
p = subprocess.run([BIN, "--help"], stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, env={"LC_ALL": "C"})
line = [l for l in p.stdout.decode().splitlines() if l.split()[:1] == ["sweep"]]
ok(line and "hourly" in line[0] and "daily" not in line[0],
   "epamserv --help calls the sweep hourly", line)
daily = re.compile(r"daily sweep|sweep\W{1,3}\(daily\)|daily: reminders|"
                   r"täglichen Durchlauf", re.I)
said = ["%s:%d" % (os.path.relpath(path, SRCDIR), n)
        for path in files + docs + templates
        for n, l in enumerate(text_of(path).splitlines(), 1)
        if daily.search(l)]
is_(said, [], "no document, example or template calls the sweep daily")
done()
