#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`epamserv admin user del USERID --reason TEXT` (issue 11, item 8)
closes the account the way signoff does (the file kept, marked left, the
hash "!", the userid never given out again) and settles its games: a
game in progress is forfeited (the opponent wins, rated), an open
challenge cancelled, whether the player was challenger or challenged.
The opponents and observers get the board mail, the closed account one
notice naming the games settled; each change is in admin.log with the
reason; a rerun does nothing more; a busy board makes it exit 75 and a
rerun finishes the job."""
import fcntl
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, refused
from harness import body_of as raw_body_of


def flat(text):
    """text with line breaks and blank runs as one blank: board mails wrap
    at 72 columns (issue 14)."""
    return " ".join(text.split())


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def user_file(env, userid):
    try:
        with open(os.path.join(env.spool, "users", userid)) as f:
            return f.read()
    except FileNotFoundError:
        return ""


def admin_log(env):
    with open(os.path.join(env.spool, "admin.log")) as f:
        return f.read()


A, B, C, D, E = ("alice@example.org", "bob@example.org", "carol@example.org",
                 "dave@example.org", "erin@example.org")
env = Env()
# Elo's exact numbers (the default is glicko2 since issue 34 item 3).
env.env["EPAMSERV_RATING_SYSTEM"] = "elo"
try:
    for addr, uid in ((A, "alice"), (B, "bob"), (C, "carol"), (D, "dave"),
                      (E, "erin")):
        env.signup(addr, uid, "pw-%s" % uid)
    env.mail(A, "epaminondas challenge alice bob by alice pw-alice")                   # 101
    env.mail(B, "epaminondas accept 101 bob pw-bob")
    env.mail(A, "epaminondas move 101 alice pw-alice e2-e3")
    env.mail(B, "epaminondas move 101 bob pw-bob e11-e10")   # both moved: rated
    env.mail(D, "epaminondas subscribe 101 dave pw-dave")
    env.mail(C, "epaminondas challenge carol alice by carol pw-carol")                 # 102
    env.mail(A, "epaminondas challenge alice dave by alice pw-alice")                  # 103
    env.mail(B, "epaminondas challenge bob carol by bob pw-bob")                   # 104
    env.mail(A, "epaminondas challenge alice erin by alice pw-alice")                  # 105
    env.mail(E, "epaminondas accept 105 erin pw-erin")
    env.mail(A, "epaminondas resign 105 alice pw-alice")
    env.new_messages()
    g104, g105 = env.game_file(104), env.game_file(105)

    rc, out, err = env.run("admin", "user", "del", "alice")
    is_(rc, 64, "admin user del without --reason is refused")
    ok("left:" not in user_file(env, "alice"), "and closes nothing")
    rc, out, err = env.run("admin", "user", "del", "zed", "--reason", "x")
    ok(rc == 1 and "there is no user zed" in err, "an unknown user is an error",
       err)

    rc, out, err = env.run("admin", "user", "del", "alice", "--reason",
                           "asked by mail to leave", env={"SUDO_USER": "op"})
    is_(rc, 0, "admin user del exits 0")
    contains(out, "alice: account closed, 3 games settled", "it says what it did")
    uf = user_file(env, "alice")
    ok("password: !\n" in uf and "left: " in uf and "address: %s " % A in uf,
       "the user file is kept, marked left, with the hash '!'", uf)

    gf = env.game_file(101) or ""
    contains(gf, "end: forfeit alice", "the game in progress is forfeited by alice")
    contains(gf, "result: black", "and bob (Black) wins it")
    contains(env.game_file(102) or "", "end: decline alice",
             "the challenge to alice is cancelled (declined)")
    contains(env.game_file(103) or "", "end: withdraw alice",
             "alice's own challenge is cancelled (withdrawn)")
    is_((env.game_file(104), env.game_file(105)), (g104, g105),
        "the boards of others and alice's finished game are untouched")

    msgs = by_recipient(env.new_messages())
    is_(sorted(msgs), [A, B, C, D],
        "the opponents, the observer and the closed account are told")
    bob = [m for m in msgs.get(B, []) if "Board 101" in m["Subject"]]
    ok(len(bob) == 1 and "alice's account was closed by the administrator: "
       "alice forfeits board 101, and bob wins." in flat(body_of(bob[0])),
       "bob gets the board mail of 101 saying why the game ended",
       [body_of(m) for m in msgs.get(B, [])])
    ok(len(msgs.get(C, [])) == 1 and "Board 102" in msgs[C][0]["Subject"] and
       "the challenge on board 102 is cancelled" in flat(body_of(msgs[C][0])),
       "carol gets the board mail of the cancelled challenge 102")
    dave = sorted(m["Subject"] for m in msgs.get(D, []))
    ok(len(dave) == 2 and "Board 101" in dave[0] and "Board 103" in dave[1],
       "dave gets 101 as its observer and 103 as alice's opponent", dave)
    ok(len(msgs.get(A, [])) == 1, "the closed account gets one mail, not one "
       "per board", [m["Subject"] for m in msgs.get(A, [])])
    note = body_of(msgs[A][0]) if msgs.get(A) else ""
    for part in ("closed your account alice.", "Reason: asked by mail to leave",
                 "epaminondas board 101 against bob: forfeited",
                 "epaminondas board 102 against carol: challenge cancelled",
                 "epaminondas board 103 against dave: challenge cancelled"):
        contains(note, part, "the notice names it: %s" % part)
    ok("105" not in note and "104" not in note,
       "the notice names only the games settled")

    log = admin_log(env)
    contains(log, "op: user alice closed", "admin.log: the account closed, by whom")
    ok(log.count("(reason: asked by mail to leave)") == 4,
       "admin.log: the closure and each of the three boards, with the reason",
       log)
    contains(log, "epaminondas board 101: black wins", "admin.log names the result")
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "every settled board replays (admin check)")
    env.mail(D, "standings all")
    text = body_of(env.new_messages()[0])
    ok(re.search(r"bob +1616\? ", text) and "alice" in text,
       "the forfeit counts in the standings", text)

    refused(env, "new@example.org", "signup alice pw", "is taken",
            "a new signup with the closed userid")
    before = env.snapshot()
    rc, err = env.mail(A, "epaminondas move 101 alice pw-alice e3-e4")
    msgs = env.new_messages()
    ok(len(msgs) <= 1 and all(m.envelope_to == [A] for m in msgs) and
       env.snapshot() == before, "the closed account's password no longer "
       "works (at most an error reply to the sender, nothing changed)")

    # A rerun: nothing more to do, nothing sent.
    logsize = len(admin_log(env))
    rc, out, err = env.run("admin", "user", "del", "alice", "--reason", "again")
    is_(rc, 0, "a rerun exits 0")
    contains(out, "closed already; no game was open", "and says so")
    is_(env.new_messages(), [], "a rerun sends nothing")
    is_(len(admin_log(env)), logsize, "a rerun logs no change")

    # A busy board: the run stops short (exit 75), a rerun finishes it.
    env.mail(E, "epaminondas challenge erin bob by erin pw-erin")                    # 106
    env.mail(E, "epaminondas challenge erin carol by erin pw-erin")                  # 107
    env.new_messages()
    lockdir = os.path.join(env.spool, "locks")
    with open(os.path.join(lockdir, "board-epaminondas-106.lock"), "a") as lk:
        fcntl.flock(lk, fcntl.LOCK_EX)
        # lock_timeout 0: one try, no waiting for a lock that stays held.
        rc, out, err = env.run("admin", "user", "del", "erin", "--reason",
                               "spam", env={"EPAMSERV_LOCK_TIMEOUT": "0"})
        fcntl.flock(lk, fcntl.LOCK_UN)
    is_(rc, 75, "a busy board makes admin user del exit 75")
    contains(err, "run the command again", "and the message says what to do")
    contains(user_file(env, "erin"), "password: !\n", "the account is closed")
    ok("state: challenged" in (env.game_file(106) or "") and
       "end: withdraw erin" in (env.game_file(107) or ""),
       "the busy board waits, the other is settled")
    env.new_messages()
    rc, out, err = env.run("admin", "user", "del", "erin", "--reason", "spam")
    is_(rc, 0, "the rerun settles the rest")
    contains(env.game_file(106) or "", "end: withdraw erin", "board 106 is settled")
    msgs = by_recipient(env.new_messages())
    ok(sorted(msgs) == [B, E] and "board 106" in body_of(msgs[E][0]),
       "bob and erin's address are told of board 106",
       {k: [m["Subject"] for m in v] for k, v in msgs.items()})
finally:
    env.close()
done()
