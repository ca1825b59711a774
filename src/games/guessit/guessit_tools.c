/* guessit_tools.c — `ariadne guessit-solve`: Isaacs' Guess It solved
 * exactly, printed as the lecture notes' tables ("Do I bluff?", "Is he
 * bluffing?") with the value of every state, the first player's chance of
 * winning checked against the notes' 0.54, the equilibrium check, and the
 * exact results of the three bots against each other and against a player
 * who knows their strategy. Text, or one JSON object with --json. */
#include "guessit_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOTES_VALUE 0.54

/* Prints one table of the states m, n = 1..max (rows m) as per cents, or
 * as a JSON array of rows (values 0..1). */
static void table(const guessit_solution *sol, int json, const char *title, const char *rows, const char *cols,
                  int which)
{
    int m, n, max = sol->max;
    if (json) {
        printf("[");
        for (m = 1; m <= max; m++) {
            printf("%s[", m > 1 ? "," : "");
            for (n = 1; n <= max; n++) {
                const guessit_state *s = &sol->s[m][n];
                double x = which == 0 ? s->value : which == 1 ? s->bluff : which == 2 ? s->call : s->guess;
                printf("%s%.6f", n > 1 ? "," : "", x);
            }
            printf("]");
        }
        printf("]");
        return;
    }
    printf("\n%s (per cent; rows: %s, columns: %s)\n     ", title, rows, cols);
    for (n = 1; n <= max; n++)
        printf("%7d", n);
    printf("\n");
    for (m = 1; m <= max; m++) {
        printf("  %2d ", m);
        for (n = 1; n <= max; n++) {
            const guessit_state *s = &sol->s[m][n];
            double x = which == 0 ? s->value : which == 1 ? s->bluff : which == 2 ? s->call : s->guess;
            printf("%7.1f", 100 * x);
        }
        printf("\n");
    }
}

static int solve_main(int argc, char **argv)
{
    uint64_t hand = 5;
    guessit_solution *sol;
    ar_error err;
    ar_tool_cmd cmd;
    double gap, first;
    int a, b;
    const ar_opt opts[] = {
        {.name = "hand", .kind = AR_OPT_UINT, .dest = &hand, .metavar = "N", .min = 1, .max = GUESSIT_SOLVE_MAX},
        {.name = NULL}};
    cmd = (ar_tool_cmd){.name = "guessit-solve", .help_topic = "guessit-solve", .common = AR_COMMON_JSON,
                        .options = opts};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    sol = ar_xmalloc(sizeof *sol);
    if (ar_guessit_solve((int)hand, sol, &err) != AR_OK) {
        free(sol);
        return ar_tool_fail("guessit-solve: %s", err.message);
    }
    gap = ar_guessit_equilibrium_gap(sol);
    first = sol->s[hand][hand].value;
    if (cmd.json) {
        printf("{\"hand\":%d,\"cards\":%d,\"first_player_wins\":%.10f,\"notes_value\":%.2f,\"equilibrium_gap\":%.3g,"
               "\"value\":",
               (int)hand, 2 * (int)hand + 1, first, NOTES_VALUE, gap);
        table(sol, 1, NULL, NULL, NULL, 0);
        printf(",\"bluff\":");
        table(sol, 1, NULL, NULL, NULL, 1);
        printf(",\"call\":");
        table(sol, 1, NULL, NULL, NULL, 2);
        printf(",\"guess\":");
        table(sol, 1, NULL, NULL, NULL, 3);
        printf(",\"first_player_wins_by_strategy\":{");
        for (a = 0; a < GUESSIT_STRATEGIES; a++) {
            printf("%s\"%s\":{", a ? "," : "", ar_guessit_strategy_name((guessit_strategy)a));
            for (b = 0; b < GUESSIT_STRATEGIES; b++)
                printf("%s\"%s\":%.6f", b ? "," : "", ar_guessit_strategy_name((guessit_strategy)b),
                       ar_guessit_match_value(sol, (guessit_strategy)a, (guessit_strategy)b, (int)hand));
            printf("}");
        }
        printf("},\"against_best_response\":{");
        for (a = 0; a < GUESSIT_STRATEGIES; a++)
            printf("%s\"%s\":{\"first\":%.6f,\"second\":%.6f}", a ? "," : "", ar_guessit_strategy_name((guessit_strategy)a),
                   ar_guessit_best_response(sol, (guessit_strategy)a, (int)hand, 1),
                   ar_guessit_best_response(sol, (guessit_strategy)a, (int)hand, 0));
        printf("}}\n");
        free(sol);
        return AR_EXIT_OK;
    }
    printf("Isaacs' Guess It, %d cards each (%d in all, one hidden), solved as a recursive zero-sum game\n",
           (int)hand, 2 * (int)hand + 1);
    printf("the first player wins with probability %.6f (the notes: %.2f; %s)\n", first, NOTES_VALUE,
           fabs(first - NOTES_VALUE) < 0.005 ? "agrees to two places" : "DIFFERS");
    table(sol, 0, "V: the mover's chance of winning", "the mover's cards the opponent does not know",
          "the opponent's cards the mover does not know", 0);
    table(sol, 0, "Do I bluff? The probability of asking for a card of my own", "my cards", "the opponent's cards", 1);
    table(sol, 0, "Is he bluffing? The probability of calling his \"no\" (naming the card he asked for)",
          "his cards when he asked", "my cards", 2);
    printf("\nGuess at once: when sure of the card (the opponent has no unknown card left, or your ask was\n"
           "answered no), when the opponent knows all your cards, and at 1 card each (where guessing,\n"
           "asking and bluffing all give 1/2).\n");
    printf("\nEquilibrium check: at every state, against the other's solved mixture, no pure choice of either\n"
           "player gains more than %.1e (every pure deviation through the whole game, by best responses).\n", gap);
    printf("\nThe first player's exact chance of winning (rows: the first player's strategy):\n%-14s", "");
    for (b = 0; b < GUESSIT_STRATEGIES; b++)
        printf("%14s", ar_guessit_strategy_name((guessit_strategy)b));
    printf("\n");
    for (a = 0; a < GUESSIT_STRATEGIES; a++) {
        printf("%-14s", ar_guessit_strategy_name((guessit_strategy)a));
        for (b = 0; b < GUESSIT_STRATEGIES; b++)
            printf("%14.4f", ar_guessit_match_value(sol, (guessit_strategy)a, (guessit_strategy)b, (int)hand));
        printf("\n");
    }
    printf("\nAgainst an opponent who knows the strategy and answers it best (its chance of winning):\n");
    for (a = 0; a < GUESSIT_STRATEGIES; a++)
        printf("  %-13s first %.4f, second %.4f\n", ar_guessit_strategy_name((guessit_strategy)a),
               ar_guessit_best_response(sol, (guessit_strategy)a, (int)hand, 1),
               ar_guessit_best_response(sol, (guessit_strategy)a, (int)hand, 0));
    free(sol);
    return AR_EXIT_OK;
}

const ar_tool ar_guessit_tools[] = {
    {.name = "guessit-solve",
     .usage = "ariadne guessit-solve [--hand N] [--json]",
     .help = "Solves Isaacs' Guess It exactly (--hand N cards each, 1..20, default 5 as in the notes): every\n"
             "state (my unknown cards, the opponent's) is a 3 x 2 matrix game — guess, ask or bluff against\n"
             "call or not — over the values of the states it leads to, solved by the simplex method, deepest\n"
             "first. Prints the first player's chance of winning (the notes say 0.54), the value of every\n"
             "state, the notes' two tables (the probability of bluffing, of calling), where to guess, the\n"
             "equilibrium check (no pure deviation gains, through the whole game), and the exact results\n"
             "of the bots optimal, never-bluff and always-bluff against each other and against a player\n"
             "who knows their strategy. Example: ariadne guessit-solve.",
     .run = solve_main},
    {.name = NULL}};
