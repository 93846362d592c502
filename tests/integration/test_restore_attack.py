#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Attack on admin restore (issue 12, item 8): a backup is a directory
anyone may have written (handed over, copied from another machine), so
its manifest is input like a mail.  Paths with "..", absolute paths and
lines naming a link outside are refused; the modes it names are
clamped to what the spool uses (directories rwx for owner and group at
most, files rw for owner and group at most, setgid on directories kept):
a crafted "d 0777" or "f 4755" line must not leave a world-writable
directory (where any local user could plant links) or a set-uid file of
the service user in the spool.  A file the manifest names must be a
regular file of the size it says: a directory link planted in the
backup leading to /dev/zero, or a file far longer than its line says,
must not fill the spool's file system (the restore runs with a 1 MiB
file size limit here; on branch i12 it was killed by SIGXFSZ)."""
import hashlib
import os
import resource
import stat
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, BIN, ok, is_, done


def small_files():
    resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))


def run(env, spool, *args, limit=False):
    e = dict(env.env, EPAMSERV_SPOOL=spool)
    p = subprocess.run([BIN] + list(args), env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120,
                       preexec_fn=small_files if limit else None)
    return p.returncode, (p.stdout + p.stderr).decode("utf-8", "replace")


def modes(root):
    out = {}
    for d, dirs, files in os.walk(root):
        for n in dirs + files:
            p = os.path.join(d, n)
            out[os.path.relpath(p, root)] = os.lstat(p).st_mode
    return out


env = Env(smtp=False)
try:
    env.signup("alice@example.org", "alice", "a")
    dest = os.path.join(env.root, "bk")
    rc, out = run(env, env.spool, "admin", "backup", dest)
    ok(rc == 0, "a backup of the spool", out)
    man = os.path.join(dest, "BACKUP")
    with open(man) as f:
        lines = f.read().split("\n")

    # A file of its own, set-uid and executable, and every directory
    # world-writable.
    payload = b"#!/bin/sh\necho owned\n"
    with open(os.path.join(dest, "users", "x.sh"), "wb") as f:
        f.write(payload)
    crafted = []
    for l in lines:
        if l.startswith("d "):
            p = l.split(" ", 2)
            l = "d 0777 " + p[2]
        if l == "end":
            crafted.append("f 4755 %d %s users/x.sh" % (
                len(payload), hashlib.sha256(payload).hexdigest()))
        crafted.append(l)
    with open(man, "w") as f:
        f.write("\n".join(crafted))

    spool = os.path.join(env.root, "restored")
    rc, out = run(env, spool, "admin", "restore", dest)
    ok(rc == 0, "the crafted backup restores", out)
    bad = sorted(p for p, m in modes(spool).items()
                 if not stat.S_ISLNK(m) and
                 (m & (stat.S_IWOTH | stat.S_ISUID) or
                  (stat.S_ISREG(m) and m & 0o111)))
    is_(bad, [], "no world-writable, set-uid or executable entry in the "
        "restored spool")

    # Paths that leave the backup or the spool are refused.
    for evil in ("../outside", "/etc/passwd", "users/../../outside"):
        with open(man, "w") as f:
            f.write("\n".join(lines[:3] + ["f 0640 0 %s %s" % (
                hashlib.sha256(b"").hexdigest(), evil), "end", ""]))
        spool = os.path.join(env.root, "restored-%d" % len(evil))
        rc, out = run(env, spool, "admin", "restore", dest)
        ok(rc != 0, "a manifest naming %s is refused" % evil, out)
        ok(not os.path.exists(os.path.join(env.root, "outside")),
           "and nothing is written outside the spool")

    # Files that are not what their line says.
    zero5 = hashlib.sha256(b"\0" * 5).hexdigest()
    os.symlink("/dev", os.path.join(dest, "users", "dev"))
    with open(os.path.join(dest, "users", "big"), "wb") as f:
        f.truncate(64 << 20)
    for rel in ("users/dev/zero", "users/big"):
        with open(man, "w") as f:
            f.write("\n".join(lines[:3] + ["d 0750 users",
                                            "f 0640 5 %s %s" % (zero5, rel),
                                            "end", ""]))
        spool = os.path.join(env.root, "restored-" + rel.replace("/", "-"))
        rc, out = run(env, spool, "admin", "restore", dest, limit=True)
        is_(rc, 65, "%s, 5 bytes by the manifest: refused as damaged" % rel)
        ok("size the manifest says" in out, "the error says why", out)
finally:
    env.close()
done()
