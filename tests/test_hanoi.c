/* test_hanoi.c — unit tests of the Towers of Hanoi domain (src/puzzles/hanoi/: the
 * rules, instances, notation, closed-form solvers and `at`; hanoi_internal.h lists
 * the files). test_hanoi_search.c holds the search solvers and heuristics.
 *
 * The oracle is independent of the domain (hanoi_oracle.h): a breadth-first
 * search written in the tests over plain position arrays gives true distances,
 * and solutions are replayed with the test's own legality check. Frame-Stewart
 * lengths are compared with the reference table in
 * data/facts/reference-values.md (OEIS A007664/A007665). */
#include "hanoi_oracle.h"

/* ------------------------------------------------------------------ */
/* Reads the row of reference-values.md whose first column starts with key;
 * returns the number of values read (0 when the file or row is missing). */
static unsigned read_row(const char *path, const char *key, uint64_t *out, unsigned max)
{
    FILE *f = fopen(path, "r");
    char line[2048];
    unsigned n = 0;
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        char *p, *end;
        if (strncmp(line, key, strlen(key)) != 0)
            continue;
        p = strchr(line + 1, '|'); /* the value column */
        if (!p)
            break;
        p++;
        for (;;) {
            unsigned long long v = strtoull(p, &end, 10);
            if (end == p || n >= max)
                break;
            out[n++] = v;
            p = end;
        }
        break;
    }
    fclose(f);
    return n;
}

static void reference_path(char *buf, size_t size)
{
    const char *env = getenv("ARIADNE_DATA");
    if (env && *env) {
        snprintf(buf, size, "%s/facts/reference-values.md", env);
    } else {
        /* <source root>/tests/test_hanoi.c -> <source root>/data/... */
        const char *file = __FILE__;
        const char *cut = strstr(file, "tests/test_hanoi.c");
        int root = cut ? (int)(cut - file) : 0;
        snprintf(buf, size, "%.*sdata/facts/reference-values.md", root, file);
    }
}

static void test_frame_stewart_lengths(void)
{
    uint64_t row4[30], row5[30];
    char path[1024];
    unsigned n4, n5, n, k;
    const uint64_t *ref4 = fs4_ref, *ref5 = fs5_ref;
    ar_error err;
    ar_result r;

    reference_path(path, sizeof path);
    n4 = read_row(path, "| 4-peg Frame", row4, 30);
    n5 = read_row(path, "| 5-peg Frame", row5, 30);
    if (n4 == 30 && n5 == 30) {
        /* the copy above must match the file; use the file's numbers */
        for (n = 0; n < 30; n++) {
            CHECK_EQ_U(row4[n], fs4_ref[n]);
            CHECK_EQ_U(row5[n], fs5_ref[n]);
        }
        ref4 = row4;
        ref5 = row5;
    } else {
        /* The file is part of the repository (data/): missing is a failure. */
        CHECK_MSG(0, "%s not readable (rows %u, %u)", path, n4, n5);
    }

    for (k = 4; k <= 5; k++)
        for (n = 1; n <= 30; n++) {
            ar_instance *inst = make(NULL, k, n, NULL, NULL, &err);
            unsigned char start[MAXD], goal[MAXD];
            CHECK(inst != NULL);
            if (!inst)
                continue;
            CHECK_STR(P->default_algorithm(inst), "frame-stewart");
            CHECK(run("frame-stewart", inst, NULL, &r, &err) == AR_OK);
            CHECK(r.outcome == AR_OUTCOME_SOLVED);
            CHECK_EQ_U(r.length, (k == 4 ? ref4 : ref5)[n - 1]);
            CHECK(r.moves != NULL);
            CHECK_EQ_U(r.optimal, (k == 4 || n < k) ? 1 : 0);
            CHECK(r.note[0] != '\0');
            if (n <= 12 && r.moves) {
                memset(start, 0, n);
                memset(goal, k - 1, n);
                CHECK(own_verify(inst, r.moves, r.length, start, goal, n, k));
            }
            free(r.moves);
            P->destroy(inst);
        }
}

/* With more pegs than discs the seed says 2n-1 moves; with 3 pegs 2^n-1. */
static void test_seed_claims(void)
{
    unsigned k, n;
    ar_error err;
    ar_result r;
    for (k = 3; k <= 16; k++)
        for (n = 1; n < k && n <= 14; n++) {
            ar_instance *inst = make(NULL, k, n, NULL, NULL, &err);
            unsigned char start[MAXD], goal[MAXD];
            CHECK(inst && run("frame-stewart", inst, NULL, &r, &err) == AR_OK);
            if (!inst)
                continue;
            CHECK_EQ_U(r.length, 2 * n - 1);
            CHECK_EQ_U(r.optimal, 1);
            memset(start, 0, n);
            memset(goal, k - 1, n);
            CHECK(own_verify(inst, r.moves, r.length, start, goal, n, k));
            free(r.moves);
            P->destroy(inst);
        }
    for (n = 1; n <= 20; n++) {
        ar_instance *inst = make(NULL, 3, n, NULL, NULL, &err);
        unsigned char start[MAXD], goal[MAXD];
        CHECK(inst && run("recursive", inst, NULL, &r, &err) == AR_OK);
        if (!inst)
            continue;
        CHECK_EQ_U(r.length, ((uint64_t)1 << n) - 1);
        CHECK_EQ_U(r.optimal, 1);
        memset(start, 0, n);
        memset(goal, 2, n);
        if (n <= 14)
            CHECK(own_verify(inst, r.moves, r.length, start, goal, n, 3));
        free(r.moves);
        CHECK(run("frame-stewart", inst, NULL, &r, &err) == AR_OK);
        CHECK_EQ_U(r.length, ((uint64_t)1 << n) - 1);
        free(r.moves);
        P->destroy(inst);
    }
}

/* ------------------------------------------------------------------ */
/* Streaming */

typedef struct verify_sink {
    const ar_instance *inst;
    unsigned char pos[MAXD];
    unsigned n, pegs;
    uint64_t count, stop_after;
    int bad;
} verify_sink;

static ar_status verify_emit(void *ctx, const ar_move *moves, size_t count)
{
    verify_sink *v = ctx;
    size_t i;
    char buf[16];
    for (i = 0; i < count; i++) {
        P->format_move(v->inst, moves[i], buf, sizeof buf);
        if (!v->bad && !own_apply(v->pos, v->n, v->pegs, buf))
            v->bad = 1;
    }
    v->count += count;
    if (v->stop_after && v->count >= v->stop_after)
        return AR_ERR_IO;
    return AR_OK;
}

static void test_streaming(void)
{
    ar_error err;
    ar_result r;
    verify_sink v;
    ar_move_sink sink;
    ar_instance *inst = make(NULL, 3, 21, NULL, NULL, &err);
    unsigned char goal[MAXD];
    CHECK(inst != NULL);
    if (!inst)
        return;
    memset(&v, 0, sizeof v);
    v.inst = inst;
    v.n = 21;
    v.pegs = 3;
    sink.emit = verify_emit;
    sink.ctx = &v;
    CHECK(run("recursive", inst, &sink, &r, &err) == AR_OK);
    CHECK_EQ_U(r.streamed, 1);
    CHECK(r.moves == NULL);
    CHECK_EQ_U(r.length, (1u << 21) - 1);
    CHECK_EQ_U(v.count, (1u << 21) - 1);
    CHECK_EQ_U(v.bad, 0);
    memset(goal, 2, 21);
    CHECK(memcmp(v.pos, goal, 21) == 0);
    P->destroy(inst);

    /* 64 discs: too long to store; a sink that fails stops the stream */
    inst = make(NULL, 3, 64, NULL, NULL, &err);
    CHECK(inst != NULL);
    if (!inst)
        return;
    CHECK(run("recursive", inst, NULL, &r, &err) == AR_ERR_UNSUPPORTED);
    CHECK(err.message[0] != '\0');
    memset(&v, 0, sizeof v);
    v.inst = inst;
    v.n = 64;
    v.pegs = 3;
    v.stop_after = 10000;
    CHECK(run("recursive", inst, &sink, &r, &err) == AR_ERR_IO);
    CHECK(err.message[0] != '\0');
    CHECK_EQ_U(r.lower_bound, UINT64_MAX);
    CHECK_EQ_U(v.bad, 0);
    CHECK(v.count >= 10000 && v.count < 20000);
    P->destroy(inst);

    /* an interrupt stops a stream with outcome STOPPED */
    {
        ar_search_options o;
        volatile sig_atomic_t flag = 1;
        const ar_domain_solver *s = ar_puzzle_solver(P, "recursive");
        inst = make(NULL, 3, 40, NULL, NULL, &err);
        init_opts(&o);
        o.limits.interrupt = &flag;
        memset(&r, 0, sizeof r);
        memset(&v, 0, sizeof v);
        v.inst = inst;
        v.n = 40;
        v.pegs = 3;
        CHECK(s && inst && s->run(inst, &o, &sink, &r, &err) == AR_OK);
        CHECK(r.outcome == AR_OUTCOME_STOPPED);
        CHECK(r.stop == AR_STOP_INTERRUPT);
        CHECK_EQ_U(r.optimal, 0);
        CHECK_EQ_U(v.count, 0);
        P->destroy(inst);
    }
}

/* ------------------------------------------------------------------ */
/* state_after */

static void check_state_after(unsigned k, unsigned n, const char *algo)
{
    ar_error err;
    ar_result r;
    ar_instance *inst = make(NULL, k, n, NULL, NULL, &err);
    unsigned char *state, *expect;
    uint64_t m;
    size_t ss;
    if (!inst) {
        CHECK(inst != NULL);
        return;
    }
    ss = P->state_size(inst);
    state = malloc(ss);
    expect = malloc(ss);
    CHECK(run(algo, inst, NULL, &r, &err) == AR_OK);
    P->initial_state(inst, expect);
    for (m = 0; m <= r.length; m++) {
        CHECK(P->state_after(inst, m, state, &err) == AR_OK);
        CHECK_MSG(memcmp(state, expect, ss) == 0, "k=%u n=%u m=%llu", k, n, (unsigned long long)m);
        if (m < r.length)
            P->apply(inst, expect, r.moves[m]);
    }
    CHECK(P->is_goal(inst, expect));
    ar_error_clear(&err);
    CHECK(P->state_after(inst, r.length + 1, state, &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "the solution has only") != NULL);
    free(r.moves);
    free(state);
    free(expect);
    P->destroy(inst);
}

static void test_state_after(void)
{
    unsigned n;
    ar_error err;
    for (n = 1; n <= 10; n++)
        check_state_after(3, n, "recursive");
    for (n = 1; n <= 14; n++)
        check_state_after(4, n, "frame-stewart");
    for (n = 1; n <= 12; n += 3)
        check_state_after(5, n, "frame-stewart");
    check_state_after(7, 20, "frame-stewart");
    check_state_after(16, 64, "frame-stewart");

    /* 64 discs on 3 pegs after 2^63 moves: the largest disc has just moved */
    {
        ar_instance *inst = make(NULL, 3, 64, NULL, NULL, &err);
        unsigned char st[64];
        char buf[80], expect[80];
        CHECK(inst && P->state_after(inst, (uint64_t)1 << 63, st, &err) == AR_OK);
        if (inst) {
            P->format_state(inst, st, buf, sizeof buf);
            memset(expect, '2', 63); /* the 63 smaller discs went 1 -> 2 via 3 */
            expect[63] = '3';
            expect[64] = '\0';
            CHECK_STR(buf, expect);
            CHECK(P->state_after(inst, UINT64_MAX, st, &err) == AR_OK);
            CHECK(P->is_goal(inst, st));
            P->destroy(inst);
        }
    }
    /* not tower to tower: unsupported */
    {
        ar_instance *inst = make("1213", 4, 0, NULL, NULL, &err);
        unsigned char st[64];
        CHECK(inst != NULL);
        if (inst) {
            ar_error_clear(&err);
            CHECK(P->state_after(inst, 1, st, &err) == AR_ERR_UNSUPPORTED);
            CHECK(err.message[0] != '\0');
            P->destroy(inst);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Parsing and rejections */

static void expect_create_error(const char *text, const char *pegs, const char *discs,
                                const char *from, const char *to)
{
    ar_param params[4];
    size_t n = 0;
    ar_instance *inst = NULL;
    ar_error err;
    ar_status st;
    if (pegs) {
        params[n].name = "pegs";
        params[n++].value = pegs;
    }
    if (discs) {
        params[n].name = "discs";
        params[n++].value = discs;
    }
    if (from) {
        params[n].name = "from";
        params[n++].value = from;
    }
    if (to) {
        params[n].name = "to";
        params[n++].value = to;
    }
    ar_error_clear(&err);
    st = P->create(text, params, n, &inst, &err);
    CHECK_MSG(st == AR_ERR_INPUT, "text '%s' pegs %s discs %s from %s to %s: status %d",
              text ? text : "(null)", pegs ? pegs : "-", discs ? discs : "-", from ? from : "-",
              to ? to : "-", (int)st);
    CHECK(inst == NULL);
    CHECK(err.message[0] != '\0' && strchr(err.message, '\n') == NULL);
    if (inst)
        P->destroy(inst);
}

static void expect_move_error(const ar_instance *inst, const char *text, const char *fragment)
{
    unsigned char state[64];
    ar_move m;
    ar_error err;
    P->initial_state(inst, state);
    ar_error_clear(&err);
    CHECK_MSG(P->parse_move(inst, state, text, strlen(text), &m, &err) == AR_ERR_INPUT, "'%s'",
              text);
    CHECK_MSG(strstr(err.message, fragment) != NULL, "'%s' gave '%s', expected '%s'", text,
              err.message, fragment);
}

static void test_rejections(void)
{
    ar_error err;
    ar_instance *inst;
    char longpos[200];

    expect_create_error("1121", NULL, "5", NULL, NULL);   /* wrong length */
    expect_create_error("1151", "4", NULL, NULL, NULL);   /* peg out of range */
    expect_create_error("1141", NULL, NULL, NULL, NULL);  /* peg 4 of 3 */
    expect_create_error("1101", NULL, NULL, NULL, NULL);  /* peg 0 */
    expect_create_error("11x1", NULL, NULL, NULL, NULL);  /* not a digit */
    expect_create_error("11\x01" "1", NULL, NULL, NULL, NULL);
    expect_create_error("1,2,,3", "4", NULL, NULL, NULL);
    expect_create_error("1,2,", "4", NULL, NULL, NULL);
    expect_create_error("1,17,2", "16", NULL, NULL, NULL);
    expect_create_error("1,1A,2", "16", NULL, NULL, NULL);
    expect_create_error(NULL, "16", NULL, "1,1 2,2", NULL);
    expect_create_error("1,H,2", "16", NULL, NULL, NULL);
    expect_create_error("1,99999999999999999999,2", "16", NULL, NULL, NULL);
    expect_create_error("1121 1", NULL, NULL, NULL, NULL);       /* goal length */
    expect_create_error("1121 3333 2222", NULL, NULL, NULL, NULL); /* three words */
    expect_create_error("1121", NULL, NULL, "1111", NULL);       /* conflicting start */
    expect_create_error("1121 3333", NULL, NULL, NULL, "2222");  /* conflicting goal */
    expect_create_error(NULL, NULL, NULL, "111", "3333");
    expect_create_error(NULL, NULL, NULL, "", NULL);
    expect_create_error(NULL, "0", NULL, NULL, NULL);
    expect_create_error(NULL, "1", NULL, NULL, NULL);
    expect_create_error(NULL, "2", NULL, NULL, NULL);
    expect_create_error(NULL, "17", NULL, NULL, NULL);
    expect_create_error(NULL, "four", NULL, NULL, NULL);
    expect_create_error(NULL, NULL, "0", NULL, NULL);
    expect_create_error(NULL, NULL, "65", NULL, NULL);
    expect_create_error(NULL, NULL, "-1", NULL, NULL);
    expect_create_error(NULL, NULL, "abc", NULL, NULL);
    expect_create_error(NULL, NULL, "", NULL, NULL);
    memset(longpos, '1', 65);
    longpos[65] = '\0';
    expect_create_error(longpos, NULL, NULL, NULL, NULL);
    memset(longpos, '1', 199);
    longpos[199] = '\0';
    expect_create_error(longpos, NULL, NULL, NULL, NULL);

    inst = make("1121", 4, 0, NULL, NULL, &err); /* pegs: 1 has 1,2,4; 2 has 3 */
    CHECK(inst != NULL);
    if (!inst)
        return;
    expect_move_error(inst, "3-1", "peg 3 is empty");
    expect_move_error(inst, "2-1", "disc 3 cannot go on disc 1");
    expect_move_error(inst, "1-7", "peg 7 does not exist");
    expect_move_error(inst, "7-1", "peg 7 does not exist");
    expect_move_error(inst, "0-1", "does not exist");
    expect_move_error(inst, "123456789012345-1", "does not exist");
    expect_move_error(inst, "13", "expected a move like 1-3");
    expect_move_error(inst, "", "expected a move like 1-3");
    expect_move_error(inst, "-", "expected a move like 1-3");
    expect_move_error(inst, "1-", "expected a move like 1-3");
    expect_move_error(inst, "a-b", "does not exist");
    expect_move_error(inst, "x-1", "expected a move like 1-3");
    expect_move_error(inst, "1-3-2", "expected a move like 1-3");
    expect_move_error(inst, "1-1", "another peg");
    {
        /* a whole move string through the generic replay */
        uint64_t len, cost;
        int solved;
        ar_error_clear(&err);
        CHECK(ar_puzzle_replay(P, inst, "1-3 1-4 3-4 2-3", &len, &cost, &solved, NULL, &err) ==
              AR_OK);
        CHECK_EQ_U(len, 4);
        CHECK(ar_puzzle_replay(P, inst, "1-3 1-3", &len, &cost, &solved, NULL, &err) ==
              AR_ERR_INPUT);
        CHECK(strstr(err.message, "disc 2 cannot go on disc 1") != NULL);
    }
    P->destroy(inst);
}

/* ------------------------------------------------------------------ */
/* The rest of the interface */

static void test_interface(void)
{
    ar_error err;
    ar_instance *inst;
    char buf[256];
    unsigned char st[64], st2[64];
    ar_move moves[200];
    uint32_t costs[200];
    unsigned char succ[200 * 32];
    unsigned n, i;

    inst = make(NULL, 4, 10, NULL, NULL, &err);
    CHECK(inst != NULL);
    if (inst) {
        P->describe(inst, buf, sizeof buf);
        CHECK_STR(buf, "4 pegs, 10 discs, 1111111111 -> 4444444444");
        CHECK_EQ_U(P->state_size(inst), 3);
        CHECK_EQ_U(P->state_count(inst), 1048576);
        CHECK_EQ_U(P->max_moves(inst), 6);
        P->destroy(inst);
    }
    inst = make(NULL, 0, 0, NULL, NULL, &err); /* defaults */
    CHECK(inst != NULL);
    if (inst) {
        P->describe(inst, buf, sizeof buf);
        CHECK_STR(buf, "3 pegs, 8 discs, 11111111 -> 33333333");
        P->destroy(inst);
    }
    /* start and goal in the text, with an arrow; equal start and goal */
    inst = make("  1121 -> 3333\n", 0, 0, NULL, NULL, &err);
    CHECK(inst != NULL);
    if (inst) {
        P->describe(inst, buf, sizeof buf);
        CHECK_STR(buf, "3 pegs, 4 discs, 1121 -> 3333");
        P->destroy(inst);
    }
    inst = make("2222", 0, 4, "2222", "2222", &err);
    CHECK(inst != NULL);
    if (inst) {
        ar_result r;
        P->initial_state(inst, st);
        CHECK(P->is_goal(inst, st));
        CHECK(run("recursive", inst, NULL, &r, &err) == AR_OK);
        CHECK_EQ_U(r.length, 0);
        CHECK_EQ_U(r.optimal, 1);
        free(r.moves);
        P->destroy(inst);
    }
    /* letters and comma lists for pegs 10..16 */
    inst = make("1AG,", 16, 0, NULL, NULL, &err);
    CHECK(inst == NULL);
    inst = make("1,10,16", 16, 0, NULL, "GGG", &err);
    CHECK_MSG(inst != NULL, "%s", err.message);
    if (inst) {
        ar_instance *same = make("1AG", 16, 0, " 1, a ,16 ", "16,g,G", &err);
        unsigned char a[64], b[64];
        CHECK_MSG(same != NULL, "%s", err.message);
        if (same) {
            P->initial_state(inst, a);
            P->initial_state(same, b);
            CHECK(memcmp(a, b, P->state_size(inst)) == 0);
            P->destroy(same);
        }
        P->destroy(inst);
    }
    inst = make("1,10,16", 16, 0, NULL, "GGG", &err);
    CHECK_MSG(inst != NULL, "%s", err.message);
    if (inst) {
        P->initial_state(inst, st);
        P->format_state(inst, st, buf, sizeof buf);
        CHECK_STR(buf, "1AG");
        n = P->legal_moves(inst, st, moves);
        CHECK_EQ_U(n, 3 * 15 - 3);
        P->format_move(inst, moves[0], buf, sizeof buf);
        CHECK_STR(buf, "1-2");
        for (i = 0; i < n; i++) {
            size_t len = P->format_move(inst, moves[i], buf, sizeof buf);
            ar_move back;
            CHECK(len == strlen(buf));
            CHECK(P->parse_move(inst, st, buf, len, &back, &err) == AR_OK && back == moves[i]);
        }
        {
            ar_move m;
            CHECK(P->parse_move(inst, st, "A-16", 4, &m, &err) == AR_OK);
            P->format_move(inst, m, buf, sizeof buf);
            CHECK_STR(buf, "10-16");
            CHECK(P->parse_move(inst, st, "G-a", 3, &m, &err) == AR_ERR_INPUT); /* 16 onto 10 */
        }
        P->destroy(inst);
    }
    /* successors agree with legal_moves + apply; undo and inverse */
    inst = make("1121", 4, 0, NULL, NULL, &err);
    if (inst) {
        size_t ss = P->state_size(inst);
        P->initial_state(inst, st);
        n = P->successors(inst, st, moves, costs, succ);
        CHECK_EQ_U(n, 5); /* 1->3, 1->4, 2->3, 2->4, 1->2? no: disc 3 on peg 2 is bigger */
        for (i = 0; i < n; i++) {
            memcpy(st2, st, ss);
            P->apply(inst, st2, moves[i]);
            CHECK(memcmp(st2, succ + i * ss, ss) == 0);
            CHECK_EQ_U(costs[i], 1);
            P->apply(inst, st2, P->inverse(inst, moves[i]));
            CHECK(memcmp(st2, st, ss) == 0);
            P->apply(inst, st2, moves[i]);
            P->undo(inst, st2, moves[i]);
            CHECK(memcmp(st2, st, ss) == 0);
        }
        P->format_move(inst, moves[0], buf, 3); /* truncation */
        CHECK_STR(buf, "1-");
        CHECK_STR(P->default_algorithm(inst), "astar");
        P->destroy(inst);
    }
    /* default algorithms */
    inst = make(NULL, 5, 30, "22222222222222222222", NULL, &err);
    CHECK(inst == NULL); /* 20 discs given, --discs 30 */
    inst = make(NULL, 5, 0, "2222222222", "5555522222", &err);
    CHECK(inst != NULL);
    if (inst) {
        ar_result r;
        CHECK_STR(P->default_algorithm(inst), "frame-stewart"); /* top 5 discs form towers */
        CHECK(run("frame-stewart", inst, NULL, &r, &err) == AR_OK);
        CHECK_EQ_U(r.length, fs5_ref[4]);
        free(r.moves);
        CHECK(run("recursive", inst, NULL, &r, &err) == AR_ERR_UNSUPPORTED);
        P->destroy(inst);
    }
    inst = make("1234123412341234", 4, 0, NULL, NULL, &err);
    if (inst) {
        ar_result r;
        /* 16 moving discs on 4 pegs: pattern databases prove the optimum */
        CHECK_STR(P->default_algorithm(inst), "pdb");
        CHECK(run("frame-stewart", inst, NULL, &r, &err) == AR_ERR_UNSUPPORTED);
        CHECK(err.message[0] != '\0');
        P->destroy(inst);
    }
    /* generate gives text that create accepts */
    {
        ar_param params[2] = {{"pegs", "5"}, {"discs", "12"}};
        char *text = NULL;
        CHECK(P->generate(params, 2, 42, &text, &err) == AR_OK);
        if (text) {
            ar_instance *g = NULL;
            CHECK(P->create(text, params, 2, &g, &err) == AR_OK);
            CHECK(strlen(text) == 25);
            if (g)
                P->destroy(g);
            free(text);
        }
    }
}

int main(void)
{
    test_interface();
    test_rejections();
    test_frame_stewart_lengths();
    test_seed_claims();
    test_streaming();
    test_state_after();
    return check_report("test_hanoi");
}
