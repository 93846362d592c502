# SPDX-License-Identifier: GPL-3.0-or-later
# bench: benchmark programs (see BENCHMARKS.md); perft_bench is in src/rules/local.mk

# Spool benchmarks (bench/spool_bench.py): the baseline of the batch
# throughput figure.
noinst_PROGRAMS += bench/baseline_fsync
bench_baseline_fsync_SOURCES = bench/baseline_fsync.c bench/baseline.c \
	bench/baseline.h
# ... and its second baseline (issue 35): a move's durable work, naively.
noinst_PROGRAMS += bench/naive_move
bench_naive_move_SOURCES = bench/naive_move.c bench/baseline.c \
	bench/baseline.h
EXTRA_DIST += bench/spool_bench.py bench/startup_bench.py bench/same_mails.py
# The ratings table (issue 35): a move mail at 0 to 100,000 results.
EXTRA_DIST += bench/ratings_table_bench.py
EXTRA_DIST += bench/outbox_bench.py bench/prune_bench.py bench/sweep_bench.py \
	bench/index_bench.py \
	bench/web_bench.py bench/robot_load.py bench/web_inc_bench.py \
	bench/robot_batch.py

# Engine speed (issue 16): nodes/s against perft in the same run, depth
# reached in one second (bench/engine_bench.c, BENCHMARKS.md).
noinst_PROGRAMS += bench/engine_bench
bench_engine_bench_SOURCES = bench/engine_bench.c
bench_engine_bench_LDADD = src/engine/libengine.a src/rules/librules.a
EXTRA_DIST += bench/ladder.sh
# The evaluation's speed against the move generator, and self-play
# matches between two settings of its weights (engine/eval.h).
noinst_PROGRAMS += bench/eval_bench bench/eval_selfplay
bench_eval_bench_SOURCES = bench/eval_bench.c
bench_eval_bench_LDADD = src/engine/libengine.a src/rules/librules.a
bench_eval_selfplay_SOURCES = bench/eval_selfplay.c
bench_eval_selfplay_LDADD = src/engine/libengine.a src/rules/librules.a
# Rating systems (issue 34): each system's prediction of every game
# before it is played, on synthetic communities and robot matches.
noinst_PROGRAMS += bench/rating_bench
bench_rating_bench_SOURCES = bench/rating_bench.c
bench_rating_bench_LDADD = src/libepamserv.a
EXTRA_DIST += bench/rating_robots.txt bench/rating_robots.sh
