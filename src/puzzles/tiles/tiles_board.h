/* tiles_board.h — the search board of the sliding-tile engine (private to
 * the engine's files): one board changed in place, with every lower bound kept
 * up to date move by move, and the small functions the bounds are made of.
 *
 * A move changes one tile, so Manhattan distance changes by one table
 * difference, linear conflicts are recomputed for the two lines the tile leaves
 * and enters, and only the pattern database holding that tile is looked up
 * again (its rank recomputed from the pattern's positions with a popcount per
 * tile). With reflection the same databases are looked up on the board
 * mirrored about the main diagonal, kept alongside, and the larger sum is used
 * (both are admissible).
 *
 * Everything the IDA* inner loop calls is static inline here, so that it is
 * compiled into the loop's own file (tiles_ida.c) as it would be in one file:
 * a call into another object costs the hot loop measurably. */
#ifndef ARIADNE_TILES_BOARD_H
#define ARIADNE_TILES_BOARD_H

#include "tiles_engine.h"

/* Population count. Without -mpopcnt the compiler's builtin is a library
 * call (13% of a pattern-database build in a profile); this inline version
 * is a dozen instructions. */
static inline unsigned ar_tiles_popcount64(uint64_t x)
{
#if defined(__POPCNT__)
    return (unsigned)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* The cells of `free` reachable from `seed` by steps between neighbours (a
 * bit-parallel flood fill: the blank's region in the pattern databases). */
static inline uint64_t ar_tiles_flood(const ar_tiles_model *m, uint64_t seed, uint64_t free)
{
    uint64_t r = seed & free, prev = 0, notfirst = ~m->first_col, notlast = ~m->last_col;
    unsigned cols = m->cols;
    while (r != prev) {
        prev = r;
        r |= ((r << 1) & notfirst) | ((r >> 1) & notlast) | (r << cols) | (r >> cols);
        r &= free;
    }
    return r;
}

/* The rank of a placement of a pattern's tiles, label i on cell where[i]:
 * mixed radix, each digit the cell counted among the cells the earlier tiles
 * leave free. The count of earlier tiles on smaller cells is taken by
 * comparisons, which for the 5 to 8 tiles of the preset patterns is fewer
 * instructions than a population count of a mask per tile (the generic
 * x86-64 build has no popcount instruction); with k a constant both loops
 * unroll (30% of the instructions of a 24-puzzle search). */
static inline uint64_t ar_tiles_rank_k(const uint64_t *weight, const uint8_t *where, const unsigned k)
{
    uint64_t r = 0;
    unsigned i, j;
#pragma GCC unroll 10
    for (i = 0; i < k; i++) {
        unsigned q = where[i], below = 0;
#pragma GCC unroll 10
        for (j = 0; j < i; j++)
            below += where[j] < q;
        r += (uint64_t)(q - below) * weight[i];
    }
    return r;
}

/* The same for any number of tiles, in loops the compiler keeps. */
static inline uint64_t ar_tiles_rank_any(const uint64_t *weight, const uint8_t *where, unsigned k)
{
    uint64_t r = 0;
    unsigned i, j;
    for (i = 0; i < k; i++) {
        unsigned q = where[i], below = 0;
        for (j = 0; j < i; j++)
            below += where[j] < q;
        r += (uint64_t)(q - below) * weight[i];
    }
    return r;
}

static inline uint64_t ar_tiles_rank_of(const ar_tiles_pattern *pt, const uint8_t *where)
{
    switch (pt->k) { /* the sizes of the preset partitions */
    case 5:
        return ar_tiles_rank_k(pt->weight, where, 5);
    case 6:
        return ar_tiles_rank_k(pt->weight, where, 6);
    case 7:
        return ar_tiles_rank_k(pt->weight, where, 7);
    case 8:
        return ar_tiles_rank_k(pt->weight, where, 8);
    default:
        return ar_tiles_rank_any(pt->weight, where, pt->k);
    }
}

static inline uint64_t ar_tiles_rank_moved_k(const ar_tiles_pattern *pt, const uint8_t *pos, unsigned l,
                                             unsigned to, const unsigned k)
{
    uint8_t where[AR_TILES_MAX_PATTERN_TILES];
    unsigned i;
#pragma GCC unroll 10
    for (i = 0; i < k; i++)
        where[i] = pt->labels[i] == l ? (uint8_t)to : pos[pt->labels[i]];
    return ar_tiles_rank_k(pt->weight, where, k);
}

/* The rank of the pattern's placement with every label at pos[label],
 * except label l on cell `to` (l = AR_TILES_MAX: none moved). */
static inline uint64_t ar_tiles_rank_moved(const ar_tiles_pattern *pt, const uint8_t *pos, unsigned l,
                                           unsigned to)
{
    switch (pt->k) {
    case 5:
        return ar_tiles_rank_moved_k(pt, pos, l, to, 5);
    case 6:
        return ar_tiles_rank_moved_k(pt, pos, l, to, 6);
    case 7:
        return ar_tiles_rank_moved_k(pt, pos, l, to, 7);
    case 8:
        return ar_tiles_rank_moved_k(pt, pos, l, to, 8);
    default: {
        uint8_t where[AR_TILES_MAX_PATTERN_TILES];
        unsigned i;
        for (i = 0; i < pt->k; i++)
            where[i] = pt->labels[i] == l ? (uint8_t)to : pos[pt->labels[i]];
        return ar_tiles_rank_any(pt->weight, where, pt->k);
    }
    }
}

/* What a pattern's database adds to its tiles' own moves, at rank r. */
static inline unsigned ar_tiles_pattern_extra(const ar_tiles_pattern *pt, uint64_t r)
{
    return pt->abs.step * ar_pdb_entry(&pt->pdb, r);
}

/* The moves of a pattern's tiles to their goal cells, each alone. */
static inline unsigned ar_tiles_pattern_base(const ar_tiles_pattern *pt, const uint8_t *pos)
{
    unsigned i, base = 0;
    for (i = 0; i < pt->k; i++)
        base += pt->model->dist[pt->labels[i]][pos[pt->labels[i]]];
    return base;
}

/* A pattern's lower bound with every label at pos[label]: its tiles' moves
 * (the base) plus what the database adds to them. */
static inline unsigned ar_tiles_pattern_value(const ar_tiles_pattern *pt, const uint8_t *pos)
{
    return ar_tiles_pattern_base(pt, pos) + ar_tiles_pattern_extra(pt, ar_tiles_rank_moved(pt, pos, AR_TILES_MAX, 0));
}

/* Linear conflicts of one line (rows 0..R-1, then columns): of the tiles in
 * the line that belong to it, all but a longest increasing run (by goal
 * position) must leave the line and come back, two extra moves each
 * (Hansson, Mayer & Yung). */
static inline unsigned ar_tiles_line_conflicts(const ar_tiles_model *m, const uint8_t *cells,
                                               unsigned line)
{
    unsigned seq[AR_TILES_MAX], lis[AR_TILES_MAX], k = 0, i, j, best = 0;
    if (line < m->rows) {
        for (i = 0; i < m->cols; i++) {
            unsigned l = cells[line * m->cols + i];
            if (l != m->blank && m->row_of[l] == line)
                seq[k++] = m->col_of[l];
        }
    } else {
        unsigned c = line - m->rows;
        for (i = 0; i < m->rows; i++) {
            unsigned l = cells[i * m->cols + c];
            if (l != m->blank && m->col_of[l] == c)
                seq[k++] = m->row_of[l];
        }
    }
    if (k < 2)
        return 0;
    for (i = 0; i < k; i++) {
        lis[i] = 1;
        for (j = 0; j < i; j++)
            if (seq[j] < seq[i] && lis[j] + 1 > lis[i])
                lis[i] = lis[j] + 1;
        if (lis[i] > best)
            best = lis[i];
    }
    return 2 * (k - best);
}

/* A board under search with the terms of its lower bound of kind AR_TH_*. */
typedef struct ar_tiles_board {
    const ar_tiles_model *m;
    int kind;
    uint8_t cell[AR_TILES_MAX], pos[AR_TILES_MAX], rpos[AR_TILES_MAX]; /* rpos: reflected */
    unsigned blank;                /* the blank's cell */
    unsigned md;                   /* sum of dist */
    unsigned lc[2 * 8], lcsum;     /* linear conflicts per line */
    unsigned pv[AR_TILES_MAX_PATTERNS], rv[AR_TILES_MAX_PATTERNS]; /* pattern values, reflected */
    unsigned pbase[AR_TILES_MAX_PATTERNS], rbase[AR_TILES_MAX_PATTERNS]; /* their bases, kept by moves */
    unsigned psum, rsum, rest, rrest; /* their sums; dist of tiles in no pattern */
} ar_tiles_board;

/* What a move changed, for undoing it. */
typedef struct ar_tiles_undo {
    unsigned md, lcsum, psum, rsum, rest, rrest;
    unsigned line[2], lcv[2];
    int pa, pb;                    /* patterns whose values changed (-1: none) */
    unsigned pva, rvb, pbase, rbase;
    uint8_t rl, rf, rt;            /* the move, reflected: label, from, to */
} ar_tiles_undo;

/* Sets up b on cells (labels by cell) with every term of heuristic kind. */
void ar_tiles_board_init(ar_tiles_board *b, const ar_tiles_model *m, const uint8_t *cells, int kind);

/* The lower bound of the board. */
static inline unsigned ar_tiles_board_h(const ar_tiles_board *s)
{
    switch (s->kind) {
    case AR_TH_LINEAR:
        return s->md + s->lcsum;
    case AR_TH_PDB: {
        unsigned a = s->psum + s->rest, b = s->m->reflect ? s->rsum + s->rrest : 0;
        return a > b ? a : b;
    }
    default:
        return s->md;
    }
}

/* A pattern's reflected term not looked up yet (ar_tiles_undo.pb). */
#define AR_TILES_REFLECT_PENDING (-2)

/* Moves tile l from cell `from` into the blank on `to`; keeps every
 * heuristic term current except, with reflection, the reflected pattern's
 * lookup, which it leaves pending (u->pb == AR_TILES_REFLECT_PENDING) for
 * ar_tiles_board_reflect: IDA* prunes most children on the direct lookup
 * alone and never needs the second. Records what undo needs. */
static inline void ar_tiles_board_move_lazy(ar_tiles_board *s, unsigned l, unsigned from, unsigned to,
                                            ar_tiles_undo *u, const uint64_t *rank)
{
    const ar_tiles_model *m = s->m;
    u->md = s->md;
    s->cell[to] = (uint8_t)l;
    s->pos[l] = (uint8_t)to;
    s->cell[from] = (uint8_t)m->blank;
    s->pos[m->blank] = (uint8_t)from;
    s->blank = from;
    s->md = s->md - m->dist[l][from] + m->dist[l][to];
    if (s->kind == AR_TH_LINEAR) {
        unsigned a, b, i;
        u->lcsum = s->lcsum;
        if (m->row_of[from] == m->row_of[to]) { /* horizontal: two columns change */
            a = m->rows + m->col_of[from];
            b = m->rows + m->col_of[to];
        } else {
            a = m->row_of[from];
            b = m->row_of[to];
        }
        u->line[0] = a;
        u->line[1] = b;
        u->lcv[0] = s->lc[a];
        u->lcv[1] = s->lc[b];
        for (i = 0; i < 2; i++) {
            unsigned line = u->line[i], v = ar_tiles_line_conflicts(m, s->cell, line);
            s->lcsum = s->lcsum - s->lc[line] + v;
            s->lc[line] = v;
        }
    } else if (s->kind == AR_TH_PDB) {
        int a = m->pat_of[l];
        u->psum = s->psum;
        u->rest = s->rest;
        u->pa = a;
        if (a >= 0) {
            unsigned v;
            u->pbase = s->pbase[a];
            s->pbase[a] = s->pbase[a] - m->dist[l][from] + m->dist[l][to];
            v = s->pbase[a] + ar_tiles_pattern_extra(&m->pat[a], rank ? *rank : ar_tiles_rank_moved(&m->pat[a], s->pos, AR_TILES_MAX, 0));
            u->pva = s->pv[a];
            s->psum = s->psum - s->pv[a] + v;
            s->pv[a] = v;
        } else {
            s->rest = s->rest - m->dist[l][from] + m->dist[l][to];
        }
        if (m->reflect) {
            u->rsum = s->rsum;
            u->rrest = s->rrest;
            u->pb = AR_TILES_REFLECT_PENDING;
            u->rl = (uint8_t)m->refl[l];
            u->rf = (uint8_t)m->refl[from];
            u->rt = (uint8_t)m->refl[to];
            s->rpos[u->rl] = u->rt;
            s->rpos[m->refl[m->blank]] = u->rf;
        }
    }
}

/* Looks up the reflected term a lazy move left pending. */
static inline void ar_tiles_board_reflect(ar_tiles_board *s, ar_tiles_undo *u)
{
    const ar_tiles_model *m = s->m;
    int b = m->pat_of[u->rl];
    u->pb = b;
    if (b >= 0) {
        unsigned v;
        u->rbase = s->rbase[b];
        s->rbase[b] = s->rbase[b] - m->dist[u->rl][u->rf] + m->dist[u->rl][u->rt];
        v = s->rbase[b] + ar_tiles_pattern_extra(&m->pat[b], ar_tiles_rank_moved(&m->pat[b], s->rpos, AR_TILES_MAX, 0));
        u->rvb = s->rv[b];
        s->rsum = s->rsum - s->rv[b] + v;
        s->rv[b] = v;
    } else {
        s->rrest = s->rrest - m->dist[u->rl][u->rf] + m->dist[u->rl][u->rt];
    }
}

/* ar_tiles_board_move_lazy with every term looked up. */
static inline void ar_tiles_board_move(ar_tiles_board *s, unsigned l, unsigned from, unsigned to,
                                       ar_tiles_undo *u)
{
    ar_tiles_board_move_lazy(s, l, from, to, u, NULL);
    if (s->kind == AR_TH_PDB && s->m->reflect)
        ar_tiles_board_reflect(s, u);
}

/* The rank that moving tile l to cell `to` will look up in its pattern's
 * database, whose entry it fetches into the cache ahead of the move: the
 * lookups of a node's children then overlap instead of waiting for memory
 * one after the other. The move is then given the rank (move_lazy). */
static inline uint64_t ar_tiles_board_prefetch(const ar_tiles_board *s, unsigned l, unsigned to)
{
    const ar_tiles_model *m = s->m;
    const ar_tiles_pattern *pt;
    uint64_t rank;
    if (m->pat_of[l] < 0)
        return 0;
    pt = &m->pat[m->pat_of[l]];
    rank = ar_tiles_rank_moved(pt, s->pos, l, to);
    __builtin_prefetch(&pt->pdb.table.data[rank >> pt->pdb.table.shift]);
    return rank;
}

/* Takes back ar_tiles_board_move(s, l, from, to, u). */
static inline void ar_tiles_board_unmove(ar_tiles_board *s, unsigned l, unsigned from, unsigned to,
                                         const ar_tiles_undo *u)
{
    const ar_tiles_model *m = s->m;
    s->cell[from] = (uint8_t)l;
    s->pos[l] = (uint8_t)from;
    s->cell[to] = (uint8_t)m->blank;
    s->pos[m->blank] = (uint8_t)to;
    s->blank = to;
    s->md = u->md;
    if (s->kind == AR_TH_LINEAR) {
        s->lcsum = u->lcsum;
        s->lc[u->line[1]] = u->lcv[1];
        s->lc[u->line[0]] = u->lcv[0];
    } else if (s->kind == AR_TH_PDB) {
        s->psum = u->psum;
        s->rest = u->rest;
        if (u->pa >= 0) {
            s->pv[u->pa] = u->pva;
            s->pbase[u->pa] = u->pbase;
        }
        if (m->reflect) {
            s->rsum = u->rsum;
            s->rrest = u->rrest;
            s->rpos[u->rl] = u->rf;
            s->rpos[m->refl[m->blank]] = m->refl[to];
            if (u->pb >= 0) {
                s->rv[u->pb] = u->rvb;
                s->rbase[u->pb] = u->rbase;
            }
        }
    }
}

#endif
