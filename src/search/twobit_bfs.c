/* bfs2.c — two-bit breadth-first search over a dense state space
 * (include/ariadne/bfs2.h), multi-threaded.
 *
 * The table holds 32 entries per 64-bit word: 0 unseen, 3 old (expanded), and
 * 1/2 for current and next, whose roles swap with the parity of the level. A
 * level is one sweep over the words; workers take chunks of words from a
 * shared counter. In a word, the entries equal to the current code are found
 * with a few bit operations, turned old with one atomic OR, and expanded: each
 * unseen neighbour is set to the next code with a compare-and-swap on its
 * word, so exactly one thread claims it and counts it (weighted by its orbit
 * when the space ranks symmetry classes). Old entries stay old, so a sweep
 * never needs a relabelling pass; the search ends with the first level that
 * finds nothing new.
 *
 * Memory: count/4 bytes through ar_mem (refused with a clear message when it
 * does not fit), plus a small scratch per thread. The work per level is a
 * sequential scan of the table (cheap: whole words without a current entry
 * are skipped) plus the expansions, whose neighbours are random accesses; see
 * the domains' docs (docs/puzzles/) for measured rates. */
#include "ariadne/bfs2.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/timer.h"

#define LOW_BITS 0x5555555555555555ull
#define CHUNK_WORDS 1024u
#define BATCH 512u        /* neighbours gathered (and prefetched) before they are claimed */ /* 32768 entries: the unit of work sharing and limit checks */

typedef struct shared {
    const ar_bfs2_space *sp;
    const ar_bfs2_options *o;
    _Atomic uint64_t *words;
    uint64_t nwords;
    unsigned level;          /* the depth being expanded */
    unsigned ccode, ncode;   /* codes of current and next at this level */
    atomic_uint_fast64_t next_chunk;
    atomic_int stop;         /* an ar_stop_reason, AR_STOP_NONE while running */
    atomic_uint_fast64_t expanded; /* ranks expanded so far, all levels (progress) */
    double started;
} shared;

typedef struct worker {
    shared *sh;
    unsigned id;
    void *scratch;
    uint64_t found_ranks, found_states; /* claimed at this level */
    uint64_t min_rank;                  /* smallest rank expanded at this level */
    unsigned blen;                      /* neighbours waiting in batch */
    uint64_t batch[BATCH + AR_BFS2_MAX_NEIGHBOURS];
} worker;

void ar_bfs2_options_init(ar_bfs2_options *o)
{
    memset(o, 0, sizeof *o);
    o->threads = 1;
    o->what = "two-bit BFS";
}

size_t ar_bfs2_table_bytes(uint64_t count)
{
    uint64_t words = count / 32 + (count % 32 != 0);
    if (count == 0 || words > (uint64_t)SIZE_MAX / 8)
        return 0;
    return (size_t)(words * 8);
}

static unsigned entry_of(shared *sh, uint64_t r)
{
    uint64_t w = atomic_load_explicit(&sh->words[r >> 5], memory_order_relaxed);
    return (unsigned)(w >> ((r & 31u) * 2u)) & 3u;
}

/* Claims rank t for the next level if it is unseen; returns 1 when this call
 * set it. A failed compare-and-swap reloads the word and looks again, since
 * another thread may have claimed t or a different entry of the same word. */
static int claim(shared *sh, uint64_t t)
{
    _Atomic uint64_t *p = &sh->words[t >> 5];
    unsigned off = (unsigned)(t & 31u) * 2u;
    uint64_t v = atomic_load_explicit(p, memory_order_relaxed);
    for (;;) {
        if ((v >> off) & 3u)
            return 0;
        if (atomic_compare_exchange_weak_explicit(p, &v, v | ((uint64_t)sh->ncode << off),
                                                  memory_order_relaxed, memory_order_relaxed))
            return 1;
    }
}

/* Claims the neighbours gathered in the batch. They were prefetched when
 * they were generated, so by now most of their words are in the cache: the
 * random accesses of a level overlap instead of waiting one by one. */
static void flush(worker *wk)
{
    shared *sh = wk->sh;
    const ar_bfs2_space *sp = sh->sp;
    unsigned i;
    uint8_t depth = (uint8_t)(sh->level + 1 < 255u ? sh->level + 1 : 255u);
    for (i = 0; i < wk->blen; i++) {
        uint64_t t = wk->batch[i];
        if (!claim(sh, t))
            continue;
        wk->found_ranks++;
        wk->found_states += sp->orbit ? sp->orbit(sp->ctx, t, wk->scratch) : 1u;
        if (sh->o->depths) /* only the claiming thread writes t's byte */
            sh->o->depths[t] = depth;
    }
    wk->blen = 0;
}

static void expand(worker *wk, uint64_t r)
{
    shared *sh = wk->sh;
    const ar_bfs2_space *sp = sh->sp;
    uint64_t *out = wk->batch + wk->blen;
    unsigned n, i;
    if (r < wk->min_rank)
        wk->min_rank = r;
    n = (sh->o->backward && sp->predecessors) ? sp->predecessors(sp->ctx, r, wk->scratch, out)
                                               : sp->successors(sp->ctx, r, wk->scratch, out);
    for (i = 0; i < n; i++)
        __builtin_prefetch((const void *)&sh->words[out[i] >> 5], 1, 0);
    wk->blen += n;
    if (wk->blen > BATCH)
        flush(wk);
}

/* Checks the limits between chunks; thread 0 also reports progress. */
static void poll_limits(worker *wk)
{
    shared *sh = wk->sh;
    const ar_bfs2_options *o = sh->o;
    if (o->interrupt && *o->interrupt)
        atomic_store(&sh->stop, (int)AR_STOP_INTERRUPT);
    else if (o->time_limit > 0 && ar_now() - sh->started > o->time_limit)
        atomic_store(&sh->stop, (int)AR_STOP_TIME);
    if (wk->id == 0 && o->progress) {
        char detail[96];
        snprintf(detail, sizeof detail, "%s, depth %u", o->what ? o->what : "two-bit BFS",
                 sh->level);
        ar_progress_update(o->progress, (uint64_t)atomic_load(&sh->expanded), sh->sp->count,
                           "states", detail);
    }
}

static void *work(void *arg)
{
    worker *wk = arg;
    shared *sh = wk->sh;
    uint64_t pattern = (uint64_t)sh->ccode * LOW_BITS;
    for (;;) {
        uint64_t chunk, w, end, done = 0;
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed) != (int)AR_STOP_NONE)
            break;
        chunk = (uint64_t)atomic_fetch_add(&sh->next_chunk, 1);
        if (chunk * CHUNK_WORDS >= sh->nwords)
            break;
        w = chunk * CHUNK_WORDS;
        end = w + CHUNK_WORDS < sh->nwords ? w + CHUNK_WORDS : sh->nwords;
        for (; w < end; w++) {
            uint64_t word = atomic_load_explicit(&sh->words[w], memory_order_relaxed);
            uint64_t x = word ^ pattern;
            uint64_t z = ~(x | (x >> 1)) & LOW_BITS; /* low bit of each entry equal to ccode */
            if (!z)
                continue;
            /* Current entries become old before they are expanded: no other
             * thread looks for current entries in this word, and setting both
             * bits of a 1 or a 2 gives 3 whatever else changes meanwhile. */
            atomic_fetch_or_explicit(&sh->words[w], z | (z << 1), memory_order_relaxed);
            while (z) {
                unsigned bit = (unsigned)__builtin_ctzll(z);
                z &= z - 1;
                expand(wk, w * 32 + bit / 2);
                done++;
            }
        }
        flush(wk);
        atomic_fetch_add(&sh->expanded, done);
        poll_limits(wk);
    }
    return NULL;
}

static void push_layer(ar_bfs2_result *r, unsigned *cap, uint64_t states, uint64_t ranks)
{
    if (r->levels == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        r->layer_states = ar_xrealloc(r->layer_states, *cap * sizeof *r->layer_states);
        r->layer_ranks = ar_xrealloc(r->layer_ranks, *cap * sizeof *r->layer_ranks);
    }
    r->layer_states[r->levels] = states;
    r->layer_ranks[r->levels] = ranks;
    r->levels++;
    r->total_states += states;
    r->total_ranks += ranks;
}

ar_status ar_bfs2_run(const ar_bfs2_space *sp, const ar_bfs2_options *o, ar_bfs2_result *res,
                      ar_error *err)
{
    shared sh;
    worker *wk;
    pthread_t tids[AR_BFS2_MAX_THREADS];
    unsigned nthreads = o->threads ? o->threads : 1, i, cap = 0;
    size_t bytes;
    uint64_t start_states = 0, start_ranks = 0;
    char nb[32], ub[32], lb[32];
    const char *what = o->what ? o->what : "two-bit BFS";
    ar_status st = AR_OK;

    memset(res, 0, sizeof *res);
    res->farthest = UINT64_MAX;
    if (!sp->successors || sp->count == 0)
        return ar_error_set(err, AR_ERR_INTERNAL, "%s: the state space has no successors or no states",
                            what);
    if (nthreads > AR_BFS2_MAX_THREADS)
        return ar_error_set(err, AR_ERR_INPUT, "%s: %u threads (at most %u)", what, nthreads,
                            AR_BFS2_MAX_THREADS);
    if (!o->starts || o->start_count == 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s: no start state", what);
    for (i = 0; i < o->start_count; i++)
        if (o->starts[i] >= sp->count)
            return ar_error_set(err, AR_ERR_INPUT, "%s: start rank %" PRIu64 " is out of range",
                                what, o->starts[i]);
    for (i = 0; i < o->target_count; i++)
        if (o->targets[i] >= sp->count)
            return ar_error_set(err, AR_ERR_INPUT, "%s: target rank %" PRIu64 " is out of range",
                                what, o->targets[i]);
    bytes = ar_bfs2_table_bytes(sp->count);
    if (bytes == 0)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "%s: %" PRIu64 " states is too many to address",
                            what, sp->count);
    if (ar_physical_memory() && bytes > ar_physical_memory()) /* never, whatever the limit */
        return ar_error_set(err, AR_ERR_INPUT,
                            "%s: the table of %" PRIu64 " states needs %s (2 bits each), more than this "
                            "machine's memory (%s): search a smaller space",
                            what, sp->count, ar_format_bytes(bytes, nb, sizeof nb),
                            ar_format_bytes(ar_physical_memory(), lb, sizeof lb));
    if (o->mem && !ar_mem_fits(o->mem, bytes))
        return ar_error_set(err, AR_ERR_MEMORY,
                            "%s: the table of %" PRIu64 " states needs %s (2 bits each), more than "
                            "the memory limit allows (%s of %s in use); raise parameter memory-limit or "
                            "search a smaller space",
                            what, sp->count, ar_format_bytes(bytes, nb, sizeof nb),
                            ar_format_bytes(o->mem->used, ub, sizeof ub),
                            o->mem->limit ? ar_format_bytes(o->mem->limit, lb, sizeof lb) : "no limit");

    memset(&sh, 0, sizeof sh);
    sh.sp = sp;
    sh.o = o;
    sh.nwords = bytes / 8;
    sh.started = ar_now();
    atomic_init(&sh.stop, (int)AR_STOP_NONE);
    atomic_init(&sh.expanded, 0);
    atomic_init(&sh.next_chunk, 0);
    sh.words = ar_mem_alloc(o->mem, bytes, 1, "the two-bit BFS table", err);
    if (!sh.words)
        return err ? err->status : AR_ERR_MEMORY;
    wk = ar_xcalloc(nthreads, sizeof *wk);
    for (i = 0; i < nthreads; i++) {
        wk[i].sh = &sh;
        wk[i].id = i;
        wk[i].scratch = ar_xmalloc(sp->scratch_size ? sp->scratch_size : 1);
    }
    res->threads = nthreads;
    res->table_bytes = bytes;
    res->target_depths = ar_xmalloc((o->target_count ? o->target_count : 1) * sizeof(unsigned));
    for (i = 0; i < o->target_count; i++)
        res->target_depths[i] = AR_BFS2_NO_DEPTH;
    if (o->depths)
        memset(o->depths, AR_BFS2_UNREACHED, (size_t)sp->count);

    /* Level 0: the starts are current (code 1). */
    sh.ncode = 1;
    for (i = 0; i < o->start_count; i++) {
        if (claim(&sh, o->starts[i])) {
            start_ranks++;
            start_states += sp->orbit ? sp->orbit(sp->ctx, o->starts[i], wk[0].scratch) : 1u;
            if (o->depths)
                o->depths[o->starts[i]] = 0;
        }
    }
    push_layer(res, &cap, start_states, start_ranks);
    for (i = 0; i < o->target_count; i++)
        if (entry_of(&sh, o->targets[i]) == 1)
            res->target_depths[i] = 0;

    for (sh.level = 0;; sh.level++) {
        uint64_t found_ranks = 0, found_states = 0, min_rank = UINT64_MAX;
        unsigned started = 1, t;
        sh.ccode = 1u + (sh.level & 1u);
        sh.ncode = 3u - sh.ccode;
        atomic_store(&sh.next_chunk, 0);
        for (i = 0; i < nthreads; i++) {
            wk[i].found_ranks = wk[i].found_states = 0;
            wk[i].min_rank = UINT64_MAX;
        }
        for (i = 1; i < nthreads; i++) {
            if (pthread_create(&tids[i], NULL, work, &wk[i]) != 0)
                break;
            started++;
        }
        work(&wk[0]);
        for (i = 1; i < started; i++)
            pthread_join(tids[i], NULL);
        for (i = 0; i < nthreads; i++) {
            found_ranks += wk[i].found_ranks;
            found_states += wk[i].found_states;
            if (wk[i].min_rank < min_rank)
                min_rank = wk[i].min_rank;
        }
        t = (unsigned)atomic_load(&sh.stop);
        if (t != AR_STOP_NONE) {
            /* Depths 0..level are complete; level+1 was being discovered. */
            res->stop = (ar_stop_reason)t;
            break;
        }
        res->farthest = min_rank;
        if (found_ranks == 0) {
            res->complete = 1;
            break;
        }
        push_layer(res, &cap, found_states, found_ranks);
        for (i = 0; i < o->target_count; i++)
            if (res->target_depths[i] == AR_BFS2_NO_DEPTH &&
                entry_of(&sh, o->targets[i]) == sh.ncode)
                res->target_depths[i] = sh.level + 1;
        if (sh.level + 1 == UINT32_MAX - 1) {
            st = ar_error_set(err, AR_ERR_UNSUPPORTED, "%s: more than 2^32 levels", what);
            break;
        }
    }
    if (!res->complete) {
        /* The last layer pushed may be incomplete only if the stop came while
         * discovering it, and it was pushed only after a complete level; the
         * counted layers are exact. The farthest rank is unknown. */
        res->farthest = UINT64_MAX;
    }
    res->max_depth = res->levels - 1;
    res->seconds = ar_now() - sh.started;
    if (o->progress)
        ar_progress_finish(o->progress);
    for (i = 0; i < nthreads; i++)
        free(wk[i].scratch);
    free(wk);
    ar_mem_free(o->mem, (void *)sh.words, bytes);
    if (st != AR_OK)
        ar_bfs2_result_free(res);
    return st;
}

void ar_bfs2_result_free(ar_bfs2_result *r)
{
    free(r->layer_states);
    free(r->layer_ranks);
    free(r->target_depths);
    memset(r, 0, sizeof *r);
}
