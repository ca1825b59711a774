/* tron_match.c — `ariadne match tron --bots A,B --maps DIR|FILE`: every pair
 * of bots on every map, both starting sides, with a row per map, the results
 * table with Elo and 95% error bars (the arena's formulas), per-bot move
 * times against the budget, and optionally one replay file per game.
 *
 * Replay format (the browser viewer reads it; keep it exactly):
 *   {"format":"ariadne-tron-replay","version":1,
 *    "map":{"name":"u","width":W,"height":H,"rows":["####",...]},
 *    "players":["spec of player 1","spec of player 2"],
 *    "moves":[[d1,d2],...], "result":"1"|"2"|"draw", "reason":"..."}
 * rows as in the map file; moves[i] the direction digits (1 N, 2 E, 3 S,
 * 4 W) of the map's '1' and '2' on turn i; file <map>-<game number>.json,
 * games numbered from 1 on each map.
 *
 * The runner (ar_tron_run_all) is shared with `ariadne bench tron`. */
#include "ariadne/tool.h"
#include "tron_cli.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ maps */

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void add_map(char ***maps, unsigned *count, unsigned *cap, const char *path)
{
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 32;
        *maps = ar_xrealloc(*maps, *cap * sizeof **maps);
    }
    (*maps)[(*count)++] = ar_xstrdup(path);
}

int ar_tron_collect_maps(const char *list, char ***maps, unsigned *count)
{
    char *copy = ar_xstrdup(list), *save = NULL, *tok;
    unsigned cap = 0;
    *maps = NULL;
    *count = 0;
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        struct stat sb;
        if (stat(tok, &sb) != 0) {
            int rc = ar_tool_fail("match tron: --maps: cannot open '%s': %s", tok, strerror(errno));
            free(copy);
            ar_tron_free_maps(*maps, *count);
            *maps = NULL;
            *count = 0;
            return rc;
        }
        if (S_ISDIR(sb.st_mode)) {
            DIR *d = opendir(tok);
            struct dirent *de;
            unsigned first = *count;
            if (!d) {
                int rc = ar_tool_fail("match tron: --maps: cannot read directory '%s': %s", tok, strerror(errno));
                free(copy);
                ar_tron_free_maps(*maps, *count);
                *maps = NULL;
                *count = 0;
                return rc;
            }
            while ((de = readdir(d)) != NULL) {
                size_t n = strlen(de->d_name);
                char path[4096];
                if (de->d_name[0] == '.' || n < 5 || strcmp(de->d_name + n - 4, ".txt") != 0)
                    continue;
                snprintf(path, sizeof path, "%s/%s", tok, de->d_name);
                add_map(maps, count, &cap, path);
            }
            closedir(d);
            if (*count == first) {
                int rc = ar_tool_fail("match tron: --maps: no map files (*.txt) in '%s'", tok);
                free(copy);
                ar_tron_free_maps(*maps, *count);
                *maps = NULL;
                *count = 0;
                return rc;
            }
            qsort(*maps + first, *count - first, sizeof **maps, cmp_str);
        } else {
            add_map(maps, count, &cap, tok);
        }
    }
    free(copy);
    if (!*count)
        return ar_tool_fail("match tron: --maps names no map");
    return 0;
}

void ar_tron_free_maps(char **maps, unsigned count)
{
    unsigned i;
    for (i = 0; i < count; i++)
        free(maps[i]);
    free(maps);
}

/* The map's name: its file name without directory and ".txt". */
static void map_name(const char *path, char *buf, size_t size)
{
    const char *base = strrchr(path, '/');
    size_t n;
    snprintf(buf, size, "%s", base ? base + 1 : path);
    n = strlen(buf);
    if (n > 4 && strcmp(buf + n - 4, ".txt") == 0)
        buf[n - 4] = '\0';
}

static int load_map(const tron_run *r, const char *path, ar_variant **v)
{
    char why[256], name[128];
    char *text = ar_read_file(path, why, sizeof why);
    ar_tron_map_options o;
    ar_error err;
    ar_status st;
    if (!text)
        return ar_tool_fail("match tron: map %s: %s", path, why);
    map_name(path, name, sizeof name);
    memset(&o, 0, sizeof o);
    o.name = name;
    o.move_time = r->move_time;
    o.first_move_time = r->first_move_time;
    ar_error_clear(&err);
    st = ar_tron_variant_from_text(text, strlen(text), &o, v, &err);
    free(text);
    if (st != AR_OK)
        return ar_tool_fail("match tron: map %s: %s", path, err.message);
    return 0;
}

/* --------------------------------------------------------------- replays */

static int write_replay(const tron_run *r, const ar_variant *v, unsigned number, const char *p1, const char *p2,
                        const ar_tron_record *rec)
{
    char path[4096], row[AR_TRON_MAX_SIDE + 1];
    FILE *f;
    int y;
    unsigned t;
    snprintf(path, sizeof path, "%s/%s-%u.json", r->replay_dir, ar_tron_map_name(v), number);
    f = fopen(path, "w");
    if (!f)
        return ar_tool_fail("match tron: cannot write replay %s: %s", path, strerror(errno));
    fprintf(f, "{\"format\":\"ariadne-tron-replay\",\"version\":1,\"map\":{\"name\":");
    ar_json_string(f, ar_tron_map_name(v));
    fprintf(f, ",\"width\":%d,\"height\":%d,\"rows\":[", ar_tron_width(v), ar_tron_height(v));
    for (y = 0; y < ar_tron_height(v); y++) {
        ar_tron_map_row(v, y, row);
        if (y)
            fputc(',', f);
        ar_json_string(f, row);
    }
    fprintf(f, "]},\"players\":[");
    ar_json_string(f, p1);
    fputc(',', f);
    ar_json_string(f, p2);
    fprintf(f, "],\"moves\":[");
    for (t = 0; t < rec->turns; t++)
        fprintf(f, "%s[%u,%u]", t ? "," : "", rec->moves[2 * t], rec->moves[2 * t + 1]);
    fprintf(f, "],\"result\":\"%s\",\"reason\":",
            rec->outcome == AR_WIN_P0 ? "1" : rec->outcome == AR_WIN_P1 ? "2" : "draw");
    ar_json_string(f, rec->reason);
    fprintf(f, "}\n");
    if (fclose(f) != 0)
        return ar_tool_fail("match tron: cannot write replay %s", path);
    return 0;
}

/* ---------------------------------------------------------------- runner */

static void add_time(tron_times *t, double s, double cpu, double budget)
{
    if (t->count == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 1024;
        t->seconds = ar_xrealloc(t->seconds, t->cap * sizeof(double));
    }
    t->seconds[t->count++] = s;
    if (s <= budget)
        t->within++;
    if (cpu <= budget)
        t->within_cpu++;
    if (cpu > t->max_cpu)
        t->max_cpu = cpu;
}

/* The progress line during a game: games done, and the turn of this one
 * (a game at 1 s a move can last minutes). */
typedef struct game_watch {
    ar_progress *pr;
    const char *map, *a, *b;
    unsigned done, total;
} game_watch;

static void on_turn(void *ctx, unsigned turns)
{
    game_watch *w = ctx;
    char detail[160];
    snprintf(detail, sizeof detail, "%s: %s vs %s, turn %u", w->map, w->a, w->b, turns);
    ar_progress_update(w->pr, w->done, w->total, "games", detail);
}

int ar_tron_run_all(tron_run *r)
{
    unsigned m, i, j, k, n = r->nbots, done = 0, total;
    ar_progress pr;
    game_watch watch = {.pr = &pr};
    int rc = 0;
    r->games += r->games & 1u;
    total = r->nmaps * r->games * n * (n - 1) / 2;
    memset(&r->table, 0, sizeof r->table);
    r->table.bots = n;
    r->table.pairs = ar_xcalloc((size_t)n * n, sizeof *r->table.pairs);
    r->times = ar_xcalloc(n, sizeof *r->times);
    r->turns = 0;
    ar_progress_init(&pr, stderr, r->progress_mode, "match tron");
    watch.total = total;
    if (r->per_map && !r->json) {
        puts("| map | bot | opponent | wins | draws | losses | games (bot as 1, as 2) |");
        puts("|---|---|---|---:|---:|---:|---|");
    }
    for (m = 0; m < r->nmaps && !rc; m++) {
        ar_variant *v = NULL;
        ar_bot **bots;
        unsigned number = 0;
        if ((rc = load_map(r, r->maps[m], &v)) != 0)
            break;
        bots = ar_xcalloc(n, sizeof *bots);
        for (i = 0; i < n; i++) {
            ar_error err;
            ar_error_clear(&err);
            if (ar_bot_create(&ar_game_tron, v, r->specs[i], r->seed * 1000003u + m * 101u + i, 0, &bots[i], &err) !=
                AR_OK) {
                rc = ar_tool_fail("match tron: bot %u: %s", i + 1, err.message);
                break;
            }
            ar_bot_set_interrupt(bots[i], &ar_tool_interrupted);
        }
        for (i = 0; i < n && !rc; i++)
            for (j = i + 1; j < n && !rc; j++) {
                ar_pair_result here = {0, 0, 0};
                char sides[64] = "";
                for (k = 0; k < r->games && !rc; k++) {
                    int first = k % 2 == 0 ? (int)i : (int)j, second = first == (int)i ? (int)j : (int)i;
                    ar_bot *pair[2];
                    ar_tron_record rec;
                    ar_error err;
                    unsigned t, q;
                    int r0;
                    pair[0] = bots[first];
                    pair[1] = bots[second];
                    ar_error_clear(&err);
                    watch.map = ar_tron_map_name(v), watch.a = r->specs[first], watch.b = r->specs[second];
                    watch.done = done;
                    if (ar_tron_play_watched(v, pair, &ar_tool_interrupted, on_turn, &watch, &rec, &err) != AR_OK) {
                        ar_tron_record_free(&rec);
                        rc = AR_EXIT_LIMIT;
                        break;
                    }
                    number++;
                    done++;
                    r->turns += rec.turns;
                    for (t = 0; t < rec.timed; t++)
                        for (q = 0; q < 2; q++) {
                            double budget = t == 0 ? r->first_move_time : r->move_time;
                            add_time(&r->times[q == 0 ? first : second], rec.seconds[2 * t + q],
                                     rec.cpu_seconds[2 * t + q], budget);
                        }
                    r0 = ar_game_outcome_for(rec.outcome, 0);
                    {
                        ar_pair_result *a = &r->table.pairs[first * (int)n + second];
                        ar_pair_result *b = &r->table.pairs[second * (int)n + first];
                        int ri = first == (int)i ? r0 : -r0;
                        if (r0 > 0) {
                            a->wins++;
                            b->losses++;
                        } else if (r0 < 0) {
                            a->losses++;
                            b->wins++;
                        } else {
                            a->draws++;
                            b->draws++;
                        }
                        if (ri > 0)
                            here.wins++;
                        else if (ri < 0)
                            here.losses++;
                        else
                            here.draws++;
                        if (strlen(sides) + 4 < sizeof sides)
                            strcat(sides, ri > 0 ? "W" : ri < 0 ? "L" : "D");
                    }
                    r->table.games_played++;
                    if (r->verbose && !r->json) {
                        printf("game %u on %s: %s (1) vs %s (2): %s in %u turns: %s\n", number, ar_tron_map_name(v),
                               r->specs[first], r->specs[second],
                               rec.outcome == AR_WIN_P0   ? "1 wins"
                               : rec.outcome == AR_WIN_P1 ? "2 wins"
                                                          : "draw",
                               rec.turns, rec.reason);
                        fflush(stdout);
                    }
                    if (r->replay_dir && write_replay(r, v, number, r->specs[first], r->specs[second], &rec) != 0)
                        rc = AR_EXIT_BAD_INPUT;
                    ar_tron_record_free(&rec);
                    {
                        char detail[160];
                        snprintf(detail, sizeof detail, "%s: %s vs %s", ar_tron_map_name(v), r->specs[i], r->specs[j]);
                        ar_progress_update(&pr, done, total, "games", detail);
                    }
                }
                if (r->per_map && !r->json && !rc) {
                    printf("| %s | %s | %s | %u | %u | %u | %s |\n", ar_tron_map_name(v), r->specs[i], r->specs[j],
                           here.wins, here.draws, here.losses, sides);
                    fflush(stdout);
                }
            }
        for (i = 0; i < n; i++)
            ar_bot_destroy(bots[i]);
        free(bots);
        ar_game_tron.destroy(v);
    }
    ar_progress_finish(&pr);
    if (rc == AR_EXIT_LIMIT) {
        r->table.interrupted = 1;
        if (!r->json)
            printf("\ninterrupted after %u games: the tables cover the games played\n", r->table.games_played);
    }
    return rc;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The results as one JSON object (--json). */
static void print_json(const tron_run *r)
{
    unsigned i;
    printf("{\"game\": \"tron\", \"maps\": %u, \"seed\": %llu, \"games_per_pair_per_map\": %u, \"move_time\": %g, "
           "\"first_move_time\": %g, \"turns\": %llu, \"bots\": [",
           r->nmaps, (unsigned long long)r->seed, r->games, r->move_time, r->first_move_time, r->turns);
    for (i = 0; i < r->nbots; i++) {
        printf("%s", i ? ", " : "");
        ar_json_string(stdout, r->specs[i]);
    }
    printf("], ");
    ar_match_print_json_members(stdout, &r->table, r->specs);
    printf(", \"move_times\": [");
    for (i = 0; i < r->nbots; i++) {
        tron_times *t = &r->times[i];
        double sum = 0;
        size_t k;
        printf("%s{\"bot\": ", i ? ", " : "");
        ar_json_string(stdout, r->specs[i]);
        if (!t->count) {
            printf(", \"moves\": 0}");
            continue;
        }
        qsort(t->seconds, t->count, sizeof(double), cmp_double);
        for (k = 0; k < t->count; k++)
            sum += t->seconds[k];
        printf(", \"moves\": %zu, \"mean_ms\": %.3f, \"median_ms\": %.3f, \"p99_ms\": %.3f, \"max_ms\": %.3f, "
               "\"within_budget\": %zu, \"max_cpu_ms\": %.3f, \"within_budget_cpu\": %zu}",
               t->count, 1000 * sum / (double)t->count, 1000 * ar_tron_percentile(t->seconds, t->count, 0.5),
               1000 * ar_tron_percentile(t->seconds, t->count, 0.99), 1000 * t->seconds[t->count - 1], t->within,
               1000 * t->max_cpu, t->within_cpu);
    }
    printf("]}\n");
}

void ar_tron_print_results(const tron_run *r)
{
    unsigned i;
    if (r->json) {
        print_json(r);
        return;
    }
    printf("\nResults over all maps (%u games, %llu turns):\n", r->table.games_played, r->turns);
    ar_match_print_table(stdout, &r->table, r->specs, 0);
    printf("\nMove times (budget %g s per move, %g s for the first; wall clock, as the contest measured, "
           "and CPU time of the\nbot's thread, which leaves out stalls of a busy machine — an external "
           "program's thinking shows in wall time only):\n",
           r->move_time, r->first_move_time);
    puts("| bot | moves | mean ms | median ms | 99th pct ms | max ms | within budget | max CPU ms | "
         "within budget in CPU time |");
    puts("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (i = 0; i < r->nbots; i++) {
        tron_times *t = &r->times[i];
        double sum = 0;
        size_t k;
        if (!t->count) {
            printf("| %s | 0 | | | | | | | |\n", r->specs[i]);
            continue;
        }
        qsort(t->seconds, t->count, sizeof(double), cmp_double);
        for (k = 0; k < t->count; k++)
            sum += t->seconds[k];
        printf("| %s | %zu | %.2f | %.2f | %.2f | %.2f | %.2f%% (%zu of %zu) | %.2f | %.2f%% |\n", r->specs[i],
               t->count, 1000 * sum / (double)t->count, 1000 * ar_tron_percentile(t->seconds, t->count, 0.5),
               1000 * ar_tron_percentile(t->seconds, t->count, 0.99), 1000 * t->seconds[t->count - 1],
               100.0 * (double)t->within / (double)t->count, t->within, t->count, 1000 * t->max_cpu,
               100.0 * (double)t->within_cpu / (double)t->count);
    }
    fflush(stdout);
}

double ar_tron_percentile(const double *sorted, size_t n, double p)
{
    /* Nearest rank: the smallest value with at least p of the sample at or
     * below it, so every percentile is one of the values and they never
     * decrease as p grows. */
    size_t rank = (size_t)ceil(p * (double)n);
    if (n == 0)
        return 0;
    return sorted[rank == 0 ? 0 : rank > n ? n - 1 : rank - 1];
}

void ar_tron_run_free(tron_run *r)
{
    unsigned i;
    ar_match_table_free(&r->table);
    if (r->times)
        for (i = 0; i < r->nbots; i++)
            free(r->times[i].seconds);
    free(r->times);
    r->times = NULL;
}

/* ------------------------------------------------------------------ verb */

/* Splits the --bots list at commas outside double quotes. */
static unsigned split_bots(char *list, const char **specs, unsigned max)
{
    unsigned n = 0;
    char *p = list, *start = list;
    int quoted = 0;
    for (;; p++) {
        if (*p == '"')
            quoted = !quoted;
        if ((*p == ',' && !quoted) || !*p) {
            int end = !*p;
            *p = '\0';
            if (n < max && *start)
                specs[n++] = start;
            if (end)
                break;
            start = p + 1;
        }
    }
    return n;
}

int ar_tron_match_main(int argc, char **argv)
{
    tron_run r;
    const char *bots = NULL, *maps = NULL, *specs[32];
    char *list = NULL, why[300];
    uint64_t games = 2;
    int i, rc;
    const ar_opt opts[] = {
        {.name = "bots", .kind = AR_OPT_TEXT, .dest = &bots, .metavar = "A,B"},
        {.name = "maps", .kind = AR_OPT_TEXT, .dest = &maps, .metavar = "DIR|FILE", .alias = "map"},
        {.name = "games", .kind = AR_OPT_UINT, .dest = &games, .min = 1, .max = 1000000, .metavar = "N"},
        {.name = "replay", .kind = AR_OPT_TEXT, .dest = &r.replay_dir, .metavar = "DIR"},
        {.name = "move-time", .kind = AR_OPT_NUMBER, .dest = &r.move_time, .lo = 0, .lo_open = 1, .hi = 3600,
         .metavar = "S"},
        {.name = "first-move-time", .kind = AR_OPT_NUMBER, .dest = &r.first_move_time, .lo = 0, .lo_open = 1,
         .hi = 3600, .metavar = "S"},
        {.name = "verbose", .kind = AR_OPT_FLAG, .dest = &r.verbose},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "match tron", .help_topic = "tron", .common = AR_COMMON_OUTPUT | AR_COMMON_SEED,
                       .options = opts};
    memset(&r, 0, sizeof r);
    r.move_time = 1.0;
    r.first_move_time = 3.0;
    r.per_map = 1;
    if ((rc = ar_tool_parse(&cmd, argc, argv, 2)) != 0)
        return rc;
    r.games = (unsigned)games;
    r.seed = cmd.seed;
    r.quiet = cmd.quiet;
    r.json = cmd.json;
    r.progress_mode = cmd.progress_mode;
    if (!bots)
        return ar_tool_fail("match tron: which bots? e.g. --bots alphabeta,wallhug (or cmd:./mybot)");
    if (!maps)
        return ar_tool_fail("match tron: which maps? --maps DIR|FILE (e.g. data/tron/maps)");
    list = ar_xstrdup(bots);
    r.nbots = split_bots(list, specs, 32);
    r.specs = specs;
    if (r.nbots < 2) {
        free(list);
        return ar_tool_fail("match tron: --bots needs at least two bots separated by commas");
    }
    if ((rc = ar_tron_collect_maps(maps, &r.maps, &r.nmaps)) != 0) {
        free(list);
        return rc;
    }
    /* Check every map and bot before anything is played. */
    {
        unsigned m, b;
        for (m = 0; m < r.nmaps && !rc; m++) {
            ar_variant *v;
            if ((rc = load_map(&r, r.maps[m], &v)) != 0)
                break;
            for (b = 0; b < r.nbots && m == 0 && !rc; b++) {
                ar_bot *bot;
                ar_error err;
                ar_error_clear(&err);
                if (ar_bot_create(&ar_game_tron, v, specs[b], 0, 0, &bot, &err) != AR_OK)
                    rc = ar_tool_fail("match tron: bot %u: %s", b + 1, err.message);
                else
                    ar_bot_destroy(bot);
            }
            ar_game_tron.destroy(v);
        }
    }
    /* ... and the replay directory, made now so nothing is printed before
     * an error. */
    if (!rc && r.replay_dir && ar_tool_make_dir(r.replay_dir, why, sizeof why) != 0)
        rc = ar_tool_fail("match tron: --replay: %s", why);
    if (rc)
        goto out;
    if (!(cmd.given & AR_COMMON_SEED)) {
        r.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
        if (!r.quiet && !r.json)
            fprintf(stderr, "ariadne: seed %" PRIu64 "\n", r.seed);
    }
    ar_tool_install_sigint();
    if (!r.json) {
        printf("match tron: %u map%s, %u games per pair on each map (sides alternate), %g s per move (first %g s), "
               "seed %" PRIu64 "\nbots:",
               r.nmaps, r.nmaps == 1 ? "" : "s", r.games + (r.games & 1u), r.move_time, r.first_move_time, r.seed);
        for (i = 0; i < (int)r.nbots; i++)
            printf(" %s%s", specs[i], i + 1 < (int)r.nbots ? "," : "\n\n");
    }
    fflush(stdout);
    rc = ar_tron_run_all(&r);
    if (rc == 0 || rc == AR_EXIT_LIMIT)
        ar_tron_print_results(&r);
    ar_tron_run_free(&r);
out:
    ar_tron_free_maps(r.maps, r.nmaps);
    free(list);
    return rc;
}
