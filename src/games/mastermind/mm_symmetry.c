/* mm_symmetry.c — one candidate guess per class of equivalent guesses.
 *
 * Renaming colours and reordering pegs maps codes to codes and keeps every
 * answer. A permutation that fixes each guess made so far therefore maps the
 * consistent codes onto themselves, and two guesses it maps onto each other
 * split them into parts of the same sizes: a search need try only one of
 * them. Two kinds of such permutations are used:
 *   - colours that no guess has used yet can be renamed freely, so a
 *     candidate brings new colours in increasing order (after 1122 and
 *     1344, a guess may use 5 but not 6 without 5 first); these lists depend
 *     only on the set of colours used, and are cached per set;
 *   - the permutations of pegs, with the renaming of used colours each one
 *     forces, that fix every guess (after 1122: swap pegs 1-2, swap 3-4,
 *     swap the halves and the colours 1 and 2); found by backtracking.
 * A code is kept when no such permutation maps it to a lower code, so the
 * lowest code of each class is always kept: strategies that break ties by
 * the lowest code choose exactly as they would among all codes. */
#include "mm_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define GROUP_MAX 5040 /* permutations kept (any subset of them is sound: see above) */
#define FILTER_WORK 50000000.0 /* codes x permutations x pegs spent filtering at most */

struct mm_candidates {
    const mm_rules *r;
    pthread_mutex_t lock;
    uint32_t *list[1u << MM_MAX_COLOURS]; /* by the mask of used colours */
    uint32_t count[1u << MM_MAX_COLOURS];
};

mm_candidates *ar_mm_candidates_new(const mm_rules *r)
{
    mm_candidates *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->r = r;
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

void ar_mm_candidates_free(mm_candidates *c)
{
    size_t i;
    if (!c)
        return;
    for (i = 0; i < sizeof c->list / sizeof c->list[0]; i++)
        free(c->list[i]);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

/* ------------------------------------------------------- first guesses */

static void partitions(const mm_rules *r, uint8_t *colour, int filled, int largest, int next_colour,
                       uint32_t *out, uint32_t cap, uint32_t *n)
{
    int m, i;
    if (filled == r->pegs) {
        if (*n < cap)
            out[*n] = ar_mm_code_of(r, colour);
        (*n)++;
        return;
    }
    if (next_colour == r->colours)
        return;
    for (m = largest < r->pegs - filled ? largest : r->pegs - filled; m >= 1; m--) {
        for (i = 0; i < m; i++)
            colour[filled + i] = (uint8_t)next_colour;
        partitions(r, colour, filled + m, m, next_colour + 1, out, cap, n);
    }
}

static int by_code(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

uint32_t ar_mm_first_guesses(const mm_rules *r, uint32_t *out, uint32_t cap)
{
    uint8_t colour[MM_MAX_PEGS];
    uint32_t n = 0;
    partitions(r, colour, 0, r->pegs, 0, out, cap, &n);
    qsort(out, n < cap ? n : cap, sizeof *out, by_code);
    return n;
}

/* ------------------------------------------------------- free colours */

/* Whether the code's unused colours (not in `used`) appear in increasing
 * order of first appearance, the lowest unused first. */
static int free_canonical(const mm_rules *r, const uint8_t *colour, unsigned used)
{
    int i, next = 0;
    while (next < r->colours && (used >> next & 1u))
        next++;
    for (i = 0; i < r->pegs; i++) {
        int c = colour[i];
        if (used >> c & 1u)
            continue;
        if (c == next) {
            do
                next++;
            while (next < r->colours && (used >> next & 1u));
        } else if (c > next) {
            return 0;
        }
    }
    return 1;
}

/* Renames the unused colours of colour[] in order of first appearance to the
 * lowest unused ones. */
static void canonical_free(const mm_rules *r, uint8_t *colour, unsigned used)
{
    int map[MM_MAX_COLOURS], i, next = 0;
    for (i = 0; i < r->colours; i++)
        map[i] = -1;
    for (i = 0; i < r->pegs; i++) {
        int c = colour[i];
        if (used >> c & 1u)
            continue;
        if (map[c] < 0) {
            while (used >> next & 1u)
                next++;
            map[c] = next++;
        }
        colour[i] = (uint8_t)map[c];
    }
}

/* The cached list of codes that bring unused colours in order, for `used`. */
static const uint32_t *free_list(mm_candidates *c, unsigned used, uint32_t *count)
{
    const mm_rules *r = c->r;
    const uint32_t *list;
    pthread_mutex_lock(&c->lock);
    if (!c->list[used]) {
        uint32_t *out = malloc(sizeof *out * r->codes), n = 0, code;
        uint8_t colour[MM_MAX_PEGS];
        if (out) {
            memset(colour, 0, sizeof colour);
            for (code = 0; code < r->codes; code++) {
                int i;
                if (free_canonical(r, colour, used))
                    out[n++] = code;
                for (i = r->pegs - 1; i >= 0 && ++colour[i] == r->colours; i--)
                    colour[i] = 0;
            }
            c->list[used] = out;
            c->count[used] = n;
        }
    }
    list = c->list[used];
    *count = c->count[used];
    pthread_mutex_unlock(&c->lock);
    return list;
}

/* ------------------------------------------- permutations fixing guesses */

typedef struct group {
    int count, cap;
    uint8_t (*perm)[MM_MAX_PEGS];      /* peg i goes to perm[i] */
    int8_t (*colour)[MM_MAX_COLOURS];  /* used colour a becomes colour[a] */
} group;

typedef struct group_walk {
    const mm_rules *r;
    int rows;
    uint8_t g[MM_MAX_ROWS][MM_MAX_PEGS];
    uint8_t perm[MM_MAX_PEGS];
    int taken;
    int8_t to[MM_MAX_COLOURS], from[MM_MAX_COLOURS];
    group *out;
} group_walk;

static void group_peg(group_walk *w, int i)
{
    const mm_rules *r = w->r;
    int j, k;
    if (w->out->count >= w->out->cap)
        return;
    if (i == r->pegs) {
        memcpy(w->out->perm[w->out->count], w->perm, sizeof w->perm);
        memcpy(w->out->colour[w->out->count], w->to, sizeof w->to);
        w->out->count++;
        return;
    }
    for (j = 0; j < r->pegs; j++) {
        int8_t set_a[MM_MAX_ROWS];
        int nset = 0, ok = 1;
        if (w->taken >> j & 1)
            continue;
        /* every guess's colour at peg i must become its colour at peg j */
        for (k = 0; k < w->rows && ok; k++) {
            int a = w->g[k][i], b = w->g[k][j];
            if (w->to[a] == b)
                continue;
            if (w->to[a] >= 0 || w->from[b] >= 0) {
                ok = 0;
                break;
            }
            w->to[a] = (int8_t)b;
            w->from[b] = (int8_t)a;
            set_a[nset++] = (int8_t)a;
        }
        if (ok) {
            w->perm[i] = (uint8_t)j;
            w->taken |= 1 << j;
            group_peg(w, i + 1);
            w->taken &= ~(1 << j);
        }
        while (nset > 0) {
            int a = set_a[--nset];
            w->from[(int)w->to[a]] = -1;
            w->to[a] = -1;
        }
    }
}

/* The permutations fixing every guess of h (the identity first), at most cap. */
static void find_group(const mm_rules *r, const mm_history *h, group *out)
{
    group_walk *w = calloc(1, sizeof *w);
    int k;
    out->count = 0;
    if (!w)
        return;
    w->r = r;
    w->rows = h->count;
    w->out = out;
    for (k = 0; k < h->count; k++)
        ar_mm_colours(r, h->guess[k], w->g[k]);
    memset(w->to, -1, sizeof w->to);
    memset(w->from, -1, sizeof w->from);
    group_peg(w, 0);
    free(w);
}

uint32_t ar_mm_candidates(mm_candidates *c, const mm_history *h, uint32_t *out)
{
    const mm_rules *r = c->r;
    const uint32_t *list;
    uint32_t count, n = 0, i;
    unsigned used = 0;
    group g;
    int k, e, cap;
    double per;
    if (h->count == 0)
        return ar_mm_first_guesses(r, out, r->codes);
    for (k = 0; k < h->count; k++) {
        uint8_t colour[MM_MAX_PEGS];
        ar_mm_colours(r, h->guess[k], colour);
        for (e = 0; e < r->pegs; e++)
            used |= 1u << colour[e];
    }
    list = free_list(c, used, &count);
    if (!list) { /* out of memory: every code is a candidate (slower, as sound) */
        for (i = 0; i < r->codes; i++)
            out[i] = i;
        return r->codes;
    }
    per = (double)count * r->pegs;
    cap = per * GROUP_MAX > FILTER_WORK ? (int)(FILTER_WORK / per) : GROUP_MAX;
    if (cap < 2) {
        memcpy(out, list, sizeof *out * count);
        return count;
    }
    g.cap = cap;
    g.perm = malloc(sizeof *g.perm * (size_t)cap);
    g.colour = malloc(sizeof *g.colour * (size_t)cap);
    g.count = 0;
    if (g.perm && g.colour)
        find_group(r, h, &g);
    for (i = 0; i < count; i++) {
        uint8_t colour[MM_MAX_PEGS], image[MM_MAX_PEGS];
        int lower = 0;
        ar_mm_colours(r, list[i], colour);
        for (e = 1; e < g.count && !lower; e++) { /* element 0 is the identity */
            int p;
            for (p = 0; p < r->pegs; p++) {
                int a = colour[p];
                image[g.perm[e][p]] = (uint8_t)(g.colour[e][a] >= 0 ? g.colour[e][a] : a);
            }
            canonical_free(r, image, used);
            lower = ar_mm_code_of(r, image) < list[i];
        }
        if (!lower)
            out[n++] = list[i];
    }
    free(g.perm);
    free(g.colour);
    return n;
}
