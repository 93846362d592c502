#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 35 item 4: a `receive` that sends nothing maps neither libcurl
(and its TLS, Kerberos, LDAP stack) nor libxml2 (and ICU): they are
loaded when first needed (src/util/curl_lib.c, src/mail/html.c).  The
dynamic loader says which files it mapped (LD_DEBUG=files, written into
the scratch directory by LD_DEBUG_OUTPUT), whether no SMTP server is
configured or the outbox is empty.  Delivery still works and
loads libcurl; an HTML-only mail still has its command read and loads
libxml2 (without it the mail is deferred, exit 75); and when libcurl
cannot be loaded (a broken file of its name
first on LD_LIBRARY_PATH), flush says so in the log, exits 75 as for a
relay outage and keeps the mail in the outbox, which the next flush
delivers."""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, body_of  # noqa: E402

A = "alice@example.org"


def mapped(E, name, run):
    """The names of the files the loader mapped during run(env) (a
    function given the extra environment), from LD_DEBUG=files."""
    d = os.path.join(E.root, "lddebug-" + name)
    os.makedirs(d)
    run({"LD_DEBUG": "files", "LD_DEBUG_OUTPUT": os.path.join(d, "ld")})
    files = set()
    for path in glob.glob(os.path.join(d, "ld.*")):
        with open(path, errors="replace") as f:
            for line in f:
                m = re.search(r"\bfile=(\S+)", line)
                if m:
                    files.add(os.path.basename(m.group(1)))
    return files


def has(files, stem):
    return sorted(f for f in files if f.startswith(stem))


E = Env()
try:
    E.players("alice", "bob")
    E.new_messages()
    queued = len(E.outbox_messages())
    # A help mail with no SMTP server configured: the reply is queued.
    out = {}
    files = mapped(E, "queue", lambda env: out.setdefault("r", E.receive(
        harness.make_mail(A, "help"), env=dict(env, EPAMSERV_SMTP_URL=""))))
    is_(out["r"][0], 0, "receive of a help mail exits 0")
    ok(any(f.startswith("libc.so") for f in files),
       "the loader's list of files is read (LD_DEBUG=files)", sorted(files))
    is_(has(files, "libcurl"), [], "receive that sends nothing maps no libcurl")
    is_(has(files, "libxml2") + has(files, "libicu"), [],
        "a text mail maps neither libxml2 nor ICU")
    is_(len(E.outbox_messages()), queued + 1, "its reply waits in the outbox")

    # flush delivers it and loads libcurl to do so.
    out = {}
    files = mapped(E, "flush", lambda env: out.setdefault("r", E.run(
        "flush", env=env)))
    is_(out["r"][0], 0, "flush exits 0")
    curl = has(files, "libcurl")
    ok(len(curl) == 1, "flush loads libcurl", sorted(files))
    msgs = E.new_messages()
    ok(len(msgs) == 1 and msgs[0]["To"] and A in msgs[0]["To"],
       "the queued reply is delivered", [m["To"] for m in msgs])
    is_(len(E.outbox_messages()), queued, "the outbox is empty again")

    # With the SMTP server configured, a mail that queues nothing (an
    # auto-reply, never answered) has nothing to deliver: no libcurl.
    out = {}
    files = mapped(E, "nothing", lambda env: out.setdefault("r", E.receive(
        harness.make_mail(A, "help", headers={
            "Auto-Submitted": "auto-replied"}), env=env)))
    is_(out["r"][0], 0, "receive of an auto-reply exits 0")
    is_((len(E.outbox_messages()), len(E.new_messages())), (queued, 0),
        "it queues and sends nothing")
    is_(has(files, "libcurl"), [], "and maps no libcurl, though smtp_url "
        "is set")

    # An HTML-only mail: libxml2 is loaded and the command is read.
    html = ("From: %s\r\nTo: epamserv@games.example\r\nSubject: hello\r\n"
            "Message-ID: <startup.1@example.org>\r\nMIME-Version: 1.0\r\n"
            "Content-Type: text/html; charset=utf-8\r\n\r\n"
            "<html><body><p>help</p></body></html>\r\n" % A).encode()
    out = {}
    files = mapped(E, "html", lambda env: out.setdefault("r", E.receive(
        html, env=env)))
    is_(out["r"][0], 0, "receive of an HTML-only mail exits 0")
    ok(has(files, "libxml2"), "an HTML-only mail loads libxml2",
       sorted(files))
    msgs = E.new_messages()
    ok(len(msgs) == 1 and "help" in (msgs[0]["Subject"] or "").lower(),
       "the HTML-only mail's command is answered (and delivered by the "
       "libcurl receive loads)", [m["Subject"] for m in msgs])

    # libxml2 cannot be loaded: the HTML-only mail is deferred (exit 75:
    # the MTA keeps it), not read as empty; it is read once it can be.
    xml = has(files, "libxml2")
    if xml:
        bad = os.path.join(E.root, "badxml")
        os.makedirs(bad)
        open(os.path.join(bad, xml[0]), "w").close()
        html2 = html.replace(b"<startup.1@", b"<startup.2@")
        rc, err = E.receive(html2, env={"LD_LIBRARY_PATH": bad})
        is_(rc, 75, "an HTML-only mail without libxml2 is deferred (exit 75)")
        contains(err, "cannot load " + xml[0],
                 "the log names the library it cannot load")
        is_(E.new_messages(), [], "nothing is answered meanwhile")
        rc, err = E.receive(html2)
        is_(rc, 0, "the same mail again, libxml2 back: exit 0")
        is_(len(E.new_messages()), 1, "and it is answered")

    # libcurl cannot be loaded: a file of its name that is no library,
    # first on the loader's path.
    if len(curl) == 1:
        bad = os.path.join(E.root, "badlib")
        os.makedirs(bad)
        open(os.path.join(bad, curl[0]), "w").close()
        broken = {"LD_LIBRARY_PATH": bad}
        rc, err = E.receive(harness.make_mail(A, "help"), env=broken)
        is_(rc, 0, "receive exits 0 when libcurl cannot be loaded (the "
            "mail itself was dealt with)")
        is_(E.new_messages(), [], "nothing is sent")
        is_(len(E.outbox_messages()), queued + 1,
            "the reply stays in the outbox")
        rc, _, err = E.run("flush", env=broken)
        is_(rc, 75, "flush exits 75 as for a relay outage")
        contains(err, "cannot load " + curl[0],
                 "the log says which library could not be loaded")
        with open(E.log, errors="replace") as f:
            contains(f.read(), "the mail stays in the outbox",
                     "and that the mail stays in the outbox")
        is_(len(E.outbox_messages()), queued + 1, "the mail is kept")
        rc, _, err = E.run("flush")
        is_(rc, 0, "a flush with libcurl back exits 0")
        is_(len(E.new_messages()), 1, "and delivers the kept mail")
        is_(len(E.outbox_messages()), queued, "the outbox is empty again")
        rc, out_text, err = E.run("config", "--check", env=dict(
            broken, EPAMSERV_SMTP_URL="smtp://relay.example.net:587",
            EPAMSERV_SMTP_USER="games"))
        ok(rc != 0 and curl[0] in out_text + err,
           "config --check names the library it cannot load to check "
           "smtp_url", out_text + err)
finally:
    E.close()
done()
