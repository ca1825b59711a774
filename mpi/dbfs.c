/* dbfs.c — the distributed two-bit breadth-first search: the dense state
 * space of a domain's bfs2 provider (include/ariadne/bfs2.h) split across
 * ranks by rank range, as in Korf's large breadth-first searches.
 *
 * The ranks are cut into blocks of B states (a multiple of 32, so a word of
 * the table never straddles two blocks), dealt out round robin: block b
 * belongs to process b mod P. By default B is N/P rounded up, one range per
 * process, which keeps most moves inside a process (in rankings where the
 * pieces that move most often are the low digits); --block B deals smaller blocks, which
 * spreads each level's states more evenly over the processes (the first
 * levels of a range partition all lie in the first ranges) at the price of
 * more moves crossing between them. Each process holds two bits for each of
 * its states: unseen, current, next, old, with current and next swapping
 * every level as in the single-machine search (twobit_bfs.c). A level is one
 * sweep of each rank over its own words: each current entry becomes old and
 * is expanded; a neighbour the rank owns is claimed at once, the others are
 * appended to a batch for their owner (as 32-bit offsets into the owner's
 * range when the range allows, else 64-bit ranks) and claimed on arrival.
 * The level ends with the drain of dist.h (every rank sends END after its
 * last batch and reads until it has everyone's), so every state of the next
 * level is claimed on its owner before one reduction adds up the level's
 * counts. Counts are orbit-weighted when the provider ranks symmetry classes,
 * exactly as `ariadne bfs` counts them.
 *
 * Before the first level every rank states its part of the table; the run is
 * refused, on every rank with one message, when a rank's part does not fit
 * --memory-limit or the memory the node has available for its ranks. */
#include "dist.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/bfs2.h"
#include "ariadne/memory.h"
#include "ariadne/run.h"
#include "ariadne/timer.h"

#define LOW_BITS 0x5555555555555555ull
#define SERVICE_EVERY 4096u /* expansions between two looks at the messages */
#define PENDING 512u        /* local neighbours gathered (and prefetched) before they are claimed */

typedef struct dbfs {
    const ar_bfs2_space *sp;
    dist_comm c;
    dist_stats st;
    uint64_t block;             /* states per block; block b is process b mod P's */
    uint64_t n;                 /* states this process holds (whole blocks) */
    uint64_t *words;
    size_t nwords;
    unsigned ccode, ncode;
    int narrow;                 /* batches carry 32-bit offsets */
    uint64_t found_ranks, found_states, min_rank;
    void *scratch;
    uint64_t *nb;
    uint64_t pend[PENDING + AR_BFS2_MAX_NEIGHBOURS]; /* local offsets waiting to be claimed */
    unsigned npend;
    ar_progress *progress;      /* rank 0's, or NULL */
} dbfs;

static int owner_of(const dbfs *s, uint64_t r) { return (int)((r / s->block) % (uint64_t)s->c.size); }

/* The place of rank r in its owner's part of the table. */
static uint64_t local_of(const dbfs *s, uint64_t r)
{
    return r / s->block / (uint64_t)s->c.size * s->block + r % s->block;
}

/* The rank at place off of this process's part. */
static uint64_t global_of(const dbfs *s, uint64_t off)
{
    return (off / s->block * (uint64_t)s->c.size + (uint64_t)s->c.rank) * s->block + off % s->block;
}

/* Claims local rank r (an offset into this rank's range) for the next level. */
static void claim(dbfs *s, uint64_t off)
{
    uint64_t *w = &s->words[off >> 5];
    unsigned sh = (unsigned)(off & 31u) * 2u;
    if ((*w >> sh) & 3u) {
        s->st.duplicates++;
        return;
    }
    *w |= (uint64_t)s->ncode << sh;
    s->found_ranks++;
    s->found_states += s->sp->orbit ? s->sp->orbit(s->sp->ctx, global_of(s, off), s->scratch) : 1u;
}

/* Claims the local neighbours gathered so far: their words were prefetched
 * when they were generated, so the random accesses of a level overlap (as in
 * the single-machine search) instead of waiting one by one. */
static void claim_pending(dbfs *s)
{
    unsigned i;
    for (i = 0; i < s->npend; i++)
        claim(s, s->pend[i]);
    s->npend = 0;
}

static void take_batch(void *ctx, const dist_msg *m)
{
    dbfs *s = ctx;
    size_t i;
    if (m->tag != DIST_TAG_WORK)
        return;
    if (s->narrow) {
        for (i = 0; i + 4 <= m->len; i += 4) {
            uint32_t off;
            memcpy(&off, m->data + i, 4);
            s->st.received++;
            claim(s, off);
        }
    } else {
        for (i = 0; i + 8 <= m->len; i += 8) {
            uint64_t r;
            memcpy(&r, m->data + i, 8);
            s->st.received++;
            claim(s, local_of(s, r));
        }
    }
}

static void expand(dbfs *s, uint64_t r, int backward)
{
    unsigned n = backward && s->sp->predecessors ? s->sp->predecessors(s->sp->ctx, r, s->scratch, s->nb)
                                                 : s->sp->successors(s->sp->ctx, r, s->scratch, s->nb);
    unsigned i;
    if (r < s->min_rank)
        s->min_rank = r;
    s->st.expanded++;
    s->st.generated += n;
    for (i = 0; i < n; i++) {
        uint64_t t = s->nb[i];
        int to = owner_of(s, t);
        if (to == s->c.rank) {
            uint64_t off = local_of(s, t);
            s->st.local++;
            __builtin_prefetch(&s->words[off >> 5], 1, 0);
            s->pend[s->npend++] = off;
        } else if (s->narrow) {
            uint32_t off = (uint32_t)local_of(s, t);
            memcpy(dist_batch_append(&s->c, to, 4), &off, 4);
            s->st.sent++;
        } else {
            memcpy(dist_batch_append(&s->c, to, 8), &t, 8);
            s->st.sent++;
        }
    }
    if (s->npend >= PENDING)
        claim_pending(s);
}

/* One level: sweeps this rank's words; 1 when a limit stopped the sweep. */
static int sweep(dbfs *s, ar_run *run)
{
    uint64_t pattern = (uint64_t)s->ccode * LOW_BITS, since = 0;
    size_t w;
    dist_msg m;
    for (w = 0; w < s->nwords; w++) {
        uint64_t x = s->words[w] ^ pattern, z = ~(x | (x >> 1)) & LOW_BITS;
        if (!z)
            continue;
        s->words[w] |= z | (z << 1); /* current -> old before the expansions */
        while (z) {
            unsigned bit = (unsigned)__builtin_ctzll(z);
            z &= z - 1;
            expand(s, global_of(s, (uint64_t)w * 32u + bit / 2u), 0);
            if (++since >= SERVICE_EVERY) {
                since = 0;
                while (dist_receive(&s->c, &m))
                    take_batch(s, &m);
                run->res->expanded = s->st.expanded;
                if (ar_run_check_now(run)) {
                    claim_pending(s);
                    return 1;
                }
                dist_progress_tick(&s->c, s->st.expanded, s->st.generated, s->progress,
                                   "distributed two-bit BFS");
            }
        }
    }
    claim_pending(s);
    return 0;
}

/* The memory the node can give each of its ranks (MemAvailable / ranks on
 * the node), 0 when unknown. */
static uint64_t node_share(MPI_Comm comm)
{
    MPI_Comm node;
    int here = 1;
    uint64_t kb = 0;
    char line[256];
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemAvailable: %" SCNu64 " kB", &kb) == 1)
                break;
        fclose(f);
    }
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
        MPI_Comm_size(node, &here);
        MPI_Comm_free(&node);
    }
    return kb * 1024u / (uint64_t)(here > 0 ? here : 1);
}

ar_status dist_bfs(const ar_bfs2_space *sp, uint64_t start, uint64_t target, const dist_options *o,
                   ar_bfs2_result *res, dist_run_info *info, ar_error *err)
{
    dbfs s;
    ar_run run;
    ar_result local;
    ar_search_options lo = o->search;
    ar_status st = AR_OK;
    double t0 = ar_now();
    uint64_t words_total, target_depth = AR_BFS2_NO_DEPTH;
    size_t bytes;
    char b1[32], b2[32];
    memset(&s, 0, sizeof s);
    memset(res, 0, sizeof *res);
    s.sp = sp;
    s.progress = o->search.progress;
    dist_init(&s.c, MPI_COMM_WORLD, o->batch_bytes, &s.st);
    words_total = (sp->count + 31u) / 32u;
    s.block = o->block ? (o->block + 31u) / 32u * 32u
                       : (words_total + (uint64_t)s.c.size - 1u) / (uint64_t)s.c.size * 32u;
    {
        uint64_t blocks = (sp->count + s.block - 1u) / s.block, mine = 0;
        if (blocks > (uint64_t)s.c.rank)
            mine = (blocks - (uint64_t)s.c.rank + (uint64_t)s.c.size - 1u) / (uint64_t)s.c.size;
        s.n = mine * s.block;
        /* every process's part has at most as many blocks as process 0's */
        s.narrow = (blocks + (uint64_t)s.c.size - 1u) / (uint64_t)s.c.size * s.block <= ((uint64_t)1 << 32);
    }
    s.nwords = (size_t)(s.n / 32u);
    bytes = s.nwords * 8u;
    lo.progress = NULL;
    if (s.c.rank == 0) /* process 0's part is the largest */
        ar_progress_note(o->search.progress,
                         "mpi bfs: %" PRIu64 " states, %s of two-bit table per process on %d process%s "
                         "(blocks of %" PRIu64 " states)",
                         sp->count, ar_format_bytes(bytes, b1, sizeof b1), s.c.size, s.c.size == 1 ? "" : "es",
                         s.block);
    ar_result_init(&local);
    ar_run_begin(&run, &lo, &local);
    if (start >= sp->count || target >= sp->count)
        st = ar_error_set(err, AR_ERR_INPUT, "the start or goal rank is out of range");
    if (st == AR_OK && !ar_mem_fits(&run.mem, bytes))
        st = ar_error_set(err, AR_ERR_MEMORY,
                          "rank %d's part of the table needs %s, more than the memory "
                          "limit allows (%s); raise --memory-limit or run more ranks",
                          s.c.rank, ar_format_bytes(bytes, b1, sizeof b1),
                          ar_format_bytes(run.mem.limit, b2, sizeof b2));
    if (st == AR_OK) {
        uint64_t share = node_share(s.c.comm);
        if (share && bytes > share)
            st = ar_error_set(err, AR_ERR_MEMORY,
                              "rank %d's part of the table needs %s, more than its share "
                              "of the memory its node has available (%s); run more ranks on more nodes",
                              s.c.rank, ar_format_bytes(bytes, b1, sizeof b1),
                              ar_format_bytes((size_t)share, b2, sizeof b2));
    }
    if (st == AR_OK) {
        s.words = ar_mem_alloc(&run.mem, bytes ? bytes : 8, 1, "the rank's part of the two-bit table", err);
        if (!s.words)
            st = AR_ERR_MEMORY;
    }
    st = dist_agree(MPI_COMM_WORLD, st, err);
    if (st != AR_OK) {
        ar_mem_free(&run.mem, s.words, bytes ? bytes : 8);
        dist_free(&s.c);
        return st;
    }
    s.scratch = ar_xmalloc(sp->scratch_size ? sp->scratch_size : 1);
    s.nb = ar_xmalloc(sizeof *s.nb * AR_BFS2_MAX_NEIGHBOURS);
    info->algorithm = "bfs";
    snprintf(info->heuristic, sizeof info->heuristic, "%s of table per process, blocks of %" PRIu64 " states",
             ar_format_bytes(bytes, b1, sizeof b1), s.block);
    dist_progress_begin(&s.c);
    res->table_bytes = bytes;
    res->threads = 1;
    res->farthest = UINT64_MAX;

    /* Level 0: the start, current (code 1). */
    s.ncode = 1;
    if (owner_of(&s, start) == s.c.rank)
        claim(&s, local_of(&s, start));
    {
        uint64_t mine[2] = {s.found_ranks, s.found_states}, all[2];
        MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        ar_bfs2_result_add_level(res, all[1], all[0]);
        if (target == start)
            target_depth = 0;
    }
    for (unsigned level = 0;; level++) {
        uint64_t mine[4], all[4], before = s.st.expanded;
        int stopped;
        s.ccode = 1u + (level & 1u);
        s.ncode = 3u - s.ccode;
        s.found_ranks = s.found_states = 0;
        s.min_rank = UINT64_MAX;
        stopped = sweep(&s, &run);
        dist_drain(&s.c, take_batch, &s);
        mine[0] = s.found_ranks;
        mine[1] = s.found_states;
        mine[2] = (uint64_t)(stopped ? run.stop : AR_STOP_NONE);
        mine[3] = UINT64_MAX;
        if (owner_of(&s, target) == s.c.rank &&
            ((s.words[local_of(&s, target) >> 5] >> ((local_of(&s, target) & 31u) * 2u)) & 3u) == s.ncode)
            mine[3] = level + 1u;
        MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(mine + 2, all + 2, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(mine + 3, all + 3, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
        {
            uint64_t least, level_max, level_mine = s.st.expanded - before;
            MPI_Allreduce(&s.min_rank, &least, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
            if (!all[2])
                res->farthest = least;
            /* the busiest rank sets the pace of a level */
            MPI_Allreduce(&level_mine, &level_max, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
            info->critical += level_max;
        }
        if (all[2]) { /* depths 0..level are complete; level + 1 was being found */
            res->stop = (ar_stop_reason)all[2];
            res->farthest = UINT64_MAX;
            break;
        }
        if (all[0] == 0) {
            res->complete = 1;
            break;
        }
        ar_bfs2_result_add_level(res, all[1], all[0]);
        if (target_depth == AR_BFS2_NO_DEPTH && all[3] != UINT64_MAX)
            target_depth = all[3];
    }
    res->max_depth = res->levels - 1;
    res->target_depths = ar_xmalloc(sizeof *res->target_depths);
    res->target_depths[0] = (unsigned)target_depth;
    s.st.peak_bytes = run.mem.peak;
    s.st.seconds = ar_now() - t0;
    res->seconds = s.st.seconds;
    dist_gather_stats(&s.c, &s.st, info);
    dist_progress_end(&s.c, o->search.progress);
    free(s.scratch);
    free(s.nb);
    ar_mem_free(&run.mem, s.words, bytes ? bytes : 8);
    dist_free(&s.c);
    return AR_OK;
}
