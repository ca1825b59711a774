/* test_jugs.c — tests of the water-jug domain (src/puzzles/jugs/jugs.c), the template
 * domain and the search tests' domain with non-unit costs.
 *
 * Everything is checked against searches written here, independent of
 * src/search: a BFS gives optimal move counts, a Dijkstra gives optimal water
 * costs, and both give true distances from every reachable state, against which
 * the heuristics are held. The 2-jug move counts are also checked against the
 * classic closed procedure (keep pouring one way), an independent source. */
#include "ariadne/puzzle.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

#define S 6 /* state bytes */
#define INF UINT64_MAX

static const ar_puzzle *P;

static ar_status make(const char *text, const char *opts, ar_instance **inst, ar_error *err)
{
    /* opts: "name=value;name=value" */
    ar_param params[8];
    char buf[256], *tok, *save = NULL;
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    for (tok = strtok_r(buf, ";", &save); tok && n < 8; tok = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(tok, '=');
        if (eq)
            *eq++ = '\0';
        params[n].name = tok;
        params[n++].value = eq;
    }
    ar_error_clear(err);
    *inst = NULL;
    return P->create(text, params, n, inst, err);
}

static ar_instance *must(const char *text, const char *opts)
{
    ar_instance *inst;
    ar_error err;
    ar_status st = make(text, opts, &inst, &err);
    CHECK_MSG(st == AR_OK, "'%s' [%s]: %s", text ? text : "(null)", opts ? opts : "", err.message);
    return st == AR_OK ? inst : NULL;
}

static void expect_create_error(const char *text, const char *opts, const char *message)
{
    ar_instance *inst;
    ar_error err;
    ar_status st = make(text, opts, &inst, &err);
    CHECK_MSG(st == AR_ERR_INPUT, "'%s' [%s] was accepted", text ? text : "(null)", opts);
    CHECK_STR(err.message, message);
    if (st == AR_OK)
        P->destroy(inst);
}

/* --- the state space, explored through the puzzle interface only --- */

/* Reachable states are kept in a plain array with linear lookup, beside their
 * distance and a done flag: the instances here have at most a few hundred. */
typedef struct space {
    unsigned char (*states)[S];
    uint64_t *dist;
    char *done;
    size_t count, alloc;
} space;

static size_t find_or_add(space *sp, const unsigned char *s)
{
    size_t i;
    for (i = 0; i < sp->count; i++)
        if (memcmp(sp->states[i], s, S) == 0)
            return i;
    if (sp->count == sp->alloc) {
        sp->alloc = sp->alloc ? 2 * sp->alloc : 64;
        sp->states = realloc(sp->states, sp->alloc * S);
        sp->dist = realloc(sp->dist, sp->alloc * sizeof *sp->dist);
        sp->done = realloc(sp->done, sp->alloc);
        if (!sp->states || !sp->dist || !sp->done)
            abort();
    }
    memcpy(sp->states[sp->count], s, S);
    sp->dist[sp->count] = INF;
    sp->done[sp->count] = 0;
    return sp->count++;
}

static void free_space(space *sp)
{
    free(sp->states);
    free(sp->dist);
    free(sp->done);
}

/* Optimal distance from `from` to a goal: BFS over legal_moves + apply when
 * water is 0 (a move counts 1 whatever move_cost says), Dijkstra over the
 * library's successors and move costs otherwise. INF when no goal is
 * reachable. With all non-NULL, explores everything and hands over the space. */
static uint64_t distance(const ar_instance *inst, const unsigned char *from, int water, space *all)
{
    space sp = {0};
    uint64_t best = INF;
    ar_move moves[64];
    uint32_t costs[64];
    unsigned char kids[64 * S];
    size_t bfs_next = 0;

    CHECK(P->max_moves(inst) <= 64);
    find_or_add(&sp, from);
    sp.dist[0] = 0;
    for (;;) {
        size_t cur = SIZE_MAX, i;
        unsigned n, k;
        if (!water) /* FIFO: states are added in order of distance */
            cur = bfs_next < sp.count ? bfs_next++ : SIZE_MAX;
        else /* the closest state not yet done */
            for (i = 0; i < sp.count; i++)
                if (!sp.done[i] && (cur == SIZE_MAX || sp.dist[i] < sp.dist[cur]))
                    cur = i;
        if (cur == SIZE_MAX)
            break;
        sp.done[cur] = 1;
        if (best == INF && P->is_goal(inst, sp.states[cur]))
            best = sp.dist[cur];
        if (best != INF && !all)
            break;
        if (water)
            n = ar_puzzle_successors(P, inst, sp.states[cur], moves, costs, kids);
        else {
            n = P->legal_moves(inst, sp.states[cur], moves);
            for (k = 0; k < n; k++) {
                memcpy(kids + k * S, sp.states[cur], S);
                P->apply(inst, kids + k * S, moves[k]);
                costs[k] = 1;
            }
        }
        for (k = 0; k < n; k++) {
            size_t j = find_or_add(&sp, kids + k * S);
            if (!sp.done[j] && sp.dist[cur] + costs[k] < sp.dist[j])
                sp.dist[j] = sp.dist[cur] + costs[k];
        }
    }
    if (all)
        *all = sp;
    else
        free_space(&sp);
    return best;
}

static uint64_t solve(const char *text, const char *opts, int water)
{
    ar_instance *inst = must(text, opts);
    unsigned char start[S];
    uint64_t d;
    if (!inst)
        return 0;
    P->initial_state(inst, start);
    d = distance(inst, start, water, NULL);
    P->destroy(inst);
    return d;
}

/* The classic procedure for two jugs: fill `a`, pour it into `b`, empty `b`
 * when full, refill `a` when empty, until one holds t. The optimum is the
 * better of the two directions. */
static uint64_t pour_one_way(unsigned a, unsigned b, unsigned t)
{
    unsigned x = a, y = 0, steps = 1, m;
    while (x != t && y != t) {
        m = x < b - y ? x : b - y;
        x -= m, y += m, steps++;
        if (x == t || y == t)
            break;
        if (x == 0)
            x = a, steps++;
        if (y == b)
            y = 0, steps++;
    }
    return steps;
}

/* --- the tests --- */

static void test_create_errors(void)
{
    ar_instance *inst;
    ar_error err;
    expect_create_error("3,x -> 4", "", "instance '3,x': expected whole numbers separated by commas");
    expect_create_error("3,5 -> 4 -> 5", "",
                        "instance goal '4 -> 5': expected whole numbers separated by commas");
    expect_create_error("->", "", "instance '': expected whole numbers separated by commas");
    expect_create_error(NULL, "capacities=5", "parameter capacities '5': needs at least 2 jugs");
    expect_create_error(NULL, "capacities=1,2,3,4,5,6,7",
                        "parameter capacities '1,2,3,4,5,6,7': there are at most 6 jugs");
    expect_create_error(NULL, "capacities=3,256",
                        "parameter capacities '3,256': a jug holds at most 255 litres");
    expect_create_error(NULL, "capacities=0,5",
                        "parameter capacities '0,5': a jug's capacity must be at least 1");
    expect_create_error(NULL, "start=1,2,3", "parameter start '1,2,3': needs one amount per jug");
    expect_create_error(NULL, "start=4,0", "parameter start '4,0': a jug holds more than its capacity");
    expect_create_error(NULL, "target=3,4", "parameter target '3,4': expected one number");
    expect_create_error(NULL, "target=-1",
                        "parameter target '-1': expected whole numbers separated by commas");
    expect_create_error(NULL, "goal=4", "parameter goal '4': needs one amount per jug");
    expect_create_error(NULL, "goal=0,6", "parameter goal '0,6': a jug holds more than its capacity");
    expect_create_error(NULL, "target=4;goal=0,4", "parameter goal: parameter target already gives this");
    expect_create_error("3,5 -> 4", "capacities=3,5",
                        "parameter capacities: instance already gives this");
    expect_create_error("3,5 -> 4", "target=4", "parameter target: instance goal already gives this");
    expect_create_error(NULL, "cost=time", "parameter cost 'time': expected 'moves' or 'water'");

    /* accepted forms, including defaults and whitespace from a file */
    CHECK(make(NULL, "", &inst, &err) == AR_OK);
    if (inst) {
        char buf[128];
        P->describe(inst, buf, sizeof buf);
        CHECK_STR(buf, "jugs 3,5 from 0,0, goal some jug holds 4, cost moves");
        P->destroy(inst);
    }
    CHECK(make("  3 , 5\n->\t0,4\n", "cost=water;start=3,0", &inst, &err) == AR_OK);
    if (inst) {
        char buf[128];
        P->describe(inst, buf, sizeof buf);
        CHECK_STR(buf, "jugs 3,5 from 3,0, goal 0,4, cost water");
        P->destroy(inst);
    }
}

static void test_solvability(void)
{
    static const struct {
        const char *text, *opts, *message;
    } cases[] = {
        {"3,5 -> 4", "", NULL},
        {"3,5 -> 0", "", NULL},
        {"3,5 -> 6", "", "target 6 is more than the largest jug holds (5)"},
        {"3,6 -> 4", "", "every jug always holds a multiple of 3 litres (the gcd of the capacities "
                         "and start contents) and 4 is not one"},
        {"4,6 -> 3", "start=2,0", "every jug always holds a multiple of 2 litres (the gcd of the "
                                  "capacities and start contents) and 3 is not one"},
        {"4,6 -> 3", "start=1,0", NULL},
        {"3,5 -> 1,2", "", "after any move some jug is empty or full, and in the goal none is"},
        {"3,5 -> 1,2", "start=1,2", NULL},
        {"3,5 -> 3,4", "", NULL},
        {"4,6 -> 0,3", "", "every jug always holds a multiple of 2 litres (the gcd of the capacities "
                           "and start contents) and goal jug 2 holds 3"},
    };
    size_t i;
    unsigned a, b, c, t;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ar_instance *inst = must(cases[i].text, cases[i].opts);
        ar_error err;
        ar_status st;
        if (!inst)
            continue;
        ar_error_clear(&err);
        st = P->check_solvable(inst, &err);
        CHECK_MSG(st == (cases[i].message ? AR_ERR_UNSOLVABLE : AR_OK), "%s", cases[i].text);
        if (cases[i].message)
            CHECK_STR(err.message, cases[i].message);
        P->destroy(inst);
    }
    /* From empty jugs with a target, the check is exact: BFS agrees on every
     * small 2-jug and 3-jug instance. Its unsolvable verdicts are also sound
     * for exact goals (the check is only necessary there). */
    for (a = 1; a <= 7; a++)
        for (b = a; b <= 7; b++)
            for (c = 0; c <= 6; c += 3)
                for (t = 0; t <= 8; t++) {
                    char text[64];
                    ar_instance *inst;
                    unsigned char start[S];
                    if (c)
                        snprintf(text, sizeof text, "%u,%u,%u -> %u", a, b, c, t);
                    else
                        snprintf(text, sizeof text, "%u,%u -> %u", a, b, t);
                    if (!(inst = must(text, "")))
                        continue;
                    P->initial_state(inst, start);
                    CHECK_MSG((P->check_solvable(inst, NULL) == AR_OK) ==
                                  (distance(inst, start, 0, NULL) != INF),
                              "%s", text);
                    P->destroy(inst);
                }
    for (a = 0; a <= 3; a++)
        for (b = 0; b <= 5; b++) {
            char text[64];
            ar_instance *inst;
            unsigned char start[S];
            snprintf(text, sizeof text, "3,5 -> %u,%u", a, b);
            if (!(inst = must(text, "start=1,0")))
                continue;
            P->initial_state(inst, start);
            if (P->check_solvable(inst, NULL) != AR_OK)
                CHECK_MSG(distance(inst, start, 0, NULL) == INF, "%s", text);
            P->destroy(inst);
        }
}

static void moves_text(const ar_instance *inst, const unsigned char *s, char *buf, size_t size)
{
    ar_move moves[64];
    unsigned n = P->legal_moves(inst, s, moves), k;
    size_t used = 0;
    buf[0] = '\0';
    for (k = 0; k < n && used + 8 < size; k++) {
        used += P->format_move(inst, moves[k], buf + used, size - used);
        buf[used++] = ' ';
        buf[used] = '\0';
    }
    if (used)
        buf[used - 1] = '\0';
}

static void expect_move_error(const ar_instance *inst, const unsigned char *s, const char *text,
                              const char *message)
{
    ar_move m;
    ar_error err;
    ar_error_clear(&err);
    CHECK_MSG(P->parse_move(inst, s, text, strlen(text), &m, &err) == AR_ERR_INPUT, "%s", text);
    CHECK_STR(err.message, message);
}

static void test_moves(void)
{
    ar_instance *inst = must("3,5 -> 4", "start=3,2");
    ar_instance *three = must("2,3,4 -> 1", "start=0,3,1");
    unsigned char s[S], t[S];
    char buf[256];
    ar_move m;
    ar_error err;
    if (!inst || !three)
        return;
    memset(s, 0, S);
    moves_text(inst, s, buf, sizeof buf);
    CHECK_STR(buf, "F1 F2");
    CHECK_EQ_U(P->max_moves(inst), 6);
    P->initial_state(inst, s);
    P->format_state(inst, s, buf, sizeof buf);
    CHECK_STR(buf, "3,2");
    moves_text(inst, s, buf, sizeof buf);
    CHECK_STR(buf, "E1 P1-2 F2 E2");
    P->initial_state(three, t);
    moves_text(three, t, buf, sizeof buf);
    CHECK_STR(buf, "F1 E2 P2-1 P2-3 F3 E3 P3-1"); /* per jug: fill, empty, pours */

    /* a pour stops when the receiving jug is full, and its cost is what moved */
    CHECK(P->parse_move(inst, s, "p1-2", 4, &m, &err) == AR_OK);
    memcpy(t, s, S);
    P->apply(inst, t, m);
    P->format_state(inst, t, buf, sizeof buf);
    CHECK_STR(buf, "0,5");
    CHECK(t[2] == 0 && t[5] == 0); /* unused jugs stay zero: canonical bytes */
    P->format_move(inst, m, buf, sizeof buf);
    CHECK_STR(buf, "P1-2");

    expect_move_error(inst, s, "", "expected F<i>, E<i> or P<i>-<j>");
    expect_move_error(inst, s, "X1", "expected F<i>, E<i> or P<i>-<j>");
    expect_move_error(inst, s, "F", "expected F<i>, E<i> or P<i>-<j>");
    expect_move_error(inst, s, "P1-", "expected F<i>, E<i> or P<i>-<j>");
    expect_move_error(inst, s, "P12", "expected F<i>, E<i> or P<i>-<j>");
    expect_move_error(inst, s, "F1x", "expected F<i>, E<i> or P<i>-<j>");
    expect_move_error(inst, s, "F3", "jug 3 does not exist (there are 2 jugs)");
    expect_move_error(inst, s, "F0", "jug 0 does not exist (there are 2 jugs)");
    expect_move_error(inst, s, "P1-99999999999999999999",
                      "jug 999999999999 does not exist (there are 2 jugs)");
    expect_move_error(inst, s, "F1", "jug 1 is already full");
    expect_move_error(inst, s, "P2-1", "jug 1 is already full");
    expect_move_error(inst, s, "P1-1", "cannot pour jug 1 into itself");
    memset(t, 0, S);
    expect_move_error(inst, t, "E1", "jug 1 is already empty");
    expect_move_error(inst, t, "P2-1", "jug 2 is empty: nothing to pour");
    P->destroy(inst);
    P->destroy(three);
}

static void test_with_start(void)
{
    ar_instance *inst = must("3,5 -> 4", "cost=water"), *here = NULL;
    unsigned char s[S] = {3, 2}, t[S];
    char buf[128];
    ar_error err;
    if (!inst)
        return;
    CHECK(P->with_start(inst, s, &here, &err) == AR_OK);
    if (!here)
        return;
    P->initial_state(here, t);
    CHECK(memcmp(s, t, S) == 0);
    P->describe(here, buf, sizeof buf);
    CHECK_STR(buf, "jugs 3,5 from 3,2, goal some jug holds 4, cost water");
    CHECK_EQ_U(distance(here, t, 1, NULL), 11); /* E1 P2-1 F2 P2-1: 3 + 2 + 5 + 1 */
    P->destroy(here);
    P->destroy(inst);
}

static void test_replay(void)
{
    ar_instance *inst = must("3,5 -> 4", ""), *water = must("3,5 -> 4", "cost=water");
    const char *solution = "F2 P2-1 E1 P2-1 F2 P2-1";
    uint64_t length = 0, cost = 0;
    int solved = 0;
    unsigned char final[S];
    char buf[64];
    ar_error err;
    if (!inst || !water)
        return;
    CHECK(ar_puzzle_replay(P, inst, solution, &length, &cost, &solved, final, &err) == AR_OK);
    CHECK_EQ_U(length, 6);
    CHECK_EQ_U(cost, 6);
    CHECK(solved);
    P->format_state(inst, final, buf, sizeof buf);
    CHECK_STR(buf, "3,4");
    /* water: 5 + 3 + 3 + 2 + 5 + 1 litres */
    CHECK(ar_puzzle_replay(P, water, solution, &length, &cost, &solved, NULL, &err) == AR_OK);
    CHECK_EQ_U(cost, 19);
    CHECK(solved);
    CHECK(ar_puzzle_replay(P, inst, "F2 P2-1 E1", &length, NULL, &solved, NULL, &err) == AR_OK);
    CHECK(!solved);
    CHECK(ar_puzzle_replay(P, inst, "F2 F2", &length, NULL, &solved, NULL, &err) == AR_ERR_INPUT);
    CHECK_STR(err.message, "move 2 ('F2'): jug 2 is already full");
    P->destroy(inst);
    P->destroy(water);
}

static void test_optimal(void)
{
    unsigned a, b, t;
    CHECK_EQ_U(solve("3,5 -> 4", "", 0), 6);
    CHECK_EQ_U(solve("3,5 -> 4", "cost=water", 0), 6); /* BFS ignores costs */
    CHECK_EQ_U(solve("3,5 -> 4", "cost=water", 1), 19);
    CHECK_EQ_U(solve("3,5 -> 4", "", 1), 6); /* Dijkstra with unit costs is BFS */
    CHECK_EQ_U(solve("3,5 -> 1", "", 0), 4); /* F1 P1-2 F1 P1-2 */
    CHECK_EQ_U(solve("3,5 -> 1", "cost=water", 1), 11);
    CHECK_EQ_U(solve("3,5 -> 3,4", "", 0), 6); /* where the 6-move solution ends */
    CHECK_EQ_U(solve("3,5,8 -> 1,4,0", "", 0), 9);
    CHECK_EQ_U(solve("3,5,8 -> 1,4,0", "cost=water", 1), 29);
    CHECK_EQ_U(solve("3,6 -> 4", "", 0), INF);
    CHECK_EQ_U(solve("3,5 -> 0,0", "start=3,5", 0), 2);
    CHECK_EQ_U(solve("8,5,3 -> 4,4,0", "start=8,0,0", 0), 7); /* the classic decanting */
    /* two jugs: BFS agrees with the one-way pouring procedure */
    for (a = 1; a <= 9; a++)
        for (b = a + 1; b <= 10; b++)
            for (t = 1; t < b; t++) {
                char text[32];
                uint64_t want, d, x, y;
                snprintf(text, sizeof text, "%u,%u -> %u", a, b, t);
                if ((d = solve(text, "", 0)) == INF)
                    continue; /* the procedure would not stop; test_solvability covers these */
                x = pour_one_way(a, b, t), y = pour_one_way(b, a, t);
                want = x < y ? x : y;
                CHECK_MSG(d == want, "%s: BFS %" PRIu64 ", procedure %" PRIu64, text, d, want);
            }
}

/* h never exceeds the true cost from any reachable state, and never drops by
 * more than a move's cost along a move (consistency). */
static void check_heuristics(const char *text, const char *opts, int water)
{
    ar_instance *inst = must(text, opts);
    const ar_heuristic *h;
    space sp = {0};
    unsigned char start[S], kids[64 * S];
    ar_move moves[64];
    uint32_t costs[64];
    size_t i;
    unsigned k, n, tight = 0;
    if (!inst)
        return;
    P->initial_state(inst, start);
    distance(inst, start, water, &sp);
    CHECK(sp.count > 1);
    for (h = P->heuristics; h && h->name; h++) {
        CHECK(h->flags & AR_HEURISTIC_ADMISSIBLE);
        for (i = 0; i < sp.count; i++) {
            uint64_t e = h->estimate(inst, sp.states[i]);
            uint64_t d = distance(inst, sp.states[i], water, NULL);
            if (d != INF)
                CHECK_MSG(e <= d, "%s [%s] heuristic %s: h=%" PRIu64 " > %" PRIu64, text, opts,
                          h->name, e, d);
            tight += d != INF && e == d && d > 0;
            CHECK(P->is_goal(inst, sp.states[i]) ? e == 0 : 1);
            n = ar_puzzle_successors(P, inst, sp.states[i], moves, costs, kids);
            for (k = 0; k < n; k++)
                CHECK(e <= costs[k] + h->estimate(inst, kids + k * S));
        }
    }
    CHECK_MSG(tight > 0, "%s: no state where the default heuristic is exact", text);
    free_space(&sp);
    P->destroy(inst);
}

/* With --cost water a move costs exactly the litres it moves: the largest
 * change of any one jug's contents. */
static void check_water_costs(const char *text)
{
    ar_instance *inst = must(text, "cost=water");
    space sp = {0};
    unsigned char start[S], kids[64 * S];
    ar_move moves[64];
    uint32_t costs[64];
    size_t i;
    unsigned k, j, n, most;
    if (!inst)
        return;
    P->initial_state(inst, start);
    distance(inst, start, 1, &sp);
    for (i = 0; i < sp.count; i++) {
        n = ar_puzzle_successors(P, inst, sp.states[i], moves, costs, kids);
        for (k = 0; k < n; k++) {
            for (most = 0, j = 0; j < S; j++) {
                int d = abs(kids[k * S + j] - sp.states[i][j]);
                most = (unsigned)d > most ? (unsigned)d : most;
            }
            CHECK(most >= 1);
            CHECK_EQ_U(costs[k], most);
            CHECK_EQ_U(P->move_cost(inst, moves[k]), most);
        }
    }
    free_space(&sp);
    P->destroy(inst);
}

static void test_generate(void)
{
    uint64_t seed;
    int differ = 0;
    char *first = NULL;
    for (seed = 1; seed <= 40; seed++) {
        ar_param jugs = {"jugs", seed % 2 ? "2" : "3"};
        char *a = NULL, *b = NULL;
        ar_error err;
        ar_instance *inst;
        CHECK(P->generate(&jugs, 1, seed, &a, &err) == AR_OK);
        CHECK(P->generate(&jugs, 1, seed, &b, &err) == AR_OK);
        if (!a || !b)
            return;
        CHECK_STR(a, b);
        if ((inst = must(a, "")) != NULL) {
            unsigned char start[S];
            P->initial_state(inst, start);
            CHECK_MSG(P->check_solvable(inst, NULL) == AR_OK, "%s", a);
            CHECK_MSG(distance(inst, start, 0, NULL) != INF, "%s", a);
            P->destroy(inst);
        }
        if (!first)
            first = a;
        else {
            differ |= strcmp(first, a) != 0;
            free(a);
        }
        free(b);
    }
    CHECK(differ);
    free(first);
    {
        ar_param bad = {"jugs", "7"};
        char *text = NULL;
        ar_error err;
        CHECK(P->generate(&bad, 1, 1, &text, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "parameter jugs: 7 is too large (2..6)");
    }
}

int main(void)
{
    P = ar_puzzle_find("jugs");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_jugs");
    CHECK(P->undo == NULL && P->inverse == NULL && P->successors == NULL && P->hash == NULL);
    test_create_errors();
    test_solvability();
    test_moves();
    test_replay();
    test_with_start();
    test_optimal();
    check_heuristics("3,5 -> 4", "", 0);
    check_heuristics("3,5 -> 4", "cost=water", 1);
    check_heuristics("3,5,8 -> 4", "", 0);
    check_heuristics("3,5,8 -> 4", "cost=water", 1);
    check_heuristics("3,5,8 -> 1,4,0", "", 0);
    check_heuristics("3,5,8 -> 1,4,0", "cost=water", 1);
    check_heuristics("4,9 -> 0,6", "cost=water", 1);
    check_water_costs("3,5,8 -> 4");
    check_water_costs("2,7,9,4 -> 6");
    test_generate();
    return check_report("test_jugs");
}
