/* tsp_internal.h — what the files of the travelling-salesman domain share:
 * the instance (cities, metric, distances, candidate neighbour lists, the
 * domain's options), the array tour with its oriented 2-opt move, and the
 * entry points of the reader, the constructions, the local-search view and
 * the exact solvers.
 *
 * Cities are numbered 0..n-1 inside (1..n on the command line and in TSPLIB
 * files). Distances are TSPLIB's whole numbers; tour lengths are 64-bit. */
#ifndef AR_TSP_INTERNAL_H
#define AR_TSP_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/local.h"
#include "ariadne/puzzle.h"
#include "ariadne/run.h"
#include "ariadne/tool.h"

/* The puzzle view encodes a move as from * n + to in 32 bits. */
#define TSP_MAX_CITIES 65536u
/* Distances are kept as a matrix up to this many cities (TSP_MATRIX_MAX^2 ints). */
#define TSP_MATRIX_MAX 2000u
/* An explicit matrix may have at most this many cities. */
#define TSP_EXPLICIT_MAX 5000u
/* Coordinates are refused beyond this magnitude (distances must fit 31 bits). */
#define TSP_MAX_COORD 5e8

typedef enum tsp_metric {
    TSP_EUC_2D,
    TSP_CEIL_2D,
    TSP_ATT,
    TSP_GEO,
    TSP_MAN_2D,
    TSP_MAX_2D,
    TSP_EUC_3D,
    TSP_EXPLICIT
} tsp_metric;

enum { TSP_CONSTRUCT_GREEDY, TSP_CONSTRUCT_NEAREST, TSP_CONSTRUCT_RANDOM };
enum { TSP_MOVES_2OPT = 1, TSP_MOVES_OROPT = 2 };

/* The cities and distances, shared by the instances made from one file
 * (with_start makes another instance on the same data). */
typedef struct tsp_data {
    unsigned refs;
    char name[64];
    uint32_t n;
    tsp_metric metric;
    double *x, *y, *z;     /* coordinates (GEO: latitude and longitude in radians) */
    int32_t *matrix;       /* n * n distances, when explicit or n <= TSP_MATRIX_MAX */
    uint32_t k;            /* candidate neighbours per city */
    uint32_t *neighbours;  /* n * k, each city's k nearest, nearest first */
    int32_t *neighbour_dist; /* their distances */
    int construct;         /* TSP_CONSTRUCT_*: the local search's start */
    unsigned moves;        /* TSP_MOVES_*: the local search's neighbourhood */
} tsp_data;

struct ar_instance {
    tsp_data *d;
    unsigned char *start; /* the start state (puzzle view): city 1 alone, or where with_start put it */
    int fresh;            /* the start is the beginning of a tour (only city 1 visited) */
};

/* --- distances (tsp_data.c) --- */
int32_t ar_tsp_dist_compute(const tsp_data *d, uint32_t i, uint32_t j);
static inline int32_t tsp_dist(const tsp_data *d, uint32_t i, uint32_t j)
{
    return d->matrix ? d->matrix[(size_t)i * d->n + j] : ar_tsp_dist_compute(d, i, j);
}
/* The matrix (when n allows) and the neighbour lists; AR_ERR_MEMORY on failure. */
ar_status ar_tsp_prepare(tsp_data *d, ar_error *err);
void ar_tsp_data_free(tsp_data *d);
/* The length of a closed tour given as a city order. */
int64_t ar_tsp_tour_length(const tsp_data *d, const uint32_t *order);

/* --- reading (tsp_tsplib.c) --- */
/* A TSPLIB file's text, inline points "x,y x,y ...", or the name of an
 * instance in data/tsp; AR_ERR_INPUT with one line naming what is wrong. */
ar_status ar_tsp_read(const char *text, tsp_data **out, ar_error *err);
/* A random uniform instance as TSPLIB text (EUC_2D, integer coordinates in
 * [0, side)); malloc'd. */
char *ar_tsp_random_text(uint32_t n, uint64_t seed, uint32_t side);

/* --- tours as arrays (tsp_tour.c) --- */
typedef struct tsp_tour {
    uint32_t n;
    uint32_t *city; /* city at each position */
    uint32_t *pos;  /* position of each city */
} tsp_tour;

static inline uint32_t tsp_succ(const tsp_tour *t, uint32_t c)
{
    uint32_t p = t->pos[c] + 1;
    return t->city[p == t->n ? 0 : p];
}
static inline uint32_t tsp_pred(const tsp_tour *t, uint32_t c)
{
    uint32_t p = t->pos[c];
    return t->city[p == 0 ? t->n - 1 : p - 1];
}
/* Removes edges (a,b) and (c,e), adds (a,c) and (b,e): b follows a and e
 * follows c in the same direction of travel (either). Reverses the shorter
 * of the two paths. */
void ar_tsp_two_opt(tsp_tour *t, uint32_t a, uint32_t b, uint32_t c, uint32_t e);
/* Moves the path s1..sL (entered from p, left to q, in one direction of
 * travel) between g and h (h follows g in that direction; neither on the
 * path), reversed or not (reversed: g, sL..s1, h). Calls the 2-opt moves it
 * is made of through `step` (so a journal can record them), or
 * ar_tsp_two_opt when step is NULL. */
typedef void (*tsp_step_fn)(void *ctx, uint32_t a, uint32_t b, uint32_t c, uint32_t e);
void ar_tsp_segment_move(tsp_tour *t, uint32_t p, uint32_t s1, uint32_t sl, uint32_t q, uint32_t g,
                         uint32_t h, int reversed, tsp_step_fn step, void *ctx);
/* Constructions into order[n] (a city order): greedy edge matching on the
 * candidate lists, nearest neighbour, or a random order. */
void ar_tsp_construct(const tsp_data *d, int how, uint64_t seed, uint32_t *order);

/* --- the local-search view (tsp_local.c) --- */
extern const ar_local_provider ar_tsp_local_view;
/* Runs a local-search strategy by name on the instance with default
 * parameters and the seed (the incumbent of branch and bound, the bench). */
ar_status ar_tsp_local_tour(ar_instance *inst, const char *strategy, const ar_param *params,
                            size_t param_count, const ar_search_options *opts, uint32_t *order,
                            int64_t *length, ar_error *err);

/* --- exact solvers --- */
extern const ar_domain_solver ar_tsp_solvers[];
/* Writes the tour order[] as a solution of the puzzle view (moves from city
 * 1, back to city 1) into the run's result. */
ar_status ar_tsp_set_solution(ar_run *run, const tsp_data *d, const uint32_t *order, ar_error *err);
/* Held-Karp dynamic programme (tsp_exact.c); order receives the tour. */
ar_status ar_tsp_held_karp(const tsp_data *d, ar_run *run, uint32_t *order, int64_t *length,
                           ar_error *err);
ar_status ar_tsp_solve_held_karp(ar_instance *inst, const ar_search_options *opts,
                                 const ar_move_sink *sink, ar_result *result, ar_error *err);
ar_status ar_tsp_solve_bnb(ar_instance *inst, const ar_search_options *opts,
                           const ar_move_sink *sink, ar_result *result, ar_error *err);

/* --- benchmarks (tsp_bench.c) --- */
extern const ar_bench_suite ar_tsp_bench_suites[];

#endif
