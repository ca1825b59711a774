/* csp_build.c — making a search's space from a model and freeing it: the
 * domains as bitsets (holes included), a propagator for each constraint in
 * the strength the options ask for (csp_props.c, csp_alldiff.c), the
 * subscriptions grouped by variable, the queue, and the level sets of
 * backjumping. Kept apart from csp_space.c, which only runs a space, so that
 * the propagators may call the space without the space calling them. */
#include "csp_internal.h"

#include <stdlib.h>
#include <string.h>

ar_status ar_csp_make_props(space *s, const mcon *c, ar_error *err)
{
    switch (c->kind) {
    case CON_ALLDIFF: return ar_csp_make_alldiff(s, c, err);
    case CON_LINEAR: return ar_csp_make_linear(s, c, err);
    case CON_TABLE: return ar_csp_make_table(s, c, err);
    case CON_USER: return ar_csp_make_user(s, c, err);
    }
    return ar_error_set(err, AR_ERR_INTERNAL, "unknown constraint kind");
}

/* The subscriptions grouped by variable (a counting sort), one entry per
 * (variable, propagator) with the events or'ed together. */
static ar_status build_subscriptions(space *s, ar_error *err)
{
    pending_sub *ps = (pending_sub *)s->pending;
    size_t k, *start = calloc(s->nvars + 1, sizeof *start);
    if (!start)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory building the propagators");
    for (k = 0; k < s->npending; k++)
        start[ps[k].var + 1]++;
    for (k = 0; k < s->nvars; k++)
        start[k + 1] += start[k];
    s->nsubs = s->npending;
    s->subs = ar_mem_alloc(s->mem, (s->nsubs ? s->nsubs : 1) * sizeof *s->subs, 0, "subscriptions", err);
    if (!s->subs) {
        free(start);
        return AR_ERR_MEMORY;
    }
    for (k = 0; k < s->nvars; k++)
        s->vars[k].sub = (uint32_t)start[k], s->vars[k].nsub = 0;
    for (k = 0; k < s->npending; k++) {
        svar *x = &s->vars[ps[k].var];
        uint32_t j;
        for (j = x->sub; j < x->sub + x->nsub; j++)
            if (s->subs[j].prop == ps[k].prop)
                break;
        if (j < x->sub + x->nsub) {
            s->subs[j].events |= ps[k].events;
        } else {
            s->subs[x->sub + x->nsub].prop = ps[k].prop;
            s->subs[x->sub + x->nsub].events = ps[k].events;
            x->nsub++;
        }
    }
    free(start);
    free(s->pending);
    s->pending = NULL;
    s->npending = s->cap_pending = 0;
    return AR_OK;
}

ar_status ar_csp_space_new(space **out, const ar_csp *m, const ar_csp_options *o, ar_mem *mem, ar_error *err)
{
    space *s = calloc(1, sizeof *s);
    size_t k, words = 0, arity = 1;
    ar_status st;
    *out = NULL;
    if (!s)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory making a search space");
    s->m = m, s->o = o, s->err = err;
    if (mem)
        s->mem = mem;
    else {
        ar_mem_init(&s->own_mem, 0);
        s->mem = &s->own_mem;
    }
    s->nvars = m->nvars;
    s->backjump = o->backjump != 0;
    for (k = 0; k < m->nvars; k++)
        words += ((size_t)((int64_t)m->vars[k].hi - m->vars[k].lo + 1) + 63) / 64;
    for (k = 0; k < m->ncons; k++)
        if (m->cons[k].n > arity)
            arity = m->cons[k].n;
    s->max_arity = arity;
    s->vars = ar_mem_alloc(s->mem, (s->nvars ? s->nvars : 1) * sizeof *s->vars, 1, "variables", err);
    s->bits = ar_mem_alloc(s->mem, (words ? words : 1) * sizeof *s->bits, 0, "domains", err);
    s->props = ar_mem_alloc(s->mem, (m->ncons ? m->ncons : 1) * sizeof *s->props, 1, "propagators", err);
    s->scratch = ar_mem_alloc(s->mem, arity * sizeof *s->scratch, 0, "scratch", err);
    s->ring_cap = m->ncons + 1;
    for (k = 0; k < 3; k++)
        s->ring[k] = ar_mem_alloc(s->mem, s->ring_cap * sizeof *s->ring[k], 0, "the propagation queue", err);
    if (!s->vars || !s->bits || !s->props || !s->scratch || !s->ring[0] || !s->ring[1] || !s->ring[2]) {
        ar_csp_space_free(s);
        return AR_ERR_MEMORY;
    }
    s->nbits_words = words;
    words = 0;
    for (k = 0; k < m->nvars; k++) {
        const mvar *mv = &m->vars[k];
        svar *x = &s->vars[k];
        uint32_t width = (uint32_t)((int64_t)mv->hi - mv->lo + 1), nw = (width + 63) / 64, w;
        x->min = mv->lo, x->max = mv->hi, x->size = mv->size, x->base = mv->lo;
        x->word = (uint32_t)words, x->nwords = nw;
        for (w = 0; w < nw; w++)
            s->bits[words + w] = mv->holes ? mv->holes[w] : ~(uint64_t)0;
        if (!mv->holes && (width & 63))
            s->bits[words + nw - 1] = ((uint64_t)1 << (width & 63)) - 1;
        words += nw;
    }
    if (s->backjump) {
        s->rwords = (s->nvars + 2 + 63) / 64;
        s->reasons = ar_mem_alloc(s->mem, s->nvars * s->rwords * sizeof *s->reasons + 8, 1, "backjumping reasons", err);
        s->why = ar_mem_alloc(s->mem, s->rwords * sizeof *s->why, 1, "backjumping reasons", err);
        s->conflict = ar_mem_alloc(s->mem, s->rwords * sizeof *s->conflict, 1, "backjumping reasons", err);
        if (!s->reasons || !s->why || !s->conflict) {
            ar_csp_space_free(s);
            return AR_ERR_MEMORY;
        }
    }
    for (k = 0; k < m->ncons; k++)
        if ((st = ar_csp_make_props(s, &m->cons[k], err)) != AR_OK) {
            ar_csp_space_free(s);
            return st;
        }
    if (s->oom || (st = build_subscriptions(s, err)) != AR_OK) {
        ar_csp_space_free(s);
        return s->oom ? ar_error_set(err, AR_ERR_MEMORY, "out of memory building the propagators") : st;
    }
    *out = s;
    return AR_OK;
}

void ar_csp_space_free(space *s)
{
    size_t k;
    if (!s)
        return;
    for (k = 0; k < s->nprops; k++)
        if (s->props[k].cls && s->props[k].cls->destroy)
            s->props[k].cls->destroy(&s->props[k]);
    free(s->pending);
    ar_mem_free(s->mem, s->vars, (s->nvars ? s->nvars : 1) * sizeof *s->vars);
    ar_mem_free(s->mem, s->bits, (s->nbits_words ? s->nbits_words : 1) * sizeof *s->bits);
    ar_mem_free(s->mem, s->props, (s->m->ncons ? s->m->ncons : 1) * sizeof *s->props);
    ar_mem_free(s->mem, s->scratch, s->max_arity * sizeof *s->scratch);
    for (k = 0; k < 3; k++)
        ar_mem_free(s->mem, s->ring[k], s->ring_cap * sizeof *s->ring[k]);
    ar_mem_free(s->mem, s->subs, (s->nsubs ? s->nsubs : 1) * sizeof *s->subs);
    ar_mem_free(s->mem, s->trail, s->cap_trail * sizeof *s->trail);
    if (s->reasons) {
        ar_mem_free(s->mem, s->reasons, s->nvars * s->rwords * sizeof *s->reasons + 8);
        ar_mem_free(s->mem, s->why, s->rwords * sizeof *s->why);
        ar_mem_free(s->mem, s->conflict, s->rwords * sizeof *s->conflict);
    }
    free(s);
}
