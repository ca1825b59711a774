/* local_beam.c — local beam search (Russell & Norvig, ch. 4): k states at
 * once instead of one.
 *
 * Each step pools the moves of every state of the beam and keeps the k best
 * distinct results (not k separate climbs: a state with many good moves may
 * fill the whole beam, which is the method's strength and its failure mode,
 * the beam collapsing onto one hill). The first state is the constructed
 * start (unless --random-start), the others random. The search ends when no
 * successor of any beam state beats the best state so far: a local optimum
 * of the beam (or a plateau, when the best successor only equals it).
 * Delta evaluation must depend only on the state and the move here, since
 * the moves of k different states are evaluated together. */
#include "local_internal.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/hash.h"

typedef struct candidate {
    int64_t cost;
    uint64_t tie; /* a random key, so equal costs are not chosen by position */
    uint32_t parent;
    ar_local_move move;
} candidate;

static int worse_than(const candidate *a, const candidate *b)
{
    return a->cost > b->cost || (a->cost == b->cost && a->tie > b->tie);
}

/* The pool is a max-heap of the best `cap` candidates seen: the worst on top. */
static void pool_push(candidate *heap, size_t *n, size_t cap, const candidate *c)
{
    size_t i;
    if (*n == cap) {
        if (!worse_than(heap, c))
            return; /* worse than everything kept */
        i = 0; /* c replaces the top and sinks to its place */
        for (;;) {
            size_t l = 2 * i + 1, r = l + 1, m = i;
            const candidate *at_m = c;
            if (l < *n && worse_than(&heap[l], at_m)) {
                m = l;
                at_m = &heap[l];
            }
            if (r < *n && worse_than(&heap[r], at_m))
                m = r;
            if (m == i)
                break;
            heap[i] = heap[m];
            i = m;
        }
        heap[i] = *c;
        return;
    }
    i = (*n)++;
    while (i > 0 && worse_than(c, &heap[(i - 1) / 2])) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = *c;
}

static int by_cost(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    return worse_than(x, y) ? 1 : worse_than(y, x) ? -1 : 0;
}

/* A beam state better than the best becomes the best. */
static void note_state(lk *L, const unsigned char *state, int64_t cost)
{
    if (!L->have_best || cost < L->st->best_cost) {
        if (L->have_best)
            L->st->improvements++;
        memcpy(L->best, state, L->ss);
        L->st->best_cost = cost;
        L->have_best = 1;
        L->best_is_cur = 0;
    }
}

ar_status ar_local_run_beam(lk *L, ar_error *err)
{
    const ar_local_problem *P = L->P;
    size_t k = L->par->beams ? (size_t)L->par->beams : 10, cap = 4 * k, n_beam, i, bytes;
    unsigned char *beam, *next;
    int64_t *costs, *next_costs;
    uint64_t *hashes;
    candidate *pool;
    ar_status st = AR_OK;

    bytes = 2 * k * L->ss + 2 * k * sizeof(int64_t) + k * sizeof(uint64_t) + cap * sizeof(candidate);
    beam = ar_mem_alloc(&L->run->mem, bytes, 1, "the beam", err);
    if (!beam)
        return AR_ERR_MEMORY;
    next = beam + k * L->ss;
    costs = (int64_t *)(void *)(next + k * L->ss);
    next_costs = costs + k;
    hashes = (uint64_t *)(void *)(next_costs + k);
    pool = (candidate *)(void *)(hashes + k);

    /* The first state through the engine's start (constructed), the rest random. */
    ar_lk_start(L, 0);
    memcpy(beam, L->cur, L->ss);
    costs[0] = L->cur_cost;
    for (i = 1; i < k; i++) {
        P->random_state(P->ctx, beam + i * L->ss, &L->rng);
        costs[i] = P->cost(P->ctx, beam + i * L->ss);
        L->run->res->generated++;
    }
    ar_lk_save_best(L);
    for (i = 0; i < k; i++)
        note_state(L, beam + i * L->ss, costs[i]);
    n_beam = k;

    for (;;) {
        size_t n_pool = 0, chosen = 0;
        ar_local_end e = ar_lk_must_end(L);
        if (e != AR_LOCAL_END_NONE) {
            L->st->end = e;
            break;
        }
        for (i = 0; i < n_beam; i++) {
            const unsigned char *s = beam + i * L->ss;
            candidate c;
            int more;
            for (more = P->first_move(P->ctx, s, &c.move); more; more = P->next_move(P->ctx, s, &c.move)) {
                c.cost = costs[i] + ar_lk_delta(L, s, &c.move);
                c.tie = ar_rng_next(&L->rng);
                c.parent = (uint32_t)i;
                pool_push(pool, &n_pool, cap, &c);
                L->run->res->expanded++;
                if (ar_lk_stop(L))
                    break;
            }
        }
        if (L->run->stop != AR_STOP_NONE) {
            L->st->end = AR_LOCAL_END_STOPPED;
            break;
        }
        if (n_pool == 0) {
            L->st->end = AR_LOCAL_END_LOCAL_OPTIMUM;
            break;
        }
        qsort(pool, n_pool, sizeof *pool, by_cost);
        if (pool[0].cost >= L->st->best_cost) {
            L->st->end = pool[0].cost == L->st->best_cost ? AR_LOCAL_END_PLATEAU
                                                          : AR_LOCAL_END_LOCAL_OPTIMUM;
            break;
        }
        /* The k best distinct successors become the beam. */
        for (i = 0; i < n_pool && chosen < k; i++) {
            unsigned char *s = next + chosen * L->ss;
            size_t j;
            uint64_t h;
            memcpy(s, beam + pool[i].parent * L->ss, L->ss);
            P->apply(P->ctx, s, &pool[i].move);
            h = ar_hash_bytes(s, L->ss);
            for (j = 0; j < chosen; j++)
                if (hashes[j] == h && memcmp(next + j * L->ss, s, L->ss) == 0)
                    break;
            if (j < chosen)
                continue;
            hashes[chosen] = h;
            next_costs[chosen] = pool[i].cost;
            chosen++;
        }
        {
            unsigned char *t = beam;
            int64_t *tc = costs;
            beam = next;
            next = t;
            costs = next_costs;
            next_costs = tc;
        }
        n_beam = chosen;
        L->st->steps++;
        L->run->res->generated += chosen;
        for (i = 0; i < n_beam; i++)
            note_state(L, beam + i * L->ss, costs[i]);
        L->cur_cost = costs[0];
        snprintf(L->phase, sizeof L->phase, "step %llu, best %lld", (unsigned long long)L->st->steps,
                 (long long)L->st->best_cost);
        ar_lk_trace(L, "beam");
    }
    /* The engine's working state is the best, for what follows. */
    memcpy(L->cur, L->best, L->ss);
    L->cur_cost = L->st->best_cost;
    if (P->reset)
        P->reset(P->ctx, L->cur);
    L->st->last_climb = L->st->end;
    /* beam and next are swapped halves of one block: free from the lower address */
    ar_mem_free(&L->run->mem, beam < next ? beam : next, bytes);
    return st;
}
