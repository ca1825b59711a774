/* magic_pairs.c — counting normal magic squares of order 3..5 by pairs of
 * orthogonal line partitions, fast enough to count all 2,202,441,792 squares
 * of order 5 in about 45 s of CPU (the square-by-square search of
 * magic_count.c would take days).
 *
 * The rows of a magic square of order n partition {1..n²} into n sets that
 * each sum to the magic constant s; so do its columns; and the two
 * partitions R and C are orthogonal (each row set meets each column set in
 * exactly one number). Conversely, an orthogonal pair (R, C) with an order
 * of the rows (position k holds row set a(k)) and of the columns (b(l))
 * gives a square whose rows and columns all sum to s; only the diagonals are
 * left. The main diagonal pairs row set a(k) with column set b(k), so it is
 * the permutation m1 = b∘a⁻¹ of the matrix M[i][j] = R_i ∩ C_j; the
 * anti-diagonal is m2 = b∘r∘a⁻¹ with r(k) = n-1-k. Then m2∘m1⁻¹ = b r b⁻¹,
 * which has the cycle type of r (⌊n/2⌋ 2-cycles, plus a fixed point when n
 * is odd). Conversely, for two permutations m1, m2 whose diagonal entries
 * each sum to s and with m2∘m1⁻¹ of that type, the orders b with
 * b r b⁻¹ = m2∘m1⁻¹ are a coset of r's centraliser in S_n, of size
 * z = 2^⌊n/2⌋·⌊n/2⌋! (2, 8, 8 for n = 3, 4, 5), and each b fixes
 * a = m1⁻¹∘b. So
 *     all squares = z · Σ over ordered orthogonal pairs (R, C) of N(R, C),
 * N being the number of such (m1, m2). For odd n the centre is the entry of
 * the row i with m1(i) = m2(i), which gives the counts by centre value.
 *
 * The count runs over every row partition R (an exact cover by the s-sum
 * n-sets, smallest missing number first); for each R it lists the
 * transversals (one number from each row set) summing to s, and each column
 * partition C is an exact cover by n of those. Transposing a square swaps R
 * and C and keeps its centre, so N(R, C) = N(C, R): the count takes only the
 * pairs in which C's set holding 1 is greater (as a bit mask) than R's — the
 * two sets holding 1 meet only in 1, so they differ and exactly one of the
 * two orders qualifies — and doubles. For each pair the diagonal
 * permutations are the transversals that also meet every column set once
 * (the search keeps them as bit sets while it builds C and gives up on a
 * partial C when fewer than two are left); the pairs of them are judged by
 * one table lookup.
 *
 * Threads take tasks (the first two row sets of a partition) from a shared
 * counter and complete them; a task is the unit of progress, and Ctrl-C or
 * the time limit is noticed after the row partition at hand (a stopped
 * count is a lower bound). Restricting the count to squares with a given
 * row set (and column set) gives small sub-counts that tests compare with a
 * plain search. */
#include "magic_internal.h"
#include "ariadne/timer.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define PAIRS_MAX_N 5
#define PAIRS_MAX_PERMS 120 /* 5! */
#define TASK_DEPTH 2        /* row sets fixed by a task */

/* Everything that depends only on the order, shared read-only by the threads. */
typedef struct pairs_plan {
    unsigned n, cells, sum, nperms;
    uint32_t *sets;              /* every s-sum n-set, as a mask (bit v-1 for v) */
    size_t nsets;
    size_t by_low_start[MAGIC_MAX_CELLS + 1]; /* sets sorted by lowest element */
    uint32_t row_set, col_set;   /* restrictions (0: none) */
    /* tasks: the first two row sets of a partition (the one holding 1, the
     * one holding the smallest number left); a thread completes them */
    uint32_t *tasks;
    size_t ntasks;
    unsigned short perm_of_code[3125]; /* Σ m(i)·n^i -> permutation index */
    unsigned char perm[PAIRS_MAX_PERMS][PAIRS_MAX_N];
    /* 0: m2∘m1⁻¹ not of r's type; else 1 + the row where m1 and m2 agree
     * (odd n) or 1 (even n) */
    unsigned char pair[PAIRS_MAX_PERMS][PAIRS_MAX_PERMS];
} pairs_plan;

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    uint32_t lx = x & -x, ly = y & -y; /* lowest element first, then by mask */
    return lx != ly ? (lx < ly ? -1 : 1) : x < y ? -1 : x > y;
}

static void list_sets(pairs_plan *pl, unsigned next, unsigned left, unsigned sum, uint32_t mask)
{
    unsigned v;
    if (left == 0) {
        if (sum == pl->sum)
            pl->sets[pl->nsets++] = mask;
        return;
    }
    for (v = next; v <= pl->cells && sum + v * left <= pl->sum; v++)
        list_sets(pl, v + 1, left - 1, sum + v, mask | (uint32_t)1 << (v - 1));
}

/* Whether set may be a row of a partition under the restrictions: the row
 * set is a row or disjoint from it; the column set meets every row once. */
static int row_allowed(const pairs_plan *pl, uint32_t set)
{
    if (pl->row_set && (pl->row_set & set) && set != pl->row_set)
        return 0;
    return !pl->col_set || __builtin_popcount(set & pl->col_set) <= 1;
}

/* The tasks: every start of a row partition with TASK_DEPTH rows (exact
 * cover by the s-sum sets, the set holding the smallest uncovered number
 * chosen at each depth, as the threads continue it). Returns -1 when out of
 * memory. */
static int list_tasks(pairs_plan *pl, size_t *cap, uint32_t *rows, unsigned depth, uint32_t covered)
{
    unsigned low = (unsigned)__builtin_ctz(~covered);
    size_t k;
    if (depth == TASK_DEPTH) {
        if (pl->ntasks == *cap) {
            uint32_t *t = realloc(pl->tasks, 2 * (*cap ? 2 * *cap : 1024) * sizeof *t);
            if (!t)
                return -1;
            pl->tasks = t, *cap = *cap ? 2 * *cap : 1024;
        }
        memcpy(pl->tasks + TASK_DEPTH * pl->ntasks++, rows, TASK_DEPTH * sizeof *rows);
        return 0;
    }
    for (k = pl->by_low_start[low]; k < pl->by_low_start[low + 1]; k++) {
        uint32_t s = pl->sets[k];
        if ((s & covered) || !row_allowed(pl, s))
            continue;
        rows[depth] = s;
        if (list_tasks(pl, cap, rows, depth + 1, covered | s) != 0)
            return -1;
    }
    return 0;
}

/* The permutations of n columns, by index, and the table `pair` that says
 * whether m2∘m1⁻¹ has r's cycle type (an involution with n mod 2 fixed
 * points) and where m1 and m2 agree. */
static void make_pair_table(pairs_plan *pl)
{
    unsigned n = pl->n, a, b, i, count = 0;
    unsigned char p[PAIRS_MAX_N];
    unsigned code, k;
    /* every permutation, by index, and code -> index */
    memset(pl->perm_of_code, 0xff, sizeof pl->perm_of_code);
    for (code = 0; code < 3125; code++) {
        unsigned c = code, seen = 0, ok = 1;
        for (i = 0; i < 5; i++, c /= 5) {
            p[i] = (unsigned char)(c % 5);
            if (i < n && (p[i] >= n || seen >> p[i] & 1))
                ok = 0;
            if (i >= n && p[i] != 0)
                ok = 0;
            seen |= 1u << p[i];
        }
        if (!ok)
            continue;
        memcpy(pl->perm[count], p, n);
        pl->perm_of_code[code] = (unsigned short)count++;
    }
    pl->nperms = count;
    for (a = 0; a < count; a++)
        for (b = 0; b < count; b++) {
            /* sigma = m2∘m1⁻¹ on columns: sigma(m1(i)) = m2(i) */
            unsigned char sigma[PAIRS_MAX_N];
            unsigned fixed = 0, fixed_row = 0, involution = 1;
            for (i = 0; i < n; i++)
                sigma[pl->perm[a][i]] = pl->perm[b][i];
            for (k = 0; k < n; k++) {
                if (sigma[sigma[k]] != k)
                    involution = 0;
            }
            for (i = 0; i < n; i++)
                if (pl->perm[a][i] == pl->perm[b][i])
                    fixed++, fixed_row = i;
            pl->pair[a][b] = involution && fixed == n % 2 ? (unsigned char)(1 + (n % 2 ? fixed_row : 0)) : 0;
        }
}

static void plan_free(pairs_plan *pl)
{
    free(pl->sets);
    free(pl->tasks);
}

static ar_status plan_make(pairs_plan *pl, unsigned n, uint32_t row_set, uint32_t col_set, ar_error *err)
{
    uint32_t rows[PAIRS_MAX_N];
    size_t k, cap = 0;
    unsigned low;
    memset(pl, 0, sizeof *pl);
    pl->n = n, pl->cells = n * n, pl->sum = n * (n * n + 1) / 2;
    pl->row_set = row_set, pl->col_set = col_set;
    if (!(pl->sets = malloc(4096 * sizeof *pl->sets))) /* 1,394 for n = 5 */
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the line sets");
    list_sets(pl, 1, n, 0, 0);
    qsort(pl->sets, pl->nsets, sizeof *pl->sets, cmp_u32);
    for (low = 0, k = 0; low <= pl->cells; low++) {
        while (k < pl->nsets && (unsigned)__builtin_ctz(pl->sets[k]) < low)
            k++;
        pl->by_low_start[low] = k;
    }
    if (list_tasks(pl, &cap, rows, 0, 0) != 0) {
        plan_free(pl);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the task list");
    }
    make_pair_table(pl);
    return AR_OK;
}

/* --- one thread's work: every column partition of one row partition ------ */

/* Transversals of one row partition summing to s: 3,125 choices at most for
 * n = 5, far fewer of them hitting the sum. */
#define MAX_TRANSVERSALS 1024
#define WORDS (MAX_TRANSVERSALS / 64)

typedef struct pairs_worker {
    const pairs_plan *pl;
    const uint32_t *rows;
    uint32_t col_set;     /* 0, or a set every counted C must contain */
    int halve;            /* count only C whose 1-set exceeds R's (symmetry) */
    int overflow;         /* more transversals than MAX_TRANSVERSALS (never seen) */
    size_t ntrans;
    unsigned words;       /* 64-bit words of a transversal bit set */
    uint32_t trans[MAX_TRANSVERSALS];
    unsigned char trans_elem[MAX_TRANSVERSALS][PAIRS_MAX_N]; /* its number (bit) in row i */
    unsigned short by_elem[MAGIC_MAX_CELLS][MAX_TRANSVERSALS]; /* transversals holding each number */
    unsigned by_elem_count[MAGIC_MAX_CELLS];
    uint64_t holding[MAGIC_MAX_CELLS][WORDS]; /* the same as bit sets */
    /* alive[d]: the transversals meeting each of the first d column sets at
     * most once — the candidates for the diagonals */
    uint64_t alive[PAIRS_MAX_N + 1][WORDS];
    uint32_t cols[PAIRS_MAX_N];
    unsigned char col_of[MAGIC_MAX_CELLS];
    const volatile sig_atomic_t *interrupt;
    uint64_t partitions;  /* row partitions counted */
    uint64_t pairs_seen;  /* orthogonal pairs (R, C) looked at */
    uint64_t total;       /* Σ N(R, C) */
    uint64_t by_centre[MAGIC_MAX_CELLS + 1];
} pairs_worker;

static void list_transversals(pairs_worker *w, unsigned row, unsigned sum, uint32_t mask, unsigned char *elems)
{
    const pairs_plan *pl = w->pl;
    uint32_t left = w->rows[row];
    if (row + 1 == pl->n) {
        unsigned v = pl->sum - sum;
        if (v < 1 || v > pl->cells || !(left >> (v - 1) & 1))
            return;
        if (w->ntrans == MAX_TRANSVERSALS) {
            w->overflow = 1;
            return;
        }
        elems[row] = (unsigned char)(v - 1);
        memcpy(w->trans_elem[w->ntrans], elems, pl->n);
        w->trans[w->ntrans++] = mask | (uint32_t)1 << (v - 1);
        return;
    }
    while (left) {
        unsigned e = (unsigned)__builtin_ctz(left);
        left &= left - 1;
        if (sum + e + 1 < pl->sum) {
            elems[row] = (unsigned char)e;
            list_transversals(w, row + 1, sum + e + 1, mask | (uint32_t)1 << e, elems);
        }
    }
}

/* A complete column partition: its diagonal permutations are the alive
 * transversals (each meets every row set and every column set once, and
 * sums to s); the pairs of them of r's cycle type count. */
static void score_pair(pairs_worker *w)
{
    const pairs_plan *pl = w->pl;
    unsigned short diag[MAX_TRANSVERSALS];
    unsigned short diag_trans[MAX_TRANSVERSALS];
    unsigned i, j, nd = 0, a, b, k;
    const uint64_t *alive = w->alive[pl->n];
    if (w->col_set) {
        for (j = 0; j < pl->n && w->cols[j] != w->col_set; j++)
            ;
        if (j == pl->n)
            return;
    }
    w->pairs_seen++;
    for (j = 0; j < pl->n; j++) {
        uint32_t c = w->cols[j];
        while (c) {
            w->col_of[__builtin_ctz(c)] = (unsigned char)j;
            c &= c - 1;
        }
    }
    for (k = 0; k < w->words; k++) {
        uint64_t bits = alive[k];
        while (bits) {
            unsigned t = 64 * k + (unsigned)__builtin_ctzll(bits), code = 0, scale = 1;
            bits &= bits - 1;
            for (i = 0; i < pl->n; i++, scale *= 5)
                code += w->col_of[w->trans_elem[t][i]] * scale;
            diag_trans[nd] = (unsigned short)t;
            diag[nd++] = pl->perm_of_code[code];
        }
    }
    for (a = 0; a < nd; a++)
        for (b = 0; b < nd; b++) {
            unsigned t = pl->pair[diag[a]][diag[b]];
            if (t) {
                w->total++;
                if (pl->n % 2)
                    w->by_centre[w->trans_elem[diag_trans[a]][t - 1] + 1]++;
            }
        }
}

/* Narrows the diagonal candidates to those meeting the column set with
 * numbers el (one per row) at most once; returns whether two are left (m1
 * and m2 must differ). */
static int narrow_diagonals(pairs_worker *w, unsigned depth, const unsigned char *el)
{
    unsigned i, r, n = w->pl->n, live = 0;
    for (i = 0; i < w->words; i++) {
        uint64_t once = 0, twice = 0, h, a;
        for (r = 0; r < n; r++) {
            h = w->holding[el[r]][i];
            twice |= once & h;
            once |= h;
        }
        a = w->alive[depth + 1][i] = w->alive[depth][i] & ~twice;
        if (a)
            live += a & (a - 1) ? 2 : 1;
    }
    return live >= 2;
}

static void column_partitions(pairs_worker *w, unsigned depth, uint32_t covered)
{
    const pairs_plan *pl = w->pl;
    uint32_t full = (uint32_t)(((uint64_t)1 << pl->cells) - 1);
    unsigned low, k;
    if (depth + 1 == pl->n) {
        /* the last column set is what is left: a transversal (its sum is
         * then s, as the others' are) or nothing */
        uint32_t rest = full & ~covered;
        unsigned char el[PAIRS_MAX_N];
        unsigned r;
        for (r = 0; r < pl->n; r++) {
            uint32_t x = rest & w->rows[r];
            if (!x || (x & (x - 1)))
                return;
            el[r] = (unsigned char)__builtin_ctz(x);
        }
        if (!narrow_diagonals(w, depth, el))
            return;
        w->cols[depth] = rest;
        score_pair(w);
        return;
    }
    low = (unsigned)__builtin_ctz(~covered & full);
    for (k = 0; k < w->by_elem_count[low]; k++) {
        unsigned idx = w->by_elem[low][k];
        uint32_t t = w->trans[idx];
        if (t & covered)
            continue;
        if (depth == 0 && w->halve && t <= w->rows[0])
            continue;
        if (w->col_set && (t & w->col_set) && t != w->col_set) /* restricted */
            continue;
        if (!narrow_diagonals(w, depth, w->trans_elem[idx]))
            continue;
        w->cols[depth] = t;
        column_partitions(w, depth + 1, covered | t);
    }
}

static void count_row_partition(pairs_worker *w, const uint32_t *rows)
{
    unsigned char elems[PAIRS_MAX_N];
    size_t k;
    unsigned e;
    w->rows = rows;
    w->ntrans = 0;
    list_transversals(w, 0, 0, 0, elems);
    w->words = (unsigned)((w->ntrans + 63) / 64);
    memset(w->by_elem_count, 0, sizeof w->by_elem_count);
    for (e = 0; e < w->pl->cells; e++)
        memset(w->holding[e], 0, w->words * sizeof(uint64_t));
    memset(w->alive[0], 0, sizeof w->alive[0]);
    for (k = 0; k < w->ntrans; k++) {
        uint32_t t = w->trans[k];
        w->alive[0][k / 64] |= (uint64_t)1 << (k % 64);
        while (t) {
            e = (unsigned)__builtin_ctz(t);
            t &= t - 1;
            w->by_elem[e][w->by_elem_count[e]++] = (unsigned short)k;
            w->holding[e][k / 64] |= (uint64_t)1 << (k % 64);
        }
    }
    column_partitions(w, 0, 0);
}

/* --- threads ------------------------------------------------------------- */

typedef struct pairs_pool pairs_pool;
static int should_stop(pairs_pool *p);

/* Completes a task's row partitions (as list_tasks began them) and counts
 * each; returns non-zero when a limit stopped it. */
static int complete_rows(pairs_worker *w, pairs_pool *p, uint32_t *rows, unsigned depth, uint32_t covered)
{
    const pairs_plan *pl = w->pl;
    uint32_t full = (uint32_t)(((uint64_t)1 << pl->cells) - 1);
    unsigned low;
    size_t k;
    if (covered == full) {
        count_row_partition(w, rows);
        w->partitions++;
        /* Ctrl-C at once, the clock every 256 partitions */
        return (w->interrupt && *w->interrupt) || (w->partitions % 256 == 0 && should_stop(p));
    }
    low = (unsigned)__builtin_ctz(~covered & full);
    for (k = pl->by_low_start[low]; k < pl->by_low_start[low + 1]; k++) {
        uint32_t s = pl->sets[k];
        if ((s & covered) || !row_allowed(pl, s))
            continue;
        rows[depth] = s;
        if (complete_rows(w, p, rows, depth + 1, covered | s))
            return 1;
    }
    return 0;
}

struct pairs_pool {
    const pairs_plan *pl;
    const ar_magic_pairs_options *o;
    size_t next, done;    /* tasks */
    int stopped, overflow;
    double t0;
    uint64_t total, pairs_seen, partitions;
    uint64_t by_centre[MAGIC_MAX_CELLS + 1];
    pthread_mutex_t lock;
};

static int should_stop(pairs_pool *p)
{
    const ar_magic_pairs_options *o = p->o;
    return (o->interrupt && *o->interrupt) || (o->time_limit > 0 && ar_now() - p->t0 >= o->time_limit);
}

static void *pairs_thread(void *arg)
{
    pairs_pool *p = arg;
    const pairs_plan *pl = p->pl;
    pairs_worker *w = calloc(1, sizeof *w);
    unsigned k;
    if (!w) {
        pthread_mutex_lock(&p->lock);
        p->stopped = 1; /* the others finish the work */
        pthread_mutex_unlock(&p->lock);
        return NULL;
    }
    w->pl = pl;
    w->col_set = p->o->col_set;
    w->halve = !p->o->row_set && !p->o->col_set;
    w->interrupt = p->o->interrupt;
    for (;;) {
        uint32_t rows[PAIRS_MAX_N];
        size_t task;
        int stopped;
        pthread_mutex_lock(&p->lock);
        if (should_stop(p))
            p->stopped = 1;
        task = p->stopped ? pl->ntasks : p->next++;
        pthread_mutex_unlock(&p->lock);
        if (task >= pl->ntasks)
            break;
        memcpy(rows, pl->tasks + TASK_DEPTH * task, TASK_DEPTH * sizeof *rows);
        stopped = complete_rows(w, p, rows, TASK_DEPTH, rows[0] | rows[1]);
        pthread_mutex_lock(&p->lock);
        p->done += !stopped; /* a stopped task's counts still stand: lower bounds */
        p->stopped |= stopped;
        p->total += w->total;
        p->pairs_seen += w->pairs_seen;
        p->partitions += w->partitions;
        for (k = 0; k <= pl->cells; k++)
            p->by_centre[k] += w->by_centre[k];
        w->total = w->pairs_seen = w->partitions = 0;
        memset(w->by_centre, 0, sizeof w->by_centre);
        if (p->o->progress) {
            char detail[96];
            snprintf(detail, sizeof detail, "%llu row partitions, %llu squares so far",
                     (unsigned long long)p->partitions,
                     (unsigned long long)(p->total * (w->halve ? 2u : 1u) * (pl->n == 3 ? 2u : 8u)));
            ar_progress_update(p->o->progress, p->done, pl->ntasks, "tasks", detail);
        }
        pthread_mutex_unlock(&p->lock);
    }
    pthread_mutex_lock(&p->lock);
    p->overflow |= w->overflow;
    pthread_mutex_unlock(&p->lock);
    free(w);
    return NULL;
}

ar_status ar_magic_pairs_count(const ar_magic_pairs_options *o, ar_magic_pairs_result *r, ar_error *err)
{
    pairs_plan *pl;
    pairs_pool p;
    pthread_t tids[64];
    unsigned n = o->order, threads = o->threads ? (o->threads > 64 ? 64 : o->threads) : 1, t, started = 0;
    unsigned centraliser, k, factor;
    ar_status st;
    memset(r, 0, sizeof *r);
    if (n < 3 || n > PAIRS_MAX_N)
        return ar_error_set(err, AR_ERR_INPUT, "order %u: the partition counter handles orders 3 to %d", n,
                            PAIRS_MAX_N);
    if (!(pl = malloc(sizeof *pl)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the count's tables");
    memset(&p, 0, sizeof p);
    p.t0 = ar_now();
    if ((st = plan_make(pl, n, o->row_set, o->col_set, err)) != AR_OK) {
        free(pl);
        return st;
    }
    p.pl = pl, p.o = o;
    pthread_mutex_init(&p.lock, NULL);
    for (t = 1; t < threads; t++)
        started += pthread_create(&tids[t], NULL, pairs_thread, &p) == 0;
    pairs_thread(&p);
    for (t = 1; t <= started; t++)
        pthread_join(tids[t], NULL);
    pthread_mutex_destroy(&p.lock);
    if (p.overflow) {
        plan_free(pl);
        free(pl);
        return ar_error_set(err, AR_ERR_INTERNAL, "a row partition has more than %d transversals", MAX_TRANSVERSALS);
    }
    centraliser = n == 3 ? 2 : 8; /* 2^⌊n/2⌋·⌊n/2⌋! */
    factor = centraliser * (o->row_set || o->col_set ? 1u : 2u);
    r->all = factor * p.total;
    r->canonical = r->all / 8;
    for (k = 0; k <= pl->cells; k++)
        r->by_centre[k] = factor * p.by_centre[k];
    r->sets = pl->nsets;
    r->partitions = p.partitions;
    r->tasks = pl->ntasks;
    r->tasks_done = p.done;
    r->pairs = p.pairs_seen * (o->row_set || o->col_set ? 1u : 2u);
    r->complete = p.done == pl->ntasks;
    r->seconds = ar_now() - p.t0;
    plan_free(pl);
    free(pl);
    return AR_OK;
}
