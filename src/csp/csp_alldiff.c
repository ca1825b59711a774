/* csp_alldiff.c — three propagators for all-different(x_i + o_i), from the
 * weakest and cheapest to the strongest:
 *
 *   pairwise: what the n(n-1)/2 disequalities would do — a fixed variable's
 *     value leaves the others (and a value fixed twice fails);
 *   bounds:   Hall intervals — if k variables have their bounds inside an
 *     interval of k values, no other variable may take a value there; the
 *     bounds of every variable become consistent (Puget's rule, checked here
 *     over every interval [a, b] with a a lower bound and b an upper bound,
 *     O(n^2) a pass);
 *   regin:    Régin's matching — a value stays in a domain only if some
 *     matching of every variable to distinct values uses it. A maximum
 *     matching is kept from call to call (it stays a matching when values go,
 *     and is repaired by augmenting paths); the values to remove are the edges
 *     outside the matching that lie neither on an alternating cycle (one
 *     strongly connected component) nor on an alternating path from a free
 *     value. This is generalised arc consistency: nothing stronger is
 *     possible for one all-different.
 *
 * Pairwise misses what pigeons see (three variables with the same two
 * values); bounds misses holes in the middle of domains; Régin misses
 * nothing but costs a graph traversal a call. docs/methods.md measures them. */
#include "csp_internal.h"

#include <stdlib.h>
#include <string.h>

static int32_t off(const mcon *c, size_t i) { return c->offsets ? c->offsets[i] : 0; }

/* ------------------------------------------------------------- pairwise -- */

/* done[i] (trailed) marks a variable whose value has been taken from the others. */
typedef struct pairwise_data { int32_t *done; } pairwise_data;

static void pairwise_destroy(prop *p)
{
    pairwise_data *d = p->data;
    if (d) {
        free(d->done);
        free(d);
    }
}

static int pairwise_propagate(space *s, prop *p)
{
    const mcon *c = p->con;
    pairwise_data *d = p->data;
    size_t i, j, left = 0;
    int again = 1;
    while (again) {
        again = 0;
        left = 0;
        for (i = 0; i < c->n; i++) {
            int64_t val;
            if (d->done[i])
                continue;
            if (s->vars[c->vars[i]].size != 1) {
                left++;
                continue;
            }
            val = (int64_t)s->vars[c->vars[i]].min + off(c, i);
            ar_csp_trail_save(s, &d->done[i], 4);
            d->done[i] = 1;
            for (j = 0; j < c->n; j++) {
                int v = c->vars[j];
                uint32_t before;
                if (j == i)
                    continue;
                before = s->vars[v].size;
                if (ar_csp_dom_remove(s, v, (int32_t)(val - off(c, j))) != 0)
                    return PROP_FAIL;
                if (before > 1 && s->vars[v].size == 1 && j < i)
                    again = 1; /* fixed by this removal, behind the scan */
            }
        }
    }
    return left == 0 ? PROP_SUBSUMED : PROP_OK;
}

static const prop_class pairwise_class = {.name = "alldiff-pairwise", .cost = 0, .propagate = pairwise_propagate,
                                          .destroy = pairwise_destroy};

/* --------------------------------------------------------------- bounds -- */

typedef struct bounds_data {
    int64_t *lo, *hi;   /* bounds of x_i + o_i */
    size_t *by_hi;      /* indexes by increasing hi */
} bounds_data;

static void bounds_destroy(prop *p)
{
    bounds_data *d = p->data;
    if (d) {
        free(d->lo), free(d->hi), free(d->by_hi), free(d);
    }
}

/* Sorts idx[0..n) by key, by insertion (a pass is O(n^2) anyway, and a
 * sort that needs no context keeps the propagator reentrant). */
static void sort_by(size_t *idx, size_t n, const int64_t *key)
{
    size_t i, j;
    for (i = 1; i < n; i++) {
        size_t t = idx[i];
        for (j = i; j > 0 && key[idx[j - 1]] > key[t]; j--)
            idx[j] = idx[j - 1];
        idx[j] = t;
    }
}

/* One pass: finds the Hall intervals and pushes the other bounds out of
 * them; -1 on a pigeonhole failure, else whether a bound moved. */
static int bounds_pass(space *s, const mcon *c, bounds_data *d, int *moved)
{
    size_t n = c->n, i, j, k;
    for (i = 0; i < n; i++) {
        d->lo[i] = (int64_t)s->vars[c->vars[i]].min + off(c, i);
        d->hi[i] = (int64_t)s->vars[c->vars[i]].max + off(c, i);
        d->by_hi[i] = i;
    }
    sort_by(d->by_hi, n, d->hi);
    for (i = 0; i < n; i++) {
        int64_t a = d->lo[i];
        size_t count = 0;
        int seen_earlier = 0;
        for (k = 0; k < i && !seen_earlier; k++)
            seen_earlier = d->lo[k] == a;
        if (seen_earlier)
            continue; /* each distinct lower bound once */
        for (j = 0; j < n; j++) {
            size_t v = d->by_hi[j];
            int64_t b = d->hi[v];
            if (d->lo[v] < a)
                continue;
            count++;
            if ((int64_t)count > b - a + 1)
                return -1;
            if ((int64_t)count == b - a + 1) {
                /* [a, b] is a Hall interval: the variables not inside it leave it */
                for (k = 0; k < n; k++) {
                    int64_t lo = (int64_t)s->vars[c->vars[k]].min + off(c, k);
                    int64_t hi = (int64_t)s->vars[c->vars[k]].max + off(c, k);
                    if (lo >= a && hi <= b)
                        continue;
                    if (lo >= a && lo <= b) {
                        if (ar_csp_dom_set_min(s, c->vars[k], (int32_t)(b + 1 - off(c, k))) != 0)
                            return -1;
                        *moved = 1;
                    }
                    if (hi >= a && hi <= b) {
                        if (ar_csp_dom_set_max(s, c->vars[k], (int32_t)(a - 1 - off(c, k))) != 0)
                            return -1;
                        *moved = 1;
                    }
                }
            }
        }
    }
    return 0;
}

static int bounds_propagate(space *s, prop *p)
{
    bounds_data *d = p->data;
    size_t i;
    int moved = 1, open = 0;
    while (moved) {
        moved = 0;
        if (bounds_pass(s, p->con, d, &moved) != 0)
            return PROP_FAIL;
    }
    for (i = 0; i < p->con->n; i++)
        open += s->vars[p->con->vars[i]].size > 1;
    return open ? PROP_OK : PROP_SUBSUMED;
}

static const prop_class bounds_class = {.name = "alldiff-bounds", .cost = 1, .propagate = bounds_propagate,
                                        .destroy = bounds_destroy};

/* ---------------------------------------------------------------- Régin -- */

/* The graph has the n variables and the values vmin..vmin+nv-1 (of x_i +
 * o_i) as nodes. A matching is kept between calls. */
typedef struct regin_data {
    size_t n, nv;
    int64_t vmin;
    int32_t *var_match;   /* value index matched to variable i, or -1 */
    int32_t *val_match;   /* variable matched to value index v, or -1 */
    /* work arrays */
    uint32_t *stamp, now;
    int32_t *parent, *queue;
    uint32_t *adj_start;  /* values -> variables over non-matching edges (CSR) */
    int32_t *adj;
    size_t adj_cap;
    int32_t *index, *low, *comp, *stack, *call;
    uint32_t *iter;
    uint8_t *on_stack, *reach;
} regin_data;

static void regin_destroy(prop *p)
{
    regin_data *d = p->data;
    if (!d)
        return;
    free(d->var_match), free(d->val_match), free(d->stamp), free(d->parent), free(d->queue);
    free(d->adj_start), free(d->adj), free(d->index), free(d->low), free(d->comp), free(d->stack);
    free(d->call), free(d->iter), free(d->on_stack), free(d->reach), free(d);
}

static int in_dom(const space *s, const mcon *c, size_t i, int64_t vi, const regin_data *d)
{
    int64_t val = d->vmin + vi - off(c, i);
    return val >= INT32_MIN && val <= INT32_MAX && dom_has(s, c->vars[i], (int32_t)val);
}

/* Finds an augmenting path from free variable root by breadth-first search
 * over alternating paths; 1 when the matching grew. */
static int augment(space *s, const mcon *c, regin_data *d, size_t root)
{
    size_t qh = 0, qt = 0;
    d->now++;
    d->queue[qt++] = (int32_t)root;
    while (qh < qt) {
        size_t i = (size_t)d->queue[qh++];
        const svar *x = &s->vars[c->vars[i]];
        int32_t val;
        for (val = x->min; val <= x->max; val = ar_csp_dom_next(s, c->vars[i], val + 1)) {
            int32_t vi = (int32_t)((int64_t)val + off(c, i) - d->vmin);
            if (d->stamp[vi] == d->now)
                continue;
            d->stamp[vi] = d->now;
            d->parent[vi] = (int32_t)i;
            if (d->val_match[vi] < 0) { /* free: flip the path back to the root */
                int32_t cur = vi;
                for (;;) {
                    int32_t j = d->parent[cur], prev = d->var_match[j];
                    d->var_match[j] = cur, d->val_match[cur] = j;
                    if ((size_t)j == root)
                        return 1;
                    cur = prev;
                }
            }
            d->queue[qt++] = d->val_match[vi];
        }
    }
    return 0;
}

/* Tarjan's strongly connected components over the oriented graph: variable
 * i -> its matched value; value v -> the variables with v in their domain
 * (non-matching edges). Node ids: variables 0..n-1, values n..n+nv-1.
 * Iterative, with an explicit call stack. */
static void components(regin_data *d)
{
    size_t total = d->n + d->nv, k;
    int32_t next_index = 0, ncomp = 0, sp = 0, cp = 0;
    for (k = 0; k < total; k++)
        d->index[k] = -1, d->on_stack[k] = 0;
    for (k = 0; k < total; k++) {
        if (d->index[k] >= 0)
            continue;
        d->call[cp++] = (int32_t)k;
        d->iter[k] = 0;
        d->index[k] = d->low[k] = next_index++;
        d->stack[sp++] = (int32_t)k, d->on_stack[k] = 1;
        while (cp) {
            int32_t u = d->call[cp - 1], w = -1;
            /* the next successor of u */
            if ((size_t)u < d->n) {
                if (d->iter[u] == 0) {
                    d->iter[u] = 1;
                    if (d->var_match[u] >= 0)
                        w = (int32_t)d->n + d->var_match[u];
                }
            } else {
                uint32_t v = (uint32_t)u - (uint32_t)d->n;
                if (d->adj_start[v] + d->iter[u] < d->adj_start[v + 1])
                    w = d->adj[d->adj_start[v] + d->iter[u]++];
            }
            if (w >= 0) {
                if (d->index[w] < 0) {
                    d->index[w] = d->low[w] = next_index++;
                    d->iter[w] = 0;
                    d->stack[sp++] = w, d->on_stack[w] = 1;
                    d->call[cp++] = w;
                } else if (d->on_stack[w] && d->index[w] < d->low[u]) {
                    d->low[u] = d->index[w];
                }
                continue;
            }
            /* u is finished */
            cp--;
            if (cp && d->low[u] < d->low[d->call[cp - 1]])
                d->low[d->call[cp - 1]] = d->low[u];
            if (d->low[u] == d->index[u]) {
                int32_t x;
                do {
                    x = d->stack[--sp];
                    d->on_stack[x] = 0;
                    d->comp[x] = ncomp;
                } while (x != u);
                ncomp++;
            }
        }
    }
}

static int regin_propagate(space *s, prop *p)
{
    const mcon *c = p->con;
    regin_data *d = p->data;
    size_t n = d->n, i, edges = 0, qh = 0, qt = 0;
    uint32_t v;
    int open = 0;
    /* 1. keep the matched pairs still in the domains, then match the rest */
    for (i = 0; i < n; i++)
        if (d->var_match[i] >= 0 && !in_dom(s, c, i, d->var_match[i], d)) {
            d->val_match[d->var_match[i]] = -1;
            d->var_match[i] = -1;
        }
    for (i = 0; i < n; i++)
        if (d->var_match[i] < 0 && !augment(s, c, d, i))
            return PROP_FAIL;
    for (i = 0; i < n; i++)
        open += s->vars[c->vars[i]].size > 1;
    if (!open)
        return PROP_SUBSUMED;
    /* 2. the value -> variable edges outside the matching, as CSR */
    memset(d->adj_start, 0, (d->nv + 1) * sizeof *d->adj_start);
    for (i = 0; i < n; i++) {
        const svar *x = &s->vars[c->vars[i]];
        int32_t val;
        for (val = x->min; val <= x->max; val = ar_csp_dom_next(s, c->vars[i], val + 1)) {
            int32_t vi = (int32_t)((int64_t)val + off(c, i) - d->vmin);
            if (d->var_match[i] != vi)
                d->adj_start[vi + 1]++, edges++;
        }
    }
    if (edges > d->adj_cap) {
        int32_t *a = realloc(d->adj, edges * sizeof *a);
        if (!a) {
            s->oom = 1;
            return PROP_FAIL;
        }
        d->adj = a, d->adj_cap = edges;
    }
    for (v = 0; v < d->nv; v++)
        d->adj_start[v + 1] += d->adj_start[v], d->iter[v] = 0;
    for (i = 0; i < n; i++) {
        const svar *x = &s->vars[c->vars[i]];
        int32_t val;
        for (val = x->min; val <= x->max; val = ar_csp_dom_next(s, c->vars[i], val + 1)) {
            int32_t vi = (int32_t)((int64_t)val + off(c, i) - d->vmin);
            if (d->var_match[i] != vi)
                d->adj[d->adj_start[vi] + d->iter[vi]++] = (int32_t)i; /* iter: the fill cursor */
        }
    }
    for (v = 0; v < d->nv; v++)
        d->iter[v] = 0;
    /* 3. what an alternating path from a free value reaches */
    for (v = 0; v < d->nv; v++) {
        d->reach[v] = d->val_match[v] < 0 && d->adj_start[v] < d->adj_start[v + 1];
        if (d->reach[v])
            d->queue[qt++] = (int32_t)v;
    }
    while (qh < qt) {
        uint32_t u = (uint32_t)d->queue[qh++], e;
        for (e = d->adj_start[u]; e < d->adj_start[u + 1]; e++) {
            int32_t j = d->var_match[d->adj[e]];
            if (j >= 0 && !d->reach[j]) {
                d->reach[j] = 1;
                d->queue[qt++] = j;
            }
        }
    }
    /* 4. the components, then every edge that is none of matched, reached, in a cycle goes */
    components(d);
    for (v = 0; v < d->nv; v++) {
        uint32_t e;
        if (d->reach[v])
            continue;
        for (e = d->adj_start[v]; e < d->adj_start[v + 1]; e++) {
            size_t j = (size_t)d->adj[e];
            if (d->comp[j] != d->comp[n + v] &&
                ar_csp_dom_remove(s, c->vars[j], (int32_t)(d->vmin + v - off(c, j))) != 0)
                return PROP_FAIL;
        }
    }
    return PROP_OK;
}

static const prop_class regin_class = {.name = "alldiff-regin", .cost = 2, .propagate = regin_propagate,
                                       .destroy = regin_destroy};

static ar_status make_regin(space *s, const mcon *c, regin_data **out, ar_error *err)
{
    regin_data *d = calloc(1, sizeof *d);
    size_t i, n = c->n, total;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    if (!d)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory making an all-different");
    for (i = 0; i < n; i++) {
        const mvar *x = &s->m->vars[c->vars[i]];
        if ((int64_t)x->lo + off(c, i) < lo)
            lo = (int64_t)x->lo + off(c, i);
        if ((int64_t)x->hi + off(c, i) > hi)
            hi = (int64_t)x->hi + off(c, i);
    }
    d->n = n, d->vmin = n ? lo : 0, d->nv = n ? (size_t)(hi - lo + 1) : 1;
    total = n + d->nv;
    d->var_match = malloc((n + 1) * sizeof *d->var_match);
    d->val_match = malloc(d->nv * sizeof *d->val_match);
    d->stamp = calloc(d->nv, sizeof *d->stamp);
    d->parent = malloc(d->nv * sizeof *d->parent);
    d->queue = malloc(total * sizeof *d->queue);
    d->adj_start = malloc((d->nv + 1) * sizeof *d->adj_start);
    d->index = malloc(total * sizeof *d->index);
    d->low = malloc(total * sizeof *d->low);
    d->comp = malloc(total * sizeof *d->comp);
    d->stack = malloc(total * sizeof *d->stack);
    d->call = malloc(total * sizeof *d->call);
    d->iter = calloc(total, sizeof *d->iter);
    d->on_stack = malloc(total);
    d->reach = malloc(total);
    if (!d->var_match || !d->val_match || !d->stamp || !d->parent || !d->queue || !d->adj_start || !d->index ||
        !d->low || !d->comp || !d->stack || !d->call || !d->iter || !d->on_stack || !d->reach) {
        prop tmp = {.data = d};
        regin_destroy(&tmp);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory making an all-different");
    }
    for (i = 0; i < n; i++)
        d->var_match[i] = -1;
    for (i = 0; i < d->nv; i++)
        d->val_match[i] = -1;
    *out = d;
    return AR_OK;
}

ar_status ar_csp_make_alldiff(space *s, const mcon *c, ar_error *err)
{
    prop *p = NULL;
    size_t i;
    void *data = NULL;
    const prop_class *cls = NULL;
    uint32_t ev = EV_DOM;
    ar_status st;
    switch (s->o->alldiff) {
    case AR_CSP_ALLDIFF_PAIRWISE: {
        pairwise_data *d = calloc(1, sizeof *d);
        if (!d || !(d->done = calloc(c->n + 1, sizeof *d->done))) {
            free(d);
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory making an all-different");
        }
        data = d, cls = &pairwise_class, ev = EV_FIXED;
        break;
    }
    case AR_CSP_ALLDIFF_BOUNDS: {
        bounds_data *d = calloc(1, sizeof *d);
        if (!d || !(d->lo = malloc((c->n + 1) * sizeof *d->lo)) || !(d->hi = malloc((c->n + 1) * sizeof *d->hi)) ||
            !(d->by_hi = malloc((c->n + 1) * sizeof *d->by_hi))) {
            if (d)
                free(d->lo), free(d->hi), free(d);
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory making an all-different");
        }
        data = d, cls = &bounds_class, ev = EV_BOUNDS;
        break;
    }
    default: {
        regin_data *d = NULL;
        if ((st = make_regin(s, c, &d, err)) != AR_OK)
            return st;
        data = d, cls = &regin_class, ev = EV_DOM;
        break;
    }
    }
    ar_csp_add_prop(s, cls, c, data, &p, err);
    for (i = 0; i < c->n; i++)
        ar_csp_subscribe(s, p, c->vars[i], ev);
    return AR_OK;
}
