/* test_strips.c — planning tasks and means-ends analysis: the operator-file
 * parser (every bad task refused in one line naming the line), grounding
 * (distinct constants, static preconditions), the household robot planned by
 * MEA, A* and BFS (14 steps each), the Sussman anomaly (MEA gives up with
 * protection in either goal order, takes 10 or 14 steps without it; BFS and A*
 * find the 6-step plan), a blocks world MEA solves (12 steps, 8 optimal), loop
 * detection, and every plan replayed twice: by the library's rules
 * (ar_puzzle_replay) and by a blocks world simulated here independently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/mea.h"
#include "ariadne/search.h"
#include "check.h"

static ar_instance *make(const ar_puzzle *p, const char *text, const char *opts, ar_error *err)
{
    char buf[128];
    ar_param params[4];
    size_t n;
    ar_instance *inst = NULL;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    n = ar_param_split(buf, params, 4);
    return p->create(text, params, n, &inst, err) == AR_OK ? inst : NULL;
}

/* Solves; returns the plan as text (malloc'd; NULL when none) and the outcome. */
static char *plan(const ar_puzzle *p, ar_instance *inst, const char *algo, ar_result *r)
{
    ar_search_options o;
    ar_error err;
    char *text = NULL;
    ar_search_options_init(&o);
    o.algorithm = algo;
    o.limits.node_limit = 200000;
    CHECK_MSG(ar_solve(p, inst, &o, NULL, r, &err) == AR_OK, "%s: %s", algo, err.message);
    if (r->outcome == AR_OUTCOME_SOLVED) {
        uint64_t len = 0, cost = 0;
        int solved = 0;
        text = ar_puzzle_format_moves(p, inst, r->moves, r->length);
        CHECK(text && ar_puzzle_replay(p, inst, text, &len, &cost, &solved, NULL, &err) == AR_OK);
        CHECK_MSG(solved && len == r->length, "%s: the plan does not replay", algo);
    }
    return text;
}

/* The blocks world simulated independently: below[x] is the block under x
 * (-1: the table), held the block in hand (-1: none). Moves are the text. */
static int blocks_replay(const char *moves, const int *start_below, int nblocks, const int *goal_below)
{
    int below[8], held = -1, i;
    char op[16], cx, cy;
    int x, y, n;
    const char *s = moves;
    memcpy(below, start_below, sizeof *below * (size_t)nblocks);
    while (*s) {
        int clear_x = 1, clear_y = 1;
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        cy = 'a';
        n = 0;
        if (sscanf(s, "%15[a-z](%c,%c)%n", op, &cx, &cy, &n) != 3 || !n) {
            n = 0;
            if (sscanf(s, "%15[a-z](%c)%n", op, &cx, &n) != 2 || !n)
                return 0;
        }
        x = cx - 'a';
        y = cy - 'a';
        if (x < 0 || x >= nblocks || y < 0 || y >= nblocks)
            return 0;
        s += n;
        for (i = 0; i < nblocks; i++) {
            if (below[i] == x && i != held)
                clear_x = 0;
            if (below[i] == y && i != held)
                clear_y = 0;
        }
        if (strcmp(op, "pickup") == 0) {
            if (held >= 0 || below[x] != -1 || !clear_x)
                return 0;
            held = x;
            below[x] = -2;
        } else if (strcmp(op, "putdown") == 0) {
            if (held != x)
                return 0;
            below[x] = -1;
            held = -1;
        } else if (strcmp(op, "stack") == 0) {
            if (held != x || !clear_y || y == x || below[y] == -2)
                return 0;
            below[x] = y;
            held = -1;
        } else if (strcmp(op, "unstack") == 0) {
            if (held >= 0 || below[x] != y || !clear_x)
                return 0;
            below[x] = -2;
            held = x;
        } else
            return 0;
    }
    for (i = 0; i < nblocks; i++)
        if (goal_below[i] != -3 && below[i] != goal_below[i])
            return 0;
    return held < 0 || goal_below[held] == -3;
}

static void test_robot(void)
{
    const ar_puzzle *p = ar_puzzle_find("strips");
    ar_error err;
    ar_instance *inst = make(p, NULL, "problem=robot", &err);
    const char *algos[] = {"astar", "bfs", "mea"};
    int i;
    CHECK_MSG(inst != NULL, "%s", inst ? "" : err.message);
    if (!inst)
        return;
    for (i = 0; i < 3; i++) {
        ar_result r;
        char *text = plan(p, inst, algos[i], &r);
        CHECK_MSG(r.outcome == AR_OUTCOME_SOLVED && r.length == 14, "%s: %llu steps", algos[i],
                  (unsigned long long)r.length);
        CHECK(i == 2 ? !r.optimal : r.optimal);
        if (i == 2 && text) /* MEA's plan: the desk first, then the book, then the lamp */
            CHECK_STR(text, "walk(room2,room1) pickup(lamp,book,room1) putdown(lamp,room1) "
                            "pickup(book,desk,room1) putdown(book,room1) push(desk,room1,room2) "
                            "walk(room2,room1) pickup(book,floor,room1) carry(book,room1,room2) "
                            "place(book,desk,room2) walk(room2,room1) pickup(lamp,floor,room1) "
                            "carry(lamp,room1,room2) place(lamp,book,room2)");
        free(text);
        ar_result_free(&r);
    }
    /* moves may be written with spaces after the commas */
    {
        uint64_t len, cost;
        int solved;
        CHECK(ar_puzzle_replay(p, inst, "walk(room2, room1), pickup(lamp, book, room1)", &len, &cost,
                               &solved, NULL, &err) == AR_OK && len == 2 && !solved);
        CHECK(ar_puzzle_replay(p, inst, "push(desk,room1,room2)", &len, &cost, &solved, NULL, &err) ==
                  AR_ERR_INPUT && strstr(err.message, "illegal"));
        CHECK(ar_puzzle_replay(p, inst, "fly(room1)", &len, &cost, &solved, NULL, &err) ==
                  AR_ERR_INPUT && strstr(err.message, "not an operator"));
        CHECK(ar_puzzle_replay(p, inst, "walk(room1,room1)", &len, &cost, &solved, NULL, &err) ==
                  AR_ERR_INPUT && strstr(err.message, "distinct"));
    }
    p->destroy(inst);
}

static void test_sussman(void)
{
    static const int start[3] = {-1, -1, 0};   /* a, b on the table, c on a */
    static const int goal[3] = {1, 2, -3};     /* a on b, b on c, c anywhere */
    static const struct {
        const char *opts;
        int mea_solves;
        uint64_t mea_len;
    } cases[] = {{"problem=sussman", 0, 0},
                 {"problem=sussman-swapped", 0, 0},
                 {"problem=sussman protect=off", 1, 10},
                 {"problem=sussman-swapped protect=off", 1, 14}};
    const ar_puzzle *p = ar_puzzle_find("strips");
    size_t c;
    /* the independent simulator refuses what the rules refuse */
    CHECK(!blocks_replay("pickup(a)", start, 3, goal));
    CHECK(!blocks_replay("unstack(c,a) stack(c,c)", start, 3, goal));
    CHECK(!blocks_replay("unstack(c,a) putdown(c)", start, 3, goal)); /* legal, not the goal */
    for (c = 0; c < sizeof cases / sizeof *cases; c++) {
        ar_error err;
        ar_instance *inst = make(p, NULL, cases[c].opts, &err);
        ar_result r;
        char *text;
        CHECK(inst != NULL);
        if (!inst)
            continue;
        text = plan(p, inst, "mea", &r);
        if (cases[c].mea_solves) {
            CHECK_MSG(r.outcome == AR_OUTCOME_SOLVED && r.length == cases[c].mea_len, "%s: %llu",
                      cases[c].opts, (unsigned long long)r.length);
            CHECK(text && blocks_replay(text, start, 3, goal));
        } else {
            /* the anomaly: MEA gives up, and says that proves nothing */
            CHECK(r.outcome == AR_OUTCOME_STOPPED && r.stop == AR_STOP_GAVE_UP);
            CHECK(strstr(r.note, "proves nothing") != NULL);
        }
        free(text);
        ar_result_free(&r);
        text = plan(p, inst, "bfs", &r);
        CHECK(r.outcome == AR_OUTCOME_SOLVED && r.length == 6 && r.optimal);
        CHECK(text && blocks_replay(text, start, 3, goal));
        free(text);
        ar_result_free(&r);
        text = plan(p, inst, "astar", &r);
        CHECK(r.outcome == AR_OUTCOME_SOLVED && r.length == 6 && r.optimal);
        free(text);
        ar_result_free(&r);
        p->destroy(inst);
    }
}

static void test_blocks(void)
{
    static const int start[4] = {1, 2, 3, -1}; /* a on b on c on d */
    static const int goal[4] = {-3, 0, 1, 2};  /* b on a, c on b, d on c */
    const ar_puzzle *p = ar_puzzle_find("strips");
    ar_error err;
    ar_instance *inst = make(p, NULL, "problem=blocks", &err);
    ar_result r;
    char *text;
    if (!inst) {
        CHECK(0);
        return;
    }
    text = plan(p, inst, "mea", &r);
    CHECK(r.outcome == AR_OUTCOME_SOLVED && r.length == 12 && text && blocks_replay(text, start, 4, goal));
    free(text);
    ar_result_free(&r);
    text = plan(p, inst, "bfs", &r);
    CHECK(r.outcome == AR_OUTCOME_SOLVED && r.length == 8 && text && blocks_replay(text, start, 4, goal));
    free(text);
    ar_result_free(&r);
    p->destroy(inst);
}

static void test_loops_and_proofs(void)
{
    const ar_puzzle *p = ar_puzzle_find("strips");
    ar_error err;
    ar_result r;
    ar_instance *inst;
    char *text;
    /* p by b needs q, q by a needs p again: MEA cuts that loop and goes on to c. */
    inst = make(p, "operator a\n pre p\n add q\noperator b\n pre q\n add p\noperator c\n pre r\n"
                   " add p\ninit r\ngoal p\nreduce p by b c", "", &err);
    CHECK(inst != NULL);
    if (inst) {
        text = plan(p, inst, "mea", &r);
        CHECK(r.outcome == AR_OUTCOME_SOLVED && text && strcmp(text, "c") == 0);
        CHECK(strstr(r.note, "(1 loops cut)") != NULL);
        free(text);
        ar_result_free(&r);
        p->destroy(inst);
    }
    /* without c there is no plan: h_max proves it before any search */
    inst = make(p, "operator a\n pre p\n add q\noperator b\n pre q\n add p\ninit r\ngoal p", "", &err);
    CHECK(inst != NULL);
    if (inst) {
        text = plan(p, inst, "mea", &r);
        CHECK(r.outcome == AR_OUTCOME_NO_SOLUTION && strstr(r.note, "even ignoring delete lists"));
        free(text);
        ar_result_free(&r);
        p->destroy(inst);
    }
    /* a static goal that is false: proven unsolvable before searching */
    inst = make(p, "operator a\n pre p\n add q\ninit p\ngoal q r", "", &err);
    CHECK(inst != NULL);
    if (inst) {
        text = plan(p, inst, "astar", &r);
        CHECK(r.outcome == AR_OUTCOME_NO_SOLUTION && strstr(r.note, "goal r"));
        free(text);
        ar_result_free(&r);
        p->destroy(inst);
    }
    /* a node limit stops MEA like any search */
    inst = make(p, NULL, "problem=robot", &err);
    if (inst) {
        ar_search_options o;
        ar_search_options_init(&o);
        o.algorithm = "mea";
        o.limits.node_limit = 3;
        CHECK(ar_solve(p, inst, &o, NULL, &r, &err) == AR_OK && r.outcome == AR_OUTCOME_STOPPED &&
              r.stop == AR_STOP_NODES);
        ar_result_free(&r);
        p->destroy(inst);
    }
}

static void expect_bad(const char *text, const char *fragment)
{
    const ar_puzzle *p = ar_puzzle_find("strips");
    ar_error err;
    ar_instance *inst = make(p, text, "", &err);
    CHECK_MSG(inst == NULL, "accepted: %s", text);
    if (inst) {
        p->destroy(inst);
        return;
    }
    CHECK_MSG(err.status == AR_ERR_INPUT && strstr(err.message, fragment) && !strchr(err.message, '\n'),
              "'%s': %s", text, err.message);
}

static void test_bad_tasks(void)
{
    const ar_puzzle *p = ar_puzzle_find("strips");
    ar_error err;
    expect_bad("pre p", "line 1: 'pre' before any operator");
    expect_bad("operator a\n pre p(?x)\ninit p\ngoal p", "line 2: ?x is not one of this operator's parameters");
    expect_bad("operator a(?x)\n add p(?x)\ninit p(b, c)\ngoal p(b)", "line 3: p takes 2 arguments here but 1");
    expect_bad("operator a\n add p\ninit p\ngoal p\nreduce q by a", "line 5: q is not a predicate");
    expect_bad("operator a\n add p\ninit p\ngoal p\nreduce p by b", "line 5: b is not an operator");
    expect_bad("operator a\n add p\ninit p", "no goal");
    expect_bad("init p\ngoal p", "no operator");
    expect_bad("operator a\n add p(\ninit p\ngoal p", "line 2");
    expect_bad("operator a(?x, ?x)\n add p\ngoal p", "line 1: parameter ?x twice");
    expect_bad("operator a\noperator a\n add p\ngoal p", "line 2: a second operator called a");
    expect_bad("operator a\n add p\ngoal p(?y)", "line 3: ?y: parameters belong in operators");
    expect_bad("operator a\n add p\nfrobnicate\ngoal p", "line 3: 'frobnicate' is not operator");
    expect_bad("operator a(?a,?b,?c,?d,?e,?f,?g)\n add p\ngoal p", "line 1: more than 6 parameters");
    expect_bad("operator 9a\n add p\ngoal p", "line 1: expected an operator name");
    CHECK(make(p, NULL, "problem=../etc", &err) == NULL && strstr(err.message, "is not a name of data/strips/"));
    CHECK(make(p, NULL, "problem=nosuch", &err) == NULL && strstr(err.message, "no 'nosuch'"));
    CHECK(make(p, NULL, "protect=maybe", &err) == NULL && strstr(err.message, "not on or off"));
}

int main(void)
{
    test_robot();
    test_sussman();
    test_blocks();
    test_loops_and_proofs();
    test_bad_tasks();
    return check_report("test_strips");
}
