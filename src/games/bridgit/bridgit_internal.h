/* bridgit_internal.h — what the files of Bridg-it share: the variant (the
 * lattice, the dots and their bridges, the pairings), the position layout
 * and small helpers on them. bridgit.c has the rules and the evaluations,
 * bridgit_pairing.c Gross's pairing strategy, bridgit_shannon.c Lehman's
 * solution of the Shannon switching game; the strategies call into the rules
 * (ar_bridgit_outcome, ar_bridgit_distance_eval), never the other way. */
#ifndef ARIADNE_BRIDGIT_INTERNAL_H
#define ARIADNE_BRIDGIT_INTERNAL_H

#include <stdint.h>
#include "ariadne/game.h"

#define BR_MAX_N 12
#define BR_MAX_CELLS (BR_MAX_N * BR_MAX_N + (BR_MAX_N - 1) * (BR_MAX_N - 1))
#define BR_WORDS ((BR_MAX_CELLS + 63) / 64)
#define BR_SIDE (2 * BR_MAX_N + 1)
#define BR_MAX_DOTS (BR_MAX_N * (BR_MAX_N + 1))

typedef struct br_neighbour {
    short dot;  /* index of the neighbouring dot of the same colour */
    short cell; /* the crossing point their bridge claims (-1: along a base line) */
} br_neighbour;

struct ar_variant {
    int n;
    int cells;
    int side;                          /* 2n+1 */
    short cell_x[BR_MAX_CELLS], cell_y[BR_MAX_CELLS];
    short grid[BR_SIDE * BR_SIDE];     /* lattice point -> cell index or -1 */
    /* Pairing strategy and its images under the board's symmetries that keep
     * each player's sides (identity, half turn, left-right and top-bottom
     * mirror): partner point, -1 for that pairing's opening. */
    short partner[4][BR_MAX_CELLS];
    short opening[4];
    /* Dots of each player: lattice coordinates and up to four neighbours. */
    int dots;
    short dot_x[2][BR_MAX_DOTS], dot_y[2][BR_MAX_DOTS];
    br_neighbour nb[2][BR_MAX_DOTS][4];
    unsigned char nbc[2][BR_MAX_DOTS];
    /* The two dots of each player's bridge through each point (the
     * switching-game graph's edges). */
    short ends[2][BR_MAX_CELLS][2];
    /* Each player's dots on its first base line, and which dots lie on the
     * other one (for connected()). */
    short base[2][BR_MAX_N];
    unsigned char at_goal[2][BR_MAX_DOTS];
};

typedef struct br_pos {
    uint64_t own[2][BR_WORDS]; /* claimed points of black (0) and white (1) */
    uint64_t hash;             /* Zobrist of the claimed points (the side is added by hash()) */
    uint32_t to_move;
    uint32_t claimed;
} br_pos;

static inline int get_bit(const uint64_t *b, int i) { return (int)(b[i >> 6] >> (i & 63) & 1u); }

/* The player who claimed a point, or -1 while it is free. */
static inline int owner(const br_pos *p, int cell)
{
    return get_bit(p->own[0], cell) ? 0 : get_bit(p->own[1], cell) ? 1 : -1;
}

/* Claims (or, called again, releases) a point for player, hash included. */
static inline void claim(br_pos *p, int player, int cell)
{
    p->own[player][cell >> 6] ^= (uint64_t)1 << (cell & 63);
    p->hash ^= ar_zobrist(0x4252 + (uint64_t)player, (uint64_t)cell);
}

/* A dot's coordinate in the direction its player connects: y for black
 * (bottom to top), x for white (left to right). */
static inline int along(const ar_variant *v, int player, int d)
{
    return player == 0 ? v->dot_y[0][d] : v->dot_x[1][d];
}

/* bridgit.c: the outcome slot, and the evaluation "distance" (bridges the
 * opponent still needs minus the player's, x100). */
ar_game_outcome ar_bridgit_outcome(const ar_variant *v, const void *pos);
int ar_bridgit_distance_eval(const ar_variant *v, const void *pos, int player);

/* bridgit_pairing.c: Gross's pairing strategy for black. */
ar_status ar_bridgit_pairing_choose(const ar_variant *v, const void *pos, ar_rng *rng,
                                    ar_gmove *out, ar_error *err);
ar_status ar_bridgit_pairing_value(const ar_variant *v, const void *pos, int *value,
                                   ar_error *err);

/* bridgit_shannon.c: Lehman's solution, perfect for both players. */
ar_status ar_bridgit_shannon_choose(const ar_variant *v, const void *pos, ar_rng *rng,
                                    ar_gmove *out, ar_error *err);
ar_status ar_bridgit_shannon_value(const ar_variant *v, const void *pos, int *value,
                                   ar_error *err);

#endif
