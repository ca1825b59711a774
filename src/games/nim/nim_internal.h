/* nim_internal.h — what the two files of nim share: the variant, the
 * position layout and the move code (nim.c has the rules, nim_strategies.c
 * the perfect players and the evaluations built on them).
 *
 * A move code packs up to four 16-bit slots (heap index << 12 | matches), by
 * increasing heap; unused slots are zero. */
#ifndef ARIADNE_NIM_INTERNAL_H
#define ARIADNE_NIM_INTERNAL_H

#include <stdint.h>
#include "ariadne/game.h"

#define NIM_HEAPS 16
#define NIM_MAX_HEAP 4095
#define NIM_MAX_K 4
#define NIM_MOVE_CAP 1000000u /* positions with more moves are refused (Nim_k only) */

enum { TAKE_ANY, TAKE_HALF };

struct ar_variant {
    int take;
    int misere;
    unsigned k;
};

typedef struct nim_pos {
    unsigned char count;   /* number of heaps, 1..16 */
    unsigned char to_move; /* 0 first, 1 second */
    uint16_t heap[NIM_HEAPS]; /* unused heaps are 0 */
} nim_pos;

#define SLOT(m, i) ((unsigned)((m) >> (16 * (i))) & 0xFFFFu)
#define SLOT_HEAP(s) ((s) >> 12)
#define SLOT_TAKE(s) ((s) & 0xFFFu)

/* Whether every heap is empty (the game is over). */
static inline int nim_all_empty(const nim_pos *p)
{
    unsigned i;
    for (i = 0; i < p->count; i++)
        if (p->heap[i])
            return 0;
    return 1;
}

/* nim_strategies.c: Bouton's, Moore's and the one-pile rules, and the
 * evaluations ("zero" first, the default). */
extern const ar_game_strategy ar_nim_strategies[];
extern const ar_game_eval ar_nim_evals[];

#endif
