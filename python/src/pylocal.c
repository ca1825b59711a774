/* pylocal.c — the local-search view of a puzzle defined in Python, for the
 * library's local-search strategies (hill climbing, annealing, tabu, ...;
 * local.h). A puzzle offers it by defining
 *     cost(candidate) -> int           the objective, lower is better
 *     neighbours(candidate) -> iterable of candidates
 *     random_candidate(rng) -> candidate   (rng: a random.Random)
 *     solution_moves(candidate) -> list of moves from start, or None
 * and optionally initial_candidate(rng), is_solution(candidate), and the
 * attributes lower_bound and max_solution_length. Candidates are interned
 * like states (pypuzzle.h): a candidate of the search is a 4-byte id, its
 * cost computed once and its neighbours listed once, so the strategies'
 * moves are indices into that list; a cost is computed when first asked.
 * The cost of a candidate that is a
 * solution must be the cost of its moves, which the search replays through
 * successors. */
#include "pypuzzle.h"

#include <stdlib.h>
#include <string.h>

static PyObject *method(PyObject *obj, const char *name)
{
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (!v) {
        if (PyErr_ExceptionMatches(PyExc_AttributeError))
            PyErr_Clear();
        return NULL;
    }
    if (v == Py_None || !PyCallable_Check(v))
        Py_CLEAR(v);
    return v;
}

static uint32_t cand_id(const void *state)
{
    uint32_t id;
    memcpy(&id, state, sizeof id);
    return id;
}

static void set_id(void *state, uint32_t id) { memcpy(state, &id, sizeof id); }

/* The id of a candidate, interned when new; UINT32_MAX with an exception
 * set on failure. Its cost is computed when first asked (cost_of): a
 * strategy that draws one neighbour at random asks for one cost, not for
 * the whole neighbourhood's. */
static uint32_t intern_candidate(ar_instance *inst, PyObject *c)
{
    PyObject *found = PyDict_GetItemWithError(inst->cand_ids, c), *id_obj;
    uint32_t id;
    if (found)
        return (uint32_t)PyLong_AsUnsignedLong(found);
    if (PyErr_Occurred())
        return UINT32_MAX;
    id = (uint32_t)inst->cand_count;
    if (pyp_grow(inst, (void **)&inst->cand, &inst->cand_cap, inst->cand_count + 1, sizeof *inst->cand) < 0)
        return UINT32_MAX;
    id_obj = PyLong_FromUnsignedLong(id);
    if (!id_obj || PyDict_SetItem(inst->cand_ids, c, id_obj) < 0 || PyList_Append(inst->cands, c) < 0) {
        Py_XDECREF(id_obj);
        return UINT32_MAX;
    }
    Py_DECREF(id_obj);
    memset(&inst->cand[id], 0, sizeof inst->cand[id]);
    inst->cand_count++;
    pyp_account(inst, inst->bytes_per_state);
    return id;
}

/* Computes a candidate's cost and whether it is a solution (GIL held);
 * -1 with the search failed. */
static int compute_cost(ar_instance *inst, uint32_t id)
{
    PyObject *c = PyList_GET_ITEM(inst->cands, id), *r;
    py_candidate *e = &inst->cand[id];
    long long cost;
    if (!(r = PyObject_CallOneArg(inst->cand_cost, c)))
        goto fail;
    if (PyBool_Check(r) || !PyLong_Check(r)) {
        PyErr_Format(PyExc_TypeError, "cost(candidate) must return a whole number, not %.60s", Py_TYPE(r)->tp_name);
        Py_DECREF(r);
        goto fail;
    }
    cost = PyLong_AsLongLong(r);
    Py_DECREF(r);
    if (cost == -1 && PyErr_Occurred())
        goto fail;
    e->cost = (int64_t)cost;
    e->solution = 1;
    if (inst->cand_is_solution) {
        int yes;
        if (!(r = PyObject_CallOneArg(inst->cand_is_solution, c)) || (yes = PyObject_IsTrue(r)) < 0) {
            Py_XDECREF(r);
            goto fail;
        }
        Py_DECREF(r);
        e->solution = (uint8_t)yes;
    }
    e->costed = 1;
    return 0;
fail:
    pyp_fail(inst);
    return -1;
}

/* The candidate's entry with its cost known (the GIL taken if needed);
 * NULL when the search has failed. */
static const py_candidate *costed(ar_instance *inst, uint32_t id)
{
    PyGILState_STATE g;
    int rc;
    if (id >= inst->cand_count)
        return NULL;
    if (inst->cand[id].costed)
        return &inst->cand[id];
    if (inst->failed)
        return NULL;
    g = PyGILState_Ensure();
    rc = compute_cost(inst, id);
    PyGILState_Release(g);
    return rc == 0 ? &inst->cand[id] : NULL;
}

/* Lists a candidate's neighbours once; 0, or -1 when the search failed. */
static int expand_candidate(ar_instance *inst, uint32_t id)
{
    PyObject *r, *it, *item;
    uint32_t first = (uint32_t)inst->nb_count, count = 0;
    if (inst->failed || id >= inst->cand_count)
        return -1;
    if (inst->cand[id].expanded)
        return 0;
    r = PyObject_CallOneArg(inst->cand_neighbours, PyList_GET_ITEM(inst->cands, id));
    it = r ? PyObject_GetIter(r) : NULL;
    Py_XDECREF(r);
    if (!it)
        goto fail;
    while ((item = PyIter_Next(it)) != NULL) {
        uint32_t nid = intern_candidate(inst, item);
        Py_DECREF(item);
        if (nid == UINT32_MAX ||
            pyp_grow(inst, (void **)&inst->neighbours, &inst->nb_cap, inst->nb_count + 1, sizeof *inst->neighbours) < 0) {
            Py_DECREF(it);
            goto fail;
        }
        inst->neighbours[inst->nb_count++] = nid;
        count++;
    }
    Py_DECREF(it);
    if (PyErr_Occurred())
        goto fail;
    inst->cand[id].first = first;
    inst->cand[id].count = count;
    inst->cand[id].expanded = 1;
    return 0;
fail:
    inst->nb_count = first;
    pyp_fail(inst);
    return -1;
}

/* The candidate's neighbour count, listing them first if needed (GIL taken). */
static int neighbour_count(ar_instance *inst, uint32_t id)
{
    int rc;
    PyGILState_STATE g;
    if (id < inst->cand_count && inst->cand[id].expanded)
        return (int)inst->cand[id].count;
    g = PyGILState_Ensure();
    rc = expand_candidate(inst, id);
    PyGILState_Release(g);
    return rc < 0 ? 0 : (int)inst->cand[id].count;
}

/* --- the problem's slots --- */

static int64_t lp_cost(void *ctx, const void *state)
{
    const py_candidate *e = costed(ctx, cand_id(state));
    return e ? e->cost : 0;
}

static int lp_is_solution(void *ctx, const void *state)
{
    const py_candidate *e = costed(ctx, cand_id(state));
    return e && e->solution;
}

/* A candidate from fn(rng), rng a random.Random seeded from the engine's
 * generator, so a run is reproducible from its seed. */
static void make_candidate(ar_instance *inst, PyObject *fn, void *state, ar_rng *rng)
{
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject *r = NULL, *c = NULL;
    uint32_t id = UINT32_MAX;
    if (!inst->failed) {
        r = PyObject_CallMethod(inst->py_rng, "seed", "K", (unsigned long long)ar_rng_next(rng));
        c = r ? PyObject_CallOneArg(fn, inst->py_rng) : NULL;
        id = c ? intern_candidate(inst, c) : UINT32_MAX;
        if (id == UINT32_MAX)
            pyp_fail(inst);
    }
    Py_XDECREF(r);
    Py_XDECREF(c);
    PyGILState_Release(g);
    set_id(state, id == UINT32_MAX ? 0 : id);
}

static void lp_random_state(void *ctx, void *state, ar_rng *rng)
{
    ar_instance *inst = ctx;
    make_candidate(inst, inst->cand_random, state, rng);
}

static void lp_initial_state(void *ctx, void *state, ar_rng *rng)
{
    ar_instance *inst = ctx;
    make_candidate(inst, inst->cand_initial, state, rng);
}

static int lp_first_move(void *ctx, const void *state, ar_local_move *move)
{
    memset(move, 0, sizeof *move);
    return neighbour_count(ctx, cand_id(state)) > 0;
}

static int lp_next_move(void *ctx, const void *state, ar_local_move *move)
{
    if (move->a + 1 >= neighbour_count(ctx, cand_id(state)))
        return 0;
    move->a++;
    return 1;
}

static int lp_random_move(void *ctx, const void *state, ar_rng *rng, ar_local_move *move)
{
    int n = neighbour_count(ctx, cand_id(state));
    memset(move, 0, sizeof *move);
    if (n <= 0)
        return 0;
    move->a = (int32_t)ar_rng_below(rng, (uint64_t)n);
    return 1;
}

static void lp_apply(void *ctx, void *state, const ar_local_move *move)
{
    ar_instance *inst = ctx;
    uint32_t id = cand_id(state);
    if (neighbour_count(inst, id) > move->a)
        set_id(state, inst->neighbours[inst->cand[id].first + (uint32_t)move->a]);
}

/* --- the provider --- */

static ar_status lv_create(ar_instance *inst, ar_mem *mem, ar_local_problem *prob, ar_error *err)
{
    (void)mem, (void)err;
    memset(prob, 0, sizeof *prob);
    prob->ctx = inst;
    prob->state_size = sizeof(uint32_t);
    prob->size = 10;
    prob->has_lower_bound = inst->has_lower_bound;
    prob->lower_bound = inst->lower_bound;
    prob->cost = lp_cost;
    prob->is_solution = inst->cand_is_solution ? lp_is_solution : NULL;
    prob->random_state = lp_random_state;
    prob->initial_state = inst->cand_initial ? lp_initial_state : NULL;
    prob->first_move = lp_first_move;
    prob->next_move = lp_next_move;
    prob->random_move = lp_random_move;
    prob->apply = lp_apply;
    return AR_OK;
}

static void lv_destroy(ar_local_problem *prob, ar_mem *mem) { (void)prob, (void)mem; }

static uint64_t lv_solution_length(const ar_local_problem *prob)
{
    return ((const ar_instance *)prob->ctx)->solution_cap;
}

/* The moves solution_moves(candidate) names, replayed from the start
 * through successors (GIL held). */
static ar_status replay_moves(ar_instance *inst, PyObject *list, ar_move *moves, uint64_t *length, uint64_t *cost,
                              ar_error *err)
{
    PyObject *seq = PySequence_Fast(list, "solution_moves(candidate) must return a list of moves or None");
    uint32_t at = 0;
    Py_ssize_t i, n;
    if (!seq)
        return AR_ERR_INTERNAL;
    n = PySequence_Fast_GET_SIZE(seq);
    *length = *cost = 0;
    for (i = 0; i < n; i++) {
        PyObject *m = PySequence_Fast_GET_ITEM(seq, i);
        const py_entry *e;
        uint32_t k;
        int found = 0;
        if ((uint64_t)i >= inst->solution_cap) {
            Py_DECREF(seq);
            return ar_error_set(err, AR_ERR_INPUT, "solution_moves(candidate) gave more than max_solution_length = %llu "
                                "moves", (unsigned long long)inst->solution_cap);
        }
        if (pyp_expand(inst, at) < 0) {
            Py_DECREF(seq);
            return AR_ERR_INTERNAL;
        }
        e = &inst->entries[at];
        for (k = 0; k < e->count && !found; k++) {
            const py_child *c = &inst->children[e->first + k];
            int eq = PyObject_RichCompareBool(PyList_GET_ITEM(inst->moves, c->move), m, Py_EQ);
            if (eq < 0) {
                pyp_fail(inst);
                Py_DECREF(seq);
                return AR_ERR_INTERNAL;
            }
            if (eq) {
                found = 1;
                moves[i] = c->move;
                *cost += inst->move_costs[c->move];
                at = c->state;
            }
        }
        if (!found) {
            Py_DECREF(seq);
            return ar_error_set(err, AR_ERR_INPUT, "solution_moves(candidate): move %zd is not among the successors of "
                                "the state it is played in", i + 1);
        }
    }
    Py_DECREF(seq);
    *length = (uint64_t)n;
    if (!inst->entries[at].goal)
        return ar_error_set(err, AR_ERR_INPUT, "solution_moves(candidate) does not reach a goal");
    return AR_OK;
}

static ar_status lv_to_moves(const ar_local_problem *prob, const void *state, ar_move *moves, uint64_t *length,
                             uint64_t *cost, ar_error *err)
{
    ar_instance *inst = prob->ctx;
    uint32_t id = cand_id(state);
    PyGILState_STATE g;
    PyObject *list;
    ar_status st;
    const py_candidate *e = costed(inst, id);
    if (!e)
        return AR_ERR_INTERNAL;
    if (!e->solution)
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "the best candidate is not a solution");
    g = PyGILState_Ensure();
    list = PyObject_CallOneArg(inst->cand_moves, PyList_GET_ITEM(inst->cands, id));
    if (!list) {
        pyp_fail(inst);
        st = AR_ERR_INTERNAL;
    } else if (list == Py_None) {
        st = ar_error_set(err, AR_ERR_UNSOLVABLE, "the best candidate is not a solution");
    } else {
        st = replay_moves(inst, list, moves, length, cost, err);
    }
    Py_XDECREF(list);
    PyGILState_Release(g);
    return st;
}

const ar_local_provider pyar_local_view = {.create = lv_create, .destroy = lv_destroy,
                                           .solution_length = lv_solution_length, .to_moves = lv_to_moves};

/* An attribute's value, NULL without an error when absent or None. */
static PyObject *attribute(PyObject *obj, const char *name)
{
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (!v && PyErr_ExceptionMatches(PyExc_AttributeError))
        PyErr_Clear();
    if (v == Py_None)
        Py_CLEAR(v);
    return v;
}

int pyp_local_setup(ar_instance *inst)
{
    PyObject *random, *bound, *cap;
    inst->cand_cost = method(inst->puzzle, "cost");
    inst->cand_neighbours = method(inst->puzzle, "neighbours");
    inst->cand_random = method(inst->puzzle, "random_candidate");
    inst->cand_moves = method(inst->puzzle, "solution_moves");
    inst->cand_initial = method(inst->puzzle, "initial_candidate");
    inst->cand_is_solution = method(inst->puzzle, "is_solution");
    if (!inst->cand_cost || !inst->cand_neighbours || !inst->cand_random || !inst->cand_moves)
        return 0;
    random = PyImport_ImportModule("random");
    inst->py_rng = random ? PyObject_CallMethod(random, "Random", NULL) : NULL;
    Py_XDECREF(random);
    inst->cand_ids = PyDict_New();
    inst->cands = PyList_New(0);
    if (!inst->py_rng || !inst->cand_ids || !inst->cands)
        return 0;
    inst->solution_cap = 65536;
    if ((cap = attribute(inst->puzzle, "max_solution_length")) != NULL) {
        inst->solution_cap = PyLong_AsUnsignedLongLong(cap);
        Py_DECREF(cap);
        if (PyErr_Occurred() || inst->solution_cap == 0 || inst->solution_cap > (1ull << 32)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "max_solution_length must be a whole number from 1 to 2^32");
            return 0;
        }
    }
    if (!PyErr_Occurred() && (bound = attribute(inst->puzzle, "lower_bound")) != NULL) {
        inst->lower_bound = PyLong_AsLongLong(bound);
        inst->has_lower_bound = 1;
        Py_DECREF(bound);
    }
    return !PyErr_Occurred();
}

void pyp_local_clear(ar_instance *inst)
{
    Py_CLEAR(inst->cand_cost);
    Py_CLEAR(inst->cand_neighbours);
    Py_CLEAR(inst->cand_random);
    Py_CLEAR(inst->cand_initial);
    Py_CLEAR(inst->cand_moves);
    Py_CLEAR(inst->cand_is_solution);
    Py_CLEAR(inst->cand_ids);
    Py_CLEAR(inst->cands);
    Py_CLEAR(inst->py_rng);
    free(inst->cand);
    free(inst->neighbours);
    inst->cand = NULL;
    inst->neighbours = NULL;
}
