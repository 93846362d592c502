# src: the shared library of the program (spool, game record, commands,
# mail) and the epamserv binary.  src/rules and src/mail add their own
# files through their local.mk fragments.
noinst_LIBRARIES += src/libepamserv.a
src_libepamserv_a_SOURCES =
src_libepamserv_a_CFLAGS = $(AM_CFLAGS) $(LIBETPAN_CFLAGS) $(LIBCURL_CFLAGS) \
	$(LIBCRYPT_CFLAGS) $(NETTLE_CFLAGS) $(INIH_CFLAGS) $(LIBXML_CFLAGS)

bin_PROGRAMS += src/epamserv
src_epamserv_SOURCES = src/main.c
src_epamserv_LDADD = src/libepamserv.a src/tourney/libtourney.a \
	src/engine/libengine.a src/rules/librules.a \
	$(LIBETPAN_LIBS) $(LIBCURL_LIBS) $(LIBCRYPT_LIBS) $(NETTLE_LIBS) $(INIH_LIBS) \
	$(LIBXML_LIBS) -lm

# Libraries a unit test of the program's shared code links with.
epamserv_test_libs = src/libepamserv.a src/tourney/libtourney.a \
	src/engine/libengine.a src/rules/librules.a \
	$(LIBETPAN_LIBS) $(LIBCURL_LIBS) $(LIBCRYPT_LIBS) $(NETTLE_LIBS) $(INIH_LIBS) \
	$(LIBXML_LIBS)

src_libepamserv_a_SOURCES += \
	src/util/buf.c src/util/buf.h \
	src/util/util.c src/util/util.h src/util/tz.c src/util/tz.h src/util/span.h \
	src/util/conf.c src/util/conf.h \
	src/util/template.c src/util/template.h \
	src/util/log.c src/util/log.h \
	src/util/json.c src/util/json.h src/util/jsonread.c src/util/jsonread.h \
	src/util/magic.c src/util/magic.h \
	src/spool/lock.c src/spool/lock.h \
	src/spool/txn.c src/spool/txn.h src/spool/txnpriv.h \
	src/spool/group.c src/spool/group.h \
	src/spool/backup.c src/spool/backup.h \
	src/spool/spool.c src/spool/spool.h \
	src/spool/users.c src/spool/users.h \
	src/spool/seeks.c src/spool/seeks.h \
	src/spool/addrindex.c src/spool/addrindex.h \
	src/spool/pwcache.c src/spool/pwcache.h \
	src/spool/authfail.c src/spool/authfail.h \
	src/spool/secret.c src/spool/secret.h \
	src/spool/outbox.c src/spool/outbox.h \
	src/spool/ratelimit.c src/spool/ratelimit.h \
	src/spool/damage.c src/spool/damage.h \
	src/spool/quarantine.c src/spool/quarantine.h \
	src/game/clock.c src/game/clock.h \
	src/game/game.c src/game/game.h \
	src/game/gamefile.c src/game/cond.c src/game/result_words.c \
	src/game/render.c src/game/render_html.c src/game/render.h \
	src/game/render_words.c \
	src/game/ratings.c src/game/ratings.h \
	src/game/record.c src/game/record_json.c src/game/record_read.c \
	src/game/record.h \
	src/cli/cli.h src/cli/receive.c src/cli/outbox.c src/cli/batch.c \
	src/cli/sweep.c src/cli/sweep.h src/cli/sweep_clock.c src/cli/digest.c src/cli/prune.c src/cli/admin.c src/cli/admin.h src/cli/admin_repair.c \
	src/cli/admin_check.c src/cli/admin_check_text.c src/cli/status.c src/cli/admin_backup.c \
	src/cli/admin_outbox.c src/cli/admin_user.c src/cli/bounce_notice.c \
	src/spool/bounce.c src/spool/bounce.h \
	src/cli/imap.c src/cli/password.c src/cli/password.h \
	src/cli/export.c src/cli/replay.c \
	src/cli/web.c \
	src/web/web.h src/web/out.c \
	src/web/html.c src/web/svg.c src/web/board.c src/web/player.c \
	src/web/index.c src/web/tourney.c src/web/feed.c src/web/site.c

src_epamserv_SOURCES += $(EPAMSERV_RULES_CLI_SOURCES)

# think and match (issue 16): the engine's subcommands, no spool.
src_epamserv_SOURCES += src/cli/think.c src/cli/match.c \
	src/cli/engine_args.c src/cli/cli_engine.h

# Issue 29: what "limit accept" starts at once, and signoff's
# cancellations.
src_libepamserv_a_SOURCES += src/spool/accept.c src/spool/accept.h
src_libepamserv_a_SOURCES += src/spool/held.c src/spool/held.h
# Issue 31 item 2: the operator subcommands' table, and "config".
src_epamserv_SOURCES += src/cli/subcmds.c src/cli/config.c
# Issue 31 item 3: the marks of the words a person reads (gettext).
src_libepamserv_a_SOURCES += src/util/i18n.h
# Issue 31 item 2: the challenge options, one table and one reading.
src_libepamserv_a_SOURCES += src/game/options.c src/game/options.h
# The mail commands and the mail pipeline: src/commands/local.mk and
# src/pipeline/local.mk.
