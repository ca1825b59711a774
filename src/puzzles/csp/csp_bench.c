/* csp_bench.c — `ariadne bench csp`: the constraint engine's methods side by
 * side on the same models, in decisions (load-independent), propagator runs
 * and seconds:
 *
 *   1. the propagation disciplines (check, forward, ac3, queue) and the
 *      all-different strengths (regin, bounds, pairwise), counting every
 *      solution of n-queens models and the order-4 magic square (880 up to
 *      symmetry);
 *   2. conflict-directed backjumping on and off, on the textbook case, on
 *      random binary problems at the phase transition, on an unsatisfiable
 *      colouring (myciel4 with 4 colours), on the zebra puzzle and on
 *      n-queens: whether it pays, measured;
 *   3. the variable and value orders;
 *   4. min-conflicts against depth-first search on n-queens models.
 *
 * The models are written in the text format here (n-queens, random
 * problems) or read from data/csp. Every search runs under a decision
 * and a time limit, and a row that hits one says so. */
#include "csp_domain.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

/* Every search stops at this many decisions (repairs) or seconds: 2x10^7
 * and 60 s, or 10^6 and 3 s with --quick. */
typedef struct bench_limits { uint64_t nodes; double seconds; } bench_limits;

/* A malloc'd model text, or NULL. */
static char *queens_text(unsigned n)
{
    size_t cap = 64 + (size_t)n * 64, used = 0;
    char *t = malloc(cap);
    unsigned i, k;
    if (!t)
        return NULL;
    used += (size_t)snprintf(t + used, cap - used, "var q[%u] : 1..%u\nalldiff q\n", n, n);
    for (k = 0; k < 2; k++) {
        used += (size_t)snprintf(t + used, cap - used, "alldiff");
        for (i = 1; i <= n; i++)
            used += (size_t)snprintf(t + used, cap - used, " q[%u]%c%u", i, k ? '-' : '+', i);
        used += (size_t)snprintf(t + used, cap - used, "\n");
    }
    return t;
}

/* A random binary problem (model B): n variables of d values, each pair
 * constrained with probability density, each constrained pair forbidding
 * `tight` of the d^2 value pairs. */
static char *random_text(uint64_t seed, unsigned n, unsigned d, double density, unsigned tight)
{
    size_t cap = 256 + (size_t)n * n * (16 + (size_t)tight * 10), used = 0;
    char *t = malloc(cap);
    ar_rng rng;
    unsigned a, b, k;
    if (!t)
        return NULL;
    ar_rng_seed(&rng, seed);
    used += (size_t)snprintf(t + used, cap - used, "var x[%u] : 1..%u\n", n, d);
    for (a = 1; a <= n; a++)
        for (b = a + 1; b <= n; b++) {
            unsigned char taken[32 * 32] = {0};
            if (ar_rng_double(&rng) >= density)
                continue;
            used += (size_t)snprintf(t + used, cap - used, "forbid x[%u] x[%u] :", a, b);
            for (k = 0; k < tight; k++) {
                unsigned p;
                do
                    p = (unsigned)ar_rng_below(&rng, (uint64_t)d * d);
                while (taken[p]);
                taken[p] = 1;
                used += (size_t)snprintf(t + used, cap - used, "%s %u %u", k ? "," : "", p / d + 1, p % d + 1);
            }
            used += (size_t)snprintf(t + used, cap - used, "\n");
        }
    return t;
}

static char *data_text(const char *name)
{
    char path[512], why[300], rel[96];
    snprintf(rel, sizeof rel, "csp/%s", name);
    if (ar_data_path(rel, path, sizeof path) != 0)
        return NULL;
    return ar_read_file(path, why, sizeof why);
}

typedef struct outcome_row {
    ar_csp_outcome out;
    ar_csp_stats st;
    double seconds;
    int stopped;
} outcome_row;

/* Runs one search (or min-conflicts) on a model text. */
static int run(const bench_limits *lim, const char *text, const ar_csp_options *o, uint64_t max_solutions, int local,
               outcome_row *r)
{
    ar_csp *m;
    ar_error err;
    ar_search_options so;
    ar_result res;
    ar_run rn;
    int32_t *values;
    double t0;
    memset(r, 0, sizeof *r);
    if (!text || ar_csp_parse(text, &m, &err) != AR_OK)
        return -1;
    values = malloc((ar_csp_var_count(m) + 1) * sizeof *values);
    ar_search_options_init(&so);
    so.limits.node_limit = lim->nodes;
    so.limits.time_limit = lim->seconds;
    so.limits.interrupt = &ar_tool_interrupted;
    ar_result_init(&res);
    ar_run_begin(&rn, &so, &res);
    t0 = ar_now();
    if (local)
        ar_csp_min_conflicts(m, o, &rn, values, &r->out, &r->st, &err);
    else
        ar_csp_search(m, o, &rn, max_solutions, NULL, NULL, values, &r->out, &r->st, &err);
    r->seconds = ar_now() - t0;
    r->stopped = r->out == AR_CSP_STOPPED;
    free(values);
    ar_csp_destroy(m);
    return 0;
}

static const char *outcome_word(const outcome_row *r)
{
    switch (r->out) {
    case AR_CSP_FOUND: return "found";
    case AR_CSP_ALL: return "all";
    case AR_CSP_NONE: return "none (proven)";
    case AR_CSP_STOPPED: return "STOPPED (limit)";
    }
    return "?";
}

static void options(ar_csp_options *o, int consistency, int alldiff, int var, int value, int backjump)
{
    ar_csp_options_init(o);
    o->consistency = (ar_csp_consistency)consistency, o->alldiff = (ar_csp_alldiff_level)alldiff;
    o->var_order = (ar_csp_var_order)var, o->value_order = (ar_csp_value_order)value, o->backjump = backjump;
}

static void table_propagation(const bench_limits *lim, int quick)
{
    static const unsigned sizes[] = {8, 10};
    unsigned k, c, a;
    printf("### Propagation and the all-different strengths (every solution counted)\n\n"
           "| model | consistency | alldiff | solutions | decisions | dead ends | propagator runs | seconds |\n"
           "|---|---|---|---:|---:|---:|---:|---:|\n");
    for (k = 0; k < (quick ? 1u : 3u) && !ar_tool_interrupted; k++) {
        char *text = k < 2 ? queens_text(sizes[k]) : data_text("magic4.txt");
        char name[32];
        snprintf(name, sizeof name, k < 2 ? "%u-queens" : "magic square 4", sizes[k < 2 ? k : 0]);
        for (c = 0; c < 4; c++)
            for (a = 0; a < 3; a++) {
                ar_csp_options o;
                outcome_row r;
                if (c == 0 && (k == 2 || sizes[k] > 8))
                    continue; /* plain backtracking: beyond any limit worth waiting for */
                options(&o, (int)c, (int)a, 0, 0, 0);
                if (run(lim, text, &o, 0, 0, &r) != 0)
                    continue;
                printf("| %s | %s | %s | %" PRIu64 "%s | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %.3f |\n", name,
                       ar_csp_consistency_name(o.consistency), ar_csp_alldiff_name(o.alldiff), r.st.solutions,
                       r.stopped ? " (stopped)" : "", r.st.decisions, r.st.failures, r.st.propagations, r.seconds);
                fflush(stdout);
            }
        free(text);
    }
    printf("\n");
}

static void backjump_row(const bench_limits *lim, const char *name, const char *text, int consistency,
                         uint64_t max_solutions)
{
    int b;
    outcome_row r[2];
    ar_csp_options o;
    for (b = 0; b < 2; b++) {
        options(&o, consistency, 0, consistency == 0 ? 2 : 0, 0, b);
        run(lim, text, &o, max_solutions, 0, &r[b]);
    }
    printf("| %s | %s | %s | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %.3f | %.3f |\n", name,
           ar_csp_consistency_name((ar_csp_consistency)consistency), outcome_word(&r[0]), r[0].st.decisions,
           r[1].st.decisions, r[1].st.levels_skipped, r[0].seconds, r[1].seconds);
    fflush(stdout);
}

static void table_backjumping(const bench_limits *lim, int quick)
{
    char *textbook = "var a : 1..2\nvar x[8] : 1..3\nvar b : 1..2\na + b = 5\n";
    char *q8 = queens_text(8), *myciel = data_text("myciel4-4.txt"), *zebra = data_text("zebra.txt");
    int c;
    unsigned s, nrand = quick ? 2 : 8;
    printf("### Conflict-directed backjumping (off and on)\n\n"
           "Plain backtracking takes the variables in their order (input), the others the default mrv-degree.\n\n"
           "| model | consistency | outcome | decisions (off) | decisions (backjumping) | levels skipped | "
           "seconds (off) | seconds (on) |\n|---|---|---|---:|---:|---:|---:|---:|\n");
    for (c = 0; c < 4; c += c == 1 ? 2 : 1) {
        backjump_row(lim, "a and b clash, 8 free variables between", textbook, c, 1);
        if (c)
            backjump_row(lim, "myciel4, 4 colours (none exist)", myciel, c, 1);
        backjump_row(lim, "8-queens, every solution", q8, c, 0);
        if (c)
            backjump_row(lim, "zebra puzzle, every solution", zebra, c, 0);
        for (s = 1; s <= nrand && c; s++) {
            char *t = random_text(s, 40, 10, 0.25, 36), name[96];
            snprintf(name, sizeof name, "random <40, 10, 0.25, 36/100> seed %u, first solution", s);
            backjump_row(lim, name, t, c, 1);
            free(t);
        }
    }
    printf("\n");
    free(q8), free(myciel), free(zebra);
}

static void table_orders(const bench_limits *lim, int quick)
{
    static const char *const models[] = {"30-queens, first solution", "zebra puzzle, every solution",
                                         "random <40, 10, 0.25, 36/100> seed 1, first solution"};
    unsigned k, v, w;
    printf("### Variable and value orders (queue, regin)\n\n"
           "| model | variable order | value order | outcome | decisions | seconds |\n|---|---|---|---|---:|---:|\n");
    for (k = 0; k < 3 && !ar_tool_interrupted; k++) {
        char *text = k == 0 ? queens_text(30) : k == 1 ? data_text("zebra.txt") : random_text(1, 40, 10, 0.25, 36);
        for (v = 0; v < 4; v++)
            for (w = 0; w < 4; w++) {
                ar_csp_options o;
                outcome_row r;
                if (quick && w != 0 && w != 2)
                    continue;
                options(&o, 3, 0, (int)v, (int)w, 0);
                if (run(lim, text, &o, k == 1 ? 0 : 1, 0, &r) != 0)
                    continue;
                printf("| %s | %s | %s | %s | %" PRIu64 " | %.3f |\n", models[k], ar_csp_var_order_name(o.var_order),
                       ar_csp_value_order_name(o.value_order), outcome_word(&r), r.st.decisions, r.seconds);
                fflush(stdout);
            }
        free(text);
    }
    printf("\n");
}

static void table_local(const bench_limits *lim, int quick)
{
    static const unsigned sizes[] = {50, 200, 1000};
    unsigned k;
    printf("### Min-conflicts against depth-first search (n-queens models, first solution)\n\n"
           "| n | method | outcome | decisions or repairs | seconds |\n|---:|---|---|---:|---:|\n");
    for (k = 0; k < (quick ? 2u : 3u) && !ar_tool_interrupted; k++) {
        char *text = queens_text(sizes[k]);
        ar_csp_options o;
        outcome_row r;
        options(&o, 3, 0, 0, 0, 0);
        run(lim, text, &o, 1, 0, &r);
        printf("| %u | depth-first (queue, regin, mrv-degree) | %s | %" PRIu64 " | %.3f |\n", sizes[k], outcome_word(&r),
               r.st.decisions, r.seconds);
        options(&o, 3, 0, 0, 0, 0);
        run(lim, text, &o, 1, 1, &r);
        printf("| %u | min-conflicts (seed 1) | %s | %" PRIu64 " | %.3f |\n", sizes[k], outcome_word(&r), r.st.steps,
               r.seconds);
        fflush(stdout);
        free(text);
    }
    printf("\n");
}

int ar_model_bench(int quick)
{
    bench_limits lim;
    char load[64];
    ar_tool_load_average(load, sizeof load);
    lim.nodes = 20000000u, lim.seconds = 60;
    ar_tool_install_sigint();
    if (quick)
        lim.nodes = 1000000, lim.seconds = 3;
    printf("## csp: the constraint engine's methods compared\n\nOne thread; load average %s; every search stops at "
           "%llu decisions or %.0f s.\n\n", load, (unsigned long long)lim.nodes, lim.seconds);
    table_propagation(&lim, quick);
    table_backjumping(&lim, quick);
    table_orders(&lim, quick);
    table_local(&lim, quick);
    return ar_tool_interrupted ? AR_EXIT_LIMIT : AR_EXIT_OK;
}

const ar_bench_suite ar_model_bench_suites[] = {
    {.name = "csp",
     .summary = "the constraint engine: propagation, all-different, backjumping, orders, min-conflicts compared",
     .run = ar_model_bench},
    {.name = NULL}};
