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
    unsigned char *seen, *deg, *e; /* e: see "dead ends" below */
    long zeros, ones, end;         /* end: the square that must come last, or -1 */
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

/* Dead ends. For an unvisited square w let e(w) be its unvisited neighbours
 * plus one if the knight stands next to it: a square entered and left needs
 * e >= 2, the last one e >= 1, so a square with e = 0, or two with e = 1, or
 * (with the last square fixed) any other with e <= 1, leave no tour. A move
 * from c to u lowers e by one exactly for the other unvisited neighbours of c
 * (u's neighbours lose u but gain the knight; the board is bipartite, so no
 * square neighbours both), so the counts of zeros and ones update in 8 steps. */
static void tally(tour *T, uint32_t w, int delta)
{
    int before = T->e[w], after = before + delta;
    T->e[w] = (unsigned char)after;
    if ((long)w == T->end)
        return;
    T->zeros += (after == 0) - (before == 0);
    T->ones += (after == 1) - (before == 1);
}

static void move(tour *T, uint32_t c, uint32_t u, int delta)
{
    uint32_t nb[8];
    unsigned k, n;
    if (delta > 0 && (long)u != T->end)
        T->zeros -= T->e[u] == 0, T->ones -= T->e[u] == 1;
    visit(T, u, delta);
    n = ar_knight_neighbours(T->in->rows, T->in->cols, c, nb);
    for (k = 0; k < n; k++)
        if (nb[k] != u && !T->seen[nb[k]])
            tally(T, nb[k], -delta);
    if (delta < 0 && (long)u != T->end)
        T->zeros += T->e[u] == 0, T->ones += T->e[u] == 1;
}

static int dead(const tour *T)
{
    return T->zeros > 0 || T->ones > (T->end >= 0 ? 0 : 1) ||
           (T->end >= 0 && !T->seen[T->end] && T->e[T->end] == 0);
}

/* The candidates from `at`, best first, into cand; returns how many. */
static unsigned order(tour *T, uint32_t at, uint32_t *cand)
{
    uint32_t nb[8];
    unsigned k, n = ar_knight_neighbours(T->in->rows, T->in->cols, at, nb), m = 0, i;
    for (k = 0; k < n; k++) {
        uint32_t s = nb[k];
        if (T->seen[s] || ((long)s == T->end && T->deg[s] + 0u > 0))
            continue; /* the fixed last square only when nothing else is left */
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

/* 1 found (path[0..N)), 0 none exists, -1 stopped, -2 over the budget. */
static int search(tour *T, ar_run *run, uint32_t start, uint32_t done, const unsigned char *state_bits,
                  uint64_t budget)
{
    const ar_instance *in = T->in;
    uint32_t N = in->squares, depth, s, nb[8];
    unsigned k, n;
    uint64_t stop_at = budget > UINT64_MAX - run->res->expanded ? UINT64_MAX : run->res->expanded + budget;
    for (s = 0; s < N; s++) {
        T->seen[s] = (unsigned char)(state_bits ? state_bits[s / 8] >> (s % 8) & 1 : 0);
        T->deg[s] = 0;
    }
    T->seen[start] = 1;
    for (s = 0; s < N; s++) /* unvisited neighbours of every square */
        if (!T->seen[s]) {
            n = ar_knight_neighbours(in->rows, in->cols, s, nb);
            for (k = 0; k < n; k++)
                T->deg[nb[k]]++;
        }
    T->zeros = T->ones = 0;
    for (s = 0; s < N; s++)
        T->e[s] = T->deg[s];
    n = ar_knight_neighbours(in->rows, in->cols, start, nb);
    for (k = 0; k < n; k++)
        T->e[nb[k]]++;
    for (s = 0; s < N; s++)
        if (!T->seen[s] && (long)s != T->end)
            T->zeros += T->e[s] == 0, T->ones += T->e[s] == 1;
    depth = done - 1; /* path[depth] is the knight's square */
    T->path[depth] = start;
    if (dead(T) && depth + 1 < N)
        return 0;
    T->ncand[depth] = (unsigned char)order(T, start, T->cand + 8 * (size_t)depth);
    T->next[depth] = 0;
    for (;;) {
        uint32_t at;
        if (depth + 1 == N && (!in->closed || N == 1 || adjacent(in, T->path[depth], in->start)))
            return 1;
        run->res->expanded++;
        if (ar_run_should_stop(run))
            return -1;
        if (run->res->expanded >= stop_at)
            return -2;
        if (depth + 1 < N && T->next[depth] < T->ncand[depth]) {
            at = T->cand[8 * (size_t)depth + T->next[depth]++];
            move(T, T->path[depth], at, 1);
            if (dead(T) && depth + 2 < N) {
                move(T, T->path[depth], at, -1);
                continue;
            }
            depth++;
            T->path[depth] = at;
            T->ncand[depth] = (unsigned char)order(T, at, T->cand + 8 * (size_t)depth);
            T->next[depth] = 0;
            run->res->generated++;
            continue;
        }
        if (depth + 1 == done)
            return 0;
        move(T, T->path[depth - 1], T->path[depth], -1);
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
    T.e = T.next ? ar_mem_alloc(&run.mem, N, 0, "the dead-end counts", err) : NULL;
    if (!T.e) {
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
    /* A closed tour ends on a neighbour of its start: each in turn is made
     * the fixed last square, with a budget of steps each while others remain
     * (all exhausted: no closed tour). An open tour has a free end. */
    T.end = -1;
    if (in->closed && N > 1 && !in->start_state) {
        uint32_t ends[8];
        unsigned k, nends = ar_knight_neighbours(in->rows, in->cols, in->start, ends), exhausted = 0;
        r = -2;
        for (k = 0; k < nends && r != 1 && r != -1; k++) {
            T.end = ends[k];
            r = search(&T, &run, start, done, bits, k + 1 < nends ? 20 * (uint64_t)N + 100000 : UINT64_MAX);
            exhausted += r == 0;
        }
        if (r != 1 && r != -1)
            r = exhausted == nends ? 0 : -1;
        if (r == -1 && run.stop == AR_STOP_NONE)
            ar_run_stop(&run, AR_STOP_NODES);
    } else {
        r = search(&T, &run, start, done, bits, UINT64_MAX);
    }
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
        snprintf(result->note, sizeof result->note, "%s tour (every tour has %llu moves)",
                 in->closed ? "a closed" : "an open", (unsigned long long)len);
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
    if (T.e) ar_mem_free(&run.mem, T.e, N);
    ar_run_finish(&run);
    return st == AR_ERR_MEMORY ? ar_run_memory_stop(&run, st) : st;
}

const ar_domain_solver ar_knight_solvers[] = {
    {.name = "warnsdorff",
     .summary = "Warnsdorff's rule (ties: farthest from the centre, then move order), backtracking when stuck",
     .run = warnsdorff},
    {.name = NULL}};
