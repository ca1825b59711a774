/* ants_bot_cli.c — `ariadne ants-bot`: a drop-in bot for the Google AI
 * Challenge 2011 Ants engine (playgame.py), speaking its protocol on stdin and
 * stdout. Turn 0 brings the settings (rows, cols, radii, times) ended by
 * "ready", answered by "go"; every turn brings "turn N", the visible squares
 * (w, f, h, a, d lines) and "go", answered by orders "o ROW COL N|E|S|W" and
 * "go", flushed. The bot thinks until the turn time less a margin (a tenth
 * of it, at least 50 ms). "end" (then the scores and a last state) or the end
 * of input ends it with status 0. A malformed line is reported on stderr and
 * skipped; the bot never falls silent on a turn. */
#include "ants_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

static char *get_line(char **buf, size_t *cap)
{
    ssize_t n = getline(buf, cap, stdin);
    if (n < 0)
        return NULL;
    while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r'))
        (*buf)[--n] = '\0';
    return *buf;
}

int ar_ants_bot_main(int argc, char **argv)
{
    const char *name = "contender";
    int verbose = 0, rc;
    unsigned long long lineno = 0;
    char *buf = NULL, *line, why[200], q[120];
    size_t cap = 0;
    ants_view settings, *view = NULL;
    ants_ai *ai = NULL;
    ants_order *orders = NULL;
    double turn_start = 0;
    const ar_opt opts[] = {{.name = "bot", .kind = AR_OPT_TEXT, .dest = &name, .metavar = "NAME"},
                           {.name = "verbose", .kind = AR_OPT_FLAG, .dest = &verbose},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "ants-bot", .help_topic = "ants-bot",
                       .common = AR_COMMON_SEED | AR_COMMON_QUIET | AR_COMMON_PROGRESS, .options = opts};
    unsigned long long seed;
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    seed = (cmd.given & AR_COMMON_SEED) ? cmd.seed : 1;
    if (!ar_ants_ai_known(name))
        return ar_tool_fail("ants-bot: --bot '%s' is not random, hold, lefty, hunter, greedy, strong or contender",
                            ar_tool_quote(name, 30, q, sizeof q));
    memset(&settings, 0, sizeof settings);
    settings.turntime = 500;
    settings.loadtime = 3000;
    settings.viewradius2 = 77;
    settings.attackradius2 = 5;
    settings.spawnradius2 = 1;
    settings.turns = 1500;
    while ((line = get_line(&buf, &cap)) != NULL) {
        lineno++;
        if (!view) {
            /* turn 0: the settings */
            if (strcmp(line, "ready") == 0) {
                if (settings.rows <= 0 || settings.cols <= 0) {
                    fprintf(stderr, "ariadne: ants-bot: line %llu: 'ready' before rows and cols\n", lineno);
                    continue;
                }
                view = ar_ants_view_new(&settings);
                ai = view ? ar_ants_ai_new(name, &settings, seed ^ (unsigned long long)settings.player_seed) : NULL;
                orders = malloc(sizeof *orders * (size_t)(settings.rows * settings.cols + 1));
                if (!view || !ai || !orders) {
                    fprintf(stderr, "ariadne: ants-bot: out of memory\n");
                    return 1;
                }
                fputs("go\n", stdout);
                fflush(stdout);
                continue;
            }
            if (!line[0])
                continue;
            {
                int got = ar_ants_view_read_setting(&settings, line, why, sizeof why);
                /* A line of the protocol's shape ("name value") that this bot
                 * does not use is the engine's business; anything else is
                 * reported, whatever --verbose says. */
                if (got < 0)
                    fprintf(stderr, "ariadne: ants-bot: line %llu: %s (skipped)\n", lineno, why);
                else if (got == 0 && strchr(line, ' ') == NULL)
                    fprintf(stderr, "ariadne: ants-bot: line %llu: '%s' is not a setting (skipped)\n", lineno,
                            ar_tool_quote(line, 60, q, sizeof q));
                else if (got == 0 && verbose)
                    fprintf(stderr, "ariadne: ants-bot: line %llu: setting ignored: %s\n", lineno,
                            ar_tool_quote(line, 60, q, sizeof q));
            }
            continue;
        }
        if (strncmp(line, "turn ", 5) == 0) {
            turn_start = ar_now();
            ar_ants_view_begin_turn(view, atoi(line + 5));
            continue;
        }
        if (strcmp(line, "end") == 0) {
            view->ended = 1;
            continue;
        }
        if (strcmp(line, "go") == 0) {
            if (view->ended)
                break;
            double budget = view->turntime / 1000.0, margin = budget / 10 > 0.05 ? budget / 10 : 0.05;
            ar_ants_view_finish_turn(view);
            size_t k = ar_ants_ai_turn(ai, view, orders, (size_t)view->n, turn_start + budget - margin);
            for (size_t i = 0; i < k; i++)
                printf("o %d %d %c\n", orders[i].loc / view->cols, orders[i].loc % view->cols,
                       "NESW"[orders[i].dir]);
            fputs("go\n", stdout);
            fflush(stdout);
            if (verbose)
                fprintf(stderr, "ants-bot: turn %d: %d ants, %zu orders, %.1f ms\n", view->turn, view->nmine, k,
                        (ar_now() - turn_start) * 1000);
            continue;
        }
        if (view->ended)
            continue; /* players, score, status lines */
        if (ar_ants_view_read_line(view, line, why, sizeof why) < 0)
            fprintf(stderr, "ariadne: ants-bot: line %llu: %s (skipped)\n", lineno, why);
    }
    if (!view)
        fprintf(stderr, "ariadne: ants-bot: the input ended before 'ready' (no game was played)\n");
    free(buf);
    free(orders);
    ar_ants_ai_free(ai);
    ar_ants_view_free(view);
    return 0;
}
