/* ariadne/statestore.h — packed states with integer ids, deduplicated by an
 * open-addressing hash table (as Fast Downward's state registry).
 *
 * All states live back to back in one array (state_size bytes each) and are
 * named by a dense uint32 id, so per-state data (g, parent, move) are plain side
 * arrays indexed by id. The table holds (32-bit fingerprint, id) pairs with
 * linear probing; bytes are compared only when fingerprints agree. Memory comes
 * from an ar_mem, so a full store fails with AR_ERR_MEMORY, never a crash.
 *
 *     ar_state_store st;
 *     ar_store_init(&st, size, hash_fn, ctx, &mem, &err);
 *     uint32_t id; int fresh;
 *     if (ar_store_insert(&st, state, hash_fn(ctx, state), &id, &fresh, &err) != AR_OK) ...
 *     const void *s = ar_store_state(&st, id);
 *     ar_store_free(&st);
 */
#ifndef ARIADNE_STATESTORE_H
#define ARIADNE_STATESTORE_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/memory.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t (*ar_state_hash_fn)(const void *ctx, const void *state);

typedef struct ar_state_store {
    ar_mem *mem;
    size_t state_size;
    ar_state_hash_fn hash;
    const void *hash_ctx;
    unsigned char *states; /* count * state_size bytes */
    uint32_t count;
    uint32_t capacity;     /* states the array can hold */
    uint64_t *slots;       /* fingerprint << 32 | (id + 1); 0 = empty */
    size_t slot_count;     /* a power of two */
} ar_state_store;

#define AR_STORE_MAX_STATES 0xFFFFFFF0u

ar_status ar_store_init(ar_state_store *st, size_t state_size, ar_state_hash_fn hash,
                        const void *hash_ctx, ar_mem *mem, ar_error *err);
void ar_store_free(ar_state_store *st);

/* Finds state (whose hash is `hash`) or adds it. *id receives its id and
 * *is_new whether it was added. */
ar_status ar_store_insert(ar_state_store *st, const void *state, uint64_t hash, uint32_t *id,
                          int *is_new, ar_error *err);

/* The id of state, or UINT32_MAX when absent. */
uint32_t ar_store_find(const ar_state_store *st, const void *state, uint64_t hash);

static inline const void *ar_store_state(const ar_state_store *st, uint32_t id)
{
    return st->states + (size_t)id * st->state_size;
}

/* Bytes in use by the store (states and table). */
size_t ar_store_bytes(const ar_state_store *st);

#ifdef __cplusplus
}
#endif
#endif
