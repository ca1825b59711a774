/* test_bfs2.c — the two-bit breadth-first search (src/search/twobit_bfs.c) and
 * the Hanoi ranks, symmetry, pattern databases and pdb solver built on it
 * (src/puzzles/hanoi/hanoi_rank.c, hanoi_pdb.c, hanoi_pdb_solve.c).
 *
 * The oracle is a plain queue BFS written here over base-k ranks (its own
 * move generation, no code shared with the library), plus the published
 * numbers: Frame–Stewart lengths (OEIS A007664, A007665) and the
 * eccentricities of the standard start (OEIS A382111). */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ariadne/bfs2.h"
#include "ariadne/pdb.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "puzzles/hanoi/hanoi_internal.h"

/* ------------------------------------------------------------------ */
/* The oracle */

static uint64_t ipow(unsigned k, unsigned n)
{
    uint64_t c = 1;
    while (n--)
        c *= k;
    return c;
}

static void decode(uint64_t r, unsigned k, unsigned n, unsigned char *pos)
{
    unsigned d;
    for (d = 0; d < n; d++) {
        pos[d] = (unsigned char)(r % k);
        r /= k;
    }
}

static uint64_t encode(const unsigned char *pos, unsigned k, unsigned n)
{
    uint64_t r = 0;
    unsigned d;
    for (d = n; d-- > 0;)
        r = r * k + pos[d];
    return r;
}

/* Distances from `from` to every position (k^n ints), by a queue BFS. */
static int *oracle(unsigned k, unsigned n, const unsigned char *from)
{
    uint64_t count = ipow(k, n), head = 0, tail = 0, *queue = malloc(count * sizeof *queue), i;
    int *dist = malloc(count * sizeof *dist);
    unsigned char pos[64];
    for (i = 0; i < count; i++)
        dist[i] = -1;
    queue[tail++] = encode(from, k, n);
    dist[queue[0]] = 0;
    while (head < tail) {
        uint64_t r = queue[head++];
        unsigned a, b, d, top[16];
        decode(r, k, n, pos);
        for (a = 0; a < k; a++)
            top[a] = 99;
        for (d = n; d-- > 0;)
            top[pos[d]] = d;
        for (a = 0; a < k; a++)
            for (b = 0; b < k; b++)
                if (a != b && top[a] != 99 && top[a] < top[b]) {
                    unsigned char save = pos[top[a]];
                    uint64_t t;
                    pos[top[a]] = (unsigned char)b;
                    t = encode(pos, k, n);
                    pos[top[a]] = save;
                    if (dist[t] < 0) {
                        dist[t] = dist[r] + 1;
                        queue[tail++] = t;
                    }
                }
    }
    free(queue);
    return dist;
}

static void fill(unsigned char *pos, unsigned n, unsigned peg)
{
    memset(pos, (int)peg, n);
}

/* Runs the two-bit BFS of (k, n) from start; fills r. */
static ar_status run(unsigned k, unsigned n, const unsigned char *start, int sym, unsigned threads,
                     const unsigned char *target, ar_hanoi_space **hs_out, ar_bfs2_result *r,
                     uint8_t *depths)
{
    ar_hanoi_space *hs;
    ar_bfs2_options o;
    ar_error err;
    uint64_t s, t = 0;
    ar_status st = ar_hanoi_space_create(k, n, start, sym, &hs, &err);
    CHECK(st == AR_OK);
    if (st != AR_OK)
        return st;
    s = ar_hanoi_space_rank(hs, start);
    if (target)
        t = ar_hanoi_space_rank(hs, target);
    ar_bfs2_options_init(&o);
    o.threads = threads;
    o.starts = &s;
    o.start_count = 1;
    o.targets = target ? &t : NULL;
    o.target_count = target ? 1 : 0;
    o.depths = depths;
    st = ar_bfs2_run(ar_hanoi_space_bfs2(hs), &o, r, &err);
    CHECK_MSG(st == AR_OK, "%s", err.message);
    if (hs_out)
        *hs_out = hs;
    else
        ar_hanoi_space_destroy(hs);
    return st;
}

/* ------------------------------------------------------------------ */

/* Depth distributions, eccentricity, farthest position, target depth and the
 * depth table against the oracle; symmetric and plain runs; 1 and 2 threads. */
static void test_against_oracle(void)
{
    static const struct {
        unsigned k, n;
        const char *start; /* NULL: all on peg 1 */
    } cases[] = {{3, 6, NULL},       {4, 1, NULL},      {4, 5, NULL},   {4, 8, NULL},
                 {4, 7, "1234123"},  {4, 7, "1121212"}, {4, 6, "222222"}, {5, 6, NULL},
                 {5, 5, "12121"},    {5, 6, "331313"},  {6, 4, NULL},   {3, 7, "1231231"}};
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned k = cases[c].k, n = cases[c].n, d, sym, threads;
        unsigned char start[64], goal[64], far[64];
        uint64_t count = ipow(k, n), i;
        int *dist, maxd = 0;
        uint64_t *layers;
        if (cases[c].start)
            for (d = 0; d < n; d++)
                start[d] = (unsigned char)(cases[c].start[d] - '1');
        else
            fill(start, n, 0);
        fill(goal, n, k - 1);
        dist = oracle(k, n, start);
        for (i = 0; i < count; i++)
            if (dist[i] > maxd)
                maxd = dist[i];
        layers = calloc((size_t)maxd + 1, sizeof *layers);
        for (i = 0; i < count; i++)
            layers[dist[i]]++;
        for (sym = 0; sym <= 1; sym++)
            for (threads = 1; threads <= 2; threads++) {
                ar_bfs2_result r;
                ar_hanoi_space *hs;
                uint8_t *depths = sym ? NULL : malloc(count);
                if (run(k, n, start, (int)sym, threads, goal, &hs, &r, depths) != AR_OK) {
                    free(depths);
                    continue;
                }
                CHECK(r.complete);
                CHECK_EQ_U(r.max_depth, maxd);
                CHECK_EQ_U(r.levels, maxd + 1);
                CHECK_EQ_U(r.total_states, count);
                for (d = 0; d < r.levels && d <= (unsigned)maxd; d++)
                    CHECK_MSG(r.layer_states[d] == layers[d],
                              "k=%u n=%u sym=%u depth %u: %" PRIu64 " vs %" PRIu64, k, n, sym, d,
                              r.layer_states[d], layers[d]);
                CHECK_EQ_U(r.target_depths[0], dist[encode(goal, k, n)]);
                ar_hanoi_space_unrank(hs, r.farthest, far);
                CHECK_EQ_U(dist[encode(far, k, n)], maxd);
                if (!sym) {
                    uint64_t first = 0;
                    while (dist[first] != maxd)
                        first++;
                    CHECK_EQ_U(r.farthest, first); /* the smallest rank at the largest depth */
                    for (i = 0; i < count; i++)
                        if (depths[i] != dist[i]) {
                            CHECK_MSG(0, "depth table k=%u n=%u rank %" PRIu64 ": %u vs %d", k, n,
                                      i, depths[i], dist[i]);
                            break;
                        }
                } else {
                    CHECK(r.total_ranks <= count);
                }
                free(depths);
                ar_bfs2_result_free(&r);
                ar_hanoi_space_destroy(hs);
            }
        free(layers);
        free(dist);
    }
}

/* Canonical ranks are a bijection onto 0..count-1, and the orbits add up. */
static void test_canonical_ranks(void)
{
    static const char *starts[] = {"11111", "12121", "33333"};
    unsigned k, s;
    for (k = 3; k <= 6; k++)
        for (s = 0; s < 3; s++) {
            unsigned char start[8], pos[8], back[8];
            ar_hanoi_space *hs;
            ar_error err;
            const ar_bfs2_space *sp;
            uint64_t r, total = 0, count = ipow(k, 5);
            unsigned d;
            for (d = 0; d < 5; d++)
                start[d] = (unsigned char)((starts[s][d] - '1') % (int)k);
            if (ar_hanoi_space_create(k, 5, start, 1, &hs, &err) != AR_OK) {
                CHECK(0);
                continue;
            }
            sp = ar_hanoi_space_bfs2(hs);
            for (r = 0; r < sp->count; r++) {
                unsigned char scratch[64];
                ar_hanoi_space_unrank(hs, r, pos);
                CHECK_EQ_U(ar_hanoi_space_rank(hs, pos), r);
                total += sp->orbit ? sp->orbit(sp->ctx, r, scratch) : 1;
            }
            CHECK_EQ_U(total, count);
            /* Every position ranks to a representative that unranks to a
             * relabelling of it (same pegs for the discs at the start's pegs). */
            for (r = 0; r < count; r += 7) {
                decode(r, k, 5, pos);
                ar_hanoi_space_unrank(hs, ar_hanoi_space_rank(hs, pos), back);
                for (d = 0; d < 5; d++) {
                    int fixed = 0;
                    unsigned e;
                    for (e = 0; e < 5; e++)
                        fixed |= start[e] == pos[d];
                    if (fixed)
                        CHECK_EQ_U(back[d], pos[d]);
                }
            }
            ar_hanoi_space_destroy(hs);
        }
}

/* The standard start: eccentricities (OEIS A382111) and the distance to the
 * standard goal (Frame–Stewart; optimal for 4 pegs by Bousch 2014). */
static void test_published(void)
{
    static const unsigned ecc4[] = {0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81};
    static const unsigned fs4[] = {0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81};
    static const unsigned fs5[] = {0, 1, 3, 5, 7, 11, 15, 19, 23};
    unsigned n;
    for (n = 1; n <= 11; n++) {
        unsigned char start[16], goal[16];
        ar_bfs2_result r;
        fill(start, n, 0);
        fill(goal, n, 3);
        if (run(4, n, start, 1, 2, goal, NULL, &r, NULL) != AR_OK)
            continue;
        CHECK_MSG(r.max_depth == ecc4[n], "4 pegs n=%u: eccentricity %u, published %u", n,
                  r.max_depth, ecc4[n]);
        CHECK_MSG(r.target_depths[0] == fs4[n], "4 pegs n=%u: goal at %u, Frame-Stewart %u", n,
                  r.target_depths[0], fs4[n]);
        CHECK_EQ_U(r.total_states, ipow(4, n));
        ar_bfs2_result_free(&r);
    }
    for (n = 1; n <= 8; n++) {
        unsigned char start[16], goal[16];
        ar_bfs2_result r;
        fill(start, n, 0);
        fill(goal, n, 4);
        if (run(5, n, start, 1, 2, goal, NULL, &r, NULL) != AR_OK)
            continue;
        CHECK_MSG(r.target_depths[0] == fs5[n], "5 pegs n=%u: goal at %u, Frame-Stewart %u", n,
                  r.target_depths[0], fs5[n]);
        CHECK_EQ_U(r.total_states, ipow(5, n));
        ar_bfs2_result_free(&r);
    }
}

/* The generic hash-based BFS of the search engine agrees on goal distances. */
static void test_against_generic_bfs(void)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    static const char *pairs[][3] = {{"4", "12341234", "43214321"}, {"4", "11111111", "44444444"},
                                     {"5", "123451", "543215"},   {"4", "3142", "2413"}};
    size_t i;
    for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        ar_param params[3] = {{"pegs", pairs[i][0]}, {"from", pairs[i][1]}, {"to", pairs[i][2]}};
        ar_instance *inst;
        ar_error err;
        ar_search_options o;
        ar_result res;
        unsigned k = (unsigned)atoi(pairs[i][0]), n = (unsigned)strlen(pairs[i][1]), d;
        unsigned char start[16], goal[16];
        ar_bfs2_result r;
        if (p->create(NULL, params, 3, &inst, &err) != AR_OK) {
            CHECK_MSG(0, "%s", err.message);
            continue;
        }
        ar_search_options_init(&o);
        o.algorithm = "bfs";
        ar_result_init(&res);
        CHECK(ar_solve(p, inst, &o, NULL, &res, &err) == AR_OK);
        for (d = 0; d < n; d++) {
            start[d] = (unsigned char)(pairs[i][1][d] - '1');
            goal[d] = (unsigned char)(pairs[i][2][d] - '1');
        }
        if (run(k, n, start, 1, 2, goal, NULL, &r, NULL) == AR_OK) {
            CHECK_EQ_U(r.target_depths[0], res.length);
            ar_bfs2_result_free(&r);
        }
        ar_result_free(&res);
        p->destroy(inst);
    }
}

/* Limits: a refused table names its size; a stop keeps exact counts. */
static void test_limits(void)
{
    unsigned char start[16];
    ar_hanoi_space *hs;
    ar_bfs2_options o;
    ar_bfs2_result r;
    ar_error err;
    ar_mem mem;
    uint64_t s = 0;
    volatile sig_atomic_t stop = 1;
    fill(start, 10, 0);
    if (ar_hanoi_space_create(4, 10, start, 0, &hs, &err) != AR_OK) {
        CHECK(0);
        return;
    }
    ar_mem_init(&mem, 100000); /* the table needs 256 KiB */
    ar_bfs2_options_init(&o);
    o.starts = &s;
    o.start_count = 1;
    o.mem = &mem;
    CHECK(ar_bfs2_run(ar_hanoi_space_bfs2(hs), &o, &r, &err) == AR_ERR_MEMORY);
    CHECK(strstr(err.message, "256.0 KiB") != NULL || strstr(err.message, "256 KiB") != NULL);
    CHECK_EQ_U(mem.used, 0);
    o.mem = NULL;
    o.interrupt = &stop;
    CHECK(ar_bfs2_run(ar_hanoi_space_bfs2(hs), &o, &r, &err) == AR_OK);
    CHECK(!r.complete);
    CHECK(r.stop == AR_STOP_INTERRUPT);
    CHECK_EQ_U(r.levels, 1);
    CHECK_EQ_U(r.layer_states[0], 1);
    ar_bfs2_result_free(&r);
    s = ar_hanoi_space_bfs2(hs)->count; /* out of range */
    CHECK(ar_bfs2_run(ar_hanoi_space_bfs2(hs), &o, &r, &err) == AR_ERR_INPUT);
    ar_hanoi_space_destroy(hs);
    CHECK(ar_hanoi_space_create(4, 40, start, 0, &hs, &err) == AR_ERR_UNSUPPORTED);
}

/* A generic directed space (not Hanoi): r -> r+1 and r -> 3r mod N. Forward
 * depths against a queue BFS, and a backward search through predecessors
 * gives the distances *to* the start. */
#define DIRN 1000u
static unsigned dir_succ(const void *ctx, uint64_t r, void *scratch, uint64_t *out)
{
    (void)ctx;
    (void)scratch;
    out[0] = (r + 1) % DIRN;
    out[1] = (r * 3) % DIRN;
    return 2;
}
static unsigned dir_pred(const void *ctx, uint64_t r, void *scratch, uint64_t *out)
{
    uint64_t q;
    unsigned n = 0;
    (void)ctx;
    (void)scratch;
    out[n++] = (r + DIRN - 1) % DIRN;
    for (q = 0; q < DIRN; q++)
        if ((q * 3) % DIRN == r)
            out[n++] = q;
    return n;
}

static void test_generic_directed(void)
{
    ar_bfs2_space sp;
    ar_bfs2_options o;
    ar_bfs2_result r;
    ar_error err;
    int fwd[DIRN], back[DIRN];
    uint64_t queue[DIRN], head, tail, start = 7, i;
    uint8_t depths[DIRN];
    unsigned pass;
    memset(&sp, 0, sizeof sp);
    sp.count = DIRN;
    sp.successors = dir_succ;
    sp.predecessors = dir_pred;
    /* the oracles: forward from 7, and distances to 7 (BFS over reversed edges) */
    for (pass = 0; pass < 2; pass++) {
        int *dist = pass ? back : fwd;
        for (i = 0; i < DIRN; i++)
            dist[i] = -1;
        head = tail = 0;
        queue[tail++] = start;
        dist[start] = 0;
        while (head < tail) {
            uint64_t x = queue[head++], nb[DIRN];
            unsigned n = pass ? dir_pred(NULL, x, NULL, nb) : dir_succ(NULL, x, NULL, nb), j;
            for (j = 0; j < n; j++)
                if (dist[nb[j]] < 0) {
                    dist[nb[j]] = dist[x] + 1;
                    queue[tail++] = nb[j];
                }
        }
    }
    for (pass = 0; pass < 2; pass++) {
        int *dist = pass ? back : fwd;
        ar_bfs2_options_init(&o);
        o.threads = 2;
        o.backward = (int)pass;
        o.starts = &start;
        o.start_count = 1;
        o.depths = depths;
        if (ar_bfs2_run(&sp, &o, &r, &err) != AR_OK) {
            CHECK_MSG(0, "%s", err.message);
            continue;
        }
        CHECK(r.complete);
        for (i = 0; i < DIRN; i++)
            if ((dist[i] < 0 ? AR_BFS2_UNREACHED : (unsigned)dist[i]) != depths[i]) {
                CHECK_MSG(0, "%s rank %" PRIu64 ": %u vs %d", pass ? "backward" : "forward", i,
                          depths[i], dist[i]);
                break;
            }
        ar_bfs2_result_free(&r);
    }
}

/* Pattern databases: admissible (never above the true distance), consistent
 * (differ by at most one across a move), 0 at the goal. */
static void test_pdb_admissible(void)
{
    static const struct {
        unsigned k, n, group, low;
        const char *goal;
    } cases[] = {{4, 8, 5, 0, "44444444"}, {4, 8, 5, 2, "12341234"}, {4, 9, 4, 0, "421334122"},
                 {4, 9, 6, 1, "333311112"}, {5, 6, 4, 0, "512345"},   {5, 7, 3, 0, "5555555"}};
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned k = cases[c].k, n = cases[c].n, d, piv;
        unsigned char goal[16], pos[16];
        int *dist;
        uint64_t count = ipow(k, n), i;
        for (d = 0; d < n; d++)
            goal[d] = (unsigned char)(cases[c].goal[d] - '1');
        dist = oracle(k, n, goal);
        for (piv = 0; piv <= 1; piv++) {
            ar_hanoi_pdb_config cfg;
            ar_hanoi_pdbs *h;
            ar_error err;
            ar_result res;
            ar_run run;
            unsigned exact = 0, over = 0, jump = 0;
            memset(&cfg, 0, sizeof cfg);
            cfg.group = cases[c].group;
            cfg.low = (int)cases[c].low;
            cfg.no_pivots = !piv;
            cfg.threads = 2;
            ar_result_init(&res);
            ar_run_begin(&run, NULL, &res); /* no limits: memory accounted in run.mem */
            if (ar_hanoi_pdbs_create(k, n, goal, &cfg, &run, &h, &err) != AR_OK) {
                CHECK_MSG(0, "%s", err.message);
                continue;
            }
            CHECK_EQ_U(ar_hanoi_pdbs_value(h, goal), 0);
            for (i = 0; i < count; i++) {
                unsigned v, a, b, top[16];
                decode(i, k, n, pos);
                v = ar_hanoi_pdbs_value(h, pos);
                over += v > (unsigned)dist[i];
                exact += v == (unsigned)dist[i];
                for (a = 0; a < k; a++)
                    top[a] = 99;
                for (d = n; d-- > 0;)
                    top[pos[d]] = d;
                for (a = 0; a < k; a++)
                    for (b = 0; b < k; b++)
                        if (a != b && top[a] < top[b]) {
                            unsigned w;
                            pos[top[a]] = (unsigned char)b;
                            w = ar_hanoi_pdbs_value(h, pos);
                            pos[top[a]] = (unsigned char)a;
                            jump += w + 1 < v || v + 1 < w;
                        }
            }
            CHECK_MSG(over == 0, "%s%s: %u states overestimated", cases[c].goal,
                      piv ? " (pivots)" : "", over);
            CHECK_MSG(jump == 0, "%s%s: %u moves change h by more than 1", cases[c].goal,
                      piv ? " (pivots)" : "", jump);
            CHECK(exact > 0);
            ar_hanoi_pdbs_destroy(h);
            CHECK_EQ_U(run.mem.used, 0);
        }
        free(dist);
    }
}

/* The pdb solver: optimal lengths equal the oracle's, moves replay, the
 * database file of a tower goal is saved, reloaded and described. */
static void test_pdb_solver(void)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    char dir[] = "/tmp/ariadne-test-bfs2-XXXXXX";
    ar_rng rng;
    unsigned t;
    CHECK(mkdtemp(dir) != NULL);
    ar_rng_seed(&rng, 42);
    for (t = 0; t < 12; t++) {
        unsigned k = t < 8 ? 4 : 5, n = t < 8 ? 6 + t % 4 : 5 + t % 3, d;
        char from[16], to[16], pegs[4];
        unsigned char a[16], b[16];
        ar_param params[3] = {{"pegs", pegs}, {"from", from}, {"to", to}};
        ar_instance *inst;
        ar_error err;
        ar_result res;
        ar_hanoi_pdb_config cfg;
        int *dist;
        snprintf(pegs, sizeof pegs, "%u", k);
        for (d = 0; d < n; d++) {
            a[d] = (unsigned char)ar_rng_below(&rng, k);
            b[d] = (unsigned char)(t % 3 == 0 ? k - 1 : ar_rng_below(&rng, k));
            from[d] = (char)('1' + a[d]);
            to[d] = (char)('1' + b[d]);
        }
        from[n] = to[n] = '\0';
        if (p->create(NULL, params, 3, &inst, &err) != AR_OK) {
            CHECK_MSG(0, "%s", err.message);
            continue;
        }
        memset(&cfg, 0, sizeof cfg);
        cfg.group = n > 4 ? n - 3 : n;
        cfg.low = t % 2;
        cfg.cache = 1;
        cfg.dir = dir;
        cfg.threads = 2;
        ar_result_init(&res);
        if (ar_hanoi_pdb_solve(inst, NULL, &cfg, &res, &err) != AR_OK) {
            CHECK_MSG(0, "%s", err.message);
        } else {
            uint64_t length, cost;
            int solved;
            char moves[8192];
            size_t len = 0;
            uint64_t i;
            dist = oracle(k, n, b);
            CHECK(res.outcome == AR_OUTCOME_SOLVED);
            CHECK(res.optimal);
            CHECK_MSG(res.length == (uint64_t)dist[encode(a, k, n)], "%s -> %s: %" PRIu64 " vs %d",
                      from, to, res.length, dist[encode(a, k, n)]);
            for (i = 0; i < res.length && len + 8 < sizeof moves; i++) {
                len += p->format_move(inst, res.moves[i], moves + len, sizeof moves - len);
                moves[len++] = ' ';
            }
            moves[len] = '\0';
            CHECK(ar_puzzle_replay(p, inst, moves, &length, &cost, &solved, NULL, &err) == AR_OK);
            CHECK(solved);
            CHECK_EQ_U(length, res.length);
            free(dist);
        }
        ar_result_free(&res);
        p->destroy(inst);
    }
    {
        /* Tower goals were cached: 4 pegs, 3 discs to peg 4 ("444"). */
        char path[256];
        ar_pdb_header h;
        ar_error err;
        snprintf(path, sizeof path, "%s/hanoi-4p3d-444-8b.pdb", dir);
        CHECK_MSG(ar_pdb_read_header(path, &h, &err) == AR_OK, "%s", err.message);
        CHECK_STR(h.domain, "hanoi");
        CHECK_EQ_U(h.max_distance, 5); /* the eccentricity of a 3-disc tower (A382111) */
        CHECK_EQ_U(h.count, 64);
        unlink(path);
    }
    {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        CHECK(system(cmd) == 0);
    }
}

/* The pdb provider (`ariadne pdb ... hanoi`): the groups the solver would use,
 * built by the two-bit BFS through ar_pdb_build, equal to the generic 0-1 BFS
 * builder's table, and ar_pdb_check's exact-distance test catching damaged
 * entries that the plain consistency test would let through. */
static void test_pdb_provider(void)
{
    const ar_puzzle *p = ar_puzzle_find("hanoi");
    const ar_pdb_provider *prov = ar_puzzle_find("hanoi")->pdb;
    const ar_pdb_abstraction *abs[AR_PDB_MAX_SELECTED];
    char dir[] = "/tmp/ariadne-test-bfs2p-XXXXXX";
    ar_param params[4] = {{"pegs", "4"}, {"discs", "8"}, {"pdb-dir", dir}, {"to", "44444444"}};
    ar_instance *inst;
    ar_error err;
    ar_limits lim;
    unsigned count = 0, i;
    void *owned = NULL;
    CHECK(mkdtemp(dir) != NULL);
    CHECK(p && prov);
    if (!p || !prov || p->create(NULL, params, 3, &inst, &err) != AR_OK)
        return;
    CHECK_STR(prov->dir(inst), dir);
    CHECK(prov->abstractions(inst, NULL, abs, &count, &owned, &err) == AR_OK);
    CHECK_EQ_U(count, 1);
    if (count == 1) {
        const ar_pdb_abstraction *a = abs[0];
        ar_pdb_abstraction generic = *a;
        ar_pdb_build_options o;
        ar_pdb built, other;
        ar_mem mem;
        ar_rng rng;
        char name[128];
        unsigned t, caught = 0, tried = 0;
        ar_pdb_file_name(a, name, sizeof name);
        CHECK_STR(name, "hanoi-4p8d-44444444-8b.pdb");
        CHECK(a->exact && a->build && !a->uncached);
        memset(&o, 0, sizeof o);
        ar_mem_init(&mem, 0);
        o.mem = &mem;
        CHECK(ar_pdb_build(a, &o, &built, &err) == AR_OK);
        CHECK_EQ_U(built.header.max_distance, 33); /* the eccentricity of an 8-disc tower (A382111) */
        CHECK_MSG(ar_pdb_check(&built, a, a->count, 1, &err) == AR_OK, "%s", err.message);
        /* The generic builder over the same abstraction gives the same table. */
        generic.build = NULL;
        CHECK(ar_pdb_build(&generic, &o, &other, &err) == AR_OK);
        CHECK(other.table.bytes == built.table.bytes &&
              memcmp(other.table.data, built.table.data, built.table.bytes) == 0);
        CHECK_EQ_U(other.header.max_distance, built.header.max_distance);
        ar_pdb_free(&other);
        /* Damage one entry at a time: +1, -1, or 0 at a non-goal: each is caught. */
        ar_rng_seed(&rng, 7);
        for (t = 0; t < 30; t++) {
            uint64_t r = ar_rng_below(&rng, a->count);
            unsigned e = ar_pdb_entry(&built, r), bad = t % 3 == 0 ? e + 1 : t % 3 == 1 ? e - 1 : 0;
            if (e == 0 || (t % 3 == 2 && e == 1))
                continue;
            tried++;
            ar_bitarray_set(&built.table, r, bad);
            caught += ar_pdb_check(&built, a, a->count, 1, &err) != AR_OK;
            ar_bitarray_set(&built.table, r, e);
        }
        CHECK(tried > 20);
        CHECK_EQ_U(caught, tried);
        /* A farthest position one lower still passes the plain consistency
         * test (no neighbour is further), but it is not a distance. */
        generic = *a;
        generic.exact = 0;
        for (i = 0; i < a->count && ar_pdb_entry(&built, i) != 33; i++)
            ;
        CHECK(i < a->count);
        if (i < a->count) {
            ar_bitarray_set(&built.table, i, 32);
            CHECK(ar_pdb_check(&built, &generic, a->count, 1, &err) == AR_OK);
            CHECK(ar_pdb_check(&built, a, a->count, 1, &err) != AR_OK);
            CHECK(strstr(err.message, "no neighbour is a move closer") != NULL);
            ar_bitarray_set(&built.table, i, 33);
        }
        CHECK(ar_pdb_check(&built, a, a->count, 1, &err) == AR_OK);
        ar_pdb_free(&built);
    }
    if (owned)
        prov->release(owned);
    /* Under a memory limit the groups shrink as the solver's do: 12 discs in
     * 10 MiB leave 11 + 1 (1.25 bytes a position, half the limit). */
    memset(&lim, 0, sizeof lim);
    lim.memory_limit = (size_t)10 << 20;
    p->destroy(inst);
    params[1].value = "12";
    params[3].value = "123412341234";
    if (p->create(NULL, params, 3, &inst, &err) == AR_OK) {
        owned = NULL;
        CHECK(prov->abstractions(inst, &lim, abs, &count, &owned, &err) == AR_OK);
        CHECK_EQ_U(count, 2);
        if (count == 2) {
            CHECK_STR(abs[0]->size, "4p11d");
            CHECK_STR(abs[1]->size, "4p1d");
            CHECK(!abs[0]->uncached);
        }
        if (owned)
            prov->release(owned);
        p->destroy(inst);
    }
    /* A goal that is not a tower is never cached. */
    if (p->create(NULL, params, 4, &inst, &err) == AR_OK) {
        owned = NULL;
        CHECK(prov->abstractions(inst, NULL, abs, &count, &owned, &err) == AR_OK);
        CHECK_EQ_U(count, 1);
        CHECK(count == 1 && abs[0]->uncached != NULL);
        if (owned)
            prov->release(owned);
        p->destroy(inst);
    }
    /* 3 pegs: no pdb solver, so no databases. */
    params[0].value = "3";
    if (p->create(NULL, params, 3, &inst, &err) == AR_OK) {
        owned = NULL;
        CHECK(prov->abstractions(inst, NULL, abs, &count, &owned, &err) != AR_OK);
        CHECK(owned == NULL);
        p->destroy(inst);
    }
    CHECK(rmdir(dir) == 0); /* nothing was written: builds stay in memory */
}

int main(void)
{
    test_against_oracle();
    test_canonical_ranks();
    test_published();
    test_against_generic_bfs();
    test_limits();
    test_generic_directed();
    test_pdb_admissible();
    test_pdb_solver();
    test_pdb_provider();
    return check_report("test_bfs2");
}
