# SPDX-License-Identifier: GPL-3.0-or-later
# src/cli (level 8): the operator's subcommands.  Those the mail system,
# cron and the administrator run live in the library (a unit test links
# them); the subcommand table, config and the engine's subcommands
# (perft and moves from src/rules/local.mk, think and match) only in the
# binary.
src_libepamserv_a_SOURCES += \
	src/cli/cli.h src/cli/receive.c src/cli/outbox.c src/cli/batch.c \
	src/cli/sweep.c src/cli/sweep.h src/cli/sweep_clock.c src/cli/digest.c \
	src/cli/prune.c src/cli/admin.c src/cli/admin.h src/cli/admin_repair.c \
	src/cli/admin_check.c src/cli/admin_check_text.c src/cli/admin_reindex.c \
	src/cli/status.c \
	src/cli/admin_ratings.c \
	src/cli/status_damage.c src/cli/status_damage.h \
	src/cli/admin_backup.c src/cli/admin_downgrade.c src/cli/admin_outbox.c \
	src/cli/keep.c src/cli/admin_user.c src/cli/bounce_notice.c \
	src/cli/relay.c src/cli/mail_first.c \
	src/cli/batch_jobs.c src/cli/batch_jobs.h \
	src/cli/imap.c src/cli/password.c src/cli/password.h \
	src/cli/export.c src/cli/replay.c \
	src/cli/web.c
src_epamserv_SOURCES += $(EPAMSERV_RULES_CLI_SOURCES) \
	src/cli/think.c src/cli/match.c \
	src/cli/engine_args.c src/cli/cli_engine.h \
	src/cli/subcmds.c src/cli/config.c src/cli/version.c

# The version of this build (scripts/version.sh, doc/HACKING.md):
# buildversion.h is remade on every make but written only when the
# version changed, so a build after a new commit recompiles version.c
# and relinks, and nothing else.  `make dist` writes the version into
# the tarball's .tarball-version, which a build from the tarball reads.
nodist_src_epamserv_SOURCES = buildversion.h
BUILT_SOURCES += buildversion.h
CLEANFILES += buildversion.h
EXTRA_DIST += scripts/version.sh
buildversion.h: epamserv-version-check
	@$(SHELL) '$(srcdir)/scripts/version.sh' header '$(srcdir)' \
	  '$(PACKAGE_VERSION)' $@
.PHONY: epamserv-version-check dist-version
epamserv-version-check:
dist-hook: dist-version
dist-version:
	$(SHELL) '$(srcdir)/scripts/version.sh' print '$(srcdir)' \
	  '$(PACKAGE_VERSION)' > '$(distdir)/.tarball-version'
