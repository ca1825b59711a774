/* test_search.c — every generic search algorithm against the truth of an
 * exhaustive search written here, independently of the library's own
 * containers: optimal lengths from BFS, A*, IDA*, IDDFS, UCS and B&B must agree
 * with it; weighted A*, greedy, beam and DFS solutions must replay to a goal and
 * cost no less than the optimum; limits must stop a search with the right
 * status; and an instance without solution must be reported as such. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "check.h"

/* --- reference: Dijkstra (BFS when costs are 1) over a naive hash set --- */

typedef struct ref_set {
    unsigned char *keys;
    uint64_t *dist;
    unsigned char *used;
    size_t cap, count, size;
} ref_set;

static size_t ref_slot(const ref_set *s, const void *key)
{
    uint64_t h = 1469598103934665603ull;
    const unsigned char *k = key;
    size_t i;
    for (i = 0; i < s->size; i++)
        h = (h ^ k[i]) * 1099511628211ull;
    i = (size_t)(h % s->cap);
    while (s->used[i] && memcmp(s->keys + i * s->size, key, s->size) != 0)
        i = (i + 1) % s->cap;
    return i;
}

/* Returns the least cost from the start to a goal, or UINT64_MAX if none
 * (simple O(V^2)-free Dijkstra with a linear scan of a small frontier list). */
static uint64_t reference_cost(const ar_puzzle *p, const ar_instance *inst, uint64_t *moves_out)
{
    size_t ss = p->state_size(inst), cap = 1u << 20;
    unsigned max = p->max_moves(inst);
    ref_set s = {calloc(cap, ss), calloc(cap, sizeof(uint64_t)), calloc(cap, 1), cap, 0, ss};
    size_t *frontier = malloc(sizeof *frontier * cap), nf = 0;
    uint64_t *fmoves = calloc(cap, sizeof *fmoves);
    unsigned char *state = malloc(ss), *child = malloc(ss);
    ar_move *mv = malloc(sizeof *mv * (max + 1u));
    uint64_t best = UINT64_MAX;
    size_t slot;

    p->initial_state(inst, state);
    slot = ref_slot(&s, state);
    memcpy(s.keys + slot * ss, state, ss);
    s.used[slot] = 1;
    s.dist[slot] = 0;
    frontier[nf++] = slot;
    while (nf) {
        size_t bi = 0, i, cur;
        unsigned n, k;
        for (i = 1; i < nf; i++)
            if (s.dist[frontier[i]] < s.dist[frontier[bi]])
                bi = i;
        cur = frontier[bi];
        frontier[bi] = frontier[--nf];
        if (s.used[cur] == 2)
            continue;
        s.used[cur] = 2;
        memcpy(state, s.keys + cur * ss, ss);
        if (p->is_goal(inst, state)) {
            best = s.dist[cur];
            if (moves_out)
                *moves_out = fmoves[cur];
            break;
        }
        n = p->legal_moves(inst, state, mv);
        for (k = 0; k < n; k++) {
            uint64_t d = s.dist[cur] + (p->move_cost ? p->move_cost(inst, mv[k]) : 1u);
            memcpy(child, state, ss);
            p->apply(inst, child, mv[k]);
            slot = ref_slot(&s, child);
            if (!s.used[slot]) {
                memcpy(s.keys + slot * ss, child, ss);
                s.used[slot] = 1;
                s.dist[slot] = d;
                fmoves[slot] = fmoves[cur] + 1;
                frontier[nf++] = slot;
                s.count++;
            } else if (s.used[slot] == 1 && d < s.dist[slot]) {
                s.dist[slot] = d;
                fmoves[slot] = fmoves[cur] + 1;
                frontier[nf++] = slot;
            }
        }
    }
    free(s.keys);
    free(s.dist);
    free(s.used);
    free(frontier);
    free(fmoves);
    free(state);
    free(child);
    free(mv);
    return best;
}

/* Replays a result's moves through legal_moves/apply; returns 1 when every
 * move is legal, the end is a goal and the costs add up to result->cost. */
static int replays(const ar_puzzle *p, const ar_instance *inst, const ar_result *r)
{
    size_t ss = p->state_size(inst);
    unsigned max = p->max_moves(inst);
    unsigned char *state = malloc(ss);
    ar_move *mv = malloc(sizeof *mv * (max + 1u));
    uint64_t i, cost = 0;
    int ok = 1;
    p->initial_state(inst, state);
    for (i = 0; i < r->length && ok; i++) {
        unsigned n = p->legal_moves(inst, state, mv), k;
        int legal = 0;
        for (k = 0; k < n; k++)
            legal |= mv[k] == r->moves[i];
        if (!legal)
            ok = 0;
        else {
            cost += p->move_cost ? p->move_cost(inst, r->moves[i]) : 1u;
            p->apply(inst, state, r->moves[i]);
        }
    }
    ok = ok && p->is_goal(inst, state) && cost == r->cost;
    free(state);
    free(mv);
    return ok;
}

static ar_instance *make(const ar_puzzle *p, const char *text, const ar_param *params, size_t n)
{
    ar_instance *inst = NULL;
    ar_error err;
    ar_error_clear(&err);
    if (p->create(text, params, n, &inst, &err) != AR_OK) {
        fprintf(stderr, "create failed: %s\n", err.message);
        return NULL;
    }
    return inst;
}

static const char *const optimal_algos[] = {"bfs", "astar", "idastar", "iddfs", "ucs", "bnb", NULL};
static const char *const other_algos[] = {"wastar", "greedy", "beam", "dfs", NULL};

/* Runs every algorithm on inst and checks it against the reference. */
static void check_all(const ar_puzzle *p, ar_instance *inst, const char *what, int unit_cost)
{
    uint64_t ref_moves = 0, truth = reference_cost(p, inst, &ref_moves);
    int i;
    CHECK_MSG(truth != UINT64_MAX, "%s: the reference found no solution", what);
    for (i = 0; optimal_algos[i]; i++) {
        ar_search_options opts;
        ar_result r;
        ar_error err;
        int fewest_moves_only = !unit_cost && (strcmp(optimal_algos[i], "bfs") == 0 ||
                                               strcmp(optimal_algos[i], "iddfs") == 0);
        /* IDDFS repeats every shallower level: it is for shallow solutions, and
         * a 3-peg pair of 10 discs can be hundreds of moves deep. */
        if (strcmp(optimal_algos[i], "iddfs") == 0 && truth > 60)
            continue;
        ar_search_options_init(&opts);
        opts.algorithm = optimal_algos[i];
        opts.limits.node_limit = 50000000;
        CHECK_MSG(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_OK, "%s %s: %s", what,
                  optimal_algos[i], err.message);
        CHECK_MSG(r.outcome == AR_OUTCOME_SOLVED, "%s %s: outcome %d", what, optimal_algos[i],
                  (int)r.outcome);
        if (r.outcome == AR_OUTCOME_SOLVED) {
            CHECK_MSG(replays(p, inst, &r), "%s %s: solution does not replay", what, optimal_algos[i]);
            if (fewest_moves_only) {
                /* optimal may be claimed only when the fewest-moves solution's
                 * moves all cost 1, and then it must really be least cost */
                CHECK_MSG(r.optimal == (r.cost == r.length), "%s %s: optimality claim", what,
                          optimal_algos[i]);
                CHECK_MSG(!r.optimal || r.cost == truth, "%s %s: false optimality claim", what,
                          optimal_algos[i]);
                CHECK_MSG(r.cost >= truth, "%s %s: cost below the optimum", what, optimal_algos[i]);
            } else {
                CHECK_MSG(r.cost == truth, "%s %s: cost %llu, truth %llu", what, optimal_algos[i],
                          (unsigned long long)r.cost, (unsigned long long)truth);
                CHECK_MSG(r.optimal, "%s %s: optimal not claimed", what, optimal_algos[i]);
                CHECK_MSG(r.has_lower_bound && r.lower_bound == truth, "%s %s: lower bound",
                          what, optimal_algos[i]);
            }
            if (unit_cost)
                CHECK_EQ_U(r.length, truth);
        }
        ar_result_free(&r);
    }
    {
        /* the domain's default choice (closed form, domain solver or A*) */
        ar_search_options opts;
        ar_result r;
        ar_error err;
        ar_search_options_init(&opts);
        CHECK_MSG(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_OK, "%s default: %s", what,
                  err.message);
        CHECK_MSG(r.outcome == AR_OUTCOME_SOLVED && replays(p, inst, &r), "%s default: no valid "
                  "solution", what);
        CHECK_MSG(r.cost >= truth && (!r.optimal || r.cost == truth),
                  "%s default (%s): cost %llu, truth %llu, optimal %d", what, r.algorithm,
                  (unsigned long long)r.cost, (unsigned long long)truth, r.optimal);
        ar_result_free(&r);
    }
    for (i = 0; other_algos[i]; i++) {
        ar_search_options opts;
        ar_result r;
        ar_error err;
        ar_search_options_init(&opts);
        opts.algorithm = other_algos[i];
        opts.limits.node_limit = 50000000;
        CHECK_MSG(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_OK, "%s %s: %s", what,
                  other_algos[i], err.message);
        if (r.outcome == AR_OUTCOME_SOLVED) {
            CHECK_MSG(replays(p, inst, &r), "%s %s: solution does not replay", what, other_algos[i]);
            CHECK_MSG(r.cost >= truth, "%s %s: cost below the optimum", what, other_algos[i]);
            CHECK_MSG(!r.optimal || r.cost == truth, "%s %s: false optimality claim", what,
                      other_algos[i]);
        } else {
            /* only beam search may fail on a solvable instance, and must say why */
            CHECK_MSG(strcmp(other_algos[i], "beam") == 0 && r.stop == AR_STOP_BEAM,
                      "%s %s: no solution on a solvable instance", what, other_algos[i]);
        }
        ar_result_free(&r);
    }
}

static void random_position(ar_rng *rng, char *buf, int discs, int pegs)
{
    int i;
    for (i = 0; i < discs; i++)
        buf[i] = (char)('1' + (int)ar_rng_below(rng, (uint64_t)pegs));
    buf[discs] = '\0';
}

static void test_hanoi_random_pairs(void)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    ar_rng rng;
    /* {pegs, discs, pairs}: the issue asks for 3 pegs n <= 10, 4 pegs n <= 8, 5 pegs n <= 6 */
    static const int cases[][3] = {{3, 6, 4}, {4, 6, 4}, {5, 5, 3}, {3, 8, 2},
                                   {4, 7, 2}, {3, 10, 1}, {4, 8, 1}, {5, 6, 1}};
    size_t c;
    CHECK(p != NULL);
    if (!p)
        return;
    ar_rng_seed(&rng, 20261122);
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int k;
        for (k = 0; k < cases[c][2]; k++) {
            char pegs[8], discs[8], from[32], to[32], what[128];
            ar_param params[4] = {{"pegs", pegs}, {"discs", discs}, {"from", from}, {"to", to}};
            ar_instance *inst;
            snprintf(pegs, sizeof pegs, "%d", cases[c][0]);
            snprintf(discs, sizeof discs, "%d", cases[c][1]);
            random_position(&rng, from, cases[c][1], cases[c][0]);
            random_position(&rng, to, cases[c][1], cases[c][0]);
            snprintf(what, sizeof what, "hanoi %s pegs %s -> %s", pegs, from, to);
            inst = make(p, NULL, params, 4);
            CHECK(inst != NULL);
            if (!inst)
                continue;
            check_all(p, inst, what, 1);
            p->destroy(inst);
        }
    }
}

static void test_jugs(void)
{
    const ar_puzzle *p = ar_puzzle_find("jugs");
    static const char *const caps[] = {"3,5", "4,7", "3,5,8", "2,9"};
    static const char *const targets[] = {"4", "5", "4", "1"};
    size_t i;
    CHECK(p != NULL);
    if (!p)
        return;
    for (i = 0; i < 4; i++) {
        int water;
        for (water = 0; water < 2; water++) {
            ar_param params[3] = {{"capacities", caps[i]}, {"target", targets[i]},
                                  {"cost", water ? "water" : "moves"}};
            char what[96];
            ar_instance *inst = make(p, NULL, params, 3);
            CHECK(inst != NULL);
            if (!inst)
                continue;
            snprintf(what, sizeof what, "jugs %s -> %s (%s)", caps[i], targets[i],
                     water ? "water" : "moves");
            check_all(p, inst, what, !water);
            p->destroy(inst);
        }
    }
}

static void test_no_solution(void)
{
    /* Both jugs holding 1 litre is unreachable (after any move one jug is
     * empty or full), but no cheap check can say so: search must prove it. */
    const ar_puzzle *p = ar_puzzle_find("jugs");
    ar_param params[2] = {{"capacities", "3,5"}, {"goal", "1,1"}};
    static const char *const complete[] = {"bfs", "astar", "ucs", "iddfs", "dfs", "bnb", "greedy",
                                           "wastar", NULL};
    ar_instance *inst;
    int i;
    if (!p)
        return;
    inst = make(p, NULL, params, 2);
    CHECK(inst != NULL);
    if (!inst)
        return;
    for (i = 0; complete[i]; i++) {
        ar_search_options opts;
        ar_result r;
        ar_error err;
        ar_search_options_init(&opts);
        opts.algorithm = complete[i];
        CHECK(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_OK);
        CHECK_MSG(r.outcome == AR_OUTCOME_NO_SOLUTION, "%s: outcome %d", complete[i], (int)r.outcome);
        CHECK(!r.optimal);
        ar_result_free(&r);
    }
    p->destroy(inst);
}

static void test_limits(void)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    ar_param params[4] = {{"pegs", "4"}, {"discs", "9"}, {"from", "123412341"}, {"to", "432143214"}};
    static const char *const algos[] = {"bfs", "astar", "idastar", "iddfs", "bnb", "ucs", NULL};
    ar_instance *inst;
    int i;
    volatile sig_atomic_t stop_now = 1;
    if (!p)
        return;
    inst = make(p, NULL, params, 4);
    CHECK(inst != NULL);
    if (!inst)
        return;
    for (i = 0; algos[i]; i++) {
        ar_search_options opts;
        ar_result r;
        ar_error err;
        /* node limit */
        ar_search_options_init(&opts);
        opts.algorithm = algos[i];
        opts.limits.node_limit = 50;
        CHECK(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_OK);
        CHECK_MSG(r.outcome == AR_OUTCOME_STOPPED && r.stop == AR_STOP_NODES, "%s: node limit",
                  algos[i]);
        CHECK(!r.optimal);
        CHECK_MSG(r.expanded <= 51, "%s: expanded %llu past the limit", algos[i],
                  (unsigned long long)r.expanded);
        ar_result_free(&r);
        /* an interrupt that is already raised */
        ar_search_options_init(&opts);
        opts.algorithm = algos[i];
        opts.limits.interrupt = &stop_now;
        CHECK(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_OK);
        CHECK_MSG(r.outcome == AR_OUTCOME_STOPPED && r.stop == AR_STOP_INTERRUPT, "%s: interrupt",
                  algos[i]);
        ar_result_free(&r);
    }
    /* memory limit: best-first search must stop cleanly, not crash */
    {
        ar_search_options opts;
        ar_result r;
        ar_error err;
        ar_search_options_init(&opts);
        opts.algorithm = "bfs";
        opts.limits.memory_limit = 256 * 1024;
        CHECK(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_OK);
        CHECK(r.outcome == AR_OUTCOME_STOPPED && r.stop == AR_STOP_MEMORY);
        CHECK(r.peak_bytes <= 256 * 1024);
        CHECK(r.has_lower_bound && r.lower_bound >= 1);
        ar_result_free(&r);
    }
    p->destroy(inst);
}

static void test_unknown_names(void)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    ar_param params[2] = {{"pegs", "4"}, {"discs", "3"}};
    ar_instance *inst;
    ar_search_options opts;
    ar_result r;
    ar_error err;
    if (!p)
        return;
    inst = make(p, NULL, params, 2);
    if (!inst)
        return;
    ar_search_options_init(&opts);
    opts.algorithm = "no-such-algo";
    CHECK(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "no-such-algo") != NULL);
    /* A failed solve leaves no result that reads as solved. */
    CHECK(r.outcome == AR_OUTCOME_NONE && r.moves == NULL);
    CHECK_STR(ar_outcome_name(r.outcome), "none");
    opts.algorithm = "astar";
    opts.heuristic = "no-such-heuristic";
    CHECK(ar_solve(p, inst, &opts, NULL, &r, &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "no-such-heuristic") != NULL);
    CHECK(r.outcome == AR_OUTCOME_NONE);
    p->destroy(inst);
}

int main(void)
{
    test_hanoi_random_pairs();
    test_jugs();
    test_no_solution();
    test_limits();
    test_unknown_names();
    return check_report("test_search");
}
