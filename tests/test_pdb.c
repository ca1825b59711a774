/* test_pdb.c — tests of the generic pattern-database machinery
 * (src/search/pattern_db.c): the 0-1 breadth-first build against a Dijkstra
 * written here on a toy abstraction with cost-0 moves (including ones that land
 * behind the sweep), the file format (save, map, header, checksum, damaged
 * files), the memory-limit refusal, interruption, and the sliding-tile
 * abstractions (src/puzzles/tiles/tiles_pdb.c) against a complete BFS of the
 * 8-puzzle: the one-pattern database of all eight tiles equals the true
 * distance, and the additive 4-4 databases never exceed it. */
#include "ariadne/pdb.h"
#include "ariadne/search.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];

/* --- a toy abstraction: N states; predecessors of s are s-1 and s+1 at cost
 * 1, s+7 at cost 1, and s-300 at cost 0 (behind the sweep); goal 5. --- */
#define TOY_N 1000u

static void toy_unrank(const void *ctx, uint64_t r, void *s)
{
    uint32_t v = (uint32_t)r;
    (void)ctx;
    memcpy(s, &v, 4);
}
static uint64_t toy_rank(const void *ctx, const void *s)
{
    uint32_t v;
    (void)ctx;
    memcpy(&v, s, 4);
    return v;
}
static unsigned toy_goals(const void *ctx, uint64_t *r, unsigned max)
{
    (void)ctx;
    if (max)
        r[0] = 5;
    return max ? 1 : 0;
}
static unsigned toy_preds(const void *ctx, const void *s, uint64_t *r, unsigned char *c)
{
    uint32_t v;
    unsigned n = 0;
    (void)ctx;
    memcpy(&v, s, 4);
    if (v > 0)
        r[n] = v - 1, c[n++] = 1;
    if (v + 1 < TOY_N)
        r[n] = v + 1, c[n++] = 1;
    if (v + 7 < TOY_N)
        r[n] = v + 7, c[n++] = 1;
    if (v >= 300)
        r[n] = v - 300, c[n++] = 0;
    return n;
}

/* Distances by a plain Dijkstra over the reversed predecessor edges. */
static void toy_dijkstra(unsigned *dist)
{
    unsigned done[TOY_N] = {0}, i, k;
    uint64_t r[8];
    unsigned char c[8];
    for (i = 0; i < TOY_N; i++)
        dist[i] = 1u << 30;
    dist[5] = 0;
    for (k = 0; k < TOY_N; k++) {
        unsigned best = TOY_N, n, j;
        uint32_t v;
        for (i = 0; i < TOY_N; i++)
            if (!done[i] && (best == TOY_N || dist[i] < dist[best]))
                best = i;
        done[best] = 1;
        v = best;
        n = toy_preds(NULL, &v, r, c);
        for (j = 0; j < n; j++)
            if (dist[best] + c[j] < dist[r[j]])
                dist[r[j]] = dist[best] + c[j];
    }
}

static ar_pdb_abstraction toy(void)
{
    ar_pdb_abstraction a;
    memset(&a, 0, sizeof a);
    a.domain = "toy";
    a.size = "1000";
    a.pattern = "line";
    a.goal = "5";
    a.base_name = "none";
    a.count = TOY_N;
    a.state_size = 4;
    a.step = 1;
    a.bits = 8;
    a.unrank = toy_unrank;
    a.rank = toy_rank;
    a.goals = toy_goals;
    a.predecessors = toy_preds;
    a.smaller = "a shorter line";
    return a;
}

static void test_toy(void)
{
    ar_pdb_abstraction a = toy();
    ar_pdb pdb, loaded;
    ar_error err;
    unsigned dist[TOY_N], i, bad = 0;
    char path[400];
    ar_mem mem;
    uint32_t v;
    volatile sig_atomic_t stop = 1;
    ar_pdb_build_options o;

    CHECK(ar_pdb_build(&a, NULL, &pdb, &err) == AR_OK);
    toy_dijkstra(dist);
    for (i = 0; i < TOY_N; i++) {
        v = i;
        bad += ar_pdb_value(&pdb, &a, &v) != (dist[i] > 255 ? 255 : dist[i]);
    }
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(pdb.header.unreached, 0);
    CHECK(ar_pdb_check(&pdb, &a, TOY_N, 1, &err) == AR_OK);

    /* save, map, compare */
    snprintf(path, sizeof path, "%s/toy.pdb", dir);
    CHECK(ar_pdb_save(&pdb, path, &err) == AR_OK);
    CHECK(ar_pdb_load(path, 1, NULL, &loaded, &err) == AR_OK);
    CHECK(loaded.table.bytes == pdb.table.bytes &&
          memcmp(loaded.table.data, pdb.table.data, pdb.table.bytes) == 0);
    CHECK_STR(loaded.header.pattern, "line");
    CHECK(ar_pdb_matches(&loaded.header, &a, &err) == AR_OK);
    a.goal = "6";
    CHECK(ar_pdb_matches(&loaded.header, &a, &err) == AR_ERR_INPUT);
    CHECK(strstr(err.message, "goal") != NULL);
    a.goal = "5";
    ar_pdb_free(&loaded);

    /* a damaged entry, a damaged header, a truncated file, the wrong magic */
    {
        FILE *f = fopen(path, "r+b");
        CHECK(f != NULL);
        if (f) {
            fseek(f, 4096 + 10, SEEK_SET);
            fputc(0x77, f);
            fclose(f);
        }
        CHECK(ar_pdb_load(path, 1, NULL, &loaded, &err) == AR_ERR_INPUT);
        CHECK_MSG(strstr(err.message, "checksum") != NULL, "%s", err.message);
        f = fopen(path, "r+b");
        if (f) {
            fseek(f, 300, SEEK_SET);
            fputc('x', f);
            fclose(f);
        }
        CHECK(ar_pdb_load(path, 1, NULL, &loaded, &err) == AR_ERR_INPUT);
        CHECK_MSG(strstr(err.message, "header is damaged") != NULL, "%s", err.message);
        CHECK(ar_pdb_save(&pdb, path, &err) == AR_OK);
        CHECK(truncate(path, 4096 + 100) == 0);
        CHECK(ar_pdb_load(path, 1, NULL, &loaded, &err) == AR_ERR_INPUT);
        CHECK_MSG(strstr(err.message, "shorter") != NULL, "%s", err.message);
        f = fopen(path, "wb");
        if (f) {
            fputs("hello", f);
            fclose(f);
        }
        CHECK(ar_pdb_load(path, 1, NULL, &loaded, &err) == AR_ERR_INPUT);
        CHECK_MSG(strstr(err.message, "bad signature") != NULL, "%s", err.message);
    }
    ar_pdb_free(&pdb);

    /* memory refusal with a suggestion; interruption */
    ar_mem_init(&mem, 1000);
    memset(&o, 0, sizeof o);
    o.mem = &mem;
    CHECK(ar_pdb_build(&a, &o, &pdb, &err) == AR_ERR_MEMORY);
    CHECK_MSG(strstr(err.message, "try a smaller pattern: a shorter line") != NULL, "%s", err.message);
    CHECK_EQ_U(mem.used, 0);
    o.mem = NULL;
    o.interrupt = &stop;
    a.count = 200000; /* enough work to reach the first check */
    CHECK(ar_pdb_build(&a, &o, &pdb, &err) == AR_ERR_LIMIT);
}

/* --- the tiles abstractions against a BFS of the 8-puzzle --- */

static unsigned fact(unsigned n) { return n <= 1 ? 1 : n * fact(n - 1); }

static unsigned perm_rank(const uint8_t *c)
{
    unsigned r = 0, i, j;
    for (i = 0; i < 9; i++) {
        unsigned smaller = 0;
        for (j = i + 1; j < 9; j++)
            smaller += c[j] < c[i];
        r += smaller * fact(8 - i);
    }
    return r;
}

static void tiles_check(const char *pattern, int exact)
{
    const ar_puzzle *p = ar_puzzle_find("tiles");
    const ar_pdb_provider *prov = ar_puzzle_find("tiles")->pdb;
    const ar_pdb_abstraction *abs[8];
    ar_param params[3] = {{"pattern", pattern}, {"pdb-dir", dir}, {"reflect", "off"}};
    ar_instance *inst;
    ar_error err;
    unsigned count, i, head = 0, reached = 1, over = 0, differ = 0;
    uint8_t *depth = malloc(362880), *queue = malloc(181440 * 9);
    ar_pdb pdbs[8];
    CHECK(p && prov);
    if (!p || !prov || !depth || !queue)
        return;
    CHECK(p->create("0 1 2 3 4 5 6 7 8", params, 3, &inst, &err) == AR_OK);
    void *owned = NULL;
    CHECK(prov->abstractions(inst, NULL, abs, &count, &owned, &err) == AR_OK);
    CHECK(owned == NULL);
    for (i = 0; i < count; i++) {
        int built;
        CHECK(ar_pdb_open(abs[i], dir, NULL, &pdbs[i], &built, &err) == AR_OK);
        CHECK(ar_pdb_check(&pdbs[i], abs[i], abs[i]->count, 1, &err) == AR_OK);
    }
    memset(depth, 255, 362880);
    for (i = 0; i < 9; i++)
        queue[i] = (uint8_t)i;
    depth[perm_rank(queue)] = 0;
    while (head < reached) {
        uint8_t *b = queue + (size_t)head * 9, where[9];
        unsigned d = depth[perm_rank(b)], k, t, h = 0, bl = 0;
        ar_move moves[4];
        /* the pattern values: positions of each pattern's tiles (label = tile) */
        for (k = 0; k < 9; k++)
            if (b[k] == 0)
                bl = k;
        for (k = 0; k < count; k++) {
            unsigned j = 0;
            for (t = 1; t < 9; t++) {
                unsigned c;
                int in = 0;
                for (c = 0; c < 9; c++)
                    if (b[c] == t)
                        break;
                if (strchr(abs[k]->pattern, (int)('0' + t)))
                    in = 1;
                if (in)
                    where[j++] = (uint8_t)c;
            }
            where[j] = (uint8_t)bl; /* the blank, for the blank-aware abstraction */
            h += ar_pdb_value(&pdbs[k], abs[k], where);
        }
        over += h > d;
        differ += h != d;
        t = p->legal_moves(inst, b, moves);
        for (k = 0; k < t; k++) {
            uint8_t c[9];
            unsigned r;
            memcpy(c, b, 9);
            p->apply(inst, c, moves[k]);
            r = perm_rank(c);
            if (depth[r] == 255) {
                depth[r] = (uint8_t)(d + 1);
                memcpy(queue + (size_t)reached * 9, c, 9);
                reached++;
            }
        }
        head++;
    }
    CHECK_EQ_U(reached, 181440);
    CHECK_MSG(over == 0, "pattern %s: %u boards overestimated", pattern, over);
    if (exact)
        CHECK_MSG(differ == 0, "pattern %s: %u boards differ from the true distance", pattern, differ);
    else
        CHECK_MSG(differ > 0, "pattern %s: suspiciously exact", pattern);
    for (i = 0; i < count; i++)
        ar_pdb_free(&pdbs[i]);
    p->destroy(inst);
    free(depth);
    free(queue);
}

/* --- the tiles' fast region builder against the generic builder --- */

/* The tiles abstractions without the transport come with their own
 * multi-threaded builder (tiles_pdb_build.c); with it removed, the generic
 * 0-1 BFS builds the same database. Both must agree entry for entry and in
 * every count of the header, on boards packing the marks in 32 bits (up to
 * 16 cells), in 64 bits (up to 32) and in two arrays (up to 64). */
static void region_builder_check(const char *size, const char *pattern, unsigned threads)
{
    const ar_puzzle *p = ar_puzzle_find("tiles");
    const ar_pdb_abstraction *abs[AR_PDB_MAX_SELECTED];
    ar_param params[3] = {{"size", size}, {"pattern", pattern}, {"reflect", "off"}};
    ar_instance *inst;
    ar_error err;
    unsigned count = 0, i;
    void *owned = NULL;
    char text[512];
    CHECK(p && p->pdb);
    if (!p || !p->pdb)
        return;
    p->pdb->sample_instance(params, 1, text, sizeof text);
    CHECK(p->create(text, params, 3, &inst, &err) == AR_OK);
    CHECK(p->pdb->abstractions(inst, NULL, abs, &count, &owned, &err) == AR_OK);
    for (i = 0; i < count; i++) {
        ar_pdb fast, generic;
        ar_pdb_abstraction plain = *abs[i];
        ar_pdb_build_options o = {.threads = threads};
        CHECK_MSG(abs[i]->build != NULL, "%s %s: no region builder", size, pattern);
        plain.build = NULL;
        plain.build_bytes = 0;
        plain.ns_per_state = 0;
        CHECK(ar_pdb_build(abs[i], &o, &fast, &err) == AR_OK);
        CHECK(ar_pdb_build(&plain, &o, &generic, &err) == AR_OK);
        CHECK_EQ_U(fast.table.bytes, generic.table.bytes);
        CHECK_MSG(fast.table.bytes == generic.table.bytes &&
                      memcmp(fast.table.data, generic.table.data, fast.table.bytes) == 0,
                  "%s %s group %u: the region builder's entries differ", size, pattern, i + 1);
        CHECK_EQ_U(fast.header.checksum, generic.header.checksum);
        CHECK_EQ_U(fast.header.max_distance, generic.header.max_distance);
        CHECK_EQ_U(fast.header.max_entry, generic.header.max_entry);
        CHECK_EQ_U(fast.header.unreached, generic.header.unreached);
        CHECK_EQ_U(fast.header.capped, generic.header.capped);
        ar_pdb_free(&fast);
        ar_pdb_free(&generic);
    }
    p->destroy(inst);
}

int main(void)
{
    char cmd[300];
    snprintf(dir, sizeof dir, "/tmp/ariadne-test-pdb-%ld", (long)getpid());
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    CHECK(system(cmd) == 0);
    test_toy();
    /* all eight tiles in one pattern: with one free cell the relaxation is the
     * puzzle itself, so the database is exact */
    tiles_check("8", 1);
    tiles_check("4-4", 0);
    tiles_check("1,2,3/4,5,6,7,8", 0);
    region_builder_check("3x3", "1,2,3/4,5,6,7,8", 0);
    region_builder_check("4x4", "1,2,3,4/5,6,7", 2);
    region_builder_check("4x4", "1,4,5", 1);
    region_builder_check("3x4", "1,2,3,4", 2);
    region_builder_check("5x5", "1,2,3", 2);
    region_builder_check("6x6", "1,2/7,8", 2);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return check_report("test_pdb");
}
