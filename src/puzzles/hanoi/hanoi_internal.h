/* hanoi_internal.h — what the files of the Towers of Hanoi folder share: the
 * instance, move codes and packed states, and the functions one file offers
 * the others. Private to the folder (and the domain's tests); everything else
 * reaches Hanoi through its descriptor, ar_domain_hanoi.
 *
 * The files, and which calls which (always one way, never in a loop):
 *   hanoi.c             the rules: states, moves and their notation; the
 *                       descriptor and its tables (calls no other file)
 *   hanoi_instance.c    instances: parsing, the derived fields and the
 *                       Frame–Stewart table, copies, random instances
 *   hanoi_heuristics.c  admissible heuristics, the exact 3-peg distance
 *   hanoi_closed.c      the closed-form solvers (recursive, frame-stewart,
 *                       fs-heuristic) streaming their moves, and state_after
 *                       (-> hanoi_heuristics.c)
 *   hanoi_rank.c        dense ranks of positions (with the peg symmetry) for
 *                       the two-bit BFS; the bfs2 provider
 *   hanoi_pdb.c         pattern databases over groups of discs, pivot
 *                       tables; the pdb provider (-> hanoi_rank.c)
 *   hanoi_pdb_solve.c   the "pdb" solver: A* over ranks on the additive
 *                       databases (-> hanoi_pdb.c)
 *   hanoi_bench.c, hanoi_bench_solve.c   the benchmark suites */
#ifndef ARIADNE_HANOI_INTERNAL_H
#define ARIADNE_HANOI_INTERNAL_H

#include <stdint.h>
#include <string.h>
#include "ariadne/bfs2.h"
#include "ariadne/pdb.h"
#include "ariadne/puzzle.h"
#include "ariadne/run.h"
#include "ariadne/search.h"

#define AR_HANOI_MIN_PEGS 3
#define AR_HANOI_MAX_PEGS 16
#define AR_HANOI_MAX_DISCS 64
#define AR_HANOI_DEFAULT_DISCS 8 /* Lucas's original 1883 toy had eight discs */
#define AR_HANOI_PDB_DIR_MAX 1024
#define AR_HANOI_NO_DISC 0xFFu   /* an empty peg's top */

/* Move codes carry the disc as well as the pegs (from | to << 4 | disc << 8),
 * so apply and undo are O(1) and need no scan for the top disc. */
#define AR_HANOI_MOVE(from, to, disc)                                                             \
    ((ar_move)((unsigned)(from) | ((unsigned)(to) << 4) | ((unsigned)(disc) << 8)))
#define AR_HANOI_MOVE_FROM(m) ((unsigned)(m)&15u)
#define AR_HANOI_MOVE_TO(m) (((unsigned)(m) >> 4) & 15u)
#define AR_HANOI_MOVE_DISC(m) (((unsigned)(m) >> 8) & 63u)

extern const ar_puzzle ar_domain_hanoi;

struct ar_instance {
    unsigned pegs, discs;
    unsigned bits; /* bits per disc in a packed state: 2 when pegs <= 4, else 4 */
    size_t size;   /* packed state size in bytes */
    /* 0-based peg of each disc, smallest first */
    unsigned char start[AR_HANOI_MAX_DISCS], goal[AR_HANOI_MAX_DISCS];
    unsigned char start_packed[32], goal_packed[32];
    /* Number of "active" discs: the largest disc where start and goal differ is
     * disc `active` (1-based); larger discs never need to move. */
    unsigned active;
    /* Discs 1..active all on one peg at the start (tower_from) and on one peg at
     * the goal (tower_to): the Frame-Stewart and state_after case. */
    int tower;
    unsigned tower_from, tower_to;
    /* fs[k][j]: Frame-Stewart length for j discs on k pegs (saturating);
     * split[k][j]: the number of small discs parked first. */
    uint64_t fs[AR_HANOI_MAX_PEGS + 1][AR_HANOI_MAX_DISCS + 1];
    unsigned char split[AR_HANOI_MAX_PEGS + 1][AR_HANOI_MAX_DISCS + 1];
    /* The pdb solver's options: the cache directory ("" = the default) and
     * the size of the largest disc group (0 = sized to the memory limit). */
    char pdb_dir[AR_HANOI_PDB_DIR_MAX];
    unsigned pdb_group;
};

/* --- small helpers, inline because apply, undo and the heuristics run them
 * on every node ---------------------------------------------------------- */

/* Saturating arithmetic: lengths up to 2^64-1 are exact, larger ones clamp. */
static inline uint64_t hanoi_sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static inline uint64_t hanoi_pow2_minus1(unsigned j)
{
    return j >= 64 ? UINT64_MAX : ((uint64_t)1 << j) - 1;
}

/* Pegs are written 1-9, then A-G for 10-16. */
static inline char hanoi_peg_char(unsigned p)
{
    return (char)(p < 9 ? '1' + (int)p : 'A' + (int)(p - 9));
}

static inline unsigned hanoi_peg_of(const ar_instance *inst, const unsigned char *s, unsigned d)
{
    unsigned bit = d * inst->bits;
    return ((unsigned)s[bit >> 3] >> (bit & 7u)) & ((1u << inst->bits) - 1u);
}

static inline void hanoi_set_peg(const ar_instance *inst, unsigned char *s, unsigned d, unsigned p)
{
    unsigned bit = d * inst->bits;
    unsigned mask = ((1u << inst->bits) - 1u) << (bit & 7u);
    s[bit >> 3] = (unsigned char)(((unsigned)s[bit >> 3] & ~mask) | (p << (bit & 7u)));
}

/* A position (one peg per disc) to the packed state and back. */
static inline void hanoi_pack(const ar_instance *inst, const unsigned char *pos, unsigned char *s)
{
    unsigned d;
    memset(s, 0, inst->size);
    for (d = 0; d < inst->discs; d++)
        hanoi_set_peg(inst, s, d, pos[d]);
}

static inline void hanoi_unpack(const ar_instance *inst, const unsigned char *s, unsigned char *pos)
{
    unsigned d;
    for (d = 0; d < inst->discs; d++)
        pos[d] = (unsigned char)hanoi_peg_of(inst, s, d);
}

/* top[p]: the smallest disc on peg p of a position of n discs on k pegs, or
 * AR_HANOI_NO_DISC when the peg is empty. */
static inline void hanoi_tops(unsigned k, unsigned n, const unsigned char *pos, unsigned char *top)
{
    unsigned d, found = 0;
    memset(top, AR_HANOI_NO_DISC, k);
    for (d = 0; d < n && found < k; d++)
        if (top[pos[d]] == AR_HANOI_NO_DISC) {
            top[pos[d]] = (unsigned char)d;
            found++;
        }
}

/* --- hanoi_instance.c ---------------------------------------------------- */

ar_status ar_hanoi_create(const char *text, const ar_param *params, size_t param_count,
                          ar_instance **out, ar_error *err);
void ar_hanoi_destroy(ar_instance *inst);
/* A copy of inst starting from state (same pegs, discs and goal). */
ar_status ar_hanoi_with_start(const ar_instance *inst, const void *state, ar_instance **out,
                              ar_error *err);
/* A random start and goal ("START GOAL") for --pegs and --discs. */
ar_status ar_hanoi_generate(const ar_param *params, size_t param_count, uint64_t seed, char **text,
                            ar_error *err);

/* --- hanoi_heuristics.c -------------------------------------------------- */

extern const ar_heuristic ar_hanoi_heuristics[];
/* The disc bound of a position (admissible and consistent, any peg count). */
uint64_t ar_hanoi_disc_bound(const ar_instance *inst, const unsigned char *pos);
/* The same bound towards any position `goal` instead of the instance's goal. */
uint64_t ar_hanoi_disc_bound_to(const ar_instance *inst, const unsigned char *pos,
                                const unsigned char *goal);
/* The optimal 3-peg distance from position a to position b of n discs;
 * *twice (may be NULL) says whether the largest differing disc moves twice. */
uint64_t ar_hanoi_exact3(const unsigned char *a, const unsigned char *b, unsigned n, int *twice);

/* --- hanoi_closed.c: solvers of the descriptor's table and state_after --- */

ar_status ar_hanoi_run_recursive(ar_instance *inst, const ar_search_options *opts,
                                 const ar_move_sink *sink, ar_result *result, ar_error *err);
ar_status ar_hanoi_run_frame_stewart(ar_instance *inst, const ar_search_options *opts,
                                     const ar_move_sink *sink, ar_result *result, ar_error *err);
ar_status ar_hanoi_run_fs_heuristic(ar_instance *inst, const ar_search_options *opts,
                                    const ar_move_sink *sink, ar_result *result, ar_error *err);
ar_status ar_hanoi_state_after(const ar_instance *inst, uint64_t moves, void *state,
                               ar_error *err);

/* --- hanoi_rank.c: the state space on dense ranks ------------------------ */

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
/* The ranks one move away from rank (scratch: AR_HANOI_MAX_DISCS bytes);
 * returns how many (at most AR_BFS2_MAX_NEIGHBOURS). */
unsigned ar_hanoi_space_successors(const ar_hanoi_space *hs, uint64_t rank, unsigned char *scratch,
                                   uint64_t *out);

/* `ariadne bfs hanoi`. */
extern const ar_bfs2_provider ar_hanoi_bfs2_provider;

/* --- hanoi_pdb.c: pattern databases over groups of discs ----------------- */

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
 * rest in a last group. Charged to run->mem (which must outlive them); a
 * build stops on the run's time limit and Ctrl-C (AR_ERR_LIMIT). */
ar_status ar_hanoi_pdbs_create(unsigned pegs, unsigned discs, const unsigned char *goal,
                               const ar_hanoi_pdb_config *cfg, ar_run *run, ar_hanoi_pdbs **out,
                               ar_error *err);
void ar_hanoi_pdbs_destroy(ar_hanoi_pdbs *h);
/* The heuristic value of a position: the sum over groups of the exact
 * distance of the group's discs alone to their goal pegs. */
unsigned ar_hanoi_pdbs_value(const ar_hanoi_pdbs *h, const unsigned char *pos);
/* The same of a full base-k rank (k^n < 2^63), for the solver's A*. */
unsigned ar_hanoi_pdbs_value_rank(const ar_hanoi_pdbs *h, uint64_t rank);
/* "{8-14} + {1-7}*" and the like. */
const char *ar_hanoi_pdbs_name(const ar_hanoi_pdbs *h);
/* How many of the databases came from the cache, and how many there are. */
unsigned ar_hanoi_pdbs_loaded(const ar_hanoi_pdbs *h, unsigned *count);

/* The pdb solver's configuration for inst (databases cached for tower goals,
 * in --pdb-dir, the largest group --pdb-group discs). */
void ar_hanoi_pdb_config_of(const ar_instance *inst, ar_hanoi_pdb_config *cfg);
/* What the pdb solver works on for inst: the pegs k, the discs that move n,
 * start and goal, and *sized, cfg with the largest group fitted to
 * memory_limit when cfg leaves it open. The solver and the pdb provider both
 * start here, so they agree on the databases and their files. */
ar_status ar_hanoi_pdb_setup(const ar_instance *inst, const ar_hanoi_pdb_config *cfg,
                             size_t memory_limit, unsigned *k, unsigned *n, unsigned char *start,
                             unsigned char *goal, ar_hanoi_pdb_config *sized, ar_error *err);

/* `ariadne pdb build|info|verify hanoi`: the groups of the pdb solver. */
extern const ar_pdb_provider ar_hanoi_pdb_provider;

/* --- hanoi_pdb_solve.c: the optimal solver for any start and goal -------- */

/* The domain solver "pdb": optimal from any start to any goal (A* with the
 * additive databases, default configuration, databases cached for tower
 * goals). Signature of ar_domain_solver.run. */
ar_status ar_hanoi_pdb_run(ar_instance *inst, const ar_search_options *opts,
                           const ar_move_sink *sink, ar_result *result, ar_error *err);
/* The same with an explicit configuration (tests, benchmarks). */
ar_status ar_hanoi_pdb_solve(ar_instance *inst, const ar_search_options *opts,
                             const ar_hanoi_pdb_config *cfg, ar_result *result, ar_error *err);

/* --- hanoi_bench.c, hanoi_bench_solve.c: the descriptor's bench suites.
 * Each prints Markdown tables and returns an exit status; quick selects the
 * CI-sized run. */

int ar_hanoi_bench_solve(int quick);
int ar_hanoi_bench_fs(int quick);
int ar_hanoi_bench_bfs(int quick);
int ar_hanoi_bench_pdb(int quick);

#endif
