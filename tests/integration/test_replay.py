#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A restore loses nothing that was kept (issue 33 item 5,
doc/upgrading.md): with keep_incoming set, `receive` copies each mail
into that Maildir before processing it (and exits 75, processing
nothing, when it cannot); after `admin restore` of a backup, `admin
replay MAILDIR --since TIME` feeds the mails kept since the backup
through the intake in the order they came, so the moves made after the
backup are on the board again, each once; a second replay, of every kept
mail, changes nothing."""
import os
import re
import time

from harness import Env, ok, is_, contains, done, make_mail

env = Env(smtp=False)
try:
    kept = os.path.join(env.root, "kept")
    env.env["EPAMSERV_KEEP_INCOMING"] = kept
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    new = os.path.join(kept, "new")
    before = sorted(os.listdir(new)) if os.path.isdir(new) else []
    ok(len(before) >= 4, "receive keeps a copy of each mail in new/",
       before)

    # The backup, then moves made after it.
    backup = os.path.join(env.root, "backup")
    # The backup's second is after every mail above: kept names begin
    # with their second, so wait until the clock has passed the last one
    # (at once when it already has; never more than a second).
    last = max(int(n.split(".")[0]) for n in os.listdir(new))
    while time.time() < last + 1:
        time.sleep(last + 1 - time.time())
    since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(last + 1))
    rc, out, err = env.run("admin", "backup", backup)
    is_(rc, 0, "admin backup")
    for who, move in (("alice", "e1-e3"), ("bob", "e12-e10"),
                      ("alice", "d1-d3")):
        rc, err = env.mail("%s@example.org" % who, "epaminondas move 101 "
                           "%s %s %s" % (who, who[0], move))
        is_(rc, 0, "%s plays %s" % (who, move))
    played = env.game_file(101)
    ok("move: 3 d1-d3" in played, "the board has three moves", played)

    # A copy that cannot be made: the mail is not processed.
    not_dir = os.path.join(env.root, "not-a-directory")
    open(not_dir, "w").close()
    rc, err = env.receive(make_mail("bob@example.org",
                                    "epaminondas move 101 bob b d12-d10"),
                          env={"EPAMSERV_KEEP_INCOMING":
                               os.path.join(not_dir, "kept")})
    is_(rc, 75, "receive exits 75 when it cannot keep the copy")
    is_(env.game_file(101), played, "and the mail is not processed")

    # Restore the backup: the moves are gone.
    rc, out, err = env.run("admin", "restore", "--force", backup)
    is_(rc, 0, "admin restore --force")
    ok("move: 1" not in env.game_file(101), "the restored board has no move",
       env.game_file(101))

    rc, out, err = env.run("admin", "replay", kept, "--since", since)
    is_(rc, 0, "admin replay exits 0")
    contains(out, "3 kept mails fed through the intake",
             "it feeds the three mails kept since the backup")
    replayed = env.game_file(101)
    ok("move: 1 e1-e3" in replayed and "move: 2 e12-e10" in replayed and
       "move: 3 d1-d3" in replayed and "move: 4" not in replayed,
       "the board has the three moves again, in order", replayed)

    outbox = len(env.outbox_messages())
    rc, out, err = env.run("admin", "replay", kept)
    is_(rc, 0, "a second replay, of every kept mail, exits 0")
    is_(env.game_file(101), replayed, "and changes no board")
    is_(len(env.outbox_messages()), outbox,
        "nor answers any mail again: each mail is processed once")
    with open(os.path.join(env.spool, "admin.log")) as f:
        contains(f.read(), "admin replay of %s: " % kept, "admin.log has it")

    # Older than seen_days (61 days later: the default is 60), the spool
    # no longer knows the mails were processed: left out, and said.
    later = str(int(time.time()) + 61 * 86400)
    rc, out, err = env.run("admin", "replay", kept, quiet=True,
                           env={"EPAMSERV_NOW": later})
    is_(rc, 0, "a replay 61 days later exits 0")
    ok(re.search(r"admin replay: \d+ kept mails? (is|are) older than "
                 r"seen_days", err), "and leaves out the mails older than "
       "seen_days, saying so", err)
    is_(env.game_file(101), replayed, "no board changes")
finally:
    env.close()
done()
