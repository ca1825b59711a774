/* tt.c — the transposition table of the alpha-beta engine.
 *
 * The entry layout, replacement policy and threading caveat are documented
 * bit by bit in include/ariadne/gamesearch.h next to the API; this file is
 * the implementation: buckets of four 16-byte entries, a power-of-two number
 * of buckets indexed by the low bits of the key, full 64-bit keys stored for
 * verification. Memory comes from the caller's ar_mem, so --memory-limit
 * covers the table. */
#include "ariadne/gamesearch.h"

#include <stdlib.h>
#include <string.h>

#define BUCKET 4

typedef struct tt_slot {
    uint64_t key;
    uint64_t data;
} tt_slot;

struct ar_tt {
    tt_slot *slots;
    size_t buckets; /* power of two */
    size_t bytes;
    unsigned generation; /* 0..63 */
    ar_mem *mem;
};

/* data word fields */
#define D_SCORE(d) ((ar_score)(int16_t)(uint16_t)((d)&0xFFFFu))
#define D_MOVE(d) ((unsigned)((d) >> 16 & 0xFFFFu))
#define D_DEPTH(d) ((int)((d) >> 32 & 0xFFu))
#define D_BOUND(d) ((int)((d) >> 40 & 3u))
#define D_HORIZON(d) ((int)((d) >> 42 & 1u))
#define D_GEN(d) ((unsigned)((d) >> 43 & 63u))

static uint64_t pack(ar_score score, unsigned move, int depth, int bound, int horizon, unsigned gen)
{
    return (uint64_t)(uint16_t)(int16_t)score | (uint64_t)(move & 0xFFFFu) << 16 |
           (uint64_t)(depth & 0xFF) << 32 | (uint64_t)(bound & 3) << 40 |
           (uint64_t)(horizon & 1) << 42 | (uint64_t)(gen & 63u) << 43;
}

ar_status ar_tt_create(size_t bytes, ar_mem *mem, ar_tt **out, ar_error *err)
{
    ar_tt *tt;
    size_t buckets = 1;
    *out = NULL;
    while (buckets * 2 * BUCKET * sizeof(tt_slot) <= bytes)
        buckets *= 2;
    tt = ar_xcalloc(1, sizeof *tt);
    tt->mem = mem;
    tt->buckets = buckets;
    tt->bytes = buckets * BUCKET * sizeof(tt_slot);
    tt->slots = ar_mem_alloc(mem, tt->bytes, 1, "transposition table", err);
    if (!tt->slots) {
        free(tt);
        return AR_ERR_MEMORY;
    }
    *out = tt;
    return AR_OK;
}

void ar_tt_destroy(ar_tt *tt)
{
    if (!tt)
        return;
    ar_mem_free(tt->mem, tt->slots, tt->bytes);
    free(tt);
}

void ar_tt_clear(ar_tt *tt)
{
    memset(tt->slots, 0, tt->bytes);
    tt->generation = 0;
}

void ar_tt_new_search(ar_tt *tt) { tt->generation = (tt->generation + 1) & 63u; }

/* An empty slot has key 0 and data 0; a real position with hash 0 is stored
 * with a nonzero data word (its bound is never 0), so it is still found. */
int ar_tt_probe(const ar_tt *tt, uint64_t key, ar_tt_entry *out)
{
    const tt_slot *b = tt->slots + (key & (tt->buckets - 1)) * BUCKET;
    int i;
    for (i = 0; i < BUCKET; i++)
        if (b[i].key == key && b[i].data) {
            uint64_t d = b[i].data;
            out->score = D_SCORE(d);
            out->move_index = D_MOVE(d);
            out->depth = D_DEPTH(d);
            out->bound = D_BOUND(d);
            out->horizon = D_HORIZON(d);
            return 1;
        }
    return 0;
}

void ar_tt_store(ar_tt *tt, uint64_t key, ar_score score, int bound, int depth,
                 unsigned move_index, int horizon)
{
    tt_slot *b = tt->slots + (key & (tt->buckets - 1)) * BUCKET, *victim = NULL;
    int i, worst = 1 << 30;
    if (depth > 255)
        depth = 255;
    if (depth < 0)
        depth = 0;
    for (i = 0; i < BUCKET; i++)
        if (b[i].key == key && b[i].data) {
            uint64_t d = b[i].data;
            /* Keep a deeper exact result rather than overwrite it with a bound. */
            if (bound != AR_BOUND_EXACT && D_BOUND(d) == AR_BOUND_EXACT && D_DEPTH(d) > depth)
                return;
            if (move_index == 0xFFFFu)
                move_index = D_MOVE(d); /* keep the old best move when there is no new one */
            victim = &b[i];
            break;
        }
    if (!victim)
        for (i = 0; i < BUCKET; i++) {
            int worth;
            if (!b[i].data) {
                victim = &b[i];
                break;
            }
            worth = D_DEPTH(b[i].data) - 8 * (int)((tt->generation - D_GEN(b[i].data)) & 63u);
            if (worth < worst) {
                worst = worth;
                victim = &b[i];
            }
        }
    victim->key = key;
    victim->data = pack(score, move_index, depth, bound, horizon, tt->generation);
}

size_t ar_tt_capacity(const ar_tt *tt) { return tt->buckets * BUCKET; }

size_t ar_tt_bytes(const ar_tt *tt) { return tt->bytes; }

unsigned ar_tt_permille(const ar_tt *tt)
{
    size_t i, n = tt->buckets * BUCKET < 1000 ? tt->buckets * BUCKET : 1000, used = 0;
    for (i = 0; i < n; i++)
        used += tt->slots[i].data && D_GEN(tt->slots[i].data) == tt->generation;
    return n ? (unsigned)(used * 1000 / n) : 0;
}
