#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A log and a data file never change language (issue 31, Left item 2;
issue 32's list of mends before its first translation).  The binary runs
with a tiny German catalogue (msgfmt of a .po written here, found through
EPAMSERV_LOCALEDIR, LANGUAGE=de): the reply to a wrong password is
German, incoming.log's line says reason=wrong-password in English, and
the shipped fail2ban filter (its failregex applied in Python, no
fail2ban needed) still finds the client.  admin.log is English data
while the operator's terminal is German: admin repair logs the file, ply
and line, admin user repair the lines dropped.  A robot's note file
holds data ("held: move"), the held move's sentence made when the
robot's mail is: in German here; a note of the older form (the
headline's text) is still read and sent as it is."""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done, make_mail, body_of, \
    RECEIVED_POSTFIX as RECEIVED, fail2ban_regex

SRCDIR = os.environ.get("EPAMSERV_SRCDIR",
                        os.path.join(os.path.dirname(__file__), "..", ".."))
GERMAN = "falsches Passwort f\u00fcr \u201e%s\u201c (Gro\u00df- und " \
         "Kleinschreibung z\u00e4hlt)"


def msgid_after(path, marker):
    """The msgid of the first _("...") after marker in the source file
    path, its string pieces joined: the test follows the English, which
    other work may reword."""
    with open(os.path.join(SRCDIR, path), encoding="utf-8") as f:
        text = f.read()
    tail = text[text.index(marker) + len(marker):]
    call = re.search(r'_\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*[,)]', tail)
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', call.group(1)))


def msgid_starting(path, start):
    """The msgid of the _("...") in path whose text starts with start."""
    with open(os.path.join(SRCDIR, path), encoding="utf-8") as f:
        text = f.read()
    for call in re.finditer(r'_\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*[,)]', text):
        mid = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', call.group(1)))
        if mid.startswith(start):
            return mid
    return start


def plural_starting(path, start):
    """The (one, many) msgids of the errlang_nsnprintf call in path whose
    first string starts with start, as C source writes them."""
    with open(os.path.join(SRCDIR, path), encoding="utf-8") as f:
        text = f.read()
    for call in re.finditer(r'errlang_nsnprintf\(\w+, \w+,((?:\s*"(?:[^"\\]|'
                            r'\\.)*")+)\s*,((?:\s*"(?:[^"\\]|\\.)*")+)\s*,',
                            text):
        one, many = ("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', g))
                     for g in call.groups())
        if one.startswith(start):
            return one, many
    return start, start


def po_string(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"').replace(
        "\n", "\\n")


def catalogue(root, entries):
    """A German catalogue of entries (msgid, msgstr: msgid as C source
    writes it; or (one, many), (one, many) for a plural) under
    root/locale; the directory, or None without msgfmt."""
    if not shutil.which("msgfmt"):
        return None
    d = os.path.join(root, "locale", "de", "LC_MESSAGES")
    os.makedirs(d)
    po = os.path.join(root, "de.po")
    with open(po, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; '
                'charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; '
                'plural=(n != 1);\\n"\n\n')
        for mid, mstr in entries:
            if isinstance(mid, tuple):    # (one, many), (one, many)
                f.write("msgid \"%s\"\nmsgid_plural \"%s\"\nmsgstr[0] %s\n"
                        "msgstr[1] %s\n\n" % (mid + tuple(
                            po_string(x) for x in mstr)))
            else:
                f.write("msgid \"%s\"\nmsgstr %s\n\n" % (mid,
                                                         po_string(mstr)))
    subprocess.run(["msgfmt", "-o", os.path.join(d, "epamserv.mo"), po],
                   check=True)
    return os.path.join(root, "locale")


def german(localedir):
    """The settings of a German run (German for strangers too) with the
    catalogue under localedir; without one (no msgfmt) the test ends
    here, skipped."""
    if not localedir:
        ok(True, "# SKIP msgfmt not installed")
        done()
    return {"EPAMSERV_LOCALEDIR": localedir, "LANGUAGE": "de",
            "LC_ALL": "C.UTF-8", "EPAMSERV_DEFAULT_LANGUAGE": "de"}


def in_line(env, msgid):
    with open(env.log, encoding="utf-8", errors="replace") as f:
        found = [l for l in f.read().splitlines()
                 if " in: " in l and "msgid=<%s>" % msgid in l]
    return found[-1] if len(found) == 1 else ""


# configure --disable-nls (make distcheck) compiles gettext out: no
# reply is translated, so there is nothing to keep out of the logs.
with open(os.path.join(os.environ.get("EPAMSERV_BUILDDIR", "."),
                       "config.h")) as f:
    if "#define ENABLE_NLS 1" not in f.read():
        print("1..0 # SKIP built without NLS (configure --disable-nls)")
        sys.exit(0)

env = Env()
try:
    wrong = msgid_after("src/commands/auth.c",
                        'c->refusal_key = "wrong-password";')
    replay = msgid_starting("src/game/gamefile.c", "move %s does not replay")
    # "line %d: %s\n" was user_salvage's msgid before admin.log was
    # made English: the catalogue still offers it, the code must not
    # take it.
    localedir = catalogue(env.root, [
        (wrong, GERMAN), (replay, "Zug %s l\u00e4sst sich nicht "
                          "nachspielen: %s"), ("line %d: %s\\n",
                                               "Zeile %d: %s\n"),
        # a log_msg format marked before the log was made English
        ("template %s is missing: using the built-in one (see epamserv "
         "config --check)", "Vorlage %s fehlt: die eingebaute gilt")])
    # German for strangers (default_language) and, below, for alice
    de = german(localedir)
    env.players("alice", "bob")
    env.new_messages()

    # incoming.log: the key, whatever language the reply is in.
    for lang, env_of, msgid in (("English", {}, "en1@x.example"),
                                ("German", de, "de1@x.example")):
        env.receive(make_mail("mallory@evil.example",
                              "change password alice Wrong99 Newpass3",
                              msgid="<%s>" % msgid,
                              headers={"Received": RECEIVED}), env=env_of)
        reply = [m for m in env.new_messages()
                 if "mallory@evil.example" in m.envelope_to]
        text = body_of(reply[-1]) if reply else ""
        ok((GERMAN % "alice") in " ".join(text.split()) if lang == "German"
           else "wrong password for 'alice'" in text,
           "the reply to a wrong password is in %s" % lang, text[:300])
        line = in_line(env, msgid)
        ok(" outcome=refused reason=wrong-password mails=1 " in line,
           "%s reply: incoming.log says reason=wrong-password" % lang, line)
        m = fail2ban_regex().search(line)
        is_(m and m.group("host"), "192.0.2.7",
            "%s reply: the fail2ban filter finds the client" % lang)
    # A refusal without a key: its English text, or see-reply when a
    # catalogue translated it (never the translation).
    for lang, env_of, msgid in (("English", {}, "nokey-en@x.example"),
                                ("German", de, "nokey-de@x.example")):
        if lang == "German":   # a reply goes in its reader's language
            env.run("admin", "user", "language", "alice", "de", "--reason",
                    "a German player", env=de)
        env.receive(make_mail("alice@example.org", "epaminondas move 101 "
                              "alice a e2-e3", msgid="<%s>" % msgid),
                    env=env_of)
        line = in_line(env, msgid)
        ok((' reason="there is no ' if lang ==
            "English" else " reason=see-reply ") in line,
           "%s run: a refusal without a key logs %s" % (
               lang, "its text" if lang == "English" else "see-reply"), line)
    # A log line of log_msg: English (util/log.h), the reply German.
    empty = os.path.join(env.root, "no-templates")
    os.makedirs(empty)
    env.receive(make_mail("alice@example.org", "help",
                          msgid="<tpl@x.example>"),
                env=dict(de, EPAMSERV_TEMPLATES=empty))
    with open(env.log, encoding="utf-8", errors="replace") as f:
        ok(re.search(r"template \S+ is missing: using the built-in one",
                     f.read()), "log_msg's line is English")
    with open(env.log, "rb") as f:
        log = f.read()
    ok(all(b < 0x80 for b in log), "the log holds no translated word",
       [l for l in log.decode("utf-8", "replace").splitlines()
        if any(ord(ch) > 127 for ch in l)])

    # admin.log: English, while the terminal speaks German.
    env.start_game("alice", "bob", 101)
    env.env.update(de)
    for who, mv in (("alice", "e2-e3"), ("bob", "e11-e10"),
                    ("alice", "e3-e4")):
        env.mail(who + "@example.org", "epaminondas move 101 %s %s %s" %
                 (who, who[0], mv))
    damaged = env.game_file(101).replace("move: 3 e3-e4", "move: 3 e3-e9")
    with open(os.path.join(env.spool, "games", "epaminondas", "101.game"),
              "w") as f:
        f.write(damaged)
    rc, out, err = env.run("admin", "repair", "101", "--reason", "cut back")
    ok(rc == 0 and "l\u00e4sst sich nicht nachspielen" in out,
       "admin repair tells the operator in German", (rc, out, err))
    upath = os.path.join(env.spool, "users", "bob")
    with open(upath) as f:
        ugood = f.read()
    with open(upath, "w") as f:
        f.write(ugood.replace("userid: bob\n",
                              "userid: bob\nthis is no field\n"))
    rc, out, err = env.run("admin", "user", "repair", "bob", "--reason",
                           "junk")
    ok(rc == 0 and "this is no field" in out, "admin user repair lists the "
       "line dropped", (rc, out, err))
    with open(os.path.join(env.spool, "admin.log"), "rb") as f:
        alog = f.read().decode("utf-8", "replace")
    ok("games/epaminondas/101.game repaired: cut back to ply 2 (line " in
       alog, "admin.log: the board's file, ply and line", alog)
    ok("users/bob repaired: line " in alog and "this is no field" in alog,
       "admin.log: the user file's lines dropped", alog)
    ok(all(ord(ch) < 128 for ch in alog), "admin.log holds no translated "
       "word", alog)
    # A reply token that is not valid: a key too, in a German run.
    env.receive(make_mail("alice@example.org", "Re: Epaminondas Board 101 "
                          "[#aaaaaaaaaaaaaaaa]", "e2-e3\n",
                          msgid="<tok@x.example>"))
    ok(" outcome=refused reason=bad-token " in in_line(env, "tok@x.example"),
       "a reply token that is not valid: reason=bad-token",
       in_line(env, "tok@x.example"))
finally:
    env.close()

# The robot's note file: data, rendered when the mail is made.
env = Env(smtp=False)
try:
    # the held move's sentence, made when the robot's mail is
    localedir = catalogue(env.root, [(msgid_starting(
        "src/services/result_words.c", "%s played %s."), "%s spielte %s.")])
    de = {"EPAMSERV_LOCALEDIR": localedir, "LANGUAGE": "de",
          "LC_ALL": "C.UTF-8"} if localedir else {}
    env.players("alice")
    env.receive(make_mail("alice@example.org", "epaminondas challenge alice "
                          "robot-club -size=6x7 by alice a"))
    off = {"EPAMSERV_ROBOTS": ""}

    def human_move():
        """alice's example move on board 101 with robots off (no note):
        the move, and the number of plies after it."""
        body = body_of([x for x in env.outbox_messages()
                        if "alice@example.org" in x.envelope_to and
                        "Board 101" in str(x["Subject"])][-1])
        mv = re.search(r'for\s+example\s+"epaminondas\s+move\s+101\s+alice'
                       r'\s+PASSWORD\s+(\S+)"', body).group(1)
        env.receive(make_mail("alice@example.org", "epaminondas move 101 "
                              "alice a %s" % mv), env=off)
        gf = env.game_file(101) or ""
        return mv.split("#")[0], len(re.findall(r"^move", gf, re.M))

    def robot_mail(note, extra):
        """Write the note, let a run play it; the robot's board mail."""
        with open(os.path.join(env.spool, "robot", "epaminondas-101"),
                  "w") as f:
            f.write(note)
        n = len(env.outbox_messages())
        env.receive(make_mail("alice@example.org", "help"), env=extra)
        got = [x for x in env.outbox_messages()[n:]
               if "alice@example.org" in x.envelope_to and
               "Board 101" in str(x["Subject"])]
        return " ".join(body_of(got[-1]).split()) if got else ""

    os.makedirs(os.path.join(env.spool, "robot"), exist_ok=True)
    mv, plies = human_move()
    # The note holds no words: alice's language, German only now that
    # the note is written, is the one her mail is made in (issue 32:
    # each reader's language).
    env.receive(make_mail("alice@example.org", "set alice a language de"),
                env=de)
    text = robot_mail("ply %d\nheld: move\n" % plies, de)
    ok(re.search(r"alice spielte %s\.? robot-club answered" % re.escape(mv),
                 text), "a note's held move is said when the robot's mail "
       "is made, in that moment's language (its reader's)", text[:400])
    env.receive(make_mail("alice@example.org", "set alice a language en"),
                env=de)
    mv, plies = human_move()
    text = robot_mail("ply %d\nheld: move\n" % plies, {})
    ok(re.search(r"alice played %s\.? robot-club answered" % re.escape(mv),
                 text), "and in English without a catalogue", (mv, text[:400]))
    # A note the code before wrote: its headline's text, sent as it is.
    mv, plies = human_move()
    text = robot_mail("ply %d\nalice played her move, as noted." % plies,
                      de)
    ok("alice played her move, as noted. robot-club answered" in text,
       "a note of the older form is read and its text sent", text[:400])
    ok(not os.listdir(os.path.join(env.spool, "robot")),
       "every note was played")
finally:
    env.close()

# A damaged board or user file: the loader's error reaches the log and
# the held/ record in English (util/errlang.h), while the operator's
# terminal reads it in German.  The errors nest: the rules' refusal of
# a move inside the game file's "move %s does not replay: %s".
env = Env()
try:
    single = plural_starting("src/rules/notation.c", "a single piece moves")
    localedir = catalogue(env.root, [
        (replay, "Zug %s l\u00e4sst sich nicht nachspielen: %s"),
        (single, ("ein einzelner Stein zieht ein Feld weit: %s-%s ist %d "
                  "Feld", "ein einzelner Stein zieht ein Feld weit: %s-%s "
                  "sind %d Felder")),
        (msgid_starting("src/game/gamefile.c", "expected 'key: value'"),
         "erwartet: \u201eSchl\u00fcssel: Wert\u201c"),
        (msgid_starting("src/spool/users.c", "%s: missing userid"),
         "%s: Benutzername, Passwort oder Adresse fehlt"),
        (msgid_starting("src/spool/users.c", "%s:%d: malformed user"),
         "%s:%d: fehlerhafter Benutzereintrag")])
    de = german(localedir)
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    for who, mv in (("alice", "e2-e3"), ("bob", "e11-e10")):
        env.mail(who + "@example.org", "epaminondas move 101 %s %s %s" %
                 (who, who[0], mv))
    env.run("admin", "user", "language", "alice", "de", "--reason", "de")
    gpath = os.path.join(env.spool, "games", "epaminondas", "101.game")
    good = env.game_file(101)
    held = os.path.join(env.spool, "held")

    def damaged_run(text, n):
        """Write the game file text, let alice's move meet it in a German
        run: (exit status, the log's new lines, the newest held/ record's
        error line)."""
        with open(gpath, "w") as f:
            f.write(text)
        with open(env.log, "rb") as f:
            seen = len(f.read())
        rc, _ = env.receive(make_mail("alice@example.org", "epaminondas "
                                      "move 101 alice a e3-e4",
                                      msgid="<held%d@x.example>" % n), env=de)
        with open(env.log, "rb") as f:
            lines = f.read()[seen:].decode("utf-8", "replace").splitlines()
        recs = sorted((os.path.join(held, x) for x in os.listdir(held)),
                      key=os.path.getmtime) if os.path.isdir(held) else []
        error = ""
        if recs:
            with open(recs[-1], encoding="utf-8", errors="replace") as f:
                error = "".join(x for x in f.read().splitlines()
                                if x.startswith("error: "))
        return rc, lines, error

    english = ("move e11-e5 does not replay: a single piece moves one "
               "square: e11-e5 is 6 squares")
    rc, lines, error = damaged_run(good.replace("move: 2 e11-e10",
                                                "move: 2 e11-e5"), 1)
    ok(rc == 75, "a move on a board whose file does not replay waits "
       "(exit 75)", rc)
    said = [x for x in lines if "e11-e5" in x]
    ok(len(said) >= 2 and all(english in x for x in said),
       "the log says why the file does not load in English, the rules' "
       "refusal inside the game file's sentence too", said)
    ok(re.fullmatch(r"error: games/epaminondas/101\.game:\d+: " +
                    re.escape(english), error),
       "the held/ record's error line is English", error)
    rc, out, err = env.run("admin", "check", env=de)
    ok("Zug e11-e5 l\u00e4sst sich nicht nachspielen: ein einzelner Stein "
       "zieht ein Feld weit: e11-e5 sind 6 Felder" in out,
       "the operator's terminal reads the loader's error in German",
       (out, err))
    rc, lines, error = damaged_run(good.replace(
        "move: 2 ", "this is no line\nmove: 2 "), 2)
    ok([x for x in lines if "expected 'key: value'" in x] and
       error.endswith(": expected 'key: value'"),
       "a line the game file cannot have: the log and the record in "
       "English", (lines, error))

    def damage_user(userid):
        """Put a line no user file has into userid's file: its path and
        its good text."""
        path = os.path.join(env.spool, "users", userid)
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("userid: %s\n" % userid,
                                 "userid: %s\nno field\n" % userid))
        return path, text

    # A user file that does not parse, met while bob's board mail is made.
    upath, ugood = damage_user("bob")
    rc, lines, error = damaged_run(good, 3)
    ok([x for x in lines if re.search(
        r"users/bob(:\d+)?: (missing userid, password or address|"
        r"malformed user record)", x)],
       "a user file that does not load: the log line is English", lines)
    rc, out, err = env.run("admin", "check", env=de)
    ok(re.search(r"users/bob(:\d+)?: (Benutzername, Passwort oder Adresse "
                 r"fehlt|fehlerhafter Benutzereintrag)", out),
       "and German at the operator's terminal", (out, err))
    # The sender's own user file: his mail is set aside, and the record
    # says why in English (the run is German: default_language).
    with open(upath, "w") as f:
        f.write(ugood)
    damage_user("alice")
    rc, lines, error = damaged_run(good, 4)
    ok(rc == 75 and re.search(r"users/alice(:\d+)?: (missing userid, "
                              r"password or address|malformed user "
                              r"record)$", error),
       "a sender whose user file does not load: the held/ record's error "
       "line is English", (rc, error))
    with open(env.log, "rb") as f:
        log = f.read().decode("utf-8", "replace")
    ok(all(ord(ch) < 128 for ch in log), "the log holds no translated word",
       [x for x in log.splitlines() if any(ord(ch) > 127 for ch in x)])
finally:
    env.close()
done()
