/* tsp_tour.c — tours as arrays, the moves on them, and first tours.
 *
 * A tour is the array of cities in travel order plus each city's position,
 * so the successor and predecessor of a city cost two reads. Every move is
 * made of oriented 2-opt moves: remove two edges (a,b) and (c,e), travelled
 * the same way, and reconnect (a,c), (b,e) by reversing the path between
 * them; the array reverses whichever side of the cycle is shorter (the same
 * tour either way), so a move costs at most n/2 swaps and local moves cost
 * little. Or-opt (moving a path of up to three cities elsewhere, either way
 * round) and the double-bridge kick are two or three such 2-opt moves, which
 * makes them easy to undo: the inverse of 2-opt (a,b,c,e) is 2-opt (a,c,b,e).
 *
 * First tours: greedy edge matching (Johnson & McGeoch's best start for
 * 2-opt and 3-opt: the shortest candidate edges that keep every degree at
 * most 2 and close no cycle, then the fragments joined end to nearest end),
 * nearest neighbour, or a random order. */
#include "tsp_internal.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"

/* Reverses the cities at positions i..j (cyclically), or the rest of the
 * cycle when that is shorter. */
static void reverse_positions(tsp_tour *t, uint32_t i, uint32_t j)
{
    uint32_t n = t->n, len = (j + n - i) % n + 1, k;
    if (2 * len > n) {
        uint32_t ni = j + 1 == n ? 0 : j + 1, nj = i == 0 ? n - 1 : i - 1;
        i = ni;
        j = nj;
        len = n - len;
    }
    for (k = 0; k < len / 2; k++) {
        uint32_t ci = t->city[i], cj = t->city[j];
        t->city[i] = cj;
        t->pos[cj] = i;
        t->city[j] = ci;
        t->pos[ci] = j;
        i = i + 1 == t->n ? 0 : i + 1;
        j = j == 0 ? t->n - 1 : j - 1;
    }
}

void ar_tsp_two_opt(tsp_tour *t, uint32_t a, uint32_t b, uint32_t c, uint32_t e)
{
    (void)e;
    if (tsp_succ(t, a) == b)
        reverse_positions(t, t->pos[b], t->pos[c]);
    else
        reverse_positions(t, t->pos[c], t->pos[b]);
}

void ar_tsp_segment_move(tsp_tour *t, uint32_t p, uint32_t s1, uint32_t sl, uint32_t q, uint32_t g,
                         uint32_t h, int reversed, tsp_step_fn step, void *ctx)
{
#define STEP(a, b, c, e) (step ? step(ctx, a, b, c, e) : ar_tsp_two_opt(t, a, b, c, e))
    if (h == p) {
        /* g p S q -> g S' p q: the path p..sL reversed, then S back if wanted */
        STEP(g, p, sl, q);
        if (!reversed && s1 != sl)
            STEP(g, sl, s1, p);
        return;
    }
    STEP(p, s1, g, h); /* p g ... q sL..s1 h */
    if (g != q)
        STEP(p, g, q, sl); /* p q ... g sL..s1 h */
    if (!reversed && s1 != sl)
        STEP(g, sl, s1, h); /* p q ... g s1..sL h */
#undef STEP
}

/* --- first tours --- */

typedef struct edge {
    int32_t d;
    uint32_t u, v;
} edge;

static int edge_order(const void *a, const void *b)
{
    const edge *x = a, *y = b;
    if (x->d != y->d)
        return x->d < y->d ? -1 : 1;
    if (x->u != y->u)
        return x->u < y->u ? -1 : 1;
    return x->v < y->v ? -1 : x->v > y->v;
}

static uint32_t find_root(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

static void link(uint32_t (*adj)[2], uint32_t *deg, uint32_t u, uint32_t v)
{
    adj[u][deg[u]++] = v;
    adj[v][deg[v]++] = u;
}

/* Walks the cycle of adjacencies from city 0 into order. */
static void walk_cycle(uint32_t n, uint32_t (*adj)[2], uint32_t *order)
{
    uint32_t prev = n, cur = 0, i;
    for (i = 0; i < n; i++) {
        uint32_t next = adj[cur][0] != prev ? adj[cur][0] : adj[cur][1];
        order[i] = cur;
        prev = cur;
        cur = next;
    }
}

static int greedy(const tsp_data *d, uint32_t *order)
{
    uint32_t n = d->n, k = d->k, i, j, ne = 0, nends = 0;
    edge *edges = malloc(sizeof *edges * (size_t)n * k);
    uint32_t *parent = malloc(sizeof *parent * n), *deg = calloc(n, sizeof *deg);
    uint32_t (*adj)[2] = malloc(sizeof *adj * n), *ends = malloc(sizeof *ends * 2 * n);
    uint32_t *other = malloc(sizeof *other * n);
    if (!edges || !parent || !deg || !adj || !ends || !other) {
        free(edges), free(parent), free(deg), free(adj), free(ends), free(other);
        return 0;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < k; j++) {
            uint32_t c = d->neighbours[(size_t)i * k + j];
            edges[ne].d = d->neighbour_dist[(size_t)i * k + j];
            edges[ne].u = i < c ? i : c;
            edges[ne].v = i < c ? c : i;
            ne++;
        }
    qsort(edges, ne, sizeof *edges, edge_order);
    for (i = 0; i < n; i++)
        parent[i] = i;
    for (i = 0; i < ne; i++) {
        uint32_t u = edges[i].u, v = edges[i].v, ru, rv;
        if (deg[u] >= 2 || deg[v] >= 2)
            continue;
        ru = find_root(parent, u);
        rv = find_root(parent, v);
        if (ru == rv)
            continue; /* a duplicate, or it would close a cycle */
        parent[ru] = rv;
        link(adj, deg, u, v);
    }
    /* The fragments' ends, each with the other end of its path. */
    for (i = 0; i < n; i++) {
        if (deg[i] == 0) {
            other[i] = i;
            ends[nends++] = i;
        } else if (deg[i] == 1) {
            uint32_t prev = i, cur = adj[i][0];
            while (deg[cur] == 2) {
                uint32_t next = adj[cur][0] != prev ? adj[cur][0] : adj[cur][1];
                prev = cur;
                cur = next;
            }
            other[i] = cur;
            ends[nends++] = i;
        }
    }
    if (nends > 0) {
        /* Join the fragments: from the free end, to the nearest end of
         * another fragment, and on from that fragment's other end. */
        uint32_t first = ends[0], cur = other[first], m;
        for (m = 0; m < nends; m++)
            if (ends[m] == first || ends[m] == cur)
                ends[m--] = ends[--nends];
        while (nends > 0) {
            uint32_t best = 0, x;
            int32_t bd = INT32_MAX;
            for (m = 0; m < nends; m++) {
                int32_t dd = tsp_dist(d, cur, ends[m]);
                if (dd < bd) {
                    bd = dd;
                    best = m;
                }
            }
            x = ends[best];
            link(adj, deg, cur, x);
            cur = other[x];
            for (m = 0; m < nends; m++)
                if (ends[m] == x || ends[m] == cur)
                    ends[m--] = ends[--nends];
        }
        link(adj, deg, cur, first);
    }
    walk_cycle(n, adj, order);
    free(edges), free(parent), free(deg), free(adj), free(ends), free(other);
    return 1;
}

static int nearest(const tsp_data *d, uint32_t *order)
{
    uint32_t n = d->n, k = d->k, i, cur = 0, left;
    uint32_t *unvisited = malloc(sizeof *unvisited * n), *slot = malloc(sizeof *slot * n);
    if (!unvisited || !slot) {
        free(unvisited), free(slot);
        return 0;
    }
    for (i = 0; i < n; i++)
        unvisited[i] = slot[i] = i;
    left = n;
#define VISIT(c)                                                 \
    do {                                                         \
        uint32_t s_ = slot[c], last_ = unvisited[--left];        \
        unvisited[s_] = last_;                                   \
        slot[last_] = s_;                                        \
        slot[c] = UINT32_MAX;                                    \
    } while (0)
    VISIT(0);
    order[0] = 0;
    for (i = 1; i < n; i++) {
        uint32_t j, next = UINT32_MAX;
        for (j = 0; j < k && next == UINT32_MAX; j++)
            if (slot[d->neighbours[(size_t)cur * k + j]] != UINT32_MAX)
                next = d->neighbours[(size_t)cur * k + j];
        if (next == UINT32_MAX) { /* every candidate visited: the nearest of the rest */
            int32_t bd = INT32_MAX;
            for (j = 0; j < left; j++) {
                int32_t dd = tsp_dist(d, cur, unvisited[j]);
                if (dd < bd || (dd == bd && unvisited[j] < next)) {
                    bd = dd;
                    next = unvisited[j];
                }
            }
        }
        VISIT(next);
        order[i] = cur = next;
    }
#undef VISIT
    free(unvisited), free(slot);
    return 1;
}

void ar_tsp_construct(const tsp_data *d, int how, uint64_t seed, uint32_t *order)
{
    uint32_t i;
    if (how == TSP_CONSTRUCT_GREEDY && greedy(d, order))
        return;
    if (how == TSP_CONSTRUCT_NEAREST && nearest(d, order))
        return;
    /* random (and the fallback when memory is short) */
    for (i = 0; i < d->n; i++)
        order[i] = i;
    if (how == TSP_CONSTRUCT_RANDOM) {
        ar_rng rng;
        ar_rng_seed(&rng, seed);
        for (i = d->n - 1; i > 0; i--) {
            uint32_t j = (uint32_t)ar_rng_below(&rng, i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
}
