/* statestore.c — the packed state registry behind BFS, A* and beam search.
 *
 * States are appended to one growing array; the hash table keeps the load
 * factor at most 1/2 so linear probing stays short. The table stores a 32-bit
 * fingerprint from the hash's high half next to each id, so most mismatches are
 * rejected without touching the state bytes (and without a cache miss). */
#include "ariadne/statestore.h"

#include <string.h>

static size_t slot_index(uint64_t hash, size_t mask) { return (size_t)(hash & mask); }
static uint32_t fingerprint(uint64_t hash) { return (uint32_t)(hash >> 32); }

ar_status ar_store_init(ar_state_store *st, size_t state_size, ar_state_hash_fn hash,
                        const void *hash_ctx, ar_mem *mem, ar_error *err)
{
    memset(st, 0, sizeof *st);
    st->mem = mem;
    st->state_size = state_size ? state_size : 1;
    st->hash = hash;
    st->hash_ctx = hash_ctx;
    st->capacity = 1024;
    st->slot_count = 2048;
    st->states = ar_mem_alloc(mem, (size_t)st->capacity * st->state_size, 0, "state store", err);
    if (!st->states)
        return AR_ERR_MEMORY;
    st->slots = ar_mem_alloc(mem, st->slot_count * sizeof *st->slots, 1, "state hash table", err);
    if (!st->slots) {
        ar_mem_free(mem, st->states, (size_t)st->capacity * st->state_size);
        st->states = NULL;
        return AR_ERR_MEMORY;
    }
    return AR_OK;
}

void ar_store_free(ar_state_store *st)
{
    ar_mem_free(st->mem, st->states, (size_t)st->capacity * st->state_size);
    ar_mem_free(st->mem, st->slots, st->slot_count * sizeof *st->slots);
    st->states = NULL;
    st->slots = NULL;
    st->count = 0;
}

size_t ar_store_bytes(const ar_state_store *st)
{
    return (size_t)st->capacity * st->state_size + st->slot_count * sizeof *st->slots;
}

static ar_status grow_table(ar_state_store *st, ar_error *err)
{
    size_t new_count = st->slot_count * 2, mask = new_count - 1, i;
    uint64_t *slots = ar_mem_alloc(st->mem, new_count * sizeof *slots, 1, "state hash table", err);
    if (!slots)
        return AR_ERR_MEMORY;
    for (i = 0; i < st->slot_count; i++) {
        uint64_t e = st->slots[i];
        uint32_t id;
        uint64_t h;
        size_t j;
        if (!e)
            continue;
        id = (uint32_t)(e & 0xFFFFFFFFu) - 1;
        h = st->hash(st->hash_ctx, ar_store_state(st, id));
        j = slot_index(h, mask);
        while (slots[j])
            j = (j + 1) & mask;
        slots[j] = e;
    }
    ar_mem_free(st->mem, st->slots, st->slot_count * sizeof *st->slots);
    st->slots = slots;
    st->slot_count = new_count;
    return AR_OK;
}

static ar_status grow_states(ar_state_store *st, ar_error *err)
{
    uint64_t want = (uint64_t)st->capacity * 2;
    unsigned char *p;
    if (want > AR_STORE_MAX_STATES)
        want = AR_STORE_MAX_STATES;
    if (want <= st->capacity)
        return ar_error_set(err, AR_ERR_MEMORY, "state store is full (%u states)", st->capacity);
    p = ar_mem_realloc(st->mem, st->states, (size_t)st->capacity * st->state_size,
                       (size_t)want * st->state_size, "state store", err);
    if (!p)
        return AR_ERR_MEMORY;
    st->states = p;
    st->capacity = (uint32_t)want;
    return AR_OK;
}

uint32_t ar_store_find(const ar_state_store *st, const void *state, uint64_t hash)
{
    size_t mask = st->slot_count - 1, j = slot_index(hash, mask);
    uint32_t fp = fingerprint(hash);
    for (;;) {
        uint64_t e = st->slots[j];
        if (!e)
            return UINT32_MAX;
        if ((uint32_t)(e >> 32) == fp) {
            uint32_t id = (uint32_t)(e & 0xFFFFFFFFu) - 1;
            if (memcmp(ar_store_state(st, id), state, st->state_size) == 0)
                return id;
        }
        j = (j + 1) & mask;
    }
}

ar_status ar_store_insert(ar_state_store *st, const void *state, uint64_t hash, uint32_t *id,
                          int *is_new, ar_error *err)
{
    size_t mask = st->slot_count - 1, j = slot_index(hash, mask);
    uint32_t fp = fingerprint(hash);
    for (;;) {
        uint64_t e = st->slots[j];
        if (!e)
            break;
        if ((uint32_t)(e >> 32) == fp) {
            uint32_t found = (uint32_t)(e & 0xFFFFFFFFu) - 1;
            if (memcmp(ar_store_state(st, found), state, st->state_size) == 0) {
                *id = found;
                *is_new = 0;
                return AR_OK;
            }
        }
        j = (j + 1) & mask;
    }
    if (st->count >= AR_STORE_MAX_STATES)
        return ar_error_set(err, AR_ERR_MEMORY, "state store is full (%u states)", st->count);
    if (st->count == st->capacity) {
        ar_status s = grow_states(st, err);
        if (s != AR_OK)
            return s;
    }
    if ((size_t)(st->count + 1) * 2 > st->slot_count) {
        ar_status s = grow_table(st, err);
        if (s != AR_OK)
            return s;
        mask = st->slot_count - 1;
        j = slot_index(hash, mask);
        while (st->slots[j])
            j = (j + 1) & mask;
    }
    memcpy(st->states + (size_t)st->count * st->state_size, state, st->state_size);
    st->slots[j] = (uint64_t)fp << 32 | (uint64_t)(st->count + 1);
    *id = st->count++;
    *is_new = 1;
    return AR_OK;
}
