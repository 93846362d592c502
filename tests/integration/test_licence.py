#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The licence (issue 33 item 1): epamserv is GPL-3.0-or-later.  COPYING
holds the GNU GPL version 3, the README says so, and every source file
(C, Python, shell, the build's files, the example units and configuration,
the man pages) names the licence in an SPDX-License-Identifier line among
its first three lines.  Templates and test data are not marked: what they
hold is mail text or input, and a comment would change it."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ok, is_, done, SRCDIR

TAG = "SPDX-License-Identifier: GPL-3.0-or-later"
SKIP_DIRS = {".git", "autom4te.cache", "build-aux", "demo-spool"}


def marked_kind(rel):
    """Whether the file at rel (a path under the source tree) is one that
    must name its licence."""
    base = os.path.basename(rel)
    return (rel.endswith((".c", ".h", ".py", ".sh")) or rel == ".ci/run" or
            base in ("local.mk", "Makefile.am", "configure.ac") or
            rel.startswith("examples/") or
            (rel.startswith("man/") and rel[-2:] in (".1", ".5", ".7")))


def source_files():
    """The tree's files: git's list in a clone, else (a release tarball)
    every file outside build directories (those holding config.status,
    and _build-*)."""
    p = subprocess.run(["git", "-C", SRCDIR, "ls-files"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       universal_newlines=True)
    if p.returncode == 0 and p.stdout.strip():
        return p.stdout.split()
    out = []
    for top, dirs, files in os.walk(SRCDIR):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and
                   not d.startswith("_build") and
                   not os.path.exists(os.path.join(top, d, "config.status"))]
        for f in files:
            out.append(os.path.relpath(os.path.join(top, f), SRCDIR))
    return out


with open(os.path.join(SRCDIR, "COPYING"), encoding="utf-8") as f:
    copying = f.read()
ok("GNU GENERAL PUBLIC LICENSE" in copying[:200] and
   "Version 3, 29 June 2007" in copying[:200] and
   "END OF TERMS AND CONDITIONS" in copying,
   "COPYING holds the GNU GPL version 3, whole")
with open(os.path.join(SRCDIR, "README"), encoding="utf-8") as f:
    ok("GPL-3.0-or-later" in f.read(), "the README names the licence")

files = [f for f in source_files() if marked_kind(f)]
ok(len(files) > 400, "the source files are found", len(files))
missing = []
for rel in files:
    with open(os.path.join(SRCDIR, rel), encoding="utf-8",
              errors="replace") as f:
        head = [f.readline() for _ in range(3)]
    if not any(TAG in line for line in head):
        missing.append(rel)
is_(missing, [], "every source file names its licence (SPDX line)")
done()
