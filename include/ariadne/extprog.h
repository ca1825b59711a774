/* ariadne/extprog.h — the one adapter for external programs that play over a
 * line protocol on stdin/stdout: contest bots, engines, anything a match can
 * pit against ariadne's own bots.
 *
 * It starts a command (by /bin/sh -c, in its own process group), sends it
 * text, and reads its answers under a per-move deadline: one line, or lines
 * up to a terminator line. What can go wrong has its own status and a
 * one-line reason for the message a game's adapter writes: the program
 * crashed (it exited, was killed by a signal or closed its output), timed out
 * (no answer within the time), or wrote what no line protocol can use (a line
 * longer than the limit, too much before the terminator). A game's adapter is
 * a thin layer on top: what to send each turn and what an answer means. The
 * protocols it is made for:
 *
 *   a light-cycle contest's: a map each turn, one line back ("1".."4"):
 *       send, read_line;
 *   Planet Wars: the state and "go", orders back ended by a line "go":
 *       send, read_until("go");
 *   the 2011 AI Challenge: "turn N", the visible squares and "go"; orders ended by "go":
 *       the same, with settings sent once at turn 0;
 *   UCI engines: "position ...", "go movetime T", lines until "bestmove ...":
 *       send, then read_line until the line starts with "bestmove".
 *
 * The program's stdin and stdout are one end of a socket pair rather than
 * pipes, so that writing to a program that has died returns an error (EPIPE,
 * sent with MSG_NOSIGNAL) instead of raising SIGPIPE in the caller: the
 * library installs no signal handlers. Its stderr is captured on a socket of
 * its own: the last AR_EXTPROG_STDERR_KEEP bytes are kept for error messages
 * and replays, and may also be copied to our standard error as they arrive.
 * stderr is drained whenever the adapter waits, so a program that writes a
 * lot of it never blocks on a full pipe while we wait for its answer.
 *
 * Times are on the ar_now() clock (timer.h). One ar_extprog is used by one
 * thread at a time; different ones are independent. Nothing here prints
 * (unless asked to echo the program's stderr) or exits. */
#ifndef ARIADNE_EXTPROG_H
#define ARIADNE_EXTPROG_H

#include <stddef.h>
#include "ariadne/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_extprog ar_extprog;

typedef enum ar_extprog_status {
    AR_EXTPROG_OK = 0,
    AR_EXTPROG_TIMEOUT,    /* the deadline passed before it read its input or answered */
    AR_EXTPROG_CRASHED,    /* it exited, was killed, or closed its output: the reason says which */
    AR_EXTPROG_BAD_OUTPUT, /* it wrote what a line protocol cannot use (a line too long, ...) */
    AR_EXTPROG_SYSTEM      /* it could not be started (no socket pair, no fork): not its fault */
} ar_extprog_status;

/* Bytes of the program's stderr that are kept (the last ones). */
#define AR_EXTPROG_STDERR_KEEP 4096

typedef struct ar_extprog_options {
    /* The longest line accepted, counting the bytes before its newline
     * (a line of max_line bytes or more is bad output); 0: 4096. */
    size_t max_line;
    /* The most bytes read_until accepts before the terminator line; 0: 1 MiB. */
    size_t max_block;
    /* Non-zero: also copy the program's stderr to our standard error as it
     * arrives (what a person watching a match expects); 0: only keep it. */
    int echo_stderr;
} ar_extprog_options;

/* Whether `command` can be run, checked before any game: the program its
 * first word names must exist and be executable (a path, or a name found on
 * $PATH). AR_ERR_INPUT with one line ("cannot run '/x/bot': No such file or
 * directory") when not. A command the shell interprets before running a
 * program (a builtin such as `cd`, a variable assignment, shell syntax) is
 * not checked: AR_OK. */
ar_status ar_extprog_check(const char *command, ar_error *err);

/* A program that will run `command` (by /bin/sh -c) when started; options
 * may be NULL (the defaults). Nothing is started yet. */
ar_extprog *ar_extprog_new(const char *command, const ar_extprog_options *options);
/* Kills and reaps the program if it runs, and frees everything. p may be NULL. */
void ar_extprog_free(ar_extprog *p);

/* Starts the program (a fresh process; a running one is stopped first), with
 * its stderr kept from here on. AR_EXTPROG_SYSTEM when it cannot. */
ar_extprog_status ar_extprog_start(ar_extprog *p);
/* Kills the program's process group and reaps it; unread output is dropped.
 * It may be started again. Harmless when it is not running. */
void ar_extprog_stop(ar_extprog *p);
/* Whether a process was started and not stopped since (it may have died:
 * the next send or read says so). */
int ar_extprog_running(const ar_extprog *p);

/* The deadline of the following sends and reads: `seconds` from now (<= 0:
 * none, wait as long as it takes). A move's clock is set once and shared by
 * its send and its reads, so start-up and reading the input count too. */
void ar_extprog_set_deadline(ar_extprog *p, double seconds);

/* Sends len bytes. AR_EXTPROG_TIMEOUT when it has not read them by the
 * deadline ("did not read its input within 0.9 s"), AR_EXTPROG_CRASHED when
 * it is gone ("exited with status 1"). */
ar_extprog_status ar_extprog_send(ar_extprog *p, const char *text, size_t len);
/* The next line it writes: *line (NUL-terminated, valid until the next call
 * on p) without its newline and without a '\r' before it, *len its length.
 * Lines it wrote earlier and nobody read come first. Fails with
 * AR_EXTPROG_TIMEOUT ("no answer within 0.9 s"), AR_EXTPROG_CRASHED ("exited
 * with status 3", "was killed by signal 11", "closed its output": also when
 * it ends in the middle of a line) or AR_EXTPROG_BAD_OUTPUT ("wrote 4096
 * bytes without a newline"). */
ar_extprog_status ar_extprog_read_line(ar_extprog *p, const char **line, size_t *len);
/* The lines it writes up to a line that is `terminator` (ignoring blanks and
 * a '\r' around it): *block (NUL-terminated, valid until the next call on p)
 * is every byte before the terminator line, newlines included, *len its
 * length; the terminator line is consumed too. Fails as read_line does, and
 * with AR_EXTPROG_BAD_OUTPUT when more than max_block bytes come first. */
ar_extprog_status ar_extprog_read_until(ar_extprog *p, const char *terminator, const char **block, size_t *len);

/* One line saying why the last call failed: "exited with status 3", "was
 * killed by signal 11", "closed its output", "no answer within 0.9 s", "did
 * not read its input within 0.9 s", "wrote 4096 bytes without a newline",
 * "cannot start 'COMMAND': ..."; "" after a success. A crash's reason reads
 * after "it" ("'./bot' crashed: it exited with status 3"). */
const char *ar_extprog_reason(const ar_extprog *p);
/* The last AR_EXTPROG_STDERR_KEEP bytes the program (started last) wrote on
 * its stderr, NUL-terminated (bytes as written; a NUL in them cuts the text
 * short). Reads what is waiting first. */
const char *ar_extprog_stderr(ar_extprog *p);
/* The command as given to ar_extprog_new. */
const char *ar_extprog_command(const ar_extprog *p);

#ifdef __cplusplus
}
#endif
#endif
