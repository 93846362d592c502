# SPDX-License-Identifier: GPL-3.0-or-later
# src/commands (issue 31): the mail commands, one file per command
# family, and the mail command table.  Each file appends its line below.
# Each subdirectory is a command family (like git's builtin/); board/
# holds what several families use on the mail in hand: a board opened
# for a player's command (board.c) and the hooks and refusal of the
# mails it causes (reply.c); the board's save and mail are in
# src/services.
src_libepamserv_a_SOURCES += \
	src/commands/cmd.h src/commands/table.c src/commands/table.h \
	src/commands/help.c src/commands/refuse.c \
	src/commands/auth.c src/commands/auth.h \
	src/commands/auth_words.c src/commands/auth_words.h \
	src/commands/ctx.c src/commands/ctx.h
src_libepamserv_a_SOURCES += \
	src/commands/accounts/accounts.c src/commands/accounts/account.h \
	src/commands/accounts/signup.c src/commands/accounts/limit.c \
	src/commands/accounts/leave.c src/commands/accounts/leave.h \
	src/commands/accounts/message.c src/commands/accounts/message.h \
	src/commands/accounts/signoff.c src/commands/accounts/stopmail.c \
	src/commands/accounts/receipt.c src/commands/accounts/receipt.h \
	src/commands/accounts/notice.c
src_libepamserv_a_SOURCES += \
	src/commands/games/challenge.c src/commands/games/seek.c \
	src/commands/games/answer.c \
	src/commands/games/move.c src/commands/games/pending.c \
	src/commands/games/conditional.c src/commands/games/claim.c \
	src/commands/games/votes.c src/commands/games/show.c \
	src/commands/games/observe.c src/commands/games/notify.c \
	src/commands/games/preview.c src/commands/games/record.c \
	src/commands/games/standings.c \
	src/commands/games/opponents.c src/commands/games/opponents.h
src_libepamserv_a_SOURCES += \
	src/commands/tourney/tournament.c src/commands/tourney/tourney.h \
	src/commands/tourney/league.c
src_libepamserv_a_SOURCES += \
	src/commands/robots/analyse.c
src_libepamserv_a_SOURCES += \
	src/commands/board/board.c src/commands/board/reply.c
# The mail in hand as the commands read it: the account token of a
# reply to its sender, the stranger budget and words (from mail/, whose
# intake and quoting went to src/pipeline in issue 31).
src_libepamserv_a_SOURCES += \
	src/commands/acctoken.c src/commands/acctoken.h \
	src/commands/stranger.h src/commands/stranger_budget.c \
	src/commands/stranger_words.c
