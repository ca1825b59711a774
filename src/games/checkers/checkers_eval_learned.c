/* checkers_eval_learned.c — the evaluation's learned weights, written by
 * `ariadne checkers-learn --c-out` (checkers_learn.c); the command that made
 * them is below. Do not edit by hand: run the command again. */
#include "checkers_engine.h"

/* ariadne checkers-learn --games 3000 --nodes 2000 --rounds 2 --epochs 400 --seed 1 */
static const ck_eval_params learned = {
    /*           man king row1 row2 row3 row4 row5 row6 centre kcentre kedge back bridge mobility tempo runaway runrow */
    .opening = {100, 315, 133, 108, 89, 75, 60, 59, 5, 5, -18, 136, 5, 9, -5, -76, 19},
    .ending = {100, 93, -17, -6, 14, 14, 15, 20, 2, 3, 0, -5, 86, -1, 1, 31, -1},
};

const ck_eval_params *ar_checkers_params_learned(void) { return &learned; }
