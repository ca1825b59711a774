/* pw_tools.c — Planet Wars' verbs: `planetwars-bot` (a drop-in bot for the
 * contest engine: state lines and "go" in, orders and "go" out) and
 * `match planetwars` (every pair of players on every map, both sides, with
 * the results table, Elo ± 95% from the arena's formulas, turn times against
 * the clock, and replay files). */
#include "pw_cli.h"
#include "ariadne/arena.h"
#include "ariadne/extprog.h"
#include "ariadne/memory.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------- planetwars-bot */

static int bot_main(int argc, char **argv)
{
    const char *name = "search";
    double turn_time = 0.5;
    pw_bot_ctx ctx;
    char *state = NULL, line[1024];
    size_t len = 0, cap = 0;
    int i, turn = 0;
    uint64_t seed = 1;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--bot") == 0 && i + 1 < argc)
            name = argv[++i];
        else if (strcmp(argv[i], "--turn-time") == 0 && i + 1 < argc) {
            char *end;
            turn_time = strtod(argv[++i], &end);
            if (*end || !(turn_time > 0 && turn_time <= 3600))
                return ar_tool_fail("planetwars-bot: --turn-time '%s' is not a number of seconds in (0, 3600]", argv[i]);
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else
            return ar_tool_fail("planetwars-bot: unknown argument '%s' (usage: ariadne planetwars-bot [--bot NAME] "
                                "[--turn-time S] [--seed N])", argv[i]);
    }
    if (!ar_pw_bot_find(name) || strncmp(name, "cmd:", 4) == 0)
        return ar_tool_fail("planetwars-bot: unknown bot '%s' (random, prospector, bully, dual, rage, fivestep, search)",
                            name);
    ar_rng_seed(&ctx.rng, seed);
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        double start = ar_now();
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
            line[--n] = 0;
        if (strcmp(line, "go") != 0) {
            if (len + n + 2 > cap) {
                cap = (len + n + 2) * 2;
                state = ar_xrealloc(state, cap);
            }
            memcpy(state + len, line, n);
            len += n;
            state[len++] = '\n';
            state[len] = 0;
            continue;
        }
        {
            pw_state s;
            ar_error err;
            pw_order orders[512];
            int k, count = 0;
            if (ar_pw_parse(state ? state : "", "state", 0, &s, &err) == AR_OK) {
                ctx.budget = turn_time; /* PlayGame.jar gives the first turn no more time */
                ctx.started = start;
                ctx.turn = turn;
                count = ar_pw_bot_find(name)->choose(&s, &ctx, orders, 512);
                for (k = 0; k < count; k++)
                    printf("%d %d %d\n", orders[k].src, orders[k].dst, orders[k].ships);
                ar_pw_state_free(&s);
            } else {
                fprintf(stderr, "planetwars-bot: %s\n", err.message);
            }
            printf("go\n");
            fflush(stdout);
            len = 0;
            turn++;
        }
    }
    free(state);
    return AR_EXIT_OK;
}

/* ---------------------------------------------------------------- maps */

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The map files of a comma-separated list of files and directories. */
static int collect_maps(const char *list, char ***maps, unsigned *count)
{
    char *copy = ar_xstrdup(list), *save = NULL, *tok;
    unsigned cap = 0;
    *maps = NULL, *count = 0;
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        struct stat sb;
        unsigned first = *count;
        if (stat(tok, &sb) != 0) {
            free(copy);
            return ar_tool_fail("match planetwars: --maps: cannot open '%s': %s", tok, strerror(errno));
        }
        if (S_ISDIR(sb.st_mode)) {
            DIR *d = opendir(tok);
            struct dirent *de;
            while (d && (de = readdir(d)) != NULL) {
                size_t n = strlen(de->d_name);
                char path[4096];
                if (de->d_name[0] == '.' || n < 5 || strcmp(de->d_name + n - 4, ".txt") != 0)
                    continue;
                snprintf(path, sizeof path, "%s/%s", tok, de->d_name);
                if (*count == cap) {
                    cap = cap ? cap * 2 : 64;
                    *maps = ar_xrealloc(*maps, cap * sizeof **maps);
                }
                (*maps)[(*count)++] = ar_xstrdup(path);
            }
            if (d)
                closedir(d);
            qsort(*maps + first, *count - first, sizeof **maps, cmp_str);
        } else {
            if (*count == cap) {
                cap = cap ? cap * 2 : 64;
                *maps = ar_xrealloc(*maps, cap * sizeof **maps);
            }
            (*maps)[(*count)++] = ar_xstrdup(tok);
        }
    }
    free(copy);
    if (*count == 0)
        return ar_tool_fail("match planetwars: --maps: no map files (*.txt) in '%s'", list);
    return AR_EXIT_OK;
}

/* ---------------------------------------------------------------- match */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int parse_seconds(const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (*end || !(v > 0 && v <= 3600))
        return -1;
    *out = v;
    return 0;
}

int ar_pw_run_match(const char *bots_list, const char *maps_list, unsigned every, unsigned games,
                    const pw_game_options *go, const char *replay_dir, int quiet, int verbose)
{
    char **maps = NULL, *copy, *save = NULL, *tok;
    unsigned nmaps = 0, nb = 0, i, j, m, g;
    pw_player players[16];
    const char *names[16];
    pw_state *states = NULL;
    ar_match_table table;
    int rc = collect_maps(maps_list, &maps, &nmaps);
    if (rc != AR_EXIT_OK)
        return rc;
    copy = ar_xstrdup(bots_list);
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        ar_error err;
        if (nb == 16) {
            rc = ar_tool_fail("match planetwars: --bots: at most 16 players");
            goto done;
        }
        if (strncmp(tok, "cmd:", 4) == 0 && ar_extprog_check(tok + 4, &err) != AR_OK) {
            rc = ar_tool_fail("match planetwars: --bots: %s", err.message);
            goto done;
        }
        if (ar_pw_player_open(&players[nb], tok) != 0) {
            rc = ar_tool_fail("match planetwars: --bots: unknown bot '%s' (random, prospector, bully, dual, rage, "
                              "fivestep, search, cmd:COMMAND)", tok);
            goto done;
        }
        names[nb] = players[nb].spec;
        nb++;
    }
    if (nb < 2) {
        rc = ar_tool_fail("match planetwars: --bots needs at least two players (A,B)");
        goto done;
    }
    /* Every map is read and checked before anything is printed. */
    states = ar_xcalloc(nmaps, sizeof *states);
    for (m = 0; m < nmaps; m += every) {
        char why[256];
        char *text = ar_read_file(maps[m], why, sizeof why);
        const char *base = strrchr(maps[m], '/');
        ar_error err;
        base = base ? base + 1 : maps[m];
        if (!text) {
            rc = ar_tool_fail("match planetwars: cannot read map '%s': %s", maps[m], why);
            goto done;
        }
        if (ar_pw_parse(text, base, 1, &states[m], &err) != AR_OK) {
            free(text);
            rc = ar_tool_fail("match planetwars: %s", err.message);
            goto done;
        }
        free(text);
    }
    table.bots = nb;
    table.pairs = ar_xcalloc((size_t)nb * nb, sizeof *table.pairs);
    table.games_played = 0;
    table.interrupted = 0;
    ar_tool_install_sigint();
    printf("| map | player 1 | player 2 | winner | turns | how |\n|---|---|---|---|---|---|\n");
    for (m = 0; m < nmaps && !ar_tool_interrupted; m += every) {
        const char *base = strrchr(maps[m], '/');
        const pw_state map = states[m];
        base = base ? base + 1 : maps[m];
        for (i = 0; i < nb; i++)
            for (j = i + 1; j < nb; j++)
                for (g = 0; g < games && !ar_tool_interrupted; g++) {
                    unsigned a = g % 2 ? j : i, b = g % 2 ? i : j;
                    pw_player *pl[2] = {&players[a], &players[b]};
                    pw_game_log log;
                    pw_game_options o = *go;
                    o.seed = go->seed + m * 1000003u + g;
                    ar_pw_play(&map, pl, &o, &log);
                    if (log.result == 1)
                        table.pairs[a * nb + b].wins++, table.pairs[b * nb + a].losses++;
                    else if (log.result == 2)
                        table.pairs[b * nb + a].wins++, table.pairs[a * nb + b].losses++;
                    else
                        table.pairs[a * nb + b].draws++, table.pairs[b * nb + a].draws++;
                    table.games_played++;
                    if (verbose || log.forfeit)
                        printf("| %s | %s | %s | %s | %d | %s |\n", base, names[a], names[b],
                               log.result == 0 ? "draw" : log.result == 1 ? names[a] : names[b], log.turns, log.reason);
                    if (!quiet)
                        fprintf(stderr, "\r%u games", table.games_played);
                    if (replay_dir) {
                        char path[4096];
                        FILE *f;
                        const char *pn[2] = {names[a], names[b]};
                        snprintf(path, sizeof path, "%s/%.*s-%u.json", replay_dir, (int)(strlen(base) - 4), base,
                                 table.games_played);
                        f = fopen(path, "w");
                        if (!f) {
                            ar_pw_game_log_free(&log);
                            rc = ar_tool_fail("match planetwars: --replay: cannot write '%s': %s", path, strerror(errno));
                            goto done_table;
                        }
                        ar_pw_write_replay(f, base, &map, pn, o.max_turns, &log);
                        fclose(f);
                    }
                    ar_pw_game_log_free(&log);
                }
    }
    if (!quiet)
        fprintf(stderr, "\n");
    if (ar_tool_interrupted) {
        table.interrupted = 1;
        printf("\n(interrupted: the results so far)\n");
    }
    printf("\n");
    ar_match_print_table(stdout, &table, names, 0);
    printf("\nTurn times (wall clock; CPU time of ariadne's own bots; turn time %g s, first turn %g s):\n\n",
           go->turn_time, go->first_turn_time);
    printf("| bot | turns | max (s) | 99th percentile (s) | CPU max (s) | CPU 99th percentile (s) | within the turn time |\n"
           "|---|---:|---:|---:|---:|---:|---:|\n");
    for (i = 0; i < nb; i++) {
        pw_player *p = &players[i];
        double mx = 0, p99 = 0, cmx = 0, c99 = 0;
        char cm[32] = "n/a", cp[32] = "n/a";
        if (p->ntimes) {
            size_t at = (size_t)floor(0.99 * (double)(p->ntimes - 1));
            qsort(p->times, p->ntimes, sizeof *p->times, cmp_double);
            qsort(p->cpu, p->ntimes, sizeof *p->cpu, cmp_double);
            mx = p->times[p->ntimes - 1], p99 = p->times[at];
            cmx = p->cpu[p->ntimes - 1], c99 = p->cpu[at];
        }
        if (p->kind)
            snprintf(cm, sizeof cm, "%.4f", cmx), snprintf(cp, sizeof cp, "%.4f", c99);
        printf("| %s | %zu | %.4f | %.4f | %s | %s | %.2f%% |\n", names[i], p->ntimes, mx, p99, cm, cp,
               p->ntimes ? 100.0 * (double)(p->ntimes - p->over_budget) / (double)p->ntimes : 100.0);
    }
done_table:
    free(table.pairs);
done:
    if (states) {
        for (m = 0; m < nmaps; m++)
            if (states[m].dist)
                ar_pw_state_free(&states[m]);
        free(states);
    }
    for (i = 0; i < nb; i++)
        ar_pw_player_close(&players[i]);
    for (i = 0; i < nmaps; i++)
        free(maps[i]);
    free(maps);
    free(copy);
    return rc;
}

static int match_main(int argc, char **argv)
{
    const char *bots = NULL, *maps = NULL, *replay = NULL;
    long games = 2, every = 1, max_turns = 200;
    pw_game_options o = {.max_turns = 200, .turn_time = 1, .first_turn_time = 3, .seed = 1};
    int quiet = 0, verbose = 0, i;
    for (i = 2; i < argc; i++) { /* argv: match planetwars ... */
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
            continue;
        }
        if (strcmp(a, "--verbose") == 0) {
            verbose = 1;
            continue;
        }
        if (!val)
            return ar_tool_fail("match planetwars: %s needs a value", a);
        i++;
        if (strcmp(a, "--bots") == 0)
            bots = val;
        else if (strcmp(a, "--maps") == 0)
            maps = val;
        else if (strcmp(a, "--replay") == 0)
            replay = val;
        else if (strcmp(a, "--games") == 0 || strcmp(a, "--every") == 0 || strcmp(a, "--max-turns") == 0 ||
                 strcmp(a, "--seed") == 0) {
            long v = strtol(val, &end, 10);
            if (*end || v < 1 || v > 1000000)
                return ar_tool_fail("match planetwars: %s '%s' is not a whole number from 1 to 1000000", a, val);
            if (strcmp(a, "--games") == 0)
                games = v;
            else if (strcmp(a, "--every") == 0)
                every = v;
            else if (strcmp(a, "--max-turns") == 0)
                max_turns = v;
            else
                o.seed = (uint64_t)v;
        } else if (strcmp(a, "--turn-time") == 0) {
            if (parse_seconds(val, &o.turn_time) != 0)
                return ar_tool_fail("match planetwars: --turn-time '%s' is not a number of seconds in (0, 3600]", val);
        } else if (strcmp(a, "--first-turn-time") == 0) {
            if (parse_seconds(val, &o.first_turn_time) != 0)
                return ar_tool_fail("match planetwars: --first-turn-time '%s' is not a number of seconds in (0, 3600]",
                                    val);
        } else
            return ar_tool_fail("match planetwars: unknown option '%s'", a);
    }
    if (!bots || !maps)
        return ar_tool_fail("match planetwars: --bots A,B and --maps DIR|FILE are required");
    o.max_turns = (int)max_turns;
    games += games % 2;
    return ar_pw_run_match(bots, maps, (unsigned)every, (unsigned)games, &o, replay, quiet, verbose);
}

const ar_tool ar_pw_tools[] = {
    {.name = "match",
     .usage = "ariadne match planetwars --bots A,B[,...] --maps DIR|FILE[,...] [--games N] [--every K] [--replay DIR] "
              "[--turn-time S] [--first-turn-time S] [--max-turns N] [--seed N] [--verbose] [--quiet]",
     .help = "Planet Wars' front end of `ariadne match`: every pair of players plays --games games (default 2,\n"
             "rounded up to even, the sides alternating) on every map (every K-th with --every K). A player is\n"
             "one of ariadne's bots (random, bully, prospector, rage, dual, fivestep, search) or an external\n"
             "program speaking the contest protocol (cmd:COMMAND, run by /bin/sh -c) under the contest clock:\n"
             "--first-turn-time (default 3 s), then --turn-time (default 1 s) per turn; it loses a game it\n"
             "crashes in, is late in or gives an invalid order in, and the row says which. Prints the games\n"
             "that did not end normally (all with --verbose), the results table with Elo ± 95% and the\n"
             "Bradley-Terry ratings, and each bot's turn times (max, 99th percentile, turns over the time).\n"
             "--replay DIR writes one replay file per game (ariadne replay FILE [--html OUT]).",
     .run = match_main},
    {.name = "planetwars-bot",
     .usage = "ariadne planetwars-bot [--bot NAME] [--turn-time S] [--seed N]",
     .help = "A drop-in bot for the contest engine (java -jar PlayGame.jar MAP 1000 200 LOG \"ariadne\n"
             "planetwars-bot\" \"other bot\"): reads the state (P and F lines) up to a line 'go', answers\n"
             "'source destination ships' lines and 'go'. --bot: random, prospector, bully, dual, rage,\n"
             "fivestep, search (default). --turn-time: the time the search may use each turn, the first\n"
             "included (default 0.5 s: PlayGame.jar's clock is the same on every turn).",
     .run = bot_main},
    {.name = NULL}};
