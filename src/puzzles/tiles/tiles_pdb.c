/* tiles_pdb.c — the pattern databases of the sliding-tile engine: the
 * abstraction of a pattern of tiles for the generic builder (pattern_db.c),
 * the preset partitions, loading the databases of a partition (shared by
 * copies of a model), the heuristic value of a board from scratch, and which
 * heuristic a search uses when none is named.
 *
 * Pattern databases count only moves of pattern tiles, which is a relaxation
 * of the real puzzle: admissible, and additive over disjoint patterns because
 * every real move moves exactly one tile. Without the transport the abstract
 * state keeps the blank's region too (see region_mode); with Loyd's transport
 * the relaxation ignores the blank and also lets a pattern tile on the centre
 * jump to any free cell. */
#include "tiles_board.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* --- pattern abstractions ------------------------------------------------ */

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
    uint64_t r = ar_tiles_rank_of(pt, where), occ;
    unsigned rep;
    if (!region_mode(pt))
        return r;
    occ = occupied(pt, where);
    rep = where[pt->k];
    return r * (pt->model->n - pt->k) +
           (rep - ar_tiles_popcount64(occ & (((uint64_t)1 << rep) - 1)));
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
        where[pt->k] = (uint8_t)__builtin_ctzll(ar_tiles_flood(m, (uint64_t)1 << m->blank, free));
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
        region = ar_tiles_flood(m, (uint64_t)1 << w[pt->k], full & ~occ);
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
                w[pt->k] = (uint8_t)__builtin_ctzll(ar_tiles_flood(m, (uint64_t)1 << p, full & ~occ2));
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

/* Build time of the region builder per searched state on one core of the
 * development machine (tiles_pdb_build.c), for the estimate: measured on a
 * quiet machine 6-6-3 1.5 s per 6-tile file, the 7 of 7-8 12.4 s, the 8
 * 156 s on two cores (an estimate within about 20% of each). */
#define REGION_BUILD_NS 420.0

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
    /* Without the transport the search keeps the blank's region and the
     * table one entry per placement (the minimum over the regions). */
    pt->abs = (ar_pdb_abstraction){
        .domain = m->domain,
        .size = pt->size_text,
        .pattern = pt->pattern_text,
        .goal = pt->goal_text,
        .base_name = m->transport ? "manhattan+transport" : "manhattan",
        .count = m->transport ? count : count * (m->n - k),
        .state_size = m->transport ? k : k + 1,
        .step = m->transport ? 1 : 2,
        .bits = 4,
        .ctx = pt,
        .unrank = abs_unrank,
        .rank = abs_rank,
        .goals = abs_goals,
        .predecessors = abs_preds,
        .base = abs_base,
        .project = m->transport ? NULL : abs_project,
        .stored_count = m->transport ? 0 : count,
        .smaller = k > 6 ? "--pattern 6-6-3 or 5-5-5 (4x4)" : "a partition into smaller groups",
    };
    if (!m->transport) { /* the fast builder on every core */
        pt->abs.build = ar_tiles_region_build;
        pt->abs.build_bytes = ar_tiles_region_build_bytes(pt);
        pt->abs.ns_per_state = REGION_BUILD_NS / ar_tiles_build_threads(0);
    }
    return AR_OK;
}

/* --- partitions ------------------------------------------------------------- */

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
    {.rows = 2, .cols = 2, .name = "3", .groups = "1,2,3"},
    {.rows = 2, .cols = 3, .name = "5", .groups = "1,2,3,4,5"},
    {.rows = 3, .cols = 2, .name = "5", .groups = "1,2,3,4,5"},
    {.rows = 2, .cols = 4, .name = "7", .groups = "1,2,3,4,5,6,7"},
    {.rows = 2, .cols = 4, .name = "4-3", .groups = "1,2,3,4/5,6,7"},
    {.rows = 4, .cols = 2, .name = "7", .groups = "1,2,3,4,5,6,7"},
    {.rows = 3, .cols = 3, .name = "8", .groups = "1,2,3,4,5,6,7,8"},
    {.rows = 3, .cols = 3, .name = "4-4", .groups = "1,2,3,4/5,6,7,8"},
    {.rows = 4, .cols = 4, .name = "5-5-5", .groups = "1,2,3,6,7/4,5,8,9,12/10,11,13,14,15"},
    {.rows = 4, .cols = 4, .name = "6-6-3", .groups = "1,4,5,8,9,12/2,3,6,7,10,11/13,14,15"},
    {.rows = 4, .cols = 4, .name = "7-8", .groups = "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15"},
    {.rows = 5, .cols = 5, .name = "6-6-6-6",
     .groups = "1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24"},
    {.name = NULL}};

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

/* "blocks": for a board without a preset (asked for with --pattern blocks,
 * or by --heuristic pdb there), the tiles in goal order (row by row, the
 * blank left out) cut into groups small enough to build in seconds (4 tiles
 * up to 7x7, 3 above: at most a few million entries each). Weaker than the
 * hand-made presets, still at least the Manhattan distance. */
static ar_status set_blocks(ar_tiles_model *m, int reflect, ar_error *err)
{
    uint8_t groups[AR_TILES_MAX_PATTERNS][AR_TILES_MAX_PATTERN_TILES];
    unsigned sizes[AR_TILES_MAX_PATTERNS] = {0}, ng = 0, per = m->n <= 49 ? 4 : 3, l;
    for (l = 0; l < m->n; l++) {
        if (l == m->blank)
            continue;
        if (sizes[ng] == per)
            ng++;
        if (ng >= AR_TILES_MAX_PATTERNS)
            return ar_error_set(err, AR_ERR_UNSUPPORTED, "a %ux%u board needs more than %u patterns",
                                m->rows, m->cols, AR_TILES_MAX_PATTERNS);
        groups[ng][sizes[ng]++] = (uint8_t)l;
    }
    return ar_tiles_set_groups(m, (const uint8_t(*)[AR_TILES_MAX_PATTERN_TILES])groups, sizes, ng + 1,
                               "blocks", reflect, err);
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
    if (strcmp(name, "blocks") == 0)
        return set_blocks(m, reflect, err);
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
                            "explicitly, e.g. parameter pattern 1,2,3/4,5,6",
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
                                "explicitly with parameter pattern");
        groups[ng][sizes[ng]++] = (uint8_t)cell;
        if (*s == '/')
            ng++;
        if (*s)
            s++;
    }
    return ar_tiles_set_groups(m, (const uint8_t(*)[AR_TILES_MAX_PATTERN_TILES])groups, sizes, ng + 1,
                               name, reflect, err);
}

/* --- loading ---------------------------------------------------------------- */

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

/* --- the heuristic from scratch --------------------------------------------- */

static unsigned pdb_sum(const ar_tiles_model *m, const uint8_t *pos)
{
    unsigned i, h = 0;
    for (i = 0; i < m->npat; i++)
        h += ar_tiles_pattern_value(&m->pat[i], pos);
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

/* --- which heuristic a search uses ---------------------------------------- */

/* The entries the partition's tables store: a partition of up to 64 M
 * entries (6-6-3 on the 15-puzzle: 11.5 M, built in seconds) is built on
 * first use when no heuristic is named; larger ones only when cached or
 * asked for (`--heuristic pdb`, `ariadne pdb build`). */
static uint64_t pdb_entries(const ar_tiles_model *m)
{
    uint64_t total = 0;
    unsigned i;
    for (i = 0; i < m->npat; i++)
        total += ar_pdb_entries(&m->pat[i].abs);
    return total;
}

ar_status ar_tiles_pick_heuristic(const ar_tiles_model *m, const char *name, int *kind, ar_error *err)
{
    if (name) {
        *kind = ar_tiles_heuristic_kind(m, name);
        if (*kind < 0)
            return ar_error_set(err, AR_ERR_INPUT, "unknown heuristic '%.40s' for %s (see `ariadne list`)",
                                name, m->domain);
    } else if (m->npat && strcmp(m->partition, "blocks") != 0 &&
               (ar_tiles_pdbs_cached(m) || pdb_entries(m) <= ((uint64_t)64 << 20))) {
        *kind = AR_TH_PDB;
    } else {
        *kind = m->transport ? AR_TH_MANHATTAN : AR_TH_LINEAR;
    }
    if (*kind == AR_TH_PDB && m->npat == 0)
        return ar_error_set(err, AR_ERR_INPUT, "no pattern database partition for a %ux%u board; give "
                                               "one with parameter pattern", m->rows, m->cols);
    return AR_OK;
}

const char *ar_tiles_heuristic_name(const ar_tiles_model *m, int kind)
{
    return kind == AR_TH_PDB ? "pdb" : kind == AR_TH_LINEAR ? "linear" : m->transport ? "transport" : "manhattan";
}

void ar_tiles_heuristic_words(const ar_tiles_model *m, int kind, char *buf, size_t size)
{
    if (kind == AR_TH_PDB)
        snprintf(buf, size, "pattern databases %.50s%s", m->partition, m->reflect ? " with reflection" : "");
    else
        snprintf(buf, size, "%s", kind == AR_TH_LINEAR ? "Manhattan distance + linear conflicts"
                                  : m->transport ? "Manhattan distance with transport"
                                                 : "Manhattan distance");
}
