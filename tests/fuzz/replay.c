/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * replay.c - run a fuzz target's inputs without libFuzzer, as a test of
 * the ordinary suite (TAP, one test per input).
 *
 * Linked with one target's file (fuzz_process.c, fuzz_files.c) into
 * tests/fuzz/replay_NAME, it calls the target's LLVMFuzzerInitialize and
 * then LLVMFuzzerTestOneInput on every file of the directories given as
 * arguments, or by default of $EPAMSERV_SRCDIR/tests/fuzz/seeds/NAME and
 * $EPAMSERV_SRCDIR/tests/fuzz/regress/NAME (the inputs that once broke
 * an invariant or crashed: each a regression test).  A broken invariant
 * aborts the run with the target's message, so the test fails.  Under
 * the sanitizer build of the suite this is the fuzz targets' checks
 * plus ASan and UBSan on every seed, with any C compiler.
 */
#include "fuzz/scratch.h"
#include "util/buf.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int ntests;

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One input file: 0, or -1 when it cannot be read. */
static int replay_file(const char *path)
{
	size_t len = 0;
	char *data = util_read_file(path, 1 << 24, &len);

	if (!data) {
		printf("not ok %d - %s: cannot be read\n", ++ntests, path);
		return -1;
	}
	fflush(stdout);
	LLVMFuzzerTestOneInput((const uint8_t *)data, len);
	free(data);
	printf("ok %d - %s\n", ++ntests, path);
	fflush(stdout);
	return 0;
}

/* Every file of dir, by name; a missing directory holds nothing, and a
 * file is one input. */
static int replay_dir(const char *dir)
{
	char **names = NULL, path[8192];
	size_t n = 0, i;
	struct dirent *de;
	DIR *d = opendir(dir);
	int rc = 0;

	if (!d)
		return errno == ENOTDIR ? replay_file(dir) : 0;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		names = xrealloc(names, (n + 1) * sizeof *names);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, name_cmp);
	for (i = 0; i < n; i++) {
		scratch_path(path, sizeof path, "%s/%s", dir, names[i]);
		if (replay_file(path) < 0)
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	const char *src = getenv("EPAMSERV_SRCDIR");
	const char *base = strrchr(argv[0], '/');
	char dir[8192];
	int i, rc = 0, one = 1;
	char *args[] = { argv[0], NULL }, **pargs = args;

	base = base ? base + 1 : argv[0];
	if (strncmp(base, "replay_", 7) == 0)
		base += 7;
	LLVMFuzzerInitialize(&one, &pargs);
	if (argc > 1) {
		for (i = 1; i < argc; i++)
			if (replay_dir(argv[i]) < 0)
				rc = 1;
	} else {
		static const char *const kinds[] = { "seeds", "regress" };
		for (i = 0; i < 2; i++) {
			scratch_path(dir, sizeof dir, "%s/tests/fuzz/%s/%s",
			             src ? src : ".", kinds[i], base);
			if (replay_dir(dir) < 0)
				rc = 1;
		}
	}
	if (ntests == 0) {
		printf("not ok 1 - no inputs found for %s\n", base);
		ntests = 1;
		rc = 1;
	}
	printf("1..%d\n", ntests);
	return rc;
}
