/* heap.c — binary min-heap for best-first search open lists. */
#include "ariadne/heap.h"

static int before(const ar_heap_entry *a, const ar_heap_entry *b)
{
    if (a->priority != b->priority)
        return a->priority < b->priority;
    return a->tie < b->tie;
}

void ar_heap_init(ar_heap *h, ar_mem *mem)
{
    h->mem = mem;
    h->items = NULL;
    h->count = 0;
    h->capacity = 0;
}

void ar_heap_free(ar_heap *h)
{
    ar_mem_free(h->mem, h->items, h->capacity * sizeof *h->items);
    h->items = NULL;
    h->count = h->capacity = 0;
}

ar_status ar_heap_push(ar_heap *h, ar_heap_entry e, ar_error *err)
{
    size_t i;
    if (h->count == h->capacity) {
        size_t cap = h->capacity ? h->capacity * 2 : 256;
        ar_heap_entry *p = ar_mem_realloc(h->mem, h->items, h->capacity * sizeof *p, cap * sizeof *p,
                                          "open list", err);
        if (!p)
            return AR_ERR_MEMORY;
        h->items = p;
        h->capacity = cap;
    }
    i = h->count++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!before(&e, &h->items[parent]))
            break;
        h->items[i] = h->items[parent];
        i = parent;
    }
    h->items[i] = e;
    return AR_OK;
}

int ar_heap_pop(ar_heap *h, ar_heap_entry *out)
{
    ar_heap_entry last;
    size_t i = 0;
    if (h->count == 0)
        return 0;
    *out = h->items[0];
    last = h->items[--h->count];
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= h->count)
            break;
        if (child + 1 < h->count && before(&h->items[child + 1], &h->items[child]))
            child++;
        if (!before(&h->items[child], &last))
            break;
        h->items[i] = h->items[child];
        i = child;
    }
    if (h->count)
        h->items[i] = last;
    return 1;
}

const ar_heap_entry *ar_heap_peek(const ar_heap *h) { return h->count ? &h->items[0] : NULL; }
