#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32 item 7: the web site in the operator's language, the setting
web_language (English by default).

Every run has an empty environment, as `env -i` gives, and a tiny German
catalogue of real msgids of src/web/ and the day names, compiled here
into the scratch directory (the setting locale_dir).  Shown:

- with web_language = de every page says <html lang="de">, its words are
  the catalogue's, and the dates a person reads are in the catalogue's
  pattern and day names ("Mo., 30.11.2026, 05:48 UTC"), the same moment
  as the machine dates beside them, which stay ISO 8601 (datetime
  attributes, the feeds' <updated>);
- the English site (the default, and web_language = en while the
  operator's LANGUAGE is German) is byte for byte the same files as
  before: the existing web tests hold it against the old text;
- the operator reads "epamserv web --verbose" in his own language, not
  the site's;
- a change of language rewrites every page, and back again gives the
  English files byte for byte;
- a language without a catalogue: the site stays English (lang="en"),
  said on stderr and by config --check; a name that is no language is
  refused as a setting.
"""
import datetime
import filecmp
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done, po_catalogue
from langenv import pipe_env, nls, skip_all, NO_NLS  # noqa: E402

DAYS_DE = ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."]
GERMAN = [
    ("Games in progress", "Laufende Partien"),
    ("Epaminondas by mail", "Epaminondas per Mail"),
    ("Deadline", "Frist"),
    ("Last change", "Letzte \u00c4nderung"),
    ("%s to move by %s", "%s ist bis %s am Zug"),
    ("{year}-{MM}-{dd} {HH}:{mm} {zone}",
     "{weekday}, {dd}.{MM}.{year}, {HH}:{mm} {zone}"),
    # the operator's terminal
    ("wrote %s\n", "geschrieben: %s\n"),
    ("epamserv: unknown command '%s'\n", "epamserv: unbekannter Befehl '%s'\n"),
] + list(zip(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], DAYS_DE))
DATE_DE = r"(?:%s), (\d\d)\.(\d\d)\.(\d{4}), (\d\d):(\d\d) UTC" % "|".join(
    d.replace(".", r"\.") for d in DAYS_DE)


def site(env, name, lang=None, extra=None):
    """Run epamserv web into root/name with web_language lang (None: the
    default); returns (rc, stdout, stderr, dir)."""
    d = os.path.join(env.root, name)
    e = dict(extra or {})
    if lang:
        e["EPAMSERV_WEB_LANGUAGE"] = lang
    rc, out, err = env.run("web", d, env=e)
    return rc, out, err, d


def pages(d):
    """Every file of the site dir d (relative path: bytes), dotfiles
    too: what the run read is recorded in the spool (SPOOL/web/), never
    in the site."""
    got = {}
    for top, _, files in os.walk(d):
        for f in files:
            p = os.path.join(top, f)
            with open(p, "rb") as fh:
                got[os.path.relpath(p, d)] = fh.read()
    return got


def read(d, path):
    with open(os.path.join(d, path), encoding="utf-8") as f:
        return f.read()


env = Env(smtp=False)
try:
    locale = po_catalogue(env.root, GERMAN)
    if not locale:
        print("1..0 # SKIP msgfmt not installed")
        sys.exit(0)
    pipe_env(env, locale)
    if not nls(env):
        # configure --disable-nls compiles gettext out (make distcheck)
        skip_all(env, NO_NLS)
    env.players("alice", "bob", "carol")
    env.start_game("alice", "bob", 101)
    env.mail("alice@example.org", "epaminondas move 101 alice a a2-a3")
    env.start_game("carol", "alice", 102)

    rc, out, err, en = site(env, "en")
    is_(rc, 0, "the English site is made (web_language unset)")
    english = pages(en)
    ok(english and all(b'<html lang="en">' in v for k, v in english.items()
                       if k.endswith(".html")),
       "every English page says lang=\"en\"", sorted(english))
    board = "boards/epaminondas-101.html"
    ok(re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", read(en, board)),
       "the English board page shows its dates as before")

    rc, out, err, de = site(env, "de", "de")
    is_(rc, 0, "the German site is made (web_language = de)")
    german = pages(de)
    is_(sorted(german), sorted(english), "the same pages in German")
    html = {k: v.decode() for k, v in german.items() if k.endswith(".html")}
    ok(all('<html lang="de">' in v for v in html.values()),
       "every German page says lang=\"de\"",
       [k for k, v in html.items() if '<html lang="de">' not in v])
    index = html["index.html"]
    ok("<h2>Laufende Partien</h2>" in index and
       "<title>Epaminondas per Mail</title>" in index and
       "Games in progress" not in index,
       "the index's words are the catalogue's", index[:600])
    ok("Letzte \u00c4nderung" in index, "umlauts as UTF-8 in a page")
    page = html[board]
    dl = re.search(r'<dt>Frist</dt><dd><time datetime="([0-9T:Z-]+)">'
                   r'([^<]*)</time>', page)
    ok(dl, "the board's deadline: a <time> whose datetime stays ISO 8601",
       page[:2000])
    if dl:
        iso = datetime.datetime.strptime(dl.group(1), "%Y-%m-%dT%H:%M:%SZ")
        want = "%s, %s UTC" % (DAYS_DE[(iso.weekday() + 1) % 7],
                               iso.strftime("%d.%m.%Y, %H:%M"))
        is_(dl.group(2), want, "its text: the German pattern and day name "
            "of the same moment")
    dates = re.findall(DATE_DE, page)
    ok(len(dates) >= 3, "the board's start and last change in German too",
       dates)
    ok(not re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "".join(html.values())),
       "no page keeps an English date")
    ok(re.search(DATE_DE, index) and " ist bis " in index,
       "the index: \"to move by\" and its date in German")
    feed = german["feeds/boards/epaminondas-101.atom"].decode()
    ok(re.search(r"<updated>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ</updated>", feed)
       and not re.search(DATE_DE, feed.split("<entry>")[0]),
       "the feed's <updated> stays ISO 8601", feed[:500])

    # The setting decides, not the operator's environment: web_language
    # en while his LANGUAGE is German gives the English files, and his
    # --verbose lines are German.
    rc, out, err, en2 = site(env, "en2", "en", {"LANGUAGE": "de"})
    is_(rc, 0, "web_language = en under LANGUAGE=de")
    ok(pages(en2) == english, "the English site byte for byte, whatever "
       "the operator's language",
       [k for k in english if pages(en2).get(k) != english[k]])
    ok("geschrieben: index.html" in out and "wrote" not in out,
       "the operator reads --verbose in his language", out[:300])
    rc, out, err, _ = site(env, "de2", "de")
    ok("wrote index.html" in out and "geschrieben" not in out,
       "and an English operator in English while the site is German",
       out[:300])

    # A change of language rewrites every page; back gives the English.
    rc, out, err, _ = site(env, "en", "de")
    ok(rc == 0 and pages(en) == german, "English to German: every page "
       "rewritten", [k for k in german if pages(en).get(k) != german[k]])
    ok("wrote " + board in out, "the board page among them", out[:500])
    rc, out, err, _ = site(env, "en", "en")
    ok(rc == 0 and pages(en) == english,
       "and back to English: the English files byte for byte")
    ok(filecmp.cmp(os.path.join(en, "index.html"),
                   os.path.join(en2, "index.html"), shallow=False),
       "the index as the first run's")

    # A language without a catalogue: English, and said so.
    rc, out, err, fr = site(env, "fr", "fr")
    ok(rc == 0 and "web_language is fr" in err,
       "web_language fr without a catalogue: a line on stderr", err)
    ok(pages(fr) == english, "and the site is English (lang=\"en\")")
    rc, out, err = env.run("config", "--check", env={
        "EPAMSERV_WEB_LANGUAGE": "fr"})
    ok(rc != 0 and "web_language is fr" in err,
       "config --check names it", (rc, err))
    rc, out, err = env.run("config", "--check", env={
        "EPAMSERV_WEB_LANGUAGE": "de"})
    ok("web_language" not in err, "a language with a catalogue passes "
       "config --check", err)
    rc, out, err = env.run("web", os.path.join(env.root, "x"), env={
        "EPAMSERV_WEB_LANGUAGE": "../de"})
    ok(rc != 0 and "web_language" in err and
       not os.path.exists(os.path.join(env.root, "x")),
       "a name that is no language is refused as a setting", (rc, err))
finally:
    env.close()
done()
