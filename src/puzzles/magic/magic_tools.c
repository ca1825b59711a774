/* magic_tools.c — the magic-square verbs and benchmark suite:
 *   ariadne magic-count ORDER   count (or list) every square of order 3..5;
 *   ariadne magic-xor           the notes' XOR construction, counted;
 *   ariadne bench magic         the counts timed and checked against the
 *                               published figures (--quick: orders 3 and 4;
 *                               the full run adds order 5 with centre 1).
 * The published counts (OEIS A006052; order 5 by centre from the Java
 * program cited in /work/shared/data/facts/reference-values.md, section 4,
 * data/facts/reference-values.md) are the oracles. */
#include "magic_internal.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int ar_magic_count_tool(int argc, char **argv)
{
    ar_magic_count_options o;
    ar_magic_count_result r;
    ar_progress pr;
    ar_error err;
    lister l = {0};
    int i, list = 0, progress = 0, quiet = 0, have_order = 0, status = AR_EXIT_OK;
    unsigned k;
    memset(&o, 0, sizeof o);
    o.threads = cores();
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((strcmp(a, "--centre") == 0 || strcmp(a, "--threads") == 0) && i + 1 == argc)
            return ar_tool_fail("magic-count: %s needs a value", a);
        if (strcmp(a, "--centre") == 0) {
            if (parse_uint(argv[++i], 1, 25, &o.centre) != 0)
                return ar_tool_fail("magic-count: --centre '%.20s': expected a number 1..25", argv[i]);
        } else if (strcmp(a, "--threads") == 0) {
            if (parse_uint(argv[++i], 1, 64, &o.threads) != 0)
                return ar_tool_fail("magic-count: --threads '%.20s': expected a number 1..64", argv[i]);
        } else if (strcmp(a, "--list") == 0) {
            list = 1;
        } else if (strcmp(a, "--all") == 0) {
            list = l.all = 1;
        } else if (strcmp(a, "--progress") == 0) {
            progress = 1;
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
        } else if (a[0] == '-') {
            return ar_tool_fail("magic-count: unknown option '%.40s' (try `ariadne help magic-count`)", a);
        } else if (have_order++) {
            return ar_tool_fail("magic-count: more than one order given");
        } else if (parse_uint(a, 3, MAGIC_MAX_COUNT_ORDER, &o.order) != 0) {
            return ar_tool_fail("magic-count: order '%.20s': expected 3, 4 or 5", a);
        }
    }
    if (!have_order)
        return ar_tool_fail("magic-count: give the order (3, 4 or 5)");
    if (o.centre && o.order != 3 && o.order != 5)
        return ar_tool_fail("magic-count: --centre needs an odd order");
    if (o.centre > o.order * o.order)
        return ar_tool_fail("magic-count: --centre %u: the values are 1..%u", o.centre, o.order * o.order);
    if (list && o.order == 5 && !o.centre)
        return ar_tool_fail("magic-count: --list of order 5 needs --centre K (there are 275 million squares)");
    if (list) {
        o.visit = list_square;
        o.ctx = &l;
    }
    ar_tool_install_sigint();
    o.interrupt = &ar_tool_interrupted;
    ar_progress_init(&pr, stderr, quiet ? AR_PROGRESS_OFF : progress ? AR_PROGRESS_TEXT : AR_PROGRESS_AUTO,
                     "magic-count");
    o.progress = &pr;
    if (ar_magic_count(&o, &r, &err) != AR_OK)
        return ar_tool_fail("magic-count: %s", err.message);
    ar_progress_finish(&pr);
    if (!r.complete) {
        printf("stopped: partial count after %" PRIu64 " of %" PRIu64 " tasks: at least %" PRIu64
               " squares up to symmetry (%" PRIu64 " in all), %.1f s\n",
               r.tasks_done, r.tasks, r.canonical, 8 * r.canonical, r.seconds);
        return AR_EXIT_LIMIT;
    }
    printf("order %u%s: %" PRIu64 " squares up to rotation and reflection, %" PRIu64 " in all (%.2f s, %u thread%s)\n",
           o.order, o.centre ? " with that centre" : "", r.canonical, 8 * r.canonical, r.seconds,
           list ? 1 : o.threads, list || o.threads == 1 ? "" : "s");
    if (o.centre) {
        printf("centre %u: %" PRIu64 " in all\n", o.centre, 8 * r.canonical);
        if (o.order == 5 && 8 * r.canonical != published_centre(o.centre)) {
            printf("MISMATCH: published %" PRIu64 "\n", published_centre(o.centre));
            status = AR_EXIT_NO_SOLUTION;
        }
        return status;
    }
    if (r.canonical != published_canonical[o.order]) {
        printf("MISMATCH: published %" PRIu64 " up to symmetry\n", published_canonical[o.order]);
        status = AR_EXIT_NO_SOLUTION;
    }
    if (o.order == 5 && !list) {
        printf("| centre | squares (all) | published | |\n|---:|---:|---:|---|\n");
        for (k = 1; k <= 25; k++) {
            int ok = 8 * r.by_centre[k] == published_centre(k);
            printf("| %u | %" PRIu64 " | %" PRIu64 " | %s |\n", k, 8 * r.by_centre[k], published_centre(k),
                   ok ? "ok" : "MISMATCH");
            if (!ok)
                status = AR_EXIT_NO_SOLUTION;
        }
    }
    return status;
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
    int list = argc == 2 && strcmp(argv[1], "--list") == 0;
    if (argc > 2 || (argc == 2 && !list))
        return ar_tool_fail("magic-xor: unknown argument '%.40s' (usage: ariadne magic-xor [--list])", argv[1]);
    ar_magic_xor(&r, list ? list_plain : NULL, NULL);
    if (list)
        return AR_EXIT_OK;
    printf("the notes' example: table 15 11 14 10 / 13 9 12 8 / 7 3 6 2 / 5 1 4 0, after the six swaps, +1:\n");
    print_square(r.first, 4);
    printf("magic: %s\n", ar_magic_is_magic(r.first, 4) ? "yes" : "NO");
    printf("tables built (3 starts x 24 row x 24 column orders): %u\n", r.tables);
    printf("distinct magic squares they give: %u\n", r.magic);
    printf("distinct up to rotation and reflection: %u (the notes say 432)\n", r.classes);
    printf("perfect (magic after XOR with each of 0..15): %u of %u\n", r.perfect, r.magic);
    return ar_magic_is_magic(r.first, 4) ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

/* --- ariadne bench magic -------------------------------------------------- */

static int bench_row(unsigned order, unsigned centre, unsigned threads, uint64_t expect_all)
{
    ar_magic_count_options o;
    ar_magic_count_result r;
    ar_error err;
    char what[24] = "all";
    memset(&o, 0, sizeof o);
    o.order = order, o.centre = centre, o.threads = threads;
    o.interrupt = &ar_tool_interrupted;
    if (ar_magic_count(&o, &r, &err) != AR_OK)
        return ar_tool_fail("bench magic: %s", err.message);
    if (!r.complete)
        return AR_EXIT_LIMIT;
    if (centre)
        snprintf(what, sizeof what, "centre %u", centre);
    printf("| %u | %s | %u | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %s | %.2f |\n", order, what, threads,
           r.canonical, 8 * r.canonical, expect_all, 8 * r.canonical == expect_all ? "ok" : "MISMATCH", r.seconds);
    fflush(stdout);
    return 8 * r.canonical == expect_all ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
}

int ar_magic_bench(int quick)
{
    unsigned threads = cores();
    int st = AR_EXIT_OK, one;
    ar_magic_xor_result x;
    double t0;
    printf("## magic: normal magic squares counted (published: A006052; order 5 by centre)\n\n");
    printf("| order | squares | threads | up to symmetry | all | published (all) | check | seconds |\n");
    printf("|---:|---|---:|---:|---:|---:|---|---:|\n");
    ar_tool_install_sigint();
    if ((one = bench_row(3, 0, 1, 8)) != AR_EXIT_OK)
        st = one;
    if ((one = bench_row(4, 0, 1, 7040)) != AR_EXIT_OK)
        st = one;
    if ((one = bench_row(4, 0, threads, 7040)) != AR_EXIT_OK)
        st = one;
    /* order 5 with the smallest centre: 1.6% of all squares, the check the
     * full run can afford (the whole count is `ariadne magic-count 5`) */
    if (!quick && (one = bench_row(5, 1, threads, published_centre(1))) != AR_EXIT_OK)
        st = one;
    t0 = ar_now();
    ar_magic_xor(&x, NULL, NULL);
    printf("\nThe notes' XOR construction: %u tables, %u distinct magic squares, %u up to rotation and "
           "reflection (the notes: 432), %u perfect; %.3f s.\n\n",
           x.tables, x.magic, x.classes, x.perfect, ar_now() - t0);
    if (x.classes != 432)
        st = AR_EXIT_NO_SOLUTION;
    return st;
}
