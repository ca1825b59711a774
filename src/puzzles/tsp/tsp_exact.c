/* tsp_exact.c — the Held-Karp dynamic programme (Bellman 1962; Held & Karp
 * 1962), the domain's solver table, and writing a tour as a solution.
 *
 * C(S, j), the shortest path from city 1 through exactly the cities of S
 * ending at j, satisfies C({j}, j) = d(1, j) and C(S, j) = min over i in
 * S - {j} of C(S - {j}, i) + d(i, j); the optimal tour is the least
 * C(all, j) + d(j, 1). That is 2^(n-1) (n-1) numbers and O(2^n n^2) time:
 * exact and fast to about 20 cities, hopeless beyond 30, which is the point
 * where branch and bound with good bounds takes over. The table is kept in
 * the run's accounted memory, so --memory-limit refuses a table too big
 * instead of the machine swapping; before the table, a quick local-search
 * tour is recorded as the best so far, so a stopped run still prints a tour. */
#include "tsp_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ar_status ar_tsp_set_solution(ar_run *run, const tsp_data *d, const uint32_t *order, ar_error *err)
{
    uint32_t n = d->n, i, start = 0, from = 0;
    uint64_t cost = 0;
    ar_move *moves = malloc(sizeof *moves * n);
    ar_status st;
    if (!moves)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory writing a tour of %u cities", n);
    while (order[start] != 0)
        start++;
    for (i = 1; i <= n; i++) {
        uint32_t to = order[(start + i) % n];
        moves[i - 1] = from * n + to;
        cost += (uint64_t)tsp_dist(d, from, to);
        from = to;
    }
    st = ar_run_set_solution(run, moves, n, cost, err);
    free(moves);
    return st;
}

ar_status ar_tsp_held_karp(const tsp_data *d, ar_run *run, uint32_t *order, int64_t *length, ar_error *err)
{
    uint32_t n = d->n, m = n - 1, j, i;
    uint64_t full = ((uint64_t)1 << m) - 1, S, bytes;
    int64_t *c, best = INT64_MAX;
    uint32_t last = 0;
    if (m > 30)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "held-karp: %u cities need 2^%u table rows", n, m);
    bytes = (full + 1) * m * sizeof *c;
    if (bytes > SIZE_MAX / 2)
        return ar_error_set(err, AR_ERR_MEMORY, "held-karp: a table of %" PRIu64 " bytes", bytes);
    c = ar_mem_alloc(&run->mem, (size_t)bytes, 0, "the Held-Karp table", err);
    if (!c)
        return AR_ERR_MEMORY;
    run->unit = "subsets";
    run->progress_total = full;
    /* City j + 1 is bit j; subsets in increasing order come after their parts. */
    for (S = 1; S <= full; S++) {
        int64_t *row = c + S * m;
        run->res->expanded++;
        if (ar_run_should_stop(run)) {
            ar_mem_free(&run->mem, c, (size_t)bytes);
            return AR_OK;
        }
        for (j = 0; j < m; j++) {
            uint64_t rest;
            int64_t v = INT64_MAX;
            if (!(S >> j & 1))
                continue;
            rest = S & ~((uint64_t)1 << j);
            if (!rest) {
                row[j] = tsp_dist(d, 0, j + 1);
                continue;
            }
            for (i = 0; i < m; i++)
                if (rest >> i & 1) {
                    int64_t t = c[rest * m + i] + tsp_dist(d, i + 1, j + 1);
                    if (t < v)
                        v = t;
                }
            row[j] = v;
        }
    }
    for (j = 0; j < m; j++) {
        int64_t t = c[full * m + j] + tsp_dist(d, j + 1, 0);
        if (t < best) {
            best = t;
            last = j;
        }
    }
    /* Back from the end: which i gave C(S, j). */
    order[0] = 0;
    for (S = full, j = last, i = m; i >= 1; i--) {
        uint64_t rest = S & ~((uint64_t)1 << j);
        uint32_t k, prev = m;
        order[i] = j + 1;
        for (k = 0; k < m && rest; k++)
            if ((rest >> k & 1) && c[rest * m + k] + tsp_dist(d, k + 1, j + 1) == c[S * m + j]) {
                prev = k;
                break;
            }
        S = rest;
        j = prev;
        if (!rest)
            break;
    }
    *length = best;
    ar_mem_free(&run->mem, c, (size_t)bytes);
    return AR_OK;
}

ar_status ar_tsp_solve_held_karp(ar_instance *inst, const ar_search_options *opts, const ar_move_sink *sink,
                                 ar_result *result, ar_error *err)
{
    const tsp_data *d = inst->d;
    uint32_t *order;
    int64_t length = 0;
    ar_run run;
    ar_status st;
    (void)sink;
    if (!inst->fresh)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "held-karp makes whole tours from city 1; use astar mid-tour");
    if (d->n > 31)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "held-karp: %u cities need 2^%u x %u table entries (use bnb-1tree)", d->n, d->n - 1, d->n - 1);
    order = malloc(sizeof *order * d->n);
    if (!order)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_run_begin(&run, opts, result);
    /* A tour to show if the table is refused or the run stopped. */
    st = ar_tsp_local_tour(inst, "hill", NULL, 0, NULL, order, &length, err);
    if (st == AR_OK)
        st = ar_tsp_set_solution(&run, d, order, err);
    if (st == AR_OK) {
        st = ar_run_memory_stop(&run, ar_tsp_held_karp(d, &run, order, &length, err));
        if (st == AR_OK && run.stop == AR_STOP_NONE) {
            st = ar_tsp_set_solution(&run, d, order, err);
            result->optimal = 1;
            ar_run_lower_bound(&run, (uint64_t)length);
            snprintf(result->note, sizeof result->note,
                     "optimal: proven by the Held-Karp dynamic programme over %" PRIu64 " subsets",
                     result->expanded);
        } else if (st == AR_OK) {
            snprintf(result->note, sizeof result->note,
                     "stopped by %s: the tour is hill climbing's, not proven optimal",
                     ar_stop_reason_name(run.stop));
        }
    }
    free(order);
    ar_run_finish(&run);
    return st;
}

const ar_domain_solver ar_tsp_solvers[] = {
    {.name = "held-karp",
     .summary = "Held-Karp dynamic programme over (cities seen, last city): optimal; 2^n memory, to ~22 cities",
     .run = ar_tsp_solve_held_karp},
    {.name = "bnb-1tree",
     .summary = "branch and bound with Held-Karp 1-tree bounds from an ILS tour: optimal when it finishes",
     .flags = AR_SOLVER_USES_SEED,
     .run = ar_tsp_solve_bnb},
    {.name = NULL}};
