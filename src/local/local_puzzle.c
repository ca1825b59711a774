/* local_puzzle.c — local search on a puzzle: `ariadne solve DOMAIN --algo
 * STRATEGY` for a domain whose descriptor offers a local-search view
 * (puzzle.h `.local`, an ar_local_provider).
 *
 * The view makes the instance's ar_local_problem; the strategy runs on it
 * inside the run context; the best state becomes the result's solution as
 * moves the domain's rules replay (so `ariadne verify` checks it), and the
 * note says how the run ended: a local optimum, a plateau, the budget spent,
 * a limit. It is labelled optimal only when that is proven: the problem's
 * lower bound reached, or every candidate generated. */
#include "ariadne/local.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How the run ended, in words, then what the best state is. */
static void write_note(ar_result *res, const ar_local_strategy *s, const ar_local_stats *st,
                       const ar_local_problem *prob)
{
    char *n = res->note;
    size_t size = sizeof res->note, used = 0;
#define ADD(...)                                                                         \
    do {                                                                                 \
        if (used < size)                                                                 \
            used += (size_t)snprintf(n + used, size - used, __VA_ARGS__);               \
    } while (0)
    switch (st->end) {
    case AR_LOCAL_END_BOUND:
        ADD("optimal: %s reached the proven lower bound %" PRId64, s->name, prob->lower_bound);
        return;
    case AR_LOCAL_END_EXHAUSTED:
        ADD("optimal: %s generated and tested all %" PRIu64 " candidates", s->name, st->steps);
        return;
    case AR_LOCAL_END_SOLUTION:
        ADD("%s stopped at the first solution it generated", s->name);
        break;
    case AR_LOCAL_END_LOCAL_OPTIMUM:
        ADD("%s ended on a local optimum (every move worsens it)", s->name);
        break;
    case AR_LOCAL_END_PLATEAU:
        ADD("%s ended on a plateau (no move improves, some keep the cost)", s->name);
        break;
    case AR_LOCAL_END_STOPPED:
        ADD("%s was stopped: the best state so far", s->name);
        break;
    default:
        if (st->kicks)
            ADD("%s made its %" PRIu64 " kicks (%" PRIu64 " improved the best)", s->name, st->kicks,
                st->improvements);
        else if (st->climbs > 1)
            ADD("%s made its %" PRIu64 " climbs: %" PRIu64 " ended on local optima, %" PRIu64 " on plateaus",
                s->name, st->climbs, st->local_optima, st->plateaus);
        else if (st->climbs == 1)
            ADD("%s gave up: no improvement in its random tries", s->name);
        else if (st->temperature > 0 || strcmp(s->name, "anneal") == 0)
            ADD("%s cooled to %.3g (%" PRIu64 " reheats)", s->name, st->temperature, st->reheats);
        else if (strcmp(s->name, "generate") == 0)
            ADD("%s tested its %" PRIu64 " random candidates", s->name, st->steps);
        else
            ADD("%s made its %" PRIu64 " iterations", s->name, st->steps);
        break;
    }
    if (st->best_kind == st->end)
        ; /* said already */
    else if (st->best_kind == AR_LOCAL_END_LOCAL_OPTIMUM)
        ADD("; the best is a local optimum");
    else if (st->best_kind == AR_LOCAL_END_PLATEAU)
        ADD("; the best is on a plateau");
    else if (st->best_kind == AR_LOCAL_END_NONE)
        ADD("; the best is not a local optimum (a move improves it)");
    ADD("; cost %" PRId64 " from %" PRId64 "; not proven optimal", st->best_cost, st->start_cost);
#undef ADD
}

ar_status ar_local_solve(const ar_puzzle *p, ar_instance *inst, const ar_local_strategy *s,
                         const ar_search_options *opts, ar_result *result, ar_error *err)
{
    const ar_local_provider *view = p->local;
    ar_local_problem prob;
    ar_local_params params;
    ar_local_stats stats;
    ar_run run;
    ar_status st;
    void *best = NULL;
    ar_move *moves = NULL;
    uint64_t cap = 0;

    if (!view)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%s offers no local-search view, which %s needs (see `ariadne list`)",
                            p->name, s->name);
    st = ar_local_params_parse(s, opts ? opts->algo_params : NULL, opts ? opts->algo_param_count : 0,
                               &params, err);
    if (st != AR_OK)
        return st;
    params.seed = opts ? opts->seed : 0;
    ar_run_begin(&run, opts, result);
    memset(&prob, 0, sizeof prob);
    st = view->create(inst, &run.mem, &prob, err);
    if (st != AR_OK)
        return ar_run_memory_stop(&run, st) == AR_OK ? (ar_run_finish(&run), AR_OK) : st;
    best = ar_mem_alloc(&run.mem, prob.state_size, 1, "the best state", err);
    cap = view->solution_length(&prob);
    if (best)
        moves = ar_mem_alloc(&run.mem, sizeof *moves * (size_t)(cap ? cap : 1), 0, "the solution", err);
    if (!best || !moves) {
        st = AR_ERR_MEMORY;
        goto out;
    }
    st = ar_local_search(&prob, s, &params, &run, best, &stats, err);
    if (st != AR_OK)
        goto out;
    if (stats.have_best) {
        uint64_t length = 0, cost = 0;
        ar_error why;
        ar_error_clear(&why);
        st = view->to_moves(&prob, best, moves, &length, &cost, &why);
        if (st == AR_OK) {
            if ((int64_t)cost != stats.best_cost) {
                st = ar_error_set(err, AR_ERR_INTERNAL,
                                  "%s: the local view's cost %" PRId64 " differs from the solution's %" PRIu64,
                                  p->name, stats.best_cost, cost);
                goto out;
            }
            st = ar_run_set_solution(&run, moves, length, cost, err);
            if (st != AR_OK)
                goto out;
        } else if (st == AR_ERR_UNSOLVABLE) {
            st = AR_OK; /* the best state is not a solution: nothing to print */
        } else {
            if (err)
                *err = why;
            goto out;
        }
    }
    if (stats.end == AR_LOCAL_END_EXHAUSTED && !result->moves) {
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note,
                 "no solution: %s generated and tested all %" PRIu64 " candidates", s->name, stats.steps);
    } else {
        write_note(result, s, &stats, &prob);
        if (result->moves && (stats.end == AR_LOCAL_END_BOUND || stats.end == AR_LOCAL_END_EXHAUSTED)) {
            result->optimal = 1;
            ar_run_lower_bound(&run, (uint64_t)stats.best_cost);
        } else if (prob.has_lower_bound && prob.lower_bound > 0) {
            ar_run_lower_bound(&run, (uint64_t)prob.lower_bound);
        }
        if (!result->moves && run.stop == AR_STOP_NONE && result->outcome != AR_OUTCOME_SOLVED)
            ar_run_stop(&run, AR_STOP_BUDGET); /* spent its budget without a solution */
    }
out:
    if (moves)
        ar_mem_free(&run.mem, moves, sizeof *moves * (size_t)(cap ? cap : 1));
    if (best)
        ar_mem_free(&run.mem, best, prob.state_size);
    view->destroy(&prob, &run.mem);
    if (st == AR_OK || st == AR_ERR_MEMORY) {
        st = ar_run_memory_stop(&run, st);
        ar_run_finish(&run);
    }
    return st;
}
