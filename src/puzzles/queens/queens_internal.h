/* queens_internal.h — what the files of the n-queens domain share.
 * queens.c: the puzzle (rules, notation, the constraint model, descriptor);
 * queens_repair.c: min-conflicts by swaps, for boards up to 10^7;
 * queens_count.c: every solution counted by bitmasks with symmetry on
 * several threads; queens_tool.c: `ariadne count queens` and `ariadne bench
 * queens`. */
#ifndef ARIADNE_QUEENS_INTERNAL_H
#define ARIADNE_QUEENS_INTERNAL_H

#include <stdint.h>
#include "ariadne/csp.h"
#include "ariadne/puzzle.h"
#include "ariadne/run.h"

#define QUEENS_MAX_N 10000000u
#define QUEENS_MAX_COUNT_N 32u  /* the counter's bitmasks are 32 bits wide */
#define QUEENS_MAX_CSP_N 2000u  /* the constraint engine's model (Régin's graphs grow as n^2) */

struct ar_instance {
    uint32_t n;
    uint32_t given;        /* columns with a queen at the start */
    uint32_t *start;       /* start rows per column, 1..n or 0 */
    ar_csp_options csp;    /* --consistency and the rest, for the constraint solver */
    int csp_given;         /* whether any of them was given */
    /* the state's layout (bytes) */
    size_t rows_at, used_at, up_at, down_at, size;
    size_t used_words, diag_words;
};

/* Published counts of solutions, OEIS A000170, n = 0..27. */
extern const uint64_t ar_queens_published[28];

/* Min-conflicts by swaps on a permutation (queens_repair.c): fills rows
 * (1..n per column) with a solution keeping the given queens, under the
 * run's limits. Returns 1 when solved, 0 when stopped. */
int ar_queens_repair(const ar_instance *in, ar_run *run, uint64_t seed, uint32_t *rows, uint64_t *swaps, ar_error *err);

typedef struct ar_queens_count_job {
    unsigned n, threads;
    ar_run *run;           /* limits, Ctrl-C and progress (polled by the calling thread) */
} ar_queens_count_job;

typedef struct ar_queens_count_result {
    uint64_t solutions;    /* complete: exact; stopped: those counted in the finished tasks */
    uint64_t nodes;        /* placements tried */
    uint64_t tasks, tasks_done;
    int complete;
} ar_queens_count_result;

/* Counts every solution of the empty n x n board, n = 1..32 (queens_count.c). */
ar_status ar_queens_count(const ar_queens_count_job *job, ar_queens_count_result *r, ar_error *err);

/* The constraint model of an instance: one variable per column (1..n), the
 * rows and both diagonals all different, given queens fixed. */
ar_status ar_queens_model(const ar_instance *in, ar_csp **out, ar_error *err);

int ar_queens_count_tool(int argc, char **argv);
int ar_queens_bench(int quick);

#endif
