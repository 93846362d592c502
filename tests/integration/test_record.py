#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 18, records: games played by mail (14x12 resigned, 8x8 and
Crossings ended by the rules, a running one, one without observers) are
exported and asked for by mail (`epaminondas record BOARD [json]
[USERID PASSWORD]`); every record, text and JSON, read back by
`epamserv replay` reaches the game file's position and result; the JSON
follows AbstractPlay's game record schema (checked here from its rules);
the mail carries the record as an attachment, to the sender alone; a
stranger gets no record of a running game, but one of a finished game
played without observers (as the web site shows it);
comments only when both players publish them; the settings round-trip;
hostile boards, huge and lying records refused."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, body_of, refused  # noqa: E402

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"
DAY = 1796083200  # 2026-12-01 00:00 UTC
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def play(env, game, board, moves, white=("alice", "a", A),
         black=("bob", "b", B), bodies=None):
    for i, mv in enumerate(moves):
        u, pw, addr = white if i % 2 == 0 else black
        bang = "!" if mv.endswith("!") else ""
        body = (bodies or {}).get(i + 1, "")
        rc, err = env.mail(addr, "%s move %d %s %s %s#%d%s" %
                           (game, board, u, pw, mv.rstrip("!"), i + 1, bang),
                           body)
        if rc != 0:
            raise AssertionError("%s: %s" % (mv, err))
    env.new_messages()


def file_fact(text, key):
    m = re.search(r"^%s: (.*)$" % key, text or "", re.M)
    return m.group(1) if m else None


def replay(env, data, name):
    path = os.path.join(env.root, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return env.run("replay", path, quiet=True)


def check_replay(env, data, game, board, name):
    """The record replays to the game file's position and result."""
    rc, out, err = replay(env, data, name)
    gf = env.game_file(board, game)
    ok(rc == 0, "%s: replay accepts it" % name, err)
    is_(file_fact(out, "position"), file_fact(gf, "position"),
        "%s: the replay reaches the game file's position" % name)
    is_(file_fact(out, "result"), file_fact(gf, "result"),
        "%s: the replay's result is the game file's" % name)
    ok(" a b c " in out.replace("  ", " ") or "a  b  c" in out,
       "%s: replay draws the ASCII board" % name, out[:300])


def check_schema(rec, name):
    """AbstractPlay's gamerecord.json 1-0-0, rule by rule."""
    ok(isinstance(rec, dict) and sorted(rec) == ["header", "moves"],
       "%s: exactly header and moves at the top" % name, list(rec))
    h = rec.get("header", {})
    for k in ("game", "site", "date-start", "date-end", "date-generated",
              "players"):
        ok(k in h, "%s: header.%s is there (required)" % (name, k))
    g = h.get("game", {})
    ok(isinstance(g.get("name"), str) and set(g) <= {"name", "variants"},
       "%s: game has a name and nothing but name and variants" % name, g)
    v = g.get("variants", [])
    ok(isinstance(v, list) and all(isinstance(x, str) for x in v) and
       len(set(v)) == len(v), "%s: variants are unique strings" % name, v)
    s = h.get("site", {})
    ok(isinstance(s.get("name"), str) and set(s) <= {"name", "gameid"} and
       isinstance(s.get("gameid", ""), (str, int, float)),
       "%s: site has a name (and a gameid), nothing else" % name, s)
    for k in ("date-start", "date-end", "date-generated"):
        ok(isinstance(h.get(k), str) and ISO.match(h.get(k, "")),
           "%s: %s is an RFC 3339 date-time" % (name, k), h.get(k))
    ok(("event" in h) == ("round" in h), "%s: event and round together" % name)
    for k in ("event", "round", "startingPosition"):
        ok(k not in h or isinstance(h[k], str), "%s: %s is a string" % (name, k))
    ok("unrated" not in h or isinstance(h["unrated"], bool),
       "%s: unrated is a boolean" % name)
    p = h.get("players", [])
    ok(isinstance(p, list) and len(p) >= 1 and
       len({json.dumps(x, sort_keys=True) for x in p}) == len(p),
       "%s: players is a non-empty array of unique items" % name)
    for x in p:
        ok(isinstance(x.get("name"), str) and type(x.get("result")) is int,
           "%s: a player has a name and an integer result" % name, x)
        ok("userid" not in x or isinstance(x["userid"], str),
           "%s: userid is a string" % name)
        ok("is_ai" not in x or isinstance(x["is_ai"], bool),
           "%s: is_ai is a boolean" % name)
        ok("score" not in x or isinstance(x["score"], (int, float)),
           "%s: score is a number" % name)
    mv = rec.get("moves", [])
    good = isinstance(mv, list)
    for rnd in mv if good else []:
        good = good and isinstance(rnd, list)
        for e in rnd if isinstance(rnd, list) else []:
            good = good and (e is None or isinstance(e, str) or
                             (isinstance(e, dict) and "move" in e and
                              set(e) <= {"move", "sequence", "result"}))
    ok(good, "%s: moves are rounds of null, strings or move objects" % name)
    return h


def attachment(msg):
    """(filename, content type, bytes) of the one attachment of msg."""
    parts = [p for p in msg.iter_attachments()]
    if len(parts) != 1:
        return None, None, b""
    p = parts[0]
    return p.get_filename(), p.get_content_type(), p.get_payload(decode=True)


def ask(env, sender, subject, name):
    """A record command that must be answered with one mail to the sender,
    carrying the record."""
    rc, err = env.mail(sender, subject)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and msgs[0].envelope_to == [sender],
       "%s: one answer, to the sender alone" % name,
       "rc %d, %s, %s" % (rc, [m.envelope_to for m in msgs], err))
    if not msgs:
        return None, None, b"", ""
    ok(msgs[0].get_content_type() == "multipart/mixed",
       "%s: the answer is multipart/mixed" % name, msgs[0].get_content_type())
    fn, ctype, data = attachment(msgs[0])
    return fn, ctype, data, body_of(msgs[0])


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(DAY)
    env.players("alice", "bob", "carol")
    # Board 101: 14x12, a comment from alice, bob resigns.
    env.start_game("alice", "bob", 101)
    play(env, "epaminondas", 101, ["d1-d4", "a11-b10", "d3-d6", "d11-e10"],
         bodies={3: "Careful now, bob {really}.\n"})
    env.mail(B, "epaminondas resign 101 bob b")
    # Board 102: 8x8, bob loses by a third repetition (RULES.md 5).
    env.start_game("alice", "bob", 102, "-size=8x8")
    rep = ["a2-a3", "a7-a6", "a3-a2", "a6-a7"] * 2
    rep[-1] += "!"
    play(env, "epaminondas", 102, rep)
    # Board 103 runs; 104 (no observers) is over.
    env.start_game("alice", "bob", 103)
    play(env, "epaminondas", 103, ["e2-e3"])
    env.start_game("alice", "bob", 104, "-observers=off")
    play(env, "epaminondas", 104, ["e2-e3"])
    env.mail(A, "epaminondas resign 104 alice a")
    # Crossings board 101: ended by the rules too.
    env.start_game("alice", "bob", 101, game="crossings")
    play(env, "crossings", 101, rep)
    env.new_messages()
    for game, board in (("epaminondas", 101), ("epaminondas", 102),
                        ("crossings", 101), ("epaminondas", 104)):
        ok(file_fact(env.game_file(board, game), "result").split()[1]
           in ("wins",), "%s %d is over" % (game, board),
           file_fact(env.game_file(board, game), "result"))

    gf = env.game_file(101)
    ok(gf.startswith("epamserv-game 7\n") and
       "\ncomment: 3 Careful now, bob {really}.\n" in gf,
       "the game file keeps the move's comment (version 7)", gf[:200])
    ok(env.game_file(102).startswith("epamserv-game 6\n"),
       "a game file without comments stays version 6")
    rc, out, err = env.run("admin", "check", quiet=True)
    ok(rc == 0, "admin check accepts the files with comments", out + err)

    # --- the ratings after the game (issue 34): the result record keeps
    # the deviations mailed, and the record shows each rating with its
    # deviation or "?" (Glicko-2, the default: a first game leaves both
    # provisional).
    with open(os.path.join(env.spool, "games", "epaminondas",
                           "101.result")) as f:
        res101 = f.read()
    ok(re.search(r"\nwhite-deviation: \d+\nblack-deviation: \d+\n",
                 res101), "the result record keeps the deviations", res101)
    rc, out, err = env.run("export", "epaminondas-101", quiet=True)
    ok(re.search(r'\[White "alice"\]\n\[Black "bob"\]\n'
                 r'\[WhiteRating "\d+(\?| \u00b1 \d+)"\]\n'
                 r'\[BlackRating "\d+(\?| \u00b1 \d+)"\]\n', out),
       "the text record gives the ratings after the game", out[:400])
    rc, out, err = env.run("export", "epaminondas-101", "--json",
                           quiet=True)
    try:
        players = json.loads(out)["header"]["players"]
    except (ValueError, KeyError):
        players = []
    ok(len(players) == 2 and all(re.fullmatch(r"\d+(\?| \u00b1 \d+)",
                                              p.get("rating", ""))
                                 for p in players),
       "the JSON record's players carry their ratings", players)
    rc, out, err = env.run("export", "epaminondas-103", quiet=True)
    ok("Rating " not in out, "a running game's record has no rating tag",
       out[:300])

    # --- export: text and JSON of each finished game, replayed.
    for game, board in (("epaminondas", 101), ("epaminondas", 102),
                        ("crossings", 101)):
        tag = "%s-%d" % (game, board)
        rc, out, err = env.run("export", tag, quiet=True)
        ok(rc == 0 and out.startswith("[Event "), "export %s: a text record"
           % tag, err)
        check_replay(env, out, game, board, "text record of %s" % tag)
        rc, out, err = env.run("export", tag, "--json", quiet=True)
        ok(rc == 0, "export %s --json" % tag, err)
        try:
            rec = json.loads(out)
        except ValueError:
            rec = {}
        ok(rec, "export %s --json is JSON" % tag, out[:200])
        h = check_schema(rec, "JSON record of %s" % tag)
        check_replay(env, out, game, board, "JSON record of %s" % tag)
        is_([p.get("result") for p in h.get("players", [])], [1, 0],
            "%s: White won: results 1 and 0, White first" % tag)
        is_(h.get("site", {}).get("gameid"), tag, "%s: the gameid" % tag)
    rc, out, _ = env.run("export", "epaminondas-102", "--json", quiet=True)
    is_(json.loads(out)["header"]["game"]["variants"], ["-size=8x8"],
        "the 8x8 game's variant is named")
    is_(json.loads(out)["moves"][:2], [["a2-a3", "a7-a6"], ["a3-a2", "a6-a7"]],
        "JSON moves: one round per White and Black move")
    rc, out, _ = env.run("export", quiet=True)
    events = re.findall(r'^\[Event "([^"]*)"\]$', out, re.M)
    is_(events, ["epaminondas board 101", "epaminondas board 102",
                 "epaminondas board 104", "crossings board 101"],
        "export alone: every finished board, not the running one")
    rc, out, _ = env.run("export", "--since", "2027-01-01", quiet=True)
    ok(rc == 0 and out == "", "--since after every end: nothing", out[:100])
    rc, out, _ = env.run("export", "--json", quiet=True)
    ok(rc == 0 and len(out.splitlines()) == 4 and
       all(json.loads(l) for l in out.splitlines()),
       "export --json: one JSON record a line")
    for args, why in ((["../users/alice"], "is not a board"),
                      (["epaminondas-101/../x"], "is not a board"),
                      (["--since", "yesterday"], "--since takes a date"),
                      (["--frobnicate"], "is not a board")):
        rc, out, err = env.run("export", *args, quiet=True)
        ok(rc == 64 and why in err and out == "",
           "export %s: refused with a clear error" % " ".join(args), err)
    rc, out, err = env.run("export", "999", quiet=True)
    ok(rc == 65 and "there is no board 999" in err, "export of a missing board",
       err)
    rc, out, err = env.run("export", "103", "--json", quiet=True)
    ok(rc == 65 and "finished games only" in err,
       "no JSON record of a running board", err)

    # --- by mail: a finished game for anyone, attached.
    fn, ctype, data, text = ask(env, C, "epaminondas record 101", "record 101")
    is_((fn, ctype), ("game-101.txt", "text/plain"),
        "the text record is attached as game-101.txt")
    rc, out, _ = env.run("export", "epaminondas-101", quiet=True)
    is_(data.decode(), out, "the attachment is the record export writes")
    contains(text, "Comments are left out", "the answer says why no comments")
    ok(b"Careful" not in data, "no comment: bob does not publish them")
    check_replay(env, data, "epaminondas", 101, "mailed text record of 101")
    _, _, _, text = ask(env, C, "epaminondas record 102", "record 102")
    ok("Comments are left out" not in text, "a game without comments: no "
       "note about leaving them out", text)
    fn, ctype, data, _ = ask(env, C, "epaminondas record 101 json",
                             "record 101 json")
    is_((fn, ctype), ("game-101.json", "application/json"),
        "the JSON record is attached as game-101.json")
    check_schema(json.loads(data), "mailed JSON record of 101")
    check_replay(env, data, "epaminondas", 101, "mailed JSON record of 101")
    fn, ctype, data, _ = ask(env, C, "crossings record 101", "crossings record")
    check_replay(env, data, "crossings", 101, "mailed record of crossings 101")

    # --- in a "multiple" mail the record follows the answer's text.
    env.mail(C, "multiple", "epaminondas record 102\nhelp\n")
    msgs = env.new_messages()
    ok(len(msgs) == 1 and msgs[0].envelope_to == [C] and
       "--- game-102.txt ---" in body_of(msgs[0]) and
       '[Result "1-0"]' in body_of(msgs[0]),
       "multiple: one mail to the sender, the record inline",
       [body_of(m)[:300] for m in msgs])

    # --- comments: only when both players publish them.
    env.mail(A, "set alice a publish comments on")
    env.new_messages()
    _, _, data, _ = ask(env, C, "epaminondas record 101", "one publishes")
    ok(b"Careful" not in data, "one player publishing is not enough")
    env.mail(B, "set bob b publish comments on")
    env.new_messages()
    _, _, data, text = ask(env, C, "epaminondas record 101", "both publish")
    contains(" ".join(data.decode().split()),
             "3. d3-d6 {Careful now, bob \\{really\\}.}",
             "both publish: the comment follows its move, escaped")
    ok("Comments are left out" not in text, "no note then")
    check_replay(env, data, "epaminondas", 101, "record with a comment")
    _, _, data, _ = ask(env, C, "epaminondas record 101 json", "json comments")
    is_(json.loads(data)["header"]["epamserv"].get("comments"),
        [{"ply": 3, "text": "Careful now, bob {really}."}],
        "the JSON record carries the comment in its own header member")
    env.mail(B, "set bob b publish comments off")
    env.new_messages()
    _, _, data, _ = ask(env, C, "epaminondas record 101", "off again")
    ok(b"Careful" not in data, "one turns it off: the comment is gone")

    # --- running games and games without observers.
    refused(env, C, "epaminondas record 103", "its record goes only to its "
            "players", "a stranger asks for a running game's record")
    refused(env, C, "epaminondas record 103 carol c", "its record goes only "
            "to its players", "a player not on the board asks for it")
    fn, _, data, _ = ask(env, C, "epaminondas record 104",
                         "a stranger, a finished board without observers")
    is_(fn, "game-104.txt", "-observers=off keeps a game private only "
        "while it is played: its record once over, as on the web site")
    refused(env, A, "epaminondas record 103 alice wrong", "password",
            "a wrong password")
    fn, _, data, _ = ask(env, A, "epaminondas record 103 alice a",
                         "a player of the running game")
    ok(b'[Result "*"]' in data and b"1. e2-e3 *" in data,
       "the running game's record ends with *", data[:400])
    check_replay(env, data, "epaminondas", 103, "running game's record")
    refused(env, A, "epaminondas record 103 json alice a", "finished games "
            "only", "no JSON record of a running game, even for a player")
    fn, _, data, _ = ask(env, B, "epaminondas record 104 bob b",
                         "a player of the board without observers")
    is_(fn, "game-104.txt", "its player gets it")
    refused(env, C, "epaminondas record ../../users/alice", "is not a board",
            "a path for a board is refused")
    refused(env, C, "epaminondas record 999", "no epaminondas board 999",
            "a board that does not exist")

    # --- replay refuses lies, garbage and huge input.
    _, out, _ = env.run("export", "epaminondas-102", quiet=True)
    rc, _, err = replay(env, out.replace("a7-a6", "a7-a5", 1), "bad.txt")
    ok(rc == 65 and "move 2 (a7-a5) is not legal" in err,
       "replay: an illegal move is refused, named", err)
    lie = re.sub(r"1-0\n$", "0-1\n", out.replace('[Result "1-0"]',
                                                  '[Result "0-1"]'))
    rc, _, err = replay(env, lie, "lie.txt")
    ok(rc == 65 and "the record says 0-1 but the replay ends 1-0" in err,
       "replay: a result the moves do not reach is refused", err)
    _, js, _ = env.run("export", "epaminondas-102", "--json", quiet=True)
    rec = json.loads(js)
    rec["header"]["players"][0]["result"] = 0
    rec["header"]["players"][1]["result"] = 1
    rc, _, err = replay(env, json.dumps(rec), "lie.json")
    ok(rc == 65 and "the replay ends 1-0" in err,
       "replay: a JSON record whose players' results lie is refused", err)
    rc, _, err = replay(env, b"\x00\xff{[garbage" * 100, "garbage")
    ok(rc == 65 and err.strip(), "replay: garbage is refused", err)
    rc, _, err = replay(env, b"{" + b" " * (9 << 20), "huge.json")
    ok(rc == 65 and "more than" in err, "replay: a huge record is refused "
       "unread", err)
    rc, _, err = replay(env, '{"header":{},"moves":[' + "0," * 3000000 +
                        "0]}", "wide.json")
    ok(rc == 65 and "more values" in err, "replay: a JSON record of "
       "millions of values is refused, not held in memory", err)
    rc, _, err = replay(env, "[" * 100000, "deep.json")
    ok(rc == 65, "replay: deep nesting is refused", err)
    rc, _, err = replay(env, '[Event "x"]\n[White "a"]\n[Black "b"]\n'
                        '[Result "*"]\n[Options "\x1b]0;PWNED\x07'
                        '\x1b[31m"]\n\n1. zz *\n', "escape.txt")
    ok(rc == 65 and "PWNED" in err and "\x1b" not in err and
       "\x07" not in err,
       "replay: a record's terminal escapes never reach the terminal", err)
    rc, _, err = env.run("replay", os.path.join(env.root, "nothing"),
                         quiet=True)
    ok(rc == 65 and "cannot open" in err, "replay: a missing file", err)

    # --- the settings round-trip.
    env.mail(A, "set alice a web off")
    msgs = env.new_messages()
    contains(env.user_file("alice"), "\nweb: off\n", "web off is stored")
    contains(env.user_file("alice"), "\npublish-comments: on\n",
             "publish comments on is stored")
    contains(body_of(msgs[0]) if msgs else "", "stay off the web site",
             "the confirmation says what web off does")
    env.mail(A, "set alice a web on")
    env.mail(A, "set alice a publish comments off")
    env.new_messages()
    ok("web:" not in env.user_file("alice") and
       "publish-comments:" not in env.user_file("alice"),
       "the defaults again: no lines", env.user_file("alice"))
    refused(env, A, "set alice a web maybe", "web is on or off",
            "a bad web value")
    refused(env, A, "set alice a publish comments sometimes",
            "publish comments is on or off", "a bad publish value")
    refused(env, A, "set alice a publish on", "the word comments",
            "publish without comments")
finally:
    env.close()
done()
