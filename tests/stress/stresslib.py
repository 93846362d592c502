# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared helpers of the stress tests (tests/stress/): a spool with two
players and many accepted boards, legal move sequences chosen by the
rules reference (tests/reference/ref_rules.py), Maildirs for
`epamserv batch --maildir`, and the Message-IDs epamserv gives its
replies (epamserv.<first 16 hex digits of the mail's key>.<n>.<tag>@domain,
src/commands/board/reply.c and src/spool/secret.c), so that a test can tell which
mail a reply answers.

Quick mode by default; EPAMSERV_STRESS_FULL=1 selects the full sizes
(for the benchmark record, not for make check).
"""
import base64
import hashlib
import hmac
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import harness  # noqa: E402
import ref_rules  # noqa: E402

FULL = os.environ.get("EPAMSERV_STRESS_FULL", "") not in ("", "0")
ALICE = ("alice", "Pass-a1", "alice@example.org")   # White on every board
BOB = ("bob", "Pass-b2", "bob@example.net")          # Black on every board
DOMAIN = "games.example"


def mask_token_hashes(game):
    """A game file with the salted hashes of its reply tokens (new ones
    with every update) masked, for comparing two runs."""
    return re.sub(r"(?m)^(token: \S+ \S+) .*$", r"\1 HASH", game or "")


def key_prefix(message_id):
    """The first 16 hex digits of util_digest_hex(Message-ID without <>),
    as src/util/util.c computes them: FNV-1a 64, xor the length."""
    a = 0xcbf29ce484222325
    data = message_id.strip("<>").encode()
    for byte in data:
        a = ((a ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    a ^= len(data)
    return "%016x" % a


def message_id_tag(spool, base, rcpt):
    """The tag src/spool/secret.c puts after BASE in a Message-ID: the
    first 10 base32 characters (lower case) of HMAC-SHA256 under the
    spool's secret of BASE, a NUL and the lower-cased recipient."""
    with open(os.path.join(spool, "secret"), "rb") as f:
        key = f.read()
    mac = hmac.new(key, base.encode() + b"\0" + rcpt.lower().encode(),
                   hashlib.sha256).digest()
    return base64.b32encode(mac[:8]).decode().lower()[:10]


def reply_id(message_id, n, rcpt, spool):
    """The Message-ID of the nth mail (from 0) that answers message_id,
    sent to rcpt, in spool."""
    base = "epamserv.%s.%d" % (key_prefix(message_id), n)
    return "%s.%s@%s" % (base, message_id_tag(spool, base, rcpt), DOMAIN)


def reply_id_in(ids, message_id, n, rcpt, spool):
    """The Message-ID among ids of the nth mail (from 0) that answers
    message_id, sent to rcpt, in spool: "epamserv.KEY.N" and, since issue
    30, what the mail is about (".board.epaminondas.101.TOKEN", made from
    the reply token: src/services/threadid.h), then the tag of all that for
    rcpt.  The ID of the old form (reply_id) when none is found."""
    head = "epamserv.%s.%d" % (key_prefix(message_id), n)
    for mid in sorted(ids):
        local = mid.rsplit("@", 1)[0]
        base, _, tag = local.rpartition(".")
        if (base == head or base.startswith(head + ".")) and \
                tag == message_id_tag(spool, base, rcpt):
            return mid
    return reply_id(message_id, n, rcpt, spool)


def move_lines(count, length, seed, width=14, height=12):
    """count legal move sequences of length moves each from the opening,
    chosen at random among quiet moves (no capture, no crossing) so that
    no game ends early."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        position = ref_rules.opening(width, height)
        line = []
        for _ in range(length):
            info = ref_rules.move_info(position)
            quiet = [m[0] for m in info if not m[1] and not m[2]]
            move = rng.choice(quiet or [m[0] for m in info])
            line.append(move)
            position = ref_rules.play(position, move)
        lines.append(line)
    return lines


def move_subject(board, number, move):
    player = ALICE if number % 2 == 1 else BOB
    return "epaminondas move %d %s %s %s#%d" % (board, player[0], player[1],
                                                move, number)


def player_of(number):
    return ALICE if number % 2 == 1 else BOB


class Maildir:
    """A Maildir (new/, cur/, tmp/) whose mails batch takes in name order
    (all share one modification time)."""

    def __init__(self, path):
        self.path = path
        for d in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(path, d), exist_ok=True)
        self.n = 0
        self.stamp = int(time.time() * 1e9)

    def add(self, data):
        self.n += 1
        name = "%08d.stress" % self.n
        tmp = os.path.join(self.path, "tmp", name)
        with open(tmp, "wb") as f:
            f.write(data)
        os.utime(tmp, ns=(self.stamp, self.stamp))
        os.rename(tmp, os.path.join(self.path, "new", name))
        return name

    def waiting(self):
        return sorted(os.listdir(os.path.join(self.path, "new")))


def make_env(smtp=True):
    env = harness.Env(smtp=smtp)
    # Two players send every mail: the limits are raised, not turned off.
    env.env["EPAMSERV_RATE_LIMIT"] = "1000000"
    return env


def game_moves(env, board):
    """[(number, move, message-id)] of a board's game file."""
    out = []
    for line in (env.game_file(board) or "").splitlines():
        if line.startswith("move: "):
            f = line.split()
            out.append((int(f[1]), f[2], f[4] if len(f) > 4 else ""))
    return out


def cheapen_passwords(env):
    """Replace the players' yescrypt hashes by SHA-256-crypt with 1,000
    rounds: a password check then costs well under a millisecond instead
    of tens, so that the stress tests spend their time in the spool.  Done
    while no epamserv runs; any crypt(3) hash is accepted by the check."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import crypt
    for userid, password, _ in (ALICE, BOB):
        path = os.path.join(env.spool, "users", userid)
        with open(path) as f:
            text = f.read()
        cheap = crypt.crypt(password, "$5$rounds=1000$stresstestsalt$")
        text = re.sub(r"(?m)^password: .*$", "password: " + cheap, text)
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.chmod(path + ".tmp", 0o640)  # as epamserv writes it
        os.rename(path + ".tmp", path)


def setup_boards(env, count, root, cheap=True, before_issue_11=False,
                 options=""):
    """Sign up alice and bob and start count boards (101, 102, ...) of the
    default 14x12 game, alice White, all accepted, in batch runs (with
    before_issue_11, a binary that sends no confirmation requests is let
    be); options (e.g. "-repetition=off") are the challenge's options;
    with cheap, the password hashes are made cheap (cheapen_passwords).
    Returns the board numbers, or raises RuntimeError."""
    md = Maildir(os.path.join(root, "setup-signup"))
    md.add(harness.make_mail(ALICE[2], "signup %s %s" % ALICE[:2]))
    md.add(harness.make_mail(BOB[2], "signup %s %s" % BOB[:2]))
    rc, _, err = env.run("batch", "--maildir", md.path)
    if rc != 0 or md.waiting():
        raise RuntimeError("signup batch: exit %d: %s" % (rc, err[-2000:]))
    # Each player answers the confirmation request (its subject kept).
    # (A binary from before issue 11, which benchmarks compare with,
    # sends none and takes unsigned challenges: setup_boards serves both.)
    md = Maildir(os.path.join(root, "setup-confirm"))
    for who in (ALICE, BOB):
        subjects = env.confirm_requests(who[2])
        if subjects:
            md.add(harness.make_mail(who[2], "Re: " + subjects[-1], "yes"))
    confirmed = len(md.waiting()) == 2
    if not confirmed and not before_issue_11:
        raise RuntimeError("no confirmation requests went out")
    rc, _, err = env.run("batch", "--maildir", md.path)
    if rc != 0 or md.waiting():
        raise RuntimeError("confirm batch: exit %d: %s" % (rc, err[-2000:]))
    if cheap:
        cheapen_passwords(env)
    md = Maildir(os.path.join(root, "setup-boards"))
    for _ in range(count):
        md.add(harness.make_mail(ALICE[2], "epaminondas challenge alice bob" +
                                 (" " + options if options else "") +
                                 (" by %s %s" % ALICE[:2] if confirmed else "")))
    boards = list(range(101, 101 + count))
    for b in boards:
        md.add(harness.make_mail(BOB[2], "epaminondas accept %d %s %s"
                                 % (b, BOB[0], BOB[1])))
    # Many challenges from alice to bob in a day: past the five one
    # player may send another (issue 29) unless the limit is off.
    rc, _, err = env.run("batch", "--maildir", md.path,
                         env={"EPAMSERV_CHALLENGES_PER_DAY": "0"})
    if rc != 0 or md.waiting():
        raise RuntimeError("setup batch: exit %d, %d mails left: %s"
                           % (rc, len(md.waiting()), err[-2000:]))
    for b in boards:
        if "result: active" not in (env.game_file(b) or ""):
            raise RuntimeError("setup: board %d is not active:\n%s"
                               % (b, env.game_file(b)))
    return boards


def setup_or_fail(env, count, root):
    """setup_boards, or a failing TAP line and the end of the test."""
    try:
        return setup_boards(env, count, root)
    except RuntimeError as e:
        harness.ok(False, "the spool is set up (%d boards)" % count, str(e))
        env.close()
        harness.done()


def outbox_mails(spool):
    """{name: (message-id, envelope-to, subject)} of SPOOL/outbox."""
    out = {}
    d = os.path.join(spool, "outbox")
    for name in sorted(os.listdir(d)):
        if not name.endswith(".eml"):
            continue
        with open(os.path.join(d, name), "rb") as f:
            text = f.read().decode("utf-8", "replace")
        head = text.split("\r\n\r\n", 1)[0]
        mid = re.search(r"^Message-ID: <([^>]*)>", head, re.M)
        to = re.search(r"^Envelope-To: <([^>]*)>", head, re.M)
        subj = re.search(r"^Subject: (.*)$", head, re.M)
        out[name] = (mid.group(1) if mid else None, to.group(1) if to else None,
                     subj.group(1).strip() if subj else None)
    return out


def admin_check(env):
    rc, out, err = env.run("admin", "check")
    return rc, (out + err)[-3000:]


def wait_all(procs, deadline):
    """Wait for every Popen until the monotonic deadline; returns the ones
    still running (killed)."""
    late = []
    for p in procs:
        left = deadline - time.monotonic()
        try:
            p.wait(timeout=max(left, 0.01))
        except subprocess.TimeoutExpired:
            late.append(p)
    for p in late:
        p.kill()
        p.wait()
    return late


def same_trees(one, two, what, ok):
    """Check with ok() that two spools' files, as {relpath: bytes} maps
    (a test's tree()), are the same files with the same contents; what
    names the two runs in the messages."""
    only = sorted(set(one) ^ set(two))
    ok(not only, "%s: both runs wrote the same files" % what,
       "differ: %r" % only[:10])
    differ = [k for k in sorted(set(one) & set(two)) if one[k] != two[k]]
    ok(not differ, "%s: every file is the same after both runs" % what,
       "differ: %r\n%s" % (differ[:5], "\n".join(
           "--- %s\n%s\n+++\n%s" % (k, one[k][:1500], two[k][:1500])
           for k in differ[:2])))


class Replayable:
    """A spool copy base and a Maildir src the fault tests run a batch
    over again and again: fresh() puts both back (spool and md), batch(
    extra_env) runs `epamserv batch --maildir md` and gives (exit
    status, stderr), filed() the names of the mails in md/cur."""

    def __init__(self, env, base, src, md):
        self.env, self.base, self.src, self.md = env, base, src, md

    def fresh(self):
        import shutil
        shutil.rmtree(self.env.spool)
        shutil.copytree(self.base, self.env.spool, symlinks=True)
        shutil.rmtree(self.md, ignore_errors=True)
        shutil.copytree(self.src, self.md)

    def batch(self, extra):
        e = dict(self.env.env)
        e.update(extra)
        p = subprocess.run([harness.BIN, "batch", "--maildir", self.md],
                           env=e, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
        return p.returncode, p.stderr.decode("utf-8", "replace")

    def filed(self):
        return sorted(n.split(":")[0]
                      for n in os.listdir(os.path.join(self.md, "cur")))
