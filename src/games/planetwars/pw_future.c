/* pw_future.c — the planet-future model (pw_future.h): what a contender
 * decides from. The timelines come from the exact battle rule over the
 * fleets in flight (ar_pw_timeline); on top of them, each player's reach —
 * the ships it can land on a planet at a turn when its planets launch their
 * garrisons at the right moments — turns "the enemy's fleets in flight"
 * into "everything the enemy can send in time". A planet is kept against
 * the strongest single strike (all of the other player's reach landing on
 * one turn); the ships to keep it and a planet's surplus follow from its
 * garrison, which moves one for one with ships added or sent as long as
 * the owner does not change. */
#include "pw_future.h"

#include <string.h>

static int trip(const pw_state *s, int a, int b)
{
    int d = s->dist[a * s->np + b];
    return d < 1 ? 1 : d;
}

void ar_pw_future_init(pw_future *f, const pw_plan *pl)
{
    const pw_state *s = pl->s;
    int i, j, t, H = pl->H;
    f->pl = pl;
    f->H = H;
    f->window = H;
    for (i = 0; i < s->np; i++)
        ar_pw_timeline(pl, i, 0, 0, 0, f->own[i], f->ships[i]);
    memset(f->reach, 0, sizeof f->reach);
    for (i = 0; i < s->np; i++)
        for (j = 0; j < s->np; j++) {
            int d;
            if (j == i)
                continue;
            d = trip(s, j, i);
            for (t = d; t <= H; t++) {
                int o = f->own[j][t - d];
                if (o > 0)
                    f->reach[o][i][t] += f->ships[j][t - d];
            }
        }
}

/* The forces at planet i in the battle of turn t, before any extra. */
static void forces(const pw_future *f, int i, int t, int force[3])
{
    const pw_plan *pl = f->pl;
    int o = f->own[i][t - 1], k;
    for (k = 0; k < 3; k++)
        force[k] = pl->arr[i][t][k];
    force[o] += f->ships[i][t - 1] + (o > 0 ? pl->s->planets[i].growth : 0);
}

int ar_pw_future_threat(const pw_future *f, int i, int p, int t, double support)
{
    double v = f->reach[3 - p][i][t] - support * f->reach[p][i][t];
    return v > 0 ? (int)v : 0;
}

/* The extra ships planet i, p's from turn t with garrison g, needs so that
 * its garrison stays >= 0 with every later arrival and (with_threats) >=
 * each threat from the turn it lands on: the garrison moves one for one with
 * the extra while the owner stays. */
static int extra_to_keep(const pw_future *f, int i, int p, int t, int g, double support, int with_threats)
{
    const pw_plan *pl = f->pl;
    int v[PW_HMAX + 1], u, e = 0, low;
    v[t] = g;
    for (u = t + 1; u <= f->H; u++)
        v[u] = v[u - 1] + pl->s->planets[i].growth + pl->arr[i][u][p] - pl->arr[i][u][3 - p];
    low = v[f->H];
    for (u = f->H; u > t; u--) {
        int need;
        if (v[u] < low)
            low = v[u];
        need = (with_threats && u - t <= f->window ? ar_pw_future_threat(f, i, p, u, support) : 0) - low;
        if (need > e)
            e = need;
    }
    if (v[t] < low)
        low = v[t];
    if (-low > e)
        e = -low;
    return e;
}

/* The least x that wins planet i for p in the battle of turn t with the
 * forces force (p's x added); *g: the garrison it leaves. */
static int win_battle(const pw_future *f, int i, int p, int t, int force[3], int *g)
{
    int other = 0, k, x, owner = f->own[i][t - 1];
    for (k = 0; k < 3; k++)
        if (k != p && force[k] > other)
            other = force[k];
    /* the largest force wins; on a tie the owner keeps the planet */
    x = other - force[p] + (owner == p ? 0 : 1);
    if (x < 0)
        x = 0;
    force[p] += x;
    ar_pw_battle(force, &owner, g);
    return x;
}

int ar_pw_future_take(const pw_future *f, int i, int p, int t)
{
    int force[3], g;
    if (t < 1 || t > f->H)
        return -1;
    forces(f, i, t, force);
    return win_battle(f, i, p, t, force, &g);
}

int ar_pw_future_keep(const pw_future *f, int i, int p, int t, double support, int with_capture)
{
    int force[3], x, g, y, strike;
    if (t < 1 || t > f->H)
        return -1;
    /* no strike with the capture: the later ones and the fleets in flight */
    forces(f, i, t, force);
    x = win_battle(f, i, p, t, force, &g);
    x += extra_to_keep(f, i, p, t, g, support, 1);
    /* the strike landing in the capture's battle: exact, three forces */
    strike = with_capture ? ar_pw_future_threat(f, i, p, t, support) : 0;
    if (strike > 0) {
        forces(f, i, t, force);
        force[3 - p] += strike;
        y = win_battle(f, i, p, t, force, &g);
        y += extra_to_keep(f, i, p, t, g, support, 0);
        if (y > x)
            x = y;
    }
    return x;
}

int ar_pw_future_surplus(const pw_future *f, int i, int p, double support)
{
    int t, low, m;
    if (f->own[i][0] != p)
        return 0;
    for (t = 1; t <= f->H; t++)
        if (f->own[i][t] != p)
            return 0;
    m = f->ships[i][0];
    low = f->ships[i][f->H];
    for (t = f->H; t >= 1; t--) {
        int room;
        if (f->ships[i][t] < low)
            low = f->ships[i][t];
        room = low - (t <= f->window ? ar_pw_future_threat(f, i, p, t, support) : 0);
        if (room < m)
            m = room;
    }
    return m > 0 ? m : 0;
}

int ar_pw_future_holds(const pw_future *f, int i, int p, int t)
{
    int own[PW_HMAX + 1], shp[PW_HMAX + 1], u;
    if (f->own[i][0] != p)
        return 0;
    ar_pw_timeline(f->pl, i, 3 - p, f->reach[3 - p][i][t], t, own, shp);
    for (u = 0; u <= f->H; u++)
        if (own[u] != p)
            return 0;
    return 1;
}
