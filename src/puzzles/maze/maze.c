/* maze.c — shortest paths on a board with obstacles, for a king, a rook, a
 * knight or a four-neighbour walker: the lecture notes' example of Lee's wave
 * algorithm, and the grid-path domain every search student expects.
 *
 * A board is text, one row per line (or rows separated by '/'): '.' a free
 * square, '#' an obstacle, 'S' the start, 'G' the goal, and '1'..'9' a free
 * square that costs that much to enter ('.', 'S' and 'G' cost 1). A move
 * costs the weight of the square it lands on, so on a board without digits
 * the cost is the number of moves. The piece (--piece) moves like a chess
 * king (default), rook (any distance along a row or column, not through
 * obstacles), knight (jumping), or a walker (one square up, down, left or
 * right). With weights, A* (`--algo astar`, with the admissible `distance`
 * heuristic) and Dijkstra (`--algo ucs`) can be compared; `--algo lee` is the
 * notes' wave, which counts moves. `ariadne maze-waves` prints the wave
 * numbers.
 *
 * Move notation: the square the piece lands on, as rROWcCOL counted from 1
 * at the top left: `r3c5`. */
#include "maze_internal.h"
#include "ariadne/page.h"
#include "ariadne/rng.h"
#include "ariadne/tool.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const piece_names[] = {"king", "rook", "knight", "walker"};

const char *ar_maze_piece_name(unsigned piece) { return piece_names[piece]; }

static const int king_dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, king_dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int knight_dr[8] = {-2, -2, -1, -1, 1, 1, 2, 2}, knight_dc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};
static const int walker_dr[4] = {-1, 0, 0, 1}, walker_dc[4] = {0, -1, 1, 0};

unsigned ar_maze_max_moves(const ar_instance *in)
{
    return in->piece == MAZE_ROOK ? in->rows + in->cols : 8;
}

unsigned ar_maze_moves_from(const ar_instance *in, unsigned cell, ar_move *moves)
{
    int r = (int)(cell / in->cols), c = (int)(cell % in->cols), rows = (int)in->rows, cols = (int)in->cols;
    const int *dr = in->piece == MAZE_KNIGHT ? knight_dr : in->piece == MAZE_KING ? king_dr : walker_dr;
    const int *dc = in->piece == MAZE_KNIGHT ? knight_dc : in->piece == MAZE_KING ? king_dc : walker_dc;
    unsigned k, dirs = in->piece == MAZE_KING || in->piece == MAZE_KNIGHT ? 8 : 4, n = 0;
    for (k = 0; k < dirs; k++) {
        int rr = r + dr[k], cc = c + dc[k];
        while (rr >= 0 && rr < rows && cc >= 0 && cc < cols) {
            unsigned to = (unsigned)(rr * cols + cc);
            if (!in->weight[to])
                break;
            moves[n++] = MAZE_MOVE(to, in->weight[to]);
            if (in->piece != MAZE_ROOK)
                break;
            rr += dr[k], cc += dc[k];
        }
    }
    return n;
}

/* Lee's wave (declared in maze_internal.h); here beside the moves it
 * follows, since the solvability proof uses it too. */
int32_t *ar_maze_wave(const ar_instance *in, int stop_at_goal, uint64_t *labelled)
{
    size_t cells = (size_t)in->rows * in->cols, head = 0, tail = 0;
    int32_t *wave = malloc(sizeof *wave * cells);
    uint32_t *queue = malloc(sizeof *queue * cells);
    ar_move moves[2 * MAZE_MAX_SIDE];
    if (!wave || !queue) {
        free(wave);
        free(queue);
        return NULL;
    }
    memset(wave, 0xFF, sizeof *wave * cells); /* -1: not reached */
    wave[in->start] = 0;
    queue[tail++] = in->start;
    while (head < tail && !(stop_at_goal && wave[in->goal] >= 0)) {
        uint32_t at = queue[head++];
        unsigned k, n = ar_maze_moves_from(in, at, moves);
        for (k = 0; k < n; k++) {
            uint32_t to = MAZE_CELL(moves[k]);
            if (wave[to] < 0) {
                wave[to] = wave[at] + 1;
                queue[tail++] = to;
            }
        }
    }
    free(queue);
    *labelled = tail;
    return wave;
}

/* --- instances ----------------------------------------------------------- */

static ar_status parse_board(const char *text, ar_instance *in, ar_error *err)
{
    size_t len = strlen(text), p = 0, cells = 0, cap = 0;
    unsigned row = 0, col = 0, starts = 0, goals = 0;
    unsigned char *w = NULL;
    /* skip blank lines before the board */
    while (p < len && (text[p] == '\n' || text[p] == '\r' || text[p] == ' ' || text[p] == '\t'))
        p++;
    while (len > p && isspace((unsigned char)text[len - 1]))
        len--;
    if (p == len)
        return ar_error_set(err, AR_ERR_INPUT, "instance: empty board");
    in->cols = 0;
    for (; p <= len; p++) {
        char ch = p < len ? text[p] : '\n';
        if (ch == '\r')
            continue;
        if (ch == '\n' || ch == '/') {
            if (col == 0)
                return free(w), ar_error_set(err, AR_ERR_INPUT, "instance row %u: empty row", row + 1);
            if (row == 0)
                in->cols = col;
            else if (col != in->cols)
                return free(w), ar_error_set(err, AR_ERR_INPUT,
                                             "instance row %u: %u squares, but row 1 has %u (ragged board)",
                                             row + 1, col, in->cols);
            if (++row > MAZE_MAX_SIDE)
                return free(w), ar_error_set(err, AR_ERR_INPUT, "instance: more than %d rows", MAZE_MAX_SIDE);
            col = 0;
            continue;
        }
        if (++col > MAZE_MAX_SIDE)
            return free(w), ar_error_set(err, AR_ERR_INPUT, "instance row %u: more than %d squares",
                                         row + 1, MAZE_MAX_SIDE);
        if (cells == cap) {
            unsigned char *bigger = realloc(w, cap = cap ? 2 * cap : 256);
            if (!bigger)
                return free(w), ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the board");
            w = bigger;
        }
        if (ch == '.' || ch == 'S' || ch == 'G')
            w[cells] = 1;
        else if (ch == '#')
            w[cells] = 0;
        else if (ch >= '1' && ch <= '9')
            w[cells] = (unsigned char)(ch - '0');
        else
            return free(w), ar_error_set(err, AR_ERR_INPUT,
                                         "instance row %u, column %u: unknown character '%c' (expected . # S G or 1-9)",
                                         row + 1, col, isprint((unsigned char)ch) ? ch : '?');
        if (ch == 'S')
            in->start = (unsigned)cells, starts++;
        if (ch == 'G')
            in->goal = (unsigned)cells, goals++;
        cells++;
    }
    in->rows = row;
    in->weight = w;
    if (starts != 1 || goals != 1)
        return ar_error_set(err, AR_ERR_INPUT, "instance: the board needs one start S and one goal G (it has %u and %u)",
                            starts, goals);
    return AR_OK;
}

ar_status ar_maze_create(const char *text, const ar_param *params, size_t count, ar_instance **out,
                         ar_error *err)
{
    ar_instance *in = calloc(1, sizeof *in);
    const char *piece = ar_param_get(params, count, "piece");
    unsigned k;
    ar_status st;
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a maze instance");
    in->piece = MAZE_KING;
    if (piece) {
        for (k = 0; k < 4 && strcmp(piece, piece_names[k]) != 0; k++)
            ;
        if (k == 4) {
            free(in);
            return ar_error_set(err, AR_ERR_INPUT, "parameter piece '%.40s': expected king, rook, knight or walker",
                                piece);
        }
        in->piece = k;
    }
    st = parse_board(text && text[strspn(text, " \t\r\n")] ? text : "S..#\n.#..\n...G", in, err);
    if (st != AR_OK) {
        ar_maze_destroy(in);
        return st;
    }
    in->min_weight = 9;
    for (k = 0; k < in->rows * in->cols; k++)
        if (in->weight[k] && in->weight[k] < in->min_weight)
            in->min_weight = in->weight[k];
    *out = in;
    return AR_OK;
}

void ar_maze_destroy(ar_instance *in)
{
    if (in)
        free(in->weight);
    free(in);
}

static void maze_describe(const ar_instance *in, char *buf, size_t size)
{
    snprintf(buf, size, "%s on a %ux%u board from r%uc%u to r%uc%u", piece_names[in->piece], in->rows,
             in->cols, in->start / in->cols + 1, in->start % in->cols + 1, in->goal / in->cols + 1,
             in->goal % in->cols + 1);
}

/* Proof: the wave labels every square the piece can reach from the start
 * (breadth-first over its moves); if the goal is not among them, no
 * sequence of moves reaches it. */
static ar_status maze_check_solvable(const ar_instance *in, ar_error *err)
{
    uint64_t labelled;
    int32_t *wave = ar_maze_wave(in, 1, &labelled);
    int reached;
    if (!wave)
        return AR_OK; /* no memory for the proof: let the search decide */
    reached = wave[in->goal] >= 0;
    free(wave);
    if (!reached)
        return ar_error_set(err, AR_ERR_UNSOLVABLE,
                            "the goal r%uc%u is unreachable: the %s's wave from r%uc%u covers %llu squares and not the goal",
                            in->goal / in->cols + 1, in->goal % in->cols + 1, piece_names[in->piece],
                            in->start / in->cols + 1, in->start % in->cols + 1,
                            (unsigned long long)labelled);
    return AR_OK;
}

/* --- states: the piece's square as a 32-bit cell index --- */

static size_t maze_state_size(const ar_instance *in) { (void)in; return sizeof(uint32_t); }

static void maze_initial_state(const ar_instance *in, void *state)
{
    uint32_t cell = in->start;
    memcpy(state, &cell, sizeof cell);
}

static uint32_t cell_of(const void *state)
{
    uint32_t cell;
    memcpy(&cell, state, sizeof cell);
    return cell;
}

static int maze_is_goal(const ar_instance *in, const void *state) { return cell_of(state) == in->goal; }

/* The board with the piece's square marked '@' (the instance text with S
 * moved there, which create reads back: format_state = a valid instance). */
static void board_text(const ar_instance *in, unsigned at, char *buf, size_t size)
{
    size_t used = 0;
    unsigned r, c;
    for (r = 0; r < in->rows; r++)
        for (c = 0; c <= in->cols; c++) {
            unsigned k = r * in->cols + c;
            char ch = c == in->cols ? '\n' : k == at ? 'S' : k == in->goal ? 'G'
                      : !in->weight[k] ? '#' : in->weight[k] == 1 ? '.' : (char)('0' + in->weight[k]);
            if (c == in->cols && r + 1 == in->rows)
                break;
            if (used + 1 < size)
                buf[used++] = ch;
        }
    if (size)
        buf[used < size ? used : size - 1] = '\0';
}

static void maze_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    board_text(in, cell_of(state), buf, size);
}

static void maze_draw(const ar_instance *in, const void *state, char *buf, size_t size)
{
    size_t k;
    board_text(in, cell_of(state), buf, size);
    for (k = 0; k < size && buf[k]; k++)
        if (buf[k] == 'S')
            buf[k] = '@';
}

/* --- moves --- */

static unsigned maze_max_moves(const ar_instance *in) { return ar_maze_max_moves(in); }

static unsigned maze_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    return ar_maze_moves_from(in, cell_of(state), moves);
}

static void maze_apply(const ar_instance *in, void *state, ar_move m)
{
    uint32_t cell = MAZE_CELL(m);
    (void)in;
    memcpy(state, &cell, sizeof cell);
}

static uint32_t maze_move_cost(const ar_instance *in, ar_move m) { (void)in; return MAZE_WEIGHT(m); }

/* Every piece moves symmetrically (a king, rook, knight or walker that can go
 * from a to b can go from b to a), so the squares one move before `cell` are
 * those it reaches; the move back lands on `cell` and costs its weight. */
static unsigned maze_predecessors(const ar_instance *in, const void *state, ar_move *moves,
                                  uint32_t *costs, void *states)
{
    uint32_t cell = cell_of(state);
    unsigned n = ar_maze_moves_from(in, cell, moves), i;
    for (i = 0; i < n; i++) {
        uint32_t from = MAZE_CELL(moves[i]);
        memcpy((unsigned char *)states + (size_t)i * sizeof from, &from, sizeof from);
        moves[i] = MAZE_MOVE(cell, in->weight[cell]);
        costs[i] = in->weight[cell];
    }
    return n;
}

static int maze_goal_state(const ar_instance *in, void *state)
{
    uint32_t cell = in->goal;
    memcpy(state, &cell, sizeof cell);
    return 1;
}

static size_t maze_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int len = snprintf(buf, size, "r%uc%u", MAZE_CELL(m) / in->cols + 1, MAZE_CELL(m) % in->cols + 1);
    return len < 0 ? 0 : (size_t)len;
}

static ar_status maze_parse_move(const ar_instance *in, const void *state, const char *text, size_t len,
                                 ar_move *out, ar_error *err)
{
    unsigned long v[2] = {0, 0};
    size_t p = 0;
    unsigned k, n, at = cell_of(state), to;
    ar_move moves[2 * MAZE_MAX_SIDE];
    for (k = 0; k < 2; k++) {
        if (p == len || (text[p] | 32) != (k ? 'c' : 'r') || ++p == len || !isdigit((unsigned char)text[p]))
            return ar_error_set(err, AR_ERR_INPUT, "expected rROWcCOL, the square to move to, e.g. r2c3");
        for (; p < len && isdigit((unsigned char)text[p]); p++)
            if ((v[k] = v[k] * 10 + (unsigned long)(text[p] - '0')) > MAZE_MAX_SIDE)
                v[k] = MAZE_MAX_SIDE + 1;
    }
    if (p != len)
        return ar_error_set(err, AR_ERR_INPUT, "expected rROWcCOL, the square to move to, e.g. r2c3");
    if (v[0] < 1 || v[0] > in->rows || v[1] < 1 || v[1] > in->cols)
        return ar_error_set(err, AR_ERR_INPUT, "square %.*s is off the %ux%u board", (int)(len < 60 ? len : 60), text,
                            in->rows, in->cols);
    to = (unsigned)((v[0] - 1) * in->cols + v[1] - 1);
    if (!in->weight[to])
        return ar_error_set(err, AR_ERR_INPUT, "square r%luc%lu is an obstacle", v[0], v[1]);
    n = ar_maze_moves_from(in, at, moves);
    for (k = 0; k < n; k++)
        if (MAZE_CELL(moves[k]) == to) {
            *out = moves[k];
            return AR_OK;
        }
    return ar_error_set(err, AR_ERR_INPUT, "a %s on r%uc%u cannot move to r%luc%lu", piece_names[in->piece],
                        at / in->cols + 1, at % in->cols + 1, v[0], v[1]);
}

/* --- heuristics --- */

/* The fewest moves the piece needs on an empty board, a lower bound with
 * obstacles: king max(dr,dc); walker dr+dc; rook one per coordinate that
 * differs; knight max(ceil(dr/2), ceil(dc/2), ceil((dr+dc)/3)) because a
 * knight's move changes one coordinate by at most 2 and the two together by
 * at most 3 (the parity and corner corrections are left out: the bound stays
 * a bound). Each move changes each of these by at most 1, and costs at least
 * the cheapest weight, so min_weight times the bound is admissible and
 * consistent. */
static uint64_t distance_between(const ar_instance *in, unsigned at, unsigned to)
{
    unsigned dr = (unsigned)abs((int)(at / in->cols) - (int)(to / in->cols));
    unsigned dc = (unsigned)abs((int)(at % in->cols) - (int)(to % in->cols)), moves;
    switch (in->piece) {
    case MAZE_KING: moves = dr > dc ? dr : dc; break;
    case MAZE_WALKER: moves = dr + dc; break;
    case MAZE_ROOK: moves = (dr > 0) + (dc > 0); break;
    default: {
        unsigned a = (dr + 1) / 2, b = (dc + 1) / 2, c = (dr + dc + 2) / 3;
        moves = a > b ? a : b;
        moves = c > moves ? c : moves;
    }
    }
    return (uint64_t)moves * in->min_weight;
}

static uint64_t maze_distance(const ar_instance *in, const void *state)
{
    return distance_between(in, cell_of(state), in->goal);
}

/* The backward half of a bidirectional search: the same bound from the start
 * (a path from the start to here enters at least that many squares). */
static uint64_t maze_distance_back(const ar_instance *in, const void *state)
{
    return distance_between(in, cell_of(state), in->start);
}

static uint64_t maze_zero(const ar_instance *in, const void *state) { (void)in, (void)state; return 0; }

static const ar_heuristic maze_heuristics[] = {
    {.name = "distance",
     .summary = "the piece's fewest moves on an empty board times the cheapest weight (admissible, consistent)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = maze_distance,
     .estimate_from_start = maze_distance_back},
    {.name = "zero",
     .summary = "0 everywhere: A* becomes Dijkstra's algorithm",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = maze_zero,
     .estimate_from_start = maze_zero},
    {.name = NULL}};

static const ar_domain_solver maze_solvers[] = {
    {.name = "lee",
     .summary = "Lee's wave: breadth-first labelling from the start, path traced back by falling numbers (fewest moves)",
     .run = ar_maze_lee_solve},
    {.name = NULL}};

/* --- generate --- */

/* A random board: obstacles with probability --density percent, weights
 * 1..--weights, S at the top left and G at the bottom right; boards whose
 * goal the wave does not reach are drawn again (up to 100 times, then the
 * obstacles are thinned). */
static ar_status maze_generate(const ar_param *params, size_t count, uint64_t seed, char **text, ar_error *err)
{
    long rows, cols, density, weights, tries;
    ar_rng rng;
    ar_status st;
    char *board;
    if ((st = ar_param_int(params, count, "rows", 2, MAZE_MAX_SIDE, 12, &rows, err)) != AR_OK ||
        (st = ar_param_int(params, count, "cols", 2, MAZE_MAX_SIDE, 20, &cols, err)) != AR_OK ||
        (st = ar_param_int(params, count, "density", 0, 90, 25, &density, err)) != AR_OK ||
        (st = ar_param_int(params, count, "weights", 1, 9, 1, &weights, err)) != AR_OK)
        return st;
    if (!(board = malloc((size_t)(rows * (cols + 1)))))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a board");
    ar_rng_seed(&rng, seed);
    for (tries = 0;; tries++) {
        long r, c, d = tries < 100 ? density : density * (200 - tries) / 100;
        ar_instance *in;
        int ok;
        for (r = 0; r < rows; r++) {
            for (c = 0; c < cols; c++) {
                char ch = (long)ar_rng_below(&rng, 100) < d ? '#'
                          : weights > 1 ? (char)('1' + ar_rng_below(&rng, (uint64_t)weights)) : '.';
                board[r * (cols + 1) + c] = ch == '1' ? '.' : ch;
            }
            board[r * (cols + 1) + cols] = '\n';
        }
        board[0] = 'S';
        board[rows * (cols + 1) - 2] = 'G';
        board[rows * (cols + 1) - 1] = '\0';
        if ((st = ar_maze_create(board, params, count, &in, err)) != AR_OK) {
            free(board);
            return st;
        }
        ok = maze_check_solvable(in, NULL) == AR_OK;
        ar_maze_destroy(in);
        if (ok || d == 0)
            break;
    }
    *text = board;
    return AR_OK;
}

static const ar_option_spec maze_options[] = {
    {.name = "piece", .metavar = "P", .help = "king (default), rook, knight or walker (4 neighbours)"},
    {.name = "rows", .metavar = "R", .help = "generate: rows, 2..2048 (default 12)"},
    {.name = "cols", .metavar = "C", .help = "generate: columns, 2..2048 (default 20)"},
    {.name = "density", .metavar = "PCT", .help = "generate: obstacles in percent, 0..90 (default 25)"},
    {.name = "weights", .metavar = "W", .help = "generate: square weights 1..W (default 1: unweighted)"},
    {.name = NULL}};

static const ar_puzzle_example maze_examples[] = {
    {.options = "", .instance = "S.#.....\n..#.##..\n..#..#..\n.....#G.\n", .cost = 10,
     .note = "a king around two walls: 10 moves"},
    {.options = "piece=walker", .instance = "S.#.....\n..#.##..\n..#..#..\n.....#G.\n", .cost = 15,
     .note = "the same board for a four-neighbour walker: 15 moves"},
    {.options = "piece=knight", .instance = "S...\n....\n....\n...G", .cost = 2, .note = "a knight crosses a 4x4 board in 2"},
    {.options = "piece=rook", .instance = "S..#\n.#..\n#..G", .cost = 3, .note = "a rook: 3 moves of any length"},
    {.options = "piece=walker", .instance = "S19\n1#1\n11G", .cost = 4,
     .note = "weights: the cheap way round costs 4, the direct one 12"},
    {.note = NULL}};

static const ar_tool maze_tools[] = {
    {.name = "maze-waves",
     .usage = "ariadne maze-waves [BOARD | -f FILE] [--piece P]",
     .help = "Prints Lee's wave: every square labelled with the fewest moves from S ('#' an obstacle,\n"
             "'.' a square the wave does not reach), then a shortest path traced back from G by\n"
             "falling numbers. Exit 1 when G is unreachable, 2 on bad input.",
     .run = ar_maze_waves_tool},
    {.name = NULL}};

static const ar_bench_suite maze_bench_suites[] = {
    {.name = "maze",
     .summary = "Lee's wave, A* and Dijkstra on random boards: nodes and times",
     .run = ar_maze_bench},
    {.name = NULL}};

/* The maze: walls, the walker, the goal; the walker's square is the
 * state's focus, so the visualiser paints the wave (page.h). */
static void maze_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    char *buf = malloc(1 << 20);
    size_t k;
    int r = 0, c = 0;
    if (!buf)
        return;
    maze_draw(in, state, buf, 1 << 20);
    ar_scene_text_grid(scene, buf, "#=wall .=empty @=walker G=goal");
    for (k = 0; buf[k]; k++) {
        if (buf[k] == '\n') {
            r++;
            c = 0;
            continue;
        }
        if (buf[k] == '@')
            ar_scene_focus(scene, r, c);
        c++;
    }
    free(buf);
}

const ar_puzzle ar_domain_maze = {
    .name = "maze",
    .summary = "shortest path of a king, rook, knight or walker past obstacles (Lee's wave, A*, Dijkstra)",
    .help = "A board, one row per line or rows separated by '/': '.' free, '#' obstacle, 'S' start,\n"
    "'G' goal, '1'..'9' a free square costing that much to enter (others cost 1). A move\n"
    "costs the weight of the square it lands on. --piece king|rook|knight|walker (default\n"
    "king). Moves: the square landed on, rROWcCOL from 1 at the top left. --algo lee is the\n"
    "notes' wave (fewest moves); astar with `distance` and ucs (Dijkstra) take the weights.\n"
    "An unreachable goal is proven by the wave (exit 1). `ariadne maze-waves BOARD` prints\n"
    "the wave numbers. Example: ariadne solve maze 'S.#./...G' (a king) gives r2c2 r2c3 r2c4.",
    .options = maze_options,
    .create = ar_maze_create,
    .destroy = ar_maze_destroy,
    .describe = maze_describe,
    .check_solvable = maze_check_solvable,
    .state_size = maze_state_size,
    .initial_state = maze_initial_state,
    .is_goal = maze_is_goal,
    .format_state = maze_format_state,
    .draw = maze_draw,
    .picture = maze_picture,
    .max_moves = maze_max_moves,
    .legal_moves = maze_legal_moves,
    .apply = maze_apply,
    .move_cost = maze_move_cost,
    .format_move = maze_format_move,
    .parse_move = maze_parse_move,
    .heuristics = maze_heuristics,
    .solvers = maze_solvers,
    .generate = maze_generate,
    .goal_state = maze_goal_state,
    .predecessors = maze_predecessors,
    .examples = maze_examples,
    .tools = maze_tools,
    .bench_suites = maze_bench_suites,
};
