/* sudoku.c — Sudoku on grids of n² x n² (4x4, 9x9, 16x16, 25x25): every
 * row, column and n x n box holds each value once.
 *
 * Instance: the grid, one character per cell in reading order ('.', '0' or
 * '_' for an empty cell; 1-9, then A, B, ... for 10 and up), on one line or
 * on several, with the spaces and | - + of a drawn grid ignored; or, for
 * the large grids, numbers separated by spaces or commas (0 or '.' empty).
 * Without a grid, --size N gives an empty one. A grid that breaks the
 * rules (a value twice in a unit) has no solution: exit 1, with the unit
 * named. A malformed grid is bad input: one line, exit 2.
 *
 * A move names an empty cell and its value: r1c3=4 (rows and columns from
 * 1 at the top left). The searches fill the cells in reading order; a move
 * may fill any empty cell (AR_PUZZLE_FREE_ORDER), so `play` and `verify`
 * take them in any order. The default solver (bitmask, sudoku_solve.c) proves the solution
 * unique by looking for a second one; `csp` solves the same grid with the
 * constraint engine (27 all-different constraints on 81 variables), for
 * comparing methods. */
#include "sudoku_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

/* ------------------------------------------------------ reading grids -- */

static int char_value(char ch, unsigned *v)
{
    if (ch == '.' || ch == '0' || ch == '_') {
        *v = 0;
        return 1;
    }
    if (ch >= '1' && ch <= '9') {
        *v = (unsigned)(ch - '0');
        return 1;
    }
    ch = (char)toupper((unsigned char)ch);
    if (ch >= 'A' && ch <= 'P') {
        *v = (unsigned)(ch - 'A') + 10;
        return 1;
    }
    return 0;
}

static unsigned box_of_cells(size_t cells)
{
    return cells == 16 ? 2 : cells == 81 ? 3 : cells == 256 ? 4 : cells == 625 ? 5 : 0;
}

static int decoration(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '|' || ch == '-' || ch == '+'; }

ar_status ar_sudoku_read(const char *text, uint8_t *cells, unsigned *box, ar_error *err)
{
    size_t n = 0, i, tokens = 0;
    const char *p;
    int bad_char = 0, multi = 0;
    unsigned v;
    /* the common case first: one line of 81 (16, 256, 625) cell characters */
    for (p = text; *p && *p != '\n' && *p != '\r' && char_value(*p, &v); p++)
        if ((size_t)(p - text) < SUDOKU_MAX_CELLS)
            cells[p - text] = (uint8_t)v;
    n = (size_t)(p - text);
    while (*p == '\n' || *p == '\r' || *p == ' ' || *p == '\t')
        p++;
    if (!*p && box_of_cells(n) && n == 81) {
        *box = 3;
        return AR_OK;
    }
    n = 0;
    /* one character a cell? count the cell characters, ignoring decoration */
    for (p = text; *p; p++) {
        if (decoration(*p))
            continue;
        if (!char_value(*p, &v) || n >= SUDOKU_MAX_CELLS) {
            bad_char = 1;
            break;
        }
        n++;
    }
    for (p = text; *p;) { /* whitespace- or comma-separated tokens; some longer than one character? */
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')
            p++;
        if (!*p)
            break;
        tokens++;
        for (i = 0; *p && !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ','); p++, i++)
            ;
        multi |= i > 1;
    }
    if (!bad_char && box_of_cells(n) && !(multi && box_of_cells(tokens) && n != tokens)) {
        *box = box_of_cells(n);
        for (p = text, i = 0; *p; p++)
            if (!decoration(*p)) {
                char_value(*p, &v);
                if (v > *box * *box)
                    return ar_error_set(err, AR_ERR_INPUT, "instance: row %zu, column %zu: '%c' is more than %u",
                                        i / (*box * *box) + 1, i % (*box * *box) + 1, *p, *box * *box);
                cells[i++] = (uint8_t)v;
            }
        return AR_OK;
    }
    if (box_of_cells(tokens)) { /* numbers */
        unsigned side;
        *box = box_of_cells(tokens), side = *box * *box;
        for (p = text, i = 0; *p;) {
            unsigned long x = 0;
            const char *t;
            while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')
                p++;
            if (!*p)
                break;
            t = p;
            if (*p == '.' || *p == '_') {
                p++;
            } else {
                while (isdigit((unsigned char)*p) && x <= 1000)
                    x = x * 10 + (unsigned long)(*p++ - '0');
            }
            if (p == t || (*p && !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')))
                return ar_error_set(err, AR_ERR_INPUT, "instance: row %zu, column %zu: '%.8s' is not a number or '.'",
                                    i / side + 1, i % side + 1, t);
            if (x > side)
                return ar_error_set(err, AR_ERR_INPUT, "instance: row %zu, column %zu: %lu is more than %u",
                                    i / side + 1, i % side + 1, x, side);
            cells[i++] = (uint8_t)x;
        }
        return AR_OK;
    }
    if (bad_char) {
        for (p = text, i = 0; *p && (decoration(*p) || char_value(*p, &v)); p++)
            i += !decoration(*p);
        if (i < SUDOKU_MAX_CELLS)
            return ar_error_set(err, AR_ERR_INPUT, "instance: cell %zu: '%c' is not a value or '.' (1-9, A-P; '.' or "
                                "0 for an empty cell)", i + 1, isprint((unsigned char)*p) ? *p : '?');
    }
    return ar_error_set(err, AR_ERR_INPUT, "instance: %zu cells; a grid has 16, 81, 256 or 625 (one character a "
                        "cell, or numbers separated by spaces)", multi && tokens != 1 ? tokens : n);
}

void ar_sudoku_write(const sudoku_shape *sh, const uint8_t *cells, char *buf)
{
    unsigned c;
    for (c = 0; c < sh->cells; c++)
        buf[c] = cells[c] == 0 ? '.' : cells[c] <= 9 ? (char)('0' + cells[c]) : (char)('A' + cells[c] - 10);
    buf[sh->cells] = '\0';
}

/* ------------------------------------------------------------ instances -- */

static ar_status sudoku_create(const char *text, const ar_param *params, size_t count, ar_instance **out, ar_error *err)
{
    ar_instance *in = calloc(1, sizeof *in);
    unsigned box = 3, c;
    long size;
    ar_status st;
    *out = NULL;
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a Sudoku instance");
    ar_csp_options_init(&in->csp);
    if ((st = ar_csp_options_from_params(params, count, &in->csp, &in->csp_given, err)) != AR_OK) {
        free(in);
        return st;
    }
    if (text && text[strspn(text, " \t\r\n")]) {
        if ((st = ar_sudoku_read(text, in->start, &box, err)) != AR_OK) {
            free(in);
            return st;
        }
        if (ar_param_get(params, count, "size") &&
            ((st = ar_param_int(params, count, "size", 4, 25, 9, &size, err)) != AR_OK || (unsigned)size != box * box)) {
            free(in);
            return st != AR_OK ? st
                               : ar_error_set(err, AR_ERR_INPUT, "parameter size: %ld, but the grid is %ux%u", size,
                                              box * box, box * box);
        }
    } else {
        if ((st = ar_param_int(params, count, "size", 4, 25, 9, &size, err)) != AR_OK) {
            free(in);
            return st;
        }
        for (box = 2; box * box < (unsigned)size; box++)
            ;
        if (box * box != (unsigned)size) {
            free(in);
            return ar_error_set(err, AR_ERR_INPUT, "parameter size: %ld is not 4, 9, 16 or 25", size);
        }
    }
    in->sh = ar_sudoku_shape(box);
    for (c = 0; c < in->sh->cells; c++)
        in->given += in->start[c] != 0;
    *out = in;
    return AR_OK;
}

static void sudoku_destroy(ar_instance *in) { free(in); }

static void sudoku_describe(const ar_instance *in, char *buf, size_t size)
{
    snprintf(buf, size, "%ux%u Sudoku, %u clues", in->sh->side, in->sh->side, in->given);
}

/* A value twice in a row, column or box: no solution can exist. */
static ar_status sudoku_check_solvable(const ar_instance *in, ar_error *err)
{
    static const char *const kinds[] = {"row", "column", "box"};
    const sudoku_shape *sh = in->sh;
    unsigned u, k, j;
    for (u = 0; u < 3 * sh->side; u++)
        for (k = 0; k < sh->side; k++)
            for (j = k + 1; j < sh->side; j++) {
                unsigned a = sh->units[u][k], b = sh->units[u][j];
                if (in->start[a] && in->start[a] == in->start[b])
                    return ar_error_set(err, AR_ERR_UNSOLVABLE, "%s %u holds %u twice (r%uc%u and r%uc%u)",
                                        kinds[u / sh->side], u % sh->side + 1, in->start[a], a / sh->side + 1,
                                        a % sh->side + 1, b / sh->side + 1, b % sh->side + 1);
            }
    return AR_OK;
}

/* ---------------------------------------------------------------- states -- */

static size_t sudoku_state_size(const ar_instance *in) { return in->sh->cells; }
static void sudoku_initial_state(const ar_instance *in, void *s) { memcpy(s, in->start, in->sh->cells); }
static int sudoku_is_goal(const ar_instance *in, const void *s) { return ar_sudoku_valid(in->sh, in->start, s); }

static void sudoku_format_state(const ar_instance *in, const void *s, char *buf, size_t size)
{
    char line[SUDOKU_MAX_CELLS + 1];
    ar_sudoku_write(in->sh, s, line);
    snprintf(buf, size, "%s", line);
}

static void sudoku_draw(const ar_instance *in, const void *s, char *buf, size_t size)
{
    /* The grid with the row and column numbers a move names (r2c7=4), the
     * boxes' borders lined up with their separators. */
    const sudoku_shape *sh = in->sh;
    const uint8_t *g = s;
    size_t used = 0;
    unsigned r, c, w = sh->side > 9 ? 2 : 1;
#define PUT(...) (used < size ? used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__) : used)
    if (size)
        buf[0] = '\0';
    PUT("    ");
    for (c = 0; c < sh->side; c++)
        PUT("%s%s%*u", c ? " " : "", c && c % sh->box == 0 ? "  " : "", (int)w, c + 1);
    PUT("\n");
    for (r = 0; r < sh->side; r++) {
        if (r && r % sh->box == 0) {
            PUT("    ");
            for (c = 0; c < sh->side; c++)
                PUT("%s%s%.*s", c ? "-" : "", c && c % sh->box == 0 ? "+-" : "", (int)w, "--");
            PUT("\n");
        }
        PUT("%2u  ", r + 1);
        for (c = 0; c < sh->side; c++) {
            unsigned v = g[r * sh->side + c];
            PUT("%s%s", c ? " " : "", c && c % sh->box == 0 ? "| " : "");
            if (v)
                PUT("%*u", (int)w, v);
            else
                PUT("%*s", (int)w, ".");
        }
        if (r + 1 < sh->side)
            PUT("\n");
    }
#undef PUT
}

/* ----------------------------------------------------------------- moves -- */

#define MOVE(cell, v) ((ar_move)(cell) | (ar_move)(v) << 10)

static unsigned sudoku_max_moves(const ar_instance *in) { return in->sh->side; }

static int next_empty(const ar_instance *in, const uint8_t *s)
{
    unsigned c;
    for (c = 0; c < in->sh->cells; c++)
        if (!s[c])
            return (int)c;
    return -1;
}

static uint32_t used_by_peers(const ar_instance *in, const uint8_t *s, unsigned cell)
{
    uint32_t used = 0;
    unsigned k;
    for (k = 0; k < in->sh->npeers; k++) {
        uint8_t v = s[in->sh->peers[cell][k]];
        if (v)
            used |= 1u << (v - 1);
    }
    return used;
}

static unsigned sudoku_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    const uint8_t *s = state;
    int cell = next_empty(in, s);
    uint32_t used;
    unsigned v, n = 0;
    if (cell < 0)
        return 0;
    used = used_by_peers(in, s, (unsigned)cell);
    for (v = 1; v <= in->sh->side; v++)
        if (!(used >> (v - 1) & 1u))
            moves[n++] = MOVE(cell, v);
    return n;
}

static void sudoku_apply(const ar_instance *in, void *s, ar_move m)
{
    (void)in;
    ((uint8_t *)s)[m & 1023u] = (uint8_t)(m >> 10);
}

static void sudoku_undo(const ar_instance *in, void *s, ar_move m)
{
    (void)in;
    ((uint8_t *)s)[m & 1023u] = 0;
}

static size_t sudoku_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    unsigned cell = m & 1023u;
    int k = snprintf(buf, size, "r%uc%u=%u", cell / in->sh->side + 1, cell % in->sh->side + 1, m >> 10);
    return k < 0 ? 0 : (size_t)k;
}

static ar_status sudoku_parse_move(const ar_instance *in, const void *state, const char *text, size_t len,
                                   ar_move *out, ar_error *err)
{
    static const char lead[3] = {'r', 'c', '='};
    const uint8_t *s = state;
    unsigned long v[3] = {0, 0, 0};
    unsigned k, cell, side = in->sh->side;
    size_t p = 0;
    for (k = 0; k < 3; k++) {
        if (p == len || (k < 2 ? tolower((unsigned char)text[p]) : text[p]) != lead[k] || ++p == len ||
            !isdigit((unsigned char)text[p]))
            return ar_error_set(err, AR_ERR_INPUT, "expected rROWcCOL=VALUE, e.g. r1c3=4");
        for (; p < len && isdigit((unsigned char)text[p]); p++)
            v[k] = v[k] > 10000 ? v[k] : v[k] * 10 + (unsigned long)(text[p] - '0');
    }
    if (p != len)
        return ar_error_set(err, AR_ERR_INPUT, "expected rROWcCOL=VALUE, e.g. r1c3=4");
    if (v[0] < 1 || v[0] > side || v[1] < 1 || v[1] > side)
        return ar_error_set(err, AR_ERR_INPUT, "cell r%luc%lu is off the %ux%u grid", v[0], v[1], side, side);
    if (v[2] < 1 || v[2] > side)
        return ar_error_set(err, AR_ERR_INPUT, "%lu is not a value 1..%u", v[2], side);
    cell = (unsigned)((v[0] - 1) * side + v[1] - 1);
    if (s[cell])
        return ar_error_set(err, AR_ERR_INPUT, "cell r%luc%lu already holds %u", v[0], v[1], s[cell]);
    if (used_by_peers(in, s, cell) >> (v[2] - 1) & 1u)
        return ar_error_set(err, AR_ERR_INPUT, "%lu is already in the row, column or box of r%luc%lu", v[2], v[0], v[1]);
    *out = MOVE(cell, v[2]);
    return AR_OK;
}

/* ------------------------------------------------------------- solvers -- */

/* The values of the empty cells in reading order: the solution's moves. */
static ar_status to_moves(const ar_instance *in, const uint8_t *cells, ar_result *res, ar_error *err)
{
    unsigned c, k = 0, empty = in->sh->cells - in->given;
    ar_move *moves = malloc((empty ? empty : 1) * sizeof *moves);
    if (!moves)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    for (c = 0; c < in->sh->cells; c++)
        if (!in->start[c])
            moves[k++] = MOVE(c, cells[c]);
    free(res->moves);
    res->moves = moves, res->length = res->cost = empty;
    res->optimal = 1;
    return AR_OK;
}

static ar_status solve_bitmask(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                               ar_result *res, ar_error *err)
{
    ar_run run;
    uint8_t cells[SUDOKU_MAX_CELLS];
    sudoku_stats st = {0, 0, 0};
    uint64_t found;
    ar_status s = AR_OK;
    (void)sink;
    if (in->csp_given)
        return ar_error_set(err, AR_ERR_INPUT, "bitmask does not use the constraint search's options (--consistency "
                            "and the rest): they apply to --algo csp");
    ar_run_begin(&run, opts, res);
    run.unit = "guesses";
    memcpy(cells, in->start, in->sh->cells);
    found = ar_sudoku_solve(in->sh, cells, 2, &run, &st);
    res->generated = st.nodes;
    if (found) {
        s = to_moves(in, cells, res, err);
        res->outcome = AR_OUTCOME_SOLVED;
        snprintf(res->note, sizeof res->note, "%s; bitmask search: %llu guesses; optimal: every solution fills the "
                 "%u empty cells", st.stopped ? "stopped before uniqueness was proven" : found == 1 ? "unique solution "
                 "(proven: the search for a second one was exhausted)" : "not unique: there are 2 or more solutions",
                 (unsigned long long)st.guesses, in->sh->cells - in->given);
    } else if (!st.stopped) {
        res->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(res->note, sizeof res->note, "no solution: proven by exhausting the bitmask search (%llu guesses)",
                 (unsigned long long)st.guesses);
    }
    ar_run_finish(&run);
    return s;
}

ar_status ar_sudoku_model(const ar_instance *in, ar_csp **out, ar_error *err)
{
    const sudoku_shape *sh = in->sh;
    ar_csp *m;
    int vars[SUDOKU_MAX_SIDE];
    unsigned c, u, k;
    ar_status st;
    if ((st = ar_csp_create(&m, err)) != AR_OK)
        return st;
    for (c = 0; c < sh->cells && st == AR_OK; c++) {
        char name[32];
        snprintf(name, sizeof name, "r%uc%u", c / sh->side + 1, c % sh->side + 1);
        st = in->start[c] ? ar_csp_new_var(m, in->start[c], in->start[c], name, NULL, err)
                          : ar_csp_new_var(m, 1, (int32_t)sh->side, name, NULL, err);
    }
    for (u = 0; u < 3 * sh->side && st == AR_OK; u++) {
        for (k = 0; k < sh->side; k++)
            vars[k] = sh->units[u][k];
        st = ar_csp_alldiff(m, vars, NULL, sh->side, err);
    }
    if (st != AR_OK) {
        ar_csp_destroy(m);
        return st;
    }
    *out = m;
    return AR_OK;
}

static ar_status solve_csp(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink, ar_result *res,
                           ar_error *err)
{
    ar_csp *m;
    int32_t values[SUDOKU_MAX_CELLS];
    uint8_t cells[SUDOKU_MAX_CELLS];
    ar_csp_options o = in->csp;
    ar_status st;
    unsigned c;
    (void)sink;
    if ((st = ar_sudoku_model(in, &m, err)) != AR_OK)
        return st;
    o.seed = opts ? opts->seed : 0;
    st = ar_csp_solve_puzzle(m, &o, 0, opts, res, values, err);
    if (st == AR_OK && res->outcome == AR_OUTCOME_SOLVED) {
        for (c = 0; c < in->sh->cells; c++)
            cells[c] = (uint8_t)values[c];
        st = to_moves(in, cells, res, err);
    }
    ar_csp_destroy(m);
    return st;
}

static const ar_domain_solver sudoku_solvers[] = {
    {.name = "bitmask", .summary = "unit masks, naked and hidden singles, fewest candidates first; proves uniqueness",
     .run = solve_bitmask},
    {.name = "csp", .summary = "the constraint engine on 3n² all-different constraints (--consistency, --alldiff, ...)",
     .flags = AR_SOLVER_USES_SEED, .run = solve_csp},
    {.name = NULL}};

/* The bitmask solver, unless the constraint search's options ask for the engine. */
static const char *sudoku_default_algorithm(const ar_instance *in)
{
    return in->csp_given ? "csp" : "bitmask";
}

static ar_status sudoku_generate(const ar_param *params, size_t count, uint64_t seed, char **text, ar_error *err)
{
    long size, clues;
    unsigned box;
    uint8_t cells[SUDOKU_MAX_CELLS];
    ar_rng rng;
    ar_status st;
    if ((st = ar_param_int(params, count, "size", 4, 16, 9, &size, err)) != AR_OK ||
        (st = ar_param_int(params, count, "clues", 0, size * size, 0, &clues, err)) != AR_OK)
        return st;
    for (box = 2; box * box < (unsigned)size; box++)
        ;
    if (box * box != (unsigned)size)
        return ar_error_set(err, AR_ERR_INPUT, "parameter size: %ld is not 4, 9 or 16", size);
    ar_rng_seed(&rng, seed);
    ar_sudoku_generate_grid(ar_sudoku_shape(box), &rng, (unsigned)clues, cells);
    if (!(*text = malloc(SUDOKU_MAX_CELLS + 1)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_sudoku_write(ar_sudoku_shape(box), cells, *text);
    return AR_OK;
}

static ar_status sudoku_with_start(const ar_instance *in, const void *state, ar_instance **out, ar_error *err)
{
    unsigned c;
    if (!(*out = malloc(sizeof **out)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    **out = *in;
    memcpy((*out)->start, state, in->sh->cells);
    for (c = 0, (*out)->given = 0; c < in->sh->cells; c++)
        (*out)->given += (*out)->start[c] != 0;
    return AR_OK;
}

static const ar_option_spec sudoku_options[] = {
    {.name = "size", .metavar = "N", .help = "an empty N x N grid: 4, 9 (default), 16 or 25 (generate: 4, 9 or 16)"},
    {.name = "clues", .metavar = "K", .help = "generate: stop taking clues away at K (default: when none can go)"},
    AR_CSP_OPTION_SPECS,
    {.name = NULL}};

static const ar_puzzle_example sudoku_examples[] = {
    {.options = "", .instance = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
     .cost = 51, .note = "the puzzle of Wikipedia's Sudoku article"},
    {.options = "", .instance = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
     .cost = 58, .note = "AI Escargot (Arto Inkala, 2006), once called the hardest"},
    {.options = "", .instance = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
     .cost = 64, .note = "17 clues, near the worst case for plain backtracking"},
    {.options = "consistency=forward alldiff=pairwise var-order=input",
     .instance = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", .cost = 51,
     .note = "the textbook: the constraint engine with forward checking, in reading order"},
    {.options = "", .instance = "1... ..2. .1.. ...3", .cost = 0, .note = "a 4x4 grid"},
    {.note = NULL}};

extern const ar_tool ar_sudoku_tools[];
extern const ar_bench_suite ar_sudoku_bench_suites[];

/* The grid for the browser pages (page.h): the clues as numbers, the
 * cells filled since as tiles, rows and columns numbered as moves name
 * them. */
static void sudoku_picture(const ar_instance *in, const void *s, ar_scene *scene)
{
    const sudoku_shape *sh = in->sh;
    const uint8_t *g = s;
    char axis[128], label[4];
    size_t used = 0;
    unsigned r, c;
    ar_scene_grid(scene, (int)sh->side, (int)sh->side);
    for (r = 0; r < sh->side; r++)
        used += (size_t)snprintf(axis + used, sizeof axis - used, "%s%u", r ? " " : "", r + 1);
    ar_scene_axes(scene, axis, axis);
    for (r = 0; r < sh->side; r++)
        for (c = 0; c < sh->side; c++) {
            unsigned k = r * sh->side + c;
            snprintf(label, sizeof label, "%u", g[k]);
            ar_scene_cell(scene, (int)r, (int)c, !g[k] ? "empty" : in->start[k] ? "number" : "tile", g[k] ? label : "");
        }
    ar_scene_caption(scene, "%ux%u Sudoku, %u clues", sh->side, sh->side, in->given);
}

const ar_puzzle ar_domain_sudoku = {
    .name = "sudoku",
    .summary = "Sudoku 4x4 to 25x25: solved or proven unsolvable, uniqueness proven; 10,000 against qqwing",
    .help = "Fill the grid so that every row, column and box holds each value once.\n"
            "Instance: the grid, one character per cell in reading order ('.', '0' or '_' empty;\n"
            "1-9, then A.. for 10 and up), on one line or several (spaces and | - + of a drawn grid\n"
            "are ignored); 16x16 and 25x25 grids may also be numbers separated by spaces (0 empty).\n"
            "-f FILE reads it from a file. Grids of 16, 81, 256 and 625 cells are 4x4, 9x9, 16x16\n"
            "and 25x25. A move fills an empty cell, r1c3=4, in any order (solutions list them in\n"
            "reading order).\n"
            "\n"
            "bitmask (default) places naked and hidden singles and guesses on the cell with the\n"
            "fewest candidates; it proves the solution unique (or says there are several), and a grid\n"
            "without a solution exits 1 with the reason. csp solves it with the constraint engine (the\n"
            "default when one of its options is given):\n"
            "--consistency check|forward|ac3|queue, --alldiff regin|bounds|pairwise, --var-order,\n"
            "--value-order, --backjump. `ariadne count sudoku GRID` counts the solutions;\n"
            "`ariadne generate sudoku [--size 4|9|16] [--clues K]` makes a puzzle with a unique\n"
            "solution; `ariadne bench sudoku` solves the published hardest puzzles and 10,000\n"
            "generated ones beside Debian's qqwing.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_FIXED_LENGTH | AR_PUZZLE_FREE_ORDER, /* a move for each empty cell */
    .options = sudoku_options,
    .create = sudoku_create,
    .destroy = sudoku_destroy,
    .describe = sudoku_describe,
    .check_solvable = sudoku_check_solvable,
    .state_size = sudoku_state_size,
    .initial_state = sudoku_initial_state,
    .is_goal = sudoku_is_goal,
    .format_state = sudoku_format_state,
    .draw = sudoku_draw,
    .picture = sudoku_picture,
    .max_moves = sudoku_max_moves,
    .legal_moves = sudoku_legal_moves,
    .apply = sudoku_apply,
    .undo = sudoku_undo,
    .format_move = sudoku_format_move,
    .parse_move = sudoku_parse_move,
    .solvers = sudoku_solvers,
    .default_algorithm = sudoku_default_algorithm,
    .generate = sudoku_generate,
    .with_start = sudoku_with_start,
    .examples = sudoku_examples,
    .tools = ar_sudoku_tools,
    .bench_suites = ar_sudoku_bench_suites,
};
