/* ariadne/limits.h — the one limits model: what may stop long work.
 *
 * Every search, counter, database build and match loop takes its limits in
 * this struct (through ar_search_options, a domain's own options, or a tool's
 * parsed command line) and says why it stopped with one ar_stop_reason, so
 * every verb reports a stop in the same words (ar_stop_reason_name). */
#ifndef ARIADNE_LIMITS_H
#define ARIADNE_LIMITS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ar_stop_reason {
    AR_STOP_NONE,
    AR_STOP_TIME,
    AR_STOP_MEMORY,
    AR_STOP_NODES,
    AR_STOP_INTERRUPT,
    AR_STOP_DEPTH,   /* a depth bound (--depth-limit, DFS) cut the search */
    AR_STOP_BEAM,    /* beam search dropped states, so "none found" proves nothing */
    AR_STOP_BUDGET,  /* an incomplete algorithm spent its own budget (restarts, steps,
                        samples) without finding a solution: that proves nothing */
    AR_STOP_GAVE_UP  /* an incomplete method (means-ends analysis) ran out of ways to try
                        without finding a solution: that proves nothing */
} ar_stop_reason;

typedef struct ar_limits {
    double time_limit;    /* seconds; 0 = none */
    size_t memory_limit;  /* bytes; 0 = none */
    uint64_t node_limit;  /* expansions; 0 = none */
    /* Set (by a signal handler) to stop the search; may be NULL. */
    const volatile sig_atomic_t *interrupt;
} ar_limits;

/* "time limit", "memory limit", "node limit", "interrupt (Ctrl-C)", ... */
const char *ar_stop_reason_name(ar_stop_reason reason);

/* The default memory limit of every verb: half of physical memory, at most
 * 8 GiB (0 when the size of memory is unknown). A search that needs more is
 * stopped with a message naming --memory-limit, rather than taking the
 * machine. */
size_t ar_default_memory_limit(void);

#ifdef __cplusplus
}
#endif
#endif
