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

/* Splits "a=1 b flag=x" (names and values separated by '=', pairs by
 * spaces) into at most max params pointing into buf, which it modifies;
 * returns the count. A name without '=' gets the value NULL. */
size_t ar_param_split(char *buf, ar_param *params, size_t max);

#ifdef __cplusplus
}
#endif
#endif
