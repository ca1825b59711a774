/* pida.c — parallel IDA* with work stealing, on the puzzle's IDA* kernel
 * (include/ariadne/idakernel.h: the domain's own, such as one that searches
 * a board in place with memory-mapped pattern databases, or the generic one).
 *
 * Every iteration under a cost bound starts with the whole tree as one task
 * on rank 0; the other ranks are idle and steal. An idle rank asks one rank
 * at a time (STEAL, round robin from a random start); the victim answers
 * with the oldest half of its queued tasks (the shallowest, biggest ones),
 * or, with none queued, asks its running kernel to split off the untried
 * siblings of the shallowest node on its path (stack splitting: Rao & Kumar
 * 1987) and sends those, or answers NO_WORK. A rank searches its newest
 * queued task first. Tasks travel as the state plus the moves from the
 * start, so a goal found anywhere comes with its whole path.
 *
 * An iteration ends when every rank is idle and no task is in flight:
 * Safra's termination detection over the WORK messages (dist.h), then a
 * drain, then one reduction gives the next bound (the least f above this
 * one anywhere) and who found a solution. A solution found under bound B
 * after an iteration that found none below B is optimal; the rank that finds
 * one tells everyone (INCUMBENT), the others abandon the iteration, and the
 * finder with the smallest rank sends its moves to all. Every iteration
 * that finds nothing expands exactly the nodes of the sequential iteration
 * (the kernel's split neither loses nor repeats a node), which the tests
 * check against the sequential solver's counts. */
#include "dist.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/idakernel.h"
#include "ariadne/memory.h"
#include "ariadne/rng.h"
#include "ariadne/run.h"
#include "ariadne/timer.h"

/* A task in a queue or a message: g (8 bytes), the path length (4), the
 * state, then the path's moves (4 bytes each). */
#define TASK_HEAD 12u

typedef struct blob {
    unsigned char *data;
    size_t len;
} blob;

typedef struct pida {
    const ar_puzzle *p;
    ar_instance *inst;
    const ar_ida_kernel *k;
    void *searcher;
    const dist_options *o;
    dist_comm c;
    dist_stats st;
    ar_run run;
    ar_result local;          /* this rank's counters, for the run's limits */
    size_t ss;
    blob *queue;              /* tasks: [head, n) in the order they came */
    size_t head, n, cap;
    uint64_t bound, next_bound;
    uint64_t done_before;     /* expansions of searches finished before the running one */
    int running;              /* a kernel search is under way */
    int waiting;              /* a rank's STEAL waits for the running search's split */
    int asked, victim;        /* our STEAL is out, and to whom */
    unsigned refusals;        /* NO_WORK answers in a row */
    double next_steal;
    int solved;               /* a solution exists in this iteration (ours or another's) */
    ar_move *found;           /* ours */
    uint64_t found_len, found_cost;
    int done;
    int draining;             /* the phase is over: answer nobody */
    ar_stop_reason stop;
    ar_status failure;
    ar_error *err;
    ar_rng rng;
    const ar_search_options *open_options;
    char what[48];            /* "IDA* bound 92", for the progress line */
} pida;

static void push_blob(pida *s, unsigned char *data, size_t len)
{
    if (s->n == s->cap) {
        if (s->head > 0) { /* slide the queue down before growing it */
            memmove(s->queue, s->queue + s->head, (s->n - s->head) * sizeof *s->queue);
            s->n -= s->head;
            s->head = 0;
        }
        if (s->n == s->cap) {
            s->cap = s->cap ? s->cap * 2 : 64;
            s->queue = ar_xrealloc(s->queue, s->cap * sizeof *s->queue);
        }
    }
    s->queue[s->n].data = data;
    s->queue[s->n].len = len;
    s->n++;
}

static size_t queued(const pida *s) { return s->n - s->head; }

static void clear_queue(pida *s)
{
    while (s->n > s->head)
        free(s->queue[--s->n].data);
    s->head = s->n = 0;
}

static size_t task_bytes(const pida *s, uint32_t length) { return TASK_HEAD + s->ss + 4u * length; }

static void pack_task(const pida *s, const ar_ida_task *t, unsigned char *out)
{
    uint32_t i;
    memcpy(out, &t->g, 8);
    memcpy(out + 8, &t->length, 4);
    memcpy(out + TASK_HEAD, t->state, s->ss);
    for (i = 0; i < t->length; i++) {
        uint32_t m = t->path[i];
        memcpy(out + TASK_HEAD + s->ss + 4u * i, &m, 4);
    }
}

static void queue_task(pida *s, const ar_ida_task *t)
{
    size_t len = task_bytes(s, t->length);
    unsigned char *b = ar_xmalloc(len);
    pack_task(s, t, b);
    push_blob(s, b, len);
}

/* Splits a WORK message into queued tasks. */
static void take_work(pida *s, const dist_msg *m)
{
    size_t off = 0;
    while (off + TASK_HEAD + s->ss <= m->len) {
        uint32_t length;
        size_t len;
        unsigned char *b;
        memcpy(&length, m->data + off + 8, 4);
        len = task_bytes(s, length);
        if (off + len > m->len)
            break;
        s->st.received++;
        if (!s->solved) {
            b = ar_xmalloc(len);
            memcpy(b, m->data + off, len);
            push_blob(s, b, len);
        }
        off += len;
    }
}

/* Answers a STEAL from `to` with the oldest half of the queue; 0 when there
 * is none to give. A rank not searching keeps one task to search itself:
 * two idle ranks asking each other would otherwise pass one task back and
 * forth (seen: 691 steals of 2 tasks in one search of 0.05 s, 6.8 s mostly
 * idle on both sides). */
static int give_work(pida *s, int to)
{
    size_t give = s->running ? (queued(s) + 1) / 2 : queued(s) / 2, bytes = 0, i, off = 0;
    unsigned char *msg;
    if (give == 0 || s->solved)
        return 0;
    for (i = 0; i < give; i++)
        bytes += s->queue[s->head + i].len;
    msg = ar_xmalloc(bytes);
    for (i = 0; i < give; i++) {
        blob *b = &s->queue[s->head + i];
        memcpy(msg + off, b->data, b->len);
        off += b->len;
        free(b->data);
    }
    s->head += give;
    s->st.sent += give;
    dist_send(&s->c, to, DIST_TAG_WORK, msg, bytes);
    free(msg);
    return 1;
}

static void refuse(pida *s, int to)
{
    dist_control ctl = {DIST_NO_WORK, 0, s->bound, 0};
    dist_send_control(&s->c, to, &ctl);
}

static void announce_stop(pida *s, ar_stop_reason why)
{
    dist_control ctl = {DIST_STOP, (uint32_t)why, 0, 0};
    if (s->stop == AR_STOP_NONE)
        s->stop = why;
    dist_broadcast_control(&s->c, &ctl);
}

static void handle(void *ctx, const dist_msg *m)
{
    pida *s = ctx;
    dist_control ctl;
    if (m->tag == DIST_TAG_WORK) {
        if (s->asked && m->source == s->victim) {
            s->asked = 0;
            s->refusals = 0;
            s->st.steals++;
        }
        take_work(s, m);
        return;
    }
    if (dist_take_control(&s->c, m, &ctl, &s->done, &s->stop))
        return;
    switch (ctl.kind) {
    case DIST_STEAL:
        if (ctl.x != s->bound || s->draining)
            break; /* from another iteration, or the end: nobody waits for an answer */
        if (!give_work(s, m->source)) {
            if (s->running && !s->waiting && !s->solved)
                s->waiting = m->source + 1; /* the running search will split */
            else
                refuse(s, m->source);
        }
        break;
    case DIST_NO_WORK:
        if (s->asked && m->source == s->victim) {
            s->asked = 0;
            s->refusals++;
            s->st.steals_refused++;
        }
        break;
    case DIST_INCUMBENT:
        s->solved = 1;
        clear_queue(s);
        break;
    default:
        break;
    }
}

static void service(pida *s)
{
    dist_msg m;
    while (dist_receive(&s->c, &m))
        handle(s, &m);
}

/* The kernel's poll: messages, limits, and the split a waiting rank needs. */
static int poll_cb(void *ctx, uint64_t expanded)
{
    pida *s = ctx;
    s->local.expanded = s->done_before + expanded;
    service(s);
    if (s->waiting && queued(s)) { /* the split's tasks (or work that came) go to the waiting rank */
        int to = s->waiting - 1;
        s->waiting = 0;
        s->st.splits++;
        give_work(s, to);
    }
    if (s->stop == AR_STOP_NONE && ar_run_should_stop(&s->run))
        announce_stop(s, s->run.stop);
    dist_progress_tick(&s->c, s->local.expanded, s->local.generated, s->o->search.progress, s->what);
    if (s->solved || s->done || s->stop != AR_STOP_NONE)
        return AR_IDA_STOP;
    return s->waiting ? AR_IDA_SPLIT : AR_IDA_GO;
}

static void donate_cb(void *ctx, const ar_ida_task *t)
{
    queue_task(ctx, t);
}

/* Searches the newest queued task. */
static void run_task(pida *s)
{
    blob b = s->queue[--s->n];
    ar_ida_task t;
    ar_ida_outcome out;
    ar_ida_control ctl = {poll_cb, donate_cb, s};
    ar_move *path;
    uint32_t i;
    ar_status st;
    if (s->n == s->head)
        s->n = s->head = 0;
    memcpy(&t.g, b.data, 8);
    memcpy(&t.length, b.data + 8, 4);
    t.state = b.data + TASK_HEAD;
    path = ar_xmalloc(sizeof *path * (t.length + 1u));
    for (i = 0; i < t.length; i++) {
        uint32_t m;
        memcpy(&m, b.data + TASK_HEAD + s->ss + 4u * i, 4);
        path[i] = m;
    }
    t.path = path;
    s->running = 1;
    st = s->k->search(s->searcher, &t, s->bound, &ctl, &out, s->err);
    s->running = 0;
    if (s->waiting) { /* the search ended before it could split */
        int to = s->waiting - 1;
        s->waiting = 0;
        if (!give_work(s, to))
            refuse(s, to);
    }
    free(path);
    free(b.data);
    if (st != AR_OK) {
        s->failure = st;
        return;
    }
    s->done_before += out.expanded;
    s->local.expanded = s->done_before;
    s->local.generated += out.generated;
    if (out.next_bound < s->next_bound)
        s->next_bound = out.next_bound;
    if (out.found && !s->found) {
        dist_control ctl2 = {DIST_INCUMBENT, (uint32_t)s->c.rank, out.cost, 0};
        s->found = ar_xmalloc(sizeof *s->found * (size_t)(out.length + 1));
        memcpy(s->found, out.moves, sizeof *s->found * (size_t)out.length);
        s->found_len = out.length;
        s->found_cost = out.cost;
        s->solved = 1;
        clear_queue(s);
        dist_broadcast_control(&s->c, &ctl2);
    }
}

/* Asks the next rank for work, unless a request is out or it is too soon. */
static void steal(pida *s)
{
    dist_control ctl = {DIST_STEAL, 0, s->bound, 0};
    double now;
    if (s->asked || s->c.size == 1 || s->solved)
        return;
    now = ar_now();
    if (now < s->next_steal)
        return;
    s->victim = (s->victim + 1) % s->c.size;
    if (s->victim == s->c.rank)
        s->victim = (s->victim + 1) % s->c.size;
    s->asked = 1;
    dist_send_control(&s->c, s->victim, &ctl);
    /* after a whole round of refusals, back off: 0.2 ms doubling to 20 ms */
    if (s->refusals >= (unsigned)s->c.size - 1) {
        unsigned shift = s->refusals / ((unsigned)s->c.size - 1u);
        s->next_steal = now + 0.0002 * (double)(1u << (shift < 7 ? shift : 7));
    }
}

/* One iteration under s->bound on every rank. */
static void iteration(pida *s, const unsigned char *start)
{
    s->next_bound = UINT64_MAX;
    s->asked = 0;
    s->refusals = 0;
    s->waiting = 0;
    s->next_steal = 0;
    s->done = 0;
    snprintf(s->what, sizeof s->what, "IDA* bound %" PRIu64, s->bound);
    if (s->c.rank == 0) {
        ar_ida_task root = {start, 0, NULL, 0};
        queue_task(s, &root);
    }
    while (!s->done && s->stop == AR_STOP_NONE && s->failure == AR_OK) {
        service(s);
        if (s->done || s->stop != AR_STOP_NONE)
            break;
        if (queued(s) && !s->solved) {
            dist_busy(&s->c);
            run_task(s);
            continue;
        }
        if (dist_token_step(&s->c)) { /* passive everywhere, nothing in flight */
            dist_control ctl = {DIST_DONE, 0, 0, 0};
            dist_broadcast_control(&s->c, &ctl);
            s->done = 1;
            break;
        }
        steal(s);
        if (s->stop == AR_STOP_NONE && ar_run_check_now(&s->run))
            announce_stop(s, s->run.stop);
        dist_progress_tick(&s->c, s->local.expanded, s->local.generated, s->o->search.progress, s->what);
        dist_idle(&s->c);
    }
    clear_queue(s);
    s->draining = 1;
    dist_drain(&s->c, handle, s);
    s->draining = 0;
    clear_queue(s);
}

/* The solution of the finder with the smallest rank, at every rank. */
static void share_solution(pida *s, int finder, ar_result *res)
{
    uint64_t head[2] = {s->found_len, s->found_cost};
    uint32_t *mv;
    uint64_t i;
    MPI_Bcast(head, 2, MPI_UINT64_T, finder, s->c.comm);
    mv = ar_xmalloc(sizeof *mv * (size_t)(head[0] + 1));
    if (s->c.rank == finder)
        for (i = 0; i < head[0]; i++)
            mv[i] = s->found[i];
    MPI_Bcast(mv, (int)head[0], MPI_UINT32_T, finder, s->c.comm);
    free(res->moves);
    res->moves = ar_xmalloc(sizeof *res->moves * (size_t)(head[0] + 1));
    for (i = 0; i < head[0]; i++)
        res->moves[i] = mv[i];
    free(mv);
    res->length = head[0];
    res->cost = head[1];
}

/* Opens this rank's searcher (dist_staged: rank 0 first, so databases are
 * built once and then found by the others). */
static ar_status open_kernel(void *ctx, ar_error *err)
{
    pida *s = ctx;
    return s->k->open(s->p, s->inst, s->open_options, &s->searcher, err);
}

static void record_iteration(dist_run_info *info, unsigned *cap, uint64_t bound, uint64_t expanded)
{
    if (info->iterations == *cap) {
        *cap = *cap ? *cap * 2 : 32;
        info->iter_bound = ar_xrealloc(info->iter_bound, *cap * sizeof *info->iter_bound);
        info->iter_expanded = ar_xrealloc(info->iter_expanded, *cap * sizeof *info->iter_expanded);
    }
    info->iter_bound[info->iterations] = bound;
    info->iter_expanded[info->iterations] = expanded;
    info->iterations++;
}

ar_status dist_ida(const ar_puzzle *p, ar_instance *inst, const dist_options *o, ar_result *res,
                   dist_run_info *info, ar_error *err)
{
    pida s;
    ar_search_options lo = o->search;
    ar_status st;
    double t0 = ar_now();
    unsigned char *start;
    unsigned cap = 0;
    memset(&s, 0, sizeof s);
    s.p = p;
    s.inst = inst;
    s.o = o;
    s.err = err;
    s.k = ar_puzzle_ida_kernel(p);
    dist_init(&s.c, MPI_COMM_WORLD, o->batch_bytes, &s.st);
    ar_rng_seed(&s.rng, 0x1da5eedu + (uint64_t)s.c.rank);
    s.victim = (int)ar_rng_below(&s.rng, (uint64_t)s.c.size);
    lo.progress = s.c.rank == 0 ? o->search.progress : NULL; /* building tables: rank 0 shows it */
    s.open_options = &lo;
    st = dist_staged(MPI_COMM_WORLD, open_kernel, &s, err);
    if (st != AR_OK) {
        if (s.searcher)
            s.k->close(s.searcher);
        dist_free(&s.c);
        return st;
    }
    lo.progress = NULL;
    if (lo.limits.node_limit)
        lo.limits.node_limit = lo.limits.node_limit / (uint64_t)s.c.size + 1;
    ar_result_init(&s.local);
    ar_run_begin(&s.run, &lo, &s.local);
    s.ss = p->state_size(inst);
    start = ar_xmalloc(s.ss + 1);
    p->initial_state(inst, start);
    s.bound = s.k->estimate(s.searcher, start);
    res->has_lower_bound = 1;
    res->lower_bound = s.bound;
    dist_progress_begin(&s.c);
    for (;;) {
        uint64_t mine[4], all[4], before = s.local.expanded;
        int finder_mine, finder;
        iteration(&s, start);
        mine[0] = s.next_bound;
        mine[1] = s.local.expanded - before;
        MPI_Allreduce(&mine[0], &all[0], 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
        MPI_Allreduce(&mine[1], &all[1], 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        mine[2] = (uint64_t)s.stop;
        MPI_Allreduce(&mine[2], &all[2], 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
        st = dist_agree(MPI_COMM_WORLD, s.failure, err);
        if (st != AR_OK)
            break;
        record_iteration(info, &cap, s.bound, all[1]);
        finder_mine = s.found ? s.c.rank : s.c.size;
        MPI_Allreduce(&finder_mine, &finder, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (finder < s.c.size) {
            share_solution(&s, finder, res);
            /* found under this bound after a bound that had none: optimal,
             * even if a limit stopped the iteration meanwhile */
            res->outcome = AR_OUTCOME_SOLVED;
            res->optimal = 1;
            res->lower_bound = res->cost;
            break;
        }
        if (all[2]) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = (ar_stop_reason)all[2];
            break;
        }
        if (all[0] == UINT64_MAX) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            res->has_lower_bound = 0;
            break;
        }
        s.bound = all[0];
        res->lower_bound = s.bound; /* nothing cheaper exists: the iteration was complete */
        s.solved = 0;
    }
    s.st.expanded = s.local.expanded;
    s.st.generated = s.local.generated;
    s.st.peak_bytes = s.run.mem.peak;
    s.st.seconds = ar_now() - t0;
    MPI_Allreduce(&s.local.expanded, &res->expanded, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&s.local.generated, &res->generated, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    info->algorithm = "ida";
    snprintf(info->heuristic, sizeof info->heuristic, "%s", s.k->describe(s.searcher));
    dist_gather_stats(&s.c, &s.st, info);
    res->algorithm = "ida";
    res->seconds = ar_now() - t0;
    dist_progress_end(&s.c, o->search.progress);
    free(start);
    free(s.found);
    free(s.queue);
    s.k->close(s.searcher);
    dist_free(&s.c);
    return st;
}
