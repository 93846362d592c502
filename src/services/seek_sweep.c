/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * seek_sweep.c - the sweep's part of the open challenges (issue 17 item
 * 1, seek.c): a seek nobody took within seek_days expires, its seeker
 * told once.  Split out of seek.c by issue 31, body unchanged.
 */
#include "services/seek_sweep.h"
#include "services/acctoken.h"
#include "services/clock.h"
#include "services/outmail.h"
#include "services/svc.h"
#include "util/i18n.h"
#include "util/template.h"
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
		struct svc sv;
		struct lock l = LOCK_INIT;
		struct seek s;
		struct user u;
		struct txn *t;
		char key[64], rel[128], text[160], headline[128], details[512];
		char when[48], *err = NULL, *file;

		if (all[i].state != SEEK_OPEN)
			continue;
		svc_init(&sv, cfg, util_now());
		sv.comment = "";
		if (sv.now < all[i].expires)
			continue;
		spool_board_key(all[i].game, all[i].board, key, sizeof key);
		if (svc_lock(&sv, key, &l) != CMD_DONE)
			continue;
		/* Again under the lock: taken or withdrawn meanwhile? */
		if (seek_load(cfg->spool, all[i].game, all[i].board, &s, &err) != 0 ||
		    s.state != SEEK_OPEN || sv.now < s.expires) {
			free(err);
			lock_release(&l);
			continue;
		}
		/* Keyed like a mail: a sweep run twice tells the seeker once. */
		snprintf(text, sizeof text, "sweep seek-expire %s %ld", s.game,
		         s.board);
		svc_event(&sv, "%s", text);
		s.state = SEEK_EXPIRED;
		s.closed = sv.now;
		t = svc_txn(&sv, key);
		file = seek_format(&s);
		seek_path(s.game, s.board, rel, sizeof rel);
		txn_put(t, rel, file, strlen(file));
		free(file);
		if (user_load(cfg->spool, s.seeker, &u, &err) == 0) {
			if (user_confirmed(&u)) {
				struct tvars v = { 0 };
				char *body;
				/* In the seeker's language (issue 32). */
				const char *was = i18n_use(u.language);
				deadline_words(&u, s.created, when, sizeof when);
				snprintf(headline, sizeof headline, _("your seek on board "
				         "%ld expired"), s.board);
				/* TRANSLATORS: the game's title, the board, when the
				 * seek was opened, the days a seek stays open, and the
				 * game's command word (seek is the command). */
				snprintf(details, sizeof details, ngettext("Nobody took "
				         "the seat of your seek on %s board %ld (opened %s) "
				         "within %d day, so it is closed.  Send \"%s seek\" "
				         "again for a new one.", "Nobody took the seat of "
				         "your seek on %s board %ld (opened %s) within %d "
				         "days, so it is closed.  Send \"%s seek\" again "
				         "for a new one.", cfg->seek_days),
				         reply_game_title(s.game), s.board,
				         when, cfg->seek_days, s.game);
				tvars_set(&v, "headline", headline);
				tvars_set(&v, "details", details);
				tvars_set(&v, "userid", u.userid);
				body = reply_template(&sv, "account.txt", &v);
				tvars_free(&v);
				i18n_use(was);
				if (body) {
					char subject[160], with[240];
					snprintf(subject, sizeof subject, "epamserv: %s",
					         headline);
					acctoken_subject(&sv, &u, user_address(&u), subject,
					                 with, sizeof with);
					reply_queue(&sv, t, user_address(&u), with, body,
					            NULL, 0, NULL);
					explicit_bzero(with, sizeof with);
					free(body);
				}
			}
			user_free(&u);
		} else {
			free(err);
		}
		if (svc_commit(&sv, t) == CMD_DONE) {
			expired++;
			log_msg(LOG_INFO, "sweep: %s board %ld: the seek expired\n",
			        s.game, s.board);
		}
		svc_free(&sv);
		lock_release(&l);
	}
	free(all);
	return expired;
}
