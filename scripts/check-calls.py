#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-calls.py - the layer order of src/ checked at link level: no
object calls up a level (issue 31).

    check-calls.py --objects DIR [--src DIR] [--layers FILE] [--nm NM]

check-layers.py reads the include lines; a declaration in a lower header
whose body lives higher up (or an extern written by hand) slips past it.
This check reads the built objects instead: every .o under DIR (the
build tree's src/, laid out as src/ is) is put in its part, the first
directory under DIR (or the top-level file for main.o), and `nm` lists
the global symbols each object defines and the ones it leaves undefined.
An undefined symbol defined in another part must be defined at a lower
level of src/layers.txt (the same rules as the include check: never a
higher level, never another part of the same level, the legacy parts
excepted among themselves).  Errors are printed as

    src/commands/board/reply.o: calls auth_mask_line of pipeline: commands (5) -> pipeline (6) points up

exit status 1; 0 when no object calls up; 2 on a bad command line or
when DIR holds no object.  A symbol defined by two parts is reported
too.  The prefix that automake gives an object of a library
(libepamserv_a-) is dropped from the names shown.  With --src (the
source tree's src/), an object whose .c is not there is left out: what
a file that moved or went away left behind in a build tree.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The rules of layers.txt are read by check-layers.py's own reader.
_spec = importlib.util.spec_from_file_location(
    "check_layers", os.path.join(HERE, "check-layers.py"))
check_layers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_layers)

PREFIX = re.compile(r"^[A-Za-z0-9_]+_a-")
DEFINED = set("TDBRVWGSCiu")


def objects(top):
    """Every .o under top, as paths relative to it, sorted."""
    found = []
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".o"):
                path = os.path.join(root, name)
                found.append(os.path.relpath(path, top).replace(os.sep, "/"))
    return found


def shown_name(rel):
    """rel without automake's library prefix on its file name."""
    d, name = os.path.split(rel)
    return os.path.join(d, PREFIX.sub("", name)).replace(os.sep, "/")


def symbols(nm, path):
    """(defined, undefined): the global symbols of the object at path."""
    out = subprocess.run([nm, "-P", "-g", path], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, universal_newlines=True,
                         check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        words = line.split()
        if len(words) < 2:
            continue
        if words[1] == "U":
            undefined.add(words[0])
        elif words[1] in DEFINED:
            defined.add(words[0])
    return defined, undefined


def check(top, layers, nm, shown_top, src=None):
    """Every error of the objects under top, as strings, and how many
    objects were read; src, when given, leaves out the objects without
    a source there."""
    errors = list(layers.errors)
    where = {}                   # symbol -> (part, object shown)
    table = []
    for rel in objects(top):
        if src and not os.path.isfile(os.path.join(
                src, shown_name(rel)[:-2] + ".c")):
            continue
        part = check_layers.part_of(shown_name(rel))
        if part.endswith(".o"):
            part = part[:-2] + ".c"
        shown = "%s/%s" % (shown_top, shown_name(rel))
        defined, undefined = symbols(nm, os.path.join(top, rel))
        table.append((shown, part, undefined))
        for s in sorted(defined):
            if s in where and where[s][0] != part:
                errors.append("%s: defines %s, which %s defines too"
                              % (shown, s, where[s][1]))
            where.setdefault(s, (part, shown))
    for shown, part, undefined in table:
        for s in sorted(undefined):
            if s not in where:
                continue         # the C library's, or another library's
            theirs = where[s][0]
            if theirs == part or part not in layers.level:
                continue
            # the include check's rule, with no header to be private
            why = check_layers.verdict(layers, part, theirs, "")
            if why:
                errors.append("%s: calls %s of %s: %s"
                              % (shown, s, theirs, why))
    return errors, len(table)


def main():
    ap = argparse.ArgumentParser(description="Check the calls between the "
                                 "objects of src/ against the layer order.")
    ap.add_argument("--objects", required=True,
                    help="the build tree's src/ directory")
    ap.add_argument("--src", help="the source tree's src/: objects "
                    "without a .c there are left out")
    ap.add_argument("--layers", default=os.path.join(HERE, "..", "src",
                                                     "layers.txt"))
    ap.add_argument("--nm", default=os.environ.get("NM", "nm"))
    args = ap.parse_args()
    top = os.path.normpath(args.objects)
    try:
        layers = check_layers.Layers(args.layers, args.layers)
    except OSError as e:
        print("check-calls: %s: %s" % (args.layers, e.strerror),
              file=sys.stderr)
        return 2
    errors, n = check(top, layers, args.nm, os.path.basename(top), args.src)
    if n == 0:
        print("check-calls: no object under %s" % top, file=sys.stderr)
        return 2
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
