/* chess_engine.h — the parts of the chess folder above the rules: the
 * generic position, the evaluation, the engine's search, its bots, and the
 * command-line tools. Nothing outside src/games/chess includes it. */
#ifndef ARIADNE_CHESS_ENGINE_H
#define ARIADNE_CHESS_ENGINE_H

#include <signal.h>
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/tool.h"
#include "chess_internal.h"

/* The position of the game interface: the board and the keys of the
 * positions since the last capture or pawn move (for threefold repetition). */
#define AR_CHESS_HISTORY 100
typedef struct ar_chess_pos {
    ch_board b;
    uint32_t nhist;
    uint32_t pad;
    uint64_t hist[AR_CHESS_HISTORY];
} ar_chess_pos;

void ar_chess_pos_apply(ar_chess_pos *p, ch_move m);
int ar_chess_repetitions(const ar_chess_pos *p);
/* The game's result (why: "checkmate", "stalemate", ... or NULL). */
ar_game_outcome ar_chess_outcome(const ar_chess_pos *p, const char **why);
void ar_chess_draw_board(const ch_board *b, char *buf, size_t size);

/* --- evaluation (chess_eval.c): centipawns for the side to move --- */
typedef struct ch_eval_terms {
    int material, pst, mobility, king_safety, pawns, phase; /* white's view, tapered */
} ch_eval_terms;
int ar_chess_evaluate(const ch_board *b, ch_eval_terms *terms);
int ar_chess_material(const ch_board *b); /* white minus black */
extern const int ar_chess_piece_value[6];

/* --- the search (chess_search.c) --- */

/* The switchable steps of the search, numbered as in the code. */
enum {
    CH_STEP_ITERATIVE = 1u << 1,  /* 1. iterative deepening */
    CH_STEP_ASPIRATION = 1u << 2, /* 2. aspiration windows */
    CH_STEP_PVS = 1u << 3,        /* 3. principal-variation search */
    CH_STEP_TT = 1u << 4,         /* 4. transposition table cut-offs */
    CH_STEP_HASHMOVE = 1u << 5,   /* 5. hash move first */
    CH_STEP_MVVLVA = 1u << 6,     /* 6. captures by MVV-LVA */
    CH_STEP_KILLERS = 1u << 7,    /* 7. killer moves */
    CH_STEP_HISTORY = 1u << 8,    /* 8. history heuristic */
    CH_STEP_QSEARCH = 1u << 9,    /* 9. quiescence search with stand-pat */
    CH_STEP_NULLMOVE = 1u << 10,  /* 10. null-move pruning (verified in endgames) */
    CH_STEP_CHECKEXT = 1u << 11,  /* 11. check extension */
    CH_STEP_ALL = 0xFFEu
};
/* "all", "none", or a list of step names separated by ',' or '/' (in bot
 * specs, whose list of bots uses ','), each optionally prefixed with '-'
 * to switch it off ("all/-nullmove"). */
int ar_chess_parse_steps(const char *text, unsigned *steps, ar_error *err);
extern const char *const ar_chess_step_names[12];

#define CH_MATE 32000
#define CH_INF 32767
#define CH_MAX_PLY 128

typedef struct ch_limits {
    int depth;              /* 0: none (CH_MAX_PLY) */
    uint64_t nodes;         /* 0: none */
    double soft, hard;      /* seconds: no new iteration after soft; stop at hard (0: none) */
    int infinite;           /* search until stopped (go infinite / go ponder) */
} ch_limits;

typedef struct ch_info {
    int depth, seldepth, score; /* score in centipawns for the side to move, or mate (|s| > CH_MATE-200) */
    uint64_t nodes;
    double seconds;
    int hashfull;           /* per mille */
    ch_move pv[CH_MAX_PLY];
    int pvlen;
} ch_info;

typedef struct ch_engine ch_engine;

ch_engine *ar_chess_engine_new(size_t hash_mb);
void ar_chess_engine_free(ch_engine *e);
/* Resizes and clears the transposition table. */
void ar_chess_engine_set_hash(ch_engine *e, size_t hash_mb);
void ar_chess_engine_clear(ch_engine *e); /* a new game */
void ar_chess_engine_set_steps(ch_engine *e, unsigned steps);
/* The flag the engine polls to stop (set by another thread or a signal),
 * and the flag that turns an infinite (pondering) search into a timed one. */
void ar_chess_engine_set_stop(ch_engine *e, const volatile sig_atomic_t *stop);
/* Asks a running search to stop (from another thread). */
void ar_chess_engine_request_stop(ch_engine *e);
/* Clears that request (before the next search is started). */
void ar_chess_engine_clear_stop(ch_engine *e);
/* Called after every completed iteration (UCI info lines); may be NULL. */
void ar_chess_engine_set_report(ch_engine *e, void (*report)(void *ctx, const ch_info *info), void *ctx);
/* Searches the position p (with its history) and returns the best move
 * (CH_MOVE_NONE when there is no legal move); info gets the last
 * completed iteration; ponder (may be NULL) the expected reply. */
ch_move ar_chess_search(ch_engine *e, const ar_chess_pos *p, const ch_limits *lim, ch_info *info,
                        ch_move *ponder);
/* While a search runs: replace its limits (ponderhit). */
void ar_chess_engine_update_limits(ch_engine *e, const ch_limits *lim);
/* Time budget from the clock: soft and hard seconds. */
void ar_chess_time_budget(double left, double inc, int movestogo, double overhead, ch_limits *lim);
/* Nodes of a fixed-depth search of the bench positions (fresh tables). */
uint64_t ar_chess_bench_nodes(int depth, double *seconds);

/* --- bots, tools, benchmarks --- */
extern const ar_bot_kind ar_chess_bot_kinds[];
extern const ar_tool ar_chess_tools[];
int ar_chess_bench(int quick);
int ar_chess_uci_main(int argc, char **argv);
/* Runs the UCI commands of text (lines) without threads or output, searches
 * shallow and inline: what the fuzz target drives. */
void ar_chess_uci_run_text(const char *text, size_t len);
int ar_chess_perft_main(int argc, char **argv);
int ar_chess_match_main(int argc, char **argv);
/* When b is the end of one of the match's opening lines: its moves from
 * the start position (for engines that cannot be given a FEN). */
int ar_chess_opening_line(const ch_board *b, ch_move *moves, unsigned max, unsigned *n);
int ar_chess_pgn_main(int argc, char **argv);

#endif
