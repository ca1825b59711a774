/* pw_fivestep.c — the seed blog's Planet Wars bot ("Planet Wars - My First
 * AI Contest"): no game tree, five steps a turn, each decided by exact
 * calculation of the future rather than by guesses.
 *
 * The calculation: every fleet in flight (and every order this bot has
 * already given this turn) is an arrival at a planet at a known turn, so a
 * planet's future — owner and ships each turn, with growth and the engine's
 * battle rule — follows exactly from them (pw_timeline). On top of it:
 *  1. defence: a planet of ours that the timeline shows falling is
 *     reinforced from the nearest planets that can arrive in time, with only
 *     ships they can spare (a planet's spare ships are the fewest it will
 *     hold on any future turn), and only if that saves it;
 *  2. attack: an enemy planet is attacked when the ships that can arrive —
 *     nearest planets first — take it and hold it on the timeline even after
 *     every enemy planet nearer to it than our farthest attacker has sent
 *     all its ships there; the cheapest plan by growth gained is taken first;
 *  3. sniping: a neutral planet that the timeline shows the enemy taking is
 *     attacked to arrive after the enemy has paid for it;
 *  4. neutral hunting: neutral planets nearer to us than to the enemy, best
 *     growth per ship first;
 *  5. reinforcement: planets far from the enemy send their spare ships to the
 *     nearest planet of ours that is nearer to the enemy.
 * Attacks use spare ships less a reserve against the nearest enemy planet
 * (its ships, less our growth meanwhile and the ships of our planets nearer
 * to ours than it is): "attacks use only ships not needed for defence". */
#include "planetwars_internal.h"
#include "pw_plan.h"

#include <stdlib.h>
#include <string.h>

void ar_pw_battle(const int force[3], int *owner, int *ships)
{
    int wo = 0, ws = 0, ss = 0, k;
    for (k = 0; k < 3; k++)
        if (force[k] > ss) {
            if (force[k] > ws)
                ss = ws, wo = k, ws = force[k];
            else
                ss = force[k];
        }
    if (ws > ss)
        *owner = wo, *ships = ws - ss;
    else
        *ships = 0;
}

void ar_pw_plan_init(pw_plan *pl, const pw_state *s, int turns_left)
{
    int i, far = 0;
    memset(pl, 0, sizeof *pl);
    pl->s = s;
    for (i = 0; i < s->np * s->np; i++)
        if (s->dist[i] > far)
            far = s->dist[i];
    pl->H = far + 8;
    if (pl->H > turns_left + 1)
        pl->H = turns_left + 1;
    if (pl->H > PW_HMAX)
        pl->H = PW_HMAX;
    if (pl->H < 2)
        pl->H = 2;
    for (i = 0; i < s->np; i++)
        pl->ships[i] = s->planets[i].ships;
    for (i = 0; i < s->nf; i++) {
        const pw_fleet *f = &s->fleets[i];
        int t = f->remaining < 1 ? 1 : f->remaining;
        if (t <= pl->H)
            pl->arr[f->dst][t][f->owner] += f->ships;
    }
}

void ar_pw_timeline(const pw_plan *pl, int i, int extra_owner, int extra_ships, int extra_time, int *own, int *shp)
{
    const pw_planet *p = &pl->s->planets[i];
    int t, o = p->owner, n = pl->ships[i];
    own[0] = o, shp[0] = n;
    for (t = 1; t <= pl->H; t++) {
        int force[3] = {0, 0, 0};
        if (o > 0)
            n += p->growth;
        force[o] = n;
        force[0] += pl->arr[i][t][0];
        force[1] += pl->arr[i][t][1];
        force[2] += pl->arr[i][t][2];
        if (t == extra_time)
            force[extra_owner] += extra_ships;
        ar_pw_battle(force, &o, &n);
        own[t] = o, shp[t] = n;
    }
}

static int spare_now(const pw_plan *pl, int i)
{
    int own[PW_HMAX + 1], shp[PW_HMAX + 1], t, m;
    if (pl->s->planets[i].owner != 1)
        return 0;
    ar_pw_timeline(pl, i, 0, 0, 0, own, shp);
    m = shp[0];
    for (t = 1; t <= pl->H; t++) {
        if (own[t] != 1)
            return 0;
        if (shp[t] < m)
            m = shp[t];
    }
    return m;
}

static int reserve_now(const pw_plan *pl, int i)
{
    const pw_state *s = pl->s;
    int e = -1, j, d, need;
    for (j = 0; j < s->np; j++)
        if (s->planets[j].owner == 2 && (e < 0 || s->dist[j * s->np + i] < s->dist[e * s->np + i]))
            e = j;
    if (e < 0)
        return 0;
    d = s->dist[e * s->np + i];
    need = s->planets[e].ships - s->planets[i].growth * d;
    for (j = 0; j < s->np && need > 0; j++)
        if (j != i && s->planets[j].owner == 1 && s->dist[j * s->np + i] < d)
            need -= pl->ships[j];
    return need > 0 ? need : 0;
}

/* The cached figures of every planet (recomputed after a commit). */
static void refresh(pw_plan *pl)
{
    int i;
    if (pl->cached)
        return;
    for (i = 0; i < pl->s->np; i++) {
        pl->spare[i] = spare_now(pl, i);
        pl->reserve[i] = reserve_now(pl, i);
    }
    pl->cached = 1;
}

int ar_pw_spare(pw_plan *pl, int i)
{
    refresh(pl);
    return pl->spare[i];
}

int ar_pw_reserve(pw_plan *pl, int i)
{
    refresh(pl);
    return pl->reserve[i];
}

void ar_pw_commit(pw_plan *pl, int src, int dst, int ships)
{
    const pw_state *s = pl->s;
    int t = s->dist[src * s->np + dst];
    if (ships <= 0 || pl->n >= PW_MAX_ORDERS)
        return;
    if (t < 1)
        t = 1;
    pl->ships[src] -= ships;
    pl->cached = 0;
    if (t <= pl->H)
        pl->arr[dst][t][1] += ships;
    pl->orders[pl->n].src = src, pl->orders[pl->n].dst = dst, pl->orders[pl->n].ships = ships;
    pl->n++;
}

/* Sources of our own sorted by distance to planet j. */
static int sources_by_distance(const pw_plan *pl, int j, int *src)
{
    const pw_state *s = pl->s;
    int i, k, n = 0;
    for (i = 0; i < s->np; i++) {
        if (i == j || s->planets[i].owner != 1)
            continue;
        for (k = n; k > 0 && s->dist[src[k - 1] * s->np + j] > s->dist[i * s->np + j]; k--)
            src[k] = src[k - 1];
        src[k] = i;
        n++;
    }
    return n;
}

/* Whether planet j, with the arrivals amount[k] from src[k] (k < n) added,
 * is ours at turn `at` and every later turn of the horizon, with `enemy`
 * more enemy ships arriving at turn `at`. */
static int holds(pw_plan *pl, int j, const int *src, const int *amount, int n, int at, int enemy)
{
    const pw_state *s = pl->s;
    int own[PW_HMAX + 1], shp[PW_HMAX + 1], k, t, ok = 1;
    for (k = 0; k < n; k++) {
        int d = s->dist[src[k] * s->np + j];
        pl->arr[j][d < 1 ? 1 : d][1] += amount[k];
    }
    ar_pw_timeline(pl, j, 2, enemy, at, own, shp);
    for (t = at; t <= pl->H; t++)
        if (own[t] != 1) {
            ok = 0;
            break;
        }
    for (k = 0; k < n; k++) {
        int d = s->dist[src[k] * s->np + j];
        pl->arr[j][d < 1 ? 1 : d][1] -= amount[k];
    }
    return ok;
}

/* The enemy ships that could reach planet j before turn `at`: all ships of
 * enemy planets nearer to it. */
static int enemy_support(const pw_plan *pl, int j, int at)
{
    const pw_state *s = pl->s;
    int i, n = 0;
    for (i = 0; i < s->np; i++)
        if (i != j && s->planets[i].owner == 2 && s->dist[i * s->np + j] < at)
            n += s->planets[i].ships;
    return n;
}

int ar_pw_capture_plan(pw_plan *pl, int j, int use_reserve, int *src, int *amount, int *cost, int *arrive)
{
    const pw_state *s = pl->s;
    int cand[PW_MAX_PLANETS], avail[PW_MAX_PLANETS], n = sources_by_distance(pl, j, cand), k, i;
    for (k = 0; k < n; k++) {
        int a = ar_pw_spare(pl, cand[k]);
        if (use_reserve)
            a -= ar_pw_reserve(pl, cand[k]);
        if (a > pl->ships[cand[k]])
            a = pl->ships[cand[k]];
        avail[k] = a > 0 ? a : 0;
    }
    for (k = 0; k < n; k++) {
        int m = 0, at, lo, hi, enemy;
        if (avail[k] == 0)
            continue;
        for (i = 0; i <= k; i++)
            if (avail[i] > 0) {
                src[m] = cand[i];
                amount[m] = avail[i];
                m++;
            }
        at = s->dist[cand[k] * s->np + j];
        if (at < 1)
            at = 1;
        if (at > pl->H)
            return 0;
        enemy = enemy_support(pl, j, at);
        if (!holds(pl, j, src, amount, m, at, enemy))
            continue;
        /* Trim the farthest source to the least that still holds. */
        lo = 0, hi = amount[m - 1];
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            amount[m - 1] = mid;
            if (holds(pl, j, src, amount, m, at, enemy))
                hi = mid;
            else
                lo = mid + 1;
        }
        amount[m - 1] = lo;
        *cost = 0;
        for (i = 0; i < m; i++)
            *cost += amount[i];
        *arrive = at;
        return m;
    }
    return 0;
}

/* ------------------------------------------------------------ the steps */

static void step_defend(pw_plan *pl)
{
    const pw_state *s = pl->s;
    int i;
    for (i = 0; i < s->np; i++) {
        int own[PW_HMAX + 1], shp[PW_HMAX + 1], t, fall = 0, cand[PW_MAX_PLANETS], n, k, m = 0;
        int src[PW_MAX_PLANETS], amount[PW_MAX_PLANETS];
        if (s->planets[i].owner != 1)
            continue;
        ar_pw_timeline(pl, i, 0, 0, 0, own, shp);
        for (t = 1; t <= pl->H && !fall; t++)
            if (own[t] != 1)
                fall = t;
        if (!fall)
            continue;
        n = sources_by_distance(pl, i, cand);
        for (k = 0; k < n; k++) {
            int a = ar_pw_spare(pl, cand[k]);
            if (a <= 0 || s->dist[cand[k] * s->np + i] > fall)
                continue;
            src[m] = cand[k], amount[m] = a;
            m++;
            if (holds(pl, i, src, amount, m, 1, 0)) {
                int lo = 0, hi = amount[m - 1];
                while (lo < hi) {
                    int mid = (lo + hi) / 2;
                    amount[m - 1] = mid;
                    if (holds(pl, i, src, amount, m, 1, 0))
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                amount[m - 1] = lo;
                for (k = 0; k < m; k++)
                    ar_pw_commit(pl, src[k], i, amount[k]);
                break;
            }
        }
    }
}

enum { TARGET_ENEMY, TARGET_SNIPE, TARGET_NEUTRAL };

static int target_kind(const pw_plan *pl, int j)
{
    const pw_state *s = pl->s;
    int own[PW_HMAX + 1], shp[PW_HMAX + 1], t, i, dm = 1 << 30, de = 1 << 30;
    if (s->planets[j].owner == 2)
        return TARGET_ENEMY;
    if (s->planets[j].owner == 1)
        return -1;
    ar_pw_timeline(pl, j, 0, 0, 0, own, shp);
    for (t = 1; t <= pl->H; t++)
        if (own[t] == 2)
            return TARGET_SNIPE;
        else if (own[t] == 1)
            return -1; /* ours already on the way */
    for (i = 0; i < s->np; i++) {
        int d = s->dist[i * s->np + j];
        if (s->planets[i].owner == 1 && d < dm)
            dm = d;
        if (s->planets[i].owner == 2 && d < de)
            de = d;
    }
    return dm < de && s->planets[j].growth > 0 ? TARGET_NEUTRAL : -1;
}

/* Takes the best capturable targets of one kind, one at a time. */
static void step_capture(pw_plan *pl, int kind, int use_reserve)
{
    const pw_state *s = pl->s;
    int done[PW_MAX_PLANETS] = {0};
    for (;;) {
        int j, best = -1, bsrc[PW_MAX_PLANETS], bamount[PW_MAX_PLANETS], bm = 0, k;
        double bscore = 0;
        for (j = 0; j < s->np; j++) {
            int src[PW_MAX_PLANETS], amount[PW_MAX_PLANETS], cost, at, m, left;
            double score;
            if (done[j] || target_kind(pl, j) != kind)
                continue;
            m = ar_pw_capture_plan(pl, j, use_reserve, src, amount, &cost, &at);
            if (m == 0 || cost == 0)
                continue;
            left = pl->H - at;
            score = ((double)s->planets[j].growth * (left > 0 ? left : 0) * (kind == TARGET_ENEMY ? 2 : 1) + 1) /
                    (cost + 1.0);
            if (best < 0 || score > bscore) {
                best = j, bscore = score, bm = m;
                memcpy(bsrc, src, sizeof(int) * (size_t)m);
                memcpy(bamount, amount, sizeof(int) * (size_t)m);
            }
        }
        if (best < 0)
            return;
        done[best] = 1;
        for (k = 0; k < bm; k++)
            ar_pw_commit(pl, bsrc[k], best, bamount[k]);
        if (pl->n >= PW_MAX_ORDERS)
            return;
    }
}

static void step_reinforce(pw_plan *pl)
{
    const pw_state *s = pl->s;
    int front[PW_MAX_PLANETS], i, j;
    for (i = 0; i < s->np; i++) {
        front[i] = 1 << 30;
        for (j = 0; j < s->np; j++)
            if (s->planets[j].owner == 2 && s->dist[i * s->np + j] < front[i])
                front[i] = s->dist[i * s->np + j];
    }
    for (i = 0; i < s->np; i++) {
        int best = -1, a;
        if (s->planets[i].owner != 1)
            continue;
        for (j = 0; j < s->np; j++)
            if (j != i && s->planets[j].owner == 1 && front[j] < front[i] &&
                (best < 0 || s->dist[i * s->np + j] < s->dist[i * s->np + best]))
                best = j;
        if (best < 0)
            continue;
        a = ar_pw_spare(pl, i) - ar_pw_reserve(pl, i);
        if (a > pl->ships[i])
            a = pl->ships[i];
        if (a > 0)
            ar_pw_commit(pl, i, best, a);
    }
}

void ar_pw_fivestep_plan(pw_plan *pl, unsigned steps)
{
    int use_reserve = !(steps & PW_STEP_BOLD);
    if (steps & PW_STEP_DEFEND)
        step_defend(pl);
    if (steps & PW_STEP_ATTACK)
        step_capture(pl, TARGET_ENEMY, use_reserve);
    if (steps & PW_STEP_SNIPE)
        step_capture(pl, TARGET_SNIPE, use_reserve);
    if (steps & PW_STEP_NEUTRAL)
        step_capture(pl, TARGET_NEUTRAL, use_reserve);
    if (steps & PW_STEP_REINFORCE)
        step_reinforce(pl);
}

int ar_pw_plan_bot(const pw_state *s, pw_bot_ctx *ctx, void (*planner)(pw_plan *, const pw_state *, int),
                   pw_order *out, int cap)
{
    pw_plan *pl = malloc(sizeof *pl);
    int n;
    if (!pl)
        return 0;
    planner(pl, s, 200 - ctx->turn);
    n = pl->n < cap ? pl->n : cap;
    memcpy(out, pl->orders, sizeof *out * (size_t)(n > 0 ? n : 0));
    free(pl);
    return n;
}

static void fivestep_planner(pw_plan *pl, const pw_state *s, int turns_left)
{
    ar_pw_plan_init(pl, s, turns_left);
    ar_pw_fivestep_plan(pl, PW_STEP_ALL);
}

int ar_pw_bot_fivestep(const pw_state *s, pw_bot_ctx *ctx, pw_order *out, int cap)
{
    return ar_pw_plan_bot(s, ctx, fivestep_planner, out, cap);
}
