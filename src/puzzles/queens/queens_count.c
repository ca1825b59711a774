/* queens_count.c — every solution of the empty n x n board counted, for
 * n up to 32, by the bitmask search: a row's free squares are the columns
 * and both diagonals not yet attacked, one machine word each, shifted by one
 * square per row, so a node costs a few instructions.
 *
 * Symmetry: the mirror image of a solution puts the first row's queen in
 * the mirrored column, so only first-row queens in the left half are
 * searched and each solution found stands for two; with an odd n, a queen
 * in the middle of the first row is followed by a second-row queen in the
 * left half only (the mirror of such a solution has it in the right half).
 *
 * The work is split into tasks, the placements of the first few rows, which
 * the threads take one at a time; the calling thread meanwhile polls the run
 * context (time limit, Ctrl-C, progress with an ETA over the tasks) and
 * raises a flag the workers check between tasks and every 2^20 nodes. A
 * stopped count reports the solutions of the finished tasks. */
#include "queens_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct task { uint32_t cols, left, right; uint8_t row; } task;

typedef struct shared {
    unsigned n;
    uint32_t all;
    task *tasks;
    size_t ntasks;
    pthread_mutex_t lock;
    size_t next, done;
    uint64_t solutions, nodes;
    atomic_int stop;
    int popcnt;          /* the processor counts bits in one instruction */
} shared;

/* Solutions below (cols, left, right) at row `row`, by an explicit stack
 * of the rows' free squares (no call per node); the second-to-last row
 * counts the last row's free squares directly. `nodes` counts the queens
 * placed; the stop flag is read every 2^16 of them. POPCOUNT is the bit
 * count: an instruction where the processor has one (below). */
#define COUNT_BELOW(NAME, POPCOUNT)                                                                             \
    static uint64_t NAME(shared *S, uint32_t cols, uint32_t left, uint32_t right, unsigned row, uint64_t *nodes) \
    {                                                                                                           \
        uint32_t sa[QUEENS_MAX_COUNT_N], sc[QUEENS_MAX_COUNT_N], sl[QUEENS_MAX_COUNT_N], sr[QUEENS_MAX_COUNT_N]; \
        uint32_t all = S->all, avail = all & ~(cols | left | right);                                           \
        unsigned d = row, last = S->n - 2;                                                                      \
        uint64_t total = 0, placed = 0;                                                                         \
        if (row + 1 >= S->n)                                                                                    \
            return row + 1 == S->n ? (uint64_t)POPCOUNT(avail) : 1;                                            \
        for (;;) {                                                                                              \
            if (avail) {                                                                                        \
                uint32_t bit = avail & (0u - avail);                                                            \
                avail ^= bit;                                                                                   \
                placed++;                                                                                       \
                if (d == last) {                                                                                \
                    total += (uint64_t)POPCOUNT(all & ~((cols | bit) | ((left | bit) << 1) | ((right | bit) >> 1))); \
                    continue;                                                                                   \
                }                                                                                               \
                if (!(placed & 0xFFFF) && atomic_load_explicit(&S->stop, memory_order_relaxed))                 \
                    break;                                                                                      \
                sa[d] = avail, sc[d] = cols, sl[d] = left, sr[d] = right;                                       \
                cols |= bit, left = (left | bit) << 1, right = (right | bit) >> 1;                              \
                d++;                                                                                            \
                avail = all & ~(cols | left | right);                                                           \
            } else {                                                                                            \
                if (d == row)                                                                                   \
                    break;                                                                                      \
                d--;                                                                                            \
                avail = sa[d], cols = sc[d], left = sl[d], right = sr[d];                                       \
            }                                                                                                   \
        }                                                                                                       \
        *nodes += placed;                                                                                       \
        return total;                                                                                           \
    }

static unsigned portable_popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}

COUNT_BELOW(count_below_portable, portable_popcount)

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
/* The same loop compiled for processors with a popcount instruction (chosen
 * at run time): a fifth faster. */
__attribute__((target("popcnt"))) static unsigned hardware_popcount(uint32_t x)
{
    return (unsigned)__builtin_popcount(x);
}
__attribute__((target("popcnt"))) COUNT_BELOW(count_below_popcnt, hardware_popcount)
#define HAVE_POPCNT_VARIANT 1
#endif

static uint64_t count_below(shared *S, uint32_t cols, uint32_t left, uint32_t right, unsigned row, uint64_t *nodes)
{
#ifdef HAVE_POPCNT_VARIANT
    if (S->popcnt)
        return count_below_popcnt(S, cols, left, right, row, nodes);
#endif
    return count_below_portable(S, cols, left, right, row, nodes);
}

static void *worker(void *arg)
{
    shared *S = arg;
    for (;;) {
        size_t k;
        uint64_t nodes = 0, found;
        const task *t;
        pthread_mutex_lock(&S->lock);
        k = atomic_load(&S->stop) ? S->ntasks : S->next++;
        pthread_mutex_unlock(&S->lock);
        if (k >= S->ntasks)
            return NULL;
        t = &S->tasks[k];
        found = count_below(S, t->cols, t->left & S->all, t->right, t->row, &nodes);
        pthread_mutex_lock(&S->lock);
        if (!atomic_load(&S->stop)) { /* a task cut short by the flag does not count */
            S->solutions += 2 * found;
            S->done++;
        }
        S->nodes += nodes;
        pthread_mutex_unlock(&S->lock);
    }
}

/* The tasks: placements of the first `depth` rows allowed by the mirror
 * symmetry. */
static int add_task(shared *S, size_t *cap, uint32_t cols, uint32_t left, uint32_t right, unsigned row)
{
    if (S->ntasks == *cap) {
        size_t ncap = *cap ? 2 * *cap : 1024;
        task *t = realloc(S->tasks, ncap * sizeof *t);
        if (!t)
            return -1;
        S->tasks = t, *cap = ncap;
    }
    S->tasks[S->ntasks].cols = cols, S->tasks[S->ntasks].left = left, S->tasks[S->ntasks].right = right;
    S->tasks[S->ntasks].row = (uint8_t)row;
    S->ntasks++;
    return 0;
}

static int make_tasks(shared *S, size_t *cap, uint32_t cols, uint32_t left, uint32_t right, unsigned row,
                      unsigned depth, uint32_t allowed)
{
    uint32_t avail = S->all & ~(cols | left | right) & allowed;
    if (row == depth || row == S->n)
        return add_task(S, cap, cols, left, right, row);
    while (avail) {
        uint32_t bit = avail & (0u - avail), next_allowed = S->all;
        avail ^= bit;
        if (row == 0 && (S->n & 1) && bit == (1u << (S->n / 2)))
            next_allowed = (1u << (S->n / 2)) - 1; /* the middle: the second row's queen on the left */
        if (make_tasks(S, cap, cols | bit, ((left | bit) << 1) & S->all, (right | bit) >> 1, row + 1, depth,
                       row == 0 ? next_allowed : S->all) != 0)
            return -1;
    }
    return 0;
}

ar_status ar_queens_count(const ar_queens_count_job *job, ar_queens_count_result *r, ar_error *err)
{
    shared S;
    pthread_t tid[64];
    unsigned t, threads = job->threads ? job->threads : 1, started = 0, depth;
    size_t cap = 0;
    uint32_t first_row;
    memset(r, 0, sizeof *r);
    if (job->n < 1 || job->n > QUEENS_MAX_COUNT_N)
        return ar_error_set(err, AR_ERR_INPUT, "counting takes boards of 1..%u queens", QUEENS_MAX_COUNT_N);
    if (threads > 64)
        threads = 64;
    memset(&S, 0, sizeof S);
    atomic_init(&S.stop, 0);
#ifdef HAVE_POPCNT_VARIANT
    __builtin_cpu_init();
    S.popcnt = __builtin_cpu_supports("popcnt");
#endif
    S.n = job->n;
    S.all = job->n == 32 ? 0xFFFFFFFFu : (1u << job->n) - 1;
    if (job->n == 1) {
        r->solutions = 1, r->complete = 1, r->tasks = r->tasks_done = 1;
        return AR_OK;
    }
    /* the first row's queens in the left half, and the middle of an odd board */
    first_row = (1u << (job->n / 2)) - 1;
    if (job->n & 1)
        first_row |= 1u << (job->n / 2);
    /* tasks of a few milliseconds: from about 100 (n = 14) to 10^5 (n = 18) */
    depth = job->n >= 16 ? job->n - 12 : 2;
    if (depth > 6)
        depth = 6;
    if (make_tasks(&S, &cap, 0, 0, 0, 0, depth, first_row) != 0) {
        free(S.tasks);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory splitting the count");
    }
    pthread_mutex_init(&S.lock, NULL);
    r->tasks = S.ntasks;
    if (job->run)
        job->run->progress_total = S.ntasks, job->run->unit = "tasks";
    for (t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, worker, &S) == 0)
            started++;
    if (!started)
        worker(&S);
    /* poll the run until every task is taken and done, or it says stop */
    for (;;) {
        size_t done;
        struct timespec nap = {0, 20 * 1000 * 1000};
        pthread_mutex_lock(&S.lock);
        done = S.done;
        pthread_mutex_unlock(&S.lock);
        if (done == S.ntasks)
            break;
        if (job->run) {
            job->run->res->expanded = done;
            if (ar_run_check_now(job->run)) {
                atomic_store(&S.stop, 1);
                break;
            }
        }
        nanosleep(&nap, NULL);
    }
    for (t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&S.lock);
    r->solutions = S.solutions, r->nodes = S.nodes, r->tasks_done = S.done;
    r->complete = S.done == S.ntasks;
    if (job->run)
        job->run->res->expanded = S.done;
    free(S.tasks);
    return AR_OK;
}
