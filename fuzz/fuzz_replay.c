/* fuzz_replay.c — libFuzzer target for the Tron replay reader behind
 * `ariadne replay` (src/games/tron/tron_replay_json.c on the JSON reader of
 * src/core/json.c, both in the library).
 *
 * Any input: ar_tron_replay_read either accepts it or explains the refusal in
 * one non-empty line. An accepted replay is drawn at its start, middle and
 * end, and written back as JSON, which must read back to the same replay and
 * write out identically (the page embeds exactly that text). A failed check
 * aborts, which libFuzzer reports. Seeds: fuzz/corpus/replay. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "games/tron/tron_replay_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_replay(const tron_replay *a, const tron_replay *b)
{
    size_t cells = (size_t)a->width * (size_t)a->height;
    return strcmp(a->map_name, b->map_name) == 0 && a->width == b->width && a->height == b->height &&
           memcmp(a->cells, b->cells, cells) == 0 && strcmp(a->players[0], b->players[0]) == 0 &&
           strcmp(a->players[1], b->players[1]) == 0 && a->turns == b->turns &&
           memcmp(a->moves, b->moves, 2 * a->turns) == 0 && a->result == b->result &&
           strcmp(a->reason, b->reason) == 0 && a->on_board == b->on_board;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tron_replay r, again;
    char err[512], err2[512];
    if (size > 1 << 20)
        return 0;
    if (ar_tron_replay_read((const char *)data, size, &r, err, sizeof err) != 0) {
        if (err[0] == '\0' || strchr(err, '\n'))
            abort(); /* a refusal must say why, on one line */
        return 0;
    }
    {
        size_t board_size = (size_t)r.height * ((size_t)r.width + 1) + 1, len, len2;
        char *board = malloc(board_size), *json, *json2;
        tron_replay_turn info;
        if (!board)
            abort();
        ar_tron_replay_board(&r, 0, board, board_size, &info);
        if (strlen(board) != board_size - 1 || info.ended)
            abort();
        ar_tron_replay_board(&r, r.turns / 2, board, board_size, &info);
        ar_tron_replay_board(&r, r.turns, board, board_size, &info);
        if (r.on_board ? !info.ended || info.result != r.result : info.ended)
            abort(); /* ar_tron_replay_read checked how the last turn ends the game */
        free(board);

        json = ar_tron_replay_write_json(&r, &len);
        if (strlen(json) != len || strpbrk(json, "<>&\n"))
            abort();
        if (ar_tron_replay_read(json, len, &again, err2, sizeof err2) != 0 || !same_replay(&r, &again))
            abort();
        json2 = ar_tron_replay_write_json(&again, &len2);
        if (len2 != len || memcmp(json, json2, len) != 0)
            abort();
        free(json);
        free(json2);
        ar_tron_replay_free(&again);
    }
    ar_tron_replay_free(&r);
    return 0;
}
