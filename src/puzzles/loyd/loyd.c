/* loyd.c — Loyd's Dilemma, the 1995 POTM contest variant of the 24-puzzle.
 *
 * A 5x5 board of letter tiles A..X and a blank '+'; the goal is
 * `ABCDE FGHIJ KLMNO PQRST UVWX+`. Moves name the direction the TILE moves
 * into the blank: u (the tile below the blank moves up), d (the tile above
 * moves down), l (the tile right of the blank moves left), r (the tile left of
 * it moves right), and t, the transport: the tile on the centre square jumps
 * into the blank, wherever it is, and the blank ends on the centre (illegal
 * when the blank is already there). Every letter counts one move. The
 * transport breaks the permutation-parity invariant of the sliding puzzle, so
 * every square is solvable.
 *
 * Loyd's Dilemma is the sliding-tile puzzle plus the transport, so it runs on
 * the sliding-tile engine (src/puzzles/tiles/tiles_engine.h) with the
 * transport switched on: lower bounds take the cheaper of walking a tile home
 * and walking it to the centre plus one transport, and the pattern databases
 * are built with the transport in the abstraction. The default solver is the
 * anytime one: quick weighted solutions, then IDA* raising a proven lower
 * bound, so `--time-limit 600` prints the best solution with the bound. This
 * file is the interface to people: the square's notation, the move letters,
 * options; loyd_bench.c is `ariadne bench loyd`. */
#include "ariadne/page.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "puzzles/tiles/tiles_engine.h"
#include "loyd_bench.h"
#include "ariadne/tool.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 25
#define BLANK 24u
#define CENTRE 12u

struct ar_instance {
    ar_tiles_model model;
    uint8_t start[CELLS]; /* labels: letter - 'A', blank 24 */
};

static char glyph(unsigned label) { return label == BLANK ? '+' : (char)('A' + label); }

/* Move codes: the engine's blank direction in bits 0-2, and for a transport
 * the cell the blank left in bits 3-7 (so undo can put the tile back). */
#define DIR(m) ((m) & 7u)
#define FROM(m) ((m) >> 3 & 31u)

/* --- parsing --------------------------------------------------------------- */

static ar_status parse_square(const char *text, const char *where, uint8_t *cells, ar_error *err)
{
    const char *s = text;
    unsigned n = 0, group = 0, seen[CELLS] = {0}, i;
    size_t len;
    while (*s) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        for (len = 0; s[len] && !isspace((unsigned char)s[len]); len++)
            ;
        group++;
        if (len != 5 && !(len == 25 && group == 1))
            return ar_error_set(err, AR_ERR_INPUT,
                                "%s: group %u '%.*s' has %zu characters; expected five groups of five "
                                "like 'FBCDE KAGHJ PLMIO UQRNT VWXS+'",
                                where, group, (int)(len > 12 ? 12 : len), s, len);
        for (i = 0; i < len; i++) {
            int c = toupper((unsigned char)s[i]);
            unsigned label;
            if (n == CELLS)
                return ar_error_set(err, AR_ERR_INPUT, "%s: more than 25 squares", where);
            if (c == '+')
                label = BLANK;
            else if (c >= 'A' && c <= 'X')
                label = (unsigned)(c - 'A');
            else
                return ar_error_set(err, AR_ERR_INPUT,
                                    "%s: '%c' in group %u is not a tile (A..X, '+' for the blank)", where,
                                    isprint((unsigned char)s[i]) ? s[i] : '?', group);
            if (seen[label]++)
                return ar_error_set(err, AR_ERR_INPUT, "%s: '%c' appears twice", where, glyph(label));
            cells[n++] = (uint8_t)label;
        }
        s += len;
    }
    if (n != CELLS)
        return ar_error_set(err, AR_ERR_INPUT, "%s: %u squares given, a Loyd square has 25 (A..X and '+')",
                            where, n);
    for (i = 0; i < CELLS; i++)
        if (!seen[i])
            return ar_error_set(err, AR_ERR_INPUT, "%s: '%c' is missing", where, glyph(i));
    return AR_OK;
}

static ar_status parse_groups(ar_instance *in, const char *text, int reflect, ar_error *err)
{
    uint8_t groups[AR_TILES_MAX_PATTERNS][AR_TILES_MAX_PATTERN_TILES];
    unsigned sizes[AR_TILES_MAX_PATTERNS] = {0}, ng = 0;
    const char *s;
    for (s = text; *s; s++) {
        int c = toupper((unsigned char)*s);
        if (c == '/' || c == ',') {
            if (c == '/' && ++ng == AR_TILES_MAX_PATTERNS)
                return ar_error_set(err, AR_ERR_INPUT, "parameter pattern: at most %u patterns",
                                    AR_TILES_MAX_PATTERNS);
            continue;
        }
        if (c < 'A' || c > 'X')
            return ar_error_set(err, AR_ERR_INPUT,
                                "parameter pattern '%.40s': expected letter groups like ABFGHM/CDEIJN/... "
                                "or the preset 6-6-6-6", text);
        if (sizes[ng] == AR_TILES_MAX_PATTERN_TILES)
            return ar_error_set(err, AR_ERR_INPUT, "parameter pattern: a pattern has at most %u tiles",
                                AR_TILES_MAX_PATTERN_TILES);
        groups[ng][sizes[ng]++] = (uint8_t)(c - 'A');
    }
    return ar_tiles_set_groups(&in->model, (const uint8_t(*)[AR_TILES_MAX_PATTERN_TILES])groups, sizes,
                               ng + 1, text, reflect, err);
}

static ar_status loyd_create(const char *text, const ar_param *params, size_t count,
                             ar_instance **out, ar_error *err)
{
    ar_instance *in;
    uint8_t cells[CELLS];
    const char *pattern = ar_param_get(params, count, "pattern"), *refl = ar_param_get(params, count, "reflect");
    const char *dir = ar_param_get(params, count, "pdb-dir");
    int reflect = -1;
    ar_status st;
    if (!text || !text[strspn(text, " \t\r\n")])
        return ar_error_set(err, AR_ERR_INPUT, "no square given: five groups of five letters A..X and '+', "
                                               "e.g. 'FBCDE KAGHJ PLMIO UQRNT VWXS+'");
    if ((st = parse_square(text, "instance", cells, err)) != AR_OK)
        return st;
    if (refl && strcmp(refl, "on") == 0)
        reflect = 1;
    else if (refl && strcmp(refl, "off") == 0)
        reflect = 0;
    else if (refl && strcmp(refl, "auto") != 0)
        return ar_error_set(err, AR_ERR_INPUT, "parameter reflect '%.60s': expected on, off or auto", refl);
    if (!(in = calloc(1, sizeof *in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a loyd instance");
    ar_tiles_model_init(&in->model, 5, 5, BLANK, 1, "loyd");
    memcpy(in->start, cells, CELLS);
    if (dir) {
        if (strlen(dir) >= sizeof in->model.pdb_dir) {
            free(in);
            return ar_error_set(err, AR_ERR_INPUT, "parameter pdb-dir: the path is too long");
        }
        snprintf(in->model.pdb_dir, sizeof in->model.pdb_dir, "%s", dir);
    }
    if (pattern && strcmp(pattern, "6-6-6-6") != 0)
        st = parse_groups(in, pattern, reflect, err);
    else
        st = ar_tiles_set_partition(&in->model, "6-6-6-6", reflect, err);
    if (st != AR_OK) {
        free(in);
        return st;
    }
    *out = in;
    return AR_OK;
}

static void loyd_destroy(ar_instance *in)
{
    if (!in)
        return;
    ar_tiles_free_pdbs(&in->model);
    free(in);
}

static void format_square(const uint8_t *c, char *buf, size_t size)
{
    char text[30];
    unsigned i, k = 0;
    for (i = 0; i < CELLS; i++) {
        text[k++] = glyph(c[i]);
        if (i % 5 == 4 && i + 1 < CELLS)
            text[k++] = ' ';
    }
    text[k] = '\0';
    snprintf(buf, size, "%s", text);
}

static void loyd_describe(const ar_instance *in, char *buf, size_t size)
{
    char sq[32];
    format_square(in->start, sq, sizeof sq);
    snprintf(buf, size, "Loyd's Dilemma %s", sq);
}

static size_t loyd_state_size(const ar_instance *in)
{
    (void)in;
    return CELLS;
}

static void loyd_initial_state(const ar_instance *in, void *state) { memcpy(state, in->start, CELLS); }

static int loyd_is_goal(const ar_instance *in, const void *state)
{
    const uint8_t *c = state;
    unsigned i;
    (void)in;
    for (i = 0; i < CELLS; i++)
        if (c[i] != i)
            return 0;
    return 1;
}

static void loyd_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    (void)in;
    format_square(state, buf, size);
}

/* --- moves --- */

/* The letter of each engine direction: the blank moving up means the tile
 * above it moves down ('d'), and so on. */
static const char move_letter[5] = {'d', 'u', 'r', 'l', 't'};

static unsigned blank_of(const uint8_t *c)
{
    unsigned b;
    for (b = 0; b < CELLS && c[b] != BLANK; b++)
        ;
    return b;
}

static unsigned loyd_max_moves(const ar_instance *in)
{
    (void)in;
    return 5;
}

static unsigned loyd_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    unsigned b = blank_of(state), d, n = 0;
    for (d = 0; d < 4; d++)
        if (in->model.nb[b][d] >= 0)
            moves[n++] = d;
    if (b != CENTRE)
        moves[n++] = AR_TDIR_TRANSPORT | b << 3;
    return n;
}

static void loyd_apply(const ar_instance *in, void *state, ar_move m)
{
    ar_tiles_apply(&in->model, state, DIR(m));
}

static ar_move loyd_inverse(const ar_instance *in, ar_move m)
{
    static const ar_move inv[4] = {AR_TDIR_DOWN, AR_TDIR_UP, AR_TDIR_RIGHT, AR_TDIR_LEFT};
    (void)in;
    return DIR(m) < 4 ? inv[DIR(m)] : AR_NO_MOVE; /* a transport has no one-move inverse */
}

static void loyd_undo(const ar_instance *in, void *state, ar_move m)
{
    uint8_t *c = state;
    if (DIR(m) == AR_TDIR_TRANSPORT) { /* the tile on FROM goes back to the centre */
        c[CENTRE] = c[FROM(m)];
        c[FROM(m)] = (uint8_t)BLANK;
        return;
    }
    ar_tiles_apply(&in->model, state, (unsigned)loyd_inverse(in, m));
}

static size_t loyd_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    (void)in;
    if (size < 2)
        return 0;
    buf[0] = DIR(m) <= 4 ? move_letter[DIR(m)] : '?';
    buf[1] = '\0';
    return 1;
}

static ar_status loyd_parse_move(const ar_instance *in, const void *state, const char *text,
                                 size_t len, ar_move *out, ar_error *err)
{
    unsigned d, b;
    int c = len == 1 ? tolower((unsigned char)text[0]) : 0;
    for (d = 0; d < 5 && move_letter[d] != c; d++)
        ;
    if (d == 5)
        return ar_error_set(err, AR_ERR_INPUT,
                            "expected u, d, l, r (the direction the tile moves) or t (transport)");
    b = blank_of(state);
    if (d == AR_TDIR_TRANSPORT) {
        if (b == CENTRE)
            return ar_error_set(err, AR_ERR_INPUT, "the blank is on the centre: nothing to transport");
        *out = AR_TDIR_TRANSPORT | b << 3;
        return AR_OK;
    }
    if (in->model.nb[b][d] < 0)
        return ar_error_set(err, AR_ERR_INPUT, "no tile can move %s into the blank from there",
                            c == 'u' ? "up" : c == 'd' ? "down" : c == 'l' ? "left" : "right");
    *out = d;
    return AR_OK;
}

/* --- heuristics --- */

static uint64_t h_transport(const ar_instance *in, const void *state)
{
    return ar_tiles_manhattan(&in->model, state);
}

static ar_status prepare_pdb(ar_instance *in, ar_mem *mem, ar_error *err)
{
    return ar_tiles_load_pdbs(&in->model, mem, NULL, NULL, err);
}

static uint64_t h_pdb(const ar_instance *in, const void *state)
{
    unsigned i;
    for (i = 0; i < in->model.npat; i++)
        if (!in->model.pat[i].loaded)
            return ar_tiles_manhattan(&in->model, state);
    return ar_tiles_pdb_value(&in->model, state);
}

static const ar_heuristic loyd_heuristics[] = {
    {.name = "transport",
     .summary = "per tile the cheaper of walking home and walking to the centre plus one transport",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = h_transport},
    {.name = "pdb",
     .summary = "additive pattern databases 6-6-6-6 built with the transport move, max with the "
                "reflected square",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .prepare = prepare_pdb,
     .estimate = h_pdb},
    {.name = NULL}};

/* --- solvers: the engine returns bare directions; transports get the cell
 * the blank left packed in, by replaying from the start. --- */

static void pack_moves(const ar_instance *in, ar_result *res)
{
    uint8_t c[CELLS];
    uint64_t i;
    if (!res->moves)
        return;
    memcpy(c, in->start, CELLS);
    for (i = 0; i < res->length; i++) {
        unsigned d = DIR(res->moves[i]);
        if (d == AR_TDIR_TRANSPORT)
            res->moves[i] = AR_TDIR_TRANSPORT | blank_of(c) << 3;
        ar_tiles_apply(&in->model, c, d);
    }
}

static ar_status run(ar_instance *in, const char *which, const ar_search_options *opts,
                     ar_result *res, ar_error *err)
{
    ar_status st = ar_tiles_solve(&in->model, in->start, which, opts, res, err);
    if (st == AR_OK)
        pack_moves(in, res);
    return st;
}

static ar_status run_ida(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                         ar_result *res, ar_error *err)
{
    (void)sink;
    return run(in, "ida", opts, res, err);
}

static ar_status run_wida(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                          ar_result *res, ar_error *err)
{
    (void)sink;
    return run(in, "wida", opts, res, err);
}

static ar_status run_anytime(ar_instance *in, const ar_search_options *opts,
                             const ar_move_sink *sink, ar_result *res, ar_error *err)
{
    (void)sink;
    return run(in, "anytime", opts, res, err);
}

static const ar_domain_solver loyd_solvers[] = {
    {.name = "anytime",
     .summary = "improving solutions, then IDA* raising the proven lower bound; with --time-limit the "
                "best solution and the bound (default)",
     .flags = AR_SOLVER_USES_HEURISTIC,
     .run = run_anytime},
    {.name = "ida",
     .summary = "IDA* with the transport move; optimal (practical for short solutions)",
     .flags = AR_SOLVER_USES_HEURISTIC,
     .run = run_ida},
    {.name = "wida",
     .summary = "weighted IDA*: f = g + W*h (--weight, default 2); not optimal",
     .flags = AR_SOLVER_USES_HEURISTIC | AR_SOLVER_USES_WEIGHT,
     .run = run_wida},
    {.name = NULL}};

static const char *loyd_default_algorithm(const ar_instance *in)
{
    (void)in;
    return "anytime";
}

/* A random square: a uniformly random arrangement (all are solvable). */
static ar_status loyd_generate(const ar_param *params, size_t count, uint64_t seed, char **text,
                               ar_error *err)
{
    uint8_t c[CELLS];
    unsigned i;
    ar_rng rng;
    (void)params;
    (void)count;
    ar_rng_seed(&rng, seed);
    for (i = 0; i < CELLS; i++)
        c[i] = (uint8_t)i;
    for (i = CELLS - 1; i > 0; i--) {
        unsigned j = (unsigned)ar_rng_below(&rng, i + 1);
        uint8_t t = c[i];
        c[i] = c[j];
        c[j] = t;
    }
    if (!(*text = malloc(40)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a loyd square");
    format_square(c, *text, 40);
    return AR_OK;
}

static ar_status loyd_with_start(const ar_instance *in, const void *state, ar_instance **out,
                                 ar_error *err)
{
    ar_instance *c = malloc(sizeof *c);
    if (!c)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a loyd instance");
    *c = *in;
    ar_tiles_model_rebind(&c->model);
    memcpy(c->start, state, CELLS);
    *out = c;
    return AR_OK;
}

static ar_status loyd_abstractions(const ar_instance *in, const ar_limits *limits,
                                   const ar_pdb_abstraction **out, unsigned *count, void **owned,
                                   ar_error *err)
{
    unsigned i;
    (void)limits; /* the patterns are the options' choice, whatever the limits */
    *owned = NULL;
    (void)err;
    for (i = 0; i < in->model.npat; i++)
        out[i] = &in->model.pat[i].abs;
    *count = in->model.npat;
    return AR_OK;
}

static const char *loyd_pdb_dir(const ar_instance *in) { return in->model.pdb_dir; }

static void loyd_sample(const ar_param *params, size_t count, char *buf, size_t size)
{
    (void)params;
    (void)count;
    snprintf(buf, size, "ABCDE FGHIJ KLMNO PQRST UVWX+");
}

static const ar_pdb_provider loyd_pdb = {.abstractions = loyd_abstractions,
                                         .dir = loyd_pdb_dir,
                                         .sample_instance = loyd_sample};

static const ar_option_spec loyd_options[] = {
    {.name = "pattern",
     .metavar = "6-6-6-6|GROUPS",
     .help = "pattern-database partition (default 6-6-6-6), or letter groups like ABFGHM/CDIJNO/..."},
    {.name = "reflect",
     .metavar = "on|off|auto",
     .help = "also look up the square mirrored about the diagonal (default auto)"},
    {.name = "pdb-dir",
     .metavar = "DIR",
     .help = "pattern database cache (default $XDG_CACHE_HOME/ariadne or ~/.cache/ariadne)"},
    {.name = NULL}};

static const ar_bench_suite loyd_bench_suites[] = {
    {.name = "loyd",
     .summary = "Loyd's Dilemma squares of the contest write-up, anytime solver",
     .run = ar_loyd_bench},
    {.name = NULL}};

static const ar_puzzle_example loyd_examples[] = {
    {.options = "", .instance = "FBCDE KAGHJ PLMIO UQRNT VWXS+", .cost = 26,
     .note = "the contest's fiendish square: 26 moves, proven optimal (the contest's best: 28)"},
    {.note = NULL}};

/* The letters as tiles, '+' the empty centre square (page.h). */
static void loyd_picture(const ar_instance *inst, const void *state, ar_scene *scene)
{
    char buf[512];
    size_t k;
    loyd_format_state(inst, state, buf, sizeof buf);
    for (k = 0; buf[k]; k++)
        if (buf[k] == ' ')
            buf[k] = '\n';
    ar_scene_text_grid(scene, buf, "+=blank ABCDEFGHIJKLMNOPQRSTUVWXYZ=tile");
}

const ar_puzzle ar_domain_loyd = {
    .name = "loyd",
    .summary = "Loyd's Dilemma (POTM 1995): the 24-puzzle with letters and a transport move from the centre",
    .help = "Instance: five groups of five characters, tiles A..X and '+' for the blank, row by row,\n"
    "e.g. 'FBCDE KAGHJ PLMIO UQRNT VWXS+'. Goal: ABCDE FGHIJ KLMNO PQRST UVWX+. Moves name\n"
    "the direction the TILE moves into the blank: u d l r, and t (transport: the centre tile\n"
    "jumps into the blank, which ends on the centre). Each letter is one move; moves are\n"
    "written without separators. Every square is solvable. Solvers: anytime (default: improving\n"
    "solutions with a proven lower bound; use --time-limit), ida (optimal), wida. Without\n"
    "--heuristic they use the 6-6-6-6 pattern databases once built (`ariadne pdb build loyd`:\n"
    "about 4 minutes, once), else transport; a search stopped without them says so.\n"
    "Example: ariadne solve loyd '+ABCD GHIJE FKLMN QRSTO PUVWX' (24 moves).",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_SINGLE_CHAR_MOVES,
    .options = loyd_options,
    .create = loyd_create,
    .destroy = loyd_destroy,
    .describe = loyd_describe,
    .state_size = loyd_state_size,
    .initial_state = loyd_initial_state,
    .is_goal = loyd_is_goal,
    .format_state = loyd_format_state,
    .picture = loyd_picture,
    .max_moves = loyd_max_moves,
    .legal_moves = loyd_legal_moves,
    .apply = loyd_apply,
    .undo = loyd_undo,
    .inverse = loyd_inverse,
    .format_move = loyd_format_move,
    .parse_move = loyd_parse_move,
    .heuristics = loyd_heuristics,
    .solvers = loyd_solvers,
    .default_algorithm = loyd_default_algorithm,
    .generate = loyd_generate,
    .pdb = &loyd_pdb,
    .bench_suites = loyd_bench_suites,
    .with_start = loyd_with_start,
    .examples = loyd_examples,
};
