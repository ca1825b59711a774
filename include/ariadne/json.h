/* ariadne/json.h — a small strict JSON reader (RFC 8259) for the files ariadne
 * reads back: the replay files of a game's matches (one format per game, each
 * checked by its game's folder) and any other file a tool writes as JSON and
 * must later trust.
 *
 * Reading is in two steps. ar_json_parse turns the text into a tree of values
 * or refuses it with one line "line L, column C: what is wrong"; it knows only
 * the grammar (no comments, no trailing commas, no leading zeros, valid UTF-8,
 * escapes and surrogate pairs checked, duplicate member names refused), and
 * limits the nesting depth, the members of one object and the size of the text,
 * so hostile input cannot exhaust the stack or the memory. A format's own
 * checks then walk the tree with the helpers below (ar_json_need, ...), whose
 * messages name both the member ("moves[12][1]") and where it is in the text.
 * Keeping the grammar and the format apart lets every format share the first
 * step and say exactly what its own rules expect in the second.
 *
 * Nothing here prints or exits; every call is reentrant. To write JSON for a
 * program see ar_json_string (tool.h); for text embedded in an HTML page,
 * ar_json_escape below. */
#ifndef ARIADNE_JSON_H
#define ARIADNE_JSON_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ar_json_type {
    AR_JSON_NULL,
    AR_JSON_BOOL,
    AR_JSON_NUMBER,
    AR_JSON_STRING,
    AR_JSON_ARRAY,
    AR_JSON_OBJECT
} ar_json_type;

/* One value of the tree. The tree owns its strings and arrays; release the
 * root with ar_json_free. */
typedef struct ar_json ar_json;
struct ar_json {
    ar_json_type type;
    size_t offset;      /* byte offset in the text where the value starts (for messages) */
    int boolean;        /* AR_JSON_BOOL: 0 or 1 */
    int integral;       /* AR_JSON_NUMBER written without fraction or exponent, fitting a long long */
    long long integer;  /* its value when integral */
    double number;      /* AR_JSON_NUMBER: the value (±HUGE_VAL beyond the range of a double) */
    char *string;       /* AR_JSON_STRING: UTF-8, NUL-terminated (a \u0000 escape is refused) */
    size_t length;      /* its length in bytes */
    ar_json *items;     /* AR_JSON_ARRAY: the elements; AR_JSON_OBJECT: the members' values */
    char **keys;        /* AR_JSON_OBJECT: the members' names, in the order of the text */
    size_t count;       /* elements or members */
};

/* Limits of one parse; a zero field takes the default. */
typedef struct ar_json_limits {
    unsigned max_depth; /* arrays and objects nested in each other (default 64) */
    size_t max_members; /* members of one object (default 256) */
    size_t max_bytes;   /* length of the text (default: no limit) */
} ar_json_limits;

#define AR_JSON_DEFAULT_DEPTH 64
#define AR_JSON_DEFAULT_MEMBERS 256

/* Parses len bytes of text (need not be NUL-terminated; a UTF-8 byte-order
 * mark at the start is skipped) into *root, which the caller releases with
 * ar_json_free. limits may be NULL (the defaults). Returns 0, or -1 with one
 * line in err: "line L, column C: ..." (lines and columns from 1, columns in
 * bytes). On failure *root holds nothing to free. */
int ar_json_parse(const char *text, size_t len, const ar_json_limits *limits, ar_json *root, char *err,
                  size_t err_size);
void ar_json_free(ar_json *value);

/* The value of the member called name of an object, or NULL (also when
 * object is not an object). */
const ar_json *ar_json_member(const ar_json *object, const char *name);
/* "null", "true/false", "a number", "a string", "an array", "an object". */
const char *ar_json_type_name(ar_json_type type);
/* The line and column (from 1) of a byte offset in text. */
void ar_json_where(const char *text, size_t offset, size_t *line, size_t *column);
/* A short copy of s for a one-line message: at most 40 bytes (cut before a
 * partial UTF-8 character, "..." appended when cut), control characters as
 * '?'. size must be at least 8. Returns out. */
const char *ar_json_excerpt(const char *s, char *out, size_t size);

/* ------------------------------------------------------------------------ */
/* Checking a tree against a format. Every helper that fails writes one line
 * "PATH (line L, column C): what is wrong" into check->err and returns -1 or
 * NULL, so a checker stops at the first problem with `return -1`. PATH names
 * the member as a program would reach it: "map.rows[2]", "moves[12][1]". */

typedef struct ar_json_check {
    const char *text;     /* the parsed text, for line and column */
    const char *document; /* what the root is called in messages ("the replay") */
    char *err;            /* where the message goes */
    size_t err_size;
} ar_json_check;

/* Writes "PATH (line L, column C): " and the message (or "PATH: " and the
 * message when at is NULL, for a problem of the whole document); returns -1. */
int ar_json_fail(ar_json_check *check, const ar_json *at, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The member called name of object, which is at path ("" for the root), if it
 * has the given type; otherwise NULL after "missing member \"NAME\"" (said of
 * path, or of check->document for the root) or "expected TYPE, found TYPE"
 * (said of path.name). */
const ar_json *ar_json_need(ar_json_check *check, const ar_json *object, const char *path, const char *name,
                            ar_json_type type);
/* The member called name of object as a whole number from lo to hi in *out;
 * otherwise -1 after a message ("expected a whole number from LO to HI"). */
int ar_json_need_int(ar_json_check *check, const ar_json *object, const char *path, const char *name, long long lo,
                     long long hi, long long *out);

/* ------------------------------------------------------------------------ */
/* Writing: s (UTF-8, NUL-terminated) as a JSON string literal that is also
 * safe inside an HTML <script> element: '"' and '\' escaped, and '<', '>',
 * '&', control characters and every non-ASCII character (so also U+2028 and
 * U+2029) as \u escapes (surrogate pairs beyond U+FFFF); an invalid UTF-8
 * byte becomes U+FFFD. Writes at most size bytes including a NUL (out may be
 * NULL when size is 0) and returns the length the whole literal needs, like
 * snprintf. ar_json_parse reads the literal back as s. */
size_t ar_json_escape(const char *s, char *out, size_t size);

#ifdef __cplusplus
}
#endif
#endif
