/* test_colouring.c — the colouring domain: the chromatic numbers of the
 * DIMACS graphs in data/colouring (myciel3-5, queen5_5-7_7, published by
 * the benchmark's authors) and of the map of Australia, proven, with the
 * small ones cross-checked by an enumeration of every colouring written
 * here; counts of colourings against chromatic polynomials; every solver's
 * colourings replayed through the rules; malformed files. */
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"
#include "../src/puzzles/colouring/colouring_internal.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ar_puzzle *P;

static ar_instance *load(const char *file, const char *colours)
{
    char path[512], why[300], *text;
    const char *data = getenv("ARIADNE_DATA");
    ar_instance *in = NULL;
    ar_error err;
    ar_param p[1] = {{"colours", colours}};
    snprintf(path, sizeof path, "%s/colouring/%s", data ? data : "data", file);
    if (!(text = ar_read_file(path, why, sizeof why))) {
        CHECK_MSG(0, "%s", why);
        return NULL;
    }
    if (P->create(text, p, colours ? 1 : 0, &in, &err) != AR_OK)
        CHECK_MSG(0, "%s: %s", file, err.message);
    free(text);
    return in;
}

/* Every colouring with k colours, counted by trying them all. */
static uint64_t brute(const ar_instance *in, uint8_t *c, uint32_t v, unsigned k)
{
    uint64_t n = 0;
    unsigned colour;
    uint32_t e;
    if (v == in->n)
        return 1;
    for (colour = 1; colour <= k; colour++) {
        int ok = 1;
        for (e = in->adj_start[v]; e < in->adj_start[v + 1] && ok; e++)
            ok = in->adj[e] >= v || c[in->adj[e]] != colour;
        if (ok) {
            c[v] = (uint8_t)colour;
            n += brute(in, c, v + 1, k);
        }
    }
    c[v] = 0;
    return n;
}

static ar_outcome solve(ar_instance *in, const char *algo, uint64_t *cost, int *optimal)
{
    ar_search_options so;
    ar_result res;
    ar_error err;
    ar_outcome o;
    ar_search_options_init(&so);
    so.algorithm = algo;
    so.limits.time_limit = 60;
    if (ar_solve(P, in, &so, NULL, &res, &err) != AR_OK) {
        CHECK_MSG(0, "solve: %s", err.message);
        return AR_OUTCOME_NONE;
    }
    if (res.outcome == AR_OUTCOME_SOLVED) {
        char *text = ar_puzzle_format_moves(P, in, res.moves, res.length);
        uint64_t len, c;
        int solved = 0;
        CHECK(text && ar_puzzle_replay(P, in, text, &len, &c, &solved, NULL, &err) == AR_OK && solved);
        CHECK_EQ_U(c, res.cost);
        free(text);
    }
    *cost = res.cost, *optimal = res.optimal;
    o = res.outcome;
    ar_result_free(&res);
    return o;
}

static void check_chromatic(void)
{
    static const struct { const char *file; unsigned chi; } graphs[] = {
        {"australia.txt", 3}, {"myciel3.col", 4}, {"myciel4.col", 5}, {"queen5_5.col", 5},
        {"queen6_6.col", 7},  {"queen7_7.col", 7}, {"myciel5.col", 6}};
    size_t k;
    for (k = 0; k < sizeof graphs / sizeof *graphs; k++) {
        ar_instance *in = load(graphs[k].file, NULL);
        uint64_t cost = 0;
        int optimal = 0;
        if (!in)
            continue;
        CHECK(solve(in, NULL, &cost, &optimal) == AR_OUTCOME_SOLVED);
        CHECK_MSG(optimal && cost == in->n + graphs[k].chi, "%s: cost %llu, want %u + %u (proven: %d)",
                  graphs[k].file, (unsigned long long)cost, in->n, graphs[k].chi, optimal);
        if (in->n <= 11) { /* by enumeration: none with chi - 1 colours, some with chi */
            uint8_t c[16] = {0};
            CHECK_EQ_U(brute(in, c, 0, graphs[k].chi - 1), 0);
            CHECK(brute(in, c, 0, graphs[k].chi) > 0);
        }
        P->destroy(in);
    }
}

static void check_counts(void)
{
    static const char *petersen = "p edge 10 15; e 1 2; e 2 3; e 3 4; e 4 5; e 5 1; e 1 6; e 2 7; e 3 8; e 4 9; "
                                  "e 5 10; e 6 8; e 8 10; e 10 7; e 7 9; e 9 6";
    ar_instance *in = NULL;
    ar_error err;
    unsigned k;
    CHECK(P->create(petersen, NULL, 0, &in, &err) == AR_OK);
    if (!in)
        return;
    for (k = 2; k <= 4; k++) { /* the chromatic polynomial, against enumeration: 0, 120, 12960 */
        uint8_t c[16] = {0};
        ar_csp *m;
        ar_csp_outcome out;
        ar_csp_stats st;
        uint64_t want = brute(in, c, 0, k);
        CHECK(ar_colouring_model(in, k, 0, &m, &err) == AR_OK);
        CHECK(ar_csp_search(m, NULL, NULL, 0, NULL, NULL, NULL, &out, &st, &err) == AR_OK);
        CHECK_EQ_U(st.solutions, want);
        ar_csp_destroy(m);
        if (k == 3)
            CHECK_EQ_U(want, 120);
        if (k == 4)
            CHECK_EQ_U(want, 12960);
    }
    P->destroy(in);
}

static void check_solvers(void)
{
    ar_instance *in = load("queen6_6.col", "10");
    uint64_t cost;
    int optimal;
    if (in) {
        CHECK(solve(in, "dsatur", &cost, &optimal) == AR_OUTCOME_SOLVED);
        CHECK(solve(in, "min-conflicts", &cost, &optimal) == AR_OUTCOME_SOLVED);
        CHECK(solve(in, "csp", &cost, &optimal) == AR_OUTCOME_SOLVED && !optimal);
        P->destroy(in);
    }
    in = load("myciel4.col", "4"); /* chromatic number 5: no 4-colouring */
    if (in) {
        CHECK(solve(in, NULL, &cost, &optimal) == AR_OUTCOME_NO_SOLUTION);
        P->destroy(in);
    }
    in = load("queen5_5.col", "4"); /* a clique of 5 */
    if (in) {
        CHECK(solve(in, NULL, &cost, &optimal) == AR_OUTCOME_NO_SOLUTION);
        P->destroy(in);
    }
}

static void check_errors(void)
{
    static const struct { const char *text, *message; } bad[] = {
        {"p edge 3 2; e 1 2", "the 'p' line says 2 edges, the file has 1 'e' lines"},
        {"p edge 3 1; e 1 4", "line 2: vertex 4 is not one of 1..3"},
        {"e 1 2", "line 1: an edge before the 'p edge' line"},
        {"A B C", "line 1: expected 'REGION: NEIGHBOUR NEIGHBOUR ...' (a map) or a DIMACS 'p edge' line"},
        {"c x; e 1 2; p edge 2 1", "line 2: an edge before the 'p edge' line"},
        {"p edge 2 1; e 1 x", "line 2: expected 'e U V', got 'e 1 x'"},
        {"p edge 2 1; p edge 2 1", "line 2: a second 'p' line"},
        {"p cnf 2 1", "line 1: expected 'p edge VERTICES EDGES', got 'p cnf 2 1'"},
        {"p edge 2 1; x 1 2", "line 2: 'x 1 2' is not a DIMACS line (c, p or e)"},
        {"A: B C!", "line 1: '!' in a region's name (letters, digits, _ - .)"},
        {"", "instance: give a graph (a DIMACS file with -f, or a map 'A: B C; B: C')"},
    };
    size_t k;
    for (k = 0; k < sizeof bad / sizeof *bad; k++) {
        ar_instance *in = NULL;
        ar_error err;
        ar_error_clear(&err);
        CHECK(P->create(bad[k].text, NULL, 0, &in, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, bad[k].message);
    }
    {
        ar_instance *in = NULL;
        ar_error err;
        CHECK(P->create("p edge 2 1; e 2 2", NULL, 0, &in, &err) == AR_OK);
        CHECK(in && P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
        CHECK_STR(err.message, "vertex 2 is joined to itself");
        if (in)
            P->destroy(in);
    }
}

int main(void)
{
    P = ar_puzzle_find("colouring");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_colouring");
    check_chromatic();
    check_counts();
    check_solvers();
    check_errors();
    return check_report("test_colouring");
}
