/* tron_search.h — what the Tron bots (tron_bots.c) and their
 * simultaneous-move alpha-beta (tron_search.c) share: a bot's state, the
 * search's scores and result, and the board moves every search makes. */
#ifndef ARIADNE_TRON_SEARCH_H
#define ARIADNE_TRON_SEARCH_H

#include <string.h>
#include "ariadne/gamesearch.h"
#include "tron_internal.h"

enum { K_RANDOM, K_WALLHUG, K_VORONOI, K_CHAMBERS, K_ALPHABETA, K_CHAMBER_AB };

/* chamber-ab's evaluation code: the bitboards of tron_biteval.c (the
 * default), the byte labels of tron_fasteval.c (chamber-ab-v1's, or
 * eval=bytes) or tron_eval.c's reference (eval=reference). */
enum { EVAL_BITS, EVAL_BYTES, EVAL_REFERENCE };

/* Scores are tenths of a cell; a forced win is WIN less the plies to it. */
#define WIN 1000000
#define INF 2000000
#define MAX_PLY 128

typedef struct tron_bot {
    int kind;
    double time;    /* thinking time in seconds (0: no clock) */
    double (*clock)(void); /* the clock it counts on: ar_now (wall, the default) or ar_thread_cpu_time (clock=cpu) */
    int cpu_clock;         /* clock=cpu (the option; sets clock) */
    unsigned clock_mask;   /* the clock is read when nodes & clock_mask is 0 (every node, 4th or 16th) */
    int depth;      /* alpha-beta depth limit in joint plies (0: none) */
    int endgame;    /* the filler once separated */
    int voronoi;    /* alpha-beta evaluation: Voronoi instead of chambers */
    int evalcode;   /* chamber-ab: which code computes its evaluation (EVAL_*; all give the same values) */
    int v1;         /* chamber-ab-v1: issue 17's chamber-ab, kept to measure its successor against */
    int pvs;        /* chamber-ab: principal variation search (null windows for later moves) */
    int lazy;       /* chamber-ab: leaves outside the window settled by one chamber tree */
    int aspire;     /* chamber-ab: the root's aspiration window, +- tenths of a cell (0: none) */
    int contempt;   /* a draw scores -contempt (tenths of a cell) */
    int base_contempt; /* chamber-ab: the contempt of an even position */
    int fixed_contempt; /* chamber-ab with headon=fixed: contempt does not follow the score */
    int last_score;    /* chamber-ab: the score of its previous search */
    uint32_t last_turn; /* the turn of that search (+1: still this game) */
    int use_tt;         /* chamber-ab: keep a transposition table (tt=0: not) */
    int extend;         /* chamber-ab: forced moves cost no depth (extend=0: they do) */
    ar_tt *tt;          /* the table (made by the first search), or NULL */
    int use_plan;       /* chamber-ab: fill large regions by a kept plan (plan=0: by lookahead) */
    tron_plan *plan;    /* the plan (made when first separated), or NULL */
    ar_rng rng;
    const ar_variant *v;
    tron_board b;
    tron_work w;
    const volatile sig_atomic_t *interrupt;
    /* per search */
    int me;
    double deadline;
    uint64_t nodes, leaf_evals, node_limit;
    uint64_t evals;       /* evaluations in this move's search (all iterations) */
    int stopped;
    uint64_t key;         /* the current node's key (trails, heads, side, contempt) */
    uint64_t tt_cuts;     /* values taken from the table in this iteration */
    int killer[MAX_PLY];  /* our move that caused a cutoff, per ply */
    int reply[MAX_PLY];   /* the opponent's reply that did */
} tron_bot;

typedef struct search_result {
    int move, score, depth, proven, filler;
    uint64_t nodes;
} search_result;

/* The directions of player p that do not crash at once; returns the count. */
static inline int tron_safe_moves(const tron_board *b, int p, int *dirs)
{
    int d, n = 0;
    for (d = 1; d <= 4; d++)
        if (!b->cell[b->head[p] + b->delta[d]])
            dirs[n++] = d;
    return n;
}

/* Moves player p one cell (the cell must be free), and back. */
static inline void tron_step(tron_board *b, int p, int d)
{
    b->head[p] += b->delta[d];
    tron_board_block(b, b->head[p]);
}

static inline void tron_unstep(tron_board *b, int p, int d)
{
    tron_board_unblock(b, b->head[p]);
    b->head[p] -= b->delta[d];
}

/* The end of an iteration of a root search over dirs (iterative deepening):
 * records its best move dirs[best_i] and score in r, and moves that move to
 * the front for the next iteration. A stopped iteration counts only when
 * its best beat the previous best (searched first): then it is better
 * informed than the last completed one. Returns whether it was stopped. */
static inline int tron_iteration_end(search_result *r, int *dirs, int best_i, int best, int depth, int stopped)
{
    if (stopped) {
        if (best_i > 0 && depth > 1) {
            r->move = dirs[best_i];
            r->score = best;
        }
        return 1;
    }
    r->move = dirs[best_i];
    r->score = best;
    r->depth = depth;
    if (best_i > 0) {
        int t = dirs[best_i];
        memmove(dirs + 1, dirs, sizeof(int) * (size_t)best_i);
        dirs[0] = t;
    }
    return 0;
}

/* Whether the search must stop (time, interrupt or node limit); sticky. */
int ar_tron_out_of_time(tron_bot *s);
/* The wall-hugger's choice among dirs (n > 0) for player p. */
int ar_tron_wallhug_move(tron_bot *s, int p, const int *dirs, int n);
/* The bot's evaluation of s->b for s->me, tenths of a cell. */
int ar_tron_evaluate(tron_bot *s);
/* Iterative-deepening alpha-beta over our safe moves dirs (n > 0, reordered
 * best first), to max_depth joint plies or until ar_tron_out_of_time. */
void ar_tron_alphabeta_root(tron_bot *s, int *dirs, int n, int max_depth, search_result *r);

#endif
