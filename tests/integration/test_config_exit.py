#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 12, items 1, 4 and 7 (configuration parts).

receive never bounces a player's mail for a local problem: a typo in
epamserv.conf, a bad value, a config file that cannot be read, an
unknown option or a wrong pipe command exit 75 with one log line naming
the fix, and the same mail is processed once the configuration is fixed
(the MTA's retry); the operator's commands keep 78.  smtp_url must be
smtp:// or smtps://.  '#' and ';' after a blank start a comment in every
value.  from may carry a display name (From: has it; the envelope,
X-Loop and Message-ID domain the address).  log = syslog|stderr|FILE."""
import os
import re
import stat
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail


def config_values(out):
    """`epamserv config` without the comment naming each value's origin."""
    return re.sub(r" +# .*$", "", out, flags=re.M)

env = Env(smtp=False)
try:
    conf = env.env["EPAMSERV_CONF"]

    def write_conf(text):
        with open(conf, "w") as f:
            f.write(text)

    # 1. A typo: 75, one line naming the fix, nothing stored; fixed: done.
    write_conf("lock_timeout = 10\nmax_mial_size = 2000000\n")
    mail = make_mail("alice@example.org", "signup alice Secret1",
                     msgid="<typo@test.example>")
    rc, err = env.receive(mail)
    is_(rc, 75, "a config typo under receive exits 75, not 78")
    contains(err, "unknown key 'max_mial_size' (did you mean "
             "'max_mail_size'?)", "the error names the key meant")
    contains(err, "none.conf:2:", "the error names the file and line")
    is_(len([l for l in err.splitlines() if "configuration error" in l]), 1,
        "one log line for it")
    with open(env.log) as f:
        contains(f.read(), "configuration error", "the line is in the log file")
    is_(env.outbox_messages(), [], "nothing queued while the config is broken")
    ok(not os.path.exists(os.path.join(env.spool, "users", "alice")),
       "nothing stored while the config is broken")
    rc, out, err = env.run("config")
    is_(rc, 78, "the operator's `config` still exits 78 on the typo")
    write_conf("lock_timeout = 10\nmax_mail_size = 2000000\n")
    rc, err = env.receive(mail)
    is_(rc, 0, "the same mail, retried after the fix, exits 0")
    ok(any("confirm" in str(m["Subject"]) for m in env.outbox_messages()),
       "and is processed (the confirmation request is queued)")

    # Other local problems under receive: all 75.
    write_conf("lock_timeout = soon\n")
    rc, err = env.receive(make_mail("bob@example.org", "help"))
    is_(rc, 75, "a bad value under receive exits 75")
    rc, _, _ = env.run("flush")
    is_(rc, 78, "the same bad value under flush exits 78")
    write_conf("")
    missing = os.path.join(env.root, "missing.conf")
    rc, err = env.receive(make_mail("bob@example.org", "help"),
                          env={"EPAMSERV_CONF": missing})
    is_(rc, 75, "a config file that cannot be read: receive exits 75")
    contains(err, "cannot read config file", "and says so")
    rc, _, err = env.run("--spool", env.spool, "receive", "extra",
                         stdin=make_mail("bob@example.org", "help"))
    is_(rc, 75, "receive with a wrong pipe command exits 75 (not 64)")
    rc, _, err = env.run("--bogus", "x", "receive",
                         stdin=make_mail("bob@example.org", "help"))
    is_(rc, 75, "receive with an unknown option exits 75 (not 64)")
    rc, _, err = env.run("--from", "not an address", "receive",
                         stdin=make_mail("bob@example.org", "help"))
    is_(rc, 75, "receive with a bad --from exits 75")

    # A template that cannot be read (a directory in its place; a missing
    # one falls back to the built-in copy, test_template_fallback.py).
    nodir = os.path.join(env.root, "no-templates")
    os.mkdir(nodir)
    for name in os.listdir(env.env["EPAMSERV_TEMPLATES"]):
        os.mkdir(os.path.join(nodir, name))
    mail = make_mail("alice@example.org", "help", msgid="<tpl@test.example>")
    rc, err = env.receive(mail, env={"EPAMSERV_TEMPLATES": nodir})
    is_(rc, 75, "unreadable templates under receive: 75")
    contains(err, "cannot read template", "the log line names the template")
    rc, err = env.receive(mail)
    is_(rc, 0, "the same mail, with the templates back, exits 0")
    ok("already processed" not in err, "and is processed, not skipped", err)

    # 4. smtp_url: smtp:// or smtps:// only.
    sink = os.path.join(env.root, "sink.mbox")
    write_conf("smtp_url = file://%s\n" % sink)
    rc, out, err = env.run("config")
    is_(rc, 78, "smtp_url = file:///... is a configuration error")
    contains(err, "smtp_url: write smtp://HOST[:PORT] or smtps://",
             "the error says what to write")
    queued = len(env.outbox_messages())
    rc, _, err = env.run("flush")
    is_(rc, 78, "flush refuses to run with smtp_url = file:///...")
    ok(not os.path.exists(sink), "no mail is written to the file")
    is_(len(env.outbox_messages()), queued, "the outbox keeps every mail")
    write_conf("")
    for url, good in (("smtp://localhost:25", True),
                      ("SMTPS://mail.example:465", True),
                      ("smtp:///x", False), ("http://x", False),
                      ("smtp://u:pass@", False)):
        rc, out, err = env.run("config", env={"EPAMSERV_SMTP_URL": url})
        is_(rc == 0, good, "smtp_url = %s %s" % (url, "accepted" if good
                                                  else "refused"))
        ok("pass" not in err, "the refusal of %s shows no password" % url)

    # 4. Comments: '#' or ';' at the start of a line, or at the start of
    # a value or after a blank, begins a comment; inside a word it is
    # part of the value.  (The harness's variables override spool and
    # lock_timeout: keys it leaves alone are used here.)
    write_conf("# a comment line\n; another\n"
               "retry_days = 4 # days\n"
               "remind_days = 6\t; a tab before the comment\n"
               "forfeit_days = 22 ;\n"
               "imap_user = games#1\n")
    rc, out, err = env.run("config")
    is_(rc, 0, "comments after '#' and ';' are accepted", )
    contains(config_values(out), "retry_days = 4\n", "' #' ends the value")
    contains(config_values(out), "remind_days = 6\n", "a tab and ';' end the value")
    contains(config_values(out), "forfeit_days = 22\n", "' ;' ends the value")
    contains(config_values(out), "imap_user = games#1\n",
             "'#' inside a word is part of the value")
    for line in ("forfeit_days = 22;3\n", "forfeit_days = 22#3\n",
                 "forfeit_days = # nothing\n", "forfeit_days = ; nothing\n"):
        write_conf(line)
        rc, out, err = env.run("config")
        is_(rc, 78, "%r is refused (no comment inside a word, no empty "
            "value)" % line.strip())
    write_conf("")

    # 4. from with a display name.
    name_from = "Epaminondas server <epamserv@games.example>"
    e = {"EPAMSERV_FROM": name_from}
    rc, out, err = env.run("config", env=e)
    is_(rc, 0, "from = Name <addr> is accepted")
    contains(config_values(out), "from = %s\n" % name_from, "config prints it whole")
    before = len(env.outbox_messages())
    env.env["EPAMSERV_FROM"] = name_from
    env.signup("carol@example.org", "carol", "pw3")
    env.env["EPAMSERV_FROM"] = "epamserv@games.example"
    msgs = env.outbox_messages()[before:]
    ok(len(msgs) >= 2, "the signup and its confirmation queue mail")
    is_(sorted(set(str(m["From"]) for m in msgs)), [name_from],
        "From: carries the display name")
    is_(sorted(set(m.envelope_from for m in msgs) - {""}),
        ["epamserv@games.example"],
        "the envelope sender is the bare address (or empty, to a stranger)")
    is_(sorted(set(str(m["X-Loop"]) for m in msgs)),
        ["epamserv@games.example"], "X-Loop is the bare address")
    ok(all(str(m["Message-ID"]).endswith("@games.example>") for m in msgs),
       "the Message-ID's domain is the address's")
    for bad in ("Name <a@b", "Name <a@b> x", "Bad\"Name <a@b.example>",
                "<>", "x" * 70 + " <a@b.example>"):
        rc, out, err = env.run("config", env={"EPAMSERV_FROM": bad})
        is_(rc, 78, "from = %r is refused" % bad)

    # 7. log = syslog|stderr|FILE.
    logf = os.path.join(env.root, "own.log")
    rc, err = env.receive(make_mail("dave@example.org", "help"),
                          env={"EPAMSERV_LOG": logf})
    is_(rc, 0, "receive with log = FILE exits 0")
    with open(logf) as f:
        text = f.read()
    ok(text.endswith("\n") and " epamserv[" in text and "verb=help board=- outcome=done" in text,
       "the file has a timestamped line per message", text)
    ok(text[:4].isdigit() and text[10] == "T" and text[19] == "Z",
       "the line starts with a UTC timestamp", text)
    is_(stat.S_IMODE(os.stat(logf).st_mode) & 0o037, 0,
        "the log file is created without group write or other access")
    contains(err, "verb=help board=- outcome=done", "stderr still gets the line (--verbose)")
    link = os.path.join(env.root, "link.log")
    os.symlink(logf, link)
    rc, err = env.receive(make_mail("dave@example.org", "help"),
                          env={"EPAMSERV_LOG": link})
    is_(rc, 75, "a log file that is a symlink is refused (75, O_NOFOLLOW)")
    contains(err, "cannot open the log file", "and the error says so")
    rc, out, err = env.run("config", env={"EPAMSERV_LOG": "relative.log"})
    is_(rc, 78, "log = a relative path is a configuration error")
    rc, out, err = env.run("config", env={"EPAMSERV_LOG": "stderr"})
    contains(config_values(out), "log = stderr\n", "config prints log")
    # The log the file names gets the error even when the typo is above
    # its line (the operator looks in that file, not in syslog).
    below = os.path.join(env.root, "below.log")
    write_conf("lock_timeout = 10\nform = x@games.example\nlog = %s\n" % below)
    rc, err = env.receive(make_mail("dave@example.org", "help"),
                          env={"EPAMSERV_LOG": ""})
    is_(rc, 75, "a typo above 'log = FILE': receive exits 75")
    ok(os.path.exists(below) and "unknown key 'form'" in open(below).read(),
       "and the error is in the file the config names")
    write_conf("")
finally:
    env.close()
done()
