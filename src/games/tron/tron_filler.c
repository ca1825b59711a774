/* tron_filler.c — the exact space filler of the `chamber-ab` bot: once the
 * players are separated, the longest path from our head through our region,
 * by depth-first branch and bound with a proven upper bound.
 *
 * The bound (ar_tron_fill_upper) is the tree of chambers made rigorous. A
 * depth-first search from the head (Tarjan's low links, head excluded) finds
 * every subtree that hangs off the rest of the region by a single cell (an
 * articulation point, or the head itself; the head's other neighbours count
 * as ways in). A path that enters such a subtree can never leave it again, so a path is: some cells of the component it
 * starts in, then at most one hanging subtree, recursively. A component's
 * own cells (its subtree minus the subtrees hanging off it) bound the first
 * part by the checkerboard parity argument from the entry colour (every cell
 * adjacent to the attaching cell has the same colour); the bound of a
 * component is that plus the best bound among the subtrees hanging off it.
 * Every step of that argument is an inequality, so the result is never below
 * the true longest path — unlike ar_tron_fill_estimate, which is a guess.
 * It costs one linear pass over the region.
 *
 * The search deepens a horizon (1, 2, 4, ... moves); a path is worth its
 * length plus the bound where it stops, so an iteration finds the move that
 * keeps the most room over the next `horizon` moves — the lookahead that
 * avoids sealing off pockets on large regions, where the exact search cannot
 * finish. It tries each move in order of the bound after it (then the cell
 * with the fewest free neighbours: hug the walls) with the last iteration's
 * choice first, and cuts a branch when the moves made plus its bound cannot
 * beat the best path found. The iteration in which every path ends before
 * the horizon is the exact branch and bound: its result is the proven
 * maximum. The clock or a node budget stops it with the last complete
 * iteration's move. exact_only runs that last iteration alone: the bot
 * plays its path when it is proven, and otherwise hands the move to the
 * iterative-deepening filler of tron_bots.c, which fills large regions
 * better than an unfinished proof. */
#include "tron_internal.h"
#include "tron_art.h"

#include <limits.h>
#include <string.h>
#include "ariadne/timer.h"

/* The bound's sums over the depth-first tree: own0/own1 count the cells of
 * each colour of the component a cell's subtree belongs to (less what
 * hangs off it), hang the best bound among the subtrees hanging below. */
typedef struct upper_ctx {
    const tron_board *b;
    int head, result;
    int *own0, *own1, *hang;
} upper_ctx;

static int upper_neighbour(const void *ctx, int v, int k)
{
    const upper_ctx *u = ctx;
    int t;
    t = v + u->b->delta[k + 1];
    return !u->b->cell[t] || t == u->head ? t : TRON_ART_OUT;
}

static void upper_enter(void *ctx, int i)
{
    upper_ctx *u = ctx;
    u->own0[i] = u->b->colour[i] == 0;
    u->own1[i] = u->b->colour[i] == 1;
    u->hang[i] = 0;
}

static void upper_leave(void *ctx, int v, int pv, int at_root, int hangs)
{
    upper_ctx *u = ctx;
    tron_upper_leave(u->b->colour[v], u->own0, u->own1, u->hang, &u->result, v, pv, at_root, hangs);
}

int ar_tron_fill_upper(const tron_board *b, tron_work *w, int p)
{
    upper_ctx u = {.b = b, .head = b->head[p], .result = 0, .own0 = w->dist0, .own1 = w->dist1, .hang = w->queue};
    tron_art_scratch s = {.disc = w->disc, .low = w->low, .stack = w->stack, .next = w->stackdir};
    memset(w->disc, 0, (size_t)b->n * sizeof(uint32_t));
    tron_art_walk(u.head, 0, &s, tron_art_four, upper_neighbour, upper_enter, upper_leave, &u);
    return u.result;
}

static int out_of_time(tron_fill *f)
{
    if (f->stopped)
        return 1;
    if ((f->interrupt && *f->interrupt) || (f->deadline > 0 && (f->nodes & f->clock_mask) == 0 && (f->clock ? f->clock() : ar_now()) >= f->deadline) ||
        (f->node_limit && f->nodes >= f->node_limit))
        f->stopped = 1;
    return f->stopped;
}

/* The safe moves of the filling player in search order, with the bound
 * after each (bounds[i] counts the move itself). Returns the count. */
static int ordered_moves(tron_fill *f, int *dirs, int *bounds)
{
    tron_board *b = f->b;
    int p = f->player, d, n = 0, exits[4];
    for (d = 1; d <= 4; d++) {
        int t = b->head[p] + b->delta[d], i, ub, ex;
        if (b->cell[t])
            continue;
        b->head[p] = t;
        b->cell[t] = 1;
        ub = 1 + ar_tron_fill_upper(b, f->w, p);
        ex = tron_free_neighbours(b, t);
        b->cell[t] = 0;
        b->head[p] = t - b->delta[d];
        for (i = n; i > 0 && (bounds[i - 1] < ub || (bounds[i - 1] == ub && exits[i - 1] > ex)); i--) {
            dirs[i] = dirs[i - 1];
            bounds[i] = bounds[i - 1];
            exits[i] = exits[i - 1];
        }
        dirs[i] = d;
        bounds[i] = ub;
        exits[i] = ex;
        n++;
    }
    return n;
}

/* Offers a path of len moves whose end is valued at `value` (len plus the
 * bound there, or len when it cannot go on). */
static void offer(tron_fill *f, int value)
{
    if (value > f->best) {
        f->best = value;
        f->best_move = f->first;
    }
}

static void fill_rec(tron_fill *f, int len, int horizon)
{
    tron_board *b = f->b;
    int p = f->player, dirs[4], bounds[4], n, i;
    f->nodes++;
    if (out_of_time(f))
        return;
    n = ordered_moves(f, dirs, bounds);
    if (n == 0) {
        offer(f, len);
        return;
    }
    if (len >= horizon) {
        f->horizon_hits++;
        offer(f, len + bounds[0]);
        return;
    }
    if (len == 0 && f->prefer) /* the last iteration's choice first */
        for (i = 1; i < n; i++)
            if (dirs[i] == f->prefer) {
                int d = dirs[i], ub = bounds[i];
                memmove(dirs + 1, dirs, sizeof(int) * (size_t)i);
                memmove(bounds + 1, bounds, sizeof(int) * (size_t)i);
                dirs[0] = d;
                bounds[0] = ub;
                break;
            }
    for (i = 0; i < n; i++) {
        if (len + bounds[i] <= f->best)
            continue; /* cannot beat the best path */
        if (len == 0)
            f->first = dirs[i];
        b->head[p] += b->delta[dirs[i]];
        b->cell[b->head[p]] = 1;
        fill_rec(f, len + 1, horizon);
        b->cell[b->head[p]] = 0;
        b->head[p] -= b->delta[dirs[i]];
        if (f->stopped || f->best >= f->bound)
            return;
    }
}

/* Iterative deepening of the horizon (1, 2, 4, ... moves): a path is valued
 * at its length plus the bound where it stops, so each iteration finds the
 * first move of the path that keeps the most room for `horizon` moves; the
 * iteration whose paths all end before the horizon is the exact search. */
void ar_tron_fill_search(tron_fill *f)
{
    int dirs[4], bounds[4], n, horizon, move, value;
    f->nodes = 0;
    f->stopped = 0;
    f->proven = 0;
    f->prefer = 0;
    f->bound = ar_tron_fill_upper(f->b, f->w, f->player);
    n = ordered_moves(f, dirs, bounds);
    f->best_move = n ? dirs[0] : AR_TRON_NORTH;
    f->best = 0;
    if (n == 0) {
        f->proven = 1;
        return;
    }
    move = dirs[0];
    value = bounds[0];
    for (horizon = f->exact_only ? INT_MAX : 1;; horizon *= 2) {
        f->best = -1;
        f->horizon_hits = 0;
        fill_rec(f, 0, horizon);
        if (f->stopped)
            break;
        move = f->best_move;
        value = f->best;
        f->prefer = move;
        if (f->horizon_hits == 0 || horizon > INT_MAX / 2) {
            f->proven = 1; /* every path ended: the exact maximum */
            break;
        }
    }
    f->best_move = move;
    f->best = value;
}
