/* tictactoe.c — noughts and crosses, the lecture notes' first game-tree example.
 *
 * X moves first; three in a row, column or diagonal wins; a full board is a
 * draw. The whole game tree is small (5,478 legal positions), so perfect play
 * is full-depth alpha-beta and the tests compare alpha-beta with plain minimax
 * on every position. The notes' two-level evaluation E = NX - NO (lines still
 * open for X minus lines still open for O) is the evaluation "lines".
 *
 * Position: two 9-bit masks (X's and O's squares), square i = row * 3 + col
 * with row 0 at the top; the player to move follows from the counts. Text:
 * nine characters x, o or . (or -) in reading order, '/' between rows
 * allowed: "x.o/.x./..o".
 *
 * Moves: a square as column letter a-c and row 1-3 counted from the bottom
 * ("b2" is the centre), or a digit 1-9 in reading order (1 top-left, 9
 * bottom-right). */
#include "ariadne/page.h"
#include "ariadne/game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_variant {
    int unused;
};

typedef struct ttt_pos {
    uint16_t x, o;
} ttt_pos;

static const uint16_t lines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

static unsigned popcount9(unsigned m)
{
    unsigned c = 0;
    while (m) {
        m &= m - 1;
        c++;
    }
    return c;
}

static int has_line(unsigned m)
{
    int i;
    for (i = 0; i < 8; i++)
        if ((m & lines[i]) == lines[i])
            return 1;
    return 0;
}

static ar_status ttt_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    (void)params;
    (void)count;
    (void)err;
    *out = ar_xcalloc(1, sizeof **out);
    return AR_OK;
}

static void ttt_destroy(ar_variant *v) { free(v); }

static void ttt_describe(const ar_variant *v, char *buf, size_t size)
{
    (void)v;
    snprintf(buf, size, "tic-tac-toe 3x3");
}

static const char *ttt_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "X" : "O";
}

static size_t ttt_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(ttt_pos);
}

static void ttt_initial(const ar_variant *v, void *pos)
{
    (void)v;
    memset(pos, 0, sizeof(ttt_pos));
}

static ar_status ttt_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    ttt_pos p = {0, 0};
    unsigned n = 0, nx, no;
    const char *s;
    (void)v;
    for (s = text; *s; s++) {
        char c = (char)tolower((unsigned char)*s);
        if (c == '/' || isspace((unsigned char)c))
            continue;
        if (n >= 9)
            return ar_error_set(err, AR_ERR_INPUT, "more than nine squares (at '%.10s')", s);
        if (c == 'x')
            p.x = (uint16_t)(p.x | 1u << n);
        else if (c == 'o' || c == '0')
            p.o = (uint16_t)(p.o | 1u << n);
        else if (c != '.' && c != '-' && c != '_')
            return ar_error_set(err, AR_ERR_INPUT,
                                "square %u: '%c' is not x, o or . (write nine squares, e.g. x.o/.x./..o)",
                                n + 1, *s);
        n++;
    }
    if (n != 9)
        return ar_error_set(err, AR_ERR_INPUT, "%u squares given, nine needed (e.g. x.o/.x./..o)", n);
    nx = popcount9(p.x);
    no = popcount9(p.o);
    if (nx != no && nx != no + 1)
        return ar_error_set(err, AR_ERR_INPUT,
                            "X has %u marks and O %u: X moves first, so X has as many as O or one more",
                            nx, no);
    if (has_line(p.x) && has_line(p.o))
        return ar_error_set(err, AR_ERR_INPUT, "both X and O have three in a row");
    if (has_line(p.x) && nx != no + 1)
        return ar_error_set(err, AR_ERR_INPUT, "X has three in a row but O moved after that");
    if (has_line(p.o) && nx != no)
        return ar_error_set(err, AR_ERR_INPUT, "O has three in a row but X moved after that");
    memcpy(pos, &p, sizeof p);
    return AR_OK;
}

static char square_char(const ttt_pos *p, unsigned i)
{
    return (p->x >> i & 1u) ? 'x' : (p->o >> i & 1u) ? 'o' : '.';
}

static void ttt_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const ttt_pos *p = pos;
    char t[12];
    unsigned i, k = 0;
    (void)v;
    for (i = 0; i < 9; i++) {
        t[k++] = square_char(p, i);
        if (i == 2 || i == 5)
            t[k++] = '/';
    }
    t[k] = '\0';
    snprintf(buf, size, "%s", t);
}

static void ttt_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const ttt_pos *p = pos;
    size_t used = 0;
    unsigned r, c;
    int n;
    (void)v;
    n = snprintf(buf, size, "     a   b   c\n");
    used = n > 0 ? (size_t)n : 0;
    for (r = 0; r < 3 && used < size; r++) {
        char row[3];
        for (c = 0; c < 3; c++) {
            char ch = square_char(p, r * 3 + c);
            row[c] = ch == '.' ? ' ' : (char)toupper((unsigned char)ch);
        }
        n = snprintf(buf + used, size - used, "  %u  %c | %c | %c\n%s", 3 - r, row[0], row[1], row[2],
                     r < 2 ? "    ---+---+---\n" : "");
        if (n < 0)
            return;
        used += (size_t)n;
    }
}

static ar_game_outcome ttt_outcome(const ar_variant *v, const void *pos)
{
    const ttt_pos *p = pos;
    (void)v;
    if (has_line(p->x))
        return AR_WIN_P0;
    if (has_line(p->o))
        return AR_WIN_P1;
    if ((p->x | p->o) == 0777)
        return AR_DRAW;
    return AR_ONGOING;
}

static int ttt_to_move(const ar_variant *v, const void *pos)
{
    const ttt_pos *p = pos;
    (void)v;
    return popcount9(p->x) > popcount9(p->o);
}

static uint64_t ttt_hash(const ar_variant *v, const void *pos)
{
    const ttt_pos *p = pos;
    uint64_t h = 0;
    unsigned i;
    (void)v;
    for (i = 0; i < 9; i++) {
        if (p->x >> i & 1u)
            h ^= ar_zobrist(0x747474, i);
        if (p->o >> i & 1u)
            h ^= ar_zobrist(0x747474, 9 + i);
    }
    /* The player to move follows from the squares, so no side key is needed. */
    return h;
}

static unsigned ttt_max_moves(const ar_variant *v, const void *pos)
{
    const ttt_pos *p = pos;
    (void)v;
    return 9 - popcount9(p->x | p->o) + 1;
}

static unsigned ttt_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const ttt_pos *p = pos;
    unsigned i, n = 0;
    (void)player;
    if (ttt_outcome(v, pos) != AR_ONGOING)
        return 0;
    for (i = 0; i < 9; i++)
        if (!((p->x | p->o) >> i & 1u))
            moves[n++] = i;
    return n;
}

static void ttt_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    ttt_pos *p = pos;
    if (ttt_to_move(v, pos) == 0)
        p->x = (uint16_t)(p->x | 1u << move);
    else
        p->o = (uint16_t)(p->o | 1u << move);
}

static void ttt_undo(const ar_variant *v, void *pos, ar_gmove move)
{
    ttt_pos *p = pos;
    (void)v;
    /* The mover of `move` is whoever owns the square. */
    p->x = (uint16_t)(p->x & ~(1u << move));
    p->o = (uint16_t)(p->o & ~(1u << move));
}

static size_t ttt_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move,
                              char *buf, size_t size)
{
    int n;
    (void)v;
    (void)pos;
    (void)player;
    n = snprintf(buf, size, "%c%u", (char)('a' + move % 3), 3 - (unsigned)(move / 3));
    return n > 0 ? (size_t)n : 0;
}

static ar_status ttt_parse_move(const ar_variant *v, const void *pos, int player, const char *text,
                                size_t len, ar_gmove *out, ar_error *err)
{
    const ttt_pos *p = pos;
    unsigned sq;
    (void)player;
    if (len == 1 && text[0] >= '1' && text[0] <= '9')
        sq = (unsigned)(text[0] - '1');
    else if (len == 2 && tolower((unsigned char)text[0]) >= 'a' &&
             tolower((unsigned char)text[0]) <= 'c' && text[1] >= '1' && text[1] <= '3')
        sq = (unsigned)(3 - (text[1] - '0')) * 3 + (unsigned)(tolower((unsigned char)text[0]) - 'a');
    else
        return ar_error_set(err, AR_ERR_INPUT,
                            "'%.*s' is not a square: write a column a-c and a row 1-3 (b2 is the "
                            "centre), or a digit 1-9",
                            (int)(len > 20 ? 20 : len), text);
    if (ttt_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if ((p->x | p->o) >> sq & 1u)
        return ar_error_set(err, AR_ERR_INPUT, "%c%u is taken by %s", (char)('a' + sq % 3),
                            3 - sq / 3, (p->x >> sq & 1u) ? "X" : "O");
    *out = sq;
    return AR_OK;
}

/* E = NX - NO: lines with no O (still open for X) minus lines with no X. */
static int lines_eval(const ar_variant *v, const void *pos, int player)
{
    const ttt_pos *p = pos;
    int i, nx = 0, no = 0;
    (void)v;
    for (i = 0; i < 8; i++) {
        nx += !(p->o & lines[i]);
        no += !(p->x & lines[i]);
    }
    return player == 0 ? nx - no : no - nx;
}

static int zero_eval(const ar_variant *v, const void *pos, int player)
{
    (void)v;
    (void)pos;
    (void)player;
    return 0;
}

/* Quiescence: squares that win at once for the mover or stop the other
 * player's immediate win. */
static unsigned ttt_noisy_moves(const ar_variant *v, const void *pos, ar_gmove *moves)
{
    const ttt_pos *p = pos;
    unsigned me = ttt_to_move(v, pos) == 0 ? p->x : p->o, you = ttt_to_move(v, pos) == 0 ? p->o : p->x;
    unsigned empty = 0777u & ~(unsigned)(p->x | p->o), hot = 0, i, n = 0;
    if (ttt_outcome(v, pos) != AR_ONGOING)
        return 0;
    for (i = 0; i < 8; i++) {
        unsigned l = lines[i];
        if (popcount9(me & l) == 2 && (empty & l))
            hot |= empty & l;
        if (popcount9(you & l) == 2 && (empty & l))
            hot |= empty & l;
    }
    for (i = 0; i < 9; i++)
        if (hot >> i & 1u)
            moves[n++] = i;
    return n;
}

static const ar_game_eval ttt_evals[] = {
    {.name = "lines",
     .summary = "the notes' NX - NO: lines still open for the player minus for the opponent",
     .evaluate = lines_eval},
    {.name = "zero", .summary = "0 everywhere", .evaluate = zero_eval},
    {.name = NULL}};

/* The bench node count (`ariadne bench games`, checked by the tests). */
static const ar_game_bench_position tictactoe_bench_positions[] = {
    {.options = "", .position = NULL, .depth = 9},
    {.options = "", .position = "x../.o./...", .depth = 9},
    {.depth = 0}};

static const char *const tictactoe_ladder_bots[] = {"perfect", "alphabeta:depth=2:eval=lines", "mcts:iters=300", "random", NULL};
static const ar_game_bench_ladder tictactoe_bench_ladder = {.options = "", .bots = tictactoe_ladder_bots, .openings = 1};

/* The 3x3 board with X and O in the players' colours (page.h). */
static void ttt_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    char buf[512];
    (void)v;
    ttt_draw(v, pos, buf, sizeof buf);
    {
        /* the board's rows 3..1 from the drawing: "  3  X | O |  " */
        const char *line = buf;
        int r = 0;
        ar_scene_grid(scene, 3, 3);
        while (*line && r < 3) {
            size_t n = strcspn(line, "\n");
            if (n > 4 && line[2] >= '1' && line[2] <= '3') {
                int c;
                for (c = 0; c < 3; c++) {
                    char ch = (size_t)(5 + 4 * c) < n ? line[5 + 4 * c] : ' ';
                    char label[2] = {ch, 0};
                    ar_scene_cell(scene, r, c, ch == 'X' ? "empty+x1" : ch == 'O' ? "empty+x2" : "empty",
                                  ch == 'X' || ch == 'O' ? label : NULL);
                }
                r++;
            }
            line += n;
            if (*line)
                line++;
        }
    }
    ar_scene_axes(scene, "3 2 1", "a b c");
}

static const ar_game_example tictactoe_examples[] = {
    {.args = "analyse tictactoe x.o/.x./..o", .note = "a position's value (proven) and the best line"},
    {.args = "match tictactoe --bots perfect,random --games 10 --seed 1", .note = "the perfect player never loses"},
    {.args = "perft tictactoe 9", .note = "127,872 games last all nine plies"},
    {.args = NULL}};

const ar_game ar_game_tictactoe = {
    .name = "tictactoe",
    .summary = "tic-tac-toe: perfect play by full search; the notes' NX - NO evaluation",
    .help = "X moves first; three in a row, column or diagonal wins; a full board is a draw.\n"
    "Position: nine squares x, o or . in reading order, '/' between rows allowed:\n"
    "\"x.o/.x./..o\"; the player to move follows from the counts.\n"
    "Moves: column a-c and row 1-3 from the bottom (b2 = centre), or a digit 1-9 in\n"
    "reading order (1 = top left). Evaluations: lines (NX - NO), zero.",
    .flags = AR_GAME_DRAWS | AR_GAME_QUIESCENCE | AR_GAME_ACYCLIC,
    .create = ttt_create,
    .destroy = ttt_destroy,
    .describe = ttt_describe,
    .player_name = ttt_player_name,
    .position_size = ttt_position_size,
    .initial_position = ttt_initial,
    .parse_position = ttt_parse_position,
    .format_position = ttt_format_position,
    .draw = ttt_draw,
    .picture = ttt_picture,
    .to_move = ttt_to_move,
    .outcome = ttt_outcome,
    .hash = ttt_hash,
    .max_moves = ttt_max_moves,
    .legal_moves = ttt_legal_moves,
    .apply = ttt_apply,
    .undo = ttt_undo,
    .format_move = ttt_format_move,
    .parse_move = ttt_parse_move,
    .evals = ttt_evals,
    .default_bot = "perfect",
    .noisy_moves = ttt_noisy_moves,
    .bench_positions = tictactoe_bench_positions,
    .bench_ladder = &tictactoe_bench_ladder,
    .examples = tictactoe_examples,
};
