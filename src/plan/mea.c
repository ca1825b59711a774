/* mea.c — means-ends analysis over a grounded planning task (mea.h gives the
 * procedure). The recursion is bounded by the depth limit, so it runs on the C
 * stack; each level keeps the state it started from (for loop detection and
 * to undo a failed attempt) in arrays sized once. The protected differences
 * are counters per atom, raised while the last part of a plan runs and
 * lowered when it returns. Each call of MEA counts as one node of the run. */
#include "ariadne/mea.h"
#include "ariadne/run.h"
#include "plan_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_DEPTH 200

typedef struct mea {
    const ar_plan_task *t;
    ar_run run;
    const ar_mea_options *mo;
    unsigned limit;
    ulist plan;
    unsigned char *entry;     /* limit states: where each level started */
    unsigned char *saved;     /* limit states: scratch for undoing an attempt */
    const uint32_t **goal;    /* each level's goal */
    unsigned *ngoal;
    uint16_t *protect;        /* per atom: how many levels protect it */
    uint64_t loops, depth_cuts, protected_skips;
    int failed_memory;
} mea;

void ar_mea_options_init(ar_mea_options *o)
{
    memset(o, 0, sizeof *o);
    o->protect = 1;
}

static void trace(mea *m, unsigned depth, const char *fmt, ...)
{
    char line[320];
    va_list ap;
    if (!m->mo->trace)
        return;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    m->mo->trace(m->mo->trace_ctx, depth, line);
}

static const char *op_name(const mea *m, uint32_t op, char *buf, size_t size)
{
    ar_plan_format_op(m->t, op, buf, size);
    return buf;
}

/* The most important difference: the goal atom not true in state whose
 * predicate ranks first in the difference table (then the goal's order). */
static long difference(const mea *m, const unsigned char *state, const uint32_t *goal, unsigned n)
{
    long best = -1;
    int best_rank = 0;
    unsigned i;
    for (i = 0; i < n; i++) {
        int rank;
        if (plan_holds(state, goal[i]))
            continue;
        rank = m->t->preds[m->t->atom_pred[goal[i]]].rank;
        if (best < 0 || rank < best_rank) {
            best = (long)goal[i];
            best_rank = rank;
        }
    }
    return best;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The operators that reduce difference d, best first, as sort keys whose low
 * 24 bits are the operator: the table row's order, then those applicable now,
 * then fewer unmet preconditions. Returns the count (keys malloc'd). */
static unsigned candidates(const mea *m, uint32_t d, const unsigned char *state, uint64_t **keys)
{
    const ar_plan_task *t = m->t;
    const pred *p = &t->preds[t->atom_pred[d]];
    uint32_t k, n = 0;
    *keys = malloc(sizeof **keys * (t->ach_n[d] + 1));
    if (!*keys)
        return 0;
    for (k = 0; k < t->ach_n[d]; k++) {
        uint32_t op = t->achievers.v[t->ach_first[d] + k], s = t->op_schema[op], pos = s, unmet = 0, j;
        if (p->row >= 0) { /* the row lists the relevant operators */
            for (j = 0; j < t->row_count[p->row] && t->row_ops.v[t->row_first[p->row] + j] != s; j++)
                ;
            if (j == t->row_count[p->row])
                continue;
            pos = j;
        }
        for (j = 0; j < t->pre_n[op]; j++)
            unmet += !plan_holds(state, t->lists.v[t->pre_first[op] + j]);
        (*keys)[n++] = (uint64_t)pos << 48 | (uint64_t)(unmet > 255 ? 255 : unmet) << 40 | op;
    }
    qsort(*keys, n, sizeof **keys, cmp_u64);
    return n;
}

static int undoes_protected(const mea *m, uint32_t op, uint32_t *which)
{
    uint32_t k;
    for (k = 0; k < m->t->del_n[op]; k++) {
        uint32_t a = m->t->lists.v[m->t->del_first[op] + k];
        if (m->protect[a]) {
            *which = a;
            return 1;
        }
    }
    return 0;
}

/* Achieves goal from state (changed in place, operators appended to the
 * plan): 1 done, 0 failed (state and plan as they were), -1 stopped. */
static int achieve(mea *m, unsigned char *state, const uint32_t *goal, unsigned ngoal, unsigned depth)
{
    const ar_plan_task *t = m->t;
    size_t ss = t->state_size, plan_len;
    uint64_t *keys = NULL;
    unsigned n, i, k;
    long d = difference(m, state, goal, ngoal);
    char a[128], b[128];
    if (d < 0)
        return 1;
    m->run.res->expanded++;
    if (ar_run_should_stop(&m->run))
        return -1;
    if (depth >= m->limit) {
        m->depth_cuts++;
        trace(m, depth, "depth limit %u: give up on %s", m->limit, t->atom_name[d]);
        return 0;
    }
    for (k = 0; k < depth; k++)
        if (m->ngoal[k] == ngoal && memcmp(m->goal[k], goal, sizeof *goal * ngoal) == 0 &&
            memcmp(m->entry + k * ss, state, ss) == 0) {
            m->loops++;
            trace(m, depth, "loop: the same goal from the same state is being worked on above");
            return 0;
        }
    memcpy(m->entry + depth * ss, state, ss);
    m->goal[depth] = goal;
    m->ngoal[depth] = ngoal;
    n = candidates(m, (uint32_t)d, state, &keys);
    trace(m, depth, "difference %s: %u operator%s reduce%s it", t->atom_name[d], n, n == 1 ? "" : "s",
          n == 1 ? "s" : "");
    plan_len = m->plan.n;
    for (i = 0; i < n; i++) {
        uint32_t op = (uint32_t)(keys[i] & 0xFFFFFFu), undone;
        int r;
        if (m->mo->protect && undoes_protected(m, op, &undone)) {
            m->protected_skips++;
            trace(m, depth, "not %s: it would undo %s, already reduced", op_name(m, op, a, sizeof a),
                  t->atom_name[undone]);
            continue;
        }
        trace(m, depth, "try %s", op_name(m, op, a, sizeof a));
        memcpy(m->saved + depth * ss, state, ss);
        r = achieve(m, state, t->lists.v + t->pre_first[op], t->pre_n[op], depth + 1);
        if (r > 0 && !ar_plan_applicable(t, op, state))
            r = 0; /* cannot happen: the first part achieved every precondition */
        if (r > 0) {
            if (ulist_push(&m->plan, op)) {
                m->failed_memory = 1;
                free(keys);
                return -1;
            }
            ar_plan_apply(t, op, state);
            trace(m, depth, "apply %s", op_name(m, op, a, sizeof a));
            if (m->mo->protect)
                m->protect[d]++;
            r = achieve(m, state, goal, ngoal, depth + 1);
            if (m->mo->protect)
                m->protect[d]--;
        }
        if (r < 0) {
            free(keys);
            return -1;
        }
        if (r > 0) {
            free(keys);
            return 1;
        }
        memcpy(state, m->saved + depth * ss, ss);
        m->plan.n = plan_len;
        trace(m, depth, "%s led nowhere", op_name(m, op, b, sizeof b));
    }
    free(keys);
    trace(m, depth, "no operator reduces %s here", t->atom_name[d]);
    return 0;
}

ar_status ar_mea(const ar_plan_task *t, const ar_search_options *opts, const ar_mea_options *mo,
                 ar_result *res, ar_error *err)
{
    ar_mea_options defaults;
    mea m;
    unsigned char *state;
    ar_status st = AR_OK;
    int r;
    if (!mo) {
        ar_mea_options_init(&defaults);
        mo = &defaults;
    }
    memset(&m, 0, sizeof m);
    m.t = t;
    m.mo = mo;
    m.limit = mo->depth_limit ? mo->depth_limit : DEFAULT_DEPTH;
    ar_run_begin(&m.run, opts, res);
    m.run.unit = "calls";
    state = malloc(t->state_size);
    m.entry = malloc(t->state_size * (m.limit + 1));
    m.saved = malloc(t->state_size * (m.limit + 1));
    m.goal = malloc(sizeof *m.goal * (m.limit + 1));
    m.ngoal = malloc(sizeof *m.ngoal * (m.limit + 1));
    m.protect = calloc(t->nfluent + 1, sizeof *m.protect);
    if (!state || !m.entry || !m.saved || !m.goal || !m.ngoal || !m.protect) {
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory for means-ends analysis");
        goto done;
    }
    if (mo->start)
        memcpy(state, mo->start, t->state_size);
    else
        ar_plan_initial(t, state);
    r = t->false_static_goal[0] ? 0 : achieve(&m, state, t->goal_atoms, t->ngoal, 0);
    if (m.failed_memory) {
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory for the plan");
        goto done;
    }
    if (r > 0) {
        ar_move *moves = malloc(sizeof *moves * (m.plan.n + 1));
        size_t i;
        if (!moves) {
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory for the plan");
            goto done;
        }
        for (i = 0; i < m.plan.n; i++)
            moves[i] = m.plan.v[i];
        st = ar_run_set_solution(&m.run, moves, m.plan.n, m.plan.n, err);
        free(moves);
        snprintf(res->note, sizeof res->note,
                 "not proven shortest: means-ends analysis keeps the first plan it finds (%llu "
                 "loops cut)", (unsigned long long)m.loops);
    } else if (r == 0) {
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_GAVE_UP;
        snprintf(res->note, sizeof res->note,
                 "means-ends analysis found no plan (%llu loops cut, %llu operators refused for "
                 "undoing a reduced difference, %llu depth cuts); it is incomplete, so this proves "
                 "nothing", (unsigned long long)m.loops, (unsigned long long)m.protected_skips,
                 (unsigned long long)m.depth_cuts);
    }
done:
    ar_run_finish(&m.run);
    free(state);
    free(m.entry);
    free(m.saved);
    free((void *)m.goal);
    free(m.ngoal);
    free(m.protect);
    free(m.plan.v);
    return st;
}
