/* tron_bench.c — `ariadne bench tron`: every pair of Tron bots on every
 * official map of the Google AI Challenge 2010 (data/tron/maps),
 * both starting sides, fixed seed: win/draw/loss and Elo for each pair,
 * ratings, per-move time statistics and the share of moves within the
 * budget (it must be 100%).
 *
 * The contest allowed 1 s per move; at that rate the table would take hours
 * (thousands of turns per pair of searching bots), so the bench gives each
 * move 0.1 s (the bots think for half of it, leaving the rest as a margin
 * for a loaded machine) — the ranking of the bots is what it measures.
 * --quick: four small maps, four bots, 0.05 s per move. `bench tron-duel`
 * plays the default chamber-ab against the previous default alphabeta the
 * same way (--quick: the four small maps at 0.05 s). `bench tron-eval`
 * times chamber-ab's evaluation against the one it replaced on a fixed set
 * of positions from seeded random games on every map, checking that both
 * give the same values; `bench tron-search` times its transposition table
 * at a fixed depth. ar_data_path finds the maps. */
#include "ariadne/tool.h"
#include "tron_cli.h"
#include "tron_internal.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"
#include <unistd.h>
#include "ariadne/rng.h"

static int find_maps(char *path, size_t size)
{
    if (ar_data_path("tron/maps", path, size) == 0)
        return 0;
    fprintf(stderr, "ariadne: bench tron: %s\n", path);
    return -1;
}


/* The map files dir/names[0..n) (n <= 4), as ar_tron_collect_maps gives
 * them. Returns 0 or an exit status after printing why. */
static int collect_named_maps(const char *dir, const char *const *names, unsigned n, char ***maps,
                              unsigned *count)
{
    char list[4 * (PATH_MAX + 80)] = "";
    unsigned i;
    for (i = 0; i < n && i < 4; i++) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s/%s", i ? "," : "", dir, names[i]);
    }
    return ar_tron_collect_maps(list, maps, count);
}

/* Plays `specs` (every pair) on all official maps, or on the four quick
 * ones, at move_time per move, and prints the tables. */
static int run_bench(const char *const *specs, unsigned nbots, int quick, double move_time, const char *what)
{
    char load[64];
    static const char *const quick_maps[] = {"box.txt", "duel-small.txt", "u.txt", "test-board.txt"};
    char dir[PATH_MAX + 64];
    tron_run r;
    int rc;
    if (find_maps(dir, sizeof dir) != 0)
        return AR_EXIT_BAD_INPUT;
    memset(&r, 0, sizeof r);
    r.specs = specs;
    r.nbots = nbots;
    r.games = 2;
    r.seed = 1;
    r.move_time = move_time;
    r.first_move_time = r.move_time;
    r.quiet = 0;
    if (quick)
        rc = collect_named_maps(dir, quick_maps, 4, &r.maps, &r.nmaps);
    else
        rc = ar_tron_collect_maps(dir, &r.maps, &r.nmaps);
    if (rc)
        return rc;
    ar_tool_load_average(load, sizeof load);
    printf("%s on %u official maps (%s), every pair, both sides, seed 1, %g s per move "
           "(bots think half of it); load average %s\n\n",
           what, r.nmaps, quick ? "quick: 4 maps" : dir, r.move_time, load);
    fflush(stdout);
    ar_tool_install_sigint();
    rc = ar_tron_run_all(&r);
    if (rc == 0 || rc == AR_EXIT_LIMIT) {
        ar_tron_print_results(&r);
        ar_tool_load_average(load, sizeof load);
        printf("\nload average at the end: %s (%u CPUs)\n", load, (unsigned)sysconf(_SC_NPROCESSORS_ONLN));
    }
    ar_tron_run_free(&r);
    ar_tron_free_maps(r.maps, r.nmaps);
    return rc;
}

int ar_tron_bench(int quick)
{
    static const char *const full_bots[] = {"random", "wallhug", "voronoi", "chambers", "alphabeta"};
    static const char *const quick_bots[] = {"random", "wallhug", "chambers", "alphabeta"};
    return quick ? run_bench(quick_bots, 4, 1, 0.05, "Tron bots") : run_bench(full_bots, 5, 0, 0.1, "Tron bots");
}

/* `ariadne bench tron-duel`: the default chamber-ab against the previous
 * default, alphabeta, on every map from both sides at 0.1 s per move (the
 * 1 s duel takes an hour: `ariadne match tron --bots chamber-ab,alphabeta
 * --maps data/tron/maps --move-time 1 --first-move-time 1`). */
int ar_tron_bench_duel(int quick)
{
    static const char *const bots[] = {"chamber-ab", "alphabeta"};
    return run_bench(bots, 2, quick, quick ? 0.05 : 0.1, "chamber-ab against alphabeta");
}

/* ------------------------------------------------------ tron-eval */

void ar_tron_random_positions(const ar_variant *v, uint64_t seed, int games, tron_visit visit, void *ctx)
{
    tron_board b;
    tron_pos *start = ar_xmalloc(ar_game_tron.position_size(v));
    ar_rng rng;
    int g;
    ar_rng_seed(&rng, seed);
    ar_game_tron.initial_position(v, start);
    ar_tron_board_init(&b, v);
    for (g = 0; g < games; g++) {
        int last[2] = {0, 0};
        ar_tron_board_load(&b, v, start);
        for (;;) {
            int to[2], q;
            for (q = 0; q < 2; q++) {
                int dirs[4], n = 0, d;
                for (d = 1; d <= 4; d++)
                    if (!b.cell[b.head[q] + b.delta[d]])
                        dirs[n++] = d;
                if (n == 0)
                    break;
                if (last[q] && !b.cell[b.head[q] + b.delta[last[q]]] && ar_rng_below(&rng, 4) != 0)
                    to[q] = last[q];
                else
                    to[q] = dirs[ar_rng_below(&rng, (uint64_t)n)];
            }
            if (q < 2)
                break;
            visit(&b, ctx);
            if (b.head[0] + b.delta[to[0]] == b.head[1] + b.delta[to[1]])
                break; /* head-on */
            for (q = 0; q < 2; q++) {
                b.head[q] += b.delta[to[q]];
                tron_board_block(&b, b.head[q]);
                last[q] = to[q];
            }
        }
    }
    ar_tron_board_free(&b);
    free(start);
}

typedef struct eval_pass {
    tron_work w;
    int code; /* 0 reference (tron_eval.c), 1 bytes (tron_fasteval.c), 2 bits (tron_biteval.c) */
    unsigned rounds;
    uint64_t evals, sum;
    int *values;
    size_t nvalues, cap;
} eval_pass;

static void eval_visit(const tron_board *b, void *ctx)
{
    eval_pass *e = ctx;
    unsigned r;
    int p;
    for (r = 0; r < e->rounds; r++)
        for (p = 0; p < 2; p++) {
            int x = e->code == 2   ? ar_tron_eval_chambers_bits(b, &e->w, p)
                    : e->code == 1 ? ar_tron_eval_chambers_fast(b, &e->w, p)
                                   : ar_tron_eval_chambers_tight(b, &e->w, p);
            e->evals++;
            if (r == 0) {
                if (e->nvalues == e->cap) {
                    e->cap = e->cap ? 2 * e->cap : 4096;
                    e->values = ar_xrealloc(e->values, e->cap * sizeof(int));
                }
                e->values[e->nvalues++] = x;
            }
        }
}

/* `ariadne bench tron-eval`: the three codes of chamber-ab's evaluation on
 * the positions of 20 seeded random games per map (--quick: 2), each
 * position evaluated for both players `rounds` times, one code after the
 * other on each map (side by side in one run); CPU time of the process. */
int ar_tron_bench_eval(int quick)
{
    static const char *const code_names[3] = {"reference", "bytes", "bits"};
    char dir[PATH_MAX + 64], load[64];
    char **maps = NULL;
    unsigned nmaps = 0, i;
    int games = quick ? 2 : 20, f, rc = 0;
    double total[3] = {0, 0, 0};
    uint64_t evals[3] = {0, 0, 0}, positions = 0, differ = 0;
    if (find_maps(dir, sizeof dir) != 0)
        return AR_EXIT_BAD_INPUT;
    if ((rc = ar_tron_collect_maps(dir, &maps, &nmaps)) != 0)
        return rc;
    ar_tool_load_average(load, sizeof load);
    printf("chamber-ab's evaluation by its three codes of equal values — reference (tron_eval.c), bytes "
           "(tron_fasteval.c, issue 17's) and bits (tron_biteval.c, the default) — on the positions of %d seeded "
           "random games per map (seed 1), each evaluated for both players 5 times; evaluations per second of "
           "CPU time; load average %s\n\n", games, load);
    printf("| map | positions | reference evals/s | bytes evals/s | bits evals/s | bits/bytes | values equal |\n");
    printf("|---|---:|---:|---:|---:|---:|---|\n");
    for (i = 0; i < nmaps && rc == 0; i++) {
        char why[256];
        char *text = ar_read_file(maps[i], why, sizeof why);
        ar_variant *v = NULL;
        ar_error err;
        ar_tron_map_options o;
        eval_pass e[3];
        double secs[3];
        size_t k, bad = 0;
        const char *name = strrchr(maps[i], '/') ? strrchr(maps[i], '/') + 1 : maps[i];
        if (!text) {
            rc = ar_tool_fail("bench tron-eval: map %s: %s", maps[i], why);
            break;
        }
        memset(&o, 0, sizeof o);
        o.name = name;
        ar_error_clear(&err);
        if (ar_tron_variant_from_text(text, strlen(text), &o, &v, &err) != AR_OK) {
            free(text);
            rc = ar_tool_fail("bench tron-eval: map %s: %s", maps[i], err.message);
            break;
        }
        free(text);
        for (f = 0; f < 3; f++) {
            double t0;
            memset(&e[f], 0, sizeof e[f]);
            ar_tron_work_init(&e[f].w, v->n);
            e[f].code = f;
            e[f].rounds = 5;
            t0 = ar_process_cpu_time();
            ar_tron_random_positions(v, 1, games, eval_visit, &e[f]);
            secs[f] = ar_process_cpu_time() - t0;
            total[f] += secs[f];
            evals[f] += e[f].evals;
        }
        for (f = 1; f < 3; f++) {
            for (k = 0; k < e[0].nvalues; k++)
                bad += k >= e[f].nvalues || e[0].values[k] != e[f].values[k];
            bad += e[f].nvalues != e[0].nvalues;
        }
        differ += bad;
        positions += e[0].nvalues / 2;
        printf("| %s | %zu | %.0f | %.0f | %.0f | %.2f | %s |\n", name, e[0].nvalues / 2,
               secs[0] > 0 ? (double)e[0].evals / secs[0] : 0, secs[1] > 0 ? (double)e[1].evals / secs[1] : 0,
               secs[2] > 0 ? (double)e[2].evals / secs[2] : 0, secs[2] > 0 ? secs[1] / secs[2] : 0,
               bad ? "NO" : "yes");
        fflush(stdout);
        for (f = 0; f < 3; f++) {
            ar_tron_work_free(&e[f].w);
            free(e[f].values);
        }
        ar_tron_variant_free(v);
    }
    if (rc == 0) {
        ar_tool_load_average(load, sizeof load);
        printf("\nall maps: %" PRIu64 " positions;", positions);
        for (f = 0; f < 3; f++)
            printf(" %s %.0f evals/s%s", code_names[f], total[f] > 0 ? (double)evals[f] / total[f] : 0,
                   f < 2 ? "," : ";");
        printf(" bits/bytes %.2f, bits/reference %.2f; values differ in %" PRIu64 "; load average at the end %s\n",
               total[2] > 0 ? total[1] / total[2] : 0, total[2] > 0 ? total[0] / total[2] : 0, differ, load);
        if (differ)
            rc = 1;
    }
    ar_tron_free_maps(maps, nmaps);
    return rc;
}

/* ---------------------------------------------------- tron-search */

/* The positions of data/tron/search (map files: the player to think is 1),
 * as variants (their start is the position). Returns 0 or an exit status. */
static int load_search_positions(ar_variant ***out, unsigned *count)
{
    char dir[PATH_MAX + 64], **files = NULL;
    unsigned nfiles = 0, i;
    int rc;
    *out = NULL;
    *count = 0;
    if (ar_data_path("tron/search", dir, sizeof dir) != 0) {
        fprintf(stderr, "ariadne: bench tron-search: %s\n", dir);
        return AR_EXIT_BAD_INPUT;
    }
    if ((rc = ar_tron_collect_maps(dir, &files, &nfiles)) != 0)
        return rc;
    *out = ar_xcalloc(nfiles, sizeof **out);
    for (i = 0; i < nfiles && rc == 0; i++) {
        char why[256], *text = ar_read_file(files[i], why, sizeof why);
        ar_tron_map_options o;
        ar_error err;
        if (!text) {
            rc = ar_tool_fail("bench tron-search: %s: %s", files[i], why);
            break;
        }
        memset(&o, 0, sizeof o);
        o.name = strrchr(files[i], '/') ? strrchr(files[i], '/') + 1 : files[i];
        ar_error_clear(&err);
        if (ar_tron_variant_from_text(text, strlen(text), &o, &(*out)[*count], &err) != AR_OK)
            rc = ar_tool_fail("bench tron-search: %s: %s", files[i], err.message);
        else
            (*count)++;
        free(text);
    }
    ar_tron_free_maps(files, nfiles);
    return rc;
}

/* One search of a fresh bot `spec` for player 1 at v's start: the move,
 * its info and the thread's CPU seconds. */
static int search_once(const ar_variant *v, const char *spec, ar_gmove *move, ar_bot_info *info, double *cpu)
{
    ar_bot *bot;
    ar_error err;
    void *pos = ar_xmalloc(ar_game_tron.position_size(v));
    double t0;
    int rc = 0;
    ar_game_tron.initial_position(v, pos);
    memset(info, 0, sizeof *info);
    if (ar_bot_create(&ar_game_tron, v, spec, 1, 0, &bot, &err) != AR_OK) {
        free(pos);
        return ar_tool_fail("bench tron-search: %s: %s", spec, err.message);
    }
    ar_bot_set_interrupt(bot, &ar_tool_interrupted);
    t0 = ar_thread_cpu_time();
    if (ar_tool_interrupted)
        rc = AR_EXIT_LIMIT;
    else if (ar_bot_choose(bot, pos, 0, move, info, &err) != AR_OK)
        rc = ar_tool_fail("bench tron-search: %s: %s", spec, err.message);
    else if (ar_tool_interrupted)
        rc = AR_EXIT_LIMIT; /* the search stopped short: its figures are not comparable */
    *cpu = ar_thread_cpu_time() - t0;
    ar_bot_destroy(bot);
    free(pos);
    return rc;
}

/* A number in the info line before `word` (" 1234 evaluations"), or 0. */
static uint64_t info_count(const char *text, const char *word)
{
    const char *at = strstr(text, word);
    while (at && at > text && at[-1] == ' ' && at - 1 > text && at[-2] >= '0' && at[-2] <= '9') {
        const char *p = at - 2;
        while (p > text && p[-1] >= '0' && p[-1] <= '9')
            p--;
        return strtoull(p, NULL, 10);
    }
    return 0;
}

/* The score part of the info line ("score +1.5 cells"), for comparing. */
static void info_score(const char *text, char *buf, size_t size)
{
    const char *at = strstr(text, "score ");
    size_t n = 0;
    if (at)
        while (at[n] && at[n] != ',' && n + 1 < size)
            n++;
    memcpy(buf, at ? at : "", n);
    buf[n] = '\0';
}

/* The table's part of issue 17 (unchanged): chamber-ab against itself at a
 * fixed depth on four maps, both sides, without and with the table kept
 * from move to move; CPU time per move. */
static int bench_table(int quick)
{
    static const char *const names[] = {"oval.txt", "duel-small.txt", "joust.txt", "huge-room.txt"};
    char dir[PATH_MAX + 64], load[64], spec[2][96];
    char **maps = NULL;
    int depth = quick ? 5 : 7, t, rc;
    unsigned nmaps = 0;
    double per_move[2] = {0, 0};
    if (find_maps(dir, sizeof dir) != 0)
        return AR_EXIT_BAD_INPUT;
    if ((rc = collect_named_maps(dir, names, quick ? 2 : 4, &maps, &nmaps)) != 0)
        return rc;
    ar_tool_load_average(load, sizeof load);
    printf("\nThe transposition table: chamber-ab against itself at depth %d (endgame filler off, forced moves "
           "not extended), on %u maps, both sides, without and with its table; CPU time; load average %s\n\n",
           depth, nmaps, load);
    printf("| table | moves | CPU s | ms per move |\n|---|---:|---:|---:|\n");
    for (t = 0; t < 2 && rc == 0; t++) {
        const char *specs[2];
        tron_run r;
        double t0;
        memset(&r, 0, sizeof r);
        snprintf(spec[t], sizeof spec[t], "chamber-ab:depth=%d:endgame=0:extend=0:tt=%d", depth, t);
        specs[0] = specs[1] = spec[t];
        r.specs = specs;
        r.nbots = 2;
        r.games = 2;
        r.seed = 1;
        r.move_time = r.first_move_time = 3600; /* no clock: depth decides */
        r.quiet = 1;
        r.maps = maps;
        r.nmaps = nmaps;
        t0 = ar_process_cpu_time();
        rc = ar_tron_run_all(&r);
        if (rc == 0) {
            double secs = ar_process_cpu_time() - t0;
            unsigned long long moves = 2 * r.turns;
            per_move[t] = moves ? 1000 * secs / (double)moves : 0;
            printf("| %s | %llu | %.2f | %.3f |\n", t ? "kept from move to move" : "none", moves, secs, per_move[t]);
            fflush(stdout);
        }
        ar_tron_run_free(&r);
    }
    ar_tron_free_maps(maps, nmaps);
    if (rc == 0) {
        ar_tool_load_average(load, sizeof load);
        printf("\nwith the table: %.2f of the time per move (%.2fx as fast); load average at the end %s\n",
               per_move[0] > 0 ? per_move[1] / per_move[0] : 0, per_move[1] > 0 ? per_move[0] / per_move[1] : 0,
               load);
    }
    return rc;
}

/* The depth each of the two bots completes within `budget` seconds of CPU
 * time on each position (a depth counts when the search to it, from depth
 * 1, finished in the budget), and how the second compares with the first.
 * Returns 0 or an exit status. */
static int bench_depth(ar_variant **pos, unsigned npos, const char *const bots[2], double budget)
{
    double depth_sum[2] = {0, 0};
    unsigned deeper = 0, level = 0, shallower = 0, i, b;
    int *reached[2], rc = 0;
    char load[64];
    reached[0] = ar_xcalloc(npos, sizeof(int));
    reached[1] = ar_xcalloc(npos, sizeof(int));
    printf("\nDepth completed within %.2f s of CPU time per position:\n\n| bot | mean depth |\n|---|---:|\n", budget);
    for (b = 0; b < 2 && rc == 0; b++) {
        for (i = 0; i < npos && rc == 0; i++) {
            int d;
            for (d = 1; d <= 60 && rc == 0; d++) {
                char spec[96];
                ar_bot_info info;
                ar_gmove m;
                double c;
                snprintf(spec, sizeof spec, "%s:depth=%d:endgame=0", bots[b], d);
                rc = search_once(pos[i], spec, &m, &info, &c);
                if (rc != 0 || c > budget)
                    break;
                reached[b][i] = info.depth;
                if (info.depth < d || strstr(info.text, "(proven)"))
                    break; /* nothing deeper to search */
            }
            depth_sum[b] += reached[b][i];
        }
        if (rc == 0)
            printf("| %s | %.2f |\n", bots[b], depth_sum[b] / npos);
        fflush(stdout);
    }
    if (rc == 0) {
        for (i = 0; i < npos; i++) {
            deeper += reached[1][i] > reached[0][i];
            level += reached[1][i] == reached[0][i];
            shallower += reached[1][i] < reached[0][i];
        }
        ar_tool_load_average(load, sizeof load);
        printf("\n%s %+.2f plies on average: deeper on %u positions, as deep on %u, shallower on %u; load "
               "average %s\n", bots[1], (depth_sum[1] - depth_sum[0]) / npos, deeper, level, shallower, load);
        fflush(stdout);
    }
    free(reached[0]);
    free(reached[1]);
    return rc;
}

/* `ariadne bench tron-search`: chamber-ab's search against issue 17's
 * (chamber-ab-v1) on the positions of data/tron/search, a fresh bot for
 * each position (so the table starts empty): (1) at a fixed depth, the
 * nodes, evaluations and CPU time, and whether scores and moves are equal
 * (the changes keep the values); (2) the depth each completes within a
 * budget of CPU time per position: 0.05 s and 0.5 s, the thinking times
 * at 0.1 s and 1 s per move (--quick: 0.01 s only), by the thread's CPU
 * clock, so a busy machine changes it little; (3) the transposition table
 * at a fixed depth. */
int ar_tron_bench_search(int quick)
{
    static const char *const bots[2] = {"chamber-ab-v1", "chamber-ab"};
    ar_variant **pos = NULL;
    unsigned npos = 0, nloaded = 0, i, b;
    int depth = quick ? 5 : 7, rc, differ = 0;
    const double budgets[2] = {quick ? 0.01 : 0.05, 0.5};
    double cpu[2] = {0, 0};
    uint64_t nodes[2] = {0, 0}, evals[2] = {0, 0};
    char load[64], (*scores)[2][48] = NULL;
    ar_gmove(*moves)[2] = NULL;
    rc = load_search_positions(&pos, &npos);
    nloaded = npos; /* what is freed, however many are searched */
    if (rc != 0)
        goto done;
    if (quick && npos > 12)
        npos = 12;
    scores = ar_xcalloc(npos, sizeof *scores);
    moves = ar_xcalloc(npos, sizeof *moves);
    ar_tool_load_average(load, sizeof load);
    printf("chamber-ab against chamber-ab-v1 (issue 17's) on the %u positions of data/tron/search, a fresh bot "
           "each (empty table), endgame filler off; thread CPU time; load average %s\n\n", npos, load);
    printf("At depth %d:\n\n| bot | nodes | evaluations | CPU s | ms per position |\n|---|---:|---:|---:|---:|\n",
           depth);
    ar_tool_install_sigint();
    for (b = 0; b < 2 && rc == 0; b++) {
        char spec[96];
        snprintf(spec, sizeof spec, "%s:depth=%d:endgame=0", bots[b], depth);
        for (i = 0; i < npos && rc == 0; i++) {
            ar_bot_info info;
            double c;
            rc = search_once(pos[i], spec, &moves[i][b], &info, &c);
            cpu[b] += c;
            nodes[b] += info.nodes;
            evals[b] += info_count(info.text, "evaluations");
            info_score(info.text, scores[i][b], sizeof scores[i][b]);
        }
        if (rc == 0)
            printf("| %s | %" PRIu64 " | %" PRIu64 " | %.2f | %.2f |\n", bots[b], nodes[b], evals[b], cpu[b],
                   1000 * cpu[b] / npos);
        fflush(stdout);
    }
    if (rc != 0)
        goto done;
    for (i = 0; i < npos; i++)
        differ += strcmp(scores[i][0], scores[i][1]) != 0 || moves[i][0] != moves[i][1];
    printf("\nchamber-ab %.2fx as fast; scores and moves equal on %u of %u positions\n",
           cpu[1] > 0 ? cpu[0] / cpu[1] : 0, npos - (unsigned)differ, npos);
    for (b = 0; b < (quick ? 1u : 2u) && rc == 0; b++)
        rc = bench_depth(pos, npos, bots, budgets[b]);
    if (rc != 0)
        goto done;
    rc = bench_table(quick);
    if (rc == 0 && differ)
        rc = 1;
done:
    if (rc == AR_EXIT_LIMIT)
        printf("\ninterrupted (Ctrl-C): the rows above are complete, the rest was not measured\n");
    for (i = 0; i < nloaded; i++)
        ar_tron_variant_free(pos[i]);
    free(pos);
    free(scores);
    free(moves);
    return rc;
}
