#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Start-up benchmark (issue 35 item 4, BENCHMARKS.md "Issue 35:
start-up").  A program, not a test.  Run from a configured build
directory:

    make src/epamserv
    /usr/bin/python3 ../bench/startup_bench.py [--boards N]
        [--before BIN] [--after BIN] [--runs N]

Sets up a spool of --boards active boards (default 1,000; no finished
game, so no result records), then counts the instructions (valgrind
--tool=callgrind, which counts the same whatever else the machine does)
of one `epamserv receive` of a move mail, for each binary and in two
set-ups: "queue" with no smtp_url (the replies wait in the outbox for a
flush started apart) and "deliver" with smtp_url set to tests/smtpd.py
on loopback (receive delivers the two board mails itself).  After each
"queue" run its two board mails are delivered by a `flush` started
apart, counted too: handing delivery to another process, as Postfix
hands mail from one process to the next, costs the two together.  The
move mail carries alice's password (whose hash the set-up makes cheap);
then the same two set-ups with a reply to her board mail that carries
its token and no password ("token, queue", "token, deliver"), the way a
player answers a board mail.  Last,
a receive of an auto-reply (answered by nothing) with smtp_url set: a
run with nothing to deliver.  Each run
takes a board of its own, so every binary plays the same first move on
a board of the same spool.  For each it prints the total, the part
spent in the dynamic loader (the functions of ld-linux's object: mapping
the libraries, resolving symbols and relocating) and the part spent
before main (total minus main's inclusive cost: the loader and the
libraries' constructors), the median of --runs runs (default 3).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "stress"))
os.environ.setdefault("EPAMSERV_BIN", os.path.abspath("src/epamserv"))
os.environ.setdefault("EPAMSERV_SRCDIR", os.path.join(HERE, ".."))
os.environ.setdefault("EPAMSERV_TEMPLATES", os.path.join(HERE, "..", "templates"))
import stresslib as S  # noqa: E402
import harness  # noqa: E402

BIN = harness.BIN = os.environ["EPAMSERV_BIN"]
harness.TEMPLATES = os.environ["EPAMSERV_TEMPLATES"]
harness.SRCDIR = os.environ["EPAMSERV_SRCDIR"]


def annotate(out):
    """(total, in ld.so, inclusive of main) of a callgrind output file."""
    total = loader = in_main = 0
    with open(out) as f:
        for line in f:
            if line.startswith("summary:"):
                total = int(line.split()[1])
    p = subprocess.run(["callgrind_annotate", "--threshold=100",
                        "--inclusive=no", out], capture_output=True,
                       text=True)
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) >= 2 and "ld-linux" in line and f[0].replace(",", "").isdigit():
            loader += int(f[0].replace(",", ""))
    p = subprocess.run(["callgrind_annotate", "--threshold=100",
                        "--inclusive=yes", out], capture_output=True,
                       text=True)
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) >= 2 and f[0].replace(",", "").isdigit() and \
                any(w.endswith(":main") for w in f[1:]):
            in_main = max(in_main, int(f[0].replace(",", "")))
    return total, loader, in_main


def board_mail_ids(env, addr):
    """{board: Message-ID} of the last board mail to addr that the test
    server received (read from the headers alone)."""
    ids = {}
    d = env.server.maildir
    for name in sorted(os.listdir(d)):
        if name.startswith("."):
            continue
        with open(os.path.join(d, name), "rb") as f:
            head = f.read(8192).split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
        head = head.decode("utf-8", "replace").replace("\r\n", "\n")
        head = re.sub(r"\n[ \t]+", " ", head)
        fields = {}
        for line in head.split("\n"):
            k, _, v = line.partition(":")
            fields.setdefault(k.strip().lower(), []).append(v.strip())
        subject = " ".join(fields.get("subject", [""])[0].split())
        m = re.match(r"Epaminondas Board (\d+) \(", subject)
        to = " ".join(fields.get("x-envelope-to", []))
        if m and addr in to and fields.get("message-id"):
            ids[int(m.group(1))] = fields["message-id"][0]
    return ids


def one(env, binary, board, move, deliver, tag, token_of=None):
    """One receive of alice's first move on board, by password, or with
    token_of ({board: Message-ID}) a reply to her board mail that carries
    its token and no password."""
    out = os.path.join(env.root, "callgrind.%s" % tag)
    e = dict(env.env)
    if not deliver:
        e["EPAMSERV_SMTP_URL"] = ""
    if token_of is None:
        mail = harness.make_mail(S.ALICE[2], S.move_subject(board, 1, move))
    else:
        mid = token_of[board]
        mail = harness.make_mail(
            S.ALICE[2], "Re: Epaminondas Board %d (alice v bob)" % board,
            move + "\n", headers={"In-Reply-To": mid, "References": mid})
    p = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=" + out, binary, "receive"],
                       input=mail, env=e, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit("%s receive: exit %d: %s" % (binary, p.returncode,
                                               p.stderr[-2000:]))
    played = S.game_moves(env, board)
    if not played or played[0][1] != move:
        sys.exit("%s receive: the move on board %d was not played"
                 % (binary, board))
    res = annotate(out)
    if deliver:
        return res, None
    # The replies queued: delivered by a flush started apart (what
    # handing delivery to another process costs), counted alone.
    out = os.path.join(env.root, "callgrind.%s.flush" % tag)
    p = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=" + out, binary, "flush"],
                       env=env.env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit("%s flush: exit %d: %s" % (binary, p.returncode,
                                             p.stderr[-2000:]))
    return res, annotate(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--before", help="the binary before the change")
    ap.add_argument("--after", default=BIN, help="the binary after")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    print("# %s, %s, nproc %d" % (time.strftime("%Y-%m-%d"), os.uname().release,
                                  os.cpu_count()))
    bins = ([("before", a.before)] if a.before else []) + [("after", a.after)]
    t0 = time.monotonic()
    # Set up without a server (a batch delivering thousands of set-up
    # mails would outlast the harness's time-out), then the server, and
    # one flush of what the set-up queued, so that every measured run
    # delivers only its own mail.
    env = S.make_env(smtp=False)
    S.setup_boards(env, a.boards, env.root)
    env.server = harness.Server(env.root)
    env.env["EPAMSERV_SMTP_URL"] = env.server.url
    p = subprocess.run([a.after, "flush"], env=env.env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit("set-up flush: exit %d: %s" % (p.returncode, p.stderr[-2000:]))
    lines = S.move_lines(a.boards, 1, seed=9)
    # The board mails alice got from the set-up: a reply to one carries
    # its token (services/tokens.c), no password.
    token_of = board_mail_ids(env, S.ALICE[2])
    print("# set-up of %d boards: %.0f s" % (a.boards, time.monotonic() - t0))
    board = 101
    try:
        for how, deliver in (("queue", False), ("deliver", True),
                             ("token, queue", False),
                             ("token, deliver", True)):
            for name, binary in bins:
                res, flushes = [], []
                for r in range(a.runs):
                    got, flushed = one(env, binary, board,
                                       lines[board - 101][0], deliver,
                                       "%s.%s.%d" % (name, how.replace(
                                           ", ", "-"), r),
                                       token_of if "token" in how
                                       else None)
                    res.append(got)
                    if flushed:
                        flushes.append(flushed)
                    board += 1
                tot = statistics.median(x[0] for x in res)
                ld = statistics.median(x[1] for x in res)
                mn = statistics.median(x[2] for x in res)
                print("receive of a move mail, %s, %s: %.2f M instructions; "
                      "ld.so %.2f M (%.0f%%); before main %.2f M (%.0f%%)"
                      % (how, name, tot / 1e6,
                         ld / 1e6, 100 * ld / tot, (tot - mn) / 1e6,
                         100 * (tot - mn) / tot))
                if flushes:
                    ft = statistics.median(x[0] for x in flushes)
                    fl = statistics.median(x[1] for x in flushes)
                    print("  then `flush` apart (its two board mails), %s: "
                          "%.2f M instructions; ld.so %.2f M (%.0f%%); "
                          "receive and flush %.2f M"
                          % (name, ft / 1e6, fl / 1e6, 100 * fl / ft,
                             (tot + ft) / 1e6))
                sys.stdout.flush()
        # A mail that queues nothing (an auto-reply, never answered),
        # smtp_url set: nothing to deliver.
        for name, binary in bins:
            res = []
            for r in range(a.runs):
                out = os.path.join(env.root, "callgrind.%s.nothing.%d"
                                   % (name, r))
                mail = harness.make_mail(S.ALICE[2], "help", headers={
                    "Auto-Submitted": "auto-replied"})
                subprocess.run(["valgrind", "--tool=callgrind",
                                "--callgrind-out-file=" + out, binary,
                                "receive"], input=mail, env=env.env,
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                res.append(annotate(out))
            tot = statistics.median(x[0] for x in res)
            ld = statistics.median(x[1] for x in res)
            print("receive of an auto-reply (nothing sent), smtp_url set, "
                  "%s: %.2f M instructions; ld.so %.2f M (%.0f%%)"
                  % (name, tot / 1e6, ld / 1e6, 100 * ld / tot))
    finally:
        env.close()


if __name__ == "__main__":
    main()
