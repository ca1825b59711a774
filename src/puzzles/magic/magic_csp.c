/* magic_csp.c — magic squares as a constraint model, a cross-check of the
 * constraint engine against the specialised counters: n² variables 1..n²,
 * all different, every row, column and both diagonals a linear equation
 * summing to n(n²+1)/2; given cells fixed. For counting, four inequalities
 * keep one square of each class of the 8 rotations and reflections (the
 * top-left corner the smallest corner, the top-right below the
 * bottom-left), so order 4 gives Frénicle's 880. Used by `--algo csp` and
 * by `ariadne count magic --method csp`. */
#include "magic_internal.h"

#include <stdio.h>

ar_status ar_magic_model(unsigned n, const unsigned char *start, int canonical, ar_csp **out, ar_error *err)
{
    ar_csp *m;
    unsigned cells = n * n, sum = n * (cells + 1) / 2, i, j;
    int vars[MAGIC_MAX_ORDER * MAGIC_MAX_ORDER], line[MAGIC_MAX_ORDER];
    int64_t ones[MAGIC_MAX_ORDER];
    ar_status st;
    if ((st = ar_csp_create(&m, err)) != AR_OK)
        return st;
    for (i = 0; i < cells && st == AR_OK; i++) {
        char name[32];
        snprintf(name, sizeof name, "r%uc%u", i / n + 1, i % n + 1);
        st = start && start[i] ? ar_csp_new_var(m, start[i], start[i], name, &vars[i], err)
                               : ar_csp_new_var(m, 1, (int32_t)cells, name, &vars[i], err);
    }
    for (i = 0; i < n; i++)
        ones[i] = 1;
    if (st == AR_OK)
        st = ar_csp_alldiff(m, vars, NULL, cells, err);
    for (i = 0; i < n && st == AR_OK; i++) { /* row i, then column i */
        for (j = 0; j < n; j++)
            line[j] = vars[i * n + j];
        st = ar_csp_linear(m, ones, line, n, AR_CSP_EQ, sum, err);
        for (j = 0; j < n && st == AR_OK; j++)
            line[j] = vars[j * n + i];
        if (st == AR_OK)
            st = ar_csp_linear(m, ones, line, n, AR_CSP_EQ, sum, err);
    }
    for (j = 0; j < n && st == AR_OK; j++)
        line[j] = vars[j * n + j];
    if (st == AR_OK)
        st = ar_csp_linear(m, ones, line, n, AR_CSP_EQ, sum, err);
    for (j = 0; j < n && st == AR_OK; j++)
        line[j] = vars[j * n + n - 1 - j];
    if (st == AR_OK)
        st = ar_csp_linear(m, ones, line, n, AR_CSP_EQ, sum, err);
    if (st == AR_OK && canonical) { /* a11 < a1n, a11 < an1, a11 < ann, a1n < an1 */
        static const int64_t less[2] = {1, -1};
        const unsigned pairs[4][2] = {{0, n - 1}, {0, (n - 1) * n}, {0, cells - 1}, {n - 1, (n - 1) * n}};
        for (i = 0; i < 4 && st == AR_OK; i++) {
            int two[2];
            two[0] = vars[pairs[i][0]], two[1] = vars[pairs[i][1]];
            st = ar_csp_linear(m, less, two, 2, AR_CSP_LE, -1, err);
        }
    }
    if (st != AR_OK) {
        ar_csp_destroy(m);
        return st;
    }
    *out = m;
    return AR_OK;
}
