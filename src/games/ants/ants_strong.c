/* ants_strong.c — the strongest bot of the Ants ladder. Each turn, in order:
 *
 *  1. combat: the ants within reach of an enemy are moved by a local search
 *     over their moves (one ant at a time, five moves each, a few passes),
 *     each candidate judged by simulating the focus rule against two enemy
 *     replies (all stand, all advance on our nearest ant) and taking the
 *     worse: enemies killed minus ants lost (kills weigh more when we are
 *     many), ties broken toward the enemy when we outnumber it locally;
 *  2. food: from each visible food a BFS finds the nearest free ant, which
 *     takes the first step of that path;
 *  3. hills: ants near a known enemy hill (or every free ant once we are
 *     many) walk the distance field of the enemy hills; ants near an enemy
 *     that comes close to one of our hills turn on it;
 *  4. exploration: every other ant goes, by a BFS of its own, to the nearest
 *     square that is unseen or long unseen and not claimed by another ant
 *     (a claim covers the squares around the target, so the ants spread);
 *  5. moves are resolved so that no two of our ants meet, none steps on a
 *     square an enemy could attack next turn unless fighting, and none idles
 *     on a hill of ours (it would block the spawning).
 * Everything stops at the deadline: what is decided by then is played. */
#include "ants_bots_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

typedef struct ants_strong {
    int *last_seen;      /* turn a square was last visible, 0 never */
    uint8_t *enemy_hill; /* remembered enemy hills */
    uint8_t *own_hill;
    uint8_t *threat;     /* squares an enemy could attack next turn */
    int *stamp, stamp_now; /* BFS visited marks */
    int *claim;          /* exploration claims, by stamp */
    int *want;           /* per ant: desired direction (-1 none) */
    int *ant_at;         /* square -> index of our ant, -1 */
    int *field;          /* multi-source distance fields */
    int engage2;         /* squared distance at which an ant is in a fight */
} ants_strong;

int ar_ants_strong_init(ants_ai *ai, const ants_view *s)
{
    ants_strong *st = calloc(1, sizeof *st);
    int n = ai->n;
    double reach = sqrt((double)s->attackradius2) + 2.0;
    if (!st)
        return -1;
    ai->strong = st;
    st->last_seen = calloc((size_t)n, sizeof *st->last_seen);
    st->enemy_hill = calloc((size_t)n, 1);
    st->own_hill = calloc((size_t)n, 1);
    st->threat = calloc((size_t)n, 1);
    st->stamp = calloc((size_t)n, sizeof *st->stamp);
    st->claim = calloc((size_t)n, sizeof *st->claim);
    st->want = malloc(sizeof *st->want * (size_t)n);
    st->ant_at = malloc(sizeof *st->ant_at * (size_t)n);
    st->field = malloc(sizeof *st->field * (size_t)n);
    st->engage2 = (int)(reach * reach);
    if (!st->last_seen || !st->enemy_hill || !st->own_hill || !st->threat || !st->stamp || !st->claim ||
        !st->want || !st->ant_at || !st->field)
        return -1;
    return 0;
}

void ar_ants_strong_free(ants_ai *ai)
{
    ants_strong *st = ai->strong;
    if (!st)
        return;
    free(st->last_seen);
    free(st->enemy_hill);
    free(st->own_hill);
    free(st->threat);
    free(st->stamp);
    free(st->claim);
    free(st->want);
    free(st->ant_at);
    free(st->field);
    free(st);
    ai->strong = NULL;
}

static int is_enemy(const ants_view *w, int sq) { return w->ant[sq] != 255 && w->ant[sq] != 0; }

/* ---------------------------------------------------------------- combat */

typedef struct fight {
    int nm, ne;
    int *mine_sq, *mine_to; /* our engaged ants and where they go */
    int *opts;              /* 5 candidate squares per ant (-1 not allowed) */
    int *enemy_stay, *enemy_adv;
    int *cnt;               /* scratch: enemies in range per ant */
} fight;

/* Focus rule on positions a (ours, na) and b (theirs, nb): kills and losses. */
static void simulate(const ants_view *w, const int *a, int na, const int *b, int nb, int *cnt, int *killed,
                     int *lost)
{
    int r2 = w->attackradius2;
    *killed = *lost = 0;
    for (int i = 0; i < na; i++) {
        cnt[i] = 0;
        for (int j = 0; j < nb; j++)
            cnt[i] += ants_ai_dist2(w, a[i], b[j]) <= r2;
        for (int j = 0; j < na; j++) /* our own collisions */
            if (j != i && a[j] == a[i])
                cnt[i] += 1000;
    }
    for (int j = 0; j < nb; j++) {
        cnt[na + j] = 0;
        for (int i = 0; i < na; i++)
            cnt[na + j] += ants_ai_dist2(w, a[i], b[j]) <= r2;
    }
    for (int i = 0; i < na; i++) {
        if (cnt[i] >= 1000) {
            (*lost)++;
            continue;
        }
        for (int j = 0; j < nb; j++)
            if (ants_ai_dist2(w, a[i], b[j]) <= r2 && cnt[na + j] <= cnt[i]) {
                (*lost)++;
                break;
            }
    }
    for (int j = 0; j < nb; j++)
        for (int i = 0; i < na; i++)
            if (ants_ai_dist2(w, a[i], b[j]) <= r2 && cnt[i] < 1000 && cnt[i] <= cnt[na + j]) {
                (*killed)++;
                break;
            }
}

static double judge(const ants_view *w, fight *f, double kill_weight, int aggressive)
{
    int k1, l1, k2, l2;
    double s1, s2, closeness = 0;
    simulate(w, f->mine_to, f->nm, f->enemy_stay, f->ne, f->cnt, &k1, &l1);
    simulate(w, f->mine_to, f->nm, f->enemy_adv, f->ne, f->cnt, &k2, &l2);
    s1 = k1 * kill_weight - l1;
    s2 = k2 * kill_weight - l2;
    for (int i = 0; i < f->nm; i++) {
        int bd = 1 << 30;
        for (int j = 0; j < f->ne; j++) {
            int d = ants_ai_dist2(w, f->mine_to[i], f->enemy_stay[j]);
            if (d < bd)
                bd = d;
        }
        closeness += bd;
    }
    return (s1 < s2 ? s1 : s2) + (aggressive ? -0.0001 : 0.0001) * closeness;
}

static void fight_moves(ants_ai *ai, const ants_view *w, int *engaged, double deadline)
{
    ants_strong *st = ai->strong;
    fight f;
    int total_enemies = 0;
    memset(&f, 0, sizeof f);
    for (int sq = 0; sq < w->n; sq++)
        total_enemies += is_enemy(w, sq);
    if (!total_enemies)
        return;
    f.mine_sq = malloc(sizeof(int) * (size_t)(w->nmine + 1));
    f.mine_to = malloc(sizeof(int) * (size_t)(w->nmine + 1));
    f.opts = malloc(sizeof(int) * 5 * (size_t)(w->nmine + 1));
    f.enemy_stay = malloc(sizeof(int) * (size_t)(total_enemies + 1));
    f.enemy_adv = malloc(sizeof(int) * (size_t)(total_enemies + 1));
    f.cnt = malloc(sizeof(int) * (size_t)(w->nmine + total_enemies + 2));
    if (!f.mine_sq || !f.mine_to || !f.opts || !f.enemy_stay || !f.enemy_adv || !f.cnt)
        abort();
    /* enemies near any of our ants, and our ants near them */
    for (int sq = 0; sq < w->n; sq++) {
        if (!is_enemy(w, sq))
            continue;
        int near = 0;
        for (int i = 0; i < w->nmine; i++)
            if (ants_ai_dist2(w, w->mine[i], sq) <= st->engage2) {
                engaged[i] = 1;
                near = 1;
            }
        if (near)
            f.enemy_stay[f.ne++] = sq;
    }
    if (!f.ne)
        goto done;
    for (int i = 0; i < w->nmine; i++)
        if (engaged[i])
            f.mine_sq[f.nm++] = w->mine[i];
    /* the enemies' advance: one step toward our nearest engaged ant */
    for (int j = 0; j < f.ne; j++) {
        int e = f.enemy_stay[j], best = e, bd = 1 << 30;
        for (int d = 0; d < 5; d++) {
            int t = d < 4 ? ants_ai_step(w, e, d) : e;
            if (w->water[t] || w->food[t])
                continue;
            for (int i = 0; i < f.nm; i++) {
                int dd = ants_ai_dist2(w, t, f.mine_sq[i]);
                if (dd < bd) {
                    bd = dd;
                    best = t;
                }
            }
        }
        f.enemy_adv[j] = best;
    }
    /* our candidate squares: land, no food, no ant of ours outside the fight */
    for (int i = 0; i < f.nm; i++) {
        for (int d = 0; d < 5; d++) {
            int t = d < 4 ? ants_ai_step(w, f.mine_sq[i], d) : f.mine_sq[i];
            int ok = !w->water[t] && !w->food[t] && !is_enemy(w, t);
            if (ok && d < 4 && w->ant[t] == 0) {
                int idx = st->ant_at[t];
                ok = idx >= 0 && engaged[idx];
            }
            f.opts[i * 5 + d] = ok ? t : -1;
        }
        f.mine_to[i] = f.mine_sq[i];
    }
    /* the fights are the groups of ants linked by engagement distance; each
     * is searched on its own (the cost grows with the square of a group) */
    {
        double kill_weight = w->nmine > 2 * total_enemies ? 1.5 : w->nmine > total_enemies ? 1.15 : 0.9;
        int k = f.nm + f.ne, *label = malloc(sizeof(int) * (size_t)(k + 1)), *stack = malloc(sizeof(int) * (size_t)(k + 1));
        fight g;
        memset(&g, 0, sizeof g);
        g.mine_sq = malloc(sizeof(int) * (size_t)(f.nm + 1));
        g.mine_to = malloc(sizeof(int) * (size_t)(f.nm + 1));
        g.opts = malloc(sizeof(int) * 5 * (size_t)(f.nm + 1));
        g.enemy_stay = malloc(sizeof(int) * (size_t)(f.ne + 1));
        g.enemy_adv = malloc(sizeof(int) * (size_t)(f.ne + 1));
        g.cnt = f.cnt;
        int *members = malloc(sizeof(int) * (size_t)(k + 1));
        if (!label || !stack || !g.mine_sq || !g.mine_to || !g.opts || !g.enemy_stay || !g.enemy_adv || !members)
            abort();
        for (int i = 0; i < k; i++)
            label[i] = -1;
        for (int root = 0; root < k; root++) {
            int top = 0, nmem = 0;
            if (label[root] >= 0)
                continue;
            label[root] = root;
            stack[top++] = root;
            while (top) {
                int x = stack[--top], xs = x < f.nm ? f.mine_sq[x] : f.enemy_stay[x - f.nm];
                members[nmem++] = x;
                for (int y = 0; y < k; y++) {
                    if (label[y] >= 0)
                        continue;
                    int ys = y < f.nm ? f.mine_sq[y] : f.enemy_stay[y - f.nm];
                    if (ants_ai_dist2(w, xs, ys) <= st->engage2) {
                        label[y] = root;
                        stack[top++] = y;
                    }
                }
            }
            g.nm = g.ne = 0;
            for (int j = 0; j < nmem; j++) {
                int x = members[j];
                if (x < f.nm) {
                    g.mine_sq[g.nm] = f.mine_sq[x];
                    g.mine_to[g.nm] = f.mine_to[x];
                    memcpy(&g.opts[g.nm * 5], &f.opts[x * 5], 5 * sizeof(int));
                    g.nm++;
                } else {
                    g.enemy_stay[g.ne] = f.enemy_stay[x - f.nm];
                    g.enemy_adv[g.ne] = f.enemy_adv[x - f.nm];
                    g.ne++;
                }
            }
            if (!g.nm || !g.ne)
                continue;
            int aggressive = g.nm > g.ne;
            double best = judge(w, &g, kill_weight, aggressive);
            for (int pass = 0; pass < 3; pass++) {
                int improved = 0;
                for (int i = 0; i < g.nm && ar_now() < deadline; i++) {
                    int keep = g.mine_to[i];
                    for (int d = 0; d < 5; d++) {
                        int t = g.opts[i * 5 + d];
                        if (t < 0 || t == keep)
                            continue;
                        g.mine_to[i] = t;
                        double sc = judge(w, &g, kill_weight, aggressive);
                        if (sc > best + 1e-9) {
                            best = sc;
                            keep = t;
                            improved = 1;
                        }
                    }
                    g.mine_to[i] = keep;
                }
                if (!improved)
                    break;
            }
            /* back into the whole fight */
            for (int j = 0, mi = 0; j < nmem; j++)
                if (members[j] < f.nm)
                    f.mine_to[members[j]] = g.mine_to[mi++];
        }
        free(label);
        free(stack);
        free(members);
        free(g.mine_sq);
        free(g.mine_to);
        free(g.opts);
        free(g.enemy_stay);
        free(g.enemy_adv);
    }
    for (int i = 0; i < f.nm; i++) {
        int idx = st->ant_at[f.mine_sq[i]];
        st->want[idx] = 4;
        for (int d = 0; d < 4; d++)
            if (ants_ai_step(w, f.mine_sq[i], d) == f.mine_to[i])
                st->want[idx] = d;
    }
done:
    free(f.mine_sq);
    free(f.mine_to);
    free(f.opts);
    free(f.enemy_stay);
    free(f.enemy_adv);
    free(f.cnt);
}

/* ------------------------------------------------------------- the turn */

/* From a food, the nearest free ant within `limit` steps; its index or -1,
 * with the direction of its first step in *dir. */
static int nearest_free_ant(ants_ai *ai, const ants_view *w, int from, int limit, const int *busy, int *dir)
{
    ants_strong *st = ai->strong;
    int head = 0, tail = 0;
    st->stamp_now++;
    st->stamp[from] = st->stamp_now;
    ai->dist[from] = 0;
    ai->queue[tail++] = from;
    while (head < tail) {
        int sq = ai->queue[head++];
        if (ai->dist[sq] >= limit)
            break;
        for (int d = 0; d < 4; d++) {
            int t = ants_ai_step(w, sq, d);
            if (st->stamp[t] == st->stamp_now || w->water[t])
                continue;
            st->stamp[t] = st->stamp_now;
            ai->dist[t] = ai->dist[sq] + 1;
            if (w->ant[t] == 0 && !busy[st->ant_at[t]]) {
                *dir = (d + 2) & 3; /* the ant steps back along the way we came */
                return st->ant_at[t];
            }
            if (!w->food[t])
                ai->queue[tail++] = t;
        }
    }
    return -1;
}

/* From an ant, the first step toward the nearest unclaimed exploration
 * target; claims the squares around it. -1 when none within reach. */
static int explore_step(ants_ai *ai, const ants_view *w, int from, int turn)
{
    ants_strong *st = ai->strong;
    int head = 0, tail = 0, *first = st->field; /* first step of the path to each square */
    st->stamp_now++;
    st->stamp[from] = st->stamp_now;
    ai->queue[tail++] = from;
    first[from] = -1;
    while (head < tail) {
        int sq = ai->queue[head++];
        if (sq != from && !w->visible[sq] && turn - st->last_seen[sq] >= 12 && st->claim[sq] != turn) {
            /* claim a disc around the target */
            int r = (int)sqrt((double)w->viewradius2 / 2.0);
            for (int dr = -r; dr <= r; dr++)
                for (int dc = -r; dc <= r; dc++) {
                    int rr = ((sq / w->cols + dr) % w->rows + w->rows) % w->rows;
                    int cc = ((sq % w->cols + dc) % w->cols + w->cols) % w->cols;
                    st->claim[rr * w->cols + cc] = turn;
                }
            return first[sq];
        }
        if (tail > 3000)
            continue;
        for (int d = 0; d < 4; d++) {
            int t = ants_ai_step(w, sq, d);
            if (st->stamp[t] == st->stamp_now || w->water[t])
                continue;
            st->stamp[t] = st->stamp_now;
            first[t] = sq == from ? d : first[sq];
            ai->queue[tail++] = t;
        }
    }
    return -1;
}

static void mark_threats(ants_strong *st, const ants_view *w)
{
    int mx = (int)sqrt((double)w->attackradius2);
    memset(st->threat, 0, (size_t)w->n);
    for (int e = 0; e < w->n; e++) {
        if (!is_enemy(w, e))
            continue;
        for (int d = 0; d < 5; d++) {
            int from = d < 4 ? ants_ai_step(w, e, d) : e;
            if (w->water[from])
                continue;
            for (int dr = -mx; dr <= mx; dr++)
                for (int dc = -mx; dc <= mx; dc++) {
                    if (dr * dr + dc * dc > w->attackradius2)
                        continue;
                    int r = ((from / w->cols + dr) % w->rows + w->rows) % w->rows;
                    int c = ((from % w->cols + dc) % w->cols + w->cols) % w->cols;
                    st->threat[r * w->cols + c] = 1;
                }
        }
    }
}

size_t ar_ants_strong_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap, double deadline)
{
    ants_strong *st = ai->strong;
    int nm = w->nmine, *busy = calloc((size_t)nm + 1, sizeof *busy), *engaged = calloc((size_t)nm + 1, sizeof *engaged);
    int *src = malloc(sizeof *src * (size_t)w->n), nsrc;
    size_t k = 0;
    /* a share of the time left: the rest is margin for a loaded machine */
    double soft = ar_now() + 0.4 * (deadline - ar_now());
    if (!busy || !engaged || !src)
        abort();
    /* memory */
    for (int sq = 0; sq < w->n; sq++) {
        st->ant_at[sq] = -1;
        if (!w->visible[sq])
            continue;
        st->last_seen[sq] = w->turn;
        st->enemy_hill[sq] = w->hill[sq] > 0;
        st->own_hill[sq] = w->hill[sq] == 0;
    }
    for (int i = 0; i < nm; i++) {
        st->ant_at[w->mine[i]] = i;
        st->want[i] = -1;
    }
    mark_threats(st, w);
    /* 1. combat */
    fight_moves(ai, w, engaged, soft);
    for (int i = 0; i < nm; i++)
        busy[i] = engaged[i];
    /* 2. food */
    for (int sq = 0; sq < w->n && ar_now() < soft; sq++) {
        int dir, a;
        if (!w->food[sq])
            continue;
        a = nearest_free_ant(ai, w, sq, 30, busy, &dir);
        if (a >= 0) {
            busy[a] = 1;
            st->want[a] = ants_ai_step(w, w->mine[a], dir) == sq ? 4 : dir;
        }
    }
    /* 3. enemy hills, and the defence of ours */
    nsrc = 0;
    for (int sq = 0; sq < w->n; sq++)
        if (st->enemy_hill[sq])
            src[nsrc++] = sq;
    if (nsrc) {
        ar_ants_bfs_field(ai, w, src, nsrc, 1 << 20, ai->dist);
        for (int i = 0; i < nm; i++) {
            int d0 = ai->dist[w->mine[i]];
            if (busy[i] || d0 < 0 || (d0 > 35 && nm < 60) || (nm >= 60 && i % 3 == 0 && d0 > 35))
                continue;
            int d = ar_ants_downhill(ai, w, ai->dist, w->mine[i]);
            if (d >= 0) {
                st->want[i] = d;
                busy[i] = 1;
            }
        }
    }
    nsrc = 0;
    for (int sq = 0; sq < w->n; sq++)
        if (is_enemy(w, sq)) {
            for (int h = 0; h < w->n; h++)
                if (st->own_hill[h] && ants_ai_dist2(w, h, sq) <= 200) {
                    src[nsrc++] = sq;
                    break;
                }
        }
    if (nsrc) {
        ar_ants_bfs_field(ai, w, src, nsrc, 14, st->field);
        int sent = 0;
        for (int i = 0; i < nm && sent < 2 * nsrc + 2; i++) {
            if (busy[i] || st->field[w->mine[i]] < 0)
                continue;
            int d = ar_ants_downhill(ai, w, st->field, w->mine[i]);
            if (d >= 0) {
                st->want[i] = d;
                busy[i] = 1;
                sent++;
            }
        }
    }
    /* 4. exploration: the nearest unclaimed target within reach, else down
     * the distance field of all targets (so that no ant idles far from them) */
    nsrc = 0;
    for (int sq = 0; sq < w->n; sq++)
        if (!w->water[sq] && !w->visible[sq] && w->turn - st->last_seen[sq] >= 12)
            src[nsrc++] = sq;
    int *far_field = malloc(sizeof *far_field * (size_t)w->n);
    if (!far_field)
        abort();
    ar_ants_bfs_field(ai, w, src, nsrc, 1 << 20, far_field);
    for (int i = 0; i < nm; i++) {
        if (busy[i])
            continue;
        int d = ar_now() < soft ? explore_step(ai, w, w->mine[i], w->turn) : -1;
        if (d < 0)
            d = ar_ants_downhill(ai, w, far_field, w->mine[i]);
        if (d >= 0)
            st->want[i] = d;
    }
    free(far_field);
    /* 5. resolve: fixed-point acceptance so that no two of ours meet */
    {
        int *state = calloc((size_t)nm + 1, sizeof *state); /* 0 pending, 1 moves, 2 stays */
        int changed = 1;
        if (!state)
            abort();
        memset(ai->taken, 0, (size_t)w->n);
        for (int i = 0; i < nm; i++) {
            int d = st->want[i];
            if (d >= 0 && d < 4) {
                int t = ants_ai_step(w, w->mine[i], d);
                if (w->water[t] || w->food[t] || is_enemy(w, t) || (!engaged[i] && st->threat[t] && !st->threat[w->mine[i]]))
                    st->want[i] = -1;
            }
        }
        while (changed) {
            changed = 0;
            for (int i = 0; i < nm; i++) {
                if (state[i])
                    continue;
                int d = st->want[i], sq = w->mine[i];
                if (d < 0 || d == 4) {
                    if (ai->taken[sq])
                        continue; /* someone moves in: try later */
                    if (!st->own_hill[sq] || engaged[i]) {
                        state[i] = 2;
                        ai->taken[sq] = 1;
                        changed = 1;
                    }
                    continue;
                }
                int t = ants_ai_step(w, sq, d), other = st->ant_at[t];
                if (ai->taken[t])
                    continue;
                if (other >= 0 && state[other] != 1)
                    continue;
                state[i] = 1;
                ai->taken[t] = 1;
                changed = 1;
                if (k < cap)
                    out[k++] = (ants_order){sq, d};
            }
            if (!changed) {
                /* the rest: any free, safe step, else stand */
                for (int i = 0; i < nm && !changed; i++) {
                    if (state[i])
                        continue;
                    int sq = w->mine[i], d0 = (int)ar_rng_below(&ai->rng, 4);
                    for (int j = 0; j < 4; j++) {
                        int d = (d0 + j) & 3, t = ants_ai_step(w, sq, d), other = st->ant_at[t];
                        if (w->water[t] || w->food[t] || is_enemy(w, t) || ai->taken[t] ||
                            (other >= 0 && state[other] != 1) || (st->threat[t] && !engaged[i]))
                            continue;
                        state[i] = 1;
                        ai->taken[t] = 1;
                        if (k < cap)
                            out[k++] = (ants_order){sq, d};
                        changed = 1;
                        break;
                    }
                    if (!changed && !ai->taken[sq]) {
                        state[i] = 2;
                        ai->taken[sq] = 1;
                        changed = 1;
                    }
                }
            }
        }
        free(state);
    }
    free(busy);
    free(engaged);
    free(src);
    return k;
}
