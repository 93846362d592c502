# SPDX-License-Identifier: GPL-3.0-or-later
# src: the shared library of the program (libepamserv.a) and the epamserv
# binary.  Each directory of src/ adds its own files through its local.mk
# fragment (Makefile.am includes them after this one): src/util,
# src/spool, src/game, src/services, src/commands, src/pipeline,
# src/mail, src/web and src/cli; src/rules, src/engine and src/tourney
# build libraries of their own.
noinst_LIBRARIES += src/libepamserv.a
src_libepamserv_a_SOURCES =
src_libepamserv_a_CFLAGS = $(AM_CFLAGS) $(LIBETPAN_CFLAGS) $(LIBCURL_CFLAGS) \
	$(LIBCRYPT_CFLAGS) $(NETTLE_CFLAGS) $(INIH_CFLAGS) $(LIBXML_CFLAGS)

# libcurl and libxml2 are not linked: src/util/curl_lib.c and
# src/mail/html.c load them when first needed (configure.ac says why).
bin_PROGRAMS += src/epamserv
src_epamserv_SOURCES = src/main.c
src_epamserv_LDADD = src/libepamserv.a src/tourney/libtourney.a \
	src/engine/libengine.a src/rules/librules.a \
	$(LIBETPAN_LIBS) $(LIBCRYPT_LIBS) $(NETTLE_LIBS) $(INIH_LIBS)

# Libraries a unit test of the program's shared code links with.
epamserv_test_libs = src/libepamserv.a src/tourney/libtourney.a \
	src/engine/libengine.a src/rules/librules.a \
	$(LIBETPAN_LIBS) $(LIBCRYPT_LIBS) $(NETTLE_LIBS) $(INIH_LIBS)
