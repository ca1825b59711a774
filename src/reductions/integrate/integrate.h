/* integrate.h — the integration domain's table and reductions (integrate.c),
 * shared with its descriptor (integrate_domain.c). Private to the folder.
 *
 * A node of the AND-OR graph is an integrand, as the canonical text of an
 * expression in x (expr.h), NUL-padded to INT_NODE_SIZE bytes. A primitive
 * node is one the table integrates outright; the reductions (each costing
 * one step, as does each table lookup) are, in this order:
 *   sum         the integral of a sum is the sum of the integrals (AND)
 *   constant    a constant factor comes out
 *   linear      u = a*x + b: integrate g(u), divide by a
 *   substitute  u = g(x) with the integrand a function of u times u'
 *   parts       u dv = u v - integral of v du, dv a factor the table knows
 *               (or dv = 1 for a lone function)
 *   expand      multiply products of sums out
 *   identity    sin^2, cos^2, sin*cos, tan^2 rewritten by a trigonometric identity
 * A rule code is the rule's kind times 65536 plus its index among the
 * candidates of that kind, so the code alone (with the node) tells the rule
 * again. */
#ifndef ARIADNE_INTEGRATE_H
#define ARIADNE_INTEGRATE_H

#include "expr.h"

#define INT_NODE_SIZE 128
#define INT_MAX_STEPS 64
#define INT_MAX_SUBS 16

typedef enum { R_SUM = 1, R_CONST, R_LINEAR, R_SUBST, R_PARTS, R_EXPAND, R_IDENT } int_rule;

typedef struct int_step {
    uint32_t code;
    unsigned count;
    ex *sub[INT_MAX_SUBS]; /* the subproblems' integrands, canonical */
    ex *u, *v;             /* linear and substitute: u; parts: u and v; constant: the factor */
    ex *scale;             /* linear: 1/a */
    char label[160];
} int_step;

/* The table: the antiderivative of a canonical integrand it knows, or NULL. */
ex *ar_int_table(ex_pool *p, const ex *f);

/* Calls fn for each reduction of the canonical integrand f, in the fixed
 * order above, until fn returns non-zero; returns that value (0 when every
 * step was offered). */
int ar_int_each_step(ex_pool *p, const ex *f, int (*fn)(void *ctx, int_step *s), void *ctx);

/* The step with the given code (NULL when f has none). */
int_step *ar_int_find_step(ex_pool *p, const ex *f, uint32_t code, int_step *out);

/* The antiderivative of a step's integrand from its subproblems'
 * antiderivatives G[0..count), simplified. */
ex *ar_int_assemble(ex_pool *p, const int_step *s, ex *const *G);

/* The canonical text of an expression as a node (NUL-padded to INT_NODE_SIZE),
 * or -1 when it does not fit or does not read back to itself. */
int ar_int_node_text(ex_pool *p, const ex *e, char *node);

#endif
