/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_mail.c - what of the tournament store (src/services/tfile.c,
 * ttable.c) takes locks or queues mail (see tourney_mail.h): tf_lock takes
 * its locks through svc_lock, tt_mail and tt_game_end queue the table's
 * mails through reply_template and reply_queue.  Moved out of tfile.c
 * and ttable.c by issue 31, bodies unchanged; on a struct svc since, and
 * from src/commands/tourney into src/services (issue 31, s4-move).
 */
#include "services/tourney_mail.h"
#include "services/acctoken.h"
#include "services/outmail.h"
#include "services/result_words.h"
#include "services/ttable.h"
#include "util/i18n.h"
#include "util/template.h"
#include "services/weblink.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tf_unlock(struct lock *l1, struct lock *l2)
{
	lock_release(l2);
	lock_release(l1);
}

enum cmd_status tf_lock(struct svc *s, const char *name, const char *game,
                        struct tfile *tf, int *exists, struct lock *l1,
                        struct lock *l2, char *key, size_t keylen)
{
	enum cmd_status st;
	char *err = NULL;
	int rc;

	*exists = 0;
	memset(tf, 0, sizeof *tf);
	if ((st = svc_lock(s, "tournaments", l1)) != CMD_DONE)
		return st;
	rc = tf_load(s->cfg->spool, name, tf, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		lock_release(l1);
		return CMD_TEMPFAIL;
	}
	if (rc == 0)
		game = tf->game;
	snprintf(key, keylen, "next-%s", game);
	tf_free(tf);
	/* Taking the game's lock rolls forward a committed change of the
	 * file: only now is what it says sure. */
	if ((st = svc_lock(s, key, l2)) != CMD_DONE) {
		lock_release(l1);
		return st;
	}
	rc = tf_load(s->cfg->spool, name, tf, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		tf_unlock(l1, l2);
		return CMD_TEMPFAIL;
	}
	if (rc == 0 && strcmp(tf->game, game) != 0) {
		log_msg(LOG_ERR, "tournament %s changed its game\n", name);
		tf_free(tf);
		tf_unlock(l1, l2);
		return CMD_TEMPFAIL;
	}
	*exists = rc == 0;
	if (rc > 0)
		snprintf(tf->name, sizeof tf->name, "%s", name);
	return CMD_DONE;
}

enum cmd_status tt_mail(struct svc *s, struct txn *t, const char *game,
                        const char *name, const char *userid,
                        const char *subject_fmt, const char *headline,
                        const char *text)
{
	struct tvars v = { 0 };
	struct user u;
	char subject[160], with[240], url[300], *err = NULL, *mail;
	const char *was;

	if (user_load(s->cfg->spool, userid, &u, &err) != 0) {
		free(err);
		return CMD_DONE;  /* nobody to tell */
	}
	if (!user_confirmed(&u) || u.left) {
		user_free(&u);
		return CMD_DONE;
	}
	tvars_set(&v, "headline", headline);
	tvars_set(&v, "table", text);
	tvars_set(&v, "game", game);
	tvars_set(&v, "name", name);
	tvars_set(&v, "from", s->cfg->from);
	web_tourney_url(s->cfg, name, url, sizeof url);
	was = i18n_use(u.language);  /* issue 32: the player's language */
	if (url[0])
		tvars_setf(&v, "web", _("On the web: %s"), url);
	mail = reply_template(s, "tournament.txt", &v);
	i18n_use(was);
	tvars_free(&v);
	if (!mail) {
		user_free(&u);
		return CMD_TEMPFAIL;
	}
	snprintf(subject, sizeof subject, subject_fmt, reply_game_title(game),
	         name);
	acctoken_subject(s, &u, user_address(&u), subject, with, sizeof with);
	reply_queue(s, t, user_address(&u), with, mail, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(mail);
	user_free(&u);
	return CMD_DONE;
}

enum cmd_status tt_game_end(struct svc *s, struct txn *t,
                            const struct game *g)
{
	struct tfile tf;
	struct ttable tt;
	char *err = NULL, *text, head[1024], res[REPLY_RESULT_MAX];
	const char *subject_fmt;
	enum cmd_status st = CMD_DONE;

	if (!g->tourney[0])
		return CMD_DONE;
	if (tf_load(s->cfg->spool, g->tourney, &tf, &err) != 0) {
		log_msg(LOG_ERR, "board %ld: tournament %s: %s\n", g->board,
		        g->tourney, err ? err : "no such tournament");
		free(err);
		return CMD_DONE;
	}
	if (tf.state != TF_RUNNING || tt_build(s->cfg, &tf, g, &tt) < 0) {
		tf_free(&tf);
		return CMD_DONE;
	}
	/* The last game: tt_after_game sends every player the final table,
	 * after this commit and under the tournament's lock, once. */
	if (tt_finished(&tf, &tt)) {
		tt_free(&tt);
		tf_free(&tf);
		return CMD_DONE;
	}
	text = tt_text(&tf, &tt);
	reply_result_words(g, res, sizeof res);
	/* TRANSLATORS: the tournament's name, the round, the board, and
	 * the result in words ("alice wins, bob resigned"). */
	snprintf(head, sizeof head, _("Tournament %s, round %d: board %ld "
	         "ended (%s).  The table now:"), tf.name, g->tourney_round,
	         g->board, res);
	/* TRANSLATORS: a mail's subject: %1$s is the game's title
	 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
	 * first, a reply is read by it. */
	subject_fmt = _("%1$s tournament %2$s: table");
	st = tt_mail(s, t, tf.game, tf.name, g->white, subject_fmt, head, text);
	if (st == CMD_DONE)
		st = tt_mail(s, t, tf.game, tf.name, g->black, subject_fmt, head,
		             text);
	free(text);
	tt_free(&tt);
	tf_free(&tf);
	return st;
}
