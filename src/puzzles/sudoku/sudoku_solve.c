/* sudoku_solve.c — the bitmask solver, its counter and the generator.
 *
 * Each unit (row, column, box) keeps the mask of the values it holds; a
 * cell's candidates are what its three units do not hold, so placing a value
 * is three ORs. Propagation alternates two rules until neither places
 * anything: naked singles (a cell with one candidate; a cell with none is a
 * dead end) and hidden singles (a value with one cell left in a unit, found
 * with two masks per unit — values seen once, values seen twice — which also
 * catch a value with no cell left). Then the solver guesses, on the cell
 * with the fewest candidates, copying the node (the values and the unit
 * masks, a few hundred bytes) onto an explicit stack, so the depth of a
 * 25x25 search is no risk. Locked candidates (a box's value confined to one
 * row) halved the guesses on the hardest puzzles but cost more instructions
 * than the guesses they saved, so they are not used (BENCHMARKS.md).
 * The same search counts solutions up to a limit, which is how uniqueness
 * is proven (a limit of 2), and, with its values tried in a random order,
 * fills an empty grid for the generator. */
#include "sudoku_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- shapes -- */

static sudoku_shape shapes[SUDOKU_MAX_BOX + 1];
static pthread_once_t shape_once[SUDOKU_MAX_BOX + 1] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
                                                         PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};

static void build_shape(unsigned n)
{
    sudoku_shape *sh = &shapes[n];
    unsigned s = n * n, c, k, u;
    sh->box = n, sh->side = s, sh->cells = s * s;
    sh->all = s == 32 ? 0xFFFFFFFFu : (1u << s) - 1;
    for (u = 0; u < s; u++)
        for (k = 0; k < s; k++) {
            sh->units[u][k] = (uint16_t)(u * s + k);                   /* row u */
            sh->units[s + u][k] = (uint16_t)(k * s + u);               /* column u */
            sh->units[2 * s + u][k] = (uint16_t)(((u / n) * n + k / n) * s + (u % n) * n + k % n); /* box u */
        }
    for (u = 0; u < 3 * s; u++)
        for (k = 0; k < s; k++)
            sh->unit_of[sh->units[u][k]][u / s] = (uint16_t)u;
    for (c = 0; c < sh->cells; c++) {
        unsigned r = c / s, col = c % s, np = 0, d;
        for (d = 0; d < sh->cells; d++) {
            unsigned r2 = d / s, c2 = d % s;
            if (d != c && (r2 == r || c2 == col || (r2 / n == r / n && c2 / n == col / n)))
                sh->peers[c][np++] = (uint16_t)d;
        }
        sh->npeers = np;
    }
}

static void build2(void) { build_shape(2); }
static void build3(void) { build_shape(3); }
static void build4(void) { build_shape(4); }
static void build5(void) { build_shape(5); }

const sudoku_shape *ar_sudoku_shape(unsigned box)
{
    static void (*const builders[SUDOKU_MAX_BOX + 1])(void) = {NULL, NULL, build2, build3, build4, build5};
    if (box < 2 || box > SUDOKU_MAX_BOX)
        return NULL;
    pthread_once(&shape_once[box], builders[box]);
    return &shapes[box];
}

/* --------------------------------------------------------------- nodes -- */

/* A node of the search: the values, and for each unit (rows, columns,
 * boxes) the mask of the values it holds. A cell's candidates are what its
 * three units do not hold, so placing a value is three ORs and a guess
 * copies a few hundred bytes. */
typedef struct node {
    int branch;          /* the cell guessed at, -1 before the choice */
    uint32_t left;       /* its values not yet tried */
    unsigned empty;      /* how many cells are empty: the first `empty` of `open` */
    uint8_t *val;        /* 0 empty, else 1..side */
    uint32_t *used;      /* per unit */
    uint16_t *open;      /* the empty cells, in no order */
} node;

static inline uint32_t candidates(const sudoku_shape *sh, const node *N, unsigned c)
{
    const uint16_t *u = sh->unit_of[c];
    return sh->all & ~(N->used[u[0]] | N->used[u[1]] | N->used[u[2]]);
}

/* Places bit's value in cell c; the open list is tidied by the caller. */
static inline void put(const sudoku_shape *sh, node *N, unsigned c, uint32_t bit)
{
    const uint16_t *u = sh->unit_of[c];
    N->val[c] = (uint8_t)(__builtin_ctz(bit) + 1);
    N->used[u[0]] |= bit, N->used[u[1]] |= bit, N->used[u[2]] |= bit;
}

/* Drops the placed cells from the open list. */
static void tidy(node *N)
{
    unsigned i = 0;
    while (i < N->empty)
        if (N->val[N->open[i]])
            N->open[i] = N->open[--N->empty];
        else
            i++;
}

/* Naked singles (a cell with one candidate) to their fixpoint, then one
 * pass of hidden singles (a value with one cell left in a unit), and again
 * until neither places anything; -1 on a dead end (a cell without
 * candidates, a value without a cell).
 *
 * The hidden-single pass reads each open cell's candidates as the last
 * naked pass computed them (0 for a filled cell), a superset of the truth
 * once that pass has placed something: a value seen in one cell of a unit
 * there is in at most that cell in truth, so the cell is checked before the
 * value is placed, and a value seen nowhere (and not held) is a dead end in
 * truth too. `side` and `cells` are constants in the 9x9 instance below, so
 * the compiler unrolls its loops. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int propagate_shape(const sudoku_shape *sh, node *N, unsigned side, unsigned cells_n)
{
    uint32_t cand[SUDOKU_MAX_CELLS];
    unsigned u, k, units = 3 * side;
    memset(cand, 0, cells_n * sizeof *cand);
    for (;;) {
        int placed = 0, naked;
        do {
            unsigned i = 0;
            naked = 0;
            while (i < N->empty) {
                unsigned c = N->open[i];
                uint32_t m = candidates(sh, N, c);
                if (!m)
                    return -1;
                if (!(m & (m - 1))) {
                    put(sh, N, c, m);
                    cand[c] = 0, naked = 1;
                    N->open[i] = N->open[--N->empty];
                } else {
                    cand[c] = m;
                    i++;
                }
            }
        } while (naked);
        if (!N->empty)
            return 0;
        for (u = 0; u < units; u++) {
            const uint16_t *cells = sh->units[u];
            uint32_t once = 0, twice = 0, uniq;
            if (N->used[u] == sh->all)
                continue;
            for (k = 0; k < side; k++) {
                uint32_t m = cand[cells[k]];
                twice |= once & m;
                once |= m;
            }
            if ((once | N->used[u]) != sh->all)
                return -1; /* a value with no place in this unit */
            uniq = once & ~twice & ~N->used[u];
            while (uniq) {
                uint32_t bit = uniq & (0u - uniq);
                unsigned c;
                uniq ^= bit;
                for (k = 0; k < side && !(cand[cells[k]] & bit); k++)
                    ;
                if (k == side)
                    return -1; /* its one cell took another value in this pass */
                c = cells[k];
                if (N->val[c] || !(candidates(sh, N, c) & bit))
                    return -1; /* its one cell is taken: no place left */
                put(sh, N, c, bit);
                cand[c] = 0, placed = 1;
            }
        }
        if (!placed)
            return 0;
        tidy(N);
    }
}

static int propagate(const sudoku_shape *sh, node *N)
{
    if (sh->box == 3)
        return propagate_shape(sh, N, 9, 81);
    return propagate_shape(sh, N, sh->side, sh->cells);
}

/* The empty cell with the fewest candidates. */
static unsigned fewest(const sudoku_shape *sh, const node *N)
{
    unsigned i, best = 0, best_n = 99;
    for (i = 0; i < N->empty; i++) {
            unsigned c = N->open[i];
            uint32_t m = candidates(sh, N, c);
            unsigned k = 0;
            while (m && k < best_n)
                m &= m - 1, k++;
            if (k < best_n) {
                best = c, best_n = k;
                if (k == 2)
                    break;
            }
    }
    return best;
}

/* The root from the clues; -1 when two clues clash. */
static int setup(const sudoku_shape *sh, node *N, const uint8_t *cells)
{
    unsigned c, k;
    memset(N->used, 0, 3 * sh->side * sizeof *N->used);
    N->empty = 0, N->branch = -1;
    for (c = 0; c < sh->cells; c++) {
        N->val[c] = 0;
        if (cells[c]) {
            uint32_t bit = 1u << (cells[c] - 1);
            for (k = 0; k < 3; k++)
                if (N->used[sh->unit_of[c][k]] & bit)
                    return -1;
            put(sh, N, c, bit);
        } else {
            N->open[N->empty++] = (uint16_t)c;
        }
    }
    return 0;
}

/* The depth-first search of every function below: up to `limit` solutions
 * (0: all), the first left in cells; *stopped when the run or memory cut
 * it short. Nodes live on an explicit stack that grows as needed. */
static uint64_t search(const sudoku_shape *sh, uint8_t *cells, uint64_t limit, ar_run *run, ar_rng *rng,
                       sudoku_stats *st, int *stopped_out)
{
    unsigned C = sh->cells, U = 3 * sh->side, depth = 0, cap = 16, k;
    node *stack = malloc(cap * sizeof *stack);
    uint8_t *val_mem = malloc((size_t)cap * C), first[SUDOKU_MAX_CELLS];
    uint32_t *used_mem = malloc((size_t)cap * U * sizeof *used_mem);
    uint16_t *open_mem = malloc((size_t)cap * C * sizeof *open_mem);
    uint64_t found = 0;
    int stopped = 0;
    if (!stack || !val_mem || !used_mem || !open_mem) {
        free(stack), free(val_mem), free(used_mem), free(open_mem);
        *stopped_out = 1;
        return 0;
    }
    for (k = 0; k < cap; k++)
        stack[k].val = val_mem + (size_t)k * C, stack[k].used = used_mem + (size_t)k * U,
        stack[k].open = open_mem + (size_t)k * C;
    if (setup(sh, &stack[0], cells) != 0 || propagate(sh, &stack[0]) != 0)
        goto out;
    for (;;) {
        node *N = &stack[depth], *child;
        uint32_t bit;
        if (N->branch < 0) {
            if (!N->empty) { /* a solution */
                if (!found++)
                    memcpy(first, N->val, C);
                if (limit && found >= limit)
                    break;
                if (!depth--)
                    break;
                continue;
            }
            N->branch = (int)fewest(sh, N);
            N->left = candidates(sh, N, (unsigned)N->branch);
        }
        if (!N->left) {
            if (!depth--)
                break;
            continue;
        }
        if (run) {
            run->res->expanded++;
            if (ar_run_should_stop(run)) {
                stopped = 1;
                break;
            }
        }
        if (st)
            st->guesses++;
        if (rng) {
            unsigned j = (unsigned)ar_rng_below(rng, (uint64_t)__builtin_popcount(N->left));
            uint32_t m = N->left;
            while (j--)
                m &= m - 1;
            bit = m & (0u - m);
        } else {
            bit = N->left & (0u - N->left);
        }
        N->left ^= bit;
        if (depth + 1 == cap) {
            unsigned ncap = 2 * cap;
            node *ns = realloc(stack, ncap * sizeof *ns);
            uint8_t *nv;
            uint32_t *nu;
            uint16_t *no;
            if (!ns) {
                stopped = 2;
                break;
            }
            stack = ns;
            if (!(nv = realloc(val_mem, (size_t)ncap * C))) {
                stopped = 2;
                break;
            }
            val_mem = nv;
            if (!(nu = realloc(used_mem, (size_t)ncap * U * sizeof *nu))) {
                stopped = 2;
                break;
            }
            used_mem = nu;
            if (!(no = realloc(open_mem, (size_t)ncap * C * sizeof *no))) {
                stopped = 2;
                break;
            }
            open_mem = no;
            for (k = 0; k < ncap; k++)
                stack[k].val = val_mem + (size_t)k * C, stack[k].used = used_mem + (size_t)k * U,
                stack[k].open = open_mem + (size_t)k * C;
            cap = ncap;
            N = &stack[depth];
        }
        child = &stack[depth + 1];
        memcpy(child->val, N->val, C);
        memcpy(child->used, N->used, U * sizeof *child->used);
        memcpy(child->open, N->open, N->empty * sizeof *child->open);
        child->empty = N->empty, child->branch = -1;
        if (st)
            st->nodes++;
        put(sh, child, (unsigned)N->branch, bit);
        tidy(child);
        if (propagate(sh, child) == 0)
            depth++;
    }
out:
    if (found)
        memcpy(cells, first, C);
    free(stack), free(val_mem), free(used_mem), free(open_mem);
    *stopped_out = stopped != 0;
    return found;
}

uint64_t ar_sudoku_solve(const sudoku_shape *sh, uint8_t *cells, uint64_t limit, ar_run *run, sudoku_stats *st)
{
    int stopped = 0;
    uint64_t n = search(sh, cells, limit, run, NULL, st, &stopped);
    if (st)
        st->stopped = stopped;
    return n;
}

int ar_sudoku_valid(const sudoku_shape *sh, const uint8_t *start, const uint8_t *cells)
{
    unsigned u, k, c;
    for (c = 0; c < sh->cells; c++)
        if (!cells[c] || cells[c] > sh->side || (start && start[c] && start[c] != cells[c]))
            return 0;
    for (u = 0; u < 3 * sh->side; u++) {
        uint32_t seen = 0;
        for (k = 0; k < sh->side; k++)
            seen |= 1u << (cells[sh->units[u][k]] - 1);
        if (seen != sh->all)
            return 0;
    }
    return 1;
}

void ar_sudoku_generate_grid(const sudoku_shape *sh, ar_rng *rng, unsigned clues, uint8_t *cells)
{
    uint16_t order[SUDOKU_MAX_CELLS];
    uint8_t work[SUDOKU_MAX_CELLS];
    unsigned c, k, left = sh->cells;
    int stopped;
    memset(cells, 0, sh->cells);
    while (search(sh, cells, 1, NULL, rng, NULL, &stopped) != 1) /* a random full grid */
        memset(cells, 0, sh->cells);
    for (c = 0; c < sh->cells; c++)
        order[c] = (uint16_t)c;
    for (c = sh->cells; c > 1; c--) {
        unsigned j = (unsigned)ar_rng_below(rng, c);
        uint16_t t = order[c - 1];
        order[c - 1] = order[j], order[j] = t;
    }
    for (k = 0; k < sh->cells && left > clues; k++) {
        uint8_t keep = cells[order[k]];
        cells[order[k]] = 0;
        memcpy(work, cells, sh->cells);
        if (search(sh, work, 2, NULL, NULL, NULL, &stopped) != 1)
            cells[order[k]] = keep; /* needed for uniqueness */
        else
            left--;
    }
}
