/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lock.c - flock(2) locks on SPOOL/locks/KEY.lock (see lock.h).
 *
 * Lock files are never removed: removing one while another process waits
 * on it would let two processes think they hold the same lock.  So every
 * key that grows with the mail is a bucket of a fixed set (lock.h); the
 * only lock files removed are those of names no current code uses
 * (sweep, src/cli/prune.c).
 *
 * The process remembers which locks it holds (a handful: a message lock
 * and one resource lock) so that a group commit (group.c) can keep them,
 * through a dup(2) of each descriptor, until the transactions made under
 * them are durable.  A flock belongs to the open file description, so the
 * lock stays held until every duplicate is closed.
 */
#include "spool/lock.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

struct held {
	char *key;
	int fd;
};

/* Locks taken by lock_acquire/lock_try and not yet released. */
static struct held *held;
static size_t nheld, capheld;

/* Duplicates kept for a group commit (lock_keep_held). */
static struct held *kept;
static size_t nkept, capkept;

static int (*settle_hook)(void);
static void (*wait_hook)(void);   /* lock_wait_hook */

static unsigned long timeouts;  /* lock_acquire calls that ran out */

static void remember(struct held **v, size_t *n, size_t *cap,
                     const char *key, int fd)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		*v = xrealloc(*v, *cap * sizeof **v);
	}
	(*v)[*n].key = xstrdup(key);
	(*v)[*n].fd = fd;
	(*n)++;
}

static int is_kept(const char *key)
{
	size_t i;

	for (i = 0; i < nkept; i++)
		if (strcmp(kept[i].key, key) == 0)
			return 1;
	return 0;
}

/* Before taking key: a lock this process keeps for a group commit must be
 * let go first (a second flock on it would wait for ourselves). */
static int settle_if_kept(const char *key)
{
	if (settle_hook && is_kept(key) && settle_hook() < 0) {
		errno = EIO;
		return -1;
	}
	return 0;
}

static int lock_open(const char *spool, const char *key)
{
	char path[4096];
	int n = snprintf(path, sizeof path, "%s/locks/%s.lock", spool, key), fd;

	if (n < 0 || (size_t)n >= sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	/* O_NOFOLLOW: O_CREAT through a link planted here would make (or
	 * open) a file wherever it points. */
	fd = util_open_regular(path, O_RDWR | O_CREAT | O_NOFOLLOW, 0600);
	if (fd < 0 && errno == ELOOP) {
		log_msg(LOG_ERR, "%s is a symbolic link: refused (remove it)\n",
		        path);
		errno = ELOOP;
	} else if (fd < 0 && errno == EINVAL) {
		log_msg(LOG_ERR, "%s is not a regular file (a FIFO, a device?): "
		        "refused (remove it)\n", path);
		errno = EINVAL;
	}
	return fd;
}

int lock_try(const char *spool, const char *key, struct lock *l)
{
	int fd;

	l->fd = -1;
	if (settle_if_kept(key) < 0)
		return -1;
	fd = lock_open(spool, key);
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		l->fd = fd;
		remember(&held, &nheld, &capheld, key, fd);
		return 0;
	}
	close(fd);
	return errno == EWOULDBLOCK ? 1 : -1;
}

int lock_acquire(const char *spool, const char *key, int timeout_ms,
                 struct lock *l)
{
	struct timespec nap = { 0, 0 };
	int fd, waited = 0, step = 5;

	l->fd = -1;
	if (settle_if_kept(key) < 0)
		return -1;
	fd = lock_open(spool, key);
	if (fd < 0)
		return -1;
	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			l->fd = fd;
			remember(&held, &nheld, &capheld, key, fd);
			return 0;
		}
		if (errno != EWOULDBLOCK && errno != EINTR)
			break;
		/* Never wait for another process while keeping locks it may
		 * be waiting for: commit the group first. */
		if (nkept && settle_hook) {
			if (settle_hook() < 0) {
				errno = EIO;
				break;
			}
			continue;
		}
		if (waited >= timeout_ms) {
			timeouts++;
			errno = ETIMEDOUT;
			break;
		}
		if (wait_hook)
			wait_hook();  /* before every nap: ask the keepers again */
		/* Back off from 5 ms to 100 ms between tries. */
		nap.tv_nsec = (long)step * 1000000L;
		nanosleep(&nap, NULL);
		waited += step;
		if (step < 100)
			step *= 2;
	}
	{
		int saved = errno;
		close(fd);
		errno = saved;
	}
	return -1;
}

void lock_release(struct lock *l)
{
	size_t i;

	if (l->fd < 0)
		return;
	for (i = 0; i < nheld; i++)
		if (held[i].fd == l->fd) {
			free(held[i].key);
			held[i] = held[--nheld];
			break;
		}
	close(l->fd);  /* the lock stays if a group commit keeps a dup */
	l->fd = -1;
}

int lock_keep_held(void)
{
	size_t i;
	int fd;

	for (i = 0; i < nheld; i++) {
		if (is_kept(held[i].key))
			continue;
		fd = fcntl(held[i].fd, F_DUPFD_CLOEXEC, 0);
		if (fd < 0)
			return -1;
		remember(&kept, &nkept, &capkept, held[i].key, fd);
	}
	return 0;
}

int lock_keep(const struct lock *l, const char *key)
{
	int fd;

	if (is_kept(key))
		return 0;
	fd = fcntl(l->fd, F_DUPFD_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	remember(&kept, &nkept, &capkept, key, fd);
	return 0;
}

int lock_is_kept(const char *key)
{
	return is_kept(key);
}

void lock_keep_drop(void)
{
	size_t i;

	for (i = 0; i < nkept; i++) {
		close(kept[i].fd);
		free(kept[i].key);
	}
	nkept = 0;
}

size_t lock_kept_count(void)
{
	return nkept;
}

unsigned long lock_timeouts(void)
{
	return timeouts;
}

void lock_wait_hook(void (*waiting)(void))
{
	wait_hook = waiting;
}

void lock_keep_hook(int (*settle)(void))
{
	settle_hook = settle;
}
