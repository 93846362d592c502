#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/ladder.sh - the engine's strength ladder (issue 16 item 5), with
# `epamserv match`:
#   each level against the one below it   score >= 70%
#   the top level against random           every game won
#   the top level against greedy           score >= 95%
#   the top level against the reference    score >= 75%
#     player at equal nodes (ref:level:TOP)
# each over GAMES games (both colours, openings of PLIES random plies).
#
# usage: sh bench/ladder.sh [--quick] [--games N] [--jobs N]
#                           [--openings PLIES] [--seed N] [RULE OPTIONS...]
#   --quick     20 games a row instead of 200 (a look, not a verdict)
#   EPAMSERV    the binary (default: _build/src/epamserv, else
#               src/epamserv, from the current directory)
#   TOP         the top level (default 5), BOTTOM the lowest (default 1)
# Prints one line a row (the score, its 95% interval, the time, PASS or
# FAIL) and the total time; exits 0 when every row passes, 1 if not,
# 2 on a usage error.  Runs under nice: the machine is shared.
set -u

games=200
jobs=2
openings=4
seed=1
rules=""
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) games=20 ;;
	--games) games=$2; shift ;;
	--jobs) jobs=$2; shift ;;
	--openings) openings=$2; shift ;;
	--seed) seed=$2; shift ;;
	-h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) rules="$rules $1" ;;
	*) echo "ladder.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done
top=${TOP:-5}
bottom=${BOTTOM:-1}
bin=${EPAMSERV:-}
if [ -z "$bin" ]; then
	for b in _build/src/epamserv src/epamserv; do
		[ -x "$b" ] && { bin=$b; break; }
	done
fi
[ -x "${bin:-}" ] || { echo "ladder.sh: no epamserv binary (set EPAMSERV)" >&2; exit 2; }

fails=0
start=$(date +%s)
echo "ladder: $games games a row, openings of $openings plies, seed $seed," \
     "$jobs jobs, rules:${rules:- default}"
echo "binary: $bin ($("$bin" --version))"

# row NAME PLAYER1 PLAYER2 TEST: one match; TEST is "score>=70" or "all".
row() {
	name=$1 p1=$2 p2=$3 test=$4
	t0=$(date +%s)
	# shellcheck disable=SC2086
	out=$(nice "$bin" match "$p1" "$p2" --games "$games" --jobs "$jobs" \
	      --openings "$openings" --seed "$seed" $rules) || {
		echo "$name: match failed"; fails=$((fails + 1)); return; }
	t1=$(date +%s)
	score=$(echo "$out" | sed -n 's/^score: \([0-9.]*\)%.*/\1/p')
	interval=$(echo "$out" | sed -n 's/^score: [0-9.]*% (95% interval \(.*\))$/\1/p')
	result=$(echo "$out" | sed -n 's/^result: [^ ]* //p')
	wins=$(echo "$out" | sed -n 's/^result: [^ ]* \([0-9]*\) wins.*/\1/p')
	nodes=$(echo "$out" | sed -n 's/^nodes: //p')
	case $test in
	all) pass=$([ "$wins" = "$games" ] && echo PASS || echo FAIL) ;;
	score\>=*) min=${test#score>=}
		pass=$(awk -v s="$score" -v m="$min" 'BEGIN { print (s >= m) ? "PASS" : "FAIL" }') ;;
	esac
	[ "$pass" = PASS ] || fails=$((fails + 1))
	printf '%-22s %6s%%  (%s)  %s  [%s]  %ss  %s (%s)\n' "$name" "$score" \
	       "$interval" "$result" "$nodes" $((t1 - t0)) "$pass" "$test"
}

l=$((bottom + 1))
while [ $l -le $top ]; do
	row "level:$l vs level:$((l - 1))" "level:$l" "level:$((l - 1))" "score>=70"
	l=$((l + 1))
done
row "level:$top vs random" "level:$top" random all
row "level:$top vs greedy" "level:$top" greedy "score>=95"
row "level:$top vs ref" "level:$top" "ref:level:$top" "score>=75"
end=$(date +%s)
echo "total: $((end - start)) s, $fails row(s) failed"
[ $fails -eq 0 ]
