/* test_knight.c — knight's tours: bad input, Schwenk's theorem and the open
 * tour theorem against an exhaustive search written here, exact counts
 * against the published values (OEIS A165134, A001230) and against that
 * search on small boards, and Warnsdorff tours replayed as `ariadne verify`
 * does, open and closed, on boards up to 60x60 and from every square. */
#include "check.h"
#include "puzzles/knight/knight_internal.h"
#include "ariadne/search.h"

#include <stdlib.h>
#include <string.h>

static const ar_puzzle *P;

static ar_instance *make(const char *text, const char *opts, ar_status want, const char *msg)
{
    ar_param params[8];
    char buf[256];
    size_t n;
    ar_instance *in = NULL;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    n = ar_param_split(buf, params, 8);
    ar_error_clear(&err);
    CHECK_MSG(P->create(text, params, n, &in, &err) == want, "'%s' [%s]: %s", text ? text : "", opts ? opts : "", err.message);
    if (msg)
        CHECK_MSG(strstr(err.message, msg) != NULL, "'%s': got '%s', want '%s'", text ? text : "", err.message, msg);
    return want == AR_OK ? in : NULL;
}

static void input_errors(void)
{
    make("0x5", NULL, AR_ERR_INPUT, "sides from 1 to 20000");
    make("5x", NULL, AR_ERR_INPUT, "expected ROWSxCOLS");
    make("axb", NULL, AR_ERR_INPUT, "expected ROWSxCOLS");
    make("8x8x8", NULL, AR_ERR_INPUT, "expected ROWSxCOLS");
    make("20001x3", NULL, AR_ERR_INPUT, "sides from 1 to 20000");
    make("99999999999999999999x3", NULL, AR_ERR_INPUT, "sides from 1 to 20000");
    make("20000x20000", NULL, AR_ERR_INPUT, "at most 100000000 squares");
    make("8x8", "from=z9", AR_ERR_INPUT, "not a square of the 8x8 board");
    make("8x8", "from=a0", AR_ERR_INPUT, "not a square");
    make("8x8", "size=5x5", AR_ERR_INPUT, "already gives the size");
    make("8x8", "closed=yes", AR_ERR_INPUT, "takes no value");
}

/* --- an exhaustive search written here --- */
typedef struct plain { unsigned rows, cols, n; unsigned char seen[64]; } plain;

static uint64_t plain_paths(plain *S, unsigned at, unsigned done, int closed, unsigned start)
{
    static const int dr[8] = {1, 2, 2, 1, -1, -2, -2, -1}, dc[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    uint64_t total = 0;
    unsigned k;
    if (done == S->n) {
        if (!closed)
            return 1;
        for (k = 0; k < 8; k++)
            if ((int)(at / S->cols) + dr[k] == (int)(start / S->cols) && (int)(at % S->cols) + dc[k] == (int)(start % S->cols))
                return 1;
        return 0;
    }
    for (k = 0; k < 8; k++) {
        int r = (int)(at / S->cols) + dr[k], c = (int)(at % S->cols) + dc[k];
        unsigned to;
        if (r < 0 || c < 0 || r >= (int)S->rows || c >= (int)S->cols)
            continue;
        to = (unsigned)r * S->cols + (unsigned)c;
        if (S->seen[to])
            continue;
        S->seen[to] = 1;
        total += plain_paths(S, to, done + 1, closed, start);
        S->seen[to] = 0;
    }
    return total;
}

/* Directed open paths from `from` (or all), or directed closed tours from a1. */
static uint64_t plain_count(unsigned rows, unsigned cols, int closed, long from)
{
    plain S;
    uint64_t total = 0;
    unsigned s;
    memset(&S, 0, sizeof S);
    S.rows = rows, S.cols = cols, S.n = rows * cols;
    for (s = 0; s < S.n; s++) {
        if ((from >= 0 && (long)s != from) || (closed && s != 0))
            continue;
        S.seen[s] = 1;
        total += plain_paths(&S, s, 1, closed, s);
        S.seen[s] = 0;
    }
    return total;
}

static uint64_t count(unsigned rows, unsigned cols, int closed, long from)
{
    knight_count_job job = {.rows = rows, .cols = cols, .closed = closed, .from = from, .threads = 2};
    knight_count_result r;
    ar_knight_count(&job, &r);
    return r.count;
}

static void counts(void)
{
    unsigned m, n;
    /* published */
    CHECK_EQ_U(count(5, 5, 0, -1), 1728);
    CHECK_EQ_U(count(5, 5, 0, 0), 304);   /* from a corner */
    CHECK_EQ_U(count(5, 5, 0, 12), 64);   /* from the centre */
    CHECK_EQ_U(count(6, 6, 1, -1), 9862);
    /* against the plain search, and the theorems against both */
    for (m = 1; m <= 5; m++)
        for (n = m; n <= 6 && m * n <= 24; n++) {
            uint64_t open = plain_count(m, n, 0, -1), closed = m * n > 1 ? plain_count(m, n, 1, -1) / 2 : 0;
            CHECK_MSG(count(m, n, 0, -1) == open, "%ux%u open: %llu vs %llu", m, n,
                      (unsigned long long)count(m, n, 0, -1), (unsigned long long)open);
            CHECK_MSG(count(m, n, 1, -1) == closed, "%ux%u closed", m, n);
            if (m != n) {
                CHECK_EQ_U(count(n, m, 0, -1), open);
            }
            CHECK_MSG(ar_knight_has_open(m, n) == (open > 0), "%ux%u: open tour theorem", m, n);
            CHECK_MSG(ar_knight_has_closed(m, n) == (closed > 0), "%ux%u: Schwenk", m, n);
        }
    CHECK_EQ_U(count(3, 7, 0, -1), plain_count(3, 7, 0, -1));
    CHECK_EQ_U(count(3, 8, 0, 1), plain_count(3, 8, 0, 1));
}

static void tour(const char *size, const char *opts, int want)
{
    ar_instance *in = make(size, opts, AR_OK, NULL);
    ar_search_options o;
    ar_result res;
    ar_error err;
    ar_status st;
    if (!in)
        return;
    st = P->check_solvable(in, &err);
    if (want && st != AR_OK)
        CHECK_MSG(0, "%s %s: refused: %s", size, opts ? opts : "", err.message);
    if (st == AR_OK) {
        ar_search_options_init(&o);
        o.limits.time_limit = 60; /* wall time: a loaded machine, sanitizers */
        ar_result_init(&res);
        CHECK(ar_puzzle_solver(P, "warnsdorff")->run(in, &o, NULL, &res, &err) == AR_OK);
        CHECK_MSG((res.outcome == AR_OUTCOME_SOLVED) == want, "%s %s: outcome %d", size, opts ? opts : "", res.outcome);
        if (res.outcome == AR_OUTCOME_SOLVED) {
            char *text = ar_puzzle_format_moves(P, in, res.moves, res.length);
            uint64_t len, cost;
            int solved = 0;
            CHECK_MSG(ar_puzzle_replay(P, in, text, &len, &cost, &solved, NULL, &err) == AR_OK && solved,
                      "%s %s: tour does not replay: %s", size, opts ? opts : "", err.message);
            free(text);
        }
        ar_result_free(&res);
    }
    P->destroy(in);
}

static void tours(void)
{
    unsigned n, m, s;
    char size[32], opts[64], name[16];
    for (n = 5; n <= 60; n += (n < 20 ? 1 : 10)) {
        snprintf(size, sizeof size, "%ux%u", n, n);
        tour(size, NULL, 1);
        tour(size, "closed", ar_knight_has_closed(n, n));
    }
    /* from a1 on every board 3..8 x up to 16 (4 x n: the two-part search) */
    for (m = 3; m <= 8; m++)
        for (n = m; n <= 16; n++) {
            snprintf(size, sizeof size, "%ux%u", m, n);
            tour(size, NULL, ar_knight_has_open(m, n));
            if (ar_knight_has_closed(m, n))
                tour(size, "closed", 1);
        }
    /* from every square of 5x5 and 6x6, the open tours agree with the counts */
    for (n = 5; n <= 6; n++)
        for (s = 0; s < n * n; s++) {
            snprintf(size, sizeof size, "%ux%u", n, n);
            ar_knight_square_name(n, s, name, sizeof name);
            snprintf(opts, sizeof opts, "from=%s", name);
            tour(size, opts, n == 6 || ((s / n + s % n) % 2 == 0));
        }
    /* every square of 4 x n, both ways round: outer squares have tours,
     * inner ones are refused (the alternation proof) */
    for (n = 5; n <= 40; n += n < 12 ? 1 : 28)
        for (s = 0; s < 4 * n; s++) {
            unsigned row = s / n;
            ar_knight_square_name(n, s, name, sizeof name);
            snprintf(opts, sizeof opts, "from=%s", name);
            snprintf(size, sizeof size, "4x%u", n);
            tour(size, opts, row == 0 || row == 3);
            ar_knight_square_name(4, (s % n) * 4 + row, name, sizeof name);
            snprintf(opts, sizeof opts, "from=%s", name);
            snprintf(size, sizeof size, "%ux4", n);
            tour(size, opts, row == 0 || row == 3);
        }
    /* every square of every board of up to 24 squares with a side of 3 to
     * 5: the verdict (a tour, or exit 1) against the exhaustive search */
    for (m = 3; m <= 5; m++)
        for (n = 3; m * n <= 24; n++)
            for (s = 0; s < m * n; s++) {
                ar_knight_square_name(n, s, name, sizeof name);
                snprintf(opts, sizeof opts, "from=%s", name);
                snprintf(size, sizeof size, "%ux%u", m, n);
                tour(size, opts, plain_count(m, n, 0, (long)s) > 0);
            }
    /* 3x4 from each square: the search's verdict against the plain count */
    for (s = 0; s < 12; s++) {
        ar_knight_square_name(4, s, name, sizeof name);
        snprintf(opts, sizeof opts, "from=%s", name);
        tour("3x4", opts, plain_count(3, 4, 0, (long)s) > 0);
    }
}

static void refused(void)
{
    ar_instance *in;
    ar_error err;
    if ((in = make("4x4", NULL, AR_OK, NULL))) {
        CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
        P->destroy(in);
    }
    if ((in = make("5x5", "closed", AR_OK, NULL))) {
        CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
        CHECK_MSG(strstr(err.message, "Schwenk"), "%s", err.message);
        P->destroy(in);
    }
    if ((in = make("4x8", "closed", AR_OK, NULL))) {
        CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
        P->destroy(in);
    }
    if ((in = make("5x5", "from=b1", AR_OK, NULL))) {
        CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
        CHECK_EQ_U(plain_count(5, 5, 0, 1), 0);
        P->destroy(in);
    }
}

int main(void)
{
    P = ar_puzzle_find("knight");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_knight");
    input_errors();
    counts();
    refused();
    tours();
    return check_report("test_knight");
}
