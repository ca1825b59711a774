/* peg_tool.c — the command-line programs of peg solitaire: `ariadne bfs peg`
 * (the domain's own front end for the generic bfs verb: the two-bit search
 * needs a dense ranking, positions of 33 holes are counted better as a set)
 * and the bench suite `ariadne bench peg`.
 *
 * `ariadne bfs peg [INSTANCE] [--board B] [--start H] [--finish H]
 * [--time-limit S] [--memory-limit SIZE] [--quiet]` prints the positions first
 * reached after each number of moves, the positions by pegs left (= by
 * jumps made), the total up to symmetry and the first move level holding a
 * goal (a proof of the fewest moves). */
#include "peg_internal.h"
#include "ariadne/memory.h"
#include "ariadne/progress.h"
#include "ariadne/run.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern const ar_puzzle ar_domain_peg;

/* Published by G. Bell (and recomputed, data/peg/README.md): the central
 * game's positions first reached at each move, and by jumps. */
static const uint64_t bell_by_move[] = {1, 1, 2, 9, 47, 263, 1452, 7772, 38150, 164297, 585567,
                                        1641177, 3426496, 5111387, 5327135, 3909899, 2093768,
                                        843917, 255301, 57579, 10037, 1268, 148, 15};
static const uint64_t bell_by_jump[] = {1, 1, 2, 8, 39, 171, 719, 2757, 9751, 31312, 89927,
                                        229614, 517854, 1022224, 1753737, 2598215, 3312423,
                                        3626632, 3413313, 2765623, 1930324, 1160977, 600372,
                                        265865, 100565, 32250, 8688, 1917, 348, 50, 7, 2};

static ar_status count(const ar_instance *in, ar_search_options *o, ar_result *res, peg_bfs *out,
                       ar_error *err)
{
    ar_run run;
    ar_status st;
    ar_run_begin(&run, o, res);
    st = ar_peg_bfs(in, &run, 0, out, NULL, err);
    res->peak_bytes = run.mem.peak;
    ar_run_finish(&run);
    return st;
}

static int peg_bfs_tool(int argc, char **argv)
{
    const char *board = NULL, *start = NULL, *finish = NULL;
    const ar_opt opts[] = {{.name = "board", .kind = AR_OPT_TEXT, .dest = &board, .metavar = "B"},
                           {.name = "start", .kind = AR_OPT_TEXT, .dest = &start, .metavar = "H"},
                           {.name = "finish", .kind = AR_OPT_TEXT, .dest = &finish, .metavar = "H"},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "bfs peg", .help_topic = "peg",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_MEMORY_LIMIT,
                       .options = opts, .max_args = 1, .args_usage = "an instance"};
    ar_param params[3];
    size_t np = 0;
    ar_search_options o;
    ar_result res;
    ar_instance *in;
    ar_error err;
    peg_bfs out;
    char desc[256], bytes[32];
    unsigned k, holes, pegs;
    double t0;
    clock_t c0;
    int rc = ar_tool_parse(&cmd, argc, argv, 2), stopped;
    if (rc)
        return rc;
    if (board)
        params[np].name = "board", params[np++].value = board;
    if (start)
        params[np].name = "start", params[np++].value = start;
    if (finish)
        params[np].name = "finish", params[np++].value = finish;
    if (ar_domain_peg.create(cmd.nargs ? cmd.args[0] : NULL, params, np, &in, &err) != AR_OK)
        return ar_tool_fail("bfs peg: %s", err.message);
    ar_domain_peg.describe(in, desc, sizeof desc);
    ar_tool_install_sigint();
    ar_search_options_init(&o);
    o.limits = cmd.limits;
    o.progress = &cmd.progress;
    ar_result_init(&res);
    t0 = ar_now();
    c0 = clock();
    if (count(in, &o, &res, &out, &err) != AR_OK) {
        ar_progress_finish(&cmd.progress);
        ar_domain_peg.destroy(in);
        return ar_tool_fail("bfs peg: %s", err.message);
    }
    ar_progress_finish(&cmd.progress);
    holes = in->b.holes;
    pegs = (unsigned)__builtin_popcountll(in->start);
    stopped = res.outcome == AR_OUTCOME_STOPPED;
    if (cmd.json) {
        printf("{\"domain\":\"peg\",\"instance\":");
        ar_json_string(stdout, desc);
        printf(",\"complete\":%s,\"stop_reason\":", stopped ? "false" : "true");
        if (stopped)
            ar_json_string(stdout, ar_stop_reason_name(res.stop));
        else
            printf("null");
        printf(",\"by_move\":[");
        for (k = 0; k < out.levels; k++)
            printf("%s%" PRIu64, k ? "," : "", out.by_move[k]);
        printf("],\"by_pegs\":{");
        for (k = holes + 1, np = 0; k-- > 1;)
            if (out.by_pegs[k])
                printf("%s\"%u\":%" PRIu64, np++ ? "," : "", k, out.by_pegs[k]);
        printf("},\"positions\":%" PRIu64 ",\"seconds\":%.3f,\"peak_bytes\":%zu}\n", out.total, ar_now() - t0,
               res.peak_bytes);
    } else {
        printf("instance:   %s\n", desc);
        printf("moves  positions first reached (up to symmetry)\n");
        for (k = 0; k < out.levels; k++)
            printf("%u %" PRIu64 "\n", k, out.by_move[k]);
        printf("jumps  pegs  positions\n");
        for (k = holes + 1; k-- > 1;)
            if (out.by_pegs[k])
                printf("%u %u %" PRIu64 "\n", pegs - k, k, out.by_pegs[k]);
        printf("positions:  %" PRIu64 "%s\n", out.total,
               stopped ? " (so far: stopped by a limit)" : "");
        printf("time:       %.2f s (CPU %.2f s), memory %s\n", ar_now() - t0,
               (double)(clock() - c0) / CLOCKS_PER_SEC, ar_format_bytes(res.peak_bytes, bytes, sizeof bytes));
    }
    ar_domain_peg.destroy(in);
    ar_result_free(&res);
    return stopped ? AR_EXIT_LIMIT : AR_EXIT_OK;
}

const ar_tool ar_peg_tools[] = {
    {.name = "bfs",
     .usage = "ariadne bfs peg [INSTANCE] [--board B] [--start H] [--finish H] [--time-limit S] [--memory-limit SIZE] [--json]",
     .help = "Counts every position reachable from the start, one per symmetry class, by moves (a move\n"
     "is one peg's chain of jumps: the positions first reached after each number of moves) and by\n"
     "jumps (pegs left). The English central game gives 23,475,688 positions (G. Bell). About a\n"
     "minute and 0.5 GB for the English board.",
     .run = peg_bfs_tool},
    {.name = NULL}};

/* --- bench --- */

static int bench_peg(int quick)
{
    /* the central game, then the French board's three solvable starts (up to
     * symmetry) to one peg anywhere and to each finish the rule of three
     * allows (the facts file's table): all solvable, all in --quick too
     * (each a few hundredths of a second since the beam, peg_solve.c) */
    static const char *const solve_cases[][4] = {
        {"english", "", "", "central game"},
        {"french", "d3", "any", "French d3 -> any"},
        {"french", "c1", "any", "French c1 -> any"},
        {"french", "d2", "any", "French d2 -> any"},
        {"french", "c1", "e1", "French c1 -> e1"}, {"french", "c1", "b4", "French c1 -> b4"},
        {"french", "c1", "e4", "French c1 -> e4"}, {"french", "c1", "e7", "French c1 -> e7"},
        {"french", "d2", "a3", "French d2 -> a3"}, {"french", "d2", "d3", "French d2 -> d3"},
        {"french", "d2", "g3", "French d2 -> g3"}, {"french", "d2", "d6", "French d2 -> d6"},
        {"french", "d3", "d2", "French d3 -> d2"}, {"french", "d3", "a5", "French d3 -> a5"},
        {"french", "d3", "d5", "French d3 -> d5"}, {"french", "d3", "g5", "French d3 -> g5"},
    };
    const unsigned ncases = sizeof solve_cases / sizeof solve_cases[0];
    ar_search_options o;
    ar_result res;
    ar_error err;
    ar_instance *in;
    unsigned k, bad = 0;
    printf("## peg solitaire\n\nWall time, CPU time of the process, peak memory; every solution replayed.\n\n"
           "| problem | algorithm | moves | optimal | time (s) | CPU (s) | memory |\n|---|---|---|---|---|---|---|\n");
    for (k = 0; k < ncases; k++) {
        ar_param params[3] = {{"board", solve_cases[k][0]}, {"start", solve_cases[k][1]}, {"finish", solve_cases[k][2]}};
        char bytes[32], lenbuf[32];
        double t0;
        clock_t c0 = clock();
        if (ar_domain_peg.create(NULL, params, solve_cases[k][1][0] ? 3 : 1, &in, &err) != AR_OK)
            return ar_tool_fail("bench peg: %s", err.message);
        ar_search_options_init(&o);
        o.limits.time_limit = 120;
        ar_result_init(&res);
        t0 = ar_now();
        c0 = clock();
        ar_peg_solvers[0].run(in, &o, NULL, &res, &err);
        if (res.outcome == AR_OUTCOME_SOLVED) {
            char *text = ar_puzzle_format_moves(&ar_domain_peg, in, res.moves, res.length);
            uint64_t len, cost;
            int solved = 0;
            if (!text || ar_puzzle_replay(&ar_domain_peg, in, text, &len, &cost, &solved, NULL, &err) != AR_OK || !solved)
                res.outcome = AR_OUTCOME_NO_SOLUTION; /* counted bad below */
            free(text);
        }
        printf("| %s | dfs | %s | no | %.3f | %.3f | %s |\n", solve_cases[k][3],
               res.outcome == AR_OUTCOME_SOLVED ? (snprintf(lenbuf, sizeof lenbuf, "%" PRIu64, res.length), lenbuf)
               : res.outcome == AR_OUTCOME_NO_SOLUTION ? "WRONG" : "stopped at 120 s",
               ar_now() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC, ar_format_bytes(res.peak_bytes, bytes, sizeof bytes));
        bad += res.outcome != AR_OUTCOME_SOLVED;
        ar_result_free(&res);
        ar_domain_peg.destroy(in);
    }
    {
        ar_param params[1] = {{"board", "english"}};
        peg_bfs out;
        char bytes[32];
        double t0;
        clock_t c0 = clock();
        int match = 1;
        if (ar_domain_peg.create(NULL, params, 1, &in, &err) != AR_OK)
            return ar_tool_fail("bench peg: %s", err.message);
        if (quick) { /* the first 10 move levels only */
            ar_run run;
            ar_search_options_init(&o);
            /* stop once 10 levels are in: a node limit of the positions below level 9 */
            o.limits.node_limit = 1 + 1 + 2 + 9 + 47 + 263 + 1452 + 7772 + 38150 + 1;
            ar_result_init(&res);
            t0 = ar_now();
            c0 = clock();
            ar_run_begin(&run, &o, &res);
            in->finish = -1;
            ar_peg_bfs(in, &run, 0, &out, NULL, &err);
            ar_run_finish(&run);
            for (k = 0; k < 10; k++)
                match &= out.by_move[k] == bell_by_move[k];
            printf("| central game, levels 0-9 by moves | bfs | - | - | %.3f | %.3f | %s |\n\n"
                   "Levels 0-9 %s Bell's table.\n\n", ar_now() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC,
                   ar_format_bytes(run.mem.peak, bytes, sizeof bytes), match ? "match" : "DIFFER FROM");
        } else {
            ar_search_options_init(&o);
            ar_result_init(&res);
            t0 = ar_now();
            c0 = clock();
            ar_peg_solvers[1].run(in, &o, NULL, &res, &err);
            printf("| central game, fewest moves | moves | %" PRIu64 " | %s | %.3f | %.3f | %s |\n",
                   res.length, res.optimal ? "proven" : "no", ar_now() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC,
                   ar_format_bytes(res.peak_bytes, bytes, sizeof bytes));
            match &= res.length == 18 && res.optimal;
            ar_result_free(&res);
            ar_search_options_init(&o);
            ar_result_init(&res);
            t0 = ar_now();
            c0 = clock();
            count(in, &o, &res, &out, &err);
            printf("| central game, every position | bfs | %" PRIu64 " positions | - | %.3f | %.3f | %s |\n\n",
                   out.total, ar_now() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC, ar_format_bytes(res.peak_bytes, bytes, sizeof bytes));
            for (k = 0; k < 24; k++)
                match &= out.by_move[k] == bell_by_move[k];
            for (k = 0; k < 32; k++)
                match &= out.by_pegs[32 - k] == bell_by_jump[k];
            match &= out.total == 23475688;
            printf("18 moves proven, 23,475,688 positions and every level by moves and by jumps: %s "
                   "(published: G. Bell).\n\n", match ? "match" : "DIFFER");
            ar_result_free(&res);
        }
        bad += !match;
        ar_domain_peg.destroy(in);
    }
    return bad ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

const ar_bench_suite ar_peg_bench_suites[] = {
    {.name = "peg", .summary = "peg solitaire: solve times, 18-move proof, 23,475,688 positions", .run = bench_peg},
    {.name = NULL}};
