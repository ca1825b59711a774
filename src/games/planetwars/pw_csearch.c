/* pw_csearch.c — the contender-search bot: the contender's plan weighed
 * against the opponent's replies (issue 31, part 4).
 *
 * A candidate is what one side does: its orders of this turn and, for a
 * strike, the launches of the coming turns. Each side has the contender's
 * plan (pw_contender.c) and its variations — cautious (threats counted in
 * full over 10 turns), no supply to the front, defence alone; the opponent
 * also has timed strikes: every planet within a few turns of the nearest
 * one launches its spare ships so that all land on one of our planets on
 * the same turn (a strong opponent's coordinated attack, which the
 * just-in-time defence sees only once the fleets fly). Our own strikes as
 * candidates were measured and lost games (BENCHMARKS.md). Each pair is
 * played through the exact engine for `depth` turns: the first turn with the
 * two candidates' orders, then each side's scheduled launches and its
 * just-in-time defence (pw_fivestep.c) while a strike lasts, else the
 * contender's plan; the position is then scored by every planet's exact
 * future (ar_pw_score). We play the candidate whose worst reply scores best
 * (maximin; replies are cut off once a candidate cannot beat the best so
 * far; the contender's plan is tried first and kept on a tie). Levels deepen
 * the playout and widen the strikes (more targets) while the budget lasts:
 * a fixed amount of work (simulated planet-turns) by default, so the same
 * state gets the same orders on any machine (`contender-search`); with the
 * clock (`contender-search-clock`), up to CLOCK_SHARE of the turn's time,
 * the last finished level deciding. */
#include "planetwars_internal.h"
#include "pw_future.h"
#include "ariadne/timer.h"

#include <stdlib.h>
#include <string.h>

/* The most candidates a side has, and launches a strike schedules. */
#define MAX_CANDS 20
#define MAX_LAUNCH PW_MAX_PLANETS
/* A strike's sources: every planet at most this many turns farther from
 * the target than the nearest one. */
#define STRIKE_SPREAD 8
/* The work of one turn in the fixed-work mode, in simulated planet-turns
 * (each side's orders and each engine turn of a playout count the map's
 * planets). */
#define CS_WORK 60000L
/* The share of the turn's time the clock mode may use (the rest is the
 * margin for a process that waits for a core). */
#define CLOCK_SHARE 0.6

typedef struct launch {
    int at, src, dst; /* at: turns from now */
} launch;

typedef struct cand {
    int planned;              /* this turn's orders: the contender's plan of `style` (0: launches only) */
    pw_contender_style style;
    launch l[MAX_LAUNCH];
    int nl;
} cand;

typedef struct cs_ctx {
    pw_plan *plan; /* scratch */
    double deadline;
    long work, work_limit;
    int stop;
} cs_ctx;

/* (playout depth, the opponent's strike targets) of each level; the work
 * mode stops after the first WORK_LEVELS (its measured configuration), the
 * clock mode may go on while its time lasts */
static const int levels[][2] = {{10, 1}, {12, 2}, {16, 3}, {20, 4}, {24, 6}, {32, 8}, {40, 12}, {48, 16}};
#define WORK_LEVELS 6

static int out_of_budget(cs_ctx *c)
{
    if (!c->stop && ((c->work_limit >= 0 && c->work > c->work_limit) || (c->deadline > 0 && ar_now() > c->deadline)))
        c->stop = 1;
    return c->stop;
}

/* The orders of candidate k of the side that is player 1 of s, `at` turns
 * after the search's root: the contender's plan of its style at the root,
 * else the just-in-time defence and the launches due now (each the spare
 * ships of its source, as the timeline leaves them). */
static int side_orders(cs_ctx *c, const pw_state *s, const cand *k, int at, int turns_left, pw_order *out, int cap)
{
    pw_plan *pl = c->plan;
    int i, n, pending = 0;
    for (i = 0; i < k->nl; i++)
        pending |= k->l[i].at >= at;
    c->work += s->np;
    if (at == 0 && k->planned)
        ar_pw_contender_plan_style(pl, s, turns_left, &k->style);
    else if (!pending)
        ar_pw_contender_plan(pl, s, turns_left);
    else {
        ar_pw_plan_init(pl, s, turns_left);
        ar_pw_fivestep_plan(pl, PW_STEP_DEFEND);
        for (i = 0; i < k->nl; i++) {
            const launch *x = &k->l[i];
            int a;
            if (x->at != at || s->planets[x->src].owner != 1)
                continue;
            a = ar_pw_spare(pl, x->src);
            if (a > pl->ships[x->src])
                a = pl->ships[x->src];
            if (a > 0)
                ar_pw_commit(pl, x->src, x->dst, a);
        }
    }
    n = pl->n < cap ? pl->n : cap;
    memcpy(out, pl->orders, sizeof *out * (size_t)n);
    return n;
}

/* The timed strike of player 1 of s on planet j: its planets within
 * STRIKE_SPREAD turns of the nearest launch so as to land together. */
static void strike_cand(const pw_state *s, int j, cand *k)
{
    int i, near = 1 << 30, far = 0;
    k->planned = 0, k->nl = 0;
    for (i = 0; i < s->np; i++)
        if (i != j && s->planets[i].owner == 1 && s->dist[i * s->np + j] < near)
            near = s->dist[i * s->np + j];
    for (i = 0; i < s->np; i++) {
        int d = s->dist[i * s->np + j];
        if (i != j && s->planets[i].owner == 1 && d <= near + STRIKE_SPREAD && d > far)
            far = d;
    }
    for (i = 0; i < s->np; i++) {
        int d = s->dist[i * s->np + j];
        if (i == j || s->planets[i].owner != 1 || d > near + STRIKE_SPREAD)
            continue;
        k->l[k->nl].at = far - d, k->l[k->nl].src = i, k->l[k->nl].dst = j;
        k->nl++;
    }
}

/* The other side's planets most worth a strike by player 1 of s, best
 * first: growth per ship to beat (its garrison and its growth until the
 * nearest of our planets arrives). */
static int strike_targets(const pw_state *s, int *target, int max)
{
    double value[PW_MAX_PLANETS];
    int n = 0, i, j, k;
    for (j = 0; j < s->np; j++) {
        int near = 1 << 30;
        double v;
        if (s->planets[j].owner != 2)
            continue;
        for (i = 0; i < s->np; i++)
            if (s->planets[i].owner == 1 && s->dist[i * s->np + j] < near)
                near = s->dist[i * s->np + j];
        if (near == 1 << 30)
            return 0;
        v = (s->planets[j].growth + 0.5) / (1.0 + s->planets[j].ships + s->planets[j].growth * near);
        for (k = n; k > 0 && value[k - 1] < v; k--)
            value[k] = value[k - 1], target[k] = target[k - 1];
        value[k] = v, target[k] = j;
        n++;
    }
    return n < max ? n : max;
}

/* The candidates of player 1 of s: the contender's plan first, its
 * variations, and (for the opponent) timed strikes on the ntargets best
 * targets. */
static int candidates(const pw_state *s, int ntargets, cand *out)
{
    int n, t, nt, target[PW_MAX_PLANETS];
    for (n = 0; n < 4; n++)
        out[n].planned = n < 3, out[n].style = ar_pw_contender_default, out[n].nl = 0;
    out[1].style.support = 0, out[1].style.window = 10; /* cautious */
    out[2].style.front = 0;                                /* no supply to the front */
    /* out[3]: defence alone */
    nt = strike_targets(s, target, ntargets);
    for (t = 0; t < nt && n < MAX_CANDS; t++)
        strike_cand(s, target[t], &out[n++]);
    return n;
}

/* Player 1's score after `depth` turns of candidate a against b (b from
 * player 2's side). */
static double evaluate(cs_ctx *c, const pw_state *s, int turns_left, const cand *a, const cand *b, int depth)
{
    pw_state t;
    pw_order oa[PW_MAX_ORDERS], ob[PW_MAX_ORDERS];
    double v;
    int d;
    ar_pw_state_copy(&t, s);
    for (d = 0; d < depth && ar_pw_alive(&t, 1) && ar_pw_alive(&t, 2) && turns_left - d > 0; d++) {
        int na = side_orders(c, &t, a, d, turns_left - d, oa, PW_MAX_ORDERS), nb;
        ar_pw_swap(&t);
        nb = side_orders(c, &t, b, d, turns_left - d, ob, PW_MAX_ORDERS);
        ar_pw_swap(&t);
        ar_pw_play_turn(&t, oa, na, ob, nb);
        c->work += t.np;
        if (d > 0 && out_of_budget(c))
            break;
    }
    v = ar_pw_score(c->plan, &t, turns_left - d);
    ar_pw_state_copy_free(&t);
    return v;
}

/* The search; use_clock picks the budget (see the top of the file). */
static int contender_search(const pw_state *s, pw_bot_ctx *ctx, int use_clock, pw_order *out, int cap)
{
    cand *mine = malloc(sizeof *mine * MAX_CANDS), *theirs = malloc(sizeof *theirs * MAX_CANDS);
    cs_ctx c = {.plan = malloc(sizeof(pw_plan)), .work_limit = use_clock ? -1 : CS_WORK,
                .deadline = use_clock ? ctx->started + ctx->budget * CLOCK_SHARE : 0};
    int turns_left = 200 - ctx->turn, level, best = 0, nm, n = 0;
    int nlevels = use_clock ? (int)(sizeof levels / sizeof *levels) : WORK_LEVELS;
    pw_state sw;
    if (!mine || !theirs || !c.plan)
        goto done;
    nm = candidates(s, 0, mine);
    ar_pw_state_copy(&sw, s);
    ar_pw_swap(&sw);
    for (level = 0; level < nlevels; level++) {
        int no = candidates(&sw, levels[level][1], theirs), a, b, best_here = -1;
        double best_value = -1e18;
        for (a = 0; a < nm && !c.stop; a++) {
            double worst = 1e18;
            for (b = 0; b < no && !c.stop; b++) {
                double v = evaluate(&c, s, turns_left, &mine[a], &theirs[b], levels[level][0]);
                if (v < worst)
                    worst = v;
                if (best_here >= 0 && worst <= best_value)
                    break; /* cannot beat the best so far */
            }
            if (!c.stop && (best_here < 0 || worst > best_value))
                best_here = a, best_value = worst;
        }
        if (c.stop)
            break; /* the last finished level decides */
        best = best_here;
        if (levels[level][0] >= turns_left || best_value >= 1e9 || out_of_budget(&c))
            break;
    }
    ar_pw_state_copy_free(&sw);
    c.work_limit = -1, c.deadline = 0;
    n = side_orders(&c, s, &mine[best], 0, turns_left, out, cap);
done:
    free(mine);
    free(theirs);
    free(c.plan);
    return n;
}

int ar_pw_bot_contender_search(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    return contender_search(s, ctx, 0, out, cap);
}

int ar_pw_bot_contender_search_clock(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    return contender_search(s, ctx, 1, out, cap);
}
