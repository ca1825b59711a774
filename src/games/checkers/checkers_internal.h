/* checkers_internal.h — what the files of the checkers folder share about
 * the rules: the board, moves, move generation, making moves, perft, the
 * position text (PDN FEN) and the move notation. The engine, the endgame
 * databases and the tools above it are in checkers_engine.h. Nothing outside
 * src/games/checkers includes it.
 *
 * The board is the lecture notes' numbered board with "ghost" squares: the
 * 32 playable squares 1..32 (standard numbering, 1-4 on Black's side) sit in
 * bits 0..34 of a 64-bit word with bits 8, 17 and 26 left empty, so that
 * every diagonal step is a constant shift — +4 and +5 towards White's side
 * (Black's forward moves), -4 and -5 towards Black's side — and a jump is
 * twice a step. A step off the board lands on a ghost bit or outside bits
 * 0..34, and no piece ever stands there, so edges need no masks of their
 * own. Square n (1..32) is bit n-1 + (n-1)/8.
 *
 * A move is described by its path: the origin, then the direction of each
 * jump (or of the one step of a simple move). As a game move code (game.h)
 * it is
 *
 *     bits  0-4   origin square - 1 (0..31)
 *     bits  5-8   jumps (0: a simple move)
 *     bits  9-26  direction of step/jump i in bits 9+2i..10+2i:
 *                 0 = +4, 1 = +5, 2 = -4, 3 = -5
 *
 * A move captures at most 9 pieces (every captured piece stands on an inner
 * square of one colour class, and there are 9), so a code fits in 27 bits.
 * Two capture paths that take the same pieces to the same square are two
 * moves (as in the published perft counts). */
#ifndef ARIADNE_CHECKERS_INTERNAL_H
#define ARIADNE_CHECKERS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/error.h"

enum { CK_BLACK = 0, CK_WHITE = 1 }; /* Black moves first; player 0 of the game */

#define CK_VALID 0x7FBFDFEFFULL  /* the 32 playable bits */
#define CK_ROW_FIRST 0x0000000FULL  /* squares 1-4: White's men are crowned here */
#define CK_ROW_LAST 0x780000000ULL  /* squares 29-32: Black's men are crowned here */
#define CK_MAX_MOVES 128 /* more than any position has; the generator never writes past it */
#define CK_MAX_JUMPS 9
#define CK_NO_MOVE 0xFFFFFFFFu /* not a path code (codes use 27 bits; 0 is the move 1-5) */

typedef struct ck_board {
    uint64_t pieces[2]; /* by colour, kings included */
    uint64_t kings;
    uint32_t stm;       /* side to move */
    uint32_t pad;       /* always 0 (boards are compared and hashed as bytes) */
} ck_board;

typedef struct ck_move {
    uint64_t captured;  /* bits of the pieces it takes */
    uint32_t code;      /* the path code above */
    uint8_t from, to;   /* bits (0..34) */
    uint8_t crown;      /* a man reaches the last row */
    uint8_t king;       /* the mover is a king */
} ck_move;

static inline uint64_t ck_bit(int b) { return (uint64_t)1 << b; }
/* Population count. Without the POPCNT instruction (the portable x86-64
 * baseline) the compiler would call a library routine; this is the
 * branch-free sum of bit fields instead, several times faster. */
static inline int ck_popcount(uint64_t b)
{
#if defined(__x86_64__) && !defined(__POPCNT__)
    b = b - ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((b * 0x0101010101010101ULL) >> 56);
#else
    return __builtin_popcountll(b);
#endif
}
static inline int ck_pop_lsb(uint64_t *b)
{
    int s = __builtin_ctzll(*b);
    *b &= *b - 1;
    return s;
}
/* Square 1..32 <-> bit. */
static inline int ck_square_bit(int n) { return n - 1 + (n - 1) / 8; }
static inline int ck_bit_square(int b) { return b - b / 9 + 1; }
/* The 32 playable bits packed into 32 consecutive bits (square n -> bit n-1). */
static inline uint32_t ck_pack(uint64_t b)
{
    return (uint32_t)((b & 0xFF) | ((b >> 1) & 0xFF00) | ((b >> 2) & 0xFF0000) | ((b >> 3) & 0xFF000000));
}
static inline uint64_t ck_unpack(uint32_t p)
{
    uint64_t b = p;
    return (b & 0xFF) | ((b & 0xFF00) << 1) | ((b & 0xFF0000) << 2) | ((b & 0xFF000000) << 3);
}
static inline uint64_t ck_empty(const ck_board *b) { return CK_VALID & ~(b->pieces[0] | b->pieces[1]); }
/* The step of direction d (0..3) in bits. */
static inline int ck_dir_step(int d) { return d == 0 ? 4 : d == 1 ? 5 : d == 2 ? -4 : -5; }

/* --- the rules (checkers_movegen.c) --- */
void ar_checkers_startpos(ck_board *b);
/* All legal moves in a fixed order (captures only when one exists); the count. */
unsigned ar_checkers_legal(const ck_board *b, ck_move *out);
/* The legal captures only (none when the side to move cannot capture). */
unsigned ar_checkers_captures(const ck_board *b, ck_move *out);
int ar_checkers_can_capture(const ck_board *b);
/* The number of legal moves, without listing the simple ones. */
unsigned ar_checkers_count_moves(const ck_board *b);
void ar_checkers_make(ck_board *b, const ck_move *m);
/* Leaf nodes of the move tree to depth plies (bulk-counted at the last ply). */
uint64_t ar_checkers_perft(const ck_board *b, int depth);
/* A 64-bit hash of the board and the side to move. */
static inline uint64_t ck_hash(const ck_board *b)
{
    uint64_t h = b->pieces[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (h >> 29) ^ (b->pieces[1] * 0xC2B2AE3D27D4EB4FULL);
    h ^= (h >> 32) ^ (b->kings * 0x165667B19E3779F9ULL);
    h ^= b->stm ? 0xD6E8FEB86659FD93ULL : 0;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}
/* The move whose path code is code, or NULL when it is not legal (list holds
 * the n legal moves). */
const ck_move *ar_checkers_find_code(const ck_move *list, unsigned n, uint32_t code);

/* --- text (checkers_notation.c) --- */
/* PDN FEN ("B:W21,22,...,32:B1,...,12", kings as K18, ranges 1-12 read, an
 * optional trailing '.'). Strict: AR_ERR_INPUT naming the field and the
 * fault. *used (may be NULL) is how much of text was read. */
ar_status ar_checkers_parse_fen(const char *text, size_t len, ck_board *b, size_t *used, ar_error *err);
/* Canonical FEN: side to move, White's then Black's pieces by square. */
void ar_checkers_format_fen(const ck_board *b, char *buf, size_t size);
/* "11-15", "22x15", "18x11x4" (every landing square of a multi-jump). buf
 * holds at least 40 bytes; returns the length. */
size_t ar_checkers_move_text(const ck_move *m, char *buf, size_t size);
/* A legal move from text (len bytes): "11-15", "22x15", "18x11x4", or a
 * capture by its first and last squares ("18x4") when that is unambiguous
 * or every such move leads to the same position. AR_ERR_INPUT otherwise, saying why
 * ("a capture is compulsory: 22x15 or 23x14"). */
ar_status ar_checkers_parse_move(const ck_board *b, const char *text, size_t len, ck_move *out, ar_error *err);
/* The board as a picture with square numbers; several lines. */
void ar_checkers_draw_board(const ck_board *b, char *buf, size_t size);

#endif
