/* game_cli.h — what the game verbs (play GAME, match, analyse, bench games)
 * share: argument parsing against the game's own option table, making the
 * variant and a position (from text, "start", and/or a move list), and score
 * text. The helpers live in play_game.c. */
#ifndef ARIADNE_GAME_CLI_H
#define ARIADNE_GAME_CLI_H

#include <stdint.h>
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/gamesearch.h"

#define GAME_CLI_MAX 32

typedef struct game_args {
    const char *verb;
    const ar_game *g;
    ar_variant *v;
    const char *positional[GAME_CLI_MAX];
    int npositional;
    ar_param params[GAME_CLI_MAX]; /* the game's own options */
    int nparams;
    /* generic options (NULL / 0 when absent) */
    const char *bot, *bots, *first, *moves, *algo, *eval, *steps;
    int has_seed;
    uint64_t seed;
    unsigned games, openings, max_plies;
    int has_openings;
    int depth;
    double time_limit;
    uint64_t iters, node_limit;
    size_t memory_limit;
    int json, quiet, verbose, divide;
    const char *position;          /* --position (or --fen) */
    const char *html;              /* --html OUT (analyse): the page of the position and line */
    int visualise;                 /* --visualise (analyse --html): alpha-beta's tree in the page */
    ar_progress_mode progress_mode;
} game_args;

/* Parses argv[0] = verb, argv[1] = GAME, then options and positionals.
 * `allowed` is a space-separated list of the generic options this verb
 * takes ("bot first seed"). Returns 0 or an exit status (message printed). */
int game_parse_args(game_args *a, int argc, char **argv, const char *allowed);
/* Makes a->v from the game options. */
int game_make_variant(game_args *a);
/* Fills pos from text (NULL or "start": the initial position) and then plays
 * `moves` (space-separated, may be NULL). Returns 0 or an exit status. */
int game_make_position(game_args *a, const char *text, const char *moves, void *pos);
/* The seed: --seed, else one from the clock (printed on stderr). */
uint64_t game_seed(game_args *a);
/* "win in 7", "loss in 4", "draw (proven)", "+150 (heuristic)" */
void game_score_text(ar_score s, int exact, char *buf, size_t size);
void game_args_free(game_args *a);

int verb_play_game(int argc, char **argv);

#endif
