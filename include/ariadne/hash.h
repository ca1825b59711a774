/* ariadne/hash.h — hashing that needs no tables: a 64-bit hash of a byte
 * string (states whose domain has no hash slot) and Zobrist keys computed on
 * demand (games hash positions with them, so they keep no mutable tables). */
#ifndef ARIADNE_HASH_H
#define ARIADNE_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Hash of size bytes, as used when a domain's hash slot is NULL. */
uint64_t ar_hash_bytes(const void *data, size_t size);

/* Zobrist key number `index` of table `salt`: a fixed pseudo-random 64-bit
 * number (splitmix64 of the pair). */
uint64_t ar_zobrist(uint64_t salt, uint64_t index);

#ifdef __cplusplus
}
#endif
#endif
