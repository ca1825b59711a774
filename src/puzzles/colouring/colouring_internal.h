/* colouring_internal.h — what the files of the graph-colouring domain share.
 * colouring.c: the puzzle (reading DIMACS files and named maps, the
 * notation, the descriptor); colouring_solve.c: DSATUR, the clique bound and
 * the chromatic number by the constraint engine; colouring_tool.c: `ariadne
 * count colouring`. */
#ifndef ARIADNE_COLOURING_INTERNAL_H
#define ARIADNE_COLOURING_INTERNAL_H

#include <stdint.h>
#include "ariadne/csp.h"
#include "ariadne/puzzle.h"
#include "ariadne/run.h"

#define COLOURING_MAX_VERTICES (1u << 20)
#define COLOURING_MAX_COLOURS 255u

struct ar_instance {
    uint32_t n;              /* vertices 0..n-1 */
    uint64_t edges;          /* each once */
    uint32_t *adj_start;     /* CSR: the neighbours of v are adj[adj_start[v] .. adj_start[v+1]) */
    uint32_t *adj;
    char **names;            /* NULL for a DIMACS graph (vertices 1..n) */
    unsigned colours;        /* --colours K, or 0: as few as possible */
    uint8_t *start;          /* colours given at the start (with_start), 0 none */
    ar_csp_options csp;
    int csp_given;
    char title[96];          /* "myciel3.col-like graph", "map" */
};

/* The layout of a state: a colour per vertex (0 none), then the bitset of
 * the colours in use (derived, so states stay canonical). */
#define COLOURING_USED_BYTES 32

/* Greedy DSATUR (Brélaz 1979): colours[v] in 1..k; returns k. */
unsigned ar_colouring_dsatur(const ar_instance *in, uint8_t *colours);
/* A clique found greedily: its size, a lower bound on the chromatic number. */
unsigned ar_colouring_clique(const ar_instance *in);
/* The model of a k-colouring: one variable per vertex (0..k-1; given
 * colours fixed), the edges as disequalities, and (symmetric, with no
 * colour given) the colours interchangeable, so that the search sees one
 * colouring per partition of the vertices into colour classes. */
ar_status ar_colouring_model(const ar_instance *in, unsigned k, int symmetric, ar_csp **out, ar_error *err);
/* Whether colours (1..) colour every edge properly. */
int ar_colouring_proper(const ar_instance *in, const uint8_t *colours);

typedef struct colouring_result {
    unsigned best;           /* colours of the best colouring found (0: none) */
    unsigned lower;          /* proven lower bound */
    int proven;              /* best == the chromatic number */
    int exhausted;           /* --colours K: proven that no K-colouring exists */
    uint64_t decisions;
} colouring_result;

/* The fewest colours (or a colouring with at most in->colours): DSATUR for
 * a first colouring, the clique bound, then the constraint engine on k - 1
 * colours until a k fails to exist, all under run. colours receives the
 * best colouring (1..best). */
ar_status ar_colouring_search(const ar_instance *in, const ar_csp_options *o, ar_run *run, uint8_t *colours,
                              colouring_result *r, ar_error *err);

int ar_colouring_count_tool(int argc, char **argv);

#endif
