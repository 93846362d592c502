#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""SMTP delivery with AUTH and TLS against a real server (aiosmtpd): the
right password delivers, a wrong one keeps the mail queued, STARTTLS
checked against a CA file delivers with the configured EHLO name,
smtp_tls=require refuses a server without STARTTLS while try sends in
clear, smtps:// works, and the password file must be private."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done

env = Env(smtp=False)
try:
    env.mail("alice@example.org", "help")  # one mail waits in the outbox
    pwfile = os.path.join(env.root, "smtp-password")
    with open(pwfile, "w") as f:
        f.write("s3cret\n")
    os.chmod(pwfile, 0o600)

    def flush(server, **settings):
        e = {"EPAMSERV_SMTP_URL": server.url}
        e.update(settings)
        return env.run("flush", "--all", env=e)

    os.makedirs(os.path.join(env.root, "auth"))
    server = Server(os.path.join(env.root, "auth"), extra=["--auth", "epam:s3cret"])
    try:
        rc, out, err = flush(server)
        is_(rc, 75, "without AUTH the mail stays queued")
        is_(len(server.messages()), 0, "nothing is accepted without AUTH")
        bad = os.path.join(env.root, "bad-password")
        with open(bad, "w") as f:
            f.write("wrong\n")
        os.chmod(bad, 0o600)
        rc, out, err = flush(server, EPAMSERV_SMTP_USER="epam",
                             EPAMSERV_SMTP_PASSWORD_FILE=bad)
        is_(rc, 75, "a wrong AUTH password keeps the mail queued")
        # The server refuses the login at once (535) rather than leaving
        # the client to its timeout (tests/smtpd.py under aiosmtpd 1.4.3
        # sent no reply): the outbox's log line carries that reply.
        contains(err, 'reply="535 ', "the wrong password is refused with "
                 "535, and the log line gives the server's reply")
        ok("wrong" not in err, "the password never appears in the log", err)
        os.chmod(pwfile, 0o644)
        rc, out, err = flush(server, EPAMSERV_SMTP_USER="epam",
                             EPAMSERV_SMTP_PASSWORD_FILE=pwfile)
        is_(rc, 78, "a password file readable by others is refused")
        contains(err, "chmod 600", "the refusal says how to fix it")
        os.chmod(pwfile, 0o600)
        rc, out, err = flush(server, EPAMSERV_SMTP_USER="epam",
                             EPAMSERV_SMTP_PASSWORD_FILE=pwfile)
        is_(rc, 0, "with the right AUTH password the mail is delivered")
        is_(len(server.messages()), 1, "the server accepted it")
    finally:
        server.stop()

    env.mail("alice@example.org", "help")
    key = os.path.join(env.root, "key.pem")
    cert = os.path.join(env.root, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                    "-keyout", key, "-out", cert, "-days", "2", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.makedirs(os.path.join(env.root, "plain"))
    server = Server(os.path.join(env.root, "plain"))
    try:
        rc, out, err = flush(server, EPAMSERV_SMTP_TLS="require")
        is_(rc, 75, "smtp_tls=require refuses a server without STARTTLS")
        is_(len(server.messages()), 0, "nothing is sent in clear")
    finally:
        server.stop()
    os.makedirs(os.path.join(env.root, "tls"))
    server = Server(os.path.join(env.root, "tls"), extra=["--tls", cert, key])
    try:
        rc, out, err = flush(server, EPAMSERV_SMTP_TLS="require",
                             EPAMSERV_SMTP_CA_FILE="/nonexistent/ca.pem")
        is_(rc, 75, "a certificate that cannot be checked keeps the mail queued")
        rc, out, err = flush(server, EPAMSERV_SMTP_TLS="require",
                             EPAMSERV_SMTP_CA_FILE=cert,
                             EPAMSERV_SMTP_EHLO="games.example")
        is_(rc, 0, "STARTTLS checked against the CA file delivers")
        msgs = server.messages()
        is_(len(msgs), 1, "the server accepted it over TLS")
        is_(msgs[0]["X-Envelope-Helo"] if msgs else None, "games.example",
            "the EHLO name is the configured smtp_ehlo")
    finally:
        server.stop()
    env.mail("alice@example.org", "help")
    os.makedirs(os.path.join(env.root, "opportunistic"))
    server = Server(os.path.join(env.root, "opportunistic"))
    try:
        rc, out, err = flush(server, EPAMSERV_SMTP_TLS="try")
        is_(rc, 0, "smtp_tls=try sends in clear to a server without STARTTLS")
        is_(len(server.messages()), 1, "the mail arrives")
    finally:
        server.stop()
    env.mail("alice@example.org", "help")
    os.makedirs(os.path.join(env.root, "smtps"))
    server = Server(os.path.join(env.root, "smtps"),
                    extra=["--tls", cert, key, "--smtps"])
    try:
        url = server.url.replace("smtp://", "smtps://")
        rc, out, err = env.run("flush", "--all", env={"EPAMSERV_SMTP_URL": url,
                                                      "EPAMSERV_SMTP_CA_FILE": cert})
        is_(rc, 0, "smtps:// with the CA file delivers")
        is_(len(server.messages()), 1, "the server accepted it over implicit TLS")
    finally:
        server.stop()
finally:
    env.close()
done()
