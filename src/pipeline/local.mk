# SPDX-License-Identifier: GPL-3.0-or-later
# src/pipeline (issue 31): the mail pipeline -- intake (the command
# words, the writer's own text), authentication scan, tokens in replies,
# the incoming log, held mail, dispatch, the refusal and delivery
# reports.  Each file appends its line below.
src_libepamserv_a_SOURCES += \
	src/pipeline/process.c src/pipeline/process.h \
	src/pipeline/auth_scan.c src/pipeline/auth_scan.h \
	src/pipeline/held.c src/pipeline/held.h \
	src/pipeline/inlog.c src/pipeline/inlog.h \
	src/pipeline/tokens.c src/pipeline/tokens.h \
	src/pipeline/tokenform.c src/pipeline/tokenform.h \
	src/pipeline/dispatch.c src/pipeline/dispatch.h \
	src/pipeline/report.c src/pipeline/report.h \
	src/pipeline/refusal.c src/pipeline/refusal.h \
	src/pipeline/msgreply.c src/pipeline/msgreply.h \
	src/pipeline/acctoken_owner.c src/pipeline/acctoken_owner.h \
	src/pipeline/stranger_spent.c src/pipeline/stranger_spent.h \
	src/pipeline/intake.c src/pipeline/intake.h \
	src/pipeline/boardkey.c src/pipeline/boardkey.h \
	src/pipeline/quoting.c src/pipeline/quoting.h
