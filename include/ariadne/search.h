/* ariadne/search.h — search algorithms over the puzzle interface.
 *
 * One entry point, ar_solve(), runs any registered algorithm (generic ones from
 * src/search, or a domain's own solver) under one limits model: time, memory,
 * node count and an interrupt flag. Every run fills an ar_result with the moves,
 * their cost, whether optimality is proven, a lower bound, node counts, time and
 * peak memory. A stopped search returns the best solution it has (if any),
 * labelled as not proven. */
#ifndef ARIADNE_SEARCH_H
#define ARIADNE_SEARCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/limits.h"
#include "ariadne/progress.h"
#include "ariadne/puzzle.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ar_outcome {
    AR_OUTCOME_SOLVED,      /* result holds a solution (optimal or not: see .optimal) */
    AR_OUTCOME_NO_SOLUTION, /* the whole reachable space was searched: none exists */
    AR_OUTCOME_STOPPED,     /* a limit or an interrupt stopped the search */
    AR_OUTCOME_NONE         /* no result: ar_result_init's value, kept when ar_solve fails */
} ar_outcome;


struct ar_result;

/* One point of a search's trace, for plotting and animating how it ran
 * (`solve --trace FILE`, the page's search visualiser, page.h).
 * Local search: each step's cost (step, current, best, temperature, event).
 * Tree searches (A*, weighted A*, greedy, UCS, BFS, beam, DFS, IDDFS, IDA*,
 * B&B): one point per expanded node, event "expand", with the node's state
 * and its numbers; IDA* and IDDFS add an "iteration" point when a new
 * threshold starts, BFS a "layer" point when a new depth starts. Fields an
 * algorithm does not have are 0 (state NULL). */
typedef struct ar_trace_point {
    uint64_t step;      /* moves applied so far (local); nodes expanded so far (tree) */
    int64_t current;    /* the cost of the current state (local) */
    int64_t best;       /* the best cost so far (local) */
    double temperature; /* annealing's temperature; 0 for other strategies */
    const char *event;  /* what happened: "start", "move", "sideways", "uphill", "restart", ...;
                           tree searches: "expand", "iteration", "layer" */
    const void *state;  /* tree: the node's state (valid during the call only), or NULL */
    uint64_t g, h;      /* tree: its path cost and the heuristic's estimate (f = g + h) */
    uint64_t frontier;  /* tree: the open list's size (best-first, BFS), the path's length (DFS) */
    uint64_t bound;     /* tree: IDA*'s f threshold, IDDFS's depth limit, BFS's layer */
    unsigned depth;     /* tree: the node's depth in moves */
} ar_trace_point;

typedef struct ar_search_options {
    const char *algorithm;  /* NULL: the domain's default */
    const char *heuristic;  /* NULL: the domain's default */
    double weight;          /* weighted A*: f = g + weight*h (>= 1; 0 means default 2) */
    size_t beam_width;      /* beam search (0: default 1000) */
    unsigned depth_limit;   /* DFS bound and optional cap for IDDFS/IDA* (0: none) */
    ar_limits limits;
    ar_progress *progress;  /* may be NULL */
    /* Called by anytime algorithms each time they find a better solution. */
    void (*on_improvement)(void *ctx, const struct ar_result *incumbent);
    void *on_improvement_ctx;
    /* Randomised algorithms (local search, a domain's randomised solvers):
     * the same seed gives the same run. */
    uint64_t seed;
    /* The chosen algorithm's own parameters (a local-search strategy's
     * restarts, schedule, ...), name/value pairs checked against its table. */
    const ar_param *algo_params;
    size_t algo_param_count;
    /* Called at each step of an iterative algorithm and at each node a
     * tree search expands (may be NULL; see ar_trace_point). */
    void (*on_trace)(void *ctx, const ar_trace_point *point);
    void *on_trace_ctx;
} ar_search_options;

typedef struct ar_result {
    ar_outcome outcome;
    ar_stop_reason stop;
    const char *algorithm;    /* name actually run */
    const char *heuristic;    /* name used, or NULL */
    ar_move *moves;           /* the solution (NULL when streamed or none) */
    uint64_t length;          /* number of moves */
    uint64_t cost;            /* sum of move costs */
    int streamed;             /* moves went to the sink instead of .moves */
    int optimal;              /* optimality is proven */
    int has_lower_bound;
    uint64_t lower_bound;     /* proven lower bound on the optimal cost */
    uint64_t expanded;
    uint64_t generated;
    double seconds;
    size_t peak_bytes;
    char note[512];           /* why optimal / not, in words, for people */
} ar_result;

enum {
    AR_ALGO_USES_HEURISTIC = 1u << 0,
    AR_ALGO_OPTIMAL = 1u << 1,       /* proves optimality (with an admissible heuristic if it uses one) */
    AR_ALGO_ANYTIME = 1u << 2,
    AR_ALGO_COMPLETE = 1u << 3       /* reports "no solution" after exhausting the space */
};

typedef struct ar_algorithm {
    const char *name;
    const char *summary;
    unsigned flags;
    ar_status (*run)(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                     const ar_search_options *opts, ar_result *result, ar_error *err);
} ar_algorithm;

/* The generic algorithms, NULL-name terminated. */
const ar_algorithm *ar_algorithms(void);
const ar_algorithm *ar_algorithm_find(const char *name);

/* Default options (no limits, default weight and beam width). */
void ar_search_options_init(ar_search_options *opts);

/* Runs the chosen algorithm on inst. Returns AR_OK when result is meaningful
 * (solved, proven unsolvable, or stopped by a limit: see result->outcome);
 * otherwise an error (unknown algorithm, bad option, unsolvable by the
 * domain's check -> AR_ERR_UNSOLVABLE) with err filled in. sink may be NULL;
 * only domain solvers stream. */
ar_status ar_solve(const ar_puzzle *p, ar_instance *inst, const ar_search_options *opts,
                   const ar_move_sink *sink, ar_result *result, ar_error *err);

/* Releases result->moves. */
void ar_result_free(ar_result *result);
void ar_result_init(ar_result *result);
/* One line on a result for people, as the pages show it: "solved in 27
 * moves, cost 27, optimal (astar)", "no solution (why)", "stopped by time
 * limit (N nodes expanded)". */
void ar_result_line(const ar_result *res, char *buf, size_t size);

const char *ar_outcome_name(ar_outcome outcome); /* "solved", "no_solution", "limit", "none" */

#ifdef __cplusplus
}
#endif
#endif
