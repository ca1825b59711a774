/* pw_search.c — the search bot: a maximin over candidate order sets of both
 * sides, played out with the exact engine, as the 2010 contest's leaders
 * searched.
 *
 * Our candidates are the five-step plan (pw_fivestep.c) and variations of it:
 * the plan that spends the reserve too (bold), the plan with one step left
 * out (no attacks, no neutral hunting, no reinforcement), defence alone,
 * nothing at all, and all-in attacks: after defence, every spare ship goes
 * to one of the most valuable enemy planets. The opponent's candidates are
 * its five-step plan, its bold plan, nothing, and every ship thrown at our
 * nearest planets. Each pair is played through the exact engine
 * (pw_engine.c): one turn with the two order sets issued on the same state,
 * then `depth` more turns in which both sides follow the five-step plan,
 * again simultaneously; then every planet's exact future with the fleets
 * still flying (pw_timeline) is scored: ships, plus growth counted over the
 * turns that are left. We take the candidate whose worst reply scores best
 * (replies are cut off as soon as a candidate cannot beat the best so far).
 * The playout deepens (0, 2, 4, 8, 12, ... turns) while a fixed amount of
 * work lasts (PW_SEARCH_WORK simulated planet-turns), and the deepest level
 * finished within it decides: so the same state gets the same orders on
 * any machine, quiet or loaded. The clock is still read after every
 * simulated turn, as a safety stop at 40% of the turn's time. */
#include "planetwars_internal.h"
#include "pw_plan.h"
#include "ariadne/timer.h"

#include <stdlib.h>
#include <string.h>

#define MY_CANDS 10
#define OPP_CANDS 4
#define ALL_IN_TARGETS 2
#define MAX_SET 128
/* The search's work per turn, in simulated planet-turns (every turn played
 * through the engine adds the map's planet count). A fixed amount of work,
 * not of time, makes the choice the same on a quiet or a loaded machine:
 * 4,000 planet-turns take about 10-15 ms of CPU here (the horizon usually
 * reaches 8-16 turns). More is not better: with about 14,000 (what 40 ms
 * bought on a quiet machine) the deeper playouts lose games the shallower
 * ones win (map_r538a_31 against prospector and bully, as player 2). */
#define PW_SEARCH_WORK 4000L
/* The share of the turn's time after which the search stops whatever its
 * work: only a safety stop for a very slow or loaded machine (the rest of
 * the turn is the margin for a process that waits for a core). */
#define TIME_SHARE 0.4

typedef struct order_set {
    pw_order o[MAX_SET];
    int n;
} order_set;

typedef struct search_ctx {
    pw_plan *plan; /* scratch, reused by every plan and score */
    double deadline;
    long work, work_limit;
    int out_of_time;
} search_ctx;

static int past_deadline(search_ctx *c)
{
    if (!c->out_of_time && (c->work > c->work_limit || ar_now() > c->deadline))
        c->out_of_time = 1;
    return c->out_of_time;
}

static void plan_set(search_ctx *c, const pw_state *s, int turns_left, unsigned steps, order_set *out)
{
    ar_pw_plan_init(c->plan, s, turns_left);
    ar_pw_fivestep_plan(c->plan, steps);
    out->n = c->plan->n < MAX_SET ? c->plan->n : MAX_SET;
    memcpy(out->o, c->plan->orders, (size_t)out->n * sizeof *out->o);
}

/* Every planet with ships sends all of them to the nearest enemy planet. */
static void all_in_nearest(const pw_state *s, order_set *out)
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

/* The enemy planets most worth an all-in attack: growth per ship that has
 * to be beaten (its ships and its growth over the mean trip from our
 * planets). */
static int all_in_targets(const pw_state *s, int *target, int max)
{
    double value[ALL_IN_TARGETS];
    int n = 0, i, j, k;
    if (max > ALL_IN_TARGETS)
        max = ALL_IN_TARGETS;
    for (j = 0; j < s->np; j++) {
        double trip = 0, v;
        int mine = 0;
        if (s->planets[j].owner != 2 || s->planets[j].growth == 0)
            continue;
        for (i = 0; i < s->np; i++)
            if (s->planets[i].owner == 1)
                trip += s->dist[i * s->np + j], mine++;
        if (mine == 0)
            return 0;
        v = s->planets[j].growth / (1.0 + s->planets[j].ships + s->planets[j].growth * trip / mine);
        if (n == max && v <= value[max - 1])
            continue; /* not among the best so far */
        for (k = n < max ? n : max - 1; k > 0 && value[k - 1] < v; k--)
            value[k] = value[k - 1], target[k] = target[k - 1];
        value[k] = v, target[k] = j;
        if (n < max)
            n++;
    }
    return n;
}

/* Defence first, then every planet's spare ships to target j. */
static void all_in_set(search_ctx *c, const pw_state *s, int turns_left, int j, order_set *out)
{
    pw_plan *pl = c->plan;
    int i;
    ar_pw_plan_init(pl, s, turns_left);
    ar_pw_fivestep_plan(pl, PW_STEP_DEFEND);
    for (i = 0; i < s->np; i++) {
        int a;
        if (s->planets[i].owner != 1 || i == j)
            continue;
        a = ar_pw_spare(pl, i);
        if (a > pl->ships[i])
            a = pl->ships[i];
        if (a > 0)
            ar_pw_commit(pl, i, j, a);
    }
    out->n = pl->n < MAX_SET ? pl->n : MAX_SET;
    memcpy(out->o, pl->orders, (size_t)out->n * sizeof *out->o);
}

void ar_pw_play_turn(pw_state *s, const pw_order *mine, int nm, const pw_order *theirs, int nt)
{
    int k;
    char why[8];
    for (k = 0; k < nm; k++)
        (void)ar_pw_issue(s, 1, &mine[k], why, sizeof why);
    ar_pw_swap(s);
    for (k = 0; k < nt; k++)
        (void)ar_pw_issue(s, 1, &theirs[k], why, sizeof why);
    ar_pw_swap(s);
    ar_pw_step(s);
}

static void play_turn(pw_state *s, const order_set *mine, const order_set *theirs)
{
    ar_pw_play_turn(s, mine->o, mine->n, theirs->o, theirs->n);
}

/* A turn in which both sides follow the five-step plan. */
static void playout_turn(search_ctx *c, pw_state *s, int turns_left)
{
    order_set a, b;
    plan_set(c, s, turns_left, PW_STEP_ALL, &a);
    ar_pw_swap(s);
    plan_set(c, s, turns_left, PW_STEP_ALL, &b);
    ar_pw_swap(s);
    play_turn(s, &a, &b);
    c->work += s->np;
}

double ar_pw_score(pw_plan *pl, const pw_state *s, int turns_left)
{
    double v = 0;
    int i, k;
    if (!ar_pw_alive(s, 2))
        return 1e9;
    if (!ar_pw_alive(s, 1))
        return -1e9;
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
    /* fleets that land after the horizon still count as ships */
    for (k = 0; k < s->nf; k++)
        if (s->fleets[k].remaining > pl->H)
            v += (s->fleets[k].owner == 1 ? 1 : -1) * (double)s->fleets[k].ships;
    return v;
}

static int same_set(const order_set *a, const order_set *b)
{
    return a->n == b->n && memcmp(a->o, b->o, sizeof(pw_order) * (size_t)a->n) == 0;
}

/* Adds the set at sets[*n] unless an earlier one is the same. */
static void keep_unique(order_set *sets, int *n)
{
    int k;
    for (k = 0; k < *n; k++)
        if (same_set(&sets[k], &sets[*n]))
            return;
    (*n)++;
}

/* The value of my candidate `a` against reply `b` after `depth` playout
 * turns; sets c->out_of_time when the clock ran out on the way. */
static double evaluate(search_ctx *c, const pw_state *s, int turns_left, const order_set *a, const order_set *b,
                       int depth)
{
    pw_state t;
    double v;
    int d;
    ar_pw_state_copy(&t, s);
    play_turn(&t, a, b);
    c->work += t.np;
    for (d = 0; d < depth && ar_pw_alive(&t, 1) && ar_pw_alive(&t, 2) && turns_left - 1 - d > 0; d++) {
        playout_turn(c, &t, turns_left - 1 - d);
        if (past_deadline(c))
            break;
    }
    v = ar_pw_score(c->plan, &t, turns_left - 1 - d);
    ar_pw_state_copy_free(&t);
    return v;
}

int ar_pw_bot_search(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    static const unsigned variants[] = {
        PW_STEP_ALL,
        PW_STEP_ALL | PW_STEP_BOLD,
        PW_STEP_DEFEND | PW_STEP_SNIPE | PW_STEP_NEUTRAL | PW_STEP_REINFORCE,
        PW_STEP_DEFEND | PW_STEP_ATTACK | PW_STEP_SNIPE | PW_STEP_REINFORCE,
        PW_STEP_DEFEND | PW_STEP_ATTACK | PW_STEP_SNIPE | PW_STEP_NEUTRAL,
        PW_STEP_DEFEND,
    };
    static const int depths[] = {0, 2, 4, 8, 12, 16, 24, 32, 48, 64};
    order_set *mine = malloc(sizeof *mine * MY_CANDS), *theirs = malloc(sizeof *theirs * OPP_CANDS);
    search_ctx c = {.plan = malloc(sizeof(pw_plan)), .deadline = ctx->started + ctx->budget * TIME_SHARE,
                    .work_limit = PW_SEARCH_WORK};
    int turns_left = 200 - ctx->turn, nm = 0, no = 0, a, b, k, level, best = 0, n, target[ALL_IN_TARGETS], nt;
    pw_state sw;
    if (!mine || !theirs || !c.plan) {
        free(mine);
        free(theirs);
        free(c.plan);
        return 0;
    }
    /* The full plan first: if time runs out while the others are made, it
     * is the answer. */
    for (k = 0; k < (int)(sizeof variants / sizeof *variants) && (k == 0 || !past_deadline(&c)); k++) {
        plan_set(&c, s, turns_left, variants[k], &mine[nm]);
        keep_unique(mine, &nm);
    }
    nt = all_in_targets(s, target, ALL_IN_TARGETS);
    for (k = 0; k < nt && !past_deadline(&c); k++) {
        all_in_set(&c, s, turns_left, target[k], &mine[nm]);
        keep_unique(mine, &nm);
    }
    mine[nm].n = 0;
    keep_unique(mine, &nm);
    /* The opponent's replies, from its side; the five-step plan first as
     * the likeliest worst case (it makes the cut-offs early). */
    ar_pw_state_copy(&sw, s);
    ar_pw_swap(&sw);
    plan_set(&c, &sw, turns_left, PW_STEP_ALL, &theirs[no]);
    keep_unique(theirs, &no);
    plan_set(&c, &sw, turns_left, PW_STEP_ALL | PW_STEP_BOLD, &theirs[no]);
    keep_unique(theirs, &no);
    all_in_nearest(&sw, &theirs[no]);
    keep_unique(theirs, &no);
    theirs[no].n = 0;
    keep_unique(theirs, &no);
    ar_pw_state_copy_free(&sw);
    for (level = 0; nm > 1 && level < (int)(sizeof depths / sizeof *depths) && !past_deadline(&c); level++) {
        double best_value = -1e18;
        int best_here = -1;
        /* the previous level's choice first: it sets the bar for the cut-offs */
        for (k = 0; k < nm && !c.out_of_time; k++) {
            double worst = 1e18;
            a = k == 0 ? best : k <= best ? k - 1 : k;
            for (b = 0; b < no && !c.out_of_time; b++) {
                double v = evaluate(&c, s, turns_left, &mine[a], &theirs[b], depths[level]);
                if (v < worst)
                    worst = v;
                if (best_here >= 0 && worst <= best_value)
                    break; /* cannot beat the best so far */
            }
            if (!c.out_of_time && (best_here < 0 || worst > best_value))
                best_here = a, best_value = worst;
        }
        if (c.out_of_time && level > 0)
            break;
        if (best_here >= 0)
            best = best_here;
        /* deeper looks change nothing: the game ends within this horizon,
         * or the best candidate wins against every reply */
        if (depths[level] >= turns_left || best_value >= 1e9)
            break;
    }
    n = mine[best].n < cap ? mine[best].n : cap;
    memcpy(out, mine[best].o, (size_t)n * sizeof *out);
    free(mine);
    free(theirs);
    free(c.plan);
    return n;
}
