/* ariadne/mea.h — means-ends analysis (Newell, Shaw and Simon's GPS), the
 * lecture notes' operator-difference planner, over a planning task (plan.h):
 *
 *   MEA(state, goal):
 *     the differences are the goal atoms not true in state; none: done;
 *     take the most important (the difference table's order, then the goal's);
 *     for each operator that reduces it (the table's order; ground operators
 *     applicable now first):
 *       first part:  MEA(state, the operator's preconditions);
 *       apply the operator;
 *       last part:   MEA(the new state, goal);
 *       both succeed: the plan is first part, operator, last part.
 *     none succeeds: fail.
 *
 * A call whose (state, goal) pair is already being worked on higher up fails
 * (loop detection), as does one deeper than the depth limit. With protection
 * (GPS's assumption that differences, once reduced in order of importance,
 * stay reduced) an operator may not delete a difference the current goal
 * has already reduced. MEA is incomplete: it commits to the first plan each
 * part finds and never reorders the differences, so it misses plans that
 * must undo and redo a goal — the Sussman anomaly fails with protection on,
 * and takes a roundabout plan without it — where a complete search over the
 * same operators (breadth-first, A*) does not. */
#ifndef ARIADNE_MEA_H
#define ARIADNE_MEA_H

#include "ariadne/plan.h"
#include "ariadne/search.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_mea_options {
    int protect;          /* reduced differences may not be undone (default on) */
    unsigned depth_limit; /* deepest recursion (0: 200) */
    const void *start;    /* the state to plan from (NULL: the task's initial state) */
    /* Called with each step of the analysis (a difference chosen, an operator
     * tried, a loop cut...) as one line, indented by depth; may be NULL. */
    void (*trace)(void *ctx, unsigned depth, const char *line);
    void *trace_ctx;
} ar_mea_options;

void ar_mea_options_init(ar_mea_options *o);

/* Plans with means-ends analysis under the limits of opts (node = one call
 * of MEA). On success res holds the plan (moves = ground operator indices),
 * not claimed shortest; when MEA fails, the outcome is AR_OUTCOME_STOPPED
 * with stop AR_STOP_GAVE_UP: an incomplete method proves nothing. */
ar_status ar_mea(const ar_plan_task *t, const ar_search_options *opts, const ar_mea_options *mo,
                 ar_result *res, ar_error *err);

#ifdef __cplusplus
}
#endif
#endif
