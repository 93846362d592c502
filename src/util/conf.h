/*
 * config.h - the effective settings of one run.
 *
 * Precedence, lowest first: built-in defaults, the config file
 * (--config FILE, else $EPAMSERV_CONF, else SYSCONFDIR/epamserv.conf when
 * it exists), EPAMSERV_* environment variables, command-line options.
 * The file is "key = value" lines with # or ; comments, read with inih.
 *
 *   key           variable               default
 *   spool         EPAMSERV_SPOOL         LOCALSTATEDIR/spool/epamserv
 *   smtp_url      EPAMSERV_SMTP_URL      "" (mail stays in the outbox)
 *   from          EPAMSERV_FROM          epamserv@localhost
 *   templates     EPAMSERV_TEMPLATES     PKGDATADIR/templates
 *   lock_timeout  EPAMSERV_LOCK_TIMEOUT  30 (seconds waiting for a board)
 *   max_mail_size EPAMSERV_MAX_MAIL_SIZE 1048576 (bytes)
 */
#ifndef EPAM_CONFIG_H
#define EPAM_CONFIG_H

#include <stddef.h>
#include <stdio.h>

struct config {
	char *spool;
	char *smtp_url;      /* "" when unset */
	char *from;          /* addr-spec of the server */
	char *templates;
	int lock_timeout;    /* seconds */
	size_t max_mail_size;/* bytes */
	char *file;          /* the config file read, or NULL */
};

/* Fill cfg from defaults, file and environment.  path is the --config
 * option or NULL.  Returns 0, or -1 with a malloc'ed *err naming the file,
 * the line and the problem. */
int config_load(struct config *cfg, const char *path, char **err);

/* Set one key (as in the file) to value, e.g. from a command-line option.
 * Returns 0, or -1 with *err. */
int config_set(struct config *cfg, const char *key, const char *value,
               char **err);

/* The domain part of cfg->from ("localhost" when it has none). */
const char *config_domain(const struct config *cfg);

/* Print the effective settings, one "key = value" per line. */
void config_print(const struct config *cfg, FILE *out);

void config_free(struct config *cfg);

#endif
