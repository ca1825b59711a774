/* hares.c — hares and tortoises (frogs and toads), from the lecture notes.
 *
 * A row of cells holds hares (H), which move only to the right, tortoises
 * (T), which move only to the left, and gaps (_ or .). A creature either steps
 * ahead into an empty cell or jumps over one creature of the other kind into
 * the empty cell behind it. The goal is the start row read backwards: for the
 * notes' HHH_TTT it is TTT_HHH, every hare and tortoise swapped. --hares M and
 * --tortoises N make the row H^M _ T^N (default 3 and 3).
 *
 * Why every solution of H^M _ T^N has exactly MN + M + N moves (so any
 * solution found is optimal, and the closed form is that number): creatures
 * of one kind never pass each other, and a hare and a tortoise can only pass
 * by a jump, which passes exactly one such pair; all MN pairs must pass, so
 * there are exactly MN jumps. Each hare travels N + 1 cells and each tortoise
 * M + 1, 2MN + M + N in all; a jump covers 2 and a step 1, so there are
 * M + N steps. tests/test_hares.c checks the count against breadth-first
 * search. For other rows the search decides.
 *
 * Move notation: the moving creature's letter and cell, cells numbered from 1
 * at the left: `H3` (the hare on cell 3 steps or jumps; which one is fixed by
 * the row). A bare cell number `3` is read too. The notes' HTTHHHTTTHHHTTH
 * names only the kind; `ariadne verify` needs the cell. */
#include "ariadne/page.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/run.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HARES_MAX_CELLS 512

enum { GAP = 0, HARE = 1, TORTOISE = 2 };

struct ar_instance {
    unsigned cells;
    unsigned char start[HARES_MAX_CELLS];
    unsigned char goal[HARES_MAX_CELLS];
    /* the target cell of the k-th hare and of the k-th tortoise from the left
     * (creatures of one kind keep their order), for the heuristic */
    unsigned short hare_goal[HARES_MAX_CELLS], tortoise_goal[HARES_MAX_CELLS];
};

static char cell_char(unsigned char c) { return c == HARE ? 'H' : c == TORTOISE ? 'T' : '_'; }

/* The destination of the creature on cell i, or -1 when it cannot move. */
static int destination(const ar_instance *in, const unsigned char *s, unsigned i)
{
    int dir = s[i] == HARE ? 1 : s[i] == TORTOISE ? -1 : 0;
    long one = (long)i + dir, two = (long)i + 2 * dir;
    unsigned char other = s[i] == HARE ? TORTOISE : HARE;
    if (!dir)
        return -1;
    if (one >= 0 && one < (long)in->cells && s[one] == GAP)
        return (int)one;
    if (two >= 0 && two < (long)in->cells && s[one] == other && s[two] == GAP)
        return (int)two;
    return -1;
}

/* --- instances ----------------------------------------------------------- */

static ar_status parse_row(const char *text, const char *where, ar_instance *in, ar_error *err)
{
    size_t len = strlen(text), p;
    unsigned n = 0;
    for (p = 0; p < len; p++) {
        unsigned char ch = (unsigned char)text[p];
        if (isspace(ch))
            continue;
        if (n == HARES_MAX_CELLS)
            return ar_error_set(err, AR_ERR_INPUT, "%s: more than %d cells", where, HARES_MAX_CELLS);
        if (ch == 'H' || ch == 'h')
            in->start[n++] = HARE;
        else if (ch == 'T' || ch == 't')
            in->start[n++] = TORTOISE;
        else if (ch == '_' || ch == '.')
            in->start[n++] = GAP;
        else
            return ar_error_set(err, AR_ERR_INPUT,
                                "%s: unknown character '%c' at position %zu (expected H, T, _ or .)",
                                where, isprint(ch) ? ch : '?', p + 1);
    }
    if (n == 0)
        return ar_error_set(err, AR_ERR_INPUT, "%s: empty row", where);
    in->cells = n;
    return AR_OK;
}

static void set_goal(ar_instance *in)
{
    unsigned i, h = 0, t = 0;
    for (i = 0; i < in->cells; i++)
        in->goal[i] = in->start[in->cells - 1 - i];
    for (i = 0; i < in->cells; i++) {
        if (in->goal[i] == HARE)
            in->hare_goal[h++] = (unsigned short)i;
        else if (in->goal[i] == TORTOISE)
            in->tortoise_goal[t++] = (unsigned short)i;
    }
}

static ar_status hares_create(const char *text, const ar_param *params, size_t count,
                              ar_instance **out, ar_error *err)
{
    ar_instance *in = calloc(1, sizeof *in);
    const char *h = ar_param_get(params, count, "hares"), *t = ar_param_get(params, count, "tortoises");
    ar_status st = AR_OK;
    long m, n, k;
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a hares instance");
    if (text && text[strspn(text, " \t\r\n")]) {
        if (h || t)
            st = ar_error_set(err, AR_ERR_INPUT, "parameter %s: the instance row already gives this",
                              h ? "hares" : "tortoises");
        else
            st = parse_row(text, "instance", in, err);
    } else if ((st = ar_param_int(params, count, "hares", 0, 255, 3, &m, err)) == AR_OK &&
               (st = ar_param_int(params, count, "tortoises", 0, 255, 3, &n, err)) == AR_OK) {
        in->cells = (unsigned)(m + n + 1);
        for (k = 0; k < m + n + 1; k++)
            in->start[k] = k < m ? HARE : k == m ? GAP : TORTOISE;
    }
    if (st != AR_OK) {
        free(in);
        return st;
    }
    set_goal(in);
    *out = in;
    return AR_OK;
}

static void hares_destroy(ar_instance *in) { free(in); }

static void row_text(const ar_instance *in, const unsigned char *s, char *buf, size_t size)
{
    unsigned i;
    if (!size)
        return;
    for (i = 0; i < in->cells && i + 1 < size; i++)
        buf[i] = cell_char(s[i]);
    buf[i] = '\0';
}

static void hares_describe(const ar_instance *in, char *buf, size_t size)
{
    char a[HARES_MAX_CELLS + 1], b[HARES_MAX_CELLS + 1];
    row_text(in, in->start, a, sizeof a);
    row_text(in, in->goal, b, sizeof b);
    snprintf(buf, size, "hares and tortoises %.60s%s -> %.60s%s", a, in->cells > 60 ? "..." : "", b,
             in->cells > 60 ? "..." : "");
}

/* Proof: a hare never moves left and a tortoise never moves right, and
 * creatures of one kind keep their order; so the k-th hare from the left must
 * end at or to the right of where it starts, and likewise to the left for a
 * tortoise. The goal is the reversed row, so it has as many of each kind. */
static ar_status hares_check_solvable(const ar_instance *in, ar_error *err)
{
    unsigned i, h = 0, t = 0;
    for (i = 0; i < in->cells; i++) {
        if (in->start[i] == HARE && in->hare_goal[h++] < i)
            return ar_error_set(err, AR_ERR_UNSOLVABLE,
                                "hare %u (cell %u) would have to move left to cell %u, and hares only move right",
                                h, i + 1, in->hare_goal[h - 1] + 1);
        if (in->start[i] == TORTOISE && in->tortoise_goal[t++] > i)
            return ar_error_set(err, AR_ERR_UNSOLVABLE,
                                "tortoise %u (cell %u) would have to move right to cell %u, and tortoises only move left",
                                t, i + 1, in->tortoise_goal[t - 1] + 1);
    }
    return AR_OK;
}

/* --- states: one byte per cell --- */

static size_t hares_state_size(const ar_instance *in) { return in->cells; }
static void hares_initial_state(const ar_instance *in, void *s) { memcpy(s, in->start, in->cells); }
static int hares_is_goal(const ar_instance *in, const void *s) { return memcmp(s, in->goal, in->cells) == 0; }

static void hares_format_state(const ar_instance *in, const void *s, char *buf, size_t size)
{
    row_text(in, s, buf, size);
}

/* The row with the cell numbers under it (every fifth for long rows). */
static void hares_draw(const ar_instance *in, const void *state, char *buf, size_t size)
{
    const unsigned char *s = state;
    size_t used = 0;
    unsigned i;
#define PUT(...) (used < size ? used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__) : used)
    if (size)
        buf[0] = '\0';
    for (i = 0; i < in->cells; i++)
        PUT(" %2c", s[i] == GAP ? '.' : cell_char(s[i]));
    PUT("\n");
    for (i = 0; i < in->cells; i++)
        if (in->cells <= 30 || i % 5 == 0)
            PUT(" %2u", (i + 1) % 100);
        else
            PUT("   ");
#undef PUT
}

/* --- moves: the code is the cell of the moving creature (bits 0-9), plus
 * JUMP when it jumps and TORTOISE_BIT when it is a tortoise, so undo and
 * format_move need nothing else --- */

#define JUMP 1024u
#define TORTOISE_BIT 2048u
#define CELL(m) ((m) & 1023u)

static ar_move code(const unsigned char *s, unsigned i, int to)
{
    return i | ((unsigned)abs(to - (int)i) == 2 ? JUMP : 0) | (s[i] == TORTOISE ? TORTOISE_BIT : 0);
}

static unsigned hares_max_moves(const ar_instance *in) { return in->cells; }

static unsigned hares_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    const unsigned char *s = state;
    unsigned i, n = 0;
    for (i = 0; i < in->cells; i++) {
        int d = destination(in, s, i);
        if (d >= 0)
            moves[n++] = code(s, i, d);
    }
    return n;
}

static void hares_apply(const ar_instance *in, void *state, ar_move m)
{
    unsigned char *s = state;
    unsigned i = CELL(m), dist = m & JUMP ? 2 : 1, to = m & TORTOISE_BIT ? i - dist : i + dist;
    (void)in;
    s[to] = s[i];
    s[i] = GAP;
}

static void hares_undo(const ar_instance *in, void *state, ar_move m)
{
    unsigned char *s = state;
    unsigned i = CELL(m), dist = m & JUMP ? 2 : 1, now = m & TORTOISE_BIT ? i - dist : i + dist;
    (void)in;
    s[i] = s[now];
    s[now] = GAP;
}

static size_t hares_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int len = snprintf(buf, size, "%c%u", m & TORTOISE_BIT ? 'T' : 'H', CELL(m) + 1);
    (void)in;
    return len < 0 ? 0 : (size_t)len;
}

static ar_status hares_parse_move(const ar_instance *in, const void *state, const char *text,
                                  size_t len, ar_move *out, ar_error *err)
{
    const unsigned char *s = state;
    size_t p = 0;
    unsigned long cell = 0;
    int kind = GAP, d;
    if (len && (toupper((unsigned char)text[0]) == 'H' || toupper((unsigned char)text[0]) == 'T'))
        kind = toupper((unsigned char)text[p++]) == 'H' ? HARE : TORTOISE;
    if (p == len)
        return ar_error_set(err, AR_ERR_INPUT, "expected a cell number, e.g. H3 or 3");
    for (; p < len; p++) {
        if (!isdigit((unsigned char)text[p]))
            return ar_error_set(err, AR_ERR_INPUT, "expected a cell number, e.g. H3 or 3");
        if ((cell = cell * 10 + (unsigned long)(text[p] - '0')) > in->cells)
            break;
    }
    if (cell < 1 || cell > in->cells)
        return ar_error_set(err, AR_ERR_INPUT, "cell out of range (the row has %u cells)", in->cells);
    cell--;
    if (s[cell] == GAP)
        return ar_error_set(err, AR_ERR_INPUT, "cell %lu is empty", cell + 1);
    if (kind != GAP && s[cell] != kind)
        return ar_error_set(err, AR_ERR_INPUT, "cell %lu holds a %s", cell + 1,
                            s[cell] == HARE ? "hare" : "tortoise");
    if ((d = destination(in, s, (unsigned)cell)) < 0)
        return ar_error_set(err, AR_ERR_INPUT, "the %s on cell %lu can neither step nor jump",
                            s[cell] == HARE ? "hare" : "tortoise", cell + 1);
    *out = code(s, (unsigned)cell, d);
    return AR_OK;
}

/* --- heuristic --- */

/* Each creature must cover the distance to its goal cell (creatures of one
 * kind keep their order, so the k-th hare goes to the goal's k-th hare
 * cell); a move moves one creature by 1 or 2 cells, so lowering the sum of
 * ceil(distance / 2) by at most 1: admissible and consistent (unit costs). */
static uint64_t hares_distance(const ar_instance *in, const void *state)
{
    const unsigned char *s = state;
    unsigned i, h = 0, t = 0;
    uint64_t sum = 0;
    for (i = 0; i < in->cells; i++) {
        if (s[i] == HARE) {
            unsigned g = in->hare_goal[h++];
            sum += g > i ? (g - i + 1) / 2 : 0;
        } else if (s[i] == TORTOISE) {
            unsigned g = in->tortoise_goal[t++];
            sum += g < i ? (i - g + 1) / 2 : 0;
        }
    }
    return sum;
}

static const ar_heuristic hares_heuristics[] = {
    {.name = "distance",
     .summary = "sum over creatures of half the cells still to go, rounded up (admissible, consistent)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = hares_distance},
    {.name = NULL}};

/* --- the rule: a solver for H^M _ T^N in time linear in the moves ---
 *
 * Jump whenever a creature can (when both kinds can, the kind that moved
 * last); when only steps are possible, step with the kind that moved last
 * (the first move: a hare). The notes hint at it ("move only one kind of
 * animal for as long as you can"); the tie-breaks are ours, found and
 * checked for every M, N <= 60 against the closed form, and the solver
 * replays its own answer, so a failure would be reported, never a wrong
 * solution. Any solution has M*N + M + N moves (top of the file), so the
 * result is optimal. With one gap only the four creatures around it can
 * move, so each move costs O(1). */
static int single_gap_row(const ar_instance *in, unsigned *gap)
{
    unsigned i = 0;
    while (i < in->cells && in->start[i] == HARE)
        i++;
    if (i == in->cells || in->start[i] != GAP)
        return 0;
    *gap = i++;
    while (i < in->cells && in->start[i] == TORTOISE)
        i++;
    return i == in->cells;
}

static ar_status hares_rule_solve(ar_instance *in, const struct ar_search_options *opts, const ar_move_sink *sink,
                                  struct ar_result *result, ar_error *err)
{
    ar_run run;
    unsigned gap, total, n = 0;
    unsigned char s[HARES_MAX_CELLS];
    ar_move *moves;
    int last = HARE;
    ar_status st;
    (void)sink;
    if (!single_gap_row(in, &gap))
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "rule: needs a row of hares, one gap, then tortoises (H..H_T..T)");
    total = (gap * (in->cells - 1 - gap)) + in->cells - 1;
    if (!(moves = malloc(sizeof *moves * (total + 1))))
        return ar_error_set(err, AR_ERR_MEMORY, "rule: out of memory for %u moves", total);
    ar_run_begin(&run, opts, result);
    memcpy(s, in->start, in->cells);
    while (n < total) {
        /* the candidates: creatures that can move into the gap */
        int hj = gap >= 2 && s[gap - 2] == HARE && s[gap - 1] == TORTOISE;
        int tj = gap + 2 < in->cells && s[gap + 2] == TORTOISE && s[gap + 1] == HARE;
        int hs = gap >= 1 && s[gap - 1] == HARE, ts = gap + 1 < in->cells && s[gap + 1] == TORTOISE;
        unsigned from;
        if (hj && (!tj || last == HARE))
            from = gap - 2;
        else if (tj)
            from = gap + 2;
        else if (hs && (!ts || last == HARE))
            from = gap - 1;
        else if (ts)
            from = gap + 1;
        else
            break; /* stuck: reported below */
        moves[n++] = code(s, from, (int)gap);
        last = s[from];
        s[gap] = s[from], s[from] = GAP, gap = from;
        result->expanded++;
    }
    if (n < total || memcmp(s, in->goal, in->cells) != 0) {
        free(moves);
        ar_run_finish(&run);
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "rule: the rule got stuck after %u moves; use parameter algo astar", n);
    }
    st = ar_run_set_solution(&run, moves, n, n, err);
    free(moves);
    result->optimal = 1;
    result->has_lower_bound = 1;
    result->lower_bound = n;
    snprintf(result->note, sizeof result->note,
             "optimal: every solution of H^M _ T^N has M*N + M + N moves (%u here)", total);
    ar_run_finish(&run);
    return st;
}

/* Without --algo: the rule where it applies (a row H..H_T..T to be
 * exchanged), linear in the moves; A* with its heuristic elsewhere. A* on
 * the notes' 57 and 57 would need more memory than any machine has. */
static const char *hares_default_algorithm(const ar_instance *in)
{
    unsigned gap, i;
    if (!single_gap_row(in, &gap))
        return "astar";
    for (i = 0; i < in->cells; i++) /* the goal: the row read backwards, T..T_H..H */
        if (in->goal[i] != in->start[in->cells - 1 - i])
            return "astar";
    return "rule";
}

static const ar_domain_solver hares_solvers[] = {
    {.name = "rule",
     .summary = "H^M _ T^N in M*N+M+N moves by the notes' rule (jump when you can, else keep the kind), linear time",
     .run = hares_rule_solve},
    {.name = NULL}};

/* --- generate, with_start --- */

static ar_status hares_generate(const ar_param *params, size_t count, uint64_t seed, char **text,
                                ar_error *err)
{
    ar_rng rng;
    long m, n, k;
    char *row;
    ar_status st;
    ar_rng_seed(&rng, seed);
    if ((st = ar_param_int(params, count, "hares", 0, 255, 1 + (long)ar_rng_below(&rng, 4), &m, err)) != AR_OK ||
        (st = ar_param_int(params, count, "tortoises", 0, 255, 1 + (long)ar_rng_below(&rng, 4), &n, err)) != AR_OK)
        return st;
    if (!(row = malloc((size_t)(m + n + 2))))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    for (k = 0; k < m + n + 1; k++)
        row[k] = k < m ? 'H' : k == m ? '_' : 'T';
    row[m + n + 1] = '\0';
    *text = row;
    return AR_OK;
}

static ar_status hares_with_start(const ar_instance *in, const void *state, ar_instance **out,
                                  ar_error *err)
{
    if (!(*out = malloc(sizeof **out)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a hares instance");
    **out = *in;
    memcpy((*out)->start, state, in->cells);
    return AR_OK;
}

static const ar_option_spec hares_options[] = {
    {.name = "hares", .metavar = "M", .help = "hares on the left, 0..255 (default 3)"},
    {.name = "tortoises", .metavar = "N", .help = "tortoises on the right, 0..255 (default 3)"},
    {.name = NULL}};

static const ar_puzzle_example hares_examples[] = {
    {.options = "", .instance = "HHH_TTT", .cost = 15,
     .note = "the notes' puzzle: 3 hares and 3 tortoises swap in 15 moves (9 jumps, 6 steps)"},
    {.options = "hares=2 tortoises=4", .cost = 14, .note = "2 hares, 4 tortoises: 2*4+2+4 = 14 moves"},
    {.options = "", .instance = "HH__TT", .cost = 0, .note = "two gaps: any row, with the row reversed as the goal"},
    {.note = NULL}};

/* The row of hares, tortoises and the gap, numbered (page.h). */
static void hares_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    char buf[4096], swapped[4096];
    const char *nl;
    hares_draw(in, state, buf, sizeof buf);
    nl = strchr(buf, '\n');
    if (!nl) {
        ar_scene_word_grid(scene, buf, "H=p1 T=p2 .=empty", 0, 0);
        return;
    }
    snprintf(swapped, sizeof swapped, "%s\n%.*s", nl + 1, (int)(nl - buf), buf);
    ar_scene_word_grid(scene, swapped, "H=p1 T=p2 .=empty", 1, 0);
}

const ar_puzzle ar_domain_hares = {
    .name = "hares",
    .summary = "hares and tortoises (frogs and toads): swap the two herds, M*N+M+N moves",
    .help = "A row of hares (H, moving right), tortoises (T, moving left) and gaps (_ or .):\n"
    "a creature steps ahead into an empty cell or jumps one creature of the other kind\n"
    "into the empty cell behind it. Goal: the row reversed (HHH_TTT -> TTT_HHH). Instance:\n"
    "the row, or --hares M --tortoises N for H^M _ T^N. Moves: H<cell> or T<cell>, cells\n"
    "numbered from 1 (a bare number works too). Any solution of H^M _ T^N takes exactly\n"
    "M*N jumps and M+N steps (--algo rule makes one in linear time, any M, N up to 255);\n"
    "the notes' HTTHHHTTTHHHTTH for 3+3 is\n"
    "H3 T5 T6 H4 H2 H1 T3 T5 T7 H6 H4 H2 T3 T5 H4.",
    .flags = AR_PUZZLE_UNIT_COST,
    .options = hares_options,
    .create = hares_create,
    .destroy = hares_destroy,
    .describe = hares_describe,
    .check_solvable = hares_check_solvable,
    .state_size = hares_state_size,
    .initial_state = hares_initial_state,
    .is_goal = hares_is_goal,
    .format_state = hares_format_state,
    .draw = hares_draw,
    .picture = hares_picture,
    .max_moves = hares_max_moves,
    .legal_moves = hares_legal_moves,
    .apply = hares_apply,
    .undo = hares_undo,
    .format_move = hares_format_move,
    .parse_move = hares_parse_move,
    .heuristics = hares_heuristics,
    .solvers = hares_solvers,
    .default_algorithm = hares_default_algorithm,
    .generate = hares_generate,
    .with_start = hares_with_start,
    .examples = hares_examples,
};
