/* queens.c — n queens on an n x n board, no two on a row, a column or a
 * diagonal: the rules, the notation, the constraint model and the
 * descriptor.
 *
 * Instance: the board size ("8", or --size 8), or a partial placement to
 * complete, one entry per column from the left, the queen's row (1 at the
 * top) or '.' for an empty column: "1 . . . . . . .". Queens are placed in
 * the empty columns from left to right, so a move is just the row of the
 * next queen and a solution is the classic list of rows: 8 queens are
 * solved by `1 5 8 6 3 7 2 4`.
 *
 * A state is the row of each column plus what the rows and diagonals in use
 * are (bitsets derived from the rows, so states stay canonical) and the next
 * empty column; a move is legal when its row and both diagonals through the
 * next column are free, which is_legal answers in constant time, so a
 * million-queen solution verifies in a fraction of a second.
 *
 * Solvers: `csp`, the constraint engine on the model (one variable per
 * column; rows, rising and falling diagonals each all different — the
 * diagonals as all-different with offsets); `min-conflicts`, repair by swaps
 * for boards up to 10^7 (queens_repair.c); `csp-min-conflicts`, the engine's
 * generic min-conflicts on the same model. Counting every solution is
 * `ariadne count queens` (queens_count.c). */
#include "queens_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

const uint64_t ar_queens_published[28] = {1,          1,           0,            0,             2,
                                          10,         4,           40,           92,            352,
                                          724,        2680,        14200,        73712,         365596,
                                          2279184,    14772512,    95815104,     666090624,     4968057848,
                                          39029188884, 314666222712, 2691008701644, 24233937684440, 227514171973736,
                                          2207893435808352, 22317699616364044, 234907967154122528};

/* ------------------------------------------------------------- state -- */

typedef struct head { uint32_t next, clash; } head;

static head *head_of(void *s) { return s; }
static const head *chead_of(const void *s) { return s; }
static uint32_t *rows_of(const ar_instance *in, void *s) { return (uint32_t *)((char *)s + in->rows_at); }
static const uint32_t *crows_of(const ar_instance *in, const void *s)
{
    return (const uint32_t *)((const char *)s + in->rows_at);
}
static uint64_t *bits_at(void *s, size_t at) { return (uint64_t *)((char *)s + at); }
static const uint64_t *cbits_at(const void *s, size_t at) { return (const uint64_t *)((const char *)s + at); }

static int test_bit(const uint64_t *b, uint32_t i) { return (int)(b[i >> 6] >> (i & 63) & 1u); }

/* Whether row r (0-based) is free in column c of state s. */
static int free_square(const ar_instance *in, const void *s, uint32_t c, uint32_t r)
{
    return !test_bit(cbits_at(s, in->used_at), r) && !test_bit(cbits_at(s, in->up_at), r + c) &&
           !test_bit(cbits_at(s, in->down_at), r + in->n - 1 - c);
}

/* Places a queen in row r (0-based) of column c; returns 1 when a line was taken. */
static int place(const ar_instance *in, void *s, uint32_t c, uint32_t r)
{
    uint64_t *used = bits_at(s, in->used_at), *up = bits_at(s, in->up_at), *down = bits_at(s, in->down_at);
    uint32_t u = r + c, d = r + in->n - 1 - c;
    int clash = test_bit(used, r) || test_bit(up, u) || test_bit(down, d);
    used[r >> 6] |= (uint64_t)1 << (r & 63);
    up[u >> 6] |= (uint64_t)1 << (u & 63);
    down[d >> 6] |= (uint64_t)1 << (d & 63);
    rows_of(in, s)[c] = r + 1;
    return clash;
}

static uint32_t next_empty(const ar_instance *in, const void *s, uint32_t from)
{
    const uint32_t *rows = crows_of(in, s);
    while (from < in->n && rows[from])
        from++;
    return from;
}

static size_t queens_state_size(const ar_instance *in) { return in->size; }

static void queens_initial_state(const ar_instance *in, void *s)
{
    uint32_t c;
    memset(s, 0, in->size);
    for (c = 0; c < in->n; c++)
        if (in->start[c] && place(in, s, c, in->start[c] - 1))
            head_of(s)->clash = 1;
    head_of(s)->next = next_empty(in, s, 0);
}

static int queens_is_goal(const ar_instance *in, const void *s)
{
    return chead_of(s)->next == in->n && !chead_of(s)->clash;
}

/* ------------------------------------------------------------ instances -- */

static ar_status layout(ar_instance *in, ar_error *err)
{
    size_t n = in->n;
    in->used_words = (n + 63) / 64, in->diag_words = (2 * n + 63) / 64;
    in->rows_at = sizeof(head);
    in->used_at = in->rows_at + ((4 * n + 7) & ~(size_t)7);
    in->up_at = in->used_at + 8 * in->used_words;
    in->down_at = in->up_at + 8 * in->diag_words;
    in->size = in->down_at + 8 * in->diag_words;
    if (!(in->start = calloc(n ? n : 1, sizeof *in->start)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for a board of %zu queens", n);
    return AR_OK;
}

static void queens_destroy(ar_instance *in)
{
    if (in) {
        free(in->start);
        free(in);
    }
}

/* Reads "N" or a list of rows and dots into in (start rows kept in *rows). */
static ar_status parse_text(const char *text, ar_instance *in, uint32_t **rows, ar_error *err)
{
    const char *p = text;
    size_t count = 0, cap = 0, tokens = 0;
    uint32_t *r = NULL;
    unsigned long first = 0;
    *rows = NULL;
    while (*p) {
        const char *t;
        unsigned long v = 0;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')
            p++;
        if (!*p)
            break;
        t = p;
        if (*p == '.' || *p == '_') {
            p++;
        } else if (isdigit((unsigned char)*p)) {
            while (isdigit((unsigned char)*p)) {
                if (v > QUEENS_MAX_N)
                    return free(r), ar_error_set(err, AR_ERR_INPUT, "instance: column %zu: '%.12s' is too large",
                                                 count + 1, t);
                v = v * 10 + (unsigned long)(*p++ - '0');
            }
        } else {
            return free(r), ar_error_set(err, AR_ERR_INPUT,
                                         "instance: column %zu: '%c' is not a row number or '.' (expected N, "
                                         "or one row or '.' per column)", count + 1,
                                         isprint((unsigned char)*p) ? *p : '?');
        }
        if (*p && !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ','))
            return free(r), ar_error_set(err, AR_ERR_INPUT, "instance: column %zu: '%.12s' is not a row number or '.'",
                                         count + 1, t);
        if (tokens++ == 0)
            first = *t == '.' || *t == '_' ? 0 : v + 1; /* + 1: a lone "0" is not a board */
        if (count == cap) {
            uint32_t *g;
            cap = cap ? 2 * cap : 64;
            if (cap > QUEENS_MAX_N)
                return free(r), ar_error_set(err, AR_ERR_INPUT, "instance: more than %u columns", QUEENS_MAX_N);
            if (!(g = realloc(r, cap * sizeof *g)))
                return free(r), ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the board");
            r = g;
        }
        r[count++] = *t == '.' || *t == '_' ? 0 : (uint32_t)v;
    }
    if (tokens == 0)
        return free(r), ar_error_set(err, AR_ERR_INPUT, "instance: empty (expected N, or one row or '.' per column)");
    if (tokens == 1 && first) { /* a board size */
        free(r);
        if (first - 1 < 1 || first - 1 > QUEENS_MAX_N)
            return ar_error_set(err, AR_ERR_INPUT, "instance: %lu queens: the board size is 1..%u", first - 1,
                                QUEENS_MAX_N);
        in->n = (uint32_t)(first - 1);
        return AR_OK;
    }
    in->n = (uint32_t)count;
    for (cap = 0; cap < count; cap++)
        if (r[cap] > count) {
            uint32_t row = r[cap];
            free(r);
            return ar_error_set(err, AR_ERR_INPUT, "instance: column %zu: row %u is off the %zux%zu board", cap + 1,
                                row, count, count);
        }
    *rows = r;
    return AR_OK;
}

static ar_status queens_create(const char *text, const ar_param *params, size_t count, ar_instance **out, ar_error *err)
{
    ar_instance *in = calloc(1, sizeof *in);
    uint32_t *rows = NULL, c;
    long n;
    ar_status st;
    *out = NULL;
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a queens instance");
    ar_csp_options_init(&in->csp);
    if ((st = ar_csp_options_from_params(params, count, &in->csp, &in->csp_given, err)) != AR_OK)
        return queens_destroy(in), st;
    if (text && text[strspn(text, " \t\r\n")]) {
        if ((st = parse_text(text, in, &rows, err)) != AR_OK)
            return queens_destroy(in), st;
        /* --size may repeat the size the instance gives, not contradict it */
        if (ar_param_get(params, count, "size") &&
            ((st = ar_param_int(params, count, "size", 1, QUEENS_MAX_N, 8, &n, err)) != AR_OK || (uint32_t)n != in->n)) {
            uint32_t size = in->n;
            free(rows);
            queens_destroy(in);
            return st != AR_OK ? st
                               : ar_error_set(err, AR_ERR_INPUT, "parameter size: %ld, but the instance is a board of %u",
                                              n, size);
        }
    } else {
        if ((st = ar_param_int(params, count, "size", 1, QUEENS_MAX_N, 8, &n, err)) != AR_OK)
            return queens_destroy(in), st;
        in->n = (uint32_t)n;
    }
    if ((st = layout(in, err)) != AR_OK)
        return free(rows), queens_destroy(in), st;
    if (rows)
        for (c = 0; c < in->n; c++) {
            in->start[c] = rows[c];
            in->given += rows[c] != 0;
        }
    free(rows);
    *out = in;
    return AR_OK;
}

static void queens_describe(const ar_instance *in, char *buf, size_t size)
{
    if (in->given)
        snprintf(buf, size, "%u queens on a %ux%u board, %u given", in->n, in->n, in->n, in->given);
    else
        snprintf(buf, size, "%u queens on a %ux%u board", in->n, in->n, in->n);
}

/* Two given queens on one line make the instance unsolvable; so do the
 * empty 2x2 and 3x3 boards (on 2x2 any two squares off each other's row and
 * column are diagonal neighbours; on 3x3 the queen of the middle column
 * attacks every square of the outer columns but two, which attack each
 * other: test_queens checks both by exhaustion). */
static ar_status queens_check_solvable(const ar_instance *in, ar_error *err)
{
    uint32_t a, b;
    if (in->given > 1) {
        unsigned char *s = malloc(in->size);
        int clash;
        if (!s)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        queens_initial_state(in, s);
        clash = (int)chead_of(s)->clash;
        free(s);
        if (clash)
            for (a = 0; a < in->n; a++)
                for (b = a + 1; in->start[a] && b < in->n; b++)
                    if (in->start[b] && (in->start[a] == in->start[b] ||
                                         in->start[a] + b == in->start[b] + a || in->start[a] + a == in->start[b] + b))
                        return ar_error_set(err, AR_ERR_UNSOLVABLE,
                                            "the given queens in columns %u and %u attack each other", a + 1, b + 1);
    }
    if (!in->given && (in->n == 2 || in->n == 3))
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "no %ux%u board holds %u queens apart", in->n, in->n, in->n);
    return AR_OK;
}

static void queens_format_state(const ar_instance *in, const void *s, char *buf, size_t size)
{
    const uint32_t *rows = crows_of(in, s);
    size_t used = 0;
    uint32_t c;
    if (size)
        buf[0] = '\0';
    for (c = 0; c < in->n && used + 16 < size; c++) {
        int k = rows[c] ? snprintf(buf + used, size - used, "%s%u", c ? " " : "", rows[c])
                        : snprintf(buf + used, size - used, "%s.", c ? " " : "");
        used += (size_t)(k > 0 ? k : 0);
    }
    if (c < in->n && used + 4 <= size)
        snprintf(buf + used, size - used, "...");
}

static void queens_draw(const ar_instance *in, const void *s, char *buf, size_t size)
{
    const uint32_t *rows = crows_of(in, s);
    size_t used = 0;
    uint32_t r, c;
    if (in->n > 40) {
        queens_format_state(in, s, buf, size);
        return;
    }
    if (size)
        buf[0] = '\0';
    /* Each row numbered: a move is the row of the next queen. */
    for (r = 1; r <= in->n && used + 2 * in->n + 6 < size; r++) {
        used += (size_t)snprintf(buf + used, size - used, "%2u  ", r);
        for (c = 0; c < in->n; c++)
            buf[used++] = rows[c] == r ? 'Q' : '.', buf[used++] = c + 1 < in->n ? ' ' : '\n';
        buf[used] = '\0';
    }
    if (used && buf[used - 1] == '\n')
        buf[used - 1] = '\0';
}

/* ---------------------------------------------------------------- moves -- */

static unsigned queens_max_moves(const ar_instance *in) { return in->n; }

static unsigned queens_legal_moves(const ar_instance *in, const void *s, ar_move *moves)
{
    uint32_t c = chead_of(s)->next, r;
    unsigned k = 0;
    if (c >= in->n || chead_of(s)->clash)
        return 0;
    for (r = 0; r < in->n; r++)
        if (free_square(in, s, c, r))
            moves[k++] = r + 1;
    return k;
}

static int queens_is_legal(const ar_instance *in, const void *s, ar_move m)
{
    uint32_t c = chead_of(s)->next;
    return c < in->n && !chead_of(s)->clash && m >= 1 && m <= in->n && free_square(in, s, c, m - 1);
}

static void queens_apply(const ar_instance *in, void *s, ar_move m)
{
    uint32_t c = head_of(s)->next;
    place(in, s, c, m - 1);
    head_of(s)->next = next_empty(in, s, c + 1);
}

static size_t queens_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int k = snprintf(buf, size, "%u", m);
    (void)in;
    return k < 0 ? 0 : (size_t)k;
}

static ar_status queens_parse_move(const ar_instance *in, const void *s, const char *text, size_t len, ar_move *out,
                                   ar_error *err)
{
    uint32_t c = chead_of(s)->next, r, k;
    uint64_t v = 0;
    size_t i;
    for (i = 0; i < len; i++) {
        if (!isdigit((unsigned char)text[i]))
            return ar_error_set(err, AR_ERR_INPUT, "expected the row (1..%u) of the queen for the next column", in->n);
        if (v <= QUEENS_MAX_N)
            v = v * 10 + (uint64_t)(text[i] - '0');
    }
    if (len == 0 || v < 1 || v > in->n)
        return ar_error_set(err, AR_ERR_INPUT, "row %llu is off the board (rows 1..%u)", (unsigned long long)v, in->n);
    if (c >= in->n)
        return ar_error_set(err, AR_ERR_INPUT, "every column already has its queen");
    r = (uint32_t)v - 1;
    if (!free_square(in, s, c, r)) /* name the attacker (a scan only on this error path) */
        for (k = 0; k < in->n; k++) {
            uint32_t q = crows_of(in, s)[k];
            if (q && (q - 1 == r || q - 1 + k == r + c || q - 1 + c == r + k))
                return ar_error_set(err, AR_ERR_INPUT, "row %u of column %u is attacked by the queen in column %u",
                                    r + 1, c + 1, k + 1);
        }
    *out = (ar_move)v;
    return AR_OK;
}

/* ------------------------------------------------------------- solvers -- */

ar_status ar_queens_model(const ar_instance *in, ar_csp **out, ar_error *err)
{
    ar_csp *m;
    int *vars = malloc((in->n + 1) * sizeof *vars);
    int32_t *up = malloc((in->n + 1) * sizeof *up), *down = malloc((in->n + 1) * sizeof *down);
    uint32_t c;
    ar_status st = AR_OK;
    *out = NULL;
    if (!vars || !up || !down || (st = ar_csp_create(&m, err)) != AR_OK) {
        free(vars), free(up), free(down);
        return st != AR_OK ? st : ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    for (c = 0; c < in->n && st == AR_OK; c++) {
        char name[24];
        snprintf(name, sizeof name, "q%u", c + 1);
        st = in->start[c] ? ar_csp_new_var(m, (int32_t)in->start[c], (int32_t)in->start[c], name, &vars[c], err)
                          : ar_csp_new_var(m, 1, (int32_t)in->n, name, &vars[c], err);
        up[c] = (int32_t)c, down[c] = -(int32_t)c;
    }
    if (st == AR_OK)
        st = ar_csp_alldiff(m, vars, NULL, in->n, err);
    if (st == AR_OK)
        st = ar_csp_alldiff(m, vars, up, in->n, err);
    if (st == AR_OK)
        st = ar_csp_alldiff(m, vars, down, in->n, err);
    free(vars), free(up), free(down);
    if (st != AR_OK) {
        ar_csp_destroy(m);
        return st;
    }
    *out = m;
    return AR_OK;
}

/* The rows of the empty columns, left to right, as the solution's moves. */
static ar_status rows_to_moves(const ar_instance *in, const uint32_t *rows, ar_result *res, ar_error *err)
{
    uint32_t c, k = 0, empty = in->n - in->given;
    ar_move *moves = malloc((empty ? empty : 1) * sizeof *moves);
    if (!moves)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory storing %u moves", empty);
    for (c = 0; c < in->n; c++)
        if (!in->start[c])
            moves[k++] = rows[c];
    free(res->moves);
    res->moves = moves, res->length = res->cost = empty;
    res->optimal = 1;
    snprintf(res->note + strlen(res->note), sizeof res->note - strlen(res->note),
             "; optimal: every solution places one queen in each of the %u empty columns", empty);
    return AR_OK;
}

static ar_status refuse_csp_options(const ar_instance *in, const char *algo, ar_error *err)
{
    if (in->csp_given)
        return ar_error_set(err, AR_ERR_INPUT,
                            "%s does not use the constraint search's options (--consistency, --alldiff, --var-order, "
                            "--value-order, --backjump): they apply to --algo csp", algo);
    return AR_OK;
}

static ar_status solve_csp(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink, ar_result *res,
                           ar_error *err, int local)
{
    ar_csp *m;
    int32_t *values;
    ar_csp_options o = in->csp;
    ar_status st;
    (void)sink;
    if (in->n > QUEENS_MAX_CSP_N)
        return ar_error_set(err, AR_ERR_INPUT, "the constraint model takes boards up to %u queens (use --algo "
                            "min-conflicts for %u)", QUEENS_MAX_CSP_N, in->n);
    if (local && (st = refuse_csp_options(in, "csp-min-conflicts", err)) != AR_OK)
        return st;
    if ((st = ar_queens_model(in, &m, err)) != AR_OK)
        return st;
    if (!(values = malloc(in->n * sizeof *values))) {
        ar_csp_destroy(m);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    o.seed = opts ? opts->seed : 0;
    st = ar_csp_solve_puzzle(m, &o, local, opts, res, values, err);
    if (st == AR_OK && res->outcome == AR_OUTCOME_SOLVED)
        st = rows_to_moves(in, (const uint32_t *)values, res, err);
    free(values);
    ar_csp_destroy(m);
    return st;
}

static ar_status queens_solve_csp(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                                  ar_result *res, ar_error *err)
{
    return solve_csp(in, opts, sink, res, err, 0);
}

static ar_status queens_solve_csp_local(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                                        ar_result *res, ar_error *err)
{
    return solve_csp(in, opts, sink, res, err, 1);
}

static ar_status queens_solve_repair(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                                     ar_result *res, ar_error *err)
{
    ar_run run;
    uint32_t *rows;
    uint64_t swaps = 0;
    ar_status st;
    int solved;
    (void)sink;
    if ((st = refuse_csp_options(in, "min-conflicts", err)) != AR_OK)
        return st;
    if (!(rows = malloc((in->n + 1) * sizeof *rows)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_run_begin(&run, opts, res);
    run.unit = "repairs";
    solved = ar_queens_repair(in, &run, opts ? opts->seed : 0, rows, &swaps, err);
    if (solved < 0) {
        free(rows);
        ar_run_finish(&run);
        return ar_run_memory_stop(&run, AR_ERR_MEMORY);
    }
    snprintf(res->note, sizeof res->note, "min-conflicts by swaps (seed %llu): %llu swaps, %llu tried",
             (unsigned long long)(opts ? opts->seed : 0), (unsigned long long)swaps,
             (unsigned long long)res->expanded);
    if (solved) {
        res->outcome = AR_OUTCOME_SOLVED;
        st = rows_to_moves(in, rows, res, err);
    } else {
        snprintf(res->note, sizeof res->note, "stopped before a solution: min-conflicts can find a placement "
                 "but never prove there is none (seed %llu, %llu swaps)", (unsigned long long)(opts ? opts->seed : 0),
                 (unsigned long long)swaps);
    }
    free(rows);
    ar_run_finish(&run);
    return st;
}

static const ar_domain_solver queens_solvers[] = {
    {.name = "csp", .summary = "the constraint engine on the model (rows and diagonals all different); proves no solution",
     .flags = AR_SOLVER_USES_SEED, .run = queens_solve_csp},
    {.name = "min-conflicts", .summary = "repair by swaps from a greedy placement: boards up to 10^7 in seconds, proves nothing",
     .flags = AR_SOLVER_USES_SEED, .run = queens_solve_repair},
    {.name = "csp-min-conflicts", .summary = "the engine's generic min-conflicts on the same model (boards up to 2000)",
     .flags = AR_SOLVER_USES_SEED, .run = queens_solve_csp_local},
    {.name = NULL}};

static const char *queens_default_algorithm(const ar_instance *in)
{
    return in->given || in->n <= 64 || in->csp_given ? "csp" : "min-conflicts";
}

/* A random solvable instance: a solution with all but --given K queens removed. */
static ar_status queens_generate(const ar_param *params, size_t count, uint64_t seed, char **text, ar_error *err)
{
    ar_instance in;
    long n, given;
    uint32_t *rows, c, k;
    uint64_t swaps;
    ar_rng rng;
    ar_status st;
    size_t used = 0, cap;
    memset(&in, 0, sizeof in);
    if ((st = ar_param_int(params, count, "size", 4, 100000, 8, &n, err)) != AR_OK ||
        (st = ar_param_int(params, count, "given", 0, n, n / 4, &given, err)) != AR_OK)
        return st;
    in.n = (uint32_t)n;
    if ((st = layout(&in, err)) != AR_OK)
        return st;
    rows = malloc(in.n * sizeof *rows);
    cap = 12 * (size_t)in.n + 16;
    *text = malloc(cap);
    if (!rows || !*text || ar_queens_repair(&in, NULL, seed, rows, &swaps, err) != 1) {
        free(rows), free(in.start), free(*text);
        *text = NULL;
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a board");
    }
    ar_rng_seed(&rng, seed ^ 0x5eedu);
    for (k = 0; k < in.n - (uint32_t)given; k++) { /* empty n - given random columns */
        do
            c = (uint32_t)ar_rng_below(&rng, in.n);
        while (!rows[c]);
        rows[c] = 0;
    }
    for (c = 0; c < in.n; c++)
        used += (size_t)snprintf(*text + used, cap - used, rows[c] ? "%s%u" : "%s.", c ? " " : "", rows[c]);
    free(rows), free(in.start);
    return AR_OK;
}

static ar_status queens_with_start(const ar_instance *in, const void *state, ar_instance **out, ar_error *err)
{
    ar_instance *copy = malloc(sizeof *copy);
    uint32_t c;
    if (!copy || !(copy->start = malloc((in->n ? in->n : 1) * sizeof *copy->start))) {
        free(copy);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    {
        uint32_t *start = copy->start;
        *copy = *in;
        copy->start = start;
    }
    copy->given = 0;
    for (c = 0; c < in->n; c++) {
        copy->start[c] = crows_of(in, state)[c];
        copy->given += copy->start[c] != 0;
    }
    *out = copy;
    return AR_OK;
}

static const ar_option_spec queens_options[] = {
    {.name = "size", .metavar = "N", .help = "the board size, 1..10^7 (default 8; generate: 4..10^5)"},
    {.name = "given", .metavar = "K", .help = "generate: queens left on the board (default n/4)"},
    AR_CSP_OPTION_SPECS,
    {.name = NULL}};

static const ar_puzzle_example queens_examples[] = {
    {.options = "size=8", .cost = 8, .note = "eight queens by the constraint engine: 1 5 8 6 3 7 2 4"},
    {.options = "", .instance = ". . . 1 . . . .", .cost = 7,
     .note = "complete a placement with a queen in row 1 of column 4"},
    {.options = "size=8 consistency=forward alldiff=pairwise", .cost = 8,
     .note = "the textbook: forward checking on the pairwise constraints"},
    {.options = "size=1000", .cost = 1000, .note = "a thousand queens by min-conflicts (--size 1000000 takes a few seconds)"},
    {.note = NULL}};

extern const ar_tool ar_queens_tools[];
extern const ar_bench_suite ar_queens_bench_suites[];

/* The board for the browser pages (page.h), rows numbered as a move
 * names them; a board too large to draw (over 500 columns) is a caption. */
static void queens_picture(const ar_instance *in, const void *s, ar_scene *scene)
{
    const uint32_t *rows = crows_of(in, s);
    uint32_t r, c, placed = 0;
    for (c = 0; c < in->n; c++)
        placed += rows[c] != 0;
    ar_scene_caption(scene, "%u of %u queens placed", placed, in->n);
    if (in->n > 500)
        return;
    ar_scene_grid(scene, (int)in->n, (int)in->n);
    for (r = 0; r < in->n; r++)
        for (c = 0; c < in->n; c++)
            ar_scene_cell(scene, (int)r, (int)c, rows[c] == r + 1 ? ((r + c) % 2 ? "dark+p1" : "light+p1")
                                                                : (r + c) % 2 ? "dark" : "light",
                          rows[c] == r + 1 ? "Q" : "");
}

const ar_puzzle ar_domain_queens = {
    .name = "queens",
    .summary = "n queens: place them apart, up to 10^7 (min-conflicts); count every solution",
    .help = "Place n queens on an n x n board so that no two share a row, a column or a diagonal.\n"
            "Instance: the size (\"8\", or --size 8, up to 10^7) or a placement to complete, one entry per\n"
            "column from the left: the queen's row (1 is the top) or '.' for an empty column\n"
            "(\". . . 1 . . . .\"). Queens go into the empty columns from left to right, so a move is\n"
            "the row of the next queen: 8 queens are solved by `1 5 8 6 3 7 2 4`.\n"
            "\n"
            "Algorithms: csp (default up to 64 queens or with queens given) is the constraint engine on\n"
            "the model q1..qn in 1..n with the rows and both diagonals all different; it proves there\n"
            "is no solution (2 and 3 queens, clashing givens: exit 1). Its options: --consistency\n"
            "check|forward|ac3|queue, --alldiff regin|bounds|pairwise, --var-order mrv-degree|mrv|\n"
            "input|wdeg, --value-order min|max|lcv|random, --backjump. min-conflicts (default above 64)\n"
            "repairs a greedy placement by swaps: a million queens in seconds (--seed S); it never\n"
            "proves anything. csp-min-conflicts is the engine's generic min-conflicts on the model.\n"
            "\n"
            "Counting: `ariadne count queens N` counts every solution of the N x N board (1..32) by\n"
            "bitmasks with the mirror symmetry on every core (--threads T), beside OEIS A000170\n"
            "(8: 92; 16: 14,772,512; 18: 666,090,624); --time-limit S and Ctrl-C stop with the\n"
            "partial count labelled (exit 3), --json prints one object, --method csp counts with the\n"
            "constraint engine instead. `ariadne bench queens` times the counts and min-conflicts.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_FIXED_LENGTH, /* a move for each empty column */
    .options = queens_options,
    .create = queens_create,
    .destroy = queens_destroy,
    .describe = queens_describe,
    .check_solvable = queens_check_solvable,
    .state_size = queens_state_size,
    .initial_state = queens_initial_state,
    .is_goal = queens_is_goal,
    .format_state = queens_format_state,
    .draw = queens_draw,
    .picture = queens_picture,
    .max_moves = queens_max_moves,
    .legal_moves = queens_legal_moves,
    .apply = queens_apply,
    .is_legal = queens_is_legal,
    .format_move = queens_format_move,
    .parse_move = queens_parse_move,
    .solvers = queens_solvers,
    .default_algorithm = queens_default_algorithm,
    .generate = queens_generate,
    .with_start = queens_with_start,
    .examples = queens_examples,
    .tools = ar_queens_tools,
    .bench_suites = ar_queens_bench_suites,
};
