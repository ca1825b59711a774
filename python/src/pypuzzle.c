/* pypuzzle.c — a puzzle defined in Python (a class with start, is_goal,
 * successors and optionally heuristic, key, format_move, format_state),
 * searched by every generic algorithm of the library through an ar_puzzle
 * whose slots call back into Python. pypuzzle.h explains the interning of
 * states that makes a Python state a fixed-size block of bytes.
 *
 * The search runs with the GIL released; a slot that must call Python takes
 * the GIL (PyGILState_Ensure) and gives it back. A callback that raises
 * stops the search (through the search's stop flag) and the exception is
 * raised by solve once the library has returned. */
#include "pypuzzle.h"

#include <stdlib.h>
#include <string.h>

/* --- bookkeeping --- */

void pyp_fail(ar_instance *inst)
{
    if (!inst->failed) {
        PyErr_Fetch(&inst->exc_type, &inst->exc_value, &inst->exc_tb);
        inst->failed = 1;
    } else {
        PyErr_Clear();
    }
    *inst->stop = 1;
}

int pyp_grow(ar_instance *inst, void **array, size_t *cap, size_t need, size_t elem)
{
    size_t n = *cap ? *cap : 1024;
    void *bigger;
    if (need <= *cap)
        return 0;
    while (n < need)
        n *= 2;
    bigger = realloc(*array, n * elem);
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    pyp_account(inst, (n - *cap) * elem);
    *array = bigger;
    *cap = n;
    return 0;
}

void pyp_account(ar_instance *inst, size_t n)
{
    inst->bytes += n;
    if (inst->memory_limit && inst->bytes > inst->memory_limit && !inst->memory_stop) {
        inst->memory_stop = 1;
        *inst->stop = 1;
    }
}

static uint32_t state_id(const void *state)
{
    uint32_t id;
    memcpy(&id, state, sizeof id);
    return id;
}

/* v as a whole number >= min; -1 with an exception set otherwise. what
 * names the value in the message. */
static int uint_of(PyObject *v, const char *what, uint64_t min, uint64_t *out)
{
    unsigned long long n;
    if (PyBool_Check(v) || !PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s must be a whole number, not %.60s", what, Py_TYPE(v)->tp_name);
        return -1;
    }
    n = PyLong_AsUnsignedLongLong(v);
    if (PyErr_Occurred() || n < min) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be a whole number of at least %llu (got %R)", what,
                     (unsigned long long)min, v);
        return -1;
    }
    *out = (uint64_t)n;
    return 0;
}

/* fn(arg) as a whole number >= min. */
static int call_uint(PyObject *fn, PyObject *arg, const char *what, uint64_t min, uint64_t *out)
{
    PyObject *r = PyObject_CallOneArg(fn, arg);
    int rc = r ? uint_of(r, what, min, out) : -1;
    Py_XDECREF(r);
    return rc;
}

/* The id of state, interned when new (its goal test and heuristic computed
 * then); UINT32_MAX with an exception set on failure. GIL held. */
static uint32_t intern_state(ar_instance *inst, PyObject *state)
{
    PyObject *key = inst->key ? PyObject_CallOneArg(inst->key, state) : (Py_INCREF(state), state);
    PyObject *found, *id_obj;
    py_entry *e;
    uint32_t id;
    int goal;
    if (!key)
        return UINT32_MAX;
    found = PyDict_GetItemWithError(inst->state_ids, key);
    if (found) {
        Py_DECREF(key);
        return (uint32_t)PyLong_AsUnsignedLong(found);
    }
    if (PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "a state (or its key) must be hashable; %.60s is not: define "
                         "key(state) to return a hashable key", Py_TYPE(key)->tp_name);
        }
        Py_DECREF(key);
        return UINT32_MAX;
    }
    if (inst->entry_count >= UINT32_MAX - 1) {
        Py_DECREF(key);
        PyErr_SetString(PyExc_MemoryError, "more than 2^32 states");
        return UINT32_MAX;
    }
    id = (uint32_t)inst->entry_count;
    if (pyp_grow(inst, (void **)&inst->entries, &inst->entry_cap, inst->entry_count + 1, sizeof *inst->entries) < 0) {
        Py_DECREF(key);
        return UINT32_MAX;
    }
    id_obj = PyLong_FromUnsignedLong(id);
    if (!id_obj || PyDict_SetItem(inst->state_ids, key, id_obj) < 0 || PyList_Append(inst->states, state) < 0) {
        Py_XDECREF(id_obj);
        Py_DECREF(key);
        return UINT32_MAX;
    }
    Py_DECREF(id_obj);
    Py_DECREF(key);
    e = &inst->entries[id];
    memset(e, 0, sizeof *e);
    inst->entry_count++;
    pyp_account(inst, inst->bytes_per_state);
    {
        PyObject *r = PyObject_CallOneArg(inst->is_goal, state);
        if (!r || (goal = PyObject_IsTrue(r)) < 0) {
            Py_XDECREF(r);
            return UINT32_MAX;
        }
        Py_DECREF(r);
        e->goal = (uint8_t)goal;
    }
    if (inst->want_h && call_uint(inst->heuristic, state, "heuristic(state)", 0, &e->h) < 0)
        return UINT32_MAX;
    return id;
}

/* The id of (move, cost); UINT32_MAX with an exception set on failure. */
static uint32_t intern_move(ar_instance *inst, PyObject *move, uint32_t cost)
{
    PyObject *found = PyDict_GetItemWithError(inst->move_ids, move), *pair = NULL, *id_obj;
    uint32_t id;
    if (found) {
        id = (uint32_t)PyLong_AsUnsignedLong(found);
        if (inst->move_costs[id] == cost)
            return id;
        /* the same move at another cost elsewhere: its own id */
        if (!(pair = Py_BuildValue("(OI)", move, (unsigned)cost)))
            return UINT32_MAX;
        found = PyDict_GetItemWithError(inst->move_cost_ids, pair);
        if (found) {
            Py_DECREF(pair);
            return (uint32_t)PyLong_AsUnsignedLong(found);
        }
    }
    if (PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "a move must be hashable; %.60s is not", Py_TYPE(move)->tp_name);
        }
        Py_XDECREF(pair);
        return UINT32_MAX;
    }
    id = (uint32_t)PyList_GET_SIZE(inst->moves);
    if (pyp_grow(inst, (void **)&inst->move_costs, &inst->move_cap, (size_t)id + 1, sizeof *inst->move_costs) < 0) {
        Py_XDECREF(pair);
        return UINT32_MAX;
    }
    id_obj = PyLong_FromUnsignedLong(id);
    if (!id_obj || PyDict_SetItem(pair ? inst->move_cost_ids : inst->move_ids, pair ? pair : move, id_obj) < 0 ||
        PyList_Append(inst->moves, move) < 0) {
        Py_XDECREF(id_obj);
        Py_XDECREF(pair);
        return UINT32_MAX;
    }
    Py_DECREF(id_obj);
    Py_XDECREF(pair);
    inst->move_costs[id] = cost;
    return id;
}

/* Reads one successor: (move, state) or (move, state, cost). */
static int read_successor(ar_instance *inst, PyObject *item, uint32_t *move, uint32_t *state)
{
    PyObject *seq = PySequence_Fast(item, "successors(state) must give (move, state) or (move, state, cost) tuples");
    Py_ssize_t n;
    uint64_t cost = 1;
    int rc = -1;
    if (!seq)
        return -1;
    n = PySequence_Fast_GET_SIZE(seq);
    if (n != 2 && n != 3) {
        PyErr_SetString(PyExc_ValueError, "successors(state) must give (move, state) or (move, state, cost) tuples");
    } else if (n == 3 && uint_of(PySequence_Fast_GET_ITEM(seq, 2), "a move's cost", 1, &cost) < 0) {
        ;
    } else if (cost > UINT32_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "a move's cost must be below 2^31");
    } else if ((*state = intern_state(inst, PySequence_Fast_GET_ITEM(seq, 1))) != UINT32_MAX &&
               (*move = intern_move(inst, PySequence_Fast_GET_ITEM(seq, 0), (uint32_t)cost)) != UINT32_MAX) {
        rc = 0;
    }
    Py_DECREF(seq);
    return rc;
}

int pyp_expand(ar_instance *inst, uint32_t id)
{
    PyObject *r, *it, *item;
    uint32_t first = (uint32_t)inst->child_count, count = 0;
    if (inst->failed)
        return -1;
    if (inst->entries[id].expanded)
        return 0;
    r = PyObject_CallOneArg(inst->successors, PyList_GET_ITEM(inst->states, id));
    it = r ? PyObject_GetIter(r) : NULL;
    Py_XDECREF(r);
    if (!it) {
        pyp_fail(inst);
        return -1;
    }
    while ((item = PyIter_Next(it)) != NULL) {
        uint32_t move = 0, child = 0, i;
        int bad = read_successor(inst, item, &move, &child) < 0;
        Py_DECREF(item);
        if (!bad && count >= inst->max_moves) {
            PyErr_Format(PyExc_ValueError, "successors(state) gave more than max_successors = %u moves; set "
                         "max_successors on the puzzle", inst->max_moves);
            bad = 1;
        }
        for (i = 0; !bad && i < count; i++)
            if (inst->children[first + i].move == move) {
                PyErr_Format(PyExc_ValueError, "successors(state) gave the move %R twice: each move must name "
                             "one successor", PyList_GET_ITEM(inst->moves, move));
                bad = 1;
            }
        if (bad || pyp_grow(inst, (void **)&inst->children, &inst->child_cap, inst->child_count + 1,
                            sizeof *inst->children) < 0) {
            Py_DECREF(it);
            inst->child_count = first;
            pyp_fail(inst);
            return -1;
        }
        inst->children[inst->child_count].move = move;
        inst->children[inst->child_count].state = child;
        inst->child_count++;
        count++;
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) {
        inst->child_count = first;
        pyp_fail(inst);
        return -1;
    }
    inst->entries[id].first = first;
    inst->entries[id].count = count;
    inst->entries[id].expanded = 1;
    return 0;
}

/* Expands with the GIL taken; the entry's children, or NULL when failed. */
static const py_entry *expanded(const ar_instance *cinst, const void *state)
{
    ar_instance *inst = (ar_instance *)cinst;
    uint32_t id = state_id(state);
    int rc;
    PyGILState_STATE g;
    if (inst->entries[id].expanded)
        return &inst->entries[id];
    if (inst->failed)
        return NULL;
    g = PyGILState_Ensure();
    rc = pyp_expand(inst, id);
    PyGILState_Release(g);
    return rc == 0 ? &inst->entries[id] : NULL;
}

/* --- the slots --- */

static ar_status no_create(const char *text, const ar_param *params, size_t count, ar_instance **out,
                           ar_error *err)
{
    (void)text, (void)params, (void)count, (void)out;
    return ar_error_set(err, AR_ERR_UNSUPPORTED, "a Python puzzle is made in Python");
}

static void no_destroy(ar_instance *inst) { (void)inst; }

static void describe(const ar_instance *inst, char *buf, size_t size) { snprintf(buf, size, "%s", inst->name); }

static size_t state_size(const ar_instance *inst)
{
    (void)inst;
    return sizeof(uint32_t);
}

static void initial_state(const ar_instance *inst, void *state)
{
    uint32_t id = 0; /* the start is interned first */
    (void)inst;
    memcpy(state, &id, sizeof id);
}

static int is_goal(const ar_instance *inst, const void *state) { return inst->entries[state_id(state)].goal; }

/* str(x) or fn(x) into buf, the GIL taken. */
static size_t text_of(PyObject *fn, PyObject *x, char *buf, size_t size)
{
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject *s = fn ? PyObject_CallOneArg(fn, x) : PyObject_Str(x);
    PyObject *str = s && !PyUnicode_Check(s) ? PyObject_Str(s) : (Py_XINCREF(s), s);
    const char *utf8 = str ? PyUnicode_AsUTF8(str) : NULL;
    size_t n = 0;
    if (!utf8)
        PyErr_Clear();
    n = (size_t)snprintf(buf, size, "%s", utf8 ? utf8 : "?");
    Py_XDECREF(s);
    Py_XDECREF(str);
    PyGILState_Release(g);
    return n < size ? n : size - 1;
}

static void format_state(const ar_instance *inst, const void *state, char *buf, size_t size)
{
    text_of(inst->format_state, PyList_GET_ITEM(inst->states, state_id(state)), buf, size);
}

static unsigned max_moves(const ar_instance *inst) { return inst->max_moves; }

static unsigned legal_moves(const ar_instance *inst, const void *state, ar_move *moves)
{
    const py_entry *e = expanded(inst, state);
    uint32_t i;
    if (!e)
        return 0;
    for (i = 0; i < e->count; i++)
        moves[i] = inst->children[e->first + i].move;
    return e->count;
}

static void apply(const ar_instance *inst, void *state, ar_move move)
{
    const py_entry *e = expanded(inst, state);
    uint32_t i;
    for (i = 0; e && i < e->count; i++)
        if (inst->children[e->first + i].move == move) {
            memcpy(state, &inst->children[e->first + i].state, sizeof(uint32_t));
            return;
        }
}

static uint32_t move_cost(const ar_instance *inst, ar_move move) { return inst->move_costs[move]; }

static unsigned successors(const ar_instance *inst, const void *state, ar_move *moves, uint32_t *costs,
                           void *states)
{
    const py_entry *e = expanded(inst, state);
    uint32_t i;
    if (!e)
        return 0;
    for (i = 0; i < e->count; i++) {
        const py_child *c = &inst->children[e->first + i];
        moves[i] = c->move;
        costs[i] = inst->move_costs[c->move];
        memcpy((unsigned char *)states + (size_t)i * sizeof(uint32_t), &c->state, sizeof(uint32_t));
    }
    return e->count;
}

static int goal_state(const ar_instance *inst, void *state)
{
    if (!inst->has_goal)
        return 0;
    memcpy(state, &inst->goal_id, sizeof inst->goal_id);
    return 1;
}

/* The move of P's successors that leads to child with the move object m
 * (its id carries the forward cost), or UINT32_MAX; P expanded. */
static uint32_t forward_move(ar_instance *inst, uint32_t p, uint32_t m, uint32_t child)
{
    const py_entry *e = &inst->entries[p];
    PyObject *want = PyList_GET_ITEM(inst->moves, m);
    uint32_t i;
    for (i = 0; i < e->count; i++) {
        const py_child *c = &inst->children[e->first + i];
        if (c->state == child) {
            int eq = PyObject_RichCompareBool(PyList_GET_ITEM(inst->moves, c->move), want, Py_EQ);
            if (eq < 0)
                return UINT32_MAX;
            if (eq)
                return c->move;
        }
    }
    PyErr_Format(PyExc_ValueError, "predecessors(state) gave (%R, P), but successors(P) has no move %R to state",
                 want, want);
    return UINT32_MAX;
}

/* The puzzle's predecessors(state): (move, P[, cost]) tuples, each move as
 * played forward from P; checked against successors(P), whose move (and
 * cost) is the one used, so a path found backward replays forward. */
static unsigned predecessors(const ar_instance *cinst, const void *state, ar_move *moves, uint32_t *costs,
                             void *states)
{
    ar_instance *inst = (ar_instance *)cinst;
    uint32_t id = state_id(state);
    unsigned count = 0;
    PyObject *r, *it = NULL, *item;
    PyGILState_STATE g;
    if (inst->failed)
        return 0;
    g = PyGILState_Ensure();
    r = PyObject_CallOneArg(inst->predecessors, PyList_GET_ITEM(inst->states, id));
    it = r ? PyObject_GetIter(r) : NULL;
    Py_XDECREF(r);
    while (it && (item = PyIter_Next(it)) != NULL) {
        uint32_t move = 0, p = 0, fwd = UINT32_MAX;
        int bad = read_successor(inst, item, &move, &p) < 0;
        Py_DECREF(item);
        if (!bad && count >= inst->max_moves) {
            PyErr_Format(PyExc_ValueError, "predecessors(state) gave more than max_successors = %u states",
                         inst->max_moves);
            bad = 1;
        }
        if (bad || pyp_expand(inst, p) < 0 || (fwd = forward_move(inst, p, move, id)) == UINT32_MAX) {
            Py_CLEAR(it);
            break;
        }
        moves[count] = fwd;
        costs[count] = inst->move_costs[fwd];
        memcpy((unsigned char *)states + (size_t)count * sizeof(uint32_t), &p, sizeof p);
        count++;
    }
    Py_XDECREF(it);
    if (PyErr_Occurred() || inst->failed) {
        if (PyErr_Occurred())
            pyp_fail(inst);
        count = 0;
    }
    PyGILState_Release(g);
    return count;
}

static size_t format_move(const ar_instance *inst, ar_move move, char *buf, size_t size)
{
    return text_of(inst->format_move, PyList_GET_ITEM(inst->moves, move), buf, size);
}

static ar_status parse_move(const ar_instance *inst, const void *state, const char *text, size_t len, ar_move *out,
                            ar_error *err)
{
    const py_entry *e = expanded(inst, state);
    uint32_t i;
    for (i = 0; e && i < e->count; i++) {
        char buf[256];
        size_t n = format_move(inst, inst->children[e->first + i].move, buf, sizeof buf);
        if (n == len && memcmp(buf, text, len) == 0) {
            *out = inst->children[e->first + i].move;
            return AR_OK;
        }
    }
    return ar_error_set(err, AR_ERR_INPUT, "not a move of this state");
}

static uint64_t estimate(const ar_instance *inst, const void *state) { return inst->entries[state_id(state)].h; }

/* --- solving --- */

static void instance_free(ar_instance *inst)
{
    Py_XDECREF(inst->puzzle);
    Py_XDECREF(inst->successors), Py_XDECREF(inst->is_goal), Py_XDECREF(inst->heuristic);
    Py_XDECREF(inst->predecessors);
    Py_XDECREF(inst->key), Py_XDECREF(inst->format_move), Py_XDECREF(inst->format_state);
    Py_XDECREF(inst->state_ids), Py_XDECREF(inst->states);
    Py_XDECREF(inst->move_ids), Py_XDECREF(inst->move_cost_ids), Py_XDECREF(inst->moves);
    Py_XDECREF(inst->exc_type), Py_XDECREF(inst->exc_value), Py_XDECREF(inst->exc_tb);
    pyp_local_clear(inst);
    free(inst->move_costs);
    free(inst->entries);
    free(inst->children);
    free(inst);
}

/* getattr(obj, name), NULL without an error when absent or None. */
static PyObject *optional_attr(PyObject *obj, const char *name)
{
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (!v) {
        if (PyErr_ExceptionMatches(PyExc_AttributeError))
            PyErr_Clear();
        return NULL;
    }
    if (v == Py_None)
        Py_CLEAR(v);
    return v;
}

static PyObject *required_method(PyObject *obj, const char *name)
{
    PyObject *v = optional_attr(obj, name);
    if (!v && !PyErr_Occurred())
        PyErr_Format(PyExc_TypeError, "a puzzle needs a method %s (see help(ariadne.Puzzle))", name);
    else if (v && !PyCallable_Check(v)) {
        PyErr_Format(PyExc_TypeError, "the puzzle's %s must be a method", name);
        Py_CLEAR(v);
    }
    return v;
}

/* Makes the instance of a Python puzzle with its start interned. */
static ar_instance *instance_new(PyObject *puzzle, PyObject *heuristic, int want_h, unsigned max_moves)
{
    ar_instance *inst = calloc(1, sizeof *inst);
    PyObject *start = NULL, *getsizeof, *size;
    if (!inst) {
        PyErr_NoMemory();
        return NULL;
    }
    Py_INCREF(puzzle);
    inst->puzzle = puzzle;
    inst->max_moves = max_moves;
    inst->want_h = want_h && heuristic;
    inst->heuristic = heuristic;
    Py_XINCREF(heuristic);
    snprintf(inst->name, sizeof inst->name, "%.60s", Py_TYPE(puzzle)->tp_name);
    if (!(inst->successors = required_method(puzzle, "successors")) ||
        !(inst->is_goal = required_method(puzzle, "is_goal")))
        goto fail;
    inst->key = optional_attr(puzzle, "key");
    inst->format_move = PyErr_Occurred() ? NULL : optional_attr(puzzle, "format_move");
    inst->format_state = PyErr_Occurred() ? NULL : optional_attr(puzzle, "format_state");
    if (PyErr_Occurred() || !(inst->state_ids = PyDict_New()) || !(inst->states = PyList_New(0)) ||
        !(inst->move_ids = PyDict_New()) || !(inst->move_cost_ids = PyDict_New()) || !(inst->moves = PyList_New(0)))
        goto fail;
    start = PyObject_GetAttrString(puzzle, "start");
    if (start && PyCallable_Check(start))
        Py_SETREF(start, PyObject_CallNoArgs(start));
    if (!start)
        goto fail;
    /* an estimate of a state's bytes: the table's entry, the dict's and the
     * list's slots, the id, and the start's own size */
    getsizeof = PySys_GetObject("getsizeof");
    size = getsizeof ? PyObject_CallOneArg(getsizeof, start) : NULL;
    inst->bytes_per_state = sizeof(py_entry) + 8 + 100 + 32 + (size ? PyLong_AsSize_t(size) : 64);
    Py_XDECREF(size);
    PyErr_Clear();
    if (intern_state(inst, start) != 0)
        goto fail;
    Py_DECREF(start);
    start = NULL;
    /* searching backward needs both predecessors and the goal as a state */
    inst->predecessors = optional_attr(puzzle, "predecessors");
    if (inst->predecessors) {
        PyObject *goal = PyCallable_Check(inst->predecessors) ? optional_attr(puzzle, "goal") : NULL;
        if (goal && PyCallable_Check(goal))
            Py_SETREF(goal, PyObject_CallNoArgs(goal));
        if (PyErr_Occurred())
            goto fail;
        if (!goal) {
            Py_CLEAR(inst->predecessors);
        } else {
            inst->goal_id = intern_state(inst, goal);
            Py_DECREF(goal);
            if (inst->goal_id == UINT32_MAX)
                goto fail;
            inst->has_goal = 1;
        }
    }
    return inst;
fail:
    Py_XDECREF(start);
    instance_free(inst);
    return NULL;
}

static PyObject *result_python(ar_instance *inst, const ar_puzzle *desc, const ar_result *res)
{
    PyObject *moves = Py_None, *texts = Py_None, *states = Py_None, *out;
    int have = res->moves != NULL || (res->outcome == AR_OUTCOME_SOLVED && res->length == 0);
    uint64_t length = res->moves ? res->length : 0, i;
    if (have) {
        uint32_t at = 0;
        moves = PyList_New((Py_ssize_t)length);
        texts = PyList_New((Py_ssize_t)length);
        states = PyList_New(0);
        if (!moves || !texts || !states || PyList_Append(states, PyList_GET_ITEM(inst->states, 0)) < 0)
            goto fail;
        for (i = 0; i < length; i++) {
            char buf[256];
            size_t n = desc->format_move(inst, res->moves[i], buf, sizeof buf);
            PyObject *m = PyList_GET_ITEM(inst->moves, res->moves[i]), *t;
            Py_INCREF(m);
            PyList_SET_ITEM(moves, (Py_ssize_t)i, m);
            if (!(t = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)n, "replace")))
                goto fail;
            PyList_SET_ITEM(texts, (Py_ssize_t)i, t);
            apply(inst, &at, res->moves[i]);
            if (PyList_Append(states, PyList_GET_ITEM(inst->states, at)) < 0)
                goto fail;
        }
    } else {
        Py_INCREF(moves), Py_INCREF(texts), Py_INCREF(states);
    }
    {
        PyObject *space = PyUnicode_FromString(" ");
        PyObject *solution = have && space ? PyUnicode_Join(space, texts) : (Py_XINCREF(Py_None), Py_None);
        Py_XDECREF(space);
        if (!solution)
            goto fail;
        out = pyar_result_dict(desc->name, inst->name, res, texts, solution);
    }
    if (out && (PyDict_SetItemString(out, "move_objects", moves) < 0 ||
                PyDict_SetItemString(out, "states", states) < 0 ||
                PyDict_SetItemString(out, "python_states", PyLong_FromSize_t(inst->entry_count)) < 0))
        Py_CLEAR(out);
    Py_DECREF(moves);
    Py_DECREF(states);
    return out;
fail:
    Py_XDECREF(moves), Py_XDECREF(texts), Py_XDECREF(states);
    return NULL;
}

/* Relabels a stop that came from the table's memory account (the search
 * saw its stop flag, which reads as an interrupt). */
static void relabel_memory_stop(ar_result *res)
{
    if (res->outcome != AR_OUTCOME_STOPPED || res->stop != AR_STOP_INTERRUPT)
        return;
    res->stop = AR_STOP_MEMORY;
    snprintf(res->note, sizeof res->note, "stopped by %s (the table of Python states)%s",
             ar_stop_reason_name(AR_STOP_MEMORY),
             res->moves ? ": best solution found so far, not proven optimal" : "");
}

static PyObject *py_solve_python(PyObject *self, PyObject *args, PyObject *kw)
{
    PyObject *puzzle, *heuristic = Py_None, *weight = Py_None, *beam = Py_None, *depth = Py_None, *seed = Py_None;
    PyObject *time_limit = Py_None, *memory_limit = Py_None, *node_limit = Py_None, *options = Py_None, *out = NULL;
    const char *algo = NULL, *h_name = "heuristic";
    int admissible = 0, consistent = 0, explicit_h = 0, want_h;
    unsigned max_succ = 64;
    ar_puzzle desc;
    ar_heuristic hs[2];
    ar_search_options so;
    ar_instance *inst;
    ar_result res;
    ar_error err;
    ar_status st;
    pyar_params params;
    pyar_stop stop;
    const ar_algorithm *generic;
    static char *kwlist[] = {"puzzle", "algo", "heuristic", "heuristic_name", "admissible", "consistent",
                             "explicit_heuristic", "weight", "beam_width", "depth_limit", "seed", "time_limit",
                             "memory_limit", "node_limit", "max_successors", "options", NULL};
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|zOspppOOOOOOOIO", kwlist, &puzzle, &algo, &heuristic, &h_name,
                                     &admissible, &consistent, &explicit_h, &weight, &beam, &depth, &seed,
                                     &time_limit, &memory_limit, &node_limit, &max_succ, &options))
        return NULL;
    if (max_succ < 1 || max_succ > 1u << 20)
        return pyar_raise(AR_ERR_INPUT, "max_successors must be from 1 to 2^20");
    if (heuristic == Py_None)
        heuristic = NULL;
    else if (!PyCallable_Check(heuristic))
        return pyar_raise(AR_ERR_INPUT, "heuristic must be a function of a state");
    generic = ar_algorithm_find(algo ? algo : "astar");
    want_h = generic && (generic->flags & AR_ALGO_USES_HEURISTIC);
    if (pyar_params_from_dict(&params, options, NULL, Py_TYPE(puzzle)->tp_name, 1) < 0)
        return NULL;
    ar_search_options_init(&so);
    so.algorithm = algo;
    so.heuristic = explicit_h ? h_name : NULL;
    so.algo_params = params.algo;
    so.algo_param_count = params.algo_count;
    if ((weight != Py_None && ((so.weight = PyFloat_AsDouble(weight)) == -1.0 && PyErr_Occurred())) ||
        (beam != Py_None && (so.beam_width = PyLong_AsSize_t(beam)) == (size_t)-1) ||
        (depth != Py_None && (so.depth_limit = (unsigned)PyLong_AsUnsignedLong(depth)) == (unsigned)-1) ||
        (seed != Py_None && (so.seed = PyLong_AsUnsignedLongLong(seed)) == (uint64_t)-1 && PyErr_Occurred()) ||
        pyar_limits(time_limit, memory_limit, node_limit, &so.limits) < 0) {
        pyar_params_free(&params);
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError) ||
            PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            return pyar_raise(AR_ERR_INPUT, "weight, beam_width, depth_limit and seed must be positive numbers");
        }
        return NULL;
    }
    if (pyar_stop_begin(&stop) < 0) {
        pyar_params_free(&params);
        return NULL;
    }
    inst = instance_new(puzzle, heuristic, want_h, max_succ);
    if (!inst) {
        pyar_stop_end(&stop);
        pyar_params_free(&params);
        return NULL;
    }
    inst->stop = stop.flag;
    inst->memory_limit = so.limits.memory_limit;
    so.limits.interrupt = stop.flag;
    memset(hs, 0, sizeof hs);
    hs[0] = (ar_heuristic){.name = h_name, .summary = "the puzzle's heuristic (Python)",
                           .flags = (admissible ? AR_HEURISTIC_ADMISSIBLE : 0u) |
                                    (consistent ? AR_HEURISTIC_CONSISTENT : 0u),
                           .estimate = estimate};
    desc = (ar_puzzle){.name = inst->name, .summary = "a puzzle defined in Python", .help = "", .create = no_create,
                       .destroy = no_destroy, .describe = describe, .state_size = state_size,
                       .initial_state = initial_state, .is_goal = is_goal, .format_state = format_state,
                       .max_moves = max_moves, .legal_moves = legal_moves, .apply = apply, .move_cost = move_cost,
                       .successors = successors, .format_move = format_move, .parse_move = parse_move,
                       .heuristics = heuristic ? hs : NULL, .goal_state = inst->has_goal ? goal_state : NULL,
                       .predecessors = inst->has_goal ? predecessors : NULL};
    if (pyp_local_setup(inst))
        desc.local = &pyar_local_view;
    if (PyErr_Occurred())
        goto done;
    ar_error_clear(&err);
    Py_BEGIN_ALLOW_THREADS
    st = ar_solve(&desc, inst, &so, NULL, &res, &err);
    Py_END_ALLOW_THREADS
    if (inst->failed) {
        PyErr_Restore(inst->exc_type, inst->exc_value, inst->exc_tb);
        inst->exc_type = inst->exc_value = inst->exc_tb = NULL;
    } else if (st != AR_OK) {
        char msg[AR_ERROR_MESSAGE_MAX + 80];
        snprintf(msg, sizeof msg, "%s: %s", inst->name, err.message[0] ? err.message : ar_status_name(st));
        pyar_raise(st, msg);
    } else {
        if (inst->memory_stop && !pyar_stop_interrupted(&stop))
            relabel_memory_stop(&res);
        out = result_python(inst, &desc, &res);
    }
    ar_result_free(&res);
done:
    pyar_stop_end(&stop);
    instance_free(inst);
    pyar_params_free(&params);
    return out;
}

PyMethodDef pyar_python_methods[] = {
    {"solve_python", (PyCFunction)(void (*)(void))py_solve_python, METH_VARARGS | METH_KEYWORDS,
     "Solves a puzzle defined in Python."},
    {NULL, NULL, 0, NULL}};
