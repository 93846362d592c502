#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""outbox-strings.py - which words of the mail epamserv sent come from the
message catalogue (issue 31 item 3): read the mails of an outbox or a
Maildir after a run (scripts/demo.sh leaves demo-spool/outbox), and report
each piece of English a player reads that is neither a msgid of the
catalogue nor a line of a template.

    outbox-strings.py --pot po/epamserv.pot [--templates DIR] [--strict]
                      [--player-words TEXT]... PATH...

PATH is an outbox (its *.eml, each behind its Envelope- lines), a Maildir
(new/ and cur/) or one mail file.  What a player reads: the Subject and
the text/plain parts, quoted lines ("> ") and attachments left out (the
HTML part says what the text part says).  A sentence may be wrapped over
the lines of a paragraph (its words and its arguments), never over a
blank line.

Each msgid (printf conversions as the words put in them) and each line
of a template ({{variables}} likewise) becomes a pattern; the literal
words of every match count as catalogued.  Templates are prose kept as
whole files, translated as whole files per language (issue 32 decides
how), so for now their lines count as catalogued.  Then each stretch of
a mail's text that no pattern covered and that holds two words in a row
(a phrase, not a player's name, a move or a number) is uncatalogued:
English built in C without a mark, or a player's own words (a comment,
a chat message), which the report cannot tell apart.  A mail command as
a player types it ("epaminondas move 101 alice PASSWORD e3-e7"), from
its first word to the end of its line, is notation, not English.

--player-words TEXT (as often as needed) names words the players of the
run wrote themselves (a comment on a move, a message): they count as
covered, so that a test that knows its players' words can use --strict.

Prints one line per distinct uncatalogued phrase (how many times, one
mail that has it) and a count; exit status 0, or 1 with --strict when
anything is uncatalogued; 2 on a bad command line.
"""
import argparse
import ast
import email
import email.policy
import glob
import os
import re
import sys

CONVERSION = re.compile(r"%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?"
                        r"(?:hh|h|ll|l|z|j|t|L)?[diouxXeEfgGcsp%]"
                        r"|\{\{[a-z_0-9]+\}\}")
PHRASE = re.compile(r"[A-Za-z][a-z']+[ ,;:]+[A-Za-z]?[a-z']+")
# What a conversion matches: any text within a paragraph (a sentence is
# wrapped to the mail's width, an argument as long as a list too).
ANY = r"(?:[^\n]|\n(?!\s*\n))*?"
# A mail command as a player types it ("epaminondas move 101 alice
# PASSWORD e3-e7"), to the end of its line: the words players type are
# notation, the same in every language.
COMMAND = re.compile(r"\bepaminondas\s+[a-z][a-z-]*\b.*")


def msgids(pot):
    """The msgids and msgid_plurals of a .pot or .po file."""
    found, key = [], None
    with open(pot, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith(("msgid ", "msgid_plural ")):
                key = line.split()[0]
                found.append(ast.literal_eval(line[len(key):].strip()))
            elif line.startswith('"') and key:
                found[-1] += ast.literal_eval(line)
            else:
                key = None
    return [m for m in found if m]


def template_lines(directory):
    """Every line of every template (*.txt) under directory."""
    lines = []
    for path in sorted(glob.glob(os.path.join(directory, "*.txt"))):
        with open(path, encoding="utf-8") as f:
            lines += f.read().split("\n")
    return lines


def pattern(text):
    """A regex matching text with its conversions and {{variables}}
    filled in, each literal stretch a group; None when the literal words
    are too few to tell it anywhere (fewer than three letters).  Words
    match whole words only, and a text of one word and no conversion
    ("Board", a label of the web site) only a whole line: inside a sentence it would pass
    that sentence's English as catalogued."""
    out, letters, words, pos = [], 0, 0, 0
    for m in list(CONVERSION.finditer(text)) + [None]:
        lit = text[pos:m.start() if m else len(text)]
        if m and m.group() == "%%":
            lit += "%"
        if lit.strip():
            letters += sum(c.isalpha() for c in lit)
            words += len(re.findall(r"[A-Za-z]{2,}", lit))
            body = r"\s+".join(re.escape(w) for w in lit.split())
            if lit[0].isalnum():
                body = r"\b" + body
            if lit[-1].isalnum():
                body += r"\b"
            if lit[0].isspace():
                body = r"\s+" + body
            if lit[-1].isspace():
                body += r"\s+"
            out.append("(" + body + ")")
        if m and m.group() != "%%":
            out.append(ANY)
        if m:
            pos = m.end()
    # A conversion at either end adds nothing to what is covered.
    while out and out[0] == ANY:
        out.pop(0)
    while out and out[-1] == ANY:
        out.pop()
    if letters < 3:
        return None
    if words < 2 and not CONVERSION.search(text):
        return re.compile(r"(?m)^\s*" + "".join(out) + r"\s*$")
    return re.compile("".join(out))


def pieces(catalogue):
    """The patterns of the catalogue's texts, split at their line ends
    (a msgid of several lines is several lines of a mail)."""
    seen, pats = set(), []
    for text in catalogue:
        for piece in text.split("\n"):
            piece = piece.strip()
            if piece and piece not in seen:
                seen.add(piece)
                p = pattern(piece)
                if p:
                    pats.append(p)
    return pats


def mail_files(path):
    if os.path.isfile(path):
        return [path]
    found = sorted(glob.glob(os.path.join(path, "*.eml")))
    for sub in ("new", "cur"):
        found += sorted(f for f in glob.glob(os.path.join(path, sub, "*"))
                        if os.path.isfile(f))
    return found


def read_text(path):
    """The Subject and the text/plain parts of the mail in path, quoted
    lines dropped, as one text."""
    with open(path, "rb") as f:
        raw = f.read()
    while raw.startswith(b"Envelope-"):
        raw = raw.split(b"\n", 1)[1]
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    parts = [" ".join(str(msg["Subject"] or "").split())]
    for part in msg.walk():
        if part.get_content_type() == "text/plain" and \
                part.get_content_disposition() != "attachment":
            parts.append(part.get_content())
    lines = [l.rstrip("\r") for t in parts for l in t.split("\n")]
    return "\n".join(l for l in lines if not l.lstrip().startswith(">"))


def uncatalogued(text, pats):
    """The stretches of text that no pattern covers and that hold a
    phrase."""
    covered = bytearray(len(text))
    for m in COMMAND.finditer(text):
        covered[m.start():m.end()] = b"\1" * (m.end() - m.start())
    for p in pats:
        for m in p.finditer(text):
            for g in range(1, (p.groups or 0) + 1):
                a, b = m.span(g)
                covered[a:b] = b"\1" * (b - a)
    found = []
    for m in re.finditer(r"[^\n]+", text):
        line, base = m.group(), m.start()
        stretch = "".join(c if not covered[base + i] else "\0"
                          for i, c in enumerate(line))
        for s in stretch.split("\0"):
            if PHRASE.search(s):
                found.append(" ".join(s.split()))
    return found


def main():
    ap = argparse.ArgumentParser(description="Report the English of sent "
                                 "mail that is not in the catalogue.")
    ap.add_argument("--pot", required=True)
    ap.add_argument("--templates",
                    default=os.path.join(os.path.dirname(
                        os.path.abspath(__file__)), "..", "templates"))
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 when anything is uncatalogued")
    ap.add_argument("--player-words", action="append", default=[],
                    metavar="TEXT", help="words a player wrote himself")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    pats = pieces(msgids(args.pot) + template_lines(args.templates)
                  + args.player_words)
    mails = [f for p in args.paths for f in mail_files(p)]
    seen, lines, total = {}, 0, 0
    for path in mails:
        text = read_text(path)
        lines += sum(1 for l in text.split("\n") if PHRASE.search(l))
        for phrase in uncatalogued(text, pats):
            total += 1
            if phrase not in seen:
                seen[phrase] = [0, os.path.basename(path)]
            seen[phrase][0] += 1
    for phrase in sorted(seen, key=lambda k: (-seen[k][0], k)):
        print("%4d  %s  (%s)" % (seen[phrase][0], phrase, seen[phrase][1]))
    print("%d mails, %d lines with words, %d stretches of English not in "
          "the catalogue or a template (%d different)"
          % (len(mails), lines, total, len(seen)))
    return 1 if args.strict and seen else 0


if __name__ == "__main__":
    sys.exit(main())
