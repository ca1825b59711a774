/* tron_art.h — the one articulation-point walker of the Tron evaluations:
 * Tarjan's depth-first search over a region of the grid, iterative, rooted
 * at a player's head, with the region's membership test and what to do on
 * entering and leaving a cell passed as arguments.
 *
 * Its callers: the reference evaluation (tron_eval.c: the articulation
 * points of a territory), the proven fill bound (tron_filler.c: the
 * subtrees hanging off articulation points, summed), tron_fasteval.c over
 * byte labels (both at once), and tron_biteval.c, which computes the proven
 * bound on a graph whose nodes are the region's articulation points and
 * the chambers between them. It is a static inline function and its
 * callers pass static functions, so the compiler makes one specialised
 * copy per caller with the calls inlined (measured: as fast as the three
 * hand-written copies it replaced; BENCHMARKS.md, Tron, issue 33).
 *
 * What it computes does not depend on the order of the search: the cells
 * whose removal cuts some cell off from the root (the articulation points)
 * and, for each, the parts hanging off it. So the walker takes the shortest
 * form of Tarjan's search: the edge back to the parent is not skipped (it
 * can only lower a low link to the parent's number, which leaves the test
 * low[v] >= disc[parent] and every low link above unchanged), and a cell's
 * parent is the cell below it on the stack. */
#ifndef ARIADNE_TRON_ART_H
#define ARIADNE_TRON_ART_H

#include <stdint.h>
#include "tron_internal.h"

/* The search's scratch: depth-first numbers and low links per cell (a cell
 * is visited in this walk when its number is above `base`, so the arrays
 * need no clearing between walks whose numbers count on), and the stack of
 * cells with the next neighbour each has to look at (n + 1 entries). */
typedef struct tron_art_scratch {
    uint32_t *disc, *low;
    int *stack, *next;
} tron_art_scratch;

/* What neighbour(ctx, v, k) answers for a neighbour outside the region. */
enum { TRON_ART_OUT = -1 };

/* Walks the region reachable from root. v has degree(ctx, v) neighbours;
 * neighbour(ctx, v, k) gives the k-th when it is in the region or is the
 * root (the edges back to the root count), TRON_ART_OUT when it is not: on
 * the grid the four cells beside v in a fixed order, on a graph its
 * adjacency list. enter(ctx, u) is called when the search first reaches u
 * (not the root); leave(ctx, v, parent, at_root, hangs) when v is done:
 * hangs says that v's subtree is cut off from the rest when parent is
 * removed (parent is an articulation point when hangs and not at_root,
 * at_root saying that parent is the root). Returns the last number given,
 * the next walk's base. */
static inline __attribute__((always_inline)) uint32_t
tron_art_walk(int root, uint32_t base, const tron_art_scratch *s, int (*degree)(const void *ctx, int v),
              int (*neighbour)(const void *ctx, int v, int k), void (*enter)(void *ctx, int cell),
              void (*leave)(void *ctx, int cell, int parent, int at_root, int hangs), void *ctx)
{
    uint32_t *disc = s->disc, *low = s->low, t = base;
    int *stack = s->stack, *next = s->next, sp = 1;
    disc[root] = low[root] = ++t;
    stack[0] = root;
    next[0] = 0;
    while (sp > 0) {
        /* Resume v's scan of its neighbours, its low link in a register,
         * until it finds an unvisited cell or has looked at them all. */
        int v = stack[sp - 1], d = next[sp - 1], deg = degree(ctx, v), child = -1;
        uint32_t lowv = low[v];
        while (d < deg) {
            int u = neighbour(ctx, v, d++);
            if (u == TRON_ART_OUT)
                continue;
            if (disc[u] <= base) {
                child = u;
                break;
            }
            if (disc[u] < lowv)
                lowv = disc[u];
        }
        low[v] = lowv;
        if (child >= 0) {
            next[sp - 1] = d;
            disc[child] = low[child] = ++t;
            enter(ctx, child);
            stack[sp] = child;
            next[sp] = 0;
            sp++;
            continue;
        }
        if (--sp > 0) {
            int pv = stack[sp - 1];
            if (lowv < low[pv])
                low[pv] = lowv;
            leave(ctx, v, pv, sp == 1, lowv >= disc[pv]);
        }
    }
    return t;
}

/* degree() for the grid: four neighbours. */
static inline int tron_art_four(const void *ctx, int v)
{
    (void)ctx;
    (void)v;
    return 4;
}

/* enter() for a walk that keeps nothing per cell. */
static inline void tron_art_enter_nothing(void *ctx, int i)
{
    (void)ctx;
    (void)i;
}

/* The proven fill bound's accumulation (ar_tron_fill_upper, tron_filler.c),
 * for leave(): a subtree that hangs off its parent (or off the root) is a
 * component entered at v's colour, worth its parity bound plus the best of
 * what hangs below it; otherwise v's cells and hanging parts belong to its
 * parent's component. own0/own1 are each cell's counts of its component's
 * cells of colours 0 and 1 (set to the cell's own on enter), hang the best
 * value hanging below (0 on enter); *result gets the best at the root. */
static inline void tron_upper_leave(int colour_v, int *own0, int *own1, int *hang, int *result, int v, int pv,
                                    int at_root, int hangs)
{
    if (at_root || hangs) {
        int a = colour_v ? own1[v] : own0[v], o = colour_v ? own0[v] : own1[v];
        int value = tron_parity_fill(a, o) + hang[v];
        if (at_root) {
            if (value > *result)
                *result = value;
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

#endif
