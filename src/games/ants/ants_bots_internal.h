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

int ants_ai_step(const ants_view *w, int sq, int dir);
int ants_ai_dist2(const ants_view *w, int a, int b);

/* ants_strong.c */
int ants_strong_init(ants_ai *ai, const ants_view *settings);
void ants_strong_free(ants_ai *ai);
size_t ants_strong_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap, double deadline);

#endif
