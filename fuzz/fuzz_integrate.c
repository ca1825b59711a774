/* fuzz_integrate.c — libFuzzer target for the expression language of the
 * integration domain and for integrating: the first line is an integrand;
 * an accepted one must print in a form that reads back to the same
 * canonical text, and a short AO* run (a node limit) must give either
 * nothing or a solution whose tree the checker reads back as solved and
 * whose answer differentiates back. Any crash or abort() is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/andor.h"
#include "reductions/integrate/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void round_trip(const char *text)
{
    ex_pool p;
    char why[200], a[512], b[512];
    ex *e;
    ar_ex_pool_init(&p);
    e = ar_ex_parse(&p, text, why, sizeof why);
    if (!e) {
        if (!why[0] || strchr(why, '\n'))
            abort();
    } else if ((e = ar_ex_simplify(&p, e)) != NULL && !p.failed &&
               ar_ex_print(e, a, sizeof a) < sizeof a) {
        ex *back = ar_ex_parse(&p, a, why, sizeof why);
        if (!back)
            abort(); /* the printer wrote what the parser refuses */
        back = ar_ex_simplify(&p, back);
        if (back && !p.failed) {
            ar_ex_print(back, b, sizeof b);
            (void)ar_ex_derivative(&p, back);
            (void)ar_ex_expand(&p, back);
            (void)ar_ex_eval(back, 0.5);
        }
    }
    ar_ex_pool_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ar_andor_domain *d = ar_andor_domain_find("integrate");
    char *text;
    ar_andor_problem *prob = NULL;
    ar_error err;
    if (size > 600)
        return 0;
    text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (strlen(text) != size || strchr(text, '\n')) {
        free(text);
        return 0;
    }
    round_trip(text);
    if (d->create(text, NULL, 0, &prob, &err) == AR_OK) {
        ar_andor_options o;
        ar_andor_result r;
        ar_andor_options_init(&o);
        o.search.limits.node_limit = 40;
        if (ar_andor_solve(d, prob, &o, &r, &err) == AR_OK) {
            if (r.search.outcome == AR_OUTCOME_SOLVED) {
                char *tree = ar_andor_tree_text(d, prob, &r.solution), *ans = NULL;
                ar_andor_verdict v;
                ar_status vs = tree ? ar_andor_verify(d, prob, tree, &v, &err) : AR_OK;
                /* AR_ERR_UNSUPPORTED: the antiderivative is longer than an expression may be
                 * written (integrate.md), a documented limit; anything else must check */
                if (tree && vs != AR_ERR_UNSUPPORTED && (vs != AR_OK || !v.solved))
                    abort();
                if (d->answer(prob, &r.solution, &ans, &err) == AR_ERR_UNSOLVABLE)
                    abort(); /* a derivation by the rules that does not differentiate back */
                free(ans);
                free(tree);
            }
            ar_andor_result_free(&r);
        }
        d->destroy(prob);
    } else if (!err.message[0] || strchr(err.message, '\n'))
        abort();
    free(text);
    return 0;
}
