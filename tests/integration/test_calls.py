#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The layer order of src/ at link level (issue 31 item 1):
scripts/check-calls.py passes over the objects of this build, and fails,
naming the object, the symbol and the two levels, on a call up a level
and on a call into another part of the same level, in a small tree of
objects compiled here; an object whose source is gone is left out.  A
wrong call put into a copy of this build's objects fails too."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import SRCDIR, ok, is_, done

SCRIPT = os.path.join(SRCDIR, "scripts", "check-calls.py")
BUILDDIR = os.environ.get("EPAMSERV_BUILDDIR", ".")
CC = os.environ.get("CC", "cc")
scratch = tempfile.mkdtemp(prefix="epamserv-calls-")


def run(objects, src, layers):
    p = subprocess.run([sys.executable, SCRIPT, "--objects", objects,
                        "--src", src, "--layers", layers],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout.splitlines(), p.stderr


LAYERS = """\
level 0 util
level 2 engine tourney
level 5 commands
level 6 pipeline
"""

# name -> C text; each is compiled to OBJ/src/DIR/lib_a-NAME.o (the
# prefix automake gives a library's objects) with its source in SRC.
CLEAN = {
    "util/u.c": "int u_low(void) { return 1; }\n",
    "engine/e.c": "int u_low(void);\nint e_eval(void) { return u_low(); }\n",
    "tourney/t.c": "int t_pair(void) { return 2; }\n",
    "commands/c.c": "int e_eval(void);\n"
                    "int c_auth(void) { return e_eval(); }\n",
    "pipeline/p.c": "int c_auth(void);\nint p_scan(void) { return c_auth(); }\n",
}


def tree(name, changes, gone=()):
    """CLEAN with changes compiled under scratch/name; the sources named
    in gone are deleted after compiling (a stale object)."""
    base = os.path.join(scratch, name)
    src, obj = os.path.join(base, "src"), os.path.join(base, "build", "src")
    files = dict(CLEAN)
    files.update(changes)
    for path, text in files.items():
        c = os.path.join(src, path)
        d, f = os.path.split(path)
        o = os.path.join(obj, d, "lib_a-" + f[:-2] + ".o")
        os.makedirs(os.path.dirname(c), exist_ok=True)
        os.makedirs(os.path.dirname(o), exist_ok=True)
        with open(c, "w") as fh:
            fh.write(text)
        subprocess.run([CC, "-c", "-o", o, c], check=True)
    for path in gone:
        os.unlink(os.path.join(src, path))
    layers = os.path.join(base, "layers.txt")
    with open(layers, "w") as fh:
        fh.write(LAYERS)
    return obj, src, layers


try:
    rc, out, err = run(os.path.join(BUILDDIR, "src"),
                       os.path.join(SRCDIR, "src"),
                       os.path.join(SRCDIR, "src", "layers.txt"))
    is_((rc, out, err), (0, [], ""),
        "no object of this build calls up a level of src/layers.txt")

    rc, out, err = run(*tree("clean", {}))
    is_((rc, out, err), (0, [], ""), "calls down only: passes")

    cases = [
        ("up", {"engine/e.c": "int u_low(void);\nint c_auth(void);\n"
                "int e_eval(void) { return u_low() + c_auth(); }\n"},
         "src/engine/e.o: calls c_auth of commands: engine (2) -> "
         "commands (5) points up"),
        ("same-level", {"engine/e.c": "int t_pair(void);\n"
                        "int e_eval(void) { return t_pair(); }\n"},
         "src/engine/e.o: calls t_pair of tourney: engine (2) -> tourney "
         "(2) is another part of the same level"),
        ("twice", {"tourney/t.c": "int t_pair(void) { return 2; }\n"
                   "int u_low(void) { return 3; }\n"},
         "src/util/u.o: defines u_low, which src/tourney/t.o defines too"),
    ]
    for name, changes, want in cases:
        rc, out, err = run(*tree(name, changes))
        ok(rc == 1 and want in out,
           "%s: exit 1 naming the call: %s" % (name, want),
           "exit %d\n%s%s" % (rc, "\n".join(out), err))

    # A source gone (moved up a level, say) leaves its object behind in
    # a build tree: it is not read.
    rc, out, err = run(*tree("stale", {"util/old.c": "int c_auth(void);\n"
                                       "int o(void) { return c_auth(); }\n"},
                             gone=["util/old.c"]))
    is_((rc, out, err), (0, [], ""), "an object without its source is left out")

    # The deliberately wrong case in the real tree: this build's objects
    # and sources copied, and one object of src/util calling cmd_auth
    # (src/commands) added.
    real = os.path.join(scratch, "real")
    objs, srcs = os.path.join(real, "build", "src"), os.path.join(real, "src")
    top = os.path.join(BUILDDIR, "src")
    for root, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.endswith(".o"):
                rel = os.path.relpath(os.path.join(root, name), top)
                os.makedirs(os.path.dirname(os.path.join(objs, rel)),
                            exist_ok=True)
                shutil.copyfile(os.path.join(root, name),
                                os.path.join(objs, rel))
    shutil.copytree(os.path.join(SRCDIR, "src"), srcs,
                    ignore=shutil.ignore_patterns(".*"))
    for d in (srcs, objs):
        for root, dirs, files in os.walk(d):
            os.chmod(root, 0o755)
    wrong = os.path.join(srcs, "util", "wrong.c")
    with open(wrong, "w") as fh:
        fh.write("int cmd_auth(void);\nint wrong(void) { return cmd_auth(); }\n")
    subprocess.run([CC, "-c", "-o", os.path.join(objs, "util",
                                                 "libepamserv_a-wrong.o"),
                    wrong], check=True)
    rc, out, err = run(objs, srcs, os.path.join(srcs, "layers.txt"))
    is_((rc, out), (1, ["src/util/wrong.o: calls cmd_auth of commands: "
                        "util (0) -> commands (5) points up"]),
        "a copy of this build with src/util calling cmd_auth fails")
finally:
    shutil.rmtree(scratch, ignore_errors=True)
done()
