/* colouring.c — graph colouring: give every vertex a colour, no edge
 * joining two of the same colour, with as few colours as possible (or at
 * most --colours K).
 *
 * Instance: a graph in the DIMACS format of the colouring benchmarks
 * ("c" comment lines, "p edge N M", then M lines "e U V", vertices 1..N),
 * or a map, one region a line with the regions it borders ("SA: WA NT Q NSW
 * V", "T:" for an island); ';' may stand for a line break, so small graphs
 * fit on the command line. -f FILE reads a file.
 *
 * A move names a vertex and its colour: v3=2 for a DIMACS graph, SA=2 for a
 * map, in any order (AR_PUZZLE_FREE_ORDER; the searches colour the vertices
 * 1..N, or the regions in the order they first appear). A move costs 1, plus 1 when its
 * colour is new, so a solution costs N plus the colours it uses and the
 * cheapest solutions are exactly the colourings with the chromatic number
 * of colours: `optimal` means that number is proven.
 *
 * Solvers: csp (default) finds the chromatic number with its proof
 * (colouring_solve.c); dsatur colours greedily; min-conflicts repairs a
 * random K-colouring (--colours K). `ariadne count colouring` counts the
 * K-colourings (colouring_tool.c). */
#include "colouring_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/page.h"
#include "ariadne/search.h"
#include "ariadne/tool.h"

/* ------------------------------------------------------------- reading -- */

typedef struct edge { uint32_t a, b; } edge;

typedef struct builder {
    edge *edges;
    size_t nedges, cap;
    char **names;
    uint32_t nnames, cap_names;
} builder;

static int add_edge(builder *b, uint32_t u, uint32_t v)
{
    if (b->nedges == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        edge *e;
        if (cap > ((size_t)1 << 24) || !(e = realloc(b->edges, cap * sizeof *e)))
            return -1;
        b->edges = e, b->cap = cap;
    }
    b->edges[b->nedges].a = u < v ? u : v, b->edges[b->nedges].b = u < v ? v : u;
    b->nedges++;
    return 0;
}

static int by_edge(const void *x, const void *y)
{
    const edge *a = x, *b = y;
    return a->a != b->a ? (a->a < b->a ? -1 : 1) : a->b != b->b ? (a->b < b->b ? -1 : 1) : 0;
}

/* The graph from its edge list: sorted, duplicates dropped, as CSR. */
static ar_status finish(ar_instance *in, builder *b, ar_error *err)
{
    size_t k, w = 0;
    uint32_t v, *fill;
    if (b->nedges)
        qsort(b->edges, b->nedges, sizeof *b->edges, by_edge);
    for (k = 0; k < b->nedges; k++)
        if (!w || by_edge(&b->edges[k], &b->edges[w - 1]) != 0)
            b->edges[w++] = b->edges[k];
    in->edges = w;
    in->adj_start = calloc((size_t)in->n + 1, sizeof *in->adj_start);
    in->adj = malloc((2 * w + 1) * sizeof *in->adj);
    fill = calloc((size_t)in->n + 1, sizeof *fill);
    if (!in->adj_start || !in->adj || !fill) {
        free(fill);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the graph");
    }
    for (k = 0; k < w; k++)
        in->adj_start[b->edges[k].a + 1]++, in->adj_start[b->edges[k].b + 1]++;
    for (v = 0; v < in->n; v++)
        in->adj_start[v + 1] += in->adj_start[v];
    for (k = 0; k < w; k++) { /* in sorted order, so each list comes out sorted */
        uint32_t a = b->edges[k].a, c = b->edges[k].b;
        in->adj[in->adj_start[a] + fill[a]++] = c;
    }
    for (k = 0; k < w; k++) {
        uint32_t a = b->edges[k].a, c = b->edges[k].b;
        in->adj[in->adj_start[c] + fill[c]++] = a;
    }
    for (v = 0; v < in->n; v++) { /* the second pass appended smaller vertices: sort each list */
        uint32_t *l = in->adj + in->adj_start[v], len = in->adj_start[v + 1] - in->adj_start[v], i, j;
        for (i = 1; i < len; i++) {
            uint32_t t = l[i];
            for (j = i; j > 0 && l[j - 1] > t; j--)
                l[j] = l[j - 1];
            l[j] = t;
        }
    }
    free(fill);
    return AR_OK;
}

/* The next line of text; 0 at the end. A text of one line may use ';' for
 * its line breaks (a small graph on the command line); a file with newlines
 * keeps its ';' (DIMACS comments have them). */
static int next_line(const char **p, const char **start, size_t *len, char sep)
{
    const char *s = *p;
    if (!*s)
        return 0;
    *start = s;
    while (*s && *s != '\n' && *s != sep)
        s++;
    *len = (size_t)(s - *start);
    *p = *s ? s + 1 : s;
    return 1;
}

static ar_status read_dimacs(ar_instance *in, builder *b, const char *text, ar_error *err)
{
    const char *p = text, *line;
    size_t len;
    unsigned lineno = 0;
    unsigned long n = 0, m = 0, elines = 0;
    int have_p = 0;
    char sep = strchr(text, '\n') ? '\n' : ';';
    while (next_line(&p, &line, &len, sep)) {
        char buf[128], word[16];
        unsigned long u, v;
        int used = 0;
        lineno++;
        while (len && isspace((unsigned char)*line))
            line++, len--;
        if (!len || line[0] == 'c')
            continue;
        snprintf(buf, sizeof buf, "%.*s", (int)(len < 120 ? len : 120), line);
        if (len >= 120)
            return ar_error_set(err, AR_ERR_INPUT, "line %u: too long for a DIMACS line", lineno);
        if (line[0] == 'p') {
            if (have_p++)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: a second 'p' line", lineno);
            if (sscanf(buf, "p %15s %lu %lu %n", word, &n, &m, &used) != 3 || buf[used] ||
                (strcmp(word, "edge") != 0 && strcmp(word, "edges") != 0 && strcmp(word, "col") != 0))
                return ar_error_set(err, AR_ERR_INPUT, "line %u: expected 'p edge VERTICES EDGES', got '%.40s'", lineno, buf);
            if (n < 1 || n > COLOURING_MAX_VERTICES)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: %lu vertices (1..%u)", lineno, n, COLOURING_MAX_VERTICES);
            if (m > ((unsigned long)1 << 24))
                return ar_error_set(err, AR_ERR_INPUT, "line %u: more than 2^24 edges", lineno);
            continue;
        }
        if (line[0] == 'e') {
            if (!have_p)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: an edge before the 'p edge' line", lineno);
            if (sscanf(buf, "e %lu %lu %n", &u, &v, &used) != 2 || buf[used] || buf[1] != ' ')
                return ar_error_set(err, AR_ERR_INPUT, "line %u: expected 'e U V', got '%.40s'", lineno, buf);
            if (u < 1 || u > n || v < 1 || v > n)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: vertex %lu is not one of 1..%lu", lineno,
                                    u < 1 || u > n ? u : v, n);
            if (++elines > m)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: more edges than the %lu of the 'p' line", lineno, m);
            if (add_edge(b, (uint32_t)(u - 1), (uint32_t)(v - 1)) != 0)
                return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the graph");
            continue;
        }
        return ar_error_set(err, AR_ERR_INPUT, "line %u: '%.40s' is not a DIMACS line (c, p or e)", lineno, buf);
    }
    if (!have_p)
        return ar_error_set(err, AR_ERR_INPUT, "no 'p edge VERTICES EDGES' line");
    if (elines != m)
        return ar_error_set(err, AR_ERR_INPUT, "the 'p' line says %lu edges, the file has %lu 'e' lines", m, elines);
    in->n = (uint32_t)n;
    snprintf(in->title, sizeof in->title, "graph");
    return AR_OK;
}

/* A region's index, made on first mention. */
static long region(builder *b, const char *name, size_t len)
{
    uint32_t k;
    char *copy;
    for (k = 0; k < b->nnames; k++)
        if (strlen(b->names[k]) == len && memcmp(b->names[k], name, len) == 0)
            return k;
    if (b->nnames == b->cap_names) {
        uint32_t cap = b->cap_names ? 2 * b->cap_names : 32;
        char **g;
        if (cap > 65536 || !(g = realloc(b->names, cap * sizeof *g)))
            return -1;
        b->names = g, b->cap_names = cap;
    }
    if (!(copy = malloc(len + 1)))
        return -1;
    memcpy(copy, name, len);
    copy[len] = '\0';
    b->names[b->nnames] = copy;
    return b->nnames++;
}

static ar_status read_map(ar_instance *in, builder *b, const char *text, ar_error *err)
{
    const char *p = text, *line;
    size_t len;
    unsigned lineno = 0;
    char sep = strchr(text, '\n') ? '\n' : ';';
    while (next_line(&p, &line, &len, sep)) {
        const char *end = line + len, *colon, *q;
        long from;
        lineno++;
        for (q = line; q < end && *q != '#'; q++)
            ;
        end = q;
        while (line < end && isspace((unsigned char)*line))
            line++;
        if (line == end)
            continue;
        colon = memchr(line, ':', (size_t)(end - line));
        if (!colon)
            return ar_error_set(err, AR_ERR_INPUT, "line %u: expected 'REGION: NEIGHBOUR NEIGHBOUR ...' (a map) or a "
                                "DIMACS 'p edge' line", lineno);
        for (q = colon; q > line && isspace((unsigned char)q[-1]); q--)
            ;
        for (const char *c = line; c < q; c++)
            if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-' && *c != '.')
                return ar_error_set(err, AR_ERR_INPUT, "line %u: '%c' in a region's name (letters, digits, _ - .)",
                                    lineno, isprint((unsigned char)*c) ? *c : '?');
        if (q == line || q - line > 32)
            return ar_error_set(err, AR_ERR_INPUT, "line %u: a region's name has 1 to 32 characters", lineno);
        if ((from = region(b, line, (size_t)(q - line))) < 0)
            return ar_error_set(err, AR_ERR_INPUT, "line %u: more than 65536 regions", lineno);
        for (q = colon + 1; q < end;) {
            const char *w;
            long to;
            while (q < end && (isspace((unsigned char)*q) || *q == ','))
                q++;
            if (q == end)
                break;
            for (w = q; q < end && !isspace((unsigned char)*q) && *q != ','; q++)
                if (!isalnum((unsigned char)*q) && *q != '_' && *q != '-' && *q != '.')
                    return ar_error_set(err, AR_ERR_INPUT, "line %u: '%c' in a region's name (letters, digits, _ - .)",
                                        lineno, isprint((unsigned char)*q) ? *q : '?');
            if (q - w > 32)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: a region's name has 1 to 32 characters", lineno);
            if ((to = region(b, w, (size_t)(q - w))) < 0)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: more than 65536 regions", lineno);
            if (add_edge(b, (uint32_t)from, (uint32_t)to) != 0)
                return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the map");
        }
    }
    if (!b->nnames)
        return ar_error_set(err, AR_ERR_INPUT, "the map names no region");
    in->n = b->nnames;
    in->names = b->names;
    b->names = NULL;
    snprintf(in->title, sizeof in->title, "map");
    return AR_OK;
}

static void colouring_destroy(ar_instance *in)
{
    uint32_t v;
    if (!in)
        return;
    if (in->names)
        for (v = 0; v < in->n; v++)
            free(in->names[v]);
    free(in->names), free(in->adj_start), free(in->adj), free(in->start), free(in);
}

static ar_status colouring_create(const char *text, const ar_param *params, size_t count, ar_instance **out,
                                  ar_error *err)
{
    ar_instance *in = calloc(1, sizeof *in);
    builder b;
    const char *p;
    long k;
    ar_status st;
    *out = NULL;
    memset(&b, 0, sizeof b);
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    ar_csp_options_init(&in->csp);
    if ((st = ar_csp_options_from_params(params, count, &in->csp, &in->csp_given, err)) != AR_OK ||
        (st = ar_param_int(params, count, "colours", 1, COLOURING_MAX_COLOURS, 0, &k, err)) != AR_OK) {
        free(in);
        return st;
    }
    in->colours = (unsigned)k;
    if (!text || !text[strspn(text, " \t\r\n;")]) {
        free(in);
        return ar_error_set(err, AR_ERR_INPUT, "instance: give a graph (a DIMACS file with -f, or a map 'A: B C; B: C')");
    }
    /* DIMACS when, after blank lines and 'c' comment lines, a line starts "p " or "e " (a
     * map's lines are "NAME: ...", so a region called c is "c:") */
    for (p = text;;) {
        while (*p && (isspace((unsigned char)*p) || *p == ';'))
            p++;
        if (*p != 'c' || !(p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || p[1] == '\r' || !p[1]))
            break;
        p += strcspn(p, strchr(text, '\n') ? "\n" : ";");
    }
    if ((*p == 'p' || *p == 'e') && (p[1] == ' ' || p[1] == '\t'))
        st = read_dimacs(in, &b, text, err);
    else
        st = read_map(in, &b, text, err);
    if (st == AR_OK)
        st = finish(in, &b, err);
    if (b.names) {
        uint32_t v;
        for (v = 0; v < b.nnames; v++)
            free(b.names[v]);
        free(b.names);
    }
    free(b.edges);
    if (st != AR_OK) {
        colouring_destroy(in);
        return st;
    }
    *out = in;
    return AR_OK;
}

static void colouring_describe(const ar_instance *in, char *buf, size_t size)
{
    snprintf(buf, size, "%s of %u vert%s and %llu edge%s, %s", in->title, in->n, in->n == 1 ? "ex" : "ices",
             (unsigned long long)in->edges, in->edges == 1 ? "" : "s", in->colours ? "at most the colours given" : "as few colours as possible");
    if (in->colours)
        snprintf(buf + strlen(buf), size - strlen(buf), " (%u)", in->colours);
}

/* A vertex joined to itself can never be coloured. */
static ar_status colouring_check_solvable(const ar_instance *in, ar_error *err)
{
    uint32_t v, e;
    for (v = 0; v < in->n; v++)
        for (e = in->adj_start[v]; e < in->adj_start[v + 1]; e++)
            if (in->adj[e] == v)
                return ar_error_set(err, AR_ERR_UNSOLVABLE, "vertex %u is joined to itself", v + 1);
    return AR_OK;
}

/* --------------------------------------------------------------- states -- */

static size_t colouring_state_size(const ar_instance *in) { return in->n + COLOURING_USED_BYTES; }

static uint8_t *used_of(const ar_instance *in, void *s) { return (uint8_t *)s + in->n; }

static void colouring_initial_state(const ar_instance *in, void *s)
{
    uint8_t *c = s, *used = used_of(in, s);
    uint32_t v;
    memset(s, 0, in->n + COLOURING_USED_BYTES);
    if (in->start)
        for (v = 0; v < in->n; v++)
            if ((c[v] = in->start[v]) != 0)
                used[c[v] >> 3] |= (uint8_t)(1u << (c[v] & 7));
}

static unsigned max_colour(const ar_instance *in)
{
    return in->colours ? in->colours : in->n < COLOURING_MAX_COLOURS ? in->n : COLOURING_MAX_COLOURS;
}

static int colouring_is_goal(const ar_instance *in, const void *s)
{
    const uint8_t *c = s;
    uint32_t v;
    for (v = 0; v < in->n; v++)
        if (!c[v] || c[v] > max_colour(in))
            return 0;
    return ar_colouring_proper(in, c);
}

static size_t vertex_name(const ar_instance *in, uint32_t v, char *buf, size_t size)
{
    int k = in->names ? snprintf(buf, size, "%s", in->names[v]) : snprintf(buf, size, "v%u", v + 1);
    return k < 0 ? 0 : (size_t)k;
}

static void colouring_format_state(const ar_instance *in, const void *s, char *buf, size_t size)
{
    const uint8_t *c = s;
    size_t used = 0;
    uint32_t v;
    if (size)
        buf[0] = '\0';
    for (v = 0; v < in->n && used + 48 < size; v++) {
        char name[40];
        vertex_name(in, v, name, sizeof name);
        used += (size_t)snprintf(buf + used, size - used, c[v] ? "%s%s=%u" : "%s%s=?", v ? " " : "", name, c[v]);
    }
    if (v < in->n && used + 4 < size)
        snprintf(buf + used, size - used, " ...");
}

/* The vertices for the browser pages (page.h), eight to a row, each
 * filled with its colour (the first ten told apart) and labelled NAME=K. */
static void colouring_picture(const ar_instance *in, const void *s, ar_scene *scene)
{
    const uint8_t *c = s;
    char name[40], label[48], style[8];
    uint32_t v, n = in->n < 4096 ? in->n : 4096;
    ar_scene_grid(scene, (int)((n + 7) / 8), n < 8 ? (int)n : 8);
    for (v = 0; v < n; v++) {
        vertex_name(in, v, name, sizeof name);
        snprintf(label, sizeof label, c[v] ? "%s=%u" : "%s=?", name, c[v]);
        snprintf(style, sizeof style, c[v] > 10 ? "piece" : c[v] ? "t%u" : "empty", c[v]);
        ar_scene_cell(scene, (int)(v / 8), (int)(v % 8), style, label);
    }
    ar_scene_caption(scene, "%u vertices%s", in->n, n < in->n ? " (the first 4096 drawn)" : "");
}

/* ---------------------------------------------------------------- moves -- */

#define MOVE(v, colour, fresh) ((ar_move)(v) | (ar_move)(colour) << 22 | (ar_move)(fresh) << 30)
#define MOVE_VERTEX(m) ((m) & 0x3FFFFFu)
#define MOVE_COLOUR(m) (((m) >> 22) & 0xFFu)

static unsigned colouring_max_moves(const ar_instance *in) { return max_colour(in); }

static long next_vertex(const ar_instance *in, const uint8_t *c)
{
    uint32_t v;
    for (v = 0; v < in->n; v++)
        if (!c[v])
            return v;
    return -1;
}

static int colour_free(const ar_instance *in, const uint8_t *c, uint32_t v, unsigned colour)
{
    uint32_t e;
    for (e = in->adj_start[v]; e < in->adj_start[v + 1]; e++)
        if (c[in->adj[e]] == colour)
            return 0;
    return 1;
}

static int is_new(const ar_instance *in, const void *s, unsigned colour)
{
    const uint8_t *used = (const uint8_t *)s + in->n;
    return !(used[colour >> 3] >> (colour & 7) & 1u);
}

static unsigned colouring_legal_moves(const ar_instance *in, const void *s, ar_move *moves)
{
    const uint8_t *c = s;
    long v = next_vertex(in, c);
    unsigned colour, n = 0;
    if (v < 0)
        return 0;
    for (colour = 1; colour <= max_colour(in); colour++)
        if (colour_free(in, c, (uint32_t)v, colour))
            moves[n++] = MOVE(v, colour, is_new(in, s, colour));
    return n;
}

static void colouring_apply(const ar_instance *in, void *s, ar_move m)
{
    uint8_t *used = used_of(in, s);
    unsigned colour = MOVE_COLOUR(m);
    ((uint8_t *)s)[MOVE_VERTEX(m)] = (uint8_t)colour;
    used[colour >> 3] |= (uint8_t)(1u << (colour & 7));
}

static uint32_t colouring_move_cost(const ar_instance *in, ar_move m)
{
    (void)in;
    return 1u + (m >> 30 & 1u);
}

static size_t colouring_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    size_t k = vertex_name(in, MOVE_VERTEX(m), buf, size);
    int j = k < size ? snprintf(buf + k, size - k, "=%u", MOVE_COLOUR(m)) : 0;
    return k + (size_t)(j > 0 ? j : 0);
}

static ar_status colouring_parse_move(const ar_instance *in, const void *s, const char *text, size_t len, ar_move *out,
                                      ar_error *err)
{
    const uint8_t *c = s;
    const char *eq = memchr(text, '=', len);
    unsigned long colour = 0;
    size_t k;
    long v = -1;
    char name[40];
    if (!eq || eq == text || eq + 1 == text + len)
        return ar_error_set(err, AR_ERR_INPUT, "expected VERTEX=COLOUR, e.g. %s=1", in->names ? "SA" : "v3");
    for (k = (size_t)(eq + 1 - text); k < len; k++) {
        if (!isdigit((unsigned char)text[k]))
            return ar_error_set(err, AR_ERR_INPUT, "expected VERTEX=COLOUR with a colour number");
        colour = colour > 1000 ? colour : colour * 10 + (unsigned long)(text[k] - '0');
    }
    if (in->names) {
        uint32_t i;
        for (i = 0; i < in->n && v < 0; i++)
            if (strlen(in->names[i]) == (size_t)(eq - text) && memcmp(in->names[i], text, (size_t)(eq - text)) == 0)
                v = i;
        if (v < 0)
            return ar_error_set(err, AR_ERR_INPUT, "no region called '%.*s'", (int)(eq - text < 32 ? eq - text : 32), text);
    } else {
        unsigned long x = 0;
        if (text[0] != 'v' || eq - text < 2)
            return ar_error_set(err, AR_ERR_INPUT, "expected vVERTEX=COLOUR, e.g. v3=1");
        for (k = 1; k < (size_t)(eq - text); k++) {
            if (!isdigit((unsigned char)text[k]))
                return ar_error_set(err, AR_ERR_INPUT, "expected vVERTEX=COLOUR, e.g. v3=1");
            x = x > COLOURING_MAX_VERTICES ? x : x * 10 + (unsigned long)(text[k] - '0');
        }
        if (x < 1 || x > in->n)
            return ar_error_set(err, AR_ERR_INPUT, "vertex %lu is not one of 1..%u", x, in->n);
        v = (long)x - 1;
    }
    vertex_name(in, (uint32_t)v, name, sizeof name);
    if (c[v])
        return ar_error_set(err, AR_ERR_INPUT, "%s already has colour %u", name, c[v]);
    if (colour < 1 || colour > max_colour(in))
        return ar_error_set(err, AR_ERR_INPUT, "colour %lu is not one of 1..%u", colour, max_colour(in));
    if (!colour_free(in, c, (uint32_t)v, (unsigned)colour))
        return ar_error_set(err, AR_ERR_INPUT, "%s borders a vertex of colour %lu", name, colour);
    *out = MOVE(v, colour, is_new(in, s, (unsigned)colour));
    return AR_OK;
}

/* -------------------------------------------------------------- solvers -- */

/* The colours of the vertices not given at the start, as moves, with the
 * cost of each (new colours counted as they first appear). */
static ar_status to_moves(const ar_instance *in, const uint8_t *colours, ar_result *res, ar_error *err)
{
    uint8_t used[COLOURING_USED_BYTES];
    uint32_t v, n = 0;
    ar_move *moves = malloc(((size_t)in->n + 1) * sizeof *moves);
    if (!moves)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    memset(used, 0, sizeof used);
    if (in->start)
        for (v = 0; v < in->n; v++)
            if (in->start[v])
                used[in->start[v] >> 3] |= (uint8_t)(1u << (in->start[v] & 7));
    res->cost = 0;
    for (v = 0; v < in->n; v++)
        if (!in->start || !in->start[v]) {
            unsigned c = colours[v], fresh = !(used[c >> 3] >> (c & 7) & 1u);
            used[c >> 3] |= (uint8_t)(1u << (c & 7));
            moves[n++] = MOVE(v, c, fresh);
            res->cost += 1 + fresh;
        }
    free(res->moves);
    res->moves = moves, res->length = n;
    return AR_OK;
}

static ar_status solve_csp(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink, ar_result *res,
                           ar_error *err)
{
    ar_run run;
    uint8_t *colours = malloc(in->n + 1);
    colouring_result r;
    ar_csp_options o = in->csp;
    ar_status st;
    (void)sink;
    if (!colours)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    o.seed = opts ? opts->seed : 0;
    ar_run_begin(&run, opts, res);
    run.unit = "decisions";
    st = ar_colouring_search(in, &o, &run, colours, &r, err);
    if (st == AR_OK && r.best) {
        st = to_moves(in, colours, res, err);
        res->outcome = AR_OUTCOME_SOLVED;
        if (r.proven && !in->colours) {
            res->optimal = 1;
            if (r.best == ar_colouring_clique(in))
                snprintf(res->note, sizeof res->note, "chromatic number %u: a clique of %u vertices needs as many "
                         "colours (%llu decisions)", r.best, r.best, (unsigned long long)r.decisions);
            else
                snprintf(res->note, sizeof res->note, "chromatic number %u: no %u-colouring exists (proven by "
                         "exhausting the constraint search; %llu decisions in all)", r.best, r.best - 1,
                         (unsigned long long)r.decisions);
        } else if (in->colours) {
            snprintf(res->note, sizeof res->note, "a colouring with %u of the %u colours allowed (not minimised: "
                     "leave out --colours for the chromatic number)", r.best, in->colours);
        } else {
            snprintf(res->note, sizeof res->note, "the best colouring so far uses %u colours; the chromatic number is "
                     "at least %u", r.best, r.lower);
        }
        if (!res->optimal) { /* each open vertex a move, and at least `lower` colours, less those given */
            unsigned used = 0, c;
            uint32_t v;
            for (c = 1; in->start && c <= COLOURING_MAX_COLOURS; c++)
                for (v = 0; v < in->n; v++)
                    if (in->start[v] == c) {
                        used++;
                        break;
                    }
            res->has_lower_bound = 1;
            res->lower_bound = res->length + (r.lower > used ? r.lower - used : 0);
        }
    } else if (st == AR_OK && (r.exhausted || (!in->colours && run.stop == AR_STOP_NONE))) {
        res->outcome = AR_OUTCOME_NO_SOLUTION;
        snprintf(res->note, sizeof res->note, "no solution: no colouring with %u colours (%s)", in->colours,
                 in->colours < r.lower ? "a clique has more vertices" : "proven by exhausting the constraint search");
    }
    free(colours);
    ar_run_finish(&run);
    return st;
}

static ar_status solve_dsatur(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                              ar_result *res, ar_error *err)
{
    uint8_t *colours = malloc(in->n + 1);
    unsigned k, clique;
    ar_status st = AR_OK;
    (void)opts, (void)sink;
    if (in->csp_given)
        return free(colours), ar_error_set(err, AR_ERR_INPUT, "dsatur does not use the constraint search's options");
    if (!colours)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    k = ar_colouring_dsatur(in, colours);
    clique = ar_colouring_clique(in);
    if (k && (!in->colours || k <= in->colours)) {
        st = to_moves(in, colours, res, err);
        res->outcome = AR_OUTCOME_SOLVED;
        res->optimal = k == clique && !in->colours;
        snprintf(res->note, sizeof res->note, "DSATUR: %u colours; a clique of %u vertices%s", k, clique,
                 k == clique ? " proves it the fewest" : " bounds it below: not proven the fewest");
    } else {
        snprintf(res->note, sizeof res->note, "DSATUR needed %u colours, more than the %u allowed: try --algo csp", k,
                 in->colours);
        res->outcome = AR_OUTCOME_STOPPED;
        res->stop = AR_STOP_DEPTH;
    }
    free(colours);
    return st;
}

static ar_status solve_min_conflicts(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                                     ar_result *res, ar_error *err)
{
    ar_csp *m;
    int32_t *values;
    uint8_t *colours;
    ar_csp_options o;
    ar_status st;
    uint32_t v;
    (void)sink;
    if (!in->colours)
        return ar_error_set(err, AR_ERR_INPUT, "min-conflicts needs --colours K (it repairs a K-colouring)");
    if (in->csp_given)
        return ar_error_set(err, AR_ERR_INPUT, "min-conflicts does not use the constraint search's options");
    if ((st = ar_colouring_model(in, in->colours, 1, &m, err)) != AR_OK)
        return st == AR_ERR_UNSOLVABLE ? ar_error_set(err, AR_ERR_INPUT, "%s", err->message) : st;
    values = malloc((in->n + 1) * sizeof *values);
    colours = malloc(in->n + 1);
    if (!values || !colours) {
        free(values), free(colours), ar_csp_destroy(m);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    ar_csp_options_init(&o);
    o.seed = opts ? opts->seed : 0;
    st = ar_csp_solve_puzzle(m, &o, 1, opts, res, values, err);
    if (st == AR_OK && res->outcome == AR_OUTCOME_SOLVED) {
        for (v = 0; v < in->n; v++)
            colours[v] = (uint8_t)(values[v] + 1);
        st = to_moves(in, colours, res, err);
    }
    free(values), free(colours);
    ar_csp_destroy(m);
    return st;
}

static const ar_domain_solver colouring_solvers[] = {
    {.name = "csp", .summary = "the chromatic number with its proof: DSATUR, a clique bound, the engine on k-1 colours",
     .flags = AR_SOLVER_USES_SEED, .run = solve_csp},
    {.name = "dsatur", .summary = "Brélaz's greedy colouring: fast, optimal only when it meets the clique bound",
     .run = solve_dsatur},
    {.name = "min-conflicts", .summary = "the engine's min-conflicts on a K-colouring (--colours K); proves nothing",
     .flags = AR_SOLVER_USES_SEED, .run = solve_min_conflicts},
    {.name = NULL}};

static const char *colouring_default_algorithm(const ar_instance *in)
{
    (void)in;
    return "csp";
}

static ar_status colouring_with_start(const ar_instance *in, const void *state, ar_instance **out, ar_error *err)
{
    ar_instance *c = calloc(1, sizeof *c);
    uint32_t v;
    if (!c)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    *c = *in;
    c->names = NULL, c->adj_start = NULL, c->adj = NULL, c->start = NULL;
    c->adj_start = malloc(((size_t)in->n + 1) * sizeof *c->adj_start);
    c->adj = malloc(ar_xsize(2 * in->edges + 1) * sizeof *c->adj);
    c->start = malloc(in->n + 1);
    c->names = in->names ? calloc(in->n, sizeof *c->names) : NULL;
    if (!c->adj_start || !c->adj || !c->start || (in->names && !c->names)) {
        colouring_destroy(c);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    memcpy(c->adj_start, in->adj_start, ((size_t)in->n + 1) * sizeof *c->adj_start);
    memcpy(c->adj, in->adj, (size_t)(2 * in->edges) * sizeof *c->adj);
    memcpy(c->start, state, in->n);
    for (v = 0; in->names && v < in->n; v++)
        if (!(c->names[v] = malloc(strlen(in->names[v]) + 1))) {
            colouring_destroy(c);
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        } else {
            strcpy(c->names[v], in->names[v]);
        }
    *out = c;
    return AR_OK;
}

static const ar_option_spec colouring_options[] = {
    {.name = "colours", .metavar = "K", .help = "at most K colours, 1..255 (default: as few as possible)"},
    AR_CSP_OPTION_SPECS,
    {.name = NULL}};

static const ar_puzzle_example colouring_examples[] = {
    {.options = "", .instance = "WA: NT SA; NT: SA Q; SA: Q NSW V; Q: NSW; NSW: V; T:", .cost = 10,
     .note = "the map of Australia (Russell and Norvig): 3 colours, 7 regions"},
    {.options = "",
     .instance = "p edge 10 15; e 1 2; e 2 3; e 3 4; e 4 5; e 5 1; e 1 6; e 2 7; e 3 8; e 4 9; e 5 10; e 6 8; e 8 10; "
                 "e 10 7; e 7 9; e 9 6",
     .cost = 13, .note = "the Petersen graph in DIMACS form: chromatic number 3"},
    {.options = "colours=4", .instance = "a: b c d; b: c d; c: d", .cost = 8, .note = "K4 in at most four colours"},
    {.note = NULL}};

extern const ar_tool ar_colouring_tools[];

const ar_puzzle ar_domain_colouring = {
    .name = "colouring",
    .flags = AR_PUZZLE_FREE_ORDER, /* any vertex may be coloured next; the searches go in order */
    .summary = "graph and map colouring: DIMACS files and maps; the chromatic number with its proof",
    .help = "Colour every vertex so that no edge joins two of one colour, with as few colours as\n"
            "possible, or at most --colours K. Instance: a DIMACS .col file (-f FILE: 'c' comments,\n"
            "'p edge N M', M lines 'e U V') or a map, a region a line with its neighbours\n"
            "('SA: WA NT Q NSW V', 'T:' for an island); ';' may replace a line break. A move colours\n"
            "any vertex: v3=2 (DIMACS), SA=2 (a map). A move\n"
            "costs 1, and 1 more when its colour is new, so the cheapest solutions use the fewest\n"
            "colours.\n"
            "\n"
            "csp (default) proves the chromatic number: DSATUR colours greedily, a clique bounds it\n"
            "below, and the constraint engine rules out one colour fewer (the colours\n"
            "interchangeable, so each colouring is tried once); --time-limit stops it with the best\n"
            "colouring and the bounds. dsatur is the greedy colouring alone; min-conflicts repairs a\n"
            "random --colours K colouring. `ariadne count colouring -f FILE --colours K` counts the\n"
            "K-colourings. data/colouring/ holds DIMACS graphs (myciel3-5, queen5_5-7_7) and the map.",
    .options = colouring_options,
    .create = colouring_create,
    .destroy = colouring_destroy,
    .describe = colouring_describe,
    .check_solvable = colouring_check_solvable,
    .state_size = colouring_state_size,
    .initial_state = colouring_initial_state,
    .is_goal = colouring_is_goal,
    .format_state = colouring_format_state,
    .picture = colouring_picture,
    .max_moves = colouring_max_moves,
    .legal_moves = colouring_legal_moves,
    .apply = colouring_apply,
    .move_cost = colouring_move_cost,
    .format_move = colouring_format_move,
    .parse_move = colouring_parse_move,
    .solvers = colouring_solvers,
    .default_algorithm = colouring_default_algorithm,
    .with_start = colouring_with_start,
    .examples = colouring_examples,
    .tools = ar_colouring_tools,
};
