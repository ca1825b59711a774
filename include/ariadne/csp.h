/* ariadne/csp.h — constraint satisfaction: finite-domain variables,
 * constraints, propagation, backtracking search and min-conflicts.
 *
 * The family keeps four pieces apart, as Gecode does: the *model* (an ar_csp:
 * variables with their domains, constraints posted on them), which says what
 * a solution is and nothing about how to find one; the *propagators* each
 * constraint becomes when a search starts (their strength chosen by the
 * options: checks only, forward checking, AC-3 or the incremental queue; the
 * all-different as pairwise, Hall intervals or Régin's matching); the
 * *branchers* (which variable next, which value first); and the *search
 * engines* (depth-first for the first, every or a count of the solutions,
 * optionally with conflict-directed backjumping; min-conflicts local search),
 * which explore any model without knowing what it stands for. A domain
 * states its problem as a model and lets the options choose the search.
 *
 * Every engine runs inside the library's run context (run.h): it counts its
 * decisions as expansions, stops on the time, node and memory limits and
 * Ctrl-C, and draws the progress line. docs/methods.md says what each method
 * is, when to use it and how it fails; the text format read by
 * ar_csp_parse is documented with the puzzle that reads model files. */
#ifndef ARIADNE_CSP_H
#define ARIADNE_CSP_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/param.h"
#include "ariadne/run.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- model -- */

typedef struct ar_csp ar_csp; /* a model: variables and constraints */

/* Limits of a model: values are 32-bit, and a variable's initial domain
 * spans at most AR_CSP_MAX_WIDTH values (its bitset is that wide). */
#define AR_CSP_MAX_WIDTH (1 << 20)
#define AR_CSP_MAX_VARS (1 << 22)

ar_status ar_csp_create(ar_csp **out, ar_error *err);
void ar_csp_destroy(ar_csp *m);

/* A new variable with the domain lo..hi; its index (0, 1, ... in order of
 * creation) goes to *index. name may be NULL (it is then "x<index>"). */
ar_status ar_csp_new_var(ar_csp *m, int32_t lo, int32_t hi, const char *name, int *index, ar_error *err);
/* Removes a value from a variable's initial domain (for domains with holes);
 * AR_ERR_UNSOLVABLE when the domain becomes empty. */
ar_status ar_csp_exclude(ar_csp *m, int var, int32_t value, ar_error *err);

size_t ar_csp_var_count(const ar_csp *m);
size_t ar_csp_constraint_count(const ar_csp *m);
const char *ar_csp_var_name(const ar_csp *m, int var);
/* The variable called name, or -1. */
int ar_csp_var_find(const ar_csp *m, const char *name);
int32_t ar_csp_var_lo(const ar_csp *m, int var); /* bounds of the initial domain */
int32_t ar_csp_var_hi(const ar_csp *m, int var);
/* Whether value is in the variable's initial domain. */
int ar_csp_var_allows(const ar_csp *m, int var, int32_t value);

typedef enum ar_csp_rel {
    AR_CSP_EQ, /* = */
    AR_CSP_NE, /* != */
    AR_CSP_LE, /* <= */
    AR_CSP_GE  /* >= */
} ar_csp_rel;

/* all-different(x[0] + offset[0], ..., x[n-1] + offset[n-1]); offsets may be
 * NULL (all 0). With offsets, the diagonals of a board are one constraint
 * each. */
ar_status ar_csp_alldiff(ar_csp *m, const int *vars, const int32_t *offsets, size_t n, ar_error *err);
/* sum coefs[i] * x[i]  REL  rhs. Coefficients must keep every partial sum
 * within +-2^62 (checked). A variable may appear more than once. */
ar_status ar_csp_linear(ar_csp *m, const int64_t *coefs, const int *vars, size_t n, ar_csp_rel rel, int64_t rhs,
                        ar_error *err);
/* The pairs (x, y) allowed (allowed != 0) or forbidden (allowed == 0):
 * pairs[2k], pairs[2k+1] for k < npairs. */
ar_status ar_csp_table(ar_csp *m, int x, int y, const int32_t *pairs, size_t npairs, int allowed, ar_error *err);

/* A user constraint. check is required: whether values (one per variable of
 * the constraint, in the order posted) satisfy it; it is what the
 * depth-first engine asks once the variables are all fixed, and what
 * min-conflicts counts. propagate is optional: it may narrow the variables
 * through the space functions below and returns 0, or -1 on a wipe-out or
 * a proven violation; NULL means forward checking (once all variables but
 * one are fixed, each value of the last one is checked). */
typedef struct ar_csp_space ar_csp_space; /* a search's domains (opaque) */
typedef struct ar_csp_user {
    const char *name; /* for messages and statistics */
    int (*check)(void *ctx, const int32_t *values);
    int (*propagate)(void *ctx, ar_csp_space *s, const int *vars, size_t n);
} ar_csp_user;
ar_status ar_csp_user_constraint(ar_csp *m, const int *vars, size_t n, const ar_csp_user *user, void *ctx,
                                 ar_error *err);

/* Declares the values of these variables interchangeable: their initial
 * domains are equal and every constraint on them is unchanged by any
 * permutation of those values (the colours of a map). The
 * brancher then tries, at each choice, the values already used in the group
 * and one unused value, which removes the group's value symmetry. */
ar_status ar_csp_interchangeable(ar_csp *m, const int *vars, size_t n, ar_error *err);

/* The variables of constraint k: how many, and the i-th (in the order posted). */
size_t ar_csp_constraint_arity(const ar_csp *m, size_t k);
int ar_csp_constraint_var(const ar_csp *m, size_t k, size_t i);

/* Whether constraint k can still hold under a partial assignment in which
 * values[x] == AR_CSP_UNSET means x has no value yet, and variable v takes
 * `value` (whatever values[v] says): an all-different must hold among the
 * variables with values, any other constraint once all its variables have
 * them. What plain backtracking checks. */
#define AR_CSP_UNSET INT32_MIN
int ar_csp_partial_ok(const ar_csp *m, size_t k, const int32_t *values, int v, int32_t value);

/* Whether a complete assignment (one value per variable, in index order)
 * satisfies every constraint; on failure *bad_constraint (may be NULL) is
 * the index of the first violated one. */
int ar_csp_satisfied(const ar_csp *m, const int32_t *values, size_t *bad_constraint);
/* A short description of constraint k ("alldiff of 9", "linear =, 8 terms"). */
void ar_csp_describe_constraint(const ar_csp *m, size_t k, char *buf, size_t size);

/* --- the space, as user propagators see it (variables are model indexes) --- */
int32_t ar_csp_space_min(const ar_csp_space *s, int var);
int32_t ar_csp_space_max(const ar_csp_space *s, int var);
uint32_t ar_csp_space_size(const ar_csp_space *s, int var);
int ar_csp_space_contains(const ar_csp_space *s, int var, int32_t value);
/* Narrowing: 0, or -1 when the domain became empty (the propagator then
 * returns -1 at once). */
int ar_csp_space_remove(ar_csp_space *s, int var, int32_t value);
int ar_csp_space_set_min(ar_csp_space *s, int var, int32_t value);
int ar_csp_space_set_max(ar_csp_space *s, int var, int32_t value);
int ar_csp_space_assign(ar_csp_space *s, int var, int32_t value);

/* ---------------------------------------------- propagation and branching -- */

typedef enum ar_csp_consistency {
    AR_CSP_CHECK,   /* chronological backtracking: a constraint is checked once its
                       variables are all assigned; nothing is pruned */
    AR_CSP_FORWARD, /* forward checking: each assignment runs the constraints on the
                       assigned variable once; no cascade */
    AR_CSP_AC3,     /* maintained arc consistency by AC-3: every constraint on a
                       changed variable is revised again, first in first out */
    AR_CSP_QUEUE    /* the incremental queue (default): a constraint wakes only on the
                       events it needs (bounds, assignment, any change), cheap ones first,
                       and drops out once it can prune no more */
} ar_csp_consistency;

typedef enum ar_csp_alldiff_level {
    AR_CSP_ALLDIFF_REGIN,    /* Régin's matching: every value without a support goes (default) */
    AR_CSP_ALLDIFF_BOUNDS,   /* Hall intervals: the bounds of every variable */
    AR_CSP_ALLDIFF_PAIRWISE  /* as the n(n-1)/2 disequalities: an assigned value leaves the others */
} ar_csp_alldiff_level;

typedef enum ar_csp_var_order {
    AR_CSP_VAR_MRV_DEGREE, /* fewest values left, ties to the most constraints on open variables (default) */
    AR_CSP_VAR_MRV,        /* fewest values left, ties to the first */
    AR_CSP_VAR_INPUT,      /* the first open variable, in the model's order */
    AR_CSP_VAR_WDEG        /* fewest values per weighted degree (constraints weighted by their failures) */
} ar_csp_var_order;

typedef enum ar_csp_value_order {
    AR_CSP_VAL_MIN,    /* smallest value first (default) */
    AR_CSP_VAL_MAX,    /* largest first */
    AR_CSP_VAL_LCV,    /* least-constraining value: the one that leaves the others most values */
    AR_CSP_VAL_RANDOM  /* a random order (the seed) */
} ar_csp_value_order;

typedef struct ar_csp_options {
    ar_csp_consistency consistency;
    ar_csp_alldiff_level alldiff;
    ar_csp_var_order var_order;
    ar_csp_value_order value_order;
    int backjump;      /* conflict-directed backjumping */
    uint64_t seed;     /* value order random; min-conflicts */
    /* min-conflicts */
    uint64_t max_steps;   /* per restart; 0: 100 * variables + 10000 */
    unsigned max_restarts; /* 0: until a limit stops it */
    double noise;         /* probability of a random value instead of the best (0: 0.02) */
} ar_csp_options;

void ar_csp_options_init(ar_csp_options *o);

/* The options every constraint-based domain takes (--consistency,
 * --alldiff, --var-order, --value-order, --backjump): the entries to put in
 * a domain's option table, and reading them from the params (*given, may be
 * NULL, says whether any was there, so that a solver they do not apply to
 * can refuse them). */
#define AR_CSP_OPTION_SPECS                                                                                     \
    {.name = "consistency", .metavar = "C",                                                                     \
     .help = "constraint search: check (backtracking), forward (forward checking), ac3, queue (default)"},      \
        {.name = "alldiff", .metavar = "A", .help = "constraint search: all-different by regin (default), bounds, pairwise"}, \
        {.name = "var-order", .metavar = "V", .help = "constraint search: mrv-degree (default), mrv, input, wdeg"}, \
        {.name = "value-order", .metavar = "V", .help = "constraint search: min (default), max, lcv, random"},    \
        {.name = "backjump", .metavar = NULL, .help = "constraint search: conflict-directed backjumping"}
ar_status ar_csp_options_from_params(const ar_param *params, size_t count, ar_csp_options *o, int *given,
                                     ar_error *err);
/* Names of the option values, for notes and tables ("queue", "regin", ...). */
const char *ar_csp_consistency_name(ar_csp_consistency c);
const char *ar_csp_alldiff_name(ar_csp_alldiff_level a);
const char *ar_csp_var_order_name(ar_csp_var_order v);
const char *ar_csp_value_order_name(ar_csp_value_order v);

/* ------------------------------------------------------- search engines -- */

typedef enum ar_csp_outcome {
    AR_CSP_FOUND,    /* at least one solution found (a first-solution search stops there) */
    AR_CSP_NONE,     /* the search space was exhausted: no solution exists */
    AR_CSP_ALL,      /* every solution was enumerated (count is exact) */
    AR_CSP_STOPPED   /* a limit, Ctrl-C or the visitor stopped the search first */
} ar_csp_outcome;

typedef struct ar_csp_stats {
    uint64_t decisions;    /* values tried (each is one expansion of the run) */
    uint64_t failures;     /* dead ends */
    uint64_t propagations; /* propagator runs (revisions under AC-3) */
    uint64_t solutions;
    uint64_t backjumps;    /* backtracks that skipped at least one level */
    uint64_t levels_skipped;
    uint64_t restarts;     /* min-conflicts */
    uint64_t steps;        /* min-conflicts: repairs made */
    unsigned max_depth;
    uint64_t violations;   /* min-conflicts: violated constraints left (0 when solved) */
} ar_csp_stats;

/* Called with each solution found (values in variable order); non-zero
 * stops the search. */
typedef int (*ar_csp_visit)(void *ctx, const int32_t *values);

/* Depth-first search. Stops after max_solutions solutions (0: all of them;
 * 1: the first; 2: enough to tell a unique solution). visit (may be NULL)
 * sees each solution, and `first` (may be NULL, var_count entries) receives
 * the first one. run may be NULL (no limits); otherwise each decision is an
 * expansion of run->res and the search asks ar_run_should_stop. Fails only
 * for bad options or memory (AR_ERR_MEMORY, with the run stopped for
 * memory when run is given). */
ar_status ar_csp_search(const ar_csp *m, const ar_csp_options *o, ar_run *run, uint64_t max_solutions,
                        ar_csp_visit visit, void *ctx, int32_t *first, ar_csp_outcome *outcome,
                        ar_csp_stats *stats, ar_error *err);

/* Min-conflicts local search from a random assignment: repeatedly picks a
 * variable of a violated constraint and gives it the value that violates
 * the fewest (ties at random, a random value with probability noise), with
 * restarts after max_steps. It can find a solution but never prove there is
 * none: the outcome is AR_CSP_FOUND or AR_CSP_STOPPED (the run's limits or
 * max_restarts). values receives the solution, or the assignment with the
 * fewest violations seen; stats->violations says how many remain. */
ar_status ar_csp_min_conflicts(const ar_csp *m, const ar_csp_options *o, ar_run *run, int32_t *values,
                               ar_csp_outcome *outcome, ar_csp_stats *stats, ar_error *err);

/* Runs the depth-first engine (or min-conflicts, when local_search is set)
 * on m as a puzzle's solver: under opts' limits and progress (opts may be
 * NULL), filling result's outcome (solved, no solution, stopped), its
 * counters and a note saying which method ran and what it did. On
 * AR_OUTCOME_SOLVED, values holds the solution; the caller turns it into
 * moves. A stopped min-conflicts run leaves in values its assignment with
 * the fewest violated constraints, and says how many in the note. */
ar_status ar_csp_solve_puzzle(const ar_csp *m, const ar_csp_options *o, int local_search,
                              const struct ar_search_options *opts, struct ar_result *result, int32_t *values,
                              ar_error *err);

/* Counts every solution of m as `ariadne count` does: under opts' limits
 * and progress (opts may be NULL), in decisions; visit (may be NULL) sees
 * each solution and stops the count by returning non-zero. r receives the
 * counters, whether the count is exact (complete) and, when it is not, why
 * (stop: the run's limit, or AR_STOP_INTERRUPT when the visitor stopped
 * it), and the seconds taken. */
typedef struct ar_csp_count_result {
    ar_csp_stats stats;
    int complete;
    ar_stop_reason stop;
    double seconds;
} ar_csp_count_result;

ar_status ar_csp_count(const ar_csp *m, const ar_csp_options *o, const struct ar_search_options *opts,
                       ar_csp_visit visit, void *ctx, ar_csp_count_result *r, ar_error *err);

/* ------------------------------------------------------------ text form -- */

/* Reads a model in the library's text format:
 *   var x y z : 1..9        variables (names, or an array q[8] -> q[1]..q[8])
 *   var c : {1, 3, 5}       a domain as a set (ranges allowed inside)
 *   alldiff x y z+1         all different, each term with an optional offset
 *   2*x + y - 3 = z         linear: = != <= >= < > between two sums
 *   table x y : 1 2, 2 3    the allowed pairs (forbid x y : ... the forbidden ones)
 *   interchangeable x y z   values interchangeable (symmetry)
 * with '#' comments; ';' may separate statements on one line. A malformed
 * line gives AR_ERR_INPUT naming the line and what is wrong. */
ar_status ar_csp_parse(const char *text, ar_csp **out, ar_error *err);

#ifdef __cplusplus
}
#endif
#endif
