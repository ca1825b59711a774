/* ariadne/memory.h — the one allocation wrapper, with accounting against a limit.
 *
 * Every large allocation of a search (state stores, hash tables, open lists,
 * pattern databases) goes through an ar_mem so that --memory-limit is honoured
 * by refusing an allocation with a clear message instead of being OOM-killed.
 * An ar_mem is owned by one search; it is not thread-safe by itself. */
#ifndef ARIADNE_MEMORY_H
#define ARIADNE_MEMORY_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_mem {
    size_t limit;   /* bytes; 0 means no limit */
    size_t used;    /* bytes currently allocated through this ar_mem */
    size_t peak;    /* the largest value `used` has had */
} ar_mem;

/* Initialises accounting with the given limit in bytes (0 = unlimited). */
void ar_mem_init(ar_mem *mem, size_t limit);

/* Allocates size bytes (zeroed when zero is set). On failure returns NULL and
 * fills err with AR_ERR_MEMORY naming `what`, the request and the limit. A NULL
 * mem allocates without accounting. */
void *ar_mem_alloc(ar_mem *mem, size_t size, int zero, const char *what, ar_error *err);

/* Resizes a block from old_size to new_size bytes; on failure the old block
 * is left intact and NULL is returned with err filled in. */
void *ar_mem_realloc(ar_mem *mem, void *ptr, size_t old_size, size_t new_size,
                     const char *what, ar_error *err);

/* Frees a block of the given size (size must be what was allocated). */
void ar_mem_free(ar_mem *mem, void *ptr, size_t size);

/* True when `extra` more bytes would still fit under the limit. */
int ar_mem_fits(const ar_mem *mem, size_t extra);

/* The usable physical memory of this machine in bytes (0 if unknown); the CLI
 * uses half of it, at most 8 GiB, as the default limit
 * (ar_default_memory_limit in limits.h). */
size_t ar_physical_memory(void);

/* Parses a size such as "512M", "2G", "1.5GiB", "4096" (bytes). Returns AR_OK
 * or AR_ERR_INPUT with a message. */
ar_status ar_parse_size(const char *text, size_t *bytes, ar_error *err);

/* Formats a byte count for people ("1.5 GiB") into buf. */
const char *ar_format_bytes(size_t bytes, char *buf, size_t size);

/* Checked malloc for small bookkeeping outside any search: aborts the process
 * with a message only if the C library itself is out of memory. */
void *ar_xmalloc(size_t size);
void *ar_xcalloc(size_t count, size_t size);
void *ar_xrealloc(void *ptr, size_t size);
char *ar_xstrdup(const char *text);
/* A 64-bit count or byte size as size_t, for the same bookkeeping: on a
 * platform whose size_t is 32 bits (WebAssembly) a size past it cannot be
 * allocated, so it is the same out-of-memory stop rather than a silently
 * truncated size. */
size_t ar_xsize(uint64_t n);

#ifdef __cplusplus
}
#endif
#endif
