/* csp_model.c — the model: variables with their initial domains and the
 * constraints posted on them, as the user stated them. Nothing here
 * searches; a search turns the model into a space of propagators
 * (csp_space.c). The checks that say whether an assignment satisfies a
 * constraint live here too, because the depth-first engine's plain
 * backtracking, min-conflicts and the tests all need the same definition. */
#include "csp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ar_status ar_csp_create(ar_csp **out, ar_error *err)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a constraint model");
    return AR_OK;
}

void ar_csp_destroy(ar_csp *m)
{
    size_t k;
    if (!m)
        return;
    for (k = 0; k < m->nvars; k++) {
        free(m->vars[k].name);
        free(m->vars[k].holes);
    }
    for (k = 0; k < m->ncons; k++) {
        mcon *c = &m->cons[k];
        free(c->vars);
        free(c->offsets);
        free(c->coefs);
        free(c->pairs);
    }
    free(m->vars);
    free(m->cons);
    free(m);
}

ar_status ar_csp_new_var(ar_csp *m, int32_t lo, int32_t hi, const char *name, int *index, ar_error *err)
{
    mvar *x;
    char buf[32];
    if (lo < -(1 << 30) || hi > (1 << 30))
        return ar_error_set(err, AR_ERR_INPUT, "variable %s: values are limited to -2^30..2^30", name ? name : "?");
    if (lo > hi)
        return ar_error_set(err, AR_ERR_INPUT, "variable %s: empty domain %ld..%ld", name ? name : "?", (long)lo,
                            (long)hi);
    if ((int64_t)hi - lo + 1 > AR_CSP_MAX_WIDTH)
        return ar_error_set(err, AR_ERR_INPUT, "variable %s: the domain %ld..%ld spans more than %d values",
                            name ? name : "?", (long)lo, (long)hi, AR_CSP_MAX_WIDTH);
    if (m->nvars >= AR_CSP_MAX_VARS)
        return ar_error_set(err, AR_ERR_INPUT, "more than %d variables", AR_CSP_MAX_VARS);
    if (m->nvars == m->cap_vars) {
        size_t cap = m->cap_vars ? 2 * m->cap_vars : 16;
        mvar *v = realloc(m->vars, cap * sizeof *v);
        if (!v)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory adding a variable");
        m->vars = v, m->cap_vars = cap;
    }
    if (!name) {
        snprintf(buf, sizeof buf, "x%zu", m->nvars);
        name = buf;
    }
    x = &m->vars[m->nvars];
    memset(x, 0, sizeof *x);
    if (!(x->name = malloc(strlen(name) + 1)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory adding a variable");
    strcpy(x->name, name);
    x->lo = lo, x->hi = hi, x->size = (uint32_t)((int64_t)hi - lo + 1), x->group = -1;
    if (index)
        *index = (int)m->nvars;
    m->nvars++;
    return AR_OK;
}

static int bit_at(const mvar *x, int32_t v)
{
    uint32_t k = (uint32_t)((int64_t)v - x->lo);
    return !x->holes || (int)(x->holes[k >> 6] >> (k & 63) & 1u);
}

int ar_csp_model_allows(const ar_csp *m, int var, int32_t value)
{
    const mvar *x = &m->vars[var];
    return value >= x->lo && value <= x->hi && bit_at(x, value);
}

int ar_csp_var_allows(const ar_csp *m, int var, int32_t value)
{
    return var >= 0 && (size_t)var < m->nvars && ar_csp_model_allows(m, var, value);
}

ar_status ar_csp_exclude(ar_csp *m, int var, int32_t value, ar_error *err)
{
    mvar *x;
    uint32_t k, width;
    if (var < 0 || (size_t)var >= m->nvars)
        return ar_error_set(err, AR_ERR_INPUT, "no variable %d", var);
    x = &m->vars[var];
    if (!ar_csp_model_allows(m, var, value))
        return AR_OK;
    if (x->size == 1)
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "variable %s: excluding %ld leaves no value", x->name,
                            (long)value);
    width = (uint32_t)((int64_t)x->hi - x->lo + 1);
    if (!x->holes) {
        size_t words = (width + 63) / 64, w;
        if (!(x->holes = malloc(words * sizeof *x->holes)))
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory excluding a value");
        for (w = 0; w < words; w++)
            x->holes[w] = ~(uint64_t)0;
        if (width & 63)
            x->holes[words - 1] = ((uint64_t)1 << (width & 63)) - 1;
    }
    k = (uint32_t)((int64_t)value - x->lo);
    x->holes[k >> 6] &= ~((uint64_t)1 << (k & 63));
    x->size--;
    /* keep lo and hi on values of the domain (the bitset stays based at the old lo) */
    if (value == x->lo || value == x->hi) {
        int32_t lo = x->lo, hi = x->hi, base = x->lo;
        uint64_t *bits = x->holes;
        x->holes = NULL; /* bit_at reads through the saved pointer below */
        while (!(bits[(uint32_t)(lo - base) >> 6] >> ((uint32_t)(lo - base) & 63) & 1u))
            lo++;
        while (!(bits[(uint32_t)(hi - base) >> 6] >> ((uint32_t)(hi - base) & 63) & 1u))
            hi--;
        if (lo != base) { /* rebase the bitset at the new lo */
            uint32_t nw = (uint32_t)(((int64_t)hi - lo + 1 + 63) / 64), w, shift = (uint32_t)(lo - base);
            uint64_t *nb = calloc(nw, sizeof *nb);
            if (!nb) {
                x->holes = bits;
                return ar_error_set(err, AR_ERR_MEMORY, "out of memory excluding a value");
            }
            for (w = 0; w < nw * 64; w++) {
                uint32_t src = w + shift;
                if ((int64_t)lo + w <= hi && (bits[src >> 6] >> (src & 63) & 1u))
                    nb[w >> 6] |= (uint64_t)1 << (w & 63);
            }
            free(bits);
            bits = nb;
        }
        x->holes = bits;
        x->lo = lo, x->hi = hi;
    }
    return AR_OK;
}

size_t ar_csp_var_count(const ar_csp *m) { return m->nvars; }
size_t ar_csp_constraint_count(const ar_csp *m) { return m->ncons; }
const char *ar_csp_var_name(const ar_csp *m, int var) { return m->vars[var].name; }
int32_t ar_csp_var_lo(const ar_csp *m, int var) { return m->vars[var].lo; }
int32_t ar_csp_var_hi(const ar_csp *m, int var) { return m->vars[var].hi; }

int ar_csp_var_find(const ar_csp *m, const char *name)
{
    size_t k;
    for (k = 0; k < m->nvars; k++)
        if (strcmp(m->vars[k].name, name) == 0)
            return (int)k;
    return -1;
}

/* A new constraint record with its variables copied and checked. */
static ar_status add_con(ar_csp *m, con_kind kind, const int *vars, size_t n, mcon **out, ar_error *err)
{
    mcon *c;
    size_t k;
    for (k = 0; k < n; k++)
        if (vars[k] < 0 || (size_t)vars[k] >= m->nvars)
            return ar_error_set(err, AR_ERR_INPUT, "a constraint names variable %d of %zu", vars[k], m->nvars);
    if (m->ncons == m->cap_cons) {
        size_t cap = m->cap_cons ? 2 * m->cap_cons : 16;
        mcon *v = realloc(m->cons, cap * sizeof *v);
        if (!v)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory adding a constraint");
        m->cons = v, m->cap_cons = cap;
    }
    c = &m->cons[m->ncons];
    memset(c, 0, sizeof *c);
    c->kind = kind, c->n = n;
    if (!(c->vars = malloc((n ? n : 1) * sizeof *c->vars)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory adding a constraint");
    if (n)
        memcpy(c->vars, vars, n * sizeof *vars);
    m->ncons++;
    *out = c;
    return AR_OK;
}

/* Removes the constraint just added (a later check failed). */
static void drop_last(ar_csp *m)
{
    mcon *c = &m->cons[--m->ncons];
    free(c->vars);
    free(c->offsets);
    free(c->coefs);
    free(c->pairs);
}

ar_status ar_csp_alldiff(ar_csp *m, const int *vars, const int32_t *offsets, size_t n, ar_error *err)
{
    mcon *c;
    size_t k;
    ar_status st;
    if ((st = add_con(m, CON_ALLDIFF, vars, n, &c, err)) != AR_OK)
        return st;
    if (!offsets)
        return AR_OK;
    for (k = 0; k < n; k++) {
        const mvar *x = &m->vars[vars[k]];
        if ((int64_t)x->lo + offsets[k] < INT32_MIN / 2 || (int64_t)x->hi + offsets[k] > INT32_MAX / 2) {
            drop_last(m);
            return ar_error_set(err, AR_ERR_INPUT, "alldiff: %s%+ld takes values out of range", x->name,
                                (long)offsets[k]);
        }
    }
    if (!(c->offsets = malloc((n ? n : 1) * sizeof *c->offsets))) {
        drop_last(m);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory adding a constraint");
    }
    memcpy(c->offsets, offsets, n * sizeof *offsets);
    return AR_OK;
}

ar_status ar_csp_linear(ar_csp *m, const int64_t *coefs, const int *vars, size_t n, ar_csp_rel rel, int64_t rhs,
                        ar_error *err)
{
    mcon *c;
    size_t k;
    ar_status st;
    const int64_t cap = (int64_t)1 << 62;
    int64_t lo = 0, hi = 0;
    if ((st = add_con(m, CON_LINEAR, vars, n, &c, err)) != AR_OK)
        return st;
    for (k = 0; k < n; k++) {
        const mvar *x = &m->vars[vars[k]];
        int64_t a = coefs[k], big = (int64_t)1 << 40;
        int64_t m1, m2;
        if (a > big || a < -big) {
            drop_last(m);
            return ar_error_set(err, AR_ERR_INPUT, "linear: coefficient %lld is too large (at most 2^40)",
                                (long long)a);
        }
        m1 = a * x->lo, m2 = a * x->hi;
        lo += m1 < m2 ? m1 : m2, hi += m1 < m2 ? m2 : m1;
        if (lo < -cap || hi > cap) {
            drop_last(m);
            return ar_error_set(err, AR_ERR_INPUT, "linear: the sum may leave the range +-2^62");
        }
    }
    if (rhs < -cap || rhs > cap) {
        drop_last(m);
        return ar_error_set(err, AR_ERR_INPUT, "linear: the constant %lld is out of range", (long long)rhs);
    }
    if (!(c->coefs = malloc((n ? n : 1) * sizeof *c->coefs))) {
        drop_last(m);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory adding a constraint");
    }
    if (n)
        memcpy(c->coefs, coefs, n * sizeof *coefs);
    c->rel = rel, c->rhs = rhs;
    return AR_OK;
}

ar_status ar_csp_table(ar_csp *m, int x, int y, const int32_t *pairs, size_t npairs, int allowed, ar_error *err)
{
    int vars[2] = {x, y};
    mcon *c;
    ar_status st;
    if (x == y)
        return ar_error_set(err, AR_ERR_INPUT, "table: the two variables must differ");
    if (npairs > ((size_t)1 << 26))
        return ar_error_set(err, AR_ERR_INPUT, "table: more than 2^26 pairs");
    if ((st = add_con(m, CON_TABLE, vars, 2, &c, err)) != AR_OK)
        return st;
    if (!(c->pairs = malloc((npairs ? npairs : 1) * 2 * sizeof *c->pairs))) {
        drop_last(m);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory adding a table");
    }
    if (npairs)
        memcpy(c->pairs, pairs, npairs * 2 * sizeof *pairs);
    c->npairs = npairs, c->allowed = allowed != 0;
    return AR_OK;
}

ar_status ar_csp_user_constraint(ar_csp *m, const int *vars, size_t n, const ar_csp_user *user, void *ctx,
                                 ar_error *err)
{
    mcon *c;
    ar_status st;
    size_t i, j;
    if (!user || !user->check)
        return ar_error_set(err, AR_ERR_INPUT, "a user constraint needs a check function");
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (vars[i] == vars[j])
                return ar_error_set(err, AR_ERR_INPUT, "%s: a variable appears twice",
                                    user->name ? user->name : "user constraint");
    if ((st = add_con(m, CON_USER, vars, n, &c, err)) != AR_OK)
        return st;
    c->user = *user, c->ctx = ctx;
    return AR_OK;
}

ar_status ar_csp_interchangeable(ar_csp *m, const int *vars, size_t n, ar_error *err)
{
    size_t k;
    for (k = 0; k < n; k++) {
        const mvar *a, *b;
        if (vars[k] < 0 || (size_t)vars[k] >= m->nvars)
            return ar_error_set(err, AR_ERR_INPUT, "interchangeable: no variable %d", vars[k]);
        a = &m->vars[vars[0]], b = &m->vars[vars[k]];
        if (b->group >= 0)
            return ar_error_set(err, AR_ERR_INPUT, "interchangeable: %s is already in a group", b->name);
        if (a->lo != b->lo || a->hi != b->hi || a->size != b->size || a->holes || b->holes)
            return ar_error_set(err, AR_ERR_INPUT, "interchangeable: %s and %s have different domains (or holes)",
                                a->name, b->name);
    }
    for (k = 0; k < n; k++)
        m->vars[vars[k]].group = m->ngroups;
    m->ngroups++;
    return AR_OK;
}

int ar_csp_con_holds(const mcon *c, const int32_t *v)
{
    size_t i, j;
    switch (c->kind) {
    case CON_ALLDIFF:
        for (i = 0; i < c->n; i++)
            for (j = i + 1; j < c->n; j++)
                if ((int64_t)v[i] + (c->offsets ? c->offsets[i] : 0) ==
                    (int64_t)v[j] + (c->offsets ? c->offsets[j] : 0))
                    return 0;
        return 1;
    case CON_LINEAR: {
        int64_t sum = 0;
        for (i = 0; i < c->n; i++)
            sum += c->coefs[i] * v[i];
        switch (c->rel) {
        case AR_CSP_EQ: return sum == c->rhs;
        case AR_CSP_NE: return sum != c->rhs;
        case AR_CSP_LE: return sum <= c->rhs;
        case AR_CSP_GE: return sum >= c->rhs;
        }
        return 0;
    }
    case CON_TABLE:
        for (i = 0; i < c->npairs; i++)
            if (c->pairs[2 * i] == v[0] && c->pairs[2 * i + 1] == v[1])
                return c->allowed;
        return !c->allowed;
    case CON_USER:
        return c->user.check(c->ctx, v) != 0;
    }
    return 0;
}

int ar_csp_satisfied(const ar_csp *m, const int32_t *values, size_t *bad)
{
    size_t k, i, cap = 0;
    int32_t *vals = NULL;
    int ok = 1;
    for (k = 0; k < m->nvars; k++)
        if (!ar_csp_model_allows(m, (int)k, values[k])) {
            if (bad)
                *bad = SIZE_MAX;
            return 0;
        }
    for (k = 0; k < m->ncons; k++)
        if (m->cons[k].n > cap)
            cap = m->cons[k].n;
    if (!(vals = malloc((cap ? cap : 1) * sizeof *vals)))
        return 0;
    for (k = 0; k < m->ncons && ok; k++) {
        const mcon *c = &m->cons[k];
        for (i = 0; i < c->n; i++)
            vals[i] = values[c->vars[i]];
        if (!ar_csp_con_holds(c, vals)) {
            ok = 0;
            if (bad)
                *bad = k;
        }
    }
    free(vals);
    return ok;
}

void ar_csp_describe_constraint(const ar_csp *m, size_t k, char *buf, size_t size)
{
    static const char *const rel[] = {"=", "!=", "<=", ">="};
    const mcon *c;
    if (k >= m->ncons) {
        snprintf(buf, size, "no constraint %zu", k);
        return;
    }
    c = &m->cons[k];
    switch (c->kind) {
    case CON_ALLDIFF: snprintf(buf, size, "alldiff of %zu (first %s)", c->n, c->n ? m->vars[c->vars[0]].name : "-"); break;
    case CON_LINEAR: snprintf(buf, size, "linear %s %lld, %zu terms", rel[c->rel], (long long)c->rhs, c->n); break;
    case CON_TABLE:
        snprintf(buf, size, "table of %zu %s pairs on %s, %s", c->npairs, c->allowed ? "allowed" : "forbidden",
                 m->vars[c->vars[0]].name, m->vars[c->vars[1]].name);
        break;
    case CON_USER: snprintf(buf, size, "%s on %zu variables", c->user.name ? c->user.name : "user constraint", c->n); break;
    }
}

size_t ar_csp_constraint_arity(const ar_csp *m, size_t k) { return m->cons[k].n; }
int ar_csp_constraint_var(const ar_csp *m, size_t k, size_t i) { return m->cons[k].vars[i]; }

int ar_csp_partial_ok(const ar_csp *m, size_t k, const int32_t *values, int v, int32_t value)
{
    const mcon *c = &m->cons[k];
    int32_t small[64] = {0}, *vals = small;
    size_t i, j;
    int ok;
#define VALUE_OF(x) ((x) == v ? value : values[(x)])
    if (c->kind == CON_ALLDIFF) {
        for (i = 0; i < c->n; i++) {
            int64_t a;
            if (VALUE_OF(c->vars[i]) == AR_CSP_UNSET)
                continue;
            a = (int64_t)VALUE_OF(c->vars[i]) + (c->offsets ? c->offsets[i] : 0);
            for (j = i + 1; j < c->n; j++)
                if (VALUE_OF(c->vars[j]) != AR_CSP_UNSET &&
                    a == (int64_t)VALUE_OF(c->vars[j]) + (c->offsets ? c->offsets[j] : 0))
                    return 0;
        }
        return 1;
    }
    for (i = 0; i < c->n; i++)
        if (VALUE_OF(c->vars[i]) == AR_CSP_UNSET)
            return 1;
    if (c->n > 64 && !(vals = malloc(c->n * sizeof *vals)))
        return 1; /* out of memory: cannot tell, let the full check decide */
    for (i = 0; i < c->n; i++)
        vals[i] = VALUE_OF(c->vars[i]);
#undef VALUE_OF
    ok = ar_csp_con_holds(c, vals);
    if (vals != small)
        free(vals);
    return ok;
}
