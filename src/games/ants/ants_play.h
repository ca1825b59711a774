/* ants_play.h — one game of Ants between seated bots (the ladder's, or
 * external programs speaking the contest protocol), as the contest engine
 * (engine.py) runs it, and the record of the game that replays are made of. */
#ifndef ARIADNE_ANTS_PLAY_H
#define ARIADNE_ANTS_PLAY_H

#include <stdio.h>
#include "ants_game.h"

/* Turn times of one seat, milliseconds. */
typedef struct ants_times {
    double *ms;  /* wall clock */
    double *cpu; /* CPU time of the bot's own thread (in-process bots; the wall time for programs) */
    size_t count, cap;
} ants_times;

void ar_ants_times_add(ants_times *t, double ms, double cpu_ms);
void ar_ants_times_free(ants_times *t);

/* What happened in one game. */
typedef struct ants_result {
    int players, turns, end;
    int score[ANTS_MAX_PLAYERS], rank[ANTS_MAX_PLAYERS]; /* rank 1 = first, ties share */
    char status[ANTS_MAX_PLAYERS][160];                   /* "survived", "eliminated", "timeout: ..." */
    int ants100[ANTS_MAX_PLAYERS];         /* ants after turn 100 (or at the end, if sooner) */
    int first_hill_lost[ANTS_MAX_PLAYERS]; /* the turn a player's first hill was razed, 0 never */
} ants_result;

/* Every turn's board, for replays: per turn the ants (square, owner), the
 * food, the dead (square, owner), the scores and the hills razed so far. */
typedef struct ants_frame {
    int32_t *ants, *food, *dead;
    int nants, nfood, ndead;
    int32_t score[ANTS_MAX_PLAYERS];
    int32_t razed_at_count; /* hills razed so far */
} ants_frame;

typedef struct ants_record {
    ants_frame *frames;
    int nframes, cap;
    int32_t *hill_end; /* per hill: the turn it was razed, 0 never */
} ants_record;

void ar_ants_record_free(ants_record *r);

typedef struct ants_game_setup {
    const struct ar_variant *v;
    const char *const *specs; /* one bot spec per seat */
    uint64_t seed;
    volatile const int *interrupt; /* may be NULL */
    ants_times *times;             /* per seat, may be NULL */
    ants_record *record;           /* may be NULL */
    int cpu_clock; /* judge the in-process bots' turn time by CPU time (a shared machine) */
} ants_game_setup;

/* Whether spec names a bot: a ladder name or cmd:COMMAND whose program can
 * run. 0, or -1 with why. */
int ar_ants_check_spec(const char *spec, char *why, size_t why_size);
/* Plays one game; 0, or -1 when interrupted. */
int ar_ants_play_game(const ants_game_setup *s, ants_result *out);

/* Writes the replay file of a recorded game (ants_replay.c). */
int ar_ants_write_replay(FILE *out, const struct ar_variant *v, const char *const *specs, const ants_result *res,
                      const ants_record *rec);

/* --- ants_match.c: matches over maps (also used by the bench) --- */
#include "ariadne/progress.h"
#include "ariadne/arena.h"
typedef struct bot_stats {
    unsigned games, firsts;
    double score_sum, rank_sum;
    ants_times times;
    unsigned outs; /* games it was taken out of */
    double ants100_sum;               /* ants after turn 100, summed */
    unsigned ants100_most;            /* games it had strictly the most ants after turn 100 */
    unsigned hills_lost;              /* games it lost a hill in */
    double hill_lost_turn_sum;        /* the turns of those first losses */
} bot_stats;
int ar_ants_collect_maps(const char *list, char ***paths, int *count);
int ar_ants_run_matches(const char *const *bots, int nbots, char **maps, int nmaps, int rotations, const ar_param *params,
                     size_t nparams, uint64_t seed, const char *replay_dir, int verbose, ar_progress_mode progress,
                     int cpu_clock, bot_stats *stats, ar_match_table *table);
void ar_ants_print_results(FILE *out, const char *const *bots, int nbots, bot_stats *stats, const ar_match_table *t);
double ar_ants_percentile(const double *sorted, size_t n, double p);

#endif
