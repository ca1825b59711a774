/* test_loyd.c — tests of Loyd's Dilemma (src/puzzles/loyd/loyd.c): parsing
 * with precise messages, the move notation (tile directions and the transport,
 * checked against the contest write-up's 28-move solution), apply/undo, the
 * seed's squares, and optimal lengths against the library's breadth-first
 * search on squares a few moves from the goal, with both lower bounds (the
 * transport-aware Manhattan distance and additive pattern databases built
 * with the transport) never above the BFS distance. */
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const ar_puzzle *P;
static char pdb_dir[256];

static ar_status make(const char *text, const char *pattern, ar_instance **inst, ar_error *err)
{
    ar_param params[2] = {{"pdb-dir", pdb_dir}, {"pattern", pattern}};
    ar_error_clear(err);
    *inst = NULL;
    return P->create(text, params, pattern ? 2 : 1, inst, err);
}

static void expect_error(const char *text, const char *fragment)
{
    ar_instance *inst;
    ar_error err;
    ar_status st = make(text, NULL, &inst, &err);
    CHECK_MSG(st == AR_ERR_INPUT, "'%s' was accepted", text ? text : "(null)");
    CHECK_MSG(strstr(err.message, fragment) != NULL, "message '%s' lacks '%s'", err.message, fragment);
    if (st == AR_OK)
        P->destroy(inst);
}

/* Solves, replays, returns the result (moves freed). */
static long solve(ar_instance *inst, const char *algo, const char *heuristic, double time_limit,
                  ar_result *out)
{
    ar_search_options opts;
    ar_error err;
    char text[2048];
    uint64_t i, length = 0;
    int solved = 0;
    long len = -1;
    ar_search_options_init(&opts);
    opts.algorithm = algo;
    opts.heuristic = heuristic;
    opts.limits.time_limit = time_limit;
    ar_error_clear(&err);
    if (ar_solve(P, inst, &opts, NULL, out, &err) != AR_OK) {
        CHECK_MSG(0, "%s: %s", algo, err.message);
        return -1;
    }
    if (out->moves) {
        for (i = 0; i < out->length && i + 1 < sizeof text; i++) {
            char b[4];
            P->format_move(inst, out->moves[i], b, sizeof b);
            text[i] = b[0];
        }
        text[i] = '\0';
        CHECK(ar_puzzle_replay(P, inst, text, &length, NULL, &solved, NULL, &err) == AR_OK);
        CHECK_MSG(solved, "%s does not solve it", text);
        len = (long)out->length;
    }
    ar_result_free(out);
    return len;
}

static void test_parsing_and_moves(void)
{
    ar_instance *inst;
    ar_error err;
    uint64_t length;
    int solved;
    expect_error("ABCDE FGHIJ KLMNO PQRST UVWX", "has 4 characters");
    expect_error("ABCDE FGHIJ KLMNO PQRST UVWXY", "'Y' in group 5 is not a tile");
    expect_error("ABCDE FGHIJ KLMNO PQRST UVWA+", "'A' appears twice");
    expect_error("ABCDE FGHIJ KLMNO PQRST", "20 squares given");
    expect_error("ABCDE FGHIJ KLMNO PQRST UVWX+ ABCDE", "more than 25 squares");
    expect_error("ABCDE FGHIJ KLMNO PQRST UVWXX", "'X' appears twice");
    expect_error("", "no square given");
    expect_error(NULL, "no square given");
    CHECK(make("ABCDE FGHIJ KLMNO PQRST UVWX+", "ABC/CDE", &inst, &err) == AR_ERR_INPUT);
    CHECK(make("ABCDE FGHIJ KLMNO PQRST UVWX+", "AB1", &inst, &err) == AR_ERR_INPUT);
    /* one group of 25 and lower case are accepted */
    CHECK(make("abcdefghijklmnopqrstuvwx+", NULL, &inst, &err) == AR_OK);
    if (inst) {
        CHECK(P->is_goal(inst, (const void *)"\0\1\2\3\4\5\6\7\10\11\12\13\14\15\16\17\20\21\22\23\24\25\26\27\30"));
        P->destroy(inst);
    }

    CHECK(make("FBCDE KAGHJ PLMIO UQRNT VWXS+", NULL, &inst, &err) == AR_OK);
    if (!inst)
        return;
    /* the contest write-up's solution, in the same notation */
    CHECK(ar_puzzle_replay(P, inst, "ddddrrrulluuurrrddddlllluuuu", &length, NULL, &solved, NULL, &err) == AR_OK);
    CHECK(solved && length == 28);
    CHECK(ar_puzzle_replay(P, inst, "u", &length, NULL, &solved, NULL, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "no tile can move up") != NULL, "%s", err.message);
    CHECK(ar_puzzle_replay(P, inst, "x", &length, NULL, &solved, NULL, &err) == AR_ERR_INPUT);
    /* t then t: the blank is on the centre after the first */
    CHECK(ar_puzzle_replay(P, inst, "tt", &length, NULL, &solved, NULL, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "centre") != NULL, "%s", err.message);
    /* apply and undo of every legal move restore the square */
    {
        uint8_t s[25], t[25];
        ar_move moves[8];
        unsigned n, i;
        P->initial_state(inst, s);
        n = P->legal_moves(inst, s, moves);
        CHECK_EQ_U(n, 3); /* d, r, t from the corner */
        for (i = 0; i < n; i++) {
            memcpy(t, s, 25);
            P->apply(inst, t, moves[i]);
            CHECK(memcmp(t, s, 25) != 0);
            P->undo(inst, t, moves[i]);
            CHECK(memcmp(t, s, 25) == 0);
        }
    }
    P->destroy(inst);
}

static void test_seed_squares(void)
{
    static const struct {
        const char *square;
        long optimal; /* -1: not known */
    } seeds[] = {{"+ABCD GHIJE FKLMN QRSTO PUVWX", 24},
                 {"BACDE FGHIJ KLMNO PQRST UVWX+", 21},
                 {"FBCDE KAGHJ PLMIO UQRNT VWXS+", 26}};
    ar_result res;
    ar_instance *inst;
    ar_error err;
    unsigned i;
    long len;
    for (i = 0; i < 3; i++) {
        CHECK(make(seeds[i].square, NULL, &inst, &err) == AR_OK);
        if (!inst)
            continue;
        len = solve(inst, "ida", "transport", 0, &res);
        CHECK_EQ_U(len, seeds[i].optimal);
        CHECK(res.optimal);
        len = solve(inst, NULL, NULL, 0, &res); /* default: anytime, ends proven */
        CHECK_EQ_U(len, seeds[i].optimal);
        CHECK(res.optimal);
        P->destroy(inst);
    }
    /* the contest's bound for the fiendish square */
    CHECK(seeds[2].optimal <= 28);
    /* perfection rotated 180 degrees: a solution and an honest lower bound in 2 s */
    CHECK(make("+XWVU TSRQP ONMLK JIHGF EDCBA", NULL, &inst, &err) == AR_OK);
    if (inst) {
        len = solve(inst, "anytime", "transport", 2.0, &res);
        CHECK(len > 0);
        CHECK(res.has_lower_bound && res.lower_bound > 40 && (long)res.lower_bound <= len);
        CHECK(!res.optimal);
        P->destroy(inst);
    }
}

/* Random walks from the goal; BFS (generic, complete) gives the optimum. The
 * walks only slide (a transport has no one-move inverse, so the way back from
 * a walk with transports can be much longer than the walk). */
static void test_against_bfs(void)
{
    ar_rng rng;
    unsigned k;
    const char *groups = "ABC/DEF/GHI/JKL/MNO/PQR/STU/VWX";
    ar_rng_seed(&rng, 11);
    for (k = 0; k < 12; k++) {
        uint8_t s[25];
        char text[40];
        ar_instance *goal, *inst;
        ar_error err;
        ar_move moves[8];
        ar_result res;
        unsigned i, steps = 6 + k % 4;
        long bfs, ida, pdb;
        CHECK(make("ABCDE FGHIJ KLMNO PQRST UVWX+", NULL, &goal, &err) == AR_OK);
        if (!goal)
            return;
        P->initial_state(goal, s);
        for (i = 0; i < steps; i++) { /* slides only, so the way back is at most `steps` */
            unsigned n = P->legal_moves(goal, s, moves);
            ar_move m = moves[ar_rng_below(&rng, n)];
            if ((m & 7u) == 4u)
                m = moves[0];
            P->apply(goal, s, m);
        }
        P->format_state(goal, s, text, sizeof text);
        P->destroy(goal);
        CHECK(make(text, groups, &inst, &err) == AR_OK);
        if (!inst)
            continue;
        bfs = solve(inst, "bfs", NULL, 0, &res);
        ida = solve(inst, "ida", "transport", 0, &res);
        CHECK(res.optimal);
        pdb = solve(inst, "ida", "pdb", 0, &res);
        CHECK(res.optimal);
        CHECK_MSG(bfs == ida && bfs == pdb && bfs <= (long)steps, "%s: bfs %ld ida %ld pdb %ld", text, bfs, ida, pdb);
        {
            const ar_heuristic *h;
            ar_mem mem;
            ar_mem_init(&mem, 0);
            for (h = P->heuristics; h->name; h++) {
                if (h->prepare)
                    CHECK(h->prepare(inst, &mem, &err) == AR_OK);
                CHECK_MSG((long)h->estimate(inst, s) <= bfs, "%s: %s says %llu > %ld", text, h->name,
                          (unsigned long long)h->estimate(inst, s), bfs);
            }
        }
        P->destroy(inst);
    }
}

int main(void)
{
    char cmd[300];
    P = ar_puzzle_find("loyd");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_loyd");
    snprintf(pdb_dir, sizeof pdb_dir, "/tmp/ariadne-test-loyd-%ld", (long)getpid());
    test_parsing_and_moves();
    test_seed_squares();
    test_against_bfs();
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", pdb_dir);
    CHECK(system(cmd) == 0);
    return check_report("test_loyd");
}
