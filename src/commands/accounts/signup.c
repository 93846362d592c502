/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * signup.c - "signup USERID PASSWORD [ADDRESS...]": a new player account,
 * and "confirm USERID [#TOKEN]", the answer to its confirmation request
 * (SPEC section 9, issue 11: confirmed addresses).
 *
 * An address receives nothing from us but one confirmation request until
 * its owner answers it, whatever the From of the signup says: the
 * account is made with its addresses requested, each is sent one request
 * whose subject is the confirm command
 *
 *   Subject: confirm alice [#k3f7x2ab7q4mz5ne] (reply to confirm ...)
 *
 * and a reply that keeps the subject, with any body, confirms that one
 * address (several addresses are confirmed each on its own).  Only then
 * is the account a player, and the welcome goes out.  The requests go
 * out with the null envelope sender and Auto-Submitted, so neither
 * bounces nor well-behaved auto-responders answer them; an auto-reply
 * that still does is never processed (process.c).  At most one request
 * goes to an address a day, and requests count against the server's
 * hourly budget of mail to strangers.  A signup nobody confirms expires
 * after confirm_days (sweep drops it) and frees the userid; the same
 * userid and password signed up again sends the requests again (a day
 * after the last).  The address defaults to the sender's.
 *
 * The same request, with kind "change", confirms a new address given
 * by "change address" (accounts.c): on confirmation it replaces the
 * addresses confirmed before the request, and those are told.
 */
#include "util/log.h"
#include "commands/acctoken.h"
#include "commands/cmd.h"
#include "services/lang.h"
#include "commands/stranger.h"
#include "commands/table.h"
#include "services/tokenhash.h"
#include "spool/addrindex.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


#define CONFIRM_TOKEN_LEN 16   /* 80 bits, as reply tokens (tokens.c) */
#define REQUEST_GAP 86400      /* seconds between requests to one address */

/* A fresh token: CONFIRM_TOKEN_LEN characters of [a-z2-7]. */
static int confirm_token(char *out)
{
	return tokens_random(out, CONFIRM_TOKEN_LEN);
}

/* Whether a confirmation request went to addr less than a day ago
 * (1), not (0), or the index cannot be read (-1, logged). */
static int request_recent(struct cmdctx *c, const char *addr)
{
	struct addr_entry e;
	char *err = NULL;

	if (addr_entry_load(c->s.cfg->spool, addr, &e, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	return e.request_sent && c->s.now - e.request_sent < REQUEST_GAP &&
	       c->s.now >= e.request_sent;
}

enum cmd_status signup_request(struct cmdctx *c, struct txn *t,
                               struct user *u, const char *addr,
                               enum user_request_kind kind)
{
	const char *usage = cmd_usage_of(c, "signup", CMDT_ACCOUNT, NULL);
	struct tvars v = { 0 };
	char token[CONFIRM_TOKEN_LEN + 1], subject[256], *hash, *text;

	if (confirm_token(token) < 0 || !(hash = token_hash_new(token))) {
		log_msg(LOG_ERR, "no randomness for a confirmation token\n");
		return CMD_TEMPFAIL;
	}
	if (user_add_request(u, addr, c->s.now, kind, hash) < 0) {
		free(hash);
		return cmd_refuse(c, usage, ngettext("an account has at most %d "
		                  "address", "an account has at most %d "
		                  "addresses", USER_MAX_ADDRESSES),
		                  USER_MAX_ADDRESSES);
	}
	free(hash);
	tvars_set(&v, "userid", u->userid);
	tvars_set(&v, "address", addr);
	tvars_set(&v, "from", c->s.cfg->from);
	tvars_setf(&v, "days", "%d", c->s.cfg->confirm_days);
	/* TRANSLATORS: what someone did with the address, in confirm.txt. */
	tvars_set(&v, "why", kind == USER_REQ_CHANGE
	          ? _("asked to make it the address of the epamserv account")
	          : _("signed up for the epamserv account"));
	text = reply_template(&c->s, "confirm.txt", &v);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	/* "confirm USERID [#TOKEN]" is the command its reply carries. */
	/* TRANSLATORS: the subject of the request to confirm an address:
	 * "confirm %1$s [#%2$s]" (the userid and the token) is the command
	 * the reply carries: keep it as it is and first in the subject;
	 * translate only the words in the round brackets, and keep the
	 * brackets. */
	snprintf(subject, sizeof subject, _("confirm %1$s [#%2$s] (reply to "
	         "confirm your address for epamserv)"), u->userid, token);
	explicit_bzero(token, sizeof token);
	/* Null envelope sender, Auto-Submitted: nothing answers it but its
	 * owner. */
	c->exempt_stranger = 1;  /* its budget is taken (signup_requests) */
	reply_queue(&c->s, t, addr, subject, text, NULL, 1, NULL);
	c->exempt_stranger = 0;
	free(text);
	return CMD_DONE;
}

/* Take one request from the hourly budget of confirmation requests,
 * its source's share and the server's (stranger.h; counted apart from
 * the replies to strangers, so that neither can use up the other): 1
 * when there was room. */
static int signup_request_budget(struct cmdctx *c)
{
	return stranger_budget_take(c, STRANGER_REQUESTS);
}

enum cmd_status signup_requests(struct cmdctx *c, struct txn *t,
                                struct user *u, char **addrs, int n,
                                enum user_request_kind kind,
                                struct buf *skipped)
{
	const char *usage = cmd_usage_of(c, "signup", CMDT_ACCOUNT, NULL);
	enum cmd_status st;
	int i, sent = 0, rc;

	for (i = 0; i < n; i++) {
		if ((rc = request_recent(c, addrs[i])) < 0)
			return CMD_TEMPFAIL;
		if (rc || !signup_request_budget(c)) {
			buf_printf(skipped, "%s%s", skipped->len ? ", " : "", addrs[i]);
			continue;
		}
		if ((st = signup_request(c, t, u, addrs[i], kind)) != CMD_DONE)
			return st;
		sent++;
	}
	if (!sent)
		/* TRANSLATORS: %s is a list of addresses, "a@x.org, b@y.org". */
		return cmd_refuse(c, usage, _("no confirmation request was "
		                  "sent: one went to %s less than a day ago, or the "
		                  "server has sent its most for this hour.  Reply to "
		                  "the request already sent, or try again later"),
		                  buf_str(skipped));
	return CMD_DONE;
}

/* Whether addr is fit to be an account's address: mail_addr_ok, and
 * plain enough that one mailbox has one spelling (one request a day an
 * address must not be dodged by writing it another way): ASCII only, no
 * source routes ('%', '!'), no IP literal, a domain of dotted labels of
 * letters, digits and '-' with no trailing dot.  0, or -1 with why. */
int signup_address_ok(const char *addr, char *why, size_t len)
{
	const char *at = strrchr(addr, '@'), *p;
	size_t label = 0;

	if (!mail_addr_ok(addr) || !at) {
		snprintf(why, len, _("'%.100s' is not a mail address I can send "
		         "to"), addr);
		return -1;
	}
	for (p = addr; *p; p++)
		if ((unsigned char)*p >= 0x80 || *p == '%' || *p == '!' ||
		    (p < at && p[0] == '.' && (p == addr || p[1] == '.' ||
		                               p[1] == '@'))) {
			snprintf(why, len, _("'%.100s' is written in a way I do not "
			         "take for an account (plain ASCII, no %% or ! or "
			         "dots at the ends of the name; a domain with "
			         "non-ASCII letters in its xn-- form)"), addr);
			return -1;
		}
	for (p = at + 1; ; p++) {
		int ok = *p && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		                (*p >= '0' && *p <= '9') || *p == '-');
		if (ok) {
			label++;
			continue;
		}
		if ((*p != '.' && *p) || label == 0 || p[-1] == '-' ||
		    (p - label)[0] == '-')
			break;
		if (!*p)
			return strchr(at, '.') ? 0 : (snprintf(why, len,
			       _("'%.100s' has no domain I can deliver to"), addr),
			       -1);
		label = 0;
	}
	snprintf(why, len, _("the domain of '%.100s' is not a plain domain "
	         "name (letters, digits and -, separated by single dots)"),
	         addr);
	return -1;
}

/* The addresses of a signup (argv after the password, else the sender),
 * each checked and given once, into out.  Returns the count, or -1 after
 * a refusal. */
static int signup_addresses(struct cmdctx *c, int argc, char **argv,
                            char **out)
{
	const char *usage = cmd_usage_of(c, "signup", CMDT_ACCOUNT, NULL);
	int i, j, n = 0;

	char why[400];

	if (argc == 0 && c->sender) {
		if (signup_address_ok(c->sender, why, sizeof why) < 0) {
			/* TRANSLATORS: %s says what is wrong with the address,
			   "'x' has no domain I can deliver to". */
			cmd_refuse(c, usage, _("%s: give your address after the "
			           "password"), why);
			return -1;
		}
		out[n++] = (char *)c->sender;
	}
	for (i = 0; i < argc; i++) {
		if (signup_address_ok(argv[i], why, sizeof why) < 0) {
			cmd_refuse(c, usage, "%s", why);
			return -1;
		}
		for (j = 0; j < n && strcasecmp(out[j], argv[i]); j++)
			;
		if (j == n)
			out[n++] = argv[i];
	}
	if (n == 0)
		cmd_refuse(c, usage, "%s", _("signup needs an address to write "
		           "to"));
	return n ? n : -1;
}

/* Whether a signup nobody confirmed has expired (its userid is free). */
static int signup_expired(const struct cmdctx *c, const struct user *u)
{
	return !u->left && u->naddr == 0 &&
	       c->s.now - u->created >= (time_t)c->s.cfg->confirm_days * 86400;
}

enum cmd_status cmd_signup(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "signup", CMDT_ACCOUNT, NULL);
	struct user u, old;
	struct lock l = LOCK_INIT;
	struct buf skipped = BUF_INIT;
	struct txn *t;
	char *err = NULL, *addrs[USER_MAX_ADDRESSES];
	enum cmd_status st;
	int rc, n, again;

	if (argc < 2 || argc > 2 + USER_MAX_ADDRESSES)
		return cmd_refuse(c, usage, ngettext("signup takes a userid, a "
		                  "password and up to %d address", "signup takes a "
		                  "userid, a password and up to %d addresses",
		                  USER_MAX_ADDRESSES), USER_MAX_ADDRESSES);
	util_lower(argv[0]);
	if (!util_userid_ok(argv[0]))
		return cmd_refuse(c, usage, _("'%s' is not a valid userid"),
		                  argv[0]);
	if (util_userid_reserved(argv[0]))
		return cmd_refuse(c, usage, _("the userid '%s' is reserved (it "
		                  "names a role, the server or a robot); choose "
		                  "another"), argv[0]);
	if (strlen(argv[1]) > 128)
		return cmd_refuse(c, usage, "%s", _("the password is too long "
		                  "(128 characters at most)"));
	if ((n = signup_addresses(c, argc - 2, argv + 2, addrs)) < 0)
		return CMD_REFUSED;
	if (c->address_requests++)
		return cmd_refuse(c, usage, "%s", _("one mail may carry one "
		                  "signup or change of address: send the others on "
		                  "their own"));
	if ((st = svc_lock(&c->s, "users", &l)) != CMD_DONE)
		return st;
	rc = user_load(c->s.cfg->spool, argv[0], &old, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		lock_release(&l);
		return CMD_TEMPFAIL;
	}
	if (rc == 0 && !signup_expired(c, &old)) {
		/* A signup still waiting, sent again with its password: the
		 * requests go out again.  Anything else: the userid is taken.
		 * The password is checked like any other (one check a mail,
		 * the back-off), so it cannot be guessed here faster. */
		again = !old.left && old.naddr == 0 ?
		        auth_password(c, &old, argv[1], usage) : 0;
		if (again < 0) {
			user_free(&old);
			lock_release(&l);
			return CMD_REFUSED;
		}
		if (!again) {
			st = cmd_refuse(c, usage, old.left ?
			                _("the userid '%s' is taken (by a player who "
			                  "has signed off: userids are never reused); "
			                  "choose another") :
			                _("the userid '%s' is taken; choose another"),
			                argv[0]);
			user_free(&old);
			lock_release(&l);
			return st;
		}
	}
	memset(&u, 0, sizeof u);
	user_defaults(&u);
	/* Issue 32: a new account starts in the language its signup is
	 * answered in: the server's, or German for a stranger's mail
	 * written in German (process.c). */
	if (i18n_current() && i18n_known(c->s.cfg->locale_dir, i18n_current()))
		snprintf(u.language, sizeof u.language, "%s", i18n_current());
	snprintf(u.userid, sizeof u.userid, "%s", argv[0]);
	u.hash = user_hash_password(argv[1]);
	u.created = c->s.now;
	if (!u.hash) {
		log_msg(LOG_ERR, "crypt(3) failed to hash a password\n");
		st = CMD_TEMPFAIL;
		goto out;
	}
	t = svc_txn(&c->s, "users");
	st = signup_requests(c, t, &u, addrs, n, USER_REQ_SIGNUP, &skipped);
	if (st != CMD_DONE) {
		txn_abort(t);
		goto out;
	}
	addr_user_put(t, c->s.cfg->spool, &u, rc == 0 ? &old : NULL);
	st = svc_commit(&c->s, t);
	log_msg(LOG_INFO, "signup %s: %zu confirmation request%s sent%s%s\n",
	        u.userid, u.nreq, u.nreq == 1 ? "" : "s",
	        skipped.len ? ", none to " : "", buf_str(&skipped));
out:
	if (rc == 0)
		user_free(&old);
	buf_free(&skipped);
	user_free(&u);
	lock_release(&l);
	return st;
}

/* The welcome (signup.txt) to a newly confirmed address. */
/* The welcome's word on the robot opponents of the config into v's
 * "robots" (issue 16): who they are and the challenge that starts a game
 * with the first, for a newcomer who has no opponent yet; "" without
 * robots. */
static void robots_var(const struct cmdctx *c, const char *userid,
                       struct tvars *v)
{
	struct buf b = BUF_INIT, list = BUF_INIT;
	int i, n = c->s.cfg->nrobots;

	if (n <= 0) {
		tvars_set(v, "robots", "");
		return;
	}
	for (i = 0; i < n; i++) {
		char robot[96];
		/* TRANSLATORS: a robot in the welcome's list of robots: %s is
		   its userid, %d its level. */
		snprintf(robot, sizeof robot, _("%s (level %d)"),
		         c->s.cfg->robot[i].userid, c->s.cfg->robot[i].level);
		if (i == 0) {
			buf_puts(&list, robot);
		} else {
			char *head = xstrdup(buf_str(&list));
			buf_reset(&list);
			/* TRANSLATORS: a list of robots: %1$s the first ones,
			   %2$s the next (a comma between all but the last two). */
			buf_printf(&list, i + 1 < n ? _("%1$s, %2$s") :
			           _("%1$s and %2$s"), head, robot);
			free(head);
		}
	}
	buf_puts(&b, "\n");
	/* TRANSLATORS: the welcome's word on the robots: %1$s is their
	   list, "robby (level 2) and rob (level 5)", %2$s the new player's
	   userid, %3$s the first robot's, %4$d and %5$d the weakest and
	   the strongest level.  The challenge line is a command: its words
	   stay. */
	buf_printf(&b, ngettext("No opponent yet?  The robot %1$s plays at "
	           "any time and accepts a signed challenge at once, e.g.\n"
	           "  epaminondas challenge %2$s %3$s by %2$s PASSWORD\n"
	           "(levels %4$d, the weakest, to %5$d; \"list\" shows every "
	           "player; \"help challenge\" tells more).",
	           "No opponent yet?  The robots %1$s play at any time and "
	           "accept a signed challenge at once, e.g.\n"
	           "  epaminondas challenge %2$s %3$s by %2$s PASSWORD\n"
	           "(levels %4$d, the weakest, to %5$d; \"list\" shows every "
	           "player; \"help challenge\" tells more).", n),
	           buf_str(&list), userid, c->s.cfg->robot[0].userid,
	           CONFIG_ROBOT_LEVEL_MIN, CONFIG_ROBOT_LEVEL_MAX);
	buf_puts(&b, "\n\n");
	tvars_setf(v, "robots", "%s", buf_str(&b));
	buf_free(&list);
	buf_free(&b);
}

/* The welcome's word on the language of the player's mails (issue 32)
 * into v's "language": which it is and how to change it; "" where the
 * server has no language but English. */
static void language_var(const struct cmdctx *c, const struct user *u,
                         struct tvars *v)
{
	const char *langs[2];
	struct buf list = BUF_INIT, words = BUF_INIT;

	if (i18n_languages(c->s.cfg->locale_dir, langs, 2) < 2) {
		tvars_set(v, "language", "");
		return;
	}
	lang_list(c->s.cfg->locale_dir, &list);
	/* TRANSLATORS: %1$s is the language's name ("German"), %2$s this
	 * server's languages with their codes ("English (en), German
	 * (de)"), %3$s the userid; the set line is a command: its words
	 * stay. */
	buf_printf(&words, _("Your mails are written in %1$s.  This server "
	           "writes %2$s; to change it, send\n  set %3$s PASSWORD "
	           "language LANGUAGE"), lang_name(u->language), buf_str(&list),
	           u->userid);
	tvars_setf(v, "language", "\n%s", buf_str(&words));
	buf_free(&list);
	buf_free(&words);
}

static char *confirm_welcome(struct cmdctx *c, const struct user *u,
                             const char *addr)
{
	struct tvars v = { 0 };
	char *text;

	tvars_set(&v, "userid", u->userid);
	tvars_set(&v, "address", addr);
	tvars_set(&v, "from", c->s.cfg->from);
	robots_var(c, u->userid, &v);
	language_var(c, u, &v);
	text = reply_template(&c->s, "signup.txt", &v);
	tvars_free(&v);
	return text;
}

/* Confirm request i of u in t: the address joins u (a change replaces
 * the addresses confirmed before it, and they are told).  CMD_DONE or
 * CMD_TEMPFAIL. */
static enum cmd_status confirm_apply(struct cmdctx *c, struct txn *t,
                                     struct user *u, size_t i)
{
	struct user_request r = u->req[i];
	struct tvars v = { 0 };
	struct buf details = BUF_INIT;
	char *text, *gone[USER_MAX_ADDRESSES], with[160];
	size_t k, ngone = 0;
	int first = u->naddr == 0;
	/* The account's owner is told in his language, whatever the
	 * confirming mail looked like (a German signup's welcome in
	 * German, issue 32). */
	const char *was = i18n_use(u->language);

	r.addr = xstrdup(r.addr);
	user_drop_request(u, i);
	/* A change replaces every address but those of the same change. */
	if (r.kind == USER_REQ_CHANGE)
		for (k = u->naddr; k-- > 0;)
			if (u->addr[k].change != r.sent) {
				gone[ngone++] = u->addr[k].addr;
				memmove(&u->addr[k], &u->addr[k + 1],
				        (u->naddr - k - 1) * sizeof u->addr[0]);
				u->naddr--;
			}
	user_add_address(u, r.addr, c->s.now);
	if (r.kind == USER_REQ_CHANGE)
		u->addr[u->naddr - 1].change = r.sent;
	if (r.kind == USER_REQ_SIGNUP && first) {
		text = confirm_welcome(c, u, r.addr);
		if (text) {
			acctoken_subject(&c->s, u, r.addr, _("Welcome to epamserv"),
			                 with, sizeof with);
			reply_queue(&c->s, t, r.addr, with, text, NULL, 0, NULL);
		}
	} else {
		struct buf olds = BUF_INIT;
		for (k = 0; k < ngone; k++)
			buf_printf(&olds, "%s%s", k ? ", " : "", gone[k]);
		if (ngone)
			/* TRANSLATORS: %1$s is the address, %2$s the userid,
			   %3$s the addresses it replaces, "a@x.org, b@y.org". */
			buf_printf(&details, _("%1$s is now confirmed as an address "
			           "of the account %2$s, in place of %3$s.  Mail for "
			           "the account goes to its confirmed addresses from "
			           "now on.  If you did not ask for this, write to the "
			           "server's operator."), r.addr, u->userid,
			           buf_str(&olds));
		else
			/* TRANSLATORS: %1$s is the address, %2$s the userid. */
			buf_printf(&details, _("%1$s is now confirmed as an address "
			           "of the account %2$s.  Mail for the account goes "
			           "to its confirmed addresses from now on.  If you "
			           "did not ask for this, write to the server's "
			           "operator."), r.addr, u->userid);
		buf_free(&olds);
		tvars_set(&v, "headline", _("address confirmed"));
		tvars_set(&v, "details", buf_str(&details));
		tvars_set(&v, "userid", u->userid);
		text = reply_template(&c->s, "account.txt", &v);
		tvars_free(&v);
		if (text) {
			acctoken_subject(&c->s, u, r.addr, _("epamserv: address "
			                 "confirmed"), with, sizeof with);
			reply_queue(&c->s, t, r.addr, with, text, NULL, 0, NULL);
			/* The old address is told, once more and last. */
			for (k = 0; k < ngone; k++)
				reply_queue(&c->s, t, gone[k], _("epamserv: address "
				            "changed"), text, NULL, 0, NULL);
		}
	}
	for (k = 0; k < ngone; k++)
		free(gone[k]);
	free(r.addr);
	buf_free(&details);
	i18n_use(was);
	if (!text)
		return CMD_TEMPFAIL;
	free(text);
	return CMD_DONE;
}

enum cmd_status cmd_confirm_address(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "confirm", CMDT_ACCOUNT, NULL);
	struct user u, old;
	struct lock l = LOCK_INIT;
	struct txn *t;
	const char *token = c->subject_token;
	char *err = NULL;
	enum cmd_status st;
	size_t i;
	int rc;

	if (argc < 1)
		return cmd_refuse(c, usage, "%s", _("confirm needs the userid "
		                  "and the token of the confirmation request"));
	if (!token && argc >= 2) {
		/* typed by hand: confirm USERID TOKEN (or [#TOKEN]) */
		token = argv[1];
		if (strncmp(token, "[#", 2) == 0) {
			token += 2;
			argv[1][strcspn(argv[1], "]")] = '\0';
		}
	}
	util_lower(argv[0]);
	if (!token || !util_userid_ok(argv[0]))
		return cmd_refuse(c, usage, "%s", _("reply to the confirmation "
		                  "request itself: its subject carries the token"));
	if ((st = svc_lock(&c->s, "users", &l)) != CMD_DONE)
		return st;
	rc = user_load(c->s.cfg->spool, argv[0], &u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		lock_release(&l);
		return CMD_TEMPFAIL;
	}
	for (i = 0; rc == 0 && i < u.nreq; i++)
		if (token_hash_matches(u.req[i].hash, token))
			break;
	if (rc > 0 || u.left || i == u.nreq ||
	    c->s.now - u.req[i].sent >= (time_t)c->s.cfg->confirm_days * 86400) {
		/* TRANSLATORS: %1$s is the userid, %2$d how many days a
		   confirmation request lasts.
		   Keep the command words as they are: what a player
		   types. */
		st = cmd_refuse(c, usage, ngettext("this confirmation for '%1$s' "
		                "is not (or no longer) valid: requests last %2$d "
		                "day, and only the latest one to an address works.  "
		                "Sign up again (or send change address) for a new "
		                "one", "this confirmation for '%1$s' is not (or no "
		                "longer) valid: requests last %2$d days, and only "
		                "the latest one to an address works.  Sign up again "
		                "(or send change address) for a new one",
		                c->s.cfg->confirm_days),
		                argv[0], c->s.cfg->confirm_days);
		goto out;
	}
	if (user_load(c->s.cfg->spool, argv[0], &old, &err) != 0) {
		log_msg(LOG_ERR, "%s\n", err ? err : "a user file vanished");
		free(err);
		st = CMD_TEMPFAIL;
		goto out;
	}
	/* The mail proved it is from the owner of the address. */
	snprintf(c->sender_player, sizeof c->sender_player, "%s", u.userid);
	t = svc_txn(&c->s, "users");
	/* Its mails hold the account's words, none of the mail's: the
	 * address proved itself, its owner's quoted request may stay. */
	c->exempt_stranger = 1;
	st = confirm_apply(c, t, &u, i);
	c->exempt_stranger = 0;
	if (st == CMD_DONE) {
		addr_user_put(t, c->s.cfg->spool, &u, &old);
		st = svc_commit(&c->s, t);
	} else {
		txn_abort(t);
	}
	user_free(&old);
	if (st == CMD_DONE)
		log_msg(LOG_INFO, "%s confirmed an address\n", u.userid);
out:
	if (rc == 0)
		user_free(&u);
	lock_release(&l);
	return st;
}
