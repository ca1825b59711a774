/* test_csp.c — the constraint engine (csp.h) against independent answers:
 * every configuration (four consistencies, three all-different strengths,
 * backjumping on and off, four variable and four value orders) counts the
 * solutions of a thousand random models exactly as a brute-force
 * enumeration written here does, and finds a solution exactly when one
 * exists; n-queens counts against OEIS A000170; SEND+MORE=MONEY from the
 * text format; interchangeable values against chromatic polynomials;
 * backjumping's skipped levels on the textbook case; min-conflicts; the run
 * context's node limit; and the text format's error messages. */
#include "ariadne/csp.h"
#include "ariadne/rng.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- brute force -- */

typedef struct counter { const ar_csp *m; uint64_t n; int bad; } counter;

static uint64_t brute_count(const ar_csp *m)
{
    size_t n = ar_csp_var_count(m), k;
    int32_t *v = malloc((n + 1) * sizeof *v);
    uint64_t count = 0;
    for (k = 0; k < n; k++)
        v[k] = ar_csp_var_lo(m, (int)k);
    for (;;) {
        int ok = 1;
        for (k = 0; k < n && ok; k++)
            ok = ar_csp_var_allows(m, (int)k, v[k]);
        if (ok && ar_csp_satisfied(m, v, NULL))
            count++;
        for (k = 0; k < n; k++) { /* the next assignment, like an odometer */
            if (v[k] < ar_csp_var_hi(m, (int)k)) {
                v[k]++;
                break;
            }
            v[k] = ar_csp_var_lo(m, (int)k);
        }
        if (k == n)
            break;
    }
    free(v);
    return count;
}

static int visit_check(void *ctx, const int32_t *values)
{
    counter *c = ctx;
    c->n++;
    if (!ar_csp_satisfied(c->m, values, NULL))
        c->bad++;
    return 0;
}

/* A user constraint: (x + 2y) mod 3 != 1. */
static int mod3_check(void *ctx, const int32_t *v)
{
    (void)ctx;
    return (((v[0] + 2 * v[1]) % 3) + 3) % 3 != 1;
}

static ar_csp *random_model(ar_rng *rng)
{
    ar_csp *m;
    ar_error err;
    size_t n = 3 + ar_rng_below(rng, 4), k, ncons = 1 + ar_rng_below(rng, 4), i;
    int vars[8];
    static const ar_csp_user mod3 = {.name = "mod3", .check = mod3_check};
    ar_csp_create(&m, &err);
    for (k = 0; k < n; k++) {
        int32_t lo = (int32_t)ar_rng_below(rng, 4) - 2, hi = lo + (int32_t)ar_rng_below(rng, 5);
        int32_t val;
        ar_csp_new_var(m, lo, hi, NULL, &vars[k], &err);
        for (val = lo + 1; val < hi; val++)
            if (ar_rng_below(rng, 5) == 0)
                ar_csp_exclude(m, vars[k], val, &err);
    }
    for (k = 0; k < ncons; k++) {
        int pick[8];
        size_t arity = 2 + ar_rng_below(rng, n - 1);
        for (i = 0; i < n; i++)
            pick[i] = vars[i];
        for (i = n; i > 1; i--) { /* a random subset of `arity` variables */
            size_t j = ar_rng_below(rng, i);
            int t = pick[i - 1];
            pick[i - 1] = pick[j], pick[j] = t;
        }
        switch (ar_rng_below(rng, 4)) {
        case 0: {
            int32_t off[8];
            for (i = 0; i < arity; i++)
                off[i] = (int32_t)ar_rng_below(rng, 3) - 1;
            ar_csp_alldiff(m, pick, ar_rng_below(rng, 2) ? off : NULL, arity, &err);
            break;
        }
        case 1: {
            int64_t co[8], rhs = (int64_t)ar_rng_below(rng, 7) - 3;
            for (i = 0; i < arity; i++)
                co[i] = (int64_t)ar_rng_below(rng, 7) - 3;
            ar_csp_linear(m, co, pick, arity, (ar_csp_rel)ar_rng_below(rng, 4), rhs, &err);
            break;
        }
        case 2: {
            int32_t pairs[40];
            size_t np = ar_rng_below(rng, 20);
            for (i = 0; i < 2 * np; i++)
                pairs[i] = (int32_t)ar_rng_below(rng, 8) - 3;
            ar_csp_table(m, pick[0], pick[1], pairs, np, (int)ar_rng_below(rng, 2), &err);
            break;
        }
        default:
            ar_csp_user_constraint(m, pick, 2, &mod3, NULL, &err);
            break;
        }
    }
    return m;
}

static void check_random_models(void)
{
    ar_rng rng;
    unsigned t, mismatches = 0, runs = 0;
    ar_rng_seed(&rng, 2024);
    for (t = 0; t < 1000; t++) {
        ar_csp *m = random_model(&rng);
        uint64_t want = brute_count(m);
        int c, a, b;
        for (c = 0; c < 4; c++)
            for (a = 0; a < 3; a++)
                for (b = 0; b < 2; b++) {
                    ar_csp_options o;
                    ar_csp_outcome out;
                    ar_csp_stats st;
                    ar_error err;
                    counter cnt = {m, 0, 0};
                    int32_t first[8];
                    ar_csp_options_init(&o);
                    o.consistency = (ar_csp_consistency)c, o.alldiff = (ar_csp_alldiff_level)a, o.backjump = b;
                    o.var_order = (ar_csp_var_order)((t + (unsigned)c) % 4);
                    o.value_order = (ar_csp_value_order)((t / 4 + (unsigned)a) % 4);
                    o.seed = t;
                    runs++;
                    if (ar_csp_search(m, &o, NULL, 0, visit_check, &cnt, NULL, &out, &st, &err) != AR_OK ||
                        cnt.n != want || st.solutions != want || cnt.bad ||
                        out != (want ? AR_CSP_ALL : AR_CSP_NONE)) {
                        if (mismatches++ < 5)
                            CHECK_MSG(0, "model %u, %s/%s/%s/%s%s: counted %llu (%d bad), brute force %llu", t,
                                      ar_csp_consistency_name(o.consistency), ar_csp_alldiff_name(o.alldiff),
                                      ar_csp_var_order_name(o.var_order), ar_csp_value_order_name(o.value_order),
                                      b ? " backjump" : "", (unsigned long long)cnt.n, cnt.bad,
                                      (unsigned long long)want);
                    }
                    /* the first solution only */
                    if (ar_csp_search(m, &o, NULL, 1, NULL, NULL, first, &out, &st, &err) != AR_OK ||
                        out != (want ? AR_CSP_FOUND : AR_CSP_NONE) || (want && !ar_csp_satisfied(m, first, NULL))) {
                        if (mismatches++ < 5)
                            CHECK_MSG(0, "model %u, %s%s: first solution: outcome %d, %llu solutions", t,
                                      ar_csp_consistency_name(o.consistency), b ? " backjump" : "", (int)out,
                                      (unsigned long long)want);
                    }
                }
        ar_csp_destroy(m);
    }
    CHECK_EQ_U(mismatches, 0);
    printf("  %u searches of 1000 random models agree with brute force\n", runs * 2);
}

/* ------------------------------------------------------------- queens -- */

static ar_csp *queens_model(int n)
{
    ar_csp *m;
    ar_error err;
    int vars[32];
    int32_t up[32], down[32];
    int i;
    ar_csp_create(&m, &err);
    for (i = 0; i < n; i++) {
        ar_csp_new_var(m, 1, n, NULL, &vars[i], &err);
        up[i] = i, down[i] = -i;
    }
    ar_csp_alldiff(m, vars, NULL, (size_t)n, &err);
    ar_csp_alldiff(m, vars, up, (size_t)n, &err);
    ar_csp_alldiff(m, vars, down, (size_t)n, &err);
    return m;
}

static void check_queens(void)
{
    static const uint64_t a000170[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    int n, c, a;
    for (n = 1; n <= 10; n++) {
        ar_csp *m = queens_model(n);
        for (c = 0; c < 4; c++)
            for (a = 0; a < 3; a++) {
                ar_csp_options o;
                ar_csp_outcome out;
                ar_csp_stats st;
                ar_error err;
                if (c == 0 && n > 8)
                    continue; /* plain backtracking grows too fast for a test */
                ar_csp_options_init(&o);
                o.consistency = (ar_csp_consistency)c, o.alldiff = (ar_csp_alldiff_level)a;
                o.backjump = n % 2;
                CHECK(ar_csp_search(m, &o, NULL, 0, NULL, NULL, NULL, &out, &st, &err) == AR_OK);
                CHECK_MSG(st.solutions == a000170[n], "%d queens, %s/%s: %llu solutions", n,
                          ar_csp_consistency_name(o.consistency), ar_csp_alldiff_name(o.alldiff),
                          (unsigned long long)st.solutions);
            }
        ar_csp_destroy(m);
    }
}

/* ------------------------------------------------------ the text form -- */

static void check_send_more_money(void)
{
    static const char *text = "# Dudeney 1924\n"
                              "var S E N D M O R Y : 0..9\n"
                              "alldiff S E N D M O R Y\n"
                              "S != 0\nM != 0\n"
                              "1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E = "
                              "10000*M + 1000*O + 100*N + 10*E + Y\n";
    ar_csp *m;
    ar_error err;
    int32_t v[8];
    ar_csp_outcome out;
    ar_csp_stats st;
    CHECK(ar_csp_parse(text, &m, &err) == AR_OK);
    if (!m)
        return;
    CHECK(ar_csp_search(m, NULL, NULL, 0, NULL, NULL, v, &out, &st, &err) == AR_OK);
    CHECK_EQ_U(st.solutions, 1);
    CHECK(out == AR_CSP_ALL);
    /* 9567 + 1085 = 10652 */
    CHECK(v[0] == 9 && v[1] == 5 && v[2] == 6 && v[3] == 7 && v[4] == 1 && v[5] == 0 && v[6] == 8 && v[7] == 2);
    ar_csp_destroy(m);
}

static void check_parse_errors(void)
{
    static const struct { const char *text, *message; } cases[] = {
        {"", "the model declares no variables (a line 'var x y : 1..9' declares two)"},
        {"var x : 1..3\nx + y = 2\n", "line 2: unknown variable 'y'"},
        {"var x : 3..1\n", "line 1: '3..1' is an empty range"},
        {"var x y 1..3\n", "line 1: expected ':' and a domain after the names at '1..3'"},
        {"var x : 1..3\nx ~ 2\n", "line 2: expected = != <= >= < or > at '~ 2'"},
        {"var x : 1..3\nvar x : 1..2\n", "line 2: the variable 'x' is declared twice"},
        {"var x : 1..3\nfrobnicate x\n", "line 2: unknown variable 'frobnicate'"},
        {"var x : 1..3\nx + * 2\n", "line 2: expected a term (k*VAR, VAR or a number) at '* 2'"},
        {"var q[3] : 1..3\nalldiff q[4]\n", "line 2: unknown variable 'q[4]'"},
        {"var x : 0..2000000\n", "line 1: the domain spans more than 2^20 values (var x : 0..2000000)"},
        {"var x y : 1..2\ntable x y : 1\n", "line 2: expected pairs 'a b, c d' at '1'"},
        {"var var : 1..2\n", "line 1: 'var' is a reserved word"},
        {"@@@\n", "line 1: expected var, alldiff, table, forbid, interchangeable or a linear constraint at '@@@'"},
    };
    size_t k;
    for (k = 0; k < sizeof cases / sizeof *cases; k++) {
        ar_csp *m = NULL;
        ar_error err;
        ar_error_clear(&err);
        CHECK(ar_csp_parse(cases[k].text, &m, &err) == AR_ERR_INPUT);
        CHECK(m == NULL);
        CHECK_STR(err.message, cases[k].message);
    }
}

static void check_text_features(void)
{
    /* arrays, sets with holes, offsets, tables, both sides of a linear constraint */
    static const char *text = "var q[4] : 1..4\n"
                              "alldiff q\nalldiff q[1]+0 q[2]+1 q[3]+2 q[4]+3\nalldiff q[1]-0, q[2]-1, q[3]-2, q[4]-3\n"
                              "var c : {1, 3..4}\n"
                              "table c q[1] : 1 2, 3 3, 4 2\n"
                              "forbid c q[2] : 4 4\n"
                              "2*c - 1 > q[1]\n";
    ar_csp *m;
    ar_error err;
    ar_csp_stats st;
    ar_csp_outcome out;
    CHECK(ar_csp_parse(text, &m, &err) == AR_OK);
    if (!m)
        return;
    CHECK_EQ_U(ar_csp_var_count(m), 5);
    CHECK(!ar_csp_var_allows(m, 4, 2) && ar_csp_var_allows(m, 4, 3));
    CHECK_EQ_U(brute_count(m), 1); /* q = 3 1 4 2 with c = 3 (2 4 1 3 allows c = 1 or 4: 1 fails 2c-1 > 2, 4 is forbidden) */
    CHECK(ar_csp_search(m, NULL, NULL, 0, NULL, NULL, NULL, &out, &st, &err) == AR_OK);
    CHECK_EQ_U(st.solutions, 1);
    ar_csp_destroy(m);
}

/* ------------------------------------------------------- symmetry -- */

/* Colourings of a graph with k interchangeable colours: the search lists
 * one colouring per partition into colour classes, so it must find
 * sum_j P_exact(G, j) / j! of them; checked against chromatic polynomials. */
static uint64_t colourings(const int (*edges)[2], size_t ne, int nv, int k, int symmetric)
{
    ar_csp *m;
    ar_error err;
    int vars[16], i;
    size_t e;
    ar_csp_outcome out;
    ar_csp_stats st;
    ar_csp_create(&m, &err);
    for (i = 0; i < nv; i++)
        ar_csp_new_var(m, 0, k - 1, NULL, &vars[i], &err);
    for (e = 0; e < ne; e++) {
        int64_t co[2] = {1, -1};
        int pair[2] = {edges[e][0], edges[e][1]};
        ar_csp_linear(m, co, pair, 2, AR_CSP_NE, 0, &err);
    }
    if (symmetric)
        ar_csp_interchangeable(m, vars, (size_t)nv, &err);
    ar_csp_search(m, NULL, NULL, 0, NULL, NULL, NULL, &out, &st, &err);
    ar_csp_destroy(m);
    return st.solutions;
}

static void check_interchangeable(void)
{
    static const int c5[5][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}};
    static const int petersen[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7},
                                        {3, 8}, {4, 9}, {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}};
    /* C5: P(k) = (k-1)^5 - (k-1): 30 for k = 3, 240 for k = 4 */
    CHECK_EQ_U(colourings(c5, 5, 5, 3, 0), 30);
    CHECK_EQ_U(colourings(c5, 5, 5, 3, 1), 5);       /* all 30 use 3 colours: 30/3! */
    CHECK_EQ_U(colourings(c5, 5, 5, 4, 0), 240);
    CHECK_EQ_U(colourings(c5, 5, 5, 4, 1), 5 + 5);   /* 30/3! + (240-4*30)/4! */
    CHECK_EQ_U(colourings(c5, 5, 5, 2, 1), 0);
    /* Petersen: P(3) = 120, not 2-colourable */
    CHECK_EQ_U(colourings(petersen, 15, 10, 3, 0), 120);
    CHECK_EQ_U(colourings(petersen, 15, 10, 3, 1), 20);
}

/* --------------------------------------------------------- the rest -- */

static void check_backjump_skips(void)
{
    ar_csp *m;
    ar_error err;
    ar_csp_options o;
    ar_csp_outcome out;
    ar_csp_stats with, without;
    /* a and b clash whatever the eight x in between are */
    CHECK(ar_csp_parse("var a : 1..2\nvar x[8] : 1..3\nvar b : 1..2\na + b = 5\n", &m, &err) == AR_OK);
    ar_csp_options_init(&o);
    o.consistency = AR_CSP_CHECK, o.var_order = AR_CSP_VAR_INPUT;
    ar_csp_search(m, &o, NULL, 1, NULL, NULL, NULL, &out, &without, &err);
    CHECK(out == AR_CSP_NONE);
    o.backjump = 1;
    ar_csp_search(m, &o, NULL, 1, NULL, NULL, NULL, &out, &with, &err);
    CHECK(out == AR_CSP_NONE);
    CHECK_EQ_U(without.decisions, 45926); /* 2 * (3 + 9 + ... + 3^8) * ... every x tried under each a */
    CHECK_EQ_U(with.decisions, 22);
    CHECK_EQ_U(with.levels_skipped, 8);
    ar_csp_destroy(m);
}

static void check_min_conflicts(void)
{
    ar_csp *m = queens_model(30);
    ar_csp_options o;
    ar_csp_outcome out;
    ar_csp_stats st;
    ar_error err;
    int32_t v[30];
    ar_csp_options_init(&o);
    o.seed = 7;
    CHECK(ar_csp_min_conflicts(m, &o, NULL, v, &out, &st, &err) == AR_OK);
    CHECK(out == AR_CSP_FOUND);
    CHECK(ar_csp_satisfied(m, v, NULL));
    CHECK_EQ_U(st.violations, 0);
    ar_csp_destroy(m);
    /* no solution: it stops after its restarts with the best it saw */
    m = queens_model(3);
    o.max_restarts = 3, o.max_steps = 100;
    CHECK(ar_csp_min_conflicts(m, &o, NULL, v, &out, &st, &err) == AR_OK);
    CHECK(out == AR_CSP_STOPPED);
    CHECK(st.violations > 0);
    ar_csp_destroy(m);
}

static void check_node_limit(void)
{
    ar_csp *m = queens_model(10);
    ar_search_options so;
    ar_result res;
    ar_run run;
    ar_csp_outcome out;
    ar_csp_stats st;
    ar_error err;
    ar_search_options_init(&so);
    so.limits.node_limit = 100;
    ar_result_init(&res);
    ar_run_begin(&run, &so, &res);
    CHECK(ar_csp_search(m, NULL, &run, 0, NULL, NULL, NULL, &out, &st, &err) == AR_OK);
    CHECK(out == AR_CSP_STOPPED);
    CHECK(run.stop == AR_STOP_NODES);
    CHECK(st.solutions < 724);
    CHECK_EQ_U(res.expanded, 100);
    ar_csp_destroy(m);
}

int main(void)
{
    check_random_models();
    check_queens();
    check_send_more_money();
    check_parse_errors();
    check_text_features();
    check_interchangeable();
    check_backjump_skips();
    check_min_conflicts();
    check_node_limit();
    return check_report("test_csp");
}
