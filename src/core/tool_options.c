/* tool_options.c — the one option parser of every verb (tool.h).
 *
 * A verb declares a table of its own options and a mask of the common ones
 * it takes; ar_tool_parse walks argv once, so repeats, unknown options,
 * options that do not apply, missing values and out-of-range numbers are
 * refused in the same words by every verb, generic or a domain's own. */
#include "ariadne/tool.h"
#include "ariadne/param.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ariadne/memory.h"

int ar_tool_parse_uint(const char *text, uint64_t min, uint64_t max, uint64_t *out, char *why,
                       size_t why_size)
{
    char q[80];
    const char *t;
    uint64_t v = 0;
    int too_large = 0;
    if (!text || !*text) {
        snprintf(why, why_size, "needs a whole number");
        return -1;
    }
    ar_tool_quote(text, 40, q, sizeof q);
    for (t = text; *t; t++) {
        if (!isdigit((unsigned char)*t)) {
            snprintf(why, why_size, "'%s' is not a whole number", q);
            return -1;
        }
        if (v > (UINT64_MAX - (uint64_t)(*t - '0')) / 10)
            too_large = 1;
        else
            v = v * 10 + (uint64_t)(*t - '0');
    }
    if (max == 0)
        max = UINT64_MAX;
    if (too_large || v > max) {
        snprintf(why, why_size, "%s is too large (at most %llu)", q, (unsigned long long)max);
        return -1;
    }
    if (v < min) {
        snprintf(why, why_size, "%s is too small (at least %llu)", q, (unsigned long long)min);
        return -1;
    }
    *out = v;
    return 0;
}

/* The common options, by their AR_COMMON_* bit, in one table. */
static const struct common_option {
    unsigned bit;
    const char *name;
    int takes_value;
} common_options[] = {
    {AR_COMMON_JSON, "json", 0},          {AR_COMMON_QUIET, "quiet", 0},
    {AR_COMMON_PROGRESS, "progress", 1},  {AR_COMMON_TIME_LIMIT, "time-limit", 1},
    {AR_COMMON_MEMORY_LIMIT, "memory-limit", 1}, {AR_COMMON_NODE_LIMIT, "node-limit", 1},
    {AR_COMMON_SEED, "seed", 1},          {AR_COMMON_THREADS, "threads", 1},
};
enum { COMMON_COUNT = sizeof common_options / sizeof common_options[0] };

/* The verb's messages: "NAME: ..." and, where it helps, the help topic. */
static int fail(const ar_tool_cmd *cmd, const char *fmt, const char *a, const char *b)
{
    char msg[600];
    snprintf(msg, sizeof msg, fmt, a ? a : "", b ? b : "");
    return ar_tool_fail("%s: %s", cmd->name, msg);
}

static int fail_see_help(const ar_tool_cmd *cmd, const char *msg)
{
    if (cmd->help_topic)
        return ar_tool_fail("%s: %s (see `ariadne help %s`)", cmd->name, msg, cmd->help_topic);
    return ar_tool_fail("%s: %s", cmd->name, msg);
}

static int parse_common(ar_tool_cmd *cmd, unsigned bit, const char *value)
{
    char why[200];
    uint64_t u;
    double d;
    char *end;
    switch (bit) {
    case AR_COMMON_JSON: cmd->json = 1; return 0;
    case AR_COMMON_QUIET: cmd->quiet = 1; return 0;
    case AR_COMMON_PROGRESS:
        if (strcmp(value, "auto") == 0)
            cmd->progress_mode = AR_PROGRESS_AUTO;
        else if (strcmp(value, "text") == 0)
            cmd->progress_mode = AR_PROGRESS_TEXT;
        else if (strcmp(value, "json") == 0)
            cmd->progress_mode = AR_PROGRESS_JSON;
        else if (strcmp(value, "off") == 0)
            cmd->progress_mode = AR_PROGRESS_OFF;
        else {
            char q[80];
            return fail(cmd, "option --progress: '%s': expected auto, text, json or off",
                        ar_tool_quote(value, 40, q, sizeof q), NULL);
        }
        return 0;
    case AR_COMMON_TIME_LIMIT: {
        char q[80];
        ar_tool_quote(value, 40, q, sizeof q);
        errno = 0;
        d = strtod(value, &end);
        if (!*value || *end || errno == EINVAL || isspace((unsigned char)*value) || isnan(d))
            return fail(cmd, "option --time-limit: '%s' is not a number of seconds", q, NULL);
        if (!(d > 0))
            return fail(cmd, "option --time-limit: %s is too small (more than 0 seconds)", q, NULL);
        if (d > 1e9 || isinf(d))
            return fail(cmd, "option --time-limit: %s is too large (at most 1e9 seconds)", q, NULL);
        cmd->limits.time_limit = d;
        return 0;
    }
    case AR_COMMON_MEMORY_LIMIT: {
        ar_error err;
        size_t bytes;
        char q[80];
        if (ar_parse_size(value, &bytes, &err) != AR_OK)
            return fail(cmd, "option --memory-limit: %s", err.message, NULL);
        if (bytes < 4096)
            return fail(cmd, "option --memory-limit: %s is too small (at least 4K)",
                        ar_tool_quote(value, 40, q, sizeof q), NULL);
        cmd->limits.memory_limit = bytes;
        return 0;
    }
    case AR_COMMON_NODE_LIMIT:
        if (ar_tool_parse_uint(value, 1, 0, &u, why, sizeof why))
            return fail(cmd, "option --node-limit: %s", why, NULL);
        cmd->limits.node_limit = u;
        return 0;
    case AR_COMMON_SEED:
        if (ar_tool_parse_uint(value, 0, 0, &u, why, sizeof why))
            return fail(cmd, "option --seed: %s", why, NULL);
        cmd->seed = u;
        return 0;
    case AR_COMMON_THREADS:
        if (ar_tool_parse_uint(value, 1, AR_TOOL_MAX_THREADS, &u, why, sizeof why))
            return fail(cmd, "option --threads: %s", why, NULL);
        cmd->threads = (unsigned)u;
        return 0;
    }
    return 0;
}

static int parse_own(ar_tool_cmd *cmd, const ar_opt *o, const char *value)
{
    char why[200], q[80], name[80];
    snprintf(name, sizeof name, "%s%s", o->name[1] ? "--" : "-", o->name);
    switch (o->kind) {
    case AR_OPT_FLAG: *(int *)o->dest = 1; break;
    case AR_OPT_TEXT: *(const char **)o->dest = value; break;
    case AR_OPT_UINT: {
        uint64_t u;
        if (ar_tool_parse_uint(value, o->min, o->max, &u, why, sizeof why))
            return fail(cmd, "option %s: %s", name, why);
        *(uint64_t *)o->dest = u;
        break;
    }
    case AR_OPT_NUMBER: {
        double d;
        ar_tool_quote(value, 40, q, sizeof q);
        if (!ar_read_number(value, &d))
            return fail(cmd, "option %s: '%s' is not a number", name, q);
        if (d < o->lo || (o->lo_open && d <= o->lo)) {
            snprintf(why, sizeof why, "%s is too small (%s %g)", q, o->lo_open ? "more than" : "at least", o->lo);
            return fail(cmd, "option %s: %s", name, why);
        }
        if (o->hi != 0 && d > o->hi) {
            snprintf(why, sizeof why, "%s is too large (at most %g)", q, o->hi);
            return fail(cmd, "option %s: %s", name, why);
        }
        *(double *)o->dest = d;
        break;
    }
    case AR_OPT_CHOICE: {
        const char *w = o->choices;
        int index = 0;
        size_t n = strlen(value);
        while (w && *w) {
            size_t len = strcspn(w, " ");
            if (len == n && strncmp(w, value, n) == 0) {
                *(int *)o->dest = index;
                goto done;
            }
            w += len;
            while (*w == ' ')
                w++;
            index++;
        }
        {
            char list[160];
            size_t used = 0, words = 0, nth = 0;
            for (w = o->choices; *w; w++)
                words += *w != ' ' && (w == o->choices || w[-1] == ' ');
            for (w = o->choices; *w && used + 8 < sizeof list;) {
                size_t len = strcspn(w, " ");
                nth++;
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%.*s",
                                         nth == 1 ? "" : nth == words ? " or " : ", ", (int)len, w);
                w += len;
                while (*w == ' ')
                    w++;
            }
            snprintf(why, sizeof why, "'%s': expected %s", ar_tool_quote(value, 40, q, sizeof q), list);
        }
        return fail(cmd, "option %s: %s", name, why);
    }
    }
done:
    if (o->seen)
        *o->seen = 1;
    return 0;
}

/* Whether name is one of the space-separated words of list. */
static int in_words(const char *list, const char *name)
{
    size_t n = strlen(name);
    while (list && *list) {
        size_t len = strcspn(list, " ");
        if (len == n && strncmp(list, name, n) == 0)
            return 1;
        list += len;
        while (*list == ' ')
            list++;
    }
    return 0;
}

/* An option that exists, but not for this verb. */
static int not_here(const ar_tool_cmd *cmd, const char *name)
{
    if (cmd->help_topic)
        return ar_tool_fail("option --%s does not apply to %s (see `ariadne help %s`)", name, cmd->name,
                            cmd->help_topic);
    return ar_tool_fail("option --%s does not apply to %s", name, cmd->name);
}

/* Edit distance of two short words, for "did you mean". */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), i, j, row[64];
    if (la >= 63 || lb >= 63)
        return 99;
    for (j = 0; j <= lb; j++)
        row[j] = j;
    for (i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (j = 1; j <= lb; j++) {
            size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diag = up;
            row[j] = best;
        }
    }
    return row[lb];
}

static int unknown_option(const ar_tool_cmd *cmd, const char *arg, const char *name)
{
    const char *best = NULL;
    size_t best_d = 3, k;
    const ar_opt *o;
    char msg[300], q[80];
    for (k = 0; k < COMMON_COUNT; k++)
        if ((cmd->common & common_options[k].bit) && distance(name, common_options[k].name) < best_d)
            best = common_options[k].name, best_d = distance(name, common_options[k].name);
    for (o = cmd->options; o && o->name; o++)
        if (o->name[1] && distance(name, o->name) < best_d)
            best = o->name, best_d = distance(name, o->name);
    ar_tool_quote(arg, 40, q, sizeof q);
    if (best)
        snprintf(msg, sizeof msg, "unknown option %s (did you mean --%s?)", q, best);
    else
        snprintf(msg, sizeof msg, "unknown option %s", q);
    return fail_see_help(cmd, msg);
}

/* Whether a looks like a negative number, which is an argument, not an option. */
static int negative_number(const char *a)
{
    return a[0] == '-' && (isdigit((unsigned char)a[1]) || (a[1] == '.' && isdigit((unsigned char)a[2])));
}

int ar_tool_parse(ar_tool_cmd *cmd, int argc, char **argv, int first)
{
    int i, only_args = 0;
    unsigned char own_given[256];
    size_t nown = 0;
    const ar_opt *o;
    for (o = cmd->options; o && o->name; o++)
        nown++;
    if (nown > sizeof own_given)
        return ar_tool_fail("%s: too many options declared", cmd->name);
    memset(own_given, 0, sizeof own_given);
    cmd->nargs = 0;
    cmd->json = cmd->quiet = 0;
    cmd->progress_mode = AR_PROGRESS_AUTO;
    memset(&cmd->limits, 0, sizeof cmd->limits);
    cmd->limits.memory_limit = ar_default_memory_limit();
    cmd->limits.interrupt = &ar_tool_interrupted;
    cmd->seed = 0;
    cmd->threads = 0;
    cmd->given = 0;
    for (i = first; i < argc; i++) {
        const char *a = argv[i], *value = NULL, *eq;
        char name[64], q[80];
        size_t len, k;
        int dashes = a[0] == '-' && a[1] == '-' ? 2 : 1;
        if (only_args || a[0] != '-' || a[1] == '\0' || negative_number(a)) {
            if (cmd->nargs >= cmd->max_args || cmd->nargs >= AR_TOOL_MAX_ARGS)
                return fail_see_help(cmd, cmd->max_args == 0
                                              ? (snprintf(name, sizeof name, "takes no arguments, not '%s'",
                                                          ar_tool_quote(a, 30, q, sizeof q)),
                                                 name)
                                              : (snprintf(name, sizeof name, "unexpected argument '%s'",
                                                          ar_tool_quote(a, 30, q, sizeof q)),
                                                 name));
            cmd->args[cmd->nargs++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_args = 1;
            continue;
        }
        eq = dashes == 2 ? strchr(a + 2, '=') : NULL;
        len = eq ? (size_t)(eq - (a + dashes)) : strlen(a + dashes);
        if (len == 0 || len >= sizeof name || (dashes == 1 && len != 1))
            return unknown_option(cmd, a, "");
        memcpy(name, a + dashes, len);
        name[len] = '\0';
        /* The verb's own options first (a one-letter one takes one dash). */
        for (o = cmd->options, k = 0; o && o->name; o++, k++)
            if ((dashes == 2) == (o->name[1] != '\0') &&
                (strcmp(o->name, name) == 0 || (o->alias && strcmp(o->alias, name) == 0)))
                break;
        if (o && o->name) {
            if (own_given[k])
                return fail(cmd, "option %s%s given twice", dashes == 2 ? "--" : "-", o->name);
            own_given[k] = 1;
            if (o->kind == AR_OPT_FLAG) {
                if (eq)
                    return fail(cmd, "option --%s takes no value", o->name, NULL);
            } else if (eq) {
                value = eq + 1;
            } else if (i + 1 < argc) {
                value = argv[++i];
            } else {
                return fail(cmd, "option %s needs a value%s", a,
                            o->metavar ? (snprintf(q, sizeof q, " (%s)", o->metavar), q) : "");
            }
            if (parse_own(cmd, o, value))
                return AR_EXIT_BAD_INPUT;
            continue;
        }
        for (k = 0; k < COMMON_COUNT; k++)
            if (dashes == 2 && strcmp(common_options[k].name, name) == 0)
                break;
        if (k == COMMON_COUNT && dashes == 2 && in_words(cmd->other_options, name))
            return not_here(cmd, name);
        if (k == COMMON_COUNT)
            return unknown_option(cmd, a, name);
        if (!(cmd->common & common_options[k].bit))
            return not_here(cmd, name);
        if (cmd->given & common_options[k].bit)
            return fail(cmd, "option --%s given twice", name, NULL);
        cmd->given |= common_options[k].bit;
        if (!common_options[k].takes_value) {
            if (eq)
                return fail(cmd, "option --%s takes no value", name, NULL);
        } else if (eq) {
            value = eq + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return fail(cmd, "option --%s needs a value", name, NULL);
        }
        if (parse_common(cmd, common_options[k].bit, value))
            return AR_EXIT_BAD_INPUT;
    }
    if (cmd->nargs < cmd->min_args) {
        char msg[200];
        snprintf(msg, sizeof msg, "needs %s", cmd->args_usage ? cmd->args_usage : "more arguments");
        return fail_see_help(cmd, msg);
    }
    if (cmd->quiet)
        cmd->progress_mode = AR_PROGRESS_OFF;
    ar_progress_init(&cmd->progress, stderr, cmd->progress_mode, cmd->name);
    return 0;
}

unsigned ar_tool_threads(const ar_tool_cmd *cmd)
{
    long n;
    if (cmd->threads)
        return cmd->threads;
    n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > AR_TOOL_MAX_THREADS ? AR_TOOL_MAX_THREADS : (unsigned)n;
}

int ar_tool_print_count(const ar_tool_cmd *cmd, const char *puzzle, const ar_count_report *r,
                        const char *extra_json)
{
    int mismatch = r->complete && r->has_published && r->count != r->published;
    ar_progress_finish((ar_progress *)&cmd->progress);
    if (cmd->json) {
        printf("{\"puzzle\":");
        ar_json_string(stdout, puzzle);
        printf(",\"instance\":");
        ar_json_string(stdout, r->instance ? r->instance : "");
        printf(",\"counted\":");
        ar_json_string(stdout, r->counted ? r->counted : "");
        printf(",\"count\":%llu,\"complete\":%s,\"stop_reason\":", (unsigned long long)r->count,
               r->complete ? "true" : "false");
        if (r->complete)
            printf("null");
        else
            ar_json_string(stdout, ar_stop_reason_name(r->stop));
        if (r->tasks)
            printf(",\"tasks\":%llu,\"tasks_done\":%llu", (unsigned long long)r->tasks,
                   (unsigned long long)r->tasks_done);
        if (r->nodes)
            printf(",\"nodes\":%llu", (unsigned long long)r->nodes);
        printf(",\"seconds\":%.3f,\"threads\":%u", r->seconds, r->threads);
        if (r->has_published) {
            printf(",\"published\":%llu,\"source\":", (unsigned long long)r->published);
            ar_json_string(stdout, r->source ? r->source : "");
            printf(",\"matches_published\":%s", !r->complete ? "null" : mismatch ? "false" : "true");
        } else {
            printf(",\"published\":null");
        }
        printf("%s}\n", extra_json ? extra_json : "");
    } else {
        printf("instance:  %s\n", r->instance ? r->instance : "");
        printf("counted:   %s\n", r->counted ? r->counted : "");
        if (r->complete) {
            printf("count:     %llu\n", (unsigned long long)r->count);
        } else {
            printf("count:     at least %llu (partial: stopped by %s after %.2f s", (unsigned long long)r->count,
                   ar_stop_reason_name(r->stop), r->seconds);
            if (r->tasks)
                printf(", %llu of %llu parts done", (unsigned long long)r->tasks_done,
                       (unsigned long long)r->tasks);
            printf(")\n");
        }
        if (r->has_published)
            printf("published: %llu (%s)%s\n", (unsigned long long)r->published, r->source ? r->source : "",
                   !r->complete ? "" : mismatch ? ": MISMATCH" : ": matches");
        if (r->nodes)
            printf("nodes:     %llu\n", (unsigned long long)r->nodes);
        printf("time:      %.2f s on %u thread%s\n", r->seconds, r->threads, r->threads == 1 ? "" : "s");
    }
    return !r->complete ? AR_EXIT_LIMIT : mismatch ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}
