# SPDX-License-Identifier: GPL-3.0-or-later
# src/mail: parsing with libetpan, composing, SMTP with libcurl.
src_libepamserv_a_SOURCES += \
	src/mail/mail.h src/mail/smtp.h src/mail/mailpriv.h \
	src/mail/mbuf.c src/mail/text.c src/mail/html.c src/mail/prescan.c \
	src/mail/parse.c src/mail/compose.c src/mail/smtp.c \
	src/mail/dsn.c src/mail/dsn.h src/mail/arrival.c \
	src/mail/source.c src/mail/source.h

check_PROGRAMS += tests/unit/test_mail tests/unit/test_smtp tests/unit/test_dsn
UNIT_TESTS += tests/unit/test_mail tests/unit/test_smtp tests/unit/test_dsn

tests_unit_test_mail_SOURCES = tests/unit/test_mail.c tests/tap.h \
	tests/fixture.h
tests_unit_test_mail_LDADD = $(epamserv_test_libs)
tests_unit_test_mail_CFLAGS = $(AM_CFLAGS) $(LIBETPAN_CFLAGS) $(LIBCURL_CFLAGS)

tests_unit_test_dsn_SOURCES = tests/unit/test_dsn.c tests/tap.h \
	tests/fixture.h
tests_unit_test_dsn_LDADD = $(epamserv_test_libs)
tests_unit_test_dsn_CFLAGS = $(AM_CFLAGS) $(LIBETPAN_CFLAGS)

# test_smtp runs tests/smtpd.py (in EXTRA_DIST through tests/local.mk).
tests_unit_test_smtp_SOURCES = tests/unit/test_smtp.c tests/tap.h
tests_unit_test_smtp_LDADD = $(epamserv_test_libs)
tests_unit_test_smtp_CFLAGS = $(AM_CFLAGS) $(LIBETPAN_CFLAGS) $(LIBCURL_CFLAGS)

# Fixture mails read by test_mail (found through EPAMSERV_SRCDIR).
EXTRA_DIST += \
	tests/mail/autoreply.eml tests/mail/base64-utf8.eml \
	tests/mail/bounce.eml tests/mail/cr.eml tests/mail/crlf.eml \
	tests/mail/deep-mime.eml tests/mail/flowed.eml tests/mail/garbage.eml \
	tests/mail/gmail-reply.eml tests/mail/html-only.eml tests/mail/lf.eml \
	tests/mail/mbox-from.eml tests/mail/nested-ok.eml \
	tests/mail/no-message-id.eml tests/mail/plain.eml \
	tests/mail/qp-latin1.eml tests/mail/rfc2047.eml \
	tests/mail/compose-board.expected \
	tests/mail/dsn/README tests/mail/dsn/postfix-failed.eml \
	tests/mail/dsn/postfix-delayed.eml tests/mail/dsn/exim-failed.eml \
	tests/mail/dsn/exim-report.eml tests/mail/dsn/sendmail-failed.eml
