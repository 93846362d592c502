#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""NEWS (issue 33 item 2) cannot drift from the code.  NEWS is there (in a
clone and in the release tarball: make distcheck runs this test from
it), its releases are headed in GNU's form, newest first, and the
README's Documentation list names it.  Every setting NEWS names (written
`NAME = VALUE`, or `NAME` in backquotes when the name holds an
underscore) is a key of the binary's table (`epamserv config`); every
`epamserv SUBCOMMAND` and `epamserv admin COMMAND` it names is one the
binary lists in --help; every mail command it names (`epaminondas WORD
...`, or `WORD USERID|BOARD|WHITE|...`) is a word of the command table
(src/commands/table.c).  And every key, subcommand and admin command
added since the commit the first release's notes start from (18a434f,
whose lists are below) is named in NEWS, so a new one needs its line."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, SRCDIR, ok, is_, done

# What 18a434f knew: the keys of its conf.c, the subcommands of its
# main.c and the admin commands of its admin.c.
OLD_KEYS = {
    "spool", "smtp_url", "from", "templates", "lock_timeout",
    "batch_group", "max_mail_size", "smtp_tls", "smtp_user",
    "smtp_password_file", "smtp_ca_file", "imap_user",
    "imap_password_file", "imap_ca_file", "smtp_ehlo",
    "smtp_connect_timeout", "smtp_timeout", "rate_limit", "remind_days",
    "forfeit_days", "challenge_days", "archive_days", "retry_days",
}
OLD_SUBCOMMANDS = {"receive", "outbox", "flush", "batch", "bounces",
                   "sweep", "admin", "config", "perft", "moves"}
OLD_ADMIN = {"list", "show", "check", "user", "outbox", "result",
             "bounces"}

HEADING = re.compile(r"^\* Noteworthy changes in release "
                     r"(\d+)\.(\d+)\.(\d+) \((unreleased|\d{4}-\d\d-\d\d)\)$",
                     re.M)


def settings_named(text):
    """The settings a NEWS text names: `NAME = ...` and `NAME_WITH_UNDERSCORE`
    in backquotes (a backquoted span may run over a line end)."""
    spans = re.findall(r"`([^`]*)`", text)
    out = set()
    for s in spans:
        m = re.match(r"\s*([a-z][a-z0-9_]*) =", s)
        if m:
            out.add(m.group(1))
        elif re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)+", s.strip()):
            out.add(s.strip())
    return out


def subcommands_named(text):
    """The `epamserv WORD` a NEWS text names, and the `epamserv admin WORD`
    (two sets)."""
    spans = re.findall(r"`([^`]*)`", text)
    subs, admin = set(), set()
    for s in spans:
        m = re.match(r"\s*epamserv\s+([a-z]+)(?:\s+([a-z]+))?", s)
        if m:
            subs.add(m.group(1))
            if m.group(1) == "admin" and m.group(2):
                admin.add(m.group(2))
    return subs, admin


def table_words():
    """The command words of the mail command table: each entry's verb and
    its other words."""
    with open(os.path.join(SRCDIR, "src", "commands", "table.c")) as f:
        src = f.read()
    body = src[src.index("const struct cmd_def cmd_table[] = {"):]
    words = set()
    for verb, other in re.findall(r'^\t\{ "([a-z]+)", "([^"]*)"', body, re.M):
        words.add(verb)
        words.update(w for w in re.split(r"[ ,|]+", other) if w)
    return words


def mail_commands_named(text):
    """The mail command words a NEWS text names: the word after
    `epaminondas`, and the first word of a span such as `limit USERID
    ...` or `set ... X` (a lower-case word before an argument)."""
    out = set()
    for s in re.findall(r"`([^`]*)`", text):
        s = " ".join(s.split())
        m = re.match(r"epaminondas ([a-z]+)", s)
        if m:
            out.add(m.group(1))
            continue
        m = re.match(r"([a-z]+) (USERID|BOARD|WHITE|\.\.\.)", s)
        if m:
            out.add(m.group(1))
    return out


def drift(text, keys, subs, admin):
    """What is wrong with a NEWS text against the binary's keys,
    subcommands and admin commands, as sentences (empty: nothing)."""
    named = settings_named(text)
    nsubs, nadmin = subcommands_named(text)
    out = ["NEWS names the setting %s, which epamserv does not know" % k
           for k in sorted(named - keys)]
    out += ["NEWS names the subcommand %s, which epamserv does not know" % s
            for s in sorted(nsubs - subs)]
    out += ["NEWS names the admin command %s, which epamserv does not know"
            % a for a in sorted(nadmin - admin)]
    out += ["NEWS names the mail command %s, which the command table "
            "does not have" % w
            for w in sorted(mail_commands_named(text) - WORDS)]
    out += ["the setting %s is new since 18a434f and NEWS does not name it"
            % k for k in sorted(keys - OLD_KEYS - named)]
    out += ["the subcommand %s is new since 18a434f and NEWS does not name "
            "it" % s for s in sorted(subs - OLD_SUBCOMMANDS - nsubs)]
    out += ["the admin command %s is new since 18a434f and NEWS does not "
            "name it" % a for a in sorted(admin - OLD_ADMIN - nadmin)]
    return out


def run(*args):
    """The exit status and standard output of the binary for args, in
    English, with no EPAMSERV_ variable (and no configuration file but
    for --help, which takes no option before it)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("EPAMSERV_") and
           k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["LC_ALL"] = "C"
    pre = [] if args[0] == "--help" else ["--config", "/dev/null"]
    p = subprocess.run([BIN] + pre + list(args), env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout


WORDS = table_words()
ok(len(WORDS) > 30, "the command table's words are read", len(WORDS))
path = os.path.join(SRCDIR, "NEWS")
ok(os.path.isfile(path), "NEWS is there")
if not os.path.isfile(path):
    done()
with open(path, encoding="utf-8") as f:
    news = f.read()

releases = HEADING.findall(news)
ok(len(releases) >= 1, "NEWS heads a release in GNU's form", releases)
versions = [tuple(int(n) for n in r[:3]) for r in releases]
is_(versions, sorted(versions, reverse=True), "newest release first")
is_([r for r in releases[1:] if r[3] == "unreleased"], [],
    "only the newest release may be unreleased")
is_([n for n, line in enumerate(news.split("\n"), 1) if len(line) > 72], [],
    "no line of NEWS is over 72 columns")

with open(os.path.join(SRCDIR, "README"), encoding="utf-8") as f:
    readme = f.read()
docs = readme.split("\nDocumentation\n-------------\n", 1)[-1]
docs = docs.split("\n\n", 1)[0]
ok(re.search(r"^- NEWS: ", docs, re.M), "the README's Documentation lists "
   "NEWS", docs)

rc, out = run("config")
keys = set(re.findall(r"^(\w+) = ", out, re.M))
ok(rc == 0 and len(keys) > 60, "epamserv config prints the keys", rc)
rc, out = run("--help")
subs = {m for m in re.findall(r"^  ([a-z]+)",
                              out.split("commands:\n", 1)[-1], re.M)}
ok(rc == 0 and len(subs) > 10, "epamserv --help lists the subcommands", subs)
rc, out = run("admin", "--help")
body = out.split("usage: epamserv admin", 1)[-1].split("(see", 1)[0]
admin = {part.split()[0] for part in re.split(r" \|\s", body) if part.strip()}
ok(rc == 0 and len(admin) > 10, "epamserv admin --help lists the admin "
   "commands", admin)

named = settings_named(news)
nsubs, nadmin = subcommands_named(news)
ok(len(named) > 40 and len(nsubs) > 8 and len(nadmin) > 8 and
   len(mail_commands_named(news)) > 10,
   "NEWS names settings, subcommands, admin commands and mail commands",
   (len(named), len(nsubs), len(nadmin), mail_commands_named(news)))
is_(drift(news, keys, subs, admin), [],
    "NEWS names only what epamserv knows, and everything added since "
    "18a434f")

# The check fails on each kind of drift.
for bad, what in (("`frob_days = 3`", "an unknown setting"),
                  ("`frob_days`", "an unknown setting, bare"),
                  ("`epamserv frob`", "an unknown subcommand"),
                  ("`epamserv admin frob`", "an unknown admin command"),
                  ("`epaminondas frob BOARD`", "an unknown mail command"),
                  ("`frob USERID PASSWORD`", "an unknown mail command, "
                   "bare")):
    ok(drift(news + "\n" + bad + "\n", keys, subs, admin) != [],
       "NEWS naming %s fails the check" % what)
for k in sorted(keys - OLD_KEYS)[:1]:
    cut = re.sub(r"`\s*%s(\s*=[^`]*)?`" % k, "`x`", news)
    ok(drift(cut, keys, subs, admin) != [],
       "NEWS leaving out a new setting (%s) fails the check" % k)
ok(drift(news, keys, subs | {"frob"}, admin) != [] and
   drift(news, keys, subs, admin | {"frob"}) != [],
   "a new subcommand or admin command NEWS does not name fails the check")
done()
