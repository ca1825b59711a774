/* strips_bench.c — `ariadne bench mea`: means-ends analysis against the
 * complete searches on the tasks of data/strips: the plan's length or
 * "gives up", and the work (MEA's calls, the searches' expanded states). */
#include "strips_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "ariadne/tool.h"

static void cell(const ar_puzzle *p, const char *problem, const char *protect, const char *algo)
{
    ar_param params[2] = {{"problem", problem}, {"protect", protect}};
    ar_instance *inst = NULL;
    ar_search_options o;
    ar_result r;
    ar_error err;
    if (p->create(NULL, params, 2, &inst, &err) != AR_OK) {
        printf(" error |  |");
        return;
    }
    ar_search_options_init(&o);
    o.algorithm = algo;
    o.limits.node_limit = 10000000;
    o.limits.interrupt = &ar_tool_interrupted;
    if (ar_solve(p, inst, &o, NULL, &r, &err) != AR_OK)
        printf(" error |  |");
    else if (r.outcome == AR_OUTCOME_SOLVED)
        printf(" %" PRIu64 "%s | %" PRIu64 " |", r.length, r.optimal ? " (shortest)" : "", r.expanded);
    else
        printf(" %s | %" PRIu64 " |", r.stop == AR_STOP_GAVE_UP ? "gives up" : "stopped", r.expanded);
    ar_result_free(&r);
    p->destroy(inst);
}

int ar_strips_bench_mea(int quick)
{
    static const char *const tasks[] = {"robot", "sussman", "sussman-swapped", "blocks"};
    size_t i;
    (void)quick; /* every task is small: the quick run is the full run */
    puts("## Means-ends analysis against complete search (data/strips)\n");
    puts("Plan length (steps) and work: MEA's calls, the searches' expanded states.\n");
    puts("| task | MEA, protection on | calls | MEA, protection off | calls | BFS | states | A* (h_max) | states |");
    puts("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (i = 0; i < sizeof tasks / sizeof *tasks; i++) {
        printf("| %s |", tasks[i]);
        cell(&ar_domain_strips, tasks[i], "on", "mea");
        cell(&ar_domain_strips, tasks[i], "off", "mea");
        cell(&ar_domain_strips, tasks[i], "on", "bfs");
        cell(&ar_domain_strips, tasks[i], "on", "astar");
        putchar('\n');
    }
    return 0;
}
