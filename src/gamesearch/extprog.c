/* extprog.c — external programs over a line protocol (extprog.h): spawning
 * with socket pairs, writing and reading against a deadline with poll(), the
 * program's stderr kept (and echoed) as it arrives, and telling a crash from a
 * timeout from bad output.
 *
 * Every wait is one poll() on the program's stdout (or stdin, when sending)
 * and its stderr together: a program blocked writing a full stderr socket
 * would otherwise never get to its answer, and we would call that a timeout.
 * A program is killed with its whole process group (sh -c and whatever it
 * started) and reaped before stop returns, so no zombie or stray child
 * outlives a game. */
#include "ariadne/extprog.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ariadne/memory.h"
#include "ariadne/timer.h"

#define DEFAULT_MAX_LINE 4096
#define DEFAULT_MAX_BLOCK ((size_t)1 << 20)

struct ar_extprog {
    char *command;
    ar_extprog_options o;
    pid_t pid;     /* the process (sh -c), 0 when reaped or never started */
    pid_t group;   /* its process group, 0 when not running */
    int fd;        /* our end of its stdin/stdout, -1 when not running */
    int err_fd;    /* our end of its stderr, -1 when closed */
    char *in;      /* what it wrote and nobody has read yet, from in[in_used] */
    size_t in_len, in_cap, in_used;
    double deadline; /* ar_now() time of the deadline, 0: none */
    double budget;   /* the seconds it was set from, for reasons */
    char reason[300];
    char err_tail[AR_EXTPROG_STDERR_KEEP + 1];
    size_t err_len;
};

/* Whether path is a regular file we may execute. */
static int runnable(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && access(path, X_OK) == 0;
}

ar_status ar_extprog_check(const char *command, ar_error *err)
{
    /* Shell keywords and builtins: the shell runs them itself. */
    static const char *const shell_words[] = {
        ".", ":", "[", "{", "(", "alias", "bg", "break", "case", "cd", "command", "continue", "echo",
        "eval", "exec", "exit", "export", "false", "fc", "fg", "for", "getopts", "hash", "if", "jobs",
        "kill", "let", "local", "printf", "pwd", "read", "readonly", "return", "set", "shift",
        "source", "test", "times", "trap", "true", "type", "ulimit", "umask", "unalias", "unset",
        "until", "wait", "while", NULL};
    char word[1024], path[2048];
    const char *s = command, *dirs;
    size_t n = 0, i;
    while (*s == ' ' || *s == '\t')
        s++;
    while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '\n')
        n++;
    if (n == 0 || n >= sizeof word)
        return AR_OK;
    memcpy(word, s, n);
    word[n] = '\0';
    if (strpbrk(word, "=;|&$`()<>'\"\\*?[~"))
        return AR_OK; /* the shell interprets it first */
    for (i = 0; shell_words[i]; i++)
        if (strcmp(word, shell_words[i]) == 0)
            return AR_OK;
    if (strchr(word, '/')) {
        struct stat sb;
        if (stat(word, &sb) != 0)
            return ar_error_set(err, AR_ERR_INPUT, "cannot run '%s': %s", word, strerror(errno));
        if (!runnable(word))
            return ar_error_set(err, AR_ERR_INPUT, "cannot run '%s': %s", word,
                                S_ISDIR(sb.st_mode) ? "it is a directory" : "it is not executable");
        return AR_OK;
    }
    for (dirs = getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin"; *dirs;) {
        size_t len = strcspn(dirs, ":");
        snprintf(path, sizeof path, "%.*s/%s", (int)(len ? len : 1), len ? dirs : ".", word);
        if (runnable(path))
            return AR_OK;
        dirs += len;
        if (*dirs == ':')
            dirs++;
    }
    return ar_error_set(err, AR_ERR_INPUT, "cannot run '%s': no such program on $PATH", word);
}

ar_extprog *ar_extprog_new(const char *command, const ar_extprog_options *options)
{
    ar_extprog *p = ar_xcalloc(1, sizeof *p);
    p->command = ar_xstrdup(command);
    if (options)
        p->o = *options;
    if (!p->o.max_line)
        p->o.max_line = DEFAULT_MAX_LINE;
    if (!p->o.max_block)
        p->o.max_block = DEFAULT_MAX_BLOCK;
    p->fd = -1;
    p->err_fd = -1;
    return p;
}

const char *ar_extprog_command(const ar_extprog *p) { return p->command; }
const char *ar_extprog_reason(const ar_extprog *p) { return p->reason; }
int ar_extprog_running(const ar_extprog *p) { return p->fd >= 0; }

void ar_extprog_set_deadline(ar_extprog *p, double seconds)
{
    p->budget = seconds > 0 ? seconds : 0;
    p->deadline = seconds > 0 ? ar_now() + seconds : 0;
}

/* Milliseconds until the deadline for poll(): at least 0, -1 for none. */
static int ms_left(const ar_extprog *p)
{
    double left;
    if (p->deadline <= 0)
        return -1;
    left = p->deadline - ar_now();
    if (left <= 0)
        return 0;
    return left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
}

/* ------------------------------------------------------------- stderr */

static void keep_stderr(ar_extprog *p, const char *s, size_t n)
{
    if (n >= AR_EXTPROG_STDERR_KEEP) {
        memcpy(p->err_tail, s + n - AR_EXTPROG_STDERR_KEEP, AR_EXTPROG_STDERR_KEEP);
        p->err_len = AR_EXTPROG_STDERR_KEEP;
    } else {
        if (p->err_len + n > AR_EXTPROG_STDERR_KEEP) {
            size_t drop = p->err_len + n - AR_EXTPROG_STDERR_KEEP;
            memmove(p->err_tail, p->err_tail + drop, p->err_len - drop);
            p->err_len -= drop;
        }
        memcpy(p->err_tail + p->err_len, s, n);
        p->err_len += n;
    }
    p->err_tail[p->err_len] = '\0';
}

static void echo(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t k = write(2, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return; /* our stderr is gone: keeping the text is all we can do */
        s += k;
        n -= (size_t)k;
    }
}

/* Reads whatever the program's stderr holds now, without waiting. */
static void drain_stderr(ar_extprog *p)
{
    char buf[4096];
    while (p->err_fd >= 0) {
        ssize_t k = read(p->err_fd, buf, sizeof buf);
        if (k > 0) {
            keep_stderr(p, buf, (size_t)k);
            if (p->o.echo_stderr)
                echo(buf, (size_t)k);
            continue;
        }
        if (k < 0 && errno == EINTR)
            continue;
        if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            close(p->err_fd); /* it closed its stderr (or died): nothing more will come */
            p->err_fd = -1;
        }
        return;
    }
}

const char *ar_extprog_stderr(ar_extprog *p)
{
    drain_stderr(p);
    return p->err_tail;
}

/* ----------------------------------------------------- start and stop */

static void set_cloexec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }
static void set_nonblock(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

/* A socket pair whose ends are not inherited by programs started later (by
 * this or another thread): the program must see its end of the pair close
 * when we close ours, or a dead partner would never read as EOF. */
static int make_pair(int sv[2])
{
#ifdef SOCK_CLOEXEC
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0)
        return 0;
#endif
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return -1;
    set_cloexec(sv[0]);
    set_cloexec(sv[1]);
    return 0;
}

void ar_extprog_stop(ar_extprog *p)
{
    if (p->fd >= 0 || p->pid > 0)
        drain_stderr(p); /* what it said before it goes, for messages */
    if (p->group > 0)
        kill(-p->group, SIGKILL); /* sh -c and anything it started */
    if (p->pid > 0) {
        kill(p->pid, SIGKILL);
        while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    if (p->fd >= 0)
        close(p->fd);
    if (p->err_fd >= 0)
        close(p->err_fd);
    p->pid = 0;
    p->group = 0;
    p->fd = -1;
    p->err_fd = -1;
    p->in_len = 0;
    p->in_used = 0;
}

void ar_extprog_free(ar_extprog *p)
{
    if (!p)
        return;
    ar_extprog_stop(p);
    free(p->command);
    free(p->in);
    free(p);
}

ar_extprog_status ar_extprog_start(ar_extprog *p)
{
    int io[2], err[2];
    pid_t pid;
    ar_extprog_stop(p);
    p->reason[0] = '\0';
    p->err_len = 0;
    p->err_tail[0] = '\0';
    if (make_pair(io) != 0) {
        snprintf(p->reason, sizeof p->reason, "cannot make a socket pair for '%.200s': %s", p->command,
                 strerror(errno));
        return AR_EXTPROG_SYSTEM;
    }
    if (make_pair(err) != 0) {
        snprintf(p->reason, sizeof p->reason, "cannot make a socket pair for '%.200s': %s", p->command,
                 strerror(errno));
        close(io[0]);
        close(io[1]);
        return AR_EXTPROG_SYSTEM;
    }
    pid = fork();
    if (pid < 0) {
        snprintf(p->reason, sizeof p->reason, "cannot start '%.200s': %s", p->command, strerror(errno));
        close(io[0]);
        close(io[1]);
        close(err[0]);
        close(err[1]);
        return AR_EXTPROG_SYSTEM;
    }
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. Every end of
         * the pairs closes at exec; the copies on 0, 1 and 2 must not (dup2
         * onto the same descriptor would keep the flag, hence the fcntl). */
        struct sigaction sa;
        int fd;
        setpgid(0, 0);
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &sa, NULL);
        if (dup2(io[1], 0) < 0 || dup2(io[1], 1) < 0 || dup2(err[1], 2) < 0)
            _exit(127);
        for (fd = 0; fd < 3; fd++)
            fcntl(fd, F_SETFD, 0);
        execl("/bin/sh", "sh", "-c", p->command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here, so the group exists before any kill */
    close(io[1]);
    close(err[1]);
    set_nonblock(io[0]);
    set_nonblock(err[0]);
    p->pid = pid;
    p->group = pid;
    p->fd = io[0];
    p->err_fd = err[0];
    p->in_len = 0;
    p->in_used = 0;
    return AR_EXTPROG_OK;
}

/* ------------------------------------------------------------ failing */

/* How the program ended, for a crash's reason ("exited with status 1"): it
 * is given a moment to finish dying, since its output closes just before. */
static ar_extprog_status crashed(ar_extprog *p)
{
    int status;
    pid_t r = 0;
    double until = ar_now() + 0.2;
    if (p->pid > 0) {
        do {
            r = waitpid(p->pid, &status, WNOHANG);
            if (r == 0) {
                struct timespec ts = {0, 2000000};
                nanosleep(&ts, NULL);
            }
        } while (r == 0 && ar_now() < until);
    }
    if (p->pid > 0 && r == p->pid) {
        p->pid = 0; /* reaped; stop still kills what is left of its group */
        if (WIFEXITED(status))
            snprintf(p->reason, sizeof p->reason, "exited with status %d", WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            snprintf(p->reason, sizeof p->reason, "was killed by signal %d", WTERMSIG(status));
        else
            snprintf(p->reason, sizeof p->reason, "stopped");
    } else {
        snprintf(p->reason, sizeof p->reason, "closed its output");
    }
    drain_stderr(p);
    return AR_EXTPROG_CRASHED;
}

static ar_extprog_status not_running(ar_extprog *p)
{
    snprintf(p->reason, sizeof p->reason, "is not running");
    return AR_EXTPROG_CRASHED;
}

/* Waits until fd is ready for `events` (POLLIN or POLLOUT), draining stderr
 * meanwhile. 1: ready (or hung up: the read or write says how), 0: the
 * deadline passed. */
static int wait_for(ar_extprog *p, short events)
{
    for (;;) {
        struct pollfd pf[2];
        int left = ms_left(p), n, k;
        pf[0].fd = p->fd;
        pf[0].events = events;
        pf[0].revents = 0;
        pf[1].fd = p->err_fd;
        pf[1].events = POLLIN;
        pf[1].revents = 0;
        n = p->err_fd >= 0 ? 2 : 1;
        k = poll(pf, (nfds_t)n, left);
        if (k < 0 && errno == EINTR)
            continue;
        if (k == 0)
            return 0;
        if (k < 0)
            return 1; /* poll itself failed: let the read or write report it */
        if (n == 2 && pf[1].revents)
            drain_stderr(p);
        if (pf[0].revents)
            return 1;
        if (left == 0)
            return 0;
    }
}

/* ------------------------------------------------------- sending text */

ar_extprog_status ar_extprog_send(ar_extprog *p, const char *text, size_t len)
{
    size_t sent = 0;
    p->reason[0] = '\0';
    if (p->fd < 0)
        return not_running(p);
    drain_stderr(p);
    while (sent < len) {
        ssize_t k = send(p->fd, text + sent, len - sent, MSG_NOSIGNAL);
        if (k > 0) {
            sent += (size_t)k;
            continue;
        }
        if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            if (!wait_for(p, POLLOUT)) {
                snprintf(p->reason, sizeof p->reason, "did not read its input within %.3g s", p->budget);
                return AR_EXTPROG_TIMEOUT;
            }
            continue;
        }
        return crashed(p); /* EPIPE, ECONNRESET: its end is closed */
    }
    return AR_EXTPROG_OK;
}

/* -------------------------------------------------------- reading text */

/* Drops the bytes handed out by the last read and makes room for more. */
static void compact(ar_extprog *p)
{
    if (p->in_used) {
        memmove(p->in, p->in + p->in_used, p->in_len - p->in_used);
        p->in_len -= p->in_used;
        p->in_used = 0;
    }
}

/* Waits for more output and appends it to in[]. */
static ar_extprog_status read_more(ar_extprog *p)
{
    ssize_t k;
    if (p->in_cap - p->in_len < 4096) {
        p->in_cap = p->in_cap ? p->in_cap * 2 : 8192;
        p->in = ar_xrealloc(p->in, p->in_cap);
    }
    for (;;) {
        if (ms_left(p) == 0 || !wait_for(p, POLLIN)) {
            snprintf(p->reason, sizeof p->reason, "no answer within %.3g s", p->budget);
            return AR_EXTPROG_TIMEOUT;
        }
        k = read(p->fd, p->in + p->in_len, p->in_cap - p->in_len - 1);
        if (k > 0) {
            p->in_len += (size_t)k;
            return AR_EXTPROG_OK;
        }
        if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return crashed(p);
    }
}

/* The line at in[from] if a newline ends it within max_line bytes: its
 * length without the newline, or -1 (more is needed) or -2 (too long). */
static long line_at(const ar_extprog *p, size_t from)
{
    size_t avail = p->in_len - from, scan = avail < p->o.max_line ? avail : p->o.max_line;
    const char *nl = scan ? memchr(p->in + from, '\n', scan) : NULL; /* in is NULL before the first read */
    if (nl)
        return (long)(nl - (p->in + from));
    return avail >= p->o.max_line ? -2 : -1;
}

static ar_extprog_status too_long(ar_extprog *p)
{
    snprintf(p->reason, sizeof p->reason, "wrote %zu bytes without a newline", p->o.max_line);
    return AR_EXTPROG_BAD_OUTPUT;
}

ar_extprog_status ar_extprog_read_line(ar_extprog *p, const char **line, size_t *len)
{
    p->reason[0] = '\0';
    compact(p);
    for (;;) {
        long n = line_at(p, 0);
        ar_extprog_status st;
        if (n >= 0) {
            size_t l = (size_t)n;
            p->in_used = l + 1;
            if (l > 0 && p->in[l - 1] == '\r')
                l--;
            p->in[l] = '\0';
            *line = p->in;
            *len = l;
            return AR_EXTPROG_OK;
        }
        if (n == -2)
            return too_long(p);
        if (p->fd < 0)
            return not_running(p);
        if ((st = read_more(p)) != AR_EXTPROG_OK)
            return st;
    }
}

/* Whether text[0, len) is the terminator, ignoring blanks and '\r' around it. */
static int is_terminator(const char *text, size_t len, const char *terminator)
{
    size_t a = 0, b = len, t = strlen(terminator);
    while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r'))
        a++;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r'))
        b--;
    return b - a == t && memcmp(text + a, terminator, t) == 0;
}

ar_extprog_status ar_extprog_read_until(ar_extprog *p, const char *terminator, const char **block, size_t *len)
{
    size_t from = 0; /* where the first line not yet looked at starts */
    p->reason[0] = '\0';
    compact(p);
    for (;;) {
        long n = line_at(p, from);
        ar_extprog_status st;
        if (n >= 0) {
            if (is_terminator(p->in + from, (size_t)n, terminator)) {
                p->in_used = from + (size_t)n + 1;
                p->in[from] = '\0'; /* the terminator line is consumed: its first byte can end the block */
                *block = p->in;
                *len = from;
                return AR_EXTPROG_OK;
            }
            from += (size_t)n + 1;
            if (from > p->o.max_block) {
                snprintf(p->reason, sizeof p->reason, "wrote more than %zu bytes before a line \"%.40s\"",
                         p->o.max_block, terminator);
                return AR_EXTPROG_BAD_OUTPUT;
            }
            continue;
        }
        if (n == -2)
            return too_long(p);
        if (p->fd < 0)
            return not_running(p);
        if ((st = read_more(p)) != AR_EXTPROG_OK)
            return st;
    }
}
