/* csp_search.c — the branchers and the depth-first engine.
 *
 * The engine is one loop over an explicit stack of levels (no recursion, so
 * deep models are safe). A level picks a variable (the variable brancher),
 * lists its candidate values (the value brancher, and the value symmetry of
 * interchangeable groups), and tries them in turn: a value is a decision
 * x = v followed by propagation (or by checks only, under plain
 * backtracking); when it fails, x != v is posted at the level's base and
 * propagated (a refutation), so what a failed value taught stays for the
 * values after it — the same tree as binary branching.
 *
 * With backjumping, each failure comes with the set of decision levels that
 * caused it (csp_space.c). A failure that does not involve the current
 * level fails the whole level at once, and an exhausted level jumps straight
 * to the deepest level of its conflict set, carrying the set with it
 * (Prosser's conflict-directed backjumping, on refutations). After a
 * solution every level counts as involved, so counting stays exact. */
#include "csp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct frame {
    int var;
    size_t vals;       /* its candidate values: valbuf[vals .. vals + nvals) */
    uint32_t nvals, next;
    int32_t value;     /* the value being tried */
    size_t base;       /* trail mark when the level opened */
    size_t try_mark;   /* trail mark before the value being tried */
    int chrono;        /* the candidates leave domain values out (symmetry) */
} frame;

typedef struct engine {
    const ar_csp *m;
    const ar_csp_options *o;
    space *s;
    ar_run *run;
    ar_rng rng;
    frame *frames;
    size_t depth;
    int32_t *valbuf;
    size_t valtop, valcap;
    uint64_t *lcv_cost;
    int32_t *values;   /* a solution */
    int **groups;      /* the members of each interchangeable group */
    size_t *group_size;
    uint64_t *used;    /* a group's values in use, as a bitset */
    size_t used_words;
    ar_csp_stats *st;
    char phase[64];
} engine;

static int propagating(const engine *e)
{
    return e->o->consistency == AR_CSP_AC3 || e->o->consistency == AR_CSP_QUEUE;
}

/* Whether v still needs a decision: under checks only or forward checking,
 * every variable is decided (its constraints run at its decision); under
 * propagation, a fixed variable is done. */
static int open_var(const engine *e, int v)
{
    const svar *x = &e->s->vars[v];
    return propagating(e) ? x->size > 1 : x->decided == 0;
}

/* ------------------------------------------------------- variable order -- */

/* The constraints on v with another open variable, each weighted (wdeg) or 1. */
static uint64_t degree(const engine *e, int v, int weighted)
{
    const space *s = e->s;
    const svar *x = &s->vars[v];
    uint64_t deg = 0;
    uint32_t k;
    size_t i;
    for (k = x->sub; k < x->sub + x->nsub; k++) {
        const prop *p = &s->props[s->subs[k].prop];
        if (p->subsumed)
            continue;
        for (i = 0; i < p->con->n; i++)
            if (p->con->vars[i] != v && open_var(e, p->con->vars[i])) {
                deg += weighted ? 1 + p->weight : 1;
                break;
            }
    }
    return deg;
}

static int choose_var(const engine *e)
{
    const space *s = e->s;
    size_t v, n = s->nvars;
    int best = -1;
    uint64_t best_size = 0, best_deg = 0;
    for (v = 0; v < n; v++) {
        uint64_t size, deg;
        if (!open_var(e, (int)v))
            continue;
        if (e->o->var_order == AR_CSP_VAR_INPUT)
            return (int)v;
        size = s->vars[v].size;
        if (best >= 0 && size > best_size && e->o->var_order != AR_CSP_VAR_WDEG)
            continue;
        switch (e->o->var_order) {
        case AR_CSP_VAR_MRV:
            if (best < 0 || size < best_size)
                best = (int)v, best_size = size;
            break;
        case AR_CSP_VAR_WDEG:
            /* smallest size / weighted degree: compare size * deg' < size' * deg */
            deg = degree(e, (int)v, 1);
            if (best < 0 || size * (best_deg ? best_deg : 1) < best_size * (deg ? deg : 1))
                best = (int)v, best_size = size, best_deg = deg;
            break;
        default:
            if (best >= 0 && size == best_size) {
                deg = degree(e, (int)v, 0);
                if (deg > best_deg)
                    best = (int)v, best_deg = deg;
            } else {
                best = (int)v, best_size = size, best_deg = degree(e, (int)v, 0);
            }
            break;
        }
    }
    return best;
}

/* ---------------------------------------------------------- value order -- */

static int grow_values(engine *e, size_t need)
{
    size_t cap;
    int32_t *v;
    uint64_t *c;
    if (e->valtop + need <= e->valcap)
        return 0;
    cap = e->valcap ? 2 * e->valcap : 1024;
    while (cap < e->valtop + need)
        cap *= 2;
    v = ar_mem_realloc(e->s->mem, e->valbuf, e->valcap * sizeof *v, cap * sizeof *v, "candidate values", e->s->err);
    if (!v)
        return -1;
    e->valbuf = v;
    c = ar_mem_realloc(e->s->mem, e->lcv_cost, e->valcap * sizeof *c, cap * sizeof *c, "candidate values", e->s->err);
    if (!c)
        return -1;
    e->lcv_cost = c, e->valcap = cap;
    return 0;
}

static void set_level_reason(engine *e, int level)
{
    space *s = e->s;
    if (!s->backjump)
        return;
    memset(s->why, 0, s->rwords * sizeof *s->why);
    s->why[level >> 6] |= (uint64_t)1 << (level & 63);
}

/* Least-constraining value: how many values the constraints on x remove
 * when x = val (one round, no cascade); a failure costs the most. */
static uint64_t lcv_cost(engine *e, int x, int32_t val)
{
    space *s = e->s;
    size_t mark = ar_csp_level_mark(s);
    uint64_t before = s->removals, cost;
    int saved = s->no_schedule, fail;
    set_level_reason(e, (int)e->depth);
    s->no_schedule = 0;
    fail = ar_csp_dom_assign(s, x, val) != 0;
    if (!fail) {
        ar_csp_schedule_var(s, x, EV_DOM | EV_BOUNDS | EV_FIXED);
        s->no_schedule = 1;
        fail = ar_csp_propagate(s) != 0;
    }
    cost = fail ? UINT64_MAX : s->removals - before;
    s->no_schedule = saved;
    s->conflict_set = 0;
    ar_csp_undo_to(s, mark);
    return cost;
}

/* Lists x's candidate values in frame f, in the value order. */
static int list_values(engine *e, frame *f)
{
    space *s = e->s;
    const svar *x = &s->vars[f->var];
    const mvar *mx = &e->m->vars[f->var];
    int32_t val, *out;
    uint32_t n = 0, i, j;
    int new_value_taken = 0;
    if (grow_values(e, x->size) != 0)
        return -1;
    out = e->valbuf + e->valtop;
    f->vals = e->valtop, f->chrono = 0;
    if (mx->group >= 0) { /* the values in use in the group, then one unused value */
        int g = mx->group;
        size_t k;
        memset(e->used, 0, e->used_words * sizeof *e->used);
        for (k = 0; k < e->group_size[g]; k++) {
            const svar *y = &s->vars[e->groups[g][k]];
            if (y->size == 1) {
                uint32_t b = (uint32_t)(y->min - mx->lo);
                e->used[b >> 6] |= (uint64_t)1 << (b & 63);
            }
        }
    }
    for (val = x->min; val <= x->max; val = ar_csp_dom_next(s, f->var, val + 1)) {
        if (mx->group >= 0) {
            uint32_t b = (uint32_t)(val - mx->lo);
            if (!(e->used[b >> 6] >> (b & 63) & 1u)) {
                if (new_value_taken) {
                    f->chrono = 1;
                    continue;
                }
                new_value_taken = 1;
            }
        }
        out[n++] = val;
    }
    switch (e->o->value_order) {
    case AR_CSP_VAL_MAX:
        for (i = 0; i < n / 2; i++) {
            int32_t t = out[i];
            out[i] = out[n - 1 - i], out[n - 1 - i] = t;
        }
        break;
    case AR_CSP_VAL_RANDOM:
        for (i = n; i > 1; i--) {
            uint32_t k = (uint32_t)ar_rng_below(&e->rng, i);
            int32_t t = out[i - 1];
            out[i - 1] = out[k], out[k] = t;
        }
        break;
    case AR_CSP_VAL_LCV: {
        uint64_t *cost = e->lcv_cost + e->valtop;
        for (i = 0; i < n; i++)
            cost[i] = lcv_cost(e, f->var, out[i]);
        for (i = 1; i < n; i++) { /* stable insertion sort by cost */
            int32_t v = out[i];
            uint64_t c = cost[i];
            for (j = i; j > 0 && cost[j - 1] > c; j--)
                out[j] = out[j - 1], cost[j] = cost[j - 1];
            out[j] = v, cost[j] = c;
        }
        break;
    }
    default:
        break;
    }
    f->nvals = n, f->next = 0;
    e->valtop += n;
    return 0;
}

/* --------------------------------------------------------------- steps -- */

/* Under plain backtracking, after x is decided: an all-different must hold
 * among its decided variables (as its pairwise disequalities would be
 * checked), and any other constraint once its variables are all decided. */
static int partial_ok(const space *s, const mcon *c, int x)
{
    size_t i, j;
    int all = 1;
    if (c->kind == CON_ALLDIFF) {
        for (i = 0; i < c->n; i++)
            if (c->vars[i] == x)
                for (j = 0; j < c->n; j++) {
                    const svar *y = &s->vars[c->vars[j]];
                    if (j != i && y->decided &&
                        (int64_t)s->vars[x].min + (c->offsets ? c->offsets[i] : 0) ==
                            (int64_t)y->min + (c->offsets ? c->offsets[j] : 0))
                        return 0;
                }
        return 1;
    }
    for (i = 0; i < c->n && all; i++) {
        all = s->vars[c->vars[i]].decided != 0;
        s->scratch[i] = s->vars[c->vars[i]].min;
    }
    return !all || ar_csp_con_holds(c, s->scratch);
}

static int check_decided(engine *e, int x)
{
    space *s = e->s;
    const svar *sx = &s->vars[x];
    uint32_t k;
    size_t i, w;
    for (k = sx->sub; k < sx->sub + sx->nsub; k++) {
        prop *p = &s->props[s->subs[k].prop];
        s->propagations++;
        if (partial_ok(s, p->con, x))
            continue;
        p->weight++;
        if (s->backjump) {
            memset(s->conflict, 0, s->rwords * sizeof *s->conflict);
            for (i = 0; i < p->con->n; i++)
                if (s->vars[p->con->vars[i]].decided)
                    for (w = 0; w < s->rwords; w++)
                        s->conflict[w] |= s->reasons[(size_t)p->con->vars[i] * s->rwords + w];
            s->conflict_set = 1;
        }
        return -1;
    }
    return 0;
}

/* The decision x = val at the current level; 0, or -1 with the conflict. */
static int decide(engine *e, int x, int32_t val)
{
    space *s = e->s;
    int level = (int)e->depth;
    s->conflict_set = 0;
    s->level = level;
    set_level_reason(e, level);
    if (!propagating(e)) {
        ar_csp_trail_save(s, &s->vars[x].decided, 4);
        s->vars[x].decided = level;
    }
    switch (e->o->consistency) {
    case AR_CSP_CHECK:
        s->no_schedule = 1;
        if (ar_csp_dom_assign(s, x, val) != 0)
            return -1;
        return check_decided(e, x);
    case AR_CSP_FORWARD:
        s->no_schedule = 0;
        if (ar_csp_dom_assign(s, x, val) != 0)
            return -1;
        ar_csp_schedule_var(s, x, EV_DOM | EV_BOUNDS | EV_FIXED);
        s->no_schedule = 1;
        return ar_csp_propagate(s);
    default:
        if (ar_csp_dom_assign(s, x, val) != 0)
            return -1;
        return ar_csp_propagate(s);
    }
}

/* The refutation x != val at the level's base, with the reason the failed
 * value's conflict gives it; 0, or -1 with the conflict. */
static int refute(engine *e, int x, int32_t val)
{
    space *s = e->s;
    int level = (int)e->depth;
    if (s->backjump) {
        memcpy(s->why, s->conflict, s->rwords * sizeof *s->why);
        s->why[level >> 6] &= ~((uint64_t)1 << (level & 63));
    }
    s->conflict_set = 0;
    s->level = level - 1;
    s->no_schedule = !propagating(e);
    if (ar_csp_dom_remove(s, x, val) != 0)
        return -1;
    return propagating(e) ? ar_csp_propagate(s) : 0;
}

/* Every level up to `upto` into the conflict (a chronological step). */
static void conflict_all_below(engine *e, size_t upto)
{
    space *s = e->s;
    size_t l;
    if (!s->backjump)
        return;
    memset(s->conflict, 0, s->rwords * sizeof *s->conflict);
    for (l = 1; l <= upto; l++)
        s->conflict[l >> 6] |= (uint64_t)1 << (l & 63);
    s->conflict_set = 1;
}

static int conflict_has(const engine *e, size_t level)
{
    return (int)(e->s->conflict[level >> 6] >> (level & 63) & 1u);
}

static size_t conflict_max(const engine *e)
{
    size_t w = e->s->rwords;
    while (w-- > 0)
        if (e->s->conflict[w])
            return w * 64 + 63 - (size_t)__builtin_clzll(e->s->conflict[w]);
    return 0;
}

static int add_solution(engine *e, uint64_t max_solutions, ar_csp_visit visit, void *ctx, int32_t *first)
{
    size_t v;
    for (v = 0; v < e->s->nvars; v++)
        e->values[v] = e->s->vars[v].min;
    e->st->solutions++;
    if (first && e->st->solutions == 1)
        memcpy(first, e->values, e->s->nvars * sizeof *first);
    if (visit && visit(ctx, e->values) != 0)
        return 1;
    return max_solutions && e->st->solutions >= max_solutions;
}

/* ---------------------------------------------------------- the engine -- */

static ar_status setup_groups(engine *e, ar_error *err)
{
    const ar_csp *m = e->m;
    size_t v, width = 1;
    int g;
    if (!m->ngroups)
        return AR_OK;
    e->groups = calloc((size_t)m->ngroups, sizeof *e->groups);
    e->group_size = calloc((size_t)m->ngroups, sizeof *e->group_size);
    if (!e->groups || !e->group_size)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    for (v = 0; v < m->nvars; v++)
        if (m->vars[v].group >= 0) {
            e->group_size[m->vars[v].group]++;
            if ((size_t)((int64_t)m->vars[v].hi - m->vars[v].lo + 1) > width)
                width = (size_t)((int64_t)m->vars[v].hi - m->vars[v].lo + 1);
        }
    for (g = 0; g < m->ngroups; g++) {
        if (!(e->groups[g] = malloc((e->group_size[g] + 1) * sizeof **e->groups)))
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        e->group_size[g] = 0;
    }
    for (v = 0; v < m->nvars; v++)
        if (m->vars[v].group >= 0)
            e->groups[m->vars[v].group][e->group_size[m->vars[v].group]++] = (int)v;
    e->used_words = (width + 63) / 64;
    if (!(e->used = calloc(e->used_words, sizeof *e->used)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    return AR_OK;
}

static void engine_free(engine *e)
{
    int g;
    if (e->groups)
        for (g = 0; g < e->m->ngroups; g++)
            free(e->groups[g]);
    free(e->groups);
    free(e->group_size);
    free(e->used);
    if (e->s) {
        ar_mem_free(e->s->mem, e->valbuf, e->valcap * sizeof *e->valbuf);
        ar_mem_free(e->s->mem, e->lcv_cost, e->valcap * sizeof *e->lcv_cost);
        ar_mem_free(e->s->mem, e->frames, (e->s->nvars + 2) * sizeof *e->frames);
        ar_mem_free(e->s->mem, e->values, (e->s->nvars + 1) * sizeof *e->values);
    }
    ar_csp_space_free(e->s);
}

/* Whether the run says stop, counting one decision. */
static int must_stop(engine *e)
{
    ar_run *run = e->run;
    if (!run)
        return 0;
    run->res->expanded++;
    if ((run->res->expanded & 1023) == 0) {
        snprintf(e->phase, sizeof e->phase, "depth %zu, %llu solutions", e->depth,
                 (unsigned long long)e->st->solutions);
        run->phase = e->phase;
    }
    return ar_run_should_stop(run);
}

ar_status ar_csp_search(const ar_csp *m, const ar_csp_options *o, ar_run *run, uint64_t max_solutions,
                        ar_csp_visit visit, void *ctx, int32_t *first, ar_csp_outcome *outcome, ar_csp_stats *stats,
                        ar_error *err)
{
    engine e;
    ar_csp_options defaults;
    ar_csp_stats local;
    ar_status st;
    size_t k;
    int stopped = 0, failed = 0;
    if (!o) {
        ar_csp_options_init(&defaults);
        o = &defaults;
    }
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    memset(&e, 0, sizeof e);
    e.m = m, e.o = o, e.run = run, e.st = stats;
    ar_rng_seed(&e.rng, o->seed);
    *outcome = AR_CSP_NONE;
    if (o->backjump && m->nvars > 16384)
        return ar_error_set(err, AR_ERR_INPUT, "backjumping takes models of at most 16384 variables (this has %zu)",
                            m->nvars);
    if ((st = ar_csp_space_new(&e.s, m, o, run ? &run->mem : NULL, err)) != AR_OK)
        goto out;
    e.frames = ar_mem_alloc(e.s->mem, (m->nvars + 2) * sizeof *e.frames, 1, "the search stack", err);
    e.values = ar_mem_alloc(e.s->mem, (m->nvars + 1) * sizeof *e.values, 0, "a solution", err);
    if (!e.frames || !e.values) {
        st = AR_ERR_MEMORY;
        goto out;
    }
    if ((st = setup_groups(&e, err)) != AR_OK)
        goto out;
    /* the root: constraints without variables, then propagation to the fixpoint */
    for (k = 0; k < m->ncons; k++)
        if (m->cons[k].n == 0 && !ar_csp_con_holds(&m->cons[k], NULL))
            failed = 1;
    if (!failed && propagating(&e)) {
        ar_csp_schedule_all(e.s);
        failed = ar_csp_propagate(e.s) != 0;
    }
    while (!failed && !stopped) {
        frame *f;
        int x;
        /* 1. a new level, or a solution when nothing is open */
        x = choose_var(&e);
        if (x < 0) {
            if (add_solution(&e, max_solutions, visit, ctx, first)) {
                stopped = 2;
                break;
            }
            if (e.depth == 0)
                break;
            conflict_all_below(&e, e.depth);
            goto value_failed;
        }
        f = &e.frames[++e.depth];
        f->var = x, f->base = ar_csp_level_mark(e.s);
        if (e.depth > stats->max_depth)
            stats->max_depth = (unsigned)e.depth;
        if (list_values(&e, f) != 0) {
            st = AR_ERR_MEMORY;
            goto out;
        }
        /* 2. the candidates in turn */
    next_value:
        f = &e.frames[e.depth];
        while (f->next < f->nvals && !dom_has(e.s, f->var, e.valbuf[f->vals + f->next]))
            f->next++;
        if (f->next == f->nvals) {
            /* exhausted: x's removed values explain it, or every level above if
             * symmetry left values out */
            if (f->chrono)
                conflict_all_below(&e, e.depth - 1);
            else if (e.s->backjump)
                memcpy(e.s->conflict, e.s->reasons + (size_t)f->var * e.s->rwords, e.s->rwords * 8);
            goto level_failed;
        }
        if (must_stop(&e)) {
            stopped = 1;
            break;
        }
        f->value = e.valbuf[f->vals + f->next++];
        f->try_mark = ar_csp_level_mark(e.s);
        stats->decisions++;
        if (decide(&e, f->var, f->value) == 0)
            continue; /* deeper */
        stats->failures++;
        if (e.s->oom) {
            st = AR_ERR_MEMORY;
            goto out;
        }
    value_failed:
        /* the value tried at this level failed (or its subtree is done) */
        f = &e.frames[e.depth];
        ar_csp_undo_to(e.s, f->try_mark);
        if (e.s->backjump && !conflict_has(&e, e.depth))
            goto level_failed; /* the failure did not involve this level */
        if (refute(&e, f->var, f->value) == 0)
            goto next_value;
    level_failed:
        /* the whole level failed, with the conflict set (backjumping) */
        f = &e.frames[e.depth];
        ar_csp_undo_to(e.s, f->base);
        e.valtop = f->vals;
        e.depth--;
        {
            size_t target = e.s->backjump ? conflict_max(&e) : e.depth;
            if (target > e.depth)
                target = e.depth;
            if (target == 0) {
                failed = 1; /* nothing above can change it: the search is over */
                break;
            }
            if (target < e.depth) {
                stats->backjumps++;
                stats->levels_skipped += e.depth - target;
                while (e.depth > target)
                    e.valtop = e.frames[e.depth--].vals;
            }
        }
        goto value_failed;
    }
    if (e.s->oom) {
        st = AR_ERR_MEMORY;
        goto out;
    }
    st = AR_OK;
    if (stopped == 1)
        *outcome = AR_CSP_STOPPED;
    else if (stopped == 2)
        *outcome = visit && (!max_solutions || stats->solutions < max_solutions) ? AR_CSP_STOPPED : AR_CSP_FOUND;
    else
        *outcome = stats->solutions ? (max_solutions == 1 ? AR_CSP_FOUND : AR_CSP_ALL) : AR_CSP_NONE;
out:
    stats->propagations = e.s ? e.s->propagations : 0;
    engine_free(&e);
    if (st == AR_ERR_MEMORY && run) {
        ar_run_stop(run, AR_STOP_MEMORY);
        *outcome = AR_CSP_STOPPED;
        return AR_OK;
    }
    return st;
}
