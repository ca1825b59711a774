/* tron_extern.c — bots that are external programs speaking the Tron contest
 * protocol (bot specs "cmd:COMMAND" and "exec:COMMAND"): the protocol only,
 * on the adapter for external programs of ariadne/extprog.h (which spawns,
 * times and kills them).
 *
 * Like the contest engine, a fresh process is started for every game; every
 * turn it is sent "W H" and the rows with itself as '1', and must answer one
 * digit 1-4 (N E S W) and a newline within the variant's time per move (the
 * first move, which includes start-up, gets the first-move time). A process
 * that exits, answers anything else or is late has lost: the choose call
 * fails (AR_ERR_LIMIT for a timeout, AR_ERR_INPUT otherwise) with one line
 * saying which, the arena scores the game for the opponent, and the process
 * is killed. What it writes on stderr goes on to ours, as the contest's
 * engine showed it; the adapter keeps the last of it too. */
#include "tron_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/extprog.h"
#include "ariadne/timer.h"

/* The longest answer line accepted: the answer is one digit; anything this
 * long without a newline is not an answer. */
#define ANSWER_MAX_LINE 512

typedef struct ext_bot {
    ar_extprog *prog;
    unsigned moves; /* answers received in this game */
    int dead;       /* failed in this game: every later call fails */
    char *map;      /* the turn's protocol text */
    size_t map_cap;
} ext_bot;

ar_status ar_tron_extern_create(ar_bot *bot, const char *options, ar_error *err)
{
    ext_bot *e;
    ar_extprog_options o;
    size_t len = strlen(options);
    const char *cmd = options;
    char *command;
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
    command = ar_xmalloc(len + 1);
    memcpy(command, cmd, len);
    command[len] = '\0';
    /* A program that cannot run is a bad bot spec, refused before any game. */
    {
        ar_error why;
        ar_error_clear(&why);
        if (ar_extprog_check(command, &why) != AR_OK) {
            free(command);
            return ar_error_set(err, AR_ERR_INPUT, "bot cmd: %s", why.message);
        }
    }
    memset(&o, 0, sizeof o);
    o.max_line = ANSWER_MAX_LINE;
    o.echo_stderr = 1;
    e = ar_xcalloc(1, sizeof *e);
    e->prog = ar_extprog_new(command, &o);
    free(command);
    ar_bot_set_state(bot, e);
    return AR_OK;
}

/* The program has lost this game: kill it and say why. */
static ar_status fail(ext_bot *e, ar_status st, ar_error *err, const char *msg)
{
    e->dead = 1;
    ar_extprog_stop(e->prog);
    return ar_error_set(err, st, "%s", msg);
}

/* The answer line without blanks around it, or 0 when it is not one digit 1-4
 * (then *shown is what it said, for the message). */
static int direction(const char *line, size_t len, char *shown, size_t size)
{
    size_t a = 0, b = len;
    while (a < b && (line[a] == ' ' || line[a] == '\t' || line[a] == '\r'))
        a++;
    while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t' || line[b - 1] == '\r'))
        b--;
    snprintf(shown, size, "%.*s", (int)(b - a), line + a);
    if (b - a != 1 || line[a] < '1' || line[a] > '4')
        return 0;
    return line[a] - '0';
}

ar_status ar_tron_extern_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                                ar_error *err)
{
    ext_bot *e = ar_bot_state(bot);
    const ar_variant *v = ar_bot_variant(bot);
    const char *cmd = ar_extprog_command(e->prog), *line;
    double t0 = ar_now(), limit = e->moves == 0 ? ar_tron_first_move_time(v) : ar_tron_move_time(v);
    size_t need, len;
    char msg[300], answer[64];
    int d;
    ar_extprog_status st;
    if (e->dead)
        return ar_error_set(err, AR_ERR_INPUT, "the program has already failed in this game");
    ar_extprog_set_deadline(e->prog, limit); /* start-up counts in the first move */
    if (!ar_extprog_running(e->prog) && ar_extprog_start(e->prog) != AR_EXTPROG_OK) {
        e->dead = 1;
        return ar_error_set(err, AR_ERR_IO, "%s", ar_extprog_reason(e->prog));
    }
    need = ar_tron_render(v, pos, player, NULL, 0);
    if (need + 1 > e->map_cap) {
        e->map_cap = need + 1;
        e->map = ar_xrealloc(e->map, e->map_cap);
    }
    ar_tron_render(v, pos, player, e->map, e->map_cap);
    st = ar_extprog_send(e->prog, e->map, need);
    if (st == AR_EXTPROG_TIMEOUT) {
        snprintf(msg, sizeof msg, "'%s' timed out: did not read the map within %.3g s", cmd, limit);
        return fail(e, AR_ERR_LIMIT, err, msg);
    }
    if (st != AR_EXTPROG_OK) {
        snprintf(msg, sizeof msg, "'%s' crashed: it %s before reading the map", cmd, ar_extprog_reason(e->prog));
        return fail(e, AR_ERR_INPUT, err, msg);
    }
    st = ar_extprog_read_line(e->prog, &line, &len);
    switch (st) {
    case AR_EXTPROG_OK: break;
    case AR_EXTPROG_TIMEOUT:
        snprintf(msg, sizeof msg, "'%s' timed out: no answer within %.3g s%s", cmd, limit,
                 e->moves == 0 ? " (first move)" : "");
        return fail(e, AR_ERR_LIMIT, err, msg);
    case AR_EXTPROG_BAD_OUTPUT:
        snprintf(msg, sizeof msg, "'%s' %s", cmd, ar_extprog_reason(e->prog));
        return fail(e, AR_ERR_INPUT, err, msg);
    default:
        snprintf(msg, sizeof msg, "'%s' crashed: it %s without answering", cmd, ar_extprog_reason(e->prog));
        return fail(e, AR_ERR_INPUT, err, msg);
    }
    if ((d = direction(line, len, answer, sizeof answer)) == 0) {
        snprintf(msg, sizeof msg, "'%s' answered '%s', not a direction digit 1-4", cmd, answer);
        return fail(e, AR_ERR_INPUT, err, msg);
    }
    *out = (ar_gmove)d;
    e->moves++;
    if (info) {
        info->seconds = ar_now() - t0;
        snprintf(info->text, sizeof info->text, "external program, %.3f s", info->seconds);
    }
    return AR_OK;
}

void ar_tron_extern_new_game(ar_bot *bot)
{
    ext_bot *e = ar_bot_state(bot);
    ar_extprog_stop(e->prog);
    e->moves = 0;
    e->dead = 0;
}

void ar_tron_extern_destroy(ar_bot *bot)
{
    ext_bot *e = ar_bot_state(bot);
    if (!e)
        return;
    ar_extprog_free(e->prog);
    free(e->map);
    free(e);
}
