/* chess_internal.h — what the files of the chess folder share: the board
 * (bitboards plus a square-indexed mailbox), moves, the rules (legal move
 * generation, make, FEN), notation (UCI, SAN, PGN), the evaluation and the
 * engine's search. Nothing outside src/games/chess includes it.
 *
 * Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63. A move is 16 bits:
 *
 *     bits  0-5   from square
 *     bits  6-11  to square
 *     bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
 *     bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
 *
 * Castling is written as the king's move (e1g1), as UCI writes it. The
 * move 0 (a1a1) is "no move". */
#ifndef ARIADNE_CHESS_INTERNAL_H
#define ARIADNE_CHESS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ariadne/error.h"

enum { CH_WHITE = 0, CH_BLACK = 1 };
enum { CH_PAWN = 0, CH_KNIGHT, CH_BISHOP, CH_ROOK, CH_QUEEN, CH_KING, CH_NO_TYPE };
#define CH_EMPTY 12 /* board[] value of an empty square; else colour * 6 + type */
#define CH_NO_SQ 64

enum { CH_CASTLE_WK = 1, CH_CASTLE_WQ = 2, CH_CASTLE_BK = 4, CH_CASTLE_BQ = 8 };
enum { CH_MOVE_NORMAL = 0, CH_MOVE_PROMO = 1, CH_MOVE_EP = 2, CH_MOVE_CASTLE = 3 };

typedef uint16_t ch_move;
#define CH_MOVE_NONE 0
#define CH_MAX_MOVES 256 /* the most legal moves of any position is 218 */

static inline ch_move ch_make_move(int from, int to, int kind, int promo)
{
    return (ch_move)(from | (to << 6) | (promo << 12) | (kind << 14));
}
static inline int ch_from(ch_move m) { return m & 63; }
static inline int ch_to(ch_move m) { return (m >> 6) & 63; }
static inline int ch_kind(ch_move m) { return m >> 14; }
static inline int ch_promo_type(ch_move m) { return CH_KNIGHT + ((m >> 12) & 3); }

typedef struct ch_board {
    uint64_t pieces[2][6]; /* by colour and type */
    uint64_t occ[2];       /* by colour */
    uint64_t all;
    uint64_t key;          /* Zobrist key of everything below and the pieces */
    uint8_t board[64];     /* colour * 6 + type, or CH_EMPTY */
    uint8_t stm;           /* side to move */
    uint8_t castling;      /* CH_CASTLE_* rights */
    uint8_t ep;            /* en passant target square, or CH_NO_SQ; set only when a
                              pawn of the side to move attacks it */
    uint8_t king[2];
    uint8_t pad;
    uint16_t halfmove;     /* plies since the last capture or pawn move */
    uint16_t fullmove;
    uint32_t pad2;
} ch_board;

/* --- bit tools and attack tables (chess_board.c) --- */
static inline uint64_t ch_bit(int sq) { return (uint64_t)1 << sq; }
static inline int ch_lsb(uint64_t b) { return __builtin_ctzll(b); }
static inline int ch_popcount(uint64_t b) { return __builtin_popcountll(b); }
static inline int ch_pop_lsb(uint64_t *b)
{
    int s = __builtin_ctzll(*b);
    *b &= *b - 1;
    return s;
}

typedef struct ch_magic {
    uint64_t mask, magic;
    const uint64_t *attacks;
    unsigned shift;
} ch_magic;

typedef struct ch_tables {
    uint64_t knight[64], king[64], pawn[2][64];
    uint64_t between[64][64]; /* squares strictly between two aligned squares */
    uint64_t line[64][64];    /* the whole line through two aligned squares */
    ch_magic rook[64], bishop[64];
    uint64_t zob_piece[12][64], zob_castle[16], zob_ep[8], zob_side;
} ch_tables;

/* The tables, made once (thread-safe) on first use. */
const ch_tables *ar_chess_tables(void);
extern const ch_tables *ar_chess_t; /* set by ar_chess_tables(); read only after it */

static inline uint64_t ch_rook_att(int sq, uint64_t occ)
{
    const ch_magic *m = &ar_chess_t->rook[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline uint64_t ch_bishop_att(int sq, uint64_t occ)
{
    const ch_magic *m = &ar_chess_t->bishop[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

/* Pieces of colour `by` attacking sq with occupancy occ. */
uint64_t ar_chess_attackers(const ch_board *b, int sq, int by, uint64_t occ);
/* Whether colour `by` attacks sq. */
int ar_chess_attacked(const ch_board *b, int sq, int by);
/* Whether the side to move is in check. */
static inline int ch_in_check(const ch_board *b)
{
    return ar_chess_attacked(b, b->king[b->stm], b->stm ^ 1);
}

/* --- the rules --- */
void ar_chess_startpos(ch_board *b);
/* FEN in (strict: AR_ERR_INPUT naming the field and the fault) and out. */
ar_status ar_chess_parse_fen(const char *text, size_t len, ch_board *b, size_t *used, ar_error *err);
void ar_chess_format_fen(const ch_board *b, char *buf, size_t size);
/* Plays a legal move in place (the caller copies the board to take it back). */
void ar_chess_make(ch_board *b, ch_move m);
/* Passes the move (null move); the side to move must not be in check. */
void ar_chess_make_null(ch_board *b);
/* All legal moves, in a fixed order; returns the count. */
unsigned ar_chess_legal(const ch_board *b, ch_move *out);
/* Legal captures and queen promotions only (for quiescence). */
unsigned ar_chess_legal_noisy(const ch_board *b, ch_move *out);
/* Whether the material left can never mate (K v K, K+minor v K, K+B v K+B
 * with bishops on one colour). */
int ar_chess_insufficient(const ch_board *b);
uint64_t ar_chess_perft(const ch_board *b, int depth);

/* --- notation (chess_notation.c) --- */
/* "e2e4", "e7e8q", "e1g1"; buf holds at least 6 bytes. */
void ar_chess_move_uci(ch_move m, char *buf);
/* SAN with check/mate suffix; buf holds at least 10 bytes. */
void ar_chess_move_san(const ch_board *b, ch_move m, char *buf);
/* A legal move from UCI or SAN text (len bytes); AR_ERR_INPUT otherwise. */
ar_status ar_chess_parse_move(const ch_board *b, const char *text, size_t len, ch_move *out,
                              ar_error *err);

/* A PGN game: its start, moves and result. */
typedef struct ch_game {
    ch_board start;
    ch_move *moves;
    unsigned count, cap;
    char result[8]; /* "1-0", "0-1", "1/2-1/2", "*" */
    char tags[16][2][96];
    unsigned ntags;
} ch_game;
/* Reads the first game of PGN text at *pos (advanced past it); AR_ERR_INPUT
 * with the move number and the move text for an illegal move. Returns
 * AR_ERR_UNSUPPORTED (no message) at the end of the text. */
ar_status ar_chess_pgn_read(const char *text, size_t *pos, ch_game *g, ar_error *err);
/* Writes a game as PGN (SAN moves, wrapped at 79 columns). */
void ar_chess_pgn_write(FILE *out, const ch_game *g);
void ar_chess_game_free(ch_game *g);
void ar_chess_game_push(ch_game *g, ch_move m);

#endif
