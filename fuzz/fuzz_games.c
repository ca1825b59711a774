/* fuzz_games.c — libFuzzer target for every game's position and move parsers.
 *
 * Input: one byte choosing the game and a variant, then the position text up
 * to the first newline, then a move text. A parser must either reject the
 * text with AR_ERR_INPUT and a message, or accept it; what it accepts must
 * survive format -> parse unchanged, a move it accepts must be legal, and
 * apply then undo must restore the position. In a simultaneous position the
 * move is one player's, played with the others' first legal moves; in a game
 * with hidden information every player's view must survive format -> parse
 * too. Any crash, sanitizer report or abort() below is a bug.
 *
 * Build: CC=clang cmake -S . -B build-fuzz -DARIADNE_FUZZ=ON, then run
 * build-fuzz/fuzz/fuzz_games (seed inputs: fuzz/corpus/games if present). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ar_game *const *games = ar_games();
    const ar_game *g;
    size_t ngames = 0, split;
    unsigned sel;
    ar_param params[3];
    size_t np = 0;
    char value[8], value2[8];
    ar_variant *v;
    ar_error err;
    char *text;
    unsigned char *pos, *again, *saved;
    size_t psize;
    if (size < 1)
        return 0;
    while (games[ngames])
        ngames++;
    sel = data[0];
    g = games[sel % ngames];
    /* A variant from the selector's upper bits. */
    if (strcmp(g->name, "nim") == 0) {
        unsigned k = (sel >> 4) & 3u;
        if (k == 3) {
            params[np].name = "take";
            params[np++].value = "half";
        } else {
            snprintf(value, sizeof value, "%u", k + 1);
            params[np].name = "k";
            params[np++].value = value;
        }
        if (sel & 0x40u) {
            params[np].name = "misere";
            params[np++].value = NULL;
        }
    } else if (strcmp(g->name, "bridgit") == 0) {
        snprintf(value, sizeof value, "%u", 2 + ((sel >> 4) % 11u));
        params[np].name = "size";
        params[np++].value = value;
    } else if (strcmp(g->name, "goofspiel") == 0) {
        snprintf(value, sizeof value, "%u", 2 + ((sel >> 4) & 3u));
        params[np].name = "players";
        params[np++].value = value;
        snprintf(value2, sizeof value2, "%u", 3 + 5 * ((sel >> 6) & 1u));
        params[np].name = "cards";
        params[np++].value = value2;
        if (sel & 0x80u) {
            params[np].name = "hidden";
            params[np++].value = NULL;
        }
    } else if (strcmp(g->name, "brag") == 0) {
        snprintf(value, sizeof value, "%u", 2 + ((sel >> 4) & 7u));
        params[np].name = "players";
        params[np++].value = value;
    } else if (strcmp(g->name, "guessit") == 0) {
        snprintf(value, sizeof value, "%u", 1 + ((sel >> 4) % 5u));
        params[np].name = "hand";
        params[np++].value = value;
    } else if (strcmp(g->name, "blackjack") == 0) {
        static const char *const decks[4] = {"6", "1", "inf", "8"};
        params[np].name = "decks";
        params[np++].value = decks[(sel >> 4) & 3u];
        if (sel & 0x40u) {
            params[np].name = "surrender";
            params[np++].value = NULL;
        }
    }
    if (ar_game_create(g, params, np, &v, &err) != AR_OK)
        return 0;
    data++;
    size--;
    for (split = 0; split < size && data[split] != '\n'; split++)
        ;
    text = malloc(size + 1);
    memcpy(text, data, split);
    text[split] = '\0';
    psize = g->position_size(v);
    pos = calloc(1, psize);
    again = calloc(1, psize);
    saved = calloc(1, psize);
    ar_error_clear(&err);
    if (g->parse_position(v, text, pos, &err) != AR_OK) {
        if (!err.message[0])
            abort(); /* a rejection must say why */
    } else {
        char buf[4096];
        g->format_position(v, pos, buf, sizeof buf);
        if (g->parse_position(v, buf, again, &err) != AR_OK ||
            ar_game_hash(g, v, again) != ar_game_hash(g, v, pos))
            abort(); /* format_position wrote what parse_position rejects or changes */
        if (g->draw)
            g->draw(v, pos, buf, sizeof buf);
        if (g->observe) {
            int p;
            for (p = 0; p < ar_game_players(g, v); p++) {
                ar_game_observe(g, v, pos, p, saved);
                g->format_position(v, saved, buf, sizeof buf);
                if (g->parse_position(v, buf, again, &err) != AR_OK ||
                    ar_game_hash(g, v, again) != ar_game_hash(g, v, saved))
                    abort(); /* a view must read back like a position */
            }
        }
        if (g->outcome(v, pos) == AR_ONGOING && g->to_move(v, pos) == AR_PLAYER_SIMULTANEOUS) {
            int who = (int)(sel % (unsigned)ar_game_players(g, v)), p;
            size_t mlen = split < size ? size - split - 1 : 0;
            const char *mtext = split < size ? (const char *)data + split + 1 : "";
            ar_gmove m, all[AR_MAX_PLAYERS];
            ar_error_clear(&err);
            if (g->parse_move(v, pos, who, mtext, mlen, &m, &err) != AR_OK) {
                if (!err.message[0])
                    abort();
            } else {
                ar_gmove *first = malloc(sizeof *first * (g->max_moves(v, pos) + 1));
                int complete = 1;
                if (!ar_game_is_legal(g, v, pos, who, m))
                    abort(); /* parse_move accepted an illegal move */
                for (p = 0; p < ar_game_players(g, v); p++) {
                    all[p] = p == who ? m : g->legal_moves(v, pos, p, first) ? first[0] : AR_GMOVE_NONE;
                    complete &= all[p] != AR_GMOVE_NONE;
                }
                /* A joint move (no apply_simultaneous) needs every player's. */
                if (complete || g->apply_simultaneous)
                    ar_game_apply_simultaneous(g, v, pos, all);
                free(first);
            }
        } else if (g->outcome(v, pos) == AR_ONGOING && g->to_move(v, pos) >= 0) {
            int who = g->to_move(v, pos);
            size_t mlen = split < size ? size - split - 1 : 0;
            const char *mtext = split < size ? (const char *)data + split + 1 : "";
            ar_gmove m;
            ar_error_clear(&err);
            if (g->parse_move(v, pos, who, mtext, mlen, &m, &err) != AR_OK) {
                if (!err.message[0])
                    abort();
            } else {
                if (!ar_game_is_legal(g, v, pos, who, m))
                    abort(); /* parse_move accepted an illegal move */
                g->format_move(v, pos, who, m, buf, sizeof buf);
                memcpy(saved, pos, psize);
                g->apply(v, pos, m);
                if (g->undo) {
                    g->undo(v, pos, m);
                    if (ar_game_hash(g, v, pos) != ar_game_hash(g, v, saved))
                        abort(); /* undo did not restore the position */
                }
            }
        }
    }
    free(pos);
    free(again);
    free(saved);
    free(text);
    g->destroy(v);
    return 0;
}
