#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 item 4, help that matches the server: "help" lists every
command of the command table (src/commands/table.c), league included; "help
time" and "help clock" explain every time control with examples that
are played as written; the welcome names the help on clocks,
tournaments, the league and robots; no mail cites RULES.md, and every
"help TOPIC" a mail or template cites is answered; a mail carrying
another player's words keeps the game's subject (no " **" to explain:
item 3) and has the words in its body; a draw offer shows both answers by
reply and by command, and a reply "accept" accepts it; a tournament
tied on first place says so and how the tie was broken."""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, SRCDIR, ok, is_, contains, done, body_of, \
    by_recipient  # noqa: E402
from tourney import Clock, boards_of, create_started, addr  # noqa: E402

# Words after "help" in a cited string that are not topics ("help on
# move", "help takes one topic", "help in ...").
NOT_TOPICS = {"on", "takes", "in"}


def flat(text):
    return " ".join(text.split())


def table_commands():
    """(verb, aliases, scope) of each entry of the command table, read
    from table.c: scope holds A (alone), G (after a game's name), H
    (hidden: a pbmserv word answered with what to use)."""
    with open(os.path.join(SRCDIR, "src", "commands", "table.c")) as f:
        src = f.read()
    body = src[src.index("const struct cmd_def cmd_table[]"):]
    return re.findall(r'^\t\{ "([a-z]+)", "([^"]*)", ([AGH |]+),', body,
                      re.M)


def usage_lines(text):
    """The usage lines of a help mail: lines indented by two whose run
    of usage lines (and their continuations, indented by eight) is
    followed by a description indented by six."""
    lines = text.replace("\r\n", "\n").split("\n")
    out, run = [], []
    for line in lines:
        if re.match(r"^  \S", line):
            run.append(line.strip())
        elif re.match(r"^        \S", line) and run:
            continue
        elif re.match(r"^      \S", line) and run:
            out += run
            run = []
        else:
            run = []
    return out


def cited_topics():
    """Every "help TOPIC" written in a string of src/ or in a template,
    with the files citing it."""
    found = {}
    for p in glob.glob(os.path.join(SRCDIR, "src", "**", "*.c"),
                       recursive=True):
        with open(p) as f:
            t = f.read()
        t = re.sub(r"/\*.*?\*/", "", t, flags=re.S)
        t = re.sub(r'"\s*\n\s*"', "", t)
        for s in re.findall(r'"((?:[^"\\\n]|\\.)*)"', t):
            for m in re.finditer(r"\bhelp ([a-z]+)\b", s):
                found.setdefault(m.group(1), set()).add(p)
    for p in sorted(glob.glob(os.path.join(SRCDIR, "templates", "*.*")) +
                    glob.glob(os.path.join(SRCDIR, "templates", "*", "*.*"))):
        if p.endswith((".mk", ".sh")):
            continue
        with open(p) as f:
            for m in re.finditer(r"\bhelp ([a-z]+)\b", f.read()):
                found.setdefault(m.group(1), set()).add(p)
    return {k: v for k, v in found.items() if k not in NOT_TOPICS}


env = Env()
try:
    # -- help lists every command of the table ----------------------------
    env.mail("dave@example.org", "help")
    msgs = env.new_messages()
    text = body_of(msgs[0]) if msgs else ""
    usage = usage_lines(text)
    cmds = table_commands()
    ok(len(cmds) > 30 and ("league", "", "G") in cmds,
       "the command table is read from table.c", cmds)
    for verb, aliases, scope in cmds:
        if "H" in scope:
            continue
        alone = any(re.match(r"%s\b" % verb, u) for u in usage)
        game = any(re.match(r"epaminondas %s\b" % verb, u) for u in usage)
        want = (alone if scope == "A" else True) and \
            (game if scope == "G" else True) and (alone or game)
        ok(want, "help lists %s (%s) with a usage line and its words"
           % (verb, scope), usage)
        for a in aliases.split():
            ok(re.search(r"\b%s\b" % a, text),
               "help names %s, another word for %s" % (a, verb))
    contains(flat(text), "epaminondas league join USERID PASSWORD",
             "help lists league join")
    contains(flat(text), "help time", "help points to help time")

    # -- help time / help clock: every control, examples played ----------
    env.players("alice", "bob")
    env.new_messages()
    for topic in ("time", "clock", "Clocks"):
        env.mail("dave@example.org", "help " + topic)
        msgs = env.new_messages()
        t = body_of(msgs[0]) if msgs else ""
        ok(msgs and "there is no help" not in t and
           str(msgs[0]["Subject"]) == "epamserv help on clocks",
           "help %s is answered with the clocks" % topic,
           msgs and str(msgs[0]["Subject"]))
    t = t.replace("\r\n", "\n")
    for want in ("-time=Nd", "-time=START+INC[/MAX]", "-time=N/Dd",
                 "-timeout=auto", "-timeout=claim", "No -time",
                 "21 days", "reminded after 7"):
        contains(flat(t), want, "help time explains %s" % want)
    examples = re.findall(r"e\.g\. (epaminondas challenge alice bob .*)", t)
    ok(len(examples) >= 5, "help time has a challenge example for each "
       "control", examples)
    board = 101
    for i, ex in enumerate(examples):
        # one player may send another 5 challenges a day: bob signs
        # every other one
        who = "bob" if i % 2 else "alice"
        cmd = ex.replace("by alice Secret42", "by %s %s" % (who, who[0]))
        rc, err = env.mail(addr(who), cmd)
        msgs = env.new_messages()
        got = [m for m in msgs if "Board %d" % board in str(m["Subject"])]
        ok(rc == 0 and got, "the example '%s' makes board %d" % (ex, board),
           [str(m["Subject"]) + ": " + body_of(m)[:400] for m in msgs])
        if got:
            board += 1

    # -- no RULES.md in a player's mail; every cited topic is answered ---
    for p in sorted(glob.glob(os.path.join(SRCDIR, "templates", "*.*")) +
                    glob.glob(os.path.join(SRCDIR, "templates", "*", "*.*"))):
        with open(p) as f:
            ok("RULES.md" not in f.read(), "%s does not cite RULES.md"
               % os.path.relpath(p, os.path.join(SRCDIR, "templates")))
    # strings of the code that writes to players (not the operator's
    # tools in src/cli and main.c)
    bad = []
    for p in glob.glob(os.path.join(SRCDIR, "src", "**", "*.c"),
                       recursive=True):
        if "/cli/" in p or p.endswith("main.c"):
            continue
        with open(p) as f:
            s = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
        s = re.sub(r'"\s*\n\s*"', "", s)
        bad += [(os.path.relpath(p, SRCDIR), x) for x in
                re.findall(r'"((?:[^"\\\n]|\\.)*)"', s) if "RULES.md" in x]
    is_(bad, [], "no string of the code that writes to players cites "
        "RULES.md")
    topics = cited_topics()
    ok({"rules", "time", "league", "tournament"} <= set(topics),
       "the cited help topics are found", sorted(topics))
    for topic in sorted(topics):
        env.mail("dave@example.org", "help " + topic)
        msgs = env.new_messages()
        t = body_of(msgs[0]) if msgs else ""
        ok(msgs and "there is no help" not in t and
           "help" in str(msgs[0]["Subject"]),
           "help %s, cited in %s, is answered" %
           (topic, ", ".join(sorted(os.path.basename(p)
                                    for p in topics[topic]))),
           t[:300])

    # -- the welcome names the help on each thing to do -------------------
    got = env.signup("carol@example.org", "carol", "c")
    welcome = [body_of(m) for m in got if "Welcome" in body_of(m)]
    w = flat(welcome[0]) if welcome else ""
    for want, what in (("help time", "clocks"),
                       ("help tournament", "tournaments"),
                       ("help league", "the league"),
                       ("help challenge", "robots")):
        ok(want in w and what in w, "the welcome names %s and %s"
           % (what, want), w)

    # -- another player's words: the game's subject, the words in the body
    # (the " **" that once marked them is gone with item 3's one subject)
    env.new_messages()
    env.mail(addr("bob"), "epaminondas accept 101 bob b")
    env.new_messages()
    env.mail(addr("alice"), "epaminondas move 101 alice a e2-e3",
             "Good luck, Bob!")
    msgs = by_recipient(env.new_messages())
    tb = msgs.get(addr("bob"), [])
    ok(tb and "**" not in str(tb[-1]["Subject"]),
       "bob's board mail carrying alice's words keeps the game's subject, "
       "no **", tb and str(tb[-1]["Subject"]))
    contains(flat(body_of(tb[-1])) if tb else "", "Good luck, Bob!",
             "and the mail carries her words")

    # -- a draw offer shows both answers; a reply "accept" accepts -------
    env.mail(addr("bob"), "epaminondas move 101 bob b propose")
    msgs = by_recipient(env.new_messages())
    ta = msgs.get(addr("alice"), [])
    t = flat(body_of(ta[-1])) if ta else ""
    for want in ("reply to this mail with accept as the first line",
                 "to reject it, reply with reject",
                 "epaminondas move 101 alice PASSWORD accept",
                 "epaminondas move 101 alice PASSWORD reject"):
        contains(t, want, "the draw offer to alice shows: %s" % want)
    ok("A move of yours" not in t, "alice, not on move, is not told to "
       "move instead")
    subject = str(ta[-1]["Subject"]) if ta else ""
    env.mail(addr("alice"), "Re: " + subject, "accept\n")
    msgs = env.new_messages()
    ok(any("draw" in str(m["Subject"]).lower() or
           "draw" in body_of(m).lower() for m in msgs) and
       "result: draw" in (env.game_file(101) or "").lower() or
       "draw" in (env.game_file(101) or "").lower(),
       "alice's reply 'accept' to the offer draws the game",
       env.game_file(101))
finally:
    env.close()

# -- a tournament tied on first place says so and how -------------------
env = Env()
try:
    clock = Clock(env)
    _, _ = create_started(env, clock, "tied", ["ann", "ben", "cat"],
                          "-format=roundrobin")
    boards = boards_of(env, "tied")
    is_(len(boards), 3, "a round robin of 3 has 3 boards")

    def play_out(boards, beats):
        """Each board of boards won by the player beats names (each
        loser resigns); the final table's text, flattened ("" if none)."""
        last = []
        for _, w, b, n in boards:
            clock.tick()
            loser = b if (w, b) in beats else w
            env.mail(addr(loser), "epaminondas resign %d %s %s"
                     % (n, loser, loser[0]))
            last = env.new_messages()
        final = [body_of(m) for m in last
                 if "final table" in str(m["Subject"])]
        return flat(final[0]) if final else ""

    t = play_out(boards, {("ann", "ben"), ("ben", "cat"), ("cat", "ann")})
    contains(t, "First place is tied: ann wins the tournament on the "
             "tie-break", "the final mail says first place is tied")
    contains(t, "First place is tied: ann, ben and cat have a score of 1 each.",
             "the table names who is tied and on what score")
    contains(t, "equal on Sonneborn-Berger too, so the tie is broken by "
             "the pairing number", "and how the tie was broken")
    rc, out = env.mail(addr("ann"), "epaminondas tournament show tied")
    msgs = env.new_messages()
    contains(flat(body_of(msgs[0])) if msgs else "", "First place is tied",
             "tournament show says it too")

    # four players, eve and fay first on 2 points each: Sonneborn-Berger
    # (fay beat eve, who scored 2, and hal: 2 x 2 + 2 x 1 = 3; eve beat
    # gus and hal, 1 each: 2) decides
    create_started(env, clock, "sb", ["eve", "fay", "gus", "hal"],
                   "-format=roundrobin")
    t = play_out(boards_of(env, "sb"),
                 {("eve", "gus"), ("eve", "hal"), ("fay", "eve"),
                  ("fay", "hal"), ("gus", "fay"), ("hal", "gus")})
    contains(t, "First place is tied: fay wins the tournament on the "
             "tie-break", "a tie broken by Sonneborn-Berger is said so")
    contains(t, "First place is tied: fay and eve have a score of 2 each. "
             "The tie is broken by Sonneborn-Berger", "with who is tied")
    contains(t, "fay has 3, eve has 2, so fay wins.",
             "and the Sonneborn-Berger of each")
finally:
    env.close()
done()
