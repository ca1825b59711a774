/* extensions.c — what the puzzles and games bring to the command line
 * through their descriptors: verbs only one domain has (a contest bot), a
 * game's own front end for a generic verb (`match`, `replay`), and
 * benchmark suites. The CLI reaches them here, by walking the registries,
 * so it never names a domain. */
#include "cli.h"

#include "ariadne/andor.h"

#include <string.h>
#include "ariadne/game.h"

/* Names of generic verbs for which a game may bring its own front end;
 * they are not verbs of their own. */
static int is_front_end(const char *name)
{
    return strcmp(name, "match") == 0 || strcmp(name, "replay") == 0 || strcmp(name, "bfs") == 0 ||
           strcmp(name, "count") == 0 || strcmp(name, "perft") == 0 || strcmp(name, "verify") == 0;
}

void cli_each_domain_verb(void (*fn)(const ar_tool *tool, void *ctx), void *ctx)
{
    const ar_puzzle *const *p;
    const ar_game *const *g;
    const ar_tool *t;
    for (p = ar_puzzles(); *p; p++)
        for (t = (*p)->tools; t && t->name; t++)
            if (!is_front_end(t->name))
                fn(t, ctx);
    for (g = ar_games(); *g; g++)
        for (t = (*g)->tools; t && t->name; t++)
            if (!is_front_end(t->name))
                fn(t, ctx);
}

typedef struct verb_query {
    const char *name;
    const ar_tool *found;
} verb_query;

static void match_verb(const ar_tool *t, void *ctx)
{
    verb_query *q = ctx;
    if (!q->found && strcmp(t->name, q->name) == 0)
        q->found = t;
}

const ar_tool *cli_domain_verb(const char *name)
{
    verb_query q = {name, NULL};
    cli_each_domain_verb(match_verb, &q);
    return q.found;
}

const ar_tool *cli_game_front_end(const ar_game *g, const char *verb)
{
    return g ? ar_tool_find(g->tools, verb) : NULL;
}

const ar_tool *cli_puzzle_front_end(const ar_puzzle *p, const char *verb)
{
    return p ? ar_tool_find(p->tools, verb) : NULL;
}

/* The generic suites of the CLI, from bench_suites.def. */
static const ar_bench_suite generic_suites[] = {
#define AR_BENCH_SUITE(name_, fn, summary_) {.name = name_, .summary = summary_, .run = fn},
#include "bench_suites.def"
#undef AR_BENCH_SUITE
    {.name = NULL}};

void cli_each_bench_suite(void (*fn)(const ar_bench_suite *suite, void *ctx), void *ctx)
{
    const ar_puzzle *const *p;
    const ar_andor_domain *const *d;
    const ar_game *const *g;
    const ar_bench_suite *s;
    for (p = ar_puzzles(); *p; p++)
        for (s = (*p)->bench_suites; s && s->name; s++)
            fn(s, ctx);
    for (d = ar_andor_domains(); *d; d++)
        for (s = (*d)->bench_suites; s && s->name; s++)
            fn(s, ctx);
    for (s = generic_suites; s->name; s++)
        fn(s, ctx);
    for (g = ar_games(); *g; g++)
        for (s = (*g)->bench_suites; s && s->name; s++)
            fn(s, ctx);
}

typedef struct suite_query {
    const char *name;
    const ar_bench_suite *found;
} suite_query;

static void match_suite(const ar_bench_suite *s, void *ctx)
{
    suite_query *q = ctx;
    if (!q->found && strcmp(s->name, q->name) == 0)
        q->found = s;
}

const ar_bench_suite *cli_bench_suite(const char *name)
{
    suite_query q = {name, NULL};
    cli_each_bench_suite(match_suite, &q);
    return q.found;
}
