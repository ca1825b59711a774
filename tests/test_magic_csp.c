/* test_magic_csp.c — the constraint engine cross-checked against the
 * magic-square counts: the model of magic_csp.c has 880 solutions of order 4
 * with one square per symmetry class and 7,040 without (Frénicle 1693;
 * OEIS A006052), 1 and 8 of order 3, every one of them a magic square; and
 * `--algo csp` completes a square under the puzzle's own rules. */
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "../src/puzzles/magic/magic_internal.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

typedef struct tally { unsigned n; uint64_t squares, bad; } tally;

static int visit(void *ctx, const int32_t *values)
{
    tally *t = ctx;
    unsigned char g[25];
    unsigned k;
    for (k = 0; k < t->n * t->n; k++)
        g[k] = (unsigned char)values[k];
    t->squares++;
    t->bad += !ar_magic_is_magic(g, t->n);
    return 0;
}

static uint64_t count(unsigned n, int canonical)
{
    ar_csp *m;
    ar_error err;
    ar_csp_outcome out;
    ar_csp_stats st;
    tally t = {n, 0, 0};
    CHECK(ar_magic_model(n, NULL, canonical, &m, &err) == AR_OK);
    CHECK(ar_csp_search(m, NULL, NULL, 0, visit, &t, NULL, &out, &st, &err) == AR_OK);
    CHECK(out == AR_CSP_ALL);
    CHECK_EQ_U(t.bad, 0);
    CHECK_EQ_U(t.squares, st.solutions);
    ar_csp_destroy(m);
    return st.solutions;
}

int main(void)
{
    const ar_puzzle *p = ar_puzzle_find("magic");
    ar_instance *in;
    ar_error err;
    ar_search_options so;
    ar_result res;
    CHECK_EQ_U(count(3, 1), 1);
    CHECK_EQ_U(count(3, 0), 8);
    CHECK_EQ_U(count(4, 1), 880);
    CHECK_EQ_U(count(4, 0), 7040);
    /* Dürer's square from its corners and centre, completed by --algo csp and replayed */
    CHECK(p && p->create("16 . . 13 / . 10 11 . / . . . . / 4 . . 1", NULL, 0, &in, &err) == AR_OK);
    if (p && in) {
        char *text;
        uint64_t len, cost;
        int solved = 0;
        ar_search_options_init(&so);
        so.algorithm = "csp";
        CHECK(ar_solve(p, in, &so, NULL, &res, &err) == AR_OK && res.outcome == AR_OUTCOME_SOLVED);
        text = ar_puzzle_format_moves(p, in, res.moves, res.length);
        CHECK(text && ar_puzzle_replay(p, in, text, &len, &cost, &solved, NULL, &err) == AR_OK && solved);
        CHECK_EQ_U(len, 10);
        free(text);
        ar_result_free(&res);
        p->destroy(in);
    }
    return check_report("test_magic_csp");
}
