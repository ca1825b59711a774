/* magic_count.c — enumerating and counting normal magic squares (1..n² in an
 * n×n array, every row, column and both diagonals summing to n(n²+1)/2).
 *
 * One depth-first search fills the cells in a fixed order chosen so that
 * lines complete early: the centre (odd n), the two diagonals, then row k
 * and column k in turn. A cell that is the last empty one of some line has
 * its value forced; any other cell tries each unused value that leaves every
 * line through it completable (its partial sum plus the smallest and the
 * largest sums of its remaining cells' possible values bracket the magic
 * sum). Only one square of each of the 8 rotations and reflections is
 * counted: the one whose top-left corner is the smallest corner and whose
 * a(1,2) is less than a(2,1) — the corners form one orbit of the symmetry
 * group, and the one symmetry fixing the top-left corner (the transpose)
 * swaps a(1,2) and a(2,1), so exactly one of the 8 images qualifies. The
 * count of all squares is 8 times that.
 *
 * Order 5 is split into tasks (the centre and the next two cells of the
 * order), run by several threads; complementing every entry (v -> 26 - v)
 * maps the squares with centre k one-to-one onto those with centre 26 - k,
 * so the count runs the centres 1..13 and doubles 1..12. */
#include "magic_internal.h"
#include "ariadne/progress.h"
#include "ariadne/run.h"
#include "ariadne/timer.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES (2 * MAGIC_MAX_COUNT_ORDER + 2)

/* The fill order and, for each step, the lines through its cell with the
 * number of their cells still empty after it. */
typedef struct plan {
    unsigned n, cells, sum;
    unsigned char order[MAGIC_MAX_CELLS];
    unsigned char nlines[MAGIC_MAX_CELLS];
    unsigned char line[MAGIC_MAX_CELLS][4]; /* the odd centre lies on 4 lines */
    unsigned char left[MAGIC_MAX_CELLS][4];
    /* symmetry: at step i, value must be greater than (gt) / less than (lt)
     * the value of these already filled cells (-1: none) */
    signed char gt[MAGIC_MAX_CELLS][3], lt[MAGIC_MAX_CELLS][3];
} plan;

static void make_plan(plan *pl, unsigned n)
{
    unsigned char seen[MAGIC_MAX_CELLS] = {0}, pos[MAGIC_MAX_CELLS];
    unsigned steps = 0, k, i, j, l;
    unsigned cells = n * n;
    /* the four "a(0) is the smallest corner" and one "a(1) < a(n)" pairs */
    unsigned less[4][2] = {{0, n - 1}, {0, n * (n - 1)}, {0, cells - 1}, {1, n}};
    memset(pl, 0, sizeof *pl);
    pl->n = n, pl->cells = cells, pl->sum = n * (cells + 1) / 2;
#define ADD(c) do { unsigned c_ = (c); if (!seen[c_]) { seen[c_] = 1; pl->order[steps++] = (unsigned char)c_; } } while (0)
    if (n % 2)
        ADD(cells / 2);
    for (k = 0; k < n; k++)
        ADD(k * n + k);
    for (k = 0; k < n; k++)
        ADD(k * n + n - 1 - k);
    for (k = 0; k < n; k++) {
        for (j = 0; j < n; j++)
            ADD(k * n + j);
        for (i = 0; i < n; i++)
            ADD(i * n + k);
    }
#undef ADD
    for (i = 0; i < cells; i++)
        pos[pl->order[i]] = (unsigned char)i;
    for (i = 0; i < cells; i++) {
        unsigned c = pl->order[i], r = c / n, col = c % n, ids[4], nid = 0;
        ids[nid++] = r;
        ids[nid++] = n + col;
        if (r == col)
            ids[nid++] = 2 * n;
        if (r + col == n - 1)
            ids[nid++] = 2 * n + 1;
        pl->nlines[i] = (unsigned char)nid;
        for (l = 0; l < nid; l++) {
            unsigned later = 0, m;
            for (m = 0; m < n; m++) {
                unsigned other = ids[l] < n ? ids[l] * n + m : ids[l] < 2 * n ? m * n + (ids[l] - n)
                                 : ids[l] == 2 * n ? m * n + m : m * n + n - 1 - m;
                later += pos[other] > i;
            }
            pl->line[i][l] = (unsigned char)ids[l];
            pl->left[i][l] = (unsigned char)later;
        }
        for (l = 0; l < 3; l++)
            pl->gt[i][l] = pl->lt[i][l] = -1;
    }
    for (k = 0; k < 4; k++) {
        unsigned a = less[k][0], b = less[k][1], later = pos[a] > pos[b] ? a : b, slot;
        unsigned step = pos[later];
        signed char *rel = later == a ? pl->lt[step] : pl->gt[step]; /* a < b */
        unsigned other = later == a ? b : a;
        for (slot = 0; rel[slot] >= 0; slot++)
            ;
        rel[slot] = (signed char)other;
    }
}

/* The sum of the r smallest (or largest) values of 1..cells not in used. */
static unsigned extreme_sum(uint32_t used, unsigned cells, unsigned r, int largest)
{
    uint32_t free_vals = ~used & (uint32_t)(((uint64_t)1 << (cells + 1)) - 2);
    unsigned s = 0;
    while (r--) {
        unsigned v;
        if (!free_vals)
            return largest ? 0 : 1u << 30;
        v = largest ? 31u - (unsigned)__builtin_clz(free_vals) : (unsigned)__builtin_ctz(free_vals);
        free_vals &= ~((uint32_t)1 << v);
        s += v;
    }
    return s;
}

typedef struct searcher {
    const plan *pl;
    unsigned char grid[MAGIC_MAX_CELLS];
    unsigned sums[MAX_LINES];
    uint32_t used;
    uint64_t count;
    ar_magic_visit visit;
    void *ctx;
    const volatile sig_atomic_t *interrupt;
    double deadline;  /* ar_now() to stop at, 0: none */
    unsigned ticks;   /* visits of INTERRUPT_STEP since the clock was read */
    int stop;
} searcher;

static int fits(searcher *s, unsigned step, unsigned v)
{
    const plan *pl = s->pl;
    uint32_t used = s->used | (uint32_t)1 << v;
    unsigned l;
    for (l = 0; l < 3 && pl->gt[step][l] >= 0; l++)
        if (v <= s->grid[(unsigned)pl->gt[step][l]])
            return 0;
    for (l = 0; l < 3 && pl->lt[step][l] >= 0; l++)
        if (v >= s->grid[(unsigned)pl->lt[step][l]])
            return 0;
    for (l = 0; l < pl->nlines[step]; l++) {
        unsigned sum = s->sums[pl->line[step][l]] + v, left = pl->left[step][l];
        if (left == 0) {
            if (sum != pl->sum)
                return 0;
        } else if (sum + extreme_sum(used, pl->cells, left, 0) > pl->sum ||
                   sum + extreme_sum(used, pl->cells, left, 1) < pl->sum) {
            return 0;
        }
    }
    return 1;
}

static void place(searcher *s, unsigned step, unsigned v, int sign)
{
    const plan *pl = s->pl;
    unsigned l;
    for (l = 0; l < pl->nlines[step]; l++)
        s->sums[pl->line[step][l]] += sign > 0 ? v : (unsigned)-(int)v;
    s->used ^= (uint32_t)1 << v;
    s->grid[pl->order[step]] = sign > 0 ? (unsigned char)v : 0;
}

/* The step at which the search looks at the Ctrl-C flag: deep enough to
 * cost nothing, shallow enough to answer within a fraction of a second. */
#define INTERRUPT_STEP 8

static void dfs(searcher *s, unsigned step)
{
    const plan *pl = s->pl;
    unsigned l, v;
    if (step <= INTERRUPT_STEP && ((s->interrupt && *s->interrupt) ||
                                   (s->deadline > 0 && ++s->ticks % 1024 == 0 && ar_now() >= s->deadline)))
        s->stop = 1; /* Ctrl-C or the time limit: unwind; the count so far is a lower bound */
    if (s->stop)
        return;
    if (step == pl->cells) {
        s->count++;
        if (s->visit && s->visit(s->ctx, s->grid, pl->n) != 0)
            s->stop = 1;
        return;
    }
    for (l = 0; l < pl->nlines[step]; l++)
        if (pl->left[step][l] == 0) { /* forced by a line it completes */
            v = pl->sum - s->sums[pl->line[step][l]];
            if (v >= 1 && v <= pl->cells && !(s->used >> v & 1) && fits(s, step, v)) {
                place(s, step, v, 1);
                dfs(s, step + 1);
                place(s, step, v, -1);
            }
            return;
        }
    for (v = 1; v <= pl->cells && !s->stop; v++)
        if (!(s->used >> v & 1) && fits(s, step, v)) {
            place(s, step, v, 1);
            dfs(s, step + 1);
            place(s, step, v, -1);
        }
}

/* --- tasks and threads --------------------------------------------------- */

/* A task fixes the first TASK_DEPTH steps' values (packed 5 bits each). */
#define TASK_DEPTH 3

typedef struct pool {
    const plan *pl;
    uint32_t *tasks;
    size_t ntasks, next, done;
    uint64_t total;
    uint64_t by_centre[MAGIC_MAX_CELLS + 1];
    pthread_mutex_t lock;
    volatile sig_atomic_t stop; /* set by the watching thread: a limit or Ctrl-C */
} pool;

static void run_task(searcher *s, uint32_t task)
{
    unsigned k, placed = 0;
    for (k = 0; k < TASK_DEPTH; k++) {
        unsigned v = task >> (5 * k) & 31u;
        if (s->used >> v & 1 || !fits(s, k, v))
            break;
        place(s, k, v, 1);
        placed++;
    }
    if (placed == TASK_DEPTH)
        dfs(s, TASK_DEPTH);
    while (placed--) {
        unsigned v = task >> (5 * placed) & 31u;
        place(s, placed, v, -1);
    }
}

static void *worker(void *arg)
{
    pool *p = arg;
    searcher s;
    memset(&s, 0, sizeof s);
    s.pl = p->pl;
    s.interrupt = &p->stop;
    for (;;) {
        size_t t;
        pthread_mutex_lock(&p->lock);
        t = p->stop ? p->ntasks : p->next++;
        pthread_mutex_unlock(&p->lock);
        if (t >= p->ntasks)
            break;
        s.count = 0;
        run_task(&s, p->tasks[t]);
        pthread_mutex_lock(&p->lock);
        p->total += s.count;
        p->by_centre[p->tasks[t] & 31u] += s.count;
        p->done += !s.stop;
        pthread_mutex_unlock(&p->lock);
    }
    return NULL;
}

static uint64_t tasks_done(void *arg)
{
    pool *p = arg;
    uint64_t n;
    pthread_mutex_lock(&p->lock);
    n = p->done;
    pthread_mutex_unlock(&p->lock);
    return n;
}

ar_status ar_magic_count(const ar_magic_count_options *o, ar_magic_count_result *r, ar_error *err)
{
    plan pl;
    pool p;
    unsigned threads = o->threads ? o->threads : 1;
    unsigned n = o->order, cells = n * n, v0, v1, v2, lo, hi;
    double t0 = ar_now();
    memset(r, 0, sizeof *r);
    if (n < 3 || n > MAGIC_MAX_COUNT_ORDER)
        return ar_error_set(err, AR_ERR_INPUT, "order %u: the counter handles orders 3 to %d", n,
                            MAGIC_MAX_COUNT_ORDER);
    if (o->centre && (n % 2 == 0 || o->centre > cells))
        return ar_error_set(err, AR_ERR_INPUT, "centre %u: needs an odd order and a value 1..%u", o->centre, cells);
    make_plan(&pl, n);
    if (o->visit) { /* listing: one thread, in order */
        searcher s;
        memset(&s, 0, sizeof s);
        s.pl = &pl, s.visit = o->visit, s.ctx = o->ctx, s.interrupt = o->interrupt;
        s.deadline = o->time_limit > 0 ? t0 + o->time_limit : 0;
        if (o->centre) {
            place(&s, 0, o->centre, 1);
            dfs(&s, 1);
        } else {
            dfs(&s, 0);
        }
        r->canonical = s.count;
        r->complete = !s.stop;
        r->seconds = ar_now() - t0;
        return AR_OK;
    }
    memset(&p, 0, sizeof p);
    p.pl = &pl;
    if (!(p.tasks = malloc(sizeof *p.tasks * (size_t)cells * cells * cells)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the task list");
    /* centres 1..(cells+1)/2 only when odd and not fixed: the rest by the
     * complement (see the top of the file) */
    lo = o->centre ? o->centre : 1;
    hi = o->centre ? o->centre : n % 2 ? (cells + 1) / 2 : cells;
    for (v0 = lo; v0 <= hi; v0++)
        for (v1 = 1; v1 <= cells; v1++)
            for (v2 = 1; v2 <= cells; v2++)
                if (v0 != v1 && v0 != v2 && v1 != v2)
                    p.tasks[p.ntasks++] = v0 | v1 << 5 | v2 << 10;
    pthread_mutex_init(&p.lock, NULL);
    {
        ar_search_options so;
        ar_result res;
        ar_run run;
        ar_search_options_init(&so);
        so.limits.time_limit = o->time_limit;
        so.limits.interrupt = o->interrupt;
        so.progress = o->progress;
        ar_result_init(&res);
        ar_run_begin(&run, &so, &res);
        ar_run_threads(&run, threads, worker, &p, tasks_done, p.ntasks, "tasks", &p.stop);
        r->stop = run.stop;
    }
    pthread_mutex_destroy(&p.lock);
    free(p.tasks);
    r->complete = p.done == p.ntasks;
    r->tasks_done = p.done;
    r->tasks = p.ntasks;
    for (v0 = 1; v0 <= cells; v0++) {
        r->by_centre[v0] = p.by_centre[v0];
        if (n % 2 && !o->centre && v0 < (cells + 1) / 2)
            r->by_centre[cells + 1 - v0] = p.by_centre[v0];
    }
    for (v0 = 1; v0 <= cells; v0++)
        r->canonical += r->by_centre[v0];
    if (n % 2 == 0)
        r->canonical = p.total;
    r->seconds = ar_now() - t0;
    return AR_OK;
}
