/* hanoi_bfs2.c — Towers of Hanoi on dense ranks: the state space of the
 * two-bit breadth-first search, pattern databases over groups of discs built
 * with that search, and the optimal "pdb" solver (A* with additive pattern
 * databases) for any start and goal on 4 or more pegs.
 *
 * Ranks. A position of n discs on k pegs is the base-k number whose digit d is
 * the peg of disc d (smallest disc = least significant digit); for k = 4 that
 * is the domain's packed 2-bit state, and a move of disc d from peg a to peg b
 * adds (b - a)·k^d. With symmetry, only canonical positions are ranked: the
 * pegs that are empty at the start are interchangeable (relabelling pegs maps
 * moves to moves and fixes the start), and a position's representative
 * relabels them in order of first appearance, largest disc first. The
 * representatives are ranked densely by counting completions (a table of
 * "how many canonical suffixes of r discs when u interchangeable pegs are
 * already in use"), so a 4-peg space from the standard start needs about a
 * sixth of the table. Each representative stands for e!/(e-u)! positions (e
 * interchangeable pegs, u of them used). docs/domains/hanoi-bfs.md has the
 * proof that this is sound.
 *
 * Pattern databases. The discs are split into groups of consecutive sizes
 * (the largest m discs, the next m, ..., the rest). A group's database holds,
 * for every position of its discs alone, the exact distance to the group's
 * goal pegs in the puzzle with only those discs: deleting the other discs
 * from a solution leaves a legal solution for the group (smaller discs only
 * ever block larger ones, larger discs never block anything smaller), so each
 * group needs at least its database value in moves of its own discs, and
 * moves of different groups are different moves: the sum is admissible, and
 * consistent because a move changes one group's value by at most one. Each
 * database is one two-bit BFS from the group's goal, writing the depth of
 * every rank into a byte table, saved in the pattern-database file format
 * (docs/pdb-format.md) when the goal is a tower (reusable) and otherwise kept
 * in memory only. Each group is an ar_pdb_abstraction whose builder is that
 * BFS, loaded or built through ar_pdb_open; the pdb provider at the end of
 * the file lists the same groups (solver_setup and pdbs_plan, shared with the
 * solver), so `ariadne pdb build hanoi` writes the files the solver loads.
 *
 * The solver runs A* over 64-bit ranks with its own hash table and a bucket
 * queue on f (last in, first out within a bucket, so ties go deep). With a
 * consistent heuristic no state is expanded twice and the first goal popped
 * is optimal. */
#include "hanoi_bfs2.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/timer.h"

#define NONE 0xFFu
#define LOW_BITS 0x5555555555555555ull

struct ar_hanoi_space {
    ar_bfs2_space bfs;
    unsigned k, n;
    int sym;                       /* ranks are canonical representatives */
    unsigned e;                    /* interchangeable pegs (empty at the start) */
    unsigned char is_e[AR_HANOI_MAX_PEGS], e_list[AR_HANOI_MAX_PEGS], e_index[AR_HANOI_MAX_PEGS];
    unsigned char start[AR_HANOI_MAX_DISCS];
    uint64_t pw[AR_HANOI_MAX_DISCS + 1]; /* k^i */
    uint64_t count;
    uint64_t *cnt;                 /* cnt[r*(e+1)+u]: canonical completions of r discs, u pegs used */
    uint64_t *pre;                 /* pre[(d*(e+1)+u)*(k+1)+c]: completions of choices below c */
    uint64_t orbit_of[AR_HANOI_MAX_PEGS + 1]; /* e!/(e-u)! */
};

static char peg_char(unsigned p) { return (char)(p < 9 ? '1' + (int)p : 'A' + (int)(p - 9)); }

/* ------------------------------------------------------------------ */
/* Ranking */

static uint64_t plain_rank(const ar_hanoi_space *hs, const unsigned char *pos)
{
    uint64_t r = 0;
    unsigned d;
    for (d = hs->n; d-- > 0;)
        r = r * hs->k + pos[d];
    return r;
}

static void plain_unrank(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos)
{
    unsigned d;
    if (hs->k == 4) {
        for (d = 0; d < hs->n; d++)
            pos[d] = (unsigned char)((r >> (2 * d)) & 3u);
        return;
    }
    for (d = 0; d < hs->n; d++) {
        pos[d] = (unsigned char)(r % hs->k);
        r /= hs->k;
    }
}

static int allowed(const ar_hanoi_space *hs, unsigned c, unsigned u)
{
    return !hs->is_e[c] || hs->e_index[c] <= u;
}

static unsigned is_new(const ar_hanoi_space *hs, unsigned c, unsigned u)
{
    return hs->is_e[c] && hs->e_index[c] == u;
}

/* The rank of the canonical representative of pos: interchangeable pegs are
 * relabelled e_list[0], e_list[1], ... in order of first appearance going
 * from the largest disc down, and the relabelled digit string is ranked in
 * lexicographic order among canonical strings. */
static uint64_t canon_rank(const ar_hanoi_space *hs, const unsigned char *pos)
{
    unsigned char map[AR_HANOI_MAX_PEGS];
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1;
    uint64_t r = 0;
    memset(map, NONE, sizeof map);
    for (d = hs->n; d-- > 0;) {
        unsigned c = pos[d], nu = u;
        if (hs->is_e[c]) {
            if (map[c] == NONE)
                map[c] = hs->e_list[nu++];
            c = map[c];
        }
        r += hs->pre[((size_t)d * e1 + u) * k1 + c];
        u = nu;
    }
    return r;
}

static void canon_unrank(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos)
{
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1, c;
    for (d = hs->n; d-- > 0;) {
        const uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
        /* The choice whose interval [row[c], row[c+1]) holds r: disallowed
         * choices have empty intervals, so the largest c with row[c] <= r. */
        for (c = hs->k - 1; row[c] > r; c--)
            ;
        r -= row[c];
        pos[d] = (unsigned char)c;
        u += is_new(hs, c, u);
    }
}

uint64_t ar_hanoi_space_rank(const ar_hanoi_space *hs, const unsigned char *pos)
{
    return hs->sym ? canon_rank(hs, pos) : plain_rank(hs, pos);
}

void ar_hanoi_space_unrank(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos)
{
    if (hs->sym)
        canon_unrank(hs, r, pos);
    else
        plain_unrank(hs, r, pos);
}

/* ------------------------------------------------------------------ */
/* bfs2 callbacks */

/* top[p]: the smallest disc on peg p, or NONE. */
static void tops_of(unsigned k, unsigned n, const unsigned char *pos, unsigned char *top)
{
    unsigned d, found = 0;
    memset(top, NONE, k);
    for (d = 0; d < n && found < k; d++)
        if (top[pos[d]] == NONE) {
            top[pos[d]] = (unsigned char)d;
            found++;
        }
}

/* 4 pegs, plain ranks: the rank is the packed state; the top of each peg is
 * the lowest digit equal to it, found with a mask (31 when the peg is empty:
 * at most 31 discs fit in 63 bits). Between two pegs exactly one direction is
 * legal unless both are empty: the disc of the smaller top moves, and since
 * its digit is one of the two pegs, flipping (a xor b) into it moves it to
 * the other. No data-dependent branches but the empty-pair test. */
static unsigned succ4(unsigned n, uint64_t r, uint64_t *out)
{
    static const unsigned char pa[6] = {0, 0, 0, 1, 1, 2}, pb[6] = {1, 2, 3, 2, 3, 3};
    uint64_t valid = LOW_BITS & (((uint64_t)1 << (2 * n)) - 1u);
    unsigned top[4], a, i, cnt = 0;
    for (a = 0; a < 4; a++) {
        uint64_t x = r ^ ((uint64_t)a * LOW_BITS);
        uint64_t m = (~(x | (x >> 1)) & valid) | ((uint64_t)1 << 62);
        top[a] = (unsigned)__builtin_ctzll(m) / 2u;
    }
    for (i = 0; i < 6; i++) {
        unsigned ta = top[pa[i]], tb = top[pb[i]], d = ta < tb ? ta : tb;
        out[cnt] = r ^ ((uint64_t)(pa[i] ^ pb[i]) << (2 * d));
        cnt += d < 31u;
    }
    return cnt;
}

/* The canonical rank of pos, of which the discs above d are unchanged from a
 * canonical position: their contribution `prefix` and the number u of
 * interchangeable pegs they use are known, and since they are canonical the
 * relabelling so far is the identity on e_list[0..u-1]. Only discs d..0 are
 * ranked again, so moves of small discs (most moves) cost little. */
static uint64_t canon_rank_from(const ar_hanoi_space *hs, const unsigned char *pos, unsigned d,
                                unsigned u, uint64_t prefix)
{
    unsigned char map[AR_HANOI_MAX_PEGS];
    unsigned j, e1 = hs->e + 1, k1 = hs->k + 1;
    uint64_t r = prefix;
    memset(map, NONE, sizeof map);
    for (j = 0; j < u; j++)
        map[hs->e_list[j]] = hs->e_list[j];
    for (d++; d-- > 0;) {
        unsigned c = pos[d], nu = u;
        if (hs->is_e[c]) {
            if (map[c] == NONE)
                map[c] = hs->e_list[nu++];
            c = map[c];
        }
        r += hs->pre[((size_t)d * e1 + u) * k1 + c];
        u = nu;
    }
    return r;
}

/* Successors under symmetry: unrank while recording, for each disc, the rank
 * contributed by the larger discs and how many interchangeable pegs they use;
 * then each move of disc d re-ranks only discs d..0. */
static unsigned sym_successors(const ar_hanoi_space *hs, uint64_t r, unsigned char *pos,
                               uint64_t *out)
{
    uint64_t prefix[AR_HANOI_MAX_DISCS];
    unsigned char used[AR_HANOI_MAX_DISCS], top[AR_HANOI_MAX_PEGS];
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1, c, a, b, cnt = 0;
    uint64_t acc = 0, rest = r;
    for (d = hs->n; d-- > 0;) {
        prefix[d] = acc;
        used[d] = (unsigned char)u;
        const uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
        for (c = hs->k - 1; row[c] > rest; c--)
            ;
        rest -= row[c];
        pos[d] = (unsigned char)c;
        acc += row[c];
        u += is_new(hs, c, u);
    }
    tops_of(hs->k, hs->n, pos, top);
    for (a = 0; a < hs->k; a++) {
        d = top[a];
        if (d == NONE)
            continue;
        for (b = 0; b < hs->k; b++) {
            if (b == a || top[b] < d)
                continue;
            pos[d] = (unsigned char)b;
            out[cnt++] = canon_rank_from(hs, pos, d, used[d], prefix[d]);
            pos[d] = (unsigned char)a;
        }
    }
    return cnt;
}

static unsigned space_successors(const void *ctx, uint64_t r, void *scratch, uint64_t *out)
{
    const ar_hanoi_space *hs = ctx;
    unsigned char *pos = scratch, top[AR_HANOI_MAX_PEGS];
    unsigned a, b, cnt = 0;
    if (!hs->sym && hs->k == 4)
        return succ4(hs->n, r, out);
    if (hs->sym)
        return sym_successors(hs, r, pos, out);
    plain_unrank(hs, r, pos);
    tops_of(hs->k, hs->n, pos, top);
    for (a = 0; a < hs->k; a++) {
        unsigned d = top[a];
        if (d == NONE)
            continue;
        for (b = 0; b < hs->k; b++) {
            if (b == a || top[b] < d)
                continue;
            out[cnt++] = r - a * hs->pw[d] + b * hs->pw[d];
        }
    }
    return cnt;
}

/* The orbit of a representative is e!/(e-u)! where u is the number of
 * interchangeable pegs it uses. Decoding stops as soon as all e are seen,
 * which for most positions happens within the few largest discs. */
static uint64_t space_orbit(const void *ctx, uint64_t r, void *scratch)
{
    const ar_hanoi_space *hs = ctx;
    unsigned d, u = 0, e1 = hs->e + 1, k1 = hs->k + 1, c;
    (void)scratch;
    for (d = hs->n; d-- > 0 && u < hs->e;) {
        const uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
        for (c = hs->k - 1; row[c] > r; c--)
            ;
        r -= row[c];
        u += is_new(hs, c, u);
    }
    return hs->orbit_of[u];
}

static uint64_t space_rank_cb(const void *ctx, const void *state)
{
    return ar_hanoi_space_rank(ctx, state);
}

static void space_unrank_cb(const void *ctx, uint64_t r, void *state)
{
    ar_hanoi_space_unrank(ctx, r, state);
}

static void space_format(const void *ctx, uint64_t r, char *buf, size_t size)
{
    const ar_hanoi_space *hs = ctx;
    unsigned char pos[AR_HANOI_MAX_DISCS];
    unsigned d;
    if (!size)
        return;
    ar_hanoi_space_unrank(hs, r, pos);
    for (d = 0; d < hs->n && d + 1 < size; d++)
        buf[d] = peg_char(pos[d]);
    buf[d] = '\0';
}

/* ------------------------------------------------------------------ */

ar_status ar_hanoi_space_create(unsigned k, unsigned n, const unsigned char *start, int symmetry,
                                ar_hanoi_space **out, ar_error *err)
{
    ar_hanoi_space *hs;
    unsigned d, c, u, p;
    *out = NULL;
    if (k < 3 || k > AR_HANOI_MAX_PEGS || n < 1 || n > AR_HANOI_MAX_DISCS)
        return ar_error_set(err, AR_ERR_INPUT, "hanoi space: %u pegs and %u discs are out of range",
                            k, n);
    hs = ar_xcalloc(1, sizeof *hs);
    hs->k = k;
    hs->n = n;
    hs->pw[0] = 1;
    for (d = 1; d <= n; d++) {
        if (hs->pw[d - 1] > (UINT64_MAX >> 1) / k) {
            free(hs);
            return ar_error_set(err, AR_ERR_UNSUPPORTED,
                                "%u discs on %u pegs is more than 2^63 positions: too many to rank",
                                n, k);
        }
        hs->pw[d] = hs->pw[d - 1] * k;
    }
    for (d = 0; d < n; d++) {
        if (start[d] >= k) {
            free(hs);
            return ar_error_set(err, AR_ERR_INPUT, "hanoi space: disc %u is on peg %u of %u", d + 1,
                                start[d] + 1u, k);
        }
        hs->start[d] = start[d];
    }
    /* The interchangeable pegs: those empty at the start. Permuting them fixes
     * the start, so it preserves every distance from the start. */
    for (p = 0; p < k; p++)
        hs->is_e[p] = 1;
    for (d = 0; d < n; d++)
        hs->is_e[start[d]] = 0;
    for (p = 0; p < k; p++)
        if (hs->is_e[p]) {
            hs->e_index[p] = (unsigned char)hs->e;
            hs->e_list[hs->e++] = (unsigned char)p;
        }
    hs->sym = symmetry && hs->e >= 2;
    if (hs->sym) {
        unsigned e1 = hs->e + 1, k1 = k + 1;
        hs->cnt = ar_xcalloc((size_t)(n + 1) * e1, sizeof *hs->cnt);
        hs->pre = ar_xcalloc((size_t)n * e1 * k1, sizeof *hs->pre);
        for (u = 0; u <= hs->e; u++)
            hs->cnt[u] = 1;
        for (d = 1; d <= n; d++)
            for (u = 0; u <= hs->e; u++) {
                uint64_t s = 0;
                for (c = 0; c < k; c++)
                    if (allowed(hs, c, u))
                        s += hs->cnt[(size_t)(d - 1) * e1 + u + is_new(hs, c, u)];
                hs->cnt[(size_t)d * e1 + u] = s;
            }
        for (d = 0; d < n; d++)
            for (u = 0; u <= hs->e; u++) {
                uint64_t *row = &hs->pre[((size_t)d * e1 + u) * k1];
                row[0] = 0;
                for (c = 0; c < k; c++)
                    row[c + 1] = row[c] + (allowed(hs, c, u)
                                               ? hs->cnt[(size_t)d * e1 + u + is_new(hs, c, u)]
                                               : 0);
            }
        hs->count = hs->cnt[(size_t)n * e1];
        hs->orbit_of[0] = 1;
        for (u = 1; u <= hs->e; u++)
            hs->orbit_of[u] = hs->orbit_of[u - 1] * (hs->e - u + 1);
    } else {
        hs->count = hs->pw[n];
    }
    hs->bfs.count = hs->count;
    hs->bfs.state_size = n;
    hs->bfs.scratch_size = AR_HANOI_MAX_DISCS;
    hs->bfs.ctx = hs;
    hs->bfs.successors = space_successors;
    hs->bfs.predecessors = NULL; /* moves are reversible */
    hs->bfs.orbit = hs->sym ? space_orbit : NULL;
    hs->bfs.rank = space_rank_cb;
    hs->bfs.unrank = space_unrank_cb;
    hs->bfs.format = space_format;
    *out = hs;
    return AR_OK;
}

void ar_hanoi_space_destroy(ar_hanoi_space *hs)
{
    if (!hs)
        return;
    free(hs->cnt);
    free(hs->pre);
    free(hs);
}

const ar_bfs2_space *ar_hanoi_space_bfs2(const ar_hanoi_space *hs) { return &hs->bfs; }

int ar_hanoi_space_symmetric(const ar_hanoi_space *hs) { return hs->sym; }

/* ------------------------------------------------------------------ */
/* The bfs2 provider: `ariadne bfs hanoi` */

static ar_status provider_open(const ar_instance *inst, int symmetry, ar_bfs2_problem *out,
                               ar_error *err)
{
    unsigned k, n, p, used = 0;
    unsigned char start[AR_HANOI_MAX_DISCS], goal[AR_HANOI_MAX_DISCS];
    ar_hanoi_space *hs;
    ar_status st;
    memset(out, 0, sizeof *out);
    ar_hanoi_instance_info(inst, &k, &n, start, goal);
    if ((st = ar_hanoi_space_create(k, n, start, symmetry, &hs, err)) != AR_OK)
        return st;
    out->space = hs->bfs;
    out->start = ar_hanoi_space_rank(hs, start);
    out->goal = ar_hanoi_space_rank(hs, goal);
    out->impl = hs;
    for (p = 0; p < n && p + 1 < sizeof out->goal_text; p++)
        out->goal_text[p] = peg_char(goal[p]);
    out->goal_text[p] = '\0';
    if (hs->sym) {
        char list[64];
        size_t len = 0;
        for (p = 0; p < hs->e && len + 4 < sizeof list; p++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%u", p ? "," : "",
                                    hs->e_list[p] + 1u);
        for (p = 1; p <= hs->e; p++)
            used = p;
        snprintf(out->symmetry, sizeof out->symmetry,
                 "pegs %s (empty at the start) interchangeable: one state per class, weighted by "
                 "its orbit (up to %" PRIu64 ")",
                 list, hs->orbit_of[used]);
    } else {
        snprintf(out->symmetry, sizeof out->symmetry, "none%s",
                 symmetry ? " (fewer than two pegs are empty at the start)" : "");
    }
    return AR_OK;
}

static void provider_close(ar_bfs2_problem *problem)
{
    ar_hanoi_space_destroy(problem->impl);
    memset(problem, 0, sizeof *problem);
}

const ar_bfs2_provider ar_bfs2_provider_hanoi = {.open = provider_open, .close = provider_close};

/* ------------------------------------------------------------------ */
/* Pattern databases over groups of discs */

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
    n = space_successors(g->hs, ar_hanoi_space_rank(g->hs, astate), scratch, ranks);
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
        ar_bitarray_free(&out->table);
        ar_bfs2_result_free(&res);
        return ar_error_set(err, AR_ERR_LIMIT, "building the pattern database %s was stopped (%s)",
                            g->size, ar_stop_reason_name(res.stop));
    }
    out->header.version = AR_PDB_FORMAT_VERSION;
    out->header.bits = 8;
    out->header.step = 1;
    out->header.count = a->count;
    out->header.data_bytes = out->table.bytes;
    out->header.unreached = a->count - res.total_ranks;
    out->header.max_distance = res.max_depth;
    out->header.max_entry = res.max_depth < 255 ? res.max_depth : 255;
    for (d = 255; d < res.levels; d++) /* distances above 255 are stored as 255: still a lower bound */
        out->header.capped += res.layer_ranks[d];
    out->header.build_seconds = ar_now() - t0;
    snprintf(out->header.domain, sizeof out->header.domain, "%s", a->domain);
    snprintf(out->header.size, sizeof out->header.size, "%s", a->size);
    snprintf(out->header.base_name, sizeof out->header.base_name, "none");
    snprintf(out->header.pattern, sizeof out->header.pattern, "%s", a->pattern);
    snprintf(out->header.goal, sizeof out->header.goal, "%s", a->goal);
    out->header.checksum = ar_hash_bytes(out->table.data, out->table.bytes);
    out->mem = po->mem;
    ar_bfs2_result_free(&res);
    return AR_OK;
}

/* Loads group g's database from the cache, or builds it (and saves it when
 * the goal is a tower, the case that recurs): ar_pdb_open, the path
 * `ariadne pdb build hanoi` writes to. */
static ar_status open_group(group *g, const ar_hanoi_pdb_config *cfg, ar_mem *mem,
                            const ar_search_options *opts, double deadline, ar_error *err)
{
    ar_pdb_build_options bo;
    ar_status st;
    int built = 1;
    memset(&bo, 0, sizeof bo);
    bo.mem = mem;
    if (opts) {
        if (deadline > 0) {
            bo.time_limit = deadline - ar_now();
            if (bo.time_limit <= 0)
                bo.time_limit = 1e-9;
        }
        bo.interrupt = opts->limits.interrupt;
        bo.progress = opts->progress;
    }
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
        nn = space_successors(s->hs, x, scratch, nb);
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
    s->piv_bytes = (size_t)k * k * cnt;
    s->piv = ar_mem_alloc(mem, s->piv_bytes, 1, "the pivot tables", err);
    if (!s->piv)
        return AR_ERR_MEMORY;
    order = ar_xmalloc(cnt * sizeof *order);
    queue = ar_xmalloc(cnt * sizeof *queue); /* a state is queued at most once (monotone pops) */
    init = ar_xmalloc(cnt);
    f2 = ar_xmalloc(cnt);
    done = ar_xmalloc(cnt);
    used = ar_xmalloc(cnt * sizeof *used);
    for (c = 0; c < cnt; c++) {
        plain_unrank(s->hs, c, pos);
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
        g->pattern[d] = peg_char(g->goal[d]);
    g->pattern[g->m] = '\0';
    if ((st = ar_hanoi_space_create(k, g->m, g->goal, 0, &g->hs, err)) != AR_OK)
        return st;
    h->ngroups++;
    g->count = g->hs->pw[g->m];
    for (d = 0; d < g->nruns; d++) {
        unsigned j;
        g->run_div[d] = 1;
        for (j = 0; j < g->run_lo[d]; j++)
            g->run_div[d] *= k; /* may wrap for ranks that do not fit: then unused */
        g->run_mod[d] = g->hs->pw[g->run_len[d]];
        g->run_mul[d] = g->hs->pw[g->run_place[d]];
    }
    g->abs.domain = "hanoi";
    g->abs.size = g->size;
    g->abs.pattern = g->pattern;
    g->abs.goal = g->pattern;
    g->abs.base_name = "none";
    g->abs.count = g->count;
    g->abs.state_size = g->m;
    g->abs.step = 1;
    g->abs.bits = 8;
    g->abs.ctx = g;
    g->abs.unrank = abs_unrank;
    g->abs.rank = abs_rank;
    g->abs.goals = abs_goals;
    g->abs.predecessors = abs_predecessors;
    g->abs.base = NULL;
    g->abs.build = group_build;
    g->abs.ns_per_state = BUILD_NS_PER_STATE;
    g->abs.exact = 1;
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
                               const ar_hanoi_pdb_config *cfg, ar_mem *mem,
                               const ar_search_options *opts, ar_hanoi_pdbs **out, ar_error *err)
{
    ar_hanoi_pdbs *h;
    unsigned i;
    ar_status st;
    double deadline = 0;
    size_t len = 0;
    *out = NULL;
    if ((st = pdbs_plan(k, n, goal, cfg, mem ? mem->limit : 0, &h, err)) != AR_OK)
        return st;
    h->mem = mem;
    if (opts && opts->limits.time_limit > 0)
        deadline = ar_now() + opts->limits.time_limit;
    for (i = 0; i < h->ngroups && st == AR_OK; i++)
        st = open_group(&h->g[i], cfg, mem, opts, deadline, err);
    for (i = 0; i < h->ngroups && st == AR_OK; i++) {
        h->g[i].table = h->g[i].pdb.table.data;
        if (!cfg->no_pivots)
            st = pivot_tables(h, &h->g[i], mem, err);
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
        v += group_value(h, g, plain_rank(g->hs, sub), pos);
    }
    return v;
}

const char *ar_hanoi_pdbs_name(const ar_hanoi_pdbs *h) { return h->name; }

/* The heuristic of a full rank (k^n < 2^63): ar_hanoi_pdbs_value on ranks. */
static unsigned pdbs_value_rank(const ar_hanoi_pdbs *h, uint64_t r)
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
/* A* over ranks */

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
    ar_mem *mem;
    node *slots;
    uint64_t cap, used;   /* cap a power of two */
    unsigned shift;       /* 64 - log2(cap) */
    bucket *buckets;
    unsigned nbuckets;
    uint64_t expanded, generated;
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

/* Runs A* from start to goal. On success *path (malloc'd) holds the moves and
 * *length their number; a stop by a limit returns AR_ERR_LIMIT with *stop and
 * *bound (the f value being expanded, a proven lower bound). */
static ar_status astar_run(astar *a, uint64_t start, uint64_t goal, const ar_search_options *opts,
                           double started, path_move **path, unsigned *length,
                           ar_stop_reason *stop, unsigned *bound)
{
    unsigned f;
    int fresh;
    node *nd;
    ar_status st;
    unsigned char pos[AR_HANOI_MAX_DISCS], top[AR_HANOI_MAX_PEGS];
    uint64_t next_poll = 4096;

    *path = NULL;
    *length = 0;
    if ((st = table_init(a, 1u << 16)) != AR_OK)
        return st;
    nd = table_get(a, start, &fresh);
    nd->g = 0;
    nd->h = (uint16_t)pdbs_value_rank(a->h, start);
    nd->disc = NONE;
    if ((st = push(a, nd->h, start)) != AR_OK)
        return st;
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
        a->expanded++;
        if (a->expanded >= next_poll) {
            next_poll = a->expanded + 4096;
            if (opts->limits.interrupt && *opts->limits.interrupt)
                *stop = AR_STOP_INTERRUPT;
            else if (opts->limits.time_limit > 0 && ar_now() - started > opts->limits.time_limit)
                *stop = AR_STOP_TIME;
            else if (opts->limits.node_limit && a->expanded >= opts->limits.node_limit)
                *stop = AR_STOP_NODES;
            if (*stop != AR_STOP_NONE) {
                *bound = f;
                return AR_ERR_LIMIT;
            }
            if (opts->progress) {
                char detail[96];
                snprintf(detail, sizeof detail, "A* f=%u, %" PRIu64 " states stored", f, a->used);
                ar_progress_update(opts->progress, a->expanded, 0, "expanded", detail);
            }
        }
        for (d = 0; d < a->n; d++)
            pos[d] = (unsigned char)digit(a, key, d);
        tops_of(a->k, a->n, pos, top);
        for (pa = 0; pa < a->k; pa++) {
            d = top[pa];
            if (d == NONE)
                continue;
            for (pb = 0; pb < a->k; pb++) {
                uint64_t child;
                node *c;
                if (pb == pa || top[pb] < d)
                    continue;
                child = key - pa * a->pw[d] + pb * a->pw[d];
                a->generated++;
                c = table_get(a, child, &fresh);
                if (!c) {
                    *stop = AR_STOP_MEMORY;
                    *bound = f;
                    return AR_ERR_LIMIT;
                }
                if (fresh)
                    c->h = (uint16_t)pdbs_value_rank(a->h, child);
                else if (c->closed || c->g <= g + 1)
                    continue;
                c->g = (uint16_t)(g + 1);
                c->disc = (uint8_t)d;
                c->from = (uint8_t)pa;
                if (push(a, g + 1 + c->h, child) != AR_OK) {
                    *stop = AR_STOP_MEMORY;
                    *bound = f;
                    return AR_ERR_LIMIT;
                }
            }
        }
    }
    return ar_error_set(a->err, AR_ERR_INTERNAL, "A*: the goal was not reached (the open list ran dry)");
}

/* ------------------------------------------------------------------ */
/* The domain solver */

/* What the pdb solver works on for inst: the pegs k, the discs that move n
 * (discs above the largest one whose start and goal pegs differ never move in
 * an optimal solution: deleting their moves leaves a legal solution), start
 * and goal, and *sized, cfg with the largest group fitted to memory_limit when
 * cfg leaves it open. The solver and the `ariadne pdb` provider both start
 * here, so they agree on the databases and their files. */
static ar_status solver_setup(const ar_instance *inst, const ar_hanoi_pdb_config *cfg,
                              size_t memory_limit, unsigned *k, unsigned *n, unsigned char *start,
                              unsigned char *goal, ar_hanoi_pdb_config *sized, ar_error *err)
{
    unsigned d;
    uint64_t p = 1;
    ar_hanoi_instance_info(inst, k, n, start, goal);
    if (*k < 4)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the pdb solver needs 4 or more pegs (3 pegs are solved exactly without "
                            "search: --algo recursive)");
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

/* The configuration of the solver table's "pdb" (and of `ariadne pdb ...
 * hanoi`): databases cached for tower goals, in --pdb-dir, the largest group
 * --pdb-group discs (or sized to the memory limit). */
static void run_config(const ar_instance *inst, ar_hanoi_pdb_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->cache = 1;
    cfg->low = AR_HANOI_PDB_LOW_DEFAULT;
    ar_hanoi_instance_pdb(inst, &cfg->dir, &cfg->group);
}

ar_status ar_hanoi_pdb_solve(ar_instance *inst, const ar_search_options *opts_in,
                             const ar_hanoi_pdb_config *cfg, ar_result *result, ar_error *err)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    ar_search_options defaults;
    ar_hanoi_pdb_config sized;
    const ar_search_options *opts = opts_in;
    unsigned k, n, d, length = 0, bound = 0, i, loaded = 0;
    unsigned char start[AR_HANOI_MAX_DISCS], goal[AR_HANOI_MAX_DISCS];
    ar_mem mem;
    ar_hanoi_pdbs *h = NULL;
    astar a;
    path_move *path = NULL;
    ar_stop_reason stop = AR_STOP_NONE;
    uint64_t srank = 0, grank = 0;
    double started = ar_now(), build_s;
    ar_status st;

    if (!opts) {
        ar_search_options_init(&defaults);
        opts = &defaults;
    }
    result->algorithm = "pdb";
    result->heuristic = "additive-pdb";
    st = solver_setup(inst, cfg, opts->limits.memory_limit, &k, &n, start, goal, &sized, err);
    if (st != AR_OK)
        return st;
    memset(&a, 0, sizeof a);
    a.pw[0] = 1;
    for (d = 1; d <= n; d++) /* fits: solver_setup checked */
        a.pw[d] = a.pw[d - 1] * k;
    for (d = n; d-- > 0;) {
        srank = srank * k + start[d];
        grank = grank * k + goal[d];
    }
    ar_mem_init(&mem, opts->limits.memory_limit);
    st = ar_hanoi_pdbs_create(k, n, goal, &sized, &mem, opts, &h, err);
    if (st == AR_ERR_LIMIT) {
        result->outcome = AR_OUTCOME_STOPPED;
        result->stop = opts->limits.interrupt && *opts->limits.interrupt ? AR_STOP_INTERRUPT
                                                                          : AR_STOP_TIME;
        result->seconds = ar_now() - started;
        result->peak_bytes = mem.peak;
        snprintf(result->note, sizeof result->note, "stopped while building the pattern databases");
        return AR_OK;
    }
    if (st != AR_OK)
        return st;
    build_s = ar_now() - started;
    for (i = 0; i < h->ngroups; i++)
        loaded += (unsigned)h->g[i].loaded;
    a.h = h;
    a.k = k;
    a.n = n;
    a.mem = &mem;
    a.err = err;
    st = astar_run(&a, srank, grank, opts, started, &path, &length, &stop, &bound);
    result->expanded = a.expanded;
    result->generated = a.generated;
    astar_free(&a);
    result->seconds = ar_now() - started;
    result->peak_bytes = mem.peak;
    if (st == AR_ERR_LIMIT) {
        result->outcome = AR_OUTCOME_STOPPED;
        result->stop = stop;
        result->has_lower_bound = 1;
        result->lower_bound = bound;
        snprintf(result->note, sizeof result->note,
                 "stopped by a limit; the optimal length is at least %u (A* with pattern "
                 "databases %s)",
                 bound, ar_hanoi_pdbs_name(h));
        ar_hanoi_pdbs_destroy(h);
        return AR_OK;
    }
    if (st != AR_OK) {
        ar_hanoi_pdbs_destroy(h);
        return st;
    }
    /* The moves as the domain's own codes: replay them through its parser, so
     * the solution is checked move by move as `ariadne verify` would. */
    {
        size_t ssz = p->state_size(inst);
        unsigned char *state = ar_xmalloc(ssz ? ssz : 1);
        result->moves = ar_xmalloc((length ? length : 1) * sizeof(ar_move));
        p->initial_state(inst, state);
        for (i = 0; i < length && st == AR_OK; i++) {
            char text[16];
            int len = snprintf(text, sizeof text, "%u-%u", path[i].from + 1u, path[i].to + 1u);
            st = p->parse_move(inst, state, text, (size_t)len, &result->moves[i], err);
            if (st == AR_OK)
                p->apply(inst, state, result->moves[i]);
        }
        if (st == AR_OK && !p->is_goal(inst, state))
            st = ar_error_set(err, AR_ERR_INTERNAL, "pdb: the solution does not reach the goal");
        free(state);
        if (st != AR_OK) {
            free(result->moves);
            result->moves = NULL;
            free(path);
            ar_hanoi_pdbs_destroy(h);
            return st;
        }
    }
    free(path);
    result->outcome = AR_OUTCOME_SOLVED;
    result->stop = AR_STOP_NONE;
    result->length = length;
    result->cost = length;
    result->optimal = 1;
    result->has_lower_bound = 1;
    result->lower_bound = length;
    snprintf(result->note, sizeof result->note,
             "optimal: A* with a consistent heuristic, additive pattern databases over disc "
             "groups %s (largest first; %.1f s to build or load, %u of %u loaded from the cache)",
             ar_hanoi_pdbs_name(h), build_s, loaded, h->ngroups);
    ar_hanoi_pdbs_destroy(h);
    return AR_OK;
}

ar_status ar_hanoi_pdb_run(ar_instance *inst, const ar_search_options *opts,
                           const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    ar_hanoi_pdb_config cfg;
    (void)sink; /* the solution is short: it is returned in result->moves */
    run_config(inst, &cfg);
    return ar_hanoi_pdb_solve(inst, opts, &cfg, result, err);
}

/* ------------------------------------------------------------------ */
/* The pdb provider: `ariadne pdb build|info|verify hanoi` */

/* The groups the pdb solver would use for inst under limits, planned by the
 * same code (solver_setup, pdbs_plan), so the files are the solver's. */
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
    run_config(inst, &cfg);
    if ((st = solver_setup(inst, &cfg, limit, &k, &n, start, goal, &sized, err)) != AR_OK)
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
    const char *dir;
    unsigned size;
    ar_hanoi_instance_pdb(inst, &dir, &size);
    return dir;
}

/* The options (--pegs, --discs, --from, --to) say it all. */
static void provider_sample(const ar_param *params, size_t count, char *buf, size_t size)
{
    (void)params;
    (void)count;
    if (size)
        buf[0] = '\0';
}

const ar_pdb_provider ar_pdb_provider_hanoi = {.abstractions = provider_abstractions,
                                               .release = provider_release,
                                               .dir = provider_dir,
                                               .sample_instance = provider_sample};
