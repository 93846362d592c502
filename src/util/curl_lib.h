/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * curl_lib.h - libcurl, loaded when a process first needs it (SMTP
 * delivery, an IMAP batch, reading a URL) rather than linked: a
 * `receive` that only queues its replies maps none of libcurl and its
 * TLS, Kerberos, LDAP and compression libraries (issue 35).  The
 * library's file name (its soname) is found at configure time
 * (EPAMSERV_CURL_SONAME in config.h); the prototypes are those of
 * <curl/curl.h>.
 */
#ifndef EPAMSERV_UTIL_CURL_LIB_H
#define EPAMSERV_UTIL_CURL_LIB_H

#include <curl/curl.h>

/* The functions of libcurl the program calls, each with the type of the
 * function of that name in <curl/curl.h> (global_init is
 * curl_global_init, and so on). */
struct curl_lib {
	__typeof__(curl_global_init) *global_init;
	__typeof__(curl_easy_init) *easy_init;
	__typeof__(curl_easy_setopt) *easy_setopt;
	__typeof__(curl_easy_perform) *easy_perform;
	__typeof__(curl_easy_getinfo) *easy_getinfo;
	__typeof__(curl_easy_cleanup) *easy_cleanup;
	__typeof__(curl_easy_strerror) *easy_strerror;
	__typeof__(curl_easy_send) *easy_send;
	__typeof__(curl_easy_recv) *easy_recv;
	__typeof__(curl_free) *free;
	__typeof__(curl_slist_append) *slist_append;
	__typeof__(curl_slist_free_all) *slist_free_all;
	__typeof__(curl_url) *url;
	__typeof__(curl_url_cleanup) *url_cleanup;
	__typeof__(curl_url_get) *url_get;
	__typeof__(curl_url_set) *url_set;
};

/* libcurl, loaded on the first call (and curl_global_init called once);
 * later calls return the same table.  NULL when it cannot be loaded: then
 * *err (when err is not NULL) is a malloc'ed English line for the log,
 * naming the library and why (the caller frees), and every later call
 * fails the same way without trying again. */
const struct curl_lib *curl_lib(char **err);

/* The file name curl_lib loads ("libcurl-gnutls.so.4"). */
const char *curl_lib_soname(void);

#endif
