/* ariadne/pdb.h — generic pattern databases: build by backward breadth-first
 * search in an abstract state space, store in a versioned file, load by mmap.
 *
 * A domain describes an abstraction with callbacks (ar_pdb_abstraction): a
 * perfect ranking of abstract states onto 0..count-1 and back, the abstract
 * goal(s), and the predecessors of an abstract state with a cost of 0 or 1 per
 * move. Counting only the moves of pattern pieces (cost 1) and letting every
 * other move cost 0 is what makes disjoint patterns additive. The builder runs
 * a 0-1 breadth-first search backwards from the goals over a 2-bit mark table
 * (unseen / frontier / next / closed, the frontier and next codes alternating
 * by layer parity, so a layer needs no relabelling pass) and writes one entry
 * per abstract state.
 *
 * Entries are 4 or 8 bits and hold the distance relative to an admissible
 * base the domain computes from the abstract state (for a sliding-piece
 * puzzle the Manhattan distance of the pattern pieces): entry = (distance - base) / step,
 * capped at the largest entry. Lookup gives base + step * entry, which never
 * exceeds the distance (a capped entry only lowers it), so the table stays
 * admissible; with step 2 (when every move changes a piece's Manhattan distance
 * by one, so distance and base have the same parity) a 4-bit entry covers an
 * excess of up to 30 moves over Manhattan distance, which the patterns we
 * build never reach (the header counts capped entries; `ariadne pdb info`
 * shows it). docs/pdb-format.md documents the file.
 *
 * Files live in a cache directory (--pdb-dir; default $XDG_CACHE_HOME/ariadne
 * or ~/.cache/ariadne) under a name made from the domain, size and pattern;
 * ar_pdb_open() loads one, or builds and saves it when it is missing. */
#ifndef ARIADNE_PDB_H
#define ARIADNE_PDB_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "ariadne/bitarray.h"
#include "ariadne/error.h"
#include "ariadne/memory.h"
#include "ariadne/progress.h"
#include "ariadne/puzzle.h"
#include "ariadne/search.h" /* ar_limits */

#ifdef __cplusplus
extern "C" {
#endif

#define AR_PDB_FORMAT_VERSION 1u
#define AR_PDB_MAX_PREDS 256u     /* bound on predecessors of one abstract state */
#define AR_PDB_MAX_STATE 256u     /* bound on the bytes of an unranked abstract state */

struct ar_pdb_build_options;
struct ar_pdb;

typedef struct ar_pdb_abstraction {
    /* Identity, recorded in the file header and compared on load. */
    const char *domain;    /* the puzzle's registry name */
    const char *size;      /* "4x4" */
    const char *pattern;   /* the pattern in the domain's words, e.g. "1,2,3,4,5,6,7" */
    const char *goal;      /* the abstract goal it is built for, e.g. "1@1,2@2,..." */
    const char *base_name; /* what base() computes ("manhattan"), or "none" */
    uint64_t count;        /* number of abstract states: ranks are 0..count-1 */
    size_t state_size;     /* bytes of an unranked abstract state (<= AR_PDB_MAX_STATE) */
    unsigned step;         /* 1 or 2: distance - base is always a multiple of step */
    unsigned bits;         /* entry width: 4 or 8 */
    const void *ctx;       /* passed to every callback */
    void (*unrank)(const void *ctx, uint64_t rank, void *astate);
    uint64_t (*rank)(const void *ctx, const void *astate);
    /* Writes the goal ranks (at most max) and returns how many. */
    unsigned (*goals)(const void *ctx, uint64_t *ranks, unsigned max);
    /* Writes the ranks of the abstract states one move before astate and the
     * cost of that move (0 or 1); returns how many (<= AR_PDB_MAX_PREDS). */
    unsigned (*predecessors)(const void *ctx, const void *astate, uint64_t *ranks,
                             unsigned char *costs);
    /* An admissible lower bound of the distance (NULL: 0). */
    unsigned (*base)(const void *ctx, const void *astate);
    /* Optional projection: the search runs over `count` states, the table
     * stores `stored_count` entries, and entry project(r) holds the least
     * distance of the states projecting onto it (e.g. a search that tracks
     * the blank's region stores the minimum over the regions). NULL: the table has
     * one entry per searched state. */
    uint64_t (*project)(const void *ctx, uint64_t rank);
    uint64_t stored_count;
    /* A smaller pattern to suggest when this one does not fit the memory limit. */
    const char *smaller;
    /* Optional: the domain's own builder (e.g. the multi-threaded two-bit
     * BFS of bfs2.h). ar_pdb_build calls it after its checks and the memory
     * refusal; it fills *out as ar_pdb_build would (header and table, charged
     * to o->mem). NULL: the generic 0-1 breadth-first search above. */
    ar_status (*build)(const struct ar_pdb_abstraction *a, const struct ar_pdb_build_options *o,
                       struct ar_pdb *out, ar_error *err);
    /* Build time per abstract state for the estimate, in nanoseconds (0: the
     * generic builder's), and the bytes the domain's builder needs (0: the
     * generic builder's marks and table). */
    double ns_per_state;
    size_t build_bytes;
    /* 1 when the entries are exact distances over reversible unit-cost moves
     * (step 1, no base, no projection, the predecessors are also the
     * successors): ar_pdb_check then also checks that only goals have value
     * 0, that neighbours differ by at most one and that every other state has
     * a neighbour one move closer, which, checked on every entry, proves the
     * table is the exact distance. */
    int exact;
    /* Non-NULL when the domain's solver never caches this database (it builds
     * it in memory for each instance): why, in words. The `pdb` verbs skip it. */
    const char *uncached;
} ar_pdb_abstraction;

/* The parsed header of a database file. */
typedef struct ar_pdb_header {
    uint32_t version;
    uint32_t bits, step;
    uint64_t count;
    uint64_t data_offset, data_bytes;
    uint64_t checksum;        /* ar_hash_bytes of the entry data */
    uint64_t capped;          /* entries whose excess did not fit (stored as the maximum) */
    uint64_t unreached;       /* abstract states the search never reached (entry 0) */
    uint32_t max_distance;    /* largest distance found */
    uint32_t max_entry;       /* largest entry stored */
    double build_seconds;
    char domain[32], size[32], base_name[32];
    char pattern[512], goal[1024];
} ar_pdb_header;

typedef struct ar_pdb {
    ar_pdb_header header;
    ar_bitarray table;        /* a view of the mapped file, or an owned table after a build */
    void *map;                /* the mmap'd file (NULL after a build) */
    size_t map_size;
    ar_mem *mem;              /* the account the table's bytes are charged to */
    size_t accounted;
} ar_pdb;

/* Limits and progress for a build. */
typedef struct ar_pdb_build_options {
    ar_mem *mem;                              /* may be NULL: no accounting */
    double time_limit;                        /* seconds; 0 = none */
    const volatile sig_atomic_t *interrupt;   /* may be NULL */
    ar_progress *progress;                    /* may be NULL */
    unsigned threads;                         /* for builders that use them; 0 = every core */
} ar_pdb_build_options;

/* The entries the table of a stores (with a projection, stored_count; the
 * search covers count states) and the size of its file, header included. */
uint64_t ar_pdb_entries(const ar_pdb_abstraction *a);
size_t ar_pdb_file_bytes(const ar_pdb_abstraction *a);
/* Bytes a build needs (the 2-bit marks plus the table) and a rough time in
 * seconds on this machine, for the message before a build. */
void ar_pdb_estimate(const ar_pdb_abstraction *a, size_t *bytes, double *seconds);

/* Builds the database in memory. Refuses with AR_ERR_MEMORY (naming the need,
 * the limit and a->smaller) when it cannot fit; AR_ERR_LIMIT when the time
 * limit or the interrupt stopped it. */
ar_status ar_pdb_build(const ar_pdb_abstraction *a, const ar_pdb_build_options *o, ar_pdb *out,
                       ar_error *err);

/* Writes pdb to path (through a temporary file renamed into place). */
ar_status ar_pdb_save(const ar_pdb *pdb, const char *path, ar_error *err);

/* Maps a file read-only and checks its header and size; with check_sum also
 * the checksum of the entries (AR_PDB_CHECK_SMALL: only for tables of up to
 * AR_PDB_CHECK_SMALL_BYTES, as ar_pdb_open does, so that a solve does not
 * read a table of hundreds of megabytes through; `ariadne pdb verify` checks
 * every table). A file is mapped once per process and shared by its loads.
 * mem (may be NULL) is charged the table size. */
#define AR_PDB_CHECK_SMALL 2
#define AR_PDB_CHECK_SMALL_BYTES ((size_t)16 << 20)
ar_status ar_pdb_load(const char *path, int check_sum, ar_mem *mem, ar_pdb *out, ar_error *err);

/* Only reads and checks the header (for `ariadne pdb info`). */
ar_status ar_pdb_read_header(const char *path, ar_pdb_header *out, ar_error *err);

/* AR_OK when the loaded database was built for abstraction a (same domain,
 * size, pattern, goal, base, entry width and count), else AR_ERR_INPUT saying
 * what differs. */
ar_status ar_pdb_matches(const ar_pdb_header *h, const ar_pdb_abstraction *a, ar_error *err);

/* Checks a loaded database against its abstraction: every goal has distance
 * 0, rank and unrank agree, and, when there is no projection, for `samples`
 * random states (all when samples >= count) each predecessor's decoded value
 * is at most the state's value plus the move's cost (capped entries skipped;
 * a minimum over projected states need not satisfy it); for an exact
 * abstraction (a->exact) also that only goals are 0, that each neighbour is
 * within one move and that one neighbour is a move closer. Reports the first
 * violation. */
ar_status ar_pdb_check(const ar_pdb *pdb, const ar_pdb_abstraction *a, uint64_t samples,
                       uint64_t seed, ar_error *err);

/* Releases the table (unmaps the file, or frees the built table). */
void ar_pdb_free(ar_pdb *pdb);

/* The entry of a rank (hot path; not checked). */
static inline unsigned ar_pdb_entry(const ar_pdb *pdb, uint64_t rank)
{
    return ar_bitarray_get(&pdb->table, rank);
}

/* The decoded value of an abstract state: base + step * entry. */
unsigned ar_pdb_value(const ar_pdb *pdb, const ar_pdb_abstraction *a, const void *astate);

/* The cache directory: dir when non-NULL and non-empty, else
 * $ARIADNE_PDB_DIR, else $XDG_CACHE_HOME/ariadne, else $HOME/.cache/ariadne.
 * The directory "off" turns the cache off: ar_pdb_open then builds a
 * database in memory whenever it is needed and never touches the disk. A
 * program using the library (ar_solve on a 15-puzzle, say) writes to this
 * directory on its own unless it is told otherwise. */
const char *ar_pdb_dir(const char *dir, char *buf, size_t size);

/* The file name (without directory) of an abstraction's database. */
void ar_pdb_file_name(const ar_pdb_abstraction *a, char *buf, size_t size);

/* Loads the database of a from dir, or (when it is missing) builds it,
 * creating dir if needed, and saves it. *built tells which happened. A file
 * that exists but was built for something else, or is damaged, is an error
 * naming the file (rebuild it with `ariadne pdb build`). */
ar_status ar_pdb_open(const ar_pdb_abstraction *a, const char *dir, const ar_pdb_build_options *o,
                      ar_pdb *out, int *built, ar_error *err);

/* --- providers: domains whose instances use pattern databases, for the
 * `ariadne pdb` verbs (the CLI stays domain-agnostic). --- */
#define AR_PDB_MAX_SELECTED 64u /* bound on the abstractions one instance selects */

typedef struct ar_pdb_provider {
    /* The abstractions (at most AR_PDB_MAX_SELECTED) that the instance's
     * options select (e.g. a --pattern option) for a run under these limits (a
     * domain may size them to limits->memory_limit as its solver does; limits may
     * be NULL: no limit). They stay valid while the instance lives and, when
     * *owned is set, until release(*owned). */
    ar_status (*abstractions)(const ar_instance *inst, const ar_limits *limits,
                              const ar_pdb_abstraction **out, unsigned *count, void **owned,
                              ar_error *err);
    /* Releases what abstractions() left in *owned (NULL: it never does). */
    void (*release)(void *owned);
    /* The instance's cache directory option (--pdb-dir), or NULL. */
    const char *(*dir)(const ar_instance *inst);
    /* Instance text (the goal) for when `ariadne pdb` is given only options,
     * e.g. --size 5x5; written into buf. */
    void (*sample_instance)(const ar_param *params, size_t count, char *buf, size_t size);
} ar_pdb_provider;


#ifdef __cplusplus
}
#endif
#endif
