/* cryptarithm_tool.c — `ariadne count cryptarithm PUZZLE`: every solution
 * counted (and listed with --list) by the constraint engine, under the
 * limits, Ctrl-C and progress of every counter. */
#include "cryptarithm_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/search.h"
#include "ariadne/tool.h"

extern const ar_puzzle ar_domain_cryptarithm;

typedef struct lister { const ar_instance *in; int list; } lister;

static int show(void *ctx, const int32_t *values)
{
    const lister *l = ctx;
    char text[512];
    size_t k;
    if (!l->list)
        return ar_tool_interrupted != 0;
    ar_crypt_text(l->in, text, sizeof text);
    for (k = 0; text[k]; k++)
        if (text[k] >= 'A' && text[k] <= 'Z')
            text[k] = (char)('0' + values[l->in->index_of[text[k] - 'A'] - 1]);
    printf("%s\n", text);
    return ar_tool_interrupted != 0;
}

static int crypt_count_tool(int argc, char **argv)
{
    int list = 0, leading = 0;
    const ar_opt opts[] = {{.name = "list", .kind = AR_OPT_FLAG, .dest = &list},
                           {.name = "leading-zeros", .kind = AR_OPT_FLAG, .dest = &leading},
                           {.name = NULL}};
    ar_tool_cmd cmd = {.name = "count cryptarithm", .help_topic = "cryptarithm",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_NODE_LIMIT, .options = opts,
                       .min_args = 1, .max_args = 1, .args_usage = "PUZZLE"};
    ar_param p[1] = {{"leading-zeros", NULL}};
    ar_instance *in;
    ar_error err;
    ar_csp *m;
    crypt_product product;
    ar_search_options so;
    ar_csp_count_result r;
    lister l;
    char text[512];
    if (ar_tool_parse(&cmd, argc, argv, 2))
        return AR_EXIT_BAD_INPUT;
    if (list && cmd.json)
        return ar_tool_fail("count cryptarithm: --list and --json do not go together");
    if (ar_domain_cryptarithm.create(cmd.args[0], p, leading ? 1 : 0, &in, &err) != AR_OK)
        return ar_tool_fail("count cryptarithm: %s", err.message);
    if (ar_crypt_model(in, &m, &product, &err) != AR_OK) {
        ar_domain_cryptarithm.destroy(in);
        return ar_tool_fail("count cryptarithm: %s", err.message);
    }
    ar_tool_install_sigint();
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    l.in = in, l.list = list;
    if (ar_csp_count(m, NULL, &so, show, &l, &r, &err) != AR_OK) {
        ar_csp_destroy(m);
        ar_domain_cryptarithm.destroy(in);
        return ar_tool_fail("count cryptarithm: %s", err.message);
    }
    ar_progress_finish(&cmd.progress);
    ar_crypt_text(in, text, sizeof text);
    if (cmd.json) {
        printf("{\"puzzle\":\"cryptarithm\",\"instance\":");
        ar_json_string(stdout, text);
        printf(",\"complete\":%s,\"stop_reason\":", r.complete ? "true" : "false");
        if (r.complete)
            printf("null");
        else
            ar_json_string(stdout, ar_stop_reason_name(r.stop));
        printf(",\"solutions\":%" PRIu64 ",\"decisions\":%" PRIu64 ",\"seconds\":%.6f}\n", r.stats.solutions,
               r.stats.decisions, r.seconds);
    } else if (!r.complete) {
        printf("stopped by %s: at least %" PRIu64 " solutions of %s\n", ar_stop_reason_name(r.stop), r.stats.solutions,
               text);
    } else {
        printf("%s: %" PRIu64 " solution%s%s (%" PRIu64 " decisions, %.3f s)\n", text, r.stats.solutions,
               r.stats.solutions == 1 ? "" : "s", r.stats.solutions == 1 ? ", unique" : "", r.stats.decisions, r.seconds);
    }
    ar_csp_destroy(m);
    ar_domain_cryptarithm.destroy(in);
    return !r.complete ? AR_EXIT_LIMIT : r.stats.solutions ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

const ar_tool ar_crypt_tools[] = {
    {.name = "count",
     .usage = "ariadne count cryptarithm PUZZLE [--list] [--leading-zeros] [--time-limit S] [--json] [--quiet]",
     .help = "Counts every solution of a cryptarithm with the constraint engine (SEND+MORE=MONEY: 1;\n"
             "TWO+TWO=FOUR: 7); --list prints each one as the arithmetic with digits. Exit 1 when there\n"
             "is none; --time-limit S, --node-limit N (decisions) and Ctrl-C stop with the count so\n"
             "far labelled as a lower bound (exit 3); --json prints one object.",
     .run = crypt_count_tool},
    {.name = NULL}};
