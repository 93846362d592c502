#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Privileges (issue 12): a command started as root on a spool that
belongs to another user runs as that user, and no command follows a
symbolic link planted in the spool.

Run as root (CI is), the scratch spool is given to uid 65534 (nobody)
instead of a user made for the test.  The links point into a directory
of nobody's outside the spool, so that only refusing the link, not a
permission, keeps them from being followed.

Each check failed on the code before issue 12: root's commands left
root-owned files in nobody's spool; `admin show` and `admin user` read a
board and a user file through a link, `admin` appended to admin.log
through one, a lock link made a file where it pointed, and links at tmp/
and outbox/ made the commit and the queued mail land outside the spool;
a FIFO planted as a user file hung `admin user show`; a spool of group
root was used with root's group."""
import os
import shutil
import stat
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, Env, ok, is_, contains, done, make_mail  # noqa: E402

if os.geteuid() != 0:
    print("1..0 # SKIP needs root: the privilege switch is root's")
    sys.exit(0)

NOBODY = 65534
A, B = "alice@example.org", "bob@example.org"
T0 = 1796000000


def give(path, gid=NOBODY):
    """Hand path and everything under it to nobody (group gid)."""
    os.lchown(path, NOBODY, gid)
    for d, dirs, files in os.walk(path):
        for n in dirs + files:
            os.lchown(os.path.join(d, n), NOBODY, gid)


def roots(top):
    """Every path under top (relative) that belongs to root or its group."""
    out = []
    for d, dirs, files in os.walk(top):
        for n in dirs + files:
            p = os.path.join(d, n)
            st = os.lstat(p)
            if st.st_uid == 0 or st.st_gid == 0:
                out.append(os.path.relpath(p, top))
    return sorted(out)


def fresh_env():
    """An Env whose scratch directory nobody can reach and whose spool is
    nobody's; victims/ is nobody's too, outside the spool."""
    env = Env()
    env.env["EPAMSERV_NOW"] = str(T0)
    os.chmod(env.root, 0o755)  # mkdtemp's 0700 would keep nobody out
    up = os.path.dirname(env.root)
    while up != "/":
        if not os.stat(up).st_mode & stat.S_IXOTH:
            print("Bail out! uid %d cannot reach %s (mode of %s): set TMPDIR "
                  "to a directory others can search" % (NOBODY, env.root, up))
            env.close()
            sys.exit(1)
        up = os.path.dirname(up)
    # Templates are read as nobody: a copy of them within reach (the
    # source tree may sit in root's home).
    tpl = os.path.join(env.root, "templates")
    shutil.copytree(env.env["EPAMSERV_TEMPLATES"], tpl)
    os.chmod(tpl, 0o755)
    env.env["EPAMSERV_TEMPLATES"] = tpl
    os.mkdir(env.spool, 0o750)
    give(env.spool)
    # The log file is written after the switch, so it is the owner's.
    open(env.log, "a").close()
    give(env.log)
    env.victims = os.path.join(env.root, "victims")
    os.mkdir(env.victims, 0o755)
    give(env.victims)
    return env


def step(env, name, *args, want=0, stdin=None, extra=None):
    """Run one command as root; check its exit status and that the spool
    holds no file of root's afterwards.  Returns (rc, out, err)."""
    rc, out, err = env.run(*args, stdin=stdin, env=extra)
    is_(rc, want, "%s: exits %d as root" % (name, want)) or print("#   " + err)
    is_(roots(env.spool), [], "%s: leaves no file of root's in the spool" % name)
    return rc, out, err


def victims_of(env):
    """What the links pointed to, by relative path: name -> bytes, and
    directories with what is in them."""
    out = {}
    for d, dirs, files in os.walk(env.victims):
        for n in files:
            with open(os.path.join(d, n), "rb") as f:
                out[os.path.relpath(os.path.join(d, n), env.victims)] = f.read()
        for n in dirs:
            p = os.path.join(d, n)
            out[os.path.relpath(p, env.victims) + "/"] = sorted(os.listdir(p))
    return out


# -- a whole season as root: every command runs as the spool's owner -------
env = fresh_env()
try:
    env.signup(A, "alice", "a")
    env.signup(B, "bob", "b")
    is_(roots(env.spool), [], "signups by receive as root leave no file of root's")
    step(env, "challenge by receive", "receive",
         stdin=make_mail(A, "epaminondas challenge alice bob by alice a"))
    step(env, "accept by receive", "receive",
         stdin=make_mail(B, "epaminondas accept 101 bob b"))
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, (who, subj) in enumerate([(A, "epaminondas move 101 alice a e2-e3"),
                                     (B, "epaminondas move 101 bob b e11-e10")]):
        with open(os.path.join(md, "new", "%d.mail" % i), "wb") as f:
            f.write(make_mail(who, subj))
    give(md)  # the service user's mailbox
    step(env, "batch --maildir", "batch", "--maildir", md)
    ok((env.game_file(101) or "").count("move: ") == 2,
       "the batch, run as nobody, played both moves", env.game_file(101))
    ok(roots(md) == [], "the batch leaves no file of root's in the Maildir",
       roots(md))
    step(env, "sweep", "sweep", extra={"EPAMSERV_NOW": str(T0 + 8 * 86400)})
    step(env, "flush", "flush", "--all")
    step(env, "outbox", "outbox")
    step(env, "bounces", "bounces")
    step(env, "admin user add", "admin", "user", "add", "carol", "c",
         "carol@example.org", "--reason", "test")
    step(env, "admin user passwd", "admin", "user", "passwd", "carol", "c2",
         "--reason", "test")
    step(env, "admin check", "admin", "check")
    step(env, "admin list", "admin", "list")
    rc, out, err = env.run("--verbose", "admin", "list")
    contains(err, "running as uid %d gid %d" % (NOBODY, NOBODY),
             "--verbose says whom root became")
    ok(env.server.messages(), "mail went out meanwhile")
    rc, out, err = env.run("perft", "1")
    is_(rc, 0, "perft needs no spool and runs as root")
finally:
    env.close()

# -- links planted by the spool's owner are never followed -----------------
env = fresh_env()
try:
    env.signup(A, "alice", "a")
    env.signup(B, "bob", "b")
    env.mail(A, "epaminondas challenge alice bob by alice a")
    env.mail(B, "epaminondas accept 101 bob b")
    env.run("admin", "user", "add", "carol", "c", "carol@example.org",
            "--reason", "test")
    sp, vd = env.spool, env.victims

    def plant(link, target, victim=None, directory=False):
        """Move SPOOL/link to victims/target (or make victims/target, a
        file holding victim or an empty directory, or nothing at all),
        and leave a link to it in its place."""
        src, dst = os.path.join(sp, link), os.path.join(vd, target)
        if os.path.lexists(src):
            shutil.move(src, dst)
        elif directory:
            os.mkdir(dst)
        elif victim is not None:
            with open(dst, "wb") as f:
                f.write(victim)
        if os.path.exists(dst):
            give(dst)
        os.symlink(dst, src)
        os.lchown(src, NOBODY, NOBODY)

    def unplant(link, target):
        src, dst = os.path.join(sp, link), os.path.join(vd, target)
        os.unlink(src)
        if os.path.lexists(dst):
            shutil.move(dst, src)

    # A board file: root would read and show whatever the link names.
    plant("games/epaminondas/101.game", "101.game")
    before = victims_of(env)
    rc, out, err = step(env, "admin show through a board link", "admin",
                        "show", "101", want=1)
    ok("a b c d" not in out, "no board is shown from a linked file", out)
    contains(err, "101.game: Too many levels of symbolic links",
             "the error names the linked board file")
    is_(victims_of(env), before, "the linked board file is untouched")
    unplant("games/epaminondas/101.game", "101.game")

    # A user file: read through the link, the user would be rewritten.
    plant("users/carol", "carol")
    before = victims_of(env)
    rc, out, err = step(env, "admin user passwd through a user link", "admin",
                        "user", "passwd", "carol", "new", "--reason", "t",
                        want=1)
    contains(err, "users/carol: Too many levels of symbolic links",
             "the error names the linked user file")
    ok(os.path.islink(os.path.join(sp, "users/carol")),
       "the link is left for the admin to see")
    is_(victims_of(env), before, "the linked user file is untouched")
    unplant("users/carol", "carol")

    # admin.log: root would append its line wherever the link points.
    plant("admin.log", "admin.log", victim=b"victim\n")
    before = victims_of(env)
    rc, out, err = step(env, "admin user passwd with admin.log linked",
                        "admin", "user", "passwd", "carol", "c3", "--reason",
                        "t")
    contains(err, "admin.log: Too many levels of symbolic links",
             "the admin is told that admin.log could not be written")
    is_(victims_of(env), before, "nothing is appended through the link")
    unplant("admin.log", "admin.log")

    # A lock file linked to a file that does not exist: O_CREAT through
    # it would make that file.
    lk = os.path.join(sp, "locks/users.lock")
    if os.path.lexists(lk):
        os.unlink(lk)  # lock files are never removed, but none is held now
    plant("locks/users.lock", "made-by-lock")
    rc, out, err = step(env, "admin user passwd with its lock linked",
                        "admin", "user", "passwd", "carol", "c4", "--reason",
                        "t", want=1)
    ok(not os.path.lexists(os.path.join(vd, "made-by-lock")),
       "no file is made where the lock link points")
    contains(err, "users.lock is a symbolic link", "the error names the lock")
    os.unlink(os.path.join(sp, "locks/users.lock"))

    # tmp/ linked to a directory: the commit would be written there.
    plant("tmp", "tmpdir", directory=True)
    rc, out, err = step(env, "admin user passwd with tmp/ linked", "admin",
                        "user", "passwd", "carol", "c5", "--reason", "t",
                        want=75)
    is_(os.listdir(os.path.join(vd, "tmpdir")), [],
        "nothing is written where tmp/ points")
    contains(err, "tmp is a symbolic link, not a directory",
             "the error names tmp/")
    unplant("tmp", "tmpdir")

    # outbox/ linked to a directory: with no SMTP server the reply would
    # wait there.  receive defers the mail (75): the MTA keeps it.
    plant("outbox", "outdir", directory=True)
    rc, out, err = step(env, "receive with outbox/ linked", "receive",
                        stdin=make_mail(A, "standings"), want=75,
                        extra={"EPAMSERV_SMTP_URL": ""})
    is_(os.listdir(os.path.join(vd, "outdir")), [],
        "no mail is queued where outbox/ points")
    contains(err, "outbox is a symbolic link, not a directory",
             "the error names outbox/")
    unplant("outbox", "outdir")

    # A FIFO in place of a user file: reading it must not hang.
    fifo = os.path.join(sp, "users", "dave")
    os.mkfifo(fifo, 0o640)
    os.lchown(fifo, NOBODY, NOBODY)
    try:
        p = subprocess.run([BIN, "admin", "user", "show", "dave"], env=env.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=20)
        rc, err = p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, err = None, "(hung for 20 s)"
    is_(rc, 1, "a FIFO as a user file is an error, not a hang")
    contains(err, "users/dave", "the error names the FIFO")
    os.unlink(fifo)

    rc, out, err = step(env, "admin check once the links are gone", "admin",
                        "check")
finally:
    env.close()

# -- a config error under receive as root: the log file is the owner's ----
env = fresh_env()
try:
    logdir = os.path.join(env.root, "logs")
    os.mkdir(logdir, 0o755)
    give(logdir)
    logfile = os.path.join(logdir, "epamserv.log")
    del env.env["EPAMSERV_LOG"]
    with open(env.env["EPAMSERV_CONF"], "w") as f:
        f.write("log = %s\nform = x@games.example\n" % logfile)
    mail = make_mail(A, "help", msgid="<privconf@test.example>")
    rc, out, err = step(env, "receive with a config typo", "receive",
                        stdin=mail, want=75)
    ok(os.path.exists(logfile) and os.stat(logfile).st_uid == NOBODY,
       "the log file it made is the spool owner's, not root's")
    with open(env.env["EPAMSERV_CONF"], "w") as f:
        f.write("log = %s\n" % logfile)
    rc, out, err = step(env, "receive once the config is fixed", "receive",
                        stdin=mail)
    with open(logfile) as f:
        log = f.read()
    contains(log, "unknown key 'form'", "the log has the config error")
    contains(log, "verb=help board=- outcome=done", "and then the mail, processed")
finally:
    env.close()

# -- config --check as root checks what the spool's owner can read --------
env = fresh_env()
try:
    os.chmod(env.env["EPAMSERV_CONF"], 0o600)
    rc, out, err = env.run("config", "--check")
    is_(rc, 78, "config --check as root: a config file only root reads is an error")
    contains(err, "as uid %d, the spool's owner" % NOBODY, "and says for whom")
    os.chmod(env.env["EPAMSERV_CONF"], 0o644)
    os.chmod(env.env["EPAMSERV_TEMPLATES"], 0o700)
    rc, out, err = env.run("config", "--check")
    is_(rc, 78, "config --check as root: templates only root reads are an error")
    os.chmod(env.env["EPAMSERV_TEMPLATES"], 0o755)
    rc, out, err = env.run("config", "--check")
    is_(rc, 0, "config --check as root: all readable by the owner, valid")
finally:
    env.close()

# -- admin check --fix as root on nobody's spool: a file of root's ---------
env = fresh_env()
try:
    env.run("admin", "list")
    planted = os.path.join(env.spool, "users", "planted")
    with open(planted, "w") as f:
        f.write("x")
    os.chmod(planted, 0o640)
    rc, out, err = env.run("admin", "check", "--fix")
    ok("--fix as root changes it" not in out,
       "admin check --fix as root promises no chown it cannot make", out)
    contains(out, "chown -h %d:%d %s" % (NOBODY, NOBODY, planted),
             "it names the chown for root to run")
    os.unlink(planted)
finally:
    env.close()

# -- status as root cannot read held/: not "nothing is damaged" -----------
env = fresh_env()
try:
    env.run("admin", "list")
    held = os.path.join(env.spool, "held")
    os.chmod(held, 0o000)
    rc, out, err = env.run("status")
    is_(rc, 75, "status that cannot read held/ exits 75")
    contains(err, "cannot read %s" % held, "and names it")
    os.chmod(held, 0o750)
finally:
    env.close()

# -- admin backup as root into a directory only root may write ----------
env = fresh_env()
try:
    rootonly = os.path.join(env.root, "rootonly")
    os.mkdir(rootonly, 0o755)
    rc, out, err = env.run("admin", "backup", os.path.join(rootonly, "b"))
    is_(rc, 1, "admin backup as root into root's directory fails")
    contains(err, "runs as uid %d, the spool's owner" % NOBODY,
             "and says that it runs as the spool's owner")
finally:
    env.close()

# -- a spool of group root is refused, untouched ----------------------------
env = fresh_env()
try:
    give(env.spool, gid=0)
    rc, out, err = env.run("admin", "list")
    is_(rc, 75, "a spool of nobody's in group root: refused (75)")
    contains(err, "group root", "the refusal says why")
    is_(os.listdir(env.spool), [], "the refused spool is left untouched")
finally:
    env.close()

done()
