#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-layers.py - the layer order of src/, read from src/layers.txt and
checked against every `#include "..."` line of src/ (issue 31).

    check-layers.py [--src DIR] [--layers FILE] [--graph]

A "part" of src/ is a directory right under it (src/commands, src/rules, ...)
or a top-level file (src/main.c).  layers.txt gives each part a level; a
file may include the files of its own part and of lower levels, never a
higher level, never another part of its own level, never another part's
private header, and the parts' include graph has no circle.  The words
`struct cmdctx` (the mail context) appear only in the mail layer's parts.
Known violations are listed as `except` lines, each naming who removes
it; an `except` line that matches nothing fails, so the list only
shrinks.  Errors are printed as `file:line: why`, exit status 1; 0 when
the tree keeps the order; 2 on a bad command line.  --graph prints how
many include lines go from each part to each part instead.

layers.txt, one rule a line (`#` starts a comment):

    level N PART...          parts at level N (0 is the bottom)
    legacy PART...           these parts may include each other
    private PATTERN...       file names (glob) private to their part
    mailctx PART...          the parts that may name struct cmdctx
    except FILE INCLUDE      FILE (src/...) may include INCLUDE (as written)
    except-mailctx FILE      FILE (src/...) may name struct cmdctx
"""
import argparse
import fnmatch
import os
import re
import sys

# The headers the build makes at the top of the build tree, outside
# src/: configure's and scripts/version.sh's.
BUILT_HEADERS = ("config.h", "buildversion.h")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
MAILCTX = re.compile(r'\bstruct\s+cmdctx\b')


class Layers:
    """The rules of layers.txt; errors in it go to self.errors."""

    def __init__(self, path, shown):
        self.level = {}          # part -> level
        self.legacy = set()
        self.private = []
        self.mailctx = set()
        self.excepts = []        # [where, file, include, used]
        self.excepts_ctx = []    # [where, file, used]
        self.errors = []
        self.lines = {}          # part -> "layers.txt:N"
        with open(path, encoding="utf-8") as f:
            for n, raw in enumerate(f, 1):
                words = raw.split("#", 1)[0].split()
                where = "%s:%d" % (shown, n)
                if words:
                    self.rule(words, where)

    def rule(self, words, where):
        kind, args = words[0], words[1:]
        if kind == "level" and len(args) >= 2 and args[0].isdigit():
            for part in args[1:]:
                if part in self.level:
                    self.errors.append("%s: %s is placed twice" % (where, part))
                self.level[part] = int(args[0])
                self.lines[part] = where
        elif kind == "legacy" and args:
            self.legacy.update(args)
        elif kind == "private" and args:
            self.private.extend(args)
        elif kind == "mailctx" and args:
            self.mailctx.update(args)
        elif kind == "except" and len(args) == 2:
            self.excepts.append([where, args[0], args[1], False])
        elif kind == "except-mailctx" and len(args) == 1:
            self.excepts_ctx.append([where, args[0], False])
        else:
            self.errors.append("%s: cannot read this rule: %s"
                               % (where, " ".join(words)))

    def is_private(self, path):
        name = os.path.basename(path)
        return any(fnmatch.fnmatchcase(name, p) for p in self.private)

    def excepted(self, file, include):
        for e in self.excepts:
            if e[1] == file and e[2] == include:
                e[3] = True
                return True
        return False


def part_of(rel):
    """The part of a path relative to src/: its first directory, or the
    file itself when it is at the top."""
    return rel.split("/", 1)[0]


def sources(src):
    """Every .c and .h under src, as paths relative to it, sorted."""
    found = []
    for root, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                path = os.path.join(root, name)
                found.append(os.path.relpath(path, src).replace(os.sep, "/"))
    return found


def resolve(src, rel, include):
    """The file (relative to src) that `#include "include"` in rel names,
    as the compiler finds it: beside rel first, then under -I src.  None
    when neither exists."""
    here = os.path.normpath(os.path.join(os.path.dirname(rel), include))
    if not here.startswith("..") and os.path.isfile(os.path.join(src, here)):
        return here.replace(os.sep, "/")
    if os.path.isfile(os.path.join(src, include)):
        return os.path.normpath(include).replace(os.sep, "/")
    return None


def circles(edges):
    """The strongly connected components of more than one part in edges
    ({from: {to: [where...]}}), by Tarjan's algorithm, each sorted."""
    index, low, stack, on, found = {}, {}, [], set(), []
    nodes = sorted(set(edges) | {t for f in edges for t in edges[f]})

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def check(src, layers, top):
    """Every error of the tree under src against layers, as
    `file:line: why` strings; top names src in them ("src")."""
    errors = list(layers.errors)
    # Only the includes between parts that break no other rule go into
    # the circle check (each of the others is reported once, by its own
    # rule): with strict levels a circle can then only come through the
    # legacy parts, but the check does not rely on that.
    edges = {}                   # part -> part -> ["file:line includes x"]
    counts = {}
    parts_seen = set()
    for name in sorted(os.listdir(src)):
        if name.startswith("."):
            continue             # .deps and .dirstamp of an in-tree build
        if os.path.isdir(os.path.join(src, name)) or \
                name.endswith((".c", ".h")):
            parts_seen.add(name)
            if name not in layers.level:
                errors.append("%s/%s: not placed in any level of the layers "
                              "file" % (top, name))
    for part in sorted(layers.level):
        if part not in parts_seen:
            errors.append("%s: %s names nothing under %s/"
                          % (layers.lines[part], part, top))

    for rel in sources(src):
        shown = "%s/%s" % (top, rel)
        mine = part_of(rel)
        with open(os.path.join(src, rel), encoding="utf-8",
                  errors="replace") as f:
            text = f.read().split("\n")
        for n, line in enumerate(text, 1):
            where = "%s:%d" % (shown, n)
            if MAILCTX.search(line) and mine not in layers.mailctx:
                hit = [e for e in layers.excepts_ctx if e[1] == shown]
                for e in hit:
                    e[2] = True
                if not hit:
                    errors.append("%s: names struct cmdctx outside the mail "
                                  "layer (%s)"
                                  % (where, " ".join(sorted(layers.mailctx))))
            m = INCLUDE.match(line)
            if not m:
                continue
            inc = m.group(1)
            target = resolve(src, rel, inc)
            if target is None:
                if inc not in BUILT_HEADERS:
                    errors.append("%s: includes %s, which is not under %s/"
                                  % (where, inc, top))
                continue
            theirs = part_of(target)
            counts.setdefault(mine, {}).setdefault(theirs, 0)
            counts[mine][theirs] += 1
            if theirs == mine:
                continue
            why = verdict(layers, mine, theirs, target)
            if why and layers.excepted(shown, inc):
                continue
            if why:
                errors.append("%s: includes %s: %s" % (where, inc, why))
                continue
            edges.setdefault(mine, {}).setdefault(theirs, []).append(
                "%s includes %s" % (where, inc))

    for comp in circles(edges):
        errors.append("%s/: the parts %s include each other in a circle:"
                      % (top, ", ".join(comp)))
        for a in comp:
            for b in comp:
                for edge in edges.get(a, {}).get(b, []):
                    errors.append("  " + edge)
    for e in layers.excepts:
        if not e[3]:
            errors.append("%s: except %s %s matches no include that breaks "
                          "a rule (delete the line)" % (e[0], e[1], e[2]))
    for e in layers.excepts_ctx:
        if not e[2]:
            errors.append("%s: except-mailctx %s matches no line naming "
                          "struct cmdctx (delete the line)" % (e[0], e[1]))
    return errors, counts


def verdict(layers, mine, theirs, target):
    """Why an include from part mine of target (in part theirs) breaks
    the order, or None when it keeps it."""
    if layers.is_private(target):
        return "the private header of %s" % theirs
    if mine in layers.legacy and theirs in layers.legacy:
        return None
    a, b = layers.level.get(mine), layers.level.get(theirs)
    if a is None or b is None:
        return None              # reported as not placed
    if b > a:
        return "%s (%d) -> %s (%d) points up" % (mine, a, theirs, b)
    if b == a:
        return ("%s (%d) -> %s (%d) is another part of the same level"
                % (mine, a, theirs, b))
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Check the include lines of "
                                 "src/ against the layer order.")
    ap.add_argument("--src", default=os.path.join(here, "..", "src"))
    ap.add_argument("--layers", help="the rules (default: SRC/layers.txt)")
    ap.add_argument("--graph", action="store_true",
                    help="print the include lines from part to part")
    args = ap.parse_args()
    src = os.path.normpath(args.src)
    top = os.path.basename(src)
    path = args.layers or os.path.join(src, "layers.txt")
    shown = path
    if os.path.dirname(os.path.abspath(path)) == os.path.abspath(src):
        shown = "%s/%s" % (top, os.path.basename(path))
    try:
        layers = Layers(path, shown)
    except OSError as e:
        print("check-layers: %s: %s" % (path, e.strerror), file=sys.stderr)
        return 2
    errors, counts = check(src, layers, top)
    if args.graph:
        for a in sorted(counts):
            for b in sorted(counts[a]):
                print("%-10s -> %-10s %4d" % (a, b, counts[a][b]))
        return 0
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
