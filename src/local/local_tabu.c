/* local_tabu.c — tabu search (Glover 1986): steepest descent that keeps
 * moving when no move improves, with a short memory to stop it walking
 * straight back.
 *
 * Each iteration takes the best move that is not tabu, even a worsening one
 * (so it climbs out of local optima, unlike hill climbing). What a move
 * drops (e.g. an edge of a tour) becomes tabu to add again for `tenure`
 * iterations; a tabu move is still taken when it would give a new best cost
 * (the aspiration criterion). A problem that does not say what its moves add
 * and drop gets a tabu list of the states visited in the last `tenure`
 * iterations instead. When every move is tabu, the best of them is taken.
 * The run ends after `steps` iterations; the best state seen is the answer. */
#include "local_internal.h"

#include <stdio.h>
#include <string.h>
#include "ariadne/hash.h"

/* Attribute -> the iteration until which it is tabu: open addressing,
 * rebuilt without the expired entries when half full. */
typedef struct tabu_table {
    uint64_t *key, *until;
    size_t cap, used, bytes;
} tabu_table;

static uint64_t slot_key(uint64_t key)
{
    key ^= 0x9E3779B97F4A7C15ull;
    return key ? key : 1; /* 0 marks an empty slot */
}

static int tabu_is(const tabu_table *t, uint64_t key, uint64_t now)
{
    size_t mask = t->cap - 1, i;
    key = slot_key(key);
    for (i = (size_t)ar_hash_bytes(&key, sizeof key) & mask; t->key[i]; i = (i + 1) & mask)
        if (t->key[i] == key)
            return t->until[i] > now;
    return 0;
}

static void tabu_put_raw(tabu_table *t, uint64_t key, uint64_t until)
{
    size_t mask = t->cap - 1, i;
    for (i = (size_t)ar_hash_bytes(&key, sizeof key) & mask; t->key[i]; i = (i + 1) & mask)
        if (t->key[i] == key) {
            t->until[i] = until;
            return;
        }
    t->key[i] = key;
    t->until[i] = until;
    t->used++;
}

static ar_status tabu_alloc(tabu_table *t, size_t cap, ar_mem *mem, ar_error *err)
{
    t->cap = cap;
    t->used = 0;
    t->bytes = 2 * cap * sizeof(uint64_t);
    t->key = ar_mem_alloc(mem, t->bytes, 1, "the tabu list", err);
    if (!t->key)
        return AR_ERR_MEMORY;
    t->until = t->key + cap;
    return AR_OK;
}

static ar_status tabu_put(tabu_table *t, uint64_t key, uint64_t until, uint64_t now, ar_mem *mem,
                          ar_error *err)
{
    if (2 * (t->used + 1) > t->cap) {
        tabu_table old = *t;
        size_t i, live = 0;
        for (i = 0; i < old.cap; i++)
            live += old.key[i] && old.until[i] > now;
        if (tabu_alloc(t, 4 * live + 4 > old.cap ? 2 * old.cap : old.cap, mem, err) != AR_OK) {
            *t = old;
            return AR_ERR_MEMORY;
        }
        for (i = 0; i < old.cap; i++)
            if (old.key[i] && old.until[i] > now)
                tabu_put_raw(t, old.key[i], old.until[i]);
        ar_mem_free(mem, old.key, old.bytes);
    }
    tabu_put_raw(t, slot_key(key), until);
    return AR_OK;
}

/* Whether move m from the working state is tabu at iteration now. */
static int move_is_tabu(lk *L, const tabu_table *t, const ar_local_move *m, uint64_t now)
{
    const ar_local_problem *P = L->P;
    if (P->attributes) {
        ar_local_attrs a;
        unsigned i;
        memset(&a, 0, sizeof a);
        P->attributes(P->ctx, L->cur, m, &a);
        for (i = 0; i < a.adds && i < 4; i++)
            if (tabu_is(t, a.add[i], now))
                return 1;
        return 0;
    }
    memcpy(L->tmp, L->cur, L->ss);
    P->apply(P->ctx, L->tmp, m);
    return tabu_is(t, ar_hash_bytes(L->tmp, L->ss), now);
}

ar_status ar_local_run_tabu(lk *L, ar_error *err)
{
    const ar_local_problem *P = L->P;
    uint64_t tenure = L->par->tenure ? L->par->tenure : 7 + P->size / 10;
    uint64_t steps = L->par->steps ? L->par->steps : 100 + 10 * P->size, it;
    tabu_table table;
    ar_status st;

    st = tabu_alloc(&table, 1024, &L->run->mem, err);
    if (st != AR_OK)
        return st;
    L->trace_moves = 1;
    ar_lk_start(L, 0);
    if (!P->attributes)
        st = tabu_put(&table, ar_hash_bytes(L->cur, L->ss), tenure, 0, &L->run->mem, err);
    L->run->progress_total = steps;
    L->st->end = AR_LOCAL_END_BUDGET;
    for (it = 0; it < steps && st == AR_OK; it++) {
        ar_local_move m, pick, any_pick;
        int64_t pick_d = INT64_MAX, any_d = INT64_MAX;
        uint64_t ties = 0, any_ties = 0;
        int more;
        ar_local_attrs attrs;
        ar_local_end e = ar_lk_must_end(L);
        if (e != AR_LOCAL_END_NONE) {
            L->st->end = e;
            break;
        }
        memset(&pick, 0, sizeof pick);
        memset(&any_pick, 0, sizeof any_pick);
        for (more = P->first_move(P->ctx, L->cur, &m); more; more = P->next_move(P->ctx, L->cur, &m)) {
            int64_t d = ar_lk_delta(L, L->cur, &m);
            L->run->res->expanded++;
            if (d < any_d) {
                any_d = d;
                any_pick = m;
                any_ties = 1;
            } else if (d == any_d && ar_rng_below(&L->rng, ++any_ties) == 0) {
                any_pick = m;
            }
            if (d > pick_d)
                continue;
            /* Allowed: not tabu, or a new best (aspiration). */
            if (L->cur_cost + d >= L->st->best_cost && move_is_tabu(L, &table, &m, it))
                continue;
            if (d < pick_d) {
                pick_d = d;
                pick = m;
                ties = 1;
            } else if (ar_rng_below(&L->rng, ++ties) == 0) {
                pick = m;
            }
            if (ar_lk_stop(L))
                break;
        }
        if (L->run->stop != AR_STOP_NONE) {
            L->st->end = AR_LOCAL_END_STOPPED;
            break;
        }
        if (any_d == INT64_MAX) {
            L->st->end = AR_LOCAL_END_LOCAL_OPTIMUM; /* no move at all */
            break;
        }
        if (pick_d == INT64_MAX) { /* every move is tabu: the best of them */
            pick = any_pick;
            pick_d = any_d;
        }
        memset(&attrs, 0, sizeof attrs);
        if (P->attributes)
            P->attributes(P->ctx, L->cur, &pick, &attrs);
        ar_lk_apply(L, &pick, pick_d, pick_d > 0 ? "uphill" : pick_d == 0 ? "sideways" : "move");
        if (P->attributes) {
            unsigned i;
            for (i = 0; i < attrs.drops && i < 4 && st == AR_OK; i++)
                st = tabu_put(&table, attrs.drop[i], it + 1 + tenure, it, &L->run->mem, err);
        } else {
            st = tabu_put(&table, ar_hash_bytes(L->cur, L->ss), it + 1 + tenure, it, &L->run->mem, err);
        }
        if ((it & 63) == 0)
            snprintf(L->phase, sizeof L->phase, "iteration %llu, best %lld",
                     (unsigned long long)it, (long long)L->st->best_cost);
    }
    ar_mem_free(&L->run->mem, table.key, table.bytes);
    if (st == AR_ERR_MEMORY) { /* the list could not grow: stop with the best so far */
        ar_run_stop(L->run, AR_STOP_MEMORY);
        L->st->end = AR_LOCAL_END_STOPPED;
        st = AR_OK;
    }
    ar_lk_save_best(L);
    ar_lk_back_to_best(L);
    return st;
}
