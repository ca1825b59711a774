/* cli.h — what the command-line verbs share: parsed options, the instance
 * set-up from a domain's own options, printing of results (text or JSON), and
 * the signal flag for Ctrl-C. The CLI knows nothing domain-specific: every
 * domain is reached through the registry. */
#ifndef ARIADNE_CLI_H
#define ARIADNE_CLI_H

#include <signal.h>
#include <stdio.h>
#include "ariadne/search.h"

/* Exit statuses (DESIGN.md): */
enum {
    EXIT_SOLVED = 0,      /* a solution was printed (optimal or not: the output says which) */
    EXIT_NO_SOLUTION = 1, /* proven that no solution exists (verify: the moves do not solve it) */
    EXIT_BAD_INPUT = 2,   /* bad input or usage */
    EXIT_LIMIT = 3        /* a limit or an interrupt stopped the search before any solution */
};

#define CLI_MAX_ARGS 64

typedef struct cli {
    const char *verb;
    const char *domain_name;
    const ar_puzzle *domain;
    const char *positional[CLI_MAX_ARGS];
    int positional_count;
    ar_param params[CLI_MAX_ARGS];  /* domain-specific options */
    int param_count;
    const char *file;               /* -f FILE */
    const char *moves_file;         /* --moves-file FILE (verify) */
    const char *at_moves;           /* --moves M (at) */
    const char *seed_text;          /* --seed S */
    int json;
    int quiet;
    ar_progress_mode progress_mode;
    ar_search_options search;
    ar_progress progress;
    char *instance_text;            /* owned copy of the file contents */
} cli;

extern volatile sig_atomic_t cli_interrupted;
/* Ctrl-C sets cli_interrupted; searches see it through ar_limits.interrupt. */
void cli_install_sigint(void);

/* Prints "ariadne: <message>" on stderr and returns EXIT_BAD_INPUT. */
int cli_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Parses argv after the verb (and domain, for verbs that take one). */
int cli_parse(cli *c, int argc, char **argv, int want_domain);
/* Makes the instance from -f FILE or the first positional argument plus
 * the domain options. Returns 0 or an exit status after printing the error. */
int cli_make_instance(cli *c, const char *text, ar_instance **inst);
void cli_free(cli *c);

/* Reads a whole file (or stdin for "-"); NULL with a message on failure. */
char *cli_read_file(const char *path, char *why, size_t why_size);

/* --- output --- */
void cli_json_string(FILE *out, const char *s);
/* Prints a stored solution's moves (text: wrapped lines; JSON: one string). */
void cli_print_moves(FILE *out, const ar_puzzle *p, const ar_instance *inst, const ar_move *moves,
                     uint64_t count, int wrap, uint64_t *column);

int verb_solve(int argc, char **argv);
int verb_verify(int argc, char **argv);
int verb_hint(int argc, char **argv);
int verb_at(int argc, char **argv);
int verb_list(int argc, char **argv);
int verb_help(int argc, char **argv);
int verb_generate(int argc, char **argv);
int verb_bench(int argc, char **argv);
int verb_play(int argc, char **argv);

/* Verbs and benchmark suites registered by other CLI modules. */
#define AR_VERB(name, fn, usage, help) int fn(int argc, char **argv);
#include "verbs.def"
#undef AR_VERB
#define AR_BENCH_SUITE(name, fn, summary) int fn(int quick);
#include "bench_suites.def"
#undef AR_BENCH_SUITE

#endif
