# SPDX-License-Identifier: GPL-3.0-or-later
"""The entries of a gettext catalogue (.pot) as `make update-pot` writes it,
for the tests that read one (test_catalogue, test_catalogue_notes)."""
import os
import subprocess


def update_po(build, pot):
    """Run make update-pot in the build tree build, writing pot (the
    languages' .po files of the source tree untouched: update-po would
    merge into them); (exit status, output)."""
    p = subprocess.run(["make", "-s", "-C", build, "update-pot",
                        "potfile=" + pot],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    return p.returncode, p.stdout


def entries(pot):
    """The .pot's entries as (references, flags, msgid, msgid_plural,
    notes): notes the extracted comments ("#. "), the TRANSLATORS notes
    of every place that marks the msgid, joined by blanks."""
    found, refs, flags, notes, cur, key = [], [], [], [], {}, None
    with open(pot, encoding="utf-8") as f:
        for line in f.read().split("\n") + [""]:
            if line.startswith("#:"):
                refs += line[2:].split()
            elif line.startswith("#."):
                notes.append(line[2:].strip())
            elif line.startswith("#,"):
                flags += [w.strip() for w in line[2:].split(",")]
            elif line.startswith(("msgid ", "msgid_plural ", "msgstr")):
                key = line.split()[0]
                if key.startswith("msgstr"):
                    key = None
                else:
                    cur[key] = eval(line[len(key):].strip())
            elif line.startswith('"') and key:
                cur[key] += eval(line)
            elif not line.strip() and "msgid" in cur:
                found.append((refs, flags, cur["msgid"],
                              cur.get("msgid_plural"), " ".join(notes)))
                refs, flags, notes, cur, key = [], [], [], {}, None
    return found
