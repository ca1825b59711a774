/* local_internal.h — what the local-search strategies share (src/local/):
 * one working state and the best state so far, the step that applies a move
 * and keeps the books (counters, best, trace), start states, the descent
 * that hill climbing and iterated local search both use, and the check that
 * says whether a state is a local optimum or sits on a plateau.
 *
 * The best state is copied lazily: while the working state *is* the best
 * (best_is_cur), nothing is copied; the copy is made only just before the
 * working state gets worse or is replaced. A hill climb of thousands of
 * improving moves therefore copies its state once, not thousands of times. */
#ifndef AR_LOCAL_INTERNAL_H
#define AR_LOCAL_INTERNAL_H

#include "ariadne/local.h"

typedef struct lk {
    const ar_local_problem *P;
    const ar_local_params *par;
    ar_run *run;
    ar_local_stats *st;
    ar_rng rng;
    size_t ss;
    unsigned char *cur;   /* the working state */
    unsigned char *best;  /* the best state so far (the caller's buffer) */
    unsigned char *tmp;   /* scratch for the generic delta */
    size_t alloc_bytes;
    int64_t cur_cost;
    int have_best;        /* best_cost means something */
    int best_is_cur;      /* the best state is the working state, not yet copied */
    int trace_moves;      /* trace every applied move (not for annealing and ILS: too many) */
    double temperature;   /* for the trace */
    char phase[64];       /* for the progress line */
} lk;

/* --- local_engine.c --- */
ar_status ar_lk_init(lk *L, const ar_local_problem *P, const ar_local_params *par, ar_run *run,
                  void *best, ar_local_stats *st, ar_error *err);
void ar_lk_free(lk *L);
int ar_lk_stop(lk *L);                       /* a limit or Ctrl-C: stop now */
int ar_lk_at_bound(const lk *L);             /* the best reached the known lower bound */
/* AR_LOCAL_END_STOPPED (a limit), AR_LOCAL_END_BOUND (the bound reached) or
 * AR_LOCAL_END_NONE (go on): the check at the top of every strategy's loop. */
ar_local_end ar_lk_must_end(lk *L);
void ar_lk_trace(lk *L, const char *event);
int64_t ar_lk_delta(lk *L, const void *state, const ar_local_move *m);
/* Applies m (whose delta is d) to the working state, keeping the books. */
void ar_lk_apply(lk *L, const ar_local_move *m, int64_t d, const char *event);
/* The working state replaced by a start: constructed (unless random_start
 * or `random` is set) or random. */
void ar_lk_start(lk *L, int random);
/* Records the working state as best when it is better than the best. */
void ar_lk_note_current(lk *L);
/* Copies the working state into best if it is the best (before it changes). */
void ar_lk_save_best(lk *L);
/* The working state becomes the best again (rollback or copy). */
void ar_lk_back_to_best(lk *L);
/* What the working state is over the whole neighbourhood: a local optimum,
 * a plateau, or AR_LOCAL_END_NONE when a move improves it (applied when
 * `apply_improvement` is set); AR_LOCAL_END_STOPPED when a limit stopped
 * the pass (checked only when `check_limits` is set). */
ar_local_end ar_lk_classify(lk *L, int apply_improvement, int check_limits);
/* First-improvement descent from the working state, with up to `sideways`
 * equal-cost moves in a row; returns how it ended (local optimum, plateau,
 * bound, stopped), classifying the end only when `classify` is set
 * (AR_LOCAL_END_LOCAL_OPTIMUM otherwise). */
ar_local_end ar_lk_descend(lk *L, uint64_t sideways, int classify);
/* A uniformly random move among those with delta == want (reservoir
 * sampling over the enumeration); 0 when there is none. */
int ar_lk_random_move_with_delta(lk *L, int64_t want, ar_local_move *out);

/* --- the strategies (one file each) --- */
ar_status ar_local_run_climb(lk *L, const char *variant, ar_error *err);  /* local_climb.c */
ar_status ar_local_run_ils(lk *L, ar_error *err);                         /* local_climb.c */
ar_status ar_local_run_anneal(lk *L, ar_error *err);                      /* local_anneal.c */
ar_status ar_local_run_beam(lk *L, ar_error *err);                        /* local_beam.c */
ar_status ar_local_run_tabu(lk *L, ar_error *err);                        /* local_tabu.c */
ar_status ar_local_run_generate(lk *L, int systematic, ar_error *err);    /* local_generate.c */

#endif
