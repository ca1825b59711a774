/* pw_search.c — the search bot: a short-horizon maximin over candidate order
 * sets of both sides, as the 2010 contest's leaders searched.
 *
 * Candidates for us are the five-step plan and variants of it with steps left
 * out (no attacks, no neutral hunting, only defence, nothing at all); for the
 * opponent, the five-step plan from its side, doing nothing, and throwing
 * every ship at our nearest planets. Each pair is played through the exact
 * engine (pw_engine.c): one turn with the two order sets, then `depth` more
 * turns in which both sides follow the five-step bot, then every planet's
 * exact future with the fleets still flying (pw_timeline) is scored: ships,
 * plus growth counted over the turns that are left. We take the candidate
 * whose worst reply scores best. The depth deepens while the turn's time
 * lasts (0, 2, 4, ... turns), and the last depth finished decides. */
#include "planetwars_internal.h"
#include "pw_plan.h"
#include "ariadne/timer.h"

#include <stdlib.h>
#include <string.h>

#define MY_CANDS 6
#define OPP_CANDS 3
#define MAX_SET 128

typedef struct order_set {
    pw_order o[MAX_SET];
    int n;
} order_set;

static void fivestep_set(const pw_state *s, int turns_left, unsigned steps, order_set *out)
{
    pw_plan *pl = malloc(sizeof *pl);
    out->n = 0;
    if (!pl)
        return;
    ar_pw_plan_init(pl, s, turns_left);
    ar_pw_fivestep_plan(pl, steps);
    out->n = pl->n < MAX_SET ? pl->n : MAX_SET;
    memcpy(out->o, pl->orders, (size_t)out->n * sizeof *out->o);
    free(pl);
}

/* Every planet with ships sends all of them to the nearest enemy planet. */
static void all_in_set(const pw_state *s, order_set *out)
{
    int i, j;
    out->n = 0;
    for (i = 0; i < s->np && out->n < MAX_SET; i++) {
        int best = -1;
        if (s->planets[i].owner != 1 || s->planets[i].ships == 0)
            continue;
        for (j = 0; j < s->np; j++)
            if (s->planets[j].owner == 2 && (best < 0 || s->dist[i * s->np + j] < s->dist[i * s->np + best]))
                best = j;
        if (best >= 0) {
            out->o[out->n].src = i, out->o[out->n].dst = best, out->o[out->n].ships = s->planets[i].ships;
            out->n++;
        }
    }
}

/* The orders of `player`, given for player 1's view: player 2's are issued
 * on the swapped state. */
static void issue_all(pw_state *s, int player, const order_set *set)
{
    int k;
    char why[8];
    for (k = 0; k < set->n; k++)
        (void)ar_pw_issue(s, player, &set->o[k], why, sizeof why);
}

static void bot_turn(pw_state *s, int player, int turns_left)
{
    order_set set;
    if (player == 2)
        ar_pw_swap(s);
    fivestep_set(s, turns_left, PW_STEP_ALL, &set);
    if (player == 2)
        ar_pw_swap(s);
    issue_all(s, player, &set);
}

/* Player 1's score of s: every planet's exact future with the fleets still
 * flying, ships plus growth over the turns that are left. */
static double score(const pw_state *s, int turns_left)
{
    pw_plan *pl;
    double v = 0;
    int i;
    if (!ar_pw_alive(s, 2))
        return 1e9;
    if (!ar_pw_alive(s, 1))
        return -1e9;
    pl = malloc(sizeof *pl);
    if (!pl)
        return 0;
    ar_pw_plan_init(pl, s, turns_left);
    for (i = 0; i < s->np; i++) {
        int own[PW_HMAX + 1], shp[PW_HMAX + 1], left = turns_left - pl->H;
        ar_pw_timeline(pl, i, 0, 0, 0, own, shp);
        if (own[pl->H] == 0)
            continue;
        if (left < 0)
            left = 0;
        if (left > 60)
            left = 60;
        v += (own[pl->H] == 1 ? 1 : -1) * (double)(shp[pl->H] + s->planets[i].growth * left);
    }
    free(pl);
    return v;
}

int ar_pw_bot_search(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    static const unsigned variants[MY_CANDS - 1] = {
        PW_STEP_ALL, PW_STEP_DEFEND | PW_STEP_SNIPE | PW_STEP_NEUTRAL | PW_STEP_REINFORCE,
        PW_STEP_DEFEND | PW_STEP_ATTACK | PW_STEP_SNIPE | PW_STEP_REINFORCE, PW_STEP_DEFEND | PW_STEP_ATTACK | PW_STEP_SNIPE | PW_STEP_NEUTRAL,
        PW_STEP_DEFEND};
    order_set *mine = malloc(sizeof *mine * MY_CANDS), *theirs = malloc(sizeof *theirs * OPP_CANDS);
    int turns_left = 200 - ctx->turn, nm = 0, no = 0, a, b, k, depth, best = 0, n;
    double deadline = ctx->started + ctx->budget * 0.5;
    pw_state sw;
    if (!mine || !theirs) {
        free(mine);
        free(theirs);
        return 0;
    }
    /* The full plan first: if time runs out while the others are made, it
     * is the answer. */
    for (k = 0; k < MY_CANDS - 1 && (k == 0 || ar_now() < deadline); k++)
        fivestep_set(s, turns_left, variants[k], &mine[nm++]);
    mine[nm++].n = 0;
    ar_pw_state_copy(&sw, s);
    ar_pw_swap(&sw);
    fivestep_set(&sw, turns_left, PW_STEP_ALL, &theirs[no++]);
    theirs[no++].n = 0;
    all_in_set(&sw, &theirs[no++]);
    ar_pw_state_copy_free(&sw);
    for (depth = 0; depth <= 40; depth += 2) {
        double best_value = -1e18;
        int best_here = -1, stopped = 0;
        for (a = 0; a < nm && !stopped; a++) {
            double worst = 1e18;
            if (a > 0 && mine[a].n == mine[0].n && memcmp(mine[a].o, mine[0].o, sizeof(pw_order) * (size_t)mine[a].n) == 0)
                continue; /* the same as the full plan */
            for (b = 0; b < no && !stopped; b++) {
                pw_state t;
                int d;
                double v;
                ar_pw_state_copy(&t, s);
                issue_all(&t, 1, &mine[a]);
                ar_pw_swap(&t);
                issue_all(&t, 1, &theirs[b]);
                ar_pw_swap(&t);
                ar_pw_step(&t);
                for (d = 0; d < depth && ar_pw_alive(&t, 1) && ar_pw_alive(&t, 2) && turns_left - 1 - d > 0; d++) {
                    bot_turn(&t, 1, turns_left - 1 - d);
                    bot_turn(&t, 2, turns_left - 1 - d);
                    ar_pw_step(&t);
                    if (ar_now() > deadline) {
                        stopped = 1;
                        break;
                    }
                }
                v = score(&t, turns_left - 1 - d);
                ar_pw_state_copy_free(&t);
                if (v < worst)
                    worst = v;
                if (ar_now() > deadline && depth > 0)
                    stopped = 1;
            }
            if (!stopped && (best_here < 0 || worst > best_value))
                best_here = a, best_value = worst;
        }
        if (stopped)
            break;
        best = best_here;
        if (ar_now() > deadline)
            break;
    }
    n = mine[best].n < cap ? mine[best].n : cap;
    memcpy(out, mine[best].o, (size_t)n * sizeof *out);
    free(mine);
    free(theirs);
    return n;
}
