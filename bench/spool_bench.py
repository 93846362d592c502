#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Spool and delivery benchmarks (BENCHMARKS.md).  Programs, not tests:
each prints its figures and the ratio to a baseline measured in the same
run.  Run from a configured build directory (default -g -O2):

    make src/epamserv bench/baseline_fsync bench/naive_move
    /usr/bin/python3 ../bench/spool_bench.py [throughput|memory|smtp|receive|all]
        [--boards N] [--moves N] [--mails N,N,...] [--real-hash]
        [--server sink|python|both]
        [--instructions] [--jobs 1,2]

throughput  BOARDS x MOVES move mails (default 1,000 x 10) through one
            `epamserv batch --maildir`, full durability (every update
            journalled and fsync'ed, no SMTP), against bench/baseline_fsync
            (read each mail, fsync-write one small file) and
            bench/naive_move (read each mail, write and fsync three files
            of the sizes of a game file and two board mails: the durable
            work of a move done naively, issue 35) on the same mails;
            with --jobs 1,2 the batch once with each batch_jobs value,
            each on the same spool and mails (restored in between).
memory      peak resident size (/usr/bin/time -v) of one batch of each
            count of --mails (default 1,000, 10,000 and 100,000) move mails
            over the same --boards boards (default 1,000), set up once with
            -repetition=off and copied back before each batch; the players
            shuffle one stone back and forth (no rules engine needed), and
            every board's game file is checked to hold all its plies.  With
            --instructions, the batches of up to 10,000 mails also run under
            callgrind (instructions a mail).
smtp        `epamserv flush` of 1,000 queued mails over one connection
            against one `curl` process per mail, to the same server:
            Postfix's smtp-sink (/usr/sbin/smtp-sink, Debian's postfix
            package; skipped with a message saying how to install it
            without a running mail server when it is missing), or with
            --server python|both tests/smtpd.py (the Python server costs
            more per mail than either client); wall time and user + system
            CPU, and with --instructions callgrind's counts.
receive     one `epamserv receive` of a move mail, start to exit, median
            of 51 runs (and of a help mail).
compare     throughput of --before BIN and --after BIN (default the built
            one), alternately (before first in odd rounds, after first in
            even ones), --rounds times each (default 3), each on a
            spool it set up itself: the after/before ratio of each round and
            the median, and the after binary's peak RSS; with
            --instructions, also each binary's instructions for one batch
            of 200 mails under valgrind's callgrind (steady, unlike time);
            --rounds 0 --instructions gives the counts alone.
language    instructions (callgrind) of one batch of 200 move mails with
            both players English, then both German (language: de in
            their user files, the build's catalogue under po/):
            what a player's language costs a mail (issue 32).
The players' password hashes are made cheap (SHA-256-crypt, 1,000
rounds) unless --real-hash keeps the yescrypt hashes signup makes.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
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
BASELINE = os.path.abspath("bench/baseline_fsync")
NAIVE = os.path.abspath("bench/naive_move")


def timed(args, env):
    """(seconds, peak RSS KiB, exit status) of one process, the peak from
    /usr/bin/time -v (wait4 on a child forked by Python would count the
    forked Python's own pages).  Dirty pages left by the set-up are
    written out first (sync), so that neither program pays for them."""
    os.sync()
    t0 = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-v"] + args, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.monotonic() - t0
    rss = 0
    for line in p.stderr.decode("utf-8", "replace").splitlines():
        if "Maximum resident set size" in line:
            rss = int(line.split(":")[1])
    return took, rss, p.returncode


def setup(boards, real_hash, smtp=False, options=""):
    env = S.make_env(smtp=smtp)
    if real_hash:
        S.cheapen_passwords = lambda e: None
    S.setup_boards(env, boards, env.root, cheap=not real_hash, options=options)
    return env


def move_batch(env, boards, moves, name):
    lines = S.move_lines(boards, moves, seed=5)
    md = S.Maildir(os.path.join(env.root, name))
    for k in range(moves):
        for i in range(boards):
            md.add(harness.make_mail(S.player_of(k + 1)[2], S.move_subject(
                101 + i, k + 1, lines[i][k])))
    return md


def mean_sizes(spool):
    """The mean size in bytes of the spool's game files and of its
    outbox's mails (after the set-up: accepted boards, board mails)."""
    def mean(d, end):
        sizes = [os.path.getsize(os.path.join(d, f)) for f in os.listdir(d)
                 if f.endswith(end)] if os.path.isdir(d) else []
        return int(sum(sizes) / len(sizes)) if sizes else 4096
    return (mean(os.path.join(spool, "games", "epaminondas"), ".game"),
            mean(os.path.join(spool, "outbox"), ""))


def throughput(a):
    t0 = time.monotonic()
    env = setup(a.boards, a.real_hash)
    md = move_batch(env, a.boards, a.moves, "moves")
    n = a.boards * a.moves
    print("# set-up and %d legal moves from ref_rules.py: %.0f s"
          % (n, time.monotonic() - t0))
    copy = os.path.join(env.root, "baseline")
    shutil.copytree(md.path, copy)
    out = os.path.join(env.root, "baseline-out")
    os.makedirs(out)
    game, mail = mean_sizes(env.spool)
    naive_in = os.path.join(env.root, "naive")
    shutil.copytree(md.path, naive_in)
    naive_out = os.path.join(env.root, "naive-out")
    os.makedirs(naive_out)
    jobs = [j.strip() for j in a.jobs.split(",") if j.strip()]
    spool0 = os.path.join(env.root, "spool0")
    md0 = os.path.join(env.root, "moves0")
    if len(jobs) > 1:
        shutil.copytree(env.spool, spool0, symlinks=True)
        shutil.copytree(md.path, md0)
    print("# load average before: %.2f %.2f %.2f" % os.getloadavg())
    bt, brss, brc = timed([BASELINE, copy, out], env.env)
    nt, nrss, nrc = timed([NAIVE, naive_in, naive_out, str(game), str(mail)],
                          env.env)
    erss = 0
    for k, j in enumerate(jobs):
        if k:
            shutil.rmtree(env.spool)
            shutil.copytree(spool0, env.spool, symlinks=True)
            shutil.rmtree(md.path)
            shutil.copytree(md0, md.path)
        e = dict(env.env, EPAMSERV_BATCH_JOBS=j)
        et, erss, erc = timed([BIN, "batch", "--maildir", md.path], e)
        left = len(md.waiting())
        print("throughput: %d mails over %d boards: batch_jobs %s: batch "
              "%.1f s = %.0f mails/s (exit %d, %d left, peak RSS %.1f MiB); "
              "baseline %.2f s = %.0f mails/s; ratio %.3f; naive three "
              "files (%d and 2 x %d bytes) %.2f s = %.0f mails/s (exit %d); "
              "ratio %.3f"
              % (n, a.boards, j, et, n / et, erc, left, erss / 1024, bt,
                 n / bt, bt / et, game, mail, nt, n / nt, nrc, nt / et))
        rc, out = S.admin_check(env)
        print("# admin check exit %d" % rc)
    print("# load average after: %.2f %.2f %.2f" % os.getloadavg())
    env.close()
    return erss


def compare(a):
    """Throughput of two binaries, run alternately (before, after, before,
    ...), a.rounds times each, each on a spool set up by that binary: the
    ratio after/before of each pair and their median, and the after
    binary's peak RSS.  Only the batch is timed."""
    ratios, rss = [], []
    bins = [("before", os.path.abspath(a.before), a.before_templates),
            ("after", os.path.abspath(a.after), harness.TEMPLATES)]
    for r in range(a.rounds):
        rate = {}
        # ABBA: a run leaves the file system a little slower for the next
        # (deleted inodes to scan past), so neither binary always goes
        # second.
        for name, binary, templates in (bins if r % 2 == 0 else bins[::-1]):
            harness.BIN = binary
            env = S.make_env(smtp=False)
            env.env["EPAMSERV_TEMPLATES"] = templates
            S.setup_boards(env, a.boards, env.root, cheap=not a.real_hash,
                           before_issue_11=True)
            md = move_batch(env, a.boards, a.moves, "moves")
            n = a.boards * a.moves
            et, erss, erc = timed([binary, "batch", "--maildir", md.path],
                                  env.env)
            left = len(md.waiting())
            moved = sum(len(S.game_moves(env, 101 + i)) for i in range(a.boards))
            rate[name] = n / et
            print("compare round %d, %s: %d mails over %d boards in %.1f s = "
                  "%.0f mails/s (exit %d, %d left, %d moves in the files, peak "
                  "RSS %.2f MiB)" % (r + 1, name, n, a.boards, et, n / et, erc,
                                     left, moved, erss / 1024))
            if name == "after":
                rss.append(erss / 1024)
            env.close()
            sys.stdout.flush()
        ratios.append(rate["after"] / rate["before"])
        print("compare round %d: after/before %.3f" % (r + 1, ratios[-1]))
    harness.BIN = BIN
    if ratios:  # --rounds 0 with --instructions: the counts alone
        print("compare: after/before per round %s, median %.3f; peak RSS "
              "after %.2f MiB at most" % (", ".join("%.3f" % x for x in ratios),
                                          statistics.median(ratios), max(rss)))
    if a.instructions:
        compare_instructions(bins)


def compare_instructions(bins):
    """Instructions (valgrind callgrind, which counts the same whatever
    else the machine does) of one batch of 200 move mails over 50 boards,
    for each binary: the steady number behind the timed ratio."""
    total = {}
    for name, binary, templates in bins:
        harness.BIN = binary
        env = S.make_env(smtp=False)
        env.env["EPAMSERV_TEMPLATES"] = templates
        S.setup_boards(env, 50, env.root, before_issue_11=True)
        md = move_batch(env, 50, 4, "moves")
        total[name] = callgrind_batch(env, binary, md)
        print("instructions, %s: %d for 200 mails (%.2f M a mail)"
              % (name, total[name], total[name] / 200e6))
        env.close()
    harness.BIN = BIN
    print("instructions: after/before %.3f" % (total["after"] / total["before"]))


def callgrind_batch(env, binary, md):
    """Instructions of one `batch --maildir` of md under callgrind."""
    out = os.path.join(env.root, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file="
                    + out, binary, "batch", "--maildir", md.path],
                   env=env.env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(out) as f:
        return next(int(l.split()[1]) for l in f if l.startswith("summary:"))


def language(a):
    """Issue 32: a batch of 200 move mails to English players against the
    same batch to German ones, on the built binary (instructions)."""
    locale = os.path.abspath("po")
    if not os.path.exists(os.path.join(locale, "de", "LC_MESSAGES",
                                       "epamserv.mo")):
        sys.exit("language: po/de/LC_MESSAGES/epamserv.mo is not built "
                 "(configure with NLS)")
    total = {}
    for lang in ("en", "de"):
        env = S.make_env(smtp=False)
        env.env["EPAMSERV_LOCALEDIR"] = locale
        S.setup_boards(env, 50, env.root)
        if lang != "en":
            for who in (S.ALICE, S.BOB):
                with open(os.path.join(env.spool, "users", who[0]), "a") as f:
                    f.write("language: %s\n" % lang)
        md = move_batch(env, 50, 4, "moves")
        total[lang] = callgrind_batch(env, BIN, md)
        moved = sum(len(S.game_moves(env, 101 + i)) for i in range(50))
        outbox = os.path.join(env.spool, "outbox")
        mails = sorted(os.listdir(outbox))
        with open(os.path.join(outbox, mails[-1]), "rb") as f:
            last = f.read()
        print("language %s: %d instructions for 200 mails (%.2f M a mail), "
              "%d moves in the files, last mail %s" % (
                  lang, total[lang], total[lang] / 200e6, moved,
                  "German" if b"Content-Language: de" in last
                  or b"Partie" in last else "not German"))
        env.close()
    print("language: German/English %.3f" % (total["de"] / total["en"]))


SHUFFLE = ("e2-e3", "e11-e10", "e3-e2", "e10-e11")


def shuffle_batch(root, boards, moves, name):
    """A Maildir of boards x moves move mails in which each board's
    players shuffle one stone back and forth (e2-e3, e11-e10, e3-e2,
    e10-e11, ...): legal on a -repetition=off board up to the move cap
    (2,000 plies, RULES.md 8), so no rules engine is needed to choose
    them.  Mail k of every board comes before mail k + 1 of any."""
    md = S.Maildir(os.path.join(root, name))
    for k in range(1, moves + 1):
        for i in range(boards):
            md.add(harness.make_mail(S.player_of(k)[2], S.move_subject(
                101 + i, k, SHUFFLE[(k - 1) % 4])))
    return md


def plies_played(spool, boards):
    """{plies: number of boards} of the game files of boards 101, ..."""
    count = {}
    for i in range(boards):
        path = os.path.join(spool, "games", "epaminondas", "%d.game" % (101 + i))
        with open(path) as f:
            n = sum(1 for line in f if line.startswith("move: "))
        count[n] = count.get(n, 0) + 1
    return count


def memory(a):
    """Peak RSS (/usr/bin/time -v) of one `batch --maildir` of each count
    of --mails move mails over the same --boards boards: the boards are
    set up once (-repetition=off) and the spool copied back before each
    batch.  Every mail must be played: each board's game file must hold
    mails / boards plies afterwards.  With --instructions, the batches
    of at most 10,000 mails also run under callgrind (on a fresh copy)."""
    counts = [1000] if a.what == "all" else [int(n) for n in a.mails.split(",")]
    boards = a.boards
    if any(n % boards for n in counts) or max(counts) // boards > 1999:
        sys.exit("memory: every count of --mails must be a multiple of "
                 "--boards, under 2,000 a board")
    t0 = time.monotonic()
    env = setup(boards, a.real_hash, options="-repetition=off")
    snapshot = os.path.join(env.root, "spool-set-up")
    shutil.copytree(env.spool, snapshot, symlinks=True)
    print("# set-up of %d boards (-repetition=off): %.0f s"
          % (boards, time.monotonic() - t0))
    rows = []
    for n in counts:
        moves = n // boards
        for run in (("time",) + (("callgrind",) if a.instructions and
                                 n <= 10000 else ())):
            shutil.rmtree(env.spool)
            shutil.copytree(snapshot, env.spool, symlinks=True)
            mdname = "moves-%d-%s" % (n, run)
            md = shuffle_batch(env.root, boards, moves, mdname)
            load = os.getloadavg()[0]
            if run == "time":
                et, erss, erc = timed([BIN, "batch", "--maildir", md.path],
                                      env.env)
            else:
                ins = callgrind_batch(env, BIN, md)
            left = len(md.waiting())
            plies = plies_played(env.spool, boards)
            played = plies == {moves: boards}
            if run == "time":
                print("memory: %d mails over %d boards: peak RSS %.2f MiB "
                      "(%d KiB), %.1f s (exit %d), load %.1f to %.1f; %d left "
                      "in new/; plies in the game files %s: %s"
                      % (n, boards, erss / 1024, erss, et, erc, load,
                         os.getloadavg()[0], left, plies,
                         "all played" if played else "NOT ALL PLAYED"))
                rows.append((n, erss, played))
            else:
                print("instructions: %d mails over %d boards: %d (%.3f M a "
                      "mail); %d left; plies %s: %s"
                      % (n, boards, ins, ins / n / 1e6, left, plies,
                         "all played" if played else "NOT ALL PLAYED"))
            sys.stdout.flush()
            shutil.rmtree(md.path)
    if len(rows) > 1:
        low = min(r[1] for r in rows)
        high = max(r[1] for r in rows)
        print("memory: peak RSS %.2f to %.2f MiB over %s mails (spread %.1f%%)"
              % (low / 1024, high / 1024, ", ".join(str(r[0]) for r in rows),
                 (high - low) * 100.0 / low))
    env.close()


SMTP_SINK = "/usr/sbin/smtp-sink"
SINK_INSTALL = ('echo "postfix postfix/main_mailer_type select No configuration"'
                ' | debconf-set-selections; DEBIAN_FRONTEND=noninteractive '
                'apt-get install -y postfix')


class Sink:
    """Postfix's smtp-sink (Debian's postfix package) on a free loopback
    port: answers every command at once, keeps nothing, and counts the
    sessions and messages it saw (-c: "sess=N quit=N mesg=N" on its
    standard output, written to ROOT/sink.out).  A C server costs the
    client's side next to nothing, so a delivery benchmark measures the
    client, not the Python test server."""

    def __init__(self, root):
        import socket
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        args = [SMTP_SINK, "-c"]
        if os.geteuid() == 0:  # it refuses to run as root without -u
            args += ["-u", "nobody"]
        args += ["127.0.0.1:%d" % self.port, "256"]
        self.log = os.path.join(root, "sink.out")
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(args, stdout=out,
                                         stderr=subprocess.STDOUT)
        self.url = "smtp://127.0.0.1:%d" % self.port
        # Ready once it greets: returns as soon as it listens.
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 1) as c:
                    if c.recv(100).startswith(b"220"):
                        break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                sys.exit("smtp-sink did not start: see %s" % self.log)
            time.sleep(0.01)

    def counts(self):
        """{"sess": N, "quit": N, "mesg": N} as last shown."""
        with open(self.log, "rb") as f:
            text = f.read().decode("ascii", "replace")
        last = [t for t in text.replace("\r", "\n").split("\n")
                if "mesg=" in t]
        if not last:
            return {"sess": 0, "quit": 0, "mesg": 0}
        return {k: int(v) for k, v in
                (w.split("=") for w in last[-1].split())}

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def queue_mails(env, n):
    """n mails of 40 lines queued in the spool's outbox (as epamserv
    queues them) and the same mails as plain files for curl: [(file,
    recipient)]."""
    outbox = os.path.join(env.spool, "outbox")
    os.makedirs(outbox, exist_ok=True)
    files = []
    for i in range(n):
        msg = harness.make_mail("epamserv@games.example", "Board %d" % i,
                                "line\n" * 40, msgid="<bench.%d@games.example>" % i)
        name = os.path.join(outbox, "%010d.000000000-bench-%02d.eml" % (1, i))
        with open(name, "wb") as f:
            f.write(b"Envelope-From: <epamserv@games.example>\r\n"
                    b"Envelope-To: <player%d@example.org>\r\n" % i + msg)
        plain = os.path.join(env.root, "plain-%d.eml" % i)
        with open(plain, "wb") as f:
            f.write(msg)
        files.append((plain, "player%d@example.org" % i))
    return files


def cpu_of(time_v):
    """User + system seconds from /usr/bin/time -v's report."""
    cpu = 0.0
    for line in time_v.splitlines():
        line = line.strip()
        if line.startswith(("User time (seconds):", "System time (seconds):")):
            cpu += float(line.split(":")[1])
    return cpu


def instructions_of(args, env, root):
    """Instructions of one process under valgrind's callgrind (the same
    whatever else the machine does)."""
    out = os.path.join(root, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file="
                    + out] + args, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    with open(out) as f:
        n = next(int(l.split()[1]) for l in f if l.startswith("summary:"))
    os.unlink(out)
    return n


def smtp(a):
    """`epamserv flush` of 1,000 queued mails (one connection) against one
    curl process per mail, both to the same server: Postfix's smtp-sink
    (default), or tests/smtpd.py (--server python, which the figure was
    once measured against; --server both runs both in one run).  Wall
    time, user + system CPU and, with --instructions, callgrind's count
    of flush and of one curl."""
    servers = ["sink", "python"] if a.server == "both" else [a.server]
    if "sink" in servers and not os.access(SMTP_SINK, os.X_OK):
        print("smtp: skipped: %s is not installed.  It is in Debian's "
              "postfix package; to install it without a mail server "
              "running: %s" % (SMTP_SINK, SINK_INSTALL))
        return
    n = 1000
    for which in servers:
        env = S.make_env(smtp=(which == "python"))
        sink = Sink(env.root) if which == "sink" else None
        url = sink.url if sink else env.server.url
        env.env["EPAMSERV_SMTP_URL"] = url

        def received():
            return sink.counts()["mesg"] if sink else len(env.server.messages())

        def sessions():
            return sink.counts()["sess"] if sink else None

        files = queue_mails(env, n)
        outbox = os.path.join(env.spool, "outbox")
        os.sync()
        t0 = time.monotonic()
        p = subprocess.run(["/usr/bin/time", "-v", BIN, "flush"], env=env.env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        ft = time.monotonic() - t0
        fcpu = cpu_of(p.stderr.decode("utf-8", "replace"))
        got, sess = received(), sessions()
        left = len([f for f in os.listdir(outbox) if f.endswith(".eml")])
        r0 = os.times()
        t0 = time.monotonic()
        for plain, rcpt in files:
            subprocess.run(["curl", "-s", "--url", url, "--mail-from",
                            "epamserv@games.example", "--mail-rcpt", rcpt,
                            "--upload-file", plain], check=True)
        ct = time.monotonic() - t0
        r1 = os.times()
        ccpu = (r1.children_user - r0.children_user +
                r1.children_system - r0.children_system)
        got2 = received() - got
        name = "smtp-sink" if sink else "tests/smtpd.py"
        print("smtp (%s): %d mails: epamserv flush %.2f s wall, %.2f s CPU "
              "(exit %d, %d received%s, %d left); curl per mail %.2f s wall, "
              "%.2f s CPU (%d received); ratio wall %.1f, CPU %.1f"
              % (name, n, ft, fcpu, p.returncode, got,
                 " in %d session(s)" % sess if sess is not None else "",
                 left, ct, ccpu, got2, ct / ft, ccpu / fcpu if fcpu else 0))
        if a.instructions:
            queue_mails(env, n)
            fi = instructions_of([BIN, "flush"], env.env, env.root)
            plain, rcpt = files[0]
            ci = instructions_of(["curl", "-s", "--url", url, "--mail-from",
                                  "epamserv@games.example", "--mail-rcpt",
                                  rcpt, "--upload-file", plain],
                                 env.env, env.root)
            print("smtp (%s): instructions: flush of %d mails %.1f M "
                  "(%.2f M a mail); one curl %.2f M; ratio %.1f"
                  % (name, n, fi / 1e6, fi / n / 1e6, ci / 1e6,
                     ci * n / fi))
        sys.stdout.flush()
        if sink:
            sink.stop()
        env.close()


def receive(a):
    env = setup(60, a.real_hash)
    lines = S.move_lines(60, 1, seed=9)
    times, helps = [], []
    for i in range(51):
        mail = harness.make_mail(S.ALICE[2], S.move_subject(101 + i, 1, lines[i][0]))
        t0 = time.monotonic()
        p = subprocess.run([BIN, "receive"], input=mail, env=env.env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.monotonic() - t0)
        assert p.returncode == 0
        mail = harness.make_mail(S.BOB[2], "help")
        t0 = time.monotonic()
        subprocess.run([BIN, "receive"], input=mail, env=env.env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        helps.append(time.monotonic() - t0)
    print("receive: move mail median %.1f ms (min %.1f, max %.1f) over 51 "
          "runs; help mail median %.1f ms; %s hashes"
          % (statistics.median(times) * 1000, min(times) * 1000,
             max(times) * 1000, statistics.median(helps) * 1000,
             "yescrypt" if a.real_hash else "cheap"))
    env.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", nargs="?", default="all")
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=10)
    ap.add_argument("--mails", default="1000,10000,100000",
                    help="memory: the batches' sizes (multiples of --boards)")
    ap.add_argument("--real-hash", action="store_true")
    ap.add_argument("--before", help="compare: the binary before the change")
    ap.add_argument("--before-templates", help="compare: its templates",
                    default=harness.TEMPLATES)
    ap.add_argument("--after", default=BIN, help="compare: the binary after")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", default="1",
                    help="throughput: batch_jobs values, comma-separated "
                    "(\"1,2\": the batch once with each, on the same "
                    "spool and mails)")
    ap.add_argument("--instructions", action="store_true",
                    help="compare, smtp, memory: also count instructions "
                    "(callgrind)")
    ap.add_argument("--server", choices=("sink", "python", "both"),
                    default="sink", help="smtp: the server (default sink: "
                    "Postfix's smtp-sink)")
    a = ap.parse_args()
    print("# %s, %s, nproc %d" % (time.strftime("%Y-%m-%d"), os.uname().release,
                                  os.cpu_count()))
    if a.what == "compare":
        compare(a)
        return
    if a.what == "language":
        language(a)
        return
    for name, fn in (("throughput", throughput), ("memory", memory),
                     ("smtp", smtp), ("receive", receive)):
        if a.what in (name, "all"):
            fn(a)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
