/* sarov.c — the Sarov towers puzzle of bashni.org: its rules, notation, file
 * format and descriptor.
 *
 * C colours (2..16), each with seven bricks numbered 0..6, stand in C+2
 * columns. A move takes the run at the top of a column (the longest top segment
 * of one colour whose numbers go up by one going down) and puts it on an empty
 * column or on a column whose top brick has the same colour and a larger number
 * than the run's bottom brick. The goal is every colour in its own column, 6 at
 * the bottom to 0 on top, the other columns empty. Each run moved is one move.
 *
 * This file holds the domain slots of ar_puzzle: the layout parser with
 * line-numbered messages, packed states that keep column identities, moves
 * "a-b" numbered from 1, and the descriptor. The rest of the folder:
 * sarov_bound.c, the admissible lower bound (and the generic heuristics on
 * it); sarov_solve.c, "sarov-astar", an A* over a column-order-free encoding
 * with only provably safe pruning; sarov_generate.c, random layouts;
 * sarov_internal.h, the codings and position helpers they share.
 *
 * Two facts carry everything: a run is always moved whole, so two bricks that
 * stand "in sequence" (same colour, the upper one smaller by one) are never
 * separated again; and every move either makes one new such link (or stands a
 * 6 on the floor) or makes none. The optimum is therefore the number of links
 * still missing plus the number of "waste" moves, and all the cleverness goes
 * into bounding the waste (docs/puzzles/sarov.md). */
#include "sarov_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"

/* ------------------------------------------------------------------------ */
/* Parsing layouts                                                           */

typedef struct sv_parser {
    int line;
    int ncols;   /* columns seen (may exceed SV_MAX_COLS: reported at the end) */
    int maxcol;  /* highest colour index seen, -1 for none */
    int seen_line[SV_MAX_BRICKS]; /* line where each brick appeared, 0 if not yet */
    int height[SV_MAX_COLS];
    unsigned char brick[SV_MAX_COLS][SV_MAX_BRICKS];
} sv_parser;

/* Copies a token for a message: at most 20 characters, unprintables as '?'. */
static void sv_show(const char *tok, size_t len, char *out, size_t size)
{
    size_t i, n = len < 20 ? len : 20;
    if (n + 4 > size)
        n = size - 4;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)tok[i];
        out[i] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    if (n < len) {
        out[n++] = '.';
        out[n++] = '.';
        out[n++] = '.';
    }
    out[n] = '\0';
}

static int sv_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == ',';
}

static ar_status sv_parse_brick(sv_parser *ps, const char *tok, size_t len, int col, ar_error *err)
{
    char shown[32];
    int letter, num, b;
    size_t i;
    int digits = len >= 2;
    for (i = 1; i < len; i++)
        if (tok[i] < '0' || tok[i] > '9')
            digits = 0;
    letter = (unsigned char)tok[0];
    sv_show(tok, len, shown, sizeof shown);
    if (!digits || !((letter >= 'a' && letter <= 'z') || (letter >= 'A' && letter <= 'Z')))
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %d: '%s' is not a brick (a colour letter a..p and a number "
                            "0..6, e.g. 'c4'; '-' alone is an empty column)",
                            ps->line, shown);
    if (len != 2 || tok[1] > '6')
        return ar_error_set(err, AR_ERR_INPUT, "line %d: brick '%s': number must be 0..6",
                            ps->line, shown);
    if (letter >= 'A' && letter <= 'Z')
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %d: brick '%s': colour letters are lowercase (a..p)", ps->line,
                            shown);
    if (letter > 'a' + SV_MAX_COLOURS - 1)
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %d: brick '%s': colour must be one of a..p (at most %d colours)",
                            ps->line, shown, SV_MAX_COLOURS);
    num = tok[1] - '0';
    b = (letter - 'a') * SV_NUMS + num;
    if (ps->seen_line[b])
        return ar_error_set(err, AR_ERR_INPUT, "colour %c has two %ds (lines %d and %d)", letter,
                            num, ps->seen_line[b], ps->line);
    ps->seen_line[b] = ps->line;
    if (letter - 'a' > ps->maxcol)
        ps->maxcol = letter - 'a';
    if (col < SV_MAX_COLS)
        ps->brick[col][ps->height[col]++] = (unsigned char)b;
    return AR_OK;
}

/* One column's text (a line, or a part of a line between '/'). */
static ar_status sv_parse_segment(sv_parser *ps, const char *s, const char *end, ar_error *err)
{
    int tokens = 0, dashes = 0, bricks = 0;
    int col = ps->ncols;
    while (s < end) {
        const char *tok;
        size_t len;
        while (s < end && sv_is_space(*s))
            s++;
        if (s >= end)
            break;
        tok = s;
        while (s < end && !sv_is_space(*s))
            s++;
        len = (size_t)(s - tok);
        tokens++;
        if (len == 1 && tok[0] == '-') {
            dashes++;
        } else {
            ar_status st = sv_parse_brick(ps, tok, len, col, err);
            if (st != AR_OK)
                return st;
            bricks++;
        }
        if (dashes && tokens > 1)
            return ar_error_set(err, AR_ERR_INPUT,
                                "line %d: '-' marks an empty column and must stand alone", ps->line);
    }
    if (tokens > 0)
        ps->ncols++;
    return AR_OK;
}

static ar_status sv_parse(const char *text, ar_instance *in, ar_error *err)
{
    sv_parser *ps = calloc(1, sizeof *ps);
    const char *p = text;
    ar_status st = AR_OK;
    int c, n, i, k;
    if (!ps)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading a layout");
    ps->maxcol = -1;
    ps->line = 1;
    while (*p && st == AR_OK) {
        const char *eol = strchr(p, '\n');
        const char *cend, *seg, *q;
        if (!eol)
            eol = p + strlen(p);
        cend = memchr(p, '#', (size_t)(eol - p));
        if (!cend)
            cend = eol;
        seg = p;
        for (q = p; st == AR_OK; q++) {
            if (q == cend || *q == '/') {
                st = sv_parse_segment(ps, seg, q, err);
                seg = q + 1;
            }
            if (q == cend)
                break;
        }
        p = *eol ? eol + 1 : eol;
        ps->line++;
    }
    if (st != AR_OK)
        goto done;
    if (ps->maxcol < 0) {
        st = ar_error_set(err, AR_ERR_INPUT,
                          "empty layout: expected one column per line, bricks from bottom to top "
                          "(e.g. 'a6 b3 a5'), '-' for an empty column");
        goto done;
    }
    c = ps->maxcol + 1;
    if (c < SV_MIN_COLOURS) {
        st = ar_error_set(err, AR_ERR_INPUT,
                          "a layout needs at least %d colours (a and b), found only colour a",
                          SV_MIN_COLOURS);
        goto done;
    }
    if (ps->ncols != c + 2) {
        st = ar_error_set(err, AR_ERR_INPUT, "expected %d columns for %d colours (a..%c), found %d",
                          c + 2, c, 'a' + c - 1, ps->ncols);
        goto done;
    }
    for (i = 0; i < c; i++) {
        int present = 0;
        for (n = 0; n < SV_NUMS; n++)
            present += ps->seen_line[i * SV_NUMS + n] != 0;
        if (!present) {
            st = ar_error_set(err, AR_ERR_INPUT,
                              "colour %c is missing (with %d colours the letters are a..%c)",
                              'a' + i, c, 'a' + c - 1);
            goto done;
        }
        for (n = 0; n < SV_NUMS; n++)
            if (!ps->seen_line[i * SV_NUMS + n]) {
                st = ar_error_set(err, AR_ERR_INPUT, "colour %c has no %d", 'a' + i, n);
                goto done;
            }
    }
    in->colours = c;
    in->ncols = c + 2;
    in->nbricks = c * SV_NUMS;
    k = in->ncols;
    for (i = 0; i < in->ncols; i++) {
        in->start[i] = (unsigned char)ps->height[i];
        memcpy(in->start + k, ps->brick[i], (size_t)ps->height[i]);
        k += ps->height[i];
    }
done:
    free(ps);
    return st;
}

static ar_status sv_create(const char *text, const ar_param *params, size_t param_count,
                           ar_instance **out, ar_error *err)
{
    ar_instance *in;
    ar_status st;
    (void)params;
    (void)param_count; /* --colours only matters to generate */
    *out = NULL;
    if (!text)
        return ar_error_set(err, AR_ERR_INPUT,
                            "sarov needs a layout: -f FILE with one column per line, bricks from "
                            "bottom to top (try 'ariadne generate sarov')");
    in = calloc(1, sizeof *in);
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a sarov instance");
    st = sv_parse(text, in, err);
    if (st != AR_OK) {
        free(in);
        return st;
    }
    *out = in;
    return AR_OK;
}

static void sv_destroy(ar_instance *in) { free(in); }

/* ------------------------------------------------------------------------ */
/* Interface slots: description, states, moves                               */

static void sv_describe(const ar_instance *in, char *buf, size_t size)
{
    sv_pos p;
    sv_unpack(in, in->start, &p);
    snprintf(buf, size, "Sarov towers: %d colours, %d columns, %d bricks, %u runs to place",
             in->colours, in->ncols, in->nbricks, ar_sarov_bound(&p, SV_BOUND_LINKS));
}

static void sv_initial_state(const ar_instance *in, void *state)
{
    memcpy(state, in->start, sv_state_size(in));
}

static int sv_is_goal(const ar_instance *in, const void *state)
{
    sv_pos p;
    sv_unpack(in, state, &p);
    /* No bad link: every column is a whole tower or empty. */
    return ar_sarov_bound(&p, SV_BOUND_LINKS) == 0;
}

/* The columns standing up, bottom brick at the bottom, numbered underneath:
 *   c0
 *   c1 a0
 *   b5 a1 f3
 *    1  2  3  4     */
static void sv_draw(const ar_instance *in, const void *state, char *buf, size_t size)
{
    sv_pos p;
    size_t used = 0;
    int i, row, top = 0;
#define PUT(...) (used < size ? used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__) : used)
    if (size)
        buf[0] = '\0';
    sv_unpack(in, state, &p);
    for (i = 0; i < p.ncols; i++)
        top = p.h[i] > top ? p.h[i] : top;
    for (row = top; row > 0; row--) {
        for (i = 0; i < p.ncols; i++) {
            if (p.h[i] >= row) {
                int b = p.c[i][row - 1];
                PUT(" %c%d", 'a' + sv_colour(b), sv_num(b));
            } else {
                PUT("   ");
            }
        }
        while (used > 0 && used < size && buf[used - 1] == ' ')
            buf[--used] = '\0';
        PUT("\n");
    }
    for (i = 0; i < p.ncols; i++)
        PUT("%3d", i + 1);
#undef PUT
}

static void sv_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    sv_pos p;
    size_t used = 0;
    int i, k;
    if (size == 0)
        return;
    buf[0] = '\0';
    sv_unpack(in, state, &p);
    for (i = 0; i < p.ncols; i++) {
        for (k = 0; k < p.h[i]; k++) {
            int b = p.c[i][k];
            int w = snprintf(buf + used, size - used, "%s%c%d", k ? " " : "", 'a' + sv_colour(b),
                             sv_num(b));
            if (w < 0 || (size_t)w >= size - used)
                return;
            used += (size_t)w;
        }
        {
            int w = snprintf(buf + used, size - used, "%s\n", p.h[i] ? "" : "-");
            if (w < 0 || (size_t)w >= size - used)
                return;
            used += (size_t)w;
        }
    }
}

static unsigned sv_max_moves(const ar_instance *in)
{
    return (unsigned)(in->ncols * (in->ncols - 1));
}

static unsigned sv_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    sv_pos p;
    sv_unpack(in, state, &p);
    return sv_pos_legal_moves(&p, moves);
}

/* Moves `len` bricks from the top of column f to the top of column t in the
 * packed layout (heights, then the columns' bricks one after another). */
static void sv_packed_move(const ar_instance *in, unsigned char *s, int f, int t, int len)
{
    unsigned char *b = s + in->ncols;
    unsigned char run[SV_NUMS];
    int off[SV_MAX_COLS + 1], i;
    off[0] = 0;
    for (i = 0; i < in->ncols; i++)
        off[i + 1] = off[i] + s[i];
    memcpy(run, b + off[f + 1] - len, (size_t)len);
    if (f < t) {
        memmove(b + off[f + 1] - len, b + off[f + 1], (size_t)(off[t + 1] - off[f + 1]));
        memcpy(b + off[t + 1] - len, run, (size_t)len);
    } else {
        memmove(b + off[t + 1] + len, b + off[t + 1], (size_t)(off[f + 1] - len - off[t + 1]));
        memcpy(b + off[t + 1], run, (size_t)len);
    }
    s[f] = (unsigned char)(s[f] - len);
    s[t] = (unsigned char)(s[t] + len);
}

static void sv_apply(const ar_instance *in, void *state, ar_move m)
{
    sv_packed_move(in, state, sv_move_from(m), sv_move_to(m), sv_move_len(m));
}

static void sv_undo(const ar_instance *in, void *state, ar_move m)
{
    sv_packed_move(in, state, sv_move_to(m), sv_move_from(m), sv_move_len(m));
}

/* Moving the same run straight back undoes a move, unless the run merged with
 * the brick it landed on (then the run on top is longer). The reverse move is
 * not always legal (the run may have stood on another colour); search only
 * compares codes, so returning it anyway is harmless. */
static ar_move sv_inverse(const ar_instance *in, ar_move m)
{
    (void)in;
    if (sv_move_merged(m))
        return AR_NO_MOVE;
    return sv_move_code(sv_move_to(m), sv_move_from(m), sv_move_len(m), 0);
}

static size_t sv_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int w;
    (void)in;
    w = snprintf(buf, size, "%d-%d", sv_move_from(m) + 1, sv_move_to(m) + 1);
    return w < 0 ? 0 : (size_t)w;
}

/* Reads a column number 1..ncols from text[*i..len). */
static int sv_read_column(const char *text, size_t len, size_t *i, int *out)
{
    long v = 0;
    size_t start = *i;
    while (*i < len && text[*i] >= '0' && text[*i] <= '9') {
        if (v < 1000)
            v = v * 10 + (text[*i] - '0');
        (*i)++;
    }
    if (*i == start)
        return 0;
    *out = (int)v;
    return 1;
}

static ar_status sv_parse_move(const ar_instance *in, const void *state, const char *text,
                               size_t len, ar_move *out, ar_error *err)
{
    size_t i = 0;
    int f = 0, t = 0, runlen, merged;
    sv_pos p;
    char shown[32];
    sv_show(text, len, shown, sizeof shown);
    if (!sv_read_column(text, len, &i, &f) || i >= len || text[i] != '-' ||
        (i++, !sv_read_column(text, len, &i, &t)) || i != len)
        return ar_error_set(err, AR_ERR_INPUT,
                            "'%s' is not a move: write FROM-TO with column numbers 1..%d, e.g. "
                            "'3-7'",
                            shown, in->ncols);
    if (f < 1 || f > in->ncols || t < 1 || t > in->ncols)
        return ar_error_set(err, AR_ERR_INPUT, "columns are numbered 1..%d", in->ncols);
    if (f == t)
        return ar_error_set(err, AR_ERR_INPUT, "a run cannot move onto its own column");
    f--;
    t--;
    sv_unpack(in, state, &p);
    runlen = sv_run_len(&p, f);
    if (!runlen)
        return ar_error_set(err, AR_ERR_INPUT, "column %d is empty", f + 1);
    if (!sv_can_move(&p, f, t, runlen, &merged)) {
        int bottom = p.c[f][p.h[f] - runlen], top = p.c[t][p.h[t] - 1];
        if (sv_num(top) == 0 && sv_colour(top) == sv_colour(bottom))
            return ar_error_set(err, AR_ERR_INPUT,
                                "column %d has %c0 on top and nothing goes on a 0", t + 1, 'a' + sv_colour(top));
        return ar_error_set(err, AR_ERR_INPUT,
                            "the run from column %d has %c%d at its bottom, which "
                            "cannot go on %c%d (needs the same colour and a larger number)",
                            f + 1, 'a' + sv_colour(bottom), sv_num(bottom),
                            'a' + sv_colour(top), sv_num(top));
    }
    *out = sv_move_code(f, t, runlen, merged);
    return AR_OK;
}

static const char *sv_default_algorithm(const ar_instance *in)
{
    (void)in;
    return "sarov-astar";
}

/* A copy of the instance starting from `state` (hints, tests from positions). */
static ar_status sv_with_start(const ar_instance *in, const void *state, ar_instance **out,
                               ar_error *err)
{
    ar_instance *copy = malloc(sizeof *copy);
    if (!copy)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory copying a sarov instance");
    *copy = *in;
    memcpy(copy->start, state, sv_state_size(in));
    *out = copy;
    return AR_OK;
}

/* ------------------------------------------------------------------------ */

static const ar_option_spec sv_options[] = {
    {.name = "colours",
     .metavar = "C",
     .help = "number of colours for 'generate' (2..16, default 10)"},
    {.name = "any", .help = "generate: keep the first shuffle even if it has no solution"},
    {.name = NULL}};

/* Layouts of bashni.org (data/sarov/), columns separated by '/'; the first
 * example's --colours sizes the conformance tests' generated layouts. */
static const ar_puzzle_example sarov_examples[] = {
    {.options = "colours=6",
     .instance = "b4 a0 e0 e1 d6 d3/b6 b5 b3 e2 c0 e3/f5 f4 f3 b1 c4/d2 d1 f2 f1 f0/b0 e5 e4 d0 d4/"
                 "c5 c2 c1 d5 c3/f6 a6 a5 a4 a3/a1 e6 a2 c6 b2",
     .cost = 29,
     .note = "bashni.org layout \"Ramil69\": 29 moves, proven optimal"},
    {.options = "",
     .instance = "b2 c2 c1 b1 b0 a5/e4 c3 d4 d3 d2 e5/b6 e0 d6 a6 e3/a3 a2 e1 f2 f1/c5 c4 c6 b4 b3/"
                 "f5 d1 d0 c0 f6/e2 e6 a0 d5 a4/b5 a1 f0 f4 f3",
     .cost = 36,
     .note = "bashni.org layout 115587: 36 moves, proven optimal (10-colour layouts: -f data/sarov/318210.txt)"},
    {.note = NULL}};

/* The columns as the text board shows them (page.h). */
static void sv_picture(const ar_instance *inst, const void *state, ar_scene *scene)
{
    char *buf = malloc(1 << 16);
    if (!buf)
        return;
    sv_draw(inst, state, buf, 1 << 16);
    ar_scene_word_grid(scene, buf, ".=empty -=empty *=tile", 0, 0);
    free(buf);
}

const ar_puzzle ar_domain_sarov = {
    .name = "sarov",
    .summary = "Sarov towers (bashni.org): stack each colour 6..0 in its own column",
    .help = "A layout is one column per line, bricks from bottom to top, each brick a colour letter\n"
    "and a number 0..6 (e.g. 'c4'); colours are the first C letters a.., C from 2 to 16, and\n"
    "there must be C+2 columns; a line '-' is an empty column, '#' starts a comment, and '/'\n"
    "may separate columns on one line. A move 'a-b' moves the run on top of column a (the\n"
    "longest top segment of one colour going 3 on 4 on 5) onto column b, which must be empty\n"
    "or have the same colour with a larger number on top. Goal: each colour in its own column,\n"
    "6 at the bottom to 0 on top. Columns are numbered from 1.",
    .flags = AR_PUZZLE_UNIT_COST,
    .options = sv_options,
    .create = sv_create,
    .destroy = sv_destroy,
    .describe = sv_describe,
    .state_size = sv_state_size,
    .initial_state = sv_initial_state,
    .is_goal = sv_is_goal,
    .format_state = sv_format_state,
    .draw = sv_draw,
    .picture = sv_picture,
    .max_moves = sv_max_moves,
    .legal_moves = sv_legal_moves,
    .apply = sv_apply,
    .undo = sv_undo,
    .inverse = sv_inverse,
    .format_move = sv_format_move,
    .parse_move = sv_parse_move,
    .heuristics = ar_sarov_heuristics,
    .solvers = ar_sarov_solvers,
    .default_algorithm = sv_default_algorithm,
    .generate = ar_sarov_generate,
    .with_start = sv_with_start,
    .examples = sarov_examples,
};
