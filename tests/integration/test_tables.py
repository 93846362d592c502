#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 31 item 2: the hand-written lists of commands agree with the
tables they copy.  The mail commands of README and of epamserv(1)'s
MAIL COMMANDS against the command table (src/commands/table.c): every verb
that is not hidden, each of its forms and each other word for it is
listed, and every command listed is in the table.  The operator
subcommands of epamserv(1)'s COMMANDS against `epamserv --help` (made
from src/cli/subcmds.c), and the admin commands of COMMANDS against
`epamserv admin --help` (made from admin.c's table), both ways.  Each
check is also run on a copy with a deliberate drift and must fail."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, SRCDIR, ok, is_, done  # noqa: E402

# Words a list names as a command that are no command of the table:
# "multiple" is a subject the mail pipeline reads (process.c).
NOT_IN_TABLE = {"multiple"}
GAME_WORDS = ("epaminondas", "crossings", "GAME")


# -- the command table, read from table.c ------------------------------

def c_fields(entry):
    """The top-level fields of one initialiser "{ ... }" of C: each a
    list of string literals (concatenated) or the field's text."""
    fields, cur, strings, i = [], "", [], 0
    while i < len(entry):
        ch = entry[i]
        if ch == '"':
            j = i + 1
            while entry[j] != '"':
                j += 2 if entry[j] == "\\" else 1
            strings.append(entry[i + 1:j].encode().decode("unicode_escape"))
            i = j + 1
            continue
        if ch == "/" and entry.startswith("/*", i):
            i = entry.index("*/", i) + 2
            continue
        if ch == ",":
            fields.append("".join(strings) if strings else cur.strip())
            cur, strings = "", []
        else:
            cur += ch
        i += 1
    if cur.strip() or strings:
        fields.append("".join(strings) if strings else cur.strip())
    return fields


def table_commands():
    """(verb, aliases, scope, forms) of each entry of cmd_table: scope a
    set of "A" (alone), "G" (after a game's name), "H" (hidden); forms a
    list of the arguments of each form."""
    with open(os.path.join(SRCDIR, "src", "commands", "table.c")) as f:
        src = f.read()
    german = german_words(src)
    body = src[src.index("const struct cmd_def cmd_table[] = {"):]
    body = body[body.index("{") + 1:body.index("\n};")]
    out, depth, start, i = [], 0, None, 0
    while i < len(body):
        ch = body[i]
        if ch == '"':           # strings may hold braces
            i += 1
            while body[i] != '"':
                i += 2 if body[i] == "\\" else 1
        elif ch == "{":
            depth += 1
            start = i + 1 if depth == 1 else start
        elif ch == "}":
            depth -= 1
            if depth == 0:
                f = c_fields(body[start:i])
                if f[0] != "NULL":
                    forms = [x for x in f[3].split("\n")
                             if x and not x.startswith(" ")]
                    out.append((f[0], f[1].split() + german.get(f[0], []),
                                set(re.findall(r"[AGH]", f[2])),
                                forms or [""]))
        i += 1
    return out


def german_words(src):
    """The German words of table.c's cmdt_de (issue 32), by verb: other
    words for their verbs, listed like the aliases."""
    body = src[src.index("} cmdt_de[] = {"):]
    body = body[:body.index("\n};")]
    out = {}
    for word, verb in re.findall(r'\{ "(\w+)", "(\w+)" \}', body):
        out.setdefault(verb, []).append(word)
    return out


# -- the lists in the documents ----------------------------------------

def readme_list():
    """README's list of commands: the usage part of each line, and the
    whole text of the list."""
    with open(os.path.join(SRCDIR, "README")) as f:
        lines = f.read().split("\n")
    k = next(i for i, l in enumerate(lines) if l.startswith("Commands (send"))
    out, text = [], []
    for line in lines[k + 1:]:
        if line and not line.startswith(" "):
            break
        text.append(line)
        if not re.match(r"^    \S", line):
            continue
        usage = re.split(r"\s{2,}", line[4:])[0]
        if len(usage) > 44 and len(line) > 48 and line[47] == " ":
            usage = line[4:47]      # a description one blank after it
        out.append(" ".join(usage.split()))
    return out, "\n".join(text)


FONT_MACROS = {".B", ".I", ".BI", ".IB", ".BR", ".RB", ".IR", ".RI"}


def troff_args(rest):
    """The arguments of a request line, as troff splits them."""
    args, cur, quoted, have, i = [], "", False, False, 0
    while i < len(rest):
        ch = rest[i]
        if ch == "\\" and i + 1 < len(rest):
            cur += rest[i:i + 2]
            have = True
            i += 2
            continue
        if ch == '"':
            quoted, have = not quoted, True
        elif ch in " \t" and not quoted:
            if have:
                args.append(cur)
            cur, have = "", False
        else:
            cur, have = cur + ch, True
        i += 1
    if have:
        args.append(cur)
    return args


def troff_text(line):
    """The text a line of a manual shows (the font requests' arguments
    joined as troff joins them: the alternating ones without a blank),
    or None for another request."""
    if line.startswith("."):
        macro, _, rest = line.partition(" ")
        if macro not in FONT_MACROS:
            return None
        text = (" " if macro in (".B", ".I") else "").join(troff_args(rest))
    else:
        text = line
    text = re.sub(r"\\f(\[[^]]*\]|.)", "", text)
    text = text.replace("\\-", "-").replace("\\ ", " ").replace("\\&", "")
    return " ".join(text.split())


def man_items(section):
    """The tag of each .TP and .TQ item of a section of epamserv(1),
    and the section's text."""
    with open(os.path.join(SRCDIR, "man", "epamserv.1")) as f:
        lines = f.read().split("\n")
    a = lines.index(".SH " + section)
    b = next(i for i in range(a + 1, len(lines))
             if lines[i].startswith(".SH "))
    return [t for i in range(a, b - 1) if lines[i] in (".TP", ".TQ")
            for t in [troff_text(lines[i + 1])] if t], \
        "\n".join(lines[a:b])


# -- the checks: each returns what disagrees ---------------------------

def split_usage(line):
    """(prefix, verbs, words) of a usage line: prefix the game word or
    "", verbs the alternatives of its command word, words those after
    it (brackets, bars and "..." taken apart)."""
    words = line.split()
    prefix = words.pop(0) if words and words[0] in GAME_WORDS else ""
    verbs = words.pop(0).split("|") if words else []
    rest = re.split(r"[\s|\[\]]+", " ".join(words).replace("...", " "))
    return prefix, verbs, [w for w in rest if w]


def form_key(form):
    """The words that tell a form from the others, as alternatives: its
    first word outside brackets, not an option (-x) nor a comment in
    parentheses, that has a lower-case alternative ("password",
    "join|leave", "UNTIL|off"), else its first such word at all
    ("BOARD", "USERID")."""
    depth, words = 0, []
    for w in re.sub(r"\(.*?\)", "", form).split():
        starts = depth == 0 and not w.startswith("[")
        depth += w.count("[") - w.count("]")
        if starts and not w.startswith("-"):
            w = re.sub(r"\[.*$", "", w).replace("...", "")
            words.append([a for a in w.split("|") if a])
    for alts in words:
        if any(a.islower() for a in alts):
            return alts
    return words[0] if words else []


def missing_from(usages, text, table):
    """What of the table a list lacks: each non-hidden verb (written
    alone or after a game word, as its scope allows), each form's key
    words on a line of that verb; each other word for a verb somewhere
    in the list's text."""
    lines = [split_usage(u) for u in usages]
    problems = []
    for verb, aliases, scope, forms in table:
        if "H" in scope:
            continue
        mine = [(p, w) for p, vs, w in lines if verb in vs and
                ((p and "G" in scope) or (not p and "A" in scope))]
        if not mine:
            problems.append("no line for %s (%s)" % (verb, "".join(
                sorted(scope))))
            continue
        for form in forms:
            for key in form_key(form):
                if not any(key in w for p, w in mine):
                    problems.append("%s: no line with '%s' (form '%s')"
                                    % (verb, key, form))
        for a in aliases:
            if not re.search(r"\b%s\b" % re.escape(a), text):
                problems.append("%s: its other word %s is not named"
                                % (verb, a))
    return problems


def unknown_in(usages, table):
    """Every command a list names that the table does not have (in the
    scope the line is written in)."""
    known = {}
    for verb, aliases, scope, forms in table:
        for w in [verb] + aliases:
            known.setdefault(w, set()).update(scope)
    problems = []
    for u in usages:
        p, verbs, words = split_usage(u)
        for v in verbs:
            if v in NOT_IN_TABLE and not p:
                continue
            if v not in known or ("G" if p else "A") not in known[v] and \
                    "H" not in known[v]:
                problems.append("'%s' lists %s, not in the table" % (u, v))
    return problems


def mail_command_lines(items):
    """The items of MAIL COMMANDS's list of commands, from "help" on
    (those above are the quoting rules and the forms a token takes)
    that are commands: after a game word, or a lower-case word followed
    by an upper-case argument, a bracket or nothing (not the time
    controls' items below the list)."""
    items = items[next(i for i, t in enumerate(items)
                       if t.startswith("help ")):]
    return [t for t in items if t.split()[0] in GAME_WORDS or
            re.match(r"^[a-z]+( [a-z]+)?( [A-Z\[]|$)", t) and
            "," not in t and ":" not in t]


def subcommands_of(usage):
    """The subcommands `epamserv --help` lists (after "commands:")."""
    body = usage.split("commands:\n", 1)[1]
    return {m.group(1) for m in re.finditer(r"^  ([a-z]+)", body, re.M)}


def admin_commands_of(usage):
    """The admin commands `epamserv admin --help` lists."""
    body = usage.split("usage: epamserv admin", 1)[1].split("(see", 1)[0]
    return {part.split()[0] for part in re.split(r" \|\s", body)
            if part.strip()}


def disagree(name, listed, documented):
    """What is in one set and not the other, as sentences."""
    out = ["%s lists %s, epamserv(1) has no entry for it" % (name, w)
           for w in sorted(listed - documented)]
    out += ["epamserv(1) has %s, which %s does not list" % (w, name)
            for w in sorted(documented - listed)]
    return out


def same_commands(what, name, listed, documented, one):
    """The commands name lists (listed, more than 10) are those
    epamserv(1) documents; and the check fails when one of them is
    missing on either side, or one more is there."""
    ok(len(listed) > 10, "%s lists the %s" % (name, what), listed)
    is_(disagree(name, listed, documented), [],
        "epamserv(1) has an entry for each of the %s, and no other" % what)
    ok(disagree(name, listed - {one}, documented) != [] and
       disagree(name, listed | {"frob"}, documented) != [],
       "one of the %s missing on either side fails the check" % what)


table = table_commands()
with open(os.path.join(SRCDIR, "src", "commands", "table.c")) as f:
    german_words_all = {w for ws in german_words(f.read()).values()
                        for w in ws}
ok(len(german_words_all) >= 5 and "zug" in german_words_all,
   "the German words are read from table.c", german_words_all)
ok(len(table) > 30 and ("league", [], {"G"}, ["join|leave USERID PASSWORD",
                                             "show"]) in table,
   "the command table is read from table.c", table)

readme, readme_text = readme_list()
items, man_text = man_items("MAIL COMMANDS")
man_mail = mail_command_lines(items)
ok(len(readme) > 40 and len(man_mail) > 40,
   "README's and epamserv(1)'s lists of mail commands are read",
   (readme, man_mail))
for doc, usages, text in (("README", readme, readme_text),
                          ("epamserv(1)", man_mail, man_text)):
    is_(missing_from(usages, text, table), [],
        "%s lists every mail command of the table, each form and each "
        "other word" % doc)
    is_(unknown_in(usages, table), [],
        "every mail command %s lists is in the table" % doc)

# Deliberate drifts: each check fails on them.
drift = [u for u in readme if "notify" not in u]
ok(any("no line for notify" in p
       for p in missing_from(drift, readme_text, table)),
   "a README without notify fails the check")
drift = [u for u in man_mail if "web on|off" not in u]
ok(any("'web'" in p for p in missing_from(drift, man_text, table)),
   "a manual without the form 'set ... web on|off' fails the check")
ok(any("analyze" in p for p in missing_from(
    readme, readme_text.replace("analyze", "analyse"), table)),
   "a README without the other word analyze fails the check")
ok(any("zug" in p for p in missing_from(
    readme, readme_text.replace("zug", "move"), table)),
   "a README without the German word zug fails the check")
with open(os.path.join(SRCDIR, "templates", "de", "help.txt")) as f:
    de_help = f.read()
is_(sorted(w for w in german_words_all
            if not re.search(r"\b%s\b" % w, de_help)),
    [], "the German help (templates/de/help.txt) names every German word")
is_(sorted(w for w in german_words_all
           if not re.search(r"\b%s\b" % w, readme_text)
           or not re.search(r"\b%s\b" % w, man_text)),
    [], "README and epamserv(1) name every German word, commands or not")
drift = readme + ["epaminondas frobnicate BOARD USERID PASSWORD"]
ok(unknown_in(drift, table) != [],
   "a README listing a command the table lacks fails the check")
drift = readme + ["seeks USERID"]
ok(unknown_in(drift, table) != [],
   "a README listing a game command without its game fails the check")

env = Env()
try:
    rc, out, err = env.run("--help")
    is_(rc, 0, "epamserv --help exits 0")
    man_cmds = man_items("COMMANDS")[0]
    same_commands("subcommands", "epamserv --help", subcommands_of(out),
                  {t.split()[0] for t in man_cmds
                   if re.match(r"^[a-z]+( |$)", t)}, "web")
    rc, out, err = env.run("admin", "--help")
    is_(rc, 0, "epamserv admin --help exits 0")
    same_commands("admin commands", "epamserv admin --help",
                  admin_commands_of(out),
                  {t.split()[1] for t in man_cmds if t.startswith("admin ")},
                  "journal")
finally:
    env.close()
done()
