/* strips_tool.c — `ariadne mea`: means-ends analysis on a strips task with
 * its reasoning printed as it goes (the library's trace callback), for
 * seeing why it finds the robot's plan at once and why it gives up on the
 * Sussman anomaly. The plan at the end replays like any `solve` output. */
#include "strips_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/mea.h"
#include "ariadne/tool.h"

typedef struct trace_out {
    int json;
    unsigned lines;
} trace_out;

static void print_line(void *ctx, unsigned depth, const char *line)
{
    trace_out *t = ctx;
    if (t->json) {
        fputs(t->lines ? "," : "", stdout);
        printf("{\"depth\":%u,\"step\":", depth);
        ar_json_string(stdout, line);
        putchar('}');
    } else
        printf("%*s%s\n", (int)(2 * (depth < 40 ? depth : 40)), "", line);
    t->lines++;
}

int ar_strips_mea_tool(int argc, char **argv)
{
    const char *problem = NULL, *file = NULL;
    int protect_choice = -1;
    ar_opt opts[] = {{.name = "problem", .kind = AR_OPT_TEXT, .dest = &problem, .metavar = "NAME"},
                     {.name = "f", .kind = AR_OPT_TEXT, .dest = &file, .metavar = "FILE"},
                     {.name = "protect", .kind = AR_OPT_CHOICE, .dest = &protect_choice, .choices = "on off"},
                     {.name = NULL}};
    ar_tool_cmd cmd = {.name = "mea", .help_topic = "mea", .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_NODE_LIMIT,
                       .options = opts, .max_args = 1, .args_usage = "a task"};
    ar_param params[2];
    size_t np = 0;
    char *text = NULL, why[300];
    const char *task_text;
    ar_instance *in = NULL;
    ar_error err;
    ar_search_options so;
    ar_mea_options mo;
    ar_result res;
    trace_out t = {0, 0};
    const ar_plan_task *task;
    const void *start;
    int protect, rc;
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    if ((file && cmd.nargs) || ((file || cmd.nargs) && problem))
        return ar_tool_fail("mea: give one task: an argument, -f FILE or --problem NAME");
    task_text = cmd.nargs ? cmd.args[0] : NULL;
    if (file) {
        if (!(text = ar_read_file(file, why, sizeof why)))
            return ar_tool_fail("mea: %s", why);
        task_text = text;
    }
    if (problem)
        params[np++] = (ar_param){"problem", problem};
    if (protect_choice >= 0)
        params[np++] = (ar_param){"protect", protect_choice ? "off" : "on"};
    if (ar_domain_strips.create(task_text, params, np, &in, &err) != AR_OK) {
        char words[AR_ERROR_MESSAGE_MAX];
        free(text);
        ar_tool_option_words(err.message, words, sizeof words);
        return ar_tool_fail("mea: %s%s%s", file ? file : "", file ? ": " : "", words);
    }
    free(text);
    task = ar_strips_task(in, &start, &protect);
    ar_tool_install_sigint();
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    ar_mea_options_init(&mo);
    mo.protect = protect;
    mo.start = start;
    mo.trace = print_line;
    mo.trace_ctx = &t;
    t.json = cmd.json;
    if (t.json)
        fputs("{\"trace\":[", stdout);
    ar_result_init(&res);
    if (ar_mea(task, &so, &mo, &res, &err) != AR_OK) {
        ar_domain_strips.destroy(in);
        if (t.json)
            puts("]}");
        return ar_tool_error(AR_EXIT_LIMIT, "mea: %s", err.message);
    }
    ar_progress_finish(&cmd.progress);
    {
        char *plan = res.outcome == AR_OUTCOME_SOLVED
                         ? ar_puzzle_format_moves(&ar_domain_strips, in, res.moves, res.length)
                         : NULL;
        if (t.json) {
            printf("],\"status\":\"%s\",\"plan\":", res.outcome == AR_OUTCOME_SOLVED ? "solved"
                                                     : res.stop == AR_STOP_GAVE_UP ? "gave_up" : "limit");
            if (plan)
                ar_json_string(stdout, plan);
            else
                fputs("null", stdout);
            printf(",\"length\":%" PRIu64 ",\"calls\":%" PRIu64 ",\"note\":", res.length, res.expanded);
            ar_json_string(stdout, res.note);
            puts("}");
        } else if (plan)
            printf("plan (%" PRIu64 " steps, %" PRIu64 " calls): %s\nnote: %s\n", res.length,
                   res.expanded, plan, res.note);
        else
            printf("%s after %" PRIu64 " calls\nnote: %s\n",
                   res.stop == AR_STOP_GAVE_UP ? "gives up" : "stopped by a limit", res.expanded,
                   res.note);
        rc = plan ? AR_EXIT_OK : AR_EXIT_LIMIT;
        free(plan);
    }
    ar_result_free(&res);
    ar_domain_strips.destroy(in);
    return rc;
}
