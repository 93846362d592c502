# SPDX-License-Identifier: GPL-3.0-or-later
# tests/fuzz: libFuzzer targets, built with ./configure --enable-fuzz
# CC=clang CFLAGS='-fsanitize=fuzzer-no-link,address,undefined', run for a
# bounded time by tests/fuzz/run-fuzz.sh (scripts/test-all.sh does both).
#   fuzz_mail     one raw mail through the parser and the command reader
#   fuzz_rules    positions, moves, options and game files
#   fuzz_process  whole mails through process_mail on a seeded spool
#   fuzz_files    the readers of spool and config files (users, outbox
#                 envelope and back-off, config, auth, rate, addresses,
#                 seeks, tournaments, the league) and of game records
# Seeds: tests/fuzz/seeds/TARGET/; inputs that once broke a target:
# tests/fuzz/regress/TARGET/.
# fuzz_process reads the source tree's templates: a test program's path,
# never the installed binary's (issue 33 item 8).
fuzz_process_cppflags = $(AM_CPPFLAGS) \
	-DEPAMSERV_SRCTEMPLATEDIR='"$(abs_top_srcdir)/templates"'
if FUZZ
noinst_PROGRAMS += tests/fuzz/fuzz_mail tests/fuzz/fuzz_rules \
	tests/fuzz/fuzz_process tests/fuzz/fuzz_files
tests_fuzz_fuzz_mail_SOURCES = tests/fuzz/fuzz_mail.c
tests_fuzz_fuzz_mail_LDADD = $(epamserv_test_libs)
tests_fuzz_fuzz_mail_LDFLAGS = -fsanitize=fuzzer
tests_fuzz_fuzz_rules_SOURCES = tests/fuzz/fuzz_rules.c
tests_fuzz_fuzz_rules_LDADD = $(epamserv_test_libs)
tests_fuzz_fuzz_rules_LDFLAGS = -fsanitize=fuzzer
tests_fuzz_fuzz_process_SOURCES = tests/fuzz/fuzz_process.c \
	tests/fuzz/scratch.c tests/fuzz/scratch.h
tests_fuzz_fuzz_process_LDADD = $(epamserv_test_libs)
tests_fuzz_fuzz_process_CPPFLAGS = $(fuzz_process_cppflags)
tests_fuzz_fuzz_process_LDFLAGS = -fsanitize=fuzzer
tests_fuzz_fuzz_files_SOURCES = tests/fuzz/fuzz_files.c \
	tests/fuzz/scratch.c tests/fuzz/scratch.h
tests_fuzz_fuzz_files_LDADD = $(epamserv_test_libs)
tests_fuzz_fuzz_files_LDFLAGS = -fsanitize=fuzzer
TESTS += tests/fuzz/run-fuzz.sh
endif

# The same targets without libFuzzer, in every build: each seed and each
# regression input once through the target's checks (tests/fuzz/replay.c).
check_PROGRAMS += tests/fuzz/replay_process tests/fuzz/replay_files
TESTS += tests/fuzz/replay_process tests/fuzz/replay_files
tests_fuzz_replay_process_SOURCES = tests/fuzz/replay.c \
	tests/fuzz/fuzz_process.c tests/fuzz/scratch.c tests/fuzz/scratch.h
tests_fuzz_replay_process_LDADD = $(epamserv_test_libs)
tests_fuzz_replay_process_CPPFLAGS = $(fuzz_process_cppflags)
tests_fuzz_replay_files_SOURCES = tests/fuzz/replay.c \
	tests/fuzz/fuzz_files.c tests/fuzz/scratch.c tests/fuzz/scratch.h
tests_fuzz_replay_files_LDADD = $(epamserv_test_libs)

EXTRA_DIST += tests/fuzz/run-fuzz.sh tests/fuzz/fuzz_mail.c \
	tests/fuzz/fuzz_rules.c tests/fuzz/process.dict tests/fuzz/files.dict \
	tests/fuzz/seeds tests/fuzz/regress
