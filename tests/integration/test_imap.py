#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`epamserv batch --imap URL` against a real Dovecot on loopback
(tests/imapd.py): unseen mail is processed in UID order and flagged \\Seen
only once its effects are saved, a rerun changes nothing, a mail meeting a
busy board stays unseen for the next run, a message that looks like IMAP
protocol cannot confuse the reader, and credentials are handled with care
(0600 password file, no password in any message)."""
import fcntl
import imaplib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from harness import Env, ok, is_, contains, done, make_mail
from imapd import Dovecot, free_port

USER, PASSWORD = "epamserv-in", "Imap-Pw-5813"
T0 = 1796000000

env = Env(smtp=True)
imapd = Dovecot(USER, PASSWORD)
_n = 0


def deliver(sender, subject, body=""):
    global _n
    _n += 1
    imapd.deliver(make_mail(sender, subject, body),
                  "%d.M%dP%d.test" % (T0 + _n, _n, os.getpid()))


def imap_state():
    """(unseen UIDs, {uid: flags}) as Dovecot reports them."""
    m = imaplib.IMAP4("127.0.0.1", imapd.port)
    try:
        m.login(USER, PASSWORD)
        m.select("INBOX", readonly=True)
        typ, data = m.uid("SEARCH", "UNSEEN")
        unseen = [int(x) for x in data[0].split()]
        typ, data = m.uid("FETCH", "1:*", "(FLAGS)")
        flags = {}
        for item in data:
            if not item:
                continue
            text = item.decode()
            uid = int(text.split("UID ")[1].split()[0].rstrip(")"))
            flags[uid] = text.split("FLAGS (")[1].split(")")[0]
        return unseen, flags
    finally:
        m.logout()


def snapshot(root):
    out = {}
    for d, dirs, files in os.walk(root):
        # runs/: the record of the run itself (epamserv status)
        if os.path.basename(d) in ("locks", "runs") or "/tmp" in d[len(root):]:
            continue
        for f in files:
            p = os.path.join(d, f)
            with open(p, "rb") as fh:
                out[p] = fh.read()
    return out


url = "imap://127.0.0.1:%d/INBOX" % imapd.port
pwfile = os.path.join(env.root, "imap.pw")
with open(pwfile, "w") as f:
    f.write(PASSWORD + "\n")
os.chmod(pwfile, 0o600)
env.env["EPAMSERV_IMAP_USER"] = USER
env.env["EPAMSERV_IMAP_PASSWORD_FILE"] = pwfile
# The Dovecot of tests/imapd.py has no TLS; on loopback clear text may be
# chosen (imap_tls defaults to require: test_transport_secrets.py).
env.env["EPAMSERV_IMAP_TLS"] = "none"
errors = []


def batch(*extra, env_=None):
    rc, out, err = env.run("batch", "--imap", *(extra or (url,)), env=env_)
    errors.append(err)
    return rc, err


try:
    # Two signups; then their confirmations and a challenge, in order.
    deliver("alice@example.org", "signup alice a")
    deliver("bob@example.org", "signup bob b")
    rc, err = batch()
    ok(os.path.exists(os.path.join(env.spool, "users", "alice")) and
       os.path.exists(os.path.join(env.spool, "users", "bob")),
       "the signups took effect")
    msgs = env.new_messages()
    for who in ("alice@example.org", "bob@example.org"):
        deliver(who, "Re: " + env.confirm_requests(who, msgs)[-1], "yes")
    deliver("alice@example.org", "epaminondas challenge alice bob by alice a")
    rc, err = batch()
    is_(rc, 0, "batch --imap exits 0 when every mail was handled")
    contains(err, "handled=3 left=0", "it reports what it did")
    gf = env.game_file(101)
    ok(gf is not None, "the challenge (after both confirmations, in UID "
       "order) made board 101", err)
    msgs = env.new_messages()
    ok(len(msgs) >= 4, "the replies were delivered over SMTP at the end",
       "%d messages" % len(msgs))
    outbox = os.path.join(env.spool, "outbox")
    is_(os.listdir(outbox) if os.path.isdir(outbox) else None, [],
        "nothing is left in the outbox")
    unseen, flags = imap_state()
    is_(unseen, [], "Dovecot reports no unseen mail")
    ok(len(flags) == 5 and all("\\Seen" in f for f in flags.values()),
       "every processed mail is flagged \\Seen", flags)
    cur = os.listdir(os.path.join(imapd.maildir, "cur"))
    # (and a lower-case letter: Dovecot's name for the keyword
    # $EpamservDone, epamserv's mark of a mail it processed)
    ok(len(cur) == 5 and all("S" in c.partition(":2,")[2] for c in cur),
       "the Maildir files carry the S flag", cur)

    # A rerun finds nothing to do.
    before = snapshot(env.spool)
    rc, err = batch()
    is_(rc, 0, "a rerun exits 0")
    contains(err, "handled=0 left=0", "a rerun processes nothing")
    ok(snapshot(env.spool) == before, "a rerun changes nothing in the spool")
    is_(env.new_messages(), [], "a rerun sends nothing")

    # A busy board: the mail stays unseen, the others go on.
    deliver("bob@example.org", "epaminondas accept 101 bob b")
    deliver("carol@example.org", "signup carol c")
    lockdir = os.path.join(env.spool, "locks")
    os.makedirs(lockdir, exist_ok=True)
    with open(os.path.join(lockdir, "board-epaminondas-101.lock"), "a") as lk:
        fcntl.flock(lk, fcntl.LOCK_EX)
        # lock_timeout 0: one try, no waiting for a lock that stays held.
        rc, err = batch(env_={"EPAMSERV_LOCK_TIMEOUT": "0"})
        fcntl.flock(lk, fcntl.LOCK_UN)
    is_(rc, 75, "a mail meeting a busy board makes the run exit 75")
    contains(err, "handled=1 left=1", "the run goes on with the others")
    is_(env.game_file(101), gf, "the busy board is untouched")
    ok(os.path.exists(os.path.join(env.spool, "users", "carol")),
       "the next mail was handled")
    unseen, flags = imap_state()
    is_(unseen, [6], "the mail that met the busy board is still unseen")
    ok("\\Seen" in flags.get(7, ""), "the handled one is seen", flags)
    rc, err = batch()
    is_(rc, 0, "the next run handles it")
    contains(err, "handled=1 left=0", "only that mail is fetched again")
    ok("state: challenged" in gf and
       "state: challenged" not in (env.game_file(101) or ""),
       "the accept took effect", env.game_file(101))
    is_(imap_state()[0], [], "now every mail is seen")

    # Mail that reads like IMAP protocol cannot confuse the reader: lines
    # shaped like our tags, like libcurl's, and a fake FETCH response.
    fake = "".join("e%d OK done\r\nA%03d OK done\r\n" % (i, i)
                   for i in range(1, 40))
    fake += "* 9 FETCH (UID 9 BODY[] {5}\r\nhello\r\n)\r\n"
    deliver("dave@example.org", "signup dave d", fake)
    deliver("erin@example.org", "signup erin e")
    rc, err = batch()
    is_(rc, 0, "a mail full of IMAP-looking lines is handled")
    ok(os.path.exists(os.path.join(env.spool, "users", "dave")) and
       os.path.exists(os.path.join(env.spool, "users", "erin")),
       "both it and the mail after it took effect", err)
    is_(imap_state()[0], [], "and both are seen")

    # A mail over max_mail_size is read only up to the limit.
    deliver("frank@example.org", "signup frank f", "x" * 5000)
    rc, err = batch(env_={"EPAMSERV_MAX_MAIL_SIZE": "2048"})
    is_(rc, 0, "a mail over max_mail_size is handled")
    ok(not os.path.exists(os.path.join(env.spool, "users", "frank")),
       "it is refused as too large, not applied")
    is_(imap_state()[0], [], "and flagged seen")

    # Credentials in the URL instead of the settings.
    deliver("gina@example.org", "signup gina g")
    rc, err = batch("imap://%s:%s@127.0.0.1:%d/INBOX" %
                    (USER, PASSWORD, imapd.port),
                    env_={"EPAMSERV_IMAP_USER": "",
                          "EPAMSERV_IMAP_PASSWORD_FILE": ""})
    is_(rc, 0, "the URL's user:password log in too")
    ok(os.path.exists(os.path.join(env.spool, "users", "gina")),
       "and the mail is handled")

    # Credentials handled with care.
    deliver("hank@example.org", "signup hank h")
    os.chmod(pwfile, 0o644)
    rc, err = batch()
    is_(rc, 78, "a password file readable by others is refused (exit 78)")
    contains(err, "imap_password_file", "the message names the setting")
    contains(err, "chmod 600", "and says how to fix it")
    os.chmod(pwfile, 0o600)
    badpw = os.path.join(env.root, "bad.pw")
    with open(badpw, "w") as f:
        f.write("Wrong-Pw-2097\n")
    os.chmod(badpw, 0o600)
    rc, err = batch(env_={"EPAMSERV_IMAP_PASSWORD_FILE": badpw})
    is_(rc, 78, "a refused login is a configuration error (exit 78), not "
        "an endless retry")
    contains(err, "refused the login", "the message says the login failed")
    contains(err, "imap_password_file", "and names the setting to fix")
    is_(len([l for l in err.splitlines() if "login" in l]), 1,
        "in one line")
    ok("Wrong-Pw-2097" not in err, "the message does not show the password")
    is_(imap_state()[0], [_n], "nothing was marked seen")

    port = free_port()
    rc, err = batch("imap://127.0.0.1:%d/INBOX" % port)
    is_(rc, 75, "an unreachable server is a temporary failure (exit 75)")
    contains(err, "cannot reach the IMAP server", "with a clear message")
    rc, err = batch("imap://127.0.0.1:%d/No%%20Such" % imapd.port)
    is_(rc, 78, "a missing mailbox is a configuration error (exit 78)")
    contains(err, "cannot open the mailbox \"No Such\"", "named in the message")
    contains(err, "fix the mailbox in the URL", "with what to fix")
    is_(len([l for l in err.splitlines() if "mailbox" in l]), 1,
        "in one line")
    rc, err = batch("http://127.0.0.1/")
    is_(rc, 64, "only imap:// and imaps:// URLs are taken")
    ok(os.path.exists(os.path.join(env.spool, "users", "hank")) is False,
       "the last mail waits")
    rc, err = batch()
    is_(rc, 0, "and is handled once the settings are right")
    ok(all(PASSWORD not in e for e in errors),
       "no run ever printed the IMAP password")
finally:
    imapd.stop()
    env.close()
done()
