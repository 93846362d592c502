#!/bin/sh
# Run each libFuzzer target for a bounded time (FUZZ_SECONDS, default 20)
# from its seed corpus, as TAP: one test per target.  A crash input found
# is left in the build directory as crash-* and printed; make it a test.
seconds=${FUZZ_SECONDS:-20}
src=${EPAMSERV_SRCDIR:-.}
n=0
fail=0
for target in fuzz_mail fuzz_rules; do
	n=$((n + 1))
	corpus="fuzz-corpus-$target"
	mkdir -p "$corpus"
	case $target in
	fuzz_mail) seeds="$src/tests/mail" ;;
	*) seeds="$src/tests/fuzz/seeds" ;;
	esac
	if ./tests/fuzz/$target -max_total_time="$seconds" -timeout=10 \
		-rss_limit_mb=2048 -artifact_prefix="./$target-" \
		"$corpus" "$seeds" >"$target.out" 2>&1; then
		echo "ok $n - $target ran ${seconds}s without a crash, leak or hang"
	else
		echo "not ok $n - $target found a failing input"
		tail -40 "$target.out" | sed 's/^/# /'
		fail=1
	fi
done
echo "1..$n"
exit $fail
