/* csp_text.c — the text format of a model, so a problem can be stated
 * without writing C. One statement a line (or several separated by ';'),
 * '#' to the end of a line is a comment:
 *
 *   var x y z : 1..9          variables with a domain (':' or 'in')
 *   var q[8] : 1..8           an array: q[1] .. q[8]
 *   var c : {1, 3..5, 9}      a domain as a set of values and ranges
 *   alldiff x y z             all different; a term may carry an offset
 *   alldiff q                 (q[1]+1, q[2]-2), a bare array name means all of it
 *   2*x + y - 3 = z           linear: sums of k*VAR, VAR and constants on both
 *   x != y                    sides of = != <= >= < >
 *   table x y : 1 2, 2 3      the allowed pairs of two variables
 *   forbid x y : 1 1, 2 2     the forbidden pairs
 *   interchangeable x y z     their values are interchangeable (symmetry)
 *
 * Names are letters, digits and '_' (not starting with a digit); the
 * statement words are reserved. Every error names the line and what is
 * wrong, and nothing of a bad model is kept. Lines are read in one pass and
 * names looked up in a hash table, so long models parse in linear time. */
#include "csp_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE_SHOWN 40
#define TEXT_MAX_VARS (1u << 20)
#define TEXT_MAX_VALUES ((uint64_t)1 << 27)

typedef struct array_decl { char *name; int first; int32_t len; } array_decl;

typedef struct parser {
    ar_csp *m;
    const char *p, *end; /* the current line */
    const char *line_start;
    uint64_t values;     /* the domains' sizes so far */
    unsigned line;
    ar_error *err;
    /* names -> variable (open addressing on a power-of-two table) */
    int *slots;
    size_t nslots;
    array_decl *arrays;
    size_t narrays, cap_arrays;
    /* scratch for a statement's terms */
    int *vars;
    int64_t *coefs;
    int32_t *offs;
    size_t nterms, cap_terms;
} parser;

static ar_status fail(parser *ps, const char *fmt, const char *what)
{
    return ar_error_set(ps->err, AR_ERR_INPUT, fmt, ps->line, what);
}

/* A library error about the current line, prefixed with its number. */
static ar_status on_line(parser *ps, ar_status st)
{
    char msg[AR_ERROR_MESSAGE_MAX];
    snprintf(msg, sizeof msg, "%s", ps->err->message);
    return ar_error_set(ps->err, st == AR_ERR_MEMORY ? st : AR_ERR_INPUT, "line %u: %s", ps->line, msg);
}

static uint64_t hash_name(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static int lookup(const parser *ps, const char *name, size_t len)
{
    size_t i;
    if (!ps->nslots)
        return -1;
    for (i = (size_t)hash_name(name, len) & (ps->nslots - 1);; i = (i + 1) & (ps->nslots - 1)) {
        int v = ps->slots[i];
        const char *n;
        if (v < 0)
            return -1;
        n = ps->m->vars[v].name;
        if (strlen(n) == len && memcmp(n, name, len) == 0)
            return v;
    }
}

static ar_status remember(parser *ps, int v)
{
    const char *n = ps->m->vars[v].name;
    size_t i;
    if (2 * (ps->m->nvars + 1) > ps->nslots) { /* rehash at half full */
        size_t cap = ps->nslots ? 2 * ps->nslots : 64, k;
        int *slots = malloc(cap * sizeof *slots);
        if (!slots)
            return ar_error_set(ps->err, AR_ERR_MEMORY, "out of memory reading the model");
        for (k = 0; k < cap; k++)
            slots[k] = -1;
        for (k = 0; k < ps->nslots; k++)
            if (ps->slots[k] >= 0) {
                const char *o = ps->m->vars[ps->slots[k]].name;
                for (i = (size_t)hash_name(o, strlen(o)) & (cap - 1); slots[i] >= 0; i = (i + 1) & (cap - 1))
                    ;
                slots[i] = ps->slots[k];
            }
        free(ps->slots);
        ps->slots = slots, ps->nslots = cap;
    }
    for (i = (size_t)hash_name(n, strlen(n)) & (ps->nslots - 1); ps->slots[i] >= 0; i = (i + 1) & (ps->nslots - 1))
        ;
    ps->slots[i] = v;
    return AR_OK;
}

/* ------------------------------------------------------------- lexing -- */

static void skip_space(parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r'))
        ps->p++;
}

static int at_end(parser *ps)
{
    skip_space(ps);
    return ps->p >= ps->end;
}

static int accept(parser *ps, const char *tok)
{
    size_t len = strlen(tok);
    skip_space(ps);
    if ((size_t)(ps->end - ps->p) >= len && memcmp(ps->p, tok, len) == 0) {
        ps->p += len;
        return 1;
    }
    return 0;
}

static int is_name_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static int is_name_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* A name: its start and length (0 when there is none here). */
static size_t read_name(parser *ps, const char **start)
{
    skip_space(ps);
    *start = ps->p;
    if (ps->p >= ps->end || !is_name_start(*ps->p))
        return 0;
    while (ps->p < ps->end && is_name_char(*ps->p))
        ps->p++;
    return (size_t)(ps->p - *start);
}

/* A whole number with an optional sign, within -2^62..2^62. */
static int read_int(parser *ps, int64_t *out)
{
    int neg = 0;
    int64_t v = 0;
    const char *q;
    skip_space(ps);
    q = ps->p;
    if (q < ps->end && (*q == '-' || *q == '+'))
        neg = *q++ == '-';
    if (q >= ps->end || !isdigit((unsigned char)*q))
        return 0;
    while (q < ps->end && isdigit((unsigned char)*q)) {
        if (v > ((int64_t)1 << 62) / 10)
            return -1;
        v = v * 10 + (*q++ - '0');
    }
    ps->p = q;
    *out = neg ? -v : v;
    return 1;
}

static const char *shown(parser *ps, const char *at, char *buf, size_t size)
{
    size_t len = 0;
    while (at + len < ps->end && len < MAX_LINE_SHOWN && at[len] != '\n')
        len++;
    snprintf(buf, size, "%.*s", (int)len, at);
    while (len && (buf[len - 1] == ' ' || buf[len - 1] == '\t' || buf[len - 1] == '\r'))
        buf[--len] = '\0';
    return buf;
}

static int reserved(const char *s, size_t len)
{
    static const char *const words[] = {"var", "alldiff", "table", "forbid", "interchangeable", "in"};
    size_t k;
    for (k = 0; k < sizeof words / sizeof *words; k++)
        if (strlen(words[k]) == len && memcmp(words[k], s, len) == 0)
            return 1;
    return 0;
}

/* A variable reference: NAME or NAME[INDEX]; -2 when the name is an
 * array given whole (its index in ps->arrays goes to *array). */
static ar_status read_var(parser *ps, int *var, int *array)
{
    const char *start, *at;
    size_t len = read_name(ps, &start);
    char buf[MAX_LINE_SHOWN + 8], name[96];
    int64_t idx;
    size_t k;
    *array = -1;
    if (!len)
        return fail(ps, "line %u: expected a variable at '%s'", shown(ps, start, buf, sizeof buf));
    if (len > 64)
        return fail(ps, "line %u: the name '%s...' is longer than 64 characters", shown(ps, start, buf, 24));
    at = ps->p;
    if (ps->p < ps->end && *ps->p == '[') {
        ps->p++;
        if (read_int(ps, &idx) != 1 || !accept(ps, "]"))
            return fail(ps, "line %u: expected NAME[INDEX] at '%s'", shown(ps, start, buf, sizeof buf));
        snprintf(name, sizeof name, "%.*s[%lld]", (int)len, start, (long long)idx);
        if ((*var = lookup(ps, name, strlen(name))) < 0)
            return fail(ps, "line %u: unknown variable '%s'", name);
        return AR_OK;
    }
    (void)at;
    if ((*var = lookup(ps, start, len)) >= 0)
        return AR_OK;
    for (k = 0; k < ps->narrays; k++)
        if (strlen(ps->arrays[k].name) == len && memcmp(ps->arrays[k].name, start, len) == 0) {
            *array = (int)k, *var = -2;
            return AR_OK;
        }
    snprintf(name, sizeof name, "%.*s", (int)len, start);
    return fail(ps, "line %u: unknown variable '%s'", name);
}

static ar_status add_term(parser *ps, int var, int64_t coef, int32_t off)
{
    if (ps->nterms == ps->cap_terms) {
        size_t cap = ps->cap_terms ? 2 * ps->cap_terms : 64;
        int *v = realloc(ps->vars, cap * sizeof *v);
        int64_t *c;
        int32_t *o;
        if (v)
            ps->vars = v;
        c = v ? realloc(ps->coefs, cap * sizeof *c) : NULL;
        if (c)
            ps->coefs = c;
        o = c ? realloc(ps->offs, cap * sizeof *o) : NULL;
        if (!o)
            return ar_error_set(ps->err, AR_ERR_MEMORY, "out of memory reading the model");
        ps->offs = o, ps->cap_terms = cap;
    }
    ps->vars[ps->nterms] = var, ps->coefs[ps->nterms] = coef, ps->offs[ps->nterms] = off;
    ps->nterms++;
    return AR_OK;
}

/* --------------------------------------------------------- statements -- */

/* DOMAIN: lo..hi, or {items}, or items; items are values and ranges. The
 * values go to a list of ranges sorted by their lower ends. */
typedef struct range { int64_t lo, hi; } range;

static int by_lo(const void *a, const void *b)
{
    const range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static ar_status read_domain(parser *ps, range **out, size_t *count)
{
    range *r = NULL;
    size_t n = 0, cap = 0;
    int braces = accept(ps, "{");
    char buf[MAX_LINE_SHOWN + 8];
    for (;;) {
        int64_t lo, hi;
        const char *at;
        skip_space(ps);
        at = ps->p;
        if (read_int(ps, &lo) != 1)
            return free(r), fail(ps, "line %u: expected a value or a range lo..hi at '%s'", shown(ps, at, buf, sizeof buf));
        hi = lo;
        if (accept(ps, "..") && read_int(ps, &hi) != 1)
            return free(r), fail(ps, "line %u: expected a range lo..hi at '%s'", shown(ps, at, buf, sizeof buf));
        if (lo < -(1 << 30) || hi > (1 << 30))
            return free(r), fail(ps, "line %u: '%s': values are limited to -2^30..2^30", shown(ps, at, buf, sizeof buf));
        if (lo > hi)
            return free(r), fail(ps, "line %u: '%s' is an empty range", shown(ps, at, buf, sizeof buf));
        if (n == cap) {
            range *g = realloc(r, (cap = cap ? 2 * cap : 8) * sizeof *g);
            if (!g)
                return free(r), ar_error_set(ps->err, AR_ERR_MEMORY, "out of memory reading the model");
            r = g;
        }
        r[n].lo = lo, r[n].hi = hi, n++;
        if (!accept(ps, ","))
            break;
    }
    if (braces && !accept(ps, "}"))
        return free(r), fail(ps, "line %u: expected '}' at '%s'", shown(ps, ps->p, buf, sizeof buf));
    qsort(r, n, sizeof *r, by_lo);
    *out = r, *count = n;
    return AR_OK;
}

/* The names of a var statement, then its domain. */
static ar_status statement_var(parser *ps)
{
    typedef struct pending { const char *name; size_t len; int64_t size; } pending;
    pending names[256];
    size_t nn = 0, k, nr = 0, i;
    range *r = NULL;
    int64_t lo, hi;
    char buf[MAX_LINE_SHOWN + 8];
    ar_status st;
    for (;;) {
        const char *start;
        size_t len = read_name(ps, &start);
        int64_t size = 0;
        if (!len)
            break;
        if (reserved(start, len)) {
            if (len == 2 && memcmp(start, "in", 2) == 0) {
                ps->p = start;
                break;
            }
            return fail(ps, "line %u: '%s' is a reserved word", shown(ps, start, buf, len + 1));
        }
        if (len > 64)
            return fail(ps, "line %u: the name '%s...' is longer than 64 characters", shown(ps, start, buf, 24));
        if (ps->p < ps->end && *ps->p == '[') {
            ps->p++;
            if (read_int(ps, &size) != 1 || size < 1 || size > AR_CSP_MAX_VARS || !accept(ps, "]"))
                return fail(ps, "line %u: expected an array NAME[SIZE] (size 1..2^22) at '%s'",
                            shown(ps, start, buf, sizeof buf));
        }
        if (nn == sizeof names / sizeof *names)
            return fail(ps, "line %u: more than 256 names in one statement (%s...)", shown(ps, start, buf, len + 1));
        names[nn].name = start, names[nn].len = len, names[nn].size = size, nn++;
        accept(ps, ",");
    }
    if (!nn)
        return fail(ps, "line %u: var needs names, e.g. 'var x y : 1..9' (at '%s')", shown(ps, ps->p, buf, sizeof buf));
    if (!accept(ps, ":") && !accept(ps, "in"))
        return fail(ps, "line %u: expected ':' and a domain after the names at '%s'", shown(ps, ps->p, buf, sizeof buf));
    if ((st = read_domain(ps, &r, &nr)) != AR_OK)
        return st;
    if (!at_end(ps))
        return free(r), fail(ps, "line %u: unexpected '%s' after the domain", shown(ps, ps->p, buf, sizeof buf));
    lo = r[0].lo, hi = r[0].hi;
    for (k = 1; k < nr; k++)
        lo = r[k].lo < lo ? r[k].lo : lo, hi = r[k].hi > hi ? r[k].hi : hi;
    if (hi - lo + 1 > AR_CSP_MAX_WIDTH)
        return free(r), fail(ps, "line %u: the domain spans more than 2^20 values (%s)", shown(ps, ps->line_start, buf, sizeof buf));
    for (k = 0; k < nn; k++) {
        int64_t count = names[k].size ? names[k].size : 1, j;
        ps->values += (uint64_t)count * (uint64_t)(hi - lo + 1);
        if (ps->m->nvars + (size_t)count > TEXT_MAX_VARS || ps->values > TEXT_MAX_VALUES)
            return free(r), fail(ps, "line %u: a model in text holds at most 2^20 variables and 2^27 values in "
                                     "all their domains (at %s)", shown(ps, names[k].name, buf, names[k].len + 1));
        if (names[k].size) {
            array_decl *a;
            for (i = 0; i < ps->narrays; i++)
                if (strlen(ps->arrays[i].name) == names[k].len && memcmp(ps->arrays[i].name, names[k].name, names[k].len) == 0)
                    return free(r), fail(ps, "line %u: the array '%s' is declared twice", shown(ps, names[k].name, buf, names[k].len + 1));
            if (ps->narrays == ps->cap_arrays) {
                size_t cap = ps->cap_arrays ? 2 * ps->cap_arrays : 8;
                array_decl *g = realloc(ps->arrays, cap * sizeof *g);
                if (!g)
                    return free(r), ar_error_set(ps->err, AR_ERR_MEMORY, "out of memory reading the model");
                ps->arrays = g, ps->cap_arrays = cap;
            }
            a = &ps->arrays[ps->narrays];
            if (!(a->name = malloc(names[k].len + 1)))
                return free(r), ar_error_set(ps->err, AR_ERR_MEMORY, "out of memory reading the model");
            memcpy(a->name, names[k].name, names[k].len);
            a->name[names[k].len] = '\0';
            a->first = (int)ps->m->nvars, a->len = (int32_t)names[k].size;
            ps->narrays++;
        }
        for (j = 0; j < count; j++) {
            char name[96];
            int v;
            int32_t val;
            if (names[k].size)
                snprintf(name, sizeof name, "%.*s[%lld]", (int)names[k].len, names[k].name, (long long)(j + 1));
            else
                snprintf(name, sizeof name, "%.*s", (int)names[k].len, names[k].name);
            if (lookup(ps, name, strlen(name)) >= 0)
                return free(r), fail(ps, "line %u: the variable '%s' is declared twice", name);
            if ((st = ar_csp_new_var(ps->m, (int32_t)lo, (int32_t)hi, name, &v, ps->err)) != AR_OK)
                return free(r), on_line(ps, st);
            if ((st = remember(ps, v)) != AR_OK)
                return free(r), st;
            /* the gaps between the ranges (sorted by their lower ends) */
            for (i = 0, val = (int32_t)lo; i < nr; i++) {
                for (; val < r[i].lo; val++)
                    if ((st = ar_csp_exclude(ps->m, v, val, ps->err)) != AR_OK)
                        return free(r), on_line(ps, st);
                if (r[i].hi + 1 > val)
                    val = (int32_t)(r[i].hi + 1);
            }
        }
    }
    free(r);
    return AR_OK;
}

/* Terms TERM (','? TERM)* where a term is VAR with an optional +k/-k
 * offset, or a whole array. */
static ar_status read_var_list(parser *ps, int offsets_allowed)
{
    ps->nterms = 0;
    while (!at_end(ps)) {
        int v, a;
        int64_t off = 0;
        ar_status st;
        char buf[MAX_LINE_SHOWN + 8];
        if ((st = read_var(ps, &v, &a)) != AR_OK)
            return st;
        skip_space(ps);
        if (offsets_allowed && ps->p < ps->end && (*ps->p == '+' || *ps->p == '-')) {
            const char *at = ps->p;
            if (read_int(ps, &off) != 1 || off < -(1 << 29) || off > (1 << 29))
                return fail(ps, "line %u: expected an offset +k or -k (|k| <= 2^29) at '%s'", shown(ps, at, buf, sizeof buf));
            if (a >= 0)
                return fail(ps, "line %u: an offset on a whole array ('%s')", shown(ps, at, buf, sizeof buf));
        }
        if (a >= 0) {
            int32_t j;
            for (j = 0; j < ps->arrays[a].len; j++)
                if ((st = add_term(ps, ps->arrays[a].first + j, 1, 0)) != AR_OK)
                    return st;
        } else if ((st = add_term(ps, v, 1, (int32_t)off)) != AR_OK) {
            return st;
        }
        accept(ps, ",");
    }
    return AR_OK;
}

/* One side of a linear constraint: [-] term (+|- term)*, terms k*VAR, VAR,
 * k; coefficients go into the terms with `sign`, constants into *constant. */
static ar_status read_sum(parser *ps, int sign, int64_t *constant)
{
    int first = 1;
    char buf[MAX_LINE_SHOWN + 8];
    for (;;) {
        int64_t s = 1, k = 1;
        int v, a;
        const char *at;
        ar_status st;
        skip_space(ps);
        at = ps->p;
        if (accept(ps, "-"))
            s = -1;
        else if (!accept(ps, "+") && !first)
            return AR_OK;
        skip_space(ps);
        if (ps->p < ps->end && isdigit((unsigned char)*ps->p)) {
            if (read_int(ps, &k) != 1 || k > ((int64_t)1 << 40))
                return fail(ps, "line %u: a number too large at '%s' (at most 2^40)", shown(ps, at, buf, sizeof buf));
            if (!accept(ps, "*")) {
                *constant += sign * s * k;
                first = 0;
                continue;
            }
        }
        skip_space(ps);
        if (ps->p >= ps->end || !is_name_start(*ps->p))
            return fail(ps, "line %u: expected a term (k*VAR, VAR or a number) at '%s'", shown(ps, ps->p, buf, sizeof buf));
        if ((st = read_var(ps, &v, &a)) != AR_OK)
            return st;
        if (a >= 0) {
            int32_t j;
            for (j = 0; j < ps->arrays[a].len; j++)
                if ((st = add_term(ps, ps->arrays[a].first + j, sign * s * k, 0)) != AR_OK)
                    return st;
        } else if ((st = add_term(ps, v, sign * s * k, 0)) != AR_OK) {
            return st;
        }
        first = 0;
    }
}

static ar_status statement_linear(parser *ps)
{
    static const struct { const char *tok; ar_csp_rel rel; int64_t shift; } rels[] = {
        {"!=", AR_CSP_NE, 0}, {"<=", AR_CSP_LE, 0}, {">=", AR_CSP_GE, 0}, {"==", AR_CSP_EQ, 0},
        {"=", AR_CSP_EQ, 0},  {"<", AR_CSP_LE, -1}, {">", AR_CSP_GE, 1}};
    int64_t left = 0, right = 0;
    size_t k;
    ar_status st;
    char buf[MAX_LINE_SHOWN + 8];
    const char *at;
    ps->nterms = 0;
    if ((st = read_sum(ps, 1, &left)) != AR_OK)
        return st;
    skip_space(ps);
    at = ps->p;
    for (k = 0; k < sizeof rels / sizeof *rels; k++)
        if (accept(ps, rels[k].tok))
            break;
    if (k == sizeof rels / sizeof *rels)
        return fail(ps, "line %u: expected = != <= >= < or > at '%s'", shown(ps, at, buf, sizeof buf));
    if ((st = read_sum(ps, -1, &right)) != AR_OK)
        return st;
    if (!at_end(ps))
        return fail(ps, "line %u: unexpected '%s'", shown(ps, ps->p, buf, sizeof buf));
    /* sum(left) + cl REL sum(right) + cr  ->  sum(left) - sum(right) REL cr - cl (+ shift for < >) */
    if ((st = ar_csp_linear(ps->m, ps->coefs, ps->vars, ps->nterms, rels[k].rel, -right - left + rels[k].shift,
                            ps->err)) != AR_OK)
        return on_line(ps, st);
    return AR_OK;
}

static ar_status statement_table(parser *ps, int allowed)
{
    int x, y, a;
    int32_t *pairs = NULL;
    size_t n = 0, cap = 0;
    ar_status st;
    char buf[MAX_LINE_SHOWN + 8];
    if ((st = read_var(ps, &x, &a)) != AR_OK)
        return st;
    if (a >= 0)
        return fail(ps, "line %u: a table takes two variables, not an array (%s)", ps->arrays[a].name);
    accept(ps, ",");
    if ((st = read_var(ps, &y, &a)) != AR_OK)
        return st;
    if (a >= 0)
        return fail(ps, "line %u: a table takes two variables, not an array (%s)", ps->arrays[a].name);
    if (x == y)
        return fail(ps, "line %u: a table takes two different variables (%s twice)", ps->m->vars[x].name);
    if (!accept(ps, ":"))
        return fail(ps, "line %u: expected ':' and the pairs at '%s'", shown(ps, ps->p, buf, sizeof buf));
    while (!at_end(ps)) {
        int64_t u, v;
        const char *at = ps->p;
        if (read_int(ps, &u) != 1 || read_int(ps, &v) != 1 || u < INT32_MIN || u > INT32_MAX || v < INT32_MIN ||
            v > INT32_MAX)
            return free(pairs), fail(ps, "line %u: expected pairs 'a b, c d' at '%s'", shown(ps, at, buf, sizeof buf));
        if (n == cap) {
            int32_t *g = realloc(pairs, (cap = cap ? 2 * cap : 16) * 2 * sizeof *g);
            if (!g)
                return free(pairs), ar_error_set(ps->err, AR_ERR_MEMORY, "out of memory reading the model");
            pairs = g;
        }
        pairs[2 * n] = (int32_t)u, pairs[2 * n + 1] = (int32_t)v, n++;
        if (!accept(ps, ",") && !at_end(ps))
            return free(pairs), fail(ps, "line %u: expected ',' between pairs at '%s'", shown(ps, ps->p, buf, sizeof buf));
    }
    st = ar_csp_table(ps->m, x, y, pairs, n, allowed, ps->err);
    free(pairs);
    return st == AR_OK ? AR_OK : on_line(ps, st);
}

static ar_status statement(parser *ps)
{
    const char *start, *save = ps->p;
    size_t len = read_name(ps, &start);
    ar_status st;
    char buf[MAX_LINE_SHOWN + 8];
    if (len == 3 && memcmp(start, "var", 3) == 0)
        return statement_var(ps);
    if ((len == 7 && memcmp(start, "alldiff", 7) == 0) ||
        (len == 15 && memcmp(start, "interchangeable", 15) == 0)) {
        int alldiff = len == 7;
        if ((st = read_var_list(ps, alldiff)) != AR_OK)
            return st;
        if (ps->nterms == 0)
            return fail(ps, "line %u: %s needs variables", alldiff ? "alldiff" : "interchangeable");
        st = alldiff ? ar_csp_alldiff(ps->m, ps->vars, ps->offs, ps->nterms, ps->err)
                     : ar_csp_interchangeable(ps->m, ps->vars, ps->nterms, ps->err);
        return st == AR_OK ? AR_OK : on_line(ps, st);
    }
    if (len == 5 && memcmp(start, "table", 5) == 0)
        return statement_table(ps, 1);
    if (len == 6 && memcmp(start, "forbid", 6) == 0)
        return statement_table(ps, 0);
    ps->p = save;
    skip_space(ps);
    if (ps->p < ps->end && (is_name_start(*ps->p) || isdigit((unsigned char)*ps->p) || *ps->p == '-' || *ps->p == '+'))
        return statement_linear(ps);
    return fail(ps, "line %u: expected var, alldiff, table, forbid, interchangeable or a linear constraint at '%s'",
                shown(ps, ps->p, buf, sizeof buf));
}

ar_status ar_csp_parse(const char *text, ar_csp **out, ar_error *err)
{
    parser ps;
    ar_error local;
    if (!err)
        err = &local;
    const char *p = text ? text : "";
    ar_status st = AR_OK;
    size_t k;
    *out = NULL;
    memset(&ps, 0, sizeof ps);
    ps.err = err;
    if ((st = ar_csp_create(&ps.m, err)) != AR_OK)
        return st;
    while (*p && st == AR_OK) {
        const char *eol = strchr(p, '\n'), *hash, *stmt, *stop;
        if (!eol)
            eol = p + strlen(p);
        ps.line++;
        hash = memchr(p, '#', (size_t)(eol - p));
        stop = hash ? hash : eol;
        for (stmt = p; stmt < stop && st == AR_OK;) { /* ';' separates statements on one line */
            const char *semi = memchr(stmt, ';', (size_t)(stop - stmt));
            ps.p = ps.line_start = stmt, ps.end = semi ? semi : stop;
            if (!at_end(&ps))
                st = statement(&ps);
            stmt = semi ? semi + 1 : stop;
        }
        p = *eol ? eol + 1 : eol;
    }
    if (st == AR_OK && ps.m->nvars == 0)
        st = ar_error_set(err, AR_ERR_INPUT, "the model declares no variables (a line 'var x y : 1..9' declares two)");
    for (k = 0; k < ps.narrays; k++)
        free(ps.arrays[k].name);
    free(ps.arrays), free(ps.slots), free(ps.vars), free(ps.coefs), free(ps.offs);
    if (st != AR_OK) {
        ar_csp_destroy(ps.m);
        if (st == AR_ERR_UNSOLVABLE)
            st = AR_ERR_INPUT; /* a domain emptied by its own declaration is a bad line */
        if (err)
            err->status = st;
        return st;
    }
    *out = ps.m;
    return AR_OK;
}
