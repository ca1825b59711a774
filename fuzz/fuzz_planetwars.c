/* fuzz_planetwars.c — libFuzzer target for the Planet Wars parsers: maps and
 * protocol states (P and F lines), order lines and the playback notation.
 *
 * Input: any text. The first byte picks what is parsed from the rest: a map
 * (strict), a state (fleets allowed), or a state followed by order lines
 * after a line "go". Everything accepted is exercised: the state's protocol
 * text parses back to the same playback, orders are checked and issued, turns
 * are played until the game ends or 50 turns, and the bots' planning code
 * (five-step) runs on the state. Any crash, sanitizer report or abort() is a
 * bug.
 *
 * Build: CC=clang cmake -S . -B build-fuzz -DARIADNE_FUZZ=ON, then run
 * build-fuzz/fuzz/fuzz_planetwars fuzz/corpus/planetwars. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/planetwars/planetwars_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text, *orders;
    pw_state s, again;
    ar_error err;
    int mode, t;
    if (size < 1 || size > 65536)
        return 0;
    mode = data[0] % 3;
    text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    orders = mode == 2 ? strstr(text, "\ngo\n") : NULL;
    if (orders) {
        *orders = 0;
        orders += 4;
    }
    if (ar_pw_parse(text, "fuzz", mode == 0, &s, &err) != AR_OK) {
        if (strchr(err.message, '\n'))
            abort(); /* one line */
        free(text);
        return 0;
    }
    {
        char *back = ar_pw_format(&s, 0), a[65536], b[65536];
        if (ar_pw_parse(back, "back", 0, &again, &err) != AR_OK)
            abort();
        ar_pw_playback(&s, a, sizeof a);
        ar_pw_playback(&again, b, sizeof b);
        if (strcmp(a, b) != 0)
            abort();
        ar_pw_state_free(&again);
        free(back);
    }
    while (orders && *orders) {
        char *nl = strchr(orders, '\n'), why[200];
        size_t n = nl ? (size_t)(nl - orders) : strlen(orders);
        pw_order o;
        if (ar_pw_parse_order(orders, n, &o, why, sizeof why) == 0 && ar_pw_issue(&s, 1, &o, why, sizeof why) != 0)
            ar_pw_drop(&s, 1);
        orders = nl ? nl + 1 : orders + n;
    }
    for (t = 0; t < 50 && ar_pw_winner(&s, 200) < 0; t++) {
        pw_bot_ctx ctx;
        pw_order out[256];
        int n, k, q;
        char why[200];
        ar_rng_seed(&ctx.rng, (uint64_t)t);
        ctx.budget = 1, ctx.started = 0, ctx.turn = t;
        for (q = 1; q <= 2; q++) {
            if (q == 2)
                ar_pw_swap(&s);
            n = ar_pw_bot_fivestep(&s, &ctx, out, 256);
            for (k = 0; k < n; k++)
                if (ar_pw_issue(&s, 1, &out[k], why, sizeof why) != 0)
                    abort(); /* the bot gave an invalid order */
            if (q == 2)
                ar_pw_swap(&s);
        }
        ar_pw_step(&s);
    }
    ar_pw_state_free(&s);
    free(text);
    return 0;
}
