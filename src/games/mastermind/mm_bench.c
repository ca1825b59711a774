/* mm_bench.c — `ariadne bench mastermind`: what each strategy achieves over
 * every code, against the published figures, and how long the exhaustive
 * search for the optimal strategy takes.
 *
 * Every figure comes from a strategy tree checked against every code
 * (ar_mm_tree_check). The suite fails (exit 1) when a figure of the classic
 * 4 pegs x 6 colours game differs from the published one:
 *   knuth 5,801 (Knuth 1977), irving 5,696 (Irving 1978), entropy 5,722
 *   (Neuwirth 1982), parts 5,668 (Kooi 2005), consistent 7,471 (Shapiro
 *   1983), optimal 5,625 and, within 5 guesses, 5,626 (Koyama & Lai 1993),
 * as tabulated on S. Gur's "Mastermind strategies" page; and for 5 pegs x 8
 * colours it prints M. Magruder's averages with the first guess 11223 (his
 * Mastermind repository's README) beside ours. --quick runs the 4x6 table
 * (the exhaustive searches included: seconds) and the optimum of smaller
 * games; the full run adds the search's times on one thread, the optimum
 * of 4 pegs and 7 colours (G. Ville 2013: average 4.676; a minute of CPU)
 * and 5 pegs and 8 colours. */
#include "mm_game.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "ariadne/timer.h"

static int cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

typedef struct row {
    const char *strategy;  /* a rule's name, or "optimal" */
    int max_guesses;       /* optimal: 0 none */
    const char *first;     /* a rule's fixed first guess, or NULL */
    uint64_t published;    /* the published total (0: none) */
    double published_avg;  /* or the published average (0: none) */
    const char *source;
} row;

/* Runs one row; prints its table line; returns 0, or 1 when it differs from
 * the published figure or fails. */
static int run_row(const mm_rules *r, const row *w, int threads, const char *label)
{
    mm_node *tree = NULL;
    mm_stats st;
    ar_error err;
    double t0 = ar_now(), c0 = ar_process_cpu_time(), secs, cpu;
    uint64_t nodes = 0;
    char dist[200], g[16], pub[48], name[64];
    int ok, rule = ar_mm_rule_find(w->strategy), bad = 0;
    ar_error_clear(&err);
    if (rule >= 0) {
        mm_rule_chooser *c = ar_mm_rule_chooser_new(r, (mm_rule)rule);
        mm_chooser ch;
        mm_build_options o;
        memset(&o, 0, sizeof o);
        o.threads = threads;
        if (w->first) {
            o.has_first = 1;
            ar_mm_parse_code(r, w->first, strlen(w->first), &o.first, &err);
        }
        if (c) {
            ch = ar_mm_rule_chooser(c);
            ar_mm_build(r, &ch, &o, &tree, &err);
            ar_mm_rule_chooser_free(c);
        }
    } else {
        mm_optimal_options oo;
        mm_optimal_result res;
        memset(&oo, 0, sizeof oo);
        oo.max_guesses = w->max_guesses;
        oo.threads = threads;
        if (ar_mm_optimal(r, &oo, &res, &err) == AR_OK && res.complete)
            tree = res.tree;
        else
            ar_mm_tree_free(res.tree);
        nodes = res.nodes;
    }
    secs = ar_now() - t0;
    cpu = ar_process_cpu_time() - c0;
    if (label)
        snprintf(name, sizeof name, "%s", label);
    else if (w->max_guesses)
        snprintf(name, sizeof name, "%s, at most %d guesses", w->strategy, w->max_guesses);
    else if (w->first)
        snprintf(name, sizeof name, "%s, first guess fixed", w->strategy);
    else
        snprintf(name, sizeof name, "%s", w->strategy);
    if (!tree) {
        printf("| %s | failed: %s | | | | | | | |\n", name, err.message);
        return 1;
    }
    ok = ar_mm_tree_check(r, tree, &st);
    ar_mm_stats_distribution(&st, dist, sizeof dist);
    ar_mm_format_code(r, tree->guess, g, sizeof g);
    pub[0] = '\0';
    if (w->published) {
        bad = st.total != w->published;
        snprintf(pub, sizeof pub, "%" PRIu64 " %s", w->published, bad ? "**differs**" : "=");
    } else if (w->published_avg > 0) {
        snprintf(pub, sizeof pub, "avg %.4f", w->published_avg);
    }
    printf("| %s | %s | %" PRIu64 " | %.4f | %d | %s | %s%s%s | %.2f | %.2f", name, g, st.total, (double)st.total / st.codes, st.worst, dist, pub, w->source ? ", " : "",
           w->source ? w->source : "", secs, cpu);
    if (nodes)
        printf(" | %" PRIu64, nodes);
    else
        printf(" |");
    printf(" |\n");
    ar_mm_tree_free(tree);
    return bad || !ok;
}

static int table(int pegs, int colours, const row *rows, size_t n, int threads)
{
    mm_rules r;
    ar_error err;
    size_t i;
    int fails = 0;
    if (ar_mm_rules_init(&r, pegs, colours, &err) != AR_OK || ar_mm_rules_table(&r, &err) != AR_OK) {
        printf("%s\n", err.message);
        return 1;
    }
    printf("\n### %d pegs, %d colours (%u codes), %d thread%s\n\n", pegs, colours, (unsigned)r.codes, threads,
           threads == 1 ? "" : "s");
    printf("| strategy | first guess | total | average | worst | codes found with 1, 2, ... guesses | "
           "published | seconds | CPU seconds | sets searched |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (i = 0; i < n; i++) {
        fails += run_row(&r, &rows[i], threads, NULL);
        fflush(stdout);
    }
    ar_mm_rules_free(&r);
    return fails;
}

static const row classic[] = {
    {"knuth", 0, NULL, 5801, 0, "Knuth 1977"},
    {"irving", 0, NULL, 5696, 0, "Irving 1978"},
    {"entropy", 0, NULL, 5722, 0, "Neuwirth 1982"},
    {"parts", 0, NULL, 5668, 0, "Kooi 2005"},
    {"consistent", 0, NULL, 7471, 0, "Shapiro 1983"},
    {"optimal", 0, NULL, 5625, 0, "Koyama & Lai 1993"},
    {"optimal", 5, NULL, 5626, 0, "Koyama & Lai 1993"},
};

static const row larger[] = {
    {"knuth", 0, NULL, 0, 0, NULL},
    {"irving", 0, NULL, 0, 0, NULL},
    {"entropy", 0, NULL, 0, 0, NULL},
    {"parts", 0, NULL, 0, 0, NULL},
    {"consistent", 0, NULL, 0, 0, NULL},
    {"knuth", 0, "11223", 0, 5.6084, "Magruder"},
    {"irving", 0, "11223", 0, 5.4997, "Magruder"},
    {"entropy", 0, "11223", 0, 5.4854, "Magruder"},
    {"parts", 0, "11223", 0, 5.5491, "Magruder"},
};

static const row optimal_only[] = {{"optimal", 0, NULL, 0, 0, NULL}};

static const row seven_colours[] = {{"optimal", 0, NULL, 0, 4.67638, "Ville 2013: 4.676"}};

static int bench_mastermind(int quick)
{
    static const int small[][2] = {{2, 6}, {3, 4}, {3, 5}, {4, 4}, {4, 5}};
    int threads = cpus(), fails = 0;
    size_t i;
    char load[128] = "";
    FILE *f;
    printf("## Mastermind: every strategy played against every code\n");
    fails += table(4, 6, classic, sizeof classic / sizeof classic[0], threads);
    printf("\n### The optimum of smaller games (exhaustive search; the tests check them by brute force)\n\n"
           "| strategy | first guess | total | average | worst | codes found with 1, 2, ... guesses | published | seconds "
           "| CPU seconds | sets searched |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (i = 0; i < sizeof small / sizeof small[0]; i++) {
        mm_rules r;
        ar_error err;
        char label[48];
        if (ar_mm_rules_init(&r, small[i][0], small[i][1], &err) != AR_OK)
            continue;
        snprintf(label, sizeof label, "optimal, %d pegs x %d colours", small[i][0], small[i][1]);
        fails += run_row(&r, &optimal_only[0], threads, label);
        ar_mm_rules_free(&r);
    }
    if (!quick) {
        fails += table(4, 6, classic + 5, 2, 1);
        fails += table(4, 7, seven_colours, 1, threads);
        fails += table(5, 8, larger, sizeof larger / sizeof larger[0], threads);
    }
    if ((f = fopen("/proc/loadavg", "r")) != NULL) {
        if (!fgets(load, sizeof load, f))
            load[0] = '\0';
        fclose(f);
        load[strcspn(load, "\n")] = '\0';
    }
    printf("\nload average at the end: %s (%d CPUs)\n", load[0] ? load : "unknown", cpus());
    return fails ? 1 : 0;
}

const ar_bench_suite ar_mm_bench_suites[] = {
    {.name = "mastermind",
     .summary = "Mastermind strategies over every code: Knuth 5,801, the optimal 5,625 and 5,626, 5x8",
     .run = bench_mastermind},
    {.name = NULL}};
