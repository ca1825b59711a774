/* test_containers.c — the state store (open-addressing hash set of packed
 * states with dense ids) and the binary heap, against plain reference
 * structures: random inserts and lookups, growth, memory-limit failure, and
 * heap order on random pushes and pops. */
#include <stdlib.h>
#include <string.h>

#include "ariadne/heap.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/statestore.h"
#include "check.h"

enum { STATE_BYTES = 12 };

static uint64_t hash_fn(const void *ctx, const void *state)
{
    (void)ctx;
    return ar_hash_bytes(state, STATE_BYTES);
}

/* A deliberately bad hash: every state collides, so probing and the
 * fingerprint-then-bytes comparison are exercised on every lookup. */
static uint64_t bad_hash(const void *ctx, const void *state)
{
    (void)ctx;
    (void)state;
    return 42;
}

static void make_state(unsigned char *s, uint64_t key)
{
    memset(s, 0, STATE_BYTES);
    memcpy(s, &key, sizeof key);
    s[8] = (unsigned char)(key * 7);
}

static void test_store(ar_state_hash_fn fn, uint64_t keys, uint64_t range)
{
    ar_mem mem;
    ar_state_store st;
    ar_error err;
    ar_rng rng;
    uint32_t *id_of = calloc((size_t)range, sizeof *id_of); /* reference: key -> id + 1 */
    unsigned char s[STATE_BYTES];
    uint64_t i;
    int ok = 1;
    ar_mem_init(&mem, 0);
    CHECK(ar_store_init(&st, STATE_BYTES, fn, NULL, &mem, &err) == AR_OK);
    ar_rng_seed(&rng, 99);
    for (i = 0; i < keys; i++) {
        uint64_t key = ar_rng_below(&rng, range);
        uint32_t id;
        int fresh;
        make_state(s, key);
        if (ar_store_insert(&st, s, fn(NULL, s), &id, &fresh, &err) != AR_OK) {
            ok = 0;
            break;
        }
        if (fresh != (id_of[key] == 0) || (!fresh && id != id_of[key] - 1))
            ok = 0;
        if (fresh) {
            if (id != st.count - 1)
                ok = 0;
            id_of[key] = id + 1;
        }
    }
    CHECK(ok);
    ok = 1;
    for (i = 0; i < range; i++) {
        uint32_t found;
        make_state(s, i);
        found = ar_store_find(&st, s, fn(NULL, s));
        if (id_of[i] ? found != id_of[i] - 1 : found != UINT32_MAX)
            ok = 0;
        if (id_of[i] && memcmp(ar_store_state(&st, id_of[i] - 1), s, STATE_BYTES) != 0)
            ok = 0;
    }
    CHECK(ok);
    CHECK(mem.used == ar_store_bytes(&st));
    ar_store_free(&st);
    CHECK_EQ_U(mem.used, 0);
    free(id_of);
}

static void test_store_limit(void)
{
    ar_mem mem;
    ar_state_store st;
    ar_error err;
    unsigned char s[STATE_BYTES];
    uint64_t i;
    ar_status status = AR_OK;
    ar_mem_init(&mem, 200 * 1024);
    CHECK(ar_store_init(&st, STATE_BYTES, hash_fn, NULL, &mem, &err) == AR_OK);
    for (i = 0; i < 1000000 && status == AR_OK; i++) {
        uint32_t id;
        int fresh;
        make_state(s, i);
        status = ar_store_insert(&st, s, hash_fn(NULL, s), &id, &fresh, &err);
    }
    CHECK(status == AR_ERR_MEMORY);
    CHECK(strstr(err.message, "memory limit") != NULL);
    CHECK(mem.peak <= 200 * 1024);
    /* the store is still usable after a refused growth */
    make_state(s, 0);
    CHECK(ar_store_find(&st, s, hash_fn(NULL, s)) == 0);
    ar_store_free(&st);
}

static int entry_cmp(const void *a, const void *b)
{
    const ar_heap_entry *x = a, *y = b;
    if (x->priority != y->priority)
        return x->priority < y->priority ? -1 : 1;
    return x->tie < y->tie ? -1 : x->tie > y->tie;
}

static void test_heap(void)
{
    ar_mem mem;
    ar_heap h;
    ar_error err;
    ar_rng rng;
    enum { N = 20000 };
    ar_heap_entry *ref = malloc(sizeof *ref * N), e;
    size_t i, popped = 0;
    int ok = 1;
    ar_mem_init(&mem, 0);
    ar_heap_init(&h, &mem);
    ar_rng_seed(&rng, 7);
    CHECK(ar_heap_peek(&h) == NULL);
    for (i = 0; i < N; i++) {
        ref[i].priority = (double)ar_rng_below(&rng, 500);
        ref[i].tie = ar_rng_below(&rng, 1u << 20) << 20 | i; /* distinct ties: a total order */
        ref[i].id = (uint32_t)i;
        ref[i].aux = (uint32_t)(i * 3);
        CHECK(ar_heap_push(&h, ref[i], &err) == AR_OK);
    }
    qsort(ref, N, sizeof *ref, entry_cmp);
    CHECK(ar_heap_peek(&h) != NULL && ar_heap_peek(&h)->id == ref[0].id);
    while (ar_heap_pop(&h, &e)) {
        if (popped >= N || e.id != ref[popped].id || e.aux != ref[popped].aux)
            ok = 0;
        popped++;
    }
    CHECK(ok);
    CHECK_EQ_U(popped, N);
    ar_heap_free(&h);
    CHECK_EQ_U(mem.used, 0);
    /* a heap refused by the memory limit reports it */
    ar_mem_init(&mem, 1024);
    ar_heap_init(&h, &mem);
    e.priority = 1;
    e.tie = 0;
    e.id = 0;
    e.aux = 0;
    CHECK(ar_heap_push(&h, e, &err) == AR_ERR_MEMORY);
    ar_heap_free(&h);
    free(ref);
}

int main(void)
{
    test_store(hash_fn, 200000, 100000);
    test_store(bad_hash, 3000, 2000);
    test_store_limit();
    test_heap();
    return check_report("test_containers");
}
