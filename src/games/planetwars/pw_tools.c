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
    const char *name = "contender-search";
    double turn_time = 0.5;
    pw_bot_ctx ctx;
    char *state = NULL, line[1024];
    size_t len = 0, cap = 0;
    int turn = 0, rc;
    uint64_t seed;
    const ar_opt opts[] = {{.name = "bot", .kind = AR_OPT_TEXT, .dest = &name, .metavar = "NAME"},
                           {.name = "move-time", .kind = AR_OPT_NUMBER, .dest = &turn_time, .lo = 0, .lo_open = 1,
                            .hi = 3600, .alias = "turn-time", .metavar = "S"},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "planetwars-bot", .help_topic = "planetwars-bot",
                       .common = AR_COMMON_SEED | AR_COMMON_QUIET | AR_COMMON_PROGRESS,
                       .options = opts};
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    seed = (cmd.given & AR_COMMON_SEED) ? cmd.seed : 1;
    if (!ar_pw_bot_find(name) || strncmp(name, "cmd:", 4) == 0)
        return ar_tool_fail("planetwars-bot: unknown bot '%s' (random, prospector, bully, dual, rage, fivestep, search, "
                            "contender, contender-search, contender-search-clock)",
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

/* The turn-time table of each bot: max and 99th percentile, wall and CPU. */
static void turn_times(pw_player *p, double *mx, double *p99, double *cmx, double *c99)
{
    *mx = *p99 = *cmx = *c99 = 0;
    if (p->ntimes) {
        size_t at = (size_t)floor(0.99 * (double)(p->ntimes - 1));
        qsort(p->times, p->ntimes, sizeof *p->times, cmp_double);
        qsort(p->cpu, p->ntimes, sizeof *p->cpu, cmp_double);
        *mx = p->times[p->ntimes - 1], *p99 = p->times[at];
        *cmx = p->cpu[p->ntimes - 1], *c99 = p->cpu[at];
    }
}

int ar_pw_run_match(const pw_match *mt)
{
    char **maps = NULL, *copy, *save = NULL, *tok, why[300];
    unsigned nmaps = 0, nb = 0, i, j, m, g, every = mt->every, games = mt->games, total;
    const pw_game_options *go = &mt->go;
    const char *replay_dir = mt->replay_dir;
    pw_player players[16];
    const char *names[16];
    pw_state *states = NULL;
    ar_match_table table;
    ar_progress pr;
    int rc = collect_maps(mt->maps, &maps, &nmaps);
    if (rc != AR_EXIT_OK)
        return rc;
    copy = ar_xstrdup(mt->bots);
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
    if (replay_dir && ar_tool_make_dir(replay_dir, why, sizeof why) != 0) {
        rc = ar_tool_fail("match planetwars: --replay: %s", why);
        goto done;
    }
    table.bots = nb;
    table.pairs = ar_xcalloc((size_t)nb * nb, sizeof *table.pairs);
    table.games_played = 0;
    table.interrupted = 0;
    total = (nmaps + every - 1) / every * games * nb * (nb - 1) / 2;
    ar_tool_install_sigint();
    ar_progress_init(&pr, stderr, mt->progress_mode, "match planetwars");
    if (!mt->json)
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
                    if ((mt->verbose || log.forfeit) && !mt->json)
                        printf("| %s | %s | %s | %s | %d | %s |\n", base, names[a], names[b],
                               log.result == 0 ? "draw" : log.result == 1 ? names[a] : names[b], log.turns, log.reason);
                    {
                        char detail[160];
                        snprintf(detail, sizeof detail, "%s: %s vs %s", base, names[a], names[b]);
                        ar_progress_update(&pr, table.games_played, total, "games", detail);
                    }
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
    ar_progress_finish(&pr);
    if (ar_tool_interrupted) {
        table.interrupted = 1;
        rc = AR_EXIT_LIMIT;
    }
    if (mt->json) {
        printf("{\"game\": \"planetwars\", \"maps\": %u, \"every\": %u, \"games_per_pair_per_map\": %u, \"seed\": "
               "%llu, \"move_time\": %g, \"first_move_time\": %g, \"max_turns\": %d, \"bots\": [",
               nmaps, every, games, (unsigned long long)go->seed, go->turn_time, go->first_turn_time, go->max_turns);
        for (i = 0; i < nb; i++) {
            printf("%s", i ? ", " : "");
            ar_json_string(stdout, names[i]);
        }
        printf("], ");
        ar_match_print_json_members(stdout, &table, names);
        printf(", \"turn_times\": [");
        for (i = 0; i < nb; i++) {
            double mx, p99, cmx, c99;
            turn_times(&players[i], &mx, &p99, &cmx, &c99);
            printf("%s{\"bot\": ", i ? ", " : "");
            ar_json_string(stdout, names[i]);
            printf(", \"turns\": %zu, \"max_s\": %.4f, \"p99_s\": %.4f", players[i].ntimes, mx, p99);
            if (players[i].kind)
                printf(", \"cpu_max_s\": %.4f, \"cpu_p99_s\": %.4f", cmx, c99);
            printf(", \"over_budget\": %u}", (unsigned)players[i].over_budget);
        }
        printf("]}\n");
        goto done_table;
    }
    if (table.interrupted)
        printf("\n(interrupted: the results so far)\n");
    printf("\n");
    ar_match_print_table(stdout, &table, names, 0);
    printf("\nTurn times (wall clock; CPU time of ariadne's own bots; turn time %g s, first turn %g s):\n\n",
           go->turn_time, go->first_turn_time);
    printf("| bot | turns | max (s) | 99th percentile (s) | CPU max (s) | CPU 99th percentile (s) | within the turn time |\n"
           "|---|---:|---:|---:|---:|---:|---:|\n");
    for (i = 0; i < nb; i++) {
        pw_player *p = &players[i];
        double mx, p99, cmx, c99;
        char cm[32] = "n/a", cp[32] = "n/a";
        turn_times(p, &mx, &p99, &cmx, &c99);
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
    uint64_t games = 2, every = 1, max_turns = 200;
    pw_match mt = {.go = {.max_turns = 200, .turn_time = 1, .first_turn_time = 3}};
    const ar_opt opts[] = {
        {.name = "bots", .kind = AR_OPT_TEXT, .dest = &mt.bots, .metavar = "A,B"},
        {.name = "maps", .kind = AR_OPT_TEXT, .dest = &mt.maps, .metavar = "DIR|FILE"},
        {.name = "replay", .kind = AR_OPT_TEXT, .dest = &mt.replay_dir, .metavar = "DIR"},
        {.name = "games", .kind = AR_OPT_UINT, .dest = &games, .min = 1, .max = 1000000, .metavar = "N"},
        {.name = "every", .kind = AR_OPT_UINT, .dest = &every, .min = 1, .max = 1000000, .metavar = "K"},
        {.name = "max-turns", .kind = AR_OPT_UINT, .dest = &max_turns, .min = 1, .max = 1000000, .metavar = "N"},
        {.name = "move-time", .kind = AR_OPT_NUMBER, .dest = &mt.go.turn_time, .lo = 0, .lo_open = 1, .hi = 3600,
         .alias = "turn-time", .metavar = "S"},
        {.name = "first-move-time", .kind = AR_OPT_NUMBER, .dest = &mt.go.first_turn_time, .lo = 0, .lo_open = 1,
         .hi = 3600, .alias = "first-turn-time", .metavar = "S"},
        {.name = "verbose", .kind = AR_OPT_FLAG, .dest = &mt.verbose},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "match planetwars", .help_topic = "planetwars",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_SEED, .options = opts};
    int rc = ar_tool_parse(&cmd, argc, argv, 2);
    if (rc)
        return rc;
    if (!mt.bots || !mt.maps)
        return ar_tool_fail("match planetwars: --bots A,B and --maps DIR|FILE are required");
    mt.go.max_turns = (int)max_turns;
    mt.go.seed = (cmd.given & AR_COMMON_SEED) ? cmd.seed : 1;
    mt.games = (unsigned)(games + games % 2);
    mt.every = (unsigned)every;
    mt.quiet = cmd.quiet, mt.json = cmd.json, mt.progress_mode = cmd.progress_mode;
    return ar_pw_run_match(&mt);
}

const ar_tool ar_pw_tools[] = {
    {.name = "match",
     .usage = "ariadne match planetwars --bots A,B[,...] --maps DIR|FILE[,...] [--games N] [--every K] [--replay DIR] "
              "[--move-time S] [--first-move-time S] [--max-turns N] [--seed N] [--verbose] [--json]",
     .help = "Planet Wars' front end of `ariadne match`: every pair of players plays --games games (default 2,\n"
             "rounded up to even, the sides alternating) on every map (every K-th with --every K). A player is\n"
             "one of ariadne's bots (random, bully, prospector, rage, dual, fivestep, search, contender,\n"
             "contender-search, contender-search-clock) or an\n"
             "external program speaking the contest protocol (cmd:COMMAND, run by /bin/sh -c) under the clock:\n"
             "--first-move-time (default 3 s), then --move-time (default 1 s) per turn (the old spellings\n"
             "--first-turn-time and --turn-time still work); it loses a game it\n"
             "crashes in, is late in or gives an invalid order in, and the row says which. Prints the games\n"
             "that did not end normally (all with --verbose), the results table with Elo ± 95% and the\n"
             "Bradley-Terry ratings, and each bot's turn times (max, 99th percentile, turns over the time).\n"
             "--replay DIR writes one replay file per game (ariadne replay FILE [--html OUT]).",
     .run = match_main},
    {.name = "planetwars-bot",
     .usage = "ariadne planetwars-bot [--bot NAME] [--move-time S] [--seed N]",
     .help = "A drop-in bot for the contest engine (java -jar PlayGame.jar MAP 1000 200 LOG \"ariadne\n"
             "planetwars-bot\" \"other bot\"): reads the state (P and F lines) up to a line 'go', answers\n"
             "'source destination ships' lines and 'go'. --bot: random, prospector, bully, dual, rage,\n"
             "fivestep, search, contender (the planet-future model, about 1 ms a turn), contender-search\n"
             "(default: contender weighed against the opponent's replies, a fixed work, ~60 ms a turn),\n"
             "contender-search-clock (the same for up to 60% of --move-time). --move-time\n"
             "(or --turn-time): the time the search may use each turn, the first included (default 0.5 s:\n"
             "PlayGame.jar's clock is the same on every turn).",
     .run = bot_main},
    {.name = NULL}};
