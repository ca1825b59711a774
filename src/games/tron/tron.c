/* tron.c — Tron light cycles, the Google AI Challenge 2010 rules: positions,
 * the simultaneous-move rules, and the game's descriptor with its tables
 * (evaluations, tools, bench suites); maps are parsed in tron_map.c.
 *
 * Rules (DESIGN.md): both players move at once one cell north, east, south or
 * west; the cell each leaves stays a wall (its trail). Moving into a wall, a
 * trail, the other's head or off the grid is a crash; both heads entering
 * one cell is a draw (both crash); both crashing is a draw; otherwise the one
 * that crashed loses. Every direction is a legal move — a suicidal move is
 * how a player loses — so bots, not the rules, avoid them.
 *
 * A variant is one map; a position is an occupancy bitset of the padded
 * grid (tron_internal.h) with both heads and crash causes, and a Zobrist hash
 * kept up to date by apply/undo. Position text: the rows joined by '/', '#'
 * blocked, '.' free, '1'/'2' the heads, then " crashed:1", ":2" or ":both"
 * when the game is over. Moves: N E S W (or the protocol digits 1-4). */
#include "tron_internal.h"
#include "tron_cli.h"
#include "ariadne/page.h"
#include "ariadne/tool.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------- the variant */

/* The options of ar_tron_variant_create (tron_map.c). */
static const ar_option_spec tron_options[] = {
    {.name = "map", .metavar = "FILE", .help = "the map in the contest format (default: an empty 15 x 15 room)"},
    {.name = "move-time", .metavar = "S", .help = "seconds per move (default 1, the contest's)"},
    {.name = "first-move-time", .metavar = "S", .help = "seconds for the first move (default 3)"},
    {.name = NULL}};

static void tron_describe(const ar_variant *v, char *buf, size_t size)
{
    snprintf(buf, size, "tron on map %s (%dx%d, %d free cells), %g s per move (first %g s)", v->name, v->mw,
             v->mh, v->free_cells, v->move_time, v->first_move_time);
}

static const char *tron_player_name(const ar_variant *v, int player)
{
    (void)v;
    return player == 0 ? "player 1" : "player 2";
}

/* ----------------------------------------------------------- positions */

static size_t tron_position_size(const ar_variant *v) { return offsetof(tron_pos, occ) + v->words * 8; }

static uint64_t cell_key(int i) { return ar_zobrist(0x7170, (uint64_t)i); }
static uint64_t head_key(int p, int i) { return ar_zobrist(0x7171 + (uint64_t)p, (uint64_t)i); }

static void set_occ(tron_pos *p, int i) { p->occ[i >> 6] |= (uint64_t)1 << (i & 63); }
static void clear_occ(tron_pos *p, int i) { p->occ[i >> 6] &= ~((uint64_t)1 << (i & 63)); }

static uint64_t full_hash(const ar_variant *v, const tron_pos *p)
{
    uint64_t h = 0;
    int i, q;
    for (i = 0; i < v->n; i++)
        if (tron_occ(p, i))
            h ^= cell_key(i);
    for (q = 0; q < 2; q++)
        if (!p->crash[q])
            h ^= head_key(q, p->head[q]);
    return h;
}

static void tron_initial(const ar_variant *v, void *pos)
{
    tron_pos *p = pos;
    int i;
    memset(p, 0, tron_position_size(v));
    for (i = 0; i < v->n; i++)
        if (v->kind[i] != TRON_FLOOR)
            set_occ(p, i);
    p->head[0] = v->start[0];
    p->head[1] = v->start[1];
    set_occ(p, v->start[0]);
    set_occ(p, v->start[1]);
    p->hash = full_hash(v, p);
}

static ar_status tron_parse_position(const ar_variant *v, const char *text, void *pos, ar_error *err)
{
    tron_pos *p = pos;
    const char *s = text;
    int x = 0, y = 0, seen[2] = {0, 0}, i;
    memset(p, 0, tron_position_size(v));
    for (i = 0; i < v->n; i++)
        if (v->kind[i] == TRON_OFFMAP)
            set_occ(p, i);
    while (*s && *s != ' ') {
        char c = *s++;
        if (c == '/') {
            if (x != v->mw)
                return ar_error_set(err, AR_ERR_INPUT, "row %d has %d cells, the map is %d wide", y + 1, x, v->mw);
            x = 0;
            y++;
            continue;
        }
        if (y >= v->mh)
            return ar_error_set(err, AR_ERR_INPUT, "more than the map's %d rows", v->mh);
        if (x >= v->mw)
            return ar_error_set(err, AR_ERR_INPUT, "row %d has more than the map's %d cells", y + 1, v->mw);
        i = (y + 2) * v->w + x + 1;
        if (c == '#')
            set_occ(p, i);
        else if (c == '1' || c == '2') {
            int q = c - '1';
            if (seen[q])
                return ar_error_set(err, AR_ERR_INPUT, "player %d's head appears twice", q + 1);
            seen[q] = 1;
            p->head[q] = i;
            set_occ(p, i);
        } else if (c != '.') {
            char shown[24];
            ar_tron_show_char(c, shown, sizeof shown);
            return ar_error_set(err, AR_ERR_INPUT, "row %d column %d: %s is not '#', '.', '1' or '2'", y + 1,
                                x + 1, shown);
        }
        x++;
    }
    if (y != v->mh - 1 || x != v->mw)
        return ar_error_set(err, AR_ERR_INPUT, "%d rows of %d cells needed ('/' between rows), e.g. the output of a game",
                            v->mh, v->mw);
    if (*s == ' ') {
        s++;
        if (strcmp(s, "crashed:1") == 0)
            p->crash[0] = CRASH_WALL;
        else if (strcmp(s, "crashed:2") == 0)
            p->crash[1] = CRASH_WALL;
        else if (strcmp(s, "crashed:both") == 0)
            p->crash[0] = p->crash[1] = CRASH_WALL;
        else
            return ar_error_set(err, AR_ERR_INPUT, "'%.40s' after the rows is not crashed:1, crashed:2 or crashed:both",
                                s);
    }
    for (i = 0; i < 2; i++) {
        if (!p->crash[i] && !seen[i])
            return ar_error_set(err, AR_ERR_INPUT, "no head for player %d ('%d')", i + 1, i + 1);
        if (p->crash[i] && seen[i])
            return ar_error_set(err, AR_ERR_INPUT, "player %d crashed, so its head is not shown", i + 1);
        if (p->crash[i])
            p->head[i] = 0;
    }
    p->hash = full_hash(v, p);
    return AR_OK;
}

static void tron_format_position(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const tron_pos *p = pos;
    size_t k = 0;
    int x, y;
    if (!size)
        return;
    for (y = 0; y < v->mh; y++) {
        for (x = 0; x < v->mw; x++) {
            int i = (y + 2) * v->w + x + 1;
            char c = tron_occ(p, i) ? '#' : '.';
            if (!p->crash[0] && p->head[0] == i)
                c = '1';
            else if (!p->crash[1] && p->head[1] == i)
                c = '2';
            if (k + 1 < size)
                buf[k++] = c;
        }
        if (y + 1 < v->mh && k + 1 < size)
            buf[k++] = '/';
    }
    buf[k] = '\0';
    if (p->crash[0] || p->crash[1])
        snprintf(buf + k, size - k, " crashed:%s", p->crash[0] && p->crash[1] ? "both" : p->crash[0] ? "1" : "2");
}

static void tron_draw(const ar_variant *v, const void *pos, char *buf, size_t size)
{
    const tron_pos *p = pos;
    size_t k = 0;
    int x, y, n;
    n = snprintf(buf, size, "turn %u (1 N, 2 E, 3 S, 4 W; '+' trails)\n", p->turn);
    k = n > 0 && (size_t)n < size ? (size_t)n : 0;
    for (y = 0; y < v->mh; y++) {
        for (x = 0; x < v->mw; x++) {
            int i = (y + 2) * v->w + x + 1;
            char c = v->kind[i] == TRON_WALL ? '#' : tron_occ(p, i) ? '+' : '.';
            if (p->head[0] == i)
                c = p->crash[0] ? 'X' : '1';
            else if (p->head[1] == i)
                c = p->crash[1] ? 'X' : '2';
            if (k + 2 < size)
                buf[k++] = c;
        }
        if (k + 2 < size)
            buf[k++] = '\n';
    }
    if (size)
        buf[k < size ? k : size - 1] = '\0';
}

static int tron_to_move(const ar_variant *v, const void *pos)
{
    (void)v;
    (void)pos;
    return AR_PLAYER_SIMULTANEOUS;
}

static ar_game_outcome tron_outcome(const ar_variant *v, const void *pos)
{
    const tron_pos *p = pos;
    (void)v;
    if (p->crash[0] && p->crash[1])
        return AR_DRAW;
    if (p->crash[0])
        return AR_WIN_P1;
    if (p->crash[1])
        return AR_WIN_P0;
    return AR_ONGOING;
}

static uint64_t tron_hash(const ar_variant *v, const void *pos)
{
    (void)v;
    return ((const tron_pos *)pos)->hash;
}

static unsigned tron_max_moves(const ar_variant *v, const void *pos)
{
    (void)v;
    (void)pos;
    return 4;
}

static unsigned tron_legal_moves(const ar_variant *v, const void *pos, int player, ar_gmove *moves)
{
    unsigned d;
    (void)player;
    if (tron_outcome(v, pos) != AR_ONGOING)
        return 0;
    for (d = 1; d <= 4; d++)
        moves[d - 1] = d;
    return 4;
}

static int crash_cause(const ar_variant *v, const tron_pos *p, int i)
{
    if (!tron_occ(p, i))
        return CRASH_NONE;
    return v->kind[i] == TRON_OFFMAP ? CRASH_OFFMAP : v->kind[i] == TRON_WALL ? CRASH_WALL : CRASH_TRAIL;
}

static void tron_apply(const ar_variant *v, void *pos, ar_gmove move)
{
    tron_pos *p = pos;
    int d[2], to[2], c[2], q;
    d[0] = (int)AR_JOINT_PART(move, 0);
    d[1] = (int)AR_JOINT_PART(move, 1);
    for (q = 0; q < 2; q++) {
        if (d[q] < 1 || d[q] > 4)
            d[q] = 1; /* engines pass legal moves only; stay in bounds regardless */
        to[q] = p->head[q] + tron_delta(v->w, d[q]);
        c[q] = crash_cause(v, p, to[q]);
        p->hash ^= head_key(q, p->head[q]);
    }
    if (to[0] == to[1] && !c[0])
        c[0] = c[1] = CRASH_HEADON;
    for (q = 0; q < 2; q++) {
        if (c[q] == CRASH_NONE || (c[q] == CRASH_HEADON && q == 0)) {
            set_occ(p, to[q]);
            p->hash ^= cell_key(to[q]);
        }
        p->head[q] = to[q];
        p->crash[q] = (uint8_t)c[q];
    }
    for (q = 0; q < 2; q++)
        if (!c[q])
            p->hash ^= head_key(q, to[q]);
    p->turn++;
}

static void tron_undo(const ar_variant *v, void *pos, ar_gmove move)
{
    tron_pos *p = pos;
    int q, d[2];
    d[0] = (int)AR_JOINT_PART(move, 0);
    d[1] = (int)AR_JOINT_PART(move, 1);
    for (q = 0; q < 2; q++) {
        int c = p->crash[q];
        if (d[q] < 1 || d[q] > 4)
            d[q] = 1;
        if (!c)
            p->hash ^= head_key(q, p->head[q]);
        if (c == CRASH_NONE || (c == CRASH_HEADON && q == 0)) {
            clear_occ(p, p->head[q]);
            p->hash ^= cell_key(p->head[q]);
        }
        p->head[q] -= tron_delta(v->w, d[q]);
        p->crash[q] = 0;
        p->hash ^= head_key(q, p->head[q]);
    }
    p->turn--;
}

static const char *const dir_names[5] = {"?", "N", "E", "S", "W"};

static size_t tron_format_move(const ar_variant *v, const void *pos, int player, ar_gmove move, char *buf,
                               size_t size)
{
    int n;
    (void)v;
    (void)pos;
    (void)player;
    n = snprintf(buf, size, "%s", move >= 1 && move <= 4 ? dir_names[move] : "?");
    return n > 0 ? (size_t)n : 0;
}

static ar_status tron_parse_move(const ar_variant *v, const void *pos, int player, const char *text, size_t len,
                                 ar_gmove *out, ar_error *err)
{
    static const char *const words[5][3] = {
        {NULL, NULL, NULL}, {"n", "north", "up"}, {"e", "east", "right"}, {"s", "south", "down"},
        {"w", "west", "left"}};
    char buf[16];
    size_t i;
    int d, k;
    (void)player;
    if (tron_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (len == 0 || len >= sizeof buf)
        return ar_error_set(err, AR_ERR_INPUT, "a move is N, E, S or W (or 1-4)");
    for (i = 0; i < len; i++)
        buf[i] = (char)tolower((unsigned char)text[i]);
    buf[len] = '\0';
    if (len == 1 && buf[0] >= '1' && buf[0] <= '4') {
        *out = (ar_gmove)(buf[0] - '0');
        return AR_OK;
    }
    for (d = 1; d <= 4; d++)
        for (k = 0; k < 3; k++)
            if (strcmp(buf, words[d][k]) == 0) {
                *out = (ar_gmove)d;
                return AR_OK;
            }
    return ar_error_set(err, AR_ERR_INPUT, "'%.*s' is not a direction: N, E, S or W (or 1-4)", (int)len, text);
}

/* ---------------------------------------------------------- evaluations */

static int eval_with(const ar_variant *v, const void *pos, int player,
                     int (*f)(const tron_board *, tron_work *, int))
{
    tron_board b;
    tron_work w;
    int r;
    ar_tron_board_init(&b, v);
    ar_tron_work_init(&w, b.n);
    ar_tron_board_load(&b, v, pos);
    r = f(&b, &w, player);
    ar_tron_work_free(&w);
    ar_tron_board_free(&b);
    if (r > AR_EVAL_MAX)
        r = AR_EVAL_MAX;
    if (r < -AR_EVAL_MAX)
        r = -AR_EVAL_MAX;
    return r;
}

static int eval_chambers(const ar_variant *v, const void *pos, int player)
{
    return eval_with(v, pos, player, ar_tron_eval_chambers);
}

static int eval_voronoi(const ar_variant *v, const void *pos, int player)
{
    return eval_with(v, pos, player, ar_tron_eval_voronoi);
}

static const ar_game_eval tron_evals[] = {
    {.name = "chambers",
     .summary = "tree of chambers over each player's Voronoi territory, parity-capped (tenths of a cell)",
     .evaluate = eval_chambers},
    {.name = "voronoi",
     .summary = "cells a player reaches strictly first minus the opponent's (tenths of a cell)",
     .evaluate = eval_voronoi},
    {.name = NULL}};

static const ar_tool tron_tools[] = {
    {.name = "match",
     .usage = "ariadne match tron --bots A,B[,C...] --maps DIR|FILE[,...] [--games N] [--seed S] [--replay DIR] "
              "[--move-time S] [--first-move-time S] [--verbose] [--quiet]",
     .help = "Tron's front end of `ariadne match`: plays every pair of bots --games games (default 2,\n"
             "rounded up to even) on every map, the sides alternating so each bot has each start. --maps\n"
             "takes map files and directories (a directory gives its *.txt files in name order). A bot\n"
             "is a Tron bot kind (random, wallhug, voronoi, chambers, alphabeta, chamber-ab[:time=S,...]) or\n"
             "an external program speaking the contest protocol (cmd:COMMAND, run by /bin/sh -c; it\n"
             "loses a game it crashes in, answers nonsense in or is late in). Prints a row per map and\n"
             "pair, the results table with the Elo difference and its 95% interval, Bradley-Terry\n"
             "ratings and each bot's move times against --move-time (default 1 s; the first move\n"
             "--first-move-time, default 3 s). --replay DIR writes one replay file per game\n"
             "(`ariadne replay FILE` checks and shows it); --verbose prints every game's result and\n"
             "reason; --quiet hides the progress line. Example: ariadne match tron --bots\n"
             "alphabeta,chambers --maps data/tron/maps --move-time 0.1 --seed 1. Exit status:\n"
             "0 played, 2 a bad map, bot or option (checked before the first game), 3 interrupted.\n"
             "See `ariadne help tron` and docs/games/tron.md.",
     .run = ar_tron_match_main},
    {.name = "tron-bot",
     .usage = "ariadne tron-bot [--bot NAME] [--move-time 0.9] [--first-move-time S] [--verbose]",
     .help = "A drop-in bot for the Google AI Challenge 2010 Tron engine: every turn it reads 'W H' and\n"
             "H rows on stdin ('#' wall, ' ' floor, '1' itself, '2' the opponent) and answers one digit\n"
             "1-4 (N E S W) and a newline, thinking for the rest of --move-time (default 0.9 s) less a\n"
             "safety margin. --bot: random, wallhug, voronoi, chambers, alphabeta, chamber-ab (default).\n"
             "The searching bots are kept from turn to turn while the map keeps its size (chamber-ab's\n"
             "transposition table carries over). Malformed lines are reported on stderr and skipped;\n"
             "bad maps are repaired and answered; end of input exits 0. --verbose reports every move\n"
             "on stderr. See docs/games/tron.md.",
     .run = ar_tron_bot_main},
    {.name = NULL}};

static const ar_bench_suite tron_bench_suites[] = {
    {.name = "tron",
     .summary = "Tron bots, every pair on every official map, both sides: W/D/L, Elo, move times vs budget",
     .run = ar_tron_bench},
    {.name = "tron-duel",
     .summary = "the default chamber-ab against the previous default alphabeta, every official map, both sides",
     .run = ar_tron_bench_duel},
    {.name = "tron-eval",
     .summary = "chamber-ab's evaluation by its three codes (reference, bytes, bitboards): evaluations/s, equal "
                "values",
     .run = ar_tron_bench_eval},
    {.name = "tron-search",
     .summary = "chamber-ab against chamber-ab-v1: time to a fixed depth and depth within 0.05 s and 0.5 s of CPU on "
                "data/tron/search; the transposition table",
     .run = ar_tron_bench_search},
    {.name = NULL}};

/* The map: walls, the trails and the two riders (page.h). */
static void tron_picture(const ar_variant *v, const void *pos, ar_scene *scene)
{
    char *buf = malloc(1 << 20);
    const char *board;
    if (!buf)
        return;
    tron_draw(v, pos, buf, 1 << 20);
    board = strchr(buf, '\n') ? strchr(buf, '\n') + 1 : buf;
    ar_scene_text_grid(scene, board, "#=wall .=empty 1=p1 2=p2 +=t3 X=goal");
    free(buf);
}

static const ar_game_example tron_examples[] = {
    {.args = "match tron --bots chamber-ab,wallhug --maps data/tron/maps/15x16.txt --move-time 0.05 --first-move-time 0.05 --seed 1", .note = "the default bot against a wall-hugger on one official map, both sides"},
    {.args = "replay data/tron/replays/quadrant.json --turn 20", .note = "a recorded game: the board after turn 20"},
    {.args = "replay data/tron/replays/quadrant.json --html quadrant.html", .note = "the same game as a page that animates it"},
    {.args = NULL}};

const ar_game ar_game_tron = {
    .name = "tron",
    .summary = "Tron light cycles (Google AI Challenge 2010): simultaneous moves, contest maps and protocol",
    .help = "Both players move at once one cell N, E, S or W; the cell left behind becomes a wall.\n"
    "Moving into a wall, a trail, a head or off the map crashes; both heads on one cell,\n"
    "or both crashing, is a draw; otherwise the one that crashed loses. Options: --map FILE\n"
    "(contest format: a line 'W H', then H rows of '#' wall, ' ' floor, '1', '2'),\n"
    "--move-time S, --first-move-time S. Position: the rows joined by '/', '#' blocked,\n"
    "'.' free, '1' '2' heads, then ' crashed:1|2|both' once over. Moves: N E S W or 1-4.\n"
    "Bots, weakest first: random, wallhug, voronoi, chambers, alphabeta (the previous default),\n"
    "chamber-ab (the default: alphabeta with a transposition table kept between moves, forced\n"
    "moves free in depth, a bitboard evaluation, principal variation search, an exact filler\n"
    "and, for regions too large to prove, a planned path kept between moves, contempt that\n"
    "follows the score), chamber-ab-v1 (chamber-ab before issue 33), cmd:COMMAND.\n"
    "\n"
    "Tron's own commands (docs/games/tron.md):\n"
    "  ariadne match tron --bots A,B[,...] --maps DIR|FILE [--games N] [--move-time S]\n"
    "      [--replay DIR] plays every map from both sides, with Elo and move times; a bot may\n"
    "      be an external program speaking the contest protocol (cmd:COMMAND).\n"
    "  ariadne tron-bot [--bot NAME] [--move-time 0.9] is a drop-in bot for the contest\n"
    "      engine: it reads maps on stdin and answers a direction 1-4 on stdout.\n"
    "  ariadne replay FILE [--html OUT.html] [--turn T] checks a replay written by\n"
    "      match tron --replay and shows the board, or writes a page that animates the game\n"
    "      (docs/replay.md).\n"
    "  ariadne bench tron [--quick] runs the bot ladder over the official maps;\n"
    "  ariadne bench tron-duel [--quick] plays chamber-ab against alphabeta on them;\n"
    "  ariadne bench tron-eval [--quick] times chamber-ab's evaluation (equal values);\n"
    "  ariadne bench tron-search [--quick] times its search against chamber-ab-v1's (equal\n"
    "      values at a fixed depth, depth within a CPU budget) and its transposition table.",
    .flags = AR_GAME_SIMULTANEOUS | AR_GAME_DRAWS | AR_GAME_ACYCLIC,
    .options = tron_options,
    .create = ar_tron_variant_create,
    .destroy = ar_tron_variant_free,
    .describe = tron_describe,
    .player_name = tron_player_name,
    .position_size = tron_position_size,
    .initial_position = tron_initial,
    .parse_position = tron_parse_position,
    .format_position = tron_format_position,
    .draw = tron_draw,
    .picture = tron_picture,
    .to_move = tron_to_move,
    .outcome = tron_outcome,
    .hash = tron_hash,
    .max_moves = tron_max_moves,
    .legal_moves = tron_legal_moves,
    .apply = tron_apply,
    .undo = tron_undo,
    .format_move = tron_format_move,
    .parse_move = tron_parse_move,
    .evals = tron_evals,
    .default_bot = "chamber-ab",
    .bot_kinds = ar_tron_bot_kinds,
    .tools = tron_tools,
    .replay_format = "ariadne-tron-replay",
    .replay = ar_tron_replay_main,
    .bench_suites = tron_bench_suites,
    .examples = tron_examples,
};
