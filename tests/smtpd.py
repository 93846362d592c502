#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A real SMTP server on loopback for the tests (aiosmtpd, Debian's
python3-aiosmtpd; run it with /usr/bin/python3).

    smtpd.py --port-file F --maildir DIR [--fail-rcpt ADDR=CODE ...]
             [--fail-domain DOMAIN=CODE ...] [--greet-file G]
             [--drop-rcpt ADDR ...]
             [--auth USER:PASSWORD] [--tls CERT KEY] [--host ADDR]
             [--port N]

Listens on 127.0.0.1 (or --host ADDR) on a free port and writes the port number to F once it
accepts connections.  Each message received is stored as one file in DIR
(written to DIR/.tmp-* then renamed, so a reader never sees half a file),
beginning with "X-Envelope-From: <sender>" and one "X-Envelope-To: <rcpt>"
line per recipient, then the message exactly as received.  A recipient named
in --fail-rcpt is refused at RCPT TO with that reply code (550, 451, ...),
and so is every recipient at a domain named in --fail-domain (greylisting
of one domain); 550, 451, 452 and 553 come with Postfix's full reply text
and an enhanced status code ("550 5.1.1 <ADDR>: Recipient address
rejected: User unknown in local recipient table").  With --greet-file, each new connection first looks at
file G: while G exists and holds a reply code (421, 554, ...), the server
greets with that code and hangs up, as a relay that is shutting down or
refusing service does; remove G and it serves again.  A message for a
recipient named in --drop-rcpt makes the server drop the connection
after its data, without a reply (as a relay that crashes on a mail).  --port N listens
on port N instead of a free one (to come back on the same port after a
stop: a relay outage and its end).
Also counts connections in DIR/../connections (one line per connection).
With --auth, every client must AUTH (PLAIN or LOGIN) as USER:PASSWORD
before MAIL FROM; any other login is refused at once with 535.  With --tls, the server offers STARTTLS with that PEM
certificate and key (with --smtps as well: TLS from the first byte).
Each stored message also records the client's EHLO name
(X-Envelope-Helo).  Stops on SIGTERM.
"""
import argparse
import asyncio
import logging
import warnings
import os
import signal
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP


# Full replies as Postfix words them, with an enhanced status code
# (RFC 3463), for the codes the tests use; others get a plain text.
REPLIES = {
    550: "550 5.1.1 <%s>: Recipient address rejected: User unknown in "
         "local recipient table",
    451: "451 4.7.1 <%s>: Recipient address rejected: Greylisted, see "
         "http://postgrey.schweikert.ch/help/example.org.html",
    452: "452 4.2.2 <%s>: Recipient address rejected: Mailbox full",
    553: "553 5.7.1 <%s>: Relay access denied",
}


def reply_text(code, address):
    """The reply to RCPT TO:<address> refused with code."""
    if code in REPLIES:
        return REPLIES[code] % address
    return "%d Refused by test server for %s" % (code, address)


class Store:
    def __init__(self, maildir, failures, conn_log, domains=None,
                 greet_file=None, drops=()):
        self.maildir = maildir
        self.failures = failures
        self.domains = domains or {}
        self.greet_file = greet_file
        self.drops = set(drops)
        self.conn_log = conn_log
        self.count = 0
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, options):
        code = self.failures.get(address.lower())
        if not code:
            code = self.domains.get(address.rpartition("@")[2].lower())
        if code:
            return reply_text(code, address)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if any(r.lower() in self.drops for r in envelope.rcpt_tos):
            server.transport.abort()
            return "421 dropped"  # never reaches the client
        with self.lock:
            self.count += 1
            n = self.count
        name = "%06d-%d.eml" % (n, os.getpid())
        tmp = os.path.join(self.maildir, ".tmp-" + name)
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        with open(tmp, "wb") as f:
            sender = envelope.mail_from or ""
            if not sender.startswith("<"):
                sender = "<%s>" % sender
            f.write(b"X-Envelope-From: %s\r\n" % sender.encode())
            for r in envelope.rcpt_tos:
                f.write(b"X-Envelope-To: <%s>\r\n" % r.encode())
            f.write(b"X-Envelope-Helo: %s\r\n" % (session.host_name or "").encode())
            f.write(data)
        os.rename(tmp, os.path.join(self.maildir, name))
        return "250 2.0.0 Ok: queued as %06d" % n


class CountingSMTP(SMTP):
    def connection_made(self, transport):
        log = self.event_handler.conn_log
        if log:
            with open(log, "a") as f:
                f.write("connect\n")
        super().connection_made(transport)

    async def _handle_client(self):
        greet = self.event_handler.greet_file
        code = None
        if greet:
            try:
                with open(greet) as f:
                    code = int(f.read().strip() or "0")
            except (OSError, ValueError):
                code = None
        if code:
            await self.push("%d test server refuses service" % code)
            self.transport.close()
            return
        await super()._handle_client()


class CountingController(Controller):
    def factory(self):
        return CountingSMTP(self.handler, **self.SMTP_kwargs)


def authenticator_for(user, password):
    from aiosmtpd.smtp import AuthResult

    def check(server, session, envelope, mechanism, auth_data):
        ok = (getattr(auth_data, "login", None) == user.encode() and
              getattr(auth_data, "password", None) == password.encode())
        # handled=False: aiosmtpd (1.4.3, Debian 12's) then answers a
        # refused login with "535 5.7.8 Authentication credentials
        # invalid".  AuthResult's default handled=True means "the
        # authenticator has replied itself", so a refusal went out
        # without any reply and the client waited for its own timeout
        # (curl: its smtp_timeout).
        return AuthResult(success=ok, handled=False)
    return check


def main():
    # The tests read what the server stored, not its chatter.
    warnings.simplefilter("ignore")
    logging.getLogger("mail.log").setLevel(logging.CRITICAL)
    ap = argparse.ArgumentParser()
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--maildir", required=True)
    ap.add_argument("--fail-rcpt", action="append", default=[])
    ap.add_argument("--fail-domain", action="append", default=[])
    ap.add_argument("--greet-file")
    ap.add_argument("--drop-rcpt", action="append", default=[])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--auth")
    ap.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    ap.add_argument("--smtps", action="store_true",
                    help="with --tls: TLS from the first byte (smtps://)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (default 127.0.0.1)")
    args = ap.parse_args()
    failures = {}
    for spec in args.fail_rcpt:
        addr, code = spec.rsplit("=", 1)
        failures[addr.lower()] = int(code)
    domains = {}
    for spec in args.fail_domain:
        dom, code = spec.rsplit("=", 1)
        domains[dom.lower()] = int(code)
    os.makedirs(args.maildir, exist_ok=True)
    conn_log = os.path.join(os.path.dirname(os.path.abspath(args.maildir)),
                            "connections")
    handler = Store(args.maildir, failures, conn_log, domains,
                    args.greet_file, [a.lower() for a in args.drop_rcpt])
    # Find a free port (unless told which), then serve on it.
    import socket
    port = args.port
    if not port:
        s = socket.socket()
        s.bind((args.host, 0))
        port = s.getsockname()[1]
        s.close()
    kwargs = {}
    if args.auth:
        user, password = args.auth.split(":", 1)
        kwargs.update(authenticator=authenticator_for(user, password),
                      auth_required=True, auth_require_tls=False)
    if args.tls:
        import ssl
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.load_cert_chain(args.tls[0], args.tls[1])
        kwargs.update(tls_context=ctx) if not args.smtps else None
        smtps_ctx = ctx if args.smtps else None
    else:
        smtps_ctx = None
    ctl = CountingController(handler, hostname=args.host, port=port,
                             ready_timeout=10, ssl_context=smtps_ctx,
                             **kwargs)
    # SIGTERM and SIGINT blocked before the server's thread starts (it
    # inherits the mask), so that they reach only the sigwait below,
    # which returns the moment one comes.  (A handler with a polling
    # wait noticed a signal taken by the other thread only at its next
    # poll: each stop took up to half a second.)
    stops = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stops)
    ctl.start()
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % port)
    os.rename(tmp, args.port_file)
    signal.sigwait(stops)
    ctl.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
