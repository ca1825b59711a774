/* matrixgame.c — zero-sum matrix games by the simplex method (matrixgame.h).
 *
 * With every payoff made positive by a shift s, the column player's problem
 * is the linear programme: maximise sum w subject to A w <= 1, w >= 0; then
 * the value is 1 / sum w - s, the column mixture is w / sum w, and the row
 * mixture is the dual solution, read from the slack columns of the final
 * tableau's objective row. The origin is feasible (the right-hand sides are
 * 1), so no first phase is needed; Bland's rule (the lowest eligible index
 * enters and leaves) rules out cycling on the degenerate games that
 * recursive games produce (a constant row such as "guess now"). */
#include "ariadne/matrixgame.h"

#include <math.h>
#include <string.h>

#define MAXR AR_MATRIX_GAME_MAX
#define MAXC AR_MATRIX_GAME_MAX
#define EPS 1e-12

ar_status ar_matrix_game_solve(const double *m, int rows, int cols, ar_matrix_game_solution *out,
                               ar_error *err)
{
    /* The tableau: rows 0..rows-1 are constraints, row `rows` the objective;
     * columns 0..cols-1 the w's, cols..cols+rows-1 the slacks, then the
     * right-hand side. */
    double t[MAXR + 1][MAXC + MAXR + 1];
    int basis[MAXR], width, i, j, r, c, iter;
    double lo, shift, total;
    if (rows < 1 || cols < 1 || rows > MAXR || cols > MAXC)
        return ar_error_set(err, AR_ERR_INPUT, "a matrix game of %d x %d (1..%d each)", rows, cols,
                            AR_MATRIX_GAME_MAX);
    lo = m[0];
    for (i = 0; i < rows * cols; i++) {
        if (!isfinite(m[i]))
            return ar_error_set(err, AR_ERR_INPUT, "payoff %d of the matrix game is not a number", i + 1);
        if (m[i] < lo)
            lo = m[i];
    }
    shift = 1.0 - lo; /* every shifted payoff is at least 1 */
    width = cols + rows + 1;
    memset(t, 0, sizeof t);
    for (i = 0; i < rows; i++) {
        for (j = 0; j < cols; j++)
            t[i][j] = m[i * cols + j] + shift;
        t[i][cols + i] = 1;
        t[i][width - 1] = 1;
        basis[i] = cols + i;
    }
    for (j = 0; j < cols; j++)
        t[rows][j] = -1; /* maximise sum w: reduced costs -1 */
    for (iter = 0; iter < 10000; iter++) {
        double best_ratio = 0;
        /* Entering column: the lowest index with a negative reduced cost. */
        for (c = 0; c < width - 1 && t[rows][c] >= -EPS; c++)
            ;
        if (c == width - 1)
            break; /* optimal */
        /* Leaving row: the smallest ratio, ties to the lowest basic index. */
        r = -1;
        for (i = 0; i < rows; i++)
            if (t[i][c] > EPS) {
                double ratio = t[i][width - 1] / t[i][c];
                if (r < 0 || ratio < best_ratio - EPS || (fabs(ratio - best_ratio) <= EPS && basis[i] < basis[r])) {
                    r = i;
                    best_ratio = ratio;
                }
            }
        if (r < 0)
            return ar_error_set(err, AR_ERR_INTERNAL, "matrix game: the programme is unbounded");
        {
            double piv = t[r][c];
            for (j = 0; j < width; j++)
                t[r][j] /= piv;
            for (i = 0; i <= rows; i++)
                if (i != r && t[i][c] != 0) {
                    double f = t[i][c];
                    for (j = 0; j < width; j++)
                        t[i][j] -= f * t[r][j];
                }
            basis[r] = c;
        }
    }
    memset(out, 0, sizeof *out);
    total = t[rows][width - 1]; /* sum w at the optimum */
    if (!(total > 0))
        return ar_error_set(err, AR_ERR_INTERNAL, "matrix game: no optimum found");
    for (i = 0; i < rows; i++)
        if (basis[i] < cols)
            out->col[basis[i]] = t[i][width - 1] / total;
    for (i = 0; i < rows; i++)
        out->row[i] = t[rows][cols + i] / total; /* the duals of the constraints */
    out->value = 1.0 / total - shift;
    /* Clean the rounding: no negative weights, each mixture sums to 1. */
    {
        double sr = 0, sc = 0;
        for (i = 0; i < rows; i++)
            sr += out->row[i] = out->row[i] < 0 ? 0 : out->row[i];
        for (j = 0; j < cols; j++)
            sc += out->col[j] = out->col[j] < 0 ? 0 : out->col[j];
        for (i = 0; i < rows; i++)
            out->row[i] /= sr;
        for (j = 0; j < cols; j++)
            out->col[j] /= sc;
    }
    return AR_OK;
}

double ar_matrix_game_gap(const double *m, int rows, int cols, const double *row, const double *col)
{
    double best_row = -INFINITY, worst_col = INFINITY;
    int i, j;
    for (i = 0; i < rows; i++) {
        double x = 0;
        for (j = 0; j < cols; j++)
            x += m[i * cols + j] * col[j];
        if (x > best_row)
            best_row = x;
    }
    for (j = 0; j < cols; j++) {
        double x = 0;
        for (i = 0; i < rows; i++)
            x += m[i * cols + j] * row[i];
        if (x < worst_col)
            worst_col = x;
    }
    return best_row - worst_col > 0 ? best_row - worst_col : 0;
}
