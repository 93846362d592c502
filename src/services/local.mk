# SPDX-License-Identifier: GPL-3.0-or-later
# src/services (issue 31): what commands, sweep, admin and the web site
# share -- clocks and deadlines, board open and save, outgoing mail and
# board composition, robots' turns, the tournament store.  Takes a
# struct svc, never a mail context.  Each file appends its line below.
src_libepamserv_a_SOURCES += src/services/threadid.c src/services/threadid.h
src_libepamserv_a_SOURCES += src/services/svc.c src/services/svc.h
src_libepamserv_a_SOURCES += src/services/clock.c src/services/clock.h
src_libepamserv_a_SOURCES += src/services/outmail.c src/services/outmail.h src/services/tokens.h \
	src/services/tokens.c
src_libepamserv_a_SOURCES += src/services/tokenhash.c src/services/tokenhash.h
# The web site's addresses in mails and the players' web settings
# (issue 18; from src/web, so mails and the site share them).
src_libepamserv_a_SOURCES += src/services/weblink.c src/services/weblink.h \
	src/services/privacy.c src/services/privacy.h
# The tournament store (issue 17): the tournament file, its table and
# a knockout's bracket (from src/cmd; their mail-context half stays in
# src/commands/tourney/tourney_mail.c until the services take a struct svc).
src_libepamserv_a_SOURCES += src/services/tfile.c src/services/tfile.h \
	src/services/ttable.c src/services/ttable.h \
	src/services/tko.c src/services/tko.h
# Account tokens (issue 29), made and checked on a struct svc (from
# src/commands/mail in issue 31).
src_libepamserv_a_SOURCES += src/services/acctoken.c src/services/acctoken.h
# Notices, receipts and the seek sweep (issue 31, from src/commands;
# their commands' wrappers notice_once and receipt_queue stay there).
src_libepamserv_a_SOURCES += src/services/notice.c src/services/notice.h \
	src/services/receipt.c src/services/receipt.h \
	src/services/seek_sweep.c src/services/seek_sweep.h
# Which players are robots (from commands/robots/robot.c) and the HTML
# part of a board mail (from commands/board, issue 31).
src_libepamserv_a_SOURCES += src/services/robot_config.c src/services/robot_config.h \
	src/services/board_html.c src/services/board_html.h
# The words of a game's result (from commands/board/reply.c) and the
# tournament store's half that queues mail (from commands/tourney).
src_libepamserv_a_SOURCES += src/services/result_words.c src/services/result_words.h \
	src/services/headline.c src/services/headline.h \
	src/services/tourney_mail.c src/services/tourney_mail.h
# The days of a leave and the board mail's words about it (from
# commands/accounts/leave.c, issue 31).
src_libepamserv_a_SOURCES += src/services/leave.c src/services/leave.h
# The board mail (from commands/board/reply.c, issue 31; the hooks of
# the mail in hand and the refusal stay there).
src_libepamserv_a_SOURCES += src/services/boardmail.c src/services/boardmail.h
# The order by rating (from commands/tourney/tourney_rounds.c) and the
# league's file and next season's order (from commands/tourney).
src_libepamserv_a_SOURCES += src/services/tourney_rating.c src/services/tourney_rating.h \
	src/services/league_file.c src/services/league.h
# What runs after every move: the conditional lines' answers and the
# queued move (from commands/games/conditional.c and pending.c, issue 31),
# for the move commands and a robot's turn.
src_libepamserv_a_SOURCES += src/services/after_move.c src/services/after_move.h
# The mail at a game's end to whoever asked with notify (from
# commands/games/notify.c, issue 31; the command stays there).
src_libepamserv_a_SOURCES += src/services/notify.c src/services/notify.h
# The engine time of the server and each one's share of it, and the
# robot moves waiting in the order a run plays them (from
# commands/robots, issue 31).
src_libepamserv_a_SOURCES += src/services/engine_time.c src/services/engine_time.h \
	src/services/robot_queue.c src/services/robot_queue.h
# The knot (issue 31): a board's lock, load and save (from
# commands/board/board.c, whose command half stays), the robots' turns
# (from commands/robots), and what the server does to a tournament and
# a league and the sweep's steps (from commands/tourney).  board_save
# calls the robots' note, the notify mail and the tournament's next
# step; the robots' turn and the tournament's rounds call board_save.
src_libepamserv_a_SOURCES += src/services/board.c src/services/board.h \
	src/services/robot.c src/services/robot.h \
	src/services/tourney_rounds.c src/services/tourney_rounds.h \
	src/services/tourney_sweep.c src/services/tourney_sweep.h \
	src/services/league_sweep.c
# What a game's record needs beyond the game (from
# commands/games/record.c, issue 31): the record command and export.
src_libepamserv_a_SOURCES += src/services/record_meta.c src/services/record_meta.h
# A challenge naming a player who has signed off, called off (from
# commands/accounts/signoff.c, issue 31): the command and the sweep.
src_libepamserv_a_SOURCES += src/services/signoff.c src/services/signoff.h
src_libepamserv_a_SOURCES += src/services/stopmail.c src/services/stopmail.h
# The language of a mail's recipient (issue 32).
src_libepamserv_a_SOURCES += src/services/lang.c src/services/lang.h
# The board index kept up to date (issue 35).
src_libepamserv_a_SOURCES += src/services/bindex.c src/services/bindex.h
