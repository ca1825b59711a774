/* tron_cli.h — what the Tron verbs share: `ariadne match tron` (over map
 * files, with replays), `ariadne bench tron` and `ariadne tron-bot`. The
 * runner lives in tron_match.c. */
#ifndef ARIADNE_TRON_CLI_H
#define ARIADNE_TRON_CLI_H

#include <stdint.h>
#include "ariadne/arena.h"
#include "tron.h"
#include "ariadne/tool.h"

/* Per-bot move times. */
typedef struct tron_times {
    double *seconds;
    size_t count, cap;
    size_t within;     /* moves within the budget (wall clock) */
    size_t within_cpu; /* moves within the budget in CPU time */
    double max_cpu;
} tron_times;

typedef struct tron_run {
    /* what to play */
    const char *const *specs;
    unsigned nbots;
    char **maps; /* file paths */
    unsigned nmaps;
    unsigned games; /* per pair on each map, sides alternating (even) */
    uint64_t seed;
    double move_time, first_move_time;
    const char *replay_dir; /* NULL: no replays */
    int verbose, quiet, json;
    ar_progress_mode progress_mode;
    int per_map; /* print a row per map and pair (not under json) */
    /* results */
    ar_match_table table;
    tron_times *times; /* nbots */
    unsigned long long turns;
} tron_run;

/* Collects the map files of a comma-separated list of files and
 * directories (a directory gives its *.txt files, sorted). Returns 0 or an
 * exit status after printing the error. */
int ar_tron_collect_maps(const char *list, char ***maps, unsigned *count);
void ar_tron_free_maps(char **maps, unsigned count);
/* Plays every pair of bots on every map; fills r's results. Returns 0, or
 * an exit status (bad map or bot: 2; interrupted: 3) after printing why. */
int ar_tron_run_all(tron_run *r);
/* Prints the results table with Elo, the ratings and the move times. */
void ar_tron_print_results(const tron_run *r);
void ar_tron_run_free(tron_run *r);
/* The p-quantile (0 < p <= 1) of n sorted values by nearest rank: one of the
 * values, never decreasing in p (the median and the 99th percentile of the
 * move-time table agree however few the moves). */
double ar_tron_percentile(const double *sorted, size_t n, double p);

/* The Tron tools of the descriptor (tron.c). */
int ar_tron_match_main(int argc, char **argv);
int ar_tron_bot_main(int argc, char **argv);
int ar_tron_replay_main(const ar_replay_request *request);
int ar_tron_bench(int quick);
int ar_tron_bench_duel(int quick);
int ar_tron_bench_eval(int quick);
int ar_tron_bench_search(int quick);


#endif
