/* sudoku_internal.h — what the files of the Sudoku domain share.
 * sudoku.c: the puzzle (grids of 4x4 to 25x25, reading and writing them,
 * the notation, the constraint model, the descriptor); sudoku_solve.c: the
 * bitmask solver (singles, hidden singles, fewest candidates first), its
 * counter and the generator; sudoku_tool.c: `ariadne count sudoku` and
 * `ariadne bench sudoku` (the published hardest puzzles, and 10,000
 * generated puzzles side by side with Debian's qqwing). */
#ifndef ARIADNE_SUDOKU_INTERNAL_H
#define ARIADNE_SUDOKU_INTERNAL_H

#include <stdint.h>
#include "ariadne/csp.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"
#include "ariadne/run.h"

#define SUDOKU_MAX_BOX 5
#define SUDOKU_MAX_SIDE 25
#define SUDOKU_MAX_CELLS 625

/* The geometry of one size: box n, side n², cells n⁴, and each cell's
 * peers and units. */
typedef struct sudoku_shape {
    unsigned box, side, cells, npeers;
    uint32_t all;                              /* the side's values as a mask */
    uint16_t peers[SUDOKU_MAX_CELLS][3 * SUDOKU_MAX_SIDE];
    uint16_t units[3 * SUDOKU_MAX_SIDE][SUDOKU_MAX_SIDE]; /* rows, columns, boxes */
    uint16_t unit_of[SUDOKU_MAX_CELLS][3];
} sudoku_shape;

/* The shape of box size n (2..5), built on first use. */
const sudoku_shape *ar_sudoku_shape(unsigned box);

struct ar_instance {
    const sudoku_shape *sh;
    uint8_t start[SUDOKU_MAX_CELLS]; /* 0 empty, else 1..side */
    unsigned given;
    ar_csp_options csp;
    int csp_given;
};

/* Reads a grid: 16, 81, 256 or 625 cells, one character each ('.', '0' or
 * '_' empty; 1-9 then A.. for 10 and up), with any spaces and | - + of a
 * drawn grid ignored; or numbers separated by spaces or commas, 0 or '.'
 * empty. AR_ERR_INPUT with one line naming what is wrong. */
ar_status ar_sudoku_read(const char *text, uint8_t *cells, unsigned *box, ar_error *err);
/* Writes a grid on one line ('.' empty, 1-9 then A..), NUL-terminated;
 * buf holds at least cells + 1 bytes. */
void ar_sudoku_write(const sudoku_shape *sh, const uint8_t *cells, char *buf);

typedef struct sudoku_stats {
    uint64_t nodes, guesses;
    int stopped;          /* the run stopped the search: the count is a lower bound */
} sudoku_stats;

/* Solves cells in place by the bitmask solver: counts solutions up to
 * `limit` (0: all), leaving the first in cells. Returns the count found
 * (st->stopped says whether the run, which may be NULL, cut it short). */
uint64_t ar_sudoku_solve(const sudoku_shape *sh, uint8_t *cells, uint64_t limit, ar_run *run, sudoku_stats *st);

/* A puzzle with a unique solution: a random full grid, then clues taken
 * away in a random order while the solution stays unique, down to `clues`
 * (or until none can go). */
void ar_sudoku_generate_grid(const sudoku_shape *sh, ar_rng *rng, unsigned clues, uint8_t *cells);

/* Whether a full grid is a valid solution of start (every clue kept). */
int ar_sudoku_valid(const sudoku_shape *sh, const uint8_t *start, const uint8_t *cells);

/* The constraint model: one variable per cell, rows, columns and boxes all
 * different, clues fixed. */
ar_status ar_sudoku_model(const ar_instance *in, ar_csp **out, ar_error *err);

int ar_sudoku_count_tool(int argc, char **argv);
int ar_sudoku_bench(int quick);

#endif
