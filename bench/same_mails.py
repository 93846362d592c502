#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The same mails from two binaries (BENCHMARKS.md "Issue 35: composing
the board mails").  A program, not a test.  Run from a configured build
directory (its po/ gives the German catalogue):

    make src/epamserv
    /usr/bin/python3 ../bench/same_mails.py --before BIN [--after BIN]

Plays the same scripted games on each binary, each in a spool of its
own: three players (carol German, without HTML, and watching board 101;
bob with his own side at the bottom; alice with the board in words),
three boards, moves by password and by replies carrying the board's
token, refused moves, a draw offered and rejected, a resignation, show
and help.  getrandom(2) is made a fixed sequence (an LD_PRELOAD library
compiled here with cc) and the clock is fixed (EPAMSERV_NOW, a step a
mail), so that tokens, boundaries and Message-IDs come out the same.
Every mail queued is compared byte for byte, in the order queued; exit
0 when all are the same.
"""
import argparse
import collections
import email
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "stress"))
os.environ.setdefault("EPAMSERV_BIN", os.path.abspath("src/epamserv"))
os.environ.setdefault("EPAMSERV_SRCDIR", os.path.join(HERE, ".."))
os.environ.setdefault("EPAMSERV_TEMPLATES", os.path.join(HERE, "..", "templates"))
import stresslib as S  # noqa: E402
import harness  # noqa: E402

harness.TEMPLATES = os.environ["EPAMSERV_TEMPLATES"]
harness.SRCDIR = os.environ["EPAMSERV_SRCDIR"]
A, B, C = "alice@example.org", "bob@example.net", "carol@example.com"

FIXED_RANDOM = r"""
#include <stddef.h>
#include <sys/types.h>
static unsigned long long x = 0x9E3779B97F4A7C15ull;
ssize_t getrandom(void *buf, size_t n, unsigned int flags)
{
	unsigned char *p = buf;
	size_t i;
	(void)flags;
	for (i = 0; i < n; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		p[i] = (unsigned char)(x >> 24);
	}
	return (ssize_t)n;
}
int getentropy(void *buf, size_t n)
{
	return getrandom(buf, n, 0) == (ssize_t)n ? 0 : -1;
}
"""


def fixed_random(root):
    """The LD_PRELOAD library that fixes getrandom(2), built in root."""
    src, lib = os.path.join(root, "fixedrand.c"), os.path.join(root, "fixedrand.so")
    with open(src, "w") as f:
        f.write(FIXED_RANDOM)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", lib, src], check=True)
    return lib


def play(binary, preload):
    """Every mail binary queues in the script, in order."""
    harness.BIN = binary
    env = harness.Env(smtp=False)
    env.env["LD_PRELOAD"] = preload
    env.env["EPAMSERV_RATE_LIMIT"] = "1000000"
    env.env["EPAMSERV_CHALLENGES_PER_DAY"] = "0"
    out, step = [], [0]

    def send(sender, subject, body="", headers=None):
        step[0] += 1
        env.env["EPAMSERV_NOW"] = str(1796600000 + step[0] * 900)
        env.receive(harness.make_mail(sender, subject, body, headers=headers,
                                      msgid="<s%04d@test.example>" % step[0]))
        got, d = [], os.path.join(env.spool, "outbox")
        for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if name.endswith(".eml"):
                with open(os.path.join(d, name), "rb") as f:
                    got.append(f.read())
                os.unlink(os.path.join(d, name))
        out.extend(got)
        return got

    def subject(m):
        return " ".join(str(email.message_from_bytes(m)["Subject"]).split())

    def reply(addr, got, body):
        """A reply to addr's board mail among got: its token proves him."""
        for m in got:
            e = email.message_from_bytes(m)
            if addr in (e["Envelope-To"] or "") and " Board " in subject(m):
                return send(addr, "Re: " + subject(m), body, headers={
                    "In-Reply-To": e["Message-ID"],
                    "References": e["Message-ID"]})
        raise SystemExit("%s: no board mail to %s to reply to" % (binary, addr))

    players = ((A, "alice", "Pass-a1"), (B, "bob", "Pass-b2"),
               (C, "carol", "Pass-c3"))
    for addr, user, password in players:
        got = send(addr, "signup %s %s" % (user, password))
        send(addr, "Re: " + [subject(m) for m in got
                             if subject(m).startswith("confirm ")][-1], "yes")
    send(C, "set carol Pass-c3 language de")
    send(B, "set bob Pass-b2 orientation own")
    send(C, "set carol Pass-c3 html off")
    send(A, "epaminondas challenge alice bob by alice Pass-a1")
    send(B, "epaminondas accept 101 bob Pass-b2")
    send(C, "epaminondas challenge carol alice by carol Pass-c3")
    send(A, "epaminondas accept 102 alice Pass-a1")
    send(A, "epaminondas challenge alice carol -size=8x8 by alice Pass-a1")
    send(C, "epaminondas accept 103 carol Pass-c3")
    send(C, "epaminondas subscribe 101 carol Pass-c3")
    send(A, "set alice Pass-a1 board list")
    moves = S.move_lines(1, 12, seed=9)[0]
    send(B, "epaminondas move 101 bob Pass-b2 %s" % moves[0])   # not his turn
    send(A, "epaminondas move 101 alice Pass-a1 a1-a9")          # not legal
    got = send(A, "epaminondas move 101 alice Pass-a1 %s" % moves[0])
    for i, move in enumerate(moves[1:10]):
        who = B if i % 2 == 0 else A
        if i % 3 == 2:  # now and then by password, else by the token
            user = ("bob", "Pass-b2") if who == B else ("alice", "Pass-a1")
            got = send(who, "epaminondas move 101 %s %s %s" % (user + (move,)))
        else:
            got = reply(who, got, move)
    reply(A, got, "propose")
    send(A, "epaminondas move 101 alice Pass-a1 reject")
    send(B, "epaminondas move 101 bob Pass-b2 reject")
    moves = S.move_lines(2, 6, seed=4)[1]
    got = send(C, "epaminondas move 102 carol Pass-c3 %s" % moves[0])
    for i, move in enumerate(moves[1:]):
        got = reply(A if i % 2 == 0 else C, got, move)
    send(A, "epaminondas resign 102 alice Pass-a1")
    send(A, "epaminondas show alice")
    send(C, "help move")
    env.close()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", default=os.environ["EPAMSERV_BIN"])
    a = ap.parse_args()
    root = tempfile.mkdtemp(prefix="epamserv-same-")
    try:
        preload = fixed_random(root)
        old = play(os.path.abspath(a.before), preload)
        new = play(os.path.abspath(a.after), preload)
    finally:
        subprocess.run(["rm", "-rf", root])
    kinds = collections.Counter()
    for m in new:
        for k in ("quoted-printable", "7bit"):
            kinds[k] += m.count(b"Content-Transfer-Encoding: " + k.encode())
        kinds["html"] += m.count(b"Content-Type: text/html")
    print("mails: before %d (%d bytes), after %d (%d bytes); parts of the "
          "after mails: %d quoted-printable, %d 7bit, %d text/html"
          % (len(old), sum(map(len, old)), len(new), sum(map(len, new)),
             kinds["quoted-printable"], kinds["7bit"], kinds["html"]))
    for i, (x, y) in enumerate(zip(old, new)):
        if x != y:
            print("mail %d differs:\n--- before\n%s\n--- after\n%s"
                  % (i + 1, x[:2000].decode("utf-8", "replace"),
                     y[:2000].decode("utf-8", "replace")))
            return 1
    if len(old) != len(new):
        print("not as many mails")
        return 1
    print("identical byte for byte")
    return 0


if __name__ == "__main__":
    sys.exit(main())
