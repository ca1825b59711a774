/* sarov_generate.c — random Sarov layouts for `ariadne generate sarov`: a
 * seeded uniform shuffle dealt into columns the way bashni.org does, repeated
 * until the solver's weighted pass (ar_sarov_solvable in sarov_solve.c)
 * proves it solvable, and written in the layout format sarov.c reads. */
#include "sarov_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/rng.h"

/* Random layouts: a uniform shuffle of the 7C bricks dealt into C+2 columns
 * as evenly as possible, taller columns first (6 colours: 6 6 5 5 5 5 5 5;
 * 10 colours: ten 6s and two 5s, as on the site). About half of all shuffles
 * have no solution (no column can ever be emptied), so unless --any is given
 * the shuffle is repeated, from the same random stream, until the solver's
 * greedy pass proves the layout solvable. */
ar_status ar_sarov_generate(const ar_param *params, size_t param_count, uint64_t seed,
                            char **text, ar_error *err)
{
    long colours;
    int c, ncols, nb, i, k, q, r, attempt, any = 0;
    unsigned char bricks[SV_MAX_BRICKS];
    ar_instance *in;
    ar_rng rng;
    size_t size, used = 0, pi;
    char *out;
    ar_status st = ar_param_int(params, param_count, "colours", SV_MIN_COLOURS, SV_MAX_COLOURS, 10,
                                &colours, err);
    *text = NULL;
    if (st != AR_OK)
        return st;
    for (pi = 0; pi < param_count; pi++)
        if (strcmp(params[pi].name, "any") == 0)
            any = 1;
    c = (int)colours;
    ncols = c + 2;
    nb = c * SV_NUMS;
    q = nb / ncols;
    r = nb % ncols;
    in = calloc(1, sizeof *in);
    if (!in)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a layout");
    in->colours = c;
    in->ncols = ncols;
    in->nbricks = nb;
    ar_rng_seed(&rng, seed);
    for (attempt = 1;; attempt++) {
        for (i = 0; i < nb; i++)
            bricks[i] = (unsigned char)i;
        for (i = nb - 1; i > 0; i--) { /* Fisher-Yates: every order equally likely */
            int j = (int)ar_rng_below(&rng, (uint64_t)i + 1);
            unsigned char tmp = bricks[i];
            bricks[i] = bricks[j];
            bricks[j] = tmp;
        }
        for (i = 0; i < ncols; i++)
            in->start[i] = (unsigned char)(q + (i < r));
        memcpy(in->start + ncols, bricks, (size_t)nb);
        if (any || ar_sarov_solvable(in) == 1)
            break;
        if (attempt >= 1000) {
            free(in);
            return ar_error_set(err, AR_ERR_INTERNAL,
                                "no solvable layout found in 1000 shuffles (seed %llu)",
                                (unsigned long long)seed);
        }
    }
    free(in);
    size = 512 + (size_t)nb * 3 + (size_t)ncols * 2;
    out = malloc(size);
    if (!out)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a layout");
    used += (size_t)snprintf(out + used, size - used,
                             "# Sarov towers: random layout, %d colours, %d columns, seed %llu "
                             "(shuffle %d, %s).\n"
                             "# One column per line, bricks listed from BOTTOM to TOP; a brick is "
                             "a colour letter and a number 0..6.\n",
                             c, ncols, (unsigned long long)seed, attempt,
                             any ? "not checked for a solution" : "proven solvable");
    k = 0;
    for (i = 0; i < ncols; i++) {
        int h = q + (i < r), j;
        for (j = 0; j < h; j++, k++)
            used += (size_t)snprintf(out + used, size - used, "%s%c%d", j ? " " : "",
                                     'a' + sv_colour(bricks[k]), sv_num(bricks[k]));
        used += (size_t)snprintf(out + used, size - used, "%s\n", h ? "" : "-");
    }
    *text = out;
    return AR_OK;
}

