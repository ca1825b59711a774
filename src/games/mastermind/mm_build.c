/* mm_build.c — a strategy played against every code at once: its tree.
 *
 * From the set of all codes, the chooser picks a guess, the set splits by
 * answer, and each part is played on in the same way until every code is
 * found. Parts of more than SPLIT codes are queued for the worker threads
 * (the tree comes out the same whichever thread builds which part: every
 * choice depends only on the history and the part); smaller ones are played
 * out by the thread that made them. The calling thread does no building: it
 * watches the run (ar_run_threads: progress, time limit, Ctrl-C) and tells
 * the workers to stop. */
#include "mm_internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define SPLIT 48

typedef struct task {
    mm_history h;
    uint32_t *set; /* owned */
    uint32_t n;
    mm_node **slot;
    struct task *next;
} task;

typedef struct builder {
    const mm_rules *r;
    const mm_chooser *ch;
    const mm_build_options *o;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    task *stack;
    int busy;            /* workers holding a task */
    volatile sig_atomic_t stop; /* set by the run's watcher, or by a failure */
    atomic_ullong nodes, found;
    ar_status status;    /* the first failure */
    ar_error err;
} builder;

static void push(builder *b, task *t)
{
    pthread_mutex_lock(&b->lock);
    t->next = b->stack;
    b->stack = t;
    pthread_cond_signal(&b->wake);
    pthread_mutex_unlock(&b->lock);
}

static void fail(builder *b, ar_status st, const ar_error *err)
{
    pthread_mutex_lock(&b->lock);
    if (b->status == AR_OK) {
        b->status = st;
        b->err = *err;
    }
    pthread_mutex_unlock(&b->lock);
    b->stop = 1;
}

/* Plays out the part set[0..n) after h into *slot. */
static void build_node(builder *b, mm_scratch *s, mm_history *h, const uint32_t *set, uint32_t n,
                       mm_node **slot)
{
    const mm_rules *r = b->r;
    uint32_t guess, count[MM_MAX_ANSWERS], start[MM_MAX_ANSWERS + 1], i;
    uint32_t *parts;
    unsigned char *answer_of;
    mm_node *node;
    ar_error err;
    ar_status st;
    int a, children = 0, e = 0;
    if (b->stop)
        return;
    ar_error_clear(&err);
    if (h->count == 0 && b->o->has_first)
        guess = b->o->first;
    else if ((st = b->ch->choose(b->ch->ctx, s, h, set, n, &guess, &err)) != AR_OK) {
        fail(b, st, &err);
        return;
    }
    parts = malloc(sizeof *parts * n);
    answer_of = malloc(n);
    if (!parts || !answer_of) {
        free(parts);
        free(answer_of);
        ar_error_set(&err, AR_ERR_MEMORY, "out of memory building the strategy");
        fail(b, AR_ERR_MEMORY, &err);
        return;
    }
    memset(count, 0, sizeof count);
    for (i = 0; i < n; i++) {
        answer_of[i] = (unsigned char)mm_answer(r, guess, set[i]);
        count[answer_of[i]]++;
    }
    start[0] = 0;
    for (a = 0; a < r->answers; a++) {
        start[a + 1] = start[a] + count[a];
        children += a != r->win && count[a] > 0;
    }
    for (i = 0; i < n; i++)
        parts[start[answer_of[i]]++] = set[i];
    free(answer_of);
    for (a = r->answers; a > 0; a--)
        start[a] = start[a - 1];
    start[0] = 0;
    if (count[r->win] == 0 && children == 1) {
        char g[16];
        ar_mm_format_code(r, guess, g, sizeof g);
        ar_error_set(&err, AR_ERR_INTERNAL, "the strategy's guess %s tells nothing about %u codes", g,
                     (unsigned)n);
        fail(b, AR_ERR_INTERNAL, &err);
        free(parts);
        return;
    }
    if (h->count + 1 >= MM_MAX_ROWS && children > 0) {
        ar_error_set(&err, AR_ERR_INTERNAL, "the strategy needs more than %d guesses", MM_MAX_ROWS);
        fail(b, AR_ERR_INTERNAL, &err);
        free(parts);
        return;
    }
    node = ar_mm_node_new(guess, children);
    if (!node) {
        ar_error_set(&err, AR_ERR_MEMORY, "out of memory building the strategy");
        fail(b, AR_ERR_MEMORY, &err);
        free(parts);
        return;
    }
    *slot = node;
    atomic_fetch_add(&b->nodes, 1);
    if (count[r->win])
        atomic_fetch_add(&b->found, 1);
    for (a = 0; a < r->answers; a++) {
        if (a == r->win || count[a] == 0)
            continue;
        node->edge[e].answer = (unsigned)a;
        if (count[a] > SPLIT && b->o->threads > 1) {
            task *t = malloc(sizeof *t);
            uint32_t *copy = malloc(sizeof *copy * count[a]);
            if (!t || !copy) {
                free(t);
                free(copy);
                ar_error_set(&err, AR_ERR_MEMORY, "out of memory building the strategy");
                fail(b, AR_ERR_MEMORY, &err);
                break;
            }
            memcpy(copy, parts + start[a], sizeof *copy * count[a]);
            t->h = *h;
            t->h.guess[t->h.count] = guess;
            t->h.answer[t->h.count] = (uint8_t)a;
            t->h.count++;
            t->set = copy;
            t->n = count[a];
            t->slot = &node->edge[e].node;
            push(b, t);
        } else {
            h->guess[h->count] = guess;
            h->answer[h->count] = (uint8_t)a;
            h->count++;
            build_node(b, s, h, parts + start[a], count[a], &node->edge[e].node);
            h->count--;
        }
        e++;
    }
    free(parts);
}

static void *worker(void *arg)
{
    builder *b = arg;
    mm_scratch s;
    ar_error err;
    ar_error_clear(&err);
    if (ar_mm_scratch_init(&s, b->r, &err) != AR_OK) {
        fail(b, AR_ERR_MEMORY, &err);
        memset(&s, 0, sizeof s);
    }
    for (;;) {
        task *t;
        pthread_mutex_lock(&b->lock);
        while (!b->stack && b->busy > 0)
            pthread_cond_wait(&b->wake, &b->lock);
        if (!b->stack) {
            pthread_cond_broadcast(&b->wake);
            pthread_mutex_unlock(&b->lock);
            break;
        }
        t = b->stack;
        b->stack = t->next;
        b->busy++;
        pthread_mutex_unlock(&b->lock);
        if (s.cand)
            build_node(b, &s, &t->h, t->set, t->n, t->slot);
        free(t->set);
        free(t);
        pthread_mutex_lock(&b->lock);
        b->busy--;
        pthread_cond_broadcast(&b->wake);
        pthread_mutex_unlock(&b->lock);
    }
    ar_mm_scratch_free(&s);
    return NULL;
}

static uint64_t codes_found(void *arg)
{
    builder *b = arg;
    return atomic_load(&b->found);
}

ar_status ar_mm_build(const mm_rules *r, const mm_chooser *ch, const mm_build_options *o,
                      mm_node **root, ar_error *err)
{
    builder b;
    int threads = o->threads < 1 ? 1 : o->threads > 64 ? 64 : o->threads;
    task *first;
    uint32_t i;
    ar_status st;
    ar_run local, *run = o->run;
    ar_result local_res;
    *root = NULL;
    if (r->codes > MM_DENSE_MAX)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "%d pegs and %d colours make %u codes: a whole strategy is built for at most %u",
                            r->pegs, r->colours, (unsigned)r->codes, MM_DENSE_MAX);
    memset(&b, 0, sizeof b);
    b.r = r;
    b.ch = ch;
    b.o = o;
    b.status = AR_OK;
    pthread_mutex_init(&b.lock, NULL);
    pthread_cond_init(&b.wake, NULL);
    atomic_init(&b.nodes, 0);
    atomic_init(&b.found, 0);
    first = malloc(sizeof *first);
    if (first)
        first->set = malloc(sizeof *first->set * r->codes);
    if (!first || !first->set) {
        free(first);
        return ar_error_set(err, AR_ERR_MEMORY, "no memory for %u codes", (unsigned)r->codes);
    }
    for (i = 0; i < r->codes; i++)
        first->set[i] = i;
    first->h.count = 0;
    first->n = r->codes;
    first->slot = root;
    first->next = NULL;
    b.stack = first;
    if (!run) { /* no limits, no progress: the workers are still watched the same way */
        memset(&local_res, 0, sizeof local_res);
        ar_run_begin(&local, NULL, &local_res);
        run = &local;
    }
    ar_run_threads(run, (unsigned)threads, worker, &b, codes_found, r->codes, "codes", &b.stop);
    pthread_mutex_destroy(&b.lock);
    pthread_cond_destroy(&b.wake);
    st = b.status;
    if (st != AR_OK)
        *err = b.err;
    else if (b.stop)
        st = ar_error_set(err, AR_ERR_LIMIT, "stopped before the strategy was complete");
    if (st != AR_OK) {
        ar_mm_tree_free(*root);
        *root = NULL;
    }
    return st;
}
