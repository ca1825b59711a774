/* depthfirst.c — the depth-first family: DFS/backtracking with a depth bound,
 * iterative deepening (IDDFS), IDA* and anytime depth-first branch and bound.
 *
 * All four run one explicit-stack engine (no recursion, so deep searches cannot
 * overflow the C stack). Two ways to hold the current state:
 *  - in place: one state, changed by apply() and restored by undo(), the
 *    cheapest way and the one IDA* uses when the domain offers undo;
 *  - copies: one state per ply, used when the domain has no undo, or when the
 *    algorithm checks the current path for repeated states (DFS, IDDFS and
 *    B&B must, or they could walk a cycle for ever).
 * Every algorithm also skips a move that is the inverse of the move that led
 * to the current state (when the domain provides inverse()).
 *
 * A node is cut when f = g + h exceeds the bound (IDA*, B&B) or its depth
 * reaches the depth limit; the engine remembers whether anything was cut, so
 * an iteration that cut nothing proves that no solution exists. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct frame {
    unsigned count;   /* legal moves at this ply */
    unsigned next;    /* index of the next move to try */
    ar_move in;       /* the move that led here */
    uint64_t g;
    uint64_t hash;    /* for the path check */
} frame;

typedef struct dfs {
    ar_run *run;
    int copies;        /* one state per ply (else in-place apply/undo) */
    int path_check;
    int order_by_h;    /* try children with smaller g+h first (B&B) */
    int anytime;       /* keep going after a solution, with a tighter bound */
    unsigned depth_limit; /* 0: none */
    uint64_t bound;    /* cut nodes with f > bound */
    /* per-ply buffers, grown on demand */
    unsigned cap;      /* plies the buffers hold */
    frame *frames;
    ar_move *moves;    /* cap * max_moves */
    unsigned char *states; /* copies: (cap) * state_size; in place: one state */
    unsigned char *scratch;
    uint64_t *scratch_f;
    /* results of one pass */
    uint64_t next_bound;
    int f_cut, depth_cut, found;
    ar_move *best;
    uint64_t best_len, best_cost, best_cap;
    /* Transposition table: the least g (B&B) or depth (DFS, IDDFS) at which
     * each state was searched in this pass. */
    int use_tt;
    int tt_by_depth;
    ar_state_store tt;
    uint32_t *tt_g;
    uint32_t tt_cap;
    int tt_on;
} dfs;

static unsigned char *state_at(dfs *d, unsigned ply)
{
    return d->copies ? d->states + (size_t)ply * d->run->state_size : d->states;
}

static ar_status ensure_plies(dfs *d, unsigned plies, ar_error *err)
{
    ar_run *run = d->run;
    unsigned cap = d->cap ? d->cap : 64;
    frame *f;
    ar_move *m;
    if (plies <= d->cap)
        return AR_OK;
    while (cap < plies)
        cap *= 2;
    f = realloc(d->frames, sizeof *f * cap);
    if (!f)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the search stack");
    d->frames = f;
    m = realloc(d->moves, sizeof *m * (size_t)cap * (run->max_moves + 1u));
    if (!m)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the search stack");
    d->moves = m;
    if (d->copies || !d->states) {
        unsigned char *s = realloc(d->states, run->state_size * (d->copies ? cap : 1u));
        if (!s)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the search stack");
        d->states = s;
    }
    d->cap = cap;
    return AR_OK;
}

static ar_status record_solution(dfs *d, unsigned ply, ar_move last, uint64_t cost, ar_error *err)
{
    uint64_t len = (uint64_t)ply + 1, i;
    if (len > d->best_cap) {
        ar_move *b = realloc(d->best, sizeof *b * (size_t)len);
        if (!b)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing a solution");
        d->best = b;
        d->best_cap = len;
    }
    for (i = 1; i <= ply; i++)
        d->best[i - 1] = d->frames[i].in;
    d->best[ply] = last;
    d->best_len = len;
    d->best_cost = cost;
    d->found = 1;
    return AR_OK;
}

static int on_path(dfs *d, unsigned ply, const unsigned char *child, uint64_t hash)
{
    unsigned i;
    for (i = 0; i <= ply; i++)
        if (d->frames[i].hash == hash &&
            memcmp(state_at(d, i), child, d->run->state_size) == 0)
            return 1;
    return 0;
}

/* Returns 1 when `state` was already searched in this pass at a cost (or
 * depth) <= g. Pruning it then loses nothing: the earlier visit searched the
 * same subtree with at least as much budget left (the B&B bound only ever
 * tightens, and a depth limit is fixed within a pass). This is what keeps DFS
 * and IDDFS linear in the number of states instead of exponential in paths. */
static int tt_prune(dfs *d, const unsigned char *state, uint64_t hash, uint64_t g)
{
    uint32_t id;
    int fresh;
    ar_error ignored;
    if (!d->tt_on)
        return 0;
    if (ar_store_insert(&d->tt, state, hash, &id, &fresh, &ignored) != AR_OK ||
        ar_run_grow(d->run, (void **)&d->tt_g, sizeof *d->tt_g, &d->tt_cap, d->tt.count,
                    "transposition table", &ignored) != AR_OK) {
        d->tt_on = 0; /* full: carry on without it (the path check keeps us finite) */
        return 0;
    }
    if (!fresh && d->tt_g[id] <= g)
        return 1;
    d->tt_g[id] = (uint32_t)(g < UINT32_MAX ? g : UINT32_MAX);
    return 0;
}

/* Generates the moves of the state at `ply` into its frame, ordered by f when
 * asked (insertion sort: branching factors are small). */
static void generate(dfs *d, unsigned ply)
{
    ar_run *run = d->run;
    frame *fr = &d->frames[ply];
    ar_move *mv = d->moves + (size_t)ply * (run->max_moves + 1u);
    unsigned i, j;
    fr->count = run->p->legal_moves(run->inst, state_at(d, ply), mv);
    fr->next = 0;
    if (!d->order_by_h || fr->count < 2)
        return;
    for (i = 0; i < fr->count; i++) {
        memcpy(d->scratch, state_at(d, ply), run->state_size);
        run->p->apply(run->inst, d->scratch, mv[i]);
        d->scratch_f[i] = ar_puzzle_move_cost(run->p, run->inst, mv[i]) + ar_run_h(run, d->scratch);
    }
    for (i = 1; i < fr->count; i++) {
        uint64_t f = d->scratch_f[i];
        ar_move m = mv[i];
        for (j = i; j > 0 && d->scratch_f[j - 1] > f; j--) {
            d->scratch_f[j] = d->scratch_f[j - 1];
            mv[j] = mv[j - 1];
        }
        d->scratch_f[j] = f;
        mv[j] = m;
    }
}

/* The bound a trace point reports: IDA*'s threshold (B&B's incumbent), else
 * IDDFS's depth limit. */
static uint64_t trace_bound(const dfs *d)
{
    return d->bound != UINT64_MAX ? d->bound : d->depth_limit;
}

/* One depth-first pass from the start under d->bound and d->depth_limit.
 * Returns AR_OK (see d->found, d->run->stop) or an error. */
static ar_status dfs_pass(dfs *d, ar_error *err)
{
    ar_run *run = d->run;
    const ar_puzzle *p = run->p;
    ar_instance *inst = run->inst;
    size_t ss = run->state_size;
    unsigned ply = 0;
    ar_status st;

    d->next_bound = UINT64_MAX;
    d->f_cut = d->depth_cut = 0;
    if (d->use_tt) {
        ar_error ignored;
        if (d->tt.slots)
            ar_store_free(&d->tt);
        ar_mem_free(&run->mem, d->tt_g, (size_t)d->tt_cap * sizeof *d->tt_g);
        d->tt_g = NULL;
        d->tt_cap = 0;
        /* Without room for a table the path check alone keeps the search finite. */
        d->tt_on = ar_store_init(&d->tt, ss, ar_run_hash, run, &run->mem, &ignored) == AR_OK;
    }
    st = ensure_plies(d, 2, err);
    if (st != AR_OK)
        return st;
    p->initial_state(inst, state_at(d, 0));
    d->frames[0].in = AR_NO_MOVE;
    d->frames[0].g = 0;
    d->frames[0].hash = ar_run_hash(run, state_at(d, 0));
    if (p->is_goal(inst, state_at(d, 0))) {
        d->found = 1;
        d->best_len = 0;
        d->best_cost = 0;
        return AR_OK;
    }
    if (d->tt_on)
        tt_prune(d, state_at(d, 0), d->frames[0].hash, 0);
    run->res->expanded++;
    ar_run_trace_node(run, state_at(d, 0), 0, 0, trace_bound(d), 0);
    generate(d, 0);

    for (;;) {
        frame *fr = &d->frames[ply];
        ar_move m;
        unsigned char *child;
        uint64_t g, f, hash;
        ar_move inv;

        if (fr->next == fr->count) {
            if (ply == 0)
                return AR_OK;
            if (!d->copies)
                p->undo(inst, state_at(d, 0), fr->in);
            ply--;
            continue;
        }
        m = d->moves[(size_t)ply * (run->max_moves + 1u) + fr->next++];
        if (fr->in != AR_NO_MOVE && p->inverse) {
            inv = p->inverse(inst, fr->in);
            if (inv == m)
                continue;
        }
        st = ensure_plies(d, ply + 2, err);
        if (st != AR_OK)
            return st;
        fr = &d->frames[ply];
        if (d->copies) {
            child = state_at(d, ply + 1);
            memcpy(child, state_at(d, ply), ss);
        } else {
            child = state_at(d, 0);
        }
        p->apply(inst, child, m);
        run->res->generated++;
        g = fr->g + ar_puzzle_move_cost(p, inst, m);
        f = g + ar_run_h(run, child);
        if (f > d->bound) {
            d->f_cut = 1;
            if (f < d->next_bound)
                d->next_bound = f;
            if (!d->copies)
                p->undo(inst, child, m);
            continue;
        }
        if (p->is_goal(inst, child)) {
            st = record_solution(d, ply, m, g, err);
            if (st != AR_OK)
                return st;
            if (!d->anytime)
                return AR_OK;
            d->bound = g - 1; /* from now on only strictly cheaper solutions count */
            {
                ar_result snapshot = *run->res;
                snapshot.moves = d->best;
                snapshot.length = d->best_len;
                snapshot.cost = d->best_cost;
                snapshot.outcome = AR_OUTCOME_SOLVED;
                if (run->opts->on_improvement)
                    run->opts->on_improvement(run->opts->on_improvement_ctx, &snapshot);
            }
            if (!d->copies)
                p->undo(inst, child, m);
            continue;
        }
        if (d->depth_limit && ply + 1 >= d->depth_limit) {
            d->depth_cut = 1;
            if (!d->copies)
                p->undo(inst, child, m);
            continue;
        }
        hash = (d->path_check || d->tt_on) ? ar_run_hash(run, child) : 0;
        if ((d->path_check && on_path(d, ply, child, hash)) ||
            tt_prune(d, child, hash, d->tt_by_depth ? (uint64_t)ply + 1 : g)) {
            if (!d->copies)
                p->undo(inst, child, m);
            continue;
        }
        if (ar_run_should_stop(run)) {
            if (!d->copies)
                p->undo(inst, child, m);
            return AR_OK;
        }
        run->res->expanded++;
        ply++;
        d->frames[ply].in = m;
        d->frames[ply].g = g;
        d->frames[ply].hash = hash;
        ar_run_trace_node(run, d->copies ? state_at(d, ply) : state_at(d, 0), g, ply, trace_bound(d), ply);
        generate(d, ply);
    }
}

static ar_status dfs_init(dfs *d, ar_run *run, int path_check, ar_error *err)
{
    memset(d, 0, sizeof *d);
    d->run = run;
    d->path_check = path_check;
    d->copies = path_check || !run->p->undo;
    d->bound = UINT64_MAX;
    d->scratch = malloc(run->state_size);
    d->scratch_f = malloc(sizeof *d->scratch_f * (run->max_moves + 1u));
    if (!d->scratch || !d->scratch_f)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the search stack");
    return AR_OK;
}

static void dfs_free(dfs *d)
{
    free(d->frames);
    free(d->moves);
    free(d->states);
    free(d->scratch);
    free(d->scratch_f);
    free(d->best);
    if (d->tt.slots)
        ar_store_free(&d->tt);
    ar_mem_free(&d->run->mem, d->tt_g, (size_t)d->tt_cap * sizeof *d->tt_g);
}

static ar_status finish(dfs *d, ar_status st, ar_error *err)
{
    ar_run *run = d->run;
    ar_result *res = run->res;
    if (st == AR_OK && d->found && !d->anytime)
        st = ar_run_set_solution(run, d->best, d->best_len, d->best_cost, err);
    if (st == AR_ERR_MEMORY) {
        st = AR_OK;
        run->stop = AR_STOP_MEMORY;
    }
    if (st == AR_OK && run->stop != AR_STOP_NONE && !(d->found && !d->anytime)) {
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = run->stop;
    }
    res->peak_bytes = run->mem.peak + (size_t)d->cap * (sizeof(frame) + (run->max_moves + 1u) * sizeof(ar_move) +
                                                        (d->copies ? run->state_size : 0));
    dfs_free(d);
    return st;
}

ar_status ar_algo_dfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err)
{
    ar_run run;
    dfs d;
    ar_status st;
    (void)h;
    ar_run_init(&run, p, inst, NULL, opts, res);
    st = dfs_init(&d, &run, 1, err);
    if (st == AR_OK) {
        d.depth_limit = opts->depth_limit;
        d.use_tt = d.tt_by_depth = 1;
        st = dfs_pass(&d, err);
        if (st == AR_OK && !d.found && run.stop == AR_STOP_NONE) {
            if (d.depth_cut) {
                res->outcome = AR_OUTCOME_STOPPED;
                res->stop = AR_STOP_DEPTH;
                snprintf(res->note, sizeof res->note, "no solution within depth %u (--depth-limit)",
                         d.depth_limit);
            } else {
                res->outcome = AR_OUTCOME_NO_SOLUTION;
            }
        }
    }
    return finish(&d, st, err);
}

ar_status ar_algo_iddfs(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                        const ar_search_options *opts, ar_result *res, ar_error *err)
{
    ar_run run;
    dfs d;
    ar_status st;
    unsigned limit;
    char phase[48];
    (void)h;
    ar_run_init(&run, p, inst, NULL, opts, res);
    st = dfs_init(&d, &run, 1, err);
    d.use_tt = d.tt_by_depth = 1;
    res->has_lower_bound = 1;
    for (limit = 1; st == AR_OK; limit++) {
        d.depth_limit = limit;
        snprintf(phase, sizeof phase, "depth limit %u", limit);
        ar_run_trace_event(&run, "iteration", limit);
        run.phase = phase;
        st = dfs_pass(&d, err);
        if (st != AR_OK || d.found || run.stop != AR_STOP_NONE)
            break;
        res->lower_bound = limit + 1u; /* every path of <= limit moves was tried */
        if (!d.depth_cut) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            break;
        }
        if (opts->depth_limit && limit >= opts->depth_limit) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = AR_STOP_DEPTH;
            break;
        }
    }
    if (d.found)
        res->lower_bound = d.best_len;
    return finish(&d, st, err);
}

ar_status ar_algo_idastar(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                          const ar_search_options *opts, ar_result *res, ar_error *err)
{
    ar_run run;
    dfs d;
    ar_status st;
    char phase[48];
    int admissible = h && (h->flags & AR_HEURISTIC_ADMISSIBLE);
    int any_depth_cut = 0;
    ar_run_init(&run, p, inst, h, opts, res);
    st = dfs_init(&d, &run, 0, err);
    if (st == AR_OK) {
        unsigned char *s = malloc(run.state_size);
        if (!s)
            st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        else {
            p->initial_state(inst, s);
            d.bound = ar_run_h(&run, s);
            free(s);
        }
    }
    d.depth_limit = opts->depth_limit;
    while (st == AR_OK) {
        if (admissible || !h) {
            res->has_lower_bound = 1;
            res->lower_bound = d.bound;
        }
        snprintf(phase, sizeof phase, "bound %llu", (unsigned long long)d.bound);
        run.phase = phase;
        ar_run_trace_event(&run, "iteration", d.bound);
        st = dfs_pass(&d, err);
        any_depth_cut |= d.depth_cut;
        if (st != AR_OK || d.found || run.stop != AR_STOP_NONE)
            break;
        if (!d.f_cut) {
            if (d.depth_cut) {
                res->outcome = AR_OUTCOME_STOPPED;
                res->stop = AR_STOP_DEPTH;
            } else {
                res->outcome = AR_OUTCOME_NO_SOLUTION;
            }
            break;
        }
        d.bound = d.next_bound;
    }
    if (d.found && any_depth_cut)
        snprintf(res->note, sizeof res->note,
                 "not proven optimal: --depth-limit %u cut the search", opts->depth_limit);
    return finish(&d, st, err);
}

ar_status ar_algo_bnb(const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                      const ar_search_options *opts, ar_result *res, ar_error *err)
{
    ar_run run;
    dfs d;
    ar_status st;
    int admissible = !h || (h->flags & AR_HEURISTIC_ADMISSIBLE);
    ar_run_init(&run, p, inst, h, opts, res);
    st = dfs_init(&d, &run, 1, err);
    if (st == AR_OK) {
        d.order_by_h = 1;
        d.anytime = 1;
        d.use_tt = 1;
        d.depth_limit = opts->depth_limit;
        {
            unsigned char *s = malloc(run.state_size);
            if (s) {
                p->initial_state(inst, s);
                if (admissible) {
                    res->has_lower_bound = 1;
                    res->lower_bound = ar_run_h(&run, s);
                }
                free(s);
            }
        }
        run.phase = "branch and bound";
        st = dfs_pass(&d, err);
    }
    if (st == AR_OK && d.found) {
        st = ar_run_set_solution(&run, d.best, d.best_len, d.best_cost, err);
        if (st == AR_OK && run.stop == AR_STOP_NONE && !d.depth_cut && admissible) {
            res->optimal = 1;
            snprintf(res->note, sizeof res->note,
                     "optimal: branch and bound exhausted every cheaper path%s%s",
                     h ? " with admissible heuristic " : "", h ? h->name : "");
        } else if (st == AR_OK && run.stop != AR_STOP_NONE) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = run.stop;
            snprintf(res->note, sizeof res->note,
                     "stopped by %s: best solution found so far, not proven optimal",
                     ar_stop_reason_name(run.stop));
        } else if (st == AR_OK) {
            snprintf(res->note, sizeof res->note, "not proven optimal: %s",
                     d.depth_cut ? "the depth limit cut the search" : "heuristic not admissible");
        }
    } else if (st == AR_OK && run.stop == AR_STOP_NONE) {
        if (d.depth_cut) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = AR_STOP_DEPTH;
        } else {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
        }
    }
    if (st == AR_OK && d.found && res->optimal) {
        res->has_lower_bound = 1;
        res->lower_bound = d.best_cost;
    }
    d.found = 0; /* the solution is already in the result */
    return finish(&d, st, err);
}
