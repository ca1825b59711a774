/* csp_internal.h — what the files of the constraint family share.
 *
 * csp_model.c: the model (variables, constraints as posted) and its checks;
 * csp_space.c: the space a search works in (domains as bitsets, the trail,
 * the propagation queue in its four disciplines); csp_build.c: making and
 * freeing a space; csp_alldiff.c,
 * csp_props.c: the propagators; csp_search.c: branchers and the
 * depth-first engine with backjumping; csp_minconf.c: min-conflicts;
 * csp_text.c: the text format; csp_options.c: options by name.
 *
 * A model is immutable once a search starts, so two searches may share it.
 * A space is private to one search: every mutable word (domains, bounds,
 * propagator state, backjumping reasons) is changed through the trail, and
 * backtracking restores the words in reverse order. */
#ifndef ARIADNE_CSP_INTERNAL_H
#define ARIADNE_CSP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/csp.h"
#include "ariadne/rng.h"

/* ------------------------------------------------------------ the model -- */

typedef enum con_kind { CON_ALLDIFF, CON_LINEAR, CON_TABLE, CON_USER } con_kind;

typedef struct mvar {
    char *name;
    int32_t lo, hi;      /* initial bounds (after exclusions) */
    uint32_t size;       /* values in the initial domain */
    uint64_t *holes;     /* NULL: lo..hi is whole; else the bitset of lo..hi */
    int group;           /* interchangeable group, -1 for none */
} mvar;

typedef struct mcon {
    con_kind kind;
    size_t n;
    int *vars;
    int32_t *offsets;    /* alldiff (NULL: none) */
    int64_t *coefs;      /* linear */
    ar_csp_rel rel;
    int64_t rhs;
    int32_t *pairs;      /* table: 2 * npairs values */
    size_t npairs;
    int allowed;
    ar_csp_user user;    /* user */
    void *ctx;
} mcon;

struct ar_csp {
    mvar *vars;
    size_t nvars, cap_vars;
    mcon *cons;
    size_t ncons, cap_cons;
    int ngroups;
};

int ar_csp_model_allows(const ar_csp *m, int var, int32_t value);
/* Whether constraint c holds for the values of its variables (vals[i] is the
 * value of c->vars[i]). */
int ar_csp_con_holds(const mcon *c, const int32_t *vals);

/* ------------------------------------------------------------ the space -- */

enum { EV_DOM = 1, EV_BOUNDS = 2, EV_FIXED = 4 }; /* what a change did */
enum { PROP_OK = 0, PROP_FAIL = -1, PROP_SUBSUMED = 1 };

typedef struct svar {
    int32_t min, max;    /* trailed */
    uint32_t size;       /* trailed */
    int32_t decided;     /* trailed: the level that assigned it by a decision, 0 none */
    int32_t base;        /* the value of bit 0 */
    uint32_t word;       /* its first word in space.bits */
    uint32_t nwords;
    uint32_t sub, nsub;  /* its subscriptions: space.subs[sub .. sub + nsub) */
} svar;

struct prop;
typedef struct ar_csp_space space;

typedef struct prop_class {
    const char *name;
    int cost;            /* 0 cheap .. 2 expensive: the queue's bucket */
    /* Narrows the domains; PROP_FAIL, PROP_OK or PROP_SUBSUMED. */
    int (*propagate)(space *s, struct prop *p);
    void (*destroy)(struct prop *p);
} prop_class;

typedef struct prop {
    const prop_class *cls;
    const mcon *con;
    void *data;          /* the class's own state (matchings, supports...) */
    uint32_t id;
    int32_t subsumed;    /* trailed */
    int32_t queued;
    uint32_t weight;     /* failures it caused (dom/wdeg) */
} prop;

typedef struct sub { uint32_t prop; uint32_t events; } sub;
typedef struct pending_sub { uint32_t var, prop, events; } pending_sub; /* while a space is made */

typedef struct trail_entry {
    void *addr;
    uint64_t old;
    uint32_t bytes;
} trail_entry;

struct ar_csp_space {
    const ar_csp *m;
    const ar_csp_options *o;
    ar_mem *mem;         /* the run's accounted memory, or a private one */
    ar_mem own_mem;
    svar *vars;
    size_t nvars;
    uint64_t *bits;
    size_t nbits_words;
    prop *props;
    size_t nprops;
    sub *subs;
    size_t nsubs;
    /* the trail and the levels' marks into it */
    trail_entry *trail;
    size_t ntrail, cap_trail;
    int level;           /* the current decision level (0 at the root) */
    /* the queue: three buckets of prop ids, each a ring */
    uint32_t *ring[3];
    size_t head[3], tail[3], count[3];
    size_t ring_cap;
    prop *running;       /* the propagator being run (its changes do not requeue it) */
    int no_schedule;     /* forward checking and plain backtracking: changes wake nobody */
    void *pending;       /* subscriptions while the propagators are made */
    size_t npending, cap_pending;
    uint64_t propagations;
    uint64_t removals;   /* values removed so far (the least-constraining value's measure) */
    /* conflict-directed backjumping: per variable, the levels that narrowed it */
    int backjump;
    size_t rwords;       /* words per level set */
    uint64_t *reasons;   /* nvars * rwords, trailed word by word */
    uint64_t *why;       /* the running propagator's reason (rwords) */
    uint64_t *conflict;  /* the levels that caused the last failure (rwords) */
    int conflict_set;    /* conflict holds the reason of the failure being handled */
    int32_t *scratch;    /* values of a constraint's variables (max arity) */
    size_t max_arity;
    ar_error *err;
    int oom;
};

ar_status ar_csp_space_new(space **out, const ar_csp *m, const ar_csp_options *o, ar_mem *mem, ar_error *err);
void ar_csp_space_free(space *s);

/* Trail and levels. */
void ar_csp_trail_save(space *s, void *addr, uint32_t bytes);
size_t ar_csp_level_mark(const space *s);
void ar_csp_undo_to(space *s, size_t mark); /* undoes the changes made since mark */

static inline int dom_has(const space *s, int v, int32_t val)
{
    const svar *x = &s->vars[v];
    uint32_t k;
    if (val < x->min || val > x->max)
        return 0;
    k = (uint32_t)(val - x->base);
    return (int)(s->bits[x->word + (k >> 6)] >> (k & 63) & 1u);
}
static inline int dom_fixed(const space *s, int v) { return s->vars[v].size == 1; }

/* Narrowing, with the events scheduled; 0 or -1 on a wipe-out (the failure
 * is recorded for backjumping). */
int ar_csp_dom_remove(space *s, int v, int32_t val);
int ar_csp_dom_set_min(space *s, int v, int32_t val);
int ar_csp_dom_set_max(space *s, int v, int32_t val);
int ar_csp_dom_assign(space *s, int v, int32_t val);
/* The next value of v's domain at or above val (above max: INT32_MAX). */
int32_t ar_csp_dom_next(const space *s, int v, int32_t val);

/* Propagation to the fixpoint of the discipline in s->o; 0 or -1 on failure
 * (s->conflict then holds its reason when backjumping). */
int ar_csp_propagate(space *s);
/* Schedules every propagator (the root; a propagator newly made). */
void ar_csp_schedule_all(space *s);
void ar_csp_schedule_var(space *s, int v, uint32_t events);
/* Records the failure of p (its reason becomes the conflict). */
void ar_csp_fail_reason(space *s, const prop *p);

/* Makes the propagator of a model's constraint in s (csp_build.c
 * dispatches to the makers of csp_props.c and csp_alldiff.c); each adds its
 * subscriptions with ar_csp_subscribe. */
ar_status ar_csp_make_props(space *s, const mcon *c, ar_error *err);
ar_status ar_csp_make_alldiff(space *s, const mcon *c, ar_error *err);
ar_status ar_csp_make_linear(space *s, const mcon *c, ar_error *err);
ar_status ar_csp_make_table(space *s, const mcon *c, ar_error *err);
ar_status ar_csp_make_user(space *s, const mcon *c, ar_error *err);
ar_status ar_csp_add_prop(space *s, const prop_class *cls, const mcon *c, void *data, prop **out, ar_error *err);
void ar_csp_subscribe(space *s, prop *p, int v, uint32_t events);

#endif
