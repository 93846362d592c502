#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Run each libFuzzer target for a bounded time (FUZZ_SECONDS, default 20)
# from its seeds and regression inputs, as TAP: one test per target.  A
# failing input is left in the build directory as TARGET-crash-* (or
# -leak-, -timeout-, -oom-) and the end of the fuzzer's output printed:
# copy it to tests/fuzz/regress/TARGET/ with a name saying what it broke.
#
# The targets that keep a spool (fuzz_process, fuzz_files) make it under
# $TMPDIR: this script points TMPDIR at a directory of its own, on
# /dev/shm when that is writable (fsync costs nothing there: some three
# times the executions per second) unless FUZZ_TMPDIR names another
# base, and removes it at the end, also after a crash.  Their logs go to
# /dev/null (-close_fd_mask=2); the fuzzer's output and their invariant
# messages stay in TARGET.out.
seconds=${FUZZ_SECONDS:-20}
src=${EPAMSERV_SRCDIR:-.}
base=${FUZZ_TMPDIR:-}
if [ -z "$base" ]; then
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		base=/dev/shm
	else
		base=${TMPDIR:-/tmp}
	fi
fi
scratch=$(mktemp -d "$base/epamserv-run-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
trap 'exit 1' INT TERM
n=0
fail=0
for target in fuzz_mail fuzz_rules fuzz_process fuzz_files; do
	n=$((n + 1))
	name=${target#fuzz_}
	corpus="fuzz-corpus-$target"
	mkdir -p "$corpus"
	flags=""
	case $target in
	fuzz_mail) seeds="$src/tests/mail $src/tests/fuzz/seeds/process"
		flags="-dict=$src/tests/fuzz/process.dict" ;;
	fuzz_process) seeds="$src/tests/fuzz/seeds/process $src/tests/mail"
		flags="-dict=$src/tests/fuzz/process.dict -max_len=20000 -close_fd_mask=2" ;;
	fuzz_files) seeds="$src/tests/fuzz/seeds/files"
		flags="-dict=$src/tests/fuzz/files.dict -close_fd_mask=2" ;;
	*) seeds="$src/tests/fuzz/seeds/$name" ;;
	esac
	[ -d "$src/tests/fuzz/regress/$name" ] &&
		seeds="$seeds $src/tests/fuzz/regress/$name"
	# shellcheck disable=SC2086
	if TMPDIR="$scratch" ./tests/fuzz/$target -max_total_time="$seconds" \
		-timeout=10 -rss_limit_mb=2048 -artifact_prefix="./$target-" \
		$flags "$corpus" $seeds >"$target.out" 2>&1; then
		echo "ok $n - $target ran ${seconds}s without a crash, leak or hang"
	else
		echo "not ok $n - $target found a failing input"
		tail -40 "$target.out" | sed 's/^/# /'
		fail=1
	fi
	grep -a -E '^(Done|#[0-9]+[[:space:]]+DONE)' "$target.out" | sed 's/^/# /'
done
echo "1..$n"
exit $fail
