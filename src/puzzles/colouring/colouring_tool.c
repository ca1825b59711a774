/* colouring_tool.c — `ariadne count colouring GRAPH|-f FILE --colours K`:
 * the number of proper K-colourings (the chromatic polynomial at K), or with
 * --classes the number of partitions into at most K colour classes (the
 * colourings up to renaming the colours), by the constraint engine under the
 * limits, Ctrl-C and progress of every counter. */
#include "colouring_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/search.h"
#include "ariadne/tool.h"

extern const ar_puzzle ar_domain_colouring;

static int colouring_count_tool(int argc, char **argv)
{
    const char *file = NULL;
    uint64_t k = 0;
    int classes = 0;
    const ar_opt opts[] = {{.name = "f", .kind = AR_OPT_TEXT, .dest = &file, .metavar = "FILE"},
                           {.name = "colours", .kind = AR_OPT_UINT, .dest = &k, .min = 1, .max = COLOURING_MAX_COLOURS,
                            .metavar = "K"},
                           {.name = "classes", .kind = AR_OPT_FLAG, .dest = &classes},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "count colouring", .help_topic = "colouring",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_NODE_LIMIT, .options = opts,
                       .max_args = 1, .args_usage = "GRAPH"};
    char *text = NULL, why[300];
    ar_instance *in;
    ar_error err;
    ar_csp *m;
    ar_search_options so;
    ar_csp_count_result r;
    ar_status s;
    if (ar_tool_parse(&cmd, argc, argv, 2))
        return AR_EXIT_BAD_INPUT;
    if (!k)
        return ar_tool_fail("count colouring: how many colours? (--colours K)");
    if (file && cmd.nargs)
        return ar_tool_fail("count colouring: give the graph either as an argument or with -f, not both");
    if (!file && !cmd.nargs)
        return ar_tool_fail("count colouring: which graph? (ariadne count colouring -f FILE --colours K)");
    if (file && !(text = ar_read_file(file, why, sizeof why)))
        return ar_tool_fail("%s", why);
    s = ar_domain_colouring.create(file ? text : cmd.args[0], NULL, 0, &in, &err);
    free(text);
    if (s != AR_OK)
        return ar_tool_fail("%s: %s", file ? file : "count colouring", err.message);
    if (ar_colouring_model(in, (unsigned)k, classes, &m, &err) != AR_OK) {
        ar_domain_colouring.destroy(in);
        return ar_tool_fail("count colouring: %s", err.message);
    }
    ar_tool_install_sigint();
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    s = ar_csp_count(m, NULL, &so, NULL, NULL, &r, &err);
    ar_csp_destroy(m);
    ar_progress_finish(&cmd.progress);
    if (s != AR_OK) {
        ar_domain_colouring.destroy(in);
        return ar_tool_fail("count colouring: %s", err.message);
    }
    if (cmd.json) {
        printf("{\"puzzle\":\"colouring\",\"vertices\":%u,\"edges\":%" PRIu64 ",\"colours\":%" PRIu64
               ",\"counted\":\"%s\",\"complete\":%s,\"stop_reason\":",
               in->n, in->edges, k, classes ? "colour classes" : "colourings", r.complete ? "true" : "false");
        if (r.complete)
            printf("null");
        else
            ar_json_string(stdout, ar_stop_reason_name(r.stop));
        printf(",\"count\":%" PRIu64 ",\"decisions\":%" PRIu64 ",\"seconds\":%.6f}\n", r.stats.solutions,
               r.stats.decisions, r.seconds);
    } else if (!r.complete) {
        printf("stopped by %s: at least %" PRIu64 " %s\n", ar_stop_reason_name(r.stop), r.stats.solutions,
               classes ? "partitions into colour classes" : "colourings");
    } else {
        printf("%" PRIu64 " %s with %" PRIu64 " colour%s (%u vert%s, %" PRIu64 " edge%s; %" PRIu64
               " decisions, %.3f s)\n",
               r.stats.solutions,
               classes ? (r.stats.solutions == 1 ? "partition into colour classes" : "partitions into colour classes")
                       : (r.stats.solutions == 1 ? "proper colouring" : "proper colourings"),
               k, k == 1 ? "" : "s", in->n, in->n == 1 ? "ex" : "ices", in->edges, in->edges == 1 ? "" : "s",
               r.stats.decisions, r.seconds);
    }
    ar_domain_colouring.destroy(in);
    return !r.complete ? AR_EXIT_LIMIT : r.stats.solutions ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

const ar_tool ar_colouring_tools[] = {
    {.name = "count",
     .usage = "ariadne count colouring GRAPH|-f FILE --colours K [--classes] [--time-limit S] [--json] [--quiet]",
     .help = "Counts the proper colourings of a graph with K colours (the chromatic polynomial at K:\n"
             "the Petersen graph has 120 with 3), or with --classes its partitions into at most K colour\n"
             "classes (the colourings up to renaming the colours: 20). Exit 1 when there is none;\n"
             "--time-limit S, --node-limit N and Ctrl-C stop with the count so far labelled as a lower\n"
             "bound (exit 3); --json prints one object.",
     .run = colouring_count_tool},
    {.name = NULL}};
