/* andor.c — `solve` and `verify` for AND-OR domains (andor.h), and their
 * lines in `ariadne help` and `ariadne list`. `solve` and `verify` hand over
 * here when the domain named is an AND-OR domain rather than a puzzle; the
 * options are parsed by ar_tool_parse like every verb's: --algo aostar |
 * andor-dfs, --heuristic, --futility (AO*), --tree (print the tree alone, the
 * text verify reads), -f FILE, the domain's own options, the limits and
 * --json. The solution is printed only when the search is over: the tree, the
 * domain's answer (itself checked), the cost and whether it is proven. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/andor.h"
#include "ariadne/memory.h"

#define MAX_DOMAIN_OPTIONS 16

typedef struct andor_cli {
    const ar_andor_domain *d;
    ar_tool_cmd cmd;
    ar_opt opts[MAX_DOMAIN_OPTIONS + 8];
    const char *values[MAX_DOMAIN_OPTIONS];
    int flags[MAX_DOMAIN_OPTIONS], seen[MAX_DOMAIN_OPTIONS + 8];
    ar_param params[MAX_DOMAIN_OPTIONS];
    size_t nparams;
    const char *algo, *heuristic, *file, *tree_file;
    uint64_t futility;
    int tree_only;
    char name[80];
    char *file_text;
} andor_cli;

/* Parses `VERB DOMAIN ...`; solve and verify take different options. */
static int parse(andor_cli *a, int argc, char **argv, int verify)
{
    const ar_option_spec *spec;
    size_t n = 0, first, k;
    memset(a, 0, sizeof *a);
    a->d = ar_andor_domain_find(argv[1]);
    a->opts[n++] = (ar_opt){.name = "f", .kind = AR_OPT_TEXT, .dest = &a->file, .metavar = "FILE"};
    if (verify)
        a->opts[n++] = (ar_opt){.name = "tree-file", .kind = AR_OPT_TEXT, .dest = &a->tree_file,
                                .metavar = "FILE"};
    else {
        a->opts[n++] = (ar_opt){.name = "algo", .kind = AR_OPT_CHOICE, .dest = NULL,
                                .choices = "aostar andor-dfs"};
        a->opts[n++] = (ar_opt){.name = "heuristic", .kind = AR_OPT_TEXT, .dest = &a->heuristic,
                                .metavar = "H"};
        a->opts[n++] = (ar_opt){.name = "futility", .kind = AR_OPT_UINT, .dest = &a->futility,
                                .min = 1, .metavar = "C"};
        a->opts[n++] = (ar_opt){.name = "tree", .kind = AR_OPT_FLAG, .dest = &a->tree_only};
    }
    first = n;
    for (spec = a->d->options, k = 0; spec && spec->name && k < MAX_DOMAIN_OPTIONS; spec++, k++)
        a->opts[n++] = (ar_opt){.name = spec->name, .kind = spec->metavar ? AR_OPT_TEXT : AR_OPT_FLAG,
                                .dest = spec->metavar ? (void *)&a->values[k] : (void *)&a->flags[k],
                                .metavar = spec->metavar, .seen = &a->seen[k]};
    a->opts[n].name = NULL;
    snprintf(a->name, sizeof a->name, "%s %s", argv[0], a->d->name);
    a->cmd = (ar_tool_cmd){.name = a->name, .help_topic = a->d->name,
                           .common = AR_COMMON_OUTPUT | (verify ? 0 : AR_COMMON_LIMITS),
                           .options = a->opts, .max_args = 1, .args_usage = "INSTANCE",
                           .other_options = verify ? "algo heuristic futility tree weight beam-width "
                                                     "depth-limit moves-file"
                                                   : "tree-file moves-file weight beam-width depth-limit"};
    {
        int algo_index = -1;
        if (!verify)
            a->opts[1].dest = &algo_index;
        if (ar_tool_parse(&a->cmd, argc, argv, 2))
            return AR_EXIT_BAD_INPUT;
        a->algo = algo_index == 1 ? "andor-dfs" : "aostar";
    }
    for (k = 0; k < n - first; k++)
        if (a->seen[k]) {
            a->params[a->nparams].name = a->opts[first + k].name;
            a->params[a->nparams].value = a->opts[first + k].kind == AR_OPT_TEXT ? a->values[k] : NULL;
            a->nparams++;
        }
    if (!verify && strcmp(a->algo, "andor-dfs") == 0 && (a->heuristic || a->futility))
        return ar_tool_fail("option --%s applies to --algo aostar only", a->heuristic ? "heuristic" : "futility");
    return 0;
}

/* The problem from INSTANCE or -f FILE and the domain's options. */
static int make(andor_cli *a, ar_andor_problem **prob)
{
    const char *text = a->cmd.nargs ? a->cmd.args[0] : NULL;
    ar_error err;
    *prob = NULL;
    if (a->file) {
        char why[300];
        if (text)
            return ar_tool_fail("give the instance either as an argument or with -f, not both");
        a->file_text = ar_read_file(a->file, why, sizeof why);
        if (!a->file_text)
            return ar_tool_fail("%s", why);
        text = a->file_text;
    }
    if (text && !text[strspn(text, " \t\r\n")])
        return ar_tool_fail("%s: %s: empty instance (give none for the default one)", a->d->name,
                            a->file ? a->file : "the instance argument");
    ar_error_clear(&err);
    if (a->d->create(text, a->params, a->nparams, prob, &err) != AR_OK) {
        char words[AR_ERROR_MESSAGE_MAX];
        ar_tool_option_words(err.message, words, sizeof words);
        return ar_tool_fail("%s: %s", a->file ? a->file : a->d->name, words);
    }
    return 0;
}

static void json_field(const char *key, const char *value)
{
    printf(",\"%s\":", key);
    if (value)
        ar_json_string(stdout, value);
    else
        fputs("null", stdout);
}

int cli_andor_solve(int argc, char **argv)
{
    andor_cli a;
    ar_andor_problem *prob = NULL;
    ar_andor_options o;
    ar_andor_result r;
    ar_error err;
    char desc[512], mem[32];
    char *tree = NULL, *answer = NULL;
    int rc = parse(&a, argc, argv, 0);
    if (rc == 0)
        rc = make(&a, &prob);
    if (rc) {
        free(a.file_text);
        return rc;
    }
    ar_tool_install_sigint();
    ar_andor_options_init(&o);
    o.search.algorithm = a.algo;
    o.search.heuristic = a.heuristic;
    o.search.limits = a.cmd.limits;
    o.search.progress = &a.cmd.progress;
    o.futility = a.futility;
    ar_error_clear(&err);
    if (ar_andor_solve(a.d, prob, &o, &r, &err) != AR_OK) {
        char words[AR_ERROR_MESSAGE_MAX];
        ar_progress_finish(&a.cmd.progress);
        ar_tool_option_words(err.message, words, sizeof words);
        rc = ar_tool_error(err.status == AR_ERR_INPUT ? AR_EXIT_BAD_INPUT : AR_EXIT_LIMIT, "%s: %s",
                           a.d->name, words);
        a.d->destroy(prob);
        free(a.file_text);
        return rc;
    }
    ar_progress_finish(&a.cmd.progress);
    a.d->describe(prob, desc, sizeof desc);
    if (r.search.outcome == AR_OUTCOME_SOLVED) {
        tree = ar_andor_tree_text(a.d, prob, &r.solution);
        ar_status ast = a.d->answer ? a.d->answer(prob, &r.solution, &answer, &err) : AR_OK;
        if (ast == AR_ERR_UNSUPPORTED) {
            /* a capacity limit of the domain's answer (its text's length), not a wrong
             * solution: the tree stands, its answer is not given */
            free(answer);
            answer = NULL;
            rc = ar_tool_error(AR_EXIT_LIMIT, "%s: the answer cannot be given: %s", a.d->name, err.message);
        } else if (ast != AR_OK) {
            /* the solver's own solution failed the domain's check: a bug, said plainly */
            free(answer);
            answer = NULL;
            rc = ar_tool_error(AR_EXIT_NO_SOLUTION, "%s: the solution fails its check: %s", a.d->name,
                               err.message);
        }
    }
    if (a.tree_only && tree && !a.cmd.json) {
        fputs(tree, stdout);
    } else if (a.cmd.json) {
        printf("{\"domain\":");
        ar_json_string(stdout, a.d->name);
        json_field("instance", desc);
        json_field("algorithm", r.search.algorithm);
        json_field("heuristic", r.search.heuristic);
        json_field("status", ar_outcome_name(r.search.outcome));
        if (r.search.outcome == AR_OUTCOME_SOLVED)
            printf(",\"cost\":%" PRIu64, r.search.cost);
        printf(",\"optimal\":%s", r.search.optimal ? "true" : "false");
        json_field("tree", tree);
        json_field("answer", answer);
        json_field("stop_reason", r.search.stop ? ar_stop_reason_name(r.search.stop) : NULL);
        if (r.search.has_lower_bound)
            printf(",\"lower_bound\":%" PRIu64, r.search.lower_bound);
        printf(",\"nodes_expanded\":%" PRIu64 ",\"nodes_generated\":%" PRIu64 ",\"graph_nodes\":%" PRIu64
               ",\"cycles_left_out\":%" PRIu64 ",\"seconds\":%.6f,\"peak_bytes\":%zu",
               r.search.expanded, r.search.generated, r.graph_nodes, r.set_aside, r.search.seconds,
               r.search.peak_bytes);
        json_field("note", r.search.note);
        puts("}");
    } else {
        printf("domain:      %s (%s)\n", a.d->name, desc);
        printf("algorithm:   %s", r.search.algorithm);
        if (r.search.heuristic)
            printf(" (heuristic %s)", r.search.heuristic);
        putchar('\n');
        if (tree)
            printf("solution (the tree `ariadne verify %s ... --tree-file FILE` checks; --tree prints it "
                   "alone):\n%s", a.d->name, tree);
        if (answer)
            printf("answer:      %s\n", answer);
        if (r.search.outcome == AR_OUTCOME_SOLVED)
            printf("cost:        %" PRIu64 "\noptimal:     %s\n", r.search.cost,
                   r.search.optimal ? "yes (proven)" : "not proven");
        printf("status:      %s\n", r.search.outcome == AR_OUTCOME_SOLVED       ? "solved"
                                    : r.search.outcome == AR_OUTCOME_NO_SOLUTION ? "no solution"
                                                                                 : "stopped");
        printf("note:        %s\n", r.search.note);
        if (r.search.has_lower_bound && !r.search.optimal)
            printf("lower bound: %" PRIu64 " (proven: no solution costs less)\n", r.search.lower_bound);
        printf("nodes:       %" PRIu64 " expanded, %" PRIu64 " generated, %" PRIu64 " in the graph\n",
               r.search.expanded, r.search.generated, r.graph_nodes);
        printf("time:        %.3f s\n", r.search.seconds);
        printf("peak memory: %s\n", ar_format_bytes(r.search.peak_bytes, mem, sizeof mem));
    }
    if (rc == 0)
        rc = r.search.outcome == AR_OUTCOME_SOLVED       ? AR_EXIT_OK
             : r.search.outcome == AR_OUTCOME_NO_SOLUTION ? AR_EXIT_NO_SOLUTION
                                                          : AR_EXIT_LIMIT;
    free(tree);
    free(answer);
    ar_andor_result_free(&r);
    a.d->destroy(prob);
    free(a.file_text);
    return rc;
}

int cli_andor_verify(int argc, char **argv)
{
    andor_cli a;
    ar_andor_problem *prob = NULL;
    ar_andor_verdict v;
    ar_error err;
    char *tree = NULL, why[300];
    ar_status st;
    int rc = parse(&a, argc, argv, 1);
    if (rc)
        return rc;
    if (!a.tree_file)
        return ar_tool_fail("verify %s: which tree? give --tree-file FILE (- for standard input), "
                            "the text `ariadne solve %s ... --tree` prints", a.d->name, a.d->name);
    tree = ar_read_file(a.tree_file, why, sizeof why);
    if (!tree)
        return ar_tool_fail("%s", why);
    rc = make(&a, &prob);
    if (rc) {
        free(tree);
        free(a.file_text);
        return rc;
    }
    ar_error_clear(&err);
    st = ar_andor_verify(a.d, prob, tree, &v, &err);
    if (st != AR_OK)
        rc = ar_tool_error(st == AR_ERR_INPUT ? AR_EXIT_BAD_INPUT : AR_EXIT_LIMIT, "verify %s: %s: %s",
                           a.d->name, strcmp(a.tree_file, "-") ? a.tree_file : "the tree", err.message);
    else if (a.cmd.json) {
        printf("{\"domain\":");
        ar_json_string(stdout, a.d->name);
        printf(",\"valid\":true,\"solved\":%s,\"cost\":%" PRIu64 ",\"lines\":%" PRIu64,
               v.solved ? "true" : "false", v.cost, v.lines);
        json_field("why", v.solved ? NULL : v.why);
        puts("}");
    } else if (v.solved)
        printf("solved: the tree's %" PRIu64 " lines check against the problem, cost %" PRIu64 "\n",
               v.lines, v.cost);
    else
        printf("not solved: %s\n", v.why);
    if (st == AR_OK)
        rc = v.solved ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
    free(tree);
    a.d->destroy(prob);
    free(a.file_text);
    return rc;
}

int cli_is_andor(int argc, char **argv)
{
    return argc > 1 && !ar_puzzle_find(argv[1]) && ar_andor_domain_find(argv[1]) != NULL;
}

/* --- help and list --- */

void cli_andor_help(const ar_andor_domain *d)
{
    const ar_option_spec *o;
    const ar_andor_heuristic *h;
    const ar_andor_example *x;
    const ar_andor_algorithm *al;
    printf("%s — %s (an AND-OR domain: problem reduction)\n\n%s\n", d->name, d->summary, d->help);
    if (d->options && d->options[0].name) {
        puts("\nOptions:");
        for (o = d->options; o->name; o++) {
            char left[64];
            snprintf(left, sizeof left, "--%s%s%s", o->name, o->metavar ? " " : "",
                     o->metavar ? o->metavar : "");
            printf("  %-20s %s\n", left, o->help);
        }
    }
    puts("\nAlgorithms (--algo; the first is the default):");
    for (al = ar_andor_algorithms(); al->name; al++)
        printf("  %-20s %s\n", al->name, al->summary);
    if (d->heuristics && d->heuristics[0].name) {
        puts("\nHeuristics for aostar (the first is the default):");
        for (h = d->heuristics; h->name; h++)
            printf("  %-20s %s%s\n", h->name, h->summary,
                   (h->flags & AR_HEURISTIC_ADMISSIBLE) ? " [admissible]" : " [not admissible]");
    }
    puts("\nExamples:");
    for (x = d->examples; x && x->note; x++) {
        char buf[256], line[512];
        ar_param params[8];
        size_t n, i, used;
        snprintf(buf, sizeof buf, "%s", x->options ? x->options : "");
        n = ar_param_split(buf, params, 8);
        used = (size_t)snprintf(line, sizeof line, "ariadne solve %s", d->name);
        for (i = 0; i < n && used < sizeof line; i++)
            used += (size_t)snprintf(line + used, sizeof line - used, " --%s%s%s", params[i].name,
                                     params[i].value ? " " : "", params[i].value ? params[i].value : "");
        if (x->instance && used < sizeof line && !strchr(x->instance, '\n'))
            snprintf(line + used, sizeof line - used, " '%s'", x->instance);
        if (x->instance && strchr(x->instance, '\n'))
            continue; /* a multi-line instance is for the tests, not the command line */
        printf("  %s\n      %s\n", line, x->note);
    }
    printf("\nThe tree a solution prints is checked by `ariadne verify %s [INSTANCE] --tree-file FILE`\n"
           "(docs/methods.md: AND-OR graphs and AO*).\n", d->name);
}

void cli_andor_list(void)
{
    const ar_andor_domain *const *d;
    puts("\nAND-OR domains (problem reduction: ariadne solve / verify, --algo aostar | andor-dfs):");
    for (d = ar_andor_domains(); *d; d++)
        printf("  %-12s %s\n", (*d)->name, (*d)->summary);
}
