/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_outbox.c - "epamserv admin outbox ...": the queue operations an
 * operator knows from postsuper(1) and postcat(1).
 *
 *   admin outbox list                          the names, as before
 *   admin outbox show [--raw] ID...            state, envelope, header,
 *                                              decoded text (or the file)
 *   admin outbox hold|release ID...|ALL|--to ADDRESS|@DOMAIN|-
 *   admin outbox requeue ID...|ALL|--to ...|-   [--reason TEXT]
 *   admin outbox delete ID...|ALL|--to ...|-    --reason TEXT
 *   admin outbox retry NAME                    (older name of requeue)
 *   admin outbox drop NAME --reason TEXT       (older name of delete)
 *
 * An ID is a file name as "epamserv outbox" lists it (NAME.eml, with or
 * without "outbox/" or "failed/" before it); "-" reads IDs from standard
 * input, the first word of each line, so that lines of "epamserv outbox"
 * can be piped in.  ALL is every mail of outbox/ (for delete and requeue
 * failed/ too); --to selects by envelope recipient.  Every change is in
 * the admin log, one line per mail.
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "mail/mail.h"
#include "spool/outbox.h"
#include "util/buf.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What to do with each selected mail. */
enum op { OP_SHOW, OP_HOLD, OP_RELEASE, OP_REQUEUE, OP_DELETE,
          OP_SHOW_RAW };

static const char *const op_names[] = { "show", "hold", "release",
                                        "requeue", "delete", "show" };

/* A plain mail name as listed: NAME.eml, no '/', no leading '.'. */
static int name_ok(const char *name)
{
	size_t n = strlen(name), i;

	if (n <= 4 || n >= 200 || name[0] == '.' ||
	    strcmp(name + n - 4, ".eml") != 0)
		return 0;
	for (i = 0; i < n; i++)
		if (name[i] <= 0x20 || name[i] >= 0x7f || name[i] == '/')
			return 0;
	return 1;
}

/* An ID as given into *failed (-1: either folder, 0: outbox/, 1:
 * failed/) and the plain name it names (a pointer into id), or NULL. */
static const char *parse_id(const char *id, int *failed)
{
	*failed = -1;
	if (strncmp(id, "outbox/", 7) == 0) {
		*failed = 0;
		id += 7;
	} else if (strncmp(id, "failed/", 7) == 0) {
		*failed = 1;
		id += 7;
	}
	return name_ok(id) ? id : NULL;
}

/* text on stdout as a terminal may safely show it: CR dropped, other
 * control bytes (an escape sequence in a player's comment) as '?'; n
 * bytes, or up to the NUL when n is (size_t)-1. */
static void put_safe(const char *text, size_t n)
{
	size_t i;

	for (i = 0; i < n && text[i]; i++) {
		unsigned char ch = (unsigned char)text[i];
		if (ch == '\r')
			continue;
		putchar((ch < 0x20 && ch != '\n' && ch != '\t') || ch == 0x7f ?
		        '?' : ch);
	}
	if (i > 0 && text[i - 1] != '\n')
		putchar('\n');
}

/* The message of an outbox file's text decoded: its header as stored,
 * then its text (the text/plain part preferred, transfer encoding
 * undone, UTF-8; mail_parse).  A file whose envelope does not parse is
 * shown as it is. */
static void put_decoded(const char *text)
{
	char *copy = xstrdup(text), *from, *rcpt, *msg, *end, *err = NULL;
	struct mail_in m;

	msg = outbox_split_envelope(copy, &from, &rcpt);
	if (!msg) {
		fputs(_("*** file (its envelope lines do not parse) ***\n"),
		      stdout);
		put_safe(text, (size_t)-1);
		goto done;
	}
	printf("Envelope-From: <%s>\nEnvelope-To: <%s>\n", from, rcpt);
	end = strstr(msg, "\r\n\r\n");
	put_safe(msg, end ? (size_t)(end - msg) + 2 : (size_t)-1);
	if (mail_parse_limits(msg, strlen(msg), OUTBOX_MAX_MAIL, &m, &err) < 0) {
		printf(_("*** text: cannot be decoded (%s) ***\n"),
		       err ? err : "?");
		free(err);
		goto done;
	}
	fputs(_("*** text (decoded) ***\n"), stdout);
	put_safe(m.body, (size_t)-1);
	mail_in_free(&m);
done:
	free(copy);
}

/* Print one mail as postcat does: where it is, its state, then the
 * envelope, the header and the decoded text, or (raw) the file as
 * stored. */
static int show(const struct config *cfg, int failed, const char *name,
                int raw)
{
	struct outbox_entry e;
	char path[8192], when[32], next[32], *text;

	if (outbox_entry_read(cfg->spool, failed, name, &e) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/%s/%s", cfg->spool,
	         failed ? "failed" : "outbox", name);
	text = util_read_file(path, OUTBOX_MAX_MAIL, NULL);
	if (!text)
		return -1;
	printf("*** %s/%s ***\n", failed ? "failed" : "outbox", name);
	util_iso_time((time_t)e.queued, when, sizeof when);
	printf("size: %lld\nqueued: %s\nheld: %s\ntries: %d\n", e.size,
	       when, e.held ? "yes" : "no", e.retry.attempts);
	if (e.retry.attempts || e.retry.relay) {
		util_iso_time((time_t)e.retry.first, when, sizeof when);
		util_iso_time((time_t)e.retry.next, next, sizeof next);
		printf("first failure: %s\nnext try: %s\n", when, next);
	}
	printf("reason: %s\n*** message ***\n",
	       e.retry.reason[0] ? e.retry.reason : "-");
	if (raw)
		put_safe(text, (size_t)-1);
	else
		put_decoded(text);
	free(text);
	return 0;
}

/* Apply op to the mail name of folder failed (0 or 1). */
static int apply(const struct config *cfg, enum op op, int failed,
                 const char *name, const char *reason)
{
	const char *where = failed ? "failed" : "outbox";
	int rc;

	switch (op) {
	case OP_SHOW:
	case OP_SHOW_RAW:
		return show(cfg, failed, name, op == OP_SHOW_RAW);
	case OP_HOLD:
	case OP_RELEASE:
		if (failed) {
			errno = EINVAL;  /* a failed mail is never tried */
			return -1;
		}
		rc = outbox_set_hold(cfg->spool, name, op == OP_HOLD);
		break;
	case OP_REQUEUE:
		rc = outbox_requeue(cfg->spool, failed, name);
		break;
	case OP_DELETE:
	default:
		rc = outbox_delete(cfg->spool, failed, name);
		break;
	}
	if (rc == 0)
		admin_log(cfg, reason ? reason : "(none given)", "outbox mail "
		          "%s/%s: %s", where, name, op_names[op]);
	return rc;
}

/* "ID is not a mail ID" on stderr, the ID's bytes outside printable
 * ASCII as '?' (IDs from a pipe are any text: an escape sequence must
 * not reach the operator's terminal). */
static void not_an_id(int op, const char *id)
{
	char *safe = xstrdup(id), *p;

	for (p = safe; *p; p++)
		if (!(*p >= 0x20 && *p < 0x7f))
			*p = '?';
	/* TRANSLATORS: the admin outbox command (hold, delete, ...) and the
	 * ID the operator gave. */
	fprintf(stderr, _("epamserv: admin outbox %s: '%s' is not a mail ID "
	                  "(see epamserv outbox)\n"), op_names[op], safe);
	free(safe);
}

/* One ID as given on the command line or standard input: in the folder
 * it names, else in outbox/ then failed/.  0, or 1 when it failed (said
 * on stderr). */
static int apply_id(const struct config *cfg, enum op op, const char *id,
                    const char *reason)
{
	int failed, rc;
	const char *name = parse_id(id, &failed);

	if (!name) {
		not_an_id(op, id);
		return 1;
	}
	if (failed >= 0) {
		rc = apply(cfg, op, failed, name, reason);
	} else {
		rc = apply(cfg, op, 0, name, reason);
		if (rc < 0 && errno == ENOENT)
			rc = apply(cfg, op, 1, name, reason);
	}
	if (rc < 0) {
		/* TRANSLATORS: the admin outbox command, the mail's ID, and
		 * after the colon why it failed (the clauses below, or the
		 * system's error). */
		fprintf(stderr, _("epamserv: admin outbox %s %s: %s\n"),
		        op_names[op], id,
		        errno == ENOENT ? _("no such mail in outbox/ or failed/") :
		        errno == EBUSY ? _("a delivery run is sending it; try again") :
		        errno == EINVAL ? _("a failed mail cannot be held (requeue "
		                            "it)") :
		        errno == EEXIST ? _("a mail of that name is in outbox/ too") :
		        strerror(errno));
		return 1;
	}
	return 0;
}

/* The mails of outbox/ (and failed/ for delete and requeue, not for
 * hold and release) that ALL (to NULL) or --to to selects.  Returns the
 * number of failures. */
static int apply_all(const struct config *cfg, enum op op, const char *to,
                     const char *reason, int *count)
{
	int failed, bad = 0, last = op == OP_HOLD || op == OP_RELEASE ? 0 : 1;

	for (failed = 0; failed <= last; failed++) {
		size_t n, i;
		char **names = outbox_names(cfg->spool, failed, &n);
		if (!names)
			continue;  /* no failed/ yet */
		for (i = 0; i < n; i++) {
			struct outbox_entry e;
			if (outbox_entry_read(cfg->spool, failed, names[i], &e) < 0)
				continue;  /* sent or removed meanwhile */
			if (to && !outbox_match_to(&e, to))
				continue;
			if (apply(cfg, op, failed, names[i], reason) < 0) {
				char name[4 * 256 + 1];
				fprintf(stderr, "epamserv: admin outbox %s %s/%s: %s\n",
				        op_names[op], failed ? "failed" : "outbox",
				        util_safe_name(names[i], name, sizeof name),
				        strerror(errno));
				bad++;
			} else {
				(*count)++;
			}
		}
		outbox_free_names(names, n);
	}
	return bad;
}

/* IDs from standard input, the first word of each line (blank lines and
 * lines starting with '#' skipped).  Returns the number of failures. */
static int apply_stdin(const struct config *cfg, enum op op,
                       const char *reason, int *count)
{
	char line[1024];
	int bad = 0;

	while (fgets(line, sizeof line, stdin)) {
		char *word = line + strspn(line, " \t");
		word[strcspn(word, " \t\r\n")] = '\0';
		if (!*word || *word == '#')
			continue;
		if (apply_id(cfg, op, word, reason))
			bad++;
		else
			(*count)++;
	}
	return bad;
}

static int usage(void)
{
	fprintf(stderr,
	        "usage: epamserv admin outbox list\n"
	        "       epamserv admin outbox show [--raw] ID...\n"
	        "       epamserv admin outbox hold|release|requeue ID...|ALL|"
	        "--to ADDRESS|@DOMAIN|- [--reason TEXT]\n"
	        "       epamserv admin outbox delete ID...|ALL|--to ADDRESS|"
	        "@DOMAIN|- --reason TEXT\n");
	return EXIT_USAGE;
}

/* The verb argv[1] as an op, or -1. */
static int parse_op(const char *verb)
{
	size_t k;

	if (strcmp(verb, "retry") == 0)
		return OP_REQUEUE;
	if (strcmp(verb, "drop") == 0)
		return OP_DELETE;
	for (k = 0; k < OP_SHOW_RAW; k++)
		if (strcmp(verb, op_names[k]) == 0)
			return (int)k;
	return -1;
}

int admin_outbox(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	int op, bad = 0, count = 0, i;

	if (argc == 2 && strcmp(argv[1], "list") == 0) {
		fputs(_("# waiting in outbox/:\n"), stdout);
		outbox_print(cfg->spool, stdout, 1);
		return 0;
	}
	if (argc < 3 || (op = parse_op(argv[1])) < 0)
		return usage();
	if (op == OP_SHOW && strcmp(argv[2], "--raw") == 0) {
		op = OP_SHOW_RAW;
		argc--;
		argv++;
		if (argc < 3)
			return usage();
	}
	if (op == OP_DELETE && admin_need_reason(reason, "outbox delete") < 0)
		return EXIT_USAGE;
	if (argc == 3 && strcmp(argv[2], "ALL") == 0 && op != OP_SHOW &&
	    op != OP_SHOW_RAW) {
		bad = apply_all(cfg, op, NULL, reason, &count);
	} else if (argc == 4 && strcmp(argv[2], "--to") == 0 && op != OP_SHOW &&
	           op != OP_SHOW_RAW) {
		if (strlen(argv[3]) < 2 || !strchr(argv[3], '@')) {
			fprintf(stderr, _("epamserv: admin outbox %s --to: '%s' is "
			          "neither an address nor @DOMAIN\n"), op_names[op], argv[3]);
			return EXIT_USAGE;
		}
		bad = apply_all(cfg, op, argv[3], reason, &count);
	} else if (argc == 3 && strcmp(argv[2], "-") == 0) {
		bad = apply_stdin(cfg, op, reason, &count);
	} else {
		/* IDs: every one checked before any is touched */
		for (i = 2; i < argc; i++) {
			int failed;
			if (strcmp(argv[i], "ALL") == 0 || strcmp(argv[i], "--to") == 0 ||
			    strcmp(argv[i], "-") == 0)
				return usage();
			if (!parse_id(argv[i], &failed)) {
				not_an_id(op, argv[i]);
				return EXIT_USAGE;
			}
		}
		for (i = 2; i < argc; i++) {
			if (apply_id(cfg, op, argv[i], reason))
				bad++;
			else
				count++;
		}
	}
	/* TRANSLATORS: the admin outbox command (hold, release, requeue,
	 * delete) and how many mails it touched. */
	if (op != OP_SHOW && op != OP_SHOW_RAW && bad)
		printf(ngettext("%s: %d mail (see the errors above)\n",
		                "%s: %d mails (see the errors above)\n", count),
		       op_names[op], count);
	else if (op != OP_SHOW && op != OP_SHOW_RAW)
		printf(ngettext("%s: %d mail\n", "%s: %d mails\n", count),
		       op_names[op], count);
	return bad ? 1 : 0;
}
