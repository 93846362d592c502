#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Debian package (issue 33 item 3) cannot drift from the build's
dependencies: every package scripts/deps-debian.sh installs is in
debian/control's Build-Depends, except the few the package's build and
its dh_auto_test do not use (NOT_BUILD, with why), and every package of
Build-Depends is one deps-debian.sh installs (so CI, which runs the
package's build, has it).  A new test dependency added to deps-debian.sh
alone fails here until debian/control has it too, marked <!nocheck>.
The package itself is built, installed and purged by scripts/deb-check.sh
(the last step of scripts/test-all.sh, as root)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import SRCDIR, ok, is_, done

# In deps-debian.sh, not in Build-Depends.
NOT_BUILD = {
    "gcc": "build-essential, which dpkg-buildpackage assumes",
    "make": "build-essential, which dpkg-buildpackage assumes",
    "clang": "the libFuzzer build of scripts/test-all.sh",
    "libclang-rt-14-dev": "the libFuzzer build of scripts/test-all.sh",
    "debhelper": "Build-Depends names it as debhelper-compat",
    "lintian": "scripts/deb-check.sh, after the build",
}
# In Build-Depends, not in deps-debian.sh.
NOT_DEPS = {
    "debhelper-compat": "debhelper's virtual package (deps-debian.sh: debhelper)",
    "python3": "every python3-* package of deps-debian.sh depends on it",
}


def deps_packages(text):
    """The packages of deps-debian.sh's PACKAGES="..." (a set)."""
    m = re.search(r'^PACKAGES="([^"]*)"', text, re.M)
    return set(m.group(1).split()) if m else set()


def build_depends(text):
    """debian/control's Build-Depends: {package: its restrictions}."""
    m = re.search(r"^Build-Depends:(.*(?:\n[ \t].*)*)", text, re.M)
    out = {}
    for entry in (m.group(1).split(",") if m else []):
        words = entry.split()
        if words:
            out[words[0]] = " ".join(w for w in words[1:] if w.startswith("<"))
    return out


def drift(deps, control):
    """What one file lists and the other lacks, as two sorted lists."""
    bd = build_depends(control)
    pk = deps_packages(deps)
    return (sorted(p for p in pk if p not in bd and p not in NOT_BUILD),
            sorted(p for p in bd if p not in pk and p not in NOT_DEPS))


with open(os.path.join(SRCDIR, "scripts", "deps-debian.sh")) as f:
    deps = f.read()
control_path = os.path.join(SRCDIR, "debian", "control")
ok(os.path.isfile(control_path), "debian/control is there")
control = open(control_path).read() if os.path.isfile(control_path) else ""
bd = build_depends(control)
ok(len(deps_packages(deps)) > 10 and len(bd) > 10,
   "both lists are read", "%d and %d" % (len(deps_packages(deps)), len(bd)))
missing, extra = drift(deps, control)
is_(missing, [], "every package deps-debian.sh installs for the build or "
    "its tests is in Build-Depends")
is_(extra, [], "every Build-Depends is one deps-debian.sh installs")
ok(all(p in deps_packages(deps) for p in NOT_BUILD),
   "NOT_BUILD names only packages of deps-debian.sh")
ok(bd.get("debhelper-compat") == "" and
   re.search(r"debhelper-compat \(= 13\)", control),
   "debhelper-compat 13")
ok(re.search(r"^Standards-Version: 4\.6\.2$", control, re.M),
   "Standards-Version 4.6.2 (Debian 12's)")
# The suite's packages are only for dh_auto_test: marked <!nocheck>.
for p in ("python3-aiosmtpd", "chromium", "dovecot-imapd", "mandoc"):
    is_(bd.get(p), "<!nocheck>", "%s is the tests' alone: <!nocheck>" % p)
for p in ("libetpan-dev", "nettle-dev", "gettext", "pkg-config"):
    is_(bd.get(p), "", "%s is the build's: no restriction" % p)

# The check fails on drift, each way.
more = deps.replace('PACKAGES="', 'PACKAGES="libnot-there-dev ', 1)
is_(drift(more, control)[0], ["libnot-there-dev"],
    "a package added to deps-debian.sh alone fails the check, named")
less = re.sub(r"^ *libxml2-dev,\n", "", control, count=1, flags=re.M)
is_(drift(deps, less)[0], ["libxml2-dev"],
    "a package dropped from Build-Depends fails the check, named")
is_(drift(deps, control.replace("libxml2-dev,", "libxml2-dev, libfoo-dev,", 1))[1],
    ["libfoo-dev"], "a Build-Depends CI does not install fails the check")
done()
