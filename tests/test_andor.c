/* test_andor.c — AO* and the depth-first AND-OR search against the truth:
 * random acyclic AND-OR graphs whose cheapest costs an independent recursion
 * written here computes; the lecture notes' graphs (18 through B, not 38
 * through C and D; 6 against 9; the TV set; the cycle); Hanoi reduced to
 * subgoals against 2^n - 1, the Frame–Stewart numbers (OEIS A007664/A007665)
 * and an exhaustive BFS of the puzzle itself; every solution printed as a
 * tree, read back by the checker and its answer checked; broken trees and
 * broken graph files rejected with one line naming the place; futility and
 * node limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/andor.h"
#include "ariadne/rng.h"
#include "hanoi_oracle.h"

static ar_andor_problem *create(const ar_andor_domain *d, const char *text, const char *opts,
                                ar_error *err)
{
    char buf[256];
    ar_param params[8];
    size_t n;
    ar_andor_problem *prob = NULL;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    n = ar_param_split(buf, params, 8);
    if (d->create(text, params, n, &prob, err) != AR_OK)
        return NULL;
    return prob;
}

/* Solves, checks the tree through the checker and the answer; returns the
 * cost (UINT64_MAX: no solution), the expansions in *expanded. */
static uint64_t solve(const ar_andor_domain *d, ar_andor_problem *prob, const char *algo,
                      const char *h, uint64_t *expanded, int want_optimal)
{
    ar_andor_options o;
    ar_andor_result r;
    ar_error err;
    uint64_t cost;
    ar_andor_options_init(&o);
    o.search.algorithm = algo;
    o.search.heuristic = h;
    if (ar_andor_solve(d, prob, &o, &r, &err) != AR_OK) {
        CHECK_MSG(0, "%s: %s", d->name, err.message);
        return 0;
    }
    if (expanded)
        *expanded = r.search.expanded;
    if (r.search.outcome != AR_OUTCOME_SOLVED) {
        CHECK_MSG(r.search.outcome == AR_OUTCOME_NO_SOLUTION, "%s: %s", d->name, r.search.note);
        ar_andor_result_free(&r);
        return UINT64_MAX;
    }
    CHECK_MSG(!want_optimal || r.search.optimal, "%s %s: %s", d->name, algo, r.search.note);
    {
        char *tree = ar_andor_tree_text(d, prob, &r.solution);
        ar_andor_verdict v;
        CHECK(tree != NULL);
        CHECK(tree && ar_andor_verify(d, prob, tree, &v, &err) == AR_OK);
        CHECK_MSG(v.solved && v.cost == r.search.cost, "%s: tree verdict %d %llu (%s)", d->name,
                  v.solved, (unsigned long long)v.cost, v.why);
        free(tree);
    }
    if (d->answer) {
        char *text = NULL;
        CHECK_MSG(d->answer(prob, &r.solution, &text, &err) == AR_OK, "%s answer: %s", d->name,
                  err.message);
        free(text);
    }
    cost = r.search.cost;
    ar_andor_result_free(&r);
    return cost;
}

/* --- random graphs against an independent recursion --- */

#define RN 14

typedef struct rgraph {
    unsigned n;
    int prim[RN];          /* cost, or -1: reduced, -2: unsolvable */
    unsigned nalt[RN], alen[RN][3], acost[RN][3], akid[RN][3][3];
} rgraph;

/* Node i only reduces to nodes > i: acyclic. */
static void random_graph(ar_rng *rng, rgraph *g)
{
    unsigned i, a, k;
    memset(g, 0, sizeof *g);
    g->n = RN;
    for (i = 0; i < RN; i++) {
        if (i >= RN - 4 || ar_rng_below(rng, 4) == 0) {
            g->prim[i] = ar_rng_below(rng, 7) == 0 ? -2 : (int)ar_rng_below(rng, 9);
            continue;
        }
        g->prim[i] = -1;
        g->nalt[i] = 1 + (unsigned)ar_rng_below(rng, 3);
        for (a = 0; a < g->nalt[i]; a++) {
            g->alen[i][a] = 1 + (unsigned)ar_rng_below(rng, 3);
            g->acost[i][a] = (unsigned)ar_rng_below(rng, 4);
            for (k = 0; k < g->alen[i][a]; k++)
                g->akid[i][a][k] = i + 1 + (unsigned)ar_rng_below(rng, RN - 1 - i);
        }
    }
}

static uint64_t oracle(const rgraph *g, unsigned i, uint64_t *memo)
{
    uint64_t best = UINT64_MAX;
    unsigned a, k;
    if (memo[i] != UINT64_MAX - 1)
        return memo[i];
    if (g->prim[i] >= 0)
        best = (uint64_t)g->prim[i];
    else if (g->prim[i] == -1)
        for (a = 0; a < g->nalt[i]; a++) {
            uint64_t c = g->acost[i][a];
            for (k = 0; k < g->alen[i][a] && c != UINT64_MAX; k++) {
                uint64_t m = oracle(g, g->akid[i][a][k], memo);
                c = m == UINT64_MAX ? UINT64_MAX : c + m;
            }
            if (c < best)
                best = c;
        }
    return memo[i] = best;
}

static void graph_text(const rgraph *g, const uint64_t *exact, int estimates, char *buf, size_t size)
{
    size_t used = 0;
    unsigned i, a, k;
    for (i = 0; i < g->n; i++) {
        if (g->prim[i] == -2)
            used += (size_t)snprintf(buf + used, size - used, "n%u = unsolvable\n", i);
        else if (g->prim[i] >= 0)
            used += (size_t)snprintf(buf + used, size - used, "n%u = %d\n", i, g->prim[i]);
        else {
            used += (size_t)snprintf(buf + used, size - used, "n%u ->", i);
            for (a = 0; a < g->nalt[i]; a++) {
                used += (size_t)snprintf(buf + used, size - used, "%s", a ? " |" : "");
                for (k = 0; k < g->alen[i][a]; k++)
                    used += (size_t)snprintf(buf + used, size - used, " n%u", g->akid[i][a][k]);
                used += (size_t)snprintf(buf + used, size - used, " : %u", g->acost[i][a]);
            }
            used += (size_t)snprintf(buf + used, size - used, "\n");
            if (estimates && exact[i] != UINT64_MAX && exact[i] / 2)
                used += (size_t)snprintf(buf + used, size - used, "n%u ~ %llu\n", i,
                                         (unsigned long long)(exact[i] / 2));
        }
    }
}

static void test_random_graphs(void)
{
    const ar_andor_domain *d = ar_andor_domain_find("andor-graph");
    ar_rng rng;
    unsigned t, solvable = 0;
    uint64_t aostar_nodes = 0, dfs_nodes = 0;
    ar_rng_seed(&rng, 28);
    for (t = 0; t < 300; t++) {
        rgraph g;
        uint64_t memo[RN], want, e1 = 0, e2 = 0;
        char text[4096];
        unsigned i;
        int est;
        random_graph(&rng, &g);
        for (i = 0; i < RN; i++)
            memo[i] = UINT64_MAX - 1;
        for (i = RN; i-- > 0;)
            oracle(&g, i, memo);
        want = memo[0];
        solvable += want != UINT64_MAX;
        for (est = 0; est < 2; est++) {
            ar_error err;
            ar_andor_problem *prob;
            graph_text(&g, memo, est, text, sizeof text);
            prob = create(d, text, "", &err);
            CHECK_MSG(prob != NULL, "graph %u: %s", t, err.message);
            if (!prob)
                continue;
            CHECK_EQ_U(solve(d, prob, "aostar", NULL, &e1, 1), want);
            CHECK_EQ_U(solve(d, prob, "aostar", "zero", NULL, 1), want);
            CHECK_EQ_U(solve(d, prob, "andor-dfs", NULL, &e2, 1), want);
            aostar_nodes += e1;
            dfs_nodes += e2;
            d->destroy(prob);
        }
    }
    CHECK(solvable > 100 && solvable < 300);
    /* AO* expands no more than the exhaustive search. */
    CHECK_MSG(aostar_nodes <= dfs_nodes, "AO* %llu, DFS %llu", (unsigned long long)aostar_nodes,
              (unsigned long long)dfs_nodes);
}

/* --- the notes' graphs, futility, limits, bad files --- */

static void test_notes(void)
{
    const ar_andor_domain *d = ar_andor_domain_find("andor-graph");
    const ar_andor_example *ex;
    ar_error err;
    ar_andor_problem *prob;
    for (ex = d->examples; ex->note; ex++) {
        prob = create(d, ex->instance, ex->options, &err);
        CHECK_MSG(prob != NULL, "%s: %s", ex->options, err.message);
        if (!prob)
            continue;
        CHECK_EQ_U(solve(d, prob, "aostar", NULL, NULL, 0), ex->cost);
        CHECK_EQ_U(solve(d, prob, "andor-dfs", NULL, NULL, 0), ex->cost);
        d->destroy(prob);
    }
    /* The notes' point: the best node (G, 3) is not on the best partial
     * solution, so AO* never expands C or D's leaves' parents beyond need. */
    prob = create(d, NULL, "graph=notes", &err);
    CHECK(prob != NULL);
    if (prob) {
        ar_andor_options o;
        ar_andor_result r;
        ar_andor_options_init(&o);
        CHECK(ar_andor_solve(d, prob, &o, &r, &err) == AR_OK);
        CHECK(r.search.outcome == AR_OUTCOME_SOLVED && r.search.cost == 18 && r.search.optimal);
        CHECK_EQ_U(r.solution.count, 4); /* A, B, E, F */
        {
            char *tree = ar_andor_tree_text(d, prob, &r.solution);
            CHECK_STR(tree, "A  <= via B  (cost 18)\n  B  <= via E+F  (cost 17)\n"
                            "    E  (primitive, cost 5)\n    F  (primitive, cost 10)\n");
            free(tree);
        }
        ar_andor_result_free(&r);
        /* FUTILITY: no solution costing at most 17. */
        o.futility = 17;
        CHECK(ar_andor_solve(d, prob, &o, &r, &err) == AR_OK);
        CHECK(r.search.outcome == AR_OUTCOME_NO_SOLUTION && strstr(r.search.note, "FUTILITY"));
        ar_andor_result_free(&r);
        o.futility = 0;
        o.search.limits.node_limit = 1;
        CHECK(ar_andor_solve(d, prob, &o, &r, &err) == AR_OK);
        CHECK(r.search.outcome == AR_OUTCOME_STOPPED && r.search.stop == AR_STOP_NODES);
        ar_andor_result_free(&r);
        d->destroy(prob);
    }
    /* Unsolvable: every alternative meets an unsolvable node. */
    prob = create(d, "a -> b | c d\nb = unsolvable\nc = 1\nd -> b", "", &err);
    CHECK(prob && solve(d, prob, "aostar", NULL, NULL, 0) == UINT64_MAX);
    CHECK(prob && solve(d, prob, "andor-dfs", NULL, NULL, 0) == UINT64_MAX);
    if (prob)
        d->destroy(prob);
}

static void expect_bad_graph(const char *text, const char *fragment)
{
    const ar_andor_domain *d = ar_andor_domain_find("andor-graph");
    ar_error err;
    ar_andor_problem *prob = create(d, text, "", &err);
    CHECK_MSG(prob == NULL, "accepted: %s", text);
    if (prob) {
        d->destroy(prob);
        return;
    }
    CHECK_MSG(err.status == AR_ERR_INPUT && strstr(err.message, fragment) && !strchr(err.message, '\n'),
              "'%s': %s", text, err.message);
}

static void test_bad_graphs(void)
{
    expect_bad_graph("a -> b |\nb = 1", "line 1");
    expect_bad_graph("a -> b\nb = x", "line 2: expected a whole number");
    expect_bad_graph("a -> b c", "node b is never defined");
    expect_bad_graph("a -> b\nb = 3\na ~ 9", "above its cheapest solution cost 4");
    expect_bad_graph("a = 1\na = 2", "defined twice");
    expect_bad_graph("a -> b\nb = 1\nb -> a", "cannot also be reduced");
    expect_bad_graph("a => b", "line 1");
    expect_bad_graph("", "no nodes");
    expect_bad_graph("a -> b : 99999999999\nb = 1", "above 1000000000");
    expect_bad_graph("a -> b\nb = 1\nstart c\nstart a", "second 'start'");
}

/* --- the tree checker on broken trees --- */

static void expect_tree(const ar_andor_domain *d, ar_andor_problem *prob, const char *tree,
                        ar_status want, int solved, const char *fragment)
{
    ar_andor_verdict v;
    ar_error err;
    ar_status st = ar_andor_verify(d, prob, tree, &v, &err);
    CHECK_MSG(st == want, "tree gave %d, want %d: %s", st, want, st ? err.message : v.why);
    if (st != AR_OK) {
        CHECK_MSG(strstr(err.message, fragment) != NULL, "'%s' not in '%s'", fragment, err.message);
        return;
    }
    CHECK(v.solved == solved);
    if (!solved)
        CHECK_MSG(strstr(v.why, fragment) != NULL, "'%s' not in '%s'", fragment, v.why);
}

static void test_trees(void)
{
    const ar_andor_domain *d = ar_andor_domain_find("andor-graph");
    ar_error err;
    ar_andor_problem *prob = create(d, NULL, "graph=notes", &err);
    if (!prob) {
        CHECK(0);
        return;
    }
    expect_tree(d, prob, "A  <= via B  (cost 18)\n  B  <= via E+F  (cost 17)\n    E  (primitive, cost 5)\n"
                         "    F  (primitive, cost 10)\n", AR_OK, 1, "");
    /* comments and blank lines are ignored */
    expect_tree(d, prob, "# a tree\nA  <= via B  (cost 18)\n\n  B  <= via E+F  (cost 17)\n"
                         "    E  (primitive, cost 5)\n    F  (primitive, cost 10)\n", AR_OK, 1, "");
    expect_tree(d, prob, "A  <= via B  (cost 17)\n  B  <= via E+F  (cost 17)\n    E  (primitive, cost 5)\n"
                         "    F  (primitive, cost 10)\n", AR_OK, 0, "line 1: the cost is 18, not 17");
    expect_tree(d, prob, "A  <= via C+D  (cost 38)\n  C  <= via G+H  (cost 9)\n    G  (primitive, cost 3)\n"
                         "    H  (primitive, cost 4)\n  D  (primitive, cost 27)\n", AR_OK, 0,
                "line 5: D is not primitive");
    expect_tree(d, prob, "A  <= via C  (cost 18)\n  B  (primitive, cost 17)\n", AR_ERR_INPUT, 0,
                "line 1: 'via C' is not a reduction");
    expect_tree(d, prob, "A  <= via B  (cost 18)\n  B  <= via E+F  (cost 17)\n    E  (primitive, cost 5)\n",
                AR_ERR_INPUT, 0, "line 2");
    expect_tree(d, prob, "A  <= via B  (cost 18)\n   B  <= via E+F  (cost 17)\n", AR_ERR_INPUT, 0,
                "line 2: an indent of 3 spaces");
    expect_tree(d, prob, "B  <= via E+F  (cost 17)\n", AR_ERR_INPUT, 0, "line 1: expected A here");
    expect_tree(d, prob, "A  <= via B  (cost 18)\n  B  (as above, cost 17)\n", AR_ERR_INPUT, 0,
                "no line above solves it");
    expect_tree(d, prob, "A  <= via B  (cost 18)\nA  (primitive, cost 1)\n", AR_ERR_INPUT, 0,
                "a second root");
    expect_tree(d, prob, "A  <= via B  [cost 18]\n", AR_ERR_INPUT, 0, "line 1");
    expect_tree(d, prob, "A  <= via B  (cost eighteen)\n", AR_ERR_INPUT, 0, "not a cost");
    expect_tree(d, prob, "", AR_ERR_INPUT, 0, "empty");
    expect_tree(d, prob, "A  <= via B  (cost 18)\n  B  <= via E+F  (cost 17)\n      E  (primitive, cost 5)\n",
                AR_ERR_INPUT, 0, "deeper");
    d->destroy(prob);
}

/* --- Hanoi reduced to subgoals --- */

static void test_hanoi_goals(void)
{
    const ar_andor_domain *d = ar_andor_domain_find("hanoi-goals");
    unsigned n, pegs;
    ar_error err;
    char opts[64];
    for (pegs = 3; pegs <= 5; pegs++)
        for (n = 1; n <= (pegs == 3 ? 40u : 30u); n++) {
            ar_andor_problem *prob;
            uint64_t want = pegs == 3 ? ((uint64_t)1 << n) - 1 : pegs == 4 ? fs4_ref[n - 1] : fs5_ref[n - 1];
            snprintf(opts, sizeof opts, "discs=%u pegs=%u", n, pegs);
            prob = create(d, NULL, opts, &err);
            CHECK_MSG(prob != NULL, "%s: %s", opts, err.message);
            if (!prob)
                continue;
            CHECK_EQ_U(solve(d, prob, "aostar", NULL, NULL, 1), want);
            if (n <= 12)
                CHECK_EQ_U(solve(d, prob, "andor-dfs", NULL, NULL, 1), want);
            /* Plain search over the puzzle where it is small: the oracle's BFS. */
            if ((pegs == 3 && n <= 9) || (pegs == 4 && n <= 7) || (pegs == 5 && n <= 5)) {
                unsigned char start[MAXD], goal[MAXD];
                int *dist;
                memset(start, 0, n);
                memset(goal, (int)(pegs - 1), n);
                dist = bfs(goal, n, pegs);
                CHECK(dist && (uint64_t)dist[code_of(start, n, pegs)] == want);
                free(dist);
            }
            d->destroy(prob);
        }
    /* Out of range, and text where none is taken. */
    CHECK(create(d, NULL, "discs=64", &err) == NULL && err.status == AR_ERR_INPUT);
    CHECK(create(d, NULL, "pegs=2", &err) == NULL && err.status == AR_ERR_INPUT);
    CHECK(create(d, "3", "", &err) == NULL && strstr(err.message, "no instance text"));
}

int main(void)
{
    test_random_graphs();
    test_notes();
    test_bad_graphs();
    test_trees();
    test_hanoi_goals();
    return check_report("test_andor");
}
