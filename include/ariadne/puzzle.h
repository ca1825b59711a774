/* ariadne/puzzle.h — the single-agent domain interface.
 *
 * A puzzle domain is one `const ar_puzzle` of function pointers and capability
 * flags, defined in its own folder src/puzzles/NAME/ and listed by one line
 * in src/puzzles/puzzles.def. An instance (`ar_instance`, opaque, defined inside
 * the domain's own .c file) is made from text plus the domain's own options; a
 * state is a fixed-size block of bytes whose size the instance tells. Search
 * algorithms see nothing else, so they work for every domain, and the CLI knows
 * nothing domain-specific beyond this table.
 *
 * Required slots are marked (required); every other slot may be NULL and the
 * library falls back to a generic version (e.g. `successors` is synthesised
 * from `legal_moves` + `apply`; `hash` hashes the state bytes). docs/adding-a-domain.md
 * walks through a complete small domain. */
#ifndef ARIADNE_PUZZLE_H
#define ARIADNE_PUZZLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ariadne/error.h"
#include "ariadne/hash.h"
#include "ariadne/memory.h"
#include "ariadne/param.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A move is a domain-defined 32-bit code. Domains may pack extra information
 * into it (for example what `undo` needs); only the domain interprets it. */
typedef uint32_t ar_move;
#define AR_NO_MOVE ((ar_move)0xFFFFFFFFu)

typedef struct ar_instance ar_instance; /* defined by each domain */

struct ar_search_options;
struct ar_result;
struct ar_pdb_provider;  /* pdb.h */
struct ar_bfs2_provider; /* bfs2.h */
struct ar_ida_kernel;    /* idakernel.h */
struct ar_local_provider; /* local.h */
struct ar_tool;          /* tool.h */
struct ar_bench_suite;   /* tool.h */
struct ar_scene;         /* page.h */

/* Where a streamed solution goes, in chunks. emit returns AR_OK to continue or
 * an error (e.g. AR_ERR_LIMIT on Ctrl-C, AR_ERR_IO on a closed pipe) to stop. */
typedef struct ar_move_sink {
    ar_status (*emit)(void *ctx, const ar_move *moves, size_t count);
    void *ctx;
} ar_move_sink;

enum {
    AR_HEURISTIC_ADMISSIBLE = 1u << 0, /* never overestimates: A* and IDA* are then optimal */
    AR_HEURISTIC_CONSISTENT = 1u << 1  /* h(s) <= cost(s,t) + h(t): A* never reopens */
};

/* A small instance that shows the domain at work: `ariadne help DOMAIN`
 * prints it as a command, and the conformance tests (tests/test_conformance_
 * puzzles.c) solve it, replay the solution and check its cost. Keep them
 * quick to solve with the domain's default algorithm (well under a second). */
typedef struct ar_puzzle_example {
    const char *options;  /* the domain's options as "name=value name=value" ("" for none) */
    const char *instance; /* the INSTANCE text; NULL for the options' default instance */
    uint64_t cost;        /* cost of an optimal solution, the moves when each costs 1
                             (0: not stated; the tests then only verify) */
    const char *note;     /* one line on what it shows */
    int unsolvable;       /* 1: it has no solution, which the default solver proves (exit 1);
                             the note says so, and the tests expect the proof */
} ar_puzzle_example;

typedef struct ar_heuristic {
    const char *name;
    const char *summary;
    unsigned flags;
    /* Optional one-time set-up for an instance (e.g. building a table), with
     * its memory accounted in mem. */
    ar_status (*prepare)(ar_instance *inst, ar_mem *mem, ar_error *err);
    /* (required) Estimated cost from state to the goal. */
    uint64_t (*estimate)(const ar_instance *inst, const void *state);
    /* Estimated cost from the start to state: the same bound for the half of a
     * bidirectional search that runs backward from the goal (`mm`), with the
     * same flags. NULL: that half runs without a heuristic (0). */
    uint64_t (*estimate_from_start)(const ar_instance *inst, const void *state);
} ar_heuristic;

/* A domain solver's flags. */
enum {
    AR_SOLVER_USES_HEURISTIC = 1u << 0, /* it reads --heuristic (the domain's heuristics) */
    AR_SOLVER_USES_WEIGHT = 1u << 1,    /* it reads --weight (a weighted search) */
    AR_SOLVER_USES_SEED = 1u << 2       /* it is randomised and reads --seed */
};

/* A domain's own algorithm (closed forms, specialised solvers), selectable by
 * --algo like the generic ones. */
typedef struct ar_domain_solver {
    const char *name;
    const char *summary;
    unsigned flags; /* AR_SOLVER_*; a --heuristic given to a solver without
                       AR_SOLVER_USES_HEURISTIC is refused */
    /* Solves the instance. A solver may stream moves into sink (when sink is
     * non-NULL; it then sets result->streamed) or store them in result->moves.
     * It fills result like ar_solve does and returns AR_OK whenever result is
     * meaningful (solved, no solution, or stopped by a limit). */
    ar_status (*run)(ar_instance *inst, const struct ar_search_options *opts,
                     const ar_move_sink *sink, struct ar_result *result, ar_error *err);
} ar_domain_solver;

enum {
    AR_PUZZLE_UNIT_COST = 1u << 0,       /* every move costs 1 (move_cost is NULL) */
    AR_PUZZLE_REVERSIBLE = 1u << 1,      /* every move has an inverse move */
    AR_PUZZLE_SINGLE_CHAR_MOVES = 1u << 2, /* moves are one character each and are
                                              written without separators ("udlrt") */
    /* every solution has the same length and cost (filling a board's empty
     * cells, a tour through every square), so any solution is optimal */
    AR_PUZZLE_FIXED_LENGTH = 1u << 3,
    /* the moves' order does not matter (filling cells): legal_moves lists
     * the canonical order the searches branch on, but a move parse_move
     * accepts is legal in any order, so `verify` and `play` take it */
    AR_PUZZLE_FREE_ORDER = 1u << 4
};

typedef struct ar_puzzle {
    const char *name;     /* (required) registry name, lower case, as typed on the command line */
    const char *summary;  /* (required) one line for `ariadne list` */
    const char *help;     /* (required) instance syntax and notation, for `ariadne help DOMAIN` */
    unsigned flags;
    const ar_option_spec *options; /* terminated by a {NULL} entry; may be NULL */

    /* --- instances --- */
    /* (required) Makes an instance from text (the positional INSTANCE argument or
     * the contents of -f FILE; NULL when none was given) and the options. On bad
     * input returns AR_ERR_INPUT with one line naming what is wrong and where. */
    ar_status (*create)(const char *text, const ar_param *params, size_t param_count,
                        ar_instance **out, ar_error *err);
    void (*destroy)(ar_instance *inst); /* (required) */
    /* (required) One line describing the instance, for results and JSON. */
    void (*describe)(const ar_instance *inst, char *buf, size_t size);
    /* Proves unsolvability before any search (parity and the like): returns
     * AR_ERR_UNSOLVABLE with the reason, or AR_OK when it may be solvable. */
    ar_status (*check_solvable)(const ar_instance *inst, ar_error *err);

    /* --- states --- */
    size_t (*state_size)(const ar_instance *inst);                  /* (required) */
    void (*initial_state)(const ar_instance *inst, void *state);    /* (required) */
    int (*is_goal)(const ar_instance *inst, const void *state);     /* (required) */
    /* (required) Text of a state in the domain's notation (may span lines). */
    void (*format_state)(const ar_instance *inst, const void *state, char *buf, size_t size);
    /* A picture of a state for people (several lines: pegs, columns, a grid),
     * for `ariadne play`. NULL: format_state. */
    void (*draw)(const ar_instance *inst, const void *state, char *buf, size_t size);
    /* (required) The state as a picture for the browser pages (page.h):
     * a grid of styled, labelled cells, points and lines. The smallest is a
     * text board: ar_scene_text_grid(scene, text, legend) (see
     * docs/adding-a-domain.md); the conformance tests fail without one. */
    void (*picture)(const ar_instance *inst, const void *state, struct ar_scene *scene);
    /* Hash of a state; NULL hashes the bytes (states must then be canonical:
     * equal states have equal bytes, padding included). */
    uint64_t (*hash)(const ar_instance *inst, const void *state);
    /* Number of states reachable from the start if known (0 if not); only used
     * for progress estimates. */
    uint64_t (*state_count)(const ar_instance *inst);

    /* --- moves --- */
    unsigned (*max_moves)(const ar_instance *inst); /* (required) bound on legal moves per state */
    /* (required) Writes the legal moves of state into moves[], returns how many. */
    unsigned (*legal_moves)(const ar_instance *inst, const void *state, ar_move *moves);
    /* (required) Applies a legal move in place. */
    void (*apply)(const ar_instance *inst, void *state, ar_move move);
    /* Whether move (as parse_move made it) is legal in state: for domains
     * with many legal moves a state (a queen's row among a million), so
     * that replaying a long solution need not list them all. NULL: replay
     * looks the move up among legal_moves. */
    int (*is_legal)(const ar_instance *inst, const void *state, ar_move move);
    /* Reverses apply(move) in place; NULL when moves cannot be undone from the
     * move alone (depth-first search then keeps a copy of each state). */
    void (*undo)(const ar_instance *inst, void *state, ar_move move);
    /* The move that immediately reverses `move`, or AR_NO_MOVE; used to prune
     * a move that undoes its parent. */
    ar_move (*inverse)(const ar_instance *inst, ar_move move);
    /* Cost of a move, a whole number >= 1 (the algorithms rely on positive
     * costs); NULL means 1 for every move. */
    uint32_t (*move_cost)(const ar_instance *inst, ar_move move);
    /* Batch successor generation into caller-owned buffers (moves[i], costs[i],
     * and state i at states + i*state_size); returns the count. NULL: the
     * library synthesises it from legal_moves + apply. */
    unsigned (*successors)(const ar_instance *inst, const void *state, ar_move *moves,
                           uint32_t *costs, void *states);
    /* (required) Text of one move, e.g. "1-3"; returns the length written. */
    size_t (*format_move)(const ar_instance *inst, ar_move move, char *buf, size_t size);
    /* (required) Parses one move token (len bytes, not NUL-terminated) played in
     * `state`; AR_ERR_INPUT with the reason when it is not a move of this domain. */
    ar_status (*parse_move)(const ar_instance *inst, const void *state, const char *text,
                            size_t len, ar_move *out, ar_error *err);

    /* --- solving --- */
    const ar_heuristic *heuristics; /* terminated by a {NULL} entry; first = default */
    const ar_domain_solver *solvers; /* terminated by a {NULL} entry; may be NULL */
    /* Name of the algorithm `solve` uses when --algo is not given (a generic
     * algorithm or one of `solvers`); NULL means "astar". */
    const char *(*default_algorithm)(const ar_instance *inst);
    /* The state after `moves` moves of the domain's canonical solution, computed
     * directly (for `ariadne at`); NULL when the domain has no such formula. */
    ar_status (*state_after)(const ar_instance *inst, uint64_t moves, void *state, ar_error *err);
    /* Writes a random instance (in the text accepted by create) for
     * `ariadne generate`, deterministic for a given seed; *text is malloc'd. */
    ar_status (*generate)(const ar_param *params, size_t param_count, uint64_t seed, char **text,
                          ar_error *err);
    /* A new instance equal to inst but starting from `state` (for hints during
     * play and for tests from random positions). NULL: the library recreates the
     * instance from format_state's text, which must then be accepted by create. */
    ar_status (*with_start)(const ar_instance *inst, const void *state, ar_instance **out,
                            ar_error *err);

    /* --- searching backward from the goal (bidirectional search: `bibfs`,
     * `mm`; both refuse a domain without these two slots) --- */
    /* The goal as one state: writes it and returns 1; returns 0 when the goal
     * of this instance is not a single state (the searches then refuse). */
    int (*goal_state)(const ar_instance *inst, void *state);
    /* The predecessors of state: every state P with a legal move m such that
     * apply(P, m) gives state. Writes m as played forward from P (so a path
     * found backward replays forward), its cost, and P at states +
     * i*state_size, in caller buffers of max_moves entries; returns the count. */
    unsigned (*predecessors)(const ar_instance *inst, const void *state, ar_move *moves,
                             uint32_t *costs, void *states);

    /* Reads one line of a batch file (`ariadne solve DOMAIN -f FILE --batch`)
     * in a format of the domain's own, e.g. a published benchmark list
     * "number, optimal length, position": writes a label, the instance text that
     * create accepts, and the published optimal cost when the line gives one
     * (*known = 1), which the batch then checks. AR_ERR_INPUT with the reason
     * when the line is malformed. An empty label, or no batch_line at all:
     * the instance is labelled by its line number (and without batch_line
     * each line is an instance text). */
    ar_status (*batch_line)(const char *line, char *label, size_t label_size, char *instance,
                            size_t instance_size, uint64_t *known_cost, int *known, ar_error *err);

    /* Small instances for `ariadne help` and the conformance tests,
     * {.note = NULL}-terminated; the first is the domain's showcase. */
    const ar_puzzle_example *examples;

    /* --- machinery the domain plugs into --- */
    /* Pattern databases: the abstractions the instance's options select, for
     * its heuristics and for `ariadne pdb build|info|verify` (pdb.h). */
    const struct ar_pdb_provider *pdb;
    /* The state space ranked for the two-bit breadth-first search of
     * `ariadne bfs` and of the pattern-database builders (bfs2.h). */
    const struct ar_bfs2_provider *bfs2;
    /* A specialised IDA* iteration from any node, splittable, for parallel
     * and distributed IDA* (idakernel.h); NULL: the generic kernel. */
    const struct ar_ida_kernel *ida_kernel;
    /* A local-search view of the instance (complete candidates, a
     * neighbourhood, an objective) for the local-search strategies:
     * `--algo hill`, `anneal`, `tabu`, ... (local.h). */
    const struct ar_local_provider *local;
    /* Verbs only this domain has, {NULL}-terminated (tool.h). */
    const struct ar_tool *tools;
    /* Its suites for `ariadne bench NAME`, {NULL}-terminated (tool.h). */
    const struct ar_bench_suite *bench_suites;
} ar_puzzle;

/* --- the registry (src/puzzles/puzzle_registry.c, from puzzles.def) --- */

/* All registered puzzle domains, NULL-terminated. */
const ar_puzzle *const *ar_puzzles(void);
/* The domain called name, or NULL. */
const ar_puzzle *ar_puzzle_find(const char *name);
/* --- helpers on top of the slots (src/search/puzzle.c) --- */

/* The heuristic called name in p, or NULL (name NULL: the default one). */
const ar_heuristic *ar_puzzle_heuristic(const ar_puzzle *p, const char *name);
/* The domain solver called name in p, or NULL. */
const ar_domain_solver *ar_puzzle_solver(const ar_puzzle *p, const char *name);

/* Generic successors: domain's batch function when present, otherwise
 * legal_moves + apply on copies. moves/costs/states hold max_moves entries. */
unsigned ar_puzzle_successors(const ar_puzzle *p, const ar_instance *inst, const void *state,
                              ar_move *moves, uint32_t *costs, void *states);
uint32_t ar_puzzle_move_cost(const ar_puzzle *p, const ar_instance *inst, ar_move move);
uint64_t ar_puzzle_hash(const ar_puzzle *p, const ar_instance *inst, const void *state);

/* Parses a whole move string (tokens separated by spaces, commas or newlines,
 * except inside parentheses, so `push(desk, room2)` is one move; single
 * characters for AR_PUZZLE_SINGLE_CHAR_MOVES domains) and replays it
 * from the start state with the domain's own rules. On success *length holds
 * the number of moves and *cost their cost, and *solved whether the final
 * state is a goal; `final_state` (state_size bytes, may be NULL) receives it.
 * An unparsable or illegal move gives AR_ERR_INPUT naming the move and its
 * 1-based index. */
ar_status ar_puzzle_replay(const ar_puzzle *p, const ar_instance *inst, const char *moves_text,
                           uint64_t *length, uint64_t *cost, int *solved, void *final_state,
                           ar_error *err);

/* The next move of a list of moves as ar_puzzle_replay reads it (spaces and
 * commas separate moves, except inside parentheses; one character a move for
 * AR_PUZZLE_SINGLE_CHAR_MOVES domains): sets *tok to its text and advances
 * *s past it; returns its length, 0 at the end of the list. */
size_t ar_puzzle_next_move(const ar_puzzle *p, const char **s, const char **tok);

/* The moves in the domain's notation as one malloc'd string, separated by
 * single spaces (run together for AR_PUZZLE_SINGLE_CHAR_MOVES domains): the
 * text ar_puzzle_replay and `ariadne verify` read back. NULL when out of
 * memory. */
char *ar_puzzle_format_moves(const ar_puzzle *p, const ar_instance *inst, const ar_move *moves,
                             uint64_t count);

/* Writes moves in the domain's notation: separated by spaces (run together
 * for AR_PUZZLE_SINGLE_CHAR_MOVES domains), wrapped before column 78 when
 * wrap is set; *column carries the current column across calls, so a long
 * solution can be printed in chunks. */
void ar_puzzle_print_moves(FILE *out, const ar_puzzle *p, const ar_instance *inst,
                           const ar_move *moves, uint64_t count, int wrap, uint64_t *column);

#ifdef __cplusplus
}
#endif
#endif
