#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every sentence of the demo's mails is in the catalogue (issue 31 item 3,
"xgettext extracts every player-visible sentence"): scripts/demo.sh is run
on this build's binary into a scratch directory, `make update-po` writes
the catalogue, and scripts/outbox-strings.py --strict finds no English in
the 47 mails that is neither a msgid, a template line, a mail command nor
words the demo's players wrote themselves (the lines of the mails the demo
sent, read from the spool's copy of them).  Then a mail with one sentence
that is in no catalogue makes the same check fail, naming it."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import email
import email.message
import email.policy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import SRCDIR, ok, is_, done

build = os.environ.get("EPAMSERV_BUILDDIR", ".")
scratch = tempfile.mkdtemp(prefix="epamserv-outbox-catalogue-")
script = os.path.join(SRCDIR, "scripts", "outbox-strings.py")


def players_words(mails):
    """The lines players wrote in the mails the demo sent: each mail's
    Subject (but a reply's, which repeats ours) and the unquoted lines
    of its text."""
    words = []
    for path in sorted(glob.glob(os.path.join(mails, "*.eml"))):
        with open(path, "rb") as f:
            msg = email.message_from_bytes(f.read(),
                                           policy=email.policy.default)
        subject = " ".join(str(msg["Subject"] or "").split())
        if subject and not subject.lower().startswith("re:"):
            words.append(subject)
        for part in msg.walk():
            if part.get_content_type() == "text/plain":
                for line in part.get_content().split("\n"):
                    line = line.strip()
                    if line and not line.startswith(">"):
                        words.append(line)
    return sorted(set(words))


def check(pot, paths, mine):
    args = [sys.executable, script, "--pot", pot, "--strict",
            "--templates", os.path.join(SRCDIR, "templates")]
    for w in mine:
        args += ["--player-words", w]
    p = subprocess.run(args + paths, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    return p.returncode, p.stdout


try:
    pot = os.path.join(scratch, "epamserv.pot")
    p = subprocess.run(["make", "-s", "-C", build, "update-pot",
                        "potfile=" + pot], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    ok(p.returncode == 0 and os.path.exists(pot), "make update-po", p.stdout)

    # The demo's configuration is none: its log would go to syslog,
    # which no test may touch (test_syslog_untouched).
    env = dict(os.environ, EPAMSERV_DEMO_BIN=os.path.abspath(
        os.path.join(build, "src", "epamserv")), EPAMSERV_DEMO_DIR=scratch,
        EPAMSERV_LOG=os.path.join(scratch, "epamserv.log"))
    p = subprocess.run(["sh", os.path.join(SRCDIR, "scripts", "demo.sh")],
                       env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    outbox = os.path.join(scratch, "demo-spool", "outbox")
    sent = glob.glob(os.path.join(outbox, "*.eml"))
    ok(p.returncode == 0 and len(sent) > 40,
       "the demo runs into the scratch directory (%d mails)" % len(sent),
       p.stdout[-3000:])
    mine = players_words(os.path.join(scratch, "demo-spool.mails"))
    ok("A phalanx of three." in mine and "Good luck!" in mine,
       "the players' own words are read from the mails they sent",
       "\n".join(mine))

    rc, out = check(pot, [outbox], mine)
    is_(rc, 0, "no English in the demo's mails outside the catalogue")
    if rc:
        print("# " + out.replace("\n", "\n# "))

    # The check can fail: a mail of the same words (the lines of a demo
    # mail's text part) and one sentence in no catalogue.
    bad = os.path.join(scratch, "bad")
    os.mkdir(bad)
    with open(sorted(sent)[0], "rb") as f:
        raw = f.read()
    while raw.startswith(b"Envelope-"):
        raw = raw.split(b"\n", 1)[1]
    old = email.message_from_bytes(raw, policy=email.policy.default)
    text = old.get_body(("plain",)).get_content()
    msg = email.message.EmailMessage()
    msg["Subject"] = old["Subject"]
    msg.set_content(text + "\nThis sentence is in no catalogue.\n")
    with open(os.path.join(bad, "bad.eml"), "wb") as f:
        f.write(msg.as_bytes())
    rc, out = check(pot, [bad], mine)
    ok(rc == 1 and "This sentence is in no catalogue." in out,
       "a sentence in no catalogue fails the check, named", out)
finally:
    shutil.rmtree(scratch, ignore_errors=True)
done()
