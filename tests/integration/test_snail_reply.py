#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 item 2, by a real mail client: Debian's s-nail replies to a
board mail and the move it carries below the quote is played.

s-nail (the `mail` of Debian 12) is run in batch mode (-#) on an mbox
holding the board mail, with `reply 1`, the player's lines, and `~.`;
its transport is a script that keeps the mail it would send, which is
then fed to `epamserv receive` as it was written.  Two quoting styles:

- Debian's /etc/s-nail.rc ("set quote", indentprefix "> "): the
  attribution "epamserv <ADDR> wrote:", the board mail quoted with "> ",
  the player's text below it (bottom-posting).
- s-nail's own defaults (-n: no system file; "set quote" given), whose
  indentprefix is a tab: the quote is indented by a tab, which is read
  as quoted too (quoting.c).  Before the fix this reply was refused as
  "no move in it": the attribution had no quoted line under it, so the
  rest was taken for an unquoted original.

Each reply must name the board mail in In-Reply-To (the reply token is
in its Message-ID, threadid.h): s-nail writes it, and the move is
played with no userid or password."""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, contains, done, body_of, by_recipient  # noqa: E402

SNAIL = "/usr/bin/s-nail"
A, B = "alice@example.org", "bob@example.org"


def snail_reply(env, m, sender, lines, debian):
    """The mail s-nail writes as sender's reply to m, lines below the
    quote; debian: read Debian's /etc/s-nail.rc, else s-nail's own
    defaults with quoting on."""
    work = os.path.join(env.root, "snail")
    shutil.rmtree(work, True)
    os.makedirs(work)
    box, out = os.path.join(work, "mbox"), os.path.join(work, "out.eml")
    mta = os.path.join(work, "mta.sh")
    with open(box, "wb") as f:
        f.write(b"From epamserv@games.example Sun Dec  6 10:00:00 2026\n")
        f.write(bytes(m).replace(b"\r\n", b"\n"))
        f.write(b"\n")
    with open(mta, "w") as f:
        f.write("#!/bin/sh\ncat > '%s'\n" % out)
    os.chmod(mta, 0o755)
    args = [SNAIL, "-#", "-N", "-Sv15-compat", "-Smta=" + mta,
            "-Sfrom=" + sender]
    if not debian:
        args += ["-n", "-Squote"]
    e = dict(os.environ, HOME=work, MAILRC="/dev/null", LC_ALL="C.UTF-8")
    p = subprocess.run(args + ["-f", box], env=e, timeout=60,
                       input=("reply 1\n" + "\n".join(lines) +
                              "\n~.\nquit\n").encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    raw = open(out, "rb").read() if os.path.exists(out) else b""
    return p.returncode, raw, p.stderr.decode(errors="replace")


def moves(env):
    return [l.split()[2] for l in (env.game_file(101) or "").splitlines()
            if l.startswith("move: ")]


env = Env()
try:
    ok(os.access(SNAIL, os.X_OK), "s-nail is installed at %s "
       "(scripts/deps-debian.sh)" % SNAIL)
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    env.new_messages()
    env.mail(A, "epaminondas move 101 alice a d2-d3")
    last = by_recipient(env.new_messages())

    for who, addr, move, words, debian in (
            ("bob", B, "d11-d10", "Your turn, alice.", True),
            ("alice", A, "e2-e3", "Thanks, bob.", False)):
        style = "Debian's s-nail.rc" if debian else "s-nail's own defaults"
        m = last.get(addr, [None])[-1]
        rc, raw, err = snail_reply(env, m, addr, ["", move, "", words],
                                   debian) if m is not None else (1, b"", "")
        text = raw.decode("utf-8", "replace")
        ok(rc == 0 and "In-Reply-To: <epamserv." in text and
           move in text.split("\n\n", 1)[-1],
           "%s: s-nail writes a reply naming the board mail, the move "
           "below the quote" % style, (rc, err[-500:], text[:600]))
        quote = "\n> " if debian else "\n\t"
        ok(quote + "Epaminondas board 101" in text,
           "%s: the board mail is quoted with %r" % (style, quote[1:]),
           text[:600])
        before = len(moves(env))
        rc, err = env.receive(raw)
        ok(rc == 0 and moves(env)[before:] == [move],
           "%s: %s's bottom-posted %s is played" % (style, who, move),
           (err[-800:], moves(env)))
        last = by_recipient(env.new_messages())
        other = A if addr == B else B
        got = last.get(other, [None])[-1]
        body = body_of(got) if got is not None else ""
        contains(body, words, "%s: the words below the move reach the "
                 "other player" % style)
        ok("> Epaminondas board" not in body and
           "\tEpaminondas board" not in body and "wrote:" not in body,
           "%s: nothing of the quote or the attribution is relayed"
           % style, body[:600])
finally:
    env.close()
done()
