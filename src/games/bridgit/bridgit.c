/* bridgit.c — Bridg-it (Gale's game): the rules, the picture and the
 * evaluations; its perfect players are bridgit_shannon.c (Lehman's solution
 * of the Shannon switching game, for both players in every position: the
 * `perfect` bot's rule) and bridgit_pairing.c (Gross's pairing strategy for
 * the first player).
 *
 * Board of size n (--size, 2..12, default 5), drawn on a (2n+1) x (2n+1)
 * lattice with x to the right and y upwards. Black's dots (*) sit at x odd,
 * y even: n columns of n+1 dots; black moves first and joins the bottom row
 * to the top row. White's dots (o) sit at x even, y odd: n+1 columns of n
 * dots; white joins the left column to the right column. A move joins two
 * neighbouring dots of the mover's colour; every such bridge crosses exactly
 * one possible bridge of the other colour at a lattice point, so a move is
 * "claim a crossing point". Points on the players' own base lines join
 * nothing and are not playable, leaving n^2 + (n-1)^2 points (41 for n = 5),
 * numbered as in the lecture notes: row by row from the bottom, left to
 * right. The board cannot fill up without one player connected (as in Hex),
 * so there are no draws, and the first player wins.
 *
 * The variant also builds Gross's pairing and its mirror images (the rule
 * is explained in bridgit_pairing.c), so that the strategy costs nothing
 * per move.
 *
 * Position text: the points 1..N as '.', '*' (black) or 'o' (white), spaces
 * and '/' ignored; the player to move follows from the counts (black when
 * equal). Moves: the point's number, as shown in the picture. */
#include "bridgit_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

static const ar_option_spec br_options[] = {
    {.name = "size", .metavar = "N", .help = "board size n: n x (n+1) dots per player (2..12, default 5)"},
    {.name = NULL}};

static int cell_at(const ar_variant *v, int x, int y)
{
    if (x < 0 || y < 0 || x >= v->side || y >= v->side)
        return -1;
    return v->grid[y * v->side + x];
}

static ar_status br_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    long n;
    ar_variant *v;
    int x, y, p, d;
    ar_status st = ar_param_int(params, count, "size", 2, BR_MAX_N, 5, &n, err);
    if (st != AR_OK)
        return st;
    v = ar_xcalloc(1, sizeof *v);
    v->n = (int)n;
    v->side = 2 * v->n + 1;
    for (y = 0; y < v->side; y++)
        for (x = 0; x < v->side; x++)
            v->grid[y * v->side + x] = -1;
    /* Number the crossing points row by row from the bottom. */
    for (y = 1; y < v->side - 1; y++)
        for (x = 1; x < v->side - 1; x++)
            if ((x % 2 == 1 && y % 2 == 1) || (x % 2 == 0 && y % 2 == 0)) {
                v->cell_x[v->cells] = (short)x;
                v->cell_y[v->cells] = (short)y;
                v->grid[y * v->side + x] = (short)v->cells;
                v->cells++;
            }
    /* Dots and their neighbours: black (player 0) at (odd, even), white
     * (player 1) at (even, odd). */
    v->dots = v->n * (v->n + 1);
    for (p = 0; p < 2; p++) {
        d = 0;
        for (y = 0; y < v->side; y++)
            for (x = 0; x < v->side; x++)
                if ((p == 1 && x % 2 == 0 && y % 2 == 1) || (p == 0 && x % 2 == 1 && y % 2 == 0)) {
                    v->dot_x[p][d] = (short)x;
                    v->dot_y[p][d] = (short)y;
                    d++;
                }
        for (d = 0; d < v->dots; d++) {
            static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            int k, e;
            for (k = 0; k < 4; k++) {
                int nx = v->dot_x[p][d] + 2 * dx[k], ny = v->dot_y[p][d] + 2 * dy[k];
                if (nx < 0 || ny < 0 || nx >= v->side || ny >= v->side)
                    continue;
                for (e = 0; e < v->dots; e++)
                    if (v->dot_x[p][e] == nx && v->dot_y[p][e] == ny)
                        break;
                if (e == v->dots)
                    continue;
                v->nb[p][d][v->nbc[p][d]].dot = (short)e;
                v->nb[p][d][v->nbc[p][d]].cell =
                    (short)cell_at(v, v->dot_x[p][d] + dx[k], v->dot_y[p][d] + dy[k]);
                if (v->nb[p][d][v->nbc[p][d]].cell >= 0) {
                    v->ends[p][v->nb[p][d][v->nbc[p][d]].cell][0] = (short)d;
                    v->ends[p][v->nb[p][d][v->nbc[p][d]].cell][1] = (short)e;
                }
                v->nbc[p][d]++;
            }
        }
    }
    for (p = 0; p < 2; p++) {
        int nb = 0;
        for (d = 0; d < v->dots; d++) {
            int a = p == 0 ? v->dot_y[0][d] : v->dot_x[1][d];
            if (a == 0 && nb < v->n)
                v->base[p][nb++] = (short)d;
            v->at_goal[p][d] = a == v->side - 1;
        }
    }
    /* Gross's pairing (see the top of the file). */
    {
        int i, j;
        for (i = 0; i < v->cells; i++)
            v->partner[0][i] = -1;
        for (i = 1; i <= v->n - 1; i++)
            for (j = 0; j <= v->n - 1; j++) {
                int cx = 2 * i, cy = 2 * j + 1, a, b;
                if (i > j) {
                    a = cell_at(v, cx + 1, cy);
                    b = cell_at(v, cx, cy + 1);
                } else if (i == j) {
                    a = cell_at(v, cx - 1, cy);
                    b = cell_at(v, cx + 1, cy);
                } else {
                    a = cell_at(v, cx, cy - 1);
                    b = cell_at(v, cx - 1, cy);
                }
                if (a < 0 || b < 0 || v->partner[0][a] >= 0 || v->partner[0][b] >= 0) {
                    int size = v->n;
                    free(v);
                    return ar_error_set(err, AR_ERR_INTERNAL, "pairing construction failed at n=%d",
                                        size);
                }
                v->partner[0][a] = (short)b;
                v->partner[0][b] = (short)a;
            }
        v->opening[0] = 0;
        for (i = 1; i < 4; i++) {
            int c;
            for (c = 0; c < v->cells; c++) {
                int cx = v->cell_x[c], cy = v->cell_y[c], m = v->side - 1;
                int tx = (i == 1 || i == 2) ? m - cx : cx, ty = (i == 1 || i == 3) ? m - cy : cy;
                int t = cell_at(v, tx, ty), q = v->partner[0][c];
                if (q < 0) {
                    v->opening[i] = (short)t;
                    v->partner[i][t] = -1;
                } else {
                    int qx = (i == 1 || i == 2) ? m - v->cell_x[q] : v->cell_x[q];
                    int qy = (i == 1 || i == 3) ? m - v->cell_y[q] : v->cell_y[q];
                    v->partner[i][t] = (short)cell_at(v, qx, qy);
                }
            }
        }
    }
    *out = v;
    return AR_OK;
}

static void br_destroy(ar_variant *v) { free(v); }

static void br_describe(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "Bridg-it %dx%d (%d points)", v->n, v->n + 1, v->cells);
}

static const char *br_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "black" : "white";
}

static size_t br_position_size(const ar_variant *v)
{
    (void)v;
    return sizeof(br_pos);
}

static void br_initial(const ar_variant *v, void *pos)
{
    (void)v;
    memset(pos, 0, sizeof(br_pos));
}

/* Whether `player` has joined its two sides: a depth-first search from the
 * first base line over the player's bridges. */
static int connected(const ar_variant *v, const br_pos *p, int player)
{
    short stack[BR_MAX_DOTS];
    uint64_t seen[(BR_MAX_DOTS + 63) / 64] = {0};
    const uint64_t *own = p->own[player];
    int sp, d, w, bridges = 0;
    /* A path needs n bridges (a quick no for most positions in a search). */
    for (w = 0; w < BR_WORDS; w++) {
        uint64_t x = own[w];
        for (; x; x &= x - 1)
            bridges++;
    }
    if (bridges < v->n)
        return 0;
    for (sp = 0; sp < v->n; sp++) {
        d = v->base[player][sp];
        seen[d >> 6] |= (uint64_t)1 << (d & 63);
        stack[sp] = (short)d;
    }
    while (sp) {
        int k;
        d = stack[--sp];
        if (v->at_goal[player][d])
            return 1;
        for (k = 0; k < v->nbc[player][d]; k++) {
            const br_neighbour *e = &v->nb[player][d][k];
            int c = e->cell, t = e->dot;
            if (c < 0 || !(own[c >> 6] >> (c & 63) & 1u) || (seen[t >> 6] >> (t & 63) & 1u))
                continue;
            seen[t >> 6] |= (uint64_t)1 << (t & 63);
            stack[sp++] = (short)t;
        }
    }
    return 0;
}

/* Fewest further bridges `player` needs (0-1 BFS: own bridges cost 0, free
 * points 1, the opponent's points block); a large number when cut off. */
static int distance(const ar_variant *v, const br_pos *p, int player)
{
    short dq[2 * BR_MAX_DOTS * 4 + 8];
    int dist[BR_MAX_DOTS], head = BR_MAX_DOTS * 4, tail = BR_MAX_DOTS * 4, d, goal = v->side - 1;
    for (d = 0; d < v->dots; d++) {
        int c = along(v, player, d);
        dist[d] = c == 0 ? 0 : 1000;
        if (c == 0)
            dq[tail++] = (short)d;
    }
    while (head < tail) {
        int k;
        d = dq[head++];
        if (along(v, player, d) == goal)
            return dist[d];
        for (k = 0; k < v->nbc[player][d]; k++) {
            const br_neighbour *e = &v->nb[player][d][k];
            int w, o;
            if (e->cell < 0)
                continue;
            o = owner(p, e->cell);
            if (o == 1 - player)
                continue;
            w = o == player ? 0 : 1;
            if (dist[d] + w < dist[e->dot]) {
                dist[e->dot] = dist[d] + w;
                if (w == 0)
                    dq[--head] = e->dot;
                else
                    dq[tail++] = e->dot;
            }
        }
    }
    return 1000;
}

static ar_game_outcome br_outcome(const ar_variant *v, const void *pos)
{
    const br_pos *p = pos;
    if (p->claimed < (uint32_t)v->n)
        return AR_ONGOING; /* nobody can have joined yet: a path needs n bridges */
    if (connected(v, p, 0))
        return AR_WIN_P0;
    if (connected(v, p, 1))
        return AR_WIN_P1;
    return AR_ONGOING;
}

/* The outcome for the strategy files; the slot itself stays static, so the
 * calls inside this file (legal_moves, the search's every node) keep
 * inlining it. */
ar_game_outcome ar_bridgit_outcome(const ar_variant *v, const void *pos)
{
    return br_outcome(v, pos);
}

static ar_status br_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    br_pos p;
    int n = 0, count[2] = {0, 0};
    const char *s;
    memset(&p, 0, sizeof p);
    for (s = text; *s; s++) {
        char c = *s;
        if (c == '/' || isspace((unsigned char)c))
            continue;
        if (n >= v->cells)
            return ar_error_set(err, AR_ERR_INPUT, "more than %d points (at '%.10s')", v->cells, s);
        if (c == '*' || c == 'b' || c == 'B' || c == 'x' || c == 'X') {
            claim(&p, 0, n);
            count[0]++;
        } else if (c == 'o' || c == 'O' || c == 'w' || c == 'W') {
            claim(&p, 1, n);
            count[1]++;
        } else if (c != '.' && c != '-')
            return ar_error_set(err, AR_ERR_INPUT,
                                "point %d: '%c' is not '.', '*' (black) or 'o' (white)", n + 1, c);
        n++;
    }
    if (n != v->cells)
        return ar_error_set(err, AR_ERR_INPUT, "%d points given; a size-%d board has %d", n, v->n,
                            v->cells);
    if (count[0] != count[1] && count[0] != count[1] + 1)
        return ar_error_set(err, AR_ERR_INPUT,
                            "black has %d bridges and white %d: black moves first, so black has "
                            "as many as white or one more",
                            count[0], count[1]);
    p.to_move = count[0] == count[1] ? 0u : 1u;
    p.claimed = (uint32_t)(count[0] + count[1]);
    if (connected(v, &p, 0) && connected(v, &p, 1))
        return ar_error_set(err, AR_ERR_INPUT, "both players are connected");
    memcpy(pos, &p, sizeof p);
    return AR_OK;
}

static void br_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const br_pos *p = pos;
    size_t used = 0;
    int i;
    for (i = 0; i < v->cells && used + 2 < size; i++) {
        int o = owner(p, i);
        if (i && v->cell_y[i] != v->cell_y[i - 1])
            buf[used++] = '/';
        buf[used++] = o == 0 ? '*' : o == 1 ? 'o' : '.';
    }
    if (size)
        buf[used < size ? used : size - 1] = '\0';
}

static void br_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const br_pos *p = pos;
    size_t used = 0;
    int x, y;
#define PUT(...)                                                                    \
    do {                                                                            \
        int n_ = snprintf(buf + used, used < size ? size - used : 0, __VA_ARGS__);  \
        if (n_ > 0)                                                                 \
            used += (size_t)n_;                                                     \
        if (used >= size)                                                           \
            return;                                                                 \
    } while (0)
    if (size)
        buf[0] = '\0';
    PUT("  black (*) joins bottom and top; white (o) joins left and right\n");
    PUT("  black bridges: === and H ; white: --- and | ; free points show their number\n\n");
    for (y = v->side - 1; y >= 0; y--) {
        PUT("  ");
        for (x = 0; x < v->side; x++) {
            int c = cell_at(v, x, y);
            if (x % 2 == 0 && y % 2 == 1)
                PUT(" o ");
            else if (x % 2 == 1 && y % 2 == 0)
                PUT(" * ");
            else if (c < 0)
                PUT("   ");
            else {
                int o = owner(p, c);
                /* White bridges are horizontal at (odd, odd), vertical at
                 * (even, even); black the other way round. */
                int horizontal = (y % 2 == 1) == (o == 1);
                if (o < 0)
                    PUT("%3d", c + 1);
                else if (o == 1)
                    PUT(horizontal ? "---" : " | ");
                else
                    PUT(horizontal ? "===" : " H ");
            }
        }
        PUT("\n");
    }
#undef PUT
}

static int br_to_move(const ar_variant *v, const void *pos)
{
    (void)v;
    return (int)((const br_pos *)pos)->to_move;
}

static uint64_t br_hash(const ar_variant *v, const void *pos)
{
    const br_pos *p = pos;
    (void)v;
    return p->hash ^ (p->to_move ? ar_zobrist(0x4252, 0xFFFF) : 0);
}

static unsigned br_max_moves(const ar_variant *v, const void *pos)
{
    const br_pos *p = pos;
    return (unsigned)v->cells - p->claimed + 1;
}

static unsigned br_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    const br_pos *p = pos;
    unsigned n = 0;
    int i;
    (void)player;
    if (br_outcome(v, pos) != AR_ONGOING)
        return 0;
    for (i = 0; i < v->cells; i++)
        if (owner(p, i) < 0)
            moves[n++] = (ar_gmove)i;
    return n;
}

static void br_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    br_pos *p = pos;
    (void)v;
    claim(p, (int)p->to_move, (int)move);
    p->to_move ^= 1u;
    p->claimed++;
}

static void br_undo(const ar_variant *v, void *pos, ar_gmove move)
{
    br_pos *p = pos;
    (void)v;
    p->to_move ^= 1u;
    p->claimed--;
    claim(p, (int)p->to_move, (int)move);
}

static void br_pass(const ar_variant *v, void *pos)
{
    (void)v;
    ((br_pos *)pos)->to_move ^= 1u;
}

static size_t br_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move,
                             char *buf, size_t size)
{
    int n;
    (void)v;
    (void)pos;
    (void)player;
    n = snprintf(buf, size, "%u", (unsigned)move + 1);
    return n > 0 ? (size_t)n : 0;
}

static ar_status br_parse_move(const ar_variant *v, const void *pos, int player, const char *text,
                               size_t len, ar_gmove *out, ar_error *err)
{
    const br_pos *p = pos;
    unsigned long c = 0;
    size_t i;
    int o;
    (void)player;
    for (i = 0; i < len && i < 6 && isdigit((unsigned char)text[i]); i++)
        c = c * 10 + (unsigned long)(text[i] - '0');
    if (i == 0 || i != len)
        return ar_error_set(err, AR_ERR_INPUT,
                            "'%.*s' is not a point: type the number shown on a free point (1..%d)",
                            (int)(len > 20 ? 20 : len), text, v->cells);
    if (c < 1 || c > (unsigned long)v->cells)
        return ar_error_set(err, AR_ERR_INPUT, "there is no point %lu: points are 1..%d", c, v->cells);
    if (br_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    o = owner(p, (int)c - 1);
    if (o >= 0)
        return ar_error_set(err, AR_ERR_INPUT, "point %lu is already bridged by %s", c,
                            o == 0 ? "black" : "white");
    *out = c - 1;
    return AR_OK;
}

/* The difference in bridges still needed, scaled: positive when the player
 * is nearer to joining its sides than the opponent. */
int ar_bridgit_distance_eval(const ar_variant *v, const void *pos, int player)
{
    const br_pos *p = pos;
    int mine = distance(v, p, player), theirs = distance(v, p, 1 - player);
    if (mine >= 1000)
        mine = 2 * v->cells;
    if (theirs >= 1000)
        theirs = 2 * v->cells;
    /* Being to move is worth about half a bridge. */
    return 100 * (theirs - mine) + ((int)p->to_move == player ? 50 : -50);
}

static int zero_eval(const ar_variant *v, const void *pos, int player)
{
    (void)v;
    (void)pos;
    (void)player;
    return 0;
}

static const ar_game_eval br_evals[] = {
    {.name = "distance",
     .summary = "bridges the opponent still needs minus bridges the player needs (x100)",
     .evaluate = ar_bridgit_distance_eval},
    {.name = "zero", .summary = "0 everywhere", .evaluate = zero_eval},
    {.name = NULL}};

static const ar_game_strategy br_strategies[] = {
    {.name = "shannon",
     .summary = "Lehman's solution of the Shannon switching game: perfect for either player in every "
                "position",
     .choose = ar_bridgit_shannon_choose,
     .value = ar_bridgit_shannon_value},
    {.name = "pairing",
     .summary = "Gross's pairing strategy for black, the first player (and its mirror images)",
     .choose = ar_bridgit_pairing_choose,
     .value = ar_bridgit_pairing_value},
    {.name = NULL}};

/* The bench node count (`ariadne bench games`, checked by the tests). */
static const ar_game_bench_position bridgit_bench_positions[] = {
    {.options = "size=3", .position = NULL, .depth = 13},
    {.options = "size=4", .position = NULL, .depth = 5},
    {.options = "size=5", .position = NULL, .depth = 5},
    {.options = "size=5", .position = "*..../..../*..*./..o./o...*/..o./...../..../.....", .depth = 4},
    {.depth = 0}};

static const char *const bridgit_ladder_bots[] = {"pairing:depth=2", "alphabeta:depth=2", "mcts:iters=300", "random", NULL};
static const ar_game_bench_ladder bridgit_bench_ladder = {.options = "size=5", .bots = bridgit_ladder_bots, .openings = 0};

/* Variants the conformance tests play besides the default and the bench's. */
static const char *const bridgit_test_variants[] = {"size=2", "size=12", NULL};

/* The board as its text drawing: black's points and bridges blue, white's
 * red, free crossings numbered (page.h). */
static void br_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    char *buf = malloc(1 << 16);
    const char *board;
    if (!buf)
        return;
    br_draw(v, pos, buf, 1 << 16);
    /* skip the two lines of legend and the blank line */
    board = buf;
    for (int k = 0; k < 3 && strchr(board, '\n'); k++)
        board = strchr(board, '\n') + 1;
    ar_scene_text_grid(scene, board, "*=p1 o=p2 =H=l1 -|=l2 0123456789=muted");
    free(buf);
}

static const ar_game_example bridgit_examples[] = {
    {.args = "analyse bridgit --size 3", .note = "the start of a 3x4 game: black, moving first, wins (Lehman's rule)"},
    {.args = "match bridgit --bots perfect,alphabeta:depth=2 --games 4 --seed 1", .note = "the perfect player wins every game as black"},
    {.args = NULL}};

const ar_game ar_game_bridgit = {
    .name = "bridgit",
    .summary = "Bridg-it (Gale's game): n x (n+1) dots each; perfect play by Lehman's switching-game rule",
    .help = "Black (*, moves first) joins bottom and top, white (o) joins left and right, each\n"
    "by bridging neighbouring dots of its own colour; bridges may not cross, so each\n"
    "move claims one crossing point. --size N (2..12, default 5): n x (n+1) dots per\n"
    "player, n^2 + (n-1)^2 points, numbered from the bottom row, left to right.\n"
    "Moves: the number of a free point. Position: the points in order as '.', '*',\n"
    "'o' ('/' between rows allowed). The perfect bot (rule `shannon`) plays either\n"
    "colour from any position: it wins every won position (Lehman's solution of the\n"
    "Shannon switching game); `pairing` is Gross's strategy for black. Searching\n"
    "bots use the distance evaluation.",
    .flags = AR_GAME_NULL_MOVE | AR_GAME_ACYCLIC,
    .options = br_options,
    .create = br_create,
    .destroy = br_destroy,
    .describe = br_describe,
    .player_name = br_player_name,
    .position_size = br_position_size,
    .initial_position = br_initial,
    .parse_position = br_parse_position,
    .format_position = br_format_position,
    .draw = br_draw,
    .picture = br_picture,
    .to_move = br_to_move,
    .outcome = br_outcome,
    .hash = br_hash,
    .max_moves = br_max_moves,
    .legal_moves = br_legal_moves,
    .apply = br_apply,
    .undo = br_undo,
    .format_move = br_format_move,
    .parse_move = br_parse_move,
    .evals = br_evals,
    .strategies = br_strategies,
    .default_bot = "perfect",
    .pass = br_pass,
    .bench_positions = bridgit_bench_positions,
    .bench_ladder = &bridgit_bench_ladder,
    .test_variants = bridgit_test_variants,
    .examples = bridgit_examples,
};
