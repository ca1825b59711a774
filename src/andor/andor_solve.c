/* andor_solve.c — ar_andor_solve(), the one entry point of the AND-OR
 * searches: picks the algorithm and heuristic, runs it in the run context
 * (the limits, progress and best bound every search shares), and fills the
 * result: outcome, cost, whether it is proven cheapest and why, the solution
 * graph. */
#include "andor_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

static const ar_andor_algorithm algorithms[] = {
    {"aostar", "AO*: expands the best partial solution, revises costs upward with SOLVED and "
               "FUTILITY labels; cheapest with an admissible heuristic"},
    {"andor-dfs", "depth-first over the whole acyclic graph, each node's cheapest connector once "
                  "its subproblems are settled; cheapest, expands everything"},
    {NULL, NULL}};

const ar_andor_algorithm *ar_andor_algorithms(void) { return algorithms; }

void ar_andor_options_init(ar_andor_options *opts)
{
    memset(opts, 0, sizeof *opts);
    ar_search_options_init(&opts->search);
}

void ar_andor_result_free(ar_andor_result *res)
{
    free(res->solution.nodes);
    free(res->solution.steps);
    free(res->solution.children);
    memset(&res->solution, 0, sizeof res->solution);
    ar_result_free(&res->search);
}

static const ar_andor_heuristic *find_heuristic(const ar_andor_domain *d, const char *name)
{
    const ar_andor_heuristic *h;
    if (!d->heuristics || !d->heuristics[0].name)
        return NULL;
    if (!name)
        return &d->heuristics[0];
    for (h = d->heuristics; h->name; h++)
        if (strcmp(h->name, name) == 0)
            return h;
    return NULL;
}

/* root_bound: the heuristic's admissible estimate of the root (0 when none),
 * a lower bound that holds in the whole graph, left-out connectors included. */
static void describe(ar_andor_result *res, const ar_andor_heuristic *h, int dfs, uint64_t root_bound)
{
    ar_result *r = &res->search;
    char aside[96] = "";
    if (res->set_aside)
        snprintf(aside, sizeof aside, "%llu connector%s closing a cycle %s left out",
                 (unsigned long long)res->set_aside, res->set_aside == 1 ? "" : "s",
                 res->set_aside == 1 ? "was" : "were");
    if (res->set_aside) {
        /* Costs revised without the left-out connectors bound nothing in the
         * whole graph: only the root's estimate still does. */
        r->has_lower_bound = root_bound > 0;
        r->lower_bound = root_bound;
    }
    if (r->outcome == AR_OUTCOME_SOLVED) {
        if (res->set_aside && r->cost == root_bound) {
            r->optimal = 1;
            snprintf(r->note, sizeof r->note, "cheapest: the cost equals the lower bound of "
                     "heuristic %s (%s)", h->name, aside);
        } else if (res->set_aside)
            snprintf(r->note, sizeof r->note, "not proven cheapest: %s", aside);
        else if (!dfs && h && !(h->flags & AR_HEURISTIC_ADMISSIBLE))
            snprintf(r->note, sizeof r->note, "not proven cheapest: heuristic '%s' is not admissible",
                     h->name);
        else {
            r->optimal = 1;
            snprintf(r->note, sizeof r->note, "cheapest: proven by %s%s%s",
                     dfs ? "exhaustive depth-first search" : "AO*",
                     !dfs && h ? " with admissible heuristic " : "", !dfs && h ? h->name : "");
            r->has_lower_bound = 1;
            r->lower_bound = r->cost;
        }
    } else if (r->outcome == AR_OUTCOME_NO_SOLUTION && !r->note[0]) {
        snprintf(r->note, sizeof r->note,
                 "no solution: every way of reducing the problem meets an unsolvable subproblem%s%s",
                 res->set_aside ? "; " : "", aside);
    } else if (r->outcome == AR_OUTCOME_STOPPED) {
        snprintf(r->note, sizeof r->note, "stopped by %s before the problem was solved",
                 ar_stop_reason_name(r->stop));
    }
}

ar_status ar_andor_solve(const ar_andor_domain *d, ar_andor_problem *prob,
                         const ar_andor_options *opts, ar_andor_result *res, ar_error *err)
{
    ar_andor_options defaults;
    const char *algo;
    const ar_andor_heuristic *h = NULL;
    ar_run run;
    ar_ag_graph g;
    unsigned char *root_bytes;
    uint32_t root;
    int fresh, dfs;
    uint64_t root_bound = 0;
    double start = ar_now();
    ar_status st;

    memset(res, 0, sizeof *res);
    ar_result_init(&res->search);
    if (!opts) {
        ar_andor_options_init(&defaults);
        opts = &defaults;
    }
    algo = opts->search.algorithm ? opts->search.algorithm : "aostar";
    dfs = strcmp(algo, "andor-dfs") == 0;
    if (!dfs && strcmp(algo, "aostar") != 0)
        return ar_error_set(err, AR_ERR_INPUT,
                            "unknown algorithm '%s' for %s (aostar or andor-dfs)", algo, d->name);
    if (dfs && opts->search.heuristic)
        return ar_error_set(err, AR_ERR_INPUT,
                            "andor-dfs uses no heuristic (parameter heuristic %s does not apply)",
                            opts->search.heuristic);
    if (dfs && opts->futility)
        return ar_error_set(err, AR_ERR_INPUT,
                            "andor-dfs searches the whole graph (parameter futility applies to aostar)");
    if (!dfs) {
        h = find_heuristic(d, opts->search.heuristic);
        if (opts->search.heuristic && !h)
            return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%s' for %s (see `ariadne help %s`)",
                                opts->search.heuristic, d->name, d->name);
    }
    res->search.algorithm = dfs ? "andor-dfs" : "aostar";
    res->search.heuristic = h ? h->name : NULL;

    ar_run_begin(&run, &opts->search, &res->search);
    st = ar_ag_init(&g, d, prob, h, &run, err);
    root_bytes = st == AR_OK ? calloc(1, g.node_size) : NULL;
    if (st == AR_OK && !root_bytes)
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    if (st == AR_OK) {
        d->root(prob, root_bytes);
        st = ar_ag_add(&g, root_bytes, &root, &fresh, err);
        if (st == AR_OK && h && (h->flags & AR_HEURISTIC_ADMISSIBLE) && g.status[root] == AG_UNEXPANDED)
            root_bound = g.cost[root];
    }
    free(root_bytes);
    if (st == AR_OK)
        st = dfs ? ar_andor_dfs(&g, root, err) : ar_andor_aostar(&g, root, opts->futility, err);
    st = ar_run_memory_stop(&run, st);
    res->set_aside = g.set_aside;
    res->graph_nodes = g.store_ready ? g.store.count : 0;
    if (st == AR_OK && res->search.outcome == AR_OUTCOME_SOLVED) {
        res->search.cost = g.cost[root];
        st = ar_ag_extract(&g, root, &res->solution, err);
    }
    if (st == AR_OK && run.stop != AR_STOP_NONE && res->search.outcome == AR_OUTCOME_NONE) {
        res->search.outcome = AR_OUTCOME_STOPPED;
        res->search.stop = run.stop;
    }
    ar_run_finish(&run);
    ar_ag_free(&g);
    res->search.seconds = ar_now() - start;
    if (st != AR_OK) {
        ar_andor_result_free(res);
        return st;
    }
    describe(res, h, dfs, root_bound);
    return AR_OK;
}
