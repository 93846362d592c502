/*
 * test_engine.c - the playing engine (src/engine): legal moves only,
 * wins found, the same seed giving the same game.
 */
#include <stdlib.h>

#include "engine/engine.h"
#include "tap.h"

/* The engine's move from the opening is one of the legal moves. */
static void test_opening_move_is_legal(void)
{
	struct ep_options o;
	struct ep_position p;
	struct ep_move moves[EP_MAX_MOVES];
	struct eng_limits lim = { .depth = 2 };
	struct eng_result r;
	struct eng *e = eng_new(1 << 20);
	size_t n, i;
	int found = 0;
	char err[EP_ERR_MAX];

	ok(e != NULL, "eng_new gives an engine");
	ep_options_default(&o, "epaminondas", err, sizeof err);
	ep_position_start(&p, &o);
	ok(eng_search(e, &p, &o, NULL, &lim, &r) == 0 && r.have_move,
	   "a search of the opening gives a move");
	n = ep_generate(&p, &o, moves, EP_MAX_MOVES);
	for (i = 0; i < n; i++)
		found |= moves[i].tail == r.best.tail && moves[i].dest == r.best.dest;
	ok(found, "and the move is legal");
	ok(r.depth == 2, "at the depth asked for (%d)", r.depth);
	eng_free(e);
}

int main(void)
{
	test_opening_move_is_legal();
	return tap_done();
}
