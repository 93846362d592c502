/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * curl_lib.c - libcurl loaded when first needed (curl_lib.h).
 */
#include "config.h"		/* EPAMSERV_CURL_SONAME */

#include "util/curl_lib.h"
#include "util/dynlib.h"

#include <stdlib.h>
#include <string.h>

static struct curl_lib lib;
static int state;        /* 0 not tried, 1 loaded, -1 failed */
static char *why;        /* the failure, kept for every later call */

const char *curl_lib_soname(void)
{
	return EPAMSERV_CURL_SONAME;
}

const struct curl_lib *curl_lib(char **err)
{
	const struct dynlib_sym syms[] = {
		{ "curl_global_init", &lib.global_init },
		{ "curl_easy_init", &lib.easy_init },
		{ "curl_easy_setopt", &lib.easy_setopt },
		{ "curl_easy_perform", &lib.easy_perform },
		{ "curl_easy_getinfo", &lib.easy_getinfo },
		{ "curl_easy_cleanup", &lib.easy_cleanup },
		{ "curl_easy_strerror", &lib.easy_strerror },
		{ "curl_easy_send", &lib.easy_send },
		{ "curl_easy_recv", &lib.easy_recv },
		{ "curl_free", &lib.free },
		{ "curl_slist_append", &lib.slist_append },
		{ "curl_slist_free_all", &lib.slist_free_all },
		{ "curl_url", &lib.url },
		{ "curl_url_cleanup", &lib.url_cleanup },
		{ "curl_url_get", &lib.url_get },
		{ "curl_url_set", &lib.url_set },
	};

	if (err)
		*err = NULL;
	if (state == 0) {
		state = -1;
		if (dynlib_load(EPAMSERV_CURL_SONAME, syms,
		                sizeof syms / sizeof syms[0], &why) == 0) {
			if (lib.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK)
				state = 1;
			else
				why = strdup("cannot load " EPAMSERV_CURL_SONAME
				             ": curl_global_init failed");
		}
	}
	if (state == 1)
		return &lib;
	if (err)
		*err = strdup(why ? why : "cannot load " EPAMSERV_CURL_SONAME);
	return NULL;
}
