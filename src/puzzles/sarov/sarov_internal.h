/* sarov_internal.h — what the files of the Sarov towers domain share, and
 * nothing outside src/puzzles/sarov/ sees: the brick and move codings, the
 * instance, positions as column arrays with the rules of a move on them, and
 * the entry points each file offers the others (the bound of sarov_bound.c,
 * the solver of sarov_solve.c, the generator of sarov_generate.c).
 *
 * The position helpers are static inline because the solver's inner loop
 * runs on them; everything else is an ordinary function of one file. */
#ifndef ARIADNE_SAROV_INTERNAL_H
#define ARIADNE_SAROV_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "ariadne/puzzle.h"
#include "ariadne/search.h"

#define SV_NUMS 7 /* bricks per colour, numbered 0..6 */
#define SV_MIN_COLOURS 2
#define SV_MAX_COLOURS 16
#define SV_MAX_COLS (SV_MAX_COLOURS + 2)
#define SV_MAX_BRICKS (SV_MAX_COLOURS * SV_NUMS)
#define SV_FLOOR SV_MAX_BRICKS /* "the brick below" of a brick standing on the floor */
#define SV_NONE 0xFF

/* A brick is one byte: colour * 7 + number. */
static inline int sv_colour(int b) { return b / SV_NUMS; }
static inline int sv_num(int b) { return b % SV_NUMS; }

/* Brick `up` stands in sequence on brick `down`: same colour, one smaller.
 * With the colour*7+number coding that is up + 1 == down within one colour. */
static inline int sv_linked(int down, int up) { return up + 1 == down && down % SV_NUMS != 0; }

struct ar_instance {
    int colours;
    int ncols;
    int nbricks;
    /* The start state in the packed layout below. */
    unsigned char start[SV_MAX_COLS + SV_MAX_BRICKS];
};

/* Packed state (what the interface sees): ncols height bytes, then the bricks
 * of column 1 bottom to top, then those of column 2, and so on. Column
 * identities are kept because moves name columns; the solver forgets them. */
static inline size_t sv_state_size(const ar_instance *in)
{
    return (size_t)(in->ncols + in->nbricks);
}

/* ------------------------------------------------------------------------ */
/* Moves: from | to << 5 | run length << 10 | "lands in sequence" << 14.     */
/* The run length lets undo work from the move alone; the in-sequence bit     */
/* tells whether the run merged with the brick it landed on (then moving it   */
/* back would take a longer run, so the move has no inverse).                 */

static inline ar_move sv_move_code(int from, int to, int len, int merged)
{
    return (ar_move)((unsigned)from | (unsigned)to << 5 | (unsigned)len << 10 |
                     (unsigned)(merged != 0) << 14);
}
static inline int sv_move_from(ar_move m) { return (int)(m & 31u); }
static inline int sv_move_to(ar_move m) { return (int)(m >> 5 & 31u); }
static inline int sv_move_len(ar_move m) { return (int)(m >> 10 & 15u); }
static inline int sv_move_merged(ar_move m) { return (int)(m >> 14 & 1u); }

/* ------------------------------------------------------------------------ */
/* Positions as column arrays (the form move generation and bounds work on)  */

typedef struct sv_pos {
    int ncols;
    unsigned char h[SV_MAX_COLS];
    unsigned char c[SV_MAX_COLS][SV_MAX_BRICKS];
} sv_pos;

static inline void sv_unpack(const ar_instance *in, const unsigned char *s, sv_pos *p)
{
    int i, k = in->ncols;
    p->ncols = in->ncols;
    for (i = 0; i < in->ncols; i++) {
        p->h[i] = s[i];
        memcpy(p->c[i], s + k, s[i]);
        k += s[i];
    }
}

/* Length of the run on top of column i (0 if empty). */
static inline int sv_run_len(const sv_pos *p, int i)
{
    int h = p->h[i], len;
    if (h == 0)
        return 0;
    len = 1;
    while (len < h && sv_linked(p->c[i][h - len - 1], p->c[i][h - len]))
        len++;
    return len;
}

/* Whether the run of column f may go on column t, and whether it lands in
 * sequence (merged); 0 when illegal. */
static inline int sv_can_move(const sv_pos *p, int f, int t, int len, int *merged)
{
    int bottom, top;
    if (f == t || p->h[f] == 0)
        return 0;
    bottom = p->c[f][p->h[f] - len];
    if (p->h[t] == 0) {
        *merged = 0;
        return 1;
    }
    top = p->c[t][p->h[t] - 1];
    if (sv_colour(top) != sv_colour(bottom) || sv_num(top) <= sv_num(bottom))
        return 0; /* also covers "nothing goes on a 0" */
    *merged = sv_linked(top, bottom);
    return 1;
}

static inline void sv_pos_move(sv_pos *p, int f, int t, int len)
{
    memcpy(p->c[t] + p->h[t], p->c[f] + p->h[f] - len, (size_t)len);
    p->h[t] = (unsigned char)(p->h[t] + len);
    p->h[f] = (unsigned char)(p->h[f] - len);
}

/* Every legal move of a position, from column 0 up and, for each, to column 0
 * up (the order the interface and the solver's replay both rely on). */
static inline unsigned sv_pos_legal_moves(const sv_pos *p, ar_move *moves)
{
    unsigned n = 0;
    int f, t;
    for (f = 0; f < p->ncols; f++) {
        int len = sv_run_len(p, f);
        if (!len)
            continue;
        for (t = 0; t < p->ncols; t++) {
            int merged;
            if (sv_can_move(p, f, t, len, &merged))
                moves[n++] = sv_move_code(f, t, len, merged);
        }
    }
    return n;
}

/* ------------------------------------------------------------------------ */
/* sarov_bound.c: the admissible lower bound                                 */

/* The bound of a position at a given level: 0 bad links; 1 adds the
 * self-cycles, blocks above their own successor; 2 adds the packing of
 * longer cycles. Each level is admissible and at least the one before. */
enum { SV_BOUND_LINKS = 0, SV_BOUND_SELF = 1, SV_BOUND_FULL = 2 };
unsigned ar_sarov_bound(const sv_pos *p, int level);

/* The generic heuristics ("order", "runs") over the packed state. */
extern const ar_heuristic ar_sarov_heuristics[];

/* ------------------------------------------------------------------------ */
/* sarov_solve.c: the solver                                                 */

/* The domain solvers ("sarov-astar"). */
extern const ar_domain_solver ar_sarov_solvers[];

/* Whether a layout is solvable, decided by the solver's weighted pass within
 * an effort cap: 1 solvable, 0 proven unsolvable, -1 undecided. */
int ar_sarov_solvable(const ar_instance *in);

/* ------------------------------------------------------------------------ */
/* sarov_generate.c: random layouts                                          */

ar_status ar_sarov_generate(const ar_param *params, size_t param_count, uint64_t seed,
                            char **text, ar_error *err);

#endif
