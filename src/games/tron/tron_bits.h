/* tron_bits.h — what tron_biteval.c (the bitboard evaluation) and
 * tron_bitparts.c (its articulation points and proven bound) share: bit
 * helpers on the rows of tron_bits (tron_internal.h), and the functions
 * each gives the other. A cell is a bit index j = 64 * row + column, its
 * row the word j >> 6. */
#ifndef ARIADNE_TRON_BITS_H
#define ARIADNE_TRON_BITS_H

#include "tron_art.h"
#include "tron_internal.h"

#define BIT(j) ((uint64_t)1 << ((j) & 63))

/* The bits set in x, inline (the compiler's builtin is a library call on
 * x86-64 without the popcnt instruction, which a portable build cannot
 * assume). */
static inline int popcount64(uint64_t x)
{
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The checkerboard colour of bit index j (as tron_board.colour). */
static inline int colour_of(int j) { return (j ^ j >> 6) & 1; }
static inline int is_art(const tron_bits *t, int j) { return (int)(t->art[j >> 6] >> (j & 63) & 1u); }

/* Neighbour offsets of a bit index, N E S W as tron_delta. */
static const int bit_dl[4] = {-64, 1, 64, -1};

/* The cells of mask m in the runs (of consecutive bits of m) that hold a
 * bit of s (s within m): the fill of a row from its seeds. Upward by the
 * carry of an addition (bit 63 is never in m: the frame), downward by
 * doubling shifts (runs are shorter than 64). */
static inline uint64_t row_fill(uint64_t s, uint64_t m)
{
    uint64_t up = (((m + s) ^ m) & m) | s, g = up, p = m;
    g |= p & g >> 1;
    p &= p >> 1;
    g |= p & g >> 2;
    p &= p >> 2;
    g |= p & g >> 4;
    p &= p >> 4;
    g |= p & g >> 8;
    p &= p >> 8;
    g |= p & g >> 16;
    p &= p >> 16;
    return g | (p & g >> 32);
}

/* (tron_biteval.c) The flood fill of cell s through the region's cells
 * (t->reg) that are neither seen nor articulation points (s among them),
 * into t->cham rows *plo..*phi, sweeping rows lo..hi. */
void ar_tron_bits_flood(tron_bits *t, int s, int lo, int hi, int *plo, int *phi);
/* (tron_bitparts.c) The articulation points of the region in t->reg (rows
 * lo..hi, the root's bit set: the root is never one) into t->art. */
void ar_tron_bits_articulation(tron_bits *t, int root, int lo, int hi);
/* (tron_bitparts.c) ar_tron_fill_upper's bound of that region from root,
 * given t->art. Uses t->seen and t->cham (left clear). */
int ar_tron_bits_upper(tron_bits *t, int root, int lo, int hi);

#endif
