/* tron_biteval.c — chamber-ab's evaluation on bitboards: the values of
 * ar_tron_eval_chambers_tight (tron_eval.c) and of the byte-label code
 * that came before it (tron_fasteval.c), about three times as fast.
 *
 * The board's free cells are kept as one 64-bit word per row
 * (tron_board.bits, updated on every move of the search), and so is
 * everything the evaluation builds:
 *
 *  - The Voronoi split by whole rows at a time: each level of the joint
 *    breadth-first search from both heads is the two frontiers shifted one
 *    cell in each direction and masked by the free cells not yet reached,
 *    over the band of rows the frontiers occupy. A cell reached by both at
 *    the same level is nobody's (a tie), which is exactly the byte code's
 *    label 3, and it spreads to both frontiers as label 3 did. The players
 *    share a cell when some cell is tied or a cell of one touches a cell of
 *    the other.
 *    The two frontiers are the two lanes of one vector.
 *  - The articulation points by the holes around each cell, and once
 *    separated the proven bound of tron_filler.c on a graph of articulation
 *    points and chambers (tron_bitparts.c).
 *  - The chamber walk of tron_eval.c, whose value depends on the order it
 *    visits cells in (it marks cells seen across branches): each chamber is
 *    filled by whole rows, and when its exits could be explored in an order
 *    that matters the region is walked again cell by cell in the scalar
 *    code's order.
 *  - Colour counts by population counts of rows.
 *  - For a search's window, a value outside it settled by one chamber tree
 *    and a bound on the other (ar_tron_eval_chambers_window).
 *
 * Nothing board-sized is cleared per call: the bitsets are cleared over
 * the rows the search touched, and the depth-first numbers count on from
 * call to call. Grids wider than 64 cells (with the frame) have no
 * bitboard; there this falls back to tron_fasteval.c (the same values).
 * tests/test_tron_eval.c checks the three give equal values on thousands
 * of positions; `ariadne bench tron-eval` times them. */
#include "tron_bits.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void ar_tron_bits_init(tron_bits *t, int h)
{
    size_t rows = (size_t)h + 4, cells = 64 * rows;
    t->rows = (int)rows;
    t->lab = ar_xcalloc(rows, sizeof(tron_v2));
    t->f = ar_xcalloc(rows, sizeof(tron_v2));
    t->nf = ar_xcalloc(rows, sizeof(tron_v2));
    t->reached = ar_xcalloc(rows, sizeof(uint64_t));
    t->reg = ar_xcalloc(rows, sizeof(uint64_t));
    t->seen = ar_xcalloc(rows, sizeof(uint64_t));
    t->art = ar_xcalloc(rows, sizeof(uint64_t));
    t->cham = ar_xcalloc(rows, sizeof(uint64_t));
    t->row_first = ar_xmalloc(rows * sizeof(int));
    t->run_parent = ar_xmalloc(rows * 34 * sizeof(int));
    t->run_start = ar_xmalloc(rows * 34);
    t->run_end = ar_xmalloc(rows * 34);
    t->exit_open = ar_xmalloc(cells * sizeof(unsigned));
    t->disc = ar_xcalloc(cells, sizeof(uint32_t));
    t->low = ar_xmalloc(cells * sizeof(uint32_t));
    t->stack = ar_xmalloc((cells + 1) * sizeof(int));
    t->next = ar_xmalloc((cells + 1) * sizeof(int));
    t->node_of = ar_xmalloc(cells * sizeof(int));
    t->g_cell = ar_xmalloc(cells * sizeof(int));
    t->g_count = ar_xmalloc(2 * cells * sizeof(int));
    t->g_start = ar_xmalloc((cells + 1) * sizeof(int));
    t->g_fill = ar_xcalloc(cells, sizeof(int));
    t->g_eu = ar_xmalloc(8 * cells * sizeof(int));
    t->g_ev = ar_xmalloc(8 * cells * sizeof(int));
    t->g_adj = ar_xmalloc(8 * cells * sizeof(int));
    t->queue = ar_xmalloc(cells * sizeof(int));
    t->exits = ar_xmalloc(cells * sizeof(int));
    t->own0 = ar_xmalloc(cells * sizeof(int));
    t->own1 = ar_xmalloc(cells * sizeof(int));
    t->hang = ar_xmalloc(cells * sizeof(int));
    t->clock = 0;
}

void ar_tron_bits_free(tron_bits *t)
{
    free(t->lab);
    free(t->f);
    free(t->nf);
    free(t->reached);
    free(t->reg);
    free(t->seen);
    free(t->art);
    free(t->cham);
    free(t->row_first);
    free(t->run_parent);
    free(t->run_start);
    free(t->run_end);
    free(t->exit_open);
    free(t->disc);
    free(t->low);
    free(t->stack);
    free(t->next);
    free(t->node_of);
    free(t->g_cell);
    free(t->g_count);
    free(t->g_start);
    free(t->g_fill);
    free(t->g_eu);
    free(t->g_ev);
    free(t->g_adj);
    free(t->queue);
    free(t->exits);
    free(t->own0);
    free(t->own1);
    free(t->hang);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------- Voronoi */

/* The joint breadth-first search from both heads (bit indices j0, j1):
 * t->lab[k][0] gets every cell of row k whose nearest heads include player
 * 0's (alone or tied), [1] player 1's, t->reached their union; *lo..*hi
 * are the rows holding them (and the heads). Returns 1 when the players
 * share a cell. Both frontiers move together as the two lanes of one
 * vector (the compiler's vector extension: SSE2 or NEON). */
static int voronoi(const uint64_t *free_rows, tron_bits *t, int j0, int j1, int *band_lo, int *band_hi)
{
    tron_v2 *lab = t->lab, *f = t->f, *nf = t->nf, *swap, zero = {0, 0};
    uint64_t *reached = t->reached, tied = 0;
    int k0 = j0 >> 6, k1 = j1 >> 6, lo = k0 < k1 ? k0 : k1, hi = k0 < k1 ? k1 : k0, k;
    int alo = lo, ahi = hi;
    f[k0][0] |= BIT(j0);
    f[k1][1] |= BIT(j1);
    for (;;) {
        /* One level: rows lo-1..hi+1 can gain cells (the guard rows keep
         * k - 1 and k + 1 inside the arrays; they have no free cells). A
         * frontier row is cleared once the rows beside it are done. */
        int from = lo > 1 ? lo - 1 : 1, to = hi < t->rows - 2 ? hi + 1 : t->rows - 2, nlo = -1, nhi = -1;
        for (k = from; k <= to; k++) {
            tron_v2 cur = f[k], x = (f[k - 1] | f[k + 1] | cur << 1 | cur >> 1) & (free_rows[k] & ~reached[k]);
            uint64_t any = x[0] | x[1];
            f[k - 1] = zero;
            nf[k] = x;
            if (any) {
                lab[k] |= x;
                reached[k] |= any;
                tied |= x[0] & x[1]; /* reached by both at this level */
                if (nlo < 0)
                    nlo = k;
                nhi = k;
            }
        }
        f[to] = zero;
        swap = f, f = nf, nf = swap;
        if (nlo < 0)
            break;
        lo = nlo;
        hi = nhi;
        if (lo < alo)
            alo = lo;
        if (hi > ahi)
            ahi = hi;
    }
    /* The frontier buffers are all zero again; they may have swapped. */
    t->f = f;
    t->nf = nf;
    *band_lo = alo;
    *band_hi = ahi;
    if (tied)
        return 1;
    for (k = alo; k <= ahi; k++) {
        uint64_t a = lab[k][0];
        if ((a << 1 | a >> 1 | lab[k - 1][0] | lab[k + 1][0]) & lab[k][1])
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------ chamber trees */

typedef struct bit_ctx {
    tron_bits *t;
    int root, upper;
    int lo, hi;    /* the rows of the region */
    int exact;     /* chambers by the scalar search, in its order */
    int conflict;  /* two exits of a chamber reached the same cells: walk again, exactly */
    int exits_top; /* exits waiting to be explored live in t->exits[0..exits_top) */
} bit_ctx;

/* In the region and not yet seen by the chamber walk. */
static inline int open_cell(const tron_bits *t, int j)
{
    return (int)((t->reg[j >> 6] & ~t->seen[j >> 6]) >> (j & 63) & 1u);
}
static inline void see(tron_bits *t, int j) { t->seen[j >> 6] |= BIT(j); }

/* The open neighbours of j as bits 0..3 (N E S W). */
static inline unsigned open_mask(const tron_bits *t, int j)
{
    return (unsigned)open_cell(t, j - 64) | (unsigned)open_cell(t, j + 1) << 1 | (unsigned)open_cell(t, j + 64) << 2 |
           (unsigned)open_cell(t, j - 1) << 3;
}


static int explore_cell(bit_ctx *c, int a);

/* tron_eval.c's chamber() by the scalar breadth-first search, whose order
 * decides the order of the exits. */
static int chamber_exact(bit_ctx *c, int s)
{
    tron_bits *t = c->t;
    int *queue = t->queue, *exits = t->exits;
    int qh = 0, qt = 0, cnt[2] = {0, 0}, entry = colour_of(s), base = c->exits_top, top = base, i, best = 0;
    queue[qt++] = s;
    while (qh < qt) {
        int v = queue[qh++], d;
        cnt[colour_of(v)]++;
        for (d = 0; d < 4; d++) {
            int u = v + bit_dl[d];
            if (!open_cell(t, u))
                continue;
            see(t, u);
            if (is_art(t, u))
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

/* The same by rows: the chamber is the flood fill of s through the open
 * cells that are not articulation points, its exits the open articulation
 * points beside it. Its value does not depend on the order the exits are
 * explored in unless two of them lead into the same cells (each
 * exploration takes every open cell it can reach, so the first would take
 * what the other would find): exploring them in any order, that shows as
 * an exit whose open neighbours were taken before its turn, and then the
 * walk is done again exactly (c->conflict). */
static int chamber(bit_ctx *c, int s)
{
    tron_bits *t = c->t;
    uint64_t *ch = t->cham, *reg = t->reg, *seen = t->seen, *art = t->art;
    int *exits = t->exits;
    unsigned *masks = t->exit_open;
    int lo, hi, k, cnt[2] = {0, 0}, entry = colour_of(s), base = c->exits_top, top = base, i, best = 0;
    seen[s >> 6] &= ~BIT(s); /* the caller saw it; it is the chamber's first cell */
    ar_tron_bits_flood(t, s, c->lo, c->hi, &lo, &hi);
    /* Counts, exits (seen, as the scalar search marks them) and the
     * chamber's cells seen. */
    for (k = lo - 1; k <= hi + 1; k++) {
        uint64_t x, cur = k >= lo && k <= hi ? ch[k] : 0;
        uint64_t near = (k > lo ? ch[k - 1] : 0) | (k < hi ? ch[k + 1] : 0) | cur << 1 | cur >> 1;
        x = near & reg[k] & art[k] & ~seen[k];
        if (cur) {
            uint64_t even = k & 1 ? 0xAAAAAAAAAAAAAAAAull : 0x5555555555555555ull;
            cnt[0] += popcount64(cur & even);
            cnt[1] += popcount64(cur & ~even);
        }
        seen[k] |= cur | x;
        while (x) {
            exits[top++] = 64 * k + __builtin_ctzll(x);
            x &= x - 1;
        }
    }
    for (k = lo; k <= hi; k++)
        ch[k] = 0;
    if (top - base > 1)
        for (i = base; i < top; i++)
            masks[i] = open_mask(t, exits[i]);
    c->exits_top = top;
    for (i = base; i < top; i++) {
        int v;
        if (top - base > 1 && open_mask(t, exits[i]) != masks[i]) {
            c->conflict = 1;
            break;
        }
        v = explore_cell(c, exits[i]);
        if (c->conflict)
            break;
        if (v > best)
            best = v;
    }
    c->exits_top = base;
    return tron_parity_fill(cnt[entry], cnt[1 - entry]) + best;
}

/* tron_eval.c's explore_cell(): corridors of articulation cells followed
 * without recursion, the best branch where the way splits. */
static int explore_cell(bit_ctx *c, int a)
{
    tron_bits *t = c->t;
    int len = 1, best = 0, d;
    for (;;) {
        int k = 0, next = -1;
        for (d = 0; d < 4; d++) {
            int u = a + bit_dl[d];
            if (open_cell(t, u)) {
                k++;
                next = u;
            }
        }
        if (k == 1 && is_art(t, next)) {
            see(t, next);
            a = next;
            len++;
            continue;
        }
        break;
    }
    for (d = 0; d < 4; d++) {
        int u = a + bit_dl[d], v;
        if (!open_cell(t, u))
            continue;
        see(t, u);
        v = is_art(t, u) ? explore_cell(c, u) : c->exact ? chamber_exact(c, u) : chamber(c, u);
        if (c->conflict)
            return 0;
        if (v > best)
            best = v;
    }
    return len + best;
}

/* The chamber tree of the region in t->reg (rows lo..hi; the root's bit
 * set too) from root; with upper, also ar_tron_fill_upper's bound. Clears
 * the region, art and seen rows on return. */
static int chambers(tron_bits *t, int root, int lo, int hi, int *upper)
{
    bit_ctx c;
    int k, value;
    if (t->clock > UINT32_MAX - 64 * (uint32_t)t->rows - 2) {
        memset(t->disc, 0, 64 * (size_t)t->rows * sizeof(uint32_t));
        t->clock = 0;
    }
    c.t = t;
    c.root = root;
    c.upper = 0;
    c.lo = lo;
    c.hi = hi;
    c.exact = 0;
    c.conflict = 0;
    c.exits_top = 0;
    ar_tron_bits_articulation(t, root, lo, hi);
    if (upper)
        *upper = ar_tron_bits_upper(t, root, lo, hi);
    see(t, root);
    value = explore_cell(&c, root) - 1;
    if (c.conflict) {
        t->conflicts++;
        for (k = lo; k <= hi; k++)
            t->seen[k] = 0;
        c.exact = 1;
        c.conflict = 0;
        c.exits_top = 0;
        see(t, root);
        value = explore_cell(&c, root) - 1;
    }
    for (k = lo; k <= hi; k++)
        t->reg[k] = t->seen[k] = t->art[k] = 0;
    return value;
}

/* Player q's region: the cells whose only nearest head is q's, and q's head. */
static void load_region(tron_bits *t, int q, int root, int lo, int hi)
{
    int k;
    for (k = lo; k <= hi; k++)
        t->reg[k] = t->lab[k][q] & ~t->lab[k][1 - q];
    t->reg[root >> 6] |= BIT(root);
}

/* tron_eval.c's fill_tight for player q of a separated position (its
 * region is its label's cells): the fill estimate (chamber tree capped by
 * the region's parity bound) capped by the proven bound. */
/* The parity bound of q's region in a separated position (0 when empty). */
static int region_bound(const tron_bits *t, int q, int root, int lo, int hi)
{
    int cnt[2] = {0, 0}, k, entry = 1 - colour_of(root);
    for (k = lo; k <= hi; k++) {
        uint64_t even = k & 1 ? 0xAAAAAAAAAAAAAAAAull : 0x5555555555555555ull; /* (row + column) even */
        cnt[0] += popcount64(t->lab[k][q] & even);
        cnt[1] += popcount64(t->lab[k][q] & ~even);
    }
    return tron_parity_fill(cnt[entry], cnt[1 - entry]);
}

static int fill_tight(tron_bits *t, int q, int root, int lo, int hi, int bound)
{
    int est, upper;
    if (bound == 0)
        return 0;
    load_region(t, q, root, lo, hi);
    est = chambers(t, root, lo, hi, &upper);
    if (bound < est)
        est = bound;
    return est < upper ? est : upper;
}

/* A separated position's score from the difference of the fills: a lead
 * counts 20 cells more (it can no longer be contested). Increasing. */
static int separated_score(int diff) { return 10 * diff + (diff > 0 ? 200 : diff < 0 ? -200 : 0); }

/* The cells of q's region (after voronoi). */
static int region_size(const tron_bits *t, int q, int lo, int hi)
{
    int k, n = 0;
    for (k = lo; k <= hi; k++)
        n += popcount64(t->lab[k][q] & ~t->lab[k][1 - q]);
    return n;
}

int ar_tron_eval_chambers_window(const tron_board *b, tron_work *w, int p, int lo_value, int hi_value)
{
    tron_bits *t = &w->bits;
    int j[2], lo, hi, k, value;
    if (!b->bits)
        return ar_tron_eval_chambers_fast(b, w, p);
    if (t->rows != b->h + 4) {
        if (t->rows)
            ar_tron_bits_free(t);
        ar_tron_bits_init(t, b->h);
    }
    t->width = b->w;
    j[0] = b->bitpos[b->head[0]];
    j[1] = b->bitpos[b->head[1]];
    if (!voronoi(b->bits, t, j[0], j[1], &lo, &hi)) {
        /* each fill is at most its region's parity bound, so one fill and
         * the other bound bound the score, as in contact below */
        int bound_mine = region_bound(t, p, j[p], lo, hi), bound_theirs = region_bound(t, 1 - p, j[1 - p], lo, hi);
        int windowed = lo_value > -INT_MAX || hi_value < INT_MAX, mine, theirs;
        if (windowed && separated_score(bound_mine - bound_theirs) <= lo_value) {
            theirs = fill_tight(t, 1 - p, j[1 - p], lo, hi, bound_theirs);
            value = separated_score(bound_mine - theirs);
            if (value > lo_value)
                value = separated_score(fill_tight(t, p, j[p], lo, hi, bound_mine) - theirs);
            else
                t->lazy++;
        } else {
            mine = fill_tight(t, p, j[p], lo, hi, bound_mine);
            value = separated_score(mine - bound_theirs);
            if (!windowed || value < hi_value)
                value = separated_score(mine - fill_tight(t, 1 - p, j[1 - p], lo, hi, bound_theirs));
            else
                t->lazy++;
        }
    } else if (lo_value > -INT_MAX || hi_value < INT_MAX) {
        /* Each chamber tree is at most its region's cells, so one tree and
         * the other region's size bound the value: when the Voronoi count
         * says the value is below the window, the opponent's tree first
         * (the value is at most 10 (my cells - theirs)); above it, ours
         * first (at least 10 (mine - their cells)). */
        int mine_cells = region_size(t, p, lo, hi), their_cells = region_size(t, 1 - p, lo, hi);
        int guess = 10 * (mine_cells - their_cells), mine, theirs;
        if (guess <= lo_value) {
            load_region(t, 1 - p, j[1 - p], lo, hi);
            theirs = chambers(t, j[1 - p], lo, hi, NULL);
            value = 10 * (mine_cells - theirs);
            if (value > lo_value) {
                load_region(t, p, j[p], lo, hi);
                value = 10 * (chambers(t, j[p], lo, hi, NULL) - theirs);
            } else {
                t->lazy++;
            }
        } else {
            load_region(t, p, j[p], lo, hi);
            mine = chambers(t, j[p], lo, hi, NULL);
            value = 10 * (mine - their_cells);
            if (value < hi_value) {
                load_region(t, 1 - p, j[1 - p], lo, hi);
                value = 10 * (mine - chambers(t, j[1 - p], lo, hi, NULL));
            } else {
                t->lazy++;
            }
        }
    } else {
        int mine, theirs;
        load_region(t, p, j[p], lo, hi);
        mine = chambers(t, j[p], lo, hi, NULL);
        load_region(t, 1 - p, j[1 - p], lo, hi);
        theirs = chambers(t, j[1 - p], lo, hi, NULL);
        value = 10 * (mine - theirs);
    }
    for (k = lo; k <= hi; k++) {
        t->lab[k][0] = t->lab[k][1] = 0;
        t->reached[k] = 0;
    }
    return value;
}

int ar_tron_eval_chambers_bits(const tron_board *b, tron_work *w, int p)
{
    return ar_tron_eval_chambers_window(b, w, p, -INT_MAX, INT_MAX);
}
