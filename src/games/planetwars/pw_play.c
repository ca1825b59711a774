/* pw_play.c — one Planet Wars game between two players, as the contest
 * engine ran it: each turn both players get the state from their side and
 * "go"; their orders are checked and depart as read (player 1's, then
 * player 2's); then the turn is played. ariadne's bots are called in
 * process and timed; an external program (cmd:COMMAND) runs under the
 * shared adapter (extprog.h) with the contest clock — the first turn's time,
 * then the turn time — and loses the game if it crashes, is late or writes
 * an order that is not valid, which is reported as the reason. An internal
 * bot that takes longer than the turn time is counted (over_budget), not
 * forfeited, so that a loaded machine shows in the report instead of
 * changing results. */
#include "pw_cli.h"
#include "ariadne/extprog.h"
#include "ariadne/memory.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#include <stdlib.h>
#include <string.h>

int ar_pw_player_open(pw_player *p, const char *spec)
{
    memset(p, 0, sizeof *p);
    snprintf(p->spec, sizeof p->spec, "%s", spec);
    if (strncmp(spec, "cmd:", 4) == 0) {
        ar_extprog_options o = {.max_line = 256, .max_block = 1 << 20, .echo_stderr = 0};
        p->prog = ar_extprog_new(spec + 4, &o);
        return p->prog ? 0 : -1;
    }
    p->kind = ar_pw_bot_find(spec);
    return p->kind ? 0 : -1;
}

void ar_pw_player_close(pw_player *p)
{
    if (p->prog)
        ar_extprog_free(p->prog);
    free(p->times);
    free(p->cpu);
    memset(p, 0, sizeof *p);
}

static void note_time(pw_player *p, double t, double cpu, double budget)
{
    if (p->ntimes == p->captimes) {
        p->captimes = p->captimes ? p->captimes * 2 : 256;
        p->times = ar_xrealloc(p->times, p->captimes * sizeof *p->times);
        p->cpu = ar_xrealloc(p->cpu, p->captimes * sizeof *p->cpu);
    }
    p->cpu[p->ntimes] = cpu;
    p->times[p->ntimes++] = t;
    if (t > budget)
        p->over_budget++;
}

static void log_order(pw_game_log *log, int turn, int player, const pw_order *o)
{
    if (log->n == log->cap) {
        log->cap = log->cap ? log->cap * 2 : 256;
        log->orders = ar_xrealloc(log->orders, log->cap * sizeof *log->orders);
        log->turn_of = ar_xrealloc(log->turn_of, log->cap * sizeof *log->turn_of);
    }
    log->orders[log->n] = *o;
    log->turn_of[log->n] = turn * 2 + player - 1;
    log->n++;
}

void ar_pw_game_log_free(pw_game_log *log)
{
    free(log->orders);
    free(log->turn_of);
    memset(log, 0, sizeof *log);
}

/* One player's turn: 0 on success, else -1 with the reason (the player
 * then loses). The player sees `seen`, the state at the start of the turn
 * (both players decide on the same state, as the contest engine sent it to
 * both before reading either's orders); its orders depart in s at once. */
static int player_turn(pw_state *s, const pw_state *seen, int who, pw_player *p, const pw_game_options *o,
                       pw_game_log *log, char *why,
                       size_t why_size)
{
    double budget = s->turn == 0 ? o->first_turn_time : o->turn_time;
    double start = ar_now(), cpu0 = ar_thread_cpu_time();
    if (p->kind) {
        pw_state view;
        pw_order orders[512];
        pw_bot_ctx ctx;
        int n, k;
        ar_pw_state_copy(&view, seen);
        if (who == 2)
            ar_pw_swap(&view);
        ar_rng_seed(&ctx.rng, o->seed * 2654435761u + (uint64_t)s->turn * 2 + (uint64_t)who);
        ctx.budget = budget, ctx.started = start, ctx.turn = s->turn;
        n = p->kind->choose(&view, &ctx, orders, 512);
        ar_pw_state_copy_free(&view);
        note_time(p, ar_now() - start, ar_thread_cpu_time() - cpu0, budget);
        for (k = 0; k < n; k++) {
            log_order(log, s->turn, who, &orders[k]);
            if (ar_pw_issue(s, who, &orders[k], why, why_size) != 0)
                return -1;
        }
        return 0;
    } else {
        char *text = ar_pw_format(seen, who);
        size_t len = strlen(text), at = 0, blen;
        const char *block;
        ar_extprog_status st = AR_EXTPROG_OK;
        if (!ar_extprog_running(p->prog))
            st = ar_extprog_start(p->prog);
        ar_extprog_set_deadline(p->prog, budget);
        text = ar_xrealloc(text, len + 4);
        memcpy(text + len, "go\n", 4);
        if (st == AR_EXTPROG_OK)
            st = ar_extprog_send(p->prog, text, len + 3);
        free(text);
        if (st == AR_EXTPROG_OK)
            st = ar_extprog_read_until(p->prog, "go", &block, &blen);
        note_time(p, ar_now() - start, 0, budget);
        if (st != AR_EXTPROG_OK) {
            snprintf(why, why_size, "%s %s", st == AR_EXTPROG_TIMEOUT ? "timed out:" : st == AR_EXTPROG_CRASHED ? "crashed: it" : "bad output:",
                     ar_extprog_reason(p->prog));
            return -1;
        }
        while (at < blen) {
            const char *line = block + at, *nl = memchr(line, '\n', blen - at);
            size_t n = nl ? (size_t)(nl - line) : blen - at;
            pw_order ord;
            char sub[200];
            at += n + (nl ? 1 : 0);
            while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
                n--;
            if (n == 0)
                continue;
            if (ar_pw_parse_order(line, n, &ord, sub, sizeof sub) != 0) {
                snprintf(why, why_size, "invalid order: %s", sub);
                return -1;
            }
            log_order(log, s->turn, who, &ord);
            if (ar_pw_issue(s, who, &ord, sub, sizeof sub) != 0) {
                snprintf(why, why_size, "invalid order: %s", sub);
                return -1;
            }
        }
        return 0;
    }
}

void ar_pw_play(const pw_state *map, pw_player *players[2], const pw_game_options *o, pw_game_log *log)
{
    pw_state s;
    int q;
    memset(log, 0, sizeof *log);
    ar_pw_state_copy(&s, map);
    for (q = 0; q < 2; q++)
        if (players[q]->prog)
            ar_extprog_stop(players[q]->prog);
    for (;;) {
        int w = ar_pw_winner(&s, o->max_turns), failed[2] = {0, 0};
        char why[2][256];
        pw_state seen;
        if (w >= 0) {
            log->result = w;
            if (s.turn > o->max_turns)
                snprintf(log->reason, sizeof log->reason, "turn limit: ships %d to %d", ar_pw_ships(&s, 1),
                         ar_pw_ships(&s, 2));
            else
                snprintf(log->reason, sizeof log->reason, "%s", w ? (w == 1 ? "player 2 eliminated" : "player 1 eliminated")
                                                                  : "both eliminated");
            break;
        }
        ar_pw_state_copy(&seen, &s);
        for (q = 0; q < 2; q++) {
            why[q][0] = 0;
            if (ar_pw_alive(&seen, q + 1) &&
                player_turn(&s, &seen, q + 1, players[q], o, log, why[q], sizeof why[q]) != 0) {
                failed[q] = 1;
                ar_pw_drop(&s, q + 1);
            }
        }
        ar_pw_state_copy_free(&seen);
        if (failed[0] || failed[1]) {
            log->result = failed[0] && failed[1] ? 0 : failed[0] ? 2 : 1;
            log->forfeit = failed[0] + 2 * failed[1];
            if (failed[0] && failed[1])
                snprintf(log->reason, sizeof log->reason, "both players failed: %.100s; %.100s", why[0], why[1]);
            else
                snprintf(log->reason, sizeof log->reason, "player %d (%.60s) %.160s", failed[0] ? 1 : 2,
                         players[failed[0] ? 0 : 1]->spec, why[failed[0] ? 0 : 1]);
            break;
        }
        ar_pw_step(&s);
    }
    log->turns = s.turn;
    for (q = 0; q < 2; q++)
        if (players[q]->prog)
            ar_extprog_stop(players[q]->prog);
    ar_pw_state_copy_free(&s);
}

void ar_pw_write_replay(FILE *out, const char *map_name, const pw_state *map, const char *const names[2],
                        int max_turns, const pw_game_log *log)
{
    int i, t;
    size_t k = 0;
    fprintf(out, "{\"format\":\"ariadne-planetwars-replay\",\"version\":1,\"map\":{\"name\":");
    ar_json_string(out, map_name);
    fprintf(out, ",\"planets\":[");
    for (i = 0; i < map->np; i++)
        fprintf(out, "%s[%.17g,%.17g,%d,%d,%d]", i ? "," : "", map->planets[i].x, map->planets[i].y,
                map->planets[i].owner, map->planets[i].ships, map->planets[i].growth);
    fprintf(out, "]},\"max_turns\":%d,\"players\":[", max_turns);
    ar_json_string(out, names[0]);
    fputc(',', out);
    ar_json_string(out, names[1]);
    fprintf(out, "],\n\"orders\":[");
    for (t = 0; t <= log->turns && t <= max_turns + 1; t++) {
        int q;
        if (t == log->turns && (k == log->n))
            break;
        fprintf(out, "%s[", t ? ",\n" : "");
        for (q = 0; q < 2; q++) {
            int first = 1;
            fprintf(out, "%s[", q ? "," : "");
            while (k < log->n && log->turn_of[k] == t * 2 + q) {
                fprintf(out, "%s[%d,%d,%d]", first ? "" : ",", log->orders[k].src, log->orders[k].dst,
                        log->orders[k].ships);
                first = 0;
                k++;
            }
            fputc(']', out);
        }
        fputc(']', out);
    }
    fprintf(out, "],\n\"result\":\"%s\",\"reason\":", log->result == 0 ? "draw" : log->result == 1 ? "1" : "2");
    ar_json_string(out, log->reason);
    fprintf(out, "}\n");
}
