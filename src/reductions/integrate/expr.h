/* expr.h — the tiny expression language of the integration domain, private to
 * its folder: expressions in one variable x with exact rational numbers, +, -,
 * *, /, ^ and the functions sin, cos, tan, exp, ln, atan, sqrt.
 *
 * expr.c parses and prints (the printed canonical form is the node identity
 * of the AND-OR graph, so it reads back to itself), evaluates numerically and
 * differentiates; expr_simplify.c brings an expression to its canonical form
 * (flattened sums and products, numbers folded, like terms and equal bases
 * collected, operands in one fixed order) and expands products of sums.
 * integrate.c holds the table and the reductions, integrate_domain.c the
 * descriptor. Every expression lives in a pool that is freed at once; an
 * operation that overflows a number or the pool sets pool->failed and the
 * caller drops what it was building. */
#ifndef ARIADNE_INTEGRATE_EXPR_H
#define ARIADNE_INTEGRATE_EXPR_H

#include <stddef.h>
#include <stdint.h>

typedef enum { EX_NUM, EX_VAR, EX_FN, EX_POW, EX_MUL, EX_ADD } ex_kind;
typedef enum { FN_SIN, FN_COS, FN_TAN, FN_EXP, FN_LN, FN_ATAN, FN_COUNT } ex_fn;

typedef struct ex {
    ex_kind kind;
    ex_fn fn;       /* EX_FN */
    int64_t p, q;   /* EX_NUM: p/q in lowest terms, q > 0 */
    unsigned n;     /* operands: EX_ADD, EX_MUL >= 2; EX_POW 2 (base, exponent); EX_FN 1 */
    struct ex **a;
} ex;

#define EX_POOL_MAX_NODES 20000

typedef struct ex_pool {
    unsigned char **blocks;
    size_t nblocks, used, nodes;
    int failed; /* a number overflowed, the pool filled, or memory ran out */
} ex_pool;

void ar_ex_pool_init(ex_pool *p);
void ar_ex_pool_free(ex_pool *p);

/* Constructors (operands are not simplified: call ar_ex_simplify). ar_ex_node
 * makes a bare node of n operands for the caller to fill. */
ex *ar_ex_node(ex_pool *p, ex_kind kind, unsigned n);
ex *ar_ex_num(ex_pool *p, int64_t num, int64_t den);
ex *ar_ex_var(ex_pool *p);
ex *ar_ex_fn1(ex_pool *p, ex_fn fn, ex *arg);
ex *ar_ex_pow(ex_pool *p, ex *base, ex *exponent);
ex *ar_ex_op(ex_pool *p, ex_kind kind, unsigned n, ex *const *ops); /* EX_ADD or EX_MUL */
ex *ar_ex_add2(ex_pool *p, ex *a, ex *b);
ex *ar_ex_mul2(ex_pool *p, ex *a, ex *b);
ex *ar_ex_neg(ex_pool *p, ex *a);
ex *ar_ex_div(ex_pool *p, ex *a, ex *b);

int ar_ex_is_num(const ex *e, int64_t num, int64_t den);
int ar_ex_free_of_x(const ex *e);
int ar_ex_equal(const ex *a, const ex *b);
int ar_ex_compare(const ex *a, const ex *b); /* the canonical order */
const char *ar_ex_fn_name(ex_fn fn);

/* Rational arithmetic with overflow checks (pool->failed on overflow). */
void ar_ex_rat_add(ex_pool *p, int64_t ap, int64_t aq, int64_t bp, int64_t bq, int64_t *rp, int64_t *rq);
void ar_ex_rat_mul(ex_pool *p, int64_t ap, int64_t aq, int64_t bp, int64_t bq, int64_t *rp, int64_t *rq);

/* Parses text; NULL with a message naming the column on error. */
ex *ar_ex_parse(ex_pool *p, const char *text, char *why, size_t why_size);
/* Prints e (canonical operands print canonically); returns the length that
 * was needed (as snprintf). */
size_t ar_ex_print(const ex *e, char *buf, size_t size);

/* The canonical form (a new expression; e is not changed). */
ex *ar_ex_simplify(ex_pool *p, const ex *e);
/* Products of sums and whole powers of sums multiplied out, then
 * simplified; NULL (pool->failed) when the result grows too large. */
ex *ar_ex_expand(ex_pool *p, const ex *e);
/* d/dx, simplified. */
ex *ar_ex_derivative(ex_pool *p, const ex *e);
/* e with every subexpression equal to `what` replaced by `with` (not simplified). */
ex *ar_ex_replace(ex_pool *p, const ex *e, const ex *what, const ex *with);
/* e with x replaced by `with` (not simplified). */
ex *ar_ex_substitute_x(ex_pool *p, const ex *e, const ex *with);
/* The value at x (NaN outside the domain). */
double ar_ex_eval(const ex *e, double x);

#endif
