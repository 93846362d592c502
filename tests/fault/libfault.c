/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * libfault.c - an LD_PRELOAD shim that makes one chosen call fail, for
 * tests/fault/test_faults.py.
 *
 *   FAULT_CALL=write|fsync|rename|open|malloc|syncfs|crypt|fork
 *                        the call to fail
 *   FAULT_N=N            fail its Nth call (1-based) only; 0 or unset:
 *                        fail nothing, only count
 *   FAULT_COUNT_FILE=F   at exit, write "CALL COUNT" lines to F (every
 *                        call, counted from the start of the process)
 *   FAULT_TRACE=1        print a backtrace to stderr at the failed call
 *   FAULT_KILL=1         instead of failing the Nth call, die there by
 *                        SIGKILL before it is made (a crash at that point)
 *   FAULT_STOP_MKDIR=S   after the first mkdir(2) of a path holding S,
 *                        stop the process (SIGSTOP) until the test sends
 *                        SIGCONT: a window another process can act in
 *                        (mkdir is not counted)
 *
 *   FAULT_MATCH=S        count the opens of paths that end with S apart
 *                        ("match"; e.g. ".result": the result records a
 *                        mail reads, issue 35)
 *
 * "open" counts only opens with O_CREAT (open, open64, openat, creat);
 * "read" the opens without it, which never fail (a file read: never
 * seen by FAULT_CALL), "match" those of them FAULT_MATCH names;
 * "malloc" counts malloc, calloc and realloc; "crypt" counts crypt_rn(3),
 * the password hash (tests count the checks a mail costs), and fails it
 * by returning NULL; "fork" counts fork(2) (a batch's workers) and fails
 * it with EAGAIN, as a full process table does.  A failed write, fsync or
 * rename (or syncfs) returns -1 with EIO, a failed open -1 with ENOSPC, a failed
 * allocation NULL with ENOMEM.  Only calls the program makes through the
 * dynamic symbols are seen: stdio's own writes and opens inside glibc are
 * not.  Under AddressSanitizer run with ASAN_OPTIONS=verify_asan_link_order=0
 * (the shim comes before the sanitizer runtime; its allocation calls are
 * passed on to the sanitizer's).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* The shim runs before the sanitizer runtime is ready: no instrumentation. */
#define NOSAN __attribute__((no_sanitize_address, no_sanitize_undefined))

enum { F_WRITE, F_FSYNC, F_RENAME, F_OPEN, F_MALLOC, F_SYNCFS, F_CRYPT,
       F_READ, F_MATCH, F_FORK, F_COUNT };
static const char *const names[F_COUNT] = {
	"write", "fsync", "rename", "open", "malloc", "syncfs", "crypt",
	"read", "match", "fork"
};

extern char **environ;

static unsigned long counts[F_COUNT];
static int target = -1;        /* F_* chosen by FAULT_CALL */
static unsigned long fail_at;  /* FAULT_N */
static int configured, tracing;

static ssize_t (*real_write)(int, const void *, size_t);
static int (*real_fsync)(int);
static int (*real_syncfs)(int);
static int (*real_rename)(const char *, const char *);
static pid_t (*real_fork)(void);
static int (*real_mkdir)(const char *, mode_t);
static int (*real_open)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static char *(*real_crypt_rn)(const char *, const char *, void *, int);

/* dlsym may allocate before real_calloc is known: serve it from here. */
static char boot[8192];
static size_t boot_used;
static int resolving;

NOSAN static void *boot_alloc(size_t n)
{
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (boot_used + n > sizeof boot)
		return NULL;
	p = boot + boot_used;
	boot_used += n;
	return p;
}

NOSAN static int in_boot(const void *p)
{
	return (const char *)p >= boot && (const char *)p < boot + sizeof boot;
}

NOSAN static void resolve(void)
{
	if (real_malloc || resolving)
		return;
	resolving = 1;
	real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
	real_syncfs = (int (*)(int))dlsym(RTLD_NEXT, "syncfs");
	real_rename = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	real_fork = (pid_t (*)(void))dlsym(RTLD_NEXT, "fork");
	real_mkdir = (int (*)(const char *, mode_t))dlsym(RTLD_NEXT, "mkdir");
	real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	real_openat = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
	real_crypt_rn = (char *(*)(const char *, const char *, void *, int))
		dlsym(RTLD_NEXT, "crypt_rn");
	resolving = 0;
}

NOSAN static void configure(void)
{
	const char *call, *n;
	int i;

	if (configured)
		return;
	/* The sanitizer runtime allocates before libc has set environ:
	 * read the settings only once it has. */
	if (!environ)
		return;
	configured = 1;
	call = getenv("FAULT_CALL");
	n = getenv("FAULT_N");
	for (i = 0; call && i < F_COUNT; i++)
		if (strcmp(call, names[i]) == 0)
			target = i;
	fail_at = n ? strtoul(n, NULL, 10) : 0;
}

/* Count an open without O_CREAT of path (never failed). */
NOSAN static void count_read(const char *path)
{
	const char *s;
	size_t n, m;

	configure();
	counts[F_READ]++;
	s = getenv("FAULT_MATCH");
	if (!s || !*s || !path)
		return;
	n = strlen(path);
	m = strlen(s);
	if (n >= m && strcmp(path + n - m, s) == 0)
		counts[F_MATCH]++;
}

/* Count a call of kind k; nonzero when this one must fail. */
NOSAN static int hit(int k)
{
	void *frames[32];
	int n;

	configure();
	counts[k]++;
	if (k != target || fail_at == 0 || counts[k] != fail_at)
		return 0;
	if (!tracing && getenv("FAULT_TRACE")) {
		tracing = 1;
		dprintf(2, "libfault: failing %s call %lu\n", names[k], fail_at);
		n = backtrace(frames, 32);
		backtrace_symbols_fd(frames, n, 2);
		tracing = 0;
	}
	if (getenv("FAULT_KILL"))
		kill(getpid(), SIGKILL);
	return 1;
}

NOSAN ssize_t write(int fd, const void *buf, size_t len)
{
	resolve();
	if (hit(F_WRITE)) {
		errno = EIO;
		return -1;
	}
	return real_write(fd, buf, len);
}

NOSAN int fsync(int fd)
{
	resolve();
	if (hit(F_FSYNC)) {
		errno = EIO;
		return -1;
	}
	return real_fsync(fd);
}

NOSAN int syncfs(int fd)
{
	resolve();
	if (hit(F_SYNCFS)) {
		errno = EIO;
		return -1;
	}
	return real_syncfs(fd);
}

NOSAN int mkdir(const char *path, mode_t mode)
{
	static int stopped;
	const char *s;
	int rc;

	resolve();
	rc = real_mkdir(path, mode);
	s = getenv("FAULT_STOP_MKDIR");
	if (rc == 0 && !stopped && s && *s && strstr(path, s)) {
		stopped = 1;
		kill(getpid(), SIGSTOP);
	}
	return rc;
}

NOSAN pid_t fork(void)
{
	resolve();
	if (hit(F_FORK)) {
		errno = EAGAIN;
		return -1;
	}
	return real_fork();
}

NOSAN int rename(const char *from, const char *to)
{
	resolve();
	if (hit(F_RENAME)) {
		errno = EIO;
		return -1;
	}
	return real_rename(from, to);
}

NOSAN int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	resolve();
	if (!(flags & O_CREAT))
		count_read(path);
	if ((flags & O_CREAT) && hit(F_OPEN)) {
		errno = ENOSPC;
		return -1;
	}
	return real_open(path, flags, mode);
}

NOSAN int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	return open(path, flags, mode);
}

NOSAN int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	resolve();
	if (!(flags & O_CREAT))
		count_read(path);
	if ((flags & O_CREAT) && hit(F_OPEN)) {
		errno = ENOSPC;
		return -1;
	}
	return real_openat(dirfd, path, flags, mode);
}

NOSAN int creat(const char *path, mode_t mode)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

NOSAN char *crypt_rn(const char *phrase, const char *setting, void *data,
                     int size)
{
	resolve();
	if (hit(F_CRYPT) || !real_crypt_rn) {
		errno = EINVAL;
		return NULL;
	}
	return real_crypt_rn(phrase, setting, data, size);
}

NOSAN void *malloc(size_t n)
{
	resolve();
	if (!real_malloc)
		return boot_alloc(n);
	if (hit(F_MALLOC)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_malloc(n);
}

NOSAN void *calloc(size_t n, size_t size)
{
	resolve();
	if (!real_calloc)
		return boot_alloc(n * size);  /* static: already zero */
	if (hit(F_MALLOC)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_calloc(n, size);
}

NOSAN void *realloc(void *p, size_t n)
{
	resolve();
	if (in_boot(p)) {
		void *q = malloc(n);
		size_t room = (size_t)(boot + sizeof boot - (char *)p);
		if (q)
			memcpy(q, p, n < room ? n : room);
		return q;
	}
	if (!real_realloc)
		return NULL;
	if (hit(F_MALLOC)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_realloc(p, n);
}

NOSAN void free(void *p)
{
	if (!p || in_boot(p))
		return;
	resolve();
	if (real_free)
		real_free(p);
}

NOSAN __attribute__((destructor)) static void report(void)
{
	const char *path = getenv("FAULT_COUNT_FILE");
	char line[64];
	int fd, i, n;

	if (!path || !real_open || !real_write)
		return;
	fd = real_open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	for (i = 0; i < F_COUNT; i++) {
		n = snprintf(line, sizeof line, "%s %lu\n", names[i], counts[i]);
		if (real_write(fd, line, (size_t)n) != n)
			break;
	}
	close(fd);
}
