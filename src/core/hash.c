/* hash.c — hashing that needs no tables (hash.h): a byte-string hash for
 * packed states and fixed Zobrist keys computed on demand. */
#include "ariadne/hash.h"

#include <string.h>

/* A 64-bit hash of a byte string: 8 bytes at a time with a multiply-xorshift
 * mix (in the spirit of wyhash/xxhash, written here); good enough spread for
 * open addressing on packed states. */
uint64_t ar_hash_bytes(const void *data, size_t size)
{
    const unsigned char *p = data;
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (size * 0xFF51AFD7ED558CCDull);
    while (size >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h ^= w * 0xC2B2AE3D27D4EB4Full;
        h = (h << 31 | h >> 33) * 0x9E3779B97F4A7C15ull;
        p += 8;
        size -= 8;
    }
    if (size) {
        uint64_t w = 0;
        memcpy(&w, p, size);
        h ^= w * 0xC2B2AE3D27D4EB4Full;
        h = (h << 31 | h >> 33) * 0x9E3779B97F4A7C15ull;
    }
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 29;
    return h;
}

uint64_t ar_zobrist(uint64_t salt, uint64_t index)
{
    /* splitmix64 of a mix of both numbers: fixed, well spread, no table. */
    uint64_t z = salt * 0xD1B54A32D192ED03ull + index * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

