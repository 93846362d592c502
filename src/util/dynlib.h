/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dynlib.h - a shared library loaded when first needed (dlopen), so that
 * a process that never needs it never maps it (issue 35: libcurl and its
 * TLS stack cost a `receive` that sends nothing two thirds of its
 * instructions when linked).
 */
#ifndef EPAMSERV_UTIL_DYNLIB_H
#define EPAMSERV_UTIL_DYNLIB_H

#include <stddef.h>

/* One symbol to resolve: its name and where its address goes (the
 * address of a function pointer of the symbol's own type). */
struct dynlib_sym {
	const char *name;
	void *slot;
};

/* dlopen the library soname (a file name such as "libcurl-gnutls.so.4",
 * searched as the dynamic loader searches) and write the address of each
 * of the n symbols into its slot.  The library stays loaded for the
 * process.  Returns 0; or -1 when the library or a symbol cannot be
 * found, with *err (when err is not NULL) a malloc'ed English line for
 * the log naming the library and dlerror's reason (the caller frees),
 * and every slot left as it was. */
int dynlib_load(const char *soname, const struct dynlib_sym *syms, size_t n,
                char **err);

#endif
