/* ariadne/matrixgame.h — two-player zero-sum matrix games solved exactly:
 * optimal mixed strategies for both players and the value.
 *
 * The row player chooses a row, the column player a column, at once; the
 * row player receives m[r * cols + c]. The solver is the simplex method on
 * the column player's linear programme (Bland's rule, so it never cycles),
 * which yields both players' optimal mixtures from one final tableau; it is
 * exact up to floating-point rounding and meant for small games (the
 * stages of a recursive game, a few rows and columns each). A recursive
 * game — a position whose payoffs are the values of the positions it leads
 * to — is solved by calling this at every position, deepest first. */
#ifndef ARIADNE_MATRIXGAME_H
#define ARIADNE_MATRIXGAME_H

#include "ariadne/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest number of rows and of columns. */
#define AR_MATRIX_GAME_MAX 16

typedef struct ar_matrix_game_solution {
    double value;                        /* what the row player can guarantee */
    double row[AR_MATRIX_GAME_MAX];      /* the row player's optimal mixture */
    double col[AR_MATRIX_GAME_MAX];      /* the column player's optimal mixture */
} ar_matrix_game_solution;

/* Solves the game of `rows` x `cols` payoffs (row-major, to the row player).
 * AR_ERR_INPUT for an empty or too large matrix or a payoff that is not a
 * finite number. */
ar_status ar_matrix_game_solve(const double *m, int rows, int cols, ar_matrix_game_solution *out,
                               ar_error *err);

/* How far a pair of mixtures is from an equilibrium: the most either player
 * would gain by a pure deviation (the best row against `col` less the worst
 * column against `row`). 0 for an exact solution; never negative. */
double ar_matrix_game_gap(const double *m, int rows, int cols, const double *row, const double *col);

#ifdef __cplusplus
}
#endif
#endif
