/* common.c — option parsing, instance set-up and shared output helpers for
 * every verb of the `ariadne` command.
 *
 * Generic options (limits, algorithm choice, output format) are handled here;
 * any other --option is looked up in the chosen domain's option table, so a
 * domain adds options without touching the CLI, and a misspelt option is an
 * error (exit 2) rather than silently ignored. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ariadne/memory.h"

static int parse_double(const char *opt, const char *text, double min, double *out)
{
    char *end;
    double v;
    if (!text || !*text)
        return ar_tool_fail("option --%s needs a number", opt);
    errno = 0;
    v = strtod(text, &end);
    if (*end || errno || !isfinite(v) || isspace((unsigned char)*text))
        return ar_tool_fail("option --%s: '%s' is not a number", opt, text);
    if (v < min || (min == 0 && v <= 0))
        return ar_tool_fail(min == 0 ? "option --%s: %s is too small (more than %g)"
                                     : "option --%s: %s is too small (at least %g)",
                            opt, text, min);
    *out = v;
    return 0;
}

/* A limit in seconds: a number above 0. */
static int parse_seconds(const char *opt, const char *text, double *out)
{
    if (parse_double(opt, text, -1e300, out))
        return AR_EXIT_BAD_INPUT;
    if (!(*out > 0))
        return ar_tool_fail("option --%s: %s is too small (more than 0 seconds)", opt, text);
    return 0;
}

static int parse_u64(const char *opt, const char *text, uint64_t min, uint64_t *out)
{
    char *end;
    unsigned long long v;
    if (!text || !*text)
        return ar_tool_fail("option --%s needs a whole number", opt);
    if (!isdigit((unsigned char)*text))
        return ar_tool_fail("option --%s: '%s' is not a whole number", opt, text);
    errno = 0;
    v = strtoull(text, &end, 10);
    if (*end)
        return ar_tool_fail("option --%s: '%s' is not a whole number", opt, text);
    if (errno == ERANGE)
        return ar_tool_fail("option --%s: %s is too large (at most %llu)", opt, text, ULLONG_MAX);
    if (v < min)
        return ar_tool_fail("option --%s: %s is too small (at least %llu)", opt, text,
                        (unsigned long long)min);
    *out = v;
    return 0;
}

enum { OPT_FLAG, OPT_VALUE };

/* The generic options, declared once: whether each takes a value, which
 * verbs take it (NULL: every verb that parses with cli_parse), and which
 * algorithm it is for (NULL: any). The parser rejects an option a verb or
 * the chosen algorithm does not take, and an option given twice. */
static const struct generic_option {
    const char *name;
    int kind;
    const char *verbs;      /* space-separated */
    const char *algorithms; /* space-separated; checked against --algo */
    unsigned solver_flag;   /* or a domain solver with this AR_SOLVER_* flag */
} generic_options[] = {
    {.name = "algo", .kind = OPT_VALUE, .verbs = "solve hint at play"},
    {.name = "heuristic", .kind = OPT_VALUE, .verbs = "solve hint at play"},
    {.name = "weight", .kind = OPT_VALUE, .verbs = "solve hint at play", .algorithms = "wastar", .solver_flag = AR_SOLVER_USES_WEIGHT},
    {.name = "beam-width", .kind = OPT_VALUE, .verbs = "solve hint at play", .algorithms = "beam"},
    {.name = "depth-limit", .kind = OPT_VALUE, .verbs = "solve hint at play", .algorithms = "dfs iddfs idastar"},
    {.name = "time-limit", .kind = OPT_VALUE, .verbs = "solve hint at play bfs pdb"},
    {.name = "memory-limit", .kind = OPT_VALUE, .verbs = "solve hint at play bfs pdb"},
    {.name = "node-limit", .kind = OPT_VALUE, .verbs = "solve hint at play"},
    {.name = "batch", .kind = OPT_FLAG, .verbs = "solve"},
    {.name = "threads", .kind = OPT_VALUE, .verbs = "solve pdb"},
    {.name = "json", .kind = OPT_FLAG},
    {.name = "quiet", .kind = OPT_FLAG},
    {.name = "progress", .kind = OPT_VALUE},
    {.name = "seed", .kind = OPT_VALUE, .verbs = "generate"},
    {.name = "moves-file", .kind = OPT_VALUE, .verbs = "verify"},
    {.name = "moves", .kind = OPT_VALUE, .verbs = "at"},
    {.name = NULL}};

/* Whether word (up to its first space: "pdb build" is "pdb") is one of the
 * space-separated words of list. */
static int in_list(const char *list, const char *word)
{
    size_t n = strcspn(word, " ");
    while (list && *list) {
        while (*list == ' ')
            list++;
        if (strncmp(list, word, n) == 0 && (list[n] == ' ' || list[n] == '\0'))
            return 1;
        list = strchr(list, ' ');
    }
    return 0;
}

static int apply_generic(cli *c, const char *name, const char *value)
{
    ar_search_options *s = &c->search;
    uint64_t u;
    if (strcmp(name, "algo") == 0)
        s->algorithm = value;
    else if (strcmp(name, "heuristic") == 0)
        s->heuristic = value;
    else if (strcmp(name, "weight") == 0)
        return parse_double(name, value, 1.0, &s->weight);
    else if (strcmp(name, "beam-width") == 0) {
        if (parse_u64(name, value, 1, &u))
            return AR_EXIT_BAD_INPUT;
        s->beam_width = (size_t)u;
    } else if (strcmp(name, "depth-limit") == 0) {
        if (parse_u64(name, value, 1, &u))
            return AR_EXIT_BAD_INPUT;
        if (u > 100000000u)
            return ar_tool_fail("option --depth-limit: %s is too large", value);
        s->depth_limit = (unsigned)u;
    } else if (strcmp(name, "time-limit") == 0) {
        if (parse_seconds(name, value, &s->limits.time_limit))
            return AR_EXIT_BAD_INPUT;
    } else if (strcmp(name, "memory-limit") == 0) {
        ar_error err;
        size_t bytes;
        if (ar_parse_size(value, &bytes, &err) != AR_OK)
            return ar_tool_fail("option --memory-limit: %s", err.message);
        if (bytes < 4096)
            return ar_tool_fail("option --memory-limit: %s is too small (at least 4K)", value);
        s->limits.memory_limit = bytes;
    } else if (strcmp(name, "node-limit") == 0)
        return parse_u64(name, value, 1, &s->limits.node_limit);
    else if (strcmp(name, "json") == 0)
        c->json = 1;
    else if (strcmp(name, "batch") == 0)
        c->batch = 1;
    else if (strcmp(name, "threads") == 0) {
        if (parse_u64(name, value, 1, &u))
            return AR_EXIT_BAD_INPUT;
        if (u > 256)
            return ar_tool_fail("option --threads: %s is too large (at most 256)", value);
        c->threads = (unsigned)u;
    }
    else if (strcmp(name, "quiet") == 0)
        c->quiet = 1;
    else if (strcmp(name, "progress") == 0) {
        if (strcmp(value, "json") == 0)
            c->progress_mode = AR_PROGRESS_JSON;
        else if (strcmp(value, "text") == 0)
            c->progress_mode = AR_PROGRESS_TEXT;
        else if (strcmp(value, "off") == 0)
            c->progress_mode = AR_PROGRESS_OFF;
        else if (strcmp(value, "auto") == 0)
            c->progress_mode = AR_PROGRESS_AUTO;
        else
            return ar_tool_fail("option --progress: '%s' is not one of auto, text, json, off", value);
    } else if (strcmp(name, "seed") == 0) {
        if (parse_u64(name, value, 0, &u))
            return AR_EXIT_BAD_INPUT;
        c->seed_text = value;
    } else if (strcmp(name, "moves-file") == 0)
        c->moves_file = value;
    else if (strcmp(name, "moves") == 0)
        c->at_moves = value;
    return 0;
}

/* Whether option g, if it belongs to some algorithms, fits --algo: one of
 * its generic algorithms, or a domain solver with its AR_SOLVER_* flag. */
static int option_fits_algorithm(const cli *c, const struct generic_option *g)
{
    const ar_domain_solver *ds;
    if (!g->algorithms || (c->search.algorithm && in_list(g->algorithms, c->search.algorithm)))
        return 1;
    ds = c->domain && c->search.algorithm ? ar_puzzle_solver(c->domain, c->search.algorithm) : NULL;
    return g->solver_flag && ds && (ds->flags & g->solver_flag);
}

static int refuse_for_algorithm(const cli *c, const struct generic_option *g)
{
    char list[200];
    size_t used = (size_t)snprintf(list, sizeof list, "%s", g->algorithms);
    const ar_domain_solver *ds;
    for (ds = c->domain ? c->domain->solvers : NULL; ds && ds->name && used < sizeof list; ds++)
        if (g->solver_flag && (ds->flags & g->solver_flag))
            used += (size_t)snprintf(list + used, sizeof list - used, " or %s", ds->name);
    return ar_tool_fail("option --%s applies to --algo %s only", g->name, list);
}

int cli_parse(cli *c, int argc, char **argv, int want_domain)
{
    int i, only_positional = 0;
    unsigned given = 0; /* generic options seen, by index */
    size_t phys;
    memset(c, 0, sizeof *c);
    ar_search_options_init(&c->search);
    c->progress_mode = AR_PROGRESS_AUTO;
    phys = ar_physical_memory();
    c->search.limits.memory_limit = phys ? phys / 4 * 3 : 0;
    c->search.limits.interrupt = &ar_tool_interrupted;
    c->verb = argv[0];
    i = 1;
    if (want_domain) {
        if (i >= argc || argv[i][0] == '-')
            return ar_tool_fail("%s: which domain? (see `ariadne list`)", c->verb);
        c->domain_name = argv[i];
        c->domain = ar_puzzle_find(argv[i]);
        if (!c->domain)
            return ar_tool_fail("unknown domain '%s' (see `ariadne list`)", argv[i]);
        i++;
    }
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!only_positional && strcmp(a, "--") == 0) {
            only_positional = 1;
            continue;
        }
        if (!only_positional && a[0] == '-' && a[1] == '-') {
            char name[64];
            const char *eq = strchr(a + 2, '='), *value = NULL;
            size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
            int k, kind = -1;
            const ar_option_spec *spec = NULL;
            if (len == 0 || len >= sizeof name)
                return ar_tool_fail("bad option '%s'", a);
            memcpy(name, a + 2, len);
            name[len] = '\0';
            for (k = 0; generic_options[k].name; k++)
                if (strcmp(generic_options[k].name, name) == 0) {
                    const struct generic_option *g = &generic_options[k];
                    if (g->verbs && !in_list(g->verbs, c->verb))
                        return ar_tool_fail("option --%s does not apply to %s (see `ariadne help %s`)",
                                            name, c->verb, c->verb);
                    if (given & (1u << k))
                        return ar_tool_fail("option --%s given twice", name);
                    given |= 1u << k;
                    kind = g->kind;
                }
            if (kind < 0 && c->domain && c->domain->options) {
                for (spec = c->domain->options; spec->name; spec++)
                    if (strcmp(spec->name, name) == 0)
                        break;
                if (!spec->name)
                    spec = NULL;
                if (spec)
                    kind = spec->metavar ? OPT_VALUE : OPT_FLAG;
            }
            if (kind < 0)
                return ar_tool_fail("unknown option --%s%s%s (see `ariadne help %s`)", name,
                                c->domain ? " for " : "", c->domain ? c->domain->name : "",
                                c->domain ? c->domain->name : c->verb);
            if (kind == OPT_VALUE) {
                if (eq)
                    value = eq + 1;
                else if (i + 1 < argc)
                    value = argv[++i];
                else
                    return ar_tool_fail("option --%s needs a value", name);
            } else if (eq) {
                return ar_tool_fail("option --%s takes no value", name);
            }
            if (spec) {
                int j;
                for (j = 0; j < c->param_count; j++)
                    if (strcmp(c->params[j].name, spec->name) == 0)
                        return ar_tool_fail("option --%s given twice", spec->name);
                if (c->param_count >= CLI_MAX_ARGS)
                    return ar_tool_fail("too many options");
                c->params[c->param_count].name = spec->name;
                c->params[c->param_count].value = value;
                c->param_count++;
            } else if (apply_generic(c, name, value)) {
                return AR_EXIT_BAD_INPUT;
            }
            continue;
        }
        if (!only_positional && strcmp(a, "-f") == 0) {
            if (i + 1 >= argc)
                return ar_tool_fail("option -f needs a file name");
            if (c->file)
                return ar_tool_fail("option -f given twice ('%s' and '%s')", c->file, argv[i + 1]);
            c->file = argv[++i];
            continue;
        }
        if (!only_positional && a[0] == '-' && a[1] && !isdigit((unsigned char)a[1]))
            return ar_tool_fail("unknown option %s (see `ariadne help %s`)", a, c->verb);
        if (c->positional_count >= CLI_MAX_ARGS)
            return ar_tool_fail("too many arguments");
        c->positional[c->positional_count++] = a;
    }
    /* An algorithm's own options need that algorithm. */
    {
        int k;
        for (k = 0; generic_options[k].name; k++)
            if ((given & (1u << k)) && !option_fits_algorithm(c, &generic_options[k]))
                return refuse_for_algorithm(c, &generic_options[k]);
    }
    if (c->threads && strcmp(c->verb, "solve") == 0 && !c->batch)
        return ar_tool_fail("option --threads applies to solve --batch only (one search runs on one core)");
    if (c->batch && !c->file)
        return ar_tool_fail("option --batch needs -f FILE (one instance per line)");
    if (c->batch && c->positional_count > 0)
        return ar_tool_fail("option --batch reads the instances from -f FILE, not from '%s'",
                            c->positional[0]);
    if (c->quiet)
        c->progress_mode = AR_PROGRESS_OFF;
    ar_progress_init(&c->progress, stderr, c->progress_mode, c->domain_name ? c->domain_name : c->verb);
    c->search.progress = &c->progress;
    return 0;
}

int cli_make_instance(cli *c, const char *text, ar_instance **inst)
{
    ar_error err;
    ar_status st;
    ar_error_clear(&err);
    if (c->file) {
        char why[300];
        if (text)
            return ar_tool_fail("give the instance either as an argument or with -f, not both");
        c->instance_text = ar_read_file(c->file, why, sizeof why);
        if (!c->instance_text)
            return ar_tool_fail("%s", why);
        text = c->instance_text;
    }
    st = c->domain->create(text, c->params, (size_t)c->param_count, inst, &err);
    if (st != AR_OK) {
        *inst = NULL;
        if (c->file)
            return ar_tool_fail("%s: %s", c->file, err.message[0] ? err.message : ar_status_name(st));
        return ar_tool_fail("%s: %s", c->domain->name, err.message[0] ? err.message : ar_status_name(st));
    }
    return 0;
}

unsigned cli_threads(unsigned requested)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return requested ? requested : n > 0 ? (unsigned)n : 1u;
}

void cli_free(cli *c)
{
    free(c->instance_text);
    c->instance_text = NULL;
}

