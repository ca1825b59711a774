/* ariadne/local.h — local search: the notes' generate-and-test and hill
 * climbing, and the metaheuristics built on them.
 *
 * Local search keeps one complete candidate (or a few) and improves it by
 * small changes; it never builds a path from a start to a goal. Following
 * LKH and the constraint-programming systems, the parts are
 * kept apart:
 *   - a *problem* (ar_local_problem) gives a state (a fixed-size block of
 *     bytes), an objective to minimise (`cost`), start states, and a
 *     *neighbourhood*: the moves from a state (enumerated or sampled), their
 *     cost change (`delta`, optional) and `apply`;
 *   - a *strategy* (ar_local_strategy) decides which move to take and when
 *     to stop: generate-and-test (systematic or random), hill climbing
 *     (first improvement, steepest ascent, first choice; random restarts and
 *     sideways moves), iterated local search (kicks), simulated annealing
 *     (four documented schedules, reheating), local beam search and tabu
 *     search. A strategy knows no problem; a problem chooses no strategy.
 *
 * The notes speak of climbing towards higher values; ariadne minimises a
 * cost (value = -cost), so "better" means lower. A run says how it ended: on
 * a local optimum (no move improves, every one worsens), on a plateau (no
 * move improves, some keep the cost), at a known lower bound (proven
 * optimal), after the whole candidate space was generated (proven optimal),
 * or when its budget or a limit ran out. The objective trace (every step's
 * cost) goes to the run's trace callback (`--trace FILE` on the command
 * line).
 *
 * Runs are reproducible: the same problem, strategy, parameters and seed give
 * the same moves. Every run lives in the library's run context (run.h):
 * time, node (moves evaluated) and memory limits, Ctrl-C, the progress line,
 * and the best state so far when it is stopped.
 *
 * A puzzle offers a local-search view of its instances by an
 * ar_local_provider in its descriptor (puzzle.h, `.local`); `ariadne solve
 * DOMAIN --algo anneal` then runs the strategy over that view and prints the
 * best state as a solution the domain's rules replay. */
#ifndef ARIADNE_LOCAL_H
#define ARIADNE_LOCAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/memory.h"
#include "ariadne/param.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/run.h"
#include "ariadne/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A move of the neighbourhood: four numbers only the problem interprets
 * (e.g. two positions and a kind). Enumeration uses it as its cursor. */
typedef struct ar_local_move {
    int32_t a, b, c, d;
} ar_local_move;

/* What a move changes, for tabu search: the attributes it adds and drops
 * (e.g. edges of a tour). Dropped attributes become tabu to add again. */
typedef struct ar_local_attrs {
    unsigned adds, drops;
    uint64_t add[4], drop[4];
} ar_local_attrs;

typedef struct ar_local_problem {
    void *ctx;                 /* the problem's own data, passed to every call */
    size_t state_size;         /* (required) bytes of a state */
    uint64_t size;             /* the problem's size (variables, cities): scales default budgets */
    int has_lower_bound;       /* a proven lower bound on the cost is known: */
    int64_t lower_bound;       /* reaching it ends the search, optimality proven */

    /* --- the objective --- */
    int64_t (*cost)(void *ctx, const void *state); /* (required) lower is better */
    /* Whether a state is a solution (satisfaction problems: no constraint
     * violated). NULL: every state is one (optimisation problems). */
    int (*is_solution)(void *ctx, const void *state);

    /* --- start states --- */
    void (*random_state)(void *ctx, void *state, ar_rng *rng); /* (required) uniformly at random */
    /* A constructed start (a greedy construction); NULL: random_state. */
    void (*initial_state)(void *ctx, void *state, ar_rng *rng);

    /* --- the neighbourhood --- */
    /* (required) Enumeration in a fixed order: first_move sets *move to the
     * first move of state, next_move to the one after *move; each returns 0
     * when there is none. */
    int (*first_move)(void *ctx, const void *state, ar_local_move *move);
    int (*next_move)(void *ctx, const void *state, ar_local_move *move);
    /* (required) A move drawn at random; 0 when the state has none. */
    int (*random_move)(void *ctx, const void *state, ar_rng *rng, ar_local_move *move);
    /* The cost change apply would make; NULL: the engine applies the move to
     * a copy and compares costs (correct, slower). */
    int64_t (*delta)(void *ctx, const void *state, const ar_local_move *move);
    /* (required) Applies a move in place. It may update the problem's own
     * bookkeeping (don't-look bits, an undo journal). */
    void (*apply)(void *ctx, void *state, const ar_local_move *move);

    /* --- optional speed-ups of the problem's own --- */
    /* Finds an improving move of state quickly (neighbour lists, don't-look
     * bits): 1 with the move and its delta (< 0), or 0 when it finds none,
     * meaning no move of the neighbourhood improves state. Adds the moves it
     * evaluated to *evaluated. Only valid for the state the engine works on:
     * the engine calls `reset` whenever it replaces that state. NULL: the
     * engine enumerates. */
    int (*improving_move)(void *ctx, const void *state, ar_local_move *move, int64_t *delta,
                          uint64_t *evaluated);
    /* The working state was replaced (a restart, a copy of the best): forget
     * what was cached about it. */
    void (*reset)(void *ctx, const void *state);
    /* A kick for iterated local search (a double bridge on a tour), applied
     * in place; returns the cost change. NULL: three random moves. */
    int64_t (*perturb)(void *ctx, void *state, ar_rng *rng);
    /* Marks the working state as a point to come back to, and takes it back
     * there (an undo journal): rollback returns 1 when done, 0 when it cannot
     * (the engine then copies its saved state back and calls reset). NULL:
     * the engine copies. */
    void (*mark)(void *ctx, const void *state);
    int (*rollback)(void *ctx, void *state);
    /* What a move adds and drops, for tabu search; NULL: the tabu list holds
     * hashes of recently visited states. */
    void (*attributes)(void *ctx, const void *state, const ar_local_move *move, ar_local_attrs *out);

    /* --- systematic generate-and-test --- */
    /* Every candidate solution once, in a fixed order: first_candidate writes
     * the first, next_candidate the one after state (0 when all were made).
     * NULL: the problem has no systematic generator. */
    int (*first_candidate)(void *ctx, void *state);
    int (*next_candidate)(void *ctx, void *state);
    /* How many candidates there are (0: unknown or more than 2^64), for the
     * progress line's ETA. */
    uint64_t (*candidate_count)(void *ctx);
} ar_local_problem;

/* --- strategies and their parameters --- */

typedef enum ar_local_schedule {
    AR_SCHEDULE_GEOMETRIC,  /* T(k+1) = alpha * T(k) after each epoch */
    AR_SCHEDULE_LINEAR,     /* T(k) = T0 * (1 - k/epochs) */
    AR_SCHEDULE_LOG,        /* T(k) = T0 / ln(k + e) (Geman & Geman): converges in theory, slowly */
    AR_SCHEDULE_LUNDY_MEES  /* T <- T / (1 + beta*T) after every move (Lundy & Mees) */
} ar_local_schedule;

/* Every strategy's parameters; each strategy reads the ones its option table
 * lists (ar_local_strategy.options) and ignores the rest. Zero means the
 * documented default, scaled by the problem's size where it says so. */
typedef struct ar_local_params {
    uint64_t seed;
    int random_start;      /* start from a random state, not the constructed one */
    uint64_t restarts;     /* hill, steepest, first-choice: climbs after the first, from random states */
    uint64_t sideways;     /* the most sideways (equal-cost) moves in a row; 0: none */
    uint64_t tries;        /* first-choice: random neighbours without improvement before it stops
                              (default 100 + 10 * size) */
    uint64_t kicks;        /* ils: kicks (default 10 * size, at least 100) */
    ar_local_schedule schedule;
    double t0;             /* anneal: start temperature (0: from `accept`) */
    double accept;         /* anneal: P(accepting an average worsening move) at T0 (default 0.3) */
    double alpha;          /* geometric cooling factor (default 0.95) */
    double tmin;           /* anneal: the final temperature as a fraction of T0 (default 1e-4) */
    uint64_t epoch;        /* anneal: moves per temperature (default 100 * size, at least 1000) */
    uint64_t epochs;       /* anneal: the most temperatures (linear: the schedule's length; default 200) */
    uint64_t reheats;      /* anneal: times the temperature goes back up when frozen (default 0) */
    double reheat;         /* anneal: the reheat temperature as a fraction of T0 (default 0.5) */
    uint64_t beams;        /* local-beam: states kept (default 10) */
    uint64_t tenure;       /* tabu: iterations an attribute stays tabu (default 7 + size / 10) */
    uint64_t steps;        /* tabu: iterations (default 100 + 10 * size) */
    uint64_t samples;      /* generate: random candidates (default 10000) */
} ar_local_params;

/* How a run (or its last climb) ended. */
typedef enum ar_local_end {
    AR_LOCAL_END_NONE,
    AR_LOCAL_END_LOCAL_OPTIMUM, /* every move worsens: a strict local optimum (maximum of the value) */
    AR_LOCAL_END_PLATEAU,       /* no move improves, some keep the cost (sideways moves exhausted) */
    AR_LOCAL_END_BOUND,         /* the known lower bound was reached: optimal */
    AR_LOCAL_END_EXHAUSTED,     /* systematic generate-and-test made every candidate: the best is optimal */
    AR_LOCAL_END_SOLUTION,      /* generate-and-test found a solution of a satisfaction problem */
    AR_LOCAL_END_BUDGET,        /* the strategy's own budget ran out (restarts, kicks, samples, steps, frozen) */
    AR_LOCAL_END_STOPPED        /* a limit or Ctrl-C (run->stop says which) */
} ar_local_end;

typedef struct ar_local_stats {
    ar_local_end end;          /* how the run ended */
    ar_local_end last_climb;   /* hill-climbing strategies: how the last climb ended */
    /* What the best state is over the whole neighbourhood: a strict local
     * optimum, a plateau, or AR_LOCAL_END_NONE when a move still improves it
     * (annealing frozen off an optimum); AR_LOCAL_END_STOPPED: not looked at
     * (the run was stopped by a limit). */
    ar_local_end best_kind;
    int have_best;             /* best holds a state (not so only when no candidate was made) */
    int64_t start_cost;        /* cost of the first start state */
    int64_t best_cost;
    uint64_t steps;            /* moves applied */
    uint64_t evaluations;      /* moves evaluated (the run's node count) */
    uint64_t climbs;           /* hill climbs (1 + restarts made) or ILS descents */
    uint64_t local_optima;     /* climbs ending on a strict local optimum */
    uint64_t plateaus;         /* climbs ending on a plateau */
    uint64_t sideways;         /* sideways moves made */
    uint64_t uphill;           /* worsening moves accepted (annealing, tabu) */
    uint64_t kicks;            /* ILS kicks made */
    uint64_t improvements;     /* times the best cost went down */
    uint64_t reheats;          /* annealing reheats made */
    double temperature;        /* annealing: the last temperature */
} ar_local_stats;

typedef struct ar_local_strategy {
    const char *name;
    const char *summary;
    /* The parameters it reads, as command-line options ({NULL}-terminated). */
    const ar_option_spec *options;
    /* Whether it can prove optimality (systematic generate-and-test). */
    int complete;
} ar_local_strategy;

/* The strategies, {NULL}-terminated; the one called name, or NULL. */
const ar_local_strategy *ar_local_strategies(void);
const ar_local_strategy *ar_local_strategy_find(const char *name);

/* Fills params with defaults (zeroes: the documented defaults), then with
 * the strategy's options from params_in (name/value pairs as the command
 * line gives them). An option the strategy does not take, or a bad value,
 * is AR_ERR_INPUT naming "parameter NAME". */
ar_status ar_local_params_parse(const ar_local_strategy *s, const ar_param *params_in, size_t count,
                                ar_local_params *params, ar_error *err);

/* Runs strategy s on prob within run (its limits, progress and result
 * counters: res->expanded counts moves evaluated, res->generated moves
 * applied), writing the best state found into best (state_size bytes) and
 * how the run went into stats. Returns AR_OK whenever best holds a state
 * (also when a limit stopped the run: stats->end is then
 * AR_LOCAL_END_STOPPED); an error when the problem lacks what the strategy
 * needs (AR_ERR_UNSUPPORTED) or memory is refused. */
ar_status ar_local_search(const ar_local_problem *prob, const ar_local_strategy *s,
                          const ar_local_params *params, ar_run *run, void *best,
                          ar_local_stats *stats, ar_error *err);

/* "local optimum", "plateau", ... */
const char *ar_local_end_name(ar_local_end end);

/* --- a puzzle's local-search view (puzzle.h `.local`) --- */

typedef struct ar_local_provider {
    /* (required) Makes the local-search problem of inst: fills *prob, its ctx
     * allocated in mem (the run's accounted memory). */
    ar_status (*create)(ar_instance *inst, ar_mem *mem, ar_local_problem *prob, ar_error *err);
    /* (required) Releases what create allocated. */
    void (*destroy)(ar_local_problem *prob, ar_mem *mem);
    /* (required) The most moves a solution has. */
    uint64_t (*solution_length)(const ar_local_problem *prob);
    /* (required) The solution a state stands for, as moves from the
     * instance's start that the domain's rules replay, with their length
     * and cost. AR_ERR_UNSOLVABLE when the state is not a solution. */
    ar_status (*to_moves)(const ar_local_problem *prob, const void *state, ar_move *moves,
                          uint64_t *length, uint64_t *cost, ar_error *err);
} ar_local_provider;

/* Runs a local-search strategy on a puzzle instance through its local view:
 * what ar_solve does for --algo STRATEGY. The strategy's parameters come
 * from opts->algo_params, the seed from opts->seed, the trace goes to
 * opts->on_trace. The best state becomes the result's solution; it is
 * labelled optimal only when proven (the lower bound reached, or every
 * candidate generated). */
ar_status ar_local_solve(const ar_puzzle *p, ar_instance *inst, const ar_local_strategy *s,
                         const ar_search_options *opts, ar_result *result, ar_error *err);

#ifdef __cplusplus
}
#endif
#endif
