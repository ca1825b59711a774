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
    return n < 1 ? 1u : n > 16 ? 16u : (unsigned)n;
}

static int knight_count_tool(int argc, char **argv)
{
    ar_param params[4];
    size_t np = 0;
    const char *text = NULL;
    int i, quiet = 0;
    knight_count_job job = {.threads = cpus(), .from = -1};
    knight_count_result res;
    ar_instance *in;
    ar_error err;
    double t0;
    for (i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
        } else if (strcmp(a, "--closed") == 0) {
            params[np].name = "closed", params[np++].value = NULL;
        } else if (strcmp(a, "--from") == 0 || strcmp(a, "--size") == 0) {
            if (i + 1 >= argc)
                return ar_tool_fail("option %s needs a value", a);
            params[np].name = a + 2, params[np++].value = argv[++i];
        } else if (strcmp(a, "--threads") == 0) {
            char *end;
            long v;
            if (i + 1 >= argc || (v = strtol(argv[++i], &end, 10)) < 1 || v > 16 || *end)
                return ar_tool_fail("option --threads needs a whole number from 1 to 16");
            job.threads = (unsigned)v;
        } else if (a[0] == '-' && a[1]) {
            return ar_tool_fail("count knight: unknown option '%s' (--size, --closed, --from, --threads, --quiet)", a);
        } else if (text) {
            return ar_tool_fail("count knight: one board only ('%.20s' is extra)", a);
        } else {
            text = a;
        }
    }
    if (ar_domain_knight.create(text, params, np, &in, &err) != AR_OK)
        return ar_tool_fail("%s", err.message);
    if (in->squares > 64) {
        ar_domain_knight.destroy(in);
        return ar_tool_fail("count knight: exact counts take boards of at most 64 squares");
    }
    job.rows = in->rows, job.cols = in->cols, job.closed = in->closed;
    if (ar_param_get(params, np, "from")) {
        if (in->closed) {
            ar_domain_knight.destroy(in);
            return ar_tool_fail("count knight: --from does not apply to closed tours (every one passes every square)");
        }
        job.from = in->start;
    }
    ar_domain_knight.destroy(in);
    ar_tool_install_sigint();
    job.interrupt = &ar_tool_interrupted;
    if (!quiet)
        fprintf(stderr, "counting on %u thread%s...\n", job.threads, job.threads > 1 ? "s" : "");
    t0 = ar_now();
    ar_knight_count(&job, &res);
    if (res.stopped) {
        fprintf(stderr, "ariadne: count knight: interrupted; no count\n");
        return AR_EXIT_LIMIT;
    }
    printf("board:    %ux%u\n", job.rows, job.cols);
    printf("counted:  %s\n", job.closed ? "closed tours (undirected cycles)"
                           : job.from >= 0 ? "open tours from the square (directed paths, closed ones included)"
                                           : "open tours (directed paths from every square, closed ones included)");
    printf("count:    %" PRIu64 "\n", res.count);
    printf("nodes:    %" PRIu64 "\n", res.nodes);
    printf("time:     %.2f s on %u thread%s\n", ar_now() - t0, job.threads, job.threads > 1 ? "s" : "");
    return AR_EXIT_OK;
}

const ar_tool ar_knight_tools[] = {
    {.name = "count",
     .usage = "ariadne count knight ROWSxCOLS [--closed] [--from SQUARE] [--threads N] [--quiet]",
     .help = "Exact number of knight's tours on a board of at most 64 squares: open tours as directed\n"
     "paths (from every square, or from --from; OEIS A165134: 1,728 on 5x5, 6,637,920 on 6x6),\n"
     "closed tours as undirected cycles (--closed; A001230: 9,862 on 6x6). Depth-first with\n"
     "symmetry, dead-end pruning and --threads N (default: the CPUs). Exit 3 if interrupted.",
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
                                .from = counts[k].from, .threads = cpus(), .interrupt = &ar_tool_interrupted};
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
