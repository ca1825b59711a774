/* sarov_bound.c — the admissible lower bound on the moves a Sarov position
 * still needs: bad links (each move mends at most one) plus the waste moves
 * that the order of first moves forces, counted as arc-disjoint cycles in a
 * graph of blocks. The solver (sarov_solve.c) evaluates it at every node; the
 * generic heuristics "order" and "runs" at the end of this file offer it to
 * the library's A* and IDA* on the packed state. The proof is in the comment
 * below and in docs/puzzles/sarov.md. */
#include "sarov_internal.h"

#include <string.h>

/*
 * Links. Call the pair (brick x, brick y standing directly on x) a good link
 * when y is x's colour and one smaller, and a brick standing on the floor a
 * good link when it is a 6. A column's maximal stretches of good links are its
 * blocks; the top block is the run. The goal has every link good.
 *
 * (1) Each move removes exactly one link (the one under the moved run) and
 * creates one (under the run's new place). The removed link is bad unless the
 * run is a whole column standing on a 6 on the floor (the run is maximal, so
 * the link under it is bad when it stands on a brick). So a move lowers the
 * number of bad links by at most one, and `bad` is an admissible, consistent
 * bound. A move that lowers it is "good": it puts a run on the brick one
 * above its bottom brick (merging two blocks) or a 6-bottomed run on an empty
 * column. Every other move is "waste", and the optimum is bad + waste.
 *
 * (2) Blocks never split (runs move whole), so a block's bricks stay together
 * and a block X whose bottom brick is k<6 has exactly one good move ever: onto
 * its successor Y, the block whose top brick is k+1 of the same colour. Let
 * first(X) be the time of X's first move (every block with a bad bottom link
 * moves at least once). If X's first move is good, then at that time
 *   - every block above X in its column has moved already, and
 *   - every block above Y in Y's column has moved already (Y must be on top).
 * Draw an arc from X to the block directly above Y. "Above" chains within a
 * column are always respected (a block moves before the blocks under it move
 * for the first time); an arc is respected only when X's first move is good.
 * The order of first moves is a linear order, so the blocks whose arcs are
 * respected cannot close a cycle together with the column chains. Hence every
 * cycle (through arcs and upward column steps) contains a block whose first
 * move is waste, and a set of cycles that share no arc needs that many distinct
 * waste moves (distinct blocks, distinct first moves). The bound is
 * bad + (number of arc-disjoint cycles found greedily, shortest first).
 * A self-cycle is a block lying above its own successor in one column.
 */

typedef struct sv_arcs {
    int n;
    /* arc i: from column/level (the top index of the source block) to the
     * column/index of the brick directly above the successor. */
    unsigned char scol[SV_MAX_BRICKS], slev[SV_MAX_BRICKS];
    unsigned char tcol[SV_MAX_BRICKS], tlev[SV_MAX_BRICKS];
    /* The same arcs in the graph whose vertices are blocks: the source block
     * and the block directly above the successor (the one entered). With the
     * "up" edges (a block to the block directly on it) this graph has exactly
     * the cycles described above. comp[i] is the strongly connected component
     * of arc i's source when the arc lies on some cycle, else SV_NONE. */
    unsigned char sblk[SV_MAX_BRICKS], tblk[SV_MAX_BRICKS];
    unsigned char comp[SV_MAX_BRICKS];
    int nblk;
    unsigned char up[SV_MAX_BRICKS];  /* block directly above, SV_NONE for a top block */
    unsigned char arc[SV_MAX_BRICKS]; /* the block's arc, SV_NONE if it has none */
} sv_arcs;

/* Tarjan's strongly connected components over the block graph (each block
 * has at most two out-edges: up, and its arc). Recursion depth is at most
 * the number of blocks (<= 112). */
typedef struct sv_scc {
    const sv_arcs *a;
    unsigned char index[SV_MAX_BRICKS], low[SV_MAX_BRICKS], comp[SV_MAX_BRICKS];
    unsigned char onstack[SV_MAX_BRICKS], stack[SV_MAX_BRICKS];
    int next, sp, ncomp;
} sv_scc;

static void sv_scc_visit(sv_scc *T, int v)
{
    int out[2], k;
    T->index[v] = T->low[v] = (unsigned char)T->next++;
    T->stack[T->sp++] = (unsigned char)v;
    T->onstack[v] = 1;
    out[0] = T->a->up[v] == SV_NONE ? -1 : T->a->up[v];
    out[1] = T->a->arc[v] == SV_NONE ? -1 : T->a->tblk[T->a->arc[v]];
    for (k = 0; k < 2; k++) {
        int w = out[k];
        if (w < 0)
            continue;
        if (T->index[w] == SV_NONE) {
            sv_scc_visit(T, w);
            if (T->low[w] < T->low[v])
                T->low[v] = T->low[w];
        } else if (T->onstack[w] && T->index[w] < T->low[v]) {
            T->low[v] = T->index[w];
        }
    }
    if (T->low[v] == T->index[v]) {
        int w;
        do {
            w = T->stack[--T->sp];
            T->onstack[w] = 0;
            T->comp[w] = (unsigned char)T->ncomp;
        } while (w != v);
        T->ncomp++;
    }
}

/* Fills a->comp: an arc X -> Z lies on a cycle exactly when Z reaches X, i.e.
 * when X and Z are in one strongly connected component. */
static void sv_arc_components(sv_arcs *a)
{
    sv_scc T;
    int v, i;
    T.a = a;
    T.next = T.sp = T.ncomp = 0;
    memset(T.index, SV_NONE, sizeof T.index);
    memset(T.onstack, 0, sizeof T.onstack);
    for (v = 0; v < a->nblk; v++)
        if (T.index[v] == SV_NONE)
            sv_scc_visit(&T, v);
    for (i = 0; i < a->n; i++)
        a->comp[i] = T.comp[a->sblk[i]] == T.comp[a->tblk[i]] ? T.comp[a->sblk[i]] : SV_NONE;
}

/* Count of arc-disjoint cycles (greedy). Entering a column at level L makes
 * every arc whose source level is >= L usable (one can climb the column), so
 * after arc e the usable arcs are succ(e) = the arcs of column tcol[e] with
 * source level >= tlev[e], and a cycle through arc s is a sequence
 * s = e1, e2, .., ed with e(j+1) in succ(ej) and s in succ(ed). A breadth-
 * first search over arcs, one bit per arc (at most SV_MAX_BRICKS arcs, so
 * SV_SET_WORDS 64-bit words), finds such a cycle with fewest arcs.
 *
 * Short cycles are packed first (they leave more arcs for the others): the
 * packing runs in rounds of growing length m, and in round m every start arc
 * (in index order) whose shortest cycle has at most m arcs gives one such
 * cycle, which is removed at once. Three things keep this cheap without
 * changing what it may return:
 *   - an arc on no cycle at all (its two ends in different strongly connected
 *     components of the block graph) is never a start, and a cycle through s
 *     uses only arcs of s's component, so searches ignore the others;
 *   - each start remembers the length of the shortest cycle its last search
 *     found (lower[s]); arcs only disappear, so a start's shortest cycle never
 *     gets shorter, lower[s] stays a lower bound, and round m searches only
 *     the starts with lower[s] <= m (empty rounds are skipped);
 *   - a start whose search finds no cycle never will (hopeless).
 * The bound's validity does not depend on any of this: any set of arc-
 * disjoint cycles is a valid count, and the greedy order only affects how
 * many are found. */
#define SV_SET_WORDS ((SV_MAX_BRICKS + 63) / 64)
typedef struct sv_set {
    uint64_t w[SV_SET_WORDS];
} sv_set;

static int sv_set_has(const sv_set *x, int i) { return (int)(x->w[i >> 6] >> (i & 63) & 1u); }
static void sv_set_add(sv_set *x, int i) { x->w[i >> 6] |= (uint64_t)1 << (i & 63); }

static int sv_cycle_packing(sv_arcs *a, int ncols)
{
    unsigned char lower[SV_MAX_BRICKS], order[SV_MAX_BRICKS];
    sv_set succ[SV_MAX_BRICKS], prefix[SV_MAX_BRICKS + SV_MAX_COLS + 1], alive;
    sv_set layer[SV_MAX_BRICKS + 1], compset[SV_MAX_BRICKS];
    int colstart[SV_MAX_COLS + 1];
    int found = 0, i, c, s, w, nw = (a->n + 63) / 64;
    unsigned maxlen;
    sv_arc_components(a);
    memset(&alive, 0, sizeof alive);
    for (i = 0; i < a->n; i++)
        if (a->comp[i] != SV_NONE) {
            sv_set_add(&alive, i);
            memset(&compset[a->comp[i]], 0, sizeof compset[0]);
        }
    for (i = 0; i < a->n; i++)
        if (a->comp[i] != SV_NONE)
            sv_set_add(&compset[a->comp[i]], i);
    /* Arcs on cycles, grouped by source column, each group by source level
     * descending; prefix[j] is the set of the first j arcs of this order, so
     * "arcs of column c at level >= L" is one prefix. */
    {
        int cnt[SV_MAX_COLS + 1];
        memset(cnt, 0, sizeof cnt);
        for (i = 0; i < a->n; i++)
            if (a->comp[i] != SV_NONE)
                cnt[a->scol[i] + 1]++;
        colstart[0] = 0;
        for (c = 0; c < ncols; c++)
            colstart[c + 1] = colstart[c] + cnt[c + 1];
        memset(cnt, 0, sizeof cnt);
        for (i = 0; i < a->n; i++) {
            int j;
            if (a->comp[i] == SV_NONE)
                continue;
            j = colstart[a->scol[i]] + cnt[a->scol[i]]++;
            while (j > colstart[a->scol[i]] && a->slev[order[j - 1]] < a->slev[i]) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = (unsigned char)i;
        }
        for (c = 0; c < ncols; c++) {
            /* column c's prefixes start at prefix[colstart[c] + c] */
            sv_set *pc = &prefix[colstart[c] + c];
            memset(pc, 0, sizeof *pc);
            for (i = 0; i < colstart[c + 1] - colstart[c]; i++) {
                pc[i + 1] = pc[i];
                sv_set_add(&pc[i + 1], order[colstart[c] + i]);
            }
        }
        for (i = 0; i < a->n; i++) {
            int tc = a->tcol[i], j = colstart[tc];
            if (a->comp[i] == SV_NONE)
                continue;
            while (j < colstart[tc + 1] && a->slev[order[j]] >= a->tlev[i])
                j++;
            succ[i] = prefix[j + tc];
        }
    }
    /* A cycle has at least two arcs (a block above its own successor is a
     * self-cycle, counted apart and never made an arc). 255: hopeless. */
    for (i = 0; i < a->n; i++)
        lower[i] = a->comp[i] == SV_NONE ? 255 : 2;
    for (maxlen = 2;;) {
        unsigned next = 255;
        for (s = 0; s < a->n; s++) {
            sv_set avail, seen;
            int d, hit = 0;
            if (lower[s] == 255 || !sv_set_has(&alive, s))
                continue;
            if (lower[s] > maxlen) {
                if (lower[s] < next)
                    next = lower[s];
                continue;
            }
            for (w = 0; w < nw; w++)
                avail.w[w] = alive.w[w] & compset[a->comp[s]].w[w];
            memset(&layer[0], 0, sizeof layer[0]);
            sv_set_add(&layer[0], s);
            seen = layer[0];
            /* layer[d] holds the arcs first reached after d+1 arcs */
            for (d = 0;; d++) {
                sv_set nx;
                int any = 0;
                memset(&nx, 0, sizeof nx);
                for (w = 0; w < nw; w++) {
                    uint64_t bits = layer[d].w[w];
                    while (bits) {
                        int e = w * 64 + __builtin_ctzll(bits);
                        int k;
                        bits &= bits - 1;
                        for (k = 0; k < nw; k++)
                            nx.w[k] |= succ[e].w[k];
                    }
                }
                if (sv_set_has(&nx, s)) {
                    hit = 1;
                    break;
                }
                for (w = 0; w < nw; w++) {
                    nx.w[w] &= avail.w[w] & ~seen.w[w];
                    seen.w[w] |= nx.w[w];
                    any |= nx.w[w] != 0;
                }
                if (!any)
                    break;
                layer[d + 1] = nx;
            }
            if (!hit) {
                lower[s] = 255; /* no cycle through s now, so never again */
            } else if ((unsigned)d + 1 <= maxlen) {
                /* Walk back from the closing arc: in each layer the lowest
                 * arc that reaches the next one. */
                int want = s, j;
                for (j = d; j >= 0; j--) {
                    int e = -1;
                    for (w = 0; w < nw && e < 0; w++) {
                        uint64_t bits = layer[j].w[w];
                        while (bits) {
                            int x = w * 64 + __builtin_ctzll(bits);
                            bits &= bits - 1;
                            if (sv_set_has(&succ[x], want)) {
                                e = x;
                                break;
                            }
                        }
                    }
                    alive.w[e >> 6] &= ~((uint64_t)1 << (e & 63));
                    want = e;
                }
                found++;
            } else {
                lower[s] = (unsigned char)(d + 1);
                if (lower[s] < next)
                    next = lower[s];
            }
        }
        if (next == 255)
            break;
        maxlen = next;
    }
    return found;
}

/* The bound of a position at a given level (sarov_internal.h): 0 bad links
 * (1); 1 adds the self-cycles of (2), blocks above their own successor; 2
 * adds the packing of longer cycles. Each level is admissible and at least
 * the one before. */
unsigned ar_sarov_bound(const sv_pos *p, int level)
{
    unsigned char locc[SV_MAX_BRICKS], loci[SV_MAX_BRICKS];
    unsigned char blkof[SV_MAX_BRICKS], tbrick[SV_MAX_BRICKS];
    unsigned bad = 0;
    int i, k, self = 0;
    sv_arcs arcs;
    for (i = 0; i < p->ncols; i++)
        for (k = 0; k < p->h[i]; k++) {
            int b = p->c[i][k];
            locc[b] = (unsigned char)i;
            loci[b] = (unsigned char)k;
            if (k == 0 ? sv_num(b) != 6 : !sv_linked(p->c[i][k - 1], b))
                bad++;
        }
    if (level == SV_BOUND_LINKS || bad == 0)
        return bad;
    arcs.n = 0;
    arcs.nblk = 0;
    for (i = 0; i < p->ncols; i++) {
        int top = p->h[i] - 1, above = SV_NONE;
        for (k = top; k >= 0;) {
            /* block [lo..k] with bottom index lo */
            int lo = k, b, s, sc, si, id = arcs.nblk++, j;
            while (lo > 0 && sv_linked(p->c[i][lo - 1], p->c[i][lo]))
                lo--;
            for (j = lo; j <= k; j++)
                blkof[p->c[i][j]] = (unsigned char)id;
            arcs.up[id] = (unsigned char)above;
            arcs.arc[id] = SV_NONE;
            above = id;
            b = p->c[i][lo];
            if (sv_num(b) != 6) {
                s = b + 1; /* the successor's top brick: same colour, one larger */
                sc = locc[s];
                si = loci[s];
                if (si < p->h[sc] - 1) {
                    if (sc == i && si < lo) {
                        self++; /* the block lies above its own successor */
                    } else {
                        arcs.scol[arcs.n] = (unsigned char)i;
                        arcs.slev[arcs.n] = (unsigned char)k;
                        arcs.tcol[arcs.n] = (unsigned char)sc;
                        arcs.tlev[arcs.n] = (unsigned char)(si + 1);
                        arcs.sblk[arcs.n] = (unsigned char)id;
                        tbrick[arcs.n] = p->c[sc][si + 1];
                        arcs.arc[id] = (unsigned char)arcs.n;
                        arcs.n++;
                    }
                }
            }
            k = lo - 1;
        }
    }
    if (level == SV_BOUND_SELF || arcs.n < 2)
        return bad + (unsigned)self;
    for (i = 0; i < arcs.n; i++)
        arcs.tblk[i] = blkof[tbrick[i]];
    return bad + (unsigned)self + (unsigned)sv_cycle_packing(&arcs, p->ncols);
}


/* ------------------------------------------------------------------------ */
/* Generic heuristics (for the library's A* and IDA* on the packed state)    */

static uint64_t sv_h_order(const ar_instance *in, const void *state)
{
    sv_pos p;
    sv_unpack(in, state, &p);
    return ar_sarov_bound(&p, SV_BOUND_FULL);
}

static uint64_t sv_h_runs(const ar_instance *in, const void *state)
{
    sv_pos p;
    sv_unpack(in, state, &p);
    return ar_sarov_bound(&p, SV_BOUND_LINKS);
}

const ar_heuristic ar_sarov_heuristics[] = {
    {.name = "order",
     .summary = "bad links plus waste moves forced by the order of first moves (admissible)",
     .flags = AR_HEURISTIC_ADMISSIBLE,
     .estimate = sv_h_order},
    {.name = "runs",
     .summary = "runs not yet standing in sequence: each needs a move (admissible, consistent)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = sv_h_runs},
    {.name = NULL}};
