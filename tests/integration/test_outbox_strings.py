#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/outbox-strings.py, the helper of issue 31 item 3's second wave:
on a small outbox written here, the words of a msgid (its conversions
filled in, across a line break) and of a template line (its variables
filled in) count as catalogued; an unmarked sentence, a quoted line and
a lone name do not count against it, and --strict fails on the one
sentence left, naming it."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import SRCDIR, is_, done

SCRIPT = os.path.join(SRCDIR, "scripts", "outbox-strings.py")
scratch = tempfile.mkdtemp(prefix="epamserv-outbox-strings-")

POT = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

#: src/x.c:1
#, c-format
msgid "Time left: %s has %d days, counted from the opponent's last move."
msgstr ""

#: src/x.c:2
msgid "one game"
msgid_plural "%d games are waiting for you"
msgstr[0] ""
msgstr[1] ""
'''
TEMPLATE = "Your command was not carried out: nothing has changed.\n" \
    "Board {{board}}: {{white}} against {{black}}\n{{body}}\n"
MAIL = ("Envelope-From: <>\r\nEnvelope-To: <a@example.org>\r\n"
        "From: epamserv <e@example.org>\r\nTo: <a@example.org>\r\n"
        "Subject: Board 7: alice against bob\r\n"
        "Content-Type: text/plain; charset=UTF-8\r\n\r\n"
        "Your command was not carried out: nothing has changed.\r\n"
        "Time left: alice has 3 days, counted from the opponent's\r\n"
        "last move.\r\n"
        "2 games are waiting\r\nfor you\r\n"
        "> a quoted line that nobody marks\r\n"
        "bob\r\n"
        "This sentence was built in C without a mark.\r\n")


def run(*extra):
    p = subprocess.run([sys.executable, SCRIPT, "--pot", pot, "--templates",
                        templates] + list(extra),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout.splitlines(), p.stderr


try:
    pot = os.path.join(scratch, "epamserv.pot")
    templates = os.path.join(scratch, "templates")
    outbox = os.path.join(scratch, "outbox")
    os.makedirs(templates)
    os.makedirs(outbox)
    with open(pot, "w") as f:
        f.write(POT)
    with open(os.path.join(templates, "error.txt"), "w") as f:
        f.write(TEMPLATE)
    with open(os.path.join(outbox, "1.eml"), "w", newline="") as f:
        f.write(MAIL)

    rc, out, err = run("--strict", outbox)
    is_((rc, out, err), (1, [
        "   1  This sentence was built in C without a mark.  (1.eml)",
        "1 mails, 7 lines with words, 1 stretches of English not in the "
        "catalogue or a template (1 different)"], ""),
        "--strict: exit 1, naming only the unmarked sentence")
    rc, out, err = run(outbox)
    is_(rc, 0, "without --strict it reports and exits 0")

    with open(pot, "a") as f:
        f.write('\nmsgid "This sentence was built in C without a mark."\n'
                'msgstr ""\n')
    rc, out, err = run("--strict", os.path.join(outbox, "1.eml"))
    is_((rc, out[-1:]), (0, [
        "1 mails, 7 lines with words, 0 stretches of English not in the "
        "catalogue or a template (0 different)"]),
        "once the sentence is a msgid, the mail is all catalogued")
finally:
    shutil.rmtree(scratch, ignore_errors=True)
done()
