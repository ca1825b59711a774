/* fuzz_chess.c — libFuzzer target for chess's readers: the first byte
 * chooses FEN (then perft 2 and SAN of every move of the position read),
 * PGN (every game of the text, written back), a move list after the start
 * position (each word as UCI or SAN), or a UCI session (every line a
 * command, searches inline and shallow). Any input must give AR_OK or AR_ERR_INPUT with a message, never
 * a crash, a hang or a read past the input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/chess/chess_engine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text;
    ar_error err;
    if (size < 1 || size > 1 << 16)
        return 0;
    ar_chess_tables();
    text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    if (data[0] % 4 == 3) {
        ar_chess_uci_run_text(text, size - 1);
    } else if (data[0] % 4 == 0) {
        ch_board b;
        if (ar_chess_parse_fen(text, size - 1, &b, NULL, &err) == AR_OK) {
            ch_move list[CH_MAX_MOVES];
            unsigned n = ar_chess_legal(&b, list), i;
            char san[16], fen[100];
            for (i = 0; i < n; i++)
                ar_chess_move_san(&b, list[i], san);
            ar_chess_format_fen(&b, fen, sizeof fen);
            if (ar_chess_parse_fen(fen, strlen(fen), &b, NULL, &err) != AR_OK)
                abort(); /* what we write must read back */
            (void)ar_chess_perft(&b, 2);
        } else if (err.message[0] == 0) {
            abort();
        }
    } else if (data[0] % 4 == 1) {
        size_t pos = 0, last = (size_t)-1;
        unsigned games = 0;
        while (games < 64 && pos != last) {
            ch_game g;
            ar_status st;
            last = pos;
            st = ar_chess_pgn_read(text, &pos, &g, &err);
            if (st == AR_OK) {
                FILE *f = tmpfile();
                if (f) {
                    ar_chess_pgn_write(f, &g);
                    fclose(f);
                }
            }
            ar_chess_game_free(&g);
            if (st != AR_OK)
                break;
            games++;
        }
    } else {
        ch_board b;
        const char *p = text;
        ar_chess_startpos(&b);
        while (*p) {
            size_t n = strcspn(p, " ");
            ch_move m;
            if (n && ar_chess_parse_move(&b, p, n, &m, &err) == AR_OK)
                ar_chess_make(&b, m);
            p += n;
            while (*p == ' ')
                p++;
        }
    }
    free(text);
    return 0;
}
