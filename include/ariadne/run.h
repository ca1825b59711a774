/* ariadne/run.h — the run context: the one limits model of every search.
 *
 * Every algorithm, generic (src/search) or a domain's own solver (a private A*
 * with domain pruning, a specialised IDA*), runs inside an ar_run:
 * it counts its expansions in the result, asks ar_run_should_stop() in its
 * loop, records the best solution so far and the proven lower bound, and
 * calls ar_run_finish() at the end. The context checks the time, node and
 * memory limits and Ctrl-C (the real check every 1024 expansions, so the
 * loop pays one comparison), updates the progress line, and turns a stop
 * into the labelled result that every verb prints the same way: the best
 * solution so far, not proven optimal, and the best proven bound. */
#ifndef ARIADNE_RUN_H
#define ARIADNE_RUN_H

#include <stddef.h>
#include <signal.h>
#include <stdint.h>
#include "ariadne/memory.h"
#include "ariadne/search.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_run {
    const ar_search_options *opts; /* limits, progress; never NULL after ar_run_begin */
    ar_result *res;                /* counters (expanded, generated), solution, bound */
    ar_mem mem;                    /* the search's accounted memory (--memory-limit) */
    double start;                  /* ar_now() when the run began */
    uint64_t next_check;           /* expansion count of the next real check */
    uint64_t next_check_generated; /* ... or generated count (wide domains: 445 moves a state) */
    uint64_t node_cap;             /* the node limit, or UINT64_MAX when there is none */
    ar_stop_reason stop;           /* why the run must stop; AR_STOP_NONE while it may go on */
    const char *phase;             /* shown in the progress line, e.g. "bound 42" */
    const char *unit;              /* what res->expanded counts, for the progress line ("nodes") */
    uint64_t progress_total;       /* expansions expected in all (0: unknown, no ETA) */
    char detail[96];
    /* Set for the generic algorithms (ar_run_init); a domain's own solver
     * may leave them NULL. */
    const ar_puzzle *p;
    ar_instance *inst;
    const ar_heuristic *h;
    size_t state_size;
    unsigned max_moves;
} ar_run;

/* Starts a run under opts (NULL: no limits) filling res, which it does not
 * clear (ar_solve has initialised it). */
void ar_run_begin(ar_run *run, const ar_search_options *opts, ar_result *res);
/* ar_run_begin for a search over the puzzle interface with heuristic h. */
void ar_run_init(ar_run *run, const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                 const ar_search_options *opts, ar_result *res);

/* Whether the search must stop, with the time and interrupt checks made
 * now (and the progress line drawn): for searches whose steps are too coarse
 * or too few for ar_run_should_stop's every-1024 rhythm. */
int ar_run_check_now(ar_run *run);

/* Whether the search must stop: the node limit on every call, then time,
 * Ctrl-C and the progress line every 1024 expansions (of res->expanded) or
 * 65536 generated states, whichever comes first (an expansion of a wide
 * domain makes hundreds). Once it says yes it keeps saying yes; run->stop
 * says why. Inline, so the common case costs an inner loop three
 * comparisons and no call. */
static inline int ar_run_should_stop(ar_run *run)
{
    uint64_t expanded = run->res->expanded;
    if (run->stop == AR_STOP_NONE && expanded < run->next_check && expanded < run->node_cap &&
        run->res->generated < run->next_check_generated)
        return 0;
    return ar_run_check_now(run);
}

/* Stops the run for a reason the search found itself (memory refused, a
 * depth bound). */
void ar_run_stop(ar_run *run, ar_stop_reason why);

/* Seconds since the run began; the time left before the time limit
 * (a very large number when there is none). */
double ar_run_elapsed(const ar_run *run);
double ar_run_time_left(const ar_run *run);

/* Records a proven lower bound on the optimal cost (kept when larger). */
void ar_run_lower_bound(ar_run *run, uint64_t bound);
/* Stores a copy of moves[0..length) as the best solution so far (the
 * outcome becomes solved); a later, better one replaces it. */
ar_status ar_run_set_solution(ar_run *run, const ar_move *moves, uint64_t length, uint64_t cost,
                              ar_error *err);
/* Marks the run as stopped for memory when status is AR_ERR_MEMORY and
 * returns AR_OK (the result is meaningful); other statuses pass through. */
ar_status ar_run_memory_stop(ar_run *run, ar_status status);
/* Grows a side array of elem bytes per state, accounted in run->mem, to hold
 * at least `need` entries; *cap is in entries. */
ar_status ar_run_grow(ar_run *run, void **array, size_t elem, uint32_t *cap, uint32_t need,
                      const char *what, ar_error *err);

/* Work shared by threads, watched from the calling thread: starts `threads`
 * threads running work(arg), then every 50 ms asks done(arg) how many of
 * `total` units are finished (0: unknown), draws the progress line in
 * `unit`s and checks the limits (time, Ctrl-C); when the run must stop it
 * sets *stop, which the workers poll, and waits for them. Counters and
 * database builders use it so that a stop is prompt and progress shows the
 * rate and ETA whatever the work is. Returns the number of threads that
 * started (at least 1: work runs on the caller's thread when none can). */
unsigned ar_run_threads(ar_run *run, unsigned threads, void *(*work)(void *arg), void *arg,
                        uint64_t (*done)(void *arg), uint64_t total, const char *unit,
                        volatile sig_atomic_t *stop);

/* Ends the run: a stopped run's outcome becomes AR_OUTCOME_STOPPED with its
 * reason (a solution found before the stop stays, labelled not proven), and
 * the peak memory is recorded. */
void ar_run_finish(ar_run *run);

#ifdef __cplusplus
}
#endif
#endif
