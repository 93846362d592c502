# SPDX-License-Identifier: GPL-3.0-or-later
# src/game (level 3): a game on the rules -- its file, clock, options,
# conditional lines, result, ratings, records, and the board drawn in
# text, words and HTML.
src_libepamserv_a_SOURCES += \
	src/game/clock.c src/game/clock.h \
	src/game/game.c src/game/game.h \
	src/game/gamefile.c src/game/gamefile_v4.c src/game/cond.c src/game/result_words.c \
	src/game/options.c src/game/options.h \
	src/game/render.c src/game/render_html.c src/game/render.h \
	src/game/render_words.c \
	src/game/ratings.c src/game/ratings.h \
	src/game/ratings_show.c src/game/ratings_show.h \
	src/game/ratesys.c src/game/ratesys.h \
	src/game/ratetable.c src/game/ratetable.h \
	src/game/record.c src/game/record_json.c src/game/record_read.c \
	src/game/record.h
