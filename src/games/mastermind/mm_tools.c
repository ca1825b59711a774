/* mm_tools.c — Mastermind's verbs: `ariadne mastermind-strategy` (a whole
 * strategy, one-step or optimal, with its totals and its tree file),
 * `ariadne verify mastermind FILE` (a tree file checked against every code)
 * and the table of the game's tools (the line-protocol ones are in
 * mm_protocol.c).
 *
 * Every strategy printed has been played against every code by the same
 * check `verify` runs (ar_mm_tree_check): the figures printed are that
 * check's, not the search's own claims. */
#include "mm_game.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/search.h"
#include "ariadne/timer.h"

/* "codes":...,"distribution":[...],... for a JSON object. */
static void json_stats(FILE *out, const mm_stats *st)
{
    int k;
    fprintf(out, "\"codes\":%u,\"found\":%u,\"total\":%" PRIu64 ",\"average\":%.6f,\"worst\":%d,\"distribution\":[",
           (unsigned)st->codes, (unsigned)st->found, st->total, st->codes ? (double)st->total / st->codes : 0.0,
           st->worst);
    for (k = 1; k <= st->worst; k++)
        fprintf(out, "%s%u", k > 1 ? "," : "", (unsigned)st->with[k]);
    fprintf(out, "],\"guesses_in_tree\":%u", (unsigned)st->nodes);
}

static void text_stats(FILE *out, const mm_stats *st)
{
    char dist[300];
    ar_mm_stats_distribution(st, dist, sizeof dist);
    fprintf(out, "%" PRIu64 " guesses in all (average %.4f), at most %d; codes found with 1, 2, ... guesses: %s\n",
           st->total, (double)st->total / st->codes, st->worst, dist);
}

/* -------------------------------------------------------------- verify */

static int verify_tool(int argc, char **argv)
{
    ar_tool_cmd cmd = {.name = "verify mastermind", .help_topic = "mastermind", .common = AR_COMMON_JSON,
                       .min_args = 1, .max_args = 1, .args_usage = "FILE"};
    char why[300];
    char *text;
    mm_rules r;
    mm_node *root;
    mm_stats st;
    ar_error err;
    int rc = ar_tool_parse(&cmd, argc, argv, 2), ok;
    if (rc)
        return rc;
    text = ar_read_file(cmd.args[0], why, sizeof why);
    if (!text)
        return ar_tool_fail("verify mastermind: %s", why);
    ar_error_clear(&err);
    if (ar_mm_tree_read(text, cmd.args[0], &r, &root, &err) != AR_OK) {
        free(text);
        return ar_tool_fail("verify mastermind: %s", err.message);
    }
    free(text);
    ok = ar_mm_tree_check(&r, root, &st);
    if (cmd.json) {
        printf("{\"game\":\"mastermind\",\"file\":");
        ar_json_string(stdout, cmd.args[0]);
        printf(",\"pegs\":%d,\"colours\":%d,\"valid\":%s,", r.pegs, r.colours, ok ? "true" : "false");
        json_stats(stdout, &st);
        if (!ok) {
            printf(",\"reason\":");
            ar_json_string(stdout, st.why);
        }
        printf("}\n");
        rc = ok ? 0 : AR_EXIT_NO_SOLUTION;
    } else if (ok) {
        printf("%s: a strategy for %d pegs and %d colours that finds all %u codes\n", cmd.args[0], r.pegs,
               r.colours, (unsigned)r.codes);
        text_stats(stdout, &st);
    } else {
        rc = ar_tool_error(AR_EXIT_NO_SOLUTION, "verify mastermind: %s: %s", cmd.args[0], st.why);
    }
    ar_mm_tree_free(root);
    ar_mm_rules_free(&r);
    return rc;
}

/* ---------------------------------------------------------- strategies */

static const char strategy_choices[] = "knuth irving entropy parts consistent optimal";
#define OPTIMAL MM_RULES /* the index of "optimal" in strategy_choices */

/* Plays one rule against every code. */
static ar_status rule_tree(const mm_rules *r, mm_rule rule, int threads, int has_first, uint32_t first, ar_run *run,
                           mm_node **root, ar_error *err)
{
    mm_rule_chooser *c = ar_mm_rule_chooser_new(r, rule);
    mm_chooser ch;
    mm_build_options o;
    ar_status st;
    if (!c)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ch = ar_mm_rule_chooser(c);
    memset(&o, 0, sizeof o);
    o.threads = threads;
    o.has_first = has_first;
    o.first = first;
    o.run = run;
    st = ar_mm_build(r, &ch, &o, root, err);
    ar_mm_rule_chooser_free(c);
    return st;
}

/* The best one-step strategy that keeps within max_guesses (0: any), as the
 * search's starting point; NULL when none does. Built under the run, so a
 * limit or Ctrl-C stops here too, keeping the rules finished so far. */
static mm_node *best_rule(const mm_rules *r, int threads, int max_guesses, ar_run *run, uint64_t *total,
                          const char **name)
{
    mm_node *best = NULL;
    int rule;
    for (rule = 0; rule < MM_CONSISTENT; rule++) {
        mm_node *t;
        mm_stats st;
        ar_error err;
        if (rule_tree(r, (mm_rule)rule, threads, 0, 0, run, &t, &err) != AR_OK) {
            if (run->stop)
                break;
            continue;
        }
        if (ar_mm_tree_check(r, t, &st) && (!max_guesses || st.worst <= max_guesses) &&
            (!best || st.total < *total)) {
            ar_mm_tree_free(best);
            best = t;
            *total = st.total;
            *name = ar_mm_rule_names[rule];
        } else {
            ar_mm_tree_free(t);
        }
    }
    return best;
}

static int strategy_tool(int argc, char **argv)
{
    int strategy = MM_KNUTH, rc, threads, proven = 0, stopped = 0, found_by_search = 0;
    uint64_t pegs = 4, colours = 6, max_guesses = 0, lower = 0, upper_total = 0, search_nodes = 0;
    const char *first_text = NULL, *output = NULL, *upper_name = NULL;
    int given_max = 0;
    const ar_opt opts[] = {
        {.name = "strategy", .kind = AR_OPT_CHOICE, .dest = &strategy, .choices = strategy_choices, .metavar = "NAME"},
        {.name = "pegs", .kind = AR_OPT_UINT, .dest = &pegs, .min = 1, .max = MM_MAX_PEGS, .metavar = "P"},
        {.name = "colours", .kind = AR_OPT_UINT, .dest = &colours, .min = 2, .max = MM_MAX_COLOURS, .metavar = "C"},
        {.name = "max-guesses", .kind = AR_OPT_UINT, .dest = &max_guesses, .min = 1, .max = 16, .metavar = "D",
         .seen = &given_max},
        {.name = "first", .kind = AR_OPT_TEXT, .dest = &first_text, .metavar = "CODE"},
        {.name = "output", .kind = AR_OPT_TEXT, .dest = &output, .metavar = "FILE"},
        {.name = NULL}};
    ar_tool_cmd cmd = {.name = "mastermind-strategy", .help_topic = "mastermind-strategy",
                       .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_MEMORY_LIMIT | AR_COMMON_THREADS,
                       .options = opts};
    mm_rules r;
    mm_node *tree = NULL;
    mm_stats st;
    ar_error err;
    ar_search_options so;
    ar_result rr;
    ar_run run;
    uint32_t first = 0;
    double t0;
    char what[64];
    int to_stdout;
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    to_stdout = output && strcmp(output, "-") == 0;
    if (to_stdout && cmd.json)
        return ar_tool_fail("mastermind-strategy: --json and --output - both want standard output");
    if (given_max && strategy != OPTIMAL)
        return ar_tool_fail("mastermind-strategy: --max-guesses applies to --strategy optimal (a one-step rule "
                            "does not look ahead; its worst case is printed)");
    if (first_text && strategy == OPTIMAL)
        return ar_tool_fail("mastermind-strategy: --first does not apply to --strategy optimal, which tries "
                            "every first guess");
    ar_error_clear(&err);
    if (ar_mm_rules_init(&r, (int)pegs, (int)colours, &err) != AR_OK)
        return ar_tool_fail("mastermind-strategy: %s", err.message);
    if (ar_mm_rules_table(&r, &err) != AR_OK) { /* small games: every answer in a table, quicker */
        ar_mm_rules_free(&r);
        return ar_tool_error(AR_EXIT_LIMIT, "mastermind-strategy: %s", err.message);
    }
    if (first_text && ar_mm_parse_code(&r, first_text, strlen(first_text), &first, &err) != AR_OK) {
        ar_mm_rules_free(&r);
        return ar_tool_fail("mastermind-strategy: --first: %s", err.message);
    }
    if (r.codes > (strategy == OPTIMAL ? MM_TABLE_MAX : MM_DENSE_MAX)) {
        ar_mm_rules_free(&r);
        return ar_tool_fail("mastermind-strategy: %u pegs and %u colours make %u codes: %s is for games of at "
                            "most %u codes",
                            (unsigned)pegs, (unsigned)colours, (unsigned)r.codes,
                            strategy == OPTIMAL ? "the exhaustive search" : "a whole strategy",
                            strategy == OPTIMAL ? MM_TABLE_MAX : MM_DENSE_MAX);
    }
    threads = (int)ar_tool_threads(&cmd);
    ar_search_options_init(&so);
    so.limits = cmd.limits;
    so.progress = &cmd.progress;
    ar_result_init(&rr);
    ar_run_begin(&run, &so, &rr);
    ar_tool_install_sigint();
    t0 = ar_now();
    if (strategy == OPTIMAL) {
        mm_optimal_options oo;
        mm_optimal_result res;
        tree = best_rule(&r, threads, (int)max_guesses, &run, &upper_total, &upper_name);
        memset(&oo, 0, sizeof oo);
        oo.max_guesses = (int)max_guesses;
        oo.threads = threads;
        oo.run = &run;
        oo.upper = tree ? upper_total : 0;
        if (ar_mm_optimal(&r, &oo, &res, &err) != AR_OK) {
            ar_mm_tree_free(tree);
            ar_mm_rules_free(&r);
            return ar_tool_error(ar_tool_exit_for(err.status), "mastermind-strategy: %s", err.message);
        }
        if (res.found) {
            ar_mm_tree_free(tree);
            tree = res.tree;
        }
        found_by_search = res.found;
        proven = res.complete;
        stopped = !res.complete;
        lower = res.lower;
        search_nodes = res.nodes;
        if (res.complete && !tree) {
            ar_progress_finish(&cmd.progress);
            ar_mm_rules_free(&r);
            return ar_tool_error(AR_EXIT_NO_SOLUTION, "mastermind-strategy: no strategy finds every code of %u pegs "
                                 "and %u colours within %u guesses (proven by exhaustive search)",
                                 (unsigned)pegs, (unsigned)colours, (unsigned)max_guesses);
        }
        if (!tree) {
            ar_progress_finish(&cmd.progress);
            ar_mm_rules_free(&r);
            return ar_tool_error(AR_EXIT_LIMIT, "mastermind-strategy: stopped (%s) before any strategy was found",
                                 ar_stop_reason_name(run.stop));
        }
        if (res.found && res.complete)
            snprintf(what, sizeof what, "optimal%s", max_guesses ? " within the guesses allowed" : "");
        else if (res.found)
            snprintf(what, sizeof what, "the search's best so far");
        else
            snprintf(what, sizeof what, "%s (the search's start)", upper_name);
    } else {
        ar_status s = rule_tree(&r, (mm_rule)strategy, threads, first_text != NULL, first, &run, &tree, &err);
        if (s != AR_OK) {
            ar_progress_finish(&cmd.progress);
            ar_mm_rules_free(&r);
            if (s == AR_ERR_LIMIT)
                return ar_tool_error(AR_EXIT_LIMIT, "mastermind-strategy: stopped (%s) before the strategy was "
                                     "complete", ar_stop_reason_name(run.stop));
            return ar_tool_fail("mastermind-strategy: %s", err.message);
        }
        snprintf(what, sizeof what, "%s", ar_mm_rule_names[strategy]);
    }
    ar_progress_finish(&cmd.progress);
    if (!ar_mm_tree_check(&r, tree, &st)) {
        ar_mm_tree_free(tree);
        ar_mm_rules_free(&r);
        return ar_tool_error(AR_EXIT_NO_SOLUTION, "mastermind-strategy: the strategy fails its check: %s", st.why);
    }
    if (output) {
        FILE *f = to_stdout ? stdout : fopen(output, "w");
        char comment[800];
        char dist[300];
        ar_mm_stats_distribution(&st, dist, sizeof dist);
        snprintf(comment, sizeof comment,
                 "Mastermind strategy: %s, %u pegs and %u colours%s\n"
                 "%" PRIu64 " guesses over the %u codes (average %.4f), at most %d; by guesses %s\n"
                 "made by ariadne mastermind-strategy; check with ariadne verify mastermind FILE",
                 what, (unsigned)pegs, (unsigned)colours, proven ? " (proven optimal)" : "", st.total,
                 (unsigned)st.codes, (double)st.total / st.codes, st.worst, dist);
        if (!f || ar_mm_tree_write(&r, tree, comment, f, &err) != AR_OK) {
            if (f && f != stdout)
                fclose(f);
            ar_mm_tree_free(tree);
            ar_mm_rules_free(&r);
            return ar_tool_fail("mastermind-strategy: cannot write %s", output);
        }
        if (f != stdout && fclose(f) != 0) {
            ar_mm_tree_free(tree);
            ar_mm_rules_free(&r);
            return ar_tool_fail("mastermind-strategy: cannot write %s", output);
        }
    }
    if (cmd.json) {
        char g[16];
        ar_mm_format_code(&r, tree->guess, g, sizeof g);
        printf("{\"game\":\"mastermind\",\"pegs\":%u,\"colours\":%u,\"strategy\":\"%s\",", (unsigned)pegs,
               (unsigned)colours, strategy == OPTIMAL ? "optimal" : ar_mm_rule_names[strategy]);
        if (given_max)
            printf("\"max_guesses\":%u,", (unsigned)max_guesses);
        printf("\"first_guess\":\"%s\",", g);
        if (strategy == OPTIMAL && !proven)
            printf("\"found_by\":\"%s\",", found_by_search ? "search" : upper_name);
        json_stats(stdout, &st);
        printf(",\"optimal\":%s", proven ? "true" : "false");
        if (strategy == OPTIMAL)
            printf(",\"complete\":%s,\"lower_bound\":%" PRIu64 ",\"search_nodes\":%" PRIu64 ",\"stop_reason\":%s%s%s",
                   stopped ? "false" : "true", lower, search_nodes, stopped ? "\"" : "",
                   stopped ? ar_stop_reason_name(run.stop) : "null", stopped ? "\"" : "");
        printf(",\"seconds\":%.3f,\"threads\":%d", ar_now() - t0, threads);
        if (output) {
            printf(",\"file\":");
            ar_json_string(stdout, output);
        }
        printf("}\n");
    } else if (!(to_stdout && cmd.quiet)) {
        /* with the tree on standard output, the summary goes to stderr */
        FILE *out = to_stdout ? stderr : stdout;
        char g[16];
        ar_mm_format_code(&r, tree->guess, g, sizeof g);
        fprintf(out, "mastermind, %u pegs and %u colours (%u codes): %s, first guess %s\n", (unsigned)pegs,
                (unsigned)colours, (unsigned)r.codes, what, g);
        text_stats(out, &st);
        if (strategy == OPTIMAL && proven)
            fprintf(out, "proven optimal%s: the exhaustive search ended (%" PRIu64 " sets searched, %.2f s, %d thread%s)\n",
                    max_guesses ? " within the guesses allowed" : "", search_nodes, ar_now() - t0, threads,
                    threads == 1 ? "" : "s");
        else if (strategy == OPTIMAL)
            fprintf(out, "not proven optimal: the search was stopped by the %s after %" PRIu64 " sets; every strategy "
                    "needs at least %" PRIu64 " guesses in all\n",
                    ar_stop_reason_name(run.stop), search_nodes, lower);
        else
            fprintf(out, "%.2f s, %d thread%s\n", ar_now() - t0, threads, threads == 1 ? "" : "s");
        fprintf(out, "checked against all %u codes%s%s\n", (unsigned)r.codes,
                output && !to_stdout ? "; strategy written to " : "", output && !to_stdout ? output : "");
    }
    ar_mm_tree_free(tree);
    ar_mm_rules_free(&r);
    return 0;
}

/* ---------------------------------------------------------------- table */

const ar_tool ar_mm_tools[] = {
    {.name = "verify",
     .usage = "ariadne verify mastermind FILE [--json]",
     .help = "Checks a strategy file (docs/games/mastermind.md: the header \"mastermind-tree pegs=P\n"
             "colours=C\", the first guess, then each answer and the guess after it, indented two\n"
             "spaces a level) against every code of the game: each must be found, and every guess\n"
             "must be reached by some code. Prints the total number of guesses, the average, the\n"
             "worst case and how many codes are found with 1, 2, ... guesses. Exit status: 0 the\n"
             "strategy finds every code; 1 it does not (the first code it misses is named); 2 a\n"
             "malformed file (its line is named).",
     .run = verify_tool},
    {.name = "mastermind-strategy",
     .usage = "ariadne mastermind-strategy [--strategy NAME] [--pegs P] [--colours C] [--max-guesses D] "
              "[--first CODE] [--output FILE] [--threads N] [--time-limit S] [--json]",
     .help = "Plays a strategy against every code and prints what it achieves: the total number of\n"
             "guesses (and the average), the worst case and the codes found with 1, 2, ... guesses;\n"
             "--output FILE writes the strategy as a tree file (`ariadne verify mastermind FILE`).\n"
             "--strategy: knuth (default: the smallest largest part, Knuth 1977: 5,801 for 4x6),\n"
             "irving (expected size), entropy, parts (most parts), consistent (the lowest code that\n"
             "fits), or optimal: the smallest total by exhaustive search with pruning (Koyama & Lai\n"
             "1993: 5,625 for 4x6; --max-guesses 5: 5,626), for games of at most 4,096 codes; it\n"
             "starts from the best one-step strategy and, stopped by --time-limit or Ctrl-C, prints\n"
             "the best strategy so far, labelled, with the proven lower bound. --first CODE fixes a\n"
             "rule's first guess. One-step rules take games of at most 2^21 codes (5 pegs and 8\n"
             "colours: 7 to 11 s of CPU). --threads N (default: every core). Exit status: 0 printed;\n"
             "1 no strategy keeps within --max-guesses; 2 bad input; 3 stopped before any strategy.",
     .run = strategy_tool},
    {.name = "mastermind-bot",
     .usage = "ariadne mastermind-bot [--strategy NAME | --tree FILE] [--pegs P] [--colours C] [--maker CMD] "
              "[--move-time S] [--seed S] [--json] [--quiet]",
     .help = "Plays the code-breaker over the line protocol: writes a guess (\"1122\") on a line, reads\n"
             "the code-maker's answer (\"1 0\": black and white pegs; 1B0W is read too), and so on\n"
             "until the answer is all black. Without --maker it talks on standard input and output,\n"
             "so you can be its code-maker at the terminal (keep a code in mind and answer); with\n"
             "--maker CMD it runs the code-maker program CMD (e.g. ariadne mastermind-maker) and\n"
             "prints the game. --strategy: best (the optimal tree for 4x6, else entropy; default),\n"
             "knuth, irving, entropy, parts, consistent, random-consistent (with --seed); --tree FILE\n"
             "follows a strategy file. --move-time S: the code-maker program's time for an answer\n"
             "(default 10). Exit status: 0 found; 2 an answer no code fits (\"no code fits your\n"
             "answers\"), a malformed answer, or the code-maker stopped; 1 not found in 30 guesses.",
     .run = ar_mm_bot_tool},
    {.name = "mastermind-maker",
     .usage = "ariadne mastermind-maker [--secret CODE | --seed S | --adversary] [--pegs P] [--colours C] [--quiet]",
     .help = "Plays the code-maker over the line protocol: reads a guess on each line of standard\n"
             "input and writes its answer, black and white pegs (\"1 0\"), until a guess is right.\n"
             "The code is --secret CODE, or drawn at random (--seed S; the seed is printed on stderr\n"
             "when not given); --adversary keeps no code and gives the answer that leaves the most\n"
             "codes. Exit status: 0 found; 2 a malformed guess; 1 input ended, or 30 guesses, before\n"
             "the code was found.",
     .run = ar_mm_maker_tool},
    {.name = NULL}};
