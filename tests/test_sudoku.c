/* test_sudoku.c — the Sudoku domain: every puzzle of the published hardest
 * set (data/sudoku/hardest.txt) solved, proven unique and equal to the
 * solution recorded from qqwing, by the bitmask solver and by the constraint
 * engine; the 288 grids of 4x4; grids of 16x16 and 25x25; clashing clues and
 * dead grids proven unsolvable; malformed grids rejected with one line; the
 * generator's puzzles unique and reproducible; every solution replayed
 * through the rules. */
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"
#include "../src/puzzles/sudoku/sudoku_internal.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ar_puzzle *P;

static ar_instance *make(const char *text)
{
    ar_instance *in = NULL;
    ar_error err;
    ar_error_clear(&err);
    if (P->create(text, NULL, 0, &in, &err) != AR_OK)
        CHECK_MSG(0, "create '%.40s': %s", text, err.message);
    return in;
}

/* Solves with algo and replays the moves; returns the outcome, the final
 * grid in `out` (may be NULL). */
static ar_outcome solve(ar_instance *in, const char *algo, uint8_t *out)
{
    ar_search_options so;
    ar_result res;
    ar_error err;
    ar_outcome o;
    ar_search_options_init(&so);
    so.algorithm = algo;
    so.limits.time_limit = 30;
    if (ar_solve(P, in, &so, NULL, &res, &err) != AR_OK) {
        CHECK_MSG(0, "solve: %s", err.message);
        return AR_OUTCOME_NONE;
    }
    if (res.outcome == AR_OUTCOME_SOLVED) {
        char *text = ar_puzzle_format_moves(P, in, res.moves, res.length);
        uint8_t final[SUDOKU_MAX_CELLS];
        uint64_t len, cost;
        int solved = 0;
        CHECK(text && ar_puzzle_replay(P, in, text, &len, &cost, &solved, final, &err) == AR_OK && solved);
        CHECK_EQ_U(len, in->sh->cells - in->given);
        if (out)
            memcpy(out, final, in->sh->cells);
        free(text);
    }
    o = res.outcome;
    ar_result_free(&res);
    return o;
}

static void check_hardest(void)
{
    char path[512], why[300], *text, *line, *next;
    unsigned count = 0;
    const char *data = getenv("ARIADNE_DATA");
    snprintf(path, sizeof path, "%s/sudoku/hardest.txt", data ? data : "data");
    text = ar_read_file(path, why, sizeof why);
    CHECK_MSG(text != NULL, "%s", why);
    if (!text)
        return;
    for (line = text; *line; line = next) {
        char grid[128], solution[128];
        uint8_t cells[SUDOKU_MAX_CELLS], via_engine[SUDOKU_MAX_CELLS];
        char got[SUDOKU_MAX_CELLS + 1];
        unsigned box;
        ar_error err;
        ar_instance *in;
        next = strchr(line, '\n');
        next = next ? next + 1 : line + strlen(line);
        if (*line == '#' || sscanf(line, "%127s %127s", grid, solution) != 2)
            continue;
        count++;
        CHECK(ar_sudoku_read(grid, cells, &box, &err) == AR_OK && box == 3);
        CHECK_EQ_U(ar_sudoku_solve(ar_sudoku_shape(3), cells, 2, NULL, NULL), 1); /* unique */
        ar_sudoku_write(ar_sudoku_shape(3), cells, got);
        CHECK_MSG(strcmp(got, solution) == 0, "%.20s...: %s, recorded %s", grid, got, solution);
        if (count <= 20 && (in = make(grid)) != NULL) { /* the engine and the replay, on the first twenty */
            CHECK(solve(in, "csp", via_engine) == AR_OUTCOME_SOLVED);
            CHECK(memcmp(via_engine, cells, 81) == 0);
            P->destroy(in);
        }
    }
    CHECK_EQ_U(count, 95);
    free(text);
}

static void check_sizes(void)
{
    uint8_t cells[SUDOKU_MAX_CELLS];
    ar_rng rng;
    unsigned k;
    ar_instance *in;
    /* 4x4: 288 grids (the Shidoku count) */
    memset(cells, 0, sizeof cells);
    CHECK_EQ_U(ar_sudoku_solve(ar_sudoku_shape(2), cells, 0, NULL, NULL), 288);
    /* a generated 16x16 and a 25x25 half emptied, solved and checked */
    ar_rng_seed(&rng, 5);
    ar_sudoku_generate_grid(ar_sudoku_shape(4), &rng, 0, cells);
    {
        uint8_t start[SUDOKU_MAX_CELLS];
        memcpy(start, cells, 256);
        CHECK_EQ_U(ar_sudoku_solve(ar_sudoku_shape(4), cells, 2, NULL, NULL), 1);
        CHECK(ar_sudoku_valid(ar_sudoku_shape(4), start, cells));
    }
    memset(cells, 0, sizeof cells);
    CHECK_EQ_U(ar_sudoku_solve(ar_sudoku_shape(5), cells, 1, NULL, NULL), 1);
    CHECK(ar_sudoku_valid(ar_sudoku_shape(5), NULL, cells));
    for (k = 0; k < 625; k += 2)
        cells[(k * 7) % 625] = 0;
    {
        char text[SUDOKU_MAX_CELLS + 1];
        ar_sudoku_write(ar_sudoku_shape(5), cells, text);
        in = make(text);
        CHECK(in && in->sh->side == 25);
        if (in) {
            CHECK(solve(in, NULL, NULL) == AR_OUTCOME_SOLVED);
            P->destroy(in);
        }
    }
    in = make("1... ..2. .1.. ...3");
    CHECK(in && solve(in, NULL, NULL) == AR_OUTCOME_SOLVED && solve(in, "csp", NULL) == AR_OUTCOME_SOLVED);
    if (in)
        P->destroy(in);
}

static void check_unsolvable(void)
{
    ar_instance *in;
    ar_error err;
    /* a clash: proven before any search, the unit named */
    in = make("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    if (in) {
        CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
        CHECK_STR(err.message, "row 1 holds 5 twice (r1c1 and r1c2)");
        P->destroy(in);
    }
    /* no clash, but r1c9 has no value left (1-8 in its row, 9 in its column) */
    in = make("12345678.........9...............................................................");
    if (in) {
        CHECK(P->check_solvable(in, &err) == AR_OK);
        CHECK(solve(in, NULL, NULL) == AR_OUTCOME_NO_SOLUTION);
        CHECK(solve(in, "csp", NULL) == AR_OUTCOME_NO_SOLUTION);
        P->destroy(in);
    }
}

static void check_errors(void)
{
    static const struct { const char *text, *message; } bad[] = {
        {"53..7....6..195", "instance: 15 cells; a grid has 16, 81, 256 or 625 (one character a cell, or numbers "
                            "separated by spaces)"},
        {"1 2 3 4 5 6 7 8 9 10", "instance: 10 cells; a grid has 16, 81, 256 or 625 (one character a cell, or numbers "
                                 "separated by spaces)"},
        {"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
         "instance: cell 81: 'x' is not a value or '.' (1-9, A-P; '.' or 0 for an empty cell)"},
        {"1... ..2. .1.. ..5.", "instance: row 4, column 3: '5' is more than 4"},
        {"@@@ not an instance @@@", "instance: cell 1: '@' is not a value or '.' (1-9, A-P; '.' or 0 for an empty cell)"},
    };
    size_t k;
    for (k = 0; k < sizeof bad / sizeof *bad; k++) {
        ar_instance *in = NULL;
        ar_error err;
        ar_error_clear(&err);
        CHECK(P->create(bad[k].text, NULL, 0, &in, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, bad[k].message);
        CHECK(strchr(err.message, '\n') == NULL);
    }
}

static void check_generate(void)
{
    char *a = NULL, *b = NULL;
    ar_error err;
    uint8_t cells[SUDOKU_MAX_CELLS];
    unsigned box, seed;
    for (seed = 1; seed <= 20; seed++) {
        CHECK(P->generate(NULL, 0, seed, &a, &err) == AR_OK);
        CHECK(P->generate(NULL, 0, seed, &b, &err) == AR_OK);
        CHECK(a && b && strcmp(a, b) == 0);
        CHECK(a && ar_sudoku_read(a, cells, &box, &err) == AR_OK && box == 3);
        CHECK_EQ_U(ar_sudoku_solve(ar_sudoku_shape(3), cells, 2, NULL, NULL), 1);
        free(a), free(b);
    }
}

int main(void)
{
    P = ar_puzzle_find("sudoku");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_sudoku");
    check_hardest();
    check_sizes();
    check_unsolvable();
    check_errors();
    check_generate();
    return check_report("test_sudoku");
}
