/* tron_eval.c — how Tron bots judge a position: flood fills, Voronoi
 * territory, articulation points, the tree of chambers and the checkerboard
 * parity bound (the ideas of the seed README, "Iouri's final solution").
 *
 * Voronoi: the cells each player reaches strictly first (equal distance is
 * nobody's — both would arrive at once). Territory overstates what a player
 * can use when it has dead ends: a path entering a side pocket through a
 * one-cell neck cannot come back. So the territory is cut at articulation
 * points (cells whose removal disconnects it, found by Tarjan's depth-first
 * search) into chambers; a path can fill one chamber and then go on into one
 * child chamber, so the estimate is the best root-to-leaf sum of chamber
 * values (the seed's tree of chambers). A chamber's value is capped by the
 * parity bound: colour the grid like a checkerboard; every move changes
 * colour, so from an entry cell of colour c a path visits at most one more
 * cell of colour c than of the other, i.e. at most 2·min + 1 cells.
 *
 * Everything here works on a padded tron_board (tron_internal.h) and
 * scratch arrays allocated once per bot, so evaluations allocate nothing. */
#include "tron_internal.h"
#include "tron_art.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void ar_tron_board_init(tron_board *b, const ar_variant *v)
{
    int i;
    b->w = v->w;
    b->h = v->h;
    b->n = v->n;
    b->delta[0] = 0;
    for (i = 1; i <= 4; i++)
        b->delta[i] = tron_delta(v->w, i);
    b->cell = ar_xcalloc((size_t)v->n, 1);
    b->colour = ar_xmalloc((size_t)v->n);
    for (i = 0; i < v->n; i++)
        b->colour[i] = (uint8_t)((i % v->w + i / v->w) & 1);
    b->head[0] = v->start[0];
    b->head[1] = v->start[1];
    b->bits = NULL;
    b->bitpos = NULL;
    if (v->w <= 64) {
        b->bits = ar_xcalloc((size_t)v->h + 4, sizeof(uint64_t));
        b->bitpos = ar_xmalloc((size_t)v->n * sizeof(int));
        for (i = 0; i < v->n; i++)
            b->bitpos[i] = 64 * (i / v->w + 2) + i % v->w;
    }
}

void ar_tron_board_free(tron_board *b)
{
    free(b->cell);
    free(b->colour);
    free(b->bits);
    free(b->bitpos);
    b->cell = b->colour = NULL;
    b->bits = NULL;
    b->bitpos = NULL;
}

void ar_tron_board_load(tron_board *b, const ar_variant *v, const tron_pos *p)
{
    int i;
    for (i = 0; i < v->n; i++)
        b->cell[i] = (uint8_t)tron_occ(p, i);
    if (b->bits) {
        memset(b->bits, 0, ((size_t)v->h + 4) * sizeof(uint64_t));
        for (i = 0; i < v->n; i++)
            if (!b->cell[i])
                b->bits[b->bitpos[i] >> 6] |= (uint64_t)1 << (b->bitpos[i] & 63);
    }
    b->head[0] = p->head[0];
    b->head[1] = p->head[1];
}

void ar_tron_work_init(tron_work *w, int n)
{
    size_t k = (size_t)n;
    w->n = n;
    w->dist0 = ar_xmalloc(k * sizeof(int));
    w->dist1 = ar_xmalloc(k * sizeof(int));
    w->queue = ar_xmalloc(k * sizeof(int));
    w->disc = ar_xmalloc(k * sizeof(uint32_t));
    w->low = ar_xmalloc(k * sizeof(uint32_t));
    w->stack = ar_xmalloc((k + 1) * sizeof(int));
    w->owner = ar_xcalloc(k, 1);
    w->art = ar_xcalloc(k, 1);
    w->seen = ar_xcalloc(k, 1);
    w->stackdir = ar_xmalloc((k + 1) * sizeof(int));
    ar_tron_fast_init(&w->fast, n);
    memset(&w->bits, 0, sizeof w->bits); /* made at the first bitboard evaluation */
}

void ar_tron_work_free(tron_work *w)
{
    free(w->dist0);
    free(w->dist1);
    free(w->queue);
    free(w->disc);
    free(w->low);
    free(w->stack);
    free(w->owner);
    free(w->art);
    free(w->seen);
    free(w->stackdir);
    ar_tron_fast_free(&w->fast);
    if (w->bits.rows)
        ar_tron_bits_free(&w->bits);
    memset(w, 0, sizeof *w);
}

/* Breadth-first search from a head over free cells: order[] gets the cells
 * reached (head excluded), dist[] their distances if dist is not NULL.
 * Marks w->seen. Returns the count. */
static int bfs(const tron_board *b, tron_work *w, int head, int *order, int *dist)
{
    int qh = 0, qt = 0, d;
    memset(w->seen, 0, (size_t)b->n);
    w->seen[head] = 1;
    for (d = 1; d <= 4; d++) {
        int t = head + b->delta[d];
        if (!b->cell[t] && !w->seen[t]) {
            w->seen[t] = 1;
            if (dist)
                dist[t] = 1;
            order[qt++] = t;
        }
    }
    while (qh < qt) {
        int c = order[qh++];
        for (d = 1; d <= 4; d++) {
            int t = c + b->delta[d];
            if (!b->cell[t] && !w->seen[t]) {
                w->seen[t] = 1;
                if (dist)
                    dist[t] = dist[c] + 1;
                order[qt++] = t;
            }
        }
    }
    return qt;
}

int ar_tron_reach(const tron_board *b, tron_work *w, int p, int counts[2])
{
    int n = bfs(b, w, b->head[p], w->queue, NULL), i;
    counts[0] = counts[1] = 0;
    for (i = 0; i < n; i++)
        counts[b->colour[w->queue[i]]]++;
    return n;
}

int ar_tron_board_separated(const tron_board *b, tron_work *w)
{
    int d;
    bfs(b, w, b->head[0], w->queue, NULL);
    for (d = 1; d <= 4; d++) {
        int t = b->head[1] + b->delta[d];
        if (!b->cell[t] && w->seen[t])
            return 0;
    }
    return 1;
}

int ar_tron_fill_bound(const tron_board *b, tron_work *w, int p)
{
    int counts[2], entry = 1 - b->colour[b->head[p]];
    ar_tron_reach(b, w, p, counts);
    return tron_parity_fill(counts[entry], counts[1 - entry]);
}

int ar_tron_voronoi(const tron_board *b, tron_work *w, int counts[2])
{
    int n0, n1, i, shared = 0;
    int *order1 = w->stack;
    memset(w->owner, 0, (size_t)b->n);
    n0 = bfs(b, w, b->head[0], w->queue, w->dist0);
    for (i = 0; i < n0; i++)
        w->owner[w->queue[i]] = 1;
    n1 = bfs(b, w, b->head[1], order1, w->dist1);
    counts[0] = n0;
    counts[1] = 0;
    for (i = 0; i < n1; i++) {
        int c = order1[i];
        if (w->owner[c] == 1) {
            shared = 1;
            if (w->dist1[c] < w->dist0[c]) {
                w->owner[c] = 2;
                counts[0]--;
                counts[1]++;
            } else if (w->dist1[c] == w->dist0[c]) {
                w->owner[c] = 3;
                counts[0]--;
            }
        } else {
            w->owner[c] = 2;
            counts[1]++;
        }
    }
    return shared;
}

/* ------------------------------------------------------ chamber trees */

typedef struct chamber_ctx {
    const tron_board *b;
    tron_work *w;
    uint8_t mark;
    int root;
    int exits_top; /* exits waiting to be explored live in w->stack[0..exits_top) */
} chamber_ctx;

static int allowed(const chamber_ctx *c, int i) { return !c->b->cell[i] && c->w->owner[i] == c->mark; }

/* The cell beside v in direction k + 1 if it is the region's or the root,
 * for the articulation walker. */
static int region_neighbour(const void *ctx, int v, int k)
{
    const chamber_ctx *c = ctx;
    int u;
    u = v + c->b->delta[k + 1];
    return allowed(c, u) || u == c->root ? u : TRON_ART_OUT;
}

static void mark_articulation(void *ctx, int v, int parent, int at_root, int hangs)
{
    chamber_ctx *c = ctx;
    (void)v;
    if (hangs && !at_root)
        c->w->art[parent] = 1;
}

/* Tarjan's articulation points of the region, from the head as root. */
static void articulation(chamber_ctx *c, int root)
{
    const tron_board *b = c->b;
    tron_work *w = c->w;
    tron_art_scratch s = {.disc = w->disc, .low = w->low, .stack = w->stack, .next = w->stackdir};
    memset(w->disc, 0, (size_t)b->n * sizeof(uint32_t));
    memset(w->art, 0, (size_t)b->n);
    c->root = root;
    tron_art_walk(root, 0, &s, tron_art_four, region_neighbour, tron_art_enter_nothing, mark_articulation, c);
}

static int explore_cell(chamber_ctx *c, int a);

/* A chamber: the cells reachable from s without passing an articulation
 * point; its value is its parity bound from s plus its best child. */
static int chamber(chamber_ctx *c, int s)
{
    const tron_board *b = c->b;
    tron_work *w = c->w;
    int qh = 0, qt = 0, cnt[2] = {0, 0}, entry = b->colour[s], base = c->exits_top, top, i, best = 0;
    w->queue[qt++] = s;
    while (qh < qt) {
        int v = w->queue[qh++], d;
        cnt[b->colour[v]]++;
        for (d = 1; d <= 4; d++) {
            int u = v + b->delta[d];
            if (!allowed(c, u) || w->seen[u])
                continue;
            w->seen[u] = 1;
            if (w->art[u])
                w->stack[c->exits_top++] = u;
            else
                w->queue[qt++] = u;
        }
    }
    top = c->exits_top;
    for (i = base; i < top; i++) {
        int v = explore_cell(c, w->stack[i]);
        if (v > best)
            best = v;
    }
    c->exits_top = base;
    return tron_parity_fill(cnt[entry], cnt[1 - entry]) + best;
}

/* Entering at articulation cell a (already marked seen): corridors of
 * articulation cells are followed without recursion; where the way splits,
 * the best branch is taken. */
static int explore_cell(chamber_ctx *c, int a)
{
    const tron_board *b = c->b;
    tron_work *w = c->w;
    int len = 1, best = 0, d;
    for (;;) {
        int k = 0, next = -1;
        for (d = 1; d <= 4; d++) {
            int u = a + b->delta[d];
            if (allowed(c, u) && !w->seen[u]) {
                k++;
                next = u;
            }
        }
        if (k == 1 && w->art[next]) {
            w->seen[next] = 1;
            a = next;
            len++;
            continue;
        }
        break;
    }
    for (d = 1; d <= 4; d++) {
        int u = a + b->delta[d], v;
        if (!allowed(c, u) || w->seen[u])
            continue;
        w->seen[u] = 1;
        v = w->art[u] ? explore_cell(c, u) : chamber(c, u);
        if (v > best)
            best = v;
    }
    return len + best;
}

int ar_tron_chambers(const tron_board *b, tron_work *w, int p, uint8_t mark)
{
    chamber_ctx c;
    int root = b->head[p];
    c.b = b;
    c.w = w;
    c.mark = mark;
    c.exits_top = 0;
    articulation(&c, root);
    memset(w->seen, 0, (size_t)b->n);
    w->seen[root] = 1;
    /* The head is the root: the value of the best first step. */
    return explore_cell(&c, root) - 1;
}

int ar_tron_fill_estimate(const tron_board *b, tron_work *w, int p)
{
    int counts[2], n, i, entry = 1 - b->colour[b->head[p]], bound, est;
    n = ar_tron_reach(b, w, p, counts);
    if (n == 0)
        return 0;
    memset(w->owner, 0, (size_t)b->n);
    for (i = 0; i < n; i++)
        w->owner[w->queue[i]] = 4;
    bound = tron_parity_fill(counts[entry], counts[1 - entry]);
    est = ar_tron_chambers(b, w, p, 4);
    return est < bound ? est : bound;
}

/* ---------------------------------------------------------- evaluations */

/* Separated players: whoever fills longer wins, so the difference of the
 * fill estimates, with a bonus that makes a separated lead worth more than
 * the same lead in shared territory (it can no longer be contested). */
static int separated_score(const tron_board *b, tron_work *w, int p)
{
    int mine = ar_tron_fill_estimate(b, w, p), theirs = ar_tron_fill_estimate(b, w, 1 - p), diff = mine - theirs;
    return 10 * diff + (diff > 0 ? 200 : diff < 0 ? -200 : 0);
}

/* The same with each side's estimate also capped by the proven bound of
 * tron_filler.c (both over-estimate; the smaller is the closer), so a
 * separation that looks even but leaves one side a pocket it cannot use is
 * seen as lost: the territory fights of equal-looking regions are decided
 * by a cell or two. */
static int fill_tight(const tron_board *b, tron_work *w, int p)
{
    int est = ar_tron_fill_estimate(b, w, p), ub = ar_tron_fill_upper(b, w, p);
    return est < ub ? est : ub;
}

int ar_tron_separated_score_tight(const tron_board *b, tron_work *w, int p)
{
    int diff = fill_tight(b, w, p) - fill_tight(b, w, 1 - p);
    return 10 * diff + (diff > 0 ? 200 : diff < 0 ? -200 : 0);
}

int ar_tron_eval_voronoi(const tron_board *b, tron_work *w, int p)
{
    int counts[2];
    ar_tron_voronoi(b, w, counts);
    return 10 * (counts[p] - counts[1 - p]);
}

int ar_tron_eval_chambers_tight(const tron_board *b, tron_work *w, int p)
{
    int counts[2], mine, theirs;
    if (!ar_tron_voronoi(b, w, counts))
        return ar_tron_separated_score_tight(b, w, p);
    mine = ar_tron_chambers(b, w, p, (uint8_t)(1 + p));
    theirs = ar_tron_chambers(b, w, 1 - p, (uint8_t)(2 - p));
    return 10 * (mine - theirs);
}

int ar_tron_eval_chambers(const tron_board *b, tron_work *w, int p)
{
    int counts[2], mine, theirs;
    if (!ar_tron_voronoi(b, w, counts))
        return separated_score(b, w, p);
    mine = ar_tron_chambers(b, w, p, (uint8_t)(1 + p));
    theirs = ar_tron_chambers(b, w, 1 - p, (uint8_t)(2 - p));
    return 10 * (mine - theirs);
}

/* ------------------------------------------- tron.h helpers on positions */

int ar_tron_separated(const ar_variant *v, const void *pos)
{
    tron_board b;
    tron_work w;
    int r;
    ar_tron_board_init(&b, v);
    ar_tron_work_init(&w, b.n);
    ar_tron_board_load(&b, v, pos);
    r = ar_tron_board_separated(&b, &w);
    ar_tron_work_free(&w);
    ar_tron_board_free(&b);
    return r;
}

static int longest_rec(tron_board *b, int at, uint64_t *nodes, uint64_t max_nodes)
{
    int d, best = 0;
    if (++*nodes > max_nodes)
        return -1;
    for (d = 1; d <= 4; d++) {
        int t = at + b->delta[d], r;
        if (b->cell[t])
            continue;
        b->cell[t] = 1;
        r = longest_rec(b, t, nodes, max_nodes);
        b->cell[t] = 0;
        if (r < 0)
            return -1;
        if (r + 1 > best)
            best = r + 1;
    }
    return best;
}

int ar_tron_longest_path(const ar_variant *v, const void *pos, int p, uint64_t max_nodes)
{
    tron_board b;
    uint64_t nodes = 0;
    int r;
    const tron_pos *tp = pos;
    if (tp->crash[p])
        return 0;
    ar_tron_board_init(&b, v);
    ar_tron_board_load(&b, v, pos);
    r = longest_rec(&b, b.head[p], &nodes, max_nodes);
    ar_tron_board_free(&b);
    return r;
}
