# bench: benchmark programs (see BENCHMARKS.md); perft_bench is in src/rules/local.mk

# Spool benchmarks (bench/spool_bench.py): the baseline of the batch
# throughput figure.
noinst_PROGRAMS += bench/baseline_fsync
bench_baseline_fsync_SOURCES = bench/baseline_fsync.c
EXTRA_DIST += bench/spool_bench.py
EXTRA_DIST += bench/outbox_bench.py bench/prune_bench.py bench/sweep_bench.py
EXTRA_DIST += bench/ladder.sh
