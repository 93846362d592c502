#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package, end to end (issue 33 item 3), on this machine: built
# from a copy of the tree in _build-deb/ (dpkg-buildpackage -us -uc -b;
# the suite is not run again: DEB_BUILD_OPTIONS=nocheck), lintian with no
# error or warning, installed with apt-get (its Depends resolved), the
# installed files looked at (conffiles, units, cron file, man pages, the
# German catalogue), the README's demo (scripts/demo.sh) run with the
# installed /usr/bin/epamserv and a mail taken into the installed spool
# as the epamserv user, removed (nothing left running, the spool kept),
# purged (nothing of the package left but the spool and logs it keeps),
# then installed again and purged with EPAMSERV_PURGE_SPOOL=yes (spool,
# logs and home gone).  At the end the epamserv user and group it made
# are deleted, so the machine is as before.
#
# One line a step; the tools' output goes to _build-deb/*.log, whose end
# is shown when a step fails.  _build-deb/test-suite.log gets "# PASS: N"
# and "# FAIL: N" lines for scripts/test-all.sh's count.  Needs root and a
# machine with no epamserv of its own: it refuses (one "skipped" line,
# exit 0) when not root, or when an epamserv package, /etc/epamserv.conf,
# the spool, its log or home directory, or the user epamserv exists that
# an earlier run of this script did not leave (its mark is
# /var/lib/epamserv-deb-check; such leftovers are purged first).
set -u
cd "$(dirname "$0")/.."
top=$(pwd)
out=$top/_build-deb
mark=/var/lib/epamserv-deb-check
pass=0
fail=0

summary() {  # the counts for test-all.sh
	printf '# PASS: %d\n# FAIL: %d\n' "$pass" "$fail" >"$out/test-suite.log"
}
ok() {  # STEP WORDS
	pass=$((pass + 1)); echo "deb: $1: ok${2:+ ($2)}"
}
failed() {  # STEP LOG WHY: the step failed; the end of its log shown
	fail=$((fail + 1)); echo "deb: $1: FAILED: $3"
	[ -n "$2" ] && [ -f "$2" ] && tail -30 "$2"
	return 0
}
skip() {  # WHY
	echo "deb: skipped: $1"
	summary
	exit 0
}
pkg_state() {  # dpkg's state of the package epamserv (not-installed if none)
	s=$(dpkg-query -W -f='${db:Status-Status}' epamserv 2>/dev/null)
	echo "${s:-not-installed}"
}
apt_quiet() {  # LOG apt-get ARGS...: apt-get without questions, output to LOG
	log=$1; shift
	DEBIAN_FRONTEND=noninteractive apt-get -y -q "$@" >>"$log" 2>&1
}
# running: adds to why when a process of the user epamserv or of the
# installed binary (also once deleted) runs; a build tree's epamserv may.
# From /proc, so that it needs no procps.
running() {
	for p in /proc/[0-9]*; do
		[ "$(stat -c %U "$p" 2>/dev/null)" = epamserv ] &&
			why="$why; process ${p#/proc/} of the user epamserv runs"
		case $(readlink "$p/exe" 2>/dev/null) in
		/usr/bin/epamserv|"/usr/bin/epamserv (deleted)")
			why="$why; process ${p#/proc/} runs /usr/bin/epamserv" ;;
		esac
	done
	return 0
}
# What a purge with EPAMSERV_PURGE_SPOOL=yes and the user's deletion
# leave: nothing of epamserv (leftovers of an earlier run, or this one's).
clean_up() {  # LOG
	if [ "$(pkg_state)" != not-installed ]; then
		EPAMSERV_PURGE_SPOOL=yes apt_quiet "$1" purge epamserv
	fi
	rm -rf /var/spool/epamserv /var/log/epamserv /var/lib/epamserv
	if getent passwd epamserv >/dev/null; then
		deluser --system --quiet epamserv >>"$1" 2>&1
	fi
	if getent group epamserv >/dev/null; then
		delgroup --system --quiet epamserv >>"$1" 2>&1
	fi
	rm -f "$mark"
}

rm -rf "$out" && mkdir -p "$out" || { echo "deb: cannot make $out"; exit 1; }
[ "$(id -u)" = 0 ] || skip "not root (it installs and purges the package)"
command -v dpkg-buildpackage >/dev/null && command -v lintian >/dev/null &&
	command -v apt-get >/dev/null ||
	skip "dpkg-buildpackage, lintian or apt-get missing (scripts/deps-debian.sh)"
if [ -f "$mark" ]; then
	clean_up "$out/cleanup.log"
else
	for f in /etc/epamserv.conf /var/spool/epamserv /var/log/epamserv \
	         /var/lib/epamserv; do
		[ -e "$f" ] || [ -L "$f" ] && skip "$f exists, not made by this test"
	done
	[ "$(pkg_state)" = not-installed ] ||
		skip "a package epamserv is on this machine ($(pkg_state))"
	getent passwd epamserv >/dev/null &&
		skip "the user epamserv exists, not made by this test"
fi
start=$(date +%s)

# Build, from a copy of the tree (git's files, changed ones as they are,
# new ones not ignored; every file of a release tarball).
src=$out/epamserv
mkdir -p "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z -c -o --exclude-standard | tar -cf - --null -T - |
		tar -xf - -C "$src"
else
	tar -cf - --exclude='./_build*' --exclude=./autom4te.cache . |
		tar -xf - -C "$src"
fi
if (cd "$src" && DEB_BUILD_OPTIONS="nocheck parallel=2" \
	dpkg-buildpackage -us -uc -b -Pnocheck) >"$out/build.log" 2>&1; then
	ok build "dpkg-buildpackage -us -uc -b, output in $out/build.log"
else
	failed build "$out/build.log" "dpkg-buildpackage"
	summary
	exit 1
fi
deb=$(ls "$out"/epamserv_*.deb)
changes=$(ls "$out"/epamserv_*.changes)

# lintian: no error, no warning; the info tags counted and kept in the log.
if lintian --fail-on error,warning -I "$changes" >"$out/lintian.log" 2>&1; then
	ok lintian "no error or warning, $(grep -c '^I: ' "$out/lintian.log") info tags in $out/lintian.log"
else
	failed lintian "$out/lintian.log" "lintian --fail-on error,warning"
fi

# Install: the package's Depends resolved by apt.  The mark says the
# user, spool and configuration from now on are this test's.
: >"$mark"
if apt_quiet "$out/install.log" install "$deb" &&
   [ "$(pkg_state)" = installed ]; then
	ok install "apt-get install $(basename "$deb")"
else
	failed install "$out/install.log" "apt-get install"
	clean_up "$out/cleanup.log"
	summary
	exit 1
fi
dpkg -L epamserv | sort >"$out/files.txt"

# The installed files.
why=""
for f in /etc/epamserv.conf /etc/cron.d/epamserv /etc/logrotate.d/epamserv; do
	grep -q -x -F "$f" /var/lib/dpkg/info/epamserv.conffiles 2>/dev/null ||
		why="$why; $f is no conffile"
done
grep -q '^spool = /var/spool/epamserv$' /etc/epamserv.conf &&
	grep -q '^#templates = /usr/share/epamserv/templates$' /etc/epamserv.conf &&
	grep -q '^#locale_dir = /usr/share/locale$' /etc/epamserv.conf ||
	why="$why; /etc/epamserv.conf names other places than Debian's"
# Every unit of examples/, whatever their number; a service runs the
# installed binary.
for f in examples/epamserv-*.service examples/epamserv-*.timer; do
	u=/lib/systemd/system/$(basename "$f")
	case $u in
	*.service) grep -q "^ExecStart=.*/usr/bin/epamserv " "$u" 2>/dev/null ||
		why="$why; $u missing or not running /usr/bin/epamserv" ;;
	*) [ -f "$u" ] || why="$why; $u missing" ;;
	esac
done
# Every job of the cron file (a full path after the user epamserv; a
# comment naming the user is no job) gives way to the timers where
# systemd runs.
grep -E '^#?[^#=]*[[:space:]]epamserv[[:space:]]+(/|\[)' /etc/cron.d/epamserv |
	grep -v -F '[ -d /run/systemd/system ] ||' | grep -q . &&
	why="$why; a job of /etc/cron.d/epamserv runs under systemd too"
for m in epamserv epamserv.conf epamserv-rules; do
	man -w "$m" >/dev/null 2>&1 || why="$why; no manual page $m"
done
[ -f /usr/share/locale/de/LC_MESSAGES/epamserv.mo ] ||
	why="$why; no German catalogue"
[ -f /usr/share/epamserv/templates/board.txt ] &&
	[ -f /usr/share/epamserv/templates/de/board.txt ] ||
	why="$why; the templates are missing"
LANGUAGE=de /usr/bin/epamserv --help >"$out/help-de.txt" 2>&1
LANGUAGE=en /usr/bin/epamserv --help >"$out/help-en.txt" 2>&1
grep -q Aufruf "$out/help-de.txt" && ! grep -q Aufruf "$out/help-en.txt" ||
	why="$why; LANGUAGE=de epamserv --help is not German"
[ "$(stat -c '%U:%G %a' /var/spool/epamserv 2>/dev/null)" = "epamserv:epamserv 750" ] ||
	why="$why; /var/spool/epamserv is not epamserv's, mode 0750"
if [ -z "$why" ]; then
	ok files "conffiles, units, cron file, man pages, templates, catalogue, spool"
else
	failed files "" "${why#; }"
fi

# The README's demo with the installed binary, its own templates and
# catalogue; and a mail taken into the installed spool by the epamserv
# user, with /etc/epamserv.conf.
if EPAMSERV_DEMO_BIN=/usr/bin/epamserv EPAMSERV_DEMO_INSTALLED=1 \
   EPAMSERV_DEMO_DIR="$out/demo" sh scripts/demo.sh >"$out/demo.log" 2>&1 &&
   grep -q "alice wins" "$out/demo.log" &&
   grep -q "mails wait in" "$out/demo.log"; then
	ok demo "scripts/demo.sh with /usr/bin/epamserv, output in $out/demo.log"
else
	failed demo "$out/demo.log" "the demo"
fi
printf 'From: carol@example.org\nTo: epamserv@games.example.org\nSubject: signup carol Secret3\nMessage-ID: <deb-check@example.org>\nDate: Mon, 30 Nov 2026 06:00:00 +0000\n\n' |
	runuser -u epamserv -- /usr/bin/epamserv receive >"$out/receive.log" 2>&1
rc=$?
n=$(ls /var/spool/epamserv/outbox 2>/dev/null | grep -c '\.eml$')
if [ $rc -eq 0 ] && [ "$n" -ge 1 ] &&
   runuser -u epamserv -- /usr/bin/epamserv admin check >>"$out/receive.log" 2>&1; then
	ok spool "a signup taken into /var/spool/epamserv by the epamserv user, admin check clean"
else
	failed spool "$out/receive.log" "receive exit $rc, $n mails in the outbox"
fi

# Remove: nothing of epamserv left running (no process of the user or
# the binary); the conffiles and the spool stay.
why=""
apt_quiet "$out/remove.log" remove epamserv || why="; apt-get remove failed"
[ "$(pkg_state)" = config-files ] || why="$why; state $(pkg_state)"
running  # sets why when something of the package still runs
[ -e /usr/bin/epamserv ] && why="$why; /usr/bin/epamserv is left"
[ -f /etc/epamserv.conf ] || why="$why; the conffile went"
[ -n "$(ls /var/spool/epamserv/outbox 2>/dev/null)" ] || why="$why; the spool went"
if [ -z "$why" ]; then
	ok remove "nothing running, the spool and conffiles kept"
else
	failed remove "$out/remove.log" "${why#; }"
fi

# Purge: nothing of the package left but what it keeps.
why=""
apt_quiet "$out/purge.log" purge epamserv || why="; apt-get purge failed"
[ "$(pkg_state)" = not-installed ] || why="$why; state $(pkg_state)"
# Every file dpkg listed is gone, and every directory of its own (one
# named epamserv); the directories it shares (/usr/share/man/man1, ...)
# are not the package's to remove.
while read -r f; do
	if [ -d "$f" ]; then
		case $f in *epamserv*) why="$why; $f is left" ;; esac
	elif [ -e "$f" ] || [ -L "$f" ]; then
		why="$why; $f is left"
	fi
done <"$out/files.txt"
find /var/lib/systemd/deb-systemd-helper-enabled /etc/systemd/system \
	-name '*epamserv*' 2>/dev/null | grep -q . &&
	why="$why; a timer is still enabled"
running
[ -n "$(ls /var/spool/epamserv/outbox 2>/dev/null)" ] || why="$why; the spool went"
[ -d /var/log/epamserv ] || why="$why; the log directory went"
if [ -z "$why" ]; then
	ok purge "nothing of the package left, the spool and logs kept"
else
	failed purge "$out/purge.log" "${why#; }"
fi

# Installed again over the kept spool (left as it is), then purged with
# EPAMSERV_PURGE_SPOOL=yes: spool, logs and home go.
why=""
apt_quiet "$out/purge-spool.log" install "$deb" || why="; apt-get install failed"
[ -n "$(ls /var/spool/epamserv/outbox 2>/dev/null)" ] ||
	why="$why; the kept spool did not survive a new install"
EPAMSERV_PURGE_SPOOL=yes apt_quiet "$out/purge-spool.log" purge epamserv ||
	why="$why; apt-get purge failed"
for f in /var/spool/epamserv /var/log/epamserv /var/lib/epamserv \
         /etc/epamserv.conf /usr/bin/epamserv; do
	[ -e "$f" ] && why="$why; $f is left"
done
if [ -z "$why" ]; then
	ok purge-spool "EPAMSERV_PURGE_SPOOL=yes apt-get purge: spool, logs and home gone"
else
	failed purge-spool "$out/purge-spool.log" "${why#; }"
fi

clean_up "$out/cleanup.log"
echo "deb: $pass passed, $fail failed in $(( $(date +%s) - start )) s"
summary
[ "$fail" -eq 0 ]
