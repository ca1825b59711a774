/* ida_kernel.c — the generic IDA* kernel (include/ariadne/idakernel.h): one
 * bounded depth-first iteration from any task over the puzzle interface,
 * which gives away its untried work when asked, for parallel IDA*.
 *
 * An explicit stack of plies, each with its legal moves (the inverse of the
 * move that led there left out) and the index of the next one to try. The
 * state is changed in place with apply/undo when the domain can undo, else
 * kept as one copy per ply. A child is generated, its f = g + h compared
 * with the bound (above: it only lowers next_bound), tested for the goal,
 * then expanded. A split gives away the untried moves of the shallowest ply
 * that has any, as tasks of their own, and marks them tried: the caller's
 * other workers search those subtrees instead. */
#include "ariadne/idakernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"

/* Expansions between two polls: a few milliseconds of generic search. */
#define POLL_EVERY 4096u

typedef struct generic {
    const ar_puzzle *p;
    ar_instance *inst;
    const ar_heuristic *h;
    size_t ss;
    unsigned maxm;
    int in_place;
    unsigned cap;           /* plies the stack holds */
    ar_move *moves;         /* cap * maxm legal moves */
    unsigned *count, *next; /* per ply */
    uint64_t *g;            /* per ply */
    unsigned char *states;  /* in place: one state; copies: one per ply */
    unsigned char *scratch, *child;
    ar_move *path;          /* the task's path, then one move per ply */
    size_t path_cap;
    ar_mem mem;
    char desc[128];
} generic;

static uint64_t g_h(const generic *k, const void *state)
{
    return k->h ? k->h->estimate(k->inst, state) : 0;
}

static ar_status g_open(const ar_puzzle *p, ar_instance *inst, const ar_search_options *opts,
                        void **out, ar_error *err)
{
    generic *k;
    const ar_heuristic *h = NULL;
    ar_status st;
    if (p->heuristics && p->heuristics[0].name) {
        h = ar_puzzle_heuristic(p, opts ? opts->heuristic : NULL);
        if (!h)
            return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%.40s' for %s (see `ariadne list`)",
                                opts->heuristic, p->name);
        if (!(h->flags & AR_HEURISTIC_ADMISSIBLE))
            return ar_error_set(err, AR_ERR_INPUT,
                                "heuristic '%s' of %s is not admissible: IDA* would not be optimal",
                                h->name, p->name);
    } else if (opts && opts->heuristic) {
        return ar_error_set(err, AR_ERR_INPUT, "%s has no heuristics", p->name);
    }
    k = ar_xcalloc(1, sizeof *k);
    k->p = p;
    k->inst = inst;
    k->h = h;
    k->ss = p->state_size(inst);
    k->maxm = p->max_moves(inst);
    k->in_place = p->undo != NULL;
    ar_mem_init(&k->mem, opts ? opts->limits.memory_limit : 0);
    if (h && h->prepare && (st = h->prepare(inst, &k->mem, err)) != AR_OK) {
        free(k);
        return st;
    }
    k->scratch = ar_xmalloc(k->ss ? k->ss : 1);
    k->child = ar_xmalloc(k->ss ? k->ss : 1);
    snprintf(k->desc, sizeof k->desc, "%s", h ? h->name : "none (blind)");
    *out = k;
    return AR_OK;
}

static const char *g_describe(void *s) { return ((generic *)s)->desc; }

static uint64_t g_estimate(void *s, const void *state) { return g_h(s, state); }

static void g_close(void *s)
{
    generic *k = s;
    if (!k)
        return;
    free(k->moves);
    free(k->count);
    free(k->next);
    free(k->g);
    free(k->states);
    free(k->scratch);
    free(k->child);
    free(k->path);
    free(k);
}

static void grow_stack(generic *k, unsigned plies)
{
    unsigned cap = k->cap ? k->cap : 64;
    if (plies <= k->cap)
        return;
    while (cap < plies)
        cap *= 2;
    k->moves = ar_xrealloc(k->moves, sizeof *k->moves * (size_t)cap * (k->maxm ? k->maxm : 1));
    k->count = ar_xrealloc(k->count, sizeof *k->count * cap);
    k->next = ar_xrealloc(k->next, sizeof *k->next * cap);
    k->g = ar_xrealloc(k->g, sizeof *k->g * cap);
    k->states = ar_xrealloc(k->states, (k->ss ? k->ss : 1) * (k->in_place ? 1u : cap));
    k->cap = cap;
}

static void grow_path(generic *k, size_t len)
{
    size_t cap = k->path_cap ? k->path_cap : 256;
    if (len <= k->path_cap)
        return;
    while (cap < len)
        cap *= 2;
    k->path = ar_xrealloc(k->path, sizeof *k->path * cap);
    k->path_cap = cap;
}

static unsigned char *state_at(generic *k, unsigned ply)
{
    return k->in_place ? k->states : k->states + (size_t)ply * k->ss;
}

/* The legal moves of the state at ply, without the inverse of `in`. */
static void gen_moves(generic *k, unsigned ply, ar_move in)
{
    ar_move *mv = k->moves + (size_t)ply * k->maxm;
    ar_move skip = (in != AR_NO_MOVE && k->p->inverse) ? k->p->inverse(k->inst, in) : AR_NO_MOVE;
    unsigned n = k->p->legal_moves(k->inst, state_at(k, ply), mv), i, w = 0;
    for (i = 0; i < n; i++)
        if (mv[i] != skip || skip == AR_NO_MOVE)
            mv[w++] = mv[i];
    k->count[ply] = w;
    k->next[ply] = 0;
}

/* Gives away the untried moves of the shallowest ply that has any. */
static void split(generic *k, const ar_ida_task *task, unsigned top, const ar_ida_control *ctl,
                  uint64_t *generated)
{
    unsigned ply, i;
    ar_move saved;
    for (ply = 0; ply <= top && k->next[ply] >= k->count[ply]; ply++)
        ;
    if (ply > top)
        return;
    /* The state at `ply`: the task's, replayed along the path. */
    memcpy(k->scratch, task->state, k->ss);
    for (i = 0; i < ply; i++)
        k->p->apply(k->inst, k->scratch, k->path[task->length + i]);
    saved = k->path[task->length + ply]; /* the move under way at ply, when ply < top */
    for (i = k->next[ply]; i < k->count[ply]; i++) {
        ar_move m = k->moves[(size_t)ply * k->maxm + i];
        ar_ida_task t;
        memcpy(k->child, k->scratch, k->ss);
        k->p->apply(k->inst, k->child, m);
        k->path[task->length + ply] = m;
        t.state = k->child;
        t.g = k->g[ply] + ar_puzzle_move_cost(k->p, k->inst, m);
        t.path = k->path;
        t.length = task->length + ply + 1;
        ctl->donate(ctl->ctx, &t);
        (*generated)++;
    }
    k->path[task->length + ply] = saved;
    k->next[ply] = k->count[ply];
}

static ar_status g_search(void *s, const ar_ida_task *task, uint64_t bound, const ar_ida_control *ctl,
                          ar_ida_outcome *out, ar_error *err)
{
    generic *k = s;
    const ar_puzzle *p = k->p;
    ar_instance *inst = k->inst;
    unsigned top = 0;
    uint64_t f, next_poll = POLL_EVERY;
    (void)err;
    memset(out, 0, sizeof *out);
    out->next_bound = UINT64_MAX;
    grow_stack(k, 2);
    grow_path(k, (size_t)task->length + 2);
    if (task->length)
        memcpy(k->path, task->path, sizeof *k->path * task->length);
    memcpy(state_at(k, 0), task->state, k->ss);
    k->g[0] = task->g;
    f = task->g + g_h(k, task->state);
    if (f > bound) {
        out->next_bound = f;
        return AR_OK;
    }
    if (p->is_goal(inst, task->state))
        goto found;
    out->expanded++;
    gen_moves(k, 0, task->length ? task->path[task->length - 1] : AR_NO_MOVE);
    for (;;) {
        ar_move m;
        unsigned char *cur, *child;
        uint64_t gc;
        if (k->next[top] >= k->count[top]) { /* ply exhausted: back up */
            if (top == 0)
                break;
            top--;
            if (k->in_place)
                p->undo(inst, k->states, k->path[task->length + top]);
            continue;
        }
        m = k->moves[(size_t)top * k->maxm + k->next[top]++];
        grow_stack(k, top + 3); /* before any pointer into the stack is taken */
        grow_path(k, (size_t)task->length + top + 2);
        cur = state_at(k, top);
        if (k->in_place) {
            child = cur;
        } else {
            child = state_at(k, top + 1);
            memcpy(child, cur, k->ss);
        }
        p->apply(inst, child, m);
        out->generated++;
        gc = k->g[top] + ar_puzzle_move_cost(p, inst, m);
        f = gc + g_h(k, child);
        if (f > bound) {
            if (f < out->next_bound)
                out->next_bound = f;
            if (k->in_place)
                p->undo(inst, child, m);
            continue;
        }
        k->path[task->length + top] = m;
        k->g[top + 1] = gc;
        top++;
        if (p->is_goal(inst, child))
            goto found;
        out->expanded++;
        gen_moves(k, top, m);
        if (ctl && ctl->poll && out->expanded >= next_poll) {
            int r = ctl->poll(ctl->ctx, out->expanded);
            next_poll = out->expanded + POLL_EVERY;
            if (r == AR_IDA_SPLIT && ctl->donate) {
                split(k, task, top, ctl, &out->generated);
                r = ctl->poll(ctl->ctx, out->expanded);
            }
            if (r == AR_IDA_STOP) {
                out->stopped = 1;
                return AR_OK;
            }
        }
    }
    return AR_OK;
found:
    out->found = 1;
    out->moves = k->path;
    out->length = (uint64_t)task->length + top;
    out->cost = k->g[top];
    return AR_OK;
}

const ar_ida_kernel ar_ida_kernel_generic = {
    .name = "generic",
    .open = g_open,
    .describe = g_describe,
    .estimate = g_estimate,
    .search = g_search,
    .close = g_close,
};

const ar_ida_kernel *ar_puzzle_ida_kernel(const ar_puzzle *p)
{
    return p->ida_kernel ? p->ida_kernel : &ar_ida_kernel_generic;
}
