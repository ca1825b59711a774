/* ariadne/tool.h — what a domain's own command-line tools are made of.
 *
 * Most of `ariadne` is generic: `solve`, `play`, `match`, `bench games` reach
 * every puzzle and game through its descriptor. A domain may also bring verbs
 * and benchmark suites that only it has (a contest bot, `ariadne bench
 * korf100`); it declares them in its descriptor (`.tools`, `.bench_suites`)
 * and the CLI lists and dispatches them without naming the domain. Such a
 * tool is a small program: it parses its arguments, prints, and returns an
 * exit status. This header gives those programs what the built-in verbs use,
 * so every verb fails, stops on Ctrl-C and reports the same way.
 *
 * This is the one part of the library that prints; the rules and searches
 * never do. The Ctrl-C flag is the library's one piece of global state: a
 * signal handler can reach nothing else. */
#ifndef ARIADNE_TOOL_H
#define ARIADNE_TOOL_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses of every verb (DESIGN.md). */
enum {
    AR_EXIT_OK = 0,          /* done; for solve: a solution was printed (optimal or not) */
    AR_EXIT_NO_SOLUTION = 1, /* proven that no solution exists; a check failed */
    AR_EXIT_BAD_INPUT = 2,   /* bad input or usage */
    AR_EXIT_LIMIT = 3        /* a limit or Ctrl-C stopped the work before any result */
};

/* A verb (`ariadne NAME ...`) or, as `ariadne match GAME`/`ariadne replay`,
 * a domain's own front end for a generic verb. */
typedef struct ar_tool {
    const char *name;  /* the verb; "match" replaces the generic match for the game */
    const char *usage; /* one line, "ariadne NAME ..." */
    const char *help;  /* the text of `ariadne help NAME` */
    /* argv[0] is the verb; returns an exit status. */
    int (*run)(int argc, char **argv);
} ar_tool;

/* A suite of `ariadne bench NAME [--quick]`: prints its tables (Markdown) on
 * stdout; quick non-zero is the CI-sized run. Returns an exit status. */
typedef struct ar_bench_suite {
    const char *name;
    const char *summary; /* one line for `ariadne bench` */
    int (*run)(int quick);
} ar_bench_suite;

/* What `ariadne replay FILE [--html OUT] [--turn T]` hands to the game whose
 * replay_format the file names (game.h): the file, already read, and the
 * options. The game checks the file strictly and prints the summary, or
 * writes the page; it returns an exit status. */
typedef struct ar_replay_request {
    const char *file; /* the path as given, for messages ("-" is standard input) */
    const char *text; /* the whole file, NUL-terminated */
    size_t len;
    const char *html; /* --html OUT.html ("-": standard output), or NULL */
    const char *turn; /* --turn T as given, or NULL */
} ar_replay_request;

/* The tool called name in a {NULL}-terminated table (may be NULL), or NULL. */
const ar_tool *ar_tool_find(const ar_tool *tools, const char *name);

/* Set by the SIGINT handler that ar_tool_install_sigint installs; searches
 * see it through ar_limits.interrupt. */
extern volatile sig_atomic_t ar_tool_interrupted;
void ar_tool_install_sigint(void);

/* The library names what it was given "parameter NAME" (ar_param); on the
 * command line that is the option --NAME: copies in to out with each
 * "parameter NAME" written "option --NAME". */
void ar_tool_option_words(const char *in, char *out, size_t size);

/* Prints "ariadne: <message>" (in the command line's words, as above) and a
 * newline on stderr and returns `status`. */
int ar_tool_error(int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ar_tool_error(AR_EXIT_BAD_INPUT, ...), so a tool can `return ar_tool_fail(...)`. */
int ar_tool_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Reads a whole file (or standard input for "-") into a NUL-terminated
 * malloc'd string; NULL with the reason in why on failure. */
char *ar_read_file(const char *path, char *why, size_t why_size);

/* The path of a file of the project's data directory (maps, instances,
 * published values; `relative` such as "NAME/maps"), found in
 * order: $ARIADNE_DATA, the data/ directory of the source tree the program
 * was built from (up to three levels above the executable, e.g.
 * build/ariadne -> data/, then the source tree's path as built), and the
 * installed copy (PREFIX/share/ariadne/data).
 * Returns 0 with the path in buf when the file or directory exists, -1 with
 * the places looked at in buf otherwise. */
int ar_data_path(const char *relative, char *buf, size_t size);

/* Writes s as a JSON string literal (quotes and escapes included). */
void ar_json_string(FILE *out, const char *s);

#ifdef __cplusplus
}
#endif
#endif
