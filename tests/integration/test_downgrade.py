#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Upgrade and back again (issue 33 item 5, doc/upgrading.md): the
previous release, built from git, makes a spool; this release upgrades
it and plays on it (a move with a comment, a game with a time control,
a player's time zone: what its formats hold and the old ones cannot);
`admin downgrade` refuses (65) naming each file and line it would drop,
then with --force writes the spool in the old formats, saying what it
dropped, and a second run finds nothing to do; the old binary's `admin
check` is clean and a move plays with it; and this release upgrades the
spool again.

The previous release is PREVIOUS below, the one place that names it.
Its tree comes from `git archive` of the source directory, so the test
is skipped where that is no git work tree holding it (make distcheck's
tarball).  It is built once per run in the scratch directory, with its
own flags and one addition: syslog(3) made a no-op, so that it logs to
stderr only, never to this machine's log (tests write only inside their
scratch directories).  Its output is kept in old-build.log there and
shown when the build fails."""
import os
import shutil
import subprocess
import sys

from harness import Env, ok, is_, contains, done, make_mail, SRCDIR
from langenv import skip_all

# The previous release: the builds operators ran before 1.0.0 (NEWS).
PREVIOUS = "18a434f"

A, B = "alice@a.example", "bob@b.example"

env = Env(smtp=False)


def git(*args):
    return subprocess.run(["git", "-C", SRCDIR] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)


top = git("rev-parse", "--show-toplevel") if shutil.which("git") else None
# A tarball unpacked inside a work tree (make distcheck's) is no work
# tree of its own: its top must be the source directory itself.
if not top or top.returncode != 0 or \
        os.path.realpath(top.stdout.decode().strip()) != \
        os.path.realpath(SRCDIR):
    skip_all(env, "the source directory is no git work tree (a tarball)")
if git("cat-file", "-e", PREVIOUS + "^{commit}").returncode != 0:
    skip_all(env, "the git history lacks the previous release %s (a "
             "shallow clone?)" % PREVIOUS)

# -- the previous release, built from git -------------------------------
old = os.path.join(env.root, "old")
os.mkdir(old)
log_path = os.path.join(env.root, "old-build.log")
nosyslog = os.path.join(env.root, "nosyslog.h")
with open(nosyslog, "w") as f:
    f.write("#include <syslog.h>\n#define openlog(i, o, f) ((void)0)\n"
            "#define syslog(...) ((void)0)\n")
build_env = {k: v for k, v in os.environ.items()
             if k not in ("CFLAGS", "CPPFLAGS", "LDFLAGS", "CC", "MAKEFLAGS",
                          "MFLAGS", "MAKELEVEL")}
build_env["CPPFLAGS"] = "-include " + nosyslog
with open(log_path, "wb") as log:
    archive = subprocess.Popen(["git", "-C", SRCDIR, "archive", PREVIOUS],
                               stdout=subprocess.PIPE, stderr=log)
    steps = [subprocess.run(["tar", "-x", "-C", old], stdin=archive.stdout,
                            stdout=log, stderr=log).returncode]
    archive.stdout.close()
    steps.append(archive.wait())
    for cmd in (["autoreconf", "-fi"], ["./configure"],
                ["nice", "make", "-j2", "src/epamserv"]):
        if any(steps):
            break
        log.write(("$ %s\n" % " ".join(cmd)).encode())
        log.flush()
        steps.append(subprocess.run(cmd, cwd=old, env=build_env, stdout=log,
                                    stderr=log).returncode)
OLD_BIN = os.path.join(old, "src", "epamserv")
with open(log_path, errors="replace") as f:
    tail = "".join(f.readlines()[-30:])
if not ok(not any(steps) and os.access(OLD_BIN, os.X_OK),
          "the previous release %s builds from git" % PREVIOUS, tail):
    env.close()
    done()
OLD_TEMPLATES = os.path.join(old, "templates")
NEW_BIN = os.path.abspath(os.environ.get("EPAMSERV_BIN", "src/epamserv"))
NEW_TEMPLATES = env.env["EPAMSERV_TEMPLATES"]


def run(release, *args, stdin=None):
    """Run the old or the new binary on the one spool: (rc, out, err)."""
    e = dict(env.env)
    binary, e["EPAMSERV_TEMPLATES"] = (OLD_BIN, OLD_TEMPLATES) \
        if release == "old" else (NEW_BIN, NEW_TEMPLATES)
    p = subprocess.run([binary, "--verbose"] + list(args), input=stdin,
                       env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


def mail(release, sender, subject, body=""):
    rc, out, err = run(release, "receive",
                       stdin=make_mail(sender, subject, body))
    if rc != 0:
        ok(False, "%s: %s" % (release, subject), err)
    return rc


def files():
    out = {}
    for sub in ("games", "users"):
        for d, _, names in os.walk(os.path.join(env.spool, sub)):
            for n in names:
                with open(os.path.join(d, n), "rb") as f:
                    out[os.path.relpath(os.path.join(d, n), env.spool)] = f.read()
    return out


try:
    # -- a spool of the previous release ---------------------------------
    mail("old", A, "signup alice Secret42")
    mail("old", B, "signup bob Secret7")
    mail("old", A, "epaminondas challenge alice bob")
    mail("old", B, "epaminondas accept 101 bob Secret7")
    mail("old", A, "epaminondas move 101 alice Secret42 e1-e3")
    ok(env.game_file(101).startswith("epamserv-game 4\n") and
       env.user_file("bob").startswith("epamserv-user 1\n"),
       "the previous release writes game files of version 4 and user files "
       "of version 1", env.game_file(101))

    # -- this release on it ------------------------------------------------
    rc, out, err = run("new", "admin", "upgrade")
    ok(rc == 0 and "users/bob: user file version 1 rewritten as version 2"
       in out, "admin upgrade rewrites the old files", out + err)
    mail("new", B, "epaminondas move 101 bob Secret7 e12-e10", "Nice opening")
    mail("new", A, "epaminondas challenge alice bob -time=7d by alice "
         "Secret42")
    mail("new", B, "epaminondas accept 102 bob Secret7")
    mail("new", B, "set bob Secret7 timezone Europe/Berlin")
    ok(env.game_file(101).startswith("epamserv-game 7\n") and
       "time: 7d" in env.game_file(102) and
       "timezone: Europe/Berlin" in env.user_file("bob"),
       "this release writes what the old formats cannot hold",
       env.game_file(101) + env.game_file(102) + env.user_file("bob"))
    rc, out, err = run("new", "admin", "upgrade")
    ok(rc == 0 and "newer" not in out + err,
       "admin upgrade takes this release's own files for current", out + err)

    # -- the way back --------------------------------------------------------
    before = files()
    rc, out, err = run("new", "admin", "downgrade")
    is_(rc, 65, "admin downgrade refuses to drop content (65)")
    contains(err, "games/epaminondas/101.game:11: the previous release's "
             "format has no place for this line: comment: 2 Nice opening",
             "it names the file, the line and the comment")
    contains(err, "games/epaminondas/102.game:11: the previous release's "
             "format has no place for this line: time: 7d",
             "and the time control")
    contains(err, "users/bob:6: the previous release's format has no place "
             "for this line: timezone: Europe/Berlin", "and the user setting")
    contains(err, "nothing was changed", "and says it changed nothing")
    ok(files() == before, "the refused downgrade changes no file")

    rc, out, err = run("new", "admin", "downgrade", "--force")
    is_(rc, 0, "admin downgrade --force exits 0")
    contains(out, "games/epaminondas/101.game:11: dropped: comment: 2 Nice "
             "opening", "it says what it dropped")
    contains(out, "games/epaminondas/101.game: game file version 7 rewritten "
             "as version 4", "and names each file it rewrote")
    ok(all(text.startswith(b"epamserv-game 4\n")
           for rel, text in files().items() if rel.endswith(".game")) and
       all(text.startswith(b"epamserv-user 1\n")
           for rel, text in files().items() if rel.startswith("users/")),
       "every game and user file is in the old formats", files())
    with open(os.path.join(env.spool, "admin.log")) as f:
        contains(f.read(), "admin downgrade --force: ", "admin.log has it")
    after = files()
    rc, out, err = run("new", "admin", "downgrade")
    ok(rc == 0 and "every file is in the previous release's formats" in out
       and files() == after, "a second admin downgrade finds nothing to do",
       out + err)

    # -- the previous release on the downgraded spool ----------------------
    rc, out, err = run("old", "admin", "check")
    ok(rc == 0 and "all is well" in out,
       "the previous release's admin check is clean", out + err)
    rc = mail("old", A, "epaminondas move 101 alice Secret42 d1-d3")
    ok(rc == 0 and "move: 3 d1-d3" in env.game_file(101),
       "a move plays with the previous release", env.game_file(101))
    rc = mail("old", A, "epaminondas move 102 alice Secret42 e1-e3")
    ok(rc == 0 and "move: 1 e1-e3" in env.game_file(102),
       "so it does on the board that had a time control",
       env.game_file(102))

    # -- and up again ------------------------------------------------------
    rc, out, err = run("new", "admin", "upgrade")
    is_(rc, 0, "this release upgrades the spool again")
    rc, out, err = run("new", "admin", "check")
    is_(rc, 0, "and its admin check is clean")
    rc = mail("new", B, "epaminondas move 101 bob Secret7 d12-d10")
    ok(rc == 0 and "move: 4 d12-d10" in env.game_file(101),
       "and a move plays with this release", env.game_file(101))
finally:
    env.close()
done()
