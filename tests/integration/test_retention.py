#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 13, item 6: the retention settings seen_days, maildir_max_days,
failed_days (epamserv.conf(5)).  seen_days must be greater than
maildir_max_days + 5 and than forfeit_days + 1, else the configuration
is refused with the file and line (or the variable) of the value; sweep
prunes by the settings; batch --maildir leaves a mail of cur/ older than
maildir_max_days alone; maildir_keep_days removes only mail of cur/ known
as processed."""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, make_mail, ok, is_, done  # noqa: E402

DAY = 86400


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def backdate(path, days):
    when = time.time() - days * DAY
    os.utime(path, (when, when))


env = Env(smtp=False)
try:
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    conf = os.path.join(env.root, "epamserv.conf")
    env.env["EPAMSERV_CONF"] = conf

    # -- validation --------------------------------------------------
    write(conf, "# retention\nmaildir_max_days = 30\nseen_days = 35\n")
    for cmd in (("config", "--check"), ("sweep",)):
        rc, out, err = env.run(*cmd)
        ok(rc != 0 and (conf + ":3: seen_days (35) must be greater than "
                        "maildir_max_days (30) + 5") in out + err,
           "%s refuses seen_days 35 with maildir_max_days 30, naming "
           "file:line" % " ".join(cmd), out + err)
    write(conf, "seen_days = 36\nmaildir_max_days = 30\n")
    rc, out, err = env.run("config", "--check")
    ok(rc == 0, "seen_days 36 with maildir_max_days 30 is accepted", out + err)
    write(conf, "seen_days = 20\nmaildir_max_days = 3\n")
    rc, out, err = env.run("config", env={"EPAMSERV_FORFEIT_DAYS": "19"})
    ok(rc != 0 and "EPAMSERV_FORFEIT_DAYS: seen_days (20) must be greater "
       "than forfeit_days (19) + 1" not in out + err and
       (conf + ":1: seen_days (20) must be greater than forfeit_days (19)")
       in out + err, "seen_days not above forfeit_days + 1 is refused, "
       "naming the line of seen_days", out + err)
    write(conf, "maildir_max_days = 3\n")
    rc, out, err = env.run("config", env={"EPAMSERV_FORFEIT_DAYS": "60"})
    ok(rc != 0 and "EPAMSERV_FORFEIT_DAYS: seen_days (60) must be greater "
       "than forfeit_days (60) + 1" in out + err, "a forfeit_days from the "
       "environment that breaks the default seen_days names the variable",
       out + err)
    write(conf, "seen_days = 0\n")
    rc, out, err = env.run("config")
    ok(rc != 0 and "bad value '0' for seen_days" in err, "seen_days 0 is "
       "refused", err)
    write(conf, "seen_days = 9\nmaildir_max_days = 3\nforfeit_days = 7\n"
                "remind_days = 3\nfailed_days = 2\n")
    rc, out, err = env.run("config")
    ok(rc == 0 and re.search(r"^seen_days = 9 +# " + re.escape(conf) + ":1$",
                             out, re.M) and
       re.search(r"^failed_days = 2 +# ", out, re.M) and
       re.search(r"^maildir_keep_days = 0 +# default$", out, re.M),
       "config shows the retention settings and where they came from", out)

    # -- sweep prunes by the settings ----------------------------------
    env.mail("alice@example.org", "epaminondas help")
    seen = os.path.join(env.spool, "seen")
    nseen = len(os.listdir(seen))
    ok(nseen > 0, "a mail left a seen record")
    for n in os.listdir(seen):
        backdate(os.path.join(seen, n), 8)
    fd = os.path.join(env.spool, "failed")
    os.makedirs(fd, exist_ok=True)
    write(os.path.join(fd, "x.eml"), "MAIL FROM:<a@b>\r\nRCPT TO:<c@d>\r\n\r\nx\r\n")
    backdate(os.path.join(fd, "x.eml"), 3)
    rc, out, err = env.run("sweep")
    is_(rc, 0, "sweep exits 0")
    is_((len(os.listdir(seen)), os.listdir(fd)), (nseen, []),
        "seen_days 9 keeps a record 8 days old; failed_days 2 removes a "
        "refused mail 3 days old")
    for n in os.listdir(seen):
        backdate(os.path.join(seen, n), 10)
    env.run("sweep")
    is_(os.listdir(seen), [], "seen_days 9 removes a record 10 days old")

    # -- maildir_max_days: an old mail of cur/ is left alone ---------------
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    p = os.path.join(md, "cur", "1.M1.old:2,S")
    with open(p, "wb") as f:
        f.write(make_mail("alice@example.org",
                          "epaminondas challenge alice bob by alice a"))
    backdate(p, 4)
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "batch exits 0")
    ok(env.game_file(101) is None, "a mail of cur/ 4 days old (over "
       "maildir_max_days 3) is not applied", err)
    ok("over 3 days ago" in open(env.log).read(), "batch logs it left the "
       "mail alone, naming maildir_max_days")

    # -- maildir_keep_days: processed mail of cur/ goes, nothing else ---
    for i, who in ((2, "alice"), (3, "bob")):
        with open(os.path.join(md, "new", "%d.M%d.new" % (i, i)), "wb") as f:
            f.write(make_mail(who + "@example.org", "epaminondas help"))
    rc, out, err = env.run("batch", "--maildir", md)
    cur = sorted(os.listdir(os.path.join(md, "cur")))
    ok(len(cur) == 3, "both mails are filed in cur/ (keep_days 0 removes "
        "nothing)", cur)
    for n in cur:
        if n.startswith("2."):
            backdate(os.path.join(md, "cur", n), 2)
    with open(os.path.join(md, "cur", "4.M4.unread:2,S"), "wb") as f:
        f.write(b"not a mail anyone processed yet\r\n")
    backdate(os.path.join(md, "cur", "4.M4.unread:2,S"), 2)
    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_MAILDIR_KEEP_DAYS": "1"})
    cur = sorted(os.listdir(os.path.join(md, "cur")))
    ok([n.split(".")[0] for n in cur] == ["1", "3", "4"],
        "maildir_keep_days 1 removes the processed mail 2 days old; keeps "
        "the processed one of today, the one left alone as too old (never "
        "applied) and the one it only now looked at", cur)
    ok("removed=1 " in open(env.log).read(), "batch logs what it removed")
    rc, out, err = env.run("batch", "--maildir", md,
                           env={"EPAMSERV_MAILDIR_KEEP_DAYS": "1"})
    cur = sorted(os.listdir(os.path.join(md, "cur")))
    ok([n.split(".")[0] for n in cur] == ["1", "3"],
        "the next run removes the mail processed in the run before, once "
        "known as done", cur)

    # -- an upgrade: the state file of the version before listed a mail
    # left alone as too old by its bare name, as if done.  It must not be
    # taken for processed and removed.
    md2 = os.path.join(env.root, "Maildir2")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md2, sub))
    p = os.path.join(md2, "cur", "5.M5.personal:2,S")
    with open(p, "wb") as f:
        f.write(make_mail("carol@example.org", "a personal mail"))
    backdate(p, 40)
    rc, out, err = env.run("batch", "--maildir", md2)
    intake = os.path.join(env.spool, "intake")
    states = [n for n in os.listdir(intake) if n.startswith("maildir-")
              and not n.endswith(".tmp")]
    for n in states:
        with open(os.path.join(intake, n)) as f:
            text = f.read()
        if "5.M5.personal" in text:
            with open(os.path.join(intake, n), "w") as f:
                f.write("epamserv-cur 1\n5.M5.personal\n")
    rc, out, err = env.run("batch", "--maildir", md2,
                           env={"EPAMSERV_MAILDIR_KEEP_DAYS": "10"})
    ok(os.path.exists(p), "a mail a version-1 state file lists is not "
       "removed by maildir_keep_days (it may never have been processed)",
       os.listdir(os.path.join(md2, "cur")))
finally:
    env.close()
done()
