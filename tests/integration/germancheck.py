# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32's "Must show": whether a mail a player reads is German, judged
against the real German catalogue (po/de.po) and the German templates.

A mail is German when
  - no English phrase of the catalogue is in it: the literal stretches
    of each msgid (between its printf conversions) whose German differs,
    that hold two words in a row and that no German msgstr or German
    template line holds as well (the command words, option names and
    notation a translation keeps are thus left out), matched at word
    boundaries with the mail's line breaks taken as blanks; and likewise
    no line of an English template that templates/de/ translates;
  - no two words in a row in a line of it are English-only (of the words
    of three letters or more that only one language uses, in the
    catalogue's and the templates' English and German; the others left
    out): an English sentence that no msgid holds (one never marked) is
    caught so;
  - and its prose words are German: of the words of three letters or
    more that only one of the two languages uses, at most one in ten is
    English-only.
What is read: the Subject, the text/plain part and the text of the HTML
part, quoted lines ("> ") and mail commands ("epaminondas move ...", to
the end of the line) left out.  An English mail fails both checks; the
tests show it with the same mails written in English."""
import ast
import glob
import html
import os
import re
import sys

import harness
from langenv import pipe_env, nls, skip_all

CONVERSION = re.compile(r"%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?"
                        r"(?:hh|h|ll|l|z|j|t|L)?[diouxXeEfgGcsp%]"
                        r"|\{\{[a-z_0-9]+\}\}")
PHRASE = re.compile(r"[A-Za-z]{2,}[ ,;:']+[A-Za-z]{2,}")
WORD = re.compile(r"[^\W\d_]{3,}")
COMMAND = re.compile(r"\bepaminondas\s+[a-z][a-z-]*\b.*")


def po_entries(path):
    """The translated entries of a .po file: (msgid, msgid_plural or
    None, [msgstr...]); the header, fuzzy and obsolete entries left
    out."""
    out, cur, key, fuzzy = [], {}, None, False
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n") + [""]
    for line in lines:
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith(("msgid", "msgstr")):
            key = line.split()[0]
            cur[key] = ast.literal_eval(line[len(key):].strip())
        elif line.startswith('"') and key:
            cur[key] += ast.literal_eval(line)
        elif not line.strip():
            if cur.get("msgid") and not fuzzy:
                strs = [v for k, v in sorted(cur.items())
                        if k.startswith("msgstr")]
                out.append((cur["msgid"], cur.get("msgid_plural"), strs))
            cur, key, fuzzy = {}, None, False
    return out


def flat(text):
    """text with its runs of blanks and line breaks as one blank."""
    return " ".join(text.split())


def template_texts(directory):
    """{name: text} of the templates (*.txt) of directory."""
    out = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.txt"))):
        with open(path, encoding="utf-8") as f:
            out[os.path.basename(path)] = f.read()
    return out


class German:
    """The judge, made from srcdir's po/de.po and templates/."""

    def __init__(self, srcdir):
        entries = po_entries(os.path.join(srcdir, "po", "de.po"))
        english = template_texts(os.path.join(srcdir, "templates"))
        german = template_texts(os.path.join(srcdir, "templates", "de"))
        de_text = [s for _, _, strs in entries for s in strs]
        de_text += list(german.values())
        de_flat = "\n".join(flat(CONVERSION.sub("\n", t)) for t in de_text)
        en_text = [m for m, p, _ in entries for m in (m, p) if m]
        en_text += list(english.values())
        phrases = set()
        for msgid, plural, strs in entries:
            if all(s == msgid for s in strs):
                continue
            for form in (msgid, plural or ""):
                for piece in CONVERSION.split(form):
                    piece = flat(piece).strip(" ,;:.()'\"")
                    if PHRASE.search(piece) and piece not in de_flat:
                        phrases.add(piece)
        for name, text in english.items():
            if name in german:
                for line in text.split("\n"):
                    for piece in CONVERSION.split(line):
                        piece = flat(piece).strip(" ,;:.()'\"")
                        if PHRASE.search(piece) and piece not in de_flat:
                            phrases.add(piece)
        self.msgstr = {m: strs[0] for m, _, strs in entries}
        self.phrases = sorted(phrases, key=len, reverse=True)
        self.pattern = re.compile("|".join(
            r"(?<!\w)%s(?!\w)" % re.escape(p) for p in self.phrases))
        de_words = {w.lower() for t in de_text for w in
                    WORD.findall(CONVERSION.sub(" ", t))}
        en_words = {w.lower() for t in en_text for w in
                    WORD.findall(CONVERSION.sub(" ", t))}
        self.de_only = de_words - en_words
        self.en_only = en_words - de_words

    def translation(self, msgid):
        """The German of msgid (a singular), or msgid itself."""
        return self.msgstr.get(msgid, msgid)

    @staticmethod
    def readable(msg):
        """What a player reads of msg (an EmailMessage): its Subject, its
        text part and its HTML part's text, without quoted lines and
        mail commands, as one string of lines."""
        parts = [str(msg["Subject"] or "")]
        plain = msg.get_body(preferencelist=("plain",))
        if plain is not None:
            parts.append(plain.get_content())
        rich = msg.get_body(preferencelist=("html",))
        if rich is not None:
            text = re.sub(r"<(style|script)\b.*?</\1>", " ",
                          rich.get_content(), flags=re.S | re.I)
            parts.append(html.unescape(re.sub(r"<br\s*/?>|</(p|div|tr|li|h\d)>",
                                              "\n\n", text, flags=re.I)
                                       .replace("<", "\n<")))
            parts[-1] = re.sub(r"<[^>]*>", " ", parts[-1])
        lines = []
        for line in "\n".join(parts).replace("\r\n", "\n").split("\n"):
            if line.lstrip().startswith(">"):
                continue
            lines.append(COMMAND.sub(" ", line))
        return "\n".join(lines)

    def english(self, msg):
        """(the English phrases of the catalogue found in msg and the
        pairs of English-only words in a row in a line of it, its
        English-only words, its German-only words)."""
        text = self.readable(msg)
        found = set(m.group(0) for m in self.pattern.finditer(flat(text)))
        for line in text.split("\n"):
            words = [w.lower() for w in WORD.findall(line)]
            words = [w for w in words if w in self.en_only or
                     w in self.de_only]
            found.update("%s %s" % pair for pair in zip(words, words[1:])
                         if pair[0] in self.en_only and
                         pair[1] in self.en_only)
        words = [w.lower() for w in WORD.findall(text)]
        return (sorted(found), [w for w in words if w in self.en_only],
                [w for w in words if w in self.de_only])

    def is_german(self, msg):
        """(whether msg is German, why not)."""
        found, en, de = self.english(msg)
        good = not found and len(de) > 0 and len(en) * 10 <= len(en) + len(de)
        return good, "English phrases: %r\nEnglish-only words: %r " \
            "(German-only: %d)\nSubject: %s" % (found, en, len(de),
                                                msg["Subject"])


def german_env(env):
    """Make env's runs those of an MTA's pipe (an emptied environment)
    with the build's catalogues (po/LANG/LC_MESSAGES/epamserv.mo of
    EPAMSERV_BUILDDIR, which make compiles); returns the judge.  In a
    build without them (configure --disable-nls, as make distcheck
    builds) the whole test is skipped here: env closed, a plan of 0."""
    build = os.environ.get("EPAMSERV_BUILDDIR", ".")
    why = None
    if not os.path.exists(os.path.join(build, "po", "de", "LC_MESSAGES",
                                       "epamserv.mo")):
        why = "no German catalogue built (configure --disable-nls)"
    else:
        pipe_env(env, harness.LOCALEDIR)
        if not nls(env):
            why = "built without NLS (configure --disable-nls)"
    if why:
        skip_all(env, why)
    return German(harness.SRCDIR)
