/* colouring_solve.c — the chromatic number and its proof.
 *
 * DSATUR (Brélaz 1979) colours the vertex whose neighbours already show
 * the most colours, with the smallest colour they leave: a good first
 * colouring of k colours. A clique found greedily gives a lower bound. In
 * between, the constraint engine decides k - 1, k - 2, ... colours on the
 * model (a variable per vertex, a disequality per edge, the colours
 * interchangeable so that a colouring is tried once, not once per
 * permutation of its colours), until one has no colouring: the search for
 * it is exhausted, which proves the last colouring found uses the fewest
 * colours possible. A run stopped on the way keeps the best colouring and
 * the bounds. */
#include "colouring_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ar_colouring_proper(const ar_instance *in, const uint8_t *colours)
{
    uint32_t v, e;
    for (v = 0; v < in->n; v++) {
        if (!colours[v])
            return 0;
        for (e = in->adj_start[v]; e < in->adj_start[v + 1]; e++)
            if (colours[in->adj[e]] == colours[v])
                return 0;
    }
    return 1;
}

unsigned ar_colouring_dsatur(const ar_instance *in, uint8_t *colours)
{
    uint32_t n = in->n, v, e, step;
    unsigned k = 0;
    uint64_t *seen = calloc((size_t)n * 4 + 1, sizeof *seen); /* per vertex: the colours its neighbours show (256 bits) */
    unsigned *sat = calloc(n + 1, sizeof *sat);
    if (!seen || !sat) {
        free(seen), free(sat);
        return 0;
    }
    for (v = 0; v < n; v++)
        colours[v] = in->start ? in->start[v] : 0;
    for (v = 0; v < n; v++)
        if (colours[v]) {
            if (colours[v] > k)
                k = colours[v];
            for (e = in->adj_start[v]; e < in->adj_start[v + 1]; e++) {
                uint32_t w = in->adj[e];
                uint64_t *s = seen + (size_t)w * 4;
                if (!(s[colours[v] >> 6] >> (colours[v] & 63) & 1u))
                    s[colours[v] >> 6] |= (uint64_t)1 << (colours[v] & 63), sat[w]++;
            }
        }
    for (step = 0; step < n; step++) {
        uint32_t best = n;
        unsigned c;
        for (v = 0; v < n; v++) /* the most colours around it, then the most neighbours */
            if (!colours[v] &&
                (best == n || sat[v] > sat[best] ||
                 (sat[v] == sat[best] && in->adj_start[v + 1] - in->adj_start[v] >
                                              in->adj_start[best + 1] - in->adj_start[best])))
                best = v;
        if (best == n)
            break;
        for (c = 1; c <= COLOURING_MAX_COLOURS && (seen[(size_t)best * 4 + (c >> 6)] >> (c & 63) & 1u); c++)
            ;
        if (c > COLOURING_MAX_COLOURS) {
            k = 0; /* more than 255 colours: not representable */
            break;
        }
        colours[best] = (uint8_t)c;
        if (c > k)
            k = c;
        for (e = in->adj_start[best]; e < in->adj_start[best + 1]; e++) {
            uint32_t w = in->adj[e];
            uint64_t *s = seen + (size_t)w * 4;
            if (!(s[c >> 6] >> (c & 63) & 1u))
                s[c >> 6] |= (uint64_t)1 << (c & 63), sat[w]++;
        }
    }
    free(seen), free(sat);
    return k;
}

/* Whether w is adjacent to v (neighbour lists are sorted). */
static int adjacent(const ar_instance *in, uint32_t v, uint32_t w)
{
    uint32_t lo = in->adj_start[v], hi = in->adj_start[v + 1];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (in->adj[mid] == w)
            return 1;
        if (in->adj[mid] < w)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

unsigned ar_colouring_clique(const ar_instance *in)
{
    uint32_t v, e, *clique = malloc((in->n + 1) * sizeof *clique);
    unsigned best = in->n ? 1 : 0;
    if (!clique)
        return best;
    for (v = 0; v < in->n; v++) { /* from each vertex, add neighbours that fit, in order */
        unsigned size = 1, i;
        clique[0] = v;
        for (e = in->adj_start[v]; e < in->adj_start[v + 1]; e++) {
            uint32_t w = in->adj[e];
            for (i = 0; i < size && adjacent(in, clique[i], w); i++)
                ;
            if (i == size)
                clique[size++] = w;
        }
        if (size > best)
            best = size;
    }
    free(clique);
    return best;
}

ar_status ar_colouring_model(const ar_instance *in, unsigned k, int symmetric, ar_csp **out, ar_error *err)
{
    ar_csp *m;
    uint32_t v, e;
    int *all = malloc((in->n + 1) * sizeof *all);
    ar_status st;
    if (!all)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    if ((st = ar_csp_create(&m, err)) != AR_OK) {
        free(all);
        return st;
    }
    for (v = 0; v < in->n && st == AR_OK; v++)
        st = ar_csp_new_var(m, 0, (int32_t)k - 1, in->names ? in->names[v] : NULL, &all[v], err);
    for (v = 0; v < in->n && st == AR_OK; v++)
        for (e = in->adj_start[v]; e < in->adj_start[v + 1] && st == AR_OK; e++)
            if (in->adj[e] > v) {
                static const int64_t co[2] = {1, -1};
                int pair[2];
                pair[0] = (int)v, pair[1] = (int)in->adj[e];
                st = ar_csp_linear(m, co, pair, 2, AR_CSP_NE, 0, err);
            }
    if (st == AR_OK && in->start) {
        /* given colours break the symmetry themselves: fix them, no group */
        for (v = 0; v < in->n && st == AR_OK; v++)
            if (in->start[v]) {
                int32_t c;
                if (in->start[v] > k)
                    st = ar_error_set(err, AR_ERR_UNSOLVABLE, "vertex %u is given colour %u of %u", v + 1, in->start[v], k);
                for (c = 0; c < (int32_t)k && st == AR_OK; c++)
                    if (c != in->start[v] - 1)
                        st = ar_csp_exclude(m, (int)v, c, err);
            }
    } else if (st == AR_OK && symmetric) {
        st = ar_csp_interchangeable(m, all, in->n, err);
    }
    free(all);
    if (st != AR_OK) {
        ar_csp_destroy(m);
        return st;
    }
    *out = m;
    return AR_OK;
}

ar_status ar_colouring_search(const ar_instance *in, const ar_csp_options *o, ar_run *run, uint8_t *colours,
                              colouring_result *r, ar_error *err)
{
    int32_t *values = malloc((in->n + 1) * sizeof *values);
    uint8_t *greedy = malloc(in->n + 1);
    unsigned k, v;
    ar_status st = AR_OK;
    memset(r, 0, sizeof *r);
    if (!values || !greedy) {
        free(values), free(greedy);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    }
    r->lower = ar_colouring_clique(in); /* given colours (with_start) only raise the true number */
    if (in->colours && in->colours < r->lower) {
        r->exhausted = 1; /* a clique of more vertices than colours */
        free(values), free(greedy);
        return AR_OK;
    }
    k = ar_colouring_dsatur(in, greedy);
    if (k && (!in->colours || k <= in->colours) && ar_colouring_proper(in, greedy)) {
        memcpy(colours, greedy, in->n);
        r->best = k;
    }
    /* try one colour fewer than the best, until a search is exhausted */
    for (k = r->best ? r->best - 1 : (in->colours ? in->colours : COLOURING_MAX_COLOURS);
         k >= 1 && k >= r->lower && !(in->colours && r->best); k--) {
        ar_csp *m;
        ar_csp_outcome out;
        ar_csp_stats s;
        if (in->colours && k > in->colours)
            k = in->colours;
        if ((st = ar_colouring_model(in, k, 1, &m, err)) != AR_OK) {
            if (st == AR_ERR_UNSOLVABLE) { /* a given colour above k */
                st = AR_OK;
                if (in->colours)
                    r->exhausted = 1;
                else
                    r->lower = k + 1;
                break;
            }
            break;
        }
        st = ar_csp_search(m, o, run, 1, NULL, NULL, values, &out, &s, err);
        ar_csp_destroy(m);
        r->decisions += s.decisions;
        if (st != AR_OK || out == AR_CSP_STOPPED)
            break;
        if (out == AR_CSP_NONE) {
            if (in->colours && !r->best)
                r->exhausted = 1;
            r->lower = k + 1;
            break;
        }
        for (v = 0; v < in->n; v++)
            colours[v] = (uint8_t)(values[v] + 1);
        r->best = k;
        if (in->colours)
            break;
    }
    if (r->best && r->best <= r->lower)
        r->proven = 1, r->lower = r->best;
    free(values), free(greedy);
    return st;
}
