/* hda.c — hash-distributed A* (Kishimoto, Fukunaga & Botea 2009) for every
 * puzzle, over the puzzle interface.
 *
 * Each state has one owner rank, chosen by a Zobrist hash of its packed
 * bytes: a random 64-bit key per (byte position, byte value), XOR-ed. The
 * owner alone keeps the state (its g, its parent as rank and id, the move),
 * computes its heuristic and expands it; a rank that generates a state it
 * does not own appends it to a batch for the owner, sent when full or every
 * flush_every expansions (and whenever the rank runs out of work). With
 * --hash-group G the keys are abstract (Jinnai & Fukunaga 2016): bytes in
 * groups of G share the keys of their group, so a move that only permutes
 * values inside a group keeps the state on its rank and is never sent.
 *
 * Each rank runs its own A*: it expands its best open state (f = g + h,
 * ties to the smaller h), and a state that arrives with a smaller g than its
 * owner knew is reopened (so an admissible, inconsistent heuristic keeps
 * A*'s optimality). A goal that a rank expands is an incumbent, sent to all;
 * every rank then prunes states with f >= the incumbent's cost. The search
 * is over when no rank has an open state below the incumbent and no batch is
 * in flight: Safra's termination detection (dist.h) decides it, and the
 * incumbent is then optimal, or, with none, there is no solution. The
 * solution is traced back rank to rank along the parent links.
 *
 * Ranks keep to one f. Each tells rank 0 its least open f when it changes
 * (at most every millisecond, less often with more than 16 ranks) and rank
 * 0 tells all the least of them; a rank whose best state lies above that
 * waits instead of expanding it (every state below the optimal cost must be
 * expanded anyway, so only the ends of f-layers wait). Without this, a rank starved of CPU (an
 * oversubscribed or loaded machine) holds up the states on the way to the
 * goal while the others expand state after state that sequential A* would
 * never touch: seen as a search of 12 k expansions still running after
 * two minutes with one of two ranks at nice 19 on one core.
 *
 * A limit (time, nodes, memory, Ctrl-C) on any rank stops every rank; after
 * the drain every state generated is in some open list, so the least f over
 * all of them is a proven lower bound. */
#include "dist.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/heap.h"
#include "ariadne/rng.h"
#include "ariadne/run.h"
#include "ariadne/statestore.h"
#include "ariadne/timer.h"

#define NO_PARENT UINT64_MAX
#define EXPAND_ROUND 64u    /* expansions between two looks at the messages */
#define MESSAGE_ROUND 8u    /* messages read between two rounds of expansions */

typedef struct hda {
    const ar_puzzle *p;
    ar_instance *inst;
    const ar_heuristic *h;
    const dist_options *o;
    dist_comm c;
    dist_stats st;
    ar_run run;
    ar_result local;          /* this rank's counters, for the run's limits */
    size_t ss, rec;           /* state bytes; bytes of a record in a batch */
    unsigned maxm;
    uint64_t *keys;           /* Zobrist keys: (position or group) * 256 + value */
    ar_state_store store;
    uint32_t *g, *hv, *via;
    uint64_t *parent;         /* rank << 32 | id, NO_PARENT for the start */
    uint8_t *closed;          /* expanded at least once */
    uint32_t cap_g, cap_h, cap_via, cap_parent, cap_closed;
    ar_heap open;
    uint64_t tie;             /* decreasing: among equal f and h, the newest first */
    /* the incumbent: cost, the rank holding the goal and its id there */
    uint64_t inc_cost, inc_id;
    uint32_t inc_rank;
    int done;                 /* termination detected (DONE) */
    ar_stop_reason stop;      /* a limit stopped this rank or another */
    ar_move *moves;
    uint32_t *costs;
    unsigned char *children, *state;
    ar_status failure;        /* an error inside a handler */
    ar_error *err;
    /* keeping near one f: what this rank last told rank 0, the least f of
     * all as rank 0 last said (UINT64_MAX: unknown), and at rank 0 every
     * rank's least f */
    uint64_t told, global_min;
    uint64_t *min_f;
    double next_tell, tell_every;
} hda;

static uint64_t owner_hash(const hda *s, const unsigned char *state)
{
    uint64_t x = 0;
    size_t i;
    unsigned group = s->o->hash_group > 0 ? (unsigned)s->o->hash_group : 1u;
    for (i = 0; i < s->ss; i++)
        x ^= s->keys[(i / group) * 256u + state[i]];
    return x;
}

static int owner(const hda *s, const unsigned char *state)
{
    return s->c.size == 1 ? 0 : (int)(owner_hash(s, state) % (uint64_t)s->c.size);
}

static uint64_t store_hash(const void *ctx, const void *state)
{
    const hda *s = ctx;
    return ar_puzzle_hash(s->p, s->inst, state);
}

/* Offers the state to this rank's A*: kept when new or better. */
static void insert(hda *s, const unsigned char *state, uint64_t g, uint64_t parent, ar_move move)
{
    uint32_t id, h;
    int fresh;
    ar_status st;
    ar_heap_entry e;
    if (s->failure != AR_OK || g >= s->inc_cost)
        return;
    if (g >= UINT32_MAX) {
        s->failure = ar_error_set(s->err, AR_ERR_UNSUPPORTED, "path cost exceeds 2^32");
        return;
    }
    st = ar_store_insert(&s->store, state, store_hash(s, state), &id, &fresh, s->err);
    if (st == AR_OK && fresh) {
        st = ar_run_grow(&s->run, (void **)&s->g, sizeof *s->g, &s->cap_g, s->store.count, "g values", s->err);
        if (st == AR_OK)
            st = ar_run_grow(&s->run, (void **)&s->hv, sizeof *s->hv, &s->cap_h, s->store.count,
                             "heuristic values", s->err);
        if (st == AR_OK)
            st = ar_run_grow(&s->run, (void **)&s->via, sizeof *s->via, &s->cap_via, s->store.count,
                             "moves", s->err);
        if (st == AR_OK)
            st = ar_run_grow(&s->run, (void **)&s->parent, sizeof *s->parent, &s->cap_parent,
                             s->store.count, "parent links", s->err);
        if (st == AR_OK)
            st = ar_run_grow(&s->run, (void **)&s->closed, sizeof *s->closed, &s->cap_closed,
                             s->store.count, "closed flags", s->err);
    }
    if (st != AR_OK) {
        if (st == AR_ERR_MEMORY)
            ar_run_stop(&s->run, AR_STOP_MEMORY);
        else
            s->failure = st;
        return;
    }
    if (fresh) {
        uint64_t hv = s->h ? s->h->estimate(s->inst, state) : 0;
        s->hv[id] = (uint32_t)(hv < UINT32_MAX ? hv : UINT32_MAX);
        s->closed[id] = 0;
    } else if (g >= s->g[id]) {
        s->st.duplicates++;
        return;
    }
    s->g[id] = (uint32_t)g;
    s->parent[id] = parent;
    s->via[id] = move;
    h = s->hv[id];
    if (g + h >= s->inc_cost)
        return;
    e.priority = (double)(g + h);
    e.tie = (uint64_t)h << 32 | (s->tie-- & 0xFFFFFFFFu);
    e.id = id;
    e.aux = (uint32_t)g;
    if (ar_heap_push(&s->open, e, s->err) != AR_OK)
        ar_run_stop(&s->run, AR_STOP_MEMORY);
}

/* A batch record: the state, then g, the parent's rank and id, the move. */
static void unpack_batch(hda *s, const dist_msg *m)
{
    size_t off;
    for (off = 0; off + s->rec <= m->len; off += s->rec) {
        const unsigned char *r = m->data + off;
        uint32_t g, prank, pid, move;
        memcpy(&g, r + s->ss, 4);
        memcpy(&prank, r + s->ss + 4, 4);
        memcpy(&pid, r + s->ss + 8, 4);
        memcpy(&move, r + s->ss + 12, 4);
        s->st.received++;
        insert(s, r, g, (uint64_t)prank << 32 | pid, move);
    }
}

static void take_incumbent(hda *s, uint64_t cost, uint32_t rank, uint64_t id)
{
    if (cost < s->inc_cost || (cost == s->inc_cost && (rank < s->inc_rank || (rank == s->inc_rank && id < s->inc_id)))) {
        s->inc_cost = cost;
        s->inc_rank = rank;
        s->inc_id = id;
    }
}

static void handle(void *ctx, const dist_msg *m)
{
    hda *s = ctx;
    dist_control ctl;
    if (m->tag == DIST_TAG_WORK) {
        unpack_batch(s, m);
        return;
    }
    if (dist_take_control(&s->c, m, &ctl, &s->done, &s->stop))
        return;
    switch (ctl.kind) {
    case DIST_INCUMBENT:
        take_incumbent(s, ctl.x, ctl.a, ctl.y);
        break;
    case DIST_MIN_F:
        if (s->min_f)
            s->min_f[m->source] = ctl.x;
        break;
    case DIST_GLOBAL_MIN_F:
        s->global_min = ctl.x;
        break;
    default:
        break;
    }
}

/* The f of this rank's best open state below the incumbent (stale entries
 * dropped), UINT64_MAX when it has none. */
static uint64_t best_f(hda *s)
{
    const ar_heap_entry *top;
    while ((top = ar_heap_peek(&s->open)) != NULL &&
           (top->aux > s->g[top->id] || (uint64_t)top->priority >= s->inc_cost)) {
        ar_heap_entry skip;
        ar_heap_pop(&s->open, &skip);
    }
    return top ? (uint64_t)top->priority : UINT64_MAX;
}

/* Tells rank 0 this rank's least f when it changed; rank 0 tells everyone
 * the least of all when that changed. */
static void tell_min_f(hda *s)
{
    double now;
    uint64_t mine;
    if (s->c.size == 1 || (now = ar_now()) < s->next_tell)
        return;
    s->next_tell = now + s->tell_every;
    mine = best_f(s);
    if (s->c.rank != 0) {
        if (mine != s->told) {
            dist_control ctl = {DIST_MIN_F, 0, mine, 0};
            dist_send_control(&s->c, 0, &ctl);
            s->told = mine;
        }
    } else {
        uint64_t least = mine;
        int r;
        for (r = 1; r < s->c.size; r++)
            if (s->min_f[r] < least)
                least = s->min_f[r];
        if (least != s->told) {
            dist_control ctl = {DIST_GLOBAL_MIN_F, 0, least, 0};
            dist_broadcast_control(&s->c, &ctl);
            s->told = least;
            s->global_min = least;
        }
    }
}

/* Whether this rank should wait rather than expand a state of f: it is
 * above the least f of all ranks as last heard (or of this rank's own). */
static int ahead(const hda *s, uint64_t f, uint64_t mine)
{
    uint64_t least = s->global_min < mine ? s->global_min : mine;
    return least != UINT64_MAX && f > least;
}

/* Expands this rank's best open state: 1, or 0 when it has none below the
 * incumbent, or -1 when it is too far ahead of the other ranks. */
static int expand_one(hda *s)
{
    ar_heap_entry e;
    uint32_t id;
    unsigned n, i;
    uint64_t f = best_f(s);
    if (f == UINT64_MAX)
        return 0;
    if (s->c.size > 1 && ahead(s, f, f))
        return -1;
    ar_heap_pop(&s->open, &e);
    id = e.id;
    memcpy(s->state, ar_store_state(&s->store, id), s->ss);
    if (s->p->is_goal(s->inst, s->state)) {
        if (s->g[id] < s->inc_cost) {
            dist_control ctl = {DIST_INCUMBENT, (uint32_t)s->c.rank, s->g[id], id};
            take_incumbent(s, s->g[id], (uint32_t)s->c.rank, id);
            dist_broadcast_control(&s->c, &ctl);
        }
        return 1;
    }
    if (s->closed[id])
        s->st.reexpanded++;
    s->closed[id] = 1;
    n = ar_puzzle_successors(s->p, s->inst, s->state, s->moves, s->costs, s->children);
    s->local.expanded++;
    s->local.generated += n;
    for (i = 0; i < n; i++) {
        const unsigned char *child = s->children + (size_t)i * s->ss;
        uint64_t g = (uint64_t)s->g[id] + s->costs[i];
        int to = owner(s, child);
        if (g >= s->inc_cost)
            continue;
        if (to == s->c.rank) {
            s->st.local++;
            insert(s, child, g, (uint64_t)s->c.rank << 32 | id, s->moves[i]);
        } else {
            unsigned char *r = dist_batch_append(&s->c, to, s->rec);
            uint32_t gg = (uint32_t)g, pr = (uint32_t)s->c.rank, pid = id, mv = s->moves[i];
            memcpy(r, child, s->ss);
            memcpy(r + s->ss, &gg, 4);
            memcpy(r + s->ss + 4, &pr, 4);
            memcpy(r + s->ss + 8, &pid, 4);
            memcpy(r + s->ss + 12, &mv, 4);
            s->st.sent++;
        }
    }
    return 1;
}

/* The search loop of one rank, until DONE or a stop. */
static void search(hda *s)
{
    uint64_t since_flush = 0;
    unsigned round = s->o->flush_every < EXPAND_ROUND ? (unsigned)s->o->flush_every : EXPAND_ROUND;
    while (!s->done && s->stop == AR_STOP_NONE && s->failure == AR_OK) {
        dist_msg m;
        unsigned k;
        int r = 0;
        /* A few messages, then a few expansions: a rank that only read its
         * messages while another floods it would never expand the states
         * that lead to the goal (seen on a loaded machine, with one rank
         * starved of CPU). */
        for (k = 0; k < MESSAGE_ROUND && dist_receive(&s->c, &m); k++)
            handle(s, &m);
        if (s->done || s->stop != AR_STOP_NONE || s->failure != AR_OK)
            break;
        tell_min_f(s);
        for (k = 0; k < round && (r = expand_one(s)) > 0; k++)
            ;
        if (k == 0 && r < 0) { /* ahead of the others: let them catch up */
            dist_flush_all(&s->c);
            since_flush = 0;
            dist_idle(&s->c);
        } else if (k == 0) { /* passive: nothing below the incumbent */
            dist_flush_all(&s->c);
            since_flush = 0;
            if (dist_token_step(&s->c)) {
                dist_control ctl = {DIST_DONE, 0, 0, 0};
                dist_broadcast_control(&s->c, &ctl);
                s->done = 1;
                break;
            }
            dist_idle(&s->c);
        } else {
            dist_busy(&s->c);
            since_flush += k;
            if (since_flush >= s->o->flush_every) {
                dist_flush_all(&s->c);
                since_flush = 0;
            }
        }
        if (k == 0 ? ar_run_check_now(&s->run) : ar_run_should_stop(&s->run)) {
            dist_control ctl = {DIST_STOP, (uint32_t)s->run.stop, 0, 0};
            s->stop = s->run.stop;
            dist_broadcast_control(&s->c, &ctl);
        }
        dist_progress_tick(&s->c, s->local.expanded, s->local.generated, s->o->search.progress, "HDA*");
    }
}

/* The solution's moves, traced from the goal back along the parent links,
 * rank to rank (every rank takes part); rank 0 keeps them in res. */
static ar_status trace(hda *s, ar_result *res, ar_error *err)
{
    uint64_t cur_rank = s->inc_rank, cur_id = s->inc_id, steps = 0;
    size_t cap = 64, n = 0, i;
    ar_move *mv = ar_xmalloc(cap * sizeof *mv);
    for (;;) {
        uint64_t info[2] = {0, 0};
        if ((uint64_t)s->c.rank == cur_rank) {
            info[0] = s->parent[cur_id];
            info[1] = s->via[cur_id];
        }
        MPI_Bcast(info, 2, MPI_UINT64_T, (int)cur_rank, s->c.comm);
        if (info[0] == NO_PARENT)
            break;
        if (++steps > s->inc_cost + 1) {
            free(mv);
            return ar_error_set(err, AR_ERR_INTERNAL, "HDA*: the parent links of the solution loop");
        }
        if (n == cap)
            mv = ar_xrealloc(mv, (cap *= 2) * sizeof *mv);
        mv[n++] = (ar_move)info[1];
        cur_rank = info[0] >> 32;
        cur_id = info[0] & 0xFFFFFFFFu;
    }
    for (i = 0; i < n / 2; i++) {
        ar_move t = mv[i];
        mv[i] = mv[n - 1 - i];
        mv[n - 1 - i] = t;
    }
    free(res->moves);
    res->moves = mv;
    res->length = n;
    res->outcome = AR_OUTCOME_SOLVED;
    return AR_OK;
}

static ar_status prepare_heuristic(void *ctx, ar_error *err)
{
    hda *s = ctx;
    return s->h->prepare(s->inst, &s->run.mem, err);
}

static void zobrist_keys(hda *s)
{
    ar_rng rng;
    size_t i, n = s->ss * 256u;
    s->keys = ar_xmalloc(n * sizeof *s->keys);
    ar_rng_seed(&rng, 0x5eed0fa5u); /* the same keys on every rank */
    for (i = 0; i < n; i++)
        s->keys[i] = ar_rng_next(&rng);
}

static void release(hda *s)
{
    ar_store_free(&s->store);
    ar_heap_free(&s->open);
    ar_mem_free(&s->run.mem, s->g, (size_t)s->cap_g * sizeof *s->g);
    ar_mem_free(&s->run.mem, s->hv, (size_t)s->cap_h * sizeof *s->hv);
    ar_mem_free(&s->run.mem, s->via, (size_t)s->cap_via * sizeof *s->via);
    ar_mem_free(&s->run.mem, s->parent, (size_t)s->cap_parent * sizeof *s->parent);
    ar_mem_free(&s->run.mem, s->closed, (size_t)s->cap_closed * sizeof *s->closed);
    free(s->keys);
    free(s->min_f);
    free(s->moves);
    free(s->costs);
    free(s->children);
    free(s->state);
}

ar_status dist_hda(const ar_puzzle *p, ar_instance *inst, const dist_options *o, ar_result *res,
                   dist_run_info *info, ar_error *err)
{
    hda s;
    ar_search_options lo = o->search;
    ar_status st = AR_OK;
    double t0 = ar_now();
    uint64_t glob[4], mine[4];
    memset(&s, 0, sizeof s);
    s.p = p;
    s.inst = inst;
    s.o = o;
    s.err = err;
    s.failure = AR_OK;
    s.inc_cost = UINT64_MAX;
    s.inc_rank = UINT32_MAX;
    s.inc_id = UINT64_MAX;
    s.tie = UINT64_MAX;
    dist_init(&s.c, MPI_COMM_WORLD, o->batch_bytes, &s.st);
    lo.progress = NULL; /* rank 0 shows the whole run's progress, not its own */
    if (lo.limits.node_limit) /* each rank its share */
        lo.limits.node_limit = lo.limits.node_limit / (uint64_t)s.c.size + 1;
    s.h = ar_puzzle_heuristic(p, o->search.heuristic);
    if (o->search.heuristic && !s.h)
        st = ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%s' for %s (see `ariadne list`)",
                          o->search.heuristic, p->name);
    ar_result_init(&s.local);
    ar_run_init(&s.run, p, inst, s.h, &lo, &s.local);
    st = dist_agree(MPI_COMM_WORLD, st, err);
    if (st == AR_OK && s.h && s.h->prepare) /* rank 0 first: tables built once */
        st = dist_staged(MPI_COMM_WORLD, prepare_heuristic, &s, err);
    if (st == AR_OK)
        st = ar_store_init(&s.store, p->state_size(inst), store_hash, &s, &s.run.mem, err);
    st = dist_agree(MPI_COMM_WORLD, st, err);
    if (st != AR_OK) {
        dist_free(&s.c);
        return st;
    }
    ar_heap_init(&s.open, &s.run.mem);
    s.ss = p->state_size(inst);
    s.rec = s.ss + 16;
    s.maxm = p->max_moves(inst);
    s.moves = ar_xmalloc(sizeof *s.moves * (s.maxm ? s.maxm : 1));
    s.costs = ar_xmalloc(sizeof *s.costs * (s.maxm ? s.maxm : 1));
    s.children = ar_xmalloc(s.ss * (s.maxm ? s.maxm : 1) + 1);
    s.state = ar_xmalloc(s.ss + 1);
    zobrist_keys(&s);
    dist_progress_begin(&s.c);
    s.told = s.global_min = UINT64_MAX;
    s.tell_every = 0.001 * (s.c.size > 16 ? s.c.size / 16 : 1); /* rank 0 hears at most ~16 k a second */
    if (s.c.rank == 0) {
        int r;
        s.min_f = ar_xmalloc(sizeof *s.min_f * (size_t)s.c.size);
        for (r = 0; r < s.c.size; r++)
            s.min_f[r] = UINT64_MAX;
    }

    p->initial_state(inst, s.state);
    if (owner(&s, s.state) == s.c.rank)
        insert(&s, s.state, 0, NO_PARENT, AR_NO_MOVE);
    search(&s);
    dist_drain(&s.c, handle, &s);

    /* Everyone agrees on how it ended, the incumbent and the least open f. */
    mine[0] = (uint64_t)s.done;
    mine[1] = (uint64_t)s.stop;
    mine[2] = (uint64_t)(s.failure != AR_OK);
    mine[3] = (uint64_t)(s.run.stop == AR_STOP_MEMORY);
    MPI_Allreduce(mine, glob, 4, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    st = dist_agree(MPI_COMM_WORLD, s.failure, err);
    if (st == AR_OK) {
        uint64_t least = UINT64_MAX, all;
        const ar_heap_entry *top;
        while ((top = ar_heap_peek(&s.open)) != NULL && top->aux > s.g[top->id]) {
            ar_heap_entry skip;
            ar_heap_pop(&s.open, &skip);
        }
        if (top)
            least = (uint64_t)top->priority;
        MPI_Allreduce(&least, &all, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
        res->has_lower_bound = 1;
        res->lower_bound = all < s.inc_cost ? all : s.inc_cost;
        if (glob[0] && !glob[1]) {
            res->outcome = s.inc_cost == UINT64_MAX ? AR_OUTCOME_NO_SOLUTION : AR_OUTCOME_SOLVED;
        } else {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = glob[3] ? AR_STOP_MEMORY : (ar_stop_reason)glob[1];
        }
        if (s.inc_cost != UINT64_MAX) {
            ar_outcome how = res->outcome;
            st = trace(&s, res, err);
            res->outcome = how == AR_OUTCOME_STOPPED ? AR_OUTCOME_STOPPED : AR_OUTCOME_SOLVED;
            res->cost = s.inc_cost;
            res->optimal = how == AR_OUTCOME_SOLVED && (!s.h || (s.h->flags & AR_HEURISTIC_ADMISSIBLE));
            if (res->optimal)
                res->lower_bound = s.inc_cost;
        } else if (res->outcome == AR_OUTCOME_NO_SOLUTION) {
            res->has_lower_bound = 0;
        }
    }
    s.st.expanded = s.local.expanded;
    s.st.generated = s.local.generated;
    s.st.peak_bytes = s.run.mem.peak;
    s.st.seconds = ar_now() - t0;
    MPI_Allreduce(&s.local.expanded, &res->expanded, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&s.local.generated, &res->generated, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    info->algorithm = "hda";
    snprintf(info->heuristic, sizeof info->heuristic, "%s", s.h ? s.h->name : "none");
    info->hash = o->hash_group > 0 ? "abstract Zobrist" : "Zobrist";
    dist_gather_stats(&s.c, &s.st, info);
    res->algorithm = "hda";
    res->heuristic = s.h ? s.h->name : NULL;
    res->seconds = ar_now() - t0;
    res->peak_bytes = s.run.mem.peak;
    dist_progress_end(&s.c, o->search.progress);
    release(&s);
    dist_free(&s.c);
    return st;
}
