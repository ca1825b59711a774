/* bench_search.c — two generic benchmark suites:
 *
 *   bidirectional  search from one end (BFS, A*) against search from both
 *                  (bibfs, MM) on the instances data/bench/bidirectional.txt
 *                  lists: expansions summed per line, every length and cost
 *                  compared (a difference is reported and fails the suite);
 *   andor          every AND-OR domain's examples by AO* (each heuristic) and
 *                  by the exhaustive depth-first search: cost, proof, nodes.
 *
 * Node counts do not depend on the machine; the seconds do (BENCHMARKS.md
 * records the load beside them). Each run has a node budget; an instance that
 * exceeds it in any of the four searches is counted apart, not summed. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/andor.h"
#include "ariadne/timer.h"

enum { B_BFS, B_BIBFS, B_ASTAR, B_MM, B_ALGOS };
static const char *const b_algo[B_ALGOS] = {"bfs", "bibfs", "astar", "mm"};

typedef struct bline {
    const ar_puzzle *p;
    char options[160];
    ar_param params[12];
    size_t nparams;
    char *instance;          /* NULL: generate */
    unsigned count;
} bline;

/* One search; 1 solved (length and cost out), 0 no solution, -1 over budget or failed. */
static int run_one(const ar_puzzle *p, ar_instance *inst, const char *algo, uint64_t budget,
                   uint64_t *len, uint64_t *cost, uint64_t *nodes, double *secs)
{
    ar_search_options o;
    ar_result r;
    ar_error err;
    int out;
    ar_search_options_init(&o);
    o.algorithm = algo;
    o.limits.node_limit = budget;
    o.limits.interrupt = &ar_tool_interrupted;
    if (ar_solve(p, inst, &o, NULL, &r, &err) != AR_OK)
        return -1;
    *nodes = r.expanded;
    *secs = r.seconds;
    out = r.outcome == AR_OUTCOME_SOLVED ? 1 : r.outcome == AR_OUTCOME_NO_SOLUTION ? 0 : -1;
    *len = r.length;
    *cost = r.cost;
    ar_result_free(&r);
    return out;
}

static int parse_line(char *line, bline *b)
{
    char *dom = strtok(line, " \t"), *opts = strtok(NULL, " \t"), *rest = strtok(NULL, "");
    char *o;
    memset(b, 0, sizeof *b);
    if (!dom || !opts || !rest || !(b->p = ar_puzzle_find(dom)))
        return -1;
    snprintf(b->options, sizeof b->options, "%s", strcmp(opts, "-") ? opts : "");
    for (o = b->options; *o; o++)
        if (*o == ',')
            *o = ' ';
    {
        char *copy = strdup(b->options);
        b->nparams = copy ? ar_param_split(copy, b->params, 12) : 0;
        /* params point into copy, kept for the line's life (freed by the caller via params[0]) */
        if (!b->nparams)
            free(copy);
    }
    while (*rest == ' ')
        rest++;
    if (strncmp(rest, "generate ", 9) == 0) {
        b->count = (unsigned)strtoul(rest + 9, NULL, 10);
        return b->count ? 0 : -1;
    }
    b->instance = rest;
    b->count = 1;
    return 0;
}

int cli_bench_bidirectional(int quick)
{
    char path[1024], why[300], *text, *line, *next;
    uint64_t budget = quick ? 200000 : 20000000;
    int rc = 0;
    if (ar_data_path("bench/bidirectional.txt", path, sizeof path) != 0)
        return ar_tool_fail("bench bidirectional: %s", path);
    text = ar_read_file(path, why, sizeof why);
    if (!text)
        return ar_tool_fail("bench bidirectional: %s", why);
    printf("## Bidirectional search: nodes expanded, one direction against both\n\n"
           "Instances of data/bench/bidirectional.txt%s; lengths and costs of each pair compared; "
           "node budget %" PRIu64 " per search.\n\n",
           quick ? " (--quick: 2 per line)" : "", budget);
    puts("| domain | options / instance | solved | BFS nodes | bibfs nodes | BFS/bibfs | A* nodes | MM nodes "
         "| A*/MM | lengths equal | s (bibfs, MM) |");
    puts("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|");
    for (line = text; line && *line; line = next) {
        bline b;
        uint64_t sum[B_ALGOS] = {0, 0, 0, 0};
        double secs[B_ALGOS] = {0, 0, 0, 0};
        unsigned i, solved = 0, none = 0, over = 0, count;
        int equal = 1;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (line[0] == '#' || !line[strspn(line, " \t\r")])
            continue;
        if (parse_line(line, &b)) {
            rc = ar_tool_fail("bench bidirectional: %s: a line I cannot read: %s", path, line);
            break;
        }
        count = quick && b.count > 2 ? 2 : b.count;
        for (i = 0; i < count && !ar_tool_interrupted; i++) {
            char *gen = NULL;
            ar_instance *inst = NULL;
            ar_error err;
            uint64_t len[B_ALGOS], cost[B_ALGOS], nodes[B_ALGOS];
            double s[B_ALGOS];
            int res[B_ALGOS], a, ok = 1;
            if (!b.instance && b.p->generate(b.params, b.nparams, i + 1, &gen, &err) != AR_OK)
                break;
            if (b.p->create(b.instance ? b.instance : gen, b.params, b.nparams, &inst, &err) != AR_OK) {
                free(gen);
                rc = ar_tool_fail("bench bidirectional: %s: %s", b.p->name, err.message);
                break;
            }
            for (a = 0; a < B_ALGOS; a++) {
                res[a] = run_one(b.p, inst, b_algo[a], budget, &len[a], &cost[a], &nodes[a], &s[a]);
                ok = ok && res[a] >= 0;
            }
            if (!ok)
                over++;
            else if (res[B_BFS] == 0)
                none++;
            else {
                solved++;
                for (a = 0; a < B_ALGOS; a++) {
                    sum[a] += nodes[a];
                    secs[a] += s[a];
                }
                if (len[B_BFS] != len[B_BIBFS] || cost[B_ASTAR] != cost[B_MM] ||
                    res[B_BIBFS] != 1 || res[B_MM] != 1)
                    equal = 0;
            }
            b.p->destroy(inst);
            free(gen);
        }
        printf("| %s | %s%s%.40s | %u of %u%s | %" PRIu64 " | %" PRIu64 " | %.1f | %" PRIu64 " | %" PRIu64
               " | %.2f | %s | %.3f, %.3f |\n",
               b.p->name, b.options[0] ? b.options : "-", b.instance ? " " : " random", b.instance ? b.instance : "",
               solved, count, over ? " (some over budget)" : none ? " (others: no solution)" : "",
               sum[B_BFS], sum[B_BIBFS], sum[B_BIBFS] ? (double)sum[B_BFS] / (double)sum[B_BIBFS] : 0.0,
               sum[B_ASTAR], sum[B_MM], sum[B_MM] ? (double)sum[B_ASTAR] / (double)sum[B_MM] : 0.0,
               equal ? "yes" : "**NO**", secs[B_BIBFS], secs[B_MM]);
        if (!equal)
            rc = AR_EXIT_NO_SOLUTION;
        if (b.nparams)
            free((void *)b.params[0].name);
    }
    free(text);
    return rc;
}

int cli_bench_andor(int quick)
{
    const ar_andor_domain *const *d;
    int rc = 0;
    puts("## AND-OR graphs: AO* against the exhaustive depth-first search\n");
    printf("Every example of every AND-OR domain; the depth-first search gets %d nodes.\n\n",
           quick ? 2000 : 50000);
    puts("| domain | example | algorithm | heuristic | cost | proven | nodes expanded | graph nodes | s |");
    puts("|---|---|---|---|---:|---|---:|---:|---:|");
    for (d = ar_andor_domains(); *d; d++) {
        const ar_andor_example *x;
        for (x = (*d)->examples; x && x->note; x++) {
            const ar_andor_heuristic *hs = (*d)->heuristics;
            unsigned nh = 0, k;
            char label[80];
            while (hs && hs[nh].name)
                nh++;
            snprintf(label, sizeof label, "%s%s%.40s", x->options ? x->options : "",
                     x->options && x->options[0] && x->instance ? " " : "",
                     x->instance && !strchr(x->instance, '\n') ? x->instance : x->instance ? "(text)" : "");
            /* AO* with each heuristic (or none), then the depth-first search */
            for (k = 0; k <= (nh ? nh : 1); k++) {
                int dfs = k == (nh ? nh : 1);
                const ar_andor_heuristic *h = dfs || !nh ? NULL : &hs[k];
                ar_andor_problem *prob = NULL;
                ar_andor_options o;
                ar_andor_result r;
                ar_error err;
                ar_param params[8];
                char buf[256];
                snprintf(buf, sizeof buf, "%s", x->options ? x->options : "");
                if ((*d)->create(x->instance, params, ar_param_split(buf, params, 8), &prob, &err) != AR_OK)
                    return ar_tool_fail("bench andor: %s: %s", (*d)->name, err.message);
                ar_andor_options_init(&o);
                o.search.algorithm = dfs ? "andor-dfs" : "aostar";
                o.search.heuristic = h ? h->name : NULL;
                o.search.limits.node_limit = dfs ? (quick ? 2000 : 50000) : 2000000;
                o.search.limits.interrupt = &ar_tool_interrupted;
                if (ar_andor_solve(*d, prob, &o, &r, &err) != AR_OK) {
                    (*d)->destroy(prob);
                    return ar_tool_fail("bench andor: %s: %s", (*d)->name, err.message);
                }
                if (r.search.outcome == AR_OUTCOME_SOLVED)
                    printf("| %s | %s | %s | %s | %" PRIu64 " | %s | %" PRIu64 " | %" PRIu64 " | %.3f |\n",
                           (*d)->name, label, o.search.algorithm, h ? h->name : "-", r.search.cost,
                           r.search.optimal ? "yes" : "no", r.search.expanded, r.graph_nodes,
                           r.search.seconds);
                else
                    printf("| %s | %s | %s | %s | %s | - | %" PRIu64 " | %" PRIu64 " | %.3f |\n", (*d)->name,
                           label, o.search.algorithm, h ? h->name : "-",
                           r.search.outcome == AR_OUTCOME_STOPPED ? "node limit" : "none", r.search.expanded,
                           r.graph_nodes, r.search.seconds);
                if (h && x->cost && (h->flags & AR_HEURISTIC_ADMISSIBLE) &&
                    (r.search.outcome != AR_OUTCOME_SOLVED || r.search.cost != x->cost))
                    rc = AR_EXIT_NO_SOLUTION;
                ar_andor_result_free(&r);
                (*d)->destroy(prob);
            }
        }
    }
    return rc;
}
