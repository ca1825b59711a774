/* ext.h — what the files of the Python extension (ariadne._ariadne) share:
 * the exceptions that carry the library's one-line messages, the stop flags
 * that Ctrl-C and failing callbacks set to end a search, the conversion of
 * keyword arguments into a domain's options, and the limits.
 *
 * The extension is a client of the public C API (include/ariadne/) and
 * nothing else: it reaches every puzzle, game, algorithm and bot through the
 * registries, so a domain added to the library is in Python at once. */
#ifndef ARIADNE_PYTHON_EXT_H
#define ARIADNE_PYTHON_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <signal.h>
#include "ariadne/ariadne.h"
#include "ariadne/local.h"

/* --- exceptions (module.c) --- */

/* Raises the exception of status st (ariadne.InputError, ...) with message;
 * returns NULL so a function can `return pyar_raise(...)`. */
PyObject *pyar_raise(ar_status st, const char *message);
/* The same from an ar_error (its message, or the status's name). */
PyObject *pyar_raise_error(ar_status st, const ar_error *err);
/* The exception classes by status, for the module's attributes. */
PyObject *pyar_exception(ar_status st);

/* --- stopping a search: Ctrl-C and failing callbacks (module.c) ---
 *
 * Every search gets a flag of its own for ar_limits.interrupt. While a
 * search runs on the main thread, SIGINT is handled by the extension: the
 * handler sets every flag in use, so the searches stop within a fraction of
 * a second with the best result so far (as the command line does) instead of
 * a KeyboardInterrupt that would lose it. Python's handler is put back when
 * the search returns. A Python callback that raises sets its search's flag
 * too. */
typedef struct pyar_stop {
    volatile sig_atomic_t *flag; /* for ar_limits.interrupt */
    int slot;
    int installed;               /* this call installed the SIGINT handler */
} pyar_stop;

/* Takes a flag (the GIL held); -1 with an exception set when none is free. */
int pyar_stop_begin(pyar_stop *s);
/* Gives the flag back and restores SIGINT's handler (the GIL held). */
void pyar_stop_end(pyar_stop *s);
/* Whether SIGINT arrived since pyar_stop_begin. */
int pyar_stop_interrupted(const pyar_stop *s);
/* Whether the calling thread is Python's main thread (the one that may
 * install signal handlers). */
int pyar_main_thread(void);

/* --- options (module.c) --- */

#define PYAR_MAX_PARAMS 64

typedef struct pyar_params {
    ar_param items[PYAR_MAX_PARAMS];       /* the domain's options */
    size_t count;
    ar_param algo[PYAR_MAX_PARAMS];        /* a local-search strategy's options */
    size_t algo_count;
    char *owned[2 * PYAR_MAX_PARAMS * 2];
    size_t owned_count;
} pyar_params;

/* Converts a dict of keyword options into params: a name's underscores
 * become dashes and a trailing underscore is dropped (from_ -> "from");
 * True is a flag, False or None leaves the option out, any other value is
 * its str(). Names are checked against spec (the domain's or game's table)
 * and, when local is set, against the local-search strategies' options;
 * an unknown name is an InputError naming the owner. Returns 0 or -1 with
 * an exception set. */
int pyar_params_from_dict(pyar_params *out, PyObject *dict, const ar_option_spec *spec,
                          const char *owner, int local);
void pyar_params_free(pyar_params *p);
/* Splits "a=1 b" (the examples' option strings) into a new dict. */
PyObject *pyar_params_to_dict(const char *options);

/* --- limits (module.c) --- */

/* Fills limits from Python values (None: none; memory None: the library's
 * default of half the machine's memory). memory may be a number of bytes or
 * a size text ("512M"). Returns 0 or -1 with an exception set. */
int pyar_limits(PyObject *time_limit, PyObject *memory_limit, PyObject *node_limit, ar_limits *out);

/* A search result as the dict of the fields of `ariadne solve --json`
 * (solve.c); moves and solution are stolen (None: no moves). */
PyObject *pyar_result_dict(const char *domain, const char *description, const ar_result *res,
                           PyObject *moves, PyObject *solution);

/* A str from C text that may not be UTF-8 (bytes replaced). */
PyObject *pyar_text(const char *text);

/* --- the module's parts (each file's init adds its functions/types) --- */
extern PyMethodDef pyar_solve_methods[];  /* solve.c */
extern PyMethodDef pyar_verb_methods[];   /* verbs.c */
extern PyMethodDef pyar_python_methods[]; /* pypuzzle.c */
extern PyMethodDef pyar_game_methods[];   /* bot.c */
extern PyMethodDef pyar_andor_methods[];  /* andor.c */
int pyar_game_init(PyObject *module);     /* game.c: the Game and Bot types */

#endif
