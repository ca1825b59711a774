/* tiles_pdb_build.c — the fast builder of the blank-aware sliding-tile
 * pattern databases (boards without Loyd's transport), run on every core.
 *
 * The generic builder (pattern_db.c) searches states "placement of the
 * pattern's tiles + the blank's region" one at a time, each a rank of its own,
 * and sweeps a 2-bit table over all of them at every layer: an 8-tile
 * pattern of the 15-puzzle is 4.2 billion such states and took 18-24 minutes
 * on one core. Here the state is the placement alone, and what the search
 * knows of the blank is a mask of the cells it has reached, per placement:
 * two masks, A and B, packed into one word, whose bits per cell code
 * unseen (00), closed (11) and "reached at an even / odd layer" (A only / B
 * only). A layer d expands the placements holding bits of its own parity:
 * for each pattern tile next to one of those cells, the tile steps into it,
 * and the blank's new region (flooded from the cell the tile left) is OR-ed
 * into the new placement's word with the other parity's code — only the bits
 * still unseen. Every move of a pattern tile costs one and moves of other
 * tiles are free inside a region, so this is the same breadth-first search as
 * the generic one and writes the same table, bit for bit (tests/test_pdb.c
 * compares them). During a layer only one of the two masks is ever written
 * (closing sets it as well), so threads need only an atomic OR on the word,
 * and the placement's entry is written by the thread that owns its chunk
 * (chunks are a multiple of 64 placements, so two threads never share a byte
 * of the 4-bit table). A byte per chunk says which chunks hold the next
 * layer, so sparse layers skip the untouched chunks.
 *
 * Entries are the distance less the pattern's Manhattan distance, halved and
 * capped at 15, as the generic builder writes them (include/ariadne/pdb.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include "tiles_board.h"

#include <pthread.h>
#include <sys/mman.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ariadne/timer.h"

#define CHUNK 4096u          /* placements per unit of work (a multiple of 64) */
#define MAX_THREADS 64u
#define MAX_SUCC (4u * AR_TILES_MAX_PATTERN_TILES)

typedef struct shared {
    const ar_tiles_pattern *pt;
    const ar_tiles_model *m;
    const ar_pdb_build_options *o;
    uint64_t count, chunks;
    unsigned half;                  /* bits per mask when packed: 16 or 32 */
    _Atomic uint32_t *w32;          /* packed A | B << 16 (boards of up to 16 cells) */
    _Atomic uint64_t *w64;          /* packed A | B << 32 (up to 32 cells) */
    _Atomic uint64_t *wa, *wb;      /* A and B apart (up to 64 cells) */
    void *marks;                    /* the one allocation holding them */
    _Atomic uint8_t *active[2];     /* chunk holds states of layer parity 0 / 1 */
    ar_bitarray *table;
    unsigned depth;
    atomic_uint_fast64_t next_chunk;
    atomic_uint_fast64_t reached;   /* placements with an entry */
    atomic_uint_fast64_t capped;
    atomic_int any_next, stop;
    atomic_uint max_entry;
} shared;

/* The A and B masks of placement p. */
static inline void load_marks(const shared *s, uint64_t p, uint64_t *a, uint64_t *b)
{
    uint64_t w;
    if (s->wa) {
        *a = atomic_load_explicit(&s->wa[p], memory_order_relaxed);
        *b = atomic_load_explicit(&s->wb[p], memory_order_relaxed);
        return;
    }
    w = s->w32 ? atomic_load_explicit(&s->w32[p], memory_order_relaxed)
               : atomic_load_explicit(&s->w64[p], memory_order_relaxed);
    *a = w & (((uint64_t)1 << s->half) - 1);
    *b = w >> s->half;
}

/* ORs bits into placement p's A mask (to_b = 0) or B mask (to_b = 1). */
static inline void or_marks(shared *s, uint64_t p, uint64_t bits, unsigned to_b)
{
    if (s->wa)
        atomic_fetch_or_explicit(to_b ? &s->wb[p] : &s->wa[p], bits, memory_order_relaxed);
    else if (s->w32)
        atomic_fetch_or_explicit(&s->w32[p], (uint32_t)(bits << (to_b ? s->half : 0)), memory_order_relaxed);
    else
        atomic_fetch_or_explicit(&s->w64[p], bits << (to_b ? s->half : 0), memory_order_relaxed);
}

static inline void prefetch_marks(const shared *s, uint64_t p)
{
    if (s->wa) {
        __builtin_prefetch(&s->wa[p], 1);
        __builtin_prefetch(&s->wb[p], 1);
    } else if (s->w32) {
        __builtin_prefetch(&s->w32[p], 1);
    } else {
        __builtin_prefetch(&s->w64[p], 1);
    }
}

/* Placement p as cells (where) and mixed-radix digits. */
static inline void unrank(const ar_tiles_pattern *pt, uint64_t p, uint8_t *where, unsigned *digit)
{
    uint64_t used = 0;
    unsigned i;
    for (i = 0; i < pt->k; i++) {
        uint64_t x;
        unsigned d = (unsigned)(p / pt->weight[i]), j;
        p -= (uint64_t)d * pt->weight[i];
        digit[i] = d;
        x = ~used;
        for (j = 0; j < d; j++)
            x &= x - 1;
        where[i] = (uint8_t)__builtin_ctzll(x);
        used |= (uint64_t)1 << where[i];
    }
}

/* Moves the digits and cells of a placement forward by delta placements
 * (mixed-radix addition from the last digit, whose radix is the number of
 * cells the others leave); only the cells from the first changed digit on
 * are selected again. The scan visits placements in order, so this replaces
 * the divisions of a full unrank by a few additions. */
static inline void advance(const ar_tiles_pattern *pt, uint64_t delta, uint8_t *where, unsigned *digit)
{
    unsigned n = pt->model->n, i = pt->k - 1, j;
    uint64_t carry = delta, used = 0;
    for (;;) {
        uint64_t v = digit[i] + carry, radix = n - i;
        if (v < radix) {
            digit[i] = (unsigned)v;
            break;
        }
        if (v < 2 * radix) {
            digit[i] = (unsigned)(v - radix);
            carry = 1;
        } else {
            digit[i] = (unsigned)(v % radix);
            carry = v / radix;
        }
        if (i == 0)
            break; /* past the last placement: not reached by the scan */
        i--;
    }
    for (j = 0; j < i; j++)
        used |= (uint64_t)1 << where[j];
    for (j = i; j < pt->k; j++) {
        uint64_t x = ~used;
        unsigned t;
        for (t = 0; t < digit[j]; t++)
            x &= x - 1;
        where[j] = (uint8_t)__builtin_ctzll(x);
        used |= (uint64_t)1 << where[j];
    }
}

/* Successors wait in a ring between their prefetch and their test, so the
 * misses of a table of gigabytes overlap across placements (a successor
 * only adds marks of the next layer, so processing it later in the layer
 * changes nothing). RING is a power of two. */
#define RING 32u

typedef struct pending {
    uint64_t rank, free;    /* the successor and its free cells */
    unsigned left;          /* the cell the tile left: in the blank's new region */
} pending;

typedef struct ring {
    pending slot[RING];
    unsigned head, size;
} ring;

/* Tests a successor: a region is marked whole or not at all, so the cell
 * the tile left says whether the successor's region is seen; only an unseen
 * one is flooded and marked. */
static void settle(shared *s, const pending *e, unsigned next_shift)
{
    uint64_t a, b, seen, fresh;
    load_marks(s, e->rank, &a, &b);
    seen = a | b;
    _Atomic uint8_t *flag;
    if (seen >> e->left & 1)
        return;
    fresh = ar_tiles_flood(s->m, (uint64_t)1 << e->left, e->free) & ~seen;
    or_marks(s, e->rank, fresh, next_shift);
    flag = &s->active[(s->depth + 1) & 1][e->rank / CHUNK];
    if (!atomic_load_explicit(flag, memory_order_relaxed))
        atomic_store_explicit(flag, 1, memory_order_relaxed);
    if (!atomic_load_explicit(&s->any_next, memory_order_relaxed))
        atomic_store_explicit(&s->any_next, 1, memory_order_relaxed);
}

static void drain(shared *s, ring *q, unsigned next_shift)
{
    while (q->size) {
        settle(s, &q->slot[q->head], next_shift);
        q->head = (q->head + 1) & (RING - 1);
        q->size--;
    }
}

/* Expands placement p's states of the current layer (cells `cur`): each
 * successor is prefetched and queued; the oldest in the ring is tested. */
static void expand(shared *s, ring *q, uint64_t p, const uint8_t *where, const unsigned *digit,
                   uint64_t cur, unsigned next_shift)
{
    const ar_tiles_pattern *pt = s->pt;
    const ar_tiles_model *m = s->m;
    unsigned i, j, d;
    uint64_t occ = 0, below = 0, full = m->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << m->n) - 1);
    for (i = 0; i < pt->k; i++)
        occ |= (uint64_t)1 << where[i];
    for (i = 0; i < pt->k; i++) {
        unsigned c = where[i];
        for (d = 0; d < 4; d++) {
            int to = m->nb[c][d];
            uint64_t r2;
            unsigned nd;
            pending *e;
            if (to < 0 || !(cur >> to & 1))
                continue;
            /* Tile i steps from c to `to`: its digit counts `to` among the
             * cells earlier tiles leave free; a later tile's digit loses one
             * if `to` is below it now and gains one if c was. */
            nd = (unsigned)to - ar_tiles_popcount64(below & (((uint64_t)1 << to) - 1));
            r2 = p + ((uint64_t)nd - digit[i]) * pt->weight[i];
            for (j = i + 1; j < pt->k; j++)
                r2 = r2 + (uint64_t)(c < where[j]) * pt->weight[j] -
                     (uint64_t)((unsigned)to < where[j]) * pt->weight[j];
            prefetch_marks(s, r2);
            if (q->size == RING) {
                settle(s, &q->slot[q->head], next_shift);
                q->head = (q->head + 1) & (RING - 1);
                q->size--;
            }
            e = &q->slot[(q->head + q->size++) & (RING - 1)];
            e->rank = r2;
            e->left = c;
            e->free = (full & ~occ & ~((uint64_t)1 << to)) | (uint64_t)1 << c;
        }
        below |= (uint64_t)1 << c;
    }
}

/* Writes the entry of placement p, first reached at the current layer. */
static void write_entry(shared *s, uint64_t p, const uint8_t *where, unsigned *max_entry,
                        uint64_t *capped)
{
    const ar_tiles_pattern *pt = s->pt;
    unsigned i, base = 0, e;
    for (i = 0; i < pt->k; i++)
        base += s->m->dist[pt->labels[i]][where[i]];
    e = (s->depth - base) / 2;
    if (e > s->table->mask) {
        e = s->table->mask;
        (*capped)++;
    }
    if (e > *max_entry)
        *max_entry = e;
    ar_bitarray_set(s->table, p, e);
}

static void *worker(void *arg)
{
    shared *s = arg;
    unsigned par = s->depth & 1, next_shift = par ? 0 : 1; /* the mask this layer writes: 1 = B */
    uint64_t reached = 0, capped = 0, last;
    unsigned max_entry = 0, digit[AR_TILES_MAX_PATTERN_TILES];
    uint8_t where[AR_TILES_MAX_PATTERN_TILES];
    ring pend = {.size = 0};
    for (;;) {
        uint64_t c = atomic_fetch_add(&s->next_chunk, 1), p, end;
        if (c >= s->chunks || atomic_load_explicit(&s->stop, memory_order_relaxed))
            break;
        if (!atomic_load_explicit(&s->active[par][c], memory_order_relaxed))
            continue;
        atomic_store_explicit(&s->active[par][c], 0, memory_order_relaxed);
        end = (c + 1) * CHUNK < s->count ? (c + 1) * CHUNK : s->count;
        last = UINT64_MAX;
        for (p = c * CHUNK; p < end; p++) {
            uint64_t a, b, cur;
            load_marks(s, p, &a, &b);
            cur = par ? b & ~a : a & ~b;
            if (!cur)
                continue;
            if (last == UINT64_MAX)
                unrank(s->pt, p, where, digit);
            else
                advance(s->pt, p - last, where, digit);
            last = p;
            if (!(a & b)) { /* nothing closed yet: this layer reaches p first */
                write_entry(s, p, where, &max_entry, &capped);
                reached++;
            }
            or_marks(s, p, cur, next_shift); /* closed: both codes */
            expand(s, &pend, p, where, digit, cur, next_shift);
        }
        drain(s, &pend, next_shift);
    }
    atomic_fetch_add(&s->reached, reached);
    atomic_fetch_add(&s->capped, capped);
    {
        unsigned old = atomic_load(&s->max_entry);
        while (max_entry > old && !atomic_compare_exchange_weak(&s->max_entry, &old, max_entry))
            ;
    }
    return NULL;
}

/* Bytes of marks per placement: A and B packed in 32 or 64 bits, or two
 * 64-bit masks above 32 cells. */
static size_t mark_bytes(unsigned cells) { return cells <= 16 ? 4 : cells <= 32 ? 8 : 16; }

/* The marks: gigabytes read at random, so on huge pages where the system
 * allows (a TLB miss per successor otherwise); zero-filled by the kernel. */
static void *alloc_marks(ar_mem *mem, size_t bytes, ar_error *err)
{
    char nb[32];
    void *p;
    if (mem && !ar_mem_fits(mem, bytes)) {
        ar_error_set(err, AR_ERR_MEMORY, "pattern database marks need %s, more than the memory limit leaves",
                     ar_format_bytes(bytes, nb, sizeof nb));
        return NULL;
    }
    p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        ar_error_set(err, AR_ERR_MEMORY, "out of memory for the pattern database marks (%s)",
                     ar_format_bytes(bytes, nb, sizeof nb));
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    if (mem) {
        mem->used += bytes;
        if (mem->used > mem->peak)
            mem->peak = mem->used;
    }
    return p;
}

static void free_marks(ar_mem *mem, void *p, size_t bytes)
{
    if (!p)
        return;
    munmap(p, bytes);
    if (mem)
        mem->used -= bytes < mem->used ? bytes : mem->used;
}

unsigned ar_tiles_build_threads(unsigned requested)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned t = requested ? requested : n > 0 ? (unsigned)n : 1u;
    return t > MAX_THREADS ? MAX_THREADS : t;
}

size_t ar_tiles_region_build_bytes(const ar_tiles_pattern *pt)
{
    uint64_t count = pt->abs.stored_count, chunks = (count + CHUNK - 1) / CHUNK;
    size_t word = mark_bytes(pt->model->n);
    return (size_t)count * word + 2 * (size_t)chunks + ar_bitarray_bytes_for(count, pt->abs.bits);
}

ar_status ar_tiles_region_build(const ar_pdb_abstraction *a, const ar_pdb_build_options *o,
                                ar_pdb *out, ar_error *err)
{
    const ar_tiles_pattern *pt = a->ctx;
    const ar_tiles_model *m = pt->model;
    shared *s;
    pthread_t tids[MAX_THREADS];
    unsigned nthreads = ar_tiles_build_threads(o->threads), t, started;
    size_t wbytes;
    uint8_t goal[AR_TILES_MAX_PATTERN_TILES];
    uint64_t g, free_cells, full;
    double start = ar_now();
    ar_status st = AR_OK;
    char detail[80];

    if (m->n > 64 || m->transport)
        return ar_error_set(err, AR_ERR_INTERNAL, "the region builder needs a board of at most 64 cells "
                                                  "without the transport");
    s = calloc(1, sizeof *s);
    if (!s)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory starting a pattern database build");
    s->pt = pt;
    s->m = m;
    s->o = o;
    s->count = a->stored_count;
    s->chunks = (s->count + CHUNK - 1) / CHUNK;
    s->half = m->n <= 16 ? 16 : 32;
    wbytes = (size_t)s->count * mark_bytes(m->n);
    if (!(s->marks = alloc_marks(o->mem, wbytes, err))) {
        free(s);
        return AR_ERR_MEMORY;
    }
    if (m->n <= 16)
        s->w32 = s->marks;
    else if (m->n <= 32)
        s->w64 = s->marks;
    else {
        s->wa = s->marks;
        s->wb = s->wa + s->count;
    }
    s->active[0] = calloc(ar_xsize(s->chunks), 1);
    s->active[1] = calloc(ar_xsize(s->chunks), 1);
    if (!s->active[0] || !s->active[1] ||
        (st = ar_bitarray_init(&out->table, s->count, a->bits, 0, o->mem, err)) != AR_OK) {
        if (st == AR_OK)
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory starting a pattern database build");
        goto done;
    }
    s->table = &out->table;
    out->mem = o->mem;

    /* Layer 0: the goal placement with the blank's goal region. */
    memcpy(goal, pt->labels, pt->k);
    full = m->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << m->n) - 1);
    free_cells = full;
    for (t = 0; t < pt->k; t++)
        free_cells &= ~((uint64_t)1 << goal[t]);
    g = ar_tiles_rank_of(pt, goal);
    or_marks(s, g, ar_tiles_flood(m, (uint64_t)1 << m->blank, free_cells), 0);
    atomic_store(&s->active[0][g / CHUNK], 1);

    for (s->depth = 0;; s->depth++) {
        atomic_store(&s->next_chunk, 0);
        atomic_store(&s->any_next, 0);
        for (started = 0; started < nthreads; started++)
            if (pthread_create(&tids[started], NULL, worker, s) != 0)
                break;
        if (started == 0)
            worker(s);
        for (t = 0; t < started; t++)
            pthread_join(tids[t], NULL);
        if (o->progress) {
            snprintf(detail, sizeof detail, "pattern database %.40s, depth %u", a->pattern, s->depth);
            ar_progress_update(o->progress, atomic_load(&s->reached), s->count, "entries", detail);
        }
        if (o->interrupt && *o->interrupt) {
            st = ar_error_set(err, AR_ERR_LIMIT, "pattern database build interrupted");
            goto done;
        }
        if (o->time_limit > 0 && ar_now() - start > o->time_limit) {
            st = ar_error_set(err, AR_ERR_LIMIT, "pattern database build stopped by the time limit");
            goto done;
        }
        if (!atomic_load(&s->any_next))
            break;
    }
    out->header.version = AR_PDB_FORMAT_VERSION;
    out->header.bits = a->bits;
    out->header.step = a->step;
    out->header.count = s->count;
    out->header.data_bytes = out->table.bytes;
    out->header.capped = atomic_load(&s->capped);
    out->header.unreached = s->count - atomic_load(&s->reached);
    out->header.max_distance = s->depth;
    out->header.max_entry = atomic_load(&s->max_entry);
    out->header.build_seconds = ar_now() - start;

done:
    free_marks(o->mem, s->marks, wbytes);
    free(s->active[0]);
    free(s->active[1]);
    free(s);
    if (st != AR_OK)
        ar_bitarray_free(&out->table);
    if (o->progress)
        ar_progress_finish(o->progress);
    return st;
}
