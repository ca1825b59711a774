/* test_tiles.c — tests of the sliding-tile domain (src/puzzles/tiles/tiles.c)
 * and its engine (src/puzzles/tiles/tiles_engine.h and its files).
 *
 * The reference is a complete breadth-first search written here over the
 * 8-puzzle (all 181,440 boards of the goal's parity class) and the 2x4 board:
 * its depth distribution must equal the published one
 * (data/tiles/depth_distribution.txt), and every solver's length on
 * sampled boards must equal the BFS distance. Korf's 15-puzzle instances with
 * the shortest published lengths are solved optimally; every solution is
 * replayed by the domain's own rules; parser errors name what is wrong. */
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const ar_puzzle *P;
static char pdb_dir[256];

static ar_status make(const char *text, const char *opts, ar_instance **inst, ar_error *err)
{
    ar_param params[8];
    char buf[512], *tok, *save = NULL;
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    for (tok = strtok_r(buf, ";", &save); tok && n < 7; tok = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(tok, '=');
        if (eq)
            *eq++ = '\0';
        params[n].name = tok;
        params[n++].value = eq;
    }
    params[n].name = "pdb-dir";
    params[n++].value = pdb_dir;
    ar_error_clear(err);
    *inst = NULL;
    return P->create(text, params, n, inst, err);
}

static ar_instance *must(const char *text, const char *opts)
{
    ar_instance *inst;
    ar_error err;
    ar_status st = make(text, opts, &inst, &err);
    CHECK_MSG(st == AR_OK, "'%s' [%s]: %s", text, opts ? opts : "", err.message);
    return st == AR_OK ? inst : NULL;
}

static void expect_error(const char *text, const char *opts, const char *fragment)
{
    ar_instance *inst;
    ar_error err;
    ar_status st = make(text, opts, &inst, &err);
    CHECK_MSG(st == AR_ERR_INPUT, "'%s' [%s] was accepted", text ? text : "(null)", opts ? opts : "");
    CHECK_MSG(strstr(err.message, fragment) != NULL, "message '%s' lacks '%s'", err.message, fragment);
    if (st == AR_OK)
        P->destroy(inst);
}

/* Solves and replays; returns the length or -1. */
static long solve_len(ar_instance *inst, const char *algo, const char *heuristic, int want_optimal)
{
    ar_search_options opts;
    ar_result res;
    ar_error err;
    char text[4096];
    size_t used = 0;
    uint64_t i, length = 0, cost = 0;
    int solved = 0;
    long out = -1;
    ar_search_options_init(&opts);
    opts.algorithm = algo;
    opts.heuristic = heuristic;
    ar_error_clear(&err);
    if (ar_solve(P, inst, &opts, NULL, &res, &err) != AR_OK) {
        CHECK_MSG(0, "%s/%s: %s", algo, heuristic ? heuristic : "-", err.message);
        return -1;
    }
    CHECK_MSG(res.outcome == AR_OUTCOME_SOLVED, "%s: outcome %d", algo, (int)res.outcome);
    if (want_optimal)
        CHECK_MSG(res.optimal, "%s/%s: not proven optimal", algo, heuristic ? heuristic : "-");
    for (i = 0; i < res.length && used + 8 < sizeof text; i++)
        used += P->format_move(inst, res.moves[i], text + used, sizeof text - used);
    text[used] = '\0';
    if (ar_puzzle_replay(P, inst, text, &length, &cost, &solved, NULL, &err) != AR_OK)
        CHECK_MSG(0, "replay of %s failed: %s", text, err.message);
    else {
        CHECK_MSG(solved, "%s/%s: '%s' does not solve it", algo, heuristic ? heuristic : "-", text);
        CHECK_EQ_U(length, res.length);
        out = (long)res.length;
    }
    ar_result_free(&res);
    return out;
}

/* --- complete BFS over permutations of n <= 9 cells, through the interface --- */

static unsigned fact(unsigned n) { return n <= 1 ? 1 : n * fact(n - 1); }

static unsigned perm_rank(const uint8_t *c, unsigned n)
{
    unsigned r = 0, i, j;
    for (i = 0; i < n; i++) {
        unsigned smaller = 0;
        for (j = i + 1; j < n; j++)
            smaller += c[j] < c[i];
        r += smaller * fact(n - 1 - i);
    }
    return r;
}

typedef struct space {
    unsigned n, count;
    uint8_t *depth;   /* by perm_rank; 255 unreached */
    uint8_t *boards;  /* count * n bytes, in BFS order */
    unsigned reached;
} space;

static void bfs(ar_instance *goal_inst, unsigned n, space *sp)
{
    unsigned head = 0, i;
    ar_move moves[8];
    sp->n = n;
    sp->count = fact(n);
    sp->depth = malloc(sp->count);
    sp->boards = malloc((size_t)sp->count / 2 * n + n);
    memset(sp->depth, 255, sp->count);
    P->initial_state(goal_inst, sp->boards);
    sp->depth[perm_rank(sp->boards, n)] = 0;
    sp->reached = 1;
    while (head < sp->reached) {
        uint8_t *b = sp->boards + (size_t)head * n;
        unsigned d = sp->depth[perm_rank(b, n)], k = P->legal_moves(goal_inst, b, moves);
        for (i = 0; i < k; i++) {
            uint8_t c[16];
            unsigned r;
            memcpy(c, b, n);
            P->apply(goal_inst, c, moves[i]);
            r = perm_rank(c, n);
            if (sp->depth[r] == 255) {
                sp->depth[r] = (uint8_t)(d + 1);
                memcpy(sp->boards + (size_t)sp->reached * n, c, n);
                sp->reached++;
            }
        }
        head++;
    }
}

static const char *data_file(const char *name, char *buf, size_t size)
{
    const char *env = getenv("ARIADNE_DATA");
    snprintf(buf, size, "%s/%s", env && *env ? env : "data", name);
    return buf;
}

static void test_eight_puzzle_distribution(space *sp)
{
    ar_instance *goal = must("0 1 2 3 4 5 6 7 8", NULL);
    char path[512], line[256];
    FILE *f;
    unsigned counts[64] = {0}, i, rows = 0, maxd = 0;
    if (!goal)
        return;
    bfs(goal, 9, sp);
    CHECK_EQ_U(sp->reached, 181440);
    for (i = 0; i < sp->count; i++)
        if (sp->depth[i] != 255) {
            counts[sp->depth[i]]++;
            if (sp->depth[i] > maxd)
                maxd = sp->depth[i];
        }
    CHECK_EQ_U(maxd, 31);
    f = fopen(data_file("tiles/depth_distribution.txt", path, sizeof path), "r");
    CHECK_MSG(f != NULL, "cannot open %s (set ARIADNE_DATA to the data directory)", path);
    if (f) {
        while (fgets(line, sizeof line, f)) {
            unsigned puzzle, depth;
            unsigned long long count;
            if (line[0] == '#' || sscanf(line, "%u %u %llu", &puzzle, &depth, &count) != 3 || puzzle != 8)
                continue;
            CHECK_MSG(depth < 64 && counts[depth] == count, "depth %u: BFS %u, file %llu", depth,
                      depth < 64 ? counts[depth] : 0, count);
            rows++;
        }
        fclose(f);
        CHECK_EQ_U(rows, 32);
    }
    P->destroy(goal);
}

/* Boards from the BFS, solved by every solver; lengths must match BFS. */
static void test_eight_puzzle_solvers(const space *sp)
{
    ar_rng rng;
    unsigned k;
    ar_rng_seed(&rng, 7);
    for (k = 0; k < 60; k++) {
        /* the last two BFS boards are the two at depth 31 */
        unsigned idx = k < 2 ? sp->reached - 1 - k : (unsigned)ar_rng_below(&rng, sp->reached);
        const uint8_t *b = sp->boards + (size_t)idx * 9;
        unsigned want = sp->depth[perm_rank(b, 9)], i;
        char text[64];
        size_t used = 0;
        ar_instance *inst;
        for (i = 0; i < 9; i++)
            used += (size_t)snprintf(text + used, sizeof text - used, "%u ", b[i]);
        inst = must(text, NULL);
        if (!inst)
            continue;
        if (k < 2)
            CHECK_EQ_U(want, 31);
        CHECK_EQ_U(solve_len(inst, "ida", "manhattan", 1), want);
        CHECK_EQ_U(solve_len(inst, "ida", "linear", 1), want);
        CHECK_EQ_U(solve_len(inst, "ida", "pdb", 1), want);
        CHECK_EQ_U(solve_len(inst, "astar", "linear", 1), want);
        CHECK_EQ_U(solve_len(inst, "astar", "pdb", 1), want);
        if (k % 10 == 0)
            CHECK_EQ_U(solve_len(inst, "anytime", NULL, 1), want);
        {
            long w = solve_len(inst, "wida", "linear", 0);
            CHECK_MSG(w >= (long)want, "wida %ld shorter than optimal %u", w, want);
        }
        P->destroy(inst);
    }
}

/* The 2x4 board with the blank-last goal: BFS distances against IDA*. */
static void test_two_by_four(void)
{
    space sp;
    ar_instance *goal = must("1 2 3 4 5 6 7 0", "size=2x4;goal=last");
    ar_rng rng;
    unsigned k;
    if (!goal)
        return;
    bfs(goal, 8, &sp);
    CHECK_EQ_U(sp.reached, 20160);
    ar_rng_seed(&rng, 3);
    for (k = 0; k < 40; k++) {
        unsigned idx = (unsigned)ar_rng_below(&rng, sp.reached), i, want;
        const uint8_t *b = sp.boards + (size_t)idx * 8;
        char text[64];
        size_t used = 0;
        ar_instance *inst;
        want = sp.depth[perm_rank(b, 8)];
        /* labels are goal cells; the goal-last tile on cell i is i+1 */
        for (i = 0; i < 8; i++)
            used += (size_t)snprintf(text + used, sizeof text - used, "%u ", (b[i] + 1u) % 8u);
        inst = must(text, "size=2x4;goal=last");
        if (!inst)
            continue;
        CHECK_EQ_U(solve_len(inst, "ida", "linear", 1), want);
        CHECK_EQ_U(solve_len(inst, "ida", "pdb", 1), want);
        P->destroy(inst);
    }
    free(sp.depth);
    free(sp.boards);
    P->destroy(goal);
}

static void test_korf_sample(void)
{
    char path[512], line[256];
    FILE *f = fopen(data_file("tiles/korf100.txt", path, sizeof path), "r");
    unsigned solved = 0;
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        unsigned id, len;
        int off = 0;
        ar_instance *inst;
        if (sscanf(line, "%u %u %n", &id, &len, &off) != 2 || len > 42)
            continue; /* the instances with the shortest optimal solutions */
        inst = must(line + off, "pattern=5-5-5");
        if (!inst)
            continue;
        CHECK_MSG(solve_len(inst, "ida", "pdb", 1) == (long)len, "Korf instance %u", id);
        P->destroy(inst);
        solved++;
    }
    fclose(f);
    CHECK_EQ_U(solved, 4);
}

static void test_parsing(void)
{
    ar_instance *inst;
    ar_error err;
    ar_search_options opts;
    ar_result res;
    expect_error("1 2 3 4 5 6 7 8 8", NULL, "tile 8 appears twice");
    expect_error("1 2 3 4 5 6 7 8 9", NULL, "tile 9 is out of range");
    expect_error("1 2 3 4 5 6 7 8", NULL, "8 numbers do not make a square board");
    expect_error("1 2 3 4 5 6 7 0", "size=3x3", "a 3x3 board has 9 cells but 8 numbers");
    expect_error("1 2 3 x 5 6 7 8 0", NULL, "'x 5 6 7 8 0' at item 4 is not a tile number");
    expect_error("1 2 3 4 5 6 7 0", "size=9x1", "parameter size");
    expect_error("", NULL, "no board given");
    expect_error(NULL, NULL, "no board given");
    expect_error("0 1 2 3 4 5 6 7 8", "goal=1 2 3", "parameter goal: 3 numbers");
    expect_error("0 1 2 3 4 5 6 7 8", "goal=sideways", "or use first or last");
    expect_error("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "pattern=9-9", "no preset partition '9-9'");
    expect_error("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "pattern=1,2,3/3,4", "in two patterns");
    expect_error("0 1 2 3 4 5 6 7 8", "reflect=maybe", "parameter reflect");
    /* Missing tile: 0..8 with one repeated implies one missing; test the
     * message for a gap in a larger board too. */
    expect_error("0 1 2 3 4 5 6 7 9 9 10 11 12 13 14 15", NULL, "appears twice");

    /* Unsolvable: two tiles swapped. */
    inst = must("0 2 1 3 4 5 6 7 8", NULL);
    if (inst) {
        CHECK(P->check_solvable(inst, &err) == AR_ERR_UNSOLVABLE);
        ar_search_options_init(&opts);
        CHECK(ar_solve(P, inst, &opts, NULL, &res, &err) == AR_OK);
        CHECK(res.outcome == AR_OUTCOME_NO_SOLUTION);
        ar_result_free(&res);
        P->destroy(inst);
    }
    /* Moves: blank directions, illegal ones explained. */
    inst = must("0 1 2 3 4 5 6 7 8", NULL);
    if (inst) {
        uint64_t length;
        int solved;
        CHECK(ar_puzzle_replay(P, inst, "U", &length, NULL, &solved, NULL, &err) == AR_ERR_INPUT);
        CHECK_MSG(strstr(err.message, "top row") != NULL, "%s", err.message);
        CHECK(ar_puzzle_replay(P, inst, "RDLU", &length, NULL, &solved, NULL, &err) == AR_OK);
        CHECK(!solved && length == 4); /* a 4-cycle of the blank rotates three tiles */
        CHECK(ar_puzzle_replay(P, inst, "rdlurdlurdlu", &length, NULL, &solved, NULL, &err) == AR_OK);
        CHECK(solved && length == 12);
        CHECK(ar_puzzle_replay(P, inst, "RX", &length, NULL, &solved, NULL, &err) == AR_ERR_INPUT);
        P->destroy(inst);
    }
    /* Blank-last goal and an explicit goal. */
    inst = must("1 2 3 4 5 6 7 0 8", "goal=last");
    if (inst) {
        CHECK_EQ_U(solve_len(inst, "ida", NULL, 1), 1);
        P->destroy(inst);
    }
    inst = must("1 0 2 3 4 5 6 7 8", "goal=1 2 0 3 4 5 6 7 8");
    if (inst) {
        CHECK_EQ_U(solve_len(inst, "ida", "linear", 1), 1);
        P->destroy(inst);
    }
}

/* Heuristics never exceed BFS distances on the whole 8-puzzle space. */
static void test_heuristics_admissible(const space *sp)
{
    const ar_heuristic *h;
    ar_instance *inst = must("0 1 2 3 4 5 6 7 8", "pattern=4-4");
    ar_mem mem;
    ar_error err;
    unsigned i, bad = 0;
    if (!inst)
        return;
    ar_mem_init(&mem, 0);
    for (h = P->heuristics; h->name; h++) {
        if (h->prepare)
            CHECK(h->prepare(inst, &mem, &err) == AR_OK);
        for (i = 0; i < sp->reached; i++) {
            const uint8_t *b = sp->boards + (size_t)i * 9;
            if (h->estimate(inst, b) > sp->depth[perm_rank(b, 9)])
                bad++;
        }
    }
    CHECK_EQ_U(bad, 0);
    P->destroy(inst);
}

/* with_start shares loaded pattern databases; either instance may go first. */
static void test_with_start_sharing(void)
{
    ar_instance *a = must("8 6 7 2 5 4 3 0 1", "pattern=4-4"), *b = NULL, *c = NULL;
    ar_error err;
    ar_mem mem;
    uint8_t s[9];
    const ar_heuristic *h = ar_puzzle_heuristic(P, "pdb");
    if (!a || !h)
        return;
    ar_mem_init(&mem, 0);
    CHECK(h->prepare(a, &mem, &err) == AR_OK);
    P->initial_state(a, s);
    CHECK(P->with_start(a, s, &b, &err) == AR_OK);
    CHECK(P->with_start(b, s, &c, &err) == AR_OK);
    CHECK_EQ_U(h->estimate(b, s), h->estimate(a, s));
    P->destroy(a);
    if (b) {
        CHECK_EQ_U(solve_len(b, "ida", "pdb", 1), 27);
        P->destroy(b);
    }
    if (c) {
        CHECK_EQ_U(solve_len(c, "astar", "pdb", 1), 27);
        P->destroy(c);
    }
}

int main(void)
{
    space sp;
    P = ar_puzzle_find("tiles");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_tiles");
    snprintf(pdb_dir, sizeof pdb_dir, "/tmp/ariadne-test-tiles-%ld", (long)getpid());
    test_parsing();
    test_with_start_sharing();
    test_eight_puzzle_distribution(&sp);
    test_heuristics_admissible(&sp);
    test_eight_puzzle_solvers(&sp);
    test_two_by_four();
    test_korf_sample();
    free(sp.depth);
    free(sp.boards);
    {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", pdb_dir);
        CHECK(system(cmd) == 0);
    }
    return check_report("test_tiles");
}
