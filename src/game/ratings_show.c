/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratings_show.c - a rating as a person reads it: with its deviation,
 * "?" while provisional (ratings_show.h).
 */
#include "game/ratings_show.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void ratings_shown_player(const struct ratings *r,
                          const struct rating_player *p, time_t now,
                          struct rating_shown *out)
{
	memset(out, 0, sizeof *out);
	if (!p) {
		out->rating = RATING_START;
		out->rd = r->system == RATESYS_ELO ? 0
		          : (int)lround(r->params.rd_start);
		out->provisional = 1;
		return;
	}
	out->rating = p->rating;
	out->rd = ratings_rd_at(r, p, now);
	out->provisional = ratings_provisional(r, p, now);
}

void ratings_shown(const struct ratings *r, const char *userid, int cls,
                   time_t now, struct rating_shown *out)
{
	ratings_shown_player(r, ratings_find(r, userid, cls), now, out);
}

void ratings_shown_after(const struct ratings *r, int rating, int rd,
                         struct rating_shown *out)
{
	memset(out, 0, sizeof *out);
	out->rating = rating;
	if (r->system == RATESYS_ELO)
		return;
	out->rd = rd;
	out->provisional = rd >= RATING_PROVISIONAL_RD;
}

const char *ratings_show(const struct rating_shown *s, char *buf,
                         size_t len)
{
	if (s->provisional)
		/* TRANSLATORS: a provisional rating ("1580?"): %d is the
		 * rating, "?" says it is not yet sure.  The same mark in
		 * every mail and on the web site; the help explains it. */
		snprintf(buf, len, _("%d?"), s->rating);
	else if (s->rd > 0)
		/* TRANSLATORS: a rating and its deviation ("1734 ± 95"),
		 * both whole points: the player's strength is about the
		 * rating, give or take the deviation. */
		snprintf(buf, len, _("%d ± %d"), s->rating, s->rd);
	else
		snprintf(buf, len, "%d", s->rating);
	return buf;
}

void ratings_put(struct buf *b, const struct rating_shown *s, size_t width)
{
	char text[RATING_SHOW_MAX];
	size_t cols;

	ratings_show(s, text, sizeof text);
	buf_puts(b, text);
	for (cols = util_utf8_chars(text, strlen(text)); cols < width; cols++)
		buf_puts(b, " ");
}

int ratings_listed(const struct ratings *r, const struct rating_player *p,
                   time_t now)
{
	if (!p || ratings_provisional(r, p, now))
		return RATING_LEFT_PROVISIONAL;
	if (p->st.last <= 0 ||
	    now - p->st.last > (time_t)RATING_ACTIVE_DAYS * 86400)
		return RATING_LEFT_INACTIVE;
	return RATING_LISTED;
}

char *ratings_change_shown(const struct ratings *r,
                           const struct rating_game *rg)
{
	struct buf b = BUF_INIT;
	struct rating_shown w, k;
	char ws[RATING_SHOW_MAX], ks[RATING_SHOW_MAX];

	ratings_shown_after(r, rg->white_after, rg->white_rd, &w);
	ratings_shown_after(r, rg->black_after, rg->black_rd, &k);
	if (r->system == RATESYS_ELO) {
		/* Elo's "?" is a count of games, which r has (the game just
		 * rated in): the same mark as standings gives. */
		const struct rating_player *pw = ratings_find(r, rg->white,
		                                              rg->cls);
		const struct rating_player *pk = ratings_find(r, rg->black,
		                                              rg->cls);
		w.provisional = !pw || pw->games < RATING_PROVISIONAL;
		k.provisional = !pk || pk->games < RATING_PROVISIONAL;
	}
	buf_printf(&b, "%s %d -> %s (%+d), %s %d -> %s (%+d)", rg->white,
	           rg->white_before, ratings_show(&w, ws, sizeof ws),
	           rg->white_after - rg->white_before, rg->black,
	           rg->black_before, ratings_show(&k, ks, sizeof ks),
	           rg->black_after - rg->black_before);
	return buf_take(&b);
}

char *ratings_about(const struct ratings *r)
{
	struct buf b = BUF_INIT;
	int rd = (int)lround(r->params.rd_start);

	if (r->system == RATESYS_ELO)
		/* TRANSLATORS: the rating system in the standings mail and
		 * on the web site: the first rating, K (twice), the games of
		 * a provisional rating.  Lines of at most 72 columns. */
		buf_printf(&b, _("Ratings are Elo, as on pbmserv: every player "
		           "starts at %1$d, and each\nfinished game moves both "
		           "ratings by up to %2$d points (K = %2$d), more\nfor "
		           "a win against a stronger player.  ? marks a "
		           "provisional rating:\nfewer than %3$d finished "
		           "games."),
		           RATING_START, (int)lround(r->params.k),
		           RATING_PROVISIONAL);
	else if (r->system == RATESYS_GLICKO)
		/* TRANSLATORS: the rating system in the standings mail and
		 * on the web site: the first rating and its deviation, the
		 * deviation from which a rating is provisional.  Keep the
		 * paper's title as it is.  Lines of at most 72 columns. */
		buf_printf(&b, _("Ratings are Glicko (M. E. Glickman, \"Parameter "
		           "estimation in large\ndynamic paired comparison "
		           "experiments\", Applied Statistics, 1999):\nevery "
		           "player starts at %1$d ± %2$d.  \"1734 ± 95\" means a "
		           "strength of\nabout 1734, give or take 95 points (the "
		           "rating deviation); the\ndeviation narrows with every "
		           "game and widens while a player has no\nrated game.  ? "
		           "marks a provisional rating: a deviation of %3$d or\n"
		           "more."),
		           RATING_START, rd, RATING_PROVISIONAL_RD);
	else if (r->system == RATESYS_STEPH)
		/* TRANSLATORS: as above, for Stephenson's system.  Keep the
		 * document's title as it is. */
		buf_printf(&b, _("Ratings are Stephenson's system (A. Stephenson, "
		           "\"Comparing\nPredictive Performance Of Chess Ratings "
		           "With The PlayerRatings\nPackage\", 2012): Glicko with "
		           "a deviation that also widens with each\ngame and a pull "
		           "towards the opponent's rating.  Every player "
		           "starts at %1$d ±\n%2$d.  \"1734 ± 95\" means a strength of about 1734, "
		           "give or take 95\npoints (the rating deviation); the "
		           "deviation narrows with every game\nand widens while a "
		           "player has no rated game.  ? marks a provisional\n"
		           "rating: a deviation of %3$d or more."),
		           RATING_START, rd, RATING_PROVISIONAL_RD);
	else
		/* TRANSLATORS: as above, for Glicko-2. */
		buf_printf(&b, _("Ratings are Glicko-2 (M. E. Glickman, \"Example "
		           "of the Glicko-2\nsystem\", 2012): every player starts "
		           "at %1$d ± %2$d.  \"1734 ± 95\" means a\nstrength of "
		           "about 1734, give or take 95 points (the rating\n"
		           "deviation); the deviation narrows with every game and "
		           "widens while\na player has no rated game.  ? marks a "
		           "provisional rating: a\ndeviation of %3$d or more."),
		           RATING_START, rd, RATING_PROVISIONAL_RD);
	return buf_take(&b);
}
