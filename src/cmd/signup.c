/*
 * signup.c - "signup USERID PASSWORD [ADDRESS]": a new player account.
 *
 * The address defaults to the sender's.  The welcome mail goes to the
 * account's address, so a typo in it shows at once.
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIGNUP_USAGE "signup USERID PASSWORD [ADDRESS]\n" \
	"  e.g. signup alice Secret42 alice@example.org\n" \
	"  USERID: 1-20 letters, digits, _ or -; PASSWORD: no spaces"

enum cmd_status cmd_signup(struct cmdctx *c, int argc, char **argv)
{
	struct user u;
	struct lock l = LOCK_INIT;
	struct tvars v = { 0 };
	struct txn *t;
	char rel[128], *err = NULL, *text, *file;
	const char *addr;
	enum cmd_status st;
	int rc;

	if (argc < 2 || argc > 3)
		return cmd_refuse(c, SIGNUP_USAGE, "signup takes a userid, a "
		                  "password and optionally an address");
	util_lower(argv[0]);
	if (!util_userid_ok(argv[0]))
		return cmd_refuse(c, SIGNUP_USAGE, "'%s' is not a valid userid",
		                  argv[0]);
	if (util_userid_reserved(argv[0]))
		return cmd_refuse(c, SIGNUP_USAGE, "the userid '%s' is reserved (it "
		                  "names a role, the server or a robot); choose "
		                  "another", argv[0]);
	if (strlen(argv[1]) > 128)
		return cmd_refuse(c, SIGNUP_USAGE, "the password is too long "
		                  "(128 characters at most)");
	addr = argc == 3 ? argv[2] : c->sender;
	if (!mail_addr_ok(addr))
		return cmd_refuse(c, SIGNUP_USAGE, "'%s' is not a mail address I "
		                  "can send to", addr);
	if ((st = cmd_lock(c, "users", &l)) != CMD_DONE)
		return st;
	rc = user_load(c->cfg->spool, argv[0], &u, &err);
	if (rc <= 0) {
		int left = rc == 0 && u.left;
		if (rc == 0)
			user_free(&u);
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		lock_release(&l);
		if (rc < 0)
			return CMD_TEMPFAIL;
		return cmd_refuse(c, SIGNUP_USAGE, "the userid '%s' is taken%s; "
		                  "choose another", argv[0], left ? " (by a player "
		                  "who has signed off: userids are never reused)" : "");
	}
	memset(&u, 0, sizeof u);
	user_defaults(&u);
	snprintf(u.userid, sizeof u.userid, "%s", argv[0]);
	u.hash = user_hash_password(argv[1]);
	u.address = xstrdup(addr);
	u.created = c->now;
	if (!u.hash) {
		user_free(&u);
		lock_release(&l);
		log_msg(LOG_ERR, "crypt(3) failed to hash a password\n");
		return CMD_TEMPFAIL;
	}
	tvars_set(&v, "userid", u.userid);
	tvars_set(&v, "address", u.address);
	tvars_set(&v, "from", c->cfg->from);
	text = reply_template(c, "signup.txt", &v);
	file = user_format(&u);
	if (text) {
		t = cmd_txn(c, "users");
		user_path(u.userid, rel, sizeof rel);
		txn_put(t, rel, file, strlen(file));
		reply_queue(c, t, u.address, "Welcome to epamserv", text, NULL, 0,
		            NULL);
		st = cmd_commit(c, t);
	} else {
		st = CMD_TEMPFAIL;
	}
	lock_release(&l);
	free(text);
	free(file);
	tvars_free(&v);
	user_free(&u);
	return st;
}
