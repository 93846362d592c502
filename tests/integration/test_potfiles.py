#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""po/POTFILES.in (issue 32 item 1), the files xgettext reads for the
catalogue's template, is every .c and .h of src/, sorted: a file added
and not listed, or listed and gone, fails here by name (and make
update-pot would miss its sentences or fail on it)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ok, is_, done, SRCDIR


def listed(text):
    """The file names of a POTFILES.in text: no comments, no blank lines."""
    return [l.strip() for l in text.splitlines()
            if l.strip() and not l.lstrip().startswith("#")]


def tree():
    """Every .c and .h under SRCDIR/src, relative, sorted as C sorts."""
    out = []
    for top, dirs, files in os.walk(os.path.join(SRCDIR, "src")):
        out += [os.path.relpath(os.path.join(top, f), SRCDIR)
                for f in files if f.endswith((".c", ".h"))]
    return sorted(out, key=lambda s: s.encode())


def disagree(names, files):
    """The differences of a list and the tree, each a sentence."""
    return (["not listed: " + f for f in files if f not in names] +
            ["listed but not in the tree: " + f for f in names
             if f not in files] +
            (["not sorted"]
             if names != sorted(names, key=lambda s: s.encode()) else []))


with open(os.path.join(SRCDIR, "po", "POTFILES.in"), encoding="utf-8") as f:
    names = listed(f.read())
files = tree()
ok(len(files) > 100 and "src/util/i18n.c" in files,
   "the tree's sources are found", len(files))
is_(disagree(names, files), [],
    "po/POTFILES.in lists every .c and .h of src/, sorted, and no other")
# The check fails on a drift either way (a deliberate break).
ok(any("not listed: src/util/i18n.c" == p
       for p in disagree([n for n in names if n != "src/util/i18n.c"],
                         files)),
   "a list without src/util/i18n.c fails the check")
ok(any("listed but not in the tree" in p
       for p in disagree(sorted(names + ["src/util/gone.c"],
                                key=lambda s: s.encode()), files)),
   "a list naming a file that is gone fails the check")
ok("not sorted" in disagree(names[::-1], files),
   "a list out of order fails the check")
done()
