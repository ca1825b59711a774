/* ariadne/heap.h — a binary min-heap of (priority, tie-break, id) entries: the
 * open list of the best-first engine when priorities are not small integers
 * (weighted A* with a fractional weight). Memory through ar_mem.
 *
 *     ar_heap h; ar_heap_init(&h, &mem);
 *     ar_heap_push(&h, (ar_heap_entry){f, tie, id, g}, &err);
 *     ar_heap_entry e; while (ar_heap_pop(&h, &e)) ...
 *     ar_heap_free(&h);
 */
#ifndef ARIADNE_HEAP_H
#define ARIADNE_HEAP_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/memory.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_heap_entry {
    double priority;   /* smaller first */
    uint64_t tie;      /* then smaller tie first */
    uint32_t id;
    uint32_t aux;      /* carried along (e.g. the g value at push time) */
} ar_heap_entry;

typedef struct ar_heap {
    ar_mem *mem;
    ar_heap_entry *items;
    size_t count;
    size_t capacity;
} ar_heap;

void ar_heap_init(ar_heap *h, ar_mem *mem);
void ar_heap_free(ar_heap *h);
ar_status ar_heap_push(ar_heap *h, ar_heap_entry e, ar_error *err);
/* Removes the smallest entry into *out; returns 0 when empty. */
int ar_heap_pop(ar_heap *h, ar_heap_entry *out);
/* The smallest entry without removing it; NULL when empty. */
const ar_heap_entry *ar_heap_peek(const ar_heap *h);

#ifdef __cplusplus
}
#endif
#endif
