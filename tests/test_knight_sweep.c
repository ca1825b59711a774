/* test_knight_sweep.c — open knight's tours from every square of the boards
 * where Warnsdorff's rule with plain backtracking got lost (5x10, 5x12,
 * 5x14..16, 7x10, 8x11, 8x12, 8x15: 65 squares unanswered in 5 s each before
 * the seeded restarts of knight_tour.c). Every square the solver accepts
 * must get a tour, and every tour is replayed as `ariadne verify` does.
 * Then every square of every board 3..8 x 3..16 (4,389 problems, 0.2 s in
 * Release): each must be refused, toured or exhausted (no tour), none left
 * unanswered within the limit. */
#include "check.h"
#include "puzzles/knight/knight_internal.h"
#include "ariadne/search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const ar_puzzle *P;
static unsigned problems, refused_squares, toured, unanswered;
static double slowest;
static char slowest_name[64];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One board, one square: a refusal, a tour (verified) or, unless must_tour, a proof of none. */
static void square(unsigned m, unsigned n, uint32_t s, int must_tour)
{
    char size[32], opts[64], name[16];
    ar_param params[4];
    ar_instance *in = NULL;
    ar_search_options o;
    ar_result res;
    ar_error err;
    size_t np;
    double t0 = now(), took;
    snprintf(size, sizeof size, "%ux%u", m, n);
    ar_knight_square_name(n, s, name, sizeof name);
    snprintf(opts, sizeof opts, "from=%s", name);
    np = ar_param_split(opts, params, 4);
    ar_error_clear(&err);
    CHECK_MSG(P->create(size, params, np, &in, &err) == AR_OK, "%s from %s: %s", size, name, err.message);
    if (!in)
        return;
    problems++;
    if (P->check_solvable(in, &err) != AR_OK) {
        refused_squares++;
        P->destroy(in);
        return;
    }
    ar_search_options_init(&o);
    o.limits.time_limit = 60; /* wall time: a loaded machine, sanitizers */
    ar_result_init(&res);
    CHECK(ar_puzzle_solver(P, "warnsdorff")->run(in, &o, NULL, &res, &err) == AR_OK);
    if (res.outcome == AR_OUTCOME_SOLVED) {
        char *text = ar_puzzle_format_moves(P, in, res.moves, res.length);
        uint64_t len, cost;
        int solved = 0;
        CHECK_MSG(ar_puzzle_replay(P, in, text, &len, &cost, &solved, NULL, &err) == AR_OK && solved,
                  "%s from %s: tour does not replay: %s", size, name, err.message);
        free(text);
        toured++;
    } else if (res.outcome != AR_OUTCOME_NO_SOLUTION) {
        unanswered++;
    }
    /* the boards swept in CTest have a tour from every square not refused */
    CHECK_MSG(res.outcome == AR_OUTCOME_SOLVED || (!must_tour && res.outcome == AR_OUTCOME_NO_SOLUTION),
              "%s from %s: no tour (outcome %d)", size, name, res.outcome);
    took = now() - t0;
    if (took > slowest)
        slowest = took, snprintf(slowest_name, sizeof slowest_name, "%s from %s", size, name);
    ar_result_free(&res);
    P->destroy(in);
}

int main(void)
{
    static const unsigned lost[][2] = {{5, 10}, {5, 12}, {5, 14}, {5, 15}, {5, 16}, {7, 10}, {8, 11}, {8, 12}, {8, 15}};
    unsigned m, n, i;
    uint32_t s;
    double t0 = now();
    P = ar_puzzle_find("knight");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_knight_sweep");
    for (i = 0; i < sizeof lost / sizeof lost[0]; i++)
        for (s = 0; s < lost[i][0] * lost[i][1]; s++)
            square(lost[i][0], lost[i][1], s, 1);
    for (m = 3; m <= 8; m++)
        for (n = 3; n <= 16; n++)
            for (s = 0; s < m * n; s++)
                square(m, n, s, 0);
    CHECK_EQ_U(unanswered, 0);
    printf("%u problems: %u tours (all verified), %u refused, %u unanswered; %.2f s in all, slowest %.3f s (%s)\n",
           problems, toured, refused_squares, unanswered, now() - t0, slowest, slowest_name);
    return check_report("test_knight_sweep");
}
