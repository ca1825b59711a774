/* param.c — a domain's own command-line options as name/value pairs
 * (param.h): lookup and whole-number parsing with one-line errors. */
#include "ariadne/param.h"

#include <ctype.h>
#include <errno.h>
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
