# SPDX-License-Identifier: GPL-3.0-or-later
# src/util (level 0): buffers, whole-file writes, the configuration and
# its keys, templates, logging, JSON, times and zones, the marks of the
# words a person reads.
src_libepamserv_a_SOURCES += \
	src/util/buf.c src/util/buf.h \
	src/util/atomic.c src/util/atomic.h \
	src/util/util.c src/util/util.h src/util/tz.c src/util/tz.h \
	src/util/span.h \
	src/util/conf.c src/util/conf.h \
	src/util/template.c src/util/template.h \
	src/util/log.c src/util/log.h \
	src/util/json.c src/util/json.h src/util/jsonread.c src/util/jsonread.h \
	src/util/magic.c src/util/magic.h \
	src/util/datewords.c src/util/datewords.h \
	src/util/i18n.c src/util/i18n.h \
	src/util/dynlib.c src/util/dynlib.h \
	src/util/curl_lib.c src/util/curl_lib.h
