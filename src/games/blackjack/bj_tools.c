/* bj_tools.c — blackjack's exact tools on the command line:
 *
 *   ariadne blackjack-edge [RULES] [--published]   the player's expectation
 *   ariadne blackjack-strategy [RULES]             basic strategy as a chart
 *
 * and the rule options every blackjack tool shares (the simulator's tools
 * are in bj_simtools.c). Each prints text or, with --json, one object. */
#include "bj_tools_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

/* --------------------------------------------------------------- rules */

void ar_bj_rule_opts(bj_rule_args *a, ar_opt *out)
{
    int i = 0;
    memset(a, 0, sizeof *a);
    out[i++] = (ar_opt){.name = "decks", .kind = AR_OPT_TEXT, .dest = &a->decks, .metavar = "N|inf"};
    out[i++] = (ar_opt){.name = "h17", .kind = AR_OPT_FLAG, .dest = &a->h17};
    out[i++] = (ar_opt){.name = "no-das", .kind = AR_OPT_FLAG, .dest = &a->no_das};
    out[i++] = (ar_opt){.name = "split-hands", .kind = AR_OPT_UINT, .dest = &a->split_hands, .metavar = "N",
                        .min = 1, .max = BJ_MAX_HANDS, .seen = &a->split_seen};
    out[i++] = (ar_opt){.name = "rsa", .kind = AR_OPT_FLAG, .dest = &a->rsa};
    out[i++] = (ar_opt){.name = "hit-split-aces", .kind = AR_OPT_FLAG, .dest = &a->hit_split_aces};
    out[i++] = (ar_opt){.name = "surrender", .kind = AR_OPT_FLAG, .dest = &a->surrender};
    out[i++] = (ar_opt){.name = "bj-pays", .kind = AR_OPT_CHOICE, .dest = &a->bj_pays, .metavar = "X:Y",
                        .choices = "3:2 6:5 1:1 2:1"};
    out[i++] = (ar_opt){.name = "double", .kind = AR_OPT_CHOICE, .dest = &a->dbl, .metavar = "WHEN",
                        .choices = "any 9-11 10-11"};
    out[i] = (ar_opt){.name = NULL};
}

int ar_bj_rules_of_args(const bj_rule_args *a, int default_decks, bj_rules *r)
{
    static const double pays[] = {1.5, 1.2, 1.0, 2.0};
    static const int dbl[] = {0, 9, 10};
    ar_bj_rules_default(r);
    r->decks = default_decks;
    if (a->decks) {
        uint64_t d;
        char why[160];
        if (strcmp(a->decks, "inf") == 0)
            r->decks = 0;
        else if (ar_tool_parse_uint(a->decks, 1, BJ_MAX_DECKS, &d, why, sizeof why) == 0)
            r->decks = (int)d;
        else
            return ar_tool_fail("option --decks: %s (1..%d decks, or inf)", why, BJ_MAX_DECKS);
    }
    r->h17 = a->h17;
    r->das = !a->no_das;
    if (a->split_seen)
        r->max_hands = (int)a->split_hands;
    r->rsa = a->rsa;
    r->hit_split_aces = a->hit_split_aces;
    r->surrender = a->surrender;
    r->bj_pays = pays[a->bj_pays];
    r->double_min = dbl[a->dbl];
    if (r->rsa && r->max_hands < 3)
        return ar_tool_fail("option --rsa: resplitting aces needs --split-hands 3 or 4");
    return 0;
}

void ar_bj_rules_json(FILE *out, const bj_rules *r)
{
    char desc[200];
    ar_bj_rules_describe(r, desc, sizeof desc);
    fprintf(out, "{\"decks\":%d,\"h17\":%s,\"das\":%s,\"split_hands\":%d,\"rsa\":%s,\"hit_split_aces\":%s,"
                 "\"surrender\":%s,\"bj_pays\":%g,\"double\":\"%s\",\"text\":",
            r->decks, r->h17 ? "true" : "false", r->das ? "true" : "false", r->max_hands, r->rsa ? "true" : "false",
            r->hit_split_aces ? "true" : "false", r->surrender ? "true" : "false", r->bj_pays,
            r->double_min == 9 ? "9-11" : r->double_min == 10 ? "10-11" : "any");
    ar_json_string(out, desc);
    fputc('}', out);
}

/* ---------------------------------------------------- published values */

int ar_bj_published(bj_published *rows, int max, char *why, size_t why_size)
{
    char path[1024], *text, *line, *save = NULL;
    int n = 0;
    if (ar_data_path("cards/blackjack-published.txt", path, sizeof path) != 0) {
        snprintf(why, why_size, "data/cards/blackjack-published.txt not found (looked in %s)", path);
        return -1;
    }
    if (!(text = ar_read_file(path, why, why_size)))
        return -1;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        bj_published *p = &rows[n];
        char rules[200], label[80], source[200];
        double value;
        int nf;
        if (line[0] == '#' || !line[0])
            continue;
        nf = sscanf(line, "%79[^|]|%199[^|]|%lf|%199[^\n]", label, rules, &value, source);
        if (nf != 4 || n >= max) {
            snprintf(why, why_size, "%s: a line is not LABEL|RULES|PLAYER_EV_PERCENT|SOURCE: %.60s", path, line);
            free(text);
            return -1;
        }
        snprintf(p->label, sizeof p->label, "%s", label);
        snprintf(p->rules, sizeof p->rules, "%s", rules);
        snprintf(p->source, sizeof p->source, "%s", source);
        p->player_ev = value;
        n++;
    }
    free(text);
    return n;
}

/* Rules from "decks=1 h17 no-das ..." (the options as in the game's
 * variants). */
int ar_bj_rules_of_text(const char *text, bj_rules *r, char *why, size_t why_size)
{
    char buf[256];
    ar_param params[16];
    size_t n;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", text);
    n = ar_param_split(buf, params, 16);
    if (ar_bj_rules_from_params(params, n, r, &err) != AR_OK) {
        snprintf(why, why_size, "%s", err.message);
        return -1;
    }
    return 0;
}

ar_status ar_bj_exact_edges(const bj_rules *r, bj_game_ev *g, double *chart_ev, const volatile sig_atomic_t *interrupt,
                            ar_error *err)
{
    bj_calc *c = NULL;
    bj_strategy s;
    ar_status st;
    if ((st = ar_bj_calc_new(r, NULL, &c, err)) == AR_OK && (st = ar_bj_game(c, g, interrupt, err)) == AR_OK &&
        (st = ar_bj_basic_strategy(r, &s, interrupt, err)) == AR_OK)
        st = ar_bj_strategy_ev(c, &s, chart_ev, interrupt, err);
    ar_bj_calc_free(c);
    return st;
}

/* ------------------------------------------------------------ the edge */

static int compare_published(const ar_tool_cmd *cmd)
{
    bj_published rows[32];
    char why[1200];
    int n = ar_bj_published(rows, 32, why, sizeof why), i, all = 1;
    if (n < 0)
        return ar_tool_fail("blackjack-edge: %s", why);
    if (cmd->json)
        printf("{\"published\":[");
    else
        printf("| rules | published player EV %% | computed (composition-dependent) | computed (basic strategy) | "
               "difference | source |\n|---|---:|---:|---:|---:|---|\n");
    for (i = 0; i < n; i++) {
        bj_rules r;
        bj_game_ev g;
        ar_error err;
        double td, diff;
        if (ar_bj_rules_of_text(rows[i].rules, &r, why, sizeof why) != 0)
            return ar_tool_fail("blackjack-edge: data/cards/blackjack-published.txt, %s: %s", rows[i].label, why);
        if (ar_bj_exact_edges(&r, &g, &td, cmd->limits.interrupt, &err) != AR_OK)
            return ar_tool_error(ar_tool_exit_for(err.status), "blackjack-edge: %s", err.message);
        diff = 100 * g.ev - rows[i].player_ev;
        all &= fabs(diff) <= 0.01 || strstr(rows[i].source, "approximate") != NULL;
        if (cmd->json) {
            printf("%s{\"label\":", i ? "," : "");
            ar_json_string(stdout, rows[i].label);
            printf(",\"rules\":");
            ar_bj_rules_json(stdout, &r);
            printf(",\"published_percent\":%.6f,\"computed_percent\":%.6f,\"basic_strategy_percent\":%.6f,"
                   "\"difference\":%.6f,\"source\":",
                   rows[i].player_ev, 100 * g.ev, 100 * td, diff);
            ar_json_string(stdout, rows[i].source);
            printf("}");
        } else {
            printf("| %s | %+.4f | %+.4f | %+.4f | %+.4f | %s |\n", rows[i].label, rows[i].player_ev, 100 * g.ev,
                   100 * td, diff, rows[i].source);
        }
        fflush(stdout);
    }
    if (cmd->json)
        printf("],\"agree_within_0_01\":%s}\n", all ? "true" : "false");
    else
        printf("\n%s\n", all ? "Every exact figure agrees within 0.01 percentage points."
                             : "SOME FIGURE DIFFERS BY MORE THAN 0.01 PERCENTAGE POINTS.");
    return all ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

static int edge_main(int argc, char **argv)
{
    bj_rule_args ra;
    ar_opt opts[16];
    int published = 0, k, rc;
    bj_rules r;
    bj_game_ev g;
    ar_error err;
    double td, t0;
    char desc[200];
    ar_tool_cmd cmd;
    ar_bj_rule_opts(&ra, opts);
    for (k = 0; opts[k].name; k++)
        ;
    opts[k++] = (ar_opt){.name = "published", .kind = AR_OPT_FLAG, .dest = &published};
    opts[k] = (ar_opt){.name = NULL};
    cmd = (ar_tool_cmd){.name = "blackjack-edge", .help_topic = "blackjack-edge", .common = AR_COMMON_JSON,
                        .options = opts};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    ar_tool_install_sigint();
    if (published)
        return compare_published(&cmd);
    if ((rc = ar_bj_rules_of_args(&ra, 6, &r)) != 0)
        return rc;
    t0 = ar_now();
    if (ar_bj_exact_edges(&r, &g, &td, cmd.limits.interrupt, &err) != AR_OK)
        return ar_tool_error(ar_tool_exit_for(err.status), "blackjack-edge: %s", err.message);
    ar_bj_rules_describe(&r, desc, sizeof desc);
    if (cmd.json) {
        printf("{\"rules\":");
        ar_bj_rules_json(stdout, &r);
        printf(",\"player_ev_percent\":%.6f,\"house_edge_percent\":%.6f,\"basic_strategy_ev_percent\":%.6f,"
               "\"p_player_blackjack\":%.8f,\"p_dealer_blackjack\":%.8f,\"by_upcard\":{",
               100 * g.ev, -100 * g.ev, 100 * td, g.p_natural, g.p_dealer_bj);
        for (k = 1; k <= 10; k++)
            printf("%s\"%c\":%.8f", k > 1 ? "," : "", "?A23456789T"[k], g.by_upcard[k]);
        printf("},\"seconds\":%.3f}\n", ar_now() - t0);
    } else {
        printf("blackjack, %s\n", desc);
        printf("player's expectation, every hand played by its exact composition: %+.4f%% (house edge %.4f%%)\n",
               100 * g.ev, -100 * g.ev);
        printf("player's expectation with the basic strategy chart:               %+.4f%% (house edge %.4f%%)\n",
               100 * td, -100 * td);
        printf("player's blackjack %.4f%%, dealer's %.4f%%\nexpectation by upcard:", 100 * g.p_natural,
               100 * g.p_dealer_bj);
        for (k = 2; k <= 11; k++)
            printf(" %c %+.4f", "?A23456789TA"[k], g.by_upcard[k == 11 ? 1 : k]);
        printf("\n(%.2f s; splits as the Wizard of Odds' appendix 9: each split hand from a shoe without the "
               "pair cards dealt)\n",
               ar_now() - t0);
    }
    return AR_EXIT_OK;
}

/* -------------------------------------------------------------- the chart */

static int strategy_main(int argc, char **argv)
{
    bj_rule_args ra;
    ar_opt opts[16];
    bj_rules r;
    bj_strategy s;
    ar_error err;
    ar_tool_cmd cmd;
    int rc, t, up, p;
    ar_bj_rule_opts(&ra, opts);
    cmd = (ar_tool_cmd){.name = "blackjack-strategy", .help_topic = "blackjack-strategy", .common = AR_COMMON_JSON,
                        .options = opts};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    if ((rc = ar_bj_rules_of_args(&ra, 6, &r)) != 0)
        return rc;
    ar_tool_install_sigint();
    if (ar_bj_basic_strategy(&r, &s, cmd.limits.interrupt, &err) != AR_OK)
        return ar_tool_error(ar_tool_exit_for(err.status), "blackjack-strategy: %s", err.message);
    if (!cmd.json) {
        char buf[8192];
        ar_bj_chart_text(&s, &r, buf, sizeof buf);
        fputs(buf, stdout);
        return AR_EXIT_OK;
    }
    printf("{\"rules\":");
    ar_bj_rules_json(stdout, &r);
    printf(",\"upcards\":[\"2\",\"3\",\"4\",\"5\",\"6\",\"7\",\"8\",\"9\",\"T\",\"A\"],\"hard\":{");
    for (t = 5; t <= 19; t++) {
        printf("%s\"%d\":[", t > 5 ? "," : "", t);
        for (up = 0; up < 10; up++)
            printf("%s\"%s\"", up ? "," : "", ar_bj_code_name(s.hard2[t][up == 9 ? 1 : up + 2]));
        printf("]");
    }
    printf("},\"soft\":{");
    for (t = 13; t <= 20; t++) {
        printf("%s\"A,%d\":[", t > 13 ? "," : "", t - 11);
        for (up = 0; up < 10; up++)
            printf("%s\"%s\"", up ? "," : "", ar_bj_code_name(s.soft2[t][up == 9 ? 1 : up + 2]));
        printf("]");
    }
    printf("},\"pairs\":{");
    for (p = 2; p <= 11; p++) {
        int rank = p == 11 ? 1 : p;
        printf("%s\"%c,%c\":[", p > 2 ? "," : "", "?A23456789T"[rank], "?A23456789T"[rank]);
        for (up = 0; up < 10; up++)
            printf("%s\"%s\"", up ? "," : "", ar_bj_code_name(s.pair[rank][up == 9 ? 1 : up + 2]));
        printf("]");
    }
    printf("}}\n");
    return AR_EXIT_OK;
}

#define RULES_HELP                                                                                           \
    "Rules: --decks N|inf (default 6), --h17 (the dealer hits soft 17), --no-das, --split-hands N (1..4,\n" \
    "default 4), --rsa, --hit-split-aces, --surrender (late), --bj-pays 3:2|6:5|1:1|2:1, --double\n"          \
    "any|9-11|10-11. The dealer checks for blackjack under an ace or a ten.\n"

const ar_tool ar_bj_tools[] = {
    {.name = "blackjack-edge",
     .usage = "ariadne blackjack-edge [RULES] [--published] [--json]",
     .help = "The player's exact expectation (the house edge with the sign turned) for the rules: every hand\n"
             "played best for its exact composition (as the Wizard of Odds' appendix 9 computes it; splits\n"
             "from a shoe without the pair cards dealt), and with the basic strategy chart. --published\n"
             "computes the rule sets of data/cards/blackjack-published.txt and compares them with the\n"
             "published figures (exit 1 when an exact one differs by more than 0.01 points).\n" RULES_HELP
             "(`ariadne blackjack-edge --published` computes all 14 rule sets: about a minute.)\n"
             "Example: ariadne blackjack-edge --decks 1",
     .run = edge_main},
    {.name = "blackjack-strategy",
     .usage = "ariadne blackjack-strategy [RULES] [--json]",
     .help = "Basic strategy computed exactly for the rules and printed as the usual chart: hard totals,\n"
             "soft hands and pairs against the upcards 2..A (each cell the best action summed over the\n"
             "two-card hands of that total), and where hands of three cards or more play otherwise.\n" RULES_HELP
             "Example: ariadne blackjack-strategy --decks 2 --h17.",
     .run = strategy_main},
    {.name = "blackjack-sim",
     .usage = "ariadne blackjack-sim [RULES] [--hands N] [--shoe] [--penetration F] [--seed S] [--threads N] "
              "[--time-limit S] [--json] [--quiet] [--progress MODE]",
     .help = "Simulates hands played by the basic strategy chart, on every core, and compares the mean\n"
             "result with the chart's exact expectation: each hand from a freshly shuffled shoe (the\n"
             "exact expectation's setting) or, with --shoe, dealt through the shoe to --penetration\n"
             "(default 0.75). Prints hands, mean and 95% interval, hands per second (wall and CPU).\n" RULES_HELP
             "Example: ariadne blackjack-sim --decks inf --hands 20000000 --seed 1.",
     .run = ar_bj_sim_main},
    {.name = "ten-count",
     .usage = "ariadne ten-count [RULES] [--hands N] [--penetration F] [--spread N] [--exact] [--seed S] "
              "[--threads N] [--json] [--quiet]",
     .help = "Thorp's ten-count: the player's edge by the ratio of others to tens left before each hand,\n"
             "measured by dealing through the shoe (--decks, default 1; --penetration, default 0.75) with\n"
             "basic strategy; the bet each ratio justifies (proportional to the measured edge, 1 to\n"
             "--spread units, default 8) and the win rate that betting gives, with 95% intervals (the bets\n"
             "are measured on hands of their own). --exact prints Thorp's table computed exactly instead:\n"
             "the edge of one deck with its 36 other cards and 0..36 tens, and of one deck without the\n"
             "four cards of a rank, each played by its composition, beside the notes' figures.\n" RULES_HELP
             "(`ariadne ten-count --exact` computes Thorp's 41 compositions: about half a minute.)\n"
             "Example: ariadne ten-count --hands 4000000 --seed 1",
     .run = ar_bj_count_main},
    {.name = NULL}};
