/* tsp_tsplib.c — reading travelling-salesman instances.
 *
 * Three forms of text make an instance:
 *   - a TSPLIB file (Reinelt 1991, "TSPLIB 95"): specification lines
 *     `KEY : value` (NAME, TYPE, COMMENT, DIMENSION, EDGE_WEIGHT_TYPE,
 *     EDGE_WEIGHT_FORMAT, NODE_COORD_TYPE, DISPLAY_DATA_TYPE) and data
 *     sections (NODE_COORD_SECTION, EDGE_WEIGHT_SECTION, DISPLAY_DATA_SECTION),
 *     up to EOF. Symmetric instances only (TYPE: TSP), with distances
 *     EUC_2D, CEIL_2D, ATT, GEO, MAN_2D, MAX_2D, EUC_3D, or EXPLICIT in any
 *     of the nine matrix layouts (FULL_MATRIX, UPPER_ROW, LOWER_ROW,
 *     UPPER_DIAG_ROW, LOWER_DIAG_ROW and the four column-wise ones, which for
 *     a symmetric matrix are the row-wise ones mirrored);
 *   - points written inline, "x,y x,y ...", measured with EUC_2D;
 *   - the name of an instance in the data directory (data/tsp/NAME.tsp).
 * Anything else is refused with one line naming the line and what is wrong,
 * never a crash (fuzz/fuzz_tsp.c). */
#include "tsp_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"

typedef struct reader {
    const char *p;
    unsigned line;
    ar_error *err;
} reader;

/* Skips blanks but not newlines; returns the current character. */
static int skip_blanks(reader *r)
{
    while (*r->p == ' ' || *r->p == '\t' || *r->p == '\r')
        r->p++;
    return (unsigned char)*r->p;
}

/* The next whitespace-separated token (across lines) into buf; 0 at the end. */
static int next_token(reader *r, char *buf, size_t size, unsigned *line)
{
    size_t n = 0;
    for (;;) {
        int c = skip_blanks(r);
        if (c == '\n') {
            r->line++;
            r->p++;
            continue;
        }
        if (c == '\0')
            return 0;
        break;
    }
    *line = r->line;
    while (*r->p && !isspace((unsigned char)*r->p)) {
        if (n + 1 < size)
            buf[n++] = *r->p;
        r->p++;
    }
    buf[n] = '\0';
    return 1;
}

/* Whether the next token starts a keyword (a letter), or there is none:
 * the end of a section's data. */
static int at_keyword(reader *r)
{
    const char *save = r->p;
    unsigned line = r->line;
    char tok[8];
    unsigned at;
    int kw = !next_token(r, tok, sizeof tok, &at) || isalpha((unsigned char)tok[0]);
    r->p = save;
    r->line = line;
    return kw;
}

static ar_status read_number(reader *r, const char *what, double *out)
{
    char tok[64], *end;
    unsigned line;
    double v;
    if (!next_token(r, tok, sizeof tok, &line))
        return ar_error_set(r->err, AR_ERR_INPUT, "line %u: %s is missing", r->line, what);
    errno = 0;
    v = strtod(tok, &end);
    if (*end || end == tok || errno == ERANGE || !isfinite(v))
        return ar_error_set(r->err, AR_ERR_INPUT, "line %u: %s: '%.30s' is not a number", line, what, tok);
    *out = v;
    return AR_OK;
}

static ar_status read_whole(reader *r, const char *what, long long min, long long max, long long *out)
{
    char tok[64], *end;
    unsigned line;
    long long v;
    if (!next_token(r, tok, sizeof tok, &line))
        return ar_error_set(r->err, AR_ERR_INPUT, "line %u: %s is missing", r->line, what);
    errno = 0;
    v = strtoll(tok, &end, 10);
    if (*end || end == tok || errno == ERANGE)
        return ar_error_set(r->err, AR_ERR_INPUT, "line %u: %s: '%.30s' is not a whole number", line, what, tok);
    if (v < min || v > max)
        return ar_error_set(r->err, AR_ERR_INPUT, "line %u: %s: %lld is out of range (%lld to %lld)", line,
                            what, v, min, max);
    *out = v;
    return AR_OK;
}

static const char *const metric_names[] = {"EUC_2D", "CEIL_2D", "ATT",    "GEO",
                                           "MAN_2D", "MAX_2D",  "EUC_3D", "EXPLICIT"};
static const char *const format_names[] = {"FULL_MATRIX",    "UPPER_ROW",      "LOWER_ROW",
                                           "UPPER_DIAG_ROW", "LOWER_DIAG_ROW", "UPPER_COL",
                                           "LOWER_COL",      "UPPER_DIAG_COL", "LOWER_DIAG_COL"};
enum { FULL, UPPER_ROW, LOWER_ROW, UPPER_DIAG_ROW, LOWER_DIAG_ROW, UPPER_COL, LOWER_COL,
       UPPER_DIAG_COL, LOWER_DIAG_COL };

static int find_name(const char *const *names, size_t count, const char *v)
{
    size_t i;
    for (i = 0; i < count; i++)
        if (strcmp(names[i], v) == 0)
            return (int)i;
    return -1;
}

/* TSPLIB's GEO: DDD.MM (degrees and minutes) to radians. */
static double geo_radians(double v)
{
    const double pi = 3.141592;
    double deg = (double)(long)v, min = v - deg;
    return pi * (deg + 5.0 * min / 3.0) / 180.0;
}

typedef struct spec {
    int have_dimension, metric, format, coords3, seen_coords, seen_weights;
    uint32_t n;
} spec;

static ar_status read_coords(reader *r, tsp_data *d, spec *s)
{
    uint32_t i, dims = s->metric == TSP_EUC_3D || s->coords3 ? 3 : 2;
    unsigned char *seen = calloc(d->n, 1);
    ar_status st = AR_OK;
    if (!seen)
        return ar_error_set(r->err, AR_ERR_MEMORY, "out of memory reading %u cities", d->n);
    for (i = 0; i < d->n && st == AR_OK; i++) {
        long long id;
        double v[3];
        uint32_t k;
        if (at_keyword(r)) {
            st = ar_error_set(r->err, AR_ERR_INPUT, "line %u: NODE_COORD_SECTION ends after %u of %u cities",
                              r->line, i, d->n);
            break;
        }
        st = read_whole(r, "city number", 1, d->n, &id);
        for (k = 0; k < dims && st == AR_OK; k++) {
            st = read_number(r, "coordinate", &v[k]);
            if (st == AR_OK && fabs(v[k]) > TSP_MAX_COORD)
                st = ar_error_set(r->err, AR_ERR_INPUT, "line %u: coordinate %g is too large (at most %g)",
                                  r->line, v[k], TSP_MAX_COORD);
        }
        if (st != AR_OK)
            break;
        if (seen[id - 1]) {
            st = ar_error_set(r->err, AR_ERR_INPUT, "line %u: city %lld is given twice", r->line, id);
            break;
        }
        seen[id - 1] = 1;
        if (s->metric == TSP_GEO) {
            if (fabs(v[0]) > 90.6 || fabs(v[1]) > 180.6) {
                st = ar_error_set(r->err, AR_ERR_INPUT,
                                  "line %u: GEO coordinates %g %g are not a latitude and a longitude (DDD.MM)",
                                  r->line, v[0], v[1]);
                break;
            }
            v[0] = geo_radians(v[0]);
            v[1] = geo_radians(v[1]);
        }
        d->x[id - 1] = v[0];
        d->y[id - 1] = v[1];
        if (dims == 3 && d->z)
            d->z[id - 1] = v[2];
    }
    free(seen);
    s->seen_coords = 1;
    return st;
}

static ar_status read_weights(reader *r, tsp_data *d, spec *s)
{
    uint32_t n = d->n, i, j;
    int f = s->format;
    /* the column-wise layouts are the row-wise ones mirrored */
    if (f == UPPER_COL)
        f = LOWER_ROW;
    else if (f == LOWER_COL)
        f = UPPER_ROW;
    else if (f == UPPER_DIAG_COL)
        f = LOWER_DIAG_ROW;
    else if (f == LOWER_DIAG_COL)
        f = UPPER_DIAG_ROW;
    for (i = 0; i < n; i++) {
        uint32_t from = 0, to = n;
        switch (f) {
        case FULL: from = 0, to = n; break;
        case UPPER_ROW: from = i + 1, to = n; break;
        case LOWER_ROW: from = 0, to = i; break;
        case UPPER_DIAG_ROW: from = i, to = n; break;
        default: from = 0, to = i + 1; break; /* LOWER_DIAG_ROW */
        }
        for (j = from; j < to; j++) {
            long long w;
            ar_status st;
            if (at_keyword(r))
                return ar_error_set(r->err, AR_ERR_INPUT, "line %u: EDGE_WEIGHT_SECTION ends early (row %u of %u)",
                                    r->line, i + 1, n);
            st = read_whole(r, "edge weight", 0, 1000000000LL, &w);
            if (st != AR_OK)
                return st;
            if (i == j)
                continue; /* the diagonal means nothing in a tour */
            if (f == FULL && j < i && d->matrix[(size_t)i * n + j] != (int32_t)w)
                return ar_error_set(r->err, AR_ERR_INPUT,
                                    "line %u: FULL_MATRIX is not symmetric (row %u, column %u: %lld, but %d "
                                    "the other way); only symmetric instances are supported",
                                    r->line, i + 1, j + 1, w, d->matrix[(size_t)i * n + j]);
            d->matrix[(size_t)i * n + j] = d->matrix[(size_t)j * n + i] = (int32_t)w;
        }
    }
    s->seen_weights = 1;
    return AR_OK;
}

/* Allocates the arrays once DIMENSION and the metric are known. */
static ar_status allocate(reader *r, tsp_data *d, spec *s)
{
    if (d->x || d->matrix)
        return AR_OK;
    if (s->metric == TSP_EXPLICIT) {
        if (d->n > TSP_EXPLICIT_MAX)
            return ar_error_set(r->err, AR_ERR_INPUT, "DIMENSION %u is too large for an explicit matrix (at most %u)",
                                d->n, TSP_EXPLICIT_MAX);
        d->matrix = calloc((size_t)d->n * d->n, sizeof *d->matrix);
        if (!d->matrix)
            return ar_error_set(r->err, AR_ERR_MEMORY, "out of memory for a %u x %u matrix", d->n, d->n);
        return AR_OK;
    }
    d->x = calloc(d->n, sizeof *d->x);
    d->y = calloc(d->n, sizeof *d->y);
    if (s->metric == TSP_EUC_3D || s->coords3)
        d->z = calloc(d->n, sizeof *d->z);
    if (!d->x || !d->y || ((s->metric == TSP_EUC_3D || s->coords3) && !d->z))
        return ar_error_set(r->err, AR_ERR_MEMORY, "out of memory for %u cities", d->n);
    return AR_OK;
}

static ar_status read_tsplib(const char *text, tsp_data *d, ar_error *err)
{
    reader r = {text, 1, err};
    spec s;
    char key[64], value[128];
    memset(&s, 0, sizeof s);
    s.metric = s.format = -1;
    for (;;) {
        size_t n = 0;
        int c = skip_blanks(&r);
        unsigned line = r.line;
        ar_status st;
        if (c == '\0')
            break;
        if (c == '\n') {
            r.line++;
            r.p++;
            continue;
        }
        while (*r.p && (isalnum((unsigned char)*r.p) || *r.p == '_')) {
            if (n + 1 < sizeof key)
                key[n++] = *r.p;
            r.p++;
        }
        key[n] = '\0';
        if (n == 0)
            return ar_error_set(err, AR_ERR_INPUT, "line %u: expected a keyword such as DIMENSION, found '%c'",
                                line, isprint(c) ? c : '?');
        skip_blanks(&r);
        if (strcmp(key, "EOF") == 0)
            break;
        if (n > 8 && strcmp(key + n - 8, "_SECTION") == 0) {
            if (*r.p == ':')
                r.p++;
            if (!s.have_dimension)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: %s comes before DIMENSION", line, key);
            if (s.metric < 0)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: %s comes before EDGE_WEIGHT_TYPE", line, key);
            st = allocate(&r, d, &s);
            if (st != AR_OK)
                return st;
            if (strcmp(key, "NODE_COORD_SECTION") == 0) {
                if (s.metric == TSP_EXPLICIT)
                    return ar_error_set(err, AR_ERR_INPUT,
                                        "line %u: NODE_COORD_SECTION in an EXPLICIT instance (use DISPLAY_DATA_SECTION)",
                                        line);
                if (s.seen_coords)
                    return ar_error_set(err, AR_ERR_INPUT, "line %u: NODE_COORD_SECTION given twice", line);
                st = read_coords(&r, d, &s);
            } else if (strcmp(key, "EDGE_WEIGHT_SECTION") == 0) {
                if (s.metric != TSP_EXPLICIT)
                    return ar_error_set(err, AR_ERR_INPUT, "line %u: EDGE_WEIGHT_SECTION needs EDGE_WEIGHT_TYPE: EXPLICIT",
                                        line);
                if (s.format < 0)
                    return ar_error_set(err, AR_ERR_INPUT, "line %u: EDGE_WEIGHT_SECTION comes before EDGE_WEIGHT_FORMAT",
                                        line);
                if (s.seen_weights)
                    return ar_error_set(err, AR_ERR_INPUT, "line %u: EDGE_WEIGHT_SECTION given twice", line);
                st = read_weights(&r, d, &s);
            } else if (strcmp(key, "DISPLAY_DATA_SECTION") == 0) {
                uint32_t i;
                for (i = 0; i < d->n * 3u && !at_keyword(&r); i++) {
                    double ignored;
                    st = read_number(&r, "display coordinate", &ignored);
                    if (st != AR_OK)
                        return st;
                }
                st = AR_OK;
            } else if (strcmp(key, "TOUR_SECTION") == 0) {
                return ar_error_set(err, AR_ERR_INPUT, "line %u: this is a tour (TOUR_SECTION), not an instance", line);
            } else {
                return ar_error_set(err, AR_ERR_INPUT, "line %u: %s is not supported (symmetric TSP instances only)",
                                    line, key);
            }
            if (st != AR_OK)
                return st;
            continue;
        }
        /* A specification line: KEY : value (the colon is optional). */
        if (*r.p == ':')
            r.p++;
        skip_blanks(&r);
        n = 0;
        while (*r.p && *r.p != '\n') {
            if (n + 1 < sizeof value)
                value[n++] = *r.p;
            r.p++;
        }
        while (n > 0 && isspace((unsigned char)value[n - 1]))
            n--;
        value[n] = '\0';
        if (strcmp(key, "NAME") == 0) {
            snprintf(d->name, sizeof d->name, "%.63s", value);
        } else if (strcmp(key, "COMMENT") == 0 || strcmp(key, "DISPLAY_DATA_TYPE") == 0) {
            /* for people */
        } else if (strcmp(key, "TYPE") == 0) {
            if (strcmp(value, "TSP") != 0)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: TYPE %.30s is not supported (only TSP: symmetric)",
                                    line, value);
        } else if (strcmp(key, "DIMENSION") == 0) {
            char *end;
            unsigned long v;
            if (s.have_dimension)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: DIMENSION given twice", line);
            errno = 0;
            v = strtoul(value, &end, 10);
            if (!isdigit((unsigned char)value[0]) || *end || errno)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: DIMENSION: '%.30s' is not a whole number", line, value);
            if (v < 3 || v > TSP_MAX_CITIES)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: DIMENSION %lu is out of range (3 to %u cities)", line,
                                    v, TSP_MAX_CITIES);
            d->n = (uint32_t)v;
            s.have_dimension = 1;
        } else if (strcmp(key, "EDGE_WEIGHT_TYPE") == 0) {
            int m = find_name(metric_names, sizeof metric_names / sizeof metric_names[0], value);
            if (s.metric >= 0)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: EDGE_WEIGHT_TYPE given twice", line);
            if (m < 0)
                return ar_error_set(err, AR_ERR_INPUT,
                                    "line %u: EDGE_WEIGHT_TYPE %.30s is not supported (EUC_2D, CEIL_2D, ATT, GEO, "
                                    "MAN_2D, MAX_2D, EUC_3D, EXPLICIT)",
                                    line, value);
            s.metric = m;
        } else if (strcmp(key, "EDGE_WEIGHT_FORMAT") == 0) {
            int f = find_name(format_names, sizeof format_names / sizeof format_names[0], value);
            if (strcmp(value, "FUNCTION") == 0)
                continue;
            if (f < 0)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: EDGE_WEIGHT_FORMAT %.30s is not supported", line, value);
            s.format = f;
        } else if (strcmp(key, "NODE_COORD_TYPE") == 0) {
            if (strcmp(value, "THREED_COORDS") == 0)
                s.coords3 = 1;
            else if (strcmp(value, "TWOD_COORDS") != 0 && strcmp(value, "NO_COORDS") != 0)
                return ar_error_set(err, AR_ERR_INPUT, "line %u: NODE_COORD_TYPE %.30s is not supported", line, value);
        } else {
            return ar_error_set(err, AR_ERR_INPUT, "line %u: unknown keyword %s", line, key);
        }
    }
    if (!s.have_dimension)
        return ar_error_set(err, AR_ERR_INPUT, "no DIMENSION: not a TSPLIB instance");
    if (s.metric < 0)
        return ar_error_set(err, AR_ERR_INPUT, "no EDGE_WEIGHT_TYPE");
    if (s.metric == TSP_EXPLICIT ? !s.seen_weights : !s.seen_coords)
        return ar_error_set(err, AR_ERR_INPUT, "no %s", s.metric == TSP_EXPLICIT ? "EDGE_WEIGHT_SECTION"
                                                                                    : "NODE_COORD_SECTION");
    d->metric = (tsp_metric)s.metric;
    return AR_OK;
}

/* "x,y x,y ..." */
static ar_status read_points(const char *text, tsp_data *d, ar_error *err)
{
    const char *p = text;
    uint32_t n = 0, cap = 0, k;
    d->metric = TSP_EUC_2D;
    snprintf(d->name, sizeof d->name, "points");
    while (*p) {
        double v[2];
        char *end;
        while (isspace((unsigned char)*p) || *p == ';')
            p++;
        if (!*p)
            break;
        for (k = 0; k < 2; k++) {
            errno = 0;
            v[k] = strtod(p, &end);
            if (end == p || errno == ERANGE || !isfinite(v[k]) || fabs(v[k]) > TSP_MAX_COORD)
                return ar_error_set(err, AR_ERR_INPUT, "point %u: expected x,y with numbers of at most %g, at '%.20s'",
                                    n + 1, TSP_MAX_COORD, p);
            p = end;
            if (k == 0) {
                if (*p != ',')
                    return ar_error_set(err, AR_ERR_INPUT, "point %u: expected ',' between x and y, at '%.20s'", n + 1, p);
                p++;
            }
        }
        if (*p && !isspace((unsigned char)*p) && *p != ';')
            return ar_error_set(err, AR_ERR_INPUT, "point %u: unexpected '%.20s'", n + 1, p);
        if (n == TSP_MAX_CITIES)
            return ar_error_set(err, AR_ERR_INPUT, "more than %u points", TSP_MAX_CITIES);
        if (n == cap) {
            double *x, *y;
            cap = cap ? 2 * cap : 16;
            x = realloc(d->x, sizeof *x * cap);
            if (x)
                d->x = x;
            y = realloc(d->y, sizeof *y * cap);
            if (y)
                d->y = y;
            if (!x || !y)
                return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading points");
        }
        d->x[n] = v[0];
        d->y[n] = v[1];
        n++;
    }
    if (n < 3)
        return ar_error_set(err, AR_ERR_INPUT, "%u point%s: a tour needs at least 3 cities", n, n == 1 ? "" : "s");
    d->n = n;
    return AR_OK;
}

ar_status ar_tsp_read(const char *text, tsp_data **out, ar_error *err)
{
    tsp_data *d;
    const char *p = text;
    ar_status st;
    char *file_text = NULL;
    *out = NULL;
    if (!text)
        return ar_error_set(err, AR_ERR_INPUT,
                            "no instance: give a TSPLIB file (-f FILE), points \"x,y x,y ...\", or a name such as berlin52");
    while (isspace((unsigned char)*p))
        p++;
    d = calloc(1, sizeof *d);
    if (!d)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    d->refs = 1;
    if (*p == '-' || *p == '+' || *p == '.' || isdigit((unsigned char)*p)) {
        st = read_points(p, d, err);
    } else {
        size_t len = strcspn(p, " \t\r\n:");
        const char *rest = p + len;
        while (isspace((unsigned char)*rest))
            rest++;
        if (isalpha((unsigned char)*p) && *rest == '\0' && len < 48 &&
            strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") == len) {
            /* The name of a bundled instance. */
            char rel[96], path[1024], why[256];
            snprintf(rel, sizeof rel, "tsp/%.*s.tsp", (int)len, p);
            if (ar_data_path(rel, path, sizeof path) != 0) {
                ar_tsp_data_free(d);
                return ar_error_set(err, AR_ERR_INPUT, "no instance called '%.*s' (looked for %s)", (int)len, p, rel);
            }
            file_text = ar_read_file(path, why, sizeof why);
            if (!file_text) {
                ar_tsp_data_free(d);
                return ar_error_set(err, AR_ERR_INPUT, "%s", why);
            }
            st = read_tsplib(file_text, d, err);
            free(file_text);
        } else {
            st = read_tsplib(p, d, err);
        }
    }
    if (st != AR_OK) {
        ar_tsp_data_free(d);
        return st;
    }
    *out = d;
    return AR_OK;
}

char *ar_tsp_random_text(uint32_t n, uint64_t seed, uint32_t side)
{
    size_t cap = 256 + (size_t)n * 32, used;
    char *text = malloc(cap);
    ar_rng rng;
    uint32_t i;
    if (!text)
        return NULL;
    ar_rng_seed(&rng, seed);
    used = (size_t)snprintf(text, cap,
                            "NAME : random%u-%llu\nTYPE : TSP\nCOMMENT : %u cities uniform in [0,%u)^2, "
                            "ariadne generate tsp --seed %llu\nDIMENSION : %u\nEDGE_WEIGHT_TYPE : EUC_2D\n"
                            "NODE_COORD_SECTION\n",
                            n, (unsigned long long)seed, n, side, (unsigned long long)seed, n);
    for (i = 0; i < n; i++) {
        unsigned long long x = ar_rng_below(&rng, side), y = ar_rng_below(&rng, side);
        used += (size_t)snprintf(text + used, cap - used, "%u %llu %llu\n", i + 1, x, y);
    }
    snprintf(text + used, cap - used, "EOF\n");
    return text;
}
