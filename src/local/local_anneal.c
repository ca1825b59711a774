/* local_anneal.c — simulated annealing (Kirkpatrick, Gelatt & Vecchi 1983):
 * the notes' remedy for hill climbing's local maxima.
 *
 * A random move is always taken when it does not worsen the cost, and a
 * worsening one (delta > 0) with probability exp(-delta / T): early on, at a
 * high temperature T, the search wanders out of local optima; as T falls it
 * settles into hill climbing. The temperature follows a schedule, in epochs
 * of `epoch` moves:
 *   geometric   T <- alpha * T after each epoch (alpha 0.95), until T0 * tmin;
 *   linear      T = T0 * (1 - k / epochs), reaching 0 after `epochs` epochs;
 *   log         T = T0 / ln(k + e) (Geman & Geman 1984): enough, in theory, to
 *               converge to a global optimum, but so slow that `epochs`
 *               (default 200) ends it long before: a failure mode to see;
 *   lundy-mees  T <- T / (1 + beta * T) after every move (Lundy & Mees 1986),
 *               beta set so T reaches T0 * tmin in as many moves as geometric.
 * T0 comes from `t0`, or is chosen so that an average worsening move from
 * the start is accepted with probability `accept` (0.3), measured on random
 * moves. The run ends when the schedule does, or when it is frozen: five
 * epochs without a new best in which under 1% of the moves were accepted.
 * Reheating (`reheats` N): when it would end, it goes back to the best state
 * at temperature `reheat` * T0 (0.5) and cools again, up to N times. */
#include "local_internal.h"

#include <math.h>
#include <stdio.h>

static double start_temperature(lk *L)
{
    const ar_local_problem *P = L->P;
    double sum = 0, accept = L->par->accept > 0 ? L->par->accept : 0.3;
    uint64_t i, samples = 100 + P->size, worse = 0;
    if (L->par->t0 > 0)
        return L->par->t0;
    for (i = 0; i < samples; i++) {
        ar_local_move m;
        int64_t d;
        if (!P->random_move(P->ctx, L->cur, &L->rng, &m))
            break;
        d = ar_lk_delta(L, L->cur, &m);
        L->run->res->expanded++;
        if (d > 0) {
            sum += (double)d;
            worse++;
        }
    }
    if (!worse)
        return 1.0;
    return -(sum / (double)worse) / log(accept);
}

ar_status ar_local_run_anneal(lk *L, ar_error *err)
{
    const ar_local_problem *P = L->P;
    const ar_local_params *par = L->par;
    ar_local_schedule sched = par->schedule;
    uint64_t epoch = par->epoch ? par->epoch : P->size * 100 > 1000 ? P->size * 100 : 1000;
    double alpha = par->alpha > 0 ? par->alpha : 0.95;
    double tmin = par->tmin > 0 ? par->tmin : 1e-4;
    double reheat = par->reheat > 0 ? par->reheat : 0.5;
    /* Geometric and Lundy-Mees end at T0 * tmin; the same number of epochs
     * is the default length of the other two. */
    uint64_t cooling_epochs = (uint64_t)ceil(log(tmin) / log(alpha));
    uint64_t epochs = par->epochs ? par->epochs
                      : sched == AR_SCHEDULE_LINEAR || sched == AR_SCHEDULE_LOG ? 200 : cooling_epochs;
    double t0, tstart, T, beta = 0;
    uint64_t k = 0, cold = 0;
    (void)err;
    L->trace_moves = 0;
    ar_lk_start(L, 0);
    t0 = start_temperature(L);
    tstart = T = t0;
    if (sched == AR_SCHEDULE_LUNDY_MEES)
        beta = (1.0 / (tmin * tstart) - 1.0 / tstart) / ((double)epochs * (double)epoch);
    L->run->progress_total = epochs * epoch;
    for (;;) {
        uint64_t i, accepted = 0, best_before = L->st->improvements;
        int done;
        L->temperature = T;
        snprintf(L->phase, sizeof L->phase, "T %.4g, best %lld", T, (long long)L->st->best_cost);
        for (i = 0; i < epoch; i++) {
            ar_local_move m;
            int64_t d;
            ar_local_end e = ar_lk_must_end(L);
            if (e != AR_LOCAL_END_NONE) {
                L->st->end = e;
                goto out;
            }
            if (!P->random_move(P->ctx, L->cur, &L->rng, &m)) {
                L->st->end = AR_LOCAL_END_LOCAL_OPTIMUM;
                goto out;
            }
            d = ar_lk_delta(L, L->cur, &m);
            L->run->res->expanded++;
            if (d <= 0 || (T > 0 && ar_rng_double(&L->rng) < exp(-(double)d / T))) {
                ar_lk_apply(L, &m, d, d > 0 ? "uphill" : "move");
                accepted++;
            }
            if (sched == AR_SCHEDULE_LUNDY_MEES)
                T = T / (1.0 + beta * T);
        }
        L->temperature = T;
        ar_lk_trace(L, "epoch");
        k++;
        switch (sched) {
        case AR_SCHEDULE_GEOMETRIC: T *= alpha; break;
        case AR_SCHEDULE_LINEAR: T = k >= epochs ? 0 : tstart * (1.0 - (double)k / (double)epochs); break;
        case AR_SCHEDULE_LOG: T = tstart / log((double)k + exp(1.0)); break;
        case AR_SCHEDULE_LUNDY_MEES: break;
        }
        /* Frozen: five epochs without a new best, each accepting under 1%. */
        cold = L->st->improvements == best_before && accepted * 100 < epoch ? cold + 1 : 0;
        done = k >= epochs || cold >= 5 ||
               ((sched == AR_SCHEDULE_GEOMETRIC || sched == AR_SCHEDULE_LUNDY_MEES) &&
                T < tmin * tstart);
        if (!done)
            continue;
        if (L->st->reheats >= par->reheats) {
            L->st->end = AR_LOCAL_END_BUDGET;
            break;
        }
        /* Reheat: from the best state, warmer again. */
        L->st->reheats++;
        ar_lk_save_best(L);
        ar_lk_back_to_best(L);
        tstart = T = reheat * t0;
        if (sched == AR_SCHEDULE_LUNDY_MEES)
            beta = (1.0 / (tmin * tstart) - 1.0 / tstart) / ((double)epochs * (double)epoch);
        k = cold = 0;
        L->temperature = T;
        ar_lk_trace(L, "reheat");
    }
out:
    L->st->temperature = T;
    return AR_OK;
}
