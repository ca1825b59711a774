/* tron_extern.c — bots that are external programs speaking the Tron contest
 * protocol (bot specs "cmd:COMMAND" and "exec:COMMAND").
 *
 * Like the contest engine, a fresh process is started for every game (by
 * /bin/sh -c COMMAND, in its own process group); every turn it is sent
 * "W H" and the rows with itself as '1', and must answer one digit 1-4
 * (N E S W) and a newline within the variant's time per move (the first
 * move, which includes start-up, gets the first-move time). A process that
 * exits, answers anything else or is late has lost: the choose call fails
 * (AR_ERR_LIMIT for a timeout, AR_ERR_INPUT otherwise) and the arena scores
 * the game for the opponent; the process is killed.
 *
 * The program's stdin and stdout are one end of a socket pair rather than
 * pipes, so that writing to a program that has died returns an error
 * (send with MSG_NOSIGNAL) instead of raising SIGPIPE in the caller: the
 * library installs no signal handlers. Its stderr is ours. */
#include "tron_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ariadne/timer.h"

typedef struct ext_bot {
    char *command;
    pid_t pid;       /* 0: not running */
    int fd;          /* our end of the socket pair */
    char in[512];    /* bytes read and not yet used */
    size_t in_len;
    unsigned moves;  /* answers received in this game */
    int dead;        /* failed in this game: every later call fails */
    char *map;
    size_t map_cap;
} ext_bot;

ar_status ar_tron_extern_create(ar_bot *bot, const char *options, ar_error *err)
{
    ext_bot *e;
    size_t len = strlen(options);
    const char *cmd = options;
    if (len >= 2 && (options[0] == '"' || options[0] == '\'') && options[len - 1] == options[0]) {
        cmd = options + 1;
        len -= 2;
    }
    while (len && (*cmd == ' ' || *cmd == '\t')) {
        cmd++;
        len--;
    }
    if (len == 0)
        return ar_error_set(err, AR_ERR_INPUT, "bot cmd: which program? e.g. cmd:./mybot or cmd:\"python3 bot.py\"");
    e = ar_xcalloc(1, sizeof *e);
    e->command = ar_xmalloc(len + 1);
    memcpy(e->command, cmd, len);
    e->command[len] = '\0';
    e->fd = -1;
    ar_bot_set_state(bot, e);
    return AR_OK;
}

static void stop(ext_bot *e)
{
    if (e->pid > 0) {
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL);
        while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    if (e->fd >= 0)
        close(e->fd);
    e->pid = 0;
    e->fd = -1;
    e->in_len = 0;
}

static ar_status start(ext_bot *e, ar_error *err)
{
    int sv[2];
    pid_t pid;
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return ar_error_set(err, AR_ERR_IO, "cannot make a socket pair for '%s': %s", e->command, strerror(errno));
    pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return ar_error_set(err, AR_ERR_IO, "cannot start '%s': %s", e->command, strerror(errno));
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0)
            _exit(127);
        close(sv[0]);
        close(sv[1]);
        execl("/bin/sh", "sh", "-c", e->command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here, so the group exists before any kill */
    close(sv[1]);
    fcntl(sv[0], F_SETFD, FD_CLOEXEC);
    fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
    e->pid = pid;
    e->fd = sv[0];
    e->in_len = 0;
    return AR_OK;
}

/* Milliseconds until deadline, at least 0. */
static int ms_left(double deadline)
{
    double left = deadline - ar_now();
    if (left <= 0)
        return 0;
    return left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
}

/* How the program ended, for messages ("exited with status 1"). */
static void exit_text(ext_bot *e, char *buf, size_t size)
{
    int status;
    pid_t r;
    double until = ar_now() + 0.2;
    do {
        r = waitpid(e->pid, &status, WNOHANG);
        if (r == 0) {
            struct timespec ts = {0, 2000000};
            nanosleep(&ts, NULL);
        }
    } while (r == 0 && ar_now() < until);
    if (r == e->pid) {
        e->pid = 0;
        if (WIFEXITED(status))
            snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            snprintf(buf, size, "was killed by signal %d", WTERMSIG(status));
        else
            snprintf(buf, size, "stopped");
    } else {
        snprintf(buf, size, "closed its output");
    }
}

/* The program has lost this game: kill it and say why. */
static ar_status fail(ext_bot *e, ar_status st, ar_error *err, const char *msg)
{
    e->dead = 1;
    stop(e);
    return ar_error_set(err, st, "%s", msg);
}

ar_status ar_tron_extern_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                             ar_error *err)
{
    ext_bot *e = ar_bot_state(bot);
    const ar_variant *v = ar_bot_variant(bot);
    double t0 = ar_now(), limit = e->moves == 0 ? ar_tron_first_move_time(v) : ar_tron_move_time(v);
    double deadline = t0 + limit;
    size_t need, sent = 0;
    ar_status st;
    if (e->dead)
        return ar_error_set(err, AR_ERR_INPUT, "the program has already failed in this game");
    if (!e->pid) {
        st = start(e, err);
        if (st != AR_OK) {
            e->dead = 1;
            return st;
        }
    }
    need = ar_tron_render(v, pos, player, NULL, 0);
    if (need + 1 > e->map_cap) {
        e->map_cap = need + 1;
        e->map = ar_xrealloc(e->map, e->map_cap);
    }
    ar_tron_render(v, pos, player, e->map, e->map_cap);
    while (sent < need) {
        ssize_t k = send(e->fd, e->map + sent, need - sent, MSG_NOSIGNAL);
        if (k > 0) {
            sent += (size_t)k;
            continue;
        }
        if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            struct pollfd pf;
            pf.fd = e->fd;
            pf.events = POLLOUT;
            pf.revents = 0;
            if (poll(&pf, 1, ms_left(deadline)) == 0) {
                char msg[300];
                snprintf(msg, sizeof msg, "'%s' timed out: did not read the map within %.3g s", e->command, limit);
                return fail(e, AR_ERR_LIMIT, err, msg);
            }
            continue;
        }
        {
            char how[64], msg[300];
            exit_text(e, how, sizeof how);
            snprintf(msg, sizeof msg, "'%s' crashed: it %s before reading the map", e->command, how);
            return fail(e, AR_ERR_INPUT, err, msg);
        }
    }
    for (;;) {
        char *nl = memchr(e->in, '\n', e->in_len);
        if (nl) {
            size_t len = (size_t)(nl - e->in), a = 0, b = len;
            char answer[64];
            while (a < b && (e->in[a] == ' ' || e->in[a] == '\t' || e->in[a] == '\r'))
                a++;
            while (b > a && (e->in[b - 1] == ' ' || e->in[b - 1] == '\t' || e->in[b - 1] == '\r'))
                b--;
            snprintf(answer, sizeof answer, "%.*s", (int)(b - a), e->in + a);
            memmove(e->in, nl + 1, e->in_len - len - 1);
            e->in_len -= len + 1;
            if (b - a != 1 || answer[0] < '1' || answer[0] > '4') {
                char msg[300];
                snprintf(msg, sizeof msg, "'%s' answered '%s', not a direction digit 1-4", e->command, answer);
                return fail(e, AR_ERR_INPUT, err, msg);
            }
            *out = (ar_gmove)(answer[0] - '0');
            e->moves++;
            if (info) {
                info->seconds = ar_now() - t0;
                snprintf(info->text, sizeof info->text, "external program, %.3f s", info->seconds);
            }
            return AR_OK;
        }
        if (e->in_len == sizeof e->in) {
            char msg[300];
            snprintf(msg, sizeof msg, "'%s' wrote %zu bytes without a newline", e->command, sizeof e->in);
            return fail(e, AR_ERR_INPUT, err, msg);
        }
        {
            struct pollfd pf;
            ssize_t k;
            int left = ms_left(deadline);
            pf.fd = e->fd;
            pf.events = POLLIN;
            pf.revents = 0;
            if (left == 0 || poll(&pf, 1, left) == 0) {
                char msg[300];
                snprintf(msg, sizeof msg, "'%s' timed out: no answer within %.3g s%s", e->command, limit,
                         e->moves == 0 ? " (first move)" : "");
                return fail(e, AR_ERR_LIMIT, err, msg);
            }
            k = read(e->fd, e->in + e->in_len, sizeof e->in - e->in_len);
            if (k > 0) {
                e->in_len += (size_t)k;
            } else if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
                char how[64], msg[300];
                exit_text(e, how, sizeof how);
                snprintf(msg, sizeof msg, "'%s' crashed: it %s without answering", e->command, how);
                return fail(e, AR_ERR_INPUT, err, msg);
            }
        }
    }
}

void ar_tron_extern_new_game(ar_bot *bot)
{
    ext_bot *e = ar_bot_state(bot);
    stop(e);
    e->moves = 0;
    e->dead = 0;
}

void ar_tron_extern_destroy(ar_bot *bot)
{
    ext_bot *e = ar_bot_state(bot);
    if (!e)
        return;
    stop(e);
    free(e->command);
    free(e->map);
    free(e);
}
