/* plan_task.c — a grounded planning task at work (plan.h): states as
 * bitsets, applying operators (delete, then add), the operators' names, and
 * the two estimates the searches use (unsatisfied goals; h_max). */
#include "plan_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t ar_plan_state_size(const ar_plan_task *t) { return t->state_size; }
unsigned ar_plan_op_count(const ar_plan_task *t) { return t->nops; }
unsigned ar_plan_atom_count(const ar_plan_task *t) { return t->nfluent; }
unsigned ar_plan_schema_count(const ar_plan_task *t) { return t->nschemas; }

void ar_plan_initial(const ar_plan_task *t, void *state) { memcpy(state, t->initial, t->state_size); }

int ar_plan_is_goal(const ar_plan_task *t, const void *state)
{
    unsigned i;
    for (i = 0; i < t->ngoal; i++)
        if (!plan_holds(state, t->goal_atoms[i]))
            return 0;
    return !t->false_static_goal[0];
}

ar_status ar_plan_check_goal(const ar_plan_task *t, ar_error *err)
{
    if (t->false_static_goal[0])
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "goal %s is false initially and no operator "
                            "changes it", t->false_static_goal);
    return AR_OK;
}

void ar_plan_format_state(const ar_plan_task *t, const void *state, char *buf, size_t size)
{
    size_t used = 0;
    unsigned i;
    if (size)
        buf[0] = '\0';
    for (i = 0; i < t->nfluent && used < size; i++)
        if (plan_holds(state, i))
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? " " : "", t->atom_name[i]);
}

int ar_plan_applicable(const ar_plan_task *t, unsigned op, const void *state)
{
    uint32_t k;
    for (k = 0; k < t->pre_n[op]; k++)
        if (!plan_holds(state, t->lists.v[t->pre_first[op] + k]))
            return 0;
    return 1;
}

void ar_plan_apply(const ar_plan_task *t, unsigned op, void *state)
{
    uint32_t k;
    for (k = 0; k < t->del_n[op]; k++)
        plan_set(state, t->lists.v[t->del_first[op] + k], 0);
    for (k = 0; k < t->add_n[op]; k++)
        plan_set(state, t->lists.v[t->add_first[op] + k], 1);
}

unsigned ar_plan_applicable_ops(const ar_plan_task *t, const void *state, uint32_t *ops)
{
    unsigned o, n = 0;
    for (o = 0; o < t->nops; o++)
        if (ar_plan_applicable(t, o, state))
            ops[n++] = o;
    return n;
}

size_t ar_plan_format_op(const ar_plan_task *t, unsigned op, char *buf, size_t size)
{
    const schema *s = &t->schemas[t->op_schema[op]];
    const uint16_t *c = t->op_args + (size_t)op * AR_PLAN_MAX_PARAMS;
    size_t used = (size_t)snprintf(buf, size, "%s", s->name);
    unsigned k;
    for (k = 0; k < s->nparams; k++)
        used += (size_t)snprintf(buf + (used < size ? used : size), used < size ? size - used : 0, "%s%s",
                                 k ? "," : "(", t->consts[c[k]]);
    if (s->nparams)
        used += (size_t)snprintf(buf + (used < size ? used : size), used < size ? size - used : 0, ")");
    return used;
}

long ar_plan_find_op(const ar_plan_task *t, const char *text, size_t len, char *why, size_t why_size)
{
    char want[256], have[256];
    size_t n = 0, i;
    unsigned o, s;
    /* the text without blanks: "push(desk, room1)" reads as "push(desk,room1)" */
    for (i = 0; i < len && n + 1 < sizeof want; i++)
        if (!isspace((unsigned char)text[i]))
            want[n++] = text[i];
    want[n] = '\0';
    for (o = 0; o < t->nops; o++) {
        ar_plan_format_op(t, o, have, sizeof have);
        if (strcmp(have, want) == 0)
            return (long)o;
    }
    for (s = 0; s < t->nschemas; s++) {
        size_t k = strlen(t->schemas[s].name);
        if (strncmp(want, t->schemas[s].name, k) == 0 && (want[k] == '(' || want[k] == '\0')) {
            snprintf(why, why_size, "%.60s: operator %s has no such instance (it takes %u "
                     "distinct objects%s)", want, t->schemas[s].name, t->schemas[s].nparams,
                     t->schemas[s].nparams ? " whose static preconditions hold" : "");
            return -1;
        }
    }
    snprintf(why, why_size, "%.60s is not an operator of this task", want);
    return -1;
}

uint64_t ar_plan_goal_count(const ar_plan_task *t, const void *state)
{
    uint64_t c = 0;
    unsigned i;
    for (i = 0; i < t->ngoal; i++)
        c += !plan_holds(state, t->goal_atoms[i]);
    return c;
}

/* h_max by value iteration over the operators: cost(atom) = 0 when true,
 * else min over its achievers of 1 + max over their preconditions. */
uint64_t ar_plan_hmax(const ar_plan_task *t, const void *state)
{
    uint32_t *cost = malloc(sizeof *cost * (t->nfluent + 1));
    uint64_t h = 0;
    unsigned i, o;
    int changed = 1;
    if (!cost)
        return 0; /* still a bound */
    for (i = 0; i < t->nfluent; i++)
        cost[i] = plan_holds(state, i) ? 0 : UINT32_MAX;
    while (changed) {
        changed = 0;
        for (o = 0; o < t->nops; o++) {
            uint32_t m = 0, k;
            for (k = 0; k < t->pre_n[o] && m != UINT32_MAX; k++) {
                uint32_t c = cost[t->lists.v[t->pre_first[o] + k]];
                m = c > m ? c : m;
            }
            if (m == UINT32_MAX)
                continue;
            for (k = 0; k < t->add_n[o]; k++) {
                uint32_t a = t->lists.v[t->add_first[o] + k];
                if (m + 1 < cost[a]) {
                    cost[a] = m + 1;
                    changed = 1;
                }
            }
        }
    }
    for (i = 0; i < t->ngoal; i++) {
        uint32_t c = cost[t->goal_atoms[i]];
        if (c == UINT32_MAX) {
            h = UINT64_MAX;
            break;
        }
        h = c > h ? c : h;
    }
    free(cost);
    return h;
}
