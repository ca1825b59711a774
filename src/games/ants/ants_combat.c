/* ants_combat.c — fights by simulation for the `contender` Ants bot. The ants
 * of both sides that could meet within attack range this turn are grouped
 * into independent battles (ants linked by engagement distance); in each, our
 * move is chosen by simulating the contest's focus rule (collisions first,
 * then every ant dies when an enemy in range has no more enemies around it
 * than it has) over moves of both sides and keeping the move whose worst
 * enemy reply is best — a max-min, as the strongest 2011 bots judged their
 * fights. Small battles (5^(ours + theirs) simulations within the limit) are
 * searched exhaustively; larger ones by a double oracle: our plan is improved
 * one ant at a time against the set of enemy replies found so far (stand,
 * advance, retreat to start with), then the enemy's best reply to it is
 * searched the same way and added to the set, until no reply hurts our plan
 * more than the set already does or the work budget is spent.
 *
 * The value of an outcome: enemies killed times a weight (above one when we
 * outnumber the enemy on the map, so trades pay; below when we are fewer),
 * minus our losses, plus the hills: an enemy ant left on our hill costs its
 * razing, one of ours on an enemy hill gains it; a tiny closeness term breaks
 * ties toward the enemy when we are many and away from it when we are few. */
#include "ants_bots_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

#define OPTS 5

/* What an ant left standing on sq means to the owner of the hills in
 * `hill`: a razing (3) on one, a threat (1) next to one. */
static double hill_threat(const ants_view *w, const uint8_t *hill, int sq)
{
    if (hill[sq])
        return 3.0;
    for (int d = 0; d < 4; d++)
        if (hill[ants_ai_step(w, sq, d)])
            return 1.0;
    return 0;
}

/* The focus rule on our ants ending on a and theirs on b: which die. */
void ar_ants_battle_outcome(const ants_battle *bt, const int *a, const int *b, int *our_dead, int *enemy_dead)
{
    const ants_view *w = bt->w;
    int na = bt->na, nb = bt->nb, r2 = w->attackradius2;
    int cnt[2 * ANTS_BATTLE_MAX], dead[2 * ANTS_BATTLE_MAX];
    /* collisions: ants sharing a square die before the battle */
    for (int i = 0; i < na + nb; i++) {
        int si = i < na ? a[i] : b[i - na];
        dead[i] = 0;
        for (int j = 0; j < na + nb && !dead[i]; j++)
            if (j != i && (j < na ? a[j] : b[j - na]) == si)
                dead[i] = 2;
    }
    for (int i = 0; i < na; i++) {
        cnt[i] = 0;
        if (dead[i])
            continue;
        for (int j = 0; j < nb; j++)
            if (!dead[na + j] && ants_ai_dist2(w, a[i], b[j]) <= r2)
                cnt[i]++;
    }
    for (int j = 0; j < nb; j++) {
        cnt[na + j] = 0;
        if (dead[na + j])
            continue;
        for (int i = 0; i < na; i++)
            if (!dead[i] && ants_ai_dist2(w, a[i], b[j]) <= r2)
                cnt[na + j]++;
    }
    for (int i = 0; i < na; i++) {
        our_dead[i] = dead[i] != 0;
        for (int j = 0; j < nb && !our_dead[i]; j++)
            our_dead[i] = !dead[na + j] && cnt[na + j] <= cnt[i] && ants_ai_dist2(w, a[i], b[j]) <= r2;
    }
    for (int j = 0; j < nb; j++) {
        enemy_dead[j] = dead[na + j] != 0;
        for (int i = 0; i < na && !enemy_dead[j]; i++)
            enemy_dead[j] = !dead[i] && cnt[i] <= cnt[na + j] && ants_ai_dist2(w, a[i], b[j]) <= r2;
    }
}

/* A simulated outcome's value for us (see the file comment). */
static double battle_value(const ants_battle *bt, const int *a, const int *b)
{
    const ants_view *w = bt->w;
    int na = bt->na, nb = bt->nb, kills = 0, losses = 0, our_dead[ANTS_BATTLE_MAX], enemy_dead[ANTS_BATTLE_MAX];
    double value, close = 0;
    ar_ants_battle_outcome(bt, a, b, our_dead, enemy_dead);
    for (int i = 0; i < na; i++)
        losses += our_dead[i];
    for (int j = 0; j < nb; j++)
        kills += enemy_dead[j];
    value = kills * bt->kill_weight - losses;
    /* razing comes after the battle: only a survivor razes; a survivor next
     * to a hill threatens it next turn */
    if (bt->own_hill)
        for (int j = 0; j < nb; j++)
            if (!enemy_dead[j])
                value -= hill_threat(w, bt->own_hill, b[j]);
    if (bt->enemy_hill)
        for (int i = 0; i < na; i++)
            if (!our_dead[i])
                value += hill_threat(w, bt->enemy_hill, a[i]);
    for (int i = 0; i < na; i++) {
        int best = 1 << 30;
        for (int j = 0; j < nb; j++) {
            int d = ants_ai_dist2(w, a[i], b[j]);
            if (d < best)
                best = d;
        }
        close += best;
    }
    return value + (bt->aggressive ? -1e-4 : 1e-4) * close;
}

double ar_ants_battle_value(ants_battle *bt, const int *a, const int *b)
{
    bt->evals++;
    return battle_value(bt, a, b);
}

/* Whether a plan puts two ants of one side on one square. */
static int self_collides(const int *x, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (x[i] == x[j])
                return 1;
    return 0;
}

static int out_of_work(ants_battle *bt)
{
    if (bt->evals >= bt->eval_limit)
        return 1;
    if (bt->deadline > 0 && (bt->evals & 255) == 0 && ar_now() >= bt->deadline)
        bt->eval_limit = bt->evals;
    return bt->evals >= bt->eval_limit;
}

/* --- exhaustive max-min for small battles --- */

static void next_plan(const int *opts, int n, int *idx, int *plan, int *done)
{
    int k = 0;
    for (;;) {
        if (k == n) {
            *done = 1;
            return;
        }
        idx[k]++;
        while (idx[k] < OPTS && opts[k * OPTS + idx[k]] < 0)
            idx[k]++;
        if (idx[k] < OPTS) {
            plan[k] = opts[k * OPTS + idx[k]];
            return;
        }
        idx[k] = 0; /* option 0 (stay) is always allowed */
        plan[k] = opts[k * OPTS];
        k++;
    }
}

static double exact_maximin(ants_battle *bt, int *best_a)
{
    int ia[ANTS_BATTLE_MAX] = {0}, ib[ANTS_BATTLE_MAX], a[ANTS_BATTLE_MAX], b[ANTS_BATTLE_MAX];
    int done_a = 0;
    double best = -1e18;
    for (int i = 0; i < bt->na; i++)
        a[i] = bt->aopt[i * OPTS];
    while (!done_a) {
        if (!self_collides(a, bt->na)) {
            double worst = 1e18;
            int done_b = 0;
            memset(ib, 0, sizeof ib);
            for (int j = 0; j < bt->nb; j++)
                b[j] = bt->bopt[j * OPTS];
            while (!done_b && worst > best) { /* a reply worse than the best plan's ends the look */
                double v = ar_ants_battle_value(bt, a, b);
                if (v < worst)
                    worst = v;
                next_plan(bt->bopt, bt->nb, ib, b, &done_b);
            }
            if (worst > best) {
                best = worst;
                memcpy(best_a, a, sizeof(int) * (size_t)bt->na);
            }
        }
        next_plan(bt->aopt, bt->na, ia, a, &done_a);
    }
    return best;
}

/* --- the double oracle for larger battles --- */

static double worst_reply(ants_battle *bt, const int *a, int *which)
{
    double worst = 1e18;
    for (int r = 0; r < bt->nreplies; r++) {
        double v = ar_ants_battle_value(bt, a, &bt->replies[r * ANTS_BATTLE_MAX]);
        if (v < worst) {
            worst = v;
            if (which)
                *which = r;
        }
    }
    return worst;
}

static void add_reply(ants_battle *bt, const int *b)
{
    if (bt->nreplies == ANTS_BATTLE_REPLIES) /* the set is full: the newest replaces the last */
        bt->nreplies--;
    memcpy(&bt->replies[bt->nreplies * ANTS_BATTLE_MAX], b, sizeof(int) * (size_t)bt->nb);
    bt->nreplies++;
}

/* Coordinate descent for one side, one ant at a time, at most four passes:
 * our plan x (ours) rises in its worst value against the replies in the set,
 * never moving two of our ants onto one square; an enemy reply x against our
 * fixed plan a falls in value. v is x's value on entry; returns the last. */
static double descend(ants_battle *bt, int ours, const int *a, int *x, double v)
{
    int n = ours ? bt->na : bt->nb;
    const int *opts = ours ? bt->aopt : bt->bopt;
    for (int pass = 0; pass < 4; pass++) {
        int improved = 0;
        for (int i = 0; i < n && !out_of_work(bt); i++) {
            int keep = x[i];
            for (int o = 0; o < OPTS; o++) {
                int t = opts[i * OPTS + o];
                if (t < 0 || t == keep)
                    continue;
                x[i] = t;
                if (ours && self_collides(x, n))
                    continue;
                double y = ours ? worst_reply(bt, x, NULL) : ar_ants_battle_value(bt, a, x);
                if (ours ? y > v + 1e-9 : y < v - 1e-9) {
                    v = y;
                    keep = t;
                    improved = 1;
                }
            }
            x[i] = keep;
        }
        if (!improved)
            break;
    }
    return v;
}

/* Our plan improved one ant at a time against the replies in the set. */
static double improve_ours(ants_battle *bt, int *a)
{
    return descend(bt, 1, NULL, a, worst_reply(bt, a, NULL));
}

/* The enemy's best reply to plan a: descent one enemy ant at a time, from
 * every reply in the set; the worst found for us. */
static double enemy_reply(ants_battle *bt, const int *a, int *b)
{
    int cur[ANTS_BATTLE_MAX];
    double best = 1e18;
    for (int s = 0; s < bt->nreplies; s++) {
        memcpy(cur, &bt->replies[s * ANTS_BATTLE_MAX], sizeof(int) * (size_t)bt->nb);
        double v = descend(bt, 0, a, cur, ar_ants_battle_value(bt, a, cur));
        if (v < best) {
            best = v;
            memcpy(b, cur, sizeof(int) * (size_t)bt->nb);
        }
    }
    return best;
}

/* One side's formation: every ant takes the option that goes nearest to
 * (toward > 0) or farthest from (toward < 0) the other side, or stands. */
static void formation(const ants_battle *bt, int side, int toward, int *out)
{
    const ants_view *w = bt->w;
    int n = side ? bt->nb : bt->na, m = side ? bt->na : bt->nb;
    const int *opts = side ? bt->bopt : bt->aopt, *other = side ? bt->a : bt->b;
    for (int i = 0; i < n; i++) {
        int best = opts[i * OPTS], bd = 0;
        for (int o = 0; o < OPTS; o++) {
            int t = opts[i * OPTS + o], d = 1 << 30;
            if (t < 0 || !toward)
                continue;
            for (int j = 0; j < m; j++) {
                int dd = ants_ai_dist2(w, t, other[j]);
                if (dd < d)
                    d = dd;
            }
            if (o == 0 || (toward > 0 ? d < bd : d > bd)) {
                bd = d;
                best = t;
            }
        }
        out[i] = best;
    }
}

double ar_ants_battle_solve(ants_battle *bt, int *best_a)
{
    double total = 1.0, best = -1e18;
    int starts[3 * ANTS_BATTLE_MAX], a[ANTS_BATTLE_MAX], b[ANTS_BATTLE_MAX], nstarts = 0;
    for (int k = 0; k < bt->na + bt->nb; k++)
        total *= OPTS;
    if (!bt->heuristic_only && total <= (double)bt->exact_limit)
        return exact_maximin(bt, best_a);
    /* the starting replies and plans: stand, advance, retreat */
    bt->nreplies = 0;
    for (int f = 0; f < 3; f++) {
        formation(bt, 1, f == 0 ? 0 : f == 1 ? 1 : -1, b);
        add_reply(bt, b);
        formation(bt, 0, f == 0 ? 0 : f == 1 ? 1 : -1, &starts[nstarts * ANTS_BATTLE_MAX]);
        if (!self_collides(&starts[nstarts * ANTS_BATTLE_MAX], bt->na))
            nstarts++;
    }
    memcpy(best_a, starts, sizeof(int) * (size_t)bt->na);
    for (int round = 0; round < 24 && !out_of_work(bt); round++) {
        /* our best plan against the replies so far, from every start */
        double top = -1e18;
        int plan[ANTS_BATTLE_MAX];
        for (int s = 0; s < nstarts; s++) {
            memcpy(a, &starts[s * ANTS_BATTLE_MAX], sizeof(int) * (size_t)bt->na);
            double v = improve_ours(bt, a);
            memcpy(&starts[s * ANTS_BATTLE_MAX], a, sizeof(int) * (size_t)bt->na);
            if (v > top) {
                top = v;
                memcpy(plan, a, sizeof(int) * (size_t)bt->na);
            }
        }
        /* what the enemy's best reply leaves of it */
        double r = enemy_reply(bt, plan, b), guaranteed = r < top ? r : top;
        if (guaranteed > best) {
            best = guaranteed;
            memcpy(best_a, plan, sizeof(int) * (size_t)bt->na);
        }
        if (r >= top - 1e-9)
            break; /* no reply hurts more than the set already does */
        add_reply(bt, b);
    }
    return best;
}

/* --- battles on a turn --- */

static int is_enemy(const ants_view *w, int sq) { return w->ant[sq] != 255 && w->ant[sq] != 0; }

/* The candidate squares of an ant: stay first, then N E S W where it may go. */
static void options(const ants_view *w, int sq, int ours, const uint8_t *blocked, int *out)
{
    out[0] = sq;
    for (int d = 0; d < 4; d++) {
        int t = ants_ai_step(w, sq, d);
        int ok = !w->water[t] && !w->food[t] && (!ours || (!is_enemy(w, t) && !blocked[t]));
        out[1 + d] = ok ? t : -1;
    }
}

int ar_ants_combat(const ants_view *w, const ants_combat_setup *cs, int *dir, uint8_t *engaged)
{
    int nm = w->nmine, ne = 0, total_enemies = 0, groups = 0;
    int reach = (int)(sqrt((double)w->attackradius2) + 2.0);
    int engage2 = reach * reach + 1;
    int *enemy = malloc(sizeof(int) * (size_t)(w->n > 0 ? w->n : 1)), *label, *stack;
    uint8_t *blocked = calloc((size_t)w->n, 1);
    ants_battle bt;
    if (!enemy || !blocked)
        abort();
    for (int sq = 0; sq < w->n; sq++)
        if (is_enemy(w, sq)) {
            total_enemies++;
            for (int i = 0; i < nm; i++)
                if (ants_ai_dist2(w, w->mine[i], sq) <= engage2) {
                    enemy[ne++] = sq;
                    break;
                }
        }
    for (int i = 0; i < nm; i++)
        engaged[i] = 0;
    if (!ne) {
        free(enemy);
        free(blocked);
        return 0;
    }
    for (int i = 0; i < nm; i++)
        for (int j = 0; j < ne && !engaged[i]; j++)
            engaged[i] = ants_ai_dist2(w, w->mine[i], enemy[j]) <= engage2;
    /* ants of ours outside the battles may stand: no battle ant steps there */
    for (int i = 0; i < nm; i++)
        blocked[w->mine[i]] = !engaged[i];
    label = malloc(sizeof(int) * (size_t)(nm + ne));
    stack = malloc(sizeof(int) * (size_t)(nm + ne));
    if (!label || !stack)
        abort();
    for (int k = 0; k < nm + ne; k++)
        label[k] = (k < nm && !engaged[k]) ? -2 : -1;
    memset(&bt, 0, sizeof bt);
    bt.w = w;
    bt.own_hill = cs->own_hill;
    bt.enemy_hill = cs->enemy_hill;
    bt.kill_weight = nm > 2 * total_enemies ? 1.5 : nm > total_enemies ? 1.2 : nm * 10 >= total_enemies * 8 ? 1.0 : 0.8;
    bt.exact_limit = cs->exact_limit;
    bt.deadline = cs->deadline;
    for (int root = 0; root < nm + ne; root++) {
        int top = 0, sq;
        if (label[root] != -1)
            continue;
        label[root] = root;
        stack[top++] = root;
        bt.na = bt.nb = 0;
        while (top) {
            int x = stack[--top], xs = x < nm ? w->mine[x] : enemy[x - nm];
            if (x < nm) {
                if (bt.na < ANTS_BATTLE_MAX)
                    bt.ai[bt.na] = x, bt.a[bt.na++] = xs;
                else
                    engaged[x] = 0; /* beyond the battle's size: moved by the other rules */
            } else if (bt.nb < ANTS_BATTLE_MAX)
                bt.b[bt.nb++] = xs;
            for (int y = 0; y < nm + ne; y++) {
                if (label[y] != -1)
                    continue;
                int ys = y < nm ? w->mine[y] : enemy[y - nm];
                if ((x < nm) != (y < nm) && ants_ai_dist2(w, xs, ys) <= engage2) {
                    label[y] = root;
                    stack[top++] = y;
                }
            }
        }
        if (!bt.na || !bt.nb)
            continue;
        groups++;
        for (int i = 0; i < bt.na; i++)
            options(w, bt.a[i], 1, blocked, &bt.aopt[i * OPTS]);
        for (int j = 0; j < bt.nb; j++)
            options(w, bt.b[j], 0, blocked, &bt.bopt[j * OPTS]);
        bt.aggressive = bt.kill_weight > 1.0 || bt.na > bt.nb;
        /* the work left is shared by the battles still to come */
        bt.evals = 0;
        bt.eval_limit = (cs->evals_left ? *cs->evals_left : 100000) / (groups <= 1 ? 1 : 2);
        if (bt.eval_limit < 2000)
            bt.eval_limit = 2000;
        int plan[ANTS_BATTLE_MAX];
        ar_ants_battle_solve(&bt, plan);
        if (cs->evals_left)
            *cs->evals_left -= bt.evals;
        for (int i = 0; i < bt.na; i++) {
            int idx = bt.ai[i];
            sq = w->mine[idx];
            dir[idx] = DIR_STAY;
            for (int d = 0; d < 4; d++)
                if (ants_ai_step(w, sq, d) == plan[i])
                    dir[idx] = d;
        }
    }
    free(label);
    free(stack);
    free(enemy);
    free(blocked);
    return groups;
}
