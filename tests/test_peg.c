/* test_peg.c — peg solitaire: bad input, the notes' notation (Bergholt's
 * 18-move solution replayed), the move code, the rule of three against an
 * exhaustive search written here (and the French-board table of the facts
 * file), the fast solver's solutions replayed, the fewest-move solver against
 * the exhaustive search, and the first levels of the central game's count
 * against G. Bell's table. */
#include "check.h"
#include "puzzles/peg/peg_internal.h"
#include "ariadne/run.h"
#include "ariadne/search.h"

#include <stdlib.h>
#include <string.h>

static const ar_puzzle *P;

static ar_instance *make(const char *text, const char *opts)
{
    ar_param params[8];
    char buf[256];
    size_t n = 0;
    ar_instance *in = NULL;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    n = ar_param_split(buf, params, 8);
    if (P->create(text, params, n, &in, &err) != AR_OK) {
        CHECK_MSG(0, "create '%s' [%s]: %s", text ? text : "(none)", opts ? opts : "", err.message);
        return NULL;
    }
    return in;
}

static void bad(const char *text, const char *opts, const char *want)
{
    ar_param params[8];
    char buf[256];
    size_t n;
    ar_instance *in = NULL;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", opts ? opts : "");
    n = ar_param_split(buf, params, 8);
    ar_error_clear(&err);
    CHECK_EQ_U(P->create(text, params, n, &in, &err), AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, want) != NULL, "'%s': got '%s', want '%s'", text ? text : "", err.message, want);
    CHECK(strchr(err.message, '\n') == NULL);
}

static void input_errors(void)
{
    bad("ooo\nox.", NULL, "row 2: expected 'o' (peg), '.' (empty hole) or ' ' (no hole)");
    bad("....\n..", NULL, "no pegs");
    bad("  /  ", NULL, "no holes");
    bad("ooooooooooooooooooooooooooo", NULL, "larger than 26 by 26");
    bad("oooooooooooooooooooo/oooooooooooooooooooo/oooooooooooooooooooo/oooooo", NULL, "more than 64 holes");
    bad("german", NULL, "unknown board");
    bad(NULL, "board=swiss", "unknown board");
    bad(NULL, "start=z9", "no such hole");
    bad(NULL, "start=a1", "no such hole"); /* a corner of the English box has no hole */
    bad("oo.o", "notation=letters", "only the English board has lettered holes");
    bad("oo.o", "start=a1", "applies to the built-in boards");
    bad("english -> q", NULL, "no such hole");
    bad("english -> d4 d5", NULL, "expected one hole after '->'");
    bad(NULL, "notation=runes", "expected letters or coords");
}

static ar_status replay(ar_instance *in, const char *moves, uint64_t *len, int *solved, ar_error *err)
{
    uint64_t cost;
    return ar_puzzle_replay(P, in, moves, len, &cost, solved, NULL, err);
}

static void notation(void)
{
    ar_instance *in = make("english", NULL);
    uint64_t len = 0, pos;
    int solved = 0;
    ar_error err;
    ar_move m;
    /* The lecture notes' Bergholt solution, short forms as printed there
     * ("elcPDGJm2igL5CpA2M2a3d5o"), with L5 and d5 leaving one position each. */
    CHECK_MSG(replay(in, "e l c P D G J m2 i g LJHljh C p A2 M2 a3 d5 o", &len, &solved, &err) == AR_OK,
              "%s", err.message);
    CHECK_EQ_U(len, 18);
    CHECK(solved);
    CHECK(replay(in, "ex", &len, &solved, &err) == AR_OK && len == 1 && !solved);
    CHECK(replay(in, "d4-d2", &len, &solved, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "no peg at d4"), "%s", err.message);
    CHECK(replay(in, "d2-d4 d4-d2", &len, &solved, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "no peg to jump over"), "%s", err.message);
    CHECK(replay(in, "b2-d4", &len, &solved, &err) == AR_ERR_INPUT);
    CHECK(replay(in, "x", &len, &solved, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "no peg at x"), "%s", err.message);
    CHECK(replay(in, "e#", &len, &solved, &err) == AR_ERR_INPUT);
    /* the move code: every chain of the start position round-trips */
    pos = in->start;
    {
        ar_move moves[1024];
        unsigned n = ar_peg_chains(&in->b, pos, moves, 1024), k;
        CHECK_EQ_U(n, 4);
        for (k = 0; k < n; k++) {
            char text[64];
            size_t l = P->format_move(in, moves[k], text, sizeof text);
            CHECK(P->parse_move(in, &pos, text, l, &m, &err) == AR_OK && m == moves[k]);
        }
    }
    /* pack/unpack for every length */
    {
        unsigned char dirs[PEG_MAX_CHAIN], back[PEG_MAX_CHAIN];
        unsigned len2, k, start;
        for (len2 = 1; len2 <= PEG_MAX_CHAIN; len2++) {
            dirs[0] = (unsigned char)(len2 & 3);
            for (k = 1; k < len2; k++)
                dirs[k] = (unsigned char)((dirs[k - 1] + (k % 3 == 0 ? 0 : k % 3 == 1 ? 1 : 3)) & 3);
            m = ar_peg_pack(37, dirs, len2);
            CHECK_EQ_U(ar_peg_unpack(m, &start, back), len2);
            CHECK_EQ_U(start, 37);
            CHECK(memcmp(dirs, back, len2) == 0);
        }
    }
    P->destroy(in);
}

/* --- an exhaustive search written here: every position reachable by jumps
 * (boards of at most 24 holes, one bit per position) --- */
static unsigned reachable_finishes(const peg_board *b, uint64_t start, uint64_t *finishes)
{
    size_t words = ((size_t)1 << b->holes) / 64 + 1;
    uint64_t *seen = calloc(words, 8), *stack = malloc(sizeof *stack * ((size_t)1 << b->holes));
    size_t top = 0;
    unsigned count = 0;
    *finishes = 0;
    stack[top++] = start;
    seen[start / 64] |= (uint64_t)1 << (start % 64);
    while (top) {
        uint64_t p = stack[--top];
        unsigned h, d;
        count++;
        if (!(p & (p - 1)))
            *finishes |= p;
        for (h = 0; h < b->holes; h++)
            for (d = 0; d < 4; d++) {
                int o = b->over[h][d], t = b->to[h][d];
                uint64_t q;
                if (o < 0 || !(p >> h & 1) || !(p >> o & 1) || (p >> t & 1))
                    continue;
                q = p ^ ((uint64_t)1 << h) ^ ((uint64_t)1 << o) ^ ((uint64_t)1 << t);
                if (!(seen[q / 64] >> (q % 64) & 1)) {
                    seen[q / 64] |= (uint64_t)1 << (q % 64);
                    stack[top++] = q;
                }
            }
    }
    free(seen);
    free(stack);
    return count;
}

static void rule_of_three(void)
{
    static const char *const boards[] = {"oooo/oooo/oooo", "oooo/oooo/oooo/oooo", "ooooo/ooooo/ooooo",
                                         "  ooo/ ooooo/oooooo", "ooooooooo", " ooo/ooooo/ ooo"};
    unsigned k, h, f, proved = 0, solvable = 0;
    for (k = 0; k < sizeof boards / sizeof *boards; k++) {
        ar_instance *in = make(boards[k], NULL);
        if (!in)
            continue;
        for (h = 0; h < in->b.holes; h++) {
            uint64_t all = ((uint64_t)1 << in->b.holes) - 1, finishes;
            ar_error err;
            in->start = all & ~((uint64_t)1 << h);
            reachable_finishes(&in->b, in->start, &finishes);
            for (f = 0; f <= in->b.holes; f++) {
                ar_status st;
                int can;
                in->finish = f == in->b.holes ? -1 : (int)f;
                can = in->finish < 0 ? finishes != 0 : (int)(finishes >> f & 1);
                st = P->check_solvable(in, &err);
                /* the rule never refuses a solvable problem */
                CHECK_MSG(!(can && st != AR_OK), "%s vacancy %u finish %d: refused but solvable", boards[k], h, in->finish);
                proved += st != AR_OK;
                solvable += can;
            }
        }
        P->destroy(in);
    }
    CHECK(proved > 100 && solvable > 40);
    printf("rule of three: %u problems refused, %u solvable, none refused wrongly\n", proved, solvable);
}

/* The facts file's French-board table (section 2). */
static void french(void)
{
    static const struct { const char *start, *finishes; } solvable[] = {
        {"c1", "e1 b4 e4 e7"}, {"d2", "a3 d3 g3 d6"}, {"d3", "d2 a5 d5 g5"}};
    static const char *const impossible[] = {"d1", "b2", "c2", "c3", "d4"};
    unsigned k, h;
    char opts[64], name[8];
    ar_error err;
    for (k = 0; k < 3; k++) {
        char got[64] = "";
        ar_instance *in;
        snprintf(opts, sizeof opts, "board=french start=%s", solvable[k].start);
        if (!(in = make(NULL, opts)))
            continue;
        for (h = 0; h < in->b.holes; h++) {
            in->finish = (int)h;
            if (P->check_solvable(in, &err) == AR_OK) {
                ar_peg_hole_name(&in->b, h, name, sizeof name);
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[0] ? " " : "", name);
            }
        }
        /* holes in reading order: compare as sets */
        {
            char want[64], *tok;
            unsigned n = 0;
            snprintf(want, sizeof want, "%s", solvable[k].finishes);
            for (tok = strtok(want, " "); tok; tok = strtok(NULL, " "), n++)
                CHECK_MSG(strstr(got, tok) != NULL, "French %s: %s should be allowed (got %s)", solvable[k].start, tok, got);
            CHECK_EQ_U(strlen(got), strlen(solvable[k].finishes));
        }
        P->destroy(in);
    }
    for (k = 0; k < 5; k++) {
        ar_instance *in;
        snprintf(opts, sizeof opts, "board=french start=%s", impossible[k]);
        if (!(in = make(NULL, opts)))
            continue;
        CHECK_MSG(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE, "French %s should be refused", impossible[k]);
        P->destroy(in);
    }
}

/* How solve() runs the dfs solver: 0 as the CLI does; 1 without its beam
 * (the depth-first search and the dual game alone); 2 as the CLI does, and
 * the solution must come from the beam. */
static int dfs_mode;

static void solve(const char *text, const char *opts, const char *algo, int want_solved, uint64_t want_len)
{
    ar_instance *in = make(text, opts);
    ar_search_options o;
    ar_result res;
    ar_error err;
    char *moves;
    uint64_t len = 0, cost;
    int solved = 0;
    if (!in)
        return;
    in->no_beam = dfs_mode == 1;
    ar_search_options_init(&o);
    o.limits.time_limit = 90; /* wall time: generous for a loaded machine and sanitizers */
    ar_result_init(&res);
    CHECK(ar_puzzle_solver(P, algo)->run(in, &o, NULL, &res, &err) == AR_OK);
    CHECK_MSG((res.outcome == AR_OUTCOME_SOLVED) == want_solved, "%s %s: outcome %d", text ? text : opts, algo, res.outcome);
    if (res.outcome == AR_OUTCOME_SOLVED) {
        moves = ar_puzzle_format_moves(P, in, res.moves, res.length);
        CHECK_MSG(ar_puzzle_replay(P, in, moves, &len, &cost, &solved, NULL, &err) == AR_OK && solved,
                  "%s: %s does not replay: %s", text ? text : opts, moves, err.message);
        if (want_len)
            CHECK_EQ_U(res.length, want_len);
        if (dfs_mode)
            CHECK_MSG((strstr(res.note, "found by a beam") != NULL) == (dfs_mode == 2), "%s: %s", text ? text : opts,
                      res.note);
        free(moves);
    }
    ar_result_free(&res);
    P->destroy(in);
}

/* The fewest-move solver against the exhaustive jump search: same verdict. */
static void fewest(void)
{
    static const char *const boards[] = {"oooo/o.oo/oooo/oooo", "oooo/oooo/oooo/oooo/.ooo", "ooooo/oo.oo/ooooo",
                                         "  o/ooooo/oo.oo", "oo.oooo"};
    unsigned k;
    for (k = 0; k < sizeof boards / sizeof *boards; k++) {
        ar_instance *in = make(boards[k], NULL);
        uint64_t finishes;
        ar_run run;
        ar_search_options o;
        ar_result res;
        peg_bfs out;
        ar_error err;
        ar_move moves[64];
        if (!in)
            continue;
        reachable_finishes(&in->b, in->start, &finishes);
        ar_search_options_init(&o);
        ar_result_init(&res);
        ar_run_begin(&run, &o, &res);
        CHECK(ar_peg_bfs(in, &run, 1, &out, moves, &err) == AR_OK);
        ar_run_finish(&run);
        CHECK_MSG((out.goal_level >= 0) == (finishes != 0), "%s: bfs %d, exhaustive %d", boards[k], out.goal_level, finishes != 0);
        solve(boards[k], NULL, "moves", finishes != 0, out.goal_level > 0 ? (uint64_t)out.goal_level : 0);
        solve(boards[k], NULL, "dfs", finishes != 0, 0);
        ar_result_free(&res);
        P->destroy(in);
    }
}

static void bell_levels(void)
{
    static const uint64_t bell[] = {1, 1, 2, 9, 47, 263, 1452, 7772};
    ar_instance *in = make("english", NULL);
    ar_run run;
    ar_search_options o;
    ar_result res;
    peg_bfs out;
    ar_error err;
    unsigned k;
    if (!in)
        return;
    in->finish = -1;
    ar_search_options_init(&o);
    o.limits.node_limit = 1 + 1 + 2 + 9 + 47 + 263 + 1452 + 1; /* levels 0..6 expanded: 7 complete */
    ar_result_init(&res);
    ar_run_begin(&run, &o, &res);
    ar_peg_bfs(in, &run, 0, &out, NULL, &err);
    ar_run_finish(&run);
    for (k = 0; k < 8; k++)
        CHECK_EQ_U(out.by_move[k], bell[k]);
    ar_result_free(&res);
    P->destroy(in);
}

int main(void)
{
    P = ar_puzzle_find("peg");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_peg");
    input_errors();
    notation();
    rule_of_three();
    french();
    fewest();
    solve("english", NULL, "dfs", 1, 0);
    solve(NULL, "board=english start=c1 finish=c7", "dfs", 1, 0);
    /* the French board: every solvable start to any hole and to each finish
     * the rule of three allows, every solution replayed; the beam finds them
     * all (0.05 s each). Then the complete search without the beam, which
     * must still solve: the direct search (d2 -> d6, d3 -> a5) and the dual
     * game (c1 -> e7), 0.2-0.7 s of CPU (the slow finishes: bench peg). */
    {
        static const char *const french_problems[] = {
            "start=c1", "start=d2", "start=d3", "start=c1 finish=e1", "start=c1 finish=b4", "start=c1 finish=e4",
            "start=c1 finish=e7", "start=d2 finish=a3", "start=d2 finish=d3", "start=d2 finish=g3",
            "start=d2 finish=d6", "start=d3 finish=d2", "start=d3 finish=a5", "start=d3 finish=d5",
            "start=d3 finish=g5"};
        static const char *const without_beam[] = {"start=c1 finish=e7", "start=d2 finish=d6", "start=d3 finish=a5"};
        char opts[64];
        unsigned k;
        dfs_mode = 2;
        for (k = 0; k < sizeof french_problems / sizeof *french_problems; k++) {
            snprintf(opts, sizeof opts, "board=french %s", french_problems[k]);
            solve(NULL, opts, "dfs", 1, 0);
        }
        dfs_mode = 1;
        for (k = 0; k < sizeof without_beam / sizeof *without_beam; k++) {
            snprintf(opts, sizeof opts, "board=french %s", without_beam[k]);
            solve(NULL, opts, "dfs", 1, 0);
        }
        dfs_mode = 0;
    }
    bell_levels();
    return check_report("test_peg");
}
