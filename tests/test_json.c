/* test_json.c — the strict JSON reader (ariadne/json.h).
 *
 * Grammar: every kind of value parses to the right tree (numbers as integers
 * and doubles, strings with every escape and surrogate pairs, nested arrays
 * and objects, a byte-order mark); every kind of malformed text is refused
 * with one line that gives the line and column of the offending byte and says
 * what is wrong (trailing commas, leading zeros, comments, bad escapes, lone
 * surrogates, invalid UTF-8, control characters, duplicate members, text after
 * the value, a truncated file). Limits: depth, members per object and size
 * refuse with a message instead of exhausting the stack or memory, and a zero
 * limit means the default. The checking helpers name the member and its place.
 * The writer escapes for an HTML <script> element and reads back as the same
 * string. */
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/json.h"

/* Parses text (NUL-terminated here for convenience) and returns the status;
 * the message goes to err. */
static int parse(const char *text, ar_json *root, char *err, size_t size)
{
    return ar_json_parse(text, strlen(text), NULL, root, err, size);
}

/* text must be refused with a message starting with want_prefix and
 * containing want. */
static void refused(const char *text, const char *where, const char *want)
{
    ar_json root;
    char err[256];
    int rc = parse(text, &root, err, sizeof err);
    CHECK_MSG(rc == -1, "accepted: %s", text);
    if (rc != -1) {
        ar_json_free(&root);
        return;
    }
    CHECK_MSG(strncmp(err, where, strlen(where)) == 0, "'%s': message '%s' does not start with '%s'", text, err,
              where);
    CHECK_MSG(strstr(err, want) != NULL, "'%s': message '%s' lacks '%s'", text, err, want);
    CHECK_MSG(strchr(err, '\n') == NULL, "'%s': message on more than one line", text);
}

static void test_values(void)
{
    ar_json root;
    char err[256];
    const ar_json *v;
    CHECK(parse("{\"a\": [1, -2, 3.5, 1e3, -0, 9223372036854775807, 9223372036854775808], \"b\": true,"
                " \"c\": false, \"d\": null, \"e\": \"x\", \"f\": {}, \"g\": []}",
                &root, err, sizeof err) == 0);
    CHECK(root.type == AR_JSON_OBJECT);
    CHECK_EQ_U(root.count, 7);
    CHECK_STR(root.keys[0], "a");
    CHECK_STR(root.keys[6], "g");
    CHECK_EQ_U(root.offset, 0);
    v = ar_json_member(&root, "a");
    CHECK(v && v->type == AR_JSON_ARRAY && v->count == 7);
    if (v && v->count == 7) {
        CHECK(v->items[0].integral && v->items[0].integer == 1 && v->items[0].number == 1.0);
        CHECK(v->items[1].integral && v->items[1].integer == -2);
        CHECK(!v->items[2].integral && v->items[2].number == 3.5);
        CHECK(!v->items[3].integral && v->items[3].number == 1000.0);
        CHECK(v->items[4].integral && v->items[4].integer == 0);
        CHECK(v->items[5].integral && v->items[5].integer == 9223372036854775807LL);
        CHECK(!v->items[6].integral); /* too large for a long long: a number, but not an integer */
        CHECK(v->items[6].number > 9.2e18);
        CHECK_EQ_U(v->items[1].offset, 10); /* where "-2" starts */
    }
    v = ar_json_member(&root, "b");
    CHECK(v && v->type == AR_JSON_BOOL && v->boolean == 1);
    v = ar_json_member(&root, "c");
    CHECK(v && v->type == AR_JSON_BOOL && v->boolean == 0);
    v = ar_json_member(&root, "d");
    CHECK(v && v->type == AR_JSON_NULL);
    v = ar_json_member(&root, "e");
    CHECK(v && v->type == AR_JSON_STRING && v->length == 1 && strcmp(v->string, "x") == 0);
    v = ar_json_member(&root, "f");
    CHECK(v && v->type == AR_JSON_OBJECT && v->count == 0);
    CHECK(ar_json_member(&root, "nothing") == NULL);
    CHECK(ar_json_member(ar_json_member(&root, "a"), "x") == NULL); /* not an object */
    ar_json_free(&root);
    CHECK(root.type == AR_JSON_NULL && root.items == NULL);

    /* Any value may be the document; white space around it is fine. */
    CHECK(parse(" \r\n\t42 \n", &root, err, sizeof err) == 0 && root.type == AR_JSON_NUMBER && root.integer == 42);
    ar_json_free(&root);
    CHECK(parse("\"s\"", &root, err, sizeof err) == 0 && root.type == AR_JSON_STRING);
    ar_json_free(&root);
    /* A UTF-8 byte-order mark is skipped. */
    CHECK(parse("\xef\xbb\xbf[]", &root, err, sizeof err) == 0 && root.type == AR_JSON_ARRAY);
    ar_json_free(&root);
    /* The text need not be NUL-terminated: only len bytes are read. */
    CHECK(ar_json_parse("[1]]]]", 3, NULL, &root, err, sizeof err) == 0 && root.count == 1);
    ar_json_free(&root);
}

static void test_strings(void)
{
    ar_json root;
    char err[256];
    CHECK(parse("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\u20AC\\ud83d\\ude00 \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
                &root, err, sizeof err) == 0);
    CHECK_STR(root.string, "a\"b\\c/d\b\f\n\r\t\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
    CHECK_EQ_U(root.length, strlen(root.string));
    ar_json_free(&root);
}

static void test_errors(void)
{
    refused("", "line 1, column 1: ", "the file is empty");
    refused("  \n ", "line 2, column 2: ", "the file is empty");
    refused("hello", "line 1, column 1: ", "unexpected 'h' (expected a value)");
    refused("[1,]", "line 1, column 4: ", "trailing ',' before ']'");
    refused("{\"a\":1,}", "line 1, column 8: ", "trailing ',' before '}'");
    refused("[01]", "line 1, column 2: ", "leading zeros");
    refused("[-]", "line 1, column 2: ", "a digit after '-'");
    refused("[1.]", "line 1, column 2: ", "digits after its decimal point");
    refused("[1e+]", "line 1, column 2: ", "digits in its exponent");
    refused("{// c\n}", "line 1, column 2: ", "expected a member name in double quotes, found '/'");
    refused("{\"a\" 1}", "line 1, column 6: ", "expected ':' after the member name, found '1'");
    refused("[1 2]", "line 1, column 4: ", "expected ',' or ']' in an array, found '2'");
    refused("{\"a\":1 \"b\":2}", "line 1, column 8: ", "expected ',' or '}' in an object, found '\"'");
    refused("[1,\n 2,\n", "line 3, column 1: ", "unexpected end of the file (expected a value)");
    refused("[tru]", "line 1, column 2: ", "unexpected 't' (expected a value)");
    refused("[1] x", "line 1, column 5: ", "unexpected 'x' after the end of the JSON value");
    refused("\"abc", "line 1, column 1: ", "string not closed");
    refused("\"a\tb\"", "line 1, column 3: ", "control character 0x09 inside a string");
    refused("\"\\q\"", "line 1, column 2: ", "unknown escape '\\q'");
    refused("\"\\\x01\"", "line 1, column 2: ", "must start an escape");
    refused("\"\\u12x4\"", "line 1, column 2: ", "four hexadecimal digits");
    refused("\"\\udc00\"", "line 1, column 2: ", "\\udc00 is a lone low surrogate");
    refused("\"\\ud800x\"", "line 1, column 2: ", "(a high surrogate) is not followed by a low one");
    refused("\"\\ud800\\u0041\"", "line 1, column 2: ", "(a high surrogate) is not followed by a low one");
    refused("\"\\u0000\"", "line 1, column 2: ", "a NUL character");
    refused("\"\xff\"", "line 1, column 2: ", "invalid UTF-8 (byte 0xff)");
    refused("\"\xc0\xaf\"", "line 1, column 2: ", "invalid UTF-8"); /* overlong '/' */
    refused("\"\xed\xa0\x80\"", "line 1, column 2: ", "invalid UTF-8"); /* an encoded surrogate */
    refused("\"\xe2\x82\"", "line 1, column 2: ", "invalid UTF-8");     /* cut short */
    refused("{\"a\":1,\n \"a\":2}", "line 2, column 2: ", "duplicate member \"a\"");
    refused("\x01", "line 1, column 1: ", "unexpected byte 0x01");
}

static void test_limits(void)
{
    ar_json root;
    ar_json_limits lim;
    char err[256], *deep, *wide;
    size_t i, n;
    /* The default depth is 64: 64 nested arrays parse, 65 do not. */
    deep = malloc(200);
    for (n = 64, i = 0; i < n; i++)
        deep[i] = '[';
    for (i = 0; i < n; i++)
        deep[n + i] = ']';
    deep[2 * n] = '\0';
    CHECK(parse(deep, &root, err, sizeof err) == 0);
    ar_json_free(&root);
    memmove(deep + 1, deep, 2 * n + 1);
    deep[0] = '[';
    strcat(deep, "]");
    CHECK(parse(deep, &root, err, sizeof err) == -1);
    CHECK_STR(err, "line 1, column 65: nested more than 64 levels deep");
    memset(&lim, 0, sizeof lim);
    lim.max_depth = 2;
    CHECK(ar_json_parse("[[1]]", 5, &lim, &root, err, sizeof err) == 0);
    ar_json_free(&root);
    CHECK(ar_json_parse("[[[1]]]", 7, &lim, &root, err, sizeof err) == -1);
    CHECK_STR(err, "line 1, column 3: nested more than 2 levels deep");
    free(deep);
    /* A million '[' is a message, not a stack overflow. */
    n = 1000000;
    deep = malloc(n);
    memset(deep, '[', n);
    CHECK(ar_json_parse(deep, n, NULL, &root, err, sizeof err) == -1);
    CHECK(strstr(err, "nested more than 64 levels deep") != NULL);
    free(deep);

    /* Members of one object: 256 by default. */
    wide = malloc(300 * 12 + 8);
    for (n = 0; n < 2; n++) {
        size_t count = n ? 257 : 256, k = 0;
        wide[k++] = '{';
        for (i = 0; i < count; i++)
            k += (size_t)sprintf(wide + k, "%s\"m%zu\":%zu", i ? "," : "", i, i);
        wide[k++] = '}';
        wide[k] = '\0';
        CHECK(parse(wide, &root, err, sizeof err) == (n ? -1 : 0));
        if (n)
            CHECK(strstr(err, "more than 256 members in one object") != NULL);
        else
            ar_json_free(&root);
    }
    lim.max_depth = 0;
    lim.max_members = 2;
    CHECK(ar_json_parse("{\"a\":1,\"b\":2}", 13, &lim, &root, err, sizeof err) == 0);
    ar_json_free(&root);
    CHECK(ar_json_parse("{\"a\":1,\"b\":2,\"c\":3}", 19, &lim, &root, err, sizeof err) == -1);
    CHECK_STR(err, "line 1, column 14: more than 2 members in one object");
    free(wide);

    /* Size. */
    memset(&lim, 0, sizeof lim);
    lim.max_bytes = 8;
    CHECK(ar_json_parse("[1,2,3]", 7, &lim, &root, err, sizeof err) == 0);
    ar_json_free(&root);
    CHECK(ar_json_parse("[1,2,3,4]", 9, &lim, &root, err, sizeof err) == -1);
    CHECK_STR(err, "line 1, column 9: the text goes on past the limit of 8 bytes");

    /* A small message buffer is cut, not overrun; a zero-sized one is left alone. */
    CHECK(parse("[1,]", &root, err, 12) == -1);
    CHECK_STR(err, "line 1, col");
    CHECK(parse("[1,]", &root, NULL, 0) == -1);
}

static void test_where_and_excerpt(void)
{
    size_t line, column;
    char out[64];
    const char *text = "ab\ncd\n\nef";
    ar_json_where(text, 0, &line, &column);
    CHECK(line == 1 && column == 1);
    ar_json_where(text, 4, &line, &column);
    CHECK(line == 2 && column == 2);
    ar_json_where(text, 7, &line, &column);
    CHECK(line == 4 && column == 1);
    CHECK_STR(ar_json_excerpt("short", out, sizeof out), "short");
    CHECK_STR(ar_json_excerpt("a\tb\x7f", out, sizeof out), "a?b?");
    CHECK_STR(ar_json_excerpt("0123456789012345678901234567890123456789XYZ", out, sizeof out),
              "0123456789012345678901234567890123456789...");
    /* Cut before a character that does not fit whole: 39 ASCII bytes, then é. */
    CHECK_STR(ar_json_excerpt("012345678901234567890123456789012345678\xc3\xa9zz", out, sizeof out),
              "012345678901234567890123456789012345678...");
    CHECK_STR(ar_json_excerpt("0123456789", out, 8), "0123...");
}

static void test_checks(void)
{
    const char *text = "{\"name\": \"u\",\n \"size\": 12,\n \"big\": 1.5,\n \"rows\": [\"#\", 3]}";
    ar_json root;
    ar_json_check c;
    char err[256];
    long long x = 0;
    CHECK(parse(text, &root, err, sizeof err) == 0);
    c.text = text;
    c.document = "the file";
    c.err = err;
    c.err_size = sizeof err;
    CHECK(ar_json_need(&c, &root, "", "name", AR_JSON_STRING) != NULL);
    CHECK(ar_json_need(&c, &root, "", "nope", AR_JSON_STRING) == NULL);
    CHECK_STR(err, "the file (line 1, column 1): missing member \"nope\"");
    CHECK(ar_json_need(&c, &root, "", "name", AR_JSON_ARRAY) == NULL);
    CHECK_STR(err, "name (line 1, column 10): expected an array, found a string");
    CHECK(ar_json_need_int(&c, &root, "", "size", 1, 100, &x) == 0 && x == 12);
    CHECK(ar_json_need_int(&c, &root, "", "size", 1, 10, &x) == -1);
    CHECK_STR(err, "size (line 2, column 10): expected a whole number from 1 to 10");
    CHECK(ar_json_need_int(&c, &root, "", "big", 1, 10, &x) == -1);
    CHECK_STR(err, "big (line 3, column 9): expected a whole number from 1 to 10");
    {
        const ar_json *rows = ar_json_need(&c, &root, "", "rows", AR_JSON_ARRAY);
        CHECK(rows && rows->count == 2);
        if (rows && rows->count == 2) {
            CHECK(ar_json_fail(&c, &rows->items[1], "rows[1]", "expected %s, found %s",
                               ar_json_type_name(AR_JSON_STRING), ar_json_type_name(rows->items[1].type)) == -1);
            CHECK_STR(err, "rows[1] (line 4, column 16): expected a string, found a number");
            /* A missing member of a member is said of that member's path. */
            CHECK(ar_json_need(&c, rows, "rows", "x", AR_JSON_NULL) == NULL);
            CHECK_STR(err, "rows (line 4, column 10): missing member \"x\"");
        }
    }
    CHECK(ar_json_fail(&c, NULL, "result", "wrong") == -1);
    CHECK_STR(err, "result: wrong");
    CHECK_STR(ar_json_type_name(AR_JSON_NULL), "null");
    CHECK_STR(ar_json_type_name(AR_JSON_BOOL), "true/false");
    CHECK_STR(ar_json_type_name(AR_JSON_OBJECT), "an object");
    ar_json_free(&root);
}

static void test_escape(void)
{
    static const char *const samples[] = {
        "plain", "", "quote \" backslash \\ slash /", "</script><script>alert(1)</script> & more",
        "tab\tnewline\n\x01", "\xc3\xa9\xe2\x80\xa8\xe2\x80\xa9\xf0\x9f\x98\x80", NULL};
    char out[256];
    size_t i, n;
    ar_json root;
    char err[256];
    CHECK_EQ_U(ar_json_escape("a<b", out, sizeof out), 10);
    CHECK_STR(out, "\"a\\u003cb\"");
    CHECK_STR((ar_json_escape("\xf0\x9f\x98\x80", out, sizeof out), out), "\"\\ud83d\\ude00\"");
    CHECK_STR((ar_json_escape("\xe2\x80\xa8", out, sizeof out), out), "\"\\u2028\"");
    CHECK_STR((ar_json_escape("x\xffy", out, sizeof out), out), "\"x\\ufffdy\""); /* invalid UTF-8 */
    /* The length is reported whatever fits; what fits is NUL-terminated. */
    CHECK_EQ_U(ar_json_escape("abcdef", NULL, 0), 8);
    CHECK_EQ_U(ar_json_escape("abcdef", out, 4), 8);
    CHECK_STR(out, "\"ab");
    for (i = 0; samples[i]; i++) {
        n = ar_json_escape(samples[i], out, sizeof out);
        CHECK(n < sizeof out && strlen(out) == n);
        CHECK(strpbrk(out, "<>&\n") == NULL);
        for (size_t k = 0; k < n; k++)
            CHECK((unsigned char)out[k] >= 0x20 && (unsigned char)out[k] < 0x7f);
        CHECK(ar_json_parse(out, n, NULL, &root, err, sizeof err) == 0);
        CHECK(root.type == AR_JSON_STRING && strcmp(root.string, samples[i]) == 0);
        ar_json_free(&root);
    }
}

int main(void)
{
    test_values();
    test_strings();
    test_errors();
    test_limits();
    test_where_and_excerpt();
    test_checks();
    test_escape();
    return check_report("test_json");
}
