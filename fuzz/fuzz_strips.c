/* fuzz_strips.c — libFuzzer target for the operator-file format (plan.h):
 * the task parser and grounding, then, on a task it accepts, means-ends
 * analysis and h_max under small limits, every ground operator's name read
 * back to the same operator, and the puzzle's moves replayed (fuzz_common.h's
 * layout: an options line, the task, "---", moves). Any crash, sanitizer
 * report or abort() is a bug; a rejected task must say why in one line. */
#include "fuzz_common.h"
#include "ariadne/mea.h"

#include <stdio.h>

static void exercise(const char *text)
{
    ar_plan_task *t = NULL;
    ar_error err;
    ar_status st = ar_plan_parse(text, &t, &err);
    if (st != AR_OK) {
        if (!err.message[0] || strchr(err.message, '\n'))
            abort();
        return;
    }
    {
        unsigned o, n = ar_plan_op_count(t);
        unsigned char *s = malloc(ar_plan_state_size(t));
        char name[300], why[200], buf[512];
        ar_search_options opts;
        ar_mea_options mo;
        ar_result res;
        for (o = 0; o < n && o < 2000; o++) {
            size_t len = ar_plan_format_op(t, o, name, sizeof name);
            if (len < sizeof name && ar_plan_find_op(t, name, len, why, sizeof why) != (long)o)
                abort();
        }
        ar_plan_initial(t, s);
        (void)ar_plan_hmax(t, s);
        ar_plan_format_state(t, s, buf, sizeof buf);
        ar_search_options_init(&opts);
        opts.limits.node_limit = 300;
        ar_mea_options_init(&mo);
        mo.depth_limit = 40;
        ar_result_init(&res);
        if (ar_mea(t, &opts, &mo, &res, &err) == AR_OK && res.outcome == AR_OUTCOME_SOLVED) {
            uint64_t i;
            ar_plan_initial(t, s);
            for (i = 0; i < res.length; i++) {
                if (!ar_plan_applicable(t, (unsigned)res.moves[i], s))
                    abort();
                ar_plan_apply(t, (unsigned)res.moves[i], s);
            }
            if (!ar_plan_is_goal(t, s))
                abort();
        }
        ar_result_free(&res);
        free(s);
    }
    ar_plan_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text;
    if (size > 16384)
        return 0;
    text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (strlen(text) == size)
        exercise(text);
    free(text);
    return fuzz_puzzle("strips", data, size);
}
