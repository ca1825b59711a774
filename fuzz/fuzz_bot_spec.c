/* fuzz_bot_spec.c — libFuzzer target for bot specs: any text after a kind
 * must make a bot or give a one-line message naming the bad part, never a
 * crash. It drives ar_bot_create with the generic kinds on tic-tac-toe
 * (their option table and its custom readers: eval, steps, tt, strategy),
 * with a memory limit so a large tt= stays small. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const kinds[] = {"random", "alphabeta", "minimax", "mcts", "perfect"};
    const ar_game *g = ar_game_find("tictactoe");
    ar_variant *v = NULL;
    ar_bot *bot = NULL;
    ar_error err;
    char *spec;
    size_t kind_len;
    if (size < 1 || !g || memchr(data + 1, '\0', size - 1))
        return 0;
    kind_len = strlen(kinds[data[0] % 5]);
    spec = malloc(kind_len + size + 1);
    if (!spec)
        return 0;
    memcpy(spec, kinds[data[0] % 5], kind_len);
    spec[kind_len] = ':';
    memcpy(spec + kind_len + 1, data + 1, size - 1);
    spec[kind_len + size] = '\0';
    ar_error_clear(&err);
    if (g->create(NULL, 0, &v, &err) != AR_OK)
        abort();
    if (ar_bot_create(g, v, spec, 1, (size_t)1 << 20, &bot, &err) == AR_OK)
        ar_bot_destroy(bot);
    else if (!err.message[0] || strchr(err.message, '\n'))
        abort();
    g->destroy(v);
    free(spec);
    return 0;
}
