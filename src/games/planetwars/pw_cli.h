/* pw_cli.h — Planet Wars' verbs and their shared runner: one game between
 * two players (ariadne's bots or external programs with the contest clock),
 * the match front end, the drop-in contest bot, replays and the bench. */
#ifndef ARIADNE_PW_CLI_H
#define ARIADNE_PW_CLI_H

#include <stdio.h>
#include "planetwars_internal.h"
#include "ariadne/progress.h"
#include "ariadne/tool.h"

extern const struct ar_tool ar_pw_tools[];
int ar_pw_replay_main(const struct ar_replay_request *request);
int ar_pw_bench(int quick);

/* A player of a game: one of ariadne's bots, or an external program. */
typedef struct pw_player {
    char spec[256];
    const pw_bot_kind *kind;   /* NULL: external */
    struct ar_extprog *prog;
    /* turn times (seconds) of every turn played, for the report */
    double *times, *cpu;   /* wall clock, and this thread's CPU time (ours only) */
    size_t ntimes, captimes;
    unsigned over_budget;
} pw_player;

int ar_pw_player_open(pw_player *p, const char *spec);
void ar_pw_player_close(pw_player *p);

/* One game as played by the match: orders[turn][player] lists, the result
 * (0 draw, 1, 2), and why it ended. */
typedef struct pw_game_log {
    pw_order *orders;  /* all orders in sequence */
    int *turn_of;      /* per order: turn * 2 + player - 1 */
    size_t n, cap;
    int turns, result;
    int forfeit;       /* 1 or 2: that player failed (3: both), 0: a normal end */
    char reason[256];
} pw_game_log;

typedef struct pw_game_options {
    int max_turns;
    double turn_time, first_turn_time;
    uint64_t seed;
} pw_game_options;

/* Plays map (a parsed initial state) between players[0] (player 1) and
 * players[1]; the log is filled (free with ar_pw_game_log_free). */
void ar_pw_play(const pw_state *map, pw_player *players[2], const pw_game_options *o, pw_game_log *log);
void ar_pw_game_log_free(pw_game_log *log);
/* Writes the replay JSON of a game. */
void ar_pw_write_replay(FILE *out, const char *map_name, const pw_state *map, const char *const names[2],
                        int max_turns, const pw_game_log *log);

/* (pw_tools.c) The match runner, shared with the bench: what to play and
 * how to report it. */
typedef struct pw_match {
    const char *bots, *maps;   /* comma-separated lists */
    unsigned every, games;     /* every K-th map; games per pair (even) */
    pw_game_options go;
    const char *replay_dir;    /* made before anything is printed; NULL: none */
    int quiet, verbose, json;
    ar_progress_mode progress_mode;
} pw_match;
int ar_pw_run_match(const pw_match *mt);
/* (pw_page.c) The HTML page of a replay: states[t] for t = 0..turns. */
struct ar_json;
void ar_pw_write_page(FILE *out, const struct ar_json *root, const pw_state *map, const char *const *states,
                      int turns);

#endif
