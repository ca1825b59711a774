/* tron_play.c — one Tron game between two bots with every move timed, for
 * `ariadne match tron`, `ariadne bench tron` and replay files.
 *
 * Both bots are asked for their move in the same position before either is
 * played (neither sees the other's choice), each call timed on the wall
 * clock. A bot that fails — an external program that crashed, timed out or
 * answered nonsense — loses the game; if both fail it is a draw. The record
 * keeps the direction digits of every turn (the replay's "moves") and says in
 * one line how the game ended, naming whose trail a player ran into, which
 * the position alone cannot tell (a trail is a wall like any other). */
#include "tron_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

static void crash_text(const ar_variant *v, const tron_pos *p, const uint8_t *owner, int q, char *buf, size_t size)
{
    int at = p->head[q];
    switch (p->crash[q]) {
    case CRASH_WALL: snprintf(buf, size, "into a wall"); break;
    case CRASH_OFFMAP: snprintf(buf, size, "off the map"); break;
    case CRASH_HEADON: snprintf(buf, size, "head-on into player %d", 2 - q); break;
    case CRASH_TRAIL:
        if (owner[at] == q + 1)
            snprintf(buf, size, "into its own trail");
        else
            snprintf(buf, size, "into player %d's trail", 2 - q);
        break;
    default: snprintf(buf, size, "?"); break;
    }
    (void)v;
}

static void grow(ar_tron_record *rec, unsigned *cap, unsigned need)
{
    if (need <= *cap)
        return;
    *cap = need * 2;
    rec->moves = ar_xrealloc(rec->moves, (size_t)*cap * 2);
    rec->seconds = ar_xrealloc(rec->seconds, (size_t)*cap * 2 * sizeof(double));
    rec->cpu_seconds = ar_xrealloc(rec->cpu_seconds, (size_t)*cap * 2 * sizeof(double));
}

ar_status ar_tron_play(const ar_variant *v, ar_bot *const bots[2], const volatile sig_atomic_t *interrupt,
                       ar_tron_record *rec, ar_error *err)
{
    return ar_tron_play_watched(v, bots, interrupt, NULL, NULL, rec, err);
}

ar_status ar_tron_play_watched(const ar_variant *v, ar_bot *const bots[2], const volatile sig_atomic_t *interrupt,
                               void (*on_turn)(void *ctx, unsigned turns), void *ctx, ar_tron_record *rec,
                               ar_error *err)
{
    tron_pos *p = ar_xmalloc(ar_game_tron.position_size(v));
    uint8_t *owner = ar_xcalloc((size_t)v->n, 1);
    unsigned cap = 0;
    memset(rec, 0, sizeof *rec);
    rec->outcome = AR_ONGOING;
    ar_game_tron.initial_position(v, p);
    owner[p->head[0]] = 1;
    owner[p->head[1]] = 2;
    ar_bot_new_game(bots[0]);
    if (bots[1] != bots[0])
        ar_bot_new_game(bots[1]);
    for (;;) {
        ar_gmove m[2];
        ar_error e[2];
        int q, bad[2] = {0, 0};
        if (interrupt && *interrupt) {
            free(p);
            free(owner);
            return ar_error_set(err, AR_ERR_LIMIT, "interrupted");
        }
        grow(rec, &cap, rec->turns + 1);
        for (q = 0; q < 2; q++) {
            double t0 = ar_now(), c0 = ar_thread_cpu_time();
            ar_error_clear(&e[q]);
            bad[q] = ar_bot_choose(bots[q], p, q, &m[q], NULL, &e[q]) != AR_OK;
            rec->seconds[2 * rec->turns + (unsigned)q] = ar_now() - t0;
            rec->cpu_seconds[2 * rec->turns + (unsigned)q] = ar_thread_cpu_time() - c0;
            if (!bad[q] && (m[q] < 1 || m[q] > 4)) {
                bad[q] = 1;
                snprintf(e[q].message, sizeof e[q].message, "chose no direction (%llu)", (unsigned long long)m[q]);
            }
        }
        rec->timed = rec->turns + 1;
        if (bad[0] || bad[1]) {
            rec->failed = (unsigned)bad[0] | (unsigned)bad[1] << 1;
            rec->outcome = bad[0] && bad[1] ? AR_DRAW : bad[0] ? AR_WIN_P1 : AR_WIN_P0;
            if (bad[0] && bad[1])
                snprintf(rec->reason, sizeof rec->reason, "both players failed (player 1: %.80s; player 2: %.80s)",
                         e[0].message, e[1].message);
            else
                snprintf(rec->reason, sizeof rec->reason, "player %d (%.40s) failed: %.140s", bad[0] ? 1 : 2,
                         ar_bot_spec(bots[bad[0] ? 0 : 1]), e[bad[0] ? 0 : 1].message);
            break;
        }
        rec->moves[2 * rec->turns] = (uint8_t)m[0];
        rec->moves[2 * rec->turns + 1] = (uint8_t)m[1];
        ar_game_tron.apply(v, p, AR_JOINT_MOVE(m[0], m[1]));
        rec->turns++;
        rec->outcome = ar_game_tron.outcome(v, p);
        if (rec->outcome != AR_ONGOING) {
            char a[64], b[64];
            if (p->crash[0] == CRASH_HEADON) {
                int at = p->head[0];
                snprintf(rec->reason, sizeof rec->reason,
                         "head-on collision: both players moved onto row %d column %d", at / v->w - 2 + 1,
                         at % v->w - 1 + 1);
            } else if (p->crash[0] && p->crash[1]) {
                crash_text(v, p, owner, 0, a, sizeof a);
                crash_text(v, p, owner, 1, b, sizeof b);
                snprintf(rec->reason, sizeof rec->reason, "both players crashed: player 1 %s, player 2 %s", a, b);
            } else {
                q = p->crash[0] ? 0 : 1;
                crash_text(v, p, owner, q, a, sizeof a);
                snprintf(rec->reason, sizeof rec->reason, "player %d crashed %s", q + 1, a);
            }
            break;
        }
        owner[p->head[0]] = 1;
        owner[p->head[1]] = 2;
        if (on_turn)
            on_turn(ctx, rec->turns);
    }
    free(p);
    free(owner);
    return AR_OK;
}

void ar_tron_record_free(ar_tron_record *rec)
{
    free(rec->moves);
    free(rec->seconds);
    free(rec->cpu_seconds);
    rec->moves = NULL;
    rec->seconds = NULL;
    rec->cpu_seconds = NULL;
}
