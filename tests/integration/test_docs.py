#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The manuals render without a warning (groff -ww), mandoc -Tlint finds
nothing in them (issue 33 item 8: not even its style messages), and the
README starts with the two set-up commands."""
import glob
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import SRCDIR, ok, is_, done

pages = sorted(glob.glob(os.path.join(SRCDIR, "man", "*.[1-9]")))
is_([os.path.basename(p) for p in pages],
    ["epamserv-rules.7", "epamserv.1", "epamserv.conf.5"],
    "the three manuals are in man/")
for page in pages:
    p = subprocess.run(["groff", "-ww", "-man", "-Tutf8", page],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ok(p.returncode == 0 and p.stderr == b"" and len(p.stdout) > 1000,
       "%s renders without warnings" % os.path.basename(page),
       p.stderr.decode("utf-8", "replace"))
# Both linters on every page, each skipped when it is not installed
# (scripts/deps-debian.sh installs groff-base and mandoc).
for tool, args in [("groff", ["-man", "-ww", "-z"]), ("mandoc", ["-Tlint"])]:
    path = shutil.which(tool)
    for page in pages:
        name = os.path.basename(page)
        if not path:
            ok(True, "# SKIP %s is not installed: %s not checked" % (tool, name))
            continue
        p = subprocess.run([path] + args + [page], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        out = p.stdout.decode("utf-8", "replace")
        ok(p.returncode == 0 and out == "",
           "%s %s finds nothing in %s" % (tool, " ".join(args), name), out)
with open(os.path.join(SRCDIR, "README")) as f:
    lines = [l.split()[1] for l in f if l.strip().startswith("sh ")]
is_(lines[:2], ["scripts/demo.sh", "scripts/test-all.sh"],
    "the README's first commands are the demo and the test suite")
for script in lines[:2]:
    ok(os.access(os.path.join(SRCDIR, script), os.R_OK), "%s exists" % script)
done()
