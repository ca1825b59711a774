/* hanoi_pdb.c — pattern databases of Towers of Hanoi over groups of discs,
 * the admissible heuristic of the "pdb" solver (hanoi_pdb_solve.c), and the
 * pdb provider for `ariadne pdb build|info|verify hanoi`.
 *
 * The discs are split into groups of consecutive sizes (the largest m discs,
 * the next m, ..., the rest; optionally the smallest few join the largest
 * group). A group's database holds, for every position of its discs alone,
 * the exact distance to the group's goal pegs in the puzzle with only those
 * discs: deleting the other discs from a solution leaves a legal solution for
 * the group (smaller discs only ever block larger ones, larger discs never
 * block anything smaller), so each group needs at least its database value in
 * moves of its own discs, and moves of different groups are different moves:
 * the sum is admissible, and consistent because a move changes one group's
 * value by at most one. Each database is one two-bit BFS from the group's goal
 * over the plain ranks of hanoi_rank.c, writing the depth of every rank into a
 * byte table, saved in the pattern-database file format (docs/pdb-format.md)
 * when the goal is a tower (reusable) and otherwise kept in memory only. Each
 * group is an ar_pdb_abstraction whose builder is that BFS, loaded or built
 * through ar_pdb_open; the provider at the end of the file lists the same
 * groups (ar_hanoi_pdb_setup and pdbs_plan, shared with the solver), so
 * `ariadne pdb build hanoi` writes the files the solver loads. Small groups
 * also get pivot tables, which raise their value while a larger disc still
 * has to move (see pivot_tables). */
#include "hanoi_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/timer.h"

#define MAX_GROUPS 64

#define MAX_RUNS 4

/* A group of discs: up to MAX_RUNS runs of consecutive discs (the largest
 * group is the largest discs plus, optionally, the smallest ones). Its
 * database ranks the group's discs alone, smallest first. */
typedef struct group {
    unsigned m;                        /* discs in the group */
    unsigned nruns;
    unsigned run_lo[MAX_RUNS], run_len[MAX_RUNS], run_place[MAX_RUNS]; /* place: group discs below */
    uint64_t run_div[MAX_RUNS], run_mod[MAX_RUNS], run_mul[MAX_RUNS];  /* k^lo, k^len, k^place */
    unsigned top;                      /* the largest disc of the group */
    unsigned char disc[AR_HANOI_MAX_DISCS]; /* the group's discs, ascending */
    unsigned char goal[AR_HANOI_MAX_DISCS]; /* their goal pegs */
    char size[32], pattern[AR_HANOI_MAX_DISCS + 8];
    ar_hanoi_space *hs;                /* plain space of the m discs */
    unsigned threads;                  /* for building its database */
    int loaded;                        /* its database came from the cache */
    char smaller[48];                  /* the suggestion when it does not fit the memory limit */
    ar_pdb_abstraction abs;
    ar_pdb pdb;
    const uint8_t *table;              /* pdb.table.data: one byte per rank */
    uint64_t count;                    /* k^m */
    /* Pivot tables (pivot_tables): piv[(S*k+G)*count + c] bounds the group's
     * own moves from c when a larger disc must still go from S to G != S. */
    uint8_t *piv;
    size_t piv_bytes;
} group;

struct ar_hanoi_pdbs {
    unsigned k, n, ngroups, log2k; /* log2k: 0 when k is not a power of two */
    group g[MAX_GROUPS];
    char name[160];
    unsigned char goal[AR_HANOI_MAX_DISCS];
    ar_mem *mem;
};

/* Largest group that gets pivot tables (k*k*k^m bytes). */
#define PIVOT_MAX_STATES ((uint64_t)1 << 20)

/* k^e, wrapping (only for ranks that fit are the results used). */
static uint64_t power(unsigned k, unsigned e)
{
    uint64_t p = 1;
    while (e--)
        p *= k;
    return p;
}

static void abs_unrank(const void *ctx, uint64_t r, void *astate)
{
    ar_hanoi_space_unrank(((const group *)ctx)->hs, r, astate);
}

static uint64_t abs_rank(const void *ctx, const void *astate)
{
    return ar_hanoi_space_rank(((const group *)ctx)->hs, astate);
}

static unsigned abs_goals(const void *ctx, uint64_t *ranks, unsigned max)
{
    const group *g = ctx;
    if (max < 1)
        return 0;
    ranks[0] = ar_hanoi_space_rank(g->hs, g->goal);
    return 1;
}

static unsigned abs_predecessors(const void *ctx, const void *astate, uint64_t *ranks,
                                 unsigned char *costs)
{
    const group *g = ctx;
    unsigned char scratch[AR_HANOI_MAX_DISCS];
    unsigned n, i;
    n = ar_hanoi_space_successors(g->hs, ar_hanoi_space_rank(g->hs, astate), scratch, ranks);
    for (i = 0; i < n; i++)
        costs[i] = 1;
    return n;
}

static int is_tower(const unsigned char *pos, unsigned m)
{
    unsigned d;
    for (d = 1; d < m; d++)
        if (pos[d] != pos[0])
            return 0;
    return 1;
}

/* Measured here (4 pegs, 14 discs, 2 threads, the machine shared): the
 * two-bit BFS took 10.6 s for 4^14 ranks, about 40 ns a rank; for the
 * estimate printed before a build. */
#define BUILD_NS_PER_STATE 40.0

/* The abstraction's builder (ar_pdb_abstraction.build, called by
 * ar_pdb_build after its checks and memory refusal): the two-bit BFS from the
 * group's goal, writing the depth of every rank into a byte table. */
static ar_status group_build(const ar_pdb_abstraction *a, const ar_pdb_build_options *po,
                             ar_pdb *out, ar_error *err)
{
    const group *g = a->ctx;
    ar_bfs2_options o;
    ar_bfs2_result res;
    uint64_t goal_rank = ar_hanoi_space_rank(g->hs, g->goal);
    char what[96];
    ar_status st;
    unsigned d;
    double t0 = ar_now();

    memset(out, 0, sizeof *out);
    st = ar_bitarray_init(&out->table, a->count, 8, 0xFF, po->mem, err);
    if (st != AR_OK)
        return st;
    snprintf(what, sizeof what, "pattern database hanoi %s", g->size);
    ar_bfs2_options_init(&o);
    o.threads = g->threads ? g->threads : 2;
    o.starts = &goal_rank;
    o.start_count = 1;
    o.depths = out->table.data;
    o.mem = po->mem;
    o.what = what;
    o.time_limit = po->time_limit;
    o.interrupt = po->interrupt;
    o.progress = po->progress;
    st = ar_bfs2_run(ar_hanoi_space_bfs2(g->hs), &o, &res, err);
    if (st != AR_OK) {
        ar_bitarray_free(&out->table);
        return st;
    }
    if (!res.complete) {
        ar_stop_reason why = res.stop; /* read before the result is freed (which clears it) */
        ar_bitarray_free(&out->table);
        ar_bfs2_result_free(&res);
        return ar_error_set(err, AR_ERR_LIMIT, "building the pattern database %s was stopped by the %s", g->size,
                            ar_stop_reason_name(why));
    }
    out->header.unreached = a->count - res.total_ranks;
    out->header.max_distance = res.max_depth;
    out->header.max_entry = res.max_depth < 255 ? res.max_depth : 255;
    for (d = 255; d < res.levels; d++) /* distances above 255 are stored as 255: still a lower bound */
        out->header.capped += res.layer_ranks[d];
    out->header.build_seconds = ar_now() - t0;
    out->mem = po->mem;
    ar_bfs2_result_free(&res);
    return AR_OK;
}

/* Loads group g's database from the cache, or builds it (and saves it when
 * the goal is a tower, the case that recurs): ar_pdb_open, the path
 * `ariadne pdb build hanoi` writes to. */
static ar_status open_group(group *g, const ar_hanoi_pdb_config *cfg, ar_run *run, ar_error *err)
{
    ar_pdb_build_options bo;
    ar_status st;
    int built = 1;
    memset(&bo, 0, sizeof bo);
    bo.mem = &run->mem;
    if (run->opts->limits.time_limit > 0) {
        /* What is left of the run's time (a build that finds none left
         * stops at once). */
        bo.time_limit = ar_run_time_left(run);
        if (bo.time_limit <= 0)
            bo.time_limit = 1e-9;
    }
    bo.interrupt = run->opts->limits.interrupt;
    bo.progress = run->opts->progress;
    if (g->abs.uncached)
        st = ar_pdb_build(&g->abs, &bo, &g->pdb, err);
    else
        st = ar_pdb_open(&g->abs, cfg->dir, &bo, &g->pdb, &built, err);
    if (st != AR_OK)
        return st;
    g->loaded = !built;
    g->table = g->pdb.table.data;
    return AR_OK;
}

/* Pivot tables. Let D be a disc larger than every disc of the smallest group
 * (lo = 0) that is on peg S but must end on peg G != S. D moves at least once;
 * at its first move (S -> X) every smaller disc is off S and X, and at its
 * last move (Y -> G) off Y and G. So the small discs pass through a position
 * C1 that avoids S and one more peg, and later through C2 that avoids G and
 * one more peg, and in the puzzle of the small discs alone (a relaxation:
 * deleting discs keeps a solution legal) they need at least
 *     T_SG(c) = min over such C1, C2 of d(c, C1) + d(C1, C2) + d(C2, goal)
 * moves of their own. These moves are disjoint from the larger discs' moves,
 * so T_SG replaces the small group's plain database value in the sum, and the
 * maximum over all such D is still admissible. It is also consistent: a small
 * move changes every T by at most one (each is a shortest-path distance in
 * the small puzzle); a move of a large disc E from P to Q happens with the
 * small discs off P and Q, where T_PG = T_QG (both equal the C1 = c term), and
 * a pivot that reaches its goal drops a value equal to the plain distance.
 * T is computed by two multi-source shortest-path sweeps per (S, G). */
static int avoids(uint16_t used, unsigned k, unsigned p)
{
    return !(used >> p & 1u) && (unsigned)__builtin_popcount(used) <= k - 2;
}

/* out[c] = min over c' of init[c'] + d(c, c') (255 = none), by Dijkstra with
 * unit edges: sources sorted by value are merged with the BFS queue. */
static void sweep(const group *s, const uint8_t *init, uint8_t *out, uint64_t *order,
                  uint64_t *queue, uint8_t *done)
{
    uint64_t cnt = s->count, c, len = 0, p = 0, head = 0, tail = 0, nb[AR_BFS2_MAX_NEIGHBOURS];
    uint64_t bucket_start[257];
    unsigned char scratch[AR_HANOI_MAX_DISCS];
    unsigned v, i, nn;
    memset(bucket_start, 0, sizeof bucket_start);
    for (c = 0; c < cnt; c++)
        bucket_start[init[c] + 1]++;
    for (v = 1; v <= 256; v++)
        bucket_start[v] += bucket_start[v - 1];
    for (c = 0; c < cnt; c++)
        if (init[c] != 255)
            order[bucket_start[init[c]]++] = c;
    for (c = 0; c < cnt; c++)
        len += init[c] != 255;
    memcpy(out, init, (size_t)cnt);
    memset(done, 0, (size_t)cnt);
    while (p < len || head < tail) {
        uint64_t x;
        if (p < len && (head == tail || out[order[p]] <= out[queue[head]]))
            x = order[p++];
        else
            x = queue[head++];
        if (done[x])
            continue;
        done[x] = 1;
        if (out[x] >= 254)
            continue;
        nn = ar_hanoi_space_successors(s->hs, x, scratch, nb);
        for (i = 0; i < nn; i++)
            if (out[nb[i]] > out[x] + 1) {
                out[nb[i]] = (uint8_t)(out[x] + 1);
                queue[tail++] = nb[i];
            }
    }
}

static ar_status pivot_tables(ar_hanoi_pdbs *h, group *s, ar_mem *mem, ar_error *err)
{
    uint64_t cnt = s->count, c, *order, *queue;
    unsigned k = h->k, S, G, d;
    uint8_t *init, *f2, *done;
    uint16_t *used;
    unsigned char pos[AR_HANOI_MAX_DISCS];
    if (s->top + 1 >= h->n || cnt > PIVOT_MAX_STATES)
        return AR_OK; /* no larger disc to pivot on, or too large */
    s->piv_bytes = (size_t)k * k * (size_t)cnt; /* cnt <= PIVOT_MAX_STATES: it fits */
    s->piv = ar_mem_alloc(mem, s->piv_bytes, 1, "the pivot tables", err);
    if (!s->piv)
        return AR_ERR_MEMORY;
    order = ar_xmalloc((size_t)cnt * sizeof *order);
    queue = ar_xmalloc((size_t)cnt * sizeof *queue); /* a state is queued at most once (monotone pops) */
    init = ar_xmalloc((size_t)cnt);
    f2 = ar_xmalloc((size_t)cnt);
    done = ar_xmalloc((size_t)cnt);
    used = ar_xmalloc((size_t)cnt * sizeof *used);
    for (c = 0; c < cnt; c++) {
        ar_hanoi_space_unrank(s->hs, c, pos); /* a plain space: no symmetry */
        used[c] = 0;
        for (d = 0; d < s->m; d++)
            used[c] = (uint16_t)(used[c] | 1u << pos[d]);
    }
    for (G = 0; G < k; G++) {
        for (c = 0; c < cnt; c++)
            init[c] = avoids(used[c], k, G) ? s->table[c] : 255;
        sweep(s, init, f2, order, queue, done);
        for (S = 0; S < k; S++) {
            if (S == G)
                continue;
            for (c = 0; c < cnt; c++)
                init[c] = avoids(used[c], k, S) ? f2[c] : 255;
            sweep(s, init, s->piv + (size_t)(S * k + G) * cnt, order, queue, done);
        }
    }
    free(order);
    free(queue);
    free(init);
    free(f2);
    free(done);
    free(used);
    return AR_OK;
}

/* The default size of the largest group: about 2^28 positions (256 MiB of
 * entries, 64 MiB of marks while building): 14 discs on 4 pegs, 12 on 5. */
static unsigned default_group(unsigned k)
{
    uint64_t c = 1;
    unsigned m = 0;
    while (c * k <= ((uint64_t)1 << 28)) {
        c *= k;
        m++;
    }
    return m;
}

/* Adds a group of the discs with flag set in `in` (ascending runs); its
 * database is not built yet (open_group). */
static ar_status add_group(ar_hanoi_pdbs *h, const unsigned char *in, const unsigned char *goal,
                           const ar_hanoi_pdb_config *cfg, size_t memory_limit, ar_error *err)
{
    group *g = &h->g[h->ngroups];
    unsigned d, k = h->k, fit;
    uint64_t c;
    ar_status st;
    memset(g, 0, sizeof *g);
    for (d = 0; d < h->n; d++) {
        if (!in[d])
            continue;
        if (d == 0 || !in[d - 1]) {
            if (g->nruns == MAX_RUNS)
                return ar_error_set(err, AR_ERR_INTERNAL, "pattern databases: too many runs");
            g->run_lo[g->nruns] = d;
            g->run_place[g->nruns] = g->m;
            g->nruns++;
        }
        g->run_len[g->nruns - 1]++;
        g->goal[g->m] = goal[d];
        g->disc[g->m++] = (unsigned char)d;
        g->top = d;
    }
    snprintf(g->size, sizeof g->size, "%up%ud", k, g->m);
    for (d = 0; d < g->m; d++)
        g->pattern[d] = hanoi_peg_char(g->goal[d]);
    g->pattern[g->m] = '\0';
    if ((st = ar_hanoi_space_create(k, g->m, g->goal, 0, &g->hs, err)) != AR_OK)
        return st;
    h->ngroups++;
    g->count = ar_hanoi_space_bfs2(g->hs)->count; /* k^m: a plain space */
    for (d = 0; d < g->nruns; d++) {
        g->run_div[d] = power(k, g->run_lo[d]); /* wraps only for ranks that do not fit: unused */
        g->run_mod[d] = power(k, g->run_len[d]);
        g->run_mul[d] = power(k, g->run_place[d]);
    }
    g->abs = (ar_pdb_abstraction){.domain = "hanoi",
                                  .size = g->size,
                                  .pattern = g->pattern,
                                  .goal = g->pattern,
                                  .base_name = "none",
                                  .count = g->count,
                                  .state_size = g->m,
                                  .step = 1,
                                  .bits = 8,
                                  .ctx = g,
                                  .unrank = abs_unrank,
                                  .rank = abs_rank,
                                  .goals = abs_goals,
                                  .predecessors = abs_predecessors,
                                  .base = NULL,
                                  .build = group_build,
                                  .ns_per_state = BUILD_NS_PER_STATE,
                                  .exact = 1};
    if (!cfg->cache)
        g->abs.uncached = "caching is off: built in memory";
    else if (!is_tower(g->goal, g->m))
        g->abs.uncached = "its goal is not a tower (all its discs on one peg), so the solver builds "
                          "it in memory for each instance and never caches it";
    g->threads = cfg->threads ? cfg->threads : 2;
    /* The largest group that fits the limit (1 + 1/4 bytes a position while building). */
    for (fit = 0, c = k; fit < g->m && (!memory_limit || c + c / 4 <= memory_limit); fit++)
        c *= k;
    if (fit == 0)
        snprintf(g->smaller, sizeof g->smaller, "none (one disc needs more)");
    else
        snprintf(g->smaller, sizeof g->smaller, "--pdb-group %u", fit < g->m ? fit : g->m - 1);
    g->abs.smaller = g->smaller;
    return AR_OK;
}

/* The groups for `discs` discs with goal `goal` under cfg (the largest
 * cfg->group discs, the next ones in groups of that size, the rest last),
 * without their databases: what ar_hanoi_pdbs_create opens and what the pdb
 * provider lists. memory_limit (0: none) only shapes the suggestion made when
 * a database does not fit. */
static ar_status pdbs_plan(unsigned k, unsigned n, const unsigned char *goal,
                           const ar_hanoi_pdb_config *cfg, size_t memory_limit, ar_hanoi_pdbs **out,
                           ar_error *err)
{
    ar_hanoi_pdbs *h;
    unsigned m = cfg->group ? cfg->group : default_group(k), low, hi, d;
    unsigned char in[AR_HANOI_MAX_DISCS];
    ar_status st;
    *out = NULL;
    if (k < 3 || k > AR_HANOI_MAX_PEGS || n < 1 || n > AR_HANOI_MAX_DISCS)
        return ar_error_set(err, AR_ERR_INPUT, "pattern databases: %u pegs, %u discs out of range",
                            k, n);
    if (m > n)
        m = n;
    if ((n + m - 1) / m + 1 > MAX_GROUPS)
        return ar_error_set(err, AR_ERR_INPUT, "pattern databases: groups of %u discs are too small "
                            "for %u discs", m, n);
    /* The smallest discs that join the largest group (see the file comment). */
    low = cfg->low == AR_HANOI_PDB_LOW_DEFAULT ? 0u : (unsigned)cfg->low;
    if (low >= m || m >= n)
        low = 0;
    h = ar_xcalloc(1, sizeof *h);
    h->k = k;
    h->n = n;
    memcpy(h->goal, goal, n);
    if ((k & (k - 1)) == 0)
        for (h->log2k = 0; (1u << h->log2k) < k; h->log2k++)
            ;
    /* The largest group: the m - low largest discs and the low smallest. */
    memset(in, 0, sizeof in);
    for (d = 0; d < low; d++)
        in[d] = 1;
    for (d = n - (m - low); d < n; d++)
        in[d] = 1;
    st = add_group(h, in, goal, cfg, memory_limit, err);
    /* The discs in between, in groups of m from the top down. */
    for (hi = n - (m - low); hi > low && st == AR_OK;) {
        unsigned lo = hi - low >= m ? hi - m : low;
        memset(in, 0, sizeof in);
        for (d = lo; d < hi; d++)
            in[d] = 1;
        st = add_group(h, in, goal, cfg, memory_limit, err);
        hi = lo;
    }
    if (st != AR_OK) {
        ar_hanoi_pdbs_destroy(h);
        return st;
    }
    *out = h;
    return AR_OK;
}

ar_status ar_hanoi_pdbs_create(unsigned k, unsigned n, const unsigned char *goal,
                               const ar_hanoi_pdb_config *cfg, ar_run *run, ar_hanoi_pdbs **out,
                               ar_error *err)
{
    ar_hanoi_pdbs *h;
    unsigned i;
    ar_status st;
    size_t len = 0;
    *out = NULL;
    if ((st = pdbs_plan(k, n, goal, cfg, run->mem.limit, &h, err)) != AR_OK)
        return st;
    h->mem = &run->mem;
    for (i = 0; i < h->ngroups && st == AR_OK; i++)
        st = open_group(&h->g[i], cfg, run, err);
    for (i = 0; i < h->ngroups && st == AR_OK; i++) {
        h->g[i].table = h->g[i].pdb.table.data;
        if (!cfg->no_pivots)
            st = pivot_tables(h, &h->g[i], h->mem, err);
    }
    if (st != AR_OK) {
        ar_hanoi_pdbs_destroy(h);
        return st;
    }
    for (i = 0; i < h->ngroups; i++) {
        const group *g = &h->g[i];
        unsigned r;
        len += (size_t)snprintf(h->name + len, sizeof h->name - len, "%s{", i ? " + " : "");
        for (r = 0; r < g->nruns && len < sizeof h->name; r++) {
            if (g->run_len[r] == 1)
                len += (size_t)snprintf(h->name + len, sizeof h->name - len, "%s%u", r ? "," : "",
                                        g->run_lo[r] + 1);
            else
                len += (size_t)snprintf(h->name + len, sizeof h->name - len, "%s%u-%u",
                                        r ? "," : "", g->run_lo[r] + 1,
                                        g->run_lo[r] + g->run_len[r]);
        }
        if (len < sizeof h->name)
            len += (size_t)snprintf(h->name + len, sizeof h->name - len, "}%s",
                                    g->piv ? "*" : "");
    }
    *out = h;
    return AR_OK;
}

void ar_hanoi_pdbs_destroy(ar_hanoi_pdbs *h)
{
    unsigned i;
    if (!h)
        return;
    for (i = 0; i < h->ngroups; i++) {
        ar_pdb_free(&h->g[i].pdb);
        ar_hanoi_space_destroy(h->g[i].hs);
        if (h->g[i].piv)
            ar_mem_free(h->mem, h->g[i].piv, h->g[i].piv_bytes);
    }
    free(h);
}

/* A group's value: its database entry, raised by the pivot table of every
 * larger disc that is off its goal peg. */
static unsigned group_value(const ar_hanoi_pdbs *h, const group *g, uint64_t c,
                            const unsigned char *pos)
{
    unsigned v = g->table[c], d;
    if (g->piv)
        for (d = g->top + 1; d < h->n; d++)
            if (pos[d] != h->goal[d]) {
                unsigned t = g->piv[(size_t)(pos[d] * h->k + h->goal[d]) * g->count + c];
                if (t > v)
                    v = t;
            }
    return v;
}

unsigned ar_hanoi_pdbs_value(const ar_hanoi_pdbs *h, const unsigned char *pos)
{
    unsigned i, j, v = 0;
    unsigned char sub[AR_HANOI_MAX_DISCS];
    for (i = 0; i < h->ngroups; i++) {
        const group *g = &h->g[i];
        for (j = 0; j < g->m; j++)
            sub[j] = pos[g->disc[j]];
        v += group_value(h, g, ar_hanoi_space_rank(g->hs, sub), pos);
    }
    return v;
}

const char *ar_hanoi_pdbs_name(const ar_hanoi_pdbs *h) { return h->name; }

unsigned ar_hanoi_pdbs_loaded(const ar_hanoi_pdbs *h, unsigned *count)
{
    unsigned i, loaded = 0;
    for (i = 0; i < h->ngroups; i++)
        loaded += (unsigned)h->g[i].loaded;
    *count = h->ngroups;
    return loaded;
}

/* The heuristic of a full rank (k^n < 2^63): ar_hanoi_pdbs_value on ranks. */
unsigned ar_hanoi_pdbs_value_rank(const ar_hanoi_pdbs *h, uint64_t r)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    unsigned i, j, d, v = 0;
    if (h->log2k) {
        unsigned mask = h->k - 1;
        for (d = 0; d < h->n; d++)
            pos[d] = (unsigned char)((r >> (h->log2k * d)) & mask);
    } else {
        uint64_t q = r;
        for (d = 0; d < h->n; d++) {
            pos[d] = (unsigned char)(q % h->k);
            q /= h->k;
        }
    }
    for (i = 0; i < h->ngroups; i++) {
        const group *g = &h->g[i];
        uint64_t c = 0;
        for (j = 0; j < g->nruns; j++)
            c += (r / g->run_div[j] % g->run_mod[j]) * g->run_mul[j];
        v += group_value(h, g, c, pos);
    }
    return v;
}

/* ------------------------------------------------------------------ */
/* The databases of an instance */

/* Discs above the largest one whose start and goal pegs differ never move in
 * an optimal solution (deleting their moves leaves a legal solution), so n
 * counts only the discs up to it. */
ar_status ar_hanoi_pdb_setup(const ar_instance *inst, const ar_hanoi_pdb_config *cfg,
                             size_t memory_limit, unsigned *k, unsigned *n, unsigned char *start,
                             unsigned char *goal, ar_hanoi_pdb_config *sized, ar_error *err)
{
    unsigned d;
    uint64_t p = 1;
    *k = inst->pegs;
    *n = inst->discs;
    memcpy(start, inst->start, inst->discs);
    memcpy(goal, inst->goal, inst->discs);
    if (*k < 4)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the pdb solver needs 4 or more pegs (3 pegs are solved exactly without "
                            "search: parameter algo recursive)");
    while (*n > 1 && start[*n - 1] == goal[*n - 1])
        (*n)--;
    for (d = 1; d <= *n; d++) {
        if (p > (UINT64_MAX >> 1) / *k)
            return ar_error_set(err, AR_ERR_UNSUPPORTED,
                                "%u moving discs on %u pegs is too many for the pdb solver's "
                                "64-bit ranks (at most %u)",
                                *n, *k, d - 1);
        p *= *k;
    }
    *sized = *cfg;
    if (!cfg->group && memory_limit) {
        /* Fit the largest database (1 + 1/4 bytes per position while it is
         * built) in half the memory limit, leaving the rest to A*. */
        uint64_t c = 1;
        unsigned m = 0;
        while (m < default_group(*k) && (c * *k + c * *k / 4) * 2 <= memory_limit) {
            c *= *k;
            m++;
        }
        sized->group = m ? m : 1;
    }
    return AR_OK;
}

/* Also the configuration of `ariadne pdb ... hanoi`; the largest group is
 * sized to the memory limit when --pdb-group leaves it open (0). */
void ar_hanoi_pdb_config_of(const ar_instance *inst, ar_hanoi_pdb_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->cache = 1;
    cfg->low = AR_HANOI_PDB_LOW_DEFAULT;
    cfg->dir = inst->pdb_dir[0] ? inst->pdb_dir : NULL;
    cfg->group = inst->pdb_group;
}

/* ------------------------------------------------------------------ */
/* The pdb provider: `ariadne pdb build|info|verify hanoi` */

/* The groups the pdb solver would use for inst under limits, planned by the
 * same code (ar_hanoi_pdb_setup, pdbs_plan), so the files are the solver's. */
static ar_status provider_abstractions(const ar_instance *inst, const ar_limits *limits,
                                       const ar_pdb_abstraction **out, unsigned *count,
                                       void **owned, ar_error *err)
{
    ar_hanoi_pdb_config cfg, sized;
    unsigned k, n, i;
    unsigned char start[AR_HANOI_MAX_DISCS], goal[AR_HANOI_MAX_DISCS];
    size_t limit = limits ? limits->memory_limit : 0;
    ar_hanoi_pdbs *h;
    ar_status st;
    *owned = NULL;
    *count = 0;
    ar_hanoi_pdb_config_of(inst, &cfg);
    if ((st = ar_hanoi_pdb_setup(inst, &cfg, limit, &k, &n, start, goal, &sized, err)) != AR_OK)
        return st;
    if ((st = pdbs_plan(k, n, goal, &sized, limit, &h, err)) != AR_OK)
        return st;
    if (h->ngroups > AR_PDB_MAX_SELECTED) {
        ar_hanoi_pdbs_destroy(h);
        return ar_error_set(err, AR_ERR_INPUT, "pdb: more than %u disc groups", AR_PDB_MAX_SELECTED);
    }
    for (i = 0; i < h->ngroups; i++)
        out[i] = &h->g[i].abs;
    *count = h->ngroups;
    *owned = h;
    return AR_OK;
}

static void provider_release(void *owned) { ar_hanoi_pdbs_destroy(owned); }

static const char *provider_dir(const ar_instance *inst)
{
    return inst->pdb_dir[0] ? inst->pdb_dir : NULL;
}

/* The options (--pegs, --discs, --from, --to) say it all. */
static void provider_sample(const ar_param *params, size_t count, char *buf, size_t size)
{
    (void)params;
    (void)count;
    if (size)
        buf[0] = '\0';
}

const ar_pdb_provider ar_hanoi_pdb_provider = {.abstractions = provider_abstractions,
                                               .release = provider_release,
                                               .dir = provider_dir,
                                               .sample_instance = provider_sample};
