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
/* v as a whole number in [min, max]; an InputError naming `name` if not. */
int pyar_uint_arg(PyObject *v, const char *name, unsigned long long min, unsigned long long max,
                  unsigned long long *out);
/* The domain, its options and the search options from the arguments. */
int pyar_prepare(const search_args *a, prepared *pr);
/* The instance text (NULL: the default instance); an empty one is refused. */
int pyar_instance_text(PyObject *instance, const char **text);
ar_instance *pyar_make_instance(const prepared *pr, const char *text);
/* Refuses a seed for an algorithm that is not randomised (the one that
 * will run: the domain's default when none was named), as the command line
 * does. */
int pyar_check_seed(const prepared *pr, const ar_instance *inst, const search_args *a);
/* Raises the error of a domain's call, prefixed with the domain's name. */
PyObject *pyar_domain_error(const ar_puzzle *p, ar_status st, const ar_error *err);
PyObject *pyar_move_list(const ar_puzzle *p, const ar_instance *inst, const ar_move *moves, uint64_t count);
/* value, or None when not have. */
PyObject *pyar_optional_u64(int have, uint64_t value);
/* The result of a registered domain's search as a dict (pyar_result_dict). */
PyObject *pyar_result_of(const ar_puzzle *p, ar_instance *inst, const ar_result *res);

#endif
