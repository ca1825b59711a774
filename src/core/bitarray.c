/* bitarray.c — allocation, fill and counting for packed 2/4/8-bit tables.
 *
 * The per-entry get/set live in the header as static inline functions because
 * breadth-first search and pattern-database builds call them billions of
 * times; this file holds the whole-table operations, which work a byte at a
 * time rather than an entry at a time. */
#include "ariadne/bitarray.h"

#include <string.h>

/* log2(entries per byte) for a width, or -1 when the width is not supported. */
static int shift_for(unsigned bits)
{
    switch (bits) {
    case 2: return 2;
    case 4: return 1;
    case 8: return 0;
    default: return -1;
    }
}

size_t ar_bitarray_bytes_for(uint64_t count, unsigned bits)
{
    uint64_t bytes;
    if (shift_for(bits) < 0 || count > AR_BITARRAY_MAX_COUNT)
        return 0;
    /* count <= 2^40 and bits <= 8, so count * bits cannot overflow. */
    bytes = (count * bits + 7) / 8;
    if (bytes > SIZE_MAX)
        return 0;
    return (size_t)bytes;
}

/* The byte whose every entry holds value. */
static uint8_t byte_of(unsigned bits, unsigned value)
{
    switch (bits) {
    case 2: return (uint8_t)((value & 3u) * 0x55u);
    case 4: return (uint8_t)((value & 15u) * 0x11u);
    default: return (uint8_t)value;
    }
}

static ar_status check_shape(uint64_t count, unsigned bits, ar_error *err)
{
    if (shift_for(bits) < 0)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "bit array: entries of %u bits are not supported (use 2, 4 or 8)",
                            bits);
    if (count > AR_BITARRAY_MAX_COUNT)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "bit array: %llu entries is more than the 2^40 supported",
                            (unsigned long long)count);
    if (ar_bitarray_bytes_for(count, bits) == 0 && count > 0)
        return ar_error_set(err, AR_ERR_MEMORY,
                            "bit array: %llu entries of %u bits cannot be addressed on this machine",
                            (unsigned long long)count, bits);
    return AR_OK;
}

static void set_shape(ar_bitarray *ba, uint64_t count, unsigned bits)
{
    ba->count = count;
    ba->bits = bits;
    ba->shift = (unsigned)shift_for(bits);
    ba->mask = (1u << bits) - 1u;
    ba->bytes = ar_bitarray_bytes_for(count, bits);
}

ar_status ar_bitarray_init(ar_bitarray *ba, uint64_t count, unsigned bits, unsigned fill,
                           ar_mem *mem, ar_error *err)
{
    ar_status st;
    memset(ba, 0, sizeof *ba);
    st = check_shape(count, bits, err);
    if (st != AR_OK)
        return st;
    set_shape(ba, count, bits);
    /* A zeroed allocation is cheaper (calloc can hand out fresh pages) and is
     * already the fill when fill is 0. */
    ba->data = ar_mem_alloc(mem, ba->bytes, fill == 0 || byte_of(bits, fill) == 0,
                            "bit array", err);
    if (!ba->data) {
        memset(ba, 0, sizeof *ba);
        return AR_ERR_MEMORY;
    }
    ba->owned = 1;
    ba->mem = mem;
    if (byte_of(bits, fill) != 0)
        memset(ba->data, byte_of(bits, fill), ba->bytes);
    return AR_OK;
}

ar_status ar_bitarray_view(ar_bitarray *ba, void *data, uint64_t count, unsigned bits,
                           ar_error *err)
{
    ar_status st;
    memset(ba, 0, sizeof *ba);
    st = check_shape(count, bits, err);
    if (st != AR_OK)
        return st;
    if (!data && count > 0)
        return ar_error_set(err, AR_ERR_INTERNAL, "bit array: view of %llu entries has no data",
                            (unsigned long long)count);
    set_shape(ba, count, bits);
    ba->data = data;
    return AR_OK;
}

void ar_bitarray_free(ar_bitarray *ba)
{
    if (!ba)
        return;
    if (ba->owned)
        ar_mem_free(ba->mem, ba->data, ba->bytes);
    memset(ba, 0, sizeof *ba);
}

void ar_bitarray_fill(ar_bitarray *ba, unsigned value)
{
    if (ba->data && ba->bytes)
        memset(ba->data, byte_of(ba->bits, value), ba->bytes);
}

uint64_t ar_bitarray_count(const ar_bitarray *ba, unsigned value)
{
    /* Count whole bytes through a 256-entry table of "entries in this byte
     * equal to value" (built here, so there is no global state), then the
     * entries of the last, partly used byte one by one. */
    uint8_t table[256];
    uint64_t full_bytes, total = 0, i;
    unsigned per_byte, b, k;
    if (!ba->data || ba->count == 0)
        return 0;
    value &= ba->mask;
    per_byte = 1u << ba->shift;
    if (ba->bits == 8) {
        for (i = 0; i < ba->count; i++)
            total += ba->data[i] == value;
        return total;
    }
    for (b = 0; b < 256; b++) {
        unsigned n = 0;
        for (k = 0; k < per_byte; k++)
            n += ((b >> (k * ba->bits)) & ba->mask) == value;
        table[b] = (uint8_t)n;
    }
    full_bytes = ba->count >> ba->shift;
    for (i = 0; i < full_bytes; i++)
        total += table[ba->data[i]];
    for (i = full_bytes << ba->shift; i < ba->count; i++)
        total += ar_bitarray_get(ba, i) == value;
    return total;
}
