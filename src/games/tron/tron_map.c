/* tron_map.c — Tron maps: the contest's map text (parsed strictly for map
 * files, leniently for the protocol's input, where a bot must answer
 * whatever arrives), a variant made from checked cells (for replay files),
 * the variant slots create/destroy of the descriptor with their options, and
 * a position rendered back as the protocol's text.
 *
 * A variant is one map on the padded grid of tron_internal.h: the map's
 * cells, a frame of off-map cells around it, and the start cells. Parsing is
 * kept apart from the rules (tron.c) because it is the one part that meets
 * untrusted text: every way a map can be wrong has its own message. */
#include "tron_internal.h"
#include "ariadne/param.h"

#include <ctype.h>
#include <errno.h>
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

void ar_tron_show_char(char c, char *buf, size_t size)
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

void ar_tron_variant_free(ar_variant *v)
{
    if (!v)
        return;
    free(v->kind);
    free(v->rows);
    free(v);
}

/* A variant of mw x mh cells, every one a wall until set_cell says otherwise,
 * inside its frame of off-map cells. */
static ar_variant *variant_new(int mw, int mh, const char *name, double move_time, double first_move_time)
{
    ar_variant *v = ar_xcalloc(1, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name ? name : "map");
    v->mw = mw;
    v->mh = mh;
    v->w = mw + 2;
    v->h = mh + 4;
    v->n = v->w * v->h;
    v->kind = ar_xmalloc((size_t)v->n);
    memset(v->kind, TRON_OFFMAP, (size_t)v->n);
    v->rows = ar_xmalloc((size_t)mw * (size_t)mh);
    memset(v->rows, '#', (size_t)mw * (size_t)mh);
    v->move_time = move_time > 0 ? move_time : 1.0;
    v->first_move_time = first_move_time > 0 ? first_move_time : 3.0;
    v->words = ((size_t)v->n + 63) / 64;
    return v;
}

/* Cell (x, y) of the map is c: '#', ' ', or '1'/'2' (a start cell). */
static void set_cell(ar_variant *v, int x, int y, char c)
{
    int i = (y + 2) * v->w + (x + 1);
    v->rows[(size_t)y * (size_t)v->mw + (size_t)x] = c;
    v->kind[i] = c == '#' ? TRON_WALL : TRON_FLOOR;
    if (c == '1' || c == '2')
        v->start[c - '1'] = i;
    if (c == ' ')
        v->free_cells++;
}

ar_variant *ar_tron_variant_from_cells(const char *name, int width, int height, const char *cells)
{
    ar_variant *v = variant_new(width, height, name, 0, 0);
    int x, y;
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++)
            set_cell(v, x, y, cells[(size_t)y * (size_t)width + (size_t)x]);
    return v;
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
    v = variant_new(mw, mh, o ? o->name : NULL, o ? o->move_time : 0, o ? o->first_move_time : 0);
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
                }
            } else if (c != '#' && c != ' ') {
                if (!lenient) {
                    char shown[24];
                    ar_tron_show_char(c, shown, sizeof shown);
                    ar_error_set(err, AR_ERR_INPUT,
                                 "row %d column %d: unknown character %s (a map has '#', ' ', '1' and '2')",
                                 y + 1, x + 1, shown);
                    goto fail;
                }
                snprintf(msg, sizeof msg, "unknown character at row %d column %d; taken as a wall", y + 1, x + 1);
                note(err, &noted, msg);
                c = '#';
            }
            set_cell(v, x, y, c);
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
    *out = v;
    return AR_OK;
fail:
    ar_tron_variant_free(v);
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

static int parse_seconds(const char *text, double *out)
{
    double x;
    if (!ar_read_number(text, &x) || x <= 0 || x > 3600)
        return 0;
    *out = x;
    return 1;
}

/* The descriptor's create slot: --map FILE (default: an empty 15 x 15 room),
 * --move-time S, --first-move-time S (the options table is in tron.c). */
ar_status ar_tron_variant_create(const ar_param *params, size_t count, ar_variant **out, ar_error *err)
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
                return ar_error_set(err, AR_ERR_INPUT, "parameter move-time '%s' is not a number of seconds in (0, 3600]",
                                    params[i].value ? params[i].value : "");
        } else if (strcmp(params[i].name, "first-move-time") == 0) {
            if (!parse_seconds(params[i].value, &o.first_move_time))
                return ar_error_set(err, AR_ERR_INPUT,
                                    "parameter first-move-time '%s' is not a number of seconds in (0, 3600]",
                                    params[i].value ? params[i].value : "");
        } else {
            return ar_error_set(err, AR_ERR_INPUT, "tron has no parameter %s", params[i].name);
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


/* ------------------------------------------------------------ rendering */

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
