/* solve.c — the registered puzzles from Python: solve, solve many on
 * threads, hint, verify, generate, describe an instance, and a domain's own
 * tools (count) with their output captured.
 *
 * Each call makes the instance from text and the domain's options, runs the
 * library with the GIL released, and hands back plain data (dicts, lists,
 * str) that python/ariadne/__init__.py turns into Result objects. A search
 * stopped by a limit or by Ctrl-C comes back as a result labelled so, with
 * the best solution so far, as on the command line. */
#include "solvekit.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int pyar_append_item_failed(PyObject *list, PyObject *item)
{
    int rc = item ? PyList_Append(list, item) : -1;
    Py_XDECREF(item);
    return rc < 0;
}

/* --- the search arguments every verb shares --- */

char *pyar_search_kwlist[] = {"domain", "instance", "algo", "heuristic", "weight", "beam_width",
                              "depth_limit", "seed", "time_limit", "memory_limit", "node_limit",
                              "options", NULL};

/* v as a whole number in [min, max]; an InputError naming `name` if not. */
static int uint_arg(PyObject *v, const char *name, unsigned long long min, unsigned long long max,
                    unsigned long long *out)
{
    char msg[160];
    *out = PyLong_AsUnsignedLongLong(v);
    if (!PyErr_Occurred() && *out >= min && *out <= max)
        return 0;
    PyErr_Clear();
    snprintf(msg, sizeof msg, "parameter %s must be a whole number from %llu to %llu", name, min, max);
    pyar_raise(AR_ERR_INPUT, msg);
    return -1;
}

int pyar_prepare(const search_args *a, prepared *pr)
{
    unsigned long long n;
    memset(pr, 0, sizeof *pr);
    pr->p = ar_puzzle_find(a->domain);
    if (!pr->p) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown domain '%.60s' (see ariadne.domains())", a->domain);
        pyar_raise(AR_ERR_INPUT, msg);
        return -1;
    }
    if (pyar_params_from_dict(&pr->params, a->options, pr->p->options, pr->p->name, pr->p->local != NULL) < 0)
        return -1;
    ar_search_options_init(&pr->search);
    pr->search.algorithm = a->algo;
    pr->search.heuristic = a->heuristic;
    pr->search.algo_params = pr->params.algo;
    pr->search.algo_param_count = pr->params.algo_count;
    if (a->weight && a->weight != Py_None) {
        pr->search.weight = PyFloat_AsDouble(a->weight);
        if (PyErr_Occurred())
            goto fail;
    }
    if (a->beam_width && a->beam_width != Py_None) {
        if (uint_arg(a->beam_width, "beam_width", 1, 1000000000ull, &n) < 0)
            goto fail;
        pr->search.beam_width = (size_t)n;
    }
    if (a->depth_limit && a->depth_limit != Py_None) {
        if (uint_arg(a->depth_limit, "depth_limit", 1, 100000000ull, &n) < 0)
            goto fail;
        pr->search.depth_limit = (unsigned)n;
    }
    if (a->seed && a->seed != Py_None) {
        if (uint_arg(a->seed, "seed", 0, UINT64_MAX, &n) < 0)
            goto fail;
        pr->search.seed = (uint64_t)n;
    }
    if (pyar_limits(a->time_limit, a->memory_limit, a->node_limit, &pr->search.limits) < 0)
        goto fail;
    return 0;
fail:
    pyar_params_free(&pr->params);
    return -1;
}

/* The instance text: None for the domain's default; an empty text is a
 * mistake, as on the command line. */
/* The instance text (NULL: the default instance); an empty one is refused. */
static int instance_text(PyObject *instance, const char **text)
{
    *text = NULL;
    if (!instance || instance == Py_None)
        return 0;
    if (!PyUnicode_Check(instance)) {
        PyErr_SetString(PyExc_TypeError, "instance must be a str or None");
        return -1;
    }
    *text = PyUnicode_AsUTF8(instance);
    if (!*text)
        return -1;
    if ((*text)[strspn(*text, " \t\r\n")] == '\0') {
        pyar_raise(AR_ERR_INPUT, "empty instance (give None for the default one)");
        return -1;
    }
    return 0;
}

static ar_instance *make_instance(const prepared *pr, const char *text)
{
    ar_instance *inst = NULL;
    ar_error err;
    ar_status st;
    char msg[AR_ERROR_MESSAGE_MAX + 80];
    ar_error_clear(&err);
    st = pr->p->create(text, pr->params.items, pr->params.count, &inst, &err);
    if (st == AR_OK)
        return inst;
    snprintf(msg, sizeof msg, "%s: %s", pr->p->name, err.message[0] ? err.message : ar_status_name(st));
    pyar_raise(st, msg);
    return NULL;
}

/* Refuses a seed for an algorithm that is not randomised (the one that
 * will run: the domain's default when none was named), as the command line
 * does. */
static int check_seed(const prepared *pr, const ar_instance *inst, const search_args *a)
{
    const char *algo = pr->search.algorithm;
    const ar_domain_solver *ds;
    char msg[300];
    if (!a->seed || a->seed == Py_None)
        return 0;
    if (!algo && pr->p->default_algorithm)
        algo = pr->p->default_algorithm(inst);
    if (!algo)
        algo = "astar";
    ds = ar_puzzle_solver(pr->p, algo);
    if ((ar_local_strategy_find(algo) && !ds) || (ds && (ds->flags & AR_SOLVER_USES_SEED)))
        return 0;
    snprintf(msg, sizeof msg, "parameter seed does not apply to algorithm %s (only to randomised algorithms: the "
             "local-search strategies, hill, anneal, ...)", algo);
    pyar_raise(AR_ERR_INPUT, msg);
    return -1;
}

ar_instance *pyar_open(const search_args *a, prepared *pr, pyar_stop *stop)
{
    const char *text;
    ar_instance *inst;
    if (instance_text(a->instance, &text) < 0 || pyar_prepare(a, pr) < 0)
        return NULL;
    inst = make_instance(pr, text);
    if (inst && stop && (check_seed(pr, inst, a) < 0 || pyar_stop_begin(stop) < 0)) {
        pr->p->destroy(inst);
        inst = NULL;
    }
    if (!inst) {
        pyar_params_free(&pr->params);
        return NULL;
    }
    if (stop)
        pr->search.limits.interrupt = stop->flag;
    return inst;
}

void pyar_close(prepared *pr, ar_instance *inst)
{
    pr->p->destroy(inst);
    pyar_params_free(&pr->params);
}

PyObject *pyar_domain_error(const ar_puzzle *p, ar_status st, const ar_error *err)
{
    char msg[AR_ERROR_MESSAGE_MAX + 80];
    snprintf(msg, sizeof msg, "%s: %s", p->name, err->message[0] ? err->message : ar_status_name(st));
    return pyar_raise(st, msg);
}

/* --- results as data --- */

PyObject *pyar_move_list(const ar_puzzle *p, const ar_instance *inst, const ar_move *moves, uint64_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    uint64_t i;
    for (i = 0; list && i < count; i++) {
        char buf[128];
        size_t n = p->format_move(inst, moves[i], buf, sizeof buf);
        PyObject *s = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)(n < sizeof buf ? n : sizeof buf - 1), "replace");
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    return list;
}

PyObject *pyar_optional_u64(int have, uint64_t value)
{
    if (!have)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong(value);
}

PyObject *pyar_result_dict(const char *domain, const char *description, const ar_result *res,
                           PyObject *moves, PyObject *solution)
{
    int have = moves != Py_None;
    return Py_BuildValue("{s:s,s:N,s:z,s:z,s:N,s:N,s:N,s:N,s:O,s:s,s:z,s:N,s:K,s:K,s:d,s:n,s:N}", "domain", domain,
                         "instance", pyar_text(description), "algorithm", res->algorithm, "heuristic",
                         res->heuristic, "moves", moves, "solution", solution, "length",
                         pyar_optional_u64(have, res->length), "cost", pyar_optional_u64(have, res->cost), "optimal",
                         have && res->optimal ? Py_True : Py_False, "status", ar_outcome_name(res->outcome),
                         "stop_reason",
                         res->outcome == AR_OUTCOME_STOPPED
                             ? ar_stop_reason_name(res->stop != AR_STOP_NONE ? res->stop : AR_STOP_INTERRUPT)
                             : NULL,
                         "lower_bound", pyar_optional_u64(res->has_lower_bound, res->lower_bound), "expanded",
                         (unsigned long long)res->expanded, "generated", (unsigned long long)res->generated,
                         "seconds", res->seconds, "peak_bytes", (Py_ssize_t)res->peak_bytes, "note",
                         pyar_text(res->note));
}

/* The result of a search of a registered domain as a dict. */
static PyObject *result_of(const ar_puzzle *p, ar_instance *inst, const ar_result *res)
{
    char description[512];
    PyObject *moves, *solution;
    int have = res->moves != NULL || (res->outcome == AR_OUTCOME_SOLVED && res->length == 0);
    p->describe(inst, description, sizeof description);
    if (have) {
        char *text = ar_puzzle_format_moves(p, inst, res->moves, res->moves ? res->length : 0);
        if (!text)
            return PyErr_NoMemory();
        solution = pyar_text(text);
        free(text);
        moves = solution  ? pyar_move_list(p, inst, res->moves, res->moves ? res->length : 0) : NULL;
        if (!moves) {
            Py_XDECREF(solution);
            return NULL;
        }
    } else {
        moves = Py_None, solution = Py_None;
        Py_INCREF(moves), Py_INCREF(solution);
    }
    return pyar_result_dict(p->name, description, res, moves, solution);
}

/* --- solve --- */

static PyObject *py_solve(PyObject *self, PyObject *args, PyObject *kw)
{
    search_args a;
    prepared pr;
    ar_instance *inst;
    ar_result res;
    ar_error err;
    ar_status st;
    pyar_stop stop;
    PyObject *out;
    (void)self;
    memset(&a, 0, sizeof a);
    if (!PyArg_ParseTupleAndKeywords(args, kw, SEARCH_FORMAT, pyar_search_kwlist, SEARCH_ARGS(a)) ||
        !(inst = pyar_open(&a, &pr, &stop)))
        return NULL;
    ar_error_clear(&err);
    Py_BEGIN_ALLOW_THREADS
    st = ar_solve(pr.p, inst, &pr.search, NULL, &res, &err);
    Py_END_ALLOW_THREADS
    pyar_stop_end(&stop);
    out = st == AR_OK ? result_of(pr.p, inst, &res) : pyar_domain_error(pr.p, st, &err);
    ar_result_free(&res);
    pyar_close(&pr, inst);
    return out;
}

/* --- many instances on threads --- */

typedef struct batch_job {
    ar_instance *inst;
    ar_result res;
    ar_error err;
    ar_status st;
    int run;
} batch_job;

typedef struct batch {
    const ar_puzzle *p;
    ar_search_options search;
    batch_job *jobs;
    size_t count, next;
    volatile sig_atomic_t *stop;
    pthread_mutex_t lock;
} batch;

static void run_job(batch *b, batch_job *j, const ar_search_options *search)
{
    ar_error_clear(&j->err);
    j->st = ar_solve(b->p, j->inst, search, NULL, &j->res, &j->err);
    j->run = 1;
}

static void *batch_worker(void *arg)
{
    batch *b = arg;
    for (;;) {
        batch_job *j;
        pthread_mutex_lock(&b->lock);
        if (b->next >= b->count || *b->stop) {
            pthread_mutex_unlock(&b->lock);
            return NULL;
        }
        j = &b->jobs[b->next++];
        pthread_mutex_unlock(&b->lock);
        run_job(b, j, &b->search);
    }
}

/* Solves every instance of the list with the same options on `threads`
 * threads (the first one alone first: what it builds once, a pattern
 * database, the others share). The limits apply to each instance; the
 * memory limit is shared out among the threads. Every instance is made
 * before any search starts, so a bad one is an error with nothing run. */
static PyObject *py_solve_many(PyObject *self, PyObject *args, PyObject *kw)
{
    search_args a;
    prepared pr;
    batch b;
    pyar_stop stop;
    unsigned threads = 1, started = 0, t;
    pthread_t tids[256];
    PyObject *list = NULL, *seq = NULL, *threads_obj = NULL;
    size_t i;
    static char *kwlist[] = {"domain", "instances", "threads", "algo", "heuristic", "weight", "beam_width",
                             "depth_limit", "seed", "time_limit", "memory_limit", "node_limit", "options", NULL};
    (void)self;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sO|OzzOOOOOOOO", kwlist, &a.domain, &a.instance, &threads_obj,
                                     &a.algo, &a.heuristic, &a.weight, &a.beam_width, &a.depth_limit, &a.seed,
                                     &a.time_limit, &a.memory_limit, &a.node_limit, &a.options))
        return NULL;
    if (threads_obj && threads_obj != Py_None) {
        unsigned long long n;
        if (uint_arg(threads_obj, "threads", 1, 256, &n) < 0)
            return NULL;
        threads = (unsigned)n;
    }
    if (!(seq = PySequence_Fast(a.instance, "instances must be a list of str")))
        return NULL;
    if (pyar_prepare(&a, &pr) < 0) {
        Py_DECREF(seq);
        return NULL;
    }
    b.p = pr.p;
    b.search = pr.search;
    b.count = (size_t)PySequence_Fast_GET_SIZE(seq);
    b.jobs = calloc(b.count ? b.count : 1, sizeof *b.jobs);
    if (!b.jobs) {
        PyErr_NoMemory();
        goto out;
    }
    for (i = 0; i < b.count; i++) {
        const char *text;
        if (instance_text(PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)i), &text) < 0 ||
            !(b.jobs[i].inst = make_instance(&pr, text))) {
            PyObject *type, *value, *tb, *msg;
            PyErr_Fetch(&type, &value, &tb);
            msg = PyUnicode_FromFormat("instance %zu: %S", i + 1, value ? value : Py_None);
            Py_XDECREF(value);
            PyErr_Restore(type, msg, tb);
            goto out;
        }
    }
    if (b.count && check_seed(&pr, b.jobs[0].inst, &a) < 0)
        goto out;
    if (threads > b.count)
        threads = b.count ? (unsigned)b.count : 1;
    if (b.search.limits.memory_limit)
        b.search.limits.memory_limit /= threads;
    if (pyar_stop_begin(&stop) < 0)
        goto out;
    b.stop = stop.flag;
    b.search.limits.interrupt = stop.flag;
    pthread_mutex_init(&b.lock, NULL);
    Py_BEGIN_ALLOW_THREADS
    if (b.count) {
        run_job(&b, &b.jobs[0], &b.search);
        b.next = 1;
    }
    for (t = 0; t + 1 < threads; t++)
        if (pthread_create(&tids[started], NULL, batch_worker, &b) == 0)
            started++;
    batch_worker(&b);
    for (t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    Py_END_ALLOW_THREADS
    pthread_mutex_destroy(&b.lock);
    pyar_stop_end(&stop);
    list = PyList_New((Py_ssize_t)b.count);
    for (i = 0; list && i < b.count; i++) {
        batch_job *j = &b.jobs[i];
        PyObject *item;
        if (!j->run) {
            item = Py_None; /* not started: Ctrl-C came first */
            Py_INCREF(item);
        } else if (j->st != AR_OK) {
            char msg[AR_ERROR_MESSAGE_MAX + 80];
            snprintf(msg, sizeof msg, "%s: %s", pr.p->name, j->err.message[0] ? j->err.message : ar_status_name(j->st));
            item = Py_BuildValue("{s:s,s:N}", "error_status", ar_status_name(j->st), "error", pyar_text(msg));
        } else {
            item = result_of(pr.p, j->inst, &j->res);
        }
        if (!item)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
out:
    for (i = 0; b.jobs && i < b.count; i++) {
        if (b.jobs[i].run)
            ar_result_free(&b.jobs[i].res);
        if (b.jobs[i].inst)
            pr.p->destroy(b.jobs[i].inst);
    }
    free(b.jobs);
    pyar_params_free(&pr.params);
    Py_DECREF(seq);
    return list;
}

/* A domain's own batch format (puzzle.h batch_line): each line's label,
 * instance text and published cost (None when the line gives none). */
static PyObject *py_batch_lines(PyObject *self, PyObject *args)
{
    const char *domain, *text;
    const ar_puzzle *p;
    PyObject *list, *lines;
    Py_ssize_t i;
    (void)self;
    if (!PyArg_ParseTuple(args, "sO", &domain, &lines))
        return NULL;
    if (!(p = ar_puzzle_find(domain)))
        return pyar_raise(AR_ERR_INPUT, "unknown domain (see ariadne.domains())");
    if (!(lines = PySequence_Fast(lines, "lines must be a list of str")))
        return NULL;
    list = PyList_New(0);
    for (i = 0; list && i < PySequence_Fast_GET_SIZE(lines); i++) {
        char label[64] = "", inst[4096];
        uint64_t known_cost = 0;
        int known = 0;
        ar_error err;
        PyObject *item;
        if (!(text = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(lines, i)))) {
            Py_CLEAR(list);
            break;
        }
        ar_error_clear(&err);
        if (!p->batch_line) {
            snprintf(inst, sizeof inst, "%s", text);
        } else if (p->batch_line(text, label, sizeof label, inst, sizeof inst, &known_cost, &known, &err) != AR_OK) {
            char msg[AR_ERROR_MESSAGE_MAX + 40];
            snprintf(msg, sizeof msg, "line %zd: %s", i + 1, err.message);
            Py_CLEAR(list);
            pyar_raise(AR_ERR_INPUT, msg);
            break;
        }
        item = Py_BuildValue("(NNN)", pyar_text(label), pyar_text(inst), pyar_optional_u64(known, known_cost));
        if (pyar_append_item_failed(list, item))
            Py_CLEAR(list);
    }
    Py_DECREF(lines);
    return list;
}

PyMethodDef pyar_solve_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))py_solve, METH_VARARGS | METH_KEYWORDS, "Solves one instance."},
    {"solve_many", (PyCFunction)(void (*)(void))py_solve_many, METH_VARARGS | METH_KEYWORDS,
     "Solves a list of instances on threads."},
    {"batch_lines", py_batch_lines, METH_VARARGS, "Reads lines of a domain's batch format."},
    {NULL, NULL, 0, NULL}};
