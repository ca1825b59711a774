/* local_engine.c — the books every local-search strategy keeps (local_internal.h):
 * the working state and the lazily copied best, the step that applies a move,
 * start states, the trace, one pass over the whole neighbourhood (which finds
 * an improving move or says the state is a local optimum or on a plateau),
 * and first-improvement descent, which hill climbing and iterated local
 * search share. */
#include "local_internal.h"

#include <string.h>

ar_status ar_lk_init(lk *L, const ar_local_problem *P, const ar_local_params *par, ar_run *run,
                     void *best, ar_local_stats *st, ar_error *err)
{
    memset(L, 0, sizeof *L);
    memset(st, 0, sizeof *st);
    L->P = P;
    L->par = par;
    L->run = run;
    L->st = st;
    L->ss = P->state_size;
    L->best = best;
    ar_rng_seed(&L->rng, par->seed);
    L->alloc_bytes = 2 * L->ss;
    L->cur = ar_mem_alloc(&run->mem, L->alloc_bytes, 1, "local-search states", err);
    if (!L->cur)
        return AR_ERR_MEMORY;
    L->tmp = L->cur + L->ss;
    run->unit = "moves";
    run->phase = L->phase;
    return AR_OK;
}

void ar_lk_free(lk *L)
{
    ar_lk_save_best(L);
    L->st->evaluations = L->run->res->expanded;
    ar_mem_free(&L->run->mem, L->cur, L->alloc_bytes);
    L->cur = L->tmp = NULL;
}

int ar_lk_stop(lk *L)
{
    return ar_run_should_stop(L->run);
}

int ar_lk_at_bound(const lk *L)
{
    return L->P->has_lower_bound && L->have_best && L->st->best_cost <= L->P->lower_bound;
}

ar_local_end ar_lk_must_end(lk *L)
{
    if (ar_lk_stop(L))
        return AR_LOCAL_END_STOPPED;
    return ar_lk_at_bound(L) ? AR_LOCAL_END_BOUND : AR_LOCAL_END_NONE;
}

void ar_lk_trace(lk *L, const char *event)
{
    const ar_search_options *o = L->run->opts;
    ar_trace_point pt = {0};
    if (!o->on_trace)
        return;
    pt.step = L->st->steps;
    pt.current = L->cur_cost;
    pt.best = L->have_best ? L->st->best_cost : L->cur_cost;
    pt.temperature = L->temperature;
    pt.event = event;
    o->on_trace(o->on_trace_ctx, &pt);
}

int64_t ar_lk_delta(lk *L, const void *state, const ar_local_move *m)
{
    const ar_local_problem *P = L->P;
    if (P->delta)
        return P->delta(P->ctx, state, m);
    /* Generic: the move made on a copy, costs compared. */
    memcpy(L->tmp, state, L->ss);
    P->apply(P->ctx, L->tmp, m);
    return P->cost(P->ctx, L->tmp) - P->cost(P->ctx, state);
}

void ar_lk_note_current(lk *L)
{
    if (!L->have_best || L->cur_cost < L->st->best_cost) {
        if (L->have_best)
            L->st->improvements++;
        L->st->best_cost = L->cur_cost;
        L->have_best = 1;
        L->best_is_cur = 1;
    }
}

void ar_lk_save_best(lk *L)
{
    if (L->best_is_cur) {
        memcpy(L->best, L->cur, L->ss);
        L->best_is_cur = 0;
    }
}

void ar_lk_apply(lk *L, const ar_local_move *m, int64_t d, const char *event)
{
    if (d > 0) {
        ar_lk_save_best(L); /* the working state is about to be worse than the best */
        L->st->uphill++;
    }
    L->P->apply(L->P->ctx, L->cur, m);
    L->cur_cost += d;
    L->run->res->generated++;
    L->st->steps++;
    ar_lk_note_current(L);
    if (L->trace_moves)
        ar_lk_trace(L, event);
}

void ar_lk_start(lk *L, int random)
{
    const ar_local_problem *P = L->P;
    int first = !L->have_best;
    ar_lk_save_best(L);
    if (!random && !L->par->random_start && P->initial_state)
        P->initial_state(P->ctx, L->cur, &L->rng);
    else
        P->random_state(P->ctx, L->cur, &L->rng);
    if (P->reset)
        P->reset(P->ctx, L->cur);
    L->cur_cost = P->cost(P->ctx, L->cur);
    L->run->res->generated++;
    if (first)
        L->st->start_cost = L->cur_cost;
    ar_lk_note_current(L);
    ar_lk_trace(L, first ? "start" : "restart");
}

void ar_lk_back_to_best(lk *L)
{
    const ar_local_problem *P = L->P;
    if (L->best_is_cur || !L->have_best)
        return;
    memcpy(L->cur, L->best, L->ss);
    if (P->reset)
        P->reset(P->ctx, L->cur);
    L->cur_cost = L->st->best_cost;
}

/* One pass over the working state's whole neighbourhood. Stops at the
 * first improving move (returns 1 with it and its delta); otherwise returns
 * 0 with the number of equal-cost moves in *equal and one of them, drawn
 * uniformly (reservoir sampling), in *side; -1 when a limit stopped it. */
static int scan(lk *L, ar_local_move *better, int64_t *better_delta, ar_local_move *side,
                uint64_t *equal, int check_limits)
{
    const ar_local_problem *P = L->P;
    ar_local_move m;
    int more;
    *equal = 0;
    for (more = P->first_move(P->ctx, L->cur, &m); more; more = P->next_move(P->ctx, L->cur, &m)) {
        int64_t d = ar_lk_delta(L, L->cur, &m);
        L->run->res->expanded++;
        if (d < 0) {
            *better = m;
            *better_delta = d;
            return 1;
        }
        if (d == 0 && ar_rng_below(&L->rng, ++*equal) == 0)
            *side = m;
        if (check_limits && ar_lk_stop(L))
            return -1;
    }
    return 0;
}

ar_local_end ar_lk_classify(lk *L, int apply_improvement, int check_limits)
{
    ar_local_move better, side;
    int64_t d = 0;
    uint64_t equal;
    int r = scan(L, &better, &d, &side, &equal, check_limits);
    if (r < 0)
        return AR_LOCAL_END_STOPPED;
    if (r > 0) {
        if (apply_improvement)
            ar_lk_apply(L, &better, d, "move");
        return AR_LOCAL_END_NONE;
    }
    return equal ? AR_LOCAL_END_PLATEAU : AR_LOCAL_END_LOCAL_OPTIMUM;
}

int ar_lk_random_move_with_delta(lk *L, int64_t want, ar_local_move *out)
{
    const ar_local_problem *P = L->P;
    ar_local_move m;
    uint64_t k = 0;
    int more;
    for (more = P->first_move(P->ctx, L->cur, &m); more; more = P->next_move(P->ctx, L->cur, &m)) {
        L->run->res->expanded++;
        if (ar_lk_delta(L, L->cur, &m) == want && ar_rng_below(&L->rng, ++k) == 0)
            *out = m;
    }
    return k > 0;
}

/* One pass over the whole neighbourhood taking every improving move as it
 * meets it (the pass goes on from there, on the changed state). Returns how
 * many it took, or -1 when a limit stopped it; when it took none, *equal
 * counts the equal-cost moves and *side is one of them, drawn uniformly. */
static int64_t sweep(lk *L, ar_local_move *side, uint64_t *equal)
{
    const ar_local_problem *P = L->P;
    ar_local_move m;
    int64_t taken = 0;
    int more;
    *equal = 0;
    for (more = P->first_move(P->ctx, L->cur, &m); more; more = P->next_move(P->ctx, L->cur, &m)) {
        int64_t d = ar_lk_delta(L, L->cur, &m);
        L->run->res->expanded++;
        if (d < 0) {
            ar_lk_apply(L, &m, d, "move");
            taken++;
            if (ar_lk_at_bound(L))
                return taken;
        } else if (d == 0 && !taken && ar_rng_below(&L->rng, ++*equal) == 0) {
            *side = m;
        }
        if (ar_lk_stop(L))
            return -1;
    }
    return taken;
}

ar_local_end ar_lk_descend(lk *L, uint64_t sideways, int classify)
{
    const ar_local_problem *P = L->P;
    uint64_t in_a_row = 0;
    for (;;) {
        ar_local_move m, side;
        int64_t d = 0, taken;
        uint64_t equal = 0;
        ar_local_end e;
        if (P->improving_move) {
            /* The problem's fast search, as long as it finds something. */
            for (;;) {
                uint64_t evaluated = 0;
                int r;
                if ((e = ar_lk_must_end(L)) != AR_LOCAL_END_NONE)
                    return e;
                r = P->improving_move(P->ctx, L->cur, &m, &d, &evaluated);
                L->run->res->expanded += evaluated;
                if (!r)
                    break;
                ar_lk_apply(L, &m, d, "move");
                in_a_row = 0;
            }
            if (!classify && !sideways)
                return AR_LOCAL_END_LOCAL_OPTIMUM;
        }
        if ((e = ar_lk_must_end(L)) != AR_LOCAL_END_NONE)
            return e;
        /* The whole neighbourhood: improvements the fast search missed (or
         * first improvement itself, without one), else what kind of end. */
        taken = sweep(L, &side, &equal);
        if (taken < 0)
            return AR_LOCAL_END_STOPPED;
        if (taken > 0) {
            in_a_row = 0;
            continue;
        }
        if (equal && in_a_row < sideways) {
            ar_lk_apply(L, &side, 0, "sideways");
            L->st->sideways++;
            in_a_row++;
            continue;
        }
        return equal ? AR_LOCAL_END_PLATEAU : AR_LOCAL_END_LOCAL_OPTIMUM;
    }
}
