#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 31 item 2: every challenge option is read the same way, with one
or two dashes and its name and value in any case, by challenge, seek,
preview, tournament and think (before, -Observers=off, --observers=off
and -observers=OFF were refused while -Rated=NO worked); errors list
every option, settings included; and the copies of the option list (the
rules' own, the usage of perft, think and match, the help texts of both
games and the challenge form) agree with the table, src/game/options.c."""
import atexit
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, SRCDIR, Env, ok, is_, contains, done, body_of


def read(*path):
    with open(os.path.join(SRCDIR, *path)) as f:
        return f.read()


# The table: { "name", KIND, "values" or NULL, FLAGS, ...
src = read("src", "game", "options.c")
table = re.findall(r'^\t\{ "(\w+)", (RULE|SETTING), (?:"([^"]*)"|NULL), '
                   r'(\w+),', src, re.M)
listed = [(n, k, v) for n, k, v, f in table if "HIDDEN" not in f]
helped = [n for n, k, v, f in table if f == "0"]
ok(len(listed) >= 12, "the table lists the options", table)


def form(n, v):
    return "-%s=%s" % (n, v) if v else "-" + n


# Every option at once, in two spellings: one dash, the name capitalised
# and the value upper case; two dashes, the name upper case.
sample = [("size", "8x8"), ("block", "c5"), ("symmetry", "off"),
          ("repetition", "draw"), ("rules", "igfip"), ("crossed", "stay"),
          ("frozen", None), ("capture", "line"), ("observers", "off"),
          ("rated", "no"), ("time", "3d"), ("timeout", "claim")]
is_(sorted(n for n, _ in sample), sorted(n for n, _, _ in listed),
    "the sample names every option of the table")
spellings = [
    " ".join("-" + n.capitalize() + ("=" + v.upper() if v else "")
             for n, v in sample),
    " ".join("--" + n.upper() + ("=" + v if v else "") for n, v in sample),
]
rules_only = [" ".join(w for w in s.split()
                       if w.lstrip("-").split("=")[0].lower() not in
                       ("observers", "rated", "time", "timeout"))
              for s in spellings]

env = Env()
atexit.register(env.close)   # the SMTP server stops whatever happens
env.env["EPAMSERV_SEEK_MAX"] = "10"
env.players("alice", "bob")
env.new_messages()
A = "alice@example.org"
for i, words in enumerate(spellings):
    board = 101 + 2 * i
    rc, err = env.mail(A, "epaminondas challenge alice bob %s by alice a"
                       % words)
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    ok(rc == 0 and "not carried out" not in text,
       "challenge takes %s" % words, text[:800])
    gf = env.game_file(board) or ""
    contains(gf, "options: -size=8x8 -capture=line -crossed=stay "
             "-symmetry=off -repetition=draw -rules=igfip -block=c5",
             "the board has the rules asked for (%d)" % board)
    contains(gf, "observers: off", "and no observers (%d)" % board)
    contains(text, "Time control: 3 days a move; when the time is out, "
             "the opponent may\nclaim the game.",
             "and the clock asked for (%d)" % board)
    rc, err = env.mail(A, "epaminondas seek alice a %s" % words)
    msgs = env.new_messages()
    ok(rc == 0 and msgs and "your seek is open" in str(msgs[0]["Subject"]),
       "seek takes them", msgs and body_of(msgs[0])[:800])
    rc, err = env.mail(A, "epaminondas preview new %s a2-a3" % words)
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    ok(rc == 0 and msgs and "not carried out" not in text,
       "preview takes them", text[:800])
    rc, err = env.mail(A, "epaminondas tournament create t%d alice a "
                       "-format=roundrobin %s" % (i, words))
    msgs = env.new_messages()
    ok(rc == 0 and msgs and "created" in str(msgs[0]["Subject"]),
       "tournament create takes them", msgs and body_of(msgs[0])[:800])

# The errors list every option.
forms = ", ".join(form(n, v) for n, _, v in listed)
for words, why in (("-bogus=1", "unknown option -bogus"),
                   ("--Observers", "-observers needs a value"),
                   ("-observers=maybe", "-observers is on or off, not 'maybe'")):
    rc, err = env.mail(A, "epaminondas challenge alice bob %s by alice a"
                       % words)
    msgs = env.new_messages()
    text = " ".join(body_of(msgs[0]).split()) if msgs else ""
    contains(text, why, "%s is refused" % words)
    if "maybe" not in words:
        contains(text, "(options: %s)" % forms,
                 "%s: the reply lists every option" % words)


def run(*args):
    p = subprocess.run([BIN] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


# think: the rules in both spellings; a setting, in any case, refused.
for words in rules_only:
    rc, out, err = run("think", "--depth", "1", *words.split())
    ok(rc == 0 and "move:" in out, "think takes %s" % words, out + err)
for w in ("--Rated=no", "-OBSERVERS=off", "-Time=3d"):
    rc, out, err = run("think", "--depth", "1", w)
    ok(rc == 64 and "is a game setting, not a rule" in err,
       "think refuses the setting %s" % w, err)

# The copies: the rules' own list, the usage lines, the help texts.
rc, out, err = run("think", "-bogus=1")
rule_forms = ", ".join(form(n, v) for n, k, v in listed if k == "RULE")
contains(err, "(options: %s)" % rule_forms,
         "the rules engine's list is the table's rules")
for cmd in ("perft", "think", "match"):
    rc, out, err = run(cmd, "--help")
    for n, k, v in listed:
        if k == "RULE":
            ok(re.search(r"(^|\s)-%s(=|\s|$)" % n, out),
               "%s --help names -%s" % (cmd, n), out)
for name in ("epaminondas-help.txt", "crossings-help.txt"):
    text = read("templates", name)
    part = text[text.index("\nOPTIONS"):]
    end = part.find("\n\n", 1)
    part = part[:end] if end > 0 else part
    for n in helped:
        ok(re.search(r"(^|\s|\()-%s(=|\s|$)" % n, part),
           "the OPTIONS of %s name -%s" % (name, n), part)
    for n in re.findall(r"(?:^|\s|\()-(\w+)", part):
        ok(n in [x for x, _, _ in listed], "-%s of %s is in the table"
           % (n, name))
table_c = read("src", "commands", "table.c")
challenge = table_c[table_c.index('{ "challenge", "", G,'):]
challenge = challenge[:challenge.index("\n\t{ ")]
for n in helped:
    ok(re.search(r"-%s(=|\\n|\s)" % n, challenge),
       "the challenge form names -%s" % n, challenge)
done()
