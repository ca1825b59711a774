/* knight_internal.h — what the knight's-tour files share: the board (squares
 * numbered row by row, square = row * cols + col), the instance, and the
 * functions of knight.c (rules, notation), knight_tour.c (Warnsdorff with
 * backtracking) and knight_count.c (exact counts, `ariadne count knight`). */
#ifndef ARIADNE_KNIGHT_INTERNAL_H
#define ARIADNE_KNIGHT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

#define KNIGHT_MAX_SIDE 20000u
#define KNIGHT_MAX_SQUARES 100000000u

struct ar_instance {
    unsigned rows, cols;
    uint32_t squares, start;
    int closed;                /* the tour must end a knight's move from its start */
    unsigned char *start_state; /* a state to start from (with_start), or NULL */
};

/* The up to 8 squares a knight's move from sq, in the fixed order of the
 * moves (+1,+2) (+2,+1) (+2,-1) (+1,-2) (-1,-2) (-2,-1) (-2,+1) (-1,+2). */
unsigned ar_knight_neighbours(unsigned rows, unsigned cols, uint32_t sq, uint32_t *out);
void ar_knight_square_name(unsigned cols, uint32_t sq, char *buf, size_t size);
/* Schwenk's theorem / Conrad et al.: whether rows x cols has a closed / open tour. */
int ar_knight_has_closed(unsigned rows, unsigned cols);
int ar_knight_has_open(unsigned rows, unsigned cols);

extern const ar_domain_solver ar_knight_solvers[];
extern const ar_tool ar_knight_tools[];
extern const ar_bench_suite ar_knight_bench_suites[];

/* Counts Hamiltonian paths of the knight's graph (knight_count.c). */
typedef struct knight_count_job {
    unsigned rows, cols, threads;
    int closed;             /* count undirected closed tours instead */
    long from;              /* only paths starting on this square (-1: all) */
    const ar_search_options *opts; /* limits (time, Ctrl-C) and progress; may be NULL */
} knight_count_job;
typedef struct knight_count_result {
    uint64_t count, nodes;  /* stopped: the tours counted before the stop (a lower bound) */
    int stopped;
    ar_stop_reason stop;
    uint64_t jobs, jobs_done; /* the count's parts, and those finished */
} knight_count_result;
void ar_knight_count(const knight_count_job *job, knight_count_result *out);

#endif
