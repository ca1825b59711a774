/* internal.h — what the generic search algorithms share beyond the public run
 * context (ariadne/run.h): the heuristic call, successor batches, a solution
 * from parent links, and the algorithms' entry points. Private to src/search. */
#ifndef ARIADNE_SEARCH_INTERNAL_H
#define ARIADNE_SEARCH_INTERNAL_H

#include "ariadne/run.h"
#include "ariadne/search.h"
#include "ariadne/statestore.h"

static inline uint64_t ar_run_h(const ar_run *run, const void *state)
{
    return run->h ? run->h->estimate(run->inst, state) : 0;
}

/* Caller-owned buffers for expanding one state: the state itself and a batch
 * of successors (moves, costs and child states, max_moves of each). */
typedef struct ar_batch {
    unsigned char *state;
    ar_move *moves;
    uint32_t *costs;
    unsigned char *children;
} ar_batch;

ar_status ar_batch_init(ar_batch *b, const ar_run *run, ar_error *err);
void ar_batch_free(ar_batch *b);

static inline const unsigned char *ar_batch_child(const ar_batch *b, const ar_run *run, unsigned i)
{
    return b->children + (size_t)i * run->state_size;
}

/* Expands b->state into the batch, counting the expansion and the successors. */
static inline unsigned ar_run_expand(ar_run *run, ar_batch *b)
{
    unsigned n = ar_puzzle_successors(run->p, run->inst, b->state, b->moves, b->costs, b->children);
    run->res->expanded++;
    run->res->generated += n;
    return n;
}

/* Tells the trace callback (ar_search_options.on_trace), if any, that
 * `state` is being expanded: its g, the size of the frontier, the bound in
 * force (IDA*'s threshold, IDDFS's limit, BFS's layer) and its depth. */
static inline void ar_run_trace_node(const ar_run *run, const void *state, uint64_t g, uint64_t frontier,
                                     uint64_t bound, unsigned depth)
{
    const ar_search_options *o = run->opts;
    if (o && o->on_trace) {
        ar_trace_point pt = {0};
        pt.step = run->res->expanded;
        pt.event = "expand";
        pt.state = state;
        pt.g = g;
        pt.h = ar_run_h(run, state);
        pt.frontier = frontier;
        pt.bound = bound;
        pt.depth = depth;
        o->on_trace(o->on_trace_ctx, &pt);
    }
}

/* An "iteration" (IDA*, IDDFS: a new bound) or "layer" (BFS) point. */
static inline void ar_run_trace_event(const ar_run *run, const char *event, uint64_t bound)
{
    const ar_search_options *o = run->opts;
    if (o && o->on_trace) {
        ar_trace_point pt = {0};
        pt.step = run->res->expanded;
        pt.event = event;
        pt.bound = bound;
        o->on_trace(o->on_trace_ctx, &pt);
    }
}

/* Hash callback for the state store. */
uint64_t ar_run_hash(const void *ctx, const void *state);

/* Walks parent links from `goal` back to the root (parent UINT32_MAX) and
 * stores the moves in the result. */
ar_status ar_run_solution_from_links(ar_run *run, const uint32_t *parent, const ar_move *move,
                                     uint32_t goal, uint64_t cost, ar_error *err);

/* An algorithm that decides optimality itself sets result->optimal and/or
 * writes result->note; ar_solve only fills them in when both are empty. */
ar_status ar_algo_bfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_dfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_iddfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                        const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_idastar(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                          const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_bnb(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_astar(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                        const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_wastar(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                         const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_greedy(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                         const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_ucs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_bibfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                        const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_mm(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                     const ar_search_options *opts, ar_result *res, ar_error *err);
ar_status ar_algo_beam(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                       const ar_search_options *opts, ar_result *res, ar_error *err);

#endif
