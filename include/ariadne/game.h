/* ariadne/game.h — the game interface (two or more players; moves in turn,
 * at the same time, or by chance; perfect or hidden information).
 *
 * A game is one `const ar_game` of function pointers and capability flags,
 * defined in its own folder src/games/NAME/ and listed by one line in
 * src/games/games.def (docs/adding-a-game.md walks through one). The
 * rules of one variant (board size, misère play, ...) live in an opaque
 * `ar_variant` that the game makes from its own options; a position is a
 * fixed-size block of bytes (position_size) that the engines copy, hash and
 * store without knowing what is inside. Engines (gamesearch.h), bots and
 * matches (arena.h) and the CLI see nothing else.
 *
 * Players. A game has two players unless players() says more (at most
 * AR_MAX_PLAYERS); they are numbered 0..n-1.
 *
 * Who moves. to_move() names the player to move, or says that all players
 * move at once (AR_PLAYER_SIMULTANEOUS: each chooses from legal_moves(pos, p)
 * without seeing the others' choices; apply_simultaneous() receives one move
 * per player, and two-player games may instead take the joint move
 * AR_JOINT_MOVE(m0, m1) in apply()), or that chance moves
 * (AR_PLAYER_CHANCE: chance_outcomes() lists the outcomes with their
 * probabilities). A finished position has outcome() != AR_ONGOING; with more
 * than two players, or points that matter, scores() says how it ended.
 *
 * What players see. Without AR_GAME_HIDDEN everyone sees the whole position.
 * With it, observe() writes what one player sees as a position-sized block
 * (the parts hidden from the player in the game's own "unknown" encoding), and
 * bots think on that view exactly as on a position.
 *
 * Moves are 64-bit codes that only the game interprets. The legal moves of a
 * position must come out in the same order every time (the transposition
 * table stores a move as its index in that list). A move of one player is less
 * than 2^32, so that two fit in a joint move.
 *
 * Required slots are marked (required); the others may be NULL, and the
 * library then does without (hash: the position bytes are hashed; undo:
 * engines keep copies of positions; draw: format_position is shown;
 * players: two; scores: from outcome(); observe: nothing is hidden). */
#ifndef ARIADNE_GAME_H
#define ARIADNE_GAME_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/hash.h"
#include "ariadne/memory.h"
#include "ariadne/param.h"
#include "ariadne/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t ar_gmove;
#define AR_GMOVE_NONE (~(ar_gmove)0)

/* A joint move of a simultaneous position: player 0's move in the low 32 bits,
 * player 1's in the high 32 bits. */
#define AR_JOINT_MOVE(m0, m1) ((ar_gmove)(uint32_t)(m0) | ((ar_gmove)(uint32_t)(m1) << 32))
#define AR_JOINT_PART(joint, player) ((ar_gmove)(uint32_t)((player) ? (joint) >> 32 : (joint)))

typedef struct ar_variant ar_variant; /* defined by each game */

/* The most players a game may have (the 2011 AI Challenge's game has up to ten). */
#define AR_MAX_PLAYERS 10

struct ar_bot_kind;    /* arena.h */
struct ar_tool;        /* tool.h */
struct ar_bench_suite; /* tool.h */
struct ar_replay_request; /* tool.h */
struct ar_scene;          /* page.h */

/* A position of the game-search bench (as Stockfish's `bench`): searched by
 * alpha-beta to a fixed depth; the nodes of all games' positions are summed
 * into the bench node count that CI checks. */
typedef struct ar_game_bench_position {
    const char *options;  /* the variant, "size=5 play=misere" ("" for the default) */
    const char *position; /* format_position text; NULL for the initial position */
    int depth;            /* 0 ends the table */
} ar_game_bench_position;

/* The bots of the game's Elo table in `ariadne bench games`, strongest
 * first, each a bot spec (arena.h). */
typedef struct ar_game_bench_ladder {
    const char *options;          /* the variant ("" for the default) */
    const char *const *bots;      /* NULL-terminated */
    unsigned openings;            /* random opening plies that vary the games */
} ar_game_bench_ladder;

/* to_move() results besides the players 0..n-1. */
enum {
    AR_PLAYER_SIMULTANEOUS = -1, /* every player chooses a move at once */
    AR_PLAYER_CHANCE = -2        /* a chance event: see chance_outcomes */
};

typedef enum ar_game_outcome {
    AR_ONGOING = 0,
    AR_WIN_P0 = 1, /* player 0 (who moves first in the initial position) has won */
    AR_WIN_P1 = 2,
    AR_DRAW = 3,
    /* Finished; scores() says how. For games of more than two players, whose
     * results the three values above cannot express; a two-player game says
     * who won (engines that know only win, loss and draw rely on it) and may
     * give its points through scores() as well. */
    AR_GAME_OVER = 4
} ar_game_outcome;

/* Evaluations return a score for `player` in [-AR_EVAL_MAX, AR_EVAL_MAX];
 * engines keep larger numbers for proven wins and losses. */
#define AR_EVAL_MAX 20000

typedef struct ar_game_eval {
    const char *name;
    const char *summary;
    /* (required) Heuristic value of a non-terminal position for `player`. */
    int (*evaluate)(const ar_variant *v, const void *pos, int player);
} ar_game_eval;

/* A rule that plays a game perfectly without search (Bouton's XOR rule, a
 * pairing strategy), where it applies. */
typedef struct ar_game_strategy {
    const char *name;
    const char *summary;
    /* (required) A move for the player to move. AR_ERR_UNSUPPORTED (with the
     * reason) when the rule does not cover this variant or position; the bot
     * then searches instead. rng may be used to vary among equally good
     * moves; it may be NULL (then the first such move is taken). */
    ar_status (*choose)(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                        ar_error *err);
    /* The game value for the player to move, when the rule knows it: +1 a win,
     * -1 a loss, 0 a draw (AR_ERR_UNSUPPORTED otherwise). May be NULL. */
    ar_status (*value)(const ar_variant *v, const void *pos, int *value, ar_error *err);
} ar_game_strategy;

enum {
    AR_GAME_SIMULTANEOUS = 1u << 0, /* some positions have simultaneous moves */
    AR_GAME_CHANCE = 1u << 1,       /* some positions are chance nodes */
    AR_GAME_DRAWS = 1u << 2,        /* a game can end drawn */
    AR_GAME_QUIESCENCE = 1u << 3,   /* noisy_moves is set: engines extend the horizon with it */
    AR_GAME_NULL_MOVE = 1u << 4,    /* passing never helps the mover, so null-move pruning is
                                       reasonable: `pass` is set */
    AR_GAME_ACYCLIC = 1u << 5,      /* no position repeats within a game */
    AR_GAME_HIDDEN = 1u << 6        /* players see only part of the position (in some variants
                                       at least): observe is set */
};

/* A command that shows the game off (`ariadne help GAME` prints it; the
 * tests run every one): the arguments after `ariadne ` and one line on what
 * it shows. */
typedef struct ar_game_example {
    const char *args;  /* "match GAME --bots perfect,random --games 4" */
    const char *note;
} ar_game_example;

/* A perft count (`ariadne perft GAME`, gamesearch.h): the root position's
 * moves, each counted by count_root to depth-1 plies below it, polling *stop
 * now and then (it returns the count so far once *stop is set). */
typedef struct ar_perft_job {
    unsigned root_moves;
    uint64_t (*count_root)(void *ctx, unsigned k, int depth, const volatile sig_atomic_t *stop);
    void (*format_root)(void *ctx, unsigned k, char *buf, size_t size); /* root move k, notation */
    void (*release)(void *ctx);                                         /* frees ctx */
    void *ctx;
} ar_perft_job;

typedef struct ar_game {
    const char *name;    /* (required) registry name, lower case, as typed on the command line */
    const char *summary; /* (required) one line for `ariadne list` */
    const char *help;    /* (required) rules, position text and move notation */
    unsigned flags;
    const ar_option_spec *options; /* variant options, {NULL}-terminated; may be NULL */

    /* --- variants --- */
    /* (required) Makes the rules from options (e.g. {"size","5"}). */
    ar_status (*create)(const ar_param *params, size_t count, ar_variant **out, ar_error *err);
    void (*destroy)(ar_variant *v); /* (required) */
    /* (required) One line naming the variant (the game and its options). */
    void (*describe)(const ar_variant *v, char *buf, size_t size);
    /* (required) Short name of a player ("X", "O"). */
    const char *(*player_name)(const ar_variant *v, int player);

    /* --- positions --- */
    size_t (*position_size)(const ar_variant *v);                /* (required) */
    void (*initial_position)(const ar_variant *v, void *pos);    /* (required) */
    /* (required) Parses the one-line position text that format_position
     * writes; AR_ERR_INPUT naming what is wrong and where. */
    ar_status (*parse_position)(const ar_variant *v, const char *text, void *pos, ar_error *err);
    /* (required) One line, accepted by parse_position. */
    void (*format_position)(const ar_variant *v, const void *pos, char *buf, size_t size);
    /* A picture for people (several lines), with the move names shown where
     * that helps. NULL: format_position. */
    void (*draw)(const ar_variant *v, const void *pos, char *buf, size_t size);
    /* (required) The position as a picture for the browser pages (page.h):
     * a grid of styled, labelled cells, points and lines, drawn from the
     * view of nobody in particular (everything shown). The smallest is a
     * text board: ar_scene_text_grid(scene, text, legend); the conformance
     * tests fail without one. */
    void (*picture)(const ar_variant *v, const void *pos, struct ar_scene *scene);
    /* (required) A player 0..n-1, AR_PLAYER_SIMULTANEOUS or
     * AR_PLAYER_CHANCE. In a finished position: the player who would move
     * next (negamax scores a finished position for that player), 0 when
     * nobody would. Alpha-beta assumes the player to move alternates with
     * every move; minimax and MCTS do not. */
    int (*to_move)(const ar_variant *v, const void *pos);
    /* (required) Whether the game is over and how: AR_WIN_P0, AR_WIN_P1 or
     * AR_DRAW in two-player games, AR_GAME_OVER (see scores) with more
     * players. */
    ar_game_outcome (*outcome)(const ar_variant *v, const void *pos);
    /* Zobrist-style hash: equal positions give equal hashes, and a change of
     * the player to move changes it. NULL: the position bytes are hashed (they
     * must then be canonical, padding included). */
    uint64_t (*hash)(const ar_variant *v, const void *pos);

    /* --- moves --- */
    /* (required) An upper bound on the number of legal moves (and chance
     * outcomes) of pos and of every position reachable from it (engines size
     * their buffers with it). */
    unsigned (*max_moves)(const ar_variant *v, const void *pos);
    /* (required) The legal moves of `player` in pos, always in the same order;
     * returns the count: 0 in finished positions, and in simultaneous
     * positions for a player who has no move (an eliminated one). In chance
     * positions the engines ask chance_outcomes instead. */
    unsigned (*legal_moves)(const ar_variant *v, const void *pos, int player, ar_gmove *moves);
    /* (required) Plays a legal move (the chosen outcome in chance
     * positions; in two-player simultaneous positions without
     * apply_simultaneous, the joint move AR_JOINT_MOVE(m0, m1)) in place. */
    void (*apply)(const ar_variant *v, void *pos, ar_gmove move);
    /* Takes back apply(move) in place. NULL: engines copy positions. */
    void (*undo)(const ar_variant *v, void *pos, ar_gmove move);
    /* (required) Text of `player`'s move in pos (the position before it);
     * returns the length written. */
    size_t (*format_move)(const ar_variant *v, const void *pos, int player, ar_gmove move,
                          char *buf, size_t size);
    /* (required) Parses one move of `player` in pos (len bytes, not
     * NUL-terminated) and checks that it is legal: AR_ERR_INPUT explaining
     * why not ("b2 is taken by O") for a person to read. */
    ar_status (*parse_move)(const ar_variant *v, const void *pos, int player, const char *text,
                            size_t len, ar_gmove *out, ar_error *err);

    /* --- playing --- */
    const ar_game_eval *evals;          /* {NULL}-terminated; the first is the default */
    const ar_game_strategy *strategies; /* {NULL}-terminated; may be NULL */
    /* (required) The bot `ariadne play` uses by default: a perfect one where
     * the game allows (arena.h describes the syntax). */
    const char *default_bot;

    /* --- optional engine hooks --- */
    /* Quiescence (AR_GAME_QUIESCENCE): the moves worth searching past the
     * horizon (captures, immediate wins, forced blocks); returns the count. */
    unsigned (*noisy_moves)(const ar_variant *v, const void *pos, ar_gmove *moves);
    /* Null move (AR_GAME_NULL_MOVE): gives the move to the other player
     * without playing; calling it twice restores the position. */
    void (*pass)(ar_variant const *v, void *pos);
    /* Chance (AR_GAME_CHANCE): the outcomes of a chance position and their
     * probabilities (summing to 1); returns the count. */
    unsigned (*chance_outcomes)(const ar_variant *v, const void *pos, ar_gmove *moves,
                                double *probs);

    /* --- more players, scores, hidden information (NULL: two players who
     * see everything, results from outcome()) --- */
    /* The number of players of the variant, 2..AR_MAX_PLAYERS. NULL: 2. */
    int (*players)(const ar_variant *v);
    /* Plays a simultaneous position's moves at once: moves[p] is player p's
     * (AR_GMOVE_NONE for a player without a move). Required for simultaneous
     * positions of more than two players; NULL with two: apply() receives
     * AR_JOINT_MOVE(moves[0], moves[1]) (ar_game_apply_simultaneous packs it). */
    void (*apply_simultaneous)(const ar_variant *v, void *pos, const ar_gmove *moves);
    /* One number per player for a finished position, higher better (points;
     * or 1 a win, 0 a loss). It must agree with outcome(): in two-player
     * games the winner scores more and a draw scores equal. Required when
     * outcome() can say AR_GAME_OVER; NULL: win 1, loss 0, draw 1/2. */
    void (*scores)(const ar_variant *v, const void *pos, double *scores);
    /* Hidden information (AR_GAME_HIDDEN): writes what `player` sees of pos
     * into view (position_size bytes), the parts the player cannot see in
     * the game's own "unknown" encoding. Every slot must accept a view as a
     * position (a bot searches from its view), and the player's legal moves
     * must be the same in the view as in pos. NULL: everyone sees
     * everything. */
    void (*observe)(const ar_variant *v, const void *pos, int player, void *view);

    /* --- what the game plugs into --- */
    /* Bots the game brings itself (searches over its own board, external
     * programs speaking its protocol), {NULL}-terminated; looked up before
     * the generic kinds, so "alphabeta" means the game's own there. */
    const struct ar_bot_kind *bot_kinds;
    /* Verbs only this game has ({NULL}-terminated, tool.h); one named
     * "match" replaces the generic `ariadne match GAME` front end, one named
     * "verify" is `ariadne verify GAME ...` (a check of the game's own files). */
    const struct ar_tool *tools;
    /* Replay files: `ariadne replay FILE` reads the file's "format" member
     * and hands files of this format ("ariadne-NAME-replay") to replay(). */
    const char *replay_format;
    int (*replay)(const struct ar_replay_request *request);
    /* Its suites for `ariadne bench NAME`, {NULL}-terminated (tool.h). */
    const struct ar_bench_suite *bench_suites;
    /* Positions of the bench node count, {.depth = 0}-terminated; may be NULL. */
    const ar_game_bench_position *bench_positions;
    /* The bots of its Elo table in `ariadne bench games`; may be NULL. */
    const ar_game_bench_ladder *bench_ladder;
    /* Variants worth testing besides the default, as option strings
     * ("players=3 hidden"), NULL-terminated; may be NULL. The conformance
     * tests (tests/test_conformance_games.c) play each of them, the default
     * and the bench positions' variants. */
    const char *const *test_variants;
    /* Commands for `ariadne help GAME`, {NULL}-terminated; every game
     * declares at least one (the conformance tests check, and run them). */
    const ar_game_example *examples;
    /* A perft job from pos with the game's own fast move generator; NULL:
     * the generic count through legal_moves and apply. */
    ar_status (*perft)(const ar_variant *v, const void *pos, ar_perft_job *job, ar_error *err);
} ar_game;

/* --- the registry (src/games/game_registry.c, from games.def) --- */

/* All registered games, NULL-terminated. */
const ar_game *const *ar_games(void);
/* The game called name, or NULL. */
const ar_game *ar_game_find(const char *name);
/* --- helpers on top of the slots (src/gamesearch/game.c) --- */

/* The evaluation called name (NULL: the default one), or NULL. */
const ar_game_eval *ar_game_eval_find(const ar_game *g, const char *name);
/* The strategy called name (NULL: the first one), or NULL. */
const ar_game_strategy *ar_game_strategy_find(const ar_game *g, const char *name);

/* The game's hash, or the hash of the position bytes. */
uint64_t ar_game_hash(const ar_game *g, const ar_variant *v, const void *pos);
/* Whether `move` is among player's legal moves in pos. */
int ar_game_is_legal(const ar_game *g, const ar_variant *v, const void *pos, int player,
                     ar_gmove move);
/* The outcome from `player`'s side: +1 won, -1 lost, 0 drawn or ongoing
 * (and for AR_GAME_OVER, which only ar_game_scores can rank). */
int ar_game_outcome_for(ar_game_outcome outcome, int player);
/* "X wins", "draw", "in play", "game over" (AR_GAME_OVER: the scores tell,
 * see ar_game_result_text). */
void ar_game_outcome_text(const ar_game *g, const ar_variant *v, ar_game_outcome outcome,
                          char *buf, size_t size);

/* The number of players: players(), or 2. */
int ar_game_players(const ar_game *g, const ar_variant *v);
/* Plays one move per player in a simultaneous position: apply_simultaneous,
 * or for two players apply(AR_JOINT_MOVE(moves[0], moves[1])). */
void ar_game_apply_simultaneous(const ar_game *g, const ar_variant *v, void *pos,
                                const ar_gmove *moves);
/* Each player's score of a finished position (ar_game_players entries):
 * scores(), or without it 1 for a win, 0 for a loss and 1/2 each for a draw
 * (and for an unfinished position). */
void ar_game_scores(const ar_game *g, const ar_variant *v, const void *pos, double *scores);
/* An outcome of a chance position drawn by its probabilities with rng (one
 * number drawn); AR_GMOVE_NONE when the game lists no outcome. */
ar_gmove ar_game_chance_draw(const ar_game *g, const ar_variant *v, const void *pos, ar_rng *rng);
/* What `player` sees of pos, written to view (position_size bytes):
 * observe(), or a copy of pos. */
void ar_game_observe(const ar_game *g, const ar_variant *v, const void *pos, int player,
                     void *view);
/* The result of a finished position for people: "X wins", "draw", or with
 * scores() "P1 wins (P1 9, P2 4, P3 2)", "P1 and P3 share first place
 * (...)"; "in play" while it goes on. */
void ar_game_result_text(const ar_game *g, const ar_variant *v, const void *pos, char *buf,
                         size_t size);
/* Makes a variant from `--name value` style arguments already split into
 * params; unknown names give AR_ERR_INPUT naming the option. */
ar_status ar_game_create(const ar_game *g, const ar_param *params, size_t count,
                         ar_variant **out, ar_error *err);

#ifdef __cplusplus
}
#endif
#endif
