/* pw_contender.c — the contender bot: every decision from the planet-future
 * model (pw_future.h) rather than from nearest-planet rules.
 *
 * A turn: (1) defence just in time — a planet whose timeline falls gets the
 * least that saves it from the nearest planets that arrive before the fall;
 * (2) every planet's surplus — the ships it can send and still hold against
 * the enemy's strongest strike less what our other planets can answer with;
 * (3) targets by return on investment: for every planet not ours at the
 * horizon and every arrival turn our sources give, the ships to take it and
 * keep it against the enemy's reach after the capture (so a capture the
 * enemy would snipe costs what holding it costs, and enemy captures in
 * flight become cheap counter-snipes); the target that pays back soonest
 * (arrival + ships / growth gained, enemy growth counting twice) is taken
 * first; one that the sources cannot pay yet but can within a few turns of
 * their growth reserves their ships instead (the option of waiting);
 * (4) what surplus is left moves toward the front, in few hops. */
#include "planetwars_internal.h"
#include "pw_future.h"

#include <stdlib.h>
#include <string.h>

/* How much our own reach counts against the enemy's (ar_pw_future_threat):
 * half — the other planets' ships are counted by every planet they could
 * help. */
#define SUPPORT 0.5
/* Threats count for this many turns ahead (pw_future.window): beyond it
 * the enemy's growth is answered by ours. */
#define THREAT_WINDOW 6
/* A target must pay back its ships within this many turns (arrival plus
 * ships per growth gained), or within the turns left. */
#define MAX_PAYBACK 30
/* The longest a target may make its sources wait for their growth. */
#define MAX_WAIT 8

typedef struct contender {
    pw_plan pl;
    pw_future f;
    int avail[PW_MAX_PLANETS]; /* surplus not yet spent or reserved */
    pw_contender_style st;
} contender;

const pw_contender_style ar_pw_contender_default = {
    .support = SUPPORT, .window = THREAT_WINDOW, .captures = 1, .front = 1, .strike = -1};

static int trip(const pw_state *s, int a, int b)
{
    int d = s->dist[a * s->np + b];
    return d < 1 ? 1 : d;
}

/* Our planets other than j, nearest to j first. */
static int sources_by_distance(const pw_state *s, const pw_future *f, int j, int *src)
{
    int i, k, n = 0;
    for (i = 0; i < s->np; i++) {
        if (i == j || f->own[i][0] != 1)
            continue;
        for (k = n; k > 0 && trip(s, src[k - 1], j) > trip(s, i, j); k--)
            src[k] = src[k - 1];
        src[k] = i;
        n++;
    }
    return n;
}

/* Just-in-time defence is the five-step bot's (pw_fivestep.c): a falling
 * planet gets the least that saves it from the nearest planets arriving
 * before the fall, each giving at most what its fleets in flight leave it
 * (its surplus with no threat window). */
static void defend(contender *c)
{
    ar_pw_fivestep_plan(&c->pl, PW_STEP_DEFEND);
    ar_pw_future_init(&c->f, &c->pl);
    c->f.window = c->st.window;
}

typedef struct target {
    int j, at, need, nsrc, wait;
    double payback;
} target;

/* The best way to take and keep planet j: arrival turn, ships, sources
 * (the nearest nsrc of cand) and the wait for their growth. */
static int best_plan_for(contender *c, int j, const int *cand, int n, int turns_left, target *out)
{
    const pw_state *s = c->pl.s;
    const pw_future *f = &c->f;
    int k, have = 0, grow = 0, found = 0;
    for (k = 0; k < n; k++) {
        int at = trip(s, cand[k], j), need, enemy, wait = 0;
        double gain, payback;
        have += c->avail[cand[k]];
        grow += s->planets[cand[k]].growth;
        if (at > f->H || at >= turns_left)
            break;
        if (k + 1 < n && trip(s, cand[k + 1], j) == at)
            continue; /* the sources at the same distance together */
        enemy = f->own[j][at - 1] == 2;
        need = ar_pw_future_keep(f, j, 1, at, c->st.support, 0);
        if (need <= 0)
            continue; /* ours then anyway */
        gain = s->planets[j].growth * (enemy ? 2.0 : 1.0);
        if (gain <= 0)
            continue;
        if (have < need) {
            if (grow == 0)
                continue;
            wait = (need - have + grow - 1) / grow;
            if (wait > MAX_WAIT)
                continue;
        }
        /* ships taken from the enemy are its loss too: half the cost */
        payback = wait + at + (enemy ? 0.5 : 1.0) * need / gain;
        if (payback >= turns_left || payback > MAX_PAYBACK)
            continue;
        if (!found || payback < out->payback) {
            out->j = j, out->at = at, out->need = need, out->nsrc = k + 1, out->wait = wait;
            out->payback = payback;
            found = 1;
        }
    }
    return found;
}

static void take_targets(contender *c, int turns_left)
{
    pw_plan *pl = &c->pl;
    const pw_state *s = pl->s;
    int done[PW_MAX_PLANETS] = {0}, j, k;
    for (;;) {
        target best = {.j = -1}, t = {.j = -1};
        int cand[PW_MAX_PLANETS], n, bcand[PW_MAX_PLANETS], bn = 0;
        for (j = 0; j < s->np; j++) {
            if (done[j] || c->f.own[j][0] == 1 || c->f.own[j][c->f.H] == 1)
                continue;
            n = sources_by_distance(s, &c->f, j, cand);
            for (k = 0; k < n; k++)
                if (c->avail[cand[k]] <= 0)
                    cand[k--] = cand[--n];
            /* keep the order by distance after the removals */
            for (k = 1; k < n; k++) {
                int x = cand[k], m = k;
                while (m > 0 && trip(s, cand[m - 1], j) > trip(s, x, j))
                    cand[m] = cand[m - 1], m--;
                cand[m] = x;
            }
            if (best_plan_for(c, j, cand, n, turns_left, &t) && (best.j < 0 || t.payback < best.payback)) {
                best = t, bn = t.nsrc;
                memcpy(bcand, cand, sizeof(int) * (size_t)bn);
            }
        }
        if (best.j < 0)
            return;
        done[best.j] = 1;
        if (best.wait > 0) {
            for (k = 0; k < bn; k++)
                c->avail[bcand[k]] = 0; /* saved for it */
            continue;
        }
        {
            int left = best.need;
            for (k = 0; k < bn && left > 0; k++) {
                int a = c->avail[bcand[k]] < left ? c->avail[bcand[k]] : left;
                ar_pw_commit(pl, bcand[k], best.j, a);
                c->avail[bcand[k]] -= a;
                left -= a;
            }
        }
        ar_pw_future_init(&c->f, pl);
        c->f.window = c->st.window;
        if (pl->n >= PW_MAX_ORDERS - PW_MAX_PLANETS)
            return;
    }
}

/* What surplus is left goes to a planet of ours nearer to the enemy: the
 * one with the least distance to the enemy plus half the trip there, so
 * ships reach the front in few hops rather than creeping one planet at a
 * time (measured: BENCHMARKS.md, second session). */
static void to_the_front(contender *c)
{
    pw_plan *pl = &c->pl;
    const pw_state *s = pl->s;
    int front[PW_MAX_PLANETS], i, j;
    for (i = 0; i < s->np; i++) {
        front[i] = 1 << 30;
        for (j = 0; j < s->np; j++)
            if (s->planets[j].owner == 2 && trip(s, i, j) < front[i])
                front[i] = trip(s, i, j);
    }
    for (i = 0; i < s->np; i++) {
        int best = -1;
        if (s->planets[i].owner != 1 || c->avail[i] <= 0)
            continue;
        for (j = 0; j < s->np; j++)
            if (j != i && c->f.own[j][0] == 1 && front[j] < front[i] &&
                (best < 0 || front[j] + trip(s, i, j) / 2 < front[best] + trip(s, i, best) / 2))
                best = j;
        if (best >= 0)
            ar_pw_commit(pl, i, best, c->avail[i]);
    }
}

/* Every planet's surplus (what is left of it) to planet j. */
static void strike(contender *c, int j)
{
    int i;
    for (i = 0; i < c->pl.s->np; i++)
        if (i != j && c->avail[i] > 0)
            ar_pw_commit(&c->pl, i, j, c->avail[i]);
}

void ar_pw_contender_plan_style(pw_plan *pl_out, const pw_state *s, int turns_left, const pw_contender_style *st)
{
    contender *c = malloc(sizeof *c);
    int i;
    if (!c) {
        ar_pw_plan_init(pl_out, s, turns_left);
        return;
    }
    c->st = *st;
    ar_pw_plan_init(&c->pl, s, turns_left);
    defend(c);
    for (i = 0; i < s->np; i++) {
        int a = ar_pw_future_surplus(&c->f, i, 1, c->st.support);
        c->avail[i] = a < c->pl.ships[i] ? a : c->pl.ships[i];
    }
    if (c->st.strike >= 0 && c->st.strike < s->np)
        strike(c, c->st.strike);
    if (c->st.captures)
        take_targets(c, turns_left);
    if (c->st.front)
        to_the_front(c);
    memcpy(pl_out, &c->pl, sizeof *pl_out);
    free(c);
}

void ar_pw_contender_plan(pw_plan *pl, const pw_state *s, int turns_left)
{
    ar_pw_contender_plan_style(pl, s, turns_left, &ar_pw_contender_default);
}

int ar_pw_bot_contender(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    return ar_pw_plan_bot(s, ctx, ar_pw_contender_plan, out, cap);
}
