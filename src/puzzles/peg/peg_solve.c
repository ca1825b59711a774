/* peg_solve.c — the peg-solitaire solvers.
 *
 * "dfs": one peg left (or one in the finish hole), fast, moves not fewest.
 * Depth-first search over single jumps, remembering every position proven
 * dead (up to the symmetries that keep the goal), so no position is searched
 * twice; the jumps found are then grouped into moves (consecutive jumps of one
 * peg). Two jump orders (the board's reading order, and landing holes near
 * the centre first) take turns under doubling budgets, sharing the dead
 * positions: the first suits the English central game (milliseconds), the
 * second the French board (c1: seconds instead of most of a minute).
 *
 * "moves": fewest moves, proven. Breadth-first search by moves over positions
 * up to symmetry (peg_count.c): every position reachable in k moves is listed
 * before any in k + 1, so the first level holding a goal is the minimum, and
 * a solution of that length is traced back through the levels. On the English
 * central game it proves 18 (Bergholt's count; Beasley's proof). */
#include "peg_internal.h"
#include "ariadne/run.h"
#include "ariadne/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIT(h) ((uint64_t)1 << (h))

/* --- dfs ----------------------------------------------------------------- */

typedef struct jump { uint64_t from, over, to; unsigned char f, t; } jump;

typedef struct dfs {
    const ar_instance *in;
    ar_run *run;
    jump jumps[PEG_MAX_HOLES * 4];
    unsigned njumps, nsym;
    unsigned char syms[PEG_MAX_SYM];
    uint64_t *dead; /* open addressing set of canonical dead positions; 0 = free */
    size_t cap, count;
    unsigned path[PEG_MAX_HOLES];
    ar_error *err;
    int failed;
    uint64_t budget_end;   /* expansions at which this try gives up */
    jump orders[2][PEG_MAX_HOLES * 4]; /* the board's order, and centre first */
} dfs;

static size_t slot_of(uint64_t key, size_t mask)
{
    key ^= key >> 31;
    key *= 0x9E3779B97F4A7C15ull;
    return (size_t)(key >> 20) & mask;
}

static int dead_has(const dfs *S, uint64_t key)
{
    size_t i = slot_of(key, S->cap - 1);
    while (S->dead[i]) {
        if (S->dead[i] == key)
            return 1;
        i = (i + 1) & (S->cap - 1);
    }
    return 0;
}

static void dead_add(dfs *S, uint64_t key)
{
    size_t i;
    if ((S->count + 1) * 4 > S->cap * 3) {
        size_t old = S->cap, k;
        uint64_t *was = S->dead, *now = ar_mem_alloc(&S->run->mem, old * 2 * 8, 1, "the dead-position table", S->err);
        if (!now) {
            S->failed = 1;
            return;
        }
        S->dead = now, S->cap = old * 2;
        for (k = 0; k < old; k++)
            if (was[k]) {
                i = slot_of(was[k], S->cap - 1);
                while (S->dead[i])
                    i = (i + 1) & (S->cap - 1);
                S->dead[i] = was[k];
            }
        ar_mem_free(&S->run->mem, was, old * 8);
    }
    i = slot_of(key, S->cap - 1);
    while (S->dead[i])
        i = (i + 1) & (S->cap - 1);
    S->dead[i] = key;
    S->count++;
}

/* 1: solved (path[0..depth) holds the jumps), 0: dead, -1: stopped, -2:
 * over this try's budget (nothing is marked dead then). */
static int dfs_search(dfs *S, uint64_t pos, unsigned depth)
{
    unsigned k;
    uint64_t key;
    if (ar_peg_is_goal(S->in, pos))
        return 1;
    if (!(pos & (pos - 1)))
        return 0;
    key = ar_peg_canon(&S->in->b, S->syms, S->nsym, pos);
    if (dead_has(S, key))
        return 0;
    S->run->res->expanded++;
    if (ar_run_should_stop(S->run))
        return -1;
    if (S->run->res->expanded >= S->budget_end)
        return -2;
    for (k = 0; k < S->njumps; k++) {
        const jump *j = &S->jumps[k];
        int r;
        if (!(pos & j->from) || !(pos & j->over) || (pos & j->to))
            continue;
        S->run->res->generated++;
        S->path[depth] = k;
        r = dfs_search(S, pos ^ j->from ^ j->over ^ j->to, depth + 1);
        if (r)
            return r;
    }
    dead_add(S, key);
    return S->failed ? -1 : 0;
}

/* Groups jumps into moves: a jump starting where the last one landed
 * continues the same peg's chain. */
static unsigned to_moves(const dfs *S, unsigned jumps, ar_move *moves)
{
    const peg_board *b = &S->in->b;
    unsigned char dirs[PEG_MAX_CHAIN];
    unsigned i = 0, n = 0;
    while (i < jumps) {
        const jump *j = &S->jumps[S->path[i]];
        unsigned start = j->f, len = 0, at = j->f, d;
        while (i < jumps && len < PEG_MAX_CHAIN && S->jumps[S->path[i]].f == at) {
            j = &S->jumps[S->path[i]];
            for (d = 0; d < 4; d++)
                if (b->to[at][d] == j->t)
                    dirs[len] = (unsigned char)d;
            len++, at = j->t, i++;
        }
        moves[n++] = ar_peg_pack(start, dirs, len);
    }
    return n;
}

/* Jumps into holes near the centre of the board first (a stable insertion
 * sort by the landing hole's distance from the centre): pegs gathered in the
 * middle stay able to jump each other, and the search meets a solution
 * sooner. */
static unsigned centre_distance(const peg_board *b, unsigned h)
{
    int dr = 2 * b->row[h] - ((int)b->rows - 1), dc = 2 * b->col[h] - ((int)b->cols - 1);
    return (unsigned)(dr * dr + dc * dc);
}

static void order_jumps(dfs *S)
{
    unsigned i, k;
    for (i = 1; i < S->njumps; i++) {
        jump j = S->jumps[i];
        unsigned d = centre_distance(&S->in->b, j.t);
        for (k = i; k > 0 && centre_distance(&S->in->b, S->jumps[k - 1].t) > d; k--)
            S->jumps[k] = S->jumps[k - 1];
        S->jumps[k] = j;
    }
}

static ar_status peg_dfs(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                         ar_result *result, ar_error *err)
{
    dfs S;
    ar_run run;
    unsigned h, d, n;
    int r = -1;
    ar_status st = AR_OK;
    (void)sink;
    memset(&S, 0, sizeof S);
    ar_run_begin(&run, opts, result);
    run.phase = "depth-first";
    S.in = in, S.run = &run, S.err = err;
    for (h = 0; h < in->b.holes; h++)
        for (d = 0; d < 4; d++)
            if (in->b.to[h][d] >= 0) {
                jump *j = &S.jumps[S.njumps++];
                j->f = (unsigned char)h, j->t = (unsigned char)in->b.to[h][d];
                j->from = BIT(h), j->over = BIT(in->b.over[h][d]), j->to = BIT(j->t);
            }
    memcpy(S.orders[0], S.jumps, sizeof S.jumps);
    order_jumps(&S);
    memcpy(S.orders[1], S.jumps, sizeof S.jumps);
    S.nsym = ar_peg_stabiliser(&in->b, 0, in->finish, S.syms);
    S.cap = 1024;
    if (!(S.dead = ar_mem_alloc(&run.mem, S.cap * 8, 1, "the dead-position table", err)))
        st = AR_ERR_MEMORY;
    /* Tries alternate between the two jump orders with budgets that double
     * every second try; the dead positions found carry over (dead is dead in
     * any order), so no work is lost and the search stays complete. */
    if (st == AR_OK) {
        unsigned t;
        r = -2;
        for (t = 0; r == -2; t++) {
            uint64_t budget = t / 2 < 40 ? (uint64_t)20000 << (t / 2) : UINT64_MAX;
            memcpy(S.jumps, S.orders[t % 2], sizeof S.jumps);
            S.budget_end = budget > UINT64_MAX - run.res->expanded ? UINT64_MAX : run.res->expanded + budget;
            r = dfs_search(&S, in->start, 0);
        }
    }
    if (r == 1) {
        ar_move moves[PEG_MAX_HOLES];
        unsigned jumps = (unsigned)__builtin_popcountll(in->start) - 1;
        n = to_moves(&S, jumps, moves);
        st = ar_run_set_solution(&run, moves, n, n, err);
        snprintf(result->note, sizeof result->note,
                 "one peg left in %u jumps grouped into %u moves (fewest moves not sought: --algo moves)", jumps, n);
    } else if (r == 0) {
        result->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(result->note, sizeof result->note, "every reachable position was searched: no solution");
    } else if (S.failed) {
        ar_run_stop(&run, AR_STOP_MEMORY);
        ar_error_clear(err);
    }
    if (S.dead)
        ar_mem_free(&run.mem, S.dead, S.cap * 8);
    result->peak_bytes = run.mem.peak;
    ar_run_finish(&run);
    return st == AR_ERR_MEMORY ? ar_run_memory_stop(&run, st) : st;
}

/* --- moves ---------------------------------------------------------------- */

static ar_status peg_fewest(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                            ar_result *result, ar_error *err)
{
    ar_run run;
    peg_bfs out;
    ar_move moves[PEG_MAX_HOLES];
    ar_status st;
    (void)sink;
    ar_run_begin(&run, opts, result);
    run.phase = "moves";
    st = ar_peg_bfs(in, &run, 1, &out, moves, err);
    if (st == AR_OK && run.stop == AR_STOP_NONE) {
        if (out.goal_level >= 0) {
            st = ar_run_set_solution(&run, moves, (uint64_t)out.goal_level, (uint64_t)out.goal_level, err);
            result->optimal = 1;
            ar_run_lower_bound(&run, (uint64_t)out.goal_level);
            snprintf(result->note, sizeof result->note,
                     "optimal: breadth-first by moves, every position within %d moves searched (%llu up to symmetry)",
                     out.goal_level - 1, (unsigned long long)out.total);
        } else {
            result->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(result->note, sizeof result->note,
                     "every reachable position was searched (%llu up to symmetry): no solution",
                     (unsigned long long)out.total);
        }
    } else if (st == AR_OK) {
        /* levels 0 .. out.levels - 1 were complete and held no goal */
        ar_run_lower_bound(&run, out.levels);
        snprintf(result->note, sizeof result->note, "stopped: no solution within %u moves",
                 out.levels ? out.levels - 1 : 0);
    }
    result->peak_bytes = run.mem.peak;
    ar_run_finish(&run);
    return ar_run_memory_stop(&run, st);
}

const ar_domain_solver ar_peg_solvers[] = {
    {.name = "dfs",
     .summary = "one peg left: depth-first over jumps with a table of dead positions (fast, moves not fewest)",
     .run = peg_dfs},
    {.name = "moves",
     .summary = "fewest moves, proven: breadth-first search by moves up to symmetry",
     .run = peg_fewest},
    {.name = NULL}};
