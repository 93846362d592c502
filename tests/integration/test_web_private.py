#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the site hides is nowhere in the site's directory, dotfiles
included: `epamserv web DIR` keeps the record of what it read in the
spool (SPOOL/web/state-DIGEST), not in DIR, since that record lists
every account and every board.

- zhidey set web off and plays alice; zossie and zotto play a running
  game that forbids observers (-observers=off), and nothing else;
- after a first run, a second (which reads the record) and a --full
  run, no file of DIR (every file, dotfiles too) names zhidey, zossie
  or zotto, and none is the record;
- the record is in SPOOL/web/, one file for the site, mode 0640, and it
  does name them (so the check above would see them were it in DIR;
  every file is dated an hour back first, since a file changed in the
  last seconds is not recorded, src/web/state.c);
- a DIR/.epamserv-web-boards an earlier development version left in
  the site is removed by the next run;
- the record is derived: admin backup leaves SPOOL/web/ out.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done  # noqa: E402
from webspool import age, states  # noqa: E402

HIDDEN = ("zhidey", "zossie", "zotto")


def leaks(site):
    """The files of site (relative paths) whose bytes name a hidden
    player or start as the record does."""
    out = []
    for top, _, files in os.walk(site):
        for f in files:
            p = os.path.join(top, f)
            with open(p, "rb") as fh:
                data = fh.read()
            if data.startswith(b"epamserv-web-boards") or any(
                    h.encode() in data for h in HIDDEN):
                out.append(os.path.relpath(p, site))
    return sorted(out)


env = Env(smtp=False)
try:
    env.players("alice", "bob", "zhidey", "zossie", "zotto")
    env.start_game("alice", "bob", 101)
    env.start_game("alice", "zhidey", 102)
    env.start_game("zossie", "zotto", 103, "-observers=off")
    rc, err = env.mail("zhidey@example.org", "set zhidey z web off")
    ok(rc == 0 and "\nweb: off\n" in env.user_file("zhidey"),
       "zhidey sets web off", (err[-300:], env.user_file("zhidey")))
    age(env.spool)
    site = os.path.join(env.root, "site")

    rc, out, err = env.run("web", site, quiet=True)
    ok(rc == 0 and os.path.exists(os.path.join(site, "boards",
                                               "epaminondas-101.html")),
       "the site is made", err[-300:])
    is_(leaks(site), [], "no file of the site, dotfiles included, names "
        "a player off the site or of a board that forbids observers")
    made = states(env.spool)
    is_(len(made), 1, "what the run read is recorded in the spool's web/")
    if made:
        with open(made[0]) as f:
            text = f.read()
        ok(os.path.basename(made[0]).startswith("state-") and
           os.stat(made[0]).st_mode & 0o7777 == 0o640 and
           all(h in text for h in HIDDEN),
           "as state-DIGEST, mode 0640, naming every account and board",
           (made, oct(os.stat(made[0]).st_mode)))

    rc, out, err = env.run("web", site, quiet=True)
    is_((rc, leaks(site)), (0, []), "nor after a run that reads the record")
    rc, out, err = env.run("web", "--full", site, quiet=True)
    is_((rc, leaks(site)), (0, []), "nor after web --full")
    is_(len(states(env.spool)), 1, "one record for the site, still")

    # A record an earlier development version left in the site.
    old = os.path.join(site, ".epamserv-web-boards")
    with open(old, "w") as f:
        f.write("epamserv-web-boards 1\nkey 0\nU\tzhidey\n")
    rc, out, err = env.run("web", site, quiet=True)
    ok(rc == 0 and not os.path.exists(old),
       "a .epamserv-web-boards left in the site is removed", err[-300:])
    is_(leaks(site), [], "and nothing in the site names them")

    dest = os.path.join(env.root, "backup")
    rc, out, err = env.run("admin", "backup", dest, quiet=True)
    ok(rc == 0 and os.path.exists(os.path.join(dest, "users", "zhidey"))
       and not os.path.exists(os.path.join(dest, "web")),
       "admin backup leaves the record (SPOOL/web/) out", err[-300:])
finally:
    env.close()
done()
