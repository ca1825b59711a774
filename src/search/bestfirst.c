/* bestfirst.c — one eager best-first engine; A*, weighted A*, greedy
 * best-first and uniform-cost search are configurations of it (as in Fast
 * Downward), not four copies.
 *
 * States are registered in an ar_state_store; g, parent and move are side
 * arrays indexed by state id. The open list is a binary heap ordered by
 * f = wg*g + wh*h, ties broken towards smaller h (deeper nodes finish sooner),
 * then towards newer entries. A better path to a known state pushes it again
 * (stale heap entries are skipped on pop), so an admissible but inconsistent
 * heuristic still yields optimal A* (nodes are reopened). The goal test happens
 * when a state is expanded, which is what makes A* and UCS optimal with
 * non-unit costs. */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/heap.h"

typedef struct bf_config {
    double wg; /* weight of g */
    double wh; /* weight of h */
} bf_config;

static ar_status best_first(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                            const ar_search_options *opts, ar_result *res, bf_config cfg,
                            ar_error *err)
{
    ar_run run;
    ar_state_store store;
    ar_heap open;
    uint32_t *g = NULL, *parent = NULL;
    ar_move *via = NULL;
    uint32_t cap = 0, cap_parent = 0, cap_via = 0;
    ar_batch b = {NULL, NULL, NULL, NULL};
    uint64_t counter = 0;
    uint32_t id;
    int fresh;
    ar_status st;

    ar_run_init(&run, p, inst, h, opts, res);
    ar_heap_init(&open, &run.mem);
    st = ar_store_init(&store, run.state_size, ar_run_hash, &run, &run.mem, err);
    if (st != AR_OK) {
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_MEMORY;
        res->peak_bytes = run.mem.peak;
        return AR_OK;
    }
    st = ar_batch_init(&b, &run, err);
    if (st != AR_OK)
        goto done;

    p->initial_state(inst, b.state);
    st = ar_store_insert(&store, b.state, ar_run_hash(&run, b.state), &id, &fresh, err);
    if (st == AR_OK)
        st = ar_run_grow(&run, (void **)&g, sizeof *g, &cap, 1, "g values", err);
    if (st == AR_OK)
        st = ar_run_grow(&run, (void **)&parent, sizeof *parent, &cap_parent, 1, "parent links", err);
    if (st == AR_OK)
        st = ar_run_grow(&run, (void **)&via, sizeof *via, &cap_via, 1, "moves", err);
    if (st != AR_OK)
        goto done;
    g[id] = 0;
    parent[id] = UINT32_MAX;
    via[id] = AR_NO_MOVE;
    {
        uint64_t h0 = ar_run_h(&run, b.state);
        ar_heap_entry e = {cfg.wh * (double)h0, h0 << 24, id, 0};
        st = ar_heap_push(&open, e, err);
        if (st != AR_OK)
            goto done;
        if (h && (h->flags & AR_HEURISTIC_ADMISSIBLE)) {
            res->has_lower_bound = 1;
            res->lower_bound = h0;
        }
    }
    res->generated = 1;

    for (;;) {
        ar_heap_entry e;
        unsigned n, i;
        if (!ar_heap_pop(&open, &e)) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            break;
        }
        if (e.aux > g[e.id])
            continue; /* stale: a cheaper path was found after this push */
        /* A popped f is a lower bound on the optimum for A* and UCS. */
        if (cfg.wg == 1.0 && cfg.wh <= 1.0 && (cfg.wh == 0.0 || (h && (h->flags & AR_HEURISTIC_ADMISSIBLE)))) {
            uint64_t f = (uint64_t)e.priority;
            if (f > res->lower_bound || !res->has_lower_bound) {
                res->lower_bound = f;
                res->has_lower_bound = 1;
            }
        }
        memcpy(b.state, ar_store_state(&store, e.id), run.state_size);
        if (p->is_goal(inst, b.state)) {
            st = ar_run_solution_from_links(&run, parent, via, e.id, g[e.id], err);
            break;
        }
        if (ar_run_should_stop(&run)) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = run.stop;
            break;
        }
        ar_run_trace_node(&run, b.state, g[e.id], open.count, 0, 0);
        n = ar_run_expand(&run, &b);
        for (i = 0; i < n; i++) {
            const unsigned char *child = ar_batch_child(&b, &run, i);
            uint64_t ng = (uint64_t)g[e.id] + b.costs[i];
            uint64_t hc;
            uint32_t cid;
            if (ng >= UINT32_MAX) {
                st = ar_error_set(err, AR_ERR_UNSUPPORTED, "path cost exceeds 2^32");
                goto done;
            }
            st = ar_store_insert(&store, child, ar_run_hash(&run, child), &cid, &fresh, err);
            if (st == AR_OK)
                st = ar_run_grow(&run, (void **)&g, sizeof *g, &cap, store.count, "g values", err);
            if (st == AR_OK)
                st = ar_run_grow(&run, (void **)&parent, sizeof *parent, &cap_parent, store.count,
                                 "parent links", err);
            if (st == AR_OK)
                st = ar_run_grow(&run, (void **)&via, sizeof *via, &cap_via, store.count, "moves", err);
            if (st != AR_OK)
                goto done;
            if (!fresh && ng >= g[cid])
                continue;
            g[cid] = (uint32_t)ng;
            parent[cid] = e.id;
            via[cid] = b.moves[i];
            hc = cfg.wh > 0.0 ? ar_run_h(&run, child) : 0;
            {
                ar_heap_entry ce = {cfg.wg * (double)ng + cfg.wh * (double)hc,
                                    (hc << 24) | (0xFFFFFFu - (++counter & 0xFFFFFFu)), cid,
                                    (uint32_t)ng};
                st = ar_heap_push(&open, ce, err);
                if (st != AR_OK)
                    goto done;
            }
        }
    }

done:
    if (st == AR_ERR_MEMORY) {
        st = AR_OK;
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_MEMORY;
    }
    res->peak_bytes = run.mem.peak;
    ar_heap_free(&open);
    ar_store_free(&store);
    ar_mem_free(&run.mem, g, (size_t)cap * sizeof *g);
    ar_mem_free(&run.mem, parent, (size_t)cap_parent * sizeof *parent);
    ar_mem_free(&run.mem, via, (size_t)cap_via * sizeof *via);
    ar_batch_free(&b);
    return st;
}

ar_status ar_algo_astar(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                        const ar_search_options *opts, ar_result *res, ar_error *err)
{
    bf_config cfg = {1.0, 1.0};
    return best_first(p, inst, h, opts, res, cfg, err);
}

ar_status ar_algo_wastar(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                         const ar_search_options *opts, ar_result *res, ar_error *err)
{
    bf_config cfg = {1.0, opts->weight > 0 ? opts->weight : 2.0};
    return best_first(p, inst, h, opts, res, cfg, err);
}

ar_status ar_algo_greedy(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                         const ar_search_options *opts, ar_result *res, ar_error *err)
{
    bf_config cfg = {0.0, 1.0};
    return best_first(p, inst, h, opts, res, cfg, err);
}

ar_status ar_algo_ucs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err)
{
    bf_config cfg = {1.0, 0.0};
    (void)h;
    return best_first(p, inst, NULL, opts, res, cfg, err);
}
