/* tiles.c — sliding-tile puzzles (the 8-, 15- and 24-puzzle and any rows x
 * cols board from 2x2 to 8x8).
 *
 * An instance is the board row by row, 0 for the blank: `1 2 3 4 5 6 7 8 0`.
 * The goal is the research convention, blank first (`0 1 2 ... N`), or with
 * --goal last the blank last (`1 2 ... N 0`), or any explicit board. Moves are
 * the directions the BLANK moves: U D L R (the tile next to the blank in that
 * direction slides the opposite way). A permutation-parity check proves
 * unsolvable boards unsolvable before any search.
 *
 * The engine (tiles_engine.h: tiles_board.c, tiles_pdb.c, tiles_ida.c,
 * tiles_anytime.c) holds the lower bounds, the pattern databases and the fast
 * solvers, and also runs Loyd's Dilemma; this file is the interface to people:
 * parsing with precise messages, formatting, the move notation, options.
 * tiles_bench.c holds the benchmark suites. */
#include "ariadne/page.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "tiles_engine.h"
#include "tiles_bench.h"
#include "ariadne/tool.h"
#include "ariadne/timer.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_instance {
    ar_tiles_model model;
    uint8_t start[AR_TILES_MAX];       /* labels by cell */
    uint8_t tile_of[AR_TILES_MAX];     /* label -> tile number shown to people */
    uint8_t label_of[AR_TILES_MAX];    /* tile number -> label */
    char goal_name[16];                /* "first", "last" or "custom" */
};

/* --- parsing --------------------------------------------------------------- */

/* Reads whole numbers separated by white space, commas or '/', with '#'
 * comments to the end of a line. NULL on success, else a message in why. */
static const char *read_numbers(const char *text, const char *where, unsigned *v, unsigned *count,
                                char *why, size_t size)
{
    const char *s = text;
    unsigned n = 0;
    for (;;) {
        while (*s && (isspace((unsigned char)*s) || *s == ',' || *s == '/'))
            s++;
        if (*s == '#') {
            while (*s && *s != '\n')
                s++;
            continue;
        }
        if (!*s)
            break;
        if (!isdigit((unsigned char)*s)) {
            snprintf(why, size, "%s: '%.60s' at item %u is not a tile number", where, s, n + 1);
            return why;
        }
        if (n == AR_TILES_MAX) {
            snprintf(why, size, "%s: more than %u numbers (the largest board is 8x8)", where,
                     AR_TILES_MAX);
            return why;
        }
        v[n] = 0;
        while (isdigit((unsigned char)*s)) {
            if (v[n] < 1000)
                v[n] = v[n] * 10 + (unsigned)(*s - '0');
            s++;
        }
        if (*s && !isspace((unsigned char)*s) && *s != ',' && *s != '/' && *s != '#') {
            snprintf(why, size, "%s: '%.60s' at item %u is not a tile number", where, s, n + 1);
            return why;
        }
        n++;
    }
    *count = n;
    return NULL;
}

/* Checks that v[0..n) holds every number 0..n-1 once. */
static ar_status check_board(const unsigned *v, unsigned n, const char *where, ar_error *err)
{
    unsigned seen[AR_TILES_MAX] = {0}, i;
    for (i = 0; i < n; i++) {
        if (v[i] >= n)
            return ar_error_set(err, AR_ERR_INPUT, "%s: tile %u is out of range (0..%u for %u cells)",
                                where, v[i], n - 1, n);
        if (seen[v[i]]++)
            return ar_error_set(err, AR_ERR_INPUT, "%s: tile %u appears twice", where, v[i]);
    }
    for (i = 0; i < n; i++)
        if (!seen[i])
            return ar_error_set(err, AR_ERR_INPUT, "%s: tile %u is missing", where, i);
    return AR_OK;
}

static ar_status parse_size(const char *text, unsigned *rows, unsigned *cols, ar_error *err)
{
    unsigned r = 0, c = 0;
    const char *s = text;
    while (isdigit((unsigned char)*s) && r < 100)
        r = r * 10 + (unsigned)(*s++ - '0');
    if (*s == 'x' || *s == 'X') {
        s++;
        while (isdigit((unsigned char)*s) && c < 100)
            c = c * 10 + (unsigned)(*s++ - '0');
    } else {
        c = r;
    }
    if (*s || r < 2 || r > 8 || c < 2 || c > 8)
        return ar_error_set(err, AR_ERR_INPUT,
                            "parameter size '%.60s': expected ROWSxCOLS with 2..8 each, e.g. 4x4", text);
    *rows = r;
    *cols = c;
    return AR_OK;
}

/* Parses --pattern groups of tile numbers ("1,2,3/4,5,6") into labels. */
static ar_status parse_groups(ar_instance *in, const char *text, int reflect, ar_error *err)
{
    uint8_t groups[AR_TILES_MAX_PATTERNS][AR_TILES_MAX_PATTERN_TILES];
    unsigned sizes[AR_TILES_MAX_PATTERNS] = {0}, ng = 0, n = in->model.n;
    const char *s = text;
    while (*s) {
        unsigned v = 0;
        if (!isdigit((unsigned char)*s))
            return ar_error_set(err, AR_ERR_INPUT,
                                "parameter pattern '%.40s': expected tile numbers like 1,2,3/4,5,6 or a "
                                "preset such as 6-6-3", text);
        while (isdigit((unsigned char)*s) && v < 1000)
            v = v * 10 + (unsigned)(*s++ - '0');
        if (v == 0 || v >= n)
            return ar_error_set(err, AR_ERR_INPUT, "parameter pattern: tile %u does not exist (1..%u)", v,
                                n - 1);
        if (sizes[ng] == AR_TILES_MAX_PATTERN_TILES)
            return ar_error_set(err, AR_ERR_INPUT, "parameter pattern: a pattern has at most %u tiles",
                                AR_TILES_MAX_PATTERN_TILES);
        groups[ng][sizes[ng]++] = in->label_of[v];
        if (*s == '/') {
            if (++ng == AR_TILES_MAX_PATTERNS)
                return ar_error_set(err, AR_ERR_INPUT, "parameter pattern: at most %u patterns",
                                    AR_TILES_MAX_PATTERNS);
            s++;
        } else if (*s == ',') {
            s++;
        } else if (*s) {
            return ar_error_set(err, AR_ERR_INPUT, "parameter pattern '%.40s': unexpected '%c'", text, *s);
        }
    }
    return ar_tiles_set_groups(&in->model, (const uint8_t(*)[AR_TILES_MAX_PATTERN_TILES])groups, sizes,
                               ng + 1, text, reflect, err);
}

static ar_status tiles_create(const char *text, const ar_param *params, size_t count,
                              ar_instance **out, ar_error *err)
{
    ar_instance *in;
    unsigned v[AR_TILES_MAX], g[AR_TILES_MAX], n = 0, gn = 0, rows = 0, cols = 0, i, r;
    const char *size = ar_param_get(params, count, "size"), *goal = ar_param_get(params, count, "goal");
    const char *pattern = ar_param_get(params, count, "pattern"), *refl = ar_param_get(params, count, "reflect");
    const char *dir = ar_param_get(params, count, "pdb-dir");
    char why[160];
    int reflect = -1;
    ar_status st;

    if (!text || !text[strspn(text, " \t\r\n")])
        return ar_error_set(err, AR_ERR_INPUT, "no board given: list the tiles row by row, 0 for the "
                                               "blank, e.g. '1 2 3 4 5 6 7 8 0'");
    if (read_numbers(text, "instance", v, &n, why, sizeof why))
        return ar_error_set(err, AR_ERR_INPUT, "%s", why);
    if (size) {
        if ((st = parse_size(size, &rows, &cols, err)) != AR_OK)
            return st;
        if (n != rows * cols)
            return ar_error_set(err, AR_ERR_INPUT, "instance: a %ux%u board has %u cells but %u numbers "
                                                   "were given", rows, cols, rows * cols, n);
    } else {
        for (r = 2; r <= 8 && r * r < n; r++)
            ;
        if (r > 8 || r * r != n)
            return ar_error_set(err, AR_ERR_INPUT, "instance: %u numbers do not make a square board "
                                                   "(4, 9, ..., 64); give parameter size ROWSxCOLS", n);
        rows = cols = r;
    }
    if ((st = check_board(v, n, "instance", err)) != AR_OK)
        return st;
    if (!goal || strcmp(goal, "first") == 0) {
        for (i = 0; i < n; i++)
            g[i] = i;
    } else if (strcmp(goal, "last") == 0) {
        for (i = 0; i < n; i++)
            g[i] = (i + 1) % n;
    } else {
        if (read_numbers(goal, "parameter goal", g, &gn, why, sizeof why))
            return ar_error_set(err, AR_ERR_INPUT, "%s (or use first or last)", why);
        if (gn != n)
            return ar_error_set(err, AR_ERR_INPUT, "parameter goal: %u numbers for a board of %u cells", gn, n);
        if ((st = check_board(g, n, "parameter goal", err)) != AR_OK)
            return st;
    }
    if (refl && strcmp(refl, "on") == 0)
        reflect = 1;
    else if (refl && strcmp(refl, "off") == 0)
        reflect = 0;
    else if (refl && strcmp(refl, "auto") != 0)
        return ar_error_set(err, AR_ERR_INPUT, "parameter reflect '%.60s': expected on, off or auto", refl);
    if (dir && strlen(dir) >= sizeof in->model.pdb_dir)
        return ar_error_set(err, AR_ERR_INPUT, "parameter pdb-dir: the path is too long");

    if (!(in = calloc(1, sizeof *in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a tiles instance");
    for (i = 0; i < n; i++) { /* the tile that belongs on cell i gets label i */
        in->tile_of[i] = (uint8_t)g[i];
        in->label_of[g[i]] = (uint8_t)i;
    }
    ar_tiles_model_init(&in->model, rows, cols, in->label_of[0], 0, "tiles");
    for (i = 0; i < n; i++)
        in->start[i] = in->label_of[v[i]];
    snprintf(in->goal_name, sizeof in->goal_name, "%s", !goal ? "first" : strcmp(goal, "first") == 0 ? "first"
                                                      : strcmp(goal, "last") == 0 ? "last" : "custom");
    if (dir)
        snprintf(in->model.pdb_dir, sizeof in->model.pdb_dir, "%s", dir);
    st = AR_OK;
    if (pattern && strpbrk(pattern, ",/"))
        st = parse_groups(in, pattern, reflect, err);
    else if (pattern)
        st = ar_tiles_set_partition(&in->model, pattern, reflect, err);
    else if (!*ar_tiles_default_partition(&in->model)) {
        ar_error ignored; /* no preset: small groups, used only when asked for (--heuristic pdb) */
        if (ar_tiles_set_partition(&in->model, "blocks", reflect, &ignored) != AR_OK)
            in->model.npat = 0;
    } else {
        ar_error ignored;
        /* 7-8 when its databases are cached already, else the default; a goal
         * without a preset simply has no databases until --pattern names some. */
        if (rows == 4 && cols == 4 && ar_tiles_set_partition(&in->model, "7-8", reflect, &ignored) == AR_OK &&
            ar_tiles_pdbs_cached(&in->model))
            st = AR_OK;
        else if (ar_tiles_set_partition(&in->model, ar_tiles_default_partition(&in->model), reflect,
                                        &ignored) != AR_OK)
            in->model.npat = 0;
    }
    if (st != AR_OK) {
        free(in);
        return st;
    }
    *out = in;
    return AR_OK;
}

static void tiles_destroy(ar_instance *in)
{
    if (!in)
        return;
    ar_tiles_free_pdbs(&in->model);
    free(in);
}

static void tiles_describe(const ar_instance *in, char *buf, size_t size)
{
    const ar_tiles_model *m = &in->model;
    size_t used;
    unsigned i;
    int n = snprintf(buf, size, "%u-puzzle (%ux%u), goal blank %s, start", m->n - 1, m->rows, m->cols,
                     in->goal_name);
    used = n < 0 ? 0 : (size_t)n;
    for (i = 0; i < m->n && used < size; i++) {
        n = snprintf(buf + used, size - used, " %u", in->tile_of[in->start[i]]);
        used += n < 0 ? 0 : (size_t)n;
    }
}

static ar_status tiles_check_solvable(const ar_instance *in, ar_error *err)
{
    if (!ar_tiles_solvable(&in->model, in->start))
        return ar_error_set(err, AR_ERR_UNSOLVABLE,
                            "the permutation parity of the board differs from the parity of the "
                            "blank's distance to its goal cell, which every move preserves");
    return AR_OK;
}

/* --- states: one byte per cell, the label on it --- */

static size_t tiles_state_size(const ar_instance *in) { return in->model.n; }

static void tiles_initial_state(const ar_instance *in, void *state) { memcpy(state, in->start, in->model.n); }

static int tiles_is_goal(const ar_instance *in, const void *state)
{
    const uint8_t *c = state;
    unsigned i;
    for (i = 0; i < in->model.n; i++)
        if (c[i] != i)
            return 0;
    return 1;
}

static void tiles_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    const uint8_t *c = state;
    const ar_tiles_model *m = &in->model;
    size_t used = 0;
    unsigned i;
    int w = m->n > 10 ? 2 : 1, n;
    if (size)
        buf[0] = '\0';
    for (i = 0; i < m->n && used < size; i++) {
        n = snprintf(buf + used, size - used, "%*u%s", w, in->tile_of[c[i]],
                     i + 1 == m->n ? "" : (i + 1) % m->cols ? " " : "\n");
        used += n < 0 ? 0 : (size_t)n;
    }
}

static uint64_t tiles_state_count(const ar_instance *in) { return ar_tiles_model_states(&in->model); }

/* --- moves: the engine's blank directions --- */

static const char dir_names[4] = {'U', 'D', 'L', 'R'};

static unsigned tiles_max_moves(const ar_instance *in)
{
    (void)in;
    return 4;
}

static unsigned blank_cell(const ar_instance *in, const uint8_t *c)
{
    unsigned b;
    for (b = 0; b < in->model.n && c[b] != in->model.blank; b++)
        ;
    return b;
}

static unsigned tiles_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    unsigned b = blank_cell(in, state), d, n = 0;
    for (d = 0; d < 4; d++)
        if (in->model.nb[b][d] >= 0)
            moves[n++] = d;
    return n;
}

static void tiles_apply(const ar_instance *in, void *state, ar_move m)
{
    ar_tiles_apply(&in->model, state, (unsigned)m);
}

static ar_move tiles_inverse(const ar_instance *in, ar_move m)
{
    static const ar_move inv[4] = {AR_TDIR_DOWN, AR_TDIR_UP, AR_TDIR_RIGHT, AR_TDIR_LEFT};
    (void)in;
    return m < 4 ? inv[m] : AR_NO_MOVE;
}

static void tiles_undo(const ar_instance *in, void *state, ar_move m)
{
    ar_tiles_apply(&in->model, state, (unsigned)tiles_inverse(in, m));
}

/* The boards one move before: the blank's neighbours, each coming back by the
 * opposite direction (every move is its own way back, at cost 1). */
static unsigned tiles_predecessors(const ar_instance *in, const void *state, ar_move *moves,
                                   uint32_t *costs, void *states)
{
    unsigned n = tiles_legal_moves(in, state, moves), i;
    for (i = 0; i < n; i++) {
        uint8_t *p = (uint8_t *)states + (size_t)i * in->model.n;
        memcpy(p, state, in->model.n);
        ar_tiles_apply(&in->model, p, (unsigned)moves[i]);
        moves[i] = tiles_inverse(in, moves[i]);
        costs[i] = 1;
    }
    return n;
}

static int tiles_goal_state(const ar_instance *in, void *state)
{
    unsigned i;
    for (i = 0; i < in->model.n; i++)
        ((uint8_t *)state)[i] = (uint8_t)i; /* labels are goal cells */
    return 1;
}

static size_t tiles_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    (void)in;
    if (size < 2)
        return 0;
    buf[0] = m < 4 ? dir_names[m] : '?';
    buf[1] = '\0';
    return 1;
}

static ar_status tiles_parse_move(const ar_instance *in, const void *state, const char *text,
                                  size_t len, ar_move *out, ar_error *err)
{
    static const char *const edge[4] = {"top row", "bottom row", "left column", "right column"};
    unsigned d, b;
    int c = len == 1 ? toupper((unsigned char)text[0]) : 0;
    for (d = 0; d < 4 && dir_names[d] != c; d++)
        ;
    if (d == 4)
        return ar_error_set(err, AR_ERR_INPUT,
                            "expected U, D, L or R (the direction the blank moves)");
    b = blank_cell(in, state);
    if (in->model.nb[b][d] < 0)
        return ar_error_set(err, AR_ERR_INPUT, "the blank is in the %s and cannot move %s", edge[d],
                            d == 0 ? "up" : d == 1 ? "down" : d == 2 ? "left" : "right");
    *out = d;
    return AR_OK;
}

/* --- heuristics for the generic algorithms --- */

static uint64_t h_manhattan(const ar_instance *in, const void *state)
{
    return ar_tiles_manhattan(&in->model, state);
}

static uint64_t h_linear(const ar_instance *in, const void *state)
{
    return ar_tiles_linear(&in->model, state);
}

/* Every heuristic's backward half: the Manhattan distance to the start. */
static uint64_t h_from_start(const ar_instance *in, const void *state)
{
    return ar_tiles_manhattan_between(&in->model, state, in->start);
}

static ar_status prepare_pdb(ar_instance *in, ar_mem *mem, ar_error *err)
{
    if (in->model.npat == 0)
        return ar_error_set(err, AR_ERR_INPUT, "no pattern database partition for a %ux%u board; give one "
                                               "with parameter pattern", in->model.rows, in->model.cols);
    return ar_tiles_load_pdbs(&in->model, mem, NULL, NULL, err);
}

static uint64_t h_pdb(const ar_instance *in, const void *state)
{
    unsigned i;
    for (i = 0; i < in->model.npat; i++)
        if (!in->model.pat[i].loaded)
            return ar_tiles_linear(&in->model, state); /* not prepared: still admissible */
    return ar_tiles_pdb_value(&in->model, state);
}

static const ar_heuristic tiles_heuristics[] = {
    {.name = "linear",
     .summary = "Manhattan distance plus linear conflicts (two extra moves per tile that must leave "
                "its row or column)",
     .flags = AR_HEURISTIC_ADMISSIBLE,
     .estimate = h_linear,
     .estimate_from_start = h_from_start},
    {.name = "manhattan",
     .summary = "sum of the tiles' Manhattan distances to their goal cells",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = h_manhattan,
     .estimate_from_start = h_from_start},
    {.name = "pdb",
     .summary = "additive disjoint pattern databases (--pattern, e.g. 5-5-5, 6-6-3, 7-8, 6-6-6-6), "
                "max with the reflected board",
     .flags = AR_HEURISTIC_ADMISSIBLE, /* a minimum over the blank's regions need not be consistent */
     .prepare = prepare_pdb,
     .estimate = h_pdb,
     .estimate_from_start = h_from_start},
    {.name = NULL}};

/* --- solvers --- */

static ar_status run_ida(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                         ar_result *res, ar_error *err)
{
    (void)sink;
    return ar_tiles_solve(&in->model, in->start, "ida", opts, res, err);
}

static ar_status run_wida(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                          ar_result *res, ar_error *err)
{
    (void)sink;
    return ar_tiles_solve(&in->model, in->start, "wida", opts, res, err);
}

/* The anytime solver. On boards above 5x5 weighted IDA* finds no first
 * solution in reasonable time (it wanders without duplicate detection), so
 * the generic weighted A* (weight 5, linear conflicts, two thirds of the time
 * limit or 5 M nodes) seeds the incumbent, which the engine then shortens. */
#define SEED_WEIGHT 5.0
#define SEED_NODES 5000000u

static ar_status run_anytime(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                             ar_result *res, ar_error *err)
{
    ar_search_options so = *opts, rest = *opts;
    ar_result seed;
    ar_status st;
    double t0 = ar_now();
    (void)sink;
    if (in->model.n <= 25)
        return ar_tiles_solve(&in->model, in->start, "anytime", opts, res, err);
    so.algorithm = "wastar";
    so.heuristic = "linear";
    so.weight = SEED_WEIGHT;
    so.progress = NULL;
    so.on_improvement = NULL;
    so.limits.time_limit = opts->limits.time_limit > 0 ? opts->limits.time_limit * 2 / 3 : 0;
    if (!so.limits.node_limit || so.limits.node_limit > SEED_NODES)
        so.limits.node_limit = SEED_NODES;
    ar_result_init(&seed);
    st = ar_solve(&ar_domain_tiles, in, &so, NULL, &seed, err);
    if (st != AR_OK) {
        ar_result_free(&seed);
        return st;
    }
    if (opts->limits.time_limit > 0) {
        double left = opts->limits.time_limit - (ar_now() - t0);
        rest.limits.time_limit = left > 1e-3 ? left : 1e-3;
    }
    if (opts->limits.node_limit)
        rest.limits.node_limit = opts->limits.node_limit > seed.expanded ? opts->limits.node_limit - seed.expanded : 1;
    st = ar_tiles_solve_seeded(&in->model, in->start, "anytime",
                               seed.outcome == AR_OUTCOME_SOLVED ? seed.moves : NULL,
                               seed.outcome == AR_OUTCOME_SOLVED ? (unsigned)seed.length : 0, &rest, res, err);
    if (st == AR_OK) {
        res->expanded += seed.expanded;
        res->generated += seed.generated;
    }
    ar_result_free(&seed);
    return st;
}

static const ar_domain_solver tiles_solvers[] = {
    {.name = "ida",
     .summary = "IDA* specialised for sliding tiles (in-place moves, incremental heuristics); optimal",
     .flags = AR_SOLVER_USES_HEURISTIC,
     .run = run_ida},
    {.name = "wida",
     .summary = "weighted IDA*: f = g + W*h (--weight, default 2); fast, not optimal",
     .flags = AR_SOLVER_USES_HEURISTIC | AR_SOLVER_USES_WEIGHT,
     .run = run_wida},
    {.name = "anytime",
     .summary = "improving solutions (weighted IDA*), then IDA* raising the proven lower bound until "
                "the best is proven optimal or a limit stops it",
     .flags = AR_SOLVER_USES_HEURISTIC,
     .run = run_anytime},
    {.name = NULL}};

/* Without --algo: A* on the 8-puzzle, IDA* on the 15-puzzle (optimal in
 * seconds with the 6-6-3 databases), and from 5x5 on the anytime solver,
 * which has a solution within seconds and then proves what it can (plain
 * IDA* there can run for days without printing a move). */
static const char *tiles_default_algorithm(const ar_instance *in)
{
    return in->model.n <= 9 ? "astar" : in->model.n <= 16 ? "ida" : "anytime";
}

/* A uniformly random solvable board: a random permutation, with two tiles
 * swapped when its parity is wrong (which pairs boards one to one). */
static ar_status tiles_generate(const ar_param *params, size_t count, uint64_t seed, char **text,
                                ar_error *err)
{
    const char *size = ar_param_get(params, count, "size");
    unsigned rows = 4, cols = 4, n, i, v[AR_TILES_MAX];
    size_t used = 0, cap;
    ar_rng rng;
    ar_instance *probe;
    ar_status st;
    char buf[8 * AR_TILES_MAX + 64];
    if (size && (st = parse_size(size, &rows, &cols, err)) != AR_OK)
        return st;
    n = rows * cols;
    ar_rng_seed(&rng, seed);
    for (i = 0; i < n; i++)
        v[i] = i;
    for (i = n - 1; i > 0; i--) {
        unsigned j = (unsigned)ar_rng_below(&rng, i + 1), t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
    for (i = 0; i < n; i++)
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%u%s", v[i], i + 1 < n ? " " : "");
    st = tiles_create(buf, params, count, &probe, err);
    if (st != AR_OK)
        return st;
    if (!ar_tiles_solvable(&probe->model, probe->start)) {
        unsigned a = v[0] ? 0 : 2, b = v[1] ? 1 : 2, t = v[a];
        v[a] = v[b];
        v[b] = t;
        used = 0;
        for (i = 0; i < n; i++)
            used += (size_t)snprintf(buf + used, sizeof buf - used, "%u%s", v[i], i + 1 < n ? " " : "");
    }
    tiles_destroy(probe);
    cap = used + 64;
    if (!(*text = malloc(cap)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a tiles instance");
    snprintf(*text, cap, "%s\n", buf);
    return AR_OK;
}

/* A line of a batch file: a board, or Korf's benchmark format "number
 * optimal-length board" (data/tiles/korf100.txt, korf24_50.txt): N + 2
 * numbers whose last N (a square number) are a permutation of 0..N-1. */
static ar_status tiles_batch_line(const char *line, char *label, size_t label_size, char *instance,
                                  size_t instance_size, uint64_t *known_cost, int *known, ar_error *err)
{
    unsigned long v[AR_TILES_MAX + 3];
    unsigned k = 0, n, i, r;
    const char *s = line;
    uint64_t seen = 0;
    *known = 0;
    label[0] = '\0';
    while (*s && k < AR_TILES_MAX + 3) {
        char *end;
        while (*s == ' ' || *s == '\t' || *s == '\r')
            s++;
        if (!*s)
            break;
        if (*s < '0' || *s > '9')
            break;
        v[k++] = strtoul(s, &end, 10);
        s = end;
    }
    n = k >= 2 ? k - 2 : 0;
    for (r = 2; r * r < n; r++)
        ;
    if (*s == '\0' && n >= 4 && r * r == n) {
        for (i = 0; i < n; i++)
            if (v[2 + i] >= n || (seen >> v[2 + i] & 1))
                break;
            else
                seen |= (uint64_t)1 << v[2 + i];
        if (i == n) {
            size_t used = 0;
            snprintf(label, label_size, "%lu", v[0]);
            *known_cost = v[1];
            *known = 1;
            for (i = 0; i < n && used < instance_size; i++)
                used += (size_t)snprintf(instance + used, instance_size - used, "%s%lu", i ? " " : "",
                                         v[2 + i]);
            return AR_OK;
        }
    }
    if (strlen(line) >= instance_size)
        return ar_error_set(err, AR_ERR_INPUT, "the line is too long for an instance");
    snprintf(instance, instance_size, "%s", line);
    return AR_OK;
}

static ar_status tiles_with_start(const ar_instance *in, const void *state, ar_instance **out,
                                  ar_error *err)
{
    ar_instance *c = malloc(sizeof *c);
    if (!c)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a tiles instance");
    *c = *in;
    ar_tiles_model_rebind(&c->model);
    memcpy(c->start, state, in->model.n);
    *out = c;
    return AR_OK;
}

/* --- pattern database provider for `ariadne pdb` --- */

static ar_status tiles_abstractions(const ar_instance *in, const ar_limits *limits,
                                    const ar_pdb_abstraction **out, unsigned *count, void **owned,
                                    ar_error *err)
{
    unsigned i;
    (void)limits; /* the patterns are the options' choice, whatever the limits */
    *owned = NULL;
    if (in->model.npat == 0)
        return ar_error_set(err, AR_ERR_INPUT, "no partition for this board: give one with parameter pattern");
    for (i = 0; i < in->model.npat; i++)
        out[i] = &in->model.pat[i].abs;
    *count = in->model.npat;
    return AR_OK;
}

static const char *tiles_pdb_dir(const ar_instance *in) { return in->model.pdb_dir; }

/* The goal board of the options (--size, --goal), as instance text. */
static void tiles_sample(const ar_param *params, size_t count, char *buf, size_t size)
{
    const char *sz = ar_param_get(params, count, "size"), *goal = ar_param_get(params, count, "goal");
    unsigned rows = 4, cols = 4, i, n;
    size_t used = 0;
    ar_error err;
    if (sz && parse_size(sz, &rows, &cols, &err) != AR_OK)
        rows = cols = 4; /* create() reports the bad option */
    n = rows * cols;
    if (goal && strcmp(goal, "first") != 0 && strcmp(goal, "last") != 0) {
        snprintf(buf, size, "%s", goal);
        return;
    }
    if (size)
        buf[0] = '\0';
    for (i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%u ",
                                 goal && strcmp(goal, "last") == 0 ? (i + 1) % n : i);
}

static const ar_pdb_provider tiles_pdb = {.abstractions = tiles_abstractions,
                                          .dir = tiles_pdb_dir,
                                          .sample_instance = tiles_sample};

static const ar_option_spec tiles_options[] = {
    {.name = "size",
     .metavar = "RxC",
     .help = "board size, 2..8 each (default: the square the tile count makes)"},
    {.name = "goal",
     .metavar = "first|last|LIST",
     .help = "goal: blank first 0 1 .. N (default), blank last 1 .. N 0, or a board"},
    {.name = "pattern",
     .metavar = "NAME|GROUPS",
     .help = "pattern-database partition: 5-5-5, 6-6-3, 7-8 (4x4), 6-6-6-6 (5x5), 8, 4-4 (3x3), or "
             "tile groups like 1,2,3/4,5,6 (default 6-6-3 on 4x4, or 7-8 when cached)"},
    {.name = "reflect",
     .metavar = "on|off|auto",
     .help = "also look up the board mirrored about the diagonal (default auto)"},
    {.name = "pdb-dir",
     .metavar = "DIR",
     .help = "pattern database cache (default $XDG_CACHE_HOME/ariadne or ~/.cache/ariadne)"},
    {.name = NULL}};

static const ar_bench_suite tiles_bench_suites[] = {
    {.name = "korf100",
     .summary = "Korf's 100 15-puzzle instances optimally, per heuristic (Manhattan .. PDB 7-8+reflection)",
     .run = ar_tiles_bench_korf100},
    {.name = "korf24",
     .summary = "Korf & Felner's 50 24-puzzle instances: anytime for all, optimal for the easiest",
     .run = ar_tiles_bench_korf24},
    {.name = NULL}};

static const ar_puzzle_example tiles_examples[] = {
    {.options = "size=3x3", .instance = "8 6 7 2 5 4 3 0 1", .cost = 27,
     .note = "an 8-puzzle at the largest distance from the goal: 27 moves, optimal"},
    {.options = "", .instance = "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11", .cost = 41,
     .note = "Korf's 15-puzzle no. 55, the shortest of his 100 (data/tiles/korf100.txt): 41 moves"},
    {.note = NULL}};

/* The board as tiles, the blank empty (page.h). */
static void tiles_picture(const ar_instance *inst, const void *state, ar_scene *scene)
{
    char buf[4096];
    tiles_format_state(inst, state, buf, sizeof buf);
    ar_scene_word_grid(scene, buf, "0=blank #=tile", 0, 0);
}

const ar_puzzle ar_domain_tiles = {
    .name = "tiles",
    .summary = "sliding-tile puzzles (8-, 15-, 24-puzzle, any RxC up to 8x8): optimal IDA* with pattern databases",
    .help = "Instance: the tiles row by row, 0 for the blank, e.g. '8 6 7 2 5 4 3 0 1' (3x3) or the 16\n"
    "numbers of a 15-puzzle; a non-square board needs --size RxC. Goal: blank first (0 1 2 ..),\n"
    "or --goal last (1 2 .. 0), or --goal 'LIST'. Moves name the direction the BLANK moves:\n"
    "U D L R (the tile beside the blank slides the other way), written without separators.\n"
    "Unsolvable boards (wrong permutation parity) are reported at once (exit 1). Without --algo:\n"
    "astar up to 3x3, ida (optimal) on 4x4, anytime from 5x5 on (a solution in seconds, then a\n"
    "proven lower bound that rises; use --time-limit); also wida (weighted), wastar, beam.\n"
    "Without --heuristic the domain's solvers use pdb where its databases are cached or cheap\n"
    "(6-6-3 on 4x4: built in seconds on first use into the cache directory), else linear; the\n"
    "larger ones are built once with `ariadne pdb build tiles --size 5x5` (minutes), and a\n"
    "search stopped without them says so. Example: ariadne solve tiles '1 2 0 3 4 5 6 7 8' gives L L.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_REVERSIBLE | AR_PUZZLE_SINGLE_CHAR_MOVES,
    .options = tiles_options,
    .create = tiles_create,
    .destroy = tiles_destroy,
    .describe = tiles_describe,
    .check_solvable = tiles_check_solvable,
    .state_size = tiles_state_size,
    .initial_state = tiles_initial_state,
    .is_goal = tiles_is_goal,
    .format_state = tiles_format_state,
    .picture = tiles_picture,
    .state_count = tiles_state_count,
    .max_moves = tiles_max_moves,
    .legal_moves = tiles_legal_moves,
    .apply = tiles_apply,
    .undo = tiles_undo,
    .inverse = tiles_inverse,
    .format_move = tiles_format_move,
    .parse_move = tiles_parse_move,
    .heuristics = tiles_heuristics,
    .solvers = tiles_solvers,
    .default_algorithm = tiles_default_algorithm,
    .generate = tiles_generate,
    .pdb = &tiles_pdb,
    .bench_suites = tiles_bench_suites,
    .with_start = tiles_with_start,
    .goal_state = tiles_goal_state,
    .predecessors = tiles_predecessors,
    .batch_line = tiles_batch_line,
    .examples = tiles_examples,
};
