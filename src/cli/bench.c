/* bench.c — `ariadne bench [SUITE] [--quick]`: lists the benchmark suites
 * (the puzzles' and games' own, declared in their descriptors, and the
 * generic ones of bench_suites.def) and runs one. Suites print Markdown
 * tables; speed is reported there, never asserted in tests, and the figures
 * quoted in BENCHMARKS.md come from these tables. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

static void print_suite(const ar_bench_suite *s, void *ctx)
{
    fprintf((FILE *)ctx, "  %-12s %s\n", s->name, s->summary);
}

static void list_suites(FILE *out)
{
    fputs("Suites:\n", out);
    cli_each_bench_suite(print_suite, out);
}

int verb_bench(int argc, char **argv)
{
    int quick = 0, i;
    const char *suite = NULL;
    const ar_bench_suite *s;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (argv[i][0] == '-')
            return ar_tool_fail("bench: unknown option %s", argv[i]);
        else if (!suite)
            suite = argv[i];
        else
            return ar_tool_fail("bench: one suite at a time");
    }
    if (!suite) {
        list_suites(stdout);
        return 0;
    }
    ar_tool_install_sigint();
    if ((s = cli_bench_suite(suite)) != NULL)
        return s->run(quick);
    return ar_tool_fail("bench: unknown suite '%s' (`ariadne bench` lists them)", suite);
}
