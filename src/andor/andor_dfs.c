/* andor_dfs.c — depth-first search of an acyclic AND-OR graph: every node
 * reachable from the root is expanded once (an explicit stack, no recursion)
 * and, once all its subproblems are settled, gets its cheapest connector:
 * cost = min over connectors of (connector cost + the subproblems' costs),
 * SOLVED or FUTILE. Memoising each node makes this dynamic programming over
 * the graph: the answer is the exact cheapest solution, with no heuristic and
 * no best-first bookkeeping, at the price of expanding everything — which is
 * what AO* is measured against. A connector back to a node still on the
 * stack would make a cycle; like AO* it is left out (and counted). */
#include "andor_internal.h"

#include <stdlib.h>

typedef struct frame {
    uint32_t id;
    uint32_t k; /* the connector being worked through */
    uint32_t j; /* its next subproblem */
} frame;

/* A node whose connectors' subproblems are all settled: its cheapest one. */
static void settle(ar_ag_graph *g, uint32_t x)
{
    uint64_t best_cost;
    int32_t best = ar_ag_cheapest(g, x, &best_cost);
    g->best[x] = best;
    g->cost[x] = best_cost;
    g->status[x] = best < 0 ? AG_UNSOLVABLE : AG_SOLVED;
}

ar_status ar_andor_dfs(ar_ag_graph *g, uint32_t root, ar_error *err)
{
    ar_run *run = g->run;
    frame *stack = NULL;
    size_t n = 0, cap = 0;
    ar_status st = AR_OK;

    if (g->status[root] != AG_UNEXPANDED)
        goto done;
    g->on_stack_mode = 1;
    g->mark[root] = AG_ON_STACK;
    st = ar_ag_expand(g, root, err);
    if (st != AR_OK)
        return st;
    cap = 64;
    stack = malloc(sizeof *stack * cap);
    if (!stack)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the search stack");
    stack[n].id = root;
    stack[n].k = stack[n].j = 0;
    n++;
    while (n) {
        frame *f = &stack[n - 1];
        uint32_t x = f->id, next = UINT32_MAX;
        if (ar_run_should_stop(run))
            break;
        while (f->k < g->conn_count[x] && next == UINT32_MAX) {
            const ar_ag_conn *c = &g->conns[g->first_conn[x] + f->k];
            if (f->j == c->count) {
                f->k++;
                f->j = 0;
                continue;
            }
            if (g->status[g->kids[c->first + f->j]] == AG_UNEXPANDED)
                next = g->kids[c->first + f->j];
            f->j++;
        }
        if (next == UINT32_MAX) {
            settle(g, x);
            g->mark[x] = 0;
            n--;
            continue;
        }
        g->mark[next] = AG_ON_STACK;
        st = ar_ag_expand(g, next, err);
        if (st != AR_OK)
            break;
        if (n == cap) {
            frame *more = realloc(stack, sizeof *stack * cap * 2);
            if (!more) {
                st = ar_error_set(err, AR_ERR_MEMORY, "out of memory for the search stack");
                break;
            }
            stack = more;
            cap *= 2;
        }
        stack[n].id = next;
        stack[n].k = stack[n].j = 0;
        n++;
    }
    free(stack);
done:
    if (st == AR_OK && run->stop == AR_STOP_NONE)
        run->res->outcome =
            g->status[root] == AG_SOLVED ? AR_OUTCOME_SOLVED : AR_OUTCOME_NO_SOLUTION;
    return st;
}
