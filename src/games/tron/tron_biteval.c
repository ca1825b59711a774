/* tron_biteval.c — chamber-ab's evaluation on bitboards: the values of
 * ar_tron_eval_chambers_tight (tron_eval.c) and of the byte-label code
 * that came before it (tron_fasteval.c), several times as fast.
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
 *  - The articulation points by the one walker of tron_art.h, its
 *    membership test a bit test; once separated the same walk also gives
 *    the proven bound of tron_filler.c.
 *  - The chamber walk of tron_eval.c, cell for cell in the same order (its
 *    value depends on the order: it marks cells seen across branches), over
 *    the region, articulation and seen bitsets.
 *  - Colour counts of a separated region by population counts of its rows.
 *
 * Nothing board-sized is cleared per call: the bitsets are cleared over
 * the rows the search touched, and the depth-first numbers count on from
 * call to call. Grids wider than 64 cells (with the frame) have no
 * bitboard; there this falls back to tron_fasteval.c (the same values).
 * tests/test_tron_eval.c checks the three give equal values on thousands
 * of positions; `ariadne bench tron-eval` times them. */
#include "tron_internal.h"
#include "tron_art.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define BIT(j) ((uint64_t)1 << ((j) & 63))

/* The bits set in x, inline (the compiler's builtin is a library call on
 * x86-64 without the popcnt instruction, which a portable build cannot
 * assume). */
static inline int popcount64(uint64_t x)
{
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

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

static inline int colour_of(int j) { return (j ^ j >> 6) & 1; }
static inline int in_reg(const tron_bits *t, int j) { return (int)(t->reg[j >> 6] >> (j & 63) & 1u); }
static inline int is_art(const tron_bits *t, int j) { return (int)(t->art[j >> 6] >> (j & 63) & 1u); }
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

/* ------------------------------------------- articulation points by faces
 *
 * A cell v of a connected region of the grid (4-neighbours) is an
 * articulation point exactly when two of the gaps around it belong to the
 * same hole. Around v, its region neighbours form groups: two neighbours
 * at a right angle are joined when the diagonal cell between them is in
 * the region too (the four cells make a square). Between two groups lies
 * a gap, cells outside the region; the cells outside the region fall into
 * pieces connected through their 8 neighbours (the holes; everything off
 * the region's rows is one, the outside). If two gaps of v lie in one hole,
 * a closed line runs from v through that hole back to v with groups of v
 * on both sides, and no path of the region crosses it: v cuts the region.
 * If all of v's gaps lie in different holes, each face around v touches it
 * once, and v cuts nothing (in a plane graph, a vertex is a cut vertex
 * exactly when some face touches it twice). A cell with one group is
 * never an articulation point, and most cells have one; the holes are
 * labelled by runs of each row joined with a union-find.
 *
 * The result is the same set as Tarjan's search finds (the set does not
 * depend on how it is found); tests/test_tron_eval.c compares the two. */

static int run_find(int *parent, int i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static void run_union(int *parent, int i, int j)
{
    i = run_find(parent, i);
    j = run_find(parent, j);
    if (i != j)
        parent[i < j ? j : i] = i < j ? i : j; /* the outside (0) stays a root */
}

/* The run of row k holding column c of the holes (0, the outside, for rows
 * outside lo..hi). */
static inline int run_at(const tron_bits *t, int lo, int hi, int k, int c)
{
    int i;
    if (k < lo || k > hi)
        return 0;
    for (i = t->row_first[k]; t->run_end[i] < c; i++)
        ;
    return i;
}

static void art_by_faces(tron_bits *t, int root, int lo, int hi, int width)
{
    const uint64_t *reg = t->reg, wmask = width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
    int *parent = t->run_parent, n = 1, prev_first = 0, prev_end = 1, k;
    uint8_t *rs = t->run_start, *re = t->run_end;
    /* run 0: the outside, standing for the whole row lo - 1 */
    parent[0] = 0;
    rs[0] = 0;
    re[0] = (uint8_t)(width - 1);
    for (k = lo; k <= hi; k++) {
        uint64_t holes = ~reg[k] & wmask, starts = holes & ~(holes << 1), ends = holes & ~(holes >> 1);
        int p = prev_first, first = n;
        t->row_first[k] = n;
        while (starts) {
            int a = __builtin_ctzll(starts), b = __builtin_ctzll(ends), q;
            starts &= starts - 1;
            ends &= ends - 1;
            parent[n] = n;
            rs[n] = (uint8_t)a;
            re[n] = (uint8_t)b;
            /* join the runs of the row above that touch it, diagonals too */
            while (p < prev_end && re[p] + 1 < a)
                p++;
            for (q = p; q < prev_end && rs[q] <= b + 1; q++)
                run_union(parent, n, q);
            n++;
        }
        prev_first = first;
        prev_end = n;
    }
    for (k = prev_first; k < prev_end; k++) /* row hi + 1 is outside */
        run_union(parent, k, 0);
    for (k = lo; k <= hi; k++) {
        uint64_t g = reg[k], up = reg[k - 1], dn = reg[k + 1];
        uint64_t nN = up, nS = dn, nE = g >> 1, nW = g << 1;
        uint64_t endN = nN & ~(nE & up >> 1), endE = nE & ~(nS & dn >> 1), endS = nS & ~(nW & dn << 1),
                 endW = nW & ~(nN & up << 1);
        uint64_t cand = g & ((endN & endE) | (endS & endW) | ((endN | endE) & (endS | endW)));
        if (k == root >> 6)
            cand &= ~BIT(root);
        while (cand) {
            int c = __builtin_ctzll(cand), lab[4], m = 0, i, j, cut = 0;
            cand &= cand - 1;
            /* each group's end, then the hole that follows it clockwise */
            if (endN >> c & 1)
                lab[m++] = up >> (c + 1) & 1 ? run_at(t, lo, hi, k, c + 1) : run_at(t, lo, hi, k - 1, c + 1);
            if (endE >> c & 1)
                lab[m++] = dn >> (c + 1) & 1 ? run_at(t, lo, hi, k + 1, c) : run_at(t, lo, hi, k + 1, c + 1);
            if (endS >> c & 1)
                lab[m++] = dn >> (c - 1) & 1 ? run_at(t, lo, hi, k, c - 1) : run_at(t, lo, hi, k + 1, c - 1);
            if (endW >> c & 1)
                lab[m++] = up >> (c - 1) & 1 ? run_at(t, lo, hi, k - 1, c) : run_at(t, lo, hi, k - 1, c - 1);
            for (i = 0; i < m; i++)
                lab[i] = run_find(parent, lab[i]);
            for (i = 0; i < m && !cut; i++)
                for (j = i + 1; j < m; j++)
                    if (lab[i] == lab[j]) {
                        cut = 1;
                        break;
                    }
            if (cut)
                t->art[k] |= BIT(c);
        }
    }
}

static const int bit_dl[4] = {-64, 1, 64, -1}; /* N E S W, as tron_delta */

/* The cells of mask m in the runs (of consecutive bits of m) that hold a
 * bit of s (s within m): the fill of a row from its seeds. Upward by the
 * carry of an addition (bit 63 is never in m: the frame), downward by
 * doubling shifts (runs are shorter than 64). */
static inline uint64_t row_fill(uint64_t s, uint64_t m)
{
    uint64_t up = (((m + s) ^ m) & m) | s, g = up, p = m;
    g |= p & g >> 1;
    p &= p >> 1;
    g |= p & g >> 2;
    p &= p >> 2;
    g |= p & g >> 4;
    p &= p >> 4;
    g |= p & g >> 8;
    p &= p >> 8;
    g |= p & g >> 16;
    p &= p >> 16;
    return g | (p & g >> 32);
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
/* The flood fill of cell s through the region's cells that are neither
 * seen nor articulation points (s among them), into t->cham rows
 * *plo..*phi: whole rows at a time, sweeping down and up (rows lo..hi of
 * the region) until nothing changes. */
static void flood(tron_bits *t, int s, int lo, int hi, int *plo, int *phi)
{
    uint64_t *ch = t->cham, *reg = t->reg, *seen = t->seen, *art = t->art;
    int ks = s >> 6, clo = ks, chi = ks, k, changed;
    ch[ks] = row_fill(BIT(s), reg[ks] & ~seen[ks] & ~art[ks]);
    do {
        changed = 0;
        for (k = clo + 1; k <= hi; k++) {
            uint64_t open = reg[k] & ~seen[k] & ~art[k], grow = ch[k - 1] & open & ~ch[k];
            if (!grow) {
                if (k > chi)
                    break;
                continue;
            }
            ch[k] = row_fill(ch[k] | grow, open);
            changed = 1;
            if (k > chi)
                chi = k;
        }
        for (k = chi - 1; k >= lo; k--) {
            uint64_t open = reg[k] & ~seen[k] & ~art[k], grow = ch[k + 1] & open & ~ch[k];
            if (!grow) {
                if (k < clo)
                    break;
                continue;
            }
            ch[k] = row_fill(ch[k] | grow, open);
            changed = 1;
            if (k < clo)
                clo = k;
        }
    } while (changed && clo != chi);
    *plo = clo;
    *phi = chi;
}

static int chamber(bit_ctx *c, int s)
{
    tron_bits *t = c->t;
    uint64_t *ch = t->cham, *reg = t->reg, *seen = t->seen, *art = t->art;
    int *exits = t->exits;
    unsigned *masks = t->exit_open;
    int lo, hi, k, cnt[2] = {0, 0}, entry = colour_of(s), base = c->exits_top, top = base, i, best = 0;
    seen[s >> 6] &= ~BIT(s); /* the caller saw it; it is the chamber's first cell */
    flood(t, s, c->lo, c->hi, &lo, &hi);
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

/* ----------------------------------------------- the proven bound, by chambers
 *
 * ar_tron_fill_upper's bound (tron_filler.c) is a sum over the parts that
 * hang off articulation points, which Tarjan's search finds. Here the
 * search runs on a smaller graph with the same articulation points and the
 * same parts: each chamber (connected cells that are not articulation
 * points) is one node carrying its cells' colour counts, joined to the
 * articulation points and the root beside it, and those are joined to each
 * other as on the grid. Removing an articulation point leaves the same
 * pieces in both graphs (a chamber lies in one piece), so the search finds
 * the same hanging parts below it; a chamber node may seem to cut the
 * small graph (four cut cells at the corners of one room each join it by
 * two edges drawn as one), but no chamber cell cuts the region, so what
 * hangs below a chamber node is counted in the chamber's part. */

typedef struct graph_ctx {
    tron_bits *t;
    int cells;  /* nodes 0..cells-1 are cells (0 the root), the rest chambers */
    int result; /* the bound */
} graph_ctx;

static int graph_degree(const void *ctx, int v)
{
    const tron_bits *t = ((const graph_ctx *)ctx)->t;
    return t->g_start[v + 1] - t->g_start[v];
}

static int graph_neighbour(const void *ctx, int v, int k)
{
    const tron_bits *t = ((const graph_ctx *)ctx)->t;
    return t->g_adj[t->g_start[v] + k];
}

static void graph_enter(void *ctx, int v)
{
    tron_bits *t = ((graph_ctx *)ctx)->t;
    t->own0[v] = t->g_count[2 * v];
    t->own1[v] = t->g_count[2 * v + 1];
    t->hang[v] = 0;
}

static void graph_leave(void *ctx, int v, int pv, int at_root, int hangs)
{
    graph_ctx *g = ctx;
    tron_bits *t = g->t;
    /* a part is entered at the colour of the cells beside its attaching
     * cell (a chamber's parent is always a cell) */
    int colour_v = 1 - colour_of(t->g_cell[pv]);
    tron_upper_leave(colour_v, t->own0, t->own1, t->hang, &g->result, v, pv, at_root, hangs && pv < g->cells);
}

/* The bound of the region in t->reg (rows lo..hi, the root's bit set) from
 * root, its articulation points in t->art. Uses t->seen (left clear). */
static int upper_by_chambers(tron_bits *t, int root, int lo, int hi)
{
    graph_ctx g;
    tron_art_scratch s = {.disc = t->disc, .low = t->low, .stack = t->stack, .next = t->next};
    int *node_of = t->node_of, *eu = t->g_eu, *ev = t->g_ev, n = 0, ne = 0, k, i, d;
    uint64_t *seen = t->seen, *ch = t->cham;
    /* the cells: the root, then the articulation points */
    node_of[root] = n;
    t->g_cell[n] = root;
    t->g_count[2 * n] = colour_of(root) == 0;
    t->g_count[2 * n + 1] = colour_of(root) == 1;
    n++;
    for (k = lo; k <= hi; k++) {
        uint64_t x = t->art[k];
        while (x) {
            int j = 64 * k + __builtin_ctzll(x);
            x &= x - 1;
            node_of[j] = n;
            t->g_cell[n] = j;
            t->g_count[2 * n] = colour_of(j) == 0;
            t->g_count[2 * n + 1] = colour_of(j) == 1;
            n++;
        }
    }
    g.t = t;
    g.cells = n;
    g.result = 0;
    /* edges between cells: each end lists its own */
    for (i = 0; i < g.cells; i++)
        for (d = 0; d < 4; d++) {
            int u = t->g_cell[i] + bit_dl[d];
            if (is_art(t, u) || u == root) {
                eu[ne] = i;
                ev[ne++] = node_of[u];
            }
        }
    /* the chambers, each with the cells beside it */
    seen[root >> 6] |= BIT(root);
    for (k = lo; k <= hi; k++) {
        uint64_t left;
        while ((left = t->reg[k] & ~seen[k] & ~t->art[k]) != 0) {
            int clo, chi, r, cnt[2] = {0, 0};
            flood(t, 64 * k + __builtin_ctzll(left), lo, hi, &clo, &chi);
            for (r = clo - 1; r <= chi + 1; r++) {
                uint64_t cur = r >= clo && r <= chi ? ch[r] : 0;
                uint64_t near = ((r > clo ? ch[r - 1] : 0) | (r < chi ? ch[r + 1] : 0) | cur << 1 | cur >> 1) &
                                (t->art[r] | (r == root >> 6 ? BIT(root) : 0));
                if (cur) {
                    uint64_t even = r & 1 ? 0xAAAAAAAAAAAAAAAAull : 0x5555555555555555ull;
                    cnt[0] += popcount64(cur & even);
                    cnt[1] += popcount64(cur & ~even);
                    seen[r] |= cur;
                }
                while (near) {
                    int j = 64 * r + __builtin_ctzll(near);
                    near &= near - 1;
                    eu[ne] = n;
                    ev[ne++] = node_of[j];
                    eu[ne] = node_of[j];
                    ev[ne++] = n;
                }
            }
            for (r = clo; r <= chi; r++)
                ch[r] = 0;
            t->g_cell[n] = -1;
            t->g_count[2 * n] = cnt[0];
            t->g_count[2 * n + 1] = cnt[1];
            n++;
        }
    }
    for (k = lo; k <= hi; k++)
        seen[k] = 0;
    /* adjacency lists, then Tarjan's search from the root */
    for (i = 0; i <= n; i++)
        t->g_start[i] = 0;
    for (i = 0; i < ne; i++)
        t->g_start[eu[i] + 1]++;
    for (i = 0; i < n; i++)
        t->g_start[i + 1] += t->g_start[i];
    for (i = 0; i < ne; i++)
        t->g_adj[t->g_fill[eu[i]]++ + t->g_start[eu[i]]] = ev[i];
    for (i = 0; i < n; i++)
        t->g_fill[i] = 0;
    t->clock = tron_art_walk(0, t->clock, &s, graph_degree, graph_neighbour, graph_enter, graph_leave, &g);
    return g.result;
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
    art_by_faces(t, root, lo, hi, t->width);
    if (upper)
        *upper = upper_by_chambers(t, root, lo, hi);
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
