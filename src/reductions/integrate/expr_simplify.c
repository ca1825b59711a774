/* expr_simplify.c — the algebra of expressions (expr.h): the canonical form,
 * multiplying out, the derivative and replacing subexpressions.
 *
 * Canonical means: sums and products flattened; numbers folded into one
 * constant term and one leading coefficient; like terms of a sum collected
 * (2*x + 3*x is 5*x) and equal bases of a product collected (x*x^2 is x^3,
 * cos(x)*cos(x)^-1 is 1); a number times a sum distributed; whole powers of
 * numbers, of products and of powers folded; a few function values (sin 0,
 * ln 1, ln exp u, exp ln u) and parities (sin(-u) is -sin u); operands sorted
 * in the order of ar_ex_compare. Two expressions equal in this algebra then
 * print the same, which is what lets the AND-OR search share a subproblem
 * reached two ways. Division by zero and numbers beyond 2^52 set the pool's
 * failed flag. */
#include "expr.h"

#include <stdlib.h>
#include <string.h>

#define MAX_OPS 256

static ex *simp(ex_pool *p, const ex *e);
static ex *mul_list(ex_pool *p, ex **ops, unsigned n);
static ex *add_list(ex_pool *p, ex **ops, unsigned n);

static int cmp_ops(const void *a, const void *b)
{
    return ar_ex_compare(*(ex *const *)a, *(ex *const *)b);
}

static int is_int(const ex *e) { return e->kind == EX_NUM && e->q == 1; }

/* base^k with both canonical. */
static ex *power(ex_pool *p, ex *b, ex *k)
{
    if (p->failed)
        return NULL;
    if (ar_ex_is_num(k, 0, 1))
        return ar_ex_num(p, 1, 1);
    if (ar_ex_is_num(k, 1, 1))
        return b;
    if (b->kind == EX_NUM) {
        if (b->p == 1 && b->q == 1)
            return b;
        if (b->p == 0) {
            if (k->kind == EX_NUM && k->p > 0)
                return b;
            p->failed = 1; /* 0 to a negative or unknown power */
            return NULL;
        }
        if (is_int(k) && k->p >= -62 && k->p <= 62) {
            int64_t rp = 1, rq = 1, bp = b->p, bq = b->q, i, n = k->p < 0 ? -k->p : k->p;
            for (i = 0; i < n; i++)
                ar_ex_rat_mul(p, rp, rq, bp, bq, &rp, &rq);
            return k->p < 0 ? ar_ex_num(p, rq, rp) : ar_ex_num(p, rp, rq);
        }
        return ar_ex_pow(p, b, k);
    }
    if (b->kind == EX_POW && is_int(k) && b->a[1]->kind == EX_NUM) {
        int64_t rp, rq;
        ar_ex_rat_mul(p, b->a[1]->p, b->a[1]->q, k->p, 1, &rp, &rq);
        return power(p, b->a[0], ar_ex_num(p, rp, rq));
    }
    if (b->kind == EX_MUL && is_int(k)) {
        ex *ops[MAX_OPS];
        unsigned i;
        for (i = 0; i < b->n; i++)
            ops[i] = power(p, b->a[i], k);
        return mul_list(p, ops, b->n);
    }
    if (b->kind == EX_FN && b->fn == FN_EXP && k->kind == EX_NUM) /* exp(u)^k = exp(k u) */
        return simp(p, ar_ex_fn1(p, FN_EXP, ar_ex_mul2(p, k, b->a[0])));
    return ar_ex_pow(p, b, k);
}

/* The operands of a sum (or product) with nested sums (products) opened up,
 * into flat (MAX_OPS); 0 when an operand is missing or there are too many. */
static int flatten(ex_pool *p, ex_kind kind, ex **ops, unsigned n, ex **flat, unsigned *nf)
{
    unsigned i, j;
    *nf = 0;
    if (p->failed)
        return 0;
    for (i = 0; i < n; i++) {
        if (!ops[i])
            return 0;
        for (j = 0; j < (ops[i]->kind == kind ? ops[i]->n : 1); j++) {
            if (*nf == MAX_OPS) {
                p->failed = 1;
                return 0;
            }
            flat[(*nf)++] = ops[i]->kind == kind ? ops[i]->a[j] : ops[i];
        }
    }
    return 1;
}

/* A canonical term as (coefficient, rest): 3*x^2 is (3, x^2). */
static ex *split_coef(ex_pool *p, ex *t, int64_t *cp, int64_t *cq)
{
    if (t->kind == EX_MUL && t->a[0]->kind == EX_NUM) {
        *cp = t->a[0]->p;
        *cq = t->a[0]->q;
        if (t->n == 2)
            return t->a[1];
        return ar_ex_op(p, EX_MUL, t->n - 1, t->a + 1);
    }
    *cp = 1;
    *cq = 1;
    return t;
}

static ex *add_list(ex_pool *p, ex **ops, unsigned n)
{
    ex *flat[MAX_OPS], *rest[MAX_OPS], *out[MAX_OPS];
    int64_t cp[MAX_OPS], cq[MAX_OPS], kp = 0, kq = 1;
    unsigned nf, nr = 0, no = 0, i, j;
    if (!flatten(p, EX_ADD, ops, n, flat, &nf))
        return NULL;
    for (i = 0; i < nf; i++) {
        int64_t a, b;
        ex *r;
        if (flat[i]->kind == EX_NUM) {
            ar_ex_rat_add(p, kp, kq, flat[i]->p, flat[i]->q, &kp, &kq);
            continue;
        }
        r = split_coef(p, flat[i], &a, &b);
        if (!r)
            return NULL;
        for (j = 0; j < nr && !ar_ex_equal(rest[j], r); j++)
            ;
        if (j == nr) {
            rest[nr] = r;
            cp[nr] = a;
            cq[nr++] = b;
        } else
            ar_ex_rat_add(p, cp[j], cq[j], a, b, &cp[j], &cq[j]);
    }
    for (j = 0; j < nr; j++) {
        if (cp[j] == 0)
            continue;
        if (cp[j] == 1 && cq[j] == 1)
            out[no++] = rest[j];
        else if (rest[j]->kind == EX_MUL) {
            ex *f[MAX_OPS];
            if (rest[j]->n + 1 > MAX_OPS)
                goto full;
            f[0] = ar_ex_num(p, cp[j], cq[j]);
            memcpy(f + 1, rest[j]->a, sizeof *f * rest[j]->n);
            out[no++] = ar_ex_op(p, EX_MUL, rest[j]->n + 1, f);
        } else
            out[no++] = ar_ex_mul2(p, ar_ex_num(p, cp[j], cq[j]), rest[j]);
    }
    if (kp != 0)
        out[no++] = ar_ex_num(p, kp, kq);
    if (p->failed)
        return NULL;
    if (no == 0)
        return ar_ex_num(p, 0, 1);
    if (no == 1)
        return out[0];
    qsort(out, no, sizeof *out, cmp_ops);
    return ar_ex_op(p, EX_ADD, no, out);
full:
    p->failed = 1;
    return NULL;
}

static ex *mul_list(ex_pool *p, ex **ops, unsigned n)
{
    ex *flat[MAX_OPS], *base[MAX_OPS], *expo[MAX_OPS], *out[MAX_OPS + 1];
    int64_t cp = 1, cq = 1;
    unsigned nf, nb = 0, no = 0, i, j;
    if (!flatten(p, EX_MUL, ops, n, flat, &nf))
        return NULL;
    for (i = 0; i < nf; i++) {
        ex *b = flat[i], *k;
        if (b->kind == EX_NUM) {
            ar_ex_rat_mul(p, cp, cq, b->p, b->q, &cp, &cq);
            continue;
        }
        k = b->kind == EX_POW ? b->a[1] : NULL;
        b = b->kind == EX_POW ? b->a[0] : b;
        for (j = 0; j < nb && !ar_ex_equal(base[j], b); j++)
            ;
        if (j == nb) {
            base[nb] = b;
            expo[nb++] = k ? k : ar_ex_num(p, 1, 1);
        } else {
            ex *sum[2];
            sum[0] = expo[j];
            sum[1] = k ? k : ar_ex_num(p, 1, 1);
            expo[j] = add_list(p, sum, 2);
        }
    }
    if (p->failed)
        return NULL;
    if (cp == 0)
        return ar_ex_num(p, 0, 1);
    for (j = 0; j < nb; j++) {
        ex *f = power(p, base[j], expo[j]);
        if (!f)
            return NULL;
        if (f->kind == EX_NUM)
            ar_ex_rat_mul(p, cp, cq, f->p, f->q, &cp, &cq);
        else if (f->kind == EX_MUL) { /* a power that came apart: fold its pieces in */
            for (i = 0; i < f->n; i++) {
                if (f->a[i]->kind == EX_NUM)
                    ar_ex_rat_mul(p, cp, cq, f->a[i]->p, f->a[i]->q, &cp, &cq);
                else if (no < MAX_OPS)
                    out[no++] = f->a[i];
                else
                    goto full;
            }
        } else if (no < MAX_OPS)
            out[no++] = f;
        else
            goto full;
    }
    if (p->failed)
        return NULL;
    if (cp == 0)
        return ar_ex_num(p, 0, 1);
    /* Pieces of a power that came apart may share a base with other factors:
     * collect again (terminates: each pass removes a product). */
    for (i = 0; i < no; i++)
        for (j = i + 1; j < no; j++) {
            const ex *bi = out[i]->kind == EX_POW ? out[i]->a[0] : out[i];
            const ex *bj = out[j]->kind == EX_POW ? out[j]->a[0] : out[j];
            if (ar_ex_equal(bi, bj)) {
                out[no] = ar_ex_num(p, cp, cq);
                return mul_list(p, out, no + 1);
            }
        }
    if (no == 1 && out[0]->kind == EX_ADD && !(cp == 1 && cq == 1)) {
        /* a number times a sum: distribute */
        ex *terms[MAX_OPS];
        for (i = 0; i < out[0]->n; i++)
            terms[i] = mul_list(p, (ex *[]){ar_ex_num(p, cp, cq), out[0]->a[i]}, 2);
        return add_list(p, terms, out[0]->n);
    }
    if (no == 0)
        return ar_ex_num(p, cp, cq);
    qsort(out, no, sizeof *out, cmp_ops);
    if (cp == 1 && cq == 1) {
        if (no == 1)
            return out[0];
        return ar_ex_op(p, EX_MUL, no, out);
    }
    memmove(out + 1, out, sizeof *out * no);
    out[0] = ar_ex_num(p, cp, cq);
    return ar_ex_op(p, EX_MUL, no + 1, out);
full:
    p->failed = 1;
    return NULL;
}

/* Whether a canonical expression reads as negative (-u, or a negative number). */
static int looks_negative(const ex *a)
{
    return (a->kind == EX_NUM && a->p < 0) ||
           (a->kind == EX_MUL && a->a[0]->kind == EX_NUM && a->a[0]->p < 0);
}

static ex *function(ex_pool *p, ex_fn fn, ex *a)
{
    if (!a)
        return NULL;
    if (looks_negative(a) && fn != FN_EXP && fn != FN_LN) {
        ex *m = mul_list(p, (ex *[]){ar_ex_num(p, -1, 1), a}, 2), *f = function(p, fn, m);
        return fn == FN_COS ? f : mul_list(p, (ex *[]){ar_ex_num(p, -1, 1), f}, 2);
    }
    if (ar_ex_is_num(a, 0, 1)) {
        if (fn == FN_COS || fn == FN_EXP)
            return ar_ex_num(p, 1, 1);
        if (fn == FN_LN) {
            p->failed = 1;
            return NULL;
        }
        return ar_ex_num(p, 0, 1);
    }
    if (fn == FN_LN && ar_ex_is_num(a, 1, 1))
        return ar_ex_num(p, 0, 1);
    if (fn == FN_LN && a->kind == EX_FN && a->a[0] && a->fn == FN_EXP)
        return a->a[0];
    if (fn == FN_EXP && a->kind == EX_FN && a->fn == FN_LN)
        return a->a[0];
    if (fn == FN_LN && a->kind == EX_POW && a->a[1]->kind == EX_NUM) /* ln u^k = k ln u */
        return mul_list(p, (ex *[]){a->a[1], function(p, FN_LN, a->a[0])}, 2);
    return ar_ex_fn1(p, fn, a);
}

static ex *simp(ex_pool *p, const ex *e)
{
    ex *ops[MAX_OPS];
    unsigned i;
    if (!e || p->failed)
        return NULL;
    switch (e->kind) {
    case EX_NUM:
    case EX_VAR:
        return (ex *)e;
    case EX_FN:
        return function(p, e->fn, simp(p, e->a[0]));
    case EX_POW: {
        ex *b = simp(p, e->a[0]), *k = simp(p, e->a[1]);
        return b && k ? power(p, b, k) : NULL;
    }
    case EX_MUL:
    case EX_ADD:
        if (e->n > MAX_OPS) {
            p->failed = 1;
            return NULL;
        }
        for (i = 0; i < e->n; i++)
            ops[i] = simp(p, e->a[i]);
        return e->kind == EX_MUL ? mul_list(p, ops, e->n) : add_list(p, ops, e->n);
    }
    return NULL;
}

ex *ar_ex_simplify(ex_pool *p, const ex *e) { return simp(p, e); }

/* --- multiplying out --- */

#define EXPAND_MAX_TERMS 128

/* The terms of a canonical expression seen as a sum. */
static unsigned terms_of(ex *e, ex **t)
{
    if (e->kind == EX_ADD) {
        memcpy(t, e->a, sizeof *t * e->n);
        return e->n;
    }
    t[0] = e;
    return 1;
}

/* (sum a)(sum b) multiplied out, simplified. */
static ex *times(ex_pool *p, ex *a, ex *b)
{
    ex *ta[MAX_OPS], *tb[MAX_OPS], *out[MAX_OPS];
    unsigned na = terms_of(a, ta), nb = terms_of(b, tb), i, j, n = 0;
    if ((size_t)na * nb > EXPAND_MAX_TERMS) {
        p->failed = 1;
        return NULL;
    }
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++)
            out[n++] = mul_list(p, (ex *[]){ta[i], tb[j]}, 2);
    return add_list(p, out, n);
}

static ex *expand_c(ex_pool *p, ex *e)
{
    unsigned i;
    if (!e || p->failed)
        return NULL;
    if (e->kind == EX_ADD) {
        ex *ops[MAX_OPS];
        for (i = 0; i < e->n; i++)
            ops[i] = expand_c(p, e->a[i]);
        return add_list(p, ops, e->n);
    }
    if (e->kind == EX_POW && e->a[0]->kind == EX_ADD && is_int(e->a[1]) && e->a[1]->p >= 2 &&
        e->a[1]->p <= 12) {
        ex *base = expand_c(p, e->a[0]), *r = base;
        int64_t k;
        for (k = 1; k < e->a[1]->p && r; k++)
            r = times(p, r, base);
        return r;
    }
    if (e->kind == EX_MUL) {
        ex *r = ar_ex_num(p, 1, 1);
        for (i = 0; i < e->n && r; i++)
            r = times(p, r, expand_c(p, e->a[i]));
        return r;
    }
    return e;
}

ex *ar_ex_expand(ex_pool *p, const ex *e)
{
    ex *s = simp(p, e);
    return s ? expand_c(p, s) : NULL;
}

/* --- derivative --- */

static ex *deriv(ex_pool *p, const ex *e)
{
    unsigned i, j;
    ex *u, *du;
    if (p->failed)
        return NULL;
    switch (e->kind) {
    case EX_NUM:
        return ar_ex_num(p, 0, 1);
    case EX_VAR:
        return ar_ex_num(p, e->p ? 0 : 1, 1);
    case EX_ADD: {
        ex *terms[64];
        if (e->n > 64) {
            p->failed = 1;
            return NULL;
        }
        for (i = 0; i < e->n; i++)
            terms[i] = deriv(p, e->a[i]);
        return ar_ex_op(p, EX_ADD, e->n, terms);
    }
    case EX_MUL: {
        ex *terms[64], *f[64];
        if (e->n > 64) {
            p->failed = 1;
            return NULL;
        }
        for (i = 0; i < e->n; i++) {
            for (j = 0; j < e->n; j++)
                f[j] = j == i ? deriv(p, e->a[j]) : (ex *)e->a[j];
            terms[i] = ar_ex_op(p, EX_MUL, e->n, f);
        }
        return ar_ex_op(p, EX_ADD, e->n, terms);
    }
    case EX_POW: {
        ex *b = e->a[0], *k = e->a[1];
        if (ar_ex_free_of_x(k)) /* k b^(k-1) b' */
            return ar_ex_mul2(p, ar_ex_mul2(p, k, ar_ex_pow(p, b, ar_ex_add2(p, k, ar_ex_num(p, -1, 1)))),
                           deriv(p, b));
        /* b^k (k' ln b + k b'/b) */
        return ar_ex_mul2(p, (ex *)e,
                       ar_ex_add2(p, ar_ex_mul2(p, deriv(p, k), ar_ex_fn1(p, FN_LN, b)),
                               ar_ex_mul2(p, k, ar_ex_div(p, deriv(p, b), b))));
    }
    case EX_FN:
        u = e->a[0];
        du = deriv(p, u);
        switch (e->fn) {
        case FN_SIN: return ar_ex_mul2(p, ar_ex_fn1(p, FN_COS, u), du);
        case FN_COS: return ar_ex_neg(p, ar_ex_mul2(p, ar_ex_fn1(p, FN_SIN, u), du));
        case FN_TAN: return ar_ex_mul2(p, ar_ex_pow(p, ar_ex_fn1(p, FN_COS, u), ar_ex_num(p, -2, 1)), du);
        case FN_EXP: return ar_ex_mul2(p, ar_ex_fn1(p, FN_EXP, u), du);
        case FN_LN: return ar_ex_div(p, du, u);
        case FN_ATAN:
            return ar_ex_div(p, du, ar_ex_add2(p, ar_ex_num(p, 1, 1), ar_ex_pow(p, u, ar_ex_num(p, 2, 1))));
        default: break;
        }
        break;
    }
    p->failed = 1;
    return NULL;
}

ex *ar_ex_derivative(ex_pool *p, const ex *e)
{
    ex *d = deriv(p, e);
    return d ? ar_ex_simplify(p, d) : NULL;
}

/* --- replacing --- */

ex *ar_ex_replace(ex_pool *p, const ex *e, const ex *what, const ex *with)
{
    ex *r;
    unsigned i;
    if (ar_ex_equal(e, what))
        return (ex *)with;
    if (!e->n)
        return (ex *)e;
    r = ar_ex_node(p, e->kind, e->n);
    if (!r)
        return NULL;
    r->fn = e->fn;
    for (i = 0; i < e->n; i++)
        if (!(r->a[i] = ar_ex_replace(p, e->a[i], what, with)))
            return NULL;
    return r;
}

ex *ar_ex_substitute_x(ex_pool *p, const ex *e, const ex *with)
{
    ex x = {EX_VAR, FN_SIN, 0, 0, 0, NULL};
    return ar_ex_replace(p, e, &x, with);
}
