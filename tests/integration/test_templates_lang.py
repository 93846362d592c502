#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The translated templates (issue 32): for each language directory
templates/LANG/, every English template has its translation, with the
same {{placeholders}} as often (a placeholder alone on its line stays
alone: an empty value removes the line), no line over 72 characters
(characters, not bytes: the mail wraps by columns) outside the lines a
placeholder fills, every example command of the English (a line that
starts with a game's name and a command, or "help ...") kept as it is,
and every file listed in templates/local.mk, so that it is installed."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ok, is_, done, SRCDIR

TEMPLATES = os.path.join(SRCDIR, "templates")
PLACE = re.compile(r"\{\{(\w+)\}\}")
TYPED = re.compile(r"^\s*((?:epaminondas|crossings) [a-z]+ [^()]*?|help [a-z]+)"
                   r"(?=\s{2,}|\s*$|\s+\()")
WIDTH = 72


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def placeholders(text):
    """The placeholders of text, sorted with repeats, and those alone on
    a line."""
    alone = sorted(m.group(1) for line in text.split("\n")
                   for m in [re.fullmatch(r"\{\{(\w+)\}\}", line)] if m)
    return sorted(PLACE.findall(text)), alone


english = sorted(n for n in os.listdir(TEMPLATES)
                 if n.endswith((".txt", ".html")))
langs = sorted(d for d in os.listdir(TEMPLATES)
               if os.path.isdir(os.path.join(TEMPLATES, d)))
ok(english, "the English templates are there (%d)" % len(english))
ok("de" in langs, "a German directory of templates is there", langs)
with open(os.path.join(TEMPLATES, "local.mk"), encoding="utf-8") as f:
    listed = set(re.findall(r"templates/([a-z]{2,3}(?:_[A-Z]{2})?/[\w.-]+)",
                            f.read()))
for lang in langs:
    mine = sorted(os.listdir(os.path.join(TEMPLATES, lang)))
    is_([n for n in english if n not in mine], [],
        "%s: every template is translated" % lang)
    is_([n for n in mine if n not in english], [],
        "%s: no template the English lacks" % lang)
    is_(sorted(n for n in mine if "%s/%s" % (lang, n) not in listed), [],
        "%s: every translated template is in templates/local.mk" % lang)
    wrong, wide, lost = [], [], []
    for name in english:
        path = os.path.join(TEMPLATES, lang, name)
        if not os.path.exists(path):
            continue
        en, tr = read(os.path.join(TEMPLATES, name)), read(path)
        if placeholders(en) != placeholders(tr):
            wrong.append(name)
        if name.endswith(".txt"):
            wide += ["%s:%d" % (name, i + 1)
                     for i, line in enumerate(tr.split("\n"))
                     if len(line) > WIDTH and "{{" not in line]
            for line in en.split("\n"):
                m = TYPED.match(line)
                if m and m.group(1).strip() not in tr:
                    lost.append("%s: %s" % (name, m.group(1).strip()))
    is_(wrong, [], "%s: the same placeholders, as often, alone where "
        "alone" % lang)
    is_(wide, [], "%s: no line over %d characters" % (lang, WIDTH))
    is_(lost, [], "%s: every example command kept as it is" % lang)
done()
