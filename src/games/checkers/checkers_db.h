/* checkers_db.h — what the endgame database files of the checkers folder
 * share: material classes, the index of a position within its class, the
 * values, and the file format (checkers_db.c), the builder
 * (checkers_db_build.c) and the verifier. Nothing outside the folder
 * includes it.
 *
 * Only positions with Black to move are stored: a position with White to
 * move is the board turned half a turn with the colours swapped (square n
 * becomes 33 - n), which has Black to move. A class is the material
 * (Black's men and kings, White's men and kings), both sides with at least
 * one piece; a position's index within its class is dense — black men by
 * their colex rank among squares 1-28, white men among the squares 5-32
 * that black men leave, then black kings and white kings among the squares
 * still free — so a class of b men, B kings, w men and W kings has exactly
 * as many entries as there are such positions.
 *
 * An entry is one byte: 0 a draw, else the distance d (plies) to the end of
 * the game with best play plus one; an odd d is a win for the side to move
 * (it makes the last move), an even d a loss (0: no move now). */
#ifndef ARIADNE_CHECKERS_DB_H
#define ARIADNE_CHECKERS_DB_H

#include "ariadne/search.h"
#include "checkers_engine.h"

#define CK_DB_MAX_PIECES 6 /* what the index supports; the tools build up to 5 */
#define CK_DB_MAGIC "ARCKDB01"

typedef struct ck_class {
    uint8_t bm, bk, wm, wk;
    uint64_t size;
    uint32_t *offset;   /* per colex rank of the black men: the first index */
    uint32_t kb, kw;    /* placements of black kings, then of white kings */
    uint8_t *values;    /* size entries (allocated, or inside a mapped file) */
    uint64_t wins, losses, draws; /* for the side to move */
    unsigned longest;   /* the longest distance (plies) */
} ck_class;

struct ck_db {
    int pieces;
    ck_class *cls[CK_DB_MAX_PIECES + 1][CK_DB_MAX_PIECES + 1][CK_DB_MAX_PIECES + 1][CK_DB_MAX_PIECES + 1];
    void *map[CK_DB_MAX_PIECES + 1]; /* mapped files (NULL when built in memory) */
    size_t map_len[CK_DB_MAX_PIECES + 1];
};

uint64_t ar_checkers_binomial(int n, int k);
/* Makes the layout of a class (offsets, sizes); values left NULL. */
ck_class *ar_checkers_class_new(int bm, int bk, int wm, int wk);
void ar_checkers_class_free(ck_class *c, int free_values);
/* The class of a board's material (Black to move assumed) or NULL. */
static inline ck_class *ck_db_class(const ck_db *db, uint32_t bm, uint32_t bk, uint32_t wm, uint32_t wk)
{
    int a = ck_popcount(bm), b = ck_popcount(bk), c = ck_popcount(wm), d = ck_popcount(wk);
    if (a + b + c + d > db->pieces)
        return NULL;
    return db->cls[a][b][c][d];
}
/* The index of the position with these pieces (32-bit packed masks, square
 * n in bit n-1) in class c, and back. */
uint64_t ar_checkers_index(const ck_class *c, uint32_t bm, uint32_t bk, uint32_t wm, uint32_t wk);
void ar_checkers_unindex(const ck_class *c, uint64_t index, uint32_t *bm, uint32_t *bk, uint32_t *wm,
                         uint32_t *wk);
/* Board <-> packed masks with Black to move: a White-to-move board is
 * turned and its colours swapped. */
void ar_checkers_db_masks(const ck_board *b, uint32_t *bm, uint32_t *bk, uint32_t *wm, uint32_t *wk);
void ar_checkers_db_board(uint32_t bm, uint32_t bk, uint32_t wm, uint32_t wk, ck_board *out);
/* The entry of a board (either side to move) in db: -1 when not covered. */
int ar_checkers_db_entry(const ck_db *db, const ck_board *b);

/* Decoding an entry. */
static inline int ck_db_result(unsigned v) { return v == 0 ? CK_DB_DRAW : (v & 1) ? CK_DB_LOSS : CK_DB_WIN; }

/* An empty database (no classes) for up to `pieces` pieces; the builder
 * fills it class by class. */
ck_db *ar_checkers_db_new(int pieces);
/* The classes of n pieces (both sides present), in a fixed order. */
unsigned ar_checkers_db_classes(int n, int (*out)[4], unsigned max);
/* Writes the classes of n pieces of db to path (the file format above);
 * AR_ERR_IO naming the file. */
ar_status ar_checkers_db_write(const ck_db *db, int n, const char *path, ar_error *err);
/* The file name of n pieces in dir. */
void ar_checkers_db_path(const char *dir, int n, char *buf, size_t size);
/* Checks a file's header and checksum without loading it for probing;
 * fills counts. */
ar_status ar_checkers_db_check_file(const char *path, int n, uint64_t *entries, ar_error *err);

/* Builds the classes of from..to pieces into db (those of fewer pieces must
 * be there already) on `threads` threads under so's limits and progress
 * line; *positions gets the positions built. AR_ERR_LIMIT with *stop set
 * when a limit or Ctrl-C stopped it. */
ar_status ar_checkers_db_build(ck_db *db, int from, int to, unsigned threads, const ar_search_options *so,
                               uint64_t *positions, ar_stop_reason *stop, ar_error *err);
/* Recomputes every entry of the n-piece classes from its moves' entries and
 * checks that index and position correspond; *bad counts disagreements
 * (first_bad describes the first). */
ar_status ar_checkers_db_verify(const ck_db *db, int n, unsigned threads, const ar_search_options *so,
                                uint64_t *checked, uint64_t *bad, char *first_bad, size_t size,
                                ar_stop_reason *stop, ar_error *err);

#endif
