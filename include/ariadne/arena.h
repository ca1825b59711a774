/* ariadne/arena.h — bots, matches between them, and Elo with error bars.
 *
 * A bot is an engine configuration named by a spec string:
 *
 *     KIND[:OPTION=VALUE]...        e.g. "alphabeta:depth=6:eval=lines"
 *
 * Kinds (ar_bot_kinds() lists them with their options):
 *   random                      a uniformly random legal move
 *   alphabeta (ab)              depth=D time=S nodes=N eval=NAME steps=LIST tt=SIZE
 *   minimax                     depth=D eval=NAME (no pruning; for tests)
 *   mcts                        iters=N time=S c=X playout=random|eval eval=NAME
 *   perfect                     the game's strategy (strategy=NAME), falling back to
 *                               alphabeta (same options) where the rule does not apply
 *   <strategy name>             shorthand for perfect:strategy=NAME ("bouton", "pairing")
 * A bot kind is a table of create/choose/destroy functions, so programs
 * speaking a protocol (a contest's stdin/stdout, UCI) join as further kinds
 * without changing matches. A game may bring kinds of its own (its own
 * searches, external programs speaking its protocol: the descriptor's
 * bot_kinds); they are looked up before the kinds above.
 *
 * A bot is asked for the move of one player in one position; in simultaneous
 * positions every bot is asked before any move is played, so none sees
 * another's choice. In games with hidden information (AR_GAME_HIDDEN) a bot
 * is shown only the player's view (ar_game_observe) and thinks on it as on a
 * position; the generic searches that need the whole truth (alphabeta,
 * minimax, perfect) refuse such games, MCTS searches the view. Bots are
 * deterministic given their seed. */
#ifndef ARIADNE_ARENA_H
#define ARIADNE_ARENA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ariadne/game.h"
#include "ariadne/gamesearch.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_bot ar_bot;

/* What a bot says about its last move (for people and logs). */
typedef struct ar_bot_info {
    int has_score;
    ar_score score;      /* for the mover (alpha-beta) */
    int exact;           /* the score is the proven game value */
    int depth;
    uint64_t nodes;      /* nodes or MCTS iterations */
    double seconds;
    char text[160];      /* one line: "depth 9 score +0 (proven) 5478 nodes" */
} ar_bot_info;

typedef struct ar_bot_kind {
    const char *name;
    const char *summary;
    const char *options; /* "depth=D time=S ..." for help texts */
    /* Makes the bot's private state from the options after the kind (the text
     * after the first ':', may be empty). */
    ar_status (*create)(ar_bot *bot, const char *options, ar_error *err);
    ar_status (*choose)(ar_bot *bot, const void *pos, int player, ar_gmove *out,
                        ar_bot_info *info, ar_error *err);
    void (*new_game)(ar_bot *bot); /* may be NULL */
    void (*destroy)(ar_bot *bot);  /* may be NULL */
} ar_bot_kind;

/* The built-in kinds, {NULL}-terminated. */
const ar_bot_kind *ar_bot_kinds(void);

/* Makes a bot from a spec for one game variant. `seed` drives its random
 * choices; memory_limit (bytes, 0: none) caps its tables. A bad spec gives
 * AR_ERR_INPUT naming the bad part. */
ar_status ar_bot_create(const ar_game *g, const ar_variant *v, const char *spec, uint64_t seed,
                        size_t memory_limit, ar_bot **out, ar_error *err);
/* The move of `player` in pos (the player to move, or any player in a
 * simultaneous position). The bot's kind sees the player's view of pos
 * (ar_game_observe) in games with hidden information. info may be NULL. */
ar_status ar_bot_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out,
                        ar_bot_info *info, ar_error *err);
void ar_bot_new_game(ar_bot *bot);
/* Sets the flag that interrupts a thinking bot (Ctrl-C). */
void ar_bot_set_interrupt(ar_bot *bot, const volatile sig_atomic_t *flag);
const char *ar_bot_spec(const ar_bot *bot);
void ar_bot_destroy(ar_bot *bot);

/* Fields for bot kinds (defined in src/gamesearch/bots.c). */
const ar_game *ar_bot_game(const ar_bot *bot);
const ar_variant *ar_bot_variant(const ar_bot *bot);
void *ar_bot_state(const ar_bot *bot);
void ar_bot_set_state(ar_bot *bot, void *state);
uint64_t ar_bot_seed(const ar_bot *bot);
const volatile sig_atomic_t *ar_bot_interrupt(const ar_bot *bot); /* may be NULL */

/* ------------------------------------------------------------------------ */
/* Bot options: one parser for the OPTION=VALUE list of every kind's spec,
 * built-in or a game's own. A kind describes its options in a table; the
 * parser splits the text at ':', finds each name, checks its value against
 * the type and range and stores it in the kind's own options struct, and
 * words every refusal the same way ("bot KIND: time=0 is not a positive
 * number of seconds", "bot KIND has no option 'x' (options: depth time)"). */

typedef enum ar_bot_option_type {
    AR_BOT_OPT_SECONDS, /* a number of seconds > 0, at most max (double) */
    AR_BOT_OPT_INT,     /* a whole number min..max (int) */
    AR_BOT_OPT_COUNT,   /* a whole number min..max (uint64_t) */
    AR_BOT_OPT_NUMBER,  /* a number min..max (double) */
    AR_BOT_OPT_SWITCH,  /* 0 or 1 (int) */
    AR_BOT_OPT_CHOICE,  /* one of `choices`: its index (int) */
    AR_BOT_OPT_TEXT,    /* non-empty text shorter than `size` (char[size]) */
    AR_BOT_OPT_CUSTOM   /* read by `parse` */
} ar_bot_option_type;

typedef struct ar_bot_option {
    const char *name;
    ar_bot_option_type type;
    size_t offset;               /* of the field in the kind's options struct (offsetof) */
    double min, max;             /* INT, COUNT, NUMBER; SECONDS: max only (0: no maximum) */
    size_t size;                 /* TEXT: the field's size */
    const char *const *choices;  /* CHOICE: NULL-terminated */
    /* CUSTOM: reads value into field; its message needs no prefix (the
     * parser puts "bot KIND: NAME=VALUE: " before it). */
    ar_status (*parse)(const void *context, const char *value, void *field, ar_error *err);
} ar_bot_option;

typedef struct ar_bot_option_set {
    const char *kind;            /* in messages */
    const ar_bot_option *table;  /* {.name = NULL}-terminated, at most 64 entries */
    uint64_t allowed;            /* bit i allows table[i]; the others are refused by name */
    const void *context;         /* passed to CUSTOM parsers (the game, say) */
    /* Kinds that run an external program: the first item without '=' starts
     * its command, which runs to the end of the spec ("cmd:time=1:./engine
     * --fast"); a spec without one is refused with `command_example`. NULL:
     * every item must be NAME=VALUE. */
    char *command;
    size_t command_size;
    const char *command_example;
    /* Options no table can list (a UCI engine's opt.NAME=VALUE); may be NULL.
     * Returns 1 when it took the option, 0 when it is unknown, -1 on error
     * (err set). */
    int (*other)(void *out, const char *name, const char *value, ar_error *err);
    const char *other_names;     /* what `other` takes, for messages ("opt.NAME") */
} ar_bot_option_set;

#define AR_BOT_OPT_ALL (~(uint64_t)0)

/* Parses text (the spec after "KIND:", may be empty) into out. Fields of
 * options not given are left as they were, so set defaults first. *given
 * (may be NULL) gets bit i for each table[i] given. AR_ERR_INPUT with one
 * line naming the bad item. */
ar_status ar_bot_parse_options(const ar_bot_option_set *set, const char *text, void *out, uint64_t *given,
                               ar_error *err);

/* ------------------------------------------------------------------------ */
/* Playing games. */

typedef struct ar_game_record {
    ar_game_outcome outcome;   /* AR_ONGOING when stopped by max_plies (scored a draw) */
    unsigned plies;
    int stopped_by_limit;      /* max_plies reached */
    int forfeit;               /* -1 none, else the player who lost by an error or illegal move */
    char note[200];            /* why a game ended early (forfeit, limit), or empty */
    char moves[2048];          /* the moves in notation, space-separated (truncated with "...");
                                  a simultaneous turn is "m0/m1/...", "-" for no move */
    int players;               /* ar_game_players */
    /* Each player's score, higher better (ar_game_scores of the final
     * position). Stopped by max_plies: 1/2 each. A forfeit: 0 for the
     * player who forfeited, 1 for the others. */
    double scores[AR_MAX_PLAYERS];
} ar_game_record;

/* Plays one game from start (NULL: the initial position) with bots[p] as
 * player p, one bot for each of the ar_game_players(g, v) players (the same
 * bot may play several); the first `random_plies` plies are random (seeded by
 * `seed`, the same for both games of a pair), and so are chance events.
 * Each bot is asked through ar_bot_choose (so it sees its player's view);
 * simultaneous moves are played with ar_game_apply_simultaneous. */
ar_status ar_play_game(const ar_game *g, const ar_variant *v, ar_bot *const *bots,
                       const void *start, unsigned random_plies, uint64_t seed, unsigned max_plies,
                       const volatile sig_atomic_t *interrupt, ar_game_record *rec, ar_error *err);

typedef struct ar_match_options {
    unsigned games;          /* per pair of bots, both colours in turn (rounded up to even) */
    uint64_t seed;
    unsigned random_plies;   /* random opening plies, the same for both games of a pair */
    unsigned max_plies;      /* a game longer than this is scored a draw (0: 1000) */
    const void *start;       /* NULL: the initial position */
    const volatile sig_atomic_t *interrupt;
    /* Called after each game (may be NULL). */
    void (*on_game)(void *ctx, unsigned bot0, unsigned bot1, unsigned game_index,
                    const ar_game_record *rec);
    void *ctx;
} ar_match_options;

/* Results of bot i against bot j, from i's side (score[i][j] = wins + draws/2). */
typedef struct ar_pair_result {
    unsigned wins, draws, losses;
} ar_pair_result;

typedef struct ar_match_table {
    unsigned bots;
    ar_pair_result *pairs;   /* bots x bots, row i column j */
    unsigned games_played;
    int interrupted;
} ar_match_table;

/* Plays a round robin: every pair of bots plays o->games games, alternating
 * colours. Two-player variants only (AR_ERR_UNSUPPORTED otherwise: a game
 * of more players is played with ar_play_game). The table is malloc'd; free
 * it with ar_match_table_free. */
ar_status ar_match_run(const ar_game *g, const ar_variant *v, ar_bot *const *bots, unsigned count,
                       const ar_match_options *o, ar_match_table *out, ar_error *err);
void ar_match_table_free(ar_match_table *t);
/* Counts one game between bots i and j in t (its pairs array allocated):
 * result +1 bot i won, 0 a draw, -1 bot j won. For front ends that play
 * their own games (openings of their own, clocks) and report through
 * ar_match_print_table. */
void ar_match_table_record(ar_match_table *t, unsigned i, unsigned j, int result);

/* ------------------------------------------------------------------------ */
/* Elo.
 *
 * From w wins, d draws and l losses: score p = (w + d/2)/n and Elo difference
 * 400 log10(p / (1 - p)). The 95% interval maps p ± 1.96 s through the same
 * formula, where s is the standard error of the mean per-game score
 * (trinomial: s² = (w(1-p)² + d(1/2-p)² + l p²) / n²), as cutechess-cli
 * does. When p is 0 or 1 the difference is unbounded; the interval's finite
 * end then comes from the Wilson score interval (lower bound n/(n + z²)). */
typedef struct ar_elo {
    double score;   /* p */
    double diff;    /* Elo difference; ±INFINITY when p is 1 or 0 */
    double low;     /* 95% interval ends (may be ±INFINITY) */
    double high;
} ar_elo;

void ar_elo_from_results(unsigned wins, unsigned draws, unsigned losses, ar_elo *out);

/* Ratings of every bot from a round-robin table by maximum likelihood
 * (Bradley-Terry with draws as half a win each), mean 0, with 95% error bars
 * from the curvature of the likelihood. A bot that never lost or never won
 * gets ±INFINITY and an error of 0. rating and error hold t->bots entries. */
void ar_elo_ratings(const ar_match_table *t, double *rating, double *error);

/* The JSON members of a round robin's results, without braces, for a
 * front end that adds its own ("game", "seed", ...): "games_played",
 * "interrupted", "pairs" (each with "elo", "elo_low", "elo_high": null where
 * unbounded, and "unbounded" saying which way) and "ratings". */
void ar_match_print_json_members(FILE *out, const ar_match_table *t, const char *const *names);

/* Prints the table of a round robin: every pair's games, wins, draws,
 * losses, score and Elo difference ± 95%, then the ratings (Markdown), or
 * with json set one JSON object {"pairs": [...], "ratings": [...]}.
 * names[i] names bot i. */
void ar_match_print_table(FILE *out, const ar_match_table *t, const char *const *names, int json);

#ifdef __cplusplus
}
#endif
#endif
