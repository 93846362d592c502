#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A damaged or tampered spool never hangs or injects (issue 29, item 6).

Whoever can write the spool (its owner's account, a careless restore, a
broken disk) must not be able to stall the server or reach a reader of
its pages and listings through it:

- a FIFO in outbox/ hangs neither `flush` nor `admin check`: both end
  within seconds, flush skips it with a log line, admin check names it;
- FIFOs in place of a game file, a user file, the league file, the
  secret, a lock file and a mail of the Maildir hang neither `batch`,
  `sweep` nor `web`;
- a tournament file with markup in a field reaches the web page escaped,
  and admin check names the file and the line of every character a
  file's format never holds (markup in a tournament file, a userid with
  '<', a control byte in a user file);
- file names with a newline or an escape byte are listed escaped by
  admin check, admin journal list and admin backup, never raw;
- a huge sparse file dropped in the spool is left out of admin backup,
  named, instead of becoming gigabytes in the backup.

A command that hangs is killed after 20 s (a hang is a failure, not a
timing: every run here takes well under a second).
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
from harness import Env, ok, is_, contains, done, make_mail

HANG = 20  # seconds: far beyond any run here, short of the suite's patience


def run(env, *args):
    """epamserv --verbose ARGS, killed after HANG seconds: (finished, rc,
    stdout, stderr); rc None for a run that hung."""
    try:
        p = subprocess.run([harness.BIN, "--verbose"] + list(args),
                           env=env.env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=HANG)
    except subprocess.TimeoutExpired as e:
        return False, None, (e.stdout or b"").decode("utf-8", "replace"), \
            (e.stderr or b"").decode("utf-8", "replace")
    return True, p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def fifo_in_place(path):
    """Put a FIFO where path is; return the old bytes and mode (None:
    there was no file)."""
    old = None
    if os.path.exists(path):
        with open(path, "rb") as f:
            old = (f.read(), os.stat(path).st_mode & 0o7777)
        os.unlink(path)
    os.mkfifo(path)
    return old


def put_back(path, old):
    os.unlink(path)
    if old is not None:
        with open(path, "wb") as f:
            f.write(old[0])
        os.chmod(path, old[1])


env = Env()
try:
    S = env.spool
    env.players("alice", "bob", "carol")
    env.start_game("alice", "bob", 101)
    env.mail("alice@example.org", "epaminondas move 101 alice a d1-d4")
    env.mail("alice@example.org", "epaminondas tournament create spring "
             "alice a -format=roundrobin -players=3-6")
    for u in ("bob", "carol"):
        env.mail("%s@example.org" % u,
                 "epaminondas tournament join spring %s %s" % (u, u[0]))
    env.mail("alice@example.org", "epaminondas league join alice a")
    env.new_messages()
    ok(os.path.exists(os.path.join(S, "tournaments", "spring")) and
       os.path.exists(os.path.join(S, "league", "epaminondas")),
       "setup: a tournament and a league file")

    # -- a FIFO in outbox/ ---------------------------------------------------
    fifo = os.path.join(S, "outbox", "1796000000.000000001-00ff00ff00ff00ff-00.eml")
    os.mkfifo(fifo)
    fin, rc, out, err = run(env, "flush")
    ok(fin, "flush with a FIFO in outbox/ finishes",
       "killed after %d s" % HANG)
    contains(err, "outbox/1796000000.000000001-00ff00ff00ff00ff-00.eml: not a "
             "regular file", "flush: the log line names the FIFO it skipped")
    fin, rc, out, err = run(env, "admin", "check")
    ok(fin, "admin check with a FIFO in outbox/ finishes")
    contains(out, "outbox/1796000000.000000001-00ff00ff00ff00ff-00.eml: a FIFO "
             "(named pipe), not a regular file", "admin check: the FIFO is "
             "reported by name")
    is_(rc, 1, "admin check: the FIFO is a problem (exit 1)")
    ok(os.path.exists(fifo), "the FIFO is left for the administrator")
    os.unlink(fifo)

    # -- FIFOs in place of the files batch, sweep and web read -----------------
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    with open(os.path.join(md, "new", "1796000001.M1.test"), "wb") as f:
        f.write(make_mail("bob@example.org",
                          "epaminondas move 101 bob b c8-c6"))
    # A stranger's mail: answered without any board, it needs the secret.
    with open(os.path.join(md, "new", "1796000002.M2.test"), "wb") as f:
        f.write(make_mail("dave@example.org", "epaminondas help"))
    os.mkfifo(os.path.join(md, "new", "1796000003.M3.test"))
    planted = [os.path.join(S, *p) for p in (
        ("games", "epaminondas", "101.game"), ("users", "carol"),
        ("league", "epaminondas"), ("secret",),
        ("locks", "users.lock"))]
    olds = [fifo_in_place(p) for p in planted]
    site = os.path.join(env.root, "site")
    for args in (("batch", "--maildir", md), ("sweep",), ("web", site)):
        fin, rc, out, err = run(env, *args)
        ok(fin, "%s with FIFOs for a game, a user, the league file, the "
           "secret and a lock finishes" % args[0],
           "killed after %d s; stderr so far: %s" % (HANG, err[-2000:]))
    for p, old in zip(planted, olds):
        put_back(p, old)
    os.unlink(os.path.join(md, "new", "1796000003.M3.test"))

    # -- markup in a tournament file -----------------------------------------
    tpath = os.path.join(S, "tournaments", "spring")
    with open(tpath) as f:
        spring = f.read()
    lines = spring.split("\n")
    start = [i for i, l in enumerate(lines) if l.startswith("start: ")][0]
    lines[start] = "start: <img src=x"  # ten bytes, as tf_load takes them
    with open(tpath, "w") as f:
        f.write("\n".join(lines))
    fin, rc, out, err = run(env, "web", site)
    ok(fin and rc == 0, "web with markup in a tournament's start", err)
    page = os.path.join(site, "tournaments", "spring.html")
    text = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
    contains(text, "<dd>&lt;img src=x</dd>", "the tournament page shows the "
             "start field escaped")
    ok("<img" not in text, "no element is injected into the tournament page",
       text[:3000])
    # A second tournament file whose player line holds a userid with '<',
    # and a user file with a control byte.
    autumn = spring.replace("name: spring", "name: autumn").replace(
        "player: carol", "player: <b>carol")
    with open(os.path.join(S, "tournaments", "autumn"), "w") as f:
        f.write(autumn)
    upath = os.path.join(S, "users", "carol")
    with open(upath, "rb") as f:
        carol = f.read()
    with open(upath, "r+b") as f:  # in place: mode and owner stay
        f.write(carol.replace(b"\ncreated: ", b"\norientation\x1b[2J: x\ncreated: "))
    fin, rc, out, err = run(env, "admin", "check")
    ok(fin and rc == 1, "admin check with markup in spool files: exit 1", err)
    contains(out, "tournaments/spring, line %d: the markup character '<'" %
             (start + 1), "admin check names the tournament file and the "
             "line of the markup")
    aline = [i for i, l in enumerate(autumn.split("\n"))
             if l == "player: <b>carol"][0] + 1
    contains(out, "tournaments/autumn, line %d: the markup character '<'" %
             aline, "admin check names the line of a userid with '<'")
    cline = carol[:carol.index(b"\ncreated: ")].count(b"\n") + 2
    contains(out, "users/carol, line %d: an invisible control character "
             "(U+001B)" % cline, "admin check names the user file and the "
             "line of a control byte")
    ok("\x1b" not in out, "admin check prints no escape byte")
    with open(tpath, "w") as f:
        f.write(spring)
    os.unlink(os.path.join(S, "tournaments", "autumn"))
    with open(upath, "r+b") as f:
        f.write(carol)
        f.truncate()

    # -- file names with a newline or an escape byte ---------------------------
    forged = "x\nall is well: forged\x1b[2J"
    for d in ("tmp", os.path.join("games", "epaminondas"), "journal"):
        p = os.path.join(S, d, forged + (",tag" if d == "journal" else ""))
        with open(p, "w") as f:
            f.write("junk\n")
        os.utime(p, (time.time() - 3 * 3600,) * 2)
    fin, rc, out, err = run(env, "admin", "check")
    ok(fin, "admin check with hostile file names finishes")
    ok("\x1b" not in out and "\x1b" not in err,
       "admin check prints no escape byte from a file name", out)
    ok(not any(l.startswith("all is well") for l in out.split("\n")),
       "admin check prints no line a file name forged", out)
    contains(out, "tmp/x\\x0aall is well: forged\\x1b[2J: left over",
             "admin check names the file in tmp/ with its bytes escaped")
    contains(out, "games/epaminondas/x\\x0aall is well: forged\\x1b[2J: a "
             "file name with control characters", "admin check reports a "
             "file name with control characters")
    fin, rc, out, err = run(env, "admin", "journal", "list")
    ok(fin and "\x1b" not in out and not any(
        l.startswith("all is well") for l in out.split("\n")),
       "admin journal list prints the entry's name escaped", out)
    bk = os.path.join(env.root, "backup-names")
    fin, rc, out, err = run(env, "admin", "backup", bk)
    ok(fin and rc == 0, "admin backup with hostile file names", err)
    ok("\x1b" not in err and not any(l.startswith("all is well")
                                      for l in err.split("\n")),
       "admin backup names a left-out file without raw bytes", err)
    contains(err, "games/epaminondas/x\\x0aall is well: forged\\x1b[2J: a "
             "name no spool file has", "admin backup names the file it left "
             "out, escaped")
    for d in ("tmp", os.path.join("games", "epaminondas"), "journal"):
        p = os.path.join(S, d, forged + (",tag" if d == "journal" else ""))
        if os.path.exists(p):  # the backup's barrier may have settled it
            os.unlink(p)

    # -- a huge sparse file --------------------------------------------------
    sparse = os.path.join(S, "rate", "junk")
    with open(sparse, "wb") as f:
        f.truncate(1 << 30)  # 1 GiB of holes: no disk taken
    bk = os.path.join(env.root, "backup-sparse")
    fin, rc, out, err = run(env, "admin", "backup", bk)
    ok(fin and rc == 0, "admin backup with a 1 GiB sparse file", err)
    total = sum(os.path.getsize(os.path.join(d, f))
                for d, _, fs in os.walk(bk) for f in fs) if fin else -1
    ok(0 <= total < 16 << 20, "the backup stays small (%d bytes)" % total)
    ok(not os.path.exists(os.path.join(bk, "rate", "junk")),
       "the sparse file is left out of the backup")
    contains(err, "rate/junk: larger than 64 MiB", "admin backup names the "
             "file it left out and why")
    ok(os.path.exists(os.path.join(bk, "games", "epaminondas", "101.game")),
       "the spool's own files are in the backup")
    os.unlink(sparse)
finally:
    env.close()
done()
