/* tiles_engine.h — the sliding-tile engine shared by the `tiles` and `loyd`
 * domains (private to the library): board geometry, lower-bound tables,
 * additive disjoint pattern databases over the generic ar_pdb machinery, and
 * the specialised solvers (IDA* with in-place moves and incremental
 * heuristics, weighted IDA*, and an anytime solver with a proven lower bound).
 * Loyd's Dilemma (src/puzzles/loyd) is the 5x5 sliding-tile puzzle plus a
 * transport move, so it runs on this engine with the transport switched on.
 *
 * The engine lives in four files: tiles_board.c (the board model and the
 * lower bounds, kept up to date move by move through tiles_board.h),
 * tiles_pdb.c (the pattern-database abstractions and partitions), tiles_ida.c
 * (IDA* on one board changed in place) and tiles_anytime.c (weighted IDA*, the
 * anytime solver and ar_tiles_solve, the entry point of the domains).
 *
 * Tiles are labelled by their goal cell: the tile that belongs on cell c is
 * label c, and the blank's label is the blank's goal cell. The goal is then
 * "label c on cell c" for every goal layout, so every table is indexed by
 * (label, cell) and a pattern database depends only on the goal cells of its
 * tiles. The domains translate labels to tile names for people.
 *
 * Moves inside the engine are blank directions (0 up, 1 down, 2 left, 3 right)
 * and 4 for Loyd's transport (the centre tile jumps into the blank, which ends
 * on the centre). */
#ifndef ARIADNE_TILES_ENGINE_H
#define ARIADNE_TILES_ENGINE_H

#include <stdint.h>
#include "ariadne/pdb.h"
#include "ariadne/search.h"

#define AR_TILES_MAX 64
#define AR_TILES_MAX_PATTERNS 24 /* 21 groups of 3 on 8x8 ("blocks") */
#define AR_TILES_MAX_PATTERN_TILES 10

enum { AR_TDIR_UP, AR_TDIR_DOWN, AR_TDIR_LEFT, AR_TDIR_RIGHT, AR_TDIR_TRANSPORT };

enum { AR_TH_MANHATTAN, AR_TH_LINEAR, AR_TH_PDB };

struct ar_tiles_model;

typedef struct ar_tiles_pattern {
    unsigned k;                                   /* tiles in the pattern */
    uint8_t labels[AR_TILES_MAX_PATTERN_TILES];   /* their labels (goal cells), ascending */
    uint64_t weight[AR_TILES_MAX_PATTERN_TILES];  /* mixed-radix place values of the rank */
    const struct ar_tiles_model *model;
    ar_pdb_abstraction abs;
    ar_pdb pdb;                     /* a copy of holder->pdb, for the lookups */
    struct ar_tiles_table *holder;  /* the loaded table, shared by copies of the model */
    int loaded;
    char pattern_text[160], goal_text[400], size_text[16];
} ar_tiles_pattern;

typedef struct ar_tiles_model {
    unsigned rows, cols, n;
    unsigned blank;                 /* the blank's label = its goal cell */
    int transport;                  /* Loyd's transport move exists */
    unsigned centre;
    const char *domain;             /* "tiles" or "loyd": the PDB files' domain */
    uint8_t dist[AR_TILES_MAX][AR_TILES_MAX];  /* moves label l needs from cell p, at least */
    int8_t nb[AR_TILES_MAX][4];     /* the cell next to p in each blank direction, or -1 */
    uint8_t row_of[AR_TILES_MAX], col_of[AR_TILES_MAX];
    uint64_t first_col, last_col;   /* masks of the cells in the first and last column */
    /* pattern databases (heuristic "pdb") */
    unsigned npat;
    ar_tiles_pattern pat[AR_TILES_MAX_PATTERNS];
    int8_t pat_of[AR_TILES_MAX];    /* pattern of a label, -1 for none (counted by dist) */
    int reflect;                    /* also look up the state mirrored about the diagonal */
    uint8_t refl[AR_TILES_MAX];     /* the mirror image of a cell (and of a label) */
    char partition[160];            /* the partition's name, e.g. "7-8" */
    char pdb_dir[1024];             /* --pdb-dir ("" for the default) */
} ar_tiles_model;

/* Sets up geometry and lower-bound tables for a rows x cols board whose blank
 * belongs on cell `blank`; transport for Loyd's variant. */
void ar_tiles_model_init(ar_tiles_model *m, unsigned rows, unsigned cols, unsigned blank,
                         int transport, const char *domain);
/* The boards reachable on the shape (half the permutations; 0 past 20 cells,
 * where the count overflows). */
uint64_t ar_tiles_model_states(const ar_tiles_model *m);

/* Chooses the partition: a preset name ("5-5-5", "6-6-3", "7-8", "6-6-6-6",
 * "8", "4-4", "7", "4-3", "6-6-6-6"...) or explicit groups of labels given by
 * the caller. reflect: -1 auto (on where the goal is symmetric), 0 off, 1 on.
 * AR_ERR_INPUT with a message when the preset does not exist for this board. */
ar_status ar_tiles_set_partition(ar_tiles_model *m, const char *name, int reflect, ar_error *err);
ar_status ar_tiles_set_groups(ar_tiles_model *m, const uint8_t groups[][AR_TILES_MAX_PATTERN_TILES],
                              const unsigned *sizes, unsigned count, const char *name, int reflect,
                              ar_error *err);
/* The default partition name for the board ("" when there is none). */
const char *ar_tiles_default_partition(const ar_tiles_model *m);

/* The fast multi-threaded builder of a blank-aware pattern database
 * (tiles_pdb_build.c): the abstraction's `build`, the bytes it needs, and
 * the threads it runs (requested, or 0: every core). */
ar_status ar_tiles_region_build(const ar_pdb_abstraction *a, const ar_pdb_build_options *o,
                                ar_pdb *out, ar_error *err);
size_t ar_tiles_region_build_bytes(const ar_tiles_pattern *pt);
unsigned ar_tiles_build_threads(unsigned requested);

/* Loads (or builds and caches) every pattern database of the partition. */
ar_status ar_tiles_load_pdbs(ar_tiles_model *m, ar_mem *mem, ar_progress *progress,
                             const ar_limits *limits, ar_error *err);
/* 1 when every database of the partition is in the cache directory already. */
int ar_tiles_pdbs_cached(const ar_tiles_model *m);
void ar_tiles_free_pdbs(ar_tiles_model *m);

/* Heuristic values of a board (cells[p] = label on cell p), from scratch. */
unsigned ar_tiles_manhattan(const ar_tiles_model *m, const uint8_t *cells);
unsigned ar_tiles_linear(const ar_tiles_model *m, const uint8_t *cells);
/* The Manhattan distance between two boards (the tiles' moves from one to the
 * other, blank not counted): the bound of a search backward to `target`.
 * Without transport only: a transport moves a tile further. */
unsigned ar_tiles_manhattan_between(const ar_tiles_model *m, const uint8_t *cells,
                                    const uint8_t *target);
unsigned ar_tiles_pdb_value(const ar_tiles_model *m, const uint8_t *cells);

/* 1 when the board can reach the goal (permutation parity against the
 * blank's distance; always 1 with transport). */
int ar_tiles_solvable(const ar_tiles_model *m, const uint8_t *cells);

/* Applies an engine move to a board; returns 0 when it is illegal. */
int ar_tiles_apply(const ar_tiles_model *m, uint8_t *cells, unsigned dir);

/* Weights of IDA* are in sixteenths: f = 16 g + weight16 h. */
#define AR_TILES_UNWEIGHTED 16u

/* IDA* from cells with heuristic kind (AR_TH_*) and weight weight16/16
 * (AR_TILES_UNWEIGHTED: optimal) under the limits of opts. Fills result:
 * moves are engine directions. upper: a known solution length to stay below
 * (0: none); a bound reached without a shorter solution proves `upper`
 * optimal (outcome NO_SOLUTION means "none shorter"). */
ar_status ar_tiles_ida(const ar_tiles_model *m, const uint8_t *cells, int kind, unsigned weight16,
                       unsigned upper, const ar_search_options *opts, ar_result *result,
                       ar_error *err);

/* Weighted IDA*: f = g + w*h with w = weight clamped to 1..64; no
 * optimality claim. */
ar_status ar_tiles_wida(const ar_tiles_model *m, const uint8_t *cells, int kind, double weight,
                        const ar_search_options *opts, ar_result *result, ar_error *err);

/* Anytime: weighted searches for quick, improving solutions, path
 * improvement by optimal windows, then IDA* raising the proven lower bound
 * until the incumbent is proven optimal or a limit stops it. A seed (may be
 * NULL) is a solution found some other way, the first incumbent. */
ar_status ar_tiles_anytime(const ar_tiles_model *m, const uint8_t *cells, int kind, const ar_move *seed,
                           unsigned seed_len, const ar_search_options *opts, ar_result *result,
                           ar_error *err);

/* Re-points a copied model's patterns at the copy; loaded databases are
 * shared with the original (reference counted), so either may go first. */
void ar_tiles_model_rebind(ar_tiles_model *m);

/* The heuristic kind of a name ("manhattan", "linear", "pdb"; Loyd's
 * "transport" is Manhattan distance with the transport), or -1. */
int ar_tiles_heuristic_kind(const ar_tiles_model *m, const char *name);

/* The domains' solver glue: picks the heuristic (opts->heuristic, else pattern
 * databases when they are cached or quick to build, else linear conflicts or
 * Manhattan distance), loads the databases with progress, and runs `which`
 * ("ida", "wida" or "anytime"). Fills result->heuristic and result->note. */
ar_status ar_tiles_solve(ar_tiles_model *m, const uint8_t *start, const char *which,
                         const ar_search_options *opts, ar_result *result, ar_error *err);
/* The same for "anytime" with a seed solution (see ar_tiles_anytime). */
ar_status ar_tiles_solve_seeded(ar_tiles_model *m, const uint8_t *start, const char *which,
                                const ar_move *seed, unsigned seed_len, const ar_search_options *opts,
                                ar_result *result, ar_error *err);

#endif
