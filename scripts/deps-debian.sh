#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Install what epamserv needs to build, test and run on Debian 12, when it
# is missing.  Run as root; does nothing when everything is there.  One
# line says what it does; apt's output goes to deps-debian.log in the
# current directory, shown (its end) only when apt fails.  With --list it
# only prints the package list (.ci/run installs from it: the list lives
# here alone).
set -e
PACKAGES="gcc make autoconf automake pkg-config libetpan-dev
 libcurl4-gnutls-dev libcrypt-dev nettle-dev libinih-dev libxml2-dev python3-aiosmtpd dovecot-imapd libpython3.11-testsuite python3-dkim opendkim-tools openssl clang libclang-rt-14-dev chromium tidy tzdata s-nail groff-base mandoc gettext systemd man-db strace
 debhelper lintian"
if [ "${1:-}" = --list ]; then
	echo $PACKAGES
	exit 0
fi
missing=""
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	log=deps-debian.log
	echo "packages: installing$missing (apt's output in $log)"
	if ! { apt-get update -q &&
	       DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing; } \
	     >"$log" 2>&1; then
		tail -40 "$log"
		echo "packages: apt-get failed (all of its output in $log)" >&2
		exit 1
	fi
fi
