/* tsp_local.c — the travelling salesman's local-search view (local.h): a
 * state is a whole tour, the cost its length, the neighbourhood 2-opt and
 * Or-opt moves drawn from each city's candidate list.
 *
 * A move anchors at a city a and one of its k nearest cities c, and makes
 * them neighbours in the tour:
 *   2-opt (2 variants)   a's successor or predecessor a2 and c's on the same
 *                        side c2: edges (a,a2) (c,c2) become (a,c) (a2,c2);
 *   Or-opt (12 variants) the path of L = 1..3 cities that starts at a going
 *                        either way is cut out (its ends p and q joined) and
 *                        put between c and the city before or after it, a
 *                        next to c.
 * Hill climbing's fast path (improving_move) is the classic one: don't-look
 * bits kept as a queue of cities whose surroundings changed, and the
 * neighbour lists scanned nearest first only while the new edge is shorter
 * than the edge it would replace (the gain criterion). The kick for iterated
 * local search is a double bridge of two short adjacent paths (lengths up to
 * 50), so it costs O(1) instead of O(n). Every change is a sequence of
 * oriented 2-opt moves; while a mark is set they are journalled, so ILS
 * rolls a rejected kick back by undoing them instead of copying the tour.
 *
 * For the notes' systematic generate-and-test the view also enumerates every
 * tour (city 1 first, the others in all (n-1)! orders). */
#include "tsp_internal.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"

#define VARIANTS 14 /* 2 two-opt + 3 lengths x 2 directions x 2 sides of Or-opt */
#define JOURNAL_MAX (1u << 20)

typedef struct tsp_local {
    const tsp_data *d;
    uint32_t n, k;
    unsigned moves;
    uint32_t *queue;        /* the cities to look at (don't-look bits off), a ring */
    unsigned char *queued;
    uint32_t qhead, qcount;
    uint32_t (*journal)[4]; /* the 2-opt moves since the mark */
    size_t jlen, jcap;
    int marked, journal_ok, mark_clean;
    size_t bytes;
    ar_mem *mem;
} tsp_local;

static tsp_tour tour_of(const tsp_local *L, const void *state)
{
    tsp_tour t;
    t.n = L->n;
    t.city = (uint32_t *)(uintptr_t)state;
    t.pos = t.city + L->n;
    return t;
}

static void enqueue(tsp_local *L, uint32_t c)
{
    if (L->queued[c])
        return;
    L->queued[c] = 1;
    L->queue[(L->qhead + L->qcount) % L->n] = c;
    L->qcount++;
}

/* One oriented 2-opt of an applied move: journalled, its cities looked at again. */
static void step(void *ctx, uint32_t a, uint32_t b, uint32_t c, uint32_t e)
{
    void **pair = ctx;
    tsp_local *L = pair[0];
    tsp_tour *t = pair[1];
    ar_tsp_two_opt(t, a, b, c, e);
    enqueue(L, a);
    enqueue(L, b);
    enqueue(L, c);
    enqueue(L, e);
    if (L->marked && L->journal_ok) {
        if (L->jlen == L->jcap) {
            size_t cap = L->jcap ? 2 * L->jcap : 1024;
            void *grown = cap <= JOURNAL_MAX
                              ? ar_mem_realloc(L->mem, L->journal, L->jcap * sizeof *L->journal,
                                               cap * sizeof *L->journal, "the undo journal", NULL)
                              : NULL;
            if (!grown) {
                L->journal_ok = 0; /* rollback will copy instead */
                return;
            }
            L->journal = grown;
            L->bytes += (cap - L->jcap) * sizeof *L->journal;
            L->jcap = cap;
        }
        L->journal[L->jlen][0] = a;
        L->journal[L->jlen][1] = b;
        L->journal[L->jlen][2] = c;
        L->journal[L->jlen][3] = e;
        L->jlen++;
    }
}

/* --- moves --- */

/* A move spelled out: the cities it touches and its cost change. */
typedef struct spelled {
    int oropt, reversed;
    uint32_t a, a2, c, c2;          /* 2-opt: (a,a2) (c,c2) -> (a,c) (a2,c2) */
    uint32_t p, s1, sl, q, g, h;    /* Or-opt: s1..sl from between p,q to between g,h */
    int64_t delta;
} spelled;

static uint32_t step_dir(const tsp_tour *t, uint32_t c, int backward)
{
    return backward ? tsp_pred(t, c) : tsp_succ(t, c);
}

/* Spells variant v of anchor a and neighbour c on tour t; 0 when the move
 * does not exist there. */
static int spell(const tsp_local *L, const tsp_tour *t, uint32_t a, uint32_t c, int v, spelled *s)
{
    const tsp_data *d = L->d;
    if (a == c)
        return 0;
    if (v < 2) {
        s->oropt = 0;
        s->a = a;
        s->c = c;
        s->a2 = step_dir(t, a, v);
        s->c2 = step_dir(t, c, v);
        if (c == s->a2 || s->c2 == a)
            return 0;
        s->delta = (int64_t)tsp_dist(d, a, c) + tsp_dist(d, s->a2, s->c2) - tsp_dist(d, a, s->a2) -
                   tsp_dist(d, c, s->c2);
        return 1;
    } else {
        int w = v - 2, len = w / 4 + 1, dir = (w / 2) % 2, side = w % 2, i;
        uint32_t seg[3], other;
        if (L->n < (uint32_t)len + 3)
            return 0;
        seg[0] = a;
        for (i = 1; i < len; i++)
            seg[i] = step_dir(t, seg[i - 1], dir);
        for (i = 0; i < len; i++)
            if (seg[i] == c)
                return 0;
        other = step_dir(t, c, side ? !dir : dir);
        for (i = 0; i < len; i++)
            if (seg[i] == other)
                return 0;
        s->oropt = 1;
        s->s1 = a;
        s->sl = seg[len - 1];
        s->p = step_dir(t, a, !dir);
        s->q = step_dir(t, s->sl, dir);
        /* side 0: c then its next (g = c, a next to g, forward);
         * side 1: its previous then c (h = c, a next to h, reversed). */
        s->g = side ? other : c;
        s->h = side ? c : other;
        s->reversed = side;
        s->delta = (int64_t)tsp_dist(d, s->p, s->q) - tsp_dist(d, s->p, a) - tsp_dist(d, s->sl, s->q) -
                   tsp_dist(d, s->g, s->h) + tsp_dist(d, a, c) + tsp_dist(d, s->sl, other);
        return 1;
    }
}

static int variant_enabled(const tsp_local *L, int v)
{
    return v < 2 ? (L->moves & TSP_MOVES_2OPT) != 0 : (L->moves & TSP_MOVES_OROPT) != 0;
}

static void perform(tsp_local *L, tsp_tour *t, const spelled *s)
{
    void *pair[2];
    pair[0] = L;
    pair[1] = t;
    if (!s->oropt)
        step(pair, s->a, s->a2, s->c, s->c2);
    else
        ar_tsp_segment_move(t, s->p, s->s1, s->sl, s->q, s->g, s->h, s->reversed, step, pair);
}

/* The move of cursor index idx = (a * k + j) * VARIANTS + v, if it exists. */
static int move_at(const tsp_local *L, const tsp_tour *t, uint64_t idx, ar_local_move *m)
{
    uint32_t v = (uint32_t)(idx % VARIANTS), j = (uint32_t)(idx / VARIANTS % L->k);
    uint32_t a = (uint32_t)(idx / VARIANTS / L->k), c = L->d->neighbours[(size_t)a * L->k + j];
    spelled s;
    if (!variant_enabled(L, (int)v) || !spell(L, t, a, c, (int)v, &s))
        return 0;
    m->a = (int32_t)a;
    m->b = (int32_t)c;
    m->c = (int32_t)j;
    m->d = (int32_t)v;
    return 1;
}

static int next_from(const tsp_local *L, const void *state, uint64_t idx, ar_local_move *m)
{
    tsp_tour t = tour_of(L, state);
    uint64_t end = (uint64_t)L->n * L->k * VARIANTS;
    for (; idx < end; idx++)
        if (move_at(L, &t, idx, m))
            return 1;
    return 0;
}

static uint64_t index_of(const tsp_local *L, const ar_local_move *m)
{
    return ((uint64_t)(uint32_t)m->a * L->k + (uint32_t)m->c) * VARIANTS + (uint32_t)m->d;
}

static int first_move(void *ctx, const void *state, ar_local_move *m)
{
    return next_from(ctx, state, 0, m);
}

static int next_move(void *ctx, const void *state, ar_local_move *m)
{
    return next_from(ctx, state, index_of(ctx, m) + 1, m);
}

static int random_move(void *ctx, const void *state, ar_rng *rng, ar_local_move *m)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    int tries;
    for (tries = 0; tries < 64; tries++) {
        uint64_t idx = ar_rng_below(rng, (uint64_t)L->n * L->k * VARIANTS);
        if (move_at(L, &t, idx, m))
            return 1;
    }
    return first_move(ctx, state, m);
}

static int64_t delta(void *ctx, const void *state, const ar_local_move *m)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    spelled s;
    if (!spell(L, &t, (uint32_t)m->a, (uint32_t)m->b, m->d, &s))
        return 0;
    return s.delta;
}

static void apply(void *ctx, void *state, const ar_local_move *m)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    spelled s;
    if (spell(L, &t, (uint32_t)m->a, (uint32_t)m->b, m->d, &s))
        perform(L, &t, &s);
}

static int64_t cost(void *ctx, const void *state)
{
    tsp_local *L = ctx;
    return ar_tsp_tour_length(L->d, state);
}

/* The don't-look-bit search: the first improving move anchored at a city
 * of the queue; a city without one leaves the queue. */
static int improving_move(void *ctx, const void *state, ar_local_move *m, int64_t *out_delta,
                          uint64_t *evaluated)
{
    tsp_local *L = ctx;
    const tsp_data *d = L->d;
    tsp_tour t = tour_of(L, state);
    const uint32_t *nb;
    const int32_t *nd;
    while (L->qcount) {
        uint32_t a = L->queue[L->qhead], j;
        int dir, v;
        L->qhead = (L->qhead + 1) % L->n;
        L->qcount--;
        L->queued[a] = 0;
        nb = d->neighbours + (size_t)a * L->k;
        nd = d->neighbour_dist + (size_t)a * L->k;
        if (L->moves & TSP_MOVES_2OPT)
            for (dir = 0; dir < 2; dir++) {
                uint32_t a2 = step_dir(&t, a, dir);
                int32_t base = tsp_dist(d, a, a2);
                for (j = 0; j < L->k && nd[j] < base; j++) {
                    uint32_t c = nb[j], c2 = step_dir(&t, c, dir);
                    int64_t dl;
                    if (c == a2 || c2 == a)
                        continue;
                    ++*evaluated;
                    dl = (int64_t)nd[j] + tsp_dist(d, a2, c2) - base - tsp_dist(d, c, c2);
                    if (dl < 0) {
                        m->a = (int32_t)a, m->b = (int32_t)c, m->c = (int32_t)j, m->d = dir;
                        *out_delta = dl;
                        return 1;
                    }
                }
            }
        if (L->moves & TSP_MOVES_OROPT)
            for (dir = 0; dir < 2; dir++) {
                /* the paths a.., a..sl of 1 to 3 cities going this way */
                uint32_t p = step_dir(&t, a, !dir), sl = a;
                int len;
                for (len = 1; len <= 3 && L->n >= (uint32_t)len + 3; len++) {
                    uint32_t q;
                    int64_t removal;
                    if (len > 1)
                        sl = step_dir(&t, sl, dir);
                    q = step_dir(&t, sl, dir);
                    removal = (int64_t)tsp_dist(d, p, a) + tsp_dist(d, sl, q) - tsp_dist(d, p, q);
                    v = 2 + (len - 1) * 4 + dir * 2;
                    for (j = 0; j < L->k && nd[j] < removal; j++) {
                        int side;
                        for (side = 0; side < 2; side++) {
                            spelled s;
                            if (!spell(L, &t, a, nb[j], v + side, &s))
                                continue;
                            ++*evaluated;
                            if (s.delta < 0) {
                                m->a = (int32_t)a, m->b = (int32_t)nb[j], m->c = (int32_t)j;
                                m->d = v + side;
                                *out_delta = s.delta;
                                return 1;
                            }
                        }
                    }
                }
            }
    }
    return 0;
}

static void reset(void *ctx, const void *state)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    uint32_t i;
    L->qhead = L->qcount = 0;
    memset(L->queued, 0, L->n);
    for (i = 0; i < L->n; i++)
        enqueue(L, t.city[i]);
    L->marked = 0;
    L->jlen = 0;
}

/* A double bridge of two short adjacent paths: p B C h -> p C B h. */
static int64_t perturb(void *ctx, void *state, ar_rng *rng)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    uint32_t most = (L->n - 2) / 3, l1, l2, i, p, s1, sl, q, g, h;
    int64_t dl;
    if (most > 50)
        most = 50;
    if (most < 1)
        return 0;
    l1 = 1 + (uint32_t)ar_rng_below(rng, most);
    l2 = 1 + (uint32_t)ar_rng_below(rng, most);
    p = (uint32_t)ar_rng_below(rng, L->n);
    s1 = tsp_succ(&t, p);
    for (sl = s1, i = 1; i < l1; i++)
        sl = tsp_succ(&t, sl);
    q = tsp_succ(&t, sl);
    for (g = q, i = 1; i < l2; i++)
        g = tsp_succ(&t, g);
    h = tsp_succ(&t, g);
    dl = (int64_t)tsp_dist(L->d, p, q) + tsp_dist(L->d, g, s1) + tsp_dist(L->d, sl, h) -
         tsp_dist(L->d, p, s1) - tsp_dist(L->d, sl, q) - tsp_dist(L->d, g, h);
    {
        void *pair[2];
        pair[0] = L;
        pair[1] = &t;
        ar_tsp_segment_move(&t, p, s1, sl, q, g, h, 0, step, pair);
    }
    return dl;
}

static void mark(void *ctx, const void *state)
{
    tsp_local *L = ctx;
    (void)state;
    L->marked = 1;
    L->journal_ok = 1;
    L->jlen = 0;
    L->mark_clean = L->qcount == 0;
}

static int rollback(void *ctx, void *state)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    if (!L->marked || !L->journal_ok)
        return 0;
    while (L->jlen > 0) {
        const uint32_t *e = L->journal[--L->jlen];
        ar_tsp_two_opt(&t, e[0], e[2], e[1], e[3]); /* the inverse of (a,b,c,e) is (a,c,b,e) */
        if (!L->mark_clean) {
            enqueue(L, e[0]);
            enqueue(L, e[1]);
            enqueue(L, e[2]);
            enqueue(L, e[3]);
        }
    }
    if (L->mark_clean) { /* back at the marked local optimum: nothing to look at */
        while (L->qcount) {
            L->queued[L->queue[L->qhead]] = 0;
            L->qhead = (L->qhead + 1) % L->n;
            L->qcount--;
        }
    }
    return 1;
}

static uint64_t edge_key(const tsp_local *L, uint32_t u, uint32_t v)
{
    return u < v ? (uint64_t)u * L->n + v : (uint64_t)v * L->n + u;
}

static void attributes(void *ctx, const void *state, const ar_local_move *m, ar_local_attrs *out)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    spelled s;
    out->adds = out->drops = 0;
    if (!spell(L, &t, (uint32_t)m->a, (uint32_t)m->b, m->d, &s))
        return;
    if (!s.oropt) {
        out->drop[0] = edge_key(L, s.a, s.a2);
        out->drop[1] = edge_key(L, s.c, s.c2);
        out->add[0] = edge_key(L, s.a, s.c);
        out->add[1] = edge_key(L, s.a2, s.c2);
        out->drops = out->adds = 2;
    } else {
        out->drop[0] = edge_key(L, s.p, s.s1);
        out->drop[1] = edge_key(L, s.sl, s.q);
        out->drop[2] = edge_key(L, s.g, s.h);
        out->add[0] = edge_key(L, s.p, s.q);
        out->add[1] = edge_key(L, s.g, s.reversed ? s.sl : s.s1);
        out->add[2] = edge_key(L, s.reversed ? s.s1 : s.sl, s.h);
        out->drops = out->adds = 3;
    }
}

/* --- start states --- */

static void fill_positions(tsp_tour *t)
{
    uint32_t i;
    for (i = 0; i < t->n; i++)
        t->pos[t->city[i]] = i;
}

static void random_state(void *ctx, void *state, ar_rng *rng)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    ar_tsp_construct(L->d, TSP_CONSTRUCT_RANDOM, ar_rng_next(rng), t.city);
    fill_positions(&t);
}

static void initial_state(void *ctx, void *state, ar_rng *rng)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    ar_tsp_construct(L->d, L->d->construct, ar_rng_next(rng), t.city);
    fill_positions(&t);
}

/* --- every tour, for systematic generate-and-test --- */

static int first_candidate(void *ctx, void *state)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    uint32_t i;
    for (i = 0; i < L->n; i++)
        t.city[i] = t.pos[i] = i;
    return 1;
}

/* The next order of city[1..n-1] in lexicographic order (city 1 stays first). */
static int next_candidate(void *ctx, void *state)
{
    tsp_local *L = ctx;
    tsp_tour t = tour_of(L, state);
    uint32_t n = L->n, i = n - 2, j, lo, hi;
    while (i >= 1 && t.city[i] > t.city[i + 1])
        i--;
    if (i < 1)
        return 0;
    for (j = n - 1; t.city[j] < t.city[i]; j--)
        ;
    lo = t.city[i];
    t.city[i] = t.city[j];
    t.city[j] = lo;
    for (lo = i + 1, hi = n - 1; lo < hi; lo++, hi--) {
        uint32_t c = t.city[lo];
        t.city[lo] = t.city[hi];
        t.city[hi] = c;
    }
    for (j = i; j < n; j++)
        t.pos[t.city[j]] = j;
    return 1;
}

static uint64_t candidate_count(void *ctx)
{
    tsp_local *L = ctx;
    uint64_t f = 1, i;
    for (i = 2; i < L->n; i++) {
        if (f > UINT64_MAX / i)
            return 0;
        f *= i;
    }
    return f;
}

/* --- the provider --- */

static ar_status view_create(ar_instance *inst, ar_mem *mem, ar_local_problem *prob, ar_error *err)
{
    const tsp_data *d = inst->d;
    tsp_local *L;
    size_t bytes = sizeof *L + (size_t)d->n * (sizeof(uint32_t) + 1);
    if (!inst->fresh)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "local search makes whole tours from city 1; this instance starts mid-tour");
    L = ar_mem_alloc(mem, bytes, 1, "the local-search view", err);
    if (!L)
        return AR_ERR_MEMORY;
    L->d = d;
    L->n = d->n;
    L->k = d->k;
    L->moves = d->moves;
    L->queue = (uint32_t *)(void *)(L + 1);
    L->queued = (unsigned char *)(L->queue + d->n);
    L->bytes = bytes;
    L->mem = mem;
    memset(prob, 0, sizeof *prob);
    prob->ctx = L;
    prob->state_size = 2 * sizeof(uint32_t) * d->n;
    prob->size = d->n;
    prob->cost = cost;
    prob->random_state = random_state;
    prob->initial_state = initial_state;
    prob->first_move = first_move;
    prob->next_move = next_move;
    prob->random_move = random_move;
    prob->delta = delta;
    prob->apply = apply;
    prob->improving_move = improving_move;
    prob->reset = reset;
    prob->perturb = perturb;
    prob->mark = mark;
    prob->rollback = rollback;
    prob->attributes = attributes;
    prob->first_candidate = first_candidate;
    prob->next_candidate = next_candidate;
    prob->candidate_count = candidate_count;
    return AR_OK;
}

static void view_destroy(ar_local_problem *prob, ar_mem *mem)
{
    tsp_local *L = prob->ctx;
    if (!L)
        return;
    if (L->journal)
        ar_mem_free(mem, L->journal, L->jcap * sizeof *L->journal);
    ar_mem_free(mem, L, sizeof *L + (size_t)L->n * (sizeof(uint32_t) + 1));
    prob->ctx = NULL;
}

static uint64_t view_solution_length(const ar_local_problem *prob)
{
    return ((const tsp_local *)prob->ctx)->n;
}

static ar_status view_to_moves(const ar_local_problem *prob, const void *state, ar_move *moves,
                               uint64_t *length, uint64_t *total, ar_error *err)
{
    const tsp_local *L = prob->ctx;
    tsp_tour t = tour_of(L, state);
    uint32_t i, at = t.pos[0], from = 0;
    (void)err;
    *total = 0;
    for (i = 1; i <= L->n; i++) {
        uint32_t to = t.city[(at + i) % L->n];
        moves[i - 1] = from * L->n + to;
        *total += (uint64_t)tsp_dist(L->d, from, to);
        from = to;
    }
    *length = L->n;
    return AR_OK;
}

const ar_local_provider ar_tsp_local_view = {
    .create = view_create,
    .destroy = view_destroy,
    .solution_length = view_solution_length,
    .to_moves = view_to_moves,
};

ar_status ar_tsp_local_tour(ar_instance *inst, const char *strategy, const ar_param *params,
                            size_t param_count, const ar_search_options *opts, uint32_t *order,
                            int64_t *length, ar_error *err)
{
    const ar_local_strategy *s = ar_local_strategy_find(strategy);
    ar_local_problem prob;
    ar_local_params par;
    ar_local_stats stats;
    ar_result res;
    ar_run run;
    ar_status st;
    uint32_t *best;
    if (!s)
        return ar_error_set(err, AR_ERR_INTERNAL, "no local-search strategy %s", strategy);
    st = ar_local_params_parse(s, params, param_count, &par, err);
    if (st != AR_OK)
        return st;
    par.seed = opts ? opts->seed : 0;
    ar_result_init(&res);
    ar_run_begin(&run, opts, &res);
    st = view_create(inst, &run.mem, &prob, err);
    if (st != AR_OK)
        return st;
    best = malloc(prob.state_size);
    if (!best) {
        view_destroy(&prob, &run.mem);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for a tour of %u cities", inst->d->n);
    }
    st = ar_local_search(&prob, s, &par, &run, best, &stats, err);
    if (st == AR_OK) {
        memcpy(order, best, sizeof *order * inst->d->n);
        *length = stats.best_cost;
    }
    free(best);
    view_destroy(&prob, &run.mem);
    ar_run_finish(&run);
    ar_result_free(&res);
    return st;
}
