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
 * plays the candidate chamber-ab against the default alphabeta the
 * same way (--quick: the four small maps at 0.05 s).
 * ar_data_path finds the maps. */
#include "ariadne/tool.h"
#include "tron_cli.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int find_maps(char *path, size_t size)
{
    if (ar_data_path("tron/maps", path, size) == 0)
        return 0;
    fprintf(stderr, "ariadne: bench tron: %s\n", path);
    return -1;
}

/* The 1, 5 and 15 minute load averages (Linux), or "unknown": wall-clock
 * move times mean little on a machine busy with other work. */
static void load_average(char *buf, size_t size)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double a, b, c;
    if (f && fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
        snprintf(buf, size, "%.2f %.2f %.2f", a, b, c);
    else
        snprintf(buf, size, "unknown");
    if (f)
        fclose(f);
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
    if (quick) {
        char list[4 * (PATH_MAX + 80)] = "";
        unsigned i;
        for (i = 0; i < 4; i++) {
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%s/%s", i ? "," : "", dir, quick_maps[i]);
        }
        rc = ar_tron_collect_maps(list, &r.maps, &r.nmaps);
    } else {
        rc = ar_tron_collect_maps(dir, &r.maps, &r.nmaps);
    }
    if (rc)
        return rc;
    load_average(load, sizeof load);
    printf("%s on %u official maps (%s), every pair, both sides, seed 1, %g s per move "
           "(bots think half of it); load average %s\n\n",
           what, r.nmaps, quick ? "quick: 4 maps" : dir, r.move_time, load);
    fflush(stdout);
    ar_tool_install_sigint();
    rc = ar_tron_run_all(&r);
    if (rc == 0 || rc == AR_EXIT_LIMIT) {
        ar_tron_print_results(&r);
        load_average(load, sizeof load);
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

/* `ariadne bench tron-duel`: the candidate chamber-ab against the default,
 * alphabeta, on every map from both sides at 0.1 s per move (the
 * 1 s duel takes most of an hour: `ariadne match tron --bots
 * chamber-ab,alphabeta --maps data/tron/maps --move-time 1`). */
int ar_tron_bench_duel(int quick)
{
    static const char *const bots[] = {"chamber-ab", "alphabeta"};
    return run_bench(bots, 2, quick, quick ? 0.05 : 0.1, "chamber-ab against alphabeta");
}
