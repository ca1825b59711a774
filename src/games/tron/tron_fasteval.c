/* tron_fasteval.c — chamber-ab's evaluation, the same values as
 * ar_tron_eval_chambers_tight (tron_eval.c) in about half the time.
 *
 * The search spends nearly all its time in the evaluation (perf: Voronoi
 * flood fills, Tarjan's articulation points and the chamber walk), and a
 * search twice as fast sees about a ply deeper, which is what decides the
 * games between two equal searches. The values must not change — the
 * chamber walk marks cells as seen across branches, so its result depends
 * on the order it visits cells in, and a different algorithm (a dynamic
 * programme over the block-cut tree, say) would give other numbers. So the
 * walk is the same, in the same order; what changes is the bookkeeping:
 *
 *  - One breadth-first search from both heads at once instead of one from
 *    each: the queue holds cells in order of their distance to the nearer
 *    head, and a cell's label is the set of heads at that distance (1, 2 or
 *    3 for a tie) — the union of the labels of its neighbours one level
 *    nearer. That is exactly the Voronoi split of two separate searches.
 *    The players share a cell (are not separated) exactly when some cell is
 *    tied or a cell of one touches a cell of the other.
 *  - No clearing of board-sized arrays per call: the labels are cleared
 *    through the list of cells the search reached, the depth-first numbers
 *    of Tarjan's search count up from where the last call stopped (a cell
 *    is visited in this call when its number is above the call's base),
 *    and the articulation and seen marks are generation stamps.
 *  - The territory test is one byte: a cell belongs to the region when its
 *    label is the player's (walls and trails are never labelled).
 *
 * Separated positions (each player's region is then its label's cells)
 * are scored as tron_eval.c does — fill estimates capped by the proven
 * bound of tron_filler.c — with the articulation search and the bound's
 * search done in one pass. tests/test_tron_eval.c checks the equality on positions
 * of random games on every official map. */
#include "tron_internal.h"
#include "tron_art.h"

#include <stdlib.h>
#include <string.h>

void ar_tron_fast_init(tron_fast *f, int n)
{
    size_t k = (size_t)n;
    f->n = n;
    f->lab = ar_xcalloc(k, 1);
    f->lvl = ar_xmalloc(k * sizeof(int));
    f->list = ar_xmalloc(k * sizeof(int));
    f->queue = ar_xmalloc(k * sizeof(int));
    f->disc = ar_xcalloc(k, sizeof(uint32_t));
    f->low = ar_xmalloc(k * sizeof(uint32_t));
    f->stack = ar_xmalloc((k + 1) * sizeof(int));
    f->own0 = ar_xmalloc(k * sizeof(int));
    f->own1 = ar_xmalloc(k * sizeof(int));
    f->hang = ar_xmalloc(k * sizeof(int));
    f->stackdir = ar_xmalloc((k + 1) * sizeof(int));
    f->art = ar_xcalloc(k, sizeof(uint32_t));
    f->seen = ar_xcalloc(k, sizeof(uint32_t));
    f->clock = 0;
    f->gen = 0;
}

void ar_tron_fast_free(tron_fast *f)
{
    free(f->lab);
    free(f->lvl);
    free(f->list);
    free(f->queue);
    free(f->disc);
    free(f->low);
    free(f->stack);
    free(f->own0);
    free(f->own1);
    free(f->hang);
    free(f->stackdir);
    free(f->art);
    free(f->seen);
    memset(f, 0, sizeof *f);
}

/* Labels every cell reachable from a head with the set of nearest heads
 * (bit p: player p); f->list[0..*count) are the labelled cells. Returns 1
 * when the players share a cell (some cell reachable by both). */
static int joint_bfs(const tron_board *b, tron_fast *f, int *count)
{
    uint8_t *lab = f->lab;
    int *lvl = f->lvl, *list = f->list;
    int qh = 0, qt = 0, shared = 0, q, d;
    for (q = 0; q < 2; q++)
        for (d = 1; d <= 4; d++) {
            int t = b->head[q] + b->delta[d];
            if (b->cell[t])
                continue;
            if (!lab[t]) {
                lab[t] = (uint8_t)(1 << q);
                lvl[t] = 1;
                list[qt++] = t;
            } else if (lab[t] != 1 << q) {
                lab[t] = 3; /* next to both heads */
                shared = 1;
            }
        }
    /* The board's pointer and offsets in locals: stores through the byte
     * array lab may alias anything, and would make the compiler reload
     * them from b for every neighbour. */
    const uint8_t *cell = b->cell;
    const int dl[4] = {b->delta[1], b->delta[2], b->delta[3], b->delta[4]};
    while (qh < qt) {
        int c = list[qh++], k = lvl[c] + 1;
        uint8_t m = lab[c];
        for (d = 0; d < 4; d++) {
            int u = c + dl[d];
            if (cell[u])
                continue;
            if (!lab[u]) {
                lab[u] = m;
                lvl[u] = k;
                list[qt++] = u;
            } else if ((lab[u] | m) == 3) {
                shared = 1;
                if (lvl[u] == k)
                    lab[u] = 3; /* as near to both */
            }
        }
    }
    *count = qt;
    return shared;
}

static void clear_labels(tron_fast *f, int count)
{
    int i;
    for (i = 0; i < count; i++)
        f->lab[f->list[i]] = 0;
}

/* ------------------------------------------------------ chamber trees */

typedef struct fast_ctx {
    const tron_board *b;
    tron_fast *f;
    uint8_t mark;
    uint32_t gen;
    int upper;     /* the proven bound (articulation with upper) */
    int dl[4];     /* the neighbour offsets N E S W */
    const uint8_t *lab; /* f->lab (one load less per neighbour) */
    int exits_top; /* exits waiting to be explored live in f->stack[0..exits_top) */
} fast_ctx;

/* The articulation walker's arguments (tron_art.h): the region is the
 * cells labelled `mark` (the root's label is set to it for the walk). */
static int fast_neighbour(const void *ctx, int v, int k)
{
    const fast_ctx *c = ctx;
    int u;
    u = v + c->dl[k];
    return c->lab[u] == c->mark ? u : TRON_ART_OUT;
}

static void leave_plain(void *ctx, int v, int pv, int at_root, int hangs)
{
    fast_ctx *c = ctx;
    (void)v;
    if (hangs && !at_root)
        c->f->art[pv] = c->gen;
}

static void enter_upper(void *ctx, int i)
{
    fast_ctx *c = ctx;
    c->f->own0[i] = c->b->colour[i] == 0;
    c->f->own1[i] = c->b->colour[i] == 1;
    c->f->hang[i] = 0;
}

static void leave_upper(void *ctx, int v, int pv, int at_root, int hangs)
{
    fast_ctx *c = ctx;
    leave_plain(ctx, v, pv, at_root, hangs);
    tron_upper_leave(c->b->colour[v], c->f->own0, c->f->own1, c->f->hang, &c->upper, v, pv, at_root, hangs);
}

/* Tarjan's articulation points of the region, from the head as root, as in
 * tron_eval.c's articulation(); disc numbers above the clock belong to this
 * call. With upper (separated positions, where the region is everything
 * the head reaches) the same search also computes ar_tron_fill_upper's
 * proven bound (the same walker with the same sums, tron_art.h). */
static void articulation(fast_ctx *c, int root, int *upper)
{
    tron_fast *f = c->f;
    tron_art_scratch s = {.disc = f->disc, .low = f->low, .stack = f->stack, .next = f->stackdir};
    if (f->clock > UINT32_MAX - (uint32_t)f->n - 2) {
        memset(f->disc, 0, (size_t)f->n * sizeof(uint32_t));
        f->clock = 0;
    }
    f->lab[root] = c->mark;
    if (upper) {
        c->upper = 0;
        f->clock = tron_art_walk(root, f->clock, &s, tron_art_four, fast_neighbour, enter_upper, leave_upper, c);
        *upper = c->upper;
    } else {
        f->clock = tron_art_walk(root, f->clock, &s, tron_art_four, fast_neighbour, tron_art_enter_nothing, leave_plain,
                                 c);
    }
    f->lab[root] = 0;
}

static int explore_cell(fast_ctx *c, int a);

/* tron_eval.c's chamber(): the cells reachable from s without passing an
 * articulation point, valued by parity, plus the best child. */
static int chamber(fast_ctx *c, int s)
{
    const tron_board *b = c->b;
    tron_fast *f = c->f;
    const uint8_t *lab = f->lab, *colour = b->colour, mark = c->mark;
    const uint32_t *art = f->art, gen = c->gen;
    uint32_t *seen = f->seen;
    int *queue = f->queue, *exits = f->stack;
    const int dl[4] = {b->delta[1], b->delta[2], b->delta[3], b->delta[4]};
    int qh = 0, qt = 0, cnt[2] = {0, 0}, entry = colour[s], base = c->exits_top, top = base, i, best = 0;
    queue[qt++] = s;
    while (qh < qt) {
        int v = queue[qh++], d;
        cnt[colour[v]]++;
        for (d = 0; d < 4; d++) {
            int u = v + dl[d];
            if (lab[u] != mark || seen[u] == gen)
                continue;
            seen[u] = gen;
            if (art[u] == gen)
                exits[top++] = u;
            else
                queue[qt++] = u;
        }
    }
    c->exits_top = top;
    for (i = base; i < top; i++) {
        int v = explore_cell(c, exits[i]);
        if (v > best)
            best = v;
    }
    c->exits_top = base;
    return tron_parity_fill(cnt[entry], cnt[1 - entry]) + best;
}

/* tron_eval.c's explore_cell(): corridors of articulation cells followed
 * without recursion, the best branch where the way splits. */
static int explore_cell(fast_ctx *c, int a)
{
    const tron_board *b = c->b;
    tron_fast *f = c->f;
    const uint8_t *lab = f->lab, mark = c->mark;
    const uint32_t *art = f->art, gen = c->gen;
    uint32_t *seen = f->seen;
    const int dl[4] = {b->delta[1], b->delta[2], b->delta[3], b->delta[4]};
    int len = 1, best = 0, d;
    for (;;) {
        int k = 0, next = -1;
        for (d = 0; d < 4; d++) {
            int u = a + dl[d];
            if (lab[u] == mark && seen[u] != gen) {
                k++;
                next = u;
            }
        }
        if (k == 1 && art[next] == gen) {
            seen[next] = gen;
            a = next;
            len++;
            continue;
        }
        break;
    }
    for (d = 0; d < 4; d++) {
        int u = a + dl[d], v;
        if (lab[u] != mark || seen[u] == gen)
            continue;
        seen[u] = gen;
        v = art[u] == gen ? explore_cell(c, u) : chamber(c, u);
        if (v > best)
            best = v;
    }
    return len + best;
}

/* ar_tron_chambers over the cells labelled `mark`; with upper, also
 * ar_tron_fill_upper (separated positions only). */
static int chambers(const tron_board *b, tron_fast *f, int p, uint8_t mark, int *upper)
{
    fast_ctx c;
    int root = b->head[p];
    if (f->gen == UINT32_MAX) {
        memset(f->art, 0, (size_t)f->n * sizeof(uint32_t));
        memset(f->seen, 0, (size_t)f->n * sizeof(uint32_t));
        f->gen = 0;
    }
    c.b = b;
    c.f = f;
    c.mark = mark;
    c.gen = ++f->gen;
    c.exits_top = 0;
    c.dl[0] = b->delta[1];
    c.dl[1] = b->delta[2];
    c.dl[2] = b->delta[3];
    c.dl[3] = b->delta[4];
    c.lab = f->lab;
    articulation(&c, root, upper);
    f->seen[root] = c.gen;
    return explore_cell(&c, root) - 1;
}

/* tron_eval.c's fill_tight for player p of a separated position: the fill
 * estimate (chamber tree capped by the parity bound of the region) capped
 * by the proven bound. The region is the cells labelled p's alone. */
static int fill_tight(const tron_board *b, tron_fast *f, int p, int count)
{
    int cnt[2] = {0, 0}, i, n = 0, entry = 1 - b->colour[b->head[p]], bound, est, upper;
    uint8_t mark = (uint8_t)(1 + p);
    for (i = 0; i < count; i++) {
        int c = f->list[i];
        if (f->lab[c] == mark) {
            cnt[b->colour[c]]++;
            n++;
        }
    }
    if (n == 0)
        return 0;
    bound = tron_parity_fill(cnt[entry], cnt[1 - entry]);
    est = chambers(b, f, p, mark, &upper);
    if (bound < est)
        est = bound;
    return est < upper ? est : upper;
}

int ar_tron_eval_chambers_fast(const tron_board *b, tron_work *w, int p)
{
    tron_fast *f = &w->fast;
    int count, mine, theirs, diff;
    if (!joint_bfs(b, f, &count)) {
        /* ar_tron_separated_score_tight */
        diff = fill_tight(b, f, p, count) - fill_tight(b, f, 1 - p, count);
        clear_labels(f, count);
        return 10 * diff + (diff > 0 ? 200 : diff < 0 ? -200 : 0);
    }
    mine = chambers(b, f, p, (uint8_t)(1 + p), NULL);
    theirs = chambers(b, f, 1 - p, (uint8_t)(2 - p), NULL);
    clear_labels(f, count);
    return 10 * (mine - theirs);
}
