/* csp_solver.c — a model's search as a puzzle solver: the engine (or
 * min-conflicts) under the run context of the search options, its outcome
 * turned into the puzzle result that `ariadne solve` prints, with a note on
 * the method and what it did. Each constraint-based domain builds its model
 * and turns the values back into its moves; this file is what they share. */
#include "csp_internal.h"

#include <stdio.h>
#include <string.h>
#include "ariadne/timer.h"

ar_status ar_csp_solve_puzzle(const ar_csp *m, const ar_csp_options *o, int local_search,
                              const ar_search_options *opts, ar_result *result, int32_t *values, ar_error *err)
{
    ar_run run;
    ar_csp_outcome out;
    ar_csp_stats st;
    ar_csp_options defaults;
    ar_status status;
    char method[160];
    if (!o) {
        ar_csp_options_init(&defaults);
        o = &defaults;
    }
    ar_run_begin(&run, opts, result);
    run.unit = local_search ? "repairs" : "decisions";
    if (local_search) {
        status = ar_csp_min_conflicts(m, o, &run, values, &out, &st, err);
        snprintf(method, sizeof method, "min-conflicts (seed %llu, noise %.2f): %llu repairs, %llu restarts",
                 (unsigned long long)o->seed, o->noise, (unsigned long long)st.steps,
                 (unsigned long long)st.restarts);
    } else {
        status = ar_csp_search(m, o, &run, 1, NULL, NULL, values, &out, &st, err);
        snprintf(method, sizeof method,
                 "constraint search (%s, alldiff %s, %s, %s%s): %llu decisions, %llu dead ends, %llu propagations",
                 ar_csp_consistency_name(o->consistency), ar_csp_alldiff_name(o->alldiff),
                 ar_csp_var_order_name(o->var_order), ar_csp_value_order_name(o->value_order),
                 o->backjump ? ", backjumping" : "", (unsigned long long)st.decisions, (unsigned long long)st.failures,
                 (unsigned long long)st.propagations);
        if (o->backjump)
            snprintf(method + strlen(method), sizeof method - strlen(method), ", %llu levels skipped",
                     (unsigned long long)st.levels_skipped);
    }
    result->generated = st.decisions + st.steps;
    if (status != AR_OK) {
        ar_run_finish(&run);
        return status;
    }
    switch (out) {
    case AR_CSP_FOUND:
    case AR_CSP_ALL:
        result->outcome = AR_OUTCOME_SOLVED;
        snprintf(result->note, sizeof result->note, "%s", method);
        break;
    case AR_CSP_NONE:
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note, "no solution: proven by exhausting the %s", method);
        break;
    case AR_CSP_STOPPED:
        if (local_search)
            snprintf(result->note, sizeof result->note, "stopped: the best assignment found leaves %llu of %zu "
                     "constraints violated; %s", (unsigned long long)st.violations, m->ncons, method);
        else
            snprintf(result->note, sizeof result->note, "stopped before a solution was found; %s", method);
        if (run.stop == AR_STOP_NONE)
            ar_run_stop(&run, AR_STOP_NODES); /* min-conflicts' own restart cap */
        break;
    }
    ar_run_finish(&run);
    return AR_OK;
}

ar_status ar_csp_count(const ar_csp *m, const ar_csp_options *o, const ar_search_options *opts, ar_csp_visit visit,
                       void *ctx, ar_csp_count_result *r, ar_error *err)
{
    ar_run run;
    ar_result res;
    ar_csp_outcome out;
    ar_status status;
    double t0 = ar_now();
    memset(r, 0, sizeof *r);
    ar_result_init(&res);
    ar_run_begin(&run, opts, &res);
    run.unit = "decisions";
    status = ar_csp_search(m, o, &run, 0, visit, ctx, NULL, &out, &r->stats, err);
    ar_run_finish(&run);
    r->complete = status == AR_OK && (out == AR_CSP_ALL || out == AR_CSP_NONE);
    r->stop = r->complete ? AR_STOP_NONE : run.stop != AR_STOP_NONE ? run.stop : AR_STOP_INTERRUPT;
    r->seconds = ar_now() - t0;
    return status;
}
