/* cryptarithm_model.c — the words of a cryptarithm (their values, the
 * arithmetic, the text) and its constraint model.
 *
 * A sum is written column by column from the right: the letters of column
 * j, plus the carry into it, equal the result's letter plus ten times the
 * carry out (a carry out of a column with k terms is at most k - 1; none
 * goes into the first column or out of the last). Each column is a small
 * linear constraint, and bounds reasoning on one column prunes far more than
 * on the single equation over whole words, whose coefficients run to 10^n.
 *
 * A product is one user constraint over all the letters: as soon as the
 * letters of the last k columns of every word are fixed, the last k digits
 * of the product are known (they depend on nothing else) and must match the
 * result's; and the product of the words' smallest and largest possible
 * values must reach the result's range. The engine's forward checking does
 * the rest once one letter is left. */
#include "cryptarithm_internal.h"

#include <stdio.h>
#include <string.h>

/* --------------------------------------------------------------- words -- */

static void write_word(const ar_instance *in, const crypt_word *w, char *buf)
{
    unsigned i;
    for (i = 0; i < w->len; i++)
        buf[i] = in->letters[w->letter[i]];
    buf[w->len] = '\0';
}

void ar_crypt_text(const ar_instance *in, char *buf, size_t size)
{
    char word[CRYPT_MAX_DIGITS + 1];
    size_t used = 0;
    unsigned t;
    buf[0] = '\0';
    for (t = 0; t < in->nterms && used < size; t++) {
        write_word(in, &in->terms[t], word);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", t ? (in->product ? "*" : "+") : "", word);
    }
    write_word(in, &in->result, word);
    if (used < size)
        snprintf(buf + used, size - used, "=%s", word);
}

/* Whether letter l leads a word of two or more letters (so it cannot be 0). */
int ar_crypt_leads(const ar_instance *in, unsigned l)
{
    unsigned t;
    if (in->leading_zeros)
        return 0;
    for (t = 0; t < in->nterms; t++)
        if (in->terms[t].len > 1 && in->terms[t].letter[0] == l)
            return 1;
    return in->result.len > 1 && in->result.letter[0] == l;
}

/* The value of a word under digits (uint64; saturates at UINT64_MAX). */
static uint64_t word_value(const crypt_word *w, const uint8_t *digit)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < w->len; i++) {
        if (v > (UINT64_MAX - 9) / 10)
            return UINT64_MAX;
        v = v * 10 + digit[w->letter[i]];
    }
    return v;
}

int ar_crypt_holds(const ar_instance *in, const uint8_t *digit)
{
    uint64_t acc = in->product ? 1 : 0, r = word_value(&in->result, digit);
    unsigned t;
    for (t = 0; t < in->nterms; t++) {
        uint64_t v = word_value(&in->terms[t], digit);
        if (in->product ? __builtin_mul_overflow(acc, v, &acc) : __builtin_add_overflow(acc, v, &acc))
            return 0;
    }
    return acc == r;
}

/* ---------------------------------------------------------------- model -- */


/* (a * b) mod m, for a, b < m <= 10^18, without overflow. */
static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t r = 0;
    a %= m;
    while (b) {
        if (b & 1)
            r = (r + a) % m;
        a = (a * 2) % m;
        b >>= 1;
    }
    return r;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

/* The smallest and largest values of a word under the current domains. */
static void word_bounds(const crypt_word *w, const ar_csp_space *s, uint64_t *lo, uint64_t *hi)
{
    unsigned i;
    *lo = *hi = 0;
    for (i = 0; i < w->len; i++) {
        *lo = *lo * 10 + (uint64_t)ar_csp_space_min(s, w->letter[i]);
        *hi = *hi * 10 + (uint64_t)ar_csp_space_max(s, w->letter[i]);
    }
}

/* Whether the last k letters of w are fixed; its value mod 10^k in *v. */
static int tail_fixed(const crypt_word *w, const ar_csp_space *s, unsigned k, uint64_t *v)
{
    unsigned i, from = w->len > k ? w->len - k : 0;
    *v = 0;
    for (i = from; i < w->len; i++) {
        if (ar_csp_space_size(s, w->letter[i]) != 1)
            return 0;
        *v = *v * 10 + (uint64_t)ar_csp_space_min(s, w->letter[i]);
    }
    return 1;
}

static int product_check(void *ctx, const int32_t *values)
{
    const crypt_product *cp = ctx;
    uint8_t digit[10];
    unsigned l;
    for (l = 0; l < cp->in->nletters; l++)
        digit[l] = (uint8_t)values[l];
    return ar_crypt_holds(cp->in, digit);
}

static int product_propagate(void *ctx, ar_csp_space *s, const int *vars, size_t n)
{
    const ar_instance *in = ((const crypt_product *)ctx)->in;
    uint64_t plo = 1, phi = 1, rlo, rhi, mod = 1;
    unsigned t, k, longest = in->result.len;
    (void)vars, (void)n;
    for (t = 0; t < in->nterms; t++) {
        uint64_t lo, hi;
        word_bounds(&in->terms[t], s, &lo, &hi);
        plo = sat_mul(plo, lo), phi = sat_mul(phi, hi);
        if (in->terms[t].len > longest)
            longest = in->terms[t].len;
    }
    word_bounds(&in->result, s, &rlo, &rhi);
    if (phi < rlo || plo > rhi) /* saturation only ever overstates, so both tests stay sound */
        return -1;
    for (k = 1; k <= longest && k <= CRYPT_MAX_PRODUCT_DIGITS; k++) {
        uint64_t acc = 1, v;
        mod *= 10;
        for (t = 0; t < in->nterms; t++) {
            if (!tail_fixed(&in->terms[t], s, k, &v))
                return 0;
            acc = mulmod(acc, v % mod, mod);
        }
        if (!tail_fixed(&in->result, s, k, &v))
            return 0;
        if (acc != v % mod)
            return -1;
    }
    return 0;
}

ar_status ar_crypt_model(const ar_instance *in, ar_csp **out, crypt_product *product, ar_error *err)
{
    ar_csp *m;
    int vars[CRYPT_MAX_VARS];
    unsigned l, j, t, columns = in->result.len;
    ar_status st;
    if ((st = ar_csp_create(&m, err)) != AR_OK)
        return st;
    for (l = 0; l < in->nletters && st == AR_OK; l++) {
        char name[2] = {in->letters[l], '\0'};
        int32_t lo = ar_crypt_leads(in, l) ? 1 : 0, hi = 9;
        if (in->start[l])
            lo = hi = in->start[l] - 1;
        st = ar_csp_new_var(m, lo, hi, name, &vars[l], err);
    }
    if (st == AR_OK)
        st = ar_csp_alldiff(m, vars, NULL, in->nletters, err);
    if (st == AR_OK && in->product) {
        static const ar_csp_user user = {.name = "product", .check = product_check, .propagate = product_propagate};
        product->in = in;
        st = ar_csp_user_constraint(m, vars, in->nletters, &user, product, err);
    } else if (st == AR_OK) {
        /* carries: carry[j] goes into column j (from the right); carry[0] = carry[columns] = 0 */
        int carry[CRYPT_MAX_DIGITS + 2];
        for (t = 0; t < in->nterms; t++)
            if (in->terms[t].len > columns)
                columns = in->terms[t].len;
        for (j = 1; j < columns && st == AR_OK; j++) {
            unsigned terms_here = 0;
            char name[16];
            for (t = 0; t < in->nterms; t++)
                terms_here += in->terms[t].len >= j;
            snprintf(name, sizeof name, "carry%u", j);
            /* out of a column of k terms (and a carry of at most k - 1) comes at most k - 1 */
            st = ar_csp_new_var(m, 0, (int32_t)(terms_here ? terms_here - 1 : 0), name, &carry[j], err);
        }
        for (j = 0; j < columns && st == AR_OK; j++) {
            int cv[CRYPT_MAX_TERMS + 3];
            int64_t co[CRYPT_MAX_TERMS + 3];
            size_t n = 0;
            int64_t rhs = 0;
            for (t = 0; t < in->nterms; t++)
                if (in->terms[t].len > j)
                    cv[n] = in->terms[t].letter[in->terms[t].len - 1 - j], co[n++] = 1;
            if (j > 0)
                cv[n] = carry[j], co[n++] = 1;
            if (in->result.len > j)
                cv[n] = in->result.letter[in->result.len - 1 - j], co[n++] = -1;
            if (j + 1 < columns)
                cv[n] = carry[j + 1], co[n++] = -10;
            st = ar_csp_linear(m, co, cv, n, AR_CSP_EQ, rhs, err);
        }
    }
    if (st != AR_OK) {
        ar_csp_destroy(m);
        return st;
    }
    *out = m;
    return AR_OK;
}
