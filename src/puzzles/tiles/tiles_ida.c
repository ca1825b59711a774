/* tiles_ida.c — the sliding-tile engine behind the `tiles` and `loyd`
 * domains: lower-bound tables, additive pattern databases (abstractions for
 * the generic builder in pdb.c), and the specialised solvers.
 *
 * The IDA* here is the classic fast one: one board mutated in place, moves of
 * the blank in a fixed order with the reversal of the previous move skipped,
 * and heuristics kept up to date incrementally. A move changes one tile, so
 * Manhattan distance changes by one table difference, linear conflicts are
 * recomputed for the two lines the tile leaves and enters, and only the
 * pattern database holding that tile is looked up again (its rank recomputed
 * from the pattern's positions with a popcount per tile). With reflection the
 * same databases are looked up on the board mirrored about the main diagonal,
 * kept alongside, and the larger sum is used (both are admissible).
 *
 * Pattern databases count only moves of pattern tiles and ignore where the
 * blank is (any cell free of pattern tiles may receive a pattern tile), which
 * is a relaxation of the real puzzle: admissible, and additive over disjoint
 * patterns because every real move moves exactly one tile. With Loyd's
 * transport the relaxation also lets a pattern tile on the centre jump to any
 * free cell. */
#include "tiles_ida.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ariadne/timer.h"

#define MAX_DEPTH 1024

static unsigned absdiff(unsigned a, unsigned b) { return a > b ? a - b : b - a; }

/* Population count. Without -mpopcnt the compiler's builtin is a library
 * call (13% of a pattern-database build in a profile); this inline version
 * is a dozen instructions. */
static inline unsigned popcount64(uint64_t x)
{
#if defined(__POPCNT__)
    return (unsigned)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
#endif
}

void ar_tiles_model_init(ar_tiles_model *m, unsigned rows, unsigned cols, unsigned blank,
                         int transport, const char *domain)
{
    unsigned p, l, r, c;
    memset(m, 0, sizeof *m);
    m->rows = rows;
    m->cols = cols;
    m->n = rows * cols;
    m->blank = blank;
    m->transport = transport;
    m->centre = (rows / 2) * cols + cols / 2;
    m->domain = domain;
    for (p = 0; p < m->n; p++) {
        r = p / cols;
        c = p % cols;
        m->row_of[p] = (uint8_t)r;
        m->col_of[p] = (uint8_t)c;
        m->nb[p][AR_TDIR_UP] = (int8_t)(r > 0 ? (int)(p - cols) : -1);
        m->nb[p][AR_TDIR_DOWN] = (int8_t)(r + 1 < rows ? (int)(p + cols) : -1);
        m->nb[p][AR_TDIR_LEFT] = (int8_t)(c > 0 ? (int)p - 1 : -1);
        m->nb[p][AR_TDIR_RIGHT] = (int8_t)(c + 1 < cols ? (int)p + 1 : -1);
        m->refl[p] = (uint8_t)(rows == cols ? c * cols + r : p);
        if (c == 0)
            m->first_col |= (uint64_t)1 << p;
        if (c + 1 == cols)
            m->last_col |= (uint64_t)1 << p;
    }
    for (l = 0; l < m->n; l++)
        for (p = 0; p < m->n; p++) {
            unsigned md = absdiff(m->row_of[l], m->row_of[p]) + absdiff(m->col_of[l], m->col_of[p]);
            if (transport) { /* walk to the centre, then one transport home */
                unsigned via = absdiff(m->row_of[m->centre], m->row_of[p]) +
                               absdiff(m->col_of[m->centre], m->col_of[p]) + 1;
                if (via < md)
                    md = via;
            }
            m->dist[l][p] = (uint8_t)(l == blank ? 0 : md);
        }
    for (l = 0; l < AR_TILES_MAX; l++)
        m->pat_of[l] = -1;
}

/* --- pattern abstractions ------------------------------------------------ */

static uint64_t rank_of(const ar_tiles_pattern *pt, const uint8_t *where)
{
    uint64_t mask = 0, r = 0;
    unsigned i;
    for (i = 0; i < pt->k; i++) {
        unsigned q = where[i];
        uint64_t below = mask & (((uint64_t)1 << q) - 1);
        r += (uint64_t)(q - (unsigned)popcount64(below)) * pt->weight[i];
        mask |= (uint64_t)1 << q;
    }
    return r;
}

/* Without the transport, the search of a pattern's database keeps the blank
 * too, as the region of free cells it can reach without moving a pattern tile
 * (moves inside the region cost nothing), named by the region's lowest cell:
 * a pattern tile may only move into a cell of the blank's region. The table
 * stores the minimum over the regions of each placement of the pattern tiles.
 * This is the blank-aware database of Korf & Felner, several moves stronger
 * than letting every free cell act as a blank. With the transport the blank
 * can jump to the centre, regions are not symmetric, and the database ignores
 * the blank (a pattern tile may move into any free cell). */
static int region_mode(const ar_tiles_pattern *pt) { return !pt->model->transport; }

static uint64_t full_mask(const ar_tiles_model *m)
{
    return m->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << m->n) - 1);
}

/* The cells of `free` reachable from `seed` by steps between neighbours. */
static uint64_t flood(const ar_tiles_model *m, uint64_t seed, uint64_t free)
{
    uint64_t r = seed & free, prev = 0, notfirst = ~m->first_col, notlast = ~m->last_col;
    unsigned cols = m->cols;
    while (r != prev) {
        prev = r;
        r |= ((r << 1) & notfirst) | ((r >> 1) & notlast) | (r << cols) | (r >> cols);
        r &= free;
    }
    return r;
}

static uint64_t occupied(const ar_tiles_pattern *pt, const uint8_t *where)
{
    uint64_t occ = 0;
    unsigned i;
    for (i = 0; i < pt->k; i++)
        occ |= (uint64_t)1 << where[i];
    return occ;
}

static uint64_t abs_rank(const void *ctx, const void *astate)
{
    const ar_tiles_pattern *pt = ctx;
    const uint8_t *where = astate;
    uint64_t r = rank_of(pt, where), occ;
    unsigned rep;
    if (!region_mode(pt))
        return r;
    occ = occupied(pt, where);
    rep = where[pt->k];
    return r * (pt->model->n - pt->k) +
           (rep - (unsigned)popcount64(occ & (((uint64_t)1 << rep) - 1)));
}

static uint64_t abs_project(const void *ctx, uint64_t rank)
{
    const ar_tiles_pattern *pt = ctx;
    return rank / (pt->model->n - pt->k);
}

static void abs_unrank(const void *ctx, uint64_t rank, void *astate)
{
    const ar_tiles_pattern *pt = ctx;
    uint8_t *where = astate;
    uint64_t used = 0;
    unsigned i, n = pt->model->n, j = 0, q;
    if (region_mode(pt)) {
        j = (unsigned)(rank % (n - pt->k));
        rank /= n - pt->k;
    }
    for (i = 0; i < pt->k; i++) {
        unsigned d = (unsigned)(rank / pt->weight[i]);
        rank %= pt->weight[i];
        for (q = 0; q < n; q++)
            if (!(used >> q & 1) && d-- == 0)
                break;
        where[i] = (uint8_t)q;
        used |= (uint64_t)1 << q;
    }
    if (region_mode(pt)) {
        for (q = 0; q < n; q++)
            if (!(used >> q & 1) && j-- == 0)
                break;
        where[pt->k] = (uint8_t)q;
    }
}

static unsigned abs_goals(const void *ctx, uint64_t *ranks, unsigned max)
{
    const ar_tiles_pattern *pt = ctx;
    const ar_tiles_model *m = pt->model;
    uint8_t where[AR_TILES_MAX_PATTERN_TILES + 1];
    if (max < 1)
        return 0;
    memcpy(where, pt->labels, pt->k);
    if (region_mode(pt)) {
        uint64_t free = full_mask(m) & ~occupied(pt, where);
        where[pt->k] = (uint8_t)__builtin_ctzll(flood(m, (uint64_t)1 << m->blank, free));
    }
    ranks[0] = abs_rank(pt, where);
    return 1;
}

static unsigned abs_base(const void *ctx, const void *astate)
{
    const ar_tiles_pattern *pt = ctx;
    const uint8_t *where = astate;
    unsigned i, sum = 0;
    for (i = 0; i < pt->k; i++)
        sum += pt->model->dist[pt->labels[i]][where[i]];
    return sum;
}

/* Predecessors. Relaxed (transport) mode: a pattern tile steps to a free
 * neighbour, and the reverse of a transport is a tile anywhere that came from
 * the centre, which must be free now. Region mode: a pattern tile next to the
 * blank's region steps into it, and the blank's new region is the one of the
 * cell the tile left (every such move is its own reverse). */
static unsigned abs_preds(const void *ctx, const void *astate, uint64_t *ranks, unsigned char *costs)
{
    const ar_tiles_pattern *pt = ctx;
    const ar_tiles_model *m = pt->model;
    uint8_t w[AR_TILES_MAX_PATTERN_TILES + 1];
    uint64_t occ, region = 0, full = full_mask(m);
    unsigned i, d, n = 0;
    memcpy(w, astate, pt->k + (region_mode(pt) ? 1u : 0u));
    occ = occupied(pt, w);
    if (region_mode(pt))
        region = flood(m, (uint64_t)1 << w[pt->k], full & ~occ);
    for (i = 0; i < pt->k; i++) {
        unsigned p = w[i];
        for (d = 0; d < 4; d++) {
            int q = m->nb[p][d];
            if (q < 0 || (occ >> q & 1))
                continue;
            if (region_mode(pt)) {
                uint64_t occ2;
                if (!(region >> q & 1))
                    continue;
                occ2 = (occ & ~((uint64_t)1 << p)) | (uint64_t)1 << q;
                w[pt->k] = (uint8_t)__builtin_ctzll(flood(m, (uint64_t)1 << p, full & ~occ2));
            }
            w[i] = (uint8_t)q;
            ranks[n] = abs_rank(pt, w);
            costs[n++] = 1;
        }
        if (m->transport && p != m->centre && !(occ >> m->centre & 1)) {
            w[i] = (uint8_t)m->centre;
            ranks[n] = abs_rank(pt, w);
            costs[n++] = 1;
        }
        w[i] = (uint8_t)p;
    }
    return n;
}

static ar_status setup_pattern(ar_tiles_model *m, ar_tiles_pattern *pt, const uint8_t *labels,
                               unsigned k, ar_error *err)
{
    unsigned i, j, used = 0;
    uint64_t count = 1;
    uint8_t sorted[AR_TILES_MAX_PATTERN_TILES];
    if (k == 0 || k > AR_TILES_MAX_PATTERN_TILES || k >= m->n)
        return ar_error_set(err, AR_ERR_INPUT, "a pattern needs 1 to %u tiles (got %u)",
                            AR_TILES_MAX_PATTERN_TILES, k);
    memcpy(sorted, labels, k);
    for (i = 1; i < k; i++) /* insertion sort: the order is part of the file's identity */
        for (j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            uint8_t t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    memset(pt, 0, sizeof *pt);
    pt->k = k;
    pt->model = m;
    memcpy(pt->labels, sorted, k);
    for (i = k; i-- > 0;) {
        pt->weight[i] = count;
        count *= m->n - i;
    }
    snprintf(pt->size_text, sizeof pt->size_text, "%ux%u", m->rows, m->cols);
    for (i = 0; i < k; i++)
        used += (unsigned)snprintf(pt->pattern_text + used, sizeof pt->pattern_text - used, "%s%u",
                                   i ? "," : "", sorted[i]);
    used = 0;
    if (!m->transport) /* the blank's goal cell is part of the abstract goal */
        used += (unsigned)snprintf(pt->goal_text, sizeof pt->goal_text, "blank %u; ", m->blank);
    for (i = 0; i < m->n && used < sizeof pt->goal_text; i++) {
        int in = 0;
        for (j = 0; j < k; j++)
            in |= sorted[j] == i;
        if (in)
            used += (unsigned)snprintf(pt->goal_text + used, sizeof pt->goal_text - used, "%s%u",
                                       i % m->cols ? " " : i ? "/" : "", i);
        else
            used += (unsigned)snprintf(pt->goal_text + used, sizeof pt->goal_text - used, "%s.",
                                       i % m->cols ? " " : i ? "/" : "");
    }
    pt->abs.domain = m->domain;
    pt->abs.size = pt->size_text;
    pt->abs.pattern = pt->pattern_text;
    pt->abs.goal = pt->goal_text;
    pt->abs.base_name = m->transport ? "manhattan+transport" : "manhattan";
    pt->abs.count = count;
    pt->abs.state_size = k;
    if (!m->transport) { /* search with the blank's region, store per placement */
        pt->abs.count = count * (m->n - k);
        pt->abs.state_size = k + 1;
        pt->abs.stored_count = count;
        pt->abs.project = abs_project;
    }
    pt->abs.step = m->transport ? 1 : 2;
    pt->abs.bits = 4;
    pt->abs.ctx = pt;
    pt->abs.unrank = abs_unrank;
    pt->abs.rank = abs_rank;
    pt->abs.goals = abs_goals;
    pt->abs.predecessors = abs_preds;
    pt->abs.base = abs_base;
    pt->abs.smaller = k > 6 ? "--pattern 6-6-3 or 5-5-5 (4x4)" : "a partition into smaller groups";
    return AR_OK;
}

ar_status ar_tiles_set_groups(ar_tiles_model *m, const uint8_t groups[][AR_TILES_MAX_PATTERN_TILES],
                              const unsigned *sizes, unsigned count, const char *name, int reflect,
                              ar_error *err)
{
    unsigned g, i;
    ar_status st;
    ar_tiles_free_pdbs(m);
    for (i = 0; i < AR_TILES_MAX; i++)
        m->pat_of[i] = -1;
    m->npat = 0;
    if (count == 0 || count > AR_TILES_MAX_PATTERNS)
        return ar_error_set(err, AR_ERR_INPUT, "a partition has 1 to %u patterns", AR_TILES_MAX_PATTERNS);
    for (g = 0; g < count; g++) {
        for (i = 0; i < sizes[g]; i++) {
            unsigned l = groups[g][i];
            if (l >= m->n || l == m->blank)
                return ar_error_set(err, AR_ERR_INPUT, "pattern %u names a tile that does not exist", g + 1);
            if (m->pat_of[l] >= 0)
                return ar_error_set(err, AR_ERR_INPUT, "a tile is in two patterns (patterns must be disjoint)");
            m->pat_of[l] = (int8_t)g;
        }
        if ((st = setup_pattern(m, &m->pat[g], groups[g], sizes[g], err)) != AR_OK)
            return st;
    }
    m->npat = count;
    snprintf(m->partition, sizeof m->partition, "%s", name);
    {
        int can = m->rows == m->cols && m->refl[m->blank] == m->blank;
        if (reflect > 0 && !can)
            return ar_error_set(err, AR_ERR_INPUT, "reflection needs a square board whose goal has the "
                                                   "blank on the main diagonal");
        m->reflect = reflect < 0 ? can : reflect;
    }
    return AR_OK;
}

/* Presets, as goal cells of a board whose goal has the blank on cell 0; they
 * are mapped onto the actual goal by the symmetry that takes cell 0 to the
 * goal's blank corner. */
typedef struct preset {
    unsigned rows, cols;
    const char *name;
    const char *groups; /* groups separated by '/', cells by ',' */
} preset;

static const preset presets[] = {
    {2, 2, "3", "1,2,3"},
    {2, 3, "5", "1,2,3,4,5"},
    {3, 2, "5", "1,2,3,4,5"},
    {2, 4, "7", "1,2,3,4,5,6,7"},
    {2, 4, "4-3", "1,2,3,4/5,6,7"},
    {4, 2, "7", "1,2,3,4,5,6,7"},
    {3, 3, "8", "1,2,3,4,5,6,7,8"},
    {3, 3, "4-4", "1,2,3,4/5,6,7,8"},
    {4, 4, "5-5-5", "1,2,3,6,7/4,5,8,9,12/10,11,13,14,15"},
    {4, 4, "6-6-3", "1,4,5,8,9,12/2,3,6,7,10,11/13,14,15"},
    {4, 4, "7-8", "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15"},
    {5, 5, "6-6-6-6", "1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24"},
    {0, 0, NULL, NULL}};

const char *ar_tiles_default_partition(const ar_tiles_model *m)
{
    unsigned r = m->rows, c = m->cols;
    if (r == 4 && c == 4)
        return "6-6-3";
    if (r == 5 && c == 5)
        return "6-6-6-6";
    if (r == 3 && c == 3)
        return "8";
    if (r * c <= 8)
        return r * c == 4 ? "3" : r * c == 6 ? "5" : "7";
    return "";
}

/* The image of preset cell p under the symmetry taking cell 0 to the corner
 * where the goal's blank is; -1 when the blank is not in a corner. */
static int map_cell(const ar_tiles_model *m, unsigned p)
{
    unsigned r = p / m->cols, c = p % m->cols, br = m->row_of[m->blank], bc = m->col_of[m->blank];
    if ((br != 0 && br != m->rows - 1) || (bc != 0 && bc != m->cols - 1))
        return -1;
    if (br)
        r = m->rows - 1 - r;
    if (bc)
        c = m->cols - 1 - c;
    return (int)(r * m->cols + c);
}

ar_status ar_tiles_set_partition(ar_tiles_model *m, const char *name, int reflect, ar_error *err)
{
    const preset *ps;
    uint8_t groups[AR_TILES_MAX_PATTERNS][AR_TILES_MAX_PATTERN_TILES];
    unsigned sizes[AR_TILES_MAX_PATTERNS] = {0}, ng = 0;
    const char *s;
    for (ps = presets; ps->name; ps++)
        if (ps->rows == m->rows && ps->cols == m->cols && strcmp(ps->name, name) == 0)
            break;
    if (!ps->name) {
        char list[200] = "";
        size_t used = 0;
        for (ps = presets; ps->name; ps++)
            if (ps->rows == m->rows && ps->cols == m->cols)
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "",
                                         ps->name);
        return ar_error_set(err, AR_ERR_INPUT,
                            "no preset partition '%.40s' for a %ux%u board (%s%s); give the groups "
                            "explicitly, e.g. --pattern 1,2,3/4,5,6",
                            name, m->rows, m->cols, used ? "presets: " : "no presets",
                            used ? list : "");
    }
    for (s = ps->groups; *s;) {
        unsigned v = 0;
        int cell;
        while (*s >= '0' && *s <= '9')
            v = v * 10 + (unsigned)(*s++ - '0');
        cell = map_cell(m, v);
        if (cell < 0)
            return ar_error_set(err, AR_ERR_INPUT,
                                "preset partitions need the goal's blank in a corner; give the groups "
                                "explicitly with --pattern");
        groups[ng][sizes[ng]++] = (uint8_t)cell;
        if (*s == '/')
            ng++;
        if (*s)
            s++;
    }
    return ar_tiles_set_groups(m, (const uint8_t(*)[AR_TILES_MAX_PATTERN_TILES])groups, sizes, ng + 1,
                               name, reflect, err);
}

/* A loaded table with the number of models using it: copies of a model
 * (with_start, hints, benchmarks) share the mapping instead of loading again. */
struct ar_tiles_table {
    atomic_int refs;
    ar_pdb pdb;
};

ar_status ar_tiles_load_pdbs(ar_tiles_model *m, ar_mem *mem, ar_progress *progress,
                             const ar_limits *limits, ar_error *err)
{
    unsigned i;
    for (i = 0; i < m->npat; i++) {
        ar_tiles_pattern *pt = &m->pat[i];
        ar_pdb_build_options o;
        ar_status st;
        int built;
        if (pt->loaded)
            continue;
        memset(&o, 0, sizeof o);
        o.mem = mem;
        o.progress = progress;
        if (limits) {
            o.time_limit = limits->time_limit;
            o.interrupt = limits->interrupt;
        }
        pt->holder = malloc(sizeof *pt->holder);
        if (!pt->holder)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory loading a pattern database");
        st = ar_pdb_open(&pt->abs, m->pdb_dir, &o, &pt->holder->pdb, &built, err);
        if (st != AR_OK) {
            free(pt->holder);
            pt->holder = NULL;
            return st;
        }
        atomic_init(&pt->holder->refs, 1);
        /* The table lives as long as the instance, longer than the account it
         * was charged to: detach it so freeing it later touches no account. */
        pt->holder->pdb.mem = NULL;
        pt->holder->pdb.accounted = 0;
        pt->holder->pdb.table.mem = NULL;
        pt->pdb = pt->holder->pdb;
        if (mem) {
            size_t b = pt->pdb.table.bytes;
            mem->used = b < mem->used ? mem->used - b : 0;
        }
        pt->loaded = 1;
    }
    return AR_OK;
}

int ar_tiles_pdbs_cached(const ar_tiles_model *m)
{
    char dir[1100], name[700], path[1900];
    unsigned i;
    struct stat sb;
    if (m->npat == 0)
        return 0;
    ar_pdb_dir(m->pdb_dir, dir, sizeof dir);
    for (i = 0; i < m->npat; i++) {
        if (m->pat[i].loaded)
            continue;
        ar_pdb_file_name(&m->pat[i].abs, name, sizeof name);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (stat(path, &sb) != 0)
            return 0;
    }
    return 1;
}

void ar_tiles_free_pdbs(ar_tiles_model *m)
{
    unsigned i;
    for (i = 0; i < m->npat; i++)
        if (m->pat[i].loaded) {
            struct ar_tiles_table *t = m->pat[i].holder;
            if (t && atomic_fetch_sub(&t->refs, 1) == 1) {
                ar_pdb_free(&t->pdb);
                free(t);
            }
            m->pat[i].holder = NULL;
            memset(&m->pat[i].pdb, 0, sizeof m->pat[i].pdb);
            m->pat[i].loaded = 0;
        }
}

/* --- heuristics from scratch ---------------------------------------------- */

unsigned ar_tiles_manhattan(const ar_tiles_model *m, const uint8_t *cells)
{
    unsigned p, h = 0;
    for (p = 0; p < m->n; p++)
        h += m->dist[cells[p]][p];
    return h;
}

/* Linear conflicts of one line (rows 0..R-1, then columns): of the tiles in
 * the line that belong to it, all but a longest increasing run (by goal
 * position) must leave the line and come back, two extra moves each
 * (Hansson, Mayer & Yung). */
static unsigned line_conflicts(const ar_tiles_model *m, const uint8_t *cells, unsigned line)
{
    unsigned seq[AR_TILES_MAX], lis[AR_TILES_MAX], k = 0, i, j, best = 0;
    if (line < m->rows) {
        for (i = 0; i < m->cols; i++) {
            unsigned l = cells[line * m->cols + i];
            if (l != m->blank && m->row_of[l] == line)
                seq[k++] = m->col_of[l];
        }
    } else {
        unsigned c = line - m->rows;
        for (i = 0; i < m->rows; i++) {
            unsigned l = cells[i * m->cols + c];
            if (l != m->blank && m->col_of[l] == c)
                seq[k++] = m->row_of[l];
        }
    }
    if (k < 2)
        return 0;
    for (i = 0; i < k; i++) {
        lis[i] = 1;
        for (j = 0; j < i; j++)
            if (seq[j] < seq[i] && lis[j] + 1 > lis[i])
                lis[i] = lis[j] + 1;
        if (lis[i] > best)
            best = lis[i];
    }
    return 2 * (k - best);
}

unsigned ar_tiles_linear(const ar_tiles_model *m, const uint8_t *cells)
{
    unsigned line, h = ar_tiles_manhattan(m, cells);
    if (m->transport)
        return h; /* a transport lets tiles pass each other: conflicts are not admissible */
    for (line = 0; line < m->rows + m->cols; line++)
        h += line_conflicts(m, cells, line);
    return h;
}

static unsigned pattern_value(const ar_tiles_pattern *pt, const uint8_t *pos)
{
    uint8_t where[AR_TILES_MAX_PATTERN_TILES];
    unsigned i, base = 0;
    for (i = 0; i < pt->k; i++) {
        where[i] = pos[pt->labels[i]];
        base += pt->model->dist[pt->labels[i]][where[i]];
    }
    return base + pt->abs.step * ar_pdb_entry(&pt->pdb, rank_of(pt, where));
}

static unsigned pdb_sum(const ar_tiles_model *m, const uint8_t *pos)
{
    unsigned i, h = 0;
    for (i = 0; i < m->npat; i++)
        h += pattern_value(&m->pat[i], pos);
    for (i = 0; i < m->n; i++)
        if (i != m->blank && m->pat_of[i] < 0)
            h += m->dist[i][pos[i]];
    return h;
}

unsigned ar_tiles_pdb_value(const ar_tiles_model *m, const uint8_t *cells)
{
    uint8_t pos[AR_TILES_MAX], rpos[AR_TILES_MAX];
    unsigned p, h, r;
    for (p = 0; p < m->n; p++) {
        pos[cells[p]] = (uint8_t)p;
        rpos[m->refl[cells[p]]] = m->refl[p];
    }
    h = pdb_sum(m, pos);
    if (m->reflect && (r = pdb_sum(m, rpos)) > h)
        h = r;
    return h;
}

/* Each move of the blank is a transposition of the board (blank included) and
 * changes the blank's distance to its goal cell by one, so the parity of the
 * permutation equals the parity of that distance on every reachable board.
 * For boards of at least 2x2 the converse holds too (Johnson & Story 1879).
 * Loyd's transport is also one transposition but moves the blank to the centre
 * from any distance, which breaks the invariant: every board is reachable. */
int ar_tiles_solvable(const ar_tiles_model *m, const uint8_t *cells)
{
    uint8_t seen[AR_TILES_MAX] = {0};
    unsigned p, parity = 0, b = 0;
    if (m->transport)
        return 1;
    for (p = 0; p < m->n; p++) {
        unsigned len = 0, q = p;
        if (cells[p] == m->blank)
            b = p;
        if (seen[p])
            continue;
        while (!seen[q]) {
            seen[q] = 1;
            q = cells[q];
            len++;
        }
        parity ^= (len - 1) & 1u;
    }
    return parity == ((absdiff(m->row_of[b], m->row_of[m->blank]) +
                       absdiff(m->col_of[b], m->col_of[m->blank])) & 1u);
}

int ar_tiles_apply(const ar_tiles_model *m, uint8_t *cells, unsigned dir)
{
    unsigned b, q;
    for (b = 0; b < m->n && cells[b] != m->blank; b++)
        ;
    if (b == m->n)
        return 0;
    if (dir == AR_TDIR_TRANSPORT) {
        if (!m->transport || b == m->centre)
            return 0;
        q = m->centre;
    } else if (dir < 4 && m->nb[b][dir] >= 0) {
        q = (unsigned)m->nb[b][dir];
    } else {
        return 0;
    }
    cells[b] = cells[q];
    cells[q] = (uint8_t)m->blank;
    return 1;
}

/* --- IDA* ------------------------------------------------------------------ */

typedef struct ida {
    const ar_tiles_model *m;
    int kind;
    unsigned wnum;                 /* weight * 16 (16 = plain IDA*) */
    uint8_t cell[AR_TILES_MAX], pos[AR_TILES_MAX], rpos[AR_TILES_MAX];
    unsigned blank;
    unsigned md;                   /* sum of dist */
    unsigned lc[2 * 8], lcsum;     /* linear conflicts per line */
    unsigned pv[AR_TILES_MAX_PATTERNS], rv[AR_TILES_MAX_PATTERNS];
    unsigned psum, rsum, rest, rrest;
    uint64_t bound, next_bound;    /* in sixteenths */
    unsigned upper;                /* only solutions shorter than this are wanted (0: any) */
    uint8_t path[MAX_DEPTH];
    unsigned found_len;
    uint64_t expanded, generated, next_check, node_limit;
    const ar_search_options *opts;
    double start, deadline;
    ar_stop_reason stop;
    char detail[96];
} ida;

static unsigned rank_value(const ar_tiles_pattern *pt, const uint8_t *pos)
{
    return pattern_value(pt, pos);
}

static void ida_init(ida *s, const ar_tiles_model *m, const uint8_t *cells, int kind)
{
    unsigned p, i;
    memset(s, 0, sizeof *s);
    s->m = m;
    s->kind = kind;
    s->wnum = 16;
    memcpy(s->cell, cells, m->n);
    for (p = 0; p < m->n; p++) {
        s->pos[cells[p]] = (uint8_t)p;
        s->rpos[m->refl[cells[p]]] = m->refl[p];
        if (cells[p] == m->blank)
            s->blank = p;
    }
    s->md = ar_tiles_manhattan(m, cells);
    if (kind == AR_TH_LINEAR)
        for (i = 0; i < m->rows + m->cols; i++) {
            s->lc[i] = line_conflicts(m, cells, i);
            s->lcsum += s->lc[i];
        }
    if (kind == AR_TH_PDB) {
        for (i = 0; i < m->npat; i++) {
            s->pv[i] = rank_value(&m->pat[i], s->pos);
            s->psum += s->pv[i];
            if (m->reflect) {
                s->rv[i] = rank_value(&m->pat[i], s->rpos);
                s->rsum += s->rv[i];
            }
        }
        for (i = 0; i < m->n; i++)
            if (i != m->blank && m->pat_of[i] < 0) {
                s->rest += m->dist[i][s->pos[i]];
                s->rrest += m->dist[i][s->rpos[i]];
            }
    }
}

static inline unsigned ida_h(const ida *s)
{
    switch (s->kind) {
    case AR_TH_LINEAR:
        return s->md + s->lcsum;
    case AR_TH_PDB: {
        unsigned a = s->psum + s->rest, b = s->m->reflect ? s->rsum + s->rrest : 0;
        return a > b ? a : b;
    }
    default:
        return s->md;
    }
}

typedef struct undo_rec {
    unsigned md, lcsum, psum, rsum, rest, rrest;
    unsigned line[2], lcv[2];
    int pa, pb;
    unsigned pva, rvb;
} undo_rec;

/* Moves tile l from cell `from` into the blank on `to`; keeps every
 * heuristic term current and records what undo needs. */
static inline void ida_move(ida *s, unsigned l, unsigned from, unsigned to, undo_rec *u)
{
    const ar_tiles_model *m = s->m;
    u->md = s->md;
    s->cell[to] = (uint8_t)l;
    s->pos[l] = (uint8_t)to;
    s->cell[from] = (uint8_t)m->blank;
    s->pos[m->blank] = (uint8_t)from;
    s->blank = from;
    s->md = s->md - m->dist[l][from] + m->dist[l][to];
    if (s->kind == AR_TH_LINEAR) {
        unsigned a, b, i;
        u->lcsum = s->lcsum;
        if (m->row_of[from] == m->row_of[to]) { /* horizontal: two columns change */
            a = m->rows + m->col_of[from];
            b = m->rows + m->col_of[to];
        } else {
            a = m->row_of[from];
            b = m->row_of[to];
        }
        u->line[0] = a;
        u->line[1] = b;
        u->lcv[0] = s->lc[a];
        u->lcv[1] = s->lc[b];
        for (i = 0; i < 2; i++) {
            unsigned line = u->line[i], v = line_conflicts(m, s->cell, line);
            s->lcsum = s->lcsum - s->lc[line] + v;
            s->lc[line] = v;
        }
    } else if (s->kind == AR_TH_PDB) {
        int a = m->pat_of[l];
        u->psum = s->psum;
        u->rest = s->rest;
        u->pa = a;
        if (a >= 0) {
            unsigned v = rank_value(&m->pat[a], s->pos);
            u->pva = s->pv[a];
            s->psum = s->psum - s->pv[a] + v;
            s->pv[a] = v;
        } else {
            s->rest = s->rest - m->dist[l][from] + m->dist[l][to];
        }
        if (m->reflect) {
            unsigned rl = m->refl[l], rf = m->refl[from], rt = m->refl[to];
            int b = m->pat_of[rl];
            u->rsum = s->rsum;
            u->rrest = s->rrest;
            u->pb = b;
            s->rpos[rl] = (uint8_t)rt;
            s->rpos[m->refl[m->blank]] = (uint8_t)rf;
            if (b >= 0) {
                unsigned v = rank_value(&m->pat[b], s->rpos);
                u->rvb = s->rv[b];
                s->rsum = s->rsum - s->rv[b] + v;
                s->rv[b] = v;
            } else {
                s->rrest = s->rrest - m->dist[rl][rf] + m->dist[rl][rt];
            }
        }
    }
}

static inline void ida_unmove(ida *s, unsigned l, unsigned from, unsigned to, const undo_rec *u)
{
    const ar_tiles_model *m = s->m;
    s->cell[from] = (uint8_t)l;
    s->pos[l] = (uint8_t)from;
    s->cell[to] = (uint8_t)m->blank;
    s->pos[m->blank] = (uint8_t)to;
    s->blank = to;
    s->md = u->md;
    if (s->kind == AR_TH_LINEAR) {
        s->lcsum = u->lcsum;
        s->lc[u->line[1]] = u->lcv[1];
        s->lc[u->line[0]] = u->lcv[0];
    } else if (s->kind == AR_TH_PDB) {
        s->psum = u->psum;
        s->rest = u->rest;
        if (u->pa >= 0)
            s->pv[u->pa] = u->pva;
        if (m->reflect) {
            s->rsum = u->rsum;
            s->rrest = u->rrest;
            s->rpos[m->refl[l]] = m->refl[from];
            s->rpos[m->refl[m->blank]] = m->refl[to];
            if (u->pb >= 0)
                s->rv[u->pb] = u->rvb;
        }
    }
}

static int ida_should_stop(ida *s)
{
    const ar_limits *lim = &s->opts->limits;
    double now;
    s->next_check = s->expanded + ((uint64_t)1 << 18);
    if (lim->interrupt && *lim->interrupt) {
        s->stop = AR_STOP_INTERRUPT;
        return 1;
    }
    now = ar_now();
    if (s->deadline > 0 && now >= s->deadline) {
        s->stop = AR_STOP_TIME;
        return 1;
    }
    if (s->opts->progress) {
        snprintf(s->detail, sizeof s->detail, "IDA* bound %llu, generated %llu",
                 (unsigned long long)(s->bound / 16), (unsigned long long)s->generated);
        ar_progress_update(s->opts->progress, s->expanded, 0, "nodes", s->detail);
    }
    return 0;
}

static const unsigned opposite[5] = {AR_TDIR_DOWN, AR_TDIR_UP, AR_TDIR_RIGHT, AR_TDIR_LEFT, 5};

/* Returns 1 when a solution was found (path[0..g) holds it), 0 when not
 * below the bound, -1 when a limit stopped the search. */
static int ida_dfs(ida *s, unsigned g, unsigned last)
{
    const ar_tiles_model *m = s->m;
    unsigned h = ida_h(s), d, b;
    uint64_t f = (uint64_t)g * 16 + (uint64_t)h * s->wnum;
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
    if (s->expanded >= s->next_check) {
        if (s->node_limit && s->expanded >= s->node_limit) {
            s->stop = AR_STOP_NODES;
            return -1;
        }
        if (ida_should_stop(s))
            return -1;
    }
    b = s->blank;
    for (d = 0; d < 4; d++) {
        int q = m->nb[b][d];
        undo_rec u;
        unsigned l;
        int r;
        if (q < 0 || d == opposite[last])
            continue;
        l = s->cell[q];
        ida_move(s, l, (unsigned)q, b, &u);
        s->generated++;
        s->path[g] = (uint8_t)d;
        r = ida_dfs(s, g + 1, d);
        ida_unmove(s, l, (unsigned)q, b, &u);
        if (r)
            return r;
    }
    if (m->transport && b != m->centre &&
        absdiff(m->row_of[b], m->row_of[m->centre]) + absdiff(m->col_of[b], m->col_of[m->centre]) > 1) {
        /* (next to the centre a transport is the same as the step into it) */
        undo_rec u;
        unsigned l = s->cell[m->centre];
        int r;
        ida_move(s, l, m->centre, b, &u);
        s->generated++;
        s->path[g] = AR_TDIR_TRANSPORT;
        r = ida_dfs(s, g + 1, AR_TDIR_TRANSPORT);
        ida_unmove(s, l, m->centre, b, &u);
        if (r)
            return r;
    }
    return 0;
}

static ar_status store_path(ar_result *res, const uint8_t *path, unsigned len, ar_error *err)
{
    unsigned i;
    ar_move *mv = malloc(sizeof *mv * (len ? len : 1));
    if (!mv)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing a solution");
    for (i = 0; i < len; i++)
        mv[i] = path[i];
    free(res->moves);
    res->moves = mv;
    res->length = len;
    res->cost = len;
    res->outcome = AR_OUTCOME_SOLVED;
    return AR_OK;
}

static double deadline_of(const ar_search_options *opts, double start)
{
    return opts->limits.time_limit > 0 ? start + opts->limits.time_limit : 0;
}

/* The IDA* driver shared by the optimal and the weighted search. */
static ar_status ida_run(const ar_tiles_model *m, const uint8_t *cells, int kind, unsigned wnum,
                         const ar_search_options *opts, unsigned upper, double deadline,
                         uint64_t node_limit, ar_result *res, ar_error *err)
{
    ida *s = malloc(sizeof *s);
    ar_status st = AR_OK;
    uint64_t lower;
    if (!s)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory starting IDA*");
    ida_init(s, m, cells, kind);
    s->wnum = wnum;
    s->opts = opts;
    s->start = ar_now();
    s->deadline = deadline;
    s->node_limit = node_limit;
    s->upper = upper;
    s->next_check = (uint64_t)1 << 18;
    s->bound = (uint64_t)ida_h(s) * wnum;
    lower = ida_h(s);
    res->has_lower_bound = 1;
    res->lower_bound = lower;
    for (;;) {
        int r;
        s->next_bound = UINT64_MAX;
        r = ida_dfs(s, 0, 4);
        if (r > 0) {
            st = store_path(res, s->path, s->found_len, err);
            if (st == AR_OK && wnum == 16) {
                res->optimal = 1;
                res->lower_bound = s->found_len;
            }
            break;
        }
        if (r < 0) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = s->stop;
            break;
        }
        if (s->next_bound == UINT64_MAX) {
            res->outcome = AR_OUTCOME_NO_SOLUTION;
            break;
        }
        if (wnum == 16) {
            lower = s->next_bound / 16; /* nothing cheaper exists: the bound's search was complete */
            res->lower_bound = lower;
            if (upper && lower >= upper) {
                res->outcome = AR_OUTCOME_NO_SOLUTION; /* nothing shorter than `upper` */
                break;
            }
        }
        if (opts->depth_limit && s->next_bound / 16 > opts->depth_limit) {
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = AR_STOP_DEPTH;
            break;
        }
        /* A weighted search has many distinct f values: grow the bound by at
         * least 1/16 so the number of iterations stays small. */
        if (wnum != 16 && s->next_bound < s->bound + s->bound / 16)
            s->next_bound = s->bound + s->bound / 16;
        s->bound = s->next_bound;
    }
    res->expanded += s->expanded;
    res->generated += s->generated;
    if (res->peak_bytes < sizeof *s)
        res->peak_bytes = sizeof *s;
    free(s);
    return st;
}

ar_status ar_tiles_ida(const ar_tiles_model *m, const uint8_t *cells, int kind,
                       const ar_search_options *opts, unsigned upper, double deadline,
                       ar_result *result, ar_error *err)
{
    if (deadline == 0)
        deadline = deadline_of(opts, ar_now());
    return ida_run(m, cells, kind, 16, opts, upper, deadline, opts->limits.node_limit, result, err);
}

ar_status ar_tiles_wida(const ar_tiles_model *m, const uint8_t *cells, int kind, double weight,
                        const ar_search_options *opts, ar_result *result, ar_error *err)
{
    unsigned wnum = (unsigned)lround((weight < 1 ? 1 : weight > 64 ? 64 : weight) * 16);
    return ida_run(m, cells, kind, wnum, opts, 0, deadline_of(opts, ar_now()),
                   opts->limits.node_limit, result, err);
}

/* --- anytime ---------------------------------------------------------------- */

static void report_best(const ar_search_options *opts, const ar_result *best, unsigned lower,
                        double start)
{
    char detail[96];
    if (opts->on_improvement)
        opts->on_improvement(opts->on_improvement_ctx, best);
    if (opts->progress) {
        snprintf(detail, sizeof detail, "best %llu moves, lower bound %u, %.1f s",
                 (unsigned long long)best->length, lower, ar_now() - start);
        ar_progress_update(opts->progress, best->expanded, 0, "nodes", detail);
    }
}

/* Path improvement: a window of the incumbent, from the board after move i to
 * the board after move j, is replaced by an optimal path between the two when
 * IDA* (on a node budget) finds a shorter one. The target board becomes the
 * goal by relabelling every tile with its cell there. Windows slide with
 * overlap and grow; the pass repeats while anything improves. */
static unsigned improve_path(const ar_tiles_model *m, const uint8_t *start, ar_move *path,
                             unsigned len, const ar_search_options *opts, double deadline,
                             uint64_t *expanded, uint64_t *generated)
{
    static const unsigned windows[] = {10, 16, 22, 28};
    ar_tiles_model *sub = malloc(sizeof *sub);
    uint8_t (*st)[AR_TILES_MAX] = malloc(sizeof *st * (len + 1));
    ar_search_options o = *opts;
    unsigned w, i, k, improved = 1;
    o.progress = NULL;
    o.depth_limit = 0;
    if (!sub || !st) {
        free(sub);
        free(st);
        return len;
    }
    while (improved) {
        improved = 0;
        for (w = 0; w < sizeof windows / sizeof windows[0]; w++) {
            memcpy(st[0], start, m->n);
            for (k = 0; k < len; k++) {
                memcpy(st[k + 1], st[k], m->n);
                ar_tiles_apply(m, st[k + 1], (unsigned)path[k]);
            }
            for (i = 0; i + 2 < len; i += windows[w] / 2) {
                unsigned j = i + windows[w] < len ? i + windows[w] : len, p, tb = 0;
                uint8_t relabel[AR_TILES_MAX], src[AR_TILES_MAX];
                ar_result r;
                if ((deadline > 0 && ar_now() >= deadline) ||
                    (opts->limits.interrupt && *opts->limits.interrupt)) {
                    free(sub);
                    free(st);
                    return len;
                }
                for (p = 0; p < m->n; p++) {
                    relabel[st[j][p]] = (uint8_t)p;
                    if (st[j][p] == m->blank)
                        tb = p;
                }
                for (p = 0; p < m->n; p++)
                    src[p] = relabel[st[i][p]];
                ar_tiles_model_init(sub, m->rows, m->cols, tb, m->transport, m->domain);
                ar_result_init(&r);
                if (ida_run(sub, src, m->transport ? AR_TH_MANHATTAN : AR_TH_LINEAR, 16, &o, j - i,
                            deadline, 300000, &r, NULL) == AR_OK &&
                    r.outcome == AR_OUTCOME_SOLVED && r.length < j - i) {
                    unsigned shorter = (unsigned)r.length, q;
                    memmove(path + i + shorter, path + j, sizeof *path * (len - j));
                    for (q = 0; q < shorter; q++)
                        path[i + q] = r.moves[q];
                    len -= (j - i) - shorter;
                    improved = 1;
                    for (k = i; k < len; k++) { /* the boards from i on */
                        memcpy(st[k + 1], st[k], m->n);
                        ar_tiles_apply(m, st[k + 1], (unsigned)path[k]);
                    }
                }
                *expanded += r.expanded;
                *generated += r.generated;
                ar_result_free(&r);
            }
        }
    }
    free(sub);
    free(st);
    return len;
}

/* Phase 1 runs weighted IDA* with falling weights, each run on a node budget
 * and pruned by the incumbent (g + h >= best cannot improve, h being
 * admissible), so every run either improves the solution or gives up quickly.
 * Phase 2 is plain IDA* below the incumbent: each finished iteration raises the
 * proven lower bound, and when the bound meets the incumbent it is optimal (a
 * solution found in phase 2 is optimal at once). In between, windows of the
 * incumbent are replaced by shorter optimal paths (improve_path). A time limit
 * gives 30% to phase 1, 30% to the windows and the rest to phase 2. */
ar_status ar_tiles_anytime(const ar_tiles_model *m, const uint8_t *cells, int kind,
                           const ar_search_options *opts, ar_result *res, ar_error *err)
{
    static const double weights[] = {3.0, 2.0, 1.6, 1.4, 1.25, 1.15, 1.1, 1.05};
    double start = ar_now(), deadline = deadline_of(opts, start), phase1_end;
    uint64_t budget = 2000000, used_nodes = 0;
    unsigned i, lower, best = 0;
    ar_result sub;
    ar_status st;
    ida *probe = malloc(sizeof *probe);
    if (!probe)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory starting the anytime solver");
    ida_init(probe, m, cells, kind);
    lower = ida_h(probe);
    free(probe);
    res->has_lower_bound = 1;
    res->lower_bound = lower;
    if (lower == 0) {
        res->outcome = AR_OUTCOME_SOLVED;
        res->optimal = 1;
        return AR_OK;
    }
    phase1_end = deadline > 0 ? start + 0.3 * (deadline - start) : 0;
    for (i = 0; i < sizeof weights / sizeof weights[0]; i++) {
        uint64_t limit = budget << (i < 5 ? i : 5);
        if (opts->limits.node_limit) {
            if (used_nodes >= opts->limits.node_limit)
                break;
            if (limit > opts->limits.node_limit - used_nodes)
                limit = opts->limits.node_limit - used_nodes;
        }
        ar_result_init(&sub);
        st = ida_run(m, cells, kind, (unsigned)lround(weights[i] * 16), opts, best, phase1_end, limit,
                     &sub, err);
        res->expanded += sub.expanded;
        res->generated += sub.generated;
        used_nodes += sub.expanded;
        if (st != AR_OK) {
            ar_result_free(&sub);
            return st;
        }
        if (sub.outcome == AR_OUTCOME_SOLVED && (!best || sub.length < best)) {
            free(res->moves);
            res->moves = sub.moves;
            sub.moves = NULL;
            res->length = res->cost = sub.length;
            res->outcome = AR_OUTCOME_SOLVED;
            best = (unsigned)sub.length;
            report_best(opts, res, lower, start);
            if (best == lower)
                break;
        }
        ar_result_free(&sub);
        if (sub.outcome == AR_OUTCOME_STOPPED &&
            (sub.stop == AR_STOP_INTERRUPT || (phase1_end > 0 && ar_now() >= phase1_end)))
            break;
    }
    if (best && best > lower) { /* phase 1b: shorten windows of the incumbent */
        unsigned shorter = improve_path(m, cells, res->moves, best, opts,
                                        deadline > 0 ? start + 0.6 * (deadline - start) : 0,
                                        &res->expanded, &res->generated);
        if (shorter < best) {
            best = shorter;
            res->length = res->cost = best;
            report_best(opts, res, lower, start);
        }
    }
    if (best && best == lower) {
        res->optimal = 1;
        res->lower_bound = lower;
        return AR_OK;
    }
    if (opts->limits.interrupt && *opts->limits.interrupt) {
        res->outcome = AR_OUTCOME_STOPPED; /* with the incumbent, if any, labelled as such */
        res->stop = AR_STOP_INTERRUPT;
        return AR_OK;
    }
    ar_result_init(&sub);
    st = ida_run(m, cells, kind, 16, opts, best, deadline,
                 opts->limits.node_limit ? (opts->limits.node_limit > used_nodes
                                                ? opts->limits.node_limit - used_nodes : 1)
                                         : 0,
                 &sub, err);
    res->expanded += sub.expanded;
    res->generated += sub.generated;
    if (st != AR_OK) {
        ar_result_free(&sub);
        return st;
    }
    if (sub.lower_bound > res->lower_bound)
        res->lower_bound = sub.lower_bound;
    if (sub.outcome == AR_OUTCOME_SOLVED) { /* shorter than the incumbent and optimal */
        free(res->moves);
        res->moves = sub.moves;
        sub.moves = NULL;
        res->length = res->cost = sub.length;
        res->outcome = AR_OUTCOME_SOLVED;
        res->optimal = 1;
        res->lower_bound = sub.length;
        report_best(opts, res, (unsigned)res->lower_bound, start);
    } else if (sub.outcome == AR_OUTCOME_NO_SOLUTION && best) {
        res->optimal = 1; /* nothing shorter than the incumbent exists */
        res->lower_bound = best;
    } else if (sub.outcome == AR_OUTCOME_STOPPED) {
        res->stop = sub.stop;
        res->outcome = AR_OUTCOME_STOPPED; /* the incumbent stays, labelled not proven */
    }
    ar_result_free(&sub);
    return AR_OK;
}

/* --- glue for the domains --------------------------------------------------- */

void ar_tiles_model_rebind(ar_tiles_model *m)
{
    unsigned i;
    for (i = 0; i < m->npat; i++) {
        ar_tiles_pattern *pt = &m->pat[i];
        pt->model = m;
        pt->abs.ctx = pt;
        pt->abs.size = pt->size_text;
        pt->abs.pattern = pt->pattern_text;
        pt->abs.goal = pt->goal_text;
        if (pt->loaded && pt->holder)
            atomic_fetch_add(&pt->holder->refs, 1);
    }
}

int ar_tiles_heuristic_kind(const ar_tiles_model *m, const char *name)
{
    if (strcmp(name, "manhattan") == 0 || (m->transport && strcmp(name, "transport") == 0))
        return AR_TH_MANHATTAN;
    if (!m->transport && strcmp(name, "linear") == 0)
        return AR_TH_LINEAR;
    if (strcmp(name, "pdb") == 0)
        return AR_TH_PDB;
    return -1;
}

static uint64_t pdb_entries(const ar_tiles_model *m)
{
    uint64_t total = 0;
    unsigned i;
    for (i = 0; i < m->npat; i++)
        total += m->pat[i].abs.count;
    return total;
}

ar_status ar_tiles_solve(ar_tiles_model *m, const uint8_t *start, const char *which,
                         const ar_search_options *opts, ar_result *res, ar_error *err)
{
    int kind;
    ar_status st;
    const char *hname;
    char hdesc[100];
    if (opts->heuristic) {
        kind = ar_tiles_heuristic_kind(m, opts->heuristic);
        if (kind < 0)
            return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%.40s' for %s (see `ariadne list`)",
                                opts->heuristic, m->domain);
    } else if (m->npat && (ar_tiles_pdbs_cached(m) || pdb_entries(m) <= ((uint64_t)64 << 20))) {
        kind = AR_TH_PDB;
    } else {
        kind = m->transport ? AR_TH_MANHATTAN : AR_TH_LINEAR;
    }
    if (kind == AR_TH_PDB && m->npat == 0)
        return ar_error_set(err, AR_ERR_INPUT, "no pattern database partition for a %ux%u board; give "
                                               "one with --pattern", m->rows, m->cols);
    if (kind == AR_TH_PDB) {
        ar_mem mem;
        ar_mem_init(&mem, opts->limits.memory_limit);
        st = ar_tiles_load_pdbs(m, &mem, opts->progress, &opts->limits, err);
        if (st == AR_ERR_LIMIT) { /* stopped while building: a limit, not an error */
            res->outcome = AR_OUTCOME_STOPPED;
            res->stop = opts->limits.interrupt && *opts->limits.interrupt ? AR_STOP_INTERRUPT
                                                                          : AR_STOP_TIME;
            snprintf(res->note, sizeof res->note, "stopped while building pattern databases");
            return AR_OK;
        }
        if (st != AR_OK)
            return st;
        res->peak_bytes = mem.peak;
    }
    hname = kind == AR_TH_PDB ? "pdb" : kind == AR_TH_LINEAR ? "linear"
            : m->transport ? "transport" : "manhattan";
    res->heuristic = hname;
    if (kind == AR_TH_PDB)
        snprintf(hdesc, sizeof hdesc, "pattern databases %.50s%s", m->partition,
                 m->reflect ? " with reflection" : "");
    else
        snprintf(hdesc, sizeof hdesc, "%s", kind == AR_TH_LINEAR ? "Manhattan distance + linear conflicts"
                                            : m->transport ? "Manhattan distance with transport"
                                                           : "Manhattan distance");
    if (strcmp(which, "wida") == 0)
        st = ar_tiles_wida(m, start, kind, opts->weight, opts, res, err);
    else if (strcmp(which, "anytime") == 0)
        st = ar_tiles_anytime(m, start, kind, opts, res, err);
    else
        st = ar_tiles_ida(m, start, kind, opts, 0, 0, res, err);
    if (st != AR_OK)
        return st;
    if (res->outcome == AR_OUTCOME_SOLVED && res->optimal)
        snprintf(res->note, sizeof res->note, "optimal: proven by %s with admissible heuristic %s",
                 strcmp(which, "anytime") == 0 ? "the anytime solver's IDA*" : "IDA*", hdesc);
    else if (res->outcome == AR_OUTCOME_SOLVED)
        snprintf(res->note, sizeof res->note,
                 "not proven optimal (%s, heuristic %s); no solution is shorter than the lower bound",
                 strcmp(which, "wida") == 0 ? "weighted IDA*" : "best found before the limit", hdesc);
    else if (res->outcome == AR_OUTCOME_STOPPED && res->moves)
        snprintf(res->note, sizeof res->note,
                 "stopped by %s: best solution found so far (%llu moves), not proven optimal; "
                 "heuristic %s", ar_stop_reason_name(res->stop), (unsigned long long)res->length, hdesc);
    else if (res->outcome == AR_OUTCOME_STOPPED)
        snprintf(res->note, sizeof res->note, "stopped by %s before any solution (heuristic %s)",
                 ar_stop_reason_name(res->stop), hdesc);
    else if (res->outcome == AR_OUTCOME_NO_SOLUTION)
        snprintf(res->note, sizeof res->note, "no solution: the search space was exhausted");
    return AR_OK;
}
