/* module.c — the extension module ariadne._ariadne: its exceptions, the stop
 * flags that Ctrl-C sets, keyword options and limits, and what the registries
 * hold (domains, games, algorithms, bot kinds) as plain Python data.
 *
 * The Python package (python/ariadne/__init__.py) wraps these functions in
 * the documented API; this file and its siblings only translate between the
 * library's structs and Python objects. */
#include "ext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pythread.h"

/* --- exceptions --- */

static PyObject *exc_base, *exc_input, *exc_unsolvable, *exc_memory, *exc_limit, *exc_io,
    *exc_unsupported, *exc_internal;

PyObject *pyar_exception(ar_status st)
{
    switch (st) {
    case AR_ERR_INPUT: return exc_input;
    case AR_ERR_UNSOLVABLE: return exc_unsolvable;
    case AR_ERR_MEMORY: return exc_memory;
    case AR_ERR_LIMIT: return exc_limit;
    case AR_ERR_IO: return exc_io;
    case AR_ERR_UNSUPPORTED: return exc_unsupported;
    case AR_OK:
    case AR_ERR_INTERNAL: break;
    }
    return exc_internal;
}

PyObject *pyar_raise(ar_status st, const char *message)
{
    PyObject *text = pyar_text(message && *message ? message : ar_status_name(st));
    if (text) {
        PyErr_SetObject(pyar_exception(st), text);
        Py_DECREF(text);
    }
    return NULL;
}

PyObject *pyar_raise_error(ar_status st, const ar_error *err)
{
    return pyar_raise(st, err && err->message[0] ? err->message : NULL);
}

PyObject *pyar_text(const char *text)
{
    return PyUnicode_DecodeUTF8(text ? text : "", (Py_ssize_t)strlen(text ? text : ""), "replace");
}

/* --- stop flags and SIGINT --- */

#define PYAR_SLOTS 256

static volatile sig_atomic_t stop_flags[PYAR_SLOTS];
static volatile sig_atomic_t slot_used[PYAR_SLOTS];
static volatile sig_atomic_t slot_interrupted[PYAR_SLOTS];
static int handler_depth;              /* main-thread searches under our handler */
static PyOS_sighandler_t saved_handler;
static unsigned long main_thread_ident;

static void on_sigint(int sig)
{
    int i;
    (void)sig;
    for (i = 0; i < PYAR_SLOTS; i++)
        if (slot_used[i]) {
            slot_interrupted[i] = 1;
            stop_flags[i] = 1;
        }
}

int pyar_main_thread(void)
{
    return PyThread_get_thread_ident() == main_thread_ident;
}

int pyar_stop_begin(pyar_stop *s)
{
    int i;
    for (i = 0; i < PYAR_SLOTS && slot_used[i]; i++)
        ;
    if (i == PYAR_SLOTS) {
        PyErr_SetString(PyExc_RuntimeError, "too many searches at once (256)");
        return -1;
    }
    stop_flags[i] = 0;
    slot_interrupted[i] = 0;
    slot_used[i] = 1;
    s->slot = i;
    s->flag = &stop_flags[i];
    s->installed = 0;
    if (pyar_main_thread()) {
        if (handler_depth++ == 0)
            saved_handler = PyOS_setsig(SIGINT, on_sigint);
        s->installed = 1;
    }
    return 0;
}

void pyar_stop_end(pyar_stop *s)
{
    if (s->installed && --handler_depth == 0)
        PyOS_setsig(SIGINT, saved_handler);
    /* Ctrl-C stops the searches that enclose this one too. */
    if (slot_interrupted[s->slot])
        on_sigint(SIGINT);
    slot_used[s->slot] = 0;
    s->installed = 0;
}

int pyar_stop_interrupted(const pyar_stop *s)
{
    return slot_interrupted[s->slot] != 0;
}

/* --- options --- */

static char *owned(pyar_params *p, const char *text, Py_ssize_t len)
{
    char *copy;
    if (p->owned_count == sizeof p->owned / sizeof p->owned[0]) {
        PyErr_SetString(PyExc_ValueError, "too many options");
        return NULL;
    }
    copy = malloc((size_t)len + 1);
    if (!copy) {
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(copy, text, (size_t)len);
    copy[len] = '\0';
    p->owned[p->owned_count++] = copy;
    return copy;
}

void pyar_params_free(pyar_params *p)
{
    size_t i;
    for (i = 0; i < p->owned_count; i++)
        free(p->owned[i]);
    memset(p, 0, sizeof *p);
}

static const ar_option_spec *find_spec(const ar_option_spec *spec, const char *name)
{
    for (; spec && spec->name; spec++)
        if (strcmp(spec->name, name) == 0)
            return spec;
    return NULL;
}

static const ar_option_spec *find_local_spec(const char *name)
{
    const ar_local_strategy *s;
    for (s = ar_local_strategies(); s->name; s++) {
        const ar_option_spec *o = find_spec(s->options, name);
        if (o)
            return o;
    }
    return NULL;
}

/* The text of an option's value: a list or tuple is joined with commas
 * ("3,5"), anything else is its str(). */
static PyObject *value_text(PyObject *value)
{
    if (PyList_Check(value) || PyTuple_Check(value)) {
        PyObject *parts = PySequence_List(value), *comma, *joined;
        Py_ssize_t i;
        if (!parts)
            return NULL;
        for (i = 0; i < PyList_GET_SIZE(parts); i++) {
            PyObject *s = PyObject_Str(PyList_GET_ITEM(parts, i));
            if (!s) {
                Py_DECREF(parts);
                return NULL;
            }
            PyList_SetItem(parts, i, s);
        }
        comma = PyUnicode_FromString(",");
        joined = comma ? PyUnicode_Join(comma, parts) : NULL;
        Py_XDECREF(comma);
        Py_DECREF(parts);
        return joined;
    }
    return PyObject_Str(value);
}

static void list_names(char *buf, size_t size, const ar_option_spec *spec)
{
    size_t used = 0;
    buf[0] = '\0';
    for (; spec && spec->name && used + 2 < size; spec++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", spec->name);
    if (!used)
        snprintf(buf, size, "none");
}

int pyar_params_from_dict(pyar_params *out, PyObject *dict, const ar_option_spec *spec,
                          const char *owner, int local)
{
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    memset(out, 0, sizeof *out);
    if (!dict || dict == Py_None)
        return 0;
    if (!PyDict_Check(dict)) {
        PyErr_SetString(PyExc_TypeError, "options must be a dict");
        return -1;
    }
    while (PyDict_Next(dict, &pos, &key, &value)) {
        const char *raw;
        char name[64];
        size_t n, i;
        const ar_option_spec *o;
        int is_local = 0;
        ar_param *param;
        if (!PyUnicode_Check(key)) {
            PyErr_SetString(PyExc_TypeError, "option names must be strings");
            goto fail;
        }
        raw = PyUnicode_AsUTF8(key);
        if (!raw)
            goto fail;
        n = strlen(raw);
        if (n >= sizeof name) {
            pyar_raise(AR_ERR_INPUT, "option name too long");
            goto fail;
        }
        for (i = 0; i < n; i++)
            name[i] = raw[i] == '_' ? '-' : raw[i];
        name[n] = '\0';
        if (n > 1 && name[n - 1] == '-')
            name[--n] = '\0'; /* from_ -> from */
        o = find_spec(spec, name);
        if (!o && local && (o = find_local_spec(name)) != NULL)
            is_local = 1;
        if (!o) {
            char names[400], msg[600];
            list_names(names, sizeof names, spec);
            snprintf(msg, sizeof msg, "%s: unknown option '%s' (its options: %s)", owner, name, names);
            pyar_raise(AR_ERR_INPUT, msg);
            goto fail;
        }
        if (value == Py_None || value == Py_False)
            continue;
        if ((is_local ? out->algo_count : out->count) == PYAR_MAX_PARAMS) {
            pyar_raise(AR_ERR_INPUT, "too many options");
            goto fail;
        }
        param = is_local ? &out->algo[out->algo_count++] : &out->items[out->count++];
        param->name = owned(out, name, (Py_ssize_t)n);
        param->value = NULL;
        if (!param->name)
            goto fail;
        if (!o->metavar) {
            if (value != Py_True) {
                char msg[300];
                snprintf(msg, sizeof msg, "%s: option '%s' is a flag: give True or False", owner, name);
                pyar_raise(AR_ERR_INPUT, msg);
                goto fail;
            }
        } else if (value == Py_True) {
            char msg[300];
            snprintf(msg, sizeof msg, "%s: option '%s' needs a value (%s)", owner, name, o->metavar);
            pyar_raise(AR_ERR_INPUT, msg);
            goto fail;
        } else {
            PyObject *text = value_text(value);
            const char *utf8;
            Py_ssize_t len;
            if (!text)
                goto fail;
            utf8 = PyUnicode_AsUTF8AndSize(text, &len);
            param->value = utf8 ? owned(out, utf8, len) : NULL;
            Py_DECREF(text);
            if (!param->value)
                goto fail;
        }
    }
    return 0;
fail:
    pyar_params_free(out);
    return -1;
}

PyObject *pyar_params_to_dict(const char *options)
{
    char buf[512];
    ar_param params[PYAR_MAX_PARAMS];
    size_t n, i;
    PyObject *dict = PyDict_New();
    if (!dict)
        return NULL;
    snprintf(buf, sizeof buf, "%s", options ? options : "");
    n = ar_param_split(buf, params, PYAR_MAX_PARAMS);
    for (i = 0; i < n; i++) {
        PyObject *v = params[i].value ? pyar_text(params[i].value) : (Py_INCREF(Py_True), Py_True);
        if (!v || PyDict_SetItemString(dict, params[i].name, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(dict);
            return NULL;
        }
        Py_DECREF(v);
    }
    return dict;
}

/* --- limits --- */

int pyar_limits(PyObject *time_limit, PyObject *memory_limit, PyObject *node_limit, ar_limits *out)
{
    memset(out, 0, sizeof *out);
    if (time_limit && time_limit != Py_None) {
        double t = PyFloat_AsDouble(time_limit);
        if (t == -1.0 && PyErr_Occurred())
            return -1;
        if (!(t > 0)) {
            pyar_raise(AR_ERR_INPUT, "time_limit must be more than 0 seconds");
            return -1;
        }
        out->time_limit = t;
    }
    if (!memory_limit || memory_limit == Py_None) {
        out->memory_limit = ar_default_memory_limit();
    } else if (PyUnicode_Check(memory_limit)) {
        ar_error err;
        size_t bytes;
        ar_error_clear(&err);
        if (ar_parse_size(PyUnicode_AsUTF8(memory_limit), &bytes, &err) != AR_OK) {
            char msg[600];
            snprintf(msg, sizeof msg, "memory_limit: %s", err.message);
            pyar_raise(AR_ERR_INPUT, msg);
            return -1;
        }
        out->memory_limit = bytes;
    } else {
        unsigned long long bytes = PyLong_AsUnsignedLongLong(memory_limit);
        if (PyErr_Occurred()) {
            PyErr_Clear();
            pyar_raise(AR_ERR_INPUT, "memory_limit must be a number of bytes or a size such as '512M'");
            return -1;
        }
        out->memory_limit = (size_t)bytes;
    }
    if (out->memory_limit && out->memory_limit < 4096) {
        pyar_raise(AR_ERR_INPUT, "memory_limit must be at least 4K");
        return -1;
    }
    if (node_limit && node_limit != Py_None) {
        unsigned long long n = PyLong_AsUnsignedLongLong(node_limit);
        if (PyErr_Occurred() || n == 0) {
            PyErr_Clear();
            pyar_raise(AR_ERR_INPUT, "node_limit must be a whole number of at least 1");
            return -1;
        }
        out->node_limit = (uint64_t)n;
    }
    return 0;
}

/* --- the registries as data --- */

static PyObject *option_list(const ar_option_spec *spec)
{
    PyObject *list = PyList_New(0);
    for (; list && spec && spec->name; spec++) {
        PyObject *item = Py_BuildValue("{s:s,s:z,s:s}", "name", spec->name, "metavar", spec->metavar,
                                       "help", spec->help ? spec->help : "");
        if (!item || PyList_Append(list, item) < 0) {
            Py_XDECREF(item);
            Py_CLEAR(list);
        }
        Py_XDECREF(item);
    }
    return list;
}

static int append(PyObject *list, PyObject *item)
{
    int rc = item ? PyList_Append(list, item) : -1;
    Py_XDECREF(item);
    return rc;
}

static PyObject *py_domains(PyObject *self, PyObject *args)
{
    const ar_puzzle *const *p;
    PyObject *list = PyList_New(0);
    (void)self, (void)args;
    for (p = ar_puzzles(); list && *p; p++)
        if (append(list, PyUnicode_FromString((*p)->name)) < 0)
            Py_CLEAR(list);
    return list;
}

static const ar_puzzle *puzzle_named(const char *name)
{
    const ar_puzzle *p = ar_puzzle_find(name);
    if (!p) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown domain '%.60s' (see ariadne.domains())", name);
        pyar_raise(AR_ERR_INPUT, msg);
    }
    return p;
}

static PyObject *tool_names(const ar_tool *tools, const ar_bench_suite *suites, PyObject **bench)
{
    PyObject *list = PyList_New(0);
    *bench = PyList_New(0);
    for (; list && tools && tools->name; tools++)
        if (append(list, PyUnicode_FromString(tools->name)) < 0)
            Py_CLEAR(list);
    for (; *bench && suites && suites->name; suites++)
        if (append(*bench, PyUnicode_FromString(suites->name)) < 0)
            Py_CLEAR(*bench);
    return list;
}

static PyObject *py_domain_info(PyObject *self, PyObject *args)
{
    const char *name;
    const ar_puzzle *p;
    const ar_heuristic *h;
    const ar_domain_solver *s;
    const ar_puzzle_example *e;
    PyObject *heuristics, *solvers, *examples, *tools, *bench, *options;
    (void)self;
    if (!PyArg_ParseTuple(args, "s", &name) || !(p = puzzle_named(name)))
        return NULL;
    heuristics = PyList_New(0);
    solvers = PyList_New(0);
    examples = PyList_New(0);
    options = option_list(p->options);
    tools = tool_names(p->tools, p->bench_suites, &bench);
    for (h = p->heuristics; heuristics && h && h->name; h++)
        if (append(heuristics, Py_BuildValue("{s:s,s:s,s:O,s:O}", "name", h->name, "summary",
                                             h->summary ? h->summary : "", "admissible",
                                             (h->flags & AR_HEURISTIC_ADMISSIBLE) ? Py_True : Py_False,
                                             "consistent",
                                             (h->flags & AR_HEURISTIC_CONSISTENT) ? Py_True : Py_False)) < 0)
            Py_CLEAR(heuristics);
    for (s = p->solvers; solvers && s && s->name; s++)
        if (append(solvers, Py_BuildValue("{s:s,s:s,s:O,s:O,s:O}", "name", s->name, "summary",
                                          s->summary ? s->summary : "", "uses_heuristic",
                                          (s->flags & AR_SOLVER_USES_HEURISTIC) ? Py_True : Py_False,
                                          "uses_weight", (s->flags & AR_SOLVER_USES_WEIGHT) ? Py_True : Py_False,
                                          "uses_seed", (s->flags & AR_SOLVER_USES_SEED) ? Py_True : Py_False)) < 0)
            Py_CLEAR(solvers);
    for (e = p->examples; examples && e && e->note; e++) {
        PyObject *opts = pyar_params_to_dict(e->options);
        PyObject *item = opts ? Py_BuildValue("{s:O,s:s,s:z,s:K,s:s}", "options", opts, "options_text",
                                              e->options ? e->options : "", "instance", e->instance,
                                              "cost", (unsigned long long)e->cost, "note", e->note)
                              : NULL;
        Py_XDECREF(opts);
        if (append(examples, item) < 0)
            Py_CLEAR(examples);
    }
    if (!heuristics || !solvers || !examples || !tools || !bench || !options) {
        Py_XDECREF(heuristics), Py_XDECREF(solvers), Py_XDECREF(examples);
        Py_XDECREF(tools), Py_XDECREF(bench), Py_XDECREF(options);
        return NULL;
    }
    return Py_BuildValue(
        "{s:s,s:s,s:s,s:N,s:N,s:N,s:N,s:N,s:N,s:O,s:O,s:O,s:O,s:O}", "name", p->name, "summary",
        p->summary, "help", p->help, "options", options, "heuristics", heuristics, "solvers", solvers,
        "examples", examples, "tools", tools, "bench_suites", bench, "can_generate",
        p->generate ? Py_True : Py_False, "has_local_view", p->local ? Py_True : Py_False, "unit_cost",
        (p->flags & AR_PUZZLE_UNIT_COST) ? Py_True : Py_False, "single_char_moves",
        (p->flags & AR_PUZZLE_SINGLE_CHAR_MOVES) ? Py_True : Py_False, "fixed_length",
        (p->flags & AR_PUZZLE_FIXED_LENGTH) ? Py_True : Py_False);
}

static PyObject *py_algorithms(PyObject *self, PyObject *args)
{
    const ar_algorithm *a;
    const ar_local_strategy *s;
    PyObject *list = PyList_New(0);
    (void)self, (void)args;
    for (a = ar_algorithms(); list && a->name; a++)
        if (append(list, Py_BuildValue("{s:s,s:s,s:s,s:O,s:O,s:O,s:O,s:N}", "name", a->name, "summary",
                                       a->summary, "kind", "generic", "uses_heuristic",
                                       (a->flags & AR_ALGO_USES_HEURISTIC) ? Py_True : Py_False, "optimal",
                                       (a->flags & AR_ALGO_OPTIMAL) ? Py_True : Py_False, "complete",
                                       (a->flags & AR_ALGO_COMPLETE) ? Py_True : Py_False, "anytime",
                                       (a->flags & AR_ALGO_ANYTIME) ? Py_True : Py_False, "options",
                                       PyList_New(0))) < 0)
            Py_CLEAR(list);
    for (s = ar_local_strategies(); list && s->name; s++)
        if (append(list, Py_BuildValue("{s:s,s:s,s:s,s:O,s:O,s:O,s:O,s:N}", "name", s->name, "summary",
                                       s->summary, "kind", "local", "uses_heuristic", Py_False, "optimal",
                                       s->complete ? Py_True : Py_False, "complete",
                                       s->complete ? Py_True : Py_False, "anytime", Py_True, "options",
                                       option_list(s->options))) < 0)
            Py_CLEAR(list);
    return list;
}

static PyObject *py_games(PyObject *self, PyObject *args)
{
    const ar_game *const *g;
    PyObject *list = PyList_New(0);
    (void)self, (void)args;
    for (g = ar_games(); list && *g; g++)
        if (append(list, PyUnicode_FromString((*g)->name)) < 0)
            Py_CLEAR(list);
    return list;
}

static PyObject *bot_kind_list(const ar_bot_kind *k)
{
    PyObject *list = PyList_New(0);
    for (; list && k && k->name; k++)
        if (append(list, Py_BuildValue("{s:s,s:s,s:s}", "name", k->name, "summary", k->summary ? k->summary : "",
                                       "options", k->options ? k->options : "")) < 0)
            Py_CLEAR(list);
    return list;
}

static PyObject *py_game_info(PyObject *self, PyObject *args)
{
    const char *name;
    const ar_game *g;
    const ar_game_eval *e;
    const ar_game_strategy *s;
    PyObject *evals, *strategies, *variants, *tools, *bench;
    const char *const *v;
    (void)self;
    if (!PyArg_ParseTuple(args, "s", &name))
        return NULL;
    if (!(g = ar_game_find(name))) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown game '%.60s' (see ariadne.games())", name);
        return pyar_raise(AR_ERR_INPUT, msg);
    }
    evals = PyList_New(0);
    strategies = PyList_New(0);
    variants = PyList_New(0);
    tools = tool_names(g->tools, g->bench_suites, &bench);
    for (e = g->evals; evals && e && e->name; e++)
        if (append(evals, Py_BuildValue("{s:s,s:s}", "name", e->name, "summary", e->summary ? e->summary : "")) < 0)
            Py_CLEAR(evals);
    for (s = g->strategies; strategies && s && s->name; s++)
        if (append(strategies, Py_BuildValue("{s:s,s:s}", "name", s->name, "summary",
                                             s->summary ? s->summary : "")) < 0)
            Py_CLEAR(strategies);
    for (v = g->test_variants; variants && v && *v; v++)
        if (append(variants, pyar_params_to_dict(*v)) < 0)
            Py_CLEAR(variants);
    if (!evals || !strategies || !variants || !tools || !bench) {
        Py_XDECREF(evals), Py_XDECREF(strategies), Py_XDECREF(variants), Py_XDECREF(tools), Py_XDECREF(bench);
        return NULL;
    }
    return Py_BuildValue("{s:s,s:s,s:s,s:N,s:N,s:N,s:s,s:N,s:N,s:N,s:N,s:O,s:O,s:O,s:O}", "name", g->name,
                         "summary", g->summary, "help", g->help, "options", option_list(g->options), "evals",
                         evals, "strategies", strategies, "default_bot", g->default_bot ? g->default_bot : "",
                         "bot_kinds", bot_kind_list(g->bot_kinds), "variants", variants, "tools", tools,
                         "bench_suites", bench, "simultaneous", (g->flags & AR_GAME_SIMULTANEOUS) ? Py_True : Py_False,
                         "chance", (g->flags & AR_GAME_CHANCE) ? Py_True : Py_False, "hidden",
                         (g->flags & AR_GAME_HIDDEN) ? Py_True : Py_False, "draws",
                         (g->flags & AR_GAME_DRAWS) ? Py_True : Py_False);
}

static PyObject *py_bot_kinds(PyObject *self, PyObject *args)
{
    (void)self, (void)args;
    return bot_kind_list(ar_bot_kinds());
}

static PyMethodDef registry_methods[] = {
    {"domains", py_domains, METH_NOARGS, "The names of the registered puzzle domains."},
    {"domain_info", py_domain_info, METH_VARARGS, "What a domain offers, as a dict."},
    {"algorithms", py_algorithms, METH_NOARGS, "The generic algorithms and local-search strategies."},
    {"games", py_games, METH_NOARGS, "The names of the registered games."},
    {"game_info", py_game_info, METH_VARARGS, "What a game offers, as a dict."},
    {"bot_kinds", py_bot_kinds, METH_NOARGS, "The generic bot kinds."},
    {NULL, NULL, 0, NULL}};

/* --- the module --- */

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "ariadne._ariadne",
                                        "The C core of the ariadne package (use `import ariadne`).", -1,
                                        NULL, NULL, NULL, NULL, NULL};

static int add_functions(PyObject *m, PyMethodDef *defs)
{
    return PyModule_AddFunctions(m, defs);
}

static PyObject *new_exception(PyObject *m, const char *name, PyObject *bases, const char *doc)
{
    char full[80];
    PyObject *e;
    snprintf(full, sizeof full, "ariadne.%s", name);
    e = PyErr_NewExceptionWithDoc(full, doc, bases, NULL);
    if (e && PyModule_AddObjectRef(m, name, e) < 0)
        Py_CLEAR(e);
    return e;
}

static int make_exceptions(PyObject *m)
{
    PyObject *b;
    exc_base = new_exception(m, "Error", NULL, "An error reported by the ariadne library.");
    if (!exc_base)
        return -1;
#define SUB(var, name, extra, doc)                                               \
    b = extra ? PyTuple_Pack(2, exc_base, extra) : PyTuple_Pack(1, exc_base);    \
    var = b ? new_exception(m, name, b, doc) : NULL;                             \
    Py_XDECREF(b);                                                               \
    if (!var)                                                                    \
        return -1;
    SUB(exc_input, "InputError", PyExc_ValueError, "Bad input: an instance, option, move or position.")
    SUB(exc_unsolvable, "UnsolvableError", NULL, "The instance provably has no solution.")
    SUB(exc_memory, "MemoryLimitError", PyExc_MemoryError, "An allocation would exceed the memory limit.")
    SUB(exc_limit, "LimitError", NULL, "A limit or Ctrl-C stopped the work before any result.")
    SUB(exc_io, "FileError", PyExc_OSError, "Reading or writing a file failed.")
    SUB(exc_unsupported, "UnsupportedError", PyExc_ValueError, "The domain or algorithm cannot do what was asked.")
    SUB(exc_internal, "InternalError", NULL, "A bug: an invariant of the library did not hold.")
#undef SUB
    return 0;
}

static int remember_main_thread(void)
{
    PyObject *threading = PyImport_ImportModule("threading"), *main = NULL, *ident = NULL;
    if (threading)
        main = PyObject_CallMethod(threading, "main_thread", NULL);
    if (main)
        ident = PyObject_GetAttrString(main, "ident");
    if (ident)
        main_thread_ident = PyLong_AsUnsignedLong(ident);
    Py_XDECREF(ident);
    Py_XDECREF(main);
    Py_XDECREF(threading);
    return ident ? 0 : -1;
}

PyMODINIT_FUNC PyInit__ariadne(void);

PyMODINIT_FUNC PyInit__ariadne(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    if (make_exceptions(m) < 0 || remember_main_thread() < 0 || add_functions(m, registry_methods) < 0 ||
        add_functions(m, pyar_solve_methods) < 0 || add_functions(m, pyar_verb_methods) < 0 || add_functions(m, pyar_python_methods) < 0 ||
        add_functions(m, pyar_game_methods) < 0 || add_functions(m, pyar_andor_methods) < 0 || pyar_game_init(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
