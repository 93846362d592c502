#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Monitoring sees damage (issue 33, item 6): a board altered on disk
that no mail touches (a byte changed, a file truncated, a control
character in a comment) is reported by `status`, `status --json` and
`status --prometheus` once the hourly sweep ran, with the time of the
sweep, and once `admin check` ran, with its time; status exits 1 while
it is known; a board restored is no longer reported after the next
sweep, and after the next admin check.  Nothing else names the board,
so before this item status said "nothing is damaged" all along.

Since issue 35 the hourly sweep reads only the boards whose deadline
came (the board index) and keeps what was known of the others; a file
altered behind epamserv's back is read by the day's first sweep, which
reads every live board, or by `sweep --full`: the sweeps after the
first one here are --full, since they all fall within one day."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done
from langenv import nls

T0 = 1796000000
HOUR = 3600


def iso(t):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def at(env, t):
    env.env["EPAMSERV_NOW"] = str(t)


def status(env, *args):
    return env.run("status", *args, quiet=True)


def status_json(env, name):
    rc, out, err = status(env, "--json")
    try:
        return rc, json.loads(out)
    except ValueError:
        ok(False, "%s: status --json parses" % name, out + err)
        return rc, {}


def prom_value(out, metric):
    """The value of one sample line "metric value" of --prometheus."""
    for line in out.splitlines():
        if line.startswith(metric + " "):
            return int(line.split()[1])
    return None


def reports(env, rel, t, check, name):
    """status in its three forms names rel as found by check at t."""
    rc, out, err = status(env)
    is_(rc, 1, "%s: status exits 1" % name)
    word = "the sweep" if check == "sweep" else "the admin check"
    contains(out, "damaged: %s (" % rel, "%s: status names the file" % name)
    contains(out, "found by %s of %s" % (word, iso(t)),
             "%s: status says which check found it and when" % name)
    ok("nothing is damaged" not in out,
       "%s: status does not say nothing is damaged" % name, out)
    rc, st = status_json(env, name)
    is_(rc, 1, "%s: status --json exits 1" % name)
    files = [d.get("file") for d in st.get("damaged", [])]
    is_(files, [rel], "%s: --json's damaged names the file" % name)
    d = st.get("damaged", [{}])[0] if files else {}
    is_(d.get("found_by"), [check], "%s: --json says who found it" % name)
    is_(d.get("checked"), iso(t), "%s: --json gives the check's time" % name)
    ok(d.get("error"), "%s: --json gives what is wrong" % name, str(d))
    c = st.get("checks", {}).get(check) or {}
    is_(c.get("checked"), iso(t), "%s: checks.%s.checked" % (name, check))
    ok(rel in c.get("files", []), "%s: checks.%s.files names it" %
       (name, check), str(c))
    rc, out, err = status(env, "--prometheus")
    is_(rc, 0, "%s: status --prometheus exits 0 (it printed)" % name)
    is_(prom_value(out, "epamserv_damaged_files"), 1,
        "%s: epamserv_damaged_files 1" % name)
    is_(prom_value(out, 'epamserv_last_check_timestamp_seconds{check="%s"}'
                   % check), t, "%s: the check's time as a gauge" % name)
    ok((prom_value(out, 'epamserv_last_check_damaged_files{check="%s"}'
                   % check) or 0) >= 1, "%s: the check's count as a gauge" % name)
    for m in ("epamserv_damaged_files",
              "epamserv_last_check_timestamp_seconds",
              "epamserv_last_check_damaged_files"):
        contains(out, "# HELP %s " % m, "%s: HELP line of %s" % (name, m))
        contains(out, "# TYPE %s gauge" % m, "%s: TYPE line of %s" % (name, m))


def clean(env, name):
    rc, out, err = status(env)
    is_(rc, 0, "%s: status exits 0" % name)
    contains(out, "nothing is damaged or quarantined",
             "%s: status says nothing is damaged" % name)
    rc, st = status_json(env, name)
    is_(st.get("damaged"), [], "%s: --json's damaged is empty" % name)
    rc, out, err = status(env, "--prometheus")
    is_(prom_value(out, "epamserv_damaged_files"), 0,
        "%s: epamserv_damaged_files 0" % name)


env = Env(smtp=False)
try:
    at(env, T0)
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101)
    env.start_game("carol", "dave", 102, options="-time=7d")
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    env.mail("carol@example.org", "epaminondas move 102 carol c e2-e3")
    path = os.path.join(env.spool, "games", "epaminondas", "101.game")
    rel = "games/epaminondas/101.game"
    good = env.game_file(101)

    rc, out, err = status(env)
    contains(out, "last admin check: never", "no admin check ran yet")
    contains(out, "last check of the boards by the sweep: never",
             "no sweep ran yet")
    rc, out, err = status(env, "--prometheus")
    is_(prom_value(out, 'epamserv_last_check_timestamp_seconds{check='
                   '"sweep"}'), 0, "the sweep's check time is 0 (never)")

    # A byte changed on disk: the move e2-e3 becomes e2-e9.
    bad = good.replace("move: 1 e2-e3", "move: 1 e2-e9")
    ok(bad != good, "the test changes one byte of board 101")
    with open(path, "w") as f:
        f.write(bad)
    clean(env, "altered, before any check")  # nothing looked at it yet

    t1 = T0 + HOUR
    at(env, t1)
    rc, out, err = env.run("sweep")
    is_(rc, 75, "the sweep exits 75 (a board it cannot load)")
    reports(env, rel, t1, "sweep", "a byte changed, after the sweep")
    rc, st = status_json(env, "the sweep's words")
    english = (st.get("damaged") or [{}])[0].get("error")

    # The administrator runs admin check in German: the record, and so
    # --json, keep the loader's English; the listing is German.
    german = {"LANGUAGE": "de"} if nls(env) else {}
    t2 = t1 + HOUR
    at(env, t2)
    rc, out, err = env.run("admin", "check", env=german)
    is_(rc, 1, "admin check exits 1")
    reports(env, rel, t2, "admin", "a byte changed, after admin check")
    rc, st = status_json(env, "admin check's words")
    is_((st.get("damaged") or [{}])[0].get("error"), english,
        "admin check run in German records the same English error")
    if german:
        rc, out, err = env.run("status", env=german, quiet=True)
        contains(out, "gefunden von admin check",
                 "status in German says it in German")
        rc, out, err = env.run("status", "--json", env=german, quiet=True)
        ok('"damaged": [{"file": ' in out and '"found_by": ["admin"]' in out,
           "status --json in German keeps its keys and words", out[:300])

    # Restored: the next sweep no longer finds it, and neither does
    # the admin check's older result count (the sweep looks at every
    # live board).
    with open(path, "w") as f:
        f.write(good)
    t3 = t2 + HOUR
    at(env, t3)
    rc, out, err = env.run("sweep", "--full")
    is_(rc, 0, "the sweep after the restore exits 0")
    clean(env, "restored, after the sweep")
    rc, st = status_json(env, "restored")
    is_((st.get("checks", {}).get("admin") or {}).get("files"), [rel],
        "the admin check's own result still names it, until it runs")

    # Truncated: half the file.
    with open(path, "w") as f:
        f.write(good[:len(good) // 2])
    t4 = t3 + HOUR
    at(env, t4)
    rc, out, err = env.run("sweep", "--full")
    reports(env, rel, t4, "sweep", "truncated, after the sweep")
    with open(path, "w") as f:
        f.write(good)
    t5 = t4 + HOUR
    at(env, t5)
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "admin check of the restored spool exits 0")
    clean(env, "restored, after admin check")

    # A control character in a comment loads (a comment is free text)
    # but is in no file epamserv wrote: the sweep finds it as admin
    # check does.  Board 102 has a running clock (-time=7d).
    path102 = os.path.join(env.spool, "games", "epaminondas", "102.game")
    rel102 = "games/epaminondas/102.game"
    good102 = env.game_file(102)
    lines = good102.split("\n")
    m1 = [i for i, l in enumerate(lines) if l.startswith("move: 1 ")][0]
    lines.insert(m1 + 1, "comment: 1 good \x01luck")
    lines[0] = "epamserv-game 7"
    bad102 = "\n".join(lines)
    with open(path102, "w") as f:
        f.write(bad102)
    t6 = t5 + HOUR
    at(env, t6)
    rc, out, err = env.run("sweep", "--full")
    rc, st = status_json(env, "a control character")
    is_([d.get("file") for d in st.get("damaged", [])], [rel102],
        "a control character in a live board: the sweep finds it")
    with open(path102, "w") as f:
        f.write(good102)
    at(env, t6 + HOUR)
    env.run("sweep", "--full")
    clean(env, "board 102 restored, after the sweep")

    # A damaged board the administrator quarantined: the sweep does not
    # read it, so what admin check found of it stays known.
    with open(path, "w") as f:
        f.write(bad)
    at(env, t6 + 2 * HOUR)
    env.run("admin", "check")
    rc, out, err = env.run("admin", "quarantine", "101", "--reason", "test")
    is_(rc, 0, "board 101 quarantined")
    at(env, t6 + 3 * HOUR)
    env.run("sweep", "--full")
    rc, st = status_json(env, "quarantined")
    is_([(d.get("file"), d.get("found_by")) for d in st.get("damaged", [])],
        [(rel, ["sweep"])],
        "a quarantined damaged board stays known after the sweep")
    with open(path, "w") as f:
        f.write(good)
    rc, out, err = env.run("admin", "quarantine", "--release", "101",
                           "--reason", "restored")
    is_(rc, 0, "board 101 released")
    at(env, t6 + 4 * HOUR)
    env.run("sweep", "--full")
    clean(env, "board 101 restored and released, after the sweep")

    # A damaged archived board is beyond the sweep: admin check's
    # finding stays until admin check runs again.
    arch = os.path.join(env.spool, "games", "epaminondas", "archive")
    os.makedirs(arch, exist_ok=True)
    with open(os.path.join(arch, "7.game"), "w") as f:
        f.write("epamserv-game 6\ngame: epaminondas\n")
    at(env, t6 + 5 * HOUR)
    env.run("admin", "check")
    at(env, t6 + 6 * HOUR)
    env.run("sweep", "--full")
    rc, st = status_json(env, "an archived board")
    is_([(d.get("file"), d.get("found_by")) for d in st.get("damaged", [])],
        [("games/epaminondas/archive/7.game", ["admin"])],
        "an archived board admin check found stays after a newer sweep")
    os.unlink(os.path.join(arch, "7.game"))
    clean(env, "the archived board removed")
finally:
    env.close()
done()
