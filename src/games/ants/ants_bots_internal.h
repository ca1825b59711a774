/* ants_bots_internal.h — what the bots of the ladder share: the bot object
 * and the helpers on a view. */
#ifndef ARIADNE_ANTS_BOTS_INTERNAL_H
#define ARIADNE_ANTS_BOTS_INTERNAL_H

#include "ants_game.h"
#include "ariadne/rng.h"

enum { AI_RANDOM, AI_HOLD, AI_LEFTY, AI_HUNTER, AI_GREEDY, AI_STRONG };

struct ants_strong;

struct ants_ai {
    int kind, n;
    ar_rng rng;
    uint8_t *taken;          /* destinations ordered this turn */
    uint8_t *state, *state2; /* per-square memory of the simple bots */
    int *dist, *queue;       /* BFS scratch */
    struct ants_strong *strong;
};

#include <stdlib.h>

static inline int ants_ai_step(const ants_view *w, int sq, int dir)
{
    int r = sq / w->cols, c = sq % w->cols;
    switch (dir) {
    case DIR_N: r = r ? r - 1 : w->rows - 1; break;
    case DIR_S: r = r + 1 == w->rows ? 0 : r + 1; break;
    case DIR_E: c = c + 1 == w->cols ? 0 : c + 1; break;
    case DIR_W: c = c ? c - 1 : w->cols - 1; break;
    default: break;
    }
    return r * w->cols + c;
}

/* The squared distance on the torus. */
static inline int ants_ai_dist2(const ants_view *w, int a, int b)
{
    int dr = abs(a / w->cols - b / w->cols), dc = abs(a % w->cols - b % w->cols);
    if (w->rows - dr < dr)
        dr = w->rows - dr;
    if (w->cols - dc < dc)
        dc = w->cols - dc;
    return dr * dr + dc * dc;
}

/* ants_strong.c */
int ar_ants_strong_init(ants_ai *ai, const ants_view *settings);
void ar_ants_strong_free(ants_ai *ai);
size_t ar_ants_strong_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap, double deadline);

#endif
