/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * auth.c - who a mail is from (issue 11: trust): the password check every
 * command that needs a player makes (cmd_auth), in src/commands since
 * issue 31 (the pipeline's scan before a command runs is
 * pipeline/auth_scan.c, which words of a command are secret
 * auth_words.c).
 *
 * A mail's From says nothing: anyone can write any From.  A mail proves
 * it comes from a player only by the player's password or by a reply
 * token of the board's current position (tokens.c).  So:
 *
 *   - one password check per account per mail, and passwords of at most
 *     AUTH_MAX_ACCOUNTS accounts in one mail: a "multiple" mail of twenty
 *     guesses runs crypt(3) once, and the second guess is refused unread;
 *   - wrong passwords are counted per account in two buckets
 *     (authfail.h): the owner's, for mails from a confirmed address of
 *     the account or carrying a valid token of it, and the strangers',
 *     for all others; after a few failures a bucket's password checks
 *     wait, but only for mails of that bucket, so no stranger's guesses
 *     refuse the owner's own mail.  The owner is told, once a day at
 *     most, at the address on file.  Tokens are never checked against
 *     the back-off, and every command a player needs under time pressure
 *     has a token form (tokenform.h), so a stranger cannot lock a player
 *     out of his games, not even one who writes the player's From;
 *   - before a command runs, auth_preflight finds the account its words
 *     (or its token) name and checks it, so that process.c can count the
 *     mail against that account (proved) or against the sender (not):
 *     forged mail in a player's name never uses up the player's budget;
 *   - once proved, replies go to the address on file, never to a
 *     Reply-To the sender chose.
 */
#include "commands/cmd.h"
#include "spool/authfail.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char auth_token_word[] = "(proved by a token)";

enum authfail_bucket auth_bucket(const struct cmdctx *c,
                                        const struct user *u)
{
	const char *from = c->mail ? c->mail->from_addr : NULL;

	if (c->token_userid[0] && strcmp(c->token_userid, u->userid) == 0)
		return AUTHFAIL_OWNER;
	return from && user_find_address(u, from) >= 0 ? AUTHFAIL_OWNER
	                                               : AUTHFAIL_STRANGERS;
}

/* SHA-256 of the password tried (kept for this mail only). */
static void auth_pw_digest(const char *password, unsigned char out[32])
{
	struct sha256_ctx h;

	sha256_init(&h);
	sha256_update(&h, strlen(password), (const uint8_t *)password);
	sha256_digest(&h, 32, out);
}

void auth_forget(struct cmdctx *c)
{
	explicit_bzero(c->checked, sizeof c->checked);
	c->nchecked = 0;
}

void auth_proved(struct cmdctx *c, const struct user *u)
{
	const char *from = c->mail ? c->mail->from_addr : NULL;
	const char *addr;
	int i = from ? user_find_address(u, from) : -1;

	if (c->s.actor[0])
		return;  /* the first account proved keeps the replies */
	snprintf(c->s.actor, sizeof c->s.actor, "%s", u->userid);
	addr = i >= 0 ? u->addr[i].addr : user_address(u);
	if (!addr || strlen(addr) >= sizeof c->sender_buf)
		return;
	snprintf(c->sender_player, sizeof c->sender_player, "%s", u->userid);
	memmove(c->sender_buf, addr, strlen(addr) + 1);
	c->sender = c->sender_buf;
}

/* Tell the owner of u that wrong passwords were tried (once a day). */
static void auth_tell_owner(struct cmdctx *c, const struct user *u)
{
	char key[128], what[256], details[1024], text[1296], day[32];
	int n = authfail_count(c->s.cfg->spool, u->userid, c->s.now);
	const char *was;

	if (!user_address(u))
		return;
	was = i18n_use(u->language);  /* the owner's, not the sender's */
	util_iso_time(c->s.now, day, sizeof day);
	day[10] = '\0';
	snprintf(key, sizeof key, "password-notice %s %s", u->userid, day);
	/* TRANSLATORS: %1$s is the player's userid, %2$d how many wrong
	 * passwords were tried today. */
	snprintf(what, sizeof what, ngettext("Mail sent to epamserv today "
	         "tried wrong passwords for your account %1$s (%2$d so far).",
	         "Mail sent to epamserv today tried wrong passwords for your "
	         "account %1$s (%2$d so far).", n), u->userid, n);
	/* TRANSLATORS: follows "Mail sent to epamserv today tried wrong
	 * passwords for your account ...".  %s is the player's userid;
	 * "change password", OLD and NEW are the command the player types,
	 * vacation, accept and decline are command words. */
	snprintf(details, sizeof details, _("Nothing was done with them.  If "
	         "it was not you, someone is guessing: choose a long password "
	         "(change password %s OLD NEW).  Wrong passwords from other "
	         "addresses never make the password commands you send from your "
	         "own address wait.  Replies to our mails that carry your token "
	         "always work: to a board mail for your moves and claims on that "
	         "board, to a mail about your account (it carries your account "
	         "token, as this one does) also for vacation, accept and "
	         "decline."), u->userid);
	snprintf(text, sizeof text, "%s  %s", what, details);
	/* TRANSLATORS: the headline of a notice to a player, also its
	 * subject after "epamserv: ". */
	notice_once(c, u->userid, user_address(u), key,
	            _("wrong passwords tried"), text);
	i18n_use(was);
}

/* The one password check of account u in this mail: 1 right, 0 wrong,
 * -2 refused (back-off, another password, too many accounts: why in
 * c->error via cmd_refuse with usage). */
static int auth_check(struct cmdctx *c, const struct user *u,
                      const char *password, const char *usage)
{
	enum authfail_bucket b = auth_bucket(c, u);
	struct auth_check *k;
	unsigned char pw[32];
	time_t until;
	int i, ok, tell, counted;

	auth_pw_digest(password, pw);
	for (i = 0; i < c->nchecked; i++) {
		k = &c->checked[i];
		if (strcmp(k->userid, u->userid) != 0)
			continue;
		if (memeql_sec(k->pw, pw, sizeof pw)) {
			explicit_bzero(pw, sizeof pw);
			return k->ok;
		}
		explicit_bzero(pw, sizeof pw);
		c->refusal_key = "password-tried";
		/* TRANSLATORS: %s is a userid. */
		cmd_refuse(c, usage, _("this mail already tried a password for "
		           "'%s': a mail gets one password check per account, so "
		           "nothing more was tried"), u->userid);
		return -2;
	}
	if (c->nchecked >= AUTH_MAX_ACCOUNTS) {
		explicit_bzero(pw, sizeof pw);
		c->refusal_key = "too-many-accounts";
		/* TRANSLATORS: %1$d is how many accounts, %2$s the userid that
		 * was not checked. */
		cmd_refuse(c, usage, ngettext("one mail may carry the passwords of "
		           "at most %1$d account; '%2$s' was not checked",
		           "one mail may carry the passwords of at most %1$d "
		           "accounts; '%2$s' was not checked", AUTH_MAX_ACCOUNTS),
		           AUTH_MAX_ACCOUNTS, u->userid);
		return -2;
	}
	until = authfail_blocked(c->s.cfg->spool, u->userid, b, c->s.now, &counted);
	if (until) {
		char when[32];
		explicit_bzero(pw, sizeof pw);
		snprintf(c->attacked, sizeof c->attacked, "%s", u->userid);
		util_iso_time(until, when, sizeof when);
		c->refusal_key = b == AUTHFAIL_STRANGERS ? "locked-out-strangers"
		                 : "locked-out";
		/* TRANSLATORS: %1$s is a userid, %2$.10s the date (YYYY-MM-DD)
		 * and %3$.5s the time (HH:MM, UTC) until which its password is
		 * not checked. */
		if (b == AUTHFAIL_STRANGERS)
			cmd_refuse(c, usage, _("too many wrong passwords were tried "
			           "for '%1$s' from addresses other than its own: in "
			           "mail from them its password is not checked until "
			           "%2$.10s %3$.5s UTC.  Mail from the account's own "
			           "address is checked meanwhile, and a reply to a mail "
			           "of ours that carries the player's token works"),
			           u->userid, when, when + 11);
		else
			cmd_refuse(c, usage, _("too many wrong passwords were tried "
			           "for '%1$s': its password is not checked until "
			           "%2$.10s %3$.5s UTC.  A reply to a mail of ours that "
			           "carries your token (your latest board mail, or any "
			           "mail about your account) works meanwhile"),
			           u->userid, when, when + 11);
		return -2;
	}
	ok = user_password_ok(u, password);
	k = &c->checked[c->nchecked++];
	snprintf(k->userid, sizeof k->userid, "%s", u->userid);
	memcpy(k->pw, pw, sizeof pw);
	explicit_bzero(pw, sizeof pw);
	k->ok = ok;
	if (ok) {
		if (counted)
			authfail_clear(c->s.cfg->spool, u->userid, b, c->s.now);
		return 1;
	}
	tell = authfail_note(c->s.cfg->spool, u->userid, b, c->s.now);
	snprintf(c->attacked, sizeof c->attacked, "%s", u->userid);
	/* the account as every line names it: userid=NAME (inlog.h) */
	log_msg(LOG_NOTICE, "<%.200s> wrong password for userid=%s\n",
	        c->mail && c->mail->message_id ? c->mail->message_id : "",
	        u->userid);
	if (tell == 1 && user_confirmed(u))
		auth_tell_owner(c, u);
	return 0;
}

int auth_password(struct cmdctx *c, const struct user *u,
                  const char *password, const char *usage)
{
	return auth_check(c, u, password, usage);
}

enum cmd_status cmd_auth(struct cmdctx *c, const char *userid,
                         const char *password, const char *usage,
                         struct user *u)
{
	char *err = NULL;
	int rc, token = strcmp(password, auth_token_word) == 0;

	if (!util_userid_ok(userid)) {
		c->refusal_key = "bad-userid";
		return cmd_refuse(c, usage, _("'%s' is not a valid userid"),
		                  userid);
	}
	/* Only tokenform.c writes this word, for the token's player. */
	if (token && strcasecmp(userid, c->token_userid) != 0) {
		c->refusal_key = "token-not-yours";
		return cmd_refuse(c, usage, _("a token proves its own player "
		                  "only, not '%s'"), userid);
	}
	rc = user_load(c->s.cfg->spool, userid, u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0) {
		c->refusal_key = "no-such-user";
		/* TRANSLATORS: the second line is the command to type.
		 * Keep USERID and PASSWORD as they are: what a player
		 * types. */
		return cmd_refuse(c, usage, _("there is no user '%s'; sign up "
		                  "first:\n    signup USERID PASSWORD"), userid);
	}
	if (u->left) {
		user_free(u);
		c->refusal_key = "signed-off";
		return cmd_refuse(c, usage, _("'%s' has signed off; that account "
		                  "is closed"), userid);
	}
	rc = token ? 1 : auth_check(c, u, password, usage);
	if (rc == 0) {
		user_free(u);
		c->refusal_key = "wrong-password";
		return cmd_refuse(c, usage, _("wrong password for '%s' "
		                  "(passwords are case-sensitive)"), userid);
	}
	if (rc < 0) {
		user_free(u);
		return CMD_REFUSED;
	}
	if (!user_confirmed(u)) {
		user_free(u);
		c->refusal_key = "unconfirmed";
		return cmd_refuse(c, usage, _("the address of '%s' is not "
		                  "confirmed yet: reply to the confirmation request "
		                  "epamserv sent there (keep its subject), then try "
		                  "again"), userid);
	}
	auth_proved(c, u);
	return CMD_DONE;
}
