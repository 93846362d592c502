#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""epamserv status (issue 13, item 4): boards by state, players, mails in
the last day, the outbox (size, deferred, the oldest deferral), failed
mails, bounces, the journal, and when batch, flush and sweep last ran and
how they ended; --json parses and its counts match the spool, and
--prometheus (a node_exporter textfile) says the same.  The delivery runs
against tests/smtpd.py answering 250, 451 and 550."""
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done

DAY = 86400


def listing(env, sub, suffix=""):
    d = os.path.join(env.spool, sub)
    return [n for n in os.listdir(d) if not n.startswith(".") and
            n.endswith(suffix)] if os.path.isdir(d) else []


def status_json(env, name, extra=None):
    rc, out, err = env.run("status", "--json", env=extra)
    is_(rc, 0, "%s: status --json exits 0 (nothing damaged)" % name)
    try:
        return json.loads(out)
    except ValueError:
        ok(False, "%s: status --json parses" % name, out + err)
        return {}


def matches_spool(env, st, name):
    is_(st.get("outbox"), len(listing(env, "outbox", ".eml")),
        "%s: outbox counts the .eml files of outbox/" % name)
    size = sum(os.path.getsize(os.path.join(env.spool, "outbox", n))
               for n in listing(env, "outbox", ".eml"))
    is_(st.get("outbox_bytes"), size, "%s: outbox_bytes is their size" % name)
    is_(st.get("deferred"), len(listing(env, "outbox", ".eml.retry")),
        "%s: deferred counts the .retry files" % name)
    is_(st.get("failed"), len(listing(env, "failed", ".eml")),
        "%s: failed counts the mails of failed/ (not their .retry)" % name)
    is_(st.get("bounces"), len(listing(env, "bounces")),
        "%s: bounces counts the bounce records" % name)
    # Robot accounts (issue 16: "robot: yes") are not players.
    people = [u for u in listing(env, "users")
              if "\nrobot: yes\n" not in env.user_file(u)]
    is_(st.get("players"), len(people),
        "%s: players counts users/ but the robots" % name)
    is_(st.get("journal"), len(listing(env, "journal")),
        "%s: journal counts journal/" % name)
    is_(st.get("mails_in_last_day"), len(listing(env, "seen")),
        "%s: every processed mail is of the last day" % name)


env = Env(smtp=False)
relay = None
try:
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101)
    rc, err = env.mail("carol@example.org",
                       "epaminondas challenge carol dave by carol c")
    is_(rc, 0, "carol challenges dave (board 102, not accepted)")

    st = status_json(env, "before any flush")
    matches_spool(env, st, "before any flush")
    is_(st.get("boards", {}).get("active"), 1, "one board is active")
    is_(st.get("boards", {}).get("challenged"), 1, "one board is challenged")
    is_(st.get("boards", {}).get("finished"), 0, "none is finished")
    is_(st.get("oldest_deferred", "x"), None, "no mail is deferred yet")
    is_(st.get("runs"), {"batch": None, "flush": None, "sweep": None},
        "batch, flush and sweep never ran")
    ok(st.get("outbox", 0) > 0, "mails wait in the outbox")

    # The relay: 451 for bob (greylisting), 550 for carol (unknown).
    os.makedirs(os.path.join(env.root, "relay"))
    relay = Server(os.path.join(env.root, "relay"),
                   ["bob@example.org=451", "carol@example.org=550"])
    t0 = int(time.time())
    rc, out, err = env.run("flush", env={"EPAMSERV_SMTP_URL": relay.url})
    t1 = int(time.time())
    ok(rc in (0, 75), "flush runs (exit %d)" % rc, err)
    st = status_json(env, "after a flush")
    matches_spool(env, st, "after a flush")
    is_(st.get("mails_out_last_day"), len(relay.messages()),
        "mails_out_last_day counts what the relay accepted")
    ok(st.get("mails_out_last_day", 0) > 0, "and some were sent")
    ok(st.get("deferred", 0) >= 1, "bob's mails are deferred (451)")
    ok(st.get("failed", 0) >= 1, "carol's mails failed (550)")
    ok(st.get("bounces", 0) >= 1, "carol's address has a bounce record")
    when = st.get("oldest_deferred") or ""
    ok(re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", when),
       "the oldest deferral has a time", when)
    ok(listing(env, "failed", ".eml.retry"),
       "a failed mail keeps its record beside it (failed/NAME.eml.retry)")
    run = (st.get("runs") or {}).get("flush") or {}
    is_(run.get("exit"), rc, "the flush run is recorded with its exit status")
    is_((run.get("sent"), run.get("deferred"), run.get("failed")),
        (len(relay.messages()), len(listing(env, "outbox", ".eml.retry")),
         len(listing(env, "failed", ".eml"))),
        "and with what it sent, deferred and failed")
    flushed = run
    # A hold marker (outbox/NAME.eml.hold) is no mail.
    held = sorted(listing(env, "outbox", ".eml"))[0]
    rc, out, err = env.run("admin", "outbox", "hold", held, "--reason", "t")
    is_(rc, 0, "admin outbox hold of one mail")
    ok(listing(env, "outbox", ".hold"), "it leaves a .hold marker", err)
    st = status_json(env, "after a hold")
    matches_spool(env, st, "after a hold")
    is_(st.get("outbox"), len(listing(env, "outbox", ".eml")),
        "the outbox count ignores the .hold marker")
    ended = time.mktime(time.strptime(run.get("ended", "1970-01-01T00:00:00Z"),
                                      "%Y-%m-%dT%H:%M:%SZ")) - time.timezone
    ok(t0 - 1 <= ended <= t1 + 1, "and when it ended", run)
    is_((st.get("runs") or {}).get("sweep"), None, "sweep still never ran")

    rc, out, err = env.run("sweep", "--help")
    rc, out, err = env.run("batch", "--help")
    st = status_json(env, "after --help")
    is_((st.get("runs") or {}).get("batch"), None,
        "batch --help is not recorded as a run")
    rc, out, err = env.run("sweep")
    is_(rc, 0, "sweep runs")
    st = status_json(env, "after a sweep")
    is_(((st.get("runs") or {}).get("sweep") or {}).get("exit"), 0,
        "the sweep run is recorded, exit 0")

    # The last day: two days later, no mail is of the last day.
    later = {"EPAMSERV_NOW": str(int(time.time()) + 2 * DAY)}
    st2 = status_json(env, "two days later", later)
    is_(st2.get("mails_in_last_day"), 0, "two days later: none in the last day")
    is_(st2.get("mails_out_last_day"), 0, "and none sent in the last day")

    rc, out, err = env.run("status")
    is_(rc, 0, "status exits 0")
    for part in ("boards: challenged 1, active 1,", "players: 4\n",
                 "last flush: ended ", "last batch: never\n",
                 ", %d sent, %d deferred, %d failed\n" % (
                     flushed["sent"], flushed["deferred"], flushed["failed"]),
                 "last sweep: ended ", "failed: %d mail" % st["failed"],
                 "%d deferred, the oldest since %s" % (st["deferred"],
                                                     st["oldest_deferred"])):
        contains(out, part, "status says %r" % part)

    rc, out, err = env.run("status", "--prometheus")
    is_(rc, 0, "status --prometheus exits 0")
    metrics = {}
    good = True
    for line in out.splitlines():
        if line.startswith("# HELP ") or line.startswith("# TYPE "):
            continue
        m = re.match(r'^(epamserv_[a-z_]+)(\{[a-z]+="[a-z]+"\})? (-?\d+)$', line)
        if not m:
            good = False
            ok(False, "a metric line in the textfile format", line)
            continue
        metrics[m.group(1) + (m.group(2) or "")] = int(m.group(3))
    ok(good and metrics, "every --prometheus line is a comment or a metric")
    for key, want in (("epamserv_outbox_mails", st["outbox"]),
                      ("epamserv_outbox_deferred", st["deferred"]),
                      ("epamserv_failed_mails", st["failed"]),
                      ("epamserv_players", 4),
                      ("epamserv_mails_out_last_day", st["mails_out_last_day"]),
                      ('epamserv_boards{state="active"}', 1),
                      ('epamserv_boards{state="challenged"}', 1),
                      ('epamserv_last_run_exit_code{command="sweep"}', 0),
                      ("epamserv_damaged_files", 0),
                      ('epamserv_last_flush_mails{outcome="sent"}',
                       flushed["sent"]),
                      ('epamserv_last_flush_mails{outcome="deferred"}',
                       flushed["deferred"]),
                      ('epamserv_last_flush_mails{outcome="failed"}',
                       flushed["failed"])):
        is_(metrics.get(key), want, "--prometheus: %s" % key)
    ok('epamserv_last_run_exit_code{command="batch"}' not in metrics,
       "--prometheus: no exit code for a command that never ran")

    rc, out, err = env.run("status", "--bogus")
    is_(rc, 64, "status --bogus is a usage error")
    contains(err, "--prometheus", "whose usage names --prometheus")
finally:
    if relay:
        relay.stop()
    env.close()
done()
