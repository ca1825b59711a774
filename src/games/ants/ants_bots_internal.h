/* ants_bots_internal.h — what the bots of the ladder share: the bot object
 * and the helpers on a view. */
#ifndef ARIADNE_ANTS_BOTS_INTERNAL_H
#define ARIADNE_ANTS_BOTS_INTERNAL_H

#include "ants_game.h"
#include "ariadne/rng.h"

enum { AI_RANDOM, AI_HOLD, AI_LEFTY, AI_HUNTER, AI_GREEDY, AI_STRONG, AI_CONTENDER };

struct ants_strong;
struct ants_contender;

struct ants_ai {
    int kind, n;
    ar_rng rng;
    uint8_t *taken;          /* destinations ordered this turn */
    uint8_t *state, *state2; /* per-square memory of the simple bots */
    int *dist, *queue;       /* BFS scratch */
    struct ants_strong *strong;
    struct ants_contender *contender;
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

/* ants_fields.c: distance fields for the strong bots. A multi-source BFS
 * over land (unknown squares count as land) up to limit steps (field: the
 * distances, -1 beyond); the step down a field from sq (ties by a random
 * start), or -1. */
void ar_ants_bfs_field(ants_ai *ai, const ants_view *w, const int *src, int nsrc, int limit, int *field);
int ar_ants_downhill(ants_ai *ai, const ants_view *w, const int *field, int sq);

/* ants_strong.c */
int ar_ants_strong_init(ants_ai *ai, const ants_view *settings);
void ar_ants_strong_free(ants_ai *ai);
size_t ar_ants_strong_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap, double deadline);

/* ants_contender.c */
int ar_ants_contender_init(ants_ai *ai, const ants_view *settings);
void ar_ants_contender_free(ants_ai *ai);
size_t ar_ants_contender_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap, double deadline);

/* ants_combat.c: one battle (our ants a, theirs b) and its search. */
#define ANTS_BATTLE_MAX 16     /* ants of one side in one battle */
#define ANTS_BATTLE_REPLIES 16 /* enemy replies kept by the double oracle */
typedef struct ants_battle {
    const ants_view *w;
    int na, nb;
    int a[ANTS_BATTLE_MAX], b[ANTS_BATTLE_MAX]; /* squares now */
    int ai[ANTS_BATTLE_MAX];                    /* our ants' indices in the view */
    int aopt[ANTS_BATTLE_MAX * 5], bopt[ANTS_BATTLE_MAX * 5]; /* stay, N, E, S, W squares; -1 barred */
    const uint8_t *own_hill, *enemy_hill;                     /* may be NULL */
    double kill_weight;
    int aggressive;
    int heuristic_only;  /* never the exhaustive search (tests) */
    long exact_limit;    /* exhaustive when 5^(na + nb) is at most this */
    long evals, eval_limit;
    double deadline;     /* ar_now() clock; 0 none */
    int replies[ANTS_BATTLE_REPLIES * ANTS_BATTLE_MAX], nreplies;
} ants_battle;

/* The focus rule (collisions, then battle) on our ants ending on a and
 * theirs on b: 1 in our_dead[i] / enemy_dead[j] for the ants that die. */
void ar_ants_battle_outcome(const ants_battle *bt, const int *a, const int *b, int *our_dead, int *enemy_dead);
/* The value of one outcome for us (counts an evaluation). */
double ar_ants_battle_value(ants_battle *bt, const int *a, const int *b);
/* Our plan (squares, best_a) maximising its value against the enemy's
 * replies; returns that plan's value against the worst reply found. */
double ar_ants_battle_solve(ants_battle *bt, int *best_a);

typedef struct ants_combat_setup {
    const uint8_t *own_hill, *enemy_hill;
    long *evals_left; /* the turn's work budget, spent as battles are searched */
    long exact_limit;
    double deadline;
} ants_combat_setup;
/* Moves the ants in battle: dir[i] for every engaged ant i (engaged[i] set);
 * returns the number of battles. */
int ar_ants_combat(const ants_view *w, const ants_combat_setup *cs, int *dir, uint8_t *engaged);

#endif
