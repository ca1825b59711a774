/* bridgit_shannon.c — Lehman's solution of the Shannon switching game
 * applied to Bridg-it: the "shannon" strategy, the value of every position
 * and, where the mover wins, a move that keeps the win, for both players
 * (the `perfect` bot's rule). The comment below states the criterion and
 * proves it; tests/test_bridgit.c checks value and moves against exhaustive
 * search on every position of n = 2 and 3 and on sampled ones of n = 4. */
#include "bridgit_internal.h"

#include <string.h>

/* Bridg-it is a Shannon switching game, and Lehman (1964) solved those;
 * this file is the "shannon" strategy, perfect for both players in every
 * position.
 *
 * The game as a switching game. For player P let G_P be the multigraph whose
 * vertices are P's dots, with the dots of P's first base line merged into
 * one terminal s and those of the other into t; P's bridges are contracted,
 * the opponent's deleted, and the edges are the free points (each point is
 * exactly one possible bridge of P). A move of P contracts its edge in G_P
 * ("Short" claims it); a move of the opponent deletes it ("Cut"). P has
 * joined its sides when s = t. Bridg-it stops when either player joins, but a
 * joined path of the opponent crosses every path P could still build (the
 * board is planar), so P could never join afterwards: for P the outcome is
 * that of the switching game on G_P with P as Short. Both graphs describe
 * the same game; we always ask in the graph of the player we ask about.
 *
 * A vertex set U is 2-tree-connected when G[U] has two edge-disjoint
 * spanning trees (one vertex counts). C(G): s and t lie in a common
 * 2-tree-connected set.
 *
 * Theorem (Lehman). With Cut to move, Short wins iff C(G). Hence in a
 * position with P to move and Q the other player: Q wins iff C(G_Q), and P's
 * winning moves are exactly the free points c with C(G_P / c).
 *
 * Standard facts used. (F1) If U is 2-tree-connected, so is its image after
 * contracting an edge f (if f is in tree T1, T1/f spans; T2/f is connected
 * with |U|-1 edges on |U|-1 vertices, so contains a spanning tree) or after
 * adding edges. (F2) If S is 2-tree-connected and the image of U ⊇ S in G/S
 * is, so is U (join the trees). So two 2-tree-connected sets sharing a vertex
 * have a 2-tree-connected union, and the maximal ones partition the vertices.
 * (F3) Nash-Williams and Tutte: G[S] has two edge-disjoint spanning trees iff
 * every partition of S into p parts has at least 2(p-1) edges between parts.
 *
 * Short's side, C(G) => Short wins: keep edge-disjoint spanning trees T1, T2
 * of a U holding s and t. When Cut deletes an edge e of T1, T1 - e falls into
 * two parts and T2 has an edge f joining them; Short claims f, and
 * (T1 - e + f)/f and T2/f are edge-disjoint spanning trees of U/f. When Cut
 * deletes an edge outside both trees, Short claims any tree edge (F1). Every
 * claim merges two vertices of U, so s and t meet.
 *
 * Cut's side, not C(G) => Cut (to move) wins: contract each maximal
 * 2-tree-connected class (F2) and drop loops. In the quotient H every vertex
 * set S with |S| >= 2 spans at most 2|S|-3 edges: otherwise take a smallest
 * S spanning at least 2|S|-2; it is not 2-tree-connected (by F2 it would
 * enlarge a class), so by F3 a partition into p parts has fewer than 2(p-1)
 * crossing edges, and some part S_i spans more than 2(|S_i|-1) edges, which
 * needs |S_i| >= 2 and contradicts minimality. Call S tight when it spans
 * exactly 2|S|-3 edges. Spanned edge counts are supermodular, so two tight
 * sets with two common vertices have a tight intersection; if any tight set
 * holds s and t there is a least one, m. Cut deletes an edge d of H[m] (any
 * edge when there is no such m: then the count below finds a tight set
 * holding s and t in H itself). Suppose Short's reply f gave
 * C((G - d)/f). Contracting the classes keeps that (F1): in
 * H' = (H - d)/f some S holding s and t has two edge-disjoint spanning trees,
 * so spans at least 2|S|-2 edges. If f is a loop of H, H' = H - d and S is too
 * dense for H. Otherwise S holds the merged vertex (else again too dense),
 * and its preimage S' (one vertex more) spans at least 2|S'|-3 edges of
 * H - d: tight in H - d and in H (so d is not inside S'), holding s and t,
 * hence S' ⊇ m (as S' ∩ m is tight) and d is inside S' after all. So Cut
 * keeps "not C" after every pair of moves; when the edges run out, not C
 * means s != t, and Short has lost. (Mansfield, "Strategies for the Shannon
 * switching game", gives another elementary proof of Lehman's theorem.)
 *
 * Computing C. Let M be the cycle matroid and M v M its union with itself
 * (edge sets that split into two forests). C(G) iff a new edge e0 = st does
 * not raise the rank of M v M (the largest two-forest edge set). If C(G) with
 * U: E(G[U]) already has rank 2(|U|-1), and with e0 it cannot have more
 * (each forest inside U has at most |U|-1 edges), so e0 is spanned.
 * Conversely a circuit X of M v M through
 * e0 satisfies, by the union rank formula min_Y |X - Y| + 2 r(Y) = |X| - 1,
 * |Y| = 2 r(Y) + 1 for some Y ⊆ X, so Y = X; X is connected (else one
 * component would already be dependent), and X - e0 splits into two forests
 * of r(X) edges each: spanning trees of the vertex set of X, which holds s
 * and t. The two forests are built by Edmonds' matroid partition: an edge
 * enters one forest, pushing an edge of the cycle it closes into the other,
 * and so on along a shortest path of such exchanges (breadth-first search);
 * one pass over the edges gives the rank, and e0's insertion fails exactly
 * when C(G). The graphs are small (at most 265 edges at n = 12, 41 at the
 * default n = 5), and one test costs a few microseconds at n = 5. */

#define SW_MAX_V BR_MAX_DOTS
#define SW_MAX_E (BR_MAX_CELLS + 1)

typedef struct sw_graph {
    int nv, ne;
    int s, t;                  /* the terminals (equal once joined) */
    short eu[SW_MAX_E], ev[SW_MAX_E];
    signed char in[SW_MAX_E];  /* forest 0 or 1, or -1 */
    /* Union-find of each forest's components, for the common case of an
     * edge that joins two trees; rebuilt after an exchange path. */
    short uf[2][SW_MAX_V];
} sw_graph;

/* One forest rooted: for each vertex its component, parent, the edge to the
 * parent and its depth. */
typedef struct sw_forest {
    short comp[SW_MAX_V], parent[SW_MAX_V], pedge[SW_MAX_V], depth[SW_MAX_V];
} sw_forest;

static int uf_find(short *uf, int a)
{
    while (uf[a] != a) {
        uf[a] = uf[uf[a]];
        a = uf[a];
    }
    return a;
}

/* G_player of position p with point `plus` also claimed by player and point
 * `minus` also claimed by the opponent (-1: none). */
static void sw_build(const ar_variant *v, const br_pos *p, int player, int plus, int minus,
                     sw_graph *g)
{
    short uf[BR_MAX_DOTS], id[BR_MAX_DOTS];
    int d, c, goal = v->side - 1, s_dot = -1, t_dot = -1;
    for (d = 0; d < v->dots; d++)
        uf[d] = (short)d;
    for (d = 0; d < v->dots; d++) {
        int a = along(v, player, d), *first = a == 0 ? &s_dot : a == goal ? &t_dot : NULL;
        if (!first)
            continue;
        if (*first < 0)
            *first = d;
        else
            uf[uf_find(uf, d)] = (short)uf_find(uf, *first);
    }
    for (c = 0; c < v->cells; c++)
        if (c == plus || get_bit(p->own[player], c))
            uf[uf_find(uf, v->ends[player][c][0])] = (short)uf_find(uf, v->ends[player][c][1]);
    g->nv = 0;
    for (d = 0; d < v->dots; d++)
        if (uf_find(uf, d) == d)
            id[d] = (short)g->nv++;
    g->s = id[uf_find(uf, s_dot)];
    g->t = id[uf_find(uf, t_dot)];
    g->ne = 0;
    for (c = 0; c < v->cells; c++) {
        int a, b;
        if (c == plus || c == minus || get_bit(p->own[0], c) || get_bit(p->own[1], c))
            continue;
        a = id[uf_find(uf, v->ends[player][c][0])];
        b = id[uf_find(uf, v->ends[player][c][1])];
        if (a == b)
            continue; /* a loop: no use to anyone */
        g->eu[g->ne] = (short)a;
        g->ev[g->ne] = (short)b;
        g->in[g->ne] = -1;
        g->ne++;
    }
}

static void sw_root(const sw_graph *g, int which, sw_forest *f)
{
    short head[SW_MAX_V], next[2 * SW_MAX_E], edge[2 * SW_MAX_E], stack[SW_MAX_V];
    int e, u, k = 0, comps = 0;
    for (u = 0; u < g->nv; u++) {
        head[u] = -1;
        f->comp[u] = -1;
    }
    for (e = 0; e < g->ne; e++)
        if (g->in[e] == which) {
            edge[k] = (short)e;
            next[k] = head[g->eu[e]];
            head[g->eu[e]] = (short)k++;
            edge[k] = (short)e;
            next[k] = head[g->ev[e]];
            head[g->ev[e]] = (short)k++;
        }
    for (u = 0; u < g->nv; u++) {
        int sp = 0;
        if (f->comp[u] >= 0)
            continue;
        f->comp[u] = (short)comps;
        f->parent[u] = -1;
        f->pedge[u] = -1;
        f->depth[u] = 0;
        stack[sp++] = (short)u;
        while (sp) {
            int a = stack[--sp], j;
            for (j = head[a]; j >= 0; j = next[j]) {
                int ed = edge[j], b = g->eu[ed] == a ? g->ev[ed] : g->eu[ed];
                if (f->comp[b] >= 0)
                    continue;
                f->comp[b] = (short)comps;
                f->parent[b] = (short)a;
                f->pedge[b] = (short)ed;
                f->depth[b] = (short)(f->depth[a] + 1);
                stack[sp++] = (short)b;
            }
        }
        comps++;
    }
}

static void sw_uf_reset(sw_graph *g)
{
    int i, u, e;
    for (i = 0; i < 2; i++)
        for (u = 0; u < g->nv; u++)
            g->uf[i][u] = (short)u;
    for (e = 0; e < g->ne; e++)
        if (g->in[e] >= 0)
            g->uf[g->in[e]][uf_find(g->uf[g->in[e]], g->eu[e])] =
                (short)uf_find(g->uf[g->in[e]], g->ev[e]);
}

/* Adds edge x to the two forests by a shortest exchange path; 0 if x is
 * spanned by them (then nothing changes). */
static int sw_insert(sw_graph *g, int x)
{
    sw_forest f[2];
    short prev[SW_MAX_E], queue[SW_MAX_E];
    int qh = 0, qt = 0, e;
    /* Fast path: x joins two trees of a forest. */
    for (e = 0; e < 2; e++) {
        int a = uf_find(g->uf[e], g->eu[x]), b = uf_find(g->uf[e], g->ev[x]);
        if (a != b) {
            g->in[x] = (signed char)e;
            g->uf[e][a] = (short)b;
            return 1;
        }
    }
    sw_root(g, 0, &f[0]);
    sw_root(g, 1, &f[1]);
    for (e = 0; e < g->ne; e++)
        prev[e] = -2;
    prev[x] = -1;
    queue[qt++] = (short)x;
    while (qh < qt) {
        int y = queue[qh++], i;
        for (i = 0; i < 2; i++) {
            int a = g->eu[y], b = g->ev[y];
            if (g->in[y] == i)
                continue;
            if (f[i].comp[a] != f[i].comp[b]) {
                /* y enters forest i freely: play the exchanges back to x. */
                int dest = i;
                for (;;) {
                    int old = g->in[y];
                    g->in[y] = (signed char)dest;
                    if (prev[y] < 0)
                        break;
                    dest = old;
                    y = prev[y];
                }
                sw_uf_reset(g);
                return 1;
            }
            /* y closes a cycle in forest i: each edge z of it could leave
             * forest i to make room for y. */
            while (a != b) {
                int z;
                if (f[i].depth[a] < f[i].depth[b]) {
                    int tmp = a;
                    a = b;
                    b = tmp;
                }
                z = f[i].pedge[a];
                if (prev[z] == -2) {
                    prev[z] = (short)y;
                    queue[qt++] = (short)z;
                }
                a = f[i].parent[a];
            }
        }
    }
    return 0;
}

/* C(G_player) for position p with the extra points (see sw_build). */
static int sw_joinable(const ar_variant *v, const br_pos *p, int player, int plus, int minus)
{
    sw_graph g;
    int e;
    sw_build(v, p, player, plus, minus, &g);
    if (g.s == g.t)
        return 1;
    sw_uf_reset(&g);
    for (e = 0; e < g.ne; e++)
        sw_insert(&g, e);
    g.eu[g.ne] = (short)g.s;
    g.ev[g.ne] = (short)g.t;
    g.in[g.ne] = -1;
    g.ne++;
    return !sw_insert(&g, g.ne - 1);
}

ar_status ar_bridgit_shannon_value(const ar_variant *v, const void *pos, int *value, ar_error *err)
{
    const br_pos *p = pos;
    ar_game_outcome o = ar_bridgit_outcome(v, pos);
    (void)err;
    if (o != AR_ONGOING)
        *value = ar_game_outcome_for(o, (int)p->to_move);
    else
        *value = sw_joinable(v, p, 1 - (int)p->to_move, -1, -1) ? -1 : 1;
    return AR_OK;
}

/* Above this many free points a lost position's move is chosen by the
 * distance evaluation alone (counting the opponent's winning replies costs
 * one switching-game test per pair of points). */
#define SW_COUNT_LIMIT 64

ar_status ar_bridgit_shannon_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                                ar_error *err)
{
    const br_pos *p = pos;
    int me = (int)p->to_move, you = 1 - me, c, d, best = -1, free_points = 0;
    int lost, best_replies = 0, best_eval = 0;
    (void)rng; /* deterministic: the same position always gets the same move */
    if (ar_bridgit_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    for (c = 0; c < v->cells; c++)
        if (owner(p, c) < 0)
            free_points++;
    lost = sw_joinable(v, p, you, -1, -1);
    for (c = 0; c < v->cells; c++) {
        br_pos after;
        int replies = 0, eval;
        if (owner(p, c) >= 0)
            continue;
        if (!lost) {
            if (!sw_joinable(v, p, me, c, -1))
                continue; /* not a winning move */
        } else if (free_points <= SW_COUNT_LIMIT) {
            /* Lost against perfect play: leave the opponent as few winning
             * replies as possible, so that a fallible one may miss them. */
            for (d = 0; d < v->cells; d++)
                if (d != c && owner(p, d) < 0 && sw_joinable(v, p, you, d, c))
                    replies++;
        }
        after = *p;
        claim(&after, me, c);
        after.to_move ^= 1u;
        after.claimed++;
        eval = ar_bridgit_distance_eval(v, &after, me);
        if (best < 0 || replies < best_replies || (replies == best_replies && eval > best_eval)) {
            best = c;
            best_replies = replies;
            best_eval = eval;
        }
    }
    if (best < 0)
        /* Lehman's theorem leaves a winning move whenever the opponent's
         * criterion fails; reaching here would be a bug. */
        return ar_error_set(err, AR_ERR_INTERNAL,
                            "switching game: the position is won but no move keeps it won");
    *out = (ar_gmove)best;
    return AR_OK;
}
