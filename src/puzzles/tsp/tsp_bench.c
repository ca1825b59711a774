/* tsp_bench.c — `ariadne bench tsp [--quick]`: the travelling salesman's
 * figures for BENCHMARKS.md.
 *
 *   1. exact solvers against TSPLIB's published optima (Held-Karp to 21
 *      cities, branch and bound on berlin52, eil51 and more);
 *   2. every local-search strategy on kroA100 (optimum 21282): the tour, its
 *      gap, the time and how the run ended; the goal is ILS within 2% in
 *      under a second;
 *   3. uniform random instances against the Beardwood-Halton-Hammersley
 *      estimate 0.7124 sqrt(n A) of the optimal length (goal: within 5% for
 *      10,000 cities in under a minute);
 *   4. the notes' generate-and-test (every tour) beside Held-Karp on small
 *      random instances: the same optimum, and the factorial gap.
 * Every tour is replayed through the domain's rules (as `ariadne verify`
 * does) and its length recomputed; a wrong optimum fails the suite. */
#include "tsp_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ariadne/timer.h"

extern const ar_puzzle ar_domain_tsp;

typedef struct outcome {
    int ok;          /* solved and the tour replays */
    uint64_t cost;
    int optimal;
    double seconds, cpu;
    uint64_t nodes;
    char note[256];
} outcome;

static void print_load(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    char line[128] = "unknown";
    if (f) {
        if (!fgets(line, sizeof line, f))
            snprintf(line, sizeof line, "unknown");
        fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    printf("Load average at the start (/proc/loadavg): %s\n\n", line);
}

static ar_instance *make(const char *text, const char *options, ar_error *err)
{
    char buf[128];
    ar_param params[4];
    size_t count;
    ar_instance *inst = NULL;
    snprintf(buf, sizeof buf, "%s", options ? options : "");
    count = ar_param_split(buf, params, 4);
    if (ar_domain_tsp.create(text, params, count, &inst, err) != AR_OK)
        return NULL;
    return inst;
}

/* Solves with ar_solve as `ariadne solve` does and replays the tour. */
static outcome solve(ar_instance *inst, const char *algo, const char *algo_params, uint64_t seed,
                     double time_limit)
{
    outcome o;
    ar_search_options opts;
    ar_result res;
    ar_error err;
    char buf[128];
    ar_param params[8];
    double t0 = ar_now();
    clock_t c0 = clock();
    memset(&o, 0, sizeof o);
    snprintf(buf, sizeof buf, "%s", algo_params ? algo_params : "");
    ar_search_options_init(&opts);
    opts.algorithm = algo;
    opts.seed = seed;
    opts.algo_params = params;
    opts.algo_param_count = ar_param_split(buf, params, 8);
    opts.limits.time_limit = time_limit;
    ar_error_clear(&err);
    if (ar_solve(&ar_domain_tsp, inst, &opts, NULL, &res, &err) != AR_OK) {
        snprintf(o.note, sizeof o.note, "error: %.200s", err.message);
        return o;
    }
    o.seconds = ar_now() - t0;
    o.cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    o.nodes = res.expanded;
    snprintf(o.note, sizeof o.note, "%.255s", res.note);
    if (res.moves) {
        char *text = ar_puzzle_format_moves(&ar_domain_tsp, inst, res.moves, res.length);
        uint64_t length = 0, cost = 0;
        int goal = 0;
        if (text && ar_puzzle_replay(&ar_domain_tsp, inst, text, &length, &cost, &goal, NULL, &err) == AR_OK &&
            goal && cost == res.cost) {
            o.ok = 1;
            o.cost = cost;
            o.optimal = res.optimal;
        } else {
            snprintf(o.note, sizeof o.note, "the tour does not replay: %.200s", err.message);
        }
        free(text);
    }
    ar_result_free(&res);
    return o;
}

static int exact_table(int quick)
{
    static const struct {
        const char *name, *algo;
        uint64_t optimum;
        int full_only;
    } rows[] = {
        {"burma14", "held-karp", 3323, 0},  {"ulysses16", "held-karp", 6859, 0},
        {"gr17", "held-karp", 2085, 0},     {"gr21", "held-karp", 2707, 1},
        {"gr24", "bnb-1tree", 1272, 0},     {"fri26", "bnb-1tree", 937, 0},
        {"bays29", "bnb-1tree", 2020, 0},   {"dantzig42", "bnb-1tree", 699, 1},
        {"swiss42", "bnb-1tree", 1273, 1},  {"att48", "bnb-1tree", 10628, 1},
        {"eil51", "bnb-1tree", 426, 0},     {"berlin52", "bnb-1tree", 7542, 0},
        {"brazil58", "bnb-1tree", 25395, 1}, {"st70", "bnb-1tree", 675, 1},
        {"eil76", "bnb-1tree", 538, 1},     {"kroA100", "bnb-1tree", 21282, 1}};
    size_t i;
    int bad = 0;
    printf("### Exact solvers against the published optima (TSPLIB)\n\n"
           "| instance | cities | published optimum | solver | tour | proven | nodes | time (s) | CPU (s) |\n"
           "|---|---|---|---|---|---|---|---|---|\n");
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ar_error err;
        ar_instance *inst;
        outcome o;
        if (quick && rows[i].full_only)
            continue;
        inst = make(rows[i].name, NULL, &err);
        if (!inst) {
            printf("| %s | | %" PRIu64 " | %s | error: %s | | | | |\n", rows[i].name, rows[i].optimum, rows[i].algo,
                   err.message);
            bad++;
            continue;
        }
        o = solve(inst, rows[i].algo, NULL, 1, 600);
        printf("| %s | %u | %" PRIu64 " | %s | %" PRIu64 " | %s | %" PRIu64 " | %.3f | %.3f |\n", rows[i].name,
               inst->d->n, rows[i].optimum, rows[i].algo, o.cost, o.optimal ? "yes" : "no", o.nodes, o.seconds,
               o.cpu);
        if (!o.ok || !o.optimal || o.cost != rows[i].optimum) {
            printf("\nWRONG: %s: %s\n\n", rows[i].name, o.note);
            bad++;
        }
        ar_domain_tsp.destroy(inst);
    }
    printf("\nNodes: subsets of the dynamic programme, or branch-and-bound nodes.\n\n");
    return bad;
}

static int local_table(int quick)
{
    static const struct {
        const char *algo, *params, *options, *what;
    } rows[] = {
        {"generate", "samples=10000", NULL, "generate-and-test: best of 10,000 random tours"},
        {"hill", "random-start", "neighbourhood=2-opt", "hill climbing, 2-opt, from a random tour"},
        {"hill", NULL, "neighbourhood=2-opt", "hill climbing, 2-opt, from the greedy tour"},
        {"hill", NULL, NULL, "hill climbing, 2-opt + Or-opt, from the greedy tour"},
        {"hill", "restarts=20", NULL, "hill climbing + 20 random restarts"},
        {"steepest", NULL, NULL, "steepest ascent"},
        {"first-choice", NULL, NULL, "first-choice hill climbing"},
        {"anneal", NULL, NULL, "simulated annealing (geometric)"},
        {"anneal", "reheats=3", NULL, "simulated annealing, 3 reheats"},
        {"local-beam", NULL, NULL, "local beam search, 10 states"},
        {"tabu", NULL, NULL, "tabu search"},
        {"ils", NULL, NULL, "iterated local search (1000 kicks)"},
    };
    const uint64_t optimum = 21282;
    ar_error err;
    ar_instance *inst = make("kroA100", NULL, &err);
    size_t i;
    int bad = 0;
    uint64_t seed, seeds = quick ? 3 : 10;
    double worst = 0, total_time = 0, slowest = 0, total_cpu = 0;
    if (!inst) {
        printf("kroA100: %s\n", err.message);
        return 1;
    }
    printf("### Local search on kroA100 (100 cities, optimum 21282), seed 1\n\n"
           "| method | --algo | tour | gap | time (s) | CPU (s) | moves evaluated | how it ended |\n|---|---|---|---|---|---|---|---|\n");
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ar_instance *use = rows[i].options ? make("kroA100", rows[i].options, &err) : inst;
        outcome o = solve(use, rows[i].algo, rows[i].params, 1, 120);
        printf("| %s | %s%s%s%s%s | %" PRIu64 " | %.2f%% | %.4f | %.4f | %" PRIu64 " | %s |\n", rows[i].what,
               rows[i].algo, rows[i].params ? " --" : "", rows[i].params ? rows[i].params : "",
               rows[i].options ? " --" : "", rows[i].options ? rows[i].options : "", o.cost,
               100.0 * ((double)o.cost - (double)optimum) / (double)optimum, o.seconds, o.cpu, o.nodes, o.note);
        if (!o.ok) {
            printf("\nWRONG: %s\n\n", o.note);
            bad++;
        }
        if (use != inst)
            ar_domain_tsp.destroy(use);
    }
    printf("\n| ILS over seeds 1..%" PRIu64 " | mean gap | worst gap | mean time (s) | slowest (s) | mean CPU (s) |\n"
           "|---|---|---|---|---|---|\n", seeds);
    {
        double sum_gap = 0;
        for (seed = 1; seed <= seeds; seed++) {
            outcome o = solve(inst, "ils", NULL, seed, 120);
            double gap = 100.0 * ((double)o.cost - (double)optimum) / (double)optimum;
            sum_gap += gap;
            worst = gap > worst ? gap : worst;
            total_time += o.seconds;
            total_cpu += o.cpu;
            slowest = o.seconds > slowest ? o.seconds : slowest;
            bad += !o.ok;
        }
        printf("| goal: within 2%% in under 1 s | %.2f%% | %.2f%% | %.3f | %.3f | %.3f |\n\n", sum_gap / (double)seeds,
               worst, total_time / (double)seeds, slowest, total_cpu / (double)seeds);
    }
    ar_domain_tsp.destroy(inst);
    return bad;
}

static int random_table(int quick)
{
    static const struct {
        uint32_t n;
        uint64_t seed;
        const char *algo, *params;
        double limit;
        int full_only;
    } rows[] = {
        {1000, 1, "hill", NULL, 0, 0},
        {1000, 1, "ils", NULL, 0, 0},
        {10000, 1, "hill", NULL, 0, 0},
        {10000, 1, "ils", NULL, 0, 0},
        {10000, 2, "ils", NULL, 0, 1},
        {10000, 3, "ils", NULL, 0, 1},
        {10000, 1, "ils", "kicks=10000000", 60, 1},
    };
    size_t i;
    int bad = 0;
    printf("### Uniform random instances against Beardwood-Halton-Hammersley\n\n"
           "Cities uniform in a square of side 10^6 (`ariadne generate tsp --cities N --seed S`); the estimate "
           "of the optimal tour is 0.7124 sqrt(n A) (Applegate et al.'s constant), which finite instances "
           "exceed slightly (the boundary effect, under 1%% at 10,000 cities). Goal: within 5%% for 10,000 "
           "cities in under a minute. `ils` without --kicks makes 10 kicks per city; the last row runs "
           "until the time limit of 60 s.\n\n"
           "| cities | seed | --algo | tour | 0.7124 sqrt(nA) | ratio | time (s) | CPU (s) |\n"
           "|---|---|---|---|---|---|---|---|\n");
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *text;
        ar_instance *inst;
        ar_error err;
        outcome o;
        double bhh = 0.7124 * sqrt((double)rows[i].n * 1e12);
        if (quick && rows[i].full_only)
            continue;
        text = ar_tsp_random_text(rows[i].n, rows[i].seed, 1000000);
        inst = text ? make(text, NULL, &err) : NULL;
        free(text);
        if (!inst) {
            bad++;
            continue;
        }
        o = solve(inst, rows[i].algo, rows[i].params, 1, rows[i].limit);
        printf("| %u | %" PRIu64 " | %s%s%s%s | %" PRIu64 " | %.0f | %.4f | %.2f | %.2f |\n", rows[i].n,
               rows[i].seed, rows[i].algo, rows[i].params ? " --" : "", rows[i].params ? rows[i].params : "",
               rows[i].limit > 0 ? " --time-limit 60" : "", o.cost, bhh, (double)o.cost / bhh, o.seconds, o.cpu);
        bad += !o.ok;
        ar_domain_tsp.destroy(inst);
    }
    printf("\n");
    return bad;
}

static int generate_and_test_table(int quick)
{
    uint32_t n, top = quick ? 10 : 12;
    int bad = 0;
    printf("### Generate-and-test (every tour) beside Held-Karp\n\n"
           "Random instances (`ariadne generate tsp --cities N --seed 1`). Systematic generate-and-test makes "
           "all (n-1)! orders of the other cities and tests each one's length; Held-Karp's table has 2^(n-1) "
           "subsets. Both prove the optimum.\n\n"
           "| cities | tours tested | enumerate CPU (s) | held-karp subsets | held-karp CPU (s) | CPU ratio | same optimum |\n"
           "|---|---|---|---|---|---|---|\n");
    for (n = 8; n <= top; n++) {
        char *text = ar_tsp_random_text(n, 1, 1000000);
        ar_error err;
        ar_instance *inst = text ? make(text, NULL, &err) : NULL;
        outcome e, h;
        free(text);
        if (!inst) {
            bad++;
            continue;
        }
        e = solve(inst, "enumerate", NULL, 1, 600);
        h = solve(inst, "held-karp", NULL, 1, 600);
        printf("| %u | %" PRIu64 " | %.3f | %" PRIu64 " | %.5f | %.0f | %s |\n", n, e.nodes, e.cpu, h.nodes, h.cpu,
               h.cpu > 0 ? e.cpu / h.cpu : 0, e.cost == h.cost && e.optimal && h.optimal ? "yes" : "NO");
        bad += !(e.ok && h.ok && e.cost == h.cost && e.optimal && h.optimal);
        ar_domain_tsp.destroy(inst);
    }
    printf("\n");
    return bad;
}

static int bench_tsp(int quick)
{
    int bad = 0;
    printf("## travelling salesman%s\n\n", quick ? " (--quick)" : "");
    print_load();
    bad += exact_table(quick);
    bad += local_table(quick);
    bad += random_table(quick);
    bad += generate_and_test_table(quick);
    fflush(stdout);
    return bad ? ar_tool_error(AR_EXIT_NO_SOLUTION, "bench tsp: %d wrong results", bad) : AR_EXIT_OK;
}

const ar_bench_suite ar_tsp_bench_suites[] = {
    {.name = "tsp",
     .summary = "travelling salesman: TSPLIB optima proven, local search on kroA100, random 10,000 cities vs BHH",
     .run = bench_tsp},
    {.name = NULL}};
