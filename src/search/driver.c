/* driver.c — ar_solve(): chooses the algorithm (generic or the domain's own)
 * and the heuristic, runs the domain's solvability check and fills in the
 * parts of the result every algorithm shares (time, optimality note). Also
 * the table of generic algorithms. The limits model is run.c's. */
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/local.h"
#include "ariadne/timer.h"

static const ar_algorithm algorithms[] = {
    {"astar", "A*: best-first on f = g + h; optimal with an admissible heuristic",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_astar},
    {"idastar", "IDA*: iterative-deepening A*, memory linear in depth; optimal with an admissible heuristic",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_OPTIMAL, ar_algo_idastar},
    {"bfs", "breadth-first search with duplicate detection; fewest moves",
     AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_bfs},
    {"ucs", "uniform-cost search (Dijkstra): best-first on g; least cost",
     AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_ucs},
    {"wastar", "weighted A*: f = g + w*h (--weight, default 2); cost at most w times optimal",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_COMPLETE, ar_algo_wastar},
    {"greedy", "greedy best-first on h alone; fast, no quality bound",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_COMPLETE, ar_algo_greedy},
    {"iddfs", "iterative-deepening depth-first search; fewest moves, memory linear in depth",
     AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_iddfs},
    {"dfs", "depth-first backtracking (--depth-limit D); first solution found",
     AR_ALGO_COMPLETE, ar_algo_dfs},
    {"beam", "beam search: breadth-first keeping the best --beam-width states per level",
     AR_ALGO_USES_HEURISTIC, ar_algo_beam},
    {"bnb", "anytime depth-first branch and bound: improving solutions until proven optimal",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_OPTIMAL | AR_ALGO_ANYTIME | AR_ALGO_COMPLETE, ar_algo_bnb},
    {"bibfs", "bidirectional breadth-first search from the start and the goal until they meet; "
              "fewest moves (domains that search backward)",
     AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_bibfs},
    {"mm", "MM: bidirectional heuristic search meeting in the middle (Holte et al. 2016); optimal "
           "with an admissible heuristic (domains that search backward)",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_mm},
    {NULL, NULL, 0, NULL}};

const ar_algorithm *ar_algorithms(void) { return algorithms; }

const ar_algorithm *ar_algorithm_find(const char *name)
{
    const ar_algorithm *a;
    if (!name)
        return NULL;
    for (a = algorithms; a->name; a++)
        if (strcmp(a->name, name) == 0)
            return a;
    return NULL;
}

void ar_search_options_init(ar_search_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->weight = 2.0;
    opts->beam_width = 1000;
}

void ar_result_init(ar_result *result)
{
    memset(result, 0, sizeof *result);
    result->outcome = AR_OUTCOME_NONE; /* a failed ar_solve must not read as solved */
}

void ar_result_free(ar_result *result)
{
    free(result->moves);
    result->moves = NULL;
}

void ar_result_line(const ar_result *res, char *buf, size_t size)
{
    if (res->outcome == AR_OUTCOME_SOLVED)
        snprintf(buf, size, "solved in %" PRIu64 " moves, cost %" PRIu64 "%s (%s)", res->length, res->cost,
                 res->optimal ? ", optimal" : "", res->algorithm ? res->algorithm : "");
    else if (res->outcome == AR_OUTCOME_NO_SOLUTION)
        snprintf(buf, size, "no solution (%s)", res->note);
    else
        snprintf(buf, size, "stopped by %s (%" PRIu64 " nodes expanded)", ar_stop_reason_name(res->stop),
                 res->expanded);
}

const char *ar_outcome_name(ar_outcome outcome)
{
    switch (outcome) {
    case AR_OUTCOME_SOLVED: return "solved";
    case AR_OUTCOME_NO_SOLUTION: return "no_solution";
    case AR_OUTCOME_STOPPED: return "limit";
    case AR_OUTCOME_NONE: return "none";
    }
    return "limit";
}

/* --- ar_solve --- */

static void describe_optimality(ar_result *res, const ar_algorithm *algo, const ar_heuristic *h)
{
    if (res->outcome != AR_OUTCOME_SOLVED) {
        res->optimal = 0;
        return;
    }
    if (res->optimal || res->note[0])
        return; /* the algorithm has already said whether it is proven (B&B, a depth cut) */
    if (!(algo->flags & AR_ALGO_OPTIMAL)) {
        snprintf(res->note, sizeof res->note, "not proven optimal: %s does not guarantee optimality",
                 algo->name);
        return;
    }
    if ((algo->flags & AR_ALGO_USES_HEURISTIC) && h && !(h->flags & AR_HEURISTIC_ADMISSIBLE)) {
        snprintf(res->note, sizeof res->note,
                 "not proven optimal: heuristic '%s' is not admissible", h->name);
        return;
    }
    /* Fewest moves is least cost when the solution's moves all cost 1: every
     * move costs at least 1, so any other solution, having at least as many
     * moves, costs at least as much. */
    if ((strcmp(algo->name, "bfs") == 0 || strcmp(algo->name, "iddfs") == 0 ||
         strcmp(algo->name, "bibfs") == 0) &&
        res->cost != res->length) {
        snprintf(res->note, sizeof res->note,
                 "fewest moves, but not proven least cost: moves have different costs");
        return;
    }
    res->optimal = 1;
    snprintf(res->note, sizeof res->note, "optimal: proven by %s%s%s", algo->name,
             h && (algo->flags & AR_ALGO_USES_HEURISTIC) ? " with admissible heuristic " : "",
             h && (algo->flags & AR_ALGO_USES_HEURISTIC) ? h->name : "");
}

/* A result that agrees with itself, whichever algorithm made it: a proven
 * bound that reaches the cost proves optimality; an optimal solution's cost
 * is its own lower bound; a proof that no solution exists leaves no bound;
 * and in a domain where every solution has the same length and cost, any
 * solution is optimal. */
static void make_consistent(const ar_puzzle *p, ar_result *res)
{
    if (res->outcome == AR_OUTCOME_NO_SOLUTION) {
        res->has_lower_bound = 0;
        return;
    }
    if (res->outcome != AR_OUTCOME_SOLVED)
        return;
    if (!res->optimal && (p->flags & AR_PUZZLE_FIXED_LENGTH)) {
        res->optimal = 1;
        snprintf(res->note, sizeof res->note, "optimal: every solution of %s has the same length and cost",
                 p->name);
    } else if (!res->optimal && res->has_lower_bound && res->lower_bound >= res->cost) {
        char was[sizeof res->note];
        snprintf(was, sizeof was, "%s", res->note);
        res->optimal = 1;
        snprintf(res->note, sizeof res->note, "optimal: its cost equals the proven lower bound%s%.200s",
                 was[0] ? " (" : "", was);
        if (was[0] && strlen(res->note) + 1 < sizeof res->note)
            strcat(res->note, ")");
    }
    if (res->optimal) {
        res->has_lower_bound = 1;
        res->lower_bound = res->cost;
    }
}

ar_status ar_solve(const ar_puzzle *p, ar_instance *inst, const ar_search_options *opts,
                   const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    ar_search_options defaults;
    const char *algo_name;
    const ar_algorithm *algo;
    const ar_domain_solver *solver;
    const ar_heuristic *h = NULL;
    double start = ar_now();
    ar_status st;

    ar_result_init(result);
    if (!opts) {
        ar_search_options_init(&defaults);
        opts = &defaults;
    }
    algo_name = opts->algorithm;
    if (!algo_name && p->default_algorithm)
        algo_name = p->default_algorithm(inst);
    if (!algo_name)
        algo_name = "astar";
    solver = ar_puzzle_solver(p, algo_name);
    algo = solver ? NULL : ar_algorithm_find(algo_name);
    if (!solver && !algo && ar_local_strategy_find(algo_name)) {
        /* A local-search strategy, over the domain's local-search view. */
        const ar_local_strategy *ls = ar_local_strategy_find(algo_name);
        if (opts->heuristic)
            return ar_error_set(err, AR_ERR_INPUT, "%s uses no heuristic (parameter heuristic %s does not apply)",
                                ls->name, opts->heuristic);
        result->algorithm = ls->name;
        st = ar_local_solve(p, inst, ls, opts, result, err);
        result->algorithm = ls->name;
        result->seconds = ar_now() - start;
        return st;
    }
    if (!solver && !algo)
        return ar_error_set(err, AR_ERR_INPUT,
                            "unknown algorithm '%s' for %s (see `ariadne list`)", algo_name, p->name);
    if (opts->algo_param_count)
        return ar_error_set(err, AR_ERR_INPUT, "parameter %s applies to the local-search strategies only "
                            "(--algo %s is not one)", opts->algo_params[0].name, algo_name);
    if (opts->weight < 1.0 && algo && strcmp(algo->name, "wastar") == 0)
        return ar_error_set(err, AR_ERR_INPUT, "parameter weight must be at least 1 (got %g)", opts->weight);
    /* A heuristic given to an algorithm that uses none would silently do nothing. */
    if (opts->heuristic && (solver ? !(solver->flags & AR_SOLVER_USES_HEURISTIC)
                                   : !(algo->flags & AR_ALGO_USES_HEURISTIC)))
        return ar_error_set(err, AR_ERR_INPUT, "%s uses no heuristic (parameter heuristic %s does not apply)",
                            solver ? solver->name : algo->name, opts->heuristic);

    if (p->check_solvable) {
        ar_error why;
        ar_error_clear(&why);
        st = p->check_solvable(inst, &why);
        if (st == AR_ERR_UNSOLVABLE) {
            result->algorithm = solver ? solver->name : algo->name;
            result->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(result->note, sizeof result->note, "no solution: %.230s", why.message);
            result->seconds = ar_now() - start;
            return AR_OK;
        }
        if (st != AR_OK) {
            if (err)
                *err = why;
            return st;
        }
    }

    if (solver) {
        result->algorithm = solver->name;
        st = solver->run(inst, opts, sink, result, err);
        result->algorithm = solver->name;
        result->seconds = ar_now() - start;
        if (st == AR_OK)
            make_consistent(p, result);
        return st;
    }

    if (algo->flags & AR_ALGO_USES_HEURISTIC) {
        h = ar_puzzle_heuristic(p, opts->heuristic);
        if (opts->heuristic && !h)
            return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%s' for %s (see `ariadne list`)",
                                opts->heuristic, p->name);
    }
    if (h && h->prepare) {
        ar_mem mem;
        ar_mem_init(&mem, opts->limits.memory_limit);
        st = h->prepare(inst, &mem, err);
        if (st != AR_OK)
            return st;
    }
    result->algorithm = algo->name;
    result->heuristic = h ? h->name : NULL;
    st = algo->run(p, inst, h, opts, result, err);
    result->algorithm = algo->name;
    result->heuristic = h ? h->name : NULL;
    result->seconds = ar_now() - start;
    if (st != AR_OK)
        return st;
    describe_optimality(result, algo, h);
    make_consistent(p, result);
    if (result->outcome == AR_OUTCOME_STOPPED && !result->note[0])
        snprintf(result->note, sizeof result->note, "stopped by %s%s",
                 ar_stop_reason_name(result->stop),
                 result->moves ? ": best solution found so far, not proven optimal" : "");
    if (result->outcome == AR_OUTCOME_NO_SOLUTION && !result->note[0])
        snprintf(result->note, sizeof result->note,
                 "no solution: every reachable state was searched");
    return AR_OK;
}
