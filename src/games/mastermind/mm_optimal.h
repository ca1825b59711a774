/* mm_optimal.h — what the two files of the exhaustive search share:
 * mm_optimal.c searches one set (the cache, the bounds, the branch and
 * bound), mm_optimal_run.c runs the whole search (the first guesses on the
 * worker threads, the strategy read back, ar_mm_optimal). */
#ifndef ARIADNE_MM_OPTIMAL_H
#define ARIADNE_MM_OPTIMAL_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include "mm_internal.h"

#define MAXD 16              /* guesses: deeper strategies are not looked for */
#define INF 0x3FFFFFFFu
#define LOCKS 1024
#define BUCKET 4

/* ------------------------------------------------------------ the cache */

typedef struct mm_entry {
    uint64_t k1, k2;
    uint32_t value;  /* the total, or a lower bound */
    uint16_t guess;  /* the best guess when exact */
    uint16_t n;      /* codes in the set; top bit: exact */
} mm_entry;

typedef struct mm_memo {
    mm_entry *e;
    size_t buckets; /* a power of two */
    pthread_mutex_t lock[LOCKS];
} mm_memo;

#define EXACT 0x8000u

int ar_mm_memo_init(mm_memo *m, size_t bytes);
void ar_mm_memo_free(mm_memo *m);

/* ------------------------------------------------------------ the search */

typedef struct mm_shared {
    const mm_rules *r;
    int limit;                 /* max guesses, or 0 */
    uint32_t lb[MAXD + 1][MM_TABLE_MAX + 1]; /* LB by guesses left (MAXD: no limit) and size */
    uint64_t z1[MM_TABLE_MAX], z2[MM_TABLE_MAX];
    mm_memo memo;
    mm_candidates *cands;
    atomic_int epoch;          /* bumped to abandon the work under way */
    volatile sig_atomic_t stop; /* set by the run's watcher: a limit or Ctrl-C */
    atomic_ullong hits;
} mm_shared;

typedef struct mm_searcher {
    mm_shared *sh;
    mm_history h;
    uint16_t *arena;           /* parts of the sets on the current path */
    size_t top, cap;
    /* The candidates of each depth, kept for the guesses they were made for:
     * they depend on the guesses only, not on the answers, so the parts of
     * one guess (searched one after the other) share one list. */
    uint32_t *cand[MAXD + 1];
    uint32_t cand_count[MAXD + 1];
    uint32_t cand_for[MAXD + 1][MAXD + 1];
    int cand_valid[MAXD + 1];
    uint64_t *order[MAXD + 1]; /* candidates of each depth with their bounds */
    int epoch;                 /* the epoch this searcher works in */
    int aborted;
    atomic_ullong nodes;
} mm_searcher;

/* Guesses left after `depth` guesses, as an index of sh->lb. */
static inline int ar_mm_left_of(const mm_shared *sh, int depth)
{
    if (!sh->limit)
        return MAXD;
    return sh->limit - depth < 0 ? 0 : sh->limit - depth;
}

/* The bounds LB of every size and number of guesses left. */
void ar_mm_lower_bounds(mm_shared *sh);
int ar_mm_searcher_init(mm_searcher *s, mm_shared *sh);
void ar_mm_searcher_free(mm_searcher *s);
/* Splits set[] by the answers to g into s's arena (the parts in answer
 * order); fills count[], start[] and the parts' hashes; returns the parts'
 * base in the arena (s->top moves past them). */
uint16_t *ar_mm_split(mm_searcher *s, const uint16_t *set, uint32_t n, uint32_t g, uint32_t *count,
                      uint32_t *start, uint64_t *h1, uint64_t *h2);
/* T(set) after s->h's depth guesses when below budget (exact), else a
 * proven bound of at least budget; *guess_out (may be NULL) the best guess.
 * s->aborted when the work was abandoned (nothing then means anything). */
uint32_t ar_mm_solve(mm_searcher *s, const uint16_t *set, uint32_t n, uint64_t k1, uint64_t k2, int depth,
                     uint32_t budget, uint32_t *guess_out);

#endif
