/* knight_tour.c — "warnsdorff": a knight's tour by Warnsdorff's rule (1823)
 * with backtracking, in time linear in the board when the rule does not get
 * stuck (it did not on any board tried, up to 1000x1000: BENCHMARKS.md).
 *
 * The rule: go to the unvisited square with the fewest unvisited squares a
 * move away. Ties go to the square farthest from the centre of the board
 * (Roth's tie-break: it keeps the knight on the rim, where squares run out
 * first), then to the first in the fixed move order (knight.c). The counts of
 * onward moves are kept up to date as squares are visited, so a step costs a
 * few dozen operations. When no square is left to go to before the tour is
 * complete (or, for a closed tour, the start has no unvisited neighbour left,
 * or the tour ends away from the start), the search backtracks to the next
 * candidate in the same order: a depth-first search with Warnsdorff's
 * ordering, complete on small boards, under the run's limits on big ones.
 * The moves are streamed to the sink in chunks once the tour is complete. */
#include "knight_internal.h"
#include "ariadne/run.h"
#include "ariadne/search.h"

#include <stdlib.h>
#include <string.h>

typedef struct tour {
    const ar_instance *in;
    unsigned char *seen, *deg;
    uint32_t *path, *cand;  /* cand[8 * depth ...]: the candidates of each depth, in order */
    unsigned char *ncand, *next;
} tour;

static uint64_t rim(const ar_instance *in, uint32_t sq)
{
    int64_t r = 2 * (int64_t)(sq / in->cols) - (in->rows - 1), c = 2 * (int64_t)(sq % in->cols) - (in->cols - 1);
    return (uint64_t)(r * r + c * c);
}

static void visit(tour *T, uint32_t sq, int delta)
{
    uint32_t nb[8];
    unsigned k, n = ar_knight_neighbours(T->in->rows, T->in->cols, sq, nb);
    T->seen[sq] = delta > 0;
    for (k = 0; k < n; k++)
        T->deg[nb[k]] = (unsigned char)(T->deg[nb[k]] - delta);
}

/* The candidates from `at`, best first, into cand; returns how many. */
static unsigned order(tour *T, uint32_t at, uint32_t *cand)
{
    uint32_t nb[8];
    unsigned k, n = ar_knight_neighbours(T->in->rows, T->in->cols, at, nb), m = 0, i;
    for (k = 0; k < n; k++) {
        uint32_t s = nb[k];
        if (T->seen[s])
            continue;
        for (i = m; i > 0; i--) { /* insertion: fewer onward moves, then farther out */
            uint32_t p = cand[i - 1];
            if (T->deg[p] < T->deg[s] || (T->deg[p] == T->deg[s] && rim(T->in, p) >= rim(T->in, s)))
                break;
            cand[i] = p;
        }
        cand[i] = s;
        m++;
    }
    return m;
}

static int adjacent(const ar_instance *in, uint32_t a, uint32_t b)
{
    int64_t dr = (int64_t)(a / in->cols) - (int64_t)(b / in->cols), dc = (int64_t)(a % in->cols) - (int64_t)(b % in->cols);
    return dr * dr + dc * dc == 5;
}

/* 1 found (path[0..N)), 0 none exists, -1 stopped. */
static int search(tour *T, ar_run *run, uint32_t start, uint32_t done, const unsigned char *state_bits)
{
    const ar_instance *in = T->in;
    uint32_t N = in->squares, depth, s, nb[8];
    unsigned k, n;
    (void)nb, (void)n, (void)k;
    for (s = 0; s < N; s++) {
        T->seen[s] = state_bits ? (unsigned char)(state_bits[s / 8] >> (s % 8) & 1) : 0;
        T->deg[s] = 0;
    }
    if (!state_bits)
        T->seen[start] = 1;
    for (s = 0; s < N; s++) /* unvisited neighbours of every square */
        if (!T->seen[s]) {
            n = ar_knight_neighbours(in->rows, in->cols, s, nb);
            for (k = 0; k < n; k++)
                T->deg[nb[k]]++;
        }
    depth = done - 1; /* path[depth] is the knight's square */
    T->path[depth] = start;
    T->ncand[depth] = (unsigned char)order(T, start, T->cand + 8 * (size_t)depth);
    T->next[depth] = 0;
    for (;;) {
        uint32_t at;
        if (depth + 1 == N && (!in->closed || N == 1 || adjacent(in, T->path[depth], in->start)))
            return 1;
        run->res->expanded++;
        if (ar_run_should_stop(run))
            return -1;
        if (depth + 1 < N && T->next[depth] < T->ncand[depth] &&
            !(in->closed && T->deg[in->start] == 0)) {
            at = T->cand[8 * (size_t)depth + T->next[depth]++];
            visit(T, at, 1);
            depth++;
            T->path[depth] = at;
            T->ncand[depth] = (unsigned char)order(T, at, T->cand + 8 * (size_t)depth);
            T->next[depth] = 0;
            run->res->generated++;
            continue;
        }
        if (depth + 1 == done)
            return 0;
        visit(T, T->path[depth], -1);
        depth--;
    }
}

static ar_status warnsdorff(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                            ar_result *result, ar_error *err)
{
    ar_run run;
    tour T;
    size_t N = in->squares;
    uint32_t start = in->start, done = 1;
    unsigned char *bits = NULL;
    int r = -1;
    ar_status st = AR_OK;
    memset(&T, 0, sizeof T);
    T.in = in;
    ar_run_begin(&run, opts, result);
    run.phase = "Warnsdorff";
    T.seen = ar_mem_alloc(&run.mem, N, 0, "the visited squares", err);
    T.deg = T.seen ? ar_mem_alloc(&run.mem, N, 0, "the onward-move counts", err) : NULL;
    T.path = T.deg ? ar_mem_alloc(&run.mem, N * 4, 0, "the path", err) : NULL;
    T.cand = T.path ? ar_mem_alloc(&run.mem, N * 32, 0, "the candidates", err) : NULL;
    T.ncand = T.cand ? ar_mem_alloc(&run.mem, N, 0, "the candidate counts", err) : NULL;
    T.next = T.ncand ? ar_mem_alloc(&run.mem, N, 0, "the candidate counts", err) : NULL;
    if (!T.next) {
        st = AR_ERR_MEMORY;
        goto out;
    }
    if (in->start_state) { /* a tour under way: its squares are taken, it goes on from its square */
        uint32_t h[2];
        memcpy(h, in->start_state, 8);
        start = h[0], done = h[1];
        bits = malloc((N + 7) / 8);
        if (!bits) {
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
            goto out;
        }
        for (size_t s = 0; s < N; s++) {
            uint64_t w;
            memcpy(&w, in->start_state + 8 + 8 * (s / 64), 8);
            if (s % 8 == 0)
                bits[s / 8] = 0;
            bits[s / 8] |= (unsigned char)((w >> (s & 63) & 1) << (s % 8));
        }
    }
    r = search(&T, &run, start, done, bits);
    if (r == 1) {
        const ar_move *moves = T.path + done; /* ar_move is uint32_t: the squares after the start */
        uint64_t len = N - done;
        if (sink) {
            size_t at;
            for (at = 0; at < len && st == AR_OK; at += 65536)
                st = sink->emit(sink->ctx, moves + at, len - at < 65536 ? len - at : 65536);
            result->outcome = AR_OUTCOME_SOLVED;
            result->streamed = 1;
            result->length = result->cost = len;
        } else {
            st = ar_run_set_solution(&run, moves, len, len, err);
        }
        result->optimal = 1; /* every tour has the same length */
        snprintf(result->note, sizeof result->note, "a %s tour (every tour has %llu moves)",
                 in->closed ? "closed" : "open", (unsigned long long)len);
    } else if (r == 0) {
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note, "exhaustive search: no %s tour from this square",
                 in->closed ? "closed" : "open");
    }
out:
    free(bits);
    result->peak_bytes = run.mem.peak;
    if (T.seen) ar_mem_free(&run.mem, T.seen, N);
    if (T.deg) ar_mem_free(&run.mem, T.deg, N);
    if (T.path) ar_mem_free(&run.mem, T.path, N * 4);
    if (T.cand) ar_mem_free(&run.mem, T.cand, N * 32);
    if (T.ncand) ar_mem_free(&run.mem, T.ncand, N);
    if (T.next) ar_mem_free(&run.mem, T.next, N);
    ar_run_finish(&run);
    return st == AR_ERR_MEMORY ? ar_run_memory_stop(&run, st) : st;
}

const ar_domain_solver ar_knight_solvers[] = {
    {.name = "warnsdorff",
     .summary = "Warnsdorff's rule (ties: farthest from the centre, then move order), backtracking when stuck",
     .run = warnsdorff},
    {.name = NULL}};
