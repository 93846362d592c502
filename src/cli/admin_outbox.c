/*
 * admin_outbox.c - "epamserv admin outbox ...": the queue operations an
 * operator knows from postsuper(1) and postcat(1).
 *
 *   admin outbox list                          the names, as before
 *   admin outbox show ID...                    envelope, state, message
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
#include "spool/outbox.h"
#include "util/buf.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What to do with each selected mail. */
enum op { OP_SHOW, OP_HOLD, OP_RELEASE, OP_REQUEUE, OP_DELETE };

static const char *const op_names[] = { "show", "hold", "release",
                                        "requeue", "delete" };

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

/* Print one mail as postcat does: where it is, its state, the envelope,
 * then the message with LF line ends. */
static int show(const struct config *cfg, int failed, const char *name)
{
	struct outbox_entry e;
	char path[8192], *text, *p;

	if (outbox_entry_read(cfg->spool, failed, name, &e) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/%s/%s", cfg->spool,
	         failed ? "failed" : "outbox", name);
	text = util_read_file(path, OUTBOX_MAX_MAIL, NULL);
	if (!text)
		return -1;
	printf("*** %s/%s ***\n", failed ? "failed" : "outbox", name);
	printf("size: %lld\nqueued: %lld\nheld: %s\ntries: %d\n", e.size,
	       e.queued, e.held ? "yes" : "no", e.retry.attempts);
	if (e.retry.attempts || e.retry.relay)
		printf("first failure: %lld\nnext try: %lld\n", e.retry.first,
		       e.retry.next);
	printf("reason: %s\n*** message ***\n",
	       e.retry.reason[0] ? e.retry.reason : "-");
	for (p = text; *p; p++)
		if (*p != '\r')
			putchar(*p);
	if (p > text && p[-1] != '\n')
		putchar('\n');
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
		return show(cfg, failed, name);
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

/* One ID as given on the command line or standard input: in the folder
 * it names, else in outbox/ then failed/.  0, or 1 when it failed (said
 * on stderr). */
static int apply_id(const struct config *cfg, enum op op, const char *id,
                    const char *reason)
{
	int failed, rc;
	const char *name = parse_id(id, &failed);

	if (!name) {
		fprintf(stderr, "epamserv: admin outbox %s: '%s' is not a mail ID "
		        "(see epamserv outbox)\n", op_names[op], id);
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
		fprintf(stderr, "epamserv: admin outbox %s %s: %s\n", op_names[op],
		        id, errno == ENOENT ? "no such mail in outbox/ or failed/" :
		        errno == EBUSY ? "a delivery run is sending it; try again" :
		        errno == EINVAL ? "a failed mail cannot be held (requeue it)" :
		        errno == EEXIST ? "a mail of that name is in outbox/ too" :
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
				fprintf(stderr, "epamserv: admin outbox %s %s/%s: %s\n",
				        op_names[op], failed ? "failed" : "outbox",
				        names[i], strerror(errno));
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
	        "       epamserv admin outbox show ID...\n"
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
	for (k = 0; k < sizeof op_names / sizeof *op_names; k++)
		if (strcmp(verb, op_names[k]) == 0)
			return (int)k;
	return -1;
}

int admin_outbox(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	int op, bad = 0, count = 0, i;

	if (argc == 2 && strcmp(argv[1], "list") == 0) {
		printf("# waiting in outbox/:\n");
		outbox_print(cfg->spool, stdout, 1);
		return 0;
	}
	if (argc < 3 || (op = parse_op(argv[1])) < 0)
		return usage();
	if (op == OP_DELETE && admin_need_reason(reason, "outbox delete") < 0)
		return EXIT_USAGE;
	if (argc == 3 && strcmp(argv[2], "ALL") == 0 && op != OP_SHOW) {
		bad = apply_all(cfg, op, NULL, reason, &count);
	} else if (argc == 4 && strcmp(argv[2], "--to") == 0 && op != OP_SHOW) {
		if (strlen(argv[3]) < 2 || !strchr(argv[3], '@')) {
			fprintf(stderr, "epamserv: admin outbox %s --to: '%s' is "
			        "neither an address nor @DOMAIN\n", op_names[op], argv[3]);
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
				fprintf(stderr, "epamserv: admin outbox %s: '%s' is not a "
				        "mail ID (see epamserv outbox)\n", op_names[op],
				        argv[i]);
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
	if (op != OP_SHOW)
		printf("%s: %d mail%s%s\n", op_names[op], count, count == 1 ? "" : "s",
		       bad ? " (see the errors above)" : "");
	return bad ? 1 : 0;
}
