/* magic.c — normal magic squares: the numbers 1..n² in an n×n array with
 * every row, column and both diagonals summing to n(n²+1)/2.
 *
 * As a puzzle: complete a partly filled square (or an empty one of --order
 * N, 3..10). The searches fill the cells in a fixed order — the order does
 * not change which squares can be reached, and a fixed order keeps them from
 * trying the same filling in n²! orders — while a person (play, verify) may
 * fill them in any (AR_PUZZLE_FREE_ORDER); a value is legal only if
 * every line through the cell can still reach the magic sum (its partial
 * sum plus the smallest and largest sums its other empty cells could take
 * bracket the magic sum; a line's last cell must hit it exactly). Depth-first
 * search is the default; an exhausted search proves that no completion
 * exists. Counting every square is `ariadne count magic` (magic_pairs.c;
 * listing them, magic_count.c); the notes' XOR construction is `magic-xor`.
 *
 * Instance text: rows of numbers, '.' for an empty cell, rows on separate
 * lines or separated by '/': `8 . . / . 5 . / . . .`.
 * Move notation: rROWcCOL=VALUE, counted from 1 at the top left: `r1c2=1`. */
#include "magic_internal.h"
#include "ariadne/page.h"
#include "ariadne/rng.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS (MAGIC_MAX_ORDER * MAGIC_MAX_ORDER)

struct ar_instance {
    unsigned n, cells, sum;
    unsigned char start[MAX_CELLS];
    unsigned char order[MAX_CELLS]; /* the fill order (see fill_order) */
};

/* The order the cells are filled in: the centre (odd n), the two diagonals,
 * then row k and column k in turn, so that lines complete early and the
 * last cell of a line has its value forced. (Reading order leaves the
 * diagonals to the end and makes order 5 slow to complete.) */
static void fill_order(ar_instance *in)
{
    unsigned char seen[MAX_CELLS] = {0};
    unsigned n = in->n, steps = 0, k, j;
#define ADD(c) do { unsigned c_ = (c); if (!seen[c_]) { seen[c_] = 1; in->order[steps++] = (unsigned char)c_; } } while (0)
    if (n % 2)
        ADD(in->cells / 2);
    for (k = 0; k < n; k++)
        ADD(k * n + k);
    for (k = 0; k < n; k++)
        ADD(k * n + n - 1 - k);
    for (k = 0; k < n; k++) {
        for (j = 0; j < n; j++)
            ADD(k * n + j);
        for (j = 0; j < n; j++)
            ADD(j * n + k);
    }
#undef ADD
}

int ar_magic_is_magic(const unsigned char *g, unsigned n)
{
    unsigned seen[MAX_CELLS + 1] = {0}, i, j, sum = n * (n * n + 1) / 2, d1 = 0, d2 = 0;
    for (i = 0; i < n * n; i++) {
        if (g[i] < 1 || g[i] > n * n || seen[g[i]]++)
            return 0;
    }
    for (i = 0; i < n; i++) {
        unsigned r = 0, c = 0;
        for (j = 0; j < n; j++)
            r += g[i * n + j], c += g[j * n + i];
        if (r != sum || c != sum)
            return 0;
        d1 += g[i * n + i], d2 += g[i * n + n - 1 - i];
    }
    return d1 == sum && d2 == sum;
}

void ar_magic_transform(const unsigned char *g, unsigned n, unsigned k, unsigned char *out)
{
    unsigned char a[MAX_CELLS], b[MAX_CELLS];
    unsigned t, i, j;
    memcpy(a, g, n * n);
    for (t = 0; t < (k & 3); t++) { /* a quarter turn clockwise */
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                b[j * n + (n - 1 - i)] = a[i * n + j];
        memcpy(a, b, n * n);
    }
    if (k & 4)
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                b[j * n + i] = a[i * n + j];
    memcpy(out, k & 4 ? b : a, n * n);
}

/* --- instances ----------------------------------------------------------- */

static ar_status parse_square(const char *text, ar_instance *in, ar_error *err)
{
    size_t p = 0, len = strlen(text);
    unsigned row = 0, col = 0, cells = 0, cols = 0;
    unsigned char vals[MAX_CELLS];
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    while (p < len && isspace((unsigned char)text[p]))
        p++;
    for (; p <= len; p++) {
        char ch = p < len ? text[p] : '\n';
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == ',')
            continue;
        if (ch == '\n' || ch == '/') {
            if (col == 0)
                return ar_error_set(err, AR_ERR_INPUT, "instance row %u: empty row", row + 1);
            if (row == 0)
                cols = col;
            else if (col != cols)
                return ar_error_set(err, AR_ERR_INPUT, "instance row %u: %u cells, but row 1 has %u (ragged square)",
                                    row + 1, col, cols);
            row++, col = 0;
            continue;
        }
        if (cells == MAX_CELLS || col == MAGIC_MAX_ORDER)
            return ar_error_set(err, AR_ERR_INPUT, "instance: more than %d cells in a row or in all (order at most %d)",
                                MAGIC_MAX_ORDER, MAGIC_MAX_ORDER);
        if (ch == '.' || ch == '_') {
            vals[cells++] = 0;
        } else if (isdigit((unsigned char)ch)) {
            unsigned v = 0;
            for (; p < len && isdigit((unsigned char)text[p]); p++)
                v = v > 1000 ? v : v * 10 + (unsigned)(text[p] - '0');
            p--;
            if (v == 0 || v > 255)
                return ar_error_set(err, AR_ERR_INPUT, "instance row %u, cell %u: %u is not a number 1..n²", row + 1,
                                    col + 1, v);
            vals[cells++] = (unsigned char)v;
        } else {
            return ar_error_set(err, AR_ERR_INPUT,
                                "instance row %u, cell %u: unknown character '%c' (expected numbers and '.')", row + 1,
                                col + 1, isprint((unsigned char)ch) ? ch : '?');
        }
        col++;
    }
    if (row != cols)
        return ar_error_set(err, AR_ERR_INPUT, "instance: %u rows of %u cells: a magic square is square", row, cols);
    if (row < 3)
        return ar_error_set(err, AR_ERR_INPUT, "instance: order %u; magic squares start at order 3", row);
    in->n = row, in->cells = cells;
    memcpy(in->start, vals, cells);
    return AR_OK;
}

static ar_status magic_create(const char *text, const ar_param *params, size_t count, ar_instance **out,
                              ar_error *err)
{
    ar_instance in;
    unsigned k, seen[MAX_CELLS + 1] = {0};
    long order;
    ar_status st;
    memset(&in, 0, sizeof in);
    if (text && text[strspn(text, " \t\r\n")]) {
        if (ar_param_get(params, count, "order"))
            return ar_error_set(err, AR_ERR_INPUT, "parameter order: the instance square already gives the order");
        if ((st = parse_square(text, &in, err)) != AR_OK)
            return st;
    } else {
        if ((st = ar_param_int(params, count, "order", 3, MAGIC_MAX_ORDER, 3, &order, err)) != AR_OK)
            return st;
        in.n = (unsigned)order, in.cells = in.n * in.n;
    }
    in.sum = in.n * (in.cells + 1) / 2;
    fill_order(&in);
    for (k = 0; k < in.cells; k++) {
        unsigned v = in.start[k];
        if (v > in.cells)
            return ar_error_set(err, AR_ERR_INPUT, "instance row %u, cell %u: %u is more than %u", k / in.n + 1,
                                k % in.n + 1, v, in.cells);
        if (v && seen[v]++)
            return ar_error_set(err, AR_ERR_INPUT, "instance row %u, cell %u: %u appears twice", k / in.n + 1,
                                k % in.n + 1, v);
    }
    if (!(*out = malloc(sizeof in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a magic instance");
    **out = in;
    return AR_OK;
}

static void magic_destroy(ar_instance *in) { free(in); }

static void magic_describe(const ar_instance *in, char *buf, size_t size)
{
    unsigned k, given = 0;
    for (k = 0; k < in->cells; k++)
        given += in->start[k] != 0;
    snprintf(buf, size, "magic square of order %u (sum %u), %u of %u cells given", in->n, in->sum, given,
             in->cells);
}

/* The state of every line: its sum and its empty cells; the values used. */
typedef struct lines {
    unsigned sum[2 * MAGIC_MAX_ORDER + 2], empty[2 * MAGIC_MAX_ORDER + 2];
    unsigned char used[MAX_CELLS + 2];
} lines;

static unsigned line_ids(const ar_instance *in, unsigned cell, unsigned *ids)
{
    unsigned r = cell / in->n, c = cell % in->n, k = 0;
    ids[k++] = r;
    ids[k++] = in->n + c;
    if (r == c)
        ids[k++] = 2 * in->n;
    if (r + c == in->n - 1)
        ids[k++] = 2 * in->n + 1;
    return k;
}

static void tally(const ar_instance *in, const unsigned char *s, lines *L)
{
    unsigned k, ids[4], m, nid;
    memset(L, 0, sizeof *L);
    for (k = 0; k < in->cells; k++) {
        nid = line_ids(in, k, ids);
        for (m = 0; m < nid; m++) {
            L->sum[ids[m]] += s[k];
            L->empty[ids[m]] += s[k] == 0;
        }
        L->used[s[k]] = 1;
    }
}

/* Whether a line of partial sum `sum` with `left` empty cells can reach the
 * magic sum with unused values (v, if non-zero, counted as used too). */
static int reachable(const ar_instance *in, const lines *L, unsigned sum, unsigned left, unsigned v)
{
    unsigned lo = 0, hi = 0, k, got;
    if (left == 0)
        return sum == in->sum;
    for (k = 1, got = 0; k <= in->cells && got < left; k++)
        if (!L->used[k] && k != v)
            lo += k, got++;
    if (got < left)
        return 0;
    for (k = in->cells, got = 0; k >= 1 && got < left; k--)
        if (!L->used[k] && k != v)
            hi += k, got++;
    return sum + lo <= in->sum && sum + hi >= in->sum;
}

/* Proof: a line's sum only grows by unused values, so a line whose partial
 * sum cannot reach the magic sum with the smallest or the largest values
 * still free never will; the search then has nothing to do. */
static ar_status magic_check_solvable(const ar_instance *in, ar_error *err)
{
    lines L;
    unsigned l;
    static const char *const kinds[] = {"row", "column"};
    tally(in, in->start, &L);
    for (l = 0; l < 2 * in->n + 2; l++)
        if (!reachable(in, &L, L.sum[l], L.empty[l], 0)) {
            if (l < 2 * in->n)
                return ar_error_set(err, AR_ERR_UNSOLVABLE, "%s %u (sum %u so far, %u empty) cannot reach the magic sum %u",
                                    kinds[l / in->n], l % in->n + 1, L.sum[l], L.empty[l], in->sum);
            return ar_error_set(err, AR_ERR_UNSOLVABLE, "the %s diagonal (sum %u so far, %u empty) cannot reach the magic sum %u",
                                l == 2 * in->n ? "main" : "other", L.sum[l], L.empty[l], in->sum);
        }
    return AR_OK;
}

/* --- states: one byte per cell, 0 empty --- */

static size_t magic_state_size(const ar_instance *in) { return in->cells; }
static void magic_initial_state(const ar_instance *in, void *s) { memcpy(s, in->start, in->cells); }
static int magic_is_goal(const ar_instance *in, const void *s) { return ar_magic_is_magic(s, in->n); }

static void square_text(const ar_instance *in, const unsigned char *s, char *buf, size_t size, int sums)
{
    size_t used = 0;
    unsigned i, j, w = in->cells >= 10 ? (in->cells >= 100 ? 3 : 2) : 1;
    lines L;
#define PUT(...) (used < size ? used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__) : used)
    if (size)
        buf[0] = '\0';
    tally(in, s, &L);
    for (i = 0; i < in->n; i++) {
        for (j = 0; j < in->n; j++) {
            unsigned v = s[i * in->n + j];
            if (v)
                PUT("%s%*u", j ? " " : "", (int)w, v);
            else
                PUT("%s%*s", j ? " " : "", (int)w, ".");
        }
        if (sums)
            PUT("  | %u", L.sum[i]);
        if (i + 1 < in->n || sums)
            PUT("\n");
    }
    if (sums) {
        for (j = 0; j < in->n; j++)
            PUT("%s%*u", j ? " " : "", (int)w, L.sum[in->n + j]);
        PUT("  (diagonals %u, %u; magic sum %u)", L.sum[2 * in->n], L.sum[2 * in->n + 1], in->sum);
    }
#undef PUT
}

static void magic_format_state(const ar_instance *in, const void *s, char *buf, size_t size)
{
    square_text(in, s, buf, size, 0);
}

static void magic_draw(const ar_instance *in, const void *s, char *buf, size_t size)
{
    square_text(in, s, buf, size, 1);
}

/* --- moves: the first empty cell in the fill order, code cell | value << 8 --- */

#define MOVE(cell, v) ((ar_move)(cell) | (ar_move)(v) << 8)

static unsigned magic_max_moves(const ar_instance *in) { return in->cells; }

static int first_empty(const ar_instance *in, const unsigned char *s)
{
    unsigned k;
    for (k = 0; k < in->cells; k++)
        if (!s[in->order[k]])
            return (int)in->order[k];
    return -1;
}

/* Whether value v in the empty cell keeps every line through it completable. */
static int value_fits(const ar_instance *in, const lines *L, unsigned cell, unsigned v)
{
    unsigned ids[4], m, nid = line_ids(in, cell, ids);
    if (L->used[v])
        return 0;
    for (m = 0; m < nid; m++)
        if (!reachable(in, L, L->sum[ids[m]] + v, L->empty[ids[m]] - 1, v))
            return 0;
    return 1;
}

static unsigned magic_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    const unsigned char *s = state;
    int cell = first_empty(in, s);
    unsigned v, n = 0;
    lines L;
    if (cell < 0)
        return 0;
    tally(in, s, &L);
    for (v = 1; v <= in->cells; v++)
        if (value_fits(in, &L, (unsigned)cell, v))
            moves[n++] = MOVE(cell, v);
    return n;
}

static void magic_apply(const ar_instance *in, void *state, ar_move m)
{
    (void)in;
    ((unsigned char *)state)[m & 255u] = (unsigned char)(m >> 8);
}

static void magic_undo(const ar_instance *in, void *state, ar_move m)
{
    (void)in;
    ((unsigned char *)state)[m & 255u] = 0;
}

static size_t magic_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int len = snprintf(buf, size, "r%uc%u=%u", (m & 255u) / in->n + 1, (m & 255u) % in->n + 1, m >> 8);
    return len < 0 ? 0 : (size_t)len;
}

static ar_status magic_parse_move(const ar_instance *in, const void *state, const char *text, size_t len,
                                  ar_move *out, ar_error *err)
{
    const unsigned char *s = state;
    unsigned long v[3] = {0, 0, 0};
    size_t p = 0;
    unsigned k, cell;
    lines L;
    for (k = 0; k < 3; k++) {
        static const char lead[3] = {'r', 'c', '='};
        if (p == len || (text[p] | (k < 2 ? 32 : 0)) != lead[k] || ++p == len || !isdigit((unsigned char)text[p]))
            return ar_error_set(err, AR_ERR_INPUT, "expected rROWcCOL=VALUE, e.g. r1c2=7");
        for (; p < len && isdigit((unsigned char)text[p]); p++)
            v[k] = v[k] > 100000 ? v[k] : v[k] * 10 + (unsigned long)(text[p] - '0');
    }
    if (p != len)
        return ar_error_set(err, AR_ERR_INPUT, "expected rROWcCOL=VALUE, e.g. r1c2=7");
    if (v[0] < 1 || v[0] > in->n || v[1] < 1 || v[1] > in->n)
        return ar_error_set(err, AR_ERR_INPUT, "cell r%luc%lu is off the %ux%u square", v[0], v[1], in->n, in->n);
    if (v[2] < 1 || v[2] > in->cells)
        return ar_error_set(err, AR_ERR_INPUT, "%lu is not a number 1..%u", v[2], in->cells);
    cell = (unsigned)((v[0] - 1) * in->n + v[1] - 1);
    if (s[cell])
        return ar_error_set(err, AR_ERR_INPUT, "cell r%luc%lu already holds %u", v[0], v[1], s[cell]);
    /* Any empty cell may be filled (AR_PUZZLE_FREE_ORDER): the searches fill
     * them in their own order, a person in any. */
    tally(in, s, &L);
    if (L.used[v[2]])
        return ar_error_set(err, AR_ERR_INPUT, "%lu is already in the square", v[2]);
    if (!value_fits(in, &L, cell, (unsigned)v[2]))
        return ar_error_set(err, AR_ERR_INPUT, "%lu on r%luc%lu leaves a line that cannot reach the magic sum %u", v[2],
                            v[0], v[1], in->sum);
    *out = MOVE(cell, v[2]);
    return AR_OK;
}

/* Every move fills one empty cell and a solution fills them all, so the
 * empty cells are the exact distance from any state with a completion:
 * admissible and consistent. */
static uint64_t magic_empty(const ar_instance *in, const void *state)
{
    const unsigned char *s = state;
    unsigned k, n = 0;
    for (k = 0; k < in->cells; k++)
        n += s[k] == 0;
    return n;
}

static const ar_heuristic magic_heuristics[] = {
    {.name = "empty",
     .summary = "empty cells: every solution fills each once (admissible, consistent)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = magic_empty},
    {.name = NULL}};

static const char *magic_default_algorithm(const ar_instance *in) { (void)in; return "dfs"; }

/* --algo csp: the constraint engine on the model of magic_csp.c; the moves
 * then fill the empty cells in the fill order, as the rules ask. */
static ar_status magic_solve_csp(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                                 ar_result *res, ar_error *err)
{
    ar_csp *m;
    int32_t values[MAX_CELLS];
    ar_status st;
    unsigned k, n = 0;
    (void)sink;
    if ((st = ar_magic_model(in->n, in->start, 0, &m, err)) != AR_OK)
        return st;
    st = ar_csp_solve_puzzle(m, NULL, 0, opts, res, values, err);
    ar_csp_destroy(m);
    if (st == AR_OK && res->outcome == AR_OUTCOME_SOLVED) {
        ar_move *moves = malloc(in->cells * sizeof *moves);
        if (!moves)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        for (k = 0; k < in->cells; k++)
            if (!in->start[in->order[k]])
                moves[n++] = MOVE(in->order[k], (unsigned)values[in->order[k]]);
        free(res->moves);
        res->moves = moves, res->length = res->cost = n;
        res->optimal = 1;
    }
    return st;
}

static const ar_domain_solver magic_solvers[] = {
    {.name = "csp", .summary = "the constraint engine: all different and 2n+2 sums (a cross-check of the engine)",
     .run = magic_solve_csp},
    {.name = NULL}};

/* --- generate: a random square of order 3..5 (depth-first with the values
 * tried in a random order), with --blanks cells emptied at random --- */

static int random_fill(const ar_instance *in, unsigned char *s, ar_rng *rng, unsigned long *budget)
{
    ar_move moves[MAX_CELLS];
    unsigned n = magic_legal_moves(in, s, moves), k;
    if (first_empty(in, s) < 0)
        return ar_magic_is_magic(s, in->n);
    if (!(*budget)--)
        return 0;
    for (k = n; k > 1; k--) {
        unsigned j = (unsigned)ar_rng_below(rng, k);
        ar_move t = moves[k - 1];
        moves[k - 1] = moves[j], moves[j] = t;
    }
    for (k = 0; k < n; k++) {
        magic_apply(in, s, moves[k]);
        if (random_fill(in, s, rng, budget))
            return 1;
        magic_undo(in, s, moves[k]);
    }
    return 0;
}

static ar_status magic_generate(const ar_param *params, size_t count, uint64_t seed, char **text, ar_error *err)
{
    ar_instance in;
    long order, blanks;
    ar_rng rng;
    ar_status st;
    unsigned char s[MAX_CELLS];
    unsigned k;
    unsigned long budget;
    if ((st = ar_param_int(params, count, "order", 3, 5, 4, &order, err)) != AR_OK ||
        (st = ar_param_int(params, count, "blanks", 0, order * order, order * order / 2, &blanks, err)) != AR_OK)
        return st;
    memset(&in, 0, sizeof in);
    in.n = (unsigned)order, in.cells = in.n * in.n, in.sum = in.n * (in.cells + 1) / 2;
    fill_order(&in);
    ar_rng_seed(&rng, seed);
    do { /* a restart with fresh random choices if a branch runs long */
        memset(s, 0, sizeof s);
        budget = 200000;
    } while (!random_fill(&in, s, &rng, &budget));
    for (k = 0; k < (unsigned)blanks; k++) {
        unsigned j;
        do
            j = (unsigned)ar_rng_below(&rng, in.cells);
        while (!s[j]);
        s[j] = 0;
    }
    if (!(*text = malloc(8 * in.cells + 8)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    square_text(&in, s, *text, 8 * in.cells + 8, 0);
    return AR_OK;
}

static ar_status magic_with_start(const ar_instance *in, const void *state, ar_instance **out, ar_error *err)
{
    if (!(*out = malloc(sizeof **out)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a magic instance");
    **out = *in;
    memcpy((*out)->start, state, in->cells);
    return AR_OK;
}

static const ar_option_spec magic_options[] = {
    {.name = "order", .metavar = "N", .help = "an empty square of order N, 3..10 (default 3; generate: 3..5, default 4)"},
    {.name = "blanks", .metavar = "K", .help = "generate: cells left empty (default half)"},
    {.name = NULL}};

static const ar_puzzle_example magic_examples[] = {
    {.options = "", .instance = "8 . . / . 5 . / . . .",
     .note = "the Lo Shu from two of its numbers (a corner and the centre)"},
    {.options = "order=4", .note = "any 4x4 square, found by depth-first search"},
    {.options = "", .instance = "16 . . 13 / . 10 11 . / . . . . / 4 . . 1",
     .note = "Durer's Melencolia I square from its corners and centre"},
    {.note = NULL}};

static const ar_tool magic_tools[] = {
    {.name = "count",
     .usage = "ariadne count magic --order N [--threads T] [--time-limit S] [--json] [--progress] [--quiet]\n"
              "       [--row-set A,B,.. [--col-set ..]] [--method partitions|cells] [--centre K] [--list|--all]",
     .help = "Counts the normal magic squares of order 3, 4 or 5, up to rotation and reflection and in\n"
             "all (8 times as many): 1 and 8, 880 and 7,040, 275,305,224 and 2,202,441,792, with the\n"
             "counts by centre value for odd orders set beside the published figures (exit 1 on a\n"
             "mismatch). The default method pairs the partitions of 1..n² into rows with those into\n"
             "columns and counts the diagonals of each pair: order 5 in about 45 s of CPU, split over\n"
             "--threads (default: every core). --row-set / --col-set count only the squares having\n"
             "that set of numbers as a row / column (a check small enough to compare with a plain\n"
             "search). --method cells is the square-by-square search: it alone takes --centre K (only\n"
             "squares with centre K) and --list (print each square counted; --all its 8 images too;\n"
             "orders 3 and 4, or 5 with --centre), and is far slower for order 5. A progress line with\n"
             "the rate and ETA goes to stderr when it is a terminal or with --progress (--quiet: none);\n"
             "Ctrl-C or --time-limit stops cleanly with the partial count labelled as a lower bound\n"
             "(exit 3). --json prints one object.",
     .run = ar_magic_count_tool},
    {.name = "magic-xor",
     .usage = "ariadne magic-xor [--list]",
     .help = "The lecture notes' XOR construction of 4x4 magic squares: three tables of 0..15, rows and\n"
             "columns permuted freely, then the six swaps of the Quaquaversal Quadrimagifier. Prints\n"
             "the notes' worked example, how many distinct squares the construction gives, how many\n"
             "classes under rotation and reflection, and how many are perfect (stay magic when any\n"
             "0..15 is XORed into every entry). --list prints the squares.",
     .run = ar_magic_xor_tool},
    {.name = NULL}};

static const ar_bench_suite magic_bench_suites[] = {
    {.name = "magic",
     .summary = "magic squares counted: orders 3, 4 and 5 (--quick: an order-5 subset) against the published counts",
     .run = ar_magic_bench},
    {.name = NULL}};

/* The square's numbers, empty cells blank, with the sums as caption (page.h). */
static void magic_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    char buf[8192], grid[8192];
    size_t used = 0;
    const char *line = buf, *last = buf;
    magic_draw(in, state, buf, sizeof buf);
    grid[0] = '\0';
    while (*line) {
        size_t n = strcspn(line, "\n"), bar = strcspn(line, "|\n");
        if (bar < n && used + bar + 2 < sizeof grid)
            used += (size_t)snprintf(grid + used, sizeof grid - used, "%.*s\n", (int)bar, line);
        else
            last = line;
        line += n;
        if (*line)
            line++;
    }
    ar_scene_word_grid(scene, grid, ".=blank #=tile", 0, 0);
    ar_scene_caption(scene, "%s", last);
}

const ar_puzzle ar_domain_magic = {
    .name = "magic",
    .flags = AR_PUZZLE_FIXED_LENGTH | AR_PUZZLE_FREE_ORDER, /* every completion fills the same empty cells */
    .summary = "magic squares: complete a square of 1..n² with equal line sums; count all of order 3-5",
    .help = "Fill an n x n square with 1..n² so that every row, column and both diagonals sum to\n"
    "n(n²+1)/2. Instance: rows of numbers with '.' for empty cells, rows on lines or\n"
    "separated by '/' ('8 . . / . 5 . / . . .'), or --order N for an empty square. A move\n"
    "rROWcCOL=VALUE (r2c2=5) fills any empty cell, in any order (the searches fill the centre,\n"
    "the diagonals, then row k and column k in turn). Depth-first search\n"
    "completes the square or proves there is no completion (exit 1); --algo csp does it with the\n"
    "constraint engine (all different and 2n+2 sums).\n"
    "\n"
    "Counting: `ariadne count magic --order N` (3..5) counts every square, up to rotation and\n"
    "reflection and in all, by centre value beside the published counts (exit 1 on a mismatch):\n"
    "order 4 gives 880 / 7,040; order 5 gives 275,305,224 / 2,202,441,792 in about 45 s of CPU.\n"
    "It pairs the partitions of 1..n² into rows with those into columns and counts each pair's\n"
    "diagonals. Options: --threads T (default: every core); --time-limit S and Ctrl-C stop with\n"
    "the partial count labelled (exit 3); --progress forces the progress line with its ETA on\n"
    "stderr, --quiet hides it; --json prints one object; --row-set A,B,.. / --col-set A,B,..\n"
    "count only squares with that row / column. --method cells searches square by square\n"
    "instead (slow for order 5) and alone takes --centre K and --list / --all (print each\n"
    "square counted / its 8 images too: orders 3 and 4, or 5 with --centre). --method csp counts\n"
    "orders 3 and 4 with the constraint engine, a cross-check of the engine (880 in under a second).\n"
    "`ariadne magic-xor` builds the notes' XOR squares; `ariadne bench magic` times the counts.",
    .options = magic_options,
    .create = magic_create,
    .destroy = magic_destroy,
    .describe = magic_describe,
    .check_solvable = magic_check_solvable,
    .state_size = magic_state_size,
    .initial_state = magic_initial_state,
    .is_goal = magic_is_goal,
    .format_state = magic_format_state,
    .draw = magic_draw,
    .picture = magic_picture,
    .max_moves = magic_max_moves,
    .legal_moves = magic_legal_moves,
    .apply = magic_apply,
    .undo = magic_undo,
    .format_move = magic_format_move,
    .parse_move = magic_parse_move,
    .heuristics = magic_heuristics,
    .solvers = magic_solvers,
    .default_algorithm = magic_default_algorithm,
    .generate = magic_generate,
    .with_start = magic_with_start,
    .examples = magic_examples,
    .tools = magic_tools,
    .bench_suites = magic_bench_suites,
};
