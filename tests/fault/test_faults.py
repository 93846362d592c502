#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fault injection: one move mail through `epamserv receive` with one
write, fsync, rename, open(O_CREAT) or allocation failing, at every call
of that kind the mail reaches (counted first by a run that fails nothing).
The shim is tests/fault/libfault.so (LD_PRELOAD).

For every failure: the exit status is 75 (the MTA retries), or 0 only if
the update was committed (the game file has the move, or a journal entry
holds it for recovery); the game file is byte for byte the one before or
the one after the move, never anything else; and a rerun of the same mail
without faults exits 0 and leaves exactly the state of a clean run: the
move once, the two board mails once each, no journal entry.

Quick mode (make check): every N for write, fsync, rename and open; for
allocations every N up to 40 and 60 more spread evenly.
EPAMSERV_STRESS_FULL=1: every allocation as well.  EPAMSERV_FAULT_ONLY=
CALL:N[-M] runs only those (to replay a failure).  Known defects outside
the spool code (libetpan, the config reader) are
listed as "# known defect" lines and not counted as failures."""
import difflib
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "stress"))
import stresslib as S  # noqa: E402
from harness import ok, is_, done, make_mail, BIN  # noqa: E402
from faultlib import SHIM, NOW, shim_env, read_counts  # noqa: E402

CALLS = ["write", "fsync", "rename", "open", "malloc"]

t_start = time.monotonic()
env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    env.env["EPAMSERV_LOCK_TIMEOUT"] = "5"
    S.setup_or_fail(env, 1, env.root)
    base = os.path.join(env.root, "base")
    shutil.copytree(env.spool, base, symlinks=True)
    mail = make_mail(S.ALICE[2], S.move_subject(101, 1, "e1-e4"),
                     msgid="<fault-move-1@test.example>")
    before = env.game_file(101)

    def fresh():
        shutil.rmtree(env.spool)
        shutil.copytree(base, env.spool, symlinks=True)

    def receive(extra):
        e = dict(env.env)
        e.update(extra)
        p = subprocess.run([BIN, "receive"], input=mail, env=e,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120)
        return p.returncode, p.stderr.decode("utf-8", "replace")


    def state():
        journal = sorted(os.listdir(os.path.join(env.spool, "journal")))
        seen = sorted(os.listdir(os.path.join(env.spool, "seen")))
        mine = "epamserv.%s." % S.key_prefix("fault-move-1@test.example")
        outbox = [(v[0], v[1]) for v in S.outbox_mails(env.spool).values()
                  if (v[0] or "").startswith(mine)]
        return (S.mask_token_hashes(env.game_file(101)), journal, seen,
                sorted(outbox))

    shim = shim_env()

    # A clean run, counting every call.
    if not ok(os.path.exists(SHIM), "the fault shim is built", SHIM):
        raise SystemExit(done())
    fresh()
    count_file = os.path.join(env.root, "counts")
    rc, err = receive(dict(shim, FAULT_COUNT_FILE=count_file))
    clean = state()
    after = clean[0]
    ok(rc == 0 and after != before and "e1-e4" in (after or "") and
       len(clean[3]) == 2 and clean[1] == [],
       "a clean run under the shim applies the move and queues two board mails",
       "exit %d, stderr %s, outbox %r, journal %r" % (rc, err, clean[3], clean[1]))
    counts = read_counts(count_file)
    print("# calls reached by one move mail: %s" % ", ".join(
        "%s %d" % (k, counts.get(k, 0)) for k in CALLS))
    ok(all(counts.get(k, 0) > 0 for k in CALLS),
       "the shim saw every kind of call", "counts %r" % counts)

    known = []
    for call in CALLS:
        total = counts.get(call, 0)
        ns = list(range(1, total + 1))
        if call == "malloc" and not S.FULL and total > 100:
            step = (total - 40) / 60.0
            ns = sorted(set(list(range(1, 41)) +
                            [40 + int(step * (i + 1)) for i in range(60)]))
        only = os.environ.get("EPAMSERV_FAULT_ONLY", "")  # e.g. malloc:1600-1610
        if only:
            kind, _, span = only.partition(":")
            lo, _, hi = span.partition("-")
            ns = [n for n in range(int(lo), int(hi or lo) + 1)] if kind == call else []
        problems = []
        outcomes = {}
        for n in ns:
            fresh()
            rc, err = receive(dict(shim, FAULT_CALL=call, FAULT_N=str(n)))
            game, journal, seen, outbox = state()
            raw = env.game_file(101)
            outcomes[rc] = outcomes.get(rc, 0) + 1
            where = "%s #%d: exit %d" % (call, n, rc)
            crashed = rc < 0 or (rc == 1 and "AddressSanitizer" in err)
            if crashed and call == "malloc":
                # libetpan 1.9 crashes when an allocation fails inside
                # mailmime_parse (it frees a half-built field list): a
                # known defect outside epamserv, reported and not counted
                # here; any other crash is a failure.
                fresh()
                _, trace = receive(dict(shim, FAULT_CALL=call,
                                        FAULT_N=str(n), FAULT_TRACE="1"))
                frames = [l for l in trace.splitlines()
                          if l.startswith("/") and "libfault" not in l
                          and "libasan" not in l and "libubsan" not in l]
                if frames and "libetpan" in frames[0]:
                    known.append("%s: crash (%s) after a failed allocation "
                                 "in %s" % (where, "signal %d" % -rc if rc < 0
                                            else "AddressSanitizer", frames[0]))
                    fresh()
                    receive(dict(shim, FAULT_CALL=call, FAULT_N=str(n)))
                    rc = 75  # what an MTA makes of a crashed pipe
            if (rc == 78 and call == "malloc" and "cannot read config file"
                    in err and "Cannot allocate memory" in err):
                # src/util/conf.c reports an allocation failure while
                # reading the config file as a configuration error (78,
                # EX_CONFIG) instead of 75: a known defect, reported.
                known.append("%s: %s" % (where, err.strip()[-200:]))
                rc = 75
            if rc not in (0, 75):
                problems.append("%s, expected 75 (or 0 once committed); "
                                "stderr: %s" % (where, err.strip()[-600:]))
            if raw != before and game != after:
                problems.append("%s: the game file is neither the previous "
                                "one nor the one after the move:\n%s"
                                % (where, raw))
            if rc == 0 and game != after and not journal:
                problems.append("%s but nothing was saved (game file "
                                "unchanged, no journal entry); stderr: %s"
                                % (where, err.strip()[-600:]))
            rc2, err2 = receive({})
            st = state()
            if rc2 != 0 or st != clean:
                diff = "".join(difflib.unified_diff(
                    clean[0].splitlines(True), st[0].splitlines(True),
                    "game file of a clean run", "game file after the rerun"))
                problems.append(
                    "%s; the rerun without faults exited %d, expected 0 and "
                    "the state of a clean run:\n  expected %r\n  got      %r\n"
                    "%s  stderr: %s" % (where, rc2, clean[1:], st[1:], diff,
                                        err2.strip()[-400:]))
            if len(problems) > 12:
                break
        ok(not problems, "%s fails at each of %d calls (of %d): exit 75 or "
           "committed, previous game file intact, the rerun applies the move "
           "once" % (call, len(ns), total), "\n".join(problems[:12]))
        print("# %s: exit statuses %r" % (call, sorted(outcomes.items())))
    for k in known:
        print("# known defect: " + k)
    rc, out = S.admin_check(env)
    is_(rc, 0, "epamserv admin check passes on the last spool")
    print("# %.1f s in all" % (time.monotonic() - t_start))
finally:
    env.close()
done()
