#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A temporary state file an older version left in SPOOL/web/ when it
crashed while saving a site's state (SPOOL/web/state-DIGEST.tmp; the
state is written through .state-DIGEST.tmp now) is removed by the next
`epamserv web` run, of any site.  Only that exact name goes, only a
regular file: a symbolic link of that name stays, and so does the file
it points to; names that only look alike stay too.

On 8c05b65 the leftover stayed in SPOOL/web/ forever."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, done  # noqa: E402

HEX = "0123456789abcdef" * 2
OTHER = "fedcba9876543210" * 2

env = Env(smtp=False)
try:
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    site = os.path.join(env.root, "site")
    os.makedirs(site)
    web = os.path.join(env.spool, "web")
    os.makedirs(web, mode=0o750, exist_ok=True)
    leftover = os.path.join(web, "state-%s.tmp" % HEX)
    with open(leftover, "w") as f:
        f.write("board\tepaminondas\t101\thidden\n")
    # Not the pattern: stays.
    alike = ["state-%s.tmpx" % HEX, "state-%s.tmp" % HEX[:31],
             "state-%s.tmp" % HEX.upper(), "xstate-%s.tmp" % HEX,
             "state-%s" % OTHER]
    for name in alike:
        with open(os.path.join(web, name), "w") as f:
            f.write("keep\n")
    # A link of that name: neither it nor its target goes.
    target = os.path.join(env.root, "target")
    with open(target, "w") as f:
        f.write("keep\n")
    link = os.path.join(web, "state-%s.tmp" % OTHER)
    os.symlink(target, link)

    rc, out, err = env.run("web", site)
    ok(rc == 0, "web: the run succeeds", err)
    ok(not os.path.lexists(leftover), "the older version's leftover "
       "state-DIGEST.tmp is removed", sorted(os.listdir(web)))
    ok(all(os.path.exists(os.path.join(web, n)) for n in alike),
       "names that only look like it stay", sorted(os.listdir(web)))
    ok(os.path.islink(link) and os.path.exists(target),
       "a symbolic link of that name stays, and its target")
finally:
    env.close()
done()
