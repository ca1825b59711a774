/* tron_internal.h — what the Tron modules share: the variant (map) and
 * position layouts, the map functions of tron_map.c that the rules and the
 * replay reader use, a mutable board for searches, the evaluation primitives
 * (flood fills, Voronoi territory, articulation points, the tree of chambers,
 * the checkerboard parity bound) of tron_eval.c, and the external-program bot
 * kind of tron_extern.c.
 *
 * Grids are padded: the map of mw x mh cells sits inside a frame of "off
 * map" cells, one cell wide left and right and two above and below (so that
 * every frame cell's neighbours are inside the array too: a shut-away
 * opponent can sit on one). A neighbour is always index ± 1 or ± w and no
 * search ever tests coordinates. Cell index i = (y + 2) * w + (x + 1),
 * w = mw + 2, h = mh + 4. */
#ifndef ARIADNE_TRON_INTERNAL_H
#define ARIADNE_TRON_INTERNAL_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/rng.h"
#include "tron.h"

enum { TRON_FLOOR = 0, TRON_WALL = 1, TRON_OFFMAP = 2 };

/* Why a player crashed (tron_pos.crash). */
enum { CRASH_NONE = 0, CRASH_WALL, CRASH_TRAIL, CRASH_OFFMAP, CRASH_HEADON };

struct ar_variant {
    char name[64];
    int mw, mh;        /* the map */
    int w, h, n;       /* the padded grid */
    uint8_t *kind;     /* n cells: TRON_FLOOR, TRON_WALL, TRON_OFFMAP */
    char *rows;        /* mw * mh characters as in the map file */
    int start[2];      /* padded indices; a shut-away opponent (lenient) sits on an off-map cell */
    int free_cells;    /* floor cells of the map, start cells excluded */
    size_t words;      /* 64-bit words of a position's occupancy bitset */
    double move_time, first_move_time;
};

/* A position: heads, crash causes, turn count and one bit per padded cell
 * (set: wall, off map, trail or head). Hash: Zobrist keys of the occupied
 * cells and of the heads of players still in the game, kept incrementally. */
typedef struct tron_pos {
    uint64_t hash;
    int32_t head[2];
    uint8_t crash[2];
    uint16_t pad;
    uint32_t turn;
    uint64_t occ[];
} tron_pos;

static inline int tron_occ(const tron_pos *p, int i) { return (int)(p->occ[i >> 6] >> (i & 63) & 1u); }

/* Direction d (1..4: N E S W) as an index offset on a grid of width w. */
static inline int tron_delta(int w, int d)
{
    return d == 1 ? -w : d == 2 ? 1 : d == 3 ? w : -1;
}

/* ------------------------------------------------------------- maps */

/* (tron_map.c) The descriptor's create and destroy slots. */
ar_status ar_tron_variant_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err);
void ar_tron_variant_free(ar_variant *v);
/* A variant from checked cells: height rows of width characters, row-major,
 * each '#', ' ', '1' or '2', with exactly one '1' and one '2' (a replay's map,
 * already checked). No limit on the side but the caller's; default times. */
ar_variant *ar_tron_variant_from_cells(const char *name, int width, int height, const char *cells);
/* A map character for a message: "'x'" when printable, else "byte 0x1B". */
void ar_tron_show_char(char c, char *buf, size_t size);

/* ------------------------------------------------------------ boards */

/* A mutable copy of a position for searches: one byte per cell (0 free).
 * On grids at most 64 cells wide with the frame (maps up to 62 wide: every
 * official map) also the free cells as bitboard rows: row r of the padded
 * grid is the 64-bit word bits[r + 2] (two empty guard words above and
 * below), column c its bit c; bitpos maps a cell index to its bit index
 * 64 * (r + 2) + c. tron_board_block and tron_board_unblock keep both; code
 * that writes cell[] directly must restore it before the bitboard
 * evaluation (tron_biteval.c) runs. bits is NULL on wider grids. */
typedef struct tron_board {
    int w, h, n;
    int delta[5];    /* index offsets of directions 1..4 */
    uint8_t *cell;
    uint8_t *colour; /* checkerboard colour of each cell, 0 or 1 */
    int head[2];
    uint64_t *bits;  /* h + 4 words, or NULL */
    int *bitpos;     /* n entries, or NULL */
} tron_board;

/* Cell i becomes a wall (a trail), and free again. */
static inline void tron_board_block(tron_board *b, int i)
{
    b->cell[i] = 1;
    if (b->bits) {
        int j = b->bitpos[i];
        b->bits[j >> 6] &= ~((uint64_t)1 << (j & 63));
    }
}

static inline void tron_board_unblock(tron_board *b, int i)
{
    b->cell[i] = 0;
    if (b->bits) {
        int j = b->bitpos[i];
        b->bits[j >> 6] |= (uint64_t)1 << (j & 63);
    }
}

/* Scratch of the fast evaluation (tron_fasteval.c), n cells each; kept
 * between calls so that nothing board-sized is cleared per call: lab is all
 * zero between calls, disc numbers count up from `clock`, art and seen are
 * stamped with `gen`. */
typedef struct tron_fast {
    int n;
    uint8_t *lab; /* bit p: player p is (one of) the nearest heads */
    int *lvl, *list, *queue, *stack;
    int *own0, *own1, *hang; /* the proven bound's sums (separated positions) */
    uint32_t *disc, *low, *art, *seen;
    int *stackdir;
    uint32_t clock, gen;
} tron_fast;

/* Scratch of the bitboard evaluation (tron_biteval.c): rows words per
 * bitset (the board's h + 4), 64 * rows entries per cell array (indexed by
 * bit index). The bitsets are all zero between calls; disc numbers count
 * up from `clock`. Made at the first call (rows 0 until then). */
typedef uint64_t tron_v2 __attribute__((vector_size(16))); /* a row for each player */
typedef struct tron_bits {
    int rows;
    tron_v2 *lab;             /* lane p: the cells nearest to player p, alone or tied */
    tron_v2 *f, *nf;          /* the search's frontiers, this level and the next */
    uint64_t *reached;        /* the cells of either lane */
    uint64_t *reg, *seen, *art;  /* the region walked, the chamber walk's marks, articulation points */
    uint64_t *cham;              /* the chamber being filled */
    unsigned *exit_open;         /* each waiting exit's open neighbours (N E S W bits) */
    uint64_t conflicts;          /* chamber walks done again in the scalar order */
    uint64_t lazy;               /* windowed evaluations settled by one chamber tree */
    int width;                   /* the board's w */
    int *row_first, *run_parent; /* the holes' runs: each row's first, the union-find */
    uint8_t *run_start, *run_end;
    uint32_t *disc, *low;
    int *stack, *queue, *exits;
    int *own0, *own1, *hang; /* the proven bound's sums (separated positions) */
    int *next;
    /* the graph of articulation points and chambers for the proven bound */
    int *node_of, *g_cell, *g_count, *g_start, *g_fill, *g_eu, *g_ev, *g_adj;
    uint32_t clock;
} tron_bits;

/* Scratch arrays for the evaluations, n cells each. */
typedef struct tron_work {
    int n;
    int *dist0, *dist1, *queue, *stack;
    uint32_t *disc, *low;
    uint8_t *owner, *art, *seen;
    int *stackdir;
    tron_fast fast;
    tron_bits bits;
} tron_work;

/* The free cells beside cell c. */
static inline int tron_free_neighbours(const tron_board *b, int c)
{
    int d, n = 0;
    for (d = 1; d <= 4; d++)
        n += !b->cell[c + b->delta[d]];
    return n;
}

void ar_tron_board_init(tron_board *b, const ar_variant *v);
void ar_tron_board_free(tron_board *b);
void ar_tron_board_load(tron_board *b, const ar_variant *v, const tron_pos *p);
void ar_tron_work_init(tron_work *w, int n);
void ar_tron_work_free(tron_work *w);

/* Cells reachable from player p's head (excluded) through free cells, by
 * colour: counts[c] cells of colour c. Returns the total. */
int ar_tron_reach(const tron_board *b, tron_work *w, int p, int counts[2]);
/* Whether no free cell is reachable by both heads. */
int ar_tron_board_separated(const tron_board *b, tron_work *w);
/* The checkerboard bound on the moves a player can make in a region whose
 * cells of the entry colour (the colour of the first cell stepped on) number
 * a and of the other colour b: a path alternates colours. */
static inline int tron_parity_fill(int a, int b) { return a > b ? 2 * b + 1 : 2 * a; }
/* The parity bound of player p's whole reachable region. */
int ar_tron_fill_bound(const tron_board *b, tron_work *w, int p);

/* Voronoi split: w->owner[c] = 1 (player 0 strictly closer), 2 (player 1),
 * 3 (equally close), 0 (unreachable). counts[p] = cells of player p.
 * Returns 1 when some cell is reachable by both (not separated). */
int ar_tron_voronoi(const tron_board *b, tron_work *w, int counts[2]);
/* The tree of chambers of player p over the cells with w->owner == mark
 * (after ar_tron_voronoi; mark 1 + p for the territory): the region is cut at
 * articulation points into chambers; a path can fill one chamber (up to its
 * parity bound from where it enters) and go on into one child, so the
 * estimate is the best root-to-leaf sum. Uses dist1/disc/low/... as scratch
 * (w->owner is kept). */
int ar_tron_chambers(const tron_board *b, tron_work *w, int p, uint8_t mark);
/* Estimated moves left for player p alone in its reachable region: the
 * chamber tree over the region, capped by the parity bound. */
int ar_tron_fill_estimate(const tron_board *b, tron_work *w, int p);

/* Evaluations for player p, in tenths of a cell (separated positions are
 * scored by fill estimates, with a bonus for the side that fills longer). */
int ar_tron_eval_voronoi(const tron_board *b, tron_work *w, int p);
int ar_tron_eval_chambers(const tron_board *b, tron_work *w, int p);
/* chamber-ab's: the same, once separated with each fill estimate capped by
 * the proven bound ar_tron_fill_upper (tron_filler.c). */
int ar_tron_eval_chambers_tight(const tron_board *b, tron_work *w, int p);
/* Its separated case: the difference of the fill estimates, each capped by
 * ar_tron_fill_upper, with the bonus of a separated lead. */
int ar_tron_separated_score_tight(const tron_board *b, tron_work *w, int p);
/* (tron_fasteval.c) ar_tron_eval_chambers_tight's values, computed with one
 * joint flood fill and no per-call clearing (chamber-ab's evaluation). */
int ar_tron_eval_chambers_fast(const tron_board *b, tron_work *w, int p);
void ar_tron_fast_init(tron_fast *f, int n);
void ar_tron_fast_free(tron_fast *f);
/* (tron_biteval.c) The same values on bitboards (b->bits; on grids without
 * them, ar_tron_eval_chambers_fast): chamber-ab's evaluation. */
int ar_tron_eval_chambers_bits(const tron_board *b, tron_work *w, int p);
/* The same for a search with the window (lo, hi): the value when it lies
 * inside; else possibly only a bound on the far side of the window (at
 * most lo, or at least hi), found with one chamber tree instead of two. */
int ar_tron_eval_chambers_window(const tron_board *b, tron_work *w, int p, int lo, int hi);
void ar_tron_bits_init(tron_bits *t, int h);
void ar_tron_bits_free(tron_bits *t);

/* (tron_bench.c) Plays `games` random games on v from its start (seeded:
 * the same seed gives the same positions) and calls visit on every position
 * in which both players can still move. Each player keeps its direction
 * with probability 3/4 when that is safe, else takes a random safe move, so
 * the trails are long walls and corridors as in real games. */
typedef void (*tron_visit)(const tron_board *b, void *ctx);
void ar_tron_random_positions(const ar_variant *v, uint64_t seed, int games, tron_visit visit, void *ctx);

/* (tron_filler.c) A proven upper bound on the moves player p can make
 * alone: the tree of the region's components hanging off articulation
 * points, each bounded by parity from its entry colour. Never below the
 * true longest path. Uses dist0/dist1/queue/disc/low/parent/stack. */
int ar_tron_fill_upper(const tron_board *b, tron_work *w, int p);

/* The exact filler: branch and bound for the longest path of `player`
 * (separated positions; the other player is ignored). Set the inputs, call
 * ar_tron_fill_search; b is restored on return. */
typedef struct tron_fill {
    /* inputs */
    tron_board *b;
    tron_work *w;
    int player;
    double deadline;   /* clock() time to stop (0: none) */
    double (*clock)(void); /* ar_now (wall clock) or ar_thread_cpu_time; NULL: ar_now */
    unsigned clock_mask;   /* read the clock when nodes & clock_mask is 0 */
    const volatile sig_atomic_t *interrupt;
    uint64_t node_limit; /* 0: none */
    int exact_only;      /* one complete branch and bound, no horizon */
    /* results */
    int best;      /* moves of the best path found */
    int best_move; /* its first move (a safe move when there is one) */
    int bound;     /* the proven upper bound at the root */
    int proven;    /* best is the true maximum (else a horizon value) */
    uint64_t nodes;
    int stopped, first, prefer;
    uint64_t horizon_hits;
} tron_fill;
void ar_tron_fill_search(tron_fill *f);

/* (tron_plan.c) The planned path of a large separated region: built from
 * the head along the proven bound, lengthened by square detours, hole moves
 * and Posa rotations while the limits allow, kept between moves (the next
 * call goes on from it when we followed its first step). b is restored on
 * return. */
typedef struct tron_plan_limits {
    double deadline;    /* clock() time to stop (0: none) */
    double (*clock)(void); /* ar_now or ar_thread_cpu_time; NULL: ar_now */
    uint64_t work;      /* path cells touched for a new plan (0: none): reproducible without a clock */
    uint64_t work_kept; /* the same for going on from a kept plan */
    const volatile sig_atomic_t *interrupt;
} tron_plan_limits;
typedef struct tron_plan {
    int *cell, len;      /* the working path; cell[0] is the head */
    int *best, best_len; /* the longest path found (kept between moves) */
    int *index;          /* where a cell is on the working path */
    int *region, regions; /* the cells of the region (the head's reach) */
    int *holes;           /* scratch: the region's cells off the path */
    int proven;          /* best meets the proven bound: a longest path */
    uint64_t work;
    ar_rng rng;
} tron_plan;
void ar_tron_plan_init(tron_plan *pl, int n, uint64_t seed);
void ar_tron_plan_free(tron_plan *pl);
/* Plans player p's path; returns its moves. */
int ar_tron_plan_fill(tron_plan *pl, tron_board *b, tron_work *w, int p, const tron_plan_limits *lim);
/* The plan's first step (a direction), 0 when it has none. */
int ar_tron_plan_move(const tron_plan *pl, const tron_board *b);

/* (tron_bots.c) Sets the thinking time of a searching bot (alphabeta,
 * chamber-ab) for its next moves: tron-bot keeps its bot between turns. */
void ar_tron_bot_set_time(ar_bot *bot, double seconds);

/* External programs speaking the contest protocol (tron_extern.c). */
ar_status ar_tron_extern_create(ar_bot *bot, const char *options, ar_error *err);
ar_status ar_tron_extern_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                                ar_error *err);
void ar_tron_extern_new_game(ar_bot *bot);
void ar_tron_extern_destroy(ar_bot *bot);

#endif
