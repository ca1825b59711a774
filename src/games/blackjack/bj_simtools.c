/* bj_simtools.c — blackjack's simulator on the command line and in the
 * benchmark suite:
 *
 *   ariadne blackjack-sim [RULES] ...   hands by the chart, against its exact expectation
 *   ariadne ten-count [RULES] ...       Thorp's ten-count: edge by ratio, bets, win rate
 *   ariadne bench cards [--quick]       simulator speed, exact edges, the ten-count curve
 *
 * Timed figures carry the load average, since the machine may be shared. */
#include "bj_tools_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"


/* The chart and, for a game the exact calculator covers (an infinite deck
 * or a fresh shoe every hand), the chart's exact expectation (NAN for the
 * shoe game: dealing through a shoe changes it). */
int ar_bj_chart_and_exact(const bj_rules *r, int shoe_game, const volatile sig_atomic_t *interrupt, bj_strategy *s,
                           double *exact, const char *verb)
{
    ar_error err;
    bj_calc *c = NULL;
    *exact = NAN;
    if (ar_bj_basic_strategy(r, s, interrupt, &err) != AR_OK ||
        (!shoe_game && (ar_bj_calc_new(r, NULL, &c, &err) != AR_OK || ar_bj_strategy_ev(c, s, exact, interrupt, &err) != AR_OK))) {
        ar_bj_calc_free(c);
        if (err.status == AR_ERR_LIMIT)
            return ar_tool_error(AR_EXIT_LIMIT, "%s: stopped (%s) while working out the basic strategy and its exact "
                                 "expectation, before any hand was played", verb, err.message);
        return ar_tool_error(AR_EXIT_BAD_INPUT, "%s: %s", verb, err.message);
    }
    ar_bj_calc_free(c);
    return 0;
}

void ar_bj_sim_options(bj_sim_options *o, const bj_rules *r, const bj_strategy *s, uint64_t hands, uint64_t seed,
                       int threads, int shoe_game, int count)
{
    memset(o, 0, sizeof *o);
    o->rules = *r;
    o->strategy = s;
    o->hands = hands;
    o->seed = seed;
    o->threads = threads;
    o->shoe_game = shoe_game;
    o->penetration = 0.75;
    o->count = count;
}

/* The limits and progress of a tool's command line. */
static void from_command(bj_sim_options *o, ar_tool_cmd *cmd, double penetration)
{
    o->penetration = penetration;
    o->time_limit = cmd->limits.time_limit;
    o->interrupt = cmd->limits.interrupt;
    o->progress = &cmd->progress;
}

/* ------------------------------------------------------------ the sim */

int ar_bj_sim_main(int argc, char **argv)
{
    bj_rule_args ra;
    ar_opt opts[20];
    uint64_t hands = 10000000;
    int shoe = 0, k, rc, inside;
    double penetration = 0.75, exact;
    bj_rules r;
    bj_strategy s;
    bj_sim_options o;
    bj_sim_result res;
    ar_error err;
    char load[64], desc[200];
    ar_tool_cmd cmd;
    ar_bj_rule_opts(&ra, opts);
    for (k = 0; opts[k].name; k++)
        ;
    opts[k++] = (ar_opt){.name = "hands", .kind = AR_OPT_UINT, .dest = &hands, .metavar = "N", .min = 1,
                         .max = 1000000000000ull};
    opts[k++] = (ar_opt){.name = "shoe", .kind = AR_OPT_FLAG, .dest = &shoe};
    opts[k++] = (ar_opt){.name = "penetration", .kind = AR_OPT_NUMBER, .dest = &penetration, .metavar = "F",
                         .lo = 0, .hi = 0.9, .lo_open = 1};
    opts[k] = (ar_opt){.name = NULL};
    cmd = (ar_tool_cmd){.name = "blackjack-sim", .help_topic = "blackjack-sim",
                        .common = AR_COMMON_OUTPUT | AR_COMMON_SEED | AR_COMMON_THREADS | AR_COMMON_TIME_LIMIT,
                        .options = opts};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    if ((rc = ar_bj_rules_of_args(&ra, 6, &r)) != 0)
        return rc;
    if (shoe && r.decks == 0)
        return ar_tool_fail("blackjack-sim: --shoe needs a finite shoe (--decks 1..8), not an infinite deck");
    ar_tool_install_sigint();
    if ((rc = ar_bj_chart_and_exact(&r, shoe, cmd.limits.interrupt, &s, &exact, "blackjack-sim")) != 0)
        return rc;
    ar_bj_sim_options(&o, &r, &s, hands, cmd.seed, (int)ar_tool_threads(&cmd), shoe, 0);
    from_command(&o, &cmd, penetration);
    if (ar_bj_simulate(&o, &res, &err) != AR_OK)
        return ar_tool_fail("blackjack-sim: %s", err.message);
    ar_progress_finish(&cmd.progress);
    ar_tool_load_average(load, sizeof load);
    if (!res.hands)
        return ar_tool_error(AR_EXIT_LIMIT, "blackjack-sim: stopped before any hand was played");
    inside = !isnan(exact) && fabs(res.mean - exact) <= res.half_width;
    ar_bj_rules_describe(&r, desc, sizeof desc);
    if (cmd.json) {
        printf("{\"rules\":");
        ar_bj_rules_json(stdout, &r);
        printf(",\"deal\":\"%s\",\"hands\":%llu,\"mean_percent\":%.6f,\"half_width_percent\":%.6f,", shoe ? "shoe" : r.decks ? "fresh shoe" : "infinite deck",
               (unsigned long long)res.hands, 100 * res.mean, 100 * res.half_width);
        if (isnan(exact))
            printf("\"exact_percent\":null,\"within_interval\":null,");
        else
            printf("\"exact_percent\":%.6f,\"within_interval\":%s,", 100 * exact, inside ? "true" : "false");
        printf("\"threads\":%d,\"seconds\":%.3f,\"cpu_seconds\":%.3f,\"hands_per_second\":%.0f,"
               "\"hands_per_cpu_second\":%.0f,\"loadavg\":\"%s\",\"stopped\":%s}\n",
               o.threads, res.seconds, res.cpu_seconds, (double)res.hands / res.seconds,
               res.cpu_seconds > 0 ? (double)res.hands / res.cpu_seconds : 0, load, res.stopped ? "true" : "false");
    } else {
        printf("blackjack, %s, basic strategy chart, %s\n", desc,
               shoe ? "dealt through the shoe" : r.decks ? "a fresh shoe every hand" : "infinite deck");
        if (res.stopped)
            printf("stopped by %s after %llu hands (the result of those hands follows)\n",
                   cmd.limits.interrupt && *cmd.limits.interrupt ? "Ctrl-C" : "the time limit",
                   (unsigned long long)res.hands);
        printf("hands %llu: player's result %+.4f%% ± %.4f%% (95%%)\n", (unsigned long long)res.hands, 100 * res.mean,
               100 * res.half_width);
        if (!isnan(exact))
            printf("the chart's exact expectation %+.4f%%: %s the interval\n", 100 * exact,
                   inside ? "inside" : "OUTSIDE");
        printf("%.2f s on %d threads: %.1f million hands a second (%.1f million per CPU second); load average %s\n",
               res.seconds, o.threads, (double)res.hands / res.seconds / 1e6,
               res.cpu_seconds > 0 ? (double)res.hands / res.cpu_seconds / 1e6 : 0, load);
    }
    return AR_EXIT_OK;
}

/* ------------------------------------------------------- the ten-count */

/* The exact tables of Thorp's ten-count, from the calculator. */
static int exact_tables(const bj_rules *rules, const ar_tool_cmd *cmd)
{
    static const double notes_tens[10] = {-1.6, -2.1, -3.1, -1.9, -0.5, 1.9, 3.5, 5.1, 6.5, 7.7};
    static const double notes_removed[11] = {0, -2.42, 1.8, 2.1, 2.6, 3.6, 2.4, 2.1, 0.4, -0.4, -1.6};
    bj_rules r = *rules;
    int t, k;
    r.decks = 1;
    if (cmd->json)
        printf("{\"rules\":");
    if (cmd->json)
        ar_bj_rules_json(stdout, &r);
    printf(cmd->json ? ",\"tens\":[" : "One deck's 36 other cards with 0..36 tens, every hand played by its composition:\n"
                                      "| tens | others/tens | player's edge %% | the notes |\n|---:|---:|---:|---:|\n");
    for (t = 0; t <= 36; t += 4) {
        bj_shoe shoe;
        bj_calc *c;
        bj_game_ev g;
        ar_error err;
        ar_bj_shoe_full(&shoe, 1);
        shoe.count[BJ_TEN] = t;
        if (ar_bj_calc_new(&r, &shoe, &c, &err) != AR_OK || ar_bj_game(c, &g, cmd->limits.interrupt, &err) != AR_OK) {
            ar_bj_calc_free(c);
            return ar_tool_error(err.status == AR_ERR_LIMIT ? AR_EXIT_LIMIT : AR_EXIT_BAD_INPUT, "ten-count: %s",
                                 err.message);
        }
        ar_bj_calc_free(c);
        if (cmd->json)
            printf("%s{\"tens\":%d,\"edge_percent\":%.4f,\"notes_percent\":%.1f}", t ? "," : "", t, 100 * g.ev,
                   notes_tens[t / 4]);
        else {
            char ratio[16];
            snprintf(ratio, sizeof ratio, t ? "%.2f" : "inf", t ? 36.0 / t : 0);
            printf("| %d | %s | %+.2f | %+.1f |\n", t, ratio, 100 * g.ev, notes_tens[t / 4]);
        }
        fflush(stdout);
    }
    printf(cmd->json ? "],\"removed\":[" : "\nOne deck without the four cards of a rank (the four tens of the sixteen ten-valued cards),\n"
                                          "played by its composition:\n"
                                          "| removed | player's edge %% | the notes |\n|---|---:|---:|\n");
    for (k = 2; k <= 11; k++) {
        int rank = k == 11 ? BJ_ACE : k;
        bj_shoe shoe;
        bj_calc *c;
        bj_game_ev g;
        ar_error err;
        ar_bj_shoe_full(&shoe, 1);
        shoe.count[rank] -= 4;
        if (ar_bj_calc_new(&r, &shoe, &c, &err) != AR_OK || ar_bj_game(c, &g, cmd->limits.interrupt, &err) != AR_OK) {
            ar_bj_calc_free(c);
            return ar_tool_error(err.status == AR_ERR_LIMIT ? AR_EXIT_LIMIT : AR_EXIT_BAD_INPUT, "ten-count: %s",
                                 err.message);
        }
        ar_bj_calc_free(c);
        if (cmd->json)
            printf("%s{\"removed\":\"%c\",\"edge_percent\":%.4f,\"notes_percent\":%.2f}", k > 2 ? "," : "",
                   "?A23456789T"[rank], 100 * g.ev, notes_removed[rank]);
        else {
            char name[8];
            if (rank == BJ_TEN || rank == BJ_ACE)
                snprintf(name, sizeof name, "%s", rank == BJ_TEN ? "10s" : "aces");
            else
                snprintf(name, sizeof name, "%ds", rank);
            printf("| %s | %+.2f | %+.2f |\n", name, 100 * g.ev, notes_removed[rank]);
        }
        fflush(stdout);
    }
    printf(cmd->json ? "]}\n" : "");
    return AR_EXIT_OK;
}

int ar_bj_count_main(int argc, char **argv)
{
    bj_rule_args ra;
    ar_opt opts[20];
    uint64_t hands = 10000000, spread = 8;
    int exact = 0, k, rc, b;
    double penetration = 0.75, units[BJ_COUNT_BINS], x;
    bj_rules r;
    bj_strategy s;
    bj_sim_options o;
    bj_sim_result curve, bets;
    ar_error err;
    char load[64], desc[200];
    ar_tool_cmd cmd;
    ar_bj_rule_opts(&ra, opts);
    for (k = 0; opts[k].name; k++)
        ;
    opts[k++] = (ar_opt){.name = "hands", .kind = AR_OPT_UINT, .dest = &hands, .metavar = "N", .min = 1000,
                         .max = 1000000000000ull};
    opts[k++] = (ar_opt){.name = "penetration", .kind = AR_OPT_NUMBER, .dest = &penetration, .metavar = "F",
                         .lo = 0, .hi = 0.9, .lo_open = 1};
    opts[k++] = (ar_opt){.name = "spread", .kind = AR_OPT_UINT, .dest = &spread, .metavar = "N", .min = 1, .max = 64};
    opts[k++] = (ar_opt){.name = "exact", .kind = AR_OPT_FLAG, .dest = &exact};
    opts[k] = (ar_opt){.name = NULL};
    cmd = (ar_tool_cmd){.name = "ten-count", .help_topic = "ten-count",
                        .common = AR_COMMON_OUTPUT | AR_COMMON_SEED | AR_COMMON_THREADS | AR_COMMON_TIME_LIMIT,
                        .options = opts};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    if ((rc = ar_bj_rules_of_args(&ra, 1, &r)) != 0)
        return rc;
    ar_tool_install_sigint();
    if (exact)
        return exact_tables(&r, &cmd);
    if (r.decks == 0)
        return ar_tool_fail("ten-count: counting needs a finite shoe (--decks 1..8), not an infinite deck");
    if ((rc = ar_bj_chart_and_exact(&r, 1, cmd.limits.interrupt, &s, &x, "ten-count")) != 0)
        return rc;
    ar_bj_sim_options(&o, &r, &s, hands, cmd.seed, (int)ar_tool_threads(&cmd), 1, 1);
    from_command(&o, &cmd, penetration);
    if (ar_bj_simulate(&o, &curve, &err) != AR_OK)
        return ar_tool_fail("ten-count: %s", err.message);
    /* The bets: proportional to the measured edge, a unit per half per cent,
     * from 1 to --spread units; measured on hands of their own. */
    for (b = 0; b < BJ_COUNT_BINS; b++) {
        double edge = curve.bin_hands[b] >= 1000 ? curve.bin_sum[b] / (double)curve.bin_hands[b] : 0;
        double u = floor(edge / 0.005 + 0.5);
        units[b] = u < 1 ? 1 : u > (double)spread ? (double)spread : u;
    }
    o.bin_units = units;
    o.seed = cmd.seed ^ 0x6A09E667F3BCC909ull;
    if (ar_bj_simulate(&o, &bets, &err) != AR_OK)
        return ar_tool_fail("ten-count: %s", err.message);
    ar_progress_finish(&cmd.progress);
    ar_tool_load_average(load, sizeof load);
    if (!curve.hands || !bets.hands)
        return ar_tool_error(AR_EXIT_LIMIT, "ten-count: stopped before any hand was played");
    ar_bj_rules_describe(&r, desc, sizeof desc);
    {
        double n = (double)bets.hands, per_hand = bets.bet_won / n;
        double var = bets.bet_won_sq / n - per_hand * per_hand, hw = 1.959964 * sqrt(var > 0 ? var : 0) / sqrt(n);
        if (cmd.json) {
            printf("{\"rules\":");
            ar_bj_rules_json(stdout, &r);
            printf(",\"penetration\":%g,\"hands\":%llu,\"flat_percent\":%.4f,\"flat_half_width\":%.4f,\"bins\":[",
                   penetration, (unsigned long long)curve.hands, 100 * curve.mean, 100 * curve.half_width);
            for (b = 0, k = 0; b < BJ_COUNT_BINS; b++) {
                double m, v, h;
                if (!curve.bin_hands[b])
                    continue;
                m = curve.bin_sum[b] / (double)curve.bin_hands[b];
                v = curve.bin_sumsq[b] / (double)curve.bin_hands[b] - m * m;
                h = 1.959964 * sqrt(v > 0 ? v : 0) / sqrt((double)curve.bin_hands[b]);
                printf("%s{\"ratio_from\":%.2f,\"hands\":%llu,\"edge_percent\":%.4f,\"half_width\":%.4f,\"bet\":%g}",
                       k++ ? "," : "", ar_bj_count_bin_edge(b), (unsigned long long)curve.bin_hands[b], 100 * m, 100 * h,
                       units[b]);
            }
            printf("],\"bet_hands\":%llu,\"units_per_100_hands\":%.4f,\"units_per_100_half_width\":%.4f,"
                   "\"mean_bet\":%.4f,\"win_per_unit_bet_percent\":%.4f,\"seconds\":%.2f,\"loadavg\":\"%s\"}\n",
                   (unsigned long long)bets.hands, 100 * per_hand, 100 * hw, bets.bet_total / n,
                   100 * bets.bet_won / bets.bet_total, curve.seconds + bets.seconds, load);
        } else {
            printf("Thorp's ten-count, %s, dealt to %.0f%% of the shoe, basic strategy\n", desc, 100 * penetration);
            printf("flat bets over %llu hands: %+.3f%% ± %.3f%%\n", (unsigned long long)curve.hands, 100 * curve.mean,
                   100 * curve.half_width);
            printf("| others/tens before the hand | hands | player's edge %% (95%%) | bet (units) |\n|---|---:|---:|---:|\n");
            for (b = 0; b < BJ_COUNT_BINS; b++) {
                double m, v, h;
                char range[32];
                if (!curve.bin_hands[b])
                    continue;
                m = curve.bin_sum[b] / (double)curve.bin_hands[b];
                v = curve.bin_sumsq[b] / (double)curve.bin_hands[b] - m * m;
                h = 1.959964 * sqrt(v > 0 ? v : 0) / sqrt((double)curve.bin_hands[b]);
                if (b + 1 < BJ_COUNT_BINS)
                    snprintf(range, sizeof range, "%.1f-%.1f", ar_bj_count_bin_edge(b), ar_bj_count_bin_edge(b + 1));
                else
                    snprintf(range, sizeof range, "%.1f and more", ar_bj_count_bin_edge(b));
                printf("| %s | %llu | %+.2f ± %.2f | %g |\n", range, (unsigned long long)curve.bin_hands[b], 100 * m,
                       100 * h, units[b]);
            }
            printf("betting 1 to %llu units by that table over %llu other hands: %+.3f ± %.3f units per 100 hands, "
                   "mean bet %.3f units, %+.3f%% of the money bet\n",
                   (unsigned long long)spread, (unsigned long long)bets.hands, 100 * per_hand, 100 * hw,
                   bets.bet_total / n, 100 * bets.bet_won / bets.bet_total);
            printf("%.1f s on %d threads; load average %s%s\n", curve.seconds + bets.seconds, o.threads, load,
                   curve.stopped || bets.stopped ? " (stopped early by the time limit or Ctrl-C)" : "");
        }
    }
    return AR_EXIT_OK;
}
