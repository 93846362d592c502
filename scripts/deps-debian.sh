#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Install what epamserv needs to build, test and run on Debian 12, when it
# is missing.  Run as root; does nothing when everything is there.
set -e
PACKAGES="gcc make autoconf automake pkg-config libetpan-dev
 libcurl4-gnutls-dev libcrypt-dev nettle-dev libinih-dev libxml2-dev python3-aiosmtpd dovecot-imapd libpython3.11-testsuite openssl clang libclang-rt-14-dev chromium tidy tzdata s-nail groff-base mandoc gettext"
missing=""
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "installing:$missing"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
