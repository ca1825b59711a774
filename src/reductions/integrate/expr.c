/* expr.c — expressions of the integration domain (expr.h): the pool, exact
 * rationals, the canonical order, the parser (with the column of every
 * error), the printer (whose output the parser reads back) and numeric
 * evaluation. The algebra (canonical form, multiplying out, the derivative)
 * is expr_simplify.c's. */
#include "expr.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_BYTES 65536
#define AR_MAX_PRINT_OPS 64

static const char *const fn_names[FN_COUNT] = {"sin", "cos", "tan", "exp", "ln", "atan"};

const char *ar_ex_fn_name(ex_fn fn) { return fn < FN_COUNT ? fn_names[fn] : "?"; }

/* --- the pool --- */

void ar_ex_pool_init(ex_pool *p) { memset(p, 0, sizeof *p); }

void ar_ex_pool_free(ex_pool *p)
{
    size_t i;
    for (i = 0; i < p->nblocks; i++)
        free(p->blocks[i]);
    free(p->blocks);
    memset(p, 0, sizeof *p);
}

static void *pool_alloc(ex_pool *p, size_t bytes)
{
    void *r;
    bytes = (bytes + 15u) & ~(size_t)15u;
    if (p->failed || bytes > BLOCK_BYTES)
        return NULL;
    if (!p->nblocks || p->used + bytes > BLOCK_BYTES) {
        unsigned char **more = realloc(p->blocks, sizeof *more * (p->nblocks + 1));
        unsigned char *block = more ? malloc(BLOCK_BYTES) : NULL;
        if (!more || !block) {
            if (more)
                p->blocks = more;
            free(block);
            p->failed = 1;
            return NULL;
        }
        p->blocks = more;
        p->blocks[p->nblocks++] = block;
        p->used = 0;
    }
    r = p->blocks[p->nblocks - 1] + p->used;
    p->used += bytes;
    return r;
}

ex *ar_ex_node(ex_pool *p, ex_kind kind, unsigned n)
{
    ex *e;
    if (++p->nodes > EX_POOL_MAX_NODES)
        p->failed = 1;
    e = pool_alloc(p, sizeof *e);
    if (!e)
        return NULL;
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->n = n;
    if (n) {
        e->a = pool_alloc(p, sizeof *e->a * n);
        if (!e->a)
            return NULL;
    }
    return e;
}

/* --- rationals --- */

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

#define RAT_LIMIT ((int64_t)1 << 52) /* keeps products of two checked in 64 bits... with division */

static int mul_ok(int64_t a, int64_t b, int64_t *r)
{
    if (a == 0 || b == 0) {
        *r = 0;
        return 1;
    }
    if ((a > 0 ? a : -a) > INT64_MAX / (b > 0 ? b : -b))
        return 0;
    *r = a * b;
    return 1;
}

static void normalise(ex_pool *p, int64_t *num, int64_t *den)
{
    int64_t g;
    if (*den == 0) {
        p->failed = 1;
        *num = 0;
        *den = 1;
        return;
    }
    if (*den < 0) {
        *num = -*num;
        *den = -*den;
    }
    g = gcd64(*num, *den);
    if (g > 1) {
        *num /= g;
        *den /= g;
    }
    if (*num > RAT_LIMIT || *num < -RAT_LIMIT || *den > RAT_LIMIT)
        p->failed = 1;
}

void ar_ex_rat_mul(ex_pool *p, int64_t ap, int64_t aq, int64_t bp, int64_t bq, int64_t *rp, int64_t *rq)
{
    int64_t g1 = gcd64(ap, bq), g2 = gcd64(bp, aq);
    if (g1 > 1)
        ap /= g1, bq /= g1;
    if (g2 > 1)
        bp /= g2, aq /= g2;
    if (!mul_ok(ap, bp, rp) || !mul_ok(aq, bq, rq)) {
        p->failed = 1;
        *rp = 0;
        *rq = 1;
        return;
    }
    normalise(p, rp, rq);
}

void ar_ex_rat_add(ex_pool *p, int64_t ap, int64_t aq, int64_t bp, int64_t bq, int64_t *rp, int64_t *rq)
{
    int64_t x, y, d;
    if (!mul_ok(ap, bq, &x) || !mul_ok(bp, aq, &y) || !mul_ok(aq, bq, &d) ||
        (y > 0 && x > INT64_MAX - y) || (y < 0 && x < INT64_MIN - y)) {
        p->failed = 1;
        *rp = 0;
        *rq = 1;
        return;
    }
    *rp = x + y;
    *rq = d;
    normalise(p, rp, rq);
}

/* --- constructors --- */

ex *ar_ex_num(ex_pool *p, int64_t num, int64_t den)
{
    ex *e = ar_ex_node(p, EX_NUM, 0);
    if (!e)
        return NULL;
    normalise(p, &num, &den);
    e->p = num;
    e->q = den;
    return e;
}

ex *ar_ex_var(ex_pool *p) { return ar_ex_node(p, EX_VAR, 0); }

ex *ar_ex_fn1(ex_pool *p, ex_fn fn, ex *arg)
{
    ex *e = arg ? ar_ex_node(p, EX_FN, 1) : NULL;
    if (!e)
        return NULL;
    e->fn = fn;
    e->a[0] = arg;
    return e;
}

ex *ar_ex_pow(ex_pool *p, ex *base, ex *exponent)
{
    ex *e = base && exponent ? ar_ex_node(p, EX_POW, 2) : NULL;
    if (!e)
        return NULL;
    e->a[0] = base;
    e->a[1] = exponent;
    return e;
}

ex *ar_ex_op(ex_pool *p, ex_kind kind, unsigned n, ex *const *ops)
{
    unsigned i;
    ex *e;
    for (i = 0; i < n; i++)
        if (!ops[i])
            return NULL;
    e = ar_ex_node(p, kind, n);
    if (!e)
        return NULL;
    memcpy(e->a, ops, sizeof *ops * n);
    return e;
}

ex *ar_ex_add2(ex_pool *p, ex *a, ex *b)
{
    ex *ops[2] = {a, b};
    return ar_ex_op(p, EX_ADD, 2, ops);
}

ex *ar_ex_mul2(ex_pool *p, ex *a, ex *b)
{
    ex *ops[2] = {a, b};
    return ar_ex_op(p, EX_MUL, 2, ops);
}

ex *ar_ex_neg(ex_pool *p, ex *a) { return ar_ex_mul2(p, ar_ex_num(p, -1, 1), a); }

ex *ar_ex_div(ex_pool *p, ex *a, ex *b) { return ar_ex_mul2(p, a, ar_ex_pow(p, b, ar_ex_num(p, -1, 1))); }

/* --- questions --- */

int ar_ex_is_num(const ex *e, int64_t num, int64_t den)
{
    return e && e->kind == EX_NUM && e->p == num && e->q == den;
}

int ar_ex_free_of_x(const ex *e)
{
    unsigned i;
    if (e->kind == EX_VAR)
        return e->p != 0; /* a marker (p = 1) stands for another variable */
    for (i = 0; i < e->n; i++)
        if (!ar_ex_free_of_x(e->a[i]))
            return 0;
    return 1;
}

int ar_ex_compare(const ex *a, const ex *b)
{
    unsigned i;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    switch (a->kind) {
    case EX_NUM: {
        /* compare p1/q1 with p2/q2 as long doubles: exact enough to order,
         * and equal values are equal fractions in lowest terms */
        long double x = (long double)a->p / (long double)a->q, y = (long double)b->p / (long double)b->q;
        if (a->p == b->p && a->q == b->q)
            return 0;
        return x < y ? -1 : x > y ? 1 : (a->q < b->q ? -1 : 1);
    }
    case EX_VAR:
        return a->p == b->p ? 0 : a->p < b->p ? -1 : 1;
    case EX_FN:
        if (a->fn != b->fn)
            return a->fn < b->fn ? -1 : 1;
        return ar_ex_compare(a->a[0], b->a[0]);
    default:
        for (i = 0; i < a->n && i < b->n; i++) {
            int c = ar_ex_compare(a->a[i], b->a[i]);
            if (c)
                return c;
        }
        return a->n == b->n ? 0 : a->n < b->n ? -1 : 1;
    }
}

int ar_ex_equal(const ex *a, const ex *b) { return ar_ex_compare(a, b) == 0; }

/* --- parsing --- */

typedef struct parser {
    ex_pool *pool;
    const char *text, *s;
    char *why;
    size_t why_size;
    int depth;
} parser;

static ex *parse_sum(parser *ps);

static ex *perr(parser *ps, const char *msg)
{
    if (!ps->why[0])
        snprintf(ps->why, ps->why_size, "expression, column %d: %s", (int)(ps->s - ps->text) + 1, msg);
    return NULL;
}

static void blanks(parser *ps)
{
    while (*ps->s == ' ' || *ps->s == '\t')
        ps->s++;
}

static ex *parse_number(parser *ps)
{
    int64_t num = 0, den = 1;
    int digits = 0;
    while (isdigit((unsigned char)*ps->s)) {
        if (num > (RAT_LIMIT - 9) / 10)
            return perr(ps, "a number too large (at most 15 digits)");
        num = num * 10 + (*ps->s++ - '0');
        digits++;
    }
    if (*ps->s == '.') {
        ps->s++;
        if (!isdigit((unsigned char)*ps->s))
            return perr(ps, "expected a digit after '.'");
        while (isdigit((unsigned char)*ps->s)) {
            if (num > (RAT_LIMIT - 9) / 10 || den > RAT_LIMIT / 10)
                return perr(ps, "a number with too many digits");
            num = num * 10 + (*ps->s++ - '0');
            den *= 10;
        }
    }
    (void)digits;
    return ar_ex_num(ps->pool, num, den);
}

static ex *parse_primary(parser *ps)
{
    blanks(ps);
    if (isdigit((unsigned char)*ps->s) || *ps->s == '.')
        return parse_number(ps);
    if (*ps->s == '(') {
        ex *e;
        ps->s++;
        if (++ps->depth > 60)
            return perr(ps, "parentheses nested more than 60 deep");
        e = parse_sum(ps);
        ps->depth--;
        if (!e)
            return NULL;
        blanks(ps);
        if (*ps->s != ')')
            return perr(ps, *ps->s ? "expected ')'" : "expected ')' before the end");
        ps->s++;
        return e;
    }
    if (isalpha((unsigned char)*ps->s)) {
        const char *start = ps->s;
        size_t len;
        int f;
        while (isalpha((unsigned char)*ps->s))
            ps->s++;
        len = (size_t)(ps->s - start);
        if (len == 1 && *start == 'x')
            return ar_ex_var(ps->pool);
        for (f = 0; f <= FN_COUNT; f++) {
            const char *name = f < FN_COUNT ? fn_names[f] : "sqrt";
            if (strlen(name) == len && strncmp(start, name, len) == 0)
                break;
        }
        if (f > FN_COUNT) {
            ps->s = start;
            return perr(ps, "unknown name (the variable is x; functions: sin cos tan exp ln atan "
                            "sqrt)");
        }
        blanks(ps);
        if (*ps->s != '(')
            return perr(ps, "expected '(' after a function name");
        {
            ex *arg = parse_primary(ps);
            if (!arg)
                return NULL;
            if (f == FN_COUNT)
                return ar_ex_pow(ps->pool, arg, ar_ex_num(ps->pool, 1, 2));
            return ar_ex_fn1(ps->pool, (ex_fn)f, arg);
        }
    }
    return perr(ps, *ps->s ? "expected a number, x, a function or '('" : "unexpected end");
}

static ex *parse_unary(parser *ps);

/* power := primary ['^' unary] (right-associative: 2^x^2 is 2^(x^2)) */
static ex *parse_power(parser *ps)
{
    ex *base = parse_primary(ps);
    if (!base)
        return NULL;
    blanks(ps);
    if (*ps->s == '^') {
        ex *e;
        ps->s++;
        if (++ps->depth > 60)
            return perr(ps, "powers nested more than 60 deep");
        e = parse_unary(ps);
        ps->depth--;
        return e ? ar_ex_pow(ps->pool, base, e) : NULL;
    }
    return base;
}

static ex *parse_unary(parser *ps)
{
    blanks(ps);
    if (*ps->s == '-' || *ps->s == '+') {
        int minus = *ps->s == '-';
        ex *e;
        ps->s++;
        if (++ps->depth > 60)
            return perr(ps, "signs nested more than 60 deep");
        e = parse_unary(ps);
        ps->depth--;
        return e && minus ? ar_ex_neg(ps->pool, e) : e;
    }
    return parse_power(ps);
}

/* term := unary (('*' | '/') unary | a number followed directly by x, a name or '(')* */
static ex *parse_term(parser *ps)
{
    ex *e = parse_unary(ps);
    while (e) {
        const char *before = ps->s;
        blanks(ps);
        if (*ps->s == '*' || *ps->s == '/') {
            int div = *ps->s == '/';
            ex *r;
            ps->s++;
            r = parse_unary(ps);
            if (!r)
                return NULL;
            e = div ? ar_ex_div(ps->pool, e, r) : ar_ex_mul2(ps->pool, e, r);
        } else if (ps->s == before && e->kind == EX_NUM &&
                   (isalpha((unsigned char)*ps->s) || *ps->s == '(')) {
            ex *r = parse_power(ps); /* 2x, 3sin(x), 2(x+1) */
            if (!r)
                return NULL;
            e = ar_ex_mul2(ps->pool, e, r);
        } else
            break;
    }
    return e;
}

static ex *parse_sum(parser *ps)
{
    ex *e = parse_term(ps);
    while (e) {
        blanks(ps);
        if (*ps->s == '+' || *ps->s == '-') {
            int minus = *ps->s == '-';
            ex *r;
            ps->s++;
            r = parse_term(ps);
            if (!r)
                return NULL;
            e = ar_ex_add2(ps->pool, e, minus ? ar_ex_neg(ps->pool, r) : r);
        } else
            break;
    }
    return e;
}

ex *ar_ex_parse(ex_pool *p, const char *text, char *why, size_t why_size)
{
    parser ps = {p, text, text, why, why_size, 0};
    ex *e;
    why[0] = '\0';
    e = parse_sum(&ps);
    if (e) {
        blanks(&ps);
        if (*ps.s)
            e = perr(&ps, *ps.s == ')' ? "a ')' without its '('" : "expected an operator or the end");
    }
    if (!e && !why[0])
        snprintf(why, why_size, "expression: too large");
    if (e && p->failed) {
        snprintf(why, why_size, "expression: a number or the expression is too large");
        return NULL;
    }
    return e;
}

/* --- printing --- */

typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->len < o->size) {
        size_t room = o->size - o->len - 1;
        memcpy(o->buf + o->len, s, n < room ? n : room);
        o->buf[o->len + (n < room ? n : room)] = '\0';
    }
    o->len += n;
}

static void print_e(out *o, const ex *e, int prec);

/* Precedence: 1 sum, 2 product, 3 power base/unary minus, 4 atom. */
static void print_num(out *o, int64_t num, int64_t den, int prec)
{
    char b[48];
    int paren = (num < 0 && prec > 1) || (den != 1 && prec > 2);
    if (den == 1)
        snprintf(b, sizeof b, "%s%lld%s", paren ? "(" : "", (long long)num, paren ? ")" : "");
    else
        snprintf(b, sizeof b, "%s%lld/%lld%s", paren ? "(" : "", (long long)num, (long long)den,
                 paren ? ")" : "");
    put(o, b);
}

/* A product: coefficient, factors with positive exponents, then '/' and
 * those with negative ones. */
static void print_product(out *o, const ex *e, int prec)
{
    int64_t cp = 1, cq = 1;
    unsigned i, num = 0, den = 0, k;
    int paren = prec > 2;
    for (i = 0; i < e->n; i++) {
        const ex *f = e->a[i];
        if (f->kind == EX_NUM)
            cp = f->p, cq = f->q;
        else if (f->kind == EX_POW && f->a[1]->kind == EX_NUM && f->a[1]->p < 0)
            den++;
        else
            num++;
    }
    if (cp < 0 && prec > 1)
        paren = 1;
    if (paren)
        put(o, "(");
    if (cp < 0) {
        put(o, "-");
        cp = -cp;
    }
    k = 0;
    if (cp != 1 || (num == 0)) {
        print_num(o, cp, 1, 3);
        k++;
    }
    for (i = 0; i < e->n; i++) {
        const ex *f = e->a[i];
        if (f->kind == EX_NUM || (f->kind == EX_POW && f->a[1]->kind == EX_NUM && f->a[1]->p < 0))
            continue;
        if (k++)
            put(o, "*");
        print_e(o, f, 3);
    }
    if (den || cq != 1) {
        unsigned parts = den + (cq != 1);
        put(o, "/");
        if (parts > 1)
            put(o, "(");
        k = 0;
        if (cq != 1) {
            print_num(o, cq, 1, 3);
            k++;
        }
        for (i = 0; i < e->n; i++) {
            const ex *f = e->a[i];
            if (f->kind == EX_POW && f->a[1]->kind == EX_NUM && f->a[1]->p < 0) {
                if (k++)
                    put(o, "*");
                if (f->a[1]->p == -1 && f->a[1]->q == 1)
                    print_e(o, f->a[0], 3);
                else {
                    print_e(o, f->a[0], 3);
                    put(o, "^");
                    print_num(o, -f->a[1]->p, f->a[1]->q, 4);
                }
            }
        }
        if (parts > 1)
            put(o, ")");
    }
    if (paren)
        put(o, ")");
}

/* Whether a sum's term prints with a leading minus (then written "- t"). */
static int negative_term(const ex *t)
{
    return (t->kind == EX_NUM && t->p < 0) ||
           (t->kind == EX_MUL && t->a[0]->kind == EX_NUM && t->a[0]->p < 0);
}

static void print_e(out *o, const ex *e, int prec)
{
    unsigned i;
    switch (e->kind) {
    case EX_NUM:
        print_num(o, e->p, e->q, prec);
        break;
    case EX_VAR:
        put(o, e->p ? "u" : "x");
        break;
    case EX_FN:
        put(o, fn_names[e->fn]);
        put(o, "(");
        print_e(o, e->a[0], 0);
        put(o, ")");
        break;
    case EX_POW:
        if (e->a[1]->kind == EX_NUM && e->a[1]->p < 0) {
            /* alone (not inside a product): 1/base^k */
            ex one = {EX_NUM, FN_SIN, 1, 1, 0, NULL};
            ex *ops[2];
            ex prod = {EX_MUL, FN_SIN, 0, 0, 2, ops};
            ops[0] = &one;
            ops[1] = (ex *)e;
            print_product(o, &prod, prec);
            break;
        }
        if (prec > 3)
            put(o, "(");
        print_e(o, e->a[0], 4);
        put(o, "^");
        print_e(o, e->a[1], 4);
        if (prec > 3)
            put(o, ")");
        break;
    case EX_MUL:
        print_product(o, e, prec);
        break;
    case EX_ADD:
        if (prec > 1)
            put(o, "(");
        for (i = 0; i < e->n; i++) {
            const ex *t = e->a[i];
            if (i && negative_term(t)) {
                put(o, " - ");
                if (t->kind == EX_NUM)
                    print_num(o, -t->p, t->q, 2);
                else {
                    ex c = *t->a[0];
                    ex *ops[AR_MAX_PRINT_OPS];
                    ex neg = *t;
                    unsigned k;
                    c.p = -c.p;
                    if (t->n > AR_MAX_PRINT_OPS) {
                        print_e(o, t, 2);
                        continue;
                    }
                    ops[0] = &c;
                    for (k = 1; k < t->n; k++)
                        ops[k] = t->a[k];
                    neg.a = ops;
                    print_e(o, &neg, 2);
                }
            } else {
                if (i)
                    put(o, " + ");
                print_e(o, t, 1);
            }
        }
        if (prec > 1)
            put(o, ")");
        break;
    }
}

size_t ar_ex_print(const ex *e, char *buf, size_t size)
{
    out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    print_e(&o, e, 0);
    return o.len;
}

/* --- evaluation --- */

double ar_ex_eval(const ex *e, double x)
{
    unsigned i;
    double r;
    switch (e->kind) {
    case EX_NUM: return (double)e->p / (double)e->q;
    case EX_VAR: return x;
    case EX_ADD:
        for (r = 0, i = 0; i < e->n; i++)
            r += ar_ex_eval(e->a[i], x);
        return r;
    case EX_MUL:
        for (r = 1, i = 0; i < e->n; i++)
            r *= ar_ex_eval(e->a[i], x);
        return r;
    case EX_POW: {
        double b = ar_ex_eval(e->a[0], x), k = ar_ex_eval(e->a[1], x);
        return pow(b, k);
    }
    case EX_FN: {
        double a = ar_ex_eval(e->a[0], x);
        switch (e->fn) {
        case FN_SIN: return sin(a);
        case FN_COS: return cos(a);
        case FN_TAN: return tan(a);
        case FN_EXP: return exp(a);
        case FN_LN: return a > 0 ? log(a) : NAN;
        case FN_ATAN: return atan(a);
        default: return NAN;
        }
    }
    }
    return NAN;
}
