/* ariadne/idakernel.h — one IDA* iteration from any node, splittable: the
 * hook that parallel and distributed IDA* drive.
 *
 * IDA* spends nearly all its time in depth-first iterations under a cost
 * bound. A kernel runs one such iteration from a *task* (a state, the moves
 * that led to it from the start and their cost) and can give away part of the
 * work it has not done yet while it runs: when the caller's poll asks for a
 * split, the kernel hands over the untried siblings at the shallowest depth
 * of its current path as new tasks and never searches them itself. The
 * tasks searched plus the tasks given away cover the original subtree
 * exactly, with the same pruning (the inverse of a task's last move is
 * skipped), so an iteration split any number of times across workers expands
 * the same nodes as one sequential iteration, and a solution found within the
 * bound after an iteration that found none is optimal.
 *
 * Every puzzle has a kernel: the generic one over the puzzle interface with
 * the domain's heuristics (src/search/ida_kernel.c), or the domain's own,
 * specialised one (its descriptor's `ida_kernel`: in-place moves, incremental
 * heuristics, memory-mapped pattern databases), which the caller reaches
 * without naming the domain:
 *
 *     const ar_ida_kernel *k = ar_puzzle_ida_kernel(p);
 *     void *s;
 *     if (k->open(p, inst, &opts, &s, &err) == AR_OK) {
 *         ar_ida_task root = {state, 0, NULL, 0};
 *         k->search(s, &root, bound, &control, &outcome, &err);
 *         k->close(s);
 *     }
 *
 * A searcher is used by one thread at a time; searchers opened on one
 * instance may run in parallel threads (they share read-only tables). */
#ifndef ARIADNE_IDAKERNEL_H
#define ARIADNE_IDAKERNEL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"
#include "ariadne/puzzle.h"
#include "ariadne/search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A node to search from: state_size bytes, reached from the start by
 * path[0..length) at cost g. The last move's inverse is not tried. */
typedef struct ar_ida_task {
    const void *state;
    uint64_t g;
    const ar_move *path;
    uint32_t length;
} ar_ida_task;

/* What poll answers. */
enum {
    AR_IDA_GO = 0,    /* carry on */
    AR_IDA_SPLIT = 1, /* give work away now (through donate), then call poll again */
    AR_IDA_STOP = 2   /* abandon the iteration (a limit, or a solution elsewhere) */
};

typedef struct ar_ida_control {
    /* Called every few milliseconds of search with the expansions of this
     * search so far; NULL: never. */
    int (*poll)(void *ctx, uint64_t expanded);
    /* Receives each task given away after poll said AR_IDA_SPLIT (zero tasks
     * when the path has no untried sibling); the task's memory is the
     * kernel's and valid only during the call. */
    void (*donate)(void *ctx, const ar_ida_task *task);
    void *ctx;
} ar_ida_control;

typedef struct ar_ida_outcome {
    int found;            /* a goal within the bound: moves[0..length) from the start */
    int stopped;          /* poll said AR_IDA_STOP */
    uint64_t next_bound;  /* the least f above the bound met (UINT64_MAX: none) */
    uint64_t expanded;    /* nodes expanded in this search */
    uint64_t generated;   /* children generated, those given away included */
    const ar_move *moves; /* the kernel's; valid until its next search */
    uint64_t length, cost;
} ar_ida_outcome;

typedef struct ar_ida_kernel {
    const char *name;
    /* Prepares a searcher for inst with the heuristic opts->heuristic (NULL:
     * the kernel's choice), loading or building what it needs (pattern
     * databases) under opts' limits and progress. AR_ERR_INPUT for a
     * heuristic the kernel does not know or that is not admissible. */
    ar_status (*open)(const ar_puzzle *p, ar_instance *inst, const ar_search_options *opts,
                      void **searcher, ar_error *err);
    /* The heuristic used, in words for people ("pattern databases 6-6-6-6 with
     * reflection"); its value on a state (state_size bytes). */
    const char *(*describe)(void *searcher);
    uint64_t (*estimate)(void *searcher, const void *state);
    /* One iteration from task: every node with f = g + h <= bound. */
    ar_status (*search)(void *searcher, const ar_ida_task *task, uint64_t bound,
                        const ar_ida_control *control, ar_ida_outcome *out, ar_error *err);
    void (*close)(void *searcher);
} ar_ida_kernel;

/* The generic kernel: any puzzle with an admissible heuristic, in place with
 * undo when the domain has it, else one state per ply. */
extern const ar_ida_kernel ar_ida_kernel_generic;

/* The puzzle's own kernel, or the generic one. */
const ar_ida_kernel *ar_puzzle_ida_kernel(const ar_puzzle *p);

#ifdef __cplusplus
}
#endif
#endif
