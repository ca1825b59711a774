/* peg_internal.h — what the files of the peg-solitaire folder share: the
 * board (holes numbered in reading order, at most 64 so a position is one
 * 64-bit word with bit h set when hole h holds a peg), the jump tables, the
 * board's symmetries, the move code, and the instance. peg.c is the
 * descriptor and the rules, peg_board.c the board pictures, hole names and
 * notation, peg_solve.c the solvers (one peg by depth-first search; fewest
 * moves by breadth-first search over moves), peg_count.c that breadth-first
 * search (also the position count), and peg_tool.c `ariadne bfs peg` and the
 * bench suite. */
#ifndef ARIADNE_PEG_INTERNAL_H
#define ARIADNE_PEG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/puzzle.h"
#include "ariadne/tool.h"

#define PEG_MAX_SIDE 26   /* columns are lettered a..z */
#define PEG_MAX_HOLES 64  /* a position is one uint64_t */
#define PEG_MAX_CHAIN 15  /* jumps a move code can carry (see peg_pack) */
#define PEG_MAX_SYM 8

enum { PEG_UP, PEG_RIGHT, PEG_DOWN, PEG_LEFT };

typedef struct peg_board {
    unsigned rows, cols, holes;
    signed char cell[PEG_MAX_SIDE][PEG_MAX_SIDE]; /* hole number or -1 */
    unsigned char row[PEG_MAX_HOLES], col[PEG_MAX_HOLES];
    signed char over[PEG_MAX_HOLES][4], to[PEG_MAX_HOLES][4]; /* -1: no jump that way */
    int english;      /* the 33-hole English shape: holes have the notes' letters */
    unsigned nsym;    /* symmetries of the shape (1..8), the identity first */
    unsigned char perm[PEG_MAX_SYM][PEG_MAX_HOLES]; /* hole h goes to perm[s][h] */
} peg_board;

struct ar_instance {
    peg_board b;
    uint64_t start;
    int finish;       /* the goal: one peg at this hole, or -1: one peg anywhere */
    int letters;      /* write moves in the notes' letters (English board only) */
    unsigned max_moves;
    int no_beam;      /* tests: the dfs solver without its beam (peg_solve.c) */
};

/* --- peg_board.c --- */
/* Reads a picture ('o' peg, '.' empty hole, ' ' no hole; rows by newlines or
 * '/') into b and the start position; NULL or the reason (with *line). */
const char *ar_peg_parse_picture(const char *text, size_t len, peg_board *b, uint64_t *start,
                                 unsigned *line);
/* Completes b from its cells: hole numbers, jump tables, symmetries, shape. */
void ar_peg_board_finish(peg_board *b);
/* The built-in boards by name ("english", "french"); NULL if unknown. */
const char *ar_peg_builtin(const char *name);
/* The hole named by "d4" (column letter, row from the top) or, on the English
 * board, a letter of the notes; -1 if none. */
int ar_peg_hole(const peg_board *b, const char *text, size_t len);
void ar_peg_hole_name(const peg_board *b, unsigned hole, char *buf, size_t size);
char ar_peg_letter(const peg_board *b, unsigned hole);
void ar_peg_picture(const peg_board *b, uint64_t pos, int framed, char *buf, size_t size);
/* The position's class in the rule of three (0..15): the pair of sums over
 * pegs of w^(r+c) and w^(r-c) in GF(4). */
unsigned ar_peg_class(const peg_board *b, uint64_t pos);
/* The image of pos under symmetry s; the least image under syms[0..n). */
uint64_t ar_peg_transform(const peg_board *b, unsigned s, uint64_t pos);

/* --- move codes (peg.c) --- */
/* A move is one peg's chain of 1..PEG_MAX_CHAIN jumps: the start hole (bits
 * 0-5), the first direction (bits 6-7), then the turns taken after each later
 * jump (0 straight, 1 left, 2 right; a chain never turns back, the peg it
 * jumped is gone) as a base-3 number offset by (3^L - 1)/2 for L turns, so
 * each length has its own range (bits 8-31). */
ar_move ar_peg_pack(unsigned start, const unsigned char *dirs, unsigned jumps);
unsigned ar_peg_unpack(ar_move m, unsigned *start, unsigned char *dirs);
/* The position after the move (which must be legal), and the landing hole. */
uint64_t ar_peg_play(const peg_board *b, uint64_t pos, ar_move m, unsigned *end);
/* Whether the chain is legal in pos. */
int ar_peg_legal(const peg_board *b, uint64_t pos, ar_move m);
unsigned ar_peg_chains(const peg_board *b, uint64_t pos, ar_move *moves, unsigned cap);

/* --- peg_solve.c --- */
extern const ar_domain_solver ar_peg_solvers[];
/* --- peg_tool.c --- */
extern const struct ar_tool ar_peg_tools[];
extern const struct ar_bench_suite ar_peg_bench_suites[];

/* Breadth-first search by moves over positions up to the symmetries of the
 * board that fix the start (peg_count.c): counts per move level and per peg
 * count, and stops at the first level that holds a goal when stop_at_goal. */
typedef struct peg_bfs {
    uint64_t by_move[80], by_pegs[PEG_MAX_HOLES + 1], total;
    unsigned levels;     /* move levels found (the last non-empty + 1) */
    int goal_level;      /* first move level holding a goal, or -1 */
    uint64_t goal;       /* that goal position */
    size_t table_bytes;
} peg_bfs;
struct ar_run;
/* Runs it; with moves non-NULL and a goal found, writes the moves of a
 * shortest solution (goal_level of them). AR_OK also when stopped (run->stop). */
ar_status ar_peg_bfs(const ar_instance *in, struct ar_run *run, int stop_at_goal, peg_bfs *out,
                     ar_move *moves, ar_error *err);
int ar_peg_is_goal(const ar_instance *in, uint64_t pos);
/* The symmetries of b that map the position/hole set to itself. */
unsigned ar_peg_stabiliser(const peg_board *b, uint64_t pos, int hole, unsigned char *syms);
uint64_t ar_peg_canon(const peg_board *b, const unsigned char *syms, unsigned n, uint64_t pos);

#endif
