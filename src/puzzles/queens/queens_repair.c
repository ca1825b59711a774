/* queens_repair.c — min-conflicts for n queens by swaps, after Sosič and Gu
 * (1991): the free rows go to the free columns as a permutation, so rows
 * never clash and only diagonals need repair; a greedy start places each
 * column's queen on a row whose two diagonals are still empty when a few
 * random tries find one (nearly all of them do, until the last few hundred
 * columns), and the repair then swaps the rows of a queen in conflict and
 * a random other queen whenever the swap lowers the number of collisions
 * (a diagonal holding k queens counts k - 1). Diagonal counts make a trial
 * swap cost a constant, so a million queens take a few million steps.
 *
 * Given queens stay where they are. After 2m + 1000 trial swaps without
 * progress (m free columns) it restarts from a fresh greedy placement, which
 * is what small boards with their few solutions need. Like every local
 * search it cannot tell an unsolvable placement from a hard one: a limit
 * of the run stops it. */
#include "queens_internal.h"

#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"

typedef struct repair {
    uint32_t n, m;
    uint32_t *cols;      /* the free columns */
    uint32_t *row;       /* row (0-based) of each free column's queen, by position in cols */
    uint32_t *up, *down; /* queens on each diagonal r + c and r - c + n - 1 */
    uint32_t *list;      /* positions that were in conflict (checked when picked) */
    uint8_t *listed;
    size_t nlist;
    int64_t collisions;
} repair;

static int64_t leave(repair *R, uint32_t c, uint32_t r)
{
    int64_t d = 0;
    d -= --R->up[r + c] >= 1;
    d -= --R->down[r + R->n - 1 - c] >= 1;
    return d;
}

static int64_t enter(repair *R, uint32_t c, uint32_t r)
{
    int64_t d = 0;
    d += R->up[r + c]++ >= 1;
    d += R->down[r + R->n - 1 - c]++ >= 1;
    return d;
}

static int conflicted(const repair *R, uint32_t i)
{
    uint32_t c = R->cols[i], r = R->row[i];
    return R->up[r + c] > 1 || R->down[r + R->n - 1 - c] > 1;
}

static void add_to_list(repair *R, uint32_t i)
{
    if (!R->listed[i]) {
        R->listed[i] = 1;
        R->list[R->nlist++] = i;
    }
}

/* The greedy start: column by column, a row whose diagonals are free when
 * one of 32 random tries finds it, else the last row tried. Ten million
 * columns take seconds (random tries over large arrays), so it asks the
 * run every 65536 columns; 1 when the run stopped it. */
static int greedy(repair *R, const ar_instance *in, ar_rng *rng, ar_run *run)
{
    uint32_t i, c, *free_rows = R->row, k = 0;
    uint8_t *taken = R->listed; /* borrowed: rows taken by given queens */
    memset(R->up, 0, (2 * (size_t)R->n) * sizeof *R->up);
    memset(R->down, 0, (2 * (size_t)R->n) * sizeof *R->down);
    memset(taken, 0, R->n);
    for (c = 0; c < R->n; c++)
        if (in->start[c]) {
            taken[in->start[c] - 1] = 1;
            enter(R, c, in->start[c] - 1);
        }
    for (i = 0; i < R->n; i++)
        if (!taken[i])
            free_rows[k++] = i;
    R->collisions = 0;
    for (i = 0; i < R->m; i++) {
        uint32_t j = i, t, r;
        if ((i & 0xffffu) == 0xffffu && run && ar_run_check_now(run))
            return 1;
        c = R->cols[i];
        for (t = 0; t < 32; t++) {
            j = i + (uint32_t)ar_rng_below(rng, R->m - i);
            r = free_rows[j];
            if (R->up[r + c] == 0 && R->down[r + R->n - 1 - c] == 0)
                break;
        }
        r = free_rows[j];
        free_rows[j] = free_rows[i], free_rows[i] = r;
        R->collisions += enter(R, c, r);
    }
    memset(R->listed, 0, R->n);
    R->nlist = 0;
    return 0;
}

static void rebuild_list(repair *R)
{
    uint32_t i;
    for (i = 0; i < R->m; i++)
        if (conflicted(R, i))
            add_to_list(R, i);
}

int ar_queens_repair(const ar_instance *in, ar_run *run, uint64_t seed, uint32_t *rows, uint64_t *swaps, ar_error *err)
{
    repair R;
    ar_rng rng;
    ar_mem local, *mem = run ? &run->mem : &local;
    uint64_t stale = 0;
    uint32_t c, i;
    size_t n = in->n;
    int solved = 0;
    memset(&R, 0, sizeof R);
    ar_mem_init(&local, 0);
    R.n = in->n, R.m = in->n - in->given;
    *swaps = 0;
    R.cols = ar_mem_alloc(mem, (R.m + 1) * sizeof *R.cols, 0, "min-conflicts", err);
    R.row = ar_mem_alloc(mem, (n + 1) * sizeof *R.row, 0, "min-conflicts", err);
    R.up = ar_mem_alloc(mem, 2 * (n + 1) * sizeof *R.up, 0, "min-conflicts", err);
    R.down = ar_mem_alloc(mem, 2 * (n + 1) * sizeof *R.down, 0, "min-conflicts", err);
    R.list = ar_mem_alloc(mem, (R.m + 1) * sizeof *R.list, 0, "min-conflicts", err);
    R.listed = ar_mem_alloc(mem, n + 1, 0, "min-conflicts", err);
    if (!R.cols || !R.row || !R.up || !R.down || !R.list || !R.listed) {
        solved = -1;
        goto out;
    }
    for (c = 0, i = 0; c < in->n; c++)
        if (!in->start[c])
            R.cols[i++] = c;
    ar_rng_seed(&rng, seed);
    if (greedy(&R, in, &rng, run))
        goto out;
    while (R.collisions > 0) {
        uint32_t a, b, ca, cb, ra, rb;
        size_t k;
        int64_t d;
        if (R.nlist == 0)
            rebuild_list(&R);
        if (R.nlist == 0)
            goto out; /* only given queens collide: nothing to repair */
        if (run) {
            run->res->expanded++;
            if (ar_run_should_stop(run))
                goto out;
        }
        k = (size_t)ar_rng_below(&rng, R.nlist);
        a = R.list[k];
        if (!conflicted(&R, a)) { /* no longer in conflict: off the list */
            R.list[k] = R.list[--R.nlist];
            R.listed[a] = 0;
            continue;
        }
        b = (uint32_t)ar_rng_below(&rng, R.m);
        if (b == a)
            continue;
        ca = R.cols[a], cb = R.cols[b], ra = R.row[a], rb = R.row[b];
        d = leave(&R, ca, ra) + leave(&R, cb, rb) + enter(&R, ca, rb) + enter(&R, cb, ra);
        if (d < 0) {
            R.row[a] = rb, R.row[b] = ra;
            R.collisions += d;
            (*swaps)++;
            stale = 0;
            if (conflicted(&R, b))
                add_to_list(&R, b);
            continue;
        }
        leave(&R, ca, rb), leave(&R, cb, ra), enter(&R, ca, ra), enter(&R, cb, rb);
        if (++stale > 2 * (uint64_t)R.m + 1000) { /* stuck: a fresh start */
            if (greedy(&R, in, &rng, run))
                goto out;
            stale = 0;
        }
    }
    for (c = 0; c < in->n; c++)
        rows[c] = in->start[c];
    for (i = 0; i < R.m; i++)
        rows[R.cols[i]] = R.row[i] + 1;
    solved = 1;
out:
    ar_mem_free(mem, R.cols, (R.m + 1) * sizeof *R.cols);
    ar_mem_free(mem, R.row, (n + 1) * sizeof *R.row);
    ar_mem_free(mem, R.up, 2 * (n + 1) * sizeof *R.up);
    ar_mem_free(mem, R.down, 2 * (n + 1) * sizeof *R.down);
    ar_mem_free(mem, R.list, (R.m + 1) * sizeof *R.list);
    ar_mem_free(mem, R.listed, n + 1);
    return solved;
}
