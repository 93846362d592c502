#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""SMTP AUTH and the IMAP login never go in clear text to a host outside
loopback (issue 11, item 9).  Credentials (smtp_user, smtp_password_file
or a user in the URL) with smtp_tls = none or try on smtp:// to another
host are a configuration error (exit 78, the message names the settings
to change, the mail stays queued), unless smtp_allow_plaintext = yes;
the same for imap_tls and imap_allow_plaintext with `batch --imap URL`.
Loopback is 127.0.0.0/8, ::1 and the name localhost; any other name is
not, even one that resolves to loopback.  imap_tls defaults to require:
a Dovecot without STARTTLS is refused (exit 75) before any login.
`epamserv config` shows the new keys."""
import os
import re
import socket
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from harness import Env, Server, ok, is_, contains, done, make_mail
from imapd import Dovecot


def config_values(out):
    """`epamserv config` without the comment naming each value's origin."""
    return re.sub(r" +# .*$", "", out, flags=re.M)


SMTP_PW, IMAP_USER, IMAP_PW = "Smtp-Pw-4471", "epamserv-in", "Imap-Pw-9035"


def local_name():
    """(name, address): this machine's host name and the IPv4 address it
    resolves to, a name that is not "localhost" but reaches a server
    listening here; (None, None) when it does not resolve."""
    name = socket.gethostname()
    try:
        infos = socket.getaddrinfo(name, None, socket.AF_INET)
    except OSError:
        return None, None
    if not name or name.lower() == "localhost" or not infos:
        return None, None
    return name, infos[0][4][0]


def skip(why):
    ok(True, "# SKIP %s" % why)


env = Env(smtp=False)
errors = []
try:
    env.mail("alice@example.org", "help")   # one mail waits in the outbox
    outbox = os.path.join(env.spool, "outbox")
    queued = sorted(os.listdir(outbox))
    pwfile = os.path.join(env.root, "smtp.pw")
    with open(pwfile, "w") as f:
        f.write(SMTP_PW + "\n")
    os.chmod(pwfile, 0o600)

    def flush(url, **settings):
        e = {"EPAMSERV_SMTP_URL": url, "EPAMSERV_SMTP_CONNECT_TIMEOUT": "5"}
        e.update(settings)
        rc, out, err = env.run("flush", "--all", env=e)
        errors.append(err)
        return rc, err

    user = {"EPAMSERV_SMTP_USER": "epam"}
    # -- refused: credentials in clear text to another host -------------
    refusals = [
        ("smtp_user, smtp_tls = none", "smtp://mail.example.org:587",
         dict(user, EPAMSERV_SMTP_TLS="none")),
        ("smtp_user, smtp_tls = try", "smtp://mail.example.org:587",
         dict(user, EPAMSERV_SMTP_TLS="try")),
        ("smtp_password_file only", "smtp://mail.example.org",
         {"EPAMSERV_SMTP_PASSWORD_FILE": pwfile}),
        ("a user and password in the URL", "smtp://epam:%s@mail.example.org"
         % SMTP_PW, {}),
        ("an address outside loopback", "smtp://192.0.2.10:25",
         dict(user, EPAMSERV_SMTP_TLS="try")),
        ("an IPv6 address outside loopback", "smtp://[2001:db8::25]:25", user),
        ("localhost. (not the name localhost)", "smtp://localhost.:25", user),
        ("a name that resolves to 127.0.0.1 by DNS",
         "smtp://127.0.0.1.nip.io:25", user),
    ]
    name, addr = local_name()
    if name:
        refusals.append(("this machine's own name (%s)" % name,
                         "smtp://%s:25" % name, user))
    for what, url, settings in refusals:
        rc, err = flush(url, **settings)
        is_(rc, 78, "refused: %s" % what)
        ok("smtp_tls = require" in err and "smtp_allow_plaintext = yes" in err,
           "%s: the message names the settings to change" % what, err)
    # Issue 12: a URL without smtp:// or smtps:// is refused before
    # the credentials are looked at.
    rc, err = flush("smtp.example.org:25", **user)
    ok(rc == 78 and "smtp://HOST[:PORT] or smtps://HOST[:PORT]" in err,
       "refused: a name without a scheme (smtp_url says what to write)", err)
    rc, err = flush("smtp://epam:%s@x@mail.example.org" % SMTP_PW)
    ok(rc == 78 and "not a URL" in err, "a URL libcurl cannot read (an @ "
       "in the password) is refused too", err)
    ok(all(SMTP_PW not in e and "@x@" not in e for e in errors),
       "no refusal shows the password (the URL's is masked)")
    is_(sorted(os.listdir(outbox)), queued, "the mail stays in the outbox")

    # -- allowed: loopback, TLS, no credentials, the opt-out ------------
    passes = [
        ("smtp_tls = require to another host", "smtp://mail.invalid:587",
         dict(user, EPAMSERV_SMTP_TLS="require")),
        ("smtps:// to another host", "smtps://mail.invalid",
         dict(user, EPAMSERV_SMTP_TLS="none")),
        ("no credentials to another host", "smtp://mail.invalid", {}),
        ("smtp_allow_plaintext = yes", "smtp://mail.invalid",
         dict(user, EPAMSERV_SMTP_ALLOW_PLAINTEXT="yes")),
    ]
    for what, url, settings in passes:
        rc, err = flush(url, **settings)
        ok(rc == 75 and "clear text" not in err,
           "allowed: %s (the check passes; the host does not resolve: 75)"
           % what, "rc %d: %s" % (rc, err))

    os.makedirs(os.path.join(env.root, "auth"))
    server = Server(os.path.join(env.root, "auth"),
                    extra=["--auth", "epam:" + SMTP_PW])
    try:
        for form in ("127.0.0.1", "127.1", "localhost"):
            env.mail("alice@example.org", "help")
            rc, err = flush("smtp://%s:%d" % (form, server.port),
                            EPAMSERV_SMTP_USER="epam",
                            EPAMSERV_SMTP_PASSWORD_FILE=pwfile,
                            EPAMSERV_SMTP_TLS="none")
            is_(rc, 0, "loopback %s: AUTH without TLS delivers" % form)
        ok(len(server.messages()) >= 3, "the server accepted them")
    finally:
        server.stop()
    if name:
        os.makedirs(os.path.join(env.root, "named"))
        server = Server(os.path.join(env.root, "named"),
                        extra=["--auth", "epam:" + SMTP_PW, "--host", addr])
        try:
            env.mail("alice@example.org", "help")
            url = "smtp://%s:%d" % (name, server.port)
            rc, err = flush(url, EPAMSERV_SMTP_USER="epam",
                            EPAMSERV_SMTP_PASSWORD_FILE=pwfile)
            is_(rc, 78, "AUTH in clear to %s is refused" % name)
            is_(len(server.messages()), 0, "and nothing reached the server")
            rc, err = flush(url, EPAMSERV_SMTP_USER="epam",
                            EPAMSERV_SMTP_PASSWORD_FILE=pwfile,
                            EPAMSERV_SMTP_ALLOW_PLAINTEXT="yes")
            is_(rc, 0, "with smtp_allow_plaintext = yes it is delivered")
            ok(len(server.messages()) >= 1, "the server accepted it")
        finally:
            server.stop()
    else:
        skip("this machine's name does not resolve")
        skip("this machine's name does not resolve")
        skip("this machine's name does not resolve")
        skip("this machine's name does not resolve")

    # receive still works with a refused SMTP setting: the reply waits.
    bad = {"EPAMSERV_SMTP_URL": "smtp://mail.example.org",
           "EPAMSERV_SMTP_USER": "epam"}
    before = len(os.listdir(outbox))
    rc, err = env.receive(make_mail("bob@example.org", "help"), env=bad)
    is_(rc, 0, "receive exits 0 when the SMTP settings are refused")
    contains(err, "smtp_allow_plaintext", "and logs why nothing was sent")
    is_(len(os.listdir(outbox)), before + 1, "the reply waits in the outbox")

    # epamserv config shows the keys, and the problem.
    rc, out, err = env.run("config")
    for line in ("smtp_allow_plaintext = no", "imap_tls = require",
                 "imap_allow_plaintext = no"):
        contains(config_values(out), line + "\n", "epamserv config shows %s" % line)
    rc, out, err = env.run("config", env=dict(
        bad, EPAMSERV_IMAP_TLS="try", EPAMSERV_SMTP_ALLOW_PLAINTEXT="no",
        EPAMSERV_IMAP_ALLOW_PLAINTEXT="yes"))
    ok("imap_tls = try\n" in config_values(out) and
       "imap_allow_plaintext = yes\n" in config_values(out),
       "epamserv config shows the values set", out)
    contains(out, "# error: smtp_url smtp://mail.example.org: the SMTP AUTH",
             "epamserv config points at a refused combination")
    rc, out, err = env.run("config", env={"EPAMSERV_IMAP_TLS": "sometimes"})
    ok(rc == 78 and "imap_tls" in err, "a bad imap_tls is a config error", err)
    rc, out, err = env.run("config", env={"EPAMSERV_SMTP_ALLOW_PLAINTEXT": "1"})
    ok(rc == 78 and "smtp_allow_plaintext" in err,
       "smtp_allow_plaintext takes yes or no", err)

    # -- IMAP -------------------------------------------------------------
    imapd = Dovecot(IMAP_USER, IMAP_PW, host=addr) if name else \
        Dovecot(IMAP_USER, IMAP_PW)
    try:
        ipw = os.path.join(env.root, "imap.pw")
        with open(ipw, "w") as f:
            f.write(IMAP_PW + "\n")
        os.chmod(ipw, 0o600)
        n = [0]

        def deliver(sender, subject):
            n[0] += 1
            imapd.deliver(make_mail(sender, subject),
                          "%d.M%dP%d.test" % (1796000000 + n[0], n[0],
                                              os.getpid()))

        def batch(url, **settings):
            e = {"EPAMSERV_IMAP_USER": IMAP_USER,
                 "EPAMSERV_IMAP_PASSWORD_FILE": ipw}
            e.update(settings)
            rc, out, err = env.run("batch", "--imap", url, env=e)
            errors.append(err)
            return rc, err

        deliver("carol@example.org", "signup carol c")
        for what, url, settings in [
                ("imap_tls = none", "imap://mail.example.org/INBOX",
                 {"EPAMSERV_IMAP_TLS": "none"}),
                ("imap_tls = try", "imap://mail.example.org/INBOX",
                 {"EPAMSERV_IMAP_TLS": "try"}),
                ("imap_password_file only", "imap://192.0.2.143/INBOX",
                 {"EPAMSERV_IMAP_TLS": "none", "EPAMSERV_IMAP_USER": ""}),
                ("a user and password in the URL",
                 "imap://%s:%s@mail.example.org/INBOX" % (IMAP_USER, IMAP_PW),
                 {"EPAMSERV_IMAP_TLS": "none", "EPAMSERV_IMAP_USER": "",
                  "EPAMSERV_IMAP_PASSWORD_FILE": ""}),
                ("a name that resolves to loopback",
                 "imap://127.0.0.1.nip.io/INBOX", {"EPAMSERV_IMAP_TLS": "try"})]:
            rc, err = batch(url, **settings)
            is_(rc, 78, "batch --imap refused: %s" % what)
            ok("imap_tls = require" in err and "imap_allow_plaintext = yes" in
               err and "batch --imap" in err,
               "%s: the message names the settings to change" % what, err)
        ok(all(IMAP_PW not in e for e in errors),
           "no refusal shows the IMAP password")
        ok(not os.path.exists(os.path.join(env.spool, "users", "carol")),
           "no mail was processed")
        for what, url, settings in [
                ("imaps:// to another host", "imaps://mail.invalid/INBOX",
                 {"EPAMSERV_IMAP_TLS": "none"}),
                ("imap_tls = require to another host",
                 "imap://mail.invalid/INBOX", {}),
                ("imap_allow_plaintext = yes", "imap://mail.invalid/INBOX",
                 {"EPAMSERV_IMAP_TLS": "none",
                  "EPAMSERV_IMAP_ALLOW_PLAINTEXT": "yes"})]:
            rc, err = batch(url, **settings)
            ok(rc == 75 and "clear text" not in err,
               "batch --imap allowed: %s (then the host does not resolve)"
               % what, "rc %d: %s" % (rc, err))

        host = name or "127.0.0.1"
        url = "imap://%s:%d/INBOX" % (host, imapd.port)
        rc, err = batch(url, EPAMSERV_IMAP_ALLOW_PLAINTEXT="yes")
        is_(rc, 75, "by default (imap_tls = require) a server without "
            "STARTTLS is refused")
        contains(err, "offers no STARTTLS", "and the message says why")
        ok(not os.path.exists(os.path.join(env.spool, "users", "carol")),
           "nothing was fetched")
        if name:
            rc, err = batch(url, EPAMSERV_IMAP_TLS="none")
            is_(rc, 78, "the login in clear to %s is refused" % name)
            rc, err = batch(url, EPAMSERV_IMAP_TLS="none",
                            EPAMSERV_IMAP_ALLOW_PLAINTEXT="yes")
            is_(rc, 0, "with imap_allow_plaintext = yes the mailbox is read")
        else:
            skip("this machine's name does not resolve")
            rc, err = batch(url, EPAMSERV_IMAP_TLS="none")
            is_(rc, 0, "on loopback imap_tls = none logs in")
        ok(os.path.exists(os.path.join(env.spool, "users", "carol")),
           "and the mail is processed")
    finally:
        imapd.stop()
finally:
    env.close()
done()
