/* hanoi_closed.c — the closed-form solvers of Towers of Hanoi, which compute
 * a solution without search and stream it:
 *   "recursive"      3 pegs, optimal from any position to any position (the
 *                    largest differing disc moves once or twice);
 *   "frame-stewart"  tower to tower on k pegs by the Frame–Stewart recursion;
 *   "fs-heuristic"   any start to any goal on 4+ pegs, Frame–Stewart-guided,
 *                    not optimal;
 * and state_after, the position after m moves of the canonical tower-to-tower
 * solution computed directly, without replaying the moves.
 *
 * Solutions can have up to 2^64-1 moves, so moves go into a sink in chunks
 * (or, without a sink, into one array sized by the formula). The generators
 * are recursive and write a 4-disc tower as one 15-move block; the run
 * context (run.h) is asked at every chunk whether a limit or Ctrl-C stops
 * the stream. */
#include "hanoi_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 4096
/* Without a sink a solution is held in memory; beyond this many moves (256 MiB
 * of move codes) the caller must stream it instead. */
#define STORE_CAP ((uint64_t)1 << 26)

/* ------------------------------------------------------------------ */
/* Emitting solutions: into a sink in chunks, or into one stored array. */

typedef struct emitter {
    const ar_instance *inst;
    const ar_move_sink *sink; /* NULL: store */
    ar_move *store;
    uint64_t cap;             /* room in store */
    uint64_t count;           /* moves delivered so far */
    ar_search_options opts;   /* the caller's limits, without the progress line */
    ar_run run;               /* asked at every chunk whether a limit or Ctrl-C stops */
    int stopped;              /* generation should stop: the run said so, or the sink did */
    ar_status status;         /* a sink error, when the sink stopped it */
    size_t n;
    ar_move buf[CHUNK + 16]; /* slack: a 15-move block is written before the flush check */
} emitter;

/* Delivers the buffered moves, after asking the run (every chunk: a chunk
 * takes microseconds, far too few calls for the every-1024 rhythm). */
static void flush(emitter *e)
{
    if (e->stopped || ar_run_check_now(&e->run)) {
        e->stopped = 1;
        e->n = 0;
        return;
    }
    if (e->n == 0)
        return;
    if (e->sink) {
        ar_status st = e->sink->emit(e->sink->ctx, e->buf, e->n);
        if (st != AR_OK) {
            e->status = st;
            e->stopped = 1;
            e->n = 0;
            return;
        }
    } else {
        if (e->count + e->n > e->cap) { /* more moves than the formula: a bug */
            e->status = AR_ERR_INTERNAL;
            e->stopped = 1;
            e->n = 0;
            return;
        }
        memcpy(e->store + e->count, e->buf, e->n * sizeof(ar_move));
    }
    e->count += e->n;
    e->n = 0;
}

static void emit(emitter *e, ar_move m)
{
    e->buf[e->n++] = m;
    if (e->n >= CHUNK)
        flush(e);
}

/* Starts the run of a solver into result and prepares e for a solution of
 * `length` moves; without a sink the moves are stored, which needs them to
 * fit the cap and the memory limit. The closed forms expand no nodes, so the
 * run gets the caller's limits without the progress line, which would only
 * count zeros (the sink's consumer shows how the output goes). */
static ar_status emitter_begin(emitter *e, const ar_instance *inst, const ar_search_options *opts,
                               const ar_move_sink *sink, ar_result *result, uint64_t length,
                               const char *algo, ar_error *err)
{
    size_t memory_limit;
    e->inst = inst;
    e->sink = sink;
    e->store = NULL;
    e->cap = length;
    e->count = 0;
    e->stopped = 0;
    e->status = AR_OK;
    e->n = 0;
    if (opts) {
        e->opts = *opts;
        e->opts.progress = NULL;
    }
    ar_run_begin(&e->run, opts ? &e->opts : NULL, result);
    memory_limit = e->run.opts->limits.memory_limit;
    if (!sink) {
        if (length > STORE_CAP)
            return ar_error_set(err, AR_ERR_UNSUPPORTED,
                                "%s: the solution has %" PRIu64
                                " moves, too many to hold in memory (at most %" PRIu64
                                "); stream it to a move sink instead",
                                algo, length, STORE_CAP);
        if (memory_limit && length * sizeof(ar_move) > memory_limit)
            return ar_error_set(err, AR_ERR_MEMORY,
                                "%s: holding the %" PRIu64 " moves needs %" PRIu64
                                " bytes, over the memory limit of %zu; stream them instead",
                                algo, length, length * (uint64_t)sizeof(ar_move), memory_limit);
        e->store = malloc(length ? (size_t)length * sizeof(ar_move) : 1);
        if (!e->store)
            return ar_error_set(err, AR_ERR_MEMORY, "%s: out of memory for %" PRIu64 " moves", algo,
                                length);
    }
    return AR_OK;
}

/* Finishes generation and fills in the result. */
static ar_status emitter_end(emitter *e, ar_result *result, uint64_t length, const char *algo,
                             ar_error *err)
{
    flush(e);
    if (e->status != AR_OK) {
        free(e->store);
        if (e->sink) {
            /* The solution is known in full; only its output was cut short (a
             * closed pipe, Ctrl-C, or a consumer such as `hint` that needs one
             * move). Say what it is, and report the sink's status. */
            result->outcome = AR_OUTCOME_SOLVED;
            result->streamed = 1;
            result->length = length;
            result->cost = length;
        }
        return ar_error_set(err, e->status, "%s: the move output stopped after %" PRIu64 " moves",
                            algo, e->count);
    }
    if (e->stopped) {
        /* A limit or Ctrl-C: the moves so far are no solution, so none is
         * kept; the run labels the result stopped, with its reason. */
        free(e->store);
        result->moves = NULL;
        result->length = 0;
        result->cost = 0;
        result->optimal = 0;
        ar_run_finish(&e->run);
        return AR_OK;
    }
    if (e->count != length) {
        free(e->store);
        return ar_error_set(err, AR_ERR_INTERNAL,
                            "%s: generated %" PRIu64 " moves but the formula gives %" PRIu64, algo,
                            e->count, length);
    }
    result->outcome = AR_OUTCOME_SOLVED;
    result->stop = AR_STOP_NONE;
    result->length = length;
    result->cost = length;
    if (e->sink) {
        result->streamed = 1;
        result->moves = NULL;
        if (!result->peak_bytes)
            result->peak_bytes = sizeof *e;
    } else {
        result->moves = e->store;
        result->peak_bytes = (size_t)length * sizeof(ar_move) + sizeof *e;
    }
    ar_run_finish(&e->run);
    return AR_OK;
}

/* ------------------------------------------------------------------ */
/* Move generators */

/* The 15 moves of a 4-disc tower a -> b via c as (from, to, disc) with pegs as
 * roles 0 = a, 1 = b, 2 = c: the leaves of the recursion are written as one
 * block, which makes streaming 2^30 moves several times faster. */
static const unsigned char tower4_pattern[15][3] = {
    {0, 2, 0}, {0, 1, 1}, {2, 1, 0}, {0, 2, 2}, {1, 0, 0}, {1, 2, 1}, {0, 2, 0}, {0, 1, 3},
    {2, 1, 0}, {2, 0, 1}, {1, 0, 0}, {2, 1, 2}, {0, 2, 0}, {0, 1, 1}, {2, 1, 0}};

/* Classic tower: discs lo..lo+cnt-1 from a to b via c (3 pegs available). */
static void tower3(emitter *e, unsigned lo, unsigned cnt, unsigned a, unsigned b, unsigned c)
{
    if (e->stopped)
        return;
    if (cnt == 4) {
        unsigned role[3], i;
        ar_move *out = e->buf + e->n;
        role[0] = a;
        role[1] = b;
        role[2] = c;
        for (i = 0; i < 15; i++)
            out[i] = AR_HANOI_MOVE(role[tower4_pattern[i][0]], role[tower4_pattern[i][1]],
                          lo + tower4_pattern[i][2]);
        e->n += 15;
        if (e->n >= CHUNK)
            flush(e);
        return;
    }
    if (cnt == 1) {
        emit(e, AR_HANOI_MOVE(a, b, lo));
        return;
    }
    if (cnt == 0)
        return;
    tower3(e, lo, cnt - 1, a, c, b);
    emit(e, AR_HANOI_MOVE(a, b, lo + cnt - 1));
    tower3(e, lo, cnt - 1, c, b, a);
}

static unsigned pick_spare(unsigned mask, unsigned from, unsigned to)
{
    unsigned p;
    for (p = 0; p < AR_HANOI_MAX_PEGS; p++)
        if ((mask >> p & 1u) && p != from && p != to)
            return p;
    return 0; /* not reached: mask has at least 3 pegs */
}

/* Frame-Stewart: discs lo..lo+cnt-1, a tower on `from` (all smaller discs on
 * pegs outside mask), to `to`, using the kk pegs in mask. */
static void fs_gen(emitter *e, unsigned lo, unsigned cnt, unsigned from, unsigned to,
                   unsigned mask, unsigned kk)
{
    unsigned x, spare;
    if (cnt == 0 || e->stopped)
        return;
    if (cnt == 1) {
        emit(e, AR_HANOI_MOVE(from, to, lo));
        return;
    }
    spare = pick_spare(mask, from, to);
    if (kk == 3) {
        tower3(e, lo, cnt, from, to, spare);
        return;
    }
    x = e->inst->split[kk][cnt];
    fs_gen(e, lo, x, from, spare, mask, kk);
    fs_gen(e, lo + x, cnt - x, from, to, mask & ~(1u << spare), kk - 1);
    fs_gen(e, lo, x, spare, to, mask, kk);
}

/* 3 pegs: gathers discs 0..m-1 (at pos) into a tower on t, optimally. */
static void gather3_gen(emitter *e, const unsigned char *pos, unsigned m, unsigned t)
{
    unsigned d;
    for (d = m; d-- > 0;) {
        unsigned o;
        if (pos[d] == t)
            continue;
        o = 3u - pos[d] - t;
        gather3_gen(e, pos, d, o);
        emit(e, AR_HANOI_MOVE(pos[d], t, d));
        tower3(e, 0, d, o, t, pos[d]);
        return;
    }
}

/* 3 pegs: spreads a tower of discs 0..m-1 on f to the positions goal (the
 * reverse of gathering goal onto f). */
static void spread3_gen(emitter *e, const unsigned char *goal, unsigned m, unsigned f)
{
    unsigned d;
    for (d = m; d-- > 0;) {
        unsigned o;
        if (goal[d] == f)
            continue;
        if (e->stopped)
            return;
        o = 3u - f - goal[d];
        tower3(e, 0, d, f, o, goal[d]);
        emit(e, AR_HANOI_MOVE(f, goal[d], d));
        f = o;
    }
}

/* ------------------------------------------------------------------ */
/* Solvers */

ar_status ar_hanoi_run_recursive(ar_instance *inst, const ar_search_options *opts,
                                 const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    emitter *e;
    int twice = 0;
    uint64_t length;
    ar_status st;
    if (inst->pegs != 3)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "recursive solves 3 pegs only (this instance has %u); use frame-stewart, "
                            "fs-heuristic or astar",
                            inst->pegs);
    length = ar_hanoi_exact3(inst->start, inst->goal, inst->discs, &twice);
    e = malloc(sizeof *e);
    if (!e)
        return ar_error_set(err, AR_ERR_MEMORY, "recursive: out of memory");
    st = emitter_begin(e, inst, opts, sink, result, length, "recursive", err);
    if (st != AR_OK) {
        free(e);
        return st;
    }
    ar_run_lower_bound(&e->run, length); /* the closed form is exact */
    if (inst->active) {
        unsigned D = inst->active - 1, s = inst->start[D], g = inst->goal[D], r = 3u - s - g;
        if (!twice) {
            gather3_gen(e, inst->start, D, r);
            emit(e, AR_HANOI_MOVE(s, g, D));
            spread3_gen(e, inst->goal, D, r);
        } else {
            gather3_gen(e, inst->start, D, g);
            emit(e, AR_HANOI_MOVE(s, r, D));
            tower3(e, 0, D, g, s, r);
            emit(e, AR_HANOI_MOVE(r, g, D));
            spread3_gen(e, inst->goal, D, s);
        }
    }
    st = emitter_end(e, result, length, "recursive", err);
    free(e);
    if ((st == AR_OK || result->streamed) && result->outcome == AR_OUTCOME_SOLVED) {
        result->optimal = 1;
        snprintf(result->note, sizeof result->note,
                 "optimal: closed form for 3 pegs (the largest differing disc moves %s)",
                 twice ? "twice" : "once");
    }
    return st;
}

/* With more pegs than discs (n <= k-1), tower to tower takes exactly 2n-1
 * moves: the largest disc moves at least once, and each smaller disc must leave
 * the start peg before the largest disc's first move and land on the goal peg
 * after its last move (it cannot be there while the largest disc moves on), so
 * at least twice; 2n-1 is reached by giving each smaller disc its own spare peg
 * (Frame-Stewart does exactly that, T_k(n) = 2n-1 for n < k). The same count
 * gives the lower bound 2n-1 for any k. */
ar_status ar_hanoi_run_frame_stewart(ar_instance *inst, const ar_search_options *opts,
                                     const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    emitter *e;
    uint64_t length;
    ar_status st;
    unsigned n = inst->active;
    if (!inst->tower)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "frame-stewart needs a tower-to-tower instance (the discs that move all "
                            "on one peg at the start and at the goal); use fs-heuristic or astar");
    length = inst->fs[inst->pegs][n];
    e = malloc(sizeof *e);
    if (!e)
        return ar_error_set(err, AR_ERR_MEMORY, "frame-stewart: out of memory");
    st = emitter_begin(e, inst, opts, sink, result, length, "frame-stewart", err);
    if (st != AR_OK) {
        free(e);
        return st;
    }
    /* 2^n-1 is exact for 3 pegs; 2n-1 (above) bounds any k. */
    ar_run_lower_bound(&e->run, inst->pegs == 3 ? length : n ? 2u * (uint64_t)n - 1u : 0u);
    fs_gen(e, 0, n, inst->tower_from, inst->tower_to, (1u << inst->pegs) - 1u, inst->pegs);
    st = emitter_end(e, result, length, "frame-stewart", err);
    if ((st != AR_OK && !result->streamed) || result->outcome != AR_OUTCOME_SOLVED) {
        free(e);
        return st;
    }
    if (n == 0) {
        result->optimal = 1;
        snprintf(result->note, sizeof result->note, "optimal: the start is the goal");
    } else if (inst->pegs == 3) {
        result->optimal = 1;
        snprintf(result->note, sizeof result->note, "optimal: 2^n-1 moves for 3 pegs");
    } else if (n < inst->pegs) {
        result->optimal = 1;
        ar_run_lower_bound(&e->run, length);
        snprintf(result->note, sizeof result->note,
                 "optimal: with more pegs than discs 2n-1 moves is optimal");
    } else if (inst->pegs == 4) {
        result->optimal = 1;
        ar_run_lower_bound(&e->run, length);
        snprintf(result->note, sizeof result->note,
                 "optimal: Frame-Stewart length, proven optimal for 4 pegs (Bousch 2014)");
    } else {
        result->optimal = 0;
        snprintf(result->note, sizeof result->note,
                 "Frame-Stewart length, conjectured optimal (unproven for 5+ pegs)");
    }
    free(e);
    return st;
}

/* fs-heuristic: any start to any goal on k >= 4 pegs, not optimal.
 * gather[j][t] = moves to bring discs 0..j-1 (from their positions) into a tower
 * on t: a disc already on t stays; otherwise the smaller discs gather on the
 * best intermediate peg I (not the disc's peg, not t), the disc moves, and the
 * smaller ones follow as a Frame-Stewart tower with all k pegs (every other
 * disc is larger, so nothing blocks them). The whole solution: gather discs
 * below the largest differing disc D on the best peg I, move D, and spread them
 * to the goal (the reverse of gathering the goal onto I). */
typedef struct fs_plan {
    uint64_t cost[AR_HANOI_MAX_DISCS + 1][AR_HANOI_MAX_PEGS];
    unsigned char via[AR_HANOI_MAX_DISCS + 1][AR_HANOI_MAX_PEGS];
} fs_plan;

static void plan_gather(const ar_instance *inst, const unsigned char *pos, unsigned m, fs_plan *pl)
{
    unsigned j, t, i, k = inst->pegs;
    for (t = 0; t < k; t++)
        pl->cost[0][t] = 0;
    for (j = 1; j <= m; j++) {
        unsigned p = pos[j - 1];
        for (t = 0; t < k; t++) {
            uint64_t best = UINT64_MAX;
            unsigned arg = 0;
            if (p == t) {
                pl->cost[j][t] = pl->cost[j - 1][t];
                pl->via[j][t] = (unsigned char)t;
                continue;
            }
            for (i = 0; i < k; i++) {
                uint64_t v;
                if (i == p || i == t)
                    continue;
                v = hanoi_sat_add(hanoi_sat_add(pl->cost[j - 1][i], 1u), inst->fs[k][j - 1]);
                if (v < best) {
                    best = v;
                    arg = i;
                }
            }
            pl->cost[j][t] = best;
            pl->via[j][t] = (unsigned char)arg;
        }
    }
}

static void fs_gather_gen(emitter *e, const fs_plan *pl, const unsigned char *pos, unsigned m,
                          unsigned t)
{
    unsigned d, k = e->inst->pegs;
    for (d = m; d-- > 0;) {
        unsigned via;
        if (pos[d] == t)
            continue;
        if (e->stopped)
            return;
        via = pl->via[d + 1][t];
        fs_gather_gen(e, pl, pos, d, via);
        emit(e, AR_HANOI_MOVE(pos[d], t, d));
        fs_gen(e, 0, d, via, t, (1u << k) - 1u, k);
        return;
    }
}

static void fs_spread_gen(emitter *e, const fs_plan *pl, const unsigned char *goal, unsigned m,
                          unsigned f)
{
    unsigned d, k = e->inst->pegs;
    for (d = m; d-- > 0;) {
        unsigned via;
        if (goal[d] == f)
            continue;
        if (e->stopped)
            return;
        via = pl->via[d + 1][f];
        fs_gen(e, 0, d, f, via, (1u << k) - 1u, k);
        emit(e, AR_HANOI_MOVE(f, goal[d], d));
        fs_spread_gen(e, pl, goal, d, via);
        return;
    }
}

ar_status ar_hanoi_run_fs_heuristic(ar_instance *inst, const ar_search_options *opts,
                                    const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    fs_plan *ps, *pg;
    emitter *e;
    uint64_t length = 0, bound;
    unsigned D = 0, via = 0, i;
    ar_status st;
    if (inst->pegs < 4)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "fs-heuristic needs 4 or more pegs; use recursive for 3 pegs");
    ps = malloc(sizeof *ps);
    pg = malloc(sizeof *pg);
    e = malloc(sizeof *e);
    if (!ps || !pg || !e) {
        free(ps);
        free(pg);
        free(e);
        return ar_error_set(err, AR_ERR_MEMORY, "fs-heuristic: out of memory");
    }
    if (inst->active) {
        uint64_t best = UINT64_MAX;
        D = inst->active - 1;
        plan_gather(inst, inst->start, D, ps);
        plan_gather(inst, inst->goal, D, pg);
        for (i = 0; i < inst->pegs; i++) {
            uint64_t v;
            if (i == inst->start[D] || i == inst->goal[D])
                continue;
            v = hanoi_sat_add(hanoi_sat_add(ps->cost[D][i], pg->cost[D][i]), 1u);
            if (v < best) {
                best = v;
                via = i;
            }
        }
        length = best;
    }
    st = emitter_begin(e, inst, opts, sink, result, length, "fs-heuristic", err);
    if (st == AR_OK) {
        if (inst->active) {
            fs_gather_gen(e, ps, inst->start, D, via);
            emit(e, AR_HANOI_MOVE(inst->start[D], inst->goal[D], D));
            fs_spread_gen(e, pg, inst->goal, D, via);
        }
        st = emitter_end(e, result, length, "fs-heuristic", err);
    }
    free(ps);
    free(pg);
    if (st != AR_OK) {
        free(e);
        return st;
    }
    bound = ar_hanoi_disc_bound(inst, inst->start);
    ar_run_lower_bound(&e->run, bound);
    free(e);
    if (result->outcome == AR_OUTCOME_SOLVED) {
        if (length == bound) {
            result->optimal = 1;
            snprintf(result->note, sizeof result->note,
                     "optimal: the length equals the disc-bound lower bound");
        } else {
            snprintf(result->note, sizeof result->note,
                     "heuristic (Frame-Stewart-guided), not proven optimal");
        }
    }
    return AR_OK;
}

/* ------------------------------------------------------------------ */
/* The state after m moves of the canonical solution */

/* Classic 3-peg solution of discs lo..lo+cnt-1 from a to b via c, after m
 * moves (m <= 2^cnt - 1): the binary method. The largest disc has moved iff m
 * >= 2^(cnt-1); then the rest is the solution of one disc fewer, either from a
 * to c (not yet) or from c to b with m - 2^(cnt-1) moves. */
static void tower3_at(unsigned char *pos, unsigned lo, unsigned cnt, unsigned a, unsigned b,
                      unsigned c, uint64_t m)
{
    unsigned d;
    for (d = cnt; d-- > 0;) {
        uint64_t half = (uint64_t)1 << d;
        unsigned tmp;
        if (m < half) {
            pos[lo + d] = (unsigned char)a;
            tmp = b; /* the rest goes a -> c via b */
            b = c;
            c = tmp;
        } else {
            pos[lo + d] = (unsigned char)b;
            m -= half;
            tmp = a; /* the rest goes c -> b via a */
            a = c;
            c = tmp;
        }
    }
}

static void fill(unsigned char *pos, unsigned lo, unsigned cnt, unsigned p)
{
    unsigned d;
    for (d = 0; d < cnt; d++)
        pos[lo + d] = (unsigned char)p;
}

/* The same for fs_gen, following its three phases without replaying moves. */
static void fs_at(const ar_instance *inst, unsigned char *pos, unsigned lo, unsigned cnt,
                  unsigned from, unsigned to, unsigned mask, unsigned kk, uint64_t m)
{
    unsigned x, spare;
    uint64_t t1, t2;
    if (cnt == 0)
        return;
    if (cnt == 1) {
        pos[lo] = (unsigned char)(m ? to : from);
        return;
    }
    spare = pick_spare(mask, from, to);
    if (kk == 3) {
        tower3_at(pos, lo, cnt, from, to, spare, m);
        return;
    }
    x = inst->split[kk][cnt];
    t1 = inst->fs[kk][x];
    t2 = inst->fs[kk - 1][cnt - x];
    if (m < t1) {
        fill(pos, lo + x, cnt - x, from);
        fs_at(inst, pos, lo, x, from, spare, mask, kk, m);
    } else if (m - t1 < t2) {
        fill(pos, lo, x, spare);
        fs_at(inst, pos, lo + x, cnt - x, from, to, mask & ~(1u << spare), kk - 1, m - t1);
    } else {
        fill(pos, lo + x, cnt - x, to);
        fs_at(inst, pos, lo, x, spare, to, mask, kk, m - t1 - t2);
    }
}

ar_status ar_hanoi_state_after(const ar_instance *inst, uint64_t moves, void *state,
                               ar_error *err)
{
    unsigned char pos[AR_HANOI_MAX_DISCS];
    uint64_t length;
    if (!inst->tower)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the state after m moves is computed only for tower-to-tower instances "
                            "(the discs that move all on one peg at the start and at the goal)");
    length = inst->fs[inst->pegs][inst->active];
    if (moves > length)
        return ar_error_set(err, AR_ERR_INPUT, "the solution has only %" PRIu64 " moves", length);
    memcpy(pos, inst->start, inst->discs);
    fs_at(inst, pos, 0, inst->active, inst->tower_from, inst->tower_to, (1u << inst->pegs) - 1u,
          inst->pegs, moves);
    hanoi_pack(inst, pos, state);
    return AR_OK;
}
