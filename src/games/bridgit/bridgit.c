/* bridgit.c — Bridg-it (Gale's game) and perfect players for it.
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
 * Perfect first player: O. Gross's pairing strategy, in the form of the
 * notes' n = 5 answer table, generalised here to every n. Black opens with
 * point 1 (the bridge up from the bottom row at the left). Every other point
 * is paired with another: around the white dot in column i = 1..n-1 and row
 * j = 0..n-1 (lattice (2i, 2j+1)) the points next to it
 *     i >  j  (on or below the diagonal): right and up
 *     i == j:                             left and right
 *     i <  j  (above the diagonal):       down and left
 * form a pair, and each point belongs to exactly one pair. Whenever white
 * claims a point of a pair, black claims its partner, so black ends with one
 * point of every pair; tests/test_bridgit.c proves for n = 2..5 that every
 * such choice (all 2^(n^2-n) of them) plus the opening connects black, and
 * plays the strategy against every white reply on small boards. The three
 * mirror images of the pairing (half turn, left-right, top-bottom) are
 * equally valid; the bot follows whichever one the position still fits, so
 * it also wins after a different first move when one of them applies.
 *
 * Perfect player for both sides in every position: Lehman's solution of the
 * Shannon switching game ("shannon", the first strategy, so the `perfect`
 * bot's choice; the section "the switching game" below states the criterion
 * and proves it). It gives the value of any position and, where the mover
 * wins, a move that keeps the win; tests/test_bridgit.c checks both against
 * exhaustive search on every position of n = 2 and 3 and on sampled ones of
 * n = 4. The pairing rule stays as the classical first-player strategy.
 *
 * Position text: the points 1..N as '.', '*' (black) or 'o' (white), spaces
 * and '/' ignored; the player to move follows from the counts (black when
 * equal). Moves: the point's number, as shown in the picture. */
#include "ariadne/game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BR_MAX_N 12
#define BR_MAX_CELLS (BR_MAX_N * BR_MAX_N + (BR_MAX_N - 1) * (BR_MAX_N - 1))
#define BR_WORDS ((BR_MAX_CELLS + 63) / 64)
#define BR_SIDE (2 * BR_MAX_N + 1)
#define BR_MAX_DOTS (BR_MAX_N * (BR_MAX_N + 1))

typedef struct br_neighbour {
    short dot;  /* index of the neighbouring dot of the same colour */
    short cell; /* the crossing point their bridge claims (-1: along a base line) */
} br_neighbour;

struct ar_variant {
    int n;
    int cells;
    int side;                          /* 2n+1 */
    short cell_x[BR_MAX_CELLS], cell_y[BR_MAX_CELLS];
    short grid[BR_SIDE * BR_SIDE];     /* lattice point -> cell index or -1 */
    /* Pairing strategy and its images under the board's symmetries that keep
     * each player's sides (identity, half turn, left-right and top-bottom
     * mirror): partner point, -1 for that pairing's opening. */
    short partner[4][BR_MAX_CELLS];
    short opening[4];
    /* Dots of each player: lattice coordinates and up to four neighbours. */
    int dots;
    short dot_x[2][BR_MAX_DOTS], dot_y[2][BR_MAX_DOTS];
    br_neighbour nb[2][BR_MAX_DOTS][4];
    unsigned char nbc[2][BR_MAX_DOTS];
    /* The two dots of each player's bridge through each point (the
     * switching-game graph's edges). */
    short ends[2][BR_MAX_CELLS][2];
    /* Each player's dots on its first base line, and which dots lie on the
     * other one (for connected()). */
    short base[2][BR_MAX_N];
    unsigned char at_goal[2][BR_MAX_DOTS];
};

typedef struct br_pos {
    uint64_t own[2][BR_WORDS]; /* claimed points of black (0) and white (1) */
    uint64_t hash;             /* Zobrist of the claimed points (the side is added by hash()) */
    uint32_t to_move;
    uint32_t claimed;
} br_pos;

static const ar_option_spec br_options[] = {
    {"size", "N", "board size n: n x (n+1) dots per player (2..12, default 5)"},
    {NULL, NULL, NULL}};

static int get_bit(const uint64_t *b, int i) { return (int)(b[i >> 6] >> (i & 63) & 1u); }

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

static int owner(const br_pos *p, int cell)
{
    return get_bit(p->own[0], cell) ? 0 : get_bit(p->own[1], cell) ? 1 : -1;
}

static void claim(br_pos *p, int player, int cell)
{
    p->own[player][cell >> 6] ^= (uint64_t)1 << (cell & 63);
    p->hash ^= ar_zobrist(0x4252 + (uint64_t)player, (uint64_t)cell);
}

/* A dot's coordinate in the direction its player connects: y for black
 * (bottom to top), x for white (left to right). */
static int along(const ar_variant *v, int player, int d)
{
    return player == 0 ? v->dot_y[0][d] : v->dot_x[1][d];
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
static int distance_eval(const ar_variant *v, const void *pos, int player)
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

/* ---------------------------------------------------------------- pairing */

/* Checks pairing k's invariant for black (player 0): the opening is black's
 * (or free with black to move), no pair has both points white, and at most
 * one pair (only when black is to move, and not while the opening is still
 * free) has a white point and a free one. Returns that pair's free point in
 * *reply (-1 when none), or 0 if broken. */
static int pairing_state(const ar_variant *v, const br_pos *p, int k, int *reply)
{
    int i, open = owner(p, v->opening[k]);
    *reply = -1;
    if (open == 1)
        return 0;
    if (open < 0 && p->to_move != 0)
        return 0;
    for (i = 0; i < v->cells; i++) {
        int j = v->partner[k][i], a, b;
        if (j < i)
            continue; /* each pair once; the opening has partner -1 */
        a = owner(p, i);
        b = owner(p, j);
        if (a == 1 && b == 1)
            return 0;
        if ((a == 1 && b < 0) || (b == 1 && a < 0)) {
            if (p->to_move != 0 || *reply >= 0)
                return 0;
            *reply = a < 0 ? i : j;
        }
    }
    /* Black cannot both take the opening and answer a threatened pair. */
    if (open < 0 && *reply >= 0)
        return 0;
    return 1;
}

static ar_status pairing_value(const ar_variant *v, const void *pos, int *value, ar_error *err)
{
    const br_pos *p = pos;
    int reply;
    ar_game_outcome o = br_outcome(v, pos);
    if (o != AR_ONGOING) {
        *value = ar_game_outcome_for(o, (int)p->to_move);
        return AR_OK;
    }
    {
        int k;
        for (k = 0; k < 4; k++)
            if (pairing_state(v, p, k, &reply)) {
                *value = p->to_move == 0 ? 1 : -1;
                return AR_OK;
            }
    }
    return ar_error_set(err, AR_ERR_UNSUPPORTED,
                        "the position does not follow black's pairing strategy (or its mirror images)");
}

static ar_status pairing_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                                ar_error *err)
{
    const br_pos *p = pos;
    int reply, i, k;
    (void)rng;
    if (br_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (p->to_move != 0)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "the pairing strategy plays black, the first player");
    /* The first of the four symmetric pairings the position still follows. */
    for (k = 0; k < 4; k++)
        if (pairing_state(v, p, k, &reply))
            break;
    if (k == 4)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the position does not follow black's pairing strategy (or its mirror "
                            "images)");
    if (reply >= 0) {
        *out = (ar_gmove)reply;
        return AR_OK;
    }
    if (owner(p, v->opening[k]) < 0) {
        *out = (ar_gmove)v->opening[k];
        return AR_OK;
    }
    /* No pair is threatened: any free point keeps the invariant; prefer one
     * from a pair that is still empty. */
    for (i = 0; i < v->cells; i++)
        if (v->partner[k][i] >= 0 && owner(p, i) < 0 && owner(p, v->partner[k][i]) < 0) {
            *out = (ar_gmove)i;
            return AR_OK;
        }
    for (i = 0; i < v->cells; i++)
        if (owner(p, i) < 0) {
            *out = (ar_gmove)i;
            return AR_OK;
        }
    return ar_error_set(err, AR_ERR_INTERNAL, "no free point");
}

/* -------------------------------------------------- the switching game */

/* Bridg-it is a Shannon switching game, and Lehman (1964) solved those; this
 * section is the "shannon" strategy, perfect for both players in every
 * position.
 *
 * The game as a switching game. For player P let G_P be the multigraph whose
 * vertices are P's dots, with the dots of P's first base line merged into
 * one terminal s and those of the other into t; P's bridges are contracted,
 * the opponent's deleted, and the edges are the free points (each point is
 * exactly one possible bridge of P). A move of P contracts its edge in G_P
 * ("Short" claims it); a move of the opponent deletes it ("Cut"). P has
 * joined its sides when s = t. Bridg-it stops when either player joins, but a
 * joined path of the opponent crosses every path P could still build (the
 * board is planar), so P could never join afterwards: for P the outcome is
 * that of the switching game on G_P with P as Short. Both graphs describe
 * the same game; we always ask in the graph of the player we ask about.
 *
 * A vertex set U is 2-tree-connected when G[U] has two edge-disjoint
 * spanning trees (one vertex counts). C(G): s and t lie in a common
 * 2-tree-connected set.
 *
 * Theorem (Lehman). With Cut to move, Short wins iff C(G). Hence in a
 * position with P to move and Q the other player: Q wins iff C(G_Q), and P's
 * winning moves are exactly the free points c with C(G_P / c).
 *
 * Standard facts used. (F1) If U is 2-tree-connected, so is its image after
 * contracting an edge f (if f is in tree T1, T1/f spans; T2/f is connected
 * with |U|-1 edges on |U|-1 vertices, so contains a spanning tree) or after
 * adding edges. (F2) If S is 2-tree-connected and the image of U ⊇ S in G/S
 * is, so is U (join the trees). So two 2-tree-connected sets sharing a vertex
 * have a 2-tree-connected union, and the maximal ones partition the vertices.
 * (F3) Nash-Williams and Tutte: G[S] has two edge-disjoint spanning trees iff
 * every partition of S into p parts has at least 2(p-1) edges between parts.
 *
 * Short's side, C(G) => Short wins: keep edge-disjoint spanning trees T1, T2
 * of a U holding s and t. When Cut deletes an edge e of T1, T1 - e falls into
 * two parts and T2 has an edge f joining them; Short claims f, and
 * (T1 - e + f)/f and T2/f are edge-disjoint spanning trees of U/f. When Cut
 * deletes an edge outside both trees, Short claims any tree edge (F1). Every
 * claim merges two vertices of U, so s and t meet.
 *
 * Cut's side, not C(G) => Cut (to move) wins: contract each maximal
 * 2-tree-connected class (F2) and drop loops. In the quotient H every vertex
 * set S with |S| >= 2 spans at most 2|S|-3 edges: otherwise take a smallest
 * S spanning at least 2|S|-2; it is not 2-tree-connected (by F2 it would
 * enlarge a class), so by F3 a partition into p parts has fewer than 2(p-1)
 * crossing edges, and some part S_i spans more than 2(|S_i|-1) edges, which
 * needs |S_i| >= 2 and contradicts minimality. Call S tight when it spans
 * exactly 2|S|-3 edges. Spanned edge counts are supermodular, so two tight
 * sets with two common vertices have a tight intersection; if any tight set
 * holds s and t there is a least one, m. Cut deletes an edge d of H[m] (any
 * edge when there is no such m: then the count below finds a tight set
 * holding s and t in H itself). Suppose Short's reply f gave
 * C((G - d)/f). Contracting the classes keeps that (F1): in
 * H' = (H - d)/f some S holding s and t has two edge-disjoint spanning trees,
 * so spans at least 2|S|-2 edges. If f is a loop of H, H' = H - d and S is too
 * dense for H. Otherwise S holds the merged vertex (else again too dense),
 * and its preimage S' (one vertex more) spans at least 2|S'|-3 edges of
 * H - d: tight in H - d and in H (so d is not inside S'), holding s and t,
 * hence S' ⊇ m (as S' ∩ m is tight) and d is inside S' after all. So Cut
 * keeps "not C" after every pair of moves; when the edges run out, not C
 * means s != t, and Short has lost. (Mansfield, "Strategies for the Shannon
 * switching game", gives another elementary proof of Lehman's theorem.)
 *
 * Computing C. Let M be the cycle matroid and M v M its union with itself
 * (edge sets that split into two forests). C(G) iff a new edge e0 = st does
 * not raise the rank of M v M (the largest two-forest edge set). If C(G) with
 * U: E(G[U]) already has rank 2(|U|-1), and with e0 it cannot have more
 * (each forest inside U has at most |U|-1 edges), so e0 is spanned.
 * Conversely a circuit X of M v M through
 * e0 satisfies, by the union rank formula min_Y |X - Y| + 2 r(Y) = |X| - 1,
 * |Y| = 2 r(Y) + 1 for some Y ⊆ X, so Y = X; X is connected (else one
 * component would already be dependent), and X - e0 splits into two forests
 * of r(X) edges each: spanning trees of the vertex set of X, which holds s
 * and t. The two forests are built by Edmonds' matroid partition: an edge
 * enters one forest, pushing an edge of the cycle it closes into the other,
 * and so on along a shortest path of such exchanges (breadth-first search);
 * one pass over the edges gives the rank, and e0's insertion fails exactly
 * when C(G). The graphs are small (at most 265 edges at n = 12, 41 at the
 * default n = 5), and one test costs a few microseconds at n = 5. */

#define SW_MAX_V BR_MAX_DOTS
#define SW_MAX_E (BR_MAX_CELLS + 1)

typedef struct sw_graph {
    int nv, ne;
    int s, t;                  /* the terminals (equal once joined) */
    short eu[SW_MAX_E], ev[SW_MAX_E];
    signed char in[SW_MAX_E];  /* forest 0 or 1, or -1 */
    /* Union-find of each forest's components, for the common case of an
     * edge that joins two trees; rebuilt after an exchange path. */
    short uf[2][SW_MAX_V];
} sw_graph;

/* One forest rooted: for each vertex its component, parent, the edge to the
 * parent and its depth. */
typedef struct sw_forest {
    short comp[SW_MAX_V], parent[SW_MAX_V], pedge[SW_MAX_V], depth[SW_MAX_V];
} sw_forest;

static int uf_find(short *uf, int a)
{
    while (uf[a] != a) {
        uf[a] = uf[uf[a]];
        a = uf[a];
    }
    return a;
}

/* G_player of position p with point `plus` also claimed by player and point
 * `minus` also claimed by the opponent (-1: none). */
static void sw_build(const ar_variant *v, const br_pos *p, int player, int plus, int minus,
                     sw_graph *g)
{
    short uf[BR_MAX_DOTS], id[BR_MAX_DOTS];
    int d, c, goal = v->side - 1, s_dot = -1, t_dot = -1;
    for (d = 0; d < v->dots; d++)
        uf[d] = (short)d;
    for (d = 0; d < v->dots; d++) {
        int a = along(v, player, d), *first = a == 0 ? &s_dot : a == goal ? &t_dot : NULL;
        if (!first)
            continue;
        if (*first < 0)
            *first = d;
        else
            uf[uf_find(uf, d)] = (short)uf_find(uf, *first);
    }
    for (c = 0; c < v->cells; c++)
        if (c == plus || get_bit(p->own[player], c))
            uf[uf_find(uf, v->ends[player][c][0])] = (short)uf_find(uf, v->ends[player][c][1]);
    g->nv = 0;
    for (d = 0; d < v->dots; d++)
        if (uf_find(uf, d) == d)
            id[d] = (short)g->nv++;
    g->s = id[uf_find(uf, s_dot)];
    g->t = id[uf_find(uf, t_dot)];
    g->ne = 0;
    for (c = 0; c < v->cells; c++) {
        int a, b;
        if (c == plus || c == minus || get_bit(p->own[0], c) || get_bit(p->own[1], c))
            continue;
        a = id[uf_find(uf, v->ends[player][c][0])];
        b = id[uf_find(uf, v->ends[player][c][1])];
        if (a == b)
            continue; /* a loop: no use to anyone */
        g->eu[g->ne] = (short)a;
        g->ev[g->ne] = (short)b;
        g->in[g->ne] = -1;
        g->ne++;
    }
}

static void sw_root(const sw_graph *g, int which, sw_forest *f)
{
    short head[SW_MAX_V], next[2 * SW_MAX_E], edge[2 * SW_MAX_E], stack[SW_MAX_V];
    int e, u, k = 0, comps = 0;
    for (u = 0; u < g->nv; u++) {
        head[u] = -1;
        f->comp[u] = -1;
    }
    for (e = 0; e < g->ne; e++)
        if (g->in[e] == which) {
            edge[k] = (short)e;
            next[k] = head[g->eu[e]];
            head[g->eu[e]] = (short)k++;
            edge[k] = (short)e;
            next[k] = head[g->ev[e]];
            head[g->ev[e]] = (short)k++;
        }
    for (u = 0; u < g->nv; u++) {
        int sp = 0;
        if (f->comp[u] >= 0)
            continue;
        f->comp[u] = (short)comps;
        f->parent[u] = -1;
        f->pedge[u] = -1;
        f->depth[u] = 0;
        stack[sp++] = (short)u;
        while (sp) {
            int a = stack[--sp], j;
            for (j = head[a]; j >= 0; j = next[j]) {
                int ed = edge[j], b = g->eu[ed] == a ? g->ev[ed] : g->eu[ed];
                if (f->comp[b] >= 0)
                    continue;
                f->comp[b] = (short)comps;
                f->parent[b] = (short)a;
                f->pedge[b] = (short)ed;
                f->depth[b] = (short)(f->depth[a] + 1);
                stack[sp++] = (short)b;
            }
        }
        comps++;
    }
}

static void sw_uf_reset(sw_graph *g)
{
    int i, u, e;
    for (i = 0; i < 2; i++)
        for (u = 0; u < g->nv; u++)
            g->uf[i][u] = (short)u;
    for (e = 0; e < g->ne; e++)
        if (g->in[e] >= 0)
            g->uf[g->in[e]][uf_find(g->uf[g->in[e]], g->eu[e])] =
                (short)uf_find(g->uf[g->in[e]], g->ev[e]);
}

/* Adds edge x to the two forests by a shortest exchange path; 0 if x is
 * spanned by them (then nothing changes). */
static int sw_insert(sw_graph *g, int x)
{
    sw_forest f[2];
    short prev[SW_MAX_E], queue[SW_MAX_E];
    int qh = 0, qt = 0, e;
    /* Fast path: x joins two trees of a forest. */
    for (e = 0; e < 2; e++) {
        int a = uf_find(g->uf[e], g->eu[x]), b = uf_find(g->uf[e], g->ev[x]);
        if (a != b) {
            g->in[x] = (signed char)e;
            g->uf[e][a] = (short)b;
            return 1;
        }
    }
    sw_root(g, 0, &f[0]);
    sw_root(g, 1, &f[1]);
    for (e = 0; e < g->ne; e++)
        prev[e] = -2;
    prev[x] = -1;
    queue[qt++] = (short)x;
    while (qh < qt) {
        int y = queue[qh++], i;
        for (i = 0; i < 2; i++) {
            int a = g->eu[y], b = g->ev[y];
            if (g->in[y] == i)
                continue;
            if (f[i].comp[a] != f[i].comp[b]) {
                /* y enters forest i freely: play the exchanges back to x. */
                int dest = i;
                for (;;) {
                    int old = g->in[y];
                    g->in[y] = (signed char)dest;
                    if (prev[y] < 0)
                        break;
                    dest = old;
                    y = prev[y];
                }
                sw_uf_reset(g);
                return 1;
            }
            /* y closes a cycle in forest i: each edge z of it could leave
             * forest i to make room for y. */
            while (a != b) {
                int z;
                if (f[i].depth[a] < f[i].depth[b]) {
                    int tmp = a;
                    a = b;
                    b = tmp;
                }
                z = f[i].pedge[a];
                if (prev[z] == -2) {
                    prev[z] = (short)y;
                    queue[qt++] = (short)z;
                }
                a = f[i].parent[a];
            }
        }
    }
    return 0;
}

/* C(G_player) for position p with the extra points (see sw_build). */
static int sw_joinable(const ar_variant *v, const br_pos *p, int player, int plus, int minus)
{
    sw_graph g;
    int e;
    sw_build(v, p, player, plus, minus, &g);
    if (g.s == g.t)
        return 1;
    sw_uf_reset(&g);
    for (e = 0; e < g.ne; e++)
        sw_insert(&g, e);
    g.eu[g.ne] = (short)g.s;
    g.ev[g.ne] = (short)g.t;
    g.in[g.ne] = -1;
    g.ne++;
    return !sw_insert(&g, g.ne - 1);
}

static ar_status shannon_value(const ar_variant *v, const void *pos, int *value, ar_error *err)
{
    const br_pos *p = pos;
    ar_game_outcome o = br_outcome(v, pos);
    (void)err;
    if (o != AR_ONGOING)
        *value = ar_game_outcome_for(o, (int)p->to_move);
    else
        *value = sw_joinable(v, p, 1 - (int)p->to_move, -1, -1) ? -1 : 1;
    return AR_OK;
}

/* Above this many free points a lost position's move is chosen by the
 * distance evaluation alone (counting the opponent's winning replies costs
 * one switching-game test per pair of points). */
#define SW_COUNT_LIMIT 64

static ar_status shannon_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                                ar_error *err)
{
    const br_pos *p = pos;
    int me = (int)p->to_move, you = 1 - me, c, d, best = -1, free_points = 0;
    int lost, best_replies = 0, best_eval = 0;
    (void)rng; /* deterministic: the same position always gets the same move */
    if (br_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    for (c = 0; c < v->cells; c++)
        if (owner(p, c) < 0)
            free_points++;
    lost = sw_joinable(v, p, you, -1, -1);
    for (c = 0; c < v->cells; c++) {
        br_pos after;
        int replies = 0, eval;
        if (owner(p, c) >= 0)
            continue;
        if (!lost) {
            if (!sw_joinable(v, p, me, c, -1))
                continue; /* not a winning move */
        } else if (free_points <= SW_COUNT_LIMIT) {
            /* Lost against perfect play: leave the opponent as few winning
             * replies as possible, so that a fallible one may miss them. */
            for (d = 0; d < v->cells; d++)
                if (d != c && owner(p, d) < 0 && sw_joinable(v, p, you, d, c))
                    replies++;
        }
        after = *p;
        claim(&after, me, c);
        after.to_move ^= 1u;
        after.claimed++;
        eval = distance_eval(v, &after, me);
        if (best < 0 || replies < best_replies || (replies == best_replies && eval > best_eval)) {
            best = c;
            best_replies = replies;
            best_eval = eval;
        }
    }
    if (best < 0)
        /* Lehman's theorem leaves a winning move whenever the opponent's
         * criterion fails; reaching here would be a bug. */
        return ar_error_set(err, AR_ERR_INTERNAL,
                            "switching game: the position is won but no move keeps it won");
    *out = (ar_gmove)best;
    return AR_OK;
}

static const ar_game_eval br_evals[] = {
    {"distance", "bridges the opponent still needs minus bridges the player needs (x100)",
     distance_eval},
    {"zero", "0 everywhere", zero_eval},
    {NULL, NULL, NULL}};

static const ar_game_strategy br_strategies[] = {
    {"shannon",
     "Lehman's solution of the Shannon switching game: perfect for either player in every position",
     shannon_choose, shannon_value},
    {"pairing", "Gross's pairing strategy for black, the first player (and its mirror images)", pairing_choose,
     pairing_value},
    {NULL, NULL, NULL, NULL}};

/* The bench node count (`ariadne bench games`, checked by the tests). */
static const ar_game_bench_position bridgit_bench_positions[] = {
    {.options = "size=3", .position = NULL, .depth = 13},
    {.options = "size=4", .position = NULL, .depth = 5},
    {.options = "size=5", .position = NULL, .depth = 5},
    {.options = "size=5", .position = "*..../..../*..*./..o./o...*/..o./...../..../.....", .depth = 4},
    {.depth = 0}};

static const char *const bridgit_ladder_bots[] = {"pairing:depth=2", "alphabeta:depth=2", "mcts:iters=300", "random", NULL};
static const ar_game_bench_ladder bridgit_bench_ladder = {.options = "size=5", .bots = bridgit_ladder_bots, .openings = 0};

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
};

