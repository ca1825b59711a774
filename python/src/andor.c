/* andor.c — the AND-OR domains (problem reduction, andor.h) from Python:
 * their registry as data, solving (AO*, AND-OR depth-first) into the tree
 * `ariadne solve --tree` prints and the domain's checked answer, and
 * verifying a tree against a problem. As for puzzles, the search runs with
 * the GIL released under the stop flag that Ctrl-C sets (ext.h). */
#include "ext.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/andor.h"

static PyObject *py_reductions(PyObject *self, PyObject *args)
{
    const ar_andor_domain *const *d;
    PyObject *list = PyList_New(0);
    (void)self, (void)args;
    for (d = ar_andor_domains(); list && *d; d++) {
        PyObject *name = PyUnicode_FromString((*d)->name);
        if (!name || PyList_Append(list, name) < 0)
            Py_CLEAR(list);
        Py_XDECREF(name);
    }
    return list;
}

static const ar_andor_domain *domain_named(const char *name)
{
    const ar_andor_domain *d = ar_andor_domain_find(name);
    if (!d) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown AND-OR domain '%.60s' (see ariadne.reductions())", name);
        pyar_raise(AR_ERR_INPUT, msg);
    }
    return d;
}

/* The library's error as the Python exception for its status, its message
 * prefixed by the domain's name as the command line prints it. */
static void raise_for(const ar_andor_domain *d, ar_status st, const ar_error *err)
{
    char msg[AR_ERROR_MESSAGE_MAX + 80];
    snprintf(msg, sizeof msg, "%s: %s", d->name, err->message[0] ? err->message : ar_status_name(st));
    pyar_raise(st, msg);
}

static int append(PyObject *list, PyObject *item)
{
    int rc = item ? PyList_Append(list, item) : -1;
    Py_XDECREF(item);
    return rc;
}

static PyObject *py_reduction_info(PyObject *self, PyObject *args)
{
    const char *name;
    const ar_andor_domain *d;
    const ar_andor_heuristic *h;
    const ar_andor_example *e;
    const ar_andor_algorithm *a;
    const ar_option_spec *o;
    PyObject *heuristics, *examples, *algorithms, *options;
    (void)self;
    if (!PyArg_ParseTuple(args, "s", &name) || !(d = domain_named(name)))
        return NULL;
    heuristics = PyList_New(0), examples = PyList_New(0), algorithms = PyList_New(0), options = PyList_New(0);
    for (h = d->heuristics; heuristics && h && h->name; h++)
        if (append(heuristics, Py_BuildValue("{s:s,s:s,s:O}", "name", h->name, "summary", h->summary ? h->summary : "",
                                             "admissible", (h->flags & AR_HEURISTIC_ADMISSIBLE) ? Py_True : Py_False)) < 0)
            Py_CLEAR(heuristics);
    for (e = d->examples; examples && e && e->note; e++) {
        PyObject *opts = pyar_params_to_dict(e->options);
        if (append(examples, opts ? Py_BuildValue("{s:N,s:s,s:z,s:K,s:s}", "options", opts, "options_text",
                                                  e->options ? e->options : "", "instance", e->instance, "cost",
                                                  (unsigned long long)e->cost, "note", e->note)
                                  : NULL) < 0)
            Py_CLEAR(examples);
    }
    for (a = ar_andor_algorithms(); algorithms && a->name; a++)
        if (append(algorithms, Py_BuildValue("{s:s,s:s}", "name", a->name, "summary", a->summary)) < 0)
            Py_CLEAR(algorithms);
    for (o = d->options; options && o && o->name; o++)
        if (append(options, Py_BuildValue("{s:s,s:z,s:s}", "name", o->name, "metavar", o->metavar, "help",
                                          o->help ? o->help : "")) < 0)
            Py_CLEAR(options);
    if (!heuristics || !examples || !algorithms || !options) {
        Py_XDECREF(heuristics), Py_XDECREF(examples), Py_XDECREF(algorithms), Py_XDECREF(options);
        return NULL;
    }
    return Py_BuildValue("{s:s,s:s,s:s,s:N,s:N,s:N,s:N}", "name", d->name, "summary", d->summary, "help", d->help,
                         "options", options, "heuristics", heuristics, "examples", examples, "algorithms",
                         algorithms);
}

/* The problem from text and options; NULL with an exception set. */
static ar_andor_problem *make_problem(const ar_andor_domain *d, PyObject *instance, PyObject *options,
                                      pyar_params *params)
{
    const char *text = NULL;
    ar_andor_problem *prob = NULL;
    ar_error err;
    ar_status st;
    if (instance && instance != Py_None) {
        if (!PyUnicode_Check(instance))
            return PyErr_SetString(PyExc_TypeError, "instance must be a str or None"), NULL;
        if (!(text = PyUnicode_AsUTF8(instance)))
            return NULL;
        if (text[strspn(text, " \t\r\n")] == '\0')
            return pyar_raise(AR_ERR_INPUT, "empty instance (give None for the default one)"), NULL;
    }
    if (pyar_params_from_dict(params, options, d->options, d->name, 0) < 0)
        return NULL;
    ar_error_clear(&err);
    st = d->create(text, params->items, params->count, &prob, &err);
    if (st != AR_OK) {
        pyar_params_free(params);
        raise_for(d, st, &err);
        return NULL;
    }
    return prob;
}

static PyObject *optional_u64(int have, uint64_t v)
{
    if (!have)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong(v);
}

static PyObject *py_solve_andor(PyObject *self, PyObject *args, PyObject *kw)
{
    const char *name, *algo = NULL, *heuristic = NULL;
    PyObject *instance = Py_None, *futility = Py_None, *time_limit = Py_None, *memory_limit = Py_None;
    PyObject *node_limit = Py_None, *options = Py_None, *out = NULL;
    const ar_andor_domain *d;
    ar_andor_problem *prob;
    ar_andor_options o;
    ar_andor_result r;
    pyar_params params;
    pyar_stop stop;
    ar_error err;
    ar_status st;
    char desc[512], *tree = NULL, *answer = NULL;
    static char *kwlist[] = {"domain", "instance", "algo", "heuristic", "futility", "time_limit", "memory_limit",
                             "node_limit", "options", NULL};
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|OzzOOOOO", kwlist, &name, &instance, &algo, &heuristic, &futility,
                                     &time_limit, &memory_limit, &node_limit, &options) ||
        !(d = domain_named(name)))
        return NULL;
    ar_andor_options_init(&o);
    o.search.algorithm = algo;
    o.search.heuristic = heuristic;
    if (futility != Py_None && ((o.futility = PyLong_AsUnsignedLongLong(futility)) == 0 || PyErr_Occurred())) {
        PyErr_Clear();
        return pyar_raise(AR_ERR_INPUT, "futility must be a whole number of at least 1");
    }
    if (pyar_limits(time_limit, memory_limit, node_limit, &o.search.limits) < 0 ||
        !(prob = make_problem(d, instance, options, &params)))
        return NULL;
    if (pyar_stop_begin(&stop) < 0) {
        d->destroy(prob);
        pyar_params_free(&params);
        return NULL;
    }
    o.search.limits.interrupt = stop.flag;
    ar_error_clear(&err);
    Py_BEGIN_ALLOW_THREADS
    st = ar_andor_solve(d, prob, &o, &r, &err);
    Py_END_ALLOW_THREADS
    pyar_stop_end(&stop);
    if (st != AR_OK) {
        raise_for(d, st, &err);
        goto freed;
    }
    d->describe(prob, desc, sizeof desc);
    if (r.search.outcome == AR_OUTCOME_SOLVED) {
        tree = ar_andor_tree_text(d, prob, &r.solution);
        if (!tree) {
            PyErr_NoMemory();
            goto freed;
        }
        if (d->answer && d->answer(prob, &r.solution, &answer, &err) != AR_OK) {
            char msg[AR_ERROR_MESSAGE_MAX + 80];
            snprintf(msg, sizeof msg, "%s: the solution fails its check: %s", d->name, err.message);
            pyar_raise(AR_ERR_INTERNAL, msg);
            goto freed;
        }
    }
    out = Py_BuildValue("{s:s,s:N,s:z,s:z,s:s,s:N,s:O,s:N,s:N,s:z,s:N,s:K,s:K,s:K,s:K,s:d,s:n,s:N}", "domain",
                        d->name, "instance", pyar_text(desc), "algorithm", r.search.algorithm, "heuristic",
                        r.search.heuristic, "status", ar_outcome_name(r.search.outcome), "cost",
                        optional_u64(r.search.outcome == AR_OUTCOME_SOLVED, r.search.cost), "optimal",
                        r.search.optimal ? Py_True : Py_False, "tree",
                        tree ? pyar_text(tree) : (Py_INCREF(Py_None), Py_None), "answer",
                        answer ? pyar_text(answer) : (Py_INCREF(Py_None), Py_None), "stop_reason",
                        r.search.stop ? ar_stop_reason_name(r.search.stop) : NULL, "lower_bound",
                        optional_u64(r.search.has_lower_bound, r.search.lower_bound), "nodes_expanded",
                        (unsigned long long)r.search.expanded, "nodes_generated",
                        (unsigned long long)r.search.generated, "graph_nodes", (unsigned long long)r.graph_nodes,
                        "cycles_left_out", (unsigned long long)r.set_aside, "seconds", r.search.seconds,
                        "peak_bytes", (Py_ssize_t)r.search.peak_bytes, "note", pyar_text(r.search.note));
freed:
    free(tree);
    free(answer);
    ar_andor_result_free(&r); /* zeroed by ar_andor_solve even when it fails */
    d->destroy(prob);
    pyar_params_free(&params);
    return out;
}

static PyObject *py_verify_andor(PyObject *self, PyObject *args, PyObject *kw)
{
    const char *name, *tree;
    PyObject *instance = Py_None, *options = Py_None, *out = NULL;
    const ar_andor_domain *d;
    ar_andor_problem *prob;
    ar_andor_verdict v;
    pyar_params params;
    ar_error err;
    ar_status st;
    static char *kwlist[] = {"domain", "tree", "instance", "options", NULL};
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ss|OO", kwlist, &name, &tree, &instance, &options) ||
        !(d = domain_named(name)) || !(prob = make_problem(d, instance, options, &params)))
        return NULL;
    ar_error_clear(&err);
    memset(&v, 0, sizeof v);
    st = ar_andor_verify(d, prob, tree, &v, &err);
    if (st != AR_OK) {
        raise_for(d, st, &err);
    } else {
        out = Py_BuildValue("{s:O,s:K,s:K,s:N}", "solved", v.solved ? Py_True : Py_False, "cost",
                            (unsigned long long)v.cost, "lines", (unsigned long long)v.lines, "why",
                            v.solved ? (Py_INCREF(Py_None), Py_None) : pyar_text(v.why));
    }
    d->destroy(prob);
    pyar_params_free(&params);
    return out;
}

PyMethodDef pyar_andor_methods[] = {
    {"reductions", py_reductions, METH_NOARGS, "The names of the AND-OR domains."},
    {"reduction_info", py_reduction_info, METH_VARARGS, "What an AND-OR domain offers, as a dict."},
    {"solve_andor", (PyCFunction)(void (*)(void))py_solve_andor, METH_VARARGS | METH_KEYWORDS,
     "Solves an AND-OR problem."},
    {"verify_andor", (PyCFunction)(void (*)(void))py_verify_andor, METH_VARARGS | METH_KEYWORDS,
     "Checks a solution tree."},
    {NULL, NULL, 0, NULL}};
