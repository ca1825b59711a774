/* cli.h — what the command-line verbs share: parsed options, the instance
 * set-up from a domain's own options, printing of results (text or JSON), and
 * the signal flag for Ctrl-C. The CLI knows nothing domain-specific: every
 * domain is reached through the registry. */
#ifndef ARIADNE_CLI_H
#define ARIADNE_CLI_H

#include <signal.h>
#include <stdio.h>
#include "ariadne/game.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

/* Exit statuses: AR_EXIT_* in ariadne/tool.h. */

#define CLI_MAX_ARGS 64

typedef struct cli {
    const char *verb;
    const char *domain_name;
    const ar_puzzle *domain;
    const char *positional[CLI_MAX_ARGS];
    int positional_count;
    ar_param params[CLI_MAX_ARGS];  /* domain-specific options */
    int param_count;
    ar_param algo_params[CLI_MAX_ARGS]; /* a local-search strategy's options (--restarts ...) */
    int algo_param_count;
    const char *trace_file;         /* --trace FILE (solve with a local-search strategy) */
    const char *html;               /* --html OUT (solve): the page of the solution */
    int visualise;                  /* --visualise (solve --html): the search in the page */
    const char *compare;            /* --compare ALGO (solve --html --visualise): a second search beside */
    const char *replay_out;         /* --replay FILE (solve): the solution as a replay file */
    const char *file;               /* -f FILE */
    const char *moves_file;         /* --moves-file FILE (verify) */
    const char *at_moves;           /* --moves M (at) */
    uint64_t seed;                  /* --seed S */
    int seed_given;
    int memory_given;               /* --memory-limit was given (else the default) */
    int json;
    int quiet;
    int batch;                      /* --batch: -f FILE holds one instance per line */
    int no_symmetry;                /* --no-symmetry (bfs) */
    int moves_only;                 /* --moves-only (solve): the moves alone on stdout */
    unsigned threads;               /* --threads (0: every core) */
    ar_progress_mode progress_mode;
    ar_search_options search;
    ar_progress progress;
    char *instance_text;            /* owned copy of the file contents */
} cli;

/* Parses argv after the verb (and domain, for verbs that take one). */
int cli_parse(cli *c, int argc, char **argv, int want_domain);
/* Makes the instance from -f FILE or the first positional argument plus
 * the domain options. Returns 0 or an exit status after printing the error. */
int cli_make_instance(cli *c, const char *text, ar_instance **inst);
void cli_free(cli *c);

/* Printing one result of `solve` (solve.c) into out, as text or JSON. */
typedef struct printer {
    FILE *out;
    cli *c;
    const ar_puzzle *p;
    ar_instance *inst;
    ar_result *res;
    const char *label;              /* batch: the instance's label (JSON "label") */
    char description[512];
    int head_done;
    uint64_t column;
    uint64_t emitted;
} printer;
/* The JSON object of a finished (not streamed) result, one line. */
void cli_print_json_result(printer *pr);
/* When the default memory limit (not one the user gave) stopped a search,
 * says so in its note, naming --memory-limit. */
void cli_note_memory_default(const cli *c, ar_result *res);
/* `solve --batch` (batch.c). Frees c. */
int cli_solve_batch(cli *c);
/* The number of worker threads: requested, or every online core. */
unsigned cli_threads(unsigned requested);

/* A generic verb: its name, handler, usage line and help text (main.c's
 * table, in the order `ariadne help` lists them). */
typedef struct cli_verb {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
    const char *help;
} cli_verb;
/* The generic verbs, {NULL}-terminated. */
const cli_verb *cli_verbs(void);
/* The man page (troff), made from the same texts as `ariadne help`
 * (manual.c): `ariadne help --man`. */
void cli_print_man(FILE *out);

#ifndef AR_VERSION_TEXT
#define AR_VERSION_TEXT "0.1.0"
#endif
#ifdef AR_HAVE_REVISION_H
#include "ariadne_revision.h" /* generated at build time: AR_GIT_REVISION */
#endif
#ifndef AR_GIT_REVISION
#define AR_GIT_REVISION "revision unknown"
#endif

int verb_solve(int argc, char **argv);
int verb_verify(int argc, char **argv);
int verb_hint(int argc, char **argv);
int verb_at(int argc, char **argv);
int verb_list(int argc, char **argv);
int verb_help(int argc, char **argv);
int verb_generate(int argc, char **argv);
int verb_bench(int argc, char **argv);
int verb_play(int argc, char **argv);

/* --- AND-OR domains (andor.c): solve and verify hand over when the domain
 * named is one; help and list show them --- */
struct ar_andor_domain;
int cli_andor_solve(int argc, char **argv);
int cli_andor_verify(int argc, char **argv);
void cli_andor_help(const struct ar_andor_domain *d);
void cli_andor_list(void);
/* Whether argv[1] names an AND-OR domain (and no puzzle). */
int cli_is_andor(int argc, char **argv);

/* --- what the domains bring (extensions.c) --- */

/* The verb called name that a puzzle or game declares (not a front end), or NULL. */
const ar_tool *cli_domain_verb(const char *name);
void cli_each_domain_verb(void (*fn)(const ar_tool *tool, void *ctx), void *ctx);
/* A puzzle's own front end for a generic verb (`bfs`: a domain that counts its
 * states without the two-bit search's dense ranking), or NULL. */
const ar_tool *cli_puzzle_front_end(const ar_puzzle *p, const char *verb);
/* The game's own front end for a generic verb ("match", "replay"), or NULL. */
const ar_tool *cli_game_front_end(const ar_game *g, const char *verb);
/* Every benchmark suite: the puzzles', the generic ones, the games'. */
void cli_each_bench_suite(void (*fn)(const ar_bench_suite *suite, void *ctx), void *ctx);
const ar_bench_suite *cli_bench_suite(const char *name);

/* Verbs and benchmark suites registered by other CLI modules. */
#define AR_VERB(name, fn, usage, help) int fn(int argc, char **argv);
#include "verbs.def"
#undef AR_VERB
#define AR_BENCH_SUITE(name, fn, summary) int fn(int quick);
#include "bench_suites.def"
#undef AR_BENCH_SUITE

#endif
