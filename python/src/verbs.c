/* verbs.c — the puzzle verbs besides solving, from Python: hint (the next
 * move and the distance), verify (replay moves through the domain's own
 * rules), generate (a random instance), instance (the start state, its
 * picture and legal moves) and a domain's own tools (count) run in-process
 * with their output captured. */
#include "solvekit.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- hint --- */

typedef struct first_move {
    ar_move move;
    int have;
} first_move;

static ar_status capture_first(void *ctx, const ar_move *moves, size_t count)
{
    first_move *fm = ctx;
    if (count && !fm->have) {
        fm->move = moves[0];
        fm->have = 1;
    }
    return AR_ERR_LIMIT; /* one move is all a hint needs */
}

/* The next move towards a goal and the distance, as `ariadne hint`. */
static PyObject *py_hint(PyObject *self, PyObject *args, PyObject *kw)
{
    search_args a;
    prepared pr;
    ar_instance *inst;
    ar_result res;
    ar_error err;
    ar_status st;
    ar_move_sink sink;
    first_move fm = {AR_NO_MOVE, 0};
    pyar_stop stop;
    PyObject *out = NULL, *move = Py_None;
    (void)self;
    memset(&a, 0, sizeof a);
    if (!PyArg_ParseTupleAndKeywords(args, kw, SEARCH_FORMAT, pyar_search_kwlist, SEARCH_ARGS(a)) ||
        !(inst = pyar_open(&a, &pr, &stop)))
        return NULL;
    sink.emit = capture_first;
    sink.ctx = &fm;
    ar_error_clear(&err);
    Py_BEGIN_ALLOW_THREADS
    st = ar_solve(pr.p, inst, &pr.search, &sink, &res, &err);
    Py_END_ALLOW_THREADS
    pyar_stop_end(&stop);
    if (st == AR_ERR_LIMIT && fm.have && res.length > 0)
        st = AR_OK; /* our sink stopped a streaming solver after the first move */
    else if (st == AR_OK && res.moves && res.length > 0) {
        fm.move = res.moves[0];
        fm.have = 1;
    }
    if (st != AR_OK) {
        pyar_domain_error(pr.p, st, &err);
    } else {
        int solved_at_start = res.outcome == AR_OUTCOME_SOLVED && res.length == 0;
        int proven = res.optimal && res.outcome == AR_OUTCOME_SOLVED;
        int have = fm.have && res.outcome != AR_OUTCOME_NO_SOLUTION && !solved_at_start;
        if (have) {
            char buf[128];
            size_t n = pr.p->format_move(inst, fm.move, buf, sizeof buf);
            move = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)(n < sizeof buf ? n : sizeof buf - 1), "replace");
        } else {
            Py_INCREF(move);
        }
        if (move)
            out = Py_BuildValue("{s:s,s:N,s:N,s:N,s:O,s:N}", "status", ar_outcome_name(res.outcome), "move", move,
                                "distance", pyar_optional_u64(have || solved_at_start, res.length), "cost",
                                pyar_optional_u64(have || solved_at_start, res.cost), "optimal",
                                (have && proven) || solved_at_start ? Py_True : Py_False, "note",
                                pyar_text(res.note));
    }
    ar_result_free(&res);
    pyar_close(&pr, inst);
    return out;
}

/* --- verify, generate, an instance's start --- */

static PyObject *py_verify(PyObject *self, PyObject *args, PyObject *kw)
{
    search_args a;
    prepared pr;
    ar_instance *inst;
    ar_error err;
    ar_status st;
    const char *moves;
    uint64_t length = 0, cost = 0;
    int solved = 0;
    unsigned char *final_state;
    char *state_text;
    PyObject *out = NULL;
    static char *kwlist[] = {"domain", "moves", "instance", "options", NULL};
    (void)self;
    memset(&a, 0, sizeof a);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ss|OO", kwlist, &a.domain, &moves, &a.instance, &a.options) ||
        !(inst = pyar_open(&a, &pr, NULL)))
        return NULL;
    final_state = malloc(pr.p->state_size(inst) + 1);
    state_text = malloc(65536);
    ar_error_clear(&err);
    st = final_state && state_text ? ar_puzzle_replay(pr.p, inst, moves, &length, &cost, &solved, final_state, &err)
                                   : ar_error_set(&err, AR_ERR_MEMORY, "out of memory");
    if (st != AR_OK) {
        pyar_domain_error(pr.p, st, &err);
    } else {
        pr.p->format_state(inst, final_state, state_text, 65536);
        out = Py_BuildValue("{s:O,s:K,s:K,s:N}", "solved", solved ? Py_True : Py_False, "length",
                            (unsigned long long)length, "cost", (unsigned long long)cost, "final_state",
                            pyar_text(state_text));
    }
    free(final_state);
    free(state_text);
    pyar_close(&pr, inst);
    return out;
}

static PyObject *py_generate(PyObject *self, PyObject *args, PyObject *kw)
{
    search_args a;
    prepared pr;
    ar_error err;
    ar_status st;
    char *text = NULL;
    unsigned long long seed = 0;
    PyObject *out;
    static char *kwlist[] = {"domain", "seed", "options", NULL};
    (void)self;
    memset(&a, 0, sizeof a);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|KO", kwlist, &a.domain, &seed, &a.options) || pyar_prepare(&a, &pr) < 0)
        return NULL;
    if (!pr.p->generate) {
        char msg[160];
        pyar_params_free(&pr.params);
        snprintf(msg, sizeof msg, "%s has no instance generator", pr.p->name);
        return pyar_raise(AR_ERR_UNSUPPORTED, msg);
    }
    ar_error_clear(&err);
    st = pr.p->generate(pr.params.items, pr.params.count, (uint64_t)seed, &text, &err);
    if (st == AR_OK && text[0] && text[strlen(text) - 1] == '\n')
        text[strlen(text) - 1] = '\0'; /* as `ariadne generate --json` */
    out = st == AR_OK ? pyar_text(text) : pyar_domain_error(pr.p, st, &err);
    free(text);
    pyar_params_free(&pr.params);
    return out;
}

/* An instance's description, start state (its text and its picture) and
 * the start's legal moves, without a search. */
static PyObject *py_instance(PyObject *self, PyObject *args, PyObject *kw)
{
    search_args a;
    prepared pr;
    ar_instance *inst;
    unsigned char *state;
    ar_move *moves;
    char *buf;
    unsigned n;
    PyObject *out = NULL;
    static char *kwlist[] = {"domain", "instance", "options", NULL};
    (void)self;
    memset(&a, 0, sizeof a);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|OO", kwlist, &a.domain, &a.instance, &a.options) ||
        !(inst = pyar_open(&a, &pr, NULL)))
        return NULL;
    state = malloc(pr.p->state_size(inst) + 1);
    moves = malloc(sizeof *moves * (pr.p->max_moves(inst) + 1u));
    buf = malloc(65536);
    if (state && moves && buf) {
        PyObject *start, *drawing, *legal, *description;
        pr.p->initial_state(inst, state);
        pr.p->format_state(inst, state, buf, 65536);
        start = pyar_text(buf);
        (pr.p->draw ? pr.p->draw : pr.p->format_state)(inst, state, buf, 65536);
        drawing = pyar_text(buf);
        n = pr.p->legal_moves(inst, state, moves);
        legal = pyar_move_list(pr.p, inst, moves, n);
        pr.p->describe(inst, buf, 65536);
        description = pyar_text(buf);
        out = Py_BuildValue("{s:N,s:N,s:N,s:N,s:O}", "description", description, "start", start, "drawing", drawing,
                            "legal_moves", legal, "is_goal", pr.p->is_goal(inst, state) ? Py_True : Py_False);
    } else {
        PyErr_NoMemory();
    }
    free(state);
    free(moves);
    free(buf);
    pyar_close(&pr, inst);
    return out;
}

/* --- a domain's own tools, output captured --- */

static char *read_all(FILE *f)
{
    long size;
    char *text;
    fflush(f);
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        return NULL;
    text = malloc((size_t)size + 1);
    if (text) {
        size_t got = fread(text, 1, (size_t)size, f);
        text[got] = '\0';
    }
    return text;
}

/* Runs the tool `name` of a puzzle or game (kind "puzzle" or "game") with
 * argv (argv[0] is the verb), its stdout and stderr captured: returns
 * (exit status, stdout text, stderr text). SIGINT stops it as on the
 * command line, and Python's handler is put back afterwards. */
static PyObject *py_run_tool(PyObject *self, PyObject *args)
{
    const char *kind, *owner, *name;
    PyObject *argv_obj, *seq, *out = NULL;
    const ar_tool *tools = NULL, *tool;
    char *argv[AR_TOOL_MAX_ARGS + 1];
    Py_ssize_t argc, i;
    FILE *out_file = NULL, *err_file = NULL;
    int saved_out = -1, saved_err = -1, rc = 0;
    struct sigaction saved_int;
    (void)self;
    if (!PyArg_ParseTuple(args, "sssO", &kind, &owner, &name, &argv_obj))
        return NULL;
    if (strcmp(kind, "puzzle") == 0 && ar_puzzle_find(owner))
        tools = ar_puzzle_find(owner)->tools;
    else if (strcmp(kind, "game") == 0 && ar_game_find(owner))
        tools = ar_game_find(owner)->tools;
    if (!(tool = ar_tool_find(tools, name))) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s has no tool '%.40s'", owner, name);
        return pyar_raise(AR_ERR_UNSUPPORTED, msg);
    }
    if (!(seq = PySequence_Fast(argv_obj, "argv must be a list of str")))
        return NULL;
    argc = PySequence_Fast_GET_SIZE(seq);
    if (argc < 1 || argc > AR_TOOL_MAX_ARGS) {
        Py_DECREF(seq);
        return pyar_raise(AR_ERR_INPUT, "too many or too few arguments");
    }
    for (i = 0; i < argc; i++)
        if (!(argv[i] = (char *)PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(seq, i)))) {
            Py_DECREF(seq);
            return NULL;
        }
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    out_file = tmpfile();
    err_file = tmpfile();
    saved_out = dup(STDOUT_FILENO);
    saved_err = dup(STDERR_FILENO);
    if (!out_file || !err_file || saved_out < 0 || saved_err < 0 ||
        dup2(fileno(out_file), STDOUT_FILENO) < 0 || dup2(fileno(err_file), STDERR_FILENO) < 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        goto restore;
    }
    sigaction(SIGINT, NULL, &saved_int);
    ar_tool_interrupted = 0;
    Py_BEGIN_ALLOW_THREADS
    ar_tool_install_sigint();
    rc = tool->run((int)argc, argv);
    fflush(stdout);
    fflush(stderr);
    Py_END_ALLOW_THREADS
    sigaction(SIGINT, &saved_int, NULL);
    ar_tool_interrupted = 0;
restore:
    if (saved_out >= 0) {
        dup2(saved_out, STDOUT_FILENO);
        close(saved_out);
    }
    if (saved_err >= 0) {
        dup2(saved_err, STDERR_FILENO);
        close(saved_err);
    }
    if (!PyErr_Occurred()) {
        char *o = read_all(out_file), *e = read_all(err_file);
        out = Py_BuildValue("(iNN)", rc, pyar_text(o), pyar_text(e));
        free(o);
        free(e);
    }
    if (out_file)
        fclose(out_file);
    if (err_file)
        fclose(err_file);
    Py_DECREF(seq);
    return out;
}

PyMethodDef pyar_verb_methods[] = {
    {"hint", (PyCFunction)(void (*)(void))py_hint, METH_VARARGS | METH_KEYWORDS, "The next move and the distance."},
    {"verify", (PyCFunction)(void (*)(void))py_verify, METH_VARARGS | METH_KEYWORDS, "Replays moves."},
    {"generate", (PyCFunction)(void (*)(void))py_generate, METH_VARARGS | METH_KEYWORDS, "A random instance."},
    {"instance", (PyCFunction)(void (*)(void))py_instance, METH_VARARGS | METH_KEYWORDS,
     "An instance's start state, picture and legal moves."},
    {"run_tool", py_run_tool, METH_VARARGS, "Runs a domain's own tool, its output captured."},
    {NULL, NULL, 0, NULL}};
