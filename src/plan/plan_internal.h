/* plan_internal.h — a planning task inside src/plan: what the parser
 * (plan_parse.c) reads, what grounding (ar_plan_ground.c) makes of it, and what
 * the state operations (plan_task.c) and means-ends analysis (mea.c) use.
 * Ground atoms and operators are dense indices; lists of them live in one
 * pool of uint32 each. */
#ifndef ARIADNE_PLAN_INTERNAL_H
#define ARIADNE_PLAN_INTERNAL_H

#include <stdlib.h>
#include "ariadne/plan.h"

#define PLAN_NAME_LEN 32
#define PLAN_MAX_PREDS 256
#define PLAN_MAX_CONSTS 256
#define PLAN_MAX_SCHEMAS 128

typedef struct patom {
    uint16_t pred;
    uint8_t nargs;
    int16_t arg[AR_PLAN_MAX_PARAMS]; /* >= 0 a constant, < 0 parameter -(i + 1) */
} patom;

typedef struct patoms {
    patom *v;
    unsigned n, cap;
} patoms;

typedef struct schema {
    char name[PLAN_NAME_LEN];
    unsigned nparams;
    char params[AR_PLAN_MAX_PARAMS][PLAN_NAME_LEN];
    patoms pre, add, del;
    unsigned line;
} schema;

typedef struct pred {
    char name[PLAN_NAME_LEN];
    int arity;
    int fluent;    /* some operator adds or deletes it */
    int rank;      /* the difference table's order (smaller: more important) */
    int row;       /* its row in the table, -1 for none */
} pred;

typedef struct ulist {
    uint32_t *v;
    size_t n, cap;
} ulist;

struct ar_plan_task {
    pred preds[PLAN_MAX_PREDS];
    unsigned npreds;
    char consts[PLAN_MAX_CONSTS][PLAN_NAME_LEN];
    unsigned nconsts;
    schema schemas[PLAN_MAX_SCHEMAS];
    unsigned nschemas;
    patoms init, goal;
    /* difference table rows: schemas reducing a predicate, in order */
    unsigned nrows;
    uint32_t row_first[PLAN_MAX_PREDS], row_count[PLAN_MAX_PREDS];
    ulist row_ops;

    /* ground atoms: fluent ones numbered 0..nfluent-1; static ones only in
     * the set of those true initially */
    unsigned nfluent;
    uint32_t *atom_pred;       /* per fluent atom */
    char **atom_name;          /* per fluent atom, "on(a,b)" */
    uint64_t *atom_key;        /* hash table of atom keys -> index (fluent) or static flag */
    uint32_t *atom_val;
    size_t atom_slots;
    uint32_t atom_cap;
    /* ground operators */
    unsigned nops;
    uint32_t *op_schema;
    uint16_t *op_args;         /* nops * AR_PLAN_MAX_PARAMS constants */
    uint32_t *pre_first, *pre_n, *add_first, *add_n, *del_first, *del_n;
    ulist lists;               /* the operators' atom lists */
    uint32_t *ach_first, *ach_n; /* per fluent atom: the operators that add it */
    ulist achievers;
    uint32_t cap_ops;
    /* the problem */
    size_t state_size;
    unsigned char *initial;
    uint32_t *goal_atoms;      /* fluent goal atoms, in the order written */
    unsigned ngoal;
    char false_static_goal[96]; /* a static goal atom false initially ("" none) */
};

static inline int ulist_push(ulist *l, uint32_t x)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        uint32_t *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = x;
    return 0;
}

/* ar_plan_ground.c: grounding after parsing; AR_ERR_INPUT with a reason. */
ar_status ar_plan_ground(ar_plan_task *t, ar_error *err);
/* The fluent atom of a ground patom (constants only), or -1 (static, or not
 * a known atom). */
long ar_plan_atom_index(const ar_plan_task *t, const patom *a);

static inline int plan_holds(const unsigned char *state, uint32_t atom)
{
    return state[atom >> 3] >> (atom & 7u) & 1u;
}

static inline void plan_set(unsigned char *state, uint32_t atom, int on)
{
    if (on)
        state[atom >> 3] = (unsigned char)(state[atom >> 3] | 1u << (atom & 7u));
    else
        state[atom >> 3] = (unsigned char)(state[atom >> 3] & ~(1u << (atom & 7u)));
}

#endif
