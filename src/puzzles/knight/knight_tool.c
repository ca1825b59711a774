/* knight_tool.c — `ariadne count knight` (the domain's front end for the
 * generic count verb) and the bench suite `ariadne bench knight`: tour times
 * against board size up to 1000x1000, and the exact counts against the
 * published values (OEIS A165134 and A001230). */
#include "knight_internal.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern const ar_puzzle ar_domain_knight;

static unsigned cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > AR_TOOL_MAX_THREADS ? AR_TOOL_MAX_THREADS : (unsigned)n;
}

/* The published counts of square boards (OEIS A165134: open tours as
 * directed paths; A001230: closed tours as undirected cycles), by side. */
static const uint64_t published_open[9] = {0, 1, 0, 0, 0, 1728, 6637920, 165575218320ull, 19591828170979904ull};
static const uint64_t published_closed[9] = {0, 1, 0, 0, 0, 0, 9862, 0, 13267364410532ull};

/* Boards of more squares than this are out of reach without a time limit:
 * the counter enumerates tours one by one (some two million a second on
 * this machine's cores), and 7x7's 1.7e11 open tours take about a day. */
#define KNIGHT_COUNT_EASY 36
#define KNIGHT_COUNT_REACH 49

static int knight_count_tool(int argc, char **argv)
{
    const char *size = NULL, *from = NULL;
    int closed = 0;
    const ar_opt opts[] = {{.name = "size", .kind = AR_OPT_TEXT, .dest = &size, .metavar = "ROWSxCOLS"},
                           {.name = "closed", .kind = AR_OPT_FLAG, .dest = &closed},
                           {.name = "from", .kind = AR_OPT_TEXT, .dest = &from, .metavar = "SQUARE"},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "count knight", .help_topic = "knight",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_THREADS,
                       .options = opts, .max_args = 1, .args_usage = "ROWSxCOLS"};
    ar_param params[3];
    size_t np = 0;
    knight_count_job job = {.from = -1};
    knight_count_result res;
    ar_count_report rep = {0};
    ar_search_options so;
    ar_instance *in;
    ar_error err;
    char instance[64];
    double t0;
    int rc = ar_tool_parse(&cmd, argc, argv, 2);
    if (rc)
        return rc;
    if (size && cmd.nargs)
        return ar_tool_fail("count knight: give the board once (as ROWSxCOLS or --size, not both)");
    if (cmd.nargs)
        size = cmd.args[0];
    if (!size)
        return ar_tool_fail("count knight: which board? (e.g. `ariadne count knight 6x6`)");
    params[np].name = "size", params[np++].value = size;
    if (closed)
        params[np].name = "closed", params[np++].value = NULL;
    if (from)
        params[np].name = "from", params[np++].value = from;
    if (ar_domain_knight.create(NULL, params, np, &in, &err) != AR_OK)
        return ar_tool_fail("count knight: %s", err.message);
    job.rows = in->rows, job.cols = in->cols, job.closed = in->closed;
    if (from && !in->closed)
        job.from = in->start;
    ar_domain_knight.destroy(in);
    if (from && closed)
        return ar_tool_fail("count knight: --from does not apply to closed tours (every one passes every square)");
    if (job.rows * job.cols > 64)
        return ar_tool_fail("count knight: exact counts take boards of at most 64 squares");
    if (job.rows * job.cols > KNIGHT_COUNT_REACH && !(cmd.given & AR_COMMON_TIME_LIMIT) &&
        !(closed && job.rows * job.cols % 2))
        return ar_tool_fail("count knight: %ux%u is out of reach: its tours are counted one by one, some two "
                            "million a second, and 8x8 has 1.96e16 open and 1.33e13 closed tours (OEIS A165134, "
                            "A001230); give --time-limit S to count part of them",
                            job.rows, job.cols);
    if (job.rows * job.cols > KNIGHT_COUNT_EASY && !cmd.quiet && !(closed && job.rows * job.cols % 2))
        ar_progress_note(&cmd.progress, "count knight: %ux%u may take a day (7x7 has 1.66e11 open tours); "
                         "the progress line shows the rate and ETA, Ctrl-C stops with a partial count",
                         job.rows, job.cols);
    job.threads = ar_tool_threads(&cmd);
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    job.opts = &so;
    ar_tool_install_sigint();
    t0 = ar_now();
    ar_knight_count(&job, &res);
    snprintf(instance, sizeof instance, "%ux%u%s%s", job.rows, job.cols, from ? " from " : "", from ? from : "");
    rep.instance = instance;
    rep.counted = job.closed ? "closed tours (undirected cycles)"
                  : job.from >= 0 ? "open tours from the square (directed paths, closed ones included)"
                                  : "open tours (directed paths from every square, closed ones included)";
    rep.count = res.count, rep.complete = !res.stopped, rep.stop = res.stop;
    rep.tasks = res.jobs, rep.tasks_done = res.jobs_done, rep.nodes = res.nodes;
    rep.seconds = ar_now() - t0, rep.threads = job.threads;
    if (job.rows == job.cols && job.rows >= 3 && job.rows <= 8 && job.from < 0) {
        rep.has_published = 1;
        rep.published = job.closed ? published_closed[job.rows] : published_open[job.rows];
        rep.source = job.closed ? "OEIS A001230" : "OEIS A165134";
    }
    return ar_tool_print_count(&cmd, "knight", &rep, NULL);
}

const ar_tool ar_knight_tools[] = {
    {.name = "count",
     .usage = "ariadne count knight ROWSxCOLS [--closed] [--from SQUARE] [--threads N] [--time-limit S] [--json]",
     .help = "Exact number of knight's tours on a board of at most 64 squares: open tours as directed\n"
     "paths (from every square, or from --from; OEIS A165134: 1,728 on 5x5, 6,637,920 on 6x6),\n"
     "closed tours as undirected cycles (--closed; A001230: 9,862 on 6x6). Depth-first with\n"
     "symmetry, dead-end pruning and --threads N (default: the CPUs); square boards are\n"
     "checked against the published counts. Boards of 37 to 49 squares may take a day (a note\n"
     "says so); larger ones need --time-limit (8x8 has 1.96e16 open tours). A progress line\n"
     "with rate and ETA on a terminal; --time-limit or Ctrl-C prints the partial count as a\n"
     "lower bound (exit 3); --json prints one object. Exit 1 if a count differs from the\n"
     "published one.",
     .run = knight_count_tool},
    {.name = NULL}};

/* --- bench --- */

typedef struct null_sink { uint64_t moves; } null_sink;

static ar_status swallow(void *ctx, const ar_move *moves, size_t count)
{
    (void)moves;
    ((null_sink *)ctx)->moves += count;
    return AR_OK;
}

/* Open tours from every square of every board 3..8 x 3..16 (quick: to
 * 3..8 x 3..10): each square refused (the colour argument, 4 x n inner
 * squares), toured (the tour replayed as `ariadne verify` does) or proven
 * to have no tour; returns how many got none of these. */
static unsigned sweep_every_square(int quick)
{
    unsigned m, n, problems = 0, refused = 0, toured = 0, none = 0, bad = 0, nmax = quick ? 10 : 16;
    double t0 = ar_now(), slowest = 0;
    clock_t c0 = clock();
    char slowest_name[64] = "";
    for (m = 3; m <= 8; m++)
        for (n = 3; n <= nmax; n++)
            for (uint32_t s = 0; s < m * n; s++) {
                char size[32], from[16];
                ar_param p[1] = {{"from", from}};
                ar_instance *in;
                ar_error err;
                ar_search_options o;
                ar_result res;
                double t1 = ar_now();
                snprintf(size, sizeof size, "%ux%u", m, n);
                ar_knight_square_name(n, s, from, sizeof from);
                if (ar_domain_knight.create(size, p, 1, &in, &err) != AR_OK) {
                    bad++;
                    continue;
                }
                problems++;
                if (ar_domain_knight.check_solvable(in, &err) != AR_OK) {
                    refused++;
                    ar_domain_knight.destroy(in);
                    continue;
                }
                ar_search_options_init(&o);
                o.limits.time_limit = 60;
                ar_result_init(&res);
                ar_knight_solvers[0].run(in, &o, NULL, &res, &err);
                if (res.outcome == AR_OUTCOME_SOLVED) {
                    char *text = ar_puzzle_format_moves(&ar_domain_knight, in, res.moves, res.length);
                    uint64_t len, cost;
                    int solved = 0;
                    toured += text && ar_puzzle_replay(&ar_domain_knight, in, text, &len, &cost, &solved, NULL, &err) == AR_OK && solved;
                    bad += !(text && solved);
                    free(text);
                } else if (res.outcome == AR_OUTCOME_NO_SOLUTION) {
                    none++;
                } else {
                    bad++;
                }
                if (ar_now() - t1 > slowest)
                    slowest = ar_now() - t1, snprintf(slowest_name, sizeof slowest_name, "%s from %s", size, from);
                ar_result_free(&res);
                ar_domain_knight.destroy(in);
            }
    printf("| every square of 3..8 x 3..%u | %u | %u | %u | %u | %u | %.3f | %.3f | %.3f (%s) |\n\n", nmax, problems,
           toured, refused, none, bad, ar_now() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC, slowest, slowest_name);
    return bad;
}

static int bench_knight(int quick)
{
    static const unsigned sizes[] = {8, 50, 100, 200, 500, 1000};
    static const struct { unsigned n; int closed; long from; uint64_t want; const char *what; } counts[] = {
        {5, 0, -1, 1728, "5x5 open (directed paths)"},
        {6, 1, -1, 9862, "6x6 closed (undirected)"},
        {6, 0, -1, 6637920, "6x6 open (directed paths)"},
    };
    unsigned k, bad = 0, nsizes = quick ? 4 : 6, ncounts = quick ? 1 : 3;
    printf("## knight's tour\n\nWall time and CPU time of the process (the CPU time is what a loaded machine "
           "does not inflate).\n\n| board | tour | moves | time (s) | CPU (s) | result |\n|---|---|---|---|---|---|\n");
    for (k = 0; k < nsizes * 2; k++) {
        char size[32];
        ar_param p[1] = {{"closed", NULL}};
        ar_instance *in;
        ar_error err;
        ar_search_options o;
        ar_result res;
        null_sink ns = {0};
        ar_move_sink sink = {swallow, &ns};
        double t0;
        clock_t c0 = clock();
        unsigned n = sizes[k / 2];
        int closed = k & 1;
        snprintf(size, sizeof size, "%ux%u", n, n);
        if (ar_domain_knight.create(size, p, closed ? 1 : 0, &in, &err) != AR_OK)
            return ar_tool_fail("bench knight: %s", err.message);
        ar_search_options_init(&o);
        o.limits.time_limit = 20;
        ar_result_init(&res);
        t0 = ar_now();
        ar_knight_solvers[0].run(in, &o, &sink, &res, &err);
        printf("| %s | %s | %" PRIu64 " | %.3f | %.3f | %s |\n", size, closed ? "closed" : "open", ns.moves,
               ar_now() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC, res.outcome == AR_OUTCOME_SOLVED ? "tour" : "not found within 20 s");
        bad += !closed && res.outcome != AR_OUTCOME_SOLVED;
        ar_result_free(&res);
        ar_domain_knight.destroy(in);
    }
    printf("\n| open tours from | problems | tours (verified) | refused | no tour (exhausted) | unanswered or bad | time (s) | CPU (s) | slowest (s) |\n"
           "|---|---|---|---|---|---|---|---|---|\n");
    bad += sweep_every_square(quick);
    printf("| count | threads | result | published | time (s) | CPU (s) |\n|---|---|---|---|---|---|\n");
    for (k = 0; k < ncounts; k++) {
        knight_count_job job = {.rows = counts[k].n, .cols = counts[k].n, .closed = counts[k].closed,
                                .from = counts[k].from, .threads = cpus()};
        knight_count_result r;
        double t0 = ar_now();
        clock_t c0 = clock();
        ar_knight_count(&job, &r);
        printf("| %s | %u | %" PRIu64 " | %" PRIu64 " | %.2f | %.2f |\n", counts[k].what, job.threads, r.count,
               counts[k].want, ar_now() - t0, (double)(clock() - c0) / CLOCKS_PER_SEC);
        bad += r.count != counts[k].want;
    }
    printf("\n");
    return bad ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

const ar_bench_suite ar_knight_bench_suites[] = {
    {.name = "knight", .summary = "knight's tours to 1000x1000 and exact counts (1,728 / 9,862 / 6,637,920)", .run = bench_knight},
    {.name = NULL}};
