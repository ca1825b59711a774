/* explicit_graph.c — the explicit AND-OR graph of a search (andor_internal.h):
 * registering and classifying nodes, expanding one into its connectors (and
 * leaving out a connector that would close a cycle), a connector's cost, and
 * the solution read off the marked connectors of solved nodes. */
#include "andor_internal.h"

#include <stdlib.h>
#include <string.h>

static uint64_t node_hash(const void *ctx, const void *node)
{
    const ar_ag_graph *g = ctx;
    return ar_hash_bytes(node, g->node_size);
}

ar_status ar_ag_init(ar_ag_graph *g, const ar_andor_domain *d, ar_andor_problem *prob,
                  const ar_andor_heuristic *h, ar_run *run, ar_error *err)
{
    memset(g, 0, sizeof *g);
    g->d = d;
    g->prob = prob;
    g->h = h;
    g->run = run;
    g->node_size = d->node_size(prob);
    g->max_conns = d->max_connectors(prob);
    g->max_arity = d->max_arity(prob);
    if (g->node_size == 0 || g->max_arity == 0 || g->max_arity > AR_ANDOR_MAX_ARITY)
        return ar_error_set(err, AR_ERR_INTERNAL, "%s: node size %zu, arity %u (1..%u)", d->name,
                            g->node_size, g->max_arity, AR_ANDOR_MAX_ARITY);
    g->xconns = malloc(sizeof *g->xconns * (g->max_conns ? g->max_conns : 1));
    g->xkids = malloc(g->node_size * g->max_arity * (g->max_conns ? g->max_conns : 1));
    if (!g->xconns || !g->xkids)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for expansion buffers");
    if (ar_store_init(&g->store, g->node_size, node_hash, g, &run->mem, err) != AR_OK)
        return AR_ERR_MEMORY;
    g->store_ready = 1;
    return AR_OK;
}

void ar_ag_free(ar_ag_graph *g)
{
    ar_mem *m = &g->run->mem;
    if (g->store_ready)
        ar_store_free(&g->store);
    ar_mem_free(m, g->cost, (size_t)g->cap_cost * sizeof *g->cost);
    ar_mem_free(m, g->status, (size_t)g->cap_status);
    ar_mem_free(m, g->first_conn, (size_t)g->cap_first * sizeof *g->first_conn);
    ar_mem_free(m, g->conn_count, (size_t)g->cap_count * sizeof *g->conn_count);
    ar_mem_free(m, g->best, (size_t)g->cap_best * sizeof *g->best);
    ar_mem_free(m, g->parent_head, (size_t)g->cap_parent * sizeof *g->parent_head);
    ar_mem_free(m, g->mark, (size_t)g->cap_mark * sizeof *g->mark);
    ar_mem_free(m, g->conns, (size_t)g->cap_conns * sizeof *g->conns);
    ar_mem_free(m, g->kids, (size_t)g->cap_kids * sizeof *g->kids);
    ar_mem_free(m, g->edge_parent, (size_t)g->cap_edge_parent * sizeof *g->edge_parent);
    ar_mem_free(m, g->edge_next, (size_t)g->cap_edge_next * sizeof *g->edge_next);
    free(g->xconns);
    free(g->xkids);
}

static ar_status grow_nodes(ar_ag_graph *g, uint32_t need, ar_error *err)
{
    ar_run *r = g->run;
    ar_status st = ar_run_grow(r, (void **)&g->cost, sizeof *g->cost, &g->cap_cost, need, "costs", err);
    if (st == AR_OK)
        st = ar_run_grow(r, (void **)&g->status, 1, &g->cap_status, need, "labels", err);
    if (st == AR_OK)
        st = ar_run_grow(r, (void **)&g->first_conn, sizeof *g->first_conn, &g->cap_first, need,
                         "connectors", err);
    if (st == AR_OK)
        st = ar_run_grow(r, (void **)&g->conn_count, sizeof *g->conn_count, &g->cap_count, need,
                         "connectors", err);
    if (st == AR_OK)
        st = ar_run_grow(r, (void **)&g->best, sizeof *g->best, &g->cap_best, need, "marks", err);
    if (st == AR_OK)
        st = ar_run_grow(r, (void **)&g->parent_head, sizeof *g->parent_head, &g->cap_parent, need,
                         "parent lists", err);
    if (st == AR_OK)
        st = ar_run_grow(r, (void **)&g->mark, sizeof *g->mark, &g->cap_mark, need, "marks", err);
    return st;
}

ar_status ar_ag_add(ar_ag_graph *g, const void *node, uint32_t *id, int *fresh, ar_error *err)
{
    uint64_t c = 0;
    int kind;
    ar_status st = ar_store_insert(&g->store, node, node_hash(g, node), id, fresh, err);
    if (st != AR_OK || !*fresh)
        return st;
    st = grow_nodes(g, g->store.count, err);
    if (st != AR_OK)
        return st;
    g->run->res->generated++;
    kind = g->d->classify(g->prob, node, &c);
    g->first_conn[*id] = 0;
    g->conn_count[*id] = 0;
    g->best[*id] = -1;
    g->parent_head[*id] = UINT32_MAX;
    g->mark[*id] = 0;
    if (kind == AR_ANDOR_PRIMITIVE) {
        g->status[*id] = AG_SOLVED;
        g->cost[*id] = c < AG_FUTILE ? c : AG_FUTILE - 1;
    } else if (kind == AR_ANDOR_UNSOLVABLE) {
        g->status[*id] = AG_UNSOLVABLE;
        g->cost[*id] = AG_FUTILE;
    } else {
        uint64_t e = g->h ? g->h->estimate(g->prob, node) : 0;
        g->status[*id] = AG_UNEXPANDED;
        g->cost[*id] = e < AG_FUTILE ? e : AG_FUTILE - 1;
    }
    return AR_OK;
}

void ar_ag_new_walk(ar_ag_graph *g)
{
    if (++g->epoch == AG_ON_STACK) { /* wrapped: clear every mark once */
        memset(g->mark, 0, (size_t)g->store.count * sizeof *g->mark);
        g->epoch = 1;
    }
}

/* Marks id and every node above it in the graph with the current walk. */
static ar_status mark_ancestors(ar_ag_graph *g, uint32_t id, ar_error *err)
{
    uint32_t *stack = malloc(sizeof *stack * 64), n = 0, cap = 64;
    if (!stack)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_ag_new_walk(g);
    g->mark[id] = g->epoch;
    stack[n++] = id;
    while (n) {
        uint32_t x = stack[--n], e;
        for (e = g->parent_head[x]; e != UINT32_MAX; e = g->edge_next[e]) {
            uint32_t p = g->edge_parent[e];
            if (g->mark[p] == g->epoch)
                continue;
            g->mark[p] = g->epoch;
            if (n == cap) {
                uint32_t *more = realloc(stack, sizeof *stack * cap * 2);
                if (!more) {
                    free(stack);
                    return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
                }
                stack = more;
                cap *= 2;
            }
            stack[n++] = p;
        }
    }
    free(stack);
    return AR_OK;
}

static ar_status add_parent(ar_ag_graph *g, uint32_t child, uint32_t parent, ar_error *err)
{
    ar_status st;
    uint32_t e = g->parent_head[child];
    if (e != UINT32_MAX && g->edge_parent[e] == parent)
        return AR_OK; /* another connector of the same parent: one edge is enough */
    e = g->nedges;
    st = ar_run_grow(g->run, (void **)&g->edge_parent, sizeof *g->edge_parent, &g->cap_edge_parent,
                     e + 1, "parent lists", err);
    if (st == AR_OK)
        st = ar_run_grow(g->run, (void **)&g->edge_next, sizeof *g->edge_next, &g->cap_edge_next,
                         e + 1, "parent lists", err);
    if (st != AR_OK)
        return st;
    g->edge_parent[e] = parent;
    g->edge_next[e] = g->parent_head[child];
    g->parent_head[child] = e;
    g->nedges++;
    return AR_OK;
}

ar_status ar_ag_expand(ar_ag_graph *g, uint32_t id, ar_error *err)
{
    unsigned n = g->d->expand(g->prob, ar_ag_node(g, id), g->xconns, g->xkids), i, j;
    uint32_t ids[AR_ANDOR_MAX_ARITY];
    ar_status st;
    if (n > g->max_conns)
        return ar_error_set(err, AR_ERR_INTERNAL, "%s: %u connectors, more than its bound %u",
                            g->d->name, n, g->max_conns);
    st = g->on_stack_mode ? AR_OK : mark_ancestors(g, id, err);
    if (st != AR_OK)
        return st;
    g->first_conn[id] = g->nconns;
    g->conn_count[id] = 0;
    for (i = 0; i < n; i++) {
        const ar_andor_connector *c = &g->xconns[i];
        int cycle = 0, fresh;
        if (c->count == 0 || c->count > g->max_arity)
            return ar_error_set(err, AR_ERR_INTERNAL, "%s: a connector of %u subproblems (1..%u)",
                                g->d->name, c->count, g->max_arity);
        for (j = 0; j < c->count; j++) {
            const unsigned char *kid = g->xkids + ((size_t)i * g->max_arity + j) * g->node_size;
            st = ar_ag_add(g, kid, &ids[j], &fresh, err);
            if (st != AR_OK)
                return st;
            if (!fresh && g->mark[ids[j]] == (g->on_stack_mode ? AG_ON_STACK : g->epoch))
                cycle = 1;
        }
        if (cycle) {
            g->set_aside++;
            continue;
        }
        st = ar_run_grow(g->run, (void **)&g->conns, sizeof *g->conns, &g->cap_conns, g->nconns + 1,
                         "connectors", err);
        if (st == AR_OK)
            st = ar_run_grow(g->run, (void **)&g->kids, sizeof *g->kids, &g->cap_kids,
                             g->nkids + c->count, "subproblems", err);
        if (st != AR_OK)
            return st;
        g->conns[g->nconns].rule = c->rule;
        g->conns[g->nconns].cost = c->cost;
        g->conns[g->nconns].first = g->nkids;
        g->conns[g->nconns].count = c->count;
        g->nconns++;
        g->conn_count[id]++;
        for (j = 0; j < c->count; j++) {
            g->kids[g->nkids++] = ids[j];
            st = add_parent(g, ids[j], id, err);
            if (st != AR_OK)
                return st;
        }
    }
    g->status[id] = AG_EXPANDED;
    g->run->res->expanded++;
    return AR_OK;
}

uint64_t ar_ag_conn_cost(const ar_ag_graph *g, const ar_ag_conn *c)
{
    uint64_t sum = c->cost;
    uint32_t j;
    for (j = 0; j < c->count; j++) {
        uint64_t k = g->cost[g->kids[c->first + j]];
        if (k == AG_FUTILE)
            return AG_FUTILE;
        sum = sum > AG_FUTILE - 1 - k ? AG_FUTILE - 1 : sum + k;
    }
    return sum;
}

int32_t ar_ag_cheapest(const ar_ag_graph *g, uint32_t id, uint64_t *cost)
{
    uint64_t best_cost = AG_FUTILE;
    int32_t best = -1;
    uint32_t k;
    for (k = 0; k < g->conn_count[id]; k++) {
        uint64_t c = ar_ag_conn_cost(g, &g->conns[g->first_conn[id] + k]);
        if (c < best_cost) {
            best_cost = c;
            best = (int32_t)k;
        }
    }
    *cost = best_cost;
    return best;
}

/* The marked connector of a solved, expanded node, or NULL for a primitive. */
static const ar_ag_conn *marked(const ar_ag_graph *g, uint32_t id)
{
    return g->best[id] < 0 ? NULL : &g->conns[g->first_conn[id] + (uint32_t)g->best[id]];
}

ar_status ar_ag_extract(ar_ag_graph *g, uint32_t root, ar_andor_solution *sol, ar_error *err)
{
    uint32_t *index = malloc(sizeof *index * g->store.count), *order = NULL, *stack = NULL;
    uint32_t n = 0, top = 0, kids = 0, i;
    memset(sol, 0, sizeof *sol);
    order = malloc(sizeof *order * g->store.count);
    stack = malloc(sizeof *stack * (g->store.count + 1));
    if (!index || !order || !stack)
        goto nomem;
    for (i = 0; i < g->store.count; i++)
        index[i] = UINT32_MAX;
    /* Number the solution's nodes in depth-first order, root first. */
    stack[top++] = root;
    while (top) {
        uint32_t x = stack[--top];
        const ar_ag_conn *c;
        if (index[x] != UINT32_MAX)
            continue;
        index[x] = n;
        order[n++] = x;
        c = marked(g, x);
        if (!c)
            continue;
        kids += c->count;
        for (i = c->count; i-- > 0;)
            if (index[g->kids[c->first + i]] == UINT32_MAX)
                stack[top++] = g->kids[c->first + i];
    }
    sol->node_size = g->node_size;
    sol->count = n;
    sol->nodes = malloc(g->node_size * n);
    sol->steps = malloc(sizeof *sol->steps * n);
    sol->children = malloc(sizeof *sol->children * (kids ? kids : 1));
    if (!sol->nodes || !sol->steps || !sol->children)
        goto nomem;
    for (i = 0; i < n; i++) {
        uint32_t x = order[i], j;
        const ar_ag_conn *c = marked(g, x);
        ar_andor_step *s = &sol->steps[i];
        memcpy(sol->nodes + (size_t)i * g->node_size, ar_ag_node(g, x), g->node_size);
        s->cost = g->cost[x];
        s->first = sol->child_count;
        s->count = c ? c->count : 0;
        s->rule = c ? c->rule : 0;
        s->rule_cost = c ? c->cost : (uint32_t)(g->cost[x] > UINT32_MAX ? UINT32_MAX : g->cost[x]);
        for (j = 0; c && j < c->count; j++)
            sol->children[sol->child_count++] = index[g->kids[c->first + j]];
    }
    free(index);
    free(order);
    free(stack);
    return AR_OK;
nomem:
    free(index);
    free(order);
    free(stack);
    free(sol->nodes);
    free(sol->steps);
    free(sol->children);
    memset(sol, 0, sizeof *sol);
    return ar_error_set(err, AR_ERR_MEMORY, "out of memory extracting the solution");
}
