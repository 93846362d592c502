#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""pbmserv habits (issue 14 item 1): one table of commands gives
"help COMMAND" for every command (also "help GAME COMMAND" and "GAME help
COMMAND"), the usage lines of error replies, and an error that says so
when only the game prefix is wrong or missing; then the pbmserv forms."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, contains, done, body_of, refused  # noqa: E402

ACCOUNT = ["signup", "confirm", "change", "signoff", "list", "message",
           "vacation", "set", "standings", "history", "help"]
GAME = ["challenge", "accept", "decline", "move", "queue", "submit",
        "confirm", "resign", "show", "showas", "games", "chat", "subscribe",
        "unsubscribe", "preview"]


def usage_of_error(text):
    """The usage text of an error reply: the lines after "How to write
    it:" up to the first empty one, less the reply's indent of two."""
    lines = text.split("How to write it:\n", 1)[-1].split("\n")
    out = []
    for line in lines:
        if not line.strip():
            break
        out.append(line[2:])
    return "\n".join(out)


def help_entry(text, verb):
    """The entry of "help VERB": the lines after its headline up to the
    first empty one."""
    lines = text.split("help on %s\n\n" % verb, 1)[-1].split("\n")
    return "\n".join(lines[:lines.index("")] if "" in lines else lines)


def one_reply(env, sender, subject, name):
    rc, err = env.mail(sender, subject)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1, "%s: one reply" % name,
       "rc %d, %d replies, %s" % (rc, len(msgs), err))
    return body_of(msgs[0]).replace("\r\n", "\n") if msgs else ""


env = Env()
try:
    env.players("alice", "bob")
    A = "alice@example.org"
    # help COMMAND for every command, with its usage line and help text.
    for verb in ACCOUNT + GAME:
        text = one_reply(env, A, "help " + verb, "help " + verb)
        ok("help on " + verb in text and "there is no help" not in text,
           "help %s answers with help on it" % verb, text[:300])
    text = one_reply(env, A, "help move", "help move")
    contains(text, "GAME move BOARD USERID PASSWORD MOVE[#N]",
             "help move gives the usage line")
    contains(text, "e.g. epaminondas move 101", "help move gives an example")
    contains(text, "propose|accept|reject|undo|resign",
             "help move gives its second form")
    for subject in ("help epaminondas move", "epaminondas help move",
                    "HELP Move"):
        contains(one_reply(env, A, subject, subject),
                 "GAME move BOARD USERID PASSWORD MOVE[#N]",
                 "%s is help on move" % subject)
    contains(one_reply(env, A, "help ratings", "help ratings"),
             "help on standings", "help ratings: ratings is standings")
    text = one_reply(env, A, "help confirm", "help confirm")
    ok("confirm USERID" in text and
       "GAME confirm BOARD USERID PASSWORD" in text,
       "help confirm gives both confirm commands", text)
    # An error reply's usage text is the entry "help VERB" gives (bob
    # writes: alice would reach the hourly limit of mails).
    B = "bob@example.org"
    for verb, subject in (("show", "epaminondas show"),
                          ("set", "set bob b frob on"),
                          ("signoff", "signoff bob"),
                          ("queue", "epaminondas queue 101"),
                          ("challenge", "epaminondas challenge alice"),
                          ("history", "history a b c"),
                          ("message", "message bob"),
                          ("preview", "epaminondas preview")):
        want = help_entry(one_reply(env, B, "help " + verb, "help " + verb),
                          verb)
        text, _, _ = refused(env, B, subject, "", "refused: " + subject)
        got = usage_of_error(text)
        ok(got == want and want.split(" ")[0] in ("GAME", verb),
           "%s: the usage is help %s's entry" % (subject, verb),
           "got\n%s\nwant\n%s" % (got, want))
    # Error replies take their usage lines from the table.
    text, _, _ = refused(env, A, "epaminondas frobnicate",
                         "'epaminondas frobnicate' is not a command I know",
                         "unknown game command")
    contains(text, "GAME preview new [-options] MOVE...",
             "an unknown game command lists the game commands")
    text, _, _ = refused(env, A, "hello",
                         "'frobnicate' is not a command I know",
                         "unknown command", body="frobnicate now\n")
    contains(text, "signup USERID PASSWORD [ADDRESS...]",
             "an unknown command lists the account commands")
    # Only the game prefix is wrong.
    refused(env, A, "epaminondas signup carol C",
            "only the game prefix is wrong: 'signup' takes no game's name",
            "a game prefix before signup")
    text, _, _ = refused(env, A, "chess move 101 alice a e1-e3",
                         "only the game prefix is wrong: 'chess' is no game "
                         "here; the games are epaminondas and crossings.",
                         "a game that does not exist")
    move_usage = ("GAME move BOARD USERID PASSWORD MOVE[#N][!]\n"
                  "GAME move BOARD USERID PASSWORD "
                  "propose|accept|reject|undo|resign\n"
                  "  e.g. epaminondas move 101 alice Secret42 e2-e3#1")
    # The sentence, then that verb's usage only (not the verb's help
    # text run into the sentence, not the whole table of commands).
    wrong = text.split("What was wrong:\n", 1)[-1].split("\n\n")[0]
    ok("GAME" not in wrong and "BOARD" not in wrong,
       "the wrong prefix sentence holds no usage line", wrong)
    ok(usage_of_error(text) == move_usage,
       "the wrong prefix error gives the usage of move only",
       usage_of_error(text))
    text, _, _ = refused(env, A, "move 101 alice a e1-e3",
                         "only the game prefix is missing: write the game's "
                         "name (epaminondas or crossings) before 'move'.",
                         "a game command without the game's name")
    ok(usage_of_error(text) == move_usage,
       "the missing prefix error gives the usage of move only",
       usage_of_error(text))
    text, _, _ = refused(env, A, "epaminondas signup carol C",
                         "only the game prefix is wrong: 'signup' takes no "
                         "game's name before it.", "signup after a game")
    ok(usage_of_error(text).startswith("signup USERID PASSWORD") and
       "GAME" not in usage_of_error(text) and
       "vacation" not in usage_of_error(text),
       "the error on a game prefix before signup gives signup's usage only",
       usage_of_error(text))
    # pbmserv forms answered without an error.
    env.start_game("alice", "bob", 101)
    env.new_messages()
    for subject, want in (("epaminondas standings all", "alice"),
                          ("epaminondas ratings all", "alice"),
                          ("ratings all", "alice"),
                          ("epaminondas history", ""),
                          ("epaminondas list", "bob"),
                          ("list epaminondas", "bob"),
                          ("games alice", "101"),
                          ("GAMES Bob", "101"),
                          ("epaminondas games alice", "101")):
        text = one_reply(env, A, subject, subject)
        ok("not carried out" not in text and want in text,
           "%s is answered without an error" % subject, text[:400])
    # " **" (a board mail's comment mark) pasted into a subject is ignored.
    text = one_reply(env, A, "epaminondas show 101 **", "show with **")
    ok("not carried out" not in text and "Board 101" in text,
       "'epaminondas show 101 **' shows the board", text[:400])
    rc, err = env.mail(A, "epaminondas move 101 alice a a2-a3 ** **")
    msgs = env.new_messages()
    ok(rc == 0 and msgs and all("not carried out" not in body_of(m)
                                 for m in msgs)
       and "a2-a3" in (env.game_file(101) or ""),
       "a move with ' ** **' pasted after it is played",
       [body_of(m)[:300] for m in msgs])
    # show BOARD[#N] [BOARD[#N]...]: past positions, several boards.
    text = one_reply(env, A, "epaminondas show 101#0", "show 101#0")
    ok("as it stood before the first move (of 1)" in text and "a2-a3" not in
       text.split("as it stood")[1][:2000],
       "show 101#0 shows the board before the first move", text[:600])
    rc, err = env.mail(A, "epaminondas show 101 101#1 101#0")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 3 and
       all("not carried out" not in body_of(m) for m in msgs),
       "show 101 101#1 101#0 sends three boards",
       [body_of(m)[:200] for m in msgs])
    refused(env, A, "epaminondas show 101#5", "board 101 has only 1 moves",
            "show of a position the board has not reached")
    refused(env, A, "epaminondas show 101 999", "there is no epaminondas "
            "board 999", "show of several boards, one missing")
    # showas USERID PASSWORD BOARD...|all
    env.start_game("bob", "alice", 102)
    env.new_messages()
    for subject, n in (("epaminondas showas alice a 101 102", 2),
                       ("epaminondas showas alice a all", 2)):
        rc, err = env.mail(A, subject)
        msgs = env.new_messages()
        ok(rc == 0 and len(msgs) == n and
           all("from alice's side" in body_of(m) for m in msgs),
           "%s sends %d boards from alice's side" % (subject, n),
           [body_of(m)[:200] for m in msgs])
    refused(env, A, "epaminondas showas alice a 101 999",
            "there is no epaminondas board 999", "showas with a missing board")
    # Several addresses, pbmserv's way: separated by commas.
    for who, subject, addrs in (
            ("carol", "signup carol Cpw c1@example.org,c2@example.org",
             ["c1@example.org", "c2@example.org"]),
            ("dave", "signup dave Dpw d1@example.org, d2@example.org",
             ["d1@example.org", "d2@example.org"]),
            ("alice", "change address alice a a1@example.org,a2@example.org",
             ["a1@example.org", "a2@example.org"])):
        rc, err = env.mail("%s@example.org" % who, subject)
        msgs = env.new_messages()
        got = sorted(r for m in msgs for r in m.envelope_to)
        ok(rc == 0 and all(a in got for a in addrs) and
           all("not carried out" not in body_of(m) for m in msgs),
           "%s: a confirmation request to each address" % subject, got)
    refused(env, A, "list chess", "list takes no words after it but games'",
            "list with a word that is no game")

    # Every game's boards in one reply, and several players at once
    # (frank writes: alice and bob are near the hourly limit of mails).
    env.players("frank", "gina")
    F = "frank@example.org"
    env.start_game("frank", "gina", 101, game="crossings")
    env.new_messages()
    for subject, want, not_want in (
            ("all show frank", ["Epaminondas boards of frank not over yet: 0",
                                "Crossings boards of frank not over yet: 1",
                                "Board 101: frank (White)", "  a  b  c"], []),
            ("all show frank next", ["Crossings boards of frank waiting "
                                     "for them: 1"], []),
            ("all show gina active", ["Crossings boards of gina not over "
                                      "yet: 1"], []),
            ("all games frank", ["Epaminondas boards of frank: 0",
                                 "Crossings boards of frank: 1",
                                 "Board 101: frank (White)"], ["  a  b  c"]),
            ("games frank", ["Crossings boards of frank: 1"], []),
            ("games alice", ["Epaminondas boards of alice: 2",
                             "Crossings boards of alice: 0"], []),
            ("epaminondas games alice bob active",
             ["Epaminondas boards of alice not over yet: 2",
              "Epaminondas boards of bob not over yet: 2"], []),
            ("epaminondas games alice inactive",
             ["Epaminondas boards of alice that are over: 0"], []),
            ("crossings games frank gina next",
             ["Crossings boards of frank waiting for them: 1",
              "Crossings boards of gina waiting for them: 0"], []),
            ("epaminondas show alice bob all",
             ["Epaminondas boards of alice: 2", "Epaminondas boards of bob: 2",
              "  a  b  c"], []),
            ("epaminondas show alice inactive",
             ["Epaminondas boards of alice that are over: 0"], []),
            ("crossings showas frank f next", ["from frank's side"], []),
            ("crossings showas frank f active", ["from frank's side"], [])):
        text = one_reply(env, F, subject, subject)
        ok("not carried out" not in text and all(w in text for w in want)
           and not any(w in text for w in not_want),
           "%s is answered with the boards asked for" % subject, text[:900])
    refused(env, "gina@example.org", "crossings showas gina g next",
            "no Crossings board "
            "waiting for you", "showas next with no board waiting")
    refused(env, F, "all show nosuchplayer", "'nosuchplayer' is neither",
            "all show of an unknown player")
    refused(env, F, "epaminondas games alice nosuchplayer", "'nosuchplayer' "
            "is neither", "games of two players, one unknown")
    refused(env, F, "all frank", "all is followed by show or games",
            "all without show or games")

    # pbmserv's move aliases and account words: a specific answer.
    env.players("ivan", "judy", "kate")
    I, J = "ivan@example.org", "judy@example.org"
    env.start_game("ivan", "judy", 103)
    env.new_messages()
    for subject, why in (
            ("epaminondas move 103 ivan i pass",
             "Epaminondas has no pass: every turn is a move"),
            ("epaminondas move 103 ivan i SWAP",
             "Epaminondas has no swap (pie rule)"),
            ("add ivan i ivan2@example.org",
             "there is no 'add' here: to give your account another address, "
             "write change address"),
            ("broadcast ivan i", "there is no 'broadcast' here")):
        text, _, _ = refused(env, I, subject, why, subject, body="hello all\n")
        ok("not a command I know" not in text and "is not a move" not in text,
           "%s: not 'not a command' or 'not a move'" % subject, text[:500])
    text = one_reply(env, "kate@example.org", "delete kate k", "delete kate k")
    ok("not carried out" not in text and "Your account is closed" in text,
       "delete USERID PASSWORD (an alias of signoff) closes the account",
       text[:500])
    # Every form of pbmserv's command summary is answered without an error.
    for sender, subject, body in (
            (I, "help", ""), (I, "help move show", ""), (I, "help rules", ""),
            (I, "help add", ""), (I, "help delete", ""),
            (I, "list", ""), (I, "list epaminondas crossings", ""),
            (I, "message ivan i judy", "good luck\n"),
            (I, "multiple", "epaminondas show 103\nlist\n"),
            (I, "all show ivan", ""), (I, "all show ivan next", ""),
            (I, "all show ivan active", ""),
            (I, "epaminondas help", ""), (I, "epaminondas standings", ""),
            (I, "epaminondas ratings", ""), (I, "epaminondas history", ""),
            (I, "epaminondas games ivan", ""),
            (I, "epaminondas games ivan judy all", ""),
            (I, "epaminondas games ivan inactive", ""),
            (I, "epaminondas show 103#0", ""), (I, "epaminondas show 103 101", ""),
            (I, "epaminondas show ivan judy active", ""),
            (I, "epaminondas showas ivan i all", ""),
            (I, "epaminondas showas ivan i 103", ""),
            (I, "epaminondas showas ivan i next", ""),
            (J, "epaminondas queue 103 judy j a11-a10", ""),
            (I, "epaminondas submit 103 ivan i a2-a3", ""),
            (I, "epaminondas confirm 103 ivan i", ""),
            (I, "epaminondas preview 103 b2-b3", ""),
            (I, "epaminondas chat 103 ivan i", "nice move\n"),
            (I, "epaminondas move 103 ivan i propose", ""),
            (J, "epaminondas move 103 judy j reject", ""),
            (I, "epaminondas move 103 ivan i b2-b3#3", ""),
            (J, "epaminondas move 103 judy j resign", "")):
        rc, err = env.mail(sender, subject, body)
        # (message and chat answer the players they go to, not the sender)
        msgs = env.new_messages()
        ok(rc == 0 and msgs and all("not carried out" not in body_of(m)
                                     for m in msgs),
           "pbmserv's '%s' is answered without an error" % subject,
           [body_of(m)[:400] for m in msgs] or err)
finally:
    env.close()
done()
