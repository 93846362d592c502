#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A URL with an embedded password (issue 13 item 8): smtp_url
smtp://user:password@host, or the IMAP URL given to `batch --imap`, is
shown in ps, crontabs and `config` output.  flush, receive's delivery
and batch --imap say so ONCE on standard error (a warning reaches it
without --verbose), pointing to smtp_password_file / imap_password_file,
and never print the password; config --check warns as before."""
import os

from harness import Env, ok, is_, contains, done, make_mail

SECRET = "Pw0rd-xyzzy-417"

env = Env()
try:
    smtp_pw = env.server.url.replace("smtp://", "smtp://epamserv:%s@" % SECRET)
    with_pw = {"EPAMSERV_SMTP_URL": smtp_pw}
    no_smtp = {"EPAMSERV_SMTP_URL": ""}

    def warnings(err, word):
        return [l for l in err.splitlines() if "holds a password" in l
                and word in l]

    # A mail waiting in the outbox (no SMTP server while it was queued).
    rc, _, err = env.run("receive", stdin=make_mail("alice@example.org",
                                                    "help"), env=no_smtp,
                         quiet=True)
    is_(rc, 0, "a mail is queued")
    ok(len(os.listdir(os.path.join(env.spool, "outbox"))) > 0,
       "the outbox holds it")

    rc, out, err = env.run("flush", env=with_pw, quiet=True)
    ok(rc in (0, 75), "flush with a password in smtp_url runs (%d)" % rc, err)
    is_(len(warnings(err, "smtp_password_file")), 1,
        "flush warns once, pointing to smtp_password_file")
    ok(SECRET not in err and SECRET not in out,
       "flush does not print the password", err)

    rc, _, err = env.run("receive", stdin=make_mail("bob@example.org", "help"),
                         env=with_pw, quiet=True)
    is_(rc, 0, "receive delivers with a password in smtp_url")
    is_(len(warnings(err, "smtp_password_file")), 1,
        "receive's delivery warns once, pointing to smtp_password_file")
    ok(SECRET not in err, "receive does not print the password", err)

    rc, _, err = env.run("flush", quiet=True)
    is_(len(warnings(err, "")), 0, "no warning without a password in the URL")

    # The IMAP URL of batch --imap: nothing listens on port 1, so the run
    # ends with 75 after the warning; the password is never shown.
    rc, out, err = env.run("batch", "--imap",
                           "imap://epamserv:%s@127.0.0.1:1/INBOX" % SECRET,
                           env=no_smtp, quiet=True)
    is_(rc, 75, "batch --imap to a closed port is a temporary failure")
    is_(len(warnings(err, "imap_password_file")), 1,
        "batch --imap warns once, pointing to imap_password_file")
    ok(SECRET not in err and SECRET not in out,
       "batch --imap does not print the password", err)

    rc, out, err = env.run("config", "--check", env=with_pw, quiet=True)
    is_(len(warnings(err, "smtp_password_file")), 1,
        "config --check warns of the password in smtp_url once")
    ok(SECRET not in err, "config --check does not print the password", err)

    with open(env.log, errors="replace") as f:
        log = f.read()
    ok(SECRET not in log, "the password is in no log line")
    contains(log, "holds a password", "the warning is in the log too")
finally:
    env.close()
done()
