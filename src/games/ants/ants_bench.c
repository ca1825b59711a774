/* ar_ants_bench.c — `ariadne bench ants [--quick]`: the engine's speed (turns
 * per second on the largest maps, every ant moving at random each turn,
 * only the engine's turn timed, in CPU time), then the ladder: the strong bot against each
 * sample bot in 2-player games over maps of every kind, and 4-player
 * free-for-alls of the strong bot against three sample bots, with every
 * bot's turn times (maximum, 99th percentile) against the 500 ms budget.
 * --quick plays a few short games for CI; the full run takes tens of minutes
 * (run it niced). Maps come from the data directory (data/ants/maps). */
#include "ants_play.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct ar_variant *load(const char *rel, const char *turns)
{
    char path[4096];
    ar_param ps[2];
    ar_error err;
    struct ar_variant *v;
    if (ar_data_path(rel, path, sizeof path) != 0) {
        fprintf(stderr, "bench ants: %s not found (%s)\n", rel, path);
        return NULL;
    }
    ps[0] = (ar_param){"map", path};
    ps[1] = (ar_param){"turns", turns};
    if (ar_ants_variant_create_params(ps, 2, &v, &err) != AR_OK) {
        fprintf(stderr, "bench ants: %s\n", err.message);
        return NULL;
    }
    return v;
}

static int engine_speed(int quick)
{
    static const char *const maps[] = {"ants/maps/maze/maze_p08_01.map", "ants/maps/random_walk/random_walk_p04_01.map",
                                       "ants/maps/cell_maze/cell_maze_p02_04.map", NULL};
    printf("### Engine speed (every ant ordered at random each turn; only the engine's turn timed, in CPU time)\n\n");
    printf("| map | size | players | turns | mean ants | max ants | turns/s | ant-moves/s |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (int m = 0; maps[m]; m++) {
        struct ar_variant *v = load(maps[m], quick ? "100" : "1000");
        void *pos;
        ants_order *orders[ANTS_MAX_PLAYERS];
        size_t counts[ANTS_MAX_PLAYERS];
        ar_rng rng;
        double spent = 0;
        long long ant_turns = 0;
        int max_ants = 0, turns = 0;
        if (!v)
            return AR_EXIT_BAD_INPUT;
        v->food_rate = 40; /* plenty of food: many ants */
        v->cutoff_turn = 100000;
        pos = malloc(v->size);
        for (int p = 0; p < v->players; p++)
            orders[p] = malloc(sizeof(ants_order) * (size_t)v->n);
        ar_rng_seed(&rng, 1);
        ar_ants_initial(v, pos);
        ar_ants_start_food(v, pos, NULL);
        while (!((ants_head *)pos)->ended) {
            const uint8_t *map = ANTS_MAP(v, pos);
            int ants = 0;
            for (int p = 0; p < v->players; p++)
                counts[p] = 0;
            for (int sq = 0; sq < v->n; sq++)
                if (map[sq] < ANTS_MAX_PLAYERS) {
                    int d = (int)ar_rng_below(&rng, 5), t = ants_step(v, sq, d);
                    ants++;
                    if (d < 4 && map[t] != SQ_WATER && map[t] != SQ_FOOD)
                        orders[map[sq]][counts[map[sq]]++] = (ants_order){sq, d};
                }
            ant_turns += ants;
            if (ants > max_ants)
                max_ants = ants;
            double t0 = (double)clock() / CLOCKS_PER_SEC;
            ar_ants_play_turn(v, pos, orders, counts, NULL);
            spent += (double)clock() / CLOCKS_PER_SEC - t0;
            turns++;
        }
        printf("| %s | %dx%d | %d | %d | %.0f | %d | %.0f | %.0f |\n", strrchr(maps[m], '/') + 1, v->rows, v->cols,
               v->players, turns, (double)ant_turns / turns, max_ants, turns / spent, (double)ant_turns / spent);
        for (int p = 0; p < v->players; p++)
            free(orders[p]);
        free(pos);
        ar_ants_variant_free(v);
    }
    printf("\n");
    return 0;
}

static int ladder(int quick)
{
    static const char *const two[] = {"ants/maps/maze/maze_p02_01.map", "ants/maps/cell_maze/cell_maze_p02_04.map",
                                      "ants/maps/random_walk/random_walk_p02_01.map",
                                      "ants/maps/maze/maze_02p_02.map", NULL};
    static const char *const four[] = {"ants/maps/maze/maze_p04_01.map", "ants/maps/cell_maze/cell_maze_p04_04.map",
                                       "ants/maps/random_walk/random_walk_p04_01.map",
                                       "ants/maps/multi_hill_maze/maze_04p_02.map", NULL};
    static const char *const samples[] = {"random", "hold", "lefty", "hunter", "greedy", NULL};
    char *paths2[8], *paths4[8];
    int n2 = 0, n4 = 0;
    ar_param params[1] = {{"turns", quick ? "60" : "500"}};
    for (int i = 0; two[i] && (!quick || i < 2); i++) {
        char buf[4096];
        if (ar_data_path(two[i], buf, sizeof buf) == 0) {
            paths2[n2] = malloc(strlen(buf) + 1);
            strcpy(paths2[n2++], buf);
        }
    }
    for (int i = 0; four[i] && (!quick || i < 1); i++) {
        char buf[4096];
        if (ar_data_path(four[i], buf, sizeof buf) == 0) {
            paths4[n4] = malloc(strlen(buf) + 1);
            strcpy(paths4[n4++], buf);
        }
    }
    if (!n2 || !n4) {
        fprintf(stderr, "bench ants: the maps are missing (data/ants/maps)\n");
        return AR_EXIT_BAD_INPUT;
    }
    printf("### 2-player ladder: strong against each sample bot (%d maps: %s), %s turns, seats swapped\n\n", n2,
           quick ? "maze, cell maze" : "maze, cell maze, random walk, multi-hill maze", params[0].value);
    for (int s = 0; samples[s]; s++) {
        const char *bots[2] = {"strong", samples[s]};
        bot_stats stats[2];
        ar_match_table t;
        memset(stats, 0, sizeof stats);
        memset(&t, 0, sizeof t);
        int rc = ar_ants_run_matches(bots, 2, paths2, n2, 2, params, 1, 1, NULL, 0, AR_PROGRESS_OFF, 1, stats, &t);
        if (rc)
            return rc;
        ar_ants_print_results(stdout, bots, 2, stats, &t);
        printf("\n");
        free(t.pairs);
        ar_ants_times_free(&stats[0].times);
        ar_ants_times_free(&stats[1].times);
    }
    printf("### 4-player free-for-alls: strong against three sample bots (%d maps), seats rotated\n\n", n4);
    {
        static const char *const trios[][3] = {{"hunter", "greedy", "lefty"}, {"greedy", "hunter", "random"},
                                               {"lefty", "random", "hold"}};
        for (int k = 0; k < (quick ? 1 : 3); k++) {
            const char *bots[4] = {"strong", trios[k][0], trios[k][1], trios[k][2]};
            bot_stats stats[4];
            ar_match_table t;
            memset(stats, 0, sizeof stats);
            memset(&t, 0, sizeof t);
            int rc = ar_ants_run_matches(bots, 4, paths4, n4, quick ? 1 : 4, params, 1, 1, NULL, 0, AR_PROGRESS_OFF, 1, stats, &t);
            if (rc)
                return rc;
            ar_ants_print_results(stdout, bots, 4, stats, &t);
            printf("\n");
            free(t.pairs);
            for (int b = 0; b < 4; b++)
                ar_ants_times_free(&stats[b].times);
        }
    }
    for (int i = 0; i < n2; i++)
        free(paths2[i]);
    for (int i = 0; i < n4; i++)
        free(paths4[i]);
    return 0;
}

int ar_ants_bench(int quick)
{
    int rc = engine_speed(quick);
    return rc ? rc : ladder(quick);
}
