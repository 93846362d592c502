# SPDX-License-Identifier: GPL-3.0-or-later
"""What the tournament and league tests share (issue 17): times, mail
bodies with LF line ends, players' addresses, and the tournament file
SPOOL/tournaments/NAME with its board lines."""
import calendar
import os
import re

from harness import body_of as raw_body_of


def at(y, mo, d, h=0, mi=0):
    """A UTC time as seconds since the epoch."""
    return calendar.timegm((y, mo, d, h, mi, 0))


def body_of(msg):
    """The text part of msg with LF line ends."""
    return raw_body_of(msg).replace("\r\n", "\n")


def addr(u):
    return "%s@example.org" % u


def tfile(env, name):
    """SPOOL/tournaments/NAME's text, or None when there is none."""
    p = os.path.join(env.spool, "tournaments", name)
    if not os.path.exists(p):
        return None
    with open(p) as f:
        return f.read()


def boards_of(env, name):
    """The board lines of tournament NAME: (round, white, black, number)
    tuples, in file order."""
    return [(int(r), w, b, int(n)) for r, w, b, n in
            re.findall(r"^board: (\d+) (\S+) (\S+) (\d+)$",
                       tfile(env, name) or "", re.M)]


def play(env, n, w, b, res, tick):
    """Ends board n (White w, Black b) by mail as res: 'W' or 'B' (the
    loser resigns) or '=' (w proposes a draw, b accepts); tick() moves
    the clock on before each mail.  Returns (rc, stderr) of the last."""
    tick()
    if res == "=":
        env.mail(addr(w), "epaminondas move %d %s %s propose" % (n, w, w[0]))
        env.new_messages()
        tick()
        return env.mail(addr(b), "epaminondas move %d %s %s accept"
                        % (n, b, b[0]))
    loser = b if res == "W" else w
    return env.mail(addr(loser), "epaminondas resign %d %s %s"
                    % (n, loser, loser[0]))


class Clock:
    """EPAMSERV_NOW for env, from 2026-12-01 12:00 UTC; tick() moves it
    on a minute (each mail of a game at its own time)."""

    def __init__(self, env):
        self.env = env
        self.t = calendar.timegm((2026, 12, 1, 12, 0, 0))
        env.env["EPAMSERV_NOW"] = str(self.t)

    def tick(self):
        self.t += 60
        self.env.env["EPAMSERV_NOW"] = str(self.t)


def create_started(env, clock, name, players, options):
    """players (their accounts made here; the first organises) create
    tournament name with options, all join, and the organiser starts
    it.  Returns [(rc, stderr) of create, of start] and the start's
    messages."""
    env.players(*players)
    env.new_messages()
    org = players[0]
    made = env.mail(addr(org), "epaminondas tournament create %s %s %s %s"
                    % (name, org, org[0], options))
    for u in players[1:]:
        env.mail(addr(u), "epaminondas tournament join %s %s %s"
                 % (name, u, u[0]))
    env.new_messages()
    clock.tick()
    started = env.mail(addr(org), "epaminondas tournament start %s %s %s"
                       % (name, org, org[0]))
    return [made, started], env.new_messages()
