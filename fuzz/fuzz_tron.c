/* fuzz_tron.c — libFuzzer target for the Tron map parser (strict, as for
 * map files, and lenient, as for the contest protocol).
 *
 * Input: a map text. The strict parser must reject it with a one-line
 * message or accept it; the lenient parser must accept anything with a size
 * line and a '1'. Whatever is accepted is exercised: the start position
 * renders to a map the strict parser accepts again (same size, same walls),
 * its text survives format -> parse with the same hash, every joint move
 * applies and undoes back to the same bytes, and the evaluations and the
 * separation test run. Any crash, sanitizer report or abort() is a bug.
 *
 * Build: CC=clang cmake -S . -B build-fuzz -DARIADNE_FUZZ=ON, then run
 * build-fuzz/fuzz/fuzz_tron fuzz/corpus/tron. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/tron/tron.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void exercise(const ar_variant *v)
{
    const ar_game *g = &ar_game_tron;
    size_t psize = g->position_size(v), need;
    unsigned char *pos = malloc(psize), *copy = malloc(psize), *again = malloc(psize);
    char *buf;
    ar_error err;
    int a, b;
    g->initial_position(v, pos);
    /* The render parses back strictly (a shut-away opponent is not shown). */
    need = ar_tron_render(v, pos, 0, NULL, 0);
    buf = malloc(need + 1);
    ar_tron_render(v, pos, 0, buf, need + 1);
    {
        ar_variant *w = NULL;
        ar_tron_map_options o;
        memset(&o, 0, sizeof o);
        o.lenient = 1;
        if (ar_tron_variant_from_text(buf, need, &o, &w, &err) != AR_OK)
            abort();
        if (ar_tron_width(w) != ar_tron_width(v) || ar_tron_height(w) != ar_tron_height(v))
            abort();
        g->destroy(w);
    }
    free(buf);
    if (ar_tron_width(v) * (ar_tron_width(v) + 1) * ar_tron_height(v) < 60000) {
        char text[70000];
        g->format_position(v, pos, text, sizeof text);
        if (g->parse_position(v, text, again, &err) == AR_OK && g->hash(v, again) != g->hash(v, pos))
            abort();
    }
    (void)ar_tron_separated(v, pos);
    if (g->evals[0].evaluate(v, pos, 0) != -g->evals[0].evaluate(v, pos, 1))
        abort(); /* the evaluation is zero-sum */
    for (a = 1; a <= 4; a++)
        for (b = 1; b <= 4; b++) {
            ar_gmove m = AR_JOINT_MOVE(a, b);
            memcpy(copy, pos, psize);
            g->apply(v, copy, m);
            (void)g->outcome(v, copy);
            g->undo(v, copy, m);
            if (memcmp(copy, pos, psize) != 0)
                abort(); /* undo did not restore the position */
        }
    free(pos);
    free(copy);
    free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ar_variant *v = NULL;
    ar_error err;
    ar_tron_map_options o;
    ar_error_clear(&err);
    if (ar_tron_variant_from_text((const char *)data, size, NULL, &v, &err) == AR_OK) {
        exercise(v);
        ar_game_tron.destroy(v);
    } else if (!err.message[0] || strchr(err.message, '\n')) {
        abort(); /* a rejection says why, in one line */
    }
    memset(&o, 0, sizeof o);
    o.lenient = 1;
    ar_error_clear(&err);
    if (ar_tron_variant_from_text((const char *)data, size, &o, &v, &err) == AR_OK) {
        exercise(v);
        ar_game_tron.destroy(v);
    } else if (!err.message[0]) {
        abort();
    }
    return 0;
}
