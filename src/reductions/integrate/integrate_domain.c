/* integrate_domain.c — symbolic integration as problem reduction: the
 * descriptor of the `integrate` AND-OR domain. A node is an integrand
 * (integrate.h); the table makes primitive nodes, the reductions connectors,
 * each step costing one, so the cheapest solution is the shortest derivation.
 * The answer assembles the antiderivative bottom-up from the solution graph
 * and checks it independently: its derivative must equal the integrand at
 * sample points. */
#include "integrate.h"
#include "ariadne/andor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_andor_problem {
    char root[INT_NODE_SIZE];
};

/* Where answers are checked (and integrands must be defined): both signs,
 * so ln(-x) can be checked as well as ln(x). */
static const double samples[] = {0.31, 0.47, 0.73, 0.89, 1.13, 1.37, 1.91, 2.53,
                                 -0.29, -0.61, -1.17, -2.3};
#define NSAMPLES (sizeof samples / sizeof *samples)

/* A constant part too large for a double (3^4194304) cannot be checked. */
static const ex *infinite_constant(const ex *e)
{
    unsigned i;
    if (ar_ex_free_of_x(e))
        return isfinite(ar_ex_eval(e, 0.5)) ? NULL : e;
    for (i = 0; i < e->n; i++) {
        const ex *bad = infinite_constant(e->a[i]);
        if (bad)
            return bad;
    }
    return NULL;
}

static unsigned defined_points(const ex *e)
{
    unsigned i, n = 0;
    for (i = 0; i < NSAMPLES; i++)
        n += isfinite(ar_ex_eval(e, samples[i])) != 0;
    return n;
}

static ex *node_expr(ex_pool *p, const void *node)
{
    char text[INT_NODE_SIZE + 1], why[128];
    ex *e;
    memcpy(text, node, INT_NODE_SIZE);
    text[INT_NODE_SIZE] = '\0';
    e = ar_ex_parse(p, text, why, sizeof why);
    return e ? ar_ex_simplify(p, e) : NULL;
}

static ar_status int_create(const char *text, const ar_param *params, size_t count,
                            ar_andor_problem **out, ar_error *err)
{
    ex_pool p;
    ex *e;
    char why[160];
    ar_andor_problem *prob;
    (void)params, (void)count;
    *out = NULL;
    if (!text)
        return ar_error_set(err, AR_ERR_INPUT, "give the integrand, e.g. 'x*cos(x)' (integrated in x)");
    if (strlen(text) > 400)
        return ar_error_set(err, AR_ERR_INPUT, "expression: longer than 400 characters");
    ar_ex_pool_init(&p);
    e = ar_ex_parse(&p, text, why, sizeof why);
    if (!e) {
        ar_ex_pool_free(&p);
        return ar_error_set(err, AR_ERR_INPUT, "%s", why);
    }
    prob = NULL;
    e = ar_ex_simplify(&p, e);
    if (e && !p.failed && infinite_constant(e)) {
        char big[80];
        ar_ex_print(infinite_constant(e), big, sizeof big);
        ar_ex_pool_free(&p);
        return ar_error_set(err, AR_ERR_INPUT, "expression: %.60s is too large to work with", big);
    }
    if (e && !p.failed && defined_points(e) < 3) {
        unsigned undefined = (unsigned)NSAMPLES - defined_points(e);
        ar_ex_pool_free(&p);
        return ar_error_set(err, AR_ERR_INPUT, "expression: not a real number at %u of the %u sample "
                            "points in [-2.3, 2.53] (the integrand must be a real function of x)",
                            undefined, (unsigned)NSAMPLES);
    }
    prob = calloc(1, sizeof *prob);
    if (!prob || !e || ar_int_node_text(&p, e, prob->root) != 0) {
        int too_long = prob && e && !p.failed;
        free(prob);
        ar_ex_pool_free(&p);
        return ar_error_set(err, AR_ERR_INPUT, too_long ? "expression: longer than %d characters "
                            "once simplified" : "expression: a number is too large or a division "
                            "by zero (limit %d characters)", INT_NODE_SIZE - 1);
    }
    ar_ex_pool_free(&p);
    *out = prob;
    return AR_OK;
}

static void int_destroy(ar_andor_problem *prob) { free(prob); }

static void int_describe(const ar_andor_problem *prob, char *buf, size_t size)
{
    snprintf(buf, size, "integral of %.*s dx", INT_NODE_SIZE, prob->root);
}

static size_t int_node_size(const ar_andor_problem *prob) { (void)prob; return INT_NODE_SIZE; }

static void int_root(const ar_andor_problem *prob, void *node) { memcpy(node, prob->root, INT_NODE_SIZE); }

static int int_classify(const ar_andor_problem *prob, const void *node, uint64_t *cost)
{
    ex_pool p;
    ex *f;
    int kind = AR_ANDOR_OPEN;
    (void)prob;
    ar_ex_pool_init(&p);
    f = node_expr(&p, node);
    if (!f)
        kind = AR_ANDOR_UNSOLVABLE;
    else if (ar_int_table(&p, f) && !p.failed) {
        *cost = 1;
        kind = AR_ANDOR_PRIMITIVE;
    }
    ar_ex_pool_free(&p);
    return kind;
}

static unsigned int_max_connectors(const ar_andor_problem *prob) { (void)prob; return INT_MAX_STEPS; }
static unsigned int_max_arity(const ar_andor_problem *prob) { (void)prob; return INT_MAX_SUBS; }

typedef struct collector {
    ex_pool *p;
    ar_andor_connector *conns;
    unsigned char *kids;
    unsigned n;
} collector;

static int collect_step(void *ctx, int_step *s)
{
    collector *c = ctx;
    unsigned j;
    if (c->n == INT_MAX_STEPS)
        return 1;
    for (j = 0; j < s->count; j++)
        if (ar_int_node_text(c->p, s->sub[j],
                          (char *)c->kids + ((size_t)c->n * INT_MAX_SUBS + j) * INT_NODE_SIZE) != 0)
            return 0; /* a subproblem too long to write: this step is not offered */
    c->conns[c->n].rule = s->code;
    c->conns[c->n].cost = 1;
    c->conns[c->n].count = s->count;
    c->n++;
    return 0;
}

static unsigned int_expand(const ar_andor_problem *prob, const void *node, ar_andor_connector *conns,
                           void *children)
{
    ex_pool p;
    collector c = {&p, conns, children, 0};
    ex *f;
    (void)prob;
    ar_ex_pool_init(&p);
    f = node_expr(&p, node);
    if (f)
        ar_int_each_step(&p, f, collect_step, &c);
    ar_ex_pool_free(&p);
    return c.n;
}

static void int_format_node(const ar_andor_problem *prob, const void *node, char *buf, size_t size)
{
    (void)prob;
    snprintf(buf, size, "int %.*s dx", INT_NODE_SIZE, (const char *)node);
}

static void int_format_rule(const ar_andor_problem *prob, const void *node, uint32_t rule, char *buf,
                            size_t size)
{
    ex_pool p;
    int_step s;
    ex *f;
    (void)prob;
    ar_ex_pool_init(&p);
    f = node_expr(&p, node);
    snprintf(buf, size, "%s", f && ar_int_find_step(&p, f, rule, &s) ? s.label : "?");
    ar_ex_pool_free(&p);
}

/* Any open integrand needs at least one reduction and one table lookup. */
static uint64_t h_steps(const ar_andor_problem *prob, const void *node)
{
    (void)prob, (void)node;
    return 2;
}

static uint64_t h_zero(const ar_andor_problem *prob, const void *node)
{
    (void)prob, (void)node;
    return 0;
}

static const ar_andor_heuristic int_heuristics[] = {
    {.name = "steps",
     .summary = "2 for an integrand the table does not know: a reduction and a lookup at least",
     .flags = AR_HEURISTIC_ADMISSIBLE,
     .estimate = h_steps},
    {.name = "zero", .summary = "0 everywhere", .flags = AR_HEURISTIC_ADMISSIBLE, .estimate = h_zero},
    {.name = NULL}};

/* The antiderivative of every node of the solution, children first. */
static ex *assemble(ex_pool *p, const ar_andor_solution *sol, ar_error *err)
{
    ex **F = calloc(sol->count, sizeof *F);
    uint32_t *stack = malloc(sizeof *stack * (sol->child_count + 1)), top = 0;
    ex *root = NULL;
    ar_status st = AR_OK;
    if (!F || !stack) {
        free(F);
        free(stack);
        ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        return NULL;
    }
    stack[top++] = 0;
    while (top && st == AR_OK) {
        uint32_t i = stack[top - 1], j, pending = 0;
        const ar_andor_step *s = &sol->steps[i];
        ex *f;
        int_step step;
        if (F[i]) {
            top--;
            continue;
        }
        for (j = 0; j < s->count; j++)
            if (!F[sol->children[s->first + j]]) {
                stack[top++] = sol->children[s->first + j];
                pending = 1;
            }
        if (pending)
            continue;
        top--;
        f = node_expr(p, ar_andor_solution_node(sol, i));
        if (!f)
            st = ar_error_set(err, AR_ERR_UNSOLVABLE, "a node is not an expression");
        else if (s->count == 0) {
            F[i] = ar_int_table(p, f);
            if (!F[i])
                st = ar_error_set(err, AR_ERR_UNSOLVABLE, "the table has no integral of %.100s",
                                  (const char *)ar_andor_solution_node(sol, i));
        } else if (!ar_int_find_step(p, f, s->rule, &step) || step.count != s->count)
            st = ar_error_set(err, AR_ERR_UNSOLVABLE, "no such step of %.100s",
                              (const char *)ar_andor_solution_node(sol, i));
        else {
            ex *G[INT_MAX_SUBS];
            for (j = 0; j < s->count; j++)
                G[j] = F[sol->children[s->first + j]];
            F[i] = ar_int_assemble(p, &step, G);
            if (!F[i])
                st = ar_error_set(err, AR_ERR_UNSUPPORTED, "the antiderivative grew too large to write");
        }
    }
    if (st == AR_OK)
        root = F[0];
    free(F);
    free(stack);
    return root;
}

/* The check: d/dx of the answer against the integrand at sample points. */
static ar_status check(ex_pool *p, const ex *f, const ex *F, ar_error *err)
{
    const double *xs = samples;
    ex *dF = ar_ex_derivative(p, F);
    unsigned i, good = 0;
    if (!dF)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "the derivative grew too large to check");
    for (i = 0; i < NSAMPLES; i++) {
        double a = ar_ex_eval(f, xs[i]), b = ar_ex_eval(dF, xs[i]);
        if (!isfinite(a) || !isfinite(b))
            continue;
        if (fabs(a - b) > 1e-7 * (fabs(a) > 1 ? fabs(a) : 1))
            return ar_error_set(err, AR_ERR_UNSOLVABLE, "the derivative of the answer is %.12g at "
                                "x = %g, the integrand %.12g", b, xs[i], a);
        good++;
    }
    if (good < 3)
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "the answer could be checked at only %u of %u "
                            "points", good, (unsigned)NSAMPLES);
    return AR_OK;
}

static ar_status int_answer(const ar_andor_problem *prob, const ar_andor_solution *sol, char **text,
                            ar_error *err)
{
    ex_pool p;
    ex *f, *F;
    ar_status st;
    char buf[1024];
    ar_ex_pool_init(&p);
    f = node_expr(&p, prob->root);
    F = f ? assemble(&p, sol, err) : NULL;
    if (!F) {
        ar_ex_pool_free(&p);
        return err && err->status != AR_OK ? err->status
                                           : ar_error_set(err, AR_ERR_UNSOLVABLE, "no antiderivative");
    }
    st = check(&p, f, F, err);
    if (st == AR_OK) {
        /* A polynomial part reads better multiplied out: keep the shorter. */
        ex *X = ar_ex_expand(&p, F);
        if (X && !p.failed && ar_ex_print(X, buf, sizeof buf) < ar_ex_print(F, buf, sizeof buf) &&
            check(&p, f, X, err) == AR_OK)
            F = X;
        p.failed = 0;
        size_t n = ar_ex_print(F, buf, sizeof buf - 40);
        if (n >= sizeof buf - 40)
            snprintf(buf + sizeof buf - 44, 44, "...");
        strcat(buf, " + C (its derivative checked at sample points)");
        *text = strdup(buf);
        if (!*text)
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    ar_ex_pool_free(&p);
    return st;
}

static const ar_andor_example int_examples[] = {
    {.instance = "x^2 + 3*x + sin(x)^2*cos(x)^2", .cost = 12,
     .note = "the notes' decomposable problem: three integrals, the last by identities"},
    {.instance = "x*cos(x)", .cost = 2, .note = "by parts: u = x, dv = cos(x)"},
    {.instance = "2*x*cos(x^2)", .cost = 2, .note = "substitution u = x^2: its derivative is there"},
    {.instance = "atan(x)", .cost = 4, .note = "parts with dv = 1, then a substitution"},
    {.instance = "(x + 1)^3", .cost = 2, .note = "u = x + 1 is linear: one step, then the table"},
    {.note = NULL}};

const ar_andor_domain ar_reduction_integrate = {
    .name = "integrate",
    .summary = "symbolic integration by problem reduction: a table and rules, as in SAINT",
    .help = "INSTANCE is an integrand in x: numbers (3, 1.5), x, + - * / ^, sin cos tan exp ln atan\n"
            "sqrt, e.g. 'x*cos(x)' or '2x*exp(x^2)'. A node is an integral; the table (x^n, 1/x,\n"
            "sin, cos, tan, exp, ln, 1/(1+x^2), 1/cos^2, 1/sin^2, b^x, constants) solves it outright,\n"
            "and the reductions, each one step, are: sum (an AND of the terms), constant factor,\n"
            "linear substitution u = ax+b, substitution u = g(x) when g' divides the integrand,\n"
            "parts (dv a factor the table knows, or dv = 1), expand, and the trigonometric\n"
            "identities for sin^2, cos^2, sin*cos and tan^2. The cheapest solution is the shortest\n"
            "derivation; the answer is checked by differentiating it. Integrals that need solving\n"
            "for themselves (exp(x)*sin(x)) or partial fractions are beyond these rules.",
    .create = int_create,
    .destroy = int_destroy,
    .describe = int_describe,
    .node_size = int_node_size,
    .root = int_root,
    .classify = int_classify,
    .max_connectors = int_max_connectors,
    .max_arity = int_max_arity,
    .expand = int_expand,
    .format_node = int_format_node,
    .format_rule = int_format_rule,
    .heuristics = int_heuristics,
    .answer = int_answer,
    .examples = int_examples,
};
