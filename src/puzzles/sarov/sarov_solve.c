/* sarov_solve.c — "sarov-astar", the domain's optimal solver: A* over states
 * in a column-order-free encoding, with a canonical transposition table, the
 * bound of sarov_bound.c (lazily evaluated, raised by pathmax), and only the
 * pruning rules proven safe in sv_gen below and in docs/puzzles/sarov.md. A
 * weighted first pass finds a solution to hold, so a limit still leaves one;
 * the limits, counters, progress line and labelled stopped result are the
 * public run context's (ariadne/run.h). The generator asks the same weighted
 * pass whether a shuffle is solvable (ar_sarov_solvable). */
#include "sarov_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"
#include "ariadne/run.h"

/*
 * Key of a state: for every brick, the brick it stands on (or SV_FLOOR). This
 * says everything about a position except which column is which, so states
 * that differ only by the order of their columns share one key, and the key is
 * updated in O(1) by a move (only the run's bottom brick changes its support).
 * A Zobrist hash over (brick, support) pairs follows the key incrementally.
 *
 * Step 1. Successors are pruned by rules that keep at least one optimal
 *         solution from every state (proofs at each rule in sv_gen).
 * Step 2. Nodes are expanded in order of f = g + h, deepest first among equal
 *         f; h is ar_sarov_bound, raised by pathmax (h(child) >= h(parent)-1)
 *         since the cycle part is not consistent; a closed node reached again
 *         by a shorter path is reopened, so the result is optimal.
 * Step 3. The first goal taken from the open list is optimal; its moves are
 *         recovered by replaying from the labelled start, matching keys. */

enum { SV_CLOSED = 1, SV_FULL = 2 }; /* node flags */

typedef struct sv_bucket {
    uint32_t *v;
    size_t n, cap;
} sv_bucket;

typedef struct sv_search {
    const ar_instance *in;
    int ncols, nb;
    ar_run *run; /* limits, counters (run->res) and the accounted memory (run->mem) */
    ar_error *err;
    /* node store (structure of arrays) */
    unsigned char *keys; /* nb bytes per node */
    uint64_t *hash;
    uint32_t *parent;
    uint16_t *g;
    uint16_t *hv;
    unsigned char *closed;
    size_t count, cap;
    /* hash table of node index + 1 */
    uint32_t *table;
    size_t tcap;
    /* open list: buckets[f][g] (lazily sized) */
    sv_bucket **open;
    size_t *open_gcap;
    size_t fcap;
    size_t fmin;
    unsigned weight; /* f = g + weight * h */
    uint64_t zob[SV_MAX_BRICKS][SV_MAX_BRICKS + 1];
} sv_search;

static void *sv_grow(sv_search *S, void *ptr, size_t old_bytes, size_t new_bytes, const char *what)
{
    if (!ptr)
        return ar_mem_alloc(&S->run->mem, new_bytes, 1, what, S->err);
    ptr = ar_mem_realloc(&S->run->mem, ptr, old_bytes, new_bytes, what, S->err);
    if (ptr && new_bytes > old_bytes)
        memset((char *)ptr + old_bytes, 0, new_bytes - old_bytes);
    return ptr;
}

static int sv_reserve_nodes(sv_search *S)
{
    size_t nc, nb = (size_t)S->nb;
    void *p;
    if (S->count < S->cap)
        return 1;
    nc = S->cap ? S->cap * 2 : 1u << 14;
    if (nc > 0xFFFFFFF0u)
        return 0;
#define SV_GROW(field, width, what)                                                     \
    p = sv_grow(S, S->field, S->cap * (width), nc * (width), what);                     \
    if (!p)                                                                             \
        return 0;                                                                       \
    S->field = p;
    SV_GROW(keys, nb, "sarov node keys")
    SV_GROW(hash, sizeof(uint64_t), "sarov node hashes")
    SV_GROW(parent, sizeof(uint32_t), "sarov node parents")
    SV_GROW(g, sizeof(uint16_t), "sarov node costs")
    SV_GROW(hv, sizeof(uint16_t), "sarov node bounds")
    SV_GROW(closed, 1, "sarov node flags")
#undef SV_GROW
    S->cap = nc;
    return 1;
}

static int sv_table_grow(sv_search *S)
{
    size_t nc = S->tcap ? S->tcap * 2 : 1u << 15, i;
    uint32_t *t = ar_mem_alloc(&S->run->mem, nc * sizeof *t, 1, "sarov hash table", S->err);
    if (!t)
        return 0;
    for (i = 0; i < S->count; i++) {
        size_t j = (size_t)S->hash[i] & (nc - 1);
        while (t[j])
            j = (j + 1) & (nc - 1);
        t[j] = (uint32_t)(i + 1);
    }
    if (S->table)
        ar_mem_free(&S->run->mem, S->table, S->tcap * sizeof *S->table);
    S->table = t;
    S->tcap = nc;
    return 1;
}

/* Index of the node with this key, or -1; *slot receives where to insert. */
static long sv_lookup(const sv_search *S, const unsigned char *key, uint64_t h, size_t *slot)
{
    size_t j = (size_t)h & (S->tcap - 1);
    while (S->table[j]) {
        size_t n = S->table[j] - 1;
        if (S->hash[n] == h && memcmp(S->keys + n * (size_t)S->nb, key, (size_t)S->nb) == 0)
            return (long)n;
        j = (j + 1) & (S->tcap - 1);
    }
    *slot = j;
    return -1;
}

static int sv_push(sv_search *S, uint32_t node)
{
    size_t f = (size_t)S->g[node] + (size_t)S->weight * S->hv[node], g = S->g[node];
    sv_bucket *b;
    if (f >= S->fcap) {
        size_t nf = f + 64, i;
        void *p1 = sv_grow(S, S->open, S->fcap * sizeof *S->open, nf * sizeof *S->open,
                           "sarov open list");
        if (!p1)
            return 0;
        S->open = p1;
        p1 = sv_grow(S, S->open_gcap, S->fcap * sizeof *S->open_gcap, nf * sizeof *S->open_gcap,
                     "sarov open list");
        if (!p1)
            return 0;
        S->open_gcap = p1;
        for (i = S->fcap; i < nf; i++) {
            S->open[i] = NULL;
            S->open_gcap[i] = 0;
        }
        S->fcap = nf;
    }
    if (g >= S->open_gcap[f]) {
        size_t ng = g + 32;
        void *p1 = sv_grow(S, S->open[f], S->open_gcap[f] * sizeof(sv_bucket),
                           ng * sizeof(sv_bucket), "sarov open list");
        if (!p1)
            return 0;
        S->open[f] = p1;
        S->open_gcap[f] = ng;
    }
    b = &S->open[f][g];
    if (b->n == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 64;
        void *p1 = sv_grow(S, b->v, b->cap * sizeof *b->v, nc * sizeof *b->v, "sarov open list");
        if (!p1)
            return 0;
        b->v = p1;
        b->cap = nc;
    }
    b->v[b->n++] = node;
    if (f < S->fmin)
        S->fmin = f;
    return 1;
}

/* Pops a live node with the least f, deepest first; -1 when empty. */
static long sv_pop(sv_search *S)
{
    for (; S->fmin < S->fcap; S->fmin++) {
        size_t f = S->fmin, g;
        for (g = S->open_gcap[f]; g-- > 0;) {
            sv_bucket *b = &S->open[f][g];
            while (b->n) {
                uint32_t node = b->v[--b->n];
                if (!(S->closed[node] & SV_CLOSED) && S->g[node] == g)
                    return (long)node;
            }
        }
    }
    return -1;
}

static void sv_search_free(sv_search *S)
{
    size_t f, g, nb = (size_t)S->nb;
    if (S->open) {
        for (f = 0; f < S->fcap; f++) {
            for (g = 0; g < S->open_gcap[f]; g++)
                if (S->open[f][g].v)
                    ar_mem_free(&S->run->mem, S->open[f][g].v,
                                S->open[f][g].cap * sizeof(uint32_t));
            if (S->open[f])
                ar_mem_free(&S->run->mem, S->open[f], S->open_gcap[f] * sizeof(sv_bucket));
        }
        ar_mem_free(&S->run->mem, S->open, S->fcap * sizeof *S->open);
        ar_mem_free(&S->run->mem, S->open_gcap, S->fcap * sizeof *S->open_gcap);
    }
    if (S->keys) {
        ar_mem_free(&S->run->mem, S->keys, S->cap * nb);
        ar_mem_free(&S->run->mem, S->hash, S->cap * sizeof(uint64_t));
        ar_mem_free(&S->run->mem, S->parent, S->cap * sizeof(uint32_t));
        ar_mem_free(&S->run->mem, S->g, S->cap * sizeof(uint16_t));
        ar_mem_free(&S->run->mem, S->hv, S->cap * sizeof(uint16_t));
        ar_mem_free(&S->run->mem, S->closed, S->cap);
    }
    if (S->table)
        ar_mem_free(&S->run->mem, S->table, S->tcap * sizeof(uint32_t));
}

/* Key of a position: support of each brick. */
static void sv_key(const sv_pos *p, unsigned char *key)
{
    int i, k;
    for (i = 0; i < p->ncols; i++)
        for (k = 0; k < p->h[i]; k++)
            key[p->c[i][k]] = (unsigned char)(k ? p->c[i][k - 1] : SV_FLOOR);
}

static uint64_t sv_key_hash(const sv_search *S, const unsigned char *key)
{
    uint64_t h = 0;
    int b;
    for (b = 0; b < S->nb; b++)
        h ^= S->zob[b][key[b]];
    return h;
}

/* Rebuilds columns from a key; columns come in order of their bottom brick,
 * then the empty ones. */
static void sv_from_key(const sv_search *S, const unsigned char *key, sv_pos *p)
{
    unsigned char above[SV_MAX_BRICKS];
    int b, n = 0;
    memset(above, SV_NONE, sizeof above);
    for (b = 0; b < S->nb; b++)
        if (key[b] != SV_FLOOR)
            above[key[b]] = (unsigned char)b;
    p->ncols = S->ncols;
    for (b = 0; b < S->nb; b++)
        if (key[b] == SV_FLOOR) {
            int x = b, h = 0;
            while (x != SV_NONE) {
                p->c[n][h++] = (unsigned char)x;
                x = above[x];
            }
            p->h[n++] = (unsigned char)h;
        }
    for (; n < S->ncols; n++)
        p->h[n] = 0;
}

/* Successor moves of a solver position after pruning; returns the count.
 * Moves are (from, to, len) packed by sv_move_code. */
static int sv_gen(const sv_pos *p, ar_move *moves)
{
    unsigned char locc[SV_MAX_BRICKS], loci[SV_MAX_BRICKS];
    int runlen[SV_MAX_COLS];
    int i, k, t, n = 0, empty = -1;
    for (i = 0; i < p->ncols; i++) {
        for (k = 0; k < p->h[i]; k++) {
            locc[p->c[i][k]] = (unsigned char)i;
            loci[p->c[i][k]] = (unsigned char)k;
        }
        runlen[i] = sv_run_len(p, i);
        if (!p->h[i] && empty < 0)
            empty = i;
    }
    /* Rule F (forced merge). Let X be the run on top of column i, its top brick
     * number lo and bottom brick k<6, and let Y, the block topped by k+1, be on
     * top of another column. If lo == 0, or the bricks 0..lo-1 of X's colour
     * already form one block Q, then putting X on Y now is as good as anything:
     * take an optimal solution P; every brick that could ever land on Y or on
     * X is of X's colour and below lo, i.e. Q (or nothing); so playing X->Y
     * first and then P with X's own moves deleted, and Q's first landing on X
     * or Y redirected onto X+Y and its later moves deleted, is legal (every
     * column top is the same as in P or holds strictly fewer bricks, and no
     * column empty in P is occupied) and no longer than P. So one successor
     * suffices. (The story's "glue neighbours always" shortcut is unsafe in
     * general because two pieces may compete for the two seats X and Y offer;
     * here there is at most one piece.) */
    for (i = 0; i < p->ncols; i++) {
        int len = runlen[i], top, bottom, s;
        if (!len)
            continue;
        top = p->c[i][p->h[i] - 1];
        bottom = p->c[i][p->h[i] - len];
        if (sv_num(bottom) == 6)
            continue;
        s = bottom + 1;
        if (locc[s] == i || loci[s] != p->h[locc[s]] - 1)
            continue;
        if (sv_num(top) != 0) {
            int q = top - 1, qc = locc[q], qi = loci[q];
            while (qi + 1 < p->h[qc] && sv_linked(p->c[qc][qi], p->c[qc][qi + 1]))
                qi++;
            if (sv_num(p->c[qc][qi]) != 0)
                continue;
        }
        moves[0] = sv_move_code(i, locc[s], len, 1);
        return 1;
    }
    for (i = 0; i < p->ncols; i++) {
        int len = runlen[i];
        if (!len)
            continue;
        for (t = 0; t < p->ncols; t++) {
            int merged;
            if (p->h[t] == 0) {
                /* Rule E1: empty columns are interchangeable (the key ignores
                 * column order), so only the first one is tried. Rule E2: a
                 * whole column moved onto an empty one only renames columns,
                 * and deleting such a move from any solution leaves a shorter
                 * one (with columns renamed), so it is never tried. This also
                 * covers moving a finished tower. */
                if (t != empty || len == p->h[i])
                    continue;
            }
            if (sv_can_move(p, i, t, len, &merged))
                moves[n++] = sv_move_code(i, t, len, merged);
        }
    }
    return n;
}

/* Records the path ending at `goal` as the run's solution, in the labelled
 * columns of the instance: the path is replayed from the start, taking at
 * each step the first legal move whose position has the next node's key. */
static ar_status sv_extract(sv_search *S, uint32_t goal)
{
    const ar_instance *in = S->in;
    size_t len = S->g[goal], i, nb = (size_t)S->nb;
    uint32_t *path = malloc((len + 1) * sizeof *path);
    ar_move *moves = malloc((len ? len : 1) * sizeof *moves);
    unsigned char key[SV_MAX_BRICKS];
    ar_move legal[SV_MAX_COLS * SV_MAX_COLS];
    uint32_t n = goal;
    sv_pos pos;
    ar_status st;
    if (!path || !moves) {
        free(path);
        free(moves);
        return ar_error_set(S->err, AR_ERR_MEMORY, "out of memory writing the solution");
    }
    for (i = len + 1; i-- > 0;) {
        path[i] = n;
        n = S->parent[n];
    }
    sv_unpack(in, in->start, &pos);
    for (i = 0; i < len; i++) {
        unsigned cnt = sv_pos_legal_moves(&pos, legal), j;
        int found = 0;
        for (j = 0; j < cnt && !found; j++) {
            int f = sv_move_from(legal[j]), t = sv_move_to(legal[j]);
            int runlen = sv_move_len(legal[j]);
            sv_pos_move(&pos, f, t, runlen);
            sv_key(&pos, key);
            if (memcmp(key, S->keys + (size_t)path[i + 1] * nb, nb) == 0) {
                moves[i] = legal[j];
                found = 1;
            } else {
                sv_pos_move(&pos, t, f, runlen);
            }
        }
        if (!found) {
            free(path);
            free(moves);
            return ar_error_set(S->err, AR_ERR_INTERNAL,
                                "sarov: could not replay step %zu of the solution", i + 1);
        }
    }
    free(path);
    st = ar_run_set_solution(S->run, moves, len, len, S->err);
    free(moves);
    return st;
}

/* What a pass of the search ends with. A stop for a limit, Ctrl-C or memory
 * is SV_STOPPED, with the reason in run->stop. */
enum { SV_FOUND, SV_EXHAUSTED, SV_BUDGET, SV_STOPPED };

/* Refused memory stops the run, like any limit. */
static int sv_out_of_memory(sv_search *S)
{
    ar_run_stop(S->run, AR_STOP_MEMORY);
    return SV_STOPPED;
}

/* Starts a search from the instance's start, inside run (its memory). */
static int sv_search_init(sv_search *S, const ar_instance *in, ar_run *run, ar_error *err)
{
    ar_rng rng;
    sv_pos pos;
    unsigned char key[SV_MAX_BRICKS];
    size_t slot = 0;
    int b, x;
    memset(S, 0, sizeof *S);
    S->in = in;
    S->ncols = in->ncols;
    S->nb = in->nbricks;
    S->run = run;
    S->err = err;
    S->fmin = (size_t)-1;
    ar_rng_seed(&rng, 0x5A40F5EEDull);
    for (b = 0; b < SV_MAX_BRICKS; b++)
        for (x = 0; x <= SV_MAX_BRICKS; x++)
            S->zob[b][x] = ar_rng_next(&rng);
    sv_unpack(in, in->start, &pos);
    sv_key(&pos, key);
    if (!sv_reserve_nodes(S) || !sv_table_grow(S))
        return 0;
    memcpy(S->keys, key, (size_t)S->nb);
    S->hash[0] = sv_key_hash(S, key);
    S->hv[0] = (uint16_t)ar_sarov_bound(&pos, SV_BOUND_FULL);
    S->closed[0] = SV_FULL;
    S->count = 1;
    sv_lookup(S, key, S->hash[0], &slot);
    S->table[slot] = 1;
    return 1;
}

/* Best-first search from the start with f = g + weight*h (weight 1: A*),
 * keeping only nodes with g + h < ub (a solution of length ub is already
 * known; ub 0: none), for at most `budget` expansions (0: no budget). Returns
 * SV_FOUND with *goal set, SV_EXHAUSTED when no node is left (no solution
 * shorter than ub), SV_BUDGET, or SV_STOPPED. Expansions and generations are
 * counted in the run's result, across passes. */
static int sv_search_run(sv_search *S, unsigned weight, unsigned ub, uint64_t budget, long *goal)
{
    ar_run *run = S->run;
    ar_result *res = run->res;
    size_t nb = (size_t)S->nb;
    uint64_t pass_expanded = 0;
    unsigned char key[SV_MAX_BRICKS];
    ar_move moves[SV_MAX_COLS * SV_MAX_COLS];
    sv_pos pos;
    S->weight = weight;
    if (!sv_push(S, 0))
        return sv_out_of_memory(S);
    for (;;) {
        long nl = sv_pop(S);
        uint32_t node;
        int nm, j;
        if (nl < 0)
            return SV_EXHAUSTED;
        node = (uint32_t)nl;
        if (S->hv[node] == 0) {
            *goal = nl;
            return SV_FOUND;
        }
        if (ar_run_should_stop(run))
            return SV_STOPPED;
        if (budget && pass_expanded >= budget)
            return SV_BUDGET;
        sv_from_key(S, S->keys + (size_t)node * nb, &pos);
        if (!(S->closed[node] & SV_FULL)) {
            /* Lazy evaluation: children get the cheap bound when generated
             * (most are never expanded) and the full one when first taken;
             * a node whose f rises goes back to the open list. */
            unsigned hf = ar_sarov_bound(&pos, SV_BOUND_FULL);
            S->closed[node] |= SV_FULL;
            if (hf > S->hv[node]) {
                S->hv[node] = (uint16_t)hf;
                if (ub && S->g[node] + hf >= ub)
                    continue;
                if (!sv_push(S, node))
                    return sv_out_of_memory(S);
                continue;
            }
        }
        S->closed[node] |= SV_CLOSED;
        res->expanded++;
        pass_expanded++;
        nm = sv_gen(&pos, moves);
        for (j = 0; j < nm; j++) {
            int f = sv_move_from(moves[j]), t = sv_move_to(moves[j]), len = sv_move_len(moves[j]);
            int bot = pos.c[f][pos.h[f] - len];
            int sup = pos.h[t] ? pos.c[t][pos.h[t] - 1] : SV_FLOOR;
            uint64_t h;
            uint16_t gc = (uint16_t)(S->g[node] + 1);
            size_t slot = 0;
            long old;
            unsigned hc;
            memcpy(key, S->keys + (size_t)node * nb, nb);
            h = S->hash[node] ^ S->zob[bot][key[bot]] ^ S->zob[bot][sup];
            key[bot] = (unsigned char)sup;
            old = sv_lookup(S, key, h, &slot);
            res->generated++;
            if (old >= 0) {
                if (gc < S->g[old] && (!ub || gc + S->hv[old] < ub)) {
                    S->g[old] = gc;
                    S->parent[old] = node;
                    S->closed[old] &= (unsigned char)~SV_CLOSED;
                    if (!sv_push(S, (uint32_t)old))
                        return sv_out_of_memory(S);
                }
                continue;
            }
            sv_pos_move(&pos, f, t, len);
            hc = ar_sarov_bound(&pos, SV_BOUND_SELF);
            sv_pos_move(&pos, t, f, len);
            if (hc + 1 < S->hv[node])
                hc = S->hv[node] - 1u; /* pathmax */
            if (ub && gc + hc >= ub)
                continue; /* cannot beat the solution in hand */
            if (!sv_reserve_nodes(S))
                return sv_out_of_memory(S);
            if (S->count * 2 >= S->tcap) {
                if (!sv_table_grow(S))
                    return sv_out_of_memory(S);
                sv_lookup(S, key, h, &slot);
            }
            memcpy(S->keys + S->count * nb, key, nb);
            S->hash[S->count] = h;
            S->g[S->count] = gc;
            S->hv[S->count] = (uint16_t)hc;
            S->parent[S->count] = node;
            S->closed[S->count] = 0;
            S->table[slot] = (uint32_t)(S->count + 1);
            if (!sv_push(S, (uint32_t)S->count))
                return sv_out_of_memory(S);
            S->count++;
        }
    }
}

/* Expansions allowed to the first, greedy pass that finds a solution to hold
 * while A* proves or improves it, and to the generator's solvability check. */
#define SV_GREEDY_BUDGET 20000u
#define SV_GREEDY_WEIGHT 3u
#define SV_SOLVABLE_BUDGET 2000000u

/* The domain solver: a weighted pass for an incumbent (so a limit still leaves
 * a solution), then A* restricted to f below the incumbent's length. If A*
 * empties its open list the incumbent is optimal; if it finds a goal, that
 * goal is. Both passes run in one run context: one node count, one clock,
 * one memory account (each pass frees all it took before the next starts). */
static ar_status sv_astar(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                          ar_result *result, ar_error *err)
{
    sv_search *S = malloc(sizeof *S);
    ar_run run;
    char phase[48];
    long goal = -1;
    unsigned lower = 0;
    int rc = SV_STOPPED;
    ar_status st = AR_OK;
    (void)sink; /* solutions are short: always returned in result->moves */
    if (!S)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory starting the sarov solver");
    ar_run_begin(&run, opts, result);

    /* Pass 1: weighted best-first, a bounded number of expansions. */
    run.phase = "first pass (weighted)";
    if (sv_search_init(S, in, &run, err)) {
        rc = sv_search_run(S, SV_GREEDY_WEIGHT, 0, SV_GREEDY_BUDGET, &goal);
        lower = S->hv[0];
    } else {
        ar_run_stop(&run, AR_STOP_MEMORY);
    }
    if (rc == SV_FOUND)
        st = sv_extract(S, (uint32_t)goal);
    sv_search_free(S);
    if (st != AR_OK)
        goto out;
    if (rc == SV_EXHAUSTED) {
        /* The pruning keeps a solution whenever one exists, so an exhausted
         * search (with no upper bound) proves there is none. */
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note,
                 "every reachable position was searched: this layout has no solution");
        goto out;
    }
    if (rc == SV_FOUND || rc == SV_BUDGET) {
        /* Pass 2: A* below the incumbent. */
        unsigned ub = result->moves ? (unsigned)result->length : 0;
        if (ub)
            snprintf(phase, sizeof phase, "A* below %u moves", ub);
        else
            snprintf(phase, sizeof phase, "A*");
        run.phase = phase;
        goal = -1;
        rc = SV_STOPPED;
        if (sv_search_init(S, in, &run, err))
            rc = sv_search_run(S, 1, ub, 0, &goal);
        else
            ar_run_stop(&run, AR_STOP_MEMORY);
        if (rc == SV_FOUND)
            st = sv_extract(S, (uint32_t)goal);
        else if (rc == SV_STOPPED && S->fmin < S->fcap)
            lower = (unsigned)S->fmin; /* the least f on the open list is a proven bound */
        sv_search_free(S);
        if (st != AR_OK)
            goto out;
    }
    if (rc == SV_FOUND || rc == SV_EXHAUSTED) {
        if (result->moves) {
            result->optimal = 1;
            ar_run_lower_bound(&run, result->length);
            snprintf(result->note, sizeof result->note,
                     "optimal: A* with an admissible bound (bad links + ordering cycles) and only "
                     "provably safe pruning");
        } else {
            result->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(result->note, sizeof result->note,
                     "every reachable position was searched: this layout has no solution");
        }
        goto out;
    }
    /* A limit stopped the search: the run labels the result, with the best
     * solution so far and the proven bound. */
    if (run.stop == AR_STOP_MEMORY)
        ar_error_clear(err);
    ar_run_lower_bound(&run, lower);
    if (result->moves)
        snprintf(result->note, sizeof result->note,
                 "stopped: best solution found has %llu moves; every solution needs at least %u",
                 (unsigned long long)result->length, lower);
    else
        snprintf(result->note, sizeof result->note,
                 "stopped before a solution was found; every solution needs at least %u moves",
                 lower);
out:
    result->peak_bytes = run.mem.peak + sizeof *S;
    ar_run_finish(&run);
    free(S);
    return st;
}

const ar_domain_solver ar_sarov_solvers[] = {
    {.name = "sarov-astar",
     .summary = "A* with the ordering bound, column-free transposition, safe pruning (optimal)",
     .run = sv_astar},
    {.name = NULL}};

/* The weighted pass alone, with a large budget and no limits but a memory
 * cap: complete, since its pruning keeps a solution whenever one exists. */
int ar_sarov_solvable(const ar_instance *in)
{
    sv_search *S = malloc(sizeof *S);
    ar_search_options opts;
    ar_result res;
    ar_run run;
    ar_error err;
    long goal = -1;
    int rc = SV_STOPPED;
    if (!S)
        return -1;
    ar_search_options_init(&opts);
    opts.limits.memory_limit = (size_t)1 << 30;
    ar_result_init(&res);
    ar_run_begin(&run, &opts, &res);
    if (sv_search_init(S, in, &run, &err))
        rc = sv_search_run(S, SV_GREEDY_WEIGHT, 0, SV_SOLVABLE_BUDGET, &goal);
    sv_search_free(S);
    free(S);
    return rc == SV_FOUND ? 1 : rc == SV_EXHAUSTED ? 0 : -1;
}
