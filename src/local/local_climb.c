/* local_climb.c — hill climbing in its three forms, with random restarts and
 * sideways moves, and iterated local search.
 *
 * - hill (first improvement): take the first improving move found (the
 *   problem's fast search when it has one, else the enumeration's order);
 * - steepest (steepest ascent): look at every move, take the best (ties at
 *   random);
 * - first-choice: draw random moves until one improves; give up after
 *   `tries` draws in a row that do not (then the whole neighbourhood is
 *   checked, so the run says honestly whether it stopped on an optimum);
 * - all three: up to `sideways` equal-cost moves in a row (a plateau may
 *   lead to a way down; unlimited sideways moves could cycle for ever),
 *   and `restarts` further climbs from random states, keeping the best;
 * - ils: descend, then repeatedly kick the best state (the problem's
 *   perturbation) and descend again, keeping the result only when it is
 *   better (rolling back otherwise).
 * Each climb ends on a strict local optimum (every move worsens) or a
 * plateau (none improves, some keep the cost); the run counts both. */
#include "local_internal.h"

#include <stdio.h>
#include <string.h>

static ar_local_end climb_steepest(lk *L)
{
    const ar_local_problem *P = L->P;
    uint64_t in_a_row = 0;
    for (;;) {
        ar_local_move m, pick;
        int64_t best_d = INT64_MAX;
        uint64_t ties = 0;
        int more, any = 0;
        ar_local_end e;
        if ((e = ar_lk_must_end(L)) != AR_LOCAL_END_NONE)
            return e;
        memset(&pick, 0, sizeof pick);
        for (more = P->first_move(P->ctx, L->cur, &m); more; more = P->next_move(P->ctx, L->cur, &m)) {
            int64_t d = ar_lk_delta(L, L->cur, &m);
            L->run->res->expanded++;
            any = 1;
            if (d < best_d) {
                best_d = d;
                pick = m;
                ties = 1;
            } else if (d == best_d && ar_rng_below(&L->rng, ++ties) == 0) {
                pick = m;
            }
            if (ar_lk_stop(L))
                return AR_LOCAL_END_STOPPED;
        }
        if (!any)
            return AR_LOCAL_END_LOCAL_OPTIMUM;
        if (best_d < 0) {
            ar_lk_apply(L, &pick, best_d, "move");
            in_a_row = 0;
        } else if (best_d == 0 && in_a_row < L->par->sideways) {
            ar_lk_apply(L, &pick, 0, "sideways");
            L->st->sideways++;
            in_a_row++;
        } else {
            return best_d == 0 ? AR_LOCAL_END_PLATEAU : AR_LOCAL_END_LOCAL_OPTIMUM;
        }
    }
}

static ar_local_end climb_first_choice(lk *L)
{
    const ar_local_problem *P = L->P;
    uint64_t tries = L->par->tries ? L->par->tries : 100 + 10 * P->size, failed = 0, in_a_row = 0;
    for (;;) {
        ar_local_move m;
        int64_t d;
        ar_local_end e;
        if ((e = ar_lk_must_end(L)) != AR_LOCAL_END_NONE)
            return e;
        if (!P->random_move(P->ctx, L->cur, &L->rng, &m))
            return AR_LOCAL_END_LOCAL_OPTIMUM; /* no move at all */
        d = ar_lk_delta(L, L->cur, &m);
        L->run->res->expanded++;
        if (d < 0) {
            ar_lk_apply(L, &m, d, "move");
            failed = in_a_row = 0;
        } else if (d == 0 && in_a_row < L->par->sideways) {
            ar_lk_apply(L, &m, 0, "sideways");
            L->st->sideways++;
            in_a_row++;
            failed = 0;
        } else if (++failed >= tries) {
            /* Gave up: say whether it really is an optimum or a plateau. */
            e = ar_lk_classify(L, 0, 1);
            return e == AR_LOCAL_END_NONE ? AR_LOCAL_END_BUDGET : e;
        }
    }
}

static const char *climb_event(ar_local_end e)
{
    switch (e) {
    case AR_LOCAL_END_LOCAL_OPTIMUM: return "local-optimum";
    case AR_LOCAL_END_PLATEAU: return "plateau";
    case AR_LOCAL_END_BOUND: return "bound";
    case AR_LOCAL_END_BUDGET: return "gave-up";
    default: return "stopped";
    }
}

ar_status ar_local_run_climb(lk *L, const char *variant, ar_error *err)
{
    uint64_t c;
    (void)err;
    L->trace_moves = 1;
    ar_lk_start(L, 0);
    for (c = 0;; c++) {
        ar_local_end e;
        snprintf(L->phase, sizeof L->phase, "climb %llu, best %lld", (unsigned long long)c + 1,
                 (long long)L->st->best_cost);
        L->st->climbs++;
        if (strcmp(variant, "steepest") == 0)
            e = climb_steepest(L);
        else if (strcmp(variant, "first-choice") == 0)
            e = climb_first_choice(L);
        else
            e = ar_lk_descend(L, L->par->sideways, 1);
        L->st->last_climb = e;
        if (e == AR_LOCAL_END_LOCAL_OPTIMUM)
            L->st->local_optima++;
        else if (e == AR_LOCAL_END_PLATEAU)
            L->st->plateaus++;
        ar_lk_trace(L, climb_event(e));
        if (e == AR_LOCAL_END_STOPPED || e == AR_LOCAL_END_BOUND) {
            L->st->end = e;
            break;
        }
        if (c >= L->par->restarts) {
            L->st->end = L->par->restarts ? AR_LOCAL_END_BUDGET : e;
            break;
        }
        ar_lk_start(L, 1);
    }
    return AR_OK;
}

/* The fallback kick: three random moves, whatever they cost. */
static int64_t random_kick(lk *L)
{
    const ar_local_problem *P = L->P;
    int64_t total = 0;
    int i;
    for (i = 0; i < 3; i++) {
        ar_local_move m;
        if (!P->random_move(P->ctx, L->cur, &L->rng, &m))
            break;
        total += ar_lk_delta(L, L->cur, &m);
        P->apply(P->ctx, L->cur, &m);
    }
    return total;
}

ar_status ar_local_run_ils(lk *L, ar_error *err)
{
    const ar_local_problem *P = L->P;
    uint64_t kicks = L->par->kicks ? L->par->kicks : (P->size * 10 > 100 ? P->size * 10 : 100), k;
    ar_local_end e;
    (void)err;
    L->trace_moves = 0;
    ar_lk_start(L, 0);
    snprintf(L->phase, sizeof L->phase, "first descent");
    e = ar_lk_descend(L, 0, 0);
    L->st->climbs = 1;
    ar_lk_trace(L, "descent");
    if (e == AR_LOCAL_END_STOPPED || e == AR_LOCAL_END_BOUND) {
        L->st->end = L->st->last_climb = e;
        return AR_OK;
    }
    if (P->mark)
        P->mark(P->ctx, L->cur);
    L->run->progress_total = kicks;
    for (k = 0; k < kicks; k++) {
        int64_t before = L->st->best_cost;
        if ((e = ar_lk_must_end(L)) != AR_LOCAL_END_NONE)
            break;
        if ((k & 255) == 0)
            snprintf(L->phase, sizeof L->phase, "kick %llu of %llu, best %lld",
                     (unsigned long long)k, (unsigned long long)kicks, (long long)before);
        ar_lk_save_best(L); /* the working state is the best: keep it before the kick */
        L->cur_cost += P->perturb ? P->perturb(P->ctx, L->cur, &L->rng) : random_kick(L);
        L->st->kicks++;
        L->st->steps++;
        L->run->res->generated++;
        ar_lk_note_current(L);
        e = ar_lk_descend(L, 0, 0);
        L->st->climbs++;
        if (e == AR_LOCAL_END_STOPPED)
            break;
        if (L->cur_cost < before) {
            if (P->mark)
                P->mark(P->ctx, L->cur);
            ar_lk_trace(L, "better");
        } else {
            ar_lk_trace(L, "rollback");
            /* Back to the best: the problem's undo journal, else a copy. */
            if (!(P->rollback && P->rollback(P->ctx, L->cur))) {
                memcpy(L->cur, L->best, L->ss);
                if (P->reset)
                    P->reset(P->ctx, L->cur);
                if (P->mark)
                    P->mark(P->ctx, L->cur);
            }
            L->cur_cost = L->st->best_cost;
            L->best_is_cur = 0; /* best holds it already */
        }
    }
    L->st->last_climb = e == AR_LOCAL_END_STOPPED ? e : AR_LOCAL_END_LOCAL_OPTIMUM;
    L->st->end = e == AR_LOCAL_END_STOPPED || e == AR_LOCAL_END_BOUND ? e : AR_LOCAL_END_BUDGET;
    return AR_OK;
}
