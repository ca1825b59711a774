/* dist.h — what the parts of `ariadne-mpi` share: the message layer over
 * MPI (comm.c), the per-rank statistics and their report (report.c), and
 * the three distributed searches (hda.c, pida.c, dbfs.c).
 *
 * `ariadne-mpi` lives around the library, not inside it: it reaches every
 * puzzle through the public interfaces (puzzle.h, idakernel.h, bfs2.h),
 * names no domain, and is built only when MPI is found (-DARIADNE_MPI).
 *
 * Messages. Every message carries one tag; receives take any tag, so two
 * messages from one rank to another arrive in the order they were sent (MPI's
 * non-overtaking rule), which the end-of-phase drain relies on. WORK messages
 * carry work (states for HDA*, tasks for IDA*, ranks for the BFS), are sent in
 * batches and are the "basic" messages of the termination detection; the
 * others are control messages.
 *
 * Termination (docs/distributed.md): Safra's algorithm (Dijkstra, EWD 998).
 * Each rank counts WORK messages sent minus received and turns black when it
 * receives one; a token goes round the ring 0 -> 1 -> ... -> P-1 -> 0, each
 * passive rank adding its count and blackening the token if it is black, then
 * whitening itself; rank 0, passive, with the token back white, itself white
 * and the sum of the counts zero, knows that every rank is passive and no
 * work is in flight. It then tells everyone (DONE), and every rank *drains*:
 * it sends END to every other rank after everything else it sent, and reads
 * until it has every other rank's END, so no message of the phase is left in
 * flight when the next phase (a collective, or the next IDA* iteration)
 * begins. A stop (a limit) ends the phase the same way, with STOP instead of
 * DONE. */
#ifndef ARIADNE_MPI_DIST_H
#define ARIADNE_MPI_DIST_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "ariadne/bfs2.h"
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

enum {
    DIST_TAG_WORK = 1,   /* a batch of work: counted by the termination detection */
    DIST_TAG_TOKEN,      /* Safra's token */
    DIST_TAG_CONTROL,    /* one control record (dist_control) */
    DIST_TAG_END         /* the last message of a phase from its sender */
};

/* Control records: the first 4 bytes of a CONTROL message say which. */
enum {
    DIST_DONE = 1,       /* rank 0 detected termination */
    DIST_STOP,           /* a limit stopped a rank: everyone stops */
    DIST_INCUMBENT,      /* a solution of this cost exists (who, which node) */
    DIST_STEAL,          /* an idle rank asks for work */
    DIST_NO_WORK,        /* the victim has none to give */
    DIST_PROGRESS,       /* a rank's counters, for rank 0's progress line */
    DIST_MIN_F,          /* HDA*: a rank's least open f, to rank 0 */
    DIST_GLOBAL_MIN_F    /* HDA*: the least of them, from rank 0 to all */
};

typedef struct dist_control {
    uint32_t kind;
    uint32_t a;          /* STOP: the ar_stop_reason; INCUMBENT: the rank holding the goal */
    uint64_t x;          /* INCUMBENT: cost; PROGRESS: expansions */
    uint64_t y;          /* INCUMBENT: the goal's id on its rank; PROGRESS: generated */
} dist_control;

/* What each rank counts; gathered and printed by rank 0. */
typedef struct dist_stats {
    uint64_t expanded, generated;
    uint64_t sent, received;        /* states (HDA*, BFS) or tasks (IDA*) */
    uint64_t duplicates;            /* HDA*: arrivals no better than the state's known g */
    uint64_t reexpanded;            /* HDA*: expansions of a state expanded before */
    uint64_t local;                 /* HDA*, BFS: children owned by the generating rank */
    uint64_t msgs_sent, msgs_received, bytes_sent, bytes_received;
    uint64_t steals, steals_refused;/* IDA*: requests this rank made that got work / none */
    uint64_t splits;                /* IDA*: requests this rank answered by splitting its search */
    uint64_t peak_bytes;            /* the rank's own search memory (tables, stores) */
    double idle;                    /* seconds with nothing to do */
    double seconds;
} dist_stats;

typedef struct dist_msg {
    int source, tag;
    const unsigned char *data;
    size_t len;
} dist_msg;

typedef struct dist_flight dist_flight;

typedef struct dist_comm {
    MPI_Comm comm;
    int rank, size;
    size_t batch_bytes;             /* a batch is sent when it would grow past this */
    unsigned char **batch;          /* per destination, being filled */
    size_t *batch_len;
    dist_flight *flights;           /* sends in flight */
    size_t nflights, flights_cap;
    unsigned char *rbuf;
    size_t rcap;
    /* Safra */
    int64_t count;                  /* WORK messages sent minus received */
    int black, has_token, probing;
    int ends;                       /* END messages received in this phase */
    int64_t token_q;
    int token_black;
    /* idling */
    unsigned idle_rounds;
    dist_stats *st;
    /* progress: every rank's last counters, at rank 0 */
    uint64_t *prog_expanded, *prog_generated;
    double next_progress;
} dist_comm;

void dist_init(dist_comm *c, MPI_Comm comm, size_t batch_bytes, dist_stats *st);
void dist_free(dist_comm *c);

/* Sends a copy of data[0..len) now (a control record, a token, a batch of
 * one's own making). */
void dist_send(dist_comm *c, int dest, int tag, const void *data, size_t len);
void dist_send_control(dist_comm *c, int dest, const dist_control *ctl);
/* Sends ctl to every other rank. */
void dist_broadcast_control(dist_comm *c, const dist_control *ctl);

/* Room for a record of len bytes in the WORK batch for dest (the batch is
 * sent first when the record would not fit). */
unsigned char *dist_batch_append(dist_comm *c, int dest, size_t len);
void dist_flush(dist_comm *c, int dest);
void dist_flush_all(dist_comm *c);
/* Bytes waiting in unsent batches. */
size_t dist_pending(const dist_comm *c);

/* Receives one message if one is waiting (1) or not (0); m->data is valid
 * until the next call. Counts WORK messages for the termination detection
 * and TOKEN messages are kept (has_token) and also returned. */
int dist_receive(dist_comm *c, dist_msg *m);

/* Called by a passive rank (nothing to do, batches flushed): moves Safra's
 * token on. Returns 1 at rank 0 when termination is detected. */
int dist_token_step(dist_comm *c);
/* Starts a new phase of the termination detection (counts and colours reset). */
void dist_token_reset(dist_comm *c);

/* Waits a little while idle (backing off from a few microseconds to a
 * millisecond, so idle ranks leave the cores to working ones); counts the
 * time as idle. dist_busy() resets the back-off. */
void dist_idle(dist_comm *c);
void dist_busy(dist_comm *c);

/* Ends a phase: sends END to every other rank after all else, and hands
 * every message that arrives meanwhile to handle (which may be NULL) until
 * every other rank's END is in. */
void dist_drain(dist_comm *c, void (*handle)(void *ctx, const dist_msg *m), void *ctx);

/* The progress line of the whole run, on rank 0: every rank sends its
 * counters to rank 0 twice a second (tick), rank 0 adds them up (take) and
 * shows the sum through pr (which may be NULL); what names the search. */
void dist_progress_begin(dist_comm *c);
void dist_progress_take(dist_comm *c, int source, uint64_t expanded, uint64_t generated);
void dist_progress_tick(dist_comm *c, uint64_t expanded, uint64_t generated, ar_progress *pr,
                        const char *what);
void dist_progress_end(dist_comm *c, ar_progress *pr);

/* --- the runs ------------------------------------------------------------- */

/* What rank 0 gathers from a distributed search. */
typedef struct dist_run_info {
    const char *algorithm;          /* "hda", "ida", "bfs" */
    char heuristic[128];            /* in words */
    const char *hash;               /* HDA*: how states are assigned to ranks */
    int size;
    dist_stats *ranks;              /* size entries (rank 0 only) */
    dist_stats total;
    double seconds;
    unsigned iterations;            /* IDA* */
    uint64_t *iter_expanded;        /* IDA*: expansions per iteration, summed over ranks */
    uint64_t *iter_bound;
    uint64_t critical;              /* BFS: the sum over levels of the busiest rank's expansions */
} dist_run_info;

typedef struct dist_options {
    ar_search_options search;       /* heuristic, limits, progress */
    size_t batch_bytes;
    int hash_group;                 /* HDA*: 0 Zobrist over the state bytes; G > 0 abstract: bytes in groups of G */
    uint64_t flush_every;           /* HDA*: expansions between flushes of part-filled batches */
    int symmetry;                   /* BFS */
    uint64_t block;                 /* BFS: states per block dealt round robin (0: one range each) */
} dist_options;

/* Takes the control records every search treats alike: DONE (sets *done),
 * STOP (sets *stop unless a reason is there already) and PROGRESS. Returns
 * 1 when m was one of them; else 0, with a CONTROL record in *ctl (kind 0
 * for a message that is not one). */
int dist_take_control(dist_comm *c, const dist_msg *m, dist_control *ctl, int *done, ar_stop_reason *stop);

/* Gathers every rank's statistics at rank 0 (info->ranks, info->total). */
void dist_gather_stats(dist_comm *c, const dist_stats *mine, dist_run_info *info);
void dist_run_info_free(dist_run_info *info);

/* HDA* (hda.c) and parallel IDA* (pida.c): every rank calls them on its own
 * copy of the instance; rank 0's result and info are the run's. */
ar_status dist_hda(const ar_puzzle *p, ar_instance *inst, const dist_options *o, ar_result *res,
                   dist_run_info *info, ar_error *err);
ar_status dist_ida(const ar_puzzle *p, ar_instance *inst, const dist_options *o, ar_result *res,
                   dist_run_info *info, ar_error *err);

/* The distributed two-bit BFS (dbfs.c) of a bfs2 space from rank start,
 * reporting the depth of rank target; res as ar_bfs2_run fills it. */
ar_status dist_bfs(const ar_bfs2_space *sp, uint64_t start, uint64_t target, const dist_options *o,
                   ar_bfs2_result *res, dist_run_info *info, ar_error *err);

/* A verb's run on every rank, printed by rank 0 (results.c); returns the
 * exit status, the same on every rank. */
typedef struct dist_run_request {
    const char *verb;
    const ar_puzzle *domain;
    ar_instance *inst;
    const ar_tool_cmd *cmd;         /* --json, --quiet */
    int rank;
    int algo;                       /* solve: 0 HDA*, 1 parallel IDA* */
    dist_options options;
} dist_run_request;
int dist_run_solve(const dist_run_request *r);
int dist_run_bfs(const dist_run_request *r);

/* One status for all ranks: the worst (largest) of the ranks' statuses, with
 * the message of a rank that had it, so every rank fails together. */
ar_status dist_agree(MPI_Comm comm, ar_status mine, ar_error *err);

/* Runs step on rank 0 alone, then on the first rank of every other node,
 * then on all the others, each stage after the one before has finished:
 * what a step builds and caches (pattern databases, in --pdb-dir) is then
 * built once when the directory is shared, else once per node, and never
 * by every rank at once. Returns the status agreed by all ranks. */
ar_status dist_staged(MPI_Comm comm, ar_status (*step)(void *ctx, ar_error *err), void *ctx, ar_error *err);

/* The per-rank table (Markdown) and the JSON array of the statistics. */
void dist_print_stats(FILE *out, const dist_run_info *info);
void dist_print_stats_json(FILE *out, const dist_run_info *info);

#endif
