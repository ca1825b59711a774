/* ants_match.c — `ariadne match ants`: games of 2 to 10 players over contest
 * maps. Every map whose player count equals the number of bots is played
 * with the bots seated in rotation (game g seats bot (s + g) mod P on seat
 * s), --games rotations per map (default P, one per seat). Reported per
 * bot: games, mean score, mean rank, wins (outright firsts: a shared first is
 * no win), and a
 * rating: each game is split into the pairs of its players (the higher score
 * wins the pair, equal scores draw) and the pairs' table is rated by
 * Bradley-Terry maximum likelihood (ar_elo_ratings) with 95% error bars. The
 * pairs of one game are not independent, so the bars are somewhat narrow;
 * the contest's TrueSkill would rank the same way on these tables. */
#include "ants_play.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ariadne/arena.h"
#include "ariadne/progress.h"
#include "ariadne/timer.h"

typedef struct map_list {
    char **path;
    int count, cap;
} map_list;

static void add_path(map_list *m, const char *p)
{
    if (m->count == m->cap) {
        int cap = m->cap ? 2 * m->cap : 32;
        char **x = realloc(m->path, sizeof *x * (size_t)cap);
        if (!x)
            abort();
        m->path = x;
        m->cap = cap;
    }
    m->path[m->count] = malloc(strlen(p) + 1);
    if (!m->path[m->count])
        abort();
    strcpy(m->path[m->count++], p);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Files and directories (their *.map files, sorted), comma-separated. */
int ar_ants_collect_maps(const char *list, char ***paths, int *count)
{
    map_list m = {NULL, 0, 0};
    char *copy = malloc(strlen(list) + 1), *save = NULL;
    if (!copy)
        abort();
    strcpy(copy, list);
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        struct stat sb;
        if (stat(tok, &sb) != 0) {
            int rc = ar_tool_fail("match ants: --maps: cannot open '%s': %s", tok, strerror(errno));
            free(copy);
            return rc;
        }
        if (S_ISDIR(sb.st_mode)) {
            DIR *d = opendir(tok);
            struct dirent *de;
            int first = m.count;
            if (!d) {
                int rc = ar_tool_fail("match ants: --maps: cannot read '%s': %s", tok, strerror(errno));
                free(copy);
                return rc;
            }
            while ((de = readdir(d)) != NULL) {
                size_t n = strlen(de->d_name);
                char path[4096];
                if (de->d_name[0] == '.' || n < 5 || strcmp(de->d_name + n - 4, ".map") != 0)
                    continue;
                snprintf(path, sizeof path, "%s/%s", tok, de->d_name);
                add_path(&m, path);
            }
            closedir(d);
            qsort(m.path + first, (size_t)(m.count - first), sizeof *m.path, cmp_str);
            if (m.count == first) {
                int rc = ar_tool_fail("match ants: --maps: no *.map files in '%s'", tok);
                free(copy);
                return rc;
            }
        } else
            add_path(&m, tok);
    }
    free(copy);
    *paths = m.path;
    *count = m.count;
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of sorted values. */
double ar_ants_percentile(const double *sorted, size_t n, double p)
{
    size_t k;
    if (!n)
        return 0;
    k = (size_t)ceil(p * (double)n);
    if (k < 1)
        k = 1;
    return sorted[k - 1];
}


/* Plays every eligible map; prints per-game lines when verbose. Fills stats
 * (nbots) and the pairwise table. Returns an exit status. */
int ar_ants_run_matches(const char *const *bots, int nbots, char **maps, int nmaps, int rotations, const ar_param *params,
                     size_t nparams, uint64_t seed, const char *replay_dir, int verbose, ar_progress_mode progress,
                     int cpu_clock, bot_stats *stats, ar_match_table *table)
{
    int played = 0, eligible = 0;
    ar_progress pr;
    table->bots = (unsigned)nbots;
    table->pairs = calloc((size_t)nbots * (size_t)nbots, sizeof *table->pairs);
    if (!table->pairs)
        abort();
    for (int m = 0; m < nmaps; m++) {
        ar_param ps[32];
        size_t n = 0;
        ar_error err;
        struct ar_variant *v;
        ps[n++] = (ar_param){"map", maps[m]};
        for (size_t i = 0; i < nparams && n < 32; i++)
            ps[n++] = params[i];
        if (ar_ants_variant_create_params(ps, n, &v, &err) != AR_OK)
            return ar_tool_fail("match ants: %s", err.message);
        eligible += v->players == nbots;
        ar_ants_variant_free(v);
    }
    if (!eligible)
        return ar_tool_fail("match ants: none of the %d maps has %d players (one per bot)", nmaps, nbots);
    ar_progress_init(&pr, stderr, progress, "match ants");
    for (int m = 0; m < nmaps; m++) {
        ar_param ps[32];
        size_t n = 0;
        ar_error err;
        struct ar_variant *v;
        ps[n++] = (ar_param){"map", maps[m]};
        for (size_t i = 0; i < nparams && n < 32; i++)
            ps[n++] = params[i];
        if (ar_ants_variant_create_params(ps, n, &v, &err) != AR_OK)
            return ar_tool_fail("match ants: %s", err.message);
        if (v->players != nbots) {
            ar_ants_variant_free(v);
            continue;
        }
        for (int g = 0; g < rotations; g++) {
            const char *specs[ANTS_MAX_PLAYERS];
            int who[ANTS_MAX_PLAYERS];
            ants_times times[ANTS_MAX_PLAYERS];
            ants_record rec;
            ants_result res;
            ants_game_setup setup;
            memset(times, 0, sizeof times);
            memset(&rec, 0, sizeof rec);
            for (int s = 0; s < nbots; s++) {
                who[s] = (s + g) % nbots;
                specs[s] = bots[who[s]];
            }
            v->seed = seed + (uint64_t)m * 1000003u + (uint64_t)(g / nbots) * 7919u;
            setup = (ants_game_setup){v, specs, seed + (uint64_t)played, &ar_tool_interrupted, times,
                                      replay_dir ? &rec : NULL, cpu_clock};
            if (ar_ants_play_game(&setup, &res) != 0) {
                for (int s = 0; s < nbots; s++)
                    ar_ants_times_free(&times[s]);
                ar_ants_record_free(&rec);
                ar_ants_variant_free(v);
                ar_progress_finish(&pr);
                return AR_EXIT_LIMIT;
            }
            played++;
            int tops = 0;
            for (int s = 0; s < nbots; s++)
                tops += res.rank[s] == 1;
            for (int s = 0; s < nbots; s++) {
                bot_stats *b = &stats[who[s]];
                b->games++;
                b->score_sum += res.score[s];
                b->rank_sum += res.rank[s];
                b->firsts += res.rank[s] == 1 && tops == 1; /* outright firsts only */
                b->ants100_sum += res.ants100[s];
                int most = 1;
                for (int t = 0; t < nbots; t++)
                    most &= t == s || res.ants100[t] < res.ants100[s];
                b->ants100_most += (unsigned)most;
                if (res.first_hill_lost[s]) {
                    b->hills_lost++;
                    b->hill_lost_turn_sum += res.first_hill_lost[s];
                }
                b->outs += strncmp(res.status[s], "survived", 8) != 0 && strncmp(res.status[s], "eliminated", 10) != 0;
                for (size_t i = 0; i < times[s].count; i++)
                    ar_ants_times_add(&b->times, times[s].ms[i], times[s].cpu[i]);
                ar_ants_times_free(&times[s]);
                for (int t = 0; t < nbots; t++) {
                    if (t == s || who[t] == who[s])
                        continue;
                    ar_pair_result *pr2 = &table->pairs[who[s] * nbots + who[t]];
                    if (res.score[s] > res.score[t])
                        pr2->wins++;
                    else if (res.score[s] == res.score[t])
                        pr2->draws++;
                    else
                        pr2->losses++;
                }
            }
            table->games_played++;
            if (verbose) {
                printf("%s game %d:", maps[m], g + 1);
                for (int s = 0; s < nbots; s++)
                    printf(" %s %d%s", specs[s], res.score[s], s + 1 < nbots ? "," : "");
                printf(" (%d turns, %s); ants after turn 100:", res.turns, ar_ants_end_text(res.end));
                for (int s = 0; s < nbots; s++)
                    printf(" %d", res.ants100[s]);
                printf("; first hill lost at turn:");
                for (int s = 0; s < nbots; s++)
                    printf(res.first_hill_lost[s] ? " %d" : " -", res.first_hill_lost[s]);
                printf("\n");
                for (int s = 0; s < nbots; s++)
                    if (strcmp(res.status[s], "survived") != 0 && strncmp(res.status[s], "eliminated", 10) != 0)
                        printf("  %s (seat %d): %s\n", specs[s], s, res.status[s]);
            }
            if (replay_dir) {
                char path[4096];
                const char *base = strrchr(maps[m], '/');
                FILE *f;
                snprintf(path, sizeof path, "%s/%s.game%d.json", replay_dir, base ? base + 1 : maps[m], g + 1);
                f = fopen(path, "w");
                if (!f) {
                    ar_ants_record_free(&rec);
                    ar_ants_variant_free(v);
                    return ar_tool_fail("match ants: --replay: cannot write '%s': %s", path, strerror(errno));
                }
                ar_ants_write_replay(f, v, specs, &res, &rec);
                fclose(f);
            }
            ar_ants_record_free(&rec);
            ar_progress_update(&pr, (uint64_t)played, 0, "games", maps[m]);
        }
        ar_ants_variant_free(v);
    }
    ar_progress_finish(&pr);
    return 0;
}

void ar_ants_print_results(FILE *out, const char *const *bots, int nbots, bot_stats *stats, const ar_match_table *t)
{
    double rating[ANTS_MAX_PLAYERS], error[ANTS_MAX_PLAYERS];
    ar_elo_ratings(t, rating, error);
    fprintf(out, "| bot | games | mean score | mean rank | wins (outright first) | rating (Elo, 95%%) | out (timeout, "
                 "crash, invalid) | turn ms max | p99 | CPU ms max | p99 |\n");
    fprintf(out, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int b = 0; b < nbots; b++) {
        bot_stats *s = &stats[b];
        size_t n = s->times.count;
        if (n) {
            qsort(s->times.ms, n, sizeof *s->times.ms, cmp_double);
            qsort(s->times.cpu, n, sizeof *s->times.cpu, cmp_double);
        }
        fprintf(out, "| %s | %u | %.2f | %.2f | %u (%.0f%%) | ", bots[b], s->games, s->games ? s->score_sum / s->games : 0,
                s->games ? s->rank_sum / s->games : 0, s->firsts, s->games ? 100.0 * s->firsts / s->games : 0);
        if (isinf(rating[b]))
            fprintf(out, "%s | ", rating[b] > 0 ? "+inf" : "-inf");
        else
            fprintf(out, "%+.0f ± %.0f | ", rating[b], error[b]);
        fprintf(out, "%u | %.1f | %.1f | %.1f | %.1f |\n", s->outs, n ? s->times.ms[n - 1] : 0,
                ar_ants_percentile(s->times.ms, n, 0.99), n ? s->times.cpu[n - 1] : 0, ar_ants_percentile(s->times.cpu, n, 0.99));
    }
    fprintf(out, "\n| bot | mean ants after turn 100 | games with the most ants then | games it lost a hill | mean turn of "
                 "its first hill lost |\n|---|---:|---:|---:|---:|\n");
    for (int b = 0; b < nbots; b++) {
        bot_stats *s = &stats[b];
        fprintf(out, "| %s | %.1f | %u (%.0f%%) | %u | ", bots[b], s->games ? s->ants100_sum / s->games : 0,
                s->ants100_most, s->games ? 100.0 * s->ants100_most / s->games : 0, s->hills_lost);
        if (s->hills_lost)
            fprintf(out, "%.0f |\n", s->hill_lost_turn_sum / s->hills_lost);
        else
            fprintf(out, "- |\n");
    }
}

/* The results as one JSON object (--json). */
static void print_json(const char *const *bots, int nbots, int nmaps, uint64_t seed, bot_stats *stats,
                       const ar_match_table *t)
{
    printf("{\"game\": \"ants\", \"maps\": %d, \"seed\": %llu, \"bots\": [", nmaps, (unsigned long long)seed);
    for (int b = 0; b < nbots; b++) {
        printf("%s", b ? ", " : "");
        ar_json_string(stdout, bots[b]);
    }
    printf("], ");
    ar_match_print_json_members(stdout, t, bots);
    printf(", \"bot_stats\": [");
    for (int b = 0; b < nbots; b++) {
        bot_stats *s = &stats[b];
        size_t n = s->times.count;
        if (n) {
            qsort(s->times.ms, n, sizeof *s->times.ms, cmp_double);
            qsort(s->times.cpu, n, sizeof *s->times.cpu, cmp_double);
        }
        printf("%s{\"bot\": ", b ? ", " : "");
        ar_json_string(stdout, bots[b]);
        printf(", \"games\": %u, \"mean_score\": %.3f, \"mean_rank\": %.3f, \"outright_firsts\": %u, \"out\": %u, "
               "\"turn_ms_max\": %.1f, \"turn_ms_p99\": %.1f, \"cpu_ms_max\": %.1f, \"cpu_ms_p99\": %.1f, "
               "\"mean_ants_turn100\": %.2f, \"most_ants_turn100\": %u, \"games_hill_lost\": %u, "
               "\"mean_first_hill_lost_turn\": %.1f}",
               s->games, s->games ? s->score_sum / s->games : 0, s->games ? s->rank_sum / s->games : 0, s->firsts,
               s->outs, n ? s->times.ms[n - 1] : 0, ar_ants_percentile(s->times.ms, n, 0.99),
               n ? s->times.cpu[n - 1] : 0, ar_ants_percentile(s->times.cpu, n, 0.99),
               s->games ? s->ants100_sum / s->games : 0, s->ants100_most, s->hills_lost,
               s->hills_lost ? s->hill_lost_turn_sum / s->hills_lost : 0);
    }
    printf("]}\n");
}

int ar_ants_match_main(int argc, char **argv)
{
    const char *bots_arg = NULL, *maps_arg = NULL, *replay_dir = NULL;
    const char *bots[ANTS_MAX_PLAYERS];
    char *bots_copy = NULL, **maps = NULL, why[256], move_ms[32];
    int nbots = 0, nmaps = 0, verbose = 0, cpu_clock = 0, rc;
    uint64_t seed = 1, rotations = 0;
    double move_time = 0;
    ar_param params[24];
    size_t nparams = 0;
    /* The contest's own options (milliseconds and squared radii, as
     * playgame.py names them), handed to the game as they are. */
    static const char *const game_opts[] = {"turns", "turntime", "loadtime", "viewradius2", "attackradius2",
                                            "spawnradius2", "cutoff-turn", "cutoff-percent", "food-rate",
                                            "food-turn", "food-start", "food-visible", NULL};
    enum { NGAME = 12 };
    const char *game_values[NGAME];
    int game_seen[NGAME];
    ar_opt opts[NGAME + 8];
    size_t no = 0;
    bot_stats stats[ANTS_MAX_PLAYERS];
    ar_match_table table;
    ar_tool_cmd cmd = {.name = "match ants", .help_topic = "ants", .common = AR_COMMON_OUTPUT | AR_COMMON_SEED};
    memset(stats, 0, sizeof stats);
    memset(&table, 0, sizeof table);
    memset(opts, 0, sizeof opts);
    memset(game_seen, 0, sizeof game_seen);
    opts[no++] = (ar_opt){.name = "bots", .kind = AR_OPT_TEXT, .dest = &bots_arg, .metavar = "A,B"};
    opts[no++] = (ar_opt){.name = "maps", .kind = AR_OPT_TEXT, .dest = &maps_arg, .metavar = "DIR|FILE"};
    opts[no++] = (ar_opt){.name = "replay", .kind = AR_OPT_TEXT, .dest = &replay_dir, .metavar = "DIR"};
    opts[no++] = (ar_opt){.name = "games", .kind = AR_OPT_UINT, .dest = &rotations, .min = 1, .max = 1000000};
    opts[no++] = (ar_opt){.name = "move-time", .kind = AR_OPT_NUMBER, .dest = &move_time, .lo = 0, .lo_open = 1,
                          .hi = 3600, .metavar = "S"};
    opts[no++] = (ar_opt){.name = "verbose", .kind = AR_OPT_FLAG, .dest = &verbose};
    opts[no++] = (ar_opt){.name = "cpu-clock", .kind = AR_OPT_FLAG, .dest = &cpu_clock};
    for (int k = 0; game_opts[k]; k++)
        opts[no++] = (ar_opt){.name = game_opts[k], .kind = AR_OPT_TEXT, .dest = &game_values[k],
                              .seen = &game_seen[k]};
    opts[no].name = NULL;
    cmd.options = opts;
    if ((rc = ar_tool_parse(&cmd, argc, argv, 2)) != 0)
        return rc;
    if (cmd.given & AR_COMMON_SEED)
        seed = cmd.seed;
    for (int k = 0; game_opts[k]; k++)
        if (game_seen[k])
            params[nparams++] = (ar_param){game_opts[k], game_values[k]};
    if (move_time > 0) {
        if (game_seen[1])
            return ar_tool_fail("match ants: give --move-time S or the contest's --turntime MS, not both");
        snprintf(move_ms, sizeof move_ms, "%.0f", move_time * 1000 < 1 ? 1 : move_time * 1000);
        params[nparams++] = (ar_param){"turntime", move_ms};
    }
    if (!bots_arg || !maps_arg)
        return ar_tool_fail("match ants: --bots A,B[,...] and --maps DIR|FILE are required");
    bots_copy = malloc(strlen(bots_arg) + 1);
    if (!bots_copy)
        abort();
    strcpy(bots_copy, bots_arg);
    {
        char *save = NULL;
        for (char *tok = strtok_r(bots_copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (nbots == ANTS_MAX_PLAYERS) {
                free(bots_copy);
                return ar_tool_fail("match ants: at most %d bots (one per seat)", ANTS_MAX_PLAYERS);
            }
            if (ar_ants_check_spec(tok, why, sizeof why)) {
                free(bots_copy);
                return ar_tool_fail("match ants: %s", why);
            }
            bots[nbots++] = tok;
        }
    }
    if (nbots < 2) {
        free(bots_copy);
        return ar_tool_fail("match ants: --bots needs 2 to 10 bots, one per seat");
    }
    if (replay_dir && ar_tool_make_dir(replay_dir, why, sizeof why) != 0) {
        free(bots_copy);
        return ar_tool_fail("match ants: --replay: %s", why);
    }
    if ((rc = ar_ants_collect_maps(maps_arg, &maps, &nmaps)) != 0) {
        free(bots_copy);
        return rc;
    }
    ar_tool_install_sigint();
    rc = ar_ants_run_matches(bots, nbots, maps, nmaps, rotations ? (int)rotations : nbots, params, nparams, seed,
                          replay_dir, verbose && !cmd.json, cmd.progress_mode, cpu_clock, stats, &table);
    if (rc == AR_EXIT_LIMIT)
        table.interrupted = 1;
    if (cmd.json && (rc == 0 || rc == AR_EXIT_LIMIT)) {
        print_json(bots, nbots, nmaps, seed, stats, &table);
    } else if (rc == 0 || (rc == AR_EXIT_LIMIT && table.games_played)) {
        ar_ants_print_results(stdout, bots, nbots, stats, &table);
        if (rc == AR_EXIT_LIMIT)
            printf("(interrupted: %u games played)\n", table.games_played);
    }
    for (int b = 0; b < nbots; b++)
        ar_ants_times_free(&stats[b].times);
    for (int m = 0; m < nmaps; m++)
        free(maps[m]);
    free(maps);
    free(table.pairs);
    free(bots_copy);
    return rc;
}
