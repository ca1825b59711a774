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
    int outer;                     /* 1: rows 0 and 3 of a 4-row board are an independent set, 2: columns */
    long left, outer_left;         /* unvisited squares, and those of them in the outer lines */
    int split;                     /* the two-part search of a board four across (below) */
    unsigned first_colour;         /* the start's colour; part one: outer squares of it, inner of the other */
    long part1_left;               /* unvisited squares of part one */
    uint32_t *path, *cand;  /* cand[8 * depth ...]: the candidates of each depth, in order */
    unsigned char *ncand, *next;
    uint64_t key[2];        /* two independent Zobrist hashes of the visited squares */
    uint64_t *dead_keys;    /* the dead-state table (below): pairs of words, {0, 0} free */
    size_t dead_cap, dead_count;
    ar_mem *mem;
    uint64_t shuffle;       /* 0: the documented tie-break; else the seed of a restart's (below) */
} tour;

/* Dead states. Whether a tour can be completed depends only on the visited
 * squares, the knight's square and the fixed last square; a state whose
 * every continuation failed is remembered (as two 64-bit hashes: a false
 * match has odds of about 2^-100) and skipped when met again by another
 * route (the same part of a board is otherwise searched again for every
 * order of visiting its squares; on 4 x 12 from a corner, before the
 * two-part search below, the table cut the steps from 420,000 to 160,000). The table is
 * allocated at the first backtrack (a tour that needs none costs nothing)
 * and stops growing at DEAD_MAX entries. */
#define DEAD_MAX ((size_t)1 << 21)

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static void state_key(const tour *T, uint32_t at, uint64_t out[2])
{
    uint64_t extra = mix(((uint64_t)at << 32) ^ (uint64_t)(T->end + 1));
    out[0] = T->key[0] ^ extra;
    out[1] = T->key[1] ^ mix(extra);
    if (!out[0] && !out[1])
        out[1] = 1;
}

static int dead_state(const tour *T, uint32_t at)
{
    uint64_t k[2];
    size_t i;
    if (!T->dead_keys)
        return 0;
    state_key(T, at, k);
    for (i = k[0] & (T->dead_cap - 1); T->dead_keys[2 * i] || T->dead_keys[2 * i + 1]; i = (i + 1) & (T->dead_cap - 1))
        if (T->dead_keys[2 * i] == k[0] && T->dead_keys[2 * i + 1] == k[1])
            return 1;
    return 0;
}

static void remember_dead(tour *T, uint32_t at)
{
    uint64_t k[2];
    size_t i;
    if (T->dead_count >= DEAD_MAX)
        return;
    if (!T->dead_keys || (T->dead_count + 1) * 4 > T->dead_cap * 3) {
        size_t cap = T->dead_keys ? T->dead_cap * 2 : 4096, j;
        uint64_t *now = ar_mem_alloc(T->mem, cap * 16, 1, "the dead-state table", NULL);
        if (!now)
            return; /* no room: the search goes on without remembering */
        for (j = 0; T->dead_keys && j < T->dead_cap; j++)
            if (T->dead_keys[2 * j] || T->dead_keys[2 * j + 1]) {
                for (i = T->dead_keys[2 * j] & (cap - 1); now[2 * i] || now[2 * i + 1]; i = (i + 1) & (cap - 1))
                    ;
                now[2 * i] = T->dead_keys[2 * j], now[2 * i + 1] = T->dead_keys[2 * j + 1];
            }
        if (T->dead_keys)
            ar_mem_free(T->mem, T->dead_keys, T->dead_cap * 16);
        T->dead_keys = now, T->dead_cap = cap;
    }
    state_key(T, at, k);
    for (i = k[0] & (T->dead_cap - 1); T->dead_keys[2 * i] || T->dead_keys[2 * i + 1]; i = (i + 1) & (T->dead_cap - 1))
        ;
    T->dead_keys[2 * i] = k[0], T->dead_keys[2 * i + 1] = k[1];
    T->dead_count++;
}

static uint64_t rim(const ar_instance *in, uint32_t sq)
{
    int64_t r = 2 * (int64_t)(sq / in->cols) - (in->rows - 1), c = 2 * (int64_t)(sq % in->cols) - (in->cols - 1);
    return (uint64_t)(r * r + c * c);
}

/* The outer lines of a board four squares across. No knight's move joins
 * two squares of rows 0 and 3 (they are 0 or 3 rows apart), so on a path
 * they are never consecutive: a path of L more squares after the knight's
 * holds at most L/2 of them if it stands on one, (L+1)/2 if not. On 4 x n
 * they are half the board, so this forces the path to alternate between
 * inner and outer lines (from a corner exactly, elsewhere with one pair of
 * inner squares in a row), the structure Warnsdorff's rule alone misses:
 * pruning on it cuts the backtrack on 4 x n.
 *
 * More: a knight's move changes colour, so squares of one parity on a path
 * share a colour. From an inner square the path must alternate exactly, all
 * its outer squares one colour, but the outer lines hold both: no tour
 * (check_solvable says so). From an outer square of colour c there is
 * exactly one move between two inner squares: before it the path visits
 * every outer square of colour c and every inner one of the other colour
 * (part one), after it the rest (part two), each part alternating outer and
 * inner. The two-part search ("split") uses only outer-inner moves, so the
 * onward counts and dead-end tests see each part exactly, and takes the one
 * inner-inner move when part one is complete. Warnsdorff's rule then finds a
 * 4 x n tour from a corner in linear time. */
static int outer_square(const tour *T, uint32_t sq)
{
    unsigned line = T->outer == 1 ? sq / T->in->cols : sq % T->in->cols;
    return T->outer && (line == 0 || line == 3);
}

static int in_part1(const tour *T, uint32_t sq)
{
    unsigned colour = (sq / T->in->cols + sq % T->in->cols) & 1;
    return outer_square(T, sq) ? colour == T->first_colour : colour != T->first_colour;
}

/* The knight's moves from sq that the search may use: all of them, but in
 * the two-part search none joining two inner squares (the one such move of a
 * tour is taken by order() when part one is complete). */
static unsigned nbrs(const tour *T, uint32_t sq, uint32_t *out)
{
    unsigned n = ar_knight_neighbours(T->in->rows, T->in->cols, sq, out), k, m = 0;
    if (!T->split || outer_square(T, sq))
        return n;
    for (k = 0; k < n; k++)
        if (outer_square(T, out[k]))
            out[m++] = out[k];
    return m;
}

static int too_many_outer(const tour *T, uint32_t at)
{
    return T->outer && T->outer_left > (outer_square(T, at) ? T->left / 2 : (T->left + 1) / 2);
}

static void visit(tour *T, uint32_t sq, int delta)
{
    uint32_t nb[8];
    unsigned k, n = nbrs(T, sq, nb);
    T->seen[sq] = delta > 0;
    T->key[0] ^= mix(sq), T->key[1] ^= mix((uint64_t)sq | (uint64_t)1 << 40);
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
    T->left -= delta;
    if (outer_square(T, u))
        T->outer_left -= delta;
    if (T->split && in_part1(T, u))
        T->part1_left -= delta;
    if (delta > 0 && (long)u != T->end)
        T->zeros -= T->e[u] == 0, T->ones -= T->e[u] == 1;
    visit(T, u, delta);
    n = nbrs(T, c, nb);
    for (k = 0; k < n; k++)
        if (nb[k] != u && !T->seen[nb[k]])
            tally(T, nb[k], -delta);
    if (delta < 0 && (long)u != T->end)
        T->zeros += T->e[u] == 0, T->ones += T->e[u] == 1;
}

static int dead(const tour *T)
{
    /* in part one of the split search three squares may need one move: the
     * last of part one (left by the inner-inner move), the first of part two
     * (entered by it) and the last of all */
    return T->zeros > 0 || T->ones > (T->end >= 0 ? 0 : T->split && T->part1_left > 0 ? 3 : 1) ||
           (T->end >= 0 && !T->seen[T->end] && T->e[T->end] == 0);
}

/* Whether s goes before p among candidates with as many onward moves: the
 * first attempt prefers the square farther out (then the move order); a
 * restart (shuffle != 0) ranks by a hash of its seed and the square, odd
 * seeds after the rim, even seeds instead of it, so that each restart
 * explores a different order yet is reproducible. */
static int outranks(const tour *T, uint32_t s, uint32_t p)
{
    uint64_t rs, rp;
    if (!T->shuffle || T->shuffle & 1) {
        rs = rim(T->in, s), rp = rim(T->in, p);
        if (rs != rp || !T->shuffle)
            return rs > rp;
    }
    return mix(T->shuffle ^ (uint64_t)s << 20) > mix(T->shuffle ^ (uint64_t)p << 20);
}

/* The candidates from `at`, best first, into cand; returns how many. */
static unsigned order(tour *T, uint32_t at, uint32_t *cand)
{
    uint32_t nb[8];
    unsigned k, n, m = 0, i;
    int crossing = T->split && T->part1_left == 0 && in_part1(T, at);
    n = crossing ? ar_knight_neighbours(T->in->rows, T->in->cols, at, nb) : nbrs(T, at, nb);
    for (k = 0; k < n; k++) {
        uint32_t s = nb[k];
        if (T->seen[s] || (crossing && outer_square(T, s)) || ((long)s == T->end && T->deg[s] + 0u > 0))
            continue; /* the fixed last square only when nothing else is left */
        for (i = m; i > 0; i--) { /* insertion: fewer onward moves, then the tie-break */
            uint32_t p = cand[i - 1];
            if (T->deg[p] < T->deg[s] || (T->deg[p] == T->deg[s] && !outranks(T, s, p)))
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
    T->key[0] = T->key[1] = 0;
    for (s = 0; s < N; s++)
        if (T->seen[s])
            T->key[0] ^= mix(s), T->key[1] ^= mix((uint64_t)s | (uint64_t)1 << 40);
    T->outer = in->rows == 4 ? 1 : in->cols == 4 ? 2 : 0;
    T->first_colour = (start / in->cols + start % in->cols) & 1;
    T->split = T->outer && !state_bits && !in->closed && outer_square(T, start) && N > 4;
    T->left = T->outer_left = T->part1_left = 0;
    for (s = 0; s < N; s++)
        if (!T->seen[s]) {
            T->left++, T->outer_left += outer_square(T, s);
            T->part1_left += T->split && in_part1(T, s);
        }
    for (s = 0; s < N; s++) /* unvisited neighbours of every square */
        if (!T->seen[s]) {
            n = nbrs(T, s, nb);
            for (k = 0; k < n; k++)
                T->deg[nb[k]]++;
        }
    T->zeros = T->ones = 0;
    for (s = 0; s < N; s++)
        T->e[s] = T->deg[s];
    n = nbrs(T, start, nb);
    for (k = 0; k < n; k++)
        T->e[nb[k]]++;
    for (s = 0; s < N; s++)
        if (!T->seen[s] && (long)s != T->end)
            T->zeros += T->e[s] == 0, T->ones += T->e[s] == 1;
    depth = done - 1; /* path[depth] is the knight's square */
    T->path[depth] = start;
    if ((dead(T) || too_many_outer(T, start)) && depth + 1 < N)
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
            if ((dead(T) || too_many_outer(T, at) || dead_state(T, at)) && depth + 2 < N) {
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
        if (depth + 1 < N)
            remember_dead(T, T->path[depth]);
        if (depth + 1 == done)
            return 0;
        move(T, T->path[depth - 1], T->path[depth], -1);
        depth--;
    }
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1). */
static uint64_t luby(uint64_t i)
{
    uint64_t k = 1;
    while (((uint64_t)1 << k) - 1 < i)
        k++;
    while (i != ((uint64_t)1 << k) - 1) {
        i -= ((uint64_t)1 << (k - 1)) - 1;
        k = 1;
        while (((uint64_t)1 << k) - 1 < i)
            k++;
    }
    return (uint64_t)1 << (k - 1);
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
    T.mem = &run.mem;
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
    } else if (in->rows == 4 || in->cols == 4) {
        r = search(&T, &run, start, done, bits, UINT64_MAX); /* the two-part search: linear, no restarts */
    } else {
        /* Restarts. Warnsdorff's rule goes wrong early on some boards (5 x 10
         * from b2: no tour in 40 s of depth-first search) and backtracking
         * rarely repairs a mistake made many moves back. So the first
         * attempt, with the documented tie-break, gets a budget of steps
         * (enough for a tour without backtracking on any board); when it
         * runs out the search starts again with the ties broken in a new
         * seeded order (outranks()), with budgets of base x the Luby
         * sequence 1 1 2 1 1 2 4 1 ... (Luby, Sinclair and Zuckerman 1993:
         * within a log factor of the best fixed budget). The budgets grow
         * without bound, so the search stays complete: a square with no
         * tour is exhausted by the attempt whose budget covers the whole
         * tree, sped up by the dead-state table, which every attempt shares
         * (a dead state is dead in any order). Measured on the 4,389
         * squares of 3..8 x 3..16: all answered in 0.2 s (BENCHMARKS.md);
         * doubling budgets from 20,000 steps took 30 s on the nine hardest
         * boards, Luby from 1,000 steps 0.15 s. */
        uint64_t base = 4 * (uint64_t)N + 1000;
        for (T.shuffle = 0;; T.shuffle++) {
            uint64_t l = luby(T.shuffle + 1), budget = l > UINT64_MAX / base ? UINT64_MAX : base * l;
            r = search(&T, &run, start, done, bits, budget);
            if (r != -2)
                break;
        }
    }
    if (r == 1) {
        const ar_move *moves = T.path + done; /* ar_move is uint32_t: the squares after the start */
        uint64_t len = N - done;
        if (sink) {
            size_t at;
            for (at = 0; at < len && st == AR_OK; at += 65536)
                st = sink->emit(sink->ctx, moves + at, (size_t)(len - at < 65536 ? len - at : 65536));
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
    if (T.dead_keys) ar_mem_free(&run.mem, T.dead_keys, T.dead_cap * 16);
    ar_run_finish(&run);
    return st == AR_ERR_MEMORY ? ar_run_memory_stop(&run, st) : st;
}

const ar_domain_solver ar_knight_solvers[] = {
    {.name = "warnsdorff",
     .summary = "Warnsdorff's rule (ties: farthest from the centre, then move order), backtracking when stuck, seeded restarts with Luby budgets",
     .run = warnsdorff},
    {.name = NULL}};
