/* fuzz_json.c — libFuzzer target for the strict JSON reader (src/core/json.c).
 *
 * Any input: ar_json_parse either refuses it with one non-empty line that
 * starts "line L, column C: " and points inside the text (or just past its
 * end), or accepts it. An accepted tree is written back as JSON here (strings
 * through ar_json_escape, numbers with 17 significant digits), which must
 * parse again to the same tree: the same types, member names, strings,
 * booleans and numbers. Small limits are tried as well, so the depth and
 * member limits are reached. A failed check aborts, which libFuzzer reports.
 * Seeds: fuzz/corpus/json (and the replay corpus). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct out_buf {
    char *data;
    size_t len, cap;
} out_buf;

static void add(out_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->data = realloc(b->data, b->cap);
        if (!b->data)
            abort();
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void add_string(out_buf *b, const char *s)
{
    size_t n = ar_json_escape(s, NULL, 0);
    char *q = malloc(n + 1);
    if (!q)
        abort();
    if (ar_json_escape(s, q, n + 1) != n || strlen(q) != n)
        abort();
    add(b, q, n);
    free(q);
}

/* Writes v as JSON; returns 0 when it holds a number that JSON cannot write
 * back exactly (out of the range of a double). */
static int write_value(out_buf *b, const ar_json *v)
{
    char num[64];
    size_t i;
    int ok = 1;
    switch (v->type) {
    case AR_JSON_NULL: add(b, "null", 4); break;
    case AR_JSON_BOOL: add(b, v->boolean ? "true" : "false", v->boolean ? 4 : 5); break;
    case AR_JSON_NUMBER:
        if (!isfinite(v->number))
            return 0;
        if (v->integral)
            snprintf(num, sizeof num, "%lld", v->integer);
        else
            snprintf(num, sizeof num, "%.17g", v->number);
        add(b, num, strlen(num));
        break;
    case AR_JSON_STRING: add_string(b, v->string); break;
    case AR_JSON_ARRAY:
    case AR_JSON_OBJECT:
        add(b, v->type == AR_JSON_ARRAY ? "[" : "{", 1);
        for (i = 0; i < v->count && ok; i++) {
            if (i)
                add(b, ",", 1);
            if (v->type == AR_JSON_OBJECT) {
                add_string(b, v->keys[i]);
                add(b, ":", 1);
            }
            ok = write_value(b, &v->items[i]);
        }
        add(b, v->type == AR_JSON_ARRAY ? "]" : "}", 1);
        break;
    }
    return ok;
}

static int same(const ar_json *a, const ar_json *b)
{
    size_t i;
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case AR_JSON_NULL: return 1;
    case AR_JSON_BOOL: return a->boolean == b->boolean;
    case AR_JSON_NUMBER:
        if (a->integral && b->integral)
            return a->integer == b->integer;
        return a->number == b->number;
    case AR_JSON_STRING: return a->length == b->length && memcmp(a->string, b->string, a->length) == 0;
    case AR_JSON_ARRAY:
    case AR_JSON_OBJECT:
        if (a->count != b->count)
            return 0;
        for (i = 0; i < a->count; i++) {
            if (a->type == AR_JSON_OBJECT && strcmp(a->keys[i], b->keys[i]) != 0)
                return 0;
            if (!same(&a->items[i], &b->items[i]))
                return 0;
        }
        return 1;
    }
    return 0;
}

static void check_refusal(const char *err, size_t size)
{
    unsigned long line, column;
    if (err[0] == '\0' || strchr(err, '\n') || sscanf(err, "line %lu, column %lu: ", &line, &column) != 2)
        abort(); /* a refusal says where and why, on one line */
    if (line < 1 || column < 1 || line > size + 1 || column > size + 1)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    ar_json root, again;
    ar_json_limits small;
    char err[512], err2[512];
    if (size > 1 << 20)
        return 0;
    if (ar_json_parse(text, size, NULL, &root, err, sizeof err) != 0) {
        check_refusal(err, size);
    } else {
        out_buf b = {NULL, 0, 0};
        if (write_value(&b, &root)) {
            if (ar_json_parse(b.data, b.len, NULL, &again, err2, sizeof err2) != 0 || !same(&root, &again))
                abort(); /* what was read, written back, reads back the same */
            ar_json_free(&again);
        }
        free(b.data);
        ar_json_free(&root);
    }
    memset(&small, 0, sizeof small);
    small.max_depth = 3;
    small.max_members = 2;
    small.max_bytes = 64;
    if (ar_json_parse(text, size, &small, &root, err, sizeof err) != 0)
        check_refusal(err, size);
    else
        ar_json_free(&root);
    return 0;
}
