/* hanoi_bfs2.h — Towers of Hanoi on dense ranks: the state space for the
 * two-bit breadth-first search (plain base-k ranks, or canonical ranks of
 * symmetry classes when pegs empty at the start are interchangeable),
 * pattern databases over groups of discs built with it, and the optimal
 * solver for any start and goal (A* on additive pattern databases).
 * Private to the library (src/domains/hanoi_bfs2.c); the CLI reaches these
 * through the bfs2 and pdb provider registries and the domain's solver table. */
#ifndef ARIADNE_HANOI_BFS2_H
#define ARIADNE_HANOI_BFS2_H

#include <stdint.h>
#include "ariadne/bfs2.h"
#include "ariadne/pdb.h"
#include "ariadne/puzzle.h"
#include "ariadne/search.h"

#define AR_HANOI_MAX_DISCS 64
#define AR_HANOI_MAX_PEGS 16

/* Defined in hanoi.c: the pegs, discs, start and goal of a Hanoi instance
 * (0-based pegs, smallest disc first; start and goal hold `discs` bytes). */
void ar_hanoi_instance_info(const ar_instance *inst, unsigned *pegs, unsigned *discs,
                            unsigned char *start, unsigned char *goal);
/* Also in hanoi.c: the pdb solver's options of an instance: the cache
 * directory (--pdb-dir; NULL: the default) and the largest group's size
 * (--pdb-group; 0: the default, sized to the memory limit). */
void ar_hanoi_instance_pdb(const ar_instance *inst, const char **dir, unsigned *group);

/* --- the state space ----------------------------------------------------- */

typedef struct ar_hanoi_space ar_hanoi_space;

/* The space of `discs` discs on `pegs` pegs seen from start (a position, 0-based
 * pegs). With symmetry non-zero and at least two pegs empty at the start, the
 * ranks are those of canonical representatives (the empty pegs relabelled in
 * order of first appearance, largest disc first) and orbit() weights them.
 * AR_ERR_UNSUPPORTED when pegs^discs does not fit in 63 bits. */
ar_status ar_hanoi_space_create(unsigned pegs, unsigned discs, const unsigned char *start,
                                int symmetry, ar_hanoi_space **out, ar_error *err);
void ar_hanoi_space_destroy(ar_hanoi_space *hs);
const ar_bfs2_space *ar_hanoi_space_bfs2(const ar_hanoi_space *hs);
/* 1 when the space ranks symmetry classes. */
int ar_hanoi_space_symmetric(const ar_hanoi_space *hs);
/* Rank of a position (canonicalised under symmetry) and a position of a rank. */
uint64_t ar_hanoi_space_rank(const ar_hanoi_space *hs, const unsigned char *pos);
void ar_hanoi_space_unrank(const ar_hanoi_space *hs, uint64_t rank, unsigned char *pos);

extern const ar_bfs2_provider ar_bfs2_provider_hanoi;
/* `ariadne pdb build|info|verify hanoi`: the groups of the pdb solver. */
extern const ar_pdb_provider ar_pdb_provider_hanoi;

/* --- pattern databases and the optimal solver ---------------------------- */

#define AR_HANOI_PDB_LOW_DEFAULT (-1)

typedef struct ar_hanoi_pdb_config {
    unsigned group;      /* discs in the largest group (0: the default for the peg count) */
    unsigned threads;    /* threads for building (0: 2) */
    const char *dir;     /* cache directory (NULL: ar_pdb_dir's default) */
    int cache;           /* 1: load/save databases whose goal is a tower; 0: never touch files */
    int no_pivots;       /* 1: plain additive sum (no pivot tables) */
    int low;             /* smallest discs that join the largest group (AR_HANOI_PDB_LOW_DEFAULT) */
} ar_hanoi_pdb_config;

/* An additive heuristic: disjoint groups of consecutive discs, one database each. */
typedef struct ar_hanoi_pdbs ar_hanoi_pdbs;

/* Builds (or loads) the databases for instances of `discs` discs on `pegs`
 * pegs with goal `goal`: groups of cfg->group discs from the largest down, the
 * rest in a last group. Charged to mem; stops on the limits of opts. */
ar_status ar_hanoi_pdbs_create(unsigned pegs, unsigned discs, const unsigned char *goal,
                               const ar_hanoi_pdb_config *cfg, ar_mem *mem,
                               const ar_search_options *opts, ar_hanoi_pdbs **out, ar_error *err);
void ar_hanoi_pdbs_destroy(ar_hanoi_pdbs *h);
/* The heuristic value of a position: the sum over groups of the exact
 * distance of the group's discs alone to their goal pegs. */
unsigned ar_hanoi_pdbs_value(const ar_hanoi_pdbs *h, const unsigned char *pos);
/* "14+6" and the like. */
const char *ar_hanoi_pdbs_name(const ar_hanoi_pdbs *h);

/* The domain solver "pdb": optimal from any start to any goal (A* with the
 * additive databases, default configuration, databases cached for tower
 * goals). Signature of ar_domain_solver.run. */
ar_status ar_hanoi_pdb_run(ar_instance *inst, const ar_search_options *opts,
                           const ar_move_sink *sink, ar_result *result, ar_error *err);
/* The same with an explicit configuration (tests, benchmarks). */
ar_status ar_hanoi_pdb_solve(ar_instance *inst, const ar_search_options *opts,
                             const ar_hanoi_pdb_config *cfg, ar_result *result, ar_error *err);

#endif
