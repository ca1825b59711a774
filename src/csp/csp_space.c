/* csp_space.c — the space a search works in: each variable's domain as a
 * bitset with its bounds and size, the trail that undoes every change on
 * backtracking, and the propagation queue.
 *
 * The queue has the four disciplines of ar_csp_consistency. Under the
 * incremental queue (the default) a change wakes only the propagators that
 * subscribed to its kind of event (any change, a bound, an assignment),
 * cheap propagators run before expensive ones (three cost buckets, as in
 * Gecode), and a propagator that reports itself subsumed is never woken
 * again on that branch. AC-3 is the textbook algorithm on the same
 * propagators: one first-in first-out queue, every constraint on a changed
 * variable revised again whatever the change. Forward checking runs the
 * constraints of the variable just assigned once and lets nothing cascade;
 * plain backtracking schedules nothing (the engine checks constraints itself).
 *
 * For conflict-directed backjumping every variable carries the set of
 * decision levels that narrowed it; a propagator's changes are explained,
 * coarsely but soundly, by the union of the sets of its variables. */
#include "csp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- the trail -- */

static int grow_trail(space *s)
{
    size_t cap = s->cap_trail ? 2 * s->cap_trail : 4096;
    trail_entry *t = ar_mem_realloc(s->mem, s->trail, s->cap_trail * sizeof *t, cap * sizeof *t, "the trail", s->err);
    if (!t) {
        s->oom = 1;
        return -1;
    }
    s->trail = t, s->cap_trail = cap;
    return 0;
}

void ar_csp_trail_save(space *s, void *addr, uint32_t bytes)
{
    trail_entry *e;
    if (s->ntrail == s->cap_trail && grow_trail(s) != 0)
        return; /* the search sees s->oom and stops */
    e = &s->trail[s->ntrail++];
    e->addr = addr, e->bytes = bytes, e->old = 0;
    memcpy(&e->old, addr, bytes);
}

size_t ar_csp_level_mark(const space *s) { return s->ntrail; }

/* Undoes the trail back to mark, newest first. */
void ar_csp_undo_to(space *s, size_t mark)
{
    while (s->ntrail > mark) {
        trail_entry *e = &s->trail[--s->ntrail];
        memcpy(e->addr, &e->old, e->bytes);
    }
}

#define SAVE(s, field) ar_csp_trail_save((s), &(field), (uint32_t)sizeof(field))

/* --------------------------------------------------- reasons (backjumping) -- */

static uint64_t *reason_of(space *s, int v) { return s->reasons + (size_t)v * s->rwords; }

/* reason(v) |= why, trailed. */
static void add_reason(space *s, int v)
{
    uint64_t *r = reason_of(s, v);
    size_t w;
    for (w = 0; w < s->rwords; w++)
        if ((r[w] | s->why[w]) != r[w]) {
            ar_csp_trail_save(s, &r[w], 8);
            r[w] |= s->why[w];
        }
}

/* A wipe-out of v: the conflict is what narrowed v before and what tried now. */
static void wipe_out(space *s, int v)
{
    if (s->backjump) {
        const uint64_t *r = reason_of(s, v);
        size_t w;
        for (w = 0; w < s->rwords; w++)
            s->conflict[w] = r[w] | s->why[w];
        s->conflict_set = 1;
    }
}

void ar_csp_fail_reason(space *s, const prop *p)
{
    size_t w;
    (void)p;
    if (!s->backjump || s->conflict_set)
        return;
    for (w = 0; w < s->rwords; w++)
        s->conflict[w] = s->why[w];
    s->conflict_set = 1;
}

/* why = the union of the reasons of p's variables. */
static void explain(space *s, const prop *p)
{
    size_t i, w;
    memset(s->why, 0, s->rwords * sizeof *s->why);
    for (i = 0; i < p->con->n; i++) {
        const uint64_t *r = reason_of(s, p->con->vars[i]);
        for (w = 0; w < s->rwords; w++)
            s->why[w] |= r[w];
    }
}

/* ---------------------------------------------------------- scheduling -- */

static void enqueue(space *s, prop *p)
{
    int b = s->o->consistency == AR_CSP_QUEUE ? p->cls->cost : 0;
    p->queued = 1;
    s->ring[b][s->tail[b]] = p->id;
    s->tail[b] = s->tail[b] + 1 == s->ring_cap ? 0 : s->tail[b] + 1;
    s->count[b]++;
}

void ar_csp_schedule_var(space *s, int v, uint32_t events)
{
    const svar *x = &s->vars[v];
    uint32_t k;
    int any = s->o->consistency != AR_CSP_QUEUE;
    for (k = x->sub; k < x->sub + x->nsub; k++) {
        prop *p = &s->props[s->subs[k].prop];
        if (p->queued || p == s->running || (p->subsumed && !any))
            continue;
        if (any || (s->subs[k].events & events))
            enqueue(s, p);
    }
}

void ar_csp_schedule_all(space *s)
{
    size_t k;
    for (k = 0; k < s->nprops; k++)
        if (!s->props[k].queued)
            enqueue(s, &s->props[k]);
}

static void clear_queue(space *s)
{
    int b;
    for (b = 0; b < 3; b++) {
        while (s->count[b]) {
            s->props[s->ring[b][s->head[b]]].queued = 0;
            s->head[b] = s->head[b] + 1 == s->ring_cap ? 0 : s->head[b] + 1;
            s->count[b]--;
        }
        s->head[b] = s->tail[b] = 0;
    }
}

/* A change of kind ev to v: its reason, then who must look at it. */
static void changed(space *s, int v, uint32_t ev)
{
    if (s->backjump)
        add_reason(s, v);
    if (!s->no_schedule)
        ar_csp_schedule_var(s, v, ev);
}

int ar_csp_propagate(space *s)
{
    int b;
    for (;;) {
        prop *p = NULL;
        int r;
        for (b = 0; b < 3; b++)
            if (s->count[b]) {
                p = &s->props[s->ring[b][s->head[b]]];
                s->head[b] = s->head[b] + 1 == s->ring_cap ? 0 : s->head[b] + 1;
                s->count[b]--;
                break;
            }
        if (!p)
            return s->oom ? -1 : 0;
        p->queued = 0;
        if (p->subsumed && s->o->consistency == AR_CSP_QUEUE)
            continue;
        if (s->backjump)
            explain(s, p);
        s->running = p;
        r = p->cls->propagate(s, p);
        s->running = NULL;
        s->propagations++;
        if (r == PROP_FAIL || s->oom) {
            p->weight++;
            ar_csp_fail_reason(s, p);
            clear_queue(s);
            return -1;
        }
        if (r == PROP_SUBSUMED && !p->subsumed) {
            SAVE(s, p->subsumed);
            p->subsumed = 1;
        }
    }
}

/* ------------------------------------------------------------ domains -- */

static uint64_t *word_of(space *s, int v, int32_t val)
{
    const svar *x = &s->vars[v];
    return &s->bits[x->word + ((uint32_t)(val - x->base) >> 6)];
}

/* The smallest value of v at or above val, below or at hi (INT32_MAX if none). */
static int32_t next_up(const space *s, int v, int32_t val, int32_t hi)
{
    const svar *x = &s->vars[v];
    uint32_t k = (uint32_t)(val - x->base), last = (uint32_t)(hi - x->base);
    while (k <= last) {
        uint64_t w = s->bits[x->word + (k >> 6)] >> (k & 63);
        if (w)
            return k + (uint32_t)__builtin_ctzll(w) <= last ? x->base + (int32_t)(k + (uint32_t)__builtin_ctzll(w))
                                                           : INT32_MAX;
        k = (k | 63) + 1;
    }
    return INT32_MAX;
}

/* The largest value of v at or below val, at or above lo (INT32_MIN if none). */
static int32_t next_down(const space *s, int v, int32_t val, int32_t lo)
{
    const svar *x = &s->vars[v];
    int64_t k = val - x->base, first = lo - x->base;
    while (k >= first) {
        uint64_t w = s->bits[x->word + ((uint64_t)k >> 6)] << (63 - (k & 63));
        if (w) {
            int64_t at = k - __builtin_clzll(w);
            return at >= first ? x->base + (int32_t)at : INT32_MIN;
        }
        k = (k & ~(int64_t)63) - 1;
    }
    return INT32_MIN;
}

int32_t ar_csp_dom_next(const space *s, int v, int32_t val)
{
    const svar *x = &s->vars[v];
    if (val > x->max)
        return INT32_MAX;
    return next_up(s, v, val < x->min ? x->min : val, x->max);
}

int ar_csp_dom_remove(space *s, int v, int32_t val)
{
    svar *x = &s->vars[v];
    uint64_t *w;
    uint32_t ev = EV_DOM;
    if (!dom_has(s, v, val))
        return 0;
    if (x->size == 1) {
        wipe_out(s, v);
        return -1;
    }
    w = word_of(s, v, val);
    ar_csp_trail_save(s, w, 8);
    *w &= ~((uint64_t)1 << ((uint32_t)(val - x->base) & 63));
    SAVE(s, x->size);
    x->size--;
    s->removals++;
    if (val == x->min) {
        SAVE(s, x->min);
        x->min = next_up(s, v, val, x->max);
        ev |= EV_BOUNDS;
    } else if (val == x->max) {
        SAVE(s, x->max);
        x->max = next_down(s, v, val, x->min);
        ev |= EV_BOUNDS;
    }
    if (x->size == 1)
        ev |= EV_FIXED;
    changed(s, v, ev);
    return 0;
}

/* Clears the values lo..hi of v (all inside the current bounds); returns
 * how many were there. */
static uint32_t clear_range(space *s, int v, int32_t lo, int32_t hi)
{
    const svar *x = &s->vars[v];
    uint32_t a = (uint32_t)(lo - x->base), b = (uint32_t)(hi - x->base), removed = 0;
    while (a <= b) {
        uint32_t wi = a >> 6, top = (b >> 6) == wi ? (b & 63) : 63;
        uint64_t mask = (top == 63 ? ~(uint64_t)0 : (((uint64_t)1 << (top + 1)) - 1)) & (~(uint64_t)0 << (a & 63));
        uint64_t *w = &s->bits[x->word + wi];
        if (*w & mask) {
            ar_csp_trail_save(s, w, 8);
            removed += (uint32_t)__builtin_popcountll(*w & mask);
            *w &= ~mask;
        }
        a = (wi + 1) << 6;
        if (a == 0)
            break;
    }
    return removed;
}

int ar_csp_dom_set_min(space *s, int v, int32_t val)
{
    svar *x = &s->vars[v];
    uint32_t removed;
    if (val <= x->min)
        return 0;
    if (val > x->max) {
        wipe_out(s, v);
        return -1;
    }
    removed = clear_range(s, v, x->min, val - 1);
    SAVE(s, x->size);
    SAVE(s, x->min);
    x->size -= removed;
    s->removals += removed;
    x->min = next_up(s, v, val, x->max);
    changed(s, v, EV_DOM | EV_BOUNDS | (x->size == 1 ? EV_FIXED : 0u));
    return 0;
}

int ar_csp_dom_set_max(space *s, int v, int32_t val)
{
    svar *x = &s->vars[v];
    uint32_t removed;
    if (val >= x->max)
        return 0;
    if (val < x->min) {
        wipe_out(s, v);
        return -1;
    }
    removed = clear_range(s, v, val + 1, x->max);
    SAVE(s, x->size);
    SAVE(s, x->max);
    x->size -= removed;
    s->removals += removed;
    x->max = next_down(s, v, val, x->min);
    changed(s, v, EV_DOM | EV_BOUNDS | (x->size == 1 ? EV_FIXED : 0u));
    return 0;
}

int ar_csp_dom_assign(space *s, int v, int32_t val)
{
    svar *x = &s->vars[v];
    uint32_t ev = EV_DOM | EV_FIXED;
    if (!dom_has(s, v, val)) {
        wipe_out(s, v);
        return -1;
    }
    if (x->size == 1)
        return 0;
    if (val > x->min)
        clear_range(s, v, x->min, val - 1);
    if (val < x->max)
        clear_range(s, v, val + 1, x->max);
    if (val != x->min || val != x->max)
        ev |= EV_BOUNDS;
    SAVE(s, x->size);
    SAVE(s, x->min);
    SAVE(s, x->max);
    s->removals += x->size - 1;
    x->size = 1, x->min = x->max = val;
    changed(s, v, ev);
    return 0;
}

/* ------------------------------------------------- the public space view -- */

int32_t ar_csp_space_min(const ar_csp_space *s, int var) { return s->vars[var].min; }
int32_t ar_csp_space_max(const ar_csp_space *s, int var) { return s->vars[var].max; }
uint32_t ar_csp_space_size(const ar_csp_space *s, int var) { return s->vars[var].size; }
int ar_csp_space_contains(const ar_csp_space *s, int var, int32_t value) { return dom_has(s, var, value); }
int ar_csp_space_remove(ar_csp_space *s, int var, int32_t value) { return ar_csp_dom_remove(s, var, value); }
int ar_csp_space_set_min(ar_csp_space *s, int var, int32_t value) { return ar_csp_dom_set_min(s, var, value); }
int ar_csp_space_set_max(ar_csp_space *s, int var, int32_t value) { return ar_csp_dom_set_max(s, var, value); }
int ar_csp_space_assign(ar_csp_space *s, int var, int32_t value) { return ar_csp_dom_assign(s, var, value); }

/* ------------------------------------------------------- making a space -- */

ar_status ar_csp_add_prop(space *s, const prop_class *cls, const mcon *c, void *data, prop **out, ar_error *err)
{
    prop *p;
    (void)err;
    p = &s->props[s->nprops];
    memset(p, 0, sizeof *p);
    p->cls = cls, p->con = c, p->data = data, p->id = (uint32_t)s->nprops++;
    if (out)
        *out = p;
    return AR_OK;
}

void ar_csp_subscribe(space *s, prop *p, int v, uint32_t events)
{
    pending_sub *ps = (pending_sub *)s->pending;
    if (s->npending == s->cap_pending) {
        size_t cap = s->cap_pending ? 2 * s->cap_pending : 256;
        pending_sub *n = realloc(ps, cap * sizeof *n);
        if (!n) {
            s->oom = 1;
            return;
        }
        s->pending = n, s->cap_pending = cap, ps = n;
    }
    ps[s->npending].var = (uint32_t)v, ps[s->npending].prop = p->id, ps[s->npending].events = events;
    s->npending++;
}
