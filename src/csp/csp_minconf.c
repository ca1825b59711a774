/* csp_minconf.c — min-conflicts local search over a model.
 *
 * A complete assignment is repaired step by step: a violated constraint is
 * picked at random, then one of its variables, which takes the value that
 * leaves the least violation over its constraints (ties broken at random,
 * and with probability `noise` a random value instead, so the walk can leave
 * a plateau). Each constraint keeps what makes its violation cheap to update
 * when one variable changes: an all-different its value counts (violation:
 * the values taken more than once), a linear constraint its sum (violation:
 * how far the sum is from satisfying it), a table or user constraint just
 * whether it holds. After max_steps repairs without a solution the search
 * restarts from a fresh random assignment.
 *
 * It finds solutions of large loose problems fast and proves nothing: on a
 * problem without a solution it runs until a limit stops it. */
#include "csp_internal.h"

#include <stdlib.h>
#include <string.h>

/* A variable's place in a constraint: the linear coefficient (summed over
 * its occurrences) and its first position; a variable that occurs several
 * times in an all-different (`several`) takes the slow path, which scans. */
typedef struct inc {
    uint32_t con;
    uint32_t pos;    /* its first place among the constraint's variables */
    int several;
    int64_t coef;
} inc;

typedef struct mc {
    const ar_csp *m;
    int32_t *a;           /* the assignment */
    int64_t *viol;        /* each constraint's violation degree */
    int64_t *sum;         /* linear: the current sum */
    int32_t **count;      /* alldiff: how many take each value (from vmin[c]) */
    int64_t *vmin;
    uint64_t **allowed;   /* table: bitset of allowed pairs, x-major */
    uint32_t *inc_start;  /* variable -> its constraints (CSR) */
    inc *incs;
    uint32_t *violated, *pos; /* the violated constraints, and each one's place in that list */
    size_t nviolated;
    int32_t *scratch;
    int64_t total;
} mc;

static int64_t degree_of(const mcon *c, int64_t sum)
{
    switch (c->rel) {
    case AR_CSP_EQ: return sum > c->rhs ? sum - c->rhs : c->rhs - sum;
    case AR_CSP_NE: return sum == c->rhs;
    case AR_CSP_LE: return sum > c->rhs ? sum - c->rhs : 0;
    case AR_CSP_GE: return sum < c->rhs ? c->rhs - sum : 0;
    }
    return 0;
}

static int table_ok(const mc *s, size_t k, int32_t x, int32_t y)
{
    const mcon *c = &s->m->cons[k];
    const mvar *mx = &s->m->vars[c->vars[0]], *my = &s->m->vars[c->vars[1]];
    uint64_t bit = (uint64_t)(x - mx->lo) * (uint64_t)((int64_t)my->hi - my->lo + 1) + (uint64_t)(y - my->lo);
    return (int)(s->allowed[k][bit >> 6] >> (bit & 63) & 1u);
}

/* The violation of constraint k from scratch (the user and table kinds, and
 * the start). */
static int64_t evaluate(mc *s, size_t k)
{
    const mcon *c = &s->m->cons[k];
    size_t i;
    switch (c->kind) {
    case CON_TABLE: return !table_ok(s, k, s->a[c->vars[0]], s->a[c->vars[1]]);
    case CON_USER:
        for (i = 0; i < c->n; i++)
            s->scratch[i] = s->a[c->vars[i]];
        return !c->user.check(c->ctx, s->scratch);
    case CON_LINEAR: return degree_of(c, s->sum[k]);
    case CON_ALLDIFF: return s->viol[k];
    }
    return 0;
}

static void set_viol(mc *s, uint32_t k, int64_t v)
{
    int was = s->viol[k] > 0, now = v > 0;
    s->total += v - s->viol[k];
    s->viol[k] = v;
    if (was && !now) {
        uint32_t last = s->violated[--s->nviolated];
        s->violated[s->pos[k]] = last, s->pos[last] = s->pos[k];
    } else if (!was && now) {
        s->pos[k] = (uint32_t)s->nviolated;
        s->violated[s->nviolated++] = k;
    }
}

/* Moves variable v (coefficient coef in constraint k) from `from` to `to`
 * inside constraint k's bookkeeping, and returns k's new violation; the
 * caller stores it (set_viol) or moves back. */
static int64_t shift(mc *s, const inc *in, int v, int32_t from, int32_t to)
{
    uint32_t k = in->con;
    const mcon *c = &s->m->cons[k];
    int64_t coef = in->coef;
    int several = in->several;
    size_t i;
    switch (c->kind) {
    case CON_ALLDIFF: {
        int64_t viol = s->viol[k];
        for (i = several ? 0 : in->pos; i < c->n; i++)
            if (c->vars[i] == v) {
                int64_t o = c->offsets ? c->offsets[i] : 0;
                int32_t *cf = &s->count[k][from + o - s->vmin[k]], *ct = &s->count[k][to + o - s->vmin[k]];
                viol -= *cf > 1;
                (*cf)--;
                viol += *ct >= 1;
                (*ct)++;
                if (!several)
                    break;
            }
        s->viol[k] = viol; /* kept in step so that a move back restores it */
        return viol;
    }
    case CON_LINEAR:
        s->sum[k] += coef * ((int64_t)to - from);
        return degree_of(c, s->sum[k]);
    default: {
        int32_t keep = s->a[v];
        int64_t r;
        s->a[v] = to;
        r = evaluate(s, k);
        s->a[v] = keep;
        return r;
    }
    }
}

/* The change in total violation if v took value `to`. */
static int64_t delta(mc *s, int v, int32_t to)
{
    int32_t from = s->a[v];
    int64_t d = 0;
    uint32_t e;
    if (to == from)
        return 0;
    for (e = s->inc_start[v]; e < s->inc_start[v + 1]; e++) {
        const inc *in = &s->incs[e];
        int64_t before = s->viol[in->con], after;
        if (s->m->cons[in->con].kind == CON_ALLDIFF) {
            after = shift(s, in, v, from, to);
            shift(s, in, v, to, from);
            s->viol[in->con] = before;
        } else if (s->m->cons[in->con].kind == CON_LINEAR) {
            after = shift(s, in, v, from, to);
            s->sum[in->con] -= in->coef * ((int64_t)to - from);
        } else {
            after = shift(s, in, v, from, to);
        }
        d += after - before;
    }
    return d;
}

static void move(mc *s, int v, int32_t to)
{
    int32_t from = s->a[v];
    uint32_t e;
    if (to == from)
        return;
    for (e = s->inc_start[v]; e < s->inc_start[v + 1]; e++) {
        const inc *in = &s->incs[e];
        int64_t before = s->viol[in->con], after;
        if (s->m->cons[in->con].kind == CON_TABLE || s->m->cons[in->con].kind == CON_USER) {
            s->a[v] = to;
            after = evaluate(s, in->con);
            s->a[v] = from;
        } else {
            after = shift(s, in, v, from, to);
        }
        s->viol[in->con] = before; /* set_viol accounts from the old value */
        set_viol(s, in->con, after);
    }
    s->a[v] = to;
}

/* A variable of violated constraint c to repair, at random: for an
 * all-different, one whose value is taken twice (the others are not in
 * conflict); for any other constraint, any of its variables. */
static int conflicted_var(const mc *s, const mcon *c, ar_rng *rng)
{
    size_t i, seen = 0;
    int pick;
    int32_t *count;
    if (c->n == 0)
        return -1; /* a violated constraint without variables: nothing can repair it */
    pick = c->vars[0];
    if (c->kind != CON_ALLDIFF)
        return c->vars[ar_rng_below(rng, c->n)];
    count = s->count[c - s->m->cons];
    for (i = 0; i < c->n; i++)
        if (count[s->a[c->vars[i]] + (c->offsets ? c->offsets[i] : 0) - s->vmin[c - s->m->cons]] > 1 &&
            ar_rng_below(rng, ++seen) == 0)
            pick = c->vars[i]; /* reservoir sampling: each one with probability 1/seen */
    return pick;
}

/* A random value of v's initial domain. */
static int32_t random_value(const ar_csp *m, int v, ar_rng *rng)
{
    const mvar *x = &m->vars[v];
    for (;;) {
        int32_t val = x->lo + (int32_t)ar_rng_below(rng, (uint64_t)((int64_t)x->hi - x->lo + 1));
        if (ar_csp_model_allows(m, v, val))
            return val;
    }
}

/* A fresh random assignment and all the bookkeeping from scratch. */
static void restart(mc *s, ar_rng *rng)
{
    const ar_csp *m = s->m;
    size_t k, v, i;
    for (v = 0; v < m->nvars; v++)
        s->a[v] = random_value(m, (int)v, rng);
    s->nviolated = 0, s->total = 0;
    for (k = 0; k < m->ncons; k++) {
        const mcon *c = &m->cons[k];
        int64_t viol = 0;
        s->viol[k] = 0;
        if (c->kind == CON_LINEAR) {
            s->sum[k] = 0;
            for (i = 0; i < c->n; i++)
                s->sum[k] += c->coefs[i] * s->a[c->vars[i]];
        } else if (c->kind == CON_ALLDIFF) {
            for (i = 0; i < c->n; i++)
                s->count[k][s->a[c->vars[i]] + (c->offsets ? c->offsets[i] : 0) - s->vmin[k]] = 0;
            for (i = 0; i < c->n; i++) {
                int32_t *cnt = &s->count[k][s->a[c->vars[i]] + (c->offsets ? c->offsets[i] : 0) - s->vmin[k]];
                viol += *cnt >= 1;
                (*cnt)++;
            }
            s->viol[k] = viol;
        }
        viol = evaluate(s, k);
        s->viol[k] = 0;
        set_viol(s, (uint32_t)k, viol);
    }
}

static void mc_free(mc *s)
{
    size_t k;
    if (s->count)
        for (k = 0; k < s->m->ncons; k++)
            free(s->count[k]);
    if (s->allowed)
        for (k = 0; k < s->m->ncons; k++)
            free(s->allowed[k]);
    free(s->a), free(s->viol), free(s->sum), free(s->count), free(s->vmin), free(s->allowed);
    free(s->inc_start), free(s->incs), free(s->violated), free(s->pos), free(s->scratch);
}

static ar_status mc_init(mc *s, const ar_csp *m, ar_error *err)
{
    size_t k, i, n = m->nvars, nc = m->ncons, total = 0, arity = 1;
    memset(s, 0, sizeof *s);
    s->m = m;
    for (k = 0; k < nc; k++) {
        total += m->cons[k].n;
        if (m->cons[k].n > arity)
            arity = m->cons[k].n;
    }
    s->a = calloc(n + 1, sizeof *s->a);
    s->viol = calloc(nc + 1, sizeof *s->viol);
    s->sum = calloc(nc + 1, sizeof *s->sum);
    s->count = calloc(nc + 1, sizeof *s->count);
    s->vmin = calloc(nc + 1, sizeof *s->vmin);
    s->allowed = calloc(nc + 1, sizeof *s->allowed);
    s->inc_start = calloc(n + 2, sizeof *s->inc_start);
    s->incs = calloc(total + 1, sizeof *s->incs);
    s->violated = calloc(nc + 1, sizeof *s->violated);
    s->pos = calloc(nc + 1, sizeof *s->pos);
    s->scratch = calloc(arity, sizeof *s->scratch);
    if (!s->a || !s->viol || !s->sum || !s->count || !s->vmin || !s->allowed || !s->inc_start || !s->incs ||
        !s->violated || !s->pos || !s->scratch)
        goto oom;
    for (k = 0; k < nc; k++) {
        const mcon *c = &m->cons[k];
        if (c->kind == CON_ALLDIFF) {
            int64_t lo = INT64_MAX, hi = INT64_MIN;
            for (i = 0; i < c->n; i++) {
                int64_t o = c->offsets ? c->offsets[i] : 0;
                lo = m->vars[c->vars[i]].lo + o < lo ? m->vars[c->vars[i]].lo + o : lo;
                hi = m->vars[c->vars[i]].hi + o > hi ? m->vars[c->vars[i]].hi + o : hi;
            }
            s->vmin[k] = c->n ? lo : 0;
            if (!(s->count[k] = calloc(c->n ? (size_t)(hi - lo + 1) : 1, sizeof **s->count)))
                goto oom;
        } else if (c->kind == CON_TABLE) {
            const mvar *mx = &m->vars[c->vars[0]], *my = &m->vars[c->vars[1]];
            uint64_t wx = (uint64_t)((int64_t)mx->hi - mx->lo + 1), wy = (uint64_t)((int64_t)my->hi - my->lo + 1);
            uint64_t bits = wx * wy, b;
            if (bits > ((uint64_t)1 << 30))
                return mc_free(s), ar_error_set(err, AR_ERR_INPUT, "min-conflicts: a table's domains are too wide");
            if (!(s->allowed[k] = calloc((size_t)(bits + 63) / 64, 8)))
                goto oom;
            if (!c->allowed)
                for (b = 0; b < bits; b++)
                    s->allowed[k][b >> 6] |= (uint64_t)1 << (b & 63);
            for (i = 0; i < c->npairs; i++) {
                int32_t x = c->pairs[2 * i], y = c->pairs[2 * i + 1];
                if (x < mx->lo || x > mx->hi || y < my->lo || y > my->hi)
                    continue;
                b = (uint64_t)(x - mx->lo) * wy + (uint64_t)(y - my->lo);
                if (c->allowed)
                    s->allowed[k][b >> 6] |= (uint64_t)1 << (b & 63);
                else
                    s->allowed[k][b >> 6] &= ~((uint64_t)1 << (b & 63));
            }
        }
    }
    /* incidences: one per (variable, constraint), linear coefficients summed */
    for (k = 0; k < nc; k++)
        for (i = 0; i < m->cons[k].n; i++)
            s->inc_start[m->cons[k].vars[i] + 1]++;
    for (k = 0; k < n; k++)
        s->inc_start[k + 1] += s->inc_start[k];
    {
        uint32_t *fill = calloc(n + 1, sizeof *fill);
        if (!fill)
            goto oom;
        for (k = 0; k < nc; k++)
            for (i = 0; i < m->cons[k].n; i++) {
                int v = m->cons[k].vars[i];
                uint32_t e, at = s->inc_start[v];
                for (e = at; e < at + fill[v]; e++)
                    if (s->incs[e].con == k)
                        break;
                if (e == at + fill[v]) {
                    s->incs[e].con = (uint32_t)k, s->incs[e].coef = 0, s->incs[e].several = 0;
                    s->incs[e].pos = (uint32_t)i;
                    fill[v]++;
                } else {
                    s->incs[e].several = 1;
                }
                if (m->cons[k].kind == CON_LINEAR)
                    s->incs[e].coef += m->cons[k].coefs[i];
            }
        /* close the gaps left by merged duplicates */
        {
            uint32_t w = 0, v2;
            for (v2 = 0; v2 < n; v2++) {
                uint32_t e, from = s->inc_start[v2];
                s->inc_start[v2] = w;
                for (e = from; e < from + fill[v2]; e++)
                    s->incs[w++] = s->incs[e];
            }
            s->inc_start[n] = w;
        }
        free(fill);
    }
    return AR_OK;
oom:
    mc_free(s);
    return ar_error_set(err, AR_ERR_MEMORY, "out of memory for min-conflicts");
}

ar_status ar_csp_min_conflicts(const ar_csp *m, const ar_csp_options *o, ar_run *run, int32_t *values,
                               ar_csp_outcome *outcome, ar_csp_stats *stats, ar_error *err)
{
    mc s;
    ar_rng rng;
    ar_csp_stats local;
    ar_csp_options defaults;
    ar_status st;
    uint64_t max_steps, step, best = UINT64_MAX;
    double noise;
    int32_t *cand = NULL;
    size_t maxw = 1, v;
    if (!o) {
        ar_csp_options_init(&defaults);
        o = &defaults;
    }
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    *outcome = AR_CSP_STOPPED;
    if ((st = mc_init(&s, m, err)) != AR_OK)
        return st;
    for (v = 0; v < m->nvars; v++)
        if ((size_t)((int64_t)m->vars[v].hi - m->vars[v].lo + 1) > maxw)
            maxw = (size_t)((int64_t)m->vars[v].hi - m->vars[v].lo + 1);
    if (!(cand = malloc(maxw * sizeof *cand))) {
        mc_free(&s);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for min-conflicts");
    }
    ar_rng_seed(&rng, o->seed);
    max_steps = o->max_steps ? o->max_steps : 100 * (uint64_t)m->nvars + 10000;
    noise = o->noise > 0 ? o->noise : 0.0;
    for (;;) {
        restart(&s, &rng);
        for (step = 0;; step++) {
            const mcon *c;
            int x;
            int64_t best_d = INT64_MAX;
            size_t ncand = 0;
            int32_t val, to;
            if (s.nviolated < best) { /* the best assignment so far */
                best = s.nviolated;
                memcpy(values, s.a, m->nvars * sizeof *values);
            }
            if (s.nviolated == 0) {
                *outcome = AR_CSP_FOUND;
                stats->solutions = 1;
                goto done;
            }
            if (step >= max_steps)
                break;
            if (run) {
                run->res->expanded++;
                if (ar_run_should_stop(run))
                    goto done;
            }
            stats->steps++;
            c = &m->cons[s.violated[ar_rng_below(&rng, s.nviolated)]];
            if ((x = conflicted_var(&s, c, &rng)) < 0)
                goto done;
            if (m->vars[x].size == 1)
                continue;
            if (noise > 0 && ar_rng_double(&rng) < noise) {
                do
                    to = random_value(m, x, &rng);
                while (to == s.a[x]);
            } else {
                const mvar *mx = &m->vars[x];
                for (val = mx->lo; val <= mx->hi; val++) {
                    int64_t d;
                    if (val == s.a[x] || !ar_csp_model_allows(m, x, val))
                        continue;
                    d = delta(&s, x, val);
                    if (d < best_d)
                        best_d = d, ncand = 0;
                    if (d == best_d)
                        cand[ncand++] = val;
                }
                if (!ncand || best_d > 0)
                    continue; /* every other value is worse: stay (another variable next) */
                to = cand[ar_rng_below(&rng, ncand)];
            }
            move(&s, x, to);
        }
        stats->restarts++;
        if (o->max_restarts && stats->restarts >= o->max_restarts)
            break;
    }
done:
    stats->violations = best;
    free(cand);
    mc_free(&s);
    return AR_OK;
}
