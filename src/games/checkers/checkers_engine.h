/* checkers_engine.h — the parts of the checkers folder above the rules: the
 * game's position (the board with the draw rules' memory), the evaluation
 * and its weights, the engine's search, the endgame databases, the bots and
 * the command-line tools. Nothing outside src/games/checkers includes it. */
#ifndef ARIADNE_CHECKERS_ENGINE_H
#define ARIADNE_CHECKERS_ENGINE_H

#include <signal.h>
#include <stdio.h>
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/tool.h"
#include "checkers_internal.h"

/* ------------------------------------------------------------ the game
 *
 * The draw rules (the ACF/WCDF laws, applied automatically so that every
 * game ends): the third occurrence of a position with the same side to move,
 * and 40 moves by each side (80 plies) in which no man moved and nothing was
 * captured. A side with no legal move has lost, and that comes first. The
 * position keeps the number of such quiet plies and the keys of the
 * positions since the last man move or capture (at most 80, so the list is
 * never cut). A position read from FEN has no past. */
#define AR_CHECKERS_QUIET_DRAW 80
typedef struct ar_checkers_pos {
    ck_board b;
    uint64_t key;   /* ck_hash(&b) */
    uint32_t quiet; /* plies since a man moved or a piece was taken */
    uint32_t nhist;
    uint64_t hist[AR_CHECKERS_QUIET_DRAW];
} ar_checkers_pos;

void ar_checkers_pos_init(ar_checkers_pos *p, const ck_board *b);
void ar_checkers_pos_apply(ar_checkers_pos *p, const ck_move *m);
/* Whether a move resets the quiet count (a man moves or a piece is taken). */
static inline int ck_move_resets(const ck_move *m) { return !m->king || m->captured; }
/* The result (why: "no legal move", "threefold repetition", "40-move rule";
 * NULL while the game goes on). */
ar_game_outcome ar_checkers_outcome(const ar_checkers_pos *p, const char **why);
/* The legal move with path code `code` in b, decoded without generating the
 * list; 0 when the code does not describe a legal move of b. */
int ar_checkers_decode(const ck_board *b, uint32_t code, ck_move *out);

extern const ar_tool ar_checkers_tools[];
extern const ar_bot_kind ar_checkers_bot_kinds[];
int ar_checkers_bench(int quick);

#endif
