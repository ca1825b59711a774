/* loyd_bench.c — `ariadne bench loyd`: the seed's Loyd's Dilemma squares
 * (from the contest write-up) solved by the anytime solver under a time
 * limit, with the length found, whether it is proven optimal, the proven
 * lower bound, nodes and time. */
#include "loyd_bench.h"

#include <inttypes.h>
#include <stdio.h>
#include "ariadne/search.h"
#include "ariadne/tool.h"

int ar_loyd_bench(int quick)
{
    static const struct {
        const char *name, *square;
    } squares[] = {
        {.name = "rows shifted (seed)", .square = "+ABCD GHIJE FKLMN QRSTO PUVWX"},
        {.name = "A and B swapped (seed)", .square = "BACDE FGHIJ KLMNO PQRST UVWX+"},
        {.name = "fiendish (seed; contest: 28)", .square = "FBCDE KAGHJ PLMIO UQRNT VWXS+"},
        {.name = "perfection rotated 180 (seed)", .square = "+XWVU TSRQP ONMLK JIHGF EDCBA"},
    };
    unsigned i;
    double limit = quick ? 1 : 60;
    printf("Loyd's Dilemma squares from the contest write-up: anytime solver, %.0f s limit "
           "(ariadne solve loyd SQUARE --time-limit %.0f)\n", limit, limit);
    puts("| square | | moves | proven optimal | lower bound | nodes | s |");
    puts("|---|---|---:|---|---:|---:|---:|");
    for (i = 0; i < sizeof squares / sizeof squares[0] && !ar_tool_interrupted; i++) {
        const ar_puzzle *p = &ar_domain_loyd;
        ar_instance *in;
        ar_search_options opts;
        ar_result res;
        ar_error err;
        ar_error_clear(&err);
        if (p->create(squares[i].square, NULL, 0, &in, &err) != AR_OK)
            return ar_tool_fail("bench: %s", err.message);
        ar_search_options_init(&opts);
        opts.limits.time_limit = limit;
        opts.limits.interrupt = &ar_tool_interrupted;
        if (ar_solve(p, in, &opts, NULL, &res, &err) != AR_OK) {
            p->destroy(in);
            return ar_tool_fail("bench: %s", err.message);
        }
        if (res.moves)
            printf("| %s | `%s` | %" PRIu64 " | %s | %" PRIu64 " | %" PRIu64 " | %.1f |\n", squares[i].name,
                   squares[i].square, res.length, res.optimal ? "yes" : "no", res.lower_bound,
                   res.generated, res.seconds);
        else
            printf("| %s | `%s` | none | no | %" PRIu64 " | %" PRIu64 " | %.1f |\n", squares[i].name,
                   squares[i].square, res.lower_bound, res.generated, res.seconds);
        fflush(stdout);
        ar_result_free(&res);
        p->destroy(in);
    }
    return 0;
}
