#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 item 2: replies read the way people write them.

Each reply here is built as the mail program named would send it (its
headers, its quoting, its attribution line, its encoding), answering a
real mail of the server (In-Reply-To and References name it):

  - s-nail, bottom-posted ("On Sun, 6 Dec 2026, epamserv wrote:", then
    "> " lines, quoted-printable): the move below the quote is played;
  - mutt, the move between two quoted blocks, a signature after: played,
    the comment relayed without quote or signature;
  - Gmail, bottom-posted under an attribution folded over two lines
    ("On ... epamserv <" / "epamserv@games.example> wrote:"): played;
  - Outlook, top-posted above "-----Original Message-----" and the
    unquoted original, in answer to a chat mail: the move is played (the
    clock moves on), not relayed as a chat;
  - iPhone Mail in German, bottom-posted under "Am ... schrieb ...:" and
    ending "Von meinem iPhone gesendet", in answer to a chat: a chat of
    the own text alone;
  - claim, bottom-posted (s-nail) and top-posted as "Claim.", in answer
    to the time-out notice of -timeout=claim: the game is won on time;
  - plain words in answer to a board mail: refused with an explanation,
    nothing relayed;
  - a reply whose only move is a line of ours it quotes: nothing played;
  - issue 32 item 6: Outlook for Android in German (top-posted,
    "Gesendet von Outlook für Android", its "Von:/Gesendet:/An:/Betreff:"
    block, quoted-printable), Gmail in French (bottom-posted under "Le
    ... a" / "écrit :" folded inside the verb, base64) and Outlook for
    iOS in Spanish ("Obtener Outlook para iOS", "De:/Enviado:/Para:/
    Asunto:", answering a chat): played or relayed, and neither the
    footer, the attribution nor the header block relayed.  The code
    before relayed the footers and refused the French reply ("not a
    move").

The code before issue 30 (path/to/epamserv-before) refused the s-nail,
mutt, Gmail, German and bottom-posted claim replies ("your reply to the
board mail has no move in it"), relayed the move replied to a chat as a
chat, answered "Claim." with "it is not your turn", and answered plain
words with a note about moves only.  The list of quoted and footer
forms in epamserv(1) is checked against the one table of the code
(src/pipeline/quoting.c)."""
import base64
import email.utils
import os
import quopri
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, SRCDIR, ok, is_, contains, done, body_of, to, \
    make_mail, token_of, kind_of

A, B = "alice@example.org", "bob@example.org"
T0 = 1796083200  # 2026-12-01T00:00:00Z
H = 3600
DAY = 86400


def subject_of(m):
    return " ".join(str(m["Subject"]).split()) if m is not None else ""


def latest(msgs, addr, word=""):
    """The last mail among msgs to addr: a chat (the kind its Message-ID
    names, threadid.h) when word is "chat from ...", else the last mail
    whose subject holds word that is no chat (every mail of a board has
    the game's one subject)."""
    chat = word.startswith("chat")
    got = [m for m in to(msgs, addr)
           if (kind_of(m) == "chat") == chat and
           (chat or word in subject_of(m))]
    return got[-1] if got else None


def quoted(m, prefix="> "):
    """The body of m as a reply quotes it, prefix before every line."""
    text = body_of(m).replace("\r\n", "\n").rstrip("\n") if m is not None \
        else ""
    return "\n".join((prefix + l).rstrip() if l else prefix.rstrip()
                     for l in text.split("\n"))


_n = 0


def reply_bytes(sender, m, body, agent, qp=False, charset="utf-8",
                b64=False):
    """A reply to m (its subject with "Re: ", In-Reply-To and References
    naming it) from sender, with body, as mail program agent writes it;
    qp: quoted-printable, as s-nail and iPhone Mail encode long or
    non-ASCII text; b64: base64, as Gmail and Outlook often do."""
    global _n
    _n += 1
    orig = str(m["Message-ID"]) if m is not None else "<none@x>"
    head = ["Date: Sun, 06 Dec 2026 10:%02d:00 +0000" % (_n % 60),
            "From: %s" % sender, "To: epamserv@games.example",
            "Subject: %s" % ("Re: " + subject_of(m)),
            "Message-ID: <reply%d.%d@example.org>" % (os.getpid(), _n),
            "In-Reply-To: %s" % orig, "References: %s" % orig,
            agent, "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=%s" % charset]
    data = body.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")
    if b64:
        head.append("Content-Transfer-Encoding: base64")
        data = base64.encodebytes(data).replace(b"\n", b"\r\n")
    elif qp:
        head.append("Content-Transfer-Encoding: quoted-printable")
        data = quopri.encodestring(data).replace(b"\r\n", b"\n") \
            .replace(b"\n", b"\r\n")
    else:
        head.append("Content-Transfer-Encoding: 8bit")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + data


env = Env()
env.env["EPAMSERV_ROBOTS"] = ""


def at(t):
    return {"EPAMSERV_NOW": str(T0 + t)}


def send(raw, t):
    return env.receive(raw, env=at(t))


def moves(board):
    return re.findall(r"^move: \d+ (\S+)", env.game_file(board) or "", re.M) \
        or re.findall(r"^\s*\d+\.\s+(\S+)", env.game_file(board) or "", re.M)


def played(board, move):
    return move in (env.game_file(board) or "")


def ended(board):
    return re.search(r"^end: .*$", env.game_file(board) or "", re.M)


try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")
    env.new_messages()
    env.start_game("alice", "bob", 101)
    env.start_game("alice", "bob", 102, "-time=3d+1d/5d -timeout=claim")
    env.start_game("alice", "bob", 103, "-time=3d+1d/5d -timeout=claim")
    msgs = env.new_messages()
    board_a = latest(msgs, A, "Board 101")
    ok(board_a is not None and token_of(board_a),
       "alice has a board mail of 101 with her token",
       [subject_of(m) for m in msgs])

    # -- s-nail, bottom-posted, quoted-printable --------------------------
    body = ("On Sun, 6 Dec 2026, epamserv wrote:\n\n" + quoted(board_a) +
            "\n\na2-a3\n")
    rc, err = send(reply_bytes(A, board_a, body, "User-Agent: s-nail v14.9.24",
                               qp=True), H)
    ok(rc == 0 and played(101, "a2-a3"),
       "s-nail: the move below the quote is played", err[-500:])
    msgs = env.new_messages()
    board_b = latest(msgs, B, "Board 101")

    # -- mutt: the move between two quoted blocks, a signature --------------
    q = quoted(board_b).split("\n")
    body = ("On Sun, Dec 06, 2026 at 10:00:00AM +0000, epamserv wrote:\n" +
            "\n".join(q[:6]) + "\n\na11-a10\n\nYour move, alice.\n\n" +
            "\n".join(q[6:]) + "\n\n-- \nbob, playing from mutt\n")
    rc, err = send(reply_bytes(B, board_b, body,
                               "User-Agent: Mutt/2.2.12 (2023-09-09)"), H + 60)
    ok(rc == 0 and played(101, "a11-a10"),
       "mutt: the move between two quoted blocks is played", err[-500:])
    msgs = env.new_messages()
    board_a = latest(msgs, A, "Board 101")
    text = body_of(board_a) if board_a is not None else ""
    contains(text, "Your move, alice.",
             "mutt: the own text after the move is relayed as the comment")
    ok("playing from mutt" not in text and "> Epaminondas board" not in text
       and "wrote:" not in text,
       "mutt: neither the signature nor the quote nor the attribution is "
       "relayed", text[:1500])

    # -- Gmail: bottom-posted under an attribution folded over two lines -----
    body = ("On Sun, Dec 6, 2026 at 10:02 AM epamserv <\n"
            "epamserv@games.example> wrote:\n\n" + quoted(board_a) +
            "\n\nb2-b3\n")
    rc, err = send(reply_bytes(A, board_a, body,
                               "X-Mailer: Gmail (test shape)"), H + 120)
    ok(rc == 0 and played(101, "b2-b3"),
       "Gmail: the move below a folded attribution is played", err[-500:])
    msgs = env.new_messages()
    board_b = latest(msgs, B, "Board 101")

    # -- a chat, answered by Outlook with a move on top ----------------------
    rc, err = send(reply_bytes(B, board_b, "b11-b10\n", "User-Agent: test"),
                   H + 180)
    msgs = env.new_messages()
    rc, err = env.receive(
        make_mail(B, "epaminondas chat 101 bob b",
                                        "Good luck, alice!"), env=at(H + 200))
    msgs = env.new_messages()
    chat_a = latest(msgs, A, "chat from bob")
    ok(chat_a is not None and token_of(chat_a),
       "alice gets bob's chat with her token", [subject_of(m) for m in msgs])
    before = env.game_file(101)
    body = ("c2-c3\n\nThanks, and here is my move.\n\n"
            "-----Original Message-----\n"
            "From: epamserv <epamserv@games.example>\n"
            "Sent: Sunday, December 6, 2026 10:03 AM\n"
            "To: alice@example.org\n"
            "Subject: %s\n\n%s\n" % (subject_of(chat_a),
                                     body_of(chat_a) if chat_a else ""))
    rc, err = send(reply_bytes(A, chat_a, body,
                               "X-Mailer: Microsoft Outlook 16.0"), H + 240)
    msgs = env.new_messages()
    ok(rc == 0 and played(101, "c2-c3"),
       "Outlook: a move replied to a chat is played (the clock moves on)",
       (err[-500:], [subject_of(m) for m in msgs]))
    ok(latest(msgs, B, "chat from alice") is None and
       latest(msgs, B, "Board 101") is not None,
       "and bob gets the board mail, not a chat",
       [subject_of(m) for m in msgs])
    board_b = latest(msgs, B, "Board 101")
    contains(body_of(board_b) if board_b is not None else "",
             "Thanks, and here is my move.",
             "Outlook: the text after the move goes with it as its comment")
    ok("Original Message" not in (body_of(board_b) if board_b else "") and
       "Good luck" not in (body_of(board_b) if board_b else ""),
       "Outlook: nothing of the unquoted original is relayed")

    # -- iPhone Mail in German: a chat, bottom-posted, with its footer ------
    rc, err = env.receive(
        make_mail(A, "epaminondas chat 101 alice a",
                                        "Gut gespielt bisher."),
        env=at(H + 300))
    msgs = env.new_messages()
    chat_b = latest(msgs, B, "chat from alice")
    body = ("Am So., 6. Dez. 2026 um 10:05 Uhr schrieb epamserv "
            "<epamserv@games.example>:\n\n" + quoted(chat_b) +
            "\n\nSch\u00f6ner Zug, danke!\n\nVon meinem iPhone gesendet\n")
    before = env.game_file(101)
    rc, err = send(reply_bytes(B, chat_b, body, "X-Mailer: iPhone Mail (22B91)",
                               qp=True), H + 360)
    msgs = env.new_messages()
    chat_a = latest(msgs, A, "chat from bob")
    text = body_of(chat_a) if chat_a is not None else ""
    ok(rc == 0 and chat_a is not None and
       "Sch\u00f6ner Zug, danke!" in text,
       "German: the text below \"Am ... schrieb ...:\" is relayed as a chat",
       (err[-500:], [subject_of(m) for m in msgs]))
    ok("iPhone" not in text and "schrieb" not in text and
       "Gut gespielt" not in text,
       "German: neither the footer nor the attribution nor the quote is "
       "relayed", text[:800])
    ok(env.game_file(101) == before, "and nothing is played")

    # -- plain words in answer to a board mail --------------------------------
    board_b = latest(env.server.messages(), B, "Board 101")
    before = env.game_file(101)
    rc, err = send(reply_bytes(B, board_b, "Thanks for the game so far!\n\n" +
                               "On Sun, 6 Dec 2026, epamserv wrote:\n" +
                               quoted(board_b) + "\n", "User-Agent: test"),
                   H + 420)
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and to(msgs, B),
       "plain words replied to a board mail: one answer, to bob alone",
       [(m.envelope_to, subject_of(m)) for m in msgs])
    text = " ".join(body_of(msgs[0]).split()) if msgs else ""
    contains(text, "'Thanks' is not a move",
             "the refusal says the words are no move")
    contains(text, "Only a reply to a chat mail is passed on as a chat",
             "and how to write to the other player")
    ok(env.game_file(101) == before, "nothing is played or stored")

    # -- a line of ours that a reply quotes is never played -----------------
    # bob's legal move b11-b10 stands alone on quoted lines, once "> " and
    # once in Outlook's unquoted original; the reply has no text of its own.
    for name, body in (
            ("a quoted line", "On Sun, 6 Dec 2026, epamserv wrote:\n"
             "> b11-b10\n>\n" + quoted(board_b) + "\n"),
            ("a bar-quoted line", "| b11-b10\n" + quoted(board_b, "| ") +
             "\n"),
            ("Outlook's unquoted original", "\n-----Original Message-----\n"
             "From: epamserv <epamserv@games.example>\n\nb11-b10\n"),
            ("below a signature", "-- \nbob\nb11-b10\n")):
        rc, err = send(reply_bytes(B, board_b, body, "User-Agent: test"),
                       H + 480)
        ok(rc == 0 and env.game_file(101) == before,
           "%s of the mail answered is not played" % name, err[-400:])
    env.new_messages()

    # -- claim in answer to the time-out notice -----------------------------
    for board in (102, 103):
        rc, err = env.receive(make_mail(
            A, "epaminondas move %d alice a e2-e3" % board), env=at(2 * H))
    env.new_messages()
    rc, out, err = env.run("sweep", env=at(3 * DAY + 4 * H))
    msgs = env.new_messages()
    n102 = latest(msgs, A, "Board 102")
    n103 = latest(msgs, A, "Board 103")
    ok(n102 is not None and n103 is not None and
       "ran out" in body_of(n102) and token_of(n102),
       "the sweep tells alice that bob's time ran out on 102 and 103, "
       "with her token", [subject_of(m) for m in msgs])
    contains(" ".join(body_of(n102).split()) if n102 is not None else "",
             "reply to this mail with just claim",
             "the notice says a reply with claim wins")
    body = "On Thu, 3 Dec 2026, epamserv wrote:\n\n" + quoted(n102) + \
        "\n\nclaim\n"
    rc, err = send(reply_bytes(A, n102, body, "User-Agent: s-nail v14.9.24",
                               qp=True), 3 * DAY + 5 * H)
    ok(rc == 0 and ended(102) and "forfeit bob" in ended(102).group(0),
       "claim below the quote of the time-out notice wins 102 on time",
       (err[-500:], env.game_file(102)))
    rc, err = send(reply_bytes(A, n103, "Claim.\n\n" + quoted(n103) + "\n",
                               "User-Agent: test"), 3 * DAY + 5 * H)
    ok(rc == 0 and ended(103) and "forfeit bob" in ended(103).group(0),
       "\"Claim.\" above the quote of the time-out notice wins 103 on time",
       (err[-500:], env.game_file(103)))
    env.new_messages()

    # -- a quote wrapped again by alice's client: bob's words stay his -----
    # bob's chat fills a whole line and ends in "resign"; alice's client
    # wraps the quoted line at 72 and leaves "resign" unquoted under it
    # (Outlook Express, Windows Live Mail); she writes below the quote.
    before = env.game_file(101)
    bait = ("I think you are lost here, honestly the position is hopeless. "
            "So resign")
    rc, err = env.receive(make_mail(B, "epaminondas chat 101 bob b", bait),
                          env=at(3 * DAY + 6 * H))
    chat_a = latest(env.new_messages(), A, "chat from bob")
    lines = []
    for l in quoted(chat_a).split("\n"):
        if bait in l:
            cut = l.rindex(" ", 0, 72)
            lines += [l[:cut], l[cut + 1:]]
        else:
            lines.append(l)
    ok("resign" in lines, "the wrapped quote leaves bob's 'resign' "
       "unquoted on a line of its own", lines)
    rc, err = send(reply_bytes(A, chat_a, "On Sun, 6 Dec 2026, epamserv "
                               "wrote:\n" + "\n".join(lines) +
                               "\n\nNice try.\n", "User-Agent: test"),
                   3 * DAY + 7 * H)
    msgs = env.new_messages()
    ok(rc == 0 and env.game_file(101) == before and
       "resign" not in (env.game_file(101) or ""),
       "the unquoted tail of a wrapped quote is not played as alice's",
       (err[-500:], env.game_file(101)))
    chat_b = latest(msgs, B, "chat from alice")
    contains(body_of(chat_b) if chat_b is not None else "", "Nice try.",
             "and her own words below the quote go to bob as her chat")

    # -- German, French and Spanish clients (issue 32 item 6) ---------------
    # Each reply written as the client named writes it in its language;
    # the old code relayed the footer (or refused the folded attribution
    # as "not a move").  It is bob's move on 101.
    def clean(text, *lines):
        return [w for w in lines if w in text]

    # Outlook for Android in German, top-posted above its header block and
    # the unquoted original, quoted-printable.
    board_b = latest(env.server.messages(), B, "Board 101")
    body = ("c11-c10\n\nSch\u00f6ner Zug!\n\n"
            "Gesendet von Outlook f\u00fcr Android<https://aka.ms/ghei36>\n"
            "________________________________\n"
            "Von: epamserv <epamserv@games.example>\n"
            "Gesendet: Sonntag, 6. Dezember 2026 10:12\n"
            "An: bob@example.org\n"
            "Betreff: %s\n\n%s\n" % (subject_of(board_b), body_of(board_b)))
    rc, err = send(reply_bytes(B, board_b, body,
                               "X-Mailer: Outlook for Android", qp=True),
                   3 * DAY + 8 * H)
    msgs = env.new_messages()
    board_a = latest(msgs, A, "Board 101")
    text = body_of(board_a) if board_a is not None else ""
    ok(rc == 0 and played(101, "c11-c10") and
       "Sch\u00f6ner Zug!" in text,
       "German Outlook for Android: the move above the footer is played, "
       "the comment relayed", (err[-500:], text[:800]))
    is_(clean(text, "Outlook", "Gesendet", "Von:", "Betreff"), [],
        "German Outlook for Android: neither its footer nor its header "
        "block is relayed")

    # Gmail in French, bottom-posted under its attribution folded inside
    # the verb ("... a" / "\u00e9crit\u202f:"), base64.
    body = ("Le dim. 6 d\u00e9c. 2026 \u00e0 10:14, epamserv "
            "<epamserv@games.example> a\n\u00e9crit\u202f:\n\n" +
            quoted(board_a) + "\n\nd2-d3\n\nBien jou\u00e9 !\n")
    rc, err = send(reply_bytes(A, board_a, body, "X-Mailer: Gmail (test "
                               "shape)", b64=True), 3 * DAY + 9 * H)
    msgs = env.new_messages()
    board_b = latest(msgs, B, "Board 101")
    text = body_of(board_b) if board_b is not None else ""
    ok(rc == 0 and played(101, "d2-d3") and "Bien jou\u00e9 !" in text,
       "French Gmail: the move below the folded attribution is played, "
       "the comment relayed", (err[-500:], text[:800]))
    is_(clean(text, "crit", "Le dim."), [],
        "French Gmail: the folded attribution is not relayed")

    # Outlook for iOS in Spanish, top-posted in answer to a chat, 8 bits.
    rc, err = env.receive(make_mail(B, "epaminondas chat 101 bob b",
                                    "Tablas?"), env=at(3 * DAY + 10 * H))
    chat_a = latest(env.new_messages(), A, "chat from bob")
    before = env.game_file(101)
    body = ("\u00a1No, gracias! Sigo jugando.\n\n"
            "Obtener Outlook para iOS<https://aka.ms/o0ukef>\n"
            "________________________________\n"
            "De: epamserv <epamserv@games.example>\n"
            "Enviado: domingo, 6 de diciembre de 2026 10:16\n"
            "Para: alice@example.org\n"
            "Asunto: %s\n\n%s\n" % (subject_of(chat_a), body_of(chat_a)
                                      if chat_a is not None else ""))
    rc, err = send(reply_bytes(A, chat_a, body, "X-Mailer: Outlook for iOS"),
                   3 * DAY + 11 * H)
    msgs = env.new_messages()
    chat_b = latest(msgs, B, "chat from alice")
    text = body_of(chat_b) if chat_b is not None else ""
    ok(rc == 0 and "\u00a1No, gracias! Sigo jugando." in text and
       env.game_file(101) == before,
       "Spanish Outlook for iOS: the text above the footer is relayed as a "
       "chat, nothing played", (err[-500:], text[:800]))
    is_(clean(text, "Outlook", "Asunto", "Enviado", "Tablas"), [],
        "Spanish Outlook for iOS: neither its footer nor its header block "
        "nor the original is relayed")

    # -- the manual lists every form of the code's one table ---------------
    with open(os.path.join(SRCDIR, "src", "pipeline", "quoting.c"),
              encoding="utf-8") as f:
        src = f.read()
    docs = []
    for m in re.finditer(r'DOC\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*\)', src):
        raw = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1)))
        docs.append(raw.encode("ascii").decode("unicode_escape")
                    .encode("latin-1").decode("utf-8"))
    ok(len(docs) >= 30, "the forms' docs are read from quoting.c", docs)
    p = subprocess.run(["groff", "-man", "-rHY=0", "-Tutf8", "-P-c", "-P-b", "-P-u",
                        os.path.join(SRCDIR, "man", "epamserv.1")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    man = p.stdout.decode("utf-8")
    for dash in ("\u2010", "\u2011", "\u2012", "\u2013", "\u2212"):
        man = man.replace(dash, "-")
    man = " ".join(man.replace("\u2019", "'").replace("\u2018", "'")
                   .replace("\u201c", '"').replace("\u201d", '"').split())
    missing = [d for d in docs if " ".join(d.split()) not in man]
    is_(missing, [], "epamserv(1) lists every quoted, attribution, "
        "signature and footer form of quoting.c")
finally:
    env.close()
done()
