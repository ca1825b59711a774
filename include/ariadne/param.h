/* ariadne/param.h — a domain's own command-line options: the table a domain
 * declares (so `ariadne help NAME` lists them and a misspelt option is an
 * error) and the name/value pairs the CLI hands to it. */
#ifndef ARIADNE_PARAM_H
#define ARIADNE_PARAM_H

#include <stddef.h>
#include "ariadne/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One domain-specific option given on the command line (`--pegs 4` becomes
 * {"pegs", "4"}; a flag without argument has value NULL). */
typedef struct ar_param {
    const char *name;
    const char *value;
} ar_param;

/* Describes one domain-specific option for `ariadne help DOMAIN` and for
 * rejecting unknown options before the domain sees them. */
typedef struct ar_option_spec {
    const char *name;    /* without the leading dashes */
    const char *metavar; /* "N", "POS", ...; NULL for a flag that takes no value */
    const char *help;
} ar_option_spec;

/* Looks up an option value in params (the last occurrence wins); NULL when
 * absent or given without a value. */
const char *ar_param_get(const ar_param *params, size_t count, const char *name);
/* Parses an option as an integer in [min, max]; `fallback` when absent. */
ar_status ar_param_int(const ar_param *params, size_t count, const char *name, long min,
                       long max, long fallback, long *out, ar_error *err);
/* Reads text as one finite number (strtod's forms), with nothing before or
 * after it; returns 1 and sets *out, or 0 (an empty text, spaces, a word,
 * an overflow, inf or nan). The one number reader of every option value. */
int ar_read_number(const char *text, double *out);

/* A typed way to set a domain's options from C: values are given as C
 * types and kept as the text the domain reads, and ar_params_check holds
 * them against the domain's option table, so a misspelt name or a flag given
 * a value is an error before the domain sees them:
 *
 *     ar_params p;
 *     ar_params_init(&p);
 *     ar_params_int(&p, "size", 4);
 *     ar_params_flag(&p, "closed");
 *     if (ar_params_check(&p, domain->options, &err) == AR_OK)
 *         ... domain->create(NULL, p.items, p.count, &inst, &err) ...
 * (examples/game.c does it for a game.) */
#define AR_PARAMS_MAX 32
typedef struct ar_params {
    ar_param items[AR_PARAMS_MAX];
    size_t count;
    char text[2048]; /* the values' text */
    size_t used;
    int overflow;    /* set when an item or its text did not fit (ar_params_check reports it) */
} ar_params;

void ar_params_init(ar_params *p);
/* Each adds name (a string that must outlive p) with a value. */
void ar_params_text(ar_params *p, const char *name, const char *value);
void ar_params_int(ar_params *p, const char *name, long long value);
void ar_params_double(ar_params *p, const char *name, double value);
void ar_params_flag(ar_params *p, const char *name); /* an option without a value (--closed) */
/* Checks p against an option table ({NULL}-terminated; NULL: no options):
 * every name known, values where they are due and none on flags, no name
 * twice. AR_ERR_INPUT with one line naming the parameter otherwise. */
ar_status ar_params_check(const ar_params *p, const ar_option_spec *table, ar_error *err);

/* Splits "a=1 b flag=x" (names and values separated by '=', pairs by
 * spaces) into at most max params pointing into buf, which it modifies;
 * returns the count. A name without '=' gets the value NULL. */
size_t ar_param_split(char *buf, ar_param *params, size_t max);

#ifdef __cplusplus
}
#endif
#endif
