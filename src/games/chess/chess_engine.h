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

/* --- evaluation (chess_eval.c): centipawns for the side to move ---
 *
 * Every weight of the evaluation is one entry of one array (ch_eval_params),
 * in the groups listed here once: the evaluation reads it, the tuner
 * (chess_tune.c) fits it, and the parameter file is written and read by
 * these names. Each group is a middlegame (MG) or endgame (EG) weight,
 * blended by the game phase, or untapered (FLAT). Tables of six are indexed
 * by piece type (pawn..king); pst_* are [type][square from white's side];
 * passed_* by the pawn's rank from its own side (0..7). */
#define CH_EVAL_GROUPS(X)                          \
    X(VALUE_MG, "value_mg", 6, CH_TAPER_MG)         \
    X(VALUE_EG, "value_eg", 6, CH_TAPER_EG)         \
    X(PST_MG, "pst_mg", 384, CH_TAPER_MG)           \
    X(PST_EG, "pst_eg", 384, CH_TAPER_EG)           \
    X(BISHOP_PAIR_MG, "bishop_pair_mg", 1, CH_TAPER_MG) \
    X(BISHOP_PAIR_EG, "bishop_pair_eg", 1, CH_TAPER_EG) \
    X(DOUBLED_MG, "doubled_mg", 1, CH_TAPER_MG)     \
    X(DOUBLED_EG, "doubled_eg", 1, CH_TAPER_EG)     \
    X(ISOLATED_MG, "isolated_mg", 1, CH_TAPER_MG)   \
    X(ISOLATED_EG, "isolated_eg", 1, CH_TAPER_EG)   \
    X(PASSED_MG, "passed_mg", 8, CH_TAPER_MG)       \
    X(PASSED_EG, "passed_eg", 8, CH_TAPER_EG)       \
    X(MOBILITY_MG, "mobility_mg", 6, CH_TAPER_MG)   \
    X(MOBILITY_EG, "mobility_eg", 6, CH_TAPER_EG)   \
    X(SHIELD_MG, "shield_mg", 1, CH_TAPER_MG)       \
    X(SHIELD_EG, "shield_eg", 1, CH_TAPER_EG)       \
    X(KING_ATTACK_MG, "king_attack_mg", 1, CH_TAPER_MG) \
    X(KING_ATTACK_EG, "king_attack_eg", 1, CH_TAPER_EG) \
    X(TEMPO, "tempo", 1, CH_TAPER_FLAT)

enum { CH_TAPER_MG, CH_TAPER_EG, CH_TAPER_FLAT };
#define CH_PARAM_ENUM(id, name, count, taper) CH_P_##id, CH_P_##id##_LAST = CH_P_##id + (count) - 1,
enum { CH_EVAL_GROUPS(CH_PARAM_ENUM) CH_NPARAMS };
#undef CH_PARAM_ENUM

typedef struct ch_eval_params {
    int v[CH_NPARAMS];
} ch_eval_params;

typedef struct ch_param_group {
    const char *name;
    int first, count, taper;
} ch_param_group;
extern const ch_param_group ar_chess_param_groups[]; /* {NULL}-terminated */

/* The hand-set weights (formulas in chess_eval.c), the tuned ones
 * (chess_eval_tuned.c, written by the tuner), and the engine's default:
 * whichever of the two measured stronger in self-play (docs/games/chess.md). */
const ch_eval_params *ar_chess_params_handset(void);
const ch_eval_params *ar_chess_params_tuned(void);
const ch_eval_params *ar_chess_params_default(void);
/* The parameter file: "NAME v1 v2 ... vCOUNT" for every group, in any
 * order, '#' to the end of a line a comment, whitespace free. Strict: a
 * missing, repeated or unknown group, a wrong count or a non-number is
 * AR_ERR_INPUT naming the line. */
ar_status ar_chess_params_parse(const char *text, ch_eval_params *out, ar_error *err);
ar_status ar_chess_params_load(const char *path, ch_eval_params *out, ar_error *err);
void ar_chess_params_write(FILE *out, const ch_eval_params *p, const char *comment);

/* How each weight enters a position's score (white's view, before the
 * taper): the evaluation is linear in the weights but for the final scaling
 * of drawish endings, which `scale` (1 or 1/8, read with the fixed piece
 * values) records. The tuner's features. */
typedef struct ch_eval_trace {
    double coef[CH_NPARAMS];
    int phase;    /* 0..24 */
    double scale; /* 1, or 0.125 for a pawnless side a minor piece up at most */
} ch_eval_trace;

/* Centipawns for the side to move with the weights p (NULL: the default). */
int ar_chess_evaluate(const ch_eval_params *p, const ch_board *b);
/* The same, filling trace (cleared first). */
int ar_chess_evaluate_trace(const ch_eval_params *p, const ch_board *b, ch_eval_trace *trace);
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
/* The evaluation's weights the engine uses (copied; the default unless set). */
void ar_chess_engine_set_params(ch_engine *e, const ch_eval_params *p);
/* The quiescence search's score of b (full window, side to move's view):
 * equal to the static evaluation when b is quiet. For the tuner. */
int ar_chess_quiescence(ch_engine *e, const ch_board *b);
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
/* The perft slot: a job counting with chess's own generator (chess_cli.c). */
ar_status ar_chess_perft_job(const ar_variant *v, const void *pos, ar_perft_job *job, ar_error *err);
int ar_chess_match_main(int argc, char **argv);
/* When b is the end of one of the match's opening lines: its moves from
 * the start position (for engines that cannot be given a FEN). */
int ar_chess_opening_line(const ch_board *b, ch_move *moves, unsigned max, unsigned *n);
int ar_chess_pgn_main(int argc, char **argv);
/* The match's opening suite: how many lines, and line k played from the
 * start into pos (and its moves pushed onto rec unless NULL). */
unsigned ar_chess_opening_count(void);
void ar_chess_play_opening(ar_chess_pos *pos, ch_game *rec, unsigned k);
int ar_chess_tune_main(int argc, char **argv);

#endif
