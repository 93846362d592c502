# SPDX-License-Identifier: GPL-3.0-or-later
# src/rules: the pure rules engine (no I/O), its own library so perft,
# tests and benchmarks link nothing else.
noinst_LIBRARIES += src/rules/librules.a
src_rules_librules_a_SOURCES = \
	src/rules/rules.h \
	src/rules/internal.h \
	src/rules/turn.h \
	src/rules/options.c \
	src/rules/position.c \
	src/rules/movegen.c \
	src/rules/count.c \
	src/rules/make.c \
	src/rules/notation.c \
	src/rules/status.c \
	src/rules/losing.c \
	src/rules/symmetry.c \
	src/rules/perft.c \
	src/util/errlang.c src/util/errlang.h
# util/errlang.c is here, not in libepamserv.a, so that the rules' refusals
# keep their English form (util/errlang.h) and perft, the benchmarks and
# the rules' tests still link nothing but this library: it needs only the
# C library.  The program's log and loaders reach it through this library.
# Only these files may include src/rules/internal.h (it #errors without it).
src_rules_librules_a_CPPFLAGS = $(AM_CPPFLAGS) -DEPAM_RULES_OWN

# The perft and moves subcommands of the epamserv binary; src/local.mk
# adds these to src_epamserv_SOURCES (this fragment is included first).
EPAMSERV_RULES_CLI_SOURCES = src/cli/perft.c src/cli/moves.c \
	src/cli/cli_rules.h

# Unit tests of the rules engine (TAP).
check_PROGRAMS += tests/unit/test_rules
UNIT_TESTS += tests/unit/test_rules
tests_unit_test_rules_SOURCES = tests/unit/test_rules.c tests/tap.h
tests_unit_test_rules_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_unit_test_rules_LDADD = src/rules/librules.a

# perft benchmark (RULES.md section 7): bench/perft_bench.
noinst_PROGRAMS += bench/perft_bench
bench_perft_bench_SOURCES = bench/perft_bench.c
bench_perft_bench_LDADD = src/rules/librules.a
