#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32, German style: the continuation lines of `epamserv admin`'s
usage are indented to the column of "epamserv" in the translated first
line, counted in characters: 7 under "usage: ", 8 under "Aufruf: " (the
real German catalogue, where the build has it), and as many characters
as a label with umlauts has (a test catalogue), not its bytes."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done  # noqa: E402
import langenv  # noqa: E402


def usage(env, extra):
    """The usage lines of `epamserv admin` (no command) with extra
    environment: the first and its continuation lines (the note after
    them, "(see epamserv(1))", left out)."""
    rc, out, err = env.run("admin", env=extra, quiet=True)
    lines = [line for line in err.split("\n") if line]
    n = 1
    while n < len(lines) and lines[n].startswith(" "):
        n += 1
    return lines[:n]


def aligned(lines, name):
    """Check that each continuation line of lines starts where
    "epamserv" starts in the first one (in characters); returns the
    column."""
    col = lines[0].find("epamserv") if lines else -1
    ok(col > 0 and len(lines) > 3, "%s: a usage of several lines" % name,
       lines)
    bad = [line for line in lines[1:]
           if len(line) - len(line.lstrip(" ")) != col]
    is_(bad, [], "%s: every continuation line starts in column %d, under "
        "\"epamserv\"" % (name, col))
    return col


env = Env(smtp=False)
try:
    english = usage(env, {})
    is_(aligned(english, "English"), 7, "English: \"usage: \" is 7 columns")
    ok(english[0].startswith("usage: epamserv admin "),
       "English: the first line as before", english[:1])

    # The real German catalogue (po/de.gmo of the build, as the harness
    # finds it): "Aufruf: " is one column wider.
    if langenv.nls(env):
        german = usage(env, {"LANGUAGE": "de"})
        ok(german and german[0].startswith("Aufruf: epamserv admin "),
           "German: the first line from po/de.po", german[:1])
        is_(aligned(german, "German"), 8, "German: \"Aufruf: \" is 8 columns")
    else:
        ok(True, "# SKIP no German catalogue in this build (--disable-nls)")
        ok(True, "# SKIP no German catalogue in this build (--disable-nls)")
        ok(True, "# SKIP no German catalogue in this build (--disable-nls)")
        ok(True, "# SKIP no German catalogue in this build (--disable-nls)")

    # A label with umlauts: counted in characters, not bytes.
    locale = langenv.catalogue(env.root, {
        "usage: epamserv admin %s\n":
            "Gebrauchsübersicht: epamserv admin %s\n",
        "epamserv: unknown command '%s'\n":
            "epamserv: unbekannter Befehl '%s'\n"})
    langenv.pipe_env(env, locale)
    if langenv.nls(env):
        wide = usage(env, {"LANGUAGE": "de"})
        ok(wide and wide[0].startswith("Gebrauchsübersicht: epamserv"),
           "the test catalogue's label is used", wide[:1])
        is_(aligned(wide, "umlaut label"), 20,
            "\"Gebrauchsübersicht: \" is 20 characters (21 bytes)")
    else:
        for i in range(4):
            ok(True, "# SKIP built without NLS (configure --disable-nls)")
finally:
    env.close()
done()
