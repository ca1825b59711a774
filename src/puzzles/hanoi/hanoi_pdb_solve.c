/* hanoi_pdb_solve.c — the "pdb" solver of Towers of Hanoi: optimal from any
 * start to any goal on 4 or more pegs, by A* over 64-bit base-k ranks with
 * the additive pattern databases of hanoi_pdb.c as its heuristic.
 *
 * The A* has its own open-addressing table of nodes keyed by rank and a
 * bucket queue on f (last in, first out within a bucket, so ties go deep);
 * a node keeps only g, h and the move that reached it, so millions of states
 * fit. With a consistent heuristic no state is expanded twice and the first
 * goal popped is optimal. It runs inside the run context (run.h) like every
 * search: the limits, Ctrl-C and the progress line are the run's, and a stop
 * leaves the f being expanded as the proven lower bound. */
#include "hanoi_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY_KEY UINT64_MAX

typedef struct node {
    uint64_t key;     /* the rank, EMPTY_KEY for a free slot */
    uint16_t g, h;
    uint8_t disc;     /* the move that reached it: disc and the peg it came from */
    uint8_t from;
    uint8_t closed;
    uint8_t pad;
} node;

typedef struct bucket {
    uint64_t *items;
    size_t len, cap;
} bucket;

typedef struct astar {
    const ar_hanoi_pdbs *h;
    unsigned k, n;
    uint64_t pw[AR_HANOI_MAX_DISCS + 1];
    ar_run *run;          /* limits; counts expansions in run->res */
    ar_mem *mem;          /* &run->mem */
    node *slots;
    uint64_t cap, used;   /* cap a power of two */
    unsigned shift;       /* 64 - log2(cap) */
    bucket *buckets;
    unsigned nbuckets;
    char phase[32];       /* "A* f=42": the run's progress line shows it */
    ar_error *err;
} astar;

static uint64_t slot_of(const astar *a, uint64_t key)
{
    return (key * 0x9E3779B97F4A7C15ull) >> a->shift;
}

static ar_status table_init(astar *a, uint64_t cap)
{
    uint64_t i;
    unsigned bits = 0;
    while (((uint64_t)1 << bits) < cap)
        bits++;
    a->cap = (uint64_t)1 << bits;
    a->shift = 64 - bits;
    a->slots = ar_mem_alloc(a->mem, (size_t)a->cap * sizeof(node), 0, "the A* state table", a->err);
    if (!a->slots)
        return AR_ERR_MEMORY;
    for (i = 0; i < a->cap; i++)
        a->slots[i].key = EMPTY_KEY;
    return AR_OK;
}

/* Doubles the table (the old one is freed after every node has moved). */
static ar_status table_grow(astar *a)
{
    node *old = a->slots;
    uint64_t oldcap = a->cap, i;
    ar_status st = table_init(a, oldcap * 2);
    if (st != AR_OK) {
        a->slots = old;
        a->cap = oldcap;
        a->shift++;
        return st;
    }
    for (i = 0; i < oldcap; i++)
        if (old[i].key != EMPTY_KEY) {
            uint64_t s = slot_of(a, old[i].key);
            while (a->slots[s].key != EMPTY_KEY)
                s = (s + 1) & (a->cap - 1);
            a->slots[s] = old[i];
        }
    ar_mem_free(a->mem, old, (size_t)oldcap * sizeof(node));
    return AR_OK;
}

/* The node of key, inserted (key set, g = 0xFFFF) when absent; *fresh says so. */
static node *table_get(astar *a, uint64_t key, int *fresh)
{
    uint64_t s;
    if ((a->used + 1) * 10 > a->cap * 7 && table_grow(a) != AR_OK)
        return NULL;
    s = slot_of(a, key);
    while (a->slots[s].key != EMPTY_KEY) {
        if (a->slots[s].key == key) {
            *fresh = 0;
            return &a->slots[s];
        }
        s = (s + 1) & (a->cap - 1);
    }
    a->used++;
    a->slots[s].key = key;
    a->slots[s].g = 0xFFFF;
    a->slots[s].closed = 0;
    *fresh = 1;
    return &a->slots[s];
}

static node *table_find(const astar *a, uint64_t key)
{
    uint64_t s = slot_of(a, key);
    while (a->slots[s].key != EMPTY_KEY) {
        if (a->slots[s].key == key)
            return &a->slots[s];
        s = (s + 1) & (a->cap - 1);
    }
    return NULL;
}

static ar_status push(astar *a, unsigned f, uint64_t key)
{
    bucket *b;
    if (f >= a->nbuckets) {
        unsigned n = a->nbuckets ? a->nbuckets : 256;
        while (n <= f)
            n *= 2;
        a->buckets = ar_xrealloc(a->buckets, n * sizeof *a->buckets);
        memset(a->buckets + a->nbuckets, 0, (n - a->nbuckets) * sizeof *a->buckets);
        a->nbuckets = n;
    }
    b = &a->buckets[f];
    if (b->len == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 1024;
        uint64_t *p = ar_mem_realloc(a->mem, b->items, b->cap * sizeof *p, nc * sizeof *p,
                                     "the A* open list", a->err);
        if (!p)
            return AR_ERR_MEMORY;
        b->items = p;
        b->cap = nc;
    }
    b->items[b->len++] = key;
    return AR_OK;
}

static void astar_free(astar *a)
{
    unsigned i;
    for (i = 0; i < a->nbuckets; i++)
        ar_mem_free(a->mem, a->buckets[i].items, a->buckets[i].cap * sizeof(uint64_t));
    free(a->buckets);
    if (a->slots)
        ar_mem_free(a->mem, a->slots, (size_t)a->cap * sizeof(node));
    a->buckets = NULL;
    a->slots = NULL;
}

static unsigned digit(const astar *a, uint64_t r, unsigned d)
{
    if (a->k == 4)
        return (unsigned)(r >> (2 * d)) & 3u;
    return (unsigned)((r / a->pw[d]) % a->k);
}

typedef struct path_move {
    unsigned char from, to;
} path_move;

/* Records f, the value being expanded, as the proven lower bound: with a
 * consistent heuristic every state of smaller f has been expanded. */
static void reach_f(astar *a, unsigned f)
{
    ar_run_lower_bound(a->run, f);
    snprintf(a->phase, sizeof a->phase, "A* f=%u", f);
}

/* Runs A* from start to goal. On success *path (malloc'd) holds the moves and
 * *length their number; when the run stops (a limit, Ctrl-C, memory refused)
 * it returns AR_ERR_LIMIT, the lower bound being the f it was expanding. */
static ar_status astar_run(astar *a, uint64_t start, uint64_t goal, path_move **path,
                           unsigned *length)
{
    ar_run *run = a->run;
    ar_result *res = run->res;
    unsigned f, bound;
    int fresh;
    node *nd;
    ar_status st;
    unsigned char pos[AR_HANOI_MAX_DISCS], top[AR_HANOI_MAX_PEGS];

    *path = NULL;
    *length = 0;
    if ((st = table_init(a, 1u << 16)) != AR_OK)
        return st;
    nd = table_get(a, start, &fresh);
    nd->g = 0;
    nd->h = (uint16_t)ar_hanoi_pdbs_value_rank(a->h, start);
    nd->disc = AR_HANOI_NO_DISC;
    if ((st = push(a, nd->h, start)) != AR_OK)
        return st;
    bound = nd->h;
    reach_f(a, bound);
    for (f = nd->h; f < a->nbuckets;) {
        bucket *b = &a->buckets[f];
        uint64_t key;
        unsigned g, d, pa, pb;
        if (b->len == 0) {
            f++;
            continue;
        }
        key = b->items[--b->len];
        nd = table_find(a, key);
        if (nd->closed || nd->g + nd->h != f)
            continue; /* a stale entry: the state was reached more cheaply later */
        if (f > bound)
            reach_f(a, bound = f);
        if (key == goal) {
            unsigned len = nd->g, j = len;
            path_move *p = ar_xmalloc((len ? len : 1) * sizeof *p);
            uint64_t r = key;
            while (j > 0) {
                node *cur = table_find(a, r);
                unsigned to = digit(a, r, cur->disc);
                j--;
                p[j].from = cur->from;
                p[j].to = (unsigned char)to;
                r = r - to * a->pw[cur->disc] + cur->from * a->pw[cur->disc];
            }
            *path = p;
            *length = len;
            return AR_OK;
        }
        nd->closed = 1;
        g = nd->g;
        res->expanded++;
        if (ar_run_should_stop(run))
            return AR_ERR_LIMIT;
        for (d = 0; d < a->n; d++)
            pos[d] = (unsigned char)digit(a, key, d);
        hanoi_tops(a->k, a->n, pos, top);
        for (pa = 0; pa < a->k; pa++) {
            d = top[pa];
            if (d == AR_HANOI_NO_DISC)
                continue;
            for (pb = 0; pb < a->k; pb++) {
                uint64_t child;
                node *c;
                if (pb == pa || top[pb] < d)
                    continue;
                child = key - pa * a->pw[d] + pb * a->pw[d];
                res->generated++;
                c = table_get(a, child, &fresh);
                if (!c) {
                    ar_run_stop(run, AR_STOP_MEMORY);
                    return AR_ERR_LIMIT;
                }
                if (fresh)
                    c->h = (uint16_t)ar_hanoi_pdbs_value_rank(a->h, child);
                else if (c->closed || c->g <= g + 1)
                    continue;
                c->g = (uint16_t)(g + 1);
                c->disc = (uint8_t)d;
                c->from = (uint8_t)pa;
                if (push(a, g + 1 + c->h, child) != AR_OK) {
                    ar_run_stop(run, AR_STOP_MEMORY);
                    return AR_ERR_LIMIT;
                }
            }
        }
    }
    return ar_error_set(a->err, AR_ERR_INTERNAL, "A*: the goal was not reached (the open list ran dry)");
}

/* Stores the path as the domain's own move codes, replayed through its
 * parser so that the solution is checked move by move as `ariadne verify`
 * would. */
static ar_status set_solution(ar_run *run, ar_instance *inst, const path_move *path,
                              unsigned length, ar_error *err)
{
    const ar_puzzle *p = &ar_domain_hanoi;
    size_t ssz = p->state_size(inst);
    unsigned char *state = ar_xmalloc(ssz ? ssz : 1);
    ar_move *moves = ar_xmalloc((length ? length : 1) * sizeof *moves);
    ar_status st = AR_OK;
    unsigned i;
    p->initial_state(inst, state);
    for (i = 0; i < length && st == AR_OK; i++) {
        char text[16];
        int len = snprintf(text, sizeof text, "%u-%u", path[i].from + 1u, path[i].to + 1u);
        st = p->parse_move(inst, state, text, (size_t)len, &moves[i], err);
        if (st == AR_OK)
            p->apply(inst, state, moves[i]);
    }
    if (st == AR_OK && !p->is_goal(inst, state))
        st = ar_error_set(err, AR_ERR_INTERNAL, "pdb: the solution does not reach the goal");
    if (st == AR_OK)
        st = ar_run_set_solution(run, moves, length, length, err);
    free(state);
    free(moves);
    return st;
}

ar_status ar_hanoi_pdb_solve(ar_instance *inst, const ar_search_options *opts,
                             const ar_hanoi_pdb_config *cfg, ar_result *result, ar_error *err)
{
    ar_run run;
    ar_hanoi_pdb_config sized;
    unsigned k, n, d, length = 0, loaded, groups;
    unsigned char start[AR_HANOI_MAX_DISCS], goal[AR_HANOI_MAX_DISCS];
    ar_hanoi_pdbs *h = NULL;
    astar a;
    path_move *path = NULL;
    uint64_t srank = 0, grank = 0;
    double build_s;
    ar_status st;

    ar_run_begin(&run, opts, result);
    result->algorithm = "pdb";
    result->heuristic = "additive-pdb";
    st = ar_hanoi_pdb_setup(inst, cfg, run.opts->limits.memory_limit, &k, &n, start, goal, &sized,
                            err);
    if (st != AR_OK)
        return st;
    memset(&a, 0, sizeof a);
    a.pw[0] = 1;
    for (d = 1; d <= n; d++) /* fits: ar_hanoi_pdb_setup checked */
        a.pw[d] = a.pw[d - 1] * k;
    for (d = n; d-- > 0;) {
        srank = srank * k + start[d];
        grank = grank * k + goal[d];
    }
    st = ar_hanoi_pdbs_create(k, n, goal, &sized, &run, &h, err);
    if (st == AR_ERR_LIMIT) {
        /* A build stops on the run's time limit or Ctrl-C; the run says which. */
        if (!ar_run_check_now(&run))
            ar_run_stop(&run, AR_STOP_TIME);
        result->seconds = ar_run_elapsed(&run);
        ar_run_finish(&run);
        snprintf(result->note, sizeof result->note, "stopped while building the pattern databases");
        return AR_OK;
    }
    if (st != AR_OK)
        return st;
    build_s = ar_run_elapsed(&run);
    loaded = ar_hanoi_pdbs_loaded(h, &groups);
    a.h = h;
    a.k = k;
    a.n = n;
    a.run = &run;
    a.mem = &run.mem;
    a.err = err;
    run.phase = a.phase;
    st = astar_run(&a, srank, grank, &path, &length);
    astar_free(&a);
    if (st == AR_OK)
        st = set_solution(&run, inst, path, length, err);
    free(path);
    if (st == AR_OK) {
        result->optimal = 1;
        ar_run_lower_bound(&run, length);
    }
    result->seconds = ar_run_elapsed(&run);
    ar_run_finish(&run);
    if (st == AR_ERR_LIMIT) {
        snprintf(result->note, sizeof result->note,
                 "stopped by a limit; the optimal length is at least %" PRIu64
                 " (A* with pattern databases %s)",
                 result->lower_bound, ar_hanoi_pdbs_name(h));
        ar_hanoi_pdbs_destroy(h);
        return AR_OK;
    }
    if (st != AR_OK) {
        ar_hanoi_pdbs_destroy(h);
        return st;
    }
    snprintf(result->note, sizeof result->note,
             "optimal: A* with a consistent heuristic, additive pattern databases over disc "
             "groups %s (largest first; %.1f s to build or load, %u of %u loaded from the cache)",
             ar_hanoi_pdbs_name(h), build_s, loaded, groups);
    ar_hanoi_pdbs_destroy(h);
    return AR_OK;
}

ar_status ar_hanoi_pdb_run(ar_instance *inst, const ar_search_options *opts,
                           const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    ar_hanoi_pdb_config cfg;
    (void)sink; /* the solution is short: it is returned in result->moves */
    ar_hanoi_pdb_config_of(inst, &cfg);
    return ar_hanoi_pdb_solve(inst, opts, &cfg, result, err);
}
