/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dynlib.c - dlopen a library and resolve its symbols (dynlib.h).
 */
#include "util/dynlib.h"
#include "util/buf.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static void fail(char **err, const char *soname, const char *why)
{
	struct buf b = BUF_INIT;

	if (!err)
		return;
	buf_printf(&b, "cannot load %s: %s", soname, why ? why : "unknown error");
	*err = buf_take(&b);
}

int dynlib_load(const char *soname, const struct dynlib_sym *syms, size_t n,
                char **err)
{
	void *h, **found;
	size_t i;

	if (err)
		*err = NULL;
	/* RTLD_NOW: a missing symbol fails here, not in the middle of a
	 * delivery; RTLD_LOCAL: its symbols do not take part in the
	 * resolution of libraries loaded later. */
	h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fail(err, soname, dlerror());
		return -1;
	}
	found = calloc(n ? n : 1, sizeof *found);
	if (!found) {
		fail(err, soname, "out of memory");
		dlclose(h);
		return -1;
	}
	for (i = 0; i < n; i++) {
		dlerror();
		found[i] = dlsym(h, syms[i].name);
		if (!found[i]) {
			struct buf b = BUF_INIT;
			const char *why = dlerror();

			buf_printf(&b, "no symbol %s (%s)", syms[i].name,
			           why ? why : "null");
			fail(err, soname, buf_str(&b));
			buf_free(&b);
			free(found);
			dlclose(h);
			return -1;
		}
	}
	/* POSIX: a function's address from dlsym is used through a
	 * function pointer of the same size as void *. */
	for (i = 0; i < n; i++)
		memcpy(syms[i].slot, &found[i], sizeof found[i]);
	free(found);
	return 0;
}
