/* ants_contender.c — the `contender` Ants bot: the growth race first, fights
 * by simulation. Each turn, in order:
 *
 *  1. memory: the turn each square was last seen, enemy hills until seen
 *     razed, our hills;
 *  2. battles (ants_combat.c): the ants that could meet an enemy within
 *     attack range this turn move by a max-min search over both sides' moves;
 *  3. defence: when enemies come within 14 steps of one of our hills (20
 *     once we have 30 ants), as many free ants as there are such enemies,
 *     plus three (plus a tenth of our ants once we have 30), nearest the hill
 *     first, walk at them (the battle search takes over once they are in
 *     contact); with no enemy near and ants to spare (8 a hill), the nearest
 *     ant stays two steps from the hill, so that raiders are seen coming;
 *  4. food: a BFS from every food lists its nearest free ants; the pairs are
 *     taken in order of distance, each food once and each ant once (a greedy
 *     matching, so two ants never chase one food and a far food is not
 *     starved by a near ant already taken);
 *  5. hills: ants within a range of a known enemy hill that grows with our
 *     numbers walk down the hills' distance field;
 *  6. exploration: one BFS from all the free ants at once splits the map into
 *     regions, each square to its nearest ant; every ant walks to the square
 *     of its own region that is worth most — squares not seen for longer are
 *     worth more (never seen most), nearer ones more — so the ants spread
 *     over the frontier and return where vision has lapsed; ants with nothing
 *     to explore in their region go down the distance field of the unseen
 *     squares, enemy ants and hills;
 *  7. moves are resolved so that no two of our ants meet, no ant outside a
 *     battle steps where an enemy could attack it next turn, and no ant idles
 *     on our hill.
 *
 * The battles' work is counted in simulations (a budget per turn that grows
 * with the turn time), so that games between in-process bots replay the same
 * on a loaded machine; the deadline is a hard stop on top of it. */
#include "ants_bots_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

typedef struct ants_contender {
    int *last_seen;      /* turn a square was last visible, -1 never */
    uint8_t *enemy_hill; /* remembered until seen razed */
    uint8_t *own_hill;
    uint8_t *threat;     /* squares an enemy could attack next turn */
    int *ant_at;         /* square -> index of our ant, -1 */
    int *dir;            /* per ant: chosen direction, -1 none yet */
    uint8_t *engaged, *busy;
    int *field, *field2; /* multi-source distance fields */
    int *owner, *first;  /* exploration regions: nearest free ant, its first step */
    int *reserved;       /* resolve: which ant ends on a square (+1) */
    ants_offset *threat_off;
    int nthreat_off;
} ants_contender;

static int is_enemy(const ants_view *w, int sq) { return w->ant[sq] != 255 && w->ant[sq] != 0; }


int ar_ants_contender_init(ants_ai *ai, const ants_view *s)
{
    ants_contender *c = calloc(1, sizeof *c);
    int n = ai->n, mx = (int)sqrt((double)s->attackradius2) + 1;
    if (!c)
        return -1;
    ai->contender = c;
    c->last_seen = malloc(sizeof(int) * (size_t)n);
    c->enemy_hill = calloc((size_t)n, 1);
    c->own_hill = calloc((size_t)n, 1);
    c->threat = calloc((size_t)n, 1);
    c->ant_at = malloc(sizeof(int) * (size_t)n);
    c->dir = malloc(sizeof(int) * (size_t)n);
    c->engaged = calloc((size_t)n, 1);
    c->busy = calloc((size_t)n, 1);
    c->field = malloc(sizeof(int) * (size_t)n);
    c->field2 = malloc(sizeof(int) * (size_t)n);
    c->owner = malloc(sizeof(int) * (size_t)n);
    c->first = malloc(sizeof(int) * (size_t)n);
    c->reserved = calloc((size_t)n, sizeof(int));
    c->threat_off = malloc(sizeof(ants_offset) * (size_t)((2 * mx + 1) * (2 * mx + 1)));
    if (!c->last_seen || !c->enemy_hill || !c->own_hill || !c->threat || !c->ant_at || !c->dir || !c->engaged ||
        !c->busy || !c->field || !c->field2 || !c->owner || !c->first || !c->reserved || !c->threat_off)
        return -1;
    for (int i = 0; i < n; i++)
        c->last_seen[i] = -1;
    /* the squares an enemy standing at (0, 0) could attack after one step */
    for (int dr = -mx; dr <= mx; dr++)
        for (int dc = -mx; dc <= mx; dc++) {
            static const int sr[5] = {0, -1, 1, 0, 0}, sc[5] = {0, 0, 0, -1, 1};
            int hit = 0;
            for (int k = 0; k < 5 && !hit; k++)
                hit = (dr - sr[k]) * (dr - sr[k]) + (dc - sc[k]) * (dc - sc[k]) <= s->attackradius2;
            if (hit)
                c->threat_off[c->nthreat_off++] = (ants_offset){dr, dc};
        }
    return 0;
}

void ar_ants_contender_free(ants_ai *ai)
{
    ants_contender *c = ai->contender;
    if (!c)
        return;
    free(c->last_seen);
    free(c->enemy_hill);
    free(c->own_hill);
    free(c->threat);
    free(c->ant_at);
    free(c->dir);
    free(c->engaged);
    free(c->busy);
    free(c->field);
    free(c->field2);
    free(c->owner);
    free(c->first);
    free(c->reserved);
    free(c->threat_off);
    free(c);
    ai->contender = NULL;
}

static int wrap_sq(const ants_view *w, int sq, ants_offset o)
{
    int r = (sq / w->cols + o.dr + w->rows) % w->rows, col = (sq % w->cols + o.dc + w->cols) % w->cols;
    return r * w->cols + col;
}

static void remember(ants_contender *c, const ants_view *w)
{
    for (int sq = 0; sq < w->n; sq++) {
        c->ant_at[sq] = -1;
        if (!w->visible[sq])
            continue;
        c->last_seen[sq] = w->turn;
        c->enemy_hill[sq] = w->hill[sq] > 0;
        c->own_hill[sq] = w->hill[sq] == 0;
    }
    for (int i = 0; i < w->nmine; i++) {
        c->ant_at[w->mine[i]] = i;
        c->dir[i] = -1;
        c->busy[i] = 0;
    }
    memset(c->threat, 0, (size_t)w->n);
    for (int sq = 0; sq < w->n; sq++)
        if (is_enemy(w, sq))
            for (int k = 0; k < c->nthreat_off; k++)
                c->threat[wrap_sq(w, sq, c->threat_off[k])] = 1;
}

/* 3. Enemies within reach of our hills draw as many defenders, plus three;
 * with no enemy near, a sentinel keeps the hills in sight. */
static void defend(ants_ai *ai, const ants_view *w, int *src)
{
    ants_contender *c = ai->contender;
    int nh = 0, ne = 0, sent = 0;
    for (int sq = 0; sq < w->n; sq++)
        if (c->own_hill[sq])
            src[nh++] = sq;
    if (!nh)
        return;
    enum { REACH_STEPS = 14, SPARE = 3 }; /* enemies this near a hill draw that many defenders, plus SPARE */
    int reach = REACH_STEPS, extra = SPARE;
    if (w->nmine >= 30) { /* many ants: a wider watch and a guard that grows with them */
        reach = 20;
        extra = SPARE + w->nmine / 10;
    }
    ar_ants_bfs_field(ai, w, src, nh, reach + 2, c->field);
    for (int sq = 0; sq < w->n; sq++)
        if (is_enemy(w, sq) && c->field[sq] >= 0 && c->field[sq] <= reach)
            src[ne++] = sq;
    if (!ne) {
        /* a sentinel keeps the hills in sight once there are ants to spare:
         * the nearest free ant within reach stays two steps from a hill */
        if (w->nmine < 8 * nh)
            return;
        int best = -1;
        for (int i = 0; i < w->nmine; i++) {
            int f = c->field[w->mine[i]];
            if (!c->busy[i] && f > 0 && (best < 0 || f < c->field[w->mine[best]]))
                best = i;
        }
        if (best >= 0) {
            int d = c->field[w->mine[best]] > 2 ? ar_ants_downhill(ai, w, c->field, w->mine[best]) : DIR_STAY;
            c->busy[best] = 1;
            c->dir[best] = d >= 0 ? d : DIR_STAY;
        }
        return;
    }
    ar_ants_bfs_field(ai, w, src, ne, 24, c->field2);
    /* the nearest free ants to the hills first: walk the hill field's order */
    for (int dist = 0; dist <= reach + 2 && sent < ne + extra; dist++)
        for (int i = 0; i < w->nmine && sent < ne + extra; i++) {
            if (c->busy[i] || c->field[w->mine[i]] != dist)
                continue;
            int d = ar_ants_downhill(ai, w, c->field2, w->mine[i]);
            c->busy[i] = 1;
            c->dir[i] = d >= 0 ? d : DIR_STAY;
            sent++;
        }
}

/* 4. Food: the nearest free ants of every food, matched greedily by distance. */
typedef struct food_pair {
    int dist, food, ant, dir;
} food_pair;

static int cmp_pair(const void *x, const void *y)
{
    const food_pair *a = x, *b = y;
    if (a->dist != b->dist)
        return a->dist < b->dist ? -1 : 1;
    return a->food != b->food ? (a->food < b->food ? -1 : 1) : (a->ant > b->ant) - (a->ant < b->ant);
}

static void gather(ants_ai *ai, const ants_view *w)
{
    ants_contender *c = ai->contender;
    enum { PER_FOOD = 3, LIMIT = 24 }; /* ants listed per food; steps searched */
    int nfood = 0, np = 0;
    for (int sq = 0; sq < w->n; sq++)
        nfood += w->food[sq] != 0;
    if (!nfood)
        return;
    food_pair *pairs = malloc(sizeof *pairs * (size_t)(nfood * PER_FOOD + 1));
    uint8_t *food_taken = calloc((size_t)w->n, 1);
    int *dist = c->field2;
    if (!pairs || !food_taken)
        abort();
    for (int i = 0; i < w->n; i++)
        dist[i] = -1;
    for (int f = 0; f < w->n; f++) {
        int head = 0, tail = 0, found = 0;
        if (!w->food[f])
            continue;
        dist[f] = 0;
        ai->queue[tail++] = f;
        while (head < tail && found < PER_FOOD) {
            int sq = ai->queue[head++];
            if (dist[sq] >= LIMIT)
                break;
            for (int d = 0; d < 4 && found < PER_FOOD; d++) {
                int t = ants_ai_step(w, sq, d);
                if (dist[t] >= 0 || w->water[t])
                    continue;
                dist[t] = dist[sq] + 1;
                int a = c->ant_at[t];
                if (a >= 0 && !c->busy[a]) {
                    /* the ant steps back along the way the search came; next
                     * to the food it stands (it gathers from there) */
                    pairs[np++] = (food_pair){dist[t], f, a, dist[t] == 1 ? DIR_STAY : (d + 2) & 3};
                    found++;
                }
                if (!w->food[t])
                    ai->queue[tail++] = t;
            }
        }
        for (int k = 0; k < tail; k++) /* reset what this search touched */
            dist[ai->queue[k]] = -1;
        for (int k = 0; k < tail; k++)
            for (int d = 0; d < 4; d++)
                dist[ants_ai_step(w, ai->queue[k], d)] = -1;
    }
    qsort(pairs, (size_t)np, sizeof *pairs, cmp_pair);
    for (int k = 0; k < np; k++) {
        food_pair *p = &pairs[k];
        if (food_taken[p->food] || c->busy[p->ant])
            continue;
        food_taken[p->food] = 1;
        c->busy[p->ant] = 1;
        c->dir[p->ant] = p->dir;
    }
    free(pairs);
    free(food_taken);
}

/* 5. Known enemy hills draw the ants within a range that grows with our numbers. */
static void attack_hills(ants_ai *ai, const ants_view *w, int *src)
{
    ants_contender *c = ai->contender;
    int nh = 0, range = 12 + w->nmine / 2;
    for (int sq = 0; sq < w->n; sq++)
        if (c->enemy_hill[sq])
            src[nh++] = sq;
    if (!nh)
        return;
    if (range > 48)
        range = 48;

    ar_ants_bfs_field(ai, w, src, nh, range, c->field);
    for (int i = 0; i < w->nmine; i++) {
        if (c->busy[i] || c->field[w->mine[i]] < 0)
            continue;
        int d = ar_ants_downhill(ai, w, c->field, w->mine[i]);
        if (d >= 0) {
            c->busy[i] = 1;
            c->dir[i] = d;
        }
    }
}

/* What a square not in sight is worth to explore: its time out of sight. */
static int explore_worth(const ants_contender *c, const ants_view *w, int sq)
{
    int age;
    if (w->visible[sq] || w->water[sq])
        return 0;
    if (c->last_seen[sq] < 0)
        return 64;
    age = w->turn - c->last_seen[sq];
    return age < 48 ? age : 48;
}

/* 6. Exploration by regions: one BFS from every free ant at once. */
static void explore(ants_ai *ai, const ants_view *w, int *src)
{
    ants_contender *c = ai->contender;
    enum { REACH = 40, NEAR = 6 }; /* region depth; distance offset of the worth */
    int head = 0, tail = 0, nfree = 0, nsrc = 0;
    double *best = malloc(sizeof(double) * (size_t)(w->nmine + 1));
    int *best_dir = malloc(sizeof(int) * (size_t)(w->nmine + 1));
    if (!best || !best_dir)
        abort();
    for (int i = 0; i < w->n; i++)
        c->field[i] = -1;
    for (int i = 0; i < w->nmine; i++) {
        best[i] = 0;
        best_dir[i] = -1;
        if (c->busy[i])
            continue;
        int sq = w->mine[i];
        c->field[sq] = 0;
        c->owner[sq] = i;
        c->first[sq] = DIR_STAY;
        ai->queue[tail++] = sq;
        nfree++;
    }
    if (!nfree) {
        free(best);
        free(best_dir);
        return;
    }
    while (head < tail) {
        int sq = ai->queue[head++], o = c->owner[sq];
        int worth = explore_worth(c, w, sq);
        if (worth) {
            double score = worth / (double)(c->field[sq] + NEAR);
            if (score > best[o]) {
                best[o] = score;
                best_dir[o] = c->first[sq];
            }
        }
        if (c->field[sq] >= REACH)
            continue;
        for (int d = 0; d < 4; d++) {
            int t = ants_ai_step(w, sq, d);
            if (c->field[t] >= 0 || w->water[t])
                continue;
            c->field[t] = c->field[sq] + 1;
            c->owner[t] = o;
            c->first[t] = c->first[sq] == DIR_STAY ? d : c->first[sq];
            ai->queue[tail++] = t;
        }
    }
    /* the ants with nothing in their region: toward the unseen, the enemy */
    for (int sq = 0; sq < w->n; sq++)
        if (is_enemy(w, sq) || c->enemy_hill[sq] || (!w->water[sq] && explore_worth(c, w, sq) >= 8))
            src[nsrc++] = sq;
    if (nsrc)
        ar_ants_bfs_field(ai, w, src, nsrc, 1 << 20, c->field2);
    for (int i = 0; i < w->nmine; i++) {
        if (c->busy[i])
            continue;
        int d = best_dir[i];
        if (d < 0 || d == DIR_STAY)
            d = nsrc ? ar_ants_downhill(ai, w, c->field2, w->mine[i]) : -1;
        c->dir[i] = d;
    }
    free(best);
    free(best_dir);
}

/* Whether ant i may step onto t this turn (as far as the view tells). */
static int may_enter(const ants_contender *c, const ants_view *w, int i, int from, int t)
{
    if (w->water[t] || w->food[t] || is_enemy(w, t))
        return 0;
    return c->engaged[i] || !c->threat[t] || c->threat[from];
}

/* 7. Resolve: a move is accepted when its square is free and any ant of
 * ours standing there has already been accepted moving away. */
static size_t resolve(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap)
{
    ants_contender *c = ai->contender;
    int nm = w->nmine, changed = 1;
    size_t k = 0;
    uint8_t *state = calloc((size_t)nm + 1, 1); /* 0 pending, 1 moves, 2 stays */
    if (!state)
        abort();
    for (int i = 0; i < nm; i++) {
        int d = c->dir[i], sq = w->mine[i];
        if (d >= 0 && d < 4 && !may_enter(c, w, i, sq, ants_ai_step(w, sq, d)))
            c->dir[i] = -1;
        c->reserved[sq] = 0;
        for (int j = 0; j < 4; j++)
            c->reserved[ants_ai_step(w, sq, j)] = 0;
    }
    while (changed) {
        changed = 0;
        for (int pass = 0; pass < 2; pass++) /* battle ants before the others */
            for (int i = 0; i < nm; i++) {
                if (state[i] || (pass == 0) != (c->engaged[i] != 0))
                    continue;
                int d = c->dir[i], sq = w->mine[i];
                if (d < 0 || d == DIR_STAY) {
                    if (c->reserved[sq])
                        continue; /* an ant moves in: this one must move later */
                    if (c->own_hill[sq] && !c->engaged[i])
                        continue; /* not idle on our hill */
                    state[i] = 2;
                    c->reserved[sq] = i + 1;
                    changed = 1;
                    continue;
                }
                int t = ants_ai_step(w, sq, d), other = c->ant_at[t];
                if (c->reserved[t] || (other >= 0 && state[other] != 1))
                    continue;
                state[i] = 1;
                c->reserved[t] = i + 1;
                changed = 1;
                if (k < cap)
                    out[k++] = (ants_order){sq, d};
            }
        if (changed)
            continue;
        /* stuck: one pending ant takes any free step, else stands */
        for (int i = 0; i < nm && !changed; i++) {
            if (state[i])
                continue;
            int sq = w->mine[i], d0 = (int)ar_rng_below(&ai->rng, 4);
            for (int j = 0; j < 4 && !changed; j++) {
                int d = (d0 + j) & 3, t = ants_ai_step(w, sq, d), other = c->ant_at[t];
                if (!may_enter(c, w, i, sq, t) || c->reserved[t] || (other >= 0 && state[other] != 1))
                    continue;
                state[i] = 1;
                c->reserved[t] = i + 1;
                if (k < cap)
                    out[k++] = (ants_order){sq, d};
                changed = 1;
            }
            if (!changed && !c->reserved[sq]) {
                state[i] = 2;
                c->reserved[sq] = i + 1;
                changed = 1;
            }
        }
    }
    free(state);
    return k;
}

size_t ar_ants_contender_turn(ants_ai *ai, const ants_view *w, ants_order *out, size_t cap, double deadline)
{
    ants_contender *c = ai->contender;
    int *src = malloc(sizeof(int) * (size_t)(w->n + 1));
    double now = ar_now();
    /* the battles' work: 200 simulations a millisecond of turn time, and a
     * hard stop at half the time left (the rest is margin) */
    long evals_left = 200L * (w->turntime > 0 ? w->turntime : 500);
    ants_combat_setup cs = {.own_hill = c->own_hill, .enemy_hill = c->enemy_hill, .evals_left = &evals_left,
                            .exact_limit = 20000, .deadline = now + 0.5 * (deadline - now)};
    if (!src)
        abort();
    remember(c, w);
    ar_ants_combat(w, &cs, c->dir, c->engaged);
    for (int i = 0; i < w->nmine; i++)
        c->busy[i] = c->engaged[i];
    defend(ai, w, src);
    gather(ai, w);
    attack_hills(ai, w, src);
    explore(ai, w, src);
    free(src);
    return resolve(ai, w, out, cap);
}
