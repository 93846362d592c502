#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/rating_robots.sh - the robot results of bench/rating_bench (issue
# 34 item 2): `epamserv match` between every two of random, greedy,
# level:1, level:2 and level:3 (true order: that one, weakest first),
# GAMES games a pair (both colours of each opening of 4 random plies,
# seed 34), written as one "WHITE BLACK SCORE" line a game (SCORE 1,
# 1/2 or 0 for White), pairs interleaved: game 1 of every pair, then
# game 2 of every pair, and so on.
#
# usage: sh bench/rating_robots.sh [GAMES] > bench/rating_robots.txt
#   GAMES       games a pair (default 24)
#   EPAMSERV    the binary (default: _build/src/epamserv, else
#               src/epamserv, from the current directory)
# Runs under nice, one process: the machine is shared.  About 10 minutes
# of one core at 24 games a pair.
set -eu

games=${1:-24}
bin=${EPAMSERV:-}
if [ -z "$bin" ]; then
	if [ -x _build/src/epamserv ]; then bin=_build/src/epamserv
	else bin=src/epamserv; fi
fi
players="random greedy level:1 level:2 level:3"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pair=0
for a in $players; do
	for b in $players; do
		[ "$a" \< "$b" ] || continue
		pair=$((pair + 1))
		nice "$bin" match "$a" "$b" --games "$games" --jobs 1 \
			--openings 4 --seed 34 --verbose > "$tmp/$pair"
	done
done
echo "# SPDX-License-Identifier: GPL-3.0-or-later"
echo "# made by: sh bench/rating_robots.sh $games (epamserv match, seed 34)"
for f in "$tmp"/*; do
	# "game N: white A, black B: white wins (...)" -> "N PAIR A B SCORE"
	sed -n 's/^game \([0-9]*\): white \([^,]*\), black \([^ ]*\): \([a-z]*\) .*/\1 \2 \3 \4/p' "$f" |
	while read -r n w b res; do
		case $res in
		white) s=1 ;;
		black) s=0 ;;
		*) s=1/2 ;;
		esac
		echo "$n $(basename "$f") $w $b $s"
	done
done | sort -n -k1,1 -k2,2 | cut -d' ' -f3-
