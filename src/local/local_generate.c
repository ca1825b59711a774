/* local_generate.c — generate-and-test, the first of the notes' weak methods.
 *
 * Generate a candidate solution, test it; keep going. The notes give two
 * extremes of the generator:
 *   enumerate  systematic: every candidate once, in a fixed order (the
 *              problem's first_candidate/next_candidate). It is complete:
 *              having made every candidate, the best one is optimal, and a
 *              satisfaction problem without a solution is proven to have
 *              none. Its cost is the size of the whole space (n! orders,
 *              k^n assignments), which is why the better methods exist;
 *   generate   random (the "British Museum algorithm"): `samples` candidates
 *              drawn at random. It proves nothing and finds a good candidate
 *              only by luck.
 * The tester: for a satisfaction problem (the problem has is_solution), the
 * first candidate that is a solution ends the search; for an optimisation
 * problem each candidate is compared with the best so far. */
#include "local_internal.h"

#include <stdio.h>
#include <string.h>

/* Tests the candidate in the working state: 1 when the search may stop. */
static int test_candidate(lk *L)
{
    const ar_local_problem *P = L->P;
    L->run->res->expanded++;
    L->st->steps++;
    L->cur_cost = P->cost(P->ctx, L->cur);
    if (!L->have_best || L->cur_cost < L->st->best_cost) {
        ar_lk_note_current(L);
        ar_lk_save_best(L); /* the working state is overwritten by the next candidate */
        ar_lk_trace(L, "better");
    }
    if (P->is_solution) {
        if (!P->is_solution(P->ctx, L->cur))
            return 0;
        /* The first solution is the answer, whatever the cost of others. */
        memcpy(L->best, L->cur, L->ss);
        L->st->best_cost = L->cur_cost;
        L->best_is_cur = 0;
        L->st->end = AR_LOCAL_END_SOLUTION;
        return 1;
    }
    return ar_lk_at_bound(L);
}

ar_status ar_local_run_generate(lk *L, int systematic, ar_error *err)
{
    const ar_local_problem *P = L->P;
    uint64_t samples = L->par->samples ? L->par->samples : 10000, i;
    int more;
    if (systematic && (!P->first_candidate || !P->next_candidate))
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "this problem has no systematic generator (enumerate needs one)");
    L->run->unit = "candidates";
    L->run->progress_total = !systematic ? samples : P->candidate_count ? P->candidate_count(P->ctx) : 0;
    snprintf(L->phase, sizeof L->phase, systematic ? "every candidate in order" : "random candidates");
    L->st->end = systematic ? AR_LOCAL_END_EXHAUSTED : AR_LOCAL_END_BUDGET;
    for (i = 0, more = systematic ? P->first_candidate(P->ctx, L->cur) : samples > 0; more; i++) {
        if (!systematic)
            P->random_state(P->ctx, L->cur, &L->rng);
        if (i == 0)
            L->st->start_cost = P->cost(P->ctx, L->cur);
        if (test_candidate(L)) {
            if (L->st->end != AR_LOCAL_END_SOLUTION)
                L->st->end = AR_LOCAL_END_BOUND;
            break;
        }
        if (ar_lk_stop(L)) {
            L->st->end = AR_LOCAL_END_STOPPED;
            break;
        }
        more = systematic ? P->next_candidate(P->ctx, L->cur) : i + 1 < samples;
    }
    /* The working state becomes the best (the caller may classify it). */
    if (L->have_best) {
        ar_lk_save_best(L);
        memcpy(L->cur, L->best, L->ss);
        L->cur_cost = L->st->best_cost;
        if (P->reset)
            P->reset(P->ctx, L->cur);
    }
    return AR_OK;
}
