/* coins.c — the lecture notes' coin puzzles: rows of coins moved in pairs.
 *
 * Heads (H) and tails (T) lie in a row of cells. A move lifts two coins
 * lying next to each other and puts them down in two cells next to each
 * other that are empty once the pair is lifted, in the same order, or,
 * with --reverse, turned round (the notes' second solution, "move 01 to
 * 76"). The goal is a pattern anywhere on the line — coins on a table have
 * no fixed place — read from either end (from the other side of the table
 * HTHTHT is THTHTH). The notes' puzzle is HHHTTT -> HTHTHT in 3 moves;
 * Delannoy: n pairs of coins take n moves. --pairs N gives H^N T^N ->
 * (HT)^N, the default N = 3.
 *
 * The line is unbounded in principle; the search is given --room R cells on
 * either side of the start (default N + 1), so "no solution" and
 * "optimal" are claims within that room, and the description says so.
 *
 * Move notation: cells are numbered from the start's first coin, 0 upwards
 * (negative to its left), as in the notes. `0+1>6+7` lifts the coins on 0
 * and 1 and puts the first on 6 and the second on 7; `0+1>7+6` turns the pair
 * round (needs --reverse). */
#include "ariadne/page.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COINS_MAX_CELLS 60

enum { EMPTY = 0, HEAD = 1, TAIL = 2 };

struct ar_instance {
    unsigned cells, room, reverse;
    unsigned char start[COINS_MAX_CELLS];
    unsigned char goal[COINS_MAX_CELLS], goal_len; /* the pattern, trimmed of empty ends */
    unsigned heads, tails, goal_heads, goal_tails;
};

static char coin_char(unsigned char c) { return c == HEAD ? 'H' : c == TAIL ? 'T' : '_'; }

/* --- instances ----------------------------------------------------------- */

static ar_status parse_row(const char *s, size_t len, const char *where, unsigned char *out, unsigned *n,
                           ar_error *err)
{
    size_t p;
    *n = 0;
    for (p = 0; p < len; p++) {
        unsigned char ch = (unsigned char)s[p];
        if (isspace(ch))
            continue;
        if (*n == COINS_MAX_CELLS / 2)
            return ar_error_set(err, AR_ERR_INPUT, "%s: more than %d cells", where, COINS_MAX_CELLS / 2);
        if (ch == 'H' || ch == 'h')
            out[(*n)++] = HEAD;
        else if (ch == 'T' || ch == 't')
            out[(*n)++] = TAIL;
        else if (ch == '_' || ch == '.')
            out[(*n)++] = EMPTY;
        else
            return ar_error_set(err, AR_ERR_INPUT, "%s: unknown character '%c' at position %zu (expected H, T, _ or .)",
                                where, isprint(ch) ? ch : '?', p + 1);
    }
    /* trim empty ends: the start's first coin is cell 0 */
    while (*n && out[*n - 1] == EMPTY)
        (*n)--;
    if (*n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s: no coins", where);
    return AR_OK;
}

static ar_status coins_create(const char *text, const ar_param *params, size_t count, ar_instance **out,
                              ar_error *err)
{
    ar_instance in;
    unsigned char row[COINS_MAX_CELLS], lead = 0;
    unsigned len, k;
    long pairs, room;
    ar_status st;
    memset(&in, 0, sizeof in);
    for (k = 0; k < count; k++) /* a flag: given, with no value */
        if (strcmp(params[k].name, "reverse") == 0)
            in.reverse = 1;
    if ((st = ar_param_int(params, count, "pairs", 1, 12, 3, &pairs, err)) != AR_OK)
        return st;
    if (text && text[strspn(text, " \t\r\n")]) {
        const char *arrow = strstr(text, "->");
        unsigned glen;
        if (ar_param_get(params, count, "pairs"))
            return ar_error_set(err, AR_ERR_INPUT, "parameter pairs: the instance already gives the coins");
        if (!arrow)
            return ar_error_set(err, AR_ERR_INPUT, "instance: expected START -> GOAL, e.g. HHHTTT -> HTHTHT");
        while (*text == '_' || *text == '.' || isspace((unsigned char)*text))
            text++;
        if ((st = parse_row(text, (size_t)(arrow - text), "instance start", row, &len, err)) != AR_OK)
            return st;
        if ((st = parse_row(arrow + 2, strlen(arrow + 2), "instance goal", in.goal, &glen, err)) != AR_OK)
            return st;
        while (in.goal[lead] == EMPTY)
            lead++;
        memmove(in.goal, in.goal + lead, glen - lead);
        in.goal_len = (unsigned char)(glen - lead);
    } else {
        len = 2 * (unsigned)pairs;
        for (k = 0; k < len; k++)
            row[k] = k < (unsigned)pairs ? HEAD : TAIL, in.goal[k] = k % 2 ? TAIL : HEAD;
        in.goal_len = (unsigned char)len;
    }
    if ((st = ar_param_int(params, count, "room", 0, 20, (long)len / 2 + 1, &room, err)) != AR_OK)
        return st;
    in.room = (unsigned)room;
    in.cells = len + 2 * in.room;
    if (in.cells > COINS_MAX_CELLS)
        return ar_error_set(err, AR_ERR_INPUT, "instance: %u cells with the room, at most %d", in.cells, COINS_MAX_CELLS);
    memcpy(in.start + in.room, row, len);
    for (k = 0; k < len; k++)
        in.heads += row[k] == HEAD, in.tails += row[k] == TAIL;
    for (k = 0; k < in.goal_len; k++)
        in.goal_heads += in.goal[k] == HEAD, in.goal_tails += in.goal[k] == TAIL;
    if (!(*out = malloc(sizeof in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a coins instance");
    **out = in;
    return AR_OK;
}

static void coins_destroy(ar_instance *in) { free(in); }

static void pattern_text(const unsigned char *s, unsigned n, char *buf, size_t size)
{
    unsigned k, first = 0, last = n;
    while (first < n && s[first] == EMPTY)
        first++;
    while (last > first && s[last - 1] == EMPTY)
        last--;
    if (!size)
        return;
    for (k = first; k < last && k - first + 1 < size; k++)
        buf[k - first] = coin_char(s[k]);
    buf[k - first] = '\0';
}

static void coins_describe(const ar_instance *in, char *buf, size_t size)
{
    char a[COINS_MAX_CELLS + 1], b[COINS_MAX_CELLS + 1];
    pattern_text(in->start, in->cells, a, sizeof a);
    pattern_text(in->goal, in->goal_len, b, sizeof b);
    snprintf(buf, size, "coins %s -> %s, pairs %s, %u spare cells each side", a, b,
             in->reverse ? "may turn round" : "keep their order", in->room);
}

/* Proof: a move never turns a coin over, so the heads and tails stay as
 * many as at the start; and a row of one coin cannot move at all. */
static ar_status coins_check_solvable(const ar_instance *in, ar_error *err)
{
    if (in->heads != in->goal_heads || in->tails != in->goal_tails)
        return ar_error_set(err, AR_ERR_UNSOLVABLE,
                            "coins are never turned over: the start has %u heads and %u tails, the goal %u and %u",
                            in->heads, in->tails, in->goal_heads, in->goal_tails);
    return AR_OK;
}

/* --- states: one byte per cell of the frame --- */

static size_t coins_state_size(const ar_instance *in) { return in->cells; }
static void coins_initial_state(const ar_instance *in, void *s) { memcpy(s, in->start, in->cells); }

static int coins_is_goal(const ar_instance *in, const void *state)
{
    const unsigned char *s = state;
    unsigned first = 0, last = in->cells, k;
    int forward = 1, backward = 1;
    while (first < in->cells && s[first] == EMPTY)
        first++;
    while (last > first && s[last - 1] == EMPTY)
        last--;
    if (last - first != in->goal_len)
        return 0;
    for (k = 0; k < in->goal_len; k++) {
        forward &= s[first + k] == in->goal[k];
        backward &= s[last - 1 - k] == in->goal[k];
    }
    return forward || backward;
}

/* The start's text as an instance (START -> GOAL with the same goal), so
 * that create reads a state back; cells left of the room are not kept, so
 * with_start is given below. */
static void coins_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    char a[COINS_MAX_CELLS + 1];
    unsigned k;
    for (k = 0; k < in->cells; k++)
        a[k] = coin_char(((const unsigned char *)state)[k]);
    a[k] = '\0';
    snprintf(buf, size, "%s", a);
}

static void coins_draw(const ar_instance *in, const void *state, char *buf, size_t size)
{
    const unsigned char *s = state;
    size_t used = 0;
    unsigned k;
#define PUT(...) (used < size ? used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__) : used)
    if (size)
        buf[0] = '\0';
    for (k = 0; k < in->cells; k++)
        PUT(" %3c", s[k] == EMPTY ? '.' : coin_char(s[k]));
    PUT("\n");
    for (k = 0; k < in->cells; k++)
        PUT(" %3d", (int)k - (int)in->room);
#undef PUT
}

/* --- moves: code = from | to << 8 | turned << 16 (from, to: left cells of
 * the pair before and after, frame indices) --- */

#define MOVE(from, to, turned) ((ar_move)(from) | (ar_move)(to) << 8 | (ar_move)(turned) << 16)
#define FROM(m) ((m) & 255u)
#define TO(m) ((m) >> 8 & 255u)
#define TURNED(m) ((m) >> 16 & 1u)

static unsigned coins_max_moves(const ar_instance *in) { return in->cells * in->cells * 2; }

static int can_move(const ar_instance *in, const unsigned char *s, unsigned from, unsigned to, unsigned turned)
{
    unsigned k;
    if (from + 1 >= in->cells || to + 1 >= in->cells || !s[from] || !s[from + 1] || (turned && !in->reverse))
        return 0;
    if (to == from && !turned)
        return 0;
    for (k = to; k <= to + 1; k++)
        if (s[k] && k != from && k != from + 1)
            return 0;
    return 1;
}

static unsigned coins_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    const unsigned char *s = state;
    unsigned from, to, turned, n = 0;
    for (from = 0; from + 1 < in->cells; from++)
        for (to = 0; to + 1 < in->cells; to++)
            for (turned = 0; turned <= in->reverse; turned++)
                if (can_move(in, s, from, to, turned))
                    moves[n++] = MOVE(from, to, turned);
    return n;
}

static void coins_apply(const ar_instance *in, void *state, ar_move m)
{
    unsigned char *s = state, a = s[FROM(m)], b = s[FROM(m) + 1];
    (void)in;
    s[FROM(m)] = s[FROM(m) + 1] = EMPTY;
    s[TO(m)] = TURNED(m) ? b : a;
    s[TO(m) + 1] = TURNED(m) ? a : b;
}

static void coins_undo(const ar_instance *in, void *state, ar_move m)
{
    unsigned char *s = state, a = s[TO(m)], b = s[TO(m) + 1];
    (void)in;
    s[TO(m)] = s[TO(m) + 1] = EMPTY;
    s[FROM(m)] = TURNED(m) ? b : a;
    s[FROM(m) + 1] = TURNED(m) ? a : b;
}

static ar_move coins_inverse(const ar_instance *in, ar_move m)
{
    (void)in;
    return MOVE(TO(m), FROM(m), TURNED(m));
}

static size_t coins_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int f = (int)FROM(m) - (int)in->room, t = (int)TO(m) - (int)in->room;
    int len = TURNED(m) ? snprintf(buf, size, "%d+%d>%d+%d", f, f + 1, t + 1, t)
                        : snprintf(buf, size, "%d+%d>%d+%d", f, f + 1, t, t + 1);
    return len < 0 ? 0 : (size_t)len;
}

static ar_status coins_parse_move(const ar_instance *in, const void *state, const char *text, size_t len,
                                  ar_move *out, ar_error *err)
{
    const unsigned char *s = state;
    long v[4] = {0, 0, 0, 0};
    size_t p = 0, at[4] = {0, 0, 0, 0}, n[4] = {0, 0, 0, 0}; /* each number's text, for messages */
    unsigned k, turned;
    static const char seps[3] = {'+', '>', '+'};
    for (k = 0; k < 4; k++) {
        int neg = p < len && text[p] == '-';
        at[k] = p;
        p += (size_t)neg;
        if (p == len || !isdigit((unsigned char)text[p]))
            return ar_error_set(err, AR_ERR_INPUT, "expected A+A1>B+B1 with A1 = A+1 and B1 = B+1 (B-1 to turn the pair), e.g. 0+1>6+7");
        /* Saturated far above any board: the message quotes the text itself. */
        for (; p < len && isdigit((unsigned char)text[p]); p++)
            v[k] = v[k] > 100000000 ? v[k] : v[k] * 10 + (text[p] - '0');
        v[k] = neg ? -v[k] : v[k];
        n[k] = p - at[k];
        if (k < 3 && (p == len || text[p++] != seps[k]))
            return ar_error_set(err, AR_ERR_INPUT, "expected A+A1>B+B1 with A1 = A+1 and B1 = B+1 (B-1 to turn the pair), e.g. 0+1>6+7");
    }
    if (p != len)
        return ar_error_set(err, AR_ERR_INPUT, "expected A+A1>B+B1 with A1 = A+1 and B1 = B+1 (B-1 to turn the pair), e.g. 0+1>6+7");
    for (k = 0; k < 4; k++)
        if (v[k] < -(long)in->room || v[k] + (long)in->room >= (long)in->cells)
            return ar_error_set(err, AR_ERR_INPUT, "cell %.*s is outside the room searched (%ld..%ld; see parameter room)",
                                (int)n[k], text + at[k], -(long)in->room, (long)in->cells - (long)in->room - 1);
    if (v[1] != v[0] + 1)
        return ar_error_set(err, AR_ERR_INPUT, "a move lifts two neighbouring coins: %.*s and %.*s are not neighbours",
                            (int)n[0], text + at[0], (int)n[1], text + at[1]);
    if (v[3] != v[2] + 1 && v[3] != v[2] - 1)
        return ar_error_set(err, AR_ERR_INPUT, "the pair lands on two neighbouring cells: %.*s and %.*s are not",
                            (int)n[2], text + at[2], (int)n[3], text + at[3]);
    turned = v[3] == v[2] - 1;
    {
        unsigned from = (unsigned)(v[0] + (long)in->room), to = (unsigned)((turned ? v[3] : v[2]) + (long)in->room);
        if (!s[from] || !s[from + 1])
            return ar_error_set(err, AR_ERR_INPUT, "there is no coin on cell %ld", s[from] ? v[1] : v[0]);
        if (turned && !in->reverse)
            return ar_error_set(err, AR_ERR_INPUT, "pairs keep their order (use parameter reverse to let them turn round)");
        if (!can_move(in, s, from, to, turned))
            return ar_error_set(err, AR_ERR_INPUT, "cells %ld,%ld are not free for the pair", v[2], v[3]);
        *out = MOVE(from, to, turned);
    }
    return AR_OK;
}

static const char *coins_default_algorithm(const ar_instance *in) { (void)in; return "bfs"; }

static ar_status coins_with_start(const ar_instance *in, const void *state, ar_instance **out, ar_error *err)
{
    if (!(*out = malloc(sizeof **out)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a coins instance");
    **out = *in;
    memcpy((*out)->start, state, in->cells);
    return AR_OK;
}

static const ar_option_spec coins_options[] = {
    {.name = "pairs", .metavar = "N", .help = "H^N T^N -> (HT)^N, 1..12 (default 3)"},
    {.name = "reverse", .metavar = NULL, .help = "a pair may be turned round as it is put down"},
    {.name = "room", .metavar = "R", .help = "spare cells on either side of the start, 0..20 (default half the row + 1)"},
    {.name = NULL}};

/* `ariadne generate coins`: the notes' family H^N T^N -> (HT)^N with N
 * from --pairs or drawn from 3..4 by the seed. Any row can be asked for as
 * START -> GOAL, but a random one may have no solution; this family always
 * has one of N moves for N >= 3 (Delannoy), so a generated puzzle is a
 * puzzle. */
static ar_status coins_generate(const ar_param *params, size_t count, uint64_t seed, char **text, ar_error *err)
{
    ar_rng rng;
    long n, k;
    char *row;
    ar_status st;
    ar_rng_seed(&rng, seed);
    /* Drawn from 3 and 4, which the default search solves in well under a
     * second; 5 pairs and more (given with --pairs) take it minutes or more. */
    if ((st = ar_param_int(params, count, "pairs", 3, 12, 3 + (long)ar_rng_below(&rng, 2), &n, err)) != AR_OK)
        return st;
    if (!(row = malloc((size_t)(4 * n + 8))))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    for (k = 0; k < 2 * n; k++)
        row[k] = k < n ? 'H' : 'T';
    memcpy(row + 2 * n, " -> ", 4);
    for (k = 0; k < 2 * n; k++)
        row[2 * n + 4 + k] = k % 2 ? 'T' : 'H';
    row[4 * n + 4] = '\0';
    *text = row;
    return AR_OK;
}

static const ar_puzzle_example coins_examples[] = {
    {.options = "", .instance = "HHHTTT -> HTHTHT", .cost = 3,
     .note = "the notes' puzzle: 3 moves (0+1>6+7 5+6>8+9 2+3>5+6)"},
    {.options = "reverse", .instance = "HHHTTT -> HTHTHT", .cost = 3,
     .note = "pairs may turn round: the notes' 0+1>7+6 2+3>9+8 5+6>6+5"},
    {.options = "pairs=4", .cost = 4, .note = "Delannoy: 4 pairs in 4 moves"},
    {.note = NULL}};

/* The row of coins over its numbered places (page.h). */
static void coins_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    char buf[4096], swapped[4096];
    const char *nl;
    coins_draw(in, state, buf, sizeof buf);
    nl = strchr(buf, '\n');
    if (!nl) {
        ar_scene_word_grid(scene, buf, "H=coin-h T=coin-t .=empty", 0, 0);
        return;
    }
    snprintf(swapped, sizeof swapped, "%s\n%.*s", nl + 1, (int)(nl - buf), buf);
    ar_scene_word_grid(scene, swapped, "H=coin-h T=coin-t .=empty", 1, 0);
}

const ar_puzzle ar_domain_coins = {
    .name = "coins",
    .summary = "coin rows moved in pairs (Tait, Delannoy): n pairs rearranged in n moves",
    .help = "A row of heads and tails (H, T; _ or . an empty cell). A move lifts two neighbouring\n"
    "coins and puts them on two neighbouring empty cells, in order (or turned round with\n"
    "--reverse). Goal: the pattern anywhere on the line, read from either end. Instance:\n"
    "START -> GOAL ('HHHTTT -> HTHTHT'), or --pairs N for H^N T^N -> (HT)^N. Moves: cells\n"
    "from the start's first coin = 0: '0+1>6+7' (turned: '0+1>7+6'). The search has --room R\n"
    "spare cells each side. The notes' solution, replayed:\n"
    "Example: ariadne verify coins 'HHHTTT -> HTHTHT' '0+1>6+7 5+6>8+9 2+3>5+6'\n"
    "`ariadne generate coins [--pairs N]`\n"
    "writes H^N T^N -> (HT)^N (N from the seed, 3 or 4, when not given): always solvable;\n"
    "the default search solves 3 and 4 pairs in well under a second, 5 or more take it minutes or more.",
    .flags = AR_PUZZLE_UNIT_COST | AR_PUZZLE_REVERSIBLE,
    .options = coins_options,
    .create = coins_create,
    .destroy = coins_destroy,
    .describe = coins_describe,
    .check_solvable = coins_check_solvable,
    .state_size = coins_state_size,
    .initial_state = coins_initial_state,
    .is_goal = coins_is_goal,
    .format_state = coins_format_state,
    .draw = coins_draw,
    .picture = coins_picture,
    .max_moves = coins_max_moves,
    .legal_moves = coins_legal_moves,
    .apply = coins_apply,
    .undo = coins_undo,
    .inverse = coins_inverse,
    .format_move = coins_format_move,
    .parse_move = coins_parse_move,
    .default_algorithm = coins_default_algorithm,
    .with_start = coins_with_start,
    .generate = coins_generate,
    .examples = coins_examples,
};
