#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Spool growth under a steady load (issue 13, item 6; BENCHMARKS.md).
A program, not a test: it prints the spool's file count per simulated
day.  Run from a configured build directory:

    make src/epamserv
    nice /usr/bin/python3 ../bench/prune_bench.py --quick    # 30 days
    nice /usr/bin/python3 ../bench/prune_bench.py --full     # 90 days
    /usr/bin/python3 ../bench/prune_bench.py [--days N] [--senders N]

Each simulated day, --senders mails from addresses never seen before
(spam: the worst case for per-address records) and two players' mails
(a "show", a wrong password) arrive in a Maildir with that day's time;
`epamserv batch --maildir` takes them with EPAMSERV_NOW at noon of the
day, `epamserv flush` sends the replies to tests/smtpd.py, and
`epamserv sweep` runs at 23:00.  A file the spool wrote during the day
gets that day's time (os.utime), as if the days had passed: sweep prunes
by modification time.  Prints, per day, the spool's regular files in
all and per directory, and the mails left in the Maildir's cur/.

--full: the default settings (seen_days 60, maildir_max_days 30), 90
days of 200 senders; the processed mail of cur/ is emptied daily by the
bench (the mailbox's own expiry: maildir_keep_days is 0 by default).
--quick: short retentions, so that every directory levels off within
30 days: seen_days 9, maildir_max_days 3, forfeit_days 7 (remind_days
3), failed_days 3, maildir_keep_days 2 (batch itself removes the
processed mail of cur/), 30 days of 600 senders (enough distinct mails
for the 4,096 message-lock buckets to fill)."""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "integration"))
os.environ.setdefault("EPAMSERV_SRCDIR", os.path.join(HERE, ".."))
from harness import Env, make_mail  # noqa: E402

DAY = 86400


def spool_files(spool):
    per = {}
    for d, _, files in os.walk(spool):
        top = os.path.relpath(d, spool).split(os.sep)[0]
        per[top] = per.get(top, 0) + sum(
            1 for f in files if os.path.isfile(os.path.join(d, f)))
    return sum(per.values()), per


def backdate(spool, since_real, when):
    """Give every file written since since_real (real time) the
    simulated time when."""
    for d, _, files in os.walk(spool):
        for f in files:
            p = os.path.join(d, f)
            try:
                if os.lstat(p).st_mtime >= since_real:
                    os.utime(p, (when, when), follow_symlinks=False)
            except FileNotFoundError:
                pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int)
    ap.add_argument("--senders", type=int)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--full", action="store_true")
    a = ap.parse_args()
    settings = {}
    if a.quick:
        settings = {"EPAMSERV_SEEN_DAYS": "9", "EPAMSERV_MAILDIR_MAX_DAYS": "3",
                    "EPAMSERV_FORFEIT_DAYS": "7", "EPAMSERV_REMIND_DAYS": "3",
                    "EPAMSERV_FAILED_DAYS": "3",
                    "EPAMSERV_MAILDIR_KEEP_DAYS": "2"}
    a.days = a.days or (30 if a.quick else 90 if a.full else 30)
    a.senders = a.senders or (600 if a.quick else 200)
    env = Env()
    env.env.update(settings)
    print("# %s, %d days, %d senders a day, %s" % (
        "quick" if a.quick else "full" if a.full else "custom", a.days,
        a.senders, " ".join("%s=%s" % kv for kv in sorted(settings.items()))
        or "default settings"))
    # Day 0 is a fixed number of days back, so that the last simulated
    # day is today and no file is dated in the future.
    t0 = (int(time.time()) // DAY - a.days) * DAY
    env.env["EPAMSERV_NOW"] = str(t0)
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    print("%4s %7s %6s  %s" % ("day", "files", "secs", "per directory"))
    n = 0
    for day in range(a.days):
        noon, night = t0 + day * DAY + DAY // 2, t0 + day * DAY + 23 * 3600
        start = time.time() - 1
        mails = [make_mail("s%d.%d@spam%d.example" % (day, i, i % 50),
                           "cheap watches", "buy")
                 for i in range(a.senders)]
        mails.append(make_mail("alice@example.org", "epaminondas show 101"))
        mails.append(make_mail("bob@example.org", "set bob wrong html on"))
        for m in mails:
            n += 1
            p = os.path.join(md, "new", "%d.M%d.bench" % (noon, n))
            with open(p, "wb") as f:
                f.write(m)
            os.utime(p, (noon, noon))
        t = time.time()
        for cmd, when in ((["batch", "--maildir", md], noon),
                          (["flush"], noon + 60), (["sweep"], night)):
            backdate(env.spool, start, when - 60)
            start = time.time() - 1
            rc, out, err = env.run(*cmd, env={"EPAMSERV_NOW": str(when)})
            if rc not in (0, 75):
                sys.exit("%s: exit %d: %s" % (cmd[0], rc, err[-2000:]))
        backdate(env.spool, start, night)
        secs = time.time() - t
        if not a.quick:
            for f in os.listdir(os.path.join(md, "cur")):
                os.unlink(os.path.join(md, "cur", f))
        total, per = spool_files(env.spool)
        lk = os.listdir(os.path.join(env.spool, "locks"))
        print("%4d %7d %6.1f  %s msg-locks=%d maildir-cur=%d" % (
            day + 1, total, secs, " ".join(
                "%s=%d" % kv for kv in sorted(per.items()) if kv[1]),
            sum(1 for n in lk if n.startswith("msg-")),
            len(os.listdir(os.path.join(md, "cur")))))
        sys.stdout.flush()
    env.close()


if __name__ == "__main__":
    main()
