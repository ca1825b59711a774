/* test_queens.c — the n-queens domain: the counts of every board to 16
 * against OEIS A000170 (and to 9 against an enumeration of permutations
 * written here), the unsolvable boards by exhaustion, every solver's
 * solutions replayed through the rules (a million queens among them), the
 * stop of a count by its time limit, instance and move errors, and the
 * generator. */
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "../src/puzzles/queens/queens_internal.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static const ar_puzzle *P;

/* Solutions by trying every permutation of rows (columns and rows are then
 * distinct) and checking the diagonals. */
static uint64_t permutations(int *rows, int n, int k)
{
    uint64_t total = 0;
    int i, j;
    if (k == n) {
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                if (rows[i] - rows[j] == i - j || rows[i] - rows[j] == j - i)
                    return 0;
        return 1;
    }
    for (i = k; i < n; i++) {
        int t = rows[k];
        rows[k] = rows[i], rows[i] = t;
        total += permutations(rows, n, k + 1);
        rows[i] = rows[k], rows[k] = t;
    }
    return total;
}

static ar_instance *make(const char *text, const char *name, const char *value)
{
    ar_instance *in = NULL;
    ar_error err;
    ar_param p[1];
    p[0].name = name, p[0].value = value;
    ar_error_clear(&err);
    if (P->create(text, p, name ? 1 : 0, &in, &err) != AR_OK)
        CHECK_MSG(0, "create '%s': %s", text ? text : "(none)", err.message);
    return in;
}

static void check_counts(void)
{
    unsigned n, last = 16;
#if defined(__SANITIZE_ADDRESS__)
    last = 13; /* the sanitizers slow the bitmask search tenfold; the Release build counts to 16 */
#endif
    for (n = 1; n <= last; n++) {
        ar_queens_count_job job = {.n = n, .threads = 2};
        ar_queens_count_result r;
        ar_error err;
        CHECK(ar_queens_count(&job, &r, &err) == AR_OK);
        CHECK(r.complete);
        CHECK_MSG(r.solutions == ar_queens_published[n], "%u queens: %llu solutions, A000170 says %llu", n,
                  (unsigned long long)r.solutions, (unsigned long long)ar_queens_published[n]);
        if (n <= 9) {
            int rows[16], i;
            for (i = 0; i < (int)n; i++)
                rows[i] = i;
            CHECK_EQ_U(permutations(rows, (int)n, 0), r.solutions);
        }
    }
}

static void check_count_stops(void)
{
    ar_search_options so;
    ar_result res;
    ar_run run;
    ar_queens_count_job job = {.n = 18, .threads = 2};
    ar_queens_count_result r;
    ar_error err;
    ar_search_options_init(&so);
    so.limits.time_limit = 0.2;
    ar_result_init(&res);
    ar_run_begin(&run, &so, &res);
    job.run = &run;
    CHECK(ar_queens_count(&job, &r, &err) == AR_OK);
    CHECK(!r.complete);
    CHECK(run.stop == AR_STOP_TIME);
    CHECK(r.solutions < ar_queens_published[18]);
    CHECK(r.tasks_done < r.tasks);
}

/* Solves with algo (NULL: the default), replays the moves as `ariadne
 * verify` does; returns the outcome. */
static ar_outcome solve(ar_instance *in, const char *algo, uint64_t seed, unsigned n_moves)
{
    ar_search_options so;
    ar_result res;
    ar_error err;
    ar_outcome out;
    ar_search_options_init(&so);
    so.algorithm = algo;
    so.seed = seed;
    so.limits.time_limit = 60;
    ar_error_clear(&err);
    if (ar_solve(P, in, &so, NULL, &res, &err) != AR_OK) {
        CHECK_MSG(0, "solve %s: %s", algo ? algo : "(default)", err.message);
        return AR_OUTCOME_NONE;
    }
    if (res.outcome == AR_OUTCOME_SOLVED) {
        char *text = ar_puzzle_format_moves(P, in, res.moves, res.length);
        uint64_t len = 0, cost;
        int solved = 0;
        CHECK(text && ar_puzzle_replay(P, in, text, &len, &cost, &solved, NULL, &err) == AR_OK);
        CHECK_MSG(solved && len == n_moves, "%s: replayed %llu moves, solved %d", algo ? algo : "default",
                  (unsigned long long)len, solved);
        free(text);
    }
    out = res.outcome;
    ar_result_free(&res);
    return out;
}

static void check_solvers(void)
{
    static const char *const algos[] = {"csp", "min-conflicts", "csp-min-conflicts"};
    static const char *const csp_options[][2] = {{"consistency", "check"}, {"consistency", "forward"},
                                                 {"consistency", "ac3"},   {"alldiff", "bounds"},
                                                 {"alldiff", "pairwise"},  {"value-order", "lcv"},
                                                 {"var-order", "wdeg"},    {"backjump", NULL}};
    unsigned n, k;
    char size[16];
    ar_instance *in;
    for (n = 1; n <= 30; n++) {
        snprintf(size, sizeof size, "%u", n);
        in = make(size, NULL, NULL);
        if (!in)
            continue;
        for (k = 0; k < 3; k++) {
            ar_outcome want = n == 2 || n == 3 ? AR_OUTCOME_NO_SOLUTION : AR_OUTCOME_SOLVED;
            CHECK_MSG(solve(in, algos[k], n, n) == want, "%u queens by %s", n, algos[k]);
        }
        P->destroy(in);
    }
    for (k = 0; k < sizeof csp_options / sizeof *csp_options; k++) {
        in = make("12", csp_options[k][0], csp_options[k][1]);
        if (in) {
            CHECK_MSG(solve(in, "csp", 0, 12) == AR_OUTCOME_SOLVED, "12 queens, %s", csp_options[k][0]);
            P->destroy(in);
        }
    }
    /* a placement to complete, and one that cannot be completed */
    in = make(". . 1 . . . . . . .", NULL, NULL);
    CHECK(in && solve(in, NULL, 0, 9) == AR_OUTCOME_SOLVED);
    CHECK(in && solve(in, "min-conflicts", 3, 9) == AR_OUTCOME_SOLVED);
    P->destroy(in);
    in = make("1 3 . .", NULL, NULL); /* 1 3 leaves no row for column 3 or 4 */
    CHECK(in && solve(in, "csp", 0, 2) == AR_OUTCOME_NO_SOLUTION);
    P->destroy(in);
    in = make(NULL, "size", "1000000");
    CHECK(in && solve(in, NULL, 0, 1000000) == AR_OUTCOME_SOLVED);
    P->destroy(in);
}

static void check_errors(void)
{
    static const struct { const char *text, *message; } bad[] = {
        {"0", "instance: 0 queens: the board size is 1..10000000"},
        {"1 x 3", "instance: column 2: 'x' is not a row number or '.' (expected N, or one row or '.' per column)"},
        {"1 5 .", "instance: column 2: row 5 is off the 3x3 board"},
        {"12a", "instance: column 1: '12a' is not a row number or '.'"},
        {"   ", NULL},
    };
    static const struct { const char *move, *message; } moves[] = {
        {"9", "row 9 is off the board (rows 1..8)"},
        {"a", "expected the row (1..8) of the queen for the next column"},
        {"1", "row 1 of column 2 is attacked by the queen in column 1"},
        {"2", "row 2 of column 2 is attacked by the queen in column 1"},
    };
    size_t k;
    ar_instance *in;
    unsigned char *s;
    for (k = 0; k < sizeof bad / sizeof *bad; k++) {
        ar_error err;
        ar_instance *x = NULL;
        ar_error_clear(&err);
        if (!bad[k].message) { /* blank text: the default board of --size (8) */
            CHECK(P->create(bad[k].text, NULL, 0, &x, &err) == AR_OK && x && x->n == 8);
        } else {
            CHECK(P->create(bad[k].text, NULL, 0, &x, &err) == AR_ERR_INPUT);
            CHECK_STR(err.message, bad[k].message);
        }
        if (x)
            P->destroy(x);
    }
    in = make("1 . . . . . . .", NULL, NULL);
    if (!in)
        return;
    s = malloc(P->state_size(in));
    P->initial_state(in, s);
    for (k = 0; k < sizeof moves / sizeof *moves; k++) {
        ar_error err;
        ar_move m;
        ar_error_clear(&err);
        CHECK(P->parse_move(in, s, moves[k].move, strlen(moves[k].move), &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, moves[k].message);
    }
    free(s);
    P->destroy(in);
}

static void check_generate(void)
{
    char *a = NULL, *b = NULL;
    ar_error err;
    ar_param p[2] = {{"size", "20"}, {"given", "5"}};
    CHECK(P->generate(p, 2, 9, &a, &err) == AR_OK);
    CHECK(P->generate(p, 2, 9, &b, &err) == AR_OK);
    CHECK(a && b && strcmp(a, b) == 0);
    if (a) {
        ar_instance *in = make(a, NULL, NULL);
        CHECK(in && in->n == 20 && in->given == 5);
        CHECK(in && solve(in, NULL, 0, 15) == AR_OUTCOME_SOLVED);
        if (in)
            P->destroy(in);
    }
    free(a);
    free(b);
}

int main(void)
{
    P = ar_puzzle_find("queens");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_queens");
    check_counts();
    check_count_stops();
    check_solvers();
    check_errors();
    check_generate();
    return check_report("test_queens");
}
