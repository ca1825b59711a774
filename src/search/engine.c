/* engine.c — ar_solve(): chooses the algorithm and heuristic, runs the
 * domain's solvability check, applies the limits model and fills in the parts
 * of the result every algorithm shares (time, peak memory, optimality note).
 * Also the table of generic algorithms and the run-context helpers. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

static const ar_algorithm algorithms[] = {
    {"astar", "A*: best-first on f = g + h; optimal with an admissible heuristic",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_astar},
    {"idastar", "IDA*: iterative-deepening A*, memory linear in depth; optimal with an admissible heuristic",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_OPTIMAL, ar_algo_idastar},
    {"bfs", "breadth-first search with duplicate detection; fewest moves",
     AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_bfs},
    {"ucs", "uniform-cost search (Dijkstra): best-first on g; least cost",
     AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_ucs},
    {"wastar", "weighted A*: f = g + w*h (--weight, default 2); cost at most w times optimal",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_COMPLETE, ar_algo_wastar},
    {"greedy", "greedy best-first on h alone; fast, no quality bound",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_COMPLETE, ar_algo_greedy},
    {"iddfs", "iterative-deepening depth-first search; fewest moves, memory linear in depth",
     AR_ALGO_OPTIMAL | AR_ALGO_COMPLETE, ar_algo_iddfs},
    {"dfs", "depth-first backtracking (--depth-limit D); first solution found",
     AR_ALGO_COMPLETE, ar_algo_dfs},
    {"beam", "beam search: breadth-first keeping the best --beam-width states per level",
     AR_ALGO_USES_HEURISTIC, ar_algo_beam},
    {"bnb", "anytime depth-first branch and bound: improving solutions until proven optimal",
     AR_ALGO_USES_HEURISTIC | AR_ALGO_OPTIMAL | AR_ALGO_ANYTIME | AR_ALGO_COMPLETE, ar_algo_bnb},
    {NULL, NULL, 0, NULL}};

const ar_algorithm *ar_algorithms(void) { return algorithms; }

const ar_algorithm *ar_algorithm_find(const char *name)
{
    const ar_algorithm *a;
    if (!name)
        return NULL;
    for (a = algorithms; a->name; a++)
        if (strcmp(a->name, name) == 0)
            return a;
    return NULL;
}

void ar_search_options_init(ar_search_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->weight = 2.0;
    opts->beam_width = 1000;
}

void ar_result_init(ar_result *result) { memset(result, 0, sizeof *result); }

void ar_result_free(ar_result *result)
{
    free(result->moves);
    result->moves = NULL;
}

const char *ar_outcome_name(ar_outcome outcome)
{
    switch (outcome) {
    case AR_OUTCOME_SOLVED: return "solved";
    case AR_OUTCOME_NO_SOLUTION: return "no_solution";
    case AR_OUTCOME_STOPPED: return "limit";
    }
    return "limit";
}

const char *ar_stop_reason_name(ar_stop_reason reason)
{
    switch (reason) {
    case AR_STOP_NONE: return "none";
    case AR_STOP_TIME: return "time limit";
    case AR_STOP_MEMORY: return "memory limit";
    case AR_STOP_NODES: return "node limit";
    case AR_STOP_INTERRUPT: return "interrupt (Ctrl-C)";
    case AR_STOP_DEPTH: return "depth limit";
    case AR_STOP_BEAM: return "beam width (states were dropped)";
    }
    return "unknown";
}

/* --- run context --- */

void ar_run_init(ar_run *run, const ar_puzzle *p, ar_instance *inst, const ar_heuristic *h,
                 const ar_search_options *opts, ar_result *res)
{
    memset(run, 0, sizeof *run);
    run->p = p;
    run->inst = inst;
    run->h = h;
    run->opts = opts;
    run->res = res;
    ar_mem_init(&run->mem, opts->limits.memory_limit);
    run->state_size = p->state_size(inst);
    run->max_moves = p->max_moves(inst);
    run->start = ar_now();
    run->next_check = 0;
}

int ar_run_should_stop(ar_run *run)
{
    const ar_limits *lim = &run->opts->limits;
    ar_result *res = run->res;
    if (run->stop != AR_STOP_NONE)
        return 1;
    if (lim->node_limit && res->expanded >= lim->node_limit) {
        run->stop = AR_STOP_NODES;
        return 1;
    }
    if (res->expanded < run->next_check)
        return 0;
    run->next_check = res->expanded + 1024;
    if (lim->interrupt && *lim->interrupt) {
        run->stop = AR_STOP_INTERRUPT;
        return 1;
    }
    if (lim->time_limit > 0 || run->opts->progress) {
        double now = ar_now();
        if (lim->time_limit > 0 && now - run->start >= lim->time_limit) {
            run->stop = AR_STOP_TIME;
            return 1;
        }
        if (run->opts->progress) {
            char mem[32];
            snprintf(run->detail, sizeof run->detail, "%s%sgenerated %llu, memory %s",
                     run->phase ? run->phase : "", run->phase ? ", " : "",
                     (unsigned long long)res->generated,
                     ar_format_bytes(run->mem.used, mem, sizeof mem));
            ar_progress_update(run->opts->progress, res->expanded, run->progress_total, "nodes",
                               run->detail);
        }
    }
    return 0;
}

uint64_t ar_run_hash(const void *ctx, const void *state)
{
    const ar_run *run = ctx;
    return ar_puzzle_hash(run->p, run->inst, state);
}

ar_status ar_run_set_solution(ar_run *run, const ar_move *moves, uint64_t length, uint64_t cost,
                              ar_error *err)
{
    ar_result *res = run->res;
    ar_move *copy = malloc(sizeof *copy * (size_t)(length ? length : 1));
    if (!copy)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing a solution of %llu moves",
                            (unsigned long long)length);
    if (length)
        memcpy(copy, moves, sizeof *copy * (size_t)length);
    free(res->moves);
    res->moves = copy;
    res->length = length;
    res->cost = cost;
    res->outcome = AR_OUTCOME_SOLVED;
    return AR_OK;
}

ar_status ar_run_solution_from_links(ar_run *run, const uint32_t *parent, const ar_move *move,
                                     uint32_t goal, uint64_t cost, ar_error *err)
{
    uint64_t length = 0, i;
    uint32_t id;
    ar_move *moves;
    ar_status st;
    for (id = goal; parent[id] != UINT32_MAX; id = parent[id])
        length++;
    moves = malloc(sizeof *moves * (size_t)(length ? length : 1));
    if (!moves)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing the solution");
    i = length;
    for (id = goal; parent[id] != UINT32_MAX; id = parent[id])
        moves[--i] = move[id];
    st = ar_run_set_solution(run, moves, length, cost, err);
    free(moves);
    return st;
}

ar_status ar_run_memory_stop(ar_run *run, ar_status status)
{
    if (status == AR_ERR_MEMORY) {
        run->stop = AR_STOP_MEMORY;
        return AR_OK;
    }
    return status;
}

ar_status ar_run_grow(ar_run *run, void **array, size_t elem, uint32_t *cap, uint32_t need,
                      const char *what, ar_error *err)
{
    uint64_t want;
    void *p;
    if (need <= *cap)
        return AR_OK;
    want = *cap ? (uint64_t)*cap * 2 : 1024;
    while (want < need)
        want *= 2;
    if (want > 0xFFFFFFFFu)
        want = 0xFFFFFFFFu;
    p = ar_mem_realloc(&run->mem, *array, (size_t)*cap * elem, (size_t)want * elem, what, err);
    if (!p)
        return AR_ERR_MEMORY;
    *array = p;
    *cap = (uint32_t)want;
    return AR_OK;
}

ar_status ar_batch_init(ar_batch *b, const ar_run *run, ar_error *err)
{
    size_t slots = run->max_moves + 1u;
    b->state = malloc(run->state_size);
    b->moves = malloc(sizeof *b->moves * slots);
    b->costs = malloc(sizeof *b->costs * slots);
    b->children = malloc(run->state_size * slots);
    if (!b->state || !b->moves || !b->costs || !b->children) {
        ar_batch_free(b);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for successor buffers");
    }
    return AR_OK;
}

void ar_batch_free(ar_batch *b)
{
    free(b->state);
    free(b->moves);
    free(b->costs);
    free(b->children);
    memset(b, 0, sizeof *b);
}

/* --- ar_solve --- */

static void describe_optimality(ar_result *res, const ar_algorithm *algo, const ar_heuristic *h)
{
    if (res->outcome != AR_OUTCOME_SOLVED) {
        res->optimal = 0;
        return;
    }
    if (res->optimal || res->note[0])
        return; /* the algorithm has already said whether it is proven (B&B, a depth cut) */
    if (!(algo->flags & AR_ALGO_OPTIMAL)) {
        snprintf(res->note, sizeof res->note, "not proven optimal: %s does not guarantee optimality",
                 algo->name);
        return;
    }
    if ((algo->flags & AR_ALGO_USES_HEURISTIC) && h && !(h->flags & AR_HEURISTIC_ADMISSIBLE)) {
        snprintf(res->note, sizeof res->note,
                 "not proven optimal: heuristic '%s' is not admissible", h->name);
        return;
    }
    /* Fewest moves is least cost when the solution's moves all cost 1: every
     * move costs at least 1, so any other solution, having at least as many
     * moves, costs at least as much. */
    if ((strcmp(algo->name, "bfs") == 0 || strcmp(algo->name, "iddfs") == 0) &&
        res->cost != res->length) {
        snprintf(res->note, sizeof res->note,
                 "fewest moves, but not proven least cost: moves have different costs");
        return;
    }
    res->optimal = 1;
    snprintf(res->note, sizeof res->note, "optimal: proven by %s%s%s", algo->name,
             h && (algo->flags & AR_ALGO_USES_HEURISTIC) ? " with admissible heuristic " : "",
             h && (algo->flags & AR_ALGO_USES_HEURISTIC) ? h->name : "");
}

ar_status ar_solve(const ar_puzzle *p, ar_instance *inst, const ar_search_options *opts,
                   const ar_move_sink *sink, ar_result *result, ar_error *err)
{
    ar_search_options defaults;
    const char *algo_name;
    const ar_algorithm *algo;
    const ar_domain_solver *solver;
    const ar_heuristic *h = NULL;
    double start = ar_now();
    ar_status st;

    ar_result_init(result);
    if (!opts) {
        ar_search_options_init(&defaults);
        opts = &defaults;
    }
    algo_name = opts->algorithm;
    if (!algo_name && p->default_algorithm)
        algo_name = p->default_algorithm(inst);
    if (!algo_name)
        algo_name = "astar";
    solver = ar_puzzle_solver(p, algo_name);
    algo = solver ? NULL : ar_algorithm_find(algo_name);
    if (!solver && !algo)
        return ar_error_set(err, AR_ERR_INPUT,
                            "unknown algorithm '%s' for %s (see `ariadne list`)", algo_name, p->name);
    if (opts->weight < 1.0 && algo && strcmp(algo->name, "wastar") == 0)
        return ar_error_set(err, AR_ERR_INPUT, "--weight must be at least 1 (got %g)", opts->weight);

    if (p->check_solvable) {
        ar_error why;
        ar_error_clear(&why);
        st = p->check_solvable(inst, &why);
        if (st == AR_ERR_UNSOLVABLE) {
            result->algorithm = solver ? solver->name : algo->name;
            result->outcome = AR_OUTCOME_NO_SOLUTION;
            snprintf(result->note, sizeof result->note, "no solution: %.230s", why.message);
            result->seconds = ar_now() - start;
            return AR_OK;
        }
        if (st != AR_OK) {
            if (err)
                *err = why;
            return st;
        }
    }

    if (solver) {
        result->algorithm = solver->name;
        st = solver->run(inst, opts, sink, result, err);
        result->algorithm = solver->name;
        result->seconds = ar_now() - start;
        return st;
    }

    if (algo->flags & AR_ALGO_USES_HEURISTIC) {
        h = ar_puzzle_heuristic(p, opts->heuristic);
        if (opts->heuristic && !h)
            return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%s' for %s (see `ariadne list`)",
                                opts->heuristic, p->name);
    } else if (opts->heuristic && !ar_puzzle_heuristic(p, opts->heuristic)) {
        return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%s' for %s (see `ariadne list`)",
                            opts->heuristic, p->name);
    }
    if (h && h->prepare) {
        ar_mem mem;
        ar_mem_init(&mem, opts->limits.memory_limit);
        st = h->prepare(inst, &mem, err);
        if (st != AR_OK)
            return st;
    }
    result->algorithm = algo->name;
    result->heuristic = h ? h->name : NULL;
    st = algo->run(p, inst, h, opts, result, err);
    result->algorithm = algo->name;
    result->heuristic = h ? h->name : NULL;
    result->seconds = ar_now() - start;
    if (st != AR_OK)
        return st;
    describe_optimality(result, algo, h);
    if (result->outcome == AR_OUTCOME_SOLVED && result->optimal) {
        result->has_lower_bound = 1;
        result->lower_bound = result->cost;
    }
    if (result->outcome == AR_OUTCOME_STOPPED && !result->note[0])
        snprintf(result->note, sizeof result->note, "stopped by %s%s",
                 ar_stop_reason_name(result->stop),
                 result->moves ? ": best solution found so far, not proven optimal" : "");
    if (result->outcome == AR_OUTCOME_NO_SOLUTION && !result->note[0])
        snprintf(result->note, sizeof result->note,
                 "no solution: every reachable state was searched");
    return AR_OK;
}
