/* solve.c — ariadne as a library: the smallest complete program.
 *
 * It finds a puzzle in the registry, makes an instance from text and the
 * domain's own options, solves it under a time and node limit, checks the
 * solution by replaying it with the domain's own rules, streams a solution
 * too long to hold (3-peg Hanoi, 2^20 - 1 moves) to a sink, and shows how an
 * error comes back: a status and one line for people.
 *
 * Build against an installed ariadne:
 *     cc solve.c $(pkg-config --cflags --libs ariadne) -o solve
 * (static: add --static to pkg-config and -static-libgcc as you like). */
#include <ariadne/ariadne.h>

#include <stdio.h>
#include <stdlib.h>

/* Counts streamed moves; a real program would write them somewhere. */
static ar_status count_moves(void *ctx, const ar_move *moves, size_t count)
{
    (void)moves;
    *(unsigned long long *)ctx += count;
    return AR_OK;
}

int main(void)
{
    const ar_puzzle *jugs = ar_puzzle_find("jugs"), *hanoi = ar_puzzle_find("hanoi");
    ar_param water[] = {{"cost", "water"}};
    ar_param discs[] = {{"discs", "20"}};
    ar_search_options opts;
    ar_instance *inst;
    ar_result res;
    ar_error err;
    char *text;
    uint64_t length, cost;
    int solved;
    unsigned long long streamed = 0;
    ar_move_sink sink = {count_moves, &streamed};

    if (!jugs || !hanoi)
        return 1;
    /* 1. An instance: the text and the domain's options; bad input is an error. */
    ar_error_clear(&err);
    if (jugs->create("3,5 -> 4", water, 1, &inst, &err) != AR_OK) {
        fprintf(stderr, "jugs: %s\n", err.message);
        return 1;
    }
    /* 2. Solve under limits (and Ctrl-C, through opts.limits.interrupt). */
    ar_search_options_init(&opts);
    opts.limits.time_limit = 10;
    opts.limits.node_limit = 1000000;
    if (ar_solve(jugs, inst, &opts, NULL, &res, &err) != AR_OK) {
        fprintf(stderr, "jugs: %s\n", err.message);
        return 1;
    }
    printf("jugs: %s, %llu moves costing %llu litres, %s\n", ar_outcome_name(res.outcome),
           (unsigned long long)res.length, (unsigned long long)res.cost, res.note);
    /* 3. Every answer is checked: the moves as text, replayed by the rules. */
    text = ar_puzzle_format_moves(jugs, inst, res.moves, res.length);
    if (!text || ar_puzzle_replay(jugs, inst, text, &length, &cost, &solved, NULL, &err) != AR_OK ||
        !solved) {
        fprintf(stderr, "jugs: the solution does not replay: %s\n", err.message);
        return 1;
    }
    printf("verified: %s\n", text);
    free(text);
    ar_result_free(&res);
    jugs->destroy(inst);

    /* 4. A closed-form solution too long to keep is streamed to a sink. */
    if (hanoi->create(NULL, discs, 1, &inst, &err) != AR_OK ||
        ar_solve(hanoi, inst, NULL, &sink, &res, &err) != AR_OK) {
        fprintf(stderr, "hanoi: %s\n", err.message);
        return 1;
    }
    printf("hanoi: %llu moves streamed (%s)\n", streamed, res.optimal ? "optimal" : "not proven");
    ar_result_free(&res);
    hanoi->destroy(inst);

    /* 5. Errors: a status and one line naming what is wrong. */
    if (hanoi->create("12x", NULL, 0, &inst, &err) != AR_OK)
        printf("bad input refused: %s (%s)\n", err.message, ar_status_name(err.status));
    return streamed == (1ull << 20) - 1 ? 0 : 1;
}
