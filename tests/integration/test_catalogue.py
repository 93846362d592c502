#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The message catalogue (issue 31 item 3): `make update-po` extracts every
string marked _(), N_() or ngettext() in src/ into a .pot, sorted by file
and the same each time; every file that marks a string is in it; and with
the marks in place (src/cli/password.c) the program's words stay English,
byte for byte, in any locale and language the environment asks for, since
no catalogue is installed yet."""
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import SRCDIR, Env, ok, is_, done
from potfile import entries, update_po as update_po_in

build = os.environ.get("EPAMSERV_BUILDDIR", ".")
# configure --disable-nls (make distcheck) compiles the marks out: no
# language but English then, whatever the environment asks.
with open(os.path.join(build, "config.h")) as f:
    nls = "#define ENABLE_NLS 1" in f.read()
scratch = tempfile.mkdtemp(prefix="epamserv-catalogue-")
MARK = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|ngettext)\(\s*"')


def update_po(name):
    """Run make update-po writing scratch/name; (exit status, output,
    the .pot's path)."""
    pot = os.path.join(scratch, name)
    return update_po_in(build, pot) + (pot,)


def marking_files():
    """The files under src/ that mark a string, relative to SRCDIR."""
    out = []
    for root, dirs, files in os.walk(os.path.join(SRCDIR, "src")):
        for name in files:
            if name.endswith((".c", ".h")):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    if MARK.search(f.read()):
                        out.append(os.path.relpath(path, SRCDIR))
    return sorted(p for p in out if not p.endswith("util/i18n.h"))


try:
    rc, out, pot = update_po("a.pot")
    ok(rc == 0 and os.path.exists(pot), "make update-po writes the .pot", out)
    got = entries(pot)
    ids = {e[2]: e for e in got}
    for msgid in ("the password is empty", "the two passwords differ",
                  "the password holds a blank or a control character (a mail "
                  "command could not carry it)",
                  "epamserv: warning: a password on the command line can be "
                  "read by every user of this machine (ps) and stays in the "
                  "shell's history; leave it out and type it when asked, or "
                  "give it on standard input (this form will be refused in a "
                  "later version)\n"):
        ok(msgid in ids, "the catalogue has %r" % msgid[:40])
    ok("c-format" in ids.get("new password for %s: ", ([], [], 0, 0))[1],
       "a string with a conversion is marked c-format for msgfmt's check")
    with open(pot, encoding="utf-8") as f:
        head = f.read(2000)
    ok('"Project-Id-Version: epamserv ' in head, "the header names epamserv",
       head)

    files = sorted({r.rsplit(":", 1)[0] for e in got for r in e[0]})
    is_(files, marking_files(),
        "every file of src/ that marks a string is in the catalogue")
    ok(files == sorted(files) and [r.rsplit(":", 1)[0] for e in got
                                   for r in e[0][:1]] ==
       sorted(r.rsplit(":", 1)[0] for e in got for r in e[0][:1]),
       "the entries are sorted by file")

    rc, out, pot2 = update_po("b.pot")

    def body(path):
        with open(path, encoding="utf-8") as f:
            return [l for l in f if not l.startswith('"POT-Creation-Date:')]
    ok(rc == 0 and body(pot) == body(pot2),
       "a second update-po writes the same catalogue")

    # The marked words of src/cli/password.c, as each environment reads
    # them: English in every one, today.
    env = Env(smtp=False)
    env.run("admin", "user", "add", "carol", "carol@example.org", "--reason",
            "t", stdin=b"Carol-pw-1\n")
    plain = {k: v for k, v in env.env.items()
             if k not in ("LANGUAGE", "LANG") and not k.startswith("LC_")}
    env.env = plain
    want = None
    for name, extra in (("no locale", {}),
                        ("LANGUAGE=de:fr", {"LC_ALL": "C.UTF-8",
                                            "LANGUAGE": "de:fr"}),
                        ("LANG=de_DE.UTF-8", {"LANG": "de_DE.UTF-8"}),
                        ("LC_MESSAGES=fr_FR", {"LC_MESSAGES": "fr_FR"})):
        said = []
        for pw in (b"", b"\n", b"two words\n", b"x" * 129 + b"\n"):
            said.append(env.run("admin", "user", "passwd", "carol",
                                "--reason", "t", stdin=pw, env=extra)[2])
        said.append(env.run("admin", "user", "passwd", "carol", "Carol-pw-2",
                            "--reason", "t", env=extra)[2].split("\n")[0])
        if want is None:
            want = said
            is_([s.count("\n") > 0 for s in said[:4]], [True] * 4,
                "the refusals are printed")
            is_(said[1].split("\n")[0],
                "epamserv: carol: the password is empty",
                "a refusal reads as before the marks")
            is_(said[4], "epamserv: warning: a password on the command line "
                "can be read by every user of this machine (ps) and stays in "
                "the shell's history; leave it out and type it when asked, "
                "or give it on standard input (this form will be refused in "
                "a later version)", "the warning reads as before the marks")
        elif name.startswith("LANGUAGE=de") and nls:
            # An operator who asks for German at his terminal reads the
            # German catalogue (po/de.po, which the harness finds): every
            # line changed, the program's name and the user kept.
            ok(all(a != b and a.startswith("epamserv: ")
                   for a, b in zip(said, want)) and "carol" in said[1],
               "with %s the operator's words are German" % name, said)
        else:
            is_(said, want, "with %s the words are the same English" % name)
finally:
    shutil.rmtree(scratch, ignore_errors=True)
done()
