/*
 * lock.c - flock(2) locks on SPOOL/locks/KEY.lock (see lock.h).
 *
 * Lock files are never removed: removing one while another process waits
 * on it would let two processes think they hold the same lock.
 */
#include "spool/lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

static int lock_open(const char *spool, const char *key)
{
	char path[4096];
	int n = snprintf(path, sizeof path, "%s/locks/%s.lock", spool, key);

	if (n < 0 || (size_t)n >= sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
}

int lock_try(const char *spool, const char *key, struct lock *l)
{
	int fd = lock_open(spool, key);

	l->fd = -1;
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		l->fd = fd;
		return 0;
	}
	close(fd);
	return errno == EWOULDBLOCK ? 1 : -1;
}

int lock_acquire(const char *spool, const char *key, int timeout_ms,
                 struct lock *l)
{
	struct timespec nap = { 0, 0 };
	int fd = lock_open(spool, key), waited = 0, step = 5;

	l->fd = -1;
	if (fd < 0)
		return -1;
	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			l->fd = fd;
			return 0;
		}
		if (errno != EWOULDBLOCK && errno != EINTR)
			break;
		if (waited >= timeout_ms) {
			errno = ETIMEDOUT;
			break;
		}
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
	if (l->fd >= 0) {
		close(l->fd);  /* closing the only descriptor drops the flock */
		l->fd = -1;
	}
}
