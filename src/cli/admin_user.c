/*
 * admin_user.c - the account and bounce commands of "epamserv admin"
 * added by issue 13 (the older "admin user add|del|passwd|show" are in
 * admin.c, to move here):
 *
 *   admin user list                 every account: userid, address,
 *                                   state, bounces of its address
 *   admin user address USERID NEW-ADDRESS --reason TEXT
 *                                   replace the account's addresses by
 *                                   NEW-ADDRESS (confirmed: the admin
 *                                   vouches for it, as for user add)
 *   admin bounces                   the bounce records (bounce.h)
 *   admin bounces clear ADDRESS [--reason TEXT]
 *                                   forget the bounces of ADDRESS
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "mail/mail.h"
#include "spool/addrindex.h"
#include "spool/bounce.h"
#include "spool/lock.h"
#include "spool/outbox.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The record of addr among v (n of them), or NULL. */
static const struct bounce *find_bounce(const struct bounce *v, size_t n,
                                        const char *addr)
{
	size_t i;

	for (i = 0; addr && i < n; i++)
		if (strcasecmp(v[i].address, addr) == 0)
			return &v[i];
	return NULL;
}

/* One line of "admin user list" for userid. */
static void list_one(const struct config *cfg, const char *userid,
                     const struct bounce *v, size_t nb)
{
	struct user u;
	char *err = NULL, addr[300];
	const struct bounce *b;
	const char *state;

	if (user_load(cfg->spool, userid, &u, &err) != 0) {
		printf("%s - damaged (%s)\n", userid, err ? err : "unreadable");
		free(err);
		return;
	}
	snprintf(addr, sizeof addr, "%s", user_address(&u) ? user_address(&u)
	         : u.nreq ? u.req[0].addr : "-");
	util_clean_line(addr);
	state = u.left ? "left" : !user_confirmed(&u) ? "unconfirmed"
	        : user_on_vacation(&u, util_now()) ? "vacation" : "active";
	b = find_bounce(v, nb, user_address(&u));
	printf("%s %s %s", u.userid, addr, state);
	if (b)
		printf(" bounces=%ld%s", b->count,
		       b->count >= BOUNCE_FLAG_COUNT ? " (keeps bouncing)" : "");
	printf("\n");
	user_free(&u);
}

static int user_list_all(const struct config *cfg)
{
	struct bounce *v = NULL;
	char **ids, *err = NULL;
	size_t n, nb = 0, i;

	if (user_list(cfg->spool, &ids, &n, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err ? err : strerror(errno));
		free(err);
		return 1;
	}
	if (bounce_list(cfg->spool, &v, &nb) < 0)
		v = NULL, nb = 0;
	for (i = 0; i < n; i++)
		list_one(cfg, ids[i], v, nb);
	if (!n)
		printf("no accounts\n");
	user_list_free(ids, n);
	free(v);
	return 0;
}

/* Under the users lock: load userid, set addr as its only address,
 * commit.  0, or 1 with a message on stderr. */
static int set_address(const struct config *cfg, const char *userid,
                       const char *addr, char *old, size_t oldlen)
{
	struct lock l = LOCK_INIT;
	struct user u, was;
	struct txn *t;
	char *err = NULL;
	int rc = 1, have;

	if (lock_acquire(cfg->spool, "users", cfg->lock_timeout * 1000, &l) < 0) {
		fprintf(stderr, "epamserv: the user file is busy; try again\n");
		return 1;
	}
	txn_recover(cfg->spool, "users");
	have = user_load(cfg->spool, userid, &u, &err);
	if (have != 0 || user_load(cfg->spool, userid, &was, &err) != 0) {
		fprintf(stderr, "epamserv: %s\n", have == 1 ? "there is no such user"
		        : err ? err : "the user file cannot be read");
		if (have == 0)
			user_free(&u);
		goto out;
	}
	snprintf(old, oldlen, "%s", user_address(&u) ? user_address(&u) : "-");
	user_clear_addresses(&u);
	user_drop_change_requests(&u);
	if (user_add_address(&u, addr, 0) < 0) {
		fprintf(stderr, "epamserv: cannot set the address\n");
	} else {
		t = txn_begin(cfg->spool, "users", "admin");
		addr_user_put(t, cfg->spool, &u, &was);
		if (txn_commit(t, &err) < 0)
			fprintf(stderr, "epamserv: %s\n", err);
		else
			rc = 0;
	}
	user_free(&u);
	user_free(&was);
out:
	free(err);
	lock_release(&l);
	return rc;
}

static int user_address_cmd(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	char old[300];

	if (argc != 4) {
		fprintf(stderr, "usage: epamserv admin user address USERID "
		        "NEW-ADDRESS --reason TEXT\n");
		return EXIT_USAGE;
	}
	util_lower(argv[2]);
	if (!util_userid_ok(argv[2])) {
		fprintf(stderr, "epamserv: '%s' is not a valid userid\n", argv[2]);
		return EXIT_USAGE;
	}
	if (!mail_addr_ok(argv[3])) {
		fprintf(stderr, "epamserv: '%s' is not a mail address\n", argv[3]);
		return EXIT_USAGE;
	}
	if (admin_need_reason(reason, "user address") < 0)
		return EXIT_USAGE;
	if (set_address(cfg, argv[2], argv[3], old, sizeof old) != 0)
		return 1;
	util_clean_line(old);
	admin_log(cfg, reason, "address of %s set to %s (was %s)", argv[2],
	          argv[3], old);
	return 0;
}

int admin_user_more(const struct config *cfg, int argc, char **argv)
{
	if (strcmp(argv[1], "list") == 0 && argc == 2)
		return user_list_all(cfg);
	if (strcmp(argv[1], "address") == 0)
		return user_address_cmd(cfg, argc, argv);
	fprintf(stderr, "usage: epamserv admin user list\n"
	        "       epamserv admin user address USERID NEW-ADDRESS "
	        "--reason TEXT\n");
	return EXIT_USAGE;
}

int admin_bounces(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	int rc;

	if (argc == 1) {
		if (outbox_print_bounces(cfg->spool, stdout) == 0)
			printf("no address has bounced\n");
		return 0;
	}
	if (argc != 3 || strcmp(argv[1], "clear") != 0) {
		fprintf(stderr, "usage: epamserv admin bounces [clear ADDRESS "
		        "[--reason TEXT]]\n");
		return EXIT_USAGE;
	}
	rc = bounce_clear(cfg->spool, argv[2], cfg->lock_timeout * 1000);
	if (rc < 0) {
		fprintf(stderr, "epamserv: cannot clear the bounces of %s: %s\n",
		        argv[2], strerror(errno));
		return EXIT_TEMPFAIL;
	}
	if (rc == 0) {
		fprintf(stderr, "epamserv: %s has no bounce record (see epamserv "
		        "admin bounces)\n", argv[2]);
		return 1;
	}
	admin_log(cfg, reason ? reason : "(none given)",
	          "bounces of %s cleared", argv[2]);
	return 0;
}
