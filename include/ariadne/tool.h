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
#include <stdint.h>
#include <stdio.h>
#include "ariadne/error.h"
#include "ariadne/limits.h"
#include "ariadne/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses of every verb (docs/cli.md). */
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

/* What `ariadne replay FILE [--html OUT] [--turn T] [--json]` hands to the
 * game whose replay_format the file names (game.h): the file, already read,
 * and the options. The game checks the file strictly and prints the summary
 * (text, or one JSON object), or writes the page; a turn past the game's end
 * is refused with ar_replay_bad_turn's message. It returns an exit status. */
typedef struct ar_replay_request {
    const char *file; /* the path as given, for messages ("-" is standard input) */
    const char *text; /* the whole file, NUL-terminated */
    size_t len;
    const char *html; /* --html OUT.html ("-": standard output), or NULL */
    long long turn;   /* --turn T (0: the start), or -1: after the last turn */
    int json;         /* --json: the summary as one JSON object */
} ar_replay_request;

/* The one message for a --turn past the end of a game of `turns` turns;
 * returns AR_EXIT_BAD_INPUT. */
int ar_replay_bad_turn(const ar_replay_request *q, long long turns);

/* --- One option parser for every verb ---
 *
 * Every verb, generic or a domain's own tool, declares its options in a
 * table and parses argv with ar_tool_parse, so all of them treat options the
 * same way: `--name value` or `--name=value`, `--` ends the options, an
 * option given twice is an error, an unknown option is an error (with the
 * nearest spelling suggested), a common option the verb does not take is an
 * error naming it, numbers are checked against their range with "too large"
 * / "too small" in the message, and positional arguments are counted. Each
 * error is one line on stderr; the call returns AR_EXIT_BAD_INPUT. */

typedef enum ar_opt_kind {
    AR_OPT_FLAG,   /* --NAME: *(int *)dest = 1 */
    AR_OPT_TEXT,   /* --NAME TEXT: *(const char **)dest = the text */
    AR_OPT_UINT,   /* --NAME N, a whole number in [min, max]: *(uint64_t *)dest */
    AR_OPT_NUMBER, /* --NAME X, a real number in [lo, hi]: *(double *)dest */
    AR_OPT_CHOICE  /* --NAME WORD, one of `choices`: *(int *)dest = its index */
} ar_opt_kind;

/* One option of a verb's table ({NULL}-terminated), written with designated
 * initialisers: {.name = "depth", .kind = AR_OPT_UINT, .dest = &depth,
 * .min = 1, .max = 64, .metavar = "D"}. A one-letter name is written with
 * one dash (-f FILE). */
typedef struct ar_opt {
    const char *name;
    ar_opt_kind kind;
    void *dest;
    const char *metavar;  /* "N", "FILE": for messages */
    uint64_t min, max;    /* AR_OPT_UINT (max 0: no upper bound but 2^64-1) */
    double lo, hi;        /* AR_OPT_NUMBER (hi 0: no upper bound) */
    int lo_open;          /* AR_OPT_NUMBER: more than lo, not lo itself */
    const char *choices;  /* AR_OPT_CHOICE: space-separated words */
    const char *alias;    /* an older spelling, accepted and documented as such */
    int *seen;            /* set to 1 when given (may be NULL) */
} ar_opt;

/* The options every verb spells the same way, with one range each; a verb
 * says which apply to it (an AR_COMMON_* mask) and reads them from its
 * ar_tool_cmd after parsing. */
enum {
    AR_COMMON_JSON = 1u << 0,         /* --json: one JSON object per result */
    AR_COMMON_QUIET = 1u << 1,        /* --quiet: nothing on stderr but errors */
    AR_COMMON_PROGRESS = 1u << 2,     /* --progress auto|text|json|off */
    AR_COMMON_TIME_LIMIT = 1u << 3,   /* --time-limit S (seconds, more than 0) */
    AR_COMMON_MEMORY_LIMIT = 1u << 4, /* --memory-limit SIZE (512M, 8G, bytes; at least 4K) */
    AR_COMMON_NODE_LIMIT = 1u << 5,   /* --node-limit N (at least 1) */
    AR_COMMON_SEED = 1u << 6,         /* --seed S (0 .. 2^64-1) */
    AR_COMMON_THREADS = 1u << 7,      /* --threads N (1 .. 256; default every core) */
    AR_COMMON_OUTPUT = AR_COMMON_JSON | AR_COMMON_QUIET | AR_COMMON_PROGRESS,
    AR_COMMON_LIMITS = AR_COMMON_TIME_LIMIT | AR_COMMON_MEMORY_LIMIT | AR_COMMON_NODE_LIMIT
};

#define AR_TOOL_MAX_ARGS 64
#define AR_TOOL_MAX_THREADS 256

/* A verb's command line: what the verb declares (the first block), and what
 * ar_tool_parse fills in (the second). */
typedef struct ar_tool_cmd {
    const char *name;       /* "pdb build": the start of every message */
    const char *help_topic; /* named in messages as `ariadne help TOPIC` (NULL: none) */
    unsigned common;        /* the AR_COMMON_* options the verb takes */
    const ar_opt *options;  /* its own options ({NULL}-terminated; may be NULL) */
    unsigned min_args, max_args; /* positional arguments */
    const char *args_usage;      /* "DEPTH", "FILE ...": what "needs" names */
    const char *other_options;   /* options of other verbs, space-separated: refused as
                                  * "does not apply" rather than "unknown" (may be NULL) */

    const char *args[AR_TOOL_MAX_ARGS];
    unsigned nargs;
    int json, quiet;
    ar_progress_mode progress_mode; /* --progress, or off under --quiet */
    ar_limits limits;               /* memory: ar_default_memory_limit() unless given;
                                     * interrupt: &ar_tool_interrupted */
    uint64_t seed;
    unsigned threads;               /* 0: not given (ar_tool_threads: every core) */
    unsigned given;                 /* the AR_COMMON_* options given */
    ar_progress progress;           /* on stderr, in progress_mode, labelled `name` */
} ar_tool_cmd;

/* Parses argv[first..argc) into cmd (whose declaration fields are set) and
 * the options' destinations, then initialises cmd->progress. Returns 0, or
 * AR_EXIT_BAD_INPUT after printing the one-line error. */
int ar_tool_parse(ar_tool_cmd *cmd, int argc, char **argv, int first);

/* --threads, or every online core when it was not given. */
unsigned ar_tool_threads(const ar_tool_cmd *cmd);

/* Copies s into out (size >= 8) for quoting in a message: control characters
 * and bytes that are not UTF-8 escaped (\n, \x9f), and a text longer than
 * `max` characters cut with "..." so the reader sees it was cut. Returns out. */
const char *ar_tool_quote(const char *s, size_t max, char *out, size_t size);

/* The whole number in text (decimal digits only), checked against [min, max]
 * (max 0: up to 2^64-1). Returns 0, or -1 with the reason in why ("is not a
 * whole number", "is too large (at most 64)"), preceded by the text quoted. */
int ar_tool_parse_uint(const char *text, uint64_t min, uint64_t max, uint64_t *out, char *why,
                       size_t why_size);

/* --- Counts: one behaviour for every `ariadne count PUZZLE` ---
 *
 * A puzzle's count tool parses with ar_tool_parse (AR_COMMON_OUTPUT, the
 * time limit, --threads), runs its counter under the limits with a progress
 * line (run.h: ar_run_threads), and prints what it found with
 * ar_tool_print_count, so every count reads the same: the count, or after a
 * stop a partial count labelled as a lower bound with the reason; the
 * published value where one is known; one JSON object under --json. */
typedef struct ar_count_report {
    const char *instance;   /* "6x6", "order 4" */
    const char *counted;    /* what was counted, in words: "closed tours (undirected cycles)" */
    uint64_t count;         /* complete: the count; stopped: what was counted before the stop */
    int complete;
    ar_stop_reason stop;    /* why it is not complete */
    uint64_t tasks, tasks_done; /* the work's parts (0, 0: not split) */
    uint64_t nodes;         /* search nodes (0: not reported) */
    double seconds;
    unsigned threads;
    int has_published;      /* published: the value in the literature, and where */
    uint64_t published;
    const char *source;     /* "OEIS A001230" */
} ar_count_report;

/* Prints r for `ariadne count PUZZLE` (text, or one JSON object whose
 * members extra_json, if not NULL, extends: ",\"key\":value..."); returns
 * the exit status: 0 counted, 1 counted but unlike the published value,
 * 3 stopped before the end. */
int ar_tool_print_count(const ar_tool_cmd *cmd, const char *puzzle, const ar_count_report *r,
                        const char *extra_json);

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

/* The exit status of a library call that failed with `status`: a limit
 * (time, nodes, Ctrl-C: AR_ERR_LIMIT) or the memory limit (AR_ERR_MEMORY)
 * stopped it, AR_EXIT_LIMIT; anything else is the input's fault,
 * AR_EXIT_BAD_INPUT. */
int ar_tool_exit_for(ar_status status);

/* ar_tool_error(AR_EXIT_BAD_INPUT, ...), so a tool can `return ar_tool_fail(...)`. */
int ar_tool_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Reads a whole file (or standard input for "-") into a NUL-terminated
 * malloc'd string; NULL with the reason in why on failure. */
char *ar_read_file(const char *path, char *why, size_t why_size);

/* Reads the file at path (ar_read_file) and hands its text to parse; a
 * failure to read, or parse's error prefixed with the path, comes back in
 * err. For the readers of a game's weights files and the like. */
typedef ar_status (*ar_text_parser)(const char *text, void *out, ar_error *err);
ar_status ar_parse_file(const char *path, ar_text_parser parse, void *out, ar_error *err);

/* The path of a file of the project's data directory (maps, instances,
 * published values; `relative` such as "NAME/maps"), found in
 * order: $ARIADNE_DATA, the data/ directory of the source tree the program
 * was built from (up to three levels above the executable, e.g.
 * build/ariadne -> data/, then the source tree's path as built), and the
 * installed copy (PREFIX/share/ariadne/data).
 * Returns 0 with the path in buf when the file or directory exists, -1 with
 * the places looked at in buf otherwise. */
int ar_data_path(const char *relative, char *buf, size_t size);

/* Makes the directory path and any missing parents (mkdir -p), so that a
 * verb can check a place to write before it prints anything. Returns 0, or
 * -1 with the reason in why. */
int ar_tool_make_dir(const char *path, char *why, size_t why_size);

/* The text of the data file DIR/NAME.txt (a named instance: `--graph
 * notes` reads data/andor/notes.txt), found by ar_data_path, malloc'd. NAME
 * must be letters, digits, '-' or '_' (at most 40), so it cannot leave DIR.
 * NULL with the reason in why ("'x/y' is not a name ...", "no ... (looked
 * for ...)", the read error). */
char *ar_data_read(const char *dir, const char *name, char *why, size_t why_size);

/* Writes s as a JSON string literal (quotes and escapes included). */
void ar_json_string(FILE *out, const char *s);

/* The 1, 5 and 15 minute load averages as "0.52 0.61 0.70" (Linux), or
 * "unknown": printed beside every timed figure, since wall-clock times mean
 * little on a machine busy with other work. */
void ar_tool_load_average(char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
