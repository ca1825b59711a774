/* tron_plan.c — a planned path for filling a large separated region: the
 * whole path is kept from move to move and lengthened while there is time,
 * so the bot always holds a path it can follow to the end and never plays
 * a move whose consequences it has only estimated.
 *
 * Branch and bound (tron_filler.c) proves the longest path of regions of up
 * to about a hundred cells; beyond that it cannot finish, and a search with
 * an estimate at its horizon (the filler of tron_bots.c) leaves holes it
 * did not see — in a 237-cell half of big-room it makes 233 moves where the
 * plan makes 235. The plan is built the way long paths are found in graph
 * theory:
 *
 *   build    from the head, each step to the neighbour that keeps the
 *            largest proven bound (ar_tron_fill_upper), then the fewest
 *            free neighbours (hug the walls);
 *   detours  wherever two consecutive path cells have two free cells beside
 *            them (a square), the path goes round the square: two cells
 *            more (checkerboard parity: extra cells come in pairs);
 *   holes    a free cell on the corner of a square whose other corners are
 *            three consecutive path cells trades places with the middle
 *            one at no cost, so holes wander until two meet beside the
 *            path (a detour takes them) or one reaches the tail;
 *   rotation (Posa) when the tail end touches path cell j, reversing the
 *            path after j gives a path of the same length with another end,
 *            which may extend further;
 *   restarts a random walk over these moves that stops improving goes back
 *            to the best path, cut at a random cell (a quarter of the time
 *            back to the head) and regrown along the bound.
 *
 * Every step keeps a valid path from the head, so the plan's length is
 * always achievable; when it meets the proven bound it is the maximum and
 * the work stops. The next move is the plan's first step, and on the next
 * turn the plan goes on from there (the opponent cannot touch our region).
 * While planning, the plan's cells are marked on the board (free = off the
 * path and not blocked); the board is restored on return. */
#include "tron_internal.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/timer.h"

void ar_tron_plan_init(tron_plan *pl, int n, uint64_t seed)
{
    memset(pl, 0, sizeof *pl);
    pl->cell = ar_xcalloc((size_t)n, sizeof(int));
    pl->best = ar_xcalloc((size_t)n, sizeof(int));
    pl->index = ar_xcalloc((size_t)n, sizeof(int));
    pl->region = ar_xcalloc((size_t)n, sizeof(int));
    pl->holes = ar_xcalloc((size_t)n, sizeof(int));
    ar_rng_seed(&pl->rng, seed);
}

void ar_tron_plan_free(tron_plan *pl)
{
    free(pl->cell);
    free(pl->best);
    free(pl->index);
    free(pl->region);
    free(pl->holes);
    memset(pl, 0, sizeof *pl);
}

/* Whether cell c is on the working path (a sparse set: no clearing). */
static int on_path(const tron_plan *pl, int c)
{
    int i = pl->index[c];
    return i >= 0 && i < pl->len && pl->cell[i] == c;
}

static void reindex(tron_plan *pl, int from)
{
    int i;
    for (i = from; i < pl->len; i++)
        pl->index[pl->cell[i]] = i;
}

static void append(tron_plan *pl, tron_board *b, int c)
{
    pl->index[c] = pl->len;
    pl->cell[pl->len++] = c;
    b->cell[c] = 1;
}

/* Whether to stop, after `work` of a budget of `budget` (0: none). */
static int stop_now(const tron_plan_limits *lim, uint64_t budget, uint64_t work)
{
    if (lim->interrupt && *lim->interrupt)
        return 1;
    if (budget && work >= budget)
        return 1;
    return lim->deadline > 0 && (lim->clock ? lim->clock() : ar_now()) >= lim->deadline;
}

/* Grows the path from its tail while it can: each step to the neighbour
 * with the fewest free neighbours, ties broken at random. With `bounded`,
 * first by the largest proven bound after the step (a pass over the region
 * per neighbour: builds and regrowths; the clock is heeded every 8 steps);
 * without, cheap (the improvement moves). */
static void extend(tron_plan *pl, tron_board *b, tron_work *w, int p, int bounded, const tron_plan_limits *lim,
                   uint64_t budget, uint64_t *work)
{
    int saved = b->head[p], steps = 0;
    for (;;) {
        int tail = pl->cell[pl->len - 1], d, pick = -1, pick_ub = -1, pick_ex = 5, ties = 0;
        for (d = 1; d <= 4; d++) {
            int u = tail + b->delta[d], ub = 0, ex;
            if (b->cell[u])
                continue;
            ex = tron_free_neighbours(b, u);
            if (bounded) {
                b->head[p] = u;
                b->cell[u] = 1;
                ub = ar_tron_fill_upper(b, w, p);
                b->cell[u] = 0;
            }
            if (ub > pick_ub || (ub == pick_ub && ex < pick_ex)) {
                pick = u;
                pick_ub = ub;
                pick_ex = ex;
                ties = 1;
            } else if (ub == pick_ub && ex == pick_ex && ar_rng_below(&pl->rng, (uint64_t)++ties) == 0) {
                pick = u;
            }
        }
        if (pick < 0)
            break;
        append(pl, b, pick);
        if (bounded) {
            /* A step costs a pass over the region: on the largest maps a
             * whole build takes tens of milliseconds, so it heeds the clock. */
            *work += (uint64_t)pl->regions;
            if ((++steps & 7) == 0 && stop_now(lim, budget, *work))
                break;
        }
    }
    b->head[p] = saved;
}

/* Sends the path round every square beside it; returns the cells added. */
static int detours(tron_plan *pl, tron_board *b, int w)
{
    int i, added = 0;
    for (i = 0; i + 1 < pl->len; i++) {
        int a = pl->cell[i], c = pl->cell[i + 1], side = (c - a == 1 || a - c == 1) ? w : 1, s;
        for (s = -1; s <= 1; s += 2) {
            int x = a + s * side, y = c + s * side;
            if (b->cell[x] || b->cell[y])
                continue;
            memmove(pl->cell + i + 3, pl->cell + i + 1, sizeof(int) * (size_t)(pl->len - i - 1));
            pl->cell[i + 1] = x;
            pl->cell[i + 2] = y;
            pl->len += 2;
            b->cell[x] = b->cell[y] = 1;
            reindex(pl, i + 1);
            added += 2;
            i--; /* the pair (a, x) may have a square beside it too */
            break;
        }
    }
    return added;
}

/* One Posa rotation at the tail: returns 0 when the tail touches no path
 * cell but its predecessor. */
static int rotate(tron_plan *pl, const tron_board *b)
{
    int tail = pl->cell[pl->len - 1], js[4], n = 0, d, j, lo, hi;
    for (d = 1; d <= 4; d++) {
        int u = tail + b->delta[d];
        if (on_path(pl, u) && pl->index[u] <= pl->len - 3)
            js[n++] = pl->index[u];
    }
    if (n == 0)
        return 0;
    j = js[ar_rng_below(&pl->rng, (uint64_t)n)];
    for (lo = j + 1, hi = pl->len - 1; lo < hi; lo++, hi--) {
        int t = pl->cell[lo];
        pl->cell[lo] = pl->cell[hi];
        pl->cell[hi] = t;
    }
    reindex(pl, j + 1);
    return 1;
}

/* Moves a hole (a region cell off the path) at no cost: where a hole h
 * and path cell P[i+1] are opposite corners of a square whose other
 * corners are P[i] and P[i+2], the path goes through h instead, and
 * P[i+1] becomes the hole. A random hole takes one of its moves at random
 * (a hole keeps its colour: it moves diagonally). Returns whether one
 * moved. */
static int move_hole(tron_plan *pl, tron_board *b)
{
    int holes = 0, k, h, d, e, moves = 0, pick = -1;
    for (k = 0; k < pl->regions; k++)
        if (!b->cell[pl->region[k]])
            pl->holes[holes++] = pl->region[k];
    if (holes == 0)
        return 0;
    h = pl->holes[ar_rng_below(&pl->rng, (uint64_t)holes)];
    for (d = 1; d <= 4; d++) {
        int u = h + b->delta[d];
        if (!on_path(pl, u))
            continue;
        for (e = 1; e <= 4; e++) {
            int v = h + b->delta[e];
            /* u and v are both beside h and two apart on the path: they are
             * corners of a square whose fourth corner is between them. */
            if (e != d && on_path(pl, v) && pl->index[v] == pl->index[u] + 2 &&
                ar_rng_below(&pl->rng, (uint64_t)++moves) == 0)
                pick = pl->index[u] + 1;
        }
    }
    if (pick < 0)
        return 0;
    b->cell[pl->cell[pick]] = 0;
    b->cell[h] = 1;
    pl->cell[pick] = h;
    pl->index[h] = pick;
    return 1;
}

/* Cuts the path back to its first keep cells (keep >= 1). */
static void truncate_to(tron_plan *pl, tron_board *b, int keep)
{
    int i;
    for (i = keep; i < pl->len; i++)
        b->cell[pl->cell[i]] = 0;
    pl->len = keep;
}

static void save_best(tron_plan *pl)
{
    memcpy(pl->best, pl->cell, sizeof(int) * (size_t)pl->len);
    pl->best_len = pl->len;
}

static void load_best(tron_plan *pl, tron_board *b)
{
    int i;
    truncate_to(pl, b, 1); /* unmarks the working path */
    memcpy(pl->cell, pl->best, sizeof(int) * (size_t)pl->best_len);
    pl->len = pl->best_len;
    for (i = 1; i < pl->len; i++)
        b->cell[pl->cell[i]] = 1;
    reindex(pl, 0);
}

/* Whether the kept plan still starts at the head — it was made here, or we
 * followed its first step (then it drops the cell we left) — and its other
 * cells are free. */
static int plan_continues(tron_plan *pl, const tron_board *b, int p)
{
    int i, moved;
    if (pl->best_len < 2 || (pl->best[0] != b->head[p] && pl->best[1] != b->head[p]))
        return 0;
    moved = pl->best[0] != b->head[p];
    for (i = 1 + moved; i < pl->best_len; i++)
        if (b->cell[pl->best[i]])
            return 0;
    if (moved) {
        memmove(pl->best, pl->best + 1, sizeof(int) * (size_t)(pl->best_len - 1));
        pl->best_len--;
    }
    return 1;
}

int ar_tron_plan_fill(tron_plan *pl, tron_board *b, tron_work *w, int p, const tron_plan_limits *lim)
{
    int bound = ar_tron_fill_upper(b, w, p), stale = 0, counts[2];
    uint64_t work = 0, iter = 0, budget = lim->work;
    pl->regions = ar_tron_reach(b, w, p, counts);
    memcpy(pl->region, w->queue, sizeof(int) * (size_t)pl->regions);
    pl->len = 1;
    pl->cell[0] = b->head[p];
    pl->index[b->head[p]] = 0;
    if (plan_continues(pl, b, p)) {
        budget = lim->work_kept;
        load_best(pl, b);
    } else {
        extend(pl, b, w, p, 1, lim, budget, &work);
        save_best(pl);
    }
    work += (uint64_t)pl->len;
    while (detours(pl, b, b->w) > 0)
        work += (uint64_t)pl->len;
    extend(pl, b, w, p, 0, lim, budget, &work);
    if (pl->len > pl->best_len)
        save_best(pl);
    while (pl->best_len - 1 < bound) {
        if ((++iter & 3) == 0 && stop_now(lim, budget, work))
            break;
        if (stale > 4 * pl->len + 64) {
            /* Stuck on a plateau: back to the best path, its tail cut back
             * at random and regrown. */
            load_best(pl, b);
            truncate_to(pl, b, ar_rng_below(&pl->rng, 4) == 0 ? 1 : 1 + (int)ar_rng_below(&pl->rng, (uint64_t)pl->len));
            stale = 0;
            extend(pl, b, w, p, 1, lim, budget, &work);
        } else if ((iter & 1) && move_hole(pl, b)) {
            ;
        } else if (!rotate(pl, b)) {
            stale += pl->len; /* a dead end that touches only itself */
            continue;
        }
        extend(pl, b, w, p, 0, lim, budget, &work);
        while (detours(pl, b, b->w) > 0)
            work += (uint64_t)pl->len;
        work += (uint64_t)pl->len;
        if (pl->len > pl->best_len) {
            save_best(pl);
            stale = 0;
        } else {
            stale++;
        }
    }
    truncate_to(pl, b, 1);
    pl->work = work;
    pl->proven = pl->best_len - 1 >= bound;
    return pl->best_len - 1;
}

int ar_tron_plan_move(const tron_plan *pl, const tron_board *b)
{
    int d;
    if (pl->best_len < 2)
        return 0;
    for (d = 1; d <= 4; d++)
        if (pl->best[0] + b->delta[d] == pl->best[1])
            return d;
    return 0;
}
