/* replay_json.c — reads a Tron replay file (see replay_json.h): a small strict
 * JSON parser (RFC 8259: no comments, no trailing commas, no leading zeros,
 * valid UTF-8, escapes checked, duplicate member names refused), then the
 * format's own checks, then a replay of the moves under the Tron rules, so a
 * file that `ariadne replay` accepts is a game that really happened as stated.
 *
 * The parser builds a small tree of values first and the checks walk it: that
 * keeps the grammar and the format apart, and lets every message name both the
 * member (moves[12][1]) and where it is in the file (line, column). Nesting is
 * limited (the format needs three levels), so the recursion is bounded. */
#include "tron_replay_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"

#define JSON_MAX_DEPTH 64
#define JSON_MAX_MEMBERS 256 /* members of one object; the format has seven */

/* ------------------------------------------------------------------------ */
/* The JSON tree                                                             */

typedef enum { JV_NULL, JV_BOOL, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT } jv_type;

typedef struct jv jv;
struct jv {
    jv_type type;
    size_t offset;       /* where the value starts in the text, for messages */
    int boolean;
    int integral;        /* a number written as an integer that fits in a long long */
    long long integer;
    char *string;        /* JV_STRING: UTF-8, NUL-terminated (a NUL character is refused) */
    size_t length;
    jv *items;           /* JV_ARRAY: the elements; JV_OBJECT: the members' values */
    char **keys;         /* JV_OBJECT: the members' names */
    size_t count;
};

typedef struct jparser {
    const char *text;
    size_t len, pos;
    int depth;
    char *err;
    size_t err_size;
} jparser;

static void where(const char *text, size_t offset, size_t *line, size_t *column)
{
    size_t i, l = 1, c = 1;
    for (i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else {
            c++;
        }
    }
    *line = l;
    *column = c;
}

/* A short copy of text from the file for a message: at most 40 bytes (cut
 * before a partial UTF-8 character), control characters as '?', so an error
 * stays one line whatever the file holds. */
static const char *excerpt(const char *s, char *out, size_t size)
{
    size_t i, n = 0, limit = size - 4 < 40 ? size - 4 : 40;
    for (i = 0; s[i] && n < limit; i++)
        out[n++] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
    if (s[i]) {
        while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80) /* s[n] continues a character */
            n--;
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
    return out;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int jfail(jparser *p, size_t offset, const char *fmt, ...)
{
    size_t line, column;
    int n;
    va_list ap;
    where(p->text, offset, &line, &column);
    n = snprintf(p->err, p->err_size, "line %zu, column %zu: ", line, column);
    if (n >= 0 && (size_t)n < p->err_size) {
        va_start(ap, fmt);
        vsnprintf(p->err + n, p->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void jv_free(jv *v)
{
    size_t i;
    if (v->type == JV_ARRAY || v->type == JV_OBJECT) {
        for (i = 0; i < v->count; i++) {
            jv_free(&v->items[i]);
            if (v->keys)
                free(v->keys[i]);
        }
        free(v->items);
        free(v->keys);
    }
    free(v->string);
    memset(v, 0, sizeof *v);
}

static void skip_ws(jparser *p)
{
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        p->pos++;
    }
}

/* A printable description of the byte at pos for messages. */
static const char *describe_at(const jparser *p, char *buf, size_t size)
{
    unsigned char c;
    if (p->pos >= p->len)
        return "the end of the file";
    c = (unsigned char)p->text[p->pos];
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02x", c);
    return buf;
}

static int parse_value(jparser *p, jv *out);

/* Decodes one UTF-8 sequence at s (n bytes available); returns its length, or
 * 0 when it is not valid UTF-8 (overlong forms, surrogates, > U+10FFFF). */
static size_t utf8_decode(const unsigned char *s, size_t n, unsigned long *cp)
{
    unsigned long c;
    size_t len, i;
    if (n == 0)
        return 0;
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        len = 2;
        c = s[0] & 0x1fu;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        len = 3;
        c = s[0] & 0x0fu;
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        len = 4;
        c = s[0] & 0x07u;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3fu);
    }
    if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10ffff)) ||
        (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return len;
}

typedef struct buf {
    char *data;
    size_t len, cap;
} buf;

static void buf_add(buf *b, const char *s, size_t n)
{
    if (b->cap - b->len < n + 1) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap - b->len < n + 1)
            cap *= 2;
        b->data = ar_xrealloc(b->data, cap);
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void buf_addc(buf *b, char c) { buf_add(b, &c, 1); }
static void buf_adds(buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static void buf_add_utf8(buf *b, unsigned long cp)
{
    char s[4];
    size_t n;
    if (cp < 0x80) {
        s[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        s[0] = (char)(0xc0 | (cp >> 6));
        s[1] = (char)(0x80 | (cp & 0x3f));
        n = 2;
    } else if (cp < 0x10000) {
        s[0] = (char)(0xe0 | (cp >> 12));
        s[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        s[2] = (char)(0x80 | (cp & 0x3f));
        n = 3;
    } else {
        s[0] = (char)(0xf0 | (cp >> 18));
        s[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        s[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
        s[3] = (char)(0x80 | (cp & 0x3f));
        n = 4;
    }
    buf_add(b, s, n);
}

static int hex4(jparser *p, unsigned long *value)
{
    size_t i;
    unsigned long v = 0;
    for (i = 0; i < 4; i++) {
        char c = p->pos + i < p->len ? p->text[p->pos + i] : '\0';
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return jfail(p, p->pos - 2, "\\u must be followed by four hexadecimal digits");
        v = v * 16 + (unsigned long)d;
    }
    p->pos += 4;
    *value = v;
    return 0;
}

static int parse_string(jparser *p, jv *out)
{
    buf b = {NULL, 0, 0};
    size_t start = p->pos;
    p->pos++; /* the opening quote */
    buf_add(&b, "", 0);
    for (;;) {
        unsigned char c;
        if (p->pos >= p->len) {
            free(b.data);
            return jfail(p, start, "string not closed (no ending '\"')");
        }
        c = (unsigned char)p->text[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c < 0x20) {
            free(b.data);
            return jfail(p, p->pos, "control character 0x%02x inside a string (write it as an escape)", c);
        }
        if (c == '\\') {
            char e = p->pos + 1 < p->len ? p->text[p->pos + 1] : '\0';
            unsigned long cp;
            p->pos += 2;
            switch (e) {
            case '"': buf_addc(&b, '"'); break;
            case '\\': buf_addc(&b, '\\'); break;
            case '/': buf_addc(&b, '/'); break;
            case 'b': buf_addc(&b, '\b'); break;
            case 'f': buf_addc(&b, '\f'); break;
            case 'n': buf_addc(&b, '\n'); break;
            case 'r': buf_addc(&b, '\r'); break;
            case 't': buf_addc(&b, '\t'); break;
            case 'u':
                if (hex4(p, &cp)) {
                    free(b.data);
                    return -1;
                }
                if (cp >= 0xdc00 && cp <= 0xdfff) {
                    free(b.data);
                    return jfail(p, p->pos - 6, "\\u%04lx is a lone low surrogate", cp);
                }
                if (cp >= 0xd800 && cp <= 0xdbff) {
                    unsigned long lo;
                    if (p->pos + 1 >= p->len || p->text[p->pos] != '\\' || p->text[p->pos + 1] != 'u') {
                        free(b.data);
                        return jfail(p, p->pos - 6, "\\u%04lx (a high surrogate) is not followed by a low one", cp);
                    }
                    p->pos += 2;
                    if (hex4(p, &lo)) {
                        free(b.data);
                        return -1;
                    }
                    if (lo < 0xdc00 || lo > 0xdfff) {
                        free(b.data);
                        return jfail(p, p->pos - 12, "\\u%04lx (a high surrogate) is not followed by a low one", cp);
                    }
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                }
                if (cp == 0) {
                    free(b.data);
                    return jfail(p, p->pos - 6, "\\u0000 (a NUL character) is not allowed in this format");
                }
                buf_add_utf8(&b, cp);
                break;
            default:
                free(b.data);
                if (e >= 0x21 && e < 0x7f)
                    return jfail(p, p->pos - 2, "unknown escape '\\%c' in a string", e);
                return jfail(p, p->pos - 2, "a '\\' in a string must start an escape such as \\n or \\u00e9");
            }
            continue;
        }
        if (c < 0x80) {
            buf_addc(&b, (char)c);
            p->pos++;
        } else {
            unsigned long cp;
            size_t n = utf8_decode((const unsigned char *)p->text + p->pos, p->len - p->pos, &cp);
            if (n == 0) {
                free(b.data);
                return jfail(p, p->pos, "invalid UTF-8 (byte 0x%02x) inside a string", c);
            }
            buf_add(&b, p->text + p->pos, n);
            p->pos += n;
        }
    }
    out->type = JV_STRING;
    out->offset = start;
    out->string = b.data;
    out->length = b.len;
    return 0;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int parse_number(jparser *p, jv *out)
{
    size_t start = p->pos;
    int negative = 0, integral = 1, overflow = 0;
    unsigned long long magnitude = 0;
    if (p->text[p->pos] == '-') {
        negative = 1;
        p->pos++;
    }
    if (p->pos >= p->len || !is_digit(p->text[p->pos]))
        return jfail(p, start, "a number needs a digit after '-'");
    if (p->text[p->pos] == '0' && p->pos + 1 < p->len && is_digit(p->text[p->pos + 1]))
        return jfail(p, start, "numbers may not have leading zeros");
    while (p->pos < p->len && is_digit(p->text[p->pos])) {
        unsigned d = (unsigned)(p->text[p->pos] - '0');
        if (magnitude > (9223372036854775807ULL - d) / 10)
            overflow = 1;
        else
            magnitude = magnitude * 10 + d;
        p->pos++;
    }
    if (p->pos < p->len && p->text[p->pos] == '.') {
        integral = 0;
        p->pos++;
        if (p->pos >= p->len || !is_digit(p->text[p->pos]))
            return jfail(p, start, "a number needs digits after its decimal point");
        while (p->pos < p->len && is_digit(p->text[p->pos]))
            p->pos++;
    }
    if (p->pos < p->len && (p->text[p->pos] == 'e' || p->text[p->pos] == 'E')) {
        integral = 0;
        p->pos++;
        if (p->pos < p->len && (p->text[p->pos] == '+' || p->text[p->pos] == '-'))
            p->pos++;
        if (p->pos >= p->len || !is_digit(p->text[p->pos]))
            return jfail(p, start, "a number needs digits in its exponent");
        while (p->pos < p->len && is_digit(p->text[p->pos]))
            p->pos++;
    }
    out->type = JV_NUMBER;
    out->offset = start;
    out->integral = integral && !overflow;
    out->integer = negative ? -(long long)magnitude : (long long)magnitude;
    return 0;
}

static int parse_literal(jparser *p, jv *out, const char *word, jv_type type, int value)
{
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0) {
        char what[32];
        return jfail(p, p->pos, "unexpected %s (expected a value)", describe_at(p, what, sizeof what));
    }
    out->type = type;
    out->offset = p->pos;
    out->boolean = value;
    p->pos += n;
    return 0;
}

static int parse_array(jparser *p, jv *out)
{
    size_t cap = 0;
    char what[32];
    out->type = JV_ARRAY;
    out->offset = p->pos;
    p->pos++;
    skip_ws(p);
    if (p->pos < p->len && p->text[p->pos] == ']') {
        p->pos++;
        return 0;
    }
    for (;;) {
        if (out->count == cap) {
            cap = cap ? cap * 2 : 4;
            out->items = ar_xrealloc(out->items, cap * sizeof *out->items);
        }
        memset(&out->items[out->count], 0, sizeof *out->items);
        out->count++; /* counted first, so a half-read element is freed with the array */
        skip_ws(p);
        if (parse_value(p, &out->items[out->count - 1]))
            return -1;
        skip_ws(p);
        if (p->pos < p->len && p->text[p->pos] == ',') {
            p->pos++;
            skip_ws(p);
            if (p->pos < p->len && p->text[p->pos] == ']')
                return jfail(p, p->pos, "trailing ',' before ']'");
            continue;
        }
        if (p->pos < p->len && p->text[p->pos] == ']') {
            p->pos++;
            return 0;
        }
        return jfail(p, p->pos, "expected ',' or ']' in an array, found %s", describe_at(p, what, sizeof what));
    }
}

static int parse_object(jparser *p, jv *out)
{
    size_t cap = 0, i;
    char what[32];
    out->type = JV_OBJECT;
    out->offset = p->pos;
    p->pos++;
    skip_ws(p);
    if (p->pos < p->len && p->text[p->pos] == '}') {
        p->pos++;
        return 0;
    }
    for (;;) {
        jv key;
        memset(&key, 0, sizeof key);
        skip_ws(p);
        if (p->pos >= p->len || p->text[p->pos] != '"')
            return jfail(p, p->pos, "expected a member name in double quotes, found %s",
                         describe_at(p, what, sizeof what));
        if (out->count == JSON_MAX_MEMBERS)
            return jfail(p, p->pos, "more than %d members in one object", JSON_MAX_MEMBERS);
        if (parse_string(p, &key))
            return -1;
        for (i = 0; i < out->count; i++)
            if (strcmp(out->keys[i], key.string) == 0) {
                char shown[48];
                jfail(p, key.offset, "duplicate member \"%s\"", excerpt(key.string, shown, sizeof shown));
                jv_free(&key);
                return -1;
            }
        if (out->count == cap) {
            cap = cap ? cap * 2 : 8;
            out->items = ar_xrealloc(out->items, cap * sizeof *out->items);
            out->keys = ar_xrealloc(out->keys, cap * sizeof *out->keys);
        }
        memset(&out->items[out->count], 0, sizeof *out->items);
        out->keys[out->count] = key.string; /* the object owns it from here */
        out->count++;
        skip_ws(p);
        if (p->pos >= p->len || p->text[p->pos] != ':')
            return jfail(p, p->pos, "expected ':' after the member name, found %s",
                         describe_at(p, what, sizeof what));
        p->pos++;
        skip_ws(p);
        if (parse_value(p, &out->items[out->count - 1]))
            return -1;
        skip_ws(p);
        if (p->pos < p->len && p->text[p->pos] == ',') {
            p->pos++;
            skip_ws(p);
            if (p->pos < p->len && p->text[p->pos] == '}')
                return jfail(p, p->pos, "trailing ',' before '}'");
            continue;
        }
        if (p->pos < p->len && p->text[p->pos] == '}') {
            p->pos++;
            return 0;
        }
        return jfail(p, p->pos, "expected ',' or '}' in an object, found %s", describe_at(p, what, sizeof what));
    }
}

static int parse_value(jparser *p, jv *out)
{
    char what[32];
    int rc;
    if (p->pos >= p->len)
        return jfail(p, p->pos, "unexpected end of the file (expected a value)");
    switch (p->text[p->pos]) {
    case '{':
    case '[':
        if (p->depth == JSON_MAX_DEPTH)
            return jfail(p, p->pos, "nested more than %d levels deep", JSON_MAX_DEPTH);
        p->depth++;
        rc = p->text[p->pos] == '{' ? parse_object(p, out) : parse_array(p, out);
        p->depth--;
        return rc;
    case '"': return parse_string(p, out);
    case 't': return parse_literal(p, out, "true", JV_BOOL, 1);
    case 'f': return parse_literal(p, out, "false", JV_BOOL, 0);
    case 'n': return parse_literal(p, out, "null", JV_NULL, 0);
    default:
        if (p->text[p->pos] == '-' || is_digit(p->text[p->pos]))
            return parse_number(p, out);
        return jfail(p, p->pos, "unexpected %s (expected a value)", describe_at(p, what, sizeof what));
    }
}

static int json_parse(const char *text, size_t len, jv *root, char *err, size_t err_size)
{
    jparser p;
    char what[32];
    p.text = text;
    p.len = len;
    p.pos = 0;
    p.depth = 0;
    p.err = err;
    p.err_size = err_size;
    memset(root, 0, sizeof *root);
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        p.pos = 3; /* RFC 8259 lets a reader ignore a byte-order mark */
    skip_ws(&p);
    if (p.pos >= len)
        return jfail(&p, p.pos, "the file is empty (expected a JSON object)");
    if (parse_value(&p, root)) {
        jv_free(root);
        return -1;
    }
    skip_ws(&p);
    if (p.pos < len) {
        jfail(&p, p.pos, "unexpected %s after the end of the JSON value", describe_at(&p, what, sizeof what));
        jv_free(root);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The format                                                                */

typedef struct checker {
    const char *text;
    char *err;
    size_t err_size;
} checker;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int cfail(checker *c, const jv *at, const char *path, const char *fmt, ...)
{
    size_t line, column;
    int n;
    va_list ap;
    if (at) {
        where(c->text, at->offset, &line, &column);
        n = snprintf(c->err, c->err_size, "%s (line %zu, column %zu): ", path, line, column);
    } else {
        n = snprintf(c->err, c->err_size, "%s: ", path);
    }
    if (n >= 0 && (size_t)n < c->err_size) {
        va_start(ap, fmt);
        vsnprintf(c->err + n, c->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static const char *type_name(jv_type t)
{
    switch (t) {
    case JV_NULL: return "null";
    case JV_BOOL: return "true/false";
    case JV_NUMBER: return "a number";
    case JV_STRING: return "a string";
    case JV_ARRAY: return "an array";
    case JV_OBJECT: return "an object";
    }
    return "?";
}

static const jv *member(const jv *obj, const char *key)
{
    size_t i;
    for (i = 0; i < obj->count; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

/* The member `key` of obj with type `type`, or NULL after a message. */
static const jv *need(checker *c, const jv *obj, const char *path, const char *key, jv_type type)
{
    const jv *v = member(obj, key);
    char full[64];
    snprintf(full, sizeof full, "%s%s%s", path, *path ? "." : "", key);
    if (!v) {
        cfail(c, obj, path[0] ? path : "the replay", "missing member \"%s\"", key);
        return NULL;
    }
    if (v->type != type) {
        cfail(c, v, full, "expected %s, found %s", type_name(type), type_name(v->type));
        return NULL;
    }
    return v;
}

static int need_int(checker *c, const jv *obj, const char *path, const char *key, long long lo,
                    long long hi, int *out)
{
    const jv *v = need(c, obj, path, key, JV_NUMBER);
    char full[64];
    snprintf(full, sizeof full, "%s%s%s", path, *path ? "." : "", key);
    if (!v)
        return -1;
    if (!v->integral || v->integer < lo || v->integer > hi)
        return cfail(c, v, full, "expected a whole number from %lld to %lld", lo, hi);
    *out = (int)v->integer;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The rules                                                                 */

typedef struct sim {
    char *grid;      /* width*height: '#' blocked (wall or trail), ' ' free */
    long head[2];    /* cell index of each head; after an off-grid crash, the last cell */
    replay_turn last;
} sim;

static void sim_start(const replay *r, sim *s)
{
    size_t i, n = (size_t)r->width * (size_t)r->height;
    s->grid = ar_xmalloc(n);
    for (i = 0; i < n; i++) {
        s->grid[i] = r->cells[i] == '#' ? '#' : ' ';
        if (r->cells[i] == '1')
            s->head[0] = (long)i;
        else if (r->cells[i] == '2')
            s->head[1] = (long)i;
    }
    memset(&s->last, 0, sizeof s->last);
}

/* One simultaneous turn: both old heads become trail, then each new head
 * crashes if it is off the grid or on a blocked cell; two heads on one cell
 * crash together. Returns 1 when the game ends on this turn. */
static int sim_step(const replay *r, sim *s, size_t turn)
{
    static const int dr[5] = {0, -1, 0, 1, 0}, dc[5] = {0, 0, 1, 0, -1};
    long target[2];
    int i;
    replay_turn *t = &s->last;
    memset(t, 0, sizeof *t);
    for (i = 0; i < 2; i++) {
        int d = r->moves[2 * turn + (size_t)i];
        long row = s->head[i] / r->width + dr[d], col = s->head[i] % r->width + dc[d];
        if (row < 0 || row >= r->height || col < 0 || col >= r->width) {
            t->off_grid[i] = 1;
            t->crashed[i] = 1;
            target[i] = -1;
        } else {
            target[i] = row * r->width + col;
        }
    }
    s->grid[s->head[0]] = '#';
    s->grid[s->head[1]] = '#';
    for (i = 0; i < 2; i++)
        if (target[i] >= 0 && s->grid[target[i]] == '#')
            t->crashed[i] = 1;
    if (target[0] >= 0 && target[0] == target[1]) {
        t->head_on = 1;
        t->crashed[0] = t->crashed[1] = 1;
    }
    for (i = 0; i < 2; i++)
        if (target[i] >= 0)
            s->head[i] = target[i];
    t->ended = t->crashed[0] || t->crashed[1];
    t->result = t->crashed[0] && t->crashed[1] ? 0 : t->crashed[0] ? 2 : 1;
    return t->ended;
}

static void describe_end(const replay_turn *t, char *out, size_t size)
{
    if (t->head_on)
        snprintf(out, size, "both heads reach the same cell");
    else if (t->crashed[0] && t->crashed[1])
        snprintf(out, size, "both players crash");
    else
        snprintf(out, size, "player %d crashes%s", t->crashed[0] ? 1 : 2,
                 t->off_grid[t->crashed[0] ? 0 : 1] ? " off the edge of the map" : "");
}

static int check_rules(checker *c, const jv *moves, replay *r)
{
    sim s;
    size_t t;
    char what[64];
    sim_start(r, &s);
    for (t = 0; t < r->turns; t++) {
        if (sim_step(r, &s, t) && t + 1 < r->turns) {
            char path[48];
            describe_end(&s.last, what, sizeof what);
            snprintf(path, sizeof path, "moves[%zu]", t);
            free(s.grid);
            return cfail(c, &moves->items[t], path,
                         "the game ends on turn %zu (%s), but %zu turns are listed", t + 1, what,
                         r->turns);
        }
    }
    free(s.grid);
    /* Nobody crashed on the last turn: the game ended off the board, as when a
     * bot's program fails or runs out of time before answering (the match
     * engine then records the moves played so far and says so in the reason).
     * The rules cannot check such a result; every move still had to be legal
     * up to there. */
    r->on_board = s.last.ended;
    if (!r->on_board)
        return 0;
    if (s.last.result != r->result) {
        describe_end(&s.last, what, sizeof what);
        return cfail(c, NULL, "result", "\"%s\" does not match the moves: on turn %zu %s, so the result is %s",
                     r->result == 0 ? "draw" : r->result == 1 ? "1" : "2", r->turns, what,
                     replay_result_name(s.last.result));
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Reading a replay                                                          */

static int read_map(checker *c, const jv *root, replay *r)
{
    const jv *map = need(c, root, "", "map", JV_OBJECT), *name, *rows;
    size_t i, j, starts[2] = {0, 0};
    if (!map)
        return -1;
    if (!(name = need(c, map, "map", "name", JV_STRING)))
        return -1;
    if (need_int(c, map, "map", "width", 1, REPLAY_MAX_SIDE, &r->width) ||
        need_int(c, map, "map", "height", 1, REPLAY_MAX_SIDE, &r->height))
        return -1;
    if (!(rows = need(c, map, "map", "rows", JV_ARRAY)))
        return -1;
    if (rows->count != (size_t)r->height)
        return cfail(c, rows, "map.rows", "%zu rows, but the height is %d", rows->count, r->height);
    r->map_name = ar_xstrdup(name->string);
    r->cells = ar_xmalloc((size_t)r->width * (size_t)r->height);
    for (i = 0; i < rows->count; i++) {
        const jv *row = &rows->items[i];
        char path[48];
        snprintf(path, sizeof path, "map.rows[%zu]", i);
        if (row->type != JV_STRING)
            return cfail(c, row, path, "expected a string, found %s", type_name(row->type));
        for (j = 0; j < row->length; j++) {
            char ch = row->string[j];
            if (ch != '#' && ch != ' ' && ch != '1' && ch != '2') {
                unsigned char u = (unsigned char)ch;
                if (u >= 0x21 && u < 0x7f)
                    return cfail(c, row, path, "unknown character '%c' in column %zu (a map has '#', ' ', '1' and '2')", ch, j + 1);
                return cfail(c, row, path, "unknown character (byte 0x%02x) in column %zu (a map has '#', ' ', '1' and '2')", u, j + 1);
            }
            if (ch == '1' || ch == '2') {
                if (starts[ch - '1']++)
                    return cfail(c, row, path, "a second start cell for player %c (column %zu)", ch, j + 1);
            }
        }
        if (row->length != (size_t)r->width)
            return cfail(c, row, path, "%zu characters, but the width is %d (ragged rows)", row->length, r->width);
        memcpy(r->cells + i * (size_t)r->width, row->string, (size_t)r->width);
    }
    for (i = 0; i < 2; i++)
        if (!starts[i])
            return cfail(c, rows, "map.rows", "no start cell for player %zu (a '%zu')", i + 1, i + 1);
    return 0;
}

static int read_moves(checker *c, const jv *root, replay *r, const jv **moves_out)
{
    const jv *moves = need(c, root, "", "moves", JV_ARRAY);
    size_t t, k;
    if (!moves)
        return -1;
    *moves_out = moves;
    r->turns = moves->count;
    r->moves = ar_xmalloc(2 * moves->count + 1);
    for (t = 0; t < moves->count; t++) {
        const jv *pair = &moves->items[t];
        char path[64];
        snprintf(path, sizeof path, "moves[%zu]", t);
        if (pair->type != JV_ARRAY)
            return cfail(c, pair, path, "expected [player 1's direction, player 2's direction], found %s",
                         type_name(pair->type));
        if (pair->count != 2)
            return cfail(c, pair, path, "expected two directions (player 1's, player 2's), found %zu values",
                         pair->count);
        for (k = 0; k < 2; k++) {
            const jv *d = &pair->items[k];
            snprintf(path, sizeof path, "moves[%zu][%zu]", t, k);
            if (d->type != JV_NUMBER || !d->integral || d->integer < 1 || d->integer > 4)
                return cfail(c, d, path, "player %zu's move is not a direction (1=N, 2=E, 3=S, 4=W)", k + 1);
            r->moves[2 * t + k] = (unsigned char)d->integer;
        }
    }
    return 0;
}

static int read_replay(checker *c, const jv *root, replay *r)
{
    const jv *v, *players, *moves = NULL;
    char shown[48];
    size_t i;
    if (root->type != JV_OBJECT)
        return cfail(c, root, "the replay", "expected a JSON object, found %s", type_name(root->type));
    if (!(v = need(c, root, "", "format", JV_STRING)))
        return -1;
    if (strcmp(v->string, REPLAY_FORMAT) != 0)
        return cfail(c, v, "format", "\"%s\" is not \"" REPLAY_FORMAT "\" (not a Tron replay)",
                     excerpt(v->string, shown, sizeof shown));
    if (!(v = need(c, root, "", "version", JV_NUMBER)))
        return -1;
    if (!v->integral || v->integer != REPLAY_VERSION)
        return cfail(c, v, "version", "unsupported version (this ariadne reads version %d)", REPLAY_VERSION);
    if (read_map(c, root, r))
        return -1;
    if (!(players = need(c, root, "", "players", JV_ARRAY)))
        return -1;
    if (players->count != 2)
        return cfail(c, players, "players", "expected two players, found %zu", players->count);
    for (i = 0; i < 2; i++) {
        char path[32];
        snprintf(path, sizeof path, "players[%zu]", i);
        if (players->items[i].type != JV_STRING)
            return cfail(c, &players->items[i], path, "expected a string, found %s",
                         type_name(players->items[i].type));
        r->players[i] = ar_xstrdup(players->items[i].string);
    }
    if (read_moves(c, root, r, &moves))
        return -1;
    if (!(v = need(c, root, "", "result", JV_STRING)))
        return -1;
    if (strcmp(v->string, "1") == 0)
        r->result = 1;
    else if (strcmp(v->string, "2") == 0)
        r->result = 2;
    else if (strcmp(v->string, "draw") == 0)
        r->result = 0;
    else
        return cfail(c, v, "result", "\"%s\" is not \"1\", \"2\" or \"draw\"",
                     excerpt(v->string, shown, sizeof shown));
    if (!(v = need(c, root, "", "reason", JV_STRING)))
        return -1;
    r->reason = ar_xstrdup(v->string);
    return check_rules(c, moves, r);
}

int replay_read(const char *text, size_t len, replay *r, char *err, size_t err_size)
{
    jv root;
    checker c;
    int rc;
    memset(r, 0, sizeof *r);
    if (err_size)
        err[0] = '\0';
    if (json_parse(text, len, &root, err, err_size))
        return -1;
    c.text = text;
    c.err = err;
    c.err_size = err_size;
    rc = read_replay(&c, &root, r);
    jv_free(&root);
    if (rc)
        replay_free(r);
    return rc;
}

void replay_free(replay *r)
{
    free(r->map_name);
    free(r->cells);
    free(r->players[0]);
    free(r->players[1]);
    free(r->moves);
    free(r->reason);
    memset(r, 0, sizeof *r);
}

void replay_board(const replay *r, size_t turn, char *out, size_t out_size, replay_turn *info)
{
    size_t w = (size_t)r->width, h = (size_t)r->height, i, row;
    sim s;
    if (info)
        memset(info, 0, sizeof *info);
    if (out_size < h * (w + 1) + 1) {
        if (out_size)
            out[0] = '\0';
        return;
    }
    if (turn > r->turns)
        turn = r->turns;
    sim_start(r, &s);
    for (i = 0; i < turn; i++)
        sim_step(r, &s, i);
    for (i = 0; i < 2; i++) {
        if (!s.last.crashed[i])
            s.grid[s.head[i]] = (char)('1' + i);
        else if (!s.last.off_grid[i])
            s.grid[s.head[i]] = 'X';
    }
    for (row = 0; row < h; row++) {
        memcpy(out + row * (w + 1), s.grid + row * w, w);
        out[row * (w + 1) + w] = '\n';
    }
    out[h * (w + 1)] = '\0';
    if (info)
        *info = s.last;
    free(s.grid);
}

const char *replay_result_name(int result)
{
    return result == 1 ? "player 1 wins" : result == 2 ? "player 2 wins" : "draw";
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                   */

static void quote(buf *b, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), i = 0;
    char esc[32];
    buf_addc(b, '"');
    while (i < n) {
        unsigned long cp;
        size_t len = utf8_decode(u + i, n - i, &cp);
        if (len == 0) { /* not reached for text from replay_read; keep the output valid */
            cp = 0xfffd;
            len = 1;
        }
        if (cp == '"')
            buf_add(b, "\\\"", 2);
        else if (cp == '\\')
            buf_add(b, "\\\\", 2);
        else if (cp >= 0x20 && cp < 0x7f && cp != '<' && cp != '>' && cp != '&')
            buf_addc(b, (char)cp);
        else if (cp < 0x10000) {
            snprintf(esc, sizeof esc, "\\u%04lx", cp);
            buf_add(b, esc, 6);
        } else {
            cp -= 0x10000;
            snprintf(esc, sizeof esc, "\\u%04lx\\u%04lx", 0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
            buf_add(b, esc, 12);
        }
        i += len;
    }
    buf_addc(b, '"');
}

char *replay_write_json(const replay *r, size_t *len)
{
    buf b = {NULL, 0, 0};
    char num[64], *row = ar_xmalloc((size_t)r->width + 1);
    size_t i;
    int y;
    buf_adds(&b, "{\"format\":\"" REPLAY_FORMAT "\",\"version\":1,\"map\":{\"name\":");
    quote(&b, r->map_name);
    snprintf(num, sizeof num, ",\"width\":%d,\"height\":%d,\"rows\":[", r->width, r->height);
    buf_adds(&b, num);
    for (y = 0; y < r->height; y++) {
        memcpy(row, r->cells + (size_t)y * (size_t)r->width, (size_t)r->width);
        row[r->width] = '\0';
        if (y)
            buf_addc(&b, ',');
        quote(&b, row);
    }
    buf_adds(&b, "]},\"players\":[");
    quote(&b, r->players[0]);
    buf_addc(&b, ',');
    quote(&b, r->players[1]);
    buf_adds(&b, "],\"moves\":[");
    for (i = 0; i < r->turns; i++) {
        snprintf(num, sizeof num, "%s[%d,%d]", i ? "," : "", r->moves[2 * i], r->moves[2 * i + 1]);
        buf_adds(&b, num);
    }
    buf_adds(&b, "],\"result\":");
    quote(&b, r->result == 0 ? "draw" : r->result == 1 ? "1" : "2");
    buf_adds(&b, ",\"reason\":");
    quote(&b, r->reason);
    buf_addc(&b, '}');
    free(row);
    if (len)
        *len = b.len;
    return b.data;
}
