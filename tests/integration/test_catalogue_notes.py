#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The translators' keep-notes (issue 31, before issue 32's first
translation): a msgid holding words a player or an operator types back --
option notation ("-time=any", "-observers=off") or an upper-case syntax
placeholder (USERID, PASSWORD, BOARD, GAME, MOVE) -- has a TRANSLATORS
note in the catalogue saying what to keep (or what stays) as it is, and so
has every msgid of the command table (src/commands/table.c: help texts and
usage lines).  xgettext attaches a note to the next msgid only, so a note
written once above several is lost for all but the first: this test reads
the .pot `make update-po` writes, not the source."""
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ok, is_, done
from potfile import entries, update_po

build = os.environ.get("EPAMSERV_BUILDDIR", ".")
scratch = tempfile.mkdtemp(prefix="epamserv-catalogue-notes-")

OPTION = re.compile(r"(?<![\w-])-[a-z][a-z_]*=")
PLACEHOLDER = re.compile(r"\b(?:USERID|PASSWORD|BOARD|GAME|MOVE)\b")
KEEP = re.compile(r"\b(?:keep|stays?)\b", re.I)


def typed_back(msgid, plural):
    """Whether a msgid holds option notation or a syntax placeholder."""
    text = msgid + "\n" + (plural or "")
    return bool(OPTION.search(text) or PLACEHOLDER.search(text))


def unnoted(found):
    """The entries that need a keep-note and have none: (first reference,
    msgid)."""
    out = []
    for refs, _flags, msgid, plural, notes in found:
        if not msgid:
            continue  # the header
        table = any(r.startswith("src/commands/table.c:") for r in refs)
        if (table or typed_back(msgid, plural)) and not KEEP.search(notes):
            out.append((refs[0] if refs else "?", msgid[:72]))
    return out


try:
    # The check itself: a note-less msgid of each kind is found, a noted
    # one is not (so that an empty answer below means something).
    is_(unnoted([(["a.c:1"], [], "write -time=any", None, ""),
                 (["a.c:2"], [], "send USERID PASSWORD", None, "TRANSLATORS: "
                  "the userid"),
                 (["src/commands/table.c:9"], [], "help [commands]", None,
                  ""),
                 (["a.c:3"], [], "board %ld is over", None, ""),
                 (["a.c:4"], [], "-size=%s", None, "TRANSLATORS: keep -size= "
                  "as it is")]),
        [("a.c:1", "write -time=any"), ("a.c:2", "send USERID PASSWORD"),
         ("src/commands/table.c:9", "help [commands]")],
        "the check finds a msgid with option notation, a placeholder or of "
        "the command table without a keep-note, and nothing else")

    pot = os.path.join(scratch, "epamserv.pot")
    rc, out = update_po(build, pot)
    ok(rc == 0 and os.path.exists(pot), "make update-po writes the .pot", out)
    found = entries(pot)
    need = [e for e in found if e[2] and (typed_back(e[2], e[3]) or any(
        r.startswith("src/commands/table.c:") for r in e[0]))]
    ok(len(need) > 150, "the catalogue holds msgids that players and "
       "operators type back in part (%d)" % len(need))
    missing = unnoted(found)
    is_(missing, [], "each of them has a TRANSLATORS note saying what to "
        "keep as it is")
finally:
    shutil.rmtree(scratch, ignore_errors=True)
done()
