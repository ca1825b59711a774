/* tron.c — Tron light cycles, the Google AI Challenge 2010 rules: maps in the
 * contest format, positions, the simultaneous-move rules and the game slots.
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
#include "ariadne/tool.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------------- maps */

/* The map used when no --map is given: an empty 15 x 15 room. */
static const char default_map[] = "15 15\n"
                                  "###############\n"
                                  "#1            #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#             #\n"
                                  "#            2#\n"
                                  "###############\n";

typedef struct line_reader {
    const char *p, *end;
    unsigned number;
} line_reader;

/* The next line without its "\n" or "\r\n"; 0 at the end of the text. */
static int next_line(line_reader *r, const char **start, size_t *len)
{
    const char *e;
    if (r->p >= r->end)
        return 0;
    e = memchr(r->p, '\n', (size_t)(r->end - r->p));
    *start = r->p;
    if (!e) {
        *len = (size_t)(r->end - r->p);
        r->p = r->end;
    } else {
        *len = (size_t)(e - r->p);
        r->p = e + 1;
    }
    if (*len && (*start)[*len - 1] == '\r')
        (*len)--;
    r->number++;
    return 1;
}

static void show_char(char c, char *buf, size_t size)
{
    if (isprint((unsigned char)c))
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02X", (unsigned)(unsigned char)c);
}

/* "W H" with optional blanks around; 1 <= W, H <= AR_TRON_MAX_SIDE. */
static int parse_size_line(const char *s, size_t len, int *w, int *h)
{
    char buf[64], *end;
    long a, b;
    if (len == 0 || len >= sizeof buf)
        return 0;
    memcpy(buf, s, len);
    buf[len] = '\0';
    errno = 0;
    a = strtol(buf, &end, 10);
    if (end == buf || errno || (*end != ' ' && *end != '\t'))
        return 0;
    s = end;
    b = strtol(s, &end, 10);
    if (end == s || errno)
        return 0;
    while (*end == ' ' || *end == '\t')
        end++;
    if (*end || a < 1 || b < 1 || a > AR_TRON_MAX_SIDE || b > AR_TRON_MAX_SIDE)
        return 0;
    *w = (int)a;
    *h = (int)b;
    return 1;
}

/* Remembers the first repair of a lenient parse. */
static void note(ar_error *err, int *noted, const char *msg)
{
    if (*noted || !err)
        return;
    *noted = 1;
    snprintf(err->message, sizeof err->message, "%s", msg);
}

static void free_variant(ar_variant *v)
{
    if (!v)
        return;
    free(v->kind);
    free(v->rows);
    free(v);
}

/* Strict parsing stops at the first problem; lenient parsing repairs it and
 * remembers the first repair in err. */
ar_status ar_tron_variant_from_text(const char *text, size_t len, const ar_tron_map_options *o,
                                    ar_variant **out, ar_error *err)
{
    line_reader r;
    const char *line;
    size_t ll;
    int mw, mh, x, y, lenient = o && o->lenient, noted = 0;
    int found[2] = {0, 0}, at[2][2] = {{0, 0}, {0, 0}};
    ar_variant *v;
    ar_status st = AR_ERR_INPUT;
    char msg[160];
    *out = NULL;
    r.p = text;
    r.end = text + len;
    r.number = 0;
    /* The size line; blank lines before it are tolerated only in protocol input. */
    do {
        if (!next_line(&r, &line, &ll))
            return ar_error_set(err, AR_ERR_INPUT, "empty map: expected a line 'W H' (width and height)");
    } while (lenient && ll == 0);
    if (!parse_size_line(line, ll, &mw, &mh))
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %u: '%.*s' is not the map size 'W H' (two whole numbers 1..%d)", r.number,
                            (int)(ll < 40 ? ll : 40), line, AR_TRON_MAX_SIDE);
    v = ar_xcalloc(1, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", o && o->name ? o->name : "map");
    v->mw = mw;
    v->mh = mh;
    v->w = mw + 2;
    v->h = mh + 4;
    v->n = v->w * v->h;
    v->kind = ar_xmalloc((size_t)v->n);
    memset(v->kind, TRON_OFFMAP, (size_t)v->n);
    v->rows = ar_xmalloc((size_t)mw * (size_t)mh);
    memset(v->rows, '#', (size_t)mw * (size_t)mh);
    v->move_time = o && o->move_time > 0 ? o->move_time : 1.0;
    v->first_move_time = o && o->first_move_time > 0 ? o->first_move_time : 3.0;
    if (lenient && err)
        err->message[0] = '\0';
    for (y = 0; y < mh; y++) {
        if (!next_line(&r, &line, &ll)) {
            if (!lenient) {
                ar_error_set(err, AR_ERR_INPUT, "the map has %d row%s, the size line says %d", y, y == 1 ? "" : "s",
                             mh);
                goto fail;
            }
            snprintf(msg, sizeof msg, "the map stops after %d rows of %d; the rest is walls", y, mh);
            note(err, &noted, msg);
            break;
        }
        if ((int)ll != mw) {
            if (!lenient) {
                ar_error_set(err, AR_ERR_INPUT, "row %d (line %u) has %zu characters, the size line says %d",
                             y + 1, r.number, ll, mw);
                goto fail;
            }
            snprintf(msg, sizeof msg, "row %d has %zu characters, not %d; padded or cut with walls", y + 1, ll,
                     mw);
            note(err, &noted, msg);
        }
        for (x = 0; x < mw; x++) {
            char c = (size_t)x < ll ? line[x] : '#';
            int i = (y + 2) * v->w + (x + 1);
            if (c == '1' || c == '2') {
                int p = c - '1';
                if (found[p]) {
                    if (!lenient) {
                        ar_error_set(err, AR_ERR_INPUT,
                                     "player %d ('%c') appears twice: row %d column %d and row %d column %d",
                                     p + 1, c, at[p][1] + 1, at[p][0] + 1, y + 1, x + 1);
                        goto fail;
                    }
                    snprintf(msg, sizeof msg, "player %d repeated at row %d column %d; taken as a wall", p + 1,
                             y + 1, x + 1);
                    note(err, &noted, msg);
                    c = '#';
                } else {
                    found[p] = 1;
                    at[p][0] = x;
                    at[p][1] = y;
                    v->start[p] = i;
                }
            } else if (c != '#' && c != ' ') {
                if (!lenient) {
                    char shown[24];
                    show_char(c, shown, sizeof shown);
                    ar_error_set(err, AR_ERR_INPUT,
                                 "row %d column %d: unknown character %s (a map has '#', ' ', '1' and '2')",
                                 y + 1, x + 1, shown);
                    goto fail;
                }
                snprintf(msg, sizeof msg, "unknown character at row %d column %d; taken as a wall", y + 1, x + 1);
                note(err, &noted, msg);
                c = '#';
            }
            v->rows[(size_t)y * (size_t)mw + (size_t)x] = c;
            v->kind[i] = c == '#' ? TRON_WALL : TRON_FLOOR;
            if (c == ' ')
                v->free_cells++;
        }
    }
    /* Anything after the rows must be blank (a file may end in empty lines). */
    while (next_line(&r, &line, &ll)) {
        size_t k;
        for (k = 0; k < ll && (line[k] == ' ' || line[k] == '\t'); k++)
            ;
        if (k < ll) {
            if (!lenient) {
                ar_error_set(err, AR_ERR_INPUT, "line %u: more rows than the size line's %d", r.number, mh);
                goto fail;
            }
            note(err, &noted, "more rows than the size line says; the rest is ignored");
            break;
        }
    }
    if (!found[0]) {
        ar_error_set(err, AR_ERR_INPUT, "no start cell for player 1 ('1') in the map");
        goto fail;
    }
    if (!found[1]) {
        if (!lenient) {
            ar_error_set(err, AR_ERR_INPUT, "no start cell for player 2 ('2') in the map");
            goto fail;
        }
        /* Shut away on a frame cell whose neighbours are all off the map. */
        v->start[1] = 1 * v->w + 0;
        note(err, &noted, "no opponent ('2') in the map");
    }
    v->words = ((size_t)v->n + 63) / 64;
    *out = v;
    return AR_OK;
fail:
    free_variant(v);
    return st;
}

int ar_tron_width(const ar_variant *v) { return v->mw; }
int ar_tron_height(const ar_variant *v) { return v->mh; }
const char *ar_tron_map_name(const ar_variant *v) { return v->name; }
double ar_tron_move_time(const ar_variant *v) { return v->move_time; }
double ar_tron_first_move_time(const ar_variant *v) { return v->first_move_time; }

void ar_tron_map_row(const ar_variant *v, int y, char *buf)
{
    memcpy(buf, v->rows + (size_t)y * (size_t)v->mw, (size_t)v->mw);
    buf[v->mw] = '\0';
}

/* --------------------------------------------------------- the variant */

static const ar_option_spec tron_options[] = {
    {"map", "FILE", "the map in the contest format (default: an empty 15 x 15 room)"},
    {"move-time", "S", "seconds per move (default 1, the contest's)"},
    {"first-move-time", "S", "seconds for the first move (default 3)"},
    {NULL, NULL, NULL}};

static int parse_seconds(const char *text, double *out)
{
    char *end;
    double x;
    if (!text || !*text || isspace((unsigned char)*text))
        return 0;
    errno = 0;
    x = strtod(text, &end);
    if (*end || errno || !isfinite(x) || x <= 0 || x > 3600)
        return 0;
    *out = x;
    return 1;
}

static ar_status tron_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
{
    ar_tron_map_options o;
    const char *file = NULL;
    char *text = NULL;
    size_t len = 0, i;
    ar_status st;
    memset(&o, 0, sizeof o);
    o.name = "room15";
    for (i = 0; i < count; i++) {
        if (strcmp(params[i].name, "map") == 0)
            file = params[i].value;
        else if (strcmp(params[i].name, "move-time") == 0) {
            if (!parse_seconds(params[i].value, &o.move_time))
                return ar_error_set(err, AR_ERR_INPUT, "--move-time '%s' is not a number of seconds in (0, 3600]",
                                    params[i].value ? params[i].value : "");
        } else if (strcmp(params[i].name, "first-move-time") == 0) {
            if (!parse_seconds(params[i].value, &o.first_move_time))
                return ar_error_set(err, AR_ERR_INPUT,
                                    "--first-move-time '%s' is not a number of seconds in (0, 3600]",
                                    params[i].value ? params[i].value : "");
        } else {
            return ar_error_set(err, AR_ERR_INPUT, "tron has no option --%s", params[i].name);
        }
    }
    if (file) {
        FILE *f = fopen(file, "rb");
        size_t cap = 4096;
        const char *base = strrchr(file, '/');
        if (!f)
            return ar_error_set(err, AR_ERR_INPUT, "cannot open map '%s': %s", file, strerror(errno));
        text = ar_xmalloc(cap);
        for (;;) {
            size_t got;
            if (len == cap) {
                if (cap > ((size_t)1 << 24)) {
                    fclose(f);
                    free(text);
                    return ar_error_set(err, AR_ERR_INPUT, "map '%s' is too large", file);
                }
                cap *= 2;
                text = ar_xrealloc(text, cap);
            }
            got = fread(text + len, 1, cap - len, f);
            len += got;
            if (got == 0)
                break;
        }
        fclose(f);
        o.name = base ? base + 1 : file;
    }
    if (file) {
        char nm[64];
        size_t nl;
        snprintf(nm, sizeof nm, "%s", o.name);
        nl = strlen(nm);
        if (nl > 4 && strcmp(nm + nl - 4, ".txt") == 0)
            nm[nl - 4] = '\0';
        o.name = nm;
        st = ar_tron_variant_from_text(text, len, &o, out, err);
        free(text);
        if (st != AR_OK && err) {
            char msg[AR_ERROR_MESSAGE_MAX];
            snprintf(msg, sizeof msg, "%s", err->message);
            snprintf(err->message, sizeof err->message, "map %.200s: %.300s", file, msg);
        }
        return st;
    }
    return ar_tron_variant_from_text(default_map, sizeof default_map - 1, &o, out, err);
}

static void tron_destroy(ar_variant *v) { free_variant(v); }

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
            show_char(c, shown, sizeof shown);
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

/* ------------------------------------------------------------- helpers */

size_t ar_tron_render(const ar_variant *v, const void *pos, int player, char *buf, size_t size)
{
    const tron_pos *p = pos;
    size_t need = 0;
    int x, y, n;
    char head[32];
    n = snprintf(head, sizeof head, "%d %d\n", v->mw, v->mh);
    need = (size_t)n + (size_t)v->mh * ((size_t)v->mw + 1);
    if (need + 1 > size)
        return need;
    memcpy(buf, head, (size_t)n);
    buf += n;
    for (y = 0; y < v->mh; y++) {
        for (x = 0; x < v->mw; x++) {
            int i = (y + 2) * v->w + x + 1;
            char c = tron_occ(p, i) ? '#' : ' ';
            if (!p->crash[player] && p->head[player] == i)
                c = '1';
            else if (!p->crash[1 - player] && p->head[1 - player] == i)
                c = '2';
            *buf++ = c;
        }
        *buf++ = '\n';
    }
    *buf = '\0';
    return need;
}

int ar_tron_separated(const ar_variant *v, const void *pos)
{
    tron_board b;
    tron_work w;
    int r;
    tron_board_init(&b, v);
    tron_work_init(&w, b.n);
    tron_board_load(&b, v, pos);
    r = tron_board_separated(&b, &w);
    tron_work_free(&w);
    tron_board_free(&b);
    return r;
}

static int longest_rec(tron_board *b, int at, uint64_t *nodes, uint64_t max_nodes)
{
    int d, best = 0;
    if (++*nodes > max_nodes)
        return -1;
    for (d = 1; d <= 4; d++) {
        int t = at + b->delta[d], r;
        if (b->cell[t])
            continue;
        b->cell[t] = 1;
        r = longest_rec(b, t, nodes, max_nodes);
        b->cell[t] = 0;
        if (r < 0)
            return -1;
        if (r + 1 > best)
            best = r + 1;
    }
    return best;
}

int ar_tron_longest_path(const ar_variant *v, const void *pos, int p, uint64_t max_nodes)
{
    tron_board b;
    uint64_t nodes = 0;
    int r;
    const tron_pos *tp = pos;
    if (tp->crash[p])
        return 0;
    tron_board_init(&b, v);
    tron_board_load(&b, v, pos);
    r = longest_rec(&b, b.head[p], &nodes, max_nodes);
    tron_board_free(&b);
    return r;
}

/* ---------------------------------------------------------- evaluations */

static int eval_with(const ar_variant *v, const void *pos, int player,
                     int (*f)(const tron_board *, tron_work *, int))
{
    tron_board b;
    tron_work w;
    int r;
    tron_board_init(&b, v);
    tron_work_init(&w, b.n);
    tron_board_load(&b, v, pos);
    r = f(&b, &w, player);
    tron_work_free(&w);
    tron_board_free(&b);
    if (r > AR_EVAL_MAX)
        r = AR_EVAL_MAX;
    if (r < -AR_EVAL_MAX)
        r = -AR_EVAL_MAX;
    return r;
}

static int eval_chambers(const ar_variant *v, const void *pos, int player)
{
    return eval_with(v, pos, player, tron_eval_chambers);
}

static int eval_voronoi(const ar_variant *v, const void *pos, int player)
{
    return eval_with(v, pos, player, tron_eval_voronoi);
}

static const ar_game_eval tron_evals[] = {
    {"chambers", "tree of chambers over each player's Voronoi territory, parity-capped (tenths of a cell)",
     eval_chambers},
    {"voronoi", "cells a player reaches strictly first minus the opponent's (tenths of a cell)", eval_voronoi},
    {NULL, NULL, NULL}};

static const ar_tool tron_tools[] = {
    {.name = "match",
     .usage = "ariadne match tron --bots A,B[,...] --maps DIR|FILE [--games N] [--move-time S] [--replay DIR]",
     .help = "ariadne match tron --bots A,B[,...] --maps DIR|FILE [--games N] [--move-time S] [--replay DIR] plays every map from both sides; a bot may be an external program speaking the contest protocol (cmd:COMMAND); see `ariadne help tron`.",
     .run = ar_tron_match_main},
    {.name = "tron-bot",
     .usage = "ariadne tron-bot [--bot NAME] [--move-time 0.9] [--first-move-time S] [--verbose]",
     .help = "A drop-in bot for the Google AI Challenge 2010 Tron engine: every turn it reads 'W H' and\nH rows on stdin ('#' wall, ' ' floor, '1' itself, '2' the opponent) and answers one digit\n1-4 (N E S W) and a newline, thinking for the rest of --move-time (default 0.9 s) less a\nsafety margin. --bot: random, wallhug, voronoi, chambers, alphabeta (default).\nMalformed lines are reported on stderr and skipped; bad maps are repaired and answered;\nend of input exits 0. --verbose reports every move on stderr. See docs/domains/tron.md.",
     .run = ar_tron_bot_main},
    {.name = NULL}};

static const ar_bench_suite tron_bench_suites[] = {
    {.name = "tron",
     .summary = "Tron bots, every pair on every official map, both sides: W/D/L, Elo, move times vs budget",
     .run = ar_tron_bench},
    {.name = NULL}};

const ar_game ar_game_tron = {
    .name = "tron",
    .summary = "Tron light cycles (Google AI Challenge 2010): simultaneous moves, contest maps and protocol",
    .help = "Both players move at once one cell N, E, S or W; the cell left behind becomes a wall.\n"
    "Moving into a wall, a trail, a head or off the map crashes; both heads on one cell,\n"
    "or both crashing, is a draw; otherwise the one that crashed loses. Options: --map FILE\n"
    "(contest format: a line 'W H', then H rows of '#' wall, ' ' floor, '1', '2'),\n"
    "--move-time S, --first-move-time S. Position: the rows joined by '/', '#' blocked,\n"
    "'.' free, '1' '2' heads, then ' crashed:1|2|both' once over. Moves: N E S W or 1-4.\n"
    "Bots, weakest first: random, wallhug, voronoi, chambers, alphabeta (default), cmd:COMMAND.\n"
    "Matches over map files: ariadne match tron --bots A,B --maps DIR (docs/domains/tron.md).",
    .flags = AR_GAME_SIMULTANEOUS | AR_GAME_DRAWS | AR_GAME_ACYCLIC,
    .options = tron_options,
    .create = tron_create,
    .destroy = tron_destroy,
    .describe = tron_describe,
    .player_name = tron_player_name,
    .position_size = tron_position_size,
    .initial_position = tron_initial,
    .parse_position = tron_parse_position,
    .format_position = tron_format_position,
    .draw = tron_draw,
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
    .default_bot = "alphabeta",
    .bot_kinds = ar_tron_bot_kinds,
    .tools = tron_tools,
    .replay_format = "ariadne-tron-replay",
    .replay = ar_tron_replay,
    .bench_suites = tron_bench_suites,
};
