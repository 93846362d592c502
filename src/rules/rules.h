/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rules.h - the Epaminondas rules engine: the public interface.
 *
 * A pure library: positions in, moves and verdicts out.  No file, mail,
 * network or clock code lives under src/rules/, and nothing here allocates
 * on the heap: every function works on caller-owned structs and buffers, so
 * the engine can be driven from perft at full speed and from a mail command
 * alike.  Every rule cites its section of shared RULES.md.
 *
 * Coordinates seen from outside are (file, rank), both 0-based: file 0 is
 * 'a', rank 0 is rank 1 (White's home row).  Squares inside a position are
 * an internal index (ep_square); convert with ep_square_at()/ep_square_file()
 * /ep_square_rank().
 *
 * The engine's view of a turn (struct ep_turn: which pieces may move and
 * be captured), the king directions and the move generator over them are
 * in the second public header, rules/turn.h.
 */
#ifndef EPAM_RULES_H
#define EPAM_RULES_H

#include <stddef.h>
#include <stdint.h>

#define EP_MIN_W 4
#define EP_MAX_W 26
#define EP_MIN_H 5
#define EP_MAX_H 26

/* Board with a one-square border of EP_OFFBOARD on every side. */
#define EP_STRIDE (EP_MAX_W + 2)
#define EP_CELLS  (EP_STRIDE * (EP_MAX_H + 2))

/* Longest canonical position string plus NUL (26 ranks of 26 squares,
 * 25 slashes, size prefix, side). */
#define EP_POSITION_MAX 740
/* Longest move text "a26xz26" plus NUL. */
#define EP_MOVE_TEXT_MAX 8
/* Longest canonical option string (ep_options_format) plus NUL. */
#define EP_OPTIONS_MAX 2600
/* Longest error / reason text written by the engine, plus NUL. */
#define EP_ERR_MAX 200

typedef uint16_t ep_square;

enum ep_side { EP_WHITE = 0, EP_BLACK = 1 };

/* Contents of a square. */
enum ep_cell {
	EP_EMPTY = 0,
	EP_WPIECE = 1,
	EP_BPIECE = 2,
	EP_BLOCK = 3,     /* obstructed square, RULES.md section 1 */
	EP_OFFBOARD = 4,  /* border, never on the board */
};

/* RULES.md section 6, "capture". */
enum ep_capture { EP_CAPTURE_LINE = 0, EP_CAPTURE_ONE = 1 };
/* RULES.md section 6, -crossed=move|stay|safe. */
enum ep_crossed { EP_CROSSED_MOVE = 0, EP_CROSSED_STAY = 1, EP_CROSSED_SAFE = 2 };
/* RULES.md section 4, -symmetry= (bit flags: BOTH = MIRROR|ROTATE). */
enum ep_symmetry {
	EP_SYM_OFF = 0, EP_SYM_MIRROR = 1, EP_SYM_ROTATE = 2, EP_SYM_BOTH = 3,
};
/* RULES.md section 5, -repetition=. */
enum ep_repetition { EP_REP_LOSS = 0, EP_REP_DRAW = 1, EP_REP_OFF = 2 };
/* RULES.md section 6, -rules=abbott|igfip (end-of-game rule). */
enum ep_ending { EP_ENDING_ABBOTT = 0, EP_ENDING_IGFIP = 1 };

/*
 * The variant and options of one game, fixed at challenge time
 * (RULES.md section 6).  Blocks listed here are put on the starting board
 * by ep_position_start(); a position parsed from notation carries its own.
 */
struct ep_options {
	char game[16];            /* "epaminondas" or "crossings" */
	int width, height;        /* squares; EP_MIN_W..EP_MAX_W, EP_MIN_H..EP_MAX_H */
	enum ep_capture capture;
	enum ep_crossed crossed;
	enum ep_symmetry symmetry;
	enum ep_repetition repetition;
	enum ep_ending ending;
	int nblocks;
	uint8_t block_file[EP_MAX_W * EP_MAX_H], block_rank[EP_MAX_W * EP_MAX_H];
	/* Set when -crossed= or -frozen was given, so that -rules= (which
	 * picks the crossed rule of its variant) does not override it and
	 * "-crossed=move -rules=igfip" is seen as the contradiction it is,
	 * whatever the order.  Only ep_options_apply/check read it. */
	uint8_t crossed_given;
	/* One bit per option named so far by ep_options_apply (size,
	 * symmetry, repetition, rules, crossed, capture), so that naming one
	 * twice with different values is refused as a contradiction. */
	uint8_t given;
};

struct ep_position {
	int width, height;        /* squares */
	enum ep_side to_move;
	uint8_t cell[EP_CELLS];   /* enum ep_cell, padded mailbox */
};

/* One move, RULES.md section 2: a group of n pieces from tail along dir
 * moves k squares; the head lands on dest.  captured = enemy pieces removed
 * (0 for a plain move).  Fields beyond tail and dest are derived and filled
 * by the generator / ep_move_parse. */
struct ep_move {
	ep_square tail, dest;
	int8_t dir;               /* index 0..7 into the 8 king directions */
	uint8_t n, k, captured;
};

enum ep_result { EP_ONGOING = 0, EP_WHITE_WINS, EP_BLACK_WINS, EP_DRAW };

/* Status at the start of a turn, RULES.md sections 3 and 6. */
struct ep_status {
	enum ep_result result;
	char reason[EP_ERR_MAX];  /* plain words: "black has more crossed
	                             pieces", "white has no legal move", "white
	                             has no pieces left", "white cannot answer
	                             black's crossing", "neither side has a
	                             movable piece"; "" while ONGOING */
	int must_cross;           /* igfip: the side to move must make a crossing
	                             (also set when it cannot, and so loses) */
};

/* ---- options (RULES.md section 6) ---- */

/* Defaults for a game name ("epaminondas" or "crossings").
 * Returns 0, or -1 for an unknown game (err gets a message). */
int ep_options_default(struct ep_options *o, const char *game,
                       char *err, size_t errlen);

/* Apply one option word such as "-size=8x8", "--symmetry=off", "-frozen",
 * "-block=c5,f7".  Returns 0, or -1 with a message in err naming the
 * problem and the valid forms.  Does not check the combination. */
int ep_options_apply(struct ep_options *o, const char *word,
                     char *err, size_t errlen);

/* Check the whole set: sizes in range, blocks on the board and on squares
 * empty at the start, no contradiction.  Returns 0 or -1 with err. */
int ep_options_check(const struct ep_options *o, char *err, size_t errlen);

/* Canonical option words, space-separated, every option spelled out
 * (e.g. "-size=14x12 -capture=line -crossed=move -symmetry=mirror
 * -repetition=loss -rules=abbott"), blocks last if any.  Feeding these words
 * back through ep_options_apply() on ep_options_default(game) gives the same
 * options (crossed_given aside: it is then set).  Returns the length
 * written (buf is NUL-terminated, truncated at len-1). */
size_t ep_options_format(const struct ep_options *o, char *buf, size_t len);

/* ---- positions (RULES.md section 7) ---- */

/* The starting position of the options: armies on ranks 1-2 and H-1..H,
 * blocks, White to move. */
void ep_position_start(struct ep_position *p, const struct ep_options *o);

/* Parse position notation, e.g. "8x8 8/8/8/8/8/8/WW6/BW6 b".
 * Returns 0, or -1 with err naming what is wrong. */
int ep_position_parse(struct ep_position *p, const char *text,
                      char *err, size_t errlen);

/* Canonical notation into buf (at least EP_POSITION_MAX bytes). */
void ep_position_format(const struct ep_position *p, char *buf);

ep_square ep_square_at(int file, int rank);
int ep_square_file(ep_square s);
int ep_square_rank(ep_square s);
/* enum ep_cell at (file, rank); EP_OFFBOARD outside the board. */
int ep_cell_at(const struct ep_position *p, int file, int rank);

/* Pieces of side on the board, and on its far row (crossed pieces). */
int ep_count_pieces(const struct ep_position *p, enum ep_side side);
int ep_count_crossed(const struct ep_position *p, enum ep_side side);

/* ---- moves (RULES.md sections 2, 4, 6) ---- */

/* Upper bound on the legal moves of any position. */
#define EP_MAX_MOVES 8192

/* All legal moves of the side to move, symmetry rule and igfip must-answer
 * rule applied, in no promised order (today: by tail square, direction,
 * distance).  Writes at most cap moves to out and
 * returns the total number of legal moves.  Does not look at repetition
 * (no history here) nor at whether the game has already ended. */
size_t ep_generate(const struct ep_position *p, const struct ep_options *o,
                   struct ep_move *out, size_t cap);

/* Parse move text ("e3-e7", "E3:E8", "e3xe8"; untrusted, from mail)
 * against a position and check it under the rules.  Returns 0 with *m
 * filled, or -1 with err in plain words naming the broken rule ("a phalanx
 * of 2 cannot capture a line of 2 (...)", "there is no piece of yours on
 * e3", "this move would make the position symmetric (...)", "you must
 * answer the crossing on a1 with a crossing of your own", ...; malformed
 * text gets the expected form).  Marking a plain move with x (or a capture
 * with -) is accepted.  Accepts exactly the moves ep_generate() lists; like
 * it, does not look at whether the game has already ended (ask
 * ep_status() first). */
int ep_move_parse(const struct ep_position *p, const struct ep_options *o,
                  const char *text, struct ep_move *m, char *err, size_t errlen);

/* Canonical text "e3-e7" / "e3xe8" into buf (EP_MOVE_TEXT_MAX bytes). */
void ep_move_format(const struct ep_move *m, char *buf);

/* Play a legal move (from ep_generate or ep_move_parse) and pass the turn. */
void ep_make(struct ep_position *p, const struct ep_options *o,
             const struct ep_move *m);

/* Whether m, a move of p (the position before m is played), is a
 * crossing: RULES.md section 1. */
int ep_move_is_crossing(const struct ep_position *p, const struct ep_move *m);

/* The status at the start of the side to move's turn (RULES.md section 3,
 * or section 6 under igfip), without history. */
void ep_status(const struct ep_position *p, const struct ep_options *o,
               struct ep_status *st);

/* Plain words for what the side to move must do this turn to avoid losing
 * when a crossing is pending, in the terms of the variant: "Black must
 * capture the intruder on g12 or cross, or lose", "... capture an intruder
 * (g12, h12) or cross, or lose", "Black must cross, or lose" (safe
 * intruders, or igfip), "Black must capture 2 intruders (g12, h12) in one
 * move, or lose", "Black is 2 crossings behind and cannot catch up in one
 * move".  Writes "" when nothing is pending or the game has ended.  buf
 * gets at most len bytes, NUL-terminated. */
void ep_grace_text(const struct ep_position *p, const struct ep_options *o,
                   char *buf, size_t len);

/* perft (RULES.md section 7): leaf move sequences of length depth, never
 * expanding a position whose game has ended.  No allocation. */
uint64_t ep_perft(const struct ep_position *p, const struct ep_options *o,
                  int depth);

/* Whether two positions have the same board and side to move. */
int ep_position_equal(const struct ep_position *a, const struct ep_position *b);

/* ---- moves that lose at once (RULES.md sections 3 and 5) ---- */

/* Whether m, a legal move of p, loses at once: the mover loses before the
 * opponent moves.  That is so when the position after m is a win for the
 * opponent at the start of its turn (a pending crossing not answered, or
 * a crossed piece moved back so that the opponent has more crossed
 * pieces), or, under -repetition=loss, when m makes a position for the
 * third time.  seen[0..nseen) are the positions of the game so far, the
 * start and p included (NULL, 0: no history, repetition ignored).
 * Returns 1 (why gets the reason in plain words, "it does not answer
 * Black's crossing (RULES.md section 3)", at most len bytes, may be NULL
 * when len is 0), 0 when m does not lose at once (why ""), -1 on a
 * formatting error. */
int ep_move_loses(const struct ep_position *p, const struct ep_options *o,
                  const struct ep_position *seen, size_t nseen,
                  const struct ep_move *m, char *why, size_t len);

/* ep_move_loses() for each of moves[0..n): loses[i] is set to 1 when
 * moves[i] loses at once, else 0.  Returns how many lose. */
size_t ep_losing_moves(const struct ep_position *p, const struct ep_options *o,
                       const struct ep_position *seen, size_t nseen,
                       const struct ep_move *moves, size_t n, uint8_t *loses);

#endif
