/* solvekit.h — what the puzzle verbs share (solve.c: solve and solve_many;
 * verbs.c: hint, verify, generate, instance, a domain's tools): the search
 * arguments every verb takes, the instance made from text and options, and
 * the result as data. */
#ifndef ARIADNE_PYTHON_SOLVEKIT_H
#define ARIADNE_PYTHON_SOLVEKIT_H

#include "ext.h"

typedef struct search_args {
    const char *domain;
    PyObject *instance;
    const char *algo, *heuristic;
    PyObject *weight, *beam_width, *depth_limit, *seed;
    PyObject *time_limit, *memory_limit, *node_limit, *options;
} search_args;

/* The keywords of SEARCH_FORMAT, in order. */
extern char *pyar_search_kwlist[];
#define SEARCH_FORMAT "s|OzzOOOOOOOO"
#define SEARCH_ARGS(a)                                                                                    \
    &(a).domain, &(a).instance, &(a).algo, &(a).heuristic, &(a).weight, &(a).beam_width,                 \
        &(a).depth_limit, &(a).seed, &(a).time_limit, &(a).memory_limit, &(a).node_limit, &(a).options

/* A domain, its options and its search options, ready for ar_solve. */
typedef struct prepared {
    const ar_puzzle *p;
    pyar_params params;
    ar_search_options search;
} prepared;

/* Appends item (stolen) to list; nonzero on failure. */
int pyar_append_item_failed(PyObject *list, PyObject *item);
/* What every verb on an instance begins with, from its parsed arguments:
 * the domain, its options and the search options, the instance; for a
 * search (stop not NULL) also the seed check and a stop flag, which the
 * caller ends (pyar_stop_end) when the search returns. The instance, or
 * NULL with an exception set and nothing left to free. */
ar_instance *pyar_open(const search_args *a, prepared *pr, pyar_stop *stop);
/* Frees what pyar_open made. */
void pyar_close(prepared *pr, ar_instance *inst);
/* The domain, its options and the search options from the arguments. */
int pyar_prepare(const search_args *a, prepared *pr);
/* Raises the error of a domain's call, prefixed with the domain's name. */
PyObject *pyar_domain_error(const ar_puzzle *p, ar_status st, const ar_error *err);
PyObject *pyar_move_list(const ar_puzzle *p, const ar_instance *inst, const ar_move *moves, uint64_t count);
/* value, or None when not have. */
PyObject *pyar_optional_u64(int have, uint64_t value);

#endif
