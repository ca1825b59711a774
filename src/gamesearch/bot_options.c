/* bot_options.c — the one parser of a bot spec's OPTION=VALUE list
 * (ar_bot_parse_options, arena.h). Every bot kind, the generic searches'
 * and each game's own, describes its options in a table of names, types,
 * ranges and field offsets; this file splits the spec, checks each value
 * and words every refusal the same way, so `alphabeta:depth=0`,
 * `chamber-ab:depth=0` and `engine:depth=0` are refused alike. */
#include "ariadne/arena.h"
#include "ariadne/param.h"
#include "ariadne/tool.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* " a b c" of the allowed names, for the message that refuses one. */
static void allowed_names(const ar_bot_option_set *set, char *buf, size_t size)
{
    size_t i;
    buf[0] = '\0';
    for (i = 0; set->table[i].name; i++)
        if (set->allowed & ((uint64_t)1 << i)) {
            strncat(buf, buf[0] ? " " : "", size - strlen(buf) - 1);
            strncat(buf, set->table[i].name, size - strlen(buf) - 1);
        }
    if (set->other_names) {
        strncat(buf, buf[0] ? " " : "", size - strlen(buf) - 1);
        strncat(buf, set->other_names, size - strlen(buf) - 1);
    }
    if (set->command)
        strncat(buf, buf[0] ? ", then the command" : "the command", size - strlen(buf) - 1);
    if (!buf[0])
        snprintf(buf, size, "none");
}

/* "a, b or c" of a choice's values. */
static void choice_names(const char *const *choices, char *buf, size_t size)
{
    size_t i;
    buf[0] = '\0';
    for (i = 0; choices[i]; i++) {
        if (i)
            strncat(buf, choices[i + 1] ? ", " : " or ", size - strlen(buf) - 1);
        strncat(buf, choices[i], size - strlen(buf) - 1);
    }
}

/* A range for messages: "1..60", ">= 1". */
static void range_text(const ar_bot_option *o, char *buf, size_t size)
{
    if (o->max >= 1e15)
        snprintf(buf, size, ">= %g", o->min);
    else
        snprintf(buf, size, "%g..%g", o->min, o->max);
}

/* Reads value into its field; messages show it as `shown` (quoted: a spec
 * may hold a newline or bytes that are not text). */
static ar_status read_value(const ar_bot_option_set *set, const ar_bot_option *o, const char *value,
                            const char *shown, void *out, ar_error *err)
{
    char *field = (char *)out + o->offset;
    char text[200];
    double x;
    switch (o->type) {
    case AR_BOT_OPT_SECONDS: {
        int number = ar_read_number(value, &x), too_large = number && o->max > 0 && x > o->max;
        if (!number || !(x > 0) || too_large)
            return ar_error_set(err, AR_ERR_INPUT, "bot %s: %s=%s is not a positive number of seconds%s", set->kind,
                                o->name, shown, too_large ? " (too large)" : "");
        memcpy(field, &x, sizeof x);
        return AR_OK;
    }
    case AR_BOT_OPT_INT:
    case AR_BOT_OPT_COUNT:
        if (!ar_read_number(value, &x) || x != floor(x) || x < o->min || x > o->max) {
            range_text(o, text, sizeof text);
            return ar_error_set(err, AR_ERR_INPUT, "bot %s: %s=%s is not a whole number %s", set->kind, o->name,
                                shown, text);
        }
        if (o->type == AR_BOT_OPT_INT) {
            int v = (int)x;
            memcpy(field, &v, sizeof v);
        } else {
            uint64_t v = (uint64_t)x;
            memcpy(field, &v, sizeof v);
        }
        return AR_OK;
    case AR_BOT_OPT_NUMBER:
        if (!ar_read_number(value, &x) || x < o->min || x > o->max) {
            if (o->max >= 1e15)
                snprintf(text, sizeof text, ">= %g", o->min);
            else
                snprintf(text, sizeof text, "in [%g, %g]", o->min, o->max);
            return ar_error_set(err, AR_ERR_INPUT, "bot %s: %s=%s is not a number %s", set->kind, o->name, shown,
                                text);
        }
        memcpy(field, &x, sizeof x);
        return AR_OK;
    case AR_BOT_OPT_SWITCH: {
        int v = value[0] == '1';
        if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0)
            return ar_error_set(err, AR_ERR_INPUT, "bot %s: %s=%s is not 0 or 1", set->kind, o->name, shown);
        memcpy(field, &v, sizeof v);
        return AR_OK;
    }
    case AR_BOT_OPT_CHOICE: {
        int i;
        for (i = 0; o->choices[i]; i++)
            if (strcmp(o->choices[i], value) == 0) {
                memcpy(field, &i, sizeof i);
                return AR_OK;
            }
        choice_names(o->choices, text, sizeof text);
        return ar_error_set(err, AR_ERR_INPUT, "bot %s: %s=%s is not %s", set->kind, o->name, shown, text);
    }
    case AR_BOT_OPT_TEXT:
        if (!*value || strlen(value) >= o->size)
            return ar_error_set(err, AR_ERR_INPUT, "bot %s: %s=%s is %s", set->kind, o->name, shown,
                                *value ? "too long" : "empty");
        memcpy(field, value, strlen(value) + 1);
        return AR_OK;
    case AR_BOT_OPT_CUSTOM: {
        ar_error inner;
        ar_status st;
        ar_error_clear(&inner);
        st = o->parse(set->context, value, field, &inner);
        if (st != AR_OK) {
            char why[300];
            return ar_error_set(err, st, "bot %s: %s=%s: %s", set->kind, o->name, shown,
                                ar_tool_quote(inner.message, 200, why, sizeof why));
        }
        return AR_OK;
    }
    }
    return ar_error_set(err, AR_ERR_INTERNAL, "bot %s: option %s has no type", set->kind, o->name);
}

ar_status ar_bot_parse_options(const ar_bot_option_set *set, const char *text, void *out, uint64_t *given,
                               ar_error *err)
{
    const char *p = text ? text : "";
    uint64_t seen = 0;
    if (set->command)
        set->command[0] = '\0';
    while (*p) {
        size_t len = strcspn(p, ":"), i;
        char item[600], list[300], name[80], shown[80];
        const char *value;
        char *eq;
        if (len >= sizeof item) {
            memcpy(item, p, 24);
            item[24] = '\0';
            return ar_error_set(err, AR_ERR_INPUT, "bot %s: option '%s...' is too long", set->kind,
                                ar_tool_quote(item, 20, name, sizeof name));
        }
        memcpy(item, p, len);
        item[len] = '\0';
        eq = strchr(item, '=');
        if (!eq) {
            if (set->command && len > 0) {
                if (strlen(p) >= set->command_size)
                    return ar_error_set(err, AR_ERR_INPUT, "bot %s: the command is too long (%zu bytes)", set->kind,
                                        strlen(p));
                strcpy(set->command, p); /* the rest of the spec */
                break;
            }
            return ar_error_set(err, AR_ERR_INPUT, "bot %s: option '%s' needs a value (NAME=VALUE)", set->kind,
                                ar_tool_quote(item, 40, name, sizeof name));
        }
        *eq = '\0';
        value = eq + 1;
        for (i = 0; set->table[i].name; i++)
            if ((set->allowed & ((uint64_t)1 << i)) && strcmp(set->table[i].name, item) == 0)
                break;
        if (set->table[i].name) {
            ar_status st = read_value(set, &set->table[i], value, ar_tool_quote(value, 60, shown, sizeof shown), out, err);
            if (st != AR_OK)
                return st;
            seen |= (uint64_t)1 << i;
        } else {
            int took = set->other ? set->other(out, item, value, err) : 0;
            if (took < 0)
                return AR_ERR_INPUT;
            if (!took) {
                allowed_names(set, list, sizeof list);
                return ar_error_set(err, AR_ERR_INPUT, "bot %s has no option '%s' (options: %s)", set->kind,
                                    ar_tool_quote(item, 40, name, sizeof name), list);
            }
        }
        p += len;
        if (*p == ':')
            p++;
    }
    if (set->command && !set->command[0])
        return ar_error_set(err, AR_ERR_INPUT, "bot %s: which program? e.g. %s", set->kind,
                            set->command_example ? set->command_example : "KIND:./my-engine");
    if (given)
        *given = seen;
    return AR_OK;
}
