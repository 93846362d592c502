# SPDX-License-Identifier: GPL-3.0-or-later
# templates: every mail the server sends; installed for the operator to
# replace (see epamserv.conf(5), key "templates").
dist_templates_DATA += templates/board.txt templates/error.txt \
	templates/help.txt templates/signup.txt \
	templates/epaminondas-help.txt templates/crossings-help.txt \
	templates/standings.txt templates/history.txt \
	templates/account.txt templates/list.txt templates/message.txt \
	templates/boards.txt templates/chat.txt templates/multiple.txt \
	templates/board.html templates/confirm.txt \
	templates/digest.txt templates/seeks.txt
# issue 17: tournaments
dist_templates_DATA += templates/tournament.txt
# issue 17: the league
dist_templates_DATA += templates/league.txt
# issue 30: the receipt of a message or chat
dist_templates_DATA += templates/receipt.txt
# issue 30: help time (the clocks)
dist_templates_DATA += templates/time-help.txt

# The same templates built into the binary: the fallback for a template
# missing from the operator's directory (src/util/template.h).
EXTRA_DIST += templates/embed.sh
BUILT_SOURCES += src/util/builtin_templates.c
CLEANFILES += src/util/builtin_templates.c
nodist_src_libepamserv_a_SOURCES = src/util/builtin_templates.c
src/util/builtin_templates.c: $(dist_templates_DATA) templates/embed.sh
	$(AM_V_GEN)$(MKDIR_P) src/util && \
	$(SHELL) $(srcdir)/templates/embed.sh $@ $(srcdir) $(dist_templates_DATA)

# Issue 32: the German templates, installed as templates/de/NAME: a
# German reader's mail takes templates/de/NAME before templates/NAME
# (src/util/template.c).  Not built into the binary: an operator's own
# templates directory without de/ gives German players his templates.
templates_dedir = $(pkgdatadir)/templates/de
dist_templates_de_DATA = templates/de/board.txt templates/de/error.txt \
	templates/de/help.txt templates/de/signup.txt \
	templates/de/epaminondas-help.txt templates/de/crossings-help.txt \
	templates/de/standings.txt templates/de/history.txt \
	templates/de/account.txt templates/de/list.txt \
	templates/de/message.txt templates/de/boards.txt \
	templates/de/chat.txt templates/de/multiple.txt \
	templates/de/board.html templates/de/confirm.txt \
	templates/de/digest.txt templates/de/seeks.txt \
	templates/de/tournament.txt templates/de/league.txt \
	templates/de/receipt.txt templates/de/time-help.txt
