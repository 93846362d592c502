#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 13, item 6, against a real Dovecot (tests/imapd.py): `batch
--imap` searches `UNSEEN SINCE <maildir_max_days ago>` (INTERNALDATE), so
an unseen mail older than that, whose processed-mail record may have
been pruned, is never applied (again); with a longer maildir_max_days it
would be.  imap_keep_days expunges (UID EXPUNGE) only mails batch
processed itself (\\Seen and the keyword $EpamservDone) that are old
enough; a server without UIDPLUS gets a warning and keeps its mail."""
import imaplib
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from harness import Env, ok, is_, contains, done, make_mail  # noqa: E402
from imapd import Dovecot  # noqa: E402

USER, PASSWORD = "epamserv-in", "Imap-Pw-5813"


class NoUidplus(Dovecot):
    """A Dovecot that does not announce UIDPLUS after the login."""
    def config(self, internal, login):
        return super().config(internal, login) + (
            "imap_capability = IMAP4rev1 LITERAL+ SASL-IR ID ENABLE IDLE "
            "UNSELECT CHILDREN NAMESPACE\n")
DAY = 86400

env = Env(smtp=False)
imapd = Dovecot(USER, PASSWORD)
_n = 0


def deliver(sender, subject, days_ago):
    """A mail the server received days_ago (Dovecot's INTERNALDATE of a
    Maildir file is its modification time)."""
    global _n
    _n += 1
    name = "%d.M%dP%d.test" % (int(time.time()) - days_ago * DAY, _n,
                               os.getpid())
    imapd.deliver(make_mail(sender, subject), name)
    when = time.time() - days_ago * DAY
    os.utime(os.path.join(imapd.maildir, "new", name), (when, when))


def search(criteria):
    """The UIDs of INBOX that criteria selects, read-only."""
    m = imaplib.IMAP4("127.0.0.1", imapd.port)
    try:
        m.login(USER, PASSWORD)
        m.select("INBOX", readonly=True)
        typ, data = m.uid("SEARCH", criteria)
        return [int(x) for x in data[0].split()]
    finally:
        m.logout()


def unseen():
    return search("UNSEEN")


def uids():
    return search("ALL")


url = "imap://127.0.0.1:%d/INBOX" % imapd.port
pwfile = os.path.join(env.root, "imap.pw")
with open(pwfile, "w") as f:
    f.write(PASSWORD + "\n")
os.chmod(pwfile, 0o600)
env.env["EPAMSERV_IMAP_USER"] = USER
env.env["EPAMSERV_IMAP_PASSWORD_FILE"] = pwfile
env.env["EPAMSERV_IMAP_TLS"] = "none"
try:
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    deliver("alice@example.org", "epaminondas challenge alice bob by alice a", 40)
    deliver("alice@example.org", "epaminondas help", 2)
    rc, out, err = env.run("batch", "--imap", url)
    is_(rc, 0, "batch --imap exits 0")
    contains(err + open(env.log).read(), "handled=1 left=0",
             "it took the recent mail only")
    ok(env.game_file(101) is None, "an unseen mail received 40 days ago "
       "(over maildir_max_days, 30) is not applied", err)
    is_(unseen(), [1], "it stays unseen; the recent one is flagged seen")
    rc, out, err = env.run("batch", "--imap", url,
                           env={"EPAMSERV_MAILDIR_MAX_DAYS": "45"})
    is_(rc, 0, "batch --imap with maildir_max_days 45 exits 0")
    ok(env.game_file(101) is not None, "with maildir_max_days 45 the mail "
       "of 40 days ago is searched and applied", err)
    is_(unseen(), [], "and flagged seen")

    # -- imap_keep_days: only mail we processed, old enough, goes -------
    deliver("carol@example.org", "read by a person", 40)      # UID 3
    deliver("alice@example.org", "epaminondas help", 40)      # UID 4
    m = imaplib.IMAP4("127.0.0.1", imapd.port)
    m.login(USER, PASSWORD)
    m.select("INBOX")
    m.uid("STORE", "3", "+FLAGS", "(\\Seen)")
    typ, data = m.uid("FETCH", "1", "(FLAGS)")
    m.logout()
    ok(b"$EpamservDone" in data[0], "a processed mail carries the keyword "
       "$EpamservDone besides \\Seen", data)
    rc, out, err = env.run("batch", "--imap", url)
    is_(uids(), [1, 2, 3, 4], "imap_keep_days 0 (the default) expunges "
        "nothing")
    rc, out, err = env.run("batch", "--imap", url,
                           env={"EPAMSERV_IMAP_KEEP_DAYS": "10"})
    is_(rc, 0, "batch --imap with imap_keep_days 10 exits 0")
    is_(uids(), [2, 3, 4], "imap_keep_days 10 expunges the mail it processed "
        "40 days ago; keeps the one processed 2 days ago, one a person "
        "flagged seen and an old unseen one it never took")
    ok("expunged=1 " in open(env.log).read(), "batch logs what it expunged")

    # -- a server without UIDPLUS: a warning, nothing expunged ----------
    imapd.stop()
    imapd = NoUidplus(USER, PASSWORD)
    url = "imap://127.0.0.1:%d/INBOX" % imapd.port
    deliver("alice@example.org", "epaminondas help", 40)
    rc, out, err = env.run("batch", "--imap", url,
                           env={"EPAMSERV_MAILDIR_MAX_DAYS": "45"})
    is_(uids(), [1], "(the old mail is processed)")
    rc, out, err = env.run("batch", "--imap", url,
                           env={"EPAMSERV_IMAP_KEEP_DAYS": "10"})
    is_(rc, 0, "without UIDPLUS, batch --imap with imap_keep_days exits 0")
    is_(uids(), [1], "and expunges nothing")
    ok("has no UIDPLUS" in err + open(env.log).read(), "but warns why")
finally:
    imapd.stop()
    env.close()
done()
