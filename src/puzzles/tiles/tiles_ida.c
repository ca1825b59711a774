/* tiles_ida.c — IDA* of the sliding-tile engine, optimal or weighted: the
 * classic fast one. One board is changed in place (tiles_board.h keeps its
 * lower bound current move by move), the blank's moves are tried in a fixed
 * order with the reversal of the previous move skipped, and Loyd's transport
 * comes after the four slides.
 *
 * Limits, the progress line and the labels of a stopped result are the run
 * context's (run.h). The inner loop pays one counter comparison per node:
 * every CHECK_EVERY expansions it hands its counters to the run and asks it
 * whether to stop.
 *
 * The same depth-first search is the engine's IDA* kernel (idakernel.h), one
 * iteration from any task for parallel IDA*: its checks go to the caller's
 * poll instead of a run, and a split gives away the untried siblings of the
 * shallowest node on the path that has any (split_floor then stops the
 * frames at and above it once their current child is done). */
#include "tiles_board.h"
#include "tiles_instance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/idakernel.h"
#include "ariadne/run.h"

#define MAX_DEPTH 4096 /* weighted searches with large weights find long paths */
#define PATH_SLOTS 8192u /* a power of two, well above MAX_DEPTH */

/* Expansions between two looks at the limits (node limit, Ctrl-C, clock,
 * progress line): a few milliseconds of search, so a node limit is honoured
 * to the next multiple of this. Changing it changes the node counts of every
 * search that a limit stops, the anytime solver's budgets included. */
#define CHECK_EVERY ((uint64_t)1 << 18)
/* The kernel polls more often (about a millisecond), so a worker's request
 * for work is answered at once. */
#define KERNEL_POLL_EVERY ((uint64_t)1 << 15)

typedef struct ida {
    ar_tiles_board b;
    unsigned wnum;                 /* weight in sixteenths (AR_TILES_UNWEIGHTED: plain IDA*) */
    uint64_t bound, next_bound;    /* in sixteenths */
    unsigned upper;                /* only solutions shorter than this are wanted (0: any) */
    uint8_t path[MAX_DEPTH];
    unsigned found_len;
    uint64_t expanded, generated, next_check;
    uint64_t base_expanded, base_generated; /* the result's counters before this search */
    ar_run *run;                   /* NULL in the kernel */
    const ar_ida_control *ctl;     /* the kernel's caller */
    unsigned root_g;               /* the kernel task's depth (its path is path[0..root_g)) */
    uint8_t root_cells[AR_TILES_MAX];
    unsigned root_last;            /* the move that led to the task (AR_TDIR_TRANSPORT: none) */
    unsigned split_floor;          /* frames at depths below it stop after their current child */
    int lazy;                      /* optimal search with reflection: the reflected lookup on demand */
    int stopped;                   /* the kernel's poll said stop */
    char phase[40];                /* "IDA* bound 52", for the progress line */
    /* Weighted search only: the states on the current path, by Zobrist
     * hash (open addressing, deleted in reverse order of insertion). */
    uint64_t zobrist[AR_TILES_MAX][AR_TILES_MAX];
    uint64_t hash;
    uint64_t on_path[PATH_SLOTS];
} ida;

static unsigned absdiff(unsigned a, unsigned b) { return a > b ? a - b : b - a; }

/* Hands the counters to the run and asks it whether to stop; out of the
 * inner loop, which only counts. */
static int kernel_check(ida *s, unsigned g);

static int ida_check(ida *s, unsigned g)
{
    if (s->ctl)
        return kernel_check(s, g);
    s->run->res->expanded = s->base_expanded + s->expanded;
    s->run->res->generated = s->base_generated + s->generated;
    s->next_check = s->expanded + CHECK_EVERY;
    return ar_run_check_now(s->run);
}

static const unsigned opposite[5] = {AR_TDIR_DOWN, AR_TDIR_UP, AR_TDIR_RIGHT, AR_TDIR_LEFT, 5};

/* Whether a transport from the blank's cell b is a move of its own (next
 * to the centre it is the same as the step into it). */
static int has_transport(const ar_tiles_model *m, unsigned b)
{
    return m->transport && b != m->centre &&
           absdiff(m->row_of[b], m->row_of[m->centre]) + absdiff(m->col_of[b], m->col_of[m->centre]) > 1;
}

static int ida_children_ordered(ida *s, unsigned g, unsigned last);

/* Returns 1 when a solution was found (path[0..g) holds it), 0 when not
 * below the bound, -1 when a limit stopped the search. `in` is the move that
 * led here (NULL at the root); its reflected lookup may still be pending. */
static int ida_dfs(ida *s, unsigned g, unsigned last, ar_tiles_undo *in)
{
    const ar_tiles_model *m = s->b.m;
    unsigned h, d, b;
    uint64_t f, rank[4];
    if (in && in->pb == AR_TILES_REFLECT_PENDING) {
        /* h is the larger of the direct and the reflected sums: when the
         * direct one alone puts f above the bound, and f cannot lower
         * next_bound either, the second lookup would change nothing */
        f = ((uint64_t)g + s->b.psum + s->b.rest) * 16;
        if (f > s->bound && f >= s->next_bound)
            return 0;
        ar_tiles_board_reflect(&s->b, in);
    }
    h = ar_tiles_board_h(&s->b);
    f = (uint64_t)g * 16 + (uint64_t)h * s->wnum;
    if (f > s->bound) {
        if (f < s->next_bound)
            s->next_bound = f;
        return 0;
    }
    if (s->upper && g + h >= s->upper)
        return 0; /* cannot beat the incumbent (h is admissible) */
    if (h == 0) { /* every tile is home: the goal */
        s->found_len = g;
        return 1;
    }
    if (g + 1 >= MAX_DEPTH)
        return 0;
    s->expanded++;
    if (s->expanded >= s->next_check && ida_check(s, g))
        return -1;
    b = s->b.blank;
    if (s->wnum != AR_TILES_UNWEIGHTED)
        return ida_children_ordered(s, g, last);
    if (s->b.kind == AR_TH_PDB) /* the children's lookups, all on their way at once */
        for (d = 0; d < 4; d++)
            if (m->nb[b][d] >= 0 && d != opposite[last])
                rank[d] = ar_tiles_board_prefetch(&s->b, s->b.cell[m->nb[b][d]], b);
    for (d = 0; d < 4; d++) {
        int q = m->nb[b][d];
        ar_tiles_undo u;
        unsigned l;
        int r;
        if (q < 0 || d == opposite[last])
            continue;
        l = s->b.cell[q];
        if (s->lazy)
            ar_tiles_board_move_lazy(&s->b, l, (unsigned)q, b, &u, &rank[d]);
        else
            ar_tiles_board_move(&s->b, l, (unsigned)q, b, &u);
        s->generated++;
        s->path[g] = (uint8_t)d;
        r = ida_dfs(s, g + 1, d, &u);
        ar_tiles_board_unmove(&s->b, l, (unsigned)q, b, &u);
        if (r)
            return r;
        if (g < s->split_floor)
            return 0; /* the rest of this node was given away */
    }
    if (has_transport(m, b) && g >= s->split_floor) {
        ar_tiles_undo u;
        unsigned l = s->b.cell[m->centre];
        int r;
        ar_tiles_board_move(&s->b, l, m->centre, b, &u);
        s->generated++;
        s->path[g] = AR_TDIR_TRANSPORT;
        r = ida_dfs(s, g + 1, AR_TDIR_TRANSPORT, &u);
        ar_tiles_board_unmove(&s->b, l, m->centre, b, &u);
        if (r)
            return r;
    }
    return 0;
}

/* The children of a weighted search, best lower bound first. With a large
 * weight the bound leaves room for long detours, and a fixed move order
 * wanders into them (weight 50 found nothing in minutes); trying the child
 * nearest the goal first makes a large weight the greedy, fast search it
 * should be. Each child's bound costs a move and its undo. */
/* The path set: insert returns 0 when the state is on the path already. */
static int path_insert(ida *s, uint64_t h)
{
    unsigned i = (unsigned)h & (PATH_SLOTS - 1);
    h |= 1; /* 0 marks a free slot */
    while (s->on_path[i]) {
        if (s->on_path[i] == h)
            return 0;
        i = (i + 1) & (PATH_SLOTS - 1);
    }
    s->on_path[i] = h;
    return 1;
}

static void path_remove(ida *s, uint64_t h)
{
    unsigned i = (unsigned)h & (PATH_SLOTS - 1), j;
    h |= 1;
    while (s->on_path[i] != h)
        i = (i + 1) & (PATH_SLOTS - 1);
    /* backward-shift deletion keeps every probe sequence unbroken */
    for (j = (i + 1) & (PATH_SLOTS - 1); s->on_path[j]; j = (j + 1) & (PATH_SLOTS - 1)) {
        unsigned home = (unsigned)s->on_path[j] & (PATH_SLOTS - 1);
        if (((j - home) & (PATH_SLOTS - 1)) >= ((j - i) & (PATH_SLOTS - 1))) {
            s->on_path[i] = s->on_path[j];
            i = j;
        }
    }
    s->on_path[i] = 0;
}

static int ida_children_ordered(ida *s, unsigned g, unsigned last)
{
    const ar_tiles_model *m = s->b.m;
    unsigned b = s->b.blank, dirs[5], hs[5], n = 0, d, i, j;
    for (d = 0; d < 5; d++) {
        int q = d < 4 ? m->nb[b][d] : has_transport(m, b) ? (int)m->centre : -1;
        ar_tiles_undo u;
        unsigned l;
        if (q < 0 || d == opposite[last])
            continue;
        l = s->b.cell[q];
        ar_tiles_board_move(&s->b, l, (unsigned)q, b, &u);
        hs[n] = ar_tiles_board_h(&s->b);
        ar_tiles_board_unmove(&s->b, l, (unsigned)q, b, &u);
        dirs[n++] = d;
        for (i = n - 1; i > 0 && hs[i - 1] > hs[i]; i--) { /* insertion: stable, few children */
            unsigned t = hs[i];
            hs[i] = hs[i - 1];
            hs[i - 1] = t;
            t = dirs[i];
            dirs[i] = dirs[i - 1];
            dirs[i - 1] = t;
        }
    }
    for (j = 0; j < n; j++) {
        unsigned dd = dirs[j], q = dd < 4 ? (unsigned)m->nb[b][dd] : m->centre, l = s->b.cell[q];
        uint64_t before = s->hash, after = before ^ s->zobrist[l][q] ^ s->zobrist[l][b];
        ar_tiles_undo u;
        int r;
        if (!path_insert(s, after))
            continue; /* a cycle: the state is on the path already */
        ar_tiles_board_move(&s->b, l, q, b, &u);
        s->hash = after;
        s->generated++;
        s->path[g] = (uint8_t)(dd < 4 ? dd : AR_TDIR_TRANSPORT);
        r = ida_dfs(s, g + 1, dd < 4 ? dd : AR_TDIR_TRANSPORT, &u);
        ar_tiles_board_unmove(&s->b, l, q, b, &u);
        s->hash = before;
        path_remove(s, after);
        if (r)
            return r;
    }
    return 0;
}

/* Records path[0..found_len) as the run's solution; an unweighted search
 * found it at the lowest bound that has one, so it is optimal. */
static ar_status store_solution(ida *s, ar_error *err)
{
    ar_move moves[MAX_DEPTH];
    unsigned i;
    ar_status st;
    for (i = 0; i < s->found_len; i++)
        moves[i] = s->path[i];
    st = ar_run_set_solution(s->run, moves, s->found_len, s->found_len, err);
    if (st == AR_OK && s->wnum == AR_TILES_UNWEIGHTED) {
        s->run->res->optimal = 1;
        ar_run_lower_bound(s->run, s->found_len);
    }
    return st;
}

ar_status ar_tiles_ida(const ar_tiles_model *m, const uint8_t *cells, int kind, unsigned weight16,
                       unsigned upper, const ar_search_options *opts, ar_result *res,
                       ar_error *err)
{
    ar_run run;
    ar_status st = AR_OK;
    ida *s;
    ar_run_begin(&run, opts, res);
    s = ar_mem_alloc(&run.mem, sizeof *s, 1, "the IDA* search", err);
    if (!s) {
        st = ar_run_memory_stop(&run, AR_ERR_MEMORY);
        ar_run_finish(&run);
        return st;
    }
    ar_tiles_board_init(&s->b, m, cells, kind);
    s->wnum = weight16;
    s->lazy = kind == AR_TH_PDB && m->reflect && weight16 == AR_TILES_UNWEIGHTED;
    if (weight16 != AR_TILES_UNWEIGHTED) {
        uint64_t x = 0x9e3779b97f4a7c15ull;
        unsigned l, c;
        for (l = 0; l < m->n; l++)
            for (c = 0; c < m->n; c++) { /* splitmix64 */
                uint64_t z = (x += 0x9e3779b97f4a7c15ull);
                z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
                z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
                s->zobrist[l][c] = z ^ (z >> 31);
            }
        for (c = 0; c < m->n; c++)
            if (cells[c] != m->blank)
                s->hash ^= s->zobrist[cells[c]][c];
        path_insert(s, s->hash);
    }
    s->upper = upper;
    s->run = &run;
    s->base_expanded = res->expanded;
    s->base_generated = res->generated;
    s->next_check = CHECK_EVERY;
    s->bound = (uint64_t)ar_tiles_board_h(&s->b) * weight16;
    run.phase = s->phase;
    ar_run_lower_bound(&run, ar_tiles_board_h(&s->b));
    for (;;) {
        int r;
        snprintf(s->phase, sizeof s->phase, "IDA* bound %llu", (unsigned long long)(s->bound / 16));
        s->next_bound = UINT64_MAX;
        r = ida_dfs(s, 0, AR_TDIR_TRANSPORT, NULL); /* opposite[] of a transport skips nothing */
        if (r > 0) {
            st = store_solution(s, err);
            break;
        }
        if (r < 0)
            break; /* run.stop says which limit */
        if (s->next_bound == UINT64_MAX) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            break;
        }
        if (weight16 == AR_TILES_UNWEIGHTED) {
            /* nothing cheaper exists: the bound's search was complete */
            uint64_t lower = s->next_bound / 16;
            ar_run_lower_bound(&run, lower);
            if (upper && lower >= upper) {
                res->outcome = AR_OUTCOME_NO_SOLUTION; /* nothing shorter than `upper` */
                break;
            }
        }
        if (run.opts->depth_limit && s->next_bound / 16 > run.opts->depth_limit) {
            ar_run_stop(&run, AR_STOP_DEPTH);
            break;
        }
        /* A weighted search has many distinct f values: grow the bound by at
         * least 1/16 so the number of iterations stays small. */
        if (weight16 != AR_TILES_UNWEIGHTED && s->next_bound < s->bound + s->bound / 16)
            s->next_bound = s->bound + s->bound / 16;
        s->bound = s->next_bound;
    }
    res->expanded = s->base_expanded + s->expanded;
    res->generated = s->base_generated + s->generated;
    ar_mem_free(&run.mem, s, sizeof *s);
    ar_run_finish(&run);
    return st;
}

/* --- the IDA* kernel (idakernel.h) ------------------------------------------ */

struct ar_tiles_searcher {
    const ar_tiles_model *m;
    int kind;
    char desc[100];
    ida *s;
    ar_move moves[MAX_DEPTH];
};

static unsigned blank_cell(const ar_tiles_model *m, const uint8_t *cells)
{
    unsigned b;
    for (b = 0; b < m->n && cells[b] != m->blank; b++)
        ;
    return b;
}

/* Gives away the untried siblings of the shallowest node above depth g (the
 * node being expanded) that has any: the directions after the one under way
 * there, in the loop's order, then the transport. */
static void kernel_split(ida *s, unsigned g)
{
    const ar_tiles_model *m = s->b.m;
    uint8_t cells[AR_TILES_MAX], child[AR_TILES_MAX];
    ar_move path[MAX_DEPTH];
    unsigned j, i;
    memcpy(cells, s->root_cells, m->n);
    for (i = 0; i < s->root_g; i++)
        path[i] = s->path[i];
    /* Frames above split_floor have given their siblings away already (or
     * had none): the scan starts below them. */
    for (j = s->root_g; j < g && j < s->split_floor; j++) {
        ar_tiles_apply(m, cells, s->path[j]);
        path[j] = s->path[j];
    }
    for (; j < g; j++) {
        unsigned cur = s->path[j], last = j == s->root_g ? s->root_last : s->path[j - 1];
        unsigned b = blank_cell(m, cells), dirs[5], n = 0, d;
        for (d = cur + 1; d < 4; d++)
            if (m->nb[b][d] >= 0 && d != opposite[last])
                dirs[n++] = d;
        if (cur < AR_TDIR_TRANSPORT && has_transport(m, b))
            dirs[n++] = AR_TDIR_TRANSPORT;
        if (n) {
            for (i = 0; i < n; i++) {
                ar_ida_task t;
                memcpy(child, cells, m->n);
                ar_tiles_apply(m, child, dirs[i]);
                path[j] = dirs[i];
                t.state = child;
                t.g = j + 1;
                t.path = path;
                t.length = j + 1;
                s->ctl->donate(s->ctl->ctx, &t);
            }
            s->generated += n;
            s->split_floor = j + 1;
            return;
        }
        ar_tiles_apply(m, cells, cur);
        path[j] = cur;
    }
}

static int kernel_check(ida *s, unsigned g)
{
    int r;
    s->next_check = s->expanded + KERNEL_POLL_EVERY;
    if (!s->ctl->poll)
        return 0;
    r = s->ctl->poll(s->ctl->ctx, s->expanded);
    if (r == AR_IDA_SPLIT) {
        if (s->ctl->donate)
            kernel_split(s, g);
        r = s->ctl->poll(s->ctl->ctx, s->expanded);
    }
    if (r == AR_IDA_STOP) {
        s->stopped = 1;
        return 1;
    }
    return 0;
}

static ar_status kernel_open(const ar_puzzle *p, ar_instance *in, const ar_search_options *opts, void **out,
                             ar_error *err)
{
    ar_tiles_model *m = &in->model;
    ar_tiles_searcher *k;
    int kind;
    ar_status st;
    (void)p;
    if ((st = ar_tiles_pick_heuristic(m, opts ? opts->heuristic : NULL, &kind, err)) != AR_OK)
        return st;
    if (kind == AR_TH_PDB) {
        ar_mem mem;
        ar_mem_init(&mem, opts ? opts->limits.memory_limit : 0);
        st = ar_tiles_load_pdbs(m, &mem, opts ? opts->progress : NULL, opts ? &opts->limits : NULL, err);
        if (st != AR_OK)
            return st;
    }
    k = calloc(1, sizeof *k);
    if (k)
        k->s = calloc(1, sizeof *k->s);
    if (!k || !k->s) {
        free(k);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the IDA* kernel");
    }
    k->m = m;
    k->kind = kind;
    ar_tiles_heuristic_words(m, kind, k->desc, sizeof k->desc);
    *out = k;
    return AR_OK;
}

static const char *kernel_describe(void *searcher) { return ((ar_tiles_searcher *)searcher)->desc; }

static uint64_t kernel_estimate(void *searcher, const void *state)
{
    const ar_tiles_searcher *k = searcher;
    ar_tiles_board b;
    ar_tiles_board_init(&b, k->m, state, k->kind);
    return ar_tiles_board_h(&b);
}

static ar_status kernel_search(void *searcher, const ar_ida_task *task, uint64_t bound,
                               const ar_ida_control *control, ar_ida_outcome *out, ar_error *err)
{
    static const ar_ida_control none = {NULL, NULL, NULL};
    ar_tiles_searcher *k = searcher;
    ida *s = k->s;
    const ar_tiles_model *m = k->m;
    unsigned i;
    int r;
    memset(out, 0, sizeof *out);
    if (task->g != task->length || task->length + 2 >= MAX_DEPTH)
        return ar_error_set(err, AR_ERR_INPUT, "tiles kernel: a task of %u moves at cost %llu",
                            (unsigned)task->length, (unsigned long long)task->g);
    for (i = 0; i < task->length; i++) {
        if (task->path[i] > AR_TDIR_TRANSPORT || (task->path[i] == AR_TDIR_TRANSPORT && !m->transport))
            return ar_error_set(err, AR_ERR_INPUT, "tiles kernel: move %u of a task is not a move", i + 1);
        s->path[i] = (uint8_t)task->path[i];
    }
    ar_tiles_board_init(&s->b, m, task->state, k->kind);
    memcpy(s->root_cells, task->state, m->n);
    s->wnum = AR_TILES_UNWEIGHTED;
    s->lazy = k->kind == AR_TH_PDB && m->reflect;
    s->upper = 0;
    s->run = NULL;
    s->ctl = control ? control : &none;
    s->root_g = task->length;
    s->root_last = task->length ? task->path[task->length - 1] : AR_TDIR_TRANSPORT;
    s->split_floor = 0;
    s->stopped = 0;
    s->expanded = s->generated = 0;
    s->next_check = KERNEL_POLL_EVERY;
    s->bound = (bound > UINT32_MAX ? UINT32_MAX : bound) * 16;
    s->next_bound = UINT64_MAX;
    r = ida_dfs(s, task->length, s->root_last, NULL);
    out->expanded = s->expanded;
    out->generated = s->generated;
    out->stopped = r < 0;
    out->next_bound = s->next_bound == UINT64_MAX ? UINT64_MAX : s->next_bound / 16;
    if (r > 0) {
        for (i = 0; i < s->found_len; i++)
            k->moves[i] = s->path[i];
        out->found = 1;
        out->moves = k->moves;
        out->length = out->cost = s->found_len;
    }
    return AR_OK;
}

static void kernel_close(void *searcher)
{
    ar_tiles_searcher *k = searcher;
    if (!k)
        return;
    free(k->s);
    free(k);
}

const ar_ida_kernel ar_tiles_ida_kernel = {
    .name = "tiles",
    .open = kernel_open,
    .describe = kernel_describe,
    .estimate = kernel_estimate,
    .search = kernel_search,
    .close = kernel_close,
};
