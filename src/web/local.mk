# SPDX-License-Identifier: GPL-3.0-or-later
# src/web (level 7): the static web site -- boards, players, the index,
# tournaments, the Atom feeds.
src_libepamserv_a_SOURCES += \
	src/web/web.h src/web/out.c \
	src/web/html.c src/web/svg.c src/web/board.c src/web/player.c \
	src/web/index.c src/web/tourney.c src/web/feed.c src/web/site.c \
	src/web/state.c src/web/boardjs.c
