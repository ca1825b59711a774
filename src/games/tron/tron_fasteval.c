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
    f->parent = ar_xmalloc(k * sizeof(int));
    f->stack = ar_xmalloc((k + 1) * sizeof(int));
    f->own0 = ar_xmalloc(k * sizeof(int));
    f->own1 = ar_xmalloc(k * sizeof(int));
    f->hang = ar_xmalloc(k * sizeof(int));
    f->stackdir = ar_xmalloc(k + 1);
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
    free(f->parent);
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
    int exits_top; /* exits waiting to be explored live in f->stack[0..exits_top) */
} fast_ctx;

/* Tarjan's articulation points of the region, from the head as root, as in
 * tron_eval.c's articulation(); disc numbers above `base` belong to this
 * call. With upper (separated positions, where the region is everything
 * the head reaches) the same depth-first search also computes
 * ar_tron_fill_upper's proven bound: tron_filler.c's search visits the
 * same cells in the same order with the same low links (it leaves the
 * low link of a cell unchanged where a subtree hangs off it, and there the
 * minimum would not change it either), so one pass gives both. */
static void articulation(fast_ctx *c, int root, int *upper)
{
    const tron_board *b = c->b;
    tron_fast *f = c->f;
    const uint8_t *lab = f->lab, *colour = b->colour;
    const uint8_t mark = c->mark;
    uint32_t *disc = f->disc, *low = f->low, base, t, disc_root;
    int *parent = f->parent, *stack = f->stack, sp = 0;
    int *own0 = f->own0, *own1 = f->own1, *hang = f->hang, result = 0;
    uint8_t *stackdir = f->stackdir;
    uint32_t *art = f->art, gen = c->gen;
    const int dl[5] = {0, b->delta[1], b->delta[2], b->delta[3], b->delta[4]}; /* in locals: see joint_bfs */
    if (f->clock > UINT32_MAX - (uint32_t)f->n - 2) {
        memset(disc, 0, (size_t)f->n * sizeof(uint32_t));
        f->clock = 0;
    }
    base = t = f->clock;
    disc[root] = low[root] = disc_root = ++t;
    parent[root] = -1;
    stack[sp] = root;
    stackdir[sp] = 1;
    sp++;
    while (sp > 0) {
        /* Resume v's scan of its neighbours, with its low link in a
         * register, until it finds an unvisited child or has seen all four
         * (the root, never labelled, is recognised among the rest). */
        int v = stack[sp - 1], d = stackdir[sp - 1], pv = parent[v], child = -1;
        uint32_t lowv = low[v];
        while (d <= 4) {
            int u = v + dl[d++];
            if (lab[u] != mark) {
                if (u == root && pv != root && disc_root < lowv)
                    lowv = disc_root;
                continue;
            }
            if (disc[u] <= base) {
                child = u;
                break;
            }
            if (u != pv && disc[u] < lowv)
                lowv = disc[u];
        }
        low[v] = lowv;
        if (child >= 0) {
            stackdir[sp - 1] = (uint8_t)d;
            parent[child] = v;
            disc[child] = low[child] = ++t;
            if (upper) {
                own0[child] = colour[child] == 0;
                own1[child] = colour[child] == 1;
                hang[child] = 0;
            }
            stack[sp] = child;
            stackdir[sp] = 1;
            sp++;
            continue;
        }
        sp--;
        if (v != root) {
            int hangs = low[v] >= disc[pv];
            if (low[v] < low[pv])
                low[pv] = low[v];
            if (pv != root && hangs)
                art[pv] = gen;
            if (!upper)
                continue;
            if (pv == root || hangs) {
                /* v's subtree hangs off pv: entered at v's colour */
                int a = colour[v] ? own1[v] : own0[v], o = colour[v] ? own0[v] : own1[v];
                int value = tron_parity_fill(a, o) + hang[v];
                if (pv == root) {
                    if (value > result)
                        result = value;
                } else if (value > hang[pv]) {
                    hang[pv] = value;
                }
            } else {
                own0[pv] += own0[v];
                own1[pv] += own1[v];
                if (hang[v] > hang[pv])
                    hang[pv] = hang[v];
            }
        }
    }
    f->clock = t;
    if (upper)
        *upper = result;
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
