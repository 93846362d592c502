#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""One size cap for every reply (max_reply_size): over 5,000 boards,
`show USERID all|active|next` and `games` stay under it with a note saying
how many boards were shown of how many; so do `list`, `standings`,
`history` and `multiple` under a small cap; a board mail drops its HTML
part before anything is cut; a mail still too long is cut at a line, UTF-8
intact, with a note; every such reply is valid MIME.  And `flush` never
sends a file it read only in part, nor counts one it could not open as
sent.

The 5,000 boards are written straight into the spool as game files cloned
from one made by mail (the format of src/game/gamefile.c), a quarter of
them resigned with their result records (src/game/ratings.h), and 600
players as user files cloned from one made by signup; `epamserv admin
check` must accept them all."""
import email
import email.policy
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, body_of

A = "alice@example.org"
B = "bob@example.org"
BOARDS = 5000
PLAYERS = 600
DEFAULT_CAP = 262144
SMALL_CAP = 16384


def mime_problems(raw):
    """Why raw (one message as sent, CRLF) is not valid MIME, or []."""
    why = []
    if re.search(rb"(?<!\r)\n", raw):
        why.append("a bare LF")
    if any(len(l) > 998 for l in raw.split(b"\r\n")):
        why.append("a line over 998 octets")
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    if msg["MIME-Version"] != "1.0":
        why.append("no MIME-Version: 1.0")
    for part in msg.walk():
        if part.defects:
            why.append("defects %r in %s" % (part.defects, part.get_content_type()))
        if not part.is_multipart():
            try:
                part.get_content()
            except Exception as e:  # noqa: BLE001 - any decoding error
                why.append("%s does not decode: %s" % (part.get_content_type(), e))
    if msg.is_multipart():
        boundary = msg.get_boundary()
        if not boundary or (b"--" + boundary.encode() + b"--") not in raw:
            why.append("the multipart has no closing boundary")
    return why


def split_outbox(data):
    """(envelope-to, message bytes) of an outbox file."""
    lines = data.split(b"\r\n", 2)
    return lines[1][len(b"Envelope-To: <"):-1].decode(), lines[2]


def ask(env, sender, subject, body="", cap=None):
    """Send one command with delivery off, so the replies wait in the
    outbox, where the cap applies; then flush them to the server.
    Returns (exit status, stderr, [(recipient, outbox file bytes,
    message bytes, parsed message)])."""
    outbox = os.path.join(env.spool, "outbox")
    before = set(os.listdir(outbox))
    e = {"EPAMSERV_SMTP_URL": ""}
    if cap:
        e["EPAMSERV_MAX_REPLY_SIZE"] = str(cap)
    rc, err = env.receive(make_mail(sender, subject, body), env=e)
    out = []
    for name in sorted(set(os.listdir(outbox)) - before):
        if not name.endswith(".eml"):
            continue
        with open(os.path.join(outbox, name), "rb") as f:
            data = f.read()
        rcpt, raw = split_outbox(data)
        out.append((rcpt, data, raw,
                    email.message_from_bytes(raw, policy=email.policy.default)))
    env.run("flush")
    env.new_messages()
    return rc, err, out


def one_reply(env, name, subject, cap, note, body="", sender=A):
    """The command's one reply to the sender: within cap bytes in the
    outbox, valid MIME, text only, with note.  Returns its text."""
    rc, err, out = ask(env, sender, subject, body, cap)
    if not ok(rc == 0 and len(out) == 1 and out[0][0] == sender,
              "%s: one reply, to the sender" % name,
              "rc %d, replies to %r\n%s" % (rc, [o[0] for o in out], err[-2000:])):
        return ""
    _, data, raw, msg = out[0]
    ok(len(data) <= cap, "%s: the reply takes at most %d bytes in the outbox"
       % (name, cap), "it takes %d bytes" % len(data))
    problems = mime_problems(raw)
    ok(not problems, "%s: the reply is valid MIME" % name, "; ".join(problems))
    is_(msg.get_content_type(), "text/plain", "%s: text only (no HTML part)" % name)
    text = body_of(msg).replace("\r\n", "\n")
    contains(text, note, "%s: the reply says how much it shows" % name)
    return text


def clone_spool(env):
    """Boards 102..BOARDS+100 from board 101's file, every fourth resigned
    by bob with its result record; PLAYERS more players from bob's.
    Files are made 0640, as epamserv makes them (admin check flags user
    files others may read)."""
    os.umask(0o027)
    games = os.path.join(env.spool, "games", "epaminondas")
    with open(os.path.join(games, "101.game")) as f:
        first = f.read()
    with open(os.path.join(games, "101.result")) as f:
        record = f.read()
    start = first.index("position: ")
    head = "".join(l for l in first[:start].splitlines(True)
                   if not l.startswith("end: "))
    resigned_at = re.search(r"finished: (\S+)", record).group(1)
    for board in range(102, BOARDS + 101):
        text = head.replace("board: 101\n", "board: %d\n" % board)
        position = first[start:first.index("\n", start) + 1]
        if board % 4 == 0:
            text += "end: resign bob %s\n" % resigned_at
            text += position + "result: white wins (black resigned)\n"
            with open(os.path.join(games, "%d.result" % board), "w") as f:
                f.write(record.replace("board: 101\n", "board: %d\n" % board))
        else:
            text += position + "result: active\n"
        with open(os.path.join(games, "%d.game" % board), "w") as f:
            f.write(text)
    with open(os.path.join(games, "next"), "w") as f:
        f.write("%d\n" % (BOARDS + 101))
    users = os.path.join(env.spool, "users")
    with open(os.path.join(users, "bob")) as f:
        bob = f.read()
    for i in range(PLAYERS):
        uid = "player%03d" % i
        with open(os.path.join(users, uid), "w") as f:
            f.write(bob.replace("userid: bob", "userid: " + uid)
                       .replace(B, uid + "@example.org"))
    # The result records written here are not in the ratings table
    # (issue 35): it is made again from them, as after an upgrade.
    os.unlink(os.path.join(env.spool, "ratings", "current"))


env = Env()
# Robot accounts (on by default) would add rows to list and standings;
# test_robots.py checks those.
env.env["EPAMSERV_ROBOTS"] = ""
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept 101 bob pw2")
    # Both move, so that the resigned game is rated (a result record).
    env.mail(A, "epaminondas move 101 alice Secret1 e2-e3")
    env.mail(B, "epaminondas move 101 bob pw2 e11-e10")
    env.mail(B, "epaminondas resign 101 bob pw2")
    env.new_messages()
    clone_spool(env)
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "admin check accepts the %d boards and %d players" % (BOARDS, PLAYERS + 2))
    ok(rc == 0, "admin check says nothing is wrong", (out + err)[-2000:])

    # -- show USERID all over 5,000 boards --------------------------------
    for cap in (None, SMALL_CAP):
        limit = cap or DEFAULT_CAP
        text = one_reply(env, "show alice all (cap %d)" % limit,
                         "epaminondas show alice all", limit,
                         "of these %d boards, in board order" % BOARDS)
        contains(text, "Epaminondas boards of alice: %d." % BOARDS,
                 "show alice all (cap %d): the headline counts every board" % limit)
        contains(text, '"epaminondas games alice" lists every board',
                 "show alice all (cap %d): the note says how to see the rest" % limit)
        shown = re.search(r"Shown: the first (\d+) of", text)
        # A board's line may wrap (72 columns), its continuation indented.
        diagrams = len(re.findall(r"^  Board \d+: alice \(White\).*"
                                  r"(?:\n  (?!Board ).*)*\n\n.*\n  12 ",
                                  text, re.M))
        ok(shown and int(shown.group(1)) == diagrams and diagrams > limit // 2000,
           "show alice all (cap %d): it shows as many boards as it says, "
           "and a fair number" % limit,
           "note %r, %d diagrams" % (shown and shown.group(0), diagrams))
        ok("[This mail was cut here" not in text,
           "show alice all (cap %d): cut by whole boards, not by the generic cut" % limit)
    finished = 1 + len([b for b in range(102, BOARDS + 101) if b % 4 == 0])
    active = BOARDS - finished
    one_reply(env, "show alice active", "epaminondas show alice active", SMALL_CAP,
              "of these %d boards" % active)
    one_reply(env, "show alice next", "epaminondas show alice next", SMALL_CAP,
              "of these %d boards" % active)

    # -- the other long answers under a small cap -------------------------
    text = one_reply(env, "games alice", "epaminondas games alice", SMALL_CAP,
                     "of these %d boards" % BOARDS)
    contains(text, '"epaminondas show alice next"', "games alice: the note says how to ask for fewer")
    text = one_reply(env, "games alice (default cap)", "epaminondas games alice",
                     DEFAULT_CAP, "of these %d boards" % BOARDS)
    text = one_reply(env, "list", "list", SMALL_CAP,
                     "of %d players, by userid" % (PLAYERS + 2))
    contains(text, "%d players." % (PLAYERS + 2), "list: the count is of every player")
    one_reply(env, "standings", "standings all", SMALL_CAP,
              "of %d players, best rating first" % (PLAYERS + 2))
    text = one_reply(env, "history", "history", SMALL_CAP,
                     "most recent of %d finished games" % finished)
    contains(text, "would not fit in one mail", "history: the note says why")
    text = one_reply(env, "history (default cap)", "history", DEFAULT_CAP,
                     "the 200 most recent of %d finished games" % finished)
    text = one_reply(env, "multiple", "multiple", SMALL_CAP,
                     "of the 20 commands of your mail",
                     body="epaminondas games alice\n" * 20)
    contains(text, "--- 20. epaminondas games alice ---",
             "multiple: every command still has its heading")
    contains(text, "Left out: its answer (", "multiple: an answer left out says so")
    contains(text, "Shown: the first ", "multiple: a list in it cuts itself to the room left")

    # -- the HTML part goes first -----------------------------------------
    rc, err, out = ask(env, A, "epaminondas show 103")
    ok(len(out) == 1 and out[0][3].get_content_type() == "multipart/alternative"
       and len(out[0][1]) > SMALL_CAP,
       "show 103 under the default cap: text and HTML, over %d bytes" % SMALL_CAP,
       [(len(o[1]), o[3].get_content_type()) for o in out])
    full_text = body_of(out[0][3]) if out else ""
    rc, err, out = ask(env, A, "epaminondas show 103", cap=SMALL_CAP)
    ok(len(out) == 1 and out[0][3].get_content_type() == "text/plain"
       and len(out[0][1]) <= SMALL_CAP,
       "show 103 under a small cap: the HTML part is dropped",
       [(len(o[1]), o[3].get_content_type()) for o in out])
    is_(body_of(out[0][3]) if out else None, full_text,
        "show 103 under a small cap: the text is whole")
    ok(not mime_problems(out[0][2]) if out else False,
       "show 103 under a small cap: valid MIME")

    # -- the generic cut: a long comment, relayed, cut at a line ----------
    comment = "".join("Line %d: déjà vu, ça va très bien — ✓\n" % i for i in range(3000))
    rc, err, out = ask(env, A, "epaminondas move 103 alice Secret1 a2-a3",
                       body=comment, cap=SMALL_CAP)
    is_(sorted(o[0] for o in out), [A, B], "the move's board mail goes to both players")
    for rcpt, data, raw, msg in out:
        text = body_of(msg).replace("\r\n", "\n")
        ok(len(data) <= SMALL_CAP, "to %s: within the cap" % rcpt,
           "%d bytes" % len(data))
        ok(not mime_problems(raw), "to %s: valid MIME" % rcpt, mime_problems(raw))
        is_(msg.get_content_type(), "text/plain", "to %s: the HTML part went first" % rcpt)
        contains(text, "[This mail was cut here", "to %s: the cut is noted" % rcpt)
        contains(text, "Ask for less", "to %s: the note says how to ask for less" % rcpt)
        kept = text[:text.index("[This mail was cut here")] if "[This" in text else text
        lines = [l for l in kept.splitlines() if l.startswith("Line ")]
        ok(lines and all(re.fullmatch(r"Line \d+: déjà vu, ça va très bien — ✓", l)
                         for l in lines) and "\ufffd" not in text,
           "to %s: cut at a line, every UTF-8 character whole" % rcpt,
           lines[-1:] if lines else kept[-300:])
    ok("a2-a3" in (env.game_file(103) or ""), "the move itself was played")
finally:
    env.close()

# -- flush never sends a truncated file, nor counts a missing one as sent --
env = Env()
# Robot accounts (on by default) would add rows to list and standings;
# test_robots.py checks those.
env.env["EPAMSERV_ROBOTS"] = ""
try:
    outbox = os.path.join(env.spool, "outbox")
    env.mail(A, "help")
    env.new_messages()
    big = (b"Envelope-From: <epamserv@games.example>\r\nEnvelope-To: <" +
           A.encode() + b">\r\nFrom: epamserv@games.example\r\nTo: <" +
           A.encode() + b">\r\nSubject: big\r\nMessage-ID: <big@games.example>\r\n"
           b"MIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\n" +
           (b"x" * 70 + b"\r\n") * (17 * 1024 * 1024 // 72) + b"THE END\r\n")
    with open(os.path.join(outbox, "0000000001.000000000-big-00.eml"), "wb") as f:
        f.write(big)
    rc, out, err = env.run("flush")
    got = env.new_messages()
    is_(len(got), 0, "flush sends no part of a file over its read limit")
    ok(os.path.exists(os.path.join(env.spool, "failed",
                                   "0000000001.000000000-big-00.eml")),
       "the file moves to failed/ whole")
    ok(not os.path.exists(os.path.join(outbox, "0000000001.000000000-big-00.eml")),
       "and leaves the outbox")
    contains(err, "never sent, moved to failed/: larger than", "the log says why")
    try:
        with open(os.path.join(env.spool, "failed",
                               "0000000001.000000000-big-00.eml"), "rb") as f:
            kept = f.read()
    except FileNotFoundError:
        kept = None
    is_(kept == big, True, "failed/ holds the file unchanged")

    nul = (b"Envelope-From: <epamserv@games.example>\r\nEnvelope-To: <" +
           A.encode() + b">\r\nFrom: epamserv@games.example\r\nSubject: nul\r\n"
           b"\r\nbefore\x00after\r\n")
    with open(os.path.join(outbox, "0000000002.000000000-nul-00.eml"), "wb") as f:
        f.write(nul)
    os.symlink("/nonexistent/epamserv-test-gone",
               os.path.join(outbox, "0000000003.000000000-gone-00.eml"))
    rc, out, err = env.run("flush")
    is_(len(env.new_messages()), 0, "flush sends nothing of a file with a NUL in it")
    ok(os.path.exists(os.path.join(env.spool, "failed", "0000000002.000000000-nul-00.eml")),
       "that file moves to failed/")
    contains(err, "0 sent", "a file that cannot be opened is not counted as sent")
    contains(err, "cannot open it", "the log names the file that cannot be opened")
    ok(os.path.islink(os.path.join(outbox, "0000000003.000000000-gone-00.eml")),
       "it stays queued")
    is_(rc, 75, "flush exits 75 while it stays")
finally:
    env.close()
done()
