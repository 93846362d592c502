/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * match.c - `epamserv match PLAYER1 PLAYER2 [--games N] [--openings PLIES]
 * [--seed N] [--jobs N] [--verbose] [options]`: two players over many
 * games, and the score with its 95% interval (issue 16 items 2 and 5).
 *
 * Games come in pairs: pair k starts from opening k, PLIES random legal
 * moves from the start drawn from the seed and k (none losing or ending
 * the game at once), played once with PLAYER1 as White and once as
 * Black.  Every game follows the whole rules: the turn-start wins and
 * losses (RULES.md section 3, ep_status), a move making a position for
 * the third time (section 5: a loss, a draw or nothing, as
 * -repetition= says), the move cap (section 8: drawn at 2,000 plies).
 * Each game depends on the seed and its number alone, never on the
 * others or on --jobs: a game is played again, move for move, by the
 * same command.  --jobs N forks N worker processes, worker w playing the
 * games w, w+N, ...; each writes one line a game to a pipe.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli_engine.h"
#include "cli/cli_rules.h"
#include "engine/engine.h"
#include "engine/players.h"
#include "util/i18n.h"

#define CLI_EX_USAGE 64
#define CLI_EX_SOFTWARE 70
#define CLI_EX_IOERR 74
#define MATCH_CAP 2000               /* RULES.md section 8 */
#define MATCH_MAX_OPENING 40
#define MATCH_TT_BYTES ((size_t)16 << 20)  /* a player's table */
#define MATCH_REASON_MAX EP_ERR_MAX

static const char match_usage[] =
	/* TRANSLATORS: keep the command line and the option names and
	 * values as they are: what an operator types. */
	N_("usage: epamserv match PLAYER1 PLAYER2 [--games N] [--openings PLIES]\n"
	   "                      [--seed N] [--jobs N] [--verbose] [options]\n"
	   "  PLAYER      level:N (1 to 5)  nodes:N  depth:N    the engine\n"
	   "              ref:DEPTH  ref:nodes:N  ref:level:N   the reference\n"
	   "              (alpha-beta on material alone; ref:level:N at the\n"
	   "              nodes of level N)  greedy (one ply)  random\n"
	   "  --games     games to play (default 100), in pairs with colours\n"
	   "              swapped\n"
	   "  --openings  random plies before the players move (default 4)\n"
	   "  --seed      the openings' and players' seed (default 1)\n"
	   "  --jobs      worker processes (default 1)\n"
	   "  --verbose   one line a game\n"
	   "  options     the rules: -game= -size= -block= -symmetry= -rules=\n"
	   "              -crossed= -frozen -capture= -repetition= (RULES.md 6)\n");

enum player_kind { PK_ENGINE, PK_REF, PK_GREEDY, PK_RANDOM };

struct player {
	enum player_kind kind;
	char name[48];                /* as given, e.g. "level:3" */
	struct eng_limits lim;        /* PK_ENGINE: nodes or depth */
	int ref_depth;                /* PK_REF */
	uint64_t ref_nodes;           /* PK_REF: 0, or the node bound */
	struct eng *e;                /* PK_ENGINE, during the games */
	uint64_t rng;
	uint64_t nodes, moves;        /* totals, for the nodes a move */
};

/* What one game gave, from PLAYER1's side. */
struct game_out {
	int done;
	int result;                   /* 1: PLAYER1 won, 0: draw, -1: lost */
	int p1_white;
	int plies;
	uint64_t nodes[2], moves[2];  /* by player */
	char reason[MATCH_REASON_MAX];
};

struct match {
	struct ep_options o;
	struct player pl[2];
	uint64_t games, openings, seed, jobs, verbose;
	struct ep_position *seen;     /* MATCH_CAP + 2 positions */
	struct ep_move *moves;        /* EP_MAX_MOVES */
};

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* A number after prefix in text, 1..max; -1 if not so. */
static int spec_number(const char *text, const char *prefix, uint64_t max,
                       uint64_t *out)
{
	size_t len = strlen(prefix);
	uint64_t v = 0;
	const char *s;

	if (strncmp(text, prefix, len) != 0 || text[len] == '\0')
		return -1;
	for (s = text + len; *s; s++) {
		if (*s < '0' || *s > '9' || v > max)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v < 1 || v > max)
		return -1;
	*out = v;
	return 0;
}

/* A player from its words (see match_usage); 0, or -1 when text is not
 * one. */
static int parse_player(const char *text, struct player *pl)
{
	uint64_t v;

	memset(pl, 0, sizeof *pl);
	if (strlen(text) >= sizeof pl->name)
		return -1;
	snprintf(pl->name, sizeof pl->name, "%s", text);
	if (spec_number(text, "level:", ENG_LEVEL_MAX, &v) == 0) {
		pl->kind = PK_ENGINE;
		return eng_level_limits((int)v, &pl->lim);
	}
	if (spec_number(text, "nodes:", UINT64_MAX / 100, &v) == 0) {
		pl->kind = PK_ENGINE;
		pl->lim.nodes = v;
		return 0;
	}
	if (spec_number(text, "depth:", ENG_MAX_PLY - 1, &v) == 0) {
		pl->kind = PK_ENGINE;
		pl->lim.depth = (int)v;
		return 0;
	}
	if (spec_number(text, "ref:level:", ENG_LEVEL_MAX, &v) == 0) {
		struct eng_limits lim;

		eng_level_limits((int)v, &lim);
		pl->kind = PK_REF;
		pl->ref_depth = PLY_REF_MAX_DEPTH;
		pl->ref_nodes = lim.nodes;
		return 0;
	}
	if (spec_number(text, "ref:nodes:", UINT64_MAX / 100, &v) == 0) {
		pl->kind = PK_REF;
		pl->ref_depth = PLY_REF_MAX_DEPTH;
		pl->ref_nodes = v;
		return 0;
	}
	if (spec_number(text, "ref:", PLY_REF_MAX_DEPTH, &v) == 0) {
		pl->kind = PK_REF;
		pl->ref_depth = (int)v;
		return 0;
	}
	if (strcmp(text, "greedy") == 0) {
		pl->kind = PK_GREEDY;
		return 0;
	}
	if (strcmp(text, "random") == 0) {
		pl->kind = PK_RANDOM;
		return 0;
	}
	return -1;
}

/* What a player is, in words: "level:3 (nodes:8000)". */
static void describe(const struct player *pl, char *buf, size_t len)
{
	if (pl->kind == PK_ENGINE && strncmp(pl->name, "level:", 6) == 0)
		snprintf(buf, len, "%s (engine, nodes:%llu)", pl->name,
		         (unsigned long long)pl->lim.nodes);
	else if (pl->kind == PK_ENGINE)
		snprintf(buf, len, "%s (engine)", pl->name);
	else if (pl->kind == PK_REF && pl->ref_nodes)
		snprintf(buf, len, "%s (reference, material alone, nodes:%llu)",
		         pl->name, (unsigned long long)pl->ref_nodes);
	else if (pl->kind == PK_REF)
		snprintf(buf, len, "%s (reference, material alone, depth %d)",
		         pl->name, pl->ref_depth);
	else
		snprintf(buf, len, "%s", pl->name);
}

/* A 64-bit mix of two numbers (one splitmix64 step). */
static uint64_t mix(uint64_t a, uint64_t b)
{
	uint64_t s;

	ply_rng_seed(&s, a * 0x9e3779b97f4a7c15ULL + b);
	return ply_rng_next(&s);
}

/* How often the last of seen[from..n) occurs there. */
static int occurrences(const struct ep_position *seen, size_t from, size_t n)
{
	size_t i;
	int count = 0;

	for (i = from; i < n; i++)
		count += ep_position_equal(&seen[i], &seen[n - 1]);
	return count;
}

/* Opening pair: m->openings random plies from the start into m->seen,
 * none ending the game or losing at once.  Returns the positions
 * written (1 + plies; fewer plies when no such move is found). */
static size_t make_opening(struct match *m, uint64_t pair)
{
	struct ep_status st;
	struct ep_position after;
	uint64_t rng;
	size_t n, i, k, tries;

	ply_rng_seed(&rng, mix(m->seed, pair));
	for (tries = 0; tries < 100; tries++) {
		ep_position_start(&m->seen[0], &m->o);
		for (k = 0; k < m->openings; k++) {
			n = ep_generate(&m->seen[k], &m->o, m->moves, EP_MAX_MOVES);
			if (n > EP_MAX_MOVES)
				n = EP_MAX_MOVES;
			/* Draw until a move that keeps the game going. */
			for (i = 0; i < 8 * n + 8 && n > 0; i++) {
				const struct ep_move *mv = &m->moves[ply_rng_below(&rng, n)];

				if (ep_move_loses(&m->seen[k], &m->o, m->seen, k + 1, mv,
				                  NULL, 0) != 0)
					continue;
				after = m->seen[k];
				ep_make(&after, &m->o, mv);
				ep_status(&after, &m->o, &st);
				if (st.result != EP_ONGOING)
					continue;
				break;
			}
			if (n == 0 || i >= 8 * n + 8)
				break;
			m->seen[k + 1] = after;
		}
		if (k == m->openings)
			return k + 1;
	}
	return 1;
}

/* The move of player pl at seen[n-1]; 0, or -1 when it has none. */
static int player_move(struct match *m, struct player *pl, size_t from,
                       size_t n, int plies, uint64_t game_seed,
                       struct ep_move *best, uint64_t *nodes)
{
	const struct ep_position *p = &m->seen[n - 1];
	struct eng_history h = { m->seen + from, n - from, plies };
	struct eng_limits lim;
	struct eng_result er;
	struct ply_result pr;
	int rc;

	switch (pl->kind) {
	case PK_ENGINE:
		lim = pl->lim;
		lim.seed = mix(game_seed, (uint64_t)plies);
		rc = eng_search(pl->e, p, &m->o, &h, &lim, &er);
		if (rc != 0 || !er.have_move)
			return -1;
		*best = er.best;
		*nodes = er.nodes;
		return 0;
	case PK_REF:
		rc = ply_reference(p, &m->o, &h, pl->ref_depth, pl->ref_nodes,
		                   &pl->rng, &pr);
		break;
	case PK_GREEDY:
		rc = ply_greedy(p, &m->o, &h, &pl->rng, &pr);
		break;
	default:
		rc = ply_random(p, &m->o, &pl->rng, &pr);
		break;
	}
	if (rc != 0 || !pr.have_move)
		return -1;
	*best = pr.best;
	*nodes = pr.nodes;
	return 0;
}

/* Whether mv is one of the legal moves of p. */
static int is_legal(struct match *m, const struct ep_position *p,
                    const struct ep_move *mv)
{
	size_t n = ep_generate(p, &m->o, m->moves, EP_MAX_MOVES), i;

	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	for (i = 0; i < n; i++)
		if (m->moves[i].tail == mv->tail && m->moves[i].dest == mv->dest)
			return 1;
	return 0;
}

/* Game number g (0-based) into *out. */
static void play_game(struct match *m, uint64_t g, struct game_out *out)
{
	uint64_t game_seed = mix(m->seed ^ 0x5bd1e995ULL, g);
	size_t n = make_opening(m, g / 2), from = 0;
	int p1_white = g % 2 == 0, plies = (int)(n - 1), who, winner = -1;
	const char *colour[2] = { "white", "black" };
	struct ep_status st;
	struct ep_move mv;
	uint64_t nodes;
	char text[EP_MOVE_TEXT_MAX];

	memset(out, 0, sizeof *out);
	out->p1_white = p1_white;
	for (who = 0; who < 2; who++) {
		if (m->pl[who].e)
			eng_clear(m->pl[who].e);
		ply_rng_seed(&m->pl[who].rng, mix(game_seed, (uint64_t)who + 1));
	}
	for (;;) {
		const struct ep_position *p = &m->seen[n - 1];
		int side = p->to_move;
		/* player index of the side to move */
		int pi = (side == EP_WHITE) == p1_white ? 0 : 1;

		ep_status(p, &m->o, &st);
		if (st.result != EP_ONGOING) {
			winner = st.result == EP_DRAW ? -1
			         : st.result == EP_WHITE_WINS ? EP_WHITE : EP_BLACK;
			snprintf(out->reason, sizeof out->reason, "%s", st.reason);
			break;
		}
		if (player_move(m, &m->pl[pi], from, n, plies, game_seed, &mv,
		                &nodes) < 0 || !is_legal(m, p, &mv)) {
			winner = !side;
			snprintf(out->reason, sizeof out->reason, "%s (%s) played no "
			         "legal move", m->pl[pi].name, colour[side]);
			fprintf(stderr, "epamserv match: game %llu: %s\n",
			        (unsigned long long)g + 1, out->reason);
			break;
		}
		out->nodes[pi] += nodes;
		out->moves[pi]++;
		m->seen[n] = *p;
		ep_make(&m->seen[n], &m->o, &mv);
		n++;
		plies++;
		/* A capture can never be undone: no earlier position repeats. */
		if (mv.captured)
			from = n - 1;
		if (m->o.repetition != EP_REP_OFF && occurrences(m->seen, from, n) >= 3) {
			ep_move_format(&mv, text);
			winner = m->o.repetition == EP_REP_LOSS ? !side : -1;
			snprintf(out->reason, sizeof out->reason, "%s made a position "
			         "for the third time with %s", colour[side], text);
			break;
		}
		if (plies >= MATCH_CAP) {
			winner = -1;
			snprintf(out->reason, sizeof out->reason, "the move cap of "
			         "%d plies", MATCH_CAP);
			break;
		}
		if (n >= MATCH_CAP + 2) {  /* cannot happen: the cap comes first */
			winner = -1;
			break;
		}
	}
	out->plies = plies;
	out->result = winner < 0 ? 0 : (winner == EP_WHITE) == p1_white ? 1 : -1;
	out->done = 1;
}

/* One game's line on the pipe: "G RESULT P1WHITE PLIES N0 M0 N1 M1 REASON". */
static int write_out(FILE *f, uint64_t g, const struct game_out *o)
{
	return fprintf(f, "%llu %d %d %d %llu %llu %llu %llu %s\n",
	               (unsigned long long)g, o->result, o->p1_white, o->plies,
	               (unsigned long long)o->nodes[0],
	               (unsigned long long)o->moves[0],
	               (unsigned long long)o->nodes[1],
	               (unsigned long long)o->moves[1], o->reason) < 0 ? -1 : 0;
}

/* Parses a line of write_out into outs[] (games entries); -1 if bad. */
static int read_out(const char *line, struct game_out *outs, uint64_t games,
                    uint64_t *gp)
{
	unsigned long long g, n0, m0, n1, m1;
	int result, p1w, plies, used = 0;
	struct game_out *o;

	if (sscanf(line, "%llu %d %d %d %llu %llu %llu %llu %n", &g, &result,
	           &p1w, &plies, &n0, &m0, &n1, &m1, &used) < 8 || g >= games)
		return -1;
	o = &outs[g];
	o->result = result;
	o->p1_white = p1w;
	o->plies = plies;
	o->nodes[0] = n0;
	o->moves[0] = m0;
	o->nodes[1] = n1;
	o->moves[1] = m1;
	snprintf(o->reason, sizeof o->reason, "%s", line + used);
	o->reason[strcspn(o->reason, "\n")] = '\0';
	o->done = 1;
	*gp = g;
	return 0;
}

static void print_game(const struct match *m, uint64_t g,
                       const struct game_out *o)
{
	const char *res = o->result == 0 ? "draw"
	                  : (o->result > 0) == o->p1_white ? "white wins"
	                  : "black wins";

	printf("game %llu: white %s, black %s: %s (%s), %d plies\n",
	       (unsigned long long)g + 1, m->pl[o->p1_white ? 0 : 1].name,
	       m->pl[o->p1_white ? 1 : 0].name, res, o->reason, o->plies);
	fflush(stdout);
}

/* Engines for the engine players; -1 when memory runs out. */
static int players_start(struct match *m)
{
	int i;

	for (i = 0; i < 2; i++)
		if (m->pl[i].kind == PK_ENGINE &&
		    !(m->pl[i].e = eng_new(MATCH_TT_BYTES)))
			return -1;
	m->seen = malloc(sizeof *m->seen * (MATCH_CAP + 2));
	m->moves = malloc(sizeof *m->moves * EP_MAX_MOVES);
	return m->seen && m->moves ? 0 : -1;
}

static void players_stop(struct match *m)
{
	int i;

	for (i = 0; i < 2; i++) {
		eng_free(m->pl[i].e);
		m->pl[i].e = NULL;
	}
	free(m->seen);
	free(m->moves);
	m->seen = NULL;
	m->moves = NULL;
}

/* Worker w of m->jobs: its games to fd, one line each.  Exit status. */
static int worker(struct match *m, uint64_t w, int fd)
{
	struct game_out o;
	FILE *f = fdopen(fd, "w");
	uint64_t g;

	if (!f || players_start(m) < 0)
		return CLI_EX_SOFTWARE;
	for (g = w; g < m->games; g += m->jobs) {
		play_game(m, g, &o);
		if (write_out(f, g, &o) < 0 || fflush(f) != 0)
			return CLI_EX_IOERR;
	}
	players_stop(m);
	return fclose(f) == 0 ? 0 : CLI_EX_IOERR;
}

/* A worker's pipe: bytes read, not yet a whole line. */
struct pipe_in {
	int fd;
	size_t len;
	char buf[1024];
};

/* Reads what pipe q has, hands each whole line to read_out (and prints
 * it under --verbose); returns 0, or 1 at the end of the pipe. */
static int drain(struct match *m, struct pipe_in *q, struct game_out *outs)
{
	ssize_t got = read(q->fd, q->buf + q->len, sizeof q->buf - 1 - q->len);
	char *nl;
	uint64_t g;

	if (got < 0 && errno == EINTR)
		return 0;
	if (got <= 0)
		return 1;
	q->len += (size_t)got;
	q->buf[q->len] = '\0';
	while ((nl = strchr(q->buf, '\n')) != NULL) {
		*nl = '\0';
		if (read_out(q->buf, outs, m->games, &g) == 0 && m->verbose)
			print_game(m, g, &outs[g]);
		q->len -= (size_t)(nl + 1 - q->buf);
		memmove(q->buf, nl + 1, q->len + 1);
	}
	if (q->len == sizeof q->buf - 1)  /* a line too long: drop it */
		q->len = 0;
	return 0;
}

/* Plays every game into outs[] with m->jobs workers; 0 or an exit
 * status. */
static int play_all(struct match *m, struct game_out *outs)
{
	struct pollfd pfd[64];
	struct pipe_in *in;
	pid_t pid[64];
	uint64_t w, g, started = 0;
	int rc = 0, open = 0, status, fds[2];

	if (m->jobs == 1) {
		if (players_start(m) < 0)
			return CLI_EX_SOFTWARE;
		for (g = 0; g < m->games; g++) {
			play_game(m, g, &outs[g]);
			if (m->verbose)
				print_game(m, g, &outs[g]);
		}
		players_stop(m);
		return 0;
	}
	in = calloc((size_t)m->jobs, sizeof *in);
	if (!in)
		return CLI_EX_SOFTWARE;
	fflush(stdout);
	for (w = 0; w < m->jobs; w++) {
		if (pipe(fds) < 0) {
			rc = CLI_EX_SOFTWARE;
			break;
		}
		pid[w] = fork();
		if (pid[w] < 0) {
			close(fds[0]);
			close(fds[1]);
			rc = CLI_EX_SOFTWARE;
			break;
		}
		if (pid[w] == 0) {
			uint64_t k;

			close(fds[0]);
			for (k = 0; k < w; k++)
				close(in[k].fd);
			_exit(worker(m, w, fds[1]));
		}
		started++;
		close(fds[1]);
		in[w].fd = fds[0];
		pfd[w].fd = fds[0];
		pfd[w].events = POLLIN;
		open++;
	}
	while (open > 0) {
		if (poll(pfd, (nfds_t)started, -1) < 0) {
			if (errno == EINTR)
				continue;
			rc = CLI_EX_SOFTWARE;
			break;
		}
		for (w = 0; w < started; w++) {
			if (pfd[w].fd < 0 || !(pfd[w].revents & (POLLIN | POLLHUP |
			                                         POLLERR)))
				continue;
			if (drain(m, &in[w], outs)) {
				close(in[w].fd);
				pfd[w].fd = -1;
				open--;
			}
		}
	}
	for (w = 0; w < started; w++)
		if (waitpid(pid[w], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			rc = CLI_EX_SOFTWARE;
	for (g = 0; g < m->games; g++)
		if (!outs[g].done)
			rc = CLI_EX_SOFTWARE;
	free(in);
	return rc;
}

/* Elo difference of a score s (0..1): "+123", "+inf", "-inf". */
static void elo_text(double s, char *buf, size_t len)
{
	if (s >= 1.0)
		snprintf(buf, len, "+inf");
	else if (s <= 0.0)
		snprintf(buf, len, "-inf");
	else
		snprintf(buf, len, "%+.0f", -400.0 * log10(1.0 / s - 1.0));
}

/* The summary lines (epamserv(1), match, OUTPUT). */
static void print_summary(const struct match *m, const struct game_out *outs,
                          uint64_t ms)
{
	const double z = 1.959964;
	uint64_t g, wins = 0, draws = 0, losses = 0, plies = 0;
	uint64_t nodes[2] = { 0, 0 }, moves[2] = { 0, 0 };
	double n = (double)m->games, s, c, half, lo, hi;
	char a[32], b[32], e[32];
	int i;

	for (g = 0; g < m->games; g++) {
		wins += outs[g].result > 0;
		draws += outs[g].result == 0;
		losses += outs[g].result < 0;
		plies += (uint64_t)outs[g].plies;
		for (i = 0; i < 2; i++) {
			nodes[i] += outs[g].nodes[i];
			moves[i] += outs[g].moves[i];
		}
	}
	/* Wilson's interval on the score, a draw half a win: the variance
	 * s(1-s) a game is the largest a game scored 0, 1/2 or 1 can have,
	 * so with draws the interval is on the safe side. */
	s = ((double)wins + 0.5 * (double)draws) / n;
	c = (s + z * z / (2 * n)) / (1 + z * z / n);
	half = z / (1 + z * z / n) * sqrt(s * (1 - s) / n + z * z / (4 * n * n));
	lo = c - half < 0 ? 0 : c - half;
	hi = c + half > 1 ? 1 : c + half;
	if (wins + draws == m->games && draws == 0)
		hi = 1;
	if (losses + draws == m->games && draws == 0)
		lo = 0;
	printf("result: %s %llu wins, %llu draws, %llu losses (%llu games)\n",
	       m->pl[0].name, (unsigned long long)wins,
	       (unsigned long long)draws, (unsigned long long)losses,
	       (unsigned long long)m->games);
	printf("score: %.1f%% (95%% interval %.1f%% to %.1f%%)\n", 100 * s,
	       100 * lo, 100 * hi);
	elo_text(s, e, sizeof e);
	elo_text(lo, a, sizeof a);
	elo_text(hi, b, sizeof b);
	printf("elo: %s (95%% interval %s to %s)\n", e, a, b);
	printf("nodes: %s %llu a move, %s %llu a move\n", m->pl[0].name,
	       (unsigned long long)(moves[0] ? nodes[0] / moves[0] : 0),
	       m->pl[1].name,
	       (unsigned long long)(moves[1] ? nodes[1] / moves[1] : 0));
	printf("plies: %.1f a game\n", (double)plies / n);
	printf("time: %.1f s\n", (double)ms / 1000.0);
}

int cli_match(int argc, char **argv)
{
	struct match m;
	struct cli_eopt opts[] = {
		{ "--games", 0, 1, 1000000, &m.games, 0 },
		{ "--openings", 0, 0, MATCH_MAX_OPENING, &m.openings, 0 },
		{ "--seed", 0, 0, UINT64_MAX, &m.seed, 0 },
		{ "--jobs", 0, 1, 64, &m.jobs, 0 },
		{ "--verbose", 1, 0, 1, &m.verbose, 0 },
	};
	struct ep_position start;
	struct game_out *outs = NULL;
	char **rules = NULL, **words = NULL, text[EP_OPTIONS_MAX], d[2][128];
	int nrules, nwords, have_position, rc, i;
	uint64_t t0;

	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 ||
	                  strcmp(argv[1], "--help") == 0)) {
		fputs(_(match_usage), stdout);
		return fflush(stdout) == 0 ? 0 : CLI_EX_IOERR;
	}
	memset(&m, 0, sizeof m);
	m.games = 100;
	m.openings = 4;
	m.seed = 1;
	m.jobs = 1;
	rules = calloc((size_t)argc + 1, sizeof *rules);
	words = calloc((size_t)argc + 1, sizeof *words);
	if (!rules || !words) {
		rc = CLI_EX_SOFTWARE;
		goto out;
	}
	rc = cli_engine_args(argc, argv, opts, sizeof opts / sizeof opts[0],
	                     rules, &nrules, words, &nwords);
	if (rc != 0)
		goto usage;
	if (nwords != 2) {
		fprintf(stderr, ngettext("epamserv %s: two players are needed, "
		                         "%d given\n",
		                         "epamserv %s: two players are needed, "
		                         "%d given\n", nwords), argv[0], nwords);
		rc = CLI_EX_USAGE;
		goto usage;
	}
	for (i = 0; i < 2; i++)
		if (parse_player(words[i], &m.pl[i]) < 0) {
			fprintf(stderr, _("epamserv %s: \"%.40s\" is not a player "
			          "(level:1 to level:%d, nodes:N, depth:N, ref:DEPTH, "
			          "ref:nodes:N, ref:level:N, greedy, random)\n"),
			        argv[0], words[i], ENG_LEVEL_MAX);
			rc = CLI_EX_USAGE;
			goto usage;
		}
	rc = cli_rules_setup(nrules, rules, -1, &m.o, &start, &have_position,
	                     NULL);
	if (rc != 0)
		goto usage;
	if (m.jobs > m.games)
		m.jobs = m.games;
	outs = calloc((size_t)m.games, sizeof *outs);
	if (!outs) {
		rc = CLI_EX_SOFTWARE;
		goto out;
	}
	ep_options_format(&m.o, text, sizeof text);
	describe(&m.pl[0], d[0], sizeof d[0]);
	describe(&m.pl[1], d[1], sizeof d[1]);
	printf("players: %s against %s\n", d[0], d[1]);
	printf("games: %llu, openings of %llu random plies each played with "
	       "both colours, seed %llu\n", (unsigned long long)m.games,
	       (unsigned long long)m.openings, (unsigned long long)m.seed);
	printf("rules: -game=%s %s\n", m.o.game, text);
	fflush(stdout);
	t0 = now_ms();
	rc = play_all(&m, outs);
	if (rc != 0) {
		fprintf(stderr, _("epamserv %s: a worker failed (out of memory?)\n"),
		        argv[0]);
		goto out;
	}
	print_summary(&m, outs, now_ms() - t0);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, _("epamserv %s: cannot write the output\n"), argv[0]);
		rc = CLI_EX_IOERR;
	}
	goto out;
usage:
	fputs(_(match_usage), stderr);
out:
	free(rules);
	free(words);
	free(outs);
	return rc;
}
