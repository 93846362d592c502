#!/usr/bin/python3
"""A log and a data file never change language (issue 31, Left item 2;
issue 32's list of mends before its first translation).  The binary runs
with a tiny German catalogue (msgfmt of a .po written here, found through
EPAMSERV_LOCALEDIR, LANGUAGE=de): the reply to a wrong password is
German, incoming.log's line says reason=wrong-password in English, and
the shipped fail2ban filter (its failregex applied in Python, no
fail2ban needed) still finds the client."""
import configparser
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done, make_mail, body_of

SRCDIR = os.environ.get("EPAMSERV_SRCDIR",
                        os.path.join(os.path.dirname(__file__), "..", ".."))
RECEIVED = ("from mx.attacker.example (mx.attacker.example [192.0.2.7]) "
            "by games.example (Postfix) with ESMTP id 4Q2\r\n"
            "\tfor <epamserv@games.example>; Mon, 30 Nov 2026 06:00:00 +0000")
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


def po_string(s):
    return '"%s"' % s.replace('"', '\\"')


def catalogue(root, entries):
    """A German catalogue of entries (msgid, msgstr: msgid as C source
    writes it) under root/locale; the directory, or None without
    msgfmt."""
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
            f.write("msgid \"%s\"\nmsgstr %s\n\n" % (mid, po_string(mstr)))
    subprocess.run(["msgfmt", "-o", os.path.join(d, "epamserv.mo"), po],
                   check=True)
    return os.path.join(root, "locale")


def fail2ban_regex():
    cp = configparser.ConfigParser()
    cp.read(os.path.join(SRCDIR, "examples", "fail2ban", "epamserv.conf"))
    rx = cp.get("Definition", "failregex")
    return re.compile(rx.replace("<HOST>", r"(?:::f{4,6}:)?(?P<host>\S+)"))


def in_line(env, msgid):
    with open(env.log, encoding="utf-8", errors="replace") as f:
        found = [l for l in f.read().splitlines()
                 if " in: " in l and "msgid=<%s>" % msgid in l]
    return found[-1] if len(found) == 1 else ""


env = Env()
try:
    wrong = msgid_after("src/commands/auth.c",
                        'c->refusal_key = "wrong-password";')
    localedir = catalogue(env.root, [(wrong, GERMAN)])
    if not localedir:
        ok(True, "# SKIP msgfmt not installed")
        done()
    de = {"EPAMSERV_LOCALEDIR": localedir, "LANGUAGE": "de",
          "LC_ALL": "C.UTF-8"}
    env.signup("alice@example.org", "alice", "Secret1")
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
    with open(env.log, "rb") as f:
        log = f.read()
    ok(all(b < 0x80 for b in log), "the log holds no translated word",
       [l for l in log.decode("utf-8", "replace").splitlines()
        if any(ord(ch) > 127 for ch in l)])
finally:
    env.close()
done()
