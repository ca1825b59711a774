/* maze_internal.h — what the files of the maze domain share: the board, the
 * pieces' moves and the wave (Lee's algorithm). maze.c holds the rules, the
 * notation and the descriptor; maze_lee.c the wave, its solver, the
 * `maze-waves` verb and the benchmark suite. */
#ifndef ARIADNE_MAZE_INTERNAL_H
#define ARIADNE_MAZE_INTERNAL_H

#include <stdint.h>
#include "ariadne/puzzle.h"
#include "ariadne/search.h"

#define MAZE_MAX_SIDE 2048

enum { MAZE_KING, MAZE_ROOK, MAZE_KNIGHT, MAZE_WALKER };

struct ar_instance {
    unsigned rows, cols, piece;
    unsigned start, goal;    /* cell indices r * cols + c */
    unsigned min_weight;     /* the cheapest free cell, for the heuristic */
    unsigned char *weight;   /* per cell: 0 wall, 1..9 the cost of entering it */
};

/* A move code: the destination cell (bits 0-23) and its weight (bits 24-27),
 * so move_cost needs no state. */
#define MAZE_MOVE(cell, w) ((ar_move)(cell) | (ar_move)(w) << 24)
#define MAZE_CELL(m) ((m) & 0xFFFFFFu)
#define MAZE_WEIGHT(m) ((m) >> 24 & 15u)

/* The legal moves of the piece on `cell`, as move codes; returns the count
 * (at most ar_maze_max_moves). */
unsigned ar_maze_moves_from(const ar_instance *in, unsigned cell, ar_move *moves);
unsigned ar_maze_max_moves(const ar_instance *in);
const char *ar_maze_piece_name(unsigned piece);

/* Lee's wave from the start: wave[cell] = fewest moves from the start, or -1
 * when unreachable (walls too). Stops early when the goal is labelled if
 * stop_at_goal. Returns the number of cells labelled; wave is malloc'd
 * (NULL when out of memory). */
int32_t *ar_maze_wave(const ar_instance *in, int stop_at_goal, uint64_t *labelled);

ar_status ar_maze_create(const char *text, const ar_param *params, size_t count, ar_instance **out,
                         ar_error *err);
void ar_maze_destroy(ar_instance *in);

extern const ar_puzzle ar_domain_maze;

ar_status ar_maze_lee_solve(ar_instance *in, const ar_search_options *opts, const ar_move_sink *sink,
                            ar_result *result, ar_error *err);
int ar_maze_waves_tool(int argc, char **argv);
int ar_maze_bench(int quick);

#endif
