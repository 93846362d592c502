/*
 * outbox.c - the durable queue of outgoing mail (see outbox.h).
 */
#include "spool/outbox.h"
#include "spool/txn.h"
#include "mail/smtp.h"
#include "util/buf.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define OUTBOX_MAX_MAIL (16 * 1024 * 1024)

void outbox_put(struct txn *t, const char *name, const char *envelope_from,
                const char *rcpt, const char *message)
{
	struct buf b = BUF_INIT;
	char rel[512];

	snprintf(rel, sizeof rel, "outbox/%s.eml", name);
	buf_printf(&b, "Envelope-From: <%s>\r\nEnvelope-To: <%s>\r\n",
	           envelope_from, rcpt);
	buf_puts(&b, message);
	txn_put(t, rel, buf_str(&b), b.len);
	buf_free(&b);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted .eml names in dir (malloc'ed array of malloc'ed names). */
static char **list_mails(const char *dir, size_t *count)
{
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	*count = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 5 ||
		    strcmp(de->d_name + len - 4, ".eml") != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, name_cmp);
	*count = n;
	return names ? names : xmalloc(sizeof *names);
}

static void free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* Split "Envelope-From: <a>\r\nEnvelope-To: <b>\r\n" off text: sets
 * from/rcpt (pointers into text, NUL-terminated in place) and returns the
 * message, or NULL when the envelope is malformed. */
static char *split_envelope(char *text, char **from, char **rcpt)
{
	static const char *const keys[] = { "Envelope-From: <", "Envelope-To: <" };
	char **out[2] = { from, rcpt };
	char *p = text, *end;
	int i;

	for (i = 0; i < 2; i++) {
		size_t k = strlen(keys[i]);
		if (strncmp(p, keys[i], k) != 0)
			return NULL;
		p += k;
		end = strstr(p, ">\r\n");
		if (!end)
			return NULL;
		*end = '\0';
		*out[i] = p;
		p = end + 3;
	}
	return p;
}

static void fsync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* Send one queued mail; returns the outcome. */
static enum smtp_outcome deliver_one(struct smtp_session *s, const char *spool,
                                     const char *name)
{
	char path[4096], failed[4096], dir[4096];
	char *text = NULL, *from = NULL, *rcpt = NULL, *msg, *err = NULL;
	enum smtp_outcome out = SMTP_TEMPFAIL;
	int fd;

	snprintf(path, sizeof path, "%s/outbox/%s", spool, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return SMTP_SENT;  /* another run sent it */
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		close(fd);
		return SMTP_SENT;  /* another run is sending it */
	}
	if (access(path, F_OK) != 0)
		goto done;  /* sent and removed while we waited */
	text = util_read_fd(fd, OUTBOX_MAX_MAIL, NULL, NULL);
	if (!text)
		goto done;
	msg = split_envelope(text, &from, &rcpt);
	if (!msg) {
		fprintf(stderr, "epamserv: outbox/%s: malformed envelope, moved to failed/\n",
		        name);
		out = SMTP_PERMFAIL;
	} else {
		out = smtp_send(s, from, rcpt, msg, strlen(msg), &err);
	}
	snprintf(dir, sizeof dir, "%s/outbox", spool);
	if (out == SMTP_SENT) {
		unlink(path);
		fsync_dir(dir);
	} else if (out == SMTP_PERMFAIL) {
		snprintf(failed, sizeof failed, "%s/failed/%s", spool, name);
		if (err)
			fprintf(stderr, "epamserv: outbox/%s to <%s>: refused for good: %s\n",
			        name, rcpt ? rcpt : "?", err);
		if (rename(path, failed) == 0) {
			fsync_dir(dir);
			snprintf(dir, sizeof dir, "%s/failed", spool);
			fsync_dir(dir);
		}
	} else if (err) {
		fprintf(stderr, "epamserv: outbox/%s: deferred: %s\n", name, err);
	}
done:
	free(err);
	free(text);
	close(fd);
	return out;
}

int outbox_deliver(const char *spool, const char *smtp_url,
                   struct outbox_stats *st)
{
	char dir[4096];
	struct smtp_session *s;
	size_t n, i;
	char **names;

	memset(st, 0, sizeof *st);
	snprintf(dir, sizeof dir, "%s/outbox", spool);
	names = list_mails(dir, &n);
	if (!names)
		return -1;
	if (n == 0) {
		free_names(names, n);
		return 0;
	}
	s = smtp_open(smtp_url);
	if (!s) {
		free_names(names, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		enum smtp_outcome out = deliver_one(s, spool, names[i]);
		if (out == SMTP_SENT) {
			st->sent++;
		} else if (out == SMTP_PERMFAIL) {
			st->failed++;
		} else {
			/* Leave this and the rest for the next flush. */
			st->deferred += (int)(n - i);
			break;
		}
	}
	smtp_close(s);
	free_names(names, n);
	return 0;
}

int outbox_print(const char *spool, FILE *out, int names_only)
{
	char dir[4096], path[8192];
	size_t n, i;
	char **names;

	snprintf(dir, sizeof dir, "%s/outbox", spool);
	names = list_mails(dir, &n);
	if (!names)
		return -1;
	for (i = 0; i < n; i++) {
		char *text, *p;
		if (names_only) {
			fprintf(out, "outbox/%s\n", names[i]);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		text = util_read_file(path, OUTBOX_MAX_MAIL, NULL);
		if (!text)
			continue;
		fprintf(out, "==> outbox/%s\n", names[i]);
		for (p = text; *p; p++)
			if (*p != '\r')
				fputc(*p, out);
		if (p > text && p[-1] != '\n')
			fputc('\n', out);
		free(text);
	}
	free_names(names, n);
	return (int)n;
}
