/* checkers_engine.h — the parts of the checkers folder above the rules: the
 * game's position (the board with the draw rules' memory), the evaluation
 * and its weights, the engine's search, the endgame databases, the bots and
 * the command-line tools. Nothing outside src/games/checkers includes it. */
#ifndef ARIADNE_CHECKERS_ENGINE_H
#define ARIADNE_CHECKERS_ENGINE_H

#include <signal.h>
#include <stdio.h>
#include "ariadne/arena.h"
#include "ariadne/game.h"
#include "ariadne/tool.h"
#include "checkers_internal.h"

/* ------------------------------------------------------------ the game
 *
 * The draw rules (the ACF/WCDF laws, applied automatically so that every
 * game ends): the third occurrence of a position with the same side to move,
 * and 40 moves by each side (80 plies) in which no man moved and nothing was
 * captured. A side with no legal move has lost, and that comes first. The
 * position keeps the number of such quiet plies and the keys of the
 * positions since the last man move or capture (at most 80, so the list is
 * never cut). A position read from FEN has no past. */
#define AR_CHECKERS_QUIET_DRAW 80
typedef struct ar_checkers_pos {
    ck_board b;
    uint64_t key;   /* ck_hash(&b) */
    uint32_t quiet; /* plies since a man moved or a piece was taken */
    uint32_t nhist;
    uint64_t hist[AR_CHECKERS_QUIET_DRAW];
} ar_checkers_pos;

void ar_checkers_pos_init(ar_checkers_pos *p, const ck_board *b);
void ar_checkers_pos_apply(ar_checkers_pos *p, const ck_move *m);
/* Whether a move resets the quiet count (a man moves or a piece is taken). */
static inline int ck_move_resets(const ck_move *m) { return !m->king || m->captured; }
/* The result (why: "no legal move", "threefold repetition", "40-move rule";
 * NULL while the game goes on). */
ar_game_outcome ar_checkers_outcome(const ar_checkers_pos *p, const char **why);
/* The legal move with path code `code` in b, decoded without generating the
 * list; 0 when the code does not describe a legal move of b. */
int ar_checkers_decode(const ck_board *b, uint32_t code, ck_move *out);

/* --------------------------------------------------------- evaluation
 *
 * Samuel's evaluation: a weighted sum of board terms, each counted for
 * Black minus White and turned to the side to move's view. Every term has
 * two weights, one for the opening (24 pieces) and one for the ending (none),
 * blended by the number of pieces on the board; the weights are learned
 * (checkers_learn.c). The terms, in the order of the weights file: */
#define CK_EVAL_TERMS(X)                                                            \
    X(MAN, "man", "men (piece advantage)")                                          \
    X(KING, "king", "kings")                                                        \
    X(ROW1, "row1", "men on the 2nd row from their own side (advancement)")         \
    X(ROW2, "row2", "men on the 3rd row")                                           \
    X(ROW3, "row3", "men on the 4th row")                                           \
    X(ROW4, "row4", "men on the 5th row")                                           \
    X(ROW5, "row5", "men on the 6th row")                                           \
    X(ROW6, "row6", "men on the 7th row (one step from the crown)")                 \
    X(CENTRE, "centre", "men on the eight centre squares (centre control)")         \
    X(KCENTRE, "kcentre", "kings on the centre squares")                            \
    X(KEDGE, "kedge", "kings on the side edges")                                    \
    X(BACK, "back", "men on their own back row (back-rank guard)")                  \
    X(BRIDGE, "bridge", "both bridge squares held (1 and 3 for Black, 30 and 32 for White)") \
    X(MOBILITY, "mobility", "simple moves the side could make (mobility)")          \
    X(TEMPO, "tempo", "having the move")                                            \
    X(RUNAWAY, "runaway", "men with no enemy piece ahead in their cone (runaway men)") \
    X(RUNROW, "runrow", "rows advanced by those runaway men")

#define CK_TERM_ENUM(id, name, help) CK_T_##id,
enum { CK_EVAL_TERMS(CK_TERM_ENUM) CK_NTERMS };
#undef CK_TERM_ENUM
#define CK_PHASE_MAX 24 /* pieces at the start: the opening weight's share is pieces/24 */

typedef struct ck_eval_params {
    int opening[CK_NTERMS];
    int ending[CK_NTERMS];
} ck_eval_params;

typedef struct ck_term_info {
    const char *name, *help;
} ck_term_info;
extern const ck_term_info ar_checkers_terms[CK_NTERMS];

/* The terms of b from the side to move's view, and the phase (pieces on the
 * board, at most CK_PHASE_MAX). */
void ar_checkers_features(const ck_board *b, int *f, int *phase);
/* The evaluation of b for the side to move with weights p (NULL: the
 * default), in hundredths of a man. */
int ar_checkers_evaluate(const ck_eval_params *p, const ck_board *b);
/* The hand-set weights (checkers_eval.c), the learned ones
 * (checkers_eval_learned.c, written by `checkers-learn`), and the default
 * the engine plays with (the learned ones). */
const ck_eval_params *ar_checkers_params_handset(void);
const ck_eval_params *ar_checkers_params_learned(void);
const ck_eval_params *ar_checkers_params_default(void);
/* The weights file: one line "NAME OPENING ENDING" per term, in any order,
 * '#' to the end of a line a comment. Strict: a missing, repeated or unknown
 * term or a value that is not an integer in -30000..30000 is AR_ERR_INPUT
 * naming the line. */
ar_status ar_checkers_params_parse(const char *text, ck_eval_params *out, ar_error *err);
ar_status ar_checkers_params_load(const char *path, ck_eval_params *out, ar_error *err);
void ar_checkers_params_write(FILE *out, const ck_eval_params *p, const char *comment);
/* "handset", "learned", "default" or a weights file. */
ar_status ar_checkers_params_named(const char *name, ck_eval_params *out, ar_error *err);

/* ------------------------------------------------- endgame databases
 *
 * Win/loss/draw and the distance to the end with best play for every
 * position of up to N pieces, built by retrograde analysis
 * (checkers_db_build.c), stored one file per piece count
 * (checkers_db.c documents the format) and probed by the engine. */
typedef struct ck_db ck_db;
enum { CK_DB_DRAW = 0, CK_DB_WIN = 1, CK_DB_LOSS = 2 };
/* The databases of up to `pieces` pieces in dir (NULL: the cache
 * directory), mapped read-only; AR_ERR_INPUT naming the missing or damaged
 * file and the command that builds it. */
ar_status ar_checkers_db_open(const char *dir, int pieces, ck_db **out, ar_error *err);
void ar_checkers_db_close(ck_db *db);
/* The databases of 2..k pieces for the largest k <= most whose files are
 * all in dir; *out NULL (and AR_OK) when there are none. A file that is
 * there but damaged is an error. */
ar_status ar_checkers_db_open_auto(const char *dir, int most, ck_db **out, ar_error *err);
int ar_checkers_db_pieces(const ck_db *db); /* the most pieces it covers */
/* The value of b for the side to move when the databases cover it (1):
 * *result CK_DB_WIN, CK_DB_LOSS or CK_DB_DRAW and *plies the distance to
 * the end of the game with best play (the winner fastest, the loser
 * slowest), not counting the draw rules; 0 when b has too many pieces or
 * one side has none. */
int ar_checkers_db_probe(const ck_db *db, const ck_board *b, int *result, int *plies);

/* ----------------------------------------------------------- the search */

/* The switchable steps of the search, numbered as in the code. */
enum {
    CK_STEP_ITERATIVE = 1u << 1,  /* 1. iterative deepening */
    CK_STEP_ASPIRATION = 1u << 2, /* 2. aspiration windows */
    CK_STEP_PVS = 1u << 3,        /* 3. principal-variation search */
    CK_STEP_TT = 1u << 4,         /* 4. transposition-table cut-offs */
    CK_STEP_HASHMOVE = 1u << 5,   /* 5. hash move first */
    CK_STEP_KILLERS = 1u << 6,    /* 6. killer moves */
    CK_STEP_HISTORY = 1u << 7,    /* 7. history heuristic */
    CK_STEP_QSEARCH = 1u << 8,    /* 8. quiescence: captures searched past the horizon */
    CK_STEP_FORCED = 1u << 9,     /* 9. a forced move (the only legal one) costs no depth */
    CK_STEP_DB = 1u << 10,        /* 10. endgame databases */
    CK_STEP_ALL = 0x7FEu
};
extern const char *const ar_checkers_step_names[11];
/* "all", "none", or step names separated by ',' or '/', each optionally
 * prefixed with '-' ("all/-killers"). */
int ar_checkers_parse_steps(const char *text, unsigned *steps, ar_error *err);

#define CK_WIN 30000
#define CK_INF 32000
#define CK_MAX_PLY 128
#define CK_IS_WIN(s) ((s) > CK_WIN - 1000 || (s) < -(CK_WIN - 1000))

typedef struct ck_limits {
    int depth;        /* 0: none (CK_MAX_PLY) */
    uint64_t nodes;   /* 0: none */
    double soft, hard; /* seconds: no new iteration after soft; stop at hard (0: none) */
} ck_limits;

typedef struct ck_info {
    int depth, seldepth, score; /* score for the side to move; a win in n plies is CK_WIN - n */
    int exact;                  /* the score is proven (won/lost/drawn with best play) */
    uint64_t nodes, db_hits;
    double seconds;
    uint32_t pv[CK_MAX_PLY];    /* path codes */
    int pvlen;
} ck_info;

typedef struct ck_engine ck_engine;

ck_engine *ar_checkers_engine_new(size_t hash_mb);
void ar_checkers_engine_free(ck_engine *e);
void ar_checkers_engine_clear(ck_engine *e); /* a new game: tables and history cleared */
void ar_checkers_engine_set_hash(ck_engine *e, size_t hash_mb);
void ar_checkers_engine_set_steps(ck_engine *e, unsigned steps);
void ar_checkers_engine_set_params(ck_engine *e, const ck_eval_params *p);
/* The databases it probes (NULL: none; not owned). */
void ar_checkers_engine_set_db(ck_engine *e, const ck_db *db);
/* The flag it polls to stop (a signal handler's), and a stop request from
 * another thread. */
void ar_checkers_engine_set_stop(ck_engine *e, const volatile sig_atomic_t *stop);
void ar_checkers_engine_request_stop(ck_engine *e);
/* Clears a stop request (before the next search starts: a search does not
 * clear it itself, so a request made before it begins is not lost). */
void ar_checkers_engine_clear_stop(ck_engine *e);
/* Called after every completed iteration; may be NULL. */
void ar_checkers_engine_set_report(ck_engine *e, void (*report)(void *ctx, const ck_info *info), void *ctx);
/* Searches p (with its history) and returns the best move's path code
 * (CK_NO_MOVE when there is no legal move); info gets the last completed
 * iteration. */
uint32_t ar_checkers_search(ck_engine *e, const ar_checkers_pos *p, const ck_limits *lim, ck_info *info);
/* The score of b searched by quiescence only (captures to the end), for
 * the learner: the static evaluation when b is quiet. */
int ar_checkers_quiescence(ck_engine *e, const ck_board *b);
/* Nodes of a fixed-depth search of the bench positions (fresh tables, no
 * databases). */
uint64_t ar_checkers_bench_nodes(int depth, double *seconds);

/* --------------------------------------------------------------- tools */
extern const ar_tool ar_checkers_tools[];
/* `ariadne checkers-engine` (checkers_protocol.c), and its commands run
 * from text without threads or output, searching shallow and inline: what
 * the fuzz target drives. */
int ar_checkers_engine_main(int argc, char **argv);
void ar_checkers_engine_run_text(const char *text, size_t len);
int ar_checkers_db_main(int argc, char **argv);    /* checkers_dbtool.c */
/* The descriptor's perft slot (checkers_cli.c). */
ar_status ar_checkers_perft_job(const ar_variant *v, const void *pos, ar_perft_job *job, ar_error *err);
int ar_checkers_learn_main(int argc, char **argv); /* checkers_learn.c */
extern const ar_bot_kind ar_checkers_bot_kinds[];
int ar_checkers_bench(int quick);

#endif
