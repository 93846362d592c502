#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`epamserv --version` (issue 33 item 2).  Its first line is
"epamserv VERSION": in a build from a git work tree VERSION is `git
describe --tags --match 'v[0-9]*' --dirty` of the source tree without
the tag's v ("1.0.0", "1.0.0-12-gabc1234"), before the first release
tag configure's version plus "+g" and the commit (`git describe --always
--dirty`); in a build from the tarball (as make distcheck's) the first
line of the tarball's .tarball-version.  scripts/version.sh, which makes
it, is tried on scratch trees: a tarball's file, a repository without a
tag, tagged, a commit after the tag, a changed file, no git at all; its
header is rewritten only when the version changed.  The lines after the
first are whole sentences of the catalogue (German with LANGUAGE=de),
one a kind of versioned file, and what they say is what the binary
writes: a new board is game file version 6, a board with a move's
comment version 7, a user file version 2.  A configuration that does
not load changes nothing of it (only the catalogues' directory is read
from it).  The man pages name
configure's version.  On the old tree --version printed "epamserv 0.1.0"
alone, whatever the commit."""
import os
import re
import shutil
import subprocess
import tempfile

from harness import Env, ok, is_, done, SRCDIR
from langenv import nls

BUILD = os.environ.get("EPAMSERV_BUILDDIR", ".")
SCRIPT = os.path.join(SRCDIR, "scripts", "version.sh")
scratch = tempfile.mkdtemp(prefix="epamserv-version-")


def package_version():
    """configure's version (AC_INIT), from the build's config.h."""
    with open(os.path.join(BUILD, "config.h")) as f:
        return re.search(r'^#define PACKAGE_VERSION "([^"]*)"', f.read(),
                         re.M).group(1)


def git(tree, *args, env=None):
    """git in tree: (exit status, its output stripped)."""
    p = subprocess.run(["git", "-C", tree] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       universal_newlines=True, env=env)
    return p.returncode, p.stdout.strip()


def expected_version(tree, base, env=None):
    """What --version should say for a build of tree, and how that was
    found; (None, why) when the test cannot tell."""
    tarball = os.path.join(tree, ".tarball-version")
    if os.path.isfile(tarball):
        with open(tarball) as f:
            return f.readline().strip(), "the tarball's .tarball-version"
    if not os.path.exists(os.path.join(tree, ".git")):
        return None, "the source is no git work tree and no tarball"
    if not shutil.which("git") or git(tree, "rev-parse", env=env)[0] != 0:
        return None, "git cannot read the source tree"
    rc, out = git(tree, "describe", "--tags", "--match", "v[0-9]*",
                  "--dirty", env=env)
    if rc == 0:
        return out[1:], "git describe"
    rc, out = git(tree, "describe", "--always", "--dirty", env=env)
    return base + "+g" + out, "git describe --always (no release tag)"


def script(mode, tree, base, *rest):
    p = subprocess.run(["/bin/sh", SCRIPT, mode, tree, base] + list(rest),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, env=genv)
    return p.returncode, p.stdout, p.stderr


def po_entries(path):
    """{msgid: msgstr} of a .po file (continued strings joined)."""
    out, key, cur, field = {}, None, None, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r'^(msgid|msgstr) "(.*)"$', line)
            if m:
                field, val = m.group(1), m.group(2)
                if field == "msgid":
                    if key is not None and cur is not None:
                        out[key] = cur
                    key, cur = val, None
                else:
                    cur = val
                continue
            m = re.match(r'^"(.*)"$', line)
            if m and field == "msgid":
                key += m.group(1)
            elif m and field == "msgstr":
                cur += m.group(1)
    if key is not None and cur is not None:
        out[key] = cur
    return {unescape(k): unescape(v) for k, v in out.items()}


def unescape(s):
    return s.replace('\\n', '\n').replace('\\"', '"').replace('\\\\', '\\')


def pattern(fmt):
    """A regular expression for the printf format fmt (%d and %N$d),
    each number a group named by its argument's position."""
    out, pos, n = "", 0, 0
    for m in re.finditer(r"%(?:(\d+)\$)?d", fmt):
        out += re.escape(fmt[pos:m.start()])
        n += 1
        arg = int(m.group(1)) if m.group(1) else n
        out += r"(?P<a%d>\d+)" % arg
        pos = m.end()
    return re.compile("^" + out + re.escape(fmt[pos:]) + "$")


def numbers(m):
    return [int(m.group(k)) for k in sorted(m.groupdict())]


# Git in a scratch home: no configuration of this machine's user.
genv = dict(os.environ, HOME=scratch, GIT_CONFIG_NOSYSTEM="1",
            GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
            GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")

base = package_version()
env = Env(smtp=False)
try:
    # -- the first line: the version of this build -----------------------
    rc, out, err = env.run("--version")
    is_(rc, 0, "--version exits 0")
    is_(err, "", "--version writes nothing on stderr")
    lines = out.splitlines()
    want, how = expected_version(SRCDIR, base)
    if want is None:
        ok(True, "# SKIP %s: the first line not checked" % how)
    else:
        is_(lines[0] if lines else "", "epamserv " + want,
            "the first line is the version from %s" % how)
    bad = os.path.join(env.root, "bad.conf")
    with open(bad, "w") as f:
        f.write("no such setting = 1\n")
    rc2, out2, err2 = env.run("--version", env={"EPAMSERV_CONF": bad})
    ok(rc2 == 0 and out2 == out and err2 == "",
       "a configuration that does not load changes nothing of --version",
       (rc2, out2[:80], err2))
    for name in ("epamserv.1", "epamserv.conf.5", "epamserv-rules.7"):
        with open(os.path.join(SRCDIR, "man", name)) as f:
            th = f.read().split("\n.TH ", 1)[1].split("\n")[0]
        ok('"epamserv %s"' % base in th,
           "%s names configure's version %s" % (name, base), th)

    # -- scripts/version.sh on scratch trees ----------------------------
    tar = os.path.join(scratch, "tarball")
    os.makedirs(tar)
    with open(os.path.join(tar, ".tarball-version"), "w") as f:
        f.write("9.8.7-3-gdeadbee\n")
    is_(script("print", tar, "9.9.9")[1], "9.8.7-3-gdeadbee\n",
        "a tarball's tree: its .tarball-version")
    bare = os.path.join(scratch, "export")
    os.makedirs(bare)
    is_(script("print", bare, "9.9.9")[1], "9.9.9\n",
        "neither a tarball's tree nor a work tree: configure's version")
    inner = os.path.join(scratch, "repo", "sub")
    if not shutil.which("git"):
        ok(True, "# SKIP git is not installed: the work tree cases")
    else:
        repo = os.path.join(scratch, "repo")
        os.makedirs(inner)
        git(repo, "init", "-q", env=genv)
        with open(os.path.join(repo, "a"), "w") as f:
            f.write("one\n")
        git(repo, "add", "a", env=genv)
        git(repo, "commit", "-q", "-m", "one", env=genv)
        h = git(repo, "describe", "--always", env=genv)[1]
        is_(script("print", repo, "9.9.9")[1], "9.9.9+g%s\n" % h,
            "no release tag: configure's version, +g and the commit")
        is_(script("print", inner, "9.9.9")[1], "9.9.9\n",
            "a directory inside someone else's repository is no work tree "
            "of ours: configure's version")
        git(repo, "tag", "-a", "-m", "r", "v9.9.9", env=genv)
        git(repo, "tag", "debian/9.9.9-1", env=genv)
        is_(script("print", repo, "9.9.9")[1], "9.9.9\n",
            "the tagged commit: the release (other tags ignored)")
        with open(os.path.join(repo, "a"), "a") as f:
            f.write("two\n")
        is_(script("print", repo, "9.9.9")[1], "9.9.9-dirty\n",
            "a changed file: -dirty")
        git(repo, "commit", "-q", "-a", "-m", "two", env=genv)
        h2 = git(repo, "rev-parse", "--short", "HEAD", env=genv)[1]
        got = script("print", repo, "9.9.9")[1]
        ok(re.match(r"^9\.9\.9-1-g%s[0-9a-f]*\n$" % h2[:7], got),
           "a commit after the tag: the tag, the count and the commit", got)
        is_(expected_version(repo, "9.9.9", genv)[0] + "\n", got,
            "what this test expects of a work tree agrees on the scratch "
            "repository")
        # The header: written when the version changes, else untouched.
        hdr = os.path.join(scratch, "buildversion.h")
        script("header", repo, "9.9.9", hdr)
        with open(hdr) as f:
            text = f.read()
        ok('#define EPAMSERV_BUILD_VERSION "%s"' % got.strip() in text,
           "the header holds the version", text)
        os.utime(hdr, (1000000000, 1000000000))
        script("header", repo, "9.9.9", hdr)
        is_(os.stat(hdr).st_mtime, 1000000000,
            "the same version: the header is not rewritten (nothing "
            "rebuilds)")
        git(repo, "commit", "-q", "--allow-empty", "-m", "three", env=genv)
        script("header", repo, "9.9.9", hdr)
        with open(hdr) as f:
            ok('"9.9.9-2-g' in f.read(),
               "a new commit: the header says it")
        ok(os.stat(hdr).st_mtime != 1000000000,
           "a new commit: the header is rewritten (version.c rebuilds)")
        rc, _, err = script("header", repo, "9.9.9", hdr)
        is_(rc, 0, "the header mode exits 0")
        # git archive: the export-subst file says the commit's version.
        shutil.copy(os.path.join(SRCDIR, ".git-archive-version"), repo)
        shutil.copy(os.path.join(SRCDIR, ".gitattributes"), repo)
        git(repo, "add", ".git-archive-version", ".gitattributes", env=genv)
        git(repo, "commit", "-q", "-m", "four", env=genv)
        want = script("print", repo, "9.9.9")[1]
        exp = os.path.join(scratch, "archive")
        os.makedirs(exp)
        arch = subprocess.run("git -C '%s' archive HEAD | tar -x -C '%s'" %
                              (repo, exp), shell=True, env=genv)
        ok(arch.returncode == 0 and want.startswith("9.9.9-3-g"),
           "git archive of a commit after the tag", want)
        is_(script("print", exp, "9.9.9")[1], want,
            "an export by git archive: the commit's version, as in its "
            "work tree")

    # -- the format lines: whole sentences of the catalogue -------------
    catalogue = po_entries(os.path.join(SRCDIR, "po", "de.po"))
    formats = {msgid: (pattern(msgid.rstrip("\n")),
                       pattern(msgstr.rstrip("\n")))
               for msgid, msgstr in catalogue.items()
               if re.search(r": reads (and writes )?versions? %", msgid)}
    ok(len(formats) >= 10, "the catalogue has the format sentences",
       len(formats))
    said = {}
    for line in lines[1:]:
        hit = [(k, m) for k, (p, _) in formats.items()
               for m in [p.match(line)] if m]
        ok(len(hit) == 1, "a whole sentence of the catalogue: %s" % line)
        if hit:
            said[hit[0][0]] = numbers(hit[0][1])
    ok(len(lines) - 1 >= 10 and len(said) == len(lines) - 1,
       "one sentence a kind of file, none twice", lines)
    game = [v for k, v in said.items() if k.startswith("Game files:")]
    user = [v for k, v in said.items() if k.startswith("User files:")]
    is_(len(game), 1, "a line for game files")
    is_(len(user), 1, "a line for user files")

    if not nls(env):
        ok(True, "# SKIP built without NLS: the German lines")
    else:
        rc, de, err = env.run("--version", env={"LANGUAGE": "de"})
        de = de.splitlines()
        is_(de[:1], lines[:1], "German: the first line is the same data")
        is_(len(de), len(lines), "German: as many lines")
        for en_line, de_line in zip(lines[1:], de[1:]):
            for k, (p, p_de) in formats.items():
                m = p.match(en_line)
                if m:
                    m_de = p_de.match(de_line)
                    ok(m_de and numbers(m_de) == numbers(m),
                       "German: %s" % de_line, "expected: " + catalogue[k])

    # -- what they say is what the binary writes -------------------------
    for who in ("alice", "bob"):
        env.signup("%s@example.org" % who, who, who[0])
    env.start_game("alice", "bob", 101)
    env.start_game("alice", "bob", 102)
    env.mail("alice@example.org", "epaminondas move 102 alice a e2-e3",
             "Good luck!\n")

    def first(text):
        return (text or "").split("\n", 1)[0]

    if game:
        oldest, newest, plain, commented = game[0]
        is_(first(env.game_file(101)), "epamserv-game %d" % plain,
            "a board without comments is written as the version said")
        is_(first(env.game_file(102)), "epamserv-game %d" % commented,
            "a board whose move carries a comment is written as the "
            "version said")
        is_(newest, max(plain, commented), "the newest read is the newest "
            "written")
    if user:
        is_(first(env.user_file("alice")), "epamserv-user %d" % user[0][2],
            "a user file is written as the version said")
finally:
    env.close()
    shutil.rmtree(scratch, ignore_errors=True)
done()
