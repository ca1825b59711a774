/* test_tsp.c — the travelling salesman against published optima and
 * independent oracles.
 *
 * - TSPLIB's distance functions (EUC_2D, ATT, GEO, CEIL_2D, MAN_2D, MAX_2D,
 *   EUC_3D), recomputed here from the coordinates, and the nine explicit
 *   matrix layouts, written here from one random matrix;
 * - the published optimal tours (data/tsp/NAME.opt.tour) replayed through the
 *   domain's rules to the published lengths;
 * - Held-Karp, branch and bound, A* with the spanning-tree heuristic and
 *   systematic generate-and-test against brute force over every permutation
 *   on small random instances;
 * - branch and bound proving berlin52 = 7542, eil51 = 426 and four more;
 * - local search: every tour replays, ILS within 2% of kroA100's optimum,
 *   the other strategies within their bounds, hill climbing's local optimum
 *   said as such, runs reproducible by seed, the view's deltas, kicks and
 *   rollbacks exact;
 * - malformed files refused with one line naming the place. */
#include "ariadne/local.h"
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ar_puzzle *tsp;

static ar_instance *make(const char *text, const char *options)
{
    char buf[128];
    ar_param params[4];
    ar_instance *inst = NULL;
    ar_error err;
    snprintf(buf, sizeof buf, "%s", options ? options : "");
    ar_error_clear(&err);
    if (tsp->create(text, params, ar_param_split(buf, params, 4), &inst, &err) != AR_OK)
        CHECK_MSG(0, "create %.40s: %s", text, err.message);
    return inst;
}

static unsigned cities(ar_instance *inst) { return tsp->max_moves(inst); }

static uint32_t dist(ar_instance *inst, unsigned i, unsigned j)
{
    return tsp->move_cost(inst, (ar_move)(i * cities(inst) + j));
}

/* Solves; the tour must replay to a goal with the reported cost. Returns
 * the cost (0 when there is none). */
static uint64_t solve(ar_instance *inst, const char *algo, const char *params, uint64_t seed, uint64_t node_limit,
                      ar_result *keep, int *optimal)
{
    ar_search_options o;
    ar_result res;
    ar_error err;
    ar_param pv[8];
    char buf[128];
    uint64_t cost = 0;
    ar_search_options_init(&o);
    snprintf(buf, sizeof buf, "%s", params ? params : "");
    o.algorithm = algo;
    o.seed = seed;
    o.algo_params = pv;
    o.algo_param_count = ar_param_split(buf, pv, 8);
    o.limits.node_limit = node_limit;
    ar_error_clear(&err);
    if (ar_solve(tsp, inst, &o, NULL, &res, &err) != AR_OK) {
        CHECK_MSG(0, "%s: %s", algo, err.message);
        return 0;
    }
    if (res.moves) {
        char *text = ar_puzzle_format_moves(tsp, inst, res.moves, res.length);
        uint64_t length = 0, c = 0;
        int goal = 0;
        CHECK_MSG(ar_puzzle_replay(tsp, inst, text, &length, &c, &goal, NULL, &err) == AR_OK && goal,
                  "%s: the tour does not replay: %s", algo, err.message);
        CHECK_EQ_U(c, res.cost);
        CHECK_EQ_U(length, cities(inst));
        cost = res.cost;
        free(text);
    }
    if (optimal)
        *optimal = res.optimal;
    if (keep)
        *keep = res;
    else
        ar_result_free(&res);
    return cost;
}

static char *read_data(const char *rel)
{
    char path[1024], why[256];
    char *text;
    if (ar_data_path(rel, path, sizeof path) != 0) {
        CHECK_MSG(0, "no %s", rel);
        return NULL;
    }
    text = ar_read_file(path, why, sizeof why);
    CHECK_MSG(text != NULL, "%s", why);
    return text;
}

/* --- distances, recomputed from the coordinates --- */

/* The NODE_COORD_SECTION of a TSPLIB text, read here. */
static unsigned coords(const char *text, double *x, double *y, unsigned max)
{
    const char *p = strstr(text, "NODE_COORD_SECTION");
    unsigned n = 0, id;
    double a, b;
    int used;
    if (!p)
        return 0;
    p += strlen("NODE_COORD_SECTION");
    while (n < max && sscanf(p, "%u %lf %lf%n", &id, &a, &b, &used) == 3) {
        x[id - 1] = a, y[id - 1] = b;
        p += used;
        n++;
    }
    return n;
}

static long nint(double v) { return (long)(v + 0.5); }

static long euc(double dx, double dy) { return nint(sqrt(dx * dx + dy * dy)); }

static long att(double dx, double dy)
{
    double r = sqrt((dx * dx + dy * dy) / 10.0);
    long t = nint(r);
    return (double)t < r ? t + 1 : t;
}

static double geo_rad(double v)
{
    double deg = (double)(long)v;
    return 3.141592 * (deg + 5.0 * (v - deg) / 3.0) / 180.0;
}

static long geo(double xi, double yi, double xj, double yj)
{
    double lati = geo_rad(xi), loni = geo_rad(yi), latj = geo_rad(xj), lonj = geo_rad(yj);
    double q1 = cos(loni - lonj), q2 = cos(lati - latj), q3 = cos(lati + latj);
    return (long)(6378.388 * acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0);
}

static void metric_files(void)
{
    static const char *const names[] = {"berlin52", "att48", "burma14", "kroA100", "ulysses22"};
    size_t k;
    for (k = 0; k < sizeof names / sizeof names[0]; k++) {
        char rel[64];
        char *text;
        double x[128], y[128];
        unsigned n, i, j, wrong = 0;
        ar_instance *inst;
        snprintf(rel, sizeof rel, "tsp/%s.tsp", names[k]);
        text = read_data(rel);
        if (!text)
            continue;
        n = coords(text, x, y, 128);
        inst = make(text, NULL);
        CHECK(inst && cities(inst) == n);
        for (i = 0; inst && i < n; i++)
            for (j = 0; j < n; j++) {
                long want = i == j ? 0
                            : strstr(text, "ATT") ? att(x[i] - x[j], y[i] - y[j])
                            : strstr(text, "GEO") ? geo(x[i], y[i], x[j], y[j])
                                                  : euc(x[i] - x[j], y[i] - y[j]);
                wrong += dist(inst, i, j) != (uint32_t)want;
            }
        CHECK_MSG(wrong == 0, "%s: %u distances differ from TSPLIB's formula", names[k], wrong);
        if (inst)
            tsp->destroy(inst);
        free(text);
    }
    {   /* the other coordinate metrics, on three points */
        static const struct { const char *type; long d01, d12; } m[] = {
            {"CEIL_2D", 6, 3}, {"MAN_2D", 7, 3}, {"MAX_2D", 4, 3}};
        for (k = 0; k < 3; k++) {
            char text[256];
            ar_instance *inst;
            snprintf(text, sizeof text,
                     "NAME: t\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: %s\nNODE_COORD_SECTION\n"
                     "1 0 0\n2 3.2 4\n3 3.2 7\nEOF\n", m[k].type);
            inst = make(text, NULL);
            CHECK_MSG(inst && dist(inst, 0, 1) == m[k].d01 && dist(inst, 1, 2) == m[k].d12, "%s", m[k].type);
            if (inst)
                tsp->destroy(inst);
        }
        {
            ar_instance *inst = make("NAME: t\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_3D\n"
                                     "NODE_COORD_SECTION\n1 0 0 0\n2 2 3 6\n3 2 3 0\nEOF\n", NULL);
            CHECK(inst && dist(inst, 0, 1) == 7 && dist(inst, 1, 2) == 6 && dist(inst, 0, 2) == 4);
            if (inst)
                tsp->destroy(inst);
        }
    }
}

/* One random symmetric matrix written in all nine layouts. */
static void explicit_layouts(void)
{
    static const char *const layouts[] = {"FULL_MATRIX",    "UPPER_ROW",     "LOWER_ROW",
                                          "UPPER_DIAG_ROW", "LOWER_DIAG_ROW", "UPPER_COL",
                                          "LOWER_COL",      "UPPER_DIAG_COL", "LOWER_DIAG_COL"};
    enum { N = 7 };
    unsigned w[N][N], i, j, k;
    uint64_t first = 0;
    ar_rng rng;
    ar_rng_seed(&rng, 42);
    for (i = 0; i < N; i++)
        for (j = 0; j <= i; j++)
            w[i][j] = w[j][i] = i == j ? 0 : 1 + (unsigned)ar_rng_below(&rng, 99);
    for (k = 0; k < 9; k++) {
        char text[2048];
        size_t used = (size_t)snprintf(text, sizeof text,
                                       "NAME: m\nTYPE: TSP\nDIMENSION: %d\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
                                       "EDGE_WEIGHT_FORMAT: %s\nEDGE_WEIGHT_SECTION\n", N, layouts[k]);
        ar_instance *inst;
        unsigned wrong = 0;
        /* row i, column j of the layout's order: a column layout is its row
         * layout with i and j swapped (the matrix is symmetric). */
        for (i = 0; i < N; i++) {
            for (j = 0; j < N; j++) {
                int upper = j > i, lower = j < i, diag = i == j, take;
                switch (k) {
                case 0: take = 1; break;
                case 1: case 6: take = upper; break;
                case 2: case 5: take = lower; break;
                case 3: case 8: take = upper || diag; break;
                default: take = lower || diag; break;
                }
                if (take)
                    used += (size_t)snprintf(text + used, sizeof text - used, "%u ", w[i][j]);
            }
            used += (size_t)snprintf(text + used, sizeof text - used, "\n");
        }
        snprintf(text + used, sizeof text - used, "EOF\n");
        inst = make(text, NULL);
        if (!inst)
            continue;
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                wrong += i != j && dist(inst, i, j) != w[i][j];
        CHECK_MSG(wrong == 0, "%s: %u distances differ", layouts[k], wrong);
        if (k == 0)
            first = solve(inst, "held-karp", NULL, 0, 0, NULL, NULL);
        else
            CHECK_EQ_U(solve(inst, "held-karp", NULL, 0, 0, NULL, NULL), first);
        tsp->destroy(inst);
    }
}

/* The published optimal tours, replayed. */
static void optimal_tours(void)
{
    static const struct { const char *name; uint64_t length; } t[] = {
        {"ulysses16", 6859}, {"ulysses22", 7013}, {"gr24", 1272}, {"fri26", 937},   {"bays29", 2020},
        {"att48", 10628},    {"eil51", 426},      {"berlin52", 7542}, {"st70", 675}, {"eil76", 538},
        {"kroA100", 21282}};
    size_t k;
    for (k = 0; k < sizeof t / sizeof t[0]; k++) {
        char rel[64], moves[4096];
        char *text, *p;
        unsigned order[128], n = 0, at = 0, i;
        size_t used = 0;
        ar_instance *inst;
        uint64_t length = 0, cost = 0;
        int goal = 0;
        ar_error err;
        snprintf(rel, sizeof rel, "tsp/%s.opt.tour", t[k].name);
        text = read_data(rel);
        if (!text)
            continue;
        p = strstr(text, "TOUR_SECTION");
        for (p = p ? p + 12 : text; n < 128;) {
            long v = strtol(p, &p, 10);
            if (v <= 0)
                break;
            order[n++] = (unsigned)v;
        }
        free(text);
        inst = make(t[k].name, NULL);
        if (!inst)
            continue;
        CHECK_EQ_U(n, cities(inst));
        while (at < n && order[at] != 1)
            at++;
        for (i = 1; i <= n; i++)
            used += (size_t)snprintf(moves + used, sizeof moves - used, "%u ", order[(at + i) % n]);
        CHECK_MSG(ar_puzzle_replay(tsp, inst, moves, &length, &cost, &goal, NULL, &err) == AR_OK && goal,
                  "%s: %s", t[k].name, err.message);
        CHECK_MSG(cost == t[k].length, "%s: the optimal tour is %llu, published %llu", t[k].name,
                  (unsigned long long)cost, (unsigned long long)t[k].length);
        tsp->destroy(inst);
    }
}

/* --- exact methods against brute force --- */

static uint64_t brute_force(ar_instance *inst)
{
    unsigned n = cities(inst), perm[12], i;
    uint64_t best = UINT64_MAX;
    for (i = 0; i < n - 1; i++)
        perm[i] = i + 1;
    for (;;) { /* every order of cities 2..n (Heap's algorithm would do too) */
        uint64_t len = dist(inst, 0, perm[0]) + dist(inst, perm[n - 2], 0);
        int j;
        unsigned a, b;
        for (i = 0; i + 1 < n - 1; i++)
            len += dist(inst, perm[i], perm[i + 1]);
        best = len < best ? len : best;
        for (j = (int)n - 3; j >= 0 && perm[j] > perm[j + 1]; j--)
            ;
        if (j < 0)
            break;
        for (a = n - 2; perm[a] < perm[j]; a--)
            ;
        b = perm[j], perm[j] = perm[a], perm[a] = b;
        for (a = (unsigned)j + 1, b = n - 2; a < b; a++, b--) {
            unsigned t = perm[a];
            perm[a] = perm[b], perm[b] = t;
        }
    }
    return best;
}

static void exact_small(void)
{
    unsigned n;
    uint64_t seed;
    for (n = 4; n <= 9; n++)
        for (seed = 1; seed <= 3; seed++) {
            char opt[32], *text = NULL;
            ar_param p[1];
            ar_error err;
            ar_instance *inst;
            uint64_t want;
            int optimal = 0;
            snprintf(opt, sizeof opt, "%u", n);
            p[0].name = "cities";
            p[0].value = opt;
            CHECK(tsp->generate(p, 1, seed, &text, &err) == AR_OK);
            inst = make(text, NULL);
            free(text);
            if (!inst)
                continue;
            want = brute_force(inst);
            CHECK_EQ_U(solve(inst, "held-karp", NULL, 0, 0, NULL, &optimal), want);
            CHECK(optimal);
            CHECK_EQ_U(solve(inst, "bnb-1tree", NULL, seed, 0, NULL, &optimal), want);
            CHECK(optimal);
            CHECK_EQ_U(solve(inst, "enumerate", NULL, 0, 0, NULL, &optimal), want);
            CHECK(optimal);
            CHECK_EQ_U(solve(inst, "astar", NULL, 0, 0, NULL, &optimal), want);
            CHECK(optimal);
            if (n <= 7) {
                CHECK_EQ_U(solve(inst, "ucs", NULL, 0, 0, NULL, &optimal), want);
                CHECK(optimal);
            }
            tsp->destroy(inst);
        }
}

static void branch_and_bound(void)
{
    static const struct { const char *name; uint64_t optimum; } t[] = {
        {"berlin52", 7542}, {"eil51", 426}, {"gr24", 1272}, {"bays29", 2020}, {"att48", 10628},
        {"brazil58", 25395}, {"gr17", 2085}};
    size_t k;
    for (k = 0; k < sizeof t / sizeof t[0]; k++) {
        ar_instance *inst = make(t[k].name, NULL);
        int optimal = 0;
        if (!inst)
            continue;
        CHECK_MSG(solve(inst, "bnb-1tree", NULL, 1, 0, NULL, &optimal) == t[k].optimum && optimal,
                  "%s: not proven %llu", t[k].name, (unsigned long long)t[k].optimum);
        tsp->destroy(inst);
    }
    {   /* Held-Karp on the 17-city matrix and the 16 cities of GEO */
        ar_instance *inst = make("ulysses16", NULL);
        int optimal = 0;
        CHECK(inst && solve(inst, "held-karp", NULL, 0, 0, NULL, &optimal) == 6859 && optimal);
        if (inst)
            tsp->destroy(inst);
    }
}

/* --- local search --- */

static void trace_cb(void *ctx, const ar_trace_point *pt)
{
    int64_t *last = ctx;
    if (last[1] && pt->current > last[0])
        last[2] = 1; /* went up */
    last[0] = pt->current;
    last[1]++;
}

static void local_search(void)
{
    ar_instance *kro = make("kroA100", NULL), *two = make("kroA100", "neighbourhood=2-opt");
    const uint64_t optimum = 21282;
    ar_result res;
    uint64_t seed, c;
    int optimal;
    if (!kro || !two)
        return;
    for (seed = 1; seed <= 3; seed++) {
        c = solve(kro, "ils", NULL, seed, 0, NULL, &optimal);
        CHECK_MSG(c >= optimum && c <= optimum * 102 / 100, "ils seed %llu: %llu", (unsigned long long)seed,
                  (unsigned long long)c);
        CHECK(!optimal); /* never claimed without a proof */
    }
    c = solve(kro, "hill", NULL, 1, 0, &res, &optimal);
    CHECK(c >= optimum && c <= optimum * 105 / 100 && !optimal);
    CHECK(strstr(res.note, "local optimum") != NULL);
    ar_result_free(&res);
    /* From a random tour, 2-opt alone: a local optimum well above the optimum, said so. */
    c = solve(two, "hill", "random-start", 1, 0, &res, &optimal);
    CHECK_MSG(c > optimum * 103 / 100 && strstr(res.note, "hill ended on a local optimum") && !optimal, "%llu: %s",
              (unsigned long long)c, res.note);
    ar_result_free(&res);
    CHECK(solve(kro, "steepest", NULL, 1, 0, NULL, NULL) <= optimum * 105 / 100);
    CHECK(solve(kro, "anneal", NULL, 1, 0, NULL, NULL) <= optimum * 105 / 100);
    CHECK(solve(kro, "tabu", "steps=200", 1, 0, NULL, NULL) <= optimum * 105 / 100);
    CHECK(solve(kro, "local-beam", "beams=4", 1, 0, NULL, NULL) <= optimum * 105 / 100);
    CHECK(solve(kro, "hill", "restarts=5 sideways=5", 1, 0, NULL, NULL) <= optimum * 105 / 100);
    CHECK(solve(kro, "first-choice", NULL, 1, 0, NULL, NULL) <= optimum * 110 / 100);
    /* The British Museum: random tours are several times too long. */
    CHECK(solve(kro, "generate", "samples=1000", 1, 0, NULL, NULL) > 3 * optimum);
    /* Systematic generate-and-test cut short: the best so far, unproven. */
    c = solve(kro, "enumerate", NULL, 0, 20000, &res, &optimal);
    CHECK(c > optimum && !optimal && res.outcome == AR_OUTCOME_STOPPED && res.stop == AR_STOP_NODES);
    ar_result_free(&res);

    /* Reproducible by seed: the same tour, move for move. */
    {
        ar_result a, b;
        solve(kro, "anneal", "epoch=3000", 9, 0, &a, NULL);
        solve(kro, "anneal", "epoch=3000", 9, 0, &b, NULL);
        CHECK(a.length == b.length && a.moves && b.moves &&
              memcmp(a.moves, b.moves, sizeof *a.moves * a.length) == 0 && a.expanded == b.expanded);
        ar_result_free(&b);
        solve(kro, "anneal", "epoch=3000", 10, 0, &b, NULL);
        CHECK(a.expanded != b.expanded || a.generated != b.generated);
        ar_result_free(&a);
        ar_result_free(&b);
    }
    /* The trace of a climb goes down only. */
    {
        ar_search_options o;
        int64_t t[3] = {0, 0, 0};
        ar_error err;
        ar_search_options_init(&o);
        o.algorithm = "hill";
        o.on_trace = trace_cb;
        o.on_trace_ctx = t;
        CHECK(ar_solve(tsp, kro, &o, NULL, &res, &err) == AR_OK);
        CHECK(t[1] > 2 && !t[2] && (uint64_t)t[0] == res.cost);
        ar_result_free(&res);
    }
    /* A parameter of another strategy is refused. */
    {
        ar_search_options o;
        ar_param p = {"restarts", "3"};
        ar_error err;
        ar_search_options_init(&o);
        o.algorithm = "anneal";
        o.algo_params = &p;
        o.algo_param_count = 1;
        CHECK(ar_solve(tsp, kro, &o, NULL, &res, &err) == AR_ERR_INPUT && strstr(err.message, "does not apply"));
        o.algorithm = "held-karp";
        CHECK(ar_solve(tsp, kro, &o, NULL, &res, &err) == AR_ERR_INPUT &&
              strstr(err.message, "local-search strategies only"));
    }
    tsp->destroy(kro);
    tsp->destroy(two);

    /* 2000 uniform random cities: within 10% of 0.7124 sqrt(n A). */
    {
        ar_param p = {"cities", "2000"};
        char *text = NULL;
        ar_error err;
        ar_instance *inst;
        CHECK(tsp->generate(&p, 1, 1, &text, &err) == AR_OK);
        inst = make(text, NULL);
        free(text);
        if (inst) {
            double bhh = 0.7124 * sqrt(2000.0 * 1e12);
            c = solve(inst, "ils", "kicks=5000", 1, 0, NULL, NULL);
            CHECK_MSG((double)c > bhh * 0.98 && (double)c < bhh * 1.10, "2000 cities: %llu, BHH %.0f",
                      (unsigned long long)c, bhh);
            tsp->destroy(inst);
        }
    }
}

/* The local view's arithmetic: every delta is the change apply makes, and
 * a rollback restores the tour byte for byte. */
static void view_moves(void)
{
    ar_instance *inst = make("st70", NULL);
    const ar_local_provider *v = tsp->local;
    ar_local_problem p;
    ar_mem mem;
    ar_error err;
    ar_rng rng;
    unsigned char *s, *saved;
    int i, round;
    unsigned wrong = 0, kinds[14] = {0};
    if (!inst)
        return;
    ar_mem_init(&mem, 0);
    CHECK(v && v->create(inst, &mem, &p, &err) == AR_OK);
    s = malloc(p.state_size);
    saved = malloc(p.state_size);
    ar_rng_seed(&rng, 5);
    for (round = 0; round < 20; round++) {
        int64_t before, d;
        p.random_state(p.ctx, s, &rng);
        p.reset(p.ctx, s);
        memcpy(saved, s, p.state_size);
        p.mark(p.ctx, s);
        before = p.cost(p.ctx, s);
        for (i = 0; i < 200; i++) {
            ar_local_move m;
            CHECK(p.random_move(p.ctx, s, &rng, &m));
            d = p.delta(p.ctx, s, &m);
            p.apply(p.ctx, s, &m);
            kinds[m.d]++;
            wrong += p.cost(p.ctx, s) != before + d;
            before += d;
        }
        d = p.perturb(p.ctx, s, &rng);
        wrong += p.cost(p.ctx, s) != before + d;
        CHECK(p.rollback(p.ctx, s));
        CHECK_MSG(memcmp(s, saved, p.state_size) == 0, "rollback does not restore the tour");
        {   /* the fast search's moves improve by what they say */
            ar_local_move m;
            int64_t dl;
            uint64_t ev = 0;
            p.reset(p.ctx, s);
            before = p.cost(p.ctx, s);
            while (p.improving_move(p.ctx, s, &m, &dl, &ev)) {
                CHECK(dl < 0);
                p.apply(p.ctx, s, &m);
                wrong += p.cost(p.ctx, s) != before + dl;
                before += dl;
            }
        }
    }
    CHECK_MSG(wrong == 0, "%u deltas differ from the cost change", wrong);
    for (i = 0; i < 14; i++)
        CHECK_MSG(kinds[i] > 0, "move variant %d never drawn", i);
    free(s);
    free(saved);
    v->destroy(&p, &mem);
    CHECK_EQ_U(mem.used, 0);
    tsp->destroy(inst);
}

/* --- bad input --- */

static void bad_files(void)
{
    static const struct { const char *text, *want; } bad[] = {
        {"", "no DIMENSION"},
        {"NAME: x\n", "no DIMENSION"},
        {"NAME: x\nDIMENSION: abc\n", "line 2: DIMENSION: 'abc' is not a whole number"},
        {"DIMENSION: 2\n", "out of range"},
        {"DIMENSION: 99999999\n", "out of range"},
        {"TYPE: ATSP\nDIMENSION: 5\n", "TYPE ATSP is not supported"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: XRAY1\n", "EDGE_WEIGHT_TYPE XRAY1 is not supported"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\n", "no NODE_COORD_SECTION"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1 1\nEOF\n", "ends after 2 of 3"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1 1\n2 2 2\n", "city 2 is given twice"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n4 1 1\n3 2 2\n", "out of range"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 nan 1\n3 2 2\n", "not a number"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1e30 1\n3 2 2\n", "too large"},
        {"NODE_COORD_SECTION\n1 0 0\n", "comes before DIMENSION"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_SECTION\n1 2 3\n", "before EDGE_WEIGHT_FORMAT"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2\n",
         "ends early"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"
         "0 1 2\n1 0 3\n2 4 0\n", "not symmetric"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 -2 3\n",
         "out of range"},
        {"DIMENSION: 3\nDIMENSION: 3\n", "DIMENSION given twice"},
        {"DIMENSION: 3\nFOO: bar\n", "unknown keyword FOO"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nFIXED_EDGES_SECTION\n1 2\n-1\n", "not supported"},
        {"NAME: a.tour\nTYPE: TOUR\n", "TYPE TOUR is not supported"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nTOUR_SECTION\n1\n", "this is a tour"},
        {"DIMENSION: 3\nEDGE_WEIGHT_TYPE: GEO\nNODE_COORD_SECTION\n1 0 0\n2 500 1\n3 2 2\n", "not a latitude"},
        {"1,2 3,4", "a tour needs at least 3 cities"},
        {"1,2 3 4,5", "expected ','"},
        {"1,2 3,4 5,x", "expected x,y"},
        {"no-such-instance", "no instance called 'no-such-instance'"},
        {"@@@", "expected a keyword"},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ar_instance *inst = NULL;
        ar_error err;
        ar_status st;
        ar_error_clear(&err);
        st = tsp->create(bad[i].text, NULL, 0, &inst, &err);
        CHECK_MSG(st == AR_ERR_INPUT && !inst && strstr(err.message, bad[i].want) && !strchr(err.message, '\n'),
                  "'%.30s': %s (want '%s')", bad[i].text, err.message, bad[i].want);
        if (inst)
            tsp->destroy(inst);
    }
    {   /* options */
        ar_param p[1] = {{"neighbours", "0"}};
        ar_instance *inst = NULL;
        ar_error err;
        CHECK(tsp->create("berlin52", p, 1, &inst, &err) == AR_ERR_INPUT && !inst);
        p[0].name = "construct", p[0].value = "best";
        CHECK(tsp->create("berlin52", p, 1, &inst, &err) == AR_ERR_INPUT && strstr(err.message, "construct"));
        p[0].name = "cities", p[0].value = "10";
        CHECK(tsp->create("berlin52", p, 1, &inst, &err) == AR_ERR_INPUT && strstr(err.message, "generate"));
    }
}

int main(void)
{
    tsp = ar_puzzle_find("tsp");
    CHECK(tsp != NULL);
    if (!tsp)
        return check_report("test_tsp");
    metric_files();
    explicit_layouts();
    optimal_tours();
    exact_small();
    branch_and_bound();
    local_search();
    view_moves();
    bad_files();
    return check_report("test_tsp");
}
