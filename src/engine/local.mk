# SPDX-License-Identifier: GPL-3.0-or-later
# src/engine: the playing engine (search, evaluation, levels) over
# src/rules, pure like it (no I/O); its own library so the robots, think,
# match, tests and benchmarks share it.
noinst_LIBRARIES += src/engine/libengine.a
src_engine_libengine_a_SOURCES = \
	src/engine/engine.h \
	src/engine/internal.h \
	src/engine/engine.c \
	src/engine/zobrist.c \
	src/engine/tt.c \
	src/engine/order.c \
	src/engine/search.c \
	src/engine/eval.h \
	src/engine/eval.c \
	src/engine/eval_scan.h \
	src/engine/eval_scan.c \
	src/engine/levels.c \
	src/engine/players.c \
	src/engine/players.h

# Unit tests of the engine (TAP).
check_PROGRAMS += tests/unit/test_engine
UNIT_TESTS += tests/unit/test_engine
tests_unit_test_engine_SOURCES = tests/unit/test_engine.c tests/tap.h tests/rules_fixture.h
tests_unit_test_engine_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_unit_test_engine_LDADD = src/engine/libengine.a src/rules/librules.a

# The measurement players' tests (TAP): legal moves, wins seen, seeds.
check_PROGRAMS += tests/unit/test_players
UNIT_TESTS += tests/unit/test_players
tests_unit_test_players_SOURCES = tests/unit/test_players.c tests/tap.h tests/rules_fixture.h
tests_unit_test_players_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_unit_test_players_LDADD = src/engine/libengine.a src/rules/librules.a
# The evaluation's own tests (TAP): symmetry, material, crossings, bounds.
check_PROGRAMS += tests/unit/test_eval
UNIT_TESTS += tests/unit/test_eval
tests_unit_test_eval_SOURCES = tests/unit/test_eval.c tests/tap.h tests/rules_fixture.h
tests_unit_test_eval_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
tests_unit_test_eval_LDADD = src/engine/libengine.a src/rules/librules.a
