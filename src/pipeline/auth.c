/*
 * auth.c - who a mail is from (issue 11: trust).
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
#include "commands/accounts/message.h"
#include "commands/mail/intake.h"
#include "commands/table.h"
#include "pipeline/tokenform.h"
#include "spool/authfail.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void auth_words(int argc, char *const *argv, struct auth_words *w)
{
	static const char *const account[] = {
		"signoff", "message", "vacation", "set", NULL,
	};
	static const char *const game_uidpw2[] = {
		"showas", "seek", "limit", "notify", NULL,
	};
	const char *verb = argc > 1 ? argv[1] : "";
	int i;

	w->userid = w->password = w->secret[0] = w->secret[1] = -1;
	if (argc < 3)
		return;
	if (strcasecmp(argv[0], "signup") == 0) {
		w->secret[0] = 2;  /* a new account: nothing to check */
		return;
	}
	if (strcasecmp(argv[0], "change") == 0) {
		if (argc < 4)
			return;
		w->userid = 2;
		w->password = w->secret[0] = 3;
		if (strcasecmp(verb, "password") == 0 && argc > 4)
			w->secret[1] = 4;
		return;
	}
	for (i = 0; account[i]; i++)
		if (strcasecmp(argv[0], account[i]) == 0) {
			w->userid = 1;
			w->password = w->secret[0] = 2;
			return;
		}
	if (!spool_is_game(argv[0]))
		return;
	if (strcasecmp(verb, "challenge") == 0) {
		/* GAME challenge WHITE BLACK [-options] by USERID PASSWORD */
		if (argc >= 7 && strcasecmp(argv[argc - 3], "by") == 0) {
			w->userid = argc - 2;
			w->password = w->secret[0] = argc - 1;
		}
		return;
	}
	if (strcasecmp(verb, "show") == 0 || strcasecmp(verb, "games") == 0 ||
	    strcasecmp(verb, "preview") == 0 || strcasecmp(verb, "help") == 0 ||
	    strcasecmp(verb, "seeks") == 0)
		return;
	for (i = 0; game_uidpw2[i]; i++)
		if (strcasecmp(verb, game_uidpw2[i]) == 0) {
			if (argc > 3) {
				w->userid = 2;
				w->password = w->secret[0] = 3;
			}
			return;
		}
	/* GAME tournament create|join|leave|start|cancel NAME USERID
	 * PASSWORD ... (tournament show NAME has none). */
	if (strcasecmp(verb, "tournament") == 0) {
		if (argc > 5) {
			w->userid = 4;
			w->password = w->secret[0] = 5;
		}
		return;
	}
	/* GAME record BOARD json|text USERID PASSWORD */
	if (strcasecmp(verb, "record") == 0 && argc > 5 &&
	    (strcasecmp(argv[3], "json") == 0 ||
	     strcasecmp(argv[3], "text") == 0)) {
		w->userid = 4;
		w->password = w->secret[0] = 5;
		return;
	}
	/* GAME VERB BOARD USERID PASSWORD ...; GAME league join|leave
	 * USERID PASSWORD has them at the same places. */
	if (argc > 4) {
		w->userid = 3;
		w->password = w->secret[0] = 4;
	}
}

/* The most words of a line auth_mask_line looks at. */
#define MASK_WORDS 64

void auth_mask_line(char *line, size_t len)
{
	size_t n = strlen(line);
	char *copy = xstrdup(line), *argv[MASK_WORDS], *verbs[MASK_WORDS];
	char *p = copy;
	const struct cmd_def *d;
	struct auth_words w;
	struct buf out = BUF_INIT;
	int argc = 0, from = 0, i;

	while (argc < MASK_WORDS - 1) {
		p += strspn(p, " \t");
		if (!*p)
			break;
		argv[argc++] = p;
		p += strcspn(p, " \t");
		if (*p)
			*p++ = '\0';
	}
	/* A game command written without its game's name ("move 101
	 * alice PW e2-e3", "mvoe 101 ...") has its words where they would
	 * be after it. */
	if (argc > 0 && !cmd_known(argv[0]) &&
	    (cmd_game_verb_known(argv[0]) || cmdt_suggest(argv[0], CMDT_GAME))) {
		memmove(argv + 1, argv, (size_t)argc * sizeof *argv);
		argv[0] = (char *)spool_games[0];
		argc++;
		from = 1;
	}
	/* Only a command's words, read as the command a misspelt verb
	 * probably meant (cmdt_suggest): "Epaminondas Board 101 alice
	 * [#...]", a board mail's subject, has no password in it. */
	memcpy(verbs, argv, (size_t)argc * sizeof *argv);
	if (argc >= 2 && spool_is_game(argv[0]) &&
	    !cmd_game_verb_known(argv[1]) && strcasecmp(argv[1], "board") != 0 &&
	    (d = cmdt_suggest(argv[1], CMDT_GAME)) != NULL)
		verbs[1] = (char *)d->verb;
	else if (argc >= 1 && !cmd_known(argv[0]) &&
	         (d = cmdt_suggest(argv[0], CMDT_ACCOUNT)) != NULL)
		verbs[0] = (char *)d->verb;
	if (argc < 1 || !cmd_known(verbs[0]) ||
	    (spool_is_game(verbs[0]) && (argc < 2 ||
	                                 !cmd_game_verb_known(verbs[1]))))
		argc = 0;
	auth_words(argc, verbs, &w);
	for (i = 0; i < 2; i++)
		if (w.secret[i] >= from && w.secret[i] < argc) {
			explicit_bzero(argv[w.secret[i]], strlen(argv[w.secret[i]]));
			argv[w.secret[i]] = "PASSWORD";
		}
	if (w.secret[0] >= from && w.secret[0] < argc) {
		for (i = from; i < argc; i++)
			buf_printf(&out, "%s%s", i > from ? " " : "", argv[i]);
		if (len > 0)
			snprintf(line, len, "%s", buf_str(&out));
	}
	buf_free(&out);
	explicit_bzero(copy, n);
	free(copy);
}

const char auth_token_word[] = "(proved by a token)";

/* The bucket this mail's wrong passwords for u count in (authfail.h):
 * the owner's when From is a confirmed address of u or a token of the
 * mail's subject proved u, else the strangers'. */
static enum authfail_bucket auth_bucket(const struct cmdctx *c,
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
	char key[128], details[1024], day[32];
	int n = authfail_count(c->s.cfg->spool, u->userid, c->s.now);

	if (!user_address(u))
		return;
	util_iso_time(c->s.now, day, sizeof day);
	day[10] = '\0';
	snprintf(key, sizeof key, "password-notice %s %s", u->userid, day);
	snprintf(details, sizeof details, "Mail sent to epamserv today tried "
	         "wrong passwords for your account %s (%d so far).  Nothing was "
	         "done with them.  If it was not you, someone is guessing: choose "
	         "a long password (change password %s OLD NEW).  Wrong passwords "
	         "from other addresses never make the password commands you "
	         "send from your own address wait.  Replies to our mails that "
	         "carry your token always work: to a board mail for your moves "
	         "and claims on that board, to a mail about your account (it "
	         "carries your account token, as this one does) also for "
	         "vacation, accept and decline.",
	         u->userid, n, u->userid);
	notice_once(c, u->userid, user_address(u), key, "wrong passwords tried",
	            details);
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
		cmd_refuse(c, usage, "this mail already tried a password for '%s': "
		           "a mail gets one password check per account, so nothing "
		           "more was tried", u->userid);
		return -2;
	}
	if (c->nchecked >= AUTH_MAX_ACCOUNTS) {
		explicit_bzero(pw, sizeof pw);
		cmd_refuse(c, usage, "one mail may carry the passwords of at most "
		           "%d accounts; '%s' was not checked", AUTH_MAX_ACCOUNTS,
		           u->userid);
		return -2;
	}
	until = authfail_blocked(c->s.cfg->spool, u->userid, b, c->s.now, &counted);
	if (until) {
		char when[32];
		explicit_bzero(pw, sizeof pw);
		util_iso_time(until, when, sizeof when);
		if (b == AUTHFAIL_STRANGERS)
			cmd_refuse(c, usage, "too many wrong passwords were tried for "
			           "'%s' from addresses other than its own: in mail "
			           "from them its password is not checked until %.10s "
			           "%.5s UTC.  Mail from the account's own address is "
			           "checked meanwhile, and a reply to a mail of ours "
			           "that carries the player's token works",
			           u->userid, when, when + 11);
		else
			cmd_refuse(c, usage, "too many wrong passwords were tried for "
			           "'%s': its password is not checked until %.10s %.5s "
			           "UTC.  A reply to a mail of ours that carries your "
			           "token (your latest board mail, or any mail about "
			           "your account) works meanwhile", u->userid, when,
			           when + 11);
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
	log_msg(LOG_NOTICE, "<%.200s> wrong password for %s\n",
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

	if (!util_userid_ok(userid))
		return cmd_refuse(c, usage, "'%s' is not a valid userid", userid);
	/* Only tokenform.c writes this word, for the token's player. */
	if (token && strcasecmp(userid, c->token_userid) != 0)
		return cmd_refuse(c, usage, "a token proves its own player only, "
		                  "not '%s'", userid);
	rc = user_load(c->s.cfg->spool, userid, u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_refuse(c, usage, "there is no user '%s'; sign up first:\n"
		                  "    signup USERID PASSWORD", userid);
	if (u->left) {
		user_free(u);
		return cmd_refuse(c, usage, "'%s' has signed off; that account is "
		                  "closed", userid);
	}
	rc = token ? 1 : auth_check(c, u, password, usage);
	if (rc == 0) {
		user_free(u);
		return cmd_refuse(c, usage, "wrong password for '%s' (passwords "
		                  "are case-sensitive)", userid);
	}
	if (rc < 0) {
		user_free(u);
		return CMD_REFUSED;
	}
	if (!user_confirmed(u)) {
		user_free(u);
		return cmd_refuse(c, usage, "the address of '%s' is not confirmed "
		                  "yet: reply to the confirmation request epamserv "
		                  "sent there (keep its subject), then try again",
		                  userid);
	}
	auth_proved(c, u);
	return CMD_DONE;
}

int auth_preflight(struct cmdctx *c, const struct intake *in, char *userid)
{
	enum authfail_bucket b;
	struct auth_words w;
	struct user u;
	char id[32], *err = NULL;
	int rc, counted;

	userid[0] = '\0';
	if (in->token[0] && tokenform_is(in))
		return tokenform_owner(c, in, userid);
	/* Words in reply to a relayed message (message.c); a command
	 * with a password in such a reply is checked as any other. */
	if ((in->argc == 0 || !cmd_known(in->argv[0])) &&
	    message_reply_is(c, in, id))
		return message_reply_owner(c, in, userid);
	if (in->token_board >= 0 && tokens_reply(in))
		return tokens_owner(c, in, userid);
	auth_words(in->argc, in->argv, &w);
	if (w.userid < 0 || w.password < 0)
		return 0;
	snprintf(id, sizeof id, "%s", in->argv[w.userid]);
	util_lower(id);
	if (!util_userid_ok(id))
		return 0;
	rc = user_load(c->s.cfg->spool, id, &u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	if (rc > 0)
		return 0;
	/* A password command in a reply that carries the account's own
	 * token: the owner's bucket (auth_bucket). */
	if (in->token[0] && !u.left &&
	    (rc = tokenform_token_of(c, in, &u)) != 0) {
		if (rc < 0) {
			user_free(&u);
			return -1;
		}
		snprintf(c->token_userid, sizeof c->token_userid, "%s", u.userid);
	}
	b = auth_bucket(c, &u);
	if (!u.left && user_confirmed(&u) &&
	    authfail_blocked(c->s.cfg->spool, u.userid, b, c->s.now, &counted)) {
		/* Claimed, but not to be checked now: rate-limited apart,
		 * by bucket (process.c). */
		snprintf(userid, 32, "%s", u.userid);
		user_free(&u);
		return b == AUTHFAIL_OWNER ? 3 : 2;
	}
	rc = !u.left && auth_check(c, &u, in->argv[w.password], "") == 1 &&
	     user_confirmed(&u);
	if (rc) {
		auth_proved(c, &u);
		snprintf(userid, 32, "%s", u.userid);
	}
	user_free(&u);
	/* A refusal here is the command's to give when it runs. */
	buf_reset(&c->error);
	c->usage = NULL;
	return rc;
}
