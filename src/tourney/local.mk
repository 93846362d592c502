# SPDX-License-Identifier: GPL-3.0-or-later
# src/tourney: tournament pairing and tie-breaks (issue 17): Berger
# tables, the Dutch Swiss system, knockout brackets, Buchholz and
# Sonneborn-Berger.  Pure (no I/O), its own library for the tournament
# commands, the tests and bench/swiss_bench.
noinst_LIBRARIES += src/tourney/libtourney.a
src_tourney_libtourney_a_SOURCES = \
	src/tourney/tourney.h \
	src/tourney/internal.h \
	src/tourney/berger.c \
	src/tourney/swiss.c \
	src/tourney/swiss_colour.c \
	src/tourney/swiss_floats.c \
	src/tourney/match.c \
	src/tourney/knockout.c \
	src/tourney/tiebreak.c

# Unit tests (TAP).
check_PROGRAMS += tests/unit/test_berger tests/unit/test_swiss \
	tests/unit/test_knockout tests/unit/test_tiebreak
UNIT_TESTS += tests/unit/test_berger tests/unit/test_swiss \
	tests/unit/test_knockout tests/unit/test_tiebreak
tests_unit_test_berger_SOURCES = tests/unit/test_berger.c tests/tap.h
tests_unit_test_berger_LDADD = src/tourney/libtourney.a
tests_unit_test_swiss_SOURCES = tests/unit/test_swiss.c tests/tap.h \
	tests/unit/swiss_sim.h
tests_unit_test_swiss_LDADD = src/tourney/libtourney.a
tests_unit_test_knockout_SOURCES = tests/unit/test_knockout.c tests/tap.h
tests_unit_test_knockout_LDADD = src/tourney/libtourney.a
tests_unit_test_tiebreak_SOURCES = tests/unit/test_tiebreak.c tests/tap.h
tests_unit_test_tiebreak_LDADD = src/tourney/libtourney.a

# Swiss pairing speed: 1,000 players, one round (BENCHMARKS.md).
noinst_PROGRAMS += bench/swiss_bench
bench_swiss_bench_SOURCES = bench/swiss_bench.c tests/unit/swiss_sim.h
bench_swiss_bench_LDADD = src/tourney/libtourney.a
