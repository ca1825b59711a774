/* checkers_pdn.h — a checkers game as PDN reads and writes it
 * (checkers_pdn.c): its start, its moves (path codes), its result and its
 * tags. Used by the PDN tool, the match front end and the learner. */
#ifndef ARIADNE_CHECKERS_PDN_H
#define ARIADNE_CHECKERS_PDN_H

#include <stdio.h>
#include "checkers_internal.h"

#define CK_PDN_TAGS 24

typedef struct ck_game {
    ck_board start;
    int has_fen;
    uint32_t *moves;
    unsigned count, cap;
    char result[8]; /* "1-0" (Black won), "0-1", "1/2-1/2", "*" */
    char tags[CK_PDN_TAGS][2][160];
    unsigned ntags;
} ck_game;

void ar_checkers_game_init(ck_game *g);
void ar_checkers_game_free(ck_game *g);
void ar_checkers_game_push(ck_game *g, uint32_t code);
/* Sets a tag (replacing one of the same name). */
void ar_checkers_game_tag(ck_game *g, const char *name, const char *value);
const char *ar_checkers_game_get_tag(const ck_game *g, const char *name);
/* Reads the game of PDN text at *pos (advanced past it); AR_ERR_INPUT with
 * the line, the move number and the side for an illegal move; AR_ERR_UNSUPPORTED
 * (no message) at the end of the text. g must be freed in every case. */
ar_status ar_checkers_pdn_read(const char *text, size_t *pos, ck_game *g, ar_error *err);
/* Writes a game: the tag roster, GameType 21, FEN when it does not start
 * from the initial position, the moves wrapped at 79 columns, the result. */
void ar_checkers_pdn_write(FILE *out, const ck_game *g);

#endif
