/* run.c — the run context (run.h): the one limits model, progress line and
 * best-so-far bookkeeping that every search uses, generic or a domain's own. */
#include "ariadne/run.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/progress.h"
#include "ariadne/timer.h"

#include <time.h>

static const ar_search_options no_limits; /* all zero: no limits, no progress */

void ar_run_begin(ar_run *run, const ar_search_options *opts, ar_result *res)
{
    memset(run, 0, sizeof *run);
    run->opts = opts ? opts : &no_limits;
    run->res = res;
    run->unit = "nodes";
    run->node_cap = run->opts->limits.node_limit ? run->opts->limits.node_limit : UINT64_MAX;
    ar_mem_init(&run->mem, run->opts->limits.memory_limit);
    run->start = ar_now();
}

void ar_run_init(ar_run *run, const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                 const ar_search_options *opts, ar_result *res)
{
    ar_run_begin(run, opts, res);
    run->p = p;
    run->inst = inst;
    run->h = h;
    run->state_size = p->state_size(inst);
    run->max_moves = p->max_moves(inst);
}

/* The interrupt, time and progress part of a check. */
static int check_clock(ar_run *run)
{
    const ar_limits *lim = &run->opts->limits;
    ar_result *res = run->res;
    if (lim->interrupt && *lim->interrupt) {
        run->stop = AR_STOP_INTERRUPT;
        return 1;
    }
    if (lim->time_limit > 0 || run->opts->progress) {
        double now = ar_now();
        if (lim->time_limit > 0 && now - run->start >= lim->time_limit) {
            run->stop = AR_STOP_TIME;
            return 1;
        }
        if (run->opts->progress) {
            char mem[32];
            size_t n = (size_t)snprintf(run->detail, sizeof run->detail, "%s", run->phase ? run->phase : "");
            /* Counts of generated states and memory, where the work has them. */
            if (res->generated && n < sizeof run->detail)
                n += (size_t)snprintf(run->detail + n, sizeof run->detail - n, "%sgenerated %llu", n ? ", " : "",
                                      (unsigned long long)res->generated);
            if (run->mem.used && n < sizeof run->detail)
                snprintf(run->detail + n, sizeof run->detail - n, "%smemory %s", n ? ", " : "",
                         ar_format_bytes(run->mem.used, mem, sizeof mem));
            ar_progress_update(run->opts->progress, res->expanded, run->progress_total,
                               run->unit ? run->unit : "nodes", run->detail);
        }
    }
    return 0;
}

int ar_run_check_now(ar_run *run)
{
    const ar_limits *lim = &run->opts->limits;
    if (run->stop != AR_STOP_NONE)
        return 1;
    if (lim->node_limit && run->res->expanded >= lim->node_limit) {
        run->stop = AR_STOP_NODES;
        return 1;
    }
    run->next_check = run->res->expanded + 1024;
    run->next_check_generated = run->res->generated + 65536;
    return check_clock(run);
}

void ar_run_stop(ar_run *run, ar_stop_reason why)
{
    if (run->stop == AR_STOP_NONE)
        run->stop = why;
}

double ar_run_elapsed(const ar_run *run) { return ar_now() - run->start; }

double ar_run_time_left(const ar_run *run)
{
    double limit = run->opts->limits.time_limit;
    return limit > 0 ? limit - ar_run_elapsed(run) : 1e300;
}

void ar_run_lower_bound(ar_run *run, uint64_t bound)
{
    if (!run->res->has_lower_bound || bound > run->res->lower_bound) {
        run->res->has_lower_bound = 1;
        run->res->lower_bound = bound;
    }
}

ar_status ar_run_set_solution(ar_run *run, const ar_move *moves, uint64_t length, uint64_t cost,
                              ar_error *err)
{
    ar_result *res = run->res;
    ar_move *copy = malloc(sizeof *copy * (size_t)(length ? length : 1));
    if (!copy)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing a solution of %llu moves",
                            (unsigned long long)length);
    if (length)
        memcpy(copy, moves, sizeof *copy * (size_t)length);
    free(res->moves);
    res->moves = copy;
    res->length = length;
    res->cost = cost;
    res->outcome = AR_OUTCOME_SOLVED;
    return AR_OK;
}

/* A stop in the result: the outcome says stopped (a proven "no solution"
 * stands), why, and a solution found so far is no longer claimed optimal. */
static void record_stop(ar_result *res, ar_stop_reason why)
{
    if (res->outcome == AR_OUTCOME_NO_SOLUTION)
        return;
    res->outcome = AR_OUTCOME_STOPPED;
    res->stop = why;
    if (res->moves)
        res->optimal = 0;
}

ar_status ar_run_memory_stop(ar_run *run, ar_status status)
{
    if (status == AR_ERR_MEMORY) {
        run->stop = AR_STOP_MEMORY;
        /* Said in the result too, so the order of this and ar_run_finish
         * does not matter (a search that finishes first and then sees why). */
        if (run->res)
            record_stop(run->res, AR_STOP_MEMORY);
        return AR_OK;
    }
    return status;
}

ar_status ar_run_grow(ar_run *run, void **array, size_t elem, uint32_t *cap, uint32_t need,
                      const char *what, ar_error *err)
{
    uint64_t want;
    void *p;
    if (need <= *cap)
        return AR_OK;
    want = *cap ? (uint64_t)*cap * 2 : 1024;
    while (want < need)
        want *= 2;
    if (want > 0xFFFFFFFFu)
        want = 0xFFFFFFFFu;
    p = ar_mem_realloc(&run->mem, *array, (size_t)*cap * elem, (size_t)want * elem, what, err);
    if (!p)
        return AR_ERR_MEMORY;
    *array = p;
    *cap = (uint32_t)want;
    return AR_OK;
}

void ar_run_finish(ar_run *run)
{
    ar_result *res = run->res;
    if (run->stop != AR_STOP_NONE)
        record_stop(res, run->stop);
    if (run->mem.peak > res->peak_bytes)
        res->peak_bytes = run->mem.peak;
}

/* What each watched thread runs: the work, then one less running. */
typedef struct watched {
    void *(*work)(void *arg);
    void *arg;
    pthread_mutex_t lock;
    pthread_cond_t finished; /* signalled as each thread ends */
    unsigned running;
} watched;

static void *watched_thread(void *p)
{
    watched *w = p;
    w->work(w->arg);
    pthread_mutex_lock(&w->lock);
    w->running--;
    pthread_cond_signal(&w->finished);
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

unsigned ar_run_threads(ar_run *run, unsigned threads, void *(*work)(void *arg), void *arg,
                        uint64_t (*done)(void *arg), uint64_t total, const char *unit,
                        volatile sig_atomic_t *stop)
{
    pthread_t tid[256];
    unsigned started = 0, t, running;
    const char *saved_unit = run->unit;
    watched w = {.work = work, .arg = arg};
    if (threads > 256)
        threads = 256;
    if (threads == 0)
        threads = 1;
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.finished, NULL);
    w.running = threads;
    for (t = 0; t < threads; t++)
        if (pthread_create(&tid[started], NULL, watched_thread, &w) == 0)
            started++;
    pthread_mutex_lock(&w.lock);
    w.running -= threads - started;
    pthread_mutex_unlock(&w.lock);
    run->unit = unit;
    run->progress_total = total;
    if (started == 0) /* no thread could start: the work runs here, unwatched */
        work(arg);
    for (running = started; running > 0;) {
        struct timespec until;
        run->res->expanded = done(arg);
        if (!*stop && ar_run_check_now(run))
            *stop = 1;
        /* Wake every 20 ms to check the limits, or as soon as a thread ends. */
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 20 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_mutex_lock(&w.lock);
        if (w.running == running)
            pthread_cond_timedwait(&w.finished, &w.lock, &until);
        running = w.running;
        pthread_mutex_unlock(&w.lock);
    }
    for (t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_cond_destroy(&w.finished);
    pthread_mutex_destroy(&w.lock);
    run->res->expanded = done(arg);
    run->unit = saved_unit;
    return started ? started : 1;
}
