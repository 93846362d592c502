#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32, German style (doc/translating.md, "German style decisions"):
in po/de.po a whole sentence after a colon starts with a capital letter
("... ist keine Zeitzone: Schreib einen Namen ...", "... angenommen: Die
Partie läuft"), while a label's colon keeps the lowercase word after it
("epamserv: es gibt keinen Benutzer x", "-size=9: schreibe -size=WxH").

The general check: no msgstr has a colon followed by a word that always
starts a whole sentence here (a subject pronoun, "dort", or an
imperative: du, er, es, schreib, antworte, frag, gib, ...) in lowercase,
unless the colon ends a label (one token such as "%s", "-size=%.20s" or
"create", or the program's name with at most two words after it).
Reads the catalogue's text, so it runs in a --disable-nls build too."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ok, is_, done, SRCDIR  # noqa: E402

SENTENCE_START = set(
    "du er es dort meintest schreib schreibe antworte frag sende gib "
    "beende warte nimm wähle füge fordere beantworte ändere schick".split())


def unquote(lines):
    out = []
    for line in lines:
        m = re.match(r'^(?:msgid|msgstr|msgid_plural|msgstr\[\d+\])?\s*"(.*)"$',
                     line.strip())
        if m:
            out.append(m.group(1))
    s = "".join(out)
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(
        m.group(1), m.group(1)), s)


def entries(path):
    """(msgid, [msgstr, ...]) of each live entry of the .po file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for block in text.split("\n\n"):
        lines = [line for line in block.split("\n")
                 if not line.startswith("#")]
        if not lines:
            continue
        keys = [i for i, line in enumerate(lines)
                if re.match(r'^(msgid|msgid_plural|msgstr(\[\d+\])?) ', line)]
        parts = {}
        for n, i in enumerate(keys):
            end = keys[n + 1] if n + 1 < len(keys) else len(lines)
            parts.setdefault(lines[i].split(" ", 1)[0], unquote(lines[i:end]))
        if "msgid" in parts and parts["msgid"]:
            yield parts["msgid"], [v for k, v in parts.items()
                                   if k.startswith("msgstr")]


def is_label(before):
    """Whether the text before a colon (from its line's or sentence's
    start) is a label: one token, or the program's name and at most two
    words."""
    lead = re.split(r"\n|\.  |\(", before)[-1].strip()
    words = lead.split()
    return len(words) == 1 or (words and words[0].startswith("epamserv") and
                               len(words) <= 3)


def lowercase_sentences(msgstr):
    """The places in msgstr where a whole sentence after a colon starts
    lowercase."""
    bad = []
    for m in re.finditer(r":( +)(\w+)", msgstr):
        if m.group(2) in SENTENCE_START and not is_label(msgstr[:m.start()]):
            bad.append(msgstr[max(0, m.start() - 50):m.end() + 20])
    return bad


PO = os.path.join(SRCDIR, "po", "de.po")
catalogue = dict(entries(PO))
ok(len(catalogue) > 1000, "po/de.po has its entries (%d)" % len(catalogue))

bad = [b for strs in catalogue.values() for s in strs
       for b in lowercase_sentences(s)]
is_(bad, [], "no whole sentence after a colon starts lowercase")

# The check finds what it is for, and leaves labels alone.
ok(lowercase_sentences("'x' ist keine Zeitzone: schreib einen Namen"),
   "a deliberate lowercase imperative after a colon is found")
ok(lowercase_sentences("Die Herausforderung ist angenommen: es geht los"),
   "a deliberate lowercase pronoun after a colon is found")
is_(lowercase_sentences("epamserv: es gibt keinen Benutzer x") +
    lowercase_sentences("-size=%.20s: schreibe -size=WxH") +
    lowercase_sentences("create: du veranstaltest es"), [],
    "a label's colon keeps the lowercase word")

# Examples of each kind, as they read now.
for msgid, want in (
        ("'%.40s' is not a time zone: write a name of the tz database as "
         "it is spelled, e.g. Europe/Berlin, America/New_York, Asia/Tokyo, "
         "or UTC", "Zeitzone: Schreib einen Namen"),
        ("%s accepted the challenge: the game is on, %s (White) moves "
         "first.", "angenommen: Die Partie läuft"),
        ("epamserv: there is no user %s\n", "epamserv: es gibt keinen"),
        ("Active games: at most %d at once.\n", "Aktive Partien: höchstens")):
    got = catalogue.get(msgid, [""])[0]
    ok(want in got, "de.po: %r" % want, got or "(no such msgid)")
done()
