#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# version.sh: the version of this build of epamserv (issue 33 item 2).
#
#   version.sh print SRCDIR BASE          the version, one line on stdout
#   version.sh header SRCDIR BASE FILE    FILE, a C header defining
#                                         EPAMSERV_BUILD_VERSION, written
#                                         only when its content changes
#
# BASE is configure's version (AC_INIT, PACKAGE_VERSION).  The version is,
# the first that applies:
#
#   1. SRCDIR/.tarball-version's first line: a tree unpacked from the
#      tarball `make dist` made (the dist-hook writes the file there).
#   2. `git describe --tags --match 'v[0-9]*' --dirty` of SRCDIR, when
#      SRCDIR itself is a git work tree (its own .git, never a repository
#      around it), without the tag's "v": "1.0.0" for a build of the
#      commit tagged v1.0.0, "1.0.0-12-gabc1234" twelve commits after it,
#      "-dirty" at the end when a tracked file differs from the commit.
#   3. Before the first release tag: BASE, "+g" and the commit's
#      abbreviated hash (`git describe --always --dirty`), e.g.
#      "1.0.0+gabc1234": the "+" (build metadata, as in SemVer) says this
#      is no release and no count of commits after one.
#   4. SRCDIR/.git-archive-version, as `git archive` writes it (its
#      export-subst attribute, .gitattributes): the describe of the
#      commit (line 1, empty before the first release tag) and its
#      abbreviated hash (line 2), read as in 2. and 3.
#   5. BASE alone: no tarball version file and no git (a copy).
#
# When SRCDIR is a work tree that git cannot read now (git missing, or a
# `make install` under fakeroot, whose uid git's safe.directory check
# refuses), the header mode keeps FILE as it is when it exists, so the
# installed binary says what the build said.
set -e

mode=$1
srcdir=$2
base=$3
file=$4

# The version from git, or nothing (status 1) when git cannot tell.
from_git() {
	command -v git >/dev/null 2>&1 || return 1
	git -C "$srcdir" rev-parse --git-dir >/dev/null 2>&1 || return 1
	if v=$(git -C "$srcdir" describe --tags --match 'v[0-9]*' --dirty \
	       2>/dev/null); then
		echo "${v#v}"
	elif h=$(git -C "$srcdir" describe --always --dirty 2>/dev/null); then
		echo "$base+g$h"
	else
		return 1
	fi
}

keep=no
if test -f "$srcdir/.tarball-version"; then
	version=$(sed -n 1p "$srcdir/.tarball-version")
elif test -e "$srcdir/.git"; then
	if ! version=$(from_git); then
		version=$base
		keep=yes
	fi
elif test -f "$srcdir/.git-archive-version" &&
     ! grep -q 'Format:' "$srcdir/.git-archive-version"; then
	d=$(sed -n 1p "$srcdir/.git-archive-version")
	h=$(sed -n 2p "$srcdir/.git-archive-version")
	if test -n "$d"; then
		version=${d#v}
	elif test -n "$h"; then
		version=$base+g$h
	else
		version=$base
	fi
else
	version=$base
fi

# The version goes into a C string and a file name: nothing but these.
case $version in
'' | *[!0-9A-Za-z.+~_-]*)
	echo "version.sh: unusable version '$version': $base instead" >&2
	version=$base
	;;
esac

case $mode in
print)
	echo "$version"
	;;
header)
	if test "$keep" = yes && test -f "$file"; then
		echo "version.sh: git cannot read $srcdir: $file kept" >&2
		exit 0
	fi
	tmp=$file.tmp$$
	{
		echo "/* SPDX-License-Identifier: GPL-3.0-or-later */"
		echo "/* Made by scripts/version.sh: the version of this build. */"
		echo "#define EPAMSERV_BUILD_VERSION \"$version\""
	} > "$tmp"
	if test -f "$file" && cmp -s "$tmp" "$file"; then
		rm -f "$tmp"
	else
		mv -f "$tmp" "$file"
		echo "  GEN      $file ($version)"
	fi
	;;
*)
	echo "usage: version.sh print|header SRCDIR BASE [FILE]" >&2
	exit 64
	;;
esac
