/* bj_bench.c — `ariadne bench cards [--quick]`: the blackjack simulator's
 * speed on every core (wall and CPU time, with the load average), the exact
 * edges against the published figures with the time each takes, the
 * simulation confirming an exact edge within its interval, and Thorp's
 * ten-count curve. Markdown tables; --quick is the CI-sized run. */
#include "bj_tools_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "ariadne/timer.h"

static int cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

static int speed_table(int quick)
{
    static const struct {
        const char *label, *rules;
        int shoe;
    } runs[] = {{"infinite deck", "decks=inf", 0},
                {"6 decks, a fresh shoe every hand", "decks=6", 0},
                {"6 decks dealt to 75%", "decks=6", 1}};
    uint64_t hands = quick ? 4000000 : 200000000;
    int i;
    printf("## Blackjack simulator speed (basic strategy, S17 DAS, %llu hands each, %d threads)\n\n"
           "| deal | hands | wall s | CPU s | million hands/s | million hands per CPU s | load average |\n"
           "|---|---:|---:|---:|---:|---:|---|\n",
           (unsigned long long)hands, cores());
    for (i = 0; i < 3; i++) {
        bj_rules r;
        bj_strategy s;
        bj_sim_options o;
        bj_sim_result res;
        ar_error err;
        char why[200], load[64];
        double exact;
        if (ar_bj_rules_of_text(runs[i].rules, &r, why, sizeof why) != 0)
            return ar_tool_fail("bench cards: %s", why);
        if (ar_bj_chart_and_exact(&r, 1, &ar_tool_interrupted, &s, &exact, "bench cards"))
            return AR_EXIT_LIMIT;
        ar_bj_sim_options(&o, &r, &s, hands, 1, cores(), runs[i].shoe, 0);
        o.interrupt = &ar_tool_interrupted;
        if (ar_bj_simulate(&o, &res, &err) != AR_OK)
            return ar_tool_fail("bench cards: %s", err.message);
        ar_tool_load_average(load, sizeof load);
        printf("| %s | %llu | %.2f | %.2f | %.1f | %.1f | %s |\n", runs[i].label, (unsigned long long)res.hands,
               res.seconds, res.cpu_seconds, (double)res.hands / res.seconds / 1e6,
               res.cpu_seconds > 0 ? (double)res.hands / res.cpu_seconds / 1e6 : 0, load);
        fflush(stdout);
    }
    return 0;
}

static int edges_table(int quick)
{
    bj_published rows[32];
    char why[1200];
    int n = ar_bj_published(rows, 32, why, sizeof why), i;
    if (n < 0)
        return ar_tool_fail("bench cards: %s", why);
    printf("\n## Blackjack: exact player expectation against the published figures\n\n"
           "| rules | published %% | exact, by composition %% | difference | basic strategy chart %% | seconds | load average |\n"
           "|---|---:|---:|---:|---:|---:|---|\n");
    for (i = 0; i < n; i++) {
        bj_rules r;
        bj_game_ev g;
        ar_error err;
        double t0 = ar_now(), td;
        char load[64];
        if (quick && !strstr(rows[i].rules, "decks=1") && !strstr(rows[i].rules, "inf"))
            continue;
        if (ar_bj_rules_of_text(rows[i].rules, &r, why, sizeof why) != 0)
            return ar_tool_fail("bench cards: %s", why);
        if (ar_bj_exact_edges(&r, &g, &td, &ar_tool_interrupted, &err) != AR_OK)
            return ar_tool_error(AR_EXIT_LIMIT, "bench cards: %s", err.message);
        ar_tool_load_average(load, sizeof load);
        printf("| %s | %+.4f | %+.4f | %+.4f | %+.4f | %.2f | %s |\n", rows[i].label, rows[i].player_ev, 100 * g.ev,
               100 * g.ev - rows[i].player_ev, 100 * td, ar_now() - t0, load);
        fflush(stdout);
    }
    return 0;
}

static int confirm_table(int quick)
{
    static const char *const rules[] = {"decks=inf", "decks=6", "decks=1 h17"};
    uint64_t hands = quick ? 4000000 : 1000000000;
    int i;
    printf("\n## Blackjack: simulation against the chart's exact expectation (%llu hands each)\n\n"
           "| rules | exact %% | simulated %% ± 95%% | z | within 95%% | wall s | load average |\n"
           "|---|---:|---:|---:|---|---:|---|\n",
           (unsigned long long)hands);
    for (i = 0; i < 3; i++) {
        bj_rules r;
        bj_strategy s;
        bj_sim_options o;
        bj_sim_result res;
        ar_error err;
        char why[200], load[64], desc[200];
        double exact;
        if (ar_bj_rules_of_text(rules[i], &r, why, sizeof why) != 0)
            return ar_tool_fail("bench cards: %s", why);
        if (ar_bj_chart_and_exact(&r, 0, &ar_tool_interrupted, &s, &exact, "bench cards"))
            return AR_EXIT_LIMIT;
        ar_bj_sim_options(&o, &r, &s, hands, 2, cores(), 0, 0);
        o.interrupt = &ar_tool_interrupted;
        if (ar_bj_simulate(&o, &res, &err) != AR_OK)
            return ar_tool_fail("bench cards: %s", err.message);
        ar_tool_load_average(load, sizeof load);
        ar_bj_rules_describe(&r, desc, sizeof desc);
        printf("| %s | %+.4f | %+.4f ± %.4f | %+.2f | %s | %.1f | %s |\n", desc, 100 * exact, 100 * res.mean,
               100 * res.half_width, (res.mean - exact) / (res.half_width / 1.959964),
               fabs(res.mean - exact) <= res.half_width ? "yes" : "no", res.seconds, load);
        fflush(stdout);
    }
    return 0;
}

static int count_table(int quick)
{
    uint64_t hands = quick ? 2000000 : 100000000;
    bj_rules r;
    bj_strategy s;
    bj_sim_options o;
    bj_sim_result res;
    ar_error err;
    char why[200], load[64];
    double exact;
    int b;
    if (ar_bj_rules_of_text("decks=1", &r, why, sizeof why) != 0)
        return ar_tool_fail("bench cards: %s", why);
    if (ar_bj_chart_and_exact(&r, 1, &ar_tool_interrupted, &s, &exact, "bench cards"))
        return AR_EXIT_LIMIT;
    ar_bj_sim_options(&o, &r, &s, hands, 3, cores(), 1, 1);
    o.interrupt = &ar_tool_interrupted;
    if (ar_bj_simulate(&o, &res, &err) != AR_OK)
        return ar_tool_fail("bench cards: %s", err.message);
    ar_tool_load_average(load, sizeof load);
    printf("\n## Thorp's ten-count: one deck S17 DAS dealt to 75%%, basic strategy, %llu hands (%.1f s, load "
           "average %s)\n\n| others/tens | hands | player's edge %% ± 95%% |\n|---|---:|---:|\n",
           (unsigned long long)res.hands, res.seconds, load);
    for (b = 0; b < BJ_COUNT_BINS; b++) {
        double m, v;
        if (res.bin_hands[b] < 1000)
            continue;
        m = res.bin_sum[b] / (double)res.bin_hands[b];
        v = res.bin_sumsq[b] / (double)res.bin_hands[b] - m * m;
        printf("| %.1f+ | %llu | %+.2f ± %.2f |\n", ar_bj_count_bin_edge(b), (unsigned long long)res.bin_hands[b],
               100 * m, 100 * 1.959964 * sqrt(v > 0 ? v : 0) / sqrt((double)res.bin_hands[b]));
    }
    return 0;
}

static int bench_cards(int quick)
{
    int rc;
    ar_tool_install_sigint();
    if ((rc = speed_table(quick)) || (rc = edges_table(quick)) || (rc = confirm_table(quick)) ||
        (rc = count_table(quick)))
        return rc;
    return AR_EXIT_OK;
}

const ar_bench_suite ar_bj_bench_suites[] = {
    {.name = "cards",
     .summary = "blackjack: simulator hands/s on every core, exact edges vs published, simulation vs exact, ten-count",
     .run = bench_cards},
    {.name = NULL}};
