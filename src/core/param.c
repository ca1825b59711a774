/* param.c — a domain's own command-line options as name/value pairs
 * (param.h): lookup and whole-number parsing with one-line errors. */
#include "ariadne/param.h"

#include <ctype.h>
#include <stdio.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ar_param_get(const ar_param *params, size_t count, const char *name)
{
    size_t i;
    const char *found = NULL;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, name) == 0)
            found = params[i].value; /* the last occurrence wins, as in most tools */
    return found;
}

int ar_read_number(const char *text, double *out)
{
    char *end;
    double x;
    if (!text || !*text || isspace((unsigned char)*text))
        return 0;
    errno = 0;
    x = strtod(text, &end);
    if (*end || errno || !isfinite(x))
        return 0;
    *out = x;
    return 1;
}

ar_status ar_param_int(const ar_param *params, size_t count, const char *name, long min, long max,
                       long fallback, long *out, ar_error *err)
{
    const char *text = ar_param_get(params, count, name);
    char *end;
    long v;
    size_t i;
    int present = 0;
    for (i = 0; i < count; i++)
        if (strcmp(params[i].name, name) == 0)
            present = 1;
    if (!present) {
        *out = fallback;
        return AR_OK;
    }
    if (!text || !*text)
        return ar_error_set(err, AR_ERR_INPUT, "parameter %s needs a number", name);
    errno = 0;
    v = strtol(text, &end, 10);
    if (*end || isspace((unsigned char)text[0]) || end == text || (errno && errno != ERANGE))
        return ar_error_set(err, AR_ERR_INPUT, "parameter %s: '%.60s' is not a whole number", name, text);
    if (errno == ERANGE || v > max) /* a number of any size past the range is "too large", never garbage */
        return ar_error_set(err, AR_ERR_INPUT, "parameter %s: %.60s is too large (%ld..%ld)", name, text, min,
                            max);
    if (v < min)
        return ar_error_set(err, AR_ERR_INPUT, "parameter %s: %.60s is too small (%ld..%ld)", name, text, min,
                            max);
    *out = v;
    return AR_OK;
}


size_t ar_param_split(char *buf, ar_param *params, size_t max)
{
    size_t n = 0;
    char *save = NULL, *tok;
    for (tok = strtok_r(buf, " ", &save); tok && n < max; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        params[n].name = tok;
        params[n].value = NULL;
        if (eq) {
            *eq = '\0';
            params[n].value = eq + 1;
        }
        n++;
    }
    return n;
}

void ar_params_init(ar_params *p)
{
    memset(p, 0, sizeof *p);
}

void ar_params_text(ar_params *p, const char *name, const char *value)
{
    size_t n = value ? strlen(value) + 1 : 0;
    if (p->count == AR_PARAMS_MAX || p->used + n > sizeof p->text) {
        p->overflow = 1;
        return;
    }
    p->items[p->count].name = name;
    p->items[p->count].value = NULL;
    if (value) {
        memcpy(p->text + p->used, value, n);
        p->items[p->count].value = p->text + p->used;
        p->used += n;
    }
    p->count++;
}

void ar_params_int(ar_params *p, const char *name, long long value)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", value);
    ar_params_text(p, name, buf);
}

void ar_params_double(ar_params *p, const char *name, double value)
{
    char buf[40];
    snprintf(buf, sizeof buf, "%.17g", value);
    ar_params_text(p, name, buf);
}

void ar_params_flag(ar_params *p, const char *name) { ar_params_text(p, name, NULL); }

ar_status ar_params_check(const ar_params *p, const ar_option_spec *table, ar_error *err)
{
    size_t i, j;
    if (p->overflow)
        return ar_error_set(err, AR_ERR_INPUT, "too many parameters (at most %d, %zu bytes of values)", AR_PARAMS_MAX,
                            sizeof p->text);
    for (i = 0; i < p->count; i++) {
        const ar_option_spec *o = table;
        while (o && o->name && strcmp(o->name, p->items[i].name) != 0)
            o++;
        if (!o || !o->name)
            return ar_error_set(err, AR_ERR_INPUT, "unknown parameter %.60s", p->items[i].name);
        if (o->metavar && !p->items[i].value)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s needs a value (%s)", o->name, o->metavar);
        if (!o->metavar && p->items[i].value)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s takes no value", o->name);
        for (j = 0; j < i; j++)
            if (strcmp(p->items[j].name, p->items[i].name) == 0)
                return ar_error_set(err, AR_ERR_INPUT, "parameter %s given twice", o->name);
    }
    return AR_OK;
}
