/* csp_props.c — the propagators of linear constraints, binary tables and
 * user constraints, and the makers that turn each such constraint of a
 * model into its propagator (the all-different ones are in csp_alldiff.c; the
 * dispatch in csp_build.c).
 *
 * Every propagator keeps one promise the search relies on: when all its
 * variables are fixed it fails exactly when the constraint is violated. So a
 * branch whose variables are all fixed at the fixpoint is a solution, and
 * forward checking, which runs each constraint once per assignment of one of
 * its variables, still checks every constraint at its last assignment. */
#include "csp_internal.h"

#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------------- linear -- */

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t ceil_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

static int32_t clamp32(int64_t v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v; }

/* Narrows x so that a*x lies in [lo, hi]; -1 on a wipe-out, else whether it changed. */
static int narrow_term(space *s, int v, int64_t a, int64_t lo, int64_t hi, int *changed)
{
    int64_t xlo, xhi;
    const svar *x = &s->vars[v];
    int32_t omin = x->min, omax = x->max;
    if (a > 0)
        xlo = ceil_div(lo, a), xhi = floor_div(hi, a);
    else
        xlo = ceil_div(hi, a), xhi = floor_div(lo, a);
    if (xlo > omin && ar_csp_dom_set_min(s, v, clamp32(xlo)) != 0)
        return -1;
    if (xhi < s->vars[v].max && ar_csp_dom_set_max(s, v, clamp32(xhi)) != 0)
        return -1;
    if (s->vars[v].min != omin || s->vars[v].max != omax)
        *changed = 1;
    return 0;
}

/* Bounds consistency of sum a_i x_i (=, <=, >=) rhs, to its own fixpoint. */
static int linear_bounds(space *s, prop *p)
{
    const mcon *c = p->con;
    const int64_t inf = (int64_t)1 << 62;
    size_t i;
    for (;;) {
        int64_t lo = 0, hi = 0;
        int changed = 0, all_fixed = 1;
        for (i = 0; i < c->n; i++) {
            const svar *x = &s->vars[c->vars[i]];
            int64_t a = c->coefs[i];
            lo += a > 0 ? a * x->min : a * x->max;
            hi += a > 0 ? a * x->max : a * x->min;
            all_fixed &= x->size == 1;
        }
        if ((c->rel != AR_CSP_GE && lo > c->rhs) || (c->rel != AR_CSP_LE && hi < c->rhs))
            return PROP_FAIL;
        if ((c->rel == AR_CSP_LE && hi <= c->rhs) || (c->rel == AR_CSP_GE && lo >= c->rhs) || all_fixed)
            return PROP_SUBSUMED;
        for (i = 0; i < c->n; i++) {
            const svar *x = &s->vars[c->vars[i]];
            int64_t a = c->coefs[i];
            int64_t tlo = a > 0 ? a * x->min : a * x->max, thi = a > 0 ? a * x->max : a * x->min;
            int64_t want_lo = c->rel == AR_CSP_LE ? -inf : c->rhs - (hi - thi);
            int64_t want_hi = c->rel == AR_CSP_GE ? inf : c->rhs - (lo - tlo);
            if (a == 0 || (want_lo <= tlo && want_hi >= thi))
                continue;
            if (narrow_term(s, c->vars[i], a, want_lo, want_hi, &changed) != 0)
                return PROP_FAIL;
        }
        if (!changed)
            return PROP_OK;
    }
}

/* sum a_i x_i != rhs: once one term is left open, its one bad value goes. */
static int linear_ne(space *s, prop *p)
{
    const mcon *c = p->con;
    int64_t sum = 0, a = 0;
    size_t i, open = 0;
    int v = -1;
    for (i = 0; i < c->n; i++) {
        const svar *x = &s->vars[c->vars[i]];
        if (x->size == 1) {
            sum += c->coefs[i] * x->min;
        } else if (v == c->vars[i]) {
            a += c->coefs[i]; /* the same variable twice */
        } else {
            open++, v = c->vars[i], a = c->coefs[i];
        }
    }
    if (open == 0)
        return sum != c->rhs ? PROP_SUBSUMED : PROP_FAIL;
    if (open > 1)
        return PROP_OK;
    if (a == 0)
        return sum != c->rhs ? PROP_SUBSUMED : PROP_FAIL;
    if ((c->rhs - sum) % a == 0) {
        int64_t bad = (c->rhs - sum) / a;
        if (bad >= INT32_MIN && bad <= INT32_MAX && ar_csp_dom_remove(s, v, (int32_t)bad) != 0)
            return PROP_FAIL;
    }
    return PROP_SUBSUMED;
}

static int linear_propagate(space *s, prop *p)
{
    return p->con->rel == AR_CSP_NE ? linear_ne(s, p) : linear_bounds(s, p);
}

static const prop_class linear_class = {.name = "linear", .cost = 1, .propagate = linear_propagate};

/* ---------------------------------------------------------------- table -- */

/* Supports as bitsets aligned with the variables' domains: sup[0] holds, for
 * each value of x (from x's initial lo), the bitset of y values allowed with
 * it; sup[1] the same from y's side. A value keeps its place while some word
 * of its support meets the other variable's domain (bitwise AC). */
typedef struct table_data {
    uint64_t *sup[2];
    uint32_t width[2], words[2];
} table_data;

static void table_destroy(prop *p)
{
    table_data *t = p->data;
    if (t) {
        free(t->sup[0]);
        free(t->sup[1]);
        free(t);
    }
}

/* Removes the values of side `me` with no support in the other variable. */
static int table_revise(space *s, const table_data *t, const mcon *c, int me, int *changed)
{
    int v = c->vars[me], w = c->vars[1 - me];
    const svar *x = &s->vars[v], *y = &s->vars[w];
    int32_t val;
    for (val = x->min; val <= x->max; val = ar_csp_dom_next(s, v, val + 1)) {
        const uint64_t *row = t->sup[me] + (size_t)(uint32_t)(val - x->base) * t->words[me];
        const uint64_t *dom = s->bits + y->word;
        uint32_t k, from = (uint32_t)(y->min - y->base) >> 6, to = (uint32_t)(y->max - y->base) >> 6;
        int ok = 0;
        for (k = from; k <= to && !ok; k++)
            ok = (row[k] & dom[k]) != 0;
        if (!ok) {
            if (ar_csp_dom_remove(s, v, val) != 0)
                return -1;
            *changed = 1;
        }
    }
    return 0;
}

static int table_propagate(space *s, prop *p)
{
    const table_data *t = p->data;
    int changed, side = 0, quiet = 0;
    /* alternate the sides until two revisions in a row change nothing */
    while (quiet < 2) {
        changed = 0;
        if (table_revise(s, t, p->con, side, &changed) != 0)
            return PROP_FAIL;
        quiet = changed ? 1 : quiet + 1;
        side = 1 - side;
    }
    return s->vars[p->con->vars[0]].size == 1 || s->vars[p->con->vars[1]].size == 1 ? PROP_SUBSUMED : PROP_OK;
}

static const prop_class table_class = {.name = "table", .cost = 0, .propagate = table_propagate, .destroy = table_destroy};

ar_status ar_csp_make_table(space *s, const mcon *c, ar_error *err)
{
    const mvar *mx = &s->m->vars[c->vars[0]], *my = &s->m->vars[c->vars[1]];
    table_data *t = calloc(1, sizeof *t);
    prop *p;
    size_t k, side;
    if (!t)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory making a table");
    t->width[0] = (uint32_t)((int64_t)mx->hi - mx->lo + 1), t->width[1] = (uint32_t)((int64_t)my->hi - my->lo + 1);
    t->words[0] = (t->width[1] + 63) / 64, t->words[1] = (t->width[0] + 63) / 64;
    if ((uint64_t)t->width[0] * t->words[0] > ((uint64_t)1 << 24) ||
        (uint64_t)t->width[1] * t->words[1] > ((uint64_t)1 << 24)) {
        free(t);
        return ar_error_set(err, AR_ERR_INPUT, "table on %s and %s: the domains are too wide for a table", mx->name,
                            my->name);
    }
    t->sup[0] = calloc((size_t)t->width[0] * t->words[0], sizeof *t->sup[0]);
    t->sup[1] = calloc((size_t)t->width[1] * t->words[1], sizeof *t->sup[1]);
    if (!t->sup[0] || !t->sup[1]) {
        free(t->sup[0]), free(t->sup[1]), free(t);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory making a table");
    }
    if (!c->allowed) /* forbidden pairs: start from everything */
        for (side = 0; side < 2; side++)
            for (k = 0; k < (size_t)t->width[side]; k++) {
                uint32_t other = t->width[1 - side], w;
                for (w = 0; w < other; w++)
                    t->sup[side][k * t->words[side] + (w >> 6)] |= (uint64_t)1 << (w & 63);
            }
    for (k = 0; k < c->npairs; k++) {
        int32_t a = c->pairs[2 * k], b = c->pairs[2 * k + 1];
        uint32_t i, j;
        if (a < mx->lo || a > mx->hi || b < my->lo || b > my->hi)
            continue; /* a pair outside the domains changes nothing */
        i = (uint32_t)(a - mx->lo), j = (uint32_t)(b - my->lo);
        if (c->allowed) {
            t->sup[0][(size_t)i * t->words[0] + (j >> 6)] |= (uint64_t)1 << (j & 63);
            t->sup[1][(size_t)j * t->words[1] + (i >> 6)] |= (uint64_t)1 << (i & 63);
        } else {
            t->sup[0][(size_t)i * t->words[0] + (j >> 6)] &= ~((uint64_t)1 << (j & 63));
            t->sup[1][(size_t)j * t->words[1] + (i >> 6)] &= ~((uint64_t)1 << (i & 63));
        }
    }
    ar_csp_add_prop(s, &table_class, c, t, &p, err);
    ar_csp_subscribe(s, p, c->vars[0], EV_DOM);
    ar_csp_subscribe(s, p, c->vars[1], EV_DOM);
    return AR_OK;
}

/* ----------------------------------------------------------------- user -- */

/* A user's propagator first, if any; then forward checking on the check
 * function: once one variable is left open, each of its values is tried.
 * (A user constraint's variables are distinct: ar_csp_user_constraint.) */
static int user_propagate(space *s, prop *p)
{
    const mcon *c = p->con;
    int32_t *vals = s->scratch, val, hi;
    size_t i, open = 0, at = 0;
    if (c->user.propagate && c->user.propagate(c->ctx, s, c->vars, c->n) != 0)
        return PROP_FAIL;
    for (i = 0; i < c->n; i++) {
        const svar *x = &s->vars[c->vars[i]];
        if (x->size == 1)
            vals[i] = x->min;
        else
            open++, at = i;
    }
    if (open == 0)
        return c->user.check(c->ctx, vals) ? PROP_SUBSUMED : PROP_FAIL;
    if (open > 1)
        return PROP_OK;
    hi = s->vars[c->vars[at]].max;
    for (val = s->vars[c->vars[at]].min; val <= hi; val = ar_csp_dom_next(s, c->vars[at], val + 1)) {
        vals[at] = val;
        if (!c->user.check(c->ctx, vals) && ar_csp_dom_remove(s, c->vars[at], val) != 0)
            return PROP_FAIL;
    }
    return PROP_SUBSUMED;
}

static const prop_class user_class = {.name = "user", .cost = 1, .propagate = user_propagate};

/* ------------------------------------------------------------- makers -- */

ar_status ar_csp_make_linear(space *s, const mcon *c, ar_error *err)
{
    prop *p;
    size_t i;
    ar_csp_add_prop(s, &linear_class, c, NULL, &p, err);
    for (i = 0; i < c->n; i++)
        ar_csp_subscribe(s, p, c->vars[i], c->rel == AR_CSP_NE ? EV_FIXED : EV_BOUNDS);
    return AR_OK;
}

ar_status ar_csp_make_user(space *s, const mcon *c, ar_error *err)
{
    prop *p;
    size_t i;
    ar_csp_add_prop(s, &user_class, c, NULL, &p, err);
    for (i = 0; i < c->n; i++)
        ar_csp_subscribe(s, p, c->vars[i], c->user.propagate ? EV_DOM : EV_FIXED);
    return AR_OK;
}
