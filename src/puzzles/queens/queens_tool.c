/* queens_tool.c — `ariadne count queens N` (the generic count verb's front
 * end for this puzzle) and the suite `ariadne bench queens`: the counts of
 * every board against OEIS A000170 (to 14 with --quick, to 18 in full, on
 * every core), and min-conflicts from a thousand to a million queens with
 * each solution replayed as `ariadne verify` does. */
#include "queens_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

extern const ar_puzzle ar_domain_queens;

typedef struct count_out {
    uint64_t solutions, nodes, tasks, tasks_done;
    int complete;
    ar_stop_reason stop;
    double seconds, cpu;
} count_out;

/* The count by the constraint engine (--method csp), under the same run. */
static ar_status count_csp(unsigned n, ar_run *run, count_out *o, ar_error *err)
{
    ar_instance in;
    ar_csp *m;
    ar_csp_outcome out;
    ar_csp_stats st;
    ar_status s;
    memset(&in, 0, sizeof in);
    in.n = n;
    if (!(in.start = calloc(n, sizeof *in.start)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    s = ar_queens_model(&in, &m, err);
    free(in.start);
    if (s != AR_OK)
        return s;
    s = ar_csp_search(m, NULL, run, 0, NULL, NULL, NULL, &out, &st, err);
    ar_csp_destroy(m);
    o->solutions = st.solutions, o->nodes = st.decisions, o->complete = out == AR_CSP_ALL || out == AR_CSP_NONE;
    o->tasks = o->tasks_done = 0;
    return s;
}

static int count_queens(unsigned n, int csp, unsigned threads, const ar_search_options *so, count_out *o,
                        ar_error *err)
{
    ar_result res;
    ar_run run;
    ar_status s;
    double t0 = ar_now(), c0 = ar_process_cpu_time();
    memset(o, 0, sizeof *o);
    ar_result_init(&res);
    ar_run_begin(&run, so, &res);
    if (csp) {
        run.unit = "decisions";
        s = count_csp(n, &run, o, err);
    } else {
        ar_queens_count_job job = {.n = n, .threads = threads, .run = &run};
        ar_queens_count_result r;
        s = ar_queens_count(&job, &r, err);
        o->solutions = r.solutions, o->nodes = r.nodes, o->tasks = r.tasks, o->tasks_done = r.tasks_done;
        o->complete = r.complete;
    }
    o->stop = run.stop;
    o->seconds = ar_now() - t0, o->cpu = ar_process_cpu_time() - c0;
    return s == AR_OK ? 0 : -1;
}

static int queens_count_tool(int argc, char **argv)
{
    uint64_t n = 0;
    int method = 0, n_seen = 0;
    const ar_opt opts[] = {
        {.name = "size", .kind = AR_OPT_UINT, .dest = &n, .min = 1, .max = QUEENS_MAX_COUNT_N, .metavar = "N",
         .seen = &n_seen},
        {.name = "method", .kind = AR_OPT_CHOICE, .dest = &method, .choices = "bitmask csp", .metavar = "M"},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "count queens", .help_topic = "queens",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_NODE_LIMIT | AR_COMMON_THREADS,
                       .options = opts, .max_args = 1, .args_usage = "N"};
    ar_search_options so;
    count_out o;
    ar_error err;
    uint64_t published;
    char why[160];
    int match;
    if (ar_tool_parse(&cmd, argc, argv, 2))
        return AR_EXIT_BAD_INPUT;
    if (cmd.nargs == 1) {
        if (n_seen)
            return ar_tool_fail("count queens: give N once (as an argument or with --size)");
        if (ar_tool_parse_uint(cmd.args[0], 1, QUEENS_MAX_COUNT_N, &n, why, sizeof why) != 0)
            return ar_tool_fail("count queens: the board size %s", why);
    } else if (!n_seen) {
        return ar_tool_fail("count queens: which board? (ariadne count queens N, N = 1..%u)", QUEENS_MAX_COUNT_N);
    }
    if (method == 1 && n > 20)
        return ar_tool_fail("count queens: --method csp counts boards up to 20 (the bitmask search goes to %u)",
                            QUEENS_MAX_COUNT_N);
    if (method == 1 && (cmd.given & AR_COMMON_THREADS))
        return ar_tool_fail("count queens: --threads applies to --method bitmask (the constraint search runs on one core)");
    if (method == 0 && (cmd.given & AR_COMMON_NODE_LIMIT))
        return ar_tool_fail("count queens: --node-limit applies to --method csp (the bitmask count is split in tasks)");
    ar_tool_install_sigint();
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    if (count_queens((unsigned)n, method == 1, method == 1 ? 1 : ar_tool_threads(&cmd), &so, &o, &err) != 0)
        return ar_tool_fail("count queens: %s", err.message);
    ar_progress_finish(&cmd.progress);
    published = n < 28 ? ar_queens_published[n] : 0;
    match = o.complete && o.solutions == published;
    if (cmd.json) {
        printf("{\"puzzle\":\"queens\",\"n\":%" PRIu64 ",\"method\":\"%s\",\"complete\":%s,\"stop_reason\":", n,
               method ? "csp" : "bitmask", o.complete ? "true" : "false");
        if (o.complete)
            printf("null");
        else
            ar_json_string(stdout, ar_stop_reason_name(o.stop));
        printf(",\"solutions\":%" PRIu64 ",\"published\":%" PRIu64 ",\"matches_published\":%s,\"nodes\":%" PRIu64
               ",\"tasks\":%" PRIu64 ",\"tasks_done\":%" PRIu64 ",\"threads\":%u,\"seconds\":%.3f,\"cpu_seconds\":%.3f}\n",
               o.solutions, published, !o.complete ? "null" : match ? "true" : "false", o.nodes, o.tasks,
               o.tasks_done, method ? 1u : ar_tool_threads(&cmd), o.seconds, o.cpu);
    } else if (!o.complete) {
        printf("stopped by %s: at least %" PRIu64 " solutions of %" PRIu64 " queens (%" PRIu64 " of %" PRIu64
               " tasks done), %.1f s\n",
               ar_stop_reason_name(o.stop), o.solutions, n, o.tasks_done, o.tasks, o.seconds);
    } else {
        printf("%" PRIu64 " queens: %" PRIu64 " solutions (OEIS A000170: %" PRIu64 ", %s)\n", n, o.solutions,
               published, match ? "matches" : "MISMATCH");
        if (method)
            printf("method: the constraint engine (queue, regin, mrv-degree): %" PRIu64 " decisions, %.2f s\n",
                   o.nodes, o.seconds);
        else
            printf("method: bitmask search with the mirror symmetry: %" PRIu64 " nodes in %" PRIu64
                   " tasks, %u thread%s, %.2f s (CPU %.2f s)\n",
                   o.nodes, o.tasks, ar_tool_threads(&cmd), ar_tool_threads(&cmd) == 1 ? "" : "s", o.seconds, o.cpu);
    }
    return !o.complete ? AR_EXIT_LIMIT : match ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

const ar_tool ar_queens_tools[] = {
    {.name = "count",
     .usage = "ariadne count queens N [--method bitmask|csp] [--threads T] [--time-limit S] [--json] [--quiet]",
     .help = "Counts every way to place N queens apart on the N x N board (N = 1..32), beside OEIS\n"
             "A000170 (8: 92; 12: 14,200; 16: 14,772,512; 18: 666,090,624): exit 1 on a mismatch. The\n"
             "bitmask search keeps a row's free squares in one word and uses the mirror symmetry; it\n"
             "splits the work over --threads T (default every core). --method csp counts with the\n"
             "constraint engine instead (N up to 20; --node-limit applies to it). A progress line with\n"
             "the rate and ETA goes to stderr on a terminal (--progress, --quiet); --time-limit S and\n"
             "Ctrl-C stop with the solutions of the finished tasks labelled as a lower bound (exit 3);\n"
             "--json prints one object.",
     .run = queens_count_tool},
    {.name = NULL}};

/* ----------------------------------------------------------------- bench -- */

/* Min-conflicts on an empty n x n board; the solution replayed. */
static int bench_repair(unsigned n)
{
    ar_instance *in;
    ar_param p[1];
    char size[24];
    ar_search_options so;
    ar_result res;
    ar_error err;
    double t0, t_solve, t_verify = 0;
    int ok = 0;
    snprintf(size, sizeof size, "%u", n);
    p[0].name = "size", p[0].value = size;
    if (ar_domain_queens.create(NULL, p, 1, &in, &err) != AR_OK)
        return ar_tool_fail("bench queens: %s", err.message);
    ar_search_options_init(&so);
    so.algorithm = "min-conflicts";
    so.limits.time_limit = 120;
    so.limits.interrupt = &ar_tool_interrupted;
    t0 = ar_now();
    if (ar_solve(&ar_domain_queens, in, &so, NULL, &res, &err) != AR_OK) {
        ar_domain_queens.destroy(in);
        return ar_tool_fail("bench queens: %s", err.message);
    }
    t_solve = ar_now() - t0;
    if (res.outcome == AR_OUTCOME_SOLVED) {
        char *text = ar_puzzle_format_moves(&ar_domain_queens, in, res.moves, res.length);
        uint64_t len, cost;
        int solved = 0;
        t0 = ar_now();
        ok = text && ar_puzzle_replay(&ar_domain_queens, in, text, &len, &cost, &solved, NULL, &err) == AR_OK && solved &&
             len == n;
        t_verify = ar_now() - t0;
        free(text);
    }
    printf("| %u | %s | %" PRIu64 " | %.3f | %.3f |\n", n, ok ? "solved, verified" : "NOT SOLVED", res.expanded, t_solve,
           t_verify);
    fflush(stdout);
    ar_result_free(&res);
    ar_domain_queens.destroy(in);
    return ok ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

int ar_queens_bench(int quick)
{
    static const unsigned sizes[] = {1000, 10000, 100000, 1000000};
    unsigned n, k, threads = 0, last = quick ? 14 : 18;
    int st = AR_EXIT_OK;
    char load[32];
    ar_tool_cmd none = {.name = "bench queens"};
    threads = ar_tool_threads(&none);
    ar_tool_install_sigint();
    ar_tool_load_average(load, sizeof load);
    printf("## queens: every solution counted (OEIS A000170)\n\n");
    printf("Bitmask search with the mirror symmetry on %u thread%s; load average %s at the start.\n\n", threads,
           threads == 1 ? "" : "s", load);
    printf("| n | solutions | published | check | nodes | seconds | CPU seconds |\n|---:|---:|---:|---|---:|---:|---:|\n");
    for (n = 8; n <= last && !ar_tool_interrupted; n++) {
        ar_search_options so;
        count_out o;
        ar_error err;
        ar_search_options_init(&so);
        so.limits.interrupt = &ar_tool_interrupted;
        if (count_queens(n, 0, threads, &so, &o, &err) != 0)
            return ar_tool_fail("bench queens: %s", err.message);
        if (!o.complete)
            return AR_EXIT_LIMIT;
        printf("| %u | %" PRIu64 " | %" PRIu64 " | %s | %" PRIu64 " | %.2f | %.2f |\n", n, o.solutions,
               ar_queens_published[n], o.solutions == ar_queens_published[n] ? "ok" : "MISMATCH", o.nodes, o.seconds,
               o.cpu);
        fflush(stdout);
        if (o.solutions != ar_queens_published[n])
            st = AR_EXIT_NO_SOLUTION;
    }
    ar_tool_load_average(load, sizeof load);
    printf("\n## queens: min-conflicts by swaps (seed 0), each solution replayed as `ariadne verify` does\n\n");
    printf("Load average %s.\n\n| n | result | swaps tried | solve (s) | verify (s) |\n|---:|---|---:|---:|---:|\n", load);
    for (k = 0; k < (quick ? 3u : 4u) && !ar_tool_interrupted; k++) {
        int one = bench_repair(sizes[k]);
        if (one != AR_EXIT_OK)
            st = one;
    }
    printf("\n");
    return st;
}

const ar_bench_suite ar_queens_bench_suites[] = {
    {.name = "queens",
     .summary = "n-queens: counts to 18 on every core against A000170 (--quick: to 14), min-conflicts to 10^6",
     .run = ar_queens_bench},
    {.name = NULL}};
