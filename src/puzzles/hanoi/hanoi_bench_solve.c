/* hanoi_bench_solve.c — `ariadne bench hanoi`: the 3-peg streaming rate
 * (2^n - 1 moves written in blocks), optimal solve times of random 4-peg
 * start/goal pairs from the domain's generator with fixed seeds, and search
 * throughput (expansions per second) of BFS, A* and IDA*. Speed is reported
 * here, never asserted in tests; BENCHMARKS.md quotes these tables. */
#include "hanoi_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

typedef struct devnull_sink {
    FILE *out;
    const ar_puzzle *p;
    const ar_instance *inst;
    uint64_t column;
    uint64_t count;
} devnull_sink;

static ar_status devnull_emit(void *ctx, const ar_move *moves, size_t count)
{
    devnull_sink *d = ctx;
    if (ar_tool_interrupted)
        return AR_ERR_LIMIT;
    ar_puzzle_print_moves(d->out, d->p, d->inst, moves, count, 1, &d->column);
    d->count += count;
    return AR_OK;
}

static int make(const ar_puzzle *p, const char *text, const ar_param *params, size_t n,
                ar_instance **inst)
{
    ar_error err;
    ar_error_clear(&err);
    if (p->create(text, params, n, inst, &err) != AR_OK) {
        fprintf(stderr, "ariadne: bench: %s: %s\n", p->name, err.message);
        return 1;
    }
    return 0;
}

static int bench_stream(const ar_puzzle *p, int quick)
{
    int n, lo = quick ? 16 : 25, hi = quick ? 18 : 30;
    FILE *out = fopen("/dev/null", "w");
    if (!out)
        return ar_tool_fail("bench: cannot open /dev/null");
    puts("Table 1. 3-peg classic solution, moves formatted and streamed to /dev/null");
    puts("| discs | moves | seconds | moves/s |");
    puts("|---:|---:|---:|---:|");
    for (n = lo; n <= hi && !ar_tool_interrupted; n++) {
        char discs[16];
        ar_param params[2] = {{"pegs", "3"}, {"discs", discs}};
        ar_instance *inst;
        ar_search_options opts;
        ar_result res;
        ar_error err;
        ar_move_sink sink;
        devnull_sink d;
        double t0;
        snprintf(discs, sizeof discs, "%d", n);
        if (make(p, NULL, params, 2, &inst)) {
            fclose(out);
            return AR_EXIT_BAD_INPUT;
        }
        ar_search_options_init(&opts);
        memset(&d, 0, sizeof d);
        d.out = out;
        d.p = p;
        d.inst = inst;
        sink.emit = devnull_emit;
        sink.ctx = &d;
        t0 = ar_now();
        if (ar_solve(p, inst, &opts, &sink, &res, &err) == AR_OK) {
            double s = ar_now() - t0;
            printf("| %d | %" PRIu64 " | %.2f | %.3g |\n", n, d.count, s, s > 0 ? (double)d.count / s : 0.0);
        } else {
            printf("| %d | error: %s | | |\n", n, err.message);
        }
        fflush(stdout);
        ar_result_free(&res);
        p->destroy(inst);
    }
    fclose(out);
    return 0;
}

/* Runs `algo` on `count` generated instances of p with the given options and
 * prints one table row of averages. */
static void bench_row(const ar_puzzle *p, const ar_param *params, size_t nparams, const char *algo,
                      const char *heuristic, const char *label, int count, uint64_t node_limit,
                      int show_rate)
{
    int i, solved = 0, optimal = 0;
    double total = 0, worst = 0;
    uint64_t nodes = 0, length = 0;
    for (i = 0; i < count && !ar_tool_interrupted; i++) {
        char *text = NULL;
        ar_instance *inst;
        ar_search_options opts;
        ar_result res;
        ar_error err;
        if (p->generate(params, nparams, (uint64_t)i + 1, &text, &err) != AR_OK) {
            printf("| %s | generate failed: %s |\n", label, err.message);
            return;
        }
        if (make(p, text, params, nparams, &inst)) {
            free(text);
            return;
        }
        ar_search_options_init(&opts);
        opts.algorithm = algo;
        opts.heuristic = heuristic;
        opts.limits.node_limit = node_limit;
        opts.limits.interrupt = &ar_tool_interrupted;
        if (ar_solve(p, inst, &opts, NULL, &res, &err) == AR_OK) {
            total += res.seconds;
            if (res.seconds > worst)
                worst = res.seconds;
            nodes += res.expanded;
            if (res.outcome == AR_OUTCOME_SOLVED) {
                solved++;
                length += res.length;
                optimal += res.optimal;
            }
        }
        ar_result_free(&res);
        p->destroy(inst);
        free(text);
    }
    if (show_rate)
        printf("| %s | %s | %d | %.3f | %.3g | %.3g |\n", label, algo, i, total / (i ? i : 1),
               (double)nodes / (i ? i : 1), total > 0 ? (double)nodes / total : 0.0);
    else
        printf("| %s | %s | %d/%d | %d | %.1f | %.3g | %.3f | %.3f |\n", label, algo, solved, i,
               optimal, solved ? (double)length / solved : 0.0, (double)nodes / (i ? i : 1),
               total / (i ? i : 1), worst);
    fflush(stdout);
}

int ar_hanoi_bench_solve(int quick)
{
    const ar_puzzle *p = &ar_domain_hanoi;
    int n;
    if (bench_stream(p, quick))
        return AR_EXIT_BAD_INPUT;
    puts("\nTable 2. 4 pegs, random start and goal positions (generator seeds 1..N), "
         "optimal by A* with the default heuristic");
    puts("| discs | algorithm | solved | proven optimal | mean length | mean expanded | mean s | worst s |");
    puts("|---:|---|---:|---:|---:|---:|---:|---:|");
    for (n = 4; n <= (quick ? 7 : 12) && !ar_tool_interrupted; n++) {
        char discs[16], label[16];
        ar_param params[2] = {{"pegs", "4"}, {"discs", discs}};
        snprintf(discs, sizeof discs, "%d", n);
        snprintf(label, sizeof label, "%d", n);
        bench_row(p, params, 2, "astar", NULL, label, quick ? 3 : 10, 0, 0);
    }
    puts("\nTable 3. Search throughput on 4-peg Hanoi, random start and goal "
         "(expansions per second; searches capped at 2M expansions)");
    puts("| instance | algorithm | runs | mean s | mean expanded | expanded/s |");
    puts("|---|---|---:|---:|---:|---:|");
    {
        ar_param params[2] = {{"pegs", "4"}, {"discs", quick ? "7" : "10"}};
        const char *label = quick ? "4 pegs, 7 discs" : "4 pegs, 10 discs";
        bench_row(p, params, 2, "bfs", NULL, label, 3, 2000000, 1);
        bench_row(p, params, 2, "astar", NULL, label, 3, 2000000, 1);
        bench_row(p, params, 2, "idastar", NULL, label, 3, 2000000, 1);
    }
    return 0;
}

