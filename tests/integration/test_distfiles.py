#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The release tarball ships every file of the tree (issue 33 item 10).
make distcheck runs only a quick part of the suite in the unpacked
tarball (scripts/test-all.sh passes DISTCHECK_TESTS), so a file left out
of EXTRA_DIST must fail here, in the whole suite: every file git tracks
is in `make list-distfiles` (the build's DISTFILES), or under a
directory that is, except the few that belong to the clone alone.  In a
tarball (no git) the test has nothing to compare and says so."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ok, done, SRCDIR

BUILDDIR = os.environ.get("EPAMSERV_BUILDDIR", ".")
# Files of the clone that a tarball does not need: git's own lists, and
# the version file git archive fills in (a tarball has .tarball-version).
CLONE_ONLY = {".gitignore", ".gitattributes", ".git-archive-version"}

tracked = subprocess.run(["git", "-C", SRCDIR, "ls-files"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         universal_newlines=True)
if tracked.returncode != 0 or not tracked.stdout.strip():
    print("1..0 # SKIP not a git clone (a release tarball): nothing to compare")
    sys.exit(0)

# Run as make's own child: its flags (TESTS=..., the jobserver, -w) are
# not this make's.
env = {k: v for k, v in os.environ.items()
       if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
p = subprocess.run(["make", "-s", "--no-print-directory", "-C", BUILDDIR,
                    "list-distfiles"], env=env,
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                   universal_newlines=True)
ok(p.returncode == 0, "make list-distfiles prints the tarball's files",
   p.stderr)
lines = p.stdout.splitlines()
srcdir = lines[0] if lines else "."
srcroot = os.path.realpath(os.path.join(BUILDDIR, srcdir))
shipped = set()
for f in lines[1:]:
    if not os.path.isabs(f):
        f = os.path.join(srcroot, f) if not f.startswith(srcdir + "/") \
            else os.path.join(BUILDDIR, f)
    shipped.add(os.path.relpath(os.path.realpath(f), srcroot))
ok(len(shipped) > 300, "the list is the tarball's", len(shipped))


def is_shipped(rel):
    """rel, or a directory holding it, is in the list."""
    while rel:
        if rel in shipped:
            return True
        rel = os.path.dirname(rel)
    return False


files = [f for f in tracked.stdout.split() if f not in CLONE_ONLY]
missing = [f for f in files if not is_shipped(f)]
ok(not missing, "every tracked file is in the tarball (EXTRA_DIST, "
   "the sources, the man pages, the templates)",
   "missing from make dist:\n" + "\n".join(missing[:40]))
# The test can fail: a file the tarball lacks is noticed.
ok(not is_shipped("tests/integration/no-such-file.py"),
   "a file not in the list is noticed")
done()
