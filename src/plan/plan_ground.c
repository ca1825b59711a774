/* ar_plan_ground.c — grounding a parsed planning task: predicates that some
 * operator adds or deletes are fluent, the others static; every operator is
 * instantiated with distinct constants for its parameters, pruned as soon as
 * a static precondition whose parameters are all bound is false initially;
 * fluent ground atoms get dense numbers (a hash table of 64-bit keys: the
 * predicate and up to six constants of eight bits), and each atom the list of
 * operators that add it, for means-ends analysis and h_max. */
#include "plan_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STATIC_TRUE UINT32_MAX

static uint64_t key_of(uint16_t pr, unsigned nargs, const uint16_t *c)
{
    uint64_t k = (uint64_t)pr << 48;
    unsigned i;
    for (i = 0; i < nargs; i++)
        k |= (uint64_t)c[i] << (8 * i);
    return k + 1; /* 0 marks an empty slot */
}

static size_t slot_of(const ar_plan_task *t, uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    size_t mask = t->atom_slots - 1, i = (size_t)(h >> 20) & mask;
    while (t->atom_key[i] && t->atom_key[i] != key)
        i = (i + 1) & mask;
    return i;
}

static int grow_table(ar_plan_task *t)
{
    size_t old = t->atom_slots, i, n = old ? old * 2 : 1024;
    uint64_t *ok = t->atom_key;
    uint32_t *ov = t->atom_val;
    t->atom_key = calloc(n, sizeof *t->atom_key);
    t->atom_val = calloc(n, sizeof *t->atom_val);
    if (!t->atom_key || !t->atom_val) {
        free(t->atom_key);
        free(t->atom_val);
        t->atom_key = ok;
        t->atom_val = ov;
        return -1;
    }
    t->atom_slots = n;
    for (i = 0; i < old; i++)
        if (ok[i]) {
            size_t j = slot_of(t, ok[i]);
            t->atom_key[j] = ok[i];
            t->atom_val[j] = ov[i];
        }
    free(ok);
    free(ov);
    return 0;
}

static void atom_text(const ar_plan_task *t, uint16_t pr, unsigned nargs, const uint16_t *c,
                      char *buf, size_t size)
{
    size_t used = (size_t)snprintf(buf, size, "%s", t->preds[pr].name);
    unsigned i;
    for (i = 0; i < nargs && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "," : "(", t->consts[c[i]]);
    if (nargs && used < size)
        snprintf(buf + used, size - used, ")");
}

/* The index of a fluent atom, added when new; -1 when out of room. */
static long intern(ar_plan_task *t, uint16_t pr, unsigned nargs, const uint16_t *c, ar_error *err)
{
    uint64_t key = key_of(pr, nargs, c);
    size_t i;
    char name[256];
    if ((t->nfluent + 1) * 2 > t->atom_slots && grow_table(t))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding"), -1;
    i = slot_of(t, key);
    if (t->atom_key[i])
        return (long)t->atom_val[i];
    if (t->nfluent == AR_PLAN_MAX_ATOMS)
        return ar_error_set(err, AR_ERR_INPUT, "more than %d ground atoms", AR_PLAN_MAX_ATOMS), -1;
    if (t->nfluent == t->atom_cap) {
        uint32_t cap = t->atom_cap ? t->atom_cap * 2 : 64;
        uint32_t *ap = realloc(t->atom_pred, cap * sizeof *ap);
        char **nm = ap ? realloc(t->atom_name, cap * sizeof *nm) : NULL;
        if (ap)
            t->atom_pred = ap;
        if (!ap || !nm)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding"), -1;
        t->atom_name = nm;
        t->atom_cap = cap;
    }
    atom_text(t, pr, nargs, c, name, sizeof name);
    t->atom_name[t->nfluent] = strdup(name);
    if (!t->atom_name[t->nfluent])
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding"), -1;
    t->atom_pred[t->nfluent] = pr;
    t->atom_key[i] = key;
    t->atom_val[i] = t->nfluent;
    return (long)t->nfluent++;
}

static int static_true(const ar_plan_task *t, uint16_t pr, unsigned nargs, const uint16_t *c)
{
    size_t i;
    if (!t->atom_slots)
        return 0;
    i = slot_of(t, key_of(pr, nargs, c));
    return t->atom_key[i] && t->atom_val[i] == STATIC_TRUE;
}

long ar_plan_atom_index(const ar_plan_task *t, const patom *a)
{
    uint16_t c[AR_PLAN_MAX_PARAMS];
    size_t i;
    unsigned k;
    for (k = 0; k < a->nargs; k++) {
        if (a->arg[k] < 0)
            return -1;
        c[k] = (uint16_t)a->arg[k];
    }
    i = slot_of(t, key_of(a->pred, a->nargs, c));
    return t->atom_key[i] && t->atom_val[i] != STATIC_TRUE ? (long)t->atom_val[i] : -1;
}

/* The constants of an atom under a binding of the operator's parameters. */
static void bind(const patom *a, const uint16_t *binding, uint16_t *c)
{
    unsigned k;
    for (k = 0; k < a->nargs; k++)
        c[k] = a->arg[k] >= 0 ? (uint16_t)a->arg[k] : binding[-a->arg[k] - 1];
}

/* The largest parameter an atom uses, -1 for none. */
static int last_param(const patom *a)
{
    int m = -1;
    unsigned k;
    for (k = 0; k < a->nargs; k++)
        if (a->arg[k] < 0 && -a->arg[k] - 1 > m)
            m = -a->arg[k] - 1;
    return m;
}

static int grow_ops(ar_plan_task *t)
{
    uint32_t cap = t->cap_ops ? t->cap_ops * 2 : 256;
    uint32_t **arrays[] = {&t->op_schema, &t->pre_first, &t->pre_n, &t->add_first,
                           &t->add_n,     &t->del_first, &t->del_n};
    size_t i;
    uint16_t *args;
    for (i = 0; i < sizeof arrays / sizeof *arrays; i++) {
        uint32_t *p = realloc(*arrays[i], cap * sizeof **arrays[i]);
        if (!p)
            return -1;
        *arrays[i] = p;
    }
    args = realloc(t->op_args, (size_t)cap * AR_PLAN_MAX_PARAMS * sizeof *args);
    if (!args)
        return -1;
    t->op_args = args;
    t->cap_ops = cap;
    return 0;
}

static ar_status add_list(ar_plan_task *t, const patoms *l, const uint16_t *binding, int skip_static,
                          uint32_t *first, uint32_t *n, ar_error *err)
{
    unsigned i;
    *first = (uint32_t)t->lists.n;
    *n = 0;
    for (i = 0; i < l->n; i++) {
        uint16_t c[AR_PLAN_MAX_PARAMS];
        long a;
        if (skip_static && !t->preds[l->v[i].pred].fluent)
            continue;
        bind(&l->v[i], binding, c);
        a = intern(t, l->v[i].pred, l->v[i].nargs, c, err);
        if (a < 0)
            return err->status;
        if (ulist_push(&t->lists, (uint32_t)a))
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding");
        (*n)++;
    }
    return AR_OK;
}

static ar_status ground_schema(ar_plan_task *t, unsigned s, ar_error *err)
{
    const schema *op = &t->schemas[s];
    uint16_t binding[AR_PLAN_MAX_PARAMS];
    int depth = 0, np = (int)op->nparams;
    unsigned i;
    int next[AR_PLAN_MAX_PARAMS + 1];
    /* static preconditions without parameters hold or the operator is dead */
    for (i = 0; i < op->pre.n; i++) {
        uint16_t c[AR_PLAN_MAX_PARAMS];
        if (t->preds[op->pre.v[i].pred].fluent || last_param(&op->pre.v[i]) >= 0)
            continue;
        bind(&op->pre.v[i], binding, c);
        if (!static_true(t, op->pre.v[i].pred, op->pre.v[i].nargs, c))
            return AR_OK;
    }
    if (np > 0 && t->nconsts == 0)
        return AR_OK;
    next[0] = 0;
    for (;;) {
        int ok = 1, k;
        if (depth < np) {
            if (next[depth] >= (int)t->nconsts) {
                if (depth == 0)
                    return AR_OK;
                depth--;
                continue;
            }
            binding[depth] = (uint16_t)next[depth]++;
            for (k = 0; k < depth && ok; k++)
                ok = binding[k] != binding[depth]; /* distinct parameters, distinct constants */
            for (i = 0; i < op->pre.n && ok; i++) {
                uint16_t c[AR_PLAN_MAX_PARAMS];
                if (t->preds[op->pre.v[i].pred].fluent || last_param(&op->pre.v[i]) != depth)
                    continue;
                bind(&op->pre.v[i], binding, c);
                ok = static_true(t, op->pre.v[i].pred, op->pre.v[i].nargs, c);
            }
            if (!ok)
                continue;
            depth++;
            next[depth] = 0;
            if (depth < np)
                continue;
        }
        /* a complete binding: one ground operator */
        if (t->nops == AR_PLAN_MAX_GROUND_OPS)
            return ar_error_set(err, AR_ERR_INPUT, "more than %d ground operators (operator %s)",
                                AR_PLAN_MAX_GROUND_OPS, op->name);
        if (t->nops == t->cap_ops && grow_ops(t))
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding");
        t->op_schema[t->nops] = s;
        memcpy(t->op_args + (size_t)t->nops * AR_PLAN_MAX_PARAMS, binding, sizeof binding);
        if (add_list(t, &op->pre, binding, 1, &t->pre_first[t->nops], &t->pre_n[t->nops], err) ||
            add_list(t, &op->add, binding, 0, &t->add_first[t->nops], &t->add_n[t->nops], err) ||
            add_list(t, &op->del, binding, 0, &t->del_first[t->nops], &t->del_n[t->nops], err))
            return err->status;
        t->nops++;
        if (np == 0)
            return AR_OK;
        depth--;
    }
}

ar_status ar_plan_ground(ar_plan_task *t, ar_error *err)
{
    unsigned s, i, rank = 0;
    uint32_t *init_atoms = NULL;
    size_t ninit = 0;
    ar_status st = AR_OK;
    for (s = 0; s < t->nschemas; s++) {
        for (i = 0; i < t->schemas[s].add.n; i++)
            t->preds[t->schemas[s].add.v[i].pred].fluent = 1;
        for (i = 0; i < t->schemas[s].del.n; i++)
            t->preds[t->schemas[s].del.v[i].pred].fluent = 1;
    }
    for (i = 0; i < t->npreds; i++)
        t->preds[i].rank = t->preds[i].row >= 0 ? t->preds[i].row : (int)(t->nrows + rank++);
    /* one table for static and fluent atoms, sized once: at most half full */
    while (t->atom_slots < 2 * ((size_t)t->init.n + AR_PLAN_MAX_ATOMS))
        if (grow_table(t))
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding");
    /* the static atoms true initially */
    for (i = 0; i < t->init.n; i++) {
        uint16_t c[AR_PLAN_MAX_PARAMS];
        size_t j;
        if (t->preds[t->init.v[i].pred].fluent)
            continue;
        bind(&t->init.v[i], NULL, c);
        j = slot_of(t, key_of(t->init.v[i].pred, t->init.v[i].nargs, c));
        t->atom_key[j] = key_of(t->init.v[i].pred, t->init.v[i].nargs, c);
        t->atom_val[j] = STATIC_TRUE;
    }
    init_atoms = malloc(sizeof *init_atoms * (t->init.n + 1));
    t->goal_atoms = malloc(sizeof *t->goal_atoms * (t->goal.n + 1));
    if (!init_atoms || !t->goal_atoms) {
        free(init_atoms);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding");
    }
    for (i = 0; i < t->init.n && st == AR_OK; i++) {
        uint16_t c[AR_PLAN_MAX_PARAMS];
        long a;
        if (!t->preds[t->init.v[i].pred].fluent)
            continue;
        bind(&t->init.v[i], NULL, c);
        if ((a = intern(t, t->init.v[i].pred, t->init.v[i].nargs, c, err)) < 0)
            st = err->status;
        else
            init_atoms[ninit++] = (uint32_t)a;
    }
    for (i = 0; i < t->goal.n && st == AR_OK; i++) {
        uint16_t c[AR_PLAN_MAX_PARAMS];
        long a;
        bind(&t->goal.v[i], NULL, c);
        if (!t->preds[t->goal.v[i].pred].fluent) {
            if (!static_true(t, t->goal.v[i].pred, t->goal.v[i].nargs, c) && !t->false_static_goal[0])
                atom_text(t, t->goal.v[i].pred, t->goal.v[i].nargs, c, t->false_static_goal,
                          sizeof t->false_static_goal);
            continue;
        }
        if ((a = intern(t, t->goal.v[i].pred, t->goal.v[i].nargs, c, err)) < 0)
            st = err->status;
        else
            t->goal_atoms[t->ngoal++] = (uint32_t)a;
    }
    for (s = 0; s < t->nschemas && st == AR_OK; s++)
        st = ground_schema(t, s, err);
    if (st == AR_OK) {
        t->state_size = (t->nfluent + 7) / 8 ? (t->nfluent + 7) / 8 : 1;
        t->initial = calloc(1, t->state_size);
        t->ach_first = calloc(t->nfluent + 1, sizeof *t->ach_first);
        t->ach_n = calloc(t->nfluent + 1, sizeof *t->ach_n);
        if (!t->initial || !t->ach_first || !t->ach_n)
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding");
    }
    for (i = 0; st == AR_OK && i < ninit; i++)
        plan_set(t->initial, init_atoms[i], 1);
    /* achievers, grouped by atom: count, place, fill (operators in order) */
    if (st == AR_OK) {
        unsigned o, k;
        size_t total = 0;
        for (o = 0; o < t->nops; o++)
            for (k = 0; k < t->add_n[o]; k++)
                t->ach_n[t->lists.v[t->add_first[o] + k]]++;
        for (i = 0; i < t->nfluent; i++) {
            t->ach_first[i] = (uint32_t)total;
            total += t->ach_n[i];
            t->ach_n[i] = 0;
        }
        t->achievers.v = malloc(sizeof *t->achievers.v * (total ? total : 1));
        t->achievers.n = t->achievers.cap = total;
        if (!t->achievers.v)
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory grounding");
        for (o = 0; st == AR_OK && o < t->nops; o++)
            for (k = 0; k < t->add_n[o]; k++) {
                uint32_t a = t->lists.v[t->add_first[o] + k];
                t->achievers.v[t->ach_first[a] + t->ach_n[a]++] = o;
            }
    }
    free(init_atoms);
    return st;
}
