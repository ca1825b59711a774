/* magic_internal.h — what the files of the magic-square domain share.
 * magic.c: the puzzle (complete a partly filled square) and its descriptor;
 * magic_count.c: the enumeration and counting engine; magic_xor.c: the
 * notes' XOR construction of perfect 4x4 squares; magic_pairs.c: the fast
 * count by orthogonal row and column partitions; magic_csp.c: the square
 * as a constraint model (a cross-check of the engine); magic_tools.c:
 * `ariadne count magic`, the `magic-xor` verb and the benchmark suite. */
#ifndef ARIADNE_MAGIC_INTERNAL_H
#define ARIADNE_MAGIC_INTERNAL_H

#include <signal.h>
#include <stdint.h>
#include "ariadne/csp.h"
#include "ariadne/error.h"
#include "ariadne/limits.h"
#include "ariadne/progress.h"
#include "ariadne/puzzle.h"

#define MAGIC_MAX_ORDER 10       /* the puzzle: values up to 100 fit a byte */
#define MAGIC_MAX_COUNT_ORDER 5  /* the counter: values up to 25 fit a 32-bit mask */
#define MAGIC_MAX_CELLS 25

/* Called for each square found (row by row, n*n values); non-zero stops. */
typedef int (*ar_magic_visit)(void *ctx, const unsigned char *grid, unsigned n);

typedef struct ar_magic_count_options {
    unsigned order;    /* 3..5 */
    unsigned centre;   /* odd orders: only squares with this centre (0: all) */
    unsigned threads;  /* 0 or 1: one */
    ar_magic_visit visit; /* list each canonical square (one thread, in order) */
    void *ctx;
    double time_limit;   /* seconds, 0: none (checked as often as Ctrl-C) */
    const volatile sig_atomic_t *interrupt; /* Ctrl-C: stop between tasks */
    ar_progress *progress;                  /* may be NULL */
} ar_magic_count_options;

typedef struct ar_magic_count_result {
    uint64_t canonical;  /* squares up to rotation and reflection */
    uint64_t by_centre[MAGIC_MAX_CELLS + 1]; /* odd orders: canonical squares by centre value */
    int complete;        /* 0: stopped early, the counts are partial */
    ar_stop_reason stop; /* why (a limit, Ctrl-C) */
    uint64_t tasks, tasks_done;
    double seconds;
} ar_magic_count_result;

/* Counts (or lists, with visit) the normal magic squares of an order, one
 * per class of the 8 symmetries: top-left the smallest corner, a(1,2) <
 * a(2,1). All squares = 8 * canonical. */
ar_status ar_magic_count(const ar_magic_count_options *o, ar_magic_count_result *r, ar_error *err);

/* Whether grid (n*n values) is a normal magic square. */
int ar_magic_is_magic(const unsigned char *grid, unsigned n);

/* The image of grid under symmetry k of the square (0..7: k&3 quarter turns,
 * then a transpose when k&4). */
void ar_magic_transform(const unsigned char *grid, unsigned n, unsigned k, unsigned char *out);

/* The notes' XOR construction of 4x4 squares (magic_xor.c). */
typedef struct ar_magic_xor_result {
    unsigned tables;      /* tables built: 3 starts x row and column permutations */
    unsigned magic;       /* distinct magic squares the quadrimagifier gives */
    unsigned classes;     /* of those, distinct up to rotation and reflection */
    unsigned perfect;     /* distinct squares that stay magic under XOR with every 0..15 */
    unsigned char first[16]; /* the notes' worked example, as built (values 1..16) */
} ar_magic_xor_result;
void ar_magic_xor(ar_magic_xor_result *r, ar_magic_visit visit, void *ctx);

/* The fast count by pairs of orthogonal line partitions (magic_pairs.c). */
typedef struct ar_magic_pairs_options {
    unsigned order;      /* 3..5 */
    unsigned threads;    /* 0 or 1: one */
    uint32_t row_set;    /* non-zero: only squares with this row set (bit v-1 for value v) */
    uint32_t col_set;    /* non-zero: only squares with this column set */
    double time_limit;   /* seconds, 0: none; a stopped count is a lower bound */
    const volatile sig_atomic_t *interrupt; /* Ctrl-C: stop after the row partition at hand */
    ar_progress *progress;                  /* may be NULL */
} ar_magic_pairs_options;

typedef struct ar_magic_pairs_result {
    uint64_t all;        /* every square (8 x canonical) */
    uint64_t canonical;  /* up to rotation and reflection */
    uint64_t by_centre[MAGIC_MAX_CELLS + 1]; /* odd orders: all squares by centre value */
    uint64_t sets;       /* n-sets summing to the magic constant */
    uint64_t partitions; /* row partitions counted */
    uint64_t tasks, tasks_done; /* the units of work: starts of row partitions */
    uint64_t pairs;      /* orthogonal (row, column) partition pairs looked at */
    int complete;        /* 0: stopped early, the counts are lower bounds */
    double seconds;
} ar_magic_pairs_result;

ar_status ar_magic_pairs_count(const ar_magic_pairs_options *o, ar_magic_pairs_result *r, ar_error *err);

/* The constraint model of a square of order n (magic_csp.c): start (may be
 * NULL) fixes the given cells; canonical keeps one square of each symmetry
 * class. */
ar_status ar_magic_model(unsigned n, const unsigned char *start, int canonical, ar_csp **out, ar_error *err);

int ar_magic_count_tool(int argc, char **argv);
int ar_magic_xor_tool(int argc, char **argv);
int ar_magic_bench(int quick);

#endif
