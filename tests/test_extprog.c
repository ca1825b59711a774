/* test_extprog.c — the adapter for external programs (ariadne/extprog.h),
 * driven with small shell programs.
 *
 * An echo bot answers line by line ('\r\n' too) and keeps unread lines for
 * later; a bot that sleeps past the deadline times out on time and is killed
 * at once with its whole process group; bots that exit, die of a signal or
 * close their output are crashes with the right reason, also when they wrote
 * half a line first; writing to a dead program is an error, not a SIGPIPE; a
 * program that does not read its input times out on the send; garbage with no
 * newline is bad output; stderr is kept (the last 4 KiB, even when megabytes
 * come while we wait for an answer), echoed when asked, and reset by a
 * restart; read_until collects lines up to a terminator line ("go") and
 * refuses a block that is too long. */
#include "check.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "ariadne/extprog.h"
#include "ariadne/timer.h"

static ar_extprog *started(const char *command, const ar_extprog_options *o)
{
    ar_extprog *p = ar_extprog_new(command, o);
    CHECK_MSG(ar_extprog_start(p) == AR_EXTPROG_OK, "cannot start '%s': %s", command, ar_extprog_reason(p));
    return p;
}

static void test_echo(void)
{
    ar_extprog *p = started("while read l; do echo \"got $l\"; done", NULL);
    const char *line = NULL;
    size_t len = 0;
    CHECK(ar_extprog_running(p));
    CHECK_STR(ar_extprog_command(p), "while read l; do echo \"got $l\"; done");
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_send(p, "a\nb b\n", 6) == AR_EXTPROG_OK);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK);
    CHECK_STR(line, "got a");
    CHECK_EQ_U(len, 5);
    CHECK_STR(ar_extprog_reason(p), "");
    /* The second answer was written already (or soon is): it comes next. */
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK);
    CHECK_STR(line, "got b b");
    /* No deadline: wait as long as it takes. */
    ar_extprog_set_deadline(p, 0);
    CHECK(ar_extprog_send(p, "c\n", 2) == AR_EXTPROG_OK);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK);
    CHECK_STR(line, "got c");
    ar_extprog_stop(p);
    CHECK(!ar_extprog_running(p));
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "is not running");
    CHECK(ar_extprog_send(p, "x\n", 2) == AR_EXTPROG_CRASHED);
    /* Started again, it is a fresh process. */
    CHECK(ar_extprog_start(p) == AR_EXTPROG_OK);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_send(p, "d\n", 2) == AR_EXTPROG_OK);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK);
    CHECK_STR(line, "got d");
    ar_extprog_free(p);

    /* "\r\n" line ends lose the '\r'; blank lines are lines. */
    p = started("printf 'one\\r\\n\\ntwo\\n'; sleep 5", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK && strcmp(line, "one") == 0 && len == 3);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK && len == 0);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK && strcmp(line, "two") == 0);
    ar_extprog_free(p);
}

static void test_timeout(void)
{
    ar_extprog *p = started("sleep 30", NULL);
    const char *line;
    size_t len;
    double t0, took;
    ar_extprog_set_deadline(p, 0.2);
    t0 = ar_now();
    CHECK(ar_extprog_send(p, "hello\n", 6) == AR_EXTPROG_OK); /* it fits in the socket */
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_TIMEOUT);
    took = ar_now() - t0;
    CHECK_MSG(took >= 0.19 && took < 3, "timed out after %.3f s, not 0.2 s", took);
    CHECK_STR(ar_extprog_reason(p), "no answer within 0.2 s");
    /* Once the deadline has passed, nothing waits any more. */
    t0 = ar_now();
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_TIMEOUT);
    CHECK(ar_now() - t0 < 0.5);
    /* stop kills it now, not after 30 s. */
    t0 = ar_now();
    ar_extprog_stop(p);
    CHECK_MSG(ar_now() - t0 < 2, "stop took %.3f s", ar_now() - t0);
    ar_extprog_free(p);

    /* A program that does not read: the send times out once the socket is full. */
    {
        size_t big = 8u << 20;
        char *text = malloc(big);
        memset(text, 'x', big);
        p = started("sleep 30", NULL);
        ar_extprog_set_deadline(p, 0.3);
        CHECK(ar_extprog_send(p, text, big) == AR_EXTPROG_TIMEOUT);
        CHECK_STR(ar_extprog_reason(p), "did not read its input within 0.3 s");
        ar_extprog_free(p);
        free(text);
    }
}

static void test_crashes(void)
{
    ar_extprog *p;
    const char *line;
    size_t len;
    p = started("exit 3", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "exited with status 3");
    ar_extprog_free(p);

    p = started("kill -SEGV $$", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "was killed by signal 11");
    ar_extprog_free(p);

    /* Half a line, then the end: a crash, not an answer. */
    p = started("printf 1", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "exited with status 0");
    ar_extprog_free(p);

    /* Alive, but its output is closed. */
    p = started("exec 0<&- 1>&-; sleep 30", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "closed its output");
    ar_extprog_free(p);

    /* Writing to a program that has died is an error, not a SIGPIPE (which
     * would end this test). */
    {
        size_t big = 1u << 20;
        char *text = malloc(big);
        memset(text, 'x', big);
        p = started("exit 0", NULL);
        ar_extprog_set_deadline(p, 5);
        CHECK(ar_extprog_send(p, text, big) == AR_EXTPROG_CRASHED);
        CHECK_STR(ar_extprog_reason(p), "exited with status 0");
        ar_extprog_free(p);
        free(text);
    }

    /* The command is run by the shell: a missing program is exit status 127. */
    p = started("./no-such-program-here 2>/dev/null", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "exited with status 127");
    ar_extprog_free(p);
}

static void test_bad_output(void)
{
    ar_extprog_options o;
    ar_extprog *p;
    const char *line;
    size_t len;
    p = started("head -c 5000 /dev/zero | tr '\\0' x; sleep 30", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_BAD_OUTPUT);
    CHECK_STR(ar_extprog_reason(p), "wrote 4096 bytes without a newline");
    ar_extprog_free(p);

    /* max_line: a line of max_line - 1 bytes is fine, one of max_line is not. */
    memset(&o, 0, sizeof o);
    o.max_line = 8;
    p = started("echo 1234567; echo 12345678; sleep 30", &o);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK && strcmp(line, "1234567") == 0);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_BAD_OUTPUT);
    CHECK_STR(ar_extprog_reason(p), "wrote 8 bytes without a newline");
    ar_extprog_free(p);
}

static void test_stderr(void)
{
    ar_extprog *p;
    const char *line, *tail;
    size_t len, i;
    int ok;
    p = started("echo oops >&2; echo fine; sleep 30", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK && strcmp(line, "fine") == 0);
    /* It may arrive a moment after the answer. */
    for (i = 0; i < 200 && strcmp(ar_extprog_stderr(p), "oops\n") != 0; i++) {
        struct timespec ts = {0, 10000000};
        nanosleep(&ts, NULL);
    }
    CHECK_STR(ar_extprog_stderr(p), "oops\n");
    /* A restart starts a new record. */
    CHECK(ar_extprog_start(p) == AR_EXTPROG_OK);
    CHECK_STR(ar_extprog_stderr(p), "");
    ar_extprog_free(p);

    /* Megabytes of stderr while we wait for the answer: no deadlock, and the
     * last 4 KiB are kept. */
    p = started("head -c 3000000 /dev/zero | tr '\\0' e >&2; echo z >&2; echo done; sleep 30", NULL);
    ar_extprog_set_deadline(p, 20);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK && strcmp(line, "done") == 0);
    for (i = 0; i < 200; i++) {
        tail = ar_extprog_stderr(p);
        if (strlen(tail) == AR_EXTPROG_STDERR_KEEP && tail[AR_EXTPROG_STDERR_KEEP - 2] == 'z')
            break;
        {
            struct timespec ts = {0, 10000000};
            nanosleep(&ts, NULL);
        }
    }
    tail = ar_extprog_stderr(p);
    CHECK_EQ_U(strlen(tail), AR_EXTPROG_STDERR_KEEP);
    CHECK_STR(tail + AR_EXTPROG_STDERR_KEEP - 2, "z\n");
    for (ok = 1, i = 0; i + 2 < AR_EXTPROG_STDERR_KEEP; i++)
        ok &= tail[i] == 'e';
    CHECK(ok);
    ar_extprog_free(p);

    /* What a crashing program said last is there for the message. */
    p = started("echo 'bad map' >&2; exit 2", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "exited with status 2");
    CHECK_STR(ar_extprog_stderr(p), "bad map\n");
    ar_extprog_free(p);

    /* echo_stderr copies it to our stderr (a pipe here) as well. */
    {
        ar_extprog_options o;
        int fds[2], saved = dup(2);
        char got[64];
        ssize_t n;
        CHECK(pipe(fds) == 0);
        dup2(fds[1], 2);
        memset(&o, 0, sizeof o);
        o.echo_stderr = 1;
        p = started("echo seen >&2; echo ok", &o);
        ar_extprog_set_deadline(p, 5);
        CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK);
        ar_extprog_free(p); /* stop reads what is left */
        dup2(saved, 2);
        close(saved);
        close(fds[1]);
        n = read(fds[0], got, sizeof got - 1);
        close(fds[0]);
        got[n > 0 ? n : 0] = '\0';
        CHECK_STR(got, "seen\n");
    }
}

static void test_read_until(void)
{
    ar_extprog_options o;
    ar_extprog *p = started("printf 'a 1\\nb 2\\n go \\r\\nc\\ngo\\ngo\\nlast\\n'; sleep 30", NULL);
    const char *block, *line;
    size_t len;
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_until(p, "go", &block, &len) == AR_EXTPROG_OK);
    CHECK_STR(block, "a 1\nb 2\n");
    CHECK_EQ_U(len, 8);
    CHECK(ar_extprog_read_until(p, "go", &block, &len) == AR_EXTPROG_OK);
    CHECK_STR(block, "c\n");
    CHECK(ar_extprog_read_until(p, "go", &block, &len) == AR_EXTPROG_OK);
    CHECK(len == 0 && block[0] == '\0'); /* nothing before the terminator */
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK && strcmp(line, "last") == 0);
    ar_extprog_set_deadline(p, 0.2);
    CHECK(ar_extprog_read_until(p, "go", &block, &len) == AR_EXTPROG_TIMEOUT);
    ar_extprog_free(p);

    /* A block that never ends in "go". */
    memset(&o, 0, sizeof o);
    o.max_block = 100;
    p = started("yes order; sleep 30", &o);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_until(p, "go", &block, &len) == AR_EXTPROG_BAD_OUTPUT);
    CHECK_STR(ar_extprog_reason(p), "wrote more than 100 bytes before a line \"go\"");
    ar_extprog_free(p);

    /* The end of the output before the terminator is a crash. */
    p = started("printf 'x\\ny\\n'", NULL);
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_until(p, "go", &block, &len) == AR_EXTPROG_CRASHED);
    CHECK_STR(ar_extprog_reason(p), "exited with status 0");
    ar_extprog_free(p);
}

/* Whether the process is dead: gone, or a zombie waiting for a parent that
 * does not reap (init in some containers does not). */
static int process_dead(long pid)
{
    char path[64], text[512], *close_paren;
    FILE *f;
    size_t n;
    if (kill((pid_t)pid, 0) != 0 && errno == ESRCH)
        return 1;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    if (!(f = fopen(path, "r")))
        return 1;
    n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    close_paren = strrchr(text, ')');
    return close_paren && close_paren[1] == ' ' && close_paren[2] == 'Z';
}

static void test_process_group(void)
{
    /* A child of the command's shell is killed with it. */
    ar_extprog *p = started("sleep 30 & echo $!; wait", NULL);
    const char *line;
    size_t len;
    long child = 0;
    int i, gone = 0;
    ar_extprog_set_deadline(p, 5);
    CHECK(ar_extprog_read_line(p, &line, &len) == AR_EXTPROG_OK);
    child = strtol(line, NULL, 10);
    CHECK(child > 1);
    CHECK(!process_dead(child));
    ar_extprog_free(p);
    for (i = 0; i < 300 && !gone; i++) {
        struct timespec ts = {0, 10000000};
        gone = process_dead(child);
        nanosleep(&ts, NULL);
    }
    CHECK_MSG(gone, "the command's child %ld outlived stop", child);
    ar_extprog_free(NULL);
}

/* ar_extprog_check: a program that cannot run is caught before any game;
 * what the shell interprets first is left to the shell. */
static void test_check(void)
{
    ar_error err;
    ar_error_clear(&err);
    CHECK(ar_extprog_check("/nonexistent/bot --fast", &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "cannot run '/nonexistent/bot'") != NULL);
    CHECK(ar_extprog_check("no-such-program-anywhere-42", &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "no such program on $PATH") != NULL);
    CHECK(ar_extprog_check("/tmp", &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "directory") != NULL);
    CHECK(ar_extprog_check("sh -c 'echo 1'", &err) == AR_OK);
    CHECK(ar_extprog_check("  /bin/sh", &err) == AR_OK);
    CHECK(ar_extprog_check("cd /tmp && ./bot", &err) == AR_OK);
    CHECK(ar_extprog_check("FOO=1 bot", &err) == AR_OK);
    CHECK(ar_extprog_check("exit 3", &err) == AR_OK); /* a builtin: the shell runs it */
}

int main(void)
{
    test_check();
    test_echo();
    test_timeout();
    test_crashes();
    test_bad_output();
    test_stderr();
    test_read_until();
    test_process_group();
    return check_report("test_extprog");
}
