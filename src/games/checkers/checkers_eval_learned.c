/* checkers_eval_learned.c — the evaluation's learned weights, written by
 * `ariadne checkers-learn --c-out` (checkers_learn.c); the command that made
 * them is below. Do not edit by hand: run the command again. */
#include "checkers_engine.h"

/* (not learned yet: the hand-set weights) */
static const ck_eval_params learned = {
    .opening = {100, 130, 0, 1, 2, 3, 4, 6, 4, 4, -4, 4, 8, 2, 3, 10, 2},
    .ending = {100, 150, 0, 2, 4, 6, 8, 12, 2, 8, -8, 0, 0, 2, 3, 30, 6},
};

const ck_eval_params *ar_checkers_params_learned(void) { return &learned; }
