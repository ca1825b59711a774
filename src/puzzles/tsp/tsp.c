/* tsp.c — the travelling salesman: the instance, the puzzle view of a tour
 * being built, the notation, and the descriptor.
 *
 * Given cities and the distances between them, find the shortest closed
 * tour through every city. The puzzle view builds a tour city by city from
 * city 1: a state is where the salesman is, how many cities he has seen and
 * which (so states with the same past set and position are one state, the
 * state space of the Held-Karp recursion), a move is the next city (its
 * number), and the last move returns to city 1. A solution is therefore the
 * tour itself, "49 32 45 ... 1", and `ariadne verify tsp` recomputes its
 * length from the instance's distances. Generic searches run on this view
 * (A* with the admissible minimum-spanning-tree heuristic, for small
 * instances); the domain's own solvers are the Held-Karp dynamic programme
 * and branch and bound with 1-tree bounds (both proving optimality), and the
 * local-search strategies run on its local view (tsp_local.c). */
#include "tsp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

/* State: current city, cities visited (n + 1 once back at city 1), then
 * one bit per city. */
#define WORDS(n) (((n) + 31u) / 32u)

static size_t tsp_state_size(const ar_instance *inst) { return 8 + 4 * (size_t)WORDS(inst->d->n); }

static uint32_t *bits_of(void *state) { return (uint32_t *)state + 2; }
static const uint32_t *cbits_of(const void *state) { return (const uint32_t *)state + 2; }
static int visited(const void *state, uint32_t c) { return (cbits_of(state)[c / 32] >> (c % 32)) & 1u; }

static void tsp_destroy(ar_instance *inst)
{
    if (!inst)
        return;
    if (inst->d && --inst->d->refs == 0)
        ar_tsp_data_free(inst->d);
    free(inst->start);
    free(inst);
}

static ar_instance *new_instance(tsp_data *d, const void *start, ar_error *err)
{
    ar_instance *inst = calloc(1, sizeof *inst);
    size_t ss = 8 + 4 * (size_t)WORDS(d->n);
    if (!inst || !(inst->start = calloc(1, ss))) {
        free(inst);
        ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        return NULL;
    }
    inst->d = d;
    d->refs++;
    if (start) {
        memcpy(inst->start, start, ss);
    } else {
        uint32_t *s = (uint32_t *)(void *)inst->start;
        s[0] = 0; /* at city 1 */
        s[1] = 1; /* having seen it */
        s[2] = 1;
    }
    {
        const uint32_t *s = (const uint32_t *)(const void *)inst->start;
        inst->fresh = s[0] == 0 && s[1] == 1;
    }
    return inst;
}

static const char *const construct_names[] = {"greedy", "nearest", "random"};

static ar_status tsp_create(const char *text, const ar_param *params, size_t param_count, ar_instance **out,
                            ar_error *err)
{
    tsp_data *d = NULL;
    long k;
    const char *v;
    ar_status st;
    *out = NULL;
    if (ar_param_get(params, param_count, "cities"))
        return ar_error_set(err, AR_ERR_INPUT,
                            "parameter cities is for `ariadne generate tsp` (a random instance to solve)");
    st = ar_param_int(params, param_count, "neighbours", 1, 64, 10, &k, err);
    if (st != AR_OK)
        return st;
    st = ar_tsp_read(text, &d, err);
    if (st != AR_OK)
        return st;
    d->k = (uint32_t)k;
    d->construct = TSP_CONSTRUCT_GREEDY;
    d->moves = TSP_MOVES_2OPT | TSP_MOVES_OROPT;
    if ((v = ar_param_get(params, param_count, "construct")) != NULL) {
        int i;
        for (i = 0; i < 3 && strcmp(v, construct_names[i]) != 0; i++)
            ;
        if (i == 3) {
            ar_tsp_data_free(d);
            return ar_error_set(err, AR_ERR_INPUT, "parameter construct: '%.30s' is not greedy, nearest or random", v);
        }
        d->construct = i;
    }
    if ((v = ar_param_get(params, param_count, "neighbourhood")) != NULL) {
        if (strcmp(v, "2-opt") == 0)
            d->moves = TSP_MOVES_2OPT;
        else if (strcmp(v, "or-opt") == 0)
            d->moves = TSP_MOVES_OROPT;
        else if (strcmp(v, "2-opt+or-opt") != 0) {
            ar_tsp_data_free(d);
            return ar_error_set(err, AR_ERR_INPUT,
                                "parameter neighbourhood: '%.30s' is not 2-opt, or-opt or 2-opt+or-opt", v);
        }
    }
    st = ar_tsp_prepare(d, err);
    if (st == AR_OK && !(*out = new_instance(d, NULL, err)))
        st = AR_ERR_MEMORY;
    d->refs--; /* the instance holds the only reference */
    if (st != AR_OK && d->refs == 0)
        ar_tsp_data_free(d);
    return st;
}

static void tsp_describe(const ar_instance *inst, char *buf, size_t size)
{
    static const char *const metric[] = {"EUC_2D", "CEIL_2D", "ATT", "GEO", "MAN_2D", "MAX_2D", "EUC_3D", "EXPLICIT"};
    const uint32_t *s = (const uint32_t *)(const void *)inst->start;
    snprintf(buf, size, "%s: %u cities, %s distances%s", inst->d->name[0] ? inst->d->name : "unnamed",
             inst->d->n, metric[inst->d->metric], inst->fresh ? "" : s[1] > inst->d->n ? ", tour closed" : ", mid-tour");
}

static void tsp_initial_state(const ar_instance *inst, void *state)
{
    memcpy(state, inst->start, tsp_state_size(inst));
}

static int tsp_is_goal(const ar_instance *inst, const void *state)
{
    return ((const uint32_t *)state)[1] == inst->d->n + 1;
}

static void tsp_format_state(const ar_instance *inst, const void *state, char *buf, size_t size)
{
    const uint32_t *s = state;
    uint32_t n = inst->d->n, c;
    size_t used;
    if (s[1] == n + 1) {
        snprintf(buf, size, "tour closed at city 1");
        return;
    }
    used = (size_t)snprintf(buf, size, "at city %u, %u of %u cities visited:", s[0] + 1, s[1], n);
    for (c = 0; c < n && used < size; c++)
        if (visited(state, c))
            used += (size_t)snprintf(buf + used, size - used, " %u", c + 1);
}

static unsigned tsp_max_moves(const ar_instance *inst) { return inst->d->n; }

static unsigned tsp_legal_moves(const ar_instance *inst, const void *state, ar_move *moves)
{
    const uint32_t *s = state;
    uint32_t n = inst->d->n, c, count = 0;
    if (s[1] == n + 1)
        return 0;
    if (s[1] == n) {
        moves[0] = s[0] * n; /* back to city 1 */
        return 1;
    }
    for (c = 0; c < n; c++)
        if (!visited(state, c))
            moves[count++] = s[0] * n + c;
    return count;
}

static void tsp_apply(const ar_instance *inst, void *state, ar_move m)
{
    uint32_t *s = state, n = inst->d->n, to = m % n;
    bits_of(state)[to / 32] |= 1u << (to % 32);
    s[0] = to;
    s[1]++;
}

static void tsp_undo(const ar_instance *inst, void *state, ar_move m)
{
    uint32_t *s = state, n = inst->d->n, to = m % n;
    if (s[1] <= n) /* not the closing move: city `to` was new */
        bits_of(state)[to / 32] &= ~(1u << (to % 32));
    s[0] = m / n;
    s[1]--;
}

static uint32_t tsp_move_cost(const ar_instance *inst, ar_move m)
{
    return (uint32_t)tsp_dist(inst->d, m / inst->d->n, m % inst->d->n);
}

static size_t tsp_format_move(const ar_instance *inst, ar_move m, char *buf, size_t size)
{
    int w = snprintf(buf, size, "%u", m % inst->d->n + 1);
    return w < 0 ? 0 : (size_t)w;
}

static ar_status tsp_parse_move(const ar_instance *inst, const void *state, const char *text, size_t len,
                                ar_move *out, ar_error *err)
{
    const uint32_t *s = state;
    uint32_t n = inst->d->n;
    unsigned long v = 0;
    size_t i;
    if (len == 0 || len > 9)
        return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a city number (1 to %u)", (int)(len > 20 ? 20 : len),
                            text, n);
    for (i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a city number (1 to %u)", (int)len, text, n);
        v = v * 10 + (unsigned long)(text[i] - '0');
    }
    if (v < 1 || v > n)
        return ar_error_set(err, AR_ERR_INPUT, "city %lu does not exist (1 to %u)", v, n);
    if (s[1] == n + 1)
        return ar_error_set(err, AR_ERR_INPUT, "the tour is already closed");
    if (s[1] == n && v != 1)
        return ar_error_set(err, AR_ERR_INPUT, "every city has been visited: the tour must return to city 1");
    if (s[1] < n && visited(state, (uint32_t)(v - 1)))
        return ar_error_set(err, AR_ERR_INPUT, "city %lu has been visited already", v);
    *out = s[0] * n + (uint32_t)(v - 1);
    return AR_OK;
}

/* The minimum spanning tree of the unvisited cities, the current one and
 * city 1: the rest of the tour is a path through them, which is a spanning
 * tree, so the estimate never exceeds the true rest (admissible); adding
 * the edge just travelled to the next state's tree spans this state's, so
 * it is consistent too. Prim's algorithm, O(m^2). */
static uint64_t mst_estimate(const ar_instance *inst, const void *state)
{
    const uint32_t *s = state;
    const tsp_data *d = inst->d;
    uint32_t n = d->n, m = 0, c, i;
    uint32_t *nodes;
    int64_t *key, total = 0;
    if (s[1] == n + 1)
        return 0;
    if (s[1] == n)
        return (uint64_t)tsp_dist(d, s[0], 0);
    nodes = malloc(sizeof *nodes * (n + 1));
    key = malloc(sizeof *key * (n + 1));
    if (!nodes || !key) {
        free(nodes), free(key);
        return 0; /* still admissible */
    }
    nodes[m++] = s[0];
    if (s[0] != 0)
        nodes[m++] = 0;
    for (c = 0; c < n; c++)
        if (!visited(state, c))
            nodes[m++] = c;
    for (i = 1; i < m; i++)
        key[i] = tsp_dist(d, nodes[0], nodes[i]);
    for (c = 1; c < m; c++) {
        uint32_t best = c;
        for (i = c + 1; i < m; i++)
            if (key[i] < key[best])
                best = i;
        total += key[best];
        {   /* move the chosen node to slot c */
            uint32_t tn = nodes[c];
            int64_t tk = key[c];
            nodes[c] = nodes[best], key[c] = key[best];
            nodes[best] = tn, key[best] = tk;
        }
        for (i = c + 1; i < m; i++) {
            int64_t dd = tsp_dist(d, nodes[c], nodes[i]);
            if (dd < key[i])
                key[i] = dd;
        }
    }
    free(nodes), free(key);
    return (uint64_t)total;
}

static const ar_heuristic tsp_heuristics[] = {
    {.name = "mst",
     .summary = "minimum spanning tree of the cities left, the current one and city 1",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = mst_estimate},
    {.name = NULL}};

/* Held-Karp while its table is small, branch and bound while it usually
 * finishes in a moment, iterated local search beyond (not proven). */
static const char *tsp_default_algorithm(const ar_instance *inst)
{
    if (!inst->fresh)
        return "astar";
    if (inst->d->n <= 16)
        return "held-karp";
    return inst->d->n <= 60 ? "bnb-1tree" : "ils";
}

static ar_status tsp_generate(const ar_param *params, size_t count, uint64_t seed, char **text, ar_error *err)
{
    long n;
    ar_status st = ar_param_int(params, count, "cities", 3, (long)TSP_MAX_CITIES, 100, &n, err);
    if (st != AR_OK)
        return st;
    *text = ar_tsp_random_text((uint32_t)n, seed, 1000000);
    return *text ? AR_OK : ar_error_set(err, AR_ERR_MEMORY, "out of memory");
}

static ar_status tsp_with_start(const ar_instance *inst, const void *state, ar_instance **out, ar_error *err)
{
    *out = new_instance(inst->d, state, err);
    return *out ? AR_OK : AR_ERR_MEMORY;
}

static const ar_option_spec tsp_options[] = {
    {.name = "neighbours", .metavar = "K", .help = "candidate neighbours per city for local search (default 10)"},
    {.name = "neighbourhood", .metavar = "M", .help = "local-search moves: 2-opt, or-opt, 2-opt+or-opt (default)"},
    {.name = "construct", .metavar = "HOW", .help = "local search's first tour: greedy (default), nearest, random"},
    {.name = "cities", .metavar = "N", .help = "generate: the number of random cities (default 100)"},
    {.name = NULL}};

static const ar_puzzle_example tsp_examples[] = {
    {.options = "", .instance = "burma14", .cost = 3323,
     .note = "14 cities in Burma (GEO distances): Held-Karp's dynamic programme proves the optimum"},
    {.options = "", .instance = "gr17", .cost = 2085, .note = "17 cities, an explicit LOWER_DIAG_ROW matrix"},
    {.options = "", .instance = "0,0 0,10 10,10 10,0 5,4 5,6", .cost = 44,
     .note = "six points written inline (EUC_2D)"},
    {.options = "", .instance = "berlin52", .cost = 7542,
     .note = "52 places in Berlin: branch and bound with 1-tree bounds proves 7542"},
    {.note = NULL}};

/* The cities as points: visited dark, the current one marked (page.h). */
static void tsp_picture(const ar_instance *inst, const void *state, ar_scene *scene)
{
    const tsp_data *d = inst->d;
    const uint32_t *s = state;
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300, w, h, scale;
    uint32_t c;
    char label[16];
    if (!d->x || !d->y) {
        char buf[4096];
        tsp_format_state(inst, state, buf, sizeof buf);
        ar_scene_caption(scene, "%s", buf);
        return;
    }
    for (c = 0; c < d->n; c++) {
        double x = d->metric == TSP_GEO ? d->y[c] : d->x[c], y = d->metric == TSP_GEO ? -d->x[c] : d->y[c];
        x0 = x < x0 ? x : x0;
        x1 = x > x1 ? x : x1;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
    }
    w = x1 - x0 > 0 ? x1 - x0 : 1;
    h = y1 - y0 > 0 ? y1 - y0 : 1;
    scale = 20.0 / (w > h ? w : h);
    ar_scene_space(scene, w * scale + 2, h * scale + 2);
    for (c = 0; c < d->n; c++) {
        double x = d->metric == TSP_GEO ? d->y[c] : d->x[c], y = d->metric == TSP_GEO ? -d->x[c] : d->y[c];
        int here = s[0] == c && s[1] <= d->n;
        snprintf(label, sizeof label, "%u", c + 1);
        ar_scene_point(scene, 1 + (x - x0) * scale, 1 + (y1 - y) * scale, here ? 0.45 : 0.3,
                       here ? "p2" : visited(state, c) ? "city" : "neutral", d->n <= 60 ? label : NULL);
    }
    {
        char buf[4096];
        tsp_format_state(inst, state, buf, sizeof buf);
        ar_scene_caption(scene, "%s", buf);
    }
}

const ar_puzzle ar_domain_tsp = {
    .name = "tsp",
    .summary = "travelling salesman: TSPLIB files; Held-Karp, 1-tree branch and bound, 2-opt/Or-opt local search",
    .help =
        "Instance: a TSPLIB file (-f FILE: TYPE TSP; EUC_2D, CEIL_2D, ATT, GEO, MAN_2D, MAX_2D, EUC_3D, or\n"
        "EXPLICIT as FULL_MATRIX, UPPER_ROW, LOWER_DIAG_ROW, ...), points \"x,y x,y ...\" (EUC_2D), or the name\n"
        "of an instance in data/tsp (berlin52, eil51, kroA100, ...). A move is the next city's number; a\n"
        "solution is the whole tour from city 1 back to city 1, and `ariadne verify tsp` recomputes its\n"
        "length. Solvers: held-karp (dynamic programme, to about 22 cities), bnb-1tree (branch and bound\n"
        "with Held-Karp 1-tree bounds, started from an iterated-local-search tour); both prove the\n"
        "optimum. Local search (--algo hill, steepest, first-choice, ils, anneal, local-beam, tabu,\n"
        "generate, enumerate; see docs/methods.md) on 2-opt and Or-opt moves over each city's --neighbours\n"
        "nearest cities, from a greedy tour; the default is held-karp up to 16 cities, bnb-1tree up to 60,\n"
        "ils beyond (not proven optimal). Random uniform instances: `ariadne generate tsp --cities N`.",
    .options = tsp_options,
    .create = tsp_create,
    .destroy = tsp_destroy,
    .describe = tsp_describe,
    .state_size = tsp_state_size,
    .initial_state = tsp_initial_state,
    .is_goal = tsp_is_goal,
    .format_state = tsp_format_state,
    .picture = tsp_picture,
    .max_moves = tsp_max_moves,
    .legal_moves = tsp_legal_moves,
    .apply = tsp_apply,
    .undo = tsp_undo,
    .move_cost = tsp_move_cost,
    .format_move = tsp_format_move,
    .parse_move = tsp_parse_move,
    .heuristics = tsp_heuristics,
    .solvers = ar_tsp_solvers,
    .default_algorithm = tsp_default_algorithm,
    .generate = tsp_generate,
    .with_start = tsp_with_start,
    .examples = tsp_examples,
    .local = &ar_tsp_local_view,
    .bench_suites = ar_tsp_bench_suites,
};
