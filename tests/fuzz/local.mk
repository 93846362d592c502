# tests/fuzz: libFuzzer targets, built with ./configure --enable-fuzz
# CC=clang CFLAGS='-fsanitize=fuzzer-no-link,address,undefined', run for a
# bounded time by tests/fuzz/run-fuzz.sh (scripts/test-all.sh does both).
if FUZZ
noinst_PROGRAMS += tests/fuzz/fuzz_mail tests/fuzz/fuzz_rules
tests_fuzz_fuzz_mail_SOURCES = tests/fuzz/fuzz_mail.c
tests_fuzz_fuzz_mail_LDADD = $(epamserv_test_libs)
tests_fuzz_fuzz_mail_LDFLAGS = -fsanitize=fuzzer
tests_fuzz_fuzz_rules_SOURCES = tests/fuzz/fuzz_rules.c
tests_fuzz_fuzz_rules_LDADD = $(epamserv_test_libs)
tests_fuzz_fuzz_rules_LDFLAGS = -fsanitize=fuzzer
TESTS += tests/fuzz/run-fuzz.sh
endif
EXTRA_DIST += tests/fuzz/run-fuzz.sh tests/fuzz/fuzz_mail.c \
	tests/fuzz/fuzz_rules.c tests/fuzz/seeds/position-move \
	tests/fuzz/seeds/opening-move tests/fuzz/seeds/options \
	tests/fuzz/seeds/gamefile
