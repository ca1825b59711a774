/* knight.c — the knight's tour: the rules, the notation and the descriptor.
 *
 * A knight visits every square of an m x n board exactly once (an open tour)
 * and, for a closed tour, ends a knight's move from where it began. Squares
 * are named by column letters (a..z, then aa, ab, ...) and row number counted
 * from the top: "a1" is the top-left corner. The instance is "ROWSxCOLS"
 * ("8x8", "1000x1000"), with --from SQUARE (default a1) and --closed.
 *
 * A move is the square the knight jumps to ("b3"); a solution is the list of
 * squares after the first, so an open tour of N squares has N - 1 moves and
 * a closed one ends at the last square (the closing step back to the start
 * is implied). A state is the knight's square, the number of squares
 * visited, and the visited set (one bit per square). Which boards have tours
 * is decided before any search: Schwenk's theorem for closed tours, Conrad
 * et al. for open ones, and the colours (on a board with an odd number of
 * squares a tour starts and ends on the majority colour). */
#include "knight_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

static const int move_dr[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int move_dc[8] = {2, 1, -1, -2, -2, -1, 1, 2};

unsigned ar_knight_neighbours(unsigned rows, unsigned cols, uint32_t sq, uint32_t *out)
{
    int r = (int)(sq / cols), c = (int)(sq % cols);
    unsigned k, n = 0;
    for (k = 0; k < 8; k++) {
        int r2 = r + move_dr[k], c2 = c + move_dc[k];
        if (r2 >= 0 && c2 >= 0 && r2 < (int)rows && c2 < (int)cols)
            out[n++] = (uint32_t)r2 * cols + (uint32_t)c2;
    }
    return n;
}

void ar_knight_square_name(unsigned cols, uint32_t sq, char *buf, size_t size)
{
    char letters[8];
    unsigned c = sq % cols, n = 0, k;
    do {
        letters[n++] = (char)('a' + c % 26);
        c = c / 26;
    } while (c-- > 0 && n < 7);
    for (k = 0; k < n && k + 1 < size; k++)
        buf[k] = letters[n - 1 - k];
    snprintf(buf + k, size > k ? size - k : 0, "%u", sq / cols + 1);
}

/* The square named text[0..len), or -1. */
static long parse_square(const ar_instance *in, const char *text, size_t len)
{
    size_t i = 0;
    unsigned long c = 0, r = 0;
    while (i < len && text[i] >= 'a' && text[i] <= 'z' && c < KNIGHT_MAX_SIDE)
        c = c * 26 + (unsigned long)(text[i++] - 'a' + 1);
    if (i == 0 || i == len)
        return -1;
    for (; i < len; i++) {
        if (text[i] < '0' || text[i] > '9' || r > KNIGHT_MAX_SIDE)
            return -1;
        r = r * 10 + (unsigned long)(text[i] - '0');
    }
    if (c < 1 || c > in->cols || r < 1 || r > in->rows)
        return -1;
    return (long)((r - 1) * in->cols + (c - 1));
}

/* Schwenk (1991): an m x n board, m <= n, has a closed tour unless m and n
 * are both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8. */
int ar_knight_has_closed(unsigned rows, unsigned cols)
{
    unsigned m = rows < cols ? rows : cols, n = rows < cols ? cols : rows;
    if (m * n == 1)
        return 0;
    if ((m & 1) && (n & 1))
        return 0;
    if (m == 1 || m == 2 || m == 4)
        return 0;
    if (m == 3 && (n == 4 || n == 6 || n == 8))
        return 0;
    return 1;
}

/* Conrad, Hindrichs, Morsy, Wegener (1994): m x n, m <= n, has an open tour
 * unless m = 1 < n, m = 2, m = 3 and n is 3, 5 or 6, or m = n = 4. */
int ar_knight_has_open(unsigned rows, unsigned cols)
{
    unsigned m = rows < cols ? rows : cols, n = rows < cols ? cols : rows;
    if (m == 1)
        return n == 1;
    if (m == 2)
        return 0;
    if (m == 3 && (n == 3 || n == 5 || n == 6))
        return 0;
    return !(m == 4 && n == 4);
}

/* --- instances --- */

static ar_status parse_size(const char *text, const char *where, unsigned *rows, unsigned *cols,
                            ar_error *err)
{
    unsigned long v[2] = {0, 0};
    const char *p = text;
    unsigned k;
    p += strspn(p, " \t\r\n");
    for (k = 0; k < 2; k++) {
        const char *s = p;
        for (; *p >= '0' && *p <= '9'; p++) /* saturating: any larger is just too big */
            if (v[k] <= KNIGHT_MAX_SIDE)
                v[k] = v[k] * 10 + (unsigned long)(*p - '0');
        if (p == s)
            goto bad;
        if (k == 0 && *p != 'x' && *p != 'X')
            goto bad;
        if (k == 0)
            p++;
    }
    p += strspn(p, " \t\r\n");
    if (*p)
        goto bad;
    if (v[0] < 1 || v[1] < 1 || v[0] > KNIGHT_MAX_SIDE || v[1] > KNIGHT_MAX_SIDE ||
        v[0] * v[1] > KNIGHT_MAX_SQUARES)
        return ar_error_set(err, AR_ERR_INPUT, "%s '%.60s': sides from 1 to %u and at most %u squares",
                            where, text, KNIGHT_MAX_SIDE, KNIGHT_MAX_SQUARES);
    *rows = (unsigned)v[0], *cols = (unsigned)v[1];
    return AR_OK;
bad:
    return ar_error_set(err, AR_ERR_INPUT, "%s '%.60s%s': expected ROWSxCOLS, e.g. 8x8", where, text,
                        strlen(text) > 24 ? "..." : "");
}

static ar_status knight_create(const char *text, const ar_param *params, size_t count,
                               ar_instance **out, ar_error *err)
{
    ar_instance in;
    const char *size = ar_param_get(params, count, "size"), *from = ar_param_get(params, count, "from");
    ar_status st;
    size_t k;
    memset(&in, 0, sizeof in);
    if (text && text[strspn(text, " \t\r\n")]) {
        if (size)
            return ar_error_set(err, AR_ERR_INPUT, "parameter size: the instance already gives the size");
        st = parse_size(text, "instance", &in.rows, &in.cols, err);
    } else {
        st = parse_size(size ? size : "8x8", size ? "parameter size" : "default size", &in.rows, &in.cols, err);
    }
    if (st != AR_OK)
        return st;
    in.squares = (uint32_t)in.rows * in.cols;
    for (k = 0; k < count; k++)
        if (strcmp(params[k].name, "closed") == 0) {
            if (params[k].value)
                return ar_error_set(err, AR_ERR_INPUT, "parameter closed takes no value");
            in.closed = 1;
        }
    if (from) {
        long sq = parse_square(&in, from, strlen(from));
        if (sq < 0)
            return ar_error_set(err, AR_ERR_INPUT, "parameter from '%.60s': not a square of the %ux%u board "
                                "(column letters, then the row from the top: a1)", from, in.rows, in.cols);
        in.start = (uint32_t)sq;
    }
    if (!(*out = malloc(sizeof in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a knight instance");
    **out = in;
    return AR_OK;
}

static void knight_destroy(ar_instance *in)
{
    free(in->start_state);
    free(in);
}

static void knight_describe(const ar_instance *in, char *buf, size_t size)
{
    char sq[16];
    ar_knight_square_name(in->cols, in->start, sq, sizeof sq);
    snprintf(buf, size, "knight's tour, %s, %ux%u board from %s", in->closed ? "closed" : "open",
             in->rows, in->cols, sq);
}

/* The verdicts: Schwenk's theorem (closed), Conrad et al. (open), and the
 * colours: a knight's move changes colour, so a tour of an odd number of
 * squares starts and ends on the colour with one more square (that of a1). */
static ar_status knight_check_solvable(const ar_instance *in, ar_error *err)
{
    uint32_t sq = in->start;
    if (in->start_state)
        return AR_OK;
    if (in->closed && !ar_knight_has_closed(in->rows, in->cols))
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "no closed tour on a %ux%u board (Schwenk's theorem)",
                            in->rows, in->cols);
    if (!in->closed && !ar_knight_has_open(in->rows, in->cols))
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "no tour on a %ux%u board (Conrad et al. 1994)",
                            in->rows, in->cols);
    if ((in->squares & 1) && ((sq / in->cols + sq % in->cols) & 1))
        return ar_error_set(err, AR_ERR_UNSOLVABLE, "no tour from this square: the board has an odd "
                            "number of squares and a tour starts on the majority colour (that of a1)");
    /* Four across: the two outer lines (half the squares) are never a
     * knight's move apart, so a path of the whole board from an inner square
     * alternates inner and outer exactly; its outer squares then all have one
     * colour, but each outer line has both (knight_tour.c). */
    if (!in->closed && (in->rows == 4 || in->cols == 4) && in->squares > 4) {
        unsigned line = in->rows == 4 ? sq / in->cols : sq % in->cols;
        if (line == 1 || line == 2)
            return ar_error_set(err, AR_ERR_UNSOLVABLE, "no tour from an inner square of a %ux%u board: the outer "
                                "lines, half the squares, are never a knight's move apart, so such a tour would "
                                "alternate inner and outer squares and meet outer squares of one colour only",
                                in->rows, in->cols);
    }
    return AR_OK;
}

/* --- states: [square u32][visited count u32][visited bits, 64 per word] --- */

static size_t knight_state_size(const ar_instance *in) { return 8 + 8 * (((size_t)in->squares + 63) / 64); }

static void knight_initial_state(const ar_instance *in, void *state)
{
    uint32_t head[2] = {in->start, 1};
    uint64_t bit = (uint64_t)1 << (in->start & 63);
    if (in->start_state) {
        memcpy(state, in->start_state, knight_state_size(in));
        return;
    }
    memset(state, 0, knight_state_size(in));
    memcpy(state, head, 8);
    memcpy((unsigned char *)state + 8 + 8 * (in->start / 64), &bit, 8);
}

static int visited(const void *state, uint32_t sq)
{
    uint64_t w;
    memcpy(&w, (const unsigned char *)state + 8 + 8 * (sq / 64), 8);
    return (int)(w >> (sq & 63) & 1);
}

static void head(const void *state, uint32_t *sq, uint32_t *count)
{
    uint32_t h[2];
    memcpy(h, state, 8);
    *sq = h[0], *count = h[1];
}

static int adjacent(const ar_instance *in, uint32_t a, uint32_t b)
{
    long dr = (long)(a / in->cols) - (long)(b / in->cols), dc = (long)(a % in->cols) - (long)(b % in->cols);
    return dr * dr + dc * dc == 5;
}

static int knight_is_goal(const ar_instance *in, const void *state)
{
    uint32_t sq, count;
    head(state, &sq, &count);
    return count == in->squares && (!in->closed || in->squares == 1 || adjacent(in, sq, in->start));
}

static void knight_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    uint32_t sq, count;
    char name[16];
    head(state, &sq, &count);
    ar_knight_square_name(in->cols, sq, name, sizeof name);
    snprintf(buf, size, "knight on %s, %u of %u squares visited", name, count, in->squares);
}

/* The board: N the knight, x visited, . not yet (boards up to 60 columns). */
static void knight_draw(const ar_instance *in, const void *state, char *buf, size_t size)
{
    size_t used = 0;
    uint32_t sq, count, r, c;
    head(state, &sq, &count);
    if (size)
        buf[0] = '\0';
    if (in->cols > 60 || in->rows > 60) {
        knight_format_state(in, state, buf, size);
        return;
    }
    /* the column letters above, the row numbers at the left (as moves name
     * squares: a1 top left); every cell as wide as the longest letters */
    {
        unsigned width = in->cols > 26 ? 3 : 2;
        used += (size_t)snprintf(buf + used, size - used, "    ");
        for (c = 0; c < in->cols && used + 8 < size; c++) {
            char name[16];
            ar_knight_square_name(in->cols, c, name, sizeof name);
            name[strcspn(name, "0123456789")] = '\0';
            used += (size_t)snprintf(buf + used, size - used, "%-*s", (int)width, name);
        }
        if (used + 2 < size)
            buf[used++] = '\n', buf[used] = '\0';
        for (r = 0; r < in->rows && used + width * in->cols + 8 < size; r++) {
            used += (size_t)snprintf(buf + used, size - used, "%3u ", r + 1);
            for (c = 0; c < in->cols; c++) {
                uint32_t s = r * in->cols + c;
                used += (size_t)snprintf(buf + used, size - used, "%-*c", (int)width,
                                         s == sq ? 'N' : visited(state, s) ? 'x' : '.');
            }
            buf[used++] = '\n';
            buf[used] = '\0';
        }
        (void)count;
    }
}

/* --- moves: the square jumped to --- */

static unsigned knight_max_moves(const ar_instance *in) { (void)in; return 8; }

static unsigned knight_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    uint32_t sq, count, nb[8];
    unsigned k, n, m = 0;
    head(state, &sq, &count);
    n = ar_knight_neighbours(in->rows, in->cols, sq, nb);
    for (k = 0; k < n; k++)
        if (!visited(state, nb[k]))
            moves[m++] = nb[k];
    return m;
}

static void knight_apply(const ar_instance *in, void *state, ar_move m)
{
    uint32_t h[2];
    uint64_t w;
    unsigned char *bits = (unsigned char *)state + 8 + 8 * (m / 64);
    (void)in;
    memcpy(h, state, 8);
    h[0] = m, h[1]++;
    memcpy(state, h, 8);
    memcpy(&w, bits, 8);
    w |= (uint64_t)1 << (m & 63);
    memcpy(bits, &w, 8);
}

static size_t knight_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    ar_knight_square_name(in->cols, m, buf, size);
    return strlen(buf);
}

static ar_status knight_parse_move(const ar_instance *in, const void *state, const char *text,
                                   size_t len, ar_move *out, ar_error *err)
{
    long sq = parse_square(in, text, len);
    uint32_t at, count;
    char name[16];
    head(state, &at, &count);
    if (sq < 0)
        return ar_error_set(err, AR_ERR_INPUT, "expected a square of the %ux%u board (e.g. b3)", in->rows, in->cols);
    ar_knight_square_name(in->cols, at, name, sizeof name);
    if (!adjacent(in, at, (uint32_t)sq))
        return ar_error_set(err, AR_ERR_INPUT, "not a knight's move from %s", name);
    if (visited(state, (uint32_t)sq))
        return ar_error_set(err, AR_ERR_INPUT, "square already visited");
    *out = (ar_move)sq;
    return AR_OK;
}

/* Squares left to visit: every move visits exactly one, so this is the exact
 * number of moves of any completion (admissible and consistent). */
static uint64_t knight_left(const ar_instance *in, const void *state)
{
    uint32_t sq, count;
    head(state, &sq, &count);
    return in->squares - count;
}

static const ar_heuristic knight_heuristics[] = {
    {.name = "left", .summary = "squares not yet visited (each move visits one)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT, .estimate = knight_left},
    {.name = NULL}};

static const char *knight_default_algorithm(const ar_instance *in) { (void)in; return "warnsdorff"; }

static ar_status knight_with_start(const ar_instance *in, const void *state, ar_instance **out,
                                   ar_error *err)
{
    size_t ss = knight_state_size(in);
    if (!(*out = malloc(sizeof **out)) || !((*out)->start_state = malloc(ss))) {
        free(*out);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a knight instance");
    }
    memcpy((*out)->start_state, state, ss);
    (*out)->rows = in->rows, (*out)->cols = in->cols, (*out)->squares = in->squares;
    (*out)->start = in->start, (*out)->closed = in->closed;
    return AR_OK;
}

static const ar_option_spec knight_options[] = {
    {.name = "size", .metavar = "RxC", .help = "board rows x columns (default 8x8)"},
    {.name = "from", .metavar = "SQUARE", .help = "the starting square, e.g. a1 (top left, the default)"},
    {.name = "closed", .metavar = NULL, .help = "a closed tour: end a knight's move from the start"},
    {.name = NULL}};

static const ar_puzzle_example knight_examples[] = {
    {.options = "", .instance = "5x5", .cost = 24, .note = "an open tour of the 5x5 board from a corner"},
    {.options = "", .instance = "8x8", .cost = 63, .note = "the chessboard by Warnsdorff's rule"},
    {.options = "closed", .instance = "6x6", .cost = 35, .note = "a closed tour (the last square is a move from a1)"},
    {.options = "from=a1", .instance = "3x4", .cost = 11, .note = "the smallest board with an open tour but no closed one"},
    {.note = NULL}};

/* The board with the knight and the squares of its tour numbered (page.h). */
static void knight_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    char *buf = malloc(1 << 16);
    if (!buf)
        return;
    knight_draw(in, state, buf, 1 << 16);
    if (in->cols > 60 || in->rows > 60)
        ar_scene_caption(scene, "%s", buf);
    else
        ar_scene_word_grid(scene, buf, "N=knight+frontier .=empty #=visited", 1, 1);
    free(buf);
}

const ar_puzzle ar_domain_knight = {
    .name = "knight",
    .summary = "knight's tour: open or closed tours on any board, streamed to 1000x1000; exact counts",
    .help = "Instance: ROWSxCOLS (e.g. 8x8, 1000x1000), --from SQUARE (default a1), --closed. Squares:\n"
    "column letters (a..z, aa..) and row from the top. A move is the square jumped to; a tour of\n"
    "N squares is N - 1 moves (a closed tour's return to the start is implied). Solver: warnsdorff\n"
    "(default): always the unvisited square with fewest onward moves, ties to the square farthest\n"
    "from the centre, then the first in the move order (+1,+2) (+2,+1) (+2,-1) (+1,-2) (-1,-2)\n"
    "(-2,-1) (-2,+1) (-1,+2) (row, column); backtracking when it is stuck; an open tour whose\n"
    "first attempt runs past 4N+1000 steps restarts with seeded tie-breaks and Luby budgets\n"
    "(reproducible, still complete). Boards without a tour are refused at once with the reason\n"
    "(Schwenk's theorem for closed tours; exit 1).\n"
    "Exact counts: `ariadne count knight 6x6 [--closed] [--from SQ] [--threads N]`.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_FIXED_LENGTH,
    .options = knight_options,
    .create = knight_create,
    .destroy = knight_destroy,
    .describe = knight_describe,
    .check_solvable = knight_check_solvable,
    .state_size = knight_state_size,
    .initial_state = knight_initial_state,
    .is_goal = knight_is_goal,
    .format_state = knight_format_state,
    .draw = knight_draw,
    .picture = knight_picture,
    .max_moves = knight_max_moves,
    .legal_moves = knight_legal_moves,
    .apply = knight_apply,
    .format_move = knight_format_move,
    .parse_move = knight_parse_move,
    .heuristics = knight_heuristics,
    .solvers = ar_knight_solvers,
    .default_algorithm = knight_default_algorithm,
    .with_start = knight_with_start,
    .examples = knight_examples,
    .tools = ar_knight_tools,
    .bench_suites = ar_knight_bench_suites,
};
