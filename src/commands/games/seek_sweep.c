/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * seek_sweep.c - the sweep's part of the open challenges (issue 17 item
 * 1, seek.c): a seek nobody took within seek_days expires, its seeker
 * told once.  Split out of seek.c by issue 31, body unchanged.
 */
#include "commands/mail/acctoken.h"
#include "commands/cmd.h"
#include "spool/seeks.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int seek_sweep(const struct config *cfg)
{
	struct seek *all;
	size_t n, i;
	int expired = 0;

	if (seek_list(cfg->spool, &all, &n) < 0) {
		log_msg(LOG_ERR, "sweep: cannot read %s/seeks\n", cfg->spool);
		return 0;
	}
	for (i = 0; i < n; i++) {
		struct cmdctx c;
		struct lock l = LOCK_INIT;
		struct seek s;
		struct user u;
		struct txn *t;
		char key[64], rel[128], text[160], headline[128], details[512];
		char when[48], *err = NULL, *file;

		if (all[i].state != SEEK_OPEN)
			continue;
		memset(&c, 0, sizeof c);
		c.s.cfg = cfg;
		c.s.now = util_now();
		c.s.comment = "";
		if (c.s.now < all[i].expires)
			continue;
		spool_board_key(all[i].game, all[i].board, key, sizeof key);
		if (svc_lock(&c.s, key, &l) != CMD_DONE)
			continue;
		/* Again under the lock: taken or withdrawn meanwhile? */
		if (seek_load(cfg->spool, all[i].game, all[i].board, &s, &err) != 0 ||
		    s.state != SEEK_OPEN || c.s.now < s.expires) {
			free(err);
			lock_release(&l);
			continue;
		}
		/* Keyed like a mail: a sweep run twice tells the seeker once. */
		snprintf(text, sizeof text, "sweep seek-expire %s %ld", s.game,
		         s.board);
		util_digest_hex(text, strlen(text), c.s.digest);
		spool_msg_key(c.s.digest, c.s.msg_key, sizeof c.s.msg_key);
		s.state = SEEK_EXPIRED;
		s.closed = c.s.now;
		t = svc_txn(&c.s, key);
		file = seek_format(&s);
		seek_path(s.game, s.board, rel, sizeof rel);
		txn_put(t, rel, file, strlen(file));
		free(file);
		if (user_load(cfg->spool, s.seeker, &u, &err) == 0) {
			if (user_confirmed(&u)) {
				struct tvars v = { 0 };
				char *body;
				deadline_words(&u, s.created, when, sizeof when);
				/* TRANSLATORS: the headline of the notice, after
				 * "epamserv: ". */
				snprintf(headline, sizeof headline, _("your seek on "
				         "board %ld expired"), s.board);
				/* TRANSLATORS: the game's name (Epaminondas), the
				 * board, when it opened, the days a seek stays open
				 * (English says "days" for one too), then the game's
				 * word (epaminondas); "seek" stays as it is. */
				snprintf(details, sizeof details, ngettext("Nobody "
				         "took the seat of your seek on %s board %ld "
				         "(opened %s) within %d days, so it is closed.  "
				         "Send \"%s seek\" again for a new one.", "Nobody "
				         "took the seat of your seek on %s board %ld "
				         "(opened %s) within %d days, so it is closed.  "
				         "Send \"%s seek\" again for a new one.",
				         cfg->seek_days), reply_game_title(s.game),
				         s.board, when, cfg->seek_days, s.game);
				tvars_set(&v, "headline", headline);
				tvars_set(&v, "details", details);
				tvars_set(&v, "userid", u.userid);
				body = reply_template(&c.s, "account.txt", &v);
				tvars_free(&v);
				if (body) {
					char subject[160], with[240];
					snprintf(subject, sizeof subject, "epamserv: %s",
					         headline);
					acctoken_subject(&c, &u, user_address(&u), subject,
					                 with, sizeof with);
					reply_queue(&c.s, t, user_address(&u), with, body,
					            NULL, 0, NULL);
					explicit_bzero(with, sizeof with);
					free(body);
				}
			}
			user_free(&u);
		} else {
			free(err);
		}
		if (svc_commit(&c.s, t) == CMD_DONE) {
			expired++;
			log_msg(LOG_INFO, "sweep: %s board %ld: the seek expired\n",
			        s.game, s.board);
		}
		buf_free(&c.error);
		lock_release(&l);
	}
	free(all);
	return expired;
}
