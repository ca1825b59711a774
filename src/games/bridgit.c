/* bridgit.c — Bridg-it (Gale's game) and a perfect first player.
 *
 * Board of size n (--size, 2..12, default 5), drawn on a (2n+1) x (2n+1)
 * lattice with x to the right and y upwards. White's dots (o) sit at x even,
 * y odd: n+1 columns of n dots; white joins the left column to the right
 * column. Black's dots (*) sit at x odd, y even: n columns of n+1 dots; black
 * joins the bottom row to the top row. A move joins two neighbouring dots of
 * the mover's colour; every such bridge crosses exactly one bridge of the
 * other colour at a lattice point, so a move is "claim a crossing point".
 * Points on the players' own base lines join nothing and are not playable,
 * leaving n^2 + (n-1)^2 points (41 for n = 5), numbered as in the lecture
 * notes: row by row from the bottom, left to right. White moves first; the
 * board cannot fill up without one player connected (as in Hex), so there
 * are no draws, and the first player wins.
 *
 * Perfect first player: O. Gross's pairing strategy, in the form derived
 * from the notes' n = 5 answer table and generalised here to every n. White
 * opens with point 1 (the bottom-left bridge off the left edge). Every other
 * point is paired with another: for the white dot in column i = 1..n-1 and
 * row j = 0..n-1 (lattice (2i, 2j+1)) the two bridges at that dot
 *     i >  j  (on or below the diagonal): right and up
 *     i == j:                             left and right
 *     i <  j  (above the diagonal):       down and left
 * form a pair, and each point belongs to exactly one pair. Whenever black
 * claims a point of a pair, white claims its partner, so white ends with one
 * point of every pair; tests/test_bridgit.c proves for n = 2..5 that every
 * such choice (all 2^(n^2-n) of them) plus the opening connects white, and
 * plays the strategy against every black reply on small boards.
 *
 * Position text: the points 1..N as '.', 'o' (white) or '*' (black), spaces
 * and '/' ignored; the player to move follows from the counts (white when
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
    short partner[BR_MAX_CELLS];       /* pairing strategy; -1 for the opening */
    /* Dots of each player: lattice coordinates and up to four neighbours. */
    int dots;
    short dot_x[2][BR_MAX_DOTS], dot_y[2][BR_MAX_DOTS];
    br_neighbour nb[2][BR_MAX_DOTS][4];
    unsigned char nbc[2][BR_MAX_DOTS];
};

typedef struct br_pos {
    uint64_t own[2][BR_WORDS]; /* claimed points of white (0) and black (1) */
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
    /* Dots and their neighbours: white at (even, odd), black at (odd, even). */
    v->dots = v->n * (v->n + 1);
    for (p = 0; p < 2; p++) {
        d = 0;
        for (y = 0; y < v->side; y++)
            for (x = 0; x < v->side; x++)
                if ((p == 0 && x % 2 == 0 && y % 2 == 1) || (p == 1 && x % 2 == 1 && y % 2 == 0)) {
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
                v->nbc[p][d]++;
            }
        }
    }
    /* Gross's pairing (see the top of the file). */
    {
        int i, j;
        for (i = 0; i < v->cells; i++)
            v->partner[i] = -1;
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
                if (a < 0 || b < 0 || v->partner[a] >= 0 || v->partner[b] >= 0) {
                    free(v);
                    return ar_error_set(err, AR_ERR_INTERNAL, "pairing construction failed at n=%d",
                                        v->n);
                }
                v->partner[a] = (short)b;
                v->partner[b] = (short)a;
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
    return player == 0 ? "white" : "black";
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

/* Whether `player` has joined its two sides. */
static int connected(const ar_variant *v, const br_pos *p, int player)
{
    short stack[BR_MAX_DOTS];
    unsigned char seen[BR_MAX_DOTS];
    int sp = 0, d, goal = v->side - 1;
    memset(seen, 0, (size_t)v->dots);
    for (d = 0; d < v->dots; d++) {
        int c = player == 0 ? v->dot_x[0][d] : v->dot_y[1][d];
        if (c == 0) {
            seen[d] = 1;
            stack[sp++] = (short)d;
        }
    }
    while (sp) {
        int k;
        d = stack[--sp];
        if ((player == 0 ? v->dot_x[0][d] : v->dot_y[1][d]) == goal)
            return 1;
        for (k = 0; k < v->nbc[player][d]; k++) {
            const br_neighbour *e = &v->nb[player][d][k];
            if (seen[e->dot] || e->cell < 0 || !get_bit(p->own[player], e->cell))
                continue;
            seen[e->dot] = 1;
            stack[sp++] = e->dot;
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
        int c = player == 0 ? v->dot_x[0][d] : v->dot_y[1][d];
        dist[d] = c == 0 ? 0 : 1000;
        if (c == 0)
            dq[tail++] = (short)d;
    }
    while (head < tail) {
        int k;
        d = dq[head++];
        if ((player == 0 ? v->dot_x[0][d] : v->dot_y[1][d]) == goal)
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
        if (c == 'o' || c == 'O' || c == 'w' || c == 'W') {
            claim(&p, 0, n);
            count[0]++;
        } else if (c == '*' || c == 'b' || c == 'B' || c == 'x' || c == 'X') {
            claim(&p, 1, n);
            count[1]++;
        } else if (c != '.' && c != '-')
            return ar_error_set(err, AR_ERR_INPUT,
                                "point %d: '%c' is not '.', 'o' (white) or '*' (black)", n + 1, c);
        n++;
    }
    if (n != v->cells)
        return ar_error_set(err, AR_ERR_INPUT, "%d points given; a size-%d board has %d", n, v->n,
                            v->cells);
    if (count[0] != count[1] && count[0] != count[1] + 1)
        return ar_error_set(err, AR_ERR_INPUT,
                            "white has %d bridges and black %d: white moves first, so white has "
                            "as many as black or one more",
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
        buf[used++] = o == 0 ? 'o' : o == 1 ? '*' : '.';
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
    PUT("  white (o) joins left and right; black (*) joins bottom and top\n");
    PUT("  white: --- and | ; black: === and H ; free points show their number\n\n");
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
                int horizontal = (y % 2 == 1) == (o == 0);
                if (o < 0)
                    PUT("%3d", c + 1);
                else if (o == 0)
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
                            o == 0 ? "white" : "black");
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

/* Checks the pairing invariant for white: the opening is white's (or free
 * with white to move), no pair has both points black, and at most one pair
 * (only when white is to move) has a black point and a free one. Returns
 * that pair's free point in *reply (-1 when none), or 0 if broken. */
static int pairing_state(const ar_variant *v, const br_pos *p, int *reply)
{
    int i, open = owner(p, 0);
    *reply = -1;
    if (open == 1)
        return 0;
    if (open < 0 && p->to_move != 0)
        return 0;
    for (i = 0; i < v->cells; i++) {
        int j = v->partner[i], a, b;
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
    if (!pairing_state(v, p, &reply))
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the position does not follow white's pairing strategy");
    *value = p->to_move == 0 ? 1 : -1;
    return AR_OK;
}

static ar_status pairing_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                                ar_error *err)
{
    const br_pos *p = pos;
    int reply, i;
    (void)rng;
    if (br_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (p->to_move != 0)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "the pairing strategy plays white");
    if (!pairing_state(v, p, &reply))
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the position does not follow white's pairing strategy");
    if (reply >= 0) {
        *out = (ar_gmove)reply;
        return AR_OK;
    }
    if (owner(p, 0) < 0) {
        *out = 0;
        return AR_OK;
    }
    /* No pair is threatened: any free point keeps the invariant; prefer one
     * from a pair that is still empty. */
    for (i = 1; i < v->cells; i++)
        if (owner(p, i) < 0 && owner(p, v->partner[i]) < 0) {
            *out = (ar_gmove)i;
            return AR_OK;
        }
    for (i = 1; i < v->cells; i++)
        if (owner(p, i) < 0) {
            *out = (ar_gmove)i;
            return AR_OK;
        }
    return ar_error_set(err, AR_ERR_INTERNAL, "no free point");
}

static const ar_game_eval br_evals[] = {
    {"distance", "bridges the opponent still needs minus bridges the player needs (x100)",
     distance_eval},
    {"zero", "0 everywhere", zero_eval},
    {NULL, NULL, NULL}};

static const ar_game_strategy br_strategies[] = {
    {"pairing", "Gross's pairing strategy for white (the first player)", pairing_choose,
     pairing_value},
    {NULL, NULL, NULL, NULL}};

const ar_game ar_game_bridgit = {
    "bridgit",
    "Bridg-it (Gale's game): n x (n+1) dots each; the first player wins by Gross's pairing",
    "White (o, moves first) joins left and right, black (*) joins bottom and top, each\n"
    "by bridging neighbouring dots of its own colour; bridges may not cross, so each\n"
    "move claims one crossing point. --size N (2..12, default 5): n x (n+1) dots per\n"
    "player, n^2 + (n-1)^2 points, numbered from the bottom row, left to right.\n"
    "Moves: the number of a free point. Position: the points in order as '.', 'o',\n"
    "'*' ('/' between rows allowed). The perfect white bot uses the pairing strategy;\n"
    "elsewhere bots search with the distance evaluation.",
    AR_GAME_NULL_MOVE | AR_GAME_ACYCLIC,
    br_options,
    br_create,
    br_destroy,
    br_describe,
    br_player_name,
    br_position_size,
    br_initial,
    br_parse_position,
    br_format_position,
    br_draw,
    br_to_move,
    br_outcome,
    br_hash,
    br_max_moves,
    br_legal_moves,
    br_apply,
    br_undo,
    br_format_move,
    br_parse_move,
    br_evals,
    br_strategies,
    "perfect",
    NULL, /* noisy_moves */
    br_pass,
    NULL, /* chance_outcomes */
};

