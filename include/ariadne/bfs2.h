/* ariadne/bfs2.h — complete breadth-first search of a dense state space with
 * two bits per state.
 *
 * A domain whose states have a perfect ranking onto 0..count-1 (e.g. a
 * position of n pieces on k places as an n-digit number in base k)
 * describes the space with a few callbacks (ar_bfs2_space); the search then
 * needs only count/4 bytes, whatever the number of levels: each state's two
 * bits say unseen, current (the level being expanded), next (found in this
 * level) or old (expanded). The codes of current and next swap every level, so
 * no pass relabels next as current. Levels are expanded by several threads,
 * which set entries with a compare-and-swap on the 64-bit word that holds them.
 *
 * The search reports the number of states at each depth, the largest depth
 * (the eccentricity of the start), the smallest rank at that depth, and the
 * depth of given target ranks; optionally it writes the depth of every rank
 * into a byte table (which is how pattern databases are built with it).
 *
 * Symmetry: a domain may rank only canonical representatives of classes of
 * states that are equidistant from the start (e.g. positions that differ by
 * a permutation of places that are interchangeable at the start) and give
 * each representative's orbit size; the layer counts then still count real
 * states. Which symmetries are sound is the domain's business, to be proven
 * in its docs.
 *
 *     ar_bfs2_options o;  ar_bfs2_result r;
 *     ar_bfs2_options_init(&o);
 *     o.threads = 2;  o.starts = &start;  o.start_count = 1;
 *     if (ar_bfs2_run(&space, &o, &r, &err) == AR_OK) { ... r.max_depth ... }
 *     ar_bfs2_result_free(&r);
 */
#ifndef ARIADNE_BFS2_H
#define ARIADNE_BFS2_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/memory.h"
#include "ariadne/progress.h"
#include "ariadne/puzzle.h"
#include "ariadne/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most neighbours a state may have, and the most threads. */
#define AR_BFS2_MAX_NEIGHBOURS 256u
#define AR_BFS2_MAX_THREADS 64u
/* Depth recorded in the optional byte table for a rank never reached. */
#define AR_BFS2_UNREACHED 0xFFu
/* A target that was not reached. */
#define AR_BFS2_NO_DEPTH 0xFFFFFFFFu

typedef struct ar_bfs2_space {
    uint64_t count;            /* (required) ranks are 0..count-1 */
    size_t state_size;         /* bytes of an unranked state (for rank/unrank/format) */
    size_t scratch_size;       /* bytes of per-thread scratch the callbacks may use */
    const void *ctx;           /* passed to every callback; read-only during a search */
    /* (required) Writes the ranks of the states one move after `rank` (their
     * canonical representatives when the space uses symmetry) and returns how
     * many (<= AR_BFS2_MAX_NEIGHBOURS; duplicates allowed). Called from several
     * threads at once: it may write only to scratch. */
    unsigned (*successors)(const void *ctx, uint64_t rank, void *scratch, uint64_t *out);
    /* The states one move before `rank`, for a backward search
     * (ar_bfs2_options.backward); NULL when moves are reversible, so that the
     * successors serve. */
    unsigned (*predecessors)(const void *ctx, uint64_t rank, void *scratch, uint64_t *out);
    /* The number of real states the representative `rank` stands for; NULL
     * when every rank is one state (no symmetry). Thread-safe like successors. */
    uint64_t (*orbit)(const void *ctx, uint64_t rank, void *scratch);
    /* Perfect ranking of states (state_size bytes) and back; rank returns the
     * representative's rank under symmetry. Used by callers and reports. */
    uint64_t (*rank)(const void *ctx, const void *state);
    void (*unrank)(const void *ctx, uint64_t rank, void *state);
    /* Text of the state of a rank, in the domain's notation (may be NULL). */
    void (*format)(const void *ctx, uint64_t rank, char *buf, size_t size);
} ar_bfs2_space;

typedef struct ar_bfs2_options {
    unsigned threads;          /* worker threads, 1..AR_BFS2_MAX_THREADS (0: 1) */
    int backward;              /* expand predecessors instead of successors */
    const uint64_t *starts;    /* ranks at depth 0 (at least one) */
    unsigned start_count;
    const uint64_t *targets;   /* ranks whose depth to report (may be NULL) */
    unsigned target_count;
    /* Optional byte table of space.count entries: receives the depth of each
     * rank (255 for 255 or more, AR_BFS2_UNREACHED for unreached ranks when
     * the search completes; a depth of 255 is then ambiguous, which callers
     * that need exact depths avoid by checking max_depth < 255). */
    uint8_t *depths;
    ar_mem *mem;               /* the 2-bit table is charged here (may be NULL) */
    double time_limit;         /* seconds; 0 = none */
    const volatile sig_atomic_t *interrupt; /* may be NULL */
    ar_progress *progress;     /* may be NULL; updated by one thread */
    const char *what;          /* names the search in progress lines and errors */
} ar_bfs2_options;

typedef struct ar_bfs2_result {
    int complete;              /* every reachable state was found */
    ar_stop_reason stop;       /* why it stopped early (AR_STOP_NONE when complete) */
    unsigned levels;           /* depths 0..levels-1 were counted completely */
    uint64_t *layer_states;    /* real states (orbit-weighted) at each depth */
    uint64_t *layer_ranks;     /* ranks (representatives) at each depth */
    unsigned max_depth;        /* levels - 1: the eccentricity when complete */
    uint64_t farthest;         /* the smallest rank at max_depth */
    uint64_t total_states;     /* sum of layer_states */
    uint64_t total_ranks;      /* sum of layer_ranks */
    unsigned *target_depths;   /* per target: its depth, or AR_BFS2_NO_DEPTH */
    unsigned threads;          /* threads actually used */
    size_t table_bytes;        /* size of the 2-bit table */
    double seconds;
} ar_bfs2_result;

void ar_bfs2_options_init(ar_bfs2_options *o);

/* Bytes of the 2-bit table for a space of count ranks (0 when too large). */
size_t ar_bfs2_table_bytes(uint64_t count);

/* Runs the search. Returns AR_OK when result is meaningful: complete, or
 * stopped by the time limit or the interrupt (result->complete is 0 and
 * result->stop says why; the counted levels are exact). AR_ERR_MEMORY when the
 * 2-bit table does not fit the memory limit (the message names the need and
 * the limit), AR_ERR_INPUT for a bad start or target rank. */
ar_status ar_bfs2_run(const ar_bfs2_space *space, const ar_bfs2_options *o, ar_bfs2_result *result,
                      ar_error *err);

void ar_bfs2_result_free(ar_bfs2_result *result);

/* Appends a completed depth to a result (its states and representatives;
 * the totals follow): for searches that count levels their own way, such as
 * a distributed one. */
void ar_bfs2_result_add_level(ar_bfs2_result *result, uint64_t states, uint64_t ranks);

/* --- providers: domains that describe an instance's state space for the
 * two-bit search (the CLI's `ariadne bfs DOMAIN` stays domain-agnostic). --- */

typedef struct ar_bfs2_problem {
    ar_bfs2_space space;
    uint64_t start;            /* rank of the instance's start */
    uint64_t goal;             /* rank of the instance's goal (its representative) */
    char goal_text[80];        /* the goal as the instance gives it */
    char symmetry[160];        /* the symmetry used, in words ("none" when none) */
    void *impl;                /* the provider's own data */
} ar_bfs2_problem;

typedef struct ar_bfs2_provider {
    /* Describes the state space of inst as seen from its start; with
     * symmetry non-zero, using every symmetry that is sound for that start.
     * AR_ERR_UNSUPPORTED when the space has too many states to rank. */
    ar_status (*open)(const ar_instance *inst, int symmetry, ar_bfs2_problem *out, ar_error *err);
    void (*close)(ar_bfs2_problem *problem);
} ar_bfs2_provider;


#ifdef __cplusplus
}
#endif
#endif
