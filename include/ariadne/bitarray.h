/* ariadne/bitarray.h — packed arrays of 2-, 4- or 8-bit entries: the tables of
 * breadth-first search over dense state spaces (2 bits: unseen / frontier /
 * next / closed) and of pattern databases (4 or 8 bits: a distance per
 * abstract state). Memory through ar_mem, so --memory-limit is honoured.
 *
 *     ar_bitarray t;
 *     if (ar_bitarray_init(&t, n_states, 2, 3, &mem, &err) != AR_OK) return err.status;
 *     ar_bitarray_set(&t, start_index, 0);
 *     if (ar_bitarray_get(&t, i) == 3) ...              // hot loops: both are inline
 *     uint64_t closed = ar_bitarray_count(&t, 1);
 *     ar_bitarray_free(&t);
 *
 * Layout (part of the pattern-database file format, so it never changes):
 * entry i occupies bits (i*bits) % 8 .. (i*bits) % 8 + bits-1 of byte
 * i*bits/8, low bits first; e.g. with 2 bits, entry 0 is bits 0-1 of byte 0 and
 * entry 3 is bits 6-7. Unused bits of the last byte are kept at the fill value
 * but never counted. The layout does not depend on the machine's byte order. */
#ifndef ARIADNE_BITARRAY_H
#define ARIADNE_BITARRAY_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/memory.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most entries one array may hold (2^40: 256 GiB at 2 bits). */
#define AR_BITARRAY_MAX_COUNT ((uint64_t)1 << 40)

typedef struct ar_bitarray {
    uint8_t *data;
    uint64_t count;   /* number of entries */
    size_t bytes;     /* size of data in bytes */
    unsigned bits;    /* bits per entry: 2, 4 or 8 */
    unsigned shift;   /* log2 of entries per byte: 2, 1 or 0 */
    unsigned mask;    /* (1 << bits) - 1 */
    int owned;        /* data was allocated by ar_bitarray_init (else a view) */
    ar_mem *mem;      /* the accounting it was allocated against (may be NULL) */
} ar_bitarray;

/* Bytes needed for count entries of the given width (0 for a bad width or a
 * count above AR_BITARRAY_MAX_COUNT); for estimates before building. */
size_t ar_bitarray_bytes_for(uint64_t count, unsigned bits);

/* Allocates count entries of `bits` (2, 4 or 8) bits, every entry set to
 * fill (taken modulo 2^bits). Fails with AR_ERR_UNSUPPORTED for another width
 * or a count above AR_BITARRAY_MAX_COUNT, and AR_ERR_MEMORY when the table does
 * not fit under mem's limit; *ba is then zeroed and needs no free. */
ar_status ar_bitarray_init(ar_bitarray *ba, uint64_t count, unsigned bits, unsigned fill,
                           ar_mem *mem, ar_error *err);

/* Makes *ba a view of caller-owned data of ar_bitarray_bytes_for(count, bits)
 * bytes (e.g. a memory-mapped pattern database); ar_bitarray_free does not
 * release it. */
ar_status ar_bitarray_view(ar_bitarray *ba, void *data, uint64_t count, unsigned bits,
                           ar_error *err);

/* Releases the table (if owned) and zeroes *ba; safe on a zeroed struct. */
void ar_bitarray_free(ar_bitarray *ba);

/* Sets every entry to value (modulo 2^bits). */
void ar_bitarray_fill(ar_bitarray *ba, unsigned value);

/* The number of entries equal to value (modulo 2^bits). */
uint64_t ar_bitarray_count(const ar_bitarray *ba, unsigned value);

/* Entry i (i < count; not checked). */
static inline unsigned ar_bitarray_get(const ar_bitarray *ba, uint64_t i)
{
    unsigned off = (unsigned)(i << (3 - ba->shift)) & 7u; /* (i * bits) % 8 */
    return ((unsigned)ba->data[i >> ba->shift] >> off) & ba->mask;
}

/* Sets entry i (i < count; not checked) to value; bits of value above the
 * entry width are ignored. */
static inline void ar_bitarray_set(ar_bitarray *ba, uint64_t i, unsigned value)
{
    unsigned off = (unsigned)(i << (3 - ba->shift)) & 7u;
    uint8_t *p = &ba->data[i >> ba->shift];
    *p = (uint8_t)(((unsigned)*p & ~(ba->mask << off)) | ((value & ba->mask) << off));
}

#ifdef __cplusplus
}
#endif
#endif
