/* bucketq.c — bucket priority queues (one level, and f-then-h two levels).
 *
 * A* with integer costs pops priorities that rise slowly and stay in a small
 * range, so an array of buckets indexed by priority beats a heap: push appends
 * to a bucket, pop takes from the lowest non-empty one. `min` only moves
 * forward during pops and moves back when something smaller is pushed (an
 * inconsistent heuristic, or uniform-cost search re-opening a node), so the
 * total scanning work is bounded by the pushes plus the priority range.
 * Buckets and their item arrays grow by doubling through ar_mem_realloc, which
 * refuses cleanly at the memory limit and leaves the old block intact. */
#include "ariadne/bucketq.h"

#include <string.h>

#define FIRST_BUCKETS 64
#define FIRST_ITEMS 16

/* Grows an array of elem-byte slots so that index `need - 1` exists; new
 * slots are zeroed. */
static ar_status grow_array(ar_mem *mem, void **array, size_t *n, size_t need, size_t elem,
                            const char *what, ar_error *err)
{
    size_t new_n = *n ? *n : FIRST_BUCKETS;
    void *p;
    while (new_n < need)
        new_n = new_n > SIZE_MAX / 2 ? need : new_n * 2;
    if (new_n > SIZE_MAX / elem)
        return ar_error_set(err, AR_ERR_MEMORY, "%s: %zu slots cannot be addressed", what, new_n);
    p = ar_mem_realloc(mem, *array, *n * elem, new_n * elem, what, err);
    if (!p)
        return AR_ERR_MEMORY;
    memset((char *)p + *n * elem, 0, (new_n - *n) * elem);
    *array = p;
    *n = new_n;
    return AR_OK;
}

/* Makes room for one more item at the end of b. */
static ar_status bucket_room(ar_mem *mem, ar_bucketq_bucket *b, ar_error *err)
{
    size_t new_cap;
    uint32_t *p;
    if (b->len < b->cap)
        return AR_OK;
    /* FIFO buckets leave dead slots at the front; reclaim them when they are
     * at least half the bucket rather than growing, so a bucket used as a
     * steady queue stays bounded and compaction costs O(1) amortised. */
    if (b->head > 0 && b->head >= b->len / 2) {
        memmove(b->items, b->items + b->head, (b->len - b->head) * sizeof *b->items);
        b->len -= b->head;
        b->head = 0;
        return AR_OK;
    }
    new_cap = b->cap ? b->cap * 2 : FIRST_ITEMS;
    if (new_cap < b->cap || new_cap > SIZE_MAX / sizeof *b->items)
        return ar_error_set(err, AR_ERR_MEMORY, "bucket queue: a bucket of %zu items is too large",
                            b->cap);
    p = ar_mem_realloc(mem, b->items, b->cap * sizeof *b->items, new_cap * sizeof *b->items,
                       "bucket queue", err);
    if (!p)
        return AR_ERR_MEMORY;
    b->items = p;
    b->cap = new_cap;
    return AR_OK;
}

void ar_bucketq_init(ar_bucketq *q, ar_mem *mem, ar_bucketq_order order)
{
    memset(q, 0, sizeof *q);
    q->mem = mem;
    q->order = order;
}

void ar_bucketq_free(ar_bucketq *q)
{
    size_t i;
    for (i = 0; i < q->nbuckets; i++)
        if (q->buckets[i].items)
            ar_mem_free(q->mem, q->buckets[i].items, q->buckets[i].cap * sizeof(uint32_t));
    if (q->buckets)
        ar_mem_free(q->mem, q->buckets, q->nbuckets * sizeof *q->buckets);
    ar_bucketq_init(q, q->mem, q->order);
}

void ar_bucketq_clear(ar_bucketq *q)
{
    size_t i;
    for (i = 0; i < q->nbuckets; i++)
        q->buckets[i].head = q->buckets[i].len = 0;
    q->min = 0;
    q->size = 0;
}

ar_status ar_bucketq_push(ar_bucketq *q, uint32_t id, uint32_t priority, ar_error *err)
{
    ar_bucketq_bucket *b;
    ar_status st;
    if (priority >= q->nbuckets) {
        void *array = q->buckets;
        st = grow_array(q->mem, &array, &q->nbuckets, (size_t)priority + 1,
                        sizeof *q->buckets, "bucket queue", err);
        if (st != AR_OK)
            return st;
        q->buckets = array;
    }
    b = &q->buckets[priority];
    st = bucket_room(q->mem, b, err);
    if (st != AR_OK)
        return st;
    b->items[b->len++] = id;
    if (q->size == 0 || priority < q->min)
        q->min = priority;
    q->size++;
    return AR_OK;
}

/* Moves min forward to the first non-empty bucket; the queue is not empty. */
static ar_bucketq_bucket *first_bucket(ar_bucketq *q)
{
    while (q->buckets[q->min].len == q->buckets[q->min].head)
        q->min++;
    return &q->buckets[q->min];
}

int ar_bucketq_pop(ar_bucketq *q, uint32_t *id, uint32_t *priority)
{
    ar_bucketq_bucket *b;
    if (q->size == 0)
        return 0;
    b = first_bucket(q);
    if (q->order == AR_BUCKETQ_FIFO) {
        *id = b->items[b->head++];
        if (b->head == b->len)
            b->head = b->len = 0;
    } else {
        *id = b->items[--b->len];
    }
    if (priority)
        *priority = (uint32_t)q->min;
    q->size--;
    return 1;
}

int ar_bucketq_peek(ar_bucketq *q, uint32_t *priority)
{
    if (q->size == 0)
        return 0;
    first_bucket(q);
    if (priority)
        *priority = (uint32_t)q->min;
    return 1;
}

/* ---- two levels: f major, h minor ---- */

void ar_bucketq2_init(ar_bucketq2 *q, ar_mem *mem, ar_bucketq_order order)
{
    memset(q, 0, sizeof *q);
    q->mem = mem;
    q->order = order;
}

void ar_bucketq2_free(ar_bucketq2 *q)
{
    size_t i;
    for (i = 0; i < q->nlevels; i++)
        ar_bucketq_free(&q->levels[i]);
    if (q->levels)
        ar_mem_free(q->mem, q->levels, q->nlevels * sizeof *q->levels);
    ar_bucketq2_init(q, q->mem, q->order);
}

void ar_bucketq2_clear(ar_bucketq2 *q)
{
    size_t i;
    for (i = 0; i < q->nlevels; i++)
        ar_bucketq_clear(&q->levels[i]);
    q->min = 0;
    q->size = 0;
}

ar_status ar_bucketq2_push(ar_bucketq2 *q, uint32_t id, uint32_t f, uint32_t h, ar_error *err)
{
    ar_status st;
    if (f >= q->nlevels) {
        size_t old = q->nlevels, i;
        void *array = q->levels;
        st = grow_array(q->mem, &array, &q->nlevels, (size_t)f + 1, sizeof *q->levels,
                        "bucket queue", err);
        if (st != AR_OK)
            return st;
        q->levels = array;
        for (i = old; i < q->nlevels; i++)
            ar_bucketq_init(&q->levels[i], q->mem, q->order);
    }
    st = ar_bucketq_push(&q->levels[f], id, h, err);
    if (st != AR_OK)
        return st;
    if (q->size == 0 || f < q->min)
        q->min = f;
    q->size++;
    return AR_OK;
}

static ar_bucketq *first_level(ar_bucketq2 *q)
{
    while (q->levels[q->min].size == 0)
        q->min++;
    return &q->levels[q->min];
}

int ar_bucketq2_pop(ar_bucketq2 *q, uint32_t *id, uint32_t *f, uint32_t *h)
{
    uint32_t hv;
    if (q->size == 0)
        return 0;
    ar_bucketq_pop(first_level(q), id, &hv);
    if (f)
        *f = (uint32_t)q->min;
    if (h)
        *h = hv;
    q->size--;
    return 1;
}

int ar_bucketq2_peek(ar_bucketq2 *q, uint32_t *f, uint32_t *h)
{
    uint32_t hv;
    if (q->size == 0)
        return 0;
    ar_bucketq_peek(first_level(q), &hv);
    if (f)
        *f = (uint32_t)q->min;
    if (h)
        *h = hv;
    return 1;
}
