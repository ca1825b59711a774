/* ariadne/gamesearch.h — engines over the game interface: negamax alpha-beta
 * with iterative deepening, its transposition table, plain minimax (for
 * testing), and Monte Carlo tree search with UCT.
 *
 * Alpha-beta is written as numbered steps (src/gamesearch/alphabeta.c); each
 * ordering or pruning step is one bit of ar_gsearch_options.steps, so its
 * effect can be measured by switching it off (`ariadne bench games`). Steps
 * that only reorder or re-window the search (TT, hash move, killers,
 * history, aspiration, PVS) never change the value at a fixed depth, only the
 * node count; null move and quiescence change what is searched and are on only
 * when the game asks for them (AR_GAME_NULL_MOVE, AR_GAME_QUIESCENCE).
 *
 * Every engine is deterministic for given options: MCTS draws its random
 * numbers from options.seed; a time limit is the only source of variation. */
#ifndef ARIADNE_GAMESEARCH_H
#define ARIADNE_GAMESEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/game.h"
#include "ariadne/memory.h"
#include "ariadne/progress.h"
#include "ariadne/search.h" /* ar_limits, ar_stop_reason */

#ifdef __cplusplus
extern "C" {
#endif

/* Scores are for the player to move. A proven win in p plies is
 * AR_SCORE_WIN - p (a loss the negative), so shorter wins score higher;
 * heuristic values lie within ±AR_EVAL_MAX; a draw is 0. */
typedef int32_t ar_score;
#define AR_SCORE_WIN 30000
#define AR_SCORE_INF 32000
#define AR_GAME_MAX_PLY 200
#define AR_SCORE_IS_PROVEN(s) ((s) >= AR_SCORE_WIN - AR_GAME_MAX_PLY || (s) <= -(AR_SCORE_WIN - AR_GAME_MAX_PLY))

/* ------------------------------------------------------------------------ */
/* Transposition table.
 *
 * Buckets of four 16-byte entries (one 64-byte cache line). An entry is two
 * 64-bit words:
 *   key   the full 64-bit hash of the position (a stored entry is used only
 *         when all 64 bits agree, so a wrong hit needs a 64-bit collision)
 *   data  bits  0-15  score, int16 two's complement; proven wins and losses
 *                     are stored relative to the node (distance from it), not
 *                     from the root, so they stay right when reached by
 *                     another path
 *         bits 16-31  best move as its index in the node's legal-move list
 *                     (0xFFFF: none), hence the rule that move generation is
 *                     deterministic
 *         bits 32-39  depth searched below the node (0-255)
 *         bits 40-41  bound: 1 upper (all moves failed low), 2 lower (a move
 *                     failed high), 3 exact
 *         bit  42     horizon: the value depends on a heuristic leaf (clear:
 *                     the subtree was searched to the end, value proven)
 *         bits 43-48  generation (search number mod 64) for ageing
 *         bits 49-63  zero (reserved)
 * Replacement: a store goes to the entry with the same key if the bucket has
 * one; otherwise to the entry of least worth, worth = depth - 8 x age (age =
 * generations since it was written), so deep fresh results survive and old
 * ones give way. An exact result always replaces an entry of the same key;
 * a bound replaces it unless the old entry is exact and deeper.
 * Threading: not safe for concurrent writers; a shared table would store
 * key ^ data (Hyatt's lockless trick) so torn writes are detected. */
typedef struct ar_tt ar_tt;

enum { AR_BOUND_UPPER = 1, AR_BOUND_LOWER = 2, AR_BOUND_EXACT = 3 };

typedef struct ar_tt_entry {
    ar_score score;
    unsigned move_index; /* 0xFFFF: none */
    int depth;
    int bound;
    int horizon;
} ar_tt_entry;

/* A table of at most `bytes` bytes (rounded down to a power of two of
 * buckets, at least one bucket), allocated through mem (may be NULL). */
ar_status ar_tt_create(size_t bytes, ar_mem *mem, ar_tt **out, ar_error *err);
void ar_tt_destroy(ar_tt *tt);
void ar_tt_clear(ar_tt *tt);
/* Starts a new search generation (older entries age). */
void ar_tt_new_search(ar_tt *tt);
/* 1 and *out filled when key is stored, else 0. */
int ar_tt_probe(const ar_tt *tt, uint64_t key, ar_tt_entry *out);
void ar_tt_store(ar_tt *tt, uint64_t key, ar_score score, int bound, int depth,
                 unsigned move_index, int horizon);
size_t ar_tt_capacity(const ar_tt *tt); /* entries */
size_t ar_tt_bytes(const ar_tt *tt);
/* Entries written in the current generation per thousand (sampled). */
unsigned ar_tt_permille(const ar_tt *tt);

/* ------------------------------------------------------------------------ */
/* Alpha-beta. */

enum {
    AR_STEP_ITERATIVE = 1u << 0,  /* iterative deepening 1, 2, ..., depth */
    AR_STEP_ASPIRATION = 1u << 1, /* windows around the previous iteration's score */
    AR_STEP_TT = 1u << 2,         /* transposition-table cutoffs */
    AR_STEP_TT_DEEPER = 1u << 3,  /* ... also from entries searched deeper than needed */
    AR_STEP_HASH_MOVE = 1u << 4,  /* the stored best move is tried first */
    AR_STEP_KILLERS = 1u << 5,    /* two moves per ply that caused cutoffs, tried early */
    AR_STEP_HISTORY = 1u << 6,    /* other moves by how often they caused cutoffs */
    AR_STEP_PVS = 1u << 7,        /* principal variation search: null windows after move 1 */
    AR_STEP_NULL_MOVE = 1u << 8,  /* null-move pruning (games with AR_GAME_NULL_MOVE) */
    AR_STEP_QUIESCENCE = 1u << 9  /* quiescence search (games with AR_GAME_QUIESCENCE) */
};
#define AR_STEPS_ALL 0x3FFu
/* Every step that keeps fixed-depth values exact; TT_DEEPER is left out
 * because a deeper stored result is better informed than a fixed-depth
 * search and may differ from it where positions transpose at different
 * depths (it is in AR_STEPS_ALL, the default). */
#define AR_STEPS_EXACT (AR_STEPS_ALL & ~(AR_STEP_TT_DEEPER | AR_STEP_NULL_MOVE | AR_STEP_QUIESCENCE))

typedef struct ar_step_info {
    unsigned bit;
    const char *name; /* for options: "tt", "killers", ... */
    const char *summary;
} ar_step_info;
/* The steps in search order, {0, NULL}-terminated. */
const ar_step_info *ar_gsearch_steps(void);
/* Parses "tt,killers" or "all" or "all,-null,-qsearch" or "none" into bits. */
ar_status ar_gsearch_parse_steps(const char *text, unsigned *steps, ar_error *err);

/* What alpha-beta tells a node watcher (ar_gsearch_options.on_node): a node
 * entered ('e', with the move that led to it and the window), left ('x', with
 * its value) or cut off ('c': a move reached beta, and `pruned` moves of the
 * node were never searched). Values are negamax scores for the player to
 * move at the node. The search visualiser of the pages draws the tree. */
typedef struct ar_search_node_event {
    char kind;            /* 'e', 'x' or 'c' */
    int ply;              /* 0 at the root */
    const char *move;     /* 'e': the move from the parent in notation ("" at the root) */
    ar_score alpha, beta; /* 'e': the window */
    ar_score value;       /* 'x': the node's value */
    unsigned pruned;      /* 'c': the moves left unsearched */
} ar_search_node_event;

typedef struct ar_gsearch_options {
    unsigned steps;          /* AR_STEP_* bits (AR_STEPS_ALL by default) */
    int depth;               /* maximum depth in plies (0: AR_GAME_MAX_PLY - 1) */
    ar_limits limits;        /* time (checked every 1024 nodes), nodes, interrupt; memory caps the TT */
    const ar_game_eval *eval; /* NULL: the game's default (0 if it has none) */
    ar_tt *tt;               /* caller's table (kept between moves); NULL: one of tt_bytes */
    size_t tt_bytes;         /* size of the engine's own table (0: 16 MiB) */
    int aspiration;          /* half-width of the first window (0: 50) */
    int null_reduction;      /* R of null-move pruning (0: 2) */
    int qsearch_depth;       /* plies of quiescence at most (0: 8) */
    ar_progress *progress;   /* may be NULL */
    /* Called at every node alpha-beta enters and leaves and at every
     * cut-off (may be NULL; slows the search: for teaching, not play). */
    void (*on_node)(void *ctx, const ar_search_node_event *ev);
    void *on_node_ctx;
} ar_gsearch_options;

typedef struct ar_gsearch_result {
    ar_score score;          /* value for the player to move (depth `depth`) */
    ar_gmove best;           /* AR_GMOVE_NONE when the position is over */
    ar_gmove pv[AR_GAME_MAX_PLY];
    unsigned pv_length;
    int depth;               /* the last depth completed */
    int exact;               /* no heuristic leaf influenced the value: it is the game value */
    ar_stop_reason stop;     /* AR_STOP_NONE, or the limit that ended the search (the
                                result is then the last completed depth's) */
    uint64_t nodes;          /* positions visited (interior + leaves + quiescence) */
    uint64_t tt_probes, tt_hits, tt_cutoffs, null_cutoffs, aspiration_fails;
    double seconds;
} ar_gsearch_result;

void ar_gsearch_options_init(ar_gsearch_options *o);

/* Negamax alpha-beta with the steps in o->steps, from pos for the player to
 * move. Returns AR_OK when r is meaningful (also when a limit stopped it after
 * depth 1); AR_ERR_UNSUPPORTED for simultaneous or chance positions;
 * AR_ERR_LIMIT when stopped before depth 1 finished (r->best then holds the
 * first legal move, labelled by r->stop). */
ar_status ar_alphabeta(const ar_game *g, const ar_variant *v, const void *pos,
                       const ar_gsearch_options *o, ar_gsearch_result *r, ar_error *err);

/* Plain negamax to o->depth without any pruning or table (the reference the
 * tests compare alpha-beta with). Chance positions are averaged (expectimax,
 * rounded). Only depth, eval and limits are used. */
ar_status ar_minimax(const ar_game *g, const ar_variant *v, const void *pos,
                     const ar_gsearch_options *o, ar_gsearch_result *r, ar_error *err);

/* ------------------------------------------------------------------------ */
/* Monte Carlo tree search (UCT). Each iteration walks down the tree choosing
 * children by UCB1 (mean reward + c sqrt(ln N / n)), adds one node, plays the
 * rest of the game out and backs the reward (1 win, 1/2 draw, 0 loss) up the
 * path. Simultaneous positions use decoupled UCT (each player chooses by its
 * own statistics of its own moves); chance positions are sampled. A child
 * whose move wins at once is taken at once (a small "MCTS-solver" step). */

typedef enum ar_playout {
    AR_PLAYOUT_RANDOM, /* uniformly random moves to the end */
    AR_PLAYOUT_EVAL    /* with probability 1-epsilon the move whose result evaluates best;
                          cut after playout_depth plies and scored by the evaluation */
} ar_playout;

typedef struct ar_mcts_options {
    uint64_t iterations;     /* 0: until a limit (and at least 1) */
    ar_limits limits;        /* time, memory (tree), interrupt */
    double exploration;      /* c (0: 1.4) */
    ar_playout playout;
    const ar_game_eval *eval; /* for AR_PLAYOUT_EVAL (NULL: default) */
    double epsilon;          /* random-move rate of eval playouts (0: 0.1) */
    unsigned playout_depth;  /* eval playouts: plies before scoring (0: 20) */
    uint64_t seed;
} ar_mcts_options;

typedef struct ar_mcts_stat {
    ar_gmove move;
    uint64_t visits;
    double mean; /* mean reward of the move for its player */
} ar_mcts_stat;

typedef struct ar_mcts_result {
    ar_gmove best;            /* the most visited root move (AR_GMOVE_NONE: game over) */
    double value;             /* its mean reward for the player to move */
    uint64_t iterations;
    uint64_t tree_nodes;
    ar_stop_reason stop;
    double seconds;
    size_t peak_bytes;
    ar_mcts_stat top[8];      /* the most visited root moves, best first */
    unsigned top_count;
} ar_mcts_result;

void ar_mcts_options_init(ar_mcts_options *o);
/* For simultaneous roots, `player` says whose move to return (ignored
 * otherwise: pass the player to move). */
ar_status ar_mcts(const ar_game *g, const ar_variant *v, const void *pos, int player,
                  const ar_mcts_options *o, ar_mcts_result *r, ar_error *err);

/* ------------------------------------------------------------------------ */
/* The bench: the fixed positions that the games declare (bench_positions
 * in game.h) searched to fixed depths with the given steps. Any change in
 * search behaviour changes the node count, so the count with AR_STEPS_ALL is
 * recorded in the tests. */

/* The number of bench positions of the games (a NULL-terminated list). */
size_t ar_game_bench_count(const ar_game *const *games);
/* Searches every position of every game in list order; per-position node
 * counts go to `nodes` (may be NULL; ar_game_bench_count entries); returns
 * the total in *total. */
ar_status ar_game_bench(const ar_game *const *games, unsigned steps, uint64_t *nodes,
                        uint64_t *total, double *seconds, ar_error *err);

/* ------------------------------------------------------------------------ */
/* Perft: the number of leaves of the legal move tree to a depth, the
 * standard test of a move generator (`ariadne perft GAME`). A game with a
 * fast generator of its own gives a job through its `perft` slot (game.h);
 * ar_game_perft_job makes one for any game of alternating moves through the
 * interface. ar_perft_run counts the root moves in order on a worker thread
 * watched under the limits (progress, time limit, Ctrl-C within a fraction of
 * a second); after a stop the count is a lower bound. */
typedef struct ar_perft_result {
    uint64_t nodes;          /* the leaves counted (a lower bound when stopped) */
    uint64_t *per_move;      /* the caller's array of root_moves entries, or NULL */
    unsigned moves_done;     /* root moves counted to the end */
    int complete;
    ar_stop_reason stop;
    double seconds;
} ar_perft_result;

/* Counts to depth (0: one leaf, the position) under opts's limits and
 * progress (opts may be NULL). */
void ar_perft_run(const ar_perft_job *job, int depth, const ar_search_options *opts, ar_perft_result *r);

/* A perft job over the game interface for the position pos of variant v
 * (copied; job->release frees it). Refuses games whose players move at once
 * or with chance moves (AR_ERR_INPUT). */
ar_status ar_game_perft_job(const ar_game *g, const ar_variant *v, const void *pos, ar_perft_job *job,
                            ar_error *err);

#ifdef __cplusplus
}
#endif
#endif
