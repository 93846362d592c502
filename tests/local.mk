# SPDX-License-Identifier: GPL-3.0-or-later
# tests: integration tests, TAP, run with Debian's /usr/bin/python3 (it has
# python3-aiosmtpd) against the built binary and a real SMTP server.
TESTS += tests/integration/test_game_by_mail.py \
	tests/integration/test_digest.py \
	tests/integration/test_refusals.py \
	tests/integration/test_outbox.py \
	tests/integration/test_tools.py \
	tests/integration/test_delivery.py \
	tests/integration/test_delivery_failures.py \
	tests/integration/test_queue.py \
	tests/integration/test_queue_admin.py \
	tests/integration/test_maildir_cur.py \
	tests/integration/test_hostile_mail.py \
	tests/integration/test_dsn.py \
	tests/integration/test_docs.py \
	tests/integration/test_admin.py \
	tests/integration/test_prune.py \
	tests/integration/test_retention.py \
	tests/integration/test_clocks.py
EXTRA_DIST += tests/integration/harness.py tests/integration/tourney.py \
	tests/smtpd.py tests/tap.h \
	tests/integration/test_game_by_mail.py \
	tests/integration/test_digest.py \
	tests/integration/test_refusals.py \
	tests/integration/test_outbox.py \
	tests/integration/test_tools.py \
	tests/integration/test_delivery.py \
	tests/integration/test_delivery_failures.py \
	tests/integration/test_queue.py \
	tests/integration/test_queue_admin.py \
	tests/integration/test_maildir_cur.py \
	tests/integration/test_hostile_mail.py \
	tests/integration/test_dsn.py \
	tests/integration/test_docs.py \
	tests/integration/test_admin.py \
	tests/integration/test_prune.py \
	tests/integration/test_retention.py \
	tests/integration/test_clocks.py

# Unit tests of the spool, game and command layers (TAP).
check_PROGRAMS += tests/unit/test_spool
UNIT_TESTS += tests/unit/test_spool
tests_unit_test_spool_SOURCES = tests/unit/test_spool.c tests/tap.h
tests_unit_test_spool_LDADD = $(epamserv_test_libs)

# The seek files of open challenges (issue 17).
check_PROGRAMS += tests/unit/test_seeks
UNIT_TESTS += tests/unit/test_seeks
tests_unit_test_seeks_SOURCES = tests/unit/test_seeks.c tests/tap.h
tests_unit_test_seeks_LDADD = $(epamserv_test_libs)

# The bounce records' parsers (issue 13).
check_PROGRAMS += tests/unit/test_bounce
UNIT_TESTS += tests/unit/test_bounce
tests_unit_test_bounce_SOURCES = tests/unit/test_bounce.c tests/tap.h
tests_unit_test_bounce_LDADD = $(epamserv_test_libs)

# The util helpers between untrusted text and the program: the log line
# cleaner, strict dates, reserved userids.
check_PROGRAMS += tests/unit/test_util
UNIT_TESTS += tests/unit/test_util
tests_unit_test_util_SOURCES = tests/unit/test_util.c tests/tap.h
tests_unit_test_util_LDADD = $(epamserv_test_libs)

# Whole-file writes (src/util/atomic.c): a file replaced atomically,
# never through a link, the old one kept when a write fails.
check_PROGRAMS += tests/unit/test_atomic
UNIT_TESTS += tests/unit/test_atomic
tests_unit_test_atomic_SOURCES = tests/unit/test_atomic.c tests/tap.h
tests_unit_test_atomic_LDADD = $(epamserv_test_libs)

# Time controls and the clock replay (issue 15).
check_PROGRAMS += tests/unit/test_clock
UNIT_TESTS += tests/unit/test_clock
tests_unit_test_clock_SOURCES = tests/unit/test_clock.c tests/tap.h
tests_unit_test_clock_LDADD = $(epamserv_test_libs)

# The text and HTML boards, byte for byte against a pinned file.
check_PROGRAMS += tests/unit/test_render
UNIT_TESTS += tests/unit/test_render
tests_unit_test_render_SOURCES = tests/unit/test_render.c tests/tap.h \
	tests/fixture.h
tests_unit_test_render_LDADD = $(epamserv_test_libs)
EXTRA_DIST += tests/unit/render-boards.expected

# The life of a board by mail: accept/decline, resign, votes, standings.
TESTS += tests/integration/test_game_commands.py
EXTRA_DIST += tests/integration/test_game_commands.py

# Ratings per game and board size class, -rated=no, ratings in board
# mails (issue 14, item 9).
TESTS += tests/integration/test_ratings.py
EXTRA_DIST += tests/integration/test_ratings.py

# The ratings table (issue 35, item 1): a move mail opens no result
# record; admin check and admin ratings rebuild.
TESTS += tests/integration/test_ratings_table.py
EXTRA_DIST += tests/integration/test_ratings_table.py

# The rules engine against an independent Python reference of RULES.md,
# and every variant played to its end by mail.
TESTS += tests/integration/test_moves_reference.py \
	tests/integration/test_variants_by_mail.py
EXTRA_DIST += tests/reference/ref_rules.py \
	tests/integration/test_moves_reference.py \
	tests/integration/test_variants_by_mail.py

# batch --imap against a real Dovecot on loopback (tests/imapd.py).
TESTS += tests/integration/test_imap.py \
	tests/integration/test_imap_retention.py
EXTRA_DIST += tests/imapd.py tests/integration/test_imap.py \
	tests/integration/test_imap_retention.py

# The board mail and the error reply: examples legal in the position,
# reply prefixes, the quote limit, missing templates.
TESTS += tests/integration/test_board_mail.py
EXTRA_DIST += tests/integration/test_board_mail.py
TESTS += tests/integration/test_losing_moves.py
EXTRA_DIST += tests/integration/test_losing_moves.py
TESTS += tests/integration/test_notation_forms.py
EXTRA_DIST += tests/integration/test_notation_forms.py
# The Must-show crossing position of issue 14 on 14x12.
TESTS += tests/integration/test_crossing_position.py
EXTRA_DIST += tests/integration/test_crossing_position.py \
	tests/reference/find_crossing.py
# show BOARD#N (a past position) and move numbers in plies (issue 14).
TESTS += tests/integration/test_show_past.py
EXTRA_DIST += tests/integration/test_show_past.py
TESTS += tests/integration/test_board_words.py
EXTRA_DIST += tests/integration/test_board_words.py
# Every text part of every mail wraps at 72 columns (issue 14, item 5).
TESTS += tests/integration/test_line_width.py
EXTRA_DIST += tests/integration/test_line_width.py
TESTS += tests/integration/test_reply_words.py
EXTRA_DIST += tests/integration/test_reply_words.py

# Account commands: change, signoff, list, message, vacation, set.
TESTS += tests/integration/test_accounts.py
EXTRA_DIST += tests/integration/test_accounts.py
TESTS += tests/integration/test_leave.py
EXTRA_DIST += tests/integration/test_leave.py
TESTS += tests/integration/test_robots.py
EXTRA_DIST += tests/integration/test_robots.py
TESTS += tests/integration/test_seek.py
EXTRA_DIST += tests/integration/test_seek.py
# Attacks on the robots and analysis (issue 16, t16-attack).
TESTS += tests/integration/test_robot_attack.py
EXTRA_DIST += tests/integration/test_robot_attack.py
# Robots and analysis as a new player reads them (issue 16, t16-user).
TESTS += tests/integration/test_robot_user.py
EXTRA_DIST += tests/integration/test_robot_user.py
# The second reading of issue 16 (t16-review).
TESTS += tests/integration/test_robot_review.py
EXTRA_DIST += tests/integration/test_robot_review.py

# Reply-to-move tokens.
TESTS += tests/integration/test_tokens.py
EXTRA_DIST += tests/integration/test_tokens.py
TESTS += tests/integration/test_token_mails.py
EXTRA_DIST += tests/integration/test_token_mails.py
TESTS += tests/integration/test_issue14_attack.py
EXTRA_DIST += tests/integration/test_issue14_attack.py

# Realistic mails from common clients, each with its expected outcome.
TESTS += tests/integration/test_corpus.py
EXTRA_DIST += tests/integration/test_corpus.py \
	tests/mail/corpus/gmail-reply-show.eml \
	tests/mail/corpus/outlook-reply-move.eml \
	tests/mail/corpus/apple-mail-reply.eml \
	tests/mail/corpus/iphone-reply.eml \
	tests/mail/corpus/thunderbird-flowed-latin1.eml \
	tests/mail/corpus/html-only-help.eml \
	tests/mail/corpus/vacation.eml \
	tests/mail/corpus/delivery-report.eml \
	tests/mail/corpus/looped-back.eml \
	tests/mail/corpus/base64-utf8-signup.eml

# SMTP AUTH and STARTTLS against a real server (aiosmtpd, openssl).
TESTS += tests/integration/test_smtp_auth_tls.py
EXTRA_DIST += tests/integration/test_smtp_auth_tls.py

# Stress tests (tests/stress/, see stresslib.py): crash safety under
# SIGKILL.  Quick sizes under make check; EPAMSERV_STRESS_FULL=1 runs the
# full ones (BENCHMARKS.md).
TESTS += tests/stress/test_crash.py
EXTRA_DIST += tests/stress/stresslib.py tests/stress/test_crash.py

# Group commit: one Maildir through batch with batch_group 64 and 1 gives
# the same spool; a batch and receive processes never wait for each other.
TESTS += tests/stress/test_group_commit.py
EXTRA_DIST += tests/stress/test_group_commit.py
TESTS += tests/stress/test_batch_jobs.py
EXTRA_DIST += tests/stress/test_batch_jobs.py

# Issue 35: at most three new files a move mail in a batch (strace), and
# a batch's heap flat in the number of mails it files.
TESTS += tests/stress/test_batch_files.py
EXTRA_DIST += tests/stress/test_batch_files.py

# A password in smtp_url or an IMAP URL: one warning, the password never shown.
TESTS += tests/integration/test_url_password.py
EXTRA_DIST += tests/integration/test_url_password.py

# make install into a temporary root, and a game against that installation.
TESTS += tests/integration/test_install.py
EXTRA_DIST += tests/integration/test_install.py

# Fault injection: an LD_PRELOAD shim that fails the Nth write, fsync,
# rename, open(O_CREAT) or allocation, and a move mail run through
# receive with the failure at every such call it reaches.
check_PROGRAMS += tests/fault/libfault.so
tests_fault_libfault_so_SOURCES = tests/fault/libfault.c
tests_fault_libfault_so_CFLAGS = $(AM_CFLAGS) -fPIC
tests_fault_libfault_so_LDFLAGS = -shared -fPIC
tests_fault_libfault_so_LDADD = -ldl
TESTS += tests/fault/test_faults.py
EXTRA_DIST += tests/fault/test_faults.py tests/fault/faultlib.py

# The same shim on a batch of six mails committed in two groups, failing
# every write, fsync, rename, open(O_CREAT) and syncfs it reaches.
TESTS += tests/fault/test_group_faults.py
EXTRA_DIST += tests/fault/test_group_faults.py
# Batch workers (batch_jobs 2) killed at each of their first syncfs.
TESTS += tests/fault/test_jobs_faults.py
EXTRA_DIST += tests/fault/test_jobs_faults.py
# A clean-up (sweep) while a batch has just made its group directory.
TESTS += tests/fault/test_group_race.py
EXTRA_DIST += tests/fault/test_group_race.py
# Issue 12: the repair tools under injected faults.
TESTS += tests/fault/test_repair_faults.py
EXTRA_DIST += tests/fault/test_repair_faults.py
# A crash after a game's end was committed, its board busy, while another
# game ends: the older ratings table is never put over the newer one.
TESTS += tests/fault/test_ratings_crash.py
EXTRA_DIST += tests/fault/test_ratings_crash.py

# Concurrency: 100 receive processes at once (50 on one board, 50 on 50
# boards) with batch and sweep alongside; a busy board ends in exit 75
# after lock_timeout.
TESTS += tests/stress/test_concurrency.py
EXTRA_DIST += tests/stress/test_concurrency.py
# Issue 12: quarantine and repair while mail flows.
TESTS += tests/stress/test_repair_concurrency.py
EXTRA_DIST += tests/stress/test_repair_concurrency.py
TESTS += tests/stress/test_backup.py
EXTRA_DIST += tests/stress/test_backup.py
TESTS += tests/integration/test_spool_versions.py
EXTRA_DIST += tests/integration/test_spool_versions.py
TESTS += tests/integration/test_template_fallback.py
TESTS += tests/integration/test_config_check.py
EXTRA_DIST += tests/integration/test_template_fallback.py
EXTRA_DIST += tests/integration/test_config_check.py
TESTS += tests/integration/test_admin_password.py
EXTRA_DIST += tests/integration/test_admin_password.py
TESTS += tests/integration/test_option_help.py
EXTRA_DIST += tests/integration/test_option_help.py
TESTS += tests/integration/test_backup_order.py
EXTRA_DIST += tests/integration/test_backup_order.py

# Issue 4, the rest: queue/submit/confirm, observers and show/games/chat/
# multiple, the HTML board, a full game by mail.
TESTS += tests/integration/test_pending.py \
	tests/integration/test_observe.py \
	tests/integration/test_html.py
EXTRA_DIST += tests/integration/test_pending.py \
	tests/integration/test_observe.py \
	tests/integration/test_html.py

# Issue 14 item 6: the HTML board in headless Chromium at 320, 390 and
# 800 px, light and dark; its screenshots are kept in tests/artifacts/.
TESTS += tests/integration/test_html_board.py
EXTRA_DIST += tests/integration/test_html_board.py
# Its mailto: answer links sent back as mails: played, or refused when stale.
TESTS += tests/integration/test_html_answers.py
EXTRA_DIST += tests/integration/test_html_answers.py
clean-local: clean-test-artifacts
clean-test-artifacts:
	rm -rf tests/artifacts
.PHONY: clean-test-artifacts

# Issue 4's must-show: a game to its end by mail with submit/confirm,
# queue and a refused undo; a draw by agreement; a resignation.
TESTS += tests/integration/test_full_games.py
EXTRA_DIST += tests/integration/test_full_games.py

# help [topic]: every command with an example, legal example moves.
TESTS += tests/integration/test_help.py
EXTRA_DIST += tests/integration/test_help.py
TESTS += tests/integration/test_pbmserv_forms.py
EXTRA_DIST += tests/integration/test_pbmserv_forms.py

# Trust (issue 11): consent that cannot be forged, confirmed addresses, no
# relay and no backscatter, rate limits by proved account, bounded
# password checks (counted with the fault shim).
TESTS += tests/integration/test_trust.py
EXTRA_DIST += tests/integration/test_trust.py

# Issue 11: one size cap for every reply (max_reply_size): show USERID all
# over 5,000 boards, games, list, standings, history and multiple cut with
# a note, the HTML part dropped first, the generic cut; flush never sends a
# file it read only in part.
TESTS += tests/integration/test_reply_cap.py
EXTRA_DIST += tests/integration/test_reply_cap.py

# Issue 11, item 10: C1 and bidi controls never reach the opponent or
# the log (subject, comment, encoded words, legacy charsets, HTML).
TESTS += tests/integration/test_clean_text.py
EXTRA_DIST += tests/integration/test_clean_text.py

# Issue 11, items 8 and 10: strict vacation dates (command and user
# file), reserved userids refused by signup.
TESTS += tests/integration/test_account_checks.py
EXTRA_DIST += tests/integration/test_account_checks.py

# Issue 11, item 8: admin user del closes the account like signoff and
# settles its games (forfeit, cancel), both players told.
TESTS += tests/integration/test_admin_user_del.py
EXTRA_DIST += tests/integration/test_admin_user_del.py

# Issue 11, item 9: SMTP AUTH and the IMAP login never in clear text to
# a host outside loopback (smtp_tls, imap_tls, the *_allow_plaintext
# opt-outs), against aiosmtpd and Dovecot.
TESTS += tests/integration/test_transport_secrets.py
EXTRA_DIST += tests/integration/test_transport_secrets.py

# Issue 11: several addresses confirmed each on its own, a signup sent
# again, spools and game files from before (user files confirmed, the
# address index built, open challenges need both accepts), observers
# shown, capped and forbidden, a stranger's long answer kept small.
TESTS += tests/integration/test_addresses.py
EXTRA_DIST += tests/integration/test_addresses.py

# Issue 11: the holes a review and an attack by mail found in the first
# version, each with its regression check.
TESTS += tests/integration/test_trust_holes.py
EXTRA_DIST += tests/integration/test_trust_holes.py

# Issue 12, item 3: a command started as root on a spool of another
# user's runs as that user (files stay the owner's), and no command
# follows a symbolic link planted in the spool.
TESTS += tests/integration/test_privileges.py
EXTRA_DIST += tests/integration/test_privileges.py

# Issue 12, item 7: the suite leaves the machine's system log alone.
# Every test runs with tests/syslog/libsyslogtrap.so preloaded
# (AM_TESTS_ENVIRONMENT in Makefile.am): no openlog/syslog/vsyslog call
# reaches syslog(3), each is recorded, and test_syslog_untouched.py, run
# after every other test, fails when one was made.
# The shim is built without the user's CFLAGS: under a sanitizer build it
# must not pull the sanitizer runtime into python3 and the other
# programs it is preloaded into.
check_DATA = tests/syslog/libsyslogtrap.so
CLEANFILES += tests/syslog/libsyslogtrap.so
EXTRA_DIST += tests/syslog/libsyslogtrap.c
tests/syslog/libsyslogtrap.so: $(srcdir)/tests/syslog/libsyslogtrap.c
	$(MKDIR_P) tests/syslog
	$(CC) $(WARN_CFLAGS) -O2 -fPIC -shared -o $@ \
	    $(srcdir)/tests/syslog/libsyslogtrap.c
TESTS += tests/syslog/test_syslog_untouched.py
EXTRA_DIST += tests/syslog/test_syslog_untouched.py
tests/syslog/test_syslog_untouched.log: \
	$(filter-out tests/syslog/test_syslog_untouched.log,$(TEST_LOGS))

# Issue 12, items 1, 4 and 7: receive never exits 78 (a configuration
# error keeps the mail with the MTA, exit 75), smtp_url only smtp:// or
# smtps://, comments after # and ;, a display name in from, the log
# setting.
TESTS += tests/integration/test_config_exit.py
EXTRA_DIST += tests/integration/test_config_exit.py

# Issue 12: damage contained, repair tools.
TESTS += tests/integration/test_damage.py tests/integration/test_move_cap.py \
	tests/integration/test_repair.py tests/integration/test_check.py
EXTRA_DIST += tests/integration/test_damage.py \
	tests/integration/test_move_cap.py tests/integration/test_repair.py \
	tests/integration/test_check.py

# Issue 12 attacks: hostile mail against the new code.
TESTS += tests/integration/test_held_attack.py \
	tests/integration/test_delivery_attack.py \
	tests/integration/test_restore_attack.py \
	tests/integration/test_cap_attack.py \
	tests/integration/test_log_attack.py tests/integration/test_inlog.py
EXTRA_DIST += tests/integration/test_held_attack.py \
	tests/integration/test_delivery_attack.py \
	tests/integration/test_restore_attack.py \
	tests/integration/test_cap_attack.py \
	tests/integration/test_log_attack.py tests/integration/test_inlog.py

# Issue 13 (status): status, --json, --prometheus, run records, bounces.
TESTS += tests/integration/test_status.py tests/integration/test_bounces.py
EXTRA_DIST += tests/integration/test_status.py tests/integration/test_bounces.py

# Issue 13, review r13-attack: the operator's tools against an attacker.
TESTS += tests/integration/test_ops_attack.py
EXTRA_DIST += tests/integration/test_ops_attack.py

# Issue 14, review r14-user: the mails as a player reads them.
TESTS += tests/integration/test_issue14_user.py
EXTRA_DIST += tests/integration/test_issue14_user.py

# Issue 15: a move counts at its mail's arrival (receive, Maildir, IMAP).
TESTS += tests/integration/test_arrival.py
EXTRA_DIST += tests/integration/test_arrival.py
TESTS += tests/integration/test_jobs_busy.py
EXTRA_DIST += tests/integration/test_jobs_busy.py
TESTS += tests/integration/test_jobs_ratings.py
EXTRA_DIST += tests/integration/test_jobs_ratings.py

# Issue 15 item 5: conditional moves (ICCF linear conditionals).
TESTS += tests/integration/test_conditional.py
EXTRA_DIST += tests/integration/test_conditional.py

# Issue 15 item 2: deadlines and time left in board mails, games and
# show, in each player's time zone (set USERID PASSWORD timezone).
TESTS += tests/integration/test_deadlines.py
EXTRA_DIST += tests/integration/test_deadlines.py
# Analysis by mail (issue 16 item 4): analyse BOARD[#N] USERID PASSWORD.
TESTS += tests/integration/test_analyse.py
EXTRA_DIST += tests/integration/test_analyse.py
# The engine time of the whole server an hour (engine_hour_ms).
TESTS += tests/integration/test_engine_time.py
EXTRA_DIST += tests/integration/test_engine_time.py

# Issue 16 items 2 and 5: think and match (the engine's subcommands).
TESTS += tests/integration/test_think.py tests/integration/test_match.py
EXTRA_DIST += tests/integration/test_think.py tests/integration/test_match.py

# issue 17: tournaments by mail (round robin)
TESTS += tests/integration/test_tournament.py
EXTRA_DIST += tests/integration/test_tournament.py
# issue 17: the recurring league
TESTS += tests/integration/test_league.py
EXTRA_DIST += tests/integration/test_league.py
# issue 17 part 4: knockout
TESTS += tests/integration/test_knockout.py
EXTRA_DIST += tests/integration/test_knockout.py
TESTS += tests/integration/test_swiss13.py tests/integration/test_swiss_cut.py \
	tests/integration/test_tourney_ratings.py
EXTRA_DIST += tests/integration/test_swiss13.py tests/integration/test_swiss_cut.py \
	tests/integration/test_tourney_ratings.py

# Game records (issue 18): text and JSON records read back and replayed,
# the comment line of the game file, garbage for the readers.
check_PROGRAMS += tests/unit/test_record
UNIT_TESTS += tests/unit/test_record
tests_unit_test_record_SOURCES = tests/unit/test_record.c tests/tap.h
tests_unit_test_record_LDADD = $(epamserv_test_libs)

# Records by mail, export and replay (issue 18).
TESTS += tests/integration/test_record.py
EXTRA_DIST += tests/integration/test_record.py

# Issue 18: the static web site (epamserv web DIR): tidy on every page,
# links, secrets, headless Chromium at 390 and 1280 px (screenshots in
# tests/artifacts/), incremental runs, web_url links in mails.
TESTS += tests/integration/test_web.py
EXTRA_DIST += tests/integration/test_web.py

# Issue 29 item 4: fair shares of the engine (engine_share_percent, the
# robots' round order): one player's mails cannot delay another
# player's robot reply.
TESTS += tests/integration/test_engine_share.py
EXTRA_DIST += tests/integration/test_engine_share.py
# Issue 29 item 1: a stranger can never refuse the owner (the buckets of
# the password back-off, claim and vacation with the owner's password
# after strangers' guesses, a guesser and a forger bounded, every token
# form).
TESTS += tests/integration/test_lockout_attack.py
EXTRA_DIST += tests/integration/test_lockout_attack.py
# Issue 29 item 8: a relayed message carries no header of the sender's
# mail (Message-ID, Received, X-Mailer, User-Agent); admin.log names the
# administrator who started the command (root without sudo: root).
TESTS += tests/integration/test_relay_headers.py \
	tests/integration/test_admin_who.py
EXTRA_DIST += tests/integration/test_relay_headers.py \
	tests/integration/test_admin_who.py
# Issue 29 item 2: no flood by challenges (per-target and daily limits,
# signoff past unaccepted challenges, limit accept's setting, board
# numbers past 999,999).
TESTS += tests/integration/test_challenge_flood.py
EXTRA_DIST += tests/integration/test_challenge_flood.py
# Issue 29, item 5: budgets that strangers cannot spend for everyone.
TESTS += tests/integration/test_stranger_budget.py
EXTRA_DIST += tests/integration/test_stranger_budget.py
# Issue 29, item 6: a damaged or tampered spool never hangs or injects
# (FIFOs, markup in tournament files, hostile file names, sparse junk).
TESTS += tests/integration/test_spool_hostile.py
EXTRA_DIST += tests/integration/test_spool_hostile.py
# Issue 29 item 3: every engine search bounded, its first ply included
# (think, analyse and a robot on a crafted 26x26 position; the analyse
# settings analyse_max_plies and analyse_max_squares).
TESTS += tests/integration/test_engine_bounds.py
EXTRA_DIST += tests/integration/test_engine_bounds.py
# Issue 29, attack review: a forwarded board mail, throwaway accounts and
# challenges_per_day, limit accept's first move, a HELO name's " by ".
TESTS += tests/integration/test_issue29_attack.py
EXTRA_DIST += tests/integration/test_issue29_attack.py
# Issue 30, item 7: set ... board list, the board in words for screen readers.
TESTS += tests/integration/test_board_list.py
EXTRA_DIST += tests/integration/test_board_list.py
# Issue 30 item 5: the robot's node bound decides its move, a cut-short
# search is told, robot games and the hourly mail limit.
TESTS += tests/integration/test_robot_load.py
EXTRA_DIST += tests/integration/test_robot_load.py
# Issue 30 item 3: one conversation per game: one subject, References
# chained from the board's root, the reply token in our Message-ID.
TESTS += tests/integration/test_threading.py
EXTRA_DIST += tests/integration/test_threading.py
# Our Message-IDs' kind, board and reply token (issue 30).
check_PROGRAMS += tests/unit/test_threadid
UNIT_TESTS += tests/unit/test_threadid
tests_unit_test_threadid_SOURCES = tests/unit/test_threadid.c tests/tap.h
tests_unit_test_threadid_LDADD = $(epamserv_test_libs)

# Issue 30 items 1 and 6: a player's own command answered at once (digest
# and robots, tokens in error replies); receipts and replies to messages.
TESTS += tests/integration/test_issue30_own.py
EXTRA_DIST += tests/integration/test_issue30_own.py
# Issue 30 item 2: replies read the way people write them (s-nail,
# mutt, Gmail, Outlook and iPhone Mail shapes; a move replied to a chat,
# claim replied to the time-out notice; the manual's list of forms).
TESTS += tests/integration/test_reply_shapes.py
EXTRA_DIST += tests/integration/test_reply_shapes.py
# ... and the unit test of the own text and the command read from it.
check_PROGRAMS += tests/unit/test_quoting
UNIT_TESTS += tests/unit/test_quoting
tests_unit_test_quoting_SOURCES = tests/unit/test_quoting.c tests/tap.h
tests_unit_test_quoting_LDADD = $(epamserv_test_libs)
# Issue 35 item 6: the board a waiting mail's subject names (batch
# workers keep a board's mails in one process).
check_PROGRAMS += tests/unit/test_boardkey
UNIT_TESTS += tests/unit/test_boardkey
tests_unit_test_boardkey_SOURCES = tests/unit/test_boardkey.c tests/tap.h
tests_unit_test_boardkey_LDADD = $(epamserv_test_libs)
# Issue 35 item 6: a batch worker that dies after its reports, before
# its end line, still has each of its mails counted.
check_PROGRAMS += tests/unit/test_batch_jobs
UNIT_TESTS += tests/unit/test_batch_jobs
tests_unit_test_batch_jobs_SOURCES = tests/unit/test_batch_jobs.c tests/tap.h
tests_unit_test_batch_jobs_LDADD = $(epamserv_test_libs)
# Issue 30 items 4 and 8: help that matches the server (every command of
# the table, help time, cited topics, the welcome, **, draw offers, tied
# tournaments) and the small things players noticed.
TESTS += tests/integration/test_issue30_help.py \
	tests/integration/test_issue30_small.py \
	tests/integration/test_issue30_web.py
EXTRA_DIST += tests/integration/test_issue30_help.py \
	tests/integration/test_issue30_small.py \
	tests/integration/test_issue30_web.py
# Issue 30 item 2 by a real client: Debian's s-nail replies below the
# quote ("> " and s-nail's own tab quote).
TESTS += tests/integration/test_snail_reply.py
EXTRA_DIST += tests/integration/test_snail_reply.py
# Issue 31 item 2: README's and epamserv(1)'s lists of mail commands,
# subcommands and admin commands against their tables.
TESTS += tests/integration/test_tables.py
EXTRA_DIST += tests/integration/test_tables.py

# Issue 31: the sweep's event keys stay the words older spools hold.
TESTS += tests/integration/test_sweep_keys.py
EXTRA_DIST += tests/integration/test_sweep_keys.py
# Issue 31 item 1: the layer order of src/ (src/layers.txt), checked
# against every include line by scripts/check-layers.py.
TESTS += tests/integration/test_layers.py
EXTRA_DIST += tests/integration/test_layers.py \
	scripts/check-layers.py src/layers.txt
# Issue 31 item 3: the message catalogue (make update-po) and the marked
# words unchanged in every locale.
TESTS += tests/integration/test_catalogue.py
EXTRA_DIST += tests/integration/test_catalogue.py
# ... and scripts/outbox-strings.py, which reports the English of sent
# mail that is neither a msgid nor a template line.
TESTS += tests/integration/test_outbox_strings.py
EXTRA_DIST += tests/integration/test_outbox_strings.py \
	scripts/outbox-strings.py
# Issue 31 item 2: the configuration keys of one table, and the copies
# checked against it (epamserv config, epamserv.conf(5), the example,
# the global options).
TESTS += tests/integration/test_config_keys.py
EXTRA_DIST += tests/integration/test_config_keys.py
# Issue 31 item 2: every challenge option read the same way (any case,
# one or two dashes) by challenge, seek, preview, tournament and think,
# and the copies of the option list checked against the table.
TESTS += tests/integration/test_challenge_options.py
EXTRA_DIST += tests/integration/test_challenge_options.py

# Issue 31: admin result on the services names a missing board as before.
TESTS += tests/integration/test_admin_result_words.py
EXTRA_DIST += tests/integration/test_admin_result_words.py
# Issue 31 item 1: the layer order at link level: no object of src/
# calls a function of a higher level (scripts/check-calls.py, nm).
TESTS += tests/integration/test_calls.py
EXTRA_DIST += tests/integration/test_calls.py scripts/check-calls.py

# Issue 31 item 3: every sentence of the demo's mails is in the catalogue
# (scripts/demo.sh on this build's binary, scripts/outbox-strings.py
# --strict).
TESTS += tests/integration/test_outbox_catalogue.py
EXTRA_DIST += tests/integration/test_outbox_catalogue.py
# ... and the reason a game ended, stored in English, read back into the
# words a player reads (game_reason_words).
check_PROGRAMS += tests/unit/test_reason_words
UNIT_TESTS += tests/unit/test_reason_words
tests_unit_test_reason_words_SOURCES = tests/unit/test_reason_words.c \
	tests/tap.h
tests_unit_test_reason_words_LDADD = $(epamserv_test_libs)
# relay_limit: a message and a reply to one, refused past the day's limit.
TESTS += tests/integration/test_relay_limit.py
EXTRA_DIST += tests/integration/test_relay_limit.py
# A date in words, in the reader's language (util/datewords.c), and the
# day of a leave (day_words).
check_PROGRAMS += tests/unit/test_datewords
UNIT_TESTS += tests/unit/test_datewords
tests_unit_test_datewords_SOURCES = tests/unit/test_datewords.c \
	tests/tap.h
tests_unit_test_datewords_LDADD = $(epamserv_test_libs)
# A mail's text part wraps by characters, not bytes (reply_wrap).
check_PROGRAMS += tests/unit/test_wrap
UNIT_TESTS += tests/unit/test_wrap
tests_unit_test_wrap_SOURCES = tests/unit/test_wrap.c tests/tap.h
tests_unit_test_wrap_LDADD = $(epamserv_test_libs)
# notify at a game's end (services/notify.c, issue 31): who is told, once.
TESTS += tests/integration/test_notify_end.py
EXTRA_DIST += tests/integration/test_notify_end.py
# Issue 31's keep-notes: every msgid with option notation or USERID,
# PASSWORD, BOARD, GAME, MOVE, and every msgid of the command table, has a
# TRANSLATORS note in the .pot saying what stays as it is.
TESTS += tests/integration/test_catalogue_notes.py
EXTRA_DIST += tests/integration/test_catalogue_notes.py \
	tests/integration/potfile.py
# incoming.log's reason=: a refusal's key, not its translated text; a
# cut never inside a UTF-8 character.
check_PROGRAMS += tests/unit/test_inlog
UNIT_TESTS += tests/unit/test_inlog
tests_unit_test_inlog_SOURCES = tests/unit/test_inlog.c tests/tap.h
tests_unit_test_inlog_LDADD = $(epamserv_test_libs)
# Logs and data stay English when the replies are translated: a tiny
# German catalogue (msgfmt, EPAMSERV_LOCALEDIR) against incoming.log,
# the fail2ban filter, admin.log and the robots' note files.
TESTS += tests/integration/test_log_english.py
EXTRA_DIST += tests/integration/test_log_english.py
# Issue 32: the language of each recipient in one process, with an
# empty environment (util/i18n.c; a German test catalogue).
check_PROGRAMS += tests/unit/test_i18n
UNIT_TESTS += tests/unit/test_i18n
tests_unit_test_i18n_SOURCES = tests/unit/test_i18n.c tests/tap.h \
	tests/unit/catalogue.h
tests_unit_test_i18n_LDADD = $(epamserv_test_libs)
# Issue 32: set ... language, admin user language, the welcome's word on
# it, templates/LANG/NAME, and one run writing to an English and a
# German player, each in his language (a test catalogue, env -i).
TESTS += tests/integration/test_language.py
EXTRA_DIST += tests/integration/test_language.py
# Issue 32: each language's templates (templates/LANG/) against the
# English: all there, the same placeholders, 72 columns, the commands kept.
TESTS += tests/integration/test_templates_lang.py
EXTRA_DIST += tests/integration/test_templates_lang.py
# Issue 32: the German command words; a stranger's mail in German answered
# in German, its signup starting the account in German.
TESTS += tests/integration/test_german.py
EXTRA_DIST += tests/integration/test_german.py tests/integration/langenv.py
# Issue 32: each language's catalogue complete and current (msgfmt
# --check --statistics; no msgid of today's sources untranslated), and
# German plurals at 0, 1, 2 and 5.
TESTS += tests/integration/test_po.py
EXTRA_DIST += tests/integration/test_po.py
# Issue 32 item 7: the web site in the language of web_language.
TESTS += tests/integration/test_web_language.py
EXTRA_DIST += tests/integration/test_web_language.py
# Issue 33 item 1: COPYING, the README and an SPDX line in every source
# file.
TESTS += tests/integration/test_licence.py
EXTRA_DIST += tests/integration/test_licence.py
# Issue 32 item 4: set ... board letters ws|wb (S for Black's pieces on the
# text boards, the notation unchanged).
TESTS += tests/integration/test_board_letters.py
EXTRA_DIST += tests/integration/test_board_letters.py
# Issue 32 items 4 and 6: annehmen, ablehnen and aufgeben in a reply to a
# challenge or board mail; other clients' reply and forward prefixes.
TESTS += tests/integration/test_german_replies.py
EXTRA_DIST += tests/integration/test_german_replies.py
# Issue 32, German style: admin's usage lines aligned under the translated
# "usage:", counted in characters.
TESTS += tests/integration/test_usage_align.py
EXTRA_DIST += tests/integration/test_usage_align.py
# Issue 32, German style: a whole sentence after a colon starts with a
# capital letter in po/de.po, a label's colon keeps the lowercase.
TESTS += tests/integration/test_po_style.py
EXTRA_DIST += tests/integration/test_po_style.py
# Issue 32 "Must show": a whole German game by mail with the real
# catalogue (po/de.po), env -i; every mail judged German by
# germancheck.py, which fails on the same mails in English.
TESTS += tests/integration/test_german_game.py
EXTRA_DIST += tests/integration/test_german_game.py \
	tests/integration/germancheck.py
# Issue 32 "Must show": one batch to an English, a German and an English
# player; German plurals at 0, 1, 2 and 5 in the mails; umlauts in
# subjects (RFC 2047) and bodies (charset, transfer encoding).
TESTS += tests/integration/test_german_mail.py
EXTRA_DIST += tests/integration/test_german_mail.py
# Issue 32 "Must show": the German HTML and text board mails at 390 px in
# headless Chromium (screenshots tests/artifacts/*-de-390.png).
TESTS += tests/integration/test_html_board_de.py
EXTRA_DIST += tests/integration/test_html_board_de.py \
	tests/integration/browser.py
# Issue 33 item 2: NEWS is there and cannot drift: the settings and
# subcommands it names are the binary's, and every one added since the
# first release's notes began (18a434f) is named.
TESTS += tests/integration/test_news.py
EXTRA_DIST += tests/integration/test_news.py
# Issue 32: what one player does, told to each player in his language.
TESTS += tests/integration/test_headline_language.py
EXTRA_DIST += tests/integration/test_headline_language.py
# Issue 32: a headline's sentence kept, written in each reader's language.
check_PROGRAMS += tests/unit/test_headline
UNIT_TESTS += tests/unit/test_headline
tests_unit_test_headline_SOURCES = tests/unit/test_headline.c tests/tap.h
tests_unit_test_headline_LDADD = $(epamserv_test_libs)
# A loader's error in the run's language and in English (util/errlang.h):
# nested, counted, cut short, the ring's bound; a test catalogue.
check_PROGRAMS += tests/unit/test_errlang
UNIT_TESTS += tests/unit/test_errlang
tests_unit_test_errlang_SOURCES = tests/unit/test_errlang.c tests/tap.h \
	tests/unit/catalogue.h
tests_unit_test_errlang_LDADD = $(epamserv_test_libs)
# Issue 32 item 1: po/POTFILES.in is every .c and .h of src/, sorted.
TESTS += tests/integration/test_potfiles.py
EXTRA_DIST += tests/integration/test_potfiles.py
# Issue 33 item 8: crontab lines, units, pipes and Postfix's tools with
# full paths; nothing calls the sweep daily.
TESTS += tests/integration/test_recipes.py
EXTRA_DIST += tests/integration/test_recipes.py
# Issue 33 item 10: every tracked file is in the tarball (make distcheck
# runs only a quick part of the suite).
TESTS += tests/integration/test_distfiles.py
EXTRA_DIST += tests/integration/test_distfiles.py
# Issue 33 item 6: status reports the damage the last admin check and
# the last sweep found, with their time.
TESTS += tests/integration/test_status_damage.py
EXTRA_DIST += tests/integration/test_status_damage.py
TESTS += tests/integration/test_board_index.py
EXTRA_DIST += tests/integration/test_board_index.py
TESTS += tests/integration/test_index_leave.py
EXTRA_DIST += tests/integration/test_index_leave.py
TESTS += tests/integration/test_lists_unconfirmed.py
EXTRA_DIST += tests/integration/test_lists_unconfirmed.py
TESTS += tests/integration/test_reply_greeting.py
EXTRA_DIST += tests/integration/test_reply_greeting.py
# The records of what the checks found and which damage is still known.
check_PROGRAMS += tests/unit/test_checked
UNIT_TESTS += tests/unit/test_checked
tests_unit_test_checked_SOURCES = tests/unit/test_checked.c tests/tap.h
tests_unit_test_checked_LDADD = $(epamserv_test_libs)
# Issue 33 item 4: the units verify clean, each service's exposure at
# most 4.0 (and the README's figure), the web unit's condition, the check
# unit failing on damage, the metrics file whole.
TESTS += tests/integration/test_units.py
EXTRA_DIST += tests/integration/test_units.py
# Issue 33 item 7: one in: line for every mail read, the attacked account
# named, refusals logged as refused, robots' replies counted, a relay
# outage told once.
TESTS += tests/integration/test_inlog_once.py
EXTRA_DIST += tests/integration/test_inlog_once.py
TESTS += tests/integration/test_downgrade.py
EXTRA_DIST += tests/integration/test_downgrade.py
TESTS += tests/integration/test_replay.py
EXTRA_DIST += tests/integration/test_replay.py
# Issue 33 item 2: --version says the build's version (git describe, or
# the tarball's .tarball-version) and the formats it reads and writes,
# as whole sentences, the numbers those the binary writes.
TESTS += tests/integration/test_version.py
EXTRA_DIST += tests/integration/test_version.py
# Issue 34: the rating systems against their papers' worked examples,
# Elo against the numbers of the code it replaced, the setting's words.
check_PROGRAMS += tests/unit/test_ratings
UNIT_TESTS += tests/unit/test_ratings
tests_unit_test_ratings_SOURCES = tests/unit/test_ratings.c tests/tap.h
tests_unit_test_ratings_LDADD = $(epamserv_test_libs)
# Issue 34 item 3: a rating as a person reads it ("1734 ± 95", "1580?"),
# widened by inactivity; who the standings list by default.
check_PROGRAMS += tests/unit/test_rating_show
UNIT_TESTS += tests/unit/test_rating_show
tests_unit_test_rating_show_SOURCES = tests/unit/test_rating_show.c tests/tap.h
tests_unit_test_rating_show_LDADD = $(epamserv_test_libs)
# Issue 34 item 3: players see how sure a rating is (standings, board
# mails, history, the web site's player page).
TESTS += tests/integration/test_rating_display.py
EXTRA_DIST += tests/integration/test_rating_display.py
# The ratings table (issue 35): written and read back bit for bit, damage.
check_PROGRAMS += tests/unit/test_ratetable
UNIT_TESTS += tests/unit/test_ratetable
tests_unit_test_ratetable_SOURCES = tests/unit/test_ratetable.c tests/tap.h
tests_unit_test_ratetable_LDADD = $(epamserv_test_libs)
# The order a replay rates records with and without seq in.
check_PROGRAMS += tests/unit/test_ratings_order
UNIT_TESTS += tests/unit/test_ratings_order
tests_unit_test_ratings_order_SOURCES = tests/unit/test_ratings_order.c \
	tests/tap.h
tests_unit_test_ratings_order_LDADD = $(epamserv_test_libs)
# Issue 34 item 4: Elo's result records rate under glicko and glicko2,
# untouched; standings and history replay the chosen system.
TESTS += tests/integration/test_rating_systems.py
EXTRA_DIST += tests/integration/test_rating_systems.py
# Issue 33 item 3: debian/control's Build-Depends and deps-debian.sh's
# packages agree (scripts/deb-check.sh builds and installs the package).
TESTS += tests/integration/test_debian.py
EXTRA_DIST += tests/integration/test_debian.py
# Issue 33 item 9: Auto-Submitted decided from what a mail is (RFC 3834
# section 5), and no answer to an automatic mail (section 2).
TESTS += tests/integration/test_auto_submitted.py
EXTRA_DIST += tests/integration/test_auto_submitted.py
# Issue 33 item 9: a board mail as our delivery sends it, signed with
# DKIM (python3-dkim), verifies after a relay's handling.
TESTS += tests/integration/test_dkim.py
EXTRA_DIST += tests/integration/test_dkim.py
# Issue 33 item 9: List-Unsubscribe on every mail to a player, and the
# stopmail command it leads to: a stranger stops nothing, the mail
# stops, a proved mail brings it back.
TESTS += tests/integration/test_stopmail.py
EXTRA_DIST += tests/integration/test_stopmail.py
# Issue 35 item 4: a receive that sends nothing maps neither libcurl nor
# libxml2 (loaded when first needed); delivery and HTML-only mail still
# work; libcurl missing keeps the mail in the outbox, flush exits 75.
TESTS += tests/integration/test_startup_libs.py
EXTRA_DIST += tests/integration/test_startup_libs.py
# Issue 35 item 5: a web run after one move reads that board alone and
# writes the pages it feeds, byte for byte what --full writes; a 100-ply
# board's page a tenth of its old size (longgame.py plays the game;
# webspool.py, shared with test_web_private.py and the web benchmarks,
# copies and dates the boards).
TESTS += tests/integration/test_web_incremental.py
EXTRA_DIST += tests/integration/test_web_incremental.py \
	tests/integration/longgame.py tests/integration/webspool.py
# Issue 35 item 2: mail first, robots after: a batch's replies of games
# between people reach SMTP before a robot thinks; one board mail with
# both moves when the robot answers in time, two when it does not.
TESTS += tests/integration/test_mail_first.py
EXTRA_DIST += tests/integration/test_mail_first.py
# What the site hides is nowhere in its directory: web's record of what
# it read lives in SPOOL/web/, never in DIR (dotfiles grepped too).
TESTS += tests/integration/test_web_private.py
EXTRA_DIST += tests/integration/test_web_private.py
TESTS += tests/integration/test_web_state_tmp.py
EXTRA_DIST += tests/integration/test_web_state_tmp.py
