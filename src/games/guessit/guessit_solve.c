/* guessit_solve.c — Isaacs' Guess It solved exactly as a recursive
 * zero-sum game.
 *
 * The state is (m, n): the player to move holds m cards his opponent does
 * not know, the opponent n cards the mover does not know, and one card is
 * hidden, so the mover sees n + 1 candidates for it. V(m, n) is the mover's
 * chance of winning. V(m, 0) = 1 (he knows the card and names it);
 * V(0, n) = 1/(n + 1) (his opponent knows the card and would name it next
 * turn, so he must guess now). Otherwise the mover guesses (G), asks for a
 * card he does not hold (A) or bluffs, asking for one of his own (B); told
 * "no", the opponent either calls (C: names that card as the hidden one) or
 * does not (N: he then takes the card to be the asker's):
 *
 *          C                                   N
 *   G   1/(n+1)                              1/(n+1)
 *   A   n/(n+1) (1 - V(n-1, m))              n/(n+1) (1 - V(n-1, m)) + 1/(n+1)
 *   B   1                                    1 - V(n, m-1)
 *
 * An honest ask finds the opponent's card with probability n/(n+1), and the
 * opponent moves at (n-1, m); otherwise it hit the hidden card: a call wins
 * for the opponent, no call lets the asker name it next turn. A bluff that
 * is called is a wrong guess by the opponent; not called, the opponent knows
 * one more of the bluffer's cards and moves at (n, m-1). Each state is a
 * 3 x 2 matrix game over values already known, solved by the simplex method
 * (matrixgame.h); the solution is a subgame-perfect equilibrium, which
 * ar_guessit_equilibrium_gap checks by best responses over the whole game. */
#include "guessit_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/matrixgame.h"
#include "ariadne/memory.h"

/* The payoff matrix of (m, n), m, n >= 1, from the values of the states
 * that follow, seen from the player who moves there: after_ask is the
 * opponent's value at (n-1, m), after_bluff at (n, m-1). */
static void state_matrix(int n, double after_ask, double after_bluff, double mat[6])
{
    double found = (double)n / (n + 1), hidden = 1.0 / (n + 1);
    mat[0] = hidden;
    mat[1] = hidden;
    mat[2] = found * (1 - after_ask);
    mat[3] = found * (1 - after_ask) + hidden;
    mat[4] = 1;
    mat[5] = 1 - after_bluff;
}

ar_status ar_guessit_solve(int max, guessit_solution *out, ar_error *err)
{
    int m, n, total;
    if (max < 1 || max > GUESSIT_SOLVE_MAX)
        return ar_error_set(err, AR_ERR_INPUT, "Guess It is solved for hands of 1..%d cards (got %d)",
                            GUESSIT_SOLVE_MAX, max);
    memset(out, 0, sizeof *out);
    out->max = max;
    /* Deepest first: a state depends on states with fewer cards in all. */
    for (total = 0; total <= 2 * max; total++)
        for (m = 0; m <= max; m++) {
            guessit_state *s;
            double mat[6];
            ar_matrix_game_solution g;
            n = total - m;
            if (n < 0 || n > max)
                continue;
            s = &out->s[m][n];
            if (n == 0) {
                s->value = s->guess = 1;
                continue;
            }
            if (m == 0) {
                s->value = 1.0 / (n + 1);
                s->guess = 1;
                continue;
            }
            state_matrix(n, out->s[n - 1][m].value, out->s[n][m - 1].value, mat);
            if (ar_matrix_game_solve(mat, 3, 2, &g, err) != AR_OK)
                return err->status;
            s->value = g.value;
            s->guess = g.row[0];
            s->ask = g.row[1];
            s->bluff = g.row[2];
            s->call = g.col[0];
            s->gap = ar_matrix_game_gap(mat, 3, 2, g.row, g.col);
        }
    return AR_OK;
}

const char *ar_guessit_strategy_name(guessit_strategy s)
{
    static const char *const names[GUESSIT_STRATEGIES] = {"optimal", "never-bluff", "always-bluff"};
    return (unsigned)s < GUESSIT_STRATEGIES ? names[s] : "?";
}

void ar_guessit_policy(const guessit_solution *sol, guessit_strategy s, int m, int n, double *guess,
                       double *ask, double *bluff, double *call)
{
    *guess = *ask = *bluff = 0;
    *call = s == GUESSIT_ALWAYS_BLUFF ? 0 : 1;
    if (n == 0 || m == 0) { /* sure of the card, or the opponent is: name it now */
        *guess = 1;
        return;
    }
    switch (s) {
    case GUESSIT_OPTIMAL:
        *guess = sol->s[m][n].guess;
        *ask = sol->s[m][n].ask;
        *bluff = sol->s[m][n].bluff;
        *call = sol->s[m][n].call;
        break;
    case GUESSIT_NEVER_BLUFF:
        *ask = 1;
        *call = 1;
        break;
    default:
        *bluff = 1;
        *call = 0;
        break;
    }
}

/* The call probability of the player told "no" when the asker was at
 * (m, n). */
static double call_of(const guessit_solution *sol, guessit_strategy responder, int m, int n)
{
    double g, a, b, c;
    ar_guessit_policy(sol, responder, m, n, &g, &a, &b, &c);
    return c;
}

/* W[mover][responder][m][n]: the mover's chance of winning when each plays
 * its strategy from (m, n). */
typedef double win_table[GUESSIT_STRATEGIES][GUESSIT_STRATEGIES][GUESSIT_SOLVE_MAX + 1][GUESSIT_SOLVE_MAX + 1];

static void fill_wins(const guessit_solution *sol, win_table w)
{
    int total, m, n, s1, s2;
    for (total = 0; total <= 2 * sol->max; total++)
        for (m = 0; m <= sol->max; m++)
            for (s1 = 0; s1 < GUESSIT_STRATEGIES; s1++)
                for (s2 = 0; s2 < GUESSIT_STRATEGIES; s2++) {
                    double g, a, b, c, mat[6];
                    n = total - m;
                    if (n < 0 || n > sol->max)
                        continue;
                    ar_guessit_policy(sol, (guessit_strategy)s1, m, n, &g, &a, &b, &c);
                    if (n == 0 || m == 0) {
                        w[s1][s2][m][n] = n == 0 ? 1 : 1.0 / (n + 1);
                        continue;
                    }
                    c = call_of(sol, (guessit_strategy)s2, m, n);
                    state_matrix(n, w[s2][s1][n - 1][m], w[s2][s1][n][m - 1], mat);
                    w[s1][s2][m][n] = g * mat[0] + a * (c * mat[2] + (1 - c) * mat[3]) +
                                      b * (c * mat[4] + (1 - c) * mat[5]);
                }
}

double ar_guessit_match_value(const guessit_solution *sol, guessit_strategy first, guessit_strategy second,
                              int cards)
{
    double (*w)[GUESSIT_STRATEGIES][GUESSIT_SOLVE_MAX + 1][GUESSIT_SOLVE_MAX + 1], value;
    if (cards < 0 || cards > sol->max)
        return NAN;
    w = ar_xmalloc(sizeof(win_table));
    fill_wins(sol, w);
    value = w[first][second][cards][cards];
    free(w);
    return value;
}

double ar_guessit_equilibrium_gap(const guessit_solution *sol)
{
    /* D: a deviator to move against the optimal player; O: the optimal
     * player to move against the deviator. Each deviates by pure choices at
     * every state, knowing the other's mixtures. */
    double D[GUESSIT_SOLVE_MAX + 1][GUESSIT_SOLVE_MAX + 1], O[GUESSIT_SOLVE_MAX + 1][GUESSIT_SOLVE_MAX + 1];
    double worst = 0;
    int total, m, n, i, j;
    for (total = 0; total <= 2 * sol->max; total++)
        for (m = 0; m <= sol->max; m++) {
            const guessit_state *s;
            double md[6], mo[6], best = -1, least = 2, x[3], y[2], again;
            n = total - m;
            if (n < 0 || n > sol->max)
                continue;
            s = &sol->s[m][n];
            if (n == 0 || m == 0) {
                D[m][n] = O[m][n] = s->value;
                continue;
            }
            state_matrix(n, O[n - 1][m], O[n][m - 1], md);
            state_matrix(n, D[n - 1][m], D[n][m - 1], mo);
            x[0] = s->guess;
            x[1] = s->ask;
            x[2] = s->bluff;
            y[0] = s->call;
            y[1] = 1 - s->call;
            for (i = 0; i < 3; i++) { /* the deviator's best row */
                double r = md[2 * i] * y[0] + md[2 * i + 1] * y[1];
                best = r > best ? r : best;
            }
            for (j = 0; j < 2; j++) { /* the deviator's best response as the one told "no" */
                double r = mo[j] * x[0] + mo[2 + j] * x[1] + mo[4 + j] * x[2];
                least = r < least ? r : least;
            }
            D[m][n] = best;
            O[m][n] = least;
            /* The value played out by both mixtures. */
            again = 0;
            for (i = 0; i < 3; i++)
                for (j = 0; j < 2; j++) {
                    double mat[6];
                    state_matrix(n, sol->s[n - 1][m].value, sol->s[n][m - 1].value, mat);
                    again += x[i] * y[j] * mat[2 * i + j];
                }
            worst = fmax(worst, fabs(again - s->value));
            worst = fmax(worst, best - s->value);
            worst = fmax(worst, s->value - least);
        }
    return worst;
}

double ar_guessit_best_response(const guessit_solution *sol, guessit_strategy fixed, int cards, int fixed_first)
{
    /* D: the best responder to move; O: the fixed strategy to move. */
    double D[GUESSIT_SOLVE_MAX + 1][GUESSIT_SOLVE_MAX + 1], O[GUESSIT_SOLVE_MAX + 1][GUESSIT_SOLVE_MAX + 1];
    int total, m, n;
    if (cards < 1 || cards > sol->max)
        return NAN;
    for (total = 0; total <= 2 * sol->max; total++)
        for (m = 0; m <= sol->max; m++) {
            double g, a, b, c, mat[6], call, no_call, best;
            n = total - m;
            if (n < 0 || n > sol->max)
                continue;
            if (n == 0 || m == 0) {
                D[m][n] = O[m][n] = n == 0 ? 1 : 1.0 / (n + 1);
                continue;
            }
            /* the responder to the best responder's ask is the fixed strategy */
            c = call_of(sol, fixed, m, n);
            state_matrix(n, O[n - 1][m], O[n][m - 1], mat);
            best = mat[0];
            best = fmax(best, c * mat[2] + (1 - c) * mat[3]);
            best = fmax(best, c * mat[4] + (1 - c) * mat[5]);
            D[m][n] = best;
            /* the fixed strategy moves; the best responder calls or not */
            ar_guessit_policy(sol, fixed, m, n, &g, &a, &b, &c);
            state_matrix(n, D[n - 1][m], D[n][m - 1], mat);
            call = g * mat[0] + a * mat[2] + b * mat[4];
            no_call = g * mat[1] + a * mat[3] + b * mat[5];
            O[m][n] = fmin(call, no_call);
        }
    return fixed_first ? O[cards][cards] : 1 - D[cards][cards];
}
