/* magic_tools.c — the magic-square verbs and benchmark suite:
 *   ariadne count magic --order N   count every square of order 3..5 (the
 *                                   generic count verb's front end; lists them
 *                                   with --method cells);
 *   ariadne magic-xor               the notes' XOR construction, counted;
 *   ariadne bench magic             the counts timed and checked against the
 *                                   published figures (--quick: orders 3 and 4
 *                                   and an order-5 subset; the full run adds
 *                                   all of order 5 with its counts by centre).
 * The published counts (OEIS A006052; order 5 by centre from the Java
 * program cited in /work/shared/data/facts/reference-values.md, section 4,
 * data/facts/reference-values.md) are the oracles. */
#include "magic_internal.h"
#include "ariadne/search.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Canonical squares (one per symmetry class) of orders 3, 4, 5. */
static const uint64_t published_canonical[6] = {0, 0, 0, 1, 880, 275305224};
/* Order 5, all squares (8 x canonical) by centre value 1..13; 26 - k has
 * the count of k. */
static const uint64_t published_centre5[14] = {0,          34926336,  43717728,  61279488,  62682784,
                                               77817792,   83228128,  96540192,  99589152,  111121280,
                                               107009088,  125882176, 121107776, 152637952};

static uint64_t published_centre(unsigned k) { return published_centre5[k <= 13 ? k : 26 - k]; }

static unsigned cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > 64 ? 64u : (unsigned)n;
}

typedef struct lister {
    int all;
} lister;

static void print_square(const unsigned char *g, unsigned n)
{
    unsigned i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            printf("%s%2u%s", j ? " " : "", g[i * n + j], j + 1 < n ? "" : i + 1 < n ? " /" : "\n");
}

static int list_square(void *ctx, const unsigned char *g, unsigned n)
{
    const lister *l = ctx;
    unsigned k;
    unsigned char img[MAGIC_MAX_CELLS];
    for (k = 0; k < (l->all ? 8u : 1u); k++) {
        ar_magic_transform(g, n, k, img);
        print_square(img, n);
    }
    return ar_tool_interrupted != 0;
}

static int parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *out)
{
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (!*s || *end || s[0] == '-' || v < lo || v > hi)
        return -1;
    *out = (unsigned)v;
    return 0;
}

/* A line set given as n distinct numbers 1..n² separated by commas (or
 * spaces) and summing to the magic constant, as a mask (bit v-1 for v). */
static int parse_line_set(const char *opt, const char *text, unsigned n, uint32_t *out)
{
    unsigned count = 0, sum = 0, v;
    const char *p = text;
    uint32_t set = 0;
    *out = 0;
    while (*p) {
        char *end;
        unsigned long x;
        while (*p == ',' || *p == ' ')
            p++;
        if (!*p)
            break;
        x = strtoul(p, &end, 10);
        if (end == p || *p == '-' || x < 1 || x > n * n)
            return ar_tool_fail("count magic: %s '%.40s': expected %u numbers 1..%u separated by commas", opt, text,
                                n, n * n);
        v = (unsigned)x;
        if (set >> (v - 1) & 1)
            return ar_tool_fail("count magic: %s '%.40s': %u appears twice", opt, text, v);
        set |= (uint32_t)1 << (v - 1), sum += v, count++;
        p = end;
    }
    if (count != n)
        return ar_tool_fail("count magic: %s '%.40s': %u numbers, a line of order %u has %u", opt, text, count, n, n);
    if (sum != n * (n * n + 1) / 2)
        return ar_tool_fail("count magic: %s '%.40s': sums to %u, not the magic constant %u", opt, text, sum,
                            n * (n * n + 1) / 2);
    *out = set;
    return AR_EXIT_OK;
}

static void print_set(uint32_t set)
{
    int first = 1;
    printf("{");
    while (set) {
        printf("%s%d", first ? "" : ",", __builtin_ctz(set) + 1);
        first = 0;
        set &= set - 1;
    }
    printf("}");
}

typedef struct count_args {
    unsigned order, threads, centre;
    int method_cells, method_csp, method_given, list, all, json;
    const char *row_text, *col_text;
    uint32_t row_set, col_set;
    double time_limit;
} count_args;

/* Reads `ariadne count magic ...` (argv[0] "count", argv[1] "magic"). */
static int parse_count_args(int argc, char **argv, count_args *a, ar_tool_cmd *cmd)
{
    const char *order_text = NULL;
    uint64_t centre = 0;
    int method = 0;
    const ar_opt opts[] = {
        {.name = "order", .kind = AR_OPT_TEXT, .dest = &order_text, .metavar = "N"},
        {.name = "centre", .kind = AR_OPT_UINT, .dest = &centre, .min = 1, .max = 25, .metavar = "K"},
        {.name = "method", .kind = AR_OPT_CHOICE, .dest = &method, .choices = "partitions cells csp",
         .seen = &a->method_given},
        {.name = "row-set", .kind = AR_OPT_TEXT, .dest = &a->row_text, .metavar = "SET"},
        {.name = "col-set", .kind = AR_OPT_TEXT, .dest = &a->col_text, .metavar = "SET"},
        {.name = "list", .kind = AR_OPT_FLAG, .dest = &a->list},
        {.name = "all", .kind = AR_OPT_FLAG, .dest = &a->all},
        {.name = NULL}};
    int rc;
    memset(a, 0, sizeof *a);
    *cmd = (ar_tool_cmd){.name = "count magic", .help_topic = "magic",
                         .common = AR_COMMON_OUTPUT | AR_COMMON_TIME_LIMIT | AR_COMMON_THREADS,
                         .options = opts, .max_args = 1, .args_usage = "the order"};
    if ((rc = ar_tool_parse(cmd, argc, argv, 2)) != 0)
        return rc;
    if (order_text && cmd->nargs)
        return ar_tool_fail("count magic: give the order once (as N or --order N, not both)");
    if (cmd->nargs)
        order_text = cmd->args[0];
    if (!order_text)
        return ar_tool_fail("count magic: give the order (--order 3, 4 or 5)");
    if (parse_uint(order_text, 3, MAGIC_MAX_COUNT_ORDER, &a->order) != 0) {
        char q[64];
        return ar_tool_fail("count magic: order '%s': expected 3, 4 or 5", ar_tool_quote(order_text, 20, q, sizeof q));
    }
    a->centre = (unsigned)centre;
    a->method_cells = method == 1;
    a->method_csp = method == 2;
    if (a->all)
        a->list = 1;
    a->json = cmd->json;
    a->threads = ar_tool_threads(cmd);
    a->time_limit = cmd->limits.time_limit;
    if (a->method_csp && (a->centre || a->list || a->row_text || a->col_text))
        return ar_tool_fail("count magic: --method csp counts every square (no --centre, --list, --row-set or --col-set)");
    if (a->method_csp && a->order > 4)
        return ar_tool_fail("count magic: --method csp counts orders 3 and 4 (order 5 needs --method partitions)");
    if (a->method_csp && (cmd->given & AR_COMMON_THREADS))
        return ar_tool_fail("count magic: --threads does not apply to --method csp (one search on one core)");
    /* --centre and the listing need the square-by-square search */
    if (a->centre || a->list) {
        if (a->method_given && !a->method_cells)
            return ar_tool_fail("count magic: %s needs --method cells (the partition count does not see squares)",
                                a->centre ? "--centre" : "--list");
        a->method_cells = 1;
    }
    if (a->method_cells && (a->row_text || a->col_text))
        return ar_tool_fail("count magic: --row-set and --col-set apply to --method partitions only");
    if (a->centre && a->order != 3 && a->order != 5)
        return ar_tool_fail("count magic: --centre needs an odd order");
    if (a->centre > a->order * a->order)
        return ar_tool_fail("count magic: --centre %u: the values are 1..%u", a->centre, a->order * a->order);
    if (a->list && a->order == 5 && !a->centre)
        return ar_tool_fail("count magic: --list of order 5 needs --centre K (there are 275 million squares)");
    if (a->list && a->json)
        return ar_tool_fail("count magic: --list and --json do not go together");
    if (a->row_text && parse_line_set("--row-set", a->row_text, a->order, &a->row_set) != AR_EXIT_OK)
        return AR_EXIT_BAD_INPUT;
    if (a->col_text && parse_line_set("--col-set", a->col_text, a->order, &a->col_set) != AR_EXIT_OK)
        return AR_EXIT_BAD_INPUT;
    if (a->row_set && a->col_set && __builtin_popcount(a->row_set & a->col_set) != 1)
        return ar_tool_fail("count magic: a row set and a column set share exactly one number; these share %d",
                            __builtin_popcount(a->row_set & a->col_set));
    return AR_EXIT_OK;
}

/* Prints the counts by centre value (odd orders) beside the published ones
 * when the count is of every square; returns 1 on a mismatch. */
static int print_centres(const count_args *a, const uint64_t *by_centre, int compare)
{
    unsigned k, cells = a->order * a->order, bad = 0, first = 1;
    if (a->order % 2 == 0)
        return 0;
    if (a->json) {
        printf(",\"by_centre\":{");
        for (k = 1; k <= cells; k++)
            if (by_centre[k] || (compare && a->order == 5)) {
                printf("%s\"%u\":%" PRIu64, first ? "" : ",", k, by_centre[k]);
                first = 0;
            }
        printf("}");
        if (compare)
            for (k = 1; k <= cells; k++)
                bad += a->order == 5 ? by_centre[k] != published_centre(k) : by_centre[k] != (k == 5 ? 8u : 0u);
        return bad != 0;
    }
    printf(compare ? "| centre | squares (all) | published | |\n|---:|---:|---:|---|\n"
                   : "| centre | squares (all) |\n|---:|---:|\n");
    for (k = 1; k <= cells; k++) {
        uint64_t want = a->order == 5 ? published_centre(k) : k == 5 ? 8u : 0u;
        if (!compare) {
            if (by_centre[k])
                printf("| %u | %" PRIu64 " |\n", k, by_centre[k]);
            continue;
        }
        printf("| %u | %" PRIu64 " | %" PRIu64 " | %s |\n", k, by_centre[k], want,
               by_centre[k] == want ? "ok" : "MISMATCH");
        bad += by_centre[k] != want;
    }
    return bad != 0;
}

/* The default method: orthogonal row/column partitions (magic_pairs.c). */
static int count_by_partitions(const count_args *a, ar_progress *pr)
{
    ar_magic_pairs_options o;
    ar_magic_pairs_result r;
    ar_error err;
    clock_t c0 = clock();
    double cpu;
    int restricted = a->row_set || a->col_set, mismatch = 0;
    memset(&o, 0, sizeof o);
    o.order = a->order, o.threads = a->threads, o.row_set = a->row_set, o.col_set = a->col_set;
    o.time_limit = a->time_limit;
    o.interrupt = &ar_tool_interrupted;
    o.progress = pr;
    if (ar_magic_pairs_count(&o, &r, &err) != AR_OK)
        return ar_tool_fail("count magic: %s", err.message);
    ar_progress_finish(pr);
    cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (a->json) {
        printf("{\"puzzle\":\"magic\",\"order\":%u,\"method\":\"partitions\",\"count\":%" PRIu64
               ",\"complete\":%s,\"stop_reason\":",
               a->order, r.all, r.complete ? "true" : "false");
        if (r.complete)
            printf("null,");
        else
            ar_json_string(stdout, ar_stop_reason_name(ar_tool_interrupted ? AR_STOP_INTERRUPT : AR_STOP_TIME)),
                printf(",");
        if (restricted) {
            printf("\"row_set\":%" PRIu32 ",\"col_set\":%" PRIu32 ",", a->row_set, a->col_set);
        } else {
            printf("\"canonical\":%" PRIu64 ",\"published_canonical\":%" PRIu64 ",", r.canonical,
                   published_canonical[a->order]);
        }
        printf("\"all\":%" PRIu64 ",\"line_sets\":%" PRIu64 ",\"row_partitions\":%" PRIu64
               ",\"tasks\":%" PRIu64 ",\"tasks_done\":%" PRIu64 ",\"partition_pairs\":%" PRIu64
               ",\"threads\":%u,\"seconds\":%.3f,\"cpu_seconds\":%.3f",
               r.all, r.sets, r.partitions, r.tasks, r.tasks_done, r.pairs, a->threads, r.seconds, cpu);
        mismatch = print_centres(a, r.by_centre, r.complete && !restricted);
        mismatch |= r.complete && !restricted && r.canonical != published_canonical[a->order];
        printf(",\"matches_published\":%s}\n", !r.complete || restricted ? "null" : mismatch ? "false" : "true");
        return !r.complete ? AR_EXIT_LIMIT : mismatch ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
    }
    if (!r.complete) {
        printf("stopped by %s: partial count after %" PRIu64 " of %" PRIu64 " tasks (%" PRIu64
               " row partitions): at least %" PRIu64 " squares in all%s, %.1f s\n",
               ar_stop_reason_name(ar_tool_interrupted ? AR_STOP_INTERRUPT : AR_STOP_TIME), r.tasks_done, r.tasks, r.partitions, r.all,
               restricted ? " with those lines" : "", r.seconds);
        return AR_EXIT_LIMIT;
    }
    if (restricted) {
        printf("order %u, squares with", a->order);
        if (a->row_set)
            printf(" the row "), print_set(a->row_set);
        if (a->col_set)
            printf("%s the column ", a->row_set ? " and" : ""), print_set(a->col_set);
        printf(": %" PRIu64 " in all (%.2f s, %u thread%s)\n", r.all, r.seconds, a->threads,
               a->threads == 1 ? "" : "s");
    } else {
        printf("order %u: %" PRIu64 " squares up to rotation and reflection, %" PRIu64
               " in all (%.2f s, %u thread%s)\n",
               a->order, r.canonical, r.all, r.seconds, a->threads, a->threads == 1 ? "" : "s");
    }
    printf("method: orthogonal row/column partitions: %" PRIu64 " line sets, %" PRIu64 " row partitions, %" PRIu64
           " partition pairs with two diagonals; CPU %.2f s\n",
           r.sets, r.partitions, r.pairs, cpu);
    if (!restricted && r.canonical != published_canonical[a->order]) {
        printf("MISMATCH: published %" PRIu64 " up to symmetry\n", published_canonical[a->order]);
        mismatch = 1;
    }
    mismatch |= print_centres(a, r.by_centre, !restricted);
    return mismatch ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
}

/* --method cells: the square-by-square search (magic_count.c), which can
 * also fix the centre and list the squares. */
static int count_by_cells(const count_args *a, ar_progress *pr)
{
    ar_magic_count_options o;
    ar_magic_count_result r;
    ar_error err;
    lister l = {0};
    int status = AR_EXIT_OK;
    unsigned k;
    memset(&o, 0, sizeof o);
    o.order = a->order, o.centre = a->centre, o.threads = a->threads, o.time_limit = a->time_limit;
    l.all = a->all;
    if (a->list) {
        o.visit = list_square;
        o.ctx = &l;
    }
    o.interrupt = &ar_tool_interrupted;
    o.progress = pr;
    if (ar_magic_count(&o, &r, &err) != AR_OK)
        return ar_tool_fail("count magic: %s", err.message);
    ar_progress_finish(pr);
    if (a->json) {
        uint64_t by_all[MAGIC_MAX_CELLS + 1];
        int mismatch = 0;
        printf("{\"puzzle\":\"magic\",\"order\":%u,\"method\":\"cells\",\"count\":%" PRIu64
               ",\"complete\":%s,\"stop_reason\":", a->order, 8 * r.canonical, r.complete ? "true" : "false");
        if (r.complete)
            printf("null,");
        else
            ar_json_string(stdout, ar_stop_reason_name(r.stop)), printf(",");
        if (a->centre)
            printf("\"centre\":%u,", a->centre);
        printf("\"canonical\":%" PRIu64 ",\"all\":%" PRIu64 ",\"threads\":%u,\"seconds\":%.3f", r.canonical,
               8 * r.canonical, a->threads, r.seconds);
        if (!a->centre) {
            for (k = 0; k <= MAGIC_MAX_CELLS; k++)
                by_all[k] = 8 * r.by_centre[k];
            mismatch = print_centres(a, by_all, r.complete);
            mismatch |= r.complete && r.canonical != published_canonical[a->order];
        } else {
            mismatch = r.complete && a->order == 5 && 8 * r.canonical != published_centre(a->centre);
        }
        printf(",\"matches_published\":%s}\n", !r.complete ? "null" : mismatch ? "false" : "true");
        return !r.complete ? AR_EXIT_LIMIT : mismatch ? AR_EXIT_NO_SOLUTION : AR_EXIT_OK;
    }
    if (!r.complete) {
        printf("stopped by %s: partial count after %" PRIu64 " of %" PRIu64 " tasks: at least %" PRIu64
               " squares up to symmetry (%" PRIu64 " in all), %.1f s\n",
               ar_stop_reason_name(r.stop), r.tasks_done, r.tasks, r.canonical,
               8 * r.canonical, r.seconds);
        return AR_EXIT_LIMIT;
    }
    printf("order %u%s: %" PRIu64 " squares up to rotation and reflection, %" PRIu64 " in all (%.2f s, %u thread%s)\n",
           a->order, a->centre ? " with that centre" : "", r.canonical, 8 * r.canonical, r.seconds,
           a->list ? 1 : a->threads, a->list || a->threads == 1 ? "" : "s");
    if (a->list)
        return AR_EXIT_OK;
    if (a->centre) {
        printf("centre %u: %" PRIu64 " in all\n", a->centre, 8 * r.canonical);
        if (a->order == 5 && 8 * r.canonical != published_centre(a->centre)) {
            printf("MISMATCH: published %" PRIu64 "\n", published_centre(a->centre));
            status = AR_EXIT_NO_SOLUTION;
        }
        return status;
    }
    if (r.canonical != published_canonical[a->order]) {
        printf("MISMATCH: published %" PRIu64 " up to symmetry\n", published_canonical[a->order]);
        status = AR_EXIT_NO_SOLUTION;
    }
    if (a->order == 5) {
        uint64_t by_all[MAGIC_MAX_CELLS + 1];
        for (k = 0; k <= MAGIC_MAX_CELLS; k++)
            by_all[k] = 8 * r.by_centre[k];
        if (print_centres(a, by_all, 1))
            status = AR_EXIT_NO_SOLUTION;
    }
    return status;
}

/* --method csp: the constraint engine on the model with one square of each
 * symmetry class (magic_csp.c), a cross-check of the engine against the
 * published counts. */
static int count_by_csp(const count_args *a, ar_progress *pr)
{
    ar_csp *m;
    ar_error err;
    ar_search_options so;
    ar_csp_count_result r;
    int complete, match;
    if (ar_magic_model(a->order, NULL, 1, &m, &err) != AR_OK)
        return ar_tool_fail("count magic: %s", err.message);
    ar_search_options_init(&so);
    so.limits.time_limit = a->time_limit;
    so.limits.interrupt = &ar_tool_interrupted;
    so.progress = pr;
    if (ar_csp_count(m, NULL, &so, NULL, NULL, &r, &err) != AR_OK) {
        ar_csp_destroy(m);
        return ar_tool_fail("count magic: %s", err.message);
    }
    ar_csp_destroy(m);
    ar_progress_finish(pr);
    complete = r.complete;
    match = complete && r.stats.solutions == published_canonical[a->order];
    if (a->json) {
        printf("{\"puzzle\":\"magic\",\"order\":%u,\"method\":\"csp\",\"complete\":%s,\"stop_reason\":%s,"
               "\"canonical\":%" PRIu64 ",\"all\":%" PRIu64 ",\"published_canonical\":%" PRIu64
               ",\"decisions\":%" PRIu64 ",\"seconds\":%.3f,\"matches_published\":%s}\n",
               a->order, complete ? "true" : "false",
               complete ? "null" : ar_tool_interrupted ? "\"interrupt\"" : "\"time limit\"", r.stats.solutions,
               8 * r.stats.solutions, published_canonical[a->order], r.stats.decisions, r.seconds,
               !complete ? "null" : match ? "true" : "false");
    } else if (!complete) {
        printf("stopped (%s): at least %" PRIu64 " squares up to rotation and reflection, %.1f s\n",
               ar_tool_interrupted ? "interrupted" : "time limit", r.stats.solutions, r.seconds);
    } else {
        printf("order %u: %" PRIu64 " squares up to rotation and reflection, %" PRIu64 " in all (%.2f s)\n", a->order,
               r.stats.solutions, 8 * r.stats.solutions, r.seconds);
        printf("method: the constraint engine (queue, regin, mrv-degree) on the model with symmetry broken: %" PRIu64
               " decisions, %" PRIu64 " propagator runs\n", r.stats.decisions, r.stats.propagations);
        if (!match)
            printf("MISMATCH: published %" PRIu64 " up to symmetry\n", published_canonical[a->order]);
    }
    return !complete ? AR_EXIT_LIMIT : match ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

int ar_magic_count_tool(int argc, char **argv)
{
    count_args a;
    ar_tool_cmd cmd;
    int st = parse_count_args(argc, argv, &a, &cmd);
    if (st != AR_EXIT_OK)
        return st;
    ar_tool_install_sigint();
    if (a.method_csp)
        return count_by_csp(&a, &cmd.progress);
    return a.method_cells ? count_by_cells(&a, &cmd.progress) : count_by_partitions(&a, &cmd.progress);
}

static int list_plain(void *ctx, const unsigned char *g, unsigned n)
{
    (void)ctx;
    print_square(g, n);
    return 0;
}

int ar_magic_xor_tool(int argc, char **argv)
{
    ar_magic_xor_result r;
    int list = 0, rc, magic;
    const ar_opt opts[] = {{.name = "list", .kind = AR_OPT_FLAG, .dest = &list}, {.name = NULL}};
    ar_tool_cmd cmd = {.name = "magic-xor", .help_topic = "magic-xor", .common = AR_COMMON_JSON | AR_COMMON_QUIET,
                       .options = opts};
    if ((rc = ar_tool_parse(&cmd, argc, argv, 1)) != 0)
        return rc;
    if (list && cmd.json)
        return ar_tool_fail("magic-xor: --list and --json do not go together");
    ar_magic_xor(&r, list ? list_plain : NULL, NULL);
    if (list)
        return AR_EXIT_OK;
    magic = ar_magic_is_magic(r.first, 4);
    if (cmd.json) {
        unsigned k;
        printf("{\"example\":[");
        for (k = 0; k < 16; k++)
            printf("%s%u", k ? "," : "", r.first[k]);
        printf("],\"example_magic\":%s,\"tables\":%u,\"magic\":%u,\"classes\":%u,\"notes_classes\":432,"
               "\"perfect\":%u}\n",
               magic ? "true" : "false", r.tables, r.magic, r.classes, r.perfect);
        return magic ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
    }
    printf("the notes' example: table 15 11 14 10 / 13 9 12 8 / 7 3 6 2 / 5 1 4 0, after the six swaps, +1:\n");
    print_square(r.first, 4);
    printf("magic: %s\n", magic ? "yes" : "NO");
    printf("tables built (3 starts x 24 row x 24 column orders): %u\n", r.tables);
    printf("distinct magic squares they give: %u\n", r.magic);
    printf("distinct up to rotation and reflection: %u (the notes say 432)\n", r.classes);
    printf("perfect (magic after XOR with each of 0..15): %u of %u\n", r.perfect, r.magic);
    return magic ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

/* --- ariadne bench magic -------------------------------------------------- */

static void bench_print(unsigned order, const char *what, const char *method, unsigned threads, uint64_t canonical,
                        uint64_t all, uint64_t expect_all, double seconds, double cpu)
{
    char up_to[24] = "-";
    if (canonical != UINT64_MAX)
        snprintf(up_to, sizeof up_to, "%" PRIu64, canonical);
    printf("| %u | %s | %s | %u | %s | %" PRIu64 " | %" PRIu64 " | %s | %.2f | %.2f |\n", order, what, method, threads,
           up_to, all, expect_all, all == expect_all ? "ok" : "MISMATCH", seconds, cpu);
    fflush(stdout);
}

/* The square-by-square counter (magic_count.c). */
static int bench_cells(unsigned order, unsigned threads, uint64_t expect_all)
{
    ar_magic_count_options o;
    ar_magic_count_result r;
    ar_error err;
    clock_t c0 = clock();
    memset(&o, 0, sizeof o);
    o.order = order, o.threads = threads;
    o.interrupt = &ar_tool_interrupted;
    if (ar_magic_count(&o, &r, &err) != AR_OK)
        return ar_tool_fail("bench magic: %s", err.message);
    if (!r.complete)
        return AR_EXIT_LIMIT;
    bench_print(order, "all", "cells", threads, r.canonical, 8 * r.canonical, expect_all, r.seconds,
                (double)(clock() - c0) / CLOCKS_PER_SEC);
    return 8 * r.canonical == expect_all ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

/* The partition counter (magic_pairs.c), of every square or of the squares
 * with a given row and column; for a full count of order 5 also the counts
 * by centre against the published ones. */
static int bench_pairs(unsigned order, unsigned threads, uint32_t row_set, uint32_t col_set, uint64_t expect_all)
{
    ar_magic_pairs_options o;
    ar_magic_pairs_result r;
    ar_error err;
    clock_t c0 = clock();
    unsigned k, bad = 0;
    memset(&o, 0, sizeof o);
    o.order = order, o.threads = threads, o.row_set = row_set, o.col_set = col_set;
    o.interrupt = &ar_tool_interrupted;
    if (ar_magic_pairs_count(&o, &r, &err) != AR_OK)
        return ar_tool_fail("bench magic: %s", err.message);
    if (!r.complete)
        return AR_EXIT_LIMIT;
    bench_print(order, row_set ? "one row and column set" : "all", "partitions", threads,
                row_set ? UINT64_MAX : r.canonical, r.all, expect_all, r.seconds, (double)(clock() - c0) / CLOCKS_PER_SEC);
    if (order == 5 && !row_set)
        for (k = 1; k <= 25; k++)
            bad += r.by_centre[k] != published_centre(k);
    if (bad)
        printf("MISMATCH: %u of the counts by centre differ from the published ones\n", bad);
    return r.all == expect_all && !bad ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

static uint32_t line_mask(const unsigned *v, unsigned n)
{
    uint32_t m = 0;
    while (n--)
        m |= (uint32_t)1 << (v[n] - 1);
    return m;
}

int ar_magic_bench(int quick)
{
    /* a row and a column of order 5 whose squares (29,952 of them) the test
     * test_magic_pairs.c also counts by a plain enumeration */
    static const unsigned row5[5] = {1, 12, 13, 14, 25}, col5[5] = {8, 9, 11, 13, 24};
    unsigned threads = cores();
    int st = AR_EXIT_OK, one, k;
    ar_magic_xor_result x;
    double t0;
    printf("## magic: normal magic squares counted (published: A006052; order 5 by centre)\n\n");
    printf("| order | squares | method | threads | up to symmetry | all | published (all) | check | seconds | CPU s |\n");
    printf("|---:|---|---|---:|---:|---:|---:|---|---:|---:|\n");
    ar_tool_install_sigint();
    for (k = 0; k < 7 && !ar_tool_interrupted; k++) {
        switch (k) {
        case 0: one = bench_cells(3, 1, 8); break;
        case 1: one = bench_pairs(3, 1, 0, 0, 8); break;
        case 2: one = bench_cells(4, threads, 7040); break;
        case 3: one = bench_pairs(4, 1, 0, 0, 7040); break;
        case 4: one = bench_pairs(4, threads, 0, 0, 7040); break;
        case 5: one = bench_pairs(5, threads, line_mask(row5, 5), line_mask(col5, 5), 29952); break;
        default: one = quick ? AR_EXIT_OK : bench_pairs(5, threads, 0, 0, 8 * published_canonical[5]); break;
        }
        if (one != AR_EXIT_OK)
            st = one;
    }
    t0 = ar_now();
    ar_magic_xor(&x, NULL, NULL);
    printf("\nThe notes' XOR construction: %u tables, %u distinct magic squares, %u up to rotation and "
           "reflection (the notes: 432), %u perfect; %.3f s.\n\n",
           x.tables, x.magic, x.classes, x.perfect, ar_now() - t0);
    if (x.classes != 432)
        st = AR_EXIT_NO_SOLUTION;
    return st;
}
