/* tron_bitparts.c — the parts of a region that tron_biteval.c's
 * evaluation needs besides its walk, on bitboards: a chamber's flood fill
 * by whole rows, the articulation points (by the holes around each cell,
 * instead of Tarjan's search) and the proven fill bound of tron_filler.c
 * (by Tarjan's search on a graph of articulation points and chambers,
 * instead of on the grid). The last two give exactly what the searches on
 * the grid give; tests/test_tron_eval.c
 * compares the evaluations built on them with the reference on thousands
 * of positions. */
#include "tron_bits.h"

/* ------------------------------------------------------------ chambers
 *
 * The chambers' flood fill, used by the chamber graph below and by
 * tron_biteval.c's walk. */

/* The flood fill of cell s through the region's cells that are neither
 * seen nor articulation points (s among them), into t->cham rows
 * *plo..*phi: whole rows at a time, sweeping down and up (rows lo..hi of
 * the region) until nothing changes. */
void ar_tron_bits_flood(tron_bits *t, int s, int lo, int hi, int *plo, int *phi)
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

void ar_tron_bits_articulation(tron_bits *t, int root, int lo, int hi)
{
    const int width = t->width;
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

int ar_tron_bits_upper(tron_bits *t, int root, int lo, int hi)
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
            ar_tron_bits_flood(t, 64 * k + __builtin_ctzll(left), lo, hi, &clo, &chi);
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

