/* knight_count.c — exact counts of knight's tours on boards of up to 64
 * squares, and `ariadne count knight`.
 *
 * Open tours are counted as directed Hamiltonian paths (OEIS A165134: 1,728
 * on 5x5, 6,637,920 on 6x6), closed tours as undirected Hamiltonian cycles
 * (A001230: 9,862 on 6x6). The count is a depth-first enumeration with three
 * savings over the plain one:
 *
 * 1. Symmetry. Paths from squares of one orbit of the board's symmetries
 *    (8 on a square board, 4 otherwise) are equinumerous: one start per orbit
 *    is counted and multiplied by the orbit's size.
 * 2. Dead-end pruning. For an unvisited square w let e(w) be the number of
 *    its unvisited neighbours plus one if the knight stands next to it. A
 *    square entered and left needs e >= 2, the last square e >= 1; so a
 *    position with a square of e = 0, or two of e = 1, has no completion (for
 *    a fixed last square, any other square with e <= 1 is fatal). A move from
 *    c to u changes e only for the other unvisited neighbours of c (-1: c is
 *    no longer the knight's square; u's neighbours lose u but gain the
 *    knight), so the counters update in at most 8 steps.
 * 3. Both cores. The prefixes of three moves from each counted start are
 *    jobs that the threads take in turn.
 *
 * A closed tour through a square s of fewest neighbours uses two of them, a
 * and b: each undirected cycle is exactly one path from a to b (a < b)
 * through every square but s, so those paths are counted with b fixed last. */
#include "knight_internal.h"
#include "ariadne/run.h"
#include "ariadne/timer.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(s) ((uint64_t)1 << (s))
#define PREFIX 3

typedef struct graph {
    unsigned n;
    unsigned char nb[64][8], deg[64];
} graph;

typedef struct counter {
    const graph *g;
    uint64_t seen;
    signed char e[64];
    int zeros, ones, end, allowed;
    uint64_t nodes;
    const volatile sig_atomic_t *interrupt;
    int stopped;
} counter;

static void tally(counter *C, unsigned w, int delta)
{
    int before = C->e[w], after = before + delta;
    if ((int)w == C->end) {
        C->e[w] = (signed char)after;
        return;
    }
    C->zeros -= before == 0, C->ones -= before == 1;
    C->zeros += after == 0, C->ones += after == 1;
    C->e[w] = (signed char)after;
}

/* The knight moves from c to u (or back, delta = -1). */
static void step(counter *C, unsigned c, unsigned u, int delta)
{
    const graph *g = C->g;
    unsigned k;
    if (delta > 0) {
        C->seen |= BIT(u);
        if ((int)u != C->end) /* u leaves the counters */
            C->zeros -= C->e[u] == 0, C->ones -= C->e[u] == 1;
    }
    for (k = 0; k < g->deg[c]; k++) {
        unsigned w = g->nb[c][k];
        if (w != u && !(C->seen >> w & 1))
            tally(C, w, -delta);
    }
    if (delta < 0) {
        C->seen &= ~BIT(u);
        if ((int)u != C->end)
            C->zeros += C->e[u] == 0, C->ones += C->e[u] == 1;
    }
}

static int dead(const counter *C)
{
    return C->zeros > 0 || C->ones > C->allowed || (C->end >= 0 && !(C->seen >> C->end & 1) && C->e[C->end] == 0);
}

static uint64_t paths(counter *C, unsigned c, unsigned left)
{
    const graph *g = C->g;
    uint64_t total = 0;
    unsigned k;
    if (left == 0)
        return 1;
    if ((++C->nodes & 0xFFFF) == 0 && C->interrupt && *C->interrupt)
        C->stopped = 1;
    if (C->stopped)
        return 0;
    for (k = 0; k < g->deg[c]; k++) {
        unsigned u = g->nb[c][k];
        if ((C->seen >> u & 1) || ((int)u == C->end && left > 1))
            continue;
        step(C, c, u, 1);
        if (!dead(C))
            total += paths(C, u, left - 1);
        step(C, c, u, -1);
    }
    return total;
}

/* Sets the counter up with the squares `visited` taken, the knight on cur. */
static void setup(counter *C, const graph *g, uint64_t visited, unsigned cur, int end)
{
    unsigned w, k;
    memset(C, 0, sizeof *C);
    C->g = g, C->seen = visited, C->end = end, C->allowed = end >= 0 ? 0 : 1;
    for (w = 0; w < g->n; w++) {
        int e = 0;
        if (visited >> w & 1)
            continue;
        for (k = 0; k < g->deg[w]; k++)
            e += !(visited >> g->nb[w][k] & 1) || g->nb[w][k] == cur;
        C->e[w] = 0;
        if ((int)w == end)
            C->e[w] = (signed char)e;
        else
            C->e[w] = (signed char)e, C->zeros += e == 0, C->ones += e == 1;
    }
}

typedef struct job {
    uint64_t visited;
    unsigned char cur, left;
    signed char end;
    unsigned weight;
} job;

typedef struct pool {
    const graph *g;
    job *jobs;
    size_t njobs, capjobs, next, finished;
    pthread_mutex_t lock;
    uint64_t total, nodes;
    int stopped;
    volatile sig_atomic_t stop; /* set by the watching thread on a limit or Ctrl-C */
} pool;

static void add_job(pool *P, const counter *C, unsigned cur, unsigned left, unsigned weight)
{
    if (P->njobs == P->capjobs) {
        P->capjobs = P->capjobs ? 2 * P->capjobs : 256;
        P->jobs = realloc(P->jobs, P->capjobs * sizeof *P->jobs);
        if (!P->jobs) {
            fprintf(stderr, "ariadne: out of memory listing the count's jobs\n");
            abort();
        }
    }
    P->jobs[P->njobs].visited = C->seen;
    P->jobs[P->njobs].cur = (unsigned char)cur;
    P->jobs[P->njobs].left = (unsigned char)left;
    P->jobs[P->njobs].end = (signed char)C->end;
    P->jobs[P->njobs].weight = weight;
    P->njobs++;
}

/* The prefixes of PREFIX moves from cur, as jobs. */
static void prefixes(pool *P, counter *C, unsigned c, unsigned left, unsigned depth, unsigned weight)
{
    const graph *g = C->g;
    unsigned k;
    if (left == 0 || depth == PREFIX) {
        add_job(P, C, c, left, weight);
        return;
    }
    for (k = 0; k < g->deg[c]; k++) {
        unsigned u = g->nb[c][k];
        if ((C->seen >> u & 1) || ((int)u == C->end && left > 1))
            continue;
        step(C, c, u, 1);
        if (!dead(C))
            prefixes(P, C, u, left - 1, depth + 1, weight);
        step(C, c, u, -1);
    }
}

static void *worker(void *arg)
{
    pool *P = arg;
    uint64_t total = 0, nodes = 0;
    int stopped = 0;
    for (;;) {
        size_t i;
        counter C;
        const job *j;
        uint64_t found;
        pthread_mutex_lock(&P->lock);
        i = P->next++;
        pthread_mutex_unlock(&P->lock);
        if (i >= P->njobs || stopped)
            break;
        j = &P->jobs[i];
        setup(&C, P->g, j->visited, j->cur, j->end);
        C.interrupt = &P->stop;
        found = paths(&C, j->cur, j->left);
        /* A stopped job's paths are still tours: the partial count stays a
         * lower bound. */
        total += j->weight * found;
        nodes += C.nodes;
        stopped |= C.stopped;
        pthread_mutex_lock(&P->lock);
        P->finished += !C.stopped;
        pthread_mutex_unlock(&P->lock);
    }
    pthread_mutex_lock(&P->lock);
    P->total += total, P->nodes += nodes, P->stopped |= stopped;
    pthread_mutex_unlock(&P->lock);
    return NULL;
}

static uint64_t jobs_finished(void *arg)
{
    pool *P = arg;
    uint64_t n;
    pthread_mutex_lock(&P->lock);
    n = P->finished;
    pthread_mutex_unlock(&P->lock);
    return n;
}

/* Where symmetry s of a rows x cols board sends square sq (-1 if s does
 * not apply: s >= 4 swaps rows and columns, only on a square board). */
static int image(unsigned rows, unsigned cols, unsigned s, unsigned sq)
{
    unsigned r = sq / cols, c = sq % cols, r2, c2;
    if (s >= 4 && rows != cols)
        return -1;
    switch (s) {
    case 0: r2 = r, c2 = c; break;
    case 1: r2 = r, c2 = cols - 1 - c; break;
    case 2: r2 = rows - 1 - r, c2 = c; break;
    case 3: r2 = rows - 1 - r, c2 = cols - 1 - c; break;
    case 4: r2 = c, c2 = r; break;
    case 5: r2 = cols - 1 - c, c2 = r; break;
    case 6: r2 = c, c2 = rows - 1 - r; break;
    default: r2 = cols - 1 - c, c2 = rows - 1 - r; break;
    }
    return (int)(r2 * cols + c2);
}

void ar_knight_count(const knight_count_job *spec, knight_count_result *out)
{
    graph g;
    pool P;
    counter C;
    unsigned sq, k, threads = spec->threads ? spec->threads : 1;
    memset(out, 0, sizeof *out);
    memset(&P, 0, sizeof P);
    memset(&g, 0, sizeof g);
    g.n = spec->rows * spec->cols;
    for (sq = 0; sq < g.n; sq++) {
        uint32_t nb[8];
        g.deg[sq] = (unsigned char)ar_knight_neighbours(spec->rows, spec->cols, sq, nb);
        for (k = 0; k < g.deg[sq]; k++)
            g.nb[sq][k] = (unsigned char)nb[k];
    }
    P.g = &g;
    /* A knight changes colour at every move, so a closed tour has an even
     * number of squares: odd boards have none. */
    if (g.n == 1 || (spec->closed && g.n % 2)) {
        out->count = g.n == 1 && !spec->closed;
        return;
    }
    if (spec->closed) {
        unsigned s = 0, a, b;
        for (sq = 1; sq < g.n; sq++)
            if (g.deg[sq] < g.deg[s])
                s = sq;
        for (a = 0; a < g.deg[s]; a++)
            for (b = a + 1; b < g.deg[s]; b++) {
                unsigned A = g.nb[s][a], B = g.nb[s][b];
                setup(&C, &g, BIT(s) | BIT(A), A, (int)B);
                if (!dead(&C))
                    prefixes(&P, &C, A, g.n - 2, 0, 1);
            }
    } else {
        for (sq = 0; sq < g.n; sq++) {
            unsigned orbit = 0, least = 1, s2;
            int img[8];
            if (spec->from >= 0 && (long)sq != spec->from)
                continue;
            for (s2 = 0; s2 < 8; s2++) {
                int im = image(spec->rows, spec->cols, s2, sq);
                img[s2] = im;
                if (im >= 0 && (unsigned)im < sq)
                    least = 0;
            }
            if (spec->from < 0 && !least)
                continue;
            for (s2 = 0; s2 < 8; s2++) { /* the orbit's size: distinct images */
                unsigned k2, fresh = img[s2] >= 0;
                for (k2 = 0; k2 < s2 && fresh; k2++)
                    fresh = img[k2] != img[s2];
                orbit += fresh;
            }
            setup(&C, &g, BIT(sq), sq, -1);
            prefixes(&P, &C, sq, g.n - 1, 0, spec->from >= 0 ? 1 : orbit);
        }
    }
    {
        ar_result res;
        ar_run run;
        ar_result_init(&res);
        ar_run_begin(&run, spec->opts, &res);
        pthread_mutex_init(&P.lock, NULL);
        ar_run_threads(&run, threads, worker, &P, jobs_finished, P.njobs, "parts", &P.stop);
        ar_run_finish(&run);
        pthread_mutex_destroy(&P.lock);
        out->stop = P.stopped ? (run.stop != AR_STOP_NONE ? run.stop : AR_STOP_INTERRUPT) : AR_STOP_NONE;
    }
    out->count = P.total, out->nodes = P.nodes, out->stopped = P.stopped;
    out->jobs = P.njobs, out->jobs_done = P.finished;
    free(P.jobs);
}
