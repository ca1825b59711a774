/* integrate.c — the integration domain's table of standard integrals and its
 * reductions (integrate.h lists them), in the spirit of Slagle's SAINT, which
 * the lecture notes' problem-reduction example follows: a few safe algebraic
 * transformations, and heuristic ones (substitution, parts, identities) that
 * are alternatives to be searched. */
#include "integrate.h"

#include <stdio.h>
#include <string.h>

/* Parses and simplifies a pattern of the table (they are all valid). */
static ex *pat(ex_pool *p, const char *text)
{
    char why[128];
    ex *e = ar_ex_parse(p, text, why, sizeof why);
    return e ? ar_ex_simplify(p, e) : NULL;
}

static int is_x(const ex *e) { return e->kind == EX_VAR && e->p == 0; }

ex *ar_int_table(ex_pool *p, const ex *f)
{
    static const char *const table[][2] = {
        {"sin(x)", "-cos(x)"},       {"cos(x)", "sin(x)"},         {"tan(x)", "-ln(cos(x))"},
        {"exp(x)", "exp(x)"},        {"ln(x)", "x*ln(x) - x"},     {"1/x", "ln(x)"},
        {"1/(1 + x^2)", "atan(x)"},  {"1/cos(x)^2", "tan(x)"},     {"1/sin(x)^2", "-cos(x)/sin(x)"}};
    size_t i;
    if (ar_ex_free_of_x(f)) /* c -> c x */
        return ar_ex_simplify(p, ar_ex_mul2(p, (ex *)f, ar_ex_var(p)));
    if (is_x(f))
        return pat(p, "x^2/2");
    if (f->kind == EX_POW && is_x(f->a[0]) && f->a[1]->kind == EX_NUM &&
        !ar_ex_is_num(f->a[1], -1, 1)) { /* x^n -> x^(n+1)/(n+1) */
        ex *n1 = ar_ex_simplify(p, ar_ex_add2(p, f->a[1], ar_ex_num(p, 1, 1)));
        return n1 ? ar_ex_simplify(p, ar_ex_div(p, ar_ex_pow(p, ar_ex_var(p), n1), n1)) : NULL;
    }
    if (f->kind == EX_POW && f->a[0]->kind == EX_NUM && f->a[0]->p > 0 && f->a[0]->q == 1 &&
        f->a[0]->p != 1 && is_x(f->a[1])) /* b^x -> b^x / ln b */
        return ar_ex_simplify(p, ar_ex_div(p, (ex *)f, ar_ex_fn1(p, FN_LN, f->a[0])));
    for (i = 0; i < sizeof table / sizeof *table; i++) {
        ex *t = pat(p, table[i][0]);
        if (t && ar_ex_equal(t, f))
            return pat(p, table[i][1]);
    }
    return NULL;
}

int ar_int_node_text(ex_pool *p, const ex *e, char *node)
{
    char again[INT_NODE_SIZE + 8], why[128];
    size_t n = ar_ex_print(e, node, INT_NODE_SIZE);
    ex *back;
    if (n >= INT_NODE_SIZE || p->failed)
        return -1;
    memset(node + n, 0, INT_NODE_SIZE - n);
    back = ar_ex_parse(p, node, why, sizeof why);
    back = back ? ar_ex_simplify(p, back) : NULL;
    if (!back || ar_ex_print(back, again, sizeof again) != n || strcmp(again, node) != 0)
        return -1;
    return 0;
}

/* --- candidates for u: the subexpressions worth substituting --- */

#define MAX_CANDIDATES 24

static void collect(const ex *e, const ex *top, const ex **c, unsigned *n)
{
    unsigned i, k;
    if (*n == MAX_CANDIDATES || ar_ex_free_of_x(e))
        return;
    if (e != top && !is_x(e) && (e->kind == EX_FN || e->kind == EX_POW || e->kind == EX_ADD ||
                                 e->kind == EX_MUL)) {
        for (k = 0; k < *n && !ar_ex_equal(c[k], e); k++)
            ;
        if (k == *n)
            c[(*n)++] = e;
    }
    for (i = 0; i < e->n; i++)
        collect(e->a[i], top, c, n);
}

/* u = a x + b with a != 0: its derivative is the number a. */
static ex *linear_slope(ex_pool *p, const ex *u)
{
    ex *d = ar_ex_derivative(p, u);
    return d && d->kind == EX_NUM && d->p != 0 ? d : NULL;
}

/* f written in terms of u: replace u by a marker, which must leave no x;
 * then the marker becomes x. NULL when f is not a function of u alone. */
static ex *in_terms_of(ex_pool *p, const ex *f, const ex *u)
{
    ex mark = {EX_VAR, FN_SIN, 1, 0, 0, NULL};
    ex *g = ar_ex_replace(p, f, u, &mark);
    if (!g || !ar_ex_free_of_x(g))
        return NULL;
    g = ar_ex_replace(p, g, &mark, ar_ex_var(p));
    return g ? ar_ex_simplify(p, g) : NULL;
}

/* --- the steps --- */

typedef struct walker {
    ex_pool *p;
    int (*fn)(void *ctx, int_step *s);
    void *ctx;
    int_step s;
} walker;

static int offer(walker *w, int_rule kind, unsigned index, const char *fmt, const ex *a, const ex *b)
{
    char x[96] = "", y[96] = "";
    unsigned i;
    if (w->p->failed)
        return 0;
    for (i = 0; i < w->s.count; i++)
        if (!w->s.sub[i])
            return 0;
    if (a)
        ar_ex_print(a, x, sizeof x);
    if (b)
        ar_ex_print(b, y, sizeof y);
    w->s.code = (uint32_t)kind << 16 | index;
    snprintf(w->s.label, sizeof w->s.label, fmt, x, y);
    return w->fn(w->ctx, &w->s);
}

static void reset(walker *w)
{
    memset(&w->s, 0, sizeof w->s);
}

static int steps_sum(walker *w, const ex *f)
{
    unsigned i;
    if (f->kind != EX_ADD)
        return 0;
    reset(w);
    if (f->n <= INT_MAX_SUBS) {
        for (i = 0; i < f->n; i++)
            w->s.sub[i] = f->a[i];
        w->s.count = f->n;
    } else { /* the first fifteen terms, and the rest as one sum */
        for (i = 0; i + 1 < INT_MAX_SUBS; i++)
            w->s.sub[i] = f->a[i];
        w->s.sub[INT_MAX_SUBS - 1] = ar_ex_op(w->p, EX_ADD, f->n - (INT_MAX_SUBS - 1), f->a + INT_MAX_SUBS - 1);
        w->s.count = INT_MAX_SUBS;
    }
    return offer(w, R_SUM, 0, "sum%s%s", NULL, NULL);
}

static int steps_constant(walker *w, const ex *f)
{
    ex *c = ar_ex_num(w->p, 1, 1), *rest = ar_ex_num(w->p, 1, 1);
    unsigned i;
    if (f->kind != EX_MUL)
        return 0;
    for (i = 0; i < f->n; i++) {
        if (ar_ex_free_of_x(f->a[i]))
            c = ar_ex_mul2(w->p, c, f->a[i]);
        else
            rest = ar_ex_mul2(w->p, rest, f->a[i]);
    }
    c = ar_ex_simplify(w->p, c);
    if (!c || ar_ex_is_num(c, 1, 1))
        return 0;
    reset(w);
    w->s.u = c;
    w->s.sub[0] = ar_ex_simplify(w->p, rest);
    w->s.count = 1;
    return offer(w, R_CONST, 0, "constant %s%s", c, NULL);
}

static int steps_substitutions(walker *w, const ex *f)
{
    const ex *cand[MAX_CANDIDATES];
    unsigned n = 0, i, lin = 0, sub = 0;
    int r;
    collect(f, f, cand, &n);
    for (i = 0; i < n; i++) { /* linear first: they never make things worse */
        ex *a = linear_slope(w->p, cand[i]), *g;
        if (!a)
            continue;
        g = in_terms_of(w->p, f, cand[i]);
        if (!g)
            continue;
        reset(w);
        w->s.u = (ex *)cand[i];
        w->s.scale = ar_ex_num(w->p, a->q, a->p);
        w->s.sub[0] = g;
        w->s.count = 1;
        if ((r = offer(w, R_LINEAR, lin++, "linear u=%s%s", cand[i], NULL)) != 0)
            return r;
    }
    for (i = 0; i < n; i++) {
        ex *du, *q, *g;
        if (linear_slope(w->p, cand[i]))
            continue;
        du = ar_ex_derivative(w->p, cand[i]);
        if (!du || ar_ex_is_num(du, 0, 1))
            continue;
        q = ar_ex_simplify(w->p, ar_ex_div(w->p, (ex *)f, du));
        g = q ? in_terms_of(w->p, q, cand[i]) : NULL;
        if (!g || ar_ex_equal(g, f))
            continue;
        reset(w);
        w->s.u = (ex *)cand[i];
        w->s.sub[0] = g;
        w->s.count = 1;
        if ((r = offer(w, R_SUBST, sub++, "substitute u=%s%s", cand[i], NULL)) != 0)
            return r;
    }
    return 0;
}

static int steps_parts(walker *w, const ex *f)
{
    unsigned i, j, k = 0;
    int r;
    if (f->kind != EX_MUL) {
        /* dv = 1: u is the whole integrand (ln(x)^2, atan(x)) */
        ex *du;
        if (ar_int_table(w->p, f))
            return 0;
        du = ar_ex_derivative(w->p, f);
        if (!du)
            return 0;
        reset(w);
        w->s.u = (ex *)f;
        w->s.v = ar_ex_var(w->p);
        w->s.sub[0] = ar_ex_simplify(w->p, ar_ex_mul2(w->p, ar_ex_var(w->p), du));
        w->s.count = 1;
        return offer(w, R_PARTS, 0, "parts u=%s dv=1%s", f, NULL);
    }
    for (i = 0; i < f->n; i++) {
        ex *v, *u = ar_ex_num(w->p, 1, 1), *du;
        if (ar_ex_free_of_x(f->a[i]) || !(v = ar_int_table(w->p, f->a[i])))
            continue;
        for (j = 0; j < f->n; j++)
            if (j != i)
                u = ar_ex_mul2(w->p, u, f->a[j]);
        u = ar_ex_simplify(w->p, u);
        if (!u || ar_ex_free_of_x(u))
            continue;
        du = ar_ex_derivative(w->p, u);
        reset(w);
        w->s.u = u;
        w->s.v = v;
        w->s.sub[0] = du ? ar_ex_simplify(w->p, ar_ex_mul2(w->p, du, v)) : NULL;
        w->s.count = 1;
        if ((r = offer(w, R_PARTS, ++k, "parts u=%s dv=%s", u, f->a[i])) != 0)
            return r;
    }
    return 0;
}

static int steps_expand(walker *w, const ex *f)
{
    ex *e = ar_ex_expand(w->p, f);
    if (!e || ar_ex_equal(e, f))
        return 0;
    reset(w);
    w->s.sub[0] = e;
    w->s.count = 1;
    return offer(w, R_EXPAND, 0, "expand%s%s", NULL, NULL);
}

/* The identities, on a factor fn(u)^n of the integrand (the integrand itself
 * when it is not a product): each rewrites the factor and keeps the rest. */
enum { ID_SIN_DOUBLE, ID_COS_DOUBLE, ID_SIN_COS, ID_SIN_PYTH, ID_COS_PYTH, ID_TAN_SEC, ID_COUNT };

static const char *const id_labels[ID_COUNT] = {
    "identity sin(u)^2 = (1 - cos(2u))/2", "identity cos(u)^2 = (1 + cos(2u))/2",
    "identity sin(u)*cos(u) = sin(2u)/2", "identity sin(u)^2 = 1 - cos(u)^2",
    "identity cos(u)^2 = 1 - sin(u)^2", "identity tan(u)^2 = 1/cos(u)^2 - 1"};

/* fn(u)^n as a factor: its function, argument and whole exponent (1 for fn(u)). */
static int trig_factor(const ex *f, ex_fn *fn, const ex **u, int64_t *n)
{
    if (f->kind == EX_FN) {
        *fn = f->fn;
        *u = f->a[0];
        *n = 1;
        return 1;
    }
    if (f->kind == EX_POW && f->a[0]->kind == EX_FN && f->a[1]->kind == EX_NUM && f->a[1]->q == 1 &&
        f->a[1]->p >= 1) {
        *fn = f->a[0]->fn;
        *u = f->a[0]->a[0];
        *n = f->a[1]->p;
        return 1;
    }
    return 0;
}

static int steps_identities(walker *w, const ex *f)
{
    ex_pool *p = w->p;
    ex *single[1];
    ex *const *fac;
    unsigned nf = f->kind == EX_MUL ? f->n : 1, i, j, index = 0;
    int r;
    single[0] = (ex *)f;
    fac = f->kind == EX_MUL ? f->a : single;
    for (i = 0; i < nf; i++) {
        ex_fn fn;
        const ex *u;
        int64_t n;
        int id;
        if (!trig_factor(fac[i], &fn, &u, &n))
            continue;
        for (id = 0; id < ID_COUNT; id++) {
            ex *two_u = ar_ex_mul2(p, ar_ex_num(p, 2, 1), (ex *)u), *repl = NULL;
            ex *rest = ar_ex_num(p, 1, 1);
            unsigned other = nf;
            if (id == ID_SIN_COS) { /* needs sin(u)^a and cos(u)^b, this factor the sine */
                for (j = 0; j < nf && fn == FN_SIN; j++) {
                    ex_fn g;
                    const ex *v;
                    int64_t m;
                    if (j != i && trig_factor(fac[j], &g, &v, &m) && g == FN_COS && ar_ex_equal(u, v))
                        other = j;
                }
                if (other == nf)
                    continue;
                repl = ar_ex_mul2(p, ar_ex_mul2(p, ar_ex_pow(p, ar_ex_fn1(p, FN_SIN, (ex *)u), ar_ex_num(p, n - 1, 1)),
                                          ar_ex_pow(p, fac[other], ar_ex_num(p, 1, 1))),
                               ar_ex_div(p, ar_ex_fn1(p, FN_SIN, two_u), ar_ex_mul2(p, ar_ex_num(p, 2, 1),
                                                                           ar_ex_fn1(p, FN_COS, (ex *)u))));
            } else {
                ex_fn want = id == ID_SIN_DOUBLE || id == ID_SIN_PYTH ? FN_SIN
                             : id == ID_TAN_SEC                      ? FN_TAN
                                                                     : FN_COS;
                ex *sq;
                if (fn != want || n < 2)
                    continue;
                switch (id) {
                case ID_SIN_DOUBLE:
                    sq = ar_ex_div(p, ar_ex_add2(p, ar_ex_num(p, 1, 1), ar_ex_neg(p, ar_ex_fn1(p, FN_COS, two_u))),
                                ar_ex_num(p, 2, 1));
                    break;
                case ID_COS_DOUBLE:
                    sq = ar_ex_div(p, ar_ex_add2(p, ar_ex_num(p, 1, 1), ar_ex_fn1(p, FN_COS, two_u)), ar_ex_num(p, 2, 1));
                    break;
                case ID_SIN_PYTH:
                    sq = ar_ex_add2(p, ar_ex_num(p, 1, 1),
                                 ar_ex_neg(p, ar_ex_pow(p, ar_ex_fn1(p, FN_COS, (ex *)u), ar_ex_num(p, 2, 1))));
                    break;
                case ID_COS_PYTH:
                    sq = ar_ex_add2(p, ar_ex_num(p, 1, 1),
                                 ar_ex_neg(p, ar_ex_pow(p, ar_ex_fn1(p, FN_SIN, (ex *)u), ar_ex_num(p, 2, 1))));
                    break;
                default:
                    sq = ar_ex_add2(p, ar_ex_pow(p, ar_ex_fn1(p, FN_COS, (ex *)u), ar_ex_num(p, -2, 1)),
                                 ar_ex_num(p, -1, 1));
                    break;
                }
                repl = ar_ex_mul2(p, ar_ex_pow(p, ar_ex_fn1(p, fn, (ex *)u), ar_ex_num(p, n - 2, 1)), sq);
            }
            for (j = 0; j < nf; j++)
                if (j != i && j != other)
                    rest = ar_ex_mul2(p, rest, fac[j]);
            reset(w);
            w->s.sub[0] = ar_ex_simplify(p, ar_ex_mul2(p, rest, repl));
            w->s.count = 1;
            if (w->s.sub[0] && ar_ex_equal(w->s.sub[0], f))
                continue;
            {
                char fmt[64];
                snprintf(fmt, sizeof fmt, "%s%%s%%s", id_labels[id]);
                if ((r = offer(w, R_IDENT, index * ID_COUNT + (unsigned)id, fmt, NULL, NULL)) != 0)
                    return r;
            }
        }
        index++;
    }
    return 0;
}

int ar_int_each_step(ex_pool *p, const ex *f, int (*fn)(void *ctx, int_step *s), void *ctx)
{
    walker w;
    int r;
    w.p = p;
    w.fn = fn;
    w.ctx = ctx;
    if ((r = steps_sum(&w, f)) || (r = steps_constant(&w, f)) || (r = steps_substitutions(&w, f)) ||
        (r = steps_parts(&w, f)) || (r = steps_expand(&w, f)) || (r = steps_identities(&w, f)))
        return r;
    return 0;
}

typedef struct finder {
    uint32_t code;
    int_step *out;
} finder;

static int find_cb(void *ctx, int_step *s)
{
    finder *fd = ctx;
    if (s->code != fd->code)
        return 0;
    *fd->out = *s;
    return 1;
}

int_step *ar_int_find_step(ex_pool *p, const ex *f, uint32_t code, int_step *out)
{
    finder fd = {code, out};
    return ar_int_each_step(p, f, find_cb, &fd) ? out : NULL;
}

ex *ar_int_assemble(ex_pool *p, const int_step *s, ex *const *G)
{
    ex *r = NULL;
    unsigned i;
    switch ((int_rule)(s->code >> 16)) {
    case R_SUM:
        r = G[0];
        for (i = 1; i < s->count; i++)
            r = ar_ex_add2(p, r, G[i]);
        break;
    case R_CONST:
        r = ar_ex_mul2(p, s->u, G[0]);
        break;
    case R_LINEAR:
        r = ar_ex_mul2(p, s->scale, ar_ex_substitute_x(p, G[0], s->u));
        break;
    case R_SUBST:
        r = ar_ex_substitute_x(p, G[0], s->u);
        break;
    case R_PARTS:
        r = ar_ex_add2(p, ar_ex_mul2(p, s->u, s->v), ar_ex_neg(p, G[0]));
        break;
    case R_EXPAND:
    case R_IDENT:
        r = G[0];
        break;
    }
    return r ? ar_ex_simplify(p, r) : NULL;
}
