#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The languages' catalogues (issue 32 item 8): each language of
po/LINGUAS has po/LANG.po, which `msgfmt --check --statistics` passes
with every message translated (none fuzzy, none untranslated, the
formats agreeing), and which covers the catalogue of today's sources: a
msgid added or changed since it was translated fails here, named, until
its translation is written (`make update-po`, then translate).  German
plurals: two forms, the singular for 1 only (0, 2 and 5 take the plural),
read back from the compiled catalogue the program uses."""
import ast
import gettext
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ok, is_, done, SRCDIR
from potfile import update_po

build = os.environ.get("EPAMSERV_BUILDDIR", ".")
scratch = tempfile.mkdtemp(prefix="epamserv-po-")


def statistics(po):
    """msgfmt --check --statistics of po: (exit status, its words)."""
    p = subprocess.run(["msgfmt", "--check", "--check-format", "--statistics",
                        "-o", "/dev/null", po], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    return p.returncode, p.stdout.strip()


with open(os.path.join(SRCDIR, "po", "LINGUAS"), encoding="utf-8") as f:
    langs = [w for line in f for w in line.split("#")[0].split()]
ok("de" in langs, "German is a language of po/LINGUAS", langs)
rc, out = update_po(build, os.path.join(scratch, "epamserv.pot"))
is_(rc, 0, "make update-pot")
for lang in langs:
    po = os.path.join(SRCDIR, "po", lang + ".po")
    ok(os.path.exists(po), "%s: po/%s.po is there" % (lang, lang))
    rc, words = statistics(po)
    is_(rc, 0, "%s: msgfmt --check passes" % lang)
    ok(re.fullmatch(r"\d+ translated messages?\.", words),
       "%s: every message translated, none fuzzy" % lang, words)
    merged = os.path.join(scratch, lang + ".po")
    p = subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "-o",
                        merged, po, os.path.join(scratch, "epamserv.pot")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    is_(p.returncode, 0, "%s: msgmerge with today's catalogue" % lang)
    p = subprocess.run(["msgattrib", "--untranslated", "--no-obsolete",
                        merged], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    missing = re.findall(r'^#: (\S+)', p.stdout, re.M)
    is_(missing, [], "%s: po/%s.po translates every msgid of today's "
        "sources (run make update-po and translate the entries named)"
        % (lang, lang))

# German plurals, through the catalogue the build compiled.
mo = os.path.join(build, "po", "de", "LC_MESSAGES", "epamserv.mo")
ok(os.path.exists(mo), "the build compiled po/de.po", mo)
if os.path.exists(mo):
    with open(mo, "rb") as f:
        de = gettext.GNUTranslations(f)
    is_(de.info().get("plural-forms"), "nplurals=2; plural=(n != 1);",
        "German: two forms, the singular for one")
    with open(os.path.join(SRCDIR, "po", "de.po"), encoding="utf-8") as f:
        plurals = [(ast.literal_eval('"%s"' % m.group(1)),
                    ast.literal_eval('"%s"' % m.group(2))) for m in re.finditer(
            r'msgid "((?:[^"\\]|\\.)+)"\nmsgid_plural "((?:[^"\\]|\\.)+)"',
            f.read())]
    ok(len(plurals) > 50, "German has its plural entries (%d)" % len(plurals))
    for s, p in plurals[:40]:
        got = [de.ngettext(s, p, n) for n in (0, 1, 2, 5)]
        ok(got[0] == got[2] == got[3] and got[1] != s and got[2] != p,
           "German forms of %r at 0, 1, 2 and 5" % s[:40], got)
done()
