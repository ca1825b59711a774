/* csp_options.c — the search options by name: their defaults, the option
 * table every constraint-based domain shares (so `--consistency ac3` means
 * the same thing for each of them), and the names used in notes, JSON and
 * benchmark tables. */
#include "csp_internal.h"

#include <stdio.h>
#include <string.h>

void ar_csp_options_init(ar_csp_options *o)
{
    memset(o, 0, sizeof *o);
    o->consistency = AR_CSP_QUEUE;
    o->alldiff = AR_CSP_ALLDIFF_REGIN;
    o->var_order = AR_CSP_VAR_MRV_DEGREE;
    o->value_order = AR_CSP_VAL_MIN;
    o->seed = 1;
    o->noise = 0.02;
}

static const char *const consistency_names[] = {"check", "forward", "ac3", "queue"};
static const char *const alldiff_names[] = {"regin", "bounds", "pairwise"};
static const char *const var_names[] = {"mrv-degree", "mrv", "input", "wdeg"};
static const char *const value_names[] = {"min", "max", "lcv", "random"};

const char *ar_csp_consistency_name(ar_csp_consistency c) { return (unsigned)c < 4 ? consistency_names[c] : "?"; }
const char *ar_csp_alldiff_name(ar_csp_alldiff_level a) { return (unsigned)a < 3 ? alldiff_names[a] : "?"; }
const char *ar_csp_var_order_name(ar_csp_var_order v) { return (unsigned)v < 4 ? var_names[v] : "?"; }
const char *ar_csp_value_order_name(ar_csp_value_order v) { return (unsigned)v < 4 ? value_names[v] : "?"; }

/* The index of value in names[0..n), or -1. */
static int pick(const char *value, const char *const *names, int n)
{
    int k;
    for (k = 0; k < n; k++)
        if (strcmp(value, names[k]) == 0)
            return k;
    return -1;
}

static ar_status one(const ar_param *params, size_t count, const char *name, const char *const *names, int n,
                     int *out, ar_error *err)
{
    const char *v = ar_param_get(params, count, name);
    size_t k;
    for (k = 0; k < count; k++)
        if (strcmp(params[k].name, name) == 0 && !params[k].value)
            return ar_error_set(err, AR_ERR_INPUT, "parameter %s needs a value", name);
    if (!v)
        return AR_OK;
    if ((*out = pick(v, names, n)) < 0) {
        char list[128] = "";
        int k2;
        for (k2 = 0; k2 < n; k2++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k2 ? ", " : "", names[k2]);
        return ar_error_set(err, AR_ERR_INPUT, "parameter %s: '%.40s' is not one of %s", name, v, list);
    }
    return AR_OK;
}

ar_status ar_csp_options_from_params(const ar_param *params, size_t count, ar_csp_options *o, int *given,
                                     ar_error *err)
{
    static const char *const names[] = {"consistency", "alldiff", "var-order", "value-order", "backjump"};
    int v;
    size_t k, j;
    ar_status st;
    if (given) {
        *given = 0;
        for (k = 0; k < count; k++)
            for (j = 0; j < sizeof names / sizeof *names; j++)
                *given |= strcmp(params[k].name, names[j]) == 0;
    }
    v = (int)o->consistency;
    if ((st = one(params, count, "consistency", consistency_names, 4, &v, err)) != AR_OK)
        return st;
    o->consistency = (ar_csp_consistency)v;
    v = (int)o->alldiff;
    if ((st = one(params, count, "alldiff", alldiff_names, 3, &v, err)) != AR_OK)
        return st;
    o->alldiff = (ar_csp_alldiff_level)v;
    v = (int)o->var_order;
    if ((st = one(params, count, "var-order", var_names, 4, &v, err)) != AR_OK)
        return st;
    o->var_order = (ar_csp_var_order)v;
    v = (int)o->value_order;
    if ((st = one(params, count, "value-order", value_names, 4, &v, err)) != AR_OK)
        return st;
    o->value_order = (ar_csp_value_order)v;
    for (k = 0; k < count; k++)
        if (strcmp(params[k].name, "backjump") == 0) {
            if (params[k].value)
                return ar_error_set(err, AR_ERR_INPUT, "parameter backjump takes no value");
            o->backjump = 1;
        }
    return AR_OK;
}
