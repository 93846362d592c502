#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The layer order of src/ (issue 31 item 1): scripts/check-layers.py passes
on the real tree and on a small clean tree, and fails, naming the file and
line, on each rule broken once in a small tree written here: an include
that points up, one to another directory of the same level, another
directory's private header, a circle, struct cmdctx outside the mail
layer, a directory not placed, an include that resolves to nothing and a
stale except line.  A wrong include put into a copy of the real tree
fails too."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import SRCDIR, ok, is_, done

SCRIPT = os.path.join(SRCDIR, "scripts", "check-layers.py")
scratch = tempfile.mkdtemp(prefix="epamserv-layers-")


def run(src, *extra):
    p = subprocess.run([sys.executable, SCRIPT, "--src", src] + list(extra),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout.splitlines(), p.stderr


LAYERS = """\
level 0 util
level 1 rules
level 2 engine tourney
level 3 game
level 4 services
level 5 commands cmd
level 8 cli
legacy cmd commands   # a comment
private internal.h *priv.h
mailctx commands cmd
"""

# A tree that keeps every rule: includes down, within a directory, a
# private header from its own directory, the legacy pair, and an empty
# level (services holds only its local.mk).
CLEAN = {
    "util/u.h": "",
    "rules/r.h": '#include "util/u.h"\n',
    "rules/internal.h": '#include "r.h"\n',
    "rules/r.c": '#include "config.h"\n#include "internal.h"\n',
    "engine/e.c": '#include "rules/r.h"\n',
    "tourney/t.h": "",
    "game/g.c": '#include "engine/e.h"\n#include "tourney/t.h"\n',
    "engine/e.h": "",
    "services/local.mk": "",
    "commands/x.h": "struct cmdctx;\n",
    "cmd/c.h": "struct cmdctx { int x; };\n",
    "cmd/c.c": '#include "commands/x.h"\n',
    "cli/k.c": '#include "commands/x.h"\n#include "game/g.h"\n',
    "game/g.h": "",
}


def tree(name, changes, layers=LAYERS):
    """CLEAN with changes (path -> text, None deletes) under scratch/name/src."""
    src = os.path.join(scratch, name, "src")
    files = dict(CLEAN)
    files.update(changes)
    for path, text in files.items():
        if text is None:
            continue
        full = os.path.join(src, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
    with open(os.path.join(src, "layers.txt"), "w") as f:
        f.write(layers)
    return src


try:
    rc, out, err = run(os.path.join(SRCDIR, "src"))
    is_((rc, out, err), (0, [], ""), "the real src/ keeps its layer order")
    rc, out, err = run(os.path.join(SRCDIR, "src"), "--graph")
    ok(rc == 0 and any(l.split()[:3] == ["commands", "->", "spool"] for l in out),
       "--graph prints the include lines from directory to directory",
       "\n".join(out[:5]) + err)

    rc, out, err = run(tree("clean", {}))
    is_((rc, out), (0, []), "a small tree that keeps every rule passes")

    cases = [
        ("up", {"game/g.c": '#include "tourney/t.h"\n#include "commands/x.h"\n'},
         LAYERS,
         "src/game/g.c:2: includes commands/x.h: game (3) -> commands (5) "
         "points up"),
        ("same-level", {"engine/e.c": '#include "rules/r.h"\n'
                        '#include "tourney/t.h"\n'}, LAYERS,
         "src/engine/e.c:2: includes tourney/t.h: engine (2) -> tourney (2) "
         "is another part of the same level"),
        ("private", {"cli/k.c": '#include "commands/x.h"\n'
                     '#include "rules/internal.h"\n'}, LAYERS,
         "src/cli/k.c:2: includes rules/internal.h: the private header of "
         "rules"),
        ("private-glob", {"cli/k.c": '#include "commands/x.h"\n'
                          '#include "util/upriv.h"\n', "util/upriv.h": ""},
         LAYERS,
         "src/cli/k.c:2: includes util/upriv.h: the private header of util"),
        ("mailctx", {"cli/s.c": "/* a fake */\nstatic struct  cmdctx c;\n"},
         LAYERS,
         "src/cli/s.c:2: names struct cmdctx outside the mail layer "
         "(cmd commands)"),
        ("not-placed", {"newdir/n.c": '#include "util/u.h"\n'}, LAYERS,
         "src/newdir: not placed in any level of the layers file"),
        ("top-file", {"extra.c": ""}, LAYERS,
         "src/extra.c: not placed in any level of the layers file"),
        ("names-nothing", {}, LAYERS + "level 7 web\n",
         "src/layers.txt:11: web names nothing under src/"),
        ("unresolved", {"cli/k.c": '#include "commands/x.h"\n'
                        '#include "cli/nope.h"\n'}, LAYERS,
         "src/cli/k.c:2: includes cli/nope.h, which is not under src/"),
        ("stale-except", {}, LAYERS + "except src/cli/k.c game/g.h\n",
         "src/layers.txt:11: except src/cli/k.c game/g.h matches no include "
         "that breaks a rule (delete the line)"),
        ("stale-mailctx", {}, LAYERS + "except-mailctx src/cli/k.c\n",
         "src/layers.txt:11: except-mailctx src/cli/k.c matches no line "
         "naming struct cmdctx (delete the line)"),
        ("bad-rule", {}, LAYERS + "levels 3 game\n",
         "src/layers.txt:11: cannot read this rule: levels 3 game"),
    ]
    for name, changes, layers, want in cases:
        rc, out, err = run(tree(name, changes, layers))
        ok(rc == 1 and want in out,
           "%s: exit 1 naming the line: %s" % (name, want),
           "exit %d\n%s%s" % (rc, "\n".join(out), err))

    # The legacy pair may include each other, but not in a circle.
    rc, out, err = run(tree("circle", {"commands/x.h": '#include "cmd/c.h"\n'
                                       '#include "cmd/c.c"\n'}))
    is_((rc, out), (1, [
        "src/: the parts cmd, commands include each other in a circle:",
        "  src/cmd/c.c:1 includes commands/x.h",
        "  src/commands/x.h:1 includes cmd/c.h",
        "  src/commands/x.h:2 includes cmd/c.c"]),
        "circle: exit 1, naming each include of the circle")

    # An except line lets its include through, and only that one.
    src = tree("excepted", {"game/g.c": '#include "commands/x.h"\n'
                            '#include "cli/k.h"\n', "cli/k.h": ""},
               LAYERS + "except src/game/g.c commands/x.h  # who removes it\n")
    rc, out, err = run(src)
    is_((rc, out), (1, ["src/game/g.c:2: includes cli/k.h: game (3) -> "
                        "cli (8) points up"]),
        "except: the excepted include passes, the other one fails")

    # The "must show": a wrong include in the real tree fails.
    # Copied file by file, so that the copy is writable even when the
    # sources are not (make distcheck).
    real = os.path.join(scratch, "real", "src")
    top = os.path.join(SRCDIR, "src")
    for root, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        os.makedirs(os.path.join(real, os.path.relpath(root, top)))
        for name in files:
            if name.endswith((".c", ".h", ".txt", ".mk")):
                shutil.copyfile(os.path.join(root, name),
                                os.path.join(real, os.path.relpath(
                                    os.path.join(root, name), top)))
    board = os.path.join(real, "rules", "position.c")
    with open(board) as f:
        n = len(f.read().splitlines())
    with open(board, "a") as f:
        f.write('#include "commands/cmd.h"\n')
    rc, out, err = run(real)
    is_((rc, out), (1, ["src/rules/position.c:%d: includes commands/cmd.h: rules (1) "
                        "-> commands (5) points up" % (n + 1)]),
        "a copy of the real tree with rules/position.c including commands/cmd.h fails")
finally:
    shutil.rmtree(scratch, ignore_errors=True)
done()
