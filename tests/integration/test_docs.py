#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The manuals render without a warning (groff -ww), and the README starts
with the two set-up commands."""
import glob
import os
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
with open(os.path.join(SRCDIR, "README")) as f:
    lines = [l.split()[1] for l in f if l.strip().startswith("sh ")]
is_(lines[:2], ["scripts/demo.sh", "scripts/test-all.sh"],
    "the README's first commands are the demo and the test suite")
for script in lines[:2]:
    ok(os.access(os.path.join(SRCDIR, script), os.R_OK), "%s exists" % script)
done()
