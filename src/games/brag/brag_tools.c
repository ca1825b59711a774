/* brag_tools.c — brag's tools on the command line:
 *
 *   ariadne card-odds [--cards 3|5]   hands counted by class by exact enumeration;
 *                                     for three cards the brag classes, the notes'
 *                                     tables checked and the percentile table
 *   ariadne brag-sim [...]            bidding strategies played against each other,
 *                                     returns per seat and per player with 95%
 *                                     confidence intervals
 *
 * Each prints text or, with --json, one object. */
#include "brag_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

/* ------------------------------------------------------------- card-odds */

static int five_cards(int json)
{
    uint64_t counts[AR_HAND_CLASSES], total = ar_hand_count_classes(5, counts);
    int c;
    if (json) {
        printf("{\"cards\":5,\"hands\":%llu,\"classes\":[", (unsigned long long)total);
        for (c = AR_HAND_CLASSES - 1; c >= 0; c--)
            printf("%s{\"class\":\"%s\",\"hands\":%llu,\"probability\":%.10f}", c < AR_HAND_CLASSES - 1 ? "," : "",
                   ar_hand_class_name((ar_hand_class)c), (unsigned long long)counts[c], (double)counts[c] / (double)total);
        printf("]}\n");
        return AR_EXIT_OK;
    }
    printf("Five-card poker hands, all %llu of one deck by exact enumeration, beside the notes' percentages\n"
           "(found by simulation there; - where they print none)\n| class | hands | probability %% | the notes %% |\n"
           "|---|---:|---:|---:|\n",
           (unsigned long long)total);
    for (c = AR_HAND_CLASSES - 1; c >= 0; c--) {
        /* the notes: high card 50, pair 42, two pairs 5, three of a kind 2 */
        static const char *const notes[AR_HAND_CLASSES] = {"50", "42", "5", "2", "-", "-", "-", "-", "-", "-"};
        printf("| %s | %llu | %.6f | %s |\n", ar_hand_class_name((ar_hand_class)c), (unsigned long long)counts[c],
               100.0 * (double)counts[c] / (double)total, notes[c]);
    }
    return AR_EXIT_OK;
}

static int three_cards(int json)
{
    uint64_t counts[AR_HAND_CLASSES], total = ar_hand_count_classes(3, counts);
    static const ar_hand_class of_brag[BRAG_CLASSES] = {AR_HAND_HIGH_CARD, AR_HAND_PAIR, AR_HAND_FLUSH,
                                                        AR_HAND_STRAIGHT, AR_HAND_STRAIGHT_FLUSH,
                                                        AR_HAND_THREE_OF_A_KIND};
    brag_check checks[64];
    brag_percentile_row rows[50];
    int n = ar_brag_notes_checks(checks, 64), c, off = 0;
    ar_brag_percentile_table(rows);
    if (json) {
        printf("{\"cards\":3,\"hands\":%llu,\"classes\":[", (unsigned long long)total);
        for (c = BRAG_CLASSES - 1; c >= 0; c--)
            printf("%s{\"class\":\"%s\",\"poker_class\":\"%s\",\"hands\":%llu,\"probability\":%.10f}",
                   c < BRAG_CLASSES - 1 ? "," : "", ar_brag_class_name((brag_class)c), ar_hand_class_name(of_brag[c]),
                   (unsigned long long)counts[of_brag[c]], (double)counts[of_brag[c]] / (double)total);
        printf("],\"notes_checks\":[");
        for (c = 0; c < n; c++)
            printf("%s{\"what\":\"%s\",\"notes\":%g,\"exact\":%.6f,\"agrees\":%s}", c ? "," : "", checks[c].what,
                   checks[c].notes, checks[c].exact, checks[c].agrees ? "true" : "false");
        printf("],\"percentiles\":[");
        for (c = 0; c < 50; c++)
            printf("%s{\"percent\":%d,\"hand\":\"%s\",\"notes\":\"%s\"}", c ? "," : "", rows[c].percent, rows[c].exact,
                   rows[c].notes);
        printf("]}\n");
        return AR_EXIT_OK;
    }
    printf("Three-card hands, all %llu of one deck by exact enumeration, in brag's order\n"
           "| class (brag) | poker name | hands | probability %% |\n|---|---|---:|---:|\n",
           (unsigned long long)total);
    for (c = BRAG_CLASSES - 1; c >= 0; c--)
        printf("| %s | %s | %llu | %.4f |\n", ar_brag_class_name((brag_class)c), ar_hand_class_name(of_brag[c]),
               (unsigned long long)counts[of_brag[c]], 100.0 * (double)counts[of_brag[c]] / (double)total);
    printf("\nThe notes' hand-computed figures against the enumeration (the notes round as printed):\n"
           "| figure | the notes | exact | |\n|---|---:|---:|---|\n");
    for (c = 0; c < n; c++) {
        off += !checks[c].agrees;
        printf("| %s | %g | %.4f | %s |\n", checks[c].what, checks[c].notes, checks[c].exact,
               checks[c].agrees ? "agrees" : "OFF");
    }
    printf("%d of %d figures are off.\n\nThe value of a hand: the hand at each percentile (the weakest whose "
           "value, the share of hands\nit beats or ties, reaches it), beside the notes' table:\n"
           "| value %% | hand | the notes | |\n|---:|---|---|---|\n",
           off, n);
    for (c = 0, off = 0; c < 50; c++) {
        int same = strcmp(rows[c].exact, rows[c].notes) == 0;
        off += !same;
        printf("| %d | %s | %s | %s |\n", rows[c].percent, rows[c].exact, rows[c].notes, same ? "" : "differs");
    }
    printf("%d of 50 entries differ.\n", off);
    return AR_EXIT_OK;
}

static int odds_main(int argc, char **argv)
{
    uint64_t cards = 3;
    ar_tool_cmd cmd;
    const ar_opt opts[] = {{.name = "cards", .kind = AR_OPT_UINT, .dest = &cards, .metavar = "3|5", .min = 3, .max = 5},
                           {.name = NULL}};
    cmd = (ar_tool_cmd){.name = "card-odds", .help_topic = "card-odds", .common = AR_COMMON_JSON, .options = opts};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    if (cards == 4)
        return ar_tool_fail("card-odds: option --cards: 4 is not 3 or 5");
    return cards == 3 ? three_cards(cmd.json) : five_cards(cmd.json);
}

/* -------------------------------------------------------------- brag-sim */

/* "threshold,formula,..." into one player per seat (one name: every seat). */
static int parse_players(const char *text, int players, brag_player *out)
{
    char buf[512], *tok, *save = NULL;
    int n = 0;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", text);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n >= players)
            return ar_tool_fail("brag-sim: option --bots: %d strategies for %d players", n + 1, players);
        if (ar_brag_parse_player(tok, &out[n], &err) != AR_OK)
            return ar_tool_fail("brag-sim: option --bots: %s", err.message);
        n++;
    }
    if (n == 1)
        for (; n < players; n++)
            out[n] = out[0];
    if (n != players)
        return ar_tool_fail("brag-sim: option --bots: %d strategies for %d players (give one or one per player)", n,
                            players);
    return 0;
}

static void player_label(const brag_player *p, char *buf, size_t size)
{
    if (p->strategy == BRAG_RANDOM_BLUFF)
        snprintf(buf, size, "random-bluff:p=%g", p->bluff);
    else
        snprintf(buf, size, "%s", ar_brag_strategy_name(p->strategy));
}

static int sim_main(int argc, char **argv)
{
    uint64_t players = 4, rounds = 3, hands = 1000000;
    const char *bots = "threshold";
    int rotate = 0, i;
    brag_sim_options o;
    brag_sim_result r;
    ar_error err;
    ar_tool_cmd cmd;
    double t0;
    const ar_opt opts[] = {
        {.name = "players", .kind = AR_OPT_UINT, .dest = &players, .metavar = "N", .min = 2, .max = BRAG_MAX_PLAYERS},
        {.name = "rounds", .kind = AR_OPT_UINT, .dest = &rounds, .metavar = "R", .min = 1, .max = 20},
        {.name = "hands", .kind = AR_OPT_UINT, .dest = &hands, .metavar = "N", .min = 1, .max = 10000000000ull},
        {.name = "bots", .kind = AR_OPT_TEXT, .dest = &bots, .metavar = "S[,S...]"},
        {.name = "rotate", .kind = AR_OPT_FLAG, .dest = &rotate},
        {.name = NULL}};
    cmd = (ar_tool_cmd){.name = "brag-sim", .help_topic = "brag-sim", .common = AR_COMMON_OUTPUT | AR_COMMON_SEED,
                        .options = opts};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    memset(&o, 0, sizeof o);
    o.players = (int)players;
    o.max_rounds = (int)rounds;
    o.hands = hands;
    o.seed = cmd.seed;
    o.rotate = rotate;
    if (parse_players(bots, o.players, o.seat))
        return AR_EXIT_BAD_INPUT;
    ar_tool_install_sigint();
    o.interrupt = cmd.limits.interrupt;
    o.progress = &cmd.progress;
    t0 = ar_now();
    if (ar_brag_simulate(&o, &r, &err) != AR_OK)
        return ar_tool_fail("brag-sim: %s", err.message);
    ar_progress_finish(&cmd.progress);
    if (!r.hands)
        return ar_tool_error(AR_EXIT_LIMIT, "brag-sim: interrupted before any hand");
    if (cmd.json) {
        printf("{\"players\":%d,\"rounds\":%d,\"rotate\":%s,\"hands\":%llu,\"interrupted\":%s,\"no_contest\":%.6f,"
               "\"showdown\":%.6f,\"seats\":[",
               o.players, o.max_rounds, rotate ? "true" : "false", (unsigned long long)r.hands,
               r.interrupted ? "true" : "false", r.no_contest, r.showdown);
        for (i = 0; i < o.players; i++) {
            char label[40];
            player_label(&o.seat[i], label, sizeof label);
            printf("%s{\"seat\":\"%c\",\"strategy\":\"%s\",\"mean\":%.6f,\"half_width\":%.6f}", i ? "," : "", 'A' + i,
                   rotate ? "mixed" : label, r.per_seat[i].mean, r.per_seat[i].half_width);
        }
        printf("],\"players_by_strategy\":[");
        for (i = 0; i < o.players; i++) {
            char label[40];
            player_label(&o.seat[i], label, sizeof label);
            printf("%s{\"player\":%d,\"strategy\":\"%s\",\"mean\":%.6f,\"half_width\":%.6f}", i ? "," : "", i + 1, label,
                   r.per_player[i].mean, r.per_player[i].half_width);
        }
        printf("],\"seconds\":%.3f}\n", ar_now() - t0);
        return AR_EXIT_OK;
    }
    printf("brag, %d players, showdown after %d rounds, %llu hands%s%s\n", o.players, o.max_rounds,
           (unsigned long long)r.hands, rotate ? ", the players moving one seat each hand" : "",
           r.interrupted ? " (interrupted: the hands so far)" : "");
    printf("| seat (bids) | strategy | return per hand (units) ± 95%% |\n|---|---|---:|\n");
    for (i = 0; i < o.players; i++) {
        char label[40];
        player_label(&o.seat[i], label, sizeof label);
        printf("| %c (%d%s) | %s | %+.4f ± %.4f |\n", 'A' + i, i + 1, i == 0 ? "st" : i == 1 ? "nd" : i == 2 ? "rd" : "th",
               rotate ? "every player in turn" : label, r.per_seat[i].mean, r.per_seat[i].half_width);
    }
    if (rotate) {
        printf("\n| player | strategy | return per hand (units) ± 95%% |\n|---|---|---:|\n");
        for (i = 0; i < o.players; i++) {
            char label[40];
            player_label(&o.seat[i], label, sizeof label);
            printf("| %d | %s | %+.4f ± %.4f |\n", i + 1, label, r.per_player[i].mean, r.per_player[i].half_width);
        }
    }
    printf("nobody bet in %.2f%% of the hands; %.2f%% went to a showdown (%.2f s)\n", 100 * r.no_contest,
           100 * r.showdown, ar_now() - t0);
    return AR_EXIT_OK;
}

const ar_tool ar_brag_tools[] = {
    {.name = "card-odds",
     .usage = "ariadne card-odds [--cards 3|5] [--json]",
     .help = "Counts the hands of one deck by class, visiting all of them: with --cards 3 (the default)\n"
             "the 22,100 three-card hands in brag's classes (prial, running flush, run, flush, pair, high\n"
             "card), the lecture notes' hand-computed probabilities and high-card table checked figure\n"
             "by figure (which are off), and the notes' table of hand values (the hand at each\n"
             "percentile 50..99) reproduced beside theirs; with --cards 5 the 2,598,960 poker hands.\n"
             "Example: ariadne card-odds; ariadne card-odds --cards 5 --json.",
     .run = odds_main},
    {.name = "brag-sim",
     .usage = "ariadne brag-sim [--players N] [--rounds R] [--bots S[,S...]] [--rotate] [--hands N] [--seed S] "
              "[--json] [--quiet] [--progress MODE]",
     .help = "Plays --hands hands of brag (default 1,000,000) between bidding strategies, one per seat in\n"
             "bidding order (--bots: one name for every seat, or one per player): threshold (the notes'\n"
             "75/67/50 rule, 1 - 1/(n + 1 - first)), formula (the notes' general formula, with pot odds),\n"
             "never-bluff, always-bet, random-bluff[:p=P]. Prints each seat's return per hand with its\n"
             "95% interval; with --rotate the players move one seat each hand, so each plays every seat,\n"
             "and each player's (strategy's) return is printed too. --players (2..10, default 4), --rounds\n"
             "(default 3). Example: ariadne brag-sim --hands 200000 --seed 1.",
     .run = sim_main},
    {.name = NULL}};
