/* fuzz_checkers.c — libFuzzer target for checkers's readers: the first byte
 * chooses PDN FEN (then perft 2, every move written and read back, the FEN
 * written and read back), a PDN text (every game written back and read
 * again), a move list after the start position (each word read as a move),
 * a checkers-engine protocol session (every line a command, searches
 * inline and shallow), or a replay file. Any input must give AR_OK or
 * AR_ERR_INPUT with a message, never a crash, a hang or a read past the
 * input. Seeds: fuzz/corpus/checkers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/checkers/checkers_match.h"
#include "games/checkers/checkers_pdn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text;
    ar_error err;
    if (size < 1 || size > 1 << 16)
        return 0;
    text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    ar_error_clear(&err);
    switch (data[0] % 5) {
    case 0: {
        ck_board b, back;
        if (ar_checkers_parse_fen(text, size - 1, &b, NULL, &err) == AR_OK) {
            ck_move list[CK_MAX_MOVES];
            unsigned n = ar_checkers_legal(&b, list), i;
            char fen[200];
            for (i = 0; i < n; i++) {
                char mv[64];
                ck_move m;
                ar_checkers_move_text(&list[i], mv, sizeof mv);
                if (ar_checkers_parse_move(&b, mv, strlen(mv), &m, &err) != AR_OK)
                    abort(); /* what we write must read back */
            }
            ar_checkers_format_fen(&b, fen, sizeof fen);
            if (ar_checkers_parse_fen(fen, strlen(fen), &back, NULL, &err) != AR_OK || memcmp(&b, &back, sizeof b))
                abort();
            (void)ar_checkers_perft(&b, 2);
        } else if (err.message[0] == 0) {
            abort();
        }
        break;
    }
    case 1: {
        size_t pos = 0, last = (size_t)-1;
        unsigned games = 0;
        while (games < 64 && pos != last) {
            ck_game g;
            ar_status st;
            last = pos;
            st = ar_checkers_pdn_read(text, &pos, &g, &err);
            if (st == AR_OK) { /* what we write must read back as the same game */
                FILE *f = tmpfile();
                if (f) {
                    long len;
                    ar_checkers_pdn_write(f, &g);
                    len = ftell(f);
                    rewind(f);
                    if (len > 0) {
                        char *back = calloc(1, (size_t)len + 1);
                        size_t at = 0;
                        ck_game h;
                        if (back && fread(back, 1, (size_t)len, f) == (size_t)len) {
                            if (ar_checkers_pdn_read(back, &at, &h, &err) != AR_OK || h.count != g.count ||
                                (g.count && memcmp(h.moves, g.moves, g.count * sizeof g.moves[0])) ||
                                strcmp(h.result, g.result))
                                abort();
                            ar_checkers_game_free(&h);
                        }
                        free(back);
                    }
                    fclose(f);
                }
            } else if (st == AR_ERR_INPUT && err.message[0] == 0) {
                abort();
            }
            ar_checkers_game_free(&g);
            if (st != AR_OK)
                break;
            games++;
        }
        break;
    }
    case 2: {
        ck_board b;
        const char *p = text;
        ar_checkers_startpos(&b);
        while (*p) {
            size_t n = strcspn(p, " ");
            ck_move m;
            if (n && ar_checkers_parse_move(&b, p, n, &m, &err) == AR_OK)
                ar_checkers_make(&b, &m);
            else if (n && err.message[0] == 0)
                abort();
            p += n;
            while (*p == ' ')
                p++;
        }
        break;
    }
    case 3:
        ar_checkers_engine_run_text(text, size - 1);
        break;
    default: {
        char why[600];
        why[0] = 0;
        if (ar_checkers_replay_check(text, size - 1, why, sizeof why) != 0 && (why[0] == 0 || strchr(why, '\n')))
            abort(); /* a refusal must say why, on one line */
        break;
    }
    }
    free(text);
    return 0;
}
