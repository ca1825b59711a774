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
#include "ariadne/local.h"
#include "ariadne/memory.h"

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

/* The generic verbs' own options, declared once: which verbs take each
 * (space-separated), and which algorithm it is for (NULL: any), or a domain
 * solver with this AR_SOLVER_* flag. The common options (--json, --quiet,
 * --progress, the limits, --seed, --threads) are ar_tool_parse's; common_for
 * says which verbs take them. */
static const struct verb_option {
    const char *name;
    ar_opt_kind kind;
    const char *verbs;
    const char *algorithms;
    unsigned solver_flag;
} verb_options[] = {
    {.name = "algo", .kind = AR_OPT_TEXT, .verbs = "solve hint at play"},
    {.name = "heuristic", .kind = AR_OPT_TEXT, .verbs = "solve hint at play"},
    {.name = "weight", .kind = AR_OPT_NUMBER, .verbs = "solve hint at play", .algorithms = "wastar",
     .solver_flag = AR_SOLVER_USES_WEIGHT},
    {.name = "beam-width", .kind = AR_OPT_UINT, .verbs = "solve hint at play", .algorithms = "beam"},
    {.name = "depth-limit", .kind = AR_OPT_UINT, .verbs = "solve hint at play", .algorithms = "dfs iddfs idastar"},
    {.name = "batch", .kind = AR_OPT_FLAG, .verbs = "solve"},
    {.name = "moves-only", .kind = AR_OPT_FLAG, .verbs = "solve"},
    {.name = "html", .kind = AR_OPT_TEXT, .verbs = "solve"},
    {.name = "visualise", .kind = AR_OPT_FLAG, .verbs = "solve"},
    {.name = "compare", .kind = AR_OPT_TEXT, .verbs = "solve"},
    {.name = "replay", .kind = AR_OPT_TEXT, .verbs = "solve"},
    {.name = "no-symmetry", .kind = AR_OPT_FLAG, .verbs = "bfs"},
    {.name = "moves-file", .kind = AR_OPT_TEXT, .verbs = "verify"},
    {.name = "moves", .kind = AR_OPT_TEXT, .verbs = "at"},
    {.name = NULL}};
enum { VERB_OPTION_COUNT = sizeof verb_options / sizeof verb_options[0] - 1 };

/* The verbs that parse with cli_parse, and which common options each takes. */
static unsigned common_for(const char *verb)
{
    unsigned out = AR_COMMON_OUTPUT;
    if (in_list("solve hint at play", verb))
        out |= AR_COMMON_LIMITS;
    if (in_list("bfs pdb", verb))
        out |= AR_COMMON_TIME_LIMIT | AR_COMMON_MEMORY_LIMIT;
    if (in_list("solve pdb bfs", verb))
        out |= AR_COMMON_THREADS;
    if (in_list("generate solve", verb))
        out |= AR_COMMON_SEED;
    return out;
}

/* Where each generic option's value goes. */
static void *verb_option_dest(cli *c, const char *name, uint64_t *beam, uint64_t *depth)
{
    if (strcmp(name, "algo") == 0)
        return &c->search.algorithm;
    if (strcmp(name, "heuristic") == 0)
        return &c->search.heuristic;
    if (strcmp(name, "weight") == 0)
        return &c->search.weight;
    if (strcmp(name, "beam-width") == 0)
        return beam;
    if (strcmp(name, "depth-limit") == 0)
        return depth;
    if (strcmp(name, "batch") == 0)
        return &c->batch;
    if (strcmp(name, "no-symmetry") == 0)
        return &c->no_symmetry;
    if (strcmp(name, "moves-only") == 0)
        return &c->moves_only;
    if (strcmp(name, "moves-file") == 0)
        return &c->moves_file;
    if (strcmp(name, "html") == 0)
        return &c->html;
    if (strcmp(name, "visualise") == 0)
        return &c->visualise;
    if (strcmp(name, "compare") == 0)
        return &c->compare;
    if (strcmp(name, "replay") == 0)
        return &c->replay_out;
    return &c->at_moves;
}

/* Whether option g, if it belongs to some algorithms, fits --algo: one of
 * its generic algorithms, or a domain solver with its AR_SOLVER_* flag. */
static int option_fits_algorithm(const cli *c, const struct verb_option *g)
{
    const ar_domain_solver *ds;
    if (!g->algorithms || (c->search.algorithm && in_list(g->algorithms, c->search.algorithm)))
        return 1;
    ds = c->domain && c->search.algorithm ? ar_puzzle_solver(c->domain, c->search.algorithm) : NULL;
    return g->solver_flag && ds && (ds->flags & g->solver_flag);
}

static int refuse_for_algorithm(const cli *c, const struct verb_option *g)
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
    ar_opt opts[VERB_OPTION_COUNT + 2 * CLI_MAX_ARGS + 3];
    const char *domain_values[CLI_MAX_ARGS], *local_values[CLI_MAX_ARGS];
    int domain_flags[CLI_MAX_ARGS], local_flags[CLI_MAX_ARGS], seen[VERB_OPTION_COUNT + 2 * CLI_MAX_ARGS + 3];
    uint64_t beam = 0, depth = 0;
    size_t n = 0, k, first_domain, first_local;
    const ar_option_spec *spec;
    char name[64], other[200];
    ar_tool_cmd cmd;
    int i = 1;
    memset(c, 0, sizeof *c);
    memset(opts, 0, sizeof opts);
    memset(seen, 0, sizeof seen);
    memset(domain_flags, 0, sizeof domain_flags);
    ar_search_options_init(&c->search);
    c->verb = argv[0];
    if (want_domain) {
        char q[80];
        if (i >= argc || argv[i][0] == '-')
            return ar_tool_fail("%s: which domain? (see `ariadne list`)", c->verb);
        c->domain_name = argv[i];
        c->domain = ar_puzzle_find(argv[i]);
        if (!c->domain)
            return ar_tool_fail("unknown domain '%s' (see `ariadne list`)", ar_tool_quote(argv[i], 40, q, sizeof q));
        i++;
    }
    for (k = 0; k < VERB_OPTION_COUNT; k++) {
        const struct verb_option *g = &verb_options[k];
        if (!in_list(g->verbs, c->verb))
            continue;
        opts[n] = (ar_opt){.name = g->name, .kind = g->kind, .dest = verb_option_dest(c, g->name, &beam, &depth),
                           .seen = &seen[n]};
        if (strcmp(g->name, "weight") == 0)
            opts[n].lo = 1.0, opts[n].hi = 1e6;
        if (strcmp(g->name, "beam-width") == 0)
            opts[n].min = 1, opts[n].max = 1000000000;
        if (strcmp(g->name, "depth-limit") == 0)
            opts[n].min = 1, opts[n].max = 100000000;
        n++;
    }
    if (!in_list("list help bench", c->verb))
        opts[n] = (ar_opt){.name = "f", .kind = AR_OPT_TEXT, .dest = &c->file, .metavar = "FILE", .seen = &seen[n]},
        n++;
    first_domain = n;
    for (spec = c->domain ? c->domain->options : NULL, k = 0; spec && spec->name && k < CLI_MAX_ARGS; spec++, k++) {
        opts[n] = (ar_opt){.name = spec->name, .kind = spec->metavar ? AR_OPT_TEXT : AR_OPT_FLAG,
                           .dest = spec->metavar ? (void *)&domain_values[k] : (void *)&domain_flags[k],
                           .metavar = spec->metavar, .seen = &seen[n]};
        n++;
    }
    /* The local-search strategies' options, for a domain with a local view
     * (ar_solve checks that they fit the chosen strategy), and --trace. */
    first_local = n;
    if (c->domain && c->domain->local && in_list("solve hint at play", c->verb)) {
        const ar_local_strategy *ls;
        for (ls = ar_local_strategies(), k = 0; ls->name; ls++)
            for (spec = ls->options; spec && spec->name && k < CLI_MAX_ARGS; spec++) {
                size_t j;
                for (j = first_local; j < n && strcmp(opts[j].name, spec->name) != 0; j++)
                    ;
                if (j < n)
                    continue; /* shared by several strategies */
                opts[n] = (ar_opt){.name = spec->name, .kind = spec->metavar ? AR_OPT_TEXT : AR_OPT_FLAG,
                                   .dest = spec->metavar ? (void *)&local_values[k] : (void *)&local_flags[k],
                                   .metavar = spec->metavar, .seen = &seen[n]};
                n++, k++;
            }
        if (strcmp(c->verb, "solve") == 0)
            opts[n] = (ar_opt){.name = "trace", .kind = AR_OPT_TEXT, .dest = &c->trace_file, .metavar = "FILE",
                               .seen = &seen[n]},
            n++;
    }
    opts[n].name = NULL;
    snprintf(name, sizeof name, "%s%s%s", c->verb, c->domain ? " " : "", c->domain ? c->domain->name : "");
    for (k = 0, other[0] = '\0'; k < VERB_OPTION_COUNT; k++)
        if (!in_list(verb_options[k].verbs, c->verb))
            snprintf(other + strlen(other), sizeof other - strlen(other), "%s ", verb_options[k].name);
    cmd = (ar_tool_cmd){.name = name, .help_topic = c->domain ? c->domain->name : c->verb,
                        .common = common_for(c->verb), .options = opts, .max_args = CLI_MAX_ARGS,
                        .other_options = other};
    if (ar_tool_parse(&cmd, argc, argv, i))
        return AR_EXIT_BAD_INPUT;
    for (k = 0; k < cmd.nargs; k++)
        c->positional[c->positional_count++] = cmd.args[k];
    for (k = first_domain; k < first_local; k++)
        if (seen[k]) {
            c->params[c->param_count].name = opts[k].name;
            c->params[c->param_count].value = opts[k].kind == AR_OPT_TEXT ? *(const char **)opts[k].dest : NULL;
            c->param_count++;
        }
    for (k = first_local; k < n; k++)
        if (seen[k] && strcmp(opts[k].name, "trace") != 0) {
            c->algo_params[c->algo_param_count].name = opts[k].name;
            c->algo_params[c->algo_param_count].value =
                opts[k].kind == AR_OPT_TEXT ? *(const char **)opts[k].dest : NULL;
            c->algo_param_count++;
        }
    c->search.algo_params = c->algo_params;
    c->search.algo_param_count = (size_t)c->algo_param_count;
    c->search.beam_width = (size_t)beam;
    c->search.depth_limit = (unsigned)depth;
    c->search.limits = cmd.limits;
    c->json = cmd.json;
    c->quiet = cmd.quiet;
    c->progress_mode = cmd.progress_mode;
    c->threads = cmd.threads;
    c->seed = cmd.seed;
    c->seed_given = (cmd.given & AR_COMMON_SEED) != 0;
    c->search.seed = cmd.seed;
    c->memory_given = (cmd.given & AR_COMMON_MEMORY_LIMIT) != 0;
    /* An algorithm's own options need that algorithm. */
    for (k = 0; k < first_domain; k++) {
        const struct verb_option *g;
        if (!seen[k] || opts[k].name[1] == '\0')
            continue;
        for (g = verb_options; g->name; g++)
            if (strcmp(g->name, opts[k].name) == 0 && !option_fits_algorithm(c, g))
                return refuse_for_algorithm(c, g);
    }
    if (c->threads && strcmp(c->verb, "solve") == 0 && !c->batch)
        return ar_tool_fail("option --threads applies to solve --batch only (one search runs on one core)");
    if (c->batch && c->trace_file)
        return ar_tool_fail("option --trace traces one run, not --batch");
    if (c->batch && (c->html || c->replay_out))
        return ar_tool_fail("option --%s shows one run, not --batch", c->html ? "html" : "replay");
    if (c->moves_only && (c->json || c->batch))
        return ar_tool_fail("option --moves-only does not go with --%s", c->json ? "json" : "batch");
    if (c->batch && !c->file)
        return ar_tool_fail("option --batch needs -f FILE (one instance per line)");
    if (c->batch && c->positional_count > 0)
        return ar_tool_fail("option --batch reads the instances from -f FILE, not from '%s'",
                            c->positional[0]);
    c->progress = cmd.progress;
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
    /* An instance given but empty is a mistake (an empty file, a variable
     * that was not set), not a request for the default instance. */
    if (text) {
        const char *t = text;
        while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
            t++;
        if (!*t) {
            *inst = NULL;
            return ar_tool_fail("%s: %s: empty instance (give none for the default one)", c->domain->name,
                                c->file ? c->file : "the instance argument");
        }
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


void cli_note_memory_default(const cli *c, ar_result *res)
{
    char mem[32];
    size_t n = strlen(res->note);
    if (res->outcome != AR_OUTCOME_STOPPED || res->stop != AR_STOP_MEMORY || c->memory_given)
        return;
    snprintf(res->note + n, sizeof res->note - n, "%sthe default memory limit is %s (half of this machine's "
             "memory, at most 8 GiB): option --memory-limit raises it", n ? "; " : "",
             ar_format_bytes(c->search.limits.memory_limit, mem, sizeof mem));
}
