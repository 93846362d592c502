#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Operator templates made for an older epamserv (setting `templates`)
lack the mails added since: each missing one is taken from the copy
built into the binary (templates/embed.sh), with a warning in the log
and from `epamserv config --check`; a template that is there but cannot
be read is an error of `config --check` (exit 78)."""
import os
import shutil

from harness import Env, ok, is_, contains, done, body_of, make_mail, TEMPLATES

A = "alice@example.org"

env = Env()
try:
    mine = os.path.join(env.root, "my-templates")
    shutil.copytree(TEMPLATES, mine)
    for name in ("confirm.txt", "help.txt"):
        os.unlink(os.path.join(mine, name))
    env.env["EPAMSERV_TEMPLATES"] = mine

    rc, out, err = env.run("config", "--check")
    is_(rc, 0, "config --check exits 0 when templates are only missing")
    for name in ("confirm.txt", "help.txt"):
        contains(err, "warning: template %s/%s is missing: the built-in one "
                 "is used" % (mine, name), "it warns of %s" % name)
    ok("board.txt" not in err, "and of no template that is there", err)
    contains(out, "the configuration is valid", "and says the rest is valid")

    # The mails that need them still go out, from the built-in copies.
    env.signup(A, "alice", "pw1")
    ok(os.path.exists(os.path.join(env.spool, "users", "alice")) and
       "address: %s" % A in (env.user_file("alice") or ""),
       "signup and its confirmation work without confirm.txt",
       env.user_file("alice"))
    env.new_messages()
    rc, err = env.mail(A, "help")
    is_(rc, 0, "a help mail is processed")
    contains(err, "template %s/help.txt is missing: using the built-in one"
             % mine, "the log says the built-in template was used")
    msgs = env.new_messages()
    with open(os.path.join(TEMPLATES, "help.txt")) as f:
        first = [l for l in f.read().splitlines() if l.strip()
                 and "{{" not in l][0]
    ok(msgs and first in body_of(msgs[0]),
       "the reply has the built-in help text", msgs and body_of(msgs[0]))

    # A template that is there but cannot be read is an error.
    os.mkdir(os.path.join(mine, "help.txt"))
    rc, out, err = env.run("config", "--check")
    is_(rc, 78, "config --check exits 78 when a template cannot be read")
    contains(err, "template %s/help.txt cannot be read" % mine,
             "and names it")

    # A templates directory that is not there at all is a mistake in the
    # setting, not an older directory: no fallback (test_config_exit.py
    # has receive's 75 for it).
    gone = os.path.join(env.root, "templtes")
    rc, out, err = env.run("--templates", gone, "config", "--check")
    is_(rc, 78, "config --check exits 78 when the templates directory is missing")
    contains(err, "cannot read the directory %s" % gone, "and names it")
    ok("is missing" not in err, "not one warning per template", err)
    rc, err = env.receive(make_mail("carol@example.org", "help"),
                          env={"EPAMSERV_TEMPLATES": gone})
    is_(rc, 75, "receive with the templates directory missing exits 75")
    contains(err, "the setting templates", "and says which setting")
    rc, out, err = env.run("config", "--bogus")
    is_(rc, 64, "config with an unknown argument is a usage error")
finally:
    env.close()
done()
