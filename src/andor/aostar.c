/* aostar.c — AO*, the best-first search of AND-OR graphs (Martelli and
 * Montanari 1973, Nilsson 1980), as the lecture notes give it:
 *
 *   until the root is labelled SOLVED or its cost exceeds FUTILITY:
 *     1. trace the marked connectors down from the root and take a node of
 *        that best partial solution that is not yet expanded;
 *     2. expand it: each new subproblem is labelled SOLVED at its cost when it
 *        is primitive, FUTILE when unsolvable, otherwise given the heuristic's
 *        estimate; a node without connectors is FUTILE;
 *     3. revise costs upward from it: a node's cost becomes the cheapest of
 *        its connectors (connector cost plus its subproblems' costs), that
 *        connector is marked, the node is SOLVED when all the marked
 *        connector's subproblems are, FUTILE when every connector has a
 *        FUTILE subproblem; whenever a node's cost or label changes, its
 *        parents are revised too.
 *
 * Only the best partial solution is ever expanded, which is what sets AO*
 * apart from expanding the node with the best estimate (the notes' example:
 * the single most promising node may lie on a connector whose partner makes
 * it too expensive). With an admissible heuristic the first solution found is
 * the cheapest: when the root is solved through connector c, every other
 * connector's cost is at least its estimate, a lower bound, and no smaller.
 * A solved node is final and is not revised again. */
#include "andor_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include "ariadne/vec.h"

typedef AR_VEC(uint32_t) ustack;

/* Step 1: an unexpanded node of the best partial solution (the first met
 * depth-first along the marked connectors), or UINT32_MAX. The walk's
 * vectors are small bookkeeping (vec.h). */
static uint32_t select_tip(ar_ag_graph *g, uint32_t root, ustack *s)
{
    ar_ag_new_walk(g);
    ar_vec_clear(*s);
    ar_vec_push(*s, root);
    while (s->len) {
        uint32_t x = ar_vec_pop(*s), j;
        const ar_ag_conn *c;
        if (g->mark[x] == g->epoch)
            continue;
        g->mark[x] = g->epoch;
        if (g->status[x] == AG_UNEXPANDED)
            return x;
        if (g->status[x] != AG_EXPANDED || g->best[x] < 0)
            continue; /* solved or futile: nothing to do below */
        c = &g->conns[g->first_conn[x] + (uint32_t)g->best[x]];
        for (j = c->count; j-- > 0;)
            ar_vec_push(*s, g->kids[c->first + j]);
    }
    return UINT32_MAX;
}

/* Recomputes one expanded node from its connectors; returns whether its
 * cost or label changed. */
static int revise_node(ar_ag_graph *g, uint32_t x)
{
    uint64_t best_cost, old = g->cost[x];
    unsigned char old_status = g->status[x];
    int32_t best = ar_ag_cheapest(g, x, &best_cost);
    uint32_t j;
    g->best[x] = best;
    g->cost[x] = best_cost;
    if (best < 0) {
        g->status[x] = AG_UNSOLVABLE;
    } else {
        const ar_ag_conn *c = &g->conns[g->first_conn[x] + (uint32_t)best];
        int solved = 1;
        for (j = 0; j < c->count && solved; j++)
            solved = g->status[g->kids[c->first + j]] == AG_SOLVED;
        if (solved)
            g->status[x] = AG_SOLVED;
    }
    return g->cost[x] != old || g->status[x] != old_status;
}

/* Step 3: revision from x upward. */
static void revise(ar_ag_graph *g, uint32_t x, ustack *work)
{
    ar_vec_clear(*work);
    ar_vec_push(*work, x);
    while (work->len) {
        uint32_t y = ar_vec_pop(*work), e;
        if (g->status[y] != AG_EXPANDED)
            continue; /* SOLVED and FUTILE are final */
        if (!revise_node(g, y))
            continue;
        for (e = g->parent_head[y]; e != UINT32_MAX; e = g->edge_next[e])
            ar_vec_push(*work, g->edge_parent[e]);
    }
}

ar_status ar_andor_aostar(ar_ag_graph *g, uint32_t root, uint64_t futility, ar_error *err)
{
    ar_run *run = g->run;
    ar_result *res = run->res;
    ustack tips, work;
    int bounded = !g->h || (g->h->flags & AR_HEURISTIC_ADMISSIBLE);
    ar_status st = AR_OK;
    char phase[64];
    ar_vec_init(tips);
    ar_vec_init(work);
    for (;;) {
        uint32_t tip;
        if (g->status[root] == AG_UNSOLVABLE) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            break;
        }
        if (futility && g->cost[root] > futility && g->cost[root] != AG_FUTILE) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(res->note, sizeof res->note,
                     "no solution costing at most %llu (FUTILITY): the root costs at least %llu",
                     (unsigned long long)futility, (unsigned long long)g->cost[root]);
            break;
        }
        if (g->status[root] == AG_SOLVED) {
            res->outcome = AR_OUTCOME_SOLVED;
            break;
        }
        if (bounded)
            ar_run_lower_bound(run, g->cost[root]);
        snprintf(phase, sizeof phase, "root estimate %llu", (unsigned long long)g->cost[root]);
        run->phase = phase;
        /* An iteration walks the best partial solution and revises its
         * ancestors (up to milliseconds on large graphs), so the clock is
         * read every time, not every 1024th. */
        if (ar_run_check_now(run))
            break;
        tip = select_tip(g, root, &tips);
        if (tip == UINT32_MAX) {
            st = ar_error_set(err, AR_ERR_INTERNAL,
                              "AO*: the best partial solution has no open node, yet the root is "
                              "neither solved nor futile");
            break;
        }
        st = ar_ag_expand(g, tip, err);
        if (st != AR_OK)
            break;
        revise(g, tip, &work);
    }
    ar_vec_free(tips);
    ar_vec_free(work);
    return st;
}
