#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fault injection and crashes on the repair tools (issue 12): `admin
repair` of a damaged board and `admin quarantine` of it, with one write,
fsync, rename or open(O_CREAT) failing at every call of that kind the
command reaches, then with the process killed (SIGKILL, FAULT_KILL)
just before each of those calls (counted first by a run that fails
nothing; tests/fault/libfault.so).

For every failure: the exit status is 0, 1 (an error on stderr) or 75;
the game file is byte for byte the damaged one or the repaired one,
never anything else; a quarantine marker is whole or absent; and a rerun
without faults ends in the state of a clean run (the board repaired,
admin check finding nothing but what the test expects).  Every N is
tried in quick mode too: the commands reach few calls."""
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

CALLS = ["write", "fsync", "rename", "open"]

t_start = time.monotonic()
env = S.make_env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = NOW
    env.env["EPAMSERV_LOCK_TIMEOUT"] = "5"
    S.setup_or_fail(env, 1, env.root)
    line = S.move_lines(1, 3, seed=5)[0]
    for n, mv in enumerate(line, 1):
        who = S.player_of(n)
        rc, err = env.receive(make_mail(who[2], S.move_subject(101, n, mv)))
        if rc != 0:
            raise SystemExit("move %d: %s" % (n, err))
    gpath = os.path.join(env.spool, "games", "epaminondas", "101.game")
    good = env.game_file(101)
    third = [l for l in good.split("\n") if l.startswith("move: 3 ")][0]
    damaged = good.replace(third, third.replace(" %s " % line[2], " a1-n12 "))
    with open(gpath, "w") as f:
        f.write(damaged)
    base = os.path.join(env.root, "base")
    shutil.copytree(env.spool, base, symlinks=True)
    qmark = os.path.join(env.spool, "quarantine", "board-epaminondas-101")

    def fresh():
        shutil.rmtree(env.spool)
        shutil.copytree(base, env.spool, symlinks=True)

    def run(args, extra):
        e = dict(env.env)
        e.update(extra)
        p = subprocess.run([BIN] + args, env=e, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
        return p.returncode, p.stderr.decode("utf-8", "replace")

    def masked():
        return S.mask_token_hashes(env.game_file(101) or "")

    shim = shim_env()
    if not ok(os.path.exists(SHIM), "the fault shim is built", SHIM):
        raise SystemExit(done())
    commands = [("repair", ["admin", "repair", "101", "--reason", "fault test"]),
                ("quarantine", ["admin", "quarantine", "101", "--reason",
                                "fault test"])]
    for name, args in commands:
        fresh()
        count_file = os.path.join(env.root, "counts-" + name)
        rc, err = run(args, dict(shim, FAULT_COUNT_FILE=count_file))
        clean_game = masked()
        clean_q = open(qmark).read() if os.path.exists(qmark) else None
        ok(rc == 0 and (name != "repair" or ("move: 2 " in clean_game and
                                             "move: 3 " not in clean_game)) and
           (name != "quarantine" or clean_q),
           "a clean %s under the shim does its work" % name, err)
        counts = read_counts(count_file)
        print("# calls reached by admin %s: %s" % (name, ", ".join(
            "%s %d" % (k, counts.get(k, 0)) for k in CALLS)))
        for call, crash in [(c, 0) for c in CALLS] + [(c, 1) for c in CALLS]:
            total = counts.get(call, 0)
            problems = []
            for n in range(1, total + 1):
                fresh()
                faults = dict(shim, FAULT_CALL=call, FAULT_N=str(n))
                if crash:
                    faults["FAULT_KILL"] = "1"
                rc, err = run(args, faults)
                where = "admin %s, %s #%d: exit %d" % (name, call, n, rc)
                if crash and rc != -9:
                    problems.append("%s: not killed" % where)
                if not crash and rc not in (0, 1, 75):
                    problems.append("%s; stderr %s" % (where, err[-400:]))
                raw = env.game_file(101)
                if raw != damaged and masked() != clean_game:
                    problems.append("%s: the game file is neither the "
                                    "damaged nor the repaired one:\n%s"
                                    % (where, raw))
                if os.path.exists(qmark) and open(qmark).read() != clean_q:
                    problems.append("%s: a partial quarantine marker" % where)
                if rc not in (0, -9) and not err.strip():
                    problems.append("%s without a message" % where)
                rc2, err2 = run(args, {})
                again = masked()
                if rc2 != 0 or again != clean_game or \
                        (clean_q and not os.path.exists(qmark)):
                    problems.append("%s; the rerun exited %d, game file "
                                    "%s the clean run's; %s" % (
                                        where, rc2, "as" if again ==
                                        clean_game else "unlike",
                                        err2[-400:]))
                if len(problems) > 12:
                    break
            ok(not problems, "admin %s: %s at each of its %d %s calls: "
               "%s, the board damaged or repaired, never half, and a rerun "
               "finishes the work" % (name, "a crash (SIGKILL)" if crash else
                                      "a failure", total, call,
                                      "killed" if crash else
                                      "exit 0, 1 or 75"),
               "\n".join(problems[:12]))
    fresh()
    run(["admin", "repair", "101", "--reason", "last"], {})
    rc, out = S.admin_check(env)
    ok(rc == 0, "epamserv admin check passes on the repaired spool", out)
    print("# %.1f s in all" % (time.monotonic() - t_start))
finally:
    env.close()
done()
