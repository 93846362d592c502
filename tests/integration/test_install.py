#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""make install into a temporary root, then a game played by mail against
that installation (its binary, templates and sample config) through a
real SMTP server, and `epamserv admin check` passing on its spool."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Server, ok, is_, contains, done, make_mail, by_recipient, body_of

build = os.environ.get("EPAMSERV_BUILDDIR", ".")
# A bindir of its own, so the examples must carry the configured one.
BINDIR = "bindir=/opt/epamserv-test/bin"
root = tempfile.mkdtemp(prefix="epamserv-install-")
server = None
try:
    p = subprocess.run(["make", "-s", "-C", build, "install", "DESTDIR=" + root, BINDIR],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    is_(p.returncode, 0, "make install into a temporary root succeeds")
    found = {}
    for d, _, files in os.walk(root):
        for f in files:
            found[f] = os.path.join(d, f)
    for f in ("epamserv", "epamserv.1", "epamserv.conf.5", "epamserv-rules.7",
              "board.txt", "help.txt", "epamserv.conf.sample"):
        ok(f in found, "the installation has %s" % f)
    spools = [os.path.join(d, x) for d, dirs, _ in os.walk(root) for x in dirs
              if x == "epamserv" and d.endswith("spool")]
    ok(len(spools) == 1 and (os.stat(spools[0]).st_mode & 0o777) == 0o750,
       "the spool is created with mode 0750")
    binary = found.get("epamserv")
    # Issue 33 item 8: no path of the build or source tree in the
    # installed program's code and data (its debugging information, which
    # a package strips into its own, names the sources: strip a copy).
    objcopy = shutil.which("objcopy")
    if binary and objcopy:
        bare_bin = os.path.join(root, "epamserv.stripped")
        subprocess.run([objcopy, "--strip-debug", binary, bare_bin],
                       check=True)
        with open(bare_bin, "rb") as fh:
            image = fh.read()
        os.unlink(bare_bin)
        # The configured directories may lie under a tree (make distcheck
        # installs into the unpacked tarball's _inst): those are wanted.
        with open(os.path.join(build, "config.h"), "rb") as fh:
            for d in re.findall(rb'^#define EPAMSERV_\w+ "([^"]*)"', fh.read(),
                                re.M):
                image = image.replace(d, b"")
        trees = {os.path.abspath(build), os.path.realpath(build),
                 os.path.abspath(os.environ.get("EPAMSERV_SRCDIR", ".")),
                 os.path.realpath(os.environ.get("EPAMSERV_SRCDIR", "."))}
        named = sorted(t for t in trees if len(t) > 1 and t.encode() in image)
        if b"__asan_init" in image or b"__ubsan_handle" in image:
            # AddressSanitizer's globals and UndefinedBehaviorSanitizer's
            # source locations name the sources outside the debugging
            # information: a sanitizer build is for tests, never shipped.
            ok(True, "# SKIP a sanitizer build names its sources in its "
               "own data")
        else:
            is_(named, [], "the installed binary names no path of the "
                "build or source tree")
    else:
        ok(True, "# SKIP no objcopy (binutils) to look at the binary")
    # templates/board.txt, not a language's templates/LANG/board.txt
    templates = next((d for d, _, files in os.walk(root)
                      if "board.txt" in files and d.endswith("/templates")),
                     "/")
    ok(os.path.isfile(os.path.join(templates, "de", "board.txt")),
       "the German templates are installed beside them (templates/de)")

    # The operator's examples under DOCDIR/examples, with this
    # installation's paths (issue 13 item 9): bindir as the binary went,
    # localstatedir as the spool did, no @...@ left.
    bindir = os.path.dirname(binary or "/")[len(root):]
    statedir = os.path.dirname(os.path.dirname(spools[0] if spools else "/"))
    statedir = statedir[len(root):]
    examples = [os.path.join(d, f) for d, _, files in os.walk(root)
                for f in files if "/doc/" in d and "/examples" in d]
    names = sorted(os.path.relpath(x, os.path.dirname(x)) for x in examples)
    units = ("epamserv-flush.service", "epamserv-sweep.service",
             "epamserv-batch.service")
    for f in units + ("epamserv-flush.timer", "epamserv-sweep.timer",
                      "epamserv-batch.timer", "epamserv.cron",
                      "epamserv.logrotate", "epamserv.conf"):
        ok(f in names, "DOCDIR/examples has %s" % f, names)
    ok("README.spool" in found and "/doc/" in found["README.spool"],
       "the spool's README is installed in the doc directory")
    ok("NEWS" in found and "/doc/" in found["NEWS"],
       "NEWS is installed in the doc directory")
    for x in examples + [found.get("README.spool", "/nonexistent")]:
        name = os.path.basename(x)
        with open(x, errors="replace") as fh:
            text = fh.read()
        ok(not re.search(r"@[a-z_]+@", text) and "$(" not in text,
           "%s has no placeholder left" % name)
        if name in units or name == "epamserv.cron":
            contains(text, bindir + "/epamserv ",
                     "%s runs the installed %s/epamserv" % (name, bindir))
            ok("/usr/local/bin" not in text or bindir == "/usr/local/bin",
               "%s names no other bindir" % name)
        if name in units:
            ok(re.search(r"^SuccessExitStatus=75$", text, re.M),
               "%s takes exit 75 as success" % name)
        if name == "epamserv.logrotate":
            contains(text, statedir + "/spool/epamserv/admin.log {",
                     "the logrotate file rotates SPOOL/admin.log")
        if name == "README.spool":
            contains(text, statedir + "/spool/epamserv",
                     "the spool README names the configured spool")

    os.makedirs(os.path.join(root, "smtp"))
    server = Server(os.path.join(root, "smtp"))
    conf = os.path.join(root, "epamserv.conf")
    with open(found["epamserv.conf.sample"]) as f:
        sample = f.read()
    sample = sample.replace("smtp_url = smtp://127.0.0.1:25", "smtp_url = " + server.url)
    sample = "\n".join(l for l in sample.splitlines() if not l.startswith("spool ="))
    with open(conf, "w") as f:
        f.write(sample + "\nspool = %s\ntemplates = %s\nfrom = epamserv@games.example\n"
                "log = %s\n" % (spools[0], templates,
                                 os.path.join(root, "epamserv.log")))
    env = {k: v for k, v in os.environ.items() if not k.startswith("EPAMSERV_")}

    def run(*args, stdin=None):
        return subprocess.run([binary, "--config", conf] + list(args), input=stdin,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=env, timeout=60)

    p = run("config")
    contains(p.stdout.decode(), "spool = " + spools[0],
             "the installed program reads the sample-based config")
    # Issue 31: with no templates setting, the installed binary takes its
    # configured directory (not there, since DESTDIR moved it), never
    # the templates of the source tree it was built from.
    bare = os.path.join(root, "bare.conf")
    with open(bare, "w") as f:
        f.write("spool = %s\n" % spools[0])
    p = subprocess.run([binary, "--config", bare, "config"], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    out = p.stdout.decode()
    contains(out, "templates = %s " % templates[len(root):],
             "the installed binary's default templates are its own, not "
             "the source tree's")
    for sender, subject in [("alice@example.org", "signup alice a"),
                            ("bob@example.org", "signup bob b")]:
        p = run("receive", stdin=make_mail(sender, subject))
        is_(p.returncode, 0, "installed: %s" % subject)
        request = [m for m in server.messages() if sender in m.envelope_to][-1]
        p = run("receive", stdin=make_mail(sender, "Re: " + " ".join(
            str(request["Subject"]).split()), "yes"))
        is_(p.returncode, 0, "installed: the confirmation of %s" % sender)
    for sender, subject in [("alice@example.org",
                             "epaminondas challenge alice bob by alice a"),
                            ("bob@example.org", "epaminondas accept 101 bob b"),
                            ("alice@example.org", "epaminondas move 101 alice a e1-e4"),
                            ("bob@example.org", "epaminondas move 101 bob b e12-e9")]:
        p = run("receive", stdin=make_mail(sender, subject))
        is_(p.returncode, 0, "installed: %s" % subject)
    msgs = by_recipient(server.messages())
    last = msgs.get("alice@example.org", [None])[-1]
    contains(body_of(last) if last else "", "bob played e12-e9",
             "the board mail reached the players through SMTP")
    p = run("admin", "check")
    is_(p.returncode, 0, "epamserv admin check passes on the installed spool")
    # An upgrade: make install again over the spool in use, whose modes
    # and owners the operator set, changes none of them.
    def state(top):
        out = {}
        for d, dirs, files in os.walk(top):
            for x in dirs + files:
                st = os.lstat(os.path.join(d, x))
                out[os.path.relpath(os.path.join(d, x), top)] = (
                    st.st_mode, st.st_uid, st.st_gid)
        st = os.lstat(top)
        out["."] = (st.st_mode, st.st_uid, st.st_gid)
        return out
    os.chmod(spools[0], 0o770)
    os.chmod(os.path.join(spools[0], "games"), 0o700)
    if os.geteuid() == 0:
        os.chown(os.path.join(spools[0], "users"), 65534, 65534)
    before = state(spools[0])
    p = subprocess.run(["make", "-s", "-C", build, "install", "DESTDIR=" + root, BINDIR],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    is_(p.returncode, 0, "make install over an existing installation succeeds")
    after = state(spools[0])
    changed = sorted(k for k in set(before) | set(after)
                     if before.get(k) != after.get(k))
    ok(not changed, "make install leaves the modes and owners of an existing "
       "spool as they were", "changed: %r" % changed[:10])
    contains(p.stdout.decode(), "its modes and owners are left as they are",
             "and says so")
    p = subprocess.run(["make", "-s", "-C", build, "uninstall", "DESTDIR=" + root, BINDIR],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    is_(p.returncode, 0, "make uninstall succeeds")
    left = [x for x in examples + [found.get("README.spool", "/"),
                                   found.get("NEWS", "/")]
            if os.path.exists(x)]
    is_(left, [], "make uninstall removes the examples, the spool README "
        "and NEWS")
finally:
    if server:
        server.stop()
    shutil.rmtree(root, ignore_errors=True)
done()
