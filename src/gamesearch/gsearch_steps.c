/* gsearch_steps.c — alpha-beta's switchable steps by name (the table that
 * `--steps` and `ariadne bench games` read), their parser, and the options'
 * defaults; the search itself is alphabeta.c. */
#include "ariadne/gamesearch.h"

#include <string.h>

static const ar_step_info steps_table[] = {
    {.bit = AR_STEP_ITERATIVE,
     .name = "iterative",
     .summary = "Step 0. iterative deepening: depth 1, 2, ... (fills table and killers)"},
    {.bit = AR_STEP_ASPIRATION,
     .name = "aspiration",
     .summary = "Step 0. aspiration windows around the last iteration's score"},
    {.bit = AR_STEP_TT, .name = "tt", .summary = "Step 4. transposition-table cutoffs"},
    {.bit = AR_STEP_TT_DEEPER,
     .name = "tt-deeper",
     .summary = "Step 4. ... also from entries searched deeper than needed"},
    {.bit = AR_STEP_HASH_MOVE, .name = "hashmove", .summary = "Step 6. the table's best move first"},
    {.bit = AR_STEP_KILLERS,
     .name = "killers",
     .summary = "Step 6. two recent cutoff moves of the ply next"},
    {.bit = AR_STEP_HISTORY,
     .name = "history",
     .summary = "Step 6. other moves by their cutoff history"},
    {.bit = AR_STEP_PVS,
     .name = "pvs",
     .summary = "Step 7. null windows after the first move (principal variation search)"},
    {.bit = AR_STEP_NULL_MOVE,
     .name = "null",
     .summary = "Step 5. null-move pruning (games that allow it)"},
    {.bit = AR_STEP_QUIESCENCE,
     .name = "qsearch",
     .summary = "Step 3. quiescence search at the horizon (games that allow it)"},
    {.bit = 0, .name = NULL, .summary = NULL}};

const ar_step_info *ar_gsearch_steps(void) { return steps_table; }

ar_status ar_gsearch_parse_steps(const char *text, unsigned *steps, ar_error *err)
{
    unsigned bits = 0;
    const char *s = text;
    while (*s) {
        const char *e = s;
        size_t len;
        int neg = 0;
        const ar_step_info *st;
        while (*e && *e != ',' && *e != '+')
            e++;
        len = (size_t)(e - s);
        if (len && (*s == '-' || *s == '!')) {
            neg = 1;
            s++;
            len--;
        }
        if (len == 3 && strncmp(s, "all", 3) == 0)
            bits = neg ? 0 : AR_STEPS_ALL;
        else if (len == 4 && strncmp(s, "none", 4) == 0)
            bits = 0;
        else if (len == 5 && strncmp(s, "exact", 5) == 0)
            bits = neg ? bits & ~(unsigned)AR_STEPS_EXACT : bits | AR_STEPS_EXACT;
        else {
            for (st = steps_table; st->name; st++)
                if (strlen(st->name) == len && strncmp(st->name, s, len) == 0)
                    break;
            if (!st->name)
                return ar_error_set(err, AR_ERR_INPUT,
                                    "unknown search step '%.*s' (steps: iterative, aspiration, tt, "
                                    "tt-deeper, hashmove, killers, history, pvs, null, qsearch, all, "
                                    "exact, none)",
                                    (int)(len > 30 ? 30 : len), s);
            bits = neg ? bits & ~st->bit : bits | st->bit;
        }
        s = *e ? e + 1 : e;
    }
    *steps = bits;
    return AR_OK;
}

void ar_gsearch_options_init(ar_gsearch_options *o)
{
    memset(o, 0, sizeof *o);
    o->steps = AR_STEPS_ALL;
}
