#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 29 item 8: admin.log names the administrator who started the
command.  Root without sudo is `root`, whatever USER says (su(1) to root
keeps the caller's USER) and also when the command runs as the owner of
the spool (uid 65534 here) after the privilege switch; sudo's SUDO_USER
names the person who ran sudo, unless it is no login name (a newline in
it would forge a second line of the log); a plain user is his own
account's name, not the USER he sets.  Before issue 29 the log said
USER ("alice", "root") or, with neither variable, the uid after the
switch ("uid 65534"), and wrote SUDO_USER as it came.  Issue 33 item 7:
SUDO_USER is believed only when the real uid is root's (sudo made him
root); a plain user who sets it is logged by his account's name (before,
by the SUDO_USER he chose).

Run as root (CI is): the plain user is uid 65534, which runs a copy of
the binary on a spool of its own."""
import os
import pwd
import shutil
import stat
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, Env, ok, is_, done  # noqa: E402

if os.geteuid() != 0:
    print("1..0 # SKIP needs root: root's name and the privilege switch")
    sys.exit(0)

NOBODY = 65534
try:
    NOBODY_NAME = pwd.getpwuid(NOBODY).pw_name
except KeyError:
    NOBODY_NAME = "uid %d" % NOBODY


def admin_add(env, userid, set_=None, unset=(), user=None, binary=BIN):
    """`admin user add USERID` with the environment changed: set_ added,
    the names in unset removed; run as uid user when given.  Returns
    (rc, stderr)."""
    e = dict(env.env)
    for k in unset:
        e.pop(k, None)
    e.update(set_ or {})
    kw = {"user": user, "group": user, "extra_groups": []} if user else {}
    p = subprocess.run([binary, "admin", "user", "add", userid, "pw",
                        "%s@example.org" % userid, "--reason", "test"],
                       env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120, **kw)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def log_of(env):
    try:
        with open(os.path.join(env.spool, "admin.log")) as f:
            return f.read()
    except FileNotFoundError:
        return ""


def by_whom(env, userid):
    """Who admin.log says added userid (the text before ": user USERID
    added"), or None."""
    for line in log_of(env).splitlines():
        mark = ": user %s added" % userid
        if mark in line:
            return line.split(" ", 1)[1].split(mark)[0] if " " in line else None
    return None


def give(path):
    os.lchown(path, NOBODY, NOBODY)
    for d, dirs, files in os.walk(path):
        for n in dirs + files:
            os.lchown(os.path.join(d, n), NOBODY, NOBODY)


envs = []
try:
    # -- root's own spool: no switch -------------------------------------
    env = Env(smtp=False)
    envs.append(env)
    rc, err = admin_add(env, "carol", {"USER": "alice"}, unset=("SUDO_USER",))
    is_(rc, 0, "root, USER=alice (as su leaves it): admin user add works")
    is_(by_whom(env, "carol"), "root", "root without sudo is logged as root, "
        "not as USER")
    rc, err = admin_add(env, "dave", {"SUDO_USER": "op", "USER": "root"})
    is_(by_whom(env, "dave"), "op", "with sudo: SUDO_USER, the person who "
        "ran sudo")
    rc, err = admin_add(env, "erin", {"SUDO_USER": "op\n2026-12-01T00:00:00Z "
                                      "mallory", "USER": "root"})
    is_(by_whom(env, "erin"), "root", "a SUDO_USER that is no login name is "
        "not used")
    ok(len(log_of(env).splitlines()) == 3, "admin.log: one line per change, "
       "none forged", log_of(env))

    # -- nobody's spool: root becomes its owner ------------------------------
    env = Env(smtp=False)
    envs.append(env)
    os.chmod(env.root, 0o755)
    up = os.path.dirname(env.root)
    while up != "/":
        if not os.stat(up).st_mode & stat.S_IXOTH:
            print("Bail out! uid %d cannot reach %s: set TMPDIR to a "
                  "directory others can search" % (NOBODY, env.root))
            sys.exit(1)
        up = os.path.dirname(up)
    tpl = os.path.join(env.root, "templates")
    shutil.copytree(env.env["EPAMSERV_TEMPLATES"], tpl)
    os.chmod(tpl, 0o755)
    env.env["EPAMSERV_TEMPLATES"] = tpl
    os.mkdir(env.spool, 0o750)
    give(env.spool)
    open(env.log, "a").close()
    give(env.log)
    rc, err = admin_add(env, "frank", unset=("SUDO_USER", "USER", "LOGNAME"))
    is_(rc, 0, "root on nobody's spool: admin user add works")
    is_(by_whom(env, "frank"), "root", "root without sudo and without USER "
        "(cron) is logged as root, not as the spool's owner it became")
    st = os.stat(os.path.join(env.spool, "admin.log"))
    is_(st.st_uid, NOBODY, "admin.log stays the spool owner's")

    # -- a plain user: uid 65534 on its own spool ---------------------------
    binary = os.path.join(env.root, "epamserv")
    shutil.copy(BIN, binary)
    os.chmod(binary, 0o755)
    rc, err = admin_add(env, "gina", {"USER": "root"}, unset=("SUDO_USER",),
                        user=NOBODY, binary=binary)
    ok(rc == 0, "uid %d: admin user add works" % NOBODY, err)
    is_(by_whom(env, "gina"), NOBODY_NAME, "a plain user is logged by his "
        "account's name, not by the USER he sets")
    rc, err = admin_add(env, "hank", {"SUDO_USER": "op", "USER": "root"},
                        user=NOBODY, binary=binary)
    ok(rc == 0, "uid %d with SUDO_USER set: admin user add works" % NOBODY,
       err)
    is_(by_whom(env, "hank"), NOBODY_NAME, "a plain user is logged by his "
        "account's name, not by a SUDO_USER he sets himself (issue 33: "
        "SUDO_USER is believed for root only)")
finally:
    for e in envs:
        e.close()
done()
