/* test_bidirectional.c — bidirectional BFS (bibfs) and MM against the
 * one-directional searches on every domain that can search backward: the
 * lengths of bibfs equal those of BFS, the costs of MM equal those of UCS and
 * A* (themselves checked against an exhaustive oracle in test_search.c), and
 * every solution replays to the goal under the domain's rules. Random Hanoi
 * positions (3 and 4 pegs), random 8-puzzles and scrambled 15-puzzles, and
 * random mazes for each piece, weighted and not; then the edges: start equal
 * to the goal, an unreachable goal, a node limit, and a domain that cannot
 * search backward. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/search.h"
#include "check.h"

static ar_instance *make(const ar_puzzle *p, const char *text, const char *opts)
{
    char buf[256];
    ar_param params[8];
    size_t n = 0;
    ar_instance *inst = NULL;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    n = ar_param_split(buf, params, 8);
    if (p->create(text, params, n, &inst, &err) != AR_OK) {
        fprintf(stderr, "create %s '%s' failed: %s\n", p->name, text ? text : "", err.message);
        return NULL;
    }
    return inst;
}

static char *generated(const ar_puzzle *p, const char *opts, uint64_t seed)
{
    char buf[256];
    ar_param params[8];
    size_t n;
    char *text = NULL;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    n = ar_param_split(buf, params, 8);
    if (p->generate(params, n, seed, &text, &err) != AR_OK)
        return NULL;
    return text;
}

/* Solves with algo (and heuristic h, or the default); checks the replay and
 * returns the result's cost (UINT64_MAX: no solution), its length in *len and
 * its expansions in *expanded. */
static uint64_t run(const ar_puzzle *p, ar_instance *inst, const char *algo, const char *h,
                    uint64_t *len, uint64_t *expanded)
{
    ar_search_options o;
    ar_result r;
    ar_error err;
    ar_search_options_init(&o);
    o.algorithm = algo;
    o.heuristic = h;
    if (ar_solve(p, inst, &o, NULL, &r, &err) != AR_OK) {
        CHECK_MSG(0, "%s on %s: %s", algo, p->name, err.message);
        return 0;
    }
    if (expanded)
        *expanded = r.expanded;
    if (r.outcome != AR_OUTCOME_SOLVED) {
        CHECK_MSG(r.outcome == AR_OUTCOME_NO_SOLUTION, "%s: outcome %s", algo,
                  ar_outcome_name(r.outcome));
        ar_result_free(&r);
        return UINT64_MAX;
    }
    /* Fewest moves is proven least cost only when the moves cost 1 each. */
    CHECK_MSG(r.optimal || (strstr(algo, "bfs") && r.cost != r.length), "%s on %s: not proven optimal (%s)", algo, p->name, r.note);
    {
        char *text = ar_puzzle_format_moves(p, inst, r.moves, r.length);
        uint64_t length = 0, cost = 0;
        int solved = 0;
        CHECK(text != NULL);
        CHECK(ar_puzzle_replay(p, inst, text, &length, &cost, &solved, NULL, &err) == AR_OK);
        CHECK_MSG(solved && length == r.length && cost == r.cost, "%s on %s: replay %d %llu %llu",
                  algo, p->name, solved, (unsigned long long)length, (unsigned long long)cost);
        free(text);
    }
    if (len)
        *len = r.length;
    {
        uint64_t c = r.cost;
        ar_result_free(&r);
        return c;
    }
}

/* The four searches on one instance: bibfs = bfs in moves, mm = ucs (and A*)
 * in cost, with heuristic h for A* and MM. */
static void compare(const ar_puzzle *p, ar_instance *inst, const char *h, int with_bfs,
                    uint64_t *nodes)
{
    uint64_t lb = 0, lbb = 0, e[4] = {0, 0, 0, 0};
    uint64_t ref = run(p, inst, "astar", h, NULL, &e[0]);
    uint64_t mm = run(p, inst, "mm", h, NULL, &e[1]);
    uint64_t mm0 = run(p, inst, "mm", p->heuristics && strcmp(p->name, "maze") == 0 ? "zero" : h,
                       NULL, NULL);
    CHECK_MSG(mm == ref, "%s: mm cost %llu, A* %llu", p->name, (unsigned long long)mm,
              (unsigned long long)ref);
    CHECK(mm0 == ref);
    (void)run(p, inst, "bibfs", NULL, &lbb, &e[3]);
    if (with_bfs) {
        (void)run(p, inst, "bfs", NULL, &lb, &e[2]);
        CHECK_MSG(lb == lbb, "%s: bibfs %llu moves, bfs %llu", p->name, (unsigned long long)lbb,
                  (unsigned long long)lb);
    }
    if (nodes) {
        int i;
        for (i = 0; i < 4; i++)
            nodes[i] += e[i];
    }
}

static void test_hanoi(void)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    unsigned pegs, discs, seed;
    uint64_t nodes[4] = {0, 0, 0, 0};
    for (pegs = 3; pegs <= 4; pegs++)
        for (discs = 1; discs <= (pegs == 3 ? 7u : 6u); discs++)
            for (seed = 1; seed <= 4; seed++) {
                char opts[64];
                char *text;
                ar_instance *inst;
                snprintf(opts, sizeof opts, "pegs=%u discs=%u", pegs, discs);
                text = generated(p, opts, seed);
                CHECK(text != NULL);
                inst = text ? make(p, text, opts) : NULL;
                CHECK(inst != NULL);
                if (inst) {
                    compare(p, inst, "disc-bound", 1, nodes);
                    compare(p, inst, "misplaced", 0, NULL);
                    if (pegs == 3)
                        compare(p, inst, "exact3", 0, NULL);
                    p->destroy(inst);
                }
                free(text);
            }
    /* Tower to tower: 2^n - 1 on 3 pegs, Frame-Stewart's 33 for 8 discs on 4. */
    {
        ar_instance *inst = make(p, NULL, "pegs=3 discs=9");
        uint64_t len = 0;
        CHECK(inst && run(p, inst, "bibfs", NULL, &len, NULL) == 511 && len == 511);
        if (inst)
            p->destroy(inst);
        inst = make(p, NULL, "pegs=4 discs=8");
        CHECK(inst && run(p, inst, "mm", "disc-bound", &len, NULL) == 33);
        CHECK(inst && run(p, inst, "bibfs", NULL, &len, NULL) == 33);
        if (inst)
            p->destroy(inst);
    }
    /* Meeting in the middle pays: bibfs expands fewer states than BFS. */
    CHECK_MSG(nodes[3] < nodes[2], "bibfs %llu vs bfs %llu", (unsigned long long)nodes[3],
              (unsigned long long)nodes[2]);
}

static void test_tiles(void)
{
    const ar_puzzle *p = ar_puzzle_find("tiles");
    unsigned seed;
    for (seed = 1; seed <= 12; seed++) {
        char *text = generated(p, "size=3x3", seed);
        ar_instance *inst = text ? make(p, text, "") : NULL;
        CHECK(inst != NULL);
        if (inst) {
            compare(p, inst, "manhattan", seed <= 3, NULL);
            compare(p, inst, "linear", 0, NULL);
            p->destroy(inst);
        }
        free(text);
    }
    /* A 2x3 board with the blank last, and 15-puzzles 30-odd moves deep. */
    {
        ar_instance *inst = make(p, "4 1 2 5 0 3", "size=2x3 goal=last");
        CHECK(inst != NULL);
        if (inst) {
            compare(p, inst, "manhattan", 1, NULL);
            p->destroy(inst);
        }
    }
    {
        static const char *const boards[] = {
            "4 1 2 3 8 5 6 7 12 9 10 11 13 14 15 0", "1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0",
            "5 1 3 7 4 2 6 11 0 9 10 15 8 12 13 14"};
        unsigned i;
        for (i = 0; i < sizeof boards / sizeof *boards; i++) {
            ar_instance *inst = make(p, boards[i], "");
            uint64_t ida = 0, mm = 0, len = 0;
            CHECK(inst != NULL);
            if (!inst)
                continue;
            ida = run(p, inst, "idastar", "linear", NULL, NULL);
            mm = run(p, inst, "mm", "linear", NULL, NULL);
            CHECK_MSG(ida == mm, "15-puzzle %u: idastar %llu, mm %llu", i, (unsigned long long)ida,
                      (unsigned long long)mm);
            CHECK(run(p, inst, "bibfs", NULL, &len, NULL) == ida && len == ida);
            p->destroy(inst);
        }
    }
}

static void test_maze(void)
{
    static const char *const pieces[] = {"king", "rook", "knight", "walker"};
    const ar_puzzle *p = ar_puzzle_find("maze");
    unsigned k, seed;
    for (k = 0; k < 4; k++)
        for (seed = 1; seed <= 6; seed++) {
            char opts[96], popt[32];
            char *text;
            ar_instance *inst;
            snprintf(opts, sizeof opts, "piece=%s rows=14 cols=18 density=30 weights=%u", pieces[k],
                     seed % 2 ? 1u : 6u);
            snprintf(popt, sizeof popt, "piece=%s", pieces[k]);
            text = generated(p, opts, seed);
            inst = text ? make(p, text, popt) : NULL;
            CHECK(inst != NULL);
            if (inst) {
                uint64_t ucs = run(p, inst, "ucs", NULL, NULL, NULL);
                uint64_t mm = run(p, inst, "mm", "distance", NULL, NULL);
                CHECK_MSG(ucs == mm, "maze %s seed %u: ucs %llu, mm %llu", pieces[k], seed,
                          (unsigned long long)ucs, (unsigned long long)mm);
                compare(p, inst, "distance", 1, NULL);
                p->destroy(inst);
            }
            free(text);
        }
}

static void test_edges(void)
{
    const ar_puzzle *maze = ar_puzzle_find("maze"), *hanoi = ar_puzzle_find("hanoi");
    const ar_puzzle *jugs = ar_puzzle_find("jugs");
    ar_instance *inst;
    ar_search_options o;
    ar_result r;
    ar_error err;
    uint64_t len = 9;

    /* The goal walled off: both directions prove there is no way. */
    inst = make(maze, "S.#.\n..#G\n..#.", "piece=walker");
    CHECK(inst != NULL);
    if (inst) {
        ar_search_options_init(&o);
        o.algorithm = "bibfs";
        CHECK(ar_solve(maze, inst, &o, NULL, &r, &err) == AR_OK);
        CHECK(r.outcome == AR_OUTCOME_NO_SOLUTION);
        ar_result_free(&r);
        o.algorithm = "mm";
        CHECK(ar_solve(maze, inst, &o, NULL, &r, &err) == AR_OK);
        CHECK(r.outcome == AR_OUTCOME_NO_SOLUTION);
        ar_result_free(&r);
        maze->destroy(inst);
    }
    /* Already at the goal. */
    inst = make(hanoi, "111 111", "");
    CHECK(inst && run(hanoi, inst, "bibfs", NULL, &len, NULL) == 0 && len == 0);
    CHECK(inst && run(hanoi, inst, "mm", NULL, &len, NULL) == 0 && len == 0);
    if (inst)
        hanoi->destroy(inst);
    /* A node limit stops both with the limit named. */
    inst = make(hanoi, NULL, "pegs=4 discs=10");
    CHECK(inst != NULL);
    if (inst) {
        const char *algos[2] = {"bibfs", "mm"};
        int i;
        for (i = 0; i < 2; i++) {
            ar_search_options_init(&o);
            o.algorithm = algos[i];
            o.limits.node_limit = 100;
            CHECK(ar_solve(hanoi, inst, &o, NULL, &r, &err) == AR_OK);
            CHECK(r.outcome == AR_OUTCOME_STOPPED && r.stop == AR_STOP_NODES);
            CHECK(r.expanded <= 101);
            ar_result_free(&r);
        }
        hanoi->destroy(inst);
    }
    /* A domain without predecessors is refused with a reason. */
    inst = make(jugs, NULL, "");
    CHECK(inst != NULL);
    if (inst) {
        ar_search_options_init(&o);
        o.algorithm = "bibfs";
        CHECK(ar_solve(jugs, inst, &o, NULL, &r, &err) == AR_ERR_UNSUPPORTED);
        CHECK(strstr(err.message, "backward") != NULL);
        jugs->destroy(inst);
    }
}

int main(void)
{
    test_hanoi();
    test_tiles();
    test_maze();
    test_edges();
    return check_report("test_bidirectional");
}
