/* fuzz_cards.c — libFuzzer target for the card notation reader and the card
 * games' option readers.
 *
 * Input: one byte choosing what to read, then the text. 0: a card
 * (ar_card_parse), which must be refused with a message or read back as it
 * is written; 1..3: the options of brag, blackjack or guessit as NAME=VALUE
 * words (ar_param_split), which ar_game_create must refuse with a message
 * or turn into a variant whose initial position reads back. Any crash,
 * sanitizer report or abort() below is a bug.
 *
 * Build: CC=clang cmake -S . -B build-fuzz -DARIADNE_FUZZ=ON, then run
 * build-fuzz/fuzz/fuzz_cards (seed inputs: fuzz/corpus/cards). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/cards.h"
#include "ariadne/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const games[3] = {"brag", "blackjack", "guessit"};
    char *text;
    ar_error err;
    if (size < 1)
        return 0;
    text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    ar_error_clear(&err);
    if (data[0] % 4 == 0) {
        ar_card c, again;
        char buf[3];
        if (ar_card_parse(text, size - 1, &c, &err) != AR_OK) {
            if (!err.message[0])
                abort(); /* a refusal says why */
        } else {
            if (AR_CARD_RANK(c) >= AR_CARD_RANKS)
                abort();
            ar_card_format(c, buf);
            if (ar_card_parse(buf, 2, &again, &err) != AR_OK || again != c)
                abort(); /* a card read must be written back the same */
        }
    } else {
        const ar_game *g = ar_game_find(games[data[0] % 4 - 1]);
        ar_param params[16];
        size_t n = ar_param_split(text, params, 16);
        ar_variant *v;
        if (!g)
            abort();
        if (ar_game_create(g, params, n, &v, &err) != AR_OK) {
            if (!err.message[0])
                abort();
        } else {
            size_t psize = g->position_size(v);
            unsigned char *pos = calloc(1, psize), *again = calloc(1, psize);
            char buf[4096];
            g->initial_position(v, pos);
            g->format_position(v, pos, buf, sizeof buf);
            if (g->parse_position(v, buf, again, &err) != AR_OK || memcmp(pos, again, psize) != 0)
                abort(); /* the initial position reads back */
            free(pos);
            free(again);
            g->destroy(v);
        }
    }
    free(text);
    return 0;
}
