/* andor_internal.h — the explicit AND-OR graph both searches build
 * (explicit_graph.c), private to src/andor. Nodes are registered in a state store
 * (ids dense, bytes deduplicated); per node, side arrays hold its status, its
 * current cost estimate, its connectors and the parents that point to it. A
 * connector is a record in one growing array, its subproblems ids in another.
 * aostar.c and andor_dfs.c search over it; andor_solve.c holds the entry point
 * and extracts the solution; andor_tree.c prints and verifies trees. */
#ifndef ARIADNE_ANDOR_INTERNAL_H
#define ARIADNE_ANDOR_INTERNAL_H

#include "ariadne/andor.h"
#include "ariadne/run.h"
#include "ariadne/statestore.h"

#define AG_FUTILE UINT64_MAX /* the cost of an unsolvable node: FUTILITY */
#define AG_ON_STACK UINT32_MAX /* a mark no walk uses: on the depth-first search's stack */

/* Node status. */
enum {
    AG_UNEXPANDED = 0, /* open, not yet expanded: a tip of the explicit graph */
    AG_EXPANDED,       /* connectors known */
    AG_SOLVED,         /* SOLVED: primitive, or its marked connector's subproblems all solved */
    AG_UNSOLVABLE      /* FUTILITY: unsolvable, or every connector has an unsolvable subproblem */
};

typedef struct ar_ag_conn {
    uint32_t rule, cost;
    uint32_t first; /* subproblem ids at kids[first .. first + count) */
    uint32_t count;
} ar_ag_conn;

typedef struct ar_ag_graph {
    const ar_andor_domain *d;
    ar_andor_problem *prob;
    const ar_andor_heuristic *h;
    ar_run *run;
    size_t node_size;
    unsigned max_conns, max_arity;
    ar_state_store store;
    int store_ready;
    /* per node */
    uint64_t *cost;        /* the current estimate (exact once solved), AG_FUTILE */
    unsigned char *status;
    uint32_t *first_conn, *conn_count;
    int32_t *best;         /* the marked connector (index among the node's), -1 none */
    uint32_t *parent_head; /* first edge into the node's parent list, UINT32_MAX none */
    uint32_t *mark;        /* scratch visit marks for walks */
    uint32_t cap_cost, cap_status, cap_first, cap_count, cap_best, cap_parent, cap_mark;
    /* connectors and subproblems */
    ar_ag_conn *conns;
    uint32_t nconns, cap_conns;
    uint32_t *kids;
    uint32_t nkids, cap_kids;
    /* parent edges: (parent, next) pairs */
    uint32_t *edge_parent, *edge_next;
    uint32_t nedges, cap_edge_parent, cap_edge_next;
    /* expansion buffers */
    ar_andor_connector *xconns;
    unsigned char *xkids;
    uint32_t epoch;        /* the current walk's mark */
    int on_stack_mode;     /* the depth-first search: cycles are nodes marked AG_ON_STACK */
    uint64_t set_aside;    /* connectors left out because they closed a cycle */
} ar_ag_graph;

ar_status ar_ag_init(ar_ag_graph *g, const ar_andor_domain *d, ar_andor_problem *prob,
                  const ar_andor_heuristic *h, ar_run *run, ar_error *err);
void ar_ag_free(ar_ag_graph *g);

static inline const void *ar_ag_node(const ar_ag_graph *g, uint32_t id)
{
    return ar_store_state(&g->store, id);
}

/* Registers a node (classifying a new one: a primitive is SOLVED at its cost,
 * an unsolvable one FUTILE, an open one gets the heuristic's estimate). */
ar_status ar_ag_add(ar_ag_graph *g, const void *node, uint32_t *id, int *fresh, ar_error *err);

/* Expands an unexpanded node: its connectors go in the graph, each new
 * subproblem is added, and a connector with a subproblem that is the node
 * itself or an ancestor of it in the graph (one that would close a cycle) is
 * left out, as the notes' AO* leaves out successors that are ancestors. In
 * on_stack_mode the ancestors are the nodes marked AG_ON_STACK: in a
 * depth-first search every ancestor of the node being expanded is on the
 * stack (a settled node's descendants are all settled), so no walk is needed.
 * Counts one expansion. */
ar_status ar_ag_expand(ar_ag_graph *g, uint32_t id, ar_error *err);

/* The cost of connector c of a node (its cost plus its subproblems'),
 * AG_FUTILE when a subproblem is unsolvable. */
uint64_t ar_ag_conn_cost(const ar_ag_graph *g, const ar_ag_conn *c);

/* A node's cheapest connector (index among its own, -1 when every one has an
 * unsolvable subproblem) and its cost in *cost (AG_FUTILE then). */
int32_t ar_ag_cheapest(const ar_ag_graph *g, uint32_t id, uint64_t *cost);

/* Starts a new walk: marks from earlier walks no longer count. */
void ar_ag_new_walk(ar_ag_graph *g);

/* The solution below the root along the marked connectors of solved nodes,
 * into res->solution. */
ar_status ar_ag_extract(ar_ag_graph *g, uint32_t root, ar_andor_solution *sol, ar_error *err);

ar_status ar_andor_aostar(ar_ag_graph *g, uint32_t root, uint64_t futility, ar_error *err);
ar_status ar_andor_dfs(ar_ag_graph *g, uint32_t root, ar_error *err);

#endif
