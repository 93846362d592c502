# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared test harness for epamserv's integration tests.

Real components only: the epamserv binary built by make, a fresh spool in
a temporary directory, real mail files fed to `epamserv receive`, and a
real SMTP server (tests/smtpd.py, aiosmtpd) on a free loopback port.
Output is TAP, counted by automake's tap-driver.
"""
import atexit
import email
import email.policy
import email.utils
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("EPAMSERV_BIN", "src/epamserv")
SRCDIR = os.environ.get("EPAMSERV_SRCDIR", ".")
TEMPLATES = os.environ.get("EPAMSERV_TEMPLATES", os.path.join(SRCDIR, "templates"))
# The catalogues this build compiled (po/LANG/LC_MESSAGES/epamserv.mo,
# issue 32): the setting locale_dir, since the program never looks into
# its build tree.
LOCALEDIR = os.path.abspath(os.path.join(
    os.environ.get("EPAMSERV_BUILDDIR", "."), "po"))

_count = 0
_failed = 0


def _terminated(signum, frame):
    """A test stopped by SIGTERM or SIGHUP (make interrupted, a session
    stopped) still runs its finally: blocks and atexit handlers, so its
    scratch directory and servers go too (SIGINT already does)."""
    sys.exit(128 + signum)


signal.signal(signal.SIGTERM, _terminated)
signal.signal(signal.SIGHUP, _terminated)


def ok(cond, name, detail=None):
    global _count, _failed
    _count += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", _count, name))
    if not cond:
        _failed += 1
        if detail:
            for line in str(detail).splitlines():
                print("#   " + line)
    sys.stdout.flush()
    return cond


def is_(got, want, name):
    return ok(got == want, name, "expected: %r\n     got: %r" % (want, got))


def contains(text, part, name):
    """part is in text, as it is or with line breaks and runs of blanks
    taken as one blank: mail texts wrap at 72 columns (issue 14), so a
    sentence may continue on the next line."""
    found = text is not None and (
        part in text or " ".join(part.split()) in " ".join(text.split()))
    return ok(found, name, "expected to find: %r\nin: %s" % (part, text))


def done():
    print("1..%d" % _count)
    sys.exit(1 if _failed else 0)


def hold_lock(path):
    """Hold flock(2) on the lock file path in another process (as a
    running epamserv would) until the returned Popen is killed."""
    holder = subprocess.Popen(["/usr/bin/python3", "-c",
                               "import fcntl,sys,time\n"
                               "f=open(sys.argv[1],'a')\n"
                               "fcntl.flock(f,fcntl.LOCK_EX)\n"
                               "print('held',flush=True)\ntime.sleep(60)",
                               path], stdout=subprocess.PIPE)
    holder.stdout.readline()
    return holder


_msgno = 0


def make_mail(sender, subject, body="", msgid=None, headers=None):
    """A plain RFC 5322 mail as bytes."""
    global _msgno
    _msgno += 1
    if msgid is None:
        msgid = "<t%d.%d.%f@test.example>" % (os.getpid(), _msgno, time.time())
    lines = ["From: %s" % sender, "To: epamserv@games.example",
             "Subject: %s" % subject, "Date: Mon, 30 Nov 2026 06:00:00 +0000"]
    if msgid:
        lines.append("Message-ID: %s" % msgid)
    for k, v in (headers or {}).items():
        lines.append("%s: %s" % (k, v))
    lines.append("MIME-Version: 1.0")
    lines.append("Content-Type: text/plain; charset=utf-8")
    return ("\r\n".join(lines) + "\r\n\r\n" + body.replace("\n", "\r\n")).encode()


class Server:
    """tests/smtpd.py on a free loopback port, storing mails in a dir."""

    def __init__(self, root, fail_rcpt=(), extra=()):
        self.root = root
        self.maildir = os.path.join(root, "received")
        portfile = os.path.join(root, "smtp.port")
        args = ["/usr/bin/python3", os.path.join(SRCDIR, "tests", "smtpd.py"),
                "--port-file", portfile, "--maildir", self.maildir]
        for f in fail_rcpt:
            args += ["--fail-rcpt", f]
        args += list(extra)
        self.proc = subprocess.Popen(args)
        for _ in range(200):
            if os.path.exists(portfile):
                break
            time.sleep(0.05)
        with open(portfile) as f:
            self.port = int(f.read())
        self.url = "smtp://127.0.0.1:%d" % self.port

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=10)

    def messages(self):
        """Every message received so far, in order, as EmailMessage objects
        with .envelope_from and .envelope_to attributes."""
        out = []
        if not os.path.isdir(self.maildir):
            return out
        for name in sorted(os.listdir(self.maildir)):
            if name.startswith("."):
                continue
            with open(os.path.join(self.maildir, name), "rb") as f:
                data = f.read()
            msg = email.message_from_bytes(data, policy=email.policy.default)
            msg.envelope_from = msg["X-Envelope-From"].strip("<>")
            msg.envelope_to = [v.strip("<>") for v in msg.get_all("X-Envelope-To")]
            msg.raw = data
            out.append(msg)
        return out


def body_of(msg):
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content() if part else ""


class Env:
    """A fresh spool, optionally wired to a fresh SMTP server."""

    def __init__(self, smtp=True, fail_rcpt=()):
        self.root = tempfile.mkdtemp(prefix="epamserv-test-")
        # Removed at exit even when a test ends without close().
        atexit.register(shutil.rmtree, self.root, True)
        self.spool = os.path.join(self.root, "spool")
        self.server = Server(self.root, fail_rcpt) if smtp else None
        self.env = dict(os.environ)
        for k in list(self.env):
            if k.startswith("EPAMSERV_") and k not in ("EPAMSERV_BIN", "EPAMSERV_SRCDIR"):
                del self.env[k]
        self.env["EPAMSERV_SPOOL"] = self.spool
        self.env["EPAMSERV_FROM"] = "epamserv@games.example"
        self.env["EPAMSERV_TEMPLATES"] = TEMPLATES
        self.env["EPAMSERV_LOCALEDIR"] = LOCALEDIR
        self.env["EPAMSERV_CONF"] = os.path.join(self.root, "none.conf")
        open(self.env["EPAMSERV_CONF"], "w").close()
        self.env["EPAMSERV_LOCK_TIMEOUT"] = "10"
        # Log lines go to stderr (tests read it) and to a file of this
        # scratch directory, never to the machine's system log.
        self.log = os.path.join(self.root, "epamserv.log")
        self.env["EPAMSERV_LOG"] = self.log
        if self.server:
            self.env["EPAMSERV_SMTP_URL"] = self.server.url
        self.seen = 0

    def run(self, *args, stdin=None, env=None, quiet=False):
        """Run epamserv with args.  Info and notice lines reach stderr
        only with --verbose (quiet cron): the tests read them there, so
        it is given unless quiet."""
        e = dict(self.env)
        e.update(env or {})
        verbose = [] if quiet or (args and args[0].startswith("--")) else ["--verbose"]
        p = subprocess.run([BIN] + verbose + list(args), input=stdin, env=e,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120)
        return p.returncode, p.stdout.decode("utf-8", "replace"), \
            p.stderr.decode("utf-8", "replace")

    def receive(self, mail, env=None):
        """Feed one mail to `epamserv receive`; returns (rc, stderr)."""
        rc, _, err = self.run("receive", stdin=mail, env=env)
        return rc, err

    def mail(self, sender, subject, body="", **kw):
        return self.receive(make_mail(sender, subject, body, **kw))

    def new_messages(self):
        """Messages the server got since the last call."""
        msgs = self.server.messages()
        new = msgs[self.seen:]
        self.seen = len(msgs)
        return new

    def snapshot(self):
        """Every file of the spool's games/ and users/, by path: what a
        refused command must leave as it was."""
        out = {}
        for sub in ("games", "users"):
            for d, _, files in os.walk(os.path.join(self.spool, sub)):
                for f in files:
                    with open(os.path.join(d, f), "rb") as fh:
                        out[os.path.join(d, f)] = fh.read()
        return out

    def outbox_messages(self):
        """Every mail waiting in the spool's outbox, in queue order, as
        EmailMessage objects with .envelope_to (a list) and .path."""
        out = []
        d = os.path.join(self.spool, "outbox")
        if not os.path.isdir(d):
            return out
        for name in sorted(os.listdir(d)):
            if not name.endswith(".eml"):
                continue
            with open(os.path.join(d, name), "rb") as f:
                data = f.read()
            head, _, raw = data.partition(b"\r\n\r\n")
            lines = data.split(b"\r\n", 2)
            msg = email.message_from_bytes(lines[2], policy=email.policy.default)
            msg.envelope_from = lines[0].decode().split(":", 1)[1].strip().strip("<>")
            msg.envelope_to = [lines[1].decode().split(":", 1)[1].strip().strip("<>")]
            msg.path = os.path.join(d, name)
            msg.raw = lines[2]
            out.append(msg)
        return out

    def confirm_requests(self, addr, msgs=None):
        """The subjects of the confirmation requests to addr among msgs
        (default: the outbox, or what the SMTP server received)."""
        if msgs is None:
            msgs = self.server.messages() if self.server else self.outbox_messages()
        return [" ".join(str(m["Subject"]).split()) for m in msgs
                if addr in m.envelope_to and
                str(m["Subject"]).startswith("confirm ")]

    def confirm(self, addr, msgs=None, sender=None, body="Yes, that is me."):
        """Reply to the latest confirmation request to addr, keeping its
        subject; returns (rc, stderr)."""
        subjects = self.confirm_requests(addr, msgs)
        if not subjects:
            raise AssertionError("no confirmation request went to %s" % addr)
        return self.mail(sender or addr, "Re: " + subjects[-1], body)

    def signup(self, sender, userid, password, *addresses):
        """Sign up and confirm every address by replying to its request,
        as the player would.  Returns the messages the SMTP server got
        meanwhile (none without a server); later new_messages() calls
        start after them."""
        got = []
        before = len(self.outbox_messages()) if not self.server else 0
        rc, err = self.mail(sender, " ".join(["signup", userid, password] +
                                             list(addresses)))
        if rc != 0:
            raise AssertionError("signup %s: exit %d: %s" % (userid, rc, err))
        if self.server:
            msgs = self.new_messages()
        else:
            msgs = self.outbox_messages()[before:]
        got += msgs
        for addr in addresses or [sender_addr(sender)]:
            if not self.confirm_requests(addr, msgs) and any(
                    "Welcome to epamserv" in body_of(m) for m in msgs):
                continue  # a binary from before confirmation (issue 11)
            rc, err = self.confirm(addr, msgs)
            if rc != 0:
                raise AssertionError("confirm %s: exit %d: %s" % (addr, rc, err))
            if self.server:
                got += self.new_messages()
        return got

    def players(self, *userids):
        """Sign up each userid as USERID@example.org, its password the
        userid's first letter (the convention of the game tests)."""
        for u in userids:
            self.signup("%s@example.org" % u, u, u[0])

    def start_game(self, white, black, board, options="",
                   game="epaminondas"):
        """A game between two players() accounts: white's signed challenge
        (with options, e.g. "-repetition=off"), black's accept of board.
        Raises when either mail fails."""
        for who, subject in (
                (white, " ".join(w for w in (game, "challenge", white, black,
                                             options, "by", white, white[0])
                                 if w)),
                (black, "%s accept %d %s %s" % (game, board, black, black[0]))):
            rc, err = self.mail("%s@example.org" % who, subject)
            if rc != 0:
                raise AssertionError("%s: exit %d: %s" % (subject, rc, err))

    def user_file(self, userid):
        """The text of SPOOL/users/USERID, or "" when there is none."""
        path = os.path.join(self.spool, "users", userid)
        if not os.path.exists(path):
            return ""
        with open(path) as f:
            return f.read()

    def game_file(self, board=101, game="epaminondas"):
        path = os.path.join(self.spool, "games", game, "%d.game" % board)
        try:
            with open(path) as f:
                return f.read()
        except FileNotFoundError:
            return None

    def close(self):
        if self.server:
            self.server.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def sender_addr(sender):
    """The addr-spec of a From value ("Alice <a@b>" or "a@b")."""
    return email.utils.parseaddr(sender)[1]


def to(msgs, addr):
    """The messages among msgs addressed to addr (envelope)."""
    return [m for m in msgs if addr in m.envelope_to]


def maildir_batch(env, mails):
    """mails ((sender, subject), ...) put in that order into new/ of a
    fresh Maildir in env's scratch directory and handled by ONE run of
    `epamserv batch --maildir`; returns (exit status, stderr)."""
    md = os.path.join(env.root, "Maildir-%d" % len(os.listdir(env.root)))
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, (who, subj) in enumerate(mails):
        with open(os.path.join(md, "new", "%05d.m%d.host" % (i, i)),
                  "wb") as f:
            f.write(make_mail(who, subj))
    rc, out, err = env.run("batch", "--maildir", md)
    return rc, err


def by_recipient(msgs):
    out = {}
    for m in msgs:
        for r in m.envelope_to:
            out.setdefault(r, []).append(m)
    return out


def refused(env, sender, subject, why, name, body=""):
    """Send a command that must be refused: exactly one error reply, to the
    sender, saying why (a substring) and how to write the command, and no
    file of the spool changed.  Returns (reply text with LF line ends,
    the messages sent, epamserv's stderr)."""
    return _refused_by(env, sender, lambda: env.mail(sender, subject, body),
                       why, name)


def _refused_by(env, sender, send, why, name):
    """refused()'s checks around send() (returns (rc, stderr))."""
    before = env.snapshot()
    rc, err = send()
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [sender],
       "%s: one reply, to the sender" % name,
       "rc %d, replies to %r, %s" % (rc, [m.envelope_to for m in msgs], err))
    text = body_of(msgs[0]).replace("\r\n", "\n") if msgs else ""
    contains(text, why, "%s: the reply says what was wrong" % name)
    contains(text, "How to write it:", "%s: the reply says how to write it" % name)
    ok(env.snapshot() == before, "%s: nothing changed on disk" % name)
    return text, msgs, err


# Issue 30: a mail about a board keeps the game's one subject; the reply
# token travels in our Message-ID (src/services/threadid.h), which a reply
# names in In-Reply-To and References.

import re  # noqa: E402

OUR_ID = re.compile(r"<?epamserv\.\w+\.\d+\.([a-z]+)(?:\.([a-z]+)\.(\d+)"
                    r"(?:\.([a-z2-7]+))?)?\.\w+@[^>]*>?$")


def token_of(m):
    """The reply token our mail m carries: in its Message-ID, else (a
    mail of the old form, or a mail with an account token) at the end of
    its subject; None when it carries none."""
    if m is None:
        return None
    g = OUR_ID.match(str(m.get("Message-ID") or "").strip())
    if g and g.group(4):
        return g.group(4)
    g = re.search(r"\[#([a-z2-7]+)\]$", str(m.get("Subject") or ""))
    return g.group(1) if g else None


def kind_of(m):
    """The kind of mail our Message-ID names ("board", "chat", ...), or
    None."""
    g = OUR_ID.match(str(m["Message-ID"] or "").strip()) if m else None
    return g.group(1) if g else None


def reply_headers(m):
    """The In-Reply-To and References a mail client writes in a reply to
    our mail m."""
    mid = str(m["Message-ID"]).strip()
    refs = str(m["References"] or "").split()
    return {"In-Reply-To": mid, "References": " ".join(refs + [mid])}


def reply(env, sender, m, body, subject=None):
    """Send sender's reply to our mail m (Subject "Re: " and m's subject,
    In-Reply-To and References naming m) with body; returns (rc,
    stderr)."""
    return env.mail(sender, subject or "Re: " + str(m["Subject"]), body,
                    headers=reply_headers(m))


def refused_reply(env, sender, m, body, why, name):
    """refused() for sender's reply to our mail m."""
    return _refused_by(env, sender, lambda: reply(env, sender, m, body),
                       why, name)


def digest_hex(text):
    """util_digest_hex (src/util/util.c) of text, written out again: the
    name of a seen/ record (the digest of a mail's Message-ID, or of a
    sweep event's words, svc_event)."""
    data = text.encode()
    mask = (1 << 64) - 1
    a, b = 0xcbf29ce484222325, 0x84222325cbf29ce4
    for i, byte in enumerate(data):
        a = ((a ^ byte) * 0x100000001b3) & mask
        b = ((b ^ byte ^ (i & 0xff)) * 0x100000001b3) & mask
        b ^= b >> 29
    a ^= len(data)
    return "%016x%016x" % (a, b)


# The topmost Received field of a mail through our own MTA (Postfix) from
# the client 192.0.2.7: what incoming.log's client= and fail2ban read.
RECEIVED_POSTFIX = (
    "from mx.attacker.example (mx.attacker.example [192.0.2.7]) "
    "by games.example (Postfix) with ESMTP id 4Q2\r\n"
    "\tfor <epamserv@games.example>; Mon, 30 Nov 2026 06:00:00 +0000")


def fail2ban_regex():
    """The failregex of the shipped fail2ban filter
    (examples/fail2ban/epamserv.conf) as a Python regex, fail2ban's <HOST>
    as the group "host": the filter applied without fail2ban."""
    import configparser
    cp = configparser.ConfigParser()
    cp.read(os.path.join(SRCDIR, "examples", "fail2ban", "epamserv.conf"))
    rx = cp.get("Definition", "failregex")
    return re.compile(rx.replace("<HOST>", r"(?:::f{4,6}:)?(?P<host>\S+)"))


def po_catalogue(root, entries, lang="de"):
    """A test catalogue: entries (msgid, msgstr, both as Python text) as
    root/LANG.po, compiled (msgfmt --check-format) into
    root/locale/LANG/LC_MESSAGES/epamserv.mo.  Returns root/locale (the
    setting locale_dir), or None when msgfmt is not installed."""
    if not shutil.which("msgfmt"):
        return None

    def quoted(s):
        return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"').replace(
            "\n", "\\n")
    locale = os.path.join(root, "locale")
    d = os.path.join(locale, lang, "LC_MESSAGES")
    os.makedirs(d)
    po = os.path.join(root, lang + ".po")
    with open(po, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8'
                '\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"\n')
        for msgid, msgstr in entries:
            f.write("\n%smsgid %s\nmsgstr %s\n" % (
                "#, c-format\n" if "%" in msgid else "", quoted(msgid),
                quoted(msgstr)))
    subprocess.run(["msgfmt", "--check-format", "-o",
                    os.path.join(d, "epamserv.mo"), po], check=True)
    return locale
