/* json.c — the strict JSON reader of json.h: a recursive-descent parser that
 * builds a tree of values, the helpers a format's checker walks that tree
 * with, and the script-safe string writer.
 *
 * The parser follows RFC 8259 to the letter because the files it reads are
 * trusted afterwards (a replay that reads is a game that was played): what a
 * lenient parser would guess at — a comment, a trailing comma, a leading
 * zero, a lone surrogate, a duplicate member — is refused with the line and
 * column of the offending byte. Recursion is bounded by the depth limit, so a
 * file of a million '[' is an error message, not a stack overflow. */
#include "ariadne/json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"

typedef struct parser {
    const char *text;
    size_t len, pos;
    unsigned depth, max_depth;
    size_t max_members;
    char *err;
    size_t err_size;
} parser;

void ar_json_where(const char *text, size_t offset, size_t *line, size_t *column)
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

const char *ar_json_excerpt(const char *s, char *out, size_t size)
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
static int fail(parser *p, size_t offset, const char *fmt, ...)
{
    size_t line, column;
    int n;
    va_list ap;
    ar_json_where(p->text, offset, &line, &column);
    n = snprintf(p->err, p->err_size, "line %zu, column %zu: ", line, column);
    if (n >= 0 && (size_t)n < p->err_size) {
        va_start(ap, fmt);
        vsnprintf(p->err + n, p->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void ar_json_free(ar_json *v)
{
    size_t i;
    if (v->type == AR_JSON_ARRAY || v->type == AR_JSON_OBJECT) {
        for (i = 0; i < v->count; i++) {
            ar_json_free(&v->items[i]);
            if (v->keys)
                free(v->keys[i]);
        }
        free(v->items);
        free(v->keys);
    }
    free(v->string);
    memset(v, 0, sizeof *v);
}

static void skip_ws(parser *p)
{
    while (p->pos < p->len) {
        char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        p->pos++;
    }
}

/* A printable description of the byte at pos for messages. */
static const char *describe_at(const parser *p, char *buf, size_t size)
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

static int parse_value(parser *p, ar_json *out);

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
    if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10ffff)) || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return len;
}

/* A growing NUL-terminated string: the value of a string being read. */
typedef struct text_buf {
    char *data;
    size_t len, cap;
} text_buf;

static void buf_add(text_buf *b, const char *s, size_t n)
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

static void buf_addc(text_buf *b, char c) { buf_add(b, &c, 1); }

static void buf_add_utf8(text_buf *b, unsigned long cp)
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

static int hex4(parser *p, unsigned long *value)
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
            return fail(p, p->pos - 2, "\\u must be followed by four hexadecimal digits");
        v = v * 16 + (unsigned long)d;
    }
    p->pos += 4;
    *value = v;
    return 0;
}

/* The escape after a '\' (p->pos at the backslash), appended to b. */
static int parse_escape(parser *p, text_buf *b)
{
    char e = p->pos + 1 < p->len ? p->text[p->pos + 1] : '\0';
    unsigned long cp, lo;
    p->pos += 2;
    switch (e) {
    case '"': buf_addc(b, '"'); return 0;
    case '\\': buf_addc(b, '\\'); return 0;
    case '/': buf_addc(b, '/'); return 0;
    case 'b': buf_addc(b, '\b'); return 0;
    case 'f': buf_addc(b, '\f'); return 0;
    case 'n': buf_addc(b, '\n'); return 0;
    case 'r': buf_addc(b, '\r'); return 0;
    case 't': buf_addc(b, '\t'); return 0;
    case 'u': break;
    default:
        if (e >= 0x21 && e < 0x7f)
            return fail(p, p->pos - 2, "unknown escape '\\%c' in a string", e);
        return fail(p, p->pos - 2, "a '\\' in a string must start an escape such as \\n or \\u00e9");
    }
    if (hex4(p, &cp))
        return -1;
    if (cp >= 0xdc00 && cp <= 0xdfff)
        return fail(p, p->pos - 6, "\\u%04lx is a lone low surrogate", cp);
    if (cp >= 0xd800 && cp <= 0xdbff) {
        if (p->pos + 1 >= p->len || p->text[p->pos] != '\\' || p->text[p->pos + 1] != 'u')
            return fail(p, p->pos - 6, "\\u%04lx (a high surrogate) is not followed by a low one", cp);
        p->pos += 2;
        if (hex4(p, &lo))
            return -1;
        if (lo < 0xdc00 || lo > 0xdfff)
            return fail(p, p->pos - 12, "\\u%04lx (a high surrogate) is not followed by a low one", cp);
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
    }
    /* Strings are handed out NUL-terminated, so a NUL inside one would cut it short. */
    if (cp == 0)
        return fail(p, p->pos - 6, "\\u0000 (a NUL character) is not allowed in this format");
    buf_add_utf8(b, cp);
    return 0;
}

static int parse_string(parser *p, ar_json *out)
{
    text_buf b = {NULL, 0, 0};
    size_t start = p->pos;
    p->pos++; /* the opening quote */
    buf_add(&b, "", 0);
    for (;;) {
        unsigned char c;
        if (p->pos >= p->len) {
            free(b.data);
            return fail(p, start, "string not closed (no ending '\"')");
        }
        c = (unsigned char)p->text[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c < 0x20) {
            free(b.data);
            return fail(p, p->pos, "control character 0x%02x inside a string (write it as an escape)", c);
        }
        if (c == '\\') {
            if (parse_escape(p, &b)) {
                free(b.data);
                return -1;
            }
        } else if (c < 0x80) {
            buf_addc(&b, (char)c);
            p->pos++;
        } else {
            unsigned long cp;
            size_t n = utf8_decode((const unsigned char *)p->text + p->pos, p->len - p->pos, &cp);
            if (n == 0) {
                free(b.data);
                return fail(p, p->pos, "invalid UTF-8 (byte 0x%02x) inside a string", c);
            }
            buf_add(&b, p->text + p->pos, n);
            p->pos += n;
        }
    }
    out->type = AR_JSON_STRING;
    out->offset = start;
    out->string = b.data;
    out->length = b.len;
    return 0;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* The value of the number text[start, end) as a double. strtod needs a
 * NUL-terminated copy; it reads the '.' of JSON as long as the program has
 * not switched LC_NUMERIC to a locale with a decimal comma. */
static double number_value(const char *text, size_t start, size_t end)
{
    char small[64], *copy = small;
    size_t n = end - start;
    double x;
    if (n >= sizeof small)
        copy = ar_xmalloc(n + 1);
    memcpy(copy, text + start, n);
    copy[n] = '\0';
    x = strtod(copy, NULL);
    if (copy != small)
        free(copy);
    return x;
}

static int parse_number(parser *p, ar_json *out)
{
    size_t start = p->pos;
    int negative = 0, integral = 1, overflow = 0;
    unsigned long long magnitude = 0;
    if (p->text[p->pos] == '-') {
        negative = 1;
        p->pos++;
    }
    if (p->pos >= p->len || !is_digit(p->text[p->pos]))
        return fail(p, start, "a number needs a digit after '-'");
    if (p->text[p->pos] == '0' && p->pos + 1 < p->len && is_digit(p->text[p->pos + 1]))
        return fail(p, start, "numbers may not have leading zeros");
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
            return fail(p, start, "a number needs digits after its decimal point");
        while (p->pos < p->len && is_digit(p->text[p->pos]))
            p->pos++;
    }
    if (p->pos < p->len && (p->text[p->pos] == 'e' || p->text[p->pos] == 'E')) {
        integral = 0;
        p->pos++;
        if (p->pos < p->len && (p->text[p->pos] == '+' || p->text[p->pos] == '-'))
            p->pos++;
        if (p->pos >= p->len || !is_digit(p->text[p->pos]))
            return fail(p, start, "a number needs digits in its exponent");
        while (p->pos < p->len && is_digit(p->text[p->pos]))
            p->pos++;
    }
    out->type = AR_JSON_NUMBER;
    out->offset = start;
    out->integral = integral && !overflow;
    out->integer = negative ? -(long long)magnitude : (long long)magnitude;
    out->number = number_value(p->text, start, p->pos);
    return 0;
}

static int parse_literal(parser *p, ar_json *out, const char *word, ar_json_type type, int value)
{
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0) {
        char what[32];
        return fail(p, p->pos, "unexpected %s (expected a value)", describe_at(p, what, sizeof what));
    }
    out->type = type;
    out->offset = p->pos;
    out->boolean = value;
    p->pos += n;
    return 0;
}

/* After an element of an array or an object: a ',' that another element
 * must follow, or the closing bracket. Returns 0 to read the next element,
 * 1 when the container is closed, -1 on an error (reported). */
static int next_or_close(parser *p, char close, const char *container)
{
    char what[32];
    skip_ws(p);
    if (p->pos < p->len && p->text[p->pos] == ',') {
        p->pos++;
        skip_ws(p);
        if (p->pos < p->len && p->text[p->pos] == close)
            return fail(p, p->pos, "trailing ',' before '%c'", close);
        return 0;
    }
    if (p->pos < p->len && p->text[p->pos] == close) {
        p->pos++;
        return 1;
    }
    return fail(p, p->pos, "expected ',' or '%c' in %s, found %s", close, container,
                describe_at(p, what, sizeof what));
}

static int parse_array(parser *p, ar_json *out)
{
    size_t cap = 0;
    int rc;
    out->type = AR_JSON_ARRAY;
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
        if ((rc = next_or_close(p, ']', "an array")) != 0)
            return rc < 0 ? -1 : 0;
    }
}

static int parse_object(parser *p, ar_json *out)
{
    size_t cap = 0, i;
    int rc;
    char what[32];
    out->type = AR_JSON_OBJECT;
    out->offset = p->pos;
    p->pos++;
    skip_ws(p);
    if (p->pos < p->len && p->text[p->pos] == '}') {
        p->pos++;
        return 0;
    }
    for (;;) {
        ar_json key;
        memset(&key, 0, sizeof key);
        skip_ws(p);
        if (p->pos >= p->len || p->text[p->pos] != '"')
            return fail(p, p->pos, "expected a member name in double quotes, found %s",
                        describe_at(p, what, sizeof what));
        if (out->count == p->max_members)
            return fail(p, p->pos, "more than %zu members in one object", p->max_members);
        if (parse_string(p, &key))
            return -1;
        for (i = 0; i < out->count; i++)
            if (strcmp(out->keys[i], key.string) == 0) {
                char shown[48];
                fail(p, key.offset, "duplicate member \"%s\"", ar_json_excerpt(key.string, shown, sizeof shown));
                ar_json_free(&key);
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
            return fail(p, p->pos, "expected ':' after the member name, found %s", describe_at(p, what, sizeof what));
        p->pos++;
        skip_ws(p);
        if (parse_value(p, &out->items[out->count - 1]))
            return -1;
        if ((rc = next_or_close(p, '}', "an object")) != 0)
            return rc < 0 ? -1 : 0;
    }
}

static int parse_value(parser *p, ar_json *out)
{
    char what[32];
    int rc;
    if (p->pos >= p->len)
        return fail(p, p->pos, "unexpected end of the file (expected a value)");
    switch (p->text[p->pos]) {
    case '{':
    case '[':
        if (p->depth == p->max_depth)
            return fail(p, p->pos, "nested more than %u levels deep", p->max_depth);
        p->depth++;
        rc = p->text[p->pos] == '{' ? parse_object(p, out) : parse_array(p, out);
        p->depth--;
        return rc;
    case '"': return parse_string(p, out);
    case 't': return parse_literal(p, out, "true", AR_JSON_BOOL, 1);
    case 'f': return parse_literal(p, out, "false", AR_JSON_BOOL, 0);
    case 'n': return parse_literal(p, out, "null", AR_JSON_NULL, 0);
    default:
        if (p->text[p->pos] == '-' || is_digit(p->text[p->pos]))
            return parse_number(p, out);
        return fail(p, p->pos, "unexpected %s (expected a value)", describe_at(p, what, sizeof what));
    }
}

int ar_json_parse(const char *text, size_t len, const ar_json_limits *limits, ar_json *root, char *err,
                  size_t err_size)
{
    parser p;
    char what[32];
    memset(&p, 0, sizeof p);
    p.text = text;
    p.len = len;
    p.max_depth = limits && limits->max_depth ? limits->max_depth : AR_JSON_DEFAULT_DEPTH;
    p.max_members = limits && limits->max_members ? limits->max_members : AR_JSON_DEFAULT_MEMBERS;
    p.err = err;
    p.err_size = err_size;
    memset(root, 0, sizeof *root);
    if (err_size)
        err[0] = '\0';
    if (limits && limits->max_bytes && len > limits->max_bytes)
        return fail(&p, limits->max_bytes, "the text goes on past the limit of %zu bytes", limits->max_bytes);
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        p.pos = 3; /* RFC 8259 lets a reader ignore a byte-order mark */
    skip_ws(&p);
    if (p.pos >= len)
        return fail(&p, p.pos, "the file is empty (expected a JSON object)");
    if (parse_value(&p, root)) {
        ar_json_free(root);
        return -1;
    }
    skip_ws(&p);
    if (p.pos < len) {
        fail(&p, p.pos, "unexpected %s after the end of the JSON value", describe_at(&p, what, sizeof what));
        ar_json_free(root);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Looking things up and checking them                                       */

const ar_json *ar_json_member(const ar_json *object, const char *name)
{
    size_t i;
    if (!object || object->type != AR_JSON_OBJECT)
        return NULL;
    for (i = 0; i < object->count; i++)
        if (strcmp(object->keys[i], name) == 0)
            return &object->items[i];
    return NULL;
}

const char *ar_json_type_name(ar_json_type type)
{
    switch (type) {
    case AR_JSON_NULL: return "null";
    case AR_JSON_BOOL: return "true/false";
    case AR_JSON_NUMBER: return "a number";
    case AR_JSON_STRING: return "a string";
    case AR_JSON_ARRAY: return "an array";
    case AR_JSON_OBJECT: return "an object";
    }
    return "?";
}

int ar_json_fail(ar_json_check *c, const ar_json *at, const char *path, const char *fmt, ...)
{
    size_t line, column;
    int n;
    va_list ap;
    if (at) {
        ar_json_where(c->text, at->offset, &line, &column);
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

const ar_json *ar_json_need(ar_json_check *c, const ar_json *object, const char *path, const char *name,
                            ar_json_type type)
{
    const ar_json *v = ar_json_member(object, name);
    char full[256];
    snprintf(full, sizeof full, "%s%s%s", path, *path ? "." : "", name);
    if (!v) {
        ar_json_fail(c, object, path[0] ? path : c->document, "missing member \"%s\"", name);
        return NULL;
    }
    if (v->type != type) {
        ar_json_fail(c, v, full, "expected %s, found %s", ar_json_type_name(type), ar_json_type_name(v->type));
        return NULL;
    }
    return v;
}

int ar_json_need_int(ar_json_check *c, const ar_json *object, const char *path, const char *name, long long lo,
                     long long hi, long long *out)
{
    const ar_json *v = ar_json_need(c, object, path, name, AR_JSON_NUMBER);
    char full[256];
    if (!v)
        return -1;
    snprintf(full, sizeof full, "%s%s%s", path, *path ? "." : "", name);
    if (!v->integral || v->integer < lo || v->integer > hi)
        return ar_json_fail(c, v, full, "expected a whole number from %lld to %lld", lo, hi);
    *out = v->integer;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                   */

/* Appends len bytes of text to out (size bytes, NUL kept room for) at *k,
 * copying what fits and counting all of it. */
static void put(char *out, size_t size, size_t *k, const char *text, size_t len)
{
    if (size && *k < size - 1)
        memcpy(out + *k, text, len < size - 1 - *k ? len : size - 1 - *k);
    *k += len;
}

size_t ar_json_escape(const char *s, char *out, size_t size)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), i = 0, k = 0;
    char piece[32];
    put(out, size, &k, "\"", 1);
    while (i < n) {
        unsigned long cp;
        size_t len = utf8_decode(u + i, n - i, &cp);
        if (len == 0) { /* not valid UTF-8: keep the output valid */
            cp = 0xfffd;
            len = 1;
        }
        if (cp == '"')
            put(out, size, &k, "\\\"", 2);
        else if (cp == '\\')
            put(out, size, &k, "\\\\", 2);
        else if (cp >= 0x20 && cp < 0x7f && cp != '<' && cp != '>' && cp != '&') {
            piece[0] = (char)cp;
            put(out, size, &k, piece, 1);
        } else if (cp < 0x10000) {
            snprintf(piece, sizeof piece, "\\u%04lx", cp);
            put(out, size, &k, piece, 6);
        } else {
            cp -= 0x10000;
            snprintf(piece, sizeof piece, "\\u%04lx", 0xd800 + (cp >> 10));
            put(out, size, &k, piece, 6);
            snprintf(piece, sizeof piece, "\\u%04lx", 0xdc00 + (cp & 0x3ff));
            put(out, size, &k, piece, 6);
        }
        i += len;
    }
    put(out, size, &k, "\"", 1);
    if (size)
        out[k < size ? k : size - 1] = '\0';
    return k;
}
