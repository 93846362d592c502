#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The whole test suite, twice: a -Werror build (and make distcheck from
# it), then an AddressSanitizer + UndefinedBehaviorSanitizer build; then
# the libFuzzer targets for a bounded time (clang).  Installs missing Debian packages
# first.  One line a step with its wall-clock time (the tools' output
# goes to log files, whose end is shown when a step fails); ends with the
# whole run's time and one line "N passed, N failed" over both runs.
set -u
cd "$(dirname "$0")/.."
top=$(pwd)
start=$(date +%s)
since() {  # START: " (N s)", the seconds since START
	echo " ($(( $(date +%s) - $1 )) s)"
}
# A step that fails before the suites still ends with the summary line.
sh scripts/deps-debian.sh || { echo "0 passed, 1 failed"; exit 1; }
autoreconf -fi >autoreconf.log 2>&1 ||
	{ cat autoreconf.log; echo "0 passed, 1 failed"; exit 1; }
echo "autoreconf: ok"

summary() {  # NAME FILE: the "# KIND: N" lines of a suite's output as one
	awk -v name="$1" 'index($0, "# ") == 1 && NF == 3 {
		s = s (s ? ", " : "") tolower(substr($2, 1, length($2) - 1)) " " $3 }
		END { print name ": " (s ? s : "no summary") }' "$2"
}

run_suite() {  # NAME CFLAGS
	t=$(date +%s)
	dir="$top/_build-$1"
	rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || return 1
	"$top/configure" --enable-werror CFLAGS="$2" >configure.out 2>&1 ||
		{ cat configure.out; return 1; }
	make -j2 >make.out 2>&1 || { tail -50 make.out; return 1; }
	make -j2 check >check.out 2>&1
	status=$?
	echo "$(summary "$1" check.out)$(since $t)"
	grep -E '^(FAIL|ERROR|XPASS)' check.out || true
	# No summary: the tests did not build (a warning of this build's
	# flags, say): the end of make's output says why.
	grep -q '^# TOTAL:' check.out || tail -40 check.out
	[ $status -eq 0 ] || for f in $(grep -l -E '^(FAIL|ERROR)' \
		$(find . -name '*.log' ! -name test-suite.log ! -name config.log)); do
		echo "==> $f"; grep -v '^ok ' "$f" | head -60
	done
	cd "$top"
	return $status
}

count() {  # KIND: sum of "# KIND: N" over the suite logs
	cat _build-werror/test-suite.log _build-sanitize/test-suite.log \
		_build-fuzz/test-suite.log _build-deb/test-suite.log 2>/dev/null |
		awk -v k="# $1:" 'index($0, k) == 1 { n += $NF } END { print n + 0 }'
}

rc=0
run_suite werror "-g -O2" || rc=1
# The release tarball must build and pass its tests on its own: a quick
# part of them (Makefile.am's DISTCHECK_TESTS; the whole suite just ran).
t=$(date +%s)
(cd _build-werror && make distcheck TESTS='$(DISTCHECK_TESTS)' \
	>distcheck.out 2>&1) &&
	echo "make distcheck: ok$(since $t)" ||
	{ echo "make distcheck: FAILED"; tail -40 _build-werror/distcheck.out; rc=1; }
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	run_suite sanitize "-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" || rc=1
# libFuzzer targets (mail parsing and command reading; positions, moves,
# options and game files; whole mails through commands and replies on a
# scratch spool; the user, outbox, config and record files), each for
# FUZZ_SECONDS (default 20).
fuzz_dir="$top/_build-fuzz"
t=$(date +%s)
rm -rf "$fuzz_dir" && mkdir -p "$fuzz_dir" && (cd "$fuzz_dir" &&
	"$top/configure" --enable-fuzz CC=clang \
		CFLAGS="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" \
		>configure.out 2>&1 && make -j2 >make.out 2>&1 &&
	make check TESTS=tests/fuzz/run-fuzz.sh >check.out 2>&1;
	status=$?; echo "$(summary fuzz check.out)$(since $t)"; grep -E '^(FAIL|ERROR)' check.out;
	[ $status -eq 0 ] || { tail -30 make.out; cat tests/fuzz/run-fuzz.sh.log 2>/dev/null | tail -40; }
	exit $status) || rc=1

# The Debian package built, lintian-clean, installed, the demo run with
# it, removed and purged (root only; scripts/deb-check.sh).
sh scripts/deb-check.sh || rc=1

passed=$(count PASS)
failed=$(( $(count FAIL) + $(count ERROR) + $(count XPASS) ))
[ $rc -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "test-all.sh: done$(since $start)"
echo "$passed passed, $failed failed"
[ $rc -eq 0 ] && [ "$failed" -eq 0 ]
