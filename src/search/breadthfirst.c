/* bfs.c — breadth-first search with duplicate detection, and beam search.
 *
 * BFS needs no queue of its own: the state store hands out ids in insertion
 * order, which is exactly FIFO order, so "the next state to expand" is just the
 * next id. Goals are tested when a state is generated, which is sound because
 * all moves at one depth are expanded before any at the next (fewest moves).
 * Beam search is BFS that keeps only the --beam-width best states of each
 * level by h (ties by insertion order); duplicates are detected globally. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct links {
    uint32_t *parent;
    ar_move *via;
    uint32_t cap_parent, cap_via;
} links;

static ar_status links_add(ar_run *run, links *l, uint32_t id, uint32_t parent, ar_move move,
                           ar_error *err)
{
    ar_status st = ar_run_grow(run, (void **)&l->parent, sizeof *l->parent, &l->cap_parent, id + 1,
                               "parent links", err);
    if (st == AR_OK)
        st = ar_run_grow(run, (void **)&l->via, sizeof *l->via, &l->cap_via, id + 1, "moves", err);
    if (st != AR_OK)
        return st;
    l->parent[id] = parent;
    l->via[id] = move;
    return AR_OK;
}

static void links_free(ar_run *run, links *l)
{
    ar_mem_free(&run->mem, l->parent, (size_t)l->cap_parent * sizeof *l->parent);
    ar_mem_free(&run->mem, l->via, (size_t)l->cap_via * sizeof *l->via);
}

static uint64_t path_cost(ar_run *run, const links *l, uint32_t id)
{
    uint64_t c = 0;
    for (; l->parent[id] != UINT32_MAX; id = l->parent[id])
        c += ar_puzzle_move_cost(run->p, run->inst, l->via[id]);
    return c;
}

ar_status ar_algo_bfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err)
{
    ar_run run;
    ar_state_store store;
    links l = {NULL, NULL, 0, 0};
    ar_batch b = {NULL, NULL, NULL, NULL};
    uint32_t next = 0, level_end, id, depth = 0;
    int fresh;
    ar_status st;
    char phase[48];

    (void)h;
    ar_run_init(&run, p, inst, NULL, opts, res);
    /* BFS expands at most every reachable state: that makes an honest ETA. */
    run.progress_total = p->state_count ? p->state_count(inst) : 0;
    st = ar_store_init(&store, run.state_size, ar_run_hash, &run, &run.mem, err);
    if (st != AR_OK) {
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_MEMORY;
        return AR_OK;
    }
    st = ar_batch_init(&b, &run, err);
    if (st != AR_OK)
        goto done;
    p->initial_state(inst, b.state);
    st = ar_store_insert(&store, b.state, ar_run_hash(&run, b.state), &id, &fresh, err);
    if (st == AR_OK)
        st = links_add(&run, &l, id, UINT32_MAX, AR_NO_MOVE, err);
    if (st != AR_OK)
        goto done;
    res->generated = 1;
    res->has_lower_bound = 1;
    res->lower_bound = 0;
    if (p->is_goal(inst, b.state)) {
        st = ar_run_set_solution(&run, NULL, 0, 0, err);
        goto done;
    }
    level_end = store.count;
    res->outcome = AR_OUTCOME_NO_SOLUTION;
    while (next < store.count) {
        unsigned n, i;
        if (next == level_end) {
            depth++;
            level_end = store.count;
            snprintf(phase, sizeof phase, "depth %u", depth);
            run.phase = phase;
            ar_run_trace_event(&run, "layer", depth);
        }
        /* Every state up to `depth` has been generated and goal-tested. */
        res->lower_bound = depth + 1u;
        if (ar_run_should_stop(&run)) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = run.stop;
            break;
        }
        memcpy(b.state, ar_store_state(&store, next), run.state_size);
        ar_run_trace_node(&run, b.state, depth, store.count - next, depth, depth);
        n = ar_run_expand(&run, &b);
        for (i = 0; i < n; i++) {
            const unsigned char *child = ar_batch_child(&b, &run, i);
            st = ar_store_insert(&store, child, ar_run_hash(&run, child), &id, &fresh, err);
            if (st != AR_OK)
                goto done;
            if (!fresh)
                continue;
            st = links_add(&run, &l, id, next, b.moves[i], err);
            if (st != AR_OK)
                goto done;
            if (p->is_goal(inst, child)) {
                st = ar_run_solution_from_links(&run, l.parent, l.via, id, path_cost(&run, &l, id),
                                                err);
                goto done;
            }
        }
        next++;
    }

done:
    if (st == AR_ERR_MEMORY) {
        st = AR_OK;
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_MEMORY;
    }
    res->peak_bytes = run.mem.peak;
    ar_store_free(&store);
    links_free(&run, &l);
    ar_batch_free(&b);
    return st;
}

typedef struct beam_item {
    uint64_t h;
    uint32_t id;
} beam_item;

static int beam_cmp(const void *a, const void *b)
{
    const beam_item *x = a, *y = b;
    if (x->h != y->h)
        return x->h < y->h ? -1 : 1;
    return x->id < y->id ? -1 : (x->id > y->id);
}

ar_status ar_algo_beam(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                       const ar_search_options *opts, ar_result *res, ar_error *err)
{
    ar_run run;
    ar_state_store store;
    links l = {NULL, NULL, 0, 0};
    ar_batch b = {NULL, NULL, NULL, NULL};
    beam_item *level = NULL, *next_level = NULL;
    size_t level_count = 0, next_count, next_cap = 0, width = opts->beam_width ? opts->beam_width : 1000;
    uint32_t id;
    int fresh, dropped = 0;
    unsigned beam_depth = 0;
    ar_status st;

    ar_run_init(&run, p, inst, h, opts, res);
    st = ar_store_init(&store, run.state_size, ar_run_hash, &run, &run.mem, err);
    if (st != AR_OK) {
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_MEMORY;
        return AR_OK;
    }
    st = ar_batch_init(&b, &run, err);
    if (st != AR_OK)
        goto done;
    level = malloc(sizeof *level);
    if (!level) {
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory for the beam");
        goto done;
    }
    p->initial_state(inst, b.state);
    st = ar_store_insert(&store, b.state, ar_run_hash(&run, b.state), &id, &fresh, err);
    if (st == AR_OK)
        st = links_add(&run, &l, id, UINT32_MAX, AR_NO_MOVE, err);
    if (st != AR_OK)
        goto done;
    res->generated = 1;
    if (p->is_goal(inst, b.state)) {
        st = ar_run_set_solution(&run, NULL, 0, 0, err);
        goto done;
    }
    level[0].h = ar_run_h(&run, b.state);
    level[0].id = id;
    level_count = 1;
    for (;;) {
        size_t k;
        next_count = 0;
        for (k = 0; k < level_count; k++) {
            unsigned n, i;
            if (ar_run_should_stop(&run)) {
                res->outcome = AR_OUTCOME_STOPPED;
                res->stop = run.stop;
                goto done;
            }
            memcpy(b.state, ar_store_state(&store, level[k].id), run.state_size);
            ar_run_trace_node(&run, b.state, beam_depth, level_count - k + next_count, beam_depth, beam_depth);
            n = ar_run_expand(&run, &b);
            for (i = 0; i < n; i++) {
                const unsigned char *child = ar_batch_child(&b, &run, i);
                st = ar_store_insert(&store, child, ar_run_hash(&run, child), &id, &fresh, err);
                if (st != AR_OK)
                    goto done;
                if (!fresh)
                    continue;
                st = links_add(&run, &l, id, level[k].id, b.moves[i], err);
                if (st != AR_OK)
                    goto done;
                if (p->is_goal(inst, child)) {
                    st = ar_run_solution_from_links(&run, l.parent, l.via, id,
                                                    path_cost(&run, &l, id), err);
                    goto done;
                }
                if (next_count == next_cap) {
                    size_t cap = next_cap ? next_cap * 2 : 1024;
                    beam_item *q = ar_mem_realloc(&run.mem, next_level, next_cap * sizeof *q,
                                                  cap * sizeof *q, "beam level", err);
                    if (!q) {
                        st = AR_ERR_MEMORY;
                        goto done;
                    }
                    next_level = q;
                    next_cap = cap;
                }
                next_level[next_count].h = ar_run_h(&run, child);
                next_level[next_count].id = id;
                next_count++;
            }
        }
        if (next_count == 0) {
            res->outcome = dropped ? AR_OUTCOME_STOPPED : AR_OUTCOME_NO_SOLUTION;
            res->stop = dropped ? AR_STOP_BEAM : AR_STOP_NONE;
            break;
        }
        if (next_count > width) {
            qsort(next_level, next_count, sizeof *next_level, beam_cmp);
            next_count = width;
            dropped = 1;
        }
        {
            beam_item *q = realloc(level, next_count * sizeof *level);
            if (!q) {
                st = ar_error_set(err, AR_ERR_MEMORY, "out of memory for the beam");
                goto done;
            }
            level = q;
            memcpy(level, next_level, next_count * sizeof *level);
            level_count = next_count;
            beam_depth++;
        }
    }

done:
    if (st == AR_ERR_MEMORY) {
        st = AR_OK;
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_MEMORY;
    }
    res->peak_bytes = run.mem.peak;
    ar_store_free(&store);
    links_free(&run, &l);
    ar_mem_free(&run.mem, next_level, next_cap * sizeof *next_level);
    free(level);
    ar_batch_free(&b);
    return st;
}
