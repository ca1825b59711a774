/* fuzz_csp.c — libFuzzer target for the constraint family's text format:
 * the whole input is read as a model (ar_csp_parse must turn any text into
 * a model or one error line), a model that parses is searched briefly under
 * each propagation discipline and by min-conflicts (a node limit keeps it
 * short), and the input also goes through the csp puzzle's layout of
 * fuzz_common.h (options line, model, ---, moves). */
#include "fuzz_common.h"
#include "ariadne/csp.h"
#include "ariadne/search.h"

static void search_briefly(const ar_csp *m)
{
    int c;
    for (c = 0; c < 4; c++) {
        ar_csp_options o;
        ar_search_options so;
        ar_result res;
        ar_run run;
        ar_csp_outcome out;
        ar_csp_stats st;
        ar_error err;
        int32_t *values = malloc((ar_csp_var_count(m) + 1) * sizeof *values);
        if (!values)
            return;
        ar_csp_options_init(&o);
        o.consistency = (ar_csp_consistency)c;
        o.alldiff = (ar_csp_alldiff_level)(c % 3);
        o.backjump = c & 1;
        ar_search_options_init(&so);
        so.limits.node_limit = 200;
        ar_result_init(&res);
        ar_run_begin(&run, &so, &res);
        if (ar_csp_search(m, &o, &run, 0, NULL, NULL, values, &out, &st, &err) == AR_OK && st.solutions &&
            !ar_csp_satisfied(m, values, NULL))
            abort(); /* a solution the model does not accept is a bug */
        if (c == 3) {
            ar_result_init(&res);
            ar_run_begin(&run, &so, &res);
            o.max_restarts = 2, o.max_steps = 100;
            if (ar_csp_min_conflicts(m, &o, &run, values, &out, &st, &err) == AR_OK && out == AR_CSP_FOUND &&
                !ar_csp_satisfied(m, values, NULL))
                abort();
        }
        free(values);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text;
    ar_csp *m = NULL;
    ar_error err;
    if (size > 65536)
        return 0;
    if (!(text = malloc(size + 1)))
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (strlen(text) == size) {
        ar_error_clear(&err);
        if (ar_csp_parse(text, &m, &err) == AR_OK) {
            if (ar_csp_var_count(m) <= 64)
                search_briefly(m);
            ar_csp_destroy(m);
        } else {
            fuzz_check_message(AR_ERR_INPUT, &err);
        }
    }
    free(text);
    return fuzz_puzzle("csp", data, size);
}
