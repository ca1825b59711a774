/* pypuzzle.h — a puzzle defined in Python as an ar_puzzle instance: what
 * pypuzzle.c (the search view: start, goal, successors, heuristic) and
 * pylocal.c (the local-search view: candidates, neighbours, cost) share.
 *
 * The library's searches copy, hash and compare states as fixed-size blocks
 * of bytes; a Python state is an object of any size. So every state the
 * search meets is interned: its key (key(state), or the state itself) is
 * looked up in a dict, a new one gets the next id, and the search's state
 * is that 4-byte id. Equal keys are equal ids, so duplicate detection,
 * hashing and path checks work unchanged for every generic algorithm. A
 * state's goal test and heuristic are computed once, when it is interned,
 * and its successors once, when first expanded (moves are interned the same
 * way, one id per distinct (move, cost)); the C search then reads them from
 * arrays without the GIL, and takes the GIL once per new expansion. The
 * price is memory: the table keeps every state met until the search ends,
 * even under IDA*, whose own memory is linear in the depth. */
#ifndef ARIADNE_PYTHON_PYPUZZLE_H
#define ARIADNE_PYTHON_PYPUZZLE_H

#include "ext.h"

typedef struct py_entry {
    uint64_t h;          /* the heuristic, when the search uses one */
    uint32_t first;      /* its successors: children[first .. first+count) */
    uint32_t count;
    uint8_t expanded;
    uint8_t goal;
} py_entry;

typedef struct py_child {
    uint32_t move;       /* move id */
    uint32_t state;      /* state id */
} py_child;

/* A candidate of the local-search view (pylocal.c). */
typedef struct py_candidate {
    int64_t cost;
    uint32_t first;      /* its neighbours: neighbours[first .. first+count) */
    uint32_t count;
    uint8_t expanded;
    uint8_t costed;      /* cost and solution are known (computed when first asked) */
    uint8_t solution;
} py_candidate;

struct ar_instance {
    PyObject *puzzle;
    PyObject *successors, *is_goal, *heuristic, *key, *format_move, *format_state;
    PyObject *predecessors;              /* optional: with goal, for bidirectional search */
    uint32_t goal_id;                    /* the goal attribute's state, interned */
    int has_goal;
    PyObject *state_ids, *states;        /* key -> id; id -> state */
    PyObject *move_ids, *move_cost_ids;  /* move -> id; (move, cost) -> id */
    PyObject *moves;                     /* id -> move */
    uint32_t *move_costs;
    size_t move_cap;
    py_entry *entries;
    size_t entry_cap, entry_count;
    py_child *children;
    size_t child_cap, child_count;
    unsigned max_moves;
    int want_h;
    /* stopping */
    volatile sig_atomic_t *stop;
    int failed;                          /* a callback raised: the exception is kept */
    PyObject *exc_type, *exc_value, *exc_tb;
    size_t memory_limit, bytes, bytes_per_state;
    int memory_stop;
    char name[64];
    /* the local-search view (pylocal.c) */
    PyObject *cand_cost, *cand_neighbours, *cand_random, *cand_initial, *cand_moves, *cand_is_solution;
    PyObject *cand_ids, *cands, *py_rng;
    py_candidate *cand;
    size_t cand_cap, cand_count;
    uint32_t *neighbours;
    size_t nb_cap, nb_count;
    uint64_t solution_cap;
    int has_lower_bound;
    int64_t lower_bound;
};

/* Keeps the pending Python exception and stops the search (GIL held). */
void pyp_fail(ar_instance *inst);
/* Grows a C array of elem-byte items to hold need items; -1 on failure
 * (the search is stopped with a MemoryError). */
int pyp_grow(ar_instance *inst, void **array, size_t *cap, size_t need, size_t elem);
/* Adds n bytes to the table's account and stops the search for memory past
 * the limit. */
void pyp_account(ar_instance *inst, size_t n);
/* Expands state id (its successors interned) if it was not yet; 0, or -1
 * when the search has failed. GIL held. */
int pyp_expand(ar_instance *inst, uint32_t id);

/* The local-search view (pylocal.c): set when the puzzle defines it. */
extern const ar_local_provider pyar_local_view;
/* Looks up the local view's methods on the puzzle; 1 when it has one. */
int pyp_local_setup(ar_instance *inst);
void pyp_local_clear(ar_instance *inst);

#endif
