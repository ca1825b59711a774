/* csp_tool.c — `ariadne count csp -f model.txt`: every solution of a model
 * counted (and listed with --list) by the depth-first engine, with its
 * options, under the limits, Ctrl-C and progress of every counter. */
#include "csp_domain.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/search.h"
#include "ariadne/tool.h"

typedef struct lister { const ar_csp *m; int list; uint64_t shown; } lister;

static int show(void *ctx, const int32_t *values)
{
    lister *l = ctx;
    size_t v, n = ar_csp_var_count(l->m);
    if (l->list) {
        for (v = 0; v < n; v++)
            printf("%s%s=%ld", v ? " " : "", ar_csp_var_name(l->m, (int)v), (long)values[v]);
        putchar('\n');
        l->shown++;
    }
    return ar_tool_interrupted != 0;
}

static int model_count_tool(int argc, char **argv)
{
    const char *file = NULL;
    int list = 0, consistency = 3, alldiff = 0, var_order = 0, value_order = 0, backjump = 0;
    const ar_opt opts[] = {
        {.name = "f", .kind = AR_OPT_TEXT, .dest = &file, .metavar = "FILE"},
        {.name = "list", .kind = AR_OPT_FLAG, .dest = &list},
        {.name = "consistency", .kind = AR_OPT_CHOICE, .dest = &consistency, .choices = "check forward ac3 queue"},
        {.name = "alldiff", .kind = AR_OPT_CHOICE, .dest = &alldiff, .choices = "regin bounds pairwise"},
        {.name = "var-order", .kind = AR_OPT_CHOICE, .dest = &var_order, .choices = "mrv-degree mrv input wdeg"},
        {.name = "value-order", .kind = AR_OPT_CHOICE, .dest = &value_order, .choices = "min max lcv random"},
        {.name = "backjump", .kind = AR_OPT_FLAG, .dest = &backjump},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "count csp", .help_topic = "csp",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_NODE_LIMIT | AR_COMMON_SEED,
                       .options = opts, .max_args = 1, .args_usage = "MODEL"};
    char *text = NULL, why[300];
    ar_csp *m;
    ar_error err;
    ar_csp_options o;
    ar_search_options so;
    ar_csp_count_result r;
    lister l;
    ar_status s;
    if (ar_tool_parse(&cmd, argc, argv, 2))
        return AR_EXIT_BAD_INPUT;
    if (list && cmd.json)
        return ar_tool_fail("count csp: --list and --json do not go together");
    if (file && cmd.nargs)
        return ar_tool_fail("count csp: give the model either as an argument or with -f, not both");
    if (!file && !cmd.nargs)
        return ar_tool_fail("count csp: which model? (ariadne count csp -f model.txt)");
    if (file && !(text = ar_read_file(file, why, sizeof why)))
        return ar_tool_fail("%s", why);
    s = ar_csp_parse(file ? text : cmd.args[0], &m, &err);
    free(text);
    if (s != AR_OK)
        return ar_tool_fail("%s: %s", file ? file : "count csp", err.message);
    ar_csp_options_init(&o);
    o.consistency = (ar_csp_consistency)consistency, o.alldiff = (ar_csp_alldiff_level)alldiff;
    o.var_order = (ar_csp_var_order)var_order, o.value_order = (ar_csp_value_order)value_order;
    o.backjump = backjump, o.seed = cmd.seed;
    ar_tool_install_sigint();
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    l.m = m, l.list = list, l.shown = 0;
    s = ar_csp_count(m, &o, &so, show, &l, &r, &err);
    ar_progress_finish(&cmd.progress);
    if (s != AR_OK) {
        ar_csp_destroy(m);
        return ar_tool_fail("count csp: %s", err.message);
    }
    if (cmd.json) {
        printf("{\"puzzle\":\"csp\",\"variables\":%zu,\"constraints\":%zu,\"complete\":%s,\"stop_reason\":",
               ar_csp_var_count(m), ar_csp_constraint_count(m), r.complete ? "true" : "false");
        if (r.complete)
            printf("null");
        else
            ar_json_string(stdout, ar_stop_reason_name(r.stop));
        printf(",\"solutions\":%" PRIu64 ",\"decisions\":%" PRIu64 ",\"dead_ends\":%" PRIu64 ",\"propagations\":%" PRIu64
               ",\"seconds\":%.6f}\n",
               r.stats.solutions, r.stats.decisions, r.stats.failures, r.stats.propagations, r.seconds);
    } else if (!r.complete) {
        printf("stopped by %s: at least %" PRIu64 " solutions\n", ar_stop_reason_name(r.stop), r.stats.solutions);
    } else {
        printf("%" PRIu64 " solution%s (%" PRIu64 " decisions, %" PRIu64 " dead ends, %" PRIu64
               " propagations, %.3f s)\n",
               r.stats.solutions, r.stats.solutions == 1 ? "" : "s", r.stats.decisions, r.stats.failures,
               r.stats.propagations, r.seconds);
    }
    ar_csp_destroy(m);
    return !r.complete ? AR_EXIT_LIMIT : r.stats.solutions ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

const ar_tool ar_model_tools[] = {
    {.name = "count",
     .usage = "ariadne count csp -f MODEL [--list] [--consistency C] [--alldiff A] [--var-order V] [--value-order V]\n"
              "       [--backjump] [--seed S] [--time-limit S] [--node-limit N] [--json] [--quiet]",
     .help = "Counts every solution of a model in the text format (`ariadne help csp`) by depth-first\n"
             "search with the engine's options; --list prints each solution as NAME=VALUE pairs.\n"
             "Exit 1 when there is none; --time-limit S, --node-limit N (decisions) and Ctrl-C stop\n"
             "with the count so far labelled as a lower bound (exit 3); --json prints one object.",
     .run = model_count_tool},
    {.name = NULL}};
