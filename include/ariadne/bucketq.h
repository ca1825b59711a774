/* ariadne/bucketq.h — bucket priority queues for small non-negative integer
 * priorities: the open list of A* and uniform-cost search when f is an
 * integer. Push and pop are O(1) amortised (pop scans forward over empty
 * buckets, which costs at most the range of priorities over a whole search).
 * Items are uint32_t ids (the state store's ids). Memory through ar_mem; a push
 * that would exceed the limit fails with AR_ERR_MEMORY and leaves the queue as
 * it was.
 *
 *     ar_bucketq q; ar_bucketq_init(&q, &mem, AR_BUCKETQ_LIFO);
 *     if (ar_bucketq_push(&q, start_id, h0, &err) != AR_OK) return err.status;
 *     uint32_t id, f;
 *     while (ar_bucketq_pop(&q, &id, &f)) { ... ar_bucketq_push(&q, child, fc, &err); }
 *     ar_bucketq_free(&q);
 *
 * Two-level version, ordered by f and among equal f by smaller h (that is,
 * larger g: the node nearest the goal by its own estimate comes first):
 *
 *     ar_bucketq2 q; ar_bucketq2_init(&q, &mem, AR_BUCKETQ_LIFO);
 *     ar_bucketq2_push(&q, id, f, h, &err);
 *     while (ar_bucketq2_pop(&q, &id, &f, &h)) ...
 *
 * Order within one bucket: LIFO by default. Among nodes of equal priority the
 * most recently generated is usually the deepest, so LIFO behaves like a
 * depth-first tie-break: with a consistent heuristic, the last f-layer of A*
 * reaches the goal after expanding a path's worth of nodes instead of most of
 * the layer. FIFO is there for breadth-first-like tie-breaking (and tests). */
#ifndef ARIADNE_BUCKETQ_H
#define ARIADNE_BUCKETQ_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/memory.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ar_bucketq_order {
    AR_BUCKETQ_LIFO = 0, /* last pushed, first popped within a priority (default) */
    AR_BUCKETQ_FIFO      /* first pushed, first popped within a priority */
} ar_bucketq_order;

/* One priority's items: items[head .. len) are live (head stays 0 in LIFO). */
typedef struct ar_bucketq_bucket {
    uint32_t *items;
    size_t head;
    size_t len;
    size_t cap;
} ar_bucketq_bucket;

typedef struct ar_bucketq {
    ar_bucketq_bucket *buckets; /* indexed by priority */
    size_t nbuckets;            /* slots allocated (highest priority seen + 1, rounded up) */
    size_t min;                 /* every bucket below min is empty */
    uint64_t size;              /* items in the queue */
    ar_bucketq_order order;
    ar_mem *mem;
} ar_bucketq;

/* Initialises an empty queue; allocates nothing until the first push. */
void ar_bucketq_init(ar_bucketq *q, ar_mem *mem, ar_bucketq_order order);
/* Releases all memory and leaves an empty queue (usable again after init). */
void ar_bucketq_free(ar_bucketq *q);
/* Empties the queue but keeps its memory for reuse. */
void ar_bucketq_clear(ar_bucketq *q);
/* Adds id with the given priority; a priority below the current minimum moves
 * the minimum back. Fails with AR_ERR_MEMORY (queue unchanged). */
ar_status ar_bucketq_push(ar_bucketq *q, uint32_t id, uint32_t priority, ar_error *err);
/* Removes an item of the smallest priority into *id (and its priority into
 * *priority when not NULL); returns 0 when the queue is empty. */
int ar_bucketq_pop(ar_bucketq *q, uint32_t *id, uint32_t *priority);
/* The smallest priority in the queue; returns 0 when it is empty. */
int ar_bucketq_peek(ar_bucketq *q, uint32_t *priority);
/* Number of items. */
static inline uint64_t ar_bucketq_size(const ar_bucketq *q) { return q->size; }

/* Two-level queue: by f, then by h, each level a bucket index. */
typedef struct ar_bucketq2 {
    ar_bucketq *levels; /* levels[f] holds the items of priority f, keyed by h */
    size_t nlevels;
    size_t min;         /* every level below min is empty */
    uint64_t size;
    ar_bucketq_order order;
    ar_mem *mem;
} ar_bucketq2;

void ar_bucketq2_init(ar_bucketq2 *q, ar_mem *mem, ar_bucketq_order order);
void ar_bucketq2_free(ar_bucketq2 *q);
void ar_bucketq2_clear(ar_bucketq2 *q);
ar_status ar_bucketq2_push(ar_bucketq2 *q, uint32_t id, uint32_t f, uint32_t h, ar_error *err);
/* Removes an item of the smallest f and, among those, the smallest h; f and h
 * may be NULL. Returns 0 when empty. */
int ar_bucketq2_pop(ar_bucketq2 *q, uint32_t *id, uint32_t *f, uint32_t *h);
int ar_bucketq2_peek(ar_bucketq2 *q, uint32_t *f, uint32_t *h);
static inline uint64_t ar_bucketq2_size(const ar_bucketq2 *q) { return q->size; }

#ifdef __cplusplus
}
#endif
#endif
