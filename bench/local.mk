# bench: benchmark programs (see BENCHMARKS.md); perft_bench is in src/rules/local.mk
